"""Each rule of the checklist that the model covers so far, one test each (the ids are the
design brief's: T time, M moving, H heroes, B battle, C fighting together, S sunrise, X the
legend track, K fires, A articles)."""

from __future__ import annotations

import pytest

from frostdesk.engine.game import IllegalAction
from frostdesk.games.andor_eternal_frost.rules import best_value
from frostdesk.games.andor_eternal_frost.state import (
    SHIELD,
    EndDay,
    Fight,
    KeepDice,
    Leave,
    Light,
    Move,
    Pass,
    PickUp,
    PutDown,
    Reward,
    Stay,
    TurnDie,
)

from .helpers import BOARD, GAME, empty, fresh, kinds, play, put, script


def end_all(s):
    """Every hero still in the day ends it (sunrise follows)."""
    events = []
    while s.battle is None and not s.result and not all(s.ended):
        s, ev = GAME.apply(s, EndDay())
        events.extend(ev)
        if "sunrise" in kinds(ev):
            break
    return s, events


# ---------------------------------------------------------------- T: days and the time track

def test_t1_seven_hours_and_three_of_overtime() -> None:
    s = empty()
    assert GAME.hours_left(s, 0) == 10  # 7 WP pays three overtime hours (2 each) and keeps 1
    s.wp[0] = 4
    assert GAME.hours_left(s, 0) == 8


def test_t3_moving_costs_an_hour_a_space_and_passing_one() -> None:
    s = empty()
    far = next(d for d, k in BOARD.dist[10].items() if k == 4)
    s2, _ = play(s, Move(far))
    assert s2.hour[0] == 4 and s2.space[0] == far and s2.wp[0] == 7
    s3, _ = play(s, Pass())
    assert s3.hour[0] == 1 and s3.space[0] == 10


def test_t4_overtime_costs_2_wp_an_hour_and_never_reaches_0() -> None:
    s = empty()
    s.hour[0] = 6
    far = next(d for d, k in BOARD.dist[10].items() if k == 3)
    s2, _ = play(s, Move(far))
    assert (s2.hour[0], s2.wp[0]) == (9, 3)  # hour 7 free, 8 and 9 cost 2 each
    s.wp[0] = 3
    assert GAME.hours_left(s, 0) == 2  # hour 7, and hour 8 leaves 1 WP
    s.wp[0] = 2
    assert GAME.hours_left(s, 0) == 1  # hour 7 only: hour 8 would take the WP to 0


def test_t5_the_first_to_end_the_day_takes_the_rooster() -> None:
    s = empty()
    s2, ev = play(s, EndDay())
    assert s2.ended == [True, False] and s2.rooster == 0 and s2.current == 1
    assert ev[0].data["rooster"] is True
    s3, _ = play(s2, Pass())
    assert s3.current == 1  # the hero who ended the day is skipped


def test_t6_sunrise_when_all_ended_and_the_rooster_opens_the_new_day() -> None:
    s = empty()
    s, _ = play(s, Pass(), EndDay())  # warrior passes, wizard ends first: rooster
    assert s.rooster == 1
    s, ev = play(s, EndDay())
    assert "sunrise" in kinds(ev)
    assert s.day == 2 and s.hour == [0, 0] and s.ended == [False, False]
    assert s.current == 1 and s.rooster == -1


def test_t7_the_lowest_rank_opens_day_1() -> None:
    assert fresh("warrior,wizard").current == 0  # 14 < 34
    assert fresh("wizard,guardian,dwarf").current == 2  # the dwarf, 7
    assert fresh("guardian,wizard").current == 1


def test_t8_a_hero_without_a_usable_hour_can_only_end_the_day() -> None:
    s = empty()
    s.hour[0] = 10
    legal = GAME.legal(s)
    assert EndDay() in legal
    assert not any(isinstance(a, Move | Pass | Fight) for a in legal)
    with pytest.raises(IllegalAction, match="none is left"):
        GAME.apply(s, Pass())


def test_frost_covers_hours_and_moves_left_at_sunrise() -> None:
    s = empty()
    s.frost = 9
    assert GAME.hours_left(s, 0) == 8  # hours 9 and 10 are covered
    s.frost = 7
    assert GAME.hours_left(s, 0) == 6
    s.frost = 13
    s2, ev = end_all(s)
    assert s2.frost == 12 and "frost_moved" in kinds(ev)
    s.frost = 6
    s3, _ = end_all(s)
    assert s3.frost == 6  # it stops on 6


