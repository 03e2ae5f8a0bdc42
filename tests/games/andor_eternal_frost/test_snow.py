"""Snow tokens, snowstorms and gems (checklist M4, M5, N1-N5, N10, A5, O5, O6, R7, R25,
R34)."""

from __future__ import annotations

from frostdesk.games.andor_eternal_frost.state import (
    EndDay,
    LayGem,
    Look,
    Move,
    Pass,
    PickUp,
    PutDown,
    Use,
)

from .helpers import BOARD, GAME, empty, fresh, kinds, play, put


def test_legend_1_deals_its_snow_pool_face_down_onto_its_sites() -> None:
    s = fresh()
    lg = GAME.content.legends["l1"]
    sites, faces = lg.snow[0]
    assert sorted(s.snow) == sorted(sites)
    assert sorted(str(f) for f, _ in s.snow.values()) == sorted(faces)
    assert not any(up for _, up in s.snow.values())
    other = fresh(seed=2)
    assert {k: v[0] for k, v in other.snow.items()} != {k: v[0] for k, v in s.snow.items()}


def test_m4_passing_a_token_does_nothing_ending_on_it_resolves_it() -> None:
    s = empty(at=10)
    s.snow = {11: ["sp_plus_1", False]}
    assert GAME.path(s, 10, 12) == [10, 11, 12]
    s2, ev = play(s, Move(12))
    assert s2.snow == {11: ["sp_plus_1", False]} and s2.sp[0] == 1
    s3, ev = play(s, Move(11))
    assert s3.snow == {} and s3.sp[0] == 2 and s3.hour[0] == 1
    assert kinds(ev)[:3] == ["moved", "snow_revealed", "snow_resolved"]
    assert ev[1].chance  # a reveal is an undo barrier


def test_m5_the_wizard_moves_9_to_11_and_resolves_the_token_there() -> None:
    s = empty("warrior,wizard", at=9, current=1)
    s.snow = {11: ["wp_minus_2", False]}
    s2, ev = play(s, Move(11))
    assert (s2.space[1], s2.hour[1], s2.wp[1]) == (11, 2, 5)
    assert 11 not in s2.snow and s2.current == 0


def test_n1_token_faces() -> None:
    s = empty(at=10)
    s.snow = {11: ["firewood", False]}
    s2, _ = play(s, Move(11))
    assert s2.kit[0] == ["firewood"]
    for face in ("blue_berries", "gem", "tablet_griffin"):
        s.snow = {11: [face, False]}
        s2, _ = play(s.copy(), Move(11))
        assert s2.pouch[0] == [face]
    s.snow = {11: ["wp_minus_2", False]}
    s.wp[0] = 2
    s2, ev = play(s.copy(), Move(11))
    assert (s2.wp[0], s2.sp[0]) == (3, 1)  # R7: 0 WP counts as a lost battle


def test_r7_wp_at_0_outside_battle_costs_a_strength_point() -> None:
    s = empty(at=10)
    s.snow = {11: ["wp_minus_2", False]}
    s.wp[0], s.sp[0] = 1, 4
    s2, ev = play(s, Move(11))
    assert (s2.wp[0], s2.sp[0]) == (3, 3)


def test_n10_r25_an_article_without_room_lies_on_the_space() -> None:
    s = empty(at=10)
    s.snow = {11: ["firewood", False]}
    s.kit[0] = ["wineskin", "wineskin", "telescope"]
    s2, ev = play(s, Move(11))
    assert s2.items[11] == ["firewood"] and "item_left" in kinds(ev)
    s.kit[0] = []
    s.items = {20: ["firewood", "firewood", "firewood"]}  # all three out of the box
    s3, ev = play(s.copy(), Move(11))
    assert s3.kit[0] == [] and 11 not in s3.items


def test_n3_a_storm_moves_every_hero_along_their_arrow() -> None:
    s = empty("warrior,wizard,dwarf", at=17)
    s.space = [17, 24, 0]
    s.ended[1] = True  # a hero who ended the day is blown too
    s.snow = {12: ["storm", False]}
    s2, ev = play(s, Move(12))
    assert s2.space == [BOARD.spaces[12].arrow, BOARD.spaces[24].arrow, 0]
    assert kinds(ev).count("blown") == 2


