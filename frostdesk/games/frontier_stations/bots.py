"""Frontier Stations' cooperative bots: one crew member's judgement, used for any station.

The heuristic values a token by how much the threats next to it will ask for before the decks
run out, and a card by what it will make (or, for a threat, take) over the rest of the game.
It pays threats with the tokens the team will miss least, checking that the rest of this roll's
activations can still be paid; it buys the improvement with the best value for its cost.
`explain` gives the Hint its reason: the numbers the ranking weighed for the move and the
next best.
"""

from __future__ import annotations

import random
from collections.abc import Callable, Sequence
from typing import TYPE_CHECKING, cast

from frostdesk.engine.game import Game
from frostdesk.games.frontier_stations.content import ENERGY, System, Threat
from frostdesk.games.frontier_stations.rules import FrontierStations, _prob
from frostdesk.games.frontier_stations.state import (
    Action,
    Beacon,
    Buy,
    Done,
    First,
    Hold,
    Pay,
    Produce,
    Roll,
    State,
)

if TYPE_CHECKING:
    from frostdesk.ai import Agent


def remaining_rolls(s: State) -> tuple[float, float]:
    """Rolls still to come with one die and with two (the turn after the last draw included)."""
    early, late = len(s.early), len(s.late)
    if early:
        return early, late + 1
    return 0, late + 1


def future(numbers: frozenset[int], s: State) -> float:
    """Expected number of activations of something on `numbers` for the rest of the game."""
    one, two = remaining_rolls(s)
    return one * _prob(numbers, 1) + two * _prob(numbers, 2)


# Weights of the valuation, chosen by simulation (docs/balance/frontier-stations.md).
DESTROY_WEIGHT = 1.15  # a threat's future takings, relative to a card's future output
RISK_WEIGHT = 6.0  # a token that the next roll may need, on top of its long-run worth
STORE_WEIGHT = 2.0  # room for a kind that one roll can ask for more of than fits


