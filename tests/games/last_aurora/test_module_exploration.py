"""Frozen Steel, Module 1: the New Exploration deck (brief 2.1, 4.8; seed 000, Module 1).

Every card note of cards 201-234 in the seed is a test here, with the seed's numbers, and
every row of the brief's table 4.8 for those cards is checked against the data.
"""

from __future__ import annotations

from pathlib import Path

import pytest

from frostdesk.games.last_aurora.content import validate
from frostdesk.games.last_aurora.state import (
    EMPTY,
    Attack,
    Done,
    Explore,
    Move,
    Pick,
    Play,
    State,
)
from frostdesk.paths import cards_dir

from .helpers import C, G, clear, give, idx, stack_outcomes, turn, zone

MOD = {"modules": ["exploration"]}


def new(n: int = 2, seed: int = 1) -> State:
    return G.new_game({"players": n, **MOD}, seed)[0]


def hand(s: State, seat: int, *ids: str) -> None:
    s.objects[seat] = [idx(i) for i in ids]
    s._legal = None


def survivor(s: State, seat: int, card: str, zone_code: str = "A", cont: int = 0) -> int:
    """Give a convoy a survivor (with its token in a free cargo cell); its index."""
    s.surv[seat].append([idx(card), zone_code, cont])
    assert G._store_c(s, seat)
    s._legal = None
    return len(s.surv[seat]) - 1


def device(s: State, seat: int, card: str, col: int = 0) -> None:
    s.convoy[seat][col][1] = G._slot(idx(card))
    s._legal = None


# ---------------------------------------------------------------- the cards (4.8)

ROWS = {  # id: (name, kind, period, what the row fixes)
    "201": ("Frozen Pump", "location", 1, {"gather": (frozenset({"fuel"}),) * 2}),
    "202": ("Scrapyard", "location", 2, {"gather": (frozenset({"fuel"}),
                                                   frozenset({"object"}))}),
    "207": ("Observer", "survivor", 1, {"value": 2}),
    "208": ("Dog Handler", "survivor", 1, {"value": 2}),
    "210": ("Wanted Fugitive", "encounter", 1, {}),
    "213": ("Tool Wagon", "trailer", 1, {"cells": ("C", "C", "S:eor-object")}),
    "215": ("Junk Machine Gun", "device", 1, {"cells": ("J3", "C")}),
    "203": ("Bunker", "location", 2, {"gather": (frozenset({"ammo"}),) * 2
                                       + (frozenset({"fuel"}),)}),
    "204": ("Burnt Depot", "location", 2, {"radiation": 1}),
    "209": ("Sniper", "survivor", 2, {"value": 2}),
    "211": ("Snowstorm", "event", 1, {}),
    "212": ("Ice Runner", "truck", 2, {"speed": 4, "boost": 1, "tow": 2,
                                       "cells": ("W2", "C", "C:fuel")}),
    "214": ("Stash Box", "device", 2, {"cells": ("S:object-limit", "C")}),
    "216": ("Scrap Cannon", "device", 2, {"cells": ("J4", "A")}),
    "205": ("Old Refinery", "location", 3, {"gather": (frozenset({"fuel"}),) * 3,
                                            "radiation": 1}),
    "206": ("Military Dump", "location", 3, {"gather": (frozenset({"ammo"}),) * 2
                                             + (frozenset({"object"}),)}),
    "217": ("Nail Thrower", "device", 3, {"cells": ("J2", "C", "C")}),
    "218": ("Junk Mortar", "device", 3, {"cells": ("J4", "C")}),
    "219": ("Spike Launcher", "device", 3, {"cells": ("J2", "W2")}),
    "220": ("Armored Trailer", "trailer", 3, {"cells": ("A", "A", "C", "C", "C")}),
    "221": ("Stranded Engineer", "encounter", 3, {}),
    "222": ("Emergency Message", "event", 3, {}),
}
OBJECTS = {"223": "Canned Food", "225": "Stealth Device", "227": "Anti-Tank Gun",
           "229": "Smoke Bomb", "231": "Unstable Fuel", "233": "Anti-Radiation Serum"}


