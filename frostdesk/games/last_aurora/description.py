"""What the app knows of Last Aurora: the registry entry (see frostdesk/engine/registry.py).

Cheap to import: the rules, bots and UI load only when asked. The base game seats 2 to 4
convoys; solo against the Automa joins it when the Automa's rules land.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

from frostdesk.engine.registry import BotLevel, GameDescription, SeatWords


def _rules(folder: Path) -> Any:
    from frostdesk.games.last_aurora.content import load_content
    from frostdesk.games.last_aurora.rules import LastAurora

    rules = LastAurora(load_content(folder))
    # The cards count 1-4 convoys, but solo needs the Automa: while the rules cannot deal a
    # solo game, the app seats 2-4 (a solo description then needs min_players=1 here too).
    try:
        rules.setup({"players": 1}, 0)
    except ValueError:
        rules.min_players = 2
    return rules


def _validate(folder: Path) -> list[Any]:
    from frostdesk.games.last_aurora.content import validate

    return list(validate(folder))


def _progress(rules: Any, state: Any) -> str:
    """'Round 3 · Aurora at 17': where a game in progress stands, for Continue."""
    if state.phase == "over":
        return "Finished"
    text = f"Round {state.round} of {rules.content.rounds} · Aurora at mile {state.aurora}"
    if state.boarded:
        text += " · last call" if state.board_round == state.round else " · final round"
    return text


DESCRIPTION = GameDescription(
    id="last-aurora",
    title="Last Aurora: Frozen Steel",
    min_players=2,
    max_players=4,
    order=30,
    make_rules=_rules,
    validate=_validate,
    bots="frostdesk.games.last_aurora.bots",
    ui="frostdesk.ui.games.last_aurora.plugin",
    blurb="A convoy race on the frozen road: scavenge the wastes, rebuild your trucks, fight "
          "off raiders and reach the icebreaker Aurora before she sails.",
    facts=("2–4 convoys over at most six rounds; the first to board calls the last round.",
           "Fame for miles driven, enemies hit and survivors brought aboard.",
           "Bots at Easy, Normal and Hard, or friends at one screen with hidden Objects."),
    levels=(BotLevel("easy", "Easy", "easy", "Drives sensibly but slips one choice in three."),
            BotLevel("normal", "Normal", "heuristic",
                     "Weighs Fuel, miles, survivors and guns every turn."),
            BotLevel("hard", "Hard", "mcts", "Plays each choice out to the end of the round; "
                                              "thinks about a second a move.")),
    default_level="normal",
    words=SeatWords(seat="Convoy", players="players", kind_header="Driven by", bot="Bot",
                    level_header="Bot level"),
    quick_solo_tip="You drive convoy 1 against three Normal bots.",
    score_name="fame",
    progress=_progress,
    balance="frostdesk.games.last_aurora.balance",
)
