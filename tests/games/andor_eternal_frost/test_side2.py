"""Board side 2, "The Steppe": its authored shape and the validator's side-2 checks (8 and 10),
each on a broken copy reported as file:line: key: problem."""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path

from frostdesk.games.andor_eternal_frost.content import board_warnings

from .test_content import C, broken, space

S2 = C.boards["side2"]
NAME = "boards/side2.yaml"


def side2(tmp_path: Path, edit: Callable[[dict], None]) -> list[str]:
    problems = broken(tmp_path, edit, NAME)
    for p in problems:
        file, line = p.split(":")[:2]
        # a legend on side 2 may be hit too (validator 11)
        assert (file.endswith("side2.yaml") or "/legends/" in file) and line.isdigit(), p
    return problems


def has(problems: list[str], *words: str) -> None:
    assert any(all(w in p for w in words) for p in problems), problems


def test_side_2_has_the_briefs_shape() -> None:
    assert S2.source == "authored" and S2.home == 401 and S2.defeated == 400
    assert sorted(S2.spaces) == list(range(401, 474))
    lake = sorted(s.id for s in S2.spaces.values() if s.kind == "lake")
    assert lake == list(range(461, 474))
    for sid in lake:
        assert S2.spaces[sid].arrow is None
        assert any(S2.spaces[n].kind != "lake" for n in S2.spaces[sid].next)
    assert [s.id for s in S2.spaces.values() if "merchant" in s.features] == [422, 445]
    cave = S2.spaces[414]
    assert "cave" in cave.features and cave.arrow is not None
    assert any(s.arrow == 414 for s in S2.spaces.values())
    assert 2 <= S2.arrow_distance(414) <= 3 and 3 <= S2.arrow_distance(422) <= 5
    assert 4 <= S2.arrow_distance(425) <= 6 and 7 <= S2.arrow_distance(445) <= 9
    assert S2.arrow_distance(456) >= 10 and 7 <= S2.arrow_distance(455) <= 12
    village = S2.spaces[460]
    assert "village" in village.features and village.arrow is not None
    assert not any(s.arrow == 460 for s in S2.spaces.values())
    assert sum(1 for n in village.next if S2.spaces[n].kind == "lake") >= 2
    assert sum(1 for i in range(402, 414)
               if any(S2.spaces[n].kind == "lake" for n in S2.spaces[i].next)) >= 3
    for s in S2.spaces.values():
        if s.arrow is not None:
            assert s.arrow < s.id and s.arrow in s.next
    assert board_warnings(S2) == []


def test_8_merchants_only_on_422_and_445(tmp_path: Path) -> None:
    def edit(d: dict) -> None:
        del space(d, 445)["features"]
        space(d, 444)["features"] = ["merchant"]
    problems = side2(tmp_path, edit)
    has(problems, "spaces.", "merchants stand only on 422 and 445")
    has(problems, "space 445 needs features: [merchant]")


def test_8_side_1_has_no_merchant(tmp_path: Path) -> None:
    def edit(d: dict) -> None:
        space(d, 12)["features"] = ["merchant"]
    problems = broken(tmp_path, edit)
    has(problems, "side1.yaml", "spaces.12.features", "merchants stand only on")


def test_8_the_cave_has_an_arrow_in_and_asks_14_wp(tmp_path: Path) -> None:
    feeders = [s for s in S2.spaces.values() if s.arrow == 414]

    def edit(d: dict) -> None:
        for f in feeders:
            space(d, f.id)["arrow"] = min(n for n in f.next if n < f.id and n != 414
                                          and S2.spaces[n].kind != "lake")
        space(d, 414)["min_wp"] = 12
    problems = side2(tmp_path, edit)
    has(problems, "no arrow leads into the cave")
    has(problems, "the cave needs min_wp: 14")


def test_8_the_village_has_an_arrow_out_and_borders_two_lake_spaces(tmp_path: Path) -> None:
    shore = [n for n in S2.spaces[460].next if S2.spaces[n].kind == "lake"]

    def edit(d: dict) -> None:
        space(d, 460)["arrow"] = None
        for sid in shore[1:]:  # these lake spaces turn into land without an arrow
            space(d, sid)["kind"] = "land"
    problems = side2(tmp_path, edit)
    has(problems, "spaces.", "the village needs an arrow out")
    has(problems, "the village borders 1 lake spaces; it needs at least 2")
    has(problems, f"expected 13 lake spaces, found {13 - len(shore[1:])}")


def test_8_every_lake_space_borders_land(tmp_path: Path) -> None:
    def edit(d: dict) -> None:
        # the village turns to lake: the lake spaces only it bordered now border no land
        v = space(d, 460)
        v["kind"] = "lake"
        v["arrow"] = None
    problems = side2(tmp_path, edit)
    has(problems, "expected 13 lake spaces, found 14")
    has(problems, "space 460 must be land with features: [village]")
    has(problems, "spaces.", "borders no land")


def test_8_two_lake_spaces_lie_between_the_village_and_the_inner_steppe(tmp_path: Path) -> None:
    near = next(n for n in S2.spaces[460].next if S2.spaces[n].kind == "lake")
    inner = 402

    def edit(d: dict) -> None:
        space(d, near)["next"].append(inner)
        space(d, inner)["next"].append(near)
    problems = side2(tmp_path, edit)
    has(problems, f"lake space {near} touches both the village and the inner steppe")


def test_10_side_2_bands_for_the_places_legends_use(tmp_path: Path) -> None:
    def edit(d: dict) -> None:
        for a, b in ((456, 401), (460, 401)):  # short cuts from the far places to the tents
            space(d, a)["next"].append(b)
            space(d, b)["next"].append(a)
        space(d, 456)["arrow"] = 401
    problems = side2(tmp_path, edit)
    has(problems, "spaces.", "space 456 lies 1 arrow steps from 401; expected 10..12")
    has(problems, "spaces.", "space 460 lies 1 moves from 401; expected 9..16")
