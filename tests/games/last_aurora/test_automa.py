"""Solo against the Automa: one test per rule of the brief's 1.12 (A1-A7) and its cards 4.9,
and the seed's Example 4 with its numbers."""

from __future__ import annotations

import pytest

from frostdesk.engine.game import IllegalAction
from frostdesk.games.last_aurora.state import EMPTY, UNKNOWN, Done, Explore, Move, Pass, Pick, State

from .helpers import C, G, clear, give, idx, stack_outcomes, zone

A = 1  # the Automa is convoy n = 1 in a solo game
AUTOMA = C.automa


def solo(level: str = "normal", seed: int = 1) -> State:
    return G.new_game({"players": 1, "automa": level}, seed)[0]


def card(s: State, card_id: str) -> None:
    s.acard = next(c.index for c in AUTOMA.cards if c.id == card_id)
    s._legal = None


def place(s: State, you: int, it: int) -> None:
    s.mile = [you, it]
    s.counters, s.wrecks = [], []
    s._legal = None


# ---------------------------------------------------------------- the cards (4.9)


def test_automa_cards_are_as_the_brief_gives_them() -> None:
    rows = {c.id: (c.slot + 1, c.arrow) for c in AUTOMA.cards}
    assert rows == {"112": (5, -1), "113": (4, -1), "114": (3, 1), "115": (2, 1),
                    "116": (1, 1), "117": (3, -1)}
    by = {c.id: c for c in AUTOMA.cards}
    assert by["113"].movement.condition == ("you_more_survivors", True)
    assert by["113"].movement.effects == (("survivor", 1),)
    assert by["113"].end.effects == (("damage_you", {"area": "OUTCOME", "n": 1}),)
    assert by["114"].movement.condition == ("behind_you", 6)
    assert by["117"].enemy.effects == (("target", 1), ("enemy_damage", 2), ("fame", 1))
    assert {c.source for c in AUTOMA.cards} == {"authored"}
    assert (AUTOMA.speed, AUTOMA.survivors, AUTOMA.damage, AUTOMA.targets) == (2, 2, 0, 2)
    # ruling "The Automa's strength": one rise more at each level once the bot boarded well
    assert AUTOMA.levels == {"easy": (3,), "normal": (2, 4), "hard": (1, 4, 5)}


# ---------------------------------------------------------------- A1 setup


def test_a1_solo_uses_the_two_player_deck_and_surplus() -> None:
    s = G.setup({"players": 1}, 5)
    assert len(s.xdeck) + 3 == 48 and len(s.removed) == 12
    assert C.plus_removed[1] == C.plus_removed[2] and C.surplus[1] == C.surplus[2] == 2


def test_a1_the_automa_board_targets_fame_and_a_random_place_in_the_order() -> None:
    s = G.setup({"players": 1}, 5)
    assert (s.aspeed, s.asurv, s.admg) == (2, 2, 0)
    assert s.fame == [0, 0] and s.targets == [2, 2] and s.mile == [0, 0]
    assert sorted(s.adeck) == list(range(6)) and s.acard == -1
    firsts = {G.setup({"players": 1}, seed).order[0] for seed in range(20)}
    assert firsts == {0, A}  # sometimes you lead, sometimes it does


@pytest.mark.parametrize("level,rounds", [("easy", (3,)), ("normal", (2, 4)), ("hard", (1, 4, 5))])
def test_a1_its_speed_rises_at_the_end_of_the_levels_rounds(level: str, rounds: tuple) -> None:
    s = solo(level)
    card(s, "115")  # End of Round: it removes 2 Damage (nothing to do with Speed)
    rises = []
    for r in range(1, 7):
        s.round = r
        before = s.aspeed
        G.automa.end_line(s, [])
        if s.aspeed > before:
            rises.append(r)
    assert tuple(rises) == rounds


# ---------------------------------------------------------------- A2 the action card


