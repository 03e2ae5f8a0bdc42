"""Progress of long command-line runs: a line rewritten in place on a terminal's stderr,
nothing when stderr is not a terminal or the output is --json."""

from __future__ import annotations

import io
import json

import pytest

from frostdesk.cli import main
from frostdesk.progress import Progress


class FakeTTY(io.StringIO):
    """A stream that says it is a terminal."""

    def isatty(self) -> bool:
        return True


class Clock:
    def __init__(self) -> None:
        self.now = 100.0

    def __call__(self) -> float:
        return self.now


def test_the_line_counts_games_rate_and_time_left_in_place() -> None:
    tty, clock = FakeTTY(), Clock()
    p = Progress("simulate", tty, clock=clock)
    p.phase("Frost Shelter, 4 players", total=100)
    for _ in range(25):
        clock.now += 0.2  # 5 games a second
        p.tick()
    text = tty.getvalue()
    last = text.rsplit("\r", 1)[1]
    assert last.startswith("simulate: Frost Shelter, 4 players, 25/100 games, 5.0 games/s, ")
    assert last.rstrip().endswith("15 s left")
    assert "\n" not in text  # updated in place, never scrolled
    p.finish()
    assert tty.getvalue().endswith("\r") and tty.getvalue().rsplit("\r", 2)[1].strip() == ""


def test_a_fast_run_redraws_at_most_ten_times_a_second() -> None:
    tty, clock = FakeTTY(), Clock()
    p = Progress("bench", tty, clock=clock)
    p.phase("Frost Shelter", seconds=1.0)
    for _ in range(1000):
        clock.now += 0.001
        p.tick()
    assert tty.getvalue().count("\r") <= 12
    assert "0 s left" in tty.getvalue().rsplit("\r", 1)[1]


def test_long_runs_read_in_minutes() -> None:
    tty, clock = FakeTTY(), Clock()
    p = Progress("balance", tty, clock=clock)
    p.phase("playing 500 games", total=500)
    clock.now += 10
    p.tick()
    assert tty.getvalue().rstrip().endswith("0.1 games/s, 1 h 23 min left")


def test_nothing_is_drawn_on_a_stream_that_is_not_a_terminal() -> None:
    plain = io.StringIO()
    p = Progress.for_stream("simulate", stream=plain)
    p.phase("x", total=3)
    p.tick()
    p.finish()
    assert plain.getvalue() == ""
    echoed = io.StringIO()
    p = Progress.for_stream("balance", echo=True, stream=echoed)
    p.phase("playing 3 games: 4 heuristic bots", total=3)
    p.tick()
    assert echoed.getvalue() == "playing 3 games: 4 heuristic bots\n"  # one line, no counter


def test_quiet_draws_nothing_even_on_a_terminal() -> None:
    tty = FakeTTY()
    p = Progress.for_stream("simulate", quiet=True, stream=tty)
    p.phase("x", total=3)
    p.tick()
    p.finish()
    assert tty.getvalue() == ""


ARGS = ["simulate", "frost-shelter", "--players", "2", "--games", "6", "--seed", "3"]


def test_simulate_shows_progress_on_a_terminal(monkeypatch: pytest.MonkeyPatch,
                                               capsys: pytest.CaptureFixture[str]) -> None:
    tty = FakeTTY()
    monkeypatch.setattr("sys.stderr", tty)
    assert main(ARGS) == 0
    assert "/6 games" in tty.getvalue() and "\r" in tty.getvalue()
    assert "6/6 games" in tty.getvalue()  # the last game is always drawn
    assert "games" in capsys.readouterr().out  # the summary, on stdout


def test_simulate_json_and_a_pipe_keep_stderr_quiet(monkeypatch: pytest.MonkeyPatch,
                                                    capsys: pytest.CaptureFixture[str]) -> None:
    tty = FakeTTY()
    monkeypatch.setattr("sys.stderr", tty)
    assert main([*ARGS, "--json"]) == 0
    assert tty.getvalue() == ""
    assert json.loads(capsys.readouterr().out)["games"] == 6
    monkeypatch.undo()
    assert main(ARGS) == 0
    assert capsys.readouterr().err == ""  # captured stderr is not a terminal


def test_bench_shows_progress_on_a_terminal(monkeypatch: pytest.MonkeyPatch) -> None:
    tty = FakeTTY()
    monkeypatch.setattr("sys.stderr", tty)
    assert main(["bench", "frost-shelter", "--seconds", "0.2"]) == 0
    assert "bench: Frost Shelter, " in tty.getvalue() and " left" in tty.getvalue()


def test_map_in_order_keeps_the_order_and_ticks_once_per_item_in_one_or_two_processes() -> None:
    import operator

    from frostdesk.progress import map_in_order

    class Counting:
        ticks = 0

        def tick(self) -> None:
            self.ticks += 1

    items = [3, 1, 4, 1, 5, 9, 2]
    for jobs in (1, 2):
        counter = Counting()
        got = map_in_order(operator.neg, items, jobs, counter, chunksize=2)  # type: ignore[arg-type]
        assert got == [-x for x in items] and counter.ticks == len(items)
