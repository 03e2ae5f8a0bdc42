"""Undo stops at a reveal, a roll or a legend card (design brief, section 5): the actions whose
events turn up a snow token, roll dice or read a card are barriers; a plain walk is not."""

from __future__ import annotations

from frostdesk.engine.session import Seat, Session
from frostdesk.games.andor_eternal_frost.bots import HeuristicCrew
from frostdesk.games.andor_eternal_frost.state import Fight, Move

from .helpers import GAME, empty, play, put


def test_a_walk_can_be_taken_back_and_a_roll_cannot() -> None:
    session = Session.new(GAME, {"legend": "l1", "heroes": "warrior,wizard"}, 1,
                          [Seat("Ana"), Seat("Ana")])
    s = session.state
    quiet = next(a for a in GAME.legal(s) if isinstance(a, Move) and a.to not in s.snow)
    session.apply(quiet)
    assert not session.records[-1].chance
    assert session.undo_point(session.records[-1].seat) == 0


def test_the_events_that_bar_undo() -> None:
    s = empty("warrior,wizard", at=10)
    s.snow = {11: ["storm", False]}
    _, ev = play(s, Move(11))
    assert any(e.kind == "snow_revealed" and e.chance for e in ev)
    s = empty("warrior,wizard", at=10)
    put(s, "gor", 10)
    _, ev = play(s, Fight(()))
    assert any(e.kind == "rolled" and e.chance for e in ev)


def test_a_legend_card_read_after_an_action_bars_undo() -> None:
    """The crew plays legend 1 until an action makes the narrator reach a starred letter."""
    s, _ = GAME.new_game({"players": 2}, 4)
    crew = HeuristicCrew(GAME)
    for _ in range(2000):
        s, ev = GAME.apply(s, crew.decide(s, GAME.legal(s))[0])
        cards = [e for e in ev if e.kind == "card"]
        if cards:
            assert all(e.chance for e in cards)
            return
    raise AssertionError("no legend card was read")
