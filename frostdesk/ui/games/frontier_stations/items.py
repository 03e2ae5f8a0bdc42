"""The Frontier Stations table's graphics items (QGraphicsObjects the animator can move).

They share frostdesk.ui.kit.items.TableItem: a key, a data dict, a pixmap cache at the
size they rest at, the glow/selected/hint marks and clicks reported to the scene.
"""

from __future__ import annotations

import random
from typing import Any

from PySide6.QtCore import Property, QPointF, QRectF, Qt
from PySide6.QtGui import QColor, QPainter, QPainterPath, QPen, QTransform
from PySide6.QtWidgets import QGraphicsItem, QStyleOptionGraphicsItem, QWidget

from frostdesk.ui import theme
from frostdesk.ui.games.frontier_stations import faces, icons, painter, words
from frostdesk.ui.games.frontier_stations.geometry import CARD_H, CARD_W
from frostdesk.ui.games.frontier_stations.words import LEFT, Weight
from frostdesk.ui.kit.icons import draw_icon
from frostdesk.ui.kit.items import GLOW_MARGIN, TableItem, paint_glow

CARD_RECT = QRectF(-CARD_W / 2, -CARD_H / 2, CARD_W, CARD_H)


class Piece(TableItem):
    """Base for this table's items: the cache follows the scale the item rests at."""

    def __init__(self, key: Any, kind: str, data: dict[str, Any], game: Any) -> None:
        super().__init__(key, kind, data, game)
        self.base_scale = 1.0

    @property
    def _k(self) -> float:
        return round(self.view_k * self.base_scale, 3)

    def card_rect(self) -> QRectF:
        return self.boundingRect()


class CardPiece(Piece):
    """A system card, a Nexus or a threat card; flips over when a threat is destroyed."""

    def __init__(self, key: Any, data: dict[str, Any], game: Any, face: bool = True) -> None:
        super().__init__(key, "card", data, game)
        self._flip = 1.0 if face else 0.0

    def card_rect(self) -> QRectF:
        return QRectF(CARD_RECT)

    def boundingRect(self) -> QRectF:  # noqa: N802
        return CARD_RECT.adjusted(-GLOW_MARGIN, -GLOW_MARGIN, GLOW_MARGIN, GLOW_MARGIN)

    def shape(self) -> QPainterPath:
        path = QPainterPath()
        path.addRect(CARD_RECT)
        return path

    def _get_flip(self) -> float:
        return self._flip

    def _set_flip(self, value: float) -> None:
        before = self._flip >= 0.5
        self._flip = value
        t = QTransform()
        t.scale(max(0.02, abs(2 * value - 1)), 1.0)
        self.setTransform(t)
        if (value >= 0.5) != before:
            self.update()

    flip = Property(float, _get_flip, _set_flip)

    def face_up(self) -> bool:
        return self._flip >= 0.5

    def paint_content(self, p: QPainter) -> None:
        r = QRectF(CARD_RECT)
        self.paint_marks(p, r)
        if not self.face_up():
            d = self.data
            deck = d.get("deck", "systems") if self.key[0] == "threat" else "systems"
            faces.paint_back(p, r, deck, destroyed=self.key[0] == "threat")
            return
        self.paint_face(p, r, float(self.data.get("strip", CARD_W)))
        self.paint_hint_badge(p, r)

    def paint_face(self, p: QPainter, r: QRectF, strip: float = CARD_W) -> None:
        """The card's face in `r`; `strip`: how much of its width shows from under the next
        card of a fan (the zoom and the dialog show it all)."""
        g = self.game
        d = self.data
        price = d.get("price")
        if self.key[0] == "nexus":
            faces.paint_system(p, r, g.content.nexus_faces[d.get("face", "standard")],
                                 1, nexus=True, strip=strip)
        elif self.key[0] == "sys":
            card = g.systems[self.key[1]]
            faces.paint_system(p, r, card, int(d.get("mult", 1)),
                                 price=None if price is None else max(0, card.cost + price),
                                 strip=strip)
        else:
            t = g.threats[self.key[1]]
            faces.paint_threat(p, r, t, int(d.get("mult", 1)),
                                 price=None if price is None else max(0, t.credits + price),
                                 strip=strip)


