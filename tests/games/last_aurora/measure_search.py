"""The Last Aurora search bot (`mcts`) measured: what a sweep costs, and its games against the
heuristic seats or the Automa, game by game (docs/balance/last-aurora.md quotes its output).

    python -m tests.games.last_aurora.measure_search sweep --players 1 --games 3 --seed 500
    python -m tests.games.last_aurora.measure_search games --players 2 --bot mcts@3 --games 100
    python -m tests.games.last_aurora.measure_search agree --bot mcts@4
    python -m tests.games.last_aurora.measure_search budget --players 4 --seed 500

`sweep` plays heuristic games and, at each decision the search weighs for seat 0, times one
sweep (`mcts@1`: the heuristic's best four moves, each played out in one sampled world, to the
game's end with 1-2 players and to the round's end with 3-4) in CPU seconds, by round.
`games` plays exactly the games of `frostdesk simulate last-aurora
--players N --bots BOT,heuristic,... --rotate --seed S --jobs 1` (solo: `--bots BOT --option
automa=LEVEL`), one line per game as it ends, with the heuristic's result in the same seat of
the same seed beside it, so a run under load can stop anywhere and its first N games are
still those of `--games N`; the last line sums them up with a Wilson 95% interval. `agree`
takes 20 solo positions the search weighs (every third from four heuristic games against
Normal, seeds 900-903) and counts how often BOT picks the heuristic's move, and the same move
again with another seed. `budget` counts the sweeps the app's `mcts` (a 1 s budget) runs at
the first decision it weighs in each phase of a heuristic game, seat 0, with its CPU time.
"""

from __future__ import annotations

import argparse
import json
import random
import time
from collections import defaultdict
from collections.abc import Sequence

from frostdesk.ai import make_agent
from frostdesk.engine.registry import load_game
from frostdesk.engine.stats import wilson
from frostdesk.sim import _play_planned


def sweep(players: int, games: int, seed: int) -> dict[str, object]:
    g = load_game("last-aurora")
    by_round: dict[int, list[float]] = defaultdict(list)
    for k in range(games):
        opts: dict[str, object] = {"players": players}
        if players == 1:
            opts["automa"] = "normal"
        s, _ = g.new_game(opts, seed + k)
        bots = [make_agent(g, "heuristic", i) for i in range(players)]
        search = make_agent(g, "mcts@1", 7)
        while (seat := g.to_move(s)) is not None:
            view = g.view(s, seat)
            legal = g.legal(view)
            if seat == 0 and len(legal) > 1:
                t = time.process_time()
                search.choose(g, view, legal, seat)
                took = time.process_time() - t
                if search.last_iterations:  # type: ignore[attr-defined]
                    by_round[view.round].append(took)
            action = bots[seat].choose(g, view, legal, seat) if len(legal) > 1 else legal[0]
            s, _ = g.apply(s, action)
    every = [x for xs in by_round.values() for x in xs]
    return {"players": players, "weighed": len(every),
            "sweep_cpu_s_by_round": {r: round(sum(xs) / len(xs), 3)
                                     for r, xs in sorted(by_round.items())},
            "mean": round(sum(every) / max(1, len(every)), 3)}


def budget(players: int, seed: int) -> dict[str, object]:
    """The sweeps the app's `mcts` (1 s) runs in seat 0 of a heuristic game: the first
    decision it weighs in each round's Exploration, Rest and Movement, with its CPU time."""
    g = load_game("last-aurora")
    opts: dict[str, object] = {"players": players}
    if players == 1:
        opts["automa"] = "normal"
    s, _ = g.new_game(opts, seed)
    bots = [make_agent(g, "heuristic", i) for i in range(players)]
    search = make_agent(g, "mcts", 7)
    seen: set[tuple[int, str]] = set()
    out: list[tuple[int, str, int, float]] = []
    while (seat := g.to_move(s)) is not None:
        view = g.view(s, seat)
        legal = g.legal(view)
        if seat == 0 and len(legal) > 1 and (view.round, view.phase) not in seen:
            t = time.process_time()
            search.choose(g, view, legal, seat)
            if search.last_iterations:  # type: ignore[attr-defined]
                seen.add((view.round, view.phase))
                sweeps = search.last_stats[0][1]  # type: ignore[attr-defined]
                out.append((view.round, view.phase, sweeps, round(time.process_time() - t, 2)))
        action = bots[seat].choose(g, view, legal, seat) if len(legal) > 1 else legal[0]
        s, _ = g.apply(s, action)
    return {"players": players, "round_phase_sweeps_cpu": out}


