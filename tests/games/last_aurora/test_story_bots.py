"""Frozen Steel, Module 4 and the bots: every level plays games with Story cards to the end,
the heuristic weighs options by the check's odds and the cost, the Hint explains, and the
Automa's cards are thrown away while its action card hurts (brief 6)."""

from __future__ import annotations

from typing import Any

import pytest

from frostdesk.ai import make_agent
from frostdesk.games.last_aurora.bots import HeuristicAgent, move_words, why_words
from frostdesk.games.last_aurora.state import Cancel, State, StoryOption

from .helpers import C, G, turn, zone
from .story_helpers import gather, new, on_top, roomy, step


def play(n: int, seed: int, bots: list[Any], extra: dict[str, Any] | None = None) -> State:
    s = G.new_game({"players": n, "modules": ["story"], **(extra or {})}, seed)[0]
    while s.phase != "over":
        seat = s.actor
        legal = G.legal(s)
        a = bots[seat].choose(G, G.view(s, seat), legal, seat)
        assert a in legal
        s, _ = G.apply(s, a)
    return s


@pytest.mark.slow
@pytest.mark.parametrize("n", [2, 3])
def test_every_bot_plays_story_games_to_the_end(n: int) -> None:
    names = ["easy", "heuristic", "mcts@1", "random"]
    bots = [make_agent(G, names[(i + n) % 4], 50 + i) for i in range(n)]
    s = play(n, 60 + n, bots)
    assert G.outcome(s) is not None and s.story.reading == []


def test_the_bots_but_the_search_play_a_story_game_to_the_end() -> None:
    """The everyday run's share of the test above (the search bot plays every candidate out
    to the game's end, seconds a game: the slow run's)."""
    bots = [make_agent(G, name, 70 + i) for i, name in enumerate(("easy", "heuristic", "random"))]
    s = play(3, 64, bots)
    assert G.outcome(s) is not None and s.story.reading == []


def test_the_heuristic_plays_solo_story_games_against_the_automa() -> None:
    s = play(1, 7, [HeuristicAgent(G, 1)])
    o = G.outcome(s)
    assert o is not None and s.story.azone == []  # its leftovers went without effect


def test_the_heuristic_weighs_a_check_by_its_odds() -> None:
    # Old Debt: Pay 1 resource for +2 Fame, or Refuse (A or B: an Object, else 1 Damage)
    s = new()
    roomy(s)
    on_top(s, "266")
    zone(s, "052", "072", "071", "008", "006")
    turn(s, "explore", 0)
    s, _ = step(s, G.legal(s)[0].__class__(0, (0,), (), 1))
    bot = HeuristicAgent(G, 3)
    ranked = bot.rank_story(s, G.legal(s), 0)
    worth = {G.story.branch(s, a).label: w for a, w in ranked}
    assert worth["Pay"] > worth["Refuse"]  # +2 Fame for 1 resource beats a coin flip


def test_the_heuristic_pays_for_the_extra_letter_when_it_is_worth_it() -> None:
    # The Fugitive: A or B for +2 Fuel; paying 1 Ammo adds C (75% instead of 50%)
    s = new()
    roomy(s)
    on_top(s, "255")
    s, _ = step(s, gather(s))
    ranked = HeuristicAgent(G, 3).rank_story(s, G.legal(s), 0)
    worth = {(a.option, a.extra): w for a, w in ranked if isinstance(a, StoryOption)}
    assert set(worth) == {(0, False), (0, True), (1, False)}
    assert worth[(0, True)] != worth[(0, False)]  # the price and the odds both count


def test_the_hint_explains_a_story_option_with_its_odds() -> None:
    s = new()
    roomy(s)
    on_top(s, "255")
    s, _ = step(s, gather(s))
    view = G.view(s, 0)
    a = StoryOption(0, 0, True)
    assert why_words(G, view, a, 0).startswith(f"{move_words(G, view, a)}: 75% to succeed")
    bot = HeuristicAgent(G, 4)
    choice = bot.choose(G, view, G.legal(s), 0)
    reason = bot.explain(view, choice, 0)
    assert move_words(G, view, choice) in reason and "Fame" in reason


def test_the_heuristic_cancels_the_automas_card_when_it_hurts_you() -> None:
    s = G.new_game({"players": 1, "modules": ["story"]}, 1)[0]
    s.acard = next(c.index for c in C.automa.cards if c.id == "117")  # End: 1 Damage to you
    s.story.azone = [0]
    turn(s, "move", 0)
    s.passed = [False, False]
    bot = HeuristicAgent(G, 1)
    assert bot.choose(G, G.view(s, 0), G.legal(s), 0) == Cancel()
    s.story.void = s.round  # already off: nothing left to cancel
    s._legal = None
    assert bot.choose(G, G.view(s, 0), G.legal(s), 0) != Cancel()


def test_the_hint_for_a_cancel_says_why_without_a_fame_figure() -> None:
    s = G.new_game({"players": 1, "modules": ["story"]}, 1)[0]
    s.acard = next(c.index for c in C.automa.cards if c.id == "117")
    s.story.azone = [0]
    turn(s, "move", 0)
    s.passed = [False, False]
    view = G.view(s, 0)
    reason = HeuristicAgent(G, 1).explain(view, Cancel(), 0)
    assert reason.startswith("Throw away one of the Automa's Story cards") and "Fame" not in reason