class HeuristicAgent:
    name = "heuristic"

    def __init__(self, game: FrontierStations, seed: int = 0) -> None:
        self.game = game
        self.rng = random.Random(seed)

    # ----------------------------------------------------------------- valuations

    def demand(self, s: State, area: int) -> list[float]:
        """Tokens per resource the threats in `area` will take over the rest of the game."""
        g = self.game
        out = [0.0] * 5
        for t, mult, up in s.areas[area]:
            if not up:
                continue
            threat = g.threats[t]
            times = future(threat.on, s) * mult
            for u in g.demand_units(s, area, threat):
                for r in u:
                    out[r] += times / len(u)
        return out

    def need(self, s: State, station: int) -> list[float]:
        """How much one more token of each kind is worth at `station` (about 0.3 to 3)."""
        memo = s._memo
        if memo is None:
            memo = s._memo = {}
        key = ("need", station)
        if key not in memo:
            memo[key] = self._need(s, station)
        return memo[key]

    def _need(self, s: State, station: int) -> list[float]:
        want = [0.0] * 5
        have = [0.0] * 5
        for area in s.adjacent_areas(station):
            d = self.demand(s, area)
            for r in range(5):
                want[r] += d[r]
            for st in s.area_stations(area):
                share = 1.0 if st == station else 0.5
                for r in range(5):
                    have[r] += s.res[st][r] * share
        risk = self.next_roll_risk(s, station)
        out = []
        for r in range(5):
            base = 0.55 if r == ENERGY else 0.35
            out.append(base + min(2.5, want[r] / (1.0 + have[r])) + RISK_WEIGHT * risk[r])
        return out

    def next_roll_risk(self, s: State, station: int) -> list[float]:
        """Per resource: the chance that the next roll asks the threats next to `station` for
        at least as many tokens of it as this station and its neighbours hold."""
        dice = 1 if s.early else 2
        pool = [0] * 5
        stations = {st for a in s.adjacent_areas(station) for st in s.area_stations(a)}
        for st in stations:
            for r in range(5):
                pool[r] += s.res[st][r]
        risk = [0.0] * 5
        for v, d in self.per_roll(s, station, shared=False).items():
            pv = _prob(frozenset((v,)), dice)
            if not pv:
                continue
            for r in range(5):
                if d[r] > pool[r]:
                    risk[r] += pv
                elif d[r] > 0 and d[r] >= pool[r] - 0.5:
                    risk[r] += pv * 0.5
        return risk

    def spend_cost(self, s: State, pay: Pay) -> float:
        g = self.game
        total = 0.0
        for st, counts in g.pay_cost(s, pay).items():
            need = self.need(s, st)
            for r in range(5):
                for k in range(counts[r]):
                    # the last tokens of a kind hurt most
                    left = s.res[st][r] - k
                    total += need[r] * (1.6 if left <= 1 else 1.0)
        return total

    def per_roll(self, s: State, station: int, shared: bool) -> dict[int, list[float]]:
        """Roll total -> tokens per resource the threats next to `station` take on it (with
        `shared`, a threat's takings are split between the stations next to it)."""
        per_value: dict[int, list[float]] = {}
        for area in s.adjacent_areas(station):
            share = 1.0 / len(s.area_stations(area)) if shared else 1.0
            for t, mult, up in s.areas[area]:
                if not up:
                    continue
                threat = self.game.threats[t]
                for v in threat.on:
                    d = per_value.setdefault(v, [0.0] * 5)
                    for u in self.game.demand_units(s, area, threat):
                        for r in u:
                            d[r] += mult * share / len(u)
        return per_value

    def peaks(self, s: State, station: int) -> list[float]:
        """Per resource: the most that any one roll can ask of the threats next to `station`
        (from now to the end, so early threats stop counting once two dice are rolled)."""
        out = [0.0] * 5
        for d in self.per_roll(s, station, shared=True).values():
            for r in range(5):
                out[r] = max(out[r], d[r])
        return out

    def card_value(self, s: State, station: int, card: System, extra_mult: int = 1) -> float:
        """What `card` adds at `station` over the rest of the game (in token-equivalents)."""
        need = self.need(s, station)
        value = 0.0
        caps, any_ = self.game.capacity(s, station)
        fill = sum(s.res[station]) / max(1, sum(caps) + any_)
        room = [caps[r] + any_ - s.res[station][r] + card.storage[r] + card.storage_any
                for r in range(5)]
        for act in card.activations:
            times = future(act.on, s) * extra_mult
            per = sum(max(need[r] * (1.0 if room[r] > 0 else 0.3) for r in u)
                      for u in act.produce)
            value += times * per
        space = sum(card.storage) + card.storage_any * 1.5
        value += space * extra_mult * (0.25 + fill) * min(1.0, (len(s.early) + len(s.late)) / 12)
        peaks = self.peaks(s, station)
        for r in range(5):
            short = peaks[r] - (caps[r] + any_)
            if short > 0:
                add = (card.storage[r] + card.storage_any) * extra_mult
                value += min(add, short + 1) * need[r] * STORE_WEIGHT
        if card.convert is not None and extra_mult == 1:
            have = any(self.game.card(s, station, c).convert == card.convert
                       for c, _ in s.installed[station])
            value += 0 if have else 2.5 + 0.1 * (len(s.early) + len(s.late))
        if card.salvage:
            near = sum(1 for a in s.adjacent_areas(station) for _, _, up in s.areas[a] if up)
            value += 0.4 * min(near, 3) * len(card.salvage) * extra_mult
        return value

    def threat_value(self, s: State, area: int, threat: Threat) -> float:
        """Token-equivalents saved by taking one step off `threat` for the rest of the game."""
        need = [0.0] * 5
        for st in s.area_stations(area):
            n = self.need(s, st)
            for r in range(5):
                need[r] = max(need[r], n[r])
        per = sum(sum(need[r] for r in u) / len(u) for u in self.game.demand_units(s, area, threat))
        return future(threat.on, s) * per * DESTROY_WEIGHT

    # ----------------------------------------------------------------- choices

    def choose(self, game: Game[State, Action], view: State, legal: Sequence[Action],
               seat: int) -> Action:
        return self.ranked(view, legal)[0]

    def ranked(self, s: State, legal: Sequence[Action]) -> Sequence[Action]:
        """The legal actions, best first."""
        if len(legal) == 1:
            return list(legal)
        first = legal[0]
        if isinstance(first, Roll):
            return list(legal)
        if s.phase == "threats":
            return self._rank_threat(s, legal)
        if s.phase == "systems" and s.window:
            orders = cast(Sequence[First], legal)  # the Captain orders the productions
            return sorted(orders, key=lambda a: -self._first_score(s, a))
        if s.phase == "systems":
            productions = cast(Sequence[Produce], legal)  # the systems phase only asks these
            score = self._produce_scorer(s)
            return sorted(productions, key=lambda a: -score(a))
        if s.phase == "purchase":
            buys = cast(Sequence[Buy | Done], legal)  # the purchase phase only offers these
            return sorted(buys, key=lambda a: -self._buy_score(s, a))
        if s.phase == "pay":
            pays = [a for a in legal if isinstance(a, Pay)]
            pays.sort(key=lambda a: self.spend_cost(s, a))
            return pays + [a for a in legal if not isinstance(a, Pay)]
        return list(legal)

    def _rank_threat(self, s: State, legal: Sequence[Action]) -> Sequence[Action]:
        """Payments that keep the rest of the roll payable, cheapest first; the beacons are
        kept for when nothing else gets the roll through."""
        g = self.game
        pays = [a for a in legal if isinstance(a, Pay)]
        beacons = [a for a in legal if isinstance(a, Beacon)]
        holds = [a for a in legal if isinstance(a, Hold)]
        need = g.beacons_needed(s, cap=s.beacons)
        if holds:  # the Captain's window: hold unless a beacon is needed
            return holds + beacons
        after = g.needs_after(s, pays, cap=need) if len(s.queue) > 1 else dict.fromkeys(pays, 0)
        pays.sort(key=lambda a: (after[a], self.spend_cost(s, a)))
        good = [p for p in pays if after[p] <= need]
        worse = [p for p in pays if after[p] > need]
        if need == 0 or not beacons:
            return good + worse + beacons
        return self._rank_beacons(s, beacons) + good + worse

    def _rank_beacons(self, s: State, beacons: Sequence[Beacon]) -> list[Beacon]:
        """Beacons on the activations that leave the rest payable with the fewest beacons,
        then on those whose payment would cost the team most."""
        g = self.game

        def key(b: Beacon) -> tuple[int, float]:
            rest = list(s.queue)
            rest.remove((b.area, b.pos))
            need = g.beacons_needed(s, rest, cap=s.beacons)
            area, pos = b.area, b.pos
            threat = g.threats[s.areas[area][pos][0]]
            pays = g.payments(s, g.demand_units(s, area, threat), s.area_stations(area))
            cost = min((self.spend_cost(s, p) for p in pays), default=99.0)
            return need, -cost

        return sorted(beacons, key=key)

    def _first_score(self, s: State, action: First) -> float:
        """What the best production of this activation is worth, made before the others."""
        t = s.copy()
        entry = (action.station, action.slot, action.act)
        t.queue.remove(entry)
        t.queue.insert(0, entry)
        options = self.game.production_options(t)
        return max((self._produce_score(t, p) for p in options), default=0.0)

    def _produce_score(self, s: State, action: Produce) -> float:
        """What the station's tokens are worth after this production, less before: each
        further token of a kind is worth a little less than the one before."""
        return self._produce_scorer(s)(action)

    def _produce_scorer(self, s: State) -> Callable[[Produce], float]:
        """`_produce_score` for many productions of one state: a position can offer tens of
        thousands, so the stock, each station's needs and each worth are worked out once."""
        g = self.game
        stock = g.stock(s)
        needs: dict[int, list[float]] = {}
        worths: dict[tuple[int, int, int, int], float] = {}
        overflow: dict[tuple[int, int, tuple[int, ...]], list[int]] = {}

        def score(action: Produce) -> float:
            station = action.station
            need = needs.get(station)
            if need is None:
                need = needs[station] = self.need(s, station)
            before = s.res[station]
            after = g.outcome_counts(s, action, stock, overflow)
            total = 0.0
            for r in range(5):
                if after[r] == before[r]:
                    continue
                lo, hi = sorted((before[r], after[r]))
                key = (station, r, lo, hi)
                worth = worths.get(key)
                if worth is None:
                    worth = worths[key] = sum(need[r] / (1.0 + 0.35 * k) for k in range(lo, hi))
                total += worth if after[r] > before[r] else -worth
            return total

        return score

    def _buy_score(self, s: State, action: Buy | Done) -> float:
        g = self.game
        if isinstance(action, Done):
            return 0.0
        value, base_cost = self._buy_value(s, action)
        dice_value = s.dice_value(action.dice)
        short = max(0, g.cost(s, base_cost) - dice_value)
        waste = max(0, dice_value - g.cost(s, base_cost))
        need = self.need(s, s.current)
        score = value - short * need[ENERGY] * 1.1
        if len(s.dice) == 2 and action.dice == "ab" and waste:
            score -= waste * 0.6  # both dice for a cheap buy throws a purchase away
        if len(s.dice) == 2 and action.dice != "ab":
            score += 0.3
        return score - 0.05 * waste

    def _buy_value(self, s: State, action: Buy) -> tuple[float, int]:
        g = self.game
        me = s.current
        if action.kind == "install":
            card = g.systems[action.target]
            return self.card_value(s, me, card), card.cost
        if action.kind == "upgrade":
            card = g.systems[s.installed[me][action.target][0]]
            return self.card_value(s, me, card, extra_mult=1) * 0.9, card.cost
        t = s.areas[action.target][action.pos][0]
        threat = g.threats[t]
        value = self.threat_value(s, action.target, threat)
        res_cost = sum(self.need(s, me)[min(u)] for u in threat.destroy)
        return value - res_cost, threat.credits

    # ----------------------------------------------------------------- hints

    def explain(self, view: State, action: Action, seat: int) -> str:
        """Why the ranking puts `action` first, in the numbers it weighed: its value (or cost)
        against the next best choice's. "" when there was nothing to weigh (one choice, a
        roll)."""
        g = self.game
        s = view
        legal = list(g.legal(s))
        if len(legal) <= 1 or action not in legal or isinstance(action, Roll):
            return ""
        if isinstance(action, Beacon):
            return "No payment keeps every station standing: a beacon saves the game."
        if isinstance(action, Hold):
            return "The stations can pay every activation of this roll: keep the beacons."
        others = [a for a in self.ranked(s, legal) if a != action]
        if s.phase == "purchase":
            return self._explain_purchase(s, action, others)
        if s.phase == "systems":
            produces = [a for a in others if isinstance(a, Produce)]
            if not isinstance(action, Produce):
                return ""
            text = (f"These tokens are worth {self._produce_score(s, action):.1f} to the "
                    f"station, for what its threats will ask")
            if not produces:
                return text + "."
            return text + _next_best(g.describe(s, produces[0]), self._produce_score(s, action),
                                     self._produce_score(s, produces[0]))
        if s.phase in ("pay", "threats"):
            return self._explain_payment(s, action, others)
        return ""

    def _explain_purchase(self, s: State, action: Action, others: list[Action]) -> str:
        g = self.game
        buys = [a for a in others if isinstance(a, Buy)]
        if isinstance(action, Done):
            if not buys:
                return ""
            return (f"No purchase is worth its price now: the best, {g.describe(s, buys[0])}, "
                    f"scores {self._buy_score(s, buys[0]):.1f} against 0 for keeping the "
                    f"energy.")
        if not isinstance(action, Buy):
            return ""
        value = self._buy_score(s, action)
        text = f"The crew bot rates it {value:.1f} tokens by the game's end"
        if not buys:
            return text + "; nothing else is worth its price."
        return text + _next_best(g.describe(s, buys[0]), value, self._buy_score(s, buys[0]))

    def _explain_payment(self, s: State, action: Action, others: list[Action]) -> str:
        g = self.game
        pays = [a for a in others if isinstance(a, Pay)]
        if isinstance(action, Beacon):
            if not pays:
                return "No way to pay it is left: the beacon keeps every station standing."
            return ("Every way to pay it leaves this roll's next threats short: the beacon "
                    "keeps every station standing.")
        if not isinstance(action, Pay):
            return ""
        cost = self.spend_cost(s, action)
        text = f"It costs the stations {cost:.1f} in tokens they need"
        cheaper = [a for a in pays if self.spend_cost(s, a) < cost - 1e-9]
        if s.phase == "threats" and len(s.queue) > 1 and cheaper:
            return (f"{text}, and leaves enough for this roll's next threats; "
                    f"{g.describe(s, cheaper[0])} costs {self.spend_cost(s, cheaper[0]):.1f} "
                    f"but would leave them short.")
        if not pays:
            return text + "."
        return text + _next_best(g.describe(s, pays[0]), cost, self.spend_cost(s, pays[0]),
                                 less_is_better=True)


