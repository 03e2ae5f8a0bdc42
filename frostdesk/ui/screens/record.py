"""The one-line "your record" shown on the start screen's game tiles and the end screen."""

from __future__ import annotations

from typing import Any

from frostdesk import records
from frostdesk.engine.registry import level_name

LEVEL_ORDER = ["Hard", "Normal", "Easy", "Random"]  # strongest first


def strongest_level(result: records.Result) -> str:
    """'Hard' when any bot at the table was Hard, and so on down."""
    found = {level_name(s.get("bot", "")) for s in result.seats if s.get("kind") == "bot"}
    return next((level for level in LEVEL_ORDER if level in found), "")


def difficulty(result: records.Result) -> str:
    """A cooperative game's difficulty preset, as the new-game dialog names it."""
    from frostdesk.engine.registry import UnknownGame, get

    try:
        options_text = get(result.game).options_text
        if options_text is None:
            return ""
        text = options_text(result.options, len(result.seats))
    except (TypeError, ValueError, UnknownGame):
        return ""
    # "Harder (fewer supplies)" -> "Harder": the preset's name is enough in a list of counts
    return "Standard" if text == "Standard difficulty" else text.split(" (")[0]


def record_line(game_id: str, results: list[records.Result]) -> str:
    """'Your record: 5 wins in 12 games against bots (Hard 2 of 6, Normal 3 of 6)', or ''."""
    cooperative = any(r.cooperative_win is not None for r in results if r.game == game_id)
    s = records.summary(results, game_id, difficulty if cooperative else strongest_level)
    parts = []
    if s.played:
        noun = "game" if s.played == 1 else "games"
        if cooperative:
            head = f"Your record: {s.won} of {s.played} {noun} won"
        else:
            wins = "win" if s.won == 1 else "wins"
            head = f"Your record: {s.won} {wins} in {s.played} {noun} against bots"
        order = LEVEL_ORDER if not cooperative else sorted(s.groups)
        groups = [f"{g} {s.groups[g][0]} of {s.groups[g][1]}" for g in order if g in s.groups]
        if len(groups) > 1 or (groups and not cooperative):
            head += f" ({', '.join(groups)})"
        parts.append(head)
    if s.with_friends:
        noun = "game" if s.with_friends == 1 else "games"
        parts.append(f"{s.with_friends} {noun} with friends")
    return " · ".join(parts)


def record_game(session: Any) -> bool:
    """Record a finished session once; a failure to write never reaches the player."""
    try:
        result = records.result_of(session)
        return result is not None and records.add(result)
    except OSError:
        return False
