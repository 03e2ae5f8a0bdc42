"""The table says where a convoy's Speed comes from (`speed_parts`): its parts add up to the
Speed the rules use, in every state of whole games with and without the modules."""

from __future__ import annotations

import pytest

from frostdesk.ai import RandomAgent
from frostdesk.games.last_aurora.state import State

from .helpers import G, played


def _states(players: int, seed: int, options: dict[str, object]) -> list[State]:
    s, _ = G.new_game({"players": players, **options}, seed)
    return played(s, [RandomAgent(seed * 10 + i) for i in range(players)])


@pytest.mark.parametrize(("players", "options"), [
    (3, {}), (2, {"modules": ("exploration", "asgard", "crew", "story", "pvp")}),
    (4, {"modules": ("crew",), "mine": True}), (1, {"modules": ("exploration", "crew")})],
    ids=["base-3p", "all-2p", "crew-mine-4p", "solo-crew"])
def test_speed_parts_add_up_to_the_speed(players: int, options: dict[str, object]) -> None:
    seen: set[str] = set()
    for s in _states(players, 7, options):
        for seat in range(players):
            parts = G.speed_parts(s, seat)
            assert sum(n for _, n in parts) == G.speed(s, seat), parts
            assert parts[0][1] >= 1  # the truck (or its damaged 1) comes first
            seen.update(name for name, _ in parts[1:])
    assert seen  # some bonus showed in a whole game


def test_at_the_start_the_truck_and_the_co_pilot_make_the_speed() -> None:
    s = G.new_game({"players": 2}, 4)[0]
    assert G.speed_parts(s, 0) == [("Truck", 2), ("Co-pilot", 1)]
    assert G.speed(s, 0) == 3


def test_an_event_and_the_co_pilots_catch_up_are_parts_of_their_own() -> None:
    s = G.new_game({"players": 2}, 4)[0]
    s.speed_all = [-1, -1]  # an event slows every convoy this round
    s.mile = [0, 5]  # 4 or more miles behind with 2 players: the Co-pilot's +1
    parts = G.speed_parts(s, 0)
    assert ("this round's event", -1) in parts
    assert ("Co-pilot, 4+ miles behind", 1) in parts
    assert sum(n for _, n in parts) == G.speed(s, 0) == 3


def _card(name: str) -> int:
    """The Event card `name` (the modules' cards are in the one catalogue too)."""
    return next(i for i, c in enumerate(G.cards) if c.name == name and c.kind == "event")


def test_the_event_behind_a_speed_change_is_named() -> None:
    s = G.new_game({"players": 2}, 4)[0]
    blizzard = _card("Blizzard")
    survivor = next(i for i, c in enumerate(G.cards) if c.kind == "survivor")
    s.xdisc = [blizzard, survivor]  # revealed this round (a card taken since goes on top)
    s.speed_all = [-1, -1]
    assert ("Blizzard", -1) in G.speed_parts(s, 0)
    assert sum(n for _, n in G.speed_parts(s, 0)) == G.speed(s, 0)


def test_two_events_of_one_round_are_named_together_and_an_older_one_is_not() -> None:
    s = G.new_game({"players": 3, "modules": ("exploration",)}, 4)[0]
    blizzard, snowstorm = _card("Blizzard"), _card("Snowstorm")
    # an older Blizzard (an earlier round), then this round's Blizzard and Snowstorm
    s.xdisc = [blizzard, blizzard, snowstorm]
    first, second, third = s.order
    s.speed_all = [0, 0, 0, 0]
    s.speed_all[first] = -1 - 2  # the Snowstorm takes 2 from the first in turn order
    s.speed_all[second] = -1 - 1
    s.speed_all[third] = -1 - 1
    assert ("Blizzard and Snowstorm", -3) in G.speed_parts(s, first)
    assert ("Blizzard and Snowstorm", -2) in G.speed_parts(s, third)
    s.xdisc = [blizzard]  # what made the change is not in sight (never in play): say so
    assert ("this round's event", -3) in G.speed_parts(s, first)