def plan(players: int, lineup: list[str], games: int, seed: int,
         options: dict[str, object] | None) -> list[tuple[object, ...]]:
    """The games `simulate --rotate` plays, in its order (its plan, rebuilt)."""
    master = random.Random(seed)
    out: list[tuple[object, ...]] = []
    for gi in range(games):
        shift = gi % players
        seats = lineup[-shift:] + lineup[:-shift] if shift else lineup
        out.append(("last-aurora", gi, master.randrange(2**31), seats, shift, players, None,
                    options))
    return out


def games(players: int, bot: str, count: int, seed: int, level: str, modules: str = "",
          start: int = 0) -> None:
    options: dict[str, object] | None = {"automa": level} if players == 1 else None
    if modules:  # Frozen Steel modules, as `simulate --option modules=...` gives them
        options = {**(options or {}), "modules": modules}
    ours = plan(players, [bot] + ["heuristic"] * (players - 1), count, seed, options)
    theirs = plan(players, ["heuristic"] * players, count, seed, options)
    won = base = 0
    for gi, (mine, other) in enumerate(zip(ours, theirs, strict=True)):
        if gi < start:  # played by an earlier run of the same command
            continue
        t = time.process_time()
        result = _play_planned(mine)
        cpu = time.process_time() - t
        reference = _play_planned(other)
        if result is None or reference is None:
            print(json.dumps({"game": gi, "error": True}), flush=True)
            continue
        won += result[1][0]
        base += reference[1][0]
        print(json.dumps({"game": gi, "won": result[1][0], "fame": result[2][0],
                          "heuristic_won": reference[1][0], "cpu_s": round(cpu, 1)}),
              flush=True)
    n = len(ours) - start
    low, high = wilson(won, n)
    print(json.dumps({"bot": bot, "players": players, "games": n, "wins": won,
                      "interval": [round(100 * low), round(100 * high)],
                      "heuristic_wins_same_games": base}))


def agree(bot: str) -> dict[str, object]:
    g = load_game("last-aurora")
    heuristic = make_agent(g, "heuristic", 0)
    positions = []
    for k in range(4):
        s, _ = g.new_game({"players": 1, "automa": "normal"}, 900 + k)
        while g.to_move(s) is not None:
            view = g.view(s, 0)
            legal = g.legal(view)
            action = heuristic.choose(g, view, legal, 0) if len(legal) > 1 else legal[0]
            if len(legal) > 1 and view.phase in ("explore", "move", "rest"):
                positions.append((view, legal, action))
            s, _ = g.apply(s, action)
    positions = positions[::3][:20]
    same_heuristic = same_self = iterations = 0
    cpu = 0.0
    for view, legal, action in positions:
        picks = []
        for seed in (1, 2):
            search = make_agent(g, bot, seed)
            t = time.process_time()
            picks.append(search.choose(g, view, legal, 0))
            cpu += time.process_time() - t
            iterations += search.last_iterations  # type: ignore[attr-defined]
        same_heuristic += picks[0] == action
        same_self += picks[0] == picks[1]
    n = len(positions)
    return {"bot": bot, "positions": n, "agrees_with_heuristic": same_heuristic,
            "agrees_with_itself_other_seed": same_self,
            "iterations_per_decision": round(iterations / (2 * n), 1),
            "cpu_s_per_decision": round(cpu / (2 * n), 3)}


def main(argv: Sequence[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=(__doc__ or "").splitlines()[0])
    parser.add_argument("what", choices=("sweep", "games", "agree", "budget"))
    parser.add_argument("--players", type=int, default=1)
    parser.add_argument("--games", type=int, default=3)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--bot", default="mcts@4")
    parser.add_argument("--automa", default="normal")
    parser.add_argument("--modules", default="", help="games: Frozen Steel modules, a,b,...")
    parser.add_argument("--start", type=int, default=0,
                        help="games: skip the plan's first START games (a stopped run's, "
                             "played already), so two runs add up to one")
    args = parser.parse_args(argv)
    if args.what == "sweep":
        print(json.dumps(sweep(args.players, args.games, args.seed)))
    elif args.what == "budget":
        print(json.dumps(budget(args.players, args.seed)))
    elif args.what == "agree":
        print(json.dumps(agree(args.bot)))
    else:
        games(args.players, args.bot, args.games, args.seed, args.automa, args.modules,
              args.start)


if __name__ == "__main__":
    main()
