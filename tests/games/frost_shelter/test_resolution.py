"""Event resolution: Frost Bite, Hibernation, defences, equipment, purchases, Infirmary."""

from __future__ import annotations

from frostdesk.games.frost_shelter.state import Buy, Defend, Heal, Pass, UseEquipment
from fs_helpers import GAME, accounted, cards, equip, play, position

NO_EQUIPMENT = {0: [], 1: [], 2: [], 3: []}


def resolving(colonies, event="invasion", relic="water", equipment=None, players=4,  # noqa: ANN001, ANN201
              **fields):
    s = position(players=players, event=event, relic=relic, colonies=colonies,
                 equipment=equipment if equipment is not None else
                 {i: [] for i in range(players)}, **fields)
    s = s.copy()
    events: list = []
    GAME._begin_resolution(s, events)
    return s, events


def advance_to(s, phase):  # noqa: ANN001, ANN201
    """Pass every decision until `phase` starts."""
    while s.phase != phase:
        s, _ = play(s, Pass())
    return s


def damage_taken(events, seat):  # noqa: ANN001, ANN201
    return [e for e in events if e.kind == "damage_taken" and e.data["seat"] == seat][0]


def test_frost_bite_invasion_example() -> None:
    # Rulebook: INVASION tolerates 5 cards; a colony of 7 suffers 4 damage (2 per extra card).
    seven = ["fuel-6", "fuel-7", "fuel-8", "fuel-9", "food-6", "food-7", "food-8"]
    s, events = resolving({0: seven}, expedition_used=[True] * 4)
    # Nothing in those 7 cards meets either INVASION defence, so seat 0 is not asked.
    e = damage_taken(events, 0)
    assert e.data["frost_bite"] == 4
    assert e.data["event_damage"] == 6
    assert s.damage[0] == 10


def test_no_frost_bite_at_or_under_max() -> None:
    five = ["fuel-6", "fuel-7", "fuel-8", "fuel-9", "food-6"]
    s, events = resolving({0: five}, expedition_used=[True] * 4)
    assert damage_taken(events, 0).data["frost_bite"] == 0


def test_hibernation_prevents_four_damage() -> None:
    s, events = resolving({}, expedition_used=[False, True, False, True])
    assert s.damage == [2, 6, 2, 6]  # INVASION deals 6
    assert [e.data["seat"] for e in events if e.kind == "hibernation"] == [0, 2]


def test_defending_each_requirement_once() -> None:
    colony = ["fuel-1", "water-2", "food-3", "tools-2", "tools-3"]
    s, _ = resolving({0: colony}, expedition_used=[True] * 4)
    assert s.phase == "resolve" and s.turn == 0
    legal = GAME.legal(s)
    first = Defend(0, tuple(sorted(cards("fuel-1", "water-2", "food-3"))))
    second = Defend(1, tuple(sorted(cards("tools-2", "tools-3"))))
    assert first in legal and second in legal and Pass() in legal
    # Under 5 and all different: fuel-1, water-2, food-3 fits; tools-2, tools-3 fits the 2nd.
    s, _ = play(s, first)
    assert all(not (isinstance(a, Defend) and a.requirement == 0) for a in GAME.legal(s))
    s, events = play(s, second)
    e = damage_taken(events, 0)
    assert e.data["amount"] == 0 and s.damage[0] == 0
    defended = [e for e in events if e.kind == "defended"]
    assert defended[0].data["cards"] == ["tools-2", "tools-3"]
    assert defended[0].data["amount"] == 4


def test_invasion_requirements_as_printed() -> None:
    inv = GAME.content.events[[e.id for e in GAME.content.events].index("invasion")]
    val, res = GAME.val, GAME.res
    r0, r1 = inv.requirements
    assert r0.choices(cards("fuel-4", "water-4", "food-4"), val, res, 1)
    assert not r0.choices(cards("fuel-5", "water-4", "food-4"), val, res, 1)  # 5 is not < 5
    assert not r0.choices(cards("fuel-1", "fuel-2", "food-4"), val, res, 1)  # not different
    assert r1.choices(cards("food-3", "food-1"), val, res, 1)
    assert not r1.choices(cards("food-4", "food-1"), val, res, 1)  # 4 is not < 4
    assert not r1.choices(cards("food-3", "tools-1"), val, res, 1)  # not the same resource
    assert (inv.damage, inv.max, r0.defends, r1.defends) == (6, 5, 2, 4)


