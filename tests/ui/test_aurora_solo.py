"""Last Aurora alone against the Automa, on the table: its panel shows the view, its board
follows the motions, the status line says when it acts, and a whole solo game ends on the
end screen naming the winner, you or the Automa, with both scores."""

from __future__ import annotations

import random
from typing import Any

import pytest
from PySide6.QtCore import Qt

from frostdesk.engine import registry
from frostdesk.engine.session import Seat
from frostdesk.ui.games.last_aurora.automa_panel import (
    TRACKS,
    SoloBoard,
    SoloLayout,
    automa_words,
    card_lines,
)

pytestmark = pytest.mark.ui
GAME = "last-aurora"


def _automa(s: Any) -> dict[str, Any]:
    return {"card": s.acard, "speed": s.aspeed, "surv": s.asurv, "dmg": s.admg,
            "objects": len(s.aobjects), "loot": sorted(s.aloot), "mile": s.mile[s.n],
            "boarded": s.n in s.boarded}


@pytest.mark.parametrize("level", ["easy", "hard"])
def test_the_automas_board_follows_the_motions(level: str) -> None:
    game = registry.load_game(GAME)
    for seed in range(3):
        state, events = game.new_game({"players": 1, "automa": level}, seed)
        board = SoloBoard(game.view(game.setup({"players": 1, "automa": level}, seed), 0),
                          game)
        r = random.Random(seed)
        while True:
            for e in events:
                seen = e.seen_by(0)
                if seen is not None:
                    board = board.copy()
                    for m in game.motions(seen):
                        board.apply(m)
            real = game.view(state, 0)
            assert _automa(board.state) == _automa(real)
            board = SoloBoard(real, game)
            if game.to_move(state) is None:
                break
            state, events = game.apply(state, r.choice(list(game.legal(state))))


def test_each_action_card_reads_as_three_lines() -> None:
    game = registry.load_game(GAME)
    for c in game.content.automa.cards:
        lines = card_lines(c.text)
        assert len(lines) == 3 and all(lines), c.id
        assert not any(x.startswith(("Enemy here", "Movement:", "End of Round")) for x in lines)
    assert card_lines("One sentence only") == ["One sentence only", "", ""]


def test_the_status_words_say_what_the_automa_did() -> None:
    game = registry.load_game(GAME)
    state, events = game.new_game({"players": 1}, 4)
    words = automa_words(game, events, state.n)
    card = game.content.automa.cards[state.acard].name
    assert words.startswith("The Automa acts: plays " + card)
    assert automa_words(game, [], 1) == ""


@pytest.mark.gui
def test_the_panel_shows_the_automa_of_the_view(make_table: Any) -> None:
    t = make_table()
    t.controller.new_game(GAME, [Seat("Ana")], seed=2, options={"automa": "hard"})
    for _ in range(8):
        t.wait_turn()
        action, _ = t.controller.hint()
        before = len(t.controller.session.records)
        t.bus.action_requested.emit(action)
        t.qtbot.waitUntil(lambda n=before: len(t.controller.session.records) > n, timeout=5000)
    t.wait_turn()
    view = t.controller.view()
    items = t.screen.scene.items_by_key
    panel = items[("automa",)].data
    assert (panel["speed"], panel["surv"], panel["dmg"]) == (view.aspeed, view.asurv, view.admg)
    assert panel["fame"] == view.fame[1] and panel["objects"] == len(view.aobjects)
    assert panel["level"] == "Hard" and panel["targets"] == view.targets[1]
    layout = t.screen.layout_
    assert isinstance(layout, SoloLayout)
    for track, _, _ in TRACKS:
        x, y = layout.track_point(track, getattr(view, "a" + track))
        assert abs(items[("automa", track)].pos().x() - x) < 0.5
    card = t.controller.game.content.automa.cards[view.acard]
    assert items[("automa_card", card.id)].data["lines"] == card_lines(card.text)
    assert ("convoy", 1) in items  # its token on the road
    assert "The Automa" in items[("header",)].data["order"]


