"""`frostdesk balance andor-eternal-frost`: the brief's section-6 figures per legend, hero
count and crew, the loss causes, the boss fights, and clear messages for bad arguments."""

from __future__ import annotations

import argparse

import pytest

from frostdesk.engine.registry import get, import_path
from frostdesk.games.andor_eternal_frost import balance
from frostdesk.games.andor_eternal_frost.state import Aside, Move, Reroll, Use


class Quiet:
    def phase(self, message: str, total: int | None = None) -> None:
        self.last = message

    def tick(self, games: int = 1) -> None:
        pass


def parser() -> argparse.ArgumentParser:
    p = argparse.ArgumentParser()
    p.add_argument("--seed", type=int, default=1)
    p.add_argument("--jobs", type=int, default=1)
    balance.add_arguments(p)
    return p


def test_the_game_plugs_its_report_into_the_balance_command() -> None:
    assert import_path(get("andor-eternal-frost").balance) is balance


def test_loss_causes_drop_the_space_numbers() -> None:
    assert balance.cause("the Wargor found no free shield at 401 (Tent City of the Yetohe)") \
        == "wargor found no free shield"
    assert balance.cause("the narrator reached N before the goal was met") \
        == "the narrator reached N"
    assert balance.cause("Takota broke into the tent city") == "Takota broke into the tent city"


def test_the_articles_an_action_uses() -> None:
    assert balance.article_uses(Move(12, sips=2)) == ["wineskin"]
    assert balance.article_uses(Move(12, sips=1, root=True)) == ["wineskin", "white_wart_root"]
    assert balance.article_uses(Move(12)) == []
    assert balance.article_uses(Reroll(0)) == ["askimar_blade"]
    assert balance.article_uses(Aside(1, Use("blue_berries"))) == ["blue_berries"]


def test_one_game_gives_the_reports_facts() -> None:
    r = balance.play("l1", 2, 7, "heuristic")
    assert set(r) >= {"won", "cause", "day", "letter", "kills", "boss_battles", "boss_wins",
                      "fire_wins", "terror", "uses"}
    assert r["won"] == (r["cause"] == "")
    assert r["boss_wins"] <= r["boss_battles"]
    assert balance.play("l1", 2, 7, "heuristic") == r  # seeded


def test_cells_use_their_own_seeds() -> None:
    a = balance.plans("l2", 3, 5, 1, "heuristic")
    assert a == balance.plans("l2", 3, 5, 1, "heuristic")
    assert a != balance.plans("l2", 3, 5, 2, "heuristic")
    assert [p[:2] for p in a] == [("l2", 3)] * 5


def test_the_report_has_a_row_per_legend_and_crew_with_the_bands() -> None:
    args = parser().parse_args(["--games", "2", "--other-games", "1", "--legends", "l1,l3",
                                "--players", "2"])
    text = balance.run(args, Quiet())
    assert "--games 2 --other-games 1 --legends l1,l3 --players 2 --seed 1" in text
    rows = [x for x in text.splitlines() if x.startswith("| L")]
    assert [r.split(" | ")[:3] for r in rows] == [
        ["| L1", "65–85%", "heuristic"], ["| L1", "65–85%", "easy"], ["| L1", "65–85%", "random"],
        ["| L3", "45–65%", "heuristic"], ["| L3", "45–65%", "easy"], ["| L3", "45–65%", "random"]]
    assert "/2 = " in rows[0] and "/1 = " in rows[1]
    assert "### L1" in text and "### L3" in text and "### L2" not in text


@pytest.mark.parametrize("argv, words", [
    (["--legends", "l9"], r"--legends takes l1, l2, l3, l4 \(not l9\)"),
    (["--players", "5"], "2 to 4 heroes"),
    (["--players", "two"], "--players takes numbers"),
    (["--games", "0"], "--games must be at least 1"),
    (["--other-games", "-1"], "--other-games cannot be negative"),
])
def test_bad_arguments_get_a_clear_message(argv: list[str], words: str) -> None:
    with pytest.raises(SystemExit, match=words):
        balance.run(parser().parse_args(argv), Quiet())
