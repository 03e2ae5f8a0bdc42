"""How each crew drives at 4 players: heuristic bots in every seat, the crews handed round the
seats as `frostdesk balance last-aurora --crews` does (docs/balance/last-aurora.md quotes its
output). Per crew: wins, boardings, the mile reached, the crew's Speed in its Movement turns,
the turns the chase helped (6 or more miles behind the leader); for the Mutants, the Ghoul's
counters taken and shed (and how many of those sheds came while it was not Active) and the
Alpha Mutant's trips to the Rest Zone.

    python -m tests.games.last_aurora.measure_crews --games 200 --seed 1
"""

from __future__ import annotations

import argparse
import random
from collections import Counter, defaultdict
from collections.abc import Sequence

from frostdesk.ai import make_agent
from frostdesk.games import load_game
from frostdesk.games.last_aurora import crew as crew_rules
from frostdesk.games.last_aurora.state import Move


def main(argv: Sequence[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=(__doc__ or "").splitlines()[0])
    parser.add_argument("--games", type=int, default=200)
    parser.add_argument("--seed", type=int, default=1)
    args = parser.parse_args(argv)
    game = load_game("last-aurora")
    ids = [c.id for c in game.content.crews]
    n = len(ids)
    master = random.Random(args.seed)
    tally: defaultdict[str, Counter[str]] = defaultdict(Counter)
    for g in range(args.games):
        crews = [ids[(x + g) % n] for x in range(n)]
        seed = master.randrange(2**31)
        s, _ = game.new_game({"players": n, "modules": ["crew"], "crews": crews}, seed)
        bots = [make_agent(game, "heuristic", seed * 10 + i) for i in range(n)]
        while game.to_move(s) is not None:
            seat = game.to_move(s)
            action = bots[seat].choose(game, game.view(s, seat), game.legal(s), seat)
            t = tally[crews[seat]]
            if isinstance(action, Move) and action.to != s.mile[seat]:
                t["drives"] += 1
                t["crew speed"] += game.crew.speed(s, seat)
                t["chased"] += max(s.mile) - s.mile[seat] >= crew_rules.CHASE_MILES
            zones = {i: x[1] for i, x in enumerate(s.surv[seat])}
            s, events = game.apply(s, action)
            for e in events:
                if e.data.get("seat") is None or e.kind not in ("contaminated",
                                                                  "decontaminated"):
                    continue
                who = tally[crews[e.data["seat"]]]
                if e.kind == "contaminated" and e.data.get("card") == "250":
                    who["ghoul counters"] += 1
                elif "Ghoul sheds" in e.text:
                    who["ghoul sheds"] += 1
                    who["  not Active"] += zones.get(e.data["survivor"], "A") != "A" \
                        if e.data["seat"] == seat else 0
                elif "goes to Rest" in e.text:
                    who["alpha to Rest"] += 1
        outcome = game.outcome(s)
        for x, crew in enumerate(crews):
            t = tally[crew]
            t["wins"] += outcome.places[x] == 1
            t["boards"] += x in s.boarded
            t["mile"] += s.mile[x]
    games = args.games
    print(f"4 players, {games} games, seed {args.seed}; per crew, a game's mean (wins and "
          "boardings in %):")
    for crew in ids:
        t = tally[crew]
        drives = max(1, t["drives"])
        line = (f"  {crew:9} wins {100 * t['wins'] / games:4.1f}%  boards "
                f"{100 * t['boards'] / games:4.1f}%  mile {t['mile'] / games:5.2f}  "
                f"crew Speed a drive {t['crew speed'] / drives:4.2f}  chased "
                f"{t['chased'] / games:4.2f} drives")
        if crew == "mutants":
            line += (f"\n            Ghoul counters {t['ghoul counters'] / games:4.2f}, sheds "
                     f"{t['ghoul sheds'] / games:4.2f} ({t['  not Active'] / games:4.2f} not "
                     f"Active); Alpha Mutant to Rest {t['alpha to Rest'] / games:4.2f}")
        print(line)


if __name__ == "__main__":
    main()
