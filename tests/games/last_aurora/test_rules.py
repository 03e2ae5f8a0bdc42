"""Last Aurora's base rules, one test per rule of the brief's section 1 (ids in the names)."""

from __future__ import annotations

import pytest

from frostdesk.engine.game import IllegalAction
from frostdesk.games.last_aurora.state import (
    EMPTY,
    Answer,
    Attack,
    Done,
    Explore,
    Move,
    Pass,
    Pick,
    Rest,
)

from .helpers import C, G, clear, give, idx, names, new, stack_outcomes, turn, zone

# ---------------------------------------------------------------- setup (1.3)


@pytest.mark.parametrize("n", [2, 3, 4])
def test_setup_step_11_each_player_takes_the_start_kit(n: int) -> None:
    s = new(n)
    for seat in range(n):
        cv = s.convoy[seat]
        assert [C.cards[col[0][0]].name for col in cv] == ["Truck", "Container"]
        assert names(s, seat) == ["Leader", "Co-pilot"]
        assert [x[1] for x in s.surv[seat]] == ["A", "A"]
        assert [G.count(s, seat, t) for t in ("ammo", "food", "fuel", "surv")] == [1, 1, 1, 2]
        assert s.fame[seat] == 0 and s.targets[seat] == 2 and s.mile[seat] == 0
    assert sorted(s.order) == list(range(n))


@pytest.mark.parametrize("n,size", [(4, 60), (3, 54), (2, 48)])
def test_setup_step_6_deck_size_by_player_count(n: int, size: int) -> None:
    s = G.setup({"players": n}, 5)
    assert len(s.xdeck) + 3 == size  # 3 cards went to the zone
    assert len(s.removed) == 54 + 6 - size
    assert all(C.cards[x].plus for x in s.removed)
    periods = [C.cards[x].period for x in s.xdeck]
    assert periods == sorted(periods)  # stack III at the bottom, I on top


def test_setup_step_8_rusty_containers_then_no_event_or_enemy() -> None:
    for seed in range(30):
        s = G.setup({"players": 3}, seed)
        assert [C.cards[x].name for x in s.zone[:2]] == ["Rusty Container"] * 2
        assert all(C.cards[x].kind not in ("event", "enemy") and C.cards[x].period == 1
                   for x in s.zone[2:])


def test_setup_road_aurora_counters_and_wrecks() -> None:
    s = G.setup({"players": 2}, 3)
    assert s.aurora == 15  # the Aurora on red waypoint W1
    assert sorted(m for m, _ in s.counters) == list(C.road.special)
    assert sorted(k for _, k in s.counters) == list(range(10))
    assert s.wrecks == list(C.road.wrecks)


def test_player_counts_and_the_automa_option_are_checked() -> None:
    with pytest.raises(ValueError, match="1 to 4 convoys, not 5"):
        G.setup({"players": 5}, 1)
    with pytest.raises(ValueError, match="easy, normal or hard, not 'brutal'"):
        G.setup({"players": 1, "automa": "brutal"}, 1)
    assert G.setup({"players": 1}, 1).level == "normal"  # the default level
    assert G.setup({"players": 3, "automa": "hard"}, 1).level == ""  # only solo has it


# ---------------------------------------------------------------- exploration (1.5)


def test_x2_exploration_starts_with_the_last_in_turn_order_and_goes_round() -> None:
    s = new(3, 4)
    assert s.phase == "explore" and s.actor == s.order[-1]
    first = s.actor
    s, _ = G.apply(s, Pass())
    assert s.actor == s.order[-2]
    s, _ = G.apply(s, Pass())
    assert s.actor == s.order[0]
    s = s.copy()
    assert first != s.actor


def test_x2_passing_is_final_and_the_phase_ends_when_all_have_passed() -> None:
    s = new(2, 4)
    s, _ = G.apply(s, Pass())
    s, _ = G.apply(s, Pass())
    # Rest had nobody to feed: each Rest turn is only the cargo's (RS2), one click each
    assert s.phase == "rest" and Rest(()) in G.legal(s)
    s, _ = G.apply(s, Rest(()))
    s, _ = G.apply(s, Rest(()))
    assert s.phase == "move"


