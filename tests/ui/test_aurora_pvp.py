"""Last Aurora's Player vs. Player through the window: two people at one screen, Ana shoots at
Ben by clicking his board and the weapon's button; the hand-off cover comes up for Ben alone
to place the Damage (P5), then goes back to Ana; each convoy's PvP card shows on the table.
The new-game dialog offers the module only to 2 or more players, and says why."""

from __future__ import annotations

from typing import Any

import pytest
from PySide6.QtCore import Qt
from PySide6.QtWidgets import QCheckBox, QLabel

from frostdesk.engine.session import Seat
from frostdesk.games.last_aurora.state import Done, Explore, Move, Pass, Pick, Raid

pytestmark = pytest.mark.ui
GAME = "last-aurora"
OPTIONS = {"modules": ["pvp"]}


def policy(view: Any, legal: list[Any]) -> Any:
    """Ana takes the Ammo cell, everybody stays put and nobody shoots (Ana's shot is clicked)."""
    if view.phase == "explore" and view.actor == 0:
        for a in legal:
            if isinstance(a, Explore) and a.cell == 2 and a.main < 0 and not a.fed:
                return a
    for a in legal:
        if isinstance(a, Pass | Done):
            return a
    if view.phase == "move" and Move(view.mile[view.actor]) in legal:
        return Move(view.mile[view.actor])
    return legal[0]


def confirm_handoff(t: Any) -> int:
    seat = t.controller.awaiting_handoff
    assert seat is not None and t.screen.overlay.isVisible()
    t.qtbot.mouseClick(t.screen.overlay.button, Qt.MouseButton.LeftButton)
    t.qtbot.waitUntil(lambda: t.controller.viewer == seat, timeout=3000)
    return int(seat)


@pytest.mark.gui
def test_the_defender_alone_places_the_damage_behind_the_cover_then_it_returns(
        make_table: Any) -> None:
    t = make_table()
    # seed 5: in round 1's Fire Weapons Ana may shoot Ben, and her W2 lands 2 Damage in his
    # CENTRE, where three kinds of cell give him a choice for each counter
    t.controller.new_game(GAME, [Seat("Ana"), Seat("Ben")], seed=5, options=OPTIONS)
    handoffs: list[int] = []
    t.bus.handoff_requested.connect(handoffs.append)
    for _ in range(40):
        t.wait_turn()
        if t.controller.awaiting_handoff is not None:
            confirm_handoff(t)
            continue
        legal = t.controller.legal()
        if any(isinstance(a, Raid) for a in legal) and t.controller.viewer == 0:
            break
        before = len(t.controller.session.records)
        t.bus.action_requested.emit(policy(t.controller.view(), legal))
        t.qtbot.waitUntil(lambda n=before: len(t.controller.session.records) > n, timeout=5000)
    else:
        raise AssertionError("Ana never had a shot at Ben")
    gs = t.screen
    # the table: both PvP cards with their counters on space 1
    for seat in (0, 1):
        assert ("pvp", seat) in gs.scene.items_by_key
        assert ("marker", "evasion", seat) in gs.scene.items_by_key
    assert ("rival", 1) in gs.targets  # Ben's board glows: click it, then the weapon
    t.click(("rival", 1))
    assert gs.sel_rival == 1
    t.qtbot.wait(50)
    shot = Raid(0, False, 0, 1)
    assert [a for a in gs.button_actions if isinstance(a, Raid)] == [shot]
    assert t.button_for(shot).text().replace("\n", " ").endswith("Truck W2 at Ben")
    handoffs.clear()
    before = len(t.controller.session.records)
    t.press(shot)
    t.qtbot.waitUntil(lambda: len(t.controller.session.records) > before, timeout=5000)
    # the cover comes up for Ben alone: he places the two counters
    t.wait_turn()
    assert t.controller.awaiting_handoff == 1 and handoffs == [1]
    confirm_handoff(t)
    placed = 0
    while t.controller.session.state.phase == "choose":
        t.wait_turn()
        assert t.controller.viewer == 1 and t.controller.awaiting_handoff is None
        assert "where a rival's shot lands" in gs.status.text()
        picks = [a for a in gs.button_actions if isinstance(a, Pick)]
        assert len(picks) >= 2 and all(t.button_for(a).text().endswith(
            ("Container: Ammo", "Container: empty", "Container: Food")) for a in picks)
        assert "Ana's shot" in gs.message.text()
        before = len(t.controller.session.records)
        t.press(picks[-1])
        t.qtbot.waitUntil(lambda n=before: len(t.controller.session.records) > n,
                          timeout=5000)
        placed += 1
    assert placed == 2 and handoffs == [1]
    s = t.controller.session.state
    assert t.controller.game.damage_count(s, 1) == 2
    # then the table goes back to Ana, behind the cover again
    t.wait_turn()
    assert t.controller.awaiting_handoff == 0 and handoffs == [1, 0]
    confirm_handoff(t)
    assert t.controller.viewer == 0


def test_the_dialog_offers_pvp_to_two_or_more_and_says_why_not_solo(qtbot: Any) -> None:
    from frostdesk.settings import Settings
    from frostdesk.ui.screens.new_game import NewGameDialog

    d = NewGameDialog(GAME, Settings(player_name="Ana"))
    qtbot.addWidget(d)
    d.show()
    box = d.controls["modules"].findChild(QCheckBox, "modules_pvp")
    d.player_count.setValue(2)
    box.setChecked(True)
    assert box.isEnabled() and d.options()["modules"] == ["pvp"]
    d.player_count.setValue(1)
    why = ("Player vs. Player needs at least 2 players: there is no attack on the Automa, so "
           "it is not played solo.")
    assert not box.isEnabled() and not box.isChecked() and box.toolTip() == why
    assert why in {lab.text() for lab in d.findChildren(QLabel)}
    assert "modules" not in d.options()


@pytest.mark.parametrize("players", [2, 4])
def test_the_pvp_counters_on_the_table_follow_the_motions(players: int) -> None:
    """After every action of random games, the counters the motions moved stand where the
    view has them (the step that snaps to the real view has nothing left to move)."""
    import random

    from frostdesk.engine import registry
    from frostdesk.ui.games.last_aurora.table import AuroraBoard

    game = registry.load_game(GAME)
    moved = 0
    for seed in range(2):
        state, events = game.new_game({"players": players, **OPTIONS}, seed)
        board = AuroraBoard(game.view(state, 0).copy(), game)
        r = random.Random(seed)
        while game.to_move(state) is not None:
            state, events = game.apply(state, r.choice(list(game.legal(state))))
            for e in events:
                seen = e.seen_by(0)
                for m in game.motions(seen) if seen is not None else []:
                    moved += bool(board.apply(m)) and m.piece[0] == "marker"
            real = game.view(state, 0)
            assert (board.state.evasion, board.state.aggression) == \
                (real.evasion, real.aggression)
            board = AuroraBoard(real.copy(), game)
    assert moved  # the random games did move counters
