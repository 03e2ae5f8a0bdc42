"""What the app knows of Frost Shelter: the registry entry (see frostdesk/engine/registry.py).

Cheap to import: the rules, bots and UI load only when asked.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

from frostdesk.engine.registry import BotLevel, GameDescription, SeatWords


def _rules(folder: Path) -> Any:
    from frostdesk.games.frost_shelter.content import load_content
    from frostdesk.games.frost_shelter.rules import FrostShelter

    return FrostShelter(load_content(folder))


def _validate(folder: Path) -> list[Any]:
    from frostdesk.games.frost_shelter.content import validate

    return list(validate(folder))


def _progress(rules: Any, state: Any) -> str:
    """'Event 2 of 3': where a game in progress stands, for Continue."""
    total = rules.content.rules.events_per_game
    return f"Event {min(max(state.event_no, 0) + 1, total)} of {total}"


DESCRIPTION = GameDescription(
    id="frost-shelter",
    title="Frost Shelter",
    min_players=2,
    max_players=5,
    order=10,
    make_rules=_rules,
    validate=_validate,
    bots="frostdesk.games.frost_shelter.bots",
    ui="frostdesk.ui.games.frost_shelter.plugin",
    blurb="Trick-taking survival: gather Fuel, Water, Food and Tools, weather three Events "
          "and come through with the least damage.",
    facts=("Every rule enforced; the rulebook's open points settled in the Rules.",
           "Bots at Easy, Normal and Hard, or friends at the same screen.",
           "Undo that never peeks at hidden cards; autosave after every move."),
    levels=(BotLevel("easy", "Easy", "easy", "Sensible play with deliberate mistakes."),
            BotLevel("normal", "Normal", "heuristic", "A steady heuristic player."),
            BotLevel("hard", "Hard", "mcts", "Searches the hidden cards; thinks about a "
                                              "second a move.")),
    default_level="normal",
    words=SeatWords(seat="Seat", players="players", kind_header="Plays as", bot="Bot",
                    level_header="Bot level", first="First Leader", first_key="first_leader"),
    quick_solo_tip="You against three Normal bots.",
    score_name="damage",
    progress=_progress,
    balance="frostdesk.games.frost_shelter.balance",
    bench="frostdesk.games.frost_shelter.reference_loop:play",
)
