"""Frost Shelter's cards on the table: resource cards, Equipment, the market, the Relic, the
Event and Expedition cards, and the hover preview of them.

They are the kit's TableItems (frostdesk.ui.kit.items): each has a `key` (see layout.py) and a
`data` dict from its Spec and paints itself with the painters in painter.py. Cards cache their
painting in item coordinates, so moving, scaling and flipping them during an animation never
repaints the face.
"""

from __future__ import annotations

from typing import Any

from PySide6.QtCore import Property, QRectF, Qt
from PySide6.QtGui import QColor, QFont, QPainter, QPainterPath, QPen, QTransform
from PySide6.QtWidgets import QGraphicsSceneHoverEvent

from frostdesk.ui import theme
from frostdesk.ui.games.frost_shelter import painter
from frostdesk.ui.games.frost_shelter.layout import CARD_H, CARD_W
from frostdesk.ui.games.frost_shelter.table_text import (
    draw_lines,
    fit_text,
    text_width,
    wrapped_height,
)
from frostdesk.ui.games.frost_shelter.table_text import draw_text as _t
from frostdesk.ui.kit.items import GLOW_MARGIN, PreviewItem, TableItem

EVENT_W, EVENT_H = 350.0, 378.0  # the Event card when its Spec does not say
TEXT_PX = 25.0  # the table's smallest essential text, in table units (11 pt at 1280x720)
CAPTION_LINE = 31.0  # one line of a caption under a card, in table units
SIDE_GAP = 12.0  # between a card and the words beside it, in table units


