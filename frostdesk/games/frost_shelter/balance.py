"""The Frost Shelter balance report: `frostdesk balance frost-shelter`.

Plays bot games and writes docs/balance/frost-shelter.md: strength of each bot level against
the others, seat advantage, game length, the damage each Event deals (authored Events next to
the rulebook's), how often each equipment type is bought and used and how buying it moves the
win rate, and the search bot's speed. Every figure comes from the games this command plays.
"""

from __future__ import annotations

import random
import time
from collections import Counter, defaultdict
from collections.abc import Callable, Iterable
from typing import Any

from frostdesk.ai import make_agent
from frostdesk.progress import Progress, silent
from frostdesk.sim import play_game, simulate


def _matchup(game: Any, lineup: list[str], games: int, seed: int, rotate: bool = True,
             observer_factory: Callable[[], Any] | None = None,
             on_game: Callable[[], None] | None = None) -> dict[str, Any]:
    players = len(lineup)
    master = random.Random(seed)
    wins: Counter[str] = Counter()
    share: dict[str, float] = defaultdict(float)
    decisions = 0
    seats = [0.0] * players
    t0 = time.perf_counter()
    for gi in range(games):
        s = master.randrange(2**31)
        shift = gi % players if rotate else 0
        names = lineup[-shift:] + lineup[:-shift] if shift else lineup
        agents = [make_agent(game, n, s * 8 + i) for i, n in enumerate(names)]
        observer = observer_factory() if observer_factory else None
        state, d = play_game(game, agents, players, s, observer=observer)
        decisions += d
        out = game.outcome(state)
        winners = out.winners
        for w in winners:
            wins[names[w]] += 1
            share[names[w]] += 1 / len(winners)
            seats[w] += 1
        if observer is not None:
            observer.finish(state, out, names)
        if on_game is not None:
            on_game()
    return {"wins": wins, "share": share, "seats": seats, "games": games,
            "decisions": decisions / games, "seconds": time.perf_counter() - t0}


class _Stats:
    """Collects per-Event damage and per-equipment purchases/uses from event batches."""

    def __init__(self, store: dict[str, Any]) -> None:
        self.store = store
        self.bought: dict[int, set[str]] = defaultdict(set)
        self.current_event = ""

    def __call__(self, events: list[Any]) -> None:
        st = self.store
        for e in events:
            k = e.kind
            if k == "event_revealed":
                self.current_event = e.data["event"]
                st["event_seen"][self.current_event] += 1
            elif k == "damage_taken":
                st["event_damage"][self.current_event] += e.data["amount"]
                st["event_seats"][self.current_event] += 1
            elif k == "defended":
                st["defences"][self.current_event] += 1
            elif k == "equipment_bought":
                t = e.data["equipment"].rsplit("-", 1)[0]
                st["bought"][t] += 1
                self.bought[e.data["seat"]].add(t)
            elif k in ("equipment_used", "harpoon_used") or (
                    k == "healed" and e.data.get("equipment")):
                st["used"][e.data["equipment"].rsplit("-", 1)[0]] += 1

    def finish(self, state: Any, out: Any, names: list[str]) -> None:
        st = self.store
        st["games"]["all"] += 1
        for seat in range(state.n):
            won = out.places[seat] == 1
            st["seat_games"]["all"] += 1
            st["seat_wins"]["all"] += won
            for t in self.bought.get(seat, ()):
                st["buyer_games"][t] += 1
                st["buyer_wins"][t] += won


STAT_KEYS = ("event_seen", "event_damage", "event_seats", "defences", "bought", "used",
             "buyer_games", "buyer_wins", "seat_games", "seat_wins", "games")
SECTIONS = ("levels", "seats", "events", "equipment", "speed")


def _stats_game(plan: tuple[int, list[str]]) -> dict[str, Counter[str]]:
    """One game of a statistics run, in a worker process or not: its counters."""
    from frostdesk.games import load_game

    game_seed, lineup = plan
    game = load_game("frost-shelter")
    store: dict[str, Counter[str]] = {k: Counter() for k in STAT_KEYS}
    agents = [make_agent(game, n, game_seed * 8 + i) for i, n in enumerate(lineup)]
    observer = _Stats(store)
    state, _ = play_game(game, agents, len(lineup), game_seed, observer=observer)
    observer.finish(state, game.outcome(state), lineup)
    return store


def card_statistics(bots: list[str], games: int, seed: int, jobs: int = 1,
                    interim: Callable[[dict[str, Counter[str]], int], None] | None = None,
                    every: int = 100) -> dict[str, Counter[str]]:
    """Per-Event damage and defences, per-equipment purchases, uses and buyers' wins, over
    `games` games of the line-up `bots` (seeds from `seed` alone: `jobs` changes nothing but
    the time taken). `interim(totals, done)` sees the totals after every `every` games (in
    the order the games finish), for long runs."""
    master = random.Random(seed)
    plan = [(master.randrange(2**31), list(bots)) for _ in range(games)]
    total: dict[str, Counter[str]] = {k: Counter() for k in STAT_KEYS}

    def add(parts: Iterable[dict[str, Counter[str]]]) -> None:
        for done, part in enumerate(parts, 1):
            for k in STAT_KEYS:
                total[k].update(part[k])
            if interim is not None and done % every == 0 and done < games:
                interim(total, done)

    if jobs > 1:
        import multiprocessing

        with multiprocessing.get_context("spawn").Pool(jobs) as pool:
            add(pool.imap_unordered(_stats_game, plan, chunksize=2))
    else:
        add(map(_stats_game, plan))
    return total


