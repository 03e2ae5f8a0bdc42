"""The motions of every event say where heroes and creatures went: a table that only follows
the motions ends each action where the state says the figures are."""

from __future__ import annotations

import pytest

from frostdesk.ai import RandomAgent
from frostdesk.engine.motion import Changed, Moved
from frostdesk.games.andor_eternal_frost.state import SHIELD, Move

from .helpers import BOARD, GAME, empty, play
from .test_playout import Restless


def where(zone, board=BOARD) -> int:
    if zone == ("shield",):
        return SHIELD
    if zone == ("box",):
        return board.defeated
    assert zone[0] == "space"
    return int(zone[1])


@pytest.mark.parametrize("legend", sorted(GAME.content.legends))
def test_following_the_motions_puts_every_figure_where_the_state_has_it(legend: str) -> None:
    for n, seed, agent in ((2, 3, RandomAgent), (3, 4, RandomAgent), (4, 5, RandomAgent),
                           (2, 6, Restless), (3, 7, Restless), (4, 8, Restless)):
        s, events = GAME.new_game({"players": n, "legend": legend}, seed)
        board = GAME.board(s)
        heroes = {i: s.space[i] for i in range(n)}
        creatures: dict[int, int] = {}
        figures = dict(s.figures)
        wp = dict(enumerate(s.wp))
        sp = dict(enumerate(s.sp))
        bots = [agent(seed + i) for i in range(n)]
        while True:
            for e in events:
                for m in GAME.motions(e.seen_by(0)):
                    if isinstance(m, Moved) and m.piece[0] == "hero":
                        heroes[int(m.piece[1])] = where(m.target, board)
                    elif isinstance(m, Moved) and m.piece[0] == "creature":
                        creatures[int(m.piece[1])] = where(m.target, board)
                    elif isinstance(m, Moved) and m.piece[0] == "figure":
                        figures[str(m.piece[1])] = where(m.target, board)
                    elif isinstance(m, Changed) and m.what[0] in ("wp", "sp"):
                        assert m.to is not None
                        (wp if m.what[0] == "wp" else sp)[int(m.what[1])] = m.to
            assert heroes == dict(enumerate(s.space))
            assert figures == s.figures
            assert creatures == {k: w for k, (_, w) in s.creatures.items()}
            assert wp == dict(enumerate(s.wp)) and sp == dict(enumerate(s.sp))
            if GAME.outcome(s) is not None:
                break
            seat = GAME.to_move(s)
            view = GAME.view(s, seat)
            s, events = GAME.apply(s, bots[seat].choose(GAME, view, GAME.legal(view), seat))


def test_a_move_names_the_hours_and_wp_it_left() -> None:
    s = empty(at=10)
    s.hour[0] = 6
    far = next(d for d, k in BOARD.dist[10].items() if k == 2)
    _, ev = play(s, Move(far))
    motions = GAME.motions(ev[0])
    assert Moved(("hero", 0), ("space", 10), ("space", far)) in motions
    assert Changed(("hour", 0), to=8) in motions and Changed(("wp", 0), to=5) in motions
