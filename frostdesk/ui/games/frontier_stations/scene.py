"""The Frontier Stations table scene: the shared TableScene with this game's items and anchors.

frostdesk.ui.kit.scene.TableScene already holds items by key, applies Specs, blocks input
while things move and reports clicks; this subclass makes this game's pieces, says where new
items come from (decks, the stock, another card) and shows the hover preview with the tokens
lying on the card.
"""

from __future__ import annotations

from typing import Any

from PySide6.QtCore import QPointF, QRectF
from PySide6.QtGui import QPainter
from PySide6.QtWidgets import QStyleOptionGraphicsItem, QWidget

from frostdesk.ui.games.frontier_stations import icons
from frostdesk.ui.games.frontier_stations.geometry import StationsLayout
from frostdesk.ui.games.frontier_stations.items import CardPiece, Piece, TokenPiece, make_piece
from frostdesk.ui.kit.animator import Animator
from frostdesk.ui.kit.items import PreviewItem
from frostdesk.ui.kit.layout import Spec
from frostdesk.ui.kit.scene import TableScene, place_item

PREVIEW_SCALE = 2.6  # the zoom: every rules word of a card at 11 pt or more
# extra time after a step so people can follow cause and effect (ms at normal speed)
PAUSES = {"roll": 260, "threat_paid": 160, "beacon": 220, "threat_drawn": 180,
          "reinforced": 260, "destroyed": 160}


class StationsPreview(PreviewItem):
    """The enlarged hovered card, with the tokens that lie on it."""

    def __init__(self) -> None:
        super().__init__()
        self.tokens: list[tuple[QPointF, int, float]] = []

    def paint(self, p: QPainter, option: QStyleOptionGraphicsItem,
              widget: QWidget | None = None) -> None:
        super().paint(p, option, widget)
        for local, kind, size in self.tokens:
            icons.draw_token(p, kind, QRectF(local.x() - size / 2, local.y() - size / 2, size,
                                             size))


class StationsScene(TableScene):
    """See the module docstring."""

    preview_class = StationsPreview

    def __init__(self, game: Any, parent: Any = None) -> None:
        super().__init__(game, parent)
        self.stations: StationsLayout | None = None  # TableScene.layout stays None

    def make_item(self, key: Any, spec: Spec) -> Any:
        item = make_piece(key, spec, self.game)
        item.base_scale = spec.scale
        return item

    def place(self, item: Any, spec: Spec) -> None:
        place_item(item, spec, Piece, CardPiece)

    def anchor_state(self, anchor: Any, key: Any, spec: Spec | None, leaving: bool = False
                     ) -> tuple[float, float, float, float, bool] | None:
        """Where an item appears from / disappears to: `anchor` is the zone a motion names
        (frostdesk/games/frontier_stations/motions.py) or None for the item's usual place;
        a card named as a zone is where that card lies. None: appear or vanish in place."""
        lay = self.stations
        if lay is None:
            return None
        kind = key[0]
        if anchor is None:
            if kind == "tok":
                anchor = ("stock",)
            elif kind == "sys":
                anchor = ("pile", "systems")
            elif kind == "threat" and not leaving:
                anchor = ("pile", "early")
            else:
                return None
        zone = anchor[0]
        if zone == "pile":
            x, y = lay.pile_point(anchor[1])
            return x, y, lay.pile_scale, 0.0, False
        if zone == "stock":
            x, y = lay.stock
            return x, y, 0.9, 0.0, True
        if zone == "station":
            x, y = lay.station_point(anchor[1])
            return x, y, 1.0, 0.0, True
        other = self.items_by_key.get(tuple(anchor))
        if other is not None:  # onto a card (tokens paid to a threat)
            return other.pos().x(), other.pos().y(), other.scale() * 0.6, 0.0, True
        return None

    def previews(self, item: Any) -> bool:
        return isinstance(item, CardPiece) and item.face_up()

    def _show_preview(self) -> None:
        item = self._hovered
        if item is None or item.scene() is not self or not self.input_enabled:
            return
        r = item.card_rect()
        big = max(PREVIEW_SCALE, item.scale() * 1.6)
        w, h = r.width() * big, r.height() * big
        sr = self.sceneRect()
        c = item.mapToScene(r.center())
        iw = r.width() * item.scale()
        x = c.x() + iw / 2 + 14 + w / 2
        if x + w / 2 > sr.right() - 6:
            x = c.x() - iw / 2 - 14 - w / 2
        y = min(max(c.y(), sr.top() + h / 2 + 6), sr.bottom() - h / 2 - 6)
        x = min(max(x, sr.left() + w / 2 + 6), sr.right() - w / 2 - 6)
        tokens = []
        k = item.scale()
        for tok in self.items_by_key.values():
            if not isinstance(tok, TokenPiece) or tok.zValue() < item.zValue():
                continue
            local = (tok.pos() - item.pos()) / max(0.01, k)
            if r.contains(local):
                tokens.append((local, int(tok.data.get("kind", 0)),
                               float(tok.data.get("size", 14))))
        self.preview.tokens = tokens
        self.preview.show_for(item, big, QPointF(x, y))


class StationsAnimator(Animator):
    """The shared animator with this game's pauses after dice rolls, payments and draws; a
    station's counts change when its tokens have landed."""

    pause_after = PAUSES
    prompt_keys = ("current", "to_move")  # whose turn it is changes with the status line

    def settles(self, key: Any, spec: Spec) -> bool:
        return spec.kind == "pile" or key[0] == "station"
