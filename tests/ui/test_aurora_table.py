"""Playing Last Aurora on its table by clicking, as a player does: a cell and its explorers
then the action's button, a road space, an illegal click that changes nothing and says why,
a hint, pass-and-play hand-offs that keep Objects hidden, and whole games with bots."""

from __future__ import annotations

import random
from pathlib import Path
from typing import Any

import pytest
from PySide6.QtCore import Qt
from PySide6.QtWidgets import QLabel

from frostdesk.engine.session import Seat
from frostdesk.games.last_aurora.state import Explore, Move

pytestmark = pytest.mark.ui
GAME = "last-aurora"
BOTS = [Seat("Bot Aster", "bot", "heuristic"), Seat("Bot Boreal", "bot", "heuristic"),
        Seat("Bot Cirrus", "bot", "heuristic")]


def play_until(t: Any, want: Any, limit: int = 300) -> None:
    """Ana plays the Normal bot's moves through the bus until `want(legal)` holds on her turn."""
    for _ in range(limit):
        t.wait_turn()
        assert not t.controller.is_over(), "the game ended first"
        legal = t.controller.legal()
        if want(legal):
            return
        action, _ = t.controller.hint()
        before = len(t.controller.session.records)
        t.bus.action_requested.emit(action)
        t.qtbot.waitUntil(lambda n=before: len(t.controller.session.records) > n, timeout=5000)
    raise AssertionError("never reached")


@pytest.mark.gui
def test_exploring_by_clicks_a_cell_an_explorer_and_the_button(make_table: Any) -> None:
    t = make_table()
    t.controller.new_game(GAME, [Seat("Ana"), BOTS[0]], seed=5)
    play_until(t, lambda legal: any(isinstance(a, Explore) for a in legal))
    gs = t.screen
    cell = next(a.cell for a in t.controller.legal() if isinstance(a, Explore))
    assert ("cell", cell) in gs.targets
    t.click(("cell", cell))
    assert gs.sel_cell == cell
    t.qtbot.wait(50)  # the bar's new buttons settle
    explorer = next(k for k, v in gs.targets.items() if v[0] == "pick")
    t.click(explorer)
    assert gs.picked
    wanted = [a for a in gs.button_actions if isinstance(a, Explore)]
    assert wanted and all(a.cell == cell and set(a.explorers) == gs.picked for a in wanted)
    before = len(t.controller.session.records)
    t.press(wanted[0])
    t.qtbot.waitUntil(lambda: len(t.controller.session.records) > before, timeout=5000)
    assert t.controller.session.records[before].text == str(wanted[0])


@pytest.mark.gui
def test_driving_by_clicking_a_glowing_road_space(make_table: Any) -> None:
    t = make_table()
    t.controller.new_game(GAME, [Seat("Ana"), BOTS[0]], seed=5)
    play_until(t, lambda legal: any(isinstance(a, Move) and a.to != t.state.mile[0]
                                    for a in legal))
    gs = t.screen
    to = max(a.to for a in t.controller.legal() if isinstance(a, Move) and not a.boost)
    assert ("mile", to) in gs.targets
    t.screen.scene.items_by_key[("mile", to)].glow  # noqa: B018 - it is drawn glowing
    assert t.screen.scene.items_by_key[("mile", to)].glow
    before = len(t.controller.session.records)
    t.click(("mile", to))
    t.qtbot.waitUntil(lambda: len(t.controller.session.records) > before, timeout=5000)
    assert t.controller.session.records[before].text == str(Move(to))


def test_an_illegal_click_changes_nothing_and_says_why(make_table: Any) -> None:
    t = make_table()
    t.controller.new_game(GAME, [Seat("Ana"), BOTS[0]], seed=5)
    play_until(t, lambda legal: any(isinstance(a, Explore) for a in legal))
    gs = t.screen
    before = len(t.controller.session.records)
    fingerprint = t.controller.game.fingerprint(t.state)
    t.click(("mile", 20))  # driving is not for the Exploration phase
    assert len(t.controller.session.records) == before
    assert t.controller.game.fingerprint(t.state) == fingerprint
    assert gs.message.property("kind") == "warn"
    assert "Not now" in gs.message.text() and "explore" in gs.message.text()