def test_a2_one_action_card_is_revealed_at_the_start_of_each_round() -> None:
    s, events = G.new_game({"players": 1}, 3)
    assert s.acard >= 0 and len(s.adeck) == 5
    first = s.acard
    assert [e.kind for e in events].index("automa_card") < [e.kind for e in events].index(
        "phase")
    ev: list = []
    s.round = 2
    G._start_round(s, ev)
    assert s.adisc == [first] and s.acard != first and len(s.adeck) == 4
    assert ev[1].kind == "automa_card" and ev[1].data["previous"] == AUTOMA.cards[first].id


# ---------------------------------------------------------------- A3 Exploration


@pytest.mark.parametrize("card_id,track,by", [
    ("001", "asurv", 1),  # Survivor: +1 Survivor
    ("005", "aspeed", 1),  # Truck: +1 Speed
    ("006", "aobjects", 1),  # Trailer: +1 Object face down
    ("009", "aobjects", 1),  # Device
    ("012", "aobjects", 1),  # Location
    ("017", "fame", 1),  # Encounter: +1 Fame
    ("071", None, 0),  # Rusty Container: nothing
])
def test_a3_it_discards_the_card_in_its_slot_and_gains_by_kind(card_id: str, track: str | None,
                                                                 by: int) -> None:
    s = solo()
    card(s, "116")  # slot 1
    zone(s, card_id, "072", "006", "013", "016")

    def value() -> int:
        if track == "fame":
            return s.fame[A]
        if track == "aobjects":
            return len(s.aobjects)
        return getattr(s, track) if track else 0

    before = value(), (s.aspeed, s.asurv, len(s.aobjects), s.fame[A])
    ev: list = []
    G.automa.explore(s, ev)
    assert value() - before[0] == by
    assert sum((s.aspeed, s.asurv, len(s.aobjects), s.fame[A])) - sum(before[1]) == by
    assert s.xdisc[-1] == idx(card_id)
    assert C.cards[s.zone[0]].id == "072"  # the row slid left (X7)
    assert s.zone[4] != EMPTY  # and cell 5 was refilled


def test_a3_an_enemy_in_its_slot_gets_the_enemy_line_then_the_arrow_wraps() -> None:
    s = solo()
    card(s, "114")  # slot 3, arrow right; Enemy: +1 Fame and a Target on it
    zone(s, "001", "006", "087", None, "088")
    ev: list = []
    G.automa.explore(s, ev)
    assert s.fame[A] == 1 and s.targets[A] == 1
    enemy_cell = s.zone.index(idx("087"))
    assert s.etgt[enemy_cell][0] == A
    # right: cell 4 is empty, cell 5 an enemy, so it wraps round to the Mechanic in cell 1
    assert s.xdisc[-1] == idx("001") and s.asurv == 3
    assert idx("006") in s.zone and idx("088") in s.zone


def test_a3_an_empty_slot_is_passed_over_the_same_way() -> None:
    s = solo()
    card(s, "112")  # slot 5, arrow left
    zone(s, "001", "006", "013", "089", None)
    G.automa.explore(s, [])
    assert s.xdisc[-1] == idx("013")  # cell 4 is an enemy, cell 3 the first card leftwards
    assert len(s.aobjects) == 1 and s.fame[A] == 0  # no Enemy line: the slot was empty


def test_a3_with_no_card_but_enemies_it_discards_and_gains_nothing() -> None:
    s = solo()
    card(s, "116")  # slot 1: empty, so no Enemy line either
    zone(s, None, "087", None, "088", None)
    s.xdeck = []
    ev: list = []
    G.automa.explore(s, ev)
    assert (s.aspeed, s.asurv, s.aobjects, s.fame[A]) == (2, 2, [], 0)
    assert any(e.kind == "automa_explored" and e.data["cell"] == -1 for e in ev)


def test_a3_card_115_enemy_line_puts_an_object_in_its_zone() -> None:
    s = solo()
    card(s, "115")  # slot 2
    zone(s, "001", "087", "006", None, None)
    G.automa.explore(s, [])
    assert len(s.aobjects) == 2  # 1 from the Enemy line, 1 from the Flatbed