# ---------------------------------------------------------------- M: moving

def test_m1_m2_heroes_share_spaces_pass_creatures_and_the_castle() -> None:
    s = empty(at=1)
    put(s, "gor", 2)
    s.space[1] = 4
    # 1 -> 4 runs through the castle or 2 (a creature's space); both are allowed
    assert Move(4) in GAME.legal(s)
    s2, _ = play(s, Move(4))
    assert s2.space == [4, 4]


def test_m5_the_wizard_moves_9_to_11_for_2_hours_then_the_next_hero_plays() -> None:
    s = empty("warrior,wizard", at=9, current=1)
    s2, ev = play(s, Move(11))
    assert (s2.space[1], s2.hour[1]) == (11, 2)
    assert ev[0].data["path"][0] == 9 and ev[0].data["path"][-1] == 11
    assert s2.current == 0


def test_m6_a_hero_who_walked_onto_a_creature_attacks_only_on_a_later_turn() -> None:
    s = empty("warrior,wizard", at=10)
    put(s, "gor", 11)
    s2, _ = play(s, Move(11))
    assert s2.current == 1  # the move was the turn
    s3, _ = play(s2, Pass())
    assert Fight(()) in GAME.legal(s3)


def test_r4_the_path_is_a_shortest_walk() -> None:
    s = empty()
    path = GAME.path(s, 10, 58)
    assert len(path) - 1 == BOARD.dist[10][58]
    for a, b in zip(path, path[1:], strict=False):
        assert b in BOARD.spaces[a].next


# ---------------------------------------------------------------- H: heroes

def test_h1_heroes_start_with_the_legends_sp_and_7_wp() -> None:
    s = fresh("warrior,wizard,dwarf")
    assert s.sp == [1, 1, 1] and s.wp == [7, 7, 7]


def test_h2_dice_come_from_the_current_wp_row(monkeypatch: pytest.MonkeyPatch) -> None:
    # the warrior rolls 3 dice at 7 WP, 2 after dropping to 6
    s = empty("warrior,dwarf", at=10)
    put(s, "troll", 10)
    script(monkeypatch, 1, 1, 1, 6, 6, 6)  # warrior 1,1,1; troll 6,6,6 = 18 + 12
    s2, ev = play(s, Fight(()))
    assert next(e for e in ev if e.kind == "rolled").data["dice"] == [1, 1, 1]
    assert s2.wp[0] == 3  # beaten (2 against 30): back up to 3 WP (B8)
    s = empty("warrior,dwarf", at=10)
    s.wp[0] = 6
    put(s, "gor", 10)
    script(monkeypatch, 2, 2, 1, 1)
    _, ev = play(s, Fight(()))
    assert next(e for e in ev if e.kind == "rolled").data["dice"] == [2, 2]


def test_h5_wp_stops_at_20_and_sp_at_14(monkeypatch: pytest.MonkeyPatch) -> None:
    s = empty("warrior,wizard", at=10)
    s.wp[0], s.sp[0] = 19, 14
    put(s, "gor", 10)
    script(monkeypatch, 6, 6, 6, 6, 1, 1)  # 4 dice at 19 WP: 6 + 14 against 1 + 2
    s2, _ = play(s, Fight(()))
    assert s2.wp[0] == 20  # 19 + the gor's 2 WP, capped at 20


def test_h7_the_warrior_adds_2_on_a_burning_fire_others_1_and_k4_not_in_the_castle() -> None:
    s = empty("warrior,wizard", at=10)
    s.fires = {10: True}
    assert GAME.fighter_value(s, 0, [4]) == 4 + 1 + 2
    assert GAME.fighter_value(s, 1, [4]) == 4 + 1 + 1
    s.space = [0, 0]
    s.fires = {0: True}
    assert GAME.fighter_value(s, 0, [4]) == 4 + 1


