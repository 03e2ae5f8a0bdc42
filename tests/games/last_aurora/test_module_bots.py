"""The heuristic's two rules of thumb for games with Frozen Steel modules (bots.py's docstring;
docs/balance/last-aurora.md, "All five: what held boarding back"): a slowed Movement does not
cheapen Fuel a convoy would keep for a later one, and the Aurora within reach for the last
Movement is worth driving the extra mile. The base game's heuristic is left as it was."""

from __future__ import annotations

import pytest

from frostdesk.games.last_aurora import bots
from frostdesk.games.last_aurora.bots import HeuristicAgent
from frostdesk.games.last_aurora.state import Move, State

from .helpers import G, clear, give, idx, turn


def game(modules: list[str]) -> State:
    options = {"players": 2, "modules": modules} if modules else {"players": 2}
    return G.new_game(options, 4)[0]


def round5_with_one_fuel(modules: list[str]) -> State:
    """Convoy 0's Exploration turn of round 5, both convoys on mile 10, its tokens gone but
    1 Fuel."""
    s = game(modules)
    turn(s, "explore", 0)
    s.round = 5
    s.mile = [10, 10]
    clear(s, 0)
    give(s, 0, "fuel", 1)
    return s


@pytest.mark.parametrize("modules", [["exploration"], ["crew", "story"]])
def test_a_slowed_movement_leaves_the_fuel_kept_for_a_later_one_its_worth(
        modules: list[str]) -> None:
    """Round 5's Exploration, a Snowstorm's -2 on this Movement, 1 Fuel and 2 Movements to go:
    the Fuel is worth a later Movement at the convoy's own Speed (it skips the slow one), not
    this Movement's Speed less 2 (which led a bot to feed its last Fuel to an android)."""
    s = round5_with_one_fuel(modules)
    seat = 0
    bot = HeuristicAgent(G, 1)
    speed = bot.steady_speed(s, seat)
    assert bot.movements_left(s, seat) == 2
    s.speed_all[seat] = -2
    assert bot.fuel_miles(s, seat) == speed
    give(s, seat, "fuel", 1)  # Fuel for every Movement left: the slow one is driven too
    assert bot.fuel_miles(s, seat) == 2 * speed + max(-2, 1 - speed)  # Speed is at least 1
    s.speed_all[seat] = 2  # a bonus is taken this Movement whatever the Fuel
    clear(s, seat)
    give(s, seat, "fuel", 1)
    assert bot.fuel_miles(s, seat) == speed + 2


def test_the_base_games_heuristic_still_counts_a_slowed_movement_against_its_fuel() -> None:
    s = round5_with_one_fuel([])
    seat = 0
    s.speed_all[seat] = -1  # the Blizzard
    bot = HeuristicAgent(G, 1)
    assert bot.fuel_miles(s, seat) == bot.steady_speed(s, seat) - 1


def last_run(modules: list[str]) -> tuple[State, int]:
    """Round 5's Movement from mile 15 (the Aurora on 21, on 23 for round 6): a Road Hog
    (Speed 3, Boost 2) with the Co-pilot drives 4, and 2 Fuel. Mile 18 holds a wreck (an
    Object), mile 19 is a radiation space; only from 19 does round 6's 4 reach mile 23."""
    s = game(modules)
    seat = 0
    turn(s, "move", seat)
    s.round, s.aurora, s.mile = 5, 21, [15, 15]
    s.xdeck.remove(idx("023"))
    s.convoy[seat][0][0] = G._slot(idx("023"))
    clear(s, seat)
    give(s, seat, "fuel", 2)
    s.wrecks = [18]
    return s, seat


def test_with_a_module_on_the_heuristic_ends_its_move_within_reach_of_the_aurora() -> None:
    s, seat = last_run(["exploration"])
    assert G.speed(s, seat) == 4
    choice = HeuristicAgent(G, 1).choose(G, G.view(s, seat), G.legal(s), seat)
    assert isinstance(choice, Move) and choice.to == 19 and not choice.boost


def test_without_the_reach_worth_the_wreck_a_mile_short_tempts_it(
        monkeypatch: pytest.MonkeyPatch) -> None:
    s, seat = last_run(["exploration"])
    monkeypatch.setattr(bots, "REACH", 0.0)
    assert HeuristicAgent(G, 1).choose(G, G.view(s, seat), G.legal(s), seat) == Move(18)
    base, seat = last_run([])  # the base game's heuristic is unchanged
    assert HeuristicAgent(G, 1).choose(G, G.view(base, seat), G.legal(base), seat) == Move(18)
