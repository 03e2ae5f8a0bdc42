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
                 f"{units_text(t.consume)}" + (" from each station next to it"
                                               if t.per_station else "")
                 + (f", {mult} times" if mult > 1 else "") + ".",
                 f"Destroy: {t.credits} credits" + (f" + {units_text(t.destroy)}"
                                                      if t.destroy else "") + "."]
        if t.text:
            lines.append(t.text)
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
    if card.text:
        lines.append(card.text)
    return "\n".join(lines), card.source


class StationsCardDialog(CardDialog):
    """The full card, large, with its source (right-click on a card)."""

    def __init__(self, parent: QWidget, item: Any, state: Any) -> None:
        about, source = card_words(item.game, item.key, item.data)
        super().__init__(parent, item.card_rect(), SCALE, item.paint_face, about, source,
                         text_width=360)