def test_a3_card_117_damages_the_enemy_and_its_target_counts_for_the_loot() -> None:
    s = solo()
    card(s, "117")  # slot 3, arrow left; Enemy: Target, 2 damage, +1 Fame
    zone(s, "001", "006", "087", None, None)
    s.edmg[2] = 2  # 2 of the Scouts' 4 cells already filled
    G.automa.explore(s, [])
    assert idx("087") in s.gone and s.fame[A] == 1
    assert len(s.aloot) == 1 and C.cards[s.aloot[0]].stack == 1  # its Target alone: its Loot
    assert s.targets[A] == 2  # the Target came home
    assert s.xdisc[-1] == idx("006")  # then the arrow: cell 2, the Flatbed


def test_a3_it_explores_once_at_its_reverse_order_place() -> None:
    s = solo(seed=2)
    s.order = [A, 0]  # Reverse order: you first, then the Automa
    s.phase, s.actor, s.passed = "explore", 0, [False, False]
    card(s, "116")
    zone(s, "001", "006", "013", "016", "012")
    s, ev = G.apply(s, Explore(0, (1,), (), -1))
    kinds = [e.kind for e in ev]
    assert kinds.index("explored") < kinds.index("automa_explored")
    assert s.passed[A] and s.actor == 0 and s.phase == "explore"
    s, ev = G.apply(s, Pass())
    assert "automa_explored" not in [e.kind for e in ev]  # one turn only


# ---------------------------------------------------------------- A4 Movement


def test_a4_it_moves_exactly_speed_less_1_per_3_damage() -> None:
    s = solo()
    card(s, "116")  # Movement: +1 Survivor if it has fewer than 3 (no Speed)
    place(s, 0, 0)
    s.aspeed, s.admg = 4, 3
    G.automa.move(s, [])
    assert s.mile[A] == 3
    s.aspeed, s.admg = 2, 7
    G.automa.move(s, [])
    assert s.mile[A] == 4  # at least 1


def test_a4_events_change_its_move_and_it_takes_no_shortcut() -> None:
    s = solo()
    card(s, "116")
    place(s, 0, 8)  # 8->11 is a shortcut for tracked trucks
    s.speed_all[A] = -1  # Blizzard
    s.aspeed = 4
    G.automa.move(s, [])
    assert s.mile[A] == 11  # 3 steps on the road, not the shortcut


@pytest.mark.parametrize("card_id,you,it,setup,speed,surv", [
    ("112", 5, 3, None, 3, 2), ("112", 3, 3, None, 2, 2),  # +1 Speed if you are ahead
    ("113", 0, 0, "more", 2, 3), ("113", 0, 0, None, 2, 2),  # +1 Survivor if you have more
    ("114", 9, 3, None, 4, 2), ("114", 8, 3, None, 2, 2),  # +2 Speed 6+ miles behind you
    ("115", 0, 0, None, 3, 2),  # +1 Speed
    ("116", 0, 0, None, 2, 3), ("116", 0, 0, "three", 2, 3),  # +1 Survivor below 3
    ("117", 0, 0, "objects", 3, 2), ("117", 0, 0, None, 2, 2),  # your Objects outnumber
])
def test_a4_the_movement_line_of_each_card(card_id: str, you: int, it: int, setup: str | None,
                                          speed: int, surv: int) -> None:
    s = solo()
    card(s, card_id)
    place(s, you, it)
    if setup == "more":
        s.surv[0].append([idx("001"), "R", 0])
    if setup == "three":
        s.asurv = 3
    if setup == "objects":
        s.objects[0] = [idx("075")]
    G.automa.move(s, [])
    assert s.mile[A] - it == speed
    assert s.asurv == surv


