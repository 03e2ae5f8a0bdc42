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
from collections.abc import Callable
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
        st["games"] += 1
        for seat in range(state.n):
            won = out.places[seat] == 1
            st["seat_games"] += 1
            st["seat_wins"] += won
            for t in self.bought.get(seat, ()):
                st["buyer_games"][t] += 1
                st["buyer_wins"][t] += won


def report(games: int = 400, seed: int = 1, mcts_games: int = 0, mcts_ms: int = 1000,
           mcts_iterations: int | None = None, progress: Progress | None = None,
           jobs: int = 1) -> str:
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
    add(f"Regenerate with `{cmd}` (this file is its output; machine: 2 cores).")
    add("Win rates count a shared victory as a win for each sharer; the strong seat rotates.")
    add("")

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

    store: dict[str, Any] = {k: Counter() for k in (
        "event_seen", "event_damage", "event_seats", "defences", "bought", "used",
        "buyer_games", "buyer_wins")}
    store.update(games=0, seat_games=0, seat_wins=0)
    progress.phase(f"playing {games} games: 4 heuristic bots, collecting card statistics",
                   total=games)
    _matchup(game, ["heuristic"] * 4, games, seed + 100, observer_factory=lambda: _Stats(store),
             on_game=progress.tick)
    add("## Events (4 heuristic bots)")
    add("")
    add("Mean damage a player takes from each Event (Frost Bite included) and how many "
        "defences are made per appearance. Authored Events should sit among the rulebook's.")
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
    overall = 100 * store["seat_wins"] / max(1, store["seat_games"])
    add("## Equipment (4 heuristic bots)")
    add("")
    add(f"Overall win rate of a seat: {overall:.1f}%. A type whose buyers win far more often "
        "than that would be a must-buy.")
    add("")
    add("| equipment | source | bought per game | used per game | win rate of buyers |")
    add("|---|---|---|---|---|")
    for t in game.content.equipment_types:
        g = store["buyer_games"][t.type]
        rate = f"{100 * store['buyer_wins'][t.type] / g:.1f}% ({g} buyers)" if g else "-"
        add(f"| {t.name} | {t.source} | {store['bought'][t.type] / store['games']:.2f} | "
            f"{store['used'][t.type] / store['games']:.2f} | {rate} |")
    add("")
    add("## Search speed")
    add("")
    progress.phase("measuring the search bot's speed", seconds=2.0)
    add(f"ISMCTS iterations per second in a 4-player mid-game position: "
        f"{search_speed(game):.0f} (`frostdesk balance` measures it on a fixed position: "
        "Event 2, five cards in hand, seed 5).")
    add("")
    return "\n".join(lines)


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
    p.add_argument("--mcts-games", type=int, default=0,
                   help="games per row for the search bot (0: leave it out)")
    p.add_argument("--mcts-ms", type=int, default=1000, help="search bot time per move")
    p.add_argument("--mcts-iterations", type=int, default=None,
                   help="search bot: fixed iterations per move instead of a time")


def run(args: Any, progress: Progress) -> str:
    return report(args.games, args.seed, args.mcts_games, args.mcts_ms, args.mcts_iterations,
                  progress=progress, jobs=max(1, args.jobs))
