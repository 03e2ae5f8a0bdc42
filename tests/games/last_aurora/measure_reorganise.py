"""What the heuristic's reorganising (RS2) is worth: each seed is played twice by heuristic
bots, once with none of them moving cargo and once with one seat (rotating with the seed)
moving it as it does; the same seat's final Fame and place are compared game by game.

    python -m tests.games.last_aurora.measure_reorganise --players 4 --games 100 --seed 1
"""

from __future__ import annotations

import argparse
import math

from frostdesk.games.last_aurora.bots import HeuristicAgent
from frostdesk.sim import play_game

from .helpers import G


class Still(HeuristicAgent):
    """The heuristic that never moves cargo."""

    def reorganise(self, view, legal, seat):  # type: ignore[no-untyped-def]
        return None, 0.0


def main() -> None:
    ap = argparse.ArgumentParser()
    ap.add_argument("--players", type=int, default=4)
    ap.add_argument("--games", type=int, default=100)
    ap.add_argument("--seed", type=int, default=1)
    args = ap.parse_args()
    n = args.players
    diffs: list[float] = []
    wins = [0, 0]
    moves = 0
    for g in range(args.games):
        seed = args.seed * 100_000 + g
        k = g % n
        results = []
        for mover in (False, True):
            agents = [HeuristicAgent(G, seed + i) if mover and i == k else Still(G, seed + i)
                      for i in range(n)]
            seen: list[int] = []

            def count(events, seen=seen):  # type: ignore[no-untyped-def]
                seen.append(sum(1 for e in events if e.kind == "shifted"))

            state, _ = play_game(G, agents, n, seed, {}, observer=count)
            o = G.outcome(state)
            assert o is not None
            results.append((o.scores[k], o.places[k] == 1))
            if mover:
                moves += sum(seen)
        diffs.append(float(results[1][0] - results[0][0]))
        wins[0] += results[0][1]
        wins[1] += results[1][1]
    mean = sum(diffs) / len(diffs)
    sd = math.sqrt(sum((d - mean) ** 2 for d in diffs) / max(1, len(diffs) - 1))
    half = 1.96 * sd / math.sqrt(len(diffs))
    print(f"{args.games} seeds, {n} players: the seat that moves cargo against the same seat "
          f"that does not")
    print(f"Fame difference {mean:+.2f} (95% {mean - half:+.2f} to {mean + half:+.2f}); "
          f"games changed {sum(1 for d in diffs if d)}; first place {wins[0]} -> {wins[1]}; "
          f"cargo moves {moves}")


if __name__ == "__main__":
    main()
