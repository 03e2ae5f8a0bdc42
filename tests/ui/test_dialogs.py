"""Every dialog of the main window opens, closes and opens again, in any order, and the
first window fits the screen it opens on."""

from __future__ import annotations

from typing import Any

import pytest
from PySide6.QtCore import QSize
from PySide6.QtWidgets import QApplication, QDialog, QMessageBox

from frostdesk.ui.main_window import MINIMUM, first_size


def _open_dialogs(window: Any) -> list[Any]:
    return [w for w in QApplication.topLevelWidgets()
            if isinstance(w, QDialog | QMessageBox) and w.isVisible()]


@pytest.mark.gui
def test_rules_about_and_messages_reopen_in_any_order(make_table: Any, qtbot: Any) -> None:
    t = make_table()
    w = t.window
    openers = [("about", w.open_about), ("rules", w.open_rules),
               ("rules-other", lambda: w.open_rules(w.game_id)),
               ("problem", lambda: w._problem("A problem.")),
               ("info", lambda: w._info("Some news."))]
    for _round in range(3):
        for name, opener in openers + openers[::-1]:
            opener()
            shown = _open_dialogs(w)
            assert len(shown) == 1, name
            shown[0].close()
            qtbot.waitUntil(lambda: not _open_dialogs(w))
            QApplication.sendPostedEvents(None, 0)  # let deleteLater run
    # The F1 shortcut's action still opens the rules after all that.
    w.act_rules.trigger()
    assert any(d.objectName() == "rulesDialog" for d in _open_dialogs(w))
    for d in _open_dialogs(w):
        d.close()


@pytest.mark.gui
def test_the_new_game_and_settings_dialogs_go_once_answered(make_table: Any, qtbot: Any) -> None:
    """Opened again and again (cancelled, then a game started), they do not pile up."""
    from PySide6.QtCore import QTimer

    t = make_table()
    w = t.window

    def answer(accept: bool) -> None:
        shown = _open_dialogs(w)
        assert len(shown) == 1
        shown[0].accept() if accept else shown[0].reject()

    for accept in (False, True, False):
        QTimer.singleShot(0, lambda a=accept: answer(a))
        w.new_game("frost-shelter")
        QTimer.singleShot(0, lambda: answer(False))
        w.open_settings()
    qtbot.waitUntil(lambda: not w.findChildren(QDialog))
    assert t.controller.session is not None  # the accepted dialog started its game


def test_the_first_window_takes_most_of_the_screen_and_never_more() -> None:
    assert first_size(QSize(1920, 1040)) == QSize(1728, 936)
    small = first_size(QSize(1280, 680))  # a 1280x720 laptop with its task bar
    assert small.width() <= 1280 and small.height() <= 680
    assert small.width() >= MINIMUM.width() and small.height() >= MINIMUM.height()
    tiny = first_size(QSize(900, 500))
    assert tiny == QSize(900, 500)
