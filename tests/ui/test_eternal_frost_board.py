"""The Eternal Frost's table (FrostBoard) follows the rules' motions so closely that the last
step of a batch, the real view, has nothing left to move on the map: after every action of
random games, heroes, creatures, shields, snow tokens, fires, gems and the narrator stand where
the view has them. (Articles changing hands and hours spent in battle are not motions: the
view sets those.)"""

from __future__ import annotations

import pytest

from frostdesk.ai import RandomAgent
from frostdesk.games import load_game
from frostdesk.ui.games.andor_eternal_frost.board import FrostBoard

GAME = "andor-eternal-frost"


def table(b: FrostBoard) -> dict[str, object]:
    s = b.state
    return {"heroes": list(s.space), "creatures": sorted((n, w) for n, (_, w) in
                                                         s.creatures.items()),
            "shields": sorted(s.shields), "snow": sorted((k, bool(v[1])) for k, v in
                                                         s.snow.items()),
            "fires": sorted(s.fires.items()), "gems": sorted(s.gems), "narrator": s.narrator,
            "wp": list(s.wp), "sp": list(s.sp)}


@pytest.mark.parametrize("players", [2, 3, 4])
def test_the_map_follows_the_motions(players: int) -> None:
    game = load_game(GAME)
    for seed in range(2):
        viewer = seed % players
        state, events = game.new_game({"players": players}, seed)
        kinds: dict[int, str] = {}
        board = FrostBoard(game.view(state, viewer), kinds)
        board.state.creatures = {}  # before the opening, as a new table starts
        board.state.snow = {k: list(v) for k, v in board.state.snow.items()}
        bots = [RandomAgent(seed * 7 + i) for i in range(players)]
        for _ in range(600):
            for e in events:
                seen = e.seen_by(viewer)
                if seen is None:
                    continue
                if seen.kind == "creature_placed":  # the screen notes kinds the same way
                    kinds[int(seen.data["creature"])] = str(seen.data["kind"])
                board = board.copy()
                for m in game.motions(seen):
                    board.apply(m)
            view = game.view(state, viewer)
            assert table(board) == table(FrostBoard(view)), seed
            board = FrostBoard(view, kinds)  # the batch ends on the real view
            if game.outcome(state) is not None:
                break
            seat = game.to_move(state)
            action = bots[seat].choose(game, game.view(state, seat),
                                       game.legal(game.view(state, seat)), seat)
            state, events = game.apply(state, action)
