"""Every registered game names a game in progress for Continue: its own words through its
description's `progress` hook, or, for a game without one (Toy Tally), the moves played."""

from __future__ import annotations

import random

from contract import sample_options, seats

from frostdesk import autosaves
from frostdesk.engine.registry import get, load_game
from frostdesk.engine.session import Session


def test_a_game_in_progress_is_named_from_start_to_end(game_id: str) -> None:
    desc = get(game_id)
    game = load_game(game_id)
    players = min(max(desc.min_players, 2), desc.max_players)
    s = Session.new(game, sample_options(desc, players, 0), 5, seats(players))
    r = random.Random(5)
    seen = set()
    while s.to_move() is not None:
        text = s.progress()
        assert text and "\n" not in text and len(text) <= 40, text
        seen.add(text)
        s.apply(r.choice(game.legal(s.state)))
    assert len(seen) > 1  # it moves on as the game does
    if desc.progress is None:
        assert s.progress() == f"{len(s.records)} moves played"
    s.save(autosaves.path_for(game_id))
    (entry,) = [e for e in autosaves.in_progress() if e.game_id == game_id]
    assert entry.text.startswith(f"{desc.title} · you + {players - 1} ")
