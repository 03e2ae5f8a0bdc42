"""Bots over the Game protocol. Nothing below this package imports Qt.

A bot is an `Agent`: `choose(game, view, legal, budget) -> action`. It gets the view of its own
seat (never the full state) and the legal actions, and may take at most `budget` seconds.
`make_agent(game, name, seed)` builds one by name: random, heuristic, easy, plus whatever the
game package registers (frostdesk/games/<id>/bots.py).
"""

from __future__ import annotations

import random
from collections.abc import Callable, Mapping, Sequence
from types import ModuleType
from typing import Protocol

from frostdesk.engine.game import A, Game, S


class Agent(Protocol[S, A]):
    """A bot for a game with states S and actions A."""

    name: str

    def choose(self, game: Game[S, A], view: S, legal: Sequence[A], seat: int) -> A: ...


class RandomAgent:
    """Chooses uniformly among the legal actions."""

    name = "random"

    def __init__(self, seed: int = 0) -> None:
        self.rng = random.Random(seed)

    def choose(self, game: Game[S, A], view: S, legal: Sequence[A], seat: int) -> A:
        return legal[self.rng.randrange(len(legal))]


def _bots(game: Game[S, A]) -> ModuleType:
    """The game's bots module, as its description names it: `AGENTS` (name -> factory(game,
    seed)) and `SEARCH_AGENTS` (name -> factory(game, seed, budget_ms=, iterations=); empty
    when the game has no search bot)."""
    from frostdesk.engine.registry import bots_module

    module: ModuleType = bots_module(game.id)
    return module


def agent_names(game: Game[S, A]) -> list[str]:
    """The bot names `make_agent` knows for `game`."""
    agents: Mapping[str, object] = _bots(game).AGENTS
    return ["random"] + list(agents)


def make_agent(game: Game[S, A], name: str, seed: int = 0) -> Agent[S, A]:
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
        # SEARCH_AGENTS[name](game, seed, budget_ms=..., iterations=...)
        search: Mapping[str, Callable[..., Agent[S, A]]] = bots.SEARCH_AGENTS
        if base in search:
            return search[base](game, seed, budget_ms=budget_ms or 1000, iterations=iterations)
    agents: Mapping[str, Callable[[Game[S, A], int], Agent[S, A]]] = bots.AGENTS
    factory = agents.get(name)
    if factory is not None:
        return factory(game, seed)
    raise ValueError(f"unknown bot {name!r}; choose from " + ", ".join(agent_names(game)))
