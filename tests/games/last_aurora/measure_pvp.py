"""Player vs. Player's lone attacker, quickly: `heuristic` (fires at the richest rival when it
expects 1 Damage past its Evasion) in one seat, taking turns, among `peaceful` seats (the same
bot, never firing at a rival); its win rate and its shots at rivals a game. The probe the
tuning used (docs/balance/last-aurora.md, "How it was tuned"); `--cards` reads a copy of the
card folder with the authored PvP values edited, `--attacker peaceful` is the control.

    python -m tests.games.last_aurora.measure_pvp --players 4,3,2 --games 300
"""

from __future__ import annotations

import argparse
import random
from collections.abc import Sequence
from pathlib import Path

from frostdesk.games.last_aurora.balance import lone_attacker
from frostdesk.games.last_aurora.content import load_content
from frostdesk.games.last_aurora.rules import LastAurora
from frostdesk.paths import cards_dir


def main(argv: Sequence[str] | None = None) -> None:
    p = argparse.ArgumentParser(description=__doc__)
    p.add_argument("--players", default="4,3,2")
    p.add_argument("--games", type=int, default=300)
    p.add_argument("--cards", type=Path, default=None, help="a card folder to read instead")
    p.add_argument("--attacker", default="heuristic")
    a = p.parse_args(argv)
    game = LastAurora(load_content(a.cards or cards_dir("last-aurora")))
    for n in (int(x) for x in a.players.split(",")):
        won, shots = lone_attacker(game, n, a.games, random.Random(1), a.attacker)
        print(f"{n} players, {a.games} games: the attacker wins {100 * won / a.games:.1f}% "
              f"(fair {100 / n:.0f}%), {shots / a.games:.2f} shots at rivals a game", flush=True)


if __name__ == "__main__":
    main()
