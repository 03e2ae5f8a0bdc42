"""The command line: the app by default; simulate, validate, replay and selftest.

    frostdesk [SAVE]                     open the app (and that save)
    frostdesk simulate GAME ...          headless games between bots, with a summary
    frostdesk validate [PATH ...]        check card and table YAML
    frostdesk replay SAVE --check        replay a save and check its result
    frostdesk selftest                   open the window and play a bot game through the UI

Never prints a traceback for bad input: problems become one clear line and an exit code.
"""

from __future__ import annotations

import argparse
import json
import sys
import traceback
from pathlib import Path
from typing import Any, Sequence

COMMANDS = ("simulate", "validate", "replay", "selftest", "bench", "balance")


def main(argv: Sequence[str] | None = None) -> int:
    args = list(sys.argv[1:] if argv is None else argv)
    if args and args[0] in COMMANDS:
        cmd, rest = args[0], args[1:]
        return int(globals()["cmd_" + cmd](rest))
    if args and args[0] in ("-h", "--help"):
        print(__doc__)
        return 0
    if args and args[0] in ("-V", "--version"):
        from frostdesk import __version__

        print(f"frostdesk {__version__}")
        return 0
    from frostdesk.app import run_app

    return run_app([a for a in args if not a.startswith("-psn_")])  # macOS adds -psn_ args


# ---------------------------------------------------------------------------- simulate

def cmd_simulate(argv: list[str]) -> int:
    p = argparse.ArgumentParser(prog="frostdesk simulate",
                                description="Play games headless between bots.")
    p.add_argument("game")
    p.add_argument("--players", type=int, default=4)
    p.add_argument("--bots", default="random",
                   help="comma-separated bot names per seat (one name repeats for all seats)")
    p.add_argument("--games", type=int, default=100)
    p.add_argument("--seed", type=int, default=1)
    p.add_argument("--json", action="store_true", help="print exactly one JSON object")
    p.add_argument("--log", type=Path, help="write every event as JSON Lines to this file")
    p.add_argument("--iterations", type=int, default=None,
                   help="search bots: a fixed iteration budget per decision (reproducible)")
    p.add_argument("--rotate", action="store_true",
                   help="rotate the bot line-up one seat per game")
    p.add_argument("--option", action="append", default=[], metavar="KEY=VALUE")
    p.add_argument("--jobs", type=int, default=1,
                   help="worker processes (same results, faster for search bots)")
    a = p.parse_args(argv)

    from frostdesk.games import load_game
    from frostdesk.sim import SimulationError, simulate

    try:
        game = load_game(a.game)
    except KeyError:
        print(f"frostdesk simulate: unknown game {a.game!r}", file=sys.stderr)
        return 2
    options: dict[str, Any] = {}
    for kv in a.option:
        key, _, value = kv.partition("=")
        options[key] = value
    try:
        summary = simulate(game, players=a.players, bots=a.bots.split(","), games=a.games,
                           seed=a.seed, log_path=a.log, iterations=a.iterations,
                           rotate=a.rotate, options=options, jobs=max(1, a.jobs))
    except SimulationError as exc:
        print(f"frostdesk simulate: {exc}", file=sys.stderr)
        return 2
    if a.json:
        print(json.dumps(summary))
    else:
        print(f"{summary['game']}: {summary['games']} games, {summary['players']} players, "
              f"seed {summary['seed']}, errors {summary['errors']}")
        if "win_rate" in summary:
            print(f"  team won {summary['wins'][0]} ({100 * summary['win_rate']:.1f}%), "
                  f"mean length {summary['mean_turns']:.1f} turns; crew: "
                  + ", ".join(summary["bots"]))
        else:
            for seat, (bot, w, d) in enumerate(zip(summary["bots"], summary["wins"],
                                                   summary["mean_damage"])):
                print(f"  seat {seat + 1} ({bot}): {w} wins ({100 * w / max(1, a.games):.1f}%)"
                      f", mean damage {d:.2f}")
        print(f"  {summary['games_per_second']:.1f} games/s, "
              f"{summary['decisions_per_game']:.1f} decisions/game")
    return 0


# ---------------------------------------------------------------------------- validate

def cmd_validate(argv: list[str]) -> int:
    p = argparse.ArgumentParser(prog="frostdesk validate",
                                description="Check card and table YAML.")
    p.add_argument("paths", nargs="*", type=Path,
                   help="game card folders or files in them (default: everything bundled)")
    a = p.parse_args(argv)
    from frostdesk.games.frontier_stations.content import validate as validate_stations
    from frostdesk.games.frost_shelter.content import validate as validate_shelter
    from frostdesk.paths import cards_dir

    def validate(folder: Path) -> list[Any]:
        # a folder holding nexus.yaml is Frontier Stations' card set
        if (folder / "nexus.yaml").exists():
            return validate_stations(folder)
        return validate_shelter(folder)

    folders: list[Path] = []
    for path in a.paths or [cards_dir("frost-shelter"), cards_dir("frontier-stations")]:
        folder = path if path.is_dir() else path.parent
        if not folder.exists():
            print(f"{path}:1: (file): no such file or folder")
            return 1
        if folder not in folders:
            folders.append(folder)
    problems = []
    for folder in folders:
        problems.extend(validate(folder))
    for problem in problems:
        print(problem)
    if not problems:
        print(f"ok: {', '.join(str(f) for f in folders)}")
    return 1 if problems else 0


