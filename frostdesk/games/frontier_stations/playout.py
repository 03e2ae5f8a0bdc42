"""A fast playout of the rest of a Frontier Stations game on plain lists, for the planning crew.

The full rules cost about a millisecond a step (every payment and production is enumerated
exactly); a playout only needs the shape of what is to come, so it plays a simpler game from a
sampled world, about a hundred times faster:

- the dice are rolled from the playout's own generator (one die while the early deck lasts);
- each activation is paid token by token by the stations next to it, each token from the
  payer and kind with the most of it, through a converter when nobody holds the kind; when
  it cannot be paid a beacon stops it, and without one the game is lost;
- every system making something on the roll makes the kind its station holds least of, kept
  when the station's cards have room for it (their storage added up);
- the station whose turn it is spends its dice on the threat next to it that takes most, when
  they cover its price (with its spare energy for the rest) and its destroy cost can be paid;
  it buys no systems (the choice weighed already did, and every choice is played out alike);
- the threat drawn joins the area on that station's left; Reinforcements raise (or bring
  back) the area's most recent threat.

The playout scores the share of the turns left that the team survives: 1 for a won game.
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from typing import TYPE_CHECKING

from frostdesk.games.frontier_stations.content import ENERGY, Unit

if TYPE_CHECKING:
    from frostdesk.games.frontier_stations.rules import FrontierStations
    from frostdesk.games.frontier_stations.state import State


class Board:
    """What a playout needs of a state at the start of a turn, as plain lists.

    The stations' cards (storage, converters, what each roll makes) are worked out once per
    state; `fresh()` gives a copy whose tokens, threats and decks a playout may change, so
    many playouts from one state share that work."""

    __slots__ = ("areas", "beacons", "caps", "current", "early", "late", "made", "n",
                 "rates", "recent", "res", "spare_any")

    def __init__(self, game: FrontierStations | None, s: State | None) -> None:
        if game is None or s is None:  # an empty board, filled in by `fresh`
            return
        self.n = n = s.n
        self.res = [list(r) for r in s.res]
        self.caps: list[list[int]] = []
        self.spare_any: list[int] = []
        # made[total][station]: the units each station makes on a roll of `total`, in order
        self.made: list[list[list[Unit]]] = [[[] for _ in range(n)] for _ in range(13)]
        self.rates: list[dict[int, list[tuple[int, int]]]] = []
        for st in range(n):
            caps, any_ = game.capacity(s, st)
            self.caps.append(caps)
            self.spare_any.append(any_)
            for card, mult in s.installed[st]:
                for act in game.card(s, st, card).activations:
                    for total in act.on:
                        if 0 <= total <= 12:
                            self.made[total][st].extend(act.produce * mult)
            rates: dict[int, list[tuple[int, int]]] = {}
            for (spent, want), (count, _) in game.rates(s, st).items():
                rates.setdefault(want, []).append((spent, count))
            self.rates.append(rates)
        self.areas = [[list(t) for t in a] for a in s.areas]
        self.recent = list(s.recent)
        self.early = list(s.early)
        self.late = list(s.late)
        self.beacons = s.beacons
        self.current = s.current

    def fresh(self) -> Board:
        """A copy to play out: the cards' figures shared, the rest new."""
        b = Board(None, None)
        b.n, b.caps, b.spare_any, b.made, b.rates = (self.n, self.caps, self.spare_any,
                                                     self.made, self.rates)
        b.res = [r[:] for r in self.res]
        b.areas = [[t[:] for t in a] for a in self.areas]
        b.recent = self.recent[:]
        b.early = self.early[:]
        b.late = self.late[:]
        b.beacons = self.beacons
        b.current = self.current
        return b