class CardItem(TableItem):
    """Resource cards (face or back), Equipment, the Relic, the Event and Expedition cards."""

    def __init__(self, key: Any, kind: str, data: dict[str, Any], game: Any,
                 face: bool = True) -> None:
        super().__init__(key, kind, data, game)
        self._flip = 1.0 if face else 0.0
        self._lift = 0.0
        self.hovered = False
        self.base_scale = 1.0  # the scale the item rests at (its Spec's), not mid-flight

    # ---- geometry

    def card_rect(self) -> QRectF:
        if self.kind == "event":
            w, h = self.data.get("w", EVENT_W), self.data.get("h", EVENT_H)
            return QRectF(-w / 2, -h / 2, w, h)
        return QRectF(-CARD_W / 2, -CARD_H / 2, CARD_W, CARD_H)

    @property
    def _unit(self) -> float:
        """Item units per table unit at the scale the item rests at."""
        return 1 / max(0.1, self.base_scale)

    @property
    def _text_px(self) -> float:
        """TEXT_PX as it comes out, in table units: raised to the floor in a small window
        (captions and tags are sized for it, so their words stay whole)."""
        return max(TEXT_PX, self.floor_px(1.0))

    def _label_rect(self) -> QRectF:
        """Where the words beside the card go (`label`, e.g. your equipment's name)."""
        r = self.card_rect()
        k = self._unit
        return QRectF(r.right() + SIDE_GAP * k, r.top(), self.data.get("label_w", 0) * k,
                      r.height())

    def _caption_text(self) -> str:
        """The player's name under a trick card; while the card wins the trick, "winning"
        under it when the name takes one line (a longer name keeps its two, and the ring)."""
        name = str(self.data["caption"])
        if self.data.get("winning") and self._caption_fits(name):
            return f"{name}\nwinning"
        return name

    def _caption_fits(self, text: str) -> bool:
        """Whether `text` takes one line of the caption."""
        w = self.data.get("caption_w", CARD_W)
        return text_width(text, self._text_px, QFont.Weight.DemiBold) <= w - 12

    def _caption_rect(self) -> QRectF:
        """The pill under a trick card with its player's name (one or two lines)."""
        r = self.card_rect()
        k = self._unit
        w = self.data.get("caption_w", r.width() / k) * k
        text = self._caption_text()
        lines = 1 if "\n" not in text and self._caption_fits(text) else 2
        line = CAPTION_LINE * self._text_px / TEXT_PX
        return QRectF(r.center().x() - w / 2, r.bottom() + 6 * k, w, (lines * line + 8) * k)

    def _lead_rect(self) -> QRectF:
        """The LEAD tag over the first card of the trick."""
        r = self.card_rect()
        k = self._unit
        t = self._text_px
        w = (text_width("LEAD", t, QFont.Weight.Bold) + 18) * k
        h = 31 * t / TEXT_PX
        return QRectF(r.left(), r.top() - (h + 5) * k, w, h * k)

    def boundingRect(self) -> QRectF:  # noqa: N802
        r = self.card_rect().adjusted(-GLOW_MARGIN, -GLOW_MARGIN, GLOW_MARGIN, GLOW_MARGIN)
        if self.data.get("caption") is not None:
            r = r.united(self._caption_rect().adjusted(-2, -2, 2, 2))
        if self.data.get("lead"):
            r = r.united(self._lead_rect())
        if self.data.get("label"):
            r = r.united(self._label_rect())
        return r

    def shape(self) -> QPainterPath:
        path = QPainterPath()
        r = self.card_rect()
        if self.data.get("label"):
            r = r.united(self._label_rect())
        path.addRect(r)
        return path

    @property
    def _k(self) -> float:
        return round(self.view_k * self.base_scale, 3)

    # ---- flip and lift (both are transforms, so the cached face is reused)

    def _get_flip(self) -> float:
        return self._flip

    def _set_flip(self, value: float) -> None:
        before = self._flip >= 0.5
        self._flip = value
        self._apply_transform()
        if (value >= 0.5) != before:
            self.update()

    flip = Property(float, _get_flip, _set_flip)

    def face_up(self) -> bool:
        return self._flip >= 0.5

    def set_lift(self, lift: float) -> None:
        if lift != self._lift:
            self._lift = lift
            self._apply_transform()

    def _apply_transform(self) -> None:
        sx = max(0.02, abs(2 * self._flip - 1))
        t = QTransform()
        t.translate(0, -self._lift)
        t.scale(sx, 1.0)
        self.setTransform(t)

    def _marks_changed(self) -> None:
        if self.data.get("hand"):
            self.set_lift(16.0 if self.selected_mark else (8.0 if self.hovered else 0.0))
        elif self.data.get("mine") or self.kind == "card":
            self.set_lift(10.0 if self.selected_mark else 0.0)

    def hoverEnterEvent(self, event: QGraphicsSceneHoverEvent) -> None:  # noqa: N802
        self.hovered = True
        if self.data.get("hand") and self.isEnabled():
            self.set_lift(16.0 if self.selected_mark else 8.0)
        super().hoverEnterEvent(event)

    def hoverLeaveEvent(self, event: QGraphicsSceneHoverEvent) -> None:  # noqa: N802
        self.hovered = False
        if self.data.get("hand"):
            self.set_lift(16.0 if self.selected_mark else 0.0)
        super().hoverLeaveEvent(event)

    # ---- painting

    def paint_content(self, p: QPainter) -> None:
        r = self.card_rect()
        self.paint_marks(p, r)
        if not self.face_up():
            if self.kind == "event":
                painter.paint_event_back(p, r)
            else:
                painter.paint_back(p, r)
            return
        self.paint_face(p, r)
        if self.data.get("caption") is not None:
            self._paint_caption(p, r)
        if self.data.get("label"):
            self._paint_label(p)
        self.paint_hint_badge(p, r)

    def paint_face(self, p: QPainter, r: QRectF) -> None:
        g = self.game
        c = g.content
        d = self.data
        if self.kind in ("card", "back"):
            card = d.get("card", -1)
            if card < 0:
                painter.paint_back(p, r)
                return
            res = g.res[card]
            painter.paint_resource(p, r, res, g.val[card], c.resource_colours[res],
                                   c.resource_icons[res], c.resource_names[res],
                                   relic=res == d.get("relic", -1))
            if d.get("exp"):
                self._exp_ribbon(p, r)
            if d.get("winner") or d.get("winning"):  # wins the trick (so far)
                p.save()
                p.setPen(QPen(QColor("#f2c14e"), 3.0))
                p.setBrush(Qt.BrushStyle.NoBrush)
                p.drawRoundedRect(r.adjusted(-2, -2, 2, 2), 7, 7)
                p.restore()
        elif self.kind == "equip":
            painter.paint_equipment(p, r, c.equip(d["equip"]), detail=not d.get("mini", False))
        elif self.kind == "relic":
            res = d["relic"]
            painter.paint_relic(p, r, res, c.resource_colours[res], c.resource_icons[res],
                                c.resource_names[res])
        elif self.kind == "expcard":
            painter.paint_expedition(p, r, bool(d.get("used")))
        elif self.kind == "event":
            ev = c.events[d["event"]]
            names = list(c.resource_names)
            painter.paint_event(p, r, ev, d["event_no"], d["total"],
                                [req.describe(names) for req in ev.requirements],
                                c.resource_names[d["relic"]] if d.get("relic", -1) >= 0 else "")

    def _exp_ribbon(self, p: QPainter, r: QRectF) -> None:
        """Cards played for an Expedition: greyed and crossed by a ribbon (no value)."""
        p.save()
        p.setPen(Qt.PenStyle.NoPen)
        p.setBrush(QColor(30, 45, 58, 120))
        p.drawRoundedRect(r, painter.radius(r), painter.radius(r))
        band = QRectF(r.left(), r.center().y() - r.height() * 0.13, r.width(),
                      r.height() * 0.26)
        p.setBrush(QColor("#3b6f8f"))
        p.drawRect(band)
        side = band.height() * 0.8
        painter.draw_icon(p, "expedition", QRectF(band.center().x() - side / 2,
                                                  band.center().y() - side / 2, side, side),
                          QColor("white"), tint=True)
        p.restore()

    def _paint_caption(self, p: QPainter, r: QRectF) -> None:
        d = self.data
        text = self._caption_text()
        k = self._unit
        box = self._caption_rect()
        p.save()
        # the winner's name on gold; the card winning so far has its name ringed in gold
        p.setPen(QPen(QColor("#f2c14e"), 2.5 * k) if d.get("winning") else Qt.PenStyle.NoPen)
        p.setBrush(QColor(242, 193, 78, 235) if d.get("winner") else QColor(12, 20, 28, 190))
        radius = min(box.height() / 2, 17 * k)
        p.drawRoundedRect(box, radius, radius)
        colour = QColor("#1c1408") if d.get("winner") else theme.TEXT
        draw_lines(p, box.adjusted(6 * k, 2 * k, -6 * k, -2 * k), text, TEXT_PX * k, colour,
                   QFont.Weight.DemiBold)  # a long name is cut with "…", never spilled
        p.restore()
        if d.get("lead"):
            tag = self._lead_rect()
            p.save()
            p.setPen(Qt.PenStyle.NoPen)
            p.setBrush(QColor("#e8eef3"))
            p.drawRoundedRect(tag, tag.height() / 2, tag.height() / 2)
            _t(p, tag, "LEAD", TEXT_PX * k, QColor("#1b2834"), QFont.Weight.Bold)
            p.restore()

    def _paint_label(self, p: QPainter) -> None:
        """The name beside the card (your Expedition card and equipment)."""
        k = self._unit
        _t(p, self._label_rect(), self.data["label"], TEXT_PX * k, theme.TEXT,
           QFont.Weight.DemiBold, Qt.AlignmentFlag.AlignLeft | Qt.AlignmentFlag.AlignVCenter)