def test_every_row_of_the_table_is_in_the_data() -> None:
    for number, (name, kind, period, fields) in ROWS.items():
        card = C.by_id(number)
        assert (card.name, card.kind, card.period, card.plus) == (name, kind, period, True)
        for key, value in fields.items():
            assert getattr(card, key) == value, (number, key)
    for first, name in OBJECTS.items():
        second = f"{int(first) + 1:03}"
        assert C.by_id(first).name == C.by_id(second).name == name  # two copies each
        assert C.by_id(second).design == first


def test_the_seeds_card_notes_are_marked_as_the_rulebooks() -> None:
    for number in ("207", "208", "209", "210", "211", "213", "214", "222", *OBJECTS):
        assert C.by_id(number).source == "rulebook", number


# ---------------------------------------------------------------- M1.1, M1.2 setup

def test_m1_1_blue_plus_cards_replace_the_orange_plus_ones() -> None:
    s = new(4)
    deck = {C.cards[x].id for x in s.xdeck + s.zone if x >= 0}
    assert {f"{n:03}" for n in range(201, 223)} <= deck
    orange = {c.id for c in C.cards if c.plus and c.id.isdigit() and int(c.id) <= 54}
    assert not deck & orange and not s.removed  # 4 players: none removed (6b)
    assert len(s.xdeck) + 3 == 54 + 6  # the 3 in the zone; the Rusty Containers aside


def test_m1_1_step_6b_removes_blue_plus_cards_by_player_count() -> None:
    for n, per_period in ((2, 4), (3, 2)):
        s = new(n, 3)
        assert len(s.removed) == 3 * per_period
        assert all(C.cards[x].plus and 201 <= int(C.cards[x].id) <= 222 for x in s.removed)
        base = G.new_game({"players": n}, 3)[0]
        assert len(s.xdeck) == len(base.xdeck)  # the deck is as big as the base game's


def test_m1_2_the_twelve_new_objects_join_the_object_deck() -> None:
    s = new(2)
    assert len(s.odeck) == 26
    assert {C.cards[x].id for x in s.odeck} >= {f"{n:03}" for n in range(223, 235)}
    assert len(G.new_game({"players": 2}, 1)[0].odeck) == 14  # the base game's


def test_the_view_and_determinize_keep_the_modules_pools() -> None:
    s = new(2, 4)
    v = G.view(s, 0)
    w = G.determinize(v, 0, 11)
    assert sorted(w.odeck + [o for h in w.objects for o in h]) == sorted(
        s.odeck + [o for h in s.objects for o in h])
    assert sorted(x for x in w.xdeck + w.removed) == sorted(s.xdeck + s.removed)


# ---------------------------------------------------------------- M1.3 junk weapons

def fire_at(s: State, seat: int, enemy: str = "087") -> None:
    zone(s, enemy, None, None, None, None)
    s.mile = [(2, 9, 16)[C.by_id(enemy).period - 1]] * len(s.mile)  # in its region
    turn(s, "fire", seat)


def test_m1_3_a_junk_weapon_fires_for_an_object_card() -> None:
    s = new()
    seat = s.actor
    device(s, seat, "215")  # Junk Machine Gun J3 on the truck
    clear(s, seat)  # no Ammo: the truck's W2 cannot fire
    fire_at(s, seat)
    hand(s, seat, "075")
    junk = [a for a in G.legal(s) if isinstance(a, Attack)]
    assert junk == [Attack(0, True, 0, 0)]
    stack_outcomes(s, "110")  # face 4: J3 deals 3
    s, ev = G.apply(s, junk[0])
    assert s.edmg[0] == 3 and s.objects[seat] == [] and idx("075") in s.odisc
    assert s.fame[seat] == 1 and seat in s.etgt[0]  # a normal attack


def test_m1_3_never_incendiary_ammo_for_a_junk_weapon() -> None:
    s = new()
    seat = s.actor
    device(s, seat, "215")
    clear(s, seat)
    fire_at(s, seat)
    hand(s, seat, "073")  # only Incendiary Ammo: the W2 may use it, the J3 may not
    attacks = [a for a in G.legal(s) if isinstance(a, Attack)]
    assert attacks == [Attack(0, False, 0, 0, True)]


