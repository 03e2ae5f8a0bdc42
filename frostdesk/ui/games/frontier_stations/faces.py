"""Frontier Stations' card faces (systems, the Nexus, threats, backs), painted with QPainter
from the card data.

Cards are painted in card units (100 x 140 around the centre) and scaled to the rectangle
asked for, so the table, the hover preview and the full-card dialog share one drawing. A face
knows the size it comes out at (`Face`): the zoom and the dialog show every word, a small card
on a crowded table keeps its numbers, symbols, cost, storage and (where it fits) its name large
enough to read and leaves the rules words to the zoom. All words go through words.text (the
kit's text painter).
"""

from __future__ import annotations

import math
from typing import Any

from PySide6.QtCore import QPointF, QRectF, Qt
from PySide6.QtGui import QBrush, QColor, QLinearGradient, QPainter, QPainterPath, QPen

from frostdesk.games.frontier_stations.content import chance, numbers_text
from frostdesk.ui.games.frontier_stations import icons, words
from frostdesk.ui.games.frontier_stations.geometry import CARD_H, CARD_W, card_slots, slot_grid
from frostdesk.ui.games.frontier_stations.words import LEFT, Weight, text
from frostdesk.ui.kit.icons import draw_icon
from frostdesk.ui.kit.text import floor_px

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
FULL_FACE_FLOOR = 6.2  # card units: with a floor this low the whole card reads (zoom, dialog)
DETAIL = 5.9  # the small rules words of a full face, in card units (the zoom shows them)


def _card_space(p: QPainter, r: QRectF) -> None:
    """Map card units (100 x 140 around 0, 0) onto `r`."""
    p.translate(r.center())
    p.scale(r.width() / CARD_W, r.height() / CARD_H)


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
INNER_W = CARD_W - 8


class Face:
    """The sizes of one card face as it comes out on the screen.

    `f` is the floor in card units: about 5 in the hover zoom and the card dialog, where every
    word of the card fits, and 15 to 25 on a crowded table, where the face keeps what a player
    reads at a glance (numbers, symbols, storage, cost, the name when it fits) in larger type
    and leaves the rules words to the zoom."""

    def __init__(self, p: QPainter) -> None:
        self.f = floor_px(p)
        self.compact = self.f > FULL_FACE_FLOOR

    def px(self, base: float) -> float:
        """A text size: `base` on a full face, never below the floor."""
        return max(base, self.f * 1.01)

    def side(self, base: float, k: float = 0.9) -> float:
        """A symbol's size: `base`, grown with the text on a compact face."""
        return max(base, self.f * k) if self.compact else base

    @property
    def band(self) -> float:
        return max(22.0, self.f * 1.38 + 2)


def _dots(p: QPainter, x: float, y: float, ways: int, colour: QColor) -> None:
    """Probability dots: `ways` out of 36, six to a row."""
    p.save()
    p.setPen(Qt.PenStyle.NoPen)
    p.setBrush(colour)
    for i in range(ways):
        row, col = divmod(i, 6)
        p.drawEllipse(QPointF(x + col * 3.6 + 1.3, y + row * 3.6 + 1.3), 1.25, 1.25)
    p.restore()


def _numbers(p: QPainter, x: float, y: float, w: float, on: frozenset[int], ink: QColor,
             px: float, dots: bool) -> None:
    """Activation numbers, with their probability dots under them when there is room."""
    label = numbers_text(on)
    text(p, QRectF(x, y, w, px + 2), label, px, ink, Weight.Bold)
    if not dots:
        return
    ways = chance(on, 2)
    _dots(p, x + (w - min(6, ways) * 3.6) / 2, y + px + 3, ways, ink)
    one = chance(on, 1)
    rows = (ways + 5) // 6
    if one and not ways:
        text(p, QRectF(x - 4, y + px + 2, w + 8, 7), "1 die only", DETAIL, INK_SOFT,
             detail=True)
    elif one:
        text(p, QRectF(x - 6, y + px + 3 + rows * 3.6, w + 12, 7), f"1 die: {one}/6", DETAIL,
             INK_SOFT, detail=True)


