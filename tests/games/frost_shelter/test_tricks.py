"""Tricks: the four ways to play, who wins, collecting and Expedition draws."""

from __future__ import annotations

import pytest

from frostdesk.engine.game import IllegalAction
from frostdesk.games.frost_shelter.state import Collect, Draw, Pass, Play
from fs_helpers import GAME, accounted, card, cards, equip, play, position

HANDS4 = {0: ["fuel-8", "fuel-2"], 1: ["fuel-9", "food-3"], 2: ["water-2", "tools-4"],
          3: ["fuel-10", "food-5"]}


def winner(trick: list[tuple[int, str, bool]], relic: str = "water") -> int:
    from frostdesk.games.frost_shelter.content import RESOURCE_KEYS

    return GAME.trick_winner([(s, card(c), e) for s, c, e in trick],
                             RESOURCE_KEYS.index(relic))[0]


def test_highest_card_of_the_lead_resource_wins() -> None:
    assert winner([(0, "fuel-8", False), (1, "fuel-9", False), (2, "food-10", False)]) == 1


def test_relic_card_beats_the_lead_example_1() -> None:
    # Rulebook example 1: the lead is an 8; a card of the Relic resource wins the trick.
    assert winner([(0, "fuel-8", False), (1, "water-2", False), (2, "fuel-9", False)]) == 1


def test_relic_one_beats_a_lead_ten_example_2() -> None:
    # Rulebook example 2: the lead is a 10; a 1 of the Relic resource wins.
    assert winner([(0, "fuel-10", False), (1, "water-1", False)]) == 1


def test_one_beats_ten_within_the_lead_resource() -> None:
    assert winner([(0, "food-10", False), (1, "food-1", False), (2, "food-6", False)]) == 1


def test_one_loses_to_two_through_nine() -> None:
    assert winner([(0, "food-1", False), (1, "food-2", False)], relic="fuel") == 1
    assert winner([(0, "food-9", False), (1, "food-1", False)], relic="fuel") == 0


def test_highest_relic_wins_among_relics() -> None:
    assert winner([(0, "fuel-3", False), (1, "water-4", False), (2, "water-7", False)]) == 2


def test_another_resource_cannot_win() -> None:
    assert winner([(0, "fuel-2", False), (1, "food-10", False), (2, "tools-9", False)]) == 0


def test_expedition_card_cannot_win_even_as_relic_example_note() -> None:
    # Rulebook note: a Water card is the Relic resource but was used for the Expedition.
    assert winner([(0, "fuel-5", False), (1, "water-9", True)]) == 0


def test_any_card_may_be_played_following() -> None:
    s = position(hands=HANDS4)
    s, _ = play(s, Play(card("fuel-8")))
    legal = GAME.legal(s)
    assert Play(card("food-3")) in legal  # another resource: a discard
    assert Play(card("fuel-9")) in legal
    assert Play(card("fuel-9"), True) in legal  # Expedition


def test_leader_cannot_go_on_expedition() -> None:
    s = position(hands=HANDS4)
    bad = Play(card("fuel-8"), True)
    assert bad not in GAME.legal(s)
    with pytest.raises(IllegalAction, match="Leader can't go on Expedition"):
        GAME.apply(s, bad)


def test_expedition_only_once_per_event() -> None:
    s = position(hands=HANDS4, expedition_used=[False, True, False, False])
    s, _ = play(s, Play(card("fuel-8")))
    assert all(not a.expedition for a in GAME.legal(s))
    with pytest.raises(IllegalAction, match="already been on Expedition"):
        GAME.apply(s, Play(card("fuel-9"), True))


def test_card_not_in_hand_is_rejected_and_state_unchanged() -> None:
    s = position(hands=HANDS4)
    before = GAME.fingerprint(s)
    with pytest.raises(IllegalAction, match="not in your hand"):
        GAME.apply(s, Play(card("tools-4")))
    assert GAME.fingerprint(s) == before


