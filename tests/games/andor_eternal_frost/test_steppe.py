"""The rules board side 2 and legend 2 bring in, one test each (ids from the design brief:
L the lake and ice, O figures, A articles, F free actions, N snow and storms), and the manual's
worked example of the merchant and the falcon (F4) with its numbers."""

from __future__ import annotations

import pytest

from frostdesk.games.andor_eternal_frost.state import (
    Aside,
    Barter,
    EndDay,
    Falcon,
    Fight,
    Glow,
    KeepDice,
    Land,
    LeaveIquar,
    Look,
    Move,
    MoveFox,
    MoveTranuk,
    Pass,
    PickUp,
    PutDown,
    Send,
    Stay,
    TakeIquar,
    Use,
)

from .helpers import GAME, kinds, play, put, script
from .helpers import fresh as fresh_game

S2 = GAME.content.boards["side2"]


def steppe(heroes: str = "warrior,wizard", at: int = 401, current: int = 0):
    """A legend-2 game with no creatures, articles, fires, snow or figures; the ice lies on
    the lake (face down, as dealt), every hero on `at`."""
    s = fresh_game(heroes, legend="l2").copy()
    s.creatures = {}
    s.items = {}
    s.fires = {}
    s.snow = {}
    s.figures = {}
    s.space = [at] * s.n
    s.current = current
    # the rules tests below count with SP 2 and the frost on box 12, legend 2's numbers before
    # ruling R54 retuned them
    s.sp = [2] * s.n
    s.frost = 12
    s._legal = None
    return s


def legal(s):
    return GAME.legal(s)


# ---------------------------------------------------------------- legend 2's setup

def test_legend_2_sets_up_the_steppe_as_the_brief_says() -> None:
    s = fresh_game("warrior,wizard,dwarf", legend="l2")
    assert s.space == [401] * 3 and s.sp == [3] * 3 and s.frost == 12  # rulings R54, R57
    assert sorted(s.ice) == list(range(461, 474))
    assert sorted(str(f) for f, _ in s.ice.values()) == sorted(
        f for f, k in GAME.content.ice_tokens.items() for _ in range(k))
    assert s.figures == {"tranuk": 401}
    assert s.iquar == {"griffin": [460, -1], "buffalo": [460, -1]}
    assert sorted(s.items[422]) == ["helm", "telescope", "wineskin"]
    assert sorted(s.items[445]) == ["askimar_blade", "falcon", "wineskin"]
    assert sorted(s.fires) == [401, 425, 460]
    kinds_at = sorted((str(k), w) for k, w in s.creatures.values())
    assert kinds_at == [("buffalo", 430), ("gor", 416), ("gor", 427), ("gor", 433),
                        ("gor", 441), ("wargor", 444)]  # ruling R54: no gor on 436
    assert GAME.shield_count(s) == 2


def test_legend_2_with_four_heroes_has_a_fifth_gor_far_out_on_458() -> None:
    s = fresh_game("warrior,wizard,dwarf,guardian", legend="l2")
    gors = sorted(w for k, w in s.creatures.values() if k == "gor")
    assert gors == [416, 427, 433, 441, 458]  # ruling R57: 458, no longer 436
    assert GAME.board(s).arrow_distance(458) > GAME.board(s).arrow_distance(436)


# ---------------------------------------------------------------- L: the lake and its ice

def test_l1_an_ice_token_ends_the_move_and_closes_the_space() -> None:
    s = steppe(at=412)
    s.ice[463] = ["wp_minus_3", False]
    assert Move(463) in legal(s)
    s2, ev = play(s, Move(463))
    assert s2.space[0] == 463 and s2.hour[0] == 1 and s2.wp[0] == 4
    assert "ice_revealed" in kinds(ev) and "ice_resolved" in kinds(ev)
    assert 463 not in s2.ice and s2.current == 1
    s2.current = 0
    s2._legal = None
    assert Move(412) in legal(s2) and Move(465) in legal(s2)  # the hero leaves next turn
    s3 = s2.copy()
    s3.space[0] = 412
    s3._legal = None
    assert Move(463) not in legal(s3)  # never entered again
    assert "broken" in GAME.why_illegal(s3, Move(463))


def test_m7_l1_a_walk_never_crosses_the_lake() -> None:
    s = steppe(at=412)
    reach = GAME.reach(s, 0)
    assert reach[463] == 1  # the ice next to the shore ends the walk there
    assert S2.dist[412][462] == 2  # over 463: not a walk
    assert reach[462] == reach[460] + 1  # 462 only from the village's shore
    land = GAME.pieces.land_dist(s, 412)
    assert reach[460] == land[460] >= 9  # the village lies beyond the lake


