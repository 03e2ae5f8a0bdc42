"""Frontier Stations' rules: the Game protocol over `State` (see docs/rules/frontier-stations.md).

A turn: roll (one die while the early threat deck lasts, then two), activate threats (each
activation is paid by the two stations next to it, or nullified with a distress beacon; a
threat nobody can pay loses the game), activate systems (production choices are asked only when
they make a difference), purchase improvements (one per die, or one with both dice added; energy
makes up a shortfall), draw a threat into the area on the player's left (Reinforcements upgrade
or revive that area's most recent threat), end of turn (the Captain passes after a round plus a
turn and the shop is refreshed).
"""

from __future__ import annotations

import hashlib
from collections.abc import Callable, Iterable, Mapping, Sequence
from dataclasses import dataclass
from functools import cache
from itertools import combinations_with_replacement, product
from typing import TypedDict, cast

from frostdesk.engine import rng
from frostdesk.engine.game import JSON, Event, IllegalAction, Outcome, option_int
from frostdesk.engine.motion import Motion
from frostdesk.games.frontier_stations.content import (
    ENERGY,
    NAMES,
    Content,
    System,
    Threat,
    Unit,
    numbers_text,
    units_text,
)
from frostdesk.games.frontier_stations.motions import Motions
from frostdesk.games.frontier_stations.state import (
    NEXUS,
    UNKNOWN,
    Action,
    Beacon,
    Buy,
    Cancel,
    Done,
    First,
    Hold,
    Pay,
    Produce,
    Roll,
    State,
)

P = "{p%d}"  # station placeholder in event texts; the log panel swaps in names
NEXUS_KINDS = ("standard", "heavy", "light")


@dataclass(slots=True)
class Landing:
    """Where a production's tokens end (see FrontierStations._landing)."""

    card: list[int]  # the producing card's tokens after
    spilled: list[tuple[int, int]]  # (slot, kind): new tokens moved to an overflow card
    lost: list[int]  # new tokens discarded (no room anywhere)
    old: list[int]  # older tokens discarded off the producing card to make room
    short: list[int]  # kinds not made: the stock had none left


class _Paid(TypedDict):
    """How a purchase was paid, as its event data says."""

    dice: str
    die_value: int
    parts: list[list[int]]
    spent: dict[str, list[int]]  # station -> tokens spent per resource
    taken: list[list[int]]  # [station, slot, kind, count]: the cards the tokens left



def _count(n: int, noun: str) -> str:
    """'1 station', '4 stations', 'no distress beacons'."""
    return f"{n or 'no'} {noun}{'' if n == 1 else 's'}"

def _ev(kind: str, text: str, chance: bool = False, **data: JSON) -> Event:
    return Event(kind, data, text, chance=chance)


def _tokens_taken(taken: tuple[tuple[int, ...], ...]) -> int:
    return sum(map(sum, taken))


def res_list(counts: Sequence[int]) -> str:
    parts = [f"{n} {NAMES[r]}" for r, n in enumerate(counts) if n]
    return ", ".join(parts) if parts else "nothing"