class TokenPiece(Piece):
    """A resource token lying in a storage slot; clicks go to the card below."""

    def __init__(self, key: Any, data: dict[str, Any], game: Any) -> None:
        super().__init__(key, "token", data, game)
        self.setAcceptedMouseButtons(Qt.MouseButton.NoButton)
        self.setAcceptHoverEvents(False)

    def boundingRect(self) -> QRectF:  # noqa: N802
        s = float(self.data.get("size", 14))
        return QRectF(-s / 2 - 1, -s / 2 - 1, s + 2.5, s + 2.5)

    def paint_content(self, p: QPainter) -> None:
        s = float(self.data.get("size", 14))
        icons.draw_token(p, int(self.data.get("kind", 0)), QRectF(-s / 2, -s / 2, s, s))


class DiePiece(Piece):
    """A die. While it spins (a roll) it shows random faces; it lands on its value."""

    def __init__(self, key: Any, data: dict[str, Any], game: Any) -> None:
        super().__init__(key, "die", data, game)
        self.setFlag(QGraphicsItem.GraphicsItemFlag.ItemSendsGeometryChanges, True)
        self._tumble = 0
        self._last_bucket = -1

    def boundingRect(self) -> QRectF:  # noqa: N802
        s = float(self.data.get("size", 56))
        m = GLOW_MARGIN
        return QRectF(-s / 2 - m, -s / 2 - m, s + 2 * m, s + 2 * m)

    def card_rect(self) -> QRectF:
        s = float(self.data.get("size", 56))
        return QRectF(-s / 2, -s / 2, s, s)

    def itemChange(self, change: QGraphicsItem.GraphicsItemChange, value: Any) -> Any:  # noqa: N802
        if change == QGraphicsItem.GraphicsItemChange.ItemRotationHasChanged:
            rot = float(value) % 360.0
            spinning = 1.0 < rot < 359.0
            bucket = int(rot // 40) if spinning else -1
            if bucket != self._last_bucket:
                self._last_bucket = bucket
                self._tumble = random.randint(1, 6) if spinning else 0
                self.update()
        return super().itemChange(change, value)

    def paint(self, p: QPainter, option: QStyleOptionGraphicsItem,
              widget: QWidget | None = None) -> None:
        if self._tumble:
            p.setRenderHint(QPainter.RenderHint.Antialiasing)
            painter.paint_die(p, self.card_rect(), self._tumble, False)
            return
        super().paint(p, option, widget)

    def paint_content(self, p: QPainter) -> None:
        r = self.card_rect()
        self.paint_marks(p, r)
        value = int(self.data.get("value", 0))
        painter.paint_die(p, r, value, bool(self.data.get("used")))
        self.paint_hint_badge(p, r)


class PilePiece(Piece):
    """A deck with its count (systems, early threats, late threats)."""

    def __init__(self, key: Any, data: dict[str, Any], game: Any) -> None:
        super().__init__(key, "pile", data, game)

    def card_rect(self) -> QRectF:
        return QRectF(CARD_RECT)

    def boundingRect(self) -> QRectF:  # noqa: N802
        return CARD_RECT.adjusted(-8, -16, 16, 26 / max(0.3, self.base_scale))

    def paint_content(self, p: QPainter) -> None:
        d = self.data
        r = QRectF(CARD_RECT)
        painter.paint_pile(p, r, d.get("pile", "systems"), int(d.get("count", 0)))


class MarkerPiece(Piece):
    """The Captain plaque, a distress beacon or the recent-threat marker."""

    def __init__(self, key: Any, data: dict[str, Any], game: Any) -> None:
        super().__init__(key, "marker", data, game)
        if data.get("what") != "beacon":
            self.setAcceptedMouseButtons(Qt.MouseButton.NoButton)
            self.setAcceptHoverEvents(False)

    def card_rect(self) -> QRectF:
        what = self.data.get("what")
        if what == "captain":
            w, h = float(self.data.get("w", 96)), float(self.data.get("h", 28))
            return QRectF(-w / 2, -h / 2, w, h)
        if what == "beacon":
            return QRectF(-19, -19, 38, 38)
        return QRectF(-9, -9, 18, 18)

    def boundingRect(self) -> QRectF:  # noqa: N802
        return self.card_rect().adjusted(-10, -10, 10, 10)

    def paint_content(self, p: QPainter) -> None:
        what = self.data.get("what")
        r = self.card_rect()
        if what == "captain":
            painter.paint_captain(p, r)
        elif what == "beacon":
            if self.glow or self.hint_mark:
                p.save()
                p.setRenderHint(QPainter.RenderHint.Antialiasing)
                c = theme.HINT if self.hint_mark else theme.LEGAL
                for i, a in ((9, 50), (6, 90), (3, 160)):
                    col = QColor(c)
                    col.setAlpha(a)
                    p.setPen(QPen(col, 3))
                    p.drawEllipse(r.center(), r.width() / 2 + i, r.width() / 2 + i)
                p.restore()
            painter.paint_beacon(p, r)
            self.paint_hint_badge(p, r)
        else:
            painter.paint_recent(p, r)


class PanelPiece(Piece):
    """A station's box (name strip, crew, resources, Captain, turn) or a threat area."""

    def __init__(self, key: Any, data: dict[str, Any], game: Any) -> None:
        super().__init__(key, "panel", data, game)
        self.setAcceptHoverEvents(False)

    def boundingRect(self) -> QRectF:  # noqa: N802
        w, h = float(self.data.get("w", 100)), float(self.data.get("h", 100))
        return QRectF(-w / 2 - 10, -h / 2 - 10, w + 20, h + 20)

    def card_rect(self) -> QRectF:
        w, h = float(self.data.get("w", 100)), float(self.data.get("h", 100))
        return QRectF(-w / 2, -h / 2, w, h)

    def paint_content(self, p: QPainter) -> None:
        p.setRenderHint(QPainter.RenderHint.Antialiasing)
        if self.key[0] == "station":
            self._station(p)
        else:
            self._area(p)

    def _station(self, p: QPainter) -> None:
        d = self.data
        r = self.card_rect()
        px = float(d.get("px", 15))
        current = bool(d.get("current"))
        if current:
            paint_glow(p, r, theme.LEGAL, 0.7, 10)
        p.setPen(QPen(QColor("#f2b45a") if current else QColor(120, 160, 190, 90),
                      2.4 if current else 1.2))
        p.setBrush(QColor(58, 84, 104, 150) if current else QColor(38, 56, 72, 130))
        p.drawRoundedRect(r, 12, 12)
        head = QRectF(r.left(), r.top(), r.width(), float(d.get("header", 38)))
        p.save()
        clip = QPainterPath()
        clip.addRoundedRect(r, 12, 12)
        p.setClipPath(clip)
        p.fillRect(head, QColor(14, 22, 30, 150))
        p.restore()
        if d.get("to_move"):
            p.save()
            p.setPen(QPen(theme.HINT, 2.2, Qt.PenStyle.DashLine))
            p.setBrush(Qt.BrushStyle.NoBrush)
            p.drawRoundedRect(r.adjusted(3, 3, -3, -3), 10, 10)
            p.restore()
        # the Captain plaque is its own item at the right end of the first line; the turn
        # tag goes where it fits (the amber frame says whose turn it is anyway)
        right = head.right() - (float(d.get("captain_w", 104)) + 16 if d.get("captain") else 8)
        tag_w = _turn_tag_w(px) if current else 0.0
        free: list[QRectF] = []  # room left in the strip (for "thinking…")
        lines = int(d.get("lines", 1))
        if lines >= 2:  # the name on the first line(s), turn and resources below
            line = (head.height() - 4) / lines
            first = QRectF(head.left() + 8, head.top() + 2, right - head.left() - 8,
                           line * (lines - 1))
            second = QRectF(head.left() + 8, first.bottom(), head.width() - 16, line)
            res_w = _resources_w(d, px, line)
            x = second.left()
            if tag_w and res_w + tag_w <= second.width():
                x = _turn_tag(p, second, px)
            elif tag_w and self._name_w(px, line) + tag_w <= first.width():
                first.setLeft(_turn_tag(p, first, px))
            used = _resources(p, QRectF(x, second.top(), second.right() - x, line), d, px,
                              False)
            end = self._name(p, first, px, lines - 1)
            free = [QRectF(x + used + 8, second.top(), second.right() - x - used - 8, line)]
            if lines == 2:
                free.append(QRectF(end + 8, first.top(), first.right() - end - 8, line))
        else:
            row = QRectF(head.left() + 10, head.top(), right - head.left() - 10, head.height())
            res_w = _resources_w(d, px, row.height())
            x = row.left()
            if tag_w and tag_w + self._name_w(px, row.height()) + res_w + 8 <= row.width():
                x = _turn_tag(p, row, px)
            used = _resources(p, QRectF(x, row.top(), row.right() - x, row.height()), d, px,
                              True)
            end = self._name(p, QRectF(x, row.top(), row.right() - x - used - 8, row.height()),
                             px)
            free = [QRectF(end + 8, row.top(), row.right() - used - end - 16, row.height())]
        if d.get("thinking"):
            _thinking(p, free, px)

    def _name_w(self, px: float, height: float) -> float:
        """How wide the crew icon and the name are at their smallest."""
        side = min(height * 0.7, px * 1.35)
        return side + 6 + words.width(str(self.data.get("name", "")), px)

    def _name(self, p: QPainter, row: QRectF, px: float, lines: int = 1) -> float:
        """The crew icon and the station's name, as large as the row allows (on two lines
        when `lines` is 2 and it needs them); where its first line ends."""
        d = self.data
        side = min(row.height() / lines * 0.7, px * 1.35)
        x = row.left() + side + 6
        name = str(d.get("name", ""))
        room = row.right() - x
        size = max(words.fit_px(name, max(px * 1.3, px), room), px)
        parts = [name]
        if lines > 1 and words.width(name, size) > room:
            parts = words.wrap_lines(name, px, room) or [name]
            parts = parts if len(parts) <= lines else [name]
            size = px
        line_h = row.height() / len(parts)  # one line sits in the middle of the room
        draw_icon(p, "bot" if d.get("bot") else "human",
                  QRectF(row.left(), row.top() + line_h / 2 - side / 2, side, side),
                  theme.TEXT_DIM)
        for i, part in enumerate(parts):
            words.text(p, QRectF(x, row.top() + i * line_h, room, line_h), part, size,
                       theme.TEXT, Weight.Bold, LEFT)
        return x + min(room, words.width(parts[0], size))

    def _area(self, p: QPainter) -> None:
        d = self.data
        r = self.card_rect()
        px = float(d.get("px", 15))
        active = bool(d.get("active"))
        p.setPen(QPen(QColor("#ff8a6b") if active else QColor(226, 122, 34, 110),
                      2.4 if active else 1.2, Qt.PenStyle.SolidLine if active
                      else Qt.PenStyle.DashLine))
        p.setBrush(QColor(70, 34, 30, 120) if active else QColor(52, 34, 32, 80))
        p.drawRoundedRect(r, 10, 10)
        names = d.get("names", [])
        full = "Threats · " + " & ".join(names) if names else "Threats"
        hh = float(d.get("header", 24))
        box = QRectF(r.left() + 6, r.top(), r.width() - 12, hh)
        words.first_fit(p, box, [full, "Threats"], px, QColor("#f0b48c"), Weight.DemiBold,
                        optional=True)


def _thinking(p: QPainter, free: list[QRectF], px: float) -> None:
    """A bot crew is thinking: "thinking…" in the first free part of the name strip that holds
    it, else three dots there (the status line says it in words)."""
    full = words.width("thinking…", px) + px * 1.4
    dots = px * 2.4
    spot = next((r for r in free if r.width() >= full), None)
    label = "thinking…"
    if spot is None:
        spot = max(free, key=lambda r: r.width(), default=None)
        label = ""
        if spot is None or spot.width() < dots:
            return
    w = full if label else dots
    h = min(spot.height() * 0.86, px * 1.6)
    tag = QRectF(spot.right() - w, spot.center().y() - h / 2, w, h)
    p.setPen(Qt.PenStyle.NoPen)
    p.setBrush(QColor(126, 224, 195, 230))
    p.drawRoundedRect(tag, h / 2, h / 2)
    if label:
        words.text(p, tag, label, px, QColor("#0b1f19"), Weight.Bold)
        return
    p.setBrush(QColor("#0b1f19"))
    for i in (-1, 0, 1):
        p.drawEllipse(tag.center() + QPointF(i * px * 0.55, 0), px * 0.14, px * 0.14)


def _turn_tag_w(px: float) -> float:
    return words.width("TURN", px) + px * 1.7


def _turn_tag(p: QPainter, row: QRectF, px: float) -> float:
    """The TURN tag at the left of a row; where the row goes on."""
    w = words.width("TURN", px) + px * 1.2
    h = min(row.height() * 0.86, px * 1.6)
    tag = QRectF(row.left(), row.center().y() - h / 2, w, h)
    p.setPen(Qt.PenStyle.NoPen)
    p.setBrush(theme.LEGAL)
    p.drawRoundedRect(tag, h / 2, h / 2)
    words.text(p, tag, "TURN", px, QColor("#2a1c02"), Weight.Bold)
    return tag.right() + px * 0.5


def _resources_w(d: dict[str, Any], px: float, height: float) -> float:
    res = d.get("res", [0] * 5)
    side = min(height * 0.72, px * 1.15)
    return sum(side + 2 + words.width(str(n), px * 1.05) for n in res) + px * 0.55 * 4


def _resources(p: QPainter, row: QRectF, d: dict[str, Any], px: float, right: bool) -> float:
    """The station's five resource counts (symbol and number), at the right end of the row
    or from its left, closer together when the row is short; the width used."""
    res = d.get("res", [0] * 5)
    size = px * 1.05
    digits = [words.width(str(n), words.size(p, size)) for n in res]  # as drawn (the floor)
    # the symbols give way before the numbers (which keep the floor): down to 0.7 of the
    # text's size where the row is short (a narrow window's side panels)
    side = min(row.height() * 0.72, px * 1.15,
               max(px * 0.7, (row.width() - sum(digits) - 5 * 2 - 4 * 2) / 5))
    widths = [side + 2 + w for w in digits]
    space = max(2.0, min(px * 0.55, (row.width() - sum(widths)) / 4))
    total = sum(widths) + space * 4
    if total > row.width() + 0.5:
        words.note_not_fitting("resource counts")
    x = row.right() - total if right else row.left()
    for kind in range(5):
        icons.draw_resource(p, kind, QRectF(x, row.center().y() - side / 2, side, side))
        colour = theme.TEXT if res[kind] else QColor("#6c7d8b")
        words.text(p, QRectF(x + side + 2, row.top(), widths[kind] - side - 2 + 1,
                             row.height()), str(res[kind]), size, colour, Weight.Bold, LEFT)
        x += widths[kind] + space
    return total


class ZonePiece(Piece):
    """Words on the table: the shop's label, captions and the turn track."""

    def __init__(self, key: Any, data: dict[str, Any], game: Any) -> None:
        super().__init__(key, "zone", data, game)
        self.setAcceptedMouseButtons(Qt.MouseButton.NoButton)
        self.setAcceptHoverEvents(False)

    def boundingRect(self) -> QRectF:  # noqa: N802
        w, h = float(self.data.get("w", 100)), float(self.data.get("h", 24))
        return QRectF(-w / 2, -h / 2, w, h)

    def paint_content(self, p: QPainter) -> None:
        d = self.data
        r = self.boundingRect()
        p.setRenderHint(QPainter.RenderHint.Antialiasing)
        px = float(d.get("px", 15))
        if not d.get("track"):
            wordings = [str(d.get("text", ""))] + [str(x) for x in d.get("short", [])]
            words.first_fit(p, r, wordings, px, theme.TEXT_DIM, Weight.DemiBold)
            return
        steps = (("roll", "Roll"), ("threats", "Threats"), ("systems", "Systems"),
                 ("purchase", "Purchase"), ("draw", "Draw"))
        turn = f"Turn {d.get('turn', 1)}"
        turn_w = words.width(turn, px * 1.05) + px * 0.8
        words.text(p, QRectF(r.left(), r.top(), turn_w, r.height()), turn, px * 1.05,
                   theme.TEXT, Weight.Bold, LEFT)
        pad = px * 0.9
        need = [words.width(label, px) + pad for _, label in steps]
        spare = max(0.0, (r.width() - turn_w - sum(need) - 4 * len(steps)) / len(steps))
        x = r.left() + turn_w
        for (key, label), w in zip(steps, need, strict=True):
            box = QRectF(x + 2, r.top() + 2, w + spare, r.height() - 4)
            on = d.get("phase") == key
            p.setPen(QPen(theme.LEGAL if on else QColor(120, 160, 190, 80), 1.4))
            p.setBrush(QColor(242, 180, 90, 215) if on else QColor(20, 30, 40, 120))
            p.drawRoundedRect(box, box.height() / 2, box.height() / 2)
            words.text(p, box, label, px, QColor("#2a1c02") if on else theme.TEXT_DIM,
                       Weight.Bold)
            x += w + spare + 4


def make_piece(key: Any, spec: Any, game: Any) -> Piece:
    kind = spec.kind
    if key[0] == "label":
        return ZonePiece(key, spec.data, game)
    if kind == "card":
        return CardPiece(key, spec.data, game, spec.face)
    if kind == "token":
        return TokenPiece(key, spec.data, game)
    if kind == "die":
        return DiePiece(key, spec.data, game)
    if kind == "pile":
        return PilePiece(key, spec.data, game)
    if kind == "marker":
        return MarkerPiece(key, spec.data, game)
    if kind == "panel":
        return PanelPiece(key, spec.data, game)
    return ZonePiece(key, spec.data, game)