@pytest.mark.gui
def test_the_status_line_says_when_the_automa_acts(make_table: Any) -> None:
    t = make_table(animation_speed="slow")
    t.controller.new_game(GAME, [Seat("Ana")], seed=5)
    seen: list[str] = []
    t.screen.status.setText("")

    def note() -> bool:
        seen.append(t.screen.status.text())
        return t.controller.my_turn() and not t.screen.animator.busy

    for _ in range(6):  # up to six of Ana's moves; it stops once the Automa has been named
        t.qtbot.waitUntil(note, timeout=20000)
        if any(s.startswith("The Automa acts:") for s in seen):
            break
        action, _ = t.controller.hint()
        t.bus.action_requested.emit(action)
        t.qtbot.wait(30)
        seen.append(t.screen.status.text())
    assert any(s.startswith("The Automa acts:") for s in seen), seen


def _play_to_the_end(t: Any, seed: int, level: str, bot: str) -> None:
    from frostdesk.ai import make_agent

    t.controller.new_game(GAME, [Seat("Ana")], seed=seed, options={"automa": level})
    game = t.controller.game
    agent = make_agent(game, bot, seed)
    moves = 0
    while True:
        t.wait_turn(timeout=60000)
        if t.controller.is_over():
            break
        legal = t.controller.legal()
        assert t.screen.choices == legal
        action = agent.choose(game, t.controller.view(), legal, 0)
        before = len(t.controller.session.records)
        t.screen.request(action)
        t.qtbot.waitUntil(lambda n=before: len(t.controller.session.records) > n, timeout=5000)
        moves += 1
        assert moves < 600


# Both headlines, the won game and the lost one, run with -m gui (CI's second pass).
@pytest.mark.gui
@pytest.mark.parametrize(("seed", "level", "bot", "wins"), [
    (2, "easy", "heuristic", True),
    pytest.param(1, "hard", "random", False, marks=pytest.mark.gui)])
def test_a_solo_game_ends_on_the_end_screen_with_both_scores(make_table: Any, seed: int,
                                                             level: str, bot: str,
                                                             wins: bool) -> None:
    t = make_table()
    _play_to_the_end(t, seed, level, bot)
    o = t.controller.game.outcome(t.state)
    assert (o.places == (1,)) is wins  # both ends of the headline are seen
    yours, its = o.scores[0], o.details["automa"]
    t.qtbot.waitUntil(lambda: t.window.stack.currentWidget() is t.window.end_screen,
                      timeout=10000)
    end = t.window.end_screen
    won = o.places == (1,)
    assert end.headline.text() == ("Ana beat the Automa!" if won else "The Automa wins")
    assert f"Ana {yours} Fame, the Automa {its}" in end.summary.text()
    assert f"solo against the {level.title()} Automa" in end.summary.text()
    rows = end.ranking()
    assert [r[1] for r in rows] == (["Ana", "The Automa"] if won else ["The Automa", "Ana"])
    assert {r[1]: int(r[3]) for r in rows} == {"Ana": yours, "The Automa": its}
    assert rows[0][0] == "★ 1st" and rows[1][0] == "2nd"
    zone = o.details["automa_parts"]["objects"] + o.details["automa_parts"]["loot"]
    assert {r[1]: int(r[6]) for r in rows}["The Automa"] == zone
    table = end.panel.table
    assert table.horizontalHeaderItem(6).text() == "★ cells / zone"


@pytest.mark.gui
def test_the_automas_card_asks_you_on_the_buttons(make_table: Any) -> None:
    from frostdesk.ai import make_agent

    t = make_table()
    t.controller.new_game(GAME, [Seat("Ana")], seed=1, options={"automa": "normal"})
    game = t.controller.game
    agent = make_agent(game, "heuristic", 1)
    for _ in range(40):
        t.wait_turn()
        if t.state.phase == "choose" and str(t.state.pending[0]).startswith("automa"):
            break
        action = agent.choose(game, t.controller.view(), t.controller.legal(), 0)
        before = len(t.controller.session.records)
        t.bus.action_requested.emit(action)
        t.qtbot.waitUntil(lambda n=before: len(t.controller.session.records) > n, timeout=5000)
    else:
        raise AssertionError("the Automa's card never asked")
    t.qtbot.waitUntil(lambda: not t.screen.animator.busy, timeout=10000)
    assert t.screen.status.text() == ("Ana: choose which Active survivor takes the Automa's "
                                      "Contamination")
    words = [b.text() for b in t.screen.action_buttons]
    assert words[:2] == ["Leader", "Co-pilot"]
    header = t.screen.scene.items_by_key[("header",)].data["text"]
    assert header.endswith("· End of Round: a choice")
    chosen = t.screen.button_actions[1]
    assert game.pick_text(t.controller.view(), chosen.option) == "Co-pilot"
    before = len(t.controller.session.records)
    t.screen.action_buttons[1].click()
    t.qtbot.waitUntil(lambda: len(t.controller.session.records) > before, timeout=5000)
    assert t.controller.session.records[before].text == str(chosen)


