"""Frost Shelter's card faces, painted with QPainter from the card data (no bitmaps).

Every function paints into a rectangle in item coordinates, and every text through
table_text, which never goes below the 11 pt floor: a face keeps its numbers and names large
for its size and leaves out what only the hover zoom and the card dialog need to show (the
turned corner number, flavour, an equipment card's effect) when it is small. Icons come from
resources/icons/<icon>.svg (tinted to the resource colour, frostdesk.ui.kit.icons), so each
resource has its own shape as well as its own colour.
"""

from __future__ import annotations

import math
from typing import Any

from PySide6.QtCore import QPointF, QRectF, Qt
from PySide6.QtGui import (
    QBrush,
    QColor,
    QFont,
    QLinearGradient,
    QPainter,
    QPainterPath,
    QPen,
    QRadialGradient,
)

from frostdesk.ui.games.frost_shelter.table_text import draw_text as _text
from frostdesk.ui.games.frost_shelter.table_text import (
    fit_px,
    fit_text,
    floor_px,
    text_width,
    wrapped_height,
)
from frostdesk.ui.kit import icons
from frostdesk.ui.kit.items import corner_radius as radius
from frostdesk.ui.kit.text import shown_px

STOCK = QColor("#f5f1e8")
STOCK_EDGE = QColor("#d8d0c0")
INK = QColor("#27313a")
INK_SOFT = QColor("#5d6870")
GAME_BAND = QColor("#5aa9d6")  # Frost Shelter's band colour
BACK_DARK = QColor("#13283b")
BACK_LIGHT = QColor("#27527a")
EVENT_DARK = QColor("#2b1d26")
EVENT_BAND = QColor("#b4473a")

RESOURCE_INK = {  # darker variants of the resource colours for text on off-white stock
    0: QColor("#c2531c"), 1: QColor("#1f6fb8"), 2: QColor("#3c8a22"), 3: QColor("#6b6158"),
}


# ----------------------------------------------------------------------------- icons


def draw_icon(p: QPainter, name: str, rect: QRectF, colour: QColor, tint: bool = False) -> None:
    """Paint icon `name` from resources/icons (frostdesk.ui.kit.icons.draw_icon)."""
    icons.draw_icon(p, name, rect, colour, tint)


# ----------------------------------------------------------------------------- helpers


def _stock(p: QPainter, r: QRectF, colour: QColor = STOCK) -> QPainterPath:
    path = QPainterPath()
    path.addRoundedRect(r, radius(r), radius(r))
    g = QLinearGradient(r.topLeft(), r.bottomRight())
    g.setColorAt(0, colour.lighter(103))
    g.setColorAt(1, colour.darker(104))
    p.setPen(QPen(STOCK_EDGE, max(0.8, r.width() * 0.012)))
    p.setBrush(QBrush(g))
    p.drawPath(path)
    return path


def _authored_mark(p: QPainter, r: QRectF, on_dark: bool = False) -> None:
    side = r.width() * 0.14
    box = QRectF(r.right() - side * 1.35, r.bottom() - side * 1.35, side, side)
    p.save()
    p.setPen(Qt.PenStyle.NoPen)
    p.setBrush(QColor(255, 255, 255, 40) if on_dark else QColor(0, 0, 0, 22))
    p.drawEllipse(box.adjusted(-side * 0.18, -side * 0.18, side * 0.18, side * 0.18))
    p.restore()
    draw_icon(p, "authored", box, QColor("#d9b45a") if on_dark else QColor("#8a6d2a"))


# ----------------------------------------------------------------------------- faces


