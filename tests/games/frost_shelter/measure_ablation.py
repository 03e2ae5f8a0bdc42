"""How much of the engine's random-play time two of its costs take: the state copy and the events.

Plays the same random games (the bench's loop: `legal`, a random pick, `apply`) with the engine
as it is and with an ablated one, in alternating blocks in one process, so a busy moment on the
machine slows both alike. The ablated engine is wrong on purpose and only measured here:

- `copy`: `apply` changes the state it is given instead of a copy;
- `events`: the rules make no event objects (their arguments are still built);
- `both`: the two at once.

The speed-up says how far the bench ratio (`frostdesk bench frost-shelter`) could move if that
cost were gone entirely (docs/performance.md).

    python -m tests.games.frost_shelter.measure_ablation --ablate both --rounds 10
"""

from __future__ import annotations

import argparse
import random
import time
from collections.abc import Callable

from frostdesk.engine.game import Event
from frostdesk.engine.registry import load_game
from frostdesk.games.frost_shelter import rules
from frostdesk.games.frost_shelter.rules import FrostShelter
from frostdesk.games.frost_shelter.state import Action, State


class _NoCopy(FrostShelter):
    """`apply` on the given state itself (measurement only: callers' states change)."""

    __slots__ = ()

    def apply(self, state: State, action: Action) -> tuple[State, list[Event]]:
        legal = state.legal_cache
        if legal is None:
            legal = self.legal(state)
        for a in legal:
            if a is action:
                break
        state.legal_cache = None
        events: list[Event] = []
        self._handlers[type(action)](state, action, events)
        return state, events


def _play(game: FrostShelter, seeds: range, rng: random.Random) -> None:
    for seed in seeds:
        state, _ = game.new_game({"players": 4}, seed)
        while game.to_move(state) is not None:
            legal = game.legal(state)
            state, _ = game.apply(state, legal[rng.randrange(len(legal))])


def main() -> None:
    p = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    p.add_argument("--ablate", choices=("copy", "events", "both"), required=True)
    p.add_argument("--rounds", type=int, default=10)
    p.add_argument("--games", type=int, default=300, help="games per block")
    a = p.parse_args()
    plain = load_game("frost-shelter")
    assert isinstance(plain, FrostShelter)
    ablated = _NoCopy(plain.content) if a.ablate in ("copy", "both") else FrostShelter(
        plain.content)
    real_later = rules._later

    def no_event(*_args: object, **_kw: object) -> None:
        return None

    later: Callable[..., object] = no_event if a.ablate in ("events", "both") else real_later
    total = {"plain": 0.0, "ablated": 0.0}
    for r in range(a.rounds):
        seeds = range(r * a.games, (r + 1) * a.games)
        order = ("plain", "ablated") if r % 2 else ("ablated", "plain")
        for name in order:
            rules._later = later if name == "ablated" else real_later  # type: ignore[assignment]
            t = time.process_time()
            _play(ablated if name == "ablated" else plain, seeds, random.Random(r))
            total[name] += time.process_time() - t
        rules._later = real_later
    games = a.rounds * a.games
    print(f"ablate {a.ablate}: plain {total['plain'] / games * 1e6:.0f} us/game, "
          f"ablated {total['ablated'] / games * 1e6:.0f} us/game, "
          f"speed-up {total['plain'] / total['ablated']:.3f}")


if __name__ == "__main__":
    main()
