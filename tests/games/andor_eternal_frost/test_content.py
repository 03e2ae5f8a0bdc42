"""The Eternal Frost's data: the manual's numbers, the authored board side 1, and the board
validator (each check of the design brief) reporting broken copies as file:line: key: problem."""

from __future__ import annotations

import shutil
from collections.abc import Callable
from pathlib import Path

import pytest
import yaml

from frostdesk.engine.game import ContentError
from frostdesk.games.andor_eternal_frost.content import (
    board_warnings,
    load_content,
    validate,
)
from frostdesk.paths import cards_dir

FOLDER = cards_dir("andor-eternal-frost")
C = load_content(FOLDER)
B = C.boards["side1"]


def test_the_bundled_data_is_valid_and_side_1_has_no_band_warnings() -> None:
    assert validate(FOLDER) == []
    assert board_warnings(B) == []


def test_rulebook_fixed_numbers() -> None:
    # spaces the manual names and the 9 -> 11 walk of its example
    assert B.home == 0 and B.defeated == 80 and 0 in B.spaces and 80 not in B.spaces
    assert B.dist[9][11] == 2
    # ranks, dice rows at the WP of the examples
    assert C.heroes["guardian"].rank == 60 and C.heroes["dwarf"].rank == 7
    assert max(h.rank for h in C.heroes.values()) == 60
    assert min(h.rank for h in C.heroes.values()) == 7
    assert C.hero_dice("warrior", 7) == 3 and C.hero_dice("warrior", 6) == 2
    assert C.hero_dice("dwarf", 9) == 2
    assert C.hero_dice("wizard", 20) == 1
    wargor = C.creatures["wargor"]
    assert (wargor.sp, wargor.wp, wargor.dice_at(6)) == (2, 6, 2)
    assert dict(wargor.reward) == {"sp": 1, "wp": 4} and wargor.steps == (2, 4)
    troll = C.creatures["troll"]
    assert troll.sp == 12 and troll.dice_at(14) == 3 and troll.dice_at(13) == 2
    assert C.shields[4] == 1
    assert (C.day_hours, C.overtime_hours, C.overtime_wp) == (7, 3, 2)
    assert (C.start_sp, C.start_wp) == (1, 7)
    assert (C.fire_tokens, C.fire_light_wp, C.fire_warm_wp, C.fire_battle_sp) == (6, 2, 5, 1)
    assert (C.loss_sp, C.loss_wp) == (1, 3)
    assert C.letters == "ABCDEFGHIJKLMN"


def test_component_counts_match_the_box() -> None:
    assert sum(C.snow_tokens.values()) == 24
    assert C.snow_tokens["storm"] == 6 and C.snow_tokens["firewood"] == 3
    assert sum(C.ice_tokens.values()) == 13
    counted = {a: n for a, (_, _, n) in C.articles.items() if a != "winter_stone"}
    assert sum(counted.values()) == 16
    assert counted == {"carlion": 1, "askimar_blade": 2, "falcon": 1, "wineskin": 5,
                       "telescope": 2, "firewood": 3, "helm": 2}
    assert sum(n for _, n, _ in C.herbs.values()) == 7
    assert {c.id: c.cap for c in C.creatures.values()} == {
        "gor": 10, "wargor": 7, "buffalo": 4, "troll": 4}
    assert C.other["fire"] == 6 and C.other["gem"] == 3 and C.other["star"] == 8


def test_side_1_is_authored_and_has_the_briefs_shape() -> None:
    assert B.source == "authored"
    assert sorted(B.spaces) == list(range(67))
    assert len(B.bridges) == 3
    assert B.spaces[58].name == "Stone Hollow"
    assert 9 <= B.dist[0][58] <= 10
    assert 11 <= B.arrow_distance(64) <= 13 and 11 <= B.arrow_distance(65) <= 13
    for s in B.spaces.values():
        if s.arrow is not None:
            assert s.arrow < s.id and s.arrow in s.next
    # every north-to-south arrow crosses at a bridge
    bridges = {frozenset(b) for b in B.bridges}
    for s in B.spaces.values():
        if s.arrow is not None and s.bank != B.spaces[s.arrow].bank:
            assert frozenset((s.id, s.arrow)) in bridges


# ---------------------------------------------------------------- broken copies

def broken(tmp_path: Path, edit: Callable[[dict], None],
           name: str = "boards/side1.yaml") -> list[str]:
    """The problems of a copy of the data with `name` edited (written back as YAML)."""
    folder = tmp_path / f"andor{len(list(tmp_path.iterdir()))}"
    shutil.copytree(FOLDER, folder)
    path = folder / name
    data = yaml.safe_load(path.read_text())
    edit(data)
    path.write_text(yaml.safe_dump(data, sort_keys=False))
    return [str(p) for p in validate(folder)]


def space(data: dict, sid: int) -> dict:
    return next(s for s in data["spaces"] if s["id"] == sid)


def only(problems: list[str], *words: str) -> str:
    assert len(problems) == 1, problems
    for w in words:
        assert w in problems[0], problems[0]
    assert problems[0].split(":")[0].endswith("side1.yaml")
    assert problems[0].split(":")[1].isdigit()
    return problems[0]


def test_1_a_space_listed_twice(tmp_path: Path) -> None:
    def edit(d: dict) -> None:
        d["spaces"].append(dict(space(d, 66)))
    problems = broken(tmp_path, edit)
    assert any("space 66 is listed twice" in p for p in problems)


