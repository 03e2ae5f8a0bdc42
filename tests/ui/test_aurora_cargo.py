"""Last Aurora's Rest turn on the table (RS2): a click on a token then on a free cell moves it;
a cell that cannot take it changes nothing and the status line says why. The optional Mine:
its counters on the road, and the spaces to mine glowing after a move."""

from __future__ import annotations

import os
from typing import Any

import pytest
from PySide6.QtCore import QPoint, Qt
from PySide6.QtTest import QTest

from frostdesk.engine.session import Seat
from frostdesk.games.last_aurora.state import Move, Pick, Shift
from tests.ui.test_aurora_table import BOTS, GAME, play_until

pytestmark = pytest.mark.ui
SHOTS = os.environ.get("AURORA_SHOTS", "")  # a folder: the tests save what they show there


def click_cell(t: Any, ref: str) -> None:
    """A click on one cell of the viewer's convoy (the card's painted cell box)."""
    gs = t.screen
    vp = cell_point(t, ref)
    assert gs.view.itemAt(vp) is gs.scene.items_by_key[gs._card_key(t.controller.view(), 0, ref)]
    QTest.mouseMove(gs.view.viewport(), vp)
    QTest.mouseClick(gs.view.viewport(), Qt.MouseButton.LeftButton,
                     Qt.KeyboardModifier.NoModifier, vp)


def rest_turn(make_table: Any) -> Any:
    """Ana against a Normal bot (seed 5), played on to her first turn with cargo to move."""
    t = make_table()
    t.controller.new_game(GAME, [Seat("Ana"), BOTS[0]], seed=5)
    play_until(t, lambda legal: any(isinstance(a, Shift) for a in legal))
    return t


def rest_table(make_table: Any) -> tuple[Any, Any, Any, Any]:
    """The Rest turn with what its tests read: the table, its screen, the game and Ana's view."""
    t = rest_turn(make_table)
    return t, t.screen, t.controller.game, t.controller.view()


def first_shift(make_table: Any) -> tuple[Any, Shift, str]:
    """The Rest turn, its first cargo move and the token that move carries."""
    t = rest_turn(make_table)
    shift = next(a for a in t.controller.legal() if isinstance(a, Shift))
    return t, shift, t.controller.game.token_at(t.controller.view(), 0, shift.source)


def shot(t: Any, name: str) -> None:
    if SHOTS:
        t.qtbot.wait(200)  # the bar's new buttons are laid out
        t.window.grab().save(os.path.join(SHOTS, name))


@pytest.mark.gui
def test_a_click_on_a_token_then_a_free_cell_moves_it(make_table: Any) -> None:
    t, shift, token = first_shift(make_table)
    gs = t.screen
    g = t.controller.game
    click_cell(t, shift.source)
    assert gs.sel_token == shift.source
    assert "Now click a free cell" in gs.message.text()
    item = gs.scene.items_by_key[gs._card_key(t.controller.view(), 0, shift.target)]
    t.qtbot.waitUntil(lambda: bool(item.data.get("free_cells")), timeout=3000)
    shot(t, "aurora-cargo-picked.png")
    before = len(t.controller.session.records)
    click_cell(t, shift.target)
    t.qtbot.waitUntil(lambda: len(t.controller.session.records) > before, timeout=5000)
    assert t.controller.session.records[before].text == str(shift)
    assert g.token_at(t.state, 0, shift.target) == token
    assert gs.sel_token is None


def test_a_cell_that_cannot_take_the_token_changes_nothing_and_says_why(
        make_table: Any) -> None:
    t, gs, g, view = rest_table(make_table)
    survivor = next(ref for col in range(len(view.convoy[0])) for k in range(4)
                    if g.token_at(view, 0, ref := g.cell_ref(col, False, k)) == "surv"
                    and g.cargo.movable(view, 0, ref))
    click_cell(t, survivor)
    assert gs.sel_token == survivor
    before = len(t.controller.session.records)
    fingerprint = g.fingerprint(t.state)
    armor = next(g.cell_ref(0, False, k) for k, code in
                 enumerate(g.cards[view.convoy[0][0][0][0]].cells) if code == "A")
    click_cell(t, armor)
    t.qtbot.wait(50)
    assert len(t.controller.session.records) == before
    assert g.fingerprint(t.state) == fingerprint
    assert gs.message.property("kind") == "warn"
    assert "Armor holds only Damage" in gs.message.text()
    shot(t, "aurora-cargo-refused.png")
    # a second click on the picked token puts it down again
    click_cell(t, survivor)
    assert gs.sel_token is None


