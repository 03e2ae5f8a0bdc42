"""How the bots value equipment (issue 11 item 12): nothing is bought in the last Event that
could never be used, and the search weighs a purchase against the heals its cards would pay."""

from __future__ import annotations

from frostdesk.games.frost_shelter.bots import HeuristicAgent
from frostdesk.games.frost_shelter.search import FrostShelterPolicy
from frostdesk.games.frost_shelter.state import Buy, Pass, State
from fs_helpers import GAME, cards, equip, position


def buying(event_no: int, colony: list[str], market: list[str], damage: int = 5) -> State:
    s = position(players=4, colonies={0: colony}, equipment={0: [], 1: [], 2: [], 3: []})
    s.market = [equip(m) for m in market]
    s.event_no = event_no
    s.phase, s.turn = "buy", 0
    s.queue = [0]
    s.damage = [damage] * 4  # everyone level: only equipment and cards can set seat 0 apart
    s.event_damage = [[damage, 0, 0, 0]] * (event_no + 1)
    return s


def test_heuristic_buys_nothing_useless_in_the_last_event() -> None:
    bot = HeuristicAgent(GAME)
    colony = ["fuel-2", "fuel-3", "fuel-4"]
    early = buying(0, colony, ["bag-1", "sled-1"])
    last = buying(2, colony, ["bag-1", "sled-1"])
    assert isinstance(bot.choose(GAME, early, GAME.legal(early), 0), Buy)
    assert bot.choose(GAME, last, GAME.legal(last), 0) == Pass()
    with_medkit = buying(2, colony, ["bag-1", "medkit-1"])
    pick = bot.choose(GAME, with_medkit, GAME.legal(with_medkit), 0)
    assert isinstance(pick, Buy) and pick.equipment == equip("medkit-1")


def test_search_scores_useless_last_event_purchases_below_passing() -> None:
    policy = FrostShelterPolicy(GAME)
    s = buying(2, ["fuel-2", "fuel-3"], ["bag-1"])
    kept = policy._after_resolution(s, s.damage[:])
    bought = s.copy()
    bought.colonies = [[], *s.colonies[1:]]
    bought.equipment = [[equip("bag-1")], *s.equipment[1:]]
    spent = policy._after_resolution(bought, bought.damage[:])
    assert spent[0] < kept[0]  # the cards left would have broken a tie
    early = buying(0, ["fuel-2", "fuel-3"], ["bag-1"])
    early_bought = early.copy()
    early_bought.colonies = [[], *early.colonies[1:]]
    early_bought.equipment = [[equip("bag-1")], *early.equipment[1:]]
    assert policy._after_resolution(early_bought, early.damage[:])[0] > \
        policy._after_resolution(early, early.damage[:])[0]  # a Bag helps in a later Event


def test_search_counts_the_heals_a_colony_can_still_pay_for() -> None:
    policy = FrostShelterPolicy(GAME)
    assert policy._heals(cards("fuel-1", "water-2", "food-3")) == 1
    assert policy._heals(cards("fuel-1", "water-2", "food-3", "tools-4", "fuel-5", "water-6")) == 2
    assert policy._heals(cards("fuel-1", "fuel-2", "fuel-3", "water-4", "water-5")) == 0
