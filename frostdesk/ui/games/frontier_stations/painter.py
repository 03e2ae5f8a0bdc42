"""Frontier Stations' table pieces, painted with QPainter: decks, dice, the Captain plaque,
distress beacons and the recent-threat marker (card faces are in faces.py). All words go
through words.text (the kit's text painter).
"""

from __future__ import annotations

from PySide6.QtCore import QPointF, QRectF, Qt
from PySide6.QtGui import (
    QBrush,
    QColor,
    QLinearGradient,
    QPainter,
    QPainterPath,
    QPen,
    QRadialGradient,
)

from frostdesk.ui.games.frontier_stations import icons, words
from frostdesk.ui.games.frontier_stations.faces import paint_back
from frostdesk.ui.games.frontier_stations.geometry import CARD_W
from frostdesk.ui.games.frontier_stations.words import Weight, text
from frostdesk.ui.kit import items as kit_items


def paint_pile(p: QPainter, r: QRectF, deck: str, count: int) -> None:
    """A deck: stacked backs (or an empty outline) and its count in a badge."""
    if count > 0:
        for i in (2, 1):
            if count > i * 3:
                paint_back(p, r.translated(i * 2.5, -i * 2.5), deck, label=False)
        paint_back(p, r, deck, label=False)
    else:
        p.save()
        p.setRenderHint(QPainter.RenderHint.Antialiasing)
        p.setPen(QPen(QColor(255, 255, 255, 70), 2, Qt.PenStyle.DashLine))
        p.setBrush(Qt.BrushStyle.NoBrush)
        p.drawRoundedRect(r, 6, 6)
        p.restore()
    k = r.width() / CARD_W
    px = words.size(p, 19 * k)  # the count never shrinks below the floor: the badge grows
    bw = max(44 * k, words.width(str(count), px) + px)
    bh = max(28 * k, px * 1.4)
    badge = QRectF(r.center().x() - bw / 2, r.bottom() - bh / 2, bw, bh)
    p.save()
    p.setRenderHint(QPainter.RenderHint.Antialiasing)
    p.setPen(QPen(QColor("#0e151c"), 2 * k))
    p.setBrush(QColor("#f2f4f6") if count else QColor("#5d6870"))
    p.drawRoundedRect(badge, bh / 2, bh / 2)
    p.restore()
    text(p, badge, str(count), px, QColor("#131b22"), Weight.Bold)


def paint_die(p: QPainter, r: QRectF, value: int, used: bool, glow: bool = False) -> None:
    """A six-sided die: pips, or a blank face waiting to be rolled."""
    p.save()
    p.setRenderHint(QPainter.RenderHint.Antialiasing)
    side = r.width()
    p.setPen(Qt.PenStyle.NoPen)
    p.setBrush(QColor(0, 0, 0, 90))
    p.drawRoundedRect(r.translated(side * 0.05, side * 0.08), side * 0.2, side * 0.2)
    g = QLinearGradient(r.topLeft(), r.bottomRight())
    base = QColor("#f7f4ec") if not used else QColor("#9aa5ae")
    g.setColorAt(0, base.lighter(104))
    g.setColorAt(1, base.darker(112))
    p.setPen(QPen(QColor("#3b4650"), side * 0.035))
    p.setBrush(QBrush(g))
    p.drawRoundedRect(r, side * 0.2, side * 0.2)
    if value <= 0:
        text(p, r, "?", side * 0.56, QColor("#7a8894"), Weight.Bold)
    else:
        pips = {1: [(1, 1)], 2: [(0, 0), (2, 2)], 3: [(0, 0), (1, 1), (2, 2)],
                4: [(0, 0), (2, 0), (0, 2), (2, 2)], 5: [(0, 0), (2, 0), (1, 1), (0, 2), (2, 2)],
                6: [(0, 0), (2, 0), (0, 1), (2, 1), (0, 2), (2, 2)]}[min(6, value)]
        p.setPen(Qt.PenStyle.NoPen)
        p.setBrush(QColor("#c0392b") if value == 1 else QColor("#1b232b"))
        for cx, cy in pips:
            x = r.left() + side * (0.24 + 0.26 * cx)
            y = r.top() + side * (0.24 + 0.26 * cy)
            p.drawEllipse(QPointF(x, y), side * 0.085, side * 0.085)
    p.restore()


