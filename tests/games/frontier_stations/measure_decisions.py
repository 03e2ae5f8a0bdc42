"""The heuristic crew's longest decisions: plays whole games (4 stations, standard setting,
each station's bot seeded as the balance report seeds them) and prints every decision that
took longer than a threshold, with its phase and number of legal options, and the longest.
docs/balance/frontier-stations.md quotes the output.

    python -m tests.games.frontier_stations.measure_decisions 302944386 1286959339
"""

from __future__ import annotations

import argparse
import time
from collections.abc import Sequence
from typing import Any

from frostdesk.ai import make_agent
from frostdesk.games import load_game
from frostdesk.sim import play_game


class _Timed:
    def __init__(self, agent: Any, slow: list[tuple[float, str, int]], over: float) -> None:
        self.agent = agent
        self.name = agent.name
        self.slow = slow
        self.over = over
        self.longest = 0.0

    def choose(self, game: Any, view: Any, legal: Sequence[Any], seat: int) -> Any:
        t0 = time.perf_counter()
        action = self.agent.choose(game, view, legal, seat)
        took = time.perf_counter() - t0
        self.longest = max(self.longest, took)
        if took > self.over:
            self.slow.append((round(took, 2), view.phase, len(legal)))
        return action


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("seeds", nargs="+", type=int, help="game seeds (the balance report's)")
    parser.add_argument("--bot", default="heuristic")
    parser.add_argument("--stations", type=int, default=4)
    parser.add_argument("--over", type=float, default=0.25,
                        help="print decisions longer than this many seconds")
    args = parser.parse_args()
    game = load_game("frontier-stations")
    for seed in args.seeds:
        slow: list[tuple[float, str, int]] = []
        agents = [_Timed(make_agent(game, args.bot, seed * 8 + i), slow, args.over)
                  for i in range(args.stations)]
        t0 = time.perf_counter()
        state, decisions = play_game(game, agents, args.stations, seed, {})
        took = time.perf_counter() - t0
        longest = max(a.longest for a in agents)
        print(f"seed {seed}: {state.result}, {decisions} decisions in {took:.1f} s, "
              f"longest {longest:.2f} s; over {args.over} s (s, phase, options): {slow}")


if __name__ == "__main__":
    main()
