"""The conformance suite (tests/conformance/test_rules_contract.py) run over Last Aurora with
Player vs. Player on (P13-P14: views, determinize, saves, replays and the bots, with the
module's hidden cards and choices): the suite's own checks, given a description whose
Frozen Steel default is the module, for 2 to 4 convoys (the module is not played solo)."""

from __future__ import annotations

import sys
from pathlib import Path
from typing import Any

import pytest

from frostdesk.engine import registry
from frostdesk.engine.registry import GameDescription

sys.path.insert(0, str(Path(__file__).resolve().parents[2] / "conformance"))
import test_rules_contract as suite  # noqa: E402  (the suite's folder is not a package)

COUNTS = (2, 3, 4)


def pvp_desc(modules: tuple[str, ...] = ("pvp",)) -> GameDescription:
    desc = registry.get("last-aurora")
    options = tuple(o._replace(default=modules) if o.key == "modules" else o
                    for o in desc.options)
    return desc._replace(min_players=2, options=options)


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
def test_the_suites_checks_hold_with_pvp_on(game: Any, check: Any, players: int) -> None:
    desc = pvp_desc()
    state, _ = suite.new_state(game, desc, players, 1000 * players)
    assert state.modules == ("pvp",)  # the module really is on
    check(desc, game, players, True)


@pytest.mark.slow
@pytest.mark.parametrize("players", COUNTS)
@pytest.mark.parametrize("check", CHECKS, ids=[c.__name__[5:] for c in CHECKS])
def test_the_suites_checks_hold_with_pvp_on_more_seeds(game: Any, check: Any,
                                                        players: int) -> None:
    check(pvp_desc(), game, players, False)


@pytest.mark.parametrize("players", COUNTS)
def test_saves_load_equal_with_pvp_on(game: Any, players: int, tmp_path: Path) -> None:
    suite.test_save_then_load_gives_an_equal_state(pvp_desc(), game, players, True, tmp_path)


@pytest.mark.slow
@pytest.mark.parametrize("players", COUNTS)
def test_the_bots_finish_a_game_with_pvp_on(game: Any, players: int) -> None:
    suite.test_the_bots_finish_a_game(pvp_desc(), game, players, players == 2)


@pytest.mark.parametrize("players", COUNTS)
def test_the_heuristic_and_peaceful_bots_finish_a_game_with_pvp_on(game: Any,
                                                                   players: int) -> None:
    from frostdesk.ai import make_agent

    desc = pvp_desc(("exploration", "asgard", "pvp"))  # with Modules 1 and 2 as well
    state, _ = suite.new_state(game, desc, players, 78 + 2 * players)  # even: the defaults
    assert state.modules == ("exploration", "asgard", "pvp")
    names = ["heuristic", "peaceful", "easy", "random"][:players]
    agents = [make_agent(game, name, 5 + i) for i, name in enumerate(names)]
    while game.to_move(state) is not None:
        seat = game.to_move(state)
        legal = game.legal(state)
        action = agents[seat].choose(game, game.view(state, seat), legal, seat)
        assert action in legal
        state, _ = game.apply(state, action)
    suite.check_outcome(desc, game.outcome(state), players)