def test_h11_the_dwarf_pays_1_wp_per_overtime_hour() -> None:
    s = empty("dwarf,wizard")
    s.hour[0] = 7
    far = next(d for d, k in BOARD.dist[10].items() if k == 3)
    s2, _ = play(s, Move(far))
    assert (s2.hour[0], s2.wp[0]) == (10, 4)


# ---------------------------------------------------------------- B: battle, one hero

def test_b3_the_dwarfs_battle_value() -> None:
    # 9 WP: two dice, 4 and 3; 5 SP gives 9, a burning fire 10
    s = empty("dwarf,wizard")
    s.wp[0], s.sp[0] = 9, 5
    assert GAME.content.hero_dice("dwarf", 9) == 2
    assert GAME.fighter_value(s, 0, [4, 3]) == 9
    s.fires = {10: True}
    assert GAME.fighter_value(s, 0, [4, 3]) == 10


def test_b4_b10_creatures_take_the_highest_die_or_the_sum_of_equals() -> None:
    assert best_value([3, 3, 5], True) == 6  # the troll's example: 6 + 12 = 18
    assert best_value([5, 5], True) == 10
    assert best_value([2, 6], True) == 6
    assert best_value([3, 3, 5], False) == 5  # heroes without a helm
    s = empty()
    troll = put(s, "troll", 12)
    assert GAME.creature_dice(s, troll, 18) == 3 and GAME.creature_dice(s, troll, 14) == 3
    assert GAME.creature_dice(s, troll, 13) == 2
    assert GAME.creature_sp(s, troll) + best_value([3, 3, 5], True) == 18


def test_b1_b2_b5_a_round_costs_an_hour_and_the_lower_side_loses_the_difference(
        monkeypatch: pytest.MonkeyPatch) -> None:
    s = empty()
    put(s, "wargor", 10)
    script(monkeypatch, 6, 2, 1, 1, 2)  # warrior 6 + 1 = 7; wargor 2 + 2 = 4
    s2, ev = play(s, Fight(()))
    assert s2.hour[0] == 1
    assert s2.battle is not None and s2.battle.cwp == 6 - 3
    assert GAME.legal(s2) == [Stay(), Leave()]
    script(monkeypatch, 1, 1, 2, 6, 6)  # 2 + 1 = 3 against 12 + 2 = 14
    s3, _ = play(s2, Stay())
    assert s3.hour[0] == 2 and s3.wp[0] == 3 and s3.battle is None  # beaten, see B8


def test_b5_a_tie_changes_nothing(monkeypatch: pytest.MonkeyPatch) -> None:
    s = empty()
    put(s, "wargor", 10)
    script(monkeypatch, 3, 2, 1, 1, 2)  # 3 + 1 = 4 against 2 + 2 = 4
    s2, ev = play(s, Fight(()))
    assert "tie" in kinds(ev) and s2.wp[0] == 7 and s2.battle.cwp == 6


def test_b6_with_no_hour_left_the_hero_stops(monkeypatch: pytest.MonkeyPatch) -> None:
    s = empty()
    s.hour[0] = 9
    s.wp[0] = 3  # hour 10 would cost 2 and leave 1; a round in hour 10 then nothing
    put(s, "wargor", 10)
    script(monkeypatch, 6, 2, 1, 1)  # hour 10: 7 WP... 3-2 = 1 WP, one die: 6 + 1 vs 1 + 2
    s2, ev = play(s, Fight(()))
    assert s2.hour[0] == 10 and s2.wp[0] == 1
    assert s2.battle is None and "battle_over" in kinds(ev)
    assert ev[[e.kind for e in ev].index("battle_over")].data["result"] == "undecided"


def test_b7_a_defeated_creature_goes_to_the_box_and_the_narrator_moves(
        monkeypatch: pytest.MonkeyPatch) -> None:
    s = empty()
    gor = put(s, "gor", 10)
    s.sp[0] = 3
    script(monkeypatch, 6, 6, 6, 1, 2)  # 6 + 3 = 9 against 2 + 2 = 4: the gor's 4 WP gone
    s2, ev = play(s, Fight(()))
    assert s2.creatures[gor][1] == 80 and gor in s2.defeated
    assert s2.narrator == 1 and "narrator" in kinds(ev)
    assert s2.wp[0] == 7 + 2  # R12: a gor gives 2 WP, no choice
    assert s2.current == 1  # C11


