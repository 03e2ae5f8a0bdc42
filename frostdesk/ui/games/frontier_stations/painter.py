"""Frontier Stations' card faces and table pieces, painted with QPainter from the card data.

Cards are painted in card units (100 x 140 around the centre) and scaled to the rectangle
asked for, so the table, the hover preview and the full-card dialog share one drawing.
"""

from __future__ import annotations

from typing import Any

from PySide6.QtCore import QPointF, QRectF, Qt
from PySide6.QtGui import (
    QBrush, QColor, QFont, QLinearGradient, QPainter, QPainterPath, QPen, QRadialGradient,
)

from frostdesk.games.frontier_stations.content import chance, numbers_text
from frostdesk.ui import theme
from frostdesk.ui.games.frontier_stations import icons
from frostdesk.ui.games.frontier_stations.geometry import CARD_H, CARD_W, card_slots, slot_grid
from frostdesk.ui.kit import items as kit_items
from frostdesk.ui.kit.icons import draw_icon
from frostdesk.ui.kit.text import draw_text

STOCK = QColor("#f3efe6")
STOCK_EDGE = QColor("#cfc6b4")
INK = QColor("#26313b")
INK_SOFT = QColor("#5b6670")
SYSTEM_BAND = QColor("#3f9a5c")  # green standard systems
NEXUS_BAND = QColor("#2f86a6")  # the Nexus
EARLY = QColor("#e27a22")  # orange early threats
LATE = QColor("#c23b32")  # red late threats
GAME_BAND = QColor("#7c6fd8")  # Frontier Stations' thin band (the game colour)
UPGRADE = QColor("#f2c14e")
RADIUS = 7.0


def _card_space(p: QPainter, r: QRectF) -> None:
    """Map card units (100 x 140 around 0, 0) onto `r`."""
    p.translate(r.center())
    p.scale(r.width() / CARD_W, r.height() / CARD_H)


text = draw_text  # one line of table text (the kit's)


def fit_px(s: str, px: float, width: float, weight: QFont.Weight = QFont.Weight.Bold) -> float:
    """The largest size up to `px` at which one line of `s` fits `width` (card units)."""
    from PySide6.QtGui import QFontMetricsF

    size = px
    # fonts are sized in whole pixels; measure at 10x and scale down for sub-pixel sizes
    while size > 4:
        m = QFontMetricsF(theme.scene_font(size * 10, weight))
        if m.horizontalAdvance(s) / 10 <= width:
            return size
        size -= 0.5
    return size


def text_width(s: str, px: float, weight: QFont.Weight = QFont.Weight.Bold) -> float:
    from PySide6.QtGui import QFontMetricsF

    return QFontMetricsF(theme.scene_font(px * 10, weight)).horizontalAdvance(s) / 10


def small_text(p: QPainter, r: QRectF, s: str, px: float, colour: QColor,
               weight: QFont.Weight = QFont.Weight.Normal,
               align: Qt.AlignmentFlag = Qt.AlignmentFlag.AlignCenter, wrap: bool = False,
               italic: bool = False) -> None:
    """Text below a pixel in size: drawn at 10x and scaled, so it keeps its shape."""
    p.save()
    p.translate(r.topLeft())
    p.scale(0.1, 0.1)
    text(p, QRectF(0, 0, r.width() * 10, r.height() * 10), s, px * 10, colour, weight, align,
         wrap, italic)
    p.restore()


def _stock(p: QPainter, r: QRectF, colour: QColor = STOCK) -> QPainterPath:
    path = QPainterPath()
    path.addRoundedRect(r, RADIUS, RADIUS)
    g = QLinearGradient(r.topLeft(), r.bottomRight())
    g.setColorAt(0, colour.lighter(103))
    g.setColorAt(1, colour.darker(104))
    p.setPen(QPen(STOCK_EDGE, 1.0))
    p.setBrush(QBrush(g))
    p.drawPath(path)
    return path


CARD = QRectF(-CARD_W / 2, -CARD_H / 2, CARD_W, CARD_H)


