"""The table's furniture: player areas with their damage tracks, the active-seat halo,
labelled zones (Trick, Equipment market), face-down piles, damage markers and the Leader token.

Like the cards (items.py), each paints from a cached pixmap rendered at its resting size.
"""

from __future__ import annotations

from typing import Any

from PySide6.QtCore import QPointF, QRectF, Qt
from PySide6.QtGui import QBrush, QColor, QFont, QLinearGradient, QPainter, QPainterPath, QPen

from frostdesk.ui import theme
from frostdesk.ui.games.frost_shelter import painter
from frostdesk.ui.games.frost_shelter.items import TEXT_PX, CardItem, MarketItem
from frostdesk.ui.games.frost_shelter.layout import CARD_H, CARD_W, TRACK_MAX
from frostdesk.ui.games.frost_shelter.table_text import draw_lines, fit_px, text_width
from frostdesk.ui.games.frost_shelter.table_text import draw_text as _t
from frostdesk.ui.kit.items import TableItem, paint_glow
from frostdesk.ui.kit.text import elide

LEFT = Qt.AlignmentFlag.AlignLeft | Qt.AlignmentFlag.AlignVCenter
RIGHT = Qt.AlignmentFlag.AlignRight | Qt.AlignmentFlag.AlignVCenter
HEADING_PX = 27.0  # zone and area headings, in table units
NAME_PX = 30.0  # a player's name on their area


