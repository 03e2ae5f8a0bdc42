"""The base cards' own rules: survivor abilities, Events, encounters and special cells."""

from __future__ import annotations

import pytest

from frostdesk.engine.game import IllegalAction
from frostdesk.games.last_aurora.state import Attack, Explore, Rest

from .helpers import C, G, clear, give, idx, new, stack_outcomes, turn, zone


def recruit(s, seat: int, card_id: str, zone_: str = "A") -> int:
    s.surv[seat].append([idx(card_id), zone_, 0])
    s._legal = None
    return len(s.surv[seat]) - 1


def test_001_mechanic_repairs_1_when_she_explores() -> None:
    s = new(2, 2)
    seat = s.actor
    i = recruit(s, seat, "001")
    G.damage(s, seat, "REAR", 2, [])
    s, _ = G.apply(s, Explore(0, (i,), (), -1))
    assert G.damage_count(s, seat) == 1


def test_002_scavenger_gathers_one_more_token() -> None:
    s = new(2, 2)
    seat = s.actor
    i = recruit(s, seat, "002")
    s.convoy[seat].append([G._slot(idx("006")), None])
    clear(s, seat)
    zone(s, "015", "072", "006", "013", "009")  # Gas Station in cell 1
    s, _ = G.apply(s, Explore(0, (i,), (), 0))
    assert G.count(s, seat, "fuel") == 3 + 0  # 2 gathered, 1 more; cell 1 gives Food
    assert G.count(s, seat, "food") == 1


def test_003_scout_and_039_navigator_add_speed() -> None:
    s = new(2, 2)
    seat = s.actor
    base = G.speed(s, seat)
    recruit(s, seat, "003")
    assert G.speed(s, seat) == base + 1
    recruit(s, seat, "039")
    s.mile = [0, 0]
    assert G.speed(s, seat) == base + 2  # a rival shares the Valley
    s.mile = [5, 5]
    s.mile[1 - seat] = 8  # the Coast, 3 miles ahead: too close for the Co-pilot's extra 1
    assert G.speed(s, seat) == base + 3
    s.surv[seat][-1][1] = "R"  # abilities work only while Active (RS4)
    assert G.speed(s, seat) == base + 1


def test_004_medic_and_021_cook_in_rest() -> None:
    s = new(2, 2)
    seat = s.actor
    recruit(s, seat, "004", "R")
    recruit(s, seat, "021", "R")
    s.surv[seat][0][1] = "X"
    s.surv[seat][1][1] = "X"
    s.surv[seat][1][2] = 2
    turn(s, "rest", seat)
    clear(s, seat)  # no Food: the Cook feeds one for free
    assert Rest((0,)) in G.legal(s) and Rest((0, 1)) not in G.legal(s)
    s, _ = G.apply(s, Rest((0,)))
    assert [x[1] for x in s.surv[seat]] == ["A", "R", "A", "A"]
    assert s.surv[seat][1][2] == 1  # the Medic took one off


def test_019_gunner_adds_1_to_the_first_hit_of_the_phase() -> None:
    s = new(2, 2)
    seat = s.actor
    recruit(s, seat, "019")
    give(s, seat, "ammo")
    s.convoy[seat][1][1] = G._slot(idx("009"))  # a Harpoon Gun on the Container
    zone(s, "088", None, None, None, None)
    turn(s, "fire", seat)
    stack_outcomes(s, "101", "101")  # face 5 twice
    s, _ = G.apply(s, Attack(0, False, 0, 0))
    assert s.edmg[0] == 3  # W2 + 1
    s, ev = G.apply(s, Attack(1, True, 0, 0))
    hits = [e.data["n"] for e in ev if e.kind == "enemy_damaged"]
    assert hits == [1]  # only its 4th cell was left: destroyed
    assert idx("088") in s.gone


def test_020_tracker_takes_shortcuts() -> None:
    s = new(2, 2)
    seat = s.actor
    s.mile[seat] = 2
    assert 5 not in G.reachable(s, seat, 1)
    recruit(s, seat, "020")
    assert 5 in G.reachable(s, seat, 1)