def test_blackout_requirements_as_printed() -> None:
    bo = GAME.content.events[[e.id for e in GAME.content.events].index("blackout")]
    val, res = GAME.val, GAME.res
    r0, r1 = bo.requirements
    water = 1
    assert r0.choices(cards("fuel-10", "food-6", "tools-5"), val, res, water)
    assert not r0.choices(cards("fuel-10", "food-6", "tools-4"), val, res, water)  # 20
    assert not r0.choices(cards("water-10", "food-6", "tools-5"), val, res, water)  # a Relic
    assert r1.choices(cards("fuel-1", "water-1", "food-3"), val, res, water)  # Relics allowed
    assert not r1.choices(cards("fuel-1", "water-2", "food-3"), val, res, water)  # 6
    assert (bo.damage, bo.max, r0.defends, r1.defends) == (8, 6, 3, 5)


def test_no_defence_offered_once_damage_is_fully_prevented() -> None:
    colony = ["fuel-1", "water-2", "food-3", "tools-2", "tools-3"]
    s, _ = resolving({0: colony}, expedition_used=[True] * 4)
    s, _ = play(s, Defend(1, tuple(sorted(cards("tools-2", "tools-3")))))
    # 6 - 4 = 2 left: the first defence (2) is still offered.
    assert any(isinstance(a, Defend) for a in GAME.legal(s))
    s, _ = play(s, Defend(0, tuple(sorted(cards("fuel-1", "water-2", "food-3")))))
    assert s.turn != 0 or s.phase != "resolve"


def test_tarp_prevents_two_event_damage() -> None:
    s, _ = resolving({0: ["fuel-9"]}, equipment={0: ["tarp-1"], 1: [], 2: [], 3: []},
                     expedition_used=[True] * 4)
    assert UseEquipment(equip("tarp-1")) in GAME.legal(s)
    s, events = play(s, UseEquipment(equip("tarp-1")))
    assert damage_taken(events, 0).data["event_damage"] == 4
    assert equip("tarp-1") in s.market


def test_chest_ignores_two_excess_cards() -> None:
    seven = ["fuel-6", "fuel-7", "fuel-8", "fuel-9", "food-6", "food-7", "food-8"]
    s, _ = resolving({0: seven}, equipment={0: ["chest-1"], 1: [], 2: [], 3: []},
                     expedition_used=[True] * 4)
    s, events = play(s, UseEquipment(equip("chest-1")))
    assert damage_taken(events, 0).data["frost_bite"] == 0


def test_damage_this_event_includes_frost_bite_and_opens_purchases() -> None:
    s, events = resolving({0: ["fuel-6", "fuel-7", "food-8"], 1: ["fuel-2", "food-2"]},
                          expedition_used=[True] * 4, damage=[5, 1, 0, 0])
    # Seats 0 and 1 took damage and hold cards: seat 0 has most accumulated damage, buys first.
    assert s.phase == "buy" and s.turn == 0
    buys = [a for a in GAME.legal(s) if isinstance(a, Buy)]
    assert buys and Pass() in GAME.legal(s)


def test_purchase_order_most_damaged_first_then_clockwise_two_rounds() -> None:
    cols = {0: ["fuel-2", "fuel-3", "fuel-4", "fuel-5"], 1: ["food-2", "food-3", "food-4",
                                                             "food-5"],
            2: ["tools-2", "tools-3", "tools-4", "tools-5"]}
    s, _ = resolving(cols, expedition_used=[True] * 4, damage=[1, 0, 9, 0], event="blackout")
    order = []
    while s.phase == "buy":
        order.append(s.turn)
        s, _ = play(s, Pass())
    assert order == [2, 0, 1, 2, 0, 1]


