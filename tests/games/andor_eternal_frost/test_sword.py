"""Legend 3, The Sleeping Sword: Carlion and the target markers (A10, N6, N9 with R24), the
secret passage, and Tuhavar, who only a charged Carlion can reach and no fire helps against."""

from __future__ import annotations

import pytest

from frostdesk.games.andor_eternal_frost.state import (
    EndDay,
    Fight,
    KeepDice,
    Light,
    Move,
    MoveFox,
)

from .helpers import GAME, kinds, play, put, script
from .helpers import fresh as fresh_game

B1 = GAME.content.boards["side1"]


def sword(heroes: str = "warrior,wizard", at: int = 10, current: int = 0):
    """A legend-3 game with no creatures, loose articles, fires or snow; the three markers
    stay where they lie; every hero on `at`; the warrior carries Carlion."""
    s = fresh_game(heroes, legend="l3").copy()
    s.creatures = {}
    s.items = {}
    s.fires = {}
    s.snow = {}
    s.space = [at] * s.n
    s.current = current
    s.kit[0] = ["carlion"]
    s.sp = [3] * s.n  # the tests below count with SP 3 (ruling R54 gives 2 heroes 4)
    s._legal = None
    return s


def test_legend_3_sets_up_the_sword_the_fox_and_the_hearths() -> None:
    s = fresh_game("warrior,wizard,dwarf,guardian", legend="l3")
    assert s.space == [0] * 4 and s.sp == [3] * 4 and s.frost == 13
    assert "carlion" in s.items[0] and s.carlion == 0 and s.figures == {"fox": 0}
    assert sorted(s.markers) == [17, 39, 62] and sorted(s.fires) == [17, 39, 62]
    assert not any(s.fires.values())
    assert 39 in s.snow and len(s.snow) == 14  # a snow token shares 39 with a marker
    assert "carlion_markers" in s.rules  # card A
    # ruling R54: no troll on 60 with 4 heroes any more, and their creatures as with 2
    assert not any(k == "troll" for k, _ in s.creatures.values())
    two = fresh_game("warrior,wizard", legend="l3")
    assert not any(k == "troll" for k, _ in two.creatures.values())
    assert two.sp == [4, 4]  # ruling R54: start SP per hero count


def test_carlion_drinks_a_hearths_light_when_its_carrier_ends_a_move_by_the_burning_fire() -> None:
    s = sword(at=11)
    s.fires[17] = True
    assert B1.dist[11][17] == 1
    s2, ev = play(s, Move(17))
    assert s2.carlion == 1 and 17 not in s2.markers and "marker_resolved" in kinds(ev)
    cold = sword(at=11)
    cold.fires[17] = False
    s3, _ = play(cold, Move(17))
    assert s3.carlion == 0 and 17 in s3.markers  # the fire must burn


def test_only_carlions_carrier_resolves_a_marker_and_her_board_fire_does_not_count() -> None:
    s = sword("warrior,guardian", at=11, current=1)
    s.fires[17] = True
    s2, _ = play(s, Move(17))  # the guardian does not carry the sword
    assert s2.carlion == 0 and 17 in s2.markers
    s = sword("warrior,guardian", at=11)
    s.fires[17] = False
    s.space[1] = 17
    s.hearth = True  # her lit board fire burns on 17, but the token there does not
    s2, _ = play(s, Move(17))
    assert s2.carlion == 0 and 17 in s2.markers


def test_lighting_the_markers_fire_while_standing_there_charges_carlion() -> None:
    s = sword(at=17)
    s.fires[17] = False
    s2, ev = play(s, Light())
    assert s2.carlion == 1 and s2.wp[0] == 5 and "marker_resolved" in kinds(ev)


def test_n6_a_storm_under_the_marker_moves_the_hero_on_before_it_resolves() -> None:
    s = sword(at=37)
    s.fires[39] = True
    s.snow[39] = ["storm", False]
    s2, ev = play(s, Move(39))
    assert s2.carlion == 0 and 39 in s2.markers and "blown" in kinds(ev)
    gem = sword(at=37)
    gem.fires[39] = True
    gem.snow[39] = ["gem", False]
    s3, ev = play(gem, Move(39))
    assert kinds(ev).index("snow_resolved") < kinds(ev).index("marker_resolved")
    assert s3.carlion == 1


def test_n9_r24_a_storm_landing_on_a_marker_resolves_it() -> None:
    upwind = next(sid for sid, sp in B1.spaces.items() if sp.arrow == 17)
    s = sword(at=upwind)
    s.fires[17] = True
    events: list = []
    GAME._storm(s, events)
    assert s.space[0] == 17 and s.carlion == 1 and "marker_resolved" in kinds(events)


def test_r16_carlion_adds_its_charges_once_while_its_carrier_fights(
        monkeypatch: pytest.MonkeyPatch) -> None:
    s = sword(at=10)
    s.carlion = 2
    put(s, "gor", 10)
    script(monkeypatch, 1, 1, 1, 1, 6, 6)
    _, ev = play(s, Fight((1,)), KeepDice(), KeepDice())
    rolled = next(e for e in ev if e.kind == "creature_rolled")
    assert rolled.data["heroes"] == (1 + 3) + (1 + 3) + 2


