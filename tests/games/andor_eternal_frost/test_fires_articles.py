"""Fires, the guardian's board fire, the helm, wineskins and exchanges (checklist H9, H10,
H12, K2, K3, K6, A2, A3, A4, A11, C5, C6, F2,
F5, F6)."""

from __future__ import annotations

import shutil
from pathlib import Path

import pytest
import yaml

from frostdesk.games.andor_eternal_frost.content import validate
from frostdesk.games.andor_eternal_frost.state import (
    Burn,
    EndDay,
    Fight,
    Give,
    Glow,
    KeepDice,
    LightHearth,
    Move,
    Pass,
    PutDown,
    Reroll,
    TurnDie,
    Use,
)

from .helpers import BOARD, GAME, empty, play, put, script


def sunrise(s):
    while not s.result and not all(s.ended):
        s, ev = GAME.apply(s, EndDay())
        if any(e.kind == "sunrise" for e in ev):
            return s
    return s


def test_h9_h10_the_guardian_lights_her_board_fire_for_2_wp() -> None:
    s = empty("guardian,wizard")
    assert s.hearth is False  # R9: it starts extinguished
    assert LightHearth() in GAME.legal(s)
    s2, ev = play(s, LightHearth())
    assert s2.hearth and s2.wp[0] == 5 and s2.hour[0] == 0 and s2.current == 0
    assert LightHearth() not in GAME.legal(s2)
    other = empty("warrior,wizard")
    assert LightHearth() not in GAME.legal(other)


def test_k3_example_1_both_heroes_by_her_board_fire_warm_up_and_it_goes_out() -> None:
    s = empty("guardian,wizard", at=10)
    s.hearth = True
    s.wp = [6, 6]
    s2 = sunrise(s)
    assert s2.wp == [11, 11]
    assert s2.hearth is False  # step 8 puts it out too
    s.space = [10, 11]
    s3 = sunrise(s)
    assert s3.wp == [11, 6]  # only on her space


def test_k3_example_2_the_dwarf_with_her_gets_the_fire_bonus_in_battle() -> None:
    s = empty("guardian,dwarf", at=10)
    s.hearth = True
    assert GAME.fire_bonus(s, 0) == 1 and GAME.fire_bonus(s, 1) == 1
    s.space = [10, 11]
    assert GAME.fire_bonus(s, 1) == 0


def test_h12_a_fire_token_and_her_board_fire_count_once() -> None:
    s = empty("guardian,warrior", at=10)
    s.hearth = True
    s.fires = {10: True}
    assert GAME.fire_bonus(s, 1) == 2 and GAME.fire_bonus(s, 0) == 1
    s.wp = [6, 6]
    assert sunrise(s).wp == [11, 11]


def test_k2_a_burning_fire_helps_a_battle_round(monkeypatch: pytest.MonkeyPatch) -> None:
    s = empty("dwarf,wizard", at=10)
    s.fires = {10: True}
    put(s, "gor", 10)
    # the dwarf's 4, 1: 4 + 1 SP + 1 fire = 6; the gor's 1, 1 add up: 2 + 2 SP = 4
    script(monkeypatch, 4, 1, 1, 1)
    s2, ev = play(s, Fight(()))
    hurt = next(e for e in ev if e.kind == "creature_hurt")
    assert hurt.data["by"] == -2


def test_a4_the_helm_counts_equal_dice_as_their_sum() -> None:
    s = empty("warrior,wizard", at=10)
    s.kit[0] = ["helm"]
    # example 1: 3, 4, 4 and the wizard turns the 3 into a 4: 12
    assert GAME.fighter_value(s, 0, [4, 4, 4]) == 12 + 1
    # example 2: 2, 2, 3 and the blade's re-roll makes the 3 a 2: 6
    assert GAME.fighter_value(s, 0, [2, 2, 2]) == 6 + 1
    assert GAME.fighter_value(s, 0, [2, 2, 5]) == 5 + 1  # the better of the two
    s.kit[0] = []
    assert GAME.fighter_value(s, 0, [4, 4, 4]) == 4 + 1


