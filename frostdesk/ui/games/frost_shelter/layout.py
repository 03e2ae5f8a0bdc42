"""Where each item of the table goes, from a Snapshot and cards/frost-shelter/table.yaml.

`TableLayout.specs(snapshot, marks)` returns one `Spec` per item key: its centre, scale,
rotation, stacking order, whether it shows its face, and the data its painter needs. The scene
creates, moves and removes items to match; the animator moves them smoothly. Keys:

    ("card", c)          a resource card whose face the viewer may see (hand, trick, colony)
    ("back", seat, i)    the i-th face-down card of a hidden hand
    ("equip", e)         an equipment card owned by a player
    ("market", t)        the market's slot of equipment type t (with a count)
    ("event",) ("relic",) ("leader",) ("pile", name) ("expcard", seat) ("marker", seat)
    ("panel", seat) ("zone", name)

The table is as tall as table.yaml says and as wide as the window's shape asks (never narrower
than table.yaml): a wider window stretches every zone sideways, and cards and text keep their
size, so the view fills its part of the window and scales the table only to its height. Sizes
are chosen so every essential text is at least 11 pt at 1280x720 (about 25 units tall).

Pure geometry; no Qt.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from frostdesk.ui.games.frost_shelter.snapshot import HIDDEN, Snapshot
from frostdesk.ui.kit.layout import Rect, Spec, spread

CARD_W, CARD_H = 72.0, 100.0
TRACK_MAX = 30
MAX_STRETCH = 2.0  # the widest table, in widths of table.yaml's


@dataclass
class SeatInfo:
    name: str
    bot: bool
    level: str = ""


@dataclass
class OpponentPlaces:
    """Where the things of an opponent's area go, in table units. A narrow area stacks its
    rows (name, track, hand and equipment with the colony count, colony); a wide one puts the
    track beside the name, the hand over the equipment at the left and the colony at the
    right under its count."""

    track: tuple[float, float, float]  # x0, x1, y
    hand: tuple[float, float, float, float]  # left, y, fan width, scale of the backs
    kit: tuple[float, float, float, float]  # first x, y, last x, scale: Expedition, equipment
    colony: tuple[float, float, float, float]  # left, y, width, scale
    count: tuple[float, float, float, float]  # x, y, w, h of the colony's count
    stacked: bool  # the colony count in two lines at the right of the hand's row

    def badge(self, cards: int) -> tuple[float, float]:
        """The centre of the hand's count, beside its fan of `cards` backs."""
        left, y, fan_w, k = self.hand
        bw = CARD_W * k
        used = bw + (cards - 1) * fan_step(cards, fan_w, bw) if cards else 0.0
        return left + used + 23, y


def fan_step(cards: int, width: float, card_w: float) -> float:
    """The step between the backs of an opponent's hand fanned into `width`."""
    return min(7.0, (width - card_w) / max(1, cards - 1))


def table_width(game: Any, view_w: float, view_h: float) -> float:
    """How wide the table is for a view of this size: as wide as the view's shape, never
    narrower than table.yaml's table nor wider than MAX_STRETCH of it."""
    size = game.content.table["size"]
    base_w, h = float(size["w"]), float(size["h"])
    view_w, view_h = view_w - 4, view_h - 4  # the view keeps 2 px free on each side
    if view_w <= 0 or view_h <= 0:
        return base_w
    return round(min(base_w * MAX_STRETCH, max(base_w, h * view_w / view_h)))