def test_b7_wargor_buffalo_and_troll_let_the_heroes_choose(
        monkeypatch: pytest.MonkeyPatch) -> None:
    s = empty()
    put(s, "wargor", 10)
    s.sp[0] = 8
    script(monkeypatch, 6, 6, 6, 1, 1)  # 6 + 8 = 14 against 3
    s2, _ = play(s, Fight(()))
    assert sorted(GAME.legal(s2), key=str) == [Reward("sp"), Reward("wp")]
    s3, _ = play(s2, Reward("sp"))
    assert s3.sp[0] == 9 and s3.battle is None and s3.current == 1


def test_b8_a_hero_at_0_wp_loses_1_sp_and_gets_3_wp(monkeypatch: pytest.MonkeyPatch) -> None:
    s = empty()
    s.sp[0] = 3
    put(s, "wargor", 10)
    script(monkeypatch, 1, 1, 1, 6, 6)  # 1 + 3 = 4 against 12 + 2 = 14
    s2, ev = play(s, Fight(()))
    assert (s2.sp[0], s2.wp[0]) == (2, 3)
    assert s2.battle is None and s2.current == 1
    s = empty()
    put(s, "wargor", 10)
    script(monkeypatch, 1, 1, 1, 6, 6)
    s2, _ = play(s, Fight(()))
    assert (s2.sp[0], s2.wp[0]) == (1, 3)  # 1 SP stays 1


def test_b9_an_undecided_battle_leaves_the_creature_at_its_printed_values(
        monkeypatch: pytest.MonkeyPatch) -> None:
    s = empty()
    put(s, "wargor", 10)
    script(monkeypatch, 5, 1, 1, 1, 2)  # 5 + 1 = 6 against 4: the wargor drops to 4
    s2, _ = play(s, Fight(()))
    assert s2.battle.cwp == 4
    s3, ev = play(s2, Leave())
    assert s3.battle is None and "battle_over" in kinds(ev)
    s4, _ = play(s3, Pass())  # the wizard's turn
    script(monkeypatch, 1, 1, 1, 1, 1)
    s5, _ = play(s4, Fight(()))  # 1 + 1 = 2 against 2 + 2: the wargor starts at 6 again
    assert s5.battle.cwp == 6 and s5.wp[0] == 5


# ---------------------------------------------------------------- C: fighting together

def test_c1_only_heroes_in_the_day_with_an_hour_can_join() -> None:
    s = empty("warrior,wizard,dwarf", at=10)
    put(s, "gor", 10)
    assert Fight((1, 2)) in GAME.legal(s)
    s = s.copy()
    s.ended[2] = True
    s.hour[1] = 10
    fights = [a for a in GAME.legal(s) if isinstance(a, Fight)]
    assert fights == [Fight(())]


def test_c2_c7_every_fighter_pays_an_hour_and_loses_the_full_difference(
        monkeypatch: pytest.MonkeyPatch) -> None:
    s = empty("warrior,dwarf", at=10)
    put(s, "troll", 10)
    script(monkeypatch, 1, 1, 1, 1, 1, 1, 2, 1)  # (1+1) + (1+1) = 4; troll 2 + 12 = 14
    s2, _ = play(s, Fight((1,)))
    assert s2.hour == [1, 1]
    assert s2.wp == [3, 3] and s2.battle is None  # both lost 10: beaten, back up to 3


def test_c8_the_inviter_may_leave_and_the_other_fights_on(
        monkeypatch: pytest.MonkeyPatch) -> None:
    s = empty("warrior,dwarf", at=10)
    put(s, "troll", 10)
    s.sp = [10, 10]
    script(monkeypatch, 1, 1, 1, 1, 1, 1, 1, 1)  # 11 + 11 = 22 against 1 + 12 = 13
    s2, _ = play(s, Fight((1,)))
    # the troll rolls three 1s: 3 + 12 = 15, so it loses 7
    assert s2.battle.cwp == 18 - 7 and s2.battle.asked == [0, 1]
    assert GAME.to_move(s2) == 0
    s3, _ = play(s2, Leave())
    assert GAME.to_move(s3) == 1
    script(monkeypatch, 6, 6, 1, 1)  # the dwarf alone (R14): 6 + 10 = 16 against 2 + 12
    s4, ev = play(s3, Stay())
    assert s4.battle.fighters == [1] and s4.hour == [1, 2]
    assert s4.battle.cwp == 11 - 2


