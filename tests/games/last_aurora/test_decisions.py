"""Choices the rules give a player are offered through legal(), one test per choice (the
rules page lists them under "Your choices"). Each is offered only where there is more than one
way; where there is one, nothing is asked."""

from __future__ import annotations

import pytest

from frostdesk.engine.game import IllegalAction
from frostdesk.games.last_aurora.state import Done, Explore, Move, Pick, Rest

from .helpers import C, G, clear, give, idx, new, turn, zone


def explores(s, **where) -> list[Explore]:
    return [a for a in G.legal(s) if isinstance(a, Explore)
            and all(getattr(a, k) == v for k, v in where.items())]


def test_radiation_goes_on_the_explorer_of_your_choice() -> None:
    s = new(2, 2)
    seat = s.actor
    zone(s, "071", "072", "049", "006", "013")  # Reactor Ruins: 2 radiation counters
    conts = {a.cont for a in explores(s, cell=2, explorers=(0, 1), main=0)}
    assert conts == {(0, 0), (0, 1), (1, 1)}
    a, _ = G.apply(s, next(x for x in explores(s, cell=2, explorers=(0, 1), main=0)
                           if x.cont == (1, 1)))
    assert [x[2] for x in a.surv[seat]] == [0, 2]
    b, _ = G.apply(s, next(x for x in explores(s, cell=2, explorers=(0, 1), main=0)
                           if x.cont == (0, 1)))
    assert [x[2] for x in b.surv[seat]] == [1, 1]
    # one explorer: no choice to make
    assert {a.cont for a in explores(s, cell=2, explorers=(0,), main=0)} == {()}


def test_any_resources_paid_are_yours_to_pick() -> None:
    s = new(2, 2)
    seat = s.actor
    zone(s, "071", "072", "051", "006", "013")  # Raider Toll (a): discard 2 resources
    clear(s, seat)
    give(s, seat, "fuel", 2)
    give(s, seat, "ammo", 1)
    pays = {a.pay for a in explores(s, cell=2, explorers=(0,), main=0)}
    assert pays == {("fuel", "fuel"), ("fuel", "ammo")}
    s, _ = G.apply(s, Explore(2, (0,), (), 0, pay=("fuel", "fuel")))
    assert (G.count(s, seat, "fuel"), G.count(s, seat, "ammo")) == (0, 1 + 1)  # +1 Ammo bonus


def test_one_way_to_pay_asks_nothing() -> None:
    s = new(2, 2)
    seat = s.actor
    zone(s, "071", "072", "051", "006", "013")
    clear(s, seat)
    give(s, seat, "food", 2)
    assert {a.pay for a in explores(s, cell=2, explorers=(0,), main=0)} == {()}


def test_the_scavenger_adds_a_kind_of_your_choice() -> None:
    s = new(2, 2)
    seat = s.actor
    s.surv[seat].append([idx("002"), "A", 0])  # Scavenger: +1 token of a kind shown
    s.convoy[seat].append([G._slot(idx("006")), None])
    G._store(s, seat, "surv")
    zone(s, "013", "071", "072", "006", "016")  # Helicopter Wreck: Food + Ammo
    takes = {a.take for a in explores(s, cell=0, explorers=(2,), main=0)}
    assert takes == {("ammo",), ("food",)}
    food = G.count(s, seat, "food")
    s, _ = G.apply(s, Explore(0, (2,), (), 0, take=("food",)))
    assert G.count(s, seat, "food") == food + 2 + 1  # the card, the Scavenger, cell 1


def test_the_other_bonus_cleans_the_survivor_you_name() -> None:
    s = new(2, 2)
    seat = s.actor
    s.surv[seat][0][2] = 1
    s.surv[seat][1][2] = 2
    s._legal = None
    cleans = {a.clean for a in explores(s, cell=3, explorers=(0,), alt=True)}
    assert cleans == {0, 1}
    s, _ = G.apply(s, Explore(3, (0,), (0,), -1, alt=True, clean=0))
    assert [x[2] for x in s.surv[seat]] == [0, 2]


