"""What glows and which buttons appear come only from legal(): the selection model."""

from __future__ import annotations

from typing import Any

import pytest

from frostdesk.ai import make_agent
from frostdesk.engine.session import Seat, Session
from frostdesk.games import load_game
from frostdesk.games.frost_shelter.state import Buy, Collect, Defend, Pass, Play
from frostdesk.ui.games.frost_shelter.choices import Choices

pytestmark = pytest.mark.ui


def reach(phase: str, seed: int = 7, kind: type | None = None) -> tuple[Any, Any]:
    """Play a 4-player bot game until seat 0 must act in `phase` with a choice (of `kind`)."""
    g = load_game("frost-shelter")
    s = Session.new(g, {}, seed=seed, seats=[Seat(f"P{i}", "bot") for i in range(4)])
    agents = [make_agent(g, "heuristic", i) for i in range(4)]
    while s.to_move() is not None:
        seat = s.to_move()
        legal = g.legal(s.state)
        if seat == 0 and s.state.phase == phase and len(legal) > 1 and (
                kind is None or any(isinstance(a, kind) for a in legal)):
            return g, s
        s.apply(agents[seat].choose(g, g.view(s.state, seat), legal, seat))
    raise AssertionError(f"seat 0 never had a choice in {phase}")


def choices(g: Any, s: Any) -> Choices:
    return Choices(g, g.view(s.state, 0), list(g.legal(s.state)), 0, lambda i: f"P{i}",
                   lambda a: g.why_illegal(s.state, a))


def test_every_hand_card_glows_when_playing_and_expedition_switches_the_set() -> None:
    g, s = reach("play")
    ch = choices(g, s)
    plain = ch.card_targets(frozenset(), expedition=False)
    assert plain == {a.card for a in g.legal(s.state) if isinstance(a, Play) and not a.expedition}
    exp = ch.card_targets(frozenset(), expedition=True)
    assert exp == {a.card for a in g.legal(s.state) if isinstance(a, Play) and a.expedition}
    assert not ch.selects and ch.buttons(frozenset()) == []


def test_collecting_glows_trick_cards_and_confirms_only_exact_legal_sets() -> None:
    g, s = reach("collect")
    ch = choices(g, s)
    trick = {c for _, c, _ in s.state.trick}
    assert ch.selects and ch.select_zone == "trick"
    assert ch.card_targets(frozenset()) == trick
    card = min(trick)
    assert [b.action for b in ch.buttons(frozenset({card})) if b.primary] == [Collect((card,))]
    waiting = [b for b in ch.buttons(frozenset()) if b.primary]
    assert [(b.label, b.enabled, b.action) for b in waiting] == [("Collect", False, None)]
    assert "Collect" in ch.prompt(frozenset())


def test_defending_offers_one_button_per_matching_requirement_and_a_pass() -> None:
    g, s = reach("resolve", seed=3, kind=Defend)
    ch = choices(g, s)
    a = next(a for a in g.legal(s.state) if isinstance(a, Defend))
    sel = frozenset(a.cards[:-1])
    assert a.cards[-1] in ch.card_targets(sel)
    exact = ch.buttons(frozenset(a.cards))
    assert any(b.action == a and b.primary for b in exact)
    assert any(isinstance(b.action, Pass) and b.label == "Done defending" for b in exact)
    req = g.content.events[s.state.event].requirements[a.requirement]
    assert ch.action_label(a).startswith(f"Defend −{req.defends}")


def test_buying_marks_the_market_items_the_selection_can_still_pay_for() -> None:
    g, s = reach("buy")
    ch = choices(g, s)
    buys = [a for a in g.legal(s.state) if isinstance(a, Buy)]
    types = {g.content.equipment_type_of[a.equipment] for a in buys}
    assert ch.market_targets(frozenset()) == types
    a = buys[0]
    t = g.content.equipment_type_of[a.equipment]
    exact = ch.matching(frozenset(a.cards), t)
    assert len(exact) == 1 and isinstance(exact[0], Buy)
    assert g.content.equipment_type_of[exact[0].equipment] == t
