"""Playing The Eternal Frost on its table by clicks, as a player does: a glowing space walks
the hero there, a space out of reach changes nothing and says why, the map zooms, the battle
view docks while a battle is on, and a whole legend of bot heroes plays through the screen."""

from __future__ import annotations

import html
import logging
from typing import Any

import pytest
from PySide6.QtCore import Qt
from PySide6.QtTest import QTest

from frostdesk.engine.motion import Changed
from frostdesk.engine.session import Seat
from frostdesk.games import load_game
from frostdesk.games.andor_eternal_frost.state import Move
from frostdesk.ui.games.andor_eternal_frost.board import FrostBoard
from frostdesk.ui.games.andor_eternal_frost.screen import best_moves
from frostdesk.ui.games.andor_eternal_frost.table import MapLayout

pytestmark = pytest.mark.ui
GAME = "andor-eternal-frost"
OPTIONS = {"legend": "l1", "heroes": "dwarf,wizard", "sides": "0,1"}


def start(make_table: Any, seats: list[Seat], **settings: Any) -> Any:
    t = make_table(**settings)
    t.controller.new_game(GAME, seats, seed=3, options=dict(OPTIONS))
    return t


@pytest.mark.gui
def test_clicking_a_glowing_space_walks_the_hero_there(make_table: Any) -> None:
    t = start(make_table, [Seat("Ana"), Seat("Ana")])  # one person runs both heroes
    t.wait_turn()
    s = t.state
    hero = s.current
    assert s.heroes[hero] == "dwarf"  # the lowest rank opens the day (R1)
    assert ("space", 1) in t.screen.targets
    item = t.screen.scene.items_by_key[("space", 1)]
    assert item.glow and item.data["cost"] == "1h"
    t.click(("space", 1))
    t.qtbot.waitUntil(lambda: t.state.space[hero] == 1, timeout=5000)
    t.wait_turn()
    x, y = t.screen.layout_.xy(1)
    token = t.screen.scene.items_by_key[("hero", hero)].pos()
    assert abs(token.x() - x) < 60 and abs(token.y() - y) < 60


@pytest.mark.gui
def test_one_person_running_both_heroes_can_take_back_a_walk_on_the_next_heros_turn(
        make_table: Any) -> None:
    """Both heroes are Ana's: after the first hero walks, the second hero's turn is still
    hers, and Undo takes the walk back (it said "You have not made a move yet")."""
    t = start(make_table, [Seat("Ana"), Seat("Ana")])
    t.wait_turn()
    s = t.state
    hero = s.current
    before = t.controller.game.fingerprint(s)
    t.click(("space", 1))
    t.qtbot.waitUntil(lambda: t.state.space[hero] == 1, timeout=5000)
    t.wait_turn()
    assert t.state.current != hero  # the other hero's turn
    assert t.controller.can_undo()[0] and t.controller.solo()
    t.qtbot.mouseClick(t.screen.undo_button, Qt.MouseButton.LeftButton)
    t.wait_turn()
    assert t.controller.game.fingerprint(t.state) == before and t.state.current == hero


@pytest.mark.gui
def test_a_click_on_a_creature_standing_on_a_glowing_space_walks_there(
        make_table: Any) -> None:
    """A creature's token covers most of its space: clicking it, when the hero cannot fight
    it from here but may walk there, walks there (it said "There is no creature on this
    space to fight", and the Hint pointed at that very space)."""
    t = start(make_table, [Seat("Ana"), Seat("Ana")])
    t.wait_turn()
    s = t.state
    hero = s.current
    reachable = {key[1] for key in t.screen.targets if key[0] == "space"}
    on = [(num, where) for num, (_, where) in sorted(s.creatures.items())
          if isinstance(where, int) and where in reachable]
    assert on, "seed 3's first day has a creature within reach"
    num, where = on[0]
    t.click(("creature", num))
    t.qtbot.waitUntil(lambda: t.state.space[hero] == where, timeout=5000)


