"""Frontier Stations' resource tokens and small symbols: the shapes are SVG files in
resources/icons (FILES), tinted and outlined through frostdesk.ui.kit.icons.

Each resource has its own shape and its own colour (LOOK.md: nothing depends on colour alone):
Energy a lightning bolt (yellow), Medical a cross (red), Shield a shield (blue), Engineering a
hex nut (light steel) and Security a star (green). The palette keeps every pair at least 16
CIE76 units apart under deuteranopia, protanopia and tritanopia (Machado 2009 matrices), and
the shapes cover the rest. "Any" is a disc split into the five colours.
"""

from __future__ import annotations

from PySide6.QtCore import QPointF, QRectF, Qt
from PySide6.QtGui import QColor, QFont, QPainter, QPainterPath, QPen

from frostdesk.ui.games.frontier_stations import words
from frostdesk.ui.kit.icons import draw_icon

COLOURS = ("#F2C230", "#E0434B", "#3A86E0", "#C3CCD4", "#2FA866")
OUTLINES = ("#6E5200", "#6E1419", "#103C6B", "#4A5560", "#0E4A2A")
SHAPES = ("bolt", "cross", "shield", "nut", "star")
CREDIT = QColor("#E9B949")
CREDIT_EDGE = QColor("#7A5812")


def colour(kind: int) -> QColor:
    return QColor(COLOURS[kind])


# each shape's file in resources/icons: its 0..1 box drawn at 2..22 of a 24-unit viewBox, so the
# outline (a stroke centred on the edge) has room around it
FILES = {"bolt": "station-energy", "cross": "station-medical", "shield": "station-shield",
         "nut": "station-engineering", "star": "station-security", "beacon": "station-beacon",
         "captain": "station-captain"}
_BOX = 20 / 24  # the shape's box within the file's viewBox


def _shape(p: QPainter, name: str, rect: QRectF, fill: QColor, edge: QColor | None,
           width: float) -> None:
    """Shape `name` filled with `fill` in the square in `rect`, with an `edge` stroke `width`
    (a fraction of the square's side) when given."""
    side = min(rect.width(), rect.height()) / _BOX
    c = rect.center()
    box = QRectF(c.x() - side / 2, c.y() - side / 2, side, side)
    draw_icon(p, FILES[name], box, fill, tint=True)
    if edge is not None:
        draw_icon(p, FILES[name], box, edge, outline=round(width * 20, 2))


def draw_resource(p: QPainter, kind: int, rect: QRectF, outline: bool = True,
                  hollow: bool = False) -> None:
    """One resource symbol (a token when filled, a storage slot when `hollow`)."""
    if hollow:
        edge = QColor(OUTLINES[kind])
        edge.setAlpha(150)
        fill = QColor(COLOURS[kind])
        fill.setAlpha(70)
        _shape(p, SHAPES[kind], rect, fill, edge, 0.08)
    else:
        _shape(p, SHAPES[kind], rect, QColor(COLOURS[kind]),
               QColor(OUTLINES[kind]) if outline else None, 0.07)


def draw_token(p: QPainter, kind: int, rect: QRectF) -> None:
    """A resource token lying on a card: a dark disc with the resource symbol on it."""
    side = min(rect.width(), rect.height())
    c = rect.center()
    p.save()
    p.setRenderHint(QPainter.RenderHint.Antialiasing)
    p.setPen(Qt.PenStyle.NoPen)
    p.setBrush(QColor(0, 0, 0, 70))
    p.drawEllipse(QPointF(c.x() + side * 0.05, c.y() + side * 0.08), side * 0.5, side * 0.5)
    p.setBrush(QColor("#1d2935"))
    p.setPen(QPen(QColor(COLOURS[kind]), max(0.6, side * 0.08)))
    p.drawEllipse(c, side * 0.47, side * 0.47)
    p.restore()
    inner = side * 0.62
    draw_resource(p, kind, QRectF(c.x() - inner / 2, c.y() - inner / 2, inner, inner))


def draw_any(p: QPainter, rect: QRectF) -> None:
    """The rulebook's "Any" symbol: a disc split into the five resource colours."""
    side = min(rect.width(), rect.height())
    box = QRectF(rect.center().x() - side / 2, rect.center().y() - side / 2, side, side)
    box = box.adjusted(side * 0.04, side * 0.04, -side * 0.04, -side * 0.04)
    p.save()
    p.setRenderHint(QPainter.RenderHint.Antialiasing)
    p.setPen(Qt.PenStyle.NoPen)
    for i in range(5):
        p.setBrush(QColor(COLOURS[i]))
        p.drawPie(box, int((90 - 72 * i) * 16), -72 * 16)
    p.setPen(QPen(QColor("#27313a"), max(0.6, side * 0.08)))
    p.setBrush(Qt.BrushStyle.NoBrush)
    p.drawEllipse(box)
    p.setBrush(QColor("#f5f1e8"))
    p.setPen(Qt.PenStyle.NoPen)
    p.drawEllipse(box.center(), side * 0.16, side * 0.16)
    p.restore()