def test_n4_n5_landings_resolve_highest_rank_first_and_a_second_storm_stops_the_rest() -> None:
    s = empty("guardian,wizard", at=11, current=1)
    s.space = [24, 11]
    s.snow = {12: ["storm", False], 7: ["sp_plus_1", False], 3: ["storm", False]}
    s2, ev = play(s, Move(12))
    # the wizard's storm: wizard 12 -> 7, guardian 24 -> 3; the guardian (60) resolves first:
    # another storm, both move on; the wizard's token on 7 stays face down
    assert s2.space == [BOARD.spaces[3].arrow, BOARD.spaces[7].arrow]
    assert s2.snow == {7: ["sp_plus_1", False]}
    assert s2.sp == [1, 1]


def test_n2_a5_the_telescope_turns_up_a_neighbouring_token_without_resolving_it() -> None:
    s = empty(at=10)
    s.snow = {11: ["sp_plus_1", False], 30: ["storm", False]}
    assert not any(isinstance(a, Look) for a in GAME.legal(s))
    s.kit[0] = ["telescope"]
    legal = GAME.legal(s.copy())
    assert Look(11) in legal and Look(30) not in legal  # 30 is not next to 10
    s2, ev = play(s.copy(), Look(11))
    assert s2.snow[11] == ["sp_plus_1", True] and s2.current == 0 and s2.hour[0] == 0
    assert GAME.view(s2, 1).snow[11] == ["sp_plus_1", True]
    s3, _ = play(s2, Pass(), EndDay())  # the wizard ends the day; the warrior walks on
    s4, _ = play(s3, Move(11))
    assert 11 not in s4.snow and s4.sp[0] == 2


def test_blue_berries_give_3_wp_as_a_free_action() -> None:
    s = empty(at=10)
    s.pouch[0] = ["blue_berries"]
    s2, _ = play(s, Use("blue_berries"))
    assert s2.wp[0] == 10 and s2.pouch[0] == [] and s2.current == 0


def test_a_firewood_left_on_the_space_can_be_picked_up_after_making_room() -> None:
    s = empty(at=11)
    s.items = {11: ["firewood"]}
    s.kit[0] = ["wineskin", "wineskin", "telescope"]
    assert PickUp("firewood") not in GAME.legal(s)
    s2, _ = play(s, PutDown("wineskin"), PickUp("firewood"))
    assert sorted(s2.kit[0]) == ["firewood", "telescope", "wineskin"]
    assert s2.items[11] == ["wineskin"] and s2.hour[0] == 0


# ---------------------------------------------------------------- gems

def sunrise(s):
    while not all(s.ended):
        s, ev = GAME.apply(s, EndDay())
        if "sunrise" in kinds(ev):
            break
    return s


def test_o5_a_laid_gem_draws_a_creature_off_its_arrow() -> None:
    s = empty(at=17)
    s.pouch[0] = ["gem"]
    s2, ev = play(s, LayGem())
    assert s2.gems == [17] and s2.pouch[0] == [] and s2.current == 0
    g = put(s2, "gor", 12)  # 12's arrow points to 7; 17 is a neighbour
    s3 = sunrise(s2)
    assert s3.creatures[g][1] == 17 and s3.gems == []


def test_o6_r34_the_lowest_gem_wins_and_a_taken_gem_sends_the_creature_on() -> None:
    s = empty(at=40)
    s.gems = [17, 13]
    g = put(s, "gor", 12)
    assert sunrise(s).creatures[g][1] == 13
    s = empty(at=40)
    s.gems = [13]
    g = put(s, "gor", 12)
    put(s, "troll", 13)
    s2 = sunrise(s)
    assert s2.gems == [] and s2.creatures[g][1] == BOARD.spaces[13].arrow


def test_r34_no_gem_in_the_castle() -> None:
    s = empty(at=0)
    s.pouch[0] = ["gem"]
    assert LayGem() not in GAME.legal(s)
