"""The command line: the app by default; simulate, validate, replay, selftest, bench, balance.

    frostdesk [SAVE]                     open the app (and that save)
    frostdesk simulate GAME ...          headless games between bots, with a summary
    frostdesk validate [PATH ...]        check card and table YAML: file:line: key: problem
    frostdesk replay SAVE --check        replay a save and check its result
    frostdesk selftest                   open the window and play a bot game of each game
    frostdesk bench [GAME]               engine speed (against a minimal loop where a game has one)
    frostdesk balance GAME --out FILE    regenerate a game's balance report from bot games
    frostdesk screenshot GAME --out F.png  render a table offscreen after some moves

GAME is one of the installed games: {games}.
Never prints a traceback for bad input: problems become one clear line and an exit code.
"""

from __future__ import annotations

import argparse
import json
import os
import sys
import traceback
from collections.abc import Sequence
from pathlib import Path
from typing import Any

COMMANDS = ("simulate", "validate", "replay", "selftest", "bench", "balance", "screenshot")


def main(argv: Sequence[str] | None = None) -> int:
    try:
        return _main(argv)
    except BrokenPipeError:
        # the reader went away (`frostdesk simulate ... | head`): stop quietly, as other
        # command-line tools do, and keep Python from complaining when it flushes stdout
        devnull = os.open(os.devnull, os.O_WRONLY)
        os.dup2(devnull, sys.stdout.fileno())
        return 1


def _main(argv: Sequence[str] | None = None) -> int:
    args = list(sys.argv[1:] if argv is None else argv)
    if args and args[0] in COMMANDS:
        from frostdesk.engine.game import ContentError
        from frostdesk.paths import UserFolderError

        cmd, rest = args[0], args[1:]
        try:
            return int(globals()["cmd_" + cmd](rest))
        except UserFolderError as exc:  # the settings/saves/logs folder cannot be used
            print(f"frostdesk {cmd}: your frostdesk folder cannot be used: {exc.strerror}",
                  file=sys.stderr)
            return 2
        except ContentError as exc:  # a card file that does not fit: every problem, a line each
            print(f"frostdesk {cmd}: the game's cards cannot be read:\n{exc}", file=sys.stderr)
            return 2
    if args and args[0] in ("-h", "--help"):
        print(_help())
        return 0
    if args and args[0] in ("-V", "--version"):
        from frostdesk import __version__

        print(f"frostdesk {__version__}")
        return 0
    from frostdesk.app import run_app

    return run_app([a for a in args if not a.startswith("-psn_")])  # macOS adds -psn_ args


def _help() -> str:
    from frostdesk.engine.registry import ids

    return (__doc__ or "").format(games=", ".join(ids()) or "none installed")


def _game_id_arg(p: argparse.ArgumentParser) -> None:
    from frostdesk.engine.registry import ids

    p.add_argument("game", help="one of: " + ", ".join(ids()))


def _load(command: str, game_id: str) -> Any:
    """The rules of `game_id`, or None after printing one line on why not."""
    from frostdesk.engine.registry import UnknownGame, load_game

    try:
        return load_game(game_id)
    except UnknownGame as exc:
        print(f"frostdesk {command}: {exc}", file=sys.stderr)
        return None


def _players_problem(game_id: str, options: dict[str, Any], players: int) -> str:
    """Why an option's value cannot be set up with this many players ('' when it can): a
    choice that needs more players says so with its reason (registry.Choice.min_players)."""
    from frostdesk.engine.registry import UnknownGame, get

    try:
        desc = get(game_id)
    except UnknownGame:
        return ""
    for option in desc.options:
        if option.key in options and option.applies(players):
            problem = option.players_problem(options[option.key], players)
            if problem:
                return problem
    return ""


def _typed_options(game_id: str, pairs: list[str], players: int
                   ) -> tuple[dict[str, Any], str]:
    """The `--option KEY=VALUE` pairs as setup options, shaped as the new-game dialog shapes
    its values (`GameDescription.command_line_options`), and what is wrong with them ('' when
    nothing is)."""
    from frostdesk.engine.registry import get

    options: dict[str, Any] = {}
    for kv in pairs:
        key, sep, value = kv.partition("=")
        if not sep or not key:
            return options, f"--option must look like KEY=VALUE, not {kv!r}"
        options[key] = value
    problem = _players_problem(game_id, options, players)
    if problem or not options or not players:
        return options, problem
    try:
        return get(game_id).command_line_options(options, players), ""
    except ValueError as exc:
        return options, f"bad --option: {exc}"


