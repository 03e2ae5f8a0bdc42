"""The status line and the line under it say what the game waits for in words a player can
read whole at a laptop's first window (1152x648, 90% of 1280x720), at every game's largest
player count, where the action bar holds the most. A line too long for the bar may drop its
last clauses whole (after "; "), never stop in the middle of one with "…"."""

from __future__ import annotations

import random
from typing import Any

import pytest
from contract import sample_options

from frostdesk.engine.registry import GameDescription
from frostdesk.engine.session import Seat

pytestmark = [pytest.mark.ui, pytest.mark.gui]


def test_the_status_lines_are_never_cut_mid_clause_at_a_laptops_first_window(
        app: Any, game_id: str, desc: GameDescription) -> None:
    c, w = app.controller, app.window
    w.resize(1152, 648)
    c.autosave_enabled = False
    players = desc.max_players
    bot = next((lv.bot for lv in desc.levels if lv.key == desc.default_level), "heuristic")
    seats = [Seat("Ana")] + [Seat(f"Bot {i + 1}", "bot", bot) for i in range(1, players)]
    options = sample_options(desc, players, 1)
    options.pop("humans", None)  # the controller says which seats people run
    c.new_game(game_id, seats, seed=11, options=options)
    r = random.Random(3)
    cut: set[str] = set()
    turns = 0
    for _ in range(400):
        app.wait_turn()
        if c.is_over():
            break
        gs = app.screen
        assert gs.status.text()  # it always says something
        for label in (gs.status, gs.message):
            if label.shown_text().endswith("…"):
                cut.add(f"{label.text()!r} shows as {label.shown_text()!r}")
        legal = c.legal()
        app.request(legal[r.randrange(len(legal))])
        turns += 1
    assert turns >= 2  # (the toy game is two turns long)
    assert not cut, "\n".join(sorted(cut))
