"""Frost Shelter's table scene: the kit's TableScene with this game's items, its anchors (the
piles, the market, a seat's hidden hand), its width (the layout's, see layout.py) and its
hover preview, large enough on the screen to read a card's every word; and the kit's animator
with this game's dealing and pauses.
"""

from __future__ import annotations

from typing import Any

from PySide6.QtCore import QPointF, QRectF

from frostdesk.ui.games.frost_shelter.items import CardItem, ShelterPreview
from frostdesk.ui.games.frost_shelter.layout import TableLayout
from frostdesk.ui.games.frost_shelter.snapshot import HIDDEN
from frostdesk.ui.games.frost_shelter.zones import make_item
from frostdesk.ui.kit.animator import Animator, Step
from frostdesk.ui.kit.items import TableItem
from frostdesk.ui.kit.layout import Spec
from frostdesk.ui.kit.scene import TableScene, place_item

PREVIEW_PX = 330  # how tall a hovered card is on the screen, at least (its words are >= 11 pt)


class ShelterScene(TableScene):
    """See the module docstring."""

    preview_class = ShelterPreview
    layout: TableLayout | None

    def set_table_width(self, width: float) -> None:
        """Make the table `width` units wide (as tall as it is)."""
        r = self.sceneRect()
        if abs(r.width() - width) > 0.5:
            self.setSceneRect(QRectF(0, 0, width, r.height()))

    def make_item(self, key: Any, spec: Spec) -> TableItem:
        return make_item(key, spec, self.game)

    def place(self, item: TableItem, spec: Spec) -> None:
        place_item(item, spec, CardItem, CardItem)

    def anchor_state(self, anchor: Any, key: Any, spec: Spec | None, leaving: bool = False
                     ) -> tuple[float, float, float, float, bool] | None:
        """(x, y, scale, rotation, face up) where an item appears from / disappears to:
        `anchor` is the zone a motion names (frostdesk/games/frost_shelter/motions.py), or
        None for the usual place of the item's kind. None means: no flight, appear or
        vanish in place.
        """
        lay = self.layout
        if lay is None:
            return None
        kind = key[0]
        if anchor is None:
            if kind == "card":
                anchor = ("pile", "discard" if leaving else "deck")
            elif kind == "back" and not leaving:
                anchor = ("pile", "deck")
            elif kind == "equip":
                anchor = ("market",)
            elif kind in ("event", "relic") and not leaving:
                return (spec.x, spec.y - 40, spec.scale * 1.05, 0.0, False) if spec else None
            else:
                return None  # a face-down card leaving a hand has just been played: it
                # turns into the card that flies from its place
        zone = anchor[0]
        if zone == "pile":
            x, y = lay.pile_point(anchor[1])
            return x, y, lay.PILE_SCALE, 0.0, False
        if zone == "market" and kind == "equip":
            x, y = lay.market_point(self.game.content.equipment_type_of[key[1]])
            return x, y, lay.MARKET_SCALE, 0.0, True
        if zone == "hand":
            seat = anchor[1]
            backs = [k for k in self.items_by_key if k[0] == "back" and k[1] == seat]
            if backs:  # the last face-down card of a hidden hand
                other = self.items_by_key[max(backs)]
                return other.pos().x(), other.pos().y(), other.scale(), other.rotation(), \
                    False
            x, y = lay.hand_point(seat)
            return x, y, lay.BACK_SCALE, 0.0, False
        if zone == "seat":
            x, y = lay.hand_point(anchor[1])
            return x, y, lay.BACK_SCALE, 0.0, False
        return None

    def previews(self, item: TableItem) -> bool:
        return isinstance(item, CardItem) and item.kind != "back" and item.face_up()

    def _show_preview(self) -> None:
        item = self._hovered
        if item is None or item.scene() is not self or not self.input_enabled:
            return
        r = item.card_rect()
        sr = self.sceneRect()
        most = 0.92 * sr.height() / r.height()  # never taller than the table
        views = self.views()
        units = views[0].transform().m11() if views else 1.0  # screen pixels per unit
        big = most if item.kind == "event" else max(2.5, PREVIEW_PX / (r.height() * units))
        big = min(big, most)
        w, h = r.width() * big, r.height() * big
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


class ShelterAnimator(Animator):
    """The kit's animator: hands are dealt round the table together, equipment one card after
    another, and the table rests a moment after a trick is won, damage is taken or cards are
    drawn. The seat panels, the zones' headings and cards that stay put change when the cards
    that cause it have landed."""

    pause_after = {"trick_won": 380, "damage_taken": 160, "expedition_draw": 120}
    stagger = {"hand_dealt": 1, "equipment_dealt": 3}
    merge = ("hand_dealt", "equipment_dealt")
    late_keys = ("lead", "winning", "winner")  # a card's trick badges show once it lands
    prompt_keys = ("active", "on")  # whose turn it is changes with the status line

    def settles(self, key: Any, spec: Spec) -> bool:
        return spec.kind in ("pile", "zone", "panel", "card", "marker", "relic", "event",
                             "expcard", "market")

    def _deal_order(self, step: Step) -> dict[Any, int]:
        """Round-robin dealing order for the cards that appear in hands in this step."""
        if step.kind != "hand_dealt":
            return super()._deal_order(step)
        order: dict[Any, int] = {}
        snap = step.snap
        hands = snap.hands
        seats = self.scene.layout.order if self.scene.layout else list(range(snap.n))
        longest = max((len(h) for h in hands), default=0)
        k = 0
        for i in range(longest):
            for seat in seats:
                if i < len(hands[seat]):
                    card = hands[seat][i]
                    key = ("back", seat, i) if card == HIDDEN else ("card", card)
                    order[key] = k
                    k += 1
        return order
