"""The optional Mine, card 111 (mine.py; "The optional Mine" and its rulings in
docs/rules/last-aurora.md)."""

from __future__ import annotations

from typing import Any

import pytest

from frostdesk.engine.game import IllegalAction
from frostdesk.games.last_aurora.bots import HeuristicAgent
from frostdesk.games.last_aurora.description import options_problem, options_text, setup_options
from frostdesk.games.last_aurora.state import Move, Pick, State
from tests.games.last_aurora.helpers import G, new, turn

MINE = G.mine.card


def mined_game(n: int = 2, seed: int = 1, holder: int = 0) -> State:
    """A game with the Mine on, its card in `holder`'s hand, `holder` to move from mile 0."""
    s = G.new_game({"players": n, "mine": True}, seed)[0]
    if MINE in s.odeck:
        s.odeck.remove(MINE)
    s.objects[holder].append(MINE)
    turn(s, "move", holder)
    s.passed = [False] * len(s.mile)
    return s


def test_mine_joins_the_object_deck_only_with_its_option() -> None:
    on = G.new_game({"players": 3, "mine": True}, 5)[0]
    off = new(3, 5)
    assert MINE in on.odeck and MINE not in off.odeck
    assert len(on.odeck) == len(off.odeck) + 1 == 15
    assert on.mines == [] and off.mines is None


def test_mine_option_enters_the_ruleset_hash_and_the_options_words() -> None:
    base = G.ruleset_hash_for({"players": 2})
    assert G.ruleset_hash_for({"players": 2, "mine": False}) == base
    assert G.ruleset_hash_for({"players": 2, "mine": True}) != base
    assert setup_options({"players": 2, "mine": False}) == {"players": 2}
    assert setup_options({"players": 2, "mine": True})["mine"] is True
    assert "The Mine" in options_text({"mine": True}, 2)
    assert options_problem({"mine": "maybe"}) == \
        "The Mine is on or off (mine=true or mine=false), not 'maybe'."
    with pytest.raises(ValueError, match="on or off"):
        G.new_game({"players": 2, "mine": "maybe"}, 1)


def test_mine_a_base_game_fingerprints_as_before() -> None:
    s = new(2, 1)
    t = G.new_game({"players": 2, "mine": True}, 1)[0]
    assert len(t.fields()) == len(s.fields()) + 4  # its own fields count only with it on


def test_mine_its_holder_is_asked_after_moving_for_a_space_passed() -> None:
    s = mined_game()
    s, events = G.apply(s, Move(3))  # passed miles 1 (a Special Waypoint) and 2
    assert s.phase == "choose" and s.pending[0] == "mine"
    assert G.legal(s) == [Pick(0), Pick(2)]
    assert G.pick_text(s, 2) == "Mine mile 2" and G.pick_text(s, 0) == "No mine"
    s, events = G.apply(s, Pick(2))
    assert s.mines == [[2, 0]] and s.mine_used == 1 and MINE in s.objects[0]
    laid = next(e for e in events if e.kind == "mine_laid")
    assert laid.data == {"seat": 0, "mile": 2, "left": 1}
    assert "lays a mine on mile 2" in laid.text


def test_mine_no_question_without_the_card_or_a_space_or_twice_a_movement() -> None:
    s = mined_game()
    s.objects[0].remove(MINE)
    s, _ = G.apply(s, Move(3))
    assert s.phase == "move"  # no card: no question
    s = mined_game()
    s, _ = G.apply(s, Move(1))  # nothing passed
    assert s.phase == "move"
    s = mined_game()
    s.mine_done = s.round  # already used this Movement
    s, _ = G.apply(s, Move(3))
    assert s.phase == "move"


