"""Frost Shelter's table is readable at 1280x720: no text under 11 pt, none squeezed.

The kit's text painter never draws below the floor: it raises small text (eliding a line that
then overflows) and leaves out small `detail` text. The table's own texts go through
frost_shelter.table_text, which notes every essential text that had to be raised or did not
fit its box; a readable table notes none.
"""

from __future__ import annotations

from typing import Any

import pytest

from frostdesk.engine.session import Seat

pytestmark = pytest.mark.ui

NAMES = ("Aster", "Boreal", "Cirrus", "Drift")


def start(t: Any, players: int, seed: int = 3) -> None:
    seats = [Seat("You")] + [Seat(f"Bot {NAMES[i]}", "bot", "heuristic")
                             for i in range(players - 1)]
    t.controller.new_game("frost-shelter", seats, seed=seed)


def play_moves(t: Any, moves: int) -> None:
    """Play until `moves` moves are recorded (yours are the hint's), then wait for your turn."""
    c = t.controller
    while True:
        t.wait_turn()
        if c.is_over() or len(c.session.records) >= moves:
            break
        before = len(c.session.records)
        c.request(c.hint()[0])
        t.qtbot.waitUntil(lambda n=before: len(c.session.records) > n, timeout=5000)
    t.qtbot.waitUntil(lambda: not t.screen.animator.busy, timeout=5000)


def repaint_all(t: Any) -> tuple[float | None, list[Any]]:
    """Paint every item of the window again; (smallest text in px, texts that misfit)."""
    from frostdesk.ui.games.frost_shelter import table_text
    from frostdesk.ui.kit import text
    from frostdesk.ui.kit.items import clear_pixmap_cache

    clear_pixmap_cache()
    text.reset_smallest()
    table_text.reset_misfits()
    t.window.grab()
    return text.smallest_px(), table_text.misfits()


@pytest.mark.gui
@pytest.mark.parametrize("players", [2, 5])
def test_every_table_text_is_at_least_11_pt_at_1280x720_and_none_is_squeezed(
        make_table: Any, players: int) -> None:
    from frostdesk.ui.kit.text import FLOOR_PX

    t = make_table()
    start(t, players)
    play_moves(t, 12)
    smallest, misfits = repaint_all(t)
    assert smallest is not None and smallest >= FLOOR_PX - 0.01
    # names, numbers, card values, headings, damage and colony counts: none raised to the
    # floor (and elided) and none spilling out of its box
    assert misfits == []


@pytest.mark.gui
def test_the_table_fills_its_part_of_the_window_and_hiding_the_log_widens_it(
        make_table: Any) -> None:
    t = make_table()
    start(t, 5)
    play_moves(t, 3)
    gs = t.screen
    view = gs.view

    def filled() -> bool:
        shown = view.mapFromScene(gs.scene.sceneRect()).boundingRect()
        # the kit's view keeps 2 px free on each side
        return abs(shown.width() - view.width()) <= 6 and abs(shown.height() - view.height()) <= 6

    assert filled()
    scale, width = view.transform().m11(), gs.scene.sceneRect().width()
    gs.set_log_visible(False)
    t.qtbot.waitUntil(lambda: gs.scene.sceneRect().width() > width + 100, timeout=3000)
    assert filled()
    assert view.transform().m11() == pytest.approx(scale, rel=0.02)  # wider, not smaller
    smallest, misfits = repaint_all(t)
    assert misfits == []


