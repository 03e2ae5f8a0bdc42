"""`frostdesk balance last-aurora`: the solo table (heuristic against the Automa at each level,
with the brief's targets) is part of the report, and the command names it."""

from __future__ import annotations

import argparse
import random

from frostdesk.games.last_aurora import balance

from .helpers import G


class Quiet:
    def phase(self, message: str, total: int | None = None) -> None:
        self.last = message

    def tick(self) -> None:
        pass


def test_the_solo_table_has_a_row_per_level_with_its_target() -> None:
    lines = balance.solo_lines(G, 2, random.Random(5), Quiet())
    rows = [x for x in lines if x.startswith("| ") and not x.startswith("| Automa")]
    assert [r.split(" | ")[0] for r in rows] == ["| Easy", "| Normal", "| Hard"]
    assert [r.split(" | ")[3] for r in rows] == ["55–70%", "40–55%", "25–40%"]
    assert all(r.split(" | ")[1] == "2" for r in rows)


def test_a_solo_game_plays_against_the_level_asked() -> None:
    s, o = balance.play(G, 1, 3, ["heuristic"], "hard")
    assert s.level == "hard" and o is not None and "automa" in o.details


def test_the_report_names_its_solo_games_in_its_command() -> None:
    p = argparse.ArgumentParser()
    p.add_argument("--seed", type=int, default=1)
    balance.add_arguments(p)
    args = p.parse_args(["--games", "1", "--random-games", "0", "--players", "2",
                         "--solo-games", "1"])
    text = balance.run(args, Quiet())
    assert "--solo-games 1" in text and "## Solo: heuristic against the Automa" in text
    args = p.parse_args(["--games", "1", "--random-games", "0", "--players", "2",
                         "--solo-games", "0"])
    assert "## Solo" not in balance.run(args, Quiet())


def test_the_modules_report_plays_each_seed_with_and_without_the_modules() -> None:
    from frostdesk.games.last_aurora.balance import modules_report
    from frostdesk.progress import Progress

    text = modules_report(2, 1, Progress.for_stream("test", quiet=True), ("exploration",),
                          counts=(2,))
    assert "## Frozen Steel: New Exploration deck" in text
    assert "--modules exploration --games 2" in text
    row = next(line for line in text.splitlines() if line.startswith("| 2 | 2 |"))
    assert "5.5–6" in row
