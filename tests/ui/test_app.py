"""The composition root: the selftest, animations at real speed, the main window."""

from __future__ import annotations

from typing import Any

import pytest

from frostdesk.engine.session import Seat

pytestmark = pytest.mark.ui


@pytest.mark.slow
def test_selftest_plays_a_bot_game_to_the_end_screen(qapp: Any) -> None:
    from frostdesk.app import run_selftest

    assert run_selftest() == 0


@pytest.mark.gui
def test_the_selftest_fails_a_game_that_stops_moving(
        qapp: Any, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]) -> None:
    import frostdesk.app

    monkeypatch.setattr(frostdesk.app, "STALL_MS", 1)  # no bot moves within 1 ms
    assert frostdesk.app.run_selftest() == 1
    out = capsys.readouterr().out
    assert "selftest failed:" in out and "the game stopped: no move in 0.001 s" in out


@pytest.mark.gui
def test_the_opening_deal_animates_then_the_table_is_idle(make_table: Any) -> None:
    t = make_table(animation_speed="fast")
    idle: list[bool] = []
    t.bus.animations_idle.connect(lambda: idle.append(True))
    t.controller.new_game("frost-shelter", [Seat("Ana"), Seat("Bot Aster", "bot", "heuristic")],
                          seed=8, options={"first_leader": 0})
    animator = t.screen.animator
    assert animator.busy
    assert not t.screen.scene.input_enabled  # input is blocked while cards fly
    t.qtbot.waitUntil(lambda: bool(idle), timeout=8000)
    assert not animator.busy and t.screen.scene.input_enabled
    t.wait_turn()
    # every card of Ana's hand sits face up in her hand area, backs for the bot
    hand = t.state.hands[0]
    assert set(hand) <= t.face_up_cards()
    backs = [k for k in t.screen.scene.items_by_key if k[0] == "back" and k[1] == 1]
    assert len(backs) == len(t.state.hands[1])


def test_the_main_window_menus_and_screens(make_table: Any) -> None:
    t = make_table()
    w = t.window
    names = {a.objectName() for a in w.findChildren(type(w.act_new))}
    assert {"actNew", "actQuick", "actContinue", "actLoad", "actSave", "actSettings",
            "actQuit", "actRules", "actAbout"} <= names
    assert w.act_rules.shortcut().toString() == "F1"
    # The minimum fits the screen the window is on (offscreen: 800x600), up to 1024x600.
    free = w.screen().availableGeometry().size()
    assert w.minimumWidth() == min(1024, free.width())
    assert w.minimumHeight() == min(600, free.height())
    assert w.stack.currentWidget() is w.start_screen
    w.quick_solo("frost-shelter")
    t.wait_turn()
    assert w.stack.currentWidget() is w.game_screen
    assert w.windowTitle().startswith("Frost Shelter")
    assert len(t.controller.session.seats) == 4
    w.show_start()
    assert w.stack.currentWidget() is w.start_screen


@pytest.mark.expect_errors("RuntimeError: a slot went wrong")
def test_an_unexpected_error_is_logged_and_shown_without_a_traceback(
        make_table: Any, monkeypatch: pytest.MonkeyPatch) -> None:
    import sys

    from PySide6.QtWidgets import QMessageBox

    from frostdesk.app import install_excepthook
    from frostdesk.paths import log_dir

    t = make_table()
    shown: list[str] = []
    monkeypatch.setattr(QMessageBox, "warning", lambda parent, title, text: shown.append(text))
    monkeypatch.setattr(sys, "excepthook", sys.excepthook)
    install_excepthook(lambda: t.window)
    try:
        raise RuntimeError("a slot went wrong")
    except RuntimeError:
        sys.excepthook(*sys.exc_info())
    log = (log_dir() / "crash.log").read_text(encoding="utf-8")
    assert "RuntimeError: a slot went wrong" in log and "Traceback" in log
    assert len(shown) == 1
    assert "Traceback" not in shown[0] and "crash.log" in shown[0]


def test_full_screen_goes_on_and_off_from_the_menu_and_its_key(make_table: Any) -> None:
    w = make_table().window
    assert not w.isFullScreen() and not w.act_full.isChecked()
    assert not w.act_full.shortcut().isEmpty()  # the platform's key, or F11
    w.act_full.trigger()
    assert w.isFullScreen() and w.act_full.isChecked()
    w.act_full.trigger()
    assert not w.isFullScreen() and not w.act_full.isChecked()
    # a maximized window comes back maximized
    w.showMaximized()
    w.act_full.trigger()
    assert w.isFullScreen()
    w.act_full.trigger()
    assert w.isMaximized() and not w.isFullScreen()


def test_a_window_closed_in_full_screen_opens_in_full_screen_next_time(qtbot: Any) -> None:
    from frostdesk.app import _build
    from frostdesk.settings import Settings, load_settings

    settings = Settings(animation_speed="off", bot_pause_ms=0)
    _bus, controller, window = _build(settings, remember=True)  # (a temporary home: conftest)
    qtbot.addWidget(window)
    window.show()
    window.act_full.trigger()
    window.close()  # remembers its geometry, full screen included, in the settings file
    controller.shutdown()
    _bus, controller, again = _build(load_settings(), remember=True)
    qtbot.addWidget(again)
    again.show()
    assert again.isFullScreen()
    again.act_full.trigger()
    assert not again.isFullScreen()
    controller.shutdown()
