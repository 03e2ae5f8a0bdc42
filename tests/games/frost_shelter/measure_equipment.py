"""Frost Shelter's equipment table (issue 11, item 12) game by game, so a long run can stop and
go on, or be split over processes or sessions (docs/balance/frost-shelter.md).

    python -m tests.games.frost_shelter.measure_equipment play --seed 1 --first 0 --last 999 \
        --out a.jsonl
    python -m tests.games.frost_shelter.measure_equipment play --seed 1 --first 1000 \
        --last 1999 --out b.jsonl      # at the same time, on the other core
    python -m tests.games.frost_shelter.measure_equipment report a.jsonl b.jsonl

Game i of `--seed S` is game i of `frostdesk balance frost-shelter --sections equipment
--equipment-bots mcts@100 --equipment-games N --seed S` (the same plan of seeds, the same bots
with the same seeds), counted by the balance report's own `_stats_game`; `play` writes one JSON
line a game and skips the games its file holds already; each line also holds what
measure_matched records of the same game (purchases, damage at each reveal, winners), so
`report` prints that table too. `report` adds up every file given
(a game counted twice is counted once) and prints the equipment table with, for each type, the
Wilson 95% interval of its buyers' win rate over the overall rate. Every file must come from
the same tree: the lines say which commit they were played on.
"""

from __future__ import annotations

import argparse
import json
import os
import random
import subprocess
from collections import Counter
from typing import Any

from frostdesk.ai import make_agent
from frostdesk.engine.stats import wilson
from frostdesk.games import load_game
from frostdesk.games.frost_shelter.balance import STAT_KEYS, _Stats
from frostdesk.sim import play_game
from tests.games.frost_shelter.measure_matched import Record, report_rows

BOT = "mcts@100"


def _commit() -> str:
    try:
        out = subprocess.run(["git", "rev-parse", "--short", "HEAD"], capture_output=True,
                             text=True, check=False, cwd=os.path.dirname(__file__))
        dirty = subprocess.run(["git", "status", "--porcelain", "--untracked-files=no"],
                               capture_output=True, text=True, check=False,
                               cwd=os.path.dirname(__file__)).stdout.strip()
        return out.stdout.strip() + ("+changes" if dirty else "")
    except OSError:
        return "unknown"


def play(seed: int, first: int, last: int, out: str, bot: str) -> None:
    master = random.Random(seed)
    plan = [master.randrange(2**31) for _ in range(last + 1)]
    done: set[int] = set()
    if os.path.exists(out):
        with open(out) as f:
            done = {json.loads(line)["index"] for line in f}
    commit = _commit()
    for index in range(first, last + 1):
        if index in done:
            continue
        store, matched = _game(plan[index], bot)
        with open(out, "a") as f:
            f.write(json.dumps({"index": index, "seed": seed, "bot": bot, "commit": commit,
                                "store": {k: dict(v) for k, v in store.items()},
                                **matched}) + "\n")


def _game(game_seed: int, bot: str) -> tuple[dict[str, Counter[str]], dict[str, Any]]:
    """One game as `_stats_game` plays it (the same agents and seeds): its counters, and what
    measure_matched needs for the same game (every purchase with its Event and buyer, each
    seat's damage total at every Event's reveal, who won), so one run gives both tables."""
    game = load_game("frost-shelter")
    store: dict[str, Counter[str]] = {k: Counter() for k in STAT_KEYS}
    agents = [make_agent(game, bot, game_seed * 8 + i) for i in range(4)]
    stats = _Stats(store)
    record = Record()

    def observe(events: list[Any]) -> None:
        stats(events)
        record(events)

    state, _ = play_game(game, agents, 4, game_seed, observer=observe)
    out = game.outcome(state)
    stats.finish(state, out, [bot] * 4)
    return store, record.finish(out)


def report(paths: list[str]) -> str:
    rows: dict[tuple[int, int, str], dict[str, dict[str, int]]] = {}
    matched: dict[tuple[int, int, str], dict[str, Any]] = {}
    commits: Counter[str] = Counter()
    for path in paths:
        with open(path) as f:
            for line in f:
                r = json.loads(line)
                rows[(r["seed"], r["index"], r["bot"])] = r["store"]
                if "buys" in r:
                    matched[(r["seed"], r["index"], r["bot"])] = r
                commits[r["commit"]] += 1
    total: dict[str, Counter[str]] = {k: Counter() for k in STAT_KEYS}
    for store in rows.values():
        for k in STAT_KEYS:
            total[k].update(store.get(k, {}))
    game = load_game("frost-shelter")
    seats = total["seat_games"]["all"]
    overall = total["seat_wins"]["all"] / max(1, seats)
    played = max(1, total["games"]["all"])
    lines = [f"{len(rows)} games (commits: {dict(commits)}). Overall win rate of a seat: "
             f"{100 * overall:.1f}%.", "",
             "| equipment | bought per game | used per game | buyers | win rate of buyers | "
             "ratio | 95% interval |", "|---|---|---|---|---|---|---|"]
    for t in game.content.equipment_types:
        g = total["buyer_games"][t.type]
        w = total["buyer_wins"][t.type]
        if not g:
            lines.append(f"| {t.name} | 0.00 | 0.00 | 0 | - | - | - |")
            continue
        low, high = wilson(w, g)
        lines.append(f"| {t.name} | {total['bought'][t.type] / played:.2f} | "
                     f"{total['used'][t.type] / played:.2f} | {g} | {100 * w / g:.1f}% | "
                     f"{w / g / overall:.2f} | {low / overall:.2f}-{high / overall:.2f} |")
    if matched:
        lines += ["", "Against seats in the same place (measure_matched's table, over the "
                  f"{len(matched)} games that recorded it):", "",
                  report_rows(list(matched.values()))]
    return "\n".join(lines)


def main() -> None:
    p = argparse.ArgumentParser(description=(__doc__ or "").splitlines()[0])
    p.add_argument("what", choices=("play", "report"))
    p.add_argument("paths", nargs="*", help="report: the games files")
    p.add_argument("--seed", type=int, default=1)
    p.add_argument("--first", type=int, default=0)
    p.add_argument("--last", type=int, default=1999)
    p.add_argument("--bot", default=BOT)
    p.add_argument("--out", default="equipment.jsonl")
    a = p.parse_args()
    if a.what == "report":
        print(report(a.paths or [a.out]))
    else:
        play(a.seed, a.first, a.last, a.out, a.bot)


if __name__ == "__main__":
    main()
