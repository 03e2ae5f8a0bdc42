"""The conformance suite (tests/conformance/test_rules_contract.py) run over Last Aurora with
the optional Mine on: views, determinize (the Mine among the unseen Objects), saves, replays
and the bots, for 1 to 4 convoys, given a description whose default turns the Mine on."""

from __future__ import annotations

import sys
from pathlib import Path
from typing import Any

import pytest

from frostdesk.engine import registry
from frostdesk.engine.registry import GameDescription

sys.path.insert(0, str(Path(__file__).resolve().parents[2] / "conformance"))
import test_rules_contract as suite  # noqa: E402  (the suite's folder is not a package)

COUNTS = (1, 2, 3, 4)


def mine_desc() -> GameDescription:
    desc = registry.get("last-aurora")
    options = tuple(o._replace(default=True) if o.key == "mine" else o for o in desc.options)
    return desc._replace(options=options)


@pytest.fixture(scope="module")
def game() -> Any:
    return registry.load_game("last-aurora")


CHECKS = [suite.test_random_play_to_the_end_keeps_the_invariants,
          suite.test_legal_is_never_empty_until_the_game_is_over,
          suite.test_applying_an_action_leaves_the_old_state_untouched,
          suite.test_illegal_actions_are_refused_and_change_nothing,
          suite.test_a_view_is_equal_for_every_world_the_seat_cannot_tell_apart,
          suite.test_replaying_the_log_reproduces_the_states_and_the_result]


@pytest.mark.parametrize("players", COUNTS)
@pytest.mark.parametrize("check", CHECKS, ids=[c.__name__[5:] for c in CHECKS])
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
