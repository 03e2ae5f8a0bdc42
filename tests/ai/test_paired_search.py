"""The search's paired mode (ai/ismcts.py): every candidate meets the same sampled worlds and
the same rollout numbers, so the move decides, not the luck; priors break near-ties; the
iteration count is reproducible and a time budget is kept."""

from __future__ import annotations

import random
import time
from collections.abc import Sequence
from dataclasses import dataclass

import pytest

from frostdesk.ai.ismcts import ISMCTSAgent

QUALITY = {"a": 0.00, "b": 0.03, "c": 0.01, "d": 0.02}  # "b" is best, by little


@dataclass(frozen=True)
class World:
    luck: int  # what the sampled world holds (its noise)
    move: str = ""


class OneChoice:
    """A one-decision game: pick a letter; what it is worth is drowned in luck."""

    id = "one-choice"

    def __init__(self) -> None:
        self.worlds: list[int] = []

    def determinize(self, view: World, seat: int, rng_seed: int) -> World:
        self.worlds.append(rng_seed)
        return World(rng_seed)

    def apply_unchecked(self, state: World, action: str) -> tuple[World, list[object]]:
        return World(state.luck, action), []


class Luck:
    """The reward: world luck and rollout luck (up to 0.9) plus the move's small worth."""

    def __init__(self, priors: dict[str, float] | None = None) -> None:
        self.priors = priors or {}
        self.seen: list[tuple[str, int, float]] = []

    def rollout(self, state: World, rng: random.Random) -> Sequence[float]:
        dice = rng.random()
        self.seen.append((state.move, state.luck, dice))
        world = random.Random(state.luck).random()
        return [0.45 * world + 0.45 * dice + QUALITY[state.move]]

    def order(self, state: World, actions: Sequence[str]) -> Sequence[str]:
        return actions

    def candidates(self, view: World, legal: Sequence[str], seat: int
                   ) -> list[tuple[str, float]]:
        return [(a, self.priors.get(a, 0.0)) for a in legal]


def agent(policy: Luck, game: OneChoice | None = None, **kw: object) -> ISMCTSAgent:
    return ISMCTSAgent(game or OneChoice(), policy, paired=True, **kw)  # type: ignore[arg-type]


LEGAL = ["a", "b", "c", "d"]


def test_paired_candidates_meet_the_same_worlds_and_rollout_numbers() -> None:
    policy = Luck()
    game = OneChoice()
    bot = agent(policy, game, seed=1, iterations=3)
    bot.choose(game, World(0), LEGAL, 0)  # type: ignore[arg-type]
    assert len(game.worlds) == 3 and bot.last_iterations == 12
    by_move: dict[str, list[tuple[int, float]]] = {}
    for move, luck, dice in policy.seen:
        by_move.setdefault(move, []).append((luck, dice))
    assert set(by_move) == set(LEGAL)
    assert all(v == by_move["a"] for v in by_move.values())  # the same luck, sweep by sweep
    assert len(set(by_move["a"])) == 3  # and a new world each sweep


@pytest.mark.parametrize("seed", range(12))
def test_paired_search_finds_the_best_move_through_the_luck(seed: int) -> None:
    # the moves differ by 0.01-0.03, the luck by up to 0.9: only pairing sees it in 2 sweeps
    bot = agent(Luck(), seed=seed, iterations=2)
    assert bot.choose(OneChoice(), World(0), LEGAL, 0) == "b"  # type: ignore[arg-type]
    assert [a for a, _, _ in bot.last_stats][:2] == ["b", "d"]
    assert all(v == 2 for _, v, _ in bot.last_stats)


def test_a_prior_tips_the_choice_and_a_lone_candidate_needs_no_search() -> None:
    bot = agent(Luck({"c": 0.05}), seed=3, iterations=2)
    assert bot.choose(OneChoice(), World(0), LEGAL, 0) == "c"  # type: ignore[arg-type]

    class Lone(Luck):
        def candidates(self, view: World, legal: Sequence[str], seat: int
                       ) -> list[tuple[str, float]]:
            return [("d", 0.0)]

    game = OneChoice()
    lone = agent(Lone(), game, seed=3, iterations=2)
    assert lone.choose(game, World(0), LEGAL, 0) == "d"  # type: ignore[arg-type]
    assert game.worlds == [] and lone.last_iterations == 0


def test_paired_search_is_reproducible_and_keeps_its_time_budget() -> None:
    picks = [agent(Luck(), seed=9, iterations=1).choose(
        OneChoice(), World(0), LEGAL, 0) for _ in range(2)]  # type: ignore[arg-type]
    assert picks[0] == picks[1]

    class Slow(Luck):
        def rollout(self, state: World, rng: random.Random) -> Sequence[float]:
            time.sleep(0.01)
            return super().rollout(state, rng)

    bot = agent(Slow(), seed=1, budget_ms=200)
    t0 = time.perf_counter()
    bot.choose(OneChoice(), World(0), LEGAL, 0)  # type: ignore[arg-type]
    took = time.perf_counter() - t0
    sweeps = bot.last_iterations // 4
    assert bot.last_iterations % 4 == 0 and 1 <= sweeps <= 5  # whole sweeps, each ~40 ms
    assert took < 0.2 + 0.15  # it does not start a sweep it cannot finish (with slack)


def test_paired_search_needs_candidates() -> None:
    class Plain:
        def rollout(self, state: World, rng: random.Random) -> Sequence[float]:
            return [0.0]

        def order(self, state: World, actions: Sequence[str]) -> Sequence[str]:
            return actions

    with pytest.raises(ValueError, match="candidates"):
        agent(Plain())  # type: ignore[arg-type]


def test_paired_search_counts_the_playouts_each_candidate_came_out_ahead_in() -> None:
    policy = Luck()
    bot = agent(policy, seed=4, iterations=5)
    bot.choose(OneChoice(), World(0), LEGAL, 0)  # type: ignore[arg-type]
    for move in LEGAL:
        rewards = [0.45 * random.Random(luck).random() + 0.45 * dice + QUALITY[move]
                   for m, luck, dice in policy.seen if m == move]
        assert bot.last_ahead[move] == sum(r > 0.5 for r in rewards)
    assert 0 < sum(bot.last_ahead.values()) < 20  # some above one half, some below