# ---------------------------------------------------------------------------- replay

def cmd_replay(argv: list[str]) -> int:
    p = argparse.ArgumentParser(prog="frostdesk replay",
                                description="Replay a save's actions and print a summary.")
    p.add_argument("save", type=Path)
    p.add_argument("--check", action="store_true",
                   help="exit 0 only when the replay reproduces the saved result")
    a = p.parse_args(argv)
    from frostdesk.engine.session import SaveError, Session

    try:
        session = Session.load(a.save)
        data = json.loads(a.save.read_text(encoding="utf-8"))
    except SaveError as exc:
        print(f"frostdesk replay: {exc}", file=sys.stderr)
        return 2
    game = session.game
    names = [s.name for s in session.seats]
    out = game.outcome(session.state)
    print(f"{game.title}: {len(session.records)} actions, seed {session.seed}, "
          f"players {', '.join(names)}")
    if session.ruleset_warning:
        print(session.ruleset_warning)
    if out is None:
        who = session.to_move()
        print(f"in progress: waiting for {names[who] if who is not None else '-'}")
    else:
        ranking = sorted(range(len(names)), key=lambda i: out.places[i])
        print("result: " + "; ".join(f"{out.places[i]}. {names[i]} ({out.scores[i]} damage)"
                                     for i in ranking)
              + (f" - tie broken by {out.tiebreak}" if out.tiebreak else ""))
    if a.check:
        if not session.check_result(data):
            print("frostdesk replay: the replay does not reproduce the saved result",
                  file=sys.stderr)
            return 1
        print("check: the replay reproduces the saved result")
    return 0


# ---------------------------------------------------------------------------- selftest

def cmd_selftest(argv: list[str]) -> int:
    from frostdesk.app import run_selftest

    return run_selftest()


# ---------------------------------------------------------------------------- bench

def cmd_bench(argv: list[str]) -> int:
    """Headless speed: the engine's random play against a minimal loop of the same rules."""
    p = argparse.ArgumentParser(prog="frostdesk bench")
    p.add_argument("--players", type=int, default=4)
    p.add_argument("--seconds", type=float, default=5.0)
    p.add_argument("--json", action="store_true")
    a = p.parse_args(argv)
    from frostdesk.sim import bench

    result = bench(players=a.players, seconds=a.seconds)
    if a.json:
        print(json.dumps(result))
    else:
        for k, v in result.items():
            print(f"{k}: {v}")
    return 0


def cmd_balance(argv: list[str]) -> int:
    """Regenerate docs/balance/<game>.md from bot games."""
    p = argparse.ArgumentParser(prog="frostdesk balance")
    p.add_argument("game", choices=["frost-shelter", "frontier-stations"])
    p.add_argument("--games", type=int, default=None,
                   help="games per row (frost-shelter: 400, frontier-stations: 500)")
    p.add_argument("--seed", type=int, default=1)
    p.add_argument("--mcts-games", type=int, default=0, help="frost-shelter only")
    p.add_argument("--mcts-ms", type=int, default=1000, help="frost-shelter only")
    p.add_argument("--mcts-iterations", type=int, default=None, help="frost-shelter only")
    p.add_argument("--difficulty-games", type=int, default=None,
                   help="frontier-stations: games per difficulty row (default: --games)")
    p.add_argument("--out", type=Path, default=None, help="write here instead of stdout")
    p.add_argument("--jobs", type=int, default=1,
                   help="worker processes for the games (same results, faster)")
    a = p.parse_args(argv)

    def progress(message: str) -> None:
        print(message, file=sys.stderr)

    if a.game == "frontier-stations":
        from frostdesk.balance_stations import report as stations_report

        text = stations_report(a.games or 500, a.seed, jobs=max(1, a.jobs),
                               difficulty_games=a.difficulty_games, progress=progress)
    else:
        from frostdesk.balance import report

        text = report(a.games or 400, a.seed, a.mcts_games, a.mcts_ms, a.mcts_iterations,
                      progress=progress, jobs=max(1, a.jobs))
    if a.out:
        a.out.parent.mkdir(parents=True, exist_ok=True)
        a.out.write_text(text + "\n", encoding="utf-8")
    else:
        print(text)
    return 0


def _crash(exc: BaseException) -> None:  # pragma: no cover - last resort
    traceback.print_exception(exc)
