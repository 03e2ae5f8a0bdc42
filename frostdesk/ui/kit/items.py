"""The base graphics items of every table. All are QGraphicsObjects so the animator can move
them.

A `TableItem` has a `key` (the game's layout names every item) and a `data` dict from its
Spec; it paints itself once into a pixmap at the size it is shown at rest (a shared cache), so
moving, scaling and flipping it during an animation never repaints it. Clicks and hovers go to
the scene, which turns them into signals. `PreviewItem` is the enlarged copy of a hovered card.
"""

from __future__ import annotations

import math
from collections import OrderedDict
from typing import TYPE_CHECKING, Any, cast

from PySide6.QtCore import QPointF, QRectF, Qt
from PySide6.QtGui import QColor, QPainter, QPen, QPixmap
from PySide6.QtWidgets import (
    QApplication,
    QGraphicsObject,
    QGraphicsSceneHoverEvent,
    QGraphicsSceneMouseEvent,
    QStyleOptionGraphicsItem,
    QWidget,
)

from frostdesk.ui import theme
from frostdesk.ui.kit.text import FLOOR_PX

if TYPE_CHECKING:
    from frostdesk.ui.kit.scene import TableScene

GLOW_MARGIN = 14.0
_PIXMAPS: OrderedDict[Any, QPixmap] = OrderedDict()  # painted items, shared, LRU
_PIXMAP_BUDGET = 160 * 1024 * 1024  # bytes
_PIXMAP_BYTES = 0


def clear_pixmap_cache() -> None:
    """Forget every painted item, so the next paint draws each one again."""
    global _PIXMAP_BYTES
    _PIXMAPS.clear()
    _PIXMAP_BYTES = 0


def corner_radius(rect: QRectF) -> float:
    """The corner radius of a card-like rectangle (and of the glow around it)."""
    return min(rect.width(), rect.height()) * 0.075


def paint_glow(p: QPainter, r: QRectF, colour: QColor, strength: float = 1.0,
               spread: float = 9.0) -> None:
    """A soft outer glow around a rounded rect (drawn before the card)."""
    p.save()
    p.setBrush(Qt.BrushStyle.NoBrush)
    steps = 5
    for i in range(steps, 0, -1):
        c = QColor(colour)
        c.setAlphaF(min(1.0, 0.16 * strength * (steps - i + 1) / steps + 0.02))
        d = spread * i / steps
        p.setPen(QPen(c, spread / steps * 1.6))
        rr = r.adjusted(-d, -d, d, d)
        p.drawRoundedRect(rr, corner_radius(r) + d, corner_radius(r) + d)
    c = QColor(colour)
    c.setAlphaF(min(1.0, 0.95 * strength))
    p.setPen(QPen(c, 2.4))
    p.drawRoundedRect(r.adjusted(-1.2, -1.2, 1.2, 1.2), corner_radius(r) + 1, corner_radius(r) + 1)
    p.restore()


def hint_badge_place(r: QRectF) -> tuple[QPointF, float]:
    """Where the hint badge sits on a card-like rect `r`: its centre and radius (reaching a
    little past the lower left corner, within the glow's margin)."""
    radius = min(22.0, min(r.width(), r.height()) * 0.28)
    out = min(GLOW_MARGIN - 3, radius * 0.55)  # how far it reaches past the corner
    return QPointF(r.left() + radius - out, r.bottom() - radius + out), radius


def pixmap_painter(pm: QPixmap, scale: float, rect: QRectF) -> QPainter:
    """A smooth painter on `pm` that maps `rect` (item units) onto it at `scale`."""
    p = QPainter(pm)
    p.setRenderHint(QPainter.RenderHint.Antialiasing)
    p.setRenderHint(QPainter.RenderHint.TextAntialiasing)
    p.setRenderHint(QPainter.RenderHint.SmoothPixmapTransform)
    p.scale(scale, scale)
    p.translate(-rect.left(), -rect.top())
    return p


