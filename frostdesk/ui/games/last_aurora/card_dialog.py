"""A Last Aurora card in full (the kit's CardDialog): what a right-click on a card shows.

The card is painted large as the Exploration Zone shows it, and beside it every word of the
card: name, kind, numbers and its whole rules text, which the table has no room for."""

from __future__ import annotations

from typing import Any

from PySide6.QtCore import QRectF, Qt
from PySide6.QtGui import QFont, QFontMetricsF, QPainter
from PySide6.QtWidgets import QWidget

from frostdesk.ui import theme
from frostdesk.ui.games.last_aurora.table import CardPiece, card_words, vehicle_stats
from frostdesk.ui.kit.card_dialog import CardDialog
from frostdesk.ui.kit.layout import Spec

SCALE = 1.6  # the card's size in the dialog, against the table's


def face_data(g: Any, card_id: str, data: dict[str, Any]) -> dict[str, Any]:
    """The zone card's data for any card: the zone's own when it lies there."""
    if data.get("mode") == "zone":
        return dict(data)
    c = g.content.by_id(card_id)
    out: dict[str, Any] = {"mode": "zone", "name": c.name, "kind": c.kind, "text": c.text,
                           "id": c.id, "source": c.source}
    if c.kind in ("truck", "trailer", "device"):
        out["cells"] = list(c.cells)
        out["stats"] = vehicle_stats(c)
    elif c.kind == "survivor":
        out["stats"] = f"Value {c.value}"
    return out


class AuroraCardDialog(CardDialog):
    """The card of `item` (any card on the table) with all of its words."""

    def __init__(self, parent: QWidget, game: Any, item: Any) -> None:
        card_id = str(item.key[1])
        data = face_data(game, card_id, item.data)
        piece = CardPiece(("card", card_id), Spec("card", 0, 0, 1.0, 0, 0, data=data))
        rect = piece.card_rect()
        if data.get("text") and data.get("kind") != "enemy":
            # taller than on the table, so the card itself holds all of its rules text
            fm = QFontMetricsF(theme.scene_font(19, QFont.Weight.Normal))
            flags = int(Qt.AlignmentFlag.AlignLeft | Qt.TextFlag.TextWordWrap)
            need = fm.boundingRect(QRectF(0, 0, rect.width() - 14, 10_000), flags,
                                   str(data["text"])).height()
            rect = QRectF(rect.left(), rect.top(), rect.width(), rect.height() + need)

        def paint(p: QPainter, r: QRectF) -> None:
            piece.paint_zone_card(p, r)

        source = str(game.content.by_id(card_id).source)
        super().__init__(parent, rect, SCALE, paint, card_words(game, card_id, data), source,
                         text_width=320)
        self.setWindowTitle(str(data["name"]))