def full_trick(s, plays):  # noqa: ANN001, ANN201
    return play(s, *[Play(card(c), e) for c, e in plays])


def test_collect_counts_by_player_count() -> None:
    assert GAME.collect_counts(position(players=2), 0) == (1,)
    assert GAME.collect_counts(position(players=3), 0) == (1, 2)
    assert GAME.collect_counts(position(players=4), 0) == (1, 2)
    assert GAME.collect_counts(position(players=5), 0) == (2, 3)


def test_winner_collects_and_the_rest_go_to_the_expedition_deck() -> None:
    s = position(hands=HANDS4)
    s, _ = full_trick(s, [("fuel-8", False), ("fuel-9", False), ("tools-4", False),
                          ("food-5", False)])
    assert s.phase == "collect" and s.turn == 1
    legal = GAME.legal(s)
    assert {len(a.cards) for a in legal} == {1, 2}
    assert Collect(tuple(sorted(cards("fuel-8", "fuel-9", "tools-4")))) not in legal
    s, events = play(s, Collect(tuple(sorted(cards("fuel-8", "food-5")))))
    assert sorted(s.colonies[1]) == sorted(cards("fuel-8", "food-5"))
    assert sorted(s.exp_deck) == sorted(cards("fuel-9", "tools-4"))
    assert s.leader == 1 and s.turn == 1 and s.phase == "play"
    assert accounted(s) == list(range(40))
    assert "cards_collected" in [e.kind for e in events]


def test_the_winner_may_collect_a_card_played_for_an_expedition() -> None:
    """Ruling "Expedition cards in the trick" (docs/rules/frost-shelter.md): the card has no
    value but stays in the trick; collected or else sent to the Expedition deck."""
    s = position(hands=HANDS4)
    s, _ = full_trick(s, [("fuel-8", False), ("fuel-9", False), ("water-2", True),
                          ("food-5", False)])
    assert s.turn == 1
    assert Collect((card("water-2"),)) in GAME.legal(s)
    taken, _ = play(s, Collect((card("water-2"),)))
    assert taken.colonies[1] == [card("water-2")]
    left, _ = play(s, Collect((card("fuel-9"),)))
    assert card("water-2") in left.exp_deck


def test_expedition_player_draws_up_to_two_after_the_winner_collects() -> None:
    s = position(hands=HANDS4, exp_deck=cards("tools-9", "tools-8", "tools-7"))
    s.deck = [c for c in s.deck if c not in s.exp_deck]
    s, _ = full_trick(s, [("fuel-8", False), ("fuel-9", False), ("water-2", True),
                          ("food-5", False)])
    s, _ = play(s, Collect((card("fuel-9"),)))
    assert s.phase == "expedition" and s.turn == 2
    assert GAME.legal(s) == [Draw(0), Draw(1), Draw(2)]
    before = len(s.exp_deck)
    s, events = play(s, Draw(2))
    assert len(s.colonies[2]) == 2 and len(s.exp_deck) == before - 2
    assert events[0].chance
    assert s.leader == 1 and s.phase == "play"
    assert accounted(s) == list(range(40))


def test_expedition_draw_limited_by_deck_size() -> None:
    s = position(hands=HANDS4)
    s, _ = full_trick(s, [("fuel-8", False), ("fuel-9", False), ("water-2", True),
                          ("food-5", False)])
    # Winner takes 2 of the 4 cards: two go to the (empty) Expedition deck.
    s, _ = play(s, Collect(tuple(sorted(cards("fuel-9", "fuel-8")))))
    assert GAME.legal(s) == [Draw(0), Draw(1), Draw(2)]
    assert len(s.exp_deck) == 2