class TableItem(QGraphicsObject):
    """Base: a key, a data dict, hover/click plumbing through the scene."""

    clickable_kinds: tuple[str, ...] = ()
    # The Spec's data the item paints from. It hides QGraphicsItem.data(key), which the
    # table never uses (items are found by their key, not by Qt's item data).
    data: dict[str, Any]  # type: ignore[assignment]

    def __init__(self, key: Any, kind: str, data: dict[str, Any], game: Any) -> None:
        super().__init__()
        self.key = key
        self.kind = kind
        self.data = dict(data)
        self.game = game
        self.glow = False
        self.selected_mark = False
        self.focus_mark = False
        self.hint_mark = False
        self.view_k = 1.0  # device pixels per table unit (the view's scale)
        self.setAcceptHoverEvents(True)

    def set_cache_scale(self, k: float) -> None:
        """Device pixels per table unit. Items paint from a pixmap rendered at exactly the
        size they are shown at rest, so a frame only copies pixmaps."""
        if k != self.view_k:
            self.prepareGeometryChange()  # an item may give its words more room when small
            self.view_k = k
            self.update()

    def floor_px(self, scale: float | None = None) -> float:
        """The text floor (11 pt on screen) in this item's own units at `scale` (its own
        scale when not given): a text laid out at least this big comes out as laid out, so
        geometry that holds words (a caption's lines, a label's width) can be sized for the
        size they will really be drawn at."""
        k = self.view_k * (self.scale() if scale is None else scale)
        return FLOOR_PX / k if k > 0 else 0.0

    @property
    def _k(self) -> float:
        return round(self.view_k * self.scale(), 3)

    def _cache_key(self) -> Any:
        br = self.boundingRect()
        data = tuple(sorted((k, v if not isinstance(v, (list, dict)) else repr(v))
                            for k, v in self.data.items()))
        return (type(self).__name__, self.kind, data, self.face_up(), self.glow,
                self.selected_mark, self.focus_mark, self.hint_mark, self._k, br.width(),
                br.height())

    def face_up(self) -> bool:
        return True

    def warm(self) -> None:
        """Render the cached pixmap now (before an animation starts, not during a frame)."""
        self._pixmap()

    def _pixmap(self) -> QPixmap:
        global _PIXMAP_BYTES
        key = self._cache_key()
        pm = _PIXMAPS.get(key)
        if pm is not None:
            _PIXMAPS.move_to_end(key)
            return pm
        br = self.boundingRect()
        k = self._k
        pm = QPixmap(max(1, math.ceil(br.width() * k)), max(1, math.ceil(br.height() * k)))
        pm.fill(Qt.GlobalColor.transparent)
        p = pixmap_painter(pm, k, br)
        self.paint_content(p)
        p.end()
        _PIXMAPS[key] = pm
        _PIXMAP_BYTES += pm.width() * pm.height() * 4
        while _PIXMAP_BYTES > _PIXMAP_BUDGET and len(_PIXMAPS) > 1:
            _, old = _PIXMAPS.popitem(last=False)
            _PIXMAP_BYTES -= old.width() * old.height() * 4
        return pm

    def paint(self, p: QPainter, option: QStyleOptionGraphicsItem,
              widget: QWidget | None = None) -> None:
        pm = self._pixmap()
        p.drawPixmap(self.boundingRect(), pm, QRectF(pm.rect()))

    def paint_content(self, p: QPainter) -> None:
        raise NotImplementedError

    def set_data(self, data: dict[str, Any]) -> None:
        if data != self.data:
            self.prepareGeometryChange()
            self.data = dict(data)
            self.update()

    def set_marks(self, glow: bool, selected: bool, focus: bool, hint: bool) -> None:
        if (glow, selected, focus, hint) != (self.glow, self.selected_mark, self.focus_mark,
                                             self.hint_mark):
            self.glow, self.selected_mark, self.focus_mark, self.hint_mark = \
                glow, selected, focus, hint
            self._marks_changed()
            self.update()

    def _marks_changed(self) -> None:
        pass

    # clicks go to the scene, which turns them into signals; so does a drag (a press that
    # moves past the system's drag distance before its release), where the screen allows one
    _press_at: QPointF | None = None
    _dragging = False

    def mousePressEvent(self, event: QGraphicsSceneMouseEvent) -> None:  # noqa: N802
        if event.button() in (Qt.MouseButton.LeftButton, Qt.MouseButton.RightButton):
            event.accept()
            self.pointed_at(event.pos())
            self._press_at = event.scenePos() if event.button() == Qt.MouseButton.LeftButton \
                else None
            self._dragging = False
        else:
            event.ignore()

    def pointed_at(self, pos: QPointF) -> None:
        """A press (or a drop) landed at `pos` (item units): an item with parts of its own
        (a card's cells) notes which one. Nothing by default."""

    def drag_pixmap(self) -> QPixmap:
        """What follows the pointer while this item is dragged: the item itself by default;
        an item with parts may give only the pressed part."""
        return self._pixmap()

    def drag_ended(self) -> None:
        """The scene called this item's drag off: its press is over too."""
        self._dragging, self._press_at = False, None

    def mouseMoveEvent(self, event: QGraphicsSceneMouseEvent) -> None:  # noqa: N802
        scene = self.table_scene()
        if scene is None or self._press_at is None \
                or not event.buttons() & Qt.MouseButton.LeftButton:
            return
        if not self._dragging:
            far = (event.scenePos() - self._press_at).manhattanLength()
            views = scene.views()
            k = views[0].transform().m11() if views else 1.0
            if far * k < QApplication.startDragDistance() or not scene.drag_start(self):
                return
            self._dragging = True
        scene.drag_move(event.scenePos())

    def table_scene(self) -> TableScene | None:
        """The table scene the item is in (None while it is in no scene)."""
        return cast("TableScene | None", self.scene())

    def mouseReleaseEvent(self, event: QGraphicsSceneMouseEvent) -> None:  # noqa: N802
        scene = self.table_scene()
        dragged, self._dragging, self._press_at = self._dragging, False, None
        if scene is not None and dragged:
            scene.drag_end(self, event.scenePos())
            return
        if scene is None or not self.boundingRect().contains(event.pos()):
            return
        if event.button() == Qt.MouseButton.LeftButton:
            scene.item_clicked(self)
        elif event.button() == Qt.MouseButton.RightButton:
            scene.item_context(self)

    def hoverEnterEvent(self, event: QGraphicsSceneHoverEvent) -> None:  # noqa: N802
        scene = self.table_scene()
        if scene is not None:
            scene.item_hovered(self, True)

    def hoverMoveEvent(self, event: QGraphicsSceneHoverEvent) -> None:  # noqa: N802
        scene = self.table_scene()
        if scene is not None:
            scene.item_pointer_moved(self, event.pos())

    def hoverLeaveEvent(self, event: QGraphicsSceneHoverEvent) -> None:  # noqa: N802
        scene = self.table_scene()
        if scene is not None:
            scene.item_hovered(self, False)

    def paint_marks(self, p: QPainter, r: QRectF) -> None:
        if self.selected_mark:
            # a glow like the legal ones' but paler, and a solid ring: picked reads apart from
            # choosable at a glance, not by a shade of amber alone
            paint_glow(p, r, theme.SELECTED, 1.0, 12)
            p.save()
            p.setPen(QPen(theme.SELECTED.lighter(125), 3.0))
            p.setBrush(Qt.BrushStyle.NoBrush)
            p.drawRoundedRect(r.adjusted(-2.5, -2.5, 2.5, 2.5), 7, 7)
            p.restore()
        elif self.hint_mark:
            paint_glow(p, r, theme.HINT, 1.0, 12)
        elif self.glow:
            paint_glow(p, r, theme.LEGAL, 0.85, 10)
        if self.focus_mark:
            p.save()
            p.setPen(QPen(QColor("white"), 2.5, Qt.PenStyle.DashLine))
            p.setBrush(Qt.BrushStyle.NoBrush)
            rr = r.adjusted(-5, -5, 5, 5)
            p.drawRoundedRect(rr, 8, 8)
            p.restore()


    def paint_hint_badge(self, p: QPainter, r: QRectF) -> None:
        """While the item is the hint: a round badge with a light bulb on its lower left
        corner, painted over its face. A shape of its own, not only another glow, so the hint
        stands out from the legal moves (and without colour too). The lower left shows in a
        fan of cards, where the next card covers the right side, and keeps clear of the
        numbers in the upper corners."""
        if not self.hint_mark:
            return
        centre, radius = hint_badge_place(r)
        p.save()
        p.setRenderHint(QPainter.RenderHint.Antialiasing)
        p.setPen(QPen(QColor("#0e151c"), max(1.5, radius * 0.14)))
        p.setBrush(theme.HINT)
        p.drawEllipse(centre, radius, radius)
        p.setPen(Qt.PenStyle.NoPen)
        p.setBrush(QColor("#10231e"))
        inner = radius * 0.78
        p.drawEllipse(centre, inner, inner)
        from frostdesk.ui.kit.icons import draw_icon

        side = inner * 1.5
        draw_icon(p, "hint", QRectF(centre.x() - side / 2, centre.y() - side / 2, side, side),
                  theme.HINT)
        p.restore()


