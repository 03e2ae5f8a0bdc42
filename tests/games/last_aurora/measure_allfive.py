"""Why a game ends with nobody aboard: heuristic bots in every seat, the balance report's
seeds (`frostdesk balance last-aurora --modules ... --seed S --players N` plays the same
games). Prints how often someone boards; for the games nobody did, how many miles the nearest
convoy was short of mile 23 (the Aurora's stop for the last round); boarding by the crews
dealt (Module 3); and, round by round, the Movement of the convoy leading at its turn: its
Speed and where it came from, how far it drove, its Fuel, and how often it had none
(docs/balance/last-aurora.md, "All five: what held boarding back", quotes it).

    python -m tests.games.last_aurora.measure_allfive --players 3 --games 200 \\
        --modules exploration,asgard,crew,story,pvp
"""

from __future__ import annotations

import argparse
import random
from collections import Counter, defaultdict
from collections.abc import Sequence
from pathlib import Path
from typing import Any

from frostdesk.ai import make_agent
from frostdesk.games.last_aurora.content import load_content
from frostdesk.games.last_aurora.rules import LastAurora
from frostdesk.games.last_aurora.state import Move
from frostdesk.paths import cards_dir


def main(argv: Sequence[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=(__doc__ or "").splitlines()[0])
    parser.add_argument("--players", type=int, default=3)
    parser.add_argument("--games", type=int, default=200)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--modules", default="exploration,asgard,crew,story,pvp",
                        help="comma-separated module ids; '' for the base game")
    parser.add_argument("--cards", default="", help="another cards folder (a trial's numbers)")
    args = parser.parse_args(argv)
    game = LastAurora(load_content(Path(args.cards) if args.cards else cards_dir("last-aurora")))
    n = args.players
    modules = [m for m in args.modules.split(",") if m]
    master = random.Random(args.seed)
    aboard = 0
    short: Counter[int] = Counter()
    lineups: Counter[tuple[str, ...]] = Counter()
    lineups_aboard: Counter[tuple[str, ...]] = Counter()
    turns: Counter[int] = Counter()
    parts: dict[int, Counter[str]] = defaultdict(Counter)
    last_stop = game.road.waypoints[game.content.rounds - 2]
    for _ in range(args.games):
        seed = master.randrange(2**31)
        options: dict[str, Any] = {"players": n}
        if modules:
            options["modules"] = modules
        s, _ = game.new_game(options, seed)
        crews = tuple(sorted(c.id if (c := game.crew.crew(s, x)) else "-" for x in range(n))) \
            if "crew" in modules else ("Leader and Co-pilot",)
        bots = [make_agent(game, "heuristic", seed * 10 + i) for i in range(n)]
        while (seat := game.to_move(s)) is not None:
            legal = game.legal(s)
            action = bots[seat].choose(game, game.view(s, seat), legal, seat)
            if (s.phase == "move" and isinstance(action, Move) and seat not in s.boarded
                    and s.mile[seat] == max(s.mile[:n])):
                r = s.round
                turns[r] += 1
                p = parts[r]
                for k, (name, v) in enumerate(game.speed_parts(s, seat)):
                    p["truck" if k == 0 else name] += v
                p[" Speed"] += game.speed(s, seat)
                p[" drove"] += action.to - s.mile[seat]
                p[" Fuel"] += game.count(s, seat, "fuel")
                p[" no Fuel"] += game.count(s, seat, "fuel") == 0
            s, _ = game.apply(s, action)
        lineups[crews] += 1
        if s.boarded:
            aboard += 1
            lineups_aboard[crews] += 1
        else:
            short[last_stop - max(s.mile[:n])] += 1
    games = args.games
    print(f"{games} games, {n} players, heuristic, modules {','.join(modules) or 'none'}, "
          f"seed {args.seed}")
    print(f"someone boards: {aboard} ({100 * aboard / games:.1f}%)")
    print("nobody aboard, the nearest convoy short of mile "
          f"{last_stop} by: " + ", ".join(f"{k} ({v})" for k, v in sorted(short.items())))
    print("boarding by the crews dealt:")
    for crews, k in sorted(lineups.items()):
        print(f"  {' + '.join(crews)}: {lineups_aboard[crews]} of {k} "
              f"({100 * lineups_aboard[crews] / k:.0f}%)")
    print("the leading convoy's Movement, a round's mean (Speed = its parts; drove, Fuel held, "
          "share with none):")
    for r in sorted(turns):
        p, t = parts[r], turns[r]
        names = sorted(k for k in p if not k.startswith(" "))
        print(f"  round {r}: Speed {p[' Speed'] / t:.2f} = "
              + ", ".join(f"{k} {p[k] / t:+.2f}" for k in names)
              + f"; drove {p[' drove'] / t:.2f}; Fuel {p[' Fuel'] / t:.2f}; "
              f"none {p[' no Fuel'] / t:.2f}")


if __name__ == "__main__":
    main()
