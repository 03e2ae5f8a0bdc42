"""Playing Frost Shelter on the table by clicking, as a player does."""

from __future__ import annotations

import threading
from typing import Any

import pytest
from PySide6.QtCore import Qt

from frostdesk.engine.session import Seat, Session
from frostdesk.games.frost_shelter.state import (
    Buy,
    ChooseLeader,
    Collect,
    Defend,
    Draw,
    Harpoon,
    Heal,
    Pass,
    Play,
    UseEquipment,
)

pytestmark = pytest.mark.ui

BOTS = [Seat("Bot Aster", "bot", "heuristic"), Seat("Bot Boreal", "bot", "easy"),
        Seat("Bot Cirrus", "bot", "heuristic")]


def play_by_clicks(t: Any, action: Any) -> None:
    """Take `action` with the mouse: cards on the table, then the confirming button."""
    gs = t.screen
    if isinstance(action, Play):
        if action.expedition:
            t.qtbot.mouseClick(gs.exp_button, Qt.MouseButton.LeftButton)
            assert gs.expedition
        t.click(("card", action.card))
    elif isinstance(action, (Collect, Defend, Heal)):
        for card in action.cards:
            t.click(("card", card))
        assert gs.selection == frozenset(action.cards)
        t.press(action)  # the confirm button for exactly this selection
    elif isinstance(action, Buy):
        for card in action.cards:
            t.click(("card", card))
        # clicking the market slot of the item's type buys it with the selected cards
        t.click(("market", t.controller.game.content.equipment_type_of[action.equipment]))
    elif isinstance(action, UseEquipment):
        t.click(("equip", action.equipment))
    elif isinstance(action, (Draw, ChooseLeader, Harpoon, Pass)):
        t.press(action)
    else:  # pragma: no cover - every Frost Shelter action is handled above
        raise TypeError(action)


# gui: the conformance suite plays a whole Frost Shelter game through the window to the end
# screen every day (tests/conformance/test_ui_contract.py), and the tests below click cards,
# buttons and the market; this one takes every kind of action with the mouse in one game.
@pytest.mark.gui
def test_a_whole_game_played_by_clicks_reaches_the_end_screen(make_table: Any) -> None:
    t = make_table()
    # (seed 7 until issue 11 changed the rules and cards: that game no longer has the player
    # defend or name the Leader)
    t.controller.new_game("frost-shelter", [Seat("Ana")] + BOTS, seed=5)
    kinds = set()
    for _ in range(400):
        t.wait_turn()
        if t.controller.is_over():
            break
        before = len(t.controller.session.records)
        action, _why = t.controller.hint()
        kinds.add(type(action).__name__)
        play_by_clicks(t, action)
        t.qtbot.waitUntil(lambda n=before: len(t.controller.session.records) > n,
                          timeout=5000)
        # the clicks took exactly the chosen action (a Buy may pick another copy of the item)
        assert t.controller.session.records[before].text == \
            t.controller.game.action_text(action) or isinstance(action, Buy)
    assert t.controller.is_over()
    t.qtbot.waitUntil(lambda: t.window.stack.currentWidget() is t.window.end_screen,
                      timeout=5000)
    assert t.controller.game.outcome(t.state) is not None
    # this seed makes the player lead, follow, go on Expedition, collect, draw, defend, use
    # equipment, buy from the market and name the Leader, all with the mouse
    assert {"Play", "Collect", "Draw", "Defend", "UseEquipment", "Buy", "ChooseLeader"} <= kinds