def test_after_the_most_damaged_buyer_the_order_is_clockwise_from_the_leader() -> None:
    """issue 11 item 11: the rulebook's note says clockwise always counts from the current
    Leader. Leader seat 0, most damaged seat 1: seat 1 buys first, then seats 0, 2, 3 (the
    order used to go on clockwise from seat 1: 1, 2, 3, 0)."""
    cols = {seat: [f"{r}-{v}" for v in (2, 3, 4, 5)]
            for seat, r in enumerate(("fuel", "water", "food", "tools"))}
    s, _ = resolving(cols, expedition_used=[True] * 4, damage=[0, 9, 0, 0], event="blackout",
                     leader=0)
    order = []
    while s.phase == "buy":
        order.append(s.turn)
        s, _ = play(s, Pass())
    assert order == [1, 0, 2, 3, 1, 0, 2, 3]


def test_purchase_rounds_are_marked_in_the_events() -> None:
    cols = {seat: [f"{r}-{v}" for v in (2, 3, 4, 5)]
            for seat, r in enumerate(("fuel", "water", "food", "tools"))}
    s, events = resolving(cols, expedition_used=[True] * 4, damage=[0, 9, 0, 0],
                          event="blackout", leader=0)
    marks = [e for e in events if e.kind == "purchase_round"]
    assert [e.data for e in marks] == [{"round": 1, "order": [1, 0, 2, 3],
                                        "damage": [17, 8, 8, 8], "leader": 0}]
    before_round_two = []
    while s.phase == "buy":
        s, ev = play(s, Pass())
        before_round_two.append([e.kind for e in ev])
    # the fourth pass ends round 1: its events hold the mark of round 2, after the pass
    assert before_round_two[3] == ["passed", "purchase_round"]
    assert "purchase_round" not in sum(before_round_two[:3] + before_round_two[4:], [])


def test_purchase_ties_for_most_damage_go_to_the_first_clockwise_from_the_leader() -> None:
    cols = {seat: [f"{r}-{v}" for v in (2, 3, 4, 5)]
            for seat, r in enumerate(("fuel", "water", "food", "tools"))}
    s, _ = resolving(cols, expedition_used=[True] * 4, damage=[0, 4, 0, 4], event="blackout",
                     leader=2)
    order = []
    while s.phase == "buy":
        order.append(s.turn)
        s, _ = play(s, Pass())
    assert order == [3, 2, 0, 1] * 2


def test_only_players_damaged_this_event_may_buy() -> None:
    # Seat 0 defends everything, so takes no damage and may not buy.
    colony = ["fuel-1", "water-2", "food-3", "tools-2", "tools-3"]
    s, _ = resolving({0: colony, 1: ["food-2", "food-3"]}, expedition_used=[True] * 4)
    s, _ = play(s, Defend(0, tuple(sorted(cards("fuel-1", "water-2", "food-3")))),
                Defend(1, tuple(sorted(cards("tools-2", "tools-3")))))
    s = advance_to(s, "buy")
    buyers = set()
    while s.phase == "buy":
        buyers.add(s.turn)
        s, _ = play(s, Pass())
    assert buyers == {1}


def test_buying_pays_with_colony_cards_and_takes_the_equipment() -> None:
    s, _ = resolving({0: ["food-2", "food-3"]}, expedition_used=[True] * 4, event="blackout")
    bag = Buy(equip("bag-1"), tuple(sorted(cards("food-2", "food-3"))))
    assert bag in GAME.legal(s)
    s, events = play(s, bag)
    assert s.equipment[0] == [equip("bag-1")] and equip("bag-1") not in s.market
    bought = [e for e in events if e.kind == "equipment_bought"][0]
    assert bought.data == {"seat": 0, "equipment": "bag-1", "paid": ["food-2", "food-3"]}
    assert accounted(s) == list(range(40))