def test_a4_stopping_on_a_counter_a_wreck_or_radiation() -> None:
    s = solo()
    card(s, "116")
    s.asurv = 3
    fuel = next(c.index for c in C.counters if c.name == "Fuel Cache")
    hot = next(c.index for c in C.counters if c.name == "Hot Spot")
    place(s, 0, 2)
    s.counters = [[4, fuel], [6, hot]]
    s.wrecks = [8]
    G.automa.move(s, [])  # 2 -> 4: a beneficial counter, taken
    assert len(s.aobjects) == 1 and s.counters == [[6, hot]]
    G.automa.move(s, [])  # 4 -> 6: the Hot Spot, which stays
    assert s.admg == 1 and s.counters == [[6, hot]]
    G.automa.move(s, [])  # 6 -> 8: the wreck's token
    assert len(s.aobjects) == 2 and s.wrecks == []
    s.mile[A] = 10
    G.automa.move(s, [])  # 10 -> 12: radiation
    assert s.admg == 2


def test_a4_it_stops_at_the_aurora_and_boards_like_a_player() -> None:
    s = solo()
    card(s, "115")
    place(s, 0, 13)
    s.aspeed = 4
    ev: list = []
    G.automa.move(s, ev)
    assert s.mile[A] == 15 == s.aurora and s.boarded == [A] and s.board_round == s.round
    assert any(e.kind == "boarded" and e.data["seat"] == A for e in ev)


def test_a4_movement_order_follows_the_road_and_it_takes_its_forward_place() -> None:
    s = solo(seed=2)
    s.order = [0, A]
    s.phase, s.actor, s.passed = "move", 0, [False, False]
    card(s, "116")
    place(s, 0, 0)
    s.convoy[0][0][0][2] = ["", "", "", "fuel"]
    s._legal = None
    s, ev = G.apply(s, Move(2))
    assert s.mile == [2, 2] and s.order == [0, A]  # you got there first
    assert [e.data["seat"] for e in ev if e.kind == "moved"] == [0, A]


# ---------------------------------------------------------------- A5 Fire Weapons


def test_a5_ambushes_give_it_1_damage_per_counter_and_pass_contamination_by() -> None:
    s = solo()
    place(s, 16, 16)  # both leaders, in the Bay
    zone(s, "092", None, None, None, None)  # Wolf Mother: leaders 2 FRONT and 1 Contamination
    s.surv[0][1][1] = "X"  # one Active survivor: the Contamination needs no choice
    G._ambushes(s, [])
    assert s.admg == 2
    assert G.damage_count(s, 0) == 2 and [x[2] for x in s.surv[0]] == [1, 0]


def test_a5_a_toll_it_cannot_pay_is_damage_and_it_leads_like_a_convoy() -> None:
    s = solo()
    place(s, 2, 5)  # it leads the Valley; you are "others"
    zone(s, "088", None, None, None, None)  # Scrap Raiders: leaders toll, others 1 REAR
    clear(s, 0)
    give(s, 0, "fuel")
    G._ambushes(s, [])
    assert G.leaders(s) == [A]
    assert s.admg == 1  # no resources: the Damage
    assert G.damage_count(s, 0) == 1 and G.count(s, 0, "fuel") == 1


def test_a5_it_shoots_the_enemy_with_fewest_empty_cells_for_min_face_survivors_4() -> None:
    s = solo()
    place(s, 0, 3)
    zone(s, "087", "088", None, None, None)
    s.edmg = [1, 1, 0, 0, 0]  # a tie: 3 empty cells each, so the lower cell
    stack_outcomes(s, "101")  # face 5
    s.asurv = 2
    G.automa.shoot(s, [])
    assert s.edmg[:2] == [3, 1] and s.fame[A] == 1 and s.etgt[0][0] == A
    s.asurv = 5
    stack_outcomes(s, "101")
    G.automa.shoot(s, [])  # cell 1 now has 1 empty cell: min(5, 5, 4) destroys it
    assert idx("087") in s.gone and len(s.aloot) == 1


def test_a5_a_miss_does_nothing() -> None:
    s = solo()
    place(s, 0, 3)
    zone(s, "087", None, None, None, None)
    stack_outcomes(s, "099")  # Miss
    G.automa.shoot(s, [])
    assert s.edmg[0] == 0 and s.fame[A] == 0