class TableLayout:
    """The table's geometry for n players with `bottom` seat drawn at the bottom, `width`
    units wide (table.yaml's width if not given)."""

    HAND_SCALE = 1.72
    TRICK_SCALE = 1.25
    MY_COLONY_SCALE = 1.3
    COLONY_SCALE = 0.9
    BACK_SCALE = 0.5
    MINI_SCALE = 0.5
    MY_EQUIP_SCALE = 0.62
    PILE_SCALE = 0.5
    MARKET_SCALE = 0.66
    WIDE = 700.0  # opponents' areas at least this wide put the colony beside the hand
    # your area, from its top: name and damage track, headings, then the cards
    MY_TRACK_Y = 18.0
    MY_HEAD_Y = 58.0
    MY_BODY_Y = 94.0

    def __init__(self, game: Any, n: int, bottom: int, seats: list[SeatInfo],
                 width: float | None = None) -> None:
        self.game = game
        self.n = n
        self.bottom = bottom
        self.seats = seats
        table = game.content.table
        base_w = float(table["size"]["w"])
        self.width = min(base_w * MAX_STRETCH, max(base_w, width or base_w))
        self.height = float(table["size"]["h"])
        fx = self.width / base_w
        zones = table["zones"]
        self.zones = {name: _stretched(Rect.of(z), fx) for name, z in zones.items()}
        self.labels = {name: str(z.get("label", name)) for name, z in zones.items()}
        areas = table["seats"][n]
        # position p around the table (0 = bottom) -> seat
        self.order = [(bottom + p) % n for p in range(n)]
        self.rect = {seat: _stretched(Rect.of(areas[p]), fx) for p, seat in enumerate(self.order)}
        self._counts = (0, 0)  # your hand and colony in the last specs (they share room)

    # ------------------------------------------------------------------ anchors

    def pile_point(self, name: str) -> tuple[float, float]:
        zone = {"exp": "expedition_deck", "deck": "resource_deck", "discard": "discard"}[name]
        r = self.zones[zone]
        return r.x + 8 + CARD_W * self.PILE_SCALE / 2, r.cy

    def market_point(self, t: int) -> tuple[float, float]:
        x, y = self._market_slot(t)
        return x, y

    def hand_point(self, seat: int) -> tuple[float, float]:
        if seat == self.bottom:
            hand = self._my_regions()[1]
            return hand.cx, hand.cy
        left, y, fan_w, _ = self.opponent_places(seat).hand
        return left + fan_w / 2, y

    # ------------------------------------------------------------------ regions

    def _my_regions(self, hand_n: int | None = None, colony_n: int | None = None
                    ) -> tuple[Rect, Rect, Rect]:
        """(colony, hand, Expedition and equipment) of your area, side by side under their
        headings. The colony and the hand share their room by what they hold: the colony
        has 30% and more when it needs more and the hand can spare it (the counts of the
        last `specs` when not given)."""
        hand_n = self._counts[0] if hand_n is None else hand_n
        colony_n = self._counts[1] if colony_n is None else colony_n
        r = self.rect[self.bottom]
        y = r.y + self.MY_BODY_Y
        h = r.bottom - 6 - y
        side_w = min(480.0, max(440.0, r.w * 0.27))  # Expedition, equipment and names
        side = Rect(r.right - side_w, y, side_w - 14, h)
        avail = side.x - 24 - (r.x + 16) - 24
        hw, cw = CARD_W * self.HAND_SCALE, CARD_W * self.MY_COLONY_SCALE
        hand_need = hw + (hand_n - 1) * (hw + 10) + 40 if hand_n else 0.0
        colony_need = cw + (colony_n - 1) * (cw + 8) + 8 if colony_n else 0.0
        base = r.w * 0.3 - 16
        colony_w = max(colony_need, min(base, avail - hand_need))
        colony_w = min(colony_w, avail - min(hand_need, avail * 0.5))
        colony_w = max(colony_w, min(base, 330.0))
        colony = Rect(r.x + 16, y, colony_w, h)
        hand = Rect(colony.right + 24, y, side.x - 24 - colony.right - 24, h)
        return colony, hand, side

    def track_geometry(self, seat: int) -> tuple[float, float, float]:
        """(x0, x1, y) of the damage track of `seat` in table units."""
        r = self.rect[seat]
        if seat == self.bottom:  # over the middle of your area, wherever the hand is
            x0 = r.x + r.w * 0.3 + 48
            return x0, max(x0 + 300, r.right - max(440.0, r.w * 0.27) - 150), \
                r.y + self.MY_TRACK_Y
        return self.opponent_places(seat).track

    def opponent_places(self, seat: int) -> OpponentPlaces:
        """Where the things of an opponent's area go (see OpponentPlaces)."""
        r = self.rect[seat]
        if r.w < self.WIDE:
            mw = CARD_W * self.MINI_SCALE
            count_w = 126.0
            return OpponentPlaces(
                track=(r.x + 22, r.right - 116, r.y + 64),
                hand=(r.x + 14, r.y + 114, 58.0, self.BACK_SCALE),
                kit=(r.x + 14 + 58 + 44 + mw / 2, r.y + 114,
                     r.right - 14 - count_w - 10 - mw / 2, self.MINI_SCALE),
                colony=(r.x + 14, r.y + 198, r.w - 28, self.COLONY_SCALE),
                count=(r.w - 14 - count_w, 114 - 34, count_w, 68), stacked=True)
        k = 0.6
        mw = CARD_W * k
        left_w = 250.0
        return OpponentPlaces(
            track=(r.x + r.w * 0.42, r.right - 140, r.y + 26),
            hand=(r.x + 14, r.y + 108, 96.0, k),
            kit=(r.x + 14 + mw / 2, r.y + 194, r.x + left_w - mw / 2, k),
            colony=(r.x + left_w + 26, r.y + 168, r.w - left_w - 40, 1.05),
            count=(left_w + 26, 54, r.w - left_w - 40, 34), stacked=False)

    def _market_slot(self, t: int) -> tuple[float, float]:
        """The centre of the market's card of equipment type t (two columns)."""
        m = self.zones["market"]
        col, row = t % 2, t // 2
        cell_w = (m.w - 24) / 2
        cell_h = (m.h - 56) / 3
        x = m.x + 12 + col * cell_w + 8 + CARD_W * self.MARKET_SCALE / 2
        y = m.y + 50 + row * cell_h + cell_h / 2
        return x, y

    # ------------------------------------------------------------------ specs

    def specs(self, s: Snapshot, marks: dict[str, Any]) -> dict[Any, Spec]:
        """Every item of the table for snapshot `s`.

        `marks`: thinking (seat or None), flash ({seat: text}), winner_card (card or None),
        turn (the seat whose area glows as the one to move, when given: the seat the status
        line names, even while the table still animates the moves before).
        """
        out: dict[Any, Spec] = {}
        g = self.game
        c = g.content
        ev = c.events[s.event] if s.event >= 0 else None
        thinking = marks.get("thinking")
        flash = marks.get("flash", {})
        turn = marks.get("turn", s.turn)
        self._counts = (len(s.hands[self.bottom]), len(s.colonies[self.bottom]))

        # seat panels, damage markers, Expedition cards, hands, colonies, equipment
        for seat in range(s.n):
            r = self.rect[seat]
            me = seat == self.bottom
            info = self.seats[seat]
            hand = s.hands[seat]
            colony = s.colonies[seat]
            x0, x1, ty = self.track_geometry(seat)
            out[("halo", seat)] = Spec("halo", r.cx, r.cy, z=-1, data={
                "w": r.w, "h": r.h, "on": turn == seat or seat in marks.get("pick", ()),
                "colour": "#ffb547" if seat in marks.get("pick", ()) else ""})
            data = {
                "w": r.w, "h": r.h, "name": info.name, "bot": info.bot, "level": info.level,
                "me": me, "active": turn == seat, "thinking": thinking == seat,
                "damage": s.damage[seat], "track": (x0 - r.cx, x1 - r.cx, ty - r.cy),
                "hand": len(hand), "hidden": bool(hand) and hand[0] == HIDDEN,
                "colony": len(colony), "max": ev.max if ev else None,
                "flash": flash.get(seat, ""), "leader": s.leader == seat}
            if me:
                data["regions"] = tuple((q.x - r.x, q.w) for q in self._my_regions(
                    len(hand), len(colony)))
            else:
                places = self.opponent_places(seat)
                bx, by = places.badge(len(hand))
                data["badge"] = (bx - r.x, by - r.y)
                data["count_box"] = places.count
                data["stacked"] = places.stacked
            out[("panel", seat)] = Spec("panel", r.cx, r.cy, z=0, data=data)
            value = min(TRACK_MAX, s.damage[seat])
            out[("marker", seat)] = Spec("marker", x0 + (x1 - x0) * value / TRACK_MAX, ty,
                                         z=6, data={"value": s.damage[seat], "big": me})
            if me:
                self._my_area(s, seat, out, marks)
            else:
                self._opponent_area(s, seat, out)

        # the Leader token sits on the Leader's panel, next to the name
        if 0 <= s.leader < s.n:
            r = self.rect[s.leader]
            if s.leader == self.bottom:
                out[("leader",)] = Spec("leader", r.x + 30, r.y + 27, z=8)
            else:
                out[("leader",)] = Spec("leader", r.right - 28, r.y + 26, scale=0.85, z=8)

        # the middle band
        ez = self.zones["event"]
        out[("zone", "event")] = Spec("zone", ez.cx, ez.cy, data={
            "w": ez.w, "h": ez.h, "label": "", "frame": ev is None})
        if ev is not None:
            out[("event",)] = Spec("event", ez.cx, ez.cy, z=2, data={
                "event": s.event, "event_no": s.event_no + 1,
                "total": c.rules.events_per_game, "relic": s.relic,
                "w": ez.w, "h": ez.h})
        rz = self.zones["relic"]
        out[("zone", "relic")] = Spec("zone", rz.cx, rz.cy, data={
            "w": rz.w, "h": rz.h, "label": "", "frame": s.relic < 0})
        if s.relic >= 0:
            k = min(rz.w / CARD_W, rz.h / CARD_H) * 0.95
            out[("relic",)] = Spec("relic", rz.cx, rz.cy, scale=k, z=2,
                                   data={"relic": s.relic})
        for name, zone, count in (("exp", "expedition_deck", s.exp_deck),
                                  ("deck", "resource_deck", s.deck),
                                  ("discard", "discard", s.discard)):
            px, py = self.pile_point(name)
            pz = self.zones[zone]
            out[("pile", name)] = Spec("pile", px, py, scale=self.PILE_SCALE, z=2, data={
                "count": count, "label": self.labels[zone], "name": name,
                "label_w": pz.right - 4 - (px + CARD_W * self.PILE_SCALE / 2 + 10)})
        self._trick(s, out, marks)
        self._market(s, out)
        return out

    def _trick(self, s: Snapshot, out: dict[Any, Spec], marks: dict[str, Any]) -> None:
        """The trick: its cards where they were played (they keep their places, the LEAD tag
        and the lead in the heading while the trick is collected), the card winning it
        so far in gold, and the dashed places of the cards still to come."""
        g = self.game
        tz = self.zones["trick"]
        led = s.lead_card if s.trick and s.lead_card is not None and s.lead_card != HIDDEN \
            else None
        lead = g.res[led] if led is not None else None
        out[("zone", "trick")] = Spec("zone", tz.cx, tz.cy, data={
            "w": tz.w, "h": tz.h, "label": "TRICK", "lead": lead, "relic": s.relic,
            "trick_no": s.tricks_played + (0 if s.trick_winner is not None else 1),
            "winner": self.seats[s.trick_winner].name if s.trick_winner is not None else "",
            "felt": True})
        # the card that wins as the trick stands (once won, the winner's card)
        winning = g.leading(s.trick, s.relic) if s.trick_winner is None and s.phase != "collect" \
            else None
        slot = {card: s.trick_slot.get(card, i) for i, (_, card, _) in enumerate(s.trick)}
        slots = max(s.n, len(s.trick), max(slot.values(), default=-1) + 1)
        w = CARD_W * self.TRICK_SCALE
        xs = spread(slots, tz.w - 24, w, w + 56)
        step = xs[1] - xs[0] if len(xs) > 1 else w + 56
        caption_w = step - 4  # a name's pill under its card, in one line or two
        y = tz.y + 152
        if s.phase in ("play", "harpoon", "leader") and len(s.trick) < s.n and s.leader >= 0:
            first = s.trick[0][0] if s.trick else s.leader
            out[("zone", "trick")].data["slots"] = tuple(
                (tz.x + 12 + xs[i] - tz.cx, y - tz.cy, self.seats[(first + i) % s.n].name)
                for i in range(len(s.trick), s.n))
            out[("zone", "trick")].data["slot_w"] = w
            out[("zone", "trick")].data["caption_w"] = caption_w
        for seat, card, exp in s.trick:
            caption = self.seats[seat].name
            out[("card", card)] = Spec("card", tz.x + 12 + xs[slot[card]], y,
                                       scale=self.TRICK_SCALE, z=20 + slot[card], data={
                                           "card": card, "caption": caption, "exp": exp,
                                           "caption_w": caption_w,
                                           "lead": card == led, "relic": s.relic,
                                           "winner": seat == s.trick_winner,
                                           "winning": card == winning})

    def _market(self, s: Snapshot, out: dict[Any, Spec]) -> None:
        c = self.game.content
        mz = self.zones["market"]
        out[("zone", "market")] = Spec("zone", mz.cx, mz.cy, data={
            "w": mz.w, "h": mz.h, "label": "EQUIPMENT MARKET", "felt": True})
        counts = [0] * len(c.equipment_types)
        first = [-1] * len(c.equipment_types)
        for e in s.market:
            t = c.equipment_type_of[e]
            counts[t] += 1
            if first[t] < 0:
                first[t] = e
        cell_w = (mz.w - 24) / 2
        cell_h = (mz.h - 56) / 3
        for t in range(len(c.equipment_types)):
            x, y = self._market_slot(t)
            rep = first[t] if first[t] >= 0 else c.equipment_type_of.index(t)
            out[("market", t)] = Spec("market", x, y, scale=self.MARKET_SCALE, z=3, data={
                "type": t, "count": counts[t], "equip": rep,
                "text_w": cell_w - 8 - CARD_W * self.MARKET_SCALE - 14 - 6,
                "text_h": cell_h - 4})

    def _opponent_area(self, s: Snapshot, seat: int, out: dict[Any, Spec]) -> None:
        """An opponent's hand (backs), Expedition card, equipment and colony, where
        `opponent_places` says."""
        places = self.opponent_places(seat)
        left, y, fan_w, back = places.hand
        self._opponent_hand(s, seat, left, y, fan_w, back, out)
        x, y, last, k = places.kit
        mw = CARD_W * k
        out[("expcard", seat)] = Spec("expcard", x, y, scale=k, z=4,
                                      data={"used": s.expedition_used[seat]})
        eq = s.equipment[seat]
        first = x + mw + 8
        step = min(mw + 6, (last - first) / max(1, len(eq) - 1))
        for j, e in enumerate(eq):
            out[("equip", e)] = Spec("equip", first + j * step, y, scale=k, z=12 + j,
                                     data={"equip": e, "mini": True})
        left, y, width, k = places.colony
        cw = CARD_W * k
        colony = s.colonies[seat]
        xs = spread(len(colony), width, cw, cw + 6)
        for i, card in enumerate(colony):
            # colonies fill from the left so a new card always lands at the end
            x = left + (xs[i] - xs[0] + cw / 2 if xs else 0)
            out[("card", card)] = Spec("card", x, y, scale=k, z=30 + i,
                                       data={"card": card, "relic": s.relic})

    def _opponent_hand(self, s: Snapshot, seat: int, left: float, y: float, width: float,
                       k: float, out: dict[Any, Spec]) -> None:
        """An opponent's hand as a small fan of card backs at scale `k` from `left`, `width`
        wide (the panel writes how many beside it)."""
        hand = s.hands[seat]
        bw = CARD_W * k
        step = fan_step(len(hand), width, bw)
        for i, card in enumerate(hand):
            x = left + bw / 2 + i * step
            if card == HIDDEN:
                out[("back", seat, i)] = Spec("back", x, y, scale=k, z=10 + i,
                                              face=False, rot=(i - len(hand) / 2) * 2.0)
            else:  # a spectator never sees hands; kept for completeness
                out[("card", card)] = Spec("card", x, y, scale=k, z=10 + i,
                                           data={"card": card, "relic": s.relic})

    def _my_area(self, s: Snapshot, seat: int, out: dict[Any, Spec],
                 marks: dict[str, Any]) -> None:
        colony_r, ha, sa = self._my_regions(len(s.hands[seat]), len(s.colonies[seat]))
        hand = s.hands[seat]
        w = CARD_W * self.HAND_SCALE
        xs = spread(len(hand), ha.w, w, w + 10)
        mid = (len(hand) - 1) / 2
        cy = ha.y + 8 + CARD_H * self.HAND_SCALE / 2
        for i, card in enumerate(hand):
            off = i - mid
            x, y = ha.x + xs[i], cy + abs(off) ** 2 * 1.1
            rot = off * 2.2
            if card == HIDDEN:
                out[("back", seat, i)] = Spec("back", x, y, scale=self.HAND_SCALE * 0.8,
                                              rot=rot, z=40 + i, face=False)
            else:
                out[("card", card)] = Spec("card", x, y, scale=self.HAND_SCALE, rot=rot,
                                           z=40 + i, data={"card": card, "relic": s.relic,
                                                           "hand": True})
        cw = CARD_W * self.MY_COLONY_SCALE
        colony = s.colonies[seat]
        xs = spread(len(colony), colony_r.w, cw, cw + 8)
        for i, card in enumerate(colony):
            left = colony_r.x + (xs[i] - xs[0] + cw / 2 if xs else 0)
            out[("card", card)] = Spec("card", left, colony_r.y + 6 + CARD_H
                                       * self.MY_COLONY_SCALE / 2,
                                       scale=self.MY_COLONY_SCALE, z=30 + i,
                                       data={"card": card, "relic": s.relic, "mine": True})
        # the Expedition card and equipment: two columns of small cards, each named
        ew, eh = CARD_W * self.MY_EQUIP_SCALE, CARD_H * self.MY_EQUIP_SCALE
        eq = s.equipment[seat]
        rows = max(3, (len(eq) + 2) // 2)
        step_y = min(eh + 10, (sa.h - 4) / rows)
        col_w = sa.w / 2
        label_w = col_w - ew - 12 - 8

        def cell(j: int) -> tuple[float, float]:
            return sa.x + (j % 2) * col_w + ew / 2, sa.y + 2 + (j // 2) * step_y + eh / 2

        x, y = cell(0)
        out[("expcard", seat)] = Spec("expcard", x, y, scale=self.MY_EQUIP_SCALE, z=4,
                                      data={"used": s.expedition_used[seat],
                                            "label": "Expedition", "label_w": label_w})
        content = self.game.content
        for j, e in enumerate(eq):
            x, y = cell(j + 1)
            out[("equip", e)] = Spec("equip", x, y, scale=self.MY_EQUIP_SCALE, z=12 + j,
                                     data={"equip": e, "mine": True, "mini": True,
                                           "label": content.equip(e).name, "label_w": label_w})


def _stretched(r: Rect, fx: float) -> Rect:
    """`r` on a table `fx` times as wide: stretched sideways, as tall as it was."""
    return Rect(r.x * fx, r.y, r.w * fx, r.h)