def test_a4_the_wizards_turn_combines_with_a_fellow_fighters_helm(
        monkeypatch: pytest.MonkeyPatch) -> None:
    s = empty("warrior,wizard", at=10)
    s.kit[0] = ["helm"]
    put(s, "troll", 10)
    script(monkeypatch, 3, 4, 4, 1, 1, 1, 1)
    s1, _ = play(s, Fight((1,)))
    s2, ev = play(s1, TurnDie(0))
    rolled = next(e for e in ev if e.kind == "creature_rolled")
    assert rolled.data["heroes"] == (12 + 1) + (1 + 1)


def test_k6_a_legend_lays_out_at_most_5_fires(tmp_path: Path) -> None:
    folder = tmp_path / "andor"
    shutil.copytree(GAME.content.folder, folder)
    path = folder / "legends" / "l1.yaml"
    data = yaml.safe_load(path.read_text())
    data["setup"]["fires"] = [6, 17, 39, 1, 2, 3]
    path.write_text(yaml.safe_dump(data, sort_keys=False))
    problems = [str(p) for p in validate(folder)]
    assert len(problems) == 1 and "setup.fires: at most 5 fires" in problems[0]


# ---------------------------------------------------------------- wineskins and exchanges

def test_a2_each_wineskin_side_is_a_space_without_an_hour() -> None:
    s = empty(at=10)
    s.kit[0] = ["wineskin", "wineskin"]
    far = next(d for d, k in BOARD.dist[10].items() if k == 4)
    assert {a.sips for a in GAME.legal(s) if isinstance(a, Move) and a.to == far} == \
        {0, 1, 2, 3, 4}
    s2, ev = play(s, Move(far, 3))  # both sides of one and half of the other
    assert s2.hour[0] == 1 and s2.kit[0] == ["wineskin_half"]
    assert [e.data["left"] for e in ev if e.kind == "wineskin_used"] == \
        ["wineskin_half", "none", "wineskin_half"]
    s3, _ = play(s2, Pass(), Move(10, 1))
    assert s3.kit[0] == [] and s3.hour[0] == 1 + 3  # the half side went back to the box


def test_f6_the_warrior_walks_3_spaces_for_2_hours_and_hands_over_the_full_wineskin() -> None:
    s = empty("warrior,wizard", at=10)
    s.kit[0] = ["wineskin", "wineskin_half"]
    there = next(d for d, k in BOARD.dist[10].items() if k == 3)
    s.space[1] = there
    s2, _ = play(s, Move(there, 1))
    assert s2.hour[0] == 2 and s2.kit[0] == ["wineskin"]
    assert s2.current == 1  # the move is over
    s2 = s2.copy()
    s2.current = 0  # (the warrior's next turn: giving is free)
    s3, ev = play(s2, Give("wineskin", 1))
    assert s3.kit == [[], ["wineskin"]] and s3.hour[0] == 2 and s3.current == 0


def test_f2_only_heroes_on_the_same_space_still_in_the_day_exchange() -> None:
    s = empty("warrior,wizard,dwarf", at=10)
    s.kit[0] = ["helm"]
    s.pouch[0] = ["gem"]
    s.space[2] = 11
    legal = GAME.legal(s)
    assert Give("helm", 1) in legal and Give("gem", 1) in legal
    assert Give("helm", 2) not in legal
    s.ended[1] = True
    assert Give("helm", 1) not in GAME.legal(s.copy())
    s2, _ = play(s.copy(), PutDown("helm"))
    assert s2.items[10] == ["helm"]


def test_a11_a_gift_needs_a_free_slot_of_its_size() -> None:
    s = empty("warrior,wizard", at=10)
    s.kit = [["askimar_blade"], ["falcon"]]
    assert Give("askimar_blade", 1) not in GAME.legal(s)


# ---------------------------------------------------------------- the Askimar blade