@pytest.mark.gui
def test_the_mine_glows_its_spaces_after_a_move_and_shows_on_the_road(
        make_table: Any) -> None:
    t = make_table()
    t.controller.new_game(GAME, [Seat("Ana"), BOTS[0]], seed=5, options={"mine": True})
    g = t.controller.game
    play_until(t, lambda legal: any(isinstance(a, Move) and a.to >= t.state.mile[0] + 3
                                    and not a.boost for a in legal))
    s = t.state  # Ana draws the Mine (the test hands it to her)
    if g.mine.card in s.odeck:
        s.odeck.remove(g.mine.card)
    s.objects[0].append(g.mine.card)
    s._legal = None
    gs = t.screen
    gs._refresh_interaction()
    start = s.mile[0]
    to = max(a.to for a in t.controller.legal() if isinstance(a, Move) and not a.boost)
    before = len(t.controller.session.records)
    t.click(("mile", to))
    t.qtbot.waitUntil(lambda: len(t.controller.session.records) > before, timeout=5000)
    t.wait_turn()
    spaces = [a.option for a in t.controller.legal() if isinstance(a, Pick) and a.option]
    assert spaces and all(start < m < to for m in spaces)
    assert all(gs.targets.get(("mile", m)) == Pick(m) for m in spaces)
    assert gs.scene.items_by_key[("mile", spaces[0])].glow
    assert "mine it" in gs.message.text()
    shot(t, "aurora-mine-choose.png")
    before = len(t.controller.session.records)
    t.click(("mile", spaces[0]))
    t.qtbot.waitUntil(lambda: len(t.controller.session.records) > before, timeout=5000)
    assert t.controller.session.records[before].text == f"pick {spaces[0]}"
    t.qtbot.waitUntil(lambda: bool(gs.scene.items_by_key[("mile", spaces[0])].data["mine"]),
                      timeout=5000)
    assert "Ana's mine: the next convoy in stops" in gs.mile_words(spaces[0])
    shot(t, "aurora-mine-road.png")


@pytest.mark.gui
def test_the_movement_prompt_says_where_the_speed_comes_from(make_table: Any) -> None:
    t = make_table()
    t.controller.new_game(GAME, [Seat("Ana"), BOTS[0]], seed=5)
    play_until(t, lambda legal: any(isinstance(a, Move) for a in legal))
    g, view = t.controller.game, t.controller.view()
    parts = g.speed_parts(view, 0)
    text = t.screen._prompt()
    assert f"Speed {max(1, g.speed(view, 0))}: {parts[0][0]} {parts[0][1]}" in text, text
    for name, _ in parts[1:]:
        assert name in text
    board = t.screen.scene.items_by_key[("mine",)]  # your board's tooltip: the same words
    assert board.toolTip().startswith(f"Speed {max(1, g.speed(view, 0))}: {parts[0][0]}")


@pytest.mark.gui
def test_the_keyboard_moves_a_token_space_on_its_card_then_on_a_card_with_room(
        make_table: Any) -> None:
    t, gs, g, view = rest_table(make_table)
    shift = next(a for a in t.controller.legal() if isinstance(a, Shift))
    source_card = gs._card_key(view, 0, shift.source)
    gs.focus_key = source_card
    QTest.keyClick(gs.view, Qt.Key.Key_Space)
    picked = gs.sel_token
    assert picked is not None and gs._card_key(view, 0, picked) == source_card
    assert g.token_at(view, 0, picked) and g.cargo.movable(view, 0, picked)
    target = g.cargo.targets_for(view, 0, picked)[0]
    gs.focus_key = gs._card_key(view, 0, target)
    before = len(t.controller.session.records)
    QTest.keyClick(gs.view, Qt.Key.Key_Space)
    t.qtbot.waitUntil(lambda: len(t.controller.session.records) > before, timeout=5000)
    moved = g.cargo.canonical(view, 0, Shift(picked, target))
    assert t.controller.session.records[before].text == str(moved)


def cell_point(t: Any, ref: str) -> Any:
    """Where on the view the viewer's convoy cell `ref` is painted."""
    gs = t.screen
    item = gs.scene.items_by_key[gs._card_key(t.controller.view(), 0, ref)]
    k = int(ref.split("v" if "v" in ref else "d")[1])
    return gs.view.mapFromScene(item.mapToScene(item.cell_rects()[k].center()))


@pytest.mark.gui
def test_a_token_dragged_to_a_free_cell_moves_there(make_table: Any) -> None:
    t, shift, token = first_shift(make_table)
    gs = t.screen
    g = t.controller.game
    before = len(t.controller.session.records)
    seen: dict[str, Any] = {}

    def during() -> None:  # mid-drag: the token is picked and its copy follows the pointer
        seen["picked"] = gs.sel_token
        seen["ghost"] = gs.scene._ghost is not None
        shot(t, "aurora-cargo-dragging.png")

    t.drag(cell_point(t, shift.source), cell_point(t, shift.target), during)
    assert seen == {"picked": shift.source, "ghost": True}
    t.qtbot.waitUntil(lambda: len(t.controller.session.records) > before, timeout=5000)
    assert t.controller.session.records[before].text == str(shift)
    assert g.token_at(t.state, 0, shift.target) == token
    assert gs.sel_token is None and gs.scene._ghost is None