def test_l2_only_one_iquar_goes_onto_the_lake() -> None:
    s = steppe(at=460)
    assert TakeIquar("griffin") in legal(s) and TakeIquar("buffalo") in legal(s)
    s2, _ = play(s, TakeIquar("griffin"), TakeIquar("buffalo"))
    assert s2.escorted(0) == ["buffalo", "griffin"]
    assert not any(isinstance(a, Move) and S2.spaces[a.to].kind == "lake" for a in legal(s2))
    s3, _ = play(s2, LeaveIquar("buffalo"))
    assert Move(462) in legal(s3)
    s4, _ = play(s3, Move(462))
    s4.current, s4._legal = 0, None
    s4.iquar["buffalo"] = [462, -1]
    assert TakeIquar("buffalo") not in legal(s4)  # a second one is refused on the ice


def test_l4_in_a_storm_heroes_on_the_lake_stay() -> None:
    s = steppe(at=412)
    s.space = [463, 404]
    s.snow[402] = ["storm", False]
    s.current = 1
    s2, ev = play(s, Move(402))  # the wizard ends on the storm
    assert "blown" in kinds(ev)
    assert s2.space[0] == 463 and s2.space[1] == 401


def test_l5_the_telescope_does_not_turn_up_ice() -> None:
    s = steppe(at=412)
    s.kit[0].append("telescope")
    s.snow[404] = ["gem", False]
    looks = [a for a in legal(s) if isinstance(a, Look)]
    assert looks == [Look(404)]


# ---------------------------------------------------------------- O: Iquar, Tranuk, the fox

def test_o1_x2_an_iquar_brought_into_the_tent_city_adds_a_shield() -> None:
    s = steppe(at=404)
    s.iquar["griffin"] = [404, -1]
    assert GAME.shield_count(s) == 3  # 2 heroes
    s2, ev = play(s, TakeIquar("griffin"), Move(401))
    assert s2.rescued == ["griffin"] and "griffin" not in s2.iquar
    assert GAME.shield_count(s2) == 4 and "iquar_rescued" in kinds(ev)


def test_o1_an_iquar_is_left_anywhere() -> None:
    s = steppe(at=404)
    s.iquar["griffin"] = [404, -1]
    s2, _ = play(s, TakeIquar("griffin"), Move(406))
    assert s2.iquar["griffin"] == [406, 0]
    s2.current, s2._legal = 0, None
    s3, _ = play(s2, LeaveIquar("griffin"), Move(401))
    assert s3.iquar["griffin"] == [406, -1] and s3.rescued == []


def test_o2_r31_an_iquar_passing_a_creature_is_lost() -> None:
    s = steppe(at=404)
    s.iquar["griffin"] = [404, 0]
    put(s, "gor", 413)  # 404 -> 413 -> 414 is the only way to the cave in two steps
    put(s, "gor", 406)
    s.wp[0] = 14
    s.hour[0] = 8  # two overtime hours left: no way round fits
    s2, ev = play(s, Move(414))
    assert "griffin" not in s2.iquar and "iquar_lost" in kinds(ev)
    assert next(e for e in ev if e.kind == "moved").data["hours"] == 2


def test_m7_an_escort_goes_round_the_creatures_when_the_hours_allow() -> None:
    s = steppe(at=404)
    s.iquar["griffin"] = [404, 0]
    put(s, "gor", 413)
    put(s, "gor", 406)
    s.wp[0] = 14
    s2, ev = play(s, Move(414))
    moved = next(e for e in ev if e.kind == "moved")
    assert s2.iquar["griffin"] == [414, 0] and moved.data["hours"] == 4
    assert not any(GAME.board(s).spaces[x].kind == "lake" or x in (413, 406)
                   for x in moved.data["path"])
    plain = steppe(at=404)
    put(plain, "gor", 413)
    put(plain, "gor", 406)
    plain.wp[0] = 14
    _, ev2 = play(plain, Move(414))  # without an Iquar the hero takes the short way
    assert next(e for e in ev2 if e.kind == "moved").data["hours"] == 2


def test_r47_an_escort_walks_round_a_creature_when_a_shortest_walk_allows() -> None:
    s = steppe(at=401)
    s.iquar["griffin"] = [401, 0]
    put(s, "gor", 404)  # 401 -> 404 -> 413 or 401 -> 406 -> 413
    s2, ev = play(s, Move(413))
    moved = next(e for e in ev if e.kind == "moved")
    assert moved.data["path"] == [401, 406, 413]
    assert s2.iquar["griffin"] == [413, 0]
    plain = steppe(at=401)
    _, ev2 = play(plain, Move(413))
    assert next(e for e in ev2 if e.kind == "moved").data["path"] == [401, 404, 413]