def test_a_space_out_of_reach_changes_nothing_and_says_why(make_table: Any) -> None:
    t = start(make_table, [Seat("Ana"), Seat("Ana")])
    t.wait_turn()
    before = t.controller.session.state
    here = before.space[before.current]
    far = max((sp for sp in t.screen.layout_.board.spaces
               if ("space", sp) not in t.screen.targets and sp != here),
              key=lambda sp: t.screen.layout_.board.dist[here][sp])
    t.screen.view.set_zoom(3.0)
    t.screen.view.centerOn(t.screen.scene.items_by_key[("space", far)])
    t.click(("space", far))
    assert t.controller.session.state is before
    assert "further than the hours" in t.screen.message.text()
    assert t.screen.message.property("kind") == "warn"


@pytest.mark.gui
def test_the_map_zooms_with_the_keys_and_fits_again(make_table: Any) -> None:
    t = start(make_table, [Seat("Ana"), Seat("Ana")])
    t.wait_turn()
    view = t.screen.view
    fitted = view.transform().m11()
    QTest.keyClick(view, Qt.Key.Key_Plus)
    assert view.transform().m11() == pytest.approx(fitted * 1.25, rel=0.01)
    for _ in range(10):
        QTest.keyClick(view, Qt.Key.Key_Plus)
    assert view.zoom == 3.0  # the zoom stops at 300%
    QTest.keyClick(view, Qt.Key.Key_0)
    assert view.transform().m11() == pytest.approx(fitted, rel=0.01)


@pytest.mark.gui
def test_the_hint_marks_the_space_it_recommends(make_table: Any) -> None:
    t = start(make_table, [Seat("Ana"), Seat("Ana")])
    t.wait_turn()
    # take the free actions the crew wants first, until its hint is a walk
    for _ in range(6):
        t.screen.show_hint()
        t.qtbot.waitUntil(lambda: t.screen.hint_action is not None, timeout=10000)
        action = t.screen.hint_action
        if isinstance(action, Move):
            break
        t.screen.request(action)
        t.wait_turn()
    assert isinstance(action, Move)
    assert t.screen.hint_keys == {("space", action.to)}
    assert t.screen.message.text().startswith("Hint: Move to")
    reason = t.screen.message.text().split("). ", 1)[1]
    assert reason[:1].isupper()  # the reason reads as a sentence of its own


# gui: the conformance suite plays a whole legend through the window to the end screen every
# day (tests/conformance/test_ui_contract.py); this one watches the battle panel through a
# whole legend of bots.
@pytest.mark.gui
def test_a_whole_legend_of_bot_heroes_plays_through_the_screen(
        make_table: Any, caplog: pytest.LogCaptureFixture) -> None:
    t = make_table()
    errors: list[str] = []
    t.bus.error.connect(errors.append)
    battles = {"seen": 0}

    def check() -> None:
        s = t.controller.session.state
        assert t.screen.battle.isVisible() == (s.battle is not None)
        battles["seen"] += s.battle is not None

    t.bus.animations_idle.connect(check)
    seats = [Seat(f"Bot {n}", "bot", "heuristic") for n in ("Aster", "Boreal", "Cirrus")]
    with caplog.at_level(logging.ERROR):
        t.controller.new_game(GAME, seats, seed=5, options={"legend": "l1"})
        t.qtbot.waitUntil(t.controller.is_over, timeout=120000)
    assert not errors
    assert not [r for r in caplog.records if r.levelno >= logging.ERROR]
    assert battles["seen"] > 0
    final = t.screen.shown.state
    s = t.controller.session.state
    assert final.space == s.space and final.creatures == s.creatures
    from frostdesk.ui.games.andor_eternal_frost.plugin import results_panel

    panel = results_panel(t.controller.game, t.controller.session)
    assert panel.headline.startswith("The Blue Stone: the legend is")
    assert panel.headline.endswith("won!") == (s.result == "won")
    rows = panel.ranking()
    assert len(rows) == 3 and rows[0][0].endswith("(Bot Aster)")
    beaten = sum(int(r[2]) for r in rows)
    assert (beaten > 0) == bool(s.defeated)