def _dots(p: QPainter, x: float, y: float, ways: int, colour: QColor) -> None:
    """Probability dots: `ways` out of 36, six to a row."""
    p.save()
    p.setPen(Qt.PenStyle.NoPen)
    p.setBrush(colour)
    for i in range(ways):
        row, col = divmod(i, 6)
        p.drawEllipse(QPointF(x + col * 3.6 + 1.3, y + row * 3.6 + 1.3), 1.25, 1.25)
    p.restore()


def _number_box(p: QPainter, x: float, y: float, w: float, on: frozenset[int], ink: QColor,
                big: float = 13.0) -> None:
    """Activation numbers with their probability dots under them."""
    label = numbers_text(on)
    px = fit_px(label, big, w)
    small_text(p, QRectF(x, y, w, big + 2), label, px, ink, QFont.Weight.Bold)
    ways = chance(on, 2)
    _dots(p, x + (w - min(6, ways) * 3.6) / 2, y + big + 3, ways, ink)
    one = chance(on, 1)
    rows = (ways + 5) // 6
    if one and not ways:
        small_text(p, QRectF(x - 2, y + big + 2, w + 4, 6), "1 die only", 4.6, INK_SOFT)
    elif one:
        small_text(p, QRectF(x - 4, y + big + 3 + rows * 3.6, w + 8, 5.5), f"1 die: {one}/6",
                   4.4, INK_SOFT)


def _units_row(p: QPainter, x: float, y: float, w: float, units: tuple[frozenset, ...],
               side: float) -> None:
    """Icons for a list of units, left to right, shrinking to fit `w`."""
    if not units:
        return
    widths = [icons.unit_width(u, side) for u in units]
    total = sum(widths) + 2.5 * (len(units) - 1)
    if total > w:
        side *= w / total
    cx = x
    for u in units:
        used = icons.draw_unit(p, u, QRectF(cx, y + (14 - side) / 2, side, side), INK)
        cx += used + 2.5 * side / 14


def _authored(p: QPainter, x: float, y: float, size: float = 8.0) -> None:
    draw_icon(p, "authored", QRectF(x, y, size, size), QColor("#8a6d2a"))


def _upgrade_badge(p: QPainter, mult: int) -> None:
    """The upgrade marker (x2 .. x5) on the card's top right corner."""
    if mult <= 1:
        return
    c = QPointF(CARD_W / 2 - 11, -CARD_H / 2 + 11)
    path = QPainterPath()
    import math

    for i in range(6):
        a = math.radians(60 * i + 30)
        pt = QPointF(c.x() + 14 * math.cos(a), c.y() + 14 * math.sin(a))
        path.moveTo(pt) if i == 0 else path.lineTo(pt)
    path.closeSubpath()
    p.save()
    p.setPen(QPen(QColor("#5a3f06"), 1.4))
    p.setBrush(UPGRADE if mult <= 3 else QColor("#ff9b5a"))
    p.drawPath(path)
    p.restore()
    small_text(p, QRectF(c.x() - 13, c.y() - 8, 26, 16), f"x{mult}", 12, QColor("#2a1c02"),
               QFont.Weight.Bold)


# ----------------------------------------------------------------------------- systems


