"""What the seeds say about the base game, each with the seeds' own numbers, and a race to the
Aurora played to its end."""

from __future__ import annotations

import pytest

from frostdesk.games.last_aurora.state import Answer, Attack, Done, Move, Pass, Rest

from .helpers import C, G, clear, give, idx, new, stack_outcomes, turn, zone


@pytest.mark.parametrize("n,kept", [(2, 2), (3, 3), (4, 3)])
def test_seed_base_surplus_limit_more_than_3_or_more_than_2_with_two(n: int, kept: int) -> None:
    # 000 (Module 5, End of Round) and 001: "in the base game the limit is more than 3 cards
    # (or more than 2 in a 2-player game)"; the lowest cells go first, enemies never count
    s = new(n, 3)
    zone(s, "006", "007", "087", "009", "011")
    s.phase, s.passed = "fire", [True] * n
    events: list = []
    G._end_round(s, events)
    kept_cards = [C.cards[x].id for x in s.zone if x >= 0 and C.cards[x].kind != "enemy"]
    assert kept_cards[:kept] == ["007", "009", "011"][3 - kept:]
    assert idx("087") in s.zone
    discarded = [e.data["card"] for e in events if e.kind == "surplus"]
    assert discarded == ["006", "007", "009", "011"][:4 - kept]


def test_seed_235_every_convoy_in_first_position_is_a_leader() -> None:
    # #235: "the leader convoys (all convoys in first position)": tied leaders all take the
    # leader line; with the base Harpoon Sled that is 2 to the REAR, others 1
    s = new(3, 2)
    s.mile = [10, 10, 9]
    zone(s, "089", None, None, None, None)
    assert G.leaders(s) == [x for x in s.order if x in (0, 1)]
    G._ambushes(s, [])
    assert [G.damage_count(s, x) for x in range(3)] == [2, 2, 1]


def test_seed_210_a_speed_reminder_is_spent_in_the_next_movement() -> None:
    # #210: the reminder of "+n Speed next Movement" goes once that Movement is over (MV6);
    # the base Raider Toll's first option gives +2
    s = new(2, 2)
    seat = s.actor
    zone(s, "071", "072", "051", "006", "013")
    s.counters = []
    s.convoy[seat].append([G._slot(idx("006")), None])  # a Flatbed for room
    clear(s, seat)
    give(s, seat, "food", 3)
    give(s, seat, "fuel", 1)
    from frostdesk.games.last_aurora.state import Explore
    s, _ = G.apply(s, Explore(2, (0,), (), 0, pay=("food", "food")))  # pay 2 resources
    assert s.speed_next[seat] == 2 and G.speed(s, seat) == 5
    turn(s, "move", seat)
    s.order = [seat, 1 - seat]
    s, _ = G.apply(s, Move(5, cont=0))  # mile 5 is a radiation space
    assert s.speed_next[seat] == 0 and s.mile[seat] == 5


def test_seed_207_209_229_a_hit_places_a_target_in_the_leftmost_empty_box() -> None:
    # #207, #209: a successful normal attack gives 1 Fame and a Target; #229: in the leftmost
    # empty box
    s = new(3, 2)
    zone(s, "087", None, None, None, None)
    s.etgt[0] = [2, -1, -1, -1]
    s.targets[2] = 1
    stack_outcomes(s, "103")  # face 3, a W2 deals 2
    turn(s, "fire", 0)
    s, _ = G.apply(s, Attack(0, False, 0, 0))
    assert s.etgt[0] == [2, 0, -1, -1] and s.fame[0] == 1 and s.edmg[0] == 2


def test_seed_forward_order_outside_turns_and_the_fame_floor() -> None:
    # decisions outside any turn go in Forward order (FS-M4, #222); Fame never goes below -1
    s = new(3, 5)
    zone(s, "071", "072", "015", "006", "013")
    s.xdeck.insert(0, idx("054"))
    from frostdesk.games.last_aurora.state import Explore
    s, _ = G.apply(s, Explore(2, (0,), (), 0))
    asked = []
    while s.phase == "offer":
        asked.append(s.actor)
        s, _ = G.apply(s, Answer(False))
    assert asked == [x for x in s.order if G.count(s, x, "fuel") >= 1][:len(asked)]
    assert asked[0] == s.order[0] or G.count(s, s.order[0], "fuel") == 0
    s.fame[0] = 0
    G._fame(s, 0, -5, [])
    assert s.fame[0] == -1


def drive(s):
    """Everyone drives as far as the Fuel lets (boosting when they can), never explores and
    never shoots; Rest feeds nobody."""
    while G.outcome(s) is None:
        legal = G.legal(s)
        if s.phase == "move":
            action = max((a for a in legal if isinstance(a, Move)), key=lambda a: a.to)
        elif s.phase == "explore":
            action = Pass()
        elif s.phase == "rest":
            action = Rest(())
        elif s.phase == "fire":
            action = Done()
        elif s.phase == "choose":
            action = legal[0]  # an ambush's toll: take the Damage
        else:
            action = Answer(False)
        s, _ = G.apply(s, action)
    return s


def test_a_race_to_the_aurora_boards_and_ends_one_round_later() -> None:
    s = new(2, 4)
    fast = s.order[0]
    G._improve(s, fast, idx("040"), 0, [])  # Turbo Rig: Speed 4, Boost +2
    s.convoy[fast].append([G._slot(idx("007")), None])  # Fuel Bowser
    for _ in range(8):
        G._store(s, fast, "fuel")
    s = drive(s)
    o = G.outcome(s)
    assert o is not None and s.boarded == [fast]
    # it boards in round 3 (7 + 7 miles, then the Aurora on W2, mile 17); last call is round 4
    assert s.board_round == 3 and s.round == 4 and s.mile[fast] == s.aurora == 17
    parts = o.details["parts"]
    assert isinstance(parts, list)
    assert parts[fast]["survivors"] == 2 * len(s.surv[fast])
    assert parts[1 - fast]["survivors"] == 0 and parts[1 - fast]["condition"] == 0
    assert o.places[fast] == 1