def test_m1_3_you_choose_which_object_pays() -> None:
    s = new()
    seat = s.actor
    device(s, seat, "215")
    clear(s, seat)
    fire_at(s, seat)
    hand(s, seat, "075", "077", "073")
    pays = {a.pay for a in G.legal(s) if isinstance(a, Attack) and a.device}
    assert pays == {"075", "077"}
    s, _ = G.apply(s, Attack(0, True, 0, 0, False, "077"))
    assert [C.cards[o].id for o in s.objects[seat]] == ["075", "073"]
    assert G.parse_action("attack 0d0 0 p077") == Attack(0, True, 0, 0, False, "077")


# ---------------------------------------------------------------- M1.4 cells 213, 214

def end_round(s: State) -> State:
    s.phase = "fire"
    s.passed = [True] * len(s.passed)
    G._end_round(s, [])
    return s


def test_m1_4_card_213_gives_an_object_at_each_end_of_round_while_undamaged() -> None:
    s = new()
    seat = s.actor
    s.convoy[seat].append([G._slot(idx("213")), None])
    hand(s, seat)
    other = 1 - seat
    hand(s, other)
    s = end_round(s)
    assert len(s.objects[seat]) == 1 and s.objects[other] == []
    t = new()
    t.convoy[seat].append([G._slot(idx("213")), None])
    t.convoy[seat][2][0][1][2] = 1  # its special cell damaged: it does nothing
    hand(t, seat)
    t = end_round(t)
    assert t.objects[seat] == []


def test_m1_4_card_214_raises_the_object_limit_by_1_and_bonuses_stack() -> None:
    s = new()
    seat = s.actor
    assert G.object_limit(s, seat) == 3
    device(s, seat, "214", col=1)
    assert G.object_limit(s, seat) == 4
    # stacking: 213 and 214 together, each does its own part
    s.convoy[seat].append([G._slot(idx("213")), None])
    hand(s, seat, "075", "075", "077")
    s = end_round(s)
    assert len(s.objects[seat]) == 4  # the 4th kept thanks to 214
    s.convoy[seat][1][1][1][0] = 1  # 214's cell damaged: back to 3
    assert G.object_limit(s, seat) == 3


# ---------------------------------------------------------------- survivors 207-209

def test_207_observer_turns_a_miss_into_2_damage_a_normal_attack() -> None:
    s = new()
    seat = s.actor
    survivor(s, seat, "207")
    fire_at(s, seat)
    stack_outcomes(s, "099")  # a Miss
    s, ev = G.apply(s, Attack(0, False, 0, 0))
    assert s.edmg[0] == 2 and s.fame[seat] == 1 and s.etgt[0][0] == seat
    assert any(e.kind == "observer" for e in ev)


def test_207_observer_only_while_active() -> None:
    s = new()
    seat = s.actor
    survivor(s, seat, "207", "X")
    fire_at(s, seat)
    stack_outcomes(s, "099")
    s, _ = G.apply(s, Attack(0, False, 0, 0))
    assert s.edmg[0] == 0 and s.fame[seat] == 0


def test_208_dog_handler_takes_1_more_object_when_she_gathers() -> None:
    s = new()
    seat = s.actor
    i = survivor(s, seat, "208")
    zone(s, "201", None, None, None, None)  # Frozen Pump: 2 Fuel
    clear(s, seat)
    hand(s, seat)
    s, _ = G.apply(s, Explore(0, (i,), (), 0))
    assert G.count(s, seat, "fuel") == 2 and len(s.objects[seat]) == 1
    # not when another explorer gathers
    t = new()
    survivor(t, seat, "208")
    zone(t, "201", None, None, None, None)
    hand(t, seat)
    t, _ = G.apply(t, Explore(0, (0,), (), 0))
    assert t.objects[seat] == []


def test_209_sniper_spends_1_ammo_for_3_damage_with_no_outcome_card() -> None:
    s = new()
    seat = s.actor
    survivor(s, seat, "209")
    fire_at(s, seat)
    deck = list(s.outdeck)
    assert Attack(-1, False, 0, 0) in G.legal(s)
    s, _ = G.apply(s, Attack(-1, False, 0, 0))
    assert s.edmg[0] == 3 and s.outdeck == deck  # nothing revealed
    assert s.fame[seat] == 1 and s.etgt[0][0] == seat  # a normal attack
    assert G.count(s, seat, "ammo") == 0
    assert not any(isinstance(a, Attack) and a.col < 0 for a in G.legal(s))  # once a phase
    assert G.parse_action("attack sniper 0") == Attack(-1, False, 0, 0)