def test_a5_the_loot_lottery_counts_its_targets() -> None:
    s = solo()
    place(s, 3, 3)
    zone(s, "087", None, None, None, None)
    s.etgt[0] = [A, 0, -1, -1]
    s.targets = [1, 1]
    s.edmg[0] = 3
    stack_outcomes(s, "101", "103")  # the shot: 5; the Loot: letters BCAD -> box B, you
    G.automa.shoot(s, [])
    assert idx("087") in s.gone and s.aloot == [] and len(s.convoy[0]) + len(s.surv[0]) > 4


# ---------------------------------------------------------------- A6 End of Round


def test_a6_its_line_then_it_removes_1_damage() -> None:
    s = solo()
    card(s, "115")  # it removes 2 Damage
    s.round, s.admg = 1, 4
    G.automa.end_line(s, [])
    assert s.admg == 1
    card(s, "112")  # it takes 1 Object
    G.automa.end_line(s, [])
    assert len(s.aobjects) == 1 and s.admg == 0


def test_a6_card_117_puts_1_damage_on_your_front() -> None:
    s = solo()
    card(s, "117")
    s.round = 1
    G.automa.end_line(s, [])
    assert G.damage_count(s, 0) == 1
    assert any(sl[1][k] for sl, k, _, _ in G.cells(s, 0, "FRONT"))


def test_a6_card_114_asks_you_to_throw_away_ammo_or_lose_fame() -> None:
    s = solo()
    card(s, "114")
    s.phase, s.round = "fire", 1
    s.fame[0] = 2
    s.mile = [3, 3]
    ev: list = []
    G._end_round(s, ev)
    assert s.phase == "choose" and s.actor == 0 and G.legal(s) == [Pick(0), Pick(1)]
    assert [G.pick_text(s, 0), G.pick_text(s, 1)] == ["Throw away 1 Ammo", "Lose 1 Fame"]
    ammo = G.count(s, 0, "ammo")
    a, _ = G.apply(s, Pick(0))
    assert G.count(a, 0, "ammo") == ammo - 1 and a.fame[0] == 2 and a.round == 2
    b, _ = G.apply(s, Pick(1))
    assert G.count(b, 0, "ammo") == ammo and b.fame[0] == 1 and b.round == 2
    with pytest.raises(IllegalAction, match="not one of the options"):
        G.apply(s, Pick(5))
    with pytest.raises(IllegalAction, match="First"):
        G.apply(s, Done())


def test_a6_card_114_without_ammo_or_at_the_fame_floor_asks_nothing() -> None:
    s = solo()
    card(s, "114")
    s.round, s.fame[0] = 1, 2
    clear(s, 0)
    G.automa.end_line(s, [])
    assert s.fame[0] == 1  # no Ammo: the Fame
    give(s, 0, "ammo")
    s.fame[0] = -1
    assert G.automa.end_line(s, []) == -1
    assert G.count(s, 0, "ammo") == 0 and s.fame[0] == -1  # at -1 losing Fame is no choice


def test_a6_card_116_asks_which_active_survivor_takes_the_contamination() -> None:
    s = solo()
    card(s, "116")
    s.phase, s.round = "fire", 1
    s.mile = [3, 3]
    G._end_round(s, [])
    assert s.phase == "choose" and G.legal(s) == [Pick(0), Pick(1)]
    s, _ = G.apply(s, Pick(1))
    assert [x[2] for x in s.surv[0]] == [0, 1]
    s2 = solo()
    card(s2, "116")
    s2.round = 1
    s2.surv[0][0][1] = "X"  # one Active survivor: no choice
    G.automa.end_line(s2, [])
    assert [x[2] for x in s2.surv[0]] == [0, 1]


def test_a6_a_boarded_convoy_is_never_targeted_by_its_line() -> None:
    s = solo()
    card(s, "117")
    s.round, s.boarded = 1, [0]
    G.automa.end_line(s, [])
    assert G.damage_count(s, 0) == 0