def _units_w(units: tuple[frozenset, ...], side: float) -> float:
    if not units:
        return 0.0
    return sum(icons.unit_width(u, side) for u in units) + 2.5 * side / 14 * (len(units) - 1)


def _units_row(p: QPainter, x: float, y: float, w: float, units: tuple[frozenset, ...],
               side: float) -> None:
    """Icons for a list of units, left to right from (x, y), shrinking to fit `w`."""
    if not units:
        return
    total = _units_w(units, side)
    if total > w:
        side *= w / total
    cx = x
    for u in units:
        used = icons.draw_unit(p, u, QRectF(cx, y, side, side), INK)
        cx += used + 2.5 * side / 14


def _authored(p: QPainter, x: float, y: float, size: float = 8.0) -> None:
    draw_icon(p, "authored", QRectF(x, y, size, size), QColor("#8a6d2a"))


def _badge_r(face: Face) -> float:
    return max(14.0, face.f * 0.92)


def _upgrade_badge(p: QPainter, face: Face, mult: int, strip: float = CARD_W) -> None:
    """The upgrade marker (x2 .. x5) on the card's top right corner (of the part that shows
    from under the next card of a fan)."""
    if mult <= 1:
        return
    rad = _badge_r(face)
    right = CARD.left() + max(2 * rad + 4, min(CARD_W, strip))
    c = QPointF(right - rad + 3, -CARD_H / 2 + rad - 3)
    path = QPainterPath()
    for i in range(6):
        a = math.radians(60 * i + 30)
        pt = QPointF(c.x() + rad * math.cos(a), c.y() + rad * math.sin(a))
        path.moveTo(pt) if i == 0 else path.lineTo(pt)
    path.closeSubpath()
    p.save()
    p.setPen(QPen(QColor("#5a3f06"), 1.4))
    p.setBrush(UPGRADE if mult <= 3 else QColor("#ff9b5a"))
    p.drawPath(path)
    p.restore()
    text(p, QRectF(c.x() - rad, c.y() - rad * 0.62, rad * 2, rad * 1.24), f"x{mult}",
         face.px(12), QColor("#2a1c02"), Weight.Bold)


class Title:
    """How a card's title band is laid out: its name on one line, on two, or (when a word
    alone is too wide for a small card) not at all; the zoom always shows it."""

    def __init__(self, face: Face, name: str, mult: int, coin: bool, lines: int,
                 strip: float = CARD_W) -> None:
        self.coin = max(18.0, face.f * 1.3) if coin else 0.0
        self.x = CARD.left() + (5 + self.coin if coin else 5)
        right = CARD.left() + min(CARD_W, strip)  # a fanned card shows its left part only
        self.w = right - self.x - (2 * _badge_r(face) - 2 if mult > 1 else 3)
        self.lines: list[str] = []
        self.px = max(11.5, face.f)
        one = max(22.0, face.f * 1.38 + 2, self.coin + 4)
        if lines >= 1:
            self.px = max(words.fit_px(name, max(11.5, face.f), self.w, least=4.5), face.f)
            if words.width(name, self.px) <= self.w + 0.01:
                self.lines = [name]
            elif lines >= 2 and face.compact:
                self.px = face.px(9.0)
                got = words.wrap_lines(name, self.px, self.w) or []
                self.lines = got if len(got) == 2 else []
        if len(self.lines) == 2:
            self.height = max(one, self.px * 2.3 + 4)
        elif self.lines:
            self.height = one
        else:
            self.height = max(self.coin + 4, 10.0 if face.compact else one)
        if mult > 1:  # the upgrade badge stays on the band
            self.height = max(self.height, 2 * _badge_r(face) - 6)


