"""The Eternal Frost's registry entry: the legends offered come from the cards folder, heroes
and sides per seat become setup options, and a legend in progress names its day and letter."""

from __future__ import annotations

import json
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

from frostdesk.ai import make_agent
from frostdesk.engine import registry
from frostdesk.games.andor_eternal_frost import description as d
from frostdesk.paths import cards_dir

from .helpers import GAME, fresh

DESC = d.DESCRIPTION


def test_the_game_is_registered_with_its_bots_and_levels() -> None:
    assert registry.get("andor-eternal-frost") is DESC or registry.get(
        "andor-eternal-frost").id == DESC.id
    assert (DESC.min_players, DESC.max_players, DESC.cooperative) == (2, 4, True)
    for level in DESC.levels:
        agent = make_agent(GAME, level.bot, 1)
        s = fresh()
        assert agent.choose(GAME, s, GAME.legal(s), s.current) in GAME.legal(s)


def test_the_legends_offered_are_the_files_in_the_legends_folder(tmp_path: Path) -> None:
    folder = tmp_path / "andor-eternal-frost"
    shutil.copytree(cards_dir("andor-eternal-frost"), folder)
    assert [c.value for c in d.legend_choices(folder)] == ["l1", "l2", "l3", "l4"]
    assert "Board side 2" in d.legend_choices(folder)[1].tip
    for extra in ("l2", "l3", "l4"):
        (folder / "legends" / f"{extra}.yaml").unlink()
    assert [c.value for c in d.legend_choices(folder)] == ["l1"]
    assert d.legend_choices(folder)[0].label == "L1 · The Blue Stone"
    assert "Board side 1" in d.legend_choices(folder)[0].tip
    text = (folder / "legends" / "l1.yaml").read_text(encoding="utf-8")
    (folder / "legends" / "l2.yaml").write_text(
        text.replace("legend: l1", "legend: l2").replace("title: The Blue Stone",
                                                          "title: Second Snow"),
        encoding="utf-8")
    (folder / "legends" / "l3.yaml").write_text("legend: [unfinished", encoding="utf-8")
    labels = [c.label for c in d.legend_choices(folder)]
    assert labels == ["L1 · The Blue Stone", "L2 · Second Snow"]  # the broken file is left out


def test_any_free_hero_takes_the_classes_nobody_chose() -> None:
    opts = d.setup_options({"legend": "l1", "hero": ["wizard", "any", "any"],
                            "side": [1, 0, 1]})
    assert opts["heroes"] == "wizard,warrior,guardian"
    assert opts["sides"] == "1,0,1"
    assert "hero" not in opts and "side" not in opts
    s, _ = GAME.new_game({**opts, "players": 3}, 1)
    assert s.heroes == ("wizard", "warrior", "guardian")


def test_two_seats_with_one_class_are_refused_with_a_reason() -> None:
    assert d.options_problem({"hero": ["dwarf", "any", "dwarf"]}).startswith(
        "Two seats chose the dwarf")
    assert d.options_problem({"hero": ["dwarf", "any", "any"]}) == ""


def test_a_seat_is_named_by_its_hero_board_side() -> None:
    opts = {"heroes": "warrior,guardian", "sides": "1,0"}
    assert d.seat_hero_name(opts, 0) == "Yrsa, warrior"
    assert d.seat_hero_name(opts, 1) == "Kaya, fire guardian"


def test_progress_names_the_legend_day_and_letter() -> None:
    s = fresh()
    assert d._progress(GAME, s) == "Legend 1 · Day 1 · letter A"
    s2 = s.copy()
    s2.day, s2.narrator = 3, 2
    assert registry.progress_text(GAME, s2) == "Legend 1 · Day 3 · letter C"
    assert d.options_text({"legend": "l1"}, 2) == "L1 · The Blue Stone"


def test_the_command_line_simulates_legend_1_with_the_crew() -> None:
    out = subprocess.run(
        [sys.executable, "-m", "frostdesk", "simulate", "andor-eternal-frost", "--players",
         "3", "--bots", "heuristic", "--games", "4", "--option", "legend=l1", "--json"],
        capture_output=True, text=True, check=True, timeout=120)
    data = json.loads(out.stdout)
    assert (data["games"], data["errors"]) == (4, 0)
    assert len(data["wins"]) == 3


def test_the_command_line_takes_the_dialogs_hero_and_side_keys(
        tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    from frostdesk.cli import main

    log = tmp_path / "game.jsonl"
    assert main(["simulate", "andor-eternal-frost", "--players", "2", "--games", "1",
                 "--seed", "3", "--json", "--option", "hero=dwarf,any", "--option", "side=1,0",
                 "--log", str(log)]) == 0
    setup = [json.loads(line) for line in log.read_text().splitlines()]
    assert setup[0]["options"]["heroes"] == "dwarf,warrior"  # 'any' takes the first free class
    assert setup[0]["options"]["sides"] == "1,0"
    assert setup[1]["heroes"] == ["dwarf", "warrior"]
    capsys.readouterr()
    # one class for every seat is two dwarves: refused in the dialog's words, nothing played
    assert main(["simulate", "andor-eternal-frost", "--players", "2", "--games", "1",
                 "--option", "hero=dwarf"]) == 2
    assert capsys.readouterr().err.strip() == ("frostdesk simulate: bad --option: Two seats "
                                               "chose the dwarf: every hero must be a "
                                               "different class.")
    assert main(["simulate", "andor-eternal-frost", "--players", "2", "--games", "1",
                 "--option", "side=2"]) == 2
    assert "side must be one of 0, 1" in capsys.readouterr().err


def test_a_broken_table_file_is_named_with_its_line_and_key(tmp_path: Path) -> None:
    folder = tmp_path / "andor-eternal-frost"
    shutil.copytree(cards_dir("andor-eternal-frost"), folder)
    assert d._validate(folder) == []
    table = folder / "table.yaml"
    text = table.read_text(encoding="utf-8")
    table.write_text(text.replace('gor: {colour: "#c8553d"', 'gor: {colour: "red"'),
                     encoding="utf-8")
    problems = [str(p) for p in d._validate(folder)]
    assert len(problems) == 1
    line = next(i for i, row in enumerate(text.splitlines(), 1) if "gor: {colour" in row)
    assert problems[0].startswith(f"{table}:{line}: creatures.gor.colour: expected a colour")
    table.write_text(text.replace("  troll: {", "  trolls: {"), encoding="utf-8")
    assert [str(p).split(": ", 2)[-1] for p in d._validate(folder)] == ["no figure for troll"]