@pytest.mark.gui
def test_a_long_prompt_or_hint_does_not_change_the_tables_size(make_table: Any) -> None:
    t = make_table()
    start(t, 4)
    play_moves(t, 2)
    gs = t.screen
    before = (gs.view.width(), gs.view.height(), gs.bar.height())
    gs.show_message("Select colony cards to defend (−2: 3 cards, each under 5, all different "
                    "resources · −4: 2 cards, each under 4, same resource).")
    t.qtbot.wait(50)
    assert (gs.view.width(), gs.view.height(), gs.bar.height()) == before
    # a hint longer than two lines, and a status longer than one: cut, not taller
    reason = ("Hint: End shooting. End your shooting turn. The bot reckons it changes nothing "
              "by the game's end, and the next best, fire the Truck at Player's convoy, costs "
              "about 1.0 Fame, and the one after that costs more than two Fame in the end.")
    gs.show_message(reason, hint=True)
    gs.status.setText("Player 2: fire a weapon or end the shooting turn, with one Ammo left "
                      "and the Aurora three miles ahead of the convoy.")
    t.qtbot.wait(50)
    assert (gs.view.width(), gs.view.height(), gs.bar.height()) == before
    assert gs.message.text() == reason  # the whole text stays the message's ...
    shown = gs.message.shown_text()
    assert shown.endswith("…") and len(shown) < len(reason)  # ... two lines of it show
    assert gs.message.toolTip() == reason  # and the tooltip has all of it
    metrics = gs.message.fontMetrics()
    assert gs.message.heightForWidth(gs.message.width()) <= 2 * metrics.lineSpacing() + 2


def test_a_message_in_clauses_loses_its_last_ones_before_a_word_is_cut(
        make_table: Any) -> None:
    t = make_table()
    start(t, 4)
    t.wait_turn()  # (a bot's turn would put its own line in the message)
    gs = t.screen
    first = "Click Exhausted survivors to feed (1 Food each), then a button"
    whole = (f"{first}; drag a token to a free cell to move cargo out of the way of the "
             "Damage the enemies of your region will deal; or throw a token away to make room "
             "for what the next Exploration brings in; or rest, and keep what you hold for "
             "the road ahead of you and the Aurora.")
    gs.show_message(whole)
    t.qtbot.wait(20)
    shown = gs.message.shown_text()
    assert gs.message.text() == whole and gs.message.toolTip() == whole
    assert shown.startswith(first) and shown.endswith(".") and "…" not in shown
    assert whole.startswith(shown[:-1])  # whole clauses, from the start
    metrics = gs.message.fontMetrics()
    assert gs.message.heightForWidth(gs.message.width()) <= 2 * metrics.lineSpacing() + 2


@pytest.mark.gui
def test_a_hovered_card_is_shown_large_enough_to_read_its_words(make_table: Any) -> None:
    from PySide6.QtTest import QTest

    t = make_table()
    start(t, 5)
    play_moves(t, 3)
    gs = t.screen
    key = next(k for k in gs.scene.items_by_key if k[0] == "market")
    QTest.mouseMove(gs.view.viewport(), t.point(key))
    t.qtbot.waitUntil(lambda: gs.scene.preview.isVisible(), timeout=3000)
    preview = gs.scene.preview
    shown = gs.view.mapFromScene(preview.mapToScene(preview.boundingRect())).boundingRect()
    assert shown.height() >= 300
    smallest, misfits = repaint_all(t)
    assert misfits == []


@pytest.mark.parametrize("long", [
    ["Maximilian Alexander", "Anna-Katharina Weiss", "Christopher Columbus",
     "Bartholomew Jones", "Konstantin Rosenberg"],
    ["W" * 20, "M" * 20, "Wolfgang Amadeus Moz", "Q" * 20, "m" * 20]])  # the widest there are
def test_long_names_stay_in_their_places_around_the_trick(make_table: Any,
                                                        long: list[str]) -> None:
    """Names as long as the seats allow (20 letters) are cut with "…" under the trick's cards
    and places and, when wider than their place, in the players' areas: never spilled onto
    what is next to them."""
    from frostdesk.ui.kit import text
    from frostdesk.ui.kit.items import clear_pixmap_cache

    t = make_table()
    seats = [Seat(long[0])] + [Seat(name, "bot", "heuristic") for name in long[1:]]
    t.controller.new_game("frost-shelter", seats, seed=3, options={"first_leader": 1})
    t.wait_turn()  # the four bots before you have played: four names under cards, one place
    clear_pixmap_cache()
    text.reset_smallest()
    t.window.grab()
    by_trick = [e for e in text.elided() if "_trick_slots" in e.by or "_paint_caption" in e.by]
    assert by_trick and all(e.kind == "elided" for e in by_trick)  # cut, not spilled
    assert not [e for e in text.elided() if e.kind != "elided"]
