"""The shortcuts that keep the heuristic's decisions quick give the same answers as the plain
way: the beacon search (activations with the fewest payments first, states alike where it
matters sharing one answer) against a plain exhaustive search, and the production scores
(overflow and worths worked out once per state) against where the rules land each token.

The positions come from a heuristic game with many activations at once (the balance report's
seed 302944386, where a roll of nine activations offered 783 payments and the ranking took
seconds before the shortcuts; measure_decisions.py measures it)."""

from __future__ import annotations

from collections.abc import Sequence
from functools import cache

import pytest

from frostdesk.ai import make_agent
from frostdesk.games.frontier_stations.bots import HeuristicAgent
from frostdesk.games.frontier_stations.state import Pay, Produce, State
from tests.games.frontier_stations.helpers import GAME

SEED = 302944386


@cache
def _positions() -> tuple[list[State], list[State]]:
    """(threat steps with two or more activations due, productions with several choices)
    from one four-station heuristic game."""
    state, _ = GAME.new_game({"players": 4}, SEED)
    agents = [make_agent(GAME, "heuristic", SEED * 8 + i) for i in range(4)]
    threats: list[State] = []
    productions: list[State] = []
    while state.phase != "over":
        legal = GAME.legal(state)
        if state.phase == "threats" and len(state.queue) >= 2 and not state.window:
            threats.append(state)
        if state.phase == "systems" and not state.window and len(legal) > 1:
            productions.append(state)
        seat = GAME.to_move(state)
        assert seat is not None
        action = agents[seat].choose(GAME, GAME.view(state, seat), legal, seat)
        state, _ = GAME.apply(state, action)
    return threats, productions


class _Plain:
    """The fewest beacons for some activations of one state: every payment of each
    activation in turn (in table order), or a beacon on it, remembering exact holdings only."""

    def __init__(self, s: State, cap: int) -> None:
        self.s = s
        self.cap = cap
        self.memo: dict[tuple[object, ...], int] = {}
        self.ways: dict[tuple[object, ...], list[tuple[tuple[int, ...], ...]]] = {}

    def payments(self, area: int, pos: int, payers: tuple[int, ...],
                 mine: tuple[tuple[int, ...], ...]) -> list[tuple[tuple[int, ...], ...]]:
        found = self.ways.get((area, pos, mine))
        if found is None:
            s = self.s
            threat = GAME.threats[s.areas[area][pos][0]]
            found = self.ways[(area, pos, mine)] = []
            GAME._ways(dict(zip(payers, mine, strict=True)),
                       {p: GAME.rates(s, p) for p in payers},
                       GAME.demand_units(s, area, threat), payers, takings=found)
        return found

    def need(self, acts: Sequence[tuple[int, int]], res: Sequence[Sequence[int]]) -> int:
        """At most cap + 1."""
        acts = sorted(acts)

        def need(i: int, have: tuple[tuple[int, ...], ...]) -> int:
            if i == len(acts):
                return 0
            key = (tuple(acts[i:]), have)
            if key not in self.memo:
                area, pos = acts[i]
                payers = self.s.area_stations(area)
                best = self.cap + 1
                for taken in self.payments(area, pos, payers, tuple(have[p] for p in payers)):
                    after = [list(h) for h in have]
                    for p, counts in zip(payers, taken, strict=True):
                        for r in range(5):
                            after[p][r] -= counts[r]
                    best = min(best, need(i + 1, tuple(tuple(h) for h in after)))
                    if best == 0:
                        break
                if self.cap > 0:
                    best = min(best, 1 + need(i + 1, have))
                self.memo[key] = min(best, self.cap + 1)
            return self.memo[key]

        return need(0, tuple(tuple(r) for r in res))


@pytest.mark.slow
def test_the_game_reaches_crowded_rolls() -> None:
    threats, productions = _positions()
    assert max(len(s.queue) for s in threats) >= 6
    assert len(productions) >= 10


def test_the_beacon_search_agrees_with_the_plain_search() -> None:
    threats, _ = _positions()
    checked = 0
    for s in threats[::3]:
        cap = s.beacons
        plain = _Plain(s, cap)
        assert GAME.beacons_needed(s, cap=cap) == plain.need(s.queue, s.res)
        pays = [a for a in GAME.legal(s) if isinstance(a, Pay)][::7]
        after = GAME.needs_after(s, pays, cap=cap)
        for pay in pays:
            rest = list(s.queue)
            rest.remove((pay.area, pay.pos))
            assert after[pay] == plain.need(rest, GAME.tokens_after(s, pay)), (s.queue, pay)
            checked += 1
    assert checked >= 30


def _landed(s: State, action: Produce) -> list[int]:
    """The station's tokens after `action`, from where the rules land each token (the card
    that made them, an overflow card, or the discard)."""
    landing = GAME._landing(s, action.station, action.slot, action.picks, action.drop,
                            GAME.stock(s))
    out = list(s.res[action.station])
    before = s.held[action.station][action.slot]
    for r in range(5):
        out[r] += landing.card[r] - before[r]
    for _, r in landing.spilled:
        out[r] += 1
    return out


@pytest.mark.parametrize("share", [False, True], ids=["alone", "shared"])
def test_production_outcomes_are_the_tokens_the_production_leaves(share: bool) -> None:
    _, productions = _positions()
    checked = 0
    overflowed = 0
    for s in productions:
        stock = GAME.stock(s)
        overflow: dict[tuple[int, int, tuple[int, ...]], list[int]] = {}  # one per state
        for action in [a for a in GAME.legal(s) if isinstance(a, Produce)]:
            got = (GAME.outcome_counts(s, action, stock, overflow) if share
                   else GAME.outcome_counts(s, action))
            assert got == _landed(s, action), action
            overflowed += bool(GAME._landing(s, action.station, action.slot, action.picks,
                                             action.drop, stock).spilled)
            checked += 1
    assert checked >= 80
    assert overflowed >= 1  # a production whose new token went on to an overflow card


def test_the_heuristic_scores_a_production_by_the_tokens_it_leaves() -> None:
    """Each further token of a kind is worth a little less than the one before; a token
    lost costs what it was worth."""
    _, productions = _positions()
    bot = make_agent(GAME, "heuristic", 1)
    assert isinstance(bot, HeuristicAgent)
    checked = 0
    for s in productions:
        score = bot._produce_scorer(s)
        for action in [a for a in GAME.legal(s) if isinstance(a, Produce)]:
            need = bot.need(s, action.station)
            before = s.res[action.station]
            after = _landed(s, action)
            expected = 0.0
            for r in range(5):
                lo, hi = sorted((before[r], after[r]))
                worth = sum(need[r] / (1.0 + 0.35 * k) for k in range(lo, hi))
                expected += worth if after[r] > before[r] else -worth
            assert score(action) == pytest.approx(expected), action
            assert bot._produce_score(s, action) == pytest.approx(expected)
            checked += 1
    assert checked >= 80