def paint_system(p: QPainter, r: QRectF, card: Any, mult: int = 1, nexus: bool = False,
                 price: int | None = None) -> None:
    """A system card (or a station's Nexus): cost, name, activations with probability
    dots and what they make, conversions, storage slots (tokens lie on them), upgrade."""
    p.save()
    p.setRenderHint(QPainter.RenderHint.Antialiasing)
    _card_space(p, r)
    clip = _stock(p, CARD)
    band = NEXUS_BAND if nexus else SYSTEM_BAND
    p.save()
    p.setClipPath(clip)
    p.fillRect(QRectF(CARD.left(), CARD.top(), CARD_W, 22), band)
    p.fillRect(QRectF(CARD.left(), CARD.bottom() - 3, CARD_W, 3), GAME_BAND)
    p.restore()
    left = CARD.left() + 4
    if not nexus:
        cost = card.cost if price is None else price
        icons.draw_credit(p, QRectF(left - 1, CARD.top() + 2, 18, 18), cost)
        tx = left + 19
    else:
        tx = left + 1
    tw = CARD.right() - tx - (22 if mult > 1 else 3)
    px = fit_px(card.name, 11.5, tw)
    small_text(p, QRectF(tx, CARD.top() + 2, tw, 18), card.name, px, QColor("white"),
               QFont.Weight.Bold, Qt.AlignmentFlag.AlignLeft | Qt.AlignmentFlag.AlignVCenter)
    y = CARD.top() + 26
    acts = list(card.activations)
    row_h = 30.0 if len(acts) <= 1 else 26.0
    big = 12.0 if len(acts) <= 1 else 10.5
    nw = max([26.0] + [min(44.0, text_width(numbers_text(a.on), big) + 2) for a in acts])
    for act in acts:
        _number_box(p, left, y, nw, act.on, INK, big)
        p.save()
        p.setPen(QPen(INK_SOFT, 0.8))
        p.drawLine(QPointF(left + nw + 3, y + 2), QPointF(left + nw + 3, y + row_h - 6))
        p.restore()
        _units_row(p, left + nw + 7, y + 1, CARD.right() - left - nw - 11, act.produce, 14.0)
        y += row_h
    if card.convert is not None:
        _convert_row(p, left, y, card.convert)
        y += 18
    if card.salvage:
        small_text(p, QRectF(left, y, 40, 14), "Salvage:", 6.5, INK, QFont.Weight.DemiBold,
                   Qt.AlignmentFlag.AlignLeft | Qt.AlignmentFlag.AlignVCenter)
        _units_row(p, left + 30, y, 50, card.salvage, 12.0)
        small_text(p, QRectF(left, y + 13, CARD_W - 8, 14),
                   "when a threat next to you is destroyed", 4.6, INK_SOFT, wrap=True)
        y += 26
    if not acts and card.convert is None and not card.salvage and card.text:
        small_text(p, QRectF(left, y, CARD_W - 8, 26), card.text, 6.0, INK_SOFT, wrap=True,
                   italic=True)
    _storage(p, card, mult, nexus)
    if card.source == "authored":
        _authored(p, CARD.left() + 3, CARD.bottom() - 12)
    _upgrade_badge(p, mult)
    p.restore()


def _convert_row(p: QPainter, x: float, y: float, conv: Any) -> None:
    """"Spend 2 Energy as 1 Shield": the spent symbols, an arrow, the symbol made."""
    side = 12.0
    cx = x
    for _ in range(conv.count):
        if conv.spend is None:
            icons.draw_any(p, QRectF(cx, y + 1, side, side))
        else:
            icons.draw_resource(p, conv.spend, QRectF(cx, y + 1, side, side))
        cx += side + 1
    p.save()
    p.setPen(QPen(INK, 1.3))
    mid = y + 1 + side / 2
    p.drawLine(QPointF(cx + 2, mid), QPointF(cx + 12, mid))
    p.drawLine(QPointF(cx + 12, mid), QPointF(cx + 8, mid - 3))
    p.drawLine(QPointF(cx + 12, mid), QPointF(cx + 8, mid + 3))
    p.restore()
    cx += 15
    if conv.as_ is None:
        icons.draw_any(p, QRectF(cx, y + 1, side, side))
        label = "any other"
    else:
        icons.draw_resource(p, conv.as_, QRectF(cx, y + 1, side, side))
        label = "when spent"
    small_text(p, QRectF(cx + side + 2, y + 1, CARD.right() - cx - side - 5, side), label,
               5.2, INK_SOFT, align=Qt.AlignmentFlag.AlignLeft | Qt.AlignmentFlag.AlignVCenter)


class _Game:
    """Just enough of the game for card_slots(): one card at one station."""

    def __init__(self, card: Any) -> None:
        self._card = card

    def card(self, state: Any, station: int, card: int) -> Any:
        return self._card


