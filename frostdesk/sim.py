"""Headless play between bots: `frostdesk simulate` and the speed benchmark.

The same bots and the same rules objects drive the app, so a simulation is also how authored
content is balanced (docs/balance/). Bots get their seat's view only.
"""

from __future__ import annotations

import contextlib
import hashlib
import json
import random
import sys
import time
import traceback
from collections.abc import Callable, Sequence
from pathlib import Path
from typing import IO, Any

from frostdesk.ai import make_agent
from frostdesk.engine.game import ruleset_of
from frostdesk.engine.registry import get, import_path, load_game

LOG_FORMAT = 2
"""Version of the `--log` lines (docs/events.md). 2 added `log_format` to the setup line and
`legal` and `legal_hash` to every action line; format 1 logs have neither."""


class SimulationError(ValueError):
    """Bad simulation arguments (unknown bot, wrong player count)."""


class _ReadOptions(dict[str, Any]):
    """Options that remember which of their keys the game looked at."""

    def __init__(self, options: dict[str, Any]) -> None:
        super().__init__(options)
        self.read: set[str] = set()

    def get(self, key: str, default: Any = None) -> Any:  # type: ignore[override]
        self.read.add(key)
        return super().get(key, default)

    def __getitem__(self, key: str) -> Any:
        self.read.add(key)
        return super().__getitem__(key)

    def __contains__(self, key: object) -> bool:
        self.read.add(str(key))
        return super().__contains__(key)

    def _all_read(self) -> None:
        self.read.update(super().keys())

    def __iter__(self) -> Any:
        self._all_read()
        return super().__iter__()

    def keys(self) -> Any:
        self._all_read()
        return super().keys()

    def items(self) -> Any:
        self._all_read()
        return super().items()

    def values(self) -> Any:
        self._all_read()
        return super().values()


def options_problem(game: Any, options: dict[str, Any], players: int, seed: int = 1) -> str:
    """What is wrong with command-line options for a game of `players` ('' when nothing):
    a value the game refuses, or a key that is neither one of the game's declared options
    nor read by its rules when a game starts (a typo would otherwise change nothing)."""
    given = _ReadOptions({**options, "players": players})
    try:
        game.new_game(given, seed)
    except (ValueError, TypeError) as exc:
        return f"bad --option: {exc}"
    desc = get(game.id)
    declared = {o.key for o in desc.options}
    unknown = sorted(set(options) - given.read - declared - set(desc.setup_keys))
    if unknown:
        takes = ", ".join(sorted(declared)) or "none besides those its rules read"
        return (f"{game.title} has no option {', '.join(map(repr, unknown))} "
                f"(its options: {takes})")
    return ""


def legal_hash(texts: Sequence[str]) -> str:
    """The hash of a decision's legal actions written on its `action` line: the action texts
    sorted, joined with newlines, SHA-256 of the UTF-8 bytes, first 16 hex digits."""
    return hashlib.sha256("\n".join(sorted(texts)).encode("utf-8")).hexdigest()[:16]


def play_game(game: Any, agents: Sequence[Any], players: int, seed: int,
              options: dict[str, Any] | None = None, log: IO[str] | None = None,
              game_index: int = 0, observer: Any = None) -> tuple[Any, int]:
    """Play one game to the end; returns (final state, number of decisions).

    `observer(events)`, when given, sees every event batch (used by the balance report).
    """
    opts = dict(options or {})
    opts["players"] = players
    state, events = game.new_game(opts, seed)
    if log is not None:
        log.write(json.dumps({"game": game_index, "seq": 0, "type": "setup",
                              "log_format": LOG_FORMAT, "seed": seed,
                              "players": players, "options": opts,
                              "bots": [a.name for a in agents],
                              "ruleset": ruleset_of(game, opts)}) + "\n")
    seq = 1
    if log is not None:
        seq = _write_events(log, game_index, seq, events, None)
    if observer is not None:
        observer(events)
    decisions = 0
    while True:
        seat = game.to_move(state)
        if seat is None:
            break
        view = game.view(state, seat)
        legal = game.legal(view)
        action = agents[seat].choose(game, view, legal, seat)
        # the log lists what the rules allowed in the full state (the same list for a bot's
        # own view: what a seat may do never depends on what it cannot see)
        texts = [game.action_text(a) for a in game.legal(state)] if log is not None else []
        state, events = game.apply(state, action)
        decisions += 1
        if observer is not None:
            observer(events)
        if log is not None:
            seq = _write_events(log, game_index, seq, events,
                                (seat, game.action_text(action), len(texts), legal_hash(texts)))
    return state, decisions