@pytest.mark.gui
def test_the_hint_picks_the_cell_and_marks_its_button(make_table: Any) -> None:
    t = make_table()
    t.controller.new_game(GAME, [Seat("Ana"), BOTS[0]], seed=5)
    play_until(t, lambda legal: any(isinstance(a, Explore) for a in legal))
    gs = t.screen
    gs.show_hint()
    t.qtbot.waitUntil(lambda: gs.hint_action is not None, timeout=20000)
    assert gs.message.property("kind") == "hint"
    assert gs.message.text().startswith("Hint: ")
    b = t.button_for(gs.hint_action)
    assert b is not None and b.property("hint")
    if isinstance(gs.hint_action, Explore):
        assert gs.sel_cell == gs.hint_action.cell


# 40 pauses (seed 8: both people have taken the table by the 4th, a person holds an Object the
# other must not see from the 6th, 8 hand-offs in the first 20).
@pytest.mark.gui
@pytest.mark.parametrize("pauses", [40])
def test_pass_and_play_hands_off_and_keeps_the_others_objects_hidden(make_table: Any,
                                                                     pauses: int) -> None:
    t = make_table()
    seats = [Seat("Ana"), Seat("Ben"), BOTS[0]]
    t.controller.new_game(GAME, seats, seed=8)
    g = t.controller.game
    handoffs: list[int] = []
    t.bus.handoff_requested.connect(handoffs.append)
    seen = set()
    # 40 pauses: both people have taken the table by the 5th (seed 8) and rivals hold Objects
    # at about 30 of them; the 40 after those (up to 2026-12-01) checked the same things again
    for _ in range(pauses):
        t.wait_turn()
        gs = t.screen
        if t.controller.awaiting_handoff is not None:
            seat = t.controller.awaiting_handoff
            assert gs.overlay.isVisible()
            t.qtbot.mouseClick(gs.overlay.button, Qt.MouseButton.LeftButton)
            t.qtbot.waitUntil(lambda seat=seat: t.controller.viewer == seat, timeout=3000)
            seen.add(seat)
            continue
        if t.controller.is_over():
            break
        viewer = t.controller.viewer
        mine = gs.scene.items_by_key[("mine",)].data
        own = [g.cards[o].name for o in t.state.objects[viewer]]
        assert mine["objects"] == (", ".join(own) if own else "none")
        for seat, hand in enumerate(t.state.objects):
            if seat == viewer or not hand:
                continue
            rival = gs.scene.items_by_key[("rival", seat)].data
            assert f"Objects {len(hand)}" in rival["line2"]
            text = " ".join(str(v) for v in rival.values())
            assert not any(g.cards[o].name in text for o in hand)
        action, _ = t.controller.hint()
        before = len(t.controller.session.records)
        t.bus.action_requested.emit(action)
        t.qtbot.waitUntil(lambda n=before: len(t.controller.session.records) > n, timeout=5000)
    assert seen == {0, 1} and len(handoffs) >= 2


@pytest.mark.slow  # the conformance suite's last-aurora-4p twin (also slow); 2p runs daily
def test_a_whole_four_player_game_runs_through_the_screen(make_table: Any) -> None:
    t = make_table()
    t.controller.new_game(GAME, [Seat("Ana")] + BOTS, seed=3)
    r = random.Random(3)
    moves = 0
    while True:
        t.wait_turn(timeout=60000)
        if t.controller.is_over():
            break
        legal = t.controller.legal()
        assert t.screen.choices == legal
        before = len(t.controller.session.records)
        t.screen.request(legal[r.randrange(len(legal))])
        t.qtbot.waitUntil(lambda n=before: len(t.controller.session.records) > n, timeout=5000)
        moves += 1
        assert moves < 1500
    assert t.controller.game.outcome(t.state) is not None and moves > 10
    assert t.screen.status.text()


@pytest.mark.gui
def test_undo_takes_back_a_drive_alone_against_bots(make_table: Any) -> None:
    t = make_table()  # "Undo against bots" is on by default
    t.controller.new_game(GAME, [Seat("Ana"), BOTS[0]], seed=5)
    play_until(t, lambda legal: any(isinstance(a, Move) and a.to != t.state.mile[0]
                                    for a in legal))
    before = t.controller.game.fingerprint(t.state)
    to = max(a.to for a in t.controller.legal() if isinstance(a, Move) and not a.boost)
    t.click(("mile", to))
    t.wait_turn()
    assert t.controller.game.fingerprint(t.state) != before
    assert t.screen.undo_available()
    t.qtbot.mouseClick(t.screen.undo_button, Qt.MouseButton.LeftButton)
    t.wait_turn()
    assert t.controller.game.fingerprint(t.state) == before
    assert ("mile", to) in t.screen.targets  # the same choice is offered again


