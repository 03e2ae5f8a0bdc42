"""The planning crew (Hard): legal moves only, its view only, the same choice for the same
seed, selectable by name and as a level, and a hint that quotes what it weighed."""

from __future__ import annotations

import random

import pytest

from frostdesk.ai import make_agent
from frostdesk.engine import rng
from frostdesk.engine.registry import get
from frostdesk.games.frontier_stations.bots import HeuristicAgent
from frostdesk.games.frontier_stations.search import PlanningCrew
from frostdesk.games.frontier_stations.state import Action, Roll, State

from .helpers import GAME

ALL_STEPS = frozenset({"purchase", "pay", "threats", "systems"})


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
        if len(crew.last) > 2 and len({(w.loss, w.beacons) for w in crew.last}) > 1:
            return s, seat
    raise AssertionError("no purchase with a danger to weigh in this game")


def test_the_crew_only_plays_legal_moves_through_a_whole_game() -> None:
    crew = [PlanningCrew(GAME, 11 + i, worlds=1, width=2, phases=ALL_STEPS) for i in range(3)]
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
                      [(w.action, w.loss, w.beacons) for w in crew.last]))
    assert picks[0] == picks[1]


def test_the_choice_is_the_same_for_the_same_seed() -> None:
    s, seat = weighed_decision()
    view = GAME.view(s, seat)
    seen = []
    for _ in range(2):
        crew = PlanningCrew(GAME, 8, worlds=3)
        action = crew.choose(GAME, view, GAME.legal(view), seat)
        seen.append((action, [(w.action, w.loss, w.beacons, w.score) for w in crew.last]))
    assert seen[0] == seen[1]
    # the seed is what the sampled worlds come from: another seed samples other draws
    others = set()
    for seed in range(6):
        crew = PlanningCrew(GAME, 100 + seed, worlds=1)
        crew.choose(GAME, view, GAME.legal(view), seat)
        others.add(tuple((w.action, w.loss, w.beacons) for w in crew.last))
    assert len(others) > 1


def test_the_crew_weighs_the_heuristics_best_choices_and_the_danger_after_them() -> None:
    s, seat = weighed_decision()
    view = GAME.view(s, seat)
    legal = GAME.legal(view)
    crew = PlanningCrew(GAME, 4, worlds=2, width=3)
    action = crew.choose(GAME, view, legal, seat)
    ranked = list(HeuristicAgent(GAME).ranked(view, legal))
    weighed = [w.action for w in crew.last]
    assert set(weighed) <= set(ranked[:3]) | {a for a in legal if str(a) == "done"}
    assert action == crew.last[0].action
    best = max(crew.last, key=lambda w: w.score)
    assert best.action == action
    for w in crew.last:
        assert 0.0 <= w.loss <= 1.0 and w.beacons >= 0.0
        assert w.score == pytest.approx(w.prior - crew.loss_tokens * w.loss
                                        - crew.beacon_tokens * w.beacons)


def test_the_roll_risk_counts_every_total_the_dice_can_show() -> None:
    s, seat = weighed_decision()
    crew = PlanningCrew(GAME, 1)
    safe = s.copy()
    for area in safe.areas:
        area.clear()
    assert crew.roll_risk(safe) == (0.0, 0.0)  # no threat: nothing to pay
    broke = s.copy()
    broke.res = [[0] * 5 for _ in broke.res]
    broke.held = [[[0] * 5 for _ in st] for st in broke.held]
    broke.beacons = 0
    loss, beacons = crew.roll_risk(broke)
    # with no tokens and no beacon, every total that wakes a threat up loses
    dice = 1 if broke.early else 2
    waking = {v for area in broke.areas for t, _, up in area if up
              for v in GAME.threats[t].on}
    chance = sum(1 for faces in _faces(dice) if sum(faces) in waking) / 6 ** dice
    assert loss == pytest.approx(chance) and beacons == 0.0


def _faces(dice: int) -> list[tuple[int, ...]]:
    if dice == 1:
        return [(a,) for a in range(1, 7)]
    return [(a, b) for a in range(1, 7) for b in range(1, 7)]


def test_the_crew_is_known_by_name_and_as_a_level() -> None:
    assert isinstance(make_agent(GAME, "planner", 1), PlanningCrew)
    crew = make_agent(GAME, "planner@2", 1)
    assert isinstance(crew, PlanningCrew) and crew.worlds == 2 and crew.budget_ms is None
    timed = make_agent(GAME, "planner:300", 1)
    assert isinstance(timed, PlanningCrew) and timed.budget_ms == 300
    levels = {lv.bot: lv for lv in get(GAME.id).levels}
    assert "planner" in levels and "Hard" in levels["planner"].label
    for level in get(GAME.id).levels:
        make_agent(GAME, level.bot, 1)
    with pytest.raises(ValueError):
        PlanningCrew(GAME, 1, worlds=0)


def test_the_hint_quotes_what_the_crew_weighed() -> None:
    s, seat = weighed_decision()
    view = GAME.view(s, seat)
    crew = PlanningCrew(GAME, 2, worlds=2)
    action = crew.choose(GAME, view, GAME.legal(view), seat)
    text = crew.explain(view, action, seat)
    assert text.startswith("Over 2 sampled draws, the next roll: lost on ")
    nxt = crew.last[1]
    assert GAME.describe(view, nxt.action)[1:] in text
    assert "%" in text


def test_a_roll_or_a_single_choice_is_not_weighed() -> None:
    crew = PlanningCrew(GAME, 1)
    s, _ = GAME.new_game({"players": 2}, 4)
    while GAME.legal(s) != [Roll()]:
        s, _ = GAME.apply(s, GAME.legal(s)[0])
    action: Action = crew.choose(GAME, GAME.view(s, s.current), [Roll()], s.current)
    assert action == Roll() and crew.last == []
    # nothing was sampled for it: the crew's stream of worlds is where a fresh one starts
    assert crew.rng.getrandbits(62) == random.Random(1).getrandbits(62)
