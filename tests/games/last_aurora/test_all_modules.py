"""Frozen Steel's five modules together: games play to their end with no error.

Each module has its own tests; these catch what only shows when they meet (a Story card that
interrupts a crew's move, a Story check drawn from the PvP Outcome deck).
"""

from __future__ import annotations

import pytest

from frostdesk.ai import make_agent
from frostdesk.engine.registry import load_game
from frostdesk.sim import play_game, simulate

ALL = {"modules": "exploration,asgard,crew,story,pvp"}


def test_a_story_card_that_takes_the_object_a_crew_member_was_to_eat_lets_the_move_be_chosen_again(
) -> None:
    # `simulate last-aurora --players 2 --bots heuristic --seed 3`, game 13 (seed 646892613):
    # a Story card set off by the Boost took away the Object the Quartermaster Robot was to
    # eat for that move (it raised StopIteration); the move is chosen again instead
    game = load_game("last-aurora")
    seed = 646892613
    agents = [make_agent(game, "heuristic", seed * 8 + i) for i in range(2)]
    state, _ = play_game(game, agents, 2, seed, {"modules": ALL["modules"].split(",")})
    assert game.to_move(state) is None and game.outcome(state).places


def test_a_story_check_in_a_pvp_game_reveals_a_card_of_the_pvp_outcome_deck() -> None:
    # random play with every module, 3 convoys, seed 3 (a Story check indexed the base deck
    # with the PvP deck's numbers)
    summary = simulate(load_game("last-aurora"), 3, ["random"], 12, 3, options=ALL)
    assert summary["errors"] == 0


@pytest.mark.slow
@pytest.mark.parametrize("players", [2, 3, 4])
def test_every_module_on_plays_without_error_at_each_count(players: int) -> None:
    summary = simulate(load_game("last-aurora"), players, ["heuristic"], 60, 11, options=ALL)
    assert summary["errors"] == 0


@pytest.mark.slow
def test_modules_one_to_four_play_solo_without_error() -> None:
    summary = simulate(load_game("last-aurora"), 1, ["heuristic"], 60, 11,
                       options={"modules": "exploration,asgard,crew,story"})
    assert summary["errors"] == 0