class PreviewItem(QGraphicsObject):
    """The enlarged copy of a hovered card; it never takes the mouse."""

    def __init__(self) -> None:
        super().__init__()
        self.setAcceptHoverEvents(False)
        self.setAcceptedMouseButtons(Qt.MouseButton.NoButton)
        self.setZValue(5000)
        self.source: Any = None
        self._rect = QRectF()

    def show_for(self, item: Any, scale: float, pos: QPointF) -> None:
        self.prepareGeometryChange()
        self.source = item
        self._rect = item.card_rect()
        self.setScale(scale)
        self.setPos(pos)
        self.setVisible(True)
        self.update()

    def boundingRect(self) -> QRectF:  # noqa: N802
        return self._rect.adjusted(-8, -8, 8, 8)

    def paint(self, p: QPainter, option: QStyleOptionGraphicsItem,
              widget: QWidget | None = None) -> None:
        item = self.source
        if item is None:
            return
        p.setRenderHint(QPainter.RenderHint.Antialiasing)
        p.setRenderHint(QPainter.RenderHint.TextAntialiasing)
        p.setRenderHint(QPainter.RenderHint.SmoothPixmapTransform)
        r = self._rect
        p.setPen(Qt.PenStyle.NoPen)
        p.setBrush(QColor(0, 0, 0, 90))
        p.drawRoundedRect(r.translated(3, 5), 8, 8)
        self.paint_source(p, item, r)

    def paint_source(self, p: QPainter, item: Any, r: QRectF) -> None:
        """The hovered item's face in `r` (a game may show more than the item on the table)."""
        item.paint_face(p, r)
