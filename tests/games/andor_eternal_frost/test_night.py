"""Legend 4, The Long Night: the camps, the shaman and her thorn, the terror on the black die,
bosses that seek the winter stone or trample, random spaces (O8, R36), the Yetohe-Warrior's
shield and card L's cold."""

from __future__ import annotations

import pytest

from frostdesk.games.andor_eternal_frost.state import (
    EndDay,
    Fight,
    Give,
    Move,
    Use,
)

from .helpers import GAME, kinds, play, put, script
from .helpers import fresh as fresh_game

S2 = GAME.content.boards["side2"]
L4 = GAME.content.legends["l4"]


def night(heroes: str = "warrior,wizard", at: int = 401, current: int = 0):
    """A legend-4 game with no creatures, loose articles, fires, snow or figures, and no
    camps face down; card A's rules are on; every hero on `at`."""
    s = fresh_game(heroes, legend="l4").copy()
    s.creatures = {}
    s.items = {}
    s.fires = {}
    s.snow = {}
    s.markers = {}
    s.figures = {}
    s.space = [at] * s.n
    s.current = current
    s._legal = None
    return s


def test_legend_4_sets_up_the_long_night() -> None:
    s = fresh_game("warrior,wizard,dwarf", legend="l4")
    assert s.sp == [4] * 3 and s.frost == 12 and s.carlion == 3
    assert {"carlion", "winter_stone"} <= set(s.items[401])
    assert s.figures == {"tranuk": 401, "fox": 401, "yetohe": 401, "red_x": 455}
    assert sorted(s.markers) == [434, 447, 452]
    assert sorted(str(f) for f, _ in s.markers.values()) == ["ambush", "mirage", "shaman"]
    assert 447 in s.snow and sorted(s.fires) == [401, 425] and len(s.ice) == 13
    assert {"will_of_the_stone", "camps", "echo_cave"} <= set(s.rules)
    assert GAME.shield_count(s) == 2 + 1  # 3 heroes, and the Yetohe-Warrior
    v = GAME.view(s, 0)
    assert {str(f) for f, _ in v.markers.values()} == {"?"}
    assert v.unseen_markers == ["ambush", "mirage", "shaman"]


def test_camps_the_shaman_walks_with_her_finder_and_goes_home() -> None:
    s = night(at=433)
    s.markers[434] = ["shaman", False]
    assert S2.dist[433][434] == 1
    s2, ev = play(s, Move(434))
    assert s2.shaman == [434, 0] and 434 not in s2.markers and "marker_resolved" in kinds(ev)
    assert GAME.condition(s2, {"shaman_rescued": True}) is False
    s2.current, s2._legal = 0, None
    s2.space[0] = 404
    s3, ev = play(s2, Move(401))
    assert s3.shaman == [401, -1] and "black_night_thorn" in s3.pouch[0]
    assert GAME.condition(s3, {"shaman_rescued": True})


def test_camps_the_shaman_changes_escort_only_on_a_shared_space() -> None:
    s = night(at=430)
    s.shaman = [430, 0]
    assert Give("shaman", 1) in GAME.legal(s)
    s.space[1] = 431
    s._legal = None
    assert Give("shaman", 1) not in GAME.legal(s)
    s.space[1] = 430
    s._legal = None
    s2, _ = play(s, Give("shaman", 1))
    assert s2.shaman == [430, 1]


def test_camps_a_storm_carries_the_shaman_along() -> None:
    s = night(at=404)
    s.shaman = [404, 0]
    events: list = []
    GAME._storm(s, events)
    assert s.space[0] == 401 and s.shaman == [401, -1]  # blown home: she is rescued


def test_camps_an_ambush_places_a_wargor_and_a_mirage_costs_3_wp() -> None:
    s = night(at=433)
    s.markers[434] = ["ambush", False]
    s2, ev = play(s, Move(434))
    assert [str(k) for k, w in s2.creatures.values() if w == 434] == ["wargor"]
    m = night(at=433)
    m.markers[434] = ["mirage", False]
    m.wp[0] = 3
    m2, _ = play(m, Move(434))
    assert m2.wp[0] == 1 and m2.figures["mirage"] == 434  # never below 1


def test_camps_n6_the_snow_token_comes_first() -> None:
    near = min(n for n in S2.spaces[447].next if S2.spaces[n].kind == "land")
    s = night(at=near)
    s.markers[447] = ["shaman", False]
    s.snow[447] = ["storm", False]
    s2, ev = play(s, Move(447))
    assert "blown" in kinds(ev)
    assert 447 in s2.markers and s2.shaman == []


def test_the_black_night_thorn_weakens_a_boss_before_a_round(
        monkeypatch: pytest.MonkeyPatch) -> None:
    s = night(at=455)
    s.pouch[0] = ["black_night_thorn"]
    put(s, "shron", 455)
    script(monkeypatch, 1, 1, 1, 1, 1, 1)  # a tie-free low round: Shron wins it
    s.sp[0] = 14
    s2, _ = play(s, Fight(()))
    assert Use("black_night_thorn") in GAME.legal(s2)
    cwp = s2.battle.cwp
    s3, ev = play(s2, Use("black_night_thorn"))
    assert s3.battle.cwp == cwp - 4 and s3.pouch[0] == []
    g = night(at=416)
    g.pouch[0] = ["black_night_thorn"]
    put(g, "gor", 416)
    g.sp[0] = 1
    script(monkeypatch, 1, 1, 1, 6, 6)
    g2, _ = play(g, Fight(()))
    assert Use("black_night_thorn") not in GAME.legal(g2)  # only against a boss


