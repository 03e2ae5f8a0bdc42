"""A referee re-checks the cargo moves and the Mine from `frostdesk simulate --log` alone: the
setup line's seed and options and the action texts replay the game, and every `shifted`,
`mine_laid` and `mine_hit` line agrees with the convoy and the road as they stood
(docs/events.md, "Last Aurora: reorganising cargo and the optional Mine")."""

from __future__ import annotations

import io
import json
from typing import Any

from frostdesk.ai import RandomAgent
from frostdesk.games.last_aurora.bots import HeuristicAgent
from frostdesk.games.last_aurora.cargo import parse_ref, takes
from frostdesk.games.last_aurora.state import State
from frostdesk.sim import play_game

from .helpers import G


def referee(lines: list[dict[str, Any]]) -> dict[str, int]:
    """Replays one game's log and checks its cargo and Mine lines; how many of each."""
    setup = lines[0]
    assert setup["type"] == "setup"
    s, _ = G.new_game(setup["options"], setup["seed"])
    seen = {"shifted": 0, "mine_laid": 0, "mine_hit": 0}
    before: State = s
    last_move: dict[int, tuple[int, int]] = {}
    for line in lines[1:]:
        kind = line["type"]
        if kind == "action":
            before = s
            s, _ = G.apply(s, G.parse_action(line["action"]))
        elif kind == "shifted":
            seen[kind] += 1
            seat = line["seat"]
            assert before.phase == "rest" and before.actor == seat
            src, dst = parse_ref(line["source"]), parse_ref(line["target"])
            assert src is not None and dst is not None
            col, dev, k = dst
            slot = before.convoy[seat][col][1 if dev else 0]
            assert slot is not None and G.cards[slot[0]].id == line["to_card"]
            assert G.token_at(before, seat, line["source"]) == line["token"]
            assert not slot[1][k] and not slot[2][k]
            assert takes(G.cards[slot[0]].cells[k], line["token"])
        elif kind == "moved":
            last_move[line["seat"]] = (line["source"], line["target"])
        elif kind == "mine_laid":
            seen[kind] += 1
            start, stop = last_move[line["seat"]]
            mile = line["mile"]
            assert start < mile < stop
            assert mile not in G.road.waypoints and mile not in G.road.special
            assert all(m != mile for m, _ in before.mines or [])
        elif kind == "mine_hit":
            seen[kind] += 1
            assert last_move[line["seat"]][1] == line["mile"]
            assert [line["mile"], line["owner"]] in (before.mines or [])
    assert s.phase == "over"  # the replay reached the end
    return seen


def test_a_referee_rechecks_cargo_moves_and_mines_from_the_log() -> None:
    total = {"shifted": 0, "mine_laid": 0, "mine_hit": 0}
    for seed in range(1, 13):
        log = io.StringIO()
        agents = [HeuristicAgent(G, seed), RandomAgent(seed), HeuristicAgent(G, seed + 1)]
        play_game(G, agents, 3, seed, {"mine": True}, log)
        lines = [json.loads(x) for x in log.getvalue().splitlines()]
        for key, n in referee(lines).items():
            total[key] += n
        if all(total.values()):
            break
    assert all(total.values()), total