def test_x3_the_explorers_value_must_reach_the_cells() -> None:
    s = new(2, 2)
    seat = s.actor
    leader, copilot = 0, 1
    legal = G.legal(s)
    # cell 5 needs 3: Leader 2 + Co-pilot 1, or Leader fed (2+1) with 1 Food
    assert Explore(4, (leader, copilot), (), -1) in legal
    assert Explore(4, (leader,), (leader,), -1) in legal
    assert Explore(4, (copilot,), (), -1) not in legal
    assert Explore(4, (leader,), (), -1) not in legal
    # Contamination lowers the value
    s.surv[seat][leader][2] = 1
    s._legal = None
    assert Explore(2, (leader,), (), -1) not in G.legal(s)
    assert Explore(2, (leader,), (leader,), -1) in G.legal(s)
    with pytest.raises(IllegalAction, match="needs a value of 2"):
        G.apply(s, Explore(2, (leader,), (), -1))


def test_x3_feeding_costs_a_food() -> None:
    s = new(2, 2)
    seat = s.actor
    s, _ = G.apply(s, Explore(4, (0,), (0,), -1))
    assert G.count(s, seat, "food") == 0


def test_x5_explorers_are_exhausted_but_the_leader_rests() -> None:
    s = new(2, 2)
    seat = s.actor
    s, _ = G.apply(s, Explore(4, (0, 1), (), -1))
    assert [x[1] for x in s.surv[seat]] == ["R", "X"]


def test_x1_cell_bonus_is_taken() -> None:
    s = new(2, 2)
    seat = s.actor
    clear(s, seat)
    s, _ = G.apply(s, Explore(1, (1,), (), -1))  # cell 2: +1 Fuel
    assert G.count(s, seat, "fuel") == 1


def test_x6_gather_fills_free_cells_then_the_card_leaves_and_the_row_slides() -> None:
    s = new(2, 2)
    seat = s.actor
    clear(s, seat)
    zone(s, "071", "072", "015", "006", "013")  # Gas Station in cell 3
    nxt = s.xdeck[0]
    s, _ = G.apply(s, Explore(2, (0,), (), 0))
    assert G.count(s, seat, "fuel") == 2
    assert G.count(s, seat, "ammo") == 1  # cell 3's bonus
    assert C.cards[s.xdisc[-1]].name == "Gas Station"
    assert [C.cards[x].name for x in s.zone[2:4]] == ["Flatbed", "Helicopter Wreck"]
    assert s.zone[4] == nxt or C.cards[nxt].kind == "event"


def test_x6_gathered_tokens_that_do_not_fit_are_lost() -> None:
    s = new(2, 2)
    seat = s.actor
    for slot in (s.convoy[seat][0][0], s.convoy[seat][1][0]):
        slot[2] = ["surv" if t == "surv" else "ammo" if G.code(slot, k)[0] == "C" else t
                   for k, t in enumerate(slot[2])]
    zone(s, "071", "072", "015", "006", "013")
    s, ev = G.apply(s, Explore(2, (0,), (), 0))
    gains = [e for e in ev if e.kind == "gained" and e.data["token"] == "fuel"]
    assert gains and all(g.data["n"] == 0 for g in gains)
    assert sum(int(g.data["lost"]) for g in gains) == 2
    # the log says it plainly, not "gains 0 Fuel"
    assert all("has no room for" in g.text and "gains 0" not in g.text for g in gains)


def test_x6_radiation_contaminates_an_explorer() -> None:
    s = new(2, 2)
    seat = s.actor
    zone(s, "071", "072", "014", "006", "013")  # Contaminated Warehouse
    s, _ = G.apply(s, Explore(2, (0,), (), 0))
    assert s.surv[seat][0][2] == 1 and s.surv[seat][1][2] == 0


def test_x6_a_truck_replaces_yours_and_drops_trailers_beyond_its_tow() -> None:
    s = new(2, 2)
    seat = s.actor
    s.convoy[seat].append([G._slot(idx("006")), None])
    s.convoy[seat].append([G._slot(idx("007")), None])  # 3 trailers: too many for Tow 2
    s.convoy[seat][0][0][1][0] = 1  # 1 Damage on the old truck goes back to the supply
    zone(s, "071", "072", "023", "006", "013")  # Road Hog, Tow 2
    s, _ = G.apply(s, Explore(2, (0,), (), 0))
    assert [C.cards[c[0][0]].name for c in s.convoy[seat]] == ["Road Hog", "Container",
                                                               "Flatbed"]
    assert G.damage_count(s, seat) == 0
    assert {C.cards[x].name for x in s.xdisc} >= {"Truck", "Fuel Bowser"}


