"""Difficulty levels shown in the new-game dialog, mapped to bot names.

Easy makes deliberate mistakes, Normal is the heuristic, Hard is the strongest bot the game
has (a search bot where one exists; the heuristic until then).
"""

from __future__ import annotations

from frostdesk.engine.game import A, Game, S

LEVELS: list[tuple[str, str]] = [("easy", "Easy"), ("normal", "Normal"), ("hard", "Hard")]


def bot_for_level(game: Game[S, A], level: str) -> str:
    """The bot name (for make_agent) that plays `level` in `game`."""
    from frostdesk.ai import agent_names

    names = agent_names(game)
    if level == "easy":
        return "easy"
    if level == "hard":
        # a game that names its own Hard level (a level keyed "hard") plays that bot
        from frostdesk.engine.registry import UnknownGame, get

        try:
            named = {lv.key: lv.bot for lv in get(game.id).levels}
        except UnknownGame:  # a game outside the registry: the defaults below
            named = {}
        base = named.get("hard", "").split(":")[0].split("@")[0]
        if base in names:
            return named["hard"]
        for strong in ("mcts", "heuristic"):
            if strong in names:
                return strong
    return "heuristic"


# What a player calls each bot lives with the registry (the start screen's records name bots
# without loading the bots): re-exported here for the callers that think of it as a level.
from frostdesk.engine.registry import LEVEL_OF_BOT, level_name  # noqa: E402

__all__ = ["LEVELS", "LEVEL_OF_BOT", "bot_for_level", "level_name"]
