"""The table scene and its view, shared by every game's table.

`TableScene` holds one item per key (the game's layout names them), applies Specs, asks the
game where flying items come from and go to, shows the hover preview and turns clicks into
`item_activated(key)` / `item_inspected(key)`, and a drag (where the screen's `can_drag` allows
one) into `drag_started(key)`, then `drag_dropped(key)` on the item it lands on or
`drag_cancelled(key)`, with a faded copy of the dragged item under the pointer between the
two. A game's scene supplies the hooks at the end of
the class: its items, how they are placed, their anchors and their preview.
`TableView` fits the whole table into the window keeping its aspect ratio and draws nothing
of its own (tests/ui/measure_ui.py times its paints for the frame budget).
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from PySide6.QtCore import QPointF, QRect, QRectF, Qt, QTimer, Signal
from PySide6.QtGui import QBrush, QPainter, QRadialGradient, QResizeEvent
from PySide6.QtWidgets import (
    QApplication,
    QFrame,
    QGraphicsObject,
    QGraphicsPixmapItem,
    QGraphicsScene,
    QGraphicsView,
    QWidget,
)

from frostdesk.ui import theme
from frostdesk.ui.kit.items import PreviewItem, TableItem
from frostdesk.ui.kit.layout import Spec


class TableScene(QGraphicsScene):
    """A game's table (see the module docstring); its size is the game's table.yaml `size`."""

    item_activated = Signal(object)
    item_inspected = Signal(object)
    drag_started = Signal(object)  # the dragged item's key
    drag_dropped = Signal(object)  # the key of the item it was dropped on
    drag_cancelled = Signal(object)  # the dragged item's key: dropped where no item is
    preview_class: type[PreviewItem] = PreviewItem

    def __init__(self, game: Any, parent: Any = None) -> None:
        super().__init__(parent)
        self.game = game
        size = game.content.table["size"]
        self.setSceneRect(QRectF(0, 0, float(size["w"]), float(size["h"])))
        self.setItemIndexMethod(QGraphicsScene.ItemIndexMethod.NoIndex)
        self.items_by_key: dict[Any, TableItem] = {}
        self.target_z: dict[Any, float] = {}
        self.layout: Any = None  # the game's layout, for its anchors
        self.input_enabled = True
        self.cache_scale = 1.0
        self.preview = self.preview_class()
        self.preview.setVisible(False)
        self.addItem(self.preview)
        self._hovered: Any = None
        self._focus_key: Any = None  # the keyboard focus, and its item (see _focus_preview)
        self._focus_item: Any = None
        self._hover_timer = QTimer(self)
        self._hover_timer.setSingleShot(True)
        self._hover_timer.setInterval(260)
        self._hover_timer.timeout.connect(self._show_preview)
        # which items may be dragged (the screen sets it; none by default)
        self.can_drag: Callable[[Any], bool] = lambda key: False
        self._ghost: QGraphicsPixmapItem | None = None
        self._dragging: TableItem | None = None  # the item being dragged, while it is

    # ------------------------------------------------------------------ background

    def drawBackground(self, p: QPainter, rect: QRectF | QRect) -> None:  # noqa: N802
        r = self.sceneRect()
        g = QRadialGradient(r.center(), r.width() * 0.62)
        g.setColorAt(0, theme.TABLE_LIGHT)
        g.setColorAt(0.55, theme.TABLE)
        g.setColorAt(1, theme.TABLE_DARK)
        p.fillRect(rect, QBrush(g))

    # ------------------------------------------------------------------ items

    def add_item(self, key: Any, spec: Spec) -> TableItem:
        item = self.make_item(key, spec)
        self.items_by_key[key] = item
        self.target_z[key] = spec.z
        self.addItem(item)
        item.set_cache_scale(self.cache_scale)
        return item

    def forget(self, key: Any) -> None:
        self.items_by_key.pop(key, None)
        self.target_z.pop(key, None)

    def remove_item(self, item: TableItem) -> None:
        if self._hovered is item:
            self._hide_preview()
        if self._dragging is item:  # the dragged item leaves the table: no drop to come
            self.cancel_drag()
        if item.scene() is self:
            self.removeItem(item)
        item.deleteLater()

    def apply_specs(self, specs: dict[Any, Spec]) -> None:
        """Make the scene match `specs` at once."""
        for key in list(self.items_by_key):
            if key not in specs:
                item = self.items_by_key.pop(key)
                self.target_z.pop(key, None)
                self.remove_item(item)
        for key, spec in specs.items():
            found = self.items_by_key.get(key)
            if found is None:
                item = self.add_item(key, spec)
            else:
                item = found
                item.set_data(spec.data)
            self.place(item, spec)
            self.target_z[key] = spec.z
            item.warm()  # paint now, so the first frame only copies pixmaps

    def clear_table(self) -> None:
        self._hide_preview()
        for item in list(self.items_by_key.values()):
            self.remove_item(item)
        self.items_by_key.clear()
        self.target_z.clear()

    def restore_z(self) -> None:
        for key, item in self.items_by_key.items():
            z = self.target_z.get(key)
            if z is not None:
                item.setZValue(z)

    def set_cache_scale(self, k: float) -> None:
        k = round(max(0.2, min(6.0, k)), 3)
        if k == self.cache_scale:
            return
        self.cache_scale = k
        for item in self.items_by_key.values():
            item.set_cache_scale(k)

    # ------------------------------------------------------------------ marks and input

    def set_input_enabled(self, enabled: bool) -> None:
        self.input_enabled = enabled
        if not enabled:
            self._hide_preview()
            self.cancel_drag()

    def set_marks(self, glow: set[Any], selected: set[Any], focus: Any, hint: set[Any]) -> None:
        for key, item in self.items_by_key.items():
            item.set_marks(key in glow, key in selected, key == focus, key in hint)
        self._focus_preview(focus)

    def _focus_preview(self, focus: Any) -> None:
        """The keyboard-focused card shows its zoom as a hovered one does (after the same
        short rest), so a player on the keyboard can read the cards too."""
        if focus == self._focus_key:
            return
        self._focus_key = focus
        item = self.items_by_key.get(focus) if focus is not None else None
        if item is not None and self.input_enabled and self.previews(item):
            self._hovered = item
            self._hover_timer.start()
        elif self._hovered is not None and self._hovered is self._focus_item:
            self._hide_preview()
        self._focus_item = item

    def item_clicked(self, item: TableItem) -> None:
        if self.input_enabled:
            self.item_activated.emit(item.key)

    def item_pointer_moved(self, item: TableItem, pos: QPointF) -> None:
        """The pointer moved over `item` (at `pos`, item units): a hand shows where a press
        could start a drag."""
        if not self.input_enabled:
            can = False
        else:
            item.pointed_at(pos)
            can = self.can_drag(item.key)
        if can != (item.cursor().shape() == Qt.CursorShape.OpenHandCursor):
            if can:
                item.setCursor(Qt.CursorShape.OpenHandCursor)
            else:
                item.unsetCursor()

    def drag_start(self, item: TableItem) -> bool:
        """A press on `item` moved far enough to be a drag: start it if the screen allows."""
        if not self.input_enabled or not self.can_drag(item.key):
            return False
        self._hide_preview()
        pm = item.drag_pixmap()
        ghost = QGraphicsPixmapItem(pm)
        ghost.setOffset(-pm.width() / 2, -pm.height() / 2)
        ghost.setScale(1.15 / max(0.01, item._k))  # a little larger than what it covers
        ghost.setOpacity(0.8)
        ghost.setZValue(1e6)
        ghost.setAcceptedMouseButtons(Qt.MouseButton.NoButton)
        self.addItem(ghost)
        self._ghost, self._dragging = ghost, item
        QApplication.setOverrideCursor(Qt.CursorShape.ClosedHandCursor)
        self.drag_started.emit(item.key)
        return True

    def drag_move(self, pos: QPointF) -> None:
        if self._ghost is not None:
            self._ghost.setPos(pos)

    def drag_end(self, item: TableItem, pos: QPointF) -> None:
        """The dragged `item` was let go at `pos`: on an item, that item is pointed at there
        and named; anywhere else the drag is called off."""
        if not self._end_ghost():
            return
        target = next((x for x in self.items(pos) if isinstance(x, TableItem)
                       and x is not self.preview and x.isVisible()), None)
        if target is None or not self.input_enabled:
            self.drag_cancelled.emit(item.key)
            return
        target.pointed_at(target.mapFromScene(pos))
        self.drag_dropped.emit(target.key)

    def _end_ghost(self) -> bool:
        """Take the dragged copy away and give the pointer back (False: no drag was on)."""
        ghost, self._ghost, self._dragging = self._ghost, None, None
        if ghost is None:
            return False
        self.removeItem(ghost)
        QApplication.restoreOverrideCursor()
        return True

    def cancel_drag(self) -> None:
        """A drag that cannot end in a drop (the table stopped taking input, or its item
        left): called off, as if let go where no item is."""
        item = self._dragging
        if self._end_ghost() and item is not None:
            item.drag_ended()
            self.drag_cancelled.emit(item.key)

    def item_context(self, item: TableItem) -> None:
        self.item_inspected.emit(item.key)

    def item_hovered(self, item: TableItem, on: bool) -> None:
        if on and self.input_enabled and self.previews(item):
            self._hovered = item
            self._hover_timer.start()
        elif not on and item is self._hovered:
            self._hide_preview()

    def _hide_preview(self) -> None:
        self._hover_timer.stop()
        self._hovered = None
        self.preview.setVisible(False)
        self.preview.source = None

    # ------------------------------------------------------------------ the game's hooks

    def make_item(self, key: Any, spec: Spec) -> TableItem:
        """A new item for `key`, of the game's kind for `spec`."""
        raise NotImplementedError

    def place(self, item: TableItem, spec: Spec) -> None:
        """Put `item` where `spec` says (see place_item)."""
        raise NotImplementedError

    def anchor_state(self, anchor: Any, key: Any, spec: Spec | None, leaving: bool = False
                     ) -> tuple[float, float, float, float, bool] | None:
        """(x, y, scale, rotation, face up) where an item appears from / disappears to.

        None means: no flight, appear or vanish in place.
        """
        return None

    def previews(self, item: TableItem) -> bool:
        """Whether resting the mouse on `item` shows it enlarged."""
        return False

    def _show_preview(self) -> None:
        """Show the enlarged copy of the hovered item (the timer has run out)."""


