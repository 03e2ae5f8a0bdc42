"""Frontier Stations' planning crew (the Hard level): the heuristic's best few moves, each
played out to the end of the game in sampled worlds.

The heuristic (bots.py) values tokens and cards by long-run averages. The planning crew takes
the heuristic's best `width` choices for a purchase (the heuristic is the prior that prunes the
rest, and ending the purchases is always weighed), and for each:

1. samples `worlds` orders of the unseen decks from its own view (`game.determinize`; the same
   worlds, and the same dice within them, for every choice, so choices meet equal luck),
2. applies the choice in each world and lets the heuristic crew finish the turn (paying for
   the purchase; nothing more is bought on the way) up to the next roll,
3. plays the rest of the game out `playouts` times on plain lists (playout.py: a simpler,
   about a hundred times faster game) and counts the share of the turns left the team lives
   through and how often it wins.

A choice scores the share of turns lived plus its heuristic value divided by `prior_tokens`
(so the heuristic settles near-ties and small gaps). The decision is a pure function of the
view and the crew's seed. With a time cap (`planner:MS`, the app's Hard level) a world that is
not finished in time is left out for every choice (so choices are still weighed over the same
worlds), and when not even the first is finished the heuristic's choice stands. `explain`
gives the Hint the numbers it weighed.
"""

from __future__ import annotations

import random
import time
from collections.abc import Sequence
from dataclasses import dataclass

from frostdesk.engine.game import Game
from frostdesk.games.frontier_stations.bots import HeuristicAgent
from frostdesk.games.frontier_stations.playout import Board, Playout
from frostdesk.games.frontier_stations.rules import FrontierStations
from frostdesk.games.frontier_stations.state import (
    Action,
    Buy,
    Cancel,
    Done,
    Pay,
    Produce,
    Roll,
    State,
)

# The settings of the Hard crew (docs/balance/frontier-stations.md, "Crews" and "The planning
# crew"). With the prior worth 50 tokens the playouts overturned the heuristic's first choice
# in 5 of 40 sampled purchases; at 100 in 11, at 200 in 13; 150 lies between (the playouts
# then decide when the team's survival differs, the heuristic when it barely does). More
# worlds mattered less: against 16 worlds of 32 playouts, 2 worlds of 16 already chose the
# same in 85% of purchases, 3 worlds and a fourth choice in 90%. A purchase takes a few
# hundred milliseconds on a busy two-core machine (50 ms a decision on average).
WORLDS = 3  # sampled worlds per decision (the same for every choice weighed)
PLAYOUTS = 16  # fast playouts to the end of the game from each world, after each choice
WIDTH = 4  # the heuristic's best choices weighed (ending the purchases always among them)
PRIOR_TOKENS = 150.0  # the heuristic's token-equivalents worth the whole game's survival
PHASES = frozenset({"purchase"})  # the steps whose decisions are weighed
STEPS = frozenset({"purchase", "pay", "threats", "systems"})  # those that can be


@dataclass(slots=True)
class Weighed:
    """What the crew saw of one choice: its heuristic value, the share of the turns left the
    team lived through and of the playouts it won, and its score."""

    action: Action
    prior: float
    lived: float
    won: float
    score: float