@pytest.mark.gui
def test_undo_stops_at_revealed_cards_between_people(make_table: Any) -> None:
    t = make_table(casual_undo=False)
    t.controller.new_game(GAME, [Seat("Ana"), BOTS[0]], seed=5)
    play_until(t, lambda legal: any(isinstance(a, Explore) and a.main >= 0 for a in legal))
    explore = next(a for a in t.controller.legal() if isinstance(a, Explore) and a.main >= 0)
    before = len(t.controller.session.records)
    t.bus.action_requested.emit(explore)  # taking a card reveals the next one
    t.qtbot.waitUntil(lambda: len(t.controller.session.records) > before, timeout=5000)
    t.wait_turn()
    assert t.controller.session.records[before].chance
    assert not t.screen.undo_available()
    t.qtbot.mouseClick(t.screen.undo_button, Qt.MouseButton.LeftButton)
    assert len(t.controller.session.records) > before  # nothing was taken back
    assert "revealed" in t.screen.message.text() or "moved" in t.screen.message.text()


# 25 of your moves (and the bots' between them: drives, explores, the Aurora's advance) reach
# many kinds of card and much of the road.
@pytest.mark.gui
@pytest.mark.parametrize("moves", [25])
def test_the_table_animates_the_motions_without_a_problem(make_table: Any,
                                                         monkeypatch: Any, moves: int) -> None:
    from frostdesk import settings

    # every motion is animated, at a fifth of the players' "fast": the test is about where
    # the pieces land, and each flight still spans several frames
    monkeypatch.setitem(settings.SPEED_FACTOR, "fast", 0.1)
    t = make_table(animation_speed="fast")
    t.controller.new_game(GAME, [Seat("Ana")] + BOTS, seed=11)
    for _ in range(moves):
        t.wait_turn(timeout=60000)
        if t.controller.is_over():
            break
        action, _ = t.controller.hint()
        before = len(t.controller.session.records)
        t.bus.action_requested.emit(action)
        t.qtbot.waitUntil(lambda n=before: len(t.controller.session.records) > n, timeout=5000)
    t.qtbot.waitUntil(lambda: not t.screen.animator.busy, timeout=20000)
    gs = t.screen
    want = gs._specs(gs._board_of(t.controller.view()))
    assert set(gs.scene.items_by_key) == set(want)  # the table ends on the real view
    for key, spec in want.items():
        item = gs.scene.items_by_key[key]
        assert abs(item.pos().x() - spec.x) < 0.5 and abs(item.pos().y() - spec.y) < 0.5


def test_the_end_screen_shows_each_convoys_fame_in_parts(qtbot: Any) -> None:
    """On a game the Normal bots finish without a window (the conformance suite plays Last
    Aurora through the window to its end screen every day)."""
    from frostdesk.ai import make_agent
    from frostdesk.engine.registry import load_game
    from frostdesk.engine.session import Session
    from frostdesk.ui.games.last_aurora.results import AuroraResults, fame_rows

    g = load_game(GAME)
    session = Session.new(g, {}, 6, [Seat("Ana"), BOTS[0]])
    agents = [make_agent(g, "heuristic", 6 + i) for i in range(2)]
    while (seat := session.to_move()) is not None:
        view = g.view(session.state, seat)
        session.apply(agents[seat].choose(g, view, g.legal(session.state), seat))
    o = g.outcome(session.state)
    order, rows = fame_rows(g, session)
    for seat, row in zip(order, rows, strict=True):
        parts = o.details["parts"][seat]
        assert int(row[3]) == o.scores[seat] == sum(parts.values())
        assert int(row[4]) == parts["track"] and int(row[5]) == parts["distance"]
    panel = AuroraResults(g, session)
    qtbot.addWidget(panel)
    assert panel.ranking()[0][1] == rows[0][1] and panel.winners