class MarketItem(CardItem):
    """One equipment type in the market: the card, a count, its name and cost (and its
    effect when there is room for it)."""

    def __init__(self, key: Any, data: dict[str, Any], game: Any) -> None:
        super().__init__(key, "market", data, game)

    def _text_rect(self) -> QRectF:
        r = self.card_rect()
        k = self._unit
        h = self.data.get("text_h", r.height() / k) * k
        return QRectF(r.right() + 16 * k, r.center().y() - h / 2,
                      self.data.get("text_w", 150) * k, h)

    def boundingRect(self) -> QRectF:  # noqa: N802
        r = self.card_rect().adjusted(-GLOW_MARGIN, -GLOW_MARGIN, GLOW_MARGIN, GLOW_MARGIN)
        return r.united(self._text_rect().adjusted(0, 0, 4, 0))

    def shape(self) -> QPainterPath:
        path = QPainterPath()
        path.addRect(self.card_rect().united(self._text_rect()))
        return path

    def paint_face(self, p: QPainter, r: QRectF) -> None:
        c = self.game.content
        d = self.data
        eq = c.equipment_types[d["type"]]
        count = d["count"]
        if count == 0:
            p.setOpacity(0.35)
        painter.paint_equipment(p, r, eq, detail=False)
        p.setOpacity(1.0)
        k = self._unit
        # how many are left: a badge on the card's lower right corner
        badge = QRectF(r.right() - 20 * k, r.bottom() - 20 * k, 32 * k, 32 * k)
        p.setPen(QPen(QColor("#0e151c"), 2 * k))
        p.setBrush(QColor("#f2c14e") if count else QColor("#5d6870"))
        p.drawEllipse(badge)
        _t(p, badge, f"{count}", TEXT_PX * k, QColor("#1c1408"), QFont.Weight.Bold)
        box = self._text_rect()
        name_h = 33 * k
        _t(p, QRectF(box.left(), box.top(), box.width(), name_h), eq.name, 27 * k, theme.TEXT,
           QFont.Weight.Bold, Qt.AlignmentFlag.AlignLeft | Qt.AlignmentFlag.AlignVCenter)
        cost = eq.cost.describe()
        cost_h = wrapped_height(cost, self._text_px, box.width() / k,
                                QFont.Weight.DemiBold) * k
        used = fit_text(p, QRectF(box.left(), box.top() + name_h, box.width(),
                                  min(cost_h, box.height() - name_h)),
                        cost, TEXT_PX * k, QColor("#f2c14e"), QFont.Weight.DemiBold)
        effect = eq.text.split(" - ", 1)[-1]
        effect = effect[:1].upper() + effect[1:]
        painter.fit_or_omit(p, QRectF(box.left(), used.bottom() + 2 * k, box.width(),
                                       box.bottom() - used.bottom() - 2 * k),
                             effect, 22 * k, theme.TEXT_DIM)


class ShelterPreview(PreviewItem):
    """The enlarged hovered card; equipment shows its cost and effect in full."""

    def paint_source(self, p: QPainter, item: Any, r: QRectF) -> None:
        if isinstance(item, MarketItem):
            c = item.game.content
            painter.paint_equipment(p, r, c.equipment_types[item.data["type"]], detail=True)
        elif item.kind == "equip":
            painter.paint_equipment(p, r, item.game.content.equip(item.data["equip"]),
                                    detail=True)
        else:
            item.paint_face(p, r)