def paint_resource(p: QPainter, r: QRectF, res: int, value: int, colour: str, icon: str,
                   name: str, relic: bool = False) -> None:
    """A resource card: a big corner number over a small icon (readable where cards overlap
    in a fan), the resource's icon in the middle and a thin coloured band."""
    clip = _stock(p, r)
    col = QColor(colour)
    ink = RESOURCE_INK.get(res, col.darker(140))
    w, h = r.width(), r.height()
    p.save()
    p.setClipPath(clip)
    # thin band in the resource colour along the top, the game's band at the very edge
    p.fillRect(QRectF(r.left(), r.top(), w, h * 0.055), col)
    p.fillRect(QRectF(r.left(), r.bottom() - h * 0.03, w, h * 0.03), GAME_BAND)
    # soft tinted disc behind the big icon
    c = QPointF(r.left() + w * 0.58, r.top() + h * 0.65)
    tint = QColor(col)
    tint.setAlpha(38)
    p.setPen(Qt.PenStyle.NoPen)
    p.setBrush(tint)
    p.drawEllipse(c, w * 0.3, w * 0.3)
    p.restore()
    # corner index: number, small icon under it
    num = str(value)
    _text(p, QRectF(r.left() + w * 0.06, r.top() + h * 0.06, w * 0.62, h * 0.3), num, h * 0.3,
          ink, QFont.Weight.Bold, Qt.AlignmentFlag.AlignLeft | Qt.AlignmentFlag.AlignVCenter)
    draw_icon(p, icon, QRectF(r.left() + w * 0.07, r.top() + h * 0.37, w * 0.26, h * 0.17), col)
    draw_icon(p, icon, QRectF(c.x() - w * 0.21, c.y() - w * 0.21, w * 0.42, w * 0.42), col)
    # opposite corner, turned (only where the card is shown large)
    p.save()
    p.translate(r.right() - w * 0.17, r.bottom() - h * 0.1)
    p.rotate(180)
    _text(p, QRectF(-w * 0.15, -h * 0.07, w * 0.3, h * 0.14), num, h * 0.12, ink,
          QFont.Weight.Bold, detail=True)
    p.restore()
    if relic:  # this card is of the Relic (trump) resource: a small gem in the corner
        gem = QRectF(r.right() - w * 0.29, r.top() + h * 0.08, w * 0.22, w * 0.22)
        draw_icon(p, "relic", gem, QColor("#9b6fd6"))


def paint_back(p: QPainter, r: QRectF) -> None:
    """The back of a resource card: deep blue with a frost ring."""
    path = QPainterPath()
    path.addRoundedRect(r, radius(r), radius(r))
    g = QLinearGradient(r.topLeft(), r.bottomRight())
    g.setColorAt(0, BACK_LIGHT)
    g.setColorAt(1, BACK_DARK)
    p.setPen(QPen(QColor("#0a1622"), max(0.8, r.width() * 0.015)))
    p.setBrush(QBrush(g))
    p.drawPath(path)
    inner = r.adjusted(r.width() * 0.08, r.width() * 0.08, -r.width() * 0.08, -r.width() * 0.08)
    p.setBrush(Qt.BrushStyle.NoBrush)
    p.setPen(QPen(QColor(169, 212, 238, 110), max(0.6, r.width() * 0.014)))
    p.drawRoundedRect(inner, radius(inner) * 0.6, radius(inner) * 0.6)
    # snowflake
    c = r.center()
    arm = r.width() * 0.26
    p.setPen(QPen(QColor(190, 226, 248, 170), max(0.8, r.width() * 0.03),
                  Qt.PenStyle.SolidLine, Qt.PenCapStyle.RoundCap))
    for i in range(6):
        a = math.radians(i * 60 - 90)
        end = QPointF(c.x() + arm * math.cos(a), c.y() + arm * math.sin(a))
        p.drawLine(c, end)
        for t in (0.55,):
            b = QPointF(c.x() + arm * t * math.cos(a), c.y() + arm * t * math.sin(a))
            for da in (-0.6, 0.6):
                tip = QPointF(b.x() + arm * 0.3 * math.cos(a + da),
                              b.y() + arm * 0.3 * math.sin(a + da))
                p.drawLine(b, tip)


