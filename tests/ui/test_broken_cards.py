"""A card file broken by hand (a card pack edited, a bad copy) stops only what needs it, and
says which file, line and key: starting that game shows a message, a save of it says so when
opened, and nothing escapes as an error."""

from __future__ import annotations

import shutil
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from PySide6.QtWidgets import QApplication, QMessageBox

from frostdesk.engine.registry import load_game
from frostdesk.engine.session import SaveError, Seat, Session
from frostdesk.paths import data_root

pytestmark = pytest.mark.ui

BROKEN = ("frost-shelter/equipment.yaml", "cost: {cards: 2, resources: any}",
          "cost: {cards: two, resources: any}")


@pytest.fixture
def broken_cards(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Iterator[Path]:
    """A data folder like the bundled one, with one Frost Shelter card cost that is no number."""
    root = tmp_path / "data"
    shutil.copytree(data_root() / "cards", root / "cards")
    (root / "resources").symlink_to(data_root() / "resources")
    path = root / "cards" / BROKEN[0]
    text = path.read_text(encoding="utf-8")
    assert BROKEN[1] in text
    path.write_text(text.replace(BROKEN[1], BROKEN[2], 1), encoding="utf-8")
    monkeypatch.setenv("FROSTDESK_DATA", str(root))
    load_game.cache_clear()  # read the cards again, from here (the app reads them once)
    yield path
    load_game.cache_clear()  # and from the bundled cards again after


def _problem_boxes() -> list[QMessageBox]:
    return [w for w in QApplication.topLevelWidgets()
            if isinstance(w, QMessageBox) and w.isVisible() and w.objectName() == "problemBox"]


def test_starting_a_game_whose_cards_are_broken_names_the_file_line_and_key(
        make_table: Any, broken_cards: Path) -> None:
    t = make_table()
    t.window.quick_solo("frost-shelter")
    boxes = _problem_boxes()
    assert len(boxes) == 1
    text = boxes[0].text()
    assert f"{broken_cards}:" in text and "equipment.0.cost.cards" in text
    assert t.controller.session is None  # nothing started
    boxes[0].close()
    t.window.new_game("frost-shelter")  # its New game dialog reads the cards too
    boxes = _problem_boxes()
    assert len(boxes) == 1 and "equipment.0.cost.cards" in boxes[0].text()
    boxes[0].close()
    t.window.quick_solo("frontier-stations")  # the other games still start
    assert t.controller.session is not None and t.controller.session.game.id == \
        "frontier-stations"


def test_a_save_of_a_game_whose_cards_are_broken_says_so_when_opened(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    game = load_game("frost-shelter")  # saved while the cards were fine
    session = Session.new(game, {}, 3, [Seat("Ana"), Seat("Bot", "bot", "heuristic")])
    save = tmp_path / "game.frostdesk"
    session.save(save)
    root = tmp_path / "data"
    shutil.copytree(data_root() / "cards", root / "cards")
    path = root / "cards" / BROKEN[0]
    path.write_text(path.read_text(encoding="utf-8").replace(BROKEN[1], BROKEN[2], 1),
                    encoding="utf-8")
    monkeypatch.setenv("FROSTDESK_DATA", str(root))
    load_game.cache_clear()  # (the app reads a game's cards once; this one reads them again)
    try:
        with pytest.raises(SaveError) as caught:
            Session.load(save)
    finally:
        monkeypatch.undo()
        load_game.cache_clear()
    said = str(caught.value)
    assert said.startswith("game.frostdesk cannot be opened: the game's cards cannot be read")
    assert f"{path}:" in said and "equipment.0.cost.cards" in said and "\n" not in said


def test_the_command_line_names_every_broken_line(
        broken_cards: Path, capsys: pytest.CaptureFixture[str]) -> None:
    from frostdesk.cli import main

    assert main(["simulate", "frost-shelter", "--games", "1"]) == 2
    err = capsys.readouterr().err
    assert err.startswith("frostdesk simulate: the game's cards cannot be read:\n")
    assert f"{broken_cards}:13: equipment.0.cost.cards" in err and "Traceback" not in err