def _titles(face: Face, name: str, mult: int, coin: bool, strip: float) -> list[Title]:
    """The ways a title may be laid out, best first (a small face tries them in turn)."""
    if not face.compact:
        return [Title(face, name, mult, coin, 1)]
    out = [Title(face, name, mult, coin, 2, strip)]
    if out[0].lines:
        out.append(Title(face, name, mult, coin, 0, strip))
    return out


def _band(p: QPainter, clip: QPainterPath, title: Title, colour: QColor, bottom: QColor,
          cost: int | None) -> float:
    """The title band: the cost coin, the name and room for the upgrade badge; its bottom."""
    bh = title.height
    p.save()
    p.setClipPath(clip)
    p.fillRect(QRectF(CARD.left(), CARD.top(), CARD_W, bh), colour)
    p.fillRect(QRectF(CARD.left(), CARD.bottom() - 3, CARD_W, 3), bottom)
    p.restore()
    if cost is not None:
        d = title.coin
        icons.draw_credit(p, QRectF(CARD.left() + 3, CARD.top() + 2, d, d), cost)
    line = (bh - 2) / max(1, len(title.lines))
    for i, name in enumerate(title.lines):
        text(p, QRectF(title.x, CARD.top() + 1 + i * line, title.w, line), name, title.px,
             QColor("white"), Weight.Bold, LEFT)
    return CARD.top() + bh


class _Game:
    """Just enough of the game for card_slots(): one card at one station."""

    def __init__(self, card: Any) -> None:
        self._card = card

    def card(self, state: Any, station: int, card: int) -> Any:
        return self._card


def _storage_top(card: Any, mult: int) -> float:
    grid = slot_grid(len(card_slots(_Game(card), None, 0, 0, mult)))
    if not grid:
        return CARD.bottom() - 6
    return min(s.y - s.size / 2 for s in grid) - 3


# ----------------------------------------------------------------------------- systems


Row = tuple[Any, float, float, float, bool, bool, float]


def paint_system(p: QPainter, r: QRectF, card: Any, mult: int = 1, nexus: bool = False,
                 price: int | None = None, strip: float = CARD_W) -> None:
    """A system card (or a station's Nexus): cost, name, activations with probability
    dots and what they make, conversions, storage slots (tokens lie on them), upgrade."""
    p.save()
    p.setRenderHint(QPainter.RenderHint.Antialiasing)
    _card_space(p, r)
    face = Face(p)
    clip = _stock(p, CARD)
    cost = None if nexus else (card.cost if price is None else price)
    left = CARD.left() + 4
    room = _storage_top(card, mult) - 2
    acts = list(card.activations)
    # a small face first keeps its name (on two lines if need be), then grows its numbers
    # and symbols into the room it has; when even that is too much it shrinks its symbols
    # (never its words) until everything is above the storage slots
    plan: list[Row] = []
    size = 1.0
    grows = (1.3, 1.15, 1.0) if face.compact else (1.0,)
    titles = _titles(face, card.name, mult, not nexus, strip)
    options = [(t, g, True) for t in titles for g in grows]
    options += [(titles[-1], g, False) for g in (0.8, 0.65)] if face.compact else []
    title = titles[0]
    for title, size, dots in options:
        plan = _plan_activations(face, acts, size, dots and not face.compact)
        need = sum(row[-1] for row in plan) + _extras(face, card, size)
        if not face.compact or CARD.top() + title.height + 4 + need <= room:
            break
    y = _band(p, clip, title, NEXUS_BAND if nexus else SYSTEM_BAND, GAME_BAND, cost) + 4
    for act, nw, px, side, inline, dots, row_h in plan:
        _activation(p, left, y, act, nw, px, side, inline, dots)
        y += row_h
    side = face.side(12, 0.8) * size
    if card.convert is not None:
        _convert_row(p, left, y, card.convert, side)
        y += side + 6
    if card.salvage:
        if face.compact:
            icons.draw_salvage(p, QRectF(left, y, side, side), INK)
            _units_row(p, left + side + 4, y, INNER_W - side - 4, card.salvage, side)
        else:
            text(p, QRectF(left, y, 40, 14), "Salvage:", 6.5, INK, Weight.DemiBold, LEFT,
                 detail=True)
            _units_row(p, left + 30, y + 1, 50, card.salvage, 12.0)
            text(p, QRectF(left, y + 13, INNER_W, 17),
                 "when a threat next to you is destroyed", DETAIL, INK_SOFT, wrap=True,
                 detail=True)
        y += side + 14
    if not acts and card.convert is None and not card.salvage and card.text:
        text(p, QRectF(left, y, INNER_W, max(20.0, room - y)), card.text, 6.2, INK_SOFT,
             wrap=True, italic=True, detail=True)
    _storage(p, card, mult)
    if card.source == "authored":
        _authored(p, CARD.left() + 3, CARD.bottom() - 12)
    _upgrade_badge(p, face, mult, strip)
    p.restore()