def test_a_radiation_space_contaminates_the_survivor_you_name() -> None:
    s = new(2, 2)
    seat = s.actor
    turn(s, "move", seat)
    s.order = [seat, 1 - seat]
    s.mile[seat] = 3
    s.counters = []
    assert {a.cont for a in G.legal(s) if isinstance(a, Move) and a.to == 5} == {0, 1}
    assert {a.cont for a in G.legal(s) if isinstance(a, Move) and a.to == 4} == {-1}
    s, _ = G.apply(s, Move(5, cont=0))
    assert [x[2] for x in s.surv[seat]] == [1, 0]


def test_the_hot_spot_contaminates_the_survivor_you_name() -> None:
    s = new(2, 2)
    seat = s.actor
    turn(s, "move", seat)
    s.order = [seat, 1 - seat]
    hot = next(c.index for c in C.counters if c.name == "Hot Spot")
    s.counters = [[1, hot]]
    s, _ = G.apply(s, Move(1, cont=1))
    assert [x[2] for x in s.surv[seat]] == [0, 1] and s.counters == [[1, hot]]


def test_the_clinic_splits_its_cleaning_as_you_like() -> None:
    s = new(2, 2)
    seat = s.actor
    turn(s, "move", seat)
    s.order = [seat, 1 - seat]
    clinic = next(c.index for c in C.counters if c.name == "Clinic")
    s.counters = [[1, clinic]]
    s.surv[seat][0][2] = 2
    s.surv[seat][1][2] = 1
    splits = {a.clean for a in G.legal(s) if isinstance(a, Move) and a.to == 1}
    assert splits == {(0, 0), (0, 1)}
    s, _ = G.apply(s, Move(1, clean=(0, 1)))
    assert [x[2] for x in s.surv[seat]] == [1, 0]


def test_the_medic_cleans_the_survivor_you_name() -> None:
    s = new(2, 2)
    seat = s.actor
    s.surv[seat].append([idx("004"), "A", 0])  # Medic
    s.surv[seat][0][2] = 1
    s.surv[seat][1][2] = 1
    s.surv[seat][1][1] = "X"
    turn(s, "rest", seat)
    clear(s, seat)
    assert set(G.legal(s)) >= {Rest((), 0), Rest((), 1)} and Rest(()) not in G.legal(s)
    s, _ = G.apply(s, Rest((), 1))
    assert [x[2] for x in s.surv[seat][:2]] == [1, 0]


def test_a_rest_turn_with_only_the_medics_choice_is_asked() -> None:
    s = new(2, 2)
    seat = s.actor
    s.surv[seat].append([idx("004"), "A", 0])
    s.surv[seat][0][2] = 1
    s.surv[seat][1][2] = 1
    s.phase = "explore"
    s.passed = [True, True]
    s.actor = seat
    ev: list = []
    G._end_phase(s, ev)  # on to Rest: nobody Exhausted, but the Medic has a choice
    assert s.phase == "rest" and s.actor == seat
    assert Rest((), 0) in G.legal(s) and Rest((), 1) in G.legal(s)


def scrap_raiders(seat_first: bool = True):
    s = new(2, 2)
    seat = s.order[0]
    other = 1 - seat
    s.mile = [2, 2]
    s.mile[seat] = 3  # the leader
    zone(s, "088", None, None, None, None)  # Scrap Raiders: leaders toll, others 1 REAR
    s.phase, s.passed = "fire", [False, False]
    return s, seat, other