def test_c9_a_fighter_out_of_hours_leaves(monkeypatch: pytest.MonkeyPatch) -> None:
    s = empty("warrior,dwarf", at=10)
    put(s, "troll", 10)
    s.sp = [10, 10]
    s.hour[1] = 9
    s.wp[1] = 2  # the dwarf pays 1 WP for hour 10, then has nothing left
    script(monkeypatch, 1, 1, 1, 1, 1, 1, 1)  # warrior 3 dice, dwarf 1 (at 1 WP), troll 3
    s2, ev = play(s, Fight((1,)))
    assert s2.battle.fighters == [0]
    assert any(e.kind == "left_battle" and e.data["hero"] == 1 for e in ev)


def test_c10_r15_a_reward_is_dealt_evenly_the_rest_clockwise_from_the_inviter(
        monkeypatch: pytest.MonkeyPatch) -> None:
    s = empty("warrior,wizard,dwarf", at=10, current=1)
    put(s, "wargor", 10)
    s.sp = [5, 5, 5]
    # wizard (inviter) rolls 6 and keeps it; the dwarf rolls 6, 6 and the wizard keeps that
    script(monkeypatch, 6, 6, 6, 1, 1)
    s2, _ = play(s, Fight((2,)), KeepDice(), KeepDice())
    s3, ev = play(s2, Reward("sp"))
    assert s3.sp == [5, 6, 5]  # 1 SP: the inviter
    assert s3.current == 2  # C11: the hero left of the inviter


def test_c12_the_warrior_and_the_wizard_beat_a_wargor(monkeypatch: pytest.MonkeyPatch) -> None:
    """The manual's collective battle: SP 11 + fire (+2 warrior, +1 wizard) = 14; 1, 1, 2 with
    a 1 turned into a 6; the wizard rolls 2; 22 against the wargor's 5, 5 + 2 = 12."""
    s = empty("warrior,wizard", at=10)
    s.sp = [6, 5]
    s.fires = {10: True}
    put(s, "wargor", 10)
    sp_part = sum(s.sp) + sum(GAME.fire_bonus(s, j) for j in (0, 1))
    assert sp_part == 14
    script(monkeypatch, 1, 1, 2, 2, 5, 5)
    s1, ev = play(s, Fight((1,)))
    assert s1.hour == [1, 1]
    assert GAME.to_move(s1) == 1 and TurnDie(0) in GAME.legal(s1)
    s2, ev = play(s1, TurnDie(0))
    assert ev[0].data["dice"] == [6, 1, 2]
    rolled = [e for e in ev if e.kind == "creature_rolled"][0]
    assert rolled.data["heroes"] == 22 and rolled.data["value"] == 12
    assert any(e.kind == "defeated" for e in ev)
    assert s2.battle.phase == "reward"
    s3, _ = play(s2, Reward("wp"))
    assert s3.wp == [9, 9]  # 4 WP: 2 + 2
    assert s3.narrator == 1


def test_h8_the_wizard_turns_one_die_a_round(monkeypatch: pytest.MonkeyPatch) -> None:
    s = empty("warrior,wizard", at=10)
    put(s, "troll", 10)
    s.sp = [10, 10]
    script(monkeypatch, 1, 1, 1, 2, 1, 1, 1)
    s1, _ = play(s, Fight((1,)))
    s2, _ = play(s1, TurnDie(0))  # turned the warrior's 1: no turn offered for his own 2
    assert s2.battle.phase == "stay"
    script(monkeypatch, 1, 1, 1)
    s3, _ = play(s2, Stay(), Stay())
    assert s3.battle.phase == "turn"  # a new round, a new turn


# ---------------------------------------------------------------- S: sunrise