def draw_unit(p: QPainter, unit: frozenset[int], rect: QRectF, ink: QColor) -> float:
    """A produce/consume unit: one symbol, "a / b" for a choice, the Any disc for all five.
    Draws from rect's left edge; returns the width used."""
    side = rect.height()
    if len(unit) == 5:
        draw_any(p, QRectF(rect.left(), rect.top(), side, side))
        return side
    x = rect.left()
    kinds = sorted(unit)
    for i, kind in enumerate(kinds):
        if i:
            p.save()
            p.setPen(QPen(ink, max(0.6, side * 0.1)))
            p.drawLine(QPointF(x + side * 0.02, rect.bottom() - side * 0.1),
                       QPointF(x + side * 0.28, rect.top() + side * 0.1))
            p.restore()
            x += side * 0.32
        draw_resource(p, kind, QRectF(x, rect.top(), side, side))
        x += side
    return x - rect.left()


def unit_width(unit: frozenset[int], side: float) -> float:
    if len(unit) == 5:
        return side
    return side * len(unit) + side * 0.32 * (len(unit) - 1)


def draw_credit(p: QPainter, rect: QRectF, value: int | str) -> None:
    """A gold credit coin with its value."""
    side = min(rect.width(), rect.height())
    c = rect.center()
    p.save()
    p.setRenderHint(QPainter.RenderHint.Antialiasing)
    p.setPen(QPen(CREDIT_EDGE, max(0.6, side * 0.08)))
    p.setBrush(CREDIT)
    p.drawEllipse(c, side * 0.46, side * 0.46)
    p.setPen(QPen(QColor(255, 240, 200, 160), max(0.4, side * 0.04)))
    p.setBrush(Qt.BrushStyle.NoBrush)
    p.drawEllipse(c, side * 0.34, side * 0.34)
    p.restore()
    # the value never below the floor: on a small card it fills the coin
    words.text(p, QRectF(c.x() - side / 2, c.y() - side / 2, side, side), str(value),
               words.size(p, side * 0.6), QColor("#3a2a06"), QFont.Weight.Bold)


def draw_salvage(p: QPainter, rect: QRectF, ink: QColor) -> None:
    """Salvage, as a sign: a wrench-and-arrow loop (what a destroyed threat gives back)."""
    side = min(rect.width(), rect.height())
    c = rect.center()
    p.save()
    p.setRenderHint(QPainter.RenderHint.Antialiasing)
    p.setPen(QPen(ink, max(0.8, side * 0.12), Qt.PenStyle.SolidLine, Qt.PenCapStyle.RoundCap))
    p.setBrush(Qt.BrushStyle.NoBrush)
    box = QRectF(c.x() - side * 0.36, c.y() - side * 0.36, side * 0.72, side * 0.72)
    p.drawArc(box, 60 * 16, 280 * 16)
    tip = QPointF(c.x() + side * 0.18, c.y() - side * 0.31)
    p.setBrush(ink)
    p.setPen(Qt.PenStyle.NoPen)
    head = QPainterPath()
    head.moveTo(tip + QPointF(side * 0.2, 0))
    head.lineTo(tip + QPointF(-side * 0.08, -side * 0.16))
    head.lineTo(tip + QPointF(-side * 0.08, side * 0.16))
    head.closeSubpath()
    p.drawPath(head)
    p.restore()


def draw_each_station(p: QPainter, rect: QRectF, ink: QColor) -> None:
    """"Once for each station next to it", as a sign: two small station blocks."""
    side = min(rect.width(), rect.height())
    c = rect.center()
    p.save()
    p.setRenderHint(QPainter.RenderHint.Antialiasing)
    p.setPen(QPen(ink, max(0.6, side * 0.08)))
    p.setBrush(QColor(255, 255, 255, 160))
    s = side * 0.46
    for dx, dy in ((-0.24, -0.2), (0.24, 0.2)):
        p.drawRoundedRect(QRectF(c.x() + dx * side - s / 2, c.y() + dy * side - s / 2, s, s),
                          s * 0.2, s * 0.2)
    p.restore()


def draw_symbol(p: QPainter, name: str, rect: QRectF, fill: QColor, edge: QColor) -> None:
    _shape(p, name, rect, fill, edge, 0.07)
