"""Random playouts for 2-5 players with invariants checked after every action.

Saving and loading (at the start, at random points and at the end of games of every size) is
checked for every game by tests/conformance/test_rules_contract.py."""

from __future__ import annotations

import random

import pytest

from frostdesk.engine.game import IllegalAction
from frostdesk.games.frost_shelter.state import (
    Buy,
    ChooseLeader,
    Collect,
    Defend,
    Draw,
    Harpoon,
    Heal,
    Play,
    State,
)
from fs_helpers import GAME, accounted

QUICK_GAMES = 20  # per player count in the everyday run (40 until 2026-12-01: the same checks
# on more games of the same kind; the slow soak plays them all)
SOAK_GAMES = 600  # per player count in the slow run (2,400 games in all)


def probe_illegal(state, rng):  # noqa: ANN001, ANN201
    """An action outside legal() that must be refused without changing anything."""
    legal = set(GAME.legal(state))
    candidates = [Play(rng.randrange(40)), Play(rng.randrange(40), True),
                  Collect((rng.randrange(40),)), Draw(rng.randrange(5)),
                  Defend(rng.randrange(2), (rng.randrange(40),)),
                  Buy(rng.randrange(14), (rng.randrange(40),)), Heal((rng.randrange(40),))]
    return [a for a in candidates if a not in legal]


# Every day the smallest and largest tables; the soak test below plays every count (-m slow).
@pytest.mark.parametrize("players", [2, 5])
def test_random_playouts_keep_every_invariant(players: int) -> None:
    playouts(players, QUICK_GAMES)


@pytest.mark.slow
@pytest.mark.parametrize("players", [2, 3, 4, 5])
def test_many_random_playouts_keep_every_invariant(players: int) -> None:
    playouts(players, SOAK_GAMES)


def playouts(players: int, games: int) -> None:
    """Random games with every invariant checked after every action (the first `games`
    seeds of this player count, so the quick run is the start of the soak)."""
    rng = random.Random(players)
    for g in range(games):
        s, _ = GAME.new_game({"players": players}, 1000 * players + g)
        steps = 0
        while GAME.to_move(s) is not None:
            legal = GAME.legal(s)
            assert legal, f"no legal action in phase {s.phase}"
            if steps % 7 == 0:
                before = GAME.fingerprint(s)
                for bad in probe_illegal(s, rng):
                    with pytest.raises(IllegalAction):
                        GAME.apply(s, bad)
                assert GAME.fingerprint(s) == before
            if steps % 5 == 0:
                # apply never changes the state it was given (undo and search rely on it).
                before = GAME.fingerprint(s)
                new, _ = GAME.apply(s, legal[rng.randrange(len(legal))])
                assert GAME.fingerprint(s) == before
                s = new
            else:
                s, _ = GAME.apply(s, legal[rng.randrange(len(legal))])
            steps += 1
            assert accounted(s) == list(range(40))
            assert min(s.damage) >= 0
            assert sorted(s.market + [e for es in s.equipment for e in es]) == list(range(14))
            assert len({len(h) for h in s.hands}) == 1 or s.trick
        out = GAME.outcome(s)
        assert out is not None and 1 in out.places
        assert list(out.scores) == s.damage


def test_views_hide_other_hands_and_the_decks() -> None:
    s, _ = GAME.new_game({"players": 4}, 3)
    v = GAME.view(s, 2)
    assert v.hands[2] == s.hands[2]
    assert all(c == -1 for i in (0, 1, 3) for c in v.hands[i])
    assert [len(h) for h in v.hands] == [len(h) for h in s.hands]
    assert set(v.deck) == {-1} and set(v.event_deck) == {-1} and v.rng == 0


def test_determinize_is_consistent_with_the_view() -> None:
    rng = random.Random(4)
    s, _ = GAME.new_game({"players": 4}, 8)
    for _ in range(30):
        s, _ = GAME.apply(s, rng.choice(GAME.legal(s)))
    seat = GAME.to_move(s)
    v = GAME.view(s, seat)
    d = GAME.determinize(v, seat, 77)
    assert d.hands[seat] == s.hands[seat]
    assert [len(h) for h in d.hands] == [len(h) for h in s.hands]
    assert accounted(d) == list(range(40))
    assert d.colonies == s.colonies and d.trick == s.trick and d.exp_deck == s.exp_deck
    # The determinized world plays on to the end like a real one.
    while GAME.to_move(d) is not None:
        d, _ = GAME.apply(d, rng.choice(GAME.legal(d)))
    assert GAME.outcome(d) is not None


def test_determinized_hands_match_true_hands_only_by_chance() -> None:
    s, _ = GAME.new_game({"players": 4}, 21)
    v = GAME.view(s, 0)
    hits = total = 0
    for k in range(300):
        d = GAME.determinize(v, 0, k)
        for seat in (1, 2, 3):
            hits += len(set(d.hands[seat]) & set(s.hands[seat]))
            total += len(s.hands[seat])
    # Each unseen card lands in the right hand with probability 8/32 = 0.25.
    assert 0.20 < hits / total < 0.30



def _at_event(no: int, seed: int, phase: str = "play") -> State:
    """A random game played on to Event `no` (0-based), at the first state in `phase`."""
    rng = random.Random(seed)
    s, _ = GAME.new_game({"players": 4}, seed)
    while not (s.event_no == no and s.phase == phase):
        s, _ = GAME.apply(s, rng.choice(GAME.legal(s)))
    return s


def test_determinized_worlds_hold_only_events_and_relics_that_can_still_come() -> None:
    """issue 11 item 10: Events and Relics already turned over went back into the sampled future
    decks (in about 9 of 10 worlds)."""
    s = _at_event(1, 4)
    assert len(s.events_seen) == 2 and len(s.relics_seen) == 2
    v = GAME.view(s, s.turn)
    for k in range(50):
        d = GAME.determinize(v, s.turn, k)
        assert len(d.event_deck) == len(s.event_deck) and len(d.relic_deck) == len(s.relic_deck)
        assert not set(d.event_deck) & set(s.events_seen)
        assert not set(d.relic_deck) & set(s.relics_seen)


def test_a_harpoon_does_not_put_the_relic_card_turned_over_back_into_the_deck() -> None:
    s = _at_event(1, 4, phase="leader")
    harpoon = next(e for e in s.market if GAME.content.equip(e).type == "harpoon")
    s.equipment = [[*s.equipment[0], harpoon], *s.equipment[1:]]
    s.market = [e for e in s.market if e != harpoon]
    s, _ = GAME.apply(s, ChooseLeader(0))
    assert s.phase == "harpoon" and s.turn == 0
    new = (s.relic + 1) % 4
    s, _ = GAME.apply(s, Harpoon(new))
    assert s.relic == new != s.relics_seen[-1]
    v = GAME.view(s, s.turn)
    for k in range(30):
        d = GAME.determinize(v, s.turn, k)
        assert not set(d.relic_deck) & set(s.relics_seen)
        assert len(d.relic_deck) == len(s.relic_deck) == 2