def test_x6_a_trailer_joins_at_the_rear_only_within_the_tow() -> None:
    s = new(2, 2)
    seat = s.actor
    assert G.improve_choices(s, seat, idx("006")) == [1, 2]  # replace the Container, or join
    s.convoy[seat].append([G._slot(idx("007")), None])
    assert G.improve_choices(s, seat, idx("006")) == [1, 2]  # Tow 2: full


def test_x6_recruit_needs_a_free_c_cell() -> None:
    s = new(2, 2)
    seat = s.actor
    zone(s, "071", "072", "001", "006", "013")  # Mechanic
    s2, _ = G.apply(s, Explore(2, (0,), (), 0))
    assert names(s2, seat)[-1] == "Mechanic" and s2.surv[seat][-1][1] == "R"
    assert G.count(s2, seat, "surv") == 3
    for col in s.convoy[seat]:
        slot = col[0]
        slot[2] = [t or ("food" if G.code(slot, k).startswith("C") else "")
                   for k, t in enumerate(slot[2])]
    s._legal = None
    assert Explore(2, (0,), (), 0) not in G.legal(s)


def test_x6_encounter_options_need_their_cost() -> None:
    s = new(2, 2)
    seat = s.actor
    zone(s, "071", "072", "052", "006", "013")  # Radio Contact: 1 Fuel -> 2 Fame, or an Object
    assert G.main_choices(s, seat, idx("052")) == [0, 1]
    clear(s, seat)
    assert G.main_choices(s, seat, idx("052")) == [1]
    give(s, seat, "fuel")
    s, _ = G.apply(s, Explore(2, (0,), (), 0))
    assert s.fame[seat] == 2 and G.count(s, seat, "fuel") == 0


def test_x4_an_enemy_cell_gives_only_the_bonus() -> None:
    s = new(2, 2)
    zone(s, "071", "072", "087", "006", "013")
    assert G.main_choices(s, s.actor, idx("087")) == []
    assert G.main_choices(s, s.actor, EMPTY) == []


def test_x7_an_event_revealed_resolves_at_once() -> None:
    s = new(2, 2)
    zone(s, "071", "072", "015", "006", "013")
    s.xdeck.insert(0, idx("018"))  # Blizzard
    s, ev = G.apply(s, Explore(2, (0,), (), 0))
    assert s.speed_all == [-1, -1]
    assert idx("018") in s.xdisc and idx("018") not in s.zone


def test_x0_an_offer_event_asks_each_player_in_forward_order() -> None:
    s = new(2, 2)
    zone(s, "071", "072", "015", "006", "013")
    s.xdeck.insert(0, idx("054"))  # Aurora Broadcast: 1 Fuel for 1 Fame
    explorer = s.actor
    s, _ = G.apply(s, Explore(2, (0,), (), 0))
    assert s.phase == "offer" and s.actor == s.order[0]
    first = s.actor
    fuel = G.count(s, first, "fuel")
    s, _ = G.apply(s, Answer(True))
    assert s.fame[first] == 1 and G.count(s, first, "fuel") == fuel - 1
    if s.phase == "offer":
        s, _ = G.apply(s, Answer(False))
    assert s.phase == "explore" and s.offer == []
    assert s.actor == G._seq(s)[(G._seq(s).index(explorer) + 1) % 2]  # the turn goes on


# ---------------------------------------------------------------- rest (1.6)


def test_rs1_rest_to_active_and_exhausted_fed_or_resting() -> None:
    s = new(2, 2)
    seat = s.actor
    s.surv[seat][0][1] = "R"
    s.surv[seat][1][1] = "X"
    turn(s, "rest", seat)
    assert [a for a in G.legal(s) if isinstance(a, Rest)] == [Rest(()), Rest((1,))]
    s2, _ = G.apply(s, Rest((1,)))
    assert [x[1] for x in s2.surv[seat]] == ["A", "A"] and G.count(s2, seat, "food") == 0
    s3, _ = G.apply(s, Rest(()))
    assert [x[1] for x in s3.surv[seat]] == ["A", "R"] and G.count(s3, seat, "food") == 1


# ---------------------------------------------------------------- movement (1.7)


