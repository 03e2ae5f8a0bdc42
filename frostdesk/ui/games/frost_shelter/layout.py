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

Pure geometry; no Qt.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from frostdesk.ui.games.frost_shelter.snapshot import HIDDEN, Snapshot
from frostdesk.ui.kit.layout import Rect, Spec, spread

CARD_W, CARD_H = 72.0, 100.0
TRACK_MAX = 30


@dataclass
class SeatInfo:
    name: str
    bot: bool
    level: str = ""


class TableLayout:
    """The table's geometry for n players with `bottom` seat drawn at the bottom."""

    HAND_SCALE = 1.42
    TRICK_SCALE = 1.3
    MY_COLONY_SCALE = 1.1
    COLONY_SCALE = 0.82
    WIDE_COLONY_SCALE = 1.0
    BACK_SCALE = 0.6
    MINI_SCALE = 0.62
    MY_EQUIP_SCALE = 1.0
    PILE_SCALE = 0.84
    MARKET_SCALE = 0.8

    def __init__(self, game: Any, n: int, bottom: int, seats: list[SeatInfo]) -> None:
        self.game = game
        self.n = n
        self.bottom = bottom
        self.seats = seats
        table = game.content.table
        self.width = float(table["size"]["w"])
        self.height = float(table["size"]["h"])
        zones = table["zones"]
        self.zones = {name: Rect.of(z) for name, z in zones.items()}
        self.labels = {name: str(z.get("label", name)) for name, z in zones.items()}
        areas = table["seats"][n]
        # position p around the table (0 = bottom) -> seat
        self.order = [(bottom + p) % n for p in range(n)]
        self.rect = {seat: Rect.of(areas[p]) for p, seat in enumerate(self.order)}

    # ------------------------------------------------------------------ anchors

    def pile_point(self, name: str) -> tuple[float, float]:
        zone = {"exp": "expedition_deck", "deck": "resource_deck", "discard": "discard"}[name]
        r = self.zones[zone]
        return r.cx, r.y + CARD_H * self.PILE_SCALE / 2 + 6

    def market_point(self, t: int) -> tuple[float, float]:
        x, y = self._market_slot(t)
        return x, y

    def hand_point(self, seat: int) -> tuple[float, float]:
        r = self.rect[seat]
        if seat == self.bottom:
            return self._hand_area().cx, self._hand_area().cy
        return r.x + 70, r.y + 112

    # ------------------------------------------------------------------ regions

    def _hand_area(self) -> Rect:
        r = self.rect[self.bottom]
        return Rect(r.x + 560, r.y + 52, 720, r.h - 60)

    def _my_colony_area(self) -> Rect:
        r = self.rect[self.bottom]
        return Rect(r.x + 14, r.y + 78, 530, r.h - 90)

    def _my_side_area(self) -> Rect:
        r = self.rect[self.bottom]
        return Rect(r.x + 1296, r.y + 52, r.w - 1306, r.h - 60)

    def track_geometry(self, seat: int) -> tuple[float, float, float]:
        """(x0, x1, y) of the damage track of `seat` in table units."""
        r = self.rect[seat]
        if seat == self.bottom:
            return r.x + 470, r.x + 1250, r.y + 24
        return r.x + 16, r.right - 16, r.y + 52

    def _market_slot(self, t: int) -> tuple[float, float]:
        m = self.zones["market"]
        col, row = t % 2, t // 2
        cell_w = m.w / 2
        x = m.x + col * cell_w + 14 + CARD_W * self.MARKET_SCALE / 2
        y = m.y + 42 + row * 98 + CARD_H * self.MARKET_SCALE / 2
        return x, y

    # ------------------------------------------------------------------ specs

    def specs(self, s: Snapshot, marks: dict[str, Any]) -> dict[Any, Spec]:
        """Every item of the table for snapshot `s`.

        `marks`: thinking (seat or None), flash ({seat: text}), winner_card (card or None).
        """
        out: dict[Any, Spec] = {}
        g = self.game
        c = g.content
        ev = c.events[s.event] if s.event >= 0 else None
        thinking = marks.get("thinking")
        flash = marks.get("flash", {})

        # seat panels, damage markers, Expedition cards, hands, colonies, equipment
        for seat in range(s.n):
            r = self.rect[seat]
            me = seat == self.bottom
            info = self.seats[seat]
            hand = s.hands[seat]
            colony = s.colonies[seat]
            x0, x1, ty = self.track_geometry(seat)
            out[("halo", seat)] = Spec("halo", r.cx, r.cy, z=-1, data={
                "w": r.w, "h": r.h, "on": s.turn == seat or seat in marks.get("pick", ()),
                "colour": "#ffb547" if seat in marks.get("pick", ()) else ""})
            out[("panel", seat)] = Spec("panel", r.cx, r.cy, z=0, data={
                "w": r.w, "h": r.h, "name": info.name, "bot": info.bot, "level": info.level,
                "me": me, "active": s.turn == seat, "thinking": thinking == seat,
                "damage": s.damage[seat], "track": (x0 - r.cx, x1 - r.cx, ty - r.cy),
                "hand": len(hand), "hidden": bool(hand) and hand[0] == HIDDEN,
                "colony": len(colony), "max": ev.max if ev else None, "wide": r.w >= 500,
                "flash": flash.get(seat, ""), "leader": s.leader == seat})
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
                out[("leader",)] = Spec("leader", r.x + 30, r.y + 26, z=8)
            else:
                out[("leader",)] = Spec("leader", r.right - 26, r.y + 20, scale=0.8, z=8)

        # the middle band
        ez = self.zones["event"]
        out[("zone", "event")] = Spec("zone", ez.cx, ez.cy, data={
            "w": ez.w, "h": ez.h, "label": "", "frame": ev is None})
        if ev is not None:
            out[("event",)] = Spec("event", ez.cx, ez.cy, z=2, data={
                "event": s.event, "event_no": s.event_no + 1,
                "total": c.rules.events_per_game, "relic": s.relic})
        rz = self.zones["relic"]
        out[("zone", "relic")] = Spec("zone", rz.cx, rz.cy, data={
            "w": rz.w, "h": rz.h, "label": "", "frame": s.relic < 0})
        if s.relic >= 0:
            out[("relic",)] = Spec("relic", rz.cx, rz.cy, scale=rz.w / CARD_W * 0.98, z=2,
                                   data={"relic": s.relic})
        for name, zone, count in (("exp", "expedition_deck", s.exp_deck),
                                  ("deck", "resource_deck", s.deck),
                                  ("discard", "discard", s.discard)):
            px, py = self.pile_point(name)
            out[("pile", name)] = Spec("pile", px, py, scale=self.PILE_SCALE, z=2, data={
                "count": count, "label": self.labels[zone], "name": name})
        self._trick(s, out, marks)
        self._market(s, out)
        return out

    def _trick(self, s: Snapshot, out: dict[Any, Spec], marks: dict[str, Any]) -> None:
        g = self.game
        tz = self.zones["trick"]
        lead = g.res[s.trick[0][1]] if s.trick and s.trick[0][1] != HIDDEN else None
        out[("zone", "trick")] = Spec("zone", tz.cx, tz.cy, data={
            "w": tz.w, "h": tz.h, "label": "TRICK", "lead": lead, "relic": s.relic,
            "trick_no": s.tricks_played + (0 if s.trick_winner is not None else 1),
            "winner": self.seats[s.trick_winner].name if s.trick_winner is not None else "",
            "felt": True})
        slots = max(s.n, len(s.trick))
        w = CARD_W * self.TRICK_SCALE
        xs = spread(slots, tz.w - 20, w, w + 12)
        y = tz.y + 168
        if s.phase in ("play", "harpoon", "leader") and len(s.trick) < s.n and s.leader >= 0:
            first = s.trick[0][0] if s.trick else s.leader
            out[("zone", "trick")].data["slots"] = tuple(
                (tz.x + 10 + xs[i] - tz.cx, y - tz.cy, self.seats[(first + i) % s.n].name)
                for i in range(len(s.trick), s.n))
            out[("zone", "trick")].data["slot_w"] = w
        for i, (seat, card, exp) in enumerate(s.trick):
            caption = self.seats[seat].name
            out[("card", card)] = Spec("card", tz.x + 10 + xs[i], y,
                                       scale=self.TRICK_SCALE, z=20 + i, data={
                                           "card": card, "caption": caption, "exp": exp,
                                           "lead": i == 0, "relic": s.relic,
                                           "winner": seat == s.trick_winner})

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
        for t in range(len(c.equipment_types)):
            x, y = self._market_slot(t)
            rep = first[t] if first[t] >= 0 else c.equipment_type_of.index(t)
            out[("market", t)] = Spec("market", x, y, scale=self.MARKET_SCALE, z=3, data={
                "type": t, "count": counts[t], "equip": rep,
                "text_w": mz.w / 2 - CARD_W * self.MARKET_SCALE - 34})

    def _opponent_area(self, s: Snapshot, seat: int, out: dict[Any, Spec]) -> None:
        r = self.rect[seat]
        if r.w >= 500:
            self._opponent_wide(s, seat, r, out)
            return
        self._opponent_hand(s, seat, r.x + 14, r.y + 112, 118, 9, out)
        mw = CARD_W * self.MINI_SCALE
        x = r.x + 186
        out[("expcard", seat)] = Spec("expcard", x, r.y + 112, scale=self.MINI_SCALE, z=4,
                                      data={"used": s.expedition_used[seat]})
        eq = s.equipment[seat]
        first = x + mw + 10
        step = min(mw + 6, (r.right - 14 - mw / 2 - first) / max(1, len(eq) - 1))
        for j, e in enumerate(eq):
            out[("equip", e)] = Spec("equip", first + j * step, r.y + 112,
                                     scale=self.MINI_SCALE, z=12 + j, data={"equip": e,
                                                                            "mini": True})
        cw = CARD_W * self.COLONY_SCALE
        colony = s.colonies[seat]
        xs = spread(len(colony), r.w - 24, cw, cw + 6)
        for i, card in enumerate(colony):
            # colonies fill from the left so a new card always lands at the end
            left = r.x + 12 + (xs[i] - xs[0] + cw / 2 if xs else 0)
            out[("card", card)] = Spec("card", left, r.y + 224, scale=self.COLONY_SCALE,
                                       z=30 + i, data={"card": card, "relic": s.relic})

    def _opponent_hand(self, s: Snapshot, seat: int, left: float, y: float, width: float,
                       gap: float, out: dict[Any, Spec]) -> None:
        """An opponent's hand as a small fan of card backs from `left`, `width` wide."""
        hand = s.hands[seat]
        xs = spread(len(hand), width, CARD_W * self.BACK_SCALE, gap)
        for i, card in enumerate(hand):
            x = left + xs[i]
            if card == HIDDEN:
                out[("back", seat, i)] = Spec("back", x, y, scale=self.BACK_SCALE, z=10 + i,
                                              face=False, rot=(i - len(hand) / 2) * 2.0)
            else:  # a spectator never sees hands; kept for completeness
                out[("card", card)] = Spec("card", x, y, scale=self.BACK_SCALE, z=10 + i,
                                           data={"card": card, "relic": s.relic})

    def _opponent_wide(self, s: Snapshot, seat: int, r: Rect, out: dict[Any, Spec]) -> None:
        """A wide opponent area: hand, Expedition and equipment left; the colony right."""
        self._opponent_hand(s, seat, r.x + 14, r.y + 118, 150, 10, out)
        k = 0.56
        mw = CARD_W * k
        out[("expcard", seat)] = Spec("expcard", r.x + 16 + mw / 2, r.y + 222, scale=k, z=4,
                                      data={"used": s.expedition_used[seat]})
        eq = s.equipment[seat]
        step = min(mw + 6, (176 - mw) / max(1, len(eq)))
        for j, e in enumerate(eq):
            out[("equip", e)] = Spec("equip", r.x + 16 + mw / 2 + mw + 10 + j * step,
                                     r.y + 222, scale=k, z=12 + j, data={"equip": e,
                                                                         "mini": True})
        cw = CARD_W * self.WIDE_COLONY_SCALE
        colony = s.colonies[seat]
        left0 = r.x + 214
        xs = spread(len(colony), r.right - 14 - left0, cw, cw + 6)
        for i, card in enumerate(colony):
            left = left0 + (xs[i] - xs[0] + cw / 2 if xs else 0)
            out[("card", card)] = Spec("card", left, r.y + 186, scale=self.WIDE_COLONY_SCALE,
                                       z=30 + i, data={"card": card, "relic": s.relic})

    def _my_area(self, s: Snapshot, seat: int, out: dict[Any, Spec],
                 marks: dict[str, Any]) -> None:
        hand = s.hands[seat]
        ha = self._hand_area()
        w = CARD_W * self.HAND_SCALE
        xs = spread(len(hand), ha.w, w, w + 8)
        mid = (len(hand) - 1) / 2
        for i, card in enumerate(hand):
            off = i - mid
            x, y = ha.x + xs[i], ha.cy + 8 + abs(off) ** 2 * 1.1
            rot = off * 2.2
            if card == HIDDEN:
                out[("back", seat, i)] = Spec("back", x, y, scale=self.HAND_SCALE * 0.8,
                                              rot=rot, z=40 + i, face=False)
            else:
                out[("card", card)] = Spec("card", x, y, scale=self.HAND_SCALE, rot=rot,
                                           z=40 + i, data={"card": card, "relic": s.relic,
                                                           "hand": True})
        ca = self._my_colony_area()
        cw = CARD_W * self.MY_COLONY_SCALE
        colony = s.colonies[seat]
        xs = spread(len(colony), ca.w, cw, cw + 8)
        for i, card in enumerate(colony):
            left = ca.x + (xs[i] - xs[0] + cw / 2 if xs else 0)
            out[("card", card)] = Spec("card", left, ca.y + 120, scale=self.MY_COLONY_SCALE,
                                       z=30 + i, data={"card": card, "relic": s.relic,
                                                       "mine": True})
        sa = self._my_side_area()
        ew = CARD_W * self.MY_EQUIP_SCALE
        out[("expcard", seat)] = Spec("expcard", sa.x + ew / 2 + 4, sa.y + 74,
                                      scale=self.MY_EQUIP_SCALE, z=4,
                                      data={"used": s.expedition_used[seat]})
        eq = s.equipment[seat]
        per_row = 3
        for j, e in enumerate(eq):
            col, row = (j + 1) % per_row, (j + 1) // per_row
            out[("equip", e)] = Spec("equip", sa.x + ew / 2 + 4 + col * (ew + 14),
                                     sa.y + 74 + row * 142 * self.MY_EQUIP_SCALE,
                                     scale=self.MY_EQUIP_SCALE, z=12 + j, data={"equip": e,
                                                                               "mine": True,
                                                                               "mini": True})