def test_bag_lets_an_expedition_draw_three_and_returns_to_market() -> None:
    s = position(hands=HANDS4, exp_deck=cards("tools-9", "tools-8", "tools-7"),
                 equipment={0: ["tarp-1"], 1: ["chest-1"], 2: ["bag-1"], 3: ["tarp-2"]})
    s.deck = [c for c in s.deck if c not in s.exp_deck]
    s, _ = full_trick(s, [("fuel-8", False), ("fuel-9", False), ("water-2", True),
                          ("food-5", False)])
    s, _ = play(s, Collect((card("fuel-9"),)))
    assert Draw(3) in GAME.legal(s)
    s, events = play(s, Draw(3))
    assert len(s.colonies[2]) == 3
    assert equip("bag-1") in s.market and s.equipment[2] == []


def test_sled_collects_one_more_and_is_spent() -> None:
    s = position(hands=HANDS4, equipment={0: ["tarp-1"], 1: ["sled-1"], 2: ["chest-1"],
                                          3: ["tarp-2"]})
    s, _ = full_trick(s, [("fuel-8", False), ("fuel-9", False), ("tools-4", False),
                          ("food-5", False)])
    assert GAME.collect_counts(s, 1) == (1, 2, 3)
    s, _ = play(s, Collect(tuple(sorted(cards("fuel-8", "fuel-9", "tools-4")))))
    assert len(s.colonies[1]) == 3 and equip("sled-1") in s.market


def test_two_players_winner_collects_exactly_one() -> None:
    s = position(players=2, hands={0: ["fuel-8", "fuel-1"], 1: ["fuel-9", "food-2"]})
    s, _ = full_trick(s, [("fuel-8", False), ("fuel-9", False)])
    assert {len(a.cards) for a in GAME.legal(s)} == {1}


def test_five_players_winner_collects_two_or_three() -> None:
    hands = {i: [f"food-{i + 1}", f"tools-{i + 1}"] for i in range(5)}
    s = position(players=5, hands=hands, relic="water")
    s, _ = full_trick(s, [(f"food-{i + 1}", False) for i in range(5)])
    assert s.turn == 4
    assert {len(a.cards) for a in GAME.legal(s)} == {2, 3}


def test_harpoon_before_the_first_trick_changes_the_relic() -> None:
    s, _ = GAME.new_game({"players": 3, "first_leader": 0}, 5)
    s = s.copy()
    s.equipment = [[equip("tarp-1")], [equip("harpoon-1")], [equip("chest-1")]]
    s.market = [e for e in range(14) if e not in (equip("tarp-1"), equip("harpoon-1"),
                                                    equip("chest-1"))]
    GAME._begin_harpoons(s, [])
    assert s.phase == "harpoon" and s.turn == 1
    legal = GAME.legal(s)
    assert Pass() in legal and len(legal) == 4  # pass, or any of the 3 other resources
    target = next(a for a in legal if a != Pass())
    s, events = play(s, target)
    assert s.relic == target.resource
    assert equip("harpoon-1") in s.market
    assert s.phase == "play" and s.turn == 0
    assert events[0].kind == "harpoon_used"


def test_trick_winner_leads_the_next_trick() -> None:
    s = position(hands=HANDS4)
    s, _ = full_trick(s, [("fuel-8", False), ("food-3", False), ("water-2", False),
                          ("fuel-10", False)])
    assert s.turn == 2  # the Relic (Water) won
    s, _ = play(s, Collect((card("water-2"),)))
    assert s.leader == 2 and s.turn == 2 and not s.trick


def test_the_prompt_names_a_relic_lead_once() -> None:
    # When the lead is of the Relic resource, "follow Water, play the Relic (Water)" says the
    # same thing twice: the prompt names it once.
    s = position(hands={0: ["water-2", "fuel-2"], 1: ["fuel-9", "food-3"]}, relic="water")
    s, _ = play(s, Play(card("water-2")))
    text = GAME.waiting_for(s)
    assert text == "{p1}: follow Water (the Relic) or play another resource; or go on Expedition"
    s = position(hands={0: ["fuel-8", "fuel-2"], 1: ["fuel-9", "food-3"]}, relic="water")
    s, _ = play(s, Play(card("fuel-8")))
    assert GAME.waiting_for(s).startswith("{p1}: follow Fuel, play the Relic (Water) or another")
