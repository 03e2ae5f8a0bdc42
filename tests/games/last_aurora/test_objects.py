"""Objects (D5): played in your own turn, in the phase each names; Incendiary pays for a shot."""

from __future__ import annotations

from frostdesk.games.last_aurora.state import Attack, Done, Move, Pass, Pick, Play

from .helpers import C, G, idx, new, stack_outcomes, turn, zone


def hand(s, seat: int, *ids: str) -> None:
    s.objects[seat] = [idx(i) for i in ids]
    s._legal = None


def test_toolkit_repairs_2_in_any_phase_and_the_turn_goes_on() -> None:
    s = new(2, 2)
    seat = s.actor
    G.damage(s, seat, "ALL", 3, [])  # the truck's armor and Fuel cell, a Container cell
    hand(s, seat, "075")
    # which 2 of the 3 is yours to say
    assert {a.fix for a in G.legal(s) if isinstance(a, Play)} == {
        ("0v1", "0v3"), ("0v1", "1v2"), ("0v3", "1v2")}
    s, _ = G.apply(s, Play("075", -1, ("0v1", "1v2")))
    assert G.damage_count(s, seat) == 1 and s.objects[seat] == [] and idx("075") in s.odisc
    assert s.convoy[seat][0][0][1] == [0, 0, 0, 1]  # the Fuel cell still damaged
    assert s.actor == seat and Pass() in G.legal(s)


def test_an_object_that_would_do_nothing_is_not_offered() -> None:
    s = new(2, 2)
    seat = s.actor
    hand(s, seat, "075", "083", "077", "085")  # nothing damaged, nobody contaminated
    assert [a for a in G.legal(s) if isinstance(a, Play)] == []  # and not the Movement ones


def test_geiger_counter_removes_2_from_one_survivor() -> None:
    s = new(2, 2)
    seat = s.actor
    s.surv[seat][1][2] = 2
    hand(s, seat, "083")
    assert [a for a in G.legal(s) if isinstance(a, Play)] == [Play("083", 1)]
    s, _ = G.apply(s, Play("083", 1))
    assert s.surv[seat][1][2] == 0


def test_jerrycan_and_snow_chains_in_movement() -> None:
    s = new(2, 2)
    seat = s.actor
    turn(s, "move", seat)
    s.order = [seat, 1 - seat]
    s.mile[seat] = 2
    hand(s, seat, "077", "084")
    s, _ = G.apply(s, Play("077"))
    assert G.speed(s, seat) == 5
    s, _ = G.apply(s, Play("084"))
    assert G.tracked(s, seat) and Move(5, cont=0) in G.legal(s)  # the 2->5 shortcut: 1 step
    assert max(m.to for m in G.legal(s) if isinstance(m, Move)) == 11
    s, _ = G.apply(s, Move(11))
    assert s.speed_next[seat] == 0
    while s.phase == "move":
        s, _ = G.apply(s, G.legal(s)[0])
    assert not G.tracked(s, seat)  # the chains come off after the Movement


def test_frag_grenade_is_not_a_normal_attack() -> None:
    # F6: damage not from a normal attack gives no Target and no Fame (#227's reading)
    s = new(2, 2)
    seat = s.actor
    zone(s, "087", None, None, None, None)
    turn(s, "fire", seat)
    hand(s, seat, "085")
    s, _ = G.apply(s, Play("085", 0))
    assert s.edmg[0] == 1 and s.fame[seat] == 0 and s.etgt[0] == [-1] * 4
    assert s.actor == seat and Done() in G.legal(s)


def test_incendiary_ammo_pays_a_shot_and_adds_1() -> None:
    s = new(2, 2)
    seat = s.actor
    zone(s, "087", None, None, None, None)
    turn(s, "fire", seat)
    hand(s, seat, "073")
    assert Attack(0, False, 0, 0, True) in G.legal(s)
    stack_outcomes(s, "103")  # face 3: a W2 deals 2, +1
    s, _ = G.apply(s, Attack(0, False, 0, 0, True))
    assert s.edmg[0] == 3 and G.count(s, seat, "ammo") == 1 and s.objects[seat] == []
    assert G.parse_action("attack 0v0 0 incendiary") == Attack(0, False, 0, 0, True)


def test_a_junk_weapon_never_takes_incendiary_ammo() -> None:
    s = new(2, 2)
    hand(s, 0, "073", "075")
    assert G._junk_pay(s, 0) == 1
    hand(s, 0, "073")
    assert G._junk_pay(s, 0) is None