def test_a_token_dropped_off_the_convoy_stays_and_says_where_it_can_go(
        make_table: Any) -> None:
    t = rest_turn(make_table)
    gs = t.screen
    shift = next(a for a in t.controller.legal() if isinstance(a, Shift))
    before = t.controller.view()
    records = len(t.controller.session.records)
    start = cell_point(t, shift.source)
    zone_card = gs.scene.items_by_key[("card", t.controller.game.cards[before.zone[0]].id)]
    t.drag(start, gs.view.mapFromScene(zone_card.sceneBoundingRect().center()))
    assert len(t.controller.session.records) == records
    assert t.controller.view().convoy == before.convoy
    assert gs.sel_token is None and gs.scene._ghost is None
    assert gs.message.text() == "A token can only go to a free cell of your convoy."
    gs.show_message("")
    vp = gs.view.viewport()
    bare = next(p for y in range(5, vp.height(), 10) for x in range(5, vp.width(), 10)
                if gs.view.itemAt(p := QPoint(x, y)) is None)
    t.drag(start, bare)  # onto the bare table
    assert gs.sel_token is None and gs.scene._ghost is None
    assert gs.message.text() == "A token can only go to a free cell of your convoy."
    assert t.controller.view().convoy == before.convoy


def test_a_hand_shows_over_a_token_that_can_be_dragged(make_table: Any) -> None:
    t = rest_turn(make_table)
    gs = t.screen
    shift = next(a for a in t.controller.legal() if isinstance(a, Shift))
    item = gs.scene.items_by_key[gs._card_key(t.controller.view(), 0, shift.source)]
    QTest.mouseMove(gs.view.viewport(), cell_point(t, shift.source) + QPoint(1, 0))
    QTest.mouseMove(gs.view.viewport(), cell_point(t, shift.source))
    assert item.cursor().shape() == Qt.CursorShape.OpenHandCursor
    target = gs.scene.items_by_key[gs._card_key(t.controller.view(), 0, shift.target)]
    QTest.mouseMove(gs.view.viewport(), cell_point(t, shift.target) + QPoint(1, 0))
    QTest.mouseMove(gs.view.viewport(), cell_point(t, shift.target))  # a free cell: no token
    assert target.cursor().shape() != Qt.CursorShape.OpenHandCursor


def test_only_a_movable_token_can_be_dragged(make_table: Any) -> None:
    t, gs, g, view = rest_table(make_table)
    refs = [g.cell_ref(col, dev, k) for col in range(len(view.convoy[0])) for dev in (False, True)
            for k in range(4)]
    empty = next(r for r in refs if view.convoy[0][int(r[0])][1 if "d" in r else 0] is not None
                 and k_ok(t, r) and not g.token_at(view, 0, r))
    records = len(t.controller.session.records)
    t.drag(cell_point(t, empty), cell_point(t, empty) + QPoint(40, 0))
    assert gs.scene._ghost is None and gs.sel_token is None
    assert len(t.controller.session.records) == records


def k_ok(t: Any, ref: str) -> bool:
    """Whether `ref` names a cell the card has."""
    gs = t.screen
    item = gs.scene.items_by_key[gs._card_key(t.controller.view(), 0, ref)]
    return int(ref.split("v" if "v" in ref else "d")[1]) < len(item.cell_rects())


def test_a_drag_the_table_stops_taking_is_called_off_cleanly(make_table: Any) -> None:
    """Input goes off mid-drag (an animation, a hand-off): the copy and the grabbing hand go,
    the pick is undone, and letting go afterwards moves nothing."""
    from PySide6.QtWidgets import QApplication

    t, shift, _ = first_shift(make_table)
    gs = t.screen
    before = t.controller.view().convoy
    records = len(t.controller.session.records)

    def during() -> None:
        assert gs.scene._ghost is not None and QApplication.overrideCursor() is not None
        gs.scene.set_input_enabled(False)
        assert gs.scene._ghost is None and QApplication.overrideCursor() is None
        assert gs.sel_token is None

    t.drag(cell_point(t, shift.source), cell_point(t, shift.target), during)
    gs.scene.set_input_enabled(True)
    t.qtbot.wait(50)
    assert len(t.controller.session.records) == records
    assert t.controller.view().convoy == before
