"""Toy Tally, a game the app has never heard of, played through the whole app: its tile on the
start screen, its rules and cards, the new-game dialog, moves by clicking cards, buttons and
keys, save and load through the Game menu, Continue, and the end screen.

Nothing under frostdesk/ names the toy: it is registered by this folder's conftest.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest
from PySide6.QtCore import Qt, QTimer
from PySide6.QtTest import QTest
from PySide6.QtWidgets import QApplication, QFileDialog

from frostdesk.engine.session import Session

pytestmark = pytest.mark.ui


def click_card(app: Any, key: Any) -> None:
    """A left click at the centre of a card on the table, where it is the topmost item."""
    view = app.screen.view
    item = app.screen.scene.items_by_key[key]
    for _ in range(10):  # a new status line may still be resizing the table: aim again
        QApplication.processEvents()
        point = view.mapFromScene(item.mapToScene(item.card_rect().center()))
        QTest.mouseMove(view.viewport(), point)
        if view.mapFromScene(item.mapToScene(item.card_rect().center())) == point:
            break
    assert view.itemAt(point) is item, f"{key} is covered"
    QTest.mouseClick(view.viewport(), Qt.MouseButton.LeftButton,
                     Qt.KeyboardModifier.NoModifier, point)


def fill_new_game_dialog(app: Any, seen: dict[str, Any]) -> None:
    """Once the modal new-game dialog is up: three seats (Ana and two Normal bots), four
    rounds, Bot Aster leads, seed 11; then Start game."""
    from frostdesk.ui.screens.new_game import NewGameDialog

    d = QApplication.activeModalWidget()
    if not isinstance(d, NewGameDialog):
        QTimer.singleShot(20, lambda: fill_new_game_dialog(app, seen))
        return
    try:
        seen["title"] = d.windowTitle()
        seen["levels"] = [d.rows[1].level.itemText(i) for i in range(d.rows[1].level.count())]
        seen["rounds"] = (d.controls["rounds"].minimum(), d.controls["rounds"].maximum())
        d.player_count.setValue(3)
        d.rows[0].name.setText("Ana")
        d.rows[0].kind.setCurrentIndex(d.rows[0].kind.findData("human"))
        for row, name in zip(d.rows[1:3], ("Bot Aster", "Bot Boreal"), strict=True):
            row.name.setText(name)
            row.kind.setCurrentIndex(row.kind.findData("bot"))
            row.level.setCurrentIndex(row.level.findData("normal"))
        d.controls["rounds"].setValue(4)
        assert d.first_seat is not None
        d.first_seat.setCurrentIndex(d.first_seat.findData(1))
        d.seed.setText("11")
        seen["problem"] = d.problem()
    finally:
        if d.ok_button.isEnabled():
            app.qtbot.mouseClick(d.ok_button, Qt.MouseButton.LeftButton)
        else:
            d.reject()


def test_toy_tally_is_played_through_the_app(app: Any, tmp_path: Path,
                                             monkeypatch: pytest.MonkeyPatch) -> None:
    from frostdesk.records import load as load_records
    from frostdesk.ui.main_window import SAVE_FILTER
    from frostdesk.ui.screens.rules import RulesDialog
    from frostdesk.ui.screens.start import GameTile
    from toygame.ui.plugin import Emblem
    from toygame.ui.screen import ToyScreen

    c, w, qtbot = app.controller, app.window, app.qtbot

    # The start screen lists it, with its emblem, words and buttons.
    tiles = {t.game_id: t for t in w.start_screen.findChildren(GameTile)}
    tile = tiles["toy"]
    assert tile.title_label.text() == "Toy Tally" and tile.badge.text() == "2–3 players"
    # its emblem, as a picture the toy's Emblem drew (start_emblems.py keeps it between starts)
    from frostdesk.ui.screens.start_emblems import draw_emblem

    assert tile.emblem.figure() is Emblem
    ratio = tile.emblem.devicePixelRatioF()
    assert tile.emblem.pixmap().toImage() == draw_emblem(Emblem, tile.emblem.side,
                                                         ratio).toImage()
    assert tile.quick_solo_text == "Quick solo (you + 2 bots)"  # three seats at most
    # (a tile squeezed by many games shows just "Quick solo")
    assert tile.quick_solo.text() in (tile.quick_solo_text, "Quick solo")

    # Its rules dialog lists its cards (the rules text lives with the app's own docs, so a
    # game outside frostdesk/ may only get the dialog's "not available" line there).
    qtbot.mouseClick(tile.rules, Qt.MouseButton.LeftButton)
    rules = next(d for d in w.findChildren(RulesDialog) if d.game_id == "toy")
    assert "Flake 12" in rules.cards.toPlainText()
    assert rules.available or "not available" in rules.browser.toPlainText()
    rules.close()

    # New game: the dialog is built from the toy's description.
    seen: dict[str, Any] = {}
    QTimer.singleShot(0, lambda: fill_new_game_dialog(app, seen))
    qtbot.mouseClick(tile.new_game, Qt.MouseButton.LeftButton)
    assert seen["title"] == "New game — Toy Tally" and seen["problem"] == ""
    assert seen["levels"] == ["Easy", "Normal", "Hard"] and seen["rounds"] == (2, 4)
    session = c.session
    assert session is not None and session.game.id == "toy"
    assert session.options == {"rounds": 4, "first": 1, "players": 3}
    assert [s.name for s in session.seats] == ["Ana", "Bot Aster", "Bot Boreal"]
    assert session.seed == 11 and [s.bot for s in session.seats[1:]] == ["heuristic"] * 2
    assert isinstance(app.screen, ToyScreen) and w.stack.currentWidget() is app.screen
    game = session.game

    def my_move(how: str) -> None:
        app.wait_turn()
        screen = app.screen
        before = len(c.session.records)
        if how == "click":
            target = sorted(screen.targets)[0]
            click_card(app, target)
            played = target[1]
        elif how == "button":
            played = screen.button_actions[0].card
            qtbot.mouseClick(screen.action_buttons[0], Qt.MouseButton.LeftButton)
        elif how == "keys":
            QTest.keyClick(screen.view, Qt.Key.Key_Right)  # the lowest glowing card
            played = screen.focus_key[1]
            QTest.keyClick(screen.view, Qt.Key.Key_Space)
        else:
            played = c.legal()[-1].card
            app.request(c.legal()[-1])
        assert len(c.session.records) == before + 1, screen.message.text()
        assert c.session.records[before].text == f"play {played}"

    # Bot Aster leads round 1 and Bot Boreal follows. A click on a card that is not Ana's
    # (one played in the round) says why and changes nothing.
    app.wait_turn()
    others = [k for k in app.screen.scene.items_by_key if k[0] == "card"
              and k not in app.screen.targets]
    in_round = {card for _, card in c.session.state.played}
    assert len(in_round) == 2 and {k[1] for k in others} == in_round
    click_card(app, others[0])
    assert len(c.session.records) == 2
    assert app.screen.message.property("kind") == "warn"
    assert "not in your hand" in app.screen.message.text()
    # Hint asks the Hard bot (a short search here) and marks its card, with a reason.
    c.settings.hard_bot_ms = 50
    qtbot.mouseClick(app.screen.hint_button, Qt.MouseButton.LeftButton)
    qtbot.waitUntil(lambda: app.screen.message.text().startswith("Hint:"), timeout=5000)
    assert app.screen.message.text().startswith("Hint: Play Flake")
    assert app.screen.message.property("kind") == "hint"
    assert app.screen.hint_keys == {("card", app.screen.hint_action.card)}
    # A click on one of her glowing cards plays it.
    my_move("click")
    my_move("button")

    # Save through the Game menu.
    path = tmp_path / "toy.frostdesk"
    monkeypatch.setattr(QFileDialog, "getSaveFileName", lambda *a, **k: (str(path), SAVE_FILTER))
    w.act_save.trigger()
    saved = game.fingerprint(c.session.state)
    saved_moves = len(c.session.records)
    assert game.fingerprint(Session.load(path).state) == saved

    # Play on, then load the save through the Game menu: the table is the saved one again.
    my_move("keys")
    assert game.fingerprint(c.session.state) != saved
    monkeypatch.setattr(QFileDialog, "getOpenFileName", lambda *a, **k: (str(path), SAVE_FILTER))
    asked: list[str] = []  # loading over the running game asks first (the game's own words)
    monkeypatch.setattr(w, "confirm_abandon", lambda entry: asked.append(entry.text) or True)
    moves_now = len(c.session.records)
    w.act_load.trigger()
    assert asked == [f"Toy Tally · you + 2 bots · {moves_now} moves played"]
    assert game.fingerprint(c.session.state) == saved
    assert len(c.session.records) == saved_moves
    assert w.stack.currentWidget() is app.screen
    assert app.screen.log.count > 0  # the log shows the game so far
    app.wait_turn()
    assert game.fingerprint(app.screen.shown) == game.fingerprint(c.view())

    # To the main menu and back with Continue (the autosave).
    my_move("bus")
    here = game.fingerprint(c.session.state)
    w.show_start()
    assert w.start_screen.continue_button.isEnabled()
    qtbot.mouseClick(w.start_screen.continue_button, Qt.MouseButton.LeftButton)
    assert game.fingerprint(c.session.state) == here and w.stack.currentWidget() is app.screen

    # To the end by clicks; the end screen tells who won, and the game counts in the record.
    while True:
        app.wait_turn()
        if c.is_over():
            break
        my_move("click")
    qtbot.waitUntil(lambda: w.stack.currentWidget() is w.end_screen, timeout=10000)
    out = game.outcome(c.session.state)
    winners = [c.session.seats[i].name for i in out.winners]
    assert all(name in w.end_screen.headline.text() for name in winners)
    assert [r.game for r in load_records()] == ["toy"]
