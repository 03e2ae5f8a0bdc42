"""Bots: they see only their view, search is reproducible, and stronger levels win more."""

from __future__ import annotations

import random

import pytest

from frostdesk.ai import make_agent
from frostdesk.ai.levels import bot_for_level
from frostdesk.sim import simulate
from fs_helpers import GAME


def midgame(seed: int = 4):  # noqa: ANN201
    rng = random.Random(seed)
    s, _ = GAME.new_game({"players": 4}, seed)
    while not (s.phase == "play" and s.trick and len(s.hands[s.turn]) == 5):
        s, _ = GAME.apply(s, rng.choice(GAME.legal(s)))
    return s


@pytest.mark.parametrize("name", ["heuristic", "easy", "mcts@150"])
def test_choice_does_not_depend_on_hidden_cards(name: str) -> None:
    s = midgame()
    seat = GAME.to_move(s)
    view = GAME.view(s, seat)
    # Another true world that looks the same from this seat: other hands reshuffled.
    other = GAME.determinize(view, seat, 99)
    assert other.hands != s.hands
    assert GAME.fingerprint(GAME.view(other, seat)) == GAME.fingerprint(view)
    picks = []
    for world in (s, other):
        agent = make_agent(GAME, name, seed=5)
        v = GAME.view(world, seat)
        picks.append(agent.choose(GAME, v, GAME.legal(v), seat))
    assert picks[0] == picks[1]


def test_bots_never_receive_hidden_cards() -> None:
    seen = []

    class Spy:
        name = "spy"

        def choose(self, game, view, legal, seat):  # noqa: ANN001, ANN201
            seen.append(all(c == -1 for i, h in enumerate(view.hands) if i != seat for c in h))
            return legal[0]

    from frostdesk.sim import play_game

    play_game(GAME, [Spy() for _ in range(3)], 3, seed=2)
    assert seen and all(seen)


def test_search_is_reproducible_for_fixed_iterations_and_seed() -> None:
    s = midgame(6)
    seat = GAME.to_move(s)
    v = GAME.view(s, seat)
    a = make_agent(GAME, "mcts@200", seed=3)
    b = make_agent(GAME, "mcts@200", seed=3)
    assert a.choose(GAME, v, GAME.legal(v), seat) == b.choose(GAME, v, GAME.legal(v), seat)
    assert a.last_iterations == 200


def test_search_respects_its_time_budget() -> None:
    import time

    s = midgame(7)
    seat = GAME.to_move(s)
    v = GAME.view(s, seat)
    agent = make_agent(GAME, "mcts:150", seed=1)
    t0 = time.perf_counter()
    action = agent.choose(GAME, v, GAME.legal(v), seat)
    assert action in GAME.legal(v)
    assert time.perf_counter() - t0 < 1.5  # anytime: stops near its budget
    assert agent.last_iterations > 10


def test_unknown_bot_names_are_refused() -> None:
    with pytest.raises(ValueError, match="unknown bot"):
        make_agent(GAME, "grandmaster")
    with pytest.raises(ValueError, match="mcts:MS"):
        make_agent(GAME, "mcts:fast")


def test_levels_map_to_bots() -> None:
    assert bot_for_level(GAME, "easy") == "easy"
    assert bot_for_level(GAME, "normal") == "heuristic"
    assert bot_for_level(GAME, "hard") == "mcts"


def test_heuristic_beats_random() -> None:
    r = simulate(GAME, 4, ["heuristic", "random", "random", "random"], games=60, seed=2,
                 rotate=True)
    assert r["errors"] == 0
    assert r["wins"][0] / 60 >= 0.45


@pytest.mark.slow  # ten whole games of a search bot (12-17 s on the shared machine)
def test_search_beats_random() -> None:
    r = simulate(GAME, 4, ["mcts", "random", "random", "random"], games=10, seed=3,
                 iterations=60, rotate=True)
    assert r["errors"] == 0
    assert r["wins"][0] >= 5  # chance would be 2.5 of 10
