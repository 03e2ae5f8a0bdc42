"""`frostdesk balance last-aurora --crews`: each crew's win rate at 4 players with the crews
handed round the seats, and a trial of other survivor values (Module 3, brief 6)."""

from __future__ import annotations

import argparse

import pytest

from frostdesk.games.last_aurora import balance


class Quiet:
    def phase(self, message: str, total: int | None = None) -> None:
        self.last = message

    def tick(self) -> None:
        pass


def args(*words: str) -> argparse.Namespace:
    p = argparse.ArgumentParser()
    p.add_argument("--seed", type=int, default=1)
    balance.add_arguments(p)
    return p.parse_args(list(words))


def test_the_crews_table_rotates_every_crew_round_the_seats() -> None:
    text = balance.run(args("--crews", "--games", "4", "--values", "249=4"), Quiet())
    assert "`frostdesk balance last-aurora --crews --games 4 --seed 1 --values 249=4`" in text
    assert "each crew plays each seat 1 times" in text
    rows = [x for x in text.splitlines() if x.startswith("| The ")]
    assert [r.split(" | ")[0] for r in rows] == ["| The Pack", "| The Mutants",
                                                 "| The Vikings", "| The Androids"]
    wins = sum(int(r.split(" | ")[1].split("%")[0]) for r in rows)
    assert 95 <= wins <= 105  # one winner a game (ties shared), rounded


def test_a_values_trial_names_crew_cards_only() -> None:
    with pytest.raises(SystemExit, match="crew cards 247-254"):
        balance.run(args("--crews", "--games", "1", "--values", "055=3"), Quiet())
    with pytest.raises(SystemExit, match="card=value pairs"):
        balance.run(args("--crews", "--games", "1", "--values", "249"), Quiet())
