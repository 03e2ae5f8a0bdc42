"""Frost Shelter's pass-and-play cover: the kit's hand-off overlay with a faint snowflake."""

from __future__ import annotations

from PySide6.QtCore import QPointF, QRectF, Qt
from PySide6.QtGui import QColor, QPainter, QPen

from frostdesk.ui.kit.handoff import HandoffOverlay


class ShelterHandoff(HandoffOverlay):
    """The kit's hand-off cover (its words: show my hand) with this game's emblem."""

    def _paint_emblem(self, p: QPainter, r: QRectF) -> None:
        """A large faint snowflake behind the words."""
        c = QPointF(r.center().x(), r.center().y() - r.height() * 0.12)
        arm = min(r.width(), r.height()) * 0.22
        p.setPen(QPen(QColor(169, 212, 238, 26), max(4.0, arm / 14), Qt.PenStyle.SolidLine,
                      Qt.PenCapStyle.RoundCap))
        p.translate(c)
        for _ in range(6):
            p.drawLine(QPointF(0, 0), QPointF(0, -arm))
            p.drawLine(QPointF(0, -arm * 0.55), QPointF(-arm * 0.22, -arm * 0.78))
            p.drawLine(QPointF(0, -arm * 0.55), QPointF(arm * 0.22, -arm * 0.78))
            p.rotate(60)
        p.resetTransform()