def test_209_note_incendiary_ammo_may_pay_the_sniper() -> None:
    s = new()
    seat = s.actor
    survivor(s, seat, "209")
    clear(s, seat)
    fire_at(s, seat, "089")  # 5 cells: the 4 damage leave it standing
    hand(s, seat, "073")
    assert Attack(-1, False, 0, 0, True) in G.legal(s)
    s, _ = G.apply(s, Attack(-1, False, 0, 0, True))
    assert s.edmg[0] == 4 and s.objects[seat] == []  # 3, +1 Incendiary


# ---------------------------------------------------------------- encounters 210, 221

def explore_210(s: State, seat: int) -> list[Explore]:
    zone(s, "210", None, None, None, None)
    return [a for a in G.legal(s) if isinstance(a, Explore) and a.cell == 0 and a.main >= 0]


def test_210_hide_him_costs_an_object_and_1_fame_for_3_speed_next_movement() -> None:
    s = new()
    seat = s.actor
    s.fame[seat] = 1
    hand(s, seat, "075")
    a = next(a for a in explore_210(s, seat) if a.main == 0)
    s, _ = G.apply(s, a)
    assert s.fame[seat] == 0 and s.objects[seat] == [] and s.speed_next[seat] == 3
    # the card stays by the board as a reminder, and goes after that Movement
    assert s.reminders[seat] == [idx("210")] and idx("210") not in s.xdisc
    turn(s, "move", seat)
    s, _ = G.apply(s, Move(s.mile[seat]))
    assert s.reminders[seat] == [] and idx("210") in s.xdisc and s.speed_next[seat] == 0


def test_210_hide_him_is_not_offered_at_minus_1_fame_or_without_an_object() -> None:
    s = new()
    seat = s.actor
    s.fame[seat] = -1
    hand(s, seat, "075")
    assert {a.main for a in explore_210(s, seat)} == {1}
    s.fame[seat] = 0
    hand(s, seat)
    assert {a.main for a in explore_210(s, seat)} == {1}


def test_210_hand_him_over_for_1_ammo_object_fame_and_a_card_from_the_discard() -> None:
    s = new()
    seat = s.actor
    s.xdisc = [idx("216")]  # a Scrap Cannon in the discard pile
    options = [a for a in explore_210(s, seat) if a.main == 1]
    assert {a.fit for a in options} == {"216@0", "216@1", "-"}  # optional
    s2, _ = G.apply(s, next(a for a in options if a.fit == "-"))
    assert G.count(s2, seat, "ammo") == 0 and s2.fame[seat] == 1
    assert len(s2.objects[seat]) == 1 and s2.convoy[seat][0][1] is None
    s3, _ = G.apply(s, next(a for a in options if a.fit == "216@1"))
    assert s3.convoy[seat][1][1] is not None and idx("216") not in s3.xdisc


def test_221_stranded_engineer_repairs_3_for_1_food() -> None:
    s = new()
    seat = s.actor
    G.damage(s, seat, "ALL", 3, [])
    zone(s, "221", None, None, None, None)
    a = next(a for a in G.legal(s) if isinstance(a, Explore) and a.cell == 0 and a.main == 0)
    s, _ = G.apply(s, a)
    assert G.damage_count(s, seat) == 0 and s.fame[seat] == 1
    assert G.count(s, seat, "food") == 1  # paid 1, the cell's bonus gave 1


# ---------------------------------------------------------------- events 211, 222

def reveal(s: State, card: str) -> tuple[State, list]:
    """The Event is the next card drawn into the emptied cell 5."""
    s.xdeck.insert(0, idx(card))
    s.zone[4] = EMPTY
    events: list = []
    G._refill(s, events)
    return s, events


def test_211_snowstorm_slows_by_turn_order_2_1_1_0() -> None:
    s = new(4)
    s, _ = reveal(s, "211")
    assert [s.speed_all[x] for x in s.order] == [-2, -1, -1, 0]