def paint_captain(p: QPainter, r: QRectF) -> None:
    """The Captain card, as a plaque on its station's name strip."""
    p.save()
    p.setRenderHint(QPainter.RenderHint.Antialiasing)
    g = QLinearGradient(r.topLeft(), r.bottomLeft())
    g.setColorAt(0, QColor("#f7d774"))
    g.setColorAt(1, QColor("#d9a635"))
    p.setPen(QPen(QColor("#5a3f06"), 1.5))
    p.setBrush(QBrush(g))
    p.drawRoundedRect(r, r.height() / 2, r.height() / 2)
    h = r.height()
    if r.width() < h * 2:  # compact: the star alone
        icons.draw_symbol(p, "star", QRectF(r.center().x() - h * 0.36, r.top() + h * 0.12,
                                            h * 0.72, h * 0.72), QColor("#5a3f06"),
                          QColor("#5a3f06"))
        p.restore()
        return
    icons.draw_symbol(p, "star", QRectF(r.left() + h * 0.22, r.top() + h * 0.16, h * 0.68,
                                        h * 0.68), QColor("#5a3f06"), QColor("#5a3f06"))
    text(p, QRectF(r.left() + h * 0.9, r.top(), r.width() - h * 1.0, h), "CAPTAIN",
         words.size(p, h * 0.55),
         QColor("#2a1c02"), Weight.Bold)
    p.restore()


def paint_beacon(p: QPainter, r: QRectF, glow: bool = False) -> None:
    """A distress beacon token: a red disc with a radio mast."""
    p.save()
    p.setRenderHint(QPainter.RenderHint.Antialiasing)
    side = min(r.width(), r.height())
    c = r.center()
    g = QRadialGradient(c - QPointF(side * 0.15, side * 0.15), side * 0.6)
    g.setColorAt(0, QColor("#ff7b6b"))
    g.setColorAt(1, QColor("#a3271d"))
    p.setPen(QPen(QColor("#4a0d08"), side * 0.06))
    p.setBrush(QBrush(g))
    p.drawEllipse(c, side * 0.46, side * 0.46)
    p.setPen(QPen(QColor(255, 255, 255, 220), side * 0.05))
    p.setBrush(Qt.BrushStyle.NoBrush)
    for k in (0.2, 0.3):
        p.drawArc(QRectF(c.x() - side * k, c.y() - side * 0.2 - side * k, side * k * 2,
                         side * k * 2), 30 * 16, 120 * 16)
    icons.draw_symbol(p, "beacon", QRectF(c.x() - side * 0.22, c.y() - side * 0.2, side * 0.44,
                                          side * 0.56), QColor("white"), QColor("#4a0d08"))
    p.restore()


def paint_recent(p: QPainter, r: QRectF) -> None:
    """The recent-threat marker: a small flag pinned on the card's corner."""
    p.save()
    p.setRenderHint(QPainter.RenderHint.Antialiasing)
    side = min(r.width(), r.height())
    c = r.center()
    p.setPen(QPen(QColor("#1b0f02"), side * 0.07))
    p.setBrush(QColor("#ffe27a"))
    p.drawEllipse(c, side * 0.46, side * 0.46)
    flag = QPainterPath()
    flag.moveTo(c.x() - side * 0.16, c.y() + side * 0.28)
    flag.lineTo(c.x() - side * 0.16, c.y() - side * 0.3)
    flag.lineTo(c.x() + side * 0.26, c.y() - side * 0.16)
    flag.lineTo(c.x() - side * 0.16, c.y() - side * 0.02)
    p.setPen(QPen(QColor("#1b0f02"), side * 0.08, Qt.PenStyle.SolidLine, Qt.PenCapStyle.RoundCap,
                  Qt.PenJoinStyle.RoundJoin))
    p.setBrush(QColor("#c2412f"))
    p.drawPath(flag)
    p.restore()


def paint_glow(p: QPainter, r: QRectF, colour: QColor, strength: float = 1.0,
               spread: float = 9.0) -> None:
    kit_items.paint_glow(p, r, colour, strength, spread)
