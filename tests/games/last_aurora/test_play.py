"""Whole games: seeded random playouts finish, every action round-trips through its text,
views hide what they must, and a save replays to the same fingerprint."""

from __future__ import annotations

import pytest

from frostdesk.ai import RandomAgent
from frostdesk.engine.session import Seat, Session
from frostdesk.games.last_aurora.state import UNKNOWN, State

from .helpers import C, G


def playout(n: int, seed: int, level: str = "") -> tuple[State, int, list]:
    s, events = G.new_game({"players": n, **({"automa": level} if level else {})}, seed)
    bots = [RandomAgent(seed * 10 + i) for i in range(n)]
    steps = 0
    while G.outcome(s) is None:
        seat = G.to_move(s)
        assert seat is not None
        legal = G.legal(s)
        assert legal, G.waiting_for(s)
        action = bots[seat].choose(G, G.view(s, seat), legal, seat)
        assert G.parse_action(G.action_text(action)) == action
        s, new = G.apply(s, action)
        events += new
        steps += 1
        assert steps < 2000
    return s, steps, events


@pytest.mark.parametrize("n", [2, 3, 4])
def test_seeded_random_playouts_finish(n: int) -> None:
    for seed in range(20):
        s, steps, events = playout(n, seed)
        o = G.outcome(s)
        assert o is not None and len(o.places) == n and min(o.places) == 1
        assert s.round <= C.rounds and events[-1].kind == "game_over"
        for e in events:
            G.motions(e)  # every event can be shown
            for seat in range(n):
                seen = e.seen_by(seat)
                if seen is not None:
                    G.motions(seen)


@pytest.mark.parametrize("level", ["easy", "normal", "hard"])
def test_seeded_random_solo_playouts_against_the_automa_finish(level: str) -> None:
    for seed in range(20):
        s, steps, events = playout(1, seed, level)
        o = G.outcome(s)
        assert o is not None and o.places in ((1,), (2,)) and len(o.scores) == 1
        assert o.details["level"] == level and isinstance(o.details["automa"], int)
        assert s.round <= C.rounds and events[-1].kind == "game_over"
        assert s.acard >= 0 and len(s.mile) == 2
        assert s.mile[1] >= 6  # the Automa drives every round: at least 1 mile each
        for e in events:
            G.motions(e)
            seen = e.seen_by(0)
            if seen is not None:
                G.motions(seen)


def test_the_same_seed_plays_the_same_game() -> None:
    a, _, _ = playout(3, 7)
    b, _, _ = playout(3, 7)
    assert G.fingerprint(a) == G.fingerprint(b)
    c, _, _ = playout(3, 8)
    assert G.fingerprint(a) != G.fingerprint(c)


def test_a_view_hides_decks_removed_cards_rivals_objects_and_the_next_outcome() -> None:
    s = G.new_game({"players": 3}, 2)[0]
    s.objects = [[C.by_id("075").index], [C.by_id("076").index], []]
    v = G.view(s, 0)
    assert v.objects == [[C.by_id("075").index], [UNKNOWN], []]
    assert all(x < 0 for x in v.xdeck + v.removed + v.odeck + v.outdeck)
    assert [-x for x in v.xdeck] == [C.cards[x].period for x in s.xdeck]  # backs show
    assert v.shown_back == C.outcomes[s.outdeck[0]].back
    assert v.rng == 0
    assert G.legal(v) == G.legal(s)


def test_determinize_fills_a_view_consistently() -> None:
    s, _, _ = playout(3, 3)
    s = G.new_game({"players": 3}, 3)[0]
    v = G.view(s, s.actor)
    d = G.determinize(v, s.actor, 11)
    assert sorted(d.xdeck) != [] and len(d.xdeck) == len(s.xdeck)
    assert [C.cards[x].period for x in d.xdeck] == [C.cards[x].period for x in s.xdeck]
    assert len(d.removed) == len(s.removed) and all(C.cards[x].plus for x in d.removed)
    assert sorted(d.xdeck + d.removed) == sorted(s.xdeck + s.removed)
    assert C.outcomes[d.outdeck[0]].back == C.outcomes[s.outdeck[0]].back
    assert sorted(d.outdeck + d.outdisc) == sorted(s.outdeck + s.outdisc)
    assert G.legal(d) == G.legal(s)
    # and the determinized state plays on
    bot = RandomAgent(1)
    for _ in range(40):
        if G.outcome(d) is not None:
            break
        d, _ = G.apply(d, bot.choose(G, d, G.legal(d), G.to_move(d) or 0))


def test_save_and_load_replay_to_the_same_fingerprint(monkeypatch: pytest.MonkeyPatch) -> None:
    import frostdesk.games as games

    monkeypatch.setattr(games, "load_game", lambda game_id: G)
    session = Session.new(G, {}, 5, [Seat("Ana"), Seat("Bo", "bot", "random"),
                                     Seat("Cy", "bot", "random")])
    bot = RandomAgent(3)
    for _ in range(60):
        if G.outcome(session.state) is not None:
            break
        seat = session.to_move()
        assert seat is not None
        session.apply(bot.choose(G, G.view(session.state, seat), G.legal(session.state), seat))
    data = session.to_json()
    loaded = Session.from_json(data)
    assert G.fingerprint(loaded.state) == data["result"]["fingerprint"]
    assert loaded.check_result(data)


def test_a_solo_save_replays_with_the_automa(monkeypatch: pytest.MonkeyPatch) -> None:
    import frostdesk.games as games

    monkeypatch.setattr(games, "load_game", lambda game_id: G)
    session = Session.new(G, {"automa": "hard"}, 9, [Seat("Ana")])
    bot = RandomAgent(4)
    for _ in range(80):
        if G.outcome(session.state) is not None:
            break
        session.apply(bot.choose(G, G.view(session.state, 0), G.legal(session.state), 0))
    assert session.state.level == "hard" and len(session.state.mile) == 2
    data = session.to_json()
    loaded = Session.from_json(data)
    assert G.fingerprint(loaded.state) == data["result"]["fingerprint"]
    assert loaded.check_result(data)