def _counts_problem(a: argparse.Namespace) -> str:
    """What is wrong with simulate's counts ('' when nothing is)."""
    if a.games < 1:
        return f"--games must be 1 or more, not {a.games}"
    if a.iterations is not None and a.iterations < 1:
        return f"--iterations must be 1 or more, not {a.iterations}"
    return ""


def _write_problem(path: Path | None, what: str = "the log") -> str:
    """Why `what` cannot be written at `path` ('' when it can, or when there is no path)."""
    if path is None:
        return ""
    folder = path.parent if str(path.parent) else Path(".")
    if not folder.is_dir():
        return f"cannot write {what} {path}: the folder {folder} does not exist"
    if path.is_dir():
        return f"cannot write {what} {path}: it is a folder"
    if not os.access(folder, os.W_OK) or (path.exists() and not os.access(path, os.W_OK)):
        return f"cannot write {what} {path}: not allowed to write there"
    return ""


# ---------------------------------------------------------------------------- simulate

def cmd_simulate(argv: list[str]) -> int:
    p = argparse.ArgumentParser(prog="frostdesk simulate",
                                description="Play games headless between bots.")
    _game_id_arg(p)
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

    from frostdesk.sim import SimulationError, simulate

    game = _load("simulate", a.game)
    if game is None:
        return 2
    options, problem = _typed_options(a.game, a.option, a.players)
    problem = problem or _counts_problem(a) or _write_problem(a.log)
    if problem:
        print(f"frostdesk simulate: {problem}", file=sys.stderr)
        return 2
    from frostdesk.progress import Progress

    progress = Progress.for_stream("simulate", quiet=a.json)
    progress.phase(f"{game.title}, {a.players} players", total=a.games)
    try:
        summary = simulate(game, players=a.players, bots=a.bots.split(","), games=a.games,
                           seed=a.seed, log_path=a.log, iterations=a.iterations,
                           rotate=a.rotate, options=options, jobs=max(1, a.jobs),
                           on_game=progress.tick)
    except SimulationError as exc:
        progress.finish()
        print(f"frostdesk simulate: {exc}", file=sys.stderr)
        return 2
    progress.finish()
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
            from frostdesk.engine.registry import get

            score = get(game.id).score_name
            for seat, (bot, w, d) in enumerate(zip(summary["bots"], summary["wins"],
                                                   summary[f"mean_{score}"], strict=True)):
                print(f"  seat {seat + 1} ({bot}): {w} wins ({100 * w / max(1, a.games):.1f}%)"
                      f", mean {score} {d:.2f}")
        print(f"  {summary['games_per_second']:.1f} games/s, "
              f"{summary['decisions_per_game']:.1f} decisions/game")
    return 0


# ---------------------------------------------------------------------------- validate

def cmd_validate(argv: list[str]) -> int:
    p = argparse.ArgumentParser(prog="frostdesk validate",
                                description="Check card and table YAML.")
    p.add_argument("paths", nargs="*", type=Path,
                   help="game card folders or files in them (default: every installed game)")
    p.add_argument("--game", default=None,
                   help="the game the folders hold (default: found from the folder)")
    a = p.parse_args(argv)
    from frostdesk.engine.catalogue import UnreadableFile, load_doc
    from frostdesk.engine.registry import GameDescription, UnknownGame, games, get
    from frostdesk.paths import cards_dir

    folders: list[tuple[Path, GameDescription | None]] = []
    problems: list[object] = []
    if not a.paths:
        folders = [(cards_dir(d.cards_name), d) for d in games()]
    for path in a.paths:
        folder = path if path.is_dir() else path.parent
        if not path.exists():
            print(f"{path}:1: (file): no such file or folder")
            return 1
        if path.is_file():
            # The named file's own YAML first: its syntax error, with its line, whatever
            # folder it sits in.
            try:
                load_doc(path)
            except UnreadableFile as exc:
                problems.append(exc.problem)
            if not (folder / "game.yaml").is_file():  # a lone file: nothing more to check
                if not problems:
                    problems.append(f"{path}:1: (file): the YAML reads fine, but the file is "
                                    f"not in a game's cards folder (no game.yaml beside it), "
                                    f"so its cards cannot be checked")
                continue
        try:
            desc = get(a.game) if a.game else _game_of_folder(folder)
        except UnknownGame as exc:
            print(f"frostdesk validate: {exc}", file=sys.stderr)
            return 2
        if all(f != folder for f, _ in folders):
            folders.append((folder, desc))
    for folder, desc in folders:
        if desc is None:
            problems.append(f"{folder / 'game.yaml'}:1: title: no installed game has these "
                            f"cards; name it with --game")
            continue
        problems.extend(desc.validate(folder))
    shown: set[str] = set()
    for problem in problems:
        if str(problem) not in shown:  # a file named and in its folder is reported once
            shown.add(str(problem))
            print(problem)
    if not problems:
        print(f"ok: {', '.join(str(f) for f, _ in folders)}")
    return 1 if problems else 0