def _write_events(log: IO[str], gi: int, seq: int, events: Sequence[Any],
                  action: tuple[int, str, int, str] | None) -> int:
    if action is not None:
        seat, text, count, digest = action
        log.write(json.dumps({"game": gi, "seq": seq, "type": "action", "seat": seat,
                              "action": text, "legal": count, "legal_hash": digest}) + "\n")
        seq += 1
    for e in events:
        log.write(json.dumps({"game": gi, "seq": seq, **e.to_json()}) + "\n")
        seq += 1
    return seq


def simulate(game: Any, players: int, bots: Sequence[str], games: int, seed: int,
             log_path: Path | None = None, iterations: int | None = None,
             rotate: bool = False, options: dict[str, Any] | None = None,
             jobs: int = 1, on_game: Callable[[], None] | None = None) -> dict[str, Any]:
    """Play `games` games and return the JSON summary documented in docs/events.md.

    Every game's seed and line-up come from `seed` alone, so `jobs` (worker processes, for
    slow search bots) changes how long a run takes, never its results. `on_game()` is called
    as each game ends (the command line's progress line).
    """
    if not game.min_players <= players <= game.max_players:
        raise SimulationError(f"{game.title} takes {game.min_players} to {game.max_players} "
                              f"players, not {players}")
    names = list(bots) * players if len(bots) == 1 else list(bots)
    if len(names) != players:
        raise SimulationError(f"--bots names {len(names)} bots for {players} players")
    if jobs > 1 and log_path is not None:
        raise SimulationError("--log writes one ordered stream: use it with --jobs 1")
    problem = options_problem(game, options or {}, players, seed)
    if problem:  # refuse bad options before playing anything
        raise SimulationError(problem)
    for n in set(names):  # refuse unknown bots before playing anything
        try:
            _agent(game, n, 0, iterations)
        except ValueError as exc:
            raise SimulationError(str(exc)) from None
    master = random.Random(seed)
    plan = []
    for gi in range(games):
        shift = gi % players if rotate else 0
        lineup = names[-shift:] + names[:-shift] if shift else names
        plan.append((game.id, gi, master.randrange(2**31), lineup, shift, players, iterations,
                     options))
    wins = [0] * players
    damage = [0.0] * players
    errors = decisions = finished = turns = 0
    started = time.perf_counter()
    if jobs > 1:
        import multiprocessing

        with multiprocessing.get_context("spawn").Pool(jobs) as pool:
            results = []
            for result in pool.imap(_play_planned, plan, chunksize=1):  # in plan order
                results.append(result)
                if on_game is not None:
                    on_game()
    else:
        with contextlib.ExitStack() as stack:
            log = (stack.enter_context(open(log_path, "w", encoding="utf-8"))
                   if log_path else None)
            results = []
            for p in plan:
                results.append(_play_planned(p, log))
                if on_game is not None:
                    on_game()
    for result in results:
        if result is None:
            errors += 1
            continue
        d, game_wins, game_damage, game_turns = result
        decisions += d
        turns += game_turns
        finished += 1
        for slot in range(players):
            wins[slot] += game_wins[slot]
            damage[slot] += game_damage[slot]
    elapsed = time.perf_counter() - started
    summary: dict[str, Any] = {
        "game": game.id, "players": players, "games": games, "seed": seed, "errors": errors,
        "wins": wins,
    }
    desc = get(game.id)
    if desc.cooperative:
        # the whole team wins or loses: every seat's slot holds the team's wins
        summary["win_rate"] = round(wins[0] / max(1, finished), 4)
        summary["mean_turns"] = round(turns / max(1, finished), 2)
        summary["options"] = dict(options or {})
    else:
        summary[f"mean_{desc.score_name}"] = [round(d / max(1, finished), 3) for d in damage]
    summary.update({
        "games_per_second": round(finished / elapsed, 2) if elapsed > 0 else 0.0,
        "decisions_per_game": round(decisions / max(1, finished), 2),
        "bots": names,
    })
    return summary