def test_the_sunrise_list_lights_the_step_being_played() -> None:
    g = load_game(GAME)
    s, _ = g.new_game({"players": 2}, 1)
    layout = MapLayout(g, "side1", ["Durgan", "Mirel"])
    board = FrostBoard(s)
    assert ("sunrise",) not in layout.specs(board, {})
    board.apply(Changed(("sunrise",), to=3))
    assert layout.specs(board, {})[("sunrise",)].data == {"step": 3}
    board.apply(Changed(("sunrise",), to=-1))
    assert ("sunrise",) not in layout.specs(board, {})


def test_a_click_takes_the_walk_without_wineskins_when_the_hours_allow() -> None:
    legal = [Move(5, 1), Move(5, 0), Move(9, 2), Move(9, 1, True)]
    assert best_moves(legal) == {5: Move(5, 0), 9: Move(9, 2)}


@pytest.mark.gui
def test_pass_and_play_hands_the_computer_to_the_next_person(make_table: Any) -> None:
    t = start(make_table, [Seat("Ana"), Seat("Ben")])
    t.wait_turn()
    first = t.state.current
    if t.controller.awaiting_handoff == first:  # the first person takes the device too
        QTest.keyClick(t.screen.overlay, Qt.Key.Key_Return)
        t.wait_turn()
    t.click(("space", 1))
    t.wait_turn()
    nxt = 1 - first
    assert t.controller.awaiting_handoff == nxt
    assert t.screen.overlay.isVisible()
    assert t.screen.status.text() == f"Pass the device to {['Ana', 'Ben'][nxt]}."
    QTest.keyClick(t.screen.overlay, Qt.Key.Key_Return)
    t.wait_turn()
    assert not t.screen.overlay.isVisible()
    assert t.controller.to_move() == nxt and t.screen.targets
    who = f"{t.screen.words.full(nxt)} ({['Ana', 'Ben'][nxt]}):"
    assert t.screen.status.text().startswith(who)


@pytest.mark.gui
def test_a_legend_card_opens_over_the_map_and_its_letter_opens_it_again(
        make_table: Any) -> None:
    t = start(make_table, [Seat("Ana"), Seat("Ana")])
    t.wait_turn()
    card = t.screen.card
    assert card.isVisible() and card.title.text() == "Legend card A1: Blue Cold"
    assert card.mark.text() == "Authored for frostdesk"
    t.qtbot.mouseClick(card.close_button, Qt.MouseButton.LeftButton)
    assert not card.isVisible()
    track = t.screen.track
    boxes = dict((letter, r) for r, letter in track.letter_boxes)
    t.qtbot.mouseClick(track, Qt.MouseButton.LeftButton, pos=boxes["A"].center().toPoint())
    assert card.isVisible()
    t.qtbot.mouseClick(track, Qt.MouseButton.LeftButton, pos=boxes["B"].center().toPoint())
    assert t.screen.message.text() == "No legend card lies at B."
    t.qtbot.mouseClick(track, Qt.MouseButton.LeftButton, pos=boxes["C"].center().toPoint())
    assert "read when the narrator gets there" in t.screen.message.text()
    # Escape closes an open card too (and clears a selection, as on every table): the
    # spaces still glow
    assert card.isVisible() and t.screen.targets
    QTest.keyClick(t.screen.view, Qt.Key.Key_Escape)
    assert not card.isVisible() and t.screen.targets


