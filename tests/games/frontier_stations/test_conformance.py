"""Seeded random games for 1-6 stations with the invariants checked after every action, and
the heuristic bot playing whole games."""

from __future__ import annotations

import random

import pytest

from frostdesk.ai import make_agent
from frostdesk.engine.game import IllegalAction
from frostdesk.games.frontier_stations.state import Beacon, Buy, Done, Hold, Pay, Produce, Roll

from .helpers import GAME, C, station_fits, systems_accounted, threats_accounted

QUICK_GAMES = 8  # per station count in the everyday run: each option set twice (three times
# until 2026-12-01: the same checks on more games of one kind; the slow soak plays 36)
SOAK_GAMES = 36  # per station count in the slow run (216 games; its first 8 are the quick ones)
MAX_ACTIONS = 3000  # 40 turns at most, each a handful of decisions
OPTIONS = [{}, {"nexus": "heavy", "price": -3, "beacons": 9}, {"nexus": "light", "price": 1},
           {"beacons": 9}]


def probes(s, rng):
    """Actions outside legal() that must be refused without changing anything."""
    legal = set(GAME.legal(s))
    n = s.n
    candidates = [Roll(), Beacon(rng.randrange(n), rng.randrange(3)), Hold(), Done(),
                  Pay(((rng.randrange(n), 1, 1, 1),)),
                  Produce(rng.randrange(n), rng.randrange(3), (rng.randrange(5),)),
                  Buy("install", rng.randrange(65), rng.choice(["a", "b", "ab"])),
                  Buy("destroy", rng.randrange(n), "a", rng.randrange(3)),
                  Buy("upgrade", rng.randrange(4), "a")]
    return [a for a in candidates if a not in legal]


def check(s, before_early: bool, action) -> None:
    for st in range(s.n):
        assert min(s.res[st]) >= 0, s.res
        assert station_fits(s, st), (st, s.res[st], GAME.capacity(s, st))
        assert all(1 <= mult <= 5 for _, mult in s.installed[st])
    for r in range(5):  # never more tokens than the box holds
        assert sum(counts[r] for counts in s.res) <= C.supply[r]
    assert systems_accounted(s) == list(range(65))
    assert threats_accounted(s) == list(range(50))
    assert len(s.shop) <= s.n + 1
    assert all(min(free) >= 0 for free in [GAME.markers_free(s)])
    for area in s.areas:
        assert all(1 <= mult <= 5 and up in (0, 1) for _, mult, up in area)
    if isinstance(action, Roll) and s.phase != "over" and s.dice:
        assert len(s.dice) == (1 if before_early else 2)
    if s.phase == "threats":
        area, pos = s.queue[0]
        assert s.areas[area][pos][2] == 1  # only face-up threats activate
        legal = GAME.legal(s)
        if s.window:  # the Captain's beacon window
            assert GAME.to_move(s) == s.captain and s.beacons > 0
            assert all(isinstance(a, Beacon | Hold) for a in legal)
        else:  # a station next to it, or the Captain with the deciding vote
            assert GAME.to_move(s) in (*s.area_stations(area), s.captain)
        if any(isinstance(a, Beacon) for a in legal):  # only the Captain decides a beacon
            assert GAME.to_move(s) == s.captain
        for a in legal:
            if isinstance(a, Pay):  # only the stations next to the activation it pays
                assert (a.area, a.pos) in s.queue
                assert {p for p, _, _, _ in a.parts} <= set(s.area_stations(a.area))
    if s.phase == "over":
        assert s.result in ("won", "lost") and GAME.legal(s) == []
        if s.result == "won":
            assert not s.early and not s.late


def choose(s, legal, rng):
    """Random, but usually paying threats and buying rather than using beacons or stopping."""
    keen = [a for a in legal if not isinstance(a, (Beacon, Done))]
    if keen and rng.random() < 0.9:
        return rng.choice(keen)
    return rng.choice(legal)


# Every day the smallest and largest tables; the soak test below plays every count (-m slow).
@pytest.mark.parametrize("players", [1, 6])
def test_random_games_keep_every_invariant(players: int) -> None:
    random_games(players, QUICK_GAMES)


@pytest.mark.slow
@pytest.mark.parametrize("players", [1, 2, 3, 4, 5, 6])
def test_many_random_games_keep_every_invariant(players: int) -> None:
    random_games(players, SOAK_GAMES)


def random_games(players: int, games: int) -> None:
    rng = random.Random(players)
    results = {"won": 0, "lost": 0}
    for g in range(games):
        options = dict(OPTIONS[g % len(OPTIONS)], players=players)
        s = GAME.setup(options, 100 * players + g)
        beacons = s.beacons
        steps = 0
        while GAME.to_move(s) is not None:
            legal = GAME.legal(s)
            assert legal, f"no legal action in phase {s.phase}"
            for a in legal:
                assert GAME.parse_action(str(a)) == a
            if steps % 9 == 0:
                before = GAME.fingerprint(s)
                for bad in probes(s, rng):
                    with pytest.raises(IllegalAction) as err:
                        GAME.apply(s, bad)
                    assert str(err.value)
                assert GAME.fingerprint(s) == before
            action = choose(s, legal, rng)
            before = GAME.fingerprint(s)
            early = bool(s.early)
            new, _ = GAME.apply(s, action)
            assert GAME.fingerprint(s) == before  # apply never changes its input
            s = new
            steps += 1
            assert steps < MAX_ACTIONS
            assert s.beacons <= beacons  # used beacons never come back
            beacons = s.beacons
            check(s, early, action)
        results[s.result] += 1
        out = GAME.outcome(s)
        assert out.cooperative_win == (s.result == "won")
    assert results["lost"] > 0


def test_random_play_reaches_the_late_deck_and_wins() -> None:
    """The invariants above are also checked in late games: with the easy settings (Heavy
    Nexus, prices -3, 9 beacons) random play reaches two dice and sometimes wins."""
    seen = {"two dice": 0, "won": 0}
    for g in range(120):
        rng = random.Random(g)
        s = GAME.setup(dict(OPTIONS[1], players=1 + g % 6), 9000 + g)
        steps = 0
        while GAME.to_move(s) is not None:
            s, _ = GAME.apply(s, choose(s, GAME.legal(s), rng))
            steps += 1
            assert steps < MAX_ACTIONS
            if len(s.dice) == 2:
                seen["two dice"] += 1
        seen["won"] += s.result == "won"
        if seen["won"] and seen["two dice"]:
            break
    assert seen["won"] > 0 and seen["two dice"] > 0


# Every day the smallest and largest tables (the conformance suite seats the heuristic at
# every count every day); the counts between with -m slow.
@pytest.mark.parametrize("players", [1, *(pytest.param(n, marks=pytest.mark.slow)
                                          for n in (2, 3, 4, 5)), 6])
def test_the_heuristic_bot_finishes_games(players: int) -> None:
    for g in range(3):
        agent = make_agent(GAME, "heuristic", g)
        s = GAME.setup({"players": players}, 50 + g)
        steps = 0
        while GAME.to_move(s) is not None:
            seat = GAME.to_move(s)
            legal = GAME.legal(s)
            action = agent.choose(GAME, GAME.view(s, seat), legal, seat)
            assert action in legal
            s, _ = GAME.apply(s, action)
            steps += 1
            assert steps < MAX_ACTIONS
            for st in range(players):
                assert min(s.res[st]) >= 0 and station_fits(s, st)
        assert s.result in ("won", "lost")
        assert threats_accounted(s) == list(range(50))
