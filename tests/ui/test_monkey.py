"""A careless player's long sessions: 400 random clicks, keys, menu picks, undos and resizes
on a table of each game, with people and bots of several levels side by side (tests/careless.py;
the conformance suite runs a shorter session on every registered game)."""

from __future__ import annotations

from typing import Any

import pytest

from careless import click_around
from frostdesk.engine.session import Seat

TABLES = [
    ("frost-shelter", [Seat("Ana"), Seat("Bot A", "bot", "heuristic"),
                       Seat("Bot B", "bot", "easy"), Seat("Bot C", "bot", "random")], 3),
    ("frontier-stations", [Seat("Ana"), Seat("Bot A", "bot", "heuristic"),
                           Seat("Ana"), Seat("Bot C", "bot", "heuristic")], 4),
    ("last-aurora", [Seat("Ana"), Seat("Bot A", "bot", "heuristic"),
                     Seat("Bea"), Seat("Bot C", "bot", "easy")], 5),
    ("andor-eternal-frost", [Seat("Ana"), Seat("Bot A", "bot", "heuristic"),
                             Seat("Bea"), Seat("Bot C", "bot", "easy")], 6),
]


@pytest.mark.slow
@pytest.mark.parametrize("game,seats,seed", TABLES)
def test_a_long_session_of_random_clicks_never_breaks_the_game(
        make_table: Any, game: str, seats: list[Seat], seed: int) -> None:
    click_around(make_table(confirm_handoff=False, casual_undo=True), game, seats, seed, 400)
