"""The table scene and its view.

`TableScene` holds one item per key (layout.py), applies Specs, resolves animation anchors,
shows the hover preview and turns clicks into `item_activated(key)` / `item_inspected(key)`.
`TableView` fits the whole table into the window keeping its aspect ratio and draws nothing
of its own (tests/ui/measure_ui.py times its paints for the frame budget).
"""

from __future__ import annotations

from typing import Any

from PySide6.QtCore import QPointF, QRectF, Qt, QTimer, Signal
from PySide6.QtGui import QBrush, QPainter, QRadialGradient, QResizeEvent
from PySide6.QtWidgets import QFrame, QGraphicsObject, QGraphicsScene, QGraphicsView, QWidget

from frostdesk.ui import theme
from frostdesk.ui.games.frost_shelter.items import CardItem, ShelterPreview
from frostdesk.ui.games.frost_shelter.layout import TableLayout
from frostdesk.ui.games.frost_shelter.zones import make_item
from frostdesk.ui.kit.items import TableItem
from frostdesk.ui.kit.layout import Spec


class TableScene(QGraphicsScene):
    """The Frost Shelter table (see the module docstring)."""

    item_activated = Signal(object)
    item_inspected = Signal(object)

    def __init__(self, game: Any, parent: Any = None) -> None:
        super().__init__(parent)
        self.game = game
        size = game.content.table["size"]
        self.setSceneRect(QRectF(0, 0, float(size["w"]), float(size["h"])))
        self.setItemIndexMethod(QGraphicsScene.ItemIndexMethod.NoIndex)
        self.items_by_key: dict[Any, TableItem] = {}
        self.target_z: dict[Any, float] = {}
        self.layout: TableLayout | None = None
        self.input_enabled = True
        self.cache_scale = 1.0
        self.preview = ShelterPreview()
        self.preview.setVisible(False)
        self.addItem(self.preview)
        self._hovered: CardItem | None = None
        self._hover_timer = QTimer(self)
        self._hover_timer.setSingleShot(True)
        self._hover_timer.setInterval(260)
        self._hover_timer.timeout.connect(self._show_preview)

    # ------------------------------------------------------------------ background

    def drawBackground(self, p: QPainter, rect: QRectF) -> None:  # noqa: N802
        r = self.sceneRect()
        g = QRadialGradient(r.center(), r.width() * 0.62)
        g.setColorAt(0, theme.TABLE_LIGHT)
        g.setColorAt(0.55, theme.TABLE)
        g.setColorAt(1, theme.TABLE_DARK)
        p.fillRect(rect, QBrush(g))

    # ------------------------------------------------------------------ items

    def add_item(self, key: Any, spec: Spec) -> TableItem:
        item = make_item(key, spec, self.game)
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
        if item.scene() is self:
            self.removeItem(item)
        item.deleteLater()

    def place(self, item: TableItem, spec: Spec) -> None:
        place_item(item, spec, CardItem, CardItem)

    def apply_specs(self, specs: dict[Any, Spec]) -> None:
        """Make the scene match `specs` at once."""
        for key in list(self.items_by_key):
            if key not in specs:
                item = self.items_by_key.pop(key)
                self.target_z.pop(key, None)
                self.remove_item(item)
        for key, spec in specs.items():
            item = self.items_by_key.get(key)
            if item is None:
                item = self.add_item(key, spec)
            else:
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

    def anchor_state(self, anchor: Any, key: Any, spec: Spec | None, leaving: bool = False
                     ) -> tuple[float, float, float, float, bool] | None:
        """(x, y, scale, rotation, face up) where an item appears from / disappears to.

        None means: no flight, appear or vanish in place.
        """
        lay = self.layout
        if lay is None:
            return None
        kind = key[0]
        if anchor is None:
            if kind in ("card", "back"):
                anchor = ("pile", "discard" if leaving else "deck")
            elif kind == "equip":
                anchor = ("market", self.game.content.equipment_type_of[key[1]])
            elif kind in ("event", "relic") and not leaving:
                return (spec.x, spec.y - 40, spec.scale * 1.05, 0.0, False) if spec else None
            elif kind == "leader" and not leaving:
                return None
            else:
                return None
        tag = anchor[0]
        if tag == "vanish":
            return None
        if tag == "pile":
            x, y = lay.pile_point(anchor[1])
            return x, y, lay.PILE_SCALE, 0.0, False
        if tag == "market":
            x, y = lay.market_point(anchor[1])
            return x, y, lay.MARKET_SCALE, 0.0, True
        if tag == "key":
            other = self.items_by_key.get(anchor[1])
            if other is None:
                return None
            face = isinstance(other, CardItem) and other.face_up()
            return other.pos().x(), other.pos().y(), other.scale(), other.rotation(), face
        if tag == "seat":
            x, y = lay.hand_point(anchor[1])
            return x, y, lay.BACK_SCALE, 0.0, False
        return None

    # ------------------------------------------------------------------ marks and input

    def set_input_enabled(self, enabled: bool) -> None:
        self.input_enabled = enabled
        if not enabled:
            self._hide_preview()

    def set_marks(self, glow: set[Any], selected: set[Any], focus: Any, hint: set[Any]) -> None:
        for key, item in self.items_by_key.items():
            item.set_marks(key in glow, key in selected, key == focus, key in hint)

    def item_clicked(self, item: TableItem) -> None:
        if self.input_enabled:
            self.item_activated.emit(item.key)

    def item_context(self, item: TableItem) -> None:
        self.item_inspected.emit(item.key)

    def item_hovered(self, item: TableItem, on: bool) -> None:
        if on and isinstance(item, CardItem) and self.input_enabled:
            if item.kind == "back" or not item.face_up():
                return
            self._hovered = item
            self._hover_timer.start()
        elif not on and item is self._hovered:
            self._hide_preview()

    def _hide_preview(self) -> None:
        self._hover_timer.stop()
        self._hovered = None
        self.preview.setVisible(False)
        self.preview.source = None

    def _show_preview(self) -> None:
        item = self._hovered
        if item is None or item.scene() is not self or not self.input_enabled:
            return
        big = 1.35 if item.kind == "event" else 2.5
        r = item.card_rect()
        w, h = r.width() * big, r.height() * big
        sr = self.sceneRect()
        c = item.mapToScene(item.card_rect().center())
        iw = r.width() * item.scale()
        ih = r.height() * item.scale()
        if item.kind == "card" and c.y() > sr.height() * 0.62:
            # a card in your area: show it above, so the hand stays visible and clickable
            x = c.x()
            y = c.y() - ih / 2 - 12 - h / 2
        else:  # beside the card (right if there is room, else left)
            x = c.x() + iw / 2 + 14 + w / 2
            if x + w / 2 > sr.right() - 6:
                x = c.x() - iw / 2 - 14 - w / 2
            y = c.y()
        y = min(max(y, sr.top() + h / 2 + 6), sr.bottom() - h / 2 - 6)
        x = min(max(x, sr.left() + w / 2 + 6), sr.right() - w / 2 - 6)
        self.preview.show_for(item, big, QPointF(x, y))


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


def place_item(item: Any, spec: Any, scaled: type, flipping: type) -> None:
    """Put `item` where `spec` says (both tables): position, scale, rotation, stacking; items
    of type `scaled` remember their base scale (hover zoom), `flipping` ones their face."""
    if isinstance(item, scaled):
        item.base_scale = spec.scale
    item.setPos(QPointF(spec.x, spec.y))
    item.setScale(spec.scale)
    item.setRotation(spec.rot)
    item.setZValue(spec.z)
    if isinstance(item, flipping):
        item.flip = 1.0 if spec.face else 0.0