def test_button_words_for_the_binoculars_and_a_drive() -> None:
    from frostdesk.games import load_game
    from frostdesk.games.last_aurora.state import Order
    from frostdesk.ui.games.last_aurora.screen import action_label

    g = load_game(GAME)
    s, _ = g.new_game({"players": 2}, 3)
    s.peek = 3
    top = [g.cards[x].name for x in s.xdeck[:3]]
    assert action_label(g, s, Order((0, 1, 2))) == "Keep the order"
    assert action_label(g, s, Order((2, 0, 1))) == f"{top[2]} on top"
    assert action_label(g, s, Move(s.mile[s.actor])) == "Stay"
    assert action_label(g, s, Move(4, True)) == "Drive to 4 (Boost)"


@pytest.mark.gui
def test_throwing_a_token_away_takes_two_clicks(make_table: Any) -> None:
    from frostdesk.games.last_aurora.state import Drop

    t = make_table()
    t.controller.new_game(GAME, [Seat("Ana"), BOTS[0]], seed=5)
    play_until(t, lambda legal: any(isinstance(a, Drop) for a in legal)
               and any(isinstance(a, Explore) for a in legal))
    gs = t.screen
    assert not any(isinstance(a, Drop) for a in gs.button_actions)  # kept out of the way
    opener = next(b for b, a in zip(gs.action_buttons, gs.button_actions, strict=True)
                  if a is None)
    t.qtbot.mouseClick(opener, Qt.MouseButton.LeftButton)
    drops = [a for a in gs.button_actions if isinstance(a, Drop)]
    assert drops and gs.action_buttons[-1].text() == "Back"
    before = len(t.controller.session.records)
    t.press(drops[0])
    t.qtbot.waitUntil(lambda: len(t.controller.session.records) > before, timeout=5000)
    assert t.controller.session.records[before].text == str(drops[0])


@pytest.mark.gui
def test_right_click_on_a_road_space_says_what_it_holds_and_costs(make_table: Any) -> None:
    t = make_table()
    t.controller.new_game(GAME, [Seat("Ana"), BOTS[0]], seed=5)
    t.wait_turn()
    gs = t.screen
    t.click(("mile", 15), Qt.MouseButton.RightButton)
    assert gs.message.text() == ("Mile 15, the Bay, red waypoint W1, the Aurora: driving in "
                                 "boards her. Out of reach this Movement.")
    words = gs.mile_words(2)
    assert words.startswith("Mile 2, the Valley") and "1 Fuel" in words


def test_every_convoy_cards_name_shows_whole_at_1280x720(qtbot: Any) -> None:
    """At the table's scale in a 1280x720 window (0.79) every truck, trailer and device
    name fits its card: on one line, or on two (never cut with '…')."""
    from PySide6.QtGui import QFont, QFontMetricsF, QImage, QPainter

    from frostdesk.engine.registry import load_game
    from frostdesk.ui import theme
    from frostdesk.ui.games.last_aurora.table import vehicle_name
    from frostdesk.ui.kit.text import FLOOR_PX

    game = load_game(GAME)
    image = QImage(200, 200, QImage.Format.Format_ARGB32)
    p = QPainter(image)
    p.scale(0.79, 0.79)
    width = 112.0 - 6
    names = {c.name for c in game.cards if c.kind in ("truck", "trailer", "device")}
    got = []
    try:
        got = [(name, *vehicle_name(p, name, width)) for name in sorted(names)]
    finally:
        p.end()
    two = []
    for name, text, px, lines, spacing in got:
        assert px * 0.79 >= FLOOR_PX - 0.01 and spacing > -1.65
        # the whole name, or (a name too long for two lines) its last words
        assert name.endswith(text.replace("\n", " ")) and lines == text.count("\n") + 1
        assert text.replace("\n", " ") == name or len(name.split(" ")) > 2
        font = theme.scene_font(px, QFont.Weight.Bold)
        font.setLetterSpacing(QFont.SpacingType.AbsoluteSpacing, spacing)
        fm = QFontMetricsF(font)
        assert all(fm.horizontalAdvance(line) <= width for line in text.split("\n")), name
        if lines == 2:
            two.append(name)
    assert "Rusty Container" in two and "Flatbed" not in two  # short enough for one line


