"""Does holding a piece of equipment help a Hard-bot seat, as the search plays it? (issue 11,
item 12; docs/balance/frost-shelter.md, "Equipment: a card given")

    python -m tests.games.frost_shelter.measure_gift --gift bag --games 100 --out bag.jsonl
    python -m tests.games.frost_shelter.measure_gift --gift harpoon --out h.jsonl \
        --arms without,with,with_heuristic_harpoon
    python -m tests.games.frost_shelter.measure_gift --report bag.jsonl

Each game is played from its start once an arm, with four `mcts@100` seats, the same seed and
the same bot seeds: "without", as dealt; "with", one seat (game k: seat k mod 4) given the
equipment before the first trick; "with_no_order", given it, with the search's move order
plain (cheap cards first, Expeditions last: the same as "with" since the Bag's early
Expedition was taken out of the search; the first Bag table of docs/balance/frost-shelter.md
ran "with" on the search of commit c5b11b3); "with_heuristic_harpoon", given it, the given
seat deciding its Harpoon as the Normal bot does; "with_search_harpoon_1000", given it, its
Harpoon decided by the plain search (the Hard bot before it took the Normal bot's rule) with
1,000 iterations, the others at 100. The copy given is taken from the market in
every arm, so no other seat can buy it in one arm and not in another. Everything but the gift
is the same, so the difference in the given seat's damage and wins is the card's worth as the
bot uses it (a card the bot misplays comes out below zero). One JSON line a game; a stopped
run keeps its lines and goes on from there, and a run with more arms adds the missing ones.
"""

from __future__ import annotations

import argparse
import copy
import json
import math
import os
import random
from typing import Any

from frostdesk.ai import make_agent
from frostdesk.games import load_game
from frostdesk.games.frost_shelter import search

BOT = "mcts@100"


# arm -> (the seat is given the card, who decides its Harpoon: "" the Hard bot). The search's
# move order is now the plain one, so "with_no_order" plays as "with" (its name is kept for the
# documented Bag table, whose "with" arm ran on commit c5b11b3).
ARMS: dict[str, tuple[bool, str]] = {
    "without": (False, ""), "with": (True, ""), "with_no_order": (True, ""),
    "with_heuristic_harpoon": (True, "heuristic"),
    "with_search_harpoon_1000": (True, "search@1000")}


def _harpoon_agent(game: Any, how: str, seed: int) -> Any:
    """Who decides the given seat's Harpoon: the Normal bot, or the plain search (without the
    Hard bot's rule for the Harpoon) with a number of iterations."""
    if how == "heuristic":
        return make_agent(game, "heuristic", 0)
    from frostdesk.ai.ismcts import ISMCTSAgent

    return ISMCTSAgent(game, search.FrostShelterPolicy(game), seed=seed,
                       iterations=int(how.split("@")[1]))


def _play_out(game: Any, state: Any, seed: int, given: int, harpoon: str) -> Any:
    agents = [make_agent(game, BOT, seed * 8 + i) for i in range(state.n)]
    harpooner = _harpoon_agent(game, harpoon, seed * 8 + given) if harpoon else None
    while (seat := game.to_move(state)) is not None:
        view = game.view(state, seat)
        legal = game.legal(view)
        bot = harpooner if harpooner and seat == given and view.phase == "harpoon" \
            else agents[seat]
        state, _ = game.apply(state, bot.choose(game, view, legal, seat))
    return state


def _arm(game: Any, seed: int, seat: int, gift: str, arm: str) -> dict[str, Any]:
    give, harpoon = ARMS[arm]
    state, _ = game.new_game({"players": 4}, seed)
    ids = game.content.equipment_ids
    copy_ = next(e for e in state.market if ids[e].startswith(gift + "-"))
    state = copy.deepcopy(state)
    state.market.remove(copy_)
    if give:
        state.equipment[seat].append(copy_)
    state.legal_cache = None
    if give and gift == "harpoon":  # before the first trick, as a Harpoon is used
        game._begin_harpoons(state, [])
    final = _play_out(game, state, seed, seat, harpoon)
    out = game.outcome(final)
    return {"damage": final.damage[seat], "won": out.places[seat] == 1,
            "place": out.places[seat], "kept": copy_ in final.equipment[seat]}


def play(gift: str, games: int, seed: int, arms: list[str], out: str) -> None:
    rows: dict[int, dict[str, Any]] = {}
    if os.path.exists(out):
        with open(out) as f:
            rows = {r["game"]: r for r in map(json.loads, f)}
    game = load_game("frost-shelter")
    master = random.Random(seed)
    seeds = [master.randrange(2**31) for _ in range(games)]
    for k, s in enumerate(seeds):
        row = rows.setdefault(k, {"game": k, "seed": s, "seat": k % 4})
        missing = [arm for arm in arms if arm not in row]
        if not missing:
            continue
        for arm in missing:
            row[arm] = _arm(game, s, row["seat"], gift, arm)
        with open(out + ".part", "w") as f:  # the whole file again, then put in place
            f.writelines(json.dumps(r) + "\n" for _, r in sorted(rows.items()))
        os.replace(out + ".part", out)


def report(path: str) -> str:
    with open(path) as f:
        rows = [json.loads(line) for line in f]
    arms = [a for a in ARMS if all(a in r for r in rows)]
    lines = [f"{len(rows)} games, the given seat in each", "",
             "| arm | mean damage | damage against without (95%) | wins | used |",
             "|---|---|---|---|---|"]
    for arm in arms:
        dmg = [r[arm]["damage"] for r in rows]
        diff = [r[arm]["damage"] - r["without"]["damage"] for r in rows]
        mean = sum(diff) / len(diff)
        sd = math.sqrt(sum((d - mean) ** 2 for d in diff) / max(1, len(diff) - 1))
        half = 1.96 * sd / math.sqrt(len(diff))
        wins = sum(r[arm]["won"] for r in rows)
        used = sum(not r[arm]["kept"] for r in rows) if arm != "without" else "-"
        lines.append(f"| {arm} | {sum(dmg) / len(dmg):.2f} | {mean:+.2f} "
                     f"({mean - half:+.2f} to {mean + half:+.2f}) | {wins} | {used} |")
    return "\n".join(lines)


def main() -> None:
    p = argparse.ArgumentParser(description=(__doc__ or "").splitlines()[0])
    p.add_argument("--gift", choices=("bag", "harpoon", "sled", "chest", "tarp", "medkit"),
                   default="bag")
    p.add_argument("--games", type=int, default=100)
    p.add_argument("--seed", type=int, default=1)
    p.add_argument("--arms", default="without,with", help=f"a,b,... of {', '.join(ARMS)}")
    p.add_argument("--out", default="gift.jsonl")
    p.add_argument("--report", default="", help="print the table of a games file")
    a = p.parse_args()
    if a.report:
        print(report(a.report))
        return
    arms = a.arms.split(",")
    unknown = [arm for arm in arms if arm not in ARMS]
    if unknown:
        p.error(f"no such arm: {', '.join(unknown)} (arms: {', '.join(ARMS)})")
    play(a.gift, a.games, a.seed, arms, a.out)


if __name__ == "__main__":
    main()