def test_an_ambush_toll_is_your_choice_of_resource_or_damage() -> None:
    s, seat, other = scrap_raiders()
    clear(s, seat)
    give(s, seat, "fuel")
    give(s, seat, "ammo")
    ev: list = []
    assert G._ambushes(s, ev) is False
    assert s.phase == "choose" and s.actor == seat
    assert G.legal(s) == [Pick(0), Pick(1), Pick(3)]  # the Damage, Fuel, Ammo
    assert [G.pick_text(s, 0), G.pick_text(s, 1), G.pick_text(s, 3)] == [
        "Take 1 Damage to FRONT", "Give 1 Fuel", "Give 1 Ammo"]
    assert "give a resource or take the ambush's Damage" in G.waiting_for(s)
    with pytest.raises(IllegalAction, match="First"):
        G.apply(s, Done())
    a, _ = G.apply(s, Pick(3))  # give the Ammo
    assert G.count(a, seat, "ammo") == 0 and G.damage_count(a, seat) == 0
    assert G.damage_count(a, other) == 1  # then the ambush went on to the others
    assert a.phase == "fire"
    b, _ = G.apply(s, Pick(0))  # keep the tokens, take 1 Damage to FRONT
    assert G.count(b, seat, "ammo") == 1 and G.damage_count(b, seat) == 1
    assert any(sl[1][k] for sl, k, _, _ in G.cells(b, seat, "FRONT"))


def test_an_ambush_toll_with_nothing_to_give_asks_nothing() -> None:
    s, seat, other = scrap_raiders()
    clear(s, seat)
    assert G._ambushes(s, []) is True
    assert G.damage_count(s, seat) == 1 and G.damage_count(s, other) == 1


def test_ambush_contamination_goes_on_the_active_survivor_you_name() -> None:
    s = new(2, 2)
    seat = s.order[0]
    s.mile = [16, 16]
    s.mile[1 - seat] = 15
    zone(s, "092", None, None, None, None)  # Wolf Mother: leaders 2 FRONT + 1 Contamination
    s.phase, s.passed = "fire", [False, False]
    assert G._ambushes(s, []) is False
    assert G.legal(s) == [Pick(0), Pick(1)] and G.damage_count(s, seat) == 2
    assert [G.pick_text(s, 0), G.pick_text(s, 1)] == ["Leader", "Co-pilot"]
    s, _ = G.apply(s, Pick(1))
    assert [x[2] for x in s.surv[seat]] == [0, 1]
    assert G.damage_count(s, 1 - seat) == 1  # the other convoy: 1 to ROOF, after the choice


def test_your_choices_replay_from_their_text() -> None:
    for text in ("explore 2 0,1 - 0 c0,1", "explore 3 0 0 -1 alt k1",
                 "explore 2 0 - 0 pfuel,food", "move 5 c1", "move 6 boost k0,1", "rest 1 k0",
                 "attack 0v0 2 from3", "pick 2"):
        assert G.action_text(G.parse_action(text)) == text
    assert G.parse_action("explore 2 0 - 1 tfuel,ammo").take == ("fuel", "ammo")
    with pytest.raises(ValueError, match="not a Last Aurora action"):
        G.parse_action("move 5 c1 c2")
    with pytest.raises(ValueError, match="not a Last Aurora action"):
        G.parse_action("rest 1 q0")


def kill_scouts(s, shooter: int, boxes: list[int], loot: str, *outcomes: str) -> None:
    zone(s, "087", None, None, None, None)
    s.edmg[0] = 3
    s.etgt[0] = boxes
    s.loot[0] = [idx(loot)]
    s.round = 1
    from .helpers import stack_outcomes

    stack_outcomes(s, *outcomes)
    turn(s, "fire", shooter)


def test_you_choose_where_a_loot_trailer_goes() -> None:
    s = new(2, 2)
    seat = s.actor
    kill_scouts(s, seat, [seat, -1, -1, -1], "093", "105")  # Raider Plating (device)
    s.convoy[seat][0][1] = G._slot(idx("011"))  # Scrap Plating on the truck
    s._legal = None
    from frostdesk.games.last_aurora.state import Attack

    s, _ = G.apply(s, Attack(0, False, 0, 0))
    assert s.phase == "choose" and s.actor == seat and G.legal(s) == [Pick(0), Pick(1)]
    assert [G.pick_text(s, 0), G.pick_text(s, 1)] == ["On Truck, replacing Scrap Plating",
                                                      "On Container"]
    a, _ = G.apply(s, Pick(0))
    assert C.cards[a.convoy[seat][0][1][0]].id == "093" and a.convoy[seat][1][1] is None
    b, _ = G.apply(s, Pick(1))
    assert C.cards[b.convoy[seat][1][1][0]].id == "093"
    assert C.cards[b.convoy[seat][0][1][0]].id == "011"


