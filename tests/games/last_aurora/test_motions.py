"""What Last Aurora's events do on the table, in the engine's motion vocabulary."""

from __future__ import annotations

from frostdesk.engine.motion import HIDDEN, Changed, Flipped, Moved
from frostdesk.games.last_aurora.state import Attack, Move

from .helpers import G, new, stack_outcomes, turn, zone


def test_a_move_moves_the_convoy_between_miles_and_boarding_into_the_aurora() -> None:
    s = new(2, 2)
    seat = s.actor
    turn(s, "move", seat)
    s.order = [seat, 1 - seat]
    s.counters = []
    _, ev = G.apply(s, Move(3))
    moved = [m for e in ev for m in G.motions(e) if isinstance(m, Moved)]
    assert Moved(("convoy", seat), ("mile", 0), ("mile", 3)) in moved
    s.mile[seat] = 13
    s._legal = None
    _, ev = G.apply(s, Move(15))
    motions = [m for e in ev for m in G.motions(e)]
    assert Moved(("convoy", seat), ("mile", 15), ("aurora",)) in motions


def test_a_drawn_object_is_hidden_from_rivals() -> None:
    s = new(2, 2)
    ev: list = []
    G.draw_object(s, 0, ev)
    e = ev[0]
    own = G.motions(e.seen_by(0))
    other = G.motions(e.seen_by(1))
    assert own[0].piece[0] == "card" and own[0].target == ("hand", 0)
    assert other == [Moved(HIDDEN, ("pile", "objects"), ("hand", 0))]


def test_a_shot_flips_an_outcome_and_changes_the_enemy_damage_and_fame() -> None:
    s = new(2, 2)
    seat = s.actor
    zone(s, "087", None, None, None, None)
    turn(s, "fire", seat)
    stack_outcomes(s, "103")
    _, ev = G.apply(s, Attack(0, False, 0, 0))
    motions = [m for e in ev for m in G.motions(e)]
    assert Flipped(("outcome", "103"), True) in motions
    assert Changed(("edmg", 0), 2, 2) in motions
    assert Changed(("fame", seat), 1, 1) in motions
    assert Moved(("target", seat), ("targets", seat), ("box", 0, 0)) in motions
