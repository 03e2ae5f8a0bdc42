"""The hint is marked by a badge of its own (a light bulb on the card's lower left corner, which
shows in a fan), not only by a stronger glow."""

from __future__ import annotations

from typing import Any

import pytest
from PySide6.QtCore import Qt
from PySide6.QtGui import QColor

from frostdesk.engine.session import Seat
from frostdesk.games.frost_shelter.state import Collect
from frostdesk.ui import theme
from frostdesk.ui.kit.items import hint_badge_place

pytestmark = pytest.mark.ui

SEATS = [Seat("Ana"), Seat("Bot Aster", "bot", "heuristic"), Seat("Bot Boreal", "bot", "heuristic"),
         Seat("Bot Cirrus", "bot", "heuristic")]


def _badge_colour(item: Any) -> QColor:
    """The colour painted on the hint badge's ring, on the item's cached pixmap (the pixel
    nearest the hint colour along the ring's width)."""
    centre, radius = hint_badge_place(item.card_rect())
    br = item.boundingRect()
    k = item._k
    img = item._pixmap().toImage()
    found = []
    for f in (0.8, 0.84, 0.88, 0.92, 0.96):
        x, y = centre.x(), centre.y() - radius * f
        found.append(img.pixelColor(int((x - br.left()) * k), int((y - br.top()) * k)))
    return min(found, key=lambda c: _distance(c, theme.HINT))


def _distance(a: QColor, b: QColor) -> int:
    return abs(a.red() - b.red()) + abs(a.green() - b.green()) + abs(a.blue() - b.blue())


def _close(a: QColor, b: QColor) -> bool:
    return _distance(a, b) < 90


@pytest.mark.gui
def test_the_hinted_card_wears_a_badge(make_table: Any) -> None:
    t = make_table(hard_bot_ms=80)
    t.controller.new_game("frost-shelter", SEATS, seed=3, options={"first_leader": 0})
    t.wait_turn()
    gs = t.screen
    t.qtbot.mouseClick(gs.hint_button, Qt.MouseButton.LeftButton)
    t.qtbot.waitUntil(lambda: gs.hint_action is not None, timeout=5000)
    name = t.controller.game.card_name(gs.hint_action.card)
    # the bar names the move; its reasons are whole in the hint box beside the log
    assert gs.message.text() == f"Hint: Play {name}. Why: at the right."
    assert gs.hint_box.isVisible() and gs.hint_box.title.text() == f"Hint: Play {name}"
    assert gs.hint_box.text.text().startswith("The Hard bot played this move out ")
    hinted = gs.scene.items_by_key[("card", gs.hint_action.card)]
    others = [gs.scene.items_by_key[("card", x)] for x in t.state.hands[0]
              if x != gs.hint_action.card]
    assert hinted.hint_mark and not any(o.hint_mark for o in others)
    assert _close(_badge_colour(hinted), theme.HINT)
    assert all(o.glow and not _close(_badge_colour(o), theme.HINT) for o in others)
    gs.clear_selection()  # Escape: the hint goes, and its badge and reasons with it
    assert not hinted.hint_mark and not _close(_badge_colour(hinted), theme.HINT)
    assert not gs.hint_box.isVisible()


@pytest.mark.gui
def test_a_hint_of_several_cards_marks_each_of_them(make_table: Any) -> None:
    t = make_table()
    c = t.controller
    c.new_game("frost-shelter", SEATS, seed=4, options={"first_leader": 0})
    for _ in range(60):
        t.wait_turn()
        if t.screen.choices is not None and t.screen.choices.phase == "collect":
            break
        c.request(c.hint()[0])
    else:
        pytest.fail("no collect decision")
    gs = t.screen
    action = next(a for a in gs.choices.legal if isinstance(a, Collect) and len(a.cards) >= 2)
    gs.show_hint_result(action, "")
    assert gs.hint_keys == {("card", x) for x in action.cards}
    assert gs.selection == frozenset(action.cards)
    for x in action.cards:
        assert gs.scene.items_by_key[("card", x)].hint_mark
        assert _close(_badge_colour(gs.scene.items_by_key[("card", x)]), theme.HINT)
    assert gs.message.text() == f"Hint: {gs.choices.action_label(action)}."  # no reason given


@pytest.mark.gui
def test_a_stations_hint_wears_the_badge_too(make_table: Any) -> None:
    t = make_table()
    t.controller.new_game("frontier-stations", [Seat("Ana"), Seat("Bot", "bot", "heuristic")],
                          seed=11, options={"first": 0})
    t.wait_turn()
    gs = t.screen
    t.qtbot.mouseClick(gs.hint_button, Qt.MouseButton.LeftButton)
    t.qtbot.waitUntil(lambda: gs.hint_action is not None, timeout=5000)
    die = gs.scene.items_by_key[("die", 0)]
    assert die.hint_mark and _close(_badge_colour(die), theme.HINT)
    assert gs.message.text() == "Hint: Roll the die."  # one move to weigh: no reason


@pytest.mark.gui
def test_a_long_hint_is_whole_beside_the_log_and_in_the_bar_when_the_log_is_hidden(
        make_table: Any) -> None:
    t = make_table()
    t.controller.new_game("last-aurora", [Seat("Ana"), Seat("Bot", "bot", "heuristic")], seed=7)
    t.wait_turn()
    gs = t.screen
    action, reason = t.controller.hint()
    assert len(reason) > 150  # more than the bar's two lines hold at 1280x720
    gs.show_hint_result(action, reason)
    label = gs._action_label(action)
    assert gs.message.text() == f"Hint: {label}. Why: at the right."
    assert gs.message.shown_text() == gs.message.text()  # whole in the bar
    assert gs.hint_box.isVisible()
    t.qtbot.wait(50)  # laid out
    box = gs.hint_box.text
    assert box.text().endswith(reason[-30:].strip())  # the reasons to their last word
    assert box.height() >= box.heightForWidth(box.width())  # not clipped
    # beside the tips and the log the reasons may not have all the room they want: they
    # scroll under the title, never over it
    reasons = gs.hint_box.reasons
    assert reasons.geometry().top() >= gs.hint_box.title.geometry().bottom()
    assert reasons.height() >= 60 or reasons.verticalScrollBar().maximum() == 0
    gs.set_log_visible(False)  # no side panel: the reasons follow the move in the bar
    assert not gs.hint_box.isVisible()
    assert gs.message.text().startswith(f"Hint: {label}. ") and reason[:20] in gs.message.text()
    gs.set_log_visible(True)
    assert gs.hint_box.isVisible() and gs.message.text().endswith("Why: at the right.")
    before = len(t.controller.session.records)
    t.bus.action_requested.emit(action)  # the move is made: the hint and its box go
    t.qtbot.waitUntil(lambda: len(t.controller.session.records) > before, timeout=5000)
    t.qtbot.waitUntil(lambda: not gs.hint_box.isVisible(), timeout=5000)