def test_card_f_the_black_die_picks_the_terror(monkeypatch: pytest.MonkeyPatch) -> None:
    for face, boss in ((2, "shron"), (3, "takota"), (6, "myrk")):
        s = night()
        script(monkeypatch, face)
        events: list = []
        GAME._do(s, L4.cards_of("F")[0].do, events)
        assert [(str(k), w) for k, w in s.creatures.values()] == [(boss, 455)]


def test_shron_crawls_toward_the_stone_and_reaching_it_loses() -> None:
    s = night(at=401)
    s.items[401] = ["winter_stone"]
    s.rules.append("boss_moves")
    num = put(s, "shron", 406)
    route = GAME.pieces.stone_route(s, num)
    assert route == [401]
    s2, ev = play(s, EndDay(), EndDay())
    assert s2.result == "lost" and "Shron reached the winter stone" in s2.reason


def test_myrk_walks_two_spaces_toward_the_stone_past_a_taken_space() -> None:
    s = night(at=404)
    s.kit[0] = ["winter_stone"]
    s.rules.append("boss_moves")
    far = next(sid for sid, d in GAME.pieces.land_dist(s, 404).items()
               if d == 4 and S2.spaces[sid].arrow is not None)
    num = put(s, "myrk", far)
    route = GAME.pieces.stone_route(s, num)
    assert len(route) == 4 and route[-1] == 404
    put(s, "gor", route[1])  # the gor will not move out of the way before 5b: it steps on
    events: list = []
    walked = GAME._walk(s, num, 2, events, route=route)
    assert walked[:2] == route[:2] and s.where(num) == route[2]


def test_a_hero_carrying_the_stone_onto_a_seeker_loses_at_once() -> None:
    s = night(at=430)
    s.kit[0] = ["winter_stone"]
    put(s, "myrk", 431)
    s2, _ = play(s, Move(431))
    assert s2.result == "lost" and "winter stone" in s2.reason


def test_takota_tramples_heroes_in_its_way_and_breaking_into_401_loses() -> None:
    s = night(at=404)
    s.rules.append("boss_moves")
    s.space = [402, 404]
    s.wp = [7, 2]
    num = put(s, "takota", 410)  # 410 -> 402 -> 401
    assert S2.spaces[410].arrow == 402
    s2, ev = play(s, EndDay(), EndDay())
    assert s2.wp[0] == 5 and s2.wp[1] == 2  # trampled on 402; the wizard on 404 is not
    assert s2.result == "lost" and "Takota" in s2.reason
    assert s2.where(num) == 401


def test_o8_r36_random_spaces_read_two_black_dice(monkeypatch: pytest.MonkeyPatch) -> None:
    s = night()
    script(monkeypatch, 3, 5)
    assert GAME.pieces.random_space(s) == 435
    put(s, "gor", 435)
    script(monkeypatch, 3, 5)
    assert GAME.pieces.random_space(s) == 434  # taken: the next lower free land with an arrow
    script(monkeypatch, 6, 6)
    assert GAME.pieces.random_space(s) == 460  # 466 is the lake: down to the village
    script(monkeypatch, 3, 5)
    events: list = []
    GAME._do(s, [{"place": {"creature": "gor", "at": "random"}}], events)
    assert [e.data["space"] for e in events if e.kind == "creature_placed"] == [434]


def test_card_l_only_heroes_away_from_a_fire_lose_2_wp_never_below_1() -> None:
    s = night(heroes="warrior,wizard,dwarf", at=430)
    s.space = [425, 430, 431]
    s.fires[425] = True
    s.wp = [9, 9, 2]
    events: list = []
    GAME._do(s, L4.cards_of("L")[0].do, events)
    assert s.wp == [9, 7, 1]


def test_card_j_a_troll_or_a_wargor_and_the_frost_jumps() -> None:
    for heroes, kind in (("warrior,wizard", "wargor"), ("warrior,wizard,dwarf", "troll")):
        s = night(heroes)
        events: list = []
        GAME._do(s, L4.cards_of("J")[0].do, events)
        assert [(str(k), w) for k, w in s.creatures.values()] == [(kind, 450)]
        assert s.frost == 11


def test_l4_the_shaman_home_and_the_terror_beaten_win(monkeypatch: pytest.MonkeyPatch) -> None:
    s = night(at=455)
    s.shaman = [401, -1]
    s.bosses["takota"] = [1, 1]
    put(s, "takota", 455)
    script(monkeypatch, 6, 6, 6, 1, 1, 1)
    s2, ev = play(s, Fight(()))
    assert s2.result == "won"
    s = night(at=455)
    s.bosses["takota"] = [1, 1]
    put(s, "takota", 455)
    script(monkeypatch, 6, 6, 6, 1, 1, 1)
    s3, ev3 = play(s, Fight(()))
    assert s3.result == "" and "defeated" in kinds(ev3)  # the shaman is still out there


def test_the_winter_stone_never_goes_onto_the_lake() -> None:
    s = night(at=412)
    s.kit[0] = ["winter_stone"]
    assert S2.spaces[463].kind == "lake" and 463 in s.ice
    assert Move(463) not in GAME.legal(s)
    s.kit[0] = []
    s._legal = None
    s2, _ = play(s, Move(463))
    s2.current, s2._legal = 0, None
    s2.kit[0] = ["winter_stone"]
    assert not any(str(a) == "drop winter_stone" for a in GAME.legal(s2))


def test_the_refusals_on_the_lake_say_why() -> None:
    s = night(at=412)
    s.kit[0] = ["winter_stone"]
    assert GAME.why_illegal(s, Move(463)) == "The winter stone never goes onto the lake."
    s.kit[0] = []
    s.iquar = {"griffin": [412, 0], "buffalo": [412, 0]}
    s._legal = None
    assert GAME.why_illegal(s, Move(463)) == "A hero takes only one Iquar onto the lake."