def test_seed_example_4_card_113_the_automa_gains_a_survivor_and_you_take_1_damage() -> None:
    # 000, Example 4: card 113; before moving the Automa gains 1 Survivor if you have more
    # survivors than it, and at End of Round your convoy takes 1 Damage (the Story discard
    # that cancels both needs the Story module, not the base game)
    s = solo()
    card(s, "113")
    place(s, 6, 3)  # you are ahead of the Automa
    s.surv[0].append([idx("001"), "A", 0])  # 3 survivors against its 2
    G._store(s, 0, "surv")
    G.automa.move(s, [])
    assert s.asurv == 3 and s.mile[A] == 5
    stack_outcomes(s, "105")  # the top back: FRONT
    s.round = 1
    G.automa.end_line(s, [])
    assert G.damage_count(s, 0) == 1
    assert any(sl[1][k] for sl, k, _, _ in G.cells(s, 0, "FRONT"))


# ---------------------------------------------------------------- A7 scoring


def over(s: State) -> None:
    s.phase = "over"
    s._legal = None


def test_a7_its_score_when_nobody_boarded() -> None:
    s = solo()
    place(s, 4, 10)
    s.fame[A] = 3
    s.aobjects = [idx("075"), idx("076"), idx("077")]  # 1 per 2: 1
    s.aloot = [idx("093")]  # 2
    for dmg, cond in ((2, 3), (3, 1), (5, 1), (6, 0)):
        s.admg = dmg
        assert G.automa.score(s) == {"track": 3, "distance": 6, "objects": 1, "loot": 2,
                                     "survivors": 0, "condition": cond}


def test_a7_its_score_when_anyone_boarded() -> None:
    s = solo()
    place(s, 10, 15)
    s.boarded = [A]
    s.asurv = 4
    assert G.automa.score(s)["survivors"] == 8 and G.automa.score(s)["condition"] == 0
    s.boarded = [0]
    s.mile = [15, 12]
    assert G.automa.score(s)["survivors"] == 0 and G.automa.score(s)["distance"] == 0


def test_a7_you_win_with_more_fame_and_lose_a_full_tie() -> None:
    s = solo()
    place(s, 5, 5)
    clear(s, 0)
    over(s)
    mine = sum(G.scores(s)[0].values())
    its = sum(G.automa.score(s).values())
    s.fame[0] += its - mine + 1
    o = G.outcome(s)
    assert o is not None and o.places == (1,) and o.details["automa"] == its
    s.fame[0] -= 1  # equal Fame, miles, survivors; Damage: 0 each
    s.admg = 0
    o = G.outcome(s)
    assert o is not None and o.places == (2,) and o.tiebreak == "a full tie goes to the Automa"
    s.mile = [6, 5]
    s.fame[0] -= 1  # you are 1 mile further ahead, which also scores 1
    o = G.outcome(s)
    assert o is not None and o.places == (1,) and o.tiebreak == "further ahead"


# ---------------------------------------------------------------- events and the Automa


def test_events_blizzard_slows_it_ice_quake_damages_it_the_storm_passes_it_by() -> None:
    s = solo()
    place(s, 3, 3)
    ev: list = []
    G._event(s, idx("018"), ev)  # Blizzard: -1 Speed next Movement for every convoy
    assert s.speed_all == [-1, -1]
    G._event(s, idx("053"), ev)  # Ice Quake: convoys outside the Bay take 1 to REAR
    assert s.admg == 1 and G.damage_count(s, 0) == 1
    G._event(s, idx("036"), ev)  # Radiation Storm: Contamination, which passes it by
    assert s.admg == 1 and sum(x[2] for x in s.surv[0]) == 1
    G._event(s, idx("054"), ev)  # Aurora Broadcast asks the players only
    assert s.offer[1] == [0]


# ---------------------------------------------------------------- views and motions


