"""The full card, large, with its source (rulebook or authored): what a right-click shows."""

from __future__ import annotations

from typing import Any

from PySide6.QtCore import QRectF, Qt
from PySide6.QtGui import QPainter, QPixmap
from PySide6.QtWidgets import QWidget

from frostdesk.ui.games.frost_shelter import painter
from frostdesk.ui.games.frost_shelter.items import MarketItem
from frostdesk.ui.kit.card_dialog import CardDialog
from frostdesk.ui.kit.items import pixmap_painter

EVENT_PX = 480  # how tall the Event card is in the dialog, in pixels (other cards: 3.6x)


class ShelterCardDialog(CardDialog):
    """The full card, large, with its source (right-click on a card)."""

    def __init__(self, parent: QWidget, item: Any) -> None:
        g = item.game
        c = g.content
        rect = item.card_rect()
        scale = EVENT_PX / rect.height() if item.kind == "event" else 3.6
        source, about = "rulebook", ""
        eq = None
        if isinstance(item, MarketItem) or item.kind == "equip":
            eq = (c.equipment_types[item.data["type"]] if isinstance(item, MarketItem)
                  else c.equip(item.data["equip"]))
            source = eq.source
            about = f"{eq.name}: {eq.text}\nCost: {eq.cost.describe()}."
        elif item.kind == "event":
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

        def face(p: QPainter, r: QRectF) -> None:
            if eq is not None:
                painter.paint_equipment(p, r, eq, detail=True)
            else:
                item.paint_face(p, r)

        def paint(p: QPainter, r: QRectF) -> None:
            # painted the way the table paints its items (a pixmap of device pixels), so the
            # text painter measures the card's words as it does on the table
            device = p.device()
            ratio = device.devicePixelRatioF() if device is not None else 1.0
            k = scale * ratio
            pm = QPixmap(max(1, round(r.width() * k)), max(1, round(r.height() * k)))
            pm.fill(Qt.GlobalColor.transparent)
            inner = pixmap_painter(pm, k, r)
            face(inner, r)
            inner.end()
            p.drawPixmap(r, pm, QRectF(pm.rect()))

        super().__init__(parent, rect, scale, paint, about, source)
