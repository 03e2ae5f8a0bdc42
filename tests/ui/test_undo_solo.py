"""Undo: alone against bots, your last move can be taken back by default (the bots' answers go
with it); between people at one screen a move stands once the next player has moved. The
button says why when it can't, and follows the settings at once."""

from __future__ import annotations

from typing import Any

import pytest
from PySide6.QtCore import Qt, QTimer
from PySide6.QtWidgets import QApplication

from frostdesk.engine.session import Seat

pytestmark = pytest.mark.ui

BOTS = [Seat("Bot Aster", "bot", "heuristic"), Seat("Bot Boreal", "bot", "heuristic")]


def _solo_after_my_move(t: Any) -> str:
    """Start a solo game, play one card; the bots answer. The fingerprint before the move."""
    t.controller.new_game("frost-shelter", [Seat("Ana")] + BOTS, seed=3,
                          options={"first_leader": 0})
    t.wait_turn()
    before = t.controller.game.fingerprint(t.state)
    t.click(("card", t.state.hands[0][0]))
    t.wait_turn()
    assert t.controller.session.records[-1].seat != 0  # the bots have moved since
    return str(before)


@pytest.mark.gui
def test_solo_undo_past_the_bots_is_on_by_default(make_table: Any) -> None:
    from frostdesk.settings import Settings

    assert Settings().casual_undo
    t = make_table()  # the default settings
    before = _solo_after_my_move(t)
    gs = t.screen
    assert gs.undo_available()
    assert gs.undo_button.toolTip() == ("Take back your last action; the bots' moves after it "
                                        "go with it (Ctrl+Z).")
    t.qtbot.mouseClick(gs.undo_button, Qt.MouseButton.LeftButton)
    t.wait_turn()
    assert t.controller.game.fingerprint(t.state) == before
    assert QApplication.focusWidget() is gs.view  # the keys stay on the table


def test_an_unavailable_undo_says_why_on_the_status_line(make_table: Any) -> None:
    t = make_table()
    t.controller.new_game("frost-shelter", [Seat("Ana")] + BOTS, seed=3,
                          options={"first_leader": 0})
    t.wait_turn()
    gs = t.screen
    assert not gs.undo_available() and gs.undo_button.isEnabled()  # looks off, still speaks
    t.qtbot.mouseClick(gs.undo_button, Qt.MouseButton.LeftButton)
    assert gs.message.text() == "You have not made a move yet."
    assert gs.message.property("kind") == "warn"


@pytest.mark.gui
def test_pass_and_play_keeps_the_strict_rule(make_table: Any) -> None:
    t = make_table(confirm_handoff=False)  # undo against bots on, as by default
    c = t.controller
    c.new_game("frost-shelter", [Seat("Ana"), Seat("Ben"), BOTS[0]], seed=3,
               options={"first_leader": 0})
    for _ in range(40):
        t.wait_turn()
        s = c.session
        me = c.viewer
        mine = [j for j, r in enumerate(s.records) if r.seat == me]
        if mine and any(s.seats[r.seat].is_human and r.seat != me
                        for r in s.records[mine[-1] + 1:]):
            break  # another person has moved since my last move
        c.request(c.hint()[0])
    else:
        pytest.fail("nobody moved after another person")
    assert not c.casual()
    assert not t.screen.undo_available()
    tip = t.screen.undo_button.toolTip()
    assert tip.startswith(("Another player has moved since your last action: with several "
                           "people at the table", "Cards were revealed or drawn"))
    assert "Settings" not in tip  # no setting lifts it between people


@pytest.mark.gui
def test_the_undo_button_follows_the_setting_at_once(make_table: Any) -> None:
    t = make_table()
    _solo_after_my_move(t)
    gs = t.screen
    assert gs.undo_available()

    def untick_and_ok() -> None:
        d = QApplication.activeModalWidget()
        assert d is not None and d.objectName() == "settingsDialog"
        d.casual_undo.setChecked(False)
        d.accept()

    QTimer.singleShot(50, untick_and_ok)
    t.window.open_settings()
    assert not t.controller.settings.casual_undo
    # no move, no animation: the button changed with the setting
    assert not gs.undo_available()
    assert gs.undo_button.toolTip().endswith("(Settings: Undo against bots lifts this.)")


@pytest.mark.gui
def test_redo_puts_back_what_undo_took_back_from_the_menu_and_its_key(make_table: Any) -> None:
    t = make_table()
    gs, w, c = t.screen, t.window, t.controller
    _solo_after_my_move(t)
    after = c.game.fingerprint(t.state)
    moves = len(c.session.records)
    w.act_redo.trigger()  # nothing taken back yet: says why, changes nothing
    assert gs.message.text() == ("Nothing to redo: Redo puts back what Undo took back, until "
                                 "you move.")
    assert len(c.session.records) == moves
    t.qtbot.mouseClick(gs.undo_button, Qt.MouseButton.LeftButton)
    t.wait_turn()
    assert len(c.session.records) < moves
    assert "Redo (" in gs.undo_button.toolTip()  # the undo button says how to put it back
    w.act_redo.trigger()
    t.wait_turn()
    assert c.game.fingerprint(t.state) == after and len(c.session.records) == moves
    assert QApplication.focusWidget() is gs.view  # the keys stay on the table
    # the key does it too, and a new move forgets what was taken back
    t.qtbot.mouseClick(gs.undo_button, Qt.MouseButton.LeftButton)
    t.wait_turn()
    t.qtbot.keySequence(gs.view, w.act_redo.shortcut())
    t.wait_turn()
    assert c.game.fingerprint(t.state) == after
    t.qtbot.mouseClick(gs.undo_button, Qt.MouseButton.LeftButton)
    t.wait_turn()
    c.request(c.hint()[0])
    t.wait_turn()
    assert not c.can_redo()[0] and "Redo (" not in gs.undo_button.toolTip()
