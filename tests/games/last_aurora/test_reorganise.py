"""RS2, Reorganise: moving tokens between cells in your Rest turn (cargo.py; rulings
"Reorganising cargo" and "When the Rest turn is offered" in docs/rules/last-aurora.md)."""

from __future__ import annotations

import pytest

from frostdesk.engine.game import IllegalAction
from frostdesk.games.last_aurora.bots import HeuristicAgent
from frostdesk.games.last_aurora.state import Pass, Rest, Shift, State
from tests.games.last_aurora.helpers import G, idx, new, turn, zone

# The start convoy (seed 1; seat x's cards are 063 + x and 067 + x): the truck (W2, A, C,
# C:fuel) holds a Survivor token (0v2) and Fuel (0v3); the container (C, C, C, C:food/ammo)
# a Survivor token (1v0), Ammo (1v1), nothing (1v2) and Food (1v3).


def rest_turn(seed: int = 1) -> tuple[State, int]:
    s = new(2, seed)
    seat = s.actor
    turn(s, "rest", seat)
    return s, seat


def tokens(s: State, seat: int) -> list[list[str]]:
    return [list(col[0][2]) for col in s.convoy[seat] if col[0] is not None]


def test_rs2_a_token_moves_into_a_free_cell_that_takes_it() -> None:
    s, seat = rest_turn()
    assert tokens(s, seat) == [["", "", "surv", "fuel"], ["surv", "ammo", "", "food"]]
    s, events = G.apply(s, Shift("0v3", "1v2"))
    assert tokens(s, seat) == [["", "", "surv", ""], ["surv", "ammo", "fuel", "food"]]
    shifted = [e for e in events if e.kind == "shifted"]
    assert shifted and shifted[0].data == {"seat": seat, "token": "fuel", "source": "0v3",
                                           "target": "1v2",
                                           "from_card": f"{63 + seat:03}",
                                           "to_card": f"{67 + seat:03}"}
    assert "moves 1 Fuel from Truck C:fuel to Container C" in shifted[0].text
    # free and any number of times: the turn stays yours, the Rest still to come
    assert s.phase == "rest" and s.actor == seat
    s, _ = G.apply(s, Shift("1v2", "0v3"))
    assert tokens(s, seat)[0][3] == "fuel"


def test_rs2_a_survivor_token_goes_only_to_a_plain_cargo_cell() -> None:
    s, seat = rest_turn()
    s, _ = G.apply(s, Shift("0v3", "1v2"))  # the truck's C:fuel is now free
    assert Shift("0v2", "0v3") not in G.legal(s)
    with pytest.raises(IllegalAction, match="plain cargo cell"):
        G.apply(s, Shift("0v2", "0v3"))
    assert Shift("1v0", "0v3") not in G.legal(s)


@pytest.mark.parametrize(("target", "why"), [
    ("0v0", "weapon cell holds no token"),
    ("0v1", "Armor holds only Damage"),
    ("1v1", "already holds Ammo"),
    ("1v3", "already holds Food"),
    ("0v9", "Name two cells of your own convoy"),
])
def test_rs2_cells_that_cannot_take_the_token_are_refused_with_a_reason(
        target: str, why: str) -> None:
    s, _ = rest_turn()
    before = G.fingerprint(s)
    with pytest.raises(IllegalAction, match=why):
        G.apply(s, Shift("0v3", target))
    assert G.fingerprint(s) == before


def test_rs2_a_named_cell_takes_only_its_resources_and_a_damaged_cell_nothing() -> None:
    s, seat = rest_turn()
    s, _ = G.apply(s, Shift("1v3", "1v2"))  # the Food leaves the C:food/ammo cell
    with pytest.raises(IllegalAction, match="takes only Food or Ammo"):
        G.apply(s, Shift("0v3", "1v3"))
    assert Shift("1v1", "1v3") in G.legal(s)  # Ammo fits there
    slot = G.cv(s, seat)[1][0]
    assert slot is not None
    slot[1][3] = 1  # the C:food/ammo cell takes a Damage counter
    s._legal = None
    with pytest.raises(IllegalAction, match="damaged cell holds nothing"):
        G.apply(s, Shift("1v1", "1v3"))


def test_rs2_only_in_your_rest_turn() -> None:
    s = new(2, 1)
    assert s.phase == "explore"
    with pytest.raises(IllegalAction, match="only in your own Rest turn"):
        G.apply(s, Shift("0v3", "1v2"))