def test_ruling_the_snowstorm_blows_in_period_1_and_the_scrapyard_waits_for_period_2() -> None:
    """Ruling "Module 1: the Snowstorm's Period": the Snowstorm is drawn from the Period I
    stack (on top of the deck), the Scrapyard from Period II; still 7 / 7 / 8 a Period."""
    for seed in range(1, 6):
        s = new(4, seed)
        periods = [C.cards[x].period for x in s.xdeck]
        assert periods == sorted(periods)  # Period I on top, III at the bottom
        first_ii = periods.index(2)
        assert s.xdeck.index(idx("211")) < first_ii <= s.xdeck.index(idx("202"))
    blue = [c for c in C.cards if c.id.isdigit() and 201 <= int(c.id) <= 222]
    assert [sum(c.period == p for c in blue) for p in (1, 2, 3)] == [7, 7, 8]


def test_211_snowstorm_the_automa_takes_its_place_in_the_order() -> None:
    s = G.new_game({"players": 1, **MOD}, 2)[0]
    s, _ = reveal(s, "211")
    assert [s.speed_all[x] for x in s.order] == [-2, -1]


def emergency(n: int = 3, seed: int = 1) -> State:
    s = new(n, seed)
    s.round = 3
    s.aurora = G.road.waypoints[0]
    s, _ = reveal(s, "222")
    s.phase = "explore"
    G._next_offer(s, [], resume=None)
    return s


def test_222_each_player_may_give_food_for_1_fame_each_in_forward_order() -> None:
    s = emergency()
    first = s.order[0]
    assert s.phase == "offer" and s.actor == first
    assert G.legal(s) == [Pick(0), Pick(1)]
    s, _ = G.apply(s, Pick(1))
    assert s.fame[first] == 1 and G.count(s, first, "food") == 0
    assert s.actor == s.order[1]


def test_222_fewer_than_2_food_moves_the_aurora_to_this_rounds_waypoint() -> None:
    s = emergency()
    s, _ = G.apply(s, Pick(1))
    s, _ = G.apply(s, Pick(0))
    s, _ = G.apply(s, Pick(0))
    assert s.aurora == G.road.waypoints[2] and s.phase == "explore"


def test_222_note_food_may_be_given_past_the_total_of_2() -> None:
    s = emergency()
    for x in s.order:
        give(s, x, "food", 1)
    s._legal = None
    s, _ = G.apply(s, Pick(2))
    s, _ = G.apply(s, Pick(2))  # the total is 4: the second player may still give
    assert Pick(2) in G.legal(s)
    s, _ = G.apply(s, Pick(1))
    assert s.aurora == G.road.waypoints[0]  # enough was given: she waits
    assert sorted(s.fame) == [1, 2, 2]


# ---------------------------------------------------------------- Objects 223-234

def test_223_canned_food_adds_2_food_and_1_contamination() -> None:
    s = new()
    seat = s.actor
    clear(s, seat)
    hand(s, seat, "223")
    assert [a for a in G.legal(s) if isinstance(a, Play)] == [Play("223", 0), Play("223", 1)]
    s, _ = G.apply(s, Play("223", 1))
    assert G.count(s, seat, "food") == 2 and s.surv[seat][1][2] == 1


def test_225_stealth_device_ignores_every_ambush_but_you_may_still_attack() -> None:
    s = new()
    first, second = s.order
    s.mile = [9, 9]
    zone(s, "089", "089", None, None, None)
    hand(s, second, "225")
    s.phase = "move"
    s.passed = [True, True]
    G._end_phase(s, [])
    assert s.phase == "flare" and s.actor == second and Play("225") in G.legal(s)
    s, _ = G.apply(s, Play("225"))
    while s.phase == "choose":
        s, _ = G.apply(s, G.legal(s)[0])
    assert G.damage_count(s, second) == 0 and G.damage_count(s, first) > 0
    while s.actor != second and s.phase == "fire":
        s, _ = G.apply(s, Done())
    assert any(isinstance(a, Attack) for a in G.legal(s))  # the note: still attacks