@pytest.mark.gui
def test_undo_takes_back_a_move_and_the_automas_answer(make_table: Any) -> None:
    from frostdesk.games.last_aurora.state import Move

    t = make_table()
    t.controller.new_game(GAME, [Seat("Ana")], seed=3, options={"automa": "normal"})
    for _ in range(30):
        t.wait_turn()
        if any(isinstance(a, Move) and a.to != t.state.mile[0] for a in t.controller.legal()):
            break
        action, _ = t.controller.hint()
        before = len(t.controller.session.records)
        t.bus.action_requested.emit(action)
        t.qtbot.waitUntil(lambda n=before: len(t.controller.session.records) > n, timeout=5000)
    before = t.controller.game.fingerprint(t.state)
    automa_mile = t.state.mile[1]
    to = max(a.to for a in t.controller.legal() if isinstance(a, Move) and not a.boost)
    t.click(("mile", to))
    t.wait_turn()
    assert t.controller.game.fingerprint(t.state) != before
    assert t.screen.undo_available()
    t.screen.undo_button.click()
    t.wait_turn()
    assert t.controller.game.fingerprint(t.state) == before
    assert t.state.mile[1] == automa_mile
    t.qtbot.waitUntil(lambda: not t.screen.animator.busy, timeout=10000)
    layout = t.screen.layout_
    x, _ = layout.token_point(automa_mile, 0, 1)
    token = t.screen.scene.items_by_key[("convoy", 1)]
    assert abs(token.pos().x() - x) < 30  # its token is back where it stood


def test_the_new_game_dialog_offers_the_automa_only_to_one_player(qtbot: Any) -> None:
    from frostdesk.settings import Settings
    from frostdesk.ui.screens.new_game import NewGameDialog, set_control

    dialog = NewGameDialog(GAME, Settings())
    qtbot.addWidget(dialog)
    dialog.show()
    combo = dialog.controls["automa"]
    assert [combo.itemText(i) for i in range(combo.count())] == ["Easy", "Normal", "Hard"]
    tip = Qt.ItemDataRole.ToolTipRole
    assert all(combo.itemData(i, tip) for i in range(combo.count()))  # a tip each
    dialog.player_count.setValue(1)
    assert combo.isVisible() and dialog.options()["automa"] == "normal"
    set_control(combo, "hard")
    assert dialog.options()["automa"] == "hard"
    dialog.player_count.setValue(3)
    assert not combo.isVisible() and "automa" not in dialog.options()
    # the header stays over the Frozen Steel modules, offered at every player count
    assert dialog._options_header is not None and dialog._options_header.isVisible()
    assert dialog.controls["modules"].isVisible()
    dialog.player_count.setValue(1)
    assert combo.isVisible() and dialog._options_header.isVisible()


def test_quick_solo_is_you_alone_against_the_normal_automa(make_table: Any) -> None:
    from frostdesk.settings import Settings
    from frostdesk.ui.screens.new_game import quick_solo_config

    c = quick_solo_config(GAME, Settings(player_name="Ana"))
    assert [s.name for s in c.seats] == ["Ana"] and c.options == {"automa": "normal"}
    t = make_table()
    w = t.window
    tile = w.start_screen.tiles[GAME]
    assert tile.quick_solo_text == "Quick solo (vs the Automa)"  # a tile short of room
    assert tile.quick_solo.text() in (tile.quick_solo_text, "Quick solo")  # says it plainly
    assert "Automa" in tile.quick_solo.toolTip()
    tile.quick_solo.click()  # the start screen's button, as a player clicks it
    t.wait_turn()
    assert w.stack.currentWidget() is t.screen
    assert t.state.n == 1 and t.state.level == "normal"
    assert ("automa",) in t.screen.scene.items_by_key  # the Automa's panel on the table