def test_rs2_alike_cells_are_one_choice_and_a_click_on_any_finds_it() -> None:
    s, seat = rest_turn()
    slot = G.cv(s, seat)[1][0]
    assert slot is not None
    slot[2] = ["surv", "", "", "food"]  # two free C cells on the container
    s._legal = None
    shifts = [a for a in G.legal(s) if isinstance(a, Shift)]
    assert Shift("0v3", "1v1") in shifts and Shift("0v3", "1v2") not in shifts
    assert G.cargo.canonical(s, seat, Shift("0v3", "1v2")) == Shift("0v3", "1v1")
    # a move to a cell just like the token's own is no move
    assert not any(a.source == "1v0" and a.target in ("1v1", "1v2") for a in shifts)
    with pytest.raises(IllegalAction, match="changes nothing"):
        G.apply(s, Shift("1v0", "1v2"))
    assert G.parse_action("shift 0v3 1v2") == Shift("0v3", "1v2")
    assert G.action_text(Shift("0v3", "1v2")) == "shift 0v3 1v2"
    with pytest.raises(ValueError):
        G.parse_action("shift 0v3")


def test_rs2_moving_a_token_out_of_an_area_protects_it_from_damage() -> None:
    s, seat = rest_turn()
    slot = G.cv(s, seat)[0][0]
    assert slot is not None
    slot[2] = ["", "", "fuel", "fuel"]  # the truck: W2, A, C (Fuel), C:fuel (Fuel)
    s._legal = None
    hit = s.copy()
    G.damage(hit, seat, "FRONT", 2, [])  # the armor, then the Fuel in the plain cell
    assert G.count(hit, seat, "fuel") == 1
    s, _ = G.apply(s, Shift("0v2", "1v2"))
    G.damage(s, seat, "FRONT", 2, [])  # the armor, then the empty plain cell
    assert G.count(s, seat, "fuel") == 2


def pass_to_rest(seed: int) -> State:
    s = new(2, seed)
    s, _ = G.apply(s, Pass())
    s, _ = G.apply(s, Pass())
    return s


def test_rs2_the_rest_turn_is_offered_when_a_move_is_possible() -> None:
    s = pass_to_rest(4)
    assert s.phase == "rest"
    legal = G.legal(s)
    assert Rest(()) in legal and any(isinstance(a, Shift) for a in legal)
    s, _ = G.apply(s, Rest(()))  # one click ends it
    assert s.phase == "rest" and G.legal(s)
    s, _ = G.apply(s, Rest(()))
    assert s.phase == "move"


def test_rs2_a_rest_turn_with_nothing_to_feed_and_no_move_is_skipped() -> None:
    s = new(2, 4)
    for seat in range(2):
        for col in G.cv(s, seat):  # every free cargo cell filled: no token can move
            slot = col[0]
            assert slot is not None
            slot[2] = [t or ("food" if G.code(slot, k) in ("C", "C:food/ammo") else
                             "fuel" if G.code(slot, k) == "C:fuel" else "")
                       for k, t in enumerate(slot[2])]
    s._legal = None
    assert not G.cargo.shifts(s, 0) and not G.cargo.shifts(s, 1)
    s, _ = G.apply(s, Pass())
    s, _ = G.apply(s, Pass())
    assert s.phase == "move"


def bay_leader() -> tuple[State, int]:
    """A leader in the Bay with the Wolf Mother there (leaders: 2 Damage to FRONT)."""
    s, seat = rest_turn()
    other = 1 - seat
    s.aurora = 21
    s.mile[seat], s.mile[other] = 16, 10
    zone(s, "092", None, None, None, None)
    slot = G.cv(s, seat)[0][0]
    assert slot is not None
    slot[2] = ["", "", "fuel", "fuel"]
    s._legal = None
    assert s.zone[0] == idx("092")
    return s, seat


def test_heuristic_moves_fuel_out_of_the_front_the_ambush_hits() -> None:
    s, seat = bay_leader()
    bot = HeuristicAgent(G, 1)
    view = G.view(s, seat)
    a = bot.choose(G, view, G.legal(s), seat)
    assert isinstance(a, Shift) and a.source == "0v2"
    hint = bot.explain(view, a, seat)
    assert hint.startswith("Move 1 Fuel from Truck C to ") and "2 to FRONT" in hint
    s, _ = G.apply(s, a)
    # then nothing more is worth moving: it rests
    view = G.view(s, seat)
    assert isinstance(bot.choose(G, view, G.legal(s), seat), Rest)


def test_heuristic_does_not_reorganise_without_a_threat() -> None:
    s, seat = bay_leader()
    zone(s, None, None, None, None, None)
    bot = HeuristicAgent(G, 1)
    view = G.view(s, seat)
    a = bot.choose(G, view, G.legal(s), seat)
    assert isinstance(a, Rest)
    assert "nobody needs feeding" in bot.explain(view, a, seat)


def test_the_hard_bot_reorganises_by_the_same_rule_and_says_why() -> None:
    from frostdesk.games.last_aurora.bots import _mcts

    s, seat = bay_leader()
    bot = _mcts(G, 1, budget_ms=None, iterations=4)
    view = G.view(s, seat)
    a = bot.choose(G, view, G.legal(s), seat)
    assert isinstance(a, Shift) and a.source == "0v2"
    assert "2 to FRONT" in bot.explain(view, a, seat)
