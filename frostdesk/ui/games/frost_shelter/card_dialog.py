"""The full card, large, with its source (rulebook or authored): what a right-click shows."""

from __future__ import annotations

from typing import Any

from PySide6.QtCore import QRectF, Qt
from PySide6.QtGui import QPixmap
from PySide6.QtWidgets import QDialog, QDialogButtonBox, QLabel, QVBoxLayout, QWidget

from frostdesk.ui import theme
from frostdesk.ui.games.frost_shelter import painter
from frostdesk.ui.games.frost_shelter.items import MarketItem
from frostdesk.ui.kit.items import pixmap_painter


class CardDialog(QDialog):
    """The full card, large, with its source (right-click on a card)."""

    def __init__(self, parent: QWidget, item: Any) -> None:
        super().__init__(parent)
        self.setWindowTitle("Card")
        self.setObjectName("cardDialog")
        box = QVBoxLayout(self)
        g = item.game
        c = g.content
        scale = 1.6 if item.kind == "event" else 3.6
        r = item.card_rect()
        pm = QPixmap(int(r.width() * scale * 2), int(r.height() * scale * 2))
        pm.setDevicePixelRatio(2.0)
        pm.fill(Qt.GlobalColor.transparent)
        p = pixmap_painter(pm, scale, r)
        source, about = "rulebook", ""
        if isinstance(item, MarketItem) or item.kind == "equip":
            eq = (c.equipment_types[item.data["type"]] if isinstance(item, MarketItem)
                  else c.equip(item.data["equip"]))
            painter.paint_equipment(p, QRectF(r), eq, detail=True)
            source = eq.source
            about = f"{eq.name}: {eq.text}\nCost: {eq.cost.describe()}."
        else:
            item.paint_face(p, QRectF(r))
            if item.kind == "event":
                ev = c.events[item.data["event"]]
                source = ev.source
                about = f"{ev.name}: damage {ev.damage}, Max {ev.max}.\n" + "\n".join(
                    f"Defends {q.defends}: {q.describe(list(c.resource_names))}"
                    for q in ev.requirements) + f"\n\n{ev.flavour}"
            elif item.kind == "card" and item.data.get("card", -1) >= 0:
                card = item.data["card"]
                source = c.card_source[card]
                about = g.card_name(card)
            elif item.kind == "relic":
                about = f"The Relic: {c.resource_names[item.data['relic']]} is trump this Event."
            elif item.kind == "expcard":
                about = ("Expedition: once per Event, play a card alongside it (the card has "
                         "no value) and draw 0–2 cards from the Expedition deck after the trick.")
        p.end()
        pic = QLabel()
        pic.setPixmap(pm)
        pic.setAlignment(Qt.AlignmentFlag.AlignCenter)
        box.addWidget(pic)
        origin = "the rulebook" if source == "rulebook" else "authored by frostdesk"
        text = QLabel(f"{about}\n\nSource: {origin}")
        text.setWordWrap(True)
        text.setFont(theme.font(12))
        text.setObjectName("cardSource")
        box.addWidget(text)
        buttons = QDialogButtonBox(QDialogButtonBox.StandardButton.Close)
        buttons.rejected.connect(self.reject)
        box.addWidget(buttons)