def report(games: int = 400, seed: int = 1, mcts_games: int = 0, mcts_ms: int = 1000,
           mcts_iterations: int | None = None, progress: Progress | None = None,
           jobs: int = 1, sections: tuple[str, ...] = SECTIONS,
           equipment_bots: str = "heuristic", equipment_games: int | None = None) -> str:
    from frostdesk.games import load_game

    progress = progress or silent()
    game = load_game("frost-shelter")
    lines: list[str] = []
    add = lines.append
    add("# Frost Shelter balance")
    add("")
    cmd = f"frostdesk balance frost-shelter --games {games} --seed {seed}"
    if mcts_games:
        cmd += f" --mcts-games {mcts_games}"
        cmd += (f" --mcts-iterations {mcts_iterations}" if mcts_iterations
                else f" --mcts-ms {mcts_ms}")
    if equipment_bots != "heuristic":
        cmd += f" --equipment-bots {equipment_bots}"
    if equipment_games is not None:
        cmd += f" --equipment-games {equipment_games}"
    if tuple(sections) != SECTIONS:
        cmd += f" --sections {','.join(sections)}"
    add(f"Regenerate with `{cmd}` (this file is its output; machine: 2 cores).")
    add("Win rates count a shared victory as a win for each sharer; the strong seat rotates.")
    add("")
    if "levels" in sections:
        _levels(game, add, games, seed, mcts_games, mcts_ms, mcts_iterations, progress, jobs)
    if "seats" in sections:
        _seats(game, add, games, seed, progress)
    if "events" in sections:
        progress.phase(f"playing {games} games: 4 heuristic bots, collecting Event statistics")
        _events(game, add, card_statistics(["heuristic"] * 4, games, seed + 100, jobs), games)
    if "equipment" in sections:
        bots = [equipment_bots] * 4
        n = games if equipment_games is None else equipment_games
        progress.phase(f"playing {n} games: 4 {equipment_bots} bots, collecting equipment "
                       "statistics")

        def interim(store: dict[str, Counter[str]], done: int) -> None:
            table: list[str] = []
            _equipment(game, table.append, store, equipment_bots, done)
            progress(f"after {done} of {n} games:\n" + "\n".join(table))

        _equipment(game, add, card_statistics(bots, n, seed + 100, jobs, interim),
                   equipment_bots, n)
    if "speed" in sections:
        add("## Search speed")
        add("")
        progress.phase("measuring the search bot's speed", seconds=2.0)
        add(f"ISMCTS iterations per second in a 4-player mid-game position: "
            f"{search_speed(game):.0f} (`frostdesk balance` measures it on a fixed position: "
            "Event 2, five cards in hand, seed 5).")
        add("")
    return "\n".join(lines)


def _levels(game: Any, add: Callable[[str], None], games: int, seed: int, mcts_games: int,
            mcts_ms: int, mcts_iterations: int | None, progress: Progress,
            jobs: int) -> None:
    add("## Bot levels (4 players)")
    add("")
    add("| line-up | games | win rate of the first bot | chance |")
    add("|---|---|---|---|")
    matchups = [["heuristic", "random", "random", "random"],
                ["easy", "random", "random", "random"],
                ["heuristic", "easy", "easy", "easy"],
                ["easy", "heuristic", "heuristic", "heuristic"]]
    mcts_name = f"mcts@{mcts_iterations}" if mcts_iterations else f"mcts:{mcts_ms}"
    if mcts_games:
        matchups += [[mcts_name, "random", "random", "random"],
                     [mcts_name, "heuristic", "heuristic", "heuristic"]]
    for lineup in matchups:
        n = mcts_games if lineup[0].startswith("mcts") else games
        progress.phase(f"playing {n} games: {', '.join(lineup)}", total=n)
        r = simulate(game, len(lineup), lineup, n, seed, rotate=True, jobs=jobs,
                     on_game=progress.tick)
        rate = 100 * r["wins"][0] / n
        add(f"| {lineup[0]} vs 3 {lineup[1]} | {n} | {rate:.1f}% | 25% |")
    add("")


