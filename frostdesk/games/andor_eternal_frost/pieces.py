"""The Eternal Frost's figures and legend pieces, kept apart from the core turn, battle and
sunrise rules of rules.py: the Iquar, Tranuk and the fox (O1-O4), the merchants and the falcon
(A6, A7), Carlion and the target markers (legend 3), the camps, the shaman and the bosses that
seek the winter stone (legend 4), and random spaces (O8). `Pieces` works on the rules' state
through the rules object it belongs to.
"""

from __future__ import annotations

from collections import deque
from collections.abc import Sequence
from typing import TYPE_CHECKING

from frostdesk.engine import rng
from frostdesk.engine.game import JSON, Event
from frostdesk.games.andor_eternal_frost.state import (
    Action,
    Barter,
    Falcon,
    Free,
    LeaveIquar,
    MoveFox,
    MoveTranuk,
    Send,
    State,
    TakeIquar,
)

if TYPE_CHECKING:
    from frostdesk.games.andor_eternal_frost.rules import EternalFrost

P = "{p%d}"  # hero placeholder in event texts; the log panel swaps in names
CLASSES = ("warrior", "guardian", "wizard", "dwarf")
SIZES = {"large": 1, "small": 3, "helm": 1}
STONE = "winter_stone"
HALF = "wineskin_half"  # a wineskin turned to its half-full side
TABLETS = ("tablet_griffin", "tablet_sea_monster", "tablet_buffalo")
TRANUK_SPACES = 4  # O3: one hour moves Tranuk up to 4 spaces
TRANUK_SP = 2  # O3: +2 SP for the group in battle
NO_BARTER = (HALF, STONE, "carlion")  # A7, R28 (a used falcon is refused too)
ECHO_WP, ECHO_SP = 4, 1  # legend 2, card D
SHAMAN = "shaman"
THORN = "black_night_thorn"
THORN_WP = 4  # the black night thorn: the boss loses 4 WP before a round
MIRAGE_WP = 3  # legend 4: the mirage camp takes 3 WP (never below 1)


def make_event(kind: str, text: str, /, chance: bool = False, **data: JSON) -> Event:
    """An event of this game: its kind, its words and its data."""
    return Event(kind, data, text, chance=chance)


_ev = make_event


