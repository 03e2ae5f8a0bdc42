"""Toy Tally's own rules and content, and the command line playing a game it never heard of.

The generic suite checks the Game protocol; these read like the toy's rulebook
(tests/toygame/rules.md) and check its cards folder the way `frostdesk validate` does.
"""

from __future__ import annotations

import json
import random
import shutil
import subprocess
import sys
from pathlib import Path
from typing import Any

import pytest

from frostdesk.cli import main as cli
from frostdesk.engine.game import ContentError
from frostdesk.engine.registry import load_game
from frostdesk.engine.session import Seat, Session
from toygame.description import CARDS
from toygame.model.content import load_content, validate
from toygame.model.rules import HIDDEN, Play, State

TESTS = Path(__file__).resolve().parent.parent


@pytest.fixture
def toy() -> Any:
    return load_game("toy")


def where(state: State) -> list[str]:
    """Every card the state holds, wherever it lies."""
    return sorted([c for h in state.hands for c in h] + list(state.deck)
                  + [c for _, c in state.played] + [c for won in state.taken for c in won])


def test_the_model_imports_no_qt() -> None:
    code = ("import sys\n"
            f"sys.path.insert(0, {str(TESTS)!r})\n"
            "from frostdesk.engine import registry\n"
            "from toygame.description import DESCRIPTION\n"
            "registry.register(DESCRIPTION)\n"
            "import toygame.model.bots\n"
            "registry.load_game('toy')\n"
            "bad = [m for m in sys.modules if m.startswith(('PySide6', 'shiboken6'))]\n"
            "sys.exit(1 if bad else 0)\n")
    result = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True)
    assert result.returncode == 0, result.stdout + result.stderr


def test_every_card_is_somewhere_exactly_once(toy: Any) -> None:
    every = sorted(c.id for c in toy.content.cards)
    for seed in range(40):
        players = 2 + seed % 2
        state = toy.setup({"players": players, "rounds": 2 + seed % 3}, seed)
        r = random.Random(seed)
        while toy.to_move(state) is not None:
            assert where(state) == every
            state, _ = toy.apply(state, r.choice(toy.legal(state)))
        assert where(state) == every and not state.played
        left = [c for h in state.hands for c in h] + list(state.deck)
        assert sum(toy.scores(state)) == sum(toy.value[c] for c in every if c not in left)


def test_the_highest_card_takes_the_round_and_its_player_draws_and_leads(toy: Any) -> None:
    state = toy.setup({"players": 3, "first": 2}, 5)
    assert state.leader == state.turn == 2 and len(state.deck) == 3
    top = state.deck[0]
    plays = []
    for seat in (2, 0, 1):
        card = state.hands[seat][0]
        plays.append((toy.value[card], seat, card))
        state, events = toy.apply(state, Play(card))
    points, winner, best = max(plays)
    assert [e.kind for e in events] == ["card_played", "round_won", "card_drawn"]
    assert state.taken[winner] == tuple(card for _, _, card in plays)
    assert toy.scores(state)[winner] == sum(v for v, _, _ in plays) and points == toy.value[best]
    assert state.leader == state.turn == winner and state.round == 2
    assert top in state.hands[winner] and state.deck[0] != top
    # the draw is the winner's secret: the others read "draws a card"
    drawn = events[-1]
    assert drawn.visible_to == (winner,) and drawn.chance
    assert drawn.redacted is not None and top not in drawn.redacted.text


def test_the_last_round_ends_the_game_and_the_highest_tally_wins(toy: Any) -> None:
    state = toy.setup({"players": 2, "rounds": 2}, 9)
    while toy.to_move(state) is not None:
        state, events = toy.apply(state, toy.legal(state)[-1])
    out = toy.outcome(state)
    assert events[-1].kind == "game_over" and state.deck  # nobody draws after the end
    scores = toy.scores(state)
    assert out.scores == scores
    assert out.places == tuple(1 + sum(o > s for o in scores) for s in scores)


