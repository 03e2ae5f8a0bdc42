"""Who boards the Aurora, when, and how the first boarder fares: heuristic bots in every seat
(docs/balance/last-aurora.md quotes its output). Per game count: how many convoys boarded, the
round of the first boarding, how often the first boarder won for each number of boarders, seat
wins, the Movement turns in which the Aurora was within reach and the bot boarded, and how
often a convoy's Movement turn found it far behind the leading convoy (the Co-pilot's catch-up).

    python -m tests.games.last_aurora.measure_boarding --players 2 --games 200 --seed 3
"""

from __future__ import annotations

import argparse
import random
import statistics
from collections import Counter
from collections.abc import Sequence
from pathlib import Path

from frostdesk.ai import make_agent
from frostdesk.games.last_aurora.content import load_content
from frostdesk.games.last_aurora.rules import LastAurora
from frostdesk.games.last_aurora.state import Move
from frostdesk.paths import cards_dir


def main(argv: Sequence[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=(__doc__ or "").splitlines()[0])
    parser.add_argument("--players", type=int, default=2)
    parser.add_argument("--games", type=int, default=200)
    parser.add_argument("--seed", type=int, default=3)
    parser.add_argument("--cards", default="", help="another cards folder (a trial's numbers)")
    args = parser.parse_args(argv)
    game = LastAurora(load_content(Path(args.cards) if args.cards else cards_dir("last-aurora")))
    n = args.players
    master = random.Random(args.seed)
    boarded: Counter[int] = Counter()
    first_won: Counter[int] = Counter()
    first_round: Counter[int] = Counter()
    could: Counter[int] = Counter()
    behind: Counter[int] = Counter()  # Movement turns by miles behind the leading convoy
    turns = 0
    did: Counter[int] = Counter()
    wins = [0] * n
    margins: list[int] = []
    for _ in range(args.games):
        seed = master.randrange(2**31)
        s, _ = game.new_game({"players": n}, seed)
        bots = [make_agent(game, "heuristic", seed * 10 + i) for i in range(n)]
        counted: set[tuple[int, int]] = set()
        while True:
            seat = game.to_move(s)
            if seat is None:
                break
            legal = game.legal(s)
            if s.phase == "move" and (s.round, seat) not in counted:
                counted.add((s.round, seat))
                turns += 1
                behind[max(s.mile) - s.mile[seat]] += 1
            action = bots[seat].choose(game, game.view(s, seat), legal, seat)
            if s.phase == "move" and any(isinstance(m, Move) and m.to == s.aurora
                                         for m in legal):
                could[s.round] += 1
                did[s.round] += isinstance(action, Move) and action.to == s.aurora
            s, _ = game.apply(s, action)
        o = game.outcome(s)
        assert o is not None
        winners = [x for x in range(n) if o.places[x] == 1]
        for x in winners:
            wins[x] += 1
        top = sorted(o.scores, reverse=True)
        margins.append(top[0] - top[1])
        boarded[len(s.boarded)] += 1
        if s.boarded:
            first_round[s.board_round] += 1
            first_won[len(s.boarded)] += s.boarded[0] in winners
    games = args.games
    aboard = games - boarded[0]
    print(f"{games} games, {n} heuristic players, seed {args.seed}")
    print(f"someone boards: {aboard} ({100 * aboard / games:.0f}%); first boarder wins: "
          f"{sum(first_won.values())} of {aboard} "
          f"({100 * sum(first_won.values()) / max(1, aboard):.0f}%); median margin "
          f"{statistics.median(margins):g}")
    print("convoys aboard at the end: " + ", ".join(
        f"{k}: {boarded[k]} games" for k in sorted(boarded)))
    print("first boarder won, by convoys aboard: " + ", ".join(
        f"{k}: {first_won[k]} of {boarded[k]}" for k in sorted(boarded) if k))
    print("round of the first boarding: " + ", ".join(
        f"{r}: {first_round[r]}" for r in sorted(first_round)))
    print("Movement turns with the Aurora in reach, boarded: " + ", ".join(
        f"round {r}: {did[r]} of {could[r]}" for r in sorted(could)))
    print("seat wins: " + " · ".join(f"{100 * w / games:.0f}%" for w in wins))
    print("Movement turns this far behind the leading convoy: " + ", ".join(
        f"{k}+ miles: {100 * sum(v for d, v in behind.items() if d >= k) / max(1, turns):.0f}%"
        for k in (3, 4, 5, 6)))


if __name__ == "__main__":
    main()
