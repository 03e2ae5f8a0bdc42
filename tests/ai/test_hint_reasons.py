"""Hints say why from what the bot weighed for the chosen move (its numbers against the next
best move's), never a sentence picked from the situation; with nothing weighed, no reason."""

from __future__ import annotations

from frostdesk.ai import make_agent
from frostdesk.engine.registry import load_game
from frostdesk.engine.session import Seat, Session
from frostdesk.games.frost_shelter.bots import search_reason
from frostdesk.games.frost_shelter.state import Pass, Play


def _shelter_position(players: int) -> tuple[object, object]:
    g = load_game("frost-shelter")
    s = Session.new(g, {"first_leader": 0}, 4, [Seat("Ana")] + [Seat("B", "bot")] * (players - 1))
    return g, g.view(s.state, 0)


def test_the_search_reason_reports_the_chosen_move_against_the_next_best() -> None:
    g, view = _shelter_position(4)
    hand = view.hands[0]  # type: ignore[attr-defined]
    a, b, c = Play(hand[0]), Play(hand[1]), Play(hand[2])
    stats = [(a, 900, 0.71), (b, 400, 0.58), (c, 100, 0.31)]
    text = search_reason(g, view, a, 0, stats, 1400)  # type: ignore[arg-type]
    assert text == ("The Hard bot played this move out 900 times: on average you come out ahead "
                    f"of 71% of your rivals; the next best, play {g.card_name(hand[1])}, 58%.")
    # close scores are called close, and a duel speaks of how often you come out ahead
    close = search_reason(g, view, a, 0, [(a, 900, 0.71), (b, 850, 0.705)], 1750)  # type: ignore[arg-type]
    assert close.endswith(f"; play {g.card_name(hand[1])} does about as well (70%).")
    g2, view2 = _shelter_position(2)
    duel = search_reason(g2, view2, a, 0, [(a, 50, 0.5)], 50)  # type: ignore[arg-type]
    assert duel == "The Hard bot played this move out 50 times: you come out ahead in 50% of them."


def test_no_reason_without_a_search() -> None:
    g, view = _shelter_position(3)
    assert search_reason(g, view, Pass(), 0, [], 0) == ""  # type: ignore[arg-type]


def test_the_hard_bots_hint_explains_what_it_searched() -> None:
    g, view = _shelter_position(4)
    bot = make_agent(g, "mcts@300", 1)
    legal = g.legal(view)  # type: ignore[arg-type]
    action = bot.choose(g, view, legal, 0)  # type: ignore[arg-type]
    reason = bot.explain(view, action, 0)  # type: ignore[attr-defined]
    visits = dict((m, v) for m, v, _ in bot.last_stats)  # type: ignore[attr-defined]
    assert reason.startswith(f"The Hard bot played this move out {visits[action]:,} times")
    assert set(visits) <= set(legal)  # only moves legal here are weighed


def test_the_normal_bot_gives_no_canned_reason() -> None:
    g, view = _shelter_position(4)
    bot = make_agent(g, "heuristic", 1)
    assert not hasattr(bot, "explain")  # it weighs nothing it could show: the hint says none


def test_a_frontier_stations_hint_weighs_the_move_against_the_next_best() -> None:
    from frostdesk.games.frontier_stations.bots import HeuristicAgent
    from frostdesk.games.frontier_stations.state import Buy, Roll

    g = load_game("frontier-stations")
    s = Session.new(g, {"first": 0}, 5, [Seat("Ana"), Seat("B", "bot")])
    bot = HeuristicAgent(g, 1)  # type: ignore[arg-type]
    assert bot.explain(s.state, Roll(), 0) == ""  # a roll weighs nothing
    for _ in range(200):  # to the first purchase with a choice
        legal = list(g.legal(s.state))
        if s.state.phase == "purchase" and sum(isinstance(a, Buy) for a in legal) >= 2:
            break
        s.apply(bot.choose(g, s.state, legal, s.to_move()))  # type: ignore[arg-type]
    else:
        raise AssertionError("no purchase with two choices")
    ranked = list(bot.ranked(s.state, legal))
    best, second = ranked[0], next(a for a in ranked[1:] if isinstance(a, Buy))
    reason = bot.explain(s.state, best, 0)
    assert isinstance(best, Buy)
    assert f"{bot._buy_score(s.state, best):.1f}" in reason
    assert g.describe(s.state, second) in reason
    assert f"{bot._buy_score(s.state, second):.1f}" in reason
