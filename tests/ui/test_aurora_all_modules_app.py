"""Last Aurora with all five Frozen Steel modules, through the app: two people passing the
computer (Ana and Ben, a hand-off cover between them) and two bots play a whole game on the
real window and bus to the end screen; solo with modules 1-4 against the Automa the same way.
Each step is a move the table offers (a human's choice, as a click on the table asks it on the
bus). `FROSTDESK_SHOTS=DIR` keeps screenshots of the table along the way to look at."""

from __future__ import annotations

import os
import random
from pathlib import Path
from typing import Any

import pytest
from PySide6.QtCore import Qt

from frostdesk.engine.session import Seat

pytestmark = [pytest.mark.ui, pytest.mark.gui]
GAME = "last-aurora"


def play_to_the_end(t: Any, seed: int, shots: str, shot_every: int) -> tuple[int, int]:
    """Random legal moves for the people, the bots their own, to the end screen; (moves made,
    hand-offs confirmed)."""
    c, w = t.controller, t.window
    r = random.Random(seed)
    moves = handoffs = 0
    while True:
        t.wait_turn(timeout=60000)
        if c.is_over():
            break
        if c.awaiting_handoff is not None:
            seat = c.awaiting_handoff
            assert t.screen.overlay.isVisible()  # nobody's hidden Objects show meanwhile
            assert t.screen.overlay.button.text().endswith("show my Objects")  # not "hand"
            t.qtbot.mouseClick(t.screen.overlay.button, Qt.MouseButton.LeftButton)
            t.qtbot.waitUntil(lambda seat=seat: c.viewer == seat, timeout=5000)
            handoffs += 1
            continue
        legal = c.legal()
        assert legal and t.screen.choices is not None, t.screen.message.text()
        before = len(c.session.records)
        t.screen.bus.action_requested.emit(legal[r.randrange(len(legal))])
        assert len(c.session.records) == before + 1, t.screen.message.text()
        moves += 1
        if shots and moves % shot_every == 0:
            w.grab().save(str(Path(shots) / f"move-{moves:03d}.png"))
        assert moves < 3000
    t.qtbot.waitUntil(lambda: w.stack.currentWidget() is w.end_screen, timeout=10000)
    if shots:
        w.grab().save(str(Path(shots) / "end.png"))
    return moves, handoffs


def test_four_convoys_with_every_module_two_people_and_two_bots_play_to_the_end(
        make_table: Any, tmp_path: Path) -> None:
    t = make_table()
    t.controller.autosave_enabled = False
    shots = os.environ.get("FROSTDESK_SHOTS", "")
    seats = [Seat("Ana"), Seat("Ben"), Seat("Bot Boreal", "bot", "heuristic"),
             Seat("Bot Cirrus", "bot", "heuristic")]
    t.controller.new_game(GAME, seats, seed=11, options={
        "modules": ["exploration", "asgard", "crew", "story", "pvp"],
        "crews": ["pack", "random", "vikings", "random"]})
    state = t.controller.session.state
    assert state.modules == ("exploration", "asgard", "crew", "story", "pvp")
    moves, handoffs = play_to_the_end(t, 11, shots, 25)
    assert moves > 20 and handoffs > 0  # Ana and Ben passed the computer
    assert t.window.end_screen.headline.text()


def test_solo_with_modules_one_to_four_against_the_automa_plays_to_the_end(
        make_table: Any) -> None:
    t = make_table()
    t.controller.autosave_enabled = False
    t.controller.new_game(GAME, [Seat("Ana")], seed=12, options={
        "modules": ["exploration", "asgard", "crew", "story"], "automa": "normal"})
    moves, handoffs = play_to_the_end(t, 12, os.environ.get("FROSTDESK_SHOTS", ""), 10)
    assert moves > 10 and handoffs == 0