def _next_best(words: str, value: float, other: float, less_is_better: bool = False) -> str:
    """The end of a hint's reason: the next best choice and its number."""
    kind = "cheapest" if less_is_better else "best"
    if abs(value - other) < 0.15:
        return f"; about as good: {words} ({other:.1f})."
    if ";" in words:  # a payment's words list the stations: keep them apart from ours
        return f"; the next {kind} ({words}) comes to {other:.1f}."
    return f"; the next {kind}, {words}, {other:.1f}."


class EasyAgent(HeuristicAgent):
    """The heuristic with lapses: one decision in three is taken at random."""

    name = "easy"

    def choose(self, game: Game[State, Action], view: State, legal: Sequence[Action],
               seat: int) -> Action:
        if len(legal) > 1 and self.rng.random() < 1 / 3:
            options: list[Action] = [a for a in legal if not isinstance(a, Beacon)] or list(legal)
            return options[self.rng.randrange(len(options))]
        return super().choose(game, view, legal, seat)


def _planner(game: FrontierStations, seed: int = 0, budget_ms: int | None = None,
             iterations: int | None = None) -> Agent[State, Action]:
    from frostdesk.games.frontier_stations.search import planner

    return planner(game, seed, budget_ms=budget_ms, iterations=iterations)


AGENTS: dict[str, Callable[[FrontierStations, int], Agent[State, Action]]] = {
    "heuristic": lambda game, seed: HeuristicAgent(game, seed),
    "easy": lambda game, seed: EasyAgent(game, seed),
    "planner": lambda game, seed: _planner(game, seed),
}
# planner@K weighs K sampled worlds a decision; planner:MS caps a decision at MS milliseconds.
SEARCH_AGENTS: dict[str, Callable[..., Agent[State, Action]]] = {"planner": _planner}
