"""Frost Shelter's trick while it is played and collected (issue 10, item 9): the table never
shows a state that is not true yet, and it shows which card is winning."""

from __future__ import annotations

from typing import Any

import pytest

from frostdesk.engine.session import Seat
from frostdesk.games.frost_shelter.state import Collect

pytestmark = pytest.mark.ui

BOTS = [Seat("Bot Aster", "bot", "heuristic"), Seat("Bot Boreal", "bot", "heuristic")]


def _play_until(t: Any, done: Any, limit: int = 200) -> None:
    """Play the first legal move for the person until `done()` (bots answer at once)."""
    c = t.controller
    for _ in range(limit):
        t.wait_turn()
        if done():
            return
        assert not c.is_over()
        c.request(c.legal()[0])
    raise AssertionError("never got there")


def _trick_items(t: Any) -> dict[int, Any]:
    return {key[1]: item for key, item in t.screen.scene.items_by_key.items()
            if key[0] == "card" and item.data.get("caption") is not None}


@pytest.mark.gui
def test_the_card_winning_the_trick_so_far_is_marked_while_it_is_played(
        make_table: Any) -> None:
    t = make_table()
    c = t.controller
    c.new_game("frost-shelter", [Seat("Ana")] + BOTS, seed=3)
    seen = 0
    for _ in range(40):  # several tricks, so the mark moves from card to card
        _play_until(t, lambda: c.session.state.phase == "play" and bool(c.session.state.trick))
        s = c.session.state
        best = c.game.leading(s.trick, s.relic)
        marked = {card for card, item in _trick_items(t).items() if item.data.get("winning")}
        assert marked == {best}, (s.trick, marked)
        seen += 1
        c.request(c.legal()[0])
        if seen >= 6:
            break
    assert seen >= 6


@pytest.mark.gui
def test_collecting_keeps_the_lead_and_the_places_until_the_cards_have_flown(
        make_table: Any) -> None:
    """While the collected cards fly, the card left in the trick neither takes the LEAD tag
    nor moves, and the heading keeps the suit that was led; the winner's banner stays until
    the trick is cleared."""
    t = make_table()
    c = t.controller
    c.new_game("frost-shelter", [Seat("Ana")] + BOTS, seed=3)

    def my_collect_with_choice() -> bool:
        s = c.session.state
        if s.phase != "collect" or s.turn != 0:
            return False
        return any(isinstance(a, Collect) and s.trick[0][1] in a.cards
                   and len(a.cards) < len(s.trick) for a in c.legal())

    _play_until(t, my_collect_with_choice, limit=400)
    s = c.session.state
    lead_card = s.trick[0][1]
    lead = c.game.res[lead_card]
    action = next(a for a in c.legal() if isinstance(a, Collect) and lead_card in a.cards
                  and len(a.cards) < len(s.trick))
    rest = [card for _, card, _ in s.trick if card not in action.cards]
    zone = t.screen.scene.items_by_key[("zone", "trick")]
    before = {card: item.pos() for card, item in _trick_items(t).items()}
    assert zone.data["lead"] == lead and zone.data["winner"]

    t.screen.settings.animation_speed = "normal"
    c.request(action)
    animator = t.screen.animator
    t.qtbot.wait(120)
    assert animator.busy  # the collected cards are flying now (a step takes 300 ms)
    items = _trick_items(t)
    for card in rest:
        assert not items[card].data.get("lead"), "the card left over took the LEAD tag"
        assert items[card].pos() == before[card], "the card left over slid to another place"
    assert zone.data["lead"] == lead, "the heading switched suit while the cards flew"
    assert zone.data["winner"], "the winner's banner went before the trick was cleared"
    t.qtbot.waitUntil(lambda: not animator.busy, timeout=15000)
    assert zone.data["lead"] is None and not zone.data["winner"]  # cleared, and so it says