class _Dot(QGraphicsObject):
    def boundingRect(self) -> QRectF:  # noqa: N802
        return QRectF(0, 0, 2, 2)

    def paint(self, p: QPainter, option: Any, widget: Any = None) -> None:
        p.fillRect(QRectF(0, 0, 2, 2), theme.TABLE)


def warm_up_item_painting() -> None:
    """Have Qt call a Python item's paint() once, off-screen.

    The first such call makes PySide6 create some sixty Python enum types of QtWidgets
    lazily (about 30 ms); doing it here keeps that out of the first animation frame.
    """
    scene = QGraphicsScene()
    scene.addItem(_Dot())
    view = QGraphicsView(scene)
    view.resize(16, 16)
    view.grab()
    view.setScene(None)
    view.deleteLater()
    scene.deleteLater()


class TableView(QGraphicsView):
    """Shows the whole table, scaled to the window, keeping the aspect ratio."""

    def __init__(self, scene: TableScene | None = None, parent: QWidget | None = None) -> None:
        if scene is not None:
            super().__init__(scene, parent)
        else:
            super().__init__(parent)
        self.setFrameShape(QFrame.Shape.NoFrame)
        # Items switch antialiasing on where they draw shapes; cached faces are pixmaps.
        self.setRenderHints(QPainter.RenderHint.SmoothPixmapTransform
                            | QPainter.RenderHint.TextAntialiasing)
        self.setHorizontalScrollBarPolicy(Qt.ScrollBarPolicy.ScrollBarAlwaysOff)
        self.setVerticalScrollBarPolicy(Qt.ScrollBarPolicy.ScrollBarAlwaysOff)
        # One rectangle per frame: cheaper to clip than many small regions.
        self.setViewportUpdateMode(QGraphicsView.ViewportUpdateMode.BoundingRectViewportUpdate)
        self.setOptimizationFlag(QGraphicsView.OptimizationFlag.DontSavePainterState, True)
        self.setCacheMode(QGraphicsView.CacheModeFlag.CacheBackground)
        self.setBackgroundBrush(QBrush(theme.TABLE_DARK))
        self.setMouseTracking(True)
        self.setFocusPolicy(Qt.FocusPolicy.StrongFocus)

    def fit(self) -> None:
        scene = self.scene()
        if scene is None:
            return
        self.fitInView(scene.sceneRect(), Qt.AspectRatioMode.KeepAspectRatio)
        k = self.transform().m11() * self.devicePixelRatioF()
        if isinstance(scene, TableScene):
            scene.set_cache_scale(k)

    def resizeEvent(self, event: QResizeEvent) -> None:  # noqa: N802
        super().resizeEvent(event)
        self.resetCachedContent()
        self.fit()


def place_item(item: Any, spec: Any, scaled: type[Any], flipping: type[Any]) -> None:
    """Put `item` where `spec` says: position, scale, rotation, stacking; items of type
    `scaled` remember their base scale (hover zoom), `flipping` ones their face."""
    if isinstance(item, scaled):
        item.base_scale = spec.scale
    item.setPos(QPointF(spec.x, spec.y))
    item.setScale(spec.scale)
    item.setRotation(spec.rot)
    item.setZValue(spec.z)
    if isinstance(item, flipping):
        item.flip = 1.0 if spec.face else 0.0