def test_s2_s3_creatures_move_in_order_and_skip_taken_spaces() -> None:
    s = empty(at=40)
    a = BOARD.spaces[12].arrow  # 7
    g1, g2 = put(s, "gor", a), put(s, "gor", 12)
    s2, _ = end_all(s)
    assert s2.creatures[g1][1] == BOARD.spaces[a].arrow  # the lower space moved first
    assert s2.creatures[g2][1] == a
    s = empty(at=40)
    g = put(s, "gor", 12)
    w = put(s, "wargor", a)
    s2, _ = end_all(s)
    after = BOARD.spaces[a].arrow
    assert s2.creatures[g][1] == after  # 7 was taken: the gor went on
    assert BOARD.spaces[after].arrow == 0
    assert s2.creatures[w][1] == SHIELD  # the wargor went on too: into the castle


def test_s4_x1_a_creature_in_the_castle_takes_a_shield_and_none_free_loses() -> None:
    s = empty(at=40)
    g = put(s, "gor", 1)
    s2, ev = end_all(s)
    assert s2.creatures[g][1] == SHIELD and s2.shields == [g] and not s2.result
    assert GAME.shield_count(s) == 3
    assert GAME.shield_count(empty("warrior,wizard,dwarf")) == 2
    assert GAME.shield_count(empty("warrior,wizard,dwarf,guardian")) == 1
    s.shields = [90, 91, 92]
    s3, ev = end_all(s)
    assert s3.result == "lost" and "no free shield" in s3.reason
    assert GAME.outcome(s3).cooperative_win is False


def test_s3_a_creature_placed_on_a_taken_space_moves_on() -> None:
    s = fresh("warrior,wizard")
    # card C puts a wargor on 47; with a creature already there it walks on
    s = s.copy()
    # a gor walks onto 47 at step 1; at step 9 card C puts the wargor there
    put(s, "gor", next(i for i, sp in BOARD.spaces.items() if sp.arrow == 47))
    s.narrator = 1
    s2, ev = end_all(s)
    placed = [e for e in ev if e.kind == "creature_placed" and e.data["kind"] == "wargor"]
    assert placed and placed[-1].data["space"] == 47
    new = placed[-1].data["creature"]
    assert s2.creatures[new][1] == BOARD.spaces[47].arrow


def test_s6_hours_are_restored_after_sunrise_k2_warming_and_fires_out() -> None:
    s = empty(at=10)
    s.fires = {10: True, 11: False}
    s.wp = [4, 18]
    s.hour = [5, 9]
    s2, ev = end_all(s)
    assert s2.wp == [9, 20]  # +5, capped at 20
    assert s2.fires == {10: False, 11: False}
    assert s2.hour == [0, 0]


# ---------------------------------------------------------------- X: the legend

def test_x3_the_narrator_starts_on_a_and_card_a1_is_read() -> None:
    s = fresh()
    assert s.narrator == 0 and s.read == ["A1"]


def test_x4_x5_sunrise_advances_the_narrator_and_a_starred_letter_is_read() -> None:
    s = fresh("warrior,wizard").copy()
    s.narrator = 1
    s2, ev = end_all(s)
    assert s2.narrator == 2 and "C" in s2.read
    assert s2.sp == [2, 2]  # The Armoury: +1 SP each
    assert any(e.kind == "creature_placed" and e.data["space"] == 47 for e in ev)


def test_x6_reaching_n_loses_unless_the_goal_is_met() -> None:
    s = empty()
    s.narrator = 12
    s2, _ = end_all(s)
    assert s2.result == "lost" and "reached N" in s2.reason


def test_x6_a_defeat_that_moves_the_narrator_onto_n_ends_the_legend_in_battle(
        monkeypatch: pytest.MonkeyPatch) -> None:
    s = empty()
    s.narrator = 12
    s.sp[0] = 5
    put(s, "gor", 10)
    script(monkeypatch, 6, 6, 6, 1, 2)  # 6 + 5 = 11 against 4: the gor falls, N is reached
    s2, ev = play(s, Fight(()))
    assert s2.result == "lost" and s2.battle is None and GAME.legal(s2) == []
    assert ev[-1].kind == "game_over"
    # with the goal met the same defeat wins: Myrk falls while the stone lies in the castle
    s = empty()
    s.narrator = 12
    s.sp[0] = 14
    s.items = {0: ["winter_stone"]}
    put(s, "myrk", 10)
    s.bosses["myrk"] = [1, 1]
    script(monkeypatch, 6, 6, 6, 1, 1, 1)
    s3, _ = play(s, Fight(()))
    assert s3.result == "won"