def test_mv1_without_fuel_you_stay() -> None:
    s = new(2, 2)
    seat = s.actor
    turn(s, "move", seat)
    clear(s, seat)
    assert G.move_choices(s, seat) == [Move(0)]


def test_mv1_mv2_speed_and_boost() -> None:
    s = new(2, 2)
    seat = s.actor
    turn(s, "move", seat)
    s.counters = []
    assert G.speed(s, seat) == 3  # truck 2 + Co-pilot 1
    moves = G.move_choices(s, seat)
    assert max(m.to for m in moves if not m.boost) == 3
    assert not any(m.boost for m in moves)  # 1 Fuel only
    give(s, seat, "fuel")
    moves = G.move_choices(s, seat)
    assert [m.to for m in moves if m.boost] == [4]  # Boost +1
    s2, _ = G.apply(s, Move(4, True))
    assert s2.mile[seat] == 4 and G.count(s2, seat, "fuel") == 0


def test_mv2_copilot_adds_one_more_six_miles_behind() -> None:
    s = new(3, 2)
    seat = s.actor
    base = G.speed(s, seat)  # truck 2 + Co-pilot 1
    rival = (seat + 1) % 3
    s.mile[rival] = 5
    assert G.speed(s, seat) == base
    s.mile[rival] = 6
    assert G.speed(s, seat) == base + 1


def test_mv2_with_2_players_the_copilot_adds_one_more_four_miles_behind() -> None:
    # ruling "The Co-pilot with 2 players"
    s = new(2, 2)
    seat = s.actor
    base = G.speed(s, seat)
    s.mile[1 - seat] = 3
    assert G.speed(s, seat) == base
    s.mile[1 - seat] = 4
    assert G.speed(s, seat) == base + 1
    s.mile[seat] = 1  # 3 behind again
    assert G.speed(s, seat) == base


def test_mv2_solo_the_copilot_counts_six_miles_behind_the_automa() -> None:
    s, _ = G.new_game({"players": 1, "automa": "normal"}, 2)
    base = G.speed(s, 0)
    s.mile[1] = 5  # the Automa, 5 miles ahead: a solo game is not a 2-player game
    assert G.speed(s, 0) == base
    s.mile[1] = 6
    assert G.speed(s, 0) == base + 1


def test_mv2_a_truck_with_every_cell_damaged_has_speed_1() -> None:
    s = new(2, 2)
    seat = s.actor
    slot = s.convoy[seat][0][0]
    slot[1] = [1] * len(slot[1])
    assert G.speed(s, seat) == 2  # base 1 + Co-pilot


def test_mv3_shortcuts_are_for_tracked_trucks() -> None:
    s = new(2, 2)
    seat = s.actor
    s.mile[seat] = 2
    assert 5 not in G.reachable(s, seat, 1)
    G._improve(s, seat, idx("005"), 0, [])  # Snow Crawler, tracked
    assert 5 in G.reachable(s, seat, 1)


def test_mv3_mv5_nobody_passes_the_aurora_and_entering_it_boards() -> None:
    s = new(2, 2)
    seat = s.actor
    s.mile[seat] = 13
    assert G.reachable(s, seat, 5) == [14, 15]
    turn(s, "move", seat)
    s.order = [seat, 1 - seat]
    s, ev = G.apply(s, Move(15))
    assert s.boarded == [seat] and s.board_round == 1
    assert any(e.kind == "boarded" for e in ev)
    assert G.attacks(s, seat) == []  # off the road


def test_mv4_the_space_you_stop_on_acts() -> None:
    s = new(2, 2)
    seat = s.actor
    turn(s, "move", seat)
    s.order = [seat, 1 - seat]
    s.counters = [[1, next(c.index for c in C.counters if c.name == "Radio Tower")]]
    s2, _ = G.apply(s, Move(1))
    assert s2.fame[seat] == 2 and s2.counters == []
    s3, _ = G.apply(s, Move(3))  # a wreck: its token and an Object
    assert 3 not in s3.wrecks and len(s3.objects[seat]) == 1
    s.mile[seat] = 2
    s._legal = None
    s4, _ = G.apply(s, Move(5, cont=1))  # radiation, on the survivor you choose
    assert [x[2] for x in s4.surv[seat]] == [0, 1]