def _game_of_folder(folder: Path) -> Any:
    """The installed game whose cards a folder holds: by the folder's name, else by the title
    in its game.yaml; None when neither matches."""
    import yaml

    from frostdesk.engine.catalogue import load_data
    from frostdesk.engine.registry import games

    for d in games():
        if folder.name == d.cards_name:
            return d
    try:
        data = load_data((folder / "game.yaml").read_text(encoding="utf-8"))
    except (OSError, UnicodeDecodeError, yaml.YAMLError):
        data = None
    title = data.get("title") if isinstance(data, dict) else None
    return next((d for d in games() if d.title == title), None)


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
    argparse.ArgumentParser(prog="frostdesk selftest",
                            description="Play a 4-bot game through the real window, "
                                        "offscreen; exit 0 when all is well.").parse_args(argv)
    from frostdesk.app import run_selftest

    return run_selftest()


# ---------------------------------------------------------------------------- bench

def cmd_bench(argv: list[str]) -> int:
    """Headless speed of random play, against the game's minimal loop where it has one."""
    from frostdesk.engine.registry import ids

    p = argparse.ArgumentParser(prog="frostdesk bench")
    p.add_argument("game", nargs="?", default=None,
                   help="one of: " + ", ".join(ids()) + " (default: every game)")
    p.add_argument("--players", type=int, default=None,
                   help="players per game (default: 4, or the game's nearest count)")
    p.add_argument("--seconds", type=float, default=5.0)
    p.add_argument("--json", action="store_true")
    a = p.parse_args(argv)
    if not a.seconds > 0:
        print(f"frostdesk bench: --seconds must be more than 0, not {a.seconds:g}",
              file=sys.stderr)
        return 2
    from frostdesk.progress import Progress
    from frostdesk.sim import bench, bench_seconds

    progress = Progress.for_stream("bench", quiet=a.json)
    results = []
    for game_id in [a.game] if a.game else ids():
        game = _load("bench", game_id)
        if game is not None and a.players is not None \
                and not game.min_players <= a.players <= game.max_players:
            print(f"frostdesk bench: {game.title} takes {game.min_players} to "
                  f"{game.max_players} players, not {a.players}", file=sys.stderr)
            game = None
        if game is None:
            progress.finish()
            return 2
        progress.phase(game.title, seconds=bench_seconds(game_id, a.seconds))
        results.append(bench(game_id, players=a.players, seconds=a.seconds,
                             on_game=progress.tick))
    progress.finish()
    if a.json:
        print(json.dumps(results[0] if a.game else results))
    else:
        for result in results:
            print(", ".join(f"{k}: {v}" for k, v in result.items()))
    return 0


# ---------------------------------------------------------------------------- balance