def _extras(face: Face, card: Any, size: float) -> float:
    """The height of a card's conversion and salvage rows."""
    side = face.side(12, 0.8) * size
    return (side + 6 if card.convert is not None else 0.0) + \
        (side + (14 if not face.compact else 4) if card.salvage else 0.0)


def _plan_activations(face: Face, acts: list[Any], size: float, dots: bool) -> list[Row]:
    """How each activation row is drawn: (activation, numbers width, their size, symbol
    size, numbers and symbols on one line, dots, row height). `size` grows (or shrinks) the
    symbols of a small face, and grows its numbers."""
    px = face.px(12.0 if len(acts) <= 1 else 10.5) * max(1.0, size)
    nw = max([26.0] + [min(INNER_W, words.width(numbers_text(a.on), px) + 2) for a in acts])
    if nw >= INNER_W and face.compact:  # never wider than the card: the numbers stay whole
        px = face.px(12.0 if len(acts) <= 1 else 10.5)
        nw = max(min(INNER_W, words.width(numbers_text(a.on), px) + 2) for a in acts)
    out = []
    for act in acts:
        side = face.side(14.0) * size
        inline = nw + 7 + _units_w(act.produce, side) * 0.75 <= INNER_W
        if inline:
            num_h = px + 2
            if dots:
                num_h += 1 + (chance(act.on, 2) + 5) // 6 * 3.6 + (7 if chance(act.on, 1) else 0)
            row_h = max(num_h, side) + (4.0 if face.compact else 2.0)
            if not face.compact:
                row_h = max(row_h, 30.0 if len(acts) <= 1 else 26.0)
        else:
            row_h = px + 2 + side + 5
        out.append((act, nw, px, side, inline, dots, row_h))
    return out


def _activation(p: QPainter, left: float, y: float, act: Any, nw: float, px: float,
                side: float, inline: bool, dots: bool) -> None:
    if inline:
        _numbers(p, left, y, nw, act.on, INK, px, dots)
        p.save()
        p.setPen(QPen(INK_SOFT, 0.8))
        p.drawLine(QPointF(left + nw + 3, y + 2), QPointF(left + nw + 3, y + max(px, side)))
        p.restore()
        top = y + max(0.0, (px + 2 - side) / 2)
        _units_row(p, left + nw + 7, top, INNER_W - nw - 7, act.produce, side)
    else:
        w = words.width(numbers_text(act.on), px) + 2
        _numbers(p, left, y, min(INNER_W, w), act.on, INK, px, False)
        _units_row(p, left + 2, y + px + 3, INNER_W - 2, act.produce, side)


