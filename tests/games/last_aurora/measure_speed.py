"""The heuristic bot's work, for counting it where timings are noisy: plays seeds 0..N-1 of a
4-player game with `heuristic` in every seat, in one process, and prints the decisions made
and the CPU time. Under an instruction counter, the difference between two counts of games
is the games' own work, start-up left out (docs/balance/last-aurora.md, "Speed"):

    valgrind --tool=lackey --basic-counts=yes \
        python -m tests.games.last_aurora.measure_speed --games 3

To measure another tree with this script, run its file with that tree's folder first on the
path (`cd TREE && PYTHONPATH=. python .../measure_speed.py --games 3`).
"""

from __future__ import annotations

import argparse
import time
from collections.abc import Sequence

from frostdesk.games.last_aurora.bots import HeuristicAgent
from frostdesk.games.last_aurora.content import load_content
from frostdesk.games.last_aurora.rules import LastAurora
from frostdesk.paths import cards_dir


def main(argv: Sequence[str] | None = None) -> None:
    p = argparse.ArgumentParser(description=__doc__)
    p.add_argument("--games", type=int, default=3)
    p.add_argument("--players", type=int, default=4)
    a = p.parse_args(argv)
    # the rules made directly, not through the game registry, whose start-up work depends on
    # what its cache holds (and so differs from run to run)
    game = LastAurora(load_content(cards_dir("last-aurora")))
    start = time.process_time()
    decisions = 0
    for seed in range(a.games):
        s, _ = game.new_game({"players": a.players}, seed)
        bots = [HeuristicAgent(game, seed + i) for i in range(a.players)]
        while game.outcome(s) is None:
            seat = game.to_move(s)
            view = game.view(s, seat)
            s, _ = game.apply(s, bots[seat].choose(game, view, game.legal(view), seat))
            decisions += 1
    cpu = time.process_time() - start
    print(f"{a.games} games, {a.players} players: {decisions} decisions, {cpu:.2f} s of CPU")


if __name__ == "__main__":
    main()
