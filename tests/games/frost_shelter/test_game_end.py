"""Three Events, the final ranking with both tie-breaks, and shared victory."""

from __future__ import annotations

import random

from frostdesk.games.frost_shelter.state import State
from fs_helpers import GAME, cards, position


def finished(damage: list[int], colonies: dict[int, list[str]], relic: str = "water") -> State:
    s = position(players=len(damage), relic=relic, colonies=colonies)
    s.phase = "over"
    s.damage = damage
    return s


def test_least_damage_wins() -> None:
    out = GAME.outcome(finished([7, 3, 9], {}))
    assert out.places == (2, 1, 3) and out.winners == (1,) and out.tiebreak == ""


def test_tie_broken_by_colony_total() -> None:
    out = GAME.outcome(finished([3, 3, 9], {0: ["fuel-9"], 1: ["fuel-2", "food-3"]}))
    assert out.winners == (0,) and out.tiebreak == "colony total"
    assert out.details["colony_totals"] == [9, 5, 0]


def test_tie_broken_by_relic_total() -> None:
    out = GAME.outcome(finished([3, 3], {0: ["fuel-9", "water-1"], 1: ["water-7", "food-3"]}))
    assert out.winners == (1,) and out.tiebreak == "Relic total"
    assert out.details["relic_totals"] == [1, 7]


def test_tiebreak_names_the_step_that_decided_when_colony_total_leaves_a_tie() -> None:
    """issue 11 item 9, from `simulate frost-shelter --players 5 --bots easy --games 69 --seed
    404`, game 68: three players tie on 10 damage, the colony total drops one of them but leaves
    two tied on 8, and the Relic total decides. The label said "colony total"."""
    s = finished([17, 10, 10, 12, 10],
                 {2: ["water-8"], 4: ["fuel-5", "food-3"]}, relic="water")
    out = GAME.outcome(s)
    assert out.details["colony_totals"] == [0, 0, 8, 0, 8]
    assert out.details["relic_totals"] == [0, 0, 8, 0, 0]
    assert out.winners == (2,) and out.tiebreak == "Relic total"
    assert out.details["tied_on_damage"] == [1, 2, 4]
    assert out.details["tied_on_colony_total"] == [2, 4]


def test_tiebreak_is_shared_victory_when_the_relic_total_leaves_a_tie() -> None:
    s = finished([3, 3, 3], {0: ["fuel-9"], 1: ["food-9"], 2: ["food-2"]}, relic="water")
    out = GAME.outcome(s)
    assert out.winners == (0, 1) and out.tiebreak == "shared victory"
    assert out.details["tied_on_colony_total"] == [0, 1]


def test_game_over_event_and_text_say_what_decided() -> None:
    from frostdesk.games.frost_shelter.rules import tiebreak_sentence

    s = finished([17, 10, 10, 12, 10], {2: ["water-8"], 4: ["fuel-5", "food-3"]})
    out = GAME.outcome(s)
    text = tiebreak_sentence(out)
    assert text == ("{p1}, {p2} and {p4} tied on damage, {p2} and {p4} also on colony "
                    "total; the highest Relic total decided")
    s2 = finished([3, 3, 9], {0: ["fuel-9"], 1: ["fuel-2", "food-3"]})
    assert "colony total decided" in tiebreak_sentence(GAME.outcome(s2))
    assert tiebreak_sentence(GAME.outcome(finished([1, 3], {}))) == ""


def test_shared_victory_when_every_tie_break_is_equal() -> None:
    out = GAME.outcome(finished([4, 4, 5], {0: ["fuel-5"], 1: ["food-5"]}))
    assert out.winners == (0, 1) and out.tiebreak == "shared victory"
    assert out.places == (1, 1, 3)


def test_a_game_has_three_events_then_ends() -> None:
    rng = random.Random(3)
    s, events = GAME.new_game({"players": 3}, 11)
    revealed = [e for e in events if e.kind == "event_revealed"]
    while GAME.to_move(s) is not None:
        s, ev = GAME.apply(s, rng.choice(GAME.legal(s)))
        revealed += [e for e in ev if e.kind == "event_revealed"]
        if GAME.to_move(s) is None:
            assert ev[-1].kind == "game_over"
    assert len(revealed) == 3
    assert len({e.data["event"] for e in revealed}) == 3  # no Event twice
    assert len({e.data["relic"] for e in revealed}) == 3  # no Relic twice
    assert GAME.outcome(s) is not None and GAME.legal(s) == []


def test_final_event_keeps_colonies_for_the_tie_breaks() -> None:
    rng = random.Random(5)
    for seed in range(30):
        s, _ = GAME.new_game({"players": 4}, seed)
        last_colonies = None
        while GAME.to_move(s) is not None:
            s, ev = GAME.apply(s, rng.choice(GAME.legal(s)))
        assert not any(e.kind == "cleanup" for e in ev)
        last_colonies = [sum(GAME.val[c] for c in col) for col in s.colonies]
        assert GAME.outcome(s).details["colony_totals"] == last_colonies


def test_setup_deals_by_player_count_and_a_tarp_or_chest_each() -> None:
    for n, k in {2: 10, 3: 9, 4: 8, 5: 7}.items():
        s, _ = GAME.new_game({"players": n}, n)
        assert [len(h) for h in s.hands] == [k] * n
        assert len(s.deck) == 40 - n * k
        types = [GAME.content.equip(es[0]).type for es in s.equipment]
        assert all(t in ("tarp", "chest") for t in types)
        assert len(s.market) == 14 - n
        assert s.damage == [0] * n and s.event >= 0 and s.relic >= 0


def test_hand_deal_events_are_private() -> None:
    _, events = GAME.new_game({"players": 3}, 2)
    deals = [e for e in events if e.kind == "hand_dealt"]
    assert [e.visible_to for e in deals] == [(0,), (1,), (2,)]
    other = deals[0].seen_by(1)
    assert other is not None and "cards" not in other.data and other.data["count"] == 9
    assert deals[0].seen_by(0).data["cards"]


def test_card_helpers_sanity() -> None:
    assert cards("fuel-1", "tools-10") == [0, 39]