@pytest.mark.gui
@pytest.mark.qt_log_ignore("does not support grabbing the keyboard")  # offscreen popups
def test_free_actions_wait_behind_one_button(make_table: Any) -> None:
    t = start(make_table, [Seat("Ana"), Seat("Ana")])
    t.wait_turn()
    labels = [b.text() for b in t.screen.action_buttons]
    # take a wineskin or the telescope, for the hero whose turn it is or (F1, outside one's
    # turn) for the other hero on the castle
    assert labels[-1] == "Free actions (4)"
    assert labels[:2] == ["Pass (1 h)", "End the day"]
    # F3 opens the menu: a submenu per hero, the acting hero first, short lists left flat
    from PySide6.QtWidgets import QApplication, QMenu

    QTest.keyClick(t.screen, Qt.Key.Key_F3)
    menu = QApplication.activePopupWidget()
    assert isinstance(menu, QMenu)
    words, s = t.screen.words, t.screen.session.state
    assert [a.text() for a in menu.actions()] == [
        f"{words.short(s.current)} (2), this turn", f"{words.short(1 - s.current)} (2)"]
    assert all(len(a.menu().actions()) == 2 and a.menu().actions()[0].menu() is None
               for a in menu.actions())
    menu.close()


@pytest.mark.gui
def test_the_free_actions_menu_is_one_at_a_time_and_closes_when_the_moves_change(
        make_table: Any) -> None:
    from PySide6.QtWidgets import QApplication, QMenu

    t = start(make_table, [Seat("Ana"), Seat("Ana")])
    t.wait_turn()

    def open_menus() -> list[QMenu]:
        return [m for m in t.screen.findChildren(QMenu) if m.isVisible()]

    QTest.keyClick(t.screen, Qt.Key.Key_F3)
    QTest.keyClick(t.screen, Qt.Key.Key_F3)  # pressed again: the first menu makes way
    assert len(open_menus()) == 1 and QApplication.activePopupWidget() is open_menus()[0]
    t.screen._refresh_bar()  # a refresh that leaves the moves as they were (a hint arriving)
    assert len(open_menus()) == 1  # keeps the menu the player is reading
    before = t.screen.session.state
    t.qtbot.mouseClick(t.screen.action_buttons[0], Qt.MouseButton.LeftButton)  # Pass (1 h)
    t.qtbot.waitUntil(lambda: t.screen.session.state is not before)
    # the menu listed the moves of before: it is closed, and closed menus are deleted
    t.qtbot.waitUntil(lambda: not t.screen.findChildren(QMenu))


@pytest.mark.gui
def test_the_bar_fights_with_everyone_or_alone_and_keeps_other_groups_in_the_menu(
        make_table: Any) -> None:
    from frostdesk.games.andor_eternal_frost.state import EndDay, Fight, Pass, PickUp

    t = start(make_table, [Seat("Ana"), Seat("Ana")])
    t.wait_turn()
    t.screen.legal = [Fight(()), Fight((1,)), Fight((2,)), Fight((1, 2)), Pass(), EndDay(),
                      PickUp("helm")]
    main, more = t.screen._buttons()
    assert set(main) == {Fight(()), Fight((1, 2)), Pass(), EndDay()}
    assert set(more) == {Fight((1,)), Fight((2,)), PickUp("helm")}


def test_a_click_on_a_die_asks_for_the_wizards_turn(qtbot: Any) -> None:
    from frostdesk.games.andor_eternal_frost.state import Battle
    from frostdesk.ui.games.andor_eternal_frost.panels import BattlePanel
    from frostdesk.ui.games.andor_eternal_frost.words import HeroWords

    g = load_game(GAME)
    s, _ = g.new_game({"players": 2, "heroes": "warrior,wizard"}, 1)
    num = next(iter(s.creatures))
    s.space = [s.where(num)] * 2
    b = Battle()
    b.creature, b.cwp, b.fighters, b.round = num, 4, [0, 1], 1
    b.rolls, b.phase, b.waiting = {0: [1, 2, 2]}, "turn", 0
    s.battle = b
    panel = BattlePanel(lambda: 0.0)
    qtbot.addWidget(panel)
    panel.resize(900, 102)
    panel.show_state(g, s, HeroWords(g, {"heroes": "warrior,wizard"}, ["Ana", "Ben"]))
    panel.set_roll(0, [1, 2, 2])
    panel.clickable = {(0, 0), (0, 1)}
    panel.show()
    qtbot.waitExposed(panel)
    panel.repaint()
    clicked: list[tuple[int, int]] = []
    panel.die_clicked.connect(lambda seat, die: clicked.append((seat, die)))
    qtbot.waitUntil(lambda: len(panel.die_rects) == 3, timeout=3000)
    rect, seat, die = panel.die_rects[2]  # the second 2: not offered
    qtbot.mouseClick(panel, Qt.MouseButton.LeftButton, pos=rect.center().toPoint())
    rect, seat, die = panel.die_rects[0]  # the 1
    qtbot.mouseClick(panel, Qt.MouseButton.LeftButton, pos=rect.center().toPoint())
    assert clicked == [(0, 0)]


