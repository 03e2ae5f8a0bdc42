"""The tables the games' screens show (their Boards) follow the rules' motions so closely that
the last step of a batch, which goes to the real view, has nothing left to move: after every
action of random games, the board the motions made equals the board of the view. (Where the
events do not say enough, the differences allowed are listed and explained.)"""

from __future__ import annotations

import random
from typing import Any

import pytest

from frostdesk.engine import registry
from frostdesk.ui.games.frontier_stations.board import StationsBoard
from frostdesk.ui.games.frost_shelter.snapshot import Snapshot


def _fs_table(s: Snapshot) -> dict[str, Any]:
    return {"hands": [sorted(h) for h in s.hands], "colonies": [sorted(c) for c in s.colonies],
            "trick": s.trick, "equipment": [sorted(e) for e in s.equipment],
            "market": sorted(s.market), "piles": (s.deck, s.exp_deck, s.discard),
            "damage": s.damage, "relic": s.relic, "event": s.event,
            "event_no": s.event_no, "lead": s.lead_card if s.trick else None}


@pytest.mark.parametrize("players", [2, 4, 5])
def test_frost_shelters_table_follows_the_motions(players: int) -> None:
    game = registry.load_game("frost-shelter")
    for seed in range(2):
        viewer = seed % players
        state, events = game.new_game({"players": players}, seed)
        board = Snapshot.before_opening(game, players)
        r = random.Random(seed)
        while True:
            for e in events:
                seen = e.seen_by(viewer)
                if seen is not None:
                    board = board.copy()
                    for m in game.motions(seen):
                        board.apply(m)
            real = Snapshot.from_view(game, game.view(state, viewer))
            assert _fs_table(board) == _fs_table(real)
            # a new Event gives every Expedition card back; the events do not say so
            if board.expedition_used != real.expedition_used:
                assert not any(real.expedition_used) and real.tricks_played == 0
            # the trick's winner holds the Leader card while the Expedition draws are due,
            # but the event that says so comes after them
            if board.leader != real.leader:
                assert real.phase == "expedition" and real.leader == state.leader
            board = real
            if game.to_move(state) is None:
                break
            state, events = game.apply(state, r.choice(list(game.legal(state))))


def _st_table(b: StationsBoard) -> dict[str, Any]:
    s = b.state
    return {"res": s.res, "shop": s.shop, "installed": s.installed, "beacons": s.beacons,
            "captain": s.captain, "piles": (len(s.sdeck), len(s.early), len(s.late)),
            "up": sorted(t for area in s.areas for t, _, up in area if up),
            "areas": [[t for t, _, up in area if up] for area in s.areas],
            "recent": s.recent, "turn": s.turn, "current": s.current}


@pytest.mark.parametrize("players", [1, 3, 6])
def test_frontier_stations_table_follows_the_motions(players: int) -> None:
    """Everything but threat cards destroyed for good: the events do not say when one is
    taken off the table (the last step does that), so face-down cards are left out."""
    game = registry.load_game("frontier-stations")
    for seed in range(2):
        state, events = game.new_game({"players": players}, seed)
        start = game.view(state, 0).copy()
        start.sdeck = start.sdeck + [-1] * len(start.shop)
        start.shop = []
        start.res = [[0] * 5 for _ in range(players)]
        board = StationsBoard(start)
        r = random.Random(seed)
        while True:
            for e in events:
                board = board.copy()
                for m in game.motions(e):
                    board.apply(m)
            real = StationsBoard(game.view(state, 0))
            assert _st_table(board) == _st_table(real)
            if state.phase not in ("roll", "over"):
                assert board.state.dice == real.state.dice
            board = real
            if game.to_move(state) is None:
                break
            state, events = game.apply(state, r.choice(list(game.legal(state))))
