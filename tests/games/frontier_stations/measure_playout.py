"""The planning crew's fast playout against an earlier version of it: playouts per second on
the same states (every third roll of two heuristic games with 4 stations), the two versions
taking turns state by state so that a busy machine slows both alike. The earlier version is
read from git (docs/balance/frontier-stations.md quotes the output).

    python -m tests.games.frontier_stations.measure_playout --before 858e46a
"""

from __future__ import annotations

import argparse
import importlib.util
import random
import subprocess
import sys
import tempfile
import time
from pathlib import Path
from typing import Any

from frostdesk.games import load_game
from frostdesk.games.frontier_stations.bots import HeuristicAgent
from frostdesk.games.frontier_stations.playout import Board, Playout

PATH = "frostdesk/games/frontier_stations/playout.py"


def earlier(commit: str) -> Any:
    """The playout module as it was at `commit`."""
    text = subprocess.run(["git", "show", f"{commit}:{PATH}"], check=True, capture_output=True,
                          text=True).stdout
    folder = Path(tempfile.mkdtemp())
    (folder / "playout_before.py").write_text(text, encoding="utf-8")
    spec = importlib.util.spec_from_file_location("playout_before", folder / "playout_before.py")
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    sys.modules["playout_before"] = module
    spec.loader.exec_module(module)
    return module


def main() -> None:
    p = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    p.add_argument("--before", default="858e46a", help="the commit to compare with")
    p.add_argument("--rounds", type=int, default=3)
    a = p.parse_args()
    game = load_game("frontier-stations")
    states = []
    for seed in (3, 5):
        crew = HeuristicAgent(game, seed)
        s, _ = game.new_game({"players": 4}, seed)
        while s.phase != "over":
            if s.phase == "roll" and s.turn % 3 == 0:
                states.append(s)
            s, _ = game.apply(s, crew.ranked(s, game.legal(s))[0])
    old, new = earlier(a.before).Playout(game), Playout(game)
    t_old = t_new = 0.0
    turns_old = turns_new = 0.0  # the two draw their dice differently: count turns played
    for _ in range(a.rounds):
        for s in states:
            left = len(s.early) + len(s.late) + 1
            t = time.perf_counter()
            for d in range(16):
                turns_old += left * old.run(s, random.Random(d), s.price)
            t_old += time.perf_counter() - t
            t = time.perf_counter()
            board = Board(game, s)  # as the crew does: once per world, 16 playouts from it
            for d in range(16):
                turns_new += left * new.play(board, random.Random(d), s.price)
            t_new += time.perf_counter() - t
    before, now = turns_old / t_old, turns_new / t_new
    print(f"{len(states)} states x 16 playouts x {a.rounds} rounds: {a.before} {before:.0f} "
          f"playout turns/s, now {now:.0f} playout turns/s ({now / before:.2f}x)")


if __name__ == "__main__":
    main()
