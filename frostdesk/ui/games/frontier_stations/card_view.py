"""The full card, large, with its rules in words and its source: what a right-click shows."""

from __future__ import annotations

from typing import Any

from PySide6.QtCore import QRectF, Qt
from PySide6.QtGui import QPixmap
from PySide6.QtWidgets import QDialog, QDialogButtonBox, QLabel, QVBoxLayout, QWidget

from frostdesk.games.frontier_stations.content import (
    NAMES, chance, numbers_text, unit_text, units_text,
)
from frostdesk.ui import theme
from frostdesk.ui.kit.items import pixmap_painter

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


class StationsCardDialog(QDialog):
    """The full card, large, with its source (right-click on a card)."""

    def __init__(self, parent: QWidget, item: Any, state: Any) -> None:
        super().__init__(parent)
        self.setWindowTitle("Card")
        self.setObjectName("cardDialog")
        box = QVBoxLayout(self)
        r = item.card_rect()
        pm = QPixmap(int(r.width() * SCALE * 2), int(r.height() * SCALE * 2))
        pm.setDevicePixelRatio(2.0)
        pm.fill(Qt.GlobalColor.transparent)
        p = pixmap_painter(pm, SCALE, r)
        item.paint_face(p, QRectF(r))
        p.end()
        pic = QLabel()
        pic.setPixmap(pm)
        pic.setAlignment(Qt.AlignmentFlag.AlignCenter)
        box.addWidget(pic)
        about, source = card_words(item.game, item.key, item.data)
        origin = "the rulebook" if source == "rulebook" else "authored by frostdesk"
        text = QLabel(f"{about}\n\nSource: {origin}")
        text.setWordWrap(True)
        text.setFont(theme.font(12))
        text.setObjectName("cardSource")
        text.setMinimumWidth(360)
        box.addWidget(text)
        buttons = QDialogButtonBox(QDialogButtonBox.StandardButton.Close)
        buttons.rejected.connect(self.reject)
        box.addWidget(buttons)