def test_x7_the_goal_wins_at_once() -> None:
    s = empty(at=1)
    myrk = put(s, "myrk", 65)
    s.creatures[myrk][1] = 80
    s.defeated.append(myrk)
    s.kit[0].append("winter_stone")
    s2, ev = play(s, Move(0))
    assert s2.result == "won" and ev[-1].kind == "game_over"
    assert GAME.outcome(s2).cooperative_win is True


def test_l1_myrk_wakes_moves_two_spaces_and_breaks_in() -> None:
    s = fresh("warrior,wizard").copy()
    s.narrator = 5  # F: the next sunrise reads G
    s2, ev = end_all(s)
    assert "G" in s2.read and "boss_moves" in s2.rules and "the_resistance" in s2.rules
    myrk = next(n for n, (k, _) in s2.creatures.items() if k == "myrk")
    assert s2.creatures[myrk][1] == 65
    s3, _ = end_all(s2)
    assert s3.creatures[myrk][1] == BOARD.spaces[BOARD.spaces[65].arrow].arrow
    s4 = s3.copy()
    s4.creatures[myrk][1] = 1
    s5, _ = end_all(s4)
    assert s5.result == "lost" and s5.reason == "Myrk broke into the Rietburg"


def test_l1_myrk_has_the_legends_numbers_for_the_hero_count() -> None:
    # ruling R54 (was 9, 16, 23)
    for heroes, sp in (("warrior,wizard", 10), ("warrior,wizard,dwarf", 19),
                       ("warrior,wizard,dwarf,guardian", 28)):
        s = fresh(heroes)
        assert s.bosses["myrk"] == [sp, 20]


# ---------------------------------------------------------------- K, A: fires and articles

def test_k1_lighting_a_fire_costs_2_wp_and_is_free() -> None:
    s = empty()
    s.fires = {10: False}
    s2, _ = play(s, Light())
    assert s2.fires[10] is True and s2.wp[0] == 5 and s2.hour[0] == 0 and s2.current == 0
    s = s.copy()
    s.wp[0] = 2
    assert Light() not in GAME.legal(s)  # never down to 0


def test_a11_articles_are_picked_up_by_slot_size() -> None:
    s = empty()
    s.items = {10: ["askimar_blade", "winter_stone", "wineskin"]}
    s2, _ = play(s, PickUp("askimar_blade"))
    assert s2.kit[0] == ["askimar_blade"] and s2.current == 0
    assert PickUp("winter_stone") not in GAME.legal(s2)  # one large slot
    assert PickUp("wineskin") in GAME.legal(s2)
    s3, _ = play(s2, PutDown("askimar_blade"), PickUp("winter_stone"))
    assert s3.kit[0] == ["winter_stone"] and "askimar_blade" in s3.items[10]


def test_a8_the_will_of_the_stone_and_the_resistance_cost_wp() -> None:
    s = empty()
    s.items = {10: ["winter_stone"]}
    s.rules = ["will_of_the_stone", "the_resistance"]
    s2, _ = play(s, PickUp("winter_stone"))
    assert s2.wp[0] == 5
    s3, _ = play(s2, Move(11))
    assert s3.wp[0] == 4 and s3.space[0] == 11
    s2 = s2.copy()
    s2.wp[0] = 1
    s4, ev = play(s2, Move(11))
    assert s4.items[10] == ["winter_stone"] and s4.wp[0] == 1  # dropped before moving
    s = s.copy()
    s.wp[0] = 2
    assert PickUp("winter_stone") not in GAME.legal(s)


def test_o9_r40_a_card_places_nothing_when_every_figure_is_in_use() -> None:
    s = fresh("warrior,wizard").copy()
    for _ in range(6):  # one wargor stands on 46, the other six lie in the box
        num = put(s, "wargor", BOARD.defeated)
        s.defeated.append(num)
    s.narrator = 1
    s2, ev = end_all(s)
    assert "C" in s2.read
    assert any(e.kind == "not_placed" and e.data["kind"] == "wargor" for e in ev)
    assert sum(1 for k, _ in s2.creatures.values() if k == "wargor") == 7