def test_037_veteran_reveals_again_after_a_miss_once_per_phase() -> None:
    s = new(2, 2)
    seat = s.actor
    recruit(s, seat, "037")
    zone(s, "087", None, None, None, None)
    turn(s, "fire", seat)
    stack_outcomes(s, "099", "105")  # Miss, then 1
    s, _ = G.apply(s, Attack(0, False, 0, 0))
    assert s.edmg[0] == 1


def test_038_engineer_repairs_at_end_of_round() -> None:
    s = new(2, 2)
    recruit(s, 0, "038")
    G.damage(s, 0, "ALL", 2, [])
    s.phase = "fire"
    G._end_round(s, [])
    assert s.phase == "choose"  # the armor or a cargo cell: which one is yours to say
    s, _ = G.apply(s, G.legal(s)[0])
    assert G.damage_count(s, 0) == 1 and s.round == 2


def test_036_radiation_storm_and_053_ice_quake() -> None:
    s = new(2, 2)
    ev: list = []
    G._event(s, idx("036"), ev)
    assert [sum(x[2] for x in s.surv[p]) for p in range(2)] == [1, 1]
    s.mile = [15, 3]
    G._event(s, idx("053"), ev)
    assert [G.damage_count(s, p) for p in range(2)] == [0, 1]


def test_035_wrecked_convoy_installs_from_the_discard_pile() -> None:
    s = new(2, 2)
    seat = s.actor
    s.xdisc += [idx("009"), idx("006")]  # a Harpoon Gun and a Flatbed lie in the discard pile
    zone(s, "071", "072", "035", "006", "013")
    fits = {a.fit for a in G.legal(s) if isinstance(a, Explore) and a.cell == 2
            and a.main == 0 and a.explorers == (0,)}
    # the card and its place are yours: the gun on either vehicle, the Flatbed replacing the
    # Container or joining at the rear
    assert fits == {"009@0", "009@1", "006@1", "006@2"}
    s, _ = G.apply(s, Explore(2, (0,), (), 0, fit="009@1"))
    assert s.convoy[seat][0][1] is None and C.cards[s.convoy[seat][1][1][0]].name == \
        "Harpoon Gun"
    assert idx("009") not in s.xdisc and idx("006") in s.xdisc


def test_017_shady_trader_turns_an_object_into_resources() -> None:
    s = new(2, 2)
    seat = s.actor
    s.objects[seat] = [idx("075")]
    s.convoy[seat].append([G._slot(idx("006")), None])
    zone(s, "071", "072", "017", "006", "013")
    assert G.main_choices(s, seat, idx("017")) == [0, 1]
    # the two resources are your choice: every mix of Fuel, Food and Ammo is offered
    takes = {a.take for a in G.legal(s) if isinstance(a, Explore) and a.cell == 2
             and a.main == 1 and a.explorers == (0,)}
    assert len(takes) == 6 and ("fuel", "fuel") in takes and ("food", "ammo") in takes
    with pytest.raises(IllegalAction):
        G.apply(s, Explore(2, (0,), (), 1))  # the choice must be made
    fuel = G.count(s, seat, "fuel")
    s, _ = G.apply(s, Explore(2, (0,), (), 1, take=("fuel", "fuel")))
    assert s.objects[seat] == [] and sum(G.count(s, seat, r) for r in ("fuel", "food", "ammo")) \
        == 3 + 2 + 1  # start 3, +2 of your choice, +1 Ammo bonus
    assert G.count(s, seat, "fuel") == fuel + 2


def test_046_radar_mast_adds_speed_while_undamaged() -> None:
    s = new(2, 2)
    seat = 0
    base = G.speed(s, seat)
    s.convoy[seat][0][1] = G._slot(idx("046"))
    assert G.speed(s, seat) == base + 1
    s.convoy[seat][0][1][1][0] = 1
    assert G.speed(s, seat) == base
