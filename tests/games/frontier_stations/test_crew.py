"""The planning crew (Hard): legal moves only, its view only, the same choice for the same
seed, selectable by name and as a level, and a hint that quotes what it weighed."""

from __future__ import annotations

import random

import pytest

from frostdesk.ai import make_agent
from frostdesk.ai.levels import bot_for_level, level_name
from frostdesk.engine import rng
from frostdesk.engine.registry import get
from frostdesk.games.frontier_stations.bots import HeuristicAgent
from frostdesk.games.frontier_stations.playout import Playout
from frostdesk.games.frontier_stations.search import STEPS, PlanningCrew
from frostdesk.games.frontier_stations.state import Action, Done, Roll, State

from .helpers import GAME


def decisions(seed: int, players: int = 4, limit: int = 400):
    """(full state, seat) at every decision with more than one choice of a heuristic game."""
    crew = [HeuristicAgent(GAME, seed * 8 + i) for i in range(players)]
    s, _ = GAME.new_game({"players": players}, seed)
    out = []
    while (seat := GAME.to_move(s)) is not None and len(out) < limit:
        legal = GAME.legal(s)
        if len(legal) > 1:
            out.append((s, seat))
        view = GAME.view(s, seat)
        s, _ = GAME.apply(s, crew[seat].choose(GAME, view, GAME.legal(view), seat))
    return out


def weighed_decision(seed: int = 3) -> tuple[State, int]:
    """A purchase where the crew weighs several choices and the danger differs between them."""
    for s, seat in decisions(seed):
        if s.phase != "purchase":
            continue
        crew = PlanningCrew(GAME, 5, worlds=2)
        view = GAME.view(s, seat)
        crew.choose(GAME, view, GAME.legal(view), seat)
        if len(crew.last) > 2 and len({w.lived for w in crew.last}) > 1:
            return s, seat
    raise AssertionError("no purchase whose choices fared differently in this game")


def test_the_crew_only_plays_legal_moves_through_a_whole_game() -> None:
    crew = [PlanningCrew(GAME, 11 + i, worlds=1, playouts=2, width=2, phases=STEPS)
            for i in range(3)]
    s, _ = GAME.new_game({"players": 3}, 77)
    moves = 0
    while (seat := GAME.to_move(s)) is not None:
        view = GAME.view(s, seat)
        legal = GAME.legal(view)
        action = crew[seat].choose(GAME, view, legal, seat)
        assert action in GAME.legal(s), (s.phase, action)
        s, _ = GAME.apply(s, action)
        moves += 1
    assert s.phase == "over" and moves > 30


def test_two_states_alike_in_the_crews_view_get_the_same_choice() -> None:
    s, seat = weighed_decision()
    other = s.copy()
    # what the crew cannot see: the order of the decks, the cards set aside, the dice to come
    r = rng.seed_state(99)
    other.early, r = rng.shuffled(r, other.early + other.early_out)
    other.early, other.early_out = other.early[:len(s.early)], other.early[len(s.early):]
    other.late, r = rng.shuffled(r, other.late)
    other.sdeck, r = rng.shuffled(r, other.sdeck)
    other.rng = r
    assert (other.early, other.sdeck) != (s.early, s.sdeck)
    assert GAME.fingerprint(GAME.view(other, seat)) == GAME.fingerprint(GAME.view(s, seat))
    # given the whole state rather than its view, it still decides from what it may see
    picks = []
    for state in (s, other):
        crew = PlanningCrew(GAME, 21, worlds=3)
        picks.append((crew.choose(GAME, state, GAME.legal(state), seat),
                      [(w.action, w.lived, w.won) for w in crew.last]))
    assert picks[0] == picks[1]