def test_mv4_passing_a_space_does_nothing() -> None:
    s = new(2, 2)
    seat = s.actor
    turn(s, "move", seat)
    s.order = [seat, 1 - seat]
    s, _ = G.apply(s, Move(2))  # passes the counter on mile 1
    assert len(s.counters) == 10 and s.wrecks == list(C.road.wrecks)


def test_mv7_turn_order_follows_the_road_ties_to_the_first_there() -> None:
    s = new(3, 2)
    turn(s, "move", s.order[0])
    a, b, c = s.order
    s, _ = G.apply(s, Move(2))
    s, _ = G.apply(s, Move(3))
    s, _ = G.apply(s, Move(2))
    assert s.order == [b, a, c]
    assert s.phase in ("fire", "explore", "offer")


# ---------------------------------------------------------------- fire weapons (1.8)


def test_f3_an_enemy_ambushes_only_its_region_leaders_and_others() -> None:
    s = new(3, 2)
    a, b, c = range(3)
    s.mile = [9, 9, 8]  # a and b lead in the Coast, c follows; nobody in the Valley
    zone(s, "071", "089", "087", None, None)  # Harpoon Sled (Coast), Wolf Rider Scouts (Valley)
    ev: list = []
    G._ambushes(s, ev)
    assert [G.damage_count(s, x) for x in (a, b, c)] == [2, 2, 1]
    assert not any(e.kind == "ambush" and e.data["card"] == "087" for e in ev)


def test_f5_attack_pays_ammo_deals_min_of_face_and_value_and_places_a_target() -> None:
    s = new(2, 2)
    seat = s.actor
    zone(s, "087", None, None, None, None)
    turn(s, "fire", seat)
    stack_outcomes(s, "101")  # face 5
    s, _ = G.apply(s, Attack(0, False, 0, 0))  # the truck's W2
    assert s.edmg[0] == 2 and s.fame[seat] == 1
    assert s.etgt[0] == [seat, -1, -1, -1] and s.targets[seat] == 1
    assert G.count(s, seat, "ammo") == 0


def test_f5_a_miss_does_nothing() -> None:
    s = new(2, 2)
    seat = s.actor
    zone(s, "087", None, None, None, None)
    turn(s, "fire", seat)
    stack_outcomes(s, "099")
    s, _ = G.apply(s, Attack(0, False, 0, 0))
    assert s.edmg[0] == 0 and s.fame[seat] == 0 and s.targets[seat] == 2


def test_f5_each_weapon_fires_once_and_only_at_enemies_in_your_region() -> None:
    s = new(2, 2)
    seat = s.actor
    give(s, seat, "ammo")
    zone(s, "087", "089", None, None, None)  # Valley and Coast
    turn(s, "fire", seat)
    assert G.legal(s) == [Attack(0, False, 0, 0), Done()]
    stack_outcomes(s, "099")
    s, _ = G.apply(s, Attack(0, False, 0, 0))
    assert s.phase != "fire" or s.actor != seat


def test_f7_destruction_loot_lottery_by_letters() -> None:
    s = new(3, 2)
    zone(s, "087", None, None, None, None)
    s.edmg[0] = 3
    s.etgt[0] = [1, 2, -1, -1]
    s.targets = [2, 1, 1]
    stack_outcomes(s, "101", "103")  # the shot: face 5; the lottery: letters BCAD -> box B
    turn(s, "fire", 0)
    s.round = 3  # Loot from stack III-IV
    s, ev = G.apply(s, Attack(0, False, 0, 0))
    won = [e.data for e in ev if e.kind == "destroyed"]
    assert won and won[0]["seat"] == 2
    loot = [e.data["card"] for e in ev if e.kind == "loot"]
    assert loot and C.by_id(str(loot[0])).stack == 2
    assert s.targets == [2, 2, 2]  # the counters go home
    assert idx("087") in s.gone and idx("087") not in s.zone


def test_f7_a_lone_target_owner_takes_the_loot_without_a_reveal() -> None:
    s = new(2, 2)
    zone(s, "087", None, None, None, None)
    s.edmg[0] = 3
    s.etgt[0] = [1, -1, -1, -1]
    s.targets = [2, 1]
    stack_outcomes(s, "105")  # face 1
    turn(s, "fire", 1)
    s, ev = G.apply(s, Attack(0, False, 0, 0))
    assert [e.data["seat"] for e in ev if e.kind == "destroyed"] == [1]
    assert sum(1 for e in ev if e.kind == "outcome") == 1  # the shot only


