"""A save handed over by the OS as a file-open event (macOS double-click) is opened."""

from __future__ import annotations

from typing import Any

import pytest

from frostdesk.engine.session import Seat, Session
from frostdesk.games import load_game

pytestmark = pytest.mark.ui


@pytest.mark.gui
def test_file_open_event_loads_the_save(make_table: Any, tmp_path: Any) -> None:
    from PySide6.QtGui import QFileOpenEvent
    from PySide6.QtWidgets import QApplication

    from frostdesk.app import install_file_open_handler

    game = load_game("frost-shelter")
    saved = Session.new(game, {"first_leader": 0}, 31, [Seat("Ana"), Seat("Bo", "bot")])
    saved.apply(game.legal(saved.state)[0])
    path = tmp_path / "double-clicked.frostdesk"
    saved.save(path)

    table = make_table()
    install_file_open_handler(QApplication.instance(), table.window)
    QApplication.sendEvent(QApplication.instance(), QFileOpenEvent(str(path)))
    table.qtbot.waitUntil(lambda: table.controller.session is not None
                          and table.controller.session.seed == 31, timeout=5000)
    assert [s.name for s in table.controller.session.seats] == ["Ana", "Bo"]