def test_227_anti_tank_gun_2_damage_1_fame_no_target() -> None:
    s = new()
    seat = s.actor
    fire_at(s, seat)
    hand(s, seat, "227")
    s, _ = G.apply(s, Play("227", 0))
    assert s.edmg[0] == 2 and s.fame[seat] == 1 and s.etgt[0] == [-1] * 4


def test_229_smoke_bomb_takes_a_rivals_target_and_places_yours_leftmost() -> None:
    s = new()
    seat = s.actor
    rival = 1 - seat
    fire_at(s, seat)
    s.etgt[0] = [rival, -1, -1, -1]
    s.targets[rival] = 1
    hand(s, seat, "229")
    s, _ = G.apply(s, Play("229", 0))
    assert s.etgt[0] == [seat, -1, -1, -1]
    assert s.targets[rival] == 2 and s.targets[seat] == 1


def test_231_unstable_fuel_2_speed_for_2_damage_or_3_for_4_after_the_move() -> None:
    for k, speed, dmg in ((0, 2, 2), (1, 3, 4)):
        s = new()
        seat = s.actor
        turn(s, "move", seat)
        hand(s, seat, "231")
        before = G.speed(s, seat)
        s, _ = G.apply(s, Play("231", k))
        assert G.speed(s, seat) == before + speed and G.damage_count(s, seat) == 0
        far = max(m.to for m in G.legal(s) if isinstance(m, Move))
        s, _ = G.apply(s, next(m for m in G.legal(s) if isinstance(m, Move) and m.to == far))
        assert G.damage_count(s, seat) == dmg


def test_233_serum_cleans_up_to_3_survivors_of_one_zone() -> None:
    s = new(2)
    seat = s.actor
    clear(s, seat)
    s.convoy[seat].append([G._slot(idx("220")), None])  # room for more survivors
    s.surv[seat][0][1:] = ["R", 1]  # the Leader
    s.surv[seat][1][1:] = ["A", 1]  # the Co-pilot, Active
    survivor(s, seat, "207", "R", 1)
    survivor(s, seat, "208", "R", 2)
    survivor(s, seat, "209", "R", 1)
    hand(s, seat, "233")
    plays = [a for a in G.legal(s) if isinstance(a, Play)]
    assert plays == [Play("233", 0), Play("233", 1)]  # Active, Rest (none Exhausted)
    s, _ = G.apply(s, Play("233", 1))
    # 4 contaminated in Rest: 3 are cleaned (ruling: the most contaminated, then in order)
    assert [x[2] for x in s.surv[seat]] == [0, 1, 0, 1, 1]


# ---------------------------------------------------------------- data checks

def test_the_modules_file_is_validated_with_file_and_line(tmp_path: Path) -> None:
    import shutil

    folder = tmp_path / "cards"
    shutil.copytree(cards_dir("last-aurora"), folder)
    path = folder / "modules" / "exploration.yaml"
    text = path.read_text(encoding="utf-8")
    path.write_text(text.replace("- id: '218'", "- id: '018'"), encoding="utf-8")
    problems = [str(p) for p in validate(folder)]
    assert any("modules/exploration.yaml:" in p and "018" in p for p in problems), problems


@pytest.mark.parametrize("players", [1, 2, 4])
def test_whole_games_with_the_module_end(players: int) -> None:
    from frostdesk.ai import make_agent

    s = G.new_game({"players": players, **MOD}, 5)[0]
    bots = [make_agent(G, "heuristic", k) for k in range(players)]
    steps = 0
    while s.phase != "over":
        seat = s.actor
        a = bots[seat].choose(G, G.view(s, seat), G.legal(G.view(s, seat)), seat)
        s, _ = G.apply(s, a)
        steps += 1
        assert steps < 3000
    assert G.outcome(s) is not None



def test_the_heuristic_feeds_a_junk_weapon_the_object_it_needs_least() -> None:
    from frostdesk.games.last_aurora.bots import HeuristicAgent

    s = new()
    seat = s.actor
    device(s, seat, "215")
    clear(s, seat)
    fire_at(s, seat)
    hand(s, seat, "227", "086")  # an Anti-Tank Gun and the Binoculars
    bot = HeuristicAgent(G, 1)
    attacks = [(a, w) for a, w in bot.ranked(s, G.legal(s), seat) if isinstance(a, Attack)]
    assert attacks[0][0].pay == "086"