@pytest.mark.gui
def test_a_zone_cards_preview_and_any_cards_dialog_hold_all_its_text(make_table: Any) -> None:
    from frostdesk.ui.games.last_aurora.card_dialog import AuroraCardDialog
    from frostdesk.ui.games.last_aurora.table import CardPiece, CardPreview

    t = make_table()
    t.controller.new_game(GAME, [Seat("Ana"), BOTS[0]], seed=1)
    t.wait_turn()
    gs = t.screen
    game = t.controller.game
    items = gs.scene.items_by_key
    zone = [k for k, i in items.items() if isinstance(i, CardPiece) and i.data["mode"] == "zone"]
    key = max(zone, key=lambda k: len(game.content.by_id(k[1]).text))
    gs.scene._hovered = items[key]
    gs.scene._show_preview()
    preview = gs.scene.preview
    assert isinstance(preview, CardPreview) and preview.isVisible()
    assert CardPreview.rules_text(items[key]).startswith(game.content.by_id(key[1]).text)
    assert preview.boundingRect().width() > items[key].card_rect().width() + 150  # the panel
    right = preview.mapRectToScene(preview.boundingRect()).right()
    assert right <= gs.scene.sceneRect().right()  # the panel stays on the table
    mine = [k for k, i in items.items() if isinstance(i, CardPiece) and i.data["mode"] != "zone"]
    for k in (key, mine[0]):
        t.click(k, Qt.MouseButton.RightButton)
        dialogs = [d for d in gs.findChildren(AuroraCardDialog) if d.isVisible()]
        assert len(dialogs) == 1
        card = game.content.by_id(k[1])
        words = dialogs[0].findChild(QLabel, "cardSource").text()
        assert card.name in words and card.text in words
        assert (items[k].toolTip() == "") == (k == key)  # the zone card has its preview
        shown = dialogs[0]
        shown.close()
        t.qtbot.waitUntil(lambda d=shown: not d.isVisible())
    assert game.content.by_id(mine[0][1]).text in items[mine[0]].toolTip()


def test_a_cards_words_name_its_cargo_cells_for_either_kind() -> None:
    from frostdesk.engine.registry import load_game
    from frostdesk.ui.games.last_aurora.table import card_words

    game = load_game(GAME)
    either = [c for c in game.cards if any(x.startswith("C:") and "/" in x for x in c.cells)]
    assert either
    for c in either:
        words = card_words(game, c.id, {})
        pairs = [x[2:].split("/") for x in c.cells if x.startswith("C:") and "/" in x]
        assert all(f"{a.title()} or {b.title()}" in words for a, b in pairs), words
        assert words.startswith(f"{c.name} ({c.kind})") and c.text in words


@pytest.mark.gui
def test_a_six_cell_truck_in_the_zone_keeps_its_words_and_cells_on_its_card(
        themed: Any, tmp_path: Path) -> None:
    """Seed 7 deals the Snow Crawler (Speed 2 +1, Tow 3, tracks; five cells) into the zone: in
    the first window its words wrapped over its cells and the cells ran off the card. The
    words keep their head ("Speed 2 +1", the rest in the zoom) and the cells wrap."""
    from frostdesk.app import render_screenshot

    shot = render_screenshot("last-aurora", 4, 7, (1152, 648), 0, tmp_path / "zone.png")
    assert not [e for e in shot["elided"] if e["by"] == "CardPiece.paint_zone_card"], \
        shot["elided"]


@pytest.mark.gui
def test_the_hints_move_gets_a_button_even_far_down_a_long_list(make_table: Any,
                                                               monkeypatch: Any) -> None:
    """Seen playing under Xvfb: a cell with many ways to explore it (a Location's takes times
    the Quartermaster Robot's meals) listed the hint's move ninth, and the bar of five showed
    no button for it. The bar's list is made long here (every Explore of the turn)."""
    from frostdesk.ui.games.last_aurora.screen import BUTTONS

    t = make_table()
    t.controller.new_game(GAME, [Seat("Ana"), BOTS[0]], seed=5)
    play_until(t, lambda legal: sum(1 for a in legal if isinstance(a, Explore)) > BUTTONS)
    gs = t.screen
    listed = [a for a in t.controller.legal() if isinstance(a, Explore)]
    monkeypatch.setattr(gs, "_button_actions", lambda: [(a, True) for a in listed])
    far = listed[-1]
    gs.show_hint_result(far, "because")
    assert far in gs.button_actions[:BUTTONS]
    button = gs.action_buttons[gs.button_actions.index(far)]
    assert button.property("hint") is True
    assert len(gs.button_actions) == BUTTONS  # still a bar of five


