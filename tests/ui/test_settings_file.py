"""A malformed settings file: reported once, each bad setting falls back visibly, and the
game played (and its record) is the one the seats say: Hard stays Hard."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest

from frostdesk.engine.session import Seat
from frostdesk.settings import Settings, load_settings, read_settings, settings_path

pytestmark = pytest.mark.ui


def write(data: Any) -> Path:
    path = settings_path()
    path.write_text(data if isinstance(data, str) else json.dumps(data), encoding="utf-8")
    return path


def test_each_bad_setting_falls_back_and_is_named() -> None:
    path = write({"hard_bot_ms": "fast", "animation_speed": "warp", "casual_undo": "yes",
                  "bot_pause_ms": 99999, "show_hints": False, "player_name": "Ana"})
    settings, problems = read_settings(path)
    assert settings.hard_bot_ms == 1000 and settings.animation_speed == "normal"
    assert settings.casual_undo is True and settings.bot_pause_ms == 1500
    assert settings.show_hints is False and settings.player_name == "Ana"  # good ones kept
    assert problems == [
        'Animation speed: "warp" is not one of off, fast, normal, so "normal" is used',
        'Undo against bots: "yes" is not on or off, so on is used',
        'Hard bot thinking time: "fast" is not a number, so 1000 ms is used',
        "Pause after a bot's move: 99999 ms is above 1500 ms, so 1500 ms is used",
    ]
    assert load_settings(path).hard_bot_ms == 1000


@pytest.mark.parametrize("text, problem", [
    ('{"hard_bot_ms": 800,', "the file is damaged at line 1"),
    ("[1, 2]", "the file holds no settings"),
])
def test_an_unreadable_file_gives_the_defaults_and_says_so(text: str, problem: str) -> None:
    settings, problems = read_settings(write(text))
    assert settings == Settings() and len(problems) == 1 and problems[0].startswith(problem)


def test_a_good_file_or_none_is_no_problem() -> None:
    assert read_settings(settings_path()) == (Settings(), [])
    write({"hard_bot_ms": 2500})
    assert read_settings(settings_path()) == (Settings(hard_bot_ms=2500), [])


def test_the_app_reports_a_bad_file_once_and_keeps_it(capsys: pytest.CaptureFixture[str]) -> None:
    from frostdesk.app import load_player_settings

    path = write({"hard_bot_ms": "fast", "tips_seen": ["frost-shelter"]})
    settings, line = load_player_settings()
    assert settings.hard_bot_ms == 1000 and settings.tips_seen == ["frost-shelter"]
    assert line.startswith("Your settings file had a problem, so frostdesk uses its own value "
                           'there. Hard bot thinking time: "fast" is not a number, so 1000 ms '
                           "is used (the old file is kept as ")
    assert capsys.readouterr().err.strip() == line
    assert json.loads(path.with_name("settings.json.bad").read_text())["hard_bot_ms"] == "fast"
    again, line = load_player_settings()  # written back with the values used: said once
    assert line == "" and again == settings


def hard_game(qtbot: Any, settings: Settings, bot: str = "mcts") -> Any:
    from frostdesk.ui.bus import GameBus
    from frostdesk.ui.controller import Controller

    controller = Controller(GameBus(), settings)
    controller.autosave_enabled = False
    controller.new_game("frost-shelter", [Seat("Ana"), Seat("Bot Hard", "bot", bot)], seed=4,
                        options={"first_leader": 0})
    return controller


def test_a_malformed_thinking_time_still_plays_hard_and_the_record_says_hard(
        qtbot: Any) -> None:
    write({"hard_bot_ms": "fast"})
    controller = hard_game(qtbot, load_settings())
    try:
        assert controller._agents[1].name == "mcts"  # not the Normal bot in its place
        assert controller._bot_name("mcts") == "mcts:1000"
        controller.settings.hard_bot_ms = "fast"  # even set badly in code: Hard stays Hard
        assert controller._bot_name("mcts") == "mcts:1000"
    finally:
        controller.shutdown()


def test_a_bot_this_version_lacks_is_recorded_as_the_bot_that_played(make_table: Any) -> None:
    t = make_table()
    t.controller.new_game("frost-shelter", [Seat("Ana"), Seat("Bot Odd", "bot", "wizard")],
                          seed=4, options={"first_leader": 0})
    assert t.controller._agents[1].name == "heuristic"
    session = t.controller.session
    assert session.seats[1] == Seat("Bot Odd", "bot", "heuristic")  # the save says so too
    assert session.to_json()["seats"][1]["bot"] == "heuristic"
    assert t.window.banners.text("error") == ("Bot Odd plays at Normal: the bot level "
                                              "'wizard' is not known to this version.")
