"""The command line forms that scripts and CI rely on."""

from __future__ import annotations

import json
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

from frostdesk.cli import main
from frostdesk.engine.session import Seat, Session
from frostdesk.games import load_game
from frostdesk.paths import cards_dir


def run(*args: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run([sys.executable, "-m", "frostdesk", *args], capture_output=True,
                          text=True, timeout=300)


def test_simulate_json_summary() -> None:
    r = run("simulate", "frost-shelter", "--players", "4", "--bots",
            "heuristic,random,random,random", "--games", "20", "--seed", "3", "--json")
    assert r.returncode == 0, r.stderr
    data = json.loads(r.stdout)  # exactly one JSON object
    assert set(data) >= {"game", "players", "games", "seed", "errors", "wins", "mean_damage",
                         "games_per_second", "decisions_per_game"}
    assert data["game"] == "frost-shelter" and data["players"] == 4 and data["games"] == 20
    assert data["errors"] == 0 and len(data["wins"]) == 4 and len(data["mean_damage"]) == 4
    assert sum(data["wins"]) >= 20  # shared wins count for each sharer
    assert data["wins"][0] > max(data["wins"][1:])


def test_simulate_is_reproducible(capsys) -> None:  # noqa: ANN001
    args = ["simulate", "frost-shelter", "--players", "3", "--bots", "random", "--games", "5",
            "--seed", "9", "--json"]
    main(args)
    a = json.loads(capsys.readouterr().out)
    main(args)
    b = json.loads(capsys.readouterr().out)
    assert a["wins"] == b["wins"] and a["mean_damage"] == b["mean_damage"]


def test_simulate_log_is_self_describing(tmp_path: Path) -> None:
    log = tmp_path / "games.jsonl"
    assert main(["simulate", "frost-shelter", "--players", "2", "--bots", "heuristic",
                 "--games", "2", "--seed", "1", "--json", "--log", str(log)]) == 0
    lines = [json.loads(x) for x in log.read_text().splitlines()]
    assert {x["game"] for x in lines} == {0, 1}
    kinds = {x["type"] for x in lines}
    assert {"setup", "action", "event_revealed", "hand_dealt", "card_played", "trick_won",
            "cards_collected", "colony_at_resolution", "damage_taken", "game_over"} <= kinds
    played = next(x for x in lines if x["type"] == "card_played")
    assert {"seat", "card", "resource", "value", "expedition"} <= set(played)


def test_simulate_unknown_bot_is_a_clear_error() -> None:
    r = run("simulate", "frost-shelter", "--bots", "wizard", "--games", "1")
    assert r.returncode == 2 and "unknown bot 'wizard'" in r.stderr
    assert "Traceback" not in r.stderr


def test_validate_bundled_data_is_ok() -> None:
    assert main(["validate"]) == 0


def test_validate_reports_file_line_key(tmp_path: Path, capsys) -> None:  # noqa: ANN001
    folder = tmp_path / "fs"
    shutil.copytree(cards_dir("frost-shelter"), folder)
    path = folder / "equipment.yaml"
    path.write_text(path.read_text().replace("cost: {cards: 3, resources: any}",
                                             "cost: {cards: three, resources: any}"))
    assert main(["validate", str(folder)]) == 1
    out = capsys.readouterr().out.strip().splitlines()
    assert len(out) == 1
    file, line, key, message = out[0].split(":", 3)
    assert file.endswith("equipment.yaml") and int(line) > 1
    assert key == " equipment.4.cost.cards" and "expected a whole number" in message


def finished_save(tmp_path: Path) -> Path:
    import random

    g = load_game("frost-shelter")
    s = Session.new(g, {}, 12, [Seat("Ana"), Seat("Bo", "bot"), Seat("Cy", "bot")])
    rng = random.Random(2)
    while s.to_move() is not None:
        s.apply(rng.choice(g.legal(s.state)))
    path = tmp_path / "done.frostdesk"
    s.save(path)
    return path


def test_replay_check_reproduces_the_result(tmp_path: Path) -> None:
    r = run("replay", str(finished_save(tmp_path)), "--check")
    assert r.returncode == 0, r.stderr
    assert "result:" in r.stdout and "reproduces" in r.stdout


def test_replay_check_fails_when_the_result_differs(tmp_path: Path) -> None:
    path = finished_save(tmp_path)
    data = json.loads(path.read_text())
    data["result"]["fingerprint"] = "0" * 16
    path.write_text(json.dumps(data))
    assert main(["replay", str(path), "--check"]) == 1


def test_replay_bad_files_exit_2_with_one_line(tmp_path: Path) -> None:
    good = finished_save(tmp_path).read_text()
    cases = {"missing.frostdesk": None, "truncated.frostdesk": good[: len(good) // 2],
             "corrupt.frostdesk": "\x00garbage", "foreign.frostdesk": '{"a": 1}'}
    for name, text in cases.items():
        path = tmp_path / name
        if text is not None:
            path.write_text(text)
        r = run("replay", str(path), "--check")
        assert r.returncode == 2, (name, r.stdout, r.stderr)
        assert len(r.stderr.strip().splitlines()) == 1 and "Traceback" not in r.stderr


def test_replay_of_a_simulation_log_says_it_is_a_log_not_a_save(
        tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    log = tmp_path / "games.jsonl"
    assert main(["simulate", "frost-shelter", "--games", "1", "--json", "--log", str(log)]) == 0
    capsys.readouterr()
    assert main(["replay", str(log)]) == 2
    err = capsys.readouterr().err
    assert "games.jsonl is a log of `frostdesk simulate`" in err and "not a saved game" in err


def test_simulate_with_worker_processes_gives_the_same_results() -> None:
    from frostdesk.sim import simulate

    game = load_game("frost-shelter")
    one = simulate(game, 3, ["heuristic", "easy", "random"], games=6, seed=4, rotate=True)
    two = simulate(game, 3, ["heuristic", "easy", "random"], games=6, seed=4, rotate=True,
                   jobs=2)
    assert one["wins"] == two["wins"] and one["mean_damage"] == two["mean_damage"]
    assert one["decisions_per_game"] == two["decisions_per_game"]


def test_balance_report_has_every_section(tmp_path: Path, monkeypatch: pytest.MonkeyPatch
                                         ) -> None:
    from frostdesk.games.frost_shelter import balance

    measure = balance.search_speed  # the same measurement over 0.1 s instead of 2 s
    monkeypatch.setattr(balance, "search_speed", lambda game: measure(game, ms=100))
    out = tmp_path / "balance.md"
    assert main(["balance", "frost-shelter", "--games", "4", "--out", str(out)]) == 0
    text = out.read_text()
    for heading in ("## Bot levels", "## Seat advantage", "## Events", "## Equipment",
                    "## Search speed"):
        assert heading in text
    for name in ("INVASION", "BLACKOUT", "WHITEOUT", "Tarp", "Medkit", "Sled"):
        assert name in text
    assert "frostdesk balance frost-shelter --games 4 --seed 1" in text


def test_balance_report_sections_and_equipment_bots(tmp_path: Path) -> None:
    out = tmp_path / "balance.md"
    assert main(["balance", "frost-shelter", "--games", "3", "--sections", "events,equipment",
                 "--equipment-bots", "easy", "--equipment-games", "4", "--jobs", "1",
                 "--out", str(out)]) == 0
    text = out.read_text()
    assert "## Events (4 heuristic bots)" in text and "## Equipment (4 easy bots)" in text
    assert "## Bot levels" not in text and "## Search speed" not in text
    assert "| equipment | source | bought per game | used per game | win rate of buyers | ratio |" \
        in text
    assert ("--equipment-bots easy --equipment-games 4 --sections events,equipment") in text
    with pytest.raises(SystemExit, match="unknown section 'eqipment'"):
        main(["balance", "frost-shelter", "--games", "1", "--sections", "eqipment"])
    with pytest.raises(SystemExit, match="unknown bot"):
        main(["balance", "frost-shelter", "--games", "1", "--equipment-bots", "nobody"])


def test_long_statistics_runs_report_interim_totals() -> None:
    from frostdesk.games.frost_shelter.balance import card_statistics

    seen: list[tuple[int, int]] = []
    total = card_statistics(["random"] * 4, 5, 1, interim=lambda store, done: seen.append(
        (done, store["games"]["all"])), every=2)
    assert seen == [(2, 2), (4, 4)] and total["games"]["all"] == 5


def test_bench_compares_engine_and_minimal_loop(capsys) -> None:  # noqa: ANN001
    assert main(["bench", "frost-shelter", "--seconds", "0.3", "--json"]) == 0
    data = json.loads(capsys.readouterr().out)
    assert data["engine_games_per_second"] > 0 and data["minimal_loop_games_per_second"] > 0
    expected = data["engine_games_per_second"] / data["minimal_loop_games_per_second"]
    assert abs(data["ratio"] - expected) < 0.01


def test_bench_without_a_game_measures_every_installed_game(capsys) -> None:  # noqa: ANN001
    from frostdesk.engine.registry import ids

    assert main(["bench", "--seconds", "0.1", "--json"]) == 0
    data = json.loads(capsys.readouterr().out)
    assert [d["game"] for d in data] == ids()
    assert all(d["engine_games_per_second"] > 0 for d in data)


def test_validate_a_lone_file_reports_its_own_syntax_error(tmp_path: Path, capsys) -> None:  # noqa: ANN001
    path = tmp_path / "some" / "file.yaml"
    path.parent.mkdir()
    path.write_text("title: x\ncards:\n  - id: a\n    value: 3\n  - id: b\n   value: [4\n")
    assert main(["validate", str(path)]) == 1
    out = capsys.readouterr().out.strip().splitlines()
    assert len(out) == 1, out
    file, line, key, message = out[0].split(":", 3)
    assert file == str(path) and int(line) >= 5 and key == " (syntax)" and message.strip()
    assert "game.yaml" not in out[0]
    # the same with --game: still the file's own error, not the missing game files
    assert main(["validate", str(path), "--game", "frost-shelter"]) == 1
    assert capsys.readouterr().out.strip().splitlines() == out


def test_validate_a_lone_file_that_reads_fine_says_it_cannot_check_the_cards(
        tmp_path: Path, capsys) -> None:  # noqa: ANN001
    path = tmp_path / "file.yaml"
    path.write_text("title: x\n")
    assert main(["validate", str(path)]) == 1
    out = capsys.readouterr().out.strip().splitlines()
    assert len(out) == 1 and out[0].startswith(f"{path}:1: (file): the YAML reads fine")


def test_validate_a_file_in_a_game_folder_reports_its_syntax_error_once(
        tmp_path: Path, capsys) -> None:  # noqa: ANN001
    folder = tmp_path / "fs"
    shutil.copytree(cards_dir("frost-shelter"), folder)
    path = folder / "events.yaml"
    path.write_text(path.read_text() + "\n  broken: [\n")
    assert main(["validate", str(path)]) == 1
    out = capsys.readouterr().out.strip().splitlines()
    assert len(out) == 1 and out[0].startswith(f"{path}:") and "(syntax)" in out[0]


def test_a_reader_that_stops_early_ends_the_run_quietly() -> None:
    """`frostdesk ... | head`: no traceback per game, no Python complaint at exit."""
    for args in (["--help"],
                 ["simulate", "frost-shelter", "--players", "4", "--bots", "random",
                  "--games", "40", "--seed", "1", "--log", "/dev/stdout"]):
        proc = subprocess.Popen([sys.executable, "-m", "frostdesk", *args],
                                stdout=subprocess.PIPE, stderr=subprocess.PIPE)
        assert proc.stdout is not None and proc.stderr is not None
        proc.stdout.read(40)
        proc.stdout.close()  # the reader goes away
        err = proc.stderr.read().decode()
        proc.wait(timeout=60)
        assert "Traceback" not in err and "Broken pipe" not in err, err


@pytest.mark.parametrize(("args", "says"), [
    (["simulate", "frost-shelter", "--games", "0"], "--games must be 1 or more, not 0"),
    (["simulate", "frost-shelter", "--bots", "mcts", "--iterations", "-5"],
     "--iterations must be 1 or more, not -5"),
    (["simulate", "frost-shelter", "--games", "1", "--log", "{tmp}/no/such/folder/x.jsonl"],
     "cannot write the log {tmp}/no/such/folder/x.jsonl: the folder {tmp}/no/such/folder "
     "does not exist"),
    (["simulate", "frost-shelter", "--games", "1", "--log", "{tmp}"],
     "cannot write the log {tmp}: it is a folder"),
    (["screenshot", "frost-shelter", "--size", "10x10", "--out", "{tmp}/x.png"],
     "--size 10x10 is smaller than the window can be (1024x600)"),
    (["selftest", "--bogus"], "unrecognized arguments: --bogus"),
    (["bench", "frost-shelter", "--seconds", "0"], "--seconds must be more than 0, not 0"),
    (["bench", "frost-shelter", "--players", "0"], "Frost Shelter takes 2 to 5 players, not 0"),
    (["balance", "frost-shelter", "--games", "0"], "--games must be 1 or more, not 0"),
    (["balance", "frost-shelter", "--games", "2", "--out", "{tmp}"],
     "cannot write the report {tmp}: it is a folder"),
    (["screenshot", "frost-shelter", "--moves", "-4", "--out", "{tmp}/x.png"],
     "--moves must be 0 or more, not -4"),
    (["screenshot", "frost-shelter", "--moves", "0", "--out", "{tmp}/x.txt"],
     "cannot write {tmp}/x.txt (a PNG needs a name ending in .png"),
])
def test_bad_command_line_values_exit_2_with_one_line_and_no_traceback(
        args: list[str], says: str, tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    args = [a.replace("{tmp}", str(tmp_path)) for a in args]
    try:
        code = main(args)
    except SystemExit as stop:  # argparse's own refusals exit
        code = stop.code
    err = capsys.readouterr().err
    assert code == 2
    assert says.replace("{tmp}", str(tmp_path)) in err and "Traceback" not in err
    assert not list(tmp_path.iterdir())  # nothing written


def test_an_option_no_game_reads_is_refused_and_every_declared_one_is_taken(
        capsys: pytest.CaptureFixture[str]) -> None:
    from frostdesk.engine.registry import games
    from frostdesk.sim import options_problem

    for desc in games():
        game = load_game(desc.id)
        players = max(desc.min_players, min(2, desc.max_players))
        # a typo of a real option, or a made-up one: refused, naming it
        typo = (desc.options[0].key[:-1] + "x") if desc.options else "first_lead"
        said = options_problem(game, {typo: "1"}, players)
        assert f"has no option '{typo}'" in said, desc.id
        # every option the game declares, at its default, and its setup keys: taken
        for option in desc.options:
            assert options_problem(game, {option.key: option.default}, players) == "", \
                (desc.id, option.key)
    assert main(["simulate", "frost-shelter", "--games", "1", "--option", "first_leadr=1"]) == 2
    assert "Frost Shelter has no option 'first_leadr'" in capsys.readouterr().err
    assert main(["simulate", "frost-shelter", "--games", "1", "--json",
                 "--option", "first_leader=1"]) == 0


def _typed(value: object) -> str:
    """An option value as one would type it after --option KEY=."""
    if isinstance(value, tuple):
        return ",".join(map(str, value)) or "none"
    if isinstance(value, bool):
        return "true" if value else "false"
    return str(value)


def test_typed_options_are_shaped_as_the_new_game_dialog_shapes_them() -> None:
    from frostdesk.engine.registry import games

    checked = 0
    for desc in games():
        players = max(desc.min_players, min(2, desc.max_players))
        for option in desc.options:
            typed = {option.key: _typed(option.default)}
            if not option.applies(players):  # e.g. a solo rival's level in a game of two
                with pytest.raises(ValueError, match=f"{option.key} counts only in"):
                    desc.command_line_options(typed, players)
                continue
            if option.needs is not None:  # a module's own setting, typed without the module
                with pytest.raises(ValueError, match=f"{option.key} counts only with "
                                                     f"{option.needs[0]}={option.needs[1]}"):
                    desc.command_line_options(typed, players)
                continue
            # the dialog gives a per-seat option one value per seat, the others as checked
            value = [option.default] * players if option.per_seat else option.default
            dialog = {option.key: value}
            expected = desc.setup_options(dialog) if desc.setup_options else dialog
            assert desc.command_line_options(typed, players) == expected, (desc.id, option.key)
            checked += 1
            if option.per_seat:  # one value per seat, comma-separated, is the same
                per_seat = {option.key: ",".join([_typed(option.default)] * players)}
                assert desc.command_line_options(per_seat, players) == expected
                too_many = {option.key: ",".join([_typed(option.default)] * (players + 1))}
                with pytest.raises(ValueError, match="one value for every seat or one per"):
                    desc.command_line_options(too_many, players)
    assert checked >= 8  # the four games declare options; none went unchecked by mistake
