"""The keyboard stays with the table: after any button of the bar and after any dialog, the
arrows move over the legal cards and F1 / Ctrl+Q work without a click; the focused card shows
its zoom as a hovered one does."""

from __future__ import annotations

from typing import Any

import pytest
from PySide6.QtCore import Qt, QTimer
from PySide6.QtTest import QTest
from PySide6.QtWidgets import QApplication, QDialog

from frostdesk.engine.session import Seat

pytestmark = pytest.mark.ui

SEATS = [Seat("Ana"), Seat("Bot Aster", "bot", "heuristic"), Seat("Bot Boreal", "bot", "heuristic")]


def _press(key: Qt.Key, mods: Qt.KeyboardModifier = Qt.KeyboardModifier.NoModifier) -> None:
    """A key as the keyboard sends it: to whatever has the focus (nothing happens without)."""
    target = QApplication.focusWidget()
    assert target is not None, "no widget has the keyboard focus"
    QTest.keyClick(target, key, mods)


def _started(make_table: Any, game: str = "frost-shelter", seats: list[Seat] = SEATS,
             seed: int = 5) -> Any:
    t = make_table(hard_bot_ms=60)
    t.controller.new_game(game, seats, seed=seed)
    t.wait_turn()
    return t


def _arrows_move(t: Any) -> None:
    gs = t.screen
    before = gs.focus_key
    _press(Qt.Key.Key_Right)
    assert gs.focus_key is not None and gs.focus_key != before


def _visible_dialogs() -> list[Any]:
    return [w for w in QApplication.topLevelWidgets() if isinstance(w, QDialog) and w.isVisible()]


@pytest.mark.gui
def test_the_arrows_still_move_after_the_hint_button(make_table: Any) -> None:
    t = _started(make_table)
    gs = t.screen
    t.qtbot.mouseClick(gs.hint_button, Qt.MouseButton.LeftButton)
    t.qtbot.waitUntil(lambda: gs.hint_action is not None, timeout=5000)
    assert QApplication.focusWidget() is gs.view
    _arrows_move(t)


@pytest.mark.gui
def test_the_arrows_still_move_after_every_bar_button(make_table: Any) -> None:
    t = _started(make_table)
    gs = t.screen
    for b in [gs.log_button, gs.log_button, gs.exp_button, gs.exp_button, *gs.action_buttons]:
        if b.isVisible() and b.isEnabled():
            t.qtbot.mouseClick(b, Qt.MouseButton.LeftButton)
            assert QApplication.focusWidget() is gs.view, b.objectName()
    _arrows_move(t)


@pytest.mark.gui
def test_the_h_key_asks_for_a_hint(make_table: Any) -> None:
    t = _started(make_table)
    gs = t.screen
    gs.view.setFocus()
    _press(Qt.Key.Key_H)
    t.qtbot.waitUntil(lambda: gs.hint_action is not None, timeout=5000)


@pytest.mark.gui
def test_f1_works_after_the_settings_dialog_closes(make_table: Any) -> None:
    t = _started(make_table)
    QTimer.singleShot(50, lambda: [d.reject() for d in _visible_dialogs()])
    t.window.open_settings()
    t.qtbot.waitUntil(lambda: QApplication.activeWindow() is t.window)
    assert QApplication.focusWidget() is t.screen.view
    _arrows_move(t)
    _press(Qt.Key.Key_F1)
    assert any(d.objectName() == "rulesDialog" for d in _visible_dialogs())
    for d in _visible_dialogs():
        d.close()
    t.qtbot.waitUntil(lambda: not _visible_dialogs())
    # closing the rules (a dialog that stays open beside the table) gives the keys back too
    t.qtbot.waitUntil(lambda: QApplication.activeWindow() is t.window)
    _arrows_move(t)


@pytest.mark.gui
def test_ctrl_q_works_after_a_message_closes(make_table: Any) -> None:
    t = _started(make_table)
    t.window._problem("Something to say.")
    box = _visible_dialogs()[0]
    box.accept()
    t.qtbot.waitUntil(lambda: not _visible_dialogs())
    t.qtbot.waitUntil(lambda: QApplication.activeWindow() is t.window)
    quits: list[bool] = []
    t.window.act_quit.triggered.disconnect()
    t.window.act_quit.triggered.connect(lambda: quits.append(True))
    _press(Qt.Key.Key_Q, Qt.KeyboardModifier.ControlModifier)
    assert quits == [True]


@pytest.mark.gui
def test_the_keys_return_to_the_table_after_a_card_dialog(make_table: Any) -> None:
    t = _started(make_table)
    gs = t.screen
    card = next(k for k in gs.targets() if k[0] == "card")
    t.click(card, Qt.MouseButton.RightButton)
    t.qtbot.waitUntil(lambda: bool(_visible_dialogs()))
    _visible_dialogs()[0].reject()
    t.qtbot.waitUntil(lambda: not _visible_dialogs())
    assert QApplication.focusWidget() is gs.view
    _arrows_move(t)


@pytest.mark.gui
# (The Eternal Frost's table is a map of spaces: no card to zoom on it)
@pytest.mark.parametrize("game", ["frost-shelter", "frontier-stations", "last-aurora"])
def test_the_focused_card_shows_its_zoom(make_table: Any, game: str) -> None:
    seats = SEATS if game == "frost-shelter" else [Seat("Ana"), Seat("Bot", "bot", "heuristic")]
    t = _started(make_table, game, seats)
    gs = t.screen
    scene = gs.scene

    def zoomable() -> list[Any]:
        return [k for k in gs._focus_order()
                if k in scene.items_by_key and scene.previews(scene.items_by_key[k])]

    for _ in range(20):  # play on (the hint's moves) until a card is a target
        if zoomable():
            break
        t.controller.request(t.controller.hint()[0])
        t.wait_turn()
    assert zoomable(), "no card to choose in the first moves"
    assert not scene.preview.isVisible()
    gs.view.setFocus()
    while gs.focus_key not in zoomable():
        _press(Qt.Key.Key_Right)
    t.qtbot.waitUntil(lambda: scene.preview.isVisible())
    assert scene.preview.source is scene.items_by_key[gs.focus_key]
    gs.focus_key = None  # no focus (a move was made, the choice changed): no zoom
    gs._apply_marks()
    assert not scene.preview.isVisible()


@pytest.mark.gui
def test_a_focused_player_area_shows_the_focus(make_table: Any) -> None:
    # naming the Leader by keyboard moves the focus over the players' areas: it must show
    t = _started(make_table)
    panel = t.screen.scene.items_by_key[("panel", 1)]
    plain = panel._pixmap().toImage()
    panel.set_marks(False, False, True, False)
    assert panel._pixmap().toImage() != plain