def test_o2_a_creature_entering_or_placed_on_an_iquars_space_defeats_it() -> None:
    s = steppe(at=401)
    s.iquar["griffin"] = [416, -1]
    s.iquar["buffalo"] = [450, -1]
    gor = put(s, "gor", 419)  # 419's arrow leads to 416
    assert S2.spaces[419].arrow == 416
    events: list = []
    GAME._walk(s, gor, 1, events)
    assert "griffin" not in s.iquar
    GAME._place(s, "gor", 450, events)
    assert "buffalo" not in s.iquar
    assert kinds(events).count("iquar_lost") == 2


def test_n7_r47_a_storm_takes_the_iquar_along_unless_a_creature_waits() -> None:
    s = steppe(at=404)
    s.space = [413, 410]
    s.iquar["griffin"] = [413, 0]
    s.iquar["buffalo"] = [410, 1]
    put(s, "gor", 402)  # 410's arrow leads to 402
    events: list = []
    GAME._storm(s, events)
    assert s.space == [404, 402]
    assert s.iquar["griffin"] == [404, 0]
    assert s.iquar["buffalo"] == [410, -1]  # left behind, safe


def test_o7_r35_n8_the_cave_needs_14_wp() -> None:
    s = steppe(at=406)
    assert Move(414) not in legal(s)
    assert "14 WP" in GAME.why_illegal(s, Move(414))
    assert GAME.reach(s, 0)[418] == 3  # round the cave, not through it
    s.wp[0] = 14
    s._legal = None
    assert Move(414) in legal(s) and GAME.reach(s, 0)[418] == 2
    storm = steppe(at=417)
    events: list = []
    GAME._storm(storm, events)  # 417's arrow leads into the cave
    assert storm.space == [417, 417] and "storm_held" in kinds(events)


def test_o3_tranuk_walks_4_spaces_an_hour_and_ends_the_turn() -> None:
    s = steppe(at=401)
    s.figures = {"tranuk": 401}
    far = [a.to for a in legal(s) if isinstance(a, MoveTranuk)]
    land = GAME.pieces.land_dist(s, 401)
    assert set(far) == {t for t, d in land.items() if 0 < d <= 28}
    eight = min(t for t, d in land.items() if d == 8)
    s2, ev = play(s, MoveTranuk(eight))
    assert s2.figures["tranuk"] == eight and s2.hour[0] == 2 and s2.current == 1
    assert s2.snow == s.snow  # he turns up nothing
    assert not any(isinstance(a, MoveTranuk) and S2.spaces[a.to].kind == "lake"
                   for a in legal(s))


def test_o3_c13_tranuk_adds_2_once_for_the_group(monkeypatch: pytest.MonkeyPatch) -> None:
    s = steppe(at=416)
    put(s, "gor", 416)
    s.figures = {"tranuk": 416}
    script(monkeypatch, 1, 1, 1, 1, 6, 6)  # warrior 1,1,1 (+2 SP); wizard 1 (+2 SP)
    s2, ev = play(s, Fight((1,)), KeepDice(), KeepDice())
    rolled = next(e for e in ev if e.kind == "creature_rolled")
    assert rolled.data["heroes"] == 1 + 2 + 1 + 2 + 2  # dice, SP, dice, SP, Tranuk once


def test_o4_the_fox_flies_anywhere_for_an_hour_and_may_turn_up_a_token() -> None:
    s = steppe(at=401)
    s.figures = {"fox": 401}
    s.snow[458] = ["gem", False]
    assert MoveFox(458, True) in legal(s) and MoveFox(404, True) not in legal(s)
    s2, ev = play(s, MoveFox(458, True))
    assert s2.figures["fox"] == 458 and s2.hour[0] == 1 and s2.current == 1
    assert s2.snow[458] == ["gem", True]  # turned up, not taken
    s3, _ = play(s, MoveFox(458))
    assert s3.snow[458] == ["gem", False]  # R33: looking is optional