def cmd_balance(argv: list[str]) -> int:
    """Regenerate docs/balance/<game>.md from bot games."""
    from frostdesk.engine.registry import UnknownGame, games, get, import_path

    with_report = [d.id for d in games() if d.balance]
    if argv and not argv[0].startswith("-") and argv[0] not in ("-h", "--help"):
        try:
            desc = get(argv[0])
        except UnknownGame as exc:
            print(f"frostdesk balance: {exc}", file=sys.stderr)
            return 2
        if not desc.balance:
            print(f"frostdesk balance: {desc.title} has no balance report "
                  f"(games with one: {', '.join(with_report)})", file=sys.stderr)
            return 2
        module = import_path(desc.balance)
    else:
        desc, module = None, None
    p = argparse.ArgumentParser(prog="frostdesk balance")
    p.add_argument("game", choices=with_report)
    p.add_argument("--seed", type=int, default=1)
    p.add_argument("--out", type=Path, default=None, help="write here instead of stdout")
    p.add_argument("--jobs", type=int, default=1,
                   help="worker processes for the games (same results, faster)")
    if module is not None:
        module.add_arguments(p)
    a = p.parse_args(argv)
    count = getattr(a, "games", None)  # the count of a game's own --games, where it has one
    problem = f"--games must be 1 or more, not {count}" if isinstance(count, int) \
        and count < 1 else ""
    if not problem and a.out is not None:
        a.out.parent.mkdir(parents=True, exist_ok=True)
        problem = _write_problem(a.out, "the report")  # before the games, not after them
    if problem:
        print(f"frostdesk balance: {problem}", file=sys.stderr)
        return 2

    from frostdesk.progress import Progress

    assert module is not None  # argparse exits above when the game is missing
    # Live on a terminal; elsewhere (a log) each stretch of games is announced on one line.
    progress = Progress.for_stream("balance", echo=True)
    try:
        text = module.run(a, progress)
    finally:
        progress.finish()
    if a.out:
        try:
            a.out.write_text(text + "\n", encoding="utf-8")
        except OSError as exc:  # the games are not lost: the report goes to the screen
            print(text)
            print(f"frostdesk balance: cannot write the report {a.out} ({exc.strerror}); "
                  f"it is printed above instead", file=sys.stderr)
            return 1
    else:
        print(text)
    return 0


# ---------------------------------------------------------------------------- screenshot

def cmd_screenshot(argv: list[str]) -> int:
    """Render a game's table offscreen after some moves and save it as a PNG."""
    p = argparse.ArgumentParser(prog="frostdesk screenshot",
                                description="Render a table offscreen after K moves.")
    _game_id_arg(p)
    p.add_argument("--players", type=int, default=4)
    p.add_argument("--seed", type=int, default=1)
    p.add_argument("--size", default="1280x720", help="window size WIDTHxHEIGHT")
    p.add_argument("--moves", type=int, default=12,
                   help="moves played first (yours are the hint bot's); the shot is taken at "
                        "your first turn after them")
    p.add_argument("--out", type=Path, required=True)
    p.add_argument("--json", action="store_true",
                   help="print one JSON object: file, size, moves, smallest_text_px and "
                        "elided (the table texts not shown whole)")
    p.add_argument("--option", action="append", default=[], metavar="KEY=VALUE",
                   help="a game option, as for simulate (repeatable)")
    a = p.parse_args(argv)
    try:
        width, height = (int(v) for v in a.size.lower().split("x"))
    except ValueError:
        print(f"frostdesk screenshot: --size must look like 1280x720, not {a.size!r}",
              file=sys.stderr)
        return 2
    from frostdesk.ui.main_window import MINIMUM  # (the table is drawn with Qt anyway)

    if width < MINIMUM.width() or height < MINIMUM.height():
        print(f"frostdesk screenshot: --size {a.size} is smaller than the window can be "
              f"({MINIMUM.width()}x{MINIMUM.height()})", file=sys.stderr)
        return 2
    if a.moves < 0:
        print(f"frostdesk screenshot: --moves must be 0 or more, not {a.moves}",
              file=sys.stderr)
        return 2
    game = _load("screenshot", a.game)
    if game is None:
        return 2
    if not game.min_players <= a.players <= game.max_players:
        print(f"frostdesk screenshot: {game.title} takes {game.min_players} to "
              f"{game.max_players} players, not {a.players}", file=sys.stderr)
        return 2
    from frostdesk.sim import options_problem

    options, problem = _typed_options(a.game, a.option, a.players)
    problem = problem or options_problem(game, options, a.players, a.seed)
    if problem:
        print(f"frostdesk screenshot: {problem}", file=sys.stderr)
        return 2
    from frostdesk.app import qt_can_start, render_screenshot

    if not os.environ.get("DISPLAY") and sys.platform.startswith("linux"):
        os.environ.setdefault("QT_QPA_PLATFORM", "offscreen")
    if not qt_can_start():
        return 1
    try:
        result = render_screenshot(a.game, a.players, a.seed, (width, height), a.moves, a.out,
                                   options=options)
    except OSError as exc:
        print(f"frostdesk screenshot: {exc}", file=sys.stderr)
        return 2
    if a.json:
        print(json.dumps(result))
    else:
        print(f"{result['file']}: {result['moves']} moves, smallest text "
              f"{result['smallest_text_px']} px, {len(result['elided'])} texts not whole")
    return 0


def _crash(exc: BaseException) -> None:  # pragma: no cover - last resort
    traceback.print_exception(exc)
