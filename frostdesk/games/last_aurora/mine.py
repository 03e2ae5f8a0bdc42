"""The optional Mine, card 111 (option `mine`, off by default; docs/rules/last-aurora.md,
"The optional Mine" and its rulings).

With the option on the Mine is shuffled into the Object deck at setup (step 7) and drawn like
any Object. Its holder, once per Movement, right after a move of their own, may put one of
its counters on a space they passed: one strictly between where they started and where they
stopped, on the way they drove (a shortcut skips the miles it jumps), that is no red
waypoint, no Special Waypoint space and holds no counter yet. The next convoy that enters
the space, the Automa's too, stops there and takes 2 Damage to its FRONT (the Automa: 2 on
its Damage track); then the counter goes. Entering it is driving onto it: a convoy already
standing there, or one jumping it by a shortcut, does not set it off. The card has two
counters and is discarded when it has placed its second; no more than two lie on the road.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from frostdesk.engine.game import Event
from frostdesk.games.last_aurora.state import State

if TYPE_CHECKING:
    from frostdesk.games.last_aurora.rules import LastAurora

CARD = "111"
DAMAGE = 2  # the card's text: 2 Damage ...
AREA = "FRONT"  # ... to the FRONT of the convoy that enters the space


class Minefield:
    """The Mine's rules (see the module docstring)."""

    def __init__(self, rules: LastAurora) -> None:
        self.rules = rules
        card = rules.content.by_id(CARD)
        self.card = card.index
        self.counters = int(next(v for verb, v in card.effects if verb == "mine"))

    def setup(self, s: State, on: bool) -> None:
        s.mines = [] if on else None
        s.mine_used = 0
        s.mine_done = 0
        s.mine_offer = []

    def mined(self, s: State) -> set[int]:
        return {m for m, _ in s.mines} if s.mines else set()

    def way(self, s: State, seat: int, start: int, to: int) -> list[int]:
        """The miles passed between `start` and `to` (neither counted) on the shortest way,
        shortcuts taken where the truck is tracked (as `reachable` counts steps)."""
        g = self.rules
        short = g.road.shortcuts if g.tracked(s, seat) else ()
        parent = {start: start}
        frontier = [start]
        while frontier and to not in parent:
            nxt = []
            for m in frontier:
                for t in [m + 1] + [b for a, b in short if a == m]:
                    if t <= to and t not in parent:
                        parent[t] = m
                        nxt.append(t)
            frontier = nxt
        if to not in parent:
            return []
        out = []
        m = parent[to]
        while m != start:
            out.append(m)
            m = parent[m]
        return sorted(out)

    def spaces(self, s: State, seat: int, start: int) -> list[int]:
        """The spaces the holder may mine after driving from `start` to where it stands."""
        road = self.rules.road
        taken = self.mined(s)
        return [m for m in self.way(s, seat, start, s.mile[seat])
                if m not in road.waypoints and m not in road.special and m not in taken]

    def after_drive(self, s: State, seat: int, start: int) -> None:
        """After a move of `seat`'s: the spaces it may mine, kept to be asked once the move is
        over (`ask`)."""
        if s.mines is None or s.mile[seat] == start or seat in s.boarded \
                or s.mine_done == s.round or self.card not in s.objects[seat] \
                or len(s.mines) >= self.counters:
            return
        s.mine_offer = self.spaces(s, seat, start)

    def ask(self, s: State, seat: int, events: list[Event]) -> bool:
        """Put the Mine's question to its holder when a move left one; True if asked."""
        if not s.mine_offer:
            return False
        offer = s.mine_offer
        s.mine_offer = []
        if self.card not in s.objects[seat]:
            return False
        self.rules._ask(s, seat, ["mine", "next", [0, *offer]], events)
        return True

    def picked(self, s: State, seat: int, mile: int, events: list[Event]) -> None:
        """The answer: a space to mine, or 0 for none this Movement."""
        s.mine_done = s.round
        if not mile:
            events.append(Event("mine_kept", {"seat": seat},
                                f"{{p{seat}}} lays no mine this Movement."))
            return
        assert s.mines is not None
        s.mines = [*s.mines, [mile, seat]]
        s.mine_used += 1
        events.append(Event("mine_laid", {"seat": seat, "mile": mile, "left":
                                          self.counters - s.mine_used},
                            f"{{p{seat}}} lays a mine on mile {mile}."))
        if s.mine_used >= self.counters:  # both counters used: the card goes
            s.mine_used = 0
            s.objects[seat].remove(self.card)
            s.odisc.append(self.card)
            events.append(Event("object_discarded", {"seat": seat, "card": CARD},
                                f"{{p{seat}}} has laid both mines and discards the Mine."))

    def stop(self, s: State, start: int, to: int) -> int:
        """Where a convoy driving straight on from `start` towards `to` stops: the first mined
        space on the way (the Automa takes no shortcut)."""
        hit = [m for m in self.mined(s) if start < m <= to]
        return min(hit) if hit else to

    def entered(self, s: State, x: int, mile: int, events: list[Event]) -> None:
        """Convoy x drove onto `mile`: a mine there goes off (2 Damage to its FRONT)."""
        if not s.mines or all(m != mile for m, _ in s.mines):
            return
        g = self.rules
        owner = next(o for m, o in s.mines if m == mile)
        s.mines = [e for e in s.mines if e[0] != mile]
        events.append(Event("mine_hit", {"seat": x, "mile": mile, "owner": owner},
                            f"{g.who(s, x)} drives onto {{p{owner}}}'s mine on mile {mile} "
                            f"and stops."))
        if g.is_automa(s, x):
            g.automa.damage(s, DAMAGE, events, "the Mine")
        else:
            g.damage(s, x, AREA, DAMAGE, events, "the Mine")
            g._bury(s, x, events)

    def text(self, option: int) -> str:
        return f"Mine mile {option}" if option else "No mine"