@pytest.mark.gui
def test_a_walk_that_needs_a_wineskin_or_overtime_is_marked_so(make_table: Any) -> None:
    t = start(make_table, [Seat("Ana"), Seat("Ana")])
    t.wait_turn()
    s = t.state
    board = t.screen.layout_.board
    two = next(sp for sp, k in board.dist[s.space[s.current]].items() if k == 2)
    far = next(sp for sp, k in board.dist[s.space[s.current]].items() if k == 8)
    t.screen.legal = [Move(two, 1), Move(far)]
    costs = t.screen._marks(s)["costs"]
    assert costs == {two: "1h+", far: "8h!"}
    tips = t.screen._tips(s, costs)
    assert tips[two].endswith(": 1h (with a wineskin)")
    assert tips[far].endswith(": 8h (overtime)")


def test_the_cards_tab_prints_the_opening_and_keeps_later_cards_for_the_table() -> None:
    from frostdesk.ui.games.andor_eternal_frost.plugin import cards_html

    g = load_game(GAME)
    text = cards_html(g)
    lg = g.content.legends["l1"]
    assert lg.cards_of("A")[0].title in text
    for card in lg.cards:
        if card.letter != "A":  # (whole texts: legend 4's opening reuses a line of card E)
            assert html.escape(card.text) not in text
    assert "Horned troll" in text and "Wineskin" in text


@pytest.mark.gui
def test_shift_and_an_arrow_pan_the_zoomed_map(make_table: Any) -> None:
    t = start(make_table, [Seat("Ana"), Seat("Ana")])
    t.wait_turn()
    view = t.screen.view
    QTest.keyClick(view, Qt.Key.Key_Plus)
    QTest.keyClick(view, Qt.Key.Key_Plus)
    bar = view.horizontalScrollBar()
    bar.setValue(bar.minimum())
    before = bar.value()
    QTest.keyClick(view, Qt.Key.Key_Right, Qt.KeyboardModifier.ShiftModifier)
    assert bar.value() > before
    focus = t.screen.focus_key
    QTest.keyClick(view, Qt.Key.Key_Right)  # without Shift: the next glowing space
    assert t.screen.focus_key is not None and t.screen.focus_key != focus


@pytest.mark.gui
@pytest.mark.parametrize(("legend", "figure"), [("l2", "tranuk"), ("l3", "fox")])
def test_a_click_on_tranuk_or_the_fox_then_a_glowing_space_sends_it_there(
        make_table: Any, legend: str, figure: str) -> None:
    from frostdesk.games.andor_eternal_frost.state import MoveFox, MoveTranuk

    kind = MoveTranuk if figure == "tranuk" else MoveFox
    t = make_table()
    t.controller.new_game(GAME, [Seat("Ana"), Seat("Ana")], seed=3,
                          options={"legend": legend, "heroes": "dwarf,wizard"})
    t.wait_turn()
    gs = t.screen
    legal = t.controller.legal()
    moves = {a.to for a in legal if isinstance(a, kind)}
    assert moves and ("figure", figure) in gs.targets
    walk = next(k for k in gs.targets if k[0] == "space")
    assert isinstance(gs.targets[walk], Move)  # before: the spaces walk the hero
    t.click(("figure", figure))
    assert gs.figure == figure
    assert gs.scene.items_by_key[("figure", figure)].selected_mark
    spaces = {k[1] for k in gs.targets if k[0] == "space"}
    assert spaces == moves and all(isinstance(gs.targets[("space", sp)], kind)
                                   for sp in spaces)
    to = max(spaces)
    assert gs.scene.items_by_key[("space", to)].data["cost"].rstrip("!").endswith("h")
    assert figure in gs.message.text().lower() or "fox" in gs.message.text()
    t.click(("figure", figure))  # a second click puts it down: the walks come back
    assert gs.figure is None and isinstance(gs.targets[walk], Move)
    t.click(("figure", figure))
    QTest.keyClick(gs.view, Qt.Key.Key_Escape)  # so does Escape
    assert gs.figure is None and isinstance(gs.targets[walk], Move)
    t.click(("figure", figure))
    sent = gs.targets[("space", to)]
    before = len(t.controller.session.records)
    t.click(("space", to))
    t.qtbot.waitUntil(lambda: len(t.controller.session.records) > before, timeout=5000)
    assert t.controller.session.records[before].text == str(sent)
    assert t.state.figures[figure] == to