def paint_event(p: QPainter, r: QRectF, ev: Any, event_no: int, total: int,
                describe: list[str], relic_name: str) -> None:
    """The Event card: name, damage, Max and both requirements (in words); the flavour where
    there is room for it."""
    path = QPainterPath()
    path.addRoundedRect(r, radius(r) * 0.7, radius(r) * 0.7)
    w, h = r.width(), r.height()
    g = QLinearGradient(r.topLeft(), r.bottomLeft())
    g.setColorAt(0, QColor("#f6f2ea"))
    g.setColorAt(1, QColor("#e6dfd2"))
    p.setPen(QPen(STOCK_EDGE, 1.2))
    p.setBrush(QBrush(g))
    p.drawPath(path)
    p.save()
    p.setClipPath(path)
    head = QRectF(r.left(), r.top(), w, h * 0.2)
    hg = QLinearGradient(head.topLeft(), head.bottomLeft())
    hg.setColorAt(0, QColor("#3a2430"))
    hg.setColorAt(1, EVENT_DARK)
    p.fillRect(head, QBrush(hg))
    p.fillRect(QRectF(r.left(), head.bottom(), w, h * 0.012), EVENT_BAND)
    p.fillRect(QRectF(r.left(), r.bottom() - h * 0.018, w, h * 0.018), GAME_BAND)
    p.restore()
    pad = w * 0.035
    t = shown_px(p, h * 0.066)  # the card's smallest essential text, as it is drawn
    left = Qt.AlignmentFlag.AlignLeft | Qt.AlignmentFlag.AlignVCenter
    _text(p, QRectF(r.left() + pad, r.top() + h * 0.012, w - 2 * pad, h * 0.075),
          f"EVENT {event_no} OF {total}", t, QColor("#e9b7a9"), QFont.Weight.DemiBold, left)
    name_px = max(t, fit_px(ev.name, h * 0.1, w - 2 * pad))
    _text(p, QRectF(r.left() + pad, r.top() + h * 0.085, w - 2 * pad, h * 0.115), ev.name,
          name_px, QColor("#fbf3ee"), QFont.Weight.Bold, left)
    # damage and Max badges: the damage icon or the word, then the number
    y = r.top() + h * 0.228
    bw = (w - 3 * pad) / 2
    bh = h * 0.11
    for i, (label, value, colour) in enumerate((("damage", ev.damage, QColor("#b4473a")),
                                                 ("MAX", ev.max, QColor("#2f6f9a")))):
        box = QRectF(r.left() + pad + i * (bw + pad), y, bw, bh)
        p.setPen(Qt.PenStyle.NoPen)
        p.setBrush(colour)
        p.drawRoundedRect(box, bh * 0.22, bh * 0.22)
        num_px = bh * 0.78
        num_w = fit_width(str(value), num_px) + 2
        lead_w = bh * 0.62 if label == "damage" else fit_width(label, t) + 2
        gap = bh * 0.16
        x = box.center().x() - (lead_w + gap + num_w) / 2
        if label == "damage":
            draw_icon(p, "damage", QRectF(x, box.center().y() - lead_w / 2, lead_w, lead_w),
                      QColor("white"), tint=True)
        else:
            _text(p, QRectF(x, box.top(), lead_w, bh), label, t, QColor(255, 255, 255, 225),
                  QFont.Weight.Bold)
        _text(p, QRectF(x + lead_w + gap, box.top(), num_w, bh), str(value), num_px,
              QColor("white"), QFont.Weight.Bold)
    # requirements: a shield over the damage it defends, and the cards it asks for
    top = y + bh + h * 0.014
    bottom = r.bottom() - h * 0.02
    inset = w * 0.018
    col_w = w * 0.115
    num_h = t * 1.2
    text_x = pad + inset + col_w + w * 0.02
    text_w = w - pad - inset - text_x
    gap = h * 0.014
    wants = [max(col_w * 0.8 + num_h, wrapped_height(d, t, text_w, QFont.Weight.DemiBold))
             + 2 * inset for d in describe]
    room = bottom - top - gap * max(0, len(wants) - 1)
    shrink = min(1.0, room / sum(wants)) if wants else 1.0
    for i, req in enumerate(ev.requirements):
        bh_i = wants[i] * shrink
        box = QRectF(r.left() + pad, top, w - 2 * pad, bh_i)
        top += bh_i + gap
        p.setPen(QPen(QColor("#cfc5b3"), 1))
        p.setBrush(QColor(255, 255, 255, 140))
        p.drawRoundedRect(box, h * 0.02, h * 0.02)
        column = QRectF(box.left() + inset, box.top() + inset, col_w, box.height() - 2 * inset)
        shield = QRectF(column.center().x() - col_w * 0.36, column.top(), col_w * 0.72,
                        col_w * 0.8)
        draw_icon(p, "shield", shield, QColor("#3f6e8e"))
        _text(p, QRectF(column.left() - inset, shield.bottom(), col_w + 2 * inset, num_h),
              f"−{req.defends}", t, QColor("#2f5f80"), QFont.Weight.Bold)
        text_r = QRectF(r.left() + text_x, box.top() + inset, text_w,
                        box.height() - 2 * inset)
        fit_text(p, text_r, describe[i], t, INK, QFont.Weight.DemiBold)
    # flavour, in the room that is left when the card is shown large enough
    room_r = QRectF(r.left() + pad, top, w - 2 * pad - w * 0.12, bottom - top)
    fit_or_omit(p, room_r, ev.flavour, h * 0.045, INK_SOFT, italic=True)
    if ev.source == "authored":
        _authored_mark(p, r)