@pytest.mark.gui
def test_the_androids_meals_are_a_second_choice_on_the_bar(make_table: Any) -> None:
    """Module 3: explores that differ only in what the androids eat share one button; it
    offers the meals (by what is eaten), and Back returns to the moves. Before, a cell gave
    five buttons of "Robot eats X · Take Y · feed 1", cut to "Rob…el · Bon…d 1"."""
    from dataclasses import replace

    t = make_table()
    t.window.resize(1152, 648)  # a 1280x720 laptop's first window
    t.controller.new_game(GAME, [Seat("Ana"), BOTS[0]], seed=3,
                          options={"modules": "crew", "crews": "androids,pack"})

    def meals_differ(legal: list[Any]) -> bool:
        moves: dict[Any, set[Any]] = {}
        for a in legal:
            if isinstance(a, Explore) and a.meal:
                moves.setdefault(replace(a, meal=()), set()).add(a.meal)
        return any(len(m) > 1 for m in moves.values())

    play_until(t, meals_differ)
    gs = t.screen
    legal = t.controller.legal()
    move, meals = next((k, [a for a in legal if isinstance(a, Explore)
                            and replace(a, meal=()) == k])
                       for k in {replace(a, meal=()) for a in legal
                                 if isinstance(a, Explore) and a.meal}
                       if sum(1 for a in legal if isinstance(a, Explore)
                              and replace(a, meal=()) == k) > 1)
    gs.sel_cell, gs.picked = move.cell, set(move.explorers)
    gs.hint_action = None
    gs._refresh_bar()
    labels = [str(b.property("label")) for b in gs.action_buttons]
    group = next(i for i, b in enumerate(gs.action_buttons)
                 if str(b.property("label")).endswith("…") and gs.button_actions[i] is None)
    assert not any(" eats " in label for label in labels), labels  # no meal on the moves
    gs.action_buttons[group].click()
    assert gs.meal_of is not None
    shown = [a for a in gs.button_actions if a is not None]
    assert sorted(map(str, shown)) == sorted(map(str, meals))  # one button a meal
    assert [str(b.property("label")) for b in gs.action_buttons][-1] == "Back"
    assert all(" eats " not in str(b.text()) for b in gs.action_buttons)  # just what is eaten
    assert all("…" not in b.text() for b in gs.action_buttons)  # whole at 1152 px
    assert "What do the androids eat?" in gs.message.text()
    gs.action_buttons[-1].click()  # Back
    assert gs.meal_of is None
    assert [str(b.property("label")) for b in gs.action_buttons] == labels
    gs.action_buttons[group].click()
    before = len(t.controller.session.records)
    gs.action_buttons[0].click()
    t.qtbot.waitUntil(lambda: len(t.controller.session.records) > before, timeout=5000)
    assert t.controller.session.records[before].text == str(shown[0])


@pytest.mark.parametrize("names", [
    ["Wolfgang Wilhelmsson", "Magdalena Mwangi-Wu", "Maximilian Alexander",
     "Wilhelmina Westwood"],
    ["W" * 20, "M" * 20, "Wolfgang Amadeus Moz", "Q" * 20]])  # the widest there are
def test_long_names_are_cut_never_spilled_and_the_turn_order_ends_before_the_ship(
        make_table: Any, names: list[str]) -> None:
    from frostdesk.ui.kit import text
    from frostdesk.ui.kit.items import clear_pixmap_cache

    t = make_table()
    seats = [Seat(names[0])] + [Seat(n, "bot", "heuristic") for n in names[1:]]
    t.controller.new_game(GAME, seats, seed=3)
    t.wait_turn()
    clear_pixmap_cache()
    text.reset_smallest()
    t.window.grab()
    assert not [e for e in text.elided() if e.kind != "elided"]  # nothing runs out of its box
    header = t.screen.scene.items_by_key[("header",)]
    room = float(header.data["order_room"])  # up to the ship's name, which sits over the road
    assert room > 300
    order = next((e for e in text.elided() if e.by.startswith("HeaderPiece")), None)
    if order is not None:  # cut to end before the ship's name
        from PySide6.QtGui import QFont, QFontMetricsF

        from frostdesk.ui import theme

        size = max(19.0, text.FLOOR_PX / header.sceneTransform().m11()
                   / t.screen.view.transform().m11())
        width = QFontMetricsF(theme.scene_font(size, QFont.Weight.Normal)).horizontalAdvance(
            order.shown)
        assert width <= room + 0.5