def test_infirmary_heals_one_per_three_different_resources() -> None:
    s, _ = resolving({0: ["fuel-9", "water-9", "food-9", "tools-9", "fuel-8", "water-8"]},
                     event="blackout", expedition_used=[True] * 4, damage=[0, 0, 0, 0])
    # BLACKOUT: 3 cards totalling 21+ with no Relic (water) defends 3.
    while s.phase == "resolve":
        s, _ = play(s, Pass())
    while s.phase == "buy":
        s, _ = play(s, Pass())
    assert s.phase == "infirmary" and s.turn == 0
    heals = [a for a in GAME.legal(s) if isinstance(a, Heal)]
    assert all(len({GAME.res[c] for c in a.cards}) == 3 for a in heals)
    before = s.damage[0]
    s, events = play(s, heals[0])
    assert s.damage[0] == before - 1
    assert [e.kind for e in events][0] == "healed"


def test_medkit_heals_two_never_below_zero() -> None:
    s, _ = resolving({}, equipment={0: ["medkit-1"], 1: [], 2: [], 3: []},
                     expedition_used=[False] * 4, damage=[0, 0, 0, 0])
    # Hibernation: 6 - 4 = 2 damage each; seat 0 may use the Medkit at the Infirmary.
    assert s.phase == "infirmary" and s.turn == 0
    s, events = play(s, UseEquipment(equip("medkit-1")))
    assert s.damage[0] == 0
    assert equip("medkit-1") in s.market


def test_cleanup_discards_colonies_and_deals_a_new_event() -> None:
    s, _ = resolving({0: ["fuel-9"], 1: ["food-9", "food-8"]}, expedition_used=[True] * 4)
    while s.phase in ("resolve", "buy", "infirmary"):
        s, _ = play(s, GAME.legal(s)[-1])
    assert s.event_no == 1
    assert all(c == [] for c in s.colonies)
    assert [len(h) for h in s.hands] == [8, 8, 8, 8]
    assert accounted(s) == list(range(40))
    assert s.expedition_used == [False] * 4


def test_most_damaged_player_chooses_the_leader() -> None:
    s, _ = resolving({}, expedition_used=[True] * 4, damage=[0, 3, 0, 0])
    while s.phase != "leader":
        s, _ = play(s, GAME.legal(s)[-1])
    assert s.turn == 1  # 3 + 6 = 9, the most
    s, events = play(s, GAME.legal(s)[3])
    assert s.leader == 3 and events[0].kind == "leader_chosen"


def test_leader_choice_ties_go_clockwise_from_the_last_leader() -> None:
    # Everyone takes 6: all tied. The last Leader was seat 2, so seat 2 chooses.
    s, _ = resolving({}, expedition_used=[True] * 4, leader=2)
    while s.phase != "leader":
        s, _ = play(s, GAME.legal(s)[-1])
    assert s.turn == 2
    s2, _ = resolving({}, expedition_used=[True] * 4, leader=2, damage=[1, 0, 0, 1])
    while s2.phase != "leader":
        s2, _ = play(s2, GAME.legal(s2)[-1])
    assert s2.turn == 3  # seats 3 and 0 tied on 7: seat 3 is first clockwise from seat 2


def test_leader_choice_event_shows_the_tie_and_who_it_was_counted_from() -> None:
    s, events = resolving({}, expedition_used=[True] * 4, leader=2, damage=[1, 0, 0, 1])
    while s.phase != "leader":
        s, ev = play(s, GAME.legal(s)[-1])
        events += ev
    choice = [e for e in events if e.kind == "leader_choice"][0]
    assert choice.data == {"chooser": 3, "leader": 2, "damage": [7, 6, 6, 7], "tied": [3, 0]}
    assert "{p3} and {p0} are tied" in choice.text


def test_game_started_says_how_the_first_leader_was_chosen() -> None:
    _, named = GAME.new_game({"players": 3, "first_leader": 1}, 5)
    _, drawn = GAME.new_game({"players": 3}, 5)
    assert named[0].data == {"players": 3, "leader": 1, "leader_from": "option"}
    assert drawn[0].kind == "game_started" and drawn[0].data["leader_from"] == "random"
    assert "drawn at random" in drawn[0].text and "named at setup" in named[0].text
