"""Where each item of the Frontier Stations table goes (pure geometry, no Qt).

`StationsLayout.specs(state, marks)` turns a state (the real view, or one of the in-between
tables of board.py) into one `Spec` per item key, in the boxes ring.py places for the window
(with the numbers of cards/frontier-stations/table.yaml). Keys:

    ("station", s)  ("area", a)        the boxes around the ring (panels)
    ("nexus", s)  ("sys", c)           station cards and shop cards (c: system card index)
    ("threat", t)                      threat cards in the areas (face down when destroyed)
    ("tok", s, r, i)                   token i of resource r at station s, on the card that
                                       holds it (game.placement), in one of its storage slots
    ("pile", "systems"|"early"|"late") ("die", i) ("beacon", i) ("captain",) ("recent", a)
    ("label", "shop") ("track",)

Card items are centred on (x, y); a card is CARD_W x CARD_H at scale 1.
"""

from __future__ import annotations

import math
from dataclasses import dataclass
from typing import Any

from frostdesk.games.frontier_stations.state import NEXUS
from frostdesk.ui.games.frontier_stations.ring import (
    CARD_H,
    CARD_W,
    Metrics,
    Ring,
    fit,
    ring_boxes,
)
from frostdesk.ui.kit.layout import Rect, Spec
from frostdesk.ui.kit.text import FLOOR_PX

# storage slots on a card, in card units around its centre (see faces.paint_system)
SLOTS = (-45.0, 2.0, 90.0, 56.0)  # x, y, w, h
PILES = ("systems", "early", "late")
PHASES = ("roll", "threats", "systems", "purchase", "draw")
BASE_TEXT = 15.0  # table text at 1280x720, in screen pixels (the floor is 14.67)


@dataclass
class Slot:
    x: float  # centre, card units
    y: float
    size: float


def slot_grid(count: int) -> list[Slot]:
    """Centres of `count` storage slots inside a card's storage box, in rows that sit on
    the card's bottom edge (so small cards keep room above for their numbers)."""
    if count <= 0:
        return []
    x0, y0, w, h = SLOTS
    cols = min(count, 5) if count <= 15 else math.ceil(count / 3)
    rows = math.ceil(count / cols)
    step_x = min(18.0, w / cols)
    step_y = min(18.0, h / rows)
    size = min(step_x, step_y) - 1.6
    top = y0 + h - step_y * rows
    out = []
    for k in range(count):
        r, c = divmod(k, cols)
        in_row = min(cols, count - r * cols)
        left = x0 + (w - step_x * in_row) / 2
        out.append(Slot(left + step_x * (c + 0.5), top + step_y * (r + 0.5), size))
    return out


def card_slots(game: Any, state: Any, station: int, card: int, mult: int) -> list[int]:
    """The kind of each storage slot on a card: resource index, or -1 for "any"."""
    sysc = game.card(state, station, card)
    kinds = []
    for r in range(5):
        kinds += [r] * (sysc.storage[r] * mult)
    kinds += [-1] * (sysc.storage_any * mult)
    return kinds


def token_slots(game: Any, state: Any, station: int) -> dict[tuple[int, int], tuple[int, int]]:
    """(resource, i) -> (slot of the card, index of its storage slot) for every token.

    game.placement says how many tokens of each kind each card holds; tokens fill a card's
    own slots first, then slots that store any kind, in the same order placement fills them,
    so the last token of a kind is the one that leaves when one is spent."""
    placed = game.placement(state, station)
    out: dict[tuple[int, int], tuple[int, int]] = {}
    count = [0] * 5
    free_any: dict[int, list[int]] = {}
    extra: list[list[int]] = []
    for j, (card, mult) in enumerate(state.installed[station]):
        kinds = card_slots(game, state, station, card, mult)
        free_any[j] = [k for k, kind in enumerate(kinds) if kind == -1]
        over = [0] * 5
        for r in range(5):
            own = [k for k, kind in enumerate(kinds) if kind == r]
            n = placed[j][r] if j < len(placed) else 0
            for k in own[:n]:
                out[(r, count[r])] = (j, k)
                count[r] += 1
            over[r] = max(0, n - len(own))
        extra.append(over)
    for j, over in enumerate(extra):
        for r in range(5):
            for _ in range(over[r]):
                k = free_any[j].pop(0) if free_any[j] else 0
                out[(r, count[r])] = (j, k)
                count[r] += 1
    return out


