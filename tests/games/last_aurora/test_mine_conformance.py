"""The conformance suite (tests/conformance/test_rules_contract.py) run over Last Aurora with
the optional Mine on: views, determinize (the Mine among the unseen Objects), saves, replays
and the bots, for 1 to 4 convoys, given a description whose default turns the Mine on."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest

from frostdesk.engine import registry
from frostdesk.engine.registry import GameDescription

from .conformance_helpers import CHECK_IDS, CHECKS, desc_with_default, suite

COUNTS = (1, 2, 3, 4)


def mine_desc() -> GameDescription:
    return desc_with_default("mine", True)


@pytest.fixture(scope="module")
def game() -> Any:
    return registry.load_game("last-aurora")




@pytest.mark.parametrize("players", COUNTS)
@pytest.mark.parametrize("check", CHECKS, ids=CHECK_IDS)
def test_the_suites_checks_hold_with_the_mine_on(game: Any, check: Any, players: int) -> None:
    desc = mine_desc()
    state, _ = suite.new_state(game, desc, players, 1000 * players)
    assert state.mines is not None  # the Mine really is on
    check(desc, game, players, True)


@pytest.mark.parametrize("players", COUNTS)
def test_saves_load_equal_with_the_mine_on(game: Any, players: int, tmp_path: Path) -> None:
    suite.test_save_then_load_gives_an_equal_state(mine_desc(), game, players, True, tmp_path)


@pytest.mark.slow
@pytest.mark.parametrize("players", COUNTS)
def test_the_bots_finish_a_game_with_the_mine_on(game: Any, players: int) -> None:
    suite.test_the_bots_finish_a_game(mine_desc(), game, players, players == 2)
