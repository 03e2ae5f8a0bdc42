"""Frost Shelter's equipment buyers against seats in the same place (docs/balance/frost-shelter.md,
issue 11 item 12): do a card's buyers win less because of the card, or because of where they
stood when they bought it?

    python -m tests.games.frost_shelter.measure_matched play --seed 2 --first 254 --last 300 \
        --out games.jsonl
    python -m tests.games.frost_shelter.measure_matched play --indices 256,260 --out g.jsonl
    python -m tests.games.frost_shelter.measure_matched report games.jsonl

`play` replays games of `frostdesk balance frost-shelter --sections equipment --equipment-bots
mcts@100 --equipment-games 2000 --seed S` (the same plan of seeds and bots, so the very same
games) and writes one JSON line a game: every purchase with the Event it was made in and the
buyer, each seat's damage total at every Event's reveal, and who won. A stopped run keeps the
games it wrote and goes on from there. `report` compares, for each equipment type, its buyers'
win rate with the win rate of every seat (in the same games) that held the buyer's damage rank
at the reveal of the Event after the purchase: a ratio under 1 there is the card's (or its
use's), not the buyer's place. A finer match ("the same gaps") takes the seats whose damage
then was as far from their best and second-best rivals' as the buyer's.
"""

from __future__ import annotations

import argparse
import json
import os
import random
from collections import Counter, defaultdict
from typing import Any

from frostdesk.ai import make_agent
from frostdesk.games import load_game
from frostdesk.sim import play_game

BOT = "mcts@100"


class Record:
    """An observer of one game's events: every purchase with the Event it was made in and the
    buyer, and each seat's damage total at every Event's reveal; `finish` adds who won."""

    def __init__(self) -> None:
        self.totals = [0, 0, 0, 0]
        self.buys: list[Any] = []
        self.reveals: list[Any] = []

    def __call__(self, events: list[Any]) -> None:
        for e in events:
            d = e.data
            if e.kind == "event_revealed":
                self.reveals.append(list(self.totals))
            elif "total" in d and "seat" in d:  # damage taken, a heal
                self.totals[d["seat"]] = d["total"]
            elif e.kind == "equipment_bought":
                self.buys.append((len(self.reveals) - 1, d["seat"],
                                  d["equipment"].rsplit("-", 1)[0]))

    def finish(self, outcome: Any) -> dict[str, Any]:
        assert outcome is not None  # the game was played to its end
        won = [outcome.places[s] == 1 for s in range(4)]
        return {"buys": self.buys, "reveals": self.reveals, "won": won}


def play(seed: int, indices: list[int], out: str) -> None:
    master = random.Random(seed)
    plan = [master.randrange(2**31) for _ in range(max(indices) + 1)]
    done: set[int] = set()
    if os.path.exists(out):
        with open(out) as f:
            done = {json.loads(line)["index"] for line in f}
    game = load_game("frost-shelter")
    for index in indices:
        if index in done:
            continue
        game_seed = plan[index]
        record = Record()
        agents = [make_agent(game, BOT, game_seed * 8 + i) for i in range(4)]
        state, _ = play_game(game, agents, 4, game_seed, observer=record)
        with open(out, "a") as f:
            f.write(json.dumps({"index": index, **record.finish(game.outcome(state))}) + "\n")


def _rank(totals: list[int], seat: int) -> int:
    return 1 + sum(1 for t in totals if t < totals[seat])


def _gaps(totals: list[int], seat: int) -> tuple[int, int]:
    """A finer place than the rank: the seat's damage less the best and the second best of
    its rivals' (each held within -4..6, so that every cell has seats in it)."""
    others = sorted(t for i, t in enumerate(totals) if i != seat)
    return (max(-4, min(6, totals[seat] - others[0])), max(-4, min(6, totals[seat] - others[1])))


def report(path: str) -> str:
    with open(path) as f:
        return report_rows([json.loads(line) for line in f])


def report_rows(rows: list[dict[str, Any]]) -> str:
    """The matched table of games given as dicts with "buys", "reveals" and "won"."""
    base: dict[tuple[int, int], list[int]] = defaultdict(lambda: [0, 0])
    fine: dict[tuple[int, tuple[int, int]], list[int]] = defaultdict(lambda: [0, 0])
    for r in rows:
        for ev, totals in enumerate(r["reveals"]):
            for s in range(4):
                for cell in (base[(ev, _rank(totals, s))], fine[(ev, _gaps(totals, s))]):
                    cell[0] += 1
                    cell[1] += r["won"][s]
    by: dict[str, Counter[str]] = defaultdict(Counter)
    expect: dict[str, float] = defaultdict(float)
    expect_fine: dict[str, float] = defaultdict(float)
    for r in rows:
        seen = set()
        for ev, seat, kind in r["buys"]:
            nxt = ev + 1
            if (seat, kind) in seen or nxt >= len(r["reveals"]):
                continue  # one count a buyer and type; a last-Event purchase has no "after"
            seen.add((seat, kind))
            n, w = base[(nxt, _rank(r["reveals"][nxt], seat))]
            by[kind]["buyers"] += 1
            by[kind]["wins"] += r["won"][seat]
            expect[kind] += w / n
            n, w = fine[(nxt, _gaps(r["reveals"][nxt], seat))]
            expect_fine[kind] += w / n
    overall = sum(sum(r["won"]) for r in rows) / (4 * len(rows))
    lines = [f"{len(rows)} games; a seat wins {100 * overall:.1f}%", "",
             "| equipment | buyers | win rate of buyers | ratio to overall | seats in the same "
             "place win | ratio to them | seats at the same gaps win | ratio to them |",
             "|---|---|---|---|---|---|---|---|"]
    for kind, c in sorted(by.items()):
        rate = c["wins"] / c["buyers"]
        same = expect[kind] / c["buyers"]
        gaps = expect_fine[kind] / c["buyers"]
        lines.append(f"| {kind} | {c['buyers']} | {100 * rate:.1f}% | {rate / overall:.2f} "
                     f"| {100 * same:.1f}% | {f'{rate / same:.2f}' if same else '-'} "
                     f"| {100 * gaps:.1f}% | {f'{rate / gaps:.2f}' if gaps else '-'} |")
    return "\n".join(lines)


def main() -> None:
    p = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    p.add_argument("what", choices=("play", "report"))
    p.add_argument("path", nargs="?", help="report: the games file")
    p.add_argument("--seed", type=int, default=2)
    p.add_argument("--first", type=int, default=0)
    p.add_argument("--last", type=int, default=99)
    p.add_argument("--indices", default="", help="play only these game numbers (a,b,...)")
    p.add_argument("--out", default="matched.jsonl")
    a = p.parse_args()
    if a.what == "report":
        print(report(a.path or a.out))
        return
    indices = [int(x) for x in a.indices.split(",")] if a.indices else \
        list(range(a.first, a.last + 1))
    play(a.seed, indices, a.out)


if __name__ == "__main__":
    main()