@pytest.mark.gui
def test_a_seats_floating_tag_goes_away_once_the_table_is_at_rest(make_table: Any,
                                                                  monkeypatch: Any) -> None:
    import frostdesk.ui.games.frost_shelter.screen as game_screen

    monkeypatch.setattr(game_screen, "FLASH_HOLD_MS", 300)
    t = make_table()
    # seed 2: the first tag shows after 43 moves (seed 7, used until 2026-12-01, took 98)
    t.controller.new_game("frost-shelter", [Seat("Ana")] + BOTS, seed=2)

    def tags() -> dict[Any, str]:
        items = t.screen.scene.items_by_key
        return {k: i.data.get("flash", "") for k, i in items.items()
                if k[0] == "panel" and i.data.get("flash")}

    seen: dict[Any, str] = {}
    for _ in range(200):
        t.wait_turn()
        seen = tags()
        if seen or t.controller.is_over():
            break
        before = len(t.controller.session.records)
        play_by_clicks(t, t.controller.hint()[0])
        t.qtbot.waitUntil(lambda n=before: len(t.controller.session.records) > n,
                          timeout=5000)
    assert seen, "no damage, heal or defend tag was shown in this game"
    assert all(text for text in seen.values())
    glowing = {k for k, i in t.screen.scene.items_by_key.items() if i.glow}
    t.screen.settings.animation_speed = "normal"  # so the tag fades rather than vanishes
    fading: list[float] = []

    def half_faded() -> bool:
        fading.extend(i.data["flash_alpha"] for i in t.screen.scene.items_by_key.values()
                      if "flash_alpha" in i.data)
        return any(0.0 < a < 1.0 for a in fading)

    t.qtbot.waitUntil(half_faded, timeout=3000)
    t.qtbot.waitUntil(lambda: not tags(), timeout=3000)
    # only the tags went: the player's clickable cards still glow
    assert glowing == {k for k, i in t.screen.scene.items_by_key.items() if i.glow}


def test_an_illegal_click_changes_nothing_and_says_why(make_table: Any) -> None:
    t = make_table()
    t.controller.new_game("frost-shelter", [Seat("Ana")] + BOTS, seed=3,
                          options={"first_leader": 0})
    t.wait_turn()
    assert t.state.phase == "play" and not t.state.trick  # Ana leads the first trick
    g = t.controller.game
    before = g.fingerprint(t.state)
    records = len(t.controller.session.records)
    # the Leader may not go on Expedition: the toggle stays off and the status says why
    t.qtbot.mouseClick(t.screen.exp_button, Qt.MouseButton.LeftButton)
    reason = g.why_illegal(t.state, Play(t.state.hands[0][0], True))
    assert t.screen.message.text() == reason
    assert not t.screen.exp_button.isChecked()
    # a card in another zone (the Relic) is not a move; a pile neither
    t.click(("relic",))
    assert g.fingerprint(t.state) == before
    assert len(t.controller.session.records) == records


@pytest.mark.gui
def test_clicking_a_card_while_a_bot_thinks_changes_nothing(make_table: Any) -> None:
    t = make_table(bot_pause_ms=60_000)  # the bot keeps "thinking" during the test
    t.controller.new_game("frost-shelter", [Seat("Ana")] + BOTS, seed=3,
                          options={"first_leader": 1})
    t.qtbot.waitUntil(lambda: t.screen.thinking == 1, timeout=5000)
    g = t.controller.game
    before = g.fingerprint(t.state)
    card = t.state.hands[0][0]
    t.click(("card", card))
    assert g.fingerprint(t.state) == before
    assert t.screen.message.text() == f"Not your turn: {t.controller.waiting_text()}."
    assert "Bot Aster" in t.screen.message.text()
    assert card in t.state.hands[0]


@pytest.mark.gui
def test_keyboard_picks_legal_cards_and_buttons(make_table: Any) -> None:
    t = make_table()
    t.controller.new_game("frost-shelter", [Seat("Ana")] + BOTS, seed=3,
                          options={"first_leader": 0})
    t.wait_turn()
    view = t.screen.view
    view.setFocus()
    records = len(t.controller.session.records)
    from PySide6.QtTest import QTest

    QTest.keyClick(view, Qt.Key.Key_Right)
    QTest.keyClick(view, Qt.Key.Key_Right)
    focused = t.screen.focus_key
    assert focused == ("card", t.state.hands[0][1])
    QTest.keyClick(view, Qt.Key.Key_Return)
    t.qtbot.waitUntil(lambda: len(t.controller.session.records) > records, timeout=3000)
    assert t.controller.session.records[records].text == \
        t.controller.game.action_text(Play(focused[1]))