# ---------------------------------------------------------------- damage (1.10)


def test_d1_damage_goes_to_empty_armor_first_then_empty_cargo() -> None:
    s = new(2, 2)
    seat = 0
    ev: list = []
    G.damage(s, seat, "FRONT", 2, ev)
    truck = s.convoy[seat][0][0]
    codes = [G.code(truck, k) for k in range(4) if truck[1][k]]
    assert codes[0] == "A" and len(codes) == 2
    assert G.count(s, seat, "surv") == 2


def test_d1_overflow_goes_to_the_rest_of_the_convoy_then_costs_fame() -> None:
    s = new(2, 2)
    seat = 0
    s.fame[seat] = 3
    ev: list = []
    G.damage(s, seat, "FRONT", 6, ev)
    assert sum(s.convoy[seat][0][0][1]) == 4 and sum(s.convoy[seat][1][0][1]) == 2
    G.damage(s, seat, "ALL", 4, ev)
    assert s.fame[seat] == 1  # 2 counters found no cell


def test_d2_a_hit_survivor_token_moves_or_a_survivor_dies() -> None:
    s = new(2, 2)
    seat = 0
    ev: list = []
    G.damage(s, seat, "ALL", 6, ev)  # every cell but the two Survivor tokens' cells
    assert G.count(s, seat, "surv") == 2 and len(s.surv[seat]) == 2
    G.damage(s, seat, "ALL", 1, ev)
    assert len(s.surv[seat]) == 1 and names(s, seat) == ["Leader"]
    assert any(e.kind == "died" for e in ev)


def test_d3_repair_removes_damage() -> None:
    s = new(2, 2)
    ev: list = []
    G.damage(s, 0, "ALL", 3, ev)
    G.repair(s, 0, 2, ev)
    assert G.damage_count(s, 0) == 1


def test_d4_a_survivor_dies_on_its_third_contamination() -> None:
    s = new(2, 2)
    ev: list = []
    s.surv[0][1][2] = 2
    G._contaminate(s, 0, 1, 1, ev)
    G._bury(s, 0, ev)
    assert names(s, 0) == ["Leader"] and G.count(s, 0, "surv") == 1


def test_d5_objects_beyond_the_limit_are_discarded() -> None:
    # outside your own Explore or Move (here: not your turn) the card drawn goes at once
    s = new(2, 2)
    other = 1 - s.actor
    ev: list = []
    for _ in range(4):
        G.draw_object(s, other, ev)
    assert len(s.objects[other]) == 3 and len(s.odisc) == 1


def test_d5_drawing_one_too_many_in_your_action_you_choose_which_to_discard() -> None:
    s = new(2, 2)
    seat = s.actor
    s.objects[seat] = [idx("075"), idx("077"), idx("083")]  # Toolkit, Jerrycan, Geiger
    s.odeck.insert(0, idx("084"))  # Snow Chains on top
    s, _ = G.apply(s, Explore(4, (0, 1), (), -1))  # cell 5's bonus: 1 Object
    assert s.phase == "choose" and s.actor == seat and len(s.objects[seat]) == 4
    assert G.legal(s) == [Pick(0), Pick(1), Pick(2), Pick(3)]
    assert G.pick_text(s, 3) == "Discard Snow Chains"
    s, ev = G.apply(s, Pick(1))  # keep the new Snow Chains, drop the Jerrycan
    assert [C.cards[o].id for o in s.objects[seat]] == ["075", "083", "084"]
    assert s.odisc[-1] == idx("077") and s.phase == "explore" and s.actor != seat
    # two copies of one Object are one option
    s2 = new(2, 2)
    seat = s2.actor
    s2.objects[seat] = [idx("075"), idx("076"), idx("077")]  # 2 Toolkits, a Jerrycan
    s2.odeck.insert(0, idx("078"))  # the other Jerrycan
    s2, _ = G.apply(s2, Explore(4, (0, 1), (), -1))
    assert G.legal(s2) == [Pick(0), Pick(2)]


def test_d6_fame_never_drops_below_minus_one() -> None:
    s = new(2, 2)
    ev: list = []
    G._fame(s, 0, -3, ev)
    assert s.fame[0] == -1


