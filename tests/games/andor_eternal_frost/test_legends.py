"""The legend loader's checks for legends 2-4 (section 4 of the brief: components within the
box at every hero count, validator 11 for ice, markers and figures, the new verbs and
conditions), each on a broken copy, and the legend option's honesty."""

from __future__ import annotations

from pathlib import Path

import pytest

from .helpers import GAME
from .test_content import broken


def problems(tmp_path: Path, name: str, edit) -> list[str]:  # type: ignore[no-untyped-def]
    out = broken(tmp_path, edit, f"legends/{name}.yaml")
    for p in out:
        assert p.split(":")[0].endswith(f"{name}.yaml") and p.split(":")[1].isdigit(), p
    return out


def has(found: list[str], *words: str) -> None:
    assert any(all(w in p for w in words) for p in found), found


def test_every_legend_is_an_option_and_no_other() -> None:
    assert sorted(GAME.content.legends) == ["l1", "l2", "l3", "l4"]
    for lg in ("l1", "l2", "l3", "l4"):
        for n in (2, 3, 4):
            s, _ = GAME.new_game({"players": n, "legend": lg}, 1)
            assert s.legend == lg and GAME.board(s).id == GAME.content.legends[lg].board
        assert GAME.content.legends[lg].blurb  # the new-game dialog's line
    with pytest.raises(ValueError, match="legend takes one of l1, l2, l3, l4"):
        GAME.setup({"players": 2, "legend": "l5"}, 1)


def test_more_creatures_than_the_box_holds_at_some_hero_count(tmp_path: Path) -> None:
    def edit(d: dict) -> None:
        # card C (legend 2 has a buffalo at setup and one on card F at every hero count)
        d["cards"][2]["do"].append({"place": {"creature": "buffalo",
                                              "at": {2: [], 3: [], 4: [457, 458, 459]}}})
    has(problems(tmp_path, "l2", edit), "with 4 heroes the legend places 5 buffalos; the box "
        "has 4")


def test_a_roll_counts_its_worst_face(tmp_path: Path) -> None:
    def edit(d: dict) -> None:
        face = d["cards"][4]["do"][0]["roll"]["table"][1]  # card F of legend 4
        # legend 4 places no troll at setup, and card J one with 3 or 4 heroes
        face.extend([{"place": {"creature": "troll", "at": {2: [], 3: [],
                                                            4: [441, 442, 444, 445, 446]}}}])
    has(problems(tmp_path, "l4", edit), "with 4 heroes the legend places 6 trolls")


def test_more_articles_than_the_box_holds(tmp_path: Path) -> None:
    def edit(d: dict) -> None:
        d["setup"]["articles"][0]["items"].append("telescope")
    has(problems(tmp_path, "l2", edit), "setup.articles", "3 telescope; the box has 2")


def test_11_ice_only_on_the_lake_markers_on_land_tranuk_off_the_lake(tmp_path: Path) -> None:
    def edit(d: dict) -> None:
        d["setup"]["ice"][0]["sites"][0] = 402
        d["setup"]["figures"]["tranuk"] = 463
    found = problems(tmp_path, "l2", edit)
    has(found, "setup.ice.0.sites.0", "ice tokens lie only on the lake, not on 402")
    has(found, "setup.figures.tranuk", "stays on land, not on the lake (463)")

    def edit2(d: dict) -> None:
        d["setup"]["markers"][0]["sites"][0] = 463
    has(problems(tmp_path, "l4", edit2), "setup.markers.0.sites.0", "only on land, not on 463")


def test_at_most_three_target_markers(tmp_path: Path) -> None:
    def edit(d: dict) -> None:
        d["setup"]["markers"][0]["sites"].append(441)
        d["setup"]["markers"][0]["pool"]["ambush"] = 2
    has(problems(tmp_path, "l4", edit), "setup.markers", "4 target markers; the box has 3")


def test_the_new_verbs_and_conditions_are_checked(tmp_path: Path) -> None:
    def edit(d: dict) -> None:
        d["cards"][4]["do"][0]["roll"]["table"].pop(6)
        d["cards"][3]["do"][0]["enable"] = "the_darkness"
        d["goal"]["all"][0] = {"shaman_rescued": "yes"}
    found = problems(tmp_path, "l4", edit)
    has(found, "roll", "one entry per face of the black die")
    has(found, "enable", "unknown rule")
    has(found, "goal.all.0.shaman_rescued", "expected true")

    def edit2(d: dict) -> None:
        d["goal"]["all"][1] = {"iquar_rescued": {"at_least": 3}}
        d["cards"][3]["do"][0] = {"move_frost": 5}
    found = problems(tmp_path, "l2", edit2)
    has(found, "iquar_rescued", "expected {at_least: N}")
    has(found, "move_frost", "1..3")

    def edit3(d: dict) -> None:
        d["cards"][3]["do"][0]["enable"] = {"secret_passage": [16]}
    has(problems(tmp_path, "l3", edit3), "secret_passage", "expected [a, b]")


def test_the_rules_page_has_every_ruling_the_code_and_the_brief_name() -> None:
    import re

    from frostdesk.paths import docs_dir

    page = (docs_dir() / "rules" / "andor-eternal-frost.md").read_text()
    numbers = [int(n) for n in re.findall(r"^### R(\d+) ", page, flags=re.M)]
    assert numbers == sorted(numbers) and len(numbers) == len(set(numbers))
    assert set(range(1, 41)) <= set(numbers)  # the brief's R1-R40
    package = Path(GAME.__class__.__module__.replace(".", "/")).parent
    root = Path(__file__).resolve().parents[3]
    sources = sorted((root / package).glob("*.py"))
    assert len(sources) >= 5
    for source in sources:
        for n in re.findall(r"\bR(\d+)\b", source.read_text()):
            assert int(n) in numbers, f"{source.name} names R{n}, which the rules page lacks"


def test_start_sp_may_be_written_per_hero_count(tmp_path: Path) -> None:
    from frostdesk.games.andor_eternal_frost.legend import parse

    def per_count(d: dict) -> None:
        d["setup"]["hero_sp"] = {2: 2, 3: 3, 4: 5}
    assert problems(tmp_path, "l2", per_count) == []

    def too_high(d: dict) -> None:
        d["setup"]["hero_sp"] = {2: 2, 3: 3, 4: 15}
    has(problems(tmp_path, "l2", too_high), "hero_sp")
    lg = parse({**_raw("l2"), "setup": {**_raw("l2")["setup"], "hero_sp": {2: 2, 3: 3, 4: 5}}})
    assert [lg.sp_for(n) for n in (2, 3, 4)] == [2, 3, 5]
    assert GAME.content.legends["l2"].sp_for(4) == GAME.content.legends["l2"].hero_sp


def _raw(name: str) -> dict:
    import yaml

    from .test_content import FOLDER
    return yaml.safe_load((FOLDER / "legends" / f"{name}.yaml").read_text())