class Playout:
    """Plays boards out; built once per game (the cards' numbers as plain tuples)."""

    def __init__(self, game: FrontierStations) -> None:
        self.game = game
        threats = game.threats
        self.on = [t.on for t in threats]
        self.consume = [t.consume for t in threats]
        self.per_station = [t.per_station for t in threats]
        self.credits = [t.credits for t in threats]
        self.destroy = [t.destroy for t in threats]
        self.reinforce = [t.reinforcements for t in threats]
        self.max_mult = game.content.max_upgrade
        # roughly how much one copy of each threat takes a roll
        self.weight = [_chance(t.on) * len(t.consume) for t in threats]

    def run(self, s: State, rng: random.Random, price: int = 0) -> float:
        """Play the rest of the game from `s` (at a roll, decks known): the share of the turns
        left that the team lives through (1.0 when it wins)."""
        return self.play(Board(self.game, s), rng, price)

    def play(self, board: Board, rng: random.Random, price: int = 0) -> float:
        """`run` from a board prepared once (`Board(game, s)`); the board is left as it was."""
        b = board.fresh()
        left = len(b.early) + len(b.late) + 1
        turns = 0
        n = b.n
        res = b.res
        caps = b.caps
        spare_any = b.spare_any
        made = b.made
        areas = b.areas
        on = self.on
        random_ = rng.random
        while True:
            if b.early:
                value = total = int(random_() * 6) + 1
            else:
                total = int(random_() * 6) + int(random_() * 6) + 2
                value = total
            for i in range(n):
                area = (b.current + i) % n
                payers = (area,) if n == 1 else (area, (area + 1) % n)
                for t, mult, up in areas[area]:
                    if not up or total not in on[t]:
                        continue
                    units = self.consume[t] * (len(payers) if self.per_station[t] else 1)
                    for _ in range(mult):
                        if not self._pay(b, units, payers):
                            if b.beacons <= 0:
                                return turns / left
                            b.beacons -= 1
            turns += 1
            if not b.early and not b.late:
                return 1.0
            for st, makes in enumerate(made[total]):
                if not makes:
                    continue
                have = res[st]
                cap = caps[st]
                for u in makes:
                    r = min(u, key=have.__getitem__)
                    have[r] += 1
                    # a kind still within its own cards' room always fits; past it, the
                    # cards that store any kind must have room for everything over
                    if have[r] > cap[r] and sum(
                            k - c for k, c in zip(have, cap, strict=True) if k > c) \
                            > spare_any[st]:
                        have[r] -= 1
            self._buy(b, value, price)
            self._draw(b)
            b.current = (b.current + 1) % n

    @staticmethod
    def _pay(b: Board, units: Sequence[Unit], payers: Sequence[int]) -> bool:
        res = b.res
        for u in units:
            best_k, best_st, best_r = 0, -1, -1
            for st in payers:
                have = res[st]
                for r in u:
                    if have[r] > best_k:
                        best_k, best_st, best_r = have[r], st, r
            if best_st >= 0:
                res[best_st][best_r] -= 1
                continue
            paid = False
            for st in payers:
                have = res[st]
                for r in u:
                    for spent, count in b.rates[st].get(r, ()):
                        if have[spent] >= count:
                            have[spent] -= count
                            paid = True
                            break
                    if paid:
                        break
                if paid:
                    break
            if not paid:
                return False
        return True

    def _buy(self, b: Board, value: int, price: int) -> None:
        me = b.current
        n = b.n
        spare = b.res[me][ENERGY]
        best, best_w = None, 0.0

        for area in {me, (me - 1) % n}:
            for pos, (t, mult, up) in enumerate(b.areas[area]):
                if not up:
                    continue
                short = max(0, self.credits[t] + price - value)
                if short > spare:
                    continue
                w = self.weight[t] * mult
                if w > best_w:
                    best, best_w = (area, pos, short), w
        if best is None:
            return
        area, pos, short = best
        payers = (area,) if n == 1 else (area, (area + 1) % n)
        saved = [list(r) for r in b.res]
        b.res[me][ENERGY] -= short
        if not self._pay(b, self.destroy[b.areas[area][pos][0]], payers):
            for st, counts in enumerate(saved):  # in place: the playout holds these lists
                b.res[st][:] = counts
            return
        entry = b.areas[area][pos]
        if entry[1] > 1:
            entry[1] -= 1
        else:
            entry[2] = 0

    def _draw(self, b: Board) -> None:
        area = b.current  # the area on the left of the station whose turn it was
        deck = b.early if b.early else b.late
        if not deck:
            return
        t = deck.pop(0)
        if not self.reinforce[t]:
            b.areas[area].append([t, 1, 1])
            b.recent[area] = t
            return
        rec = b.recent[area]
        for entry in b.areas[area]:
            if entry[0] == rec:
                if not entry[2]:
                    entry[1], entry[2] = 1, 1
                elif entry[1] < self.max_mult:
                    entry[1] += 1
                return


def _chance(numbers: frozenset[int]) -> float:
    """The chance that two dice show one of `numbers` (the most of the game is on two)."""
    return sum(6 - abs(7 - v) for v in numbers if 2 <= v <= 12) / 36
