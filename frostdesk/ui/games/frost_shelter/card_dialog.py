"""The full card, large, with its source (rulebook or authored): what a right-click shows."""

from __future__ import annotations

from typing import Any

from PySide6.QtCore import QRectF
from PySide6.QtGui import QPainter
from PySide6.QtWidgets import QWidget

from frostdesk.ui.games.frost_shelter import painter
from frostdesk.ui.games.frost_shelter.items import MarketItem
from frostdesk.ui.kit.card_dialog import CardDialog


class ShelterCardDialog(CardDialog):
    """The full card, large, with its source (right-click on a card)."""

    def __init__(self, parent: QWidget, item: Any) -> None:
        g = item.game
        c = g.content
        scale = 1.6 if item.kind == "event" else 3.6
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

        def paint(p: QPainter, r: QRectF) -> None:
            if eq is not None:
                painter.paint_equipment(p, r, eq, detail=True)
            else:
                item.paint_face(p, r)

        super().__init__(parent, item.card_rect(), scale, paint, about, source)