def test_a3_example_1_the_re_rolled_die_need_not_count(monkeypatch: pytest.MonkeyPatch) -> None:
    s = empty("dwarf,warrior", at=10)
    s.kit[0] = ["askimar_blade"]
    put(s, "troll", 10)
    script(monkeypatch, 3, 2)
    s1, _ = play(s, Fight(()))
    assert GAME.to_move(s1) == 0 and set(GAME.legal(s1)) == {Reroll(0), Reroll(1), KeepDice()}
    script(monkeypatch, 1, 1, 1, 1)  # the 2 comes up 1; the troll rolls 1, 1, 1
    s2, ev = play(s1, Reroll(1))
    assert next(e for e in ev if e.kind == "rerolled").data["dice"] == [3, 1]
    rolled = next(e for e in ev if e.kind == "creature_rolled")
    assert rolled.data["heroes"] == 3 + 1  # the 3 counts
    assert s2.kit[0] == ["askimar_blade"]  # R39: not used up


def test_a3_example_2_the_blade_comes_before_the_wizards_turn(
        monkeypatch: pytest.MonkeyPatch) -> None:
    s = empty("dwarf,wizard", at=10)
    s.kit[0] = ["askimar_blade"]
    put(s, "troll", 10)
    script(monkeypatch, 3, 4, 1)  # the dwarf rolls 3, 4 and re-rolls the 3: a 1
    s1, _ = play(s, Fight((1,)))
    s2, _ = play(s1, Reroll(0))
    assert s2.battle.phase == "turn" and GAME.to_move(s2) == 1
    script(monkeypatch, 2, 1, 1, 1)  # the wizard's own roll, then the troll
    s3, ev = play(s2, TurnDie(0))
    assert ev[0].data["dice"] == [6, 4]
    rolled = next(e for e in ev if e.kind == "creature_rolled")
    assert rolled.data["heroes"] == (6 + 1) + (2 + 1)


def test_c6_no_article_changes_hands_during_a_round(monkeypatch: pytest.MonkeyPatch) -> None:
    s = empty("dwarf,warrior", at=10)
    s.kit[0] = ["askimar_blade"]
    put(s, "troll", 10)
    script(monkeypatch, 3, 2)
    s1, _ = play(s, Fight((1,)))
    assert not any(isinstance(a, Give) for a in GAME.legal(s1))


# ---------------------------------------------------------------- firewood

def test_k5_f5_the_dwarf_burns_firewood_then_fights_with_the_wizard(
        monkeypatch: pytest.MonkeyPatch) -> None:
    """The manual's second free-action example: the dwarf draws firewood, the wizard joins
    him by a steppe buffalo, and on his turn the dwarf pays 2 WP and the firewood for a fire,
    then fights and invites the wizard."""
    s = empty("dwarf,wizard", at=10)
    s.snow = {11: ["firewood", False]}
    s.space[1] = 12
    put(s, "buffalo", 11)
    s1, _ = play(s, Move(11))
    assert s1.kit[0] == ["firewood"]
    s2, _ = play(s1, Move(11))  # the wizard walks over
    assert s2.current == 0 and Burn() in GAME.legal(s2)
    s3, ev = play(s2, Burn())
    assert s3.fires == {11: True} and s3.wp[0] == 5 and s3.kit[0] == []
    assert s3.current == 0 and s3.hour[0] == 1  # free: still the dwarf's turn
    script(monkeypatch, 1, 1, 1, 1, 1)
    s4, ev = play(s3, Fight((1,)))
    assert s4.battle.fighters == [0, 1]
    assert GAME.fire_bonus(s4, 0) == 1 and GAME.fire_bonus(s4, 1) == 1


def test_k6_r22_firewood_needs_a_fire_token_left_in_the_box() -> None:
    s = empty("guardian,dwarf", at=10)
    s.kit[1] = ["firewood"]
    s.current = 1
    s.fires = {1: False, 2: False, 3: False, 4: False}
    assert GAME.fires_left(s) == 1 and Burn() in GAME.legal(s)
    s.fires[5] = False  # five on the board and the guardian's: none left
    assert Burn() not in GAME.legal(s.copy())