def test_a_view_shows_only_your_own_hand(toy: Any) -> None:
    state, opening = toy.new_game({"players": 3}, 4)
    v = toy.view(state, 1)
    assert v.hands[1] == state.hands[1]
    assert all(set(v.hands[i]) == {HIDDEN} for i in (0, 2)) and set(v.deck) == {HIDDEN}
    assert [len(h) for h in v.hands] == [len(h) for h in state.hands]
    dealt = [e.seen_by(1) for e in opening if e.kind == "hand_dealt"]
    assert [e.data.get("cards") is not None for e in dealt] == [False, True, False]


def test_the_cards_folder_validates_and_a_broken_copy_names_file_line_and_key(
        tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    assert validate(CARDS) == []
    assert cli(["validate", "--game", "toy", str(CARDS)]) == 0
    assert capsys.readouterr().out.startswith("ok:")
    broken = tmp_path / "cards"
    shutil.copytree(CARDS, broken)
    path = broken / "cards.yaml"
    text = path.read_text(encoding="utf-8")
    text = text.replace("{id: flake-2, name: Flake 2, value: 2,",
                        "{id: flake-2, name: Flake 2, value: 1, colour: red,")
    path.write_text(text, encoding="utf-8")
    line = next(i for i, row in enumerate(text.splitlines(), 1) if "colour" in row)
    assert cli(["validate", "--game", "toy", str(broken)]) == 1
    out = capsys.readouterr().out
    assert f"{path}:{line}: cards.1.colour: unknown key" in out
    with pytest.raises(ContentError):
        load_content(broken)
    # Cross-card checks run once every card has its shape: then the duplicate value shows.
    path.write_text(text.replace(" colour: red,", ""), encoding="utf-8")
    assert cli(["validate", "--game", "toy", str(broken)]) == 1
    out = capsys.readouterr().out
    assert f"{path}:{line}: cards.1.value: flake-1 has this value already" in out


def test_the_command_line_simulates_and_replays_the_toy(
        tmp_path: Path, capsys: pytest.CaptureFixture[str], toy: Any) -> None:
    assert cli(["simulate", "toy", "--players", "3", "--bots", "heuristic,easy,mcts",
                "--iterations", "20", "--games", "12", "--json"]) == 0
    summary = json.loads(capsys.readouterr().out)
    assert summary["errors"] == 0 and sum(summary["wins"]) >= 12
    session = Session.new(toy, {}, 3, [Seat("Ana"), Seat("Bo", "bot", "heuristic")])
    while session.to_move() is not None:
        session.apply(toy.legal(session.state)[0])
    save = tmp_path / "done.frostdesk"
    session.save(save)
    assert cli(["replay", str(save), "--check"]) == 0


def test_the_command_line_prints_a_simulation_summary(capsys: pytest.CaptureFixture[str]
                                                       ) -> None:
    assert cli(["simulate", "toy", "--players", "2", "--games", "4"]) == 0
    assert "seat 1 (random)" in capsys.readouterr().out


@pytest.mark.ui
def test_the_command_line_renders_a_screenshot_of_the_toy(
        qapp: Any, tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    out = tmp_path / "toy.png"
    assert cli(["screenshot", "toy", "--players", "3", "--moves", "4", "--out", str(out),
                "--json"]) == 0
    assert out.is_file() and json.loads(capsys.readouterr().out)["moves"] >= 4


@pytest.mark.ui
@pytest.mark.gui
def test_the_screenshot_command_passes_a_game_option_on(
        qapp: Any, tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    """--option KEY=VALUE reaches the new game: fewer rounds, a shorter game to its end."""
    out = tmp_path / "toy.png"
    moves = {}
    for rounds in ("2", "4"):
        assert cli(["screenshot", "toy", "--players", "2", "--moves", "200", "--out", str(out),
                    "--option", f"rounds={rounds}", "--json"]) == 0
        moves[rounds] = json.loads(capsys.readouterr().out)["moves"]
    assert moves["2"] < moves["4"]


def test_the_screenshot_command_refuses_an_option_without_a_value(
        tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    assert cli(["screenshot", "toy", "--players", "2", "--out", str(tmp_path / "x.png"),
                "--option", "rounds"]) == 2
    assert "--option must look like KEY=VALUE, not 'rounds'" in capsys.readouterr().err