def _storage(p: QPainter, card: Any, mult: int, nexus: bool) -> None:
    kinds = card_slots(_Game(card), None, 0, 0, mult)
    grid = slot_grid(len(kinds))
    if not grid:
        return
    top = min(s.y - s.size / 2 for s in grid) - 3
    p.save()
    p.setPen(QPen(QColor(0, 0, 0, 25), 0.8))
    p.setBrush(QColor(0, 0, 0, 14))
    p.drawRoundedRect(QRectF(CARD.left() + 3, top, CARD_W - 6, CARD.bottom() - 5 - top), 4, 4)
    p.restore()
    for kind, slot in zip(kinds, grid):
        rect = QRectF(slot.x - slot.size / 2, slot.y - slot.size / 2, slot.size, slot.size)
        if kind < 0:
            p.save()
            p.setPen(QPen(INK_SOFT, 0.9, Qt.PenStyle.DashLine))
            p.setBrush(QColor(255, 255, 255, 120))
            p.drawEllipse(rect.adjusted(1, 1, -1, -1))
            p.restore()
            small_text(p, rect, "any", slot.size * 0.32, INK_SOFT, QFont.Weight.DemiBold)
        else:
            icons.draw_resource(p, kind, rect.adjusted(1.5, 1.5, -1.5, -1.5), hollow=True)


# ----------------------------------------------------------------------------- threats


def paint_threat(p: QPainter, r: QRectF, threat: Any, mult: int = 1,
                 price: int | None = None) -> None:
    """A threat card: activation numbers and dots, what it takes, what destroys it."""
    p.save()
    p.setRenderHint(QPainter.RenderHint.Antialiasing)
    _card_space(p, r)
    colour = EARLY if threat.deck == "early" else LATE
    clip = _stock(p, CARD)
    p.save()
    p.setClipPath(clip)
    p.fillRect(QRectF(CARD.left(), CARD.top(), CARD_W, 22), colour)
    p.fillRect(QRectF(CARD.left(), CARD.bottom() - 3, CARD_W, 3), colour.darker(130))
    p.restore()
    left = CARD.left() + 4
    tw = CARD_W - 8 - (22 if mult > 1 else 0)
    px = fit_px(threat.name, 11.5, tw)
    small_text(p, QRectF(left, CARD.top() + 2, tw, 18), threat.name, px, QColor("white"),
               QFont.Weight.Bold, Qt.AlignmentFlag.AlignLeft | Qt.AlignmentFlag.AlignVCenter)
    if threat.reinforcements:
        small_text(p, QRectF(left, -30, CARD_W - 8, 30), "+1", 28, colour.darker(120),
                   QFont.Weight.Bold)
        small_text(p, QRectF(left, 2, CARD_W - 8, 40), "Upgrades the most recent threat "
                   "in this area (or brings it back).", 7, INK_SOFT, wrap=True)
        p.restore()
        return
    y = CARD.top() + 26
    _number_box(p, left, y, 30, threat.on, colour.darker(135), 15.0)
    takes = "Takes from each station" if threat.per_station else "Takes"
    takes_w = CARD.right() - left - 36
    small_text(p, QRectF(left + 34, y - 1, takes_w, 9), takes,
               fit_px(takes, 6.5, takes_w, QFont.Weight.DemiBold),
               colour.darker(150) if threat.per_station else INK_SOFT,
               QFont.Weight.DemiBold, Qt.AlignmentFlag.AlignLeft)
    _units_row(p, left + 34, y + 8, CARD.right() - left - 38, threat.consume, 15.0)
    if threat.text:
        small_text(p, QRectF(left, y + 36, CARD_W - 8, 28), threat.text, 5.6, INK_SOFT,
                   wrap=True, italic=True)
    # destruction cost along the bottom
    by = CARD.bottom() - 34
    p.save()
    p.setPen(Qt.PenStyle.NoPen)
    tint = QColor(colour)
    tint.setAlpha(40)
    p.setBrush(tint)
    p.drawRoundedRect(QRectF(CARD.left() + 3, by, CARD_W - 6, 28), 4, 4)
    p.restore()
    small_text(p, QRectF(left, by + 1, 60, 8), "Destroy", 6.0, INK, QFont.Weight.DemiBold,
               Qt.AlignmentFlag.AlignLeft)
    credits = threat.credits if price is None else price
    icons.draw_credit(p, QRectF(left, by + 9, 17, 17), credits)
    if threat.destroy:
        small_text(p, QRectF(left + 18, by + 9, 8, 17), "+", 9, INK, QFont.Weight.Bold)
        _units_row(p, left + 27, by + 10.5, CARD.right() - left - 31, threat.destroy, 14.0)
    if threat.source == "authored":
        _authored(p, CARD.right() - 11, by - 10)
    _upgrade_badge(p, mult)
    p.restore()


