"""A careless player on every registered game's table: 120 random clicks, keys, menu picks,
undos and resizes (tests/careless.py) must never break the game, and what was recorded must
replay to the same position.

The seats come from the game's description: one person, a second person where the game seats
three or more (pass-and-play, hand-offs without a cover), the rest bots at the default level.
FROSTDESK_CARELESS_SEED picks another careless player (11 by default) for exploratory runs.
"""

from __future__ import annotations

import os
from typing import Any

import pytest
from contract import sample_options

from careless import click_around
from frostdesk.engine.registry import GameDescription
from frostdesk.engine.session import Seat

pytestmark = pytest.mark.ui


@pytest.mark.gui
def test_random_clicks_never_break_the_game(careless_app: Any, game_id: str,
                                            desc: GameDescription) -> None:
    players = max(desc.min_players, min(3, desc.max_players))
    bot = next((lv.bot for lv in desc.levels if lv.key == desc.default_level), "heuristic")
    seats = [Seat("Ana")] + [Seat("Bea") if i == 2 else Seat(f"Bot {i}", "bot", bot)
                             for i in range(1, players)]
    options = sample_options(desc, players, 1)
    options.pop("humans", None)  # the controller says which seats people run
    careless_app.controller.autosave_enabled = False
    seed = int(os.environ.get("FROSTDESK_CARELESS_SEED", "11"))
    click_around(careless_app, game_id, seats, seed, 120, options)