@pytest.mark.gui
def test_the_status_line_stays_whole_beside_the_fight_buttons_at_1280x720(
        make_table: Any) -> None:
    """With both Fight buttons, Pass, End the day and Free actions in the bar, the status
    line keeps its words on one line and no button overlaps it or another."""
    from frostdesk.games.andor_eternal_frost.state import Fight

    t = make_table()
    t.controller.new_game(GAME, [Seat("Ana"), Seat("Bot Aster", "bot", "heuristic")], seed=3,
                          options={"legend": "l1"})
    for _ in range(200):
        t.wait_turn()
        if any(isinstance(a, Fight) and a.allies for a in t.controller.legal()):
            break
        action, _ = t.controller.hint()
        before = len(t.controller.session.records)
        t.bus.action_requested.emit(action)
        t.qtbot.waitUntil(lambda n=before: len(t.controller.session.records) > n, timeout=5000)
    gs = t.screen
    assert sum(isinstance(a, Fight) for a in gs.button_actions) == 2
    assert len(gs.action_buttons) >= 5
    t.qtbot.wait(50)
    status = gs.status
    assert status.width() >= status.fontMetrics().horizontalAdvance(status.text())
    boxes = [status.geometry()] + [b.geometry() for b in gs.action_buttons] + [
        b.geometry() for b in (gs.hint_button, gs.undo_button, gs.log_button)]
    for i, a in enumerate(boxes):
        assert a.right() <= gs.bar.width()
        for b in boxes[i + 1:]:
            assert not a.intersects(b)
    for b in gs.action_buttons:  # a label cut short is whole in the tooltip
        full = str(b.property("label"))
        assert b.text() == full or ("…" in b.text() and full in b.toolTip())
    assert all(b.icon().isNull() for b in gs.action_buttons)  # crowded: no keycaps
    t.window.resize(1920, 1080)  # room again: the keycaps and the whole labels come back
    t.qtbot.waitUntil(lambda: all(not b.icon().isNull() for b in gs.action_buttons))
    assert all(b.text() == b.property("label") for b in gs.action_buttons)


@pytest.mark.gui
def test_a_hint_to_send_tranuk_picks_him_and_marks_the_space(make_table: Any) -> None:
    from frostdesk.games.andor_eternal_frost.state import MoveTranuk

    t = make_table()
    t.controller.new_game(GAME, [Seat("Ana"), Seat("Ana")], seed=3,
                          options={"legend": "l2", "heroes": "dwarf,wizard"})
    t.wait_turn()
    gs = t.screen
    action = max((a for a in t.controller.legal() if isinstance(a, MoveTranuk)),
                 key=lambda a: a.to)
    gs.show_hint_result(action, "Tranuk carries the load.")  # as the hint bot answers
    assert gs.figure == "tranuk" and gs.hint_keys == {("space", action.to)}
    assert gs.targets[("space", action.to)] == action
    assert gs.message.text().startswith("Hint: ") and "Tranuk" in gs.message.text()
    assert gs.scene.items_by_key[("space", action.to)].hint_mark
    QTest.keyClick(gs.view, Qt.Key.Key_Escape)
    assert gs.figure is None and not gs.hint_keys