def test_the_view_hides_its_deck_and_zone_objects_and_shows_its_card_and_loot() -> None:
    s = solo()
    s.aobjects = [idx("075")]
    s.aloot = [idx("093")]
    v = G.view(s, 0)
    assert v.adeck == [UNKNOWN] * len(s.adeck) and v.aobjects == [UNKNOWN]
    assert v.acard == s.acard and v.aloot == s.aloot
    assert (v.aspeed, v.asurv, v.admg, v.mile, v.fame) == (s.aspeed, s.asurv, s.admg, s.mile,
                                                          s.fame)
    d = G.determinize(v, 0, 7)
    assert sorted(d.adeck) == sorted(s.adeck) and len(d.aobjects) == 1
    assert d.aobjects[0] not in d.odeck and d.aobjects[0] not in d.objects[0]
    assert G.legal(d) == G.legal(s)


def test_its_motions_move_its_token_cards_and_tracks() -> None:
    from frostdesk.engine.motion import HIDDEN, Changed, Moved

    s = solo()
    card(s, "115")
    place(s, 0, 0)
    s.wrecks = [3]
    ev: list = []
    G.automa.move(s, ev)
    motions = [m for e in ev for m in G.motions(e)]
    assert Moved(("convoy", A), ("mile", 0), ("mile", 3)) in motions
    assert Moved(HIDDEN, ("pile", "objects"), ("automa", "zone")) in motions
    ev = []
    s.admg = 2
    G.automa.end_line(s, ev)
    motions = [m for e in ev for m in G.motions(e)]
    assert Changed(("automa", "dmg"), -2, 0) in motions
    ev = []
    s.round = 2
    G._start_round(s, ev)
    motions = [m for e in ev for m in G.motions(e)]
    assert Moved(("automa_card", "115"), ("automa", "card"), ("automa", "discard")) in motions


# ---------------------------------------------------------------- boarding and last call


def test_after_you_board_it_plays_the_last_call_round_alone() -> None:
    s = solo(seed=4)
    s.round, s.aurora = 2, 15
    s.order = [0, A]
    s.phase, s.actor, s.passed = "move", 0, [False, False]
    card(s, "115")
    place(s, 14, 5)
    zone(s, None, None, None, None, None)
    s.convoy[0][0][0][2] = ["", "", "", "fuel"]
    s._legal = None
    s, ev = G.apply(s, Move(15))
    assert s.boarded[0] == 0 and s.board_round == 2
    # round 3 was the Automa's alone: it revealed a card, drove, and the game ended
    assert G.outcome(s) is not None and s.round == 3
    kinds = [e.kind for e in ev]
    assert kinds.count("automa_card") == 1 and "last_call" in kinds
    assert [e.data["seat"] for e in ev if e.kind == "moved"] == [0, A, A]


def test_once_it_boards_it_takes_no_further_part() -> None:
    s = solo(seed=4)
    s.round, s.aurora = 2, 15
    s.order = [A, 0]
    s.phase, s.actor, s.passed = "move", 0, [False, True]
    card(s, "115")
    place(s, 3, 15)
    s.boarded, s.board_round = [A], 2
    zone(s, "071", "072", "006", "013", "016")
    s._legal = None
    discards = list(s.adisc)
    s, ev = G.apply(s, Move(3))  # you stay; End of Round; last call round 3 begins
    assert s.round == 3 and s.phase == "explore" and s.actor == 0
    assert s.adisc == discards and "automa_card" not in [e.kind for e in ev]
    assert "automa_explored" not in [e.kind for e in ev] and s.admg == 0


@pytest.mark.parametrize("player", ["random", "runner", "fueler"])
def test_the_measuring_command_plays_every_level(player: str,
                                                 capsys: pytest.CaptureFixture[str]) -> None:
    from .measure_automa import main

    main(["--games", "2", "--player", player])
    lines = capsys.readouterr().out.splitlines()
    assert lines[0] == f"2 solo games per level, {player} against the Automa"
    assert [x.split(" | ")[0] for x in lines[3:]] == ["| easy", "| normal", "| hard"]
