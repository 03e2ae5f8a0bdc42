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
from frostdesk.ui.kit.items import GLOW_MARGIN, PreviewItem, TableItem
from frostdesk.ui.kit.text import draw_text as _t
from frostdesk.ui.kit.text import fit_px, fit_text

CAPTION_H = 38.0
EVENT_W, EVENT_H = 236.0, 338.0


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
            return QRectF(-EVENT_W / 2, -EVENT_H / 2, EVENT_W, EVENT_H)
        return QRectF(-CARD_W / 2, -CARD_H / 2, CARD_W, CARD_H)

    def boundingRect(self) -> QRectF:  # noqa: N802
        r = self.card_rect().adjusted(-GLOW_MARGIN, -GLOW_MARGIN, GLOW_MARGIN, GLOW_MARGIN)
        if self.data.get("caption") is not None:
            r.setBottom(r.bottom() + CAPTION_H)
        return r

    def shape(self) -> QPainterPath:
        path = QPainterPath()
        path.addRect(self.card_rect())
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
            if d.get("winner"):
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
        band = QRectF(r.left(), r.center().y() - 12, r.width(), 24)
        p.setBrush(QColor("#3b6f8f"))
        p.drawRect(band)
        painter.draw_icon(p, "expedition", QRectF(band.left() + 3, band.top() + 3, 18, 18),
                          QColor("white"), tint=True)
        _t(p, band.adjusted(20, 0, 0, 0), "EXPEDITION", 10.5, QColor("white"),
           QFont.Weight.Bold)
        p.restore()

    def _paint_caption(self, p: QPainter, r: QRectF) -> None:
        d = self.data
        text = d["caption"]
        box = QRectF(r.left() - 8, r.bottom() + 6, r.width() + 16, CAPTION_H - 8)
        p.save()
        p.setPen(Qt.PenStyle.NoPen)
        p.setBrush(QColor(242, 193, 78, 235) if d.get("winner") else QColor(12, 20, 28, 190))
        p.drawRoundedRect(box, box.height() / 2, box.height() / 2)
        colour = QColor("#1c1408") if d.get("winner") else theme.TEXT
        px = fit_px(text, 18, box.width() - 10, QFont.Weight.DemiBold)
        _t(p, box, text, px, colour, QFont.Weight.DemiBold)
        p.restore()
        if d.get("lead"):
            tag = QRectF(r.left() + 6, r.top() - 12, 40, 17)
            p.save()
            p.setPen(Qt.PenStyle.NoPen)
            p.setBrush(QColor("#e8eef3"))
            p.drawRoundedRect(tag, 8, 8)
            _t(p, tag, "LEAD", 10.5, QColor("#1b2834"), QFont.Weight.Bold)
            p.restore()


class MarketItem(CardItem):
    """One equipment type in the market: the card, a count and the cost and effect in words."""

    def __init__(self, key: Any, data: dict[str, Any], game: Any) -> None:
        super().__init__(key, "market", data, game)

    def boundingRect(self) -> QRectF:  # noqa: N802
        r = self.card_rect().adjusted(-GLOW_MARGIN, -GLOW_MARGIN, GLOW_MARGIN, GLOW_MARGIN + 8)
        r.setRight(r.right() + self.data.get("text_w", 150) / max(0.1, self.scale()) + 10)
        return r

    def shape(self) -> QPainterPath:
        path = QPainterPath()
        r = self.card_rect()
        r.setRight(r.right() + self.data.get("text_w", 150) / max(0.1, self.scale()))
        path.addRect(r)
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
        k = 1 / max(0.1, self.scale())
        # how many are left: a badge on the card's lower right corner
        badge = QRectF(r.right() - 17 * k, r.bottom() - 17 * k, 30 * k, 30 * k)
        p.setPen(QPen(QColor("#0e151c"), 2 * k))
        p.setBrush(QColor("#f2c14e") if count else QColor("#5d6870"))
        p.drawEllipse(badge)
        _t(p, badge, f"{count}", 16 * k, QColor("#1c1408"), QFont.Weight.Bold)
        tx = r.right() + 20 * k
        tw = d.get("text_w", 150) * k
        _t(p, QRectF(tx, r.top() - 6 * k, tw, 24 * k), eq.name, 19 * k, theme.TEXT,
           QFont.Weight.Bold, Qt.AlignmentFlag.AlignLeft | Qt.AlignmentFlag.AlignVCenter)
        used = fit_text(p, QRectF(tx, r.top() + 19 * k, tw, 38 * k), eq.cost.describe(),
                        15 * k, QColor("#f2c14e"), QFont.Weight.DemiBold)
        effect = eq.text.split(" - ", 1)[-1]
        effect = effect[:1].upper() + effect[1:]
        fit_text(p, QRectF(tx, used.bottom() + 2 * k, tw, r.bottom() + 20 - used.bottom()),
                 effect, 14.5 * k, theme.TEXT_DIM)


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
