"""The rules' shortcuts list exactly what the plain rules list: the same moves, in the same order.

The engine takes shortcuts where the bench showed time going (docs/performance.md, "Headless
rules engine"); each is checked here against the general code it stands in for.
"""

from __future__ import annotations

import random

from frostdesk.games.frost_shelter.content import Requirement
from frostdesk.games.frost_shelter.state import Defend
from fs_helpers import GAME


def _colonies(count: int, seed: int) -> list[list[int]]:
    """Random colonies of 0 to 13 cards, in no particular order."""
    rng = random.Random(seed)
    return [rng.sample(range(len(GAME.content.card_ids)), rng.randrange(14))
            for _ in range(count)]


def test_costs_of_any_cards_are_paid_by_every_set_of_that_many() -> None:
    # Today every equipment cost asks for a number of cards only, so all take the shortcut.
    assert GAME._any_cards == [True] * len(GAME._costs)
    for colony in _colonies(300, 1):
        for k, cost in enumerate(GAME._costs):
            for relic in range(4):
                assert GAME._payments(k, colony, relic) == \
                    cost.choices(colony, GAME.val, GAME.res, relic)


def test_a_cost_with_conditions_goes_through_the_requirement_matcher() -> None:
    game = type(GAME)(GAME.content)
    game._costs = [*game._costs, Requirement(2, resources="same", total_at_least=9)]
    game._any_cards = [*game._any_cards, False]
    k = len(game._costs) - 1
    matched = 0
    for colony in _colonies(200, 2):
        want = game._costs[k].choices(colony, game.val, game.res, 0)
        assert game._payments(k, colony, 0) == want
        matched += bool(want)
    assert matched > 20  # the check saw sets that pay, not only empty lists


def test_market_offers_are_the_first_card_of_each_type() -> None:
    type_of = GAME.content.equipment_type_of
    rng = random.Random(3)
    for _ in range(200):
        market = rng.sample(range(len(type_of)), rng.randrange(len(type_of) + 1))
        firsts: dict[int, int] = {}
        for e in sorted(market):
            firsts.setdefault(type_of[e], e)
        want = [(e, GAME._cost_key[type_of[e]]) for e in sorted(firsts.values())]
        assert list(GAME._offers(tuple(market))) == want


def test_remembered_defences_are_the_matchers_and_the_memory_stays_small() -> None:
    game = type(GAME)(GAME.content)  # a memory of its own
    events = game.content.events
    asked = 0
    for n, colony in enumerate(_colonies(1500, 4)):
        event, relic = n % len(events), n % 4
        for i, req in enumerate(events[event].requirements):
            want = [Defend(i, cards) for cards in req.choices(colony, game.val, game.res, relic)]
            assert game._defences(event, i, relic, colony) == want
            assert game._defences(event, i, relic, colony) == want  # remembered now
            asked += 1
    assert asked > 1024  # more colonies than the memory holds: it was emptied on the way
    assert len(game._defence_memo) <= 1024