def pack(n: int, box: Rect, gap: float, smax: float, smin: float = 0.42
         ) -> tuple[float, list[tuple[float, float]]]:
    """Scale and centres for n cards in a grid filling `box` as large as they fit."""
    if n <= 0:
        return smax, []
    best, best_cols = fit(n, box, gap, smax)
    s = max(best, min(smin, box.h / CARD_H, box.w / CARD_W))  # never out of its box
    cols = best_cols
    rows = math.ceil(n / cols)
    w, h = CARD_W * s, CARD_H * s
    step_x = w + gap
    if best < s:  # overlap: one row per what fits vertically, cards fanned
        rows = max(1, int((box.h + gap) // (h + gap)))
        cols = math.ceil(n / rows)
        step_x = min(w + gap, (box.w - w) / max(1, cols - 1))
    step_y = h + gap if rows > 1 else 0.0
    total_h = h + step_y * (rows - 1)
    out = []
    for k in range(n):
        r, c = divmod(k, cols)
        in_row = min(cols, n - r * cols)
        row_w = w + step_x * (in_row - 1)
        x = box.x + (box.w - row_w) / 2 + w / 2 + step_x * c
        y = box.y + (box.h - total_h) / 2 + h / 2 + step_y * r
        out.append((x, y))
    return s, out


def strips(centres: list[tuple[float, float]], scale: float) -> list[float]:
    """How much of each card's width (card units) shows from under the next card of its row
    when a crowded box fans them out."""
    out = []
    for k, (x, y) in enumerate(centres):
        nxt = centres[k + 1] if k + 1 < len(centres) else None
        step = nxt[0] - x if nxt is not None and abs(nxt[1] - y) < 1e-6 else CARD_W * scale
        # a box with no room at all (a window not laid out yet) packs at scale 0
        out.append(min(CARD_W, step / scale) if scale > 0 else CARD_W)
    return out


class StationsLayout:
    """The table for one game: n stations with `bottom` at the bottom (see module docstring),
    laid out for a window `w` x `h` table units big, `px` screen pixels per table unit."""

    def __init__(self, game: Any, n: int, bottom: int, names: list[str], bots: list[bool],
                 w: float | None = None, h: float | None = None, px: float = 1.0,
                 keep: tuple[float, ...] | None = None) -> None:
        t = game.content.table
        self.game = game
        self.n = n
        self.bottom = bottom
        self.names = names
        self.bots = bots
        size = t.get("size", {"w": 1600, "h": 1000})
        self.w = float(w if w else size["w"])
        self.h = float(h if h else size["h"])
        self.px = px
        self.floor = FLOOR_PX / max(px, 1e-6)  # the smallest text, in table units
        # u: how much larger than at 1280x720 the table's own pieces may be (text, dice,
        # plaques); cards take whatever their boxes give them
        ref = t.get("reference", {"w": 1016, "h": 624})
        self.u = max(1.0, min(self.w / float(ref["w"]), self.h / float(ref["h"]))) * \
            max(1.0, self.floor / BASE_TEXT)
        u = self.u
        self.text_px = max(BASE_TEXT * u ** 0.6, self.floor * 1.02)  # text grows slower
        self.gap = float(t.get("gap", 6)) * u
        spec = t["layouts"][n] if n in t.get("layouts", {}) else t["layouts"][str(n)]
        self.card_max = float(spec.get("card_max", 1.6)) * u
        self.card_min = float(t.get("card_min_px", 70)) / 100 / px
        typical = spec.get("typical", {"station": 4, "area": 3})
        self.typical = (int(typical["station"]), int(typical["area"]))
        self.captain_h = round(self.text_px * 1.5)
        self.captain_w = round(self.text_px * 6.6)
        self.area_header = round(self.text_px * 1.55)
        # the name strip: one line, or the name above the resources, or (for long names in
        # narrow stations) the name on two lines above them
        self.lines = 1
        ring = self._ring(round(self.text_px * 1.85), keep)
        if min(b.w for b in ring.stations) < self._one_line_w():
            self.lines = 2
            ring = self._ring(round(self.text_px * 3.3), keep)
            if min(b.w for b in ring.stations) < self._two_line_w():
                self.lines = 3
                ring = self._ring(round(self.text_px * 4.75), keep)
        self.proportions = ring.proportions
        # box i is for station (bottom + i) % n, clockwise
        self.station_box = {(bottom + i) % n: ring.stations[i] for i in range(n)}
        self.area_box = {(bottom + i) % n: ring.areas[i] for i in range(n)}
        self.shop_box = ring.shop
        self.tray_box = ring.tray
        self._tray()

    # ------------------------------------------------------------------ boxes

    def _name_w(self) -> float:
        """About how wide the longest station name is in the name strip."""
        longest = max((len(x) for x in self.names), default=8)
        return longest * 0.64 * self.text_px

    def _one_line_w(self) -> float:
        """How wide a station must be to hold its name strip on one line: turn tag, crew
        icon, name, the five resource counts and the Captain's badge."""
        t = self.text_px
        return 10 + t * 4.4 + t * 1.6 + self._name_w() + 6 + 5 * t * 2.5 + t * 3.2 + 8

    def _two_line_w(self) -> float:
        t = self.text_px
        return max(10 + t * 1.6 + self._name_w() + t * 3.2 + 12, 10 + 5 * t * 2.5 + 10)

    def _three_line_w(self) -> float:
        t = self.text_px
        longest = max((len(w) for x in self.names for w in x.split()), default=8)
        return max(10 + t * 1.6 + longest * 0.64 * t + t * 3.2 + 12, 10 + 5 * t * 2.5 + 10)

    def _ring(self, header: float, keep: tuple[float, ...] | None) -> Ring:
        self.header = float(header)
        t = self.text_px
        m = Metrics(gap=self.gap, margin=max(4.0, self.gap * 0.8), header=self.header,
                    area_header=float(self.area_header),
                    station_min_w={1: 0.0, 2: self._two_line_w(),
                                   3: self._three_line_w()}[self.lines],
                    tray_w=round(t * 31), tray_h=round(t * 8.4), shop_label=round(t * 1.5),
                    card_max=self.card_max, card_min=self.card_min)
        self.metrics = m
        return ring_boxes(self.n, self.w, self.h, m, self.typical, keep)

    def _tray(self) -> None:
        """Split the tray: the turn track on top, then decks | dice | beacons (in a narrow
        tray the beacons go under the dice)."""
        t = self.tray_box
        u, tp = self.u, self.text_px
        self.track_box = Rect(t.x, t.y, t.w, round(tp * 1.9))
        label_h = round(tp * 1.35)
        body = Rect(t.x, self.track_box.bottom + 4, t.w, t.bottom - self.track_box.bottom - 4)
        pile_gap = max(10.0, tp * 0.9)
        # a deck's count badge hangs 14 card units below the card
        self.pile_scale = max(0.3, min(0.9 * u, (body.h - label_h - 6) / (CARD_H + 14),
                                       (t.w * 0.45 - 2 * pile_gap) / (3 * CARD_W)))
        pw = CARD_W * self.pile_scale
        slot_w = max(pw, tp * 4.3)  # the caption above a deck is wider than a small deck
        piles_w = 3 * slot_w + 2 * pile_gap
        self.pile_label_w = slot_w + pile_gap * 0.8
        self.pile_label_h = label_h
        self.pile_at = {}
        top = body.y + label_h + 2
        for i, name in enumerate(PILES):
            self.pile_at[name] = (body.x + slot_w / 2 + i * (slot_w + pile_gap),
                                  top + CARD_H * self.pile_scale / 2)
        rest = Rect(body.x + piles_w + pile_gap, body.y, body.w - piles_w - pile_gap, body.h)
        self.caption_h = round(tp * 1.4)
        if rest.w >= tp * 17 or rest.h < rest.w * 0.6:  # side by side
            self.die_size = min(78.0 * u, rest.h - self.caption_h - 8, rest.w * 0.2)
            dice_w = max(rest.w * 0.45, self.die_size * 2.8)
            self.dice_box = Rect(rest.x, rest.y, dice_w, rest.h)
            self.beacon_box = Rect(rest.x + dice_w, rest.y, rest.w - dice_w, rest.h)
        else:  # the dice above the beacons
            half = rest.h * 0.56
            self.die_size = min(64.0 * u, half - self.caption_h - 6, rest.w * 0.36)
            self.dice_box = Rect(rest.x, rest.y, rest.w, half)
            self.beacon_box = Rect(rest.x, rest.y + half, rest.w, rest.h - half)
        self.beacon_size = min(38.0 * u, self.die_size * 0.85)
        self.stock = (self.dice_box.cx, self.dice_box.cy)

    def pile_point(self, name: str) -> tuple[float, float]:
        return self.pile_at[name]

    def station_point(self, s: int) -> tuple[float, float]:
        b = self.station_box[s]
        return b.cx, b.cy

    def _dice_y(self) -> float:
        b = self.dice_box
        return b.y + (b.h - self.caption_h) / 2

    def die_points(self, count: int) -> list[tuple[float, float]]:
        b = self.dice_box
        d = self.die_size
        y = self._dice_y()
        if count == 1:
            return [(b.cx, y)]
        return [(b.cx - d * 0.62, y), (b.cx + d * 0.62, y)]

    def dice_caption_y(self) -> float:
        return self._dice_y() + self.die_size / 2 + self.caption_h / 2 + 2

    def _beacon_y(self) -> float:
        b = self.beacon_box
        if b.y > self.dice_box.y:  # stacked under the dice
            return b.y + (b.h - self.caption_h) / 2
        return self._dice_y()

    def beacon_points(self, count: int) -> list[tuple[float, float]]:
        b = self.beacon_box
        size = min(self.beacon_size * 1.2, b.w / max(2, count + 0.5))
        left = b.cx - size * (count - 1) / 2
        return [(left + size * i, self._beacon_y()) for i in range(count)]

    def beacon_caption_y(self) -> float:
        return self._beacon_y() + self.beacon_size / 2 + self.caption_h / 2 + 2

    def _cards_box(self, st: int) -> Rect:
        return self.metrics.cards_box(self.station_box[st])

    def _threats_box(self, a: int) -> Rect:
        return self.metrics.threats_box(self.area_box[a])

    # ------------------------------------------------------------------ specs

    def specs(self, s: Any, marks: dict[str, Any]) -> dict[Any, Spec]:
        """Every item for state `s`. marks: thinking (seat|None), to_move (seat|None),
        current (the station whose turn glows, when given; else `s.current`), paying
        ((area, pos)|None), transient ({key: over_key})."""
        g = self.game
        out: dict[Any, Spec] = {}
        n = self.n
        tp = self.text_px
        over = s.phase == "over"
        to_move = marks.get("to_move")
        current = marks.get("current", s.current)
        # every station shows its cards at one size, and every threat area too (the
        # most crowded box decides), so the ring reads as one table
        st_scale = min(fit(len(s.installed[st]), self._cards_box(st), self.gap,
                           self.card_max)[0] for st in range(n))
        ar_scale: dict[tuple[float, float], float] = {}
        for a in range(n):
            b = self.area_box[a]
            got = fit(len(s.areas[a]), self._threats_box(a), self.gap, self.card_max)[0]
            ar_scale[(b.w, b.h)] = min(got, ar_scale.get((b.w, b.h), got))
        for st in range(n):
            box = self.station_box[st]
            res = list(s.res[st])
            # a narrow box gets the compact Captain badge (the star alone)
            wide = self.lines == 1 and box.w >= self._one_line_w() + tp * 3.4
            cap_w = self.captain_w if wide else self.captain_h * 1.5
            out[("station", st)] = Spec("panel", box.cx, box.cy, z=0, data={
                "w": box.w, "h": box.h, "header": self.header, "name": self.names[st],
                "bot": self.bots[st], "res": res, "current": st == current and not over,
                "captain": st == s.captain, "to_move": st == to_move and st != current,
                "thinking": marks.get("thinking") == st, "nexus": s.nexus[st],
                "captain_w": cap_w, "lines": self.lines, "px": tp,
                "station": st})
            scale, centres = pack(len(s.installed[st]), self._cards_box(st), self.gap,
                                  max(self.card_min, st_scale), self.card_min)
            shown = strips(centres, scale)
            for j, ((card, mult), (x, y)) in enumerate(zip(s.installed[st], centres, strict=True)):
                key = ("nexus", st) if card == NEXUS else ("sys", card)
                data = {"station": st, "slot": j, "mult": mult}
                if shown[j] < CARD_W:
                    data["strip"] = round(shown[j], 2)
                if card == NEXUS:
                    data["face"] = s.nexus[st]
                else:
                    data["card"] = card
                out[key] = Spec("card", x, y, scale, z=10 + j, data=data)
            slots = token_slots(g, s, st)
            for (r, i), (j, k) in slots.items():
                card, mult = s.installed[st][j]
                grid = slot_grid(len(card_slots(g, s, st, card, mult)))
                key = ("nexus", st) if card == NEXUS else ("sys", card)
                cs = out[key]
                sl = grid[k] if k < len(grid) else Slot(0, 30, 14)
                out[("tok", st, r, i)] = Spec(
                    "token", cs.x + sl.x * cs.scale, cs.y + sl.y * cs.scale, cs.scale,
                    z=10.5 + j, data={"kind": r, "size": sl.size})  # under the next card
            if st == s.captain:
                line = self.header if self.lines == 1 else (self.header - 4) / self.lines
                out[("captain",)] = Spec("marker", box.right - cap_w / 2 - 8,
                                         box.y + (line / 2 if self.lines == 1 else 2 + line / 2),
                                         z=80,
                                         data={"what": "captain", "w": cap_w,
                                               "h": self.captain_h})
        paying = marks.get("paying")
        for a in range(n):
            box = self.area_box[a]
            stations = [a] if n == 1 else [a, (a + 1) % n]
            out[("area", a)] = Spec("panel", box.cx, box.cy, z=0, data={
                "w": box.w, "h": box.h, "header": self.area_header, "area": a,
                "names": [self.names[x] for x in stations], "px": tp,
                "active": paying is not None and paying[0] == a})
            entries = s.areas[a]
            scale, centres = pack(len(entries), self._threats_box(a), self.gap,
                                  max(self.card_min, ar_scale[(box.w, box.h)]), self.card_min)
            shown = strips(centres, scale)
            for pos, ((t, mult, up), (x, y)) in enumerate(zip(entries, centres, strict=True)):
                data = {"threat": t, "mult": mult, "area": a, "pos": pos,
                        "deck": g.threats[t].deck}
                if shown[pos] < CARD_W:
                    data["strip"] = round(shown[pos], 2)
                out[("threat", t)] = Spec("card", x, y, scale, z=10 + pos, face=bool(up),
                                          data=data)
                if s.recent[a] == t:  # at the right end of its destroy strip (the part
                    # of the card that shows, in a fan), where no symbol lies
                    k = max(scale, tp / 14.0)
                    right = x + (shown[pos] - CARD_W / 2) * scale
                    out[("recent", a)] = Spec("marker", right - 9 * k + 2,
                                              y + (CARD_H / 2 - 21) * scale, k, z=70,
                                              data={"what": "recent"})
        # the shop
        sb = self.shop_box
        label_h = self.metrics.shop_label
        shop = Rect(sb.x, sb.y + label_h, sb.w, sb.h - label_h)
        scale, centres = pack(len(s.shop), shop, self.gap + 4, self.card_max, self.card_min)
        shown = strips(centres, scale)
        for i, (card, (x, y)) in enumerate(zip(s.shop, centres, strict=True)):
            data = {"card": card, "station": -1, "slot": -1, "mult": 1, "shop": True}
            if shown[i] < CARD_W:
                data["strip"] = round(shown[i], 2)
            out[("sys", card)] = Spec("card", x, y, scale, z=10 + i, data=data)
        count = f"{len(s.shop)} system" + ("s" if len(s.shop) != 1 else "")
        out[("label", "shop")] = Spec("zone", sb.cx, sb.y + label_h / 2, z=1, data={
            "w": sb.w, "h": label_h, "px": tp,
            "text": f"Shop · {count} · the Captain refreshes it",
            "short": [f"Shop · {count}", "Shop"]})
        # decks
        counts = {"systems": len(s.sdeck), "early": len(s.early), "late": len(s.late)}
        for name in PILES:
            x, y = self.pile_at[name]
            out[("pile", name)] = Spec("pile", x, y, self.pile_scale, z=5,
                                       data={"pile": name, "count": counts[name]})
        # dice: blank and ready in the roll step, the rolled values after
        rolling = s.phase == "roll" and not over
        dice = [0] * (1 if s.early else 2) if rolling else list(s.dice)
        turn = int(s.turn)
        spin = 360.0 * ((turn - 1) % 2 if rolling else turn % 2)
        free = getattr(s, "dice_free", "")
        for i, (x, y) in enumerate(self.die_points(len(dice))):
            used = bool(dice[i]) and s.phase in ("purchase", "pay") and \
                "ab"[i] not in free and len(dice) > 0
            out[("die", i)] = Spec("die", x, y, 1.0, spin, z=30, data={
                "value": dice[i], "size": self.die_size, "used": used})
        if rolling:
            caption = "Roll the die" if len(dice) == 1 else "Roll both dice"
            short = ["Roll"]
        elif len(dice) == 2:
            caption = f"{dice[0]} + {dice[1]} = {sum(dice)}"
            short = [f"= {sum(dice)}"]
        else:
            caption = f"Rolled {dice[0]}" if dice else ""
            short = [str(dice[0])] if dice else []
        db = self.dice_box
        # kind "pile": the animator changes its words when the step ends (the die has landed)
        out[("label", "dice")] = Spec("pile", db.cx, self.dice_caption_y(), z=1, data={
            "w": db.w, "h": self.caption_h, "px": tp * 1.05, "text": caption,
            "short": short})
        for i, (x, y) in enumerate(self.beacon_points(s.beacons)):
            out[("beacon", i)] = Spec("marker", x, y, self.beacon_size / 38.0, z=30,
                                      data={"what": "beacon"})
        bb = self.beacon_box
        word = "distress beacon" + ("s" if s.beacons != 1 else "")
        out[("label", "beacons")] = Spec("zone", bb.cx, self.beacon_caption_y(), z=1, data={
            "w": bb.w, "h": self.caption_h, "px": tp,
            "text": f"{s.beacons} {word} left" if s.beacons else "No distress beacons left",
            "short": [f"{s.beacons} beacon" + ("s" if s.beacons != 1 else "") + " left",
                      f"{s.beacons} left"] if s.beacons else ["No beacons left", "None left"]})
        for name, caption in (("systems", "Systems"), ("early", "Early"), ("late", "Late")):
            x, y = self.pile_at[name]
            out[("label", name)] = Spec("zone", x, y - CARD_H * self.pile_scale / 2
                                        - self.pile_label_h / 2 - 2, z=1,
                                        data={"w": self.pile_label_w, "h": self.pile_label_h,
                                              "px": tp, "text": caption})
        tb = self.track_box
        out[("track",)] = Spec("zone", tb.cx, tb.cy, z=1, data={
            "w": tb.w, "h": tb.h, "track": True, "phase": _track_phase(s.phase),
            "turn": turn, "beacons": s.beacons, "beacon_x": self.beacon_box.cx - tb.cx,
            "px": tp})
        for key, target in (marks.get("transient") or {}).items():
            base = out.get(target)
            if base is not None:
                out[key] = Spec("card", base.x + 6, base.y + 6, base.scale, z=90,
                                data={"threat": key[1], "mult": 1, "area": -1, "pos": -1,
                                      "deck": g.threats[key[1]].deck})
        return out


def _track_phase(phase: str) -> str:
    return "purchase" if phase == "pay" else phase
