"""A game's emblem on the start screen: a square widget painted in frost blue.

Each game's UI plug-in subclasses `Emblem` and draws its own figure in `draw(p, r)`, with the
painter centred on the widget and `r` the radius the figure may use.
"""

from __future__ import annotations

from PySide6.QtCore import QPointF, QSize, Qt
from PySide6.QtGui import QColor, QPainter, QPaintEvent, QPen
from PySide6.QtWidgets import QSizePolicy, QWidget

FROST = "#8fc1ea"  # the frost highlight of resources/README.md; reads on light and dark


class Emblem(QWidget):
    """The shared frame of every emblem; the base draws a plain ring."""

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setObjectName("emblem")
        self.setMinimumSize(120, 120)
        self.setSizePolicy(QSizePolicy.Policy.Preferred, QSizePolicy.Policy.Expanding)

    def sizeHint(self) -> QSize:  # noqa: N802 - Qt's name
        return QSize(200, 200)

    def colour(self) -> QColor:
        colour = QColor(FROST)
        colour.setAlpha(190)
        return colour

    def paintEvent(self, event: QPaintEvent) -> None:  # noqa: N802 - Qt's name
        p = QPainter(self)
        p.setRenderHint(QPainter.RenderHint.Antialiasing)
        r = (min(self.width(), self.height()) - 16) / 2
        p.translate(self.width() / 2, self.height() / 2)
        p.setPen(QPen(self.colour(), max(3.0, r / 14), Qt.PenStyle.SolidLine,
                      Qt.PenCapStyle.RoundCap))
        self.draw(p, r)
        p.end()

    def draw(self, p: QPainter, r: float) -> None:
        p.setBrush(Qt.BrushStyle.NoBrush)
        p.drawEllipse(QPointF(0, 0), r * 0.8, r * 0.8)