def paint_back(p: QPainter, r: QRectF, deck: str, destroyed: bool = False) -> None:
    """A card back: green systems, orange early threats, red late threats."""
    colour = {"systems": SYSTEM_BAND, "early": EARLY, "late": LATE}.get(deck, SYSTEM_BAND)
    p.save()
    p.setRenderHint(QPainter.RenderHint.Antialiasing)
    _card_space(p, r)
    g = QLinearGradient(CARD.topLeft(), CARD.bottomRight())
    g.setColorAt(0, colour.lighter(115))
    g.setColorAt(1, colour.darker(150))
    p.setPen(QPen(colour.darker(190), 1.2))
    p.setBrush(QBrush(g))
    p.drawRoundedRect(CARD, RADIUS, RADIUS)
    inner = CARD.adjusted(7, 7, -7, -7)
    p.setBrush(Qt.BrushStyle.NoBrush)
    p.setPen(QPen(QColor(255, 255, 255, 90), 1.2))
    p.drawRoundedRect(inner, 4, 4)
    # a station ring: the game's emblem
    p.setPen(QPen(QColor(255, 255, 255, 150), 2.2))
    p.drawEllipse(QPointF(0, -8), 22, 22)
    p.setPen(QPen(QColor(255, 255, 255, 110), 1.2))
    p.drawEllipse(QPointF(0, -8), 12, 12)
    for dx, dy in ((0, -30), (22, -8), (0, 14), (-22, -8)):
        p.setBrush(QColor(255, 255, 255, 170))
        p.setPen(Qt.PenStyle.NoPen)
        p.drawEllipse(QPointF(dx, dy), 3.2, 3.2)
    label = {"systems": "SYSTEMS", "early": "EARLY THREAT", "late": "LATE THREAT"}.get(deck, "")
    small_text(p, QRectF(-46, 28, 92, 14), label, 8.5, QColor(255, 255, 255, 220),
               QFont.Weight.Bold)
    if destroyed:  # face down in its area: it no longer activates, so it steps back
        p.setPen(Qt.PenStyle.NoPen)
        p.setBrush(QColor(14, 21, 28, 120))
        p.drawRoundedRect(CARD, RADIUS, RADIUS)
        p.setBrush(QColor(20, 26, 32, 200))
        p.drawRect(QRectF(CARD.left(), 44, CARD_W, 18))
        small_text(p, QRectF(CARD.left(), 44, CARD_W, 18), "DESTROYED", 9, QColor("#ffd9a8"),
                   QFont.Weight.Bold)
    p.restore()


# ----------------------------------------------------------------------------- table


def paint_pile(p: QPainter, r: QRectF, deck: str, count: int) -> None:
    """A deck: stacked backs (or an empty outline) and its count in a badge."""
    if count > 0:
        for i in (2, 1):
            if count > i * 3:
                paint_back(p, r.translated(i * 2.5, -i * 2.5), deck)
        paint_back(p, r, deck)
    else:
        p.save()
        p.setRenderHint(QPainter.RenderHint.Antialiasing)
        p.setPen(QPen(QColor(255, 255, 255, 70), 2, Qt.PenStyle.DashLine))
        p.setBrush(Qt.BrushStyle.NoBrush)
        p.drawRoundedRect(r, 6, 6)
        p.restore()
    k = r.width() / CARD_W
    badge = QRectF(r.center().x() - 22 * k, r.bottom() - 14 * k, 44 * k, 28 * k)
    p.save()
    p.setRenderHint(QPainter.RenderHint.Antialiasing)
    p.setPen(QPen(QColor("#0e151c"), 2 * k))
    p.setBrush(QColor("#f2f4f6") if count else QColor("#5d6870"))
    p.drawRoundedRect(badge, 14 * k, 14 * k)
    p.restore()
    text(p, badge, str(count), 19 * k, QColor("#131b22"), QFont.Weight.Bold)


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
        text(p, r, "?", side * 0.56, QColor("#7a8894"), QFont.Weight.Bold)
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
    text(p, QRectF(r.left() + h * 0.9, r.top(), r.width() - h * 1.0, h), "CAPTAIN", h * 0.5,
         QColor("#2a1c02"), QFont.Weight.Bold)
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