def test_1_the_box_must_not_be_a_space(tmp_path: Path) -> None:
    def edit(d: dict) -> None:
        d["defeated"]["id"] = 5
    only(broken(tmp_path, edit), "defeated.id", "the box 5")


def test_2_a_missing_neighbour_and_an_asymmetric_one(tmp_path: Path) -> None:
    def edit(d: dict) -> None:
        space(d, 9)["next"].append(99)
    only(broken(tmp_path, edit), "spaces.9.next", "space 99 does not exist")

    def edit2(d: dict) -> None:
        space(d, 9)["next"].append(30)
    only(broken(tmp_path, edit2), "9 lists 30 but 30 does not list 9")


def test_3_arrows_point_to_a_lower_neighbour_and_none_leaves_the_castle(tmp_path: Path) -> None:
    def edit(d: dict) -> None:
        space(d, 5)["arrow"] = 9
    only(broken(tmp_path, edit), "spaces.5.arrow", "lower id")

    def edit2(d: dict) -> None:
        space(d, 0)["arrow"] = 1
    only(broken(tmp_path, edit2), "spaces.0.arrow", "castle space has no arrow")

    def edit3(d: dict) -> None:
        space(d, 20)["arrow"] = 1
    only(broken(tmp_path, edit3), "spaces.20.arrow", "not a neighbour")


def test_5_no_arrow_into_an_arrowless_space(tmp_path: Path) -> None:
    def edit(d: dict) -> None:
        space(d, 9)["arrow"] = None  # 14 points to 9
    problems = broken(tmp_path, edit)
    assert any("spaces.14.arrow" in p and "cannot enter 9" in p for p in problems), problems


def test_7_river_crossings_only_at_the_three_bridges(tmp_path: Path) -> None:
    def edit(d: dict) -> None:
        d["bridges"] = d["bridges"][:2]
    problems = broken(tmp_path, edit)
    assert any("expected exactly 3 bridges" in p for p in problems)
    assert any("only a listed bridge crosses the river" in p for p in problems)


def test_9_neighbour_counts_and_geometry(tmp_path: Path) -> None:
    def edit(d: dict) -> None:
        space(d, 66)["xy"] = [5000, 100]
    problems = broken(tmp_path, edit)
    assert any("spaces.66.xy" in p and "outside the 2400x1600 canvas" in p for p in problems)

    def edit2(d: dict) -> None:
        space(d, 2)["xy"] = [space(d, 3)["xy"][0] - 20, space(d, 3)["xy"][1]]
    problems = broken(tmp_path, edit2)
    assert any("closer than 70 units" in p for p in problems), problems


def test_10_the_distance_bands_the_legends_rely_on(tmp_path: Path) -> None:
    def edit(d: dict) -> None:
        # a short cut from Stone Hollow's neighbourhood straight to the castle fields
        space(d, 58)["next"].append(8)
        space(d, 8)["next"].append(58)
        for s in d["spaces"]:  # keep every other check quiet: move 58 next to 8
            if s["id"] == 58:
                s["bank"] = "south"
        d["bridges"] = d["bridges"]
    problems = broken(tmp_path, edit)
    assert any("space 58 lies 3 moves from 0; expected 9..10" in p for p in problems), problems


def test_10_the_manuals_9_to_11_example(tmp_path: Path) -> None:
    def edit(d: dict) -> None:
        a, b = space(d, 9), space(d, 11)
        a["next"].append(11)
        b["next"].append(9)
    problems = broken(tmp_path, edit)
    assert any("9 and 11 two spaces apart, not 1" in p for p in problems), problems


def test_schema_problems_name_file_line_and_key(tmp_path: Path) -> None:
    def edit(d: dict) -> None:
        d["heroes"][0]["rank"] = "high"
    problems = broken(tmp_path, edit, "heroes.yaml")
    assert len(problems) == 1
    assert problems[0].startswith(str(tmp_path / "andor0" / "heroes.yaml") + ":")
    assert "heroes.0.rank: expected a rank 1..99, found 'high'" in problems[0]


def test_load_content_raises_with_every_problem(tmp_path: Path) -> None:
    folder = tmp_path / "andor"
    shutil.copytree(FOLDER, folder)
    (folder / "game.yaml").write_text("title: [\n")
    with pytest.raises(ContentError, match=r"game.yaml:\d+: \(syntax\)"):
        load_content(folder)


def test_warnings_name_a_space_outside_its_regions_band() -> None:
    from dataclasses import replace
    spaces = dict(B.spaces)
    spaces[2] = replace(spaces[2], region="peaks")
    assert board_warnings(replace(B, spaces=spaces)) == [
        "side1: space 2 lies in peaks, expected fields"]


def test_4_the_arrows_lead_home_within_the_step_limit(tmp_path: Path,
                                                      monkeypatch: pytest.MonkeyPatch) -> None:
    from frostdesk.games.andor_eternal_frost import content

    monkeypatch.setattr(content, "MAX_ARROW_STEPS", 11)
    problems = broken(tmp_path, lambda d: None)
    assert any("spaces.65.arrow" in p and "within 11 steps" in p for p in problems), problems
    assert not any("spaces.64.arrow" in p for p in problems)  # 64 is 11 steps away


def test_6_every_land_space_is_reachable_from_the_castle(tmp_path: Path) -> None:
    def edit(d: dict) -> None:
        for s in d["spaces"]:
            if 66 in s["next"]:
                s["next"].remove(66)
        space(d, 66)["next"] = []
        space(d, 66)["arrow"] = None
    problems = broken(tmp_path, edit)
    assert any("space 66 cannot be reached from 0 over land" in p for p in problems), problems
