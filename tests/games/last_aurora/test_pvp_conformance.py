"""The conformance suite (tests/conformance/test_rules_contract.py) run over Last Aurora with
Player vs. Player on (P13-P14: views, determinize, saves, replays and the bots, with the
module's hidden cards and choices): the suite's own checks, given a description whose
Frozen Steel default is the module, for 2 to 4 convoys (the module is not played solo)."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest

from frostdesk.engine import registry
from frostdesk.engine.registry import GameDescription

from .conformance_helpers import CHECK_IDS, CHECKS, desc_with_default, suite

COUNTS = (2, 3, 4)


def pvp_desc(modules: tuple[str, ...] = ("pvp",)) -> GameDescription:
    return desc_with_default("modules", modules, min_players=2)


@pytest.fixture(scope="module")
def game() -> Any:
    return registry.load_game("last-aurora")




@pytest.mark.parametrize("players", COUNTS)
@pytest.mark.parametrize("check", CHECKS, ids=CHECK_IDS)
def test_the_suites_checks_hold_with_pvp_on(game: Any, check: Any, players: int) -> None:
    desc = pvp_desc()
    state, _ = suite.new_state(game, desc, players, 1000 * players)
    assert state.modules == ("pvp",)  # the module really is on
    check(desc, game, players, True)


@pytest.mark.slow
@pytest.mark.parametrize("players", COUNTS)
@pytest.mark.parametrize("check", CHECKS, ids=CHECK_IDS)
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