def test_flare_gun_before_the_ambushes_in_forward_order() -> None:
    # F2: before any ambush, in Forward order; one enemy's ambush then passes you by
    s = new(2, 2)
    first, second = s.order
    s.mile = [9, 9]
    zone(s, "089", "089", None, None, None)
    s.zone[1] = idx("089")
    hand(s, second, "081")
    s.phase = "move"
    s.passed = [True, True]
    G._end_phase(s, [])
    assert s.phase == "flare" and s.actor == second
    assert G.legal(s) == [Play("081", 0), Play("081", 1), Done()]
    s, _ = G.apply(s, Play("081", 0))
    assert s.phase != "flare"  # nobody else holds one: the ambushes have struck
    # both lead: the first takes 2 + 2 to its REAR, the 4th on a survivor with no room
    assert s.phase == "choose" and s.pending[0] == "ambush_kill" and s.actor == first
    s, _ = G.apply(s, Pick(1))
    assert [C.cards[x[0]].name for x in s.surv[first]] == ["Leader"]  # the Co-pilot died
    leader = G.leaders(s)
    hits = {x: (2 if x in leader else 1) for x in (first, second)}
    assert G.damage_count(s, first) == 2 * hits[first]
    assert G.damage_count(s, second) == hits[second]


def test_energy_rations_give_one_explorer_2_more_value() -> None:
    from frostdesk.games.last_aurora.state import Explore

    s = new(2, 2)
    seat = s.actor
    s.surv[seat][1][2] = 1  # the Co-pilot is worth 0 now
    hand(s, seat, "079")
    legal = G.legal(s)
    assert Explore(4, (1,), (), -1, 1) not in legal  # cell 5 needs 3: 0 + 2 is short
    assert Explore(4, (0,), (), -1, 0) in legal  # the Leader's 2 + 2
    assert Explore(2, (1,), (), -1, 1) in legal  # cell 3 needs 2: 0 + 2
    assert Explore(2, (0,), (), -1, 0) not in legal  # the Leader reaches 2 without them
    s, ev = G.apply(s, Explore(2, (1,), (), -1, 1))
    assert s.objects[seat] == [] and idx("079") in s.odisc
    assert G.parse_action("explore 2 1 - -1 r1") == Explore(2, (1,), (), -1, 1)


def test_binoculars_show_the_top_3_to_their_player_only_and_reorder_them() -> None:
    from frostdesk.games.last_aurora.state import Order

    s = new(3, 2)
    seat = s.actor
    hand(s, seat, "086")
    top = s.xdeck[:3]
    s, ev = G.apply(s, Play("086"))
    assert s.actor == seat and len(G.legal(s)) == 6
    assert G.view(s, seat).xdeck[:3] == top
    other = next(x for x in range(3) if x != seat)
    assert all(x < 0 for x in G.view(s, other).xdeck)
    peek = next(e for e in ev if e.kind == "peeked")
    assert peek.seen_by(other) is not None and peek.seen_by(other).data["cards"] is None
    s, _ = G.apply(s, Order((2, 0, 1)))
    assert s.xdeck[:3] == [top[2], top[0], top[1]] and s.peek == 0
    assert G.parse_action("order 2,0,1") == Order((2, 0, 1))


def test_022_trader_swaps_one_resource_once_per_exploration() -> None:
    from frostdesk.games.last_aurora.state import Swap

    s = new(2, 2)
    seat = s.actor
    s.surv[seat].append([idx("022"), "A", 0])
    s._legal = None
    swaps = [a for a in G.legal(s) if isinstance(a, Swap)]
    assert len(swaps) == 6  # each held resource for each other one: every token fits
    s.convoy[seat][1][0][2] = ["surv", "ammo", "ammo", "food"]  # plain cargo full of Ammo
    s._legal = None
    swaps = [a for a in G.legal(s) if isinstance(a, Swap)]
    assert Swap("food", "ammo") in swaps  # the food/ammo cell takes it
    assert Swap("fuel", "food") not in swaps  # no cell left for Food
    s.convoy[seat][1][0][2] = ["surv", "ammo", "", "food"]
    s._legal = None
    s, _ = G.apply(s, Swap("fuel", "ammo"))
    assert G.count(s, seat, "fuel") == 0 and G.count(s, seat, "ammo") == 2
    assert not [a for a in G.legal(s) if isinstance(a, Swap)]
    assert G.parse_action("swap fuel ammo") == Swap("fuel", "ammo")


def test_energy_rations_cannot_also_pay_an_encounters_object_cost() -> None:
    from frostdesk.games.last_aurora.state import Explore

    s = new(2, 2)
    seat = s.actor
    s.surv[seat][0][2] = 2  # the Leader is worth 0
    s.surv[seat][1][2] = 1  # and the Co-pilot too
    zone(s, "071", "072", "017", "006", "013")  # Shady Trader: (b) costs 1 Object
    hand(s, seat, "079")
    legal = G.legal(s)
    # (a) costs 2 resources, still payable, in any 2 of your 3 kinds
    assert {a.pay for a in legal if isinstance(a, Explore) and a.cell == 2 and a.main == 0
            and a.ration == 0} == {("fuel", "food"), ("fuel", "ammo"), ("food", "ammo")}
    assert Explore(2, (0,), (), 1, 0) not in legal  # the only Object is the Rations
    assert Explore(2, (0,), (), -1, 0) in legal
