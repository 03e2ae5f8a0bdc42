"""Games in progress in the app: one autosave per game, a question before one is given up
(new game, quick solo, load, play again), and Continue named with what it resumes."""

from __future__ import annotations

from typing import Any

import pytest
from PySide6.QtCore import Qt, QTimer
from PySide6.QtWidgets import QApplication, QMessageBox

from frostdesk import autosaves
from frostdesk.engine.session import Seat, Session
from frostdesk.games import load_game

pytestmark = pytest.mark.ui
BOTS = [Seat(f"Bot {n}", "bot", "heuristic") for n in ("A", "B", "C")]


def play_a_move(t: Any) -> None:
    t.wait_turn()
    t.controller.request(t.controller.legal()[0])
    t.wait_turn()


def shelter(t: Any) -> Any:
    t.controller.new_game("frost-shelter", [Seat("Ana"), *BOTS], seed=5,
                          options={"first_leader": 0})
    play_a_move(t)
    return t.controller.session


class Answers:
    """Stands in for the player at the "give up your game?" question."""

    def __init__(self, answer: bool) -> None:
        self.answer = answer
        self.asked: list[str] = []

    def __call__(self, entry: Any) -> bool:
        self.asked.append(entry.text)
        return self.answer


@pytest.mark.gui
def test_another_game_keeps_the_first_in_progress_without_asking(make_table: Any) -> None:
    t = make_table()
    w = t.window
    w.confirm_abandon = Answers(False)
    first = shelter(t)
    w.quick_solo("frontier-stations")  # from the menu, while Frost Shelter runs
    t.wait_turn()
    assert w.confirm_abandon.asked == []  # nothing is given up: no question
    assert t.controller.session.game.id == "frontier-stations"
    assert autosaves.path_for("frost-shelter").is_file()
    assert autosaves.path_for("frontier-stations").is_file()
    assert w.banners.text("kept") == ("Your Frost Shelter game is kept: Continue on the start "
                                      "screen picks it up.")
    # The start screen offers both, named with what they resume, the latest first.
    w.show_start()
    start = w.start_screen
    assert list(start.continue_buttons) == ["frontier-stations", "frost-shelter"]
    assert start.continue_buttons["frost-shelter"].text() == "Continue Frost Shelter"
    assert start.continue_hints["frost-shelter"].text() == "you + 3 bots · Event 1 of 3"
    assert start.continue_hints["frontier-stations"].text().startswith(
        "you + 3 bot crews · Turn ")
    assert w.act_continue.text() == "&Continue Frontier Stations"
    # Continue Frost Shelter picks up exactly the game left, without a question.
    t.qtbot.mouseClick(start.continue_buttons["frost-shelter"], Qt.MouseButton.LeftButton)
    assert t.controller.session.game.id == "frost-shelter"
    game = t.controller.game
    assert game.fingerprint(t.controller.session.state) == game.fingerprint(first.state)
    assert w.confirm_abandon.asked == []


@pytest.mark.gui
@pytest.mark.parametrize("how", ["quick solo", "new game", "load", "play again"])
def test_starting_over_a_game_in_progress_asks_first(make_table: Any, tmp_path: Any,
                                                     how: str) -> None:
    from frostdesk.ui.screens.new_game import quick_solo_config

    t = make_table()
    w = t.window
    session = shelter(t)
    other = tmp_path / "other.frostdesk"
    if how == "load":
        t.controller.session.save(other)  # a save of another point of the same game
    fingerprint = t.controller.game.fingerprint(session.state)

    def start() -> None:
        if how == "quick solo":
            w.quick_solo("frost-shelter")
        elif how == "new game":  # what New game does once its dialog is accepted
            w.start_config(quick_solo_config("frost-shelter", w.settings))
        elif how == "load":
            w.load_path(other)
        else:
            w.rematch()

    w.confirm_abandon = Answers(False)  # "Keep it": nothing changes
    start()
    assert w.confirm_abandon.asked == ["Frost Shelter · you + 3 bots · Event 1 of 3"]
    assert t.controller.session is session
    kept = Session.load(autosaves.path_for("frost-shelter"))
    assert t.controller.game.fingerprint(kept.state) == fingerprint
    w.confirm_abandon = Answers(True)  # "Give it up": the new game takes its place
    start()
    assert len(w.confirm_abandon.asked) == 1 and t.controller.session is not session


@pytest.mark.gui
def test_the_question_is_a_real_dialog_and_keep_is_the_default(make_table: Any) -> None:
    t = make_table()
    w = t.window
    session = shelter(t)
    seen: list[str] = []

    def answer() -> None:
        box = next(b for b in QApplication.topLevelWidgets()
                   if isinstance(b, QMessageBox) and b.isVisible())
        seen.append(box.text())
        assert box.defaultButton().text() == "Keep it"
        assert {b.text() for b in box.buttons()} == {"Keep it", "Give it up"}
        box.defaultButton().click()

    QTimer.singleShot(50, answer)
    w.quick_solo("frost-shelter")
    assert t.controller.session is session
    assert seen and "Give up your game in progress?" in seen[0]
    assert "Frost Shelter · you + 3 bots · Event 1 of 3" in seen[0]


@pytest.mark.gui
def test_a_game_that_ends_removes_only_its_own_autosave(make_table: Any) -> None:
    import random

    t = make_table()
    t.controller.new_game("frontier-stations", [Seat("Ana"), *BOTS], seed=3)
    t.wait_turn()
    # A Frost Shelter game one move of Ana's from its end (played out offline first).
    game = load_game("frost-shelter")
    whole = Session.new(game, {"first_leader": 0}, 5, [Seat("Ana"), BOTS[0]])
    r = random.Random(1)
    actions = []
    while whole.to_move() is not None:
        action = r.choice(game.legal(whole.state))
        actions.append(action)
        whole.apply(action)
    last = max(j for j, rec in enumerate(whole.records) if rec.seat == 0)
    near = Session.new(game, {"first_leader": 0}, 5, [Seat("Ana"), BOTS[0]])
    for action in actions[:last]:
        near.apply(action)
    t.controller.start(near, fresh=False)
    t.wait_turn()
    assert autosaves.path_for("frost-shelter").is_file()
    t.controller.request(actions[last])
    t.qtbot.waitUntil(lambda: t.window.stack.currentWidget() is t.window.end_screen,
                      timeout=10000)
    assert not autosaves.path_for("frost-shelter").exists()
    assert autosaves.path_for("frontier-stations").is_file()
    assert [e.game_id for e in autosaves.in_progress()] == ["frontier-stations"]
