"""Toy Tally's bots: what the description's `bots` names (AGENTS and SEARCH_AGENTS). No Qt.

The heuristic wins a round as cheaply as it can and throws its lowest card when it cannot win;
leading, it plays its highest card only when that card is sure to win. `easy` is the heuristic
with a random card now and then; `mcts` is the app's generic ISMCTS with a random playout.
"""

from __future__ import annotations

import random
from collections.abc import Callable, Sequence

from frostdesk.ai import Agent
from frostdesk.ai.ismcts import ISMCTSAgent

from .rules import HIDDEN, Action, Play, State, ToyTally


class HeuristicAgent:
    """See the module docstring. It reads only its seat's view."""

    name = "heuristic"

    def __init__(self, game: ToyTally, seed: int = 0) -> None:
        self.game = game

    def _unseen_high(self, view: State, seat: int) -> int:
        """The highest value this seat cannot see yet (0 when every card is accounted for)."""
        known = set(view.hands[seat]) | {c for _, c in view.played}
        known.update(c for won in view.taken for c in won)
        return max((v for c, v in self.game.value.items() if c not in known), default=0)

    def choose(self, game: ToyTally, view: State, legal: Sequence[Action], seat: int) -> Action:
        value = game.value
        cards = sorted(legal, key=lambda a: value[a.card])
        if view.played:
            best = max(value[c] for _, c in view.played)
            winners = [a for a in cards if value[a.card] > best]
            if winners and len(view.played) == view.n - 1:
                return winners[0]  # the last to play wins with the lowest card that does
            if winners and value[winners[-1].card] > self._unseen_high(view, seat):
                return winners[-1]  # a card nobody can beat
            return cards[0]
        if value[cards[-1].card] > self._unseen_high(view, seat):
            return cards[-1]
        return cards[0]

    def explain(self, view: State, action: Action, seat: int) -> str:
        value = self.game.value[action.card]
        if view.played and value > max(self.game.value[c] for _, c in view.played):
            return "It is enough to take the round."
        if not view.played and value > self._unseen_high(view, seat):
            return "Nobody can beat it."
        return "Keep the high cards for a round you can win."


class EasyAgent(HeuristicAgent):
    """The heuristic, with a random card one time in three."""

    name = "easy"

    def __init__(self, game: ToyTally, seed: int = 0) -> None:
        super().__init__(game, seed)
        self.rng = random.Random(seed)

    def choose(self, game: ToyTally, view: State, legal: Sequence[Action], seat: int) -> Action:
        if self.rng.random() < 1 / 3:
            return legal[self.rng.randrange(len(legal))]
        return super().choose(game, view, legal, seat)


class RandomPlayout:
    """The search's playout: random cards to the end; 1 for the winners, else 0."""

    def __init__(self, game: ToyTally) -> None:
        self.game = game

    def rollout(self, state: State, rng: random.Random) -> Sequence[float]:
        game = self.game
        while state.turn is not None:
            hand = state.hands[state.turn]
            assert HIDDEN not in hand  # the search plays determinised worlds
            state, _ = game.apply(state, Play(hand[rng.randrange(len(hand))]))
        out = game.outcome(state)
        assert out is not None
        return [1.0 if p == 1 else 0.0 for p in out.places]

    def order(self, state: State, actions: Sequence[Action]) -> Sequence[Action]:
        return actions


def _mcts(game: ToyTally, seed: int, budget_ms: int | None = 1000,
          iterations: int | None = None) -> Agent[State, Action]:
    return ISMCTSAgent(game, RandomPlayout(game), seed, budget_ms=budget_ms,
                       iterations=iterations)


AGENTS: dict[str, Callable[[ToyTally, int], Agent[State, Action]]] = {
    "heuristic": HeuristicAgent,
    "easy": EasyAgent,
    "mcts": _mcts,
}
SEARCH_AGENTS: dict[str, Callable[..., Agent[State, Action]]] = {"mcts": _mcts}