def test_the_lottery_winner_is_asked_then_the_shooter_goes_on() -> None:
    s = new(2, 2)
    shooter = s.actor
    other = 1 - shooter
    give(s, shooter, "ammo", 1)  # 2 Ammo: one per weapon
    s.convoy[shooter][0][1] = G._slot(idx("009"))  # Harpoon Gun: a second weapon
    # the shot: 2; the lottery BADC: box B, the other player's
    kill_scouts(s, shooter, [shooter, other, -1, -1], "093", "100", "102")
    s.targets = [1, 1]
    s.zone[1] = idx("088")  # Scrap Raiders: something left to shoot at
    from frostdesk.games.last_aurora.state import Attack

    s, _ = G.apply(s, Attack(0, False, 0, 0))
    assert s.phase == "choose" and s.actor == other
    s, _ = G.apply(s, Pick(1))  # on the Container
    assert C.cards[s.convoy[other][1][1][0]].id == "093"
    assert s.phase == "fire" and s.actor == shooter  # the shooting turn is still theirs


def test_a_survivor_loot_with_no_room_you_make_room_or_let_it_go() -> None:
    s = new(2, 2)
    seat = s.actor
    clear(s, seat)
    give(s, seat, "ammo", 1)  # the C:food/ammo cell
    give(s, seat, "fuel", 1)  # the C:fuel cell
    give(s, seat, "food", 2)  # every plain cargo cell is full now
    assert G.free_c(s, seat) == 0
    kill_scouts(s, seat, [seat, -1, -1, -1], "094", "105")  # Wolf Tamer
    from frostdesk.games.last_aurora.state import Attack

    s, _ = G.apply(s, Attack(0, False, 0, 0))
    assert s.phase == "choose"
    texts = {G.pick_text(s, p.option) for p in G.legal(s)}
    assert "Let it go" in texts and "Throw away 1 Food for room" in texts
    a, _ = G.apply(s, Pick(2))  # throw away a Food
    assert C.cards[a.surv[seat][-1][0]].name == "Wolf Tamer" and G.count(a, seat, "food") == 1
    b, _ = G.apply(s, Pick(0))
    assert len(b.surv[seat]) == 2 and idx("094") in b.xdisc


def test_which_damage_cell_4_and_the_mechanic_repair_is_yours() -> None:
    s = new(2, 2)
    seat = s.actor
    G.damage(s, seat, "ALL", 4, [])
    hurt = {G.cell_ref(ci, dev, k) for sl, k, ci, dev in G.cells(s, seat) if sl[1][k]}
    assert len(hurt) == 4
    fixes = {a.fix for a in explores(s, cell=3, explorers=(0,), main=-1)}
    # Repair 2 of the 4: armor, the Fuel cell, two alike cargo cells of the Container
    assert fixes == {("0v1", "0v3"), ("0v1", "1v1"), ("0v3", "1v1"), ("1v1", "1v2")}
    way = sorted(fixes)[-1]
    s2, _ = G.apply(s, Explore(3, (0,), (), -1, fix=way))
    left = {G.cell_ref(ci, dev, k) for sl, k, ci, dev in G.cells(s2, seat) if sl[1][k]}
    assert left == hurt - set(way)
    # the Mechanic explores too: 3 counters come off, and the choice counts them all
    s.surv[seat].append([idx("001"), "A", 0])
    s._legal = None
    assert {len(a.fix) for a in explores(s, cell=3, explorers=(0, 2), main=-1)} == {3}


def test_no_repair_choice_when_the_main_action_rebuilds_the_convoy() -> None:
    s = new(2, 2)
    seat = s.actor
    G.damage(s, seat, "ALL", 4, [])
    zone(s, "071", "072", "006", "009", "013")  # a Harpoon Gun in cell 4
    assert {a.fix for a in explores(s, cell=3, explorers=(0,), main=0)} == {()}
    assert len({a.fix for a in explores(s, cell=3, explorers=(0,), main=-1)}) == 4