class PlanningCrew(HeuristicAgent):
    """The Hard crew: the heuristic's best choices, each played out to the end."""

    name = "planner"

    def __init__(self, game: FrontierStations, seed: int = 0, worlds: int = WORLDS,
                 playouts: int = PLAYOUTS, width: int = WIDTH, budget_ms: int | None = None,
                 prior_tokens: float = PRIOR_TOKENS, phases: frozenset[str] = PHASES) -> None:
        super().__init__(game, seed)
        if worlds < 1 or playouts < 1 or width < 1:
            raise ValueError("the planning crew needs at least one world, playout and choice")
        if not phases <= STEPS:
            raise ValueError(f"the planning crew weighs only {', '.join(sorted(STEPS))}")
        self.worlds = worlds
        self.playouts = playouts
        self.width = width
        self.budget_ms = budget_ms
        self.prior_tokens = prior_tokens
        self.phases = phases
        self.playout = Playout(game)
        self.last: list[Weighed] = []
        self.last_worlds = 0

    # ----------------------------------------------------------------- choosing

    def choose(self, game: Game[State, Action], view: State, legal: Sequence[Action],
               seat: int) -> Action:
        self.last = []
        self.last_worlds = 0
        if len(legal) == 1 or isinstance(legal[0], Roll):
            return legal[0]
        ranked = list(self.ranked(view, legal))
        if view.phase not in self.phases:
            return ranked[0]
        options = self._candidates(view, ranked)
        # the worlds are drawn whatever the choices, so the seed's stream stays in step
        seeds = [self.rng.getrandbits(62) for _ in range(self.worlds)]
        if len(options) == 1:
            return options[0]
        self.last = self.weigh(view, seat, options, seeds)
        return self.last[0].action if self.last else options[0]

    def _candidates(self, s: State, ranked: list[Action]) -> list[Action]:
        """The heuristic's best `width` choices, and ending the purchases (a purchase once
        begun is paid, never called off)."""
        if s.phase == "systems" and s.window:
            return ranked[:1]  # the order of productions: the heuristic's
        ranked = [a for a in ranked if not isinstance(a, Cancel)]
        picked = ranked[: self.width]
        picked += [a for a in ranked if isinstance(a, Done) and a not in picked]
        return picked

    def weigh(self, view: State, seat: int, options: Sequence[Action],
              seeds: Sequence[int]) -> list[Weighed]:
        """Each option's prior, playout figures and score, best first (ties keep the
        heuristic's order)."""
        g = self.game
        deadline = (time.perf_counter() + self.budget_ms / 1000) if self.budget_ms else None
        lived = [0.0] * len(options)
        won = [0.0] * len(options)
        done = 0
        for w_seed in seeds:
            world = g.determinize(view, seat, w_seed)
            dice = random.Random(w_seed)
            dice_seeds = [dice.getrandbits(62) for _ in range(self.playouts)]
            figures = []
            for action in options:
                figures.append(self._survival(world, action, dice_seeds))
                if deadline is not None and time.perf_counter() > deadline:
                    break
            if len(figures) < len(options):
                break  # out of time in this world: it is left out for every choice
            for i, (li, wo) in enumerate(figures):
                lived[i] += li
                won[i] += wo
            done += 1
            if deadline is not None and time.perf_counter() > deadline:
                break
        self.last_worlds = done
        if not done:  # no world was finished in time: the heuristic's choice
            return []
        out = []
        for i, action in enumerate(options):
            prior = self.prior(view, action)
            li = lived[i] / done
            out.append(Weighed(action, prior, li, won[i] / done, li + prior / self.prior_tokens))
        order = sorted(range(len(out)), key=lambda i: (-out[i].score, i))
        return [out[i] for i in order]

    def prior(self, s: State, action: Action) -> float:
        """The heuristic's own value of `action`, in token-equivalents (higher is better)."""
        if isinstance(action, Buy | Done):
            return self._buy_score(s, action)
        if isinstance(action, Produce):
            return self._produce_score(s, action)
        if isinstance(action, Pay):
            return -self.spend_cost(s, action)
        return 0.0

    # ----------------------------------------------------------------- playing out

    def _survival(self, world: State, action: Action, dice_seeds: Sequence[int]
                  ) -> tuple[float, float]:
        """After `action` in `world`, the mean share of the turns left that the team lives
        through and the share of games it wins: the heuristic crew plays on to the next roll,
        then fast playouts (one per dice seed) to the end of the game."""
        g = self.game
        s, _ = g.apply(world, action)
        s = self._to_roll(s)
        if s.phase == "over":
            return (1.0, 1.0) if s.result == "won" else (0.0, 0.0)
        board = Board(g, s)  # the stations' cards worked out once for all the playouts
        play = self.playout.play
        values = [play(board, random.Random(d), s.price) for d in dice_seeds]
        return sum(values) / len(values), sum(v == 1.0 for v in values) / len(values)

    def _to_roll(self, s: State) -> State:
        """Play the heuristic crew from `s` to the next roll (or the end of the game)."""
        g = self.game
        while s.phase not in ("roll", "over"):
            if s.phase == "purchase":  # the choice made, nothing more is bought on the way
                s, _ = g.apply(s, Done())
                continue
            s, _ = g.apply(s, self.ranked(s, g.legal(s))[0])
        return s

    # ----------------------------------------------------------------- hints

    def explain(self, view: State, action: Action, seat: int) -> str:
        """Why the crew chose `action`, from what the last decision weighed: how the team
        fared in the playouts after it, against the next best choice (the heuristic's reason
        when the crew weighed nothing)."""
        weighed = {w.action: w for w in self.last}
        mine = weighed.get(action)
        if mine is None:
            return super().explain(view, action, seat)
        games = self.last_worlds * self.playouts
        text = (f"Played out {games} times to the end: the team wins {_pct(mine.won)} and "
                f"lasts {_pct(mine.lived)} of the turns left")
        others = [w for w in self.last if w.action != action]
        if not others:
            return text + "."
        other = others[0]
        words = self.game.describe(view, other.action)
        words = words[:1].lower() + words[1:]
        if abs(other.lived - mine.lived) < 0.005:
            return (f"{text}; {words} does as well, and the crew values this more "
                    f"({mine.prior:.1f} against {other.prior:.1f} tokens).")
        return (f"{text}; next best, {words}: wins {_pct(other.won)}, lasts "
                f"{_pct(other.lived)}.")


def _pct(x: float) -> str:
    return f"{100 * x:.0f}%"


def planner(game: FrontierStations, seed: int = 0, budget_ms: int | None = None,
            iterations: int | None = None) -> PlanningCrew:
    """The crew by name: `planner` (the settings above, no time cap: reproducible),
    `planner@K` (K worlds), `planner:MS` (stops weighing once MS milliseconds have passed;
    a decision then takes at most MS plus one choice's playouts)."""
    return PlanningCrew(game, seed, worlds=iterations or WORLDS,
                        budget_ms=None if iterations else budget_ms)