def fit_width(text: str, px: float) -> float:
    """How wide a bold line of `text` is at `px`."""
    return text_width(text, px, QFont.Weight.Bold)


def fit_or_omit(p: QPainter, box: QRectF, text: str, px: float, colour: QColor,
                 weight: QFont.Weight = QFont.Weight.Normal, italic: bool = False) -> None:
    """Detail text: wrapped in `box` at the largest size from `px` down to 70% of it (never
    below the floor) at which it fits, or left out."""
    if box.height() <= 0 or box.width() <= 0:
        return
    size = px
    low = max(px * 0.7, floor_px(p))
    while size >= low:
        if wrapped_height(text, size, box.width(), weight) <= box.height():
            _text(p, box, text, size, colour, weight,
                  Qt.AlignmentFlag.AlignLeft | Qt.AlignmentFlag.AlignTop, wrap=True,
                  italic=italic, detail=True)
            return
        size -= max(0.5, px * 0.05)


def paint_event_back(p: QPainter, r: QRectF) -> None:
    path = QPainterPath()
    path.addRoundedRect(r, radius(r) * 0.7, radius(r) * 0.7)
    g = QLinearGradient(r.topLeft(), r.bottomRight())
    g.setColorAt(0, QColor("#4a2a36"))
    g.setColorAt(1, EVENT_DARK)
    p.setPen(QPen(QColor("#160d12"), 1.2))
    p.setBrush(QBrush(g))
    p.drawPath(path)
    _text(p, r, "EVENT", r.height() * 0.09, QColor(240, 200, 190, 150), QFont.Weight.Bold)


def paint_relic(p: QPainter, r: QRectF, res: int, colour: str, icon: str, name: str) -> None:
    """The Relic card: the trump resource of this Event."""
    clip = _stock(p, r)
    col = QColor(colour)
    w, h = r.width(), r.height()
    p.save()
    p.setClipPath(clip)
    g = QRadialGradient(r.center(), w * 0.7)
    c1 = QColor(col)
    c1.setAlpha(90)
    g.setColorAt(0, c1)
    g.setColorAt(1, QColor(255, 255, 255, 0))
    p.fillRect(r, QBrush(g))
    p.fillRect(QRectF(r.left(), r.top(), w, h * 0.24), QColor("#2d3e4c"))
    p.fillRect(QRectF(r.left(), r.top() + h * 0.24, w, h * 0.02), QColor("#f2c14e"))
    p.restore()
    _text(p, QRectF(r.left(), r.top(), w, h * 0.24), "RELIC",
          fit_px("RELIC", h * 0.19, w * 0.9), QColor("#f2d58a"), QFont.Weight.Bold)
    draw_icon(p, icon, QRectF(r.left() + w * 0.22, r.top() + h * 0.31, w * 0.56, w * 0.56), col)
    label = name.upper()
    _text(p, QRectF(r.left(), r.bottom() - h * 0.28, w, h * 0.17), label,
          fit_px(label, h * 0.15, w * 0.92), RESOURCE_INK.get(res, INK), QFont.Weight.Bold,
          detail=True)
    _text(p, QRectF(r.left(), r.bottom() - h * 0.12, w, h * 0.09), "trump", h * 0.075,
          INK_SOFT, detail=True)


EQUIP_COLOURS = {
    "tarp": "#6f8f4a", "chest": "#8a6a3c", "bag": "#9a6b8e", "harpoon": "#3f7ea6",
    "medkit": "#c0504a", "sled": "#5b7388",
}