class PileItem(TableItem):
    """A face-down pile (Expedition deck, undealt cards, discard): its count on the pile and
    its name beside it."""

    def __init__(self, key: Any, data: dict[str, Any], game: Any) -> None:
        super().__init__(key, "pile", data, game)

    @property
    def _unit(self) -> float:
        return 1 / max(0.1, self.scale())

    def boundingRect(self) -> QRectF:  # noqa: N802
        k = self._unit
        return QRectF(-CARD_W / 2 - 4, -CARD_H / 2 - 10, CARD_W + 14 + (10 + self.data.get(
            "label_w", 120)) * k, CARD_H + 16)

    def shape(self) -> QPainterPath:
        path = QPainterPath()
        path.addRect(QRectF(-CARD_W / 2, -CARD_H / 2, CARD_W, CARD_H))
        return path

    def paint_content(self, p: QPainter) -> None:
        p.setRenderHint(QPainter.RenderHint.Antialiasing)
        count = self.data.get("count", 0)
        k = self._unit
        r = QRectF(-CARD_W / 2, -CARD_H / 2, CARD_W, CARD_H)
        if count <= 0:
            p.setPen(QPen(QColor(169, 212, 238, 70), 1.5 * k, Qt.PenStyle.DashLine))
            p.setBrush(QColor(255, 255, 255, 10))
            p.drawRoundedRect(r, 6, 6)
        else:
            layers = min(4, 1 + count // 6)
            for i in range(layers, 0, -1):
                painter.paint_back(p, r.translated(i * 1.6, -i * 1.6))
            painter.paint_back(p, r)
            t = max(TEXT_PX, self.floor_px(1.0))  # the count's size as drawn, table units
            bw = max(34.0, text_width(str(count), t, QFont.Weight.Bold) + 8)
            badge = QRectF(r.center().x() - bw / 2 * k, r.center().y() - 15 * k, bw * k,
                           30 * k)
            p.setPen(Qt.PenStyle.NoPen)
            p.setBrush(QColor(10, 18, 26, 215))
            p.drawRoundedRect(badge, 10 * k, 10 * k)
            _t(p, badge, str(count), TEXT_PX * k, QColor("white"), QFont.Weight.Bold)
        label = self.data.get("label", "")
        _t(p, QRectF(r.right() + 10 * k, r.top(), self.data.get("label_w", 120) * k,
                     r.height()), label, TEXT_PX * k, theme.TEXT_DIM, QFont.Weight.DemiBold,
           LEFT)


class MarkerItem(TableItem):
    """A damage marker on a damage track (yours with its number on it)."""

    def __init__(self, key: Any, data: dict[str, Any], game: Any) -> None:
        super().__init__(key, "marker", data, game)
        self.setAcceptHoverEvents(False)
        self.setAcceptedMouseButtons(Qt.MouseButton.NoButton)

    def _radius(self) -> float:
        return 19.0 if self.data.get("big") else 12.0

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
        # an opponent's total is written beside their track; theirs shows it when large
        _t(p, QRectF(-rad, -rad, 2 * rad, 2 * rad), str(self.data.get("value", 0)),
           TEXT_PX if self.data.get("big") else rad * 1.1, QColor("white"), QFont.Weight.Bold,
           detail=not self.data.get("big"))


class LeaderItem(TableItem):
    def __init__(self, key: Any, data: dict[str, Any], game: Any) -> None:
        super().__init__(key, "leader", data, game)

    def boundingRect(self) -> QRectF:  # noqa: N802
        return QRectF(-20, -20, 40, 40)

    def paint_content(self, p: QPainter) -> None:
        p.setRenderHint(QPainter.RenderHint.Antialiasing)
        painter.paint_leader(p, QRectF(-18, -18, 36, 36))


class PanelItem(TableItem):
    """A player's area: name, status, the damage track and total, the colony count; on
    your own area also the headings over your colony, hand and equipment."""

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
        x0, x1, ty = d["track"]
        beside = ty - r.top() < 44  # the track runs beside the name, not under it
        # header: [bot/human icon] Name  status (the Leader token sits beside it)
        icon_x = r.left() + (58 if me and d.get("leader") else 12 if not me else 14)
        right = x0 - 28 if beside else r.right() - 52  # leave the Leader token its corner
        icon_box = QRectF(icon_x, r.top() + 11, 28, 28)
        painter.draw_icon(p, "bot" if d["bot"] else "human", icon_box, theme.TEXT_DIM)
        self._name_and_status(p, d, QRectF(icon_box.right() + 8, r.top() + 4,
                                           right - icon_box.right() - 8, 42), me)
        head = QRectF(r.left() + 8, r.top() + 2, right - r.left() - 8, 46)  # for the tag
        # damage total: the damage icon and the number, after the track
        dmg = QRectF(x1 + (34 if me else 22), ty - 18, 96, 36)
        painter.draw_icon(p, "damage", QRectF(dmg.left(), dmg.center().y() - 13, 26, 26),
                          QColor("#d9443c"))
        _t(p, QRectF(dmg.left() + 32, dmg.top(), 64, dmg.height()), str(d["damage"]),
           NAME_PX, QColor("#ffb39e"), QFont.Weight.Bold, LEFT)
        self._track(p, d)
        if me:
            self._my_headings(p, d, r)
        else:
            self._opponent_counts(p, d, r)
        if d.get("flash"):
            p.save()
            p.setOpacity(p.opacity() * float(d.get("flash_alpha", 1.0)))  # fading out
            heading = None
            if not me and not d.get("stacked"):
                x, y, cw, ch = d["count_box"]
                heading = QRectF(r.left() + x, r.top() + y, cw, ch)
            self._flash_tag(p, d, r if me else head, me, heading)
            p.restore()
        if self.focus_mark:  # the keyboard is on this area (naming the Leader)
            p.save()
            p.setPen(QPen(QColor("white"), 2.5, Qt.PenStyle.DashLine))
            p.setBrush(Qt.BrushStyle.NoBrush)
            p.drawRoundedRect(r.adjusted(-5, -5, 5, 5), 16, 16)
            p.restore()

    def _name_and_status(self, p: QPainter, d: dict[str, Any], box: QRectF, me: bool) -> None:
        """The name, as large as fits, then the status when there is room for it."""
        name = d["name"]
        px = max(TEXT_PX, fit_px(name, NAME_PX + (2 if me else 0), box.width()))
        if text_width(name, px, QFont.Weight.Bold) > box.width():  # still too wide: cut it
            name = elide(name, px, box.width(), QFont.Weight.Bold)  # (whole in the log)
        _t(p, box, name, px, theme.TEXT, QFont.Weight.Bold, LEFT)
        status, colour = "", theme.TEXT_DIM
        if d["thinking"]:
            status, colour = "thinking…", theme.FROST
        elif d["active"]:
            status, colour = ("your turn" if me else "to move"), theme.LEGAL
        elif d["bot"] and d.get("level"):
            status = d["level"]
        sx = box.left() + text_width(name, px, QFont.Weight.Bold) + 12
        if status and text_width(status, TEXT_PX, QFont.Weight.DemiBold) <= box.right() - sx:
            _t(p, QRectF(sx, box.top() + 2, box.right() - sx, box.height()), status, TEXT_PX,
               colour, QFont.Weight.DemiBold, LEFT)

    def _flash_tag(self, p: QPainter, d: dict[str, Any], r: QRectF, me: bool,
                   heading: QRectF | None = None) -> None:
        """A seat's floating tag ("+3 damage", "Heals 2") where no card lies on it: on your
        area over the headings, on an opponent's at the end of the colony's heading when it
        fits there (`heading`, a wide area), else over the name (`r`)."""
        text = d["flash"]
        fw = min(r.width() - 16, max(200.0, text_width(text, 28, QFont.Weight.Bold) + 44))
        if me:
            box = QRectF(r.center().x() - fw / 2, r.top() + 60, fw, 44)
        elif heading is not None and text_width(self._colony_heading(d), TEXT_PX,
                                                QFont.Weight.Bold) + 24 + fw <= heading.width():
            box = QRectF(heading.right() - fw, heading.center().y() - 22, fw, 44)
        else:
            box = QRectF(r.center().x() - fw / 2, r.center().y() - 22, fw, 44)
        hurt = "damage" in text or "Bite" in text
        p.setPen(Qt.PenStyle.NoPen)
        p.setBrush(QColor(196, 70, 47, 235) if hurt else QColor(47, 111, 154, 235))
        p.drawRoundedRect(box, 22, 22)
        _t(p, box, text, max(TEXT_PX, fit_px(text, 28, fw - 24)), QColor("white"),
           QFont.Weight.Bold)

    def _track(self, p: QPainter, d: dict[str, Any]) -> None:
        x0, x1, y = d["track"]
        me = d["me"]
        p.setPen(Qt.PenStyle.NoPen)
        p.setBrush(QColor(8, 14, 20, 150))
        p.drawRoundedRect(QRectF(x0 - 12, y - 8, x1 - x0 + 24, 16), 8, 8)
        step = (x1 - x0) / TRACK_MAX
        for i in range(TRACK_MAX + 1):
            x = x0 + i * step
            big = i % 5 == 0
            p.setPen(QPen(QColor(169, 212, 238, 150 if big else 70), 1.6 if big else 1.0))
            p.drawLine(QPointF(x, y - (6 if big else 3)), QPointF(x, y + (6 if big else 3)))
        if me:  # yours is numbered; an opponent's total is written beside it
            for i in range(0, TRACK_MAX + 1, 5):
                x = x0 + i * step
                _t(p, QRectF(x - 24, y + 9, 48, 30), str(i), TEXT_PX, theme.TEXT_DIM)

    def _colony_words(self, d: dict[str, Any]) -> tuple[str, str, bool]:
        """(count and Max, Frost Bite words or "", over the Max)."""
        mx = d.get("max")
        count = d["colony"]
        over = mx is not None and count > mx
        bite = f"Frost Bite +{2 * (count - mx)}" if over else ""
        return (f"{count} / MAX {mx}" if mx is not None else f"{count}"), bite, over

    def _colony_heading(self, d: dict[str, Any]) -> str:
        """COLONY, its count and Max, and the Frost Bite when over, in one line."""
        count, bite, _ = self._colony_words(d)
        return f"COLONY {count}" + (f" · {bite}" if bite else "")

    def _my_headings(self, p: QPainter, d: dict[str, Any], r: QRectF) -> None:
        (cx, cw), (hx, hw), (sx, sw) = d["regions"]
        y = r.top() + 58
        over = self._colony_words(d)[2]
        _t(p, QRectF(r.left() + cx, y, cw, 34), self._colony_heading(d), TEXT_PX,
           theme.DANGER if over else theme.TEXT_DIM, QFont.Weight.Bold, LEFT)
        _t(p, QRectF(r.left() + hx, y, hw, 34), "YOUR HAND", TEXT_PX, theme.TEXT_DIM,
           QFont.Weight.Bold, LEFT)
        side = "EXPEDITION · EQUIPMENT"
        if text_width(side, TEXT_PX, QFont.Weight.Bold) > sw:
            side = "EQUIPMENT"
        _t(p, QRectF(r.left() + sx, y, sw, 34), side, TEXT_PX, theme.TEXT_DIM,
           QFont.Weight.Bold, LEFT)
        if d["hidden"]:
            _t(p, QRectF(r.left() + hx, r.bottom() - 86, hw, 70),
               "Hands stay hidden while the bots play (pass-and-play)", TEXT_PX,
               theme.TEXT_DIM, wrap=True)

    def _opponent_counts(self, p: QPainter, d: dict[str, Any], r: QRectF) -> None:
        """How many cards the hand holds (beside its fan) and the colony's count and Max."""
        bx, by = d["badge"]
        badge = QRectF(r.left() + bx - 17, r.top() + by - 17, 34, 34)
        p.setPen(QPen(QColor("#0e151c"), 2))
        p.setBrush(QColor("#dbe6ee"))
        p.drawEllipse(badge)
        _t(p, badge, str(d["hand"]), TEXT_PX, QColor("#1b2834"), QFont.Weight.Bold)
        count, bite, over = self._colony_words(d)
        x, y, cw, ch = d["count_box"]
        box = QRectF(r.left() + x, r.top() + y, cw, ch)
        colour = theme.DANGER if over else theme.TEXT_DIM
        if not d.get("stacked"):  # one line over the colony
            _t(p, box, self._colony_heading(d), TEXT_PX, colour, QFont.Weight.Bold, LEFT)
            return
        # two lines, right-aligned: COLONY over the count (and Frost Bite when over)
        top = "COLONY"
        if over and text_width(f"COLONY · {bite}", TEXT_PX, QFont.Weight.Bold) <= cw:
            top = f"COLONY · {bite}"
        elif over:
            count = f"{d['colony']} / {d['max']} · +{2 * (d['colony'] - d['max'])}"
        _t(p, QRectF(box.left(), box.top(), cw, 32), top, TEXT_PX, colour,
           QFont.Weight.Bold, RIGHT)
        if text_width(count, NAME_PX - 2, QFont.Weight.Bold) > cw:
            count = count.replace(" / MAX ", " / ")
        _t(p, QRectF(box.left(), box.top() + 32, cw, 36), count,
           max(TEXT_PX, fit_px(count, NAME_PX - 2, cw)),
           theme.DANGER if over else theme.TEXT, QFont.Weight.Bold, RIGHT)


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
            _t(p, QRectF(r.left() + 16, r.top() + 6, w - 32, 38), label, HEADING_PX,
               theme.TEXT_DIM, QFont.Weight.Bold, LEFT)
        if self.key == ("zone", "trick"):
            self._trick_slots(p, d)
            self._trick_info(p, r, d)

    def _trick_slots(self, p: QPainter, d: dict[str, Any]) -> None:
        """Dashed places for the cards still to come, each with its player's name."""
        w = d.get("slot_w", CARD_W * 1.25)
        h = w * CARD_H / CARD_W
        cw = d.get("caption_w", w)
        lines = 66 * max(TEXT_PX, self.floor_px(1.0)) / TEXT_PX + 4  # two lines as drawn
        for x, y, name in d.get("slots", ()):
            box = QRectF(x - w / 2, y - h / 2, w, h)
            p.setPen(QPen(QColor(169, 212, 238, 45), 1.4))
            p.setBrush(QColor(255, 255, 255, 10))
            p.drawRoundedRect(box, 8, 8)
            draw_lines(p, QRectF(x - cw / 2 + 6, box.bottom() + 8, cw - 12, lines), name,
                       TEXT_PX, QColor(159, 178, 194, 170), QFont.Weight.DemiBold,
                       Qt.AlignmentFlag.AlignHCenter | Qt.AlignmentFlag.AlignTop)

    def _trick_info(self, p: QPainter, r: QRectF, d: dict[str, Any]) -> None:
        """After the TRICK heading: the lead resource and the Relic, each with its icon."""
        g = self.game
        c = g.content
        floor = self.floor_px(1.0)
        text_px, heading_px = max(TEXT_PX, floor), max(HEADING_PX, floor)  # sizes as drawn
        x = r.left() + 16 + text_width(d.get("label", ""), heading_px, QFont.Weight.Bold) + 22
        parts = []
        if d.get("lead") is not None and d.get("lead") == d.get("relic"):
            parts.append(("lead and Relic", d["lead"]))  # one resource: named once
        else:
            if d.get("lead") is not None:
                parts.append(("lead", d["lead"]))
            if d.get("relic", -1) >= 0:
                parts.append(("Relic", d["relic"]))
        for label, res in parts:
            lw = text_width(label, text_px, QFont.Weight.DemiBold) + 2
            _t(p, QRectF(x, r.top() + 6, lw, 38), label, TEXT_PX, theme.TEXT_DIM,
               QFont.Weight.DemiBold, LEFT)
            x += lw + 6
            painter.draw_icon(p, c.resource_icons[res], QRectF(x, r.top() + 12, 26, 26),
                              QColor(c.resource_colours[res]))
            x += 30
            name = c.resource_names[res]
            nw = text_width(name, heading_px, QFont.Weight.Bold) + 2
            _t(p, QRectF(x, r.top() + 6, nw, 38), name, HEADING_PX, theme.TEXT,
               QFont.Weight.Bold, LEFT)
            x += nw + 22
        if d.get("winner"):
            text = f"{d['winner']} wins the trick"
            tw = min(r.width() - 24, text_width(text, 28, QFont.Weight.Bold) + 48)
            box = QRectF(r.center().x() - tw / 2, r.bottom() - 58, tw, 46)
            p.setPen(Qt.PenStyle.NoPen)
            p.setBrush(QColor(242, 193, 78, 235))
            p.drawRoundedRect(box, 23, 23)
            _t(p, box, text, max(TEXT_PX, fit_px(text, 28, tw - 24)), QColor("#1c1408"),
               QFont.Weight.Bold)


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