def _play_planned(plan: tuple[Any, ...], log: IO[str] | None = None
                  ) -> tuple[int, list[int], list[int], int] | None:
    """Play one planned game; (decisions, wins per slot, damage per slot, turns), None if it
    raised.

    Slots are the seats of the line-up as given on the command line (rotation undone)."""
    game_id, gi, game_seed, lineup, shift, players, iterations, options = plan
    game = load_game(game_id)
    agents = [_agent(game, n, game_seed * 8 + i, iterations) for i, n in enumerate(lineup)]
    try:
        state, d = play_game(game, agents, players, game_seed, options, log, gi)
    except OSError:  # the log cannot be written (a closed pipe, a full disk): stop the run
        raise
    except Exception:  # noqa: BLE001 - a broken game is counted, the run goes on
        print(f"game {gi} (seed {game_seed}) raised:", file=sys.stderr)
        traceback.print_exc()
        return None
    out = game.outcome(state)
    wins = [0] * players
    damage = [0] * players
    for seat in range(players):
        slot = (seat - shift) % players
        damage[slot] = out.scores[seat]
        wins[slot] = 1 if out.places[seat] == 1 else 0
    return d, wins, damage, int(out.details.get("turns", 0))


def _agent(game: Any, name: str, seed: int, iterations: int | None) -> Any:
    if iterations is not None and name.startswith("mcts"):
        return make_agent(game, f"mcts@{iterations}", seed)
    return make_agent(game, name, seed)


def bench_seconds(game_id: str, seconds: float) -> float:
    """How long `bench(game_id, seconds=seconds)` runs: `seconds` per loop it measures."""
    return seconds * (2 if get(game_id).bench else 1)


def bench(game_id: str, players: int | None = None, seconds: float = 5.0,
          on_game: Callable[[], None] | None = None) -> dict[str, Any]:
    """Random play through the engine, in games per second; where the game has a minimal
    reference loop of the same rules (its description's `bench`), that loop's rate and the
    ratio too, measured in the same run. `on_game()` is called as each game ends."""
    desc = get(game_id)
    game = load_game(game_id)
    if players is None:
        players = min(max(4, desc.min_players), desc.max_players)
    agent_rng = random.Random(1)

    def engine_game(seed: int) -> None:
        state, _ = game.new_game({"players": players}, seed)
        while game.to_move(state) is not None:
            legal = game.legal(state)
            state, _ = game.apply(state, legal[agent_rng.randrange(len(legal))])

    def timed(fn: Any, budget: float, start: int) -> tuple[int, float]:
        n, t0 = 0, time.perf_counter()
        while time.perf_counter() - t0 < budget:
            fn(start + n)
            n += 1
            if on_game is not None:
                on_game()
        return n, time.perf_counter() - t0

    result: dict[str, Any] = {"game": game_id, "players": players}
    if desc.bench:
        # The two loops take turns in short rounds, so a busy moment on the machine
        # slows both alike instead of only the one that happened to run then.
        reference = import_path(desc.bench)
        rounds = 10
        totals = {"engine": [0, 0.0], "minimal": [0, 0.0]}
        loops = {"minimal": lambda i: reference(players, random.Random(i)), "engine": engine_game}
        for _ in range(rounds):
            for name, fn in loops.items():
                n, t = timed(fn, seconds / rounds, int(totals[name][0]))
                totals[name][0] += n
                totals[name][1] += t
        engine = totals["engine"][0] / totals["engine"][1]
        minimal = totals["minimal"][0] / totals["minimal"][1]
        result.update({"engine_games_per_second": round(engine, 1),
                       "minimal_loop_games_per_second": round(minimal, 1),
                       "ratio": round(engine / minimal, 3)})
    else:
        n, t = timed(engine_game, seconds, 0)
        result["engine_games_per_second"] = round(n / t, 1)
    return result