def _convert_row(p: QPainter, x: float, y: float, conv: Any, side: float) -> None:
    """"Spend 2 Energy as 1 Shield": the spent symbols, an arrow, the symbol made (smaller
    when they would not fit the card's width)."""
    side = min(side, INNER_W / (conv.count * (1 + 1 / 12) + 15 / 12 + 1))
    cx = x
    for _ in range(conv.count):
        if conv.spend is None:
            icons.draw_any(p, QRectF(cx, y + 1, side, side))
        else:
            icons.draw_resource(p, conv.spend, QRectF(cx, y + 1, side, side))
        cx += side + 1
    k = side / 12
    p.save()
    p.setPen(QPen(INK, 1.3 * k))
    mid = y + 1 + side / 2
    p.drawLine(QPointF(cx + 2 * k, mid), QPointF(cx + 12 * k, mid))
    p.drawLine(QPointF(cx + 12 * k, mid), QPointF(cx + 8 * k, mid - 3 * k))
    p.drawLine(QPointF(cx + 12 * k, mid), QPointF(cx + 8 * k, mid + 3 * k))
    p.restore()
    cx += 15 * k
    if conv.as_ is None:
        icons.draw_any(p, QRectF(cx, y + 1, side, side))
        label = "any other"
    else:
        icons.draw_resource(p, conv.as_, QRectF(cx, y + 1, side, side))
        label = "when spent"
    text(p, QRectF(cx + side + 2, y + 1, CARD.right() - cx - side - 5, side), label,
         DETAIL, INK_SOFT, align=LEFT, detail=True)


def _storage(p: QPainter, card: Any, mult: int) -> None:
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
    for kind, slot in zip(kinds, grid, strict=True):
        rect = QRectF(slot.x - slot.size / 2, slot.y - slot.size / 2, slot.size, slot.size)
        if kind < 0:  # a slot for any kind: a dashed ring around a faint "any" disc
            p.save()
            p.setPen(QPen(INK_SOFT, 0.9, Qt.PenStyle.DashLine))
            p.setBrush(QColor(255, 255, 255, 120))
            p.drawEllipse(rect.adjusted(1, 1, -1, -1))
            p.setOpacity(0.55)
            icons.draw_any(p, rect.adjusted(3.5, 3.5, -3.5, -3.5))
            p.restore()
        else:
            icons.draw_resource(p, kind, rect.adjusted(1.5, 1.5, -1.5, -1.5), hollow=True)


# ----------------------------------------------------------------------------- threats