@pytest.mark.gui
def test_hint_marks_the_bots_choice_and_explains_it(make_table: Any) -> None:
    t = make_table(hard_bot_ms=150)
    t.controller.new_game("frost-shelter", [Seat("Ana")] + BOTS, seed=3,
                          options={"first_leader": 0})
    t.wait_turn()
    before = t.controller.game.fingerprint(t.state)
    t.qtbot.mouseClick(t.screen.hint_button, Qt.MouseButton.LeftButton)
    assert "Thinking" in t.screen.message.text()  # the Hard bot thinks off the UI thread
    t.qtbot.waitUntil(lambda: t.screen.message.text().startswith("Hint:"), timeout=5000)
    action = t.screen.hint_action
    assert action in t.controller.game.legal(t.state)
    assert t.controller.game.fingerprint(t.state) == before  # a hint changes nothing
    assert len(t.screen.message.text()) > len("Hint: ") + 10  # the move and a reason
    assert ("card", action.card) in t.screen.hint_keys
    assert t.screen.scene.items_by_key[("card", action.card)].hint_mark


@pytest.mark.gui
def test_undo_restores_the_state_before_my_move(make_table: Any) -> None:
    t = make_table(casual_undo=True)
    t.controller.new_game("frost-shelter", [Seat("Ana")] + BOTS, seed=3,
                          options={"first_leader": 0})
    t.wait_turn()
    g = t.controller.game
    before = g.fingerprint(t.state)
    records = len(t.controller.session.records)
    assert not t.screen.undo_available()
    assert t.screen.undo_button.toolTip() == "You have not made a move yet."
    t.click(("card", t.state.hands[0][0]))
    t.wait_turn()
    assert len(t.controller.session.records) > records + 1  # the bots moved too
    assert t.screen.undo_available()
    t.window.act_undo.trigger()  # Ctrl+Z
    t.wait_turn()
    assert g.fingerprint(t.state) == before
    assert len(t.controller.session.records) == records
    assert set(t.state.hands[0]) <= t.face_up_cards()
    assert not t.screen.undo_available()


@pytest.mark.gui
def test_undo_is_barred_after_other_players_moved_without_casual_undo(make_table: Any) -> None:
    t = make_table(casual_undo=False)
    t.controller.new_game("frost-shelter", [Seat("Ana")] + BOTS, seed=3,
                          options={"first_leader": 0})
    t.wait_turn()
    t.click(("card", t.state.hands[0][0]))
    t.wait_turn()
    assert not t.screen.undo_available()
    assert t.screen.undo_button.toolTip() == (
        "A bot has moved since your last action. (Settings: Undo against bots lifts this.)")


@pytest.mark.gui
def test_autosave_after_every_action_reloads_to_the_same_game(make_table: Any,
                                                                tmp_path: Any) -> None:
    from frostdesk.autosaves import path_for

    t = make_table()
    t.controller.new_game("frost-shelter", [Seat("Ana")] + BOTS, seed=5,
                          options={"first_leader": 0})
    t.wait_turn()
    t.click(("card", t.state.hands[0][0]))
    t.wait_turn()
    path = path_for("frost-shelter")
    assert path.is_file()
    g = t.controller.game
    assert g.fingerprint(Session.load(path).state) == g.fingerprint(t.state)
    # Save as... and Load through the window
    saved = t.window.save_to(tmp_path / "mine")
    assert saved is not None and saved.suffix == ".frostdesk"
    fingerprint = g.fingerprint(t.state)
    t.controller.new_game("frost-shelter", [Seat("Ana")] + BOTS, seed=99)
    t.wait_turn()
    asked: list[str] = []  # loading over the running game asks first; here the player agrees
    t.window.confirm_abandon = lambda entry: asked.append(entry.text) or True
    assert t.window.load_path(saved)
    t.wait_turn()
    assert asked and asked[0].startswith("Frost Shelter · you + 3 bots · Event 1 of 3")
    assert g.fingerprint(t.state) == fingerprint
    assert "Ana plays" in t.screen.log.plain_text() or "Ana leads" in t.screen.log.plain_text()


@pytest.mark.qt_log_ignore("propagateSizeHints")  # the offscreen platform, on any dialog
def test_a_broken_save_shows_one_line_and_no_traceback(make_table: Any, tmp_path: Any) -> None:
    from PySide6.QtWidgets import QMessageBox

    t = make_table()
    bad = tmp_path / "broken.frostdesk"
    bad.write_text('{"format": "frostdesk-save", "vers', encoding="utf-8")
    assert not t.window.load_path(bad)
    boxes = [w for w in t.window.findChildren(QMessageBox) if w.isVisible()]
    assert len(boxes) == 1
    text = boxes[0].text()
    assert "\n" not in text and "Traceback" not in text
    assert text.startswith("broken.frostdesk is truncated or corrupt")
    boxes[0].close()