# ---------------------------------------------------------------- end of round (1.9)


def play_to_round_end(s):
    """Everyone passes or stays until the round ends."""
    r = s.round
    while s.round == r and s.phase != "over":
        legal = G.legal(s)
        choice = next((a for a in legal if isinstance(a, (Pass, Done, Answer))), None)
        if choice is None:
            choice = next(a for a in legal if isinstance(a, Move) and a.to == s.mile[s.actor]) \
                if s.phase == "move" else legal[0]
        s, _ = G.apply(s, choice)
    return s


def test_e4_the_aurora_waits_on_w1_through_round_2_then_follows_the_rounds() -> None:
    s = new(2, 2)
    seen = []
    for _ in range(6):
        s = play_to_round_end(s)
        seen.append(s.aurora)
    assert seen == [15, 17, 19, 21, 23, 25]


def test_e4_once_anyone_boarded_the_aurora_never_moves() -> None:
    s = new(2, 2)
    s.boarded, s.board_round = [0], 1
    s.mile[0] = 15
    s = play_to_round_end(s)
    assert s.aurora == 15


def test_e5_last_call_one_more_round_after_the_first_boarding() -> None:
    s = new(2, 2)
    s.boarded, s.board_round = [0], 1
    s.mile[0] = 15
    s = play_to_round_end(s)
    assert s.round == 2 and s.phase != "over"
    s = play_to_round_end(s)
    assert s.phase == "over" and s.round == 2


def test_e5_the_game_ends_after_round_6() -> None:
    s = new(2, 2)
    for _ in range(6):
        s = play_to_round_end(s)
    assert s.phase == "over" and s.round == 6 and G.outcome(s) is not None


def test_e3_enemies_wholly_behind_every_road_convoy_leave() -> None:
    s = new(2, 2)
    s.mile = [8, 9]  # both in the Coast
    zone(s, "087", "089", None, None, None)
    s.etgt[0] = [0, -1, -1, -1]
    s.targets[0] = 1
    s = play_to_round_end(s)
    assert idx("087") in s.gone and s.targets[0] == 2
    assert idx("089") in s.zone


# ---------------------------------------------------------------- scoring (1.11)


def test_w1_scoring_when_nobody_boarded() -> None:
    s = new(2, 2)
    s.mile = [10, 4]
    s.fame = [2, 1]
    ev: list = []
    G.damage(s, 1, "FRONT", 1, ev)
    parts = G.scores(s)
    assert parts[0] == {"track": 2, "distance": 6, "cells": 0, "survivors": 0, "condition": 2}
    assert parts[1]["condition"] == 1 and parts[1]["distance"] == 0


def test_w1_scoring_when_someone_boarded_counts_survivors_aboard_only() -> None:
    s = new(2, 2)
    s.mile = [15, 5]
    s.boarded = [0]
    s.convoy[1].append([G._slot(idx("026")), None])  # Cold Store: S★1
    parts = G.scores(s)
    assert parts[0]["survivors"] == 4 and parts[1]["survivors"] == 0
    assert parts[1]["cells"] == 1 and parts[0]["condition"] == 0


def test_w1_boarding_order_counts_1_mile_per_convoy_aboard_after_less_one() -> None:
    """Ruling "Boarding order": with 4 convoys aboard the first counts 2 miles more, the
    second 1; a convoy left on the road and the last two aboard count none."""
    s = new(4, 2)
    s.mile = [23, 23, 23, 23]
    s.boarded = [2, 0, 3, 1]
    assert [p["distance"] for p in G.scores(s)] == [1, 0, 2, 0]
    s.boarded = [2, 0, 3]
    s.mile[1] = 20
    assert [p["distance"] for p in G.scores(s)] == [3, 0, 4, 3]


def test_w1_boarding_order_never_scores_with_two_players() -> None:
    s = new(2, 2)
    s.mile = [23, 23]
    s.boarded = [1, 0]
    assert [p["distance"] for p in G.scores(s)] == [0, 0]


def test_w2_ties_go_to_the_convoy_further_ahead() -> None:
    s = new(2, 2)
    s.phase = "over"
    s.mile = [3, 3]
    s.fame = [1, 1]
    s.boarded = []
    o = G.outcome(s)
    assert o is not None and o.places == (1, 1)
    s.mile = [5, 4]
    s.fame = [0, 1]  # 0 + 1 mile + 2 clean cards against 1 + 0 + 2
    o = G.outcome(s)
    assert o is not None and o.scores == (3, 3) and o.places == (1, 2)
    assert o.tiebreak == "further ahead"


