"""The full card, large, with its rules in words and its source: what a right-click shows."""

from __future__ import annotations

from typing import Any

from PySide6.QtWidgets import QWidget

from frostdesk.games.frontier_stations.content import (
    NAMES,
    chance,
    numbers_text,
    unit_text,
    units_text,
)
from frostdesk.ui.kit.card_dialog import CardDialog

SCALE = 3.2


def _odds(on: frozenset[int]) -> str:
    one, two = chance(on, 1), chance(on, 2)
    bits = []
    if one:
        bits.append(f"{one} in 6 on one die")
    if two:
        bits.append(f"{two} in 36 on two dice")
    return "; ".join(bits) or "never"


PARTS = {"cost": "its cost", "on": "its activation numbers", "activations": "what it makes",
         "storage": "its storage", "convert": "its conversion", "salvage": "its salvage",
         "text": "its text", "consume": "what it takes", "per_station":
         "taking it once per station", "credits": "its credit cost to destroy",
         "destroy": "the resources to destroy it"}


def ours(card: Any) -> str:
    """'' for a card all from the rulebook or all authored; else which parts of a card the
    rulebook names are ours, in words."""
    if card.source != "rulebook" or not card.authored:
        return ""
    return "Named in the rulebook; ours: " + ", ".join(PARTS.get(f, f)
                                                       for f in card.authored) + "."


def card_words(game: Any, key: Any, data: dict[str, Any]) -> tuple[str, str]:
    """(text, source) for a card on the table."""
    if key[0] == "threat":
        t = game.threats[key[1]]
        if t.reinforcements:
            return ("Reinforcements: upgrades the most recent threat in the area it is drawn "
                    "for (or brings it back if destroyed).", t.source)
        mult = int(data.get("mult", 1))
        lines = [f"{t.name} ({t.deck} threat){f', upgraded x{mult}' if mult > 1 else ''}",
                 f"Activates on {numbers_text(t.on)} ({_odds(t.on)}) and takes "
                 f"{units_text(t.consume)}" + (" once for each station next to it (twice "
                                               "between two stations, once beside a lone "
                                               "one; either may give any of it)"
                                               if t.per_station else "")
                 + (f", {mult} times" if mult > 1 else "") + ".",
                 f"Destroy: {t.credits} credits" + (f" + {units_text(t.destroy)}"
                                                      if t.destroy else "") + "."]
        if t.text:
            lines.append(t.text)
        if ours(t):
            lines.append(ours(t))
        return "\n".join(lines), t.source
    if key[0] == "nexus":
        card = game.content.nexus_faces[data.get("face", "standard")]
    else:
        card = game.systems[key[1]]
    mult = int(data.get("mult", 1))
    lines = [card.name + (f" (cost {card.cost})" if not card.nexus else "")
             + (f", upgraded x{mult}" if mult > 1 else "")]
    for act in card.activations:
        lines.append(f"On {numbers_text(act.on)} ({_odds(act.on)}): makes "
                     f"{units_text(act.produce)}" + (f", {mult} times" if mult > 1 else "")
                     + ".")
    store = [f"{n * mult} {NAMES[r]}" for r, n in enumerate(card.storage) if n]
    if card.storage_any:
        store.append(f"{card.storage_any * mult} of any kind")
    if store:
        lines.append("Stores " + ", ".join(store) + ".")
    if card.salvage:
        lines.append("Salvage: gains " + ", ".join(unit_text(u) for u in card.salvage)
                     + " when a threat next to this station is destroyed.")
    if card.spill:
        lines.append("Overflow: a token one of this station's systems makes with no room on "
                     "its own card goes here instead, while there is room.")
    if card.text:
        lines.append(card.text)
    if ours(card):
        lines.append(ours(card))
    return "\n".join(lines), card.source


class StationsCardDialog(CardDialog):
    """The full card, large, with its source (right-click on a card)."""

    def __init__(self, parent: QWidget, item: Any, state: Any) -> None:
        about, source = card_words(item.game, item.key, item.data)
        super().__init__(parent, item.card_rect(), SCALE, item.paint_face, about, source,
                         text_width=360)