def test_the_choice_is_the_same_for_the_same_seed() -> None:
    s, seat = weighed_decision()
    view = GAME.view(s, seat)
    seen = []
    for _ in range(2):
        crew = PlanningCrew(GAME, 8, worlds=3)
        action = crew.choose(GAME, view, GAME.legal(view), seat)
        seen.append((action, [(w.action, w.lived, w.won, w.score) for w in crew.last]))
    assert seen[0] == seen[1]
    # the seed is what the sampled worlds come from: another seed samples other draws
    others = set()
    for seed in range(6):
        crew = PlanningCrew(GAME, 100 + seed, worlds=1)
        crew.choose(GAME, view, GAME.legal(view), seat)
        others.add(tuple((w.action, w.lived) for w in crew.last))
    assert len(others) > 1


def test_the_crew_weighs_the_heuristics_best_choices_by_how_the_game_ends() -> None:
    s, seat = weighed_decision()
    view = GAME.view(s, seat)
    legal = GAME.legal(view)
    crew = PlanningCrew(GAME, 4, worlds=2, width=3)
    action = crew.choose(GAME, view, legal, seat)
    ranked = list(HeuristicAgent(GAME).ranked(view, legal))
    weighed = [w.action for w in crew.last]
    assert set(weighed) == set(ranked[:3]) | {Done()}
    assert action == crew.last[0].action == max(crew.last, key=lambda w: w.score).action
    for w in crew.last:
        assert 0.0 <= w.won <= w.lived <= 1.0
        assert w.score == pytest.approx(w.lived + w.prior / crew.prior_tokens)
    # the playouts decide: with the heuristic's values all but ignored, the most turns lived
    blind = PlanningCrew(GAME, 4, worlds=2, width=3, prior_tokens=1e9)
    chosen = blind.choose(GAME, view, legal, seat)
    assert chosen == max(blind.last, key=lambda w: (w.lived, -weighed.index(w.action))).action


def test_a_playout_is_won_with_nothing_left_to_fear_and_lost_with_nothing_to_pay() -> None:
    s, _ = GAME.new_game({"players": 3}, 12)
    while s.phase != "roll" or s.turn < 5:
        s, _ = GAME.apply(s, HeuristicAgent(GAME).ranked(s, GAME.legal(s))[0])
    calm = s.copy()
    calm.areas = [[] for _ in calm.areas]
    calm.early, calm.late = [], []
    assert Playout(GAME).run(calm, random.Random(1)) == 1.0  # the last roll wakes nothing
    broke = s.copy()
    broke.res = [[0] * 5 for _ in broke.res]
    broke.beacons = 0
    hungry = next(t.index for t in GAME.threats if not t.reinforcements and t.consume)
    broke.areas[0].append([hungry, 1, 1])
    playout = Playout(GAME)
    playout.on[hungry] = frozenset(range(1, 13))  # it wakes on any roll, and nobody can pay
    assert playout.run(broke, random.Random(1)) == 0.0
    value = Playout(GAME).run(s, random.Random(3))  # the share of the turns left
    assert 0.0 <= value <= 1.0


def test_the_crew_is_known_by_name_and_as_a_level() -> None:
    assert isinstance(make_agent(GAME, "planner", 1), PlanningCrew)
    crew = make_agent(GAME, "planner@2", 1)
    assert isinstance(crew, PlanningCrew) and crew.worlds == 2 and crew.budget_ms is None
    timed = make_agent(GAME, "planner:300", 1)
    assert isinstance(timed, PlanningCrew) and timed.budget_ms == 300
    levels = {lv.bot: lv for lv in get(GAME.id).levels}
    # the app's Hard crew thinks at most a second a decision
    assert "planner:1000" in levels and "Hard" in levels["planner:1000"].label
    assert bot_for_level(GAME, "hard") == "planner:1000"  # the Hint's bot
    assert make_agent(GAME, "planner:1000", 1).budget_ms == 1000
    assert level_name("planner@3") == "Hard"
    for level in get(GAME.id).levels:
        make_agent(GAME, level.bot, 1)
    with pytest.raises(ValueError):
        PlanningCrew(GAME, 1, worlds=0)
    with pytest.raises(ValueError):
        PlanningCrew(GAME, 1, phases=frozenset({"roll"}))