def test_the_white_wart_root_frees_2_spaces_of_one_move() -> None:
    s = empty(at=10)
    s.pouch[0] = ["white_wart_root"]
    s.kit[0] = ["wineskin_half"]
    far = next(d for d, k in BOARD.dist[10].items() if k == 4)
    assert Move(far, 1, True) in GAME.legal(s)
    s2, ev = play(s, Move(far, 1, True))
    assert s2.hour[0] == 1 and s2.pouch[0] == [] and s2.kit[0] == []
    assert GAME.parse_action(str(Move(far, 1, True))) == Move(far, 1, True)
    near = next(d for d, k in BOARD.dist[10].items() if k == 1)
    s3, _ = play(s, Move(near, 0, True))
    assert s3.hour[0] == 0  # one space: the root covers it


def test_r23_a_red_blood_herb_adds_2_before_the_creature_rolls(
        monkeypatch: pytest.MonkeyPatch) -> None:
    s = empty("warrior,dwarf", at=10)
    s.pouch[0] = ["red_blood_herb"]
    put(s, "troll", 10)
    script(monkeypatch, 4, 1, 1)
    s1, ev = play(s, Fight(()))
    assert s1.battle.phase == "herb" and GAME.to_move(s1) == 0
    assert not any(e.kind == "creature_rolled" for e in ev)
    assert set(GAME.legal(s1)) == {Use("red_blood_herb"), KeepDice()}
    script(monkeypatch, 1, 1, 1)
    s2, ev = play(s1, Use("red_blood_herb"))
    rolled = next(e for e in ev if e.kind == "creature_rolled")
    assert rolled.data["heroes"] == 4 + 1 + 2 and s2.pouch[0] == []
    script(monkeypatch, 1, 1, 1)
    s3, ev = play(s1, KeepDice())
    assert next(e for e in ev if e.kind == "creature_rolled").data["heroes"] == 4 + 1
    assert s3.pouch[0] == ["red_blood_herb"]


# ---------------------------------------------------------------- the tablets

def test_a9_r29_glowing_tablets_hold_the_frost_back_for_the_day() -> None:
    s = empty(at=10)
    s.frost = 8
    assert GAME.hours_left(s, 0) == 7
    assert Glow() not in GAME.legal(s)
    s.pouch[0] = ["tablet_griffin", "tablet_sea_monster", "tablet_buffalo"]
    s2, ev = play(s.copy(), Glow())
    assert s2.glow == 1 and s2.pouch[0] == [] and s2.hour[0] == 0 and s2.current == 0
    assert GAME.hours_left(s2, 0) == 10  # the frost token is ignored today
    assert GAME.condition(s2, {"tablets_glowed": True})
    s3, ev = play(s2, EndDay(), EndDay())
    assert s3.frost == 8  # R29: step 7 only turns the token face up
    assert s3.glow == 2 and GAME.hours_left(s3, 0) == 7
    assert any(e.kind == "tablets_gone" for e in ev)
    assert GAME.condition(s3, {"tablets_glowed": True})


def test_c6_between_rounds_the_blade_may_pass_to_a_fellow_fighter(
        monkeypatch: pytest.MonkeyPatch) -> None:
    s = empty("dwarf,warrior", at=10)
    s.kit[0] = ["askimar_blade"]
    s.sp = [5, 5]
    put(s, "troll", 10)
    script(monkeypatch, 3, 2, 1, 1, 1, 1, 1, 1)  # keep 3, 2; the warrior 1, 1, 1; troll 1s
    s1, _ = play(s, Fight((1,)), KeepDice())
    assert s1.battle.phase == "stay" and GAME.to_move(s1) == 0
    assert Give("askimar_blade", 1) in GAME.legal(s1)
    s2, ev = play(s1, Give("askimar_blade", 1))
    assert s2.kit == [[], ["askimar_blade"]] and s2.battle.phase == "stay"
    assert GAME.to_move(s2) == 0  # the dwarf still answers stay or leave
