"""The games `frostdesk bench frost-shelter` plays, for counting work where timings are noisy:
seeds 0..N-1 played one after another through the engine exactly as the bench plays them
(`legal` + checked `apply`, one random agent for all the games), or through the minimal
reference loop. Under an instruction counter the difference between the counts of two runs
with different `--games` is the work of the games in between, start-up left out; starting
that difference after the first 100 games leaves out the first games' extra work too (the
rules make each shared action object the first time it is listed, and a long bench run meets
nearly all of them early). docs/performance.md, "Headless rules engine", quotes the counts:

    for n in 100 140; do
        env -u PYTHONDONTWRITEBYTECODE PYTHONHASHSEED=0 FROSTDESK_HOME=/tmp/fd-home \\
        valgrind --tool=callgrind --callgrind-out-file=/tmp/cg-engine-$n.out \\
        /root/.pyenv/versions/3.11.7/bin/python -m tests.games.frost_shelter.measure_bench \\
        --loop engine --games $n
        callgrind_annotate /tmp/cg-engine-$n.out | grep "PROGRAM TOTALS"
    done

(byte code written and a home folder of its own, so that start-up does the same work in
every run; the same with `--loop reference`). Without valgrind it prints the CPU time.
"""

from __future__ import annotations

import argparse
import random
import time
from collections.abc import Sequence

from frostdesk.engine.registry import get, import_path, load_game


def main(argv: Sequence[str] | None = None) -> None:
    p = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    p.add_argument("--loop", choices=("engine", "reference"), default="engine")
    p.add_argument("--games", type=int, default=20)
    p.add_argument("--players", type=int, default=4)
    a = p.parse_args(argv)
    game = load_game("frost-shelter")
    reference = import_path(get("frost-shelter").bench)
    players = a.players
    agent_rng = random.Random(1)  # as frostdesk.sim.bench: one agent for all the games
    decisions = 0
    start = time.process_time()
    for seed in range(a.games):
        if a.loop == "reference":
            reference(players, random.Random(seed))
            continue
        state, _ = game.new_game({"players": players}, seed)
        while game.to_move(state) is not None:
            legal = game.legal(state)
            state, _ = game.apply(state, legal[agent_rng.randrange(len(legal))])
            decisions += 1
    cpu = time.process_time() - start
    print(f"{a.loop}: {a.games} games, {players} players, {decisions} engine decisions, "
          f"{cpu:.2f} s of CPU")


if __name__ == "__main__":
    main()