@pytest.mark.parametrize("board_id", ["side1", "side2"])
def test_region_names_lie_under_no_space_and_beside_their_own_region(
        qapp: Any, board_id: str) -> None:
    from frostdesk.ui.games.andor_eternal_frost.pieces import SpacePiece, region_labels

    board = load_game(GAME).content.boards[board_id]
    labels = region_labels(board)
    named = {words.replace("\n", " ") for _, _, words in labels}
    # every region gets a name except one whose landmark already carries it (Echo Cave...)
    for key, title in board.regions.items():
        own = [sp for sp in board.spaces.values() if sp.region == key]
        landmark = any(title.lower() in sp.name.lower() for sp in own if sp.name)
        assert (title.upper() in named) != landmark, title
    w, h = board.canvas
    for rect, px, words in labels:
        assert px >= 38 and rect.left() >= 0 and rect.right() <= w and rect.bottom() <= h
        for sp in board.spaces.values():  # no disc reaches into a name's box
            x, y = sp.xy
            nx = min(max(x, rect.left()), rect.right())
            ny = min(max(y, rect.top()), rect.bottom())
            assert (nx - x) ** 2 + (ny - y) ** 2 > SpacePiece.R ** 2, (words, sp.id)
        mid = rect.center()
        nearest = min(board.spaces.values(), key=lambda sp: (sp.xy[0] - mid.x()) ** 2
                      + (sp.xy[1] - mid.y()) ** 2)
        assert nearest.region in {k for k, t in board.regions.items()
                                  if t.upper() == words.replace("\n", " ")}, words
    for (a, _, wa), (b, _, wb) in zip(labels, labels[1:], strict=False):
        assert not a.intersects(b), (wa, wb)


def test_glowing_spaces_do_not_touch_on_a_small_map(qapp: Any) -> None:
    """At 1152x648 the fitted map is drawn at about a quarter of its size: the legal glow
    keeps within half the narrowest gap between two spaces' discs."""
    import math

    from frostdesk.ui.games.andor_eternal_frost.pieces import GLOW_RINGS_SMALL, SpacePiece

    for board in load_game(GAME).content.boards.values():
        pts = [sp.xy for sp in board.spaces.values()]
        gap = min(math.dist(a, b) for k, a in enumerate(pts) for b in pts[k + 1:]) \
            - 2 * SpacePiece.R
        reach = 4 * GLOW_RINGS_SMALL + 5 / 2  # the outer ring and half its pen
        assert 2 * reach < gap, board.id


@pytest.mark.parametrize("board_id", ["side1", "side2"])
def test_landmark_names_lie_under_no_other_space(qapp: Any, board_id: str) -> None:
    """Under its space when there is room, else to one side, above, or on two lines: a
    landmark's name never hides under a neighbouring space (Tent City of the Yetohe between
    403 and 407, Peat Cutters' Hut over 40)."""
    from frostdesk.ui.games.andor_eternal_frost.pieces import NAME_REACH, SpacePiece, name_place

    board = load_game(GAME).content.boards[board_id]
    moved = 0
    for sid, sp in board.spaces.items():
        if not sp.name:
            continue
        rect, words = name_place(board, sid, sp.name)
        assert words.replace("\n", " ") == sp.name
        assert rect.left() >= -NAME_REACH and rect.right() <= NAME_REACH
        moved += rect.top() < 0 or "\n" in words or abs(rect.center().x()) > 1
        x, y = sp.xy
        for other, op in board.spaces.items():
            if other == sid:
                continue
            ox, oy = op.xy[0] - x, op.xy[1] - y
            nx = min(max(ox, rect.left()), rect.right())
            ny = min(max(oy, rect.top()), rect.bottom())
            assert (nx - ox) ** 2 + (ny - oy) ** 2 >= SpacePiece.R ** 2, (sp.name, other)
    assert moved  # some names had to move off their place under the space
