"""Bots over the Game protocol. Nothing below this package imports Qt.

A bot is an `Agent`: `choose(game, view, legal, budget) -> action`. It gets the view of its own
seat (never the full state) and the legal actions, and may take at most `budget` seconds.
`make_agent(game, name, seed)` builds one by name: random, heuristic, easy, plus whatever the
game package registers (frostdesk/games/<id>/bots.py).
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from typing import Any, Protocol


class Agent(Protocol):
    name: str

    def choose(self, game: Any, view: Any, legal: Sequence[Any], seat: int) -> Any: ...


class RandomAgent:
    """Chooses uniformly among the legal actions."""

    name = "random"

    def __init__(self, seed: int = 0) -> None:
        self.rng = random.Random(seed)

    def choose(self, game: Any, view: Any, legal: Sequence[Any], seat: int) -> Any:
        return legal[self.rng.randrange(len(legal))]


def _bots(game: Any) -> Any:
    """The game package's bots module (AGENTS, and SEARCH_AGENTS where it has a search bot)."""
    import importlib

    return importlib.import_module(f"frostdesk.games.{game.id.replace('-', '_')}.bots")


def agent_names(game: Any) -> list[str]:
    return ["random"] + list(_bots(game).AGENTS)


def make_agent(game: Any, name: str, seed: int = 0) -> Agent:
    """Build the bot called `name` (e.g. random, heuristic, easy) for `game`."""
    if name == "random":
        return RandomAgent(seed)
    base, budget_ms, iterations = name, None, None
    if ":" in name or "@" in name:
        # mcts:MS = a time budget in milliseconds; mcts@K = a fixed iteration count.
        base, sep, number = name.replace("@", ":@").partition(":")
        try:
            if number.startswith("@"):
                iterations = int(number[1:])
            else:
                budget_ms = int(number)
        except ValueError:
            raise ValueError(f"unknown bot {name!r}: expected mcts:MS or mcts@ITERATIONS") \
                from None
    bots = _bots(game)
    if budget_ms or iterations:
        search = getattr(bots, "SEARCH_AGENTS", {})
        if base in search:
            return search[base](game, seed, budget_ms=budget_ms or 1000, iterations=iterations)
    factory = bots.AGENTS.get(name)
    if factory is not None:
        return factory(game, seed)
    raise ValueError(f"unknown bot {name!r}; choose from " + ", ".join(agent_names(game)))