def test_the_hint_quotes_what_the_crew_weighed() -> None:
    s, seat = weighed_decision()
    view = GAME.view(s, seat)
    crew = PlanningCrew(GAME, 2, worlds=2)
    action = crew.choose(GAME, view, GAME.legal(view), seat)
    text = crew.explain(view, action, seat)
    mine, nxt = crew.last[0], crew.last[1]
    assert text.startswith(f"Played out 32 times to the end: the team wins "
                           f"{100 * mine.won:.0f}% and lasts {100 * mine.lived:.0f}% of the "
                           f"turns left; ")
    assert GAME.describe(view, nxt.action)[1:] in text


def test_a_roll_or_a_single_choice_is_not_weighed() -> None:
    crew = PlanningCrew(GAME, 1)
    s, _ = GAME.new_game({"players": 2}, 4)
    while GAME.legal(s) != [Roll()]:
        s, _ = GAME.apply(s, GAME.legal(s)[0])
    action: Action = crew.choose(GAME, GAME.view(s, s.current), [Roll()], s.current)
    assert action == Roll() and crew.last == []
    # nothing was sampled for it: the crew's stream of worlds is where a fresh one starts
    assert crew.rng.getrandbits(62) == random.Random(1).getrandbits(62)


def test_the_crews_section_replaces_its_old_self_and_keeps_the_rest() -> None:
    from frostdesk.games.frontier_stations.balance import _paired, with_crews

    doc = "# Report\n\n## Before\n\ntext\n\n## Crews\n\nold table\n\n## After\n\nmore\n"
    new = with_crews(doc, "## Crews\n\nnew table")
    assert new == "# Report\n\n## Before\n\ntext\n\n## Crews\n\nnew table\n\n## After\n\nmore"
    assert with_crews(new, "## Crews\n\nnew table") == new  # rerunning changes nothing
    assert with_crews("# Report\n", "## Crews\n\nt") == "# Report\n\n## Crews\n\nt"
    # the paired difference: +1 seed in 4 for the second crew, with its interval
    first = [{"won": w} for w in (True, False, False, True)]
    second = [{"won": w} for w in (True, True, False, True)]
    diff, half = _paired(first, second)
    assert diff == pytest.approx(25.0) and half == pytest.approx(100 * 1.96 * 0.5 / 2)


def test_out_of_time_the_crew_weighs_only_whole_worlds_or_keeps_the_heuristics_choice() -> None:
    s, seat = weighed_decision()
    view = GAME.view(s, seat)
    legal = GAME.legal(view)
    hurried = PlanningCrew(GAME, 4, worlds=3, budget_ms=1)  # no world can be finished
    action = hurried.choose(GAME, view, legal, seat)
    assert hurried.last == [] and hurried.last_worlds == 0
    assert action == HeuristicAgent(GAME).ranked(view, legal)[0]
    assert hurried.explain(view, action, seat) == HeuristicAgent(GAME).explain(view, action, seat)


def test_a_board_prepared_once_plays_out_like_the_state_and_stays_as_it_was() -> None:
    from frostdesk.games.frontier_stations.playout import Board

    s, _ = GAME.new_game({"players": 4}, 21)
    while s.phase != "roll" or s.turn < 9:
        s, _ = GAME.apply(s, HeuristicAgent(GAME).ranked(s, GAME.legal(s))[0])
    playout = Playout(GAME)
    board = Board(GAME, s)
    before = (board.res, board.areas, board.early, board.late, board.beacons, board.current)
    snapshot = repr(before)
    shared = [playout.play(board, random.Random(seed), s.price) for seed in range(12)]
    assert shared == [playout.run(s, random.Random(seed), s.price) for seed in range(12)]
    assert repr((board.res, board.areas, board.early, board.late, board.beacons,
                 board.current)) == snapshot
    assert len(set(shared)) > 1  # the dice differ between playouts
    # what a roll makes, per station: every installed card's units on each of its numbers
    for total in range(13):
        for st in range(s.n):
            expected = sorted((u for card, mult in s.installed[st]
                               for act in GAME.card(s, st, card).activations
                               if total in act.on for u in act.produce * mult), key=sorted)
            assert sorted(board.made[total][st], key=sorted) == expected