def test_mine_the_next_convoy_entering_stops_there_and_takes_2_front() -> None:
    s = mined_game()
    s, _ = G.apply(s, Move(3))
    s, _ = G.apply(s, Pick(2))
    turn(s, "move", 1)
    s.mile[1] = 0
    reach = [a.to for a in G.legal(s) if isinstance(a, Move)]
    assert 2 in reach and 3 not in reach  # the mine ends any move that enters it
    with pytest.raises(IllegalAction):
        G.apply(s, Move(3))
    before = G.damage_count(s, 1)
    s, events = G.apply(s, Move(2))
    assert s.mile[1] == 2 and s.mines == []
    hit = next(e for e in events if e.kind == "mine_hit")
    assert hit.data == {"seat": 1, "mile": 2, "owner": 0}
    damaged = next(e for e in events if e.kind == "damaged")
    assert damaged.data["area"] == "FRONT" and damaged.data["n"] == 2
    assert G.damage_count(s, 1) == before + 2


def test_mine_a_convoy_already_on_the_space_leaves_freely() -> None:
    s = mined_game()
    s.mines = [[2, 0]]
    turn(s, "move", 1)
    s.mile[1] = 2
    s, _ = G.apply(s, Move(4))
    assert s.mile[1] == 4 and s.mines == [[2, 0]]


def test_mine_the_card_goes_after_its_second_counter_and_two_at_most_lie_out() -> None:
    s = mined_game()
    s.mine_used = 1
    s, _ = G.apply(s, Move(3))
    s, events = G.apply(s, Pick(2))
    assert MINE not in s.objects[0] and MINE in s.odisc and s.mine_used == 0
    assert any(e.kind == "object_discarded" and e.data["card"] == "111" for e in events)
    s = mined_game()
    s.mines = [[9, 1], [12, 1]]  # both counters out: no third
    s, _ = G.apply(s, Move(3))
    assert s.phase == "move"


def test_mine_never_on_a_waypoint_and_a_shortcut_passes_no_miles() -> None:
    s = mined_game()
    s.mile[0] = 12
    s.aurora = 17
    s, _ = G.apply(s, Move(15))  # passed 13 (a Special Waypoint) and 14 (a wreck)
    assert G.legal(s) == [Pick(0), Pick(14)]
    s = mined_game()
    s.chains = [True, False]  # Snow Chains: the shortcut 2 -> 5 counts as one step
    s.mile[0] = 2
    s, _ = G.apply(s, Move(7))  # 2 -> 5 -> 6 -> 7: passed 5 (☢) and 6 (a waypoint)
    assert G.legal(s) == [Pick(0), Pick(5)]


def test_mine_stops_the_automa_and_hurts_it() -> None:
    s = G.new_game({"players": 1, "mine": True}, 3)[0]
    automa = s.n
    s.mines = [[2, 0]]
    s.mile[automa] = 0
    s.aspeed = 4
    before = s.admg
    events: list = []
    s.passed = [False] * len(s.mile)
    s.phase = "move"
    G.automa.move(s, events)
    assert s.mile[automa] == 2 and s.mines == [] and s.admg == before + 2
    assert any(e.kind == "mine_hit" and e.data["seat"] == automa for e in events)


def test_heuristic_lays_the_mine_where_the_most_rivals_must_pass() -> None:
    s = mined_game(3)
    s.mile = [0, 0, 4]
    s.mile[0] = 8
    s.mine_offer = []
    s.phase, s.pending, s.actor = "choose", ["mine", "next", "move", [0, 2, 5, 7]], 0
    s._legal = None
    bot = HeuristicAgent(G, 1)
    view = G.view(s, 0)
    pick = bot.choose(G, view, G.legal(s), 0)
    assert pick == Pick(5)  # both rivals (miles 0 and 4) must pass 5; 7 is further on
    assert "2 rival convoys behind you must pass it" in bot.explain(view, pick, 0)
    s.mile = [8, 8, 8]
    s._legal = None
    assert bot.choose(G, G.view(s, 0), G.legal(s), 0) == Pick(0)