def _seats(game: Any, add: Callable[[str], None], games: int, seed: int,
           progress: Progress) -> None:
    add("## Seat advantage and game length (heuristic in every seat)")
    add("")
    add("| players | games | wins by seat (seat 1 = first Leader at random) | decisions per game |")
    add("|---|---|---|---|")
    for n in range(2, 6):
        progress.phase(f"playing {games} games: {n} heuristic bots", total=games)
        r = _matchup(game, ["heuristic"] * n, games, seed + n, rotate=False,
                     on_game=progress.tick)
        seats = ", ".join(f"{100 * w / games:.0f}%" for w in r["seats"])
        add(f"| {n} | {games} | {seats} | {r['decisions']:.0f} |")
    add("")


def _events(game: Any, add: Callable[[str], None], store: dict[str, Counter[str]],
            games: int) -> None:
    add("## Events (4 heuristic bots)")
    add("")
    add(f"{games} games. Mean damage a player takes from each Event (Frost Bite included) and "
        "how many defences are made per appearance (each of the four players can make up to "
        "two). Authored Events should sit among the rulebook's.")
    add("")
    add("| Event | source | damage / Max | appearances | mean damage per player | "
        "defences per appearance |")
    add("|---|---|---|---|---|---|")
    for ev in game.content.events:
        seen = store["event_seen"][ev.id]
        event_seats = store["event_seats"][ev.id] or 1
        add(f"| {ev.name} | {ev.source} | {ev.damage} / {ev.max} | {seen} | "
            f"{store['event_damage'][ev.id] / event_seats:.2f} | "
            f"{store['defences'][ev.id] / max(1, seen):.2f} |")
    add("")


def _equipment(game: Any, add: Callable[[str], None], store: dict[str, Counter[str]],
               bots: str, games: int) -> None:
    overall = store["seat_wins"]["all"] / max(1, store["seat_games"]["all"])
    add(f"## Equipment (4 {bots} bots)")
    add("")
    add(f"{games} games. Overall win rate of a seat: {100 * overall:.1f}%. \"Buyers\" are the "
        "players who bought that type at least once in a game; the ratio is their win rate over "
        "the overall one (a must-buy would sit far above 1, a useless card far below).")
    add("")
    add("| equipment | source | bought per game | used per game | win rate of buyers | ratio |")
    add("|---|---|---|---|---|---|")
    played = max(1, store["games"]["all"])
    for t in game.content.equipment_types:
        g = store["buyer_games"][t.type]
        rate = store["buyer_wins"][t.type] / g if g else 0.0
        shown = f"{100 * rate:.1f}% ({g} buyers)" if g else "-"
        ratio = f"{rate / overall:.2f}" if g and overall else "-"
        add(f"| {t.name} | {t.source} | {store['bought'][t.type] / played:.2f} | "
            f"{store['used'][t.type] / played:.2f} | {shown} | {ratio} |")
    add("")


def midgame_position(game: Any) -> Any:
    rng = random.Random(3)
    s, _ = game.new_game({"players": 4}, 5)
    while not (s.event_no == 1 and s.phase == "play" and len(s.hands[s.turn]) <= 5
               and not s.trick):
        s, _ = game.apply(s, rng.choice(game.legal(s)))
    return s


def search_speed(game: Any, ms: int = 2000) -> float:
    from frostdesk.games.frost_shelter.bots import _mcts

    s = midgame_position(game)
    seat = game.to_move(s)
    view = game.view(s, seat)
    agent = _mcts(game, 1, budget_ms=ms)
    t0 = time.perf_counter()
    agent.search(view, seat)
    return agent.last_iterations / (time.perf_counter() - t0)


def add_arguments(p: Any) -> None:
    """`frostdesk balance frost-shelter` options (an argparse parser)."""
    p.add_argument("--games", type=int, default=400, help="games per row")
    p.add_argument("--sections", default=",".join(SECTIONS),
                   help=f"comma-separated parts of the report ({', '.join(SECTIONS)})")
    p.add_argument("--equipment-bots", default="heuristic",
                   help="bot in all four seats of the equipment games (e.g. mcts@200)")
    p.add_argument("--equipment-games", type=int, default=None,
                   help="games for the equipment table (default: --games)")
    p.add_argument("--mcts-games", type=int, default=0,
                   help="games per row for the search bot (0: leave it out)")
    p.add_argument("--mcts-ms", type=int, default=1000, help="search bot time per move")
    p.add_argument("--mcts-iterations", type=int, default=None,
                   help="search bot: fixed iterations per move instead of a time")


def run(args: Any, progress: Progress) -> str:
    sections = tuple(x.strip() for x in args.sections.split(",") if x.strip())
    unknown = [x for x in sections if x not in SECTIONS]
    if unknown:
        raise SystemExit(f"frostdesk balance: unknown section {unknown[0]!r}; choose from "
                         + ", ".join(SECTIONS))
    from frostdesk.games import load_game

    try:
        make_agent(load_game("frost-shelter"), args.equipment_bots)
    except ValueError as exc:
        raise SystemExit(f"frostdesk balance: {exc}") from None
    return report(args.games, args.seed, args.mcts_games, args.mcts_ms, args.mcts_iterations,
                  progress=progress, jobs=max(1, args.jobs), sections=sections,
                  equipment_bots=args.equipment_bots, equipment_games=args.equipment_games)
