"""The record on the end screen and the start screen's tiles."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest

from engine.test_records import finished  # noqa: E402 - tests/ is on sys.path (conftest)
from frostdesk import records
from frostdesk.engine.session import Seat


@pytest.mark.gui
def test_finishing_a_game_shows_and_keeps_the_record(make_table: Any, tmp_path: Path) -> None:
    t = make_table()
    seats = [Seat("Ana"), Seat("Bot B", "bot", "mcts"), Seat("Bot C", "bot", "heuristic")]
    session = finished("frost-shelter", seats, 4)
    won = session.game.outcome(session.state).places[0] == 1
    path = tmp_path / "done.frostdesk"
    session.save(path)
    assert t.window.load_path(path)
    t.qtbot.waitUntil(lambda: t.window.stack.currentWidget() is t.window.end_screen,
                      timeout=5000)
    line = f"Your record: {int(won)} win{'' if won else 's'} in 1 game against bots " \
           f"(Hard {int(won)} of 1)"
    assert t.window.end_screen.record.text() == line
    assert t.window.end_screen.record.isVisibleTo(t.window.end_screen)
    # Reopening the finished game does not count it twice.
    assert t.window.load_path(path)
    t.qtbot.waitUntil(lambda: t.window.stack.currentWidget() is t.window.end_screen,
                      timeout=5000)
    assert len(records.load()) == 1
    t.window.show_start()
    tiles = t.window.start_screen.tiles
    assert tiles["frost-shelter"].record.text() == line
    assert not tiles["frontier-stations"].record.isVisibleTo(tiles["frontier-stations"])


def test_a_damaged_record_file_never_stops_the_app(make_table: Any) -> None:
    path = records.records_path()
    path.write_bytes(b"\xff\xfe garbage\n{not json\n")
    t = make_table()
    t.window.show_start()
    assert t.window.start_screen.tiles["frost-shelter"].record.text() == ""
    t.controller.new_game("frontier-stations", [Seat("Ana")], seed=3)
    assert t.controller.session is not None