def paint_threat(p: QPainter, r: QRectF, threat: Any, mult: int = 1,
                 price: int | None = None, strip: float = CARD_W) -> None:
    """A threat card: activation numbers and dots, what it takes, what destroys it."""
    p.save()
    p.setRenderHint(QPainter.RenderHint.Antialiasing)
    _card_space(p, r)
    face = Face(p)
    colour = EARLY if threat.deck == "early" else LATE
    clip = _stock(p, CARD)
    left = CARD.left() + 4
    titles = _titles(face, threat.name, mult, False, strip)
    if threat.reinforcements:
        _band(p, clip, titles[0], colour, colour.darker(130), None)
        text(p, QRectF(left, -30, INNER_W, 30), "+1", face.px(28), colour.darker(120),
             Weight.Bold)
        text(p, QRectF(left, 2, INNER_W, 40), "Upgrades the most recent threat "
             "in this area (or brings it back).", 7, INK_SOFT, wrap=True, detail=True)
        _upgrade_badge(p, face, mult, strip)
        p.restore()
        return
    ink = colour.darker(135)
    label = numbers_text(threat.on)
    dh = max(28.0, face.f * 1.45)
    by = CARD.bottom() - dh - 6
    px, side, inline = 15.0, 15.0, True
    mark = 0.0
    title = titles[0]
    if face.compact:  # the number is what a player looks for: as large as there is room
        mark_k = 0.9 if threat.per_station else 0.0
        for title in titles:
            for grow in (1.35, 1.15, 1.0):
                px = max(words.fit_px(label, face.f * 1.15 * grow, INNER_W - 4), face.px(15))
                side = face.side(15.0, 0.95) * grow
                mark = side * mark_k
                uw = _units_w(threat.consume, side) + mark
                nw = words.width(label, px) + 2
                inline = nw + 6 + uw <= INNER_W
                need = px + 4 if inline else px + side + 8
                if CARD.top() + title.height + 4 + need <= by - 2:
                    break
            else:
                continue
            break
    y = _band(p, clip, title, colour, colour.darker(130), None) + 4
    nw = max(30.0, words.width(label, px) + 2)
    if not face.compact:
        inline = True
    _numbers(p, left, y, nw, threat.on, ink, px, not face.compact)
    if inline:
        ux = left + nw + 4
        uy = y + 8 if not face.compact else y + max(0.0, (px + 2 - side) / 2)
    else:
        ux, uy = left, y + px + 4
    if not face.compact:  # above the symbols (a small face has no room there: the zoom says it)
        takes = ["Once per station beside it", "Per station beside it", "Per station"] \
            if threat.per_station else ["Takes"]
        words.first_fit(p, QRectF(ux, y - 1, CARD.right() - ux - 2, 9), takes, 6.5,
                        colour.darker(150) if threat.per_station else INK_SOFT,
                        Weight.DemiBold, Qt.AlignmentFlag.AlignLeft, optional=True, detail=True)
    if mark:  # "once for each station next to it", as a sign
        icons.draw_each_station(p, QRectF(ux, uy, mark, side), colour.darker(150))
        ux += mark + 2
    _units_row(p, ux, uy, CARD.right() - ux - 4, threat.consume, side)
    # destruction cost along the bottom
    if threat.text:  # under the numbers and symbols, where the zoom (or a large card) has room
        below = max(y + 36, (y + px + 4) if inline else (uy + side + 4))
        text(p, QRectF(left, below, INNER_W, by - below - 1), threat.text, 6.2, INK_SOFT,
             wrap=True, italic=True, detail=True)
    p.save()
    p.setPen(Qt.PenStyle.NoPen)
    tint = QColor(colour)
    tint.setAlpha(40)
    p.setBrush(tint)
    p.drawRoundedRect(QRectF(CARD.left() + 3, by, CARD_W - 6, dh), 4, 4)
    p.restore()
    credits = threat.credits if price is None else price
    if face.compact:
        cs, cy = dh - 4, by + 2
    else:
        text(p, QRectF(left, by + 1, 60, 8), "Destroy", 6.2, INK, Weight.DemiBold,
             Qt.AlignmentFlag.AlignLeft, detail=True)
        cs, cy = 17.0, by + 9
    icons.draw_credit(p, QRectF(left, cy, cs, cs), credits)
    if threat.destroy:
        us = face.side(14.0, 0.9)
        plus = 9.0 * us / 14
        p.save()  # "+" as a sign (not a word), as large as the symbols beside it
        p.setPen(QPen(INK, max(1.2, us * 0.1)))
        mx, my = left + cs + plus / 2 + 1, cy + cs / 2
        p.drawLine(QPointF(mx - plus * 0.32, my), QPointF(mx + plus * 0.32, my))
        p.drawLine(QPointF(mx, my - plus * 0.32), QPointF(mx, my + plus * 0.32))
        p.restore()
        _units_row(p, left + cs + plus + 2, cy + (cs - us) / 2,
                   CARD.right() - left - cs - plus - 6, threat.destroy, us)
    if threat.source == "authored":
        _authored(p, CARD.right() - 11, by - 10)
    _upgrade_badge(p, face, mult, strip)
    p.restore()


