"""First-game tips: shown beside the table until dismissed, per game, and on request."""

from __future__ import annotations

import json
from typing import Any

import pytest
from PySide6.QtCore import Qt

from frostdesk.engine.session import Seat
from frostdesk.settings import load_settings
from frostdesk.ui.plugins import ui_plugin

BOTS = [Seat("Bot A", "bot", "heuristic"), Seat("Bot B", "bot", "heuristic")]


@pytest.mark.gui
def test_tips_show_until_dismissed_then_stay_away_for_that_game(make_table: Any) -> None:
    t = make_table()
    t.controller.new_game("frost-shelter", [Seat("Ana")] + BOTS, seed=2)
    tips = t.screen.tips
    assert tips.isVisibleTo(t.window) and tips.title.text() == "New to Frost Shelter?"
    assert [lab.text() for lab in tips.labels] == list(ui_plugin("frost-shelter").TIPS)
    # beside the table, not over it
    assert t.screen.log_holder.isAncestorOf(tips) and not t.screen.view.isAncestorOf(tips)
    t.qtbot.mouseClick(tips.button, Qt.MouseButton.LeftButton)
    assert not tips.isVisibleTo(t.window)
    assert t.window.settings.tips_seen == ["frost-shelter"]
    t.controller.new_game("frost-shelter", [Seat("Ana")] + BOTS, seed=3)
    assert not t.screen.tips.isVisibleTo(t.window)
    # the other game has its own tips
    t.controller.new_game("frontier-stations", [Seat("Ana")], seed=3)
    assert t.screen.tips.isVisibleTo(t.window)
    assert t.screen.tips.title.text() == "New to Frontier Stations?"
    # Help > First-game tips brings them back, with the log shown beside them
    t.controller.new_game("frost-shelter", [Seat("Ana")] + BOTS, seed=4)
    t.screen.set_log_visible(False)
    t.window.act_tips.trigger()
    assert t.screen.tips.isVisibleTo(t.window) and t.screen.log_holder.isVisible()


def test_tips_seen_survive_a_restart_and_bad_values_are_dropped(tmp_path: Any) -> None:
    path = tmp_path / "settings.json"
    path.write_text(json.dumps({"version": 1, "tips_seen": ["frost-shelter", 3, None]}),
                    encoding="utf-8")
    assert load_settings(path).tips_seen == ["frost-shelter"]
    path.write_text(json.dumps({"version": 1, "tips_seen": "frost-shelter"}), encoding="utf-8")
    assert load_settings(path).tips_seen == []


@pytest.mark.gui
def test_in_a_short_window_the_tips_scroll_and_got_it_stays_in_sight(make_table: Any,
                                                                    themed: Any) -> None:
    t = make_table()
    t.window.resize(1152, 648)  # the first window on a 1280x720 laptop
    t.controller.new_game("last-aurora", [Seat("Ana")], seed=2)  # long tips, solo
    tips = t.screen.tips
    t.qtbot.waitUntil(lambda: tips.isVisible() and tips.height() > 0)
    t.qtbot.wait(50)
    for lab in tips.labels:  # each tip as tall as its wrapped lines, none drawn over another
        assert lab.height() >= lab.heightForWidth(lab.width()), lab.text()
    inside = tips.button.geometry()
    assert tips.rect().contains(inside)  # "Got it" is drawn whole inside the box
    bar = tips.lines_scroll.verticalScrollBar()
    holder = tips.lines_scroll.widget()
    assert bar.maximum() > 0 or holder.height() <= tips.lines_scroll.viewport().height()


@pytest.mark.gui
def test_got_it_is_written_to_the_settings_file_at_once(make_table: Any) -> None:
    from frostdesk.settings import settings_path

    t = make_table()
    t.window.remember = True  # as the app runs (the home folder is the test's own)
    t.controller.new_game("frost-shelter", [Seat("Ana")] + BOTS, seed=2)
    t.qtbot.mouseClick(t.screen.tips.button, Qt.MouseButton.LeftButton)
    # on disk before the window closes: a crash or a killed app keeps it
    assert load_settings(settings_path()).tips_seen == ["frost-shelter"]