def test_tuhavar_needs_carlions_carrier_with_three_charges_and_ignores_fires(
        monkeypatch: pytest.MonkeyPatch) -> None:
    s = sword(at=64)
    s.bosses["tuhavar"] = [13, 24]
    put(s, "tuhavar", 64)
    s.carlion = 2
    assert not any(isinstance(a, Fight) for a in GAME.legal(s))
    assert "3 charges" in GAME.why_illegal(s, Fight(()))
    s.carlion = 3
    s.current = 1  # the wizard alone cannot, nor without the carrier
    s._legal = None
    assert Fight((0,)) in GAME.legal(s) and Fight(()) not in GAME.legal(s)
    s.current = 0
    s.fires[64] = True
    s._legal = None
    assert GAME.fire_bonus(s, 0) == 2  # no battle yet: the fire would help against a gor
    script(monkeypatch, 6, 6, 6, 1, 1, 1)
    s2, ev = play(s, Fight(()))
    rolled = next(e for e in ev if e.kind == "creature_rolled")
    assert rolled.data["heroes"] == 6 + 3 + 3  # die, SP, Carlion; no fire bonus


def test_card_e_opens_the_hidden_path_for_heroes_only() -> None:
    s = sword(at=16)
    assert B1.dist[16][53] > 1
    events: list = []
    GAME._do(s, [{"enable": {"secret_passage": [16, 53]}}], events)
    s._legal = None
    assert s.passage == [16, 53] and GAME.reach(s, 0)[53] == 1
    s2, ev = play(s, Move(53))
    assert s2.hour[0] == 1 and next(e for e in ev if e.kind == "moved").data["path"] == [16, 53]
    assert B1.spaces[53].arrow != 16 and 16 not in B1.spaces[53].next  # creatures keep to arrows


def test_card_g_tuhavar_waits_on_64_until_card_i(monkeypatch: pytest.MonkeyPatch) -> None:
    s = sword(at=10)
    events: list = []
    script(monkeypatch, 3)  # the black die: 1-3 the highest peak (ruling R56)
    GAME._do(s, GAME.content.legends["l3"].cards_of("G")[0].do, events)
    num = next(n for n, (k, _) in s.creatures.items() if k == "tuhavar")
    assert s.where(num) == 64 and s.bosses["tuhavar"] == [14, 22]  # 2 heroes (R54, R56)
    s2, _ = play(s, EndDay(), EndDay())
    assert s2.where(num) == 64  # boss_moves is not on yet
    GAME._do(s2, GAME.content.legends["l3"].cards_of("I")[0].do, events)
    s2.ended = [False, False]
    s3, _ = play(s2, EndDay(), EndDay())
    assert GAME.board(s3).arrow_distance(s3.where(num)) == B1.arrow_distance(64) - 2


@pytest.mark.parametrize(("heroes", "face", "space"), [
    ("warrior,wizard", 1, 64), ("warrior,wizard", 4, 45), ("warrior,wizard,dwarf", 6, 45),
    ("warrior,wizard,dwarf,guardian", 5, 50), ("warrior,wizard,dwarf,guardian", 2, 64)])
def test_card_g_the_black_die_wakes_tuhavar_far_or_near(
        monkeypatch: pytest.MonkeyPatch, heroes: str, face: int, space: int) -> None:
    """Ruling R56: on 4-6 Tuhavar wakes in the moor, close enough to reach the castle before
    the narrator reaches N (50 with four heroes, 45 otherwise)."""
    s = sword(heroes, at=10)
    script(monkeypatch, face)
    events: list = []
    GAME._do(s, GAME.content.legends["l3"].cards_of("G")[0].do, events)
    assert [(str(k), w) for k, w in s.creatures.values()] == [("tuhavar", space)]
    assert any(e.kind == "black_die" and e.data["face"] == face for e in events)
    assert (B1.arrow_distance(space) < B1.arrow_distance(64)) == (face >= 4)


def test_card_l_the_frost_moves_one_extra_box() -> None:
    s = sword()
    events: list = []
    GAME._do(s, GAME.content.legends["l3"].cards_of("L")[0].do, events)
    assert s.frost == 12


def test_the_fox_lives_in_the_castle_in_legend_3() -> None:
    s = sword(at=0)
    s.figures = {"fox": 0}
    assert MoveFox(64) in GAME.legal(s)


def test_l3_defeating_tuhavar_wins(monkeypatch: pytest.MonkeyPatch) -> None:
    s = sword(at=64)
    s.bosses["tuhavar"] = [1, 1]
    put(s, "tuhavar", 64)
    s.carlion = 3
    script(monkeypatch, 6, 6, 6, 1, 1, 1)
    s2, ev = play(s, Fight(()))
    assert s2.result == "won"


def test_l3_tuhavar_reaching_the_rietburg_loses() -> None:
    s = sword(at=10)
    s.rules.append("boss_moves")
    near = next(sid for sid, sp in B1.spaces.items() if sp.arrow == 0)
    num = put(s, "tuhavar", near)
    s2, _ = play(s, EndDay(), EndDay())
    assert s2.result == "lost" and s2.reason == "Tuhavar reached the Rietburg"
    assert s2.where(num) == 0


def test_a5_the_telescope_is_used_outside_its_owners_turn() -> None:
    from frostdesk.games.andor_eternal_frost.state import Aside, Look
    s = sword(at=10, current=0)
    s.kit[1] = ["telescope"]
    s.snow[11] = ["gem", False]
    assert 11 in B1.spaces[10].next
    s2, _ = play(s, Aside(1, Look(11)))
    assert s2.snow[11] == ["gem", True] and s2.current == 0 and s2.hour == [0, 0]
