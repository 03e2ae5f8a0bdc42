"""A state made by `apply` shares each seat's convoy and survivors with the state it came
from until the rules change them (State.fork, LastAurora.cv and .sv). A change made in place
without asking for them first would change an earlier state silently: these games check that
every state of a game, and every state it was applied from, stays as it was to the end."""

from __future__ import annotations

import random

import pytest

from frostdesk.ai import RandomAgent
from frostdesk.games.last_aurora.bots import HeuristicAgent
from frostdesk.games.last_aurora.state import State

from .helpers import G

ALL_FIVE = "exploration,asgard,crew,story,pvp"
SOLO_FOUR = "exploration,asgard,crew,story"


def _print(s: State) -> str:
    return repr(s.fields())


def _play(options: dict[str, object], seed: int, random_seats: int = 0,
          siblings: int = 2) -> int:
    """Play a game (heuristic seats, the last `random_seats` random), applying `siblings`
    other legal actions from every state too; then check every state against the print taken
    before anything was applied from it. Returns the number of states checked."""
    s, _ = G.new_game(options, seed)
    n = s.n
    bots = [RandomAgent(seed + i) if i >= n - random_seats else HeuristicAgent(G, seed + i)
            for i in range(n)]
    pick = random.Random(seed)
    kept: list[tuple[State, str]] = []
    while G.outcome(s) is None:
        seat = G.to_move(s)
        assert seat is not None
        kept.append((s, _print(s)))
        legal = list(G.legal(s))
        for other in pick.sample(legal, min(siblings, len(legal))):
            t, _ = G.apply(s, other)
            kept.append((t, _print(t)))  # a sibling's own later changes are checked too
        action = bots[seat].choose(G, G.view(s, seat), G.legal(s), seat)
        s, _ = G.apply(s, action)
    kept.append((s, _print(s)))
    for state, before in kept:
        assert _print(state) == before
    return len(kept)


@pytest.mark.parametrize(("options", "seed", "random_seats"), [
    ({"players": 4}, 21, 1),
    ({"players": 2}, 22, 1),
    ({"players": 3}, 23, 3),
    ({"players": 1, "automa": "normal"}, 24, 0),
    ({"players": 1, "automa": "hard"}, 25, 1),
    ({"players": 4, "modules": ALL_FIVE}, 26, 1),
    ({"players": 2, "modules": ALL_FIVE}, 27, 2),
    ({"players": 3, "modules": "exploration,asgard,crew"}, 28, 1),
    ({"players": 1, "modules": SOLO_FOUR}, 29, 0),
    ({"players": 1, "modules": SOLO_FOUR, "automa": "easy"}, 30, 1),
])
@pytest.mark.parametrize("k", [0, pytest.param(1, marks=pytest.mark.slow),
                               pytest.param(2, marks=pytest.mark.slow)])
def test_no_rule_changes_an_earlier_state(options: dict[str, object], seed: int,
                                          random_seats: int, k: int) -> None:
    """One seeded game a case every day, two more in the slow run."""
    assert _play(options, seed + 100 * k, random_seats, siblings=3) >= 30  # states checked


def test_a_fork_shares_convoys_and_survivors_until_the_rules_ask_for_them() -> None:
    s, _ = G.new_game({"players": 3}, 5)
    t = s.fork()
    assert t.convoy is not s.convoy and t.surv is not s.surv
    assert all(a is b for a, b in zip(t.convoy, s.convoy, strict=True))
    assert all(a is b for a, b in zip(t.surv, s.surv, strict=True))
    assert s._own == 0 == t._own  # neither may change them in place now
    mine = G.cv(t, 1)
    assert mine == s.convoy[1] and mine is not s.convoy[1]
    assert all(x is not y for cx, cy in zip(mine, s.convoy[1], strict=True)
               for x, y in zip(cx, cy, strict=True) if x is not None)
    assert G.cv(t, 1) is mine  # copied once
    assert t.convoy[0] is s.convoy[0]  # the others still shared
    survivors = G.sv(t, 2)
    assert survivors == s.surv[2] and survivors is not s.surv[2]
    assert all(x is not y for x, y in zip(survivors, s.surv[2], strict=True))
    G.cv(s, 0)[0][0][2][0] = "fuel"  # the state forked from copies before it changes too
    assert t.convoy[0][0][0][2][0] != "fuel" or s.convoy[0] is t.convoy[0]
    assert s.convoy[0] is not t.convoy[0]
    u = s.copy()
    assert u._own == -1 and all(a is not b for a, b in zip(u.convoy, s.convoy, strict=True))
