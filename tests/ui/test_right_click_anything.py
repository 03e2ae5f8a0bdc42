"""A right-click on anything on a table shows at most one card, large, and never breaks: on
every game's table, each thing it shows is right-clicked in turn (a Frost Shelter Leader
marker once raised an error here, for not being a card), and no closed dialog stays behind."""

from __future__ import annotations

from typing import Any

import pytest
from PySide6.QtCore import Qt
from PySide6.QtTest import QTest
from PySide6.QtWidgets import QApplication, QDialog

from frostdesk.engine.session import Seat

pytestmark = pytest.mark.ui

# (game, players, options, whether some right-click shows a card large: The Eternal Frost's
# map has no cards, a right-click there says what the thing is in the message line)
TABLES = [
    ("frost-shelter", 3, {"first_leader": 0}, True),
    ("frontier-stations", 3, {}, True),
    ("last-aurora", 3, {}, True),
    ("andor-eternal-frost", 3, {}, False),
]


@pytest.mark.gui
@pytest.mark.parametrize("game,players,options,cards", TABLES)
def test_a_right_click_on_anything_on_the_table_shows_one_card_at_most(
        make_table: Any, game: str, players: int, options: dict[str, Any], cards: bool) -> None:
    t = make_table()
    errors: list[str] = []
    t.bus.error.connect(errors.append)
    seats = [Seat("Ana")] + [Seat(f"Bot {i}", "bot", "heuristic") for i in range(1, players)]
    t.controller.new_game(game, seats, seed=3, options=dict(options))
    t.wait_turn()
    scene = t.screen.scene
    keys = [k for k, item in scene.items_by_key.items() if item.isVisible()]
    assert len(keys) >= 10
    opened = 0
    for key in keys:
        if not scene.items_by_key.get(key) or not scene.items_by_key[key].isVisible():
            continue  # gone since (a dialog closing can redraw the table)
        item = scene.items_by_key[key]
        vp = t.screen.view.viewport()
        pos = t.screen.view.mapFromScene(item.mapToScene(item.boundingRect().center()))
        if not vp.rect().contains(pos):
            continue
        # at the middle of the thing: what is on top there gets the click, as for a player
        QTest.mouseClick(vp, Qt.MouseButton.RightButton, Qt.KeyboardModifier.NoModifier, pos)
        QApplication.processEvents()
        shown = [w for w in QApplication.topLevelWidgets()
                 if isinstance(w, QDialog) and w.isVisible()]
        assert len(shown) <= 1, key
        opened += len(shown)
        for w in shown:
            w.close()
    assert (opened >= 1) == cards  # some card was shown large (on a table of cards)
    assert not errors
    # a closed card dialog is deleted: right-clicks do not pile dialogs up under the screen
    t.qtbot.waitUntil(lambda: not t.screen.findChildren(QDialog))
