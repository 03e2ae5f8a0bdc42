"""The table's furniture: player areas with their damage tracks, the active-seat halo,
labelled zones (Trick, Equipment market), face-down piles, damage markers and the Leader token.

Like the cards (items.py), each paints from a cached pixmap rendered at its resting size.
"""

from __future__ import annotations

from typing import Any

from PySide6.QtCore import QPointF, QRectF, Qt
from PySide6.QtGui import (
    QBrush, QColor, QFont, QFontMetricsF, QLinearGradient, QPainter, QPainterPath, QPen,
)

from frostdesk.ui import theme
from frostdesk.ui.games.frost_shelter import painter
from frostdesk.ui.games.frost_shelter.items import CardItem, MarketItem
from frostdesk.ui.games.frost_shelter.layout import CARD_H, CARD_W, TRACK_MAX
from frostdesk.ui.kit.items import TableItem, paint_glow
from frostdesk.ui.kit.text import draw_text as _t


class PileItem(TableItem):
    """A face-down pile (Expedition deck, undealt cards, discard) with its count and label."""

    def __init__(self, key: Any, data: dict[str, Any], game: Any) -> None:
        super().__init__(key, "pile", data, game)

    def boundingRect(self) -> QRectF:  # noqa: N802
        return QRectF(-CARD_W / 2 - 20, -CARD_H / 2 - 12, CARD_W + 40, CARD_H + 80)

    def shape(self) -> QPainterPath:
        path = QPainterPath()
        path.addRect(QRectF(-CARD_W / 2, -CARD_H / 2, CARD_W, CARD_H))
        return path

    def paint_content(self, p: QPainter) -> None:
        p.setRenderHint(QPainter.RenderHint.Antialiasing)
        count = self.data.get("count", 0)
        r = QRectF(-CARD_W / 2, -CARD_H / 2, CARD_W, CARD_H)
        if count <= 0:
            p.setPen(QPen(QColor(169, 212, 238, 70), 1.5, Qt.PenStyle.DashLine))
            p.setBrush(QColor(255, 255, 255, 10))
            p.drawRoundedRect(r, 6, 6)
        else:
            layers = min(4, 1 + count // 6)
            for i in range(layers, 0, -1):
                painter.paint_back(p, r.translated(i * 1.6, -i * 1.6))
            painter.paint_back(p, r)
            badge = QRectF(r.center().x() - 19, r.center().y() - 15, 38, 30)
            p.setPen(Qt.PenStyle.NoPen)
            p.setBrush(QColor(10, 18, 26, 210))
            p.drawRoundedRect(badge, 12, 12)
            _t(p, badge, str(count), 19, QColor("white"), QFont.Weight.Bold)
        label = self.data.get("label", "")
        k = 1 / max(0.1, self.scale())
        p.setFont(theme.scene_font(16 * k, QFont.Weight.DemiBold))
        p.setPen(theme.TEXT_DIM)
        p.drawText(QRectF(-CARD_W / 2 - 16, r.bottom() + 6, CARD_W + 32, 56),
                   int(Qt.AlignmentFlag.AlignHCenter | Qt.AlignmentFlag.AlignTop
                       | Qt.TextFlag.TextWordWrap), label)


class MarkerItem(TableItem):
    """A damage marker on a damage track."""

    def __init__(self, key: Any, data: dict[str, Any], game: Any) -> None:
        super().__init__(key, "marker", data, game)
        self.setAcceptHoverEvents(False)
        self.setAcceptedMouseButtons(Qt.MouseButton.NoButton)

    def _radius(self) -> float:
        return 15.0 if self.data.get("big") else 12.0

    def boundingRect(self) -> QRectF:  # noqa: N802
        r = self._radius() + 3
        return QRectF(-r, -r, 2 * r, 2 * r)

    def paint_content(self, p: QPainter) -> None:
        p.setRenderHint(QPainter.RenderHint.Antialiasing)
        rad = self._radius()
        g = QLinearGradient(0, -rad, 0, rad)
        g.setColorAt(0, QColor("#ff9d7e"))
        g.setColorAt(1, QColor("#c4462f"))
        p.setPen(QPen(QColor("#f8e8e0"), 2))
        p.setBrush(QBrush(g))
        p.drawEllipse(QPointF(0, 0), rad, rad)
        _t(p, QRectF(-rad, -rad, 2 * rad, 2 * rad), str(self.data.get("value", 0)),
           rad * 1.05, QColor("white"), QFont.Weight.Bold)


class LeaderItem(TableItem):
    def __init__(self, key: Any, data: dict[str, Any], game: Any) -> None:
        super().__init__(key, "leader", data, game)

    def boundingRect(self) -> QRectF:  # noqa: N802
        return QRectF(-20, -20, 40, 40)

    def paint_content(self, p: QPainter) -> None:
        p.setRenderHint(QPainter.RenderHint.Antialiasing)
        painter.paint_leader(p, QRectF(-18, -18, 36, 36))


class PanelItem(TableItem):
    """A player's area: name, status, the damage track, the colony heading."""

    def __init__(self, key: Any, data: dict[str, Any], game: Any) -> None:
        super().__init__(key, "panel", data, game)
        self.setAcceptHoverEvents(False)

    def boundingRect(self) -> QRectF:  # noqa: N802
        w, h = self.data["w"], self.data["h"]
        return QRectF(-w / 2 - 10, -h / 2 - 10, w + 20, h + 20)

    def shape(self) -> QPainterPath:
        path = QPainterPath()
        w, h = self.data["w"], self.data["h"]
        path.addRect(QRectF(-w / 2, -h / 2, w, h))
        return path

    def paint_content(self, p: QPainter) -> None:
        d = self.data
        p.setRenderHint(QPainter.RenderHint.Antialiasing)
        w, h = d["w"], d["h"]
        r = QRectF(-w / 2, -h / 2, w, h)
        g = QLinearGradient(r.topLeft(), r.bottomLeft())
        top = QColor(44, 66, 86, 175) if d["active"] else QColor(34, 50, 66, 155)
        g.setColorAt(0, top)
        g.setColorAt(1, QColor(22, 34, 46, 155))
        p.setPen(QPen(QColor(169, 212, 238, 120 if d["active"] else 45), 1.5))
        p.setBrush(QBrush(g))
        p.drawRoundedRect(r, 14, 14)
        me = d["me"]
        # header: [bot/human icon] Name  status ........ [damage icon] total
        icon_box = QRectF(r.left() + (58 if me and d.get("leader") else 14), r.top() + 9, 26, 26)
        painter.draw_icon(p, "bot" if d["bot"] else "human", icon_box, theme.TEXT_DIM)
        name_x = icon_box.right() + 8
        name_px = 24 if me else 22
        f = theme.scene_font(name_px, QFont.Weight.Bold)
        fm = QFontMetricsF(f)
        max_name = 300 if me else max(80.0, w - 250)
        name = fm.elidedText(d["name"], Qt.TextElideMode.ElideRight, max_name)
        p.setFont(f)
        p.setPen(theme.TEXT)
        p.drawText(QRectF(name_x, r.top() + 4, max_name + 4, 36),
                   int(Qt.AlignmentFlag.AlignLeft | Qt.AlignmentFlag.AlignVCenter), name)
        sx = name_x + fm.horizontalAdvance(name) + 10
        status, colour = "", theme.TEXT_DIM
        if d["thinking"]:
            status, colour = "thinking…", theme.FROST
        elif d["active"]:
            status, colour = ("your turn" if me else "to move"), theme.LEGAL
        elif d["bot"] and d.get("level"):
            status = d["level"]
        if status:
            _t(p, QRectF(sx, r.top() + 6, 150, 34), status, 18, colour, QFont.Weight.DemiBold,
               Qt.AlignmentFlag.AlignLeft | Qt.AlignmentFlag.AlignVCenter)
        # damage total: the damage icon and the number
        dmg_right = (r.left() + 1350) if me else r.right() - (56 if d.get("leader") else 16)
        dmg_box = QRectF(dmg_right - 70, r.top() + 5, 70, 34)
        _t(p, dmg_box.adjusted(30, 0, 0, 0), str(d["damage"]), 24 if me else 22,
           QColor("#ffb39e"), QFont.Weight.Bold,
           Qt.AlignmentFlag.AlignLeft | Qt.AlignmentFlag.AlignVCenter)
        painter.draw_icon(p, "damage", QRectF(dmg_box.left(), dmg_box.top() + 5, 24, 24),
                          QColor("#d9443c"))
        self._track(p, d)
        self._headings(p, d, r)
        if d.get("flash"):
            p.save()
            p.setOpacity(p.opacity() * float(d.get("flash_alpha", 1.0)))  # fading out
            self._flash_tag(p, d, r, me)
            p.restore()

    def _flash_tag(self, p: QPainter, d: dict[str, Any], r: QRectF, me: bool) -> None:
        """A seat's floating tag ("+3 damage", "Heals 2") over its panel."""
        text = d["flash"]
        fw = max(200.0, QFontMetricsF(theme.scene_font(20, QFont.Weight.Bold))
                 .horizontalAdvance(text) + 40)
        box = QRectF(r.center().x() - fw / 2, r.top() + (60 if me else 92), fw, 38)
        hurt = "damage" in text or "Bite" in text
        p.setPen(Qt.PenStyle.NoPen)
        p.setBrush(QColor(196, 70, 47, 235) if hurt else QColor(47, 111, 154, 235))
        p.drawRoundedRect(box, 19, 19)
        _t(p, box, text, 20, QColor("white"), QFont.Weight.Bold)

    def _track(self, p: QPainter, d: dict[str, Any]) -> None:
        x0, x1, y = d["track"]
        p.setPen(Qt.PenStyle.NoPen)
        p.setBrush(QColor(8, 14, 20, 150))
        p.drawRoundedRect(QRectF(x0 - 12, y - 9, x1 - x0 + 24, 18), 9, 9)
        step = (x1 - x0) / TRACK_MAX
        for i in range(TRACK_MAX + 1):
            x = x0 + i * step
            big = i % 5 == 0
            p.setPen(QPen(QColor(169, 212, 238, 150 if big else 70), 1.6 if big else 1.0))
            p.drawLine(QPointF(x, y - (6 if big else 3)), QPointF(x, y + (6 if big else 3)))
        for i in range(0, TRACK_MAX + 1, 5 if d["me"] else 10):
            x = x0 + i * step
            _t(p, QRectF(x - 16, y + 9, 32, 18), str(i), 14, theme.TEXT_DIM)

    def _headings(self, p: QPainter, d: dict[str, Any], r: QRectF) -> None:
        me = d["me"]
        mx = d.get("max")
        count = d["colony"]
        text = f"COLONY {count}" + (f" / MAX {mx}" if mx is not None else "")
        over = mx is not None and count > mx
        colour = theme.DANGER if over else theme.TEXT_DIM
        if over:
            text += f" · Frost Bite +{2 * (count - mx)}"
        left = Qt.AlignmentFlag.AlignLeft | Qt.AlignmentFlag.AlignVCenter
        hand = d["hand"]
        in_hand = f"{hand} card{'s' if hand != 1 else ''} in hand"
        if me:
            _t(p, QRectF(r.left() + 16, r.top() + 52, 530, 26), text, 18, colour,
               QFont.Weight.Bold, left)
            _t(p, QRectF(r.left() + 560, r.top() + 52, 400, 26), "YOUR HAND", 18,
               theme.TEXT_DIM, QFont.Weight.Bold, left)
            _t(p, QRectF(r.left() + 1296, r.top() + 52, 280, 26), "EXPEDITION · EQUIPMENT", 15,
               theme.TEXT_DIM, QFont.Weight.Bold, left)
            if d["hidden"]:
                _t(p, QRectF(r.left() + 560, r.bottom() - 42, 720, 30),
                   "Hands stay hidden while the bots play (pass-and-play)", 17, theme.TEXT_DIM)
        elif d.get("wide"):
            _t(p, QRectF(r.left() + 214, r.top() + 80, r.width() - 228, 24), text, 17, colour,
               QFont.Weight.Bold, left)
            _t(p, QRectF(r.left() + 8, r.top() + 154, 170, 20), in_hand, 15, theme.TEXT_DIM,
               QFont.Weight.DemiBold)
            p.setPen(QPen(QColor(169, 212, 238, 35), 1.2))
            p.drawLine(QPointF(r.left() + 200, r.top() + 84), QPointF(r.left() + 200,
                                                                     r.bottom() - 12))
        else:
            _t(p, QRectF(r.left() + 14, r.top() + 168, r.width() - 28, 22), text, 16, colour,
               QFont.Weight.Bold, left)
            _t(p, QRectF(r.left() + 4, r.top() + 144, 140, 20), in_hand, 14, theme.TEXT_DIM,
               QFont.Weight.DemiBold)


class HaloItem(TableItem):
    """The soft glow around the area of the player to move (or a legal Leader choice).

    Painted once per size; turning it on and off only shows or hides it."""

    def __init__(self, key: Any, data: dict[str, Any], game: Any) -> None:
        super().__init__(key, "halo", data, game)
        self.setAcceptHoverEvents(False)
        self.setAcceptedMouseButtons(Qt.MouseButton.NoButton)
        self.setVisible(bool(data.get("on")))

    def set_data(self, data: dict[str, Any]) -> None:
        look = (data["w"], data["h"], data.get("colour"))
        if look != (self.data["w"], self.data["h"], self.data.get("colour")):
            super().set_data(data)
        else:
            self.data = dict(data)
        self.setVisible(bool(data.get("on")))

    def boundingRect(self) -> QRectF:  # noqa: N802
        w, h = self.data["w"], self.data["h"]
        return QRectF(-w / 2 - 14, -h / 2 - 14, w + 28, h + 28)

    def paint_content(self, p: QPainter) -> None:
        w, h = self.data["w"], self.data["h"]
        p.setRenderHint(QPainter.RenderHint.Antialiasing)
        colour = QColor(self.data.get("colour") or theme.FROST)
        paint_glow(p, QRectF(-w / 2, -h / 2, w, h), colour, 0.75, 10)


class ZoneItem(TableItem):
    """A labelled area of the middle band (Trick, Equipment market) or an empty card slot."""

    def __init__(self, key: Any, data: dict[str, Any], game: Any) -> None:
        super().__init__(key, "zone", data, game)
        self.setAcceptHoverEvents(False)
        self.setAcceptedMouseButtons(Qt.MouseButton.NoButton)

    def boundingRect(self) -> QRectF:  # noqa: N802
        w, h = self.data["w"], self.data["h"]
        return QRectF(-w / 2 - 2, -h / 2 - 2, w + 4, h + 4)

    def paint_content(self, p: QPainter) -> None:
        d = self.data
        p.setRenderHint(QPainter.RenderHint.Antialiasing)
        w, h = d["w"], d["h"]
        r = QRectF(-w / 2, -h / 2, w, h)
        if d.get("felt"):
            p.setPen(QPen(QColor(169, 212, 238, 40), 1.5))
            p.setBrush(QColor(10, 18, 26, 70))
            p.drawRoundedRect(r, 16, 16)
        elif d.get("frame"):
            p.setPen(QPen(QColor(169, 212, 238, 50), 1.5))
            p.setBrush(Qt.BrushStyle.NoBrush)
            p.drawRoundedRect(r, 10, 10)
        label = d.get("label", "")
        if label:
            _t(p, QRectF(r.left() + 16, r.top() + 8, w - 32, 26), label, 17, theme.TEXT_DIM,
               QFont.Weight.Bold, Qt.AlignmentFlag.AlignLeft | Qt.AlignmentFlag.AlignVCenter)
        if self.key == ("zone", "trick"):
            self._trick_slots(p, d)
            self._trick_info(p, r, d)

    def _trick_slots(self, p: QPainter, d: dict[str, Any]) -> None:
        """Dashed places for the cards still to come, each with its player's name."""
        w = d.get("slot_w", CARD_W * 1.3)
        h = w * CARD_H / CARD_W
        for x, y, name in d.get("slots", ()):
            box = QRectF(x - w / 2, y - h / 2, w, h)
            p.setPen(QPen(QColor(169, 212, 238, 45), 1.4))
            p.setBrush(QColor(255, 255, 255, 10))
            p.drawRoundedRect(box, 8, 8)
            _t(p, QRectF(box.left() - 14, box.bottom() + 10, w + 28, 24), name, 17,
               QColor(159, 178, 194, 150), QFont.Weight.DemiBold)

    def _trick_info(self, p: QPainter, r: QRectF, d: dict[str, Any]) -> None:
        g = self.game
        c = g.content
        x = r.left() + 100
        parts = []
        if d.get("lead") is not None:
            parts.append(("lead", d["lead"]))
        if d.get("relic", -1) >= 0:
            parts.append(("Relic", d["relic"]))
        for label, res in parts:
            _t(p, QRectF(x, r.top() + 8, 60, 26), label, 16, theme.TEXT_DIM,
               QFont.Weight.DemiBold, Qt.AlignmentFlag.AlignRight | Qt.AlignmentFlag.AlignVCenter)
            x += 66
            painter.draw_icon(p, c.resource_icons[res], QRectF(x, r.top() + 9, 24, 24),
                              QColor(c.resource_colours[res]))
            x += 28
            _t(p, QRectF(x, r.top() + 8, 90, 26), c.resource_names[res], 18, theme.TEXT,
               QFont.Weight.Bold, Qt.AlignmentFlag.AlignLeft | Qt.AlignmentFlag.AlignVCenter)
            x += 86
        if d.get("winner"):
            text = f"{d['winner']} wins the trick"
            box = QRectF(r.center().x() - 180, r.bottom() - 54, 360, 40)
            p.setPen(Qt.PenStyle.NoPen)
            p.setBrush(QColor(242, 193, 78, 235))
            p.drawRoundedRect(box, 20, 20)
            _t(p, box, text, 20, QColor("#1c1408"), QFont.Weight.Bold)


def make_item(key: Any, spec: Any, game: Any) -> TableItem:
    kind = spec.kind
    if kind in ("card", "back", "equip", "relic", "expcard", "event"):
        return CardItem(key, kind, spec.data, game, face=spec.face)
    if kind == "market":
        return MarketItem(key, spec.data, game)
    if kind == "pile":
        return PileItem(key, spec.data, game)
    if kind == "marker":
        return MarkerItem(key, spec.data, game)
    if kind == "leader":
        return LeaderItem(key, spec.data, game)
    if kind == "panel":
        return PanelItem(key, spec.data, game)
    if kind == "zone":
        return ZoneItem(key, spec.data, game)
    if kind == "halo":
        return HaloItem(key, spec.data, game)
    raise ValueError(f"unknown item kind {kind}")