def test_o4_r33_the_fox_steals_a_die_in_the_first_round_only(
        monkeypatch: pytest.MonkeyPatch) -> None:
    s = steppe(at=416)
    gor = put(s, "gor", 416)
    s.figures = {"fox": 416}
    s.sp[0] = 4
    dice = script(monkeypatch, 2, 2, 2, 1)  # warrior 2,2,2; the gor rolls one die: 1
    s2, ev = play(s, Fight(()))
    first = next(e for e in ev if e.kind == "creature_rolled")
    assert first.data["dice"] == [1] and dice.faces == []
    script(monkeypatch, 1, 1, 1, 3, 3)  # round 2: the gor rolls two dice again
    s3, ev = play(s2, Stay())
    second = next(e for e in ev if e.kind == "creature_rolled")
    assert second.data["dice"] == [3, 3]
    assert s3.creatures[gor][0] == "gor"


# ---------------------------------------------------------------- A7: the merchants

def test_a7_the_merchant_swaps_one_for_one_and_never_gives_away() -> None:
    s = steppe(at=422)
    s.items[422] = ["askimar_blade", "helm"]
    s.kit[0] = ["firewood", "wineskin_half"]
    s.pouch[0] = ["gem", "blue_berries"]
    acts = [a for a in legal(s) if isinstance(a, Barter | PickUp | PutDown)]
    # Ex 2: small firewood for a large blade; a half wineskin is refused (Ex 1); no herbs
    assert sorted(map(str, acts)) == ["barter firewood askimar_blade", "barter firewood helm"]
    s2, ev = play(s, Barter("firewood", "askimar_blade"))
    assert s2.kit[0] == ["wineskin_half", "askimar_blade"]
    assert sorted(s2.items[422]) == ["firewood", "helm"]
    assert "bartered" in kinds(ev) and s2.current == 0  # free


def test_a7_r28_a_used_falcon_the_stone_and_carlion_are_refused() -> None:
    s = steppe(at=445)
    s.items[445] = ["wineskin"]
    s.kit[0] = ["falcon"]
    s.falcon_used = True
    assert not any(isinstance(a, Barter) for a in legal(s))
    for item in ("winter_stone", "carlion"):
        s.kit[0] = [item]
        s._legal = None
        assert not any(isinstance(a, Barter) for a in legal(s))
    s.kit[0] = ["falcon"]
    s.falcon_used = False
    s._legal = None
    assert Barter("falcon", "wineskin") in legal(s)


# ---------------------------------------------------------------- A6: the falcon

def test_a6_the_falcon_exchanges_small_articles_herbs_and_gems_once_a_day() -> None:
    s = steppe("warrior,wizard,dwarf", at=401)
    s.space = [401, 430, 452]
    s.kit[0] = ["falcon", "wineskin", "helm"]
    s.kit[2] = ["askimar_blade", "telescope"]
    s.pouch[2] = ["gem"]
    s2, ev = play(s, Falcon(2))
    assert s2.flight == [0, 2] and s2.falcon_used
    sends = {str(a) for a in legal(s2)}
    assert sends == {"send wineskin 0", "send helm 0", "send telescope 2", "send gem 2",
                     "land"}  # the large blade stays; the falcon itself too
    s3, _ = play(s2, Send("gem", 2), Send("helm", 0), Land())
    assert s3.pouch[0] == ["gem"] and s3.kit[2] == ["askimar_blade", "telescope", "helm"]
    assert not any(isinstance(a, Falcon) for a in legal(s3))  # once a day
    s4 = s3.copy()
    s4.falcon_used = False
    s4.ended[2] = True
    s4._legal = None
    assert Falcon(2) not in legal(s4) and Falcon(1) in legal(s4)  # R27


def test_a6_s6_the_falcon_turns_face_up_at_sunrise_and_never_flies_in_battle(
        monkeypatch: pytest.MonkeyPatch) -> None:
    s = steppe(at=416)
    s.kit[0] = ["falcon"]
    s.falcon_used = True
    s2, ev = play(s, EndDay(), EndDay())
    assert not s2.falcon_used and "falcon_ready" in kinds(ev)
    b = steppe(at=416)
    b.kit[0] = ["falcon"]
    put(b, "gor", 416)
    script(monkeypatch, 1, 1, 1, 1, 1)
    b2, _ = play(b, Fight(()))
    assert not any(isinstance(a, Falcon) for a in legal(b2))