def test_mine_is_asked_before_the_object_limit_so_it_can_be_used_first() -> None:
    s = mined_game()
    toolkit, jerrycan = (G.content.by_id(x).index for x in ("075", "077"))
    s.objects[0] += [toolkit, jerrycan]
    for card in (toolkit, jerrycan):
        if card in s.odeck:
            s.odeck.remove(card)
    assert 3 in s.wrecks
    s, _ = G.apply(s, Move(3))  # the wreck on mile 3 gives a 4th Object
    assert len(s.objects[0]) == 4
    assert s.pending[0] == "mine" and G.legal(s) == [Pick(0), Pick(2)]
    s, _ = G.apply(s, Pick(2))
    assert s.mines == [[2, 0]]
    assert s.phase == "choose" and s.pending[0] == "object_limit"


def test_the_automa_never_lays_the_mine_it_draws() -> None:
    s = G.new_game({"players": 1, "mine": True}, 3)[0]
    s.odeck.remove(MINE)
    s.aobjects.append(MINE)
    s.mile[s.n] = 0
    s.passed = [False] * len(s.mile)
    s.phase = "move"
    events: list = []
    G.automa.move(s, events)
    assert s.mile[s.n] > 1 and s.mines == [] and not s.mine_offer
    assert not any(e.kind == "mine_laid" for e in events)


def test_a_game_with_the_mine_saves_and_loads_with_its_option_and_hash(tmp_path: Any) -> None:
    from frostdesk.engine.session import Seat, Session

    session = Session.new(G, {"mine": True}, 4, [Seat("Ana"), Seat("Ben")])
    bot = HeuristicAgent(G, 4)
    for _ in range(60):
        s = session.state
        seat = G.to_move(s)
        assert seat is not None
        session.apply(bot.choose(G, G.view(s, seat), G.legal(s), seat))
    path = tmp_path / "mine.frostdesk"
    session.save(path)
    data = path.read_text()
    assert '"mine": true' in data and G.ruleset_hash_for({"mine": True}) in data
    loaded = Session.load(path)
    assert loaded.options.get("mine") is True
    assert G.fingerprint(loaded.state) == G.fingerprint(session.state)
    assert loaded.state.mines is not None


def mine_on_radiation(named: int, order: tuple[int, int] = (0, 1)) -> tuple[State, int]:
    """Convoy 1 drives from mile 3 onto a mine on mile 5, a radiation space, naming survivor
    `named` for its Contamination; its truck's W2 and armor are already damaged and no cargo
    cell is free, so the mine's Damage kills the lower-valued survivor (the Co-pilot)."""
    s = G.new_game({"players": 2, "mine": True}, 1)[0]
    seat = 1
    turn(s, "move", seat)
    s.passed = [False] * len(s.mile)
    s.mile = [0, 3]
    s.mines = [[5, 0]]
    s.surv[seat] = [s.surv[seat][i] for i in order]
    s.convoy[seat][0][0][1] = [1, 1, 0, 0]
    s.convoy[seat][1][0][2][2] = "ammo"
    s._legal = None
    after, _ = G.apply(s, Move(5, cont=named))
    return after, seat


def test_ruling_the_survivor_named_for_a_mined_radiation_space_takes_its_counter() -> None:
    """Ruling "The Mine's counters": the mine's Damage may kill a survivor before the space's
    Contamination lands; the survivor you named takes it if alive (its place in the list may
    have moved), else the one the rules pick. (It used to read the old place: a crash.)"""
    after, seat = mine_on_radiation(named=1, order=(1, 0))  # [Co-pilot, Leader]: name the Leader
    assert [(G.cards[x[0]].name, x[2]) for x in after.surv[seat]] == [("Leader", 1)]
    after, seat = mine_on_radiation(named=1)  # the Co-pilot, named, dies in the wreckage
    assert [(G.cards[x[0]].name, x[2]) for x in after.surv[seat]] == [("Leader", 1)]