def paint_equipment(p: QPainter, r: QRectF, eq: Any, detail: bool = True) -> None:
    """An Equipment card: name band and pictogram; with `detail` (the hover zoom, the card
    dialog) its cost and effect in words too. A small card leaves its name to the zoom."""
    clip = _stock(p, r)
    w, h = r.width(), r.height()
    col = QColor(EQUIP_COLOURS.get(eq.type, "#56707f"))
    p.save()
    p.setClipPath(clip)
    p.fillRect(QRectF(r.left(), r.top(), w, h * 0.2), col)
    p.fillRect(QRectF(r.left(), r.bottom() - h * 0.03, w, h * 0.03), GAME_BAND)
    p.restore()
    _text(p, QRectF(r.left(), r.top(), w, h * 0.2), eq.name.upper(),
          fit_px(eq.name.upper(), h * 0.12, w * 0.9), QColor("white"), QFont.Weight.Bold,
          detail=True)
    if detail:
        draw_icon(p, eq.type, QRectF(r.left() + w * 0.32, r.top() + h * 0.23, w * 0.36,
                                     w * 0.36), col)
        y = r.top() + h * 0.23 + w * 0.38
        cost = QRectF(r.left() + w * 0.05, y, w * 0.9, h * 0.15)
        fit_or_omit(p, cost, "Cost: " + eq.cost.describe(), h * 0.055, INK,
                     QFont.Weight.DemiBold)
        text = eq.text.split(" - ", 1)[-1]
        fit_or_omit(p, QRectF(r.left() + w * 0.05, y + h * 0.155, w * 0.9,
                               r.bottom() - h * 0.05 - y - h * 0.155),
                     text[:1].upper() + text[1:], h * 0.05, INK_SOFT)
    else:
        draw_icon(p, eq.type, QRectF(r.left() + w * 0.18, r.top() + h * 0.3, w * 0.64, w * 0.64),
                  col)
    if eq.source == "authored":
        _authored_mark(p, r)


def paint_expedition(p: QPainter, r: QRectF, used: bool) -> None:
    """A player's Expedition card; a used one is turned grey with a stamp."""
    clip = _stock(p, r, QColor("#e9eef2") if not used else QColor("#a9b1b7"))
    w, h = r.width(), r.height()
    col = QColor("#3b6f8f") if not used else QColor("#6d767d")
    p.save()
    p.setClipPath(clip)
    p.fillRect(QRectF(r.left(), r.top(), w, h * 0.2), col)
    p.restore()
    _text(p, QRectF(r.left(), r.top(), w, h * 0.2), "EXPEDITION",
          fit_px("EXPEDITION", h * 0.11, w * 0.9), QColor("white"), QFont.Weight.Bold,
          detail=True)
    draw_icon(p, "expedition", QRectF(r.left() + w * 0.15, r.top() + h * 0.3, w * 0.7, w * 0.7),
              col)
    if used:
        p.save()
        p.translate(r.center())
        p.rotate(-18)
        box = QRectF(-w * 0.42, -h * 0.09, w * 0.84, h * 0.18)
        p.setPen(QPen(QColor("#8c2f27"), w * 0.03))
        p.setBrush(QColor(255, 255, 255, 150))
        p.drawRoundedRect(box, h * 0.03, h * 0.03)
        _text(p, box, "USED", fit_px("USED", h * 0.11, box.width() * 0.9), QColor("#8c2f27"),
              QFont.Weight.Bold, detail=True)
        p.restore()


def paint_leader(p: QPainter, r: QRectF) -> None:
    """The Leader token: a dark disc with a golden rim and the Leader's crown."""
    g = QRadialGradient(r.center() - QPointF(r.width() * 0.15, r.height() * 0.15), r.width() * 0.7)
    g.setColorAt(0, QColor("#35546e"))
    g.setColorAt(1, QColor("#172837"))
    p.setPen(QPen(QColor("#f2c14e"), max(1.0, r.width() * 0.07)))
    p.setBrush(QBrush(g))
    p.drawEllipse(r.adjusted(1.5, 1.5, -1.5, -1.5))
    draw_icon(p, "leader", r.adjusted(r.width() * 0.2, r.height() * 0.18, -r.width() * 0.2,
                                      -r.height() * 0.22), QColor("#f2c14e"))