def test_the_workshop_repairs_the_cells_you_name() -> None:
    s = new(2, 2)
    seat = s.actor
    turn(s, "move", seat)
    s.order = [seat, 1 - seat]
    shop = next(c.index for c in C.counters if c.name == "Workshop")
    s.counters = [[1, shop]]
    for col, k in ((0, 0), (0, 1), (1, 1), (1, 2)):  # the gun, the armor, 2 cargo cells
        s.convoy[seat][col][0][1][k] = 1
        s.convoy[seat][col][0][2][k] = ""
    s._legal = None
    fixes = {a.fix for a in G.legal(s) if isinstance(a, Move) and a.to == 1}
    assert fixes == {("0v0", "0v1", "1v1"), ("0v0", "1v1", "1v2"), ("0v1", "1v1", "1v2")}
    keep = ("0v1", "1v1", "1v2")  # leave the gun damaged
    s, _ = G.apply(s, Move(1, fix=keep))
    assert G.damage_count(s, seat) == 1 and s.convoy[seat][0][0][1][0] == 1
    assert G.action_text(Move(1, fix=keep)) == "move 1 x" + ",".join(keep)
    assert G.parse_action("move 1 x" + ",".join(keep)) == Move(1, fix=keep)


def test_the_engineer_repairs_the_cell_you_name_at_end_of_round() -> None:
    s = new(2, 2)
    seat = s.order[0]
    s.surv[seat].append([idx("038"), "A", 0])  # Engineer: End of Round, Repair 1
    s.convoy[seat][0][0][1][0] = 1  # the gun
    s.convoy[seat][0][0][1][1] = 1  # the armor
    s.phase, s.passed = "fire", [True, True]
    s.mile = [3, 3]
    G._end_round(s, [])
    assert s.phase == "choose" and s.actor == seat and G.legal(s) == [Pick(0), Pick(1)]
    assert {G.pick_text(s, 0), G.pick_text(s, 1)} == {"Repair Truck W2", "Repair Truck A"}
    gun = next(p.option for p in G.legal(s) if G.pick_text(s, p.option) == "Repair Truck W2")
    s, _ = G.apply(s, Pick(gun))
    assert s.convoy[seat][0][0][1][:2] == [0, 1] and s.round == 2


def test_installing_over_survivor_tokens_with_no_room_you_say_who_dies() -> None:
    s = new(2, 2)
    seat = s.actor
    zone(s, "007", "072", "013", "006", "016")  # Fuel Bowser: C:fuel x3 and A, no plain C
    # replacing the Container (place 1) leaves its Survivor token nowhere to go: one dies
    assert {a.lose for a in explores(s, cell=0, explorers=(1,), main=1)} == {(0,), (1,)}
    assert {a.lose for a in explores(s, cell=0, explorers=(1,), main=2)} == {()}  # joining
    s, ev = G.apply(s, Explore(0, (1,), (), 1, lose=(0,)))
    assert [C.cards[x[0]].name for x in s.surv[seat]] == ["Co-pilot"]
    assert [C.by_id(str(e.data["card"])).name for e in ev if e.kind == "died"] == ["Leader"]


def test_an_ambush_that_leaves_a_survivor_no_room_asks_who_dies() -> None:
    s = new(2, 2)
    seat = s.order[0]
    s.mile = [9, 9]
    zone(s, "089", "089", None, None, None)  # Harpoon Sled twice: 2 to the REAR each
    s.phase, s.passed = "fire", [False, False]
    assert G._ambushes(s, []) is False
    assert s.pending[0] == "ambush_kill" and s.actor == seat
    assert [G.pick_text(s, p.option) for p in G.legal(s)] == ["Leader", "Co-pilot"]
    s, _ = G.apply(s, Pick(0))
    assert [C.cards[x[0]].name for x in s.surv[seat]] == ["Co-pilot"]
