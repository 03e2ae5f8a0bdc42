"""What the app knows of Frontier Stations: the registry entry (frostdesk/engine/registry.py).

Cheap to import: the rules, bots and UI load only when asked. The difficulty words live here
(no Qt) because the new-game dialog, the end screen and the player's record all use them.
"""

from __future__ import annotations

from collections.abc import Mapping
from pathlib import Path
from typing import Any

from frostdesk.engine.registry import (
    BotLevel,
    Choice,
    GameDescription,
    Option,
    Preset,
    SeatWords,
    seat_values,
)

DEFAULT_BEACONS = 2
MAX_BEACONS = 4
NEXUS = Option(
    "nexus", "Nexus", "choice", "standard", per_seat=True,
    choices=(Choice("standard", "Standard"), Choice("heavy", "Heavy (easier)"),
             Choice("light", "Light (harder)")),
    tip="The station's starting Nexus: a Heavy one stores more (easier), a Light one less "
        "(harder).")
PRICE = Option(
    "price", "Prices", "choice", 0,
    choices=(Choice(-1, "1 credit cheaper (−1)"), Choice(0, "As printed"),
             Choice(1, "1 credit dearer (+1)"), Choice(2, "2 credits dearer (+2)")),
    tip="Added to the cost of every system, upgrade and attack on a threat. Prices weigh "
        "more than the Nexus.")
BEACONS = Option(
    "beacons", "Distress beacons", "int", DEFAULT_BEACONS, minimum=0, maximum=MAX_BEACONS,
    tip="Each beacon cancels one threat activation, once per game.",
    hint="each cancels one threat activation")
PRESETS = (
    Preset("standard", "Standard", {"nexus": "standard", "price": 0,
                                    "beacons": DEFAULT_BEACONS}),
    Preset("easier", "Easier (Heavy Nexus)", {"nexus": "heavy", "price": 0,
                                              "beacons": DEFAULT_BEACONS}),
    Preset("harder", "Harder (Light Nexus)", {"nexus": "light", "price": 0,
                                              "beacons": DEFAULT_BEACONS}),
    Preset("hardest", "Hardest (+1 price)", {"nexus": "standard", "price": 1,
                                             "beacons": DEFAULT_BEACONS}),
)


def _rules(folder: Path) -> Any:
    from frostdesk.games.frontier_stations.content import load_content
    from frostdesk.games.frontier_stations.rules import FrontierStations

    return FrontierStations(load_content(folder))


def _validate(folder: Path) -> list[Any]:
    from frostdesk.games.frontier_stations.content import validate

    return list(validate(folder))


def setup_options(values: dict[str, Any]) -> dict[str, Any]:
    """The dialog's values as setup options: one Nexus kind for all, else one per station."""
    kinds = seat_values(values, "nexus", ["standard"]) or ["standard"]
    options = dict(values)
    options["nexus"] = kinds[0] if len(set(kinds)) == 1 else ",".join(kinds)
    options["price"] = int(values.get("price", 0))
    options["beacons"] = int(values.get("beacons", DEFAULT_BEACONS))
    return options


def options_text(options: Mapping[str, Any], n: int) -> str:
    """'Standard difficulty', 'Harder (Light Nexus)', or the mix: 'Nexus per station, ...'."""
    kinds = str(options.get("nexus", "standard")).split(",")
    price = int(str(options.get("price", 0)).replace("+", "") or 0)
    beacons = int(options.get("beacons", DEFAULT_BEACONS))
    same = kinds[0] if len(set(kinds)) == 1 else "mixed"
    for preset in PRESETS:
        v = preset.values
        if (v["nexus"], v["price"], v["beacons"]) == (same, price, beacons):
            return "Standard difficulty" if preset.key == "standard" else preset.label
    parts = ["Nexus per station" if same == "mixed" else f"{same.capitalize()} Nexus",
             "prices as printed" if price == 0 else
             f"prices {'+' if price > 0 else '−'}{abs(price)}",
             f"{beacons} beacon" + ("" if beacons == 1 else "s")]
    return ", ".join(parts)


def options_problem(values: Mapping[str, Any]) -> str:
    """Why the chosen Nexus kinds cannot be dealt from the double-sided cards ('' if they can)."""
    from frostdesk.engine.registry import load_game

    kinds = seat_values(values, "nexus")
    if kinds and not load_game(DESCRIPTION.id)._nexus_dealable(kinds):
        return "The Nexus cards cannot show that mix of Nexus kinds; change one station."
    return ""


def _progress(rules: Any, state: Any) -> str:
    """'Turn 7 · 12 threats to go': where a game in progress stands, for Continue."""
    left = len(state.early) + len(state.late)
    return f"Turn {state.turn} · {left} threat{'s' * (left != 1)} to go"


DESCRIPTION = GameDescription(
    id="frontier-stations",
    title="Frontier Stations",
    min_players=1,
    max_players=6,
    order=20,
    make_rules=_rules,
    validate=_validate,
    bots="frostdesk.games.frontier_stations.bots",
    ui="frostdesk.ui.games.frontier_stations.plugin",
    blurb="Cooperative dice and engine building: roll, grow your station's systems and hold "
          "off the threats massing between neighbours.",
    facts=("One team of 1–6 stations: everyone wins or loses together.",
           "Three difficulties: Heavy, standard or Light Nexus, plus price and beacon tweaks.",
           "Bot crews fill any station; one person may run several."),
    cooperative=True,
    wants_human_seats=True,
    options=(NEXUS, PRICE, BEACONS),
    presets=PRESETS,
    # Bots play with the team, so their levels read as crews, not opponents.
    levels=(BotLevel("steady", "Crew (steady)", "heuristic",
                     "Plays carefully and the same way every time."),
            BotLevel("rookie", "Crew (rookie)", "easy",
                     "Mostly sensible, but slips now and then."),
            BotLevel("hard", "Crew (planning) · Hard", "planner:1000",
                     "Plays its best ideas forward over the coming draws and dice, and "
                     "picks the one that leaves the team safest.")),
    default_level="steady",
    words=SeatWords(seat="Station", players="stations", kind_header="Run by", bot="Bot crew",
                    level_header="Bot crew", first="Captain", first_key="first",
                    first_tip="The Captain takes the first turn and holds the distress "
                              "beacons.",
                    humans_share_names=True,
                    share_hint="Running several stations yourself? Give them all your name: "
                               "no hand-off between them."),
    quick_solo_tip="You run station 1 beside three bot crews, at standard difficulty.",
    setup_options=setup_options,
    options_text=options_text,
    options_problem=options_problem,
    progress=_progress,
    balance="frostdesk.games.frontier_stations.balance",
)