def test_loot_wolf_tamer_takes_1_off_one_ambush_per_phase() -> None:
    s = new(2, 2)
    s.surv[0].append([idx("094"), "A", 0])
    s.mile = [9, 9]
    zone(s, "089", "089", None, None, None)  # the same Harpoon Sled twice: 2 to the REAR each
    s.zone[1] = idx("089")
    s.phase, s.passed = "fire", [False, False]
    assert G._ambushes(s, []) is False  # seat 1's 4th counter hits a survivor: who dies?
    s, _ = G.apply(s, Pick(0))
    assert G.damage_count(s, 0) == 3 and G.damage_count(s, 1) == 4


def test_f5_with_no_target_in_hand_one_moves_from_another_enemy() -> None:
    s = new(2, 2)
    seat = s.actor
    zone(s, "087", "088", "088", None, None)
    s.etgt[1] = [seat, -1, -1, -1]
    s.etgt[2] = [1 - seat, seat, -1, -1]
    s.edmg[2] = 3  # nearly destroyed: its Target stays
    s.targets[seat] = 0
    turn(s, "fire", seat)
    stack_outcomes(s, "105")
    # two enemies hold one of yours: the Attack says which one moves if it hits
    assert {a.recall for a in G.legal(s) if isinstance(a, Attack) and a.target == 0} == {1, 2}
    with pytest.raises(IllegalAction):
        G.apply(s, Attack(0, False, 0, 0))
    a, _ = G.apply(s, Attack(0, False, 0, 0, recall=1))
    assert a.etgt[0] == [seat, -1, -1, -1]
    assert a.etgt[1] == [-1, -1, -1, -1] and a.etgt[2] == [1 - seat, seat, -1, -1]
    assert a.targets[seat] == 0
    b, _ = G.apply(s, Attack(0, False, 0, 0, recall=2))
    assert b.etgt[1] == [seat, -1, -1, -1] and b.etgt[2] == [1 - seat, -1, -1, -1]
    assert b.etgt[0] == [seat, -1, -1, -1]
    # with one enemy holding yours there is nothing to say
    s.etgt[2] = [1 - seat, -1, -1, -1]
    s._legal = None
    assert {a.recall for a in G.legal(s) if isinstance(a, Attack)} == {-1}


def test_x1_cell_4_repairs_2_or_removes_1_contamination() -> None:
    s = new(2, 2)
    seat = s.actor
    G.damage(s, seat, "REAR", 2, [])
    assert not any(getattr(a, "alt", False) for a in G.legal(s))  # nobody contaminated
    s.surv[seat][1][2] = 1
    s._legal = None
    assert Explore(3, (0,), (), -1, -1, True) in G.legal(s)
    s2, _ = G.apply(s, Explore(3, (0,), (), -1))
    assert G.damage_count(s2, seat) == 0 and s2.surv[seat][1][2] == 1
    s3, _ = G.apply(s, Explore(3, (0,), (), -1, -1, True))
    assert G.damage_count(s3, seat) == 2 and s3.surv[seat][1][2] == 0
    assert G.parse_action("explore 3 0 - -1 r0 alt") == Explore(3, (0,), (), -1, 0, True)


def test_d7_rs2_a_token_thrown_away_makes_room_for_a_recruit() -> None:
    from frostdesk.games.last_aurora.state import Drop

    s = new(2, 2)
    seat = s.actor
    zone(s, "071", "072", "001", "006", "013")  # Mechanic
    for col in s.convoy[seat]:
        slot = col[0]
        slot[2] = [t or ("food" if G.code(slot, k).startswith("C") else "")
                   for k, t in enumerate(slot[2])]
    s._legal = None
    assert Explore(2, (0,), (), 0) not in G.legal(s)
    assert Drop("food") in G.legal(s)
    s, _ = G.apply(s, Drop("food"))
    assert s.actor == seat and Explore(2, (0,), (), 0) in G.legal(s)
    turn(s, "rest", seat)
    assert Drop("food") in G.legal(s)
    turn(s, "move", seat)
    assert Drop("food") not in G.legal(s)
