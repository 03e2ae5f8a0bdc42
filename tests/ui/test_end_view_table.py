"""The end screen lets the players look at the final table, and come back to the results."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest
from PySide6.QtCore import Qt
from PySide6.QtTest import QTest
from PySide6.QtWidgets import QApplication

from engine.test_records import finished  # noqa: E402 - tests/ is on sys.path (conftest)
from frostdesk.engine.session import Seat

pytestmark = pytest.mark.ui


@pytest.mark.gui
@pytest.mark.parametrize("game", ["frost-shelter", "frontier-stations", "last-aurora",
                                  "andor-eternal-frost"])
def test_view_table_shows_the_final_table_and_comes_back(make_table: Any, tmp_path: Path,
                                                        game: str) -> None:
    t = make_table()
    seats = [Seat("Ana"), Seat("Bot B", "bot", "heuristic"), Seat("Bot C", "bot", "heuristic")]
    session = finished(game, seats, 4)
    path = tmp_path / "done.frostdesk"
    session.save(path)
    w = t.window
    assert w.load_path(path)
    t.qtbot.waitUntil(lambda: w.stack.currentWidget() is w.end_screen, timeout=5000)
    end = w.end_screen
    assert end.table_button.text() == "View table" and end.table_button.isVisibleTo(end)
    t.qtbot.mouseClick(end.table_button, Qt.MouseButton.LeftButton)
    gs = w.game_screen
    assert w.stack.currentWidget() is gs
    # the table as the game ended: the final state, nothing to choose, the way back shown
    assert gs.status.text() == gs.game_over_text and \
        gs.game_over_text.endswith("is over: this is the final table.")
    assert gs.results_button.isVisibleTo(gs) and gs.choices is None
    assert w.controller.game.fingerprint(w.controller.session.state) == \
        session.game.fingerprint(session.state)
    assert QApplication.focusWidget() is gs.view
    QTest.keyClick(gs.view, Qt.Key.Key_Escape)  # Escape (or R) goes back to the results
    assert w.stack.currentWidget() is end
    t.qtbot.mouseClick(end.table_button, Qt.MouseButton.LeftButton)
    t.qtbot.mouseClick(gs.results_button, Qt.MouseButton.LeftButton)
    assert w.stack.currentWidget() is end
    # a new game hides the way back
    end.rematch_button.click()
    t.qtbot.waitUntil(lambda: w.stack.currentWidget() is not end, timeout=5000)
    assert not w.game_screen.results_button.isVisibleTo(w.game_screen)