def test_f4_the_wizard_barters_for_the_falcon_and_fetches_the_dwarfs_herb() -> None:
    s = steppe("wizard,dwarf,warrior", at=401)
    s.items[445] = ["falcon", "askimar_blade"]
    s.kit[0] = ["wineskin"]
    s.snow[402] = ["red_blood_herb", False]
    s.space[0] = min(t for t, d in GAME.pieces.land_dist(s, 445).items() if d == 3)
    s2, _ = play(s, Move(445))  # three spaces to the merchant: three hours
    assert s2.hour[0] == 3 and s2.current == 1  # the move is over: the dwarf plays
    # the swap is free, so the wizard makes it while the dwarf is thinking
    s3, _ = play(s2, Aside(0, Barter("wineskin", "falcon")))
    assert s3.kit[0] == ["falcon"] and "wineskin" in s3.items[445] and s3.current == 1
    s4, _ = play(s3, Move(402))  # the dwarf's turn: a red blood herb from the snow token
    assert s4.pouch[1] == ["red_blood_herb"] and s4.current == 2  # the warrior plays
    s5, _ = play(s4, Aside(0, Falcon(1)), Send("red_blood_herb", 1), Land())
    assert s5.pouch[0] == ["red_blood_herb"] and s5.pouch[1] == [] and s5.current == 2
    assert s5.falcon_used


# ---------------------------------------------------------------- F1: off-turn free actions

def test_f1_a_hero_takes_free_actions_outside_their_turn_unless_the_day_is_over() -> None:
    s = steppe(at=401)
    s.pouch[1] = ["blue_berries"]
    assert Aside(1, Use("blue_berries")) in legal(s)
    s2, ev = play(s, Aside(1, Use("blue_berries")))
    assert s2.wp[1] == 10 and s2.current == 0 and s2.hour == [0, 0]
    s3 = s.copy()
    s3.ended[1] = True
    s3._legal = None
    assert not any(isinstance(a, Aside) and a.hero == 1 for a in legal(s3))
    assert GAME.action_text(Aside(1, Use("blue_berries"))) == "as 1 use blue_berries"
    assert GAME.parse_action("as 1 use blue_berries") == Aside(1, Use("blue_berries"))


# ---------------------------------------------------------------- legend 2's cards and goal

def test_l2_card_d_the_echo_cave_trades_4_wp_for_1_sp_at_sunrise() -> None:
    s = steppe(at=414)
    s.rules.append("echo_cave")
    s.wp = [15, 4]
    s.space = [414, 414]
    s2, ev = play(s, EndDay(), EndDay())
    assert s2.sp == [3, 2] and s2.wp == [11, 4]  # the wizard would drop below 1
    assert kinds(ev).count("echo") == 1


def test_move_frost_moves_the_token_extra_boxes_never_past_6() -> None:
    s = steppe()
    events: list = []
    GAME._do(s, [{"move_frost": 2}], events)
    assert s.frost == 10
    s.frost = 7
    GAME._do(s, [{"move_frost": 3}], events)
    assert s.frost == 6


def test_l2_the_goal_needs_the_glow_and_the_iquar() -> None:
    s = steppe("warrior,wizard,dwarf", at=401)
    s.pouch[0] = ["tablet_griffin", "tablet_sea_monster", "tablet_buffalo"]
    s.rescued = ["griffin"]
    s2, ev = play(s, Pass())
    assert not s2.result  # three heroes need two Iquar
    s2.rescued = ["griffin", "buffalo"]
    s2.current, s2._legal = 0, None
    s3, ev = play(s2, Glow())
    assert s3.result == "won" and s3.glow == 1


def test_o2_a_boss_walking_two_spaces_defeats_an_iquar_on_the_first() -> None:
    s = steppe(at=401)
    num = put(s, "wargor", 419)  # walked two spaces, as a boss does
    first = S2.spaces[419].arrow
    s.iquar["griffin"] = [first, -1]
    events: list = []
    GAME._walk(s, num, 2, events)
    assert s.where(num) != first and "griffin" not in s.iquar


def test_an_iquar_crosses_the_lake_one_ice_token_a_turn_and_is_rescued() -> None:
    s = steppe(at=401)
    for sid, face in ((463, "gem"), (462, "wineskin"), (464, "sp_plus_1"), (465, "helm")):
        s.ice[sid] = [face, False]
    s.current = 1
    s, _ = play(s, EndDay())  # the wizard rests; the warrior goes alone
    for to in (412, 463, 462, 460):
        s, _ = play(s, Move(to))
    assert s.hour[0] == 5 and s.space[0] == 460 and s.pouch[0] == ["gem"]
    s, _ = play(s, TakeIquar("griffin"), Move(464), Move(465))
    assert s.iquar["griffin"] == [465, 0] and s.sp[0] == 3 and "helm" in s.kit[0]
    assert s.hour[0] == 7
    s, ev = play(s, EndDay())
    assert "sunrise" in kinds(ev) and s.current == 1  # the wizard took the rooster
    s, ev = play(s, EndDay(), Move(401))
    assert s.rescued == ["griffin"] and GAME.shield_count(s) == 4 and s.hour[0] == 3