@pytest.mark.gui
def test_a_hard_bot_thinks_off_the_ui_thread_with_the_settings_budget(make_table: Any) -> None:
    from PySide6.QtCore import QTimer

    t = make_table(hard_bot_ms=600, bot_pause_ms=0)
    t.controller.new_game("frost-shelter", [Seat("Ana"), Seat("Bot Hard", "bot", "mcts")],
                          seed=5, options={"first_leader": 0})
    t.wait_turn()
    agent = t.controller._agents[1]
    assert agent.budget_ms == 600
    search_threads: list[int] = []
    choose = agent.choose

    def recording_choose(*args: Any) -> Any:
        search_threads.append(threading.get_ident())
        return choose(*args)

    agent.choose = recording_choose
    ticks: list[int] = []
    timer = QTimer()
    timer.timeout.connect(lambda: ticks.append(1))
    timer.start(20)
    thinking: list[bool] = []
    t.controller.bus.bot_thinking.connect(lambda seat, on: thinking.append(on))
    # Ana leads; the Hard bot must answer. Wait in a real event loop, as the app runs.
    with t.qtbot.waitSignal(t.controller.bus.bot_thinking, timeout=10000,
                            check_params_cb=lambda seat, on: seat == 1 and not on):
        t.click(("card", t.state.hands[0][0]))
    timer.stop()
    assert agent.last_iterations > 50
    assert True in thinking  # the table was told which seat is thinking
    # The search ran on another thread, and the event loop kept serving timers meanwhile.
    # (How many ticks fit in 0.6 s depends on the machine's load, so only "several" is asserted.)
    assert search_threads and threading.get_ident() not in search_threads
    assert len(ticks) >= 3


@pytest.mark.gui
def test_right_click_shows_the_full_card_with_its_source(make_table: Any) -> None:
    from PySide6.QtWidgets import QApplication, QLabel

    from frostdesk.ui.games.frost_shelter.card_dialog import ShelterCardDialog

    t = make_table()
    t.controller.new_game("frost-shelter", [Seat("Ana")] + BOTS, seed=3,
                          options={"first_leader": 0})
    t.wait_turn()
    card = t.state.hands[0][0]
    t.click(("card", card), Qt.MouseButton.RightButton)
    dialogs = [w for w in QApplication.topLevelWidgets()
               if isinstance(w, ShelterCardDialog) and w.isVisible()]
    assert len(dialogs) == 1
    text = dialogs[0].findChild(QLabel, "cardSource").text()
    assert t.controller.game.card_name(card) in text and "Source: the rulebook" in text
    dialogs[0].close()


def _my_play_turn(t: Any) -> Any:
    """Ana's first turn to play a card (seed 5, Ana leads the first trick)."""
    t.controller.new_game("frost-shelter", [Seat("Ana"), *BOTS], seed=5,
                          options={"first_leader": 0})
    t.wait_turn()
    gs = t.screen
    assert gs.choices is not None and gs.choices.plays
    return gs


def test_a_card_dragged_onto_the_table_is_played(make_table: Any) -> None:
    t = make_table()
    gs = _my_play_turn(t)
    card = next(iter(gs.choices.plays))
    start = t.point(("card", card))
    trick = gs.scene.items_by_key[("zone", "trick")]
    before = len(t.controller.session.records)
    said: list[str] = []
    t.drag(start, gs.view.mapFromScene(trick.sceneBoundingRect().center()),
           lambda: said.append(gs.message.text()))
    assert said == ["Let go over the table to play it; back on your hand keeps it."]
    t.qtbot.waitUntil(lambda: len(t.controller.session.records) > before, timeout=5000)
    assert t.controller.session.records[before].text == gs.game.action_text(Play(card))
    assert card not in t.controller.view().hands[0]


def test_a_card_dragged_back_onto_the_hand_is_kept(make_table: Any) -> None:
    t = make_table()
    gs = _my_play_turn(t)
    card = next(iter(gs.choices.plays))
    start = t.point(("card", card))
    hand = [x for x in t.state.hands[0] if x != card]
    before = len(t.controller.session.records)
    t.drag(start, t.point(("card", hand[0])))
    t.qtbot.wait(50)
    assert len(t.controller.session.records) == before
    assert card in t.controller.view().hands[0]
    assert gs.message.text() == gs.choices.prompt(gs.selection)