class FrontierStations:
    id = "frontier-stations"
    title = "Frontier Stations"

    def __init__(self, content: Content) -> None:
        self.content = content
        self.min_players = content.min_players
        self.max_players = content.max_players
        self.systems = content.systems
        self.threats = content.threats
        self._rates: dict[tuple[int, ...], dict[tuple[int, int], tuple[int, str]]] = {}
        self._motions = Motions(content).of

    # ----------------------------------------------------------------- setup

    def setup(self, options: Mapping[str, JSON], seed: int) -> State:
        """A new game. options: players (1-6), nexus (standard/heavy/light, or a comma list
        with one per station), price (added to every cost), beacons, first (first station),
        humans (stations run by people: they answer for a threat next to them, see `decider`)."""
        n = option_int(options.get("players", 4))
        if not self.min_players <= n <= self.max_players:
            raise ValueError(f"Frontier Stations takes {self.min_players} to "
                             f"{self.max_players} stations, not {n}")
        kinds = str(options.get("nexus", "standard")).split(",")
        if len(kinds) == 1:
            kinds = kinds * n
        if len(kinds) != n or any(k not in NEXUS_KINDS for k in kinds):
            raise ValueError("nexus takes standard, heavy or light (one, or one per station)")
        if not self._nexus_dealable(kinds):
            raise ValueError("the nine Nexus cards cannot show that mix of faces")
        price = int(str(options.get("price", 0)).replace("+", "") or 0)
        if not -3 <= price <= 3:
            raise ValueError("price adjustment must be between -3 and +3")
        beacons = option_int(options.get("beacons", self.content.beacons))
        if not 0 <= beacons <= 9:
            raise ValueError("beacons must be between 0 and 9")
        humans = options.get("humans", ())
        if isinstance(humans, str):
            humans = [h for h in humans.split(",") if h.strip()]
        try:
            if not isinstance(humans, Iterable):
                raise TypeError  # as iterating it would
            s_humans = tuple(sorted({option_int(h) for h in humans}))
        except (TypeError, ValueError):
            raise ValueError("humans takes station numbers") from None
        if any(not 0 <= h < n for h in s_humans):
            raise ValueError(f"humans takes station numbers from 0 to {n - 1}")
        people = self._people(options.get("people"), n, s_humans)
        s = State()
        s.n = n
        s.humans = s_humans
        s.people = people
        s.nexus = tuple(kinds)
        s.price = price
        s.beacons = beacons
        r = rng.seed_state(seed)
        s.installed = [[[NEXUS, 1]] for _ in range(n)]
        s.res = [[0, 1, 1, 1, 1] for _ in range(n)]  # one each but energy, on the Nexus
        s.held = [[[0, 1, 1, 1, 1]] for _ in range(n)]
        s.areas = [[] for _ in range(n)]
        s.recent = [-1] * n
        sdeck, r = rng.shuffled(r, range(len(self.systems)))
        s.shop, s.sdeck = sdeck[:n + 1], sdeck[n + 1:]
        c = self.content
        early, r = rng.shuffled(r, c.early())
        late, r = rng.shuffled(r, c.late())
        s.early_out, s.early = early[:c.remove], early[c.remove:]
        s.late_out, s.late = late[:c.remove], late[c.remove:]
        first = options.get("first")
        if first is None:
            first, r = rng.below(r, n)
        s.current = s.captain = option_int(first) % n
        s.rng = r
        s.phase = "roll"
        return s

    @staticmethod
    def _people(given: JSON, n: int, humans: tuple[int, ...]) -> tuple[int, ...]:
        """Who runs each station: a number per person (stations one person runs share it),
        -1 for a bot. Without the option every person's station is its own player."""
        if given is None:
            return tuple(st if st in humans else -1 for st in range(n))
        try:
            if not isinstance(given, list | tuple) or len(given) != n:
                raise TypeError
            got = tuple(option_int(x) for x in given)
        except (TypeError, ValueError):
            raise ValueError("people takes one number per station (-1 for a bot)") from None
        if any((st in humans) != (got[st] >= 0) for st in range(n)):
            raise ValueError("people must name a person for exactly the stations in humans")
        return got

    def _nexus_dealable(self, kinds: Sequence[str]) -> bool:
        """Whether the double-sided Nexus cards can show these faces at once (a matching)."""
        cards = [set(c[1:]) for c in self.content.nexus_cards]
        match: dict[int, int] = {}

        def place(i: int, seen: set[int]) -> bool:
            for ci, faces in enumerate(cards):
                if kinds[i] in faces and ci not in seen:
                    seen.add(ci)
                    if ci not in match or place(match[ci], seen):
                        match[ci] = i
                        return True
            return False

        return all(place(i, set()) for i in range(len(kinds)))

    def opening_events(self, s: State) -> tuple[State, list[Event]]:
        events = [_ev("setup", f"{_count(s.n, 'station')}; {P % s.captain} is Captain and "
                      f"starts; {_count(s.beacons, 'distress beacon')}.",
                      stations=s.n, nexus=list(s.nexus),
                      price=s.price, beacons=s.beacons, captain=s.captain,
                      shop=[self.systems[c].id for c in s.shop],
                      resources=[list(r) for r in s.res],
                      held=[[list(c) for c in st] for st in s.held])]
        # what nobody at the table sees: for the omniscient log (a referee), hidden in the app
        hidden = (f"The decks are shuffled; {len(s.early_out)} early and {len(s.late_out)} "
                  f"late threats are set aside unseen.")
        counts = {"systems": len(s.sdeck), "early": len(s.early), "late": len(s.late),
                  "early_out": len(s.early_out), "late_out": len(s.late_out)}
        events.append(Event("decks_prepared", {
            "systems": [self.systems[c].id for c in s.sdeck],
            "early": [self.threats[t].id for t in s.early],
            "late": [self.threats[t].id for t in s.late],
            "early_out": [self.threats[t].id for t in s.early_out],
            "late_out": [self.threats[t].id for t in s.late_out]}, hidden, visible_to=(),
            redacted=Event("decks_prepared", {"counts": counts}, hidden)))
        return s, events

    def new_game(self, options: Mapping[str, JSON], seed: int) -> tuple[State, list[Event]]:
        return self.opening_events(self.setup(options, seed))

    # ----------------------------------------------------------------- card lookups

    def card(self, s: State, station: int, card: int) -> System:
        if card == NEXUS:
            return self.content.nexus_faces[s.nexus[station]]
        return self.systems[card]

    def card_name(self, s: State, station: int, card: int) -> str:
        return self.card(s, station, card).name

    def cost(self, s: State, base: int) -> int:
        return max(0, base + s.price)

    def capacity(self, s: State, station: int) -> tuple[list[int], int]:
        """What the station's cards can hold together (per kind, and of any kind): a
        summary for the bots; each token still lives on one card (`card_room`)."""
        caps = [0] * 5
        any_ = 0
        for slot in range(len(s.installed[station])):
            own, free = self.card_room(s, station, slot)
            for r in range(5):
                caps[r] += own[r]
            any_ += free
        return caps, any_

    def card_room(self, s: State, station: int, slot: int) -> tuple[list[int], int]:
        """What the card in `slot` can store: per kind, and of any kind (upgrades multiply)."""
        card, mult = s.installed[station][slot]
        sysc = self.card(s, station, card)
        return [sysc.storage[r] * mult for r in range(5)], sysc.storage_any * mult

    @staticmethod
    def fits(counts: Sequence[int], caps: Sequence[int], any_: int) -> bool:
        over = 0
        for r in range(5):
            if counts[r] > caps[r]:
                over += counts[r] - caps[r]
        return over <= any_

    def card_fits(self, s: State, station: int, slot: int, extra: int = -1) -> bool:
        """Whether the card holds what it may (with one more token of kind `extra`)."""
        counts = list(s.held[station][slot])
        if extra >= 0:
            counts[extra] += 1
        return self.fits(counts, *self.card_room(s, station, slot))

    def placement(self, s: State, station: int) -> list[list[int]]:
        """Which card holds which tokens: per installed slot, five counts."""
        return [list(c) for c in s.held[station]]

    def _put(self, s: State, station: int, slot: int, kind: int, k: int = 1) -> None:
        s.held[station][slot][kind] += k
        s.res[station][kind] += k

    def makes(self, s: State, station: int, slot: int, kind: int) -> float:
        """How often the card in `slot` makes a token of `kind`, per roll from now on."""
        card, mult = s.installed[station][slot]
        dice = 1 if s.early else 2
        return sum(_prob(act.on, dice) * mult for act in self.card(s, station, card).activations
                   if any(kind in u for u in act.produce))

    def _take_tokens(self, s: State, station: int, counts: Sequence[int]
                     ) -> list[tuple[int, int, int]]:
        """Take `counts` from the station's cards; returns (slot, kind, count) taken.

        Ruling (docs/rules/frontier-stations.md, Which card gives up a token): each token
        leaves a card with no room left for its kind first (so that card's next production
        is not lost), then the card that makes that kind most often, then the latest one."""
        taken: dict[tuple[int, int], int] = {}
        for kind in range(5):
            for _ in range(counts[kind]):
                slots = [j for j, c in enumerate(s.held[station]) if c[kind] > 0]
                if not slots:
                    raise ValueError("no such token to take")  # the payment was checked
                slot = max(slots, key=lambda j: (not self.card_fits(s, station, j, kind),
                                                 self.makes(s, station, j, kind), j))
                self._put(s, station, slot, kind, -1)
                taken[(slot, kind)] = taken.get((slot, kind), 0) + 1
        return [(slot, kind, k) for (slot, kind), k in sorted(taken.items())]

    def rates(self, s: State, station: int) -> dict[tuple[int, int], tuple[int, str]]:
        """(spent, as) -> (tokens spent per token made, converter name), cheapest first."""
        key = tuple(card for card, _ in s.installed[station]
                    if card != NEXUS and self.systems[card].convert is not None)
        found = self._rates.get(key)
        if found is None:
            found = self._rates[key] = self._rates_for(s, station)
        return found

    def _rates_for(self, s: State, station: int) -> dict[tuple[int, int], tuple[int, str]]:
        out: dict[tuple[int, int], tuple[int, str]] = {}
        for card, _ in s.installed[station]:
            conv = self.card(s, station, card).convert
            if conv is None:
                continue
            name = self.card_name(s, station, card)
            spends = range(5) if conv.spend is None else (conv.spend,)
            for spent in spends:
                for want in range(5):
                    if want != spent and conv.makes(spent, want):
                        old = out.get((spent, want))
                        if old is None or conv.count < old[0]:
                            out[(spent, want)] = (conv.count, name)
        return out

    def stock(self, s: State) -> list[int]:
        """Tokens of each kind left in the stock: the box's supply less those on the table."""
        out = list(self.content.supply)
        for counts in s.res:
            for r in range(5):
                out[r] -= counts[r]
        return out

    def markers_free(self, s: State) -> tuple[int, int]:
        low = high = 0
        for st in s.installed:
            for _, mult in st:
                low += mult in (2, 3)
                high += mult in (4, 5)
        for area in s.areas:
            for _, mult, up in area:
                if up:
                    low += mult in (2, 3)
                    high += mult in (4, 5)
        return self.content.markers_low - low, self.content.markers_high - high

    def can_raise(self, s: State, mult: int) -> bool:
        if mult >= self.content.max_upgrade:
            return False
        low, high = self.markers_free(s)
        if mult == 1:
            return low > 0
        if mult == 3:
            return high > 0
        return True

    def decks_empty(self, s: State) -> bool:
        return not s.early and not s.late

    # ----------------------------------------------------------------- payments

    def payments(self, s: State, units: Sequence[Unit], payers: Sequence[int],
                 first_only: bool = False) -> list[Pay]:
        """Every distinct way `payers` can cover `units` (distinct by what leaves which
        station). Each station converts only its own tokens, one converter per token."""
        have = {p: s.res[p] for p in payers}
        rates = {p: self.rates(s, p) for p in payers}
        return [pay for pay, _ in self._ways(have, rates, units, payers, first_only)]

    @staticmethod
    def _choice_count(have: Sequence[Sequence[int]],
                      rates: Mapping[int, Mapping[tuple[int, int], tuple[int, str]]],
                      units: Sequence[Unit], payers: Sequence[int]) -> int:
        """About how many ways there are to pay `units`: the product over the units of the
        payers' tokens and conversions that could each pay it (cheap to count; `_ways`
        finds the real ones)."""
        count = 1
        for u in units:
            here = 0
            for p in payers:
                got = have[p]
                for want in u:
                    here += got[want] > 0
                    here += sum(1 for (spent, w2), (k, _) in rates[p].items()
                                if w2 == want and got[spent] >= k)
            count *= here
        return count

    @staticmethod
    def _ways(have: Mapping[int, Sequence[int]],
              rates: Mapping[int, Mapping[tuple[int, int], tuple[int, str]]],
              units: Sequence[Unit], payers: Sequence[int], first_only: bool = False,
              takings: list[tuple[tuple[int, ...], ...]] | None = None
              ) -> list[tuple[Pay, dict[int, tuple[int, ...]]]]:
        """The payments of `units` by `payers` holding `have`, each with what it takes from
        each payer (station -> five counts). With `takings`, only what each distinct payment
        takes (per payer, in `payers` order) is appended there (the search needs no more)."""
        if not units:
            if takings is not None:
                takings.append(tuple((0,) * 5 for _ in payers))
            return [(Pay(()), {})]
        opts: list[list[tuple[int, int, int, int]]] = []
        order = sorted(range(len(units)), key=lambda i: (len(units[i]), sorted(units[i])))
        units = [units[i] for i in order]
        for u in units:
            o: list[tuple[int, int, int, int]] = []
            for p in payers:
                got = have[p]
                for want in sorted(u):
                    if got[want] > 0:
                        o.append((p, want, want, 1))
                    for (spent, w2), (count, _) in rates[p].items():
                        if w2 == want and got[spent] >= count:
                            o.append((p, spent, want, count))
            if not o:
                return []
            opts.append(o)
        used = {p: [0] * 5 for p in payers}
        seen: set[tuple[tuple[int, ...], ...]] = set()
        out: list[tuple[Pay, dict[int, tuple[int, ...]]]] = []
        chosen: list[tuple[int, int, int, int]] = []

        def dfs(i: int, start: int) -> bool:
            if i == len(units):
                key = tuple(tuple(used[p]) for p in payers)
                if key in seen:
                    return False
                seen.add(key)
                if takings is not None:
                    takings.append(key)
                    return False
                agg: dict[tuple[int, int, int], int] = {}
                for p, spent, want, _ in chosen:
                    agg[(p, spent, want)] = agg.get((p, spent, want), 0) + 1
                pay = Pay(tuple(sorted((p, a, b, k) for (p, a, b), k in agg.items())))
                out.append((pay, {p: tuple(used[p]) for p in payers if any(used[p])}))
                return first_only
            same = i > 0 and units[i] == units[i - 1]
            for j in range(start if same else 0, len(opts[i])):
                p, spent, want, count = opts[i][j]
                if used[p][spent] + count > have[p][spent]:
                    continue
                used[p][spent] += count
                chosen.append(opts[i][j])
                stop = dfs(i + 1, j)
                chosen.pop()
                used[p][spent] -= count
                if stop:
                    return True
            return False

        dfs(0, 0)
        return out

    def beacons_needed(self, s: State, pending: Sequence[tuple[int, ...]] | None = None,
                       res: Sequence[Sequence[int]] | None = None, cap: int | None = None
                       ) -> int:
        """The fewest distress beacons with which every activation in `pending` (this roll's
        activations still due, by default) can be paid out of `res` (the stations' tokens),
        over every order, every division between the stations and every choice of which
        activations the beacons stop. An exhaustive search; `cap` stops it early once the
        answer is known to exceed it (the result is then cap + 1)."""
        acts = list(s.queue if pending is None else pending)
        return self._need_search(s, acts, cap)(s.res if res is None else res)

    def _need_search(self, s: State, pending: Sequence[tuple[int, ...]], cap: int | None,
                     ways: dict[object, list[tuple[tuple[int, ...], ...]]] | None = None
                     ) -> Callable[[Sequence[Sequence[int]]], int]:
        """`beacons_needed` for `pending` as a function of the stations' tokens; calls share
        what they found (so trying many payments of one activation costs one search).
        Searches of one state may share `ways`, the payments found per holding."""
        acts = sorted(pending)
        limit = len(acts) if cap is None else min(cap, len(acts))
        demand = []
        stations: set[int] = set()
        for area, pos in acts:
            t = self.threats[s.areas[area][pos][0]]
            payers = s.area_stations(area)
            stations.update(payers)
            demand.append((self.demand_units(s, area, t), payers))
        order = sorted(stations)
        rates = {st: self.rates(s, st) for st in order}

        if ways is None:
            ways = {}

        def ways_of(units: Sequence[Unit], payers: tuple[int, ...],
                    mine: tuple[Sequence[int], ...]) -> list[tuple[tuple[int, ...], ...]]:
            key = (units, payers, mine)  # copies of a threat share their ways
            got = ways.get(key)
            if got is None:
                got = []
                self._ways(dict(zip(payers, mine, strict=True)), rates, units, payers,
                           takings=got)
                got.sort(key=_tokens_taken)  # the thriftiest first: the likeliest to leave enough
                ways[key] = got
            return got

        # The activations with the fewest ways to pay them first: a dead end shows sooner.
        first = sorted(range(len(acts)), key=lambda i: (self._choice_count(
            s.res, rates, *demand[i]), acts[i]))
        acts = [acts[i] for i in first]
        demand = [demand[i] for i in first]
        where = [tuple(order.index(st) for st in payers) for _, payers in demand]
        # The stations acts[i:] still draw on: what the others hold cannot change the answer,
        # so states that differ only there share one memo entry.
        live = [tuple(sorted({k for w in where[i:] for k in w})) for i in range(len(acts))]
        memo: dict[tuple[int, tuple[tuple[int, ...], ...]], int] = {}

        def takings(i: int, have: tuple[tuple[int, ...], ...]
                    ) -> list[tuple[tuple[int, ...], ...]]:
            units, payers = demand[i]
            return ways_of(units, payers, tuple(have[k] for k in where[i]))

        def need(i: int, have: tuple[tuple[int, ...], ...]) -> int:
            """Fewest beacons for acts[i:] holding `have` (in `order`), at most limit + 1."""
            if i == len(acts):
                return 0
            key = (i, tuple(have[k] for k in live[i]))
            got = memo.get(key)
            if got is not None:
                return got
            best = limit + 1
            for taken in takings(i, have):
                after = list(have)
                for k, counts in zip(where[i], taken, strict=True):
                    after[k] = tuple(c - d for c, d in zip(after[k], counts, strict=True))
                best = min(best, need(i + 1, tuple(after)))
                if best == 0:
                    break
            if best > 1 and limit > 0:  # a beacon on this one
                best = min(best, 1 + need(i + 1, have))
            best = min(best, limit + 1)
            memo[key] = best
            return best

        def search(res: Sequence[Sequence[int]]) -> int:
            if not acts:
                return 0
            return need(0, tuple(tuple(res[st]) for st in order))

        return search

    def pay_cost(self, s: State, pay: Pay) -> dict[int, list[int]]:
        """What each station gives up for `pay`: station -> five counts."""
        out: dict[int, list[int]] = {}
        for p, spent, want, k in pay.parts:
            rate = 1 if spent == want else self.rates(s, p)[(spent, want)][0]
            out.setdefault(p, [0] * 5)[spent] += k * rate
        return out

    def tokens_after(self, s: State, pay: Pay) -> list[list[int]]:
        """Every station's tokens (five counts each) once `pay` is made."""
        res = [list(r) for r in s.res]
        for st, counts in self.pay_cost(s, pay).items():
            for r in range(5):
                res[st][r] -= counts[r]
        return res

    def pay_text(self, s: State, pay: Pay) -> str:
        bits = []
        for p, spent, want, k in pay.parts:
            if spent == want:
                bits.append(f"{P % p}: {k} {NAMES[want]}")
            else:
                rate, via = self.rates(s, p)[(spent, want)]
                bits.append(f"{P % p}: {k * rate} {NAMES[spent]} as {k} {NAMES[want]} ({via})")
        return "; ".join(bits) if bits else "nothing"

    # ----------------------------------------------------------------- queries

    def to_move(self, s: State) -> int | None:
        if s.phase == "over":
            return None
        if s.phase == "threats":
            return s.captain if s.window else self.decider(s, s.queue[0][0])
        if s.phase == "systems":
            return s.captain if s.window else s.queue[0][0]
        return s.current

    def decider(self, s: State, area: int) -> int:
        """Who decides how the stations next to `area` pay a threat (see `decision`)."""
        return self.decision(s, area)[0]

    def decision(self, s: State, area: int) -> tuple[int, str]:
        """(who decides a payment for a threat in `area`, why), in the rules' words.

        The stations next to the area divide the cost. One player (one station, or one
        person running every station next to it, or a person beside a bot crew, which goes
        along with people) decides alone. Otherwise the players there could disagree, and the
        Captain's deciding vote settles it: the Captain decides (when two bot crews share it
        while a person is Captain, the bots settle it between themselves instead of asking
        the person)."""
        stations = s.area_stations(area)
        if len(stations) == 1:
            return stations[0], ""
        people = [st for st in stations if st in s.humans]
        persons = {s.people[st] for st in people}
        if len(persons) == 1:
            if len(people) == len(stations):
                return people[0], (f"{P % people[0]} runs both stations next to it and "
                                   f"decides.")
            bot = next(st for st in stations if st not in s.humans)
            return people[0], (f"{P % people[0]} decides; {P % bot}'s bot crew goes along "
                               f"with a person.")
        if not persons and s.captain in s.humans:
            return stations[0], "The bot crews next to it settle it between themselves."
        pair = " and ".join(P % st for st in stations)
        if s.captain in stations:
            return s.captain, (f"{pair} share it; {P % s.captain} is the Captain and has the "
                               f"deciding vote.")
        return s.captain, (f"{pair} share it; {P % s.captain} decides as Captain (the "
                           f"deciding vote).")

    def threat_options(self, s: State, area: int | None = None, pos: int | None = None
                       ) -> list[Pay]:
        """The payments for one activation still due (by default the first in the queue)."""
        if area is None or pos is None:
            area, pos = s.queue[0]
        threat = self.threats[s.areas[area][pos][0]]
        return [Pay(p.parts, area, pos) for p in self.payments(
            s, self.demand_units(s, area, threat), s.area_stations(area))]

    def beacon_options(self, s: State) -> list[Beacon]:
        """One beacon per distinct activation still due (copies of one threat are alike)."""
        return [Beacon(area, pos) for area, pos in dict.fromkeys(s.queue)]

    def _threat_choices(self, s: State) -> list[Action]:
        """What the one to move may do in the threats step (see `_threat_step`): the
        Captain's window, or the payments of every activation still due that the one to
        move decides, in the order they like (and the beacons, for the Captain)."""
        if s.window:
            need = self.beacons_needed(s, cap=s.beacons)
            out: list[Action] = list(self.beacon_options(s))
            if need == 0:
                out.append(Hold())
            return out
        payer = self.decider(s, s.queue[0][0])
        out = []
        for area, pos in dict.fromkeys(s.queue):
            if self.decider(s, area) == payer:
                out.extend(self.threat_options(s, area, pos))
        if s.beacons > 0 and payer == s.captain:
            out.extend(self.beacon_options(s))
        return out

    def need_after(self, s: State, pay: Pay, cap: int | None = None) -> int:
        """The beacons this roll's other activations need once `pay` is made (at most `cap`,
        by default the beacons left, + 1)."""
        return self.needs_after(s, [pay], cap)[pay]

    def needs_after(self, s: State, pays: Sequence[Pay], cap: int | None = None
                    ) -> dict[Pay, int]:
        """`need_after` for several payments, one search per activation they pay."""
        searches: dict[tuple[int, int], Callable[[Sequence[Sequence[int]]], int]] = {}
        ways: dict[object, list[tuple[tuple[int, ...], ...]]] = {}
        out: dict[Pay, int] = {}
        for pay in pays:
            act = (pay.area, pay.pos)
            search = searches.get(act)
            if search is None:
                rest = list(s.queue)
                rest.remove(act)
                search = searches[act] = self._need_search(
                    s, rest, s.beacons if cap is None else cap, ways)
            res = self.tokens_after(s, pay)
            out[pay] = search(res)
        return out

    def payment_warning(self, s: State, pay: Pay) -> str:
        """Why this payment of a threat is a mistake, in game words ('' when it is not): it
        leaves another activation of the roll that cannot be paid, so a beacon (or the game)
        would be lost where another payment keeps everything."""
        return self.payment_warnings(s, [pay])[pay][0]

    def payment_warnings(self, s: State, pays: Sequence[Pay]) -> dict[Pay, tuple[str, bool]]:
        """`payment_warning` for several payments (one search per activation), each with
        whether the game would be lost after it."""
        out: dict[Pay, tuple[str, bool]] = {p: ("", False) for p in pays}
        mine = [p for p in pays if p.area >= 0]
        if not mine or len(s.queue) < 2:
            return out
        need = self.beacons_needed(s, cap=s.beacons)
        after = self.needs_after(s, mine)
        for pay in mine:
            if after[pay] <= need:
                continue
            rest = list(s.queue)
            rest.remove((pay.area, pay.pos))
            res = self.tokens_after(s, pay)
            stuck = [self.threats[s.areas[a][p][0]].name for a, p in dict.fromkeys(rest)
                     if self.beacons_needed(s, [(a, p)], res, cap=0) > 0]
            what = (" and ".join(dict.fromkeys(stuck)) + " could not be paid") if stuck else \
                "the rest of this roll could not all be paid"
            if after[pay] > s.beacons:
                out[pay] = (f"After this, {what}: the game would be lost.", True)
            else:
                out[pay] = (f"After this, {what} without a distress beacon.", False)
        return out

    def demand_units(self, s: State, area: int, threat: Threat) -> tuple[Unit, ...]:
        """What one activation of `threat` in `area` takes: its consume list, once per station
        next to the area for a per-station threat."""
        if threat.per_station:
            return threat.consume * len(s.area_stations(area))
        return threat.consume

    def production_options(self, s: State) -> list[Produce]:
        station, slot, act = s.queue[0]
        card, mult = s.installed[station][slot]
        units = list(self.card(s, station, card).activations[act].produce) * mult
        return self._outcomes(s, station, slot, units)

    def order_options(self, s: State) -> list[First]:
        """The roll's system activations still due, one choice each (the Captain's)."""
        return [First(st, slot, act) for st, slot, act in dict.fromkeys(s.queue)]

    def order_matters(self, s: State) -> bool:
        """Whether the stock may run short of a kind that two of the roll's activations still
        due could make (only then does their order change anything)."""
        stock = self.stock(s)
        want = [0] * 5
        makers: list[set[tuple[int, ...]]] = [set() for _ in range(5)]
        for entry in s.queue:
            st, slot, act = entry
            card, mult = s.installed[st][slot]
            for u in self.card(s, st, card).activations[act].produce:
                for r in u:
                    want[r] += mult
                    makers[r].add(entry)
        return any(0 < stock[r] < want[r] and len(makers[r]) > 1 for r in range(5))

    def _outcomes(self, s: State, station: int, slot: int, units: Sequence[Unit]
                  ) -> list[Produce]:
        """Every distinct way a production of `units` by the card in `slot` can end: what
        each unit makes and, when the card cannot hold it all, which tokens leave it (the
        fewest that make the rest fit, of any kind, new or old: a new one goes to an
        overflow card with room, the rest are discarded). Distinct by the cards' tokens
        after."""
        groups: dict[Unit, int] = {}
        for u in units:
            groups[u] = groups.get(u, 0) + 1
        per_group = [list(combinations_with_replacement(sorted(u), k)) for u, k in groups.items()]
        caps, any_ = self.card_room(s, station, slot)
        stock = self.stock(s)
        # with no overflow card that has room, where the tokens end is the producing card's
        # counts alone: found without working out every landing (a big upgraded "any"
        # producer has hundreds of ways)
        spills = any(self.card(s, station, c).spill and j != slot
                     and sum(s.held[station][j]) < sum(self.card_room(s, station, j)[0])
                     + self.card_room(s, station, j)[1]
                     for j, (c, _) in enumerate(s.installed[station]))
        if not spills:
            return self._card_outcomes(s, station, slot, units, caps, any_, stock)
        seen: set[tuple[object, ...]] = set()
        out: list[Produce] = []
        landed: dict[tuple[int, ...], tuple[tuple[int, int], ...]] = {}  # by new tokens dropped
        for combo in product(*per_group):
            picks = tuple(sorted(r for part in combo for r in part))
            arrived, _ = self._arrive(s.held[station][slot], picks, stock)
            for drop in self.discard_choices(arrived, caps, any_):
                card, _, fresh, _ = self._dropping(s, station, slot, picks, drop, stock)
                spilled = landed.get(fresh)
                if spilled is None:
                    spilled = landed[fresh] = tuple(self._overflow(s, station, slot, fresh)[0])
                key = (tuple(card), spilled)
                if key in seen:
                    continue
                seen.add(key)
                out.append(Produce(station, slot, picks, drop))
        return out

    def _card_outcomes(self, s: State, station: int, slot: int, units: Sequence[Unit],
                       caps: Sequence[int], any_: int, stock: Sequence[int]) -> list[Produce]:
        """`_outcomes` when everything stays on the producing card: one token at a time.

        What a card can hold is a matroid (each kind's own room, then the shared "any"
        room), so the ways to end after a token are exactly: each way to end before it, with
        the token kept, or with the fewest tokens (here one) discarded to make room. Keeping
        only distinct ends after each token makes this as cheap as there are ends."""
        before = tuple(s.held[station][slot])
        ends: dict[tuple[int, ...], tuple[int, ...]] = {before: ()}  # end -> its picks
        for u in sorted(units, key=lambda u: (len(u), sorted(u))):
            grown: dict[tuple[int, ...], tuple[int, ...]] = {}
            for end, picks in ends.items():
                for r in sorted(u):
                    more = tuple(sorted(picks + (r,)))
                    held = list(end)
                    if more.count(r) <= stock[r]:  # else the stock has none left
                        held[r] += 1
                    for drop in self.discard_choices(held, caps, any_):
                        after = list(held)
                        for k in drop:
                            after[k] -= 1
                        grown.setdefault(tuple(after), more)
            ends = grown
        out = []
        for end, picks in ends.items():
            arrived, _ = self._arrive(before, picks, stock)
            drop = tuple(k for k in range(5) for _ in range(arrived[k] - end[k]))
            out.append(Produce(station, slot, picks, drop))
        return sorted(out, key=lambda a: (a.picks, a.drop))

    def _landing(self, s: State, station: int, slot: int, picks: Sequence[int],
                 drop: Sequence[int], stock: Sequence[int]) -> Landing:
        """Where a production's tokens end: the producing card keeps what fits after `drop`
        leaves it; a new token among `drop` goes to the station's first overflow card with
        room for it (the card says so), an older one is discarded."""
        card, short, fresh, old = self._dropping(s, station, slot, picks, drop, stock)
        spilled, lost = self._overflow(s, station, slot, fresh)
        return Landing(card, spilled, lost, old, short)

    def _dropping(self, s: State, station: int, slot: int, picks: Sequence[int],
                  drop: Sequence[int], stock: Sequence[int]
                  ) -> tuple[list[int], list[int], tuple[int, ...], list[int]]:
        """The producing card's tokens once `picks` arrive and `drop` leaves it, the kinds
        not made (no stock), and which dropped tokens were new (in order) and which old."""
        card, short = self._arrive(s.held[station][slot], picks, stock)
        new = [0] * 5
        for r in picks:
            new[r] += 1
        for r in short:
            new[r] -= 1
        fresh: list[int] = []
        old: list[int] = []
        for r in drop:
            card[r] -= 1
            if new[r] > 0:
                new[r] -= 1
                fresh.append(r)
            else:
                old.append(r)
        return card, short, tuple(fresh), old

    def _overflow(self, s: State, station: int, slot: int, fresh: Sequence[int]
                  ) -> tuple[list[tuple[int, int]], list[int]]:
        """Where new tokens dropped off the card in `slot` go, in order: each to the first
        overflow card with room for it, else discarded. (spilled (slot, kind), lost kinds)"""
        spilled: list[tuple[int, int]] = []
        lost: list[int] = []
        if not fresh:
            return spilled, lost
        room = {j: list(c) for j, c in enumerate(s.held[station])
                if j != slot and self.card(s, station, s.installed[station][j][0]).spill}
        for r in fresh:
            for j, held in room.items():
                held[r] += 1
                if self.fits(held, *self.card_room(s, station, j)):
                    spilled.append((j, r))
                    break
                held[r] -= 1
            else:
                lost.append(r)
        return spilled, lost

    def outcome_counts(self, s: State, action: Produce, stock: Sequence[int] | None = None,
                       overflow: dict[tuple[int, int, tuple[int, ...]], list[int]] | None = None
                       ) -> list[int]:
        """The station's tokens (five counts) once `action` is made. A caller weighing many
        productions of one state may pass the stock's counts and a dict in which the
        overflow of each run of dropped new tokens is kept, since many productions share it."""
        station, slot = action.station, action.slot
        if stock is None:
            stock = self.stock(s)
        card, _, fresh, _ = self._dropping(s, station, slot, action.picks, action.drop, stock)
        out = list(s.res[station])
        before = s.held[station][slot]
        for r in range(5):
            out[r] += card[r] - before[r]
        if not fresh:
            return out
        key = (station, slot, fresh)
        moved = None if overflow is None else overflow.get(key)
        if moved is None:
            moved = [r for _, r in self._overflow(s, station, slot, fresh)[0]]
            if overflow is not None:
                overflow[key] = moved
        for r in moved:
            out[r] += 1
        return out

    @staticmethod
    def _arrive(counts: Sequence[int], picks: Sequence[int], stock: Sequence[int]
                ) -> tuple[list[int], list[int]]:
        """`counts` with `picks` added, each from the stock (none left: it is not made).
        (counts after, the picks not made)."""
        c = list(counts)
        left = list(stock)
        short: list[int] = []
        for r in picks:
            if left[r] <= 0:
                short.append(r)
                continue
            c[r] += 1
            left[r] -= 1
        return c, short

    @staticmethod
    def discard_choices(counts: Sequence[int], caps: Sequence[int], any_: int
                        ) -> list[tuple[int, ...]]:
        """The ways to discard the fewest tokens so that `counts` fits (kinds, sorted): only
        tokens beyond their own kind's room use the "any" room, so only those kinds help."""
        over = [max(0, counts[r] - caps[r]) for r in range(5)]
        excess = sum(over) - any_
        if excess <= 0:
            return [()]
        out: list[tuple[int, ...]] = []

        def pick(r: int, left: int, chosen: list[int]) -> None:
            """Every multiset of `left` kinds from r on, at most over[k] of kind k."""
            if left == 0:
                out.append(tuple(chosen))
                return
            if r == 5 or sum(over[r:]) < left:
                return
            for k in range(min(over[r], left), -1, -1):
                pick(r + 1, left - k, chosen + [r] * k)

        pick(0, excess, [])
        return sorted(out)

    def buy_options(self, s: State) -> list[Buy]:
        me = s.current
        spare = self.spare_energy(s, me)
        dice_sets: list[str] = []
        free = s.dice_free
        if len(s.dice) == 1:
            if "a" in free:
                dice_sets = ["a"]
        elif free == "ab":
            dice_sets = ["a", "ab"] if s.dice[0] == s.dice[1] else ["a", "b", "ab"]
        elif free:
            dice_sets = [free]
        out: list[Buy] = []
        for dice in dice_sets:
            value = s.dice_value(dice)
            for card in s.shop:
                if self.cost(s, self.systems[card].cost) - value <= spare:
                    out.append(Buy("install", card, dice))
            for slot, (card, mult) in enumerate(s.installed[me]):
                if card == NEXUS or not self.can_raise(s, mult):
                    continue
                if self.cost(s, self.systems[card].cost) - value <= spare:
                    out.append(Buy("upgrade", slot, dice))
            for area in s.adjacent_areas(me):
                for pos, (t, mult, up) in enumerate(s.areas[area]):
                    if not up:
                        continue
                    if mult == 4 and self.markers_free(s)[0] <= 0:
                        continue  # x4 -> x3 needs an x2/x3 marker from the supply
                    threat = self.threats[t]
                    units = self._destroy_units(s, threat, value)
                    if self.payments(s, units, s.area_stations(area), first_only=True):
                        out.append(Buy("destroy", area, dice, pos))
        return out

    def spare_energy(self, s: State, station: int) -> int:
        """The most energy `station` can spend on its own (a Recycler turns any token into
        energy)."""
        if any(spent != ENERGY for spent, want in self.rates(s, station) if want == ENERGY):
            return sum(s.res[station])
        return s.res[station][ENERGY]

    def _destroy_units(self, s: State, threat: Threat, value: int) -> list[Unit]:
        short = max(0, self.cost(s, threat.credits) - value)
        return list(threat.destroy) + [frozenset((ENERGY,))] * short

    def purchase_units(self, s: State) -> tuple[list[Unit], tuple[int, ...]]:
        assert s.purchase is not None  # the pay phase always has a purchase
        kind, target, pos, dice = s.purchase
        value = s.dice_value(dice)
        if kind == "destroy":
            threat = self.threats[s.areas[target][pos][0]]
            return self._destroy_units(s, threat, value), s.area_stations(target)
        card = target if kind == "install" else s.installed[s.current][target][0]
        short = max(0, self.cost(s, self.systems[card].cost) - value)
        return [frozenset((ENERGY,))] * short, (s.current,)

    def legal(self, s: State) -> Sequence[Action]:
        if s._legal is not None:
            return s._legal
        ph = s.phase
        out: list[Action]
        if ph == "roll":
            out = [Roll()]
        elif ph == "threats":
            out = self._threat_choices(s)
        elif ph == "systems":
            out = list(self.order_options(s)) if s.window else list(self.production_options(s))
        elif ph == "purchase":
            out = list(self.buy_options(s))
            out.append(Done())
        elif ph == "pay":
            units, payers = self.purchase_units(s)
            out = list(self.payments(s, units, payers))
            out.append(Cancel())
        else:
            out = []
        s._legal = out
        return out

    def outcome(self, s: State) -> Outcome | None:
        if s.phase != "over":
            return None
        won = s.result == "won"
        return Outcome(places=(1 if won else 2,) * s.n, scores=(1 if won else 0,) * s.n,
                       cooperative_win=won, details={"reason": s.reason, "turns": s.turn})

    # ----------------------------------------------------------------- apply

    def apply(self, state: State, action: Action) -> tuple[State, list[Event]]:
        if state.phase == "over":
            raise IllegalAction("The game is over.")
        legal = self.legal(state)
        if action not in legal:
            raise IllegalAction(self.why_illegal(state, action))
        s = state.copy()
        events: list[Event] = []
        if isinstance(action, Roll):
            self._roll(s, events)
        elif isinstance(action, Beacon):
            self._beacon(s, action, events)
        elif isinstance(action, Hold):
            s.waived = True
            events.append(_ev("beacons_held", f"{P % s.captain}, the Captain, keeps the "
                              f"distress beacons: the stations pay.", captain=s.captain))
        elif isinstance(action, Pay) and s.phase == "threats":
            self._pay_threat(s, action, events)
        elif isinstance(action, Produce):
            s.queue.pop(0)
            s.waived = False
            self._produce(s, action.station, action.slot, action.picks, events,
                          drop=action.drop)
        elif isinstance(action, First):
            entry = (action.station, action.slot, action.act)
            s.queue.remove(entry)
            s.queue.insert(0, entry)
            s.window, s.waived = False, True
            card = s.installed[action.station][action.slot][0]
            events.append(_ev("order_chosen", f"The stock is running short: {P % s.captain}, "
                              f"the Captain, lets {P % action.station}'s "
                              f"{self.card_name(s, action.station, card)} go next.",
                              captain=s.captain, station=action.station, slot=action.slot,
                              card=self.card(s, action.station, card).id))
        elif isinstance(action, Buy):
            s.purchase = (action.kind, action.target, action.pos, action.dice)
            s.phase = "pay"
        elif isinstance(action, Pay):
            self._complete_purchase(s, action, events)
        elif isinstance(action, Cancel):
            s.purchase = None
            s.phase = "purchase"
        elif isinstance(action, Done):
            self._end_purchases(s, events)
        self._advance(s, events)
        return s, events


    # No faster path without the legality check: apply checks against the memoised legal list.
    apply_unchecked = apply
    def _roll(self, s: State, events: list[Event]) -> None:
        k = 1 if s.early else 2
        dice = []
        for _ in range(k):
            v, s.rng = rng.below(s.rng, 6)
            dice.append(v + 1)
        s.dice = tuple(dice)
        s.dice_free = "a" if k == 1 else "ab"
        total = sum(dice)
        shown = str(total) if k == 1 else f"{dice[0]} + {dice[1]} = {total}"
        events.append(_ev("roll", f"{P % s.current} rolls {shown}.", chance=True,
                          station=s.current, dice=list(dice), total=total, turn=s.turn))
        s.queue = []
        s.waived = s.window = False
        n = s.n
        for i in range(n):
            area = (s.current + i) % n
            for pos, (t, mult, up) in enumerate(s.areas[area]):
                if up and total in self.threats[t].on:
                    s.queue.extend([(area, pos)] * mult)
        s.phase = "threats"

    def _beacon(self, s: State, action: Beacon, events: list[Event]) -> None:
        s.queue.remove((action.area, action.pos))
        t = s.areas[action.area][action.pos][0]
        s.beacons -= 1
        s.waived = False  # the roll changed: the Captain may think again
        events.append(_ev("beacon", f"{P % s.captain}, the Captain, uses a distress beacon: "
                          f"it stops one activation of {self.threats[t].name} "
                          f"({s.beacons} left).", area=action.area, pos=action.pos,
                          threat=self.threats[t].id, captain=s.captain,
                          beacons_left=s.beacons))

    def _take(self, s: State, pay: Pay) -> tuple[dict[int, list[int]], list[list[int]]]:
        """Take a payment's tokens off the paying stations' cards: (station -> five counts
        spent, [[station, slot, kind, count], ...] the cards they left)."""
        cost = self.pay_cost(s, pay)
        taken: list[list[int]] = []
        for p, counts in sorted(cost.items()):
            taken += [[p, slot, kind, k] for slot, kind, k in self._take_tokens(s, p, counts)]
        return cost, taken

    def _pay_threat(self, s: State, pay: Pay, events: list[Event]) -> None:
        s.window = False
        area, pos = pay.area, pay.pos
        s.queue.remove((area, pos))
        t = s.areas[area][pos][0]
        text = self.pay_text(s, pay)
        cost, taken = self._take(s, pay)
        events.append(_ev("threat_paid", f"{self.threats[t].name} takes {text}.", area=area,
                          pos=pos, threat=self.threats[t].id,
                          parts=[list(p) for p in pay.parts],
                          spent={str(p): c for p, c in cost.items()}, taken=taken))

    def _produce(self, s: State, station: int, slot: int, picks: Sequence[int],
                 events: list[Event], why: str = "", drop: Sequence[int] | None = None,
                 trigger: dict[str, JSON] | None = None) -> None:
        """Make `picks` on `station`'s card in `slot`, then move `drop` off it (None: the
        fewest that make the tokens fit, the new kinds first)."""
        card = s.installed[station][slot][0]
        stock = self.stock(s)
        if drop is None:
            caps, any_ = self.card_room(s, station, slot)
            arrived, short = self._arrive(s.held[station][slot], picks, stock)
            made = [r for r in picks if r not in short]
            drop = max(self.discard_choices(arrived, caps, any_),
                       key=lambda d: sum(1 for r in d if r in made))
        before = list(s.res[station])
        landing = self._landing(s, station, slot, picks, drop, stock)
        old = s.held[station][slot]
        for r in range(5):
            self._put(s, station, slot, r, landing.card[r] - old[r])
        for j, r in landing.spilled:
            self._put(s, station, j, r)
        if card != NEXUS:
            s.activated[card] = s.activated.get(card, 0) + 1
        name = self.card_name(s, station, card)
        placed = [0] * 5
        for r in picks:
            placed[r] += 1
        for r in landing.short:
            placed[r] -= 1
        text = f"{P % station}'s {name}{why} makes {res_list(placed)}"
        if landing.spilled:
            moved = [0] * 5
            for _, r in landing.spilled:
                moved[r] += 1
            homes = ", ".join(dict.fromkeys(self.card_name(s, station, s.installed[station][j][0])
                                            for j, _ in landing.spilled))
            text += f" ({res_list(moved)} to the {homes}: no room on the card)"
        gone = landing.lost + landing.old
        if gone:
            text += f" (no room: {res_list([gone.count(r) for r in range(5)])} discarded)"
        if landing.short:
            text += (f" (the stock has run out: "
                     f"{res_list([landing.short.count(r) for r in range(5)])} not made)")
        onto = [[j, r] for j, r in landing.spilled]
        for r in range(5):  # the new tokens that stayed on the producing card
            stay = placed[r] - landing.lost.count(r) - sum(1 for _, x in landing.spilled
                                                          if x == r)
            onto += [[slot, r]] * stay
        data: dict[str, JSON] = {
            "station": station, "slot": slot, "card": self.card(s, station, card).id,
            "made": list(picks), "kept": [s.res[station][r] - before[r] for r in range(5)],
            "onto": sorted(onto), "discarded": sorted(gone),
            "left": [[slot, r] for r in sorted(landing.old)], "short": sorted(landing.short),
            "resources": list(s.res[station]), "held": [list(c) for c in s.held[station]]}
        if trigger is not None:
            data["salvage_of"] = trigger  # the destroy that set the Salvage Ship off
        events.append(Event("produced", data, text + "."))

    def _queue_systems(self, s: State) -> None:
        total = sum(s.dice)
        s.queue = []
        for i in range(s.n):
            st = (s.current + i) % s.n
            for slot, (card, _) in enumerate(s.installed[st]):
                for ai, act in enumerate(self.card(s, st, card).activations):
                    if total in act.on:
                        s.queue.append((st, slot, ai))
        s.phase = "systems"
        s.window = s.waived = False

    def _complete_purchase(self, s: State, pay: Pay, events: list[Event]) -> None:
        assert s.purchase is not None  # the pay phase always has a purchase
        kind, target, pos, dice = s.purchase
        me = s.current
        value = s.dice_value(dice)
        text = self.pay_text(s, pay)
        cost, taken = self._take(s, pay)
        s.dice_free = "".join(d for d in s.dice_free if d not in dice)
        s.purchase = None
        s.phase = "purchase"
        paid: _Paid = {"dice": dice, "die_value": value, "parts": [list(p) for p in pay.parts],
                       "spent": {str(p): c for p, c in cost.items()}, "taken": taken}
        if kind == "install":
            s.shop.remove(target)
            s.installed[me].append([target, 1])
            s.held[me].append([0] * 5)
            s.bought.append(target)
            s.bought_turns.append(s.turn)
            c = self.systems[target]
            events.append(_ev("installed", f"{P % me} installs {c.name} (cost "
                              f"{self.cost(s, c.cost)}; {self._paid_text(dice, value, text)}).",
                              station=me, card=c.id, cost=self.cost(s, c.cost), **paid))
        elif kind == "upgrade":
            entry = s.installed[me][target]
            entry[1] += 1
            c = self.systems[entry[0]]
            events.append(_ev("upgraded", f"{P % me} upgrades {c.name} to x{entry[1]} (cost "
                              f"{self.cost(s, c.cost)}; {self._paid_text(dice, value, text)}).",
                              station=me, slot=target, card=c.id, multiplier=entry[1],
                              cost=self.cost(s, c.cost), **paid))
        else:
            entry = s.areas[target][pos]
            t = self.threats[entry[0]]
            if entry[1] > 1:
                entry[1] -= 1
                state_text = f"down to x{entry[1]}" if entry[1] > 1 else "down to one copy"
            else:
                entry[2] = 0
                state_text = "destroyed"
            extra = f" and {units_text(t.destroy)}" if t.destroy else ""
            events.append(_ev("destroyed", f"{P % me} hits {t.name}: {state_text} (cost "
                              f"{self.cost(s, t.credits)} credits{extra}; "
                              f"{self._paid_text(dice, value, text)}).", station=me, area=target,
                              pos=pos,
                              threat=t.id, multiplier=entry[1], face_up=bool(entry[2]),
                              credits=self.cost(s, t.credits), **paid))
            if not entry[2] and s.recent[target] != entry[0]:
                s.areas[target].pop(pos)
                s.gone.append(entry[0])
            self._salvage(s, target, events, t.id)
        if not s.dice_free:
            self._end_purchases(s, events)

    @staticmethod
    def _paid_text(dice: str, value: int, text: str) -> str:
        """'die 2, plus Ana: 1 Energy', or just 'dice 7' when the dice covered it."""
        word = "die" if len(dice) == 1 else "dice"
        return f"{word} {value}" + ("" if text == "nothing" else f", plus {text}")

    def _salvage(self, s: State, area: int, events: list[Event], threat: str = "") -> None:
        """Salvage Ships next to `area` produce: a threat there (`threat`) was hit."""
        for st in s.area_stations(area):
            for slot, (card, mult) in enumerate(s.installed[st]):
                salvage = self.card(s, st, card).salvage
                if not salvage:
                    continue
                picks: list[int] = []
                stock = self.stock(s)
                room = self.card_room(s, st, slot)
                for u in list(salvage) * mult:
                    # the kind this station holds least of, among those the card has room
                    # for and the stock still has
                    options = sorted(u, key=lambda r: (s.res[st][r] + picks.count(r), r))
                    fit = [r for r in options if stock[r] > picks.count(r) and self.fits(
                        [s.held[st][slot][k] + picks.count(k) + (k == r) for k in range(5)],
                        *room)]
                    picks.append((fit or options)[0])
                self._produce(s, st, slot, picks, events, why=" (salvage)",
                              trigger={"area": area, "threat": threat})

    def _end_purchases(self, s: State, events: list[Event]) -> None:
        s.dice_free = ""
        s.purchase = None
        self._draw_threat(s, events)
        self._end_turn(s, events)

    def _draw_threat(self, s: State, events: list[Event]) -> None:
        area = s.left_area(s.current)
        while s.early or s.late:
            deck_name = "early" if s.early else "late"
            deck = s.early if s.early else s.late
            t = deck.pop(0)
            threat = self.threats[t]
            if not threat.reinforcements:
                old = s.recent[area]
                s.areas[area].append([t, 1, 1])
                if old >= 0:
                    for i, entry in enumerate(s.areas[area]):
                        if entry[0] == old and not entry[2]:
                            s.areas[area].pop(i)
                            s.gone.append(old)
                            break
                s.recent[area] = t
                events.append(_ev("threat_drawn", f"{threat.name} arrives next to "
                                  f"{P % s.current} (on {numbers_text(threat.on)}; takes "
                                  f"{units_text(threat.consume)}).", chance=True, area=area,
                                  threat=threat.id, deck=deck_name, left=len(deck)))
                return
            rec = s.recent[area]
            if rec < 0:
                if all(self.threats[x].reinforcements for x in deck):
                    s.gone.append(t)
                    events.append(_ev("reinforcements_discarded", "Reinforcements with no "
                                      "threat to strengthen and nothing else left in the deck: "
                                      "discarded.", chance=True, area=area, threat=threat.id,
                                      deck=deck_name))
                    return
                deck.append(t)
                events.append(_ev("reinforcements_redrawn", "Reinforcements would be this "
                                  "area's first threat: it goes under the deck and another "
                                  "card is drawn.", chance=True, area=area, threat=threat.id,
                                  deck=deck_name))
                continue
            s.gone.append(t)
            for entry in s.areas[area]:
                if entry[0] == rec:
                    name = self.threats[rec].name
                    if not entry[2]:
                        entry[1], entry[2] = 1, 1
                        text = f"Reinforcements bring {name} back."
                    elif self.can_raise(s, entry[1]):
                        entry[1] += 1
                        text = f"Reinforcements raise {name} to x{entry[1]}."
                    else:
                        text = f"Reinforcements: {name} is already as strong as it can be."
                    events.append(_ev("reinforced", text, chance=True, area=area,
                                      threat=threat.id, target=self.threats[rec].id,
                                      multiplier=entry[1], deck=deck_name, left=len(deck)))
                    return
            return

    def _end_turn(self, s: State, events: list[Event]) -> None:
        s.captain_turns += 1
        if s.captain_turns >= s.n + 1:
            s.captain_turns = 0
            old = s.captain
            s.captain = (s.captain + 1) % s.n
            s.sdeck.extend(s.shop)
            k = s.n + 1
            s.shop, s.sdeck = s.sdeck[:k], s.sdeck[k:]
            text = (f"{P % old} hands the Captain card to {P % s.captain}." if s.n > 1 else
                    f"A round plus a turn: the Captain card stays with {P % old}, the only "
                    f"station.")
            events.append(_ev("captain_passed", text, old=old, captain=s.captain))
            events.append(_ev("shop_refreshed", "The shop is refreshed: " + ", ".join(
                self.systems[c].name for c in s.shop) + ".", chance=True,
                shop=[self.systems[c].id for c in s.shop]))
        s.current = (s.current + 1) % s.n
        s.turn += 1
        s.dice = ()
        s.phase = "roll"
        events.append(_ev("turn", f"Turn {s.turn}: {P % s.current}.", station=s.current,
                          turn=s.turn, captain=s.captain))

    def _threat_step(self, s: State, events: list[Event]) -> bool:
        """Set up the next decision of the threats step, or take the step itself when there
        is nothing to decide; True when the step was taken (so `_advance` goes on).

        The roll is judged as a whole: it is lost only when no division of the payments and
        no use of the beacons left covers every activation still due. The Captain alone
        decides beacons: while beacons are left, the Captain's window opens before the
        stations pay (unless the Captain decides that payment, and so sees the beacons in
        the same choice), and again whenever a payment leaves an activation that only a
        beacon can stop."""
        need = self.beacons_needed(s, cap=s.beacons)
        if need > s.beacons:
            due = [self.threats[s.areas[a][p][0]] for a, p in s.queue]
            names = ", ".join(dict.fromkeys(t.name for t in due))
            s.phase, s.result, s.window = "over", "lost", False
            if len(s.queue) == 1:
                area, _ = s.queue[0]
                s.reason = (f"{due[0].name} needed "
                            f"{units_text(self.demand_units(s, area, due[0]))} and the "
                            f"stations next to it could not pay.")
            else:
                s.reason = (f"The roll's {len(s.queue)} activations ({names}) could not all "
                            f"be paid, however the stations divided them"
                            + (" and used the beacons." if s.beacons else "."))
            events.append(_ev("game_lost", "Lost: " + s.reason, area=s.queue[0][0],
                              threat=due[0].id, turn=s.turn,
                              due=[[a, self.threats[s.areas[a][p][0]].id] for a, p in s.queue],
                              beacons=s.beacons))
            return False
        payer = self.decider(s, s.queue[0][0])
        s.window = s.beacons > 0 and payer != s.captain and (not s.waived or need > 0)
        s._legal = None
        choices = self.legal(s)
        if len(choices) == 1 and not isinstance(choices[0], Hold):
            only = choices[0]
            s._legal = None
            if isinstance(only, Beacon):
                self._beacon(s, only, events)
            else:
                self._pay_threat(s, cast(Pay, only), events)
            s.window = False
            return True
        return False

    def _advance(self, s: State, events: list[Event]) -> None:
        """Run every step with nothing to decide, until someone must choose or the game ends."""
        while True:
            if s.phase == "threats":
                if s.queue:
                    if self._threat_step(s, events):
                        continue
                    return
                if self.decks_empty(s):
                    s.phase, s.result = "over", "won"
                    s.reason = "Both threat decks are empty and every station held."
                    events.append(_ev("game_won", "Won: " + s.reason, turn=s.turn))
                    return
                self._queue_systems(s)
                continue
            if s.phase == "systems":
                if s.queue and not s.waived and self.order_matters(s):
                    orders = self.order_options(s)
                    if len(orders) > 1:
                        s.window = True
                        s._legal = list(orders)
                        return
                if s.queue:
                    productions = self.production_options(s)
                    if len(productions) == 1:
                        station, slot, _ = s.queue.pop(0)
                        s.waived = False
                        self._produce(s, station, slot, productions[0].picks, events,
                                      drop=productions[0].drop)
                        continue
                    s._legal = list(productions)
                    return
                s.phase = "purchase"
                s.dice_free = "a" if len(s.dice) == 1 else "ab"
                continue
            if s.phase == "purchase":
                buys = self.buy_options(s)
                if not buys:
                    self._end_purchases(s, events)
                    continue
                s._legal = buys + [Done()]
                return
            if s.phase == "pay":
                units, payers = self.purchase_units(s)
                options = self.payments(s, units, payers)
                if len(options) == 1:
                    self._complete_purchase(s, options[0], events)
                    continue
                s._legal = options + [Cancel()]
                return
            return

    # ----------------------------------------------------------------- views

    def view(self, s: State, seat: int | None) -> State:
        """Everything is public except the order of the decks, the unseen removed threats and
        the generator that rolls the coming dice (a view must not foresee them)."""
        v = s.copy()
        v.rng = 0
        v.sdeck = [UNKNOWN] * len(s.sdeck)
        v.early = [UNKNOWN] * len(s.early)
        v.late = [UNKNOWN] * len(s.late)
        v.early_out = [UNKNOWN] * len(s.early_out)
        v.late_out = [UNKNOWN] * len(s.late_out)
        v._legal = s._legal
        return v

    def determinize(self, view: State, seat: int, rng_seed: int) -> State:
        s = view.copy()
        r = rng.seed_state(rng_seed)
        seen = {t for area in s.areas for t, _, _ in area} | set(s.gone)
        for deck in ("early", "late"):
            unseen = [t.index for t in self.threats if t.deck == deck and t.index not in seen]
            mixed, r = rng.shuffled(r, unseen)
            k = len(getattr(s, deck))
            setattr(s, deck, mixed[:k])
            setattr(s, deck + "_out", mixed[k:])
        placed = set(s.shop) | {c for st in s.installed for c, _ in st if c >= 0}
        rest = [c for c in range(len(self.systems)) if c not in placed]
        s.sdeck, r = rng.shuffled(r, rest)
        s.rng = r
        return s

    def fingerprint(self, s: State) -> str:
        fields = [getattr(s, f) for f in State.__slots__ if f not in ("_legal", "_memo")]
        return hashlib.sha256(repr(fields).encode()).hexdigest()[:16]

    # ----------------------------------------------------------------- text

    def action_text(self, action: Action) -> str:
        return str(action)

    def parse_action(self, text: str) -> Action:
        t = text.strip()
        try:
            word, _, rest = t.partition(" ")
            if word == "roll":
                return Roll()
            if word == "beacon":
                area, _, pos = rest.partition(".")
                return Beacon(int(area), int(pos))
            if word == "hold":
                return Hold()
            if word == "first":
                at = [int(x) for x in rest.split(".")]
                if len(at) != 3:
                    raise ValueError
                return First(*at)
            if word == "cancel":
                return Cancel()
            if word == "done":
                return Done()
            if word == "pay":
                at_area = at_pos = -1
                first, _, more = rest.partition(" ")
                if more:  # a threat's payment: "pay AREA.POS PARTS"
                    a, _, b = first.partition(".")
                    at_area, at_pos, rest = int(a), int(b), more
                if rest == "-":
                    return Pay((), at_area, at_pos)
                parts = []
                for bit in rest.split(","):
                    st, _, rest2 = bit.partition(":")
                    conv, _, k = rest2.partition("*")
                    a, _, b = conv.partition(">")
                    parts.append((int(st), int(a), int(b), int(k)))
                return Pay(tuple(parts), at_area, at_pos)
            if word == "produce":
                where, _, made = rest.partition(" ")
                picks, _, dropped = made.partition(" -")
                st, _, slot = where.partition(".")
                return Produce(int(st), int(slot),
                               tuple(int(x) for x in picks.split(",") if x != ""),
                               tuple(int(x) for x in dropped.split(",") if x != ""))
            if word == "buy":
                kind, where, dice = rest.split(" ")
                target, _, pos = where.partition(".")
                if kind not in ("install", "upgrade", "destroy") or dice not in ("a", "b", "ab"):
                    raise ValueError
                return Buy(kind, int(target), dice, int(pos or 0))
        except ValueError:
            pass
        raise ValueError(f"not a Frontier Stations action: {text!r}")

    def describe(self, s: State, action: Action) -> str:
        """A short label for a button or a log line, in game words."""
        if isinstance(action, Roll):
            return "Roll the die" if s.early else "Roll the dice"
        if isinstance(action, Beacon):
            name = self._activation_name(s, action.area, action.pos)
            return f"Use a distress beacon on {name} ({s.beacons} left)"
        if isinstance(action, Hold):
            return "No beacon: the stations pay"
        if isinstance(action, First):
            card = s.installed[action.station][action.slot][0]
            return f"{P % action.station}'s {self.card_name(s, action.station, card)} goes next"
        if isinstance(action, Done):
            return "End purchases"
        if isinstance(action, Cancel):
            return "Cancel this purchase"
        if isinstance(action, Produce):
            counts = [action.picks.count(r) for r in range(5)]
            text = "Make " + res_list(counts)
            if action.drop:
                text += ", discard " + res_list([action.drop.count(r) for r in range(5)])
            return text
        if isinstance(action, Pay):
            return "Pay " + self.pay_text(s, action)
        if isinstance(action, Buy):
            dice = {"a": "die", "b": "second die", "ab": "both dice"}[action.dice]
            if len(s.dice) == 2 and action.dice != "ab":
                dice = f"the {s.dice_value(action.dice)} die"
            elif action.dice == "ab":
                dice = f"both dice ({s.dice_value('ab')})"
            if action.kind == "install":
                c = self.systems[action.target]
                return f"Install {c.name} ({self.cost(s, c.cost)}) with {dice}"
            if action.kind == "upgrade":
                card, mult = s.installed[s.current][action.target]
                c = self.systems[card]
                return f"Upgrade {c.name} to x{mult + 1} ({self.cost(s, c.cost)}) with {dice}"
            t = self.threats[s.areas[action.target][action.pos][0]]
            return f"Destroy {t.name} ({self.cost(s, t.credits)} + " \
                   f"{units_text(t.destroy)}) with {dice}"
        return str(action)

    def motions(self, event: Event) -> list[Motion]:
        """What `event` did on the table (see motions.py)."""
        return self._motions(event)

    def _activation_name(self, s: State, area: int, pos: int) -> str:
        """'Plague' or, where it matters, 'Plague (between {p1} and {p2})'."""
        if not (0 <= area < len(s.areas) and 0 <= pos < len(s.areas[area])):
            return "a threat"
        name = self.threats[s.areas[area][pos][0]].name
        same = [a for a, p in dict.fromkeys(s.queue)
                if self.threats[s.areas[a][p][0]].name == name]
        if len(same) > 1:
            stations = s.area_stations(area)
            return f"{name} (next to " + " and ".join(P % st for st in stations) + ")"
        return name

    def waiting_for(self, s: State) -> str:
        who = P % (self.to_move(s) if s.phase != "over" else s.current)
        if s.phase == "over":
            return "the game is over"
        if s.phase == "roll":
            return f"{who} to roll"
        if s.phase == "threats":
            if s.window:
                return f"{who}, the Captain, to decide the distress beacons"
            area, pos = s.queue[0]
            t = self.threats[s.areas[area][pos][0]]
            return f"{who} to pay for {t.name} ({units_text(self.demand_units(s, area, t))})"
        if s.phase == "systems" and s.window:
            return f"{who}, the Captain, to choose which system goes next (the stock is short)"
        if s.phase == "systems":
            st, slot, _ = s.queue[0]
            return f"{who} to choose what {self.card_name(s, st, s.installed[st][slot][0])} makes"
        if s.phase == "purchase":
            return f"{who} to buy an improvement or end purchases"
        return f"{who} to pay for the purchase"

    def why_illegal(self, s: State, action: Action) -> str:
        waiting = self.waiting_for(s)
        if s.phase == "over":
            return "The game is over."
        if isinstance(action, Roll):
            return f"You can't roll now: {waiting}."
        if isinstance(action, Beacon | Hold):
            if s.phase != "threats":
                return "A distress beacon only stops a threat as it activates."
            if s.beacons <= 0:
                return "No distress beacons are left."
            if not s.window and self.decider(s, s.queue[0][0]) != s.captain:
                return (f"Only the Captain ({P % s.captain}) decides the distress beacons; "
                        f"{waiting}.")
            if isinstance(action, Hold):
                return "A beacon is needed now: without one this roll cannot be paid."
            return "That threat is not waiting to be paid on this roll."
        if isinstance(action, Buy):
            if s.phase != "purchase":
                return f"You can't buy now: {waiting}."
            if action.dice not in s.dice_free and action.dice != s.dice_free:
                return "Each die buys at most one improvement, and that die is used."
            if action.kind == "destroy" and action.target not in s.adjacent_areas(s.current):
                return "You can only destroy threats in the areas next to your station."
            if action.kind == "destroy" and 0 <= action.pos < len(s.areas[action.target]) \
                    and s.areas[action.target][action.pos][1] == 4 \
                    and self.markers_free(s)[0] <= 0:
                return "Taking an x4 threat down to x3 needs an x2/x3 marker, and none is left."
            if action.kind == "upgrade" and 0 <= action.target < len(s.installed[s.current]):
                card, mult = s.installed[s.current][action.target]
                if card == NEXUS:
                    return "The Nexus has no price, so it cannot be upgraded."
                if mult >= self.content.max_upgrade:
                    return f"x{mult} is the highest upgrade."
                if not self.can_raise(s, mult):
                    return "No upgrade marker of that size is left."
            return "The die and your energy don't cover that price."
        if isinstance(action, Pay):
            if s.phase not in ("threats", "pay"):
                return f"Nothing needs paying now: {waiting}."
            return "Those tokens don't pay exactly what is asked (conversions work only on " \
                   "your own tokens, one converter per token)."
        if isinstance(action, Produce):
            return f"That isn't a choice this card offers now: {waiting}."
        return f"Not now: {waiting}."

    # ----------------------------------------------------------------- helpers for bots, UI

    def exposure(self, s: State, station: int) -> list[float]:
        """Expected tokens per roll that threats next to `station` ask for, per resource."""
        dice = 1 if s.early else 2
        out = [0.0] * 5
        for area in s.adjacent_areas(station):
            share = 1.0 / len(s.area_stations(area))
            for t, mult, up in s.areas[area]:
                if not up:
                    continue
                threat = self.threats[t]
                p = _prob(threat.on, dice)
                for u in self.demand_units(s, area, threat):
                    for r in u:
                        out[r] += p * mult * share / len(u)
        return out


@cache
def _prob(numbers: frozenset[int], dice: int) -> float:
    if dice == 1:
        return sum(1 for n in numbers if 1 <= n <= 6) / 6
    return sum(6 - abs(7 - n) for n in numbers if 2 <= n <= 12) / 36