def paint_back(p: QPainter, r: QRectF, deck: str, destroyed: bool = False,
               label: bool = True) -> None:
    """A card back: green systems, orange early threats, red late threats (with the deck's
    name where it fits, unless `label` is off: a deck has its caption above it)."""
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
    if deck == "late":  # a hatched back: the late deck reads apart without its colour
        _hatch(p, inner)
    p.setBrush(Qt.BrushStyle.NoBrush)
    p.setPen(QPen(QColor(255, 255, 255, 90), 1.2))
    p.drawRoundedRect(inner, 4, 4)
    if deck in ("early", "late"):
        # a threat deck: a warning sign, one chevron for the early deck, two for the late
        _chevrons(p, 1 if deck == "early" else 2)
    else:  # a station ring: the game's emblem
        p.setPen(QPen(QColor(255, 255, 255, 150), 2.2))
        p.drawEllipse(QPointF(0, -8), 22, 22)
        p.setPen(QPen(QColor(255, 255, 255, 110), 1.2))
        p.drawEllipse(QPointF(0, -8), 12, 12)
        for dx, dy in ((0, -30), (22, -8), (0, 14), (-22, -8)):
            p.setBrush(QColor(255, 255, 255, 170))
            p.setPen(Qt.PenStyle.NoPen)
            p.drawEllipse(QPointF(dx, dy), 3.2, 3.2)
    deck_word = {"systems": "SYSTEMS", "early": "EARLY THREAT",
                 "late": "LATE THREAT"}.get(deck, "")
    if not destroyed and deck_word:  # the colour says the deck; the word where it fits
        words.first_fit(p, QRectF(-46, 26, 92, 18), [deck_word], 8.5,
                        QColor(255, 255, 255, 220), optional=True)
    else:  # face down in its area: it no longer activates, so it steps back
        p.setPen(Qt.PenStyle.NoPen)
        p.setBrush(QColor(14, 21, 28, 120))
        p.drawRoundedRect(CARD, RADIUS, RADIUS)
        px = words.size(p, 9)
        band = QRectF(CARD.left(), 42, CARD_W, max(18.0, px * 1.4))
        if words.fits(p, "DESTROYED", px, CARD_W - 4):
            p.setBrush(QColor(20, 26, 32, 200))
            p.drawRect(band)
            text(p, band, "DESTROYED", px, QColor("#ffd9a8"), Weight.Bold)
        else:
            _cross(p, QColor("#ffd9a8"))
    p.restore()


def _hatch(p: QPainter, r: QRectF) -> None:
    """Diagonal stripes over `r` (the late threat deck's back)."""
    p.save()
    clip = QPainterPath()
    clip.addRoundedRect(r, 4, 4)
    p.setClipPath(clip, Qt.ClipOperation.IntersectClip)
    p.setPen(QPen(QColor(255, 255, 255, 55), 4.5))
    step = 13.0
    x = r.left() - r.height()
    while x < r.right():
        p.drawLine(QPointF(x, r.bottom()), QPointF(x + r.height(), r.top()))
        x += step
    p.restore()


def _chevrons(p: QPainter, count: int) -> None:
    """A threat deck's sign on its back: a shield outline with `count` chevrons in it."""
    p.save()
    p.setBrush(QColor(14, 21, 28, 110))
    p.setPen(QPen(QColor(255, 255, 255, 200), 2.4))
    shield = QPainterPath()
    shield.moveTo(0, -38)
    shield.lineTo(26, -28)
    shield.lineTo(24, 0)
    shield.quadTo(18, 16, 0, 24)
    shield.quadTo(-18, 16, -24, 0)
    shield.lineTo(-26, -28)
    shield.closeSubpath()
    p.drawPath(shield)
    p.setBrush(Qt.BrushStyle.NoBrush)
    p.setPen(QPen(QColor(255, 255, 255, 235), 5.5, Qt.PenStyle.SolidLine,
                  Qt.PenCapStyle.RoundCap, Qt.PenJoinStyle.RoundJoin))
    gap = 13.0
    top = -10 - gap * (count - 1) / 2
    for i in range(count):
        y = top + i * gap
        p.drawPolyline([QPointF(-13, y + 7), QPointF(0, y - 5), QPointF(13, y + 7)])
    p.restore()


def _cross(p: QPainter, colour: QColor) -> None:
    """Destroyed, as a sign: a bold X over the emblem (when the word does not fit)."""
    p.save()
    p.setPen(QPen(colour, 7, Qt.PenStyle.SolidLine, Qt.PenCapStyle.RoundCap))
    for a, b in (((-24, -34), (24, 18)), ((24, -34), (-24, 18))):
        p.drawLine(QPointF(*a), QPointF(*b))
    p.restore()
