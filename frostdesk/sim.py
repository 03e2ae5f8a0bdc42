"""Headless play between bots: `frostdesk simulate` and the speed benchmark.

The same bots and the same rules objects drive the app, so a simulation is also how authored
content is balanced (docs/balance/). Bots get their seat's view only.
"""

from __future__ import annotations

import json
import random
import sys
import time
import traceback
from pathlib import Path
from typing import IO, Any, Sequence

from frostdesk.ai import make_agent


class SimulationError(ValueError):
    """Bad simulation arguments (unknown bot, wrong player count)."""


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
        log.write(json.dumps({"game": game_index, "seq": 0, "type": "setup", "seed": seed,
                              "players": players, "options": opts,
                              "bots": [a.name for a in agents],
                              "ruleset": game.content.ruleset_hash}) + "\n")
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
        state, events = game.apply(state, action)
        decisions += 1
        if observer is not None:
            observer(events)
        if log is not None:
            seq = _write_events(log, game_index, seq, events, (seat, game.action_text(action)))
    return state, decisions


def _write_events(log: IO[str], gi: int, seq: int, events: Sequence[Any],
                  action: tuple[int, str] | None) -> int:
    if action is not None:
        log.write(json.dumps({"game": gi, "seq": seq, "type": "action", "seat": action[0],
                              "action": action[1]}) + "\n")
        seq += 1
    for e in events:
        log.write(json.dumps({"game": gi, "seq": seq, **e.to_json()}) + "\n")
        seq += 1
    return seq


def simulate(game: Any, players: int, bots: Sequence[str], games: int, seed: int,
             log_path: Path | None = None, iterations: int | None = None,
             rotate: bool = False, options: dict[str, Any] | None = None) -> dict[str, Any]:
    """Play `games` games and return the JSON summary documented in docs/events.md."""
    if not game.min_players <= players <= game.max_players:
        raise SimulationError(f"{game.title} takes {game.min_players} to {game.max_players} "
                              f"players, not {players}")
    names = list(bots) * players if len(bots) == 1 else list(bots)
    if len(names) != players:
        raise SimulationError(f"--bots names {len(names)} bots for {players} players")
    master = random.Random(seed)
    wins = [0] * players
    damage = [0.0] * players
    errors = 0
    decisions = 0
    finished = 0
    log = open(log_path, "w", encoding="utf-8") if log_path else None
    started = time.perf_counter()
    try:
        for gi in range(games):
            game_seed = master.randrange(2**31)
            shift = gi % players if rotate else 0
            lineup = names[-shift:] + names[:-shift] if shift else names
            try:
                agents = [_agent(game, n, game_seed * 8 + i, iterations)
                          for i, n in enumerate(lineup)]
            except ValueError as exc:
                raise SimulationError(str(exc)) from None
            try:
                state, d = play_game(game, agents, players, game_seed, options, log, gi)
            except Exception:  # noqa: BLE001 - a broken game is counted, the run goes on
                errors += 1
                print(f"game {gi} (seed {game_seed}) raised:", file=sys.stderr)
                traceback.print_exc()
                continue
            decisions += d
            finished += 1
            out = game.outcome(state)
            # Report per seat of the *line-up as given*: undo the rotation.
            for seat in range(players):
                slot = (seat - shift) % players
                damage[slot] += out.scores[seat]
                if out.places[seat] == 1:
                    wins[slot] += 1
    finally:
        if log is not None:
            log.close()
    elapsed = time.perf_counter() - started
    return {
        "game": game.id, "players": players, "games": games, "seed": seed, "errors": errors,
        "wins": wins, "mean_damage": [round(d / max(1, finished), 3) for d in damage],
        "games_per_second": round(finished / elapsed, 2) if elapsed > 0 else 0.0,
        "decisions_per_game": round(decisions / max(1, finished), 2),
        "bots": names,
    }


def _agent(game: Any, name: str, seed: int, iterations: int | None) -> Any:
    if iterations is not None and name.startswith("mcts"):
        return make_agent(game, f"mcts@{iterations}", seed)
    return make_agent(game, name, seed)


def bench(players: int = 4, seconds: float = 5.0) -> dict[str, Any]:
    """Random play through the engine vs the minimal reference loop, in one run."""
    from frostdesk.games import load_game
    from frostdesk.games.frost_shelter import reference_loop

    game = load_game("frost-shelter")
    agent_rng = random.Random(1)

    def engine_game(seed: int) -> None:
        state, _ = game.new_game({"players": players}, seed)
        while game.to_move(state) is not None:
            legal = game.legal(state)
            state, _ = game.apply(state, legal[agent_rng.randrange(len(legal))])

    def rate(fn: Any) -> float:
        n, t0 = 0, time.perf_counter()
        while time.perf_counter() - t0 < seconds:
            fn(n)
            n += 1
        return n / (time.perf_counter() - t0)

    minimal = rate(lambda i: reference_loop.play(players, random.Random(i)))
    engine = rate(engine_game)
    return {"players": players, "engine_games_per_second": round(engine, 1),
            "minimal_loop_games_per_second": round(minimal, 1),
            "ratio": round(engine / minimal, 3)}