class Pieces:
    """The figures and pieces of legends 2-4 (and Carlion's markers of legend 3)."""

    def __init__(self, rules: EternalFrost) -> None:
        self.rules = rules
        self._land: dict[tuple[str, int], dict[int, int]] = {}  # Tranuk's steps per board

    def figure_moves(self, s: State, i: int) -> list[Action]:
        """O3, O4: move Tranuk (an hour per started 4 spaces, over land) or the fox (an hour,
        anywhere), where the legend has them."""
        out: list[Action] = []
        hours = self.rules.hours_left(s, i)
        if "tranuk" in s.figures:
            for to, d in sorted(self.land_dist(s, s.figures["tranuk"]).items()):
                if 0 < d <= TRANUK_SPACES * hours:
                    out.append(MoveTranuk(to))
        if "fox" in s.figures:
            for to in sorted(self.rules.board(s).spaces):
                if to != s.figures["fox"]:
                    out.append(MoveFox(to))
                    if to in s.snow and not s.snow[to][1]:
                        out.append(MoveFox(to, True))
        return out

    def land_dist(self, s: State, start: int) -> dict[int, int]:
        """Steps over land from `start` (Tranuk never walks onto the lake, R32)."""
        board = self.rules.board(s)
        if board.plain:
            return board.dist[start]
        key = (board.id, start)
        hit = self._land.get(key)
        if hit is not None:
            return hit
        dist = {start: 0}
        queue = deque([start])
        while queue:
            k = queue.popleft()
            for n in board.spaces[k].next:
                if n not in dist and board.spaces[n].kind != "lake":
                    dist[n] = dist[k] + 1
                    queue.append(n)
        self._land[key] = dist
        return dist

    def barters(self, s: State, i: int) -> list[Free]:
        """A7: one of the hero's articles for one lying on the merchant's space; half
        wineskins, a used falcon, the winter stone and Carlion are refused (R28)."""
        out: list[Free] = []
        wares = sorted(set(s.items.get(s.space[i], ())))
        for give in sorted(set(s.kit[i])):
            if give in NO_BARTER or (give == "falcon" and s.falcon_used):
                continue
            for take in wares:
                if take == give:
                    continue
                kit = list(s.kit[i])
                kit.remove(give)
                size = self.rules.size(take)
                if sum(1 for k in kit if self.rules.size(k) == size) < SIZES[size]:
                    out.append(Barter(give, take))
        return out

    def sends(self, s: State) -> list[Action]:
        """A6: in a falcon exchange small articles (the helm too), herbs, gems and tablets
        pass either way between the two heroes; never large articles."""
        a, b = s.flight
        out: list[Action] = []
        for frm, to in ((a, b), (b, a)):
            for item in sorted(set(s.kit[frm])):
                if self.rules.size(item) != "large" and self.rules._room(s, to, item):
                    out.append(Send(item, frm))
            out.extend(Send(item, frm) for item in sorted(set(s.pouch[frm])))
        return out

    def camp(self, s: State, i: int, here: int, face: str, events: list[Event]) -> None:
        """Legend 4: what the hero finds in a camp."""
        del s.markers[here]
        s.marked.append(face)
        if face == SHAMAN:
            s.shaman = [here, i]
            events.append(_ev("marker_resolved", f"{P % i} finds the shaman in the camp on "
                              f"{here}; she walks with {P % i} now.", hero=i, space=here,
                              face=face))
        elif face == "ambush":
            events.append(_ev("marker_resolved", f"An ambush on {here}!", hero=i, space=here,
                              face=face))
            self.rules._place(s, "wargor", here, events)
        else:
            s.figures["mirage"] = here
            lost = min(MIRAGE_WP, s.wp[i] - 1)
            s.wp[i] -= lost
            events.append(_ev("marker_resolved", f"The camp on {here} is a mirage: {P % i} "
                              f"loses {lost} WP.", hero=i, space=here, face=face, wp=s.wp[i]))

    def carrier(self, s: State) -> int | None:
        """The hero carrying Carlion."""
        return next((i for i in range(s.n) if "carlion" in s.kit[i]), None)

    def marker(self, s: State, i: int, events: list[Event]) -> None:
        """A target marker on hero i's space resolves by its face and the legend's rules."""
        here = s.space[i]
        face = str(s.markers[here][0])
        if face in (SHAMAN, "ambush", "mirage"):
            if "camps" in s.rules:
                self.camp(s, i, here, face, events)
            return
        if face == "hearth":
            # legend 3: only Carlion's carrier, and only while the fire token there burns
            if ("carlion_markers" not in s.rules or self.carrier(s) != i
                    or not s.fires.get(here)):
                return
            del s.markers[here]
            s.marked.append(face)
            s.carlion = min(3, s.carlion + 1)
            events.append(_ev("marker_resolved", f"Carlion drinks the light of the fire on "
                              f"{here}: {s.carlion} charge{'s' if s.carlion != 1 else ''}.",
                              hero=i, space=here, face=face, charges=s.carlion))

    def escort(self, s: State, i: int, path: Sequence[int], events: list[Event]) -> None:
        """The Iquar the hero takes along walk with them: one that enters a creature's space
        dies (O2, R31); one brought into the tent city is rescued (O1, X2). The shaman walks
        along unharmed (legend 4)."""
        if s.shaman and s.shaman[1] == i:
            self.shaman_to(s, s.space[i], events)
        for name in s.escorted(i):
            for sid in path:
                if s.creature_at(sid) is not None:
                    self.iquar_lost(s, name, sid, events)
                    break
            else:
                s.iquar[name][0] = s.space[i]
                if s.space[i] == self.rules.board(s).home:
                    self.rescue(s, name, events)

    def shaman_to(self, s: State, space: int, events: list[Event]) -> None:
        """The shaman follows her escort; in the tent city she is home, stays, and gives the
        escort the black night thorn."""
        escort = s.shaman[1]
        s.shaman[0] = space
        if space == self.rules.board(s).home:
            s.shaman[1] = -1
            s.pouch[escort].append(THORN)
            events.append(_ev("shaman_rescued", f"The shaman is home in the tent city; she "
                              f"gives {P % escort} the black night thorn.", hero=escort,
                              item=THORN))

    def rescue(self, s: State, name: str, events: list[Event]) -> None:
        del s.iquar[name]
        s.rescued.append(name)
        events.append(_ev("iquar_rescued", f"The {self.iquar_name(name)} reaches the tent "
                          f"city and is safe: the tent city holds one more creature "
                          f"({self.rules.shield_count(s)} shields).", iquar=name,
                          shields=self.rules.shield_count(s)))

    def iquar_lost(self, s: State, name: str, space: int, events: list[Event]) -> None:
        del s.iquar[name]
        events.append(_ev("iquar_lost", f"The {self.iquar_name(name)} meets a creature on "
                          f"{space} and is lost.", iquar=name, space=space))

    def creature_meets_iquar(self, s: State, space: int, events: list[Event]) -> None:
        """O2: a creature entering (or placed on) an Iquar's space defeats it."""
        for name, (where, _) in sorted(s.iquar.items()):
            if where == space:
                self.iquar_lost(s, name, space, events)

    def iquar_name(self, name: str) -> str:
        return {"griffin": "griffin Iquar", "buffalo": "steppe buffalo Iquar"}.get(name, name)

    def move_tranuk(self, s: State, to: int, events: list[Event]) -> None:
        """O3: an hour for every (started) 4 spaces over land; then the next hero plays."""
        i = s.current
        start = s.figures["tranuk"]
        d = self.land_dist(s, start)[to]
        hours = -(-d // TRANUK_SPACES)
        paid = self.rules._use_hours(s, i, hours)
        s.figures["tranuk"] = to
        events.append(_ev("figure_moved", f"{P % i} sends Tranuk {d} space"
                          f"{'s' if d != 1 else ''} to {self.rules.space_name(s, to)} ({hours} "
                          f"hour{'s' if hours != 1 else ''}).", hero=i, figure="tranuk",
                          source=start, target=to, hour=s.hour[i], wp=s.wp[i], paid=paid))
        self.rules._next_turn(s, i, events)

    def move_fox(self, s: State, to: int, look: bool, events: list[Event]) -> None:
        """O4: an hour flies the fox anywhere; it may turn up the snow token there (R33)."""
        i = s.current
        start = s.figures["fox"]
        paid = self.rules._use_hours(s, i, 1)
        s.figures["fox"] = to
        events.append(_ev("figure_moved", f"{P % i} sends the fox to "
                          f"{self.rules.space_name(s, to)} (1 hour).", hero=i, figure="fox",
                          source=start, target=to, hour=s.hour[i], wp=s.wp[i], paid=paid))
        if look:
            self.rules._reveal(s, to, events, by=i)
        self.rules._next_turn(s, i, events)

    def free_more(self, s: State, action: Free, events: list[Event]) -> None:
        """Free actions of the Iquar, the merchants and the falcon."""
        i = s.current
        if isinstance(action, TakeIquar):
            s.iquar[action.name][1] = i
            events.append(_ev("iquar_escorted", f"{P % i} takes the "
                              f"{self.iquar_name(action.name)} along.", hero=i,
                              iquar=action.name, space=s.space[i]))
        elif isinstance(action, LeaveIquar):
            s.iquar[action.name][1] = -1
            events.append(_ev("iquar_left", f"{P % i} leaves the "
                              f"{self.iquar_name(action.name)} on {s.space[i]}.", hero=i,
                              iquar=action.name, space=s.space[i]))
        elif isinstance(action, Barter):
            here = s.space[i]
            s.kit[i].remove(action.give)
            s.items[here].remove(action.take)
            s.items[here].append(action.give)
            s.kit[i].append(action.take)
            events.append(_ev("bartered", f"{P % i} trades the "
                              f"{self.rules.article_name(action.give).lower()} for the "
                              f"{self.rules.article_name(action.take).lower()}.", hero=i,
                              give=action.give, take=action.take, space=here))
        elif isinstance(action, Falcon):
            s.falcon_used = True
            s.flight = [i, action.hero]
            events.append(_ev("falcon_flown", f"The falcon flies between {P % i} and "
                              f"{P % action.hero}.", hero=i, to=action.hero))

    def send(self, s: State, action: Send, events: list[Event]) -> None:
        frm = action.frm
        to = s.flight[1] if s.flight[0] == frm else s.flight[0]
        held = s.kit if action.item in s.kit[frm] else s.pouch
        held[frm].remove(action.item)
        held[to].append(action.item)
        events.append(_ev("item_given", f"The falcon carries the "
                          f"{self.rules.article_name(action.item).lower()} from {P % frm} to "
                          f"{P % to}.", hero=frm, to=to, item=action.item, falcon=True))

    def carlion_needed(self, s: State, num: int) -> int:
        """Charges Carlion's carrier needs to fight this creature (Tuhavar: 3), or 0."""
        kind = s.kind(num)
        return self.rules.legend(s).bosses[kind].carlion if kind in s.bosses else 0

    def trample(self, s: State, num: int, path: Sequence[int], events: list[Event]) -> None:
        """Legend 4: heroes on each space Takota enters lose 2 WP, never below 1."""
        kind = s.kind(num)
        boss = self.rules.legend(s).bosses.get(kind) if kind in s.bosses else None
        if boss is None or not boss.tramples:
            return
        for sid in path:
            for i in range(s.n):
                if s.space[i] == sid and s.wp[i] > 1:
                    lost = min(boss.tramples, s.wp[i] - 1)
                    s.wp[i] -= lost
                    events.append(_ev("wp_changed", f"{boss.name} tramples {P % i}: -{lost} "
                                      "WP.", hero=i, by=-lost, to=s.wp[i], why="boss"))

    def stone_space(self, s: State) -> int | None:
        """Where the winter stone is: on a space, or its carrier's space."""
        for sid, items in s.items.items():
            if STONE in items:
                return sid
        return next((s.space[i] for i in range(s.n) if STONE in s.kit[i]), None)

    def stone_route(self, s: State, num: int) -> list[int]:
        """A shortest way from the boss to the stone over land with arrows and the tent city
        (legend 4); each step to the lowest id one nearer."""
        board = self.rules.board(s)
        goal = self.stone_space(s)
        cur = s.where(num)
        if goal is None or goal == cur:
            return []

        def open_(sid: int) -> bool:
            sp = board.spaces[sid]
            return sid == board.home or (sp.kind == "land" and sp.arrow is not None)
        dist = {goal: 0}
        queue = deque([goal])
        while queue:
            k = queue.popleft()
            for n in board.spaces[k].next:
                if n not in dist and open_(n):
                    dist[n] = dist[k] + 1
                    queue.append(n)
        route: list[int] = []
        while cur in dist and cur != goal:
            cur = min(n for n in board.spaces[cur].next if dist.get(n, 99) == dist[cur] - 1)
            route.append(cur)
        return route

    def stone_reached(self, s: State, events: list[Event]) -> None:
        """Legend 4: a boss seeking the stone that shares its space, or walked over it, wins
        the night for the frost."""
        if s.result or not s.bosses:
            return
        goal = self.stone_space(s)
        for num, (kind, where) in sorted(s.creatures.items()):
            boss = self.rules.legend(s).bosses.get(str(kind)) if kind in s.bosses else None
            if boss is None or boss.toward != "stone" or num in s.defeated:
                continue
            if goal is not None and where == goal:
                self.rules._end(s, "lost", f"{boss.name} reached the winter stone", events)
                return

    def random_space(self, s: State) -> int:
        """O8 / R36: two black dice read as tens and ones, added to the side's base; a space
        that is not free land with an arrow gives the next lower one that is."""
        board = self.rules.board(s)
        a, s.rng = rng.below(s.rng, 6)
        b, s.rng = rng.below(s.rng, 6)
        base = board.home if board.home > 0 else 0
        want = base - base % 100 + 10 * (a + 1) + (b + 1)
        ok = sorted(sid for sid, sp in board.spaces.items()
                    if sp.kind == "land" and sp.arrow is not None and s.creature_at(sid) is None)
        below = [sid for sid in ok if sid <= want]
        pick = below[-1] if below else ok[0]
        return pick
