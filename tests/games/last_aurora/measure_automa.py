"""Solo games against the Automa at each level, played headless, with win rates and 95%
intervals (docs/rules/last-aurora.md quotes its output). Until the game's bots are in, the
player is `random`; `runner`, a scripted player that takes a card's main action when it can,
feeds everyone, drives as far as its Fuel allows and fires every shot; or `fueler`, the runner
with a plan: it explores for Fuel and faster trucks first and keeps a Fuel for each Movement
still to come before it boosts.

    python -m tests.games.last_aurora.measure_automa --games 1000 --player random
"""

from __future__ import annotations

import argparse
import math
import random
import statistics
from collections.abc import Sequence

from frostdesk.ai import RandomAgent
from frostdesk.games.last_aurora.content import LEVELS, load_content
from frostdesk.games.last_aurora.rules import LastAurora
from frostdesk.games.last_aurora.state import Action, Attack, Explore, Move, Rest, State
from frostdesk.paths import cards_dir


class Runner:
    """The scripted player (see the module's text); ties are broken at random."""

    def __init__(self, seed: int) -> None:
        self.rng = random.Random(seed)

    def choose(self, game: LastAurora, view: State, legal: Sequence[Action],
               seat: int) -> Action:
        explores = [a for a in legal if isinstance(a, Explore) and a.main >= 0]
        if explores:
            return self.rng.choice(explores)
        rests = [a for a in legal if isinstance(a, Rest)]
        if rests:
            return max(rests, key=lambda a: len(a.fed))
        moves = [a for a in legal if isinstance(a, Move)]
        if moves:
            return max(moves, key=lambda a: (a.to, not a.boost))
        attacks = [a for a in legal if isinstance(a, Attack)]
        if attacks:
            return self.rng.choice(attacks)
        plain = [a for a in legal if type(a).__name__ in ("Pass", "Done", "Pick", "Answer",
                                                           "Order")]
        return self.rng.choice(plain or list(legal))


class Fueler(Runner):
    """The runner with a plan for Fuel (see the module's text)."""

    def choose(self, game: LastAurora, view: State, legal: Sequence[Action],
               seat: int) -> Action:
        explores = [a for a in legal if isinstance(a, Explore)]
        if explores:
            return max(explores, key=lambda a: (self._worth(game, view, seat, a),
                                                self.rng.random()))
        moves = [a for a in legal if isinstance(a, Move)]
        if moves:
            fuel = game.count(view, seat, "fuel")
            spare = fuel - (game.content.rounds - view.round)  # keep 1 per Movement to come
            plain = [a for a in moves if not a.boost]
            pool = moves if spare >= 2 else plain or moves
            return max(pool, key=lambda a: (a.to, not a.boost))
        return super().choose(game, view, legal, seat)

    def _worth(self, game: LastAurora, s: State, seat: int, a: Explore) -> float:
        worth = 1.0 if a.cell == 1 else 0.2  # cell 2's bonus is a Fuel
        worth -= 0.5 * len(a.fed) + 0.1 * len(a.explorers)
        card = s.zone[a.cell]
        if a.main < 0 or card < 0:
            return worth
        c = game.cards[card]
        if c.kind == "location":
            got = game.gather_choices(c)[a.main]
            worth += 1.5 * got.count("fuel") + 0.4 * (len(got) - got.count("fuel")) \
                - 0.8 * c.radiation
        elif c.kind == "truck":
            worth += 2.0 * (c.speed - game.truck(s, seat).speed) + c.boost
        elif c.kind == "survivor":
            worth += 0.8
        elif c.kind in ("trailer", "device"):
            worth += 0.3
        return worth


def interval(wins: int, n: int) -> tuple[float, float]:
    """The Wilson 95% interval of a rate."""
    if n == 0:
        return 0.0, 0.0
    z = 1.96
    p = wins / n
    mid = (p + z * z / (2 * n)) / (1 + z * z / n)
    half = z * math.sqrt(p * (1 - p) / n + z * z / (4 * n * n)) / (1 + z * z / n)
    return max(0.0, mid - half), min(1.0, mid + half)


def main(argv: Sequence[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=200)
    parser.add_argument("--player", choices=("random", "runner", "fueler"), default="random")
    parser.add_argument("--seed", type=int, default=0)
    args = parser.parse_args(argv)
    game = LastAurora(load_content(cards_dir("last-aurora")))
    print(f"{args.games} solo games per level, {args.player} against the Automa")
    print("| level | player wins | 95% interval | Automa boards | player boards | "
          "Automa mile | player mile | Automa final Fame | player final Fame |")
    print("|---|---|---|---|---|---|---|---|---|")
    for level in LEVELS:
        wins = a_board = p_board = 0
        miles: list[int] = []
        ours_miles: list[int] = []
        theirs: list[int] = []
        ours: list[int] = []
        for k in range(args.games):
            seed = args.seed + k
            s, _ = game.new_game({"players": 1, "automa": level}, seed)
            agent = {"random": RandomAgent, "runner": Runner, "fueler": Fueler}[args.player](seed)
            while game.outcome(s) is None:
                s, _ = game.apply_unchecked(s, agent.choose(game, game.view(s, 0),
                                                            game.legal(s), 0))
            o = game.outcome(s)
            assert o is not None
            wins += o.places[0] == 1
            a_board += 1 in s.boarded
            p_board += 0 in s.boarded
            miles.append(s.mile[1])
            ours_miles.append(s.mile[0])
            detail = o.details["automa"]
            assert isinstance(detail, int)
            theirs.append(detail)
            ours.append(o.scores[0])
        lo, hi = interval(wins, args.games)
        n = args.games
        print(f"| {level} | {wins / n:.1%} | {lo:.1%}–{hi:.1%} | {a_board / n:.1%} | "
              f"{p_board / n:.1%} | {statistics.mean(miles):.1f} | "
              f"{statistics.mean(ours_miles):.1f} | "
              f"{statistics.mean(theirs):.1f} | {statistics.mean(ours):.1f} |")


if __name__ == "__main__":
    main()
