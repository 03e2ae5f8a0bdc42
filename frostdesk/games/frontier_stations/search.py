"""Frontier Stations' planning crew: the heuristic's best few moves, each played forward in
sampled worlds and judged by the danger of the rolls that follow.

The heuristic (bots.py) values tokens and cards by long-run averages; what it cannot see is
how close the team stands to a roll it cannot pay. The planning crew takes the heuristic's best
few choices for a decision (the heuristic is the prior that prunes the rest), and for each:

1. samples `worlds` orders of the unseen decks from its own view (`game.determinize`; the same
   worlds for every choice, so they are compared on equal draws),
2. applies the choice and lets the heuristic crew play on to the next turn's roll (the turn's
   productions, purchases and threat draw happen in the sampled world),
3. counts, over every total the coming dice can show (exactly, not sampled), how often that
   roll's activations could not all be paid however the stations divide them and use the
   beacons left (the game is lost), and how many beacons it would take,
4. with `horizon` > 1, rolls on in the same world and repeats 2-3 for the following turns.

A choice scores its heuristic value (in token-equivalents) less `LOSS_TOKENS` for each lost
game it risks and `BEACON_TOKENS` for each beacon it would spend. The decision is a pure
function of the view and the crew's seed: no clock decides anything unless the optional time
cap is reached (the app's think time; then fewer worlds are weighed, for every choice alike).
`explain` gives the Hint the numbers it weighed.
"""

from __future__ import annotations

import time
from collections.abc import Sequence
from dataclasses import dataclass

from frostdesk.engine.game import Game
from frostdesk.games.frontier_stations.bots import HeuristicAgent
from frostdesk.games.frontier_stations.rules import FrontierStations
from frostdesk.games.frontier_stations.state import (
    Action,
    Beacon,
    Buy,
    Cancel,
    Done,
    Hold,
    Pay,
    Produce,
    Roll,
    State,
)

# Weights of the judgement, chosen by simulation (docs/balance/frontier-stations.md, "Crews").
LOSS_TOKENS = 40.0  # what risking the whole game is worth, in the heuristic's token-equivalents
BEACON_TOKENS = 6.0  # what spending one distress beacon is worth
WORLDS = 4  # sampled worlds per decision (the same for every choice weighed)
HORIZON = 1  # rolls looked at after the decision
WIDTH = 4  # the heuristic's best choices weighed (Done and Hold always among them)
PHASES = frozenset({"purchase"})  # the steps whose decisions are weighed

_DICE: dict[int, list[tuple[int, float]]] = {
    1: [(v, 1 / 6) for v in range(1, 7)],
    2: [(v, (6 - abs(7 - v)) / 36) for v in range(2, 13)],
}


@dataclass(slots=True)
class Weighed:
    """What the crew saw of one choice: its heuristic value, the chance of a lost roll and the
    beacons expected to be spent on the rolls it looked at, and its score."""

    action: Action
    prior: float
    loss: float
    beacons: float
    score: float


class PlanningCrew(HeuristicAgent):
    """The Hard crew: the heuristic's best choices, weighed against the coming rolls."""

    name = "planner"

    def __init__(self, game: FrontierStations, seed: int = 0, worlds: int = WORLDS,
                 horizon: int = HORIZON, width: int = WIDTH, budget_ms: int | None = None,
                 loss_tokens: float = LOSS_TOKENS, beacon_tokens: float = BEACON_TOKENS,
                 phases: frozenset[str] = PHASES) -> None:
        super().__init__(game, seed)
        if worlds < 1 or horizon < 1 or width < 1:
            raise ValueError("the planning crew needs at least one world, roll and choice")
        self.worlds = worlds
        self.horizon = horizon
        self.width = width
        self.budget_ms = budget_ms
        self.loss_tokens = loss_tokens
        self.beacon_tokens = beacon_tokens
        self.phases = phases
        self.last: list[Weighed] = []
        self.last_worlds = 0
        self._risk_memo: dict[tuple[object, ...], tuple[float, float]] = {}

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
        return self.last[0].action

    def _candidates(self, s: State, ranked: list[Action]) -> list[Action]:
        """The heuristic's best `width` choices, plus the ones it keeps by default (ending
        the purchases, holding the beacons); payments that would lose this roll are left
        out while another payment keeps it."""
        if s.phase == "systems" and s.window:
            return ranked[:1]  # the order of productions: the heuristic's
        ranked = [a for a in ranked if not isinstance(a, Cancel)]  # a purchase, once begun
        picked = ranked[: self.width]
        for a in ranked:
            if isinstance(a, Done | Hold) and a not in picked:
                picked.append(a)
        return picked

    def weigh(self, view: State, seat: int, options: Sequence[Action],
              seeds: Sequence[int]) -> list[Weighed]:
        """Each option's prior, risk and score, best first (ties keep the heuristic's
        order)."""
        g = self.game
        deadline = (time.perf_counter() + self.budget_ms / 1000) if self.budget_ms else None
        loss = [0.0] * len(options)
        beac = [0.0] * len(options)
        done = 0
        self._risk_memo = {}
        for w_seed in seeds:
            world = g.determinize(view, seat, w_seed)
            for i, action in enumerate(options):
                lo, be = self._play_out(world, action, w_seed)
                loss[i] += lo
                beac[i] += be
            done += 1
            if deadline is not None and time.perf_counter() > deadline:
                break
        self.last_worlds = done
        out = []
        for i, action in enumerate(options):
            prior = self.prior(view, action)
            lo, be = loss[i] / done, beac[i] / done
            spent = 1.0 if isinstance(action, Beacon) else 0.0
            score = prior - self.loss_tokens * lo - self.beacon_tokens * (be + spent)
            out.append(Weighed(action, prior, lo, be, score))
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

    def _play_out(self, world: State, action: Action, w_seed: int) -> tuple[float, float]:
        """(chance of a lost roll, beacons expected) over the next `horizon` rolls after
        `action` in `world`, the heuristic crew playing every station meanwhile."""
        g = self.game
        s, _ = g.apply(world, action)
        loss = beacons = 0.0
        alive = 1.0  # the chance that the sampled line has not been lost before this roll
        for step in range(self.horizon):
            s = self._to_roll(s)
            if s.phase == "over":
                if s.result == "lost":
                    loss += alive
                return loss, beacons
            lo, be = self.roll_risk(s)
            loss += alive * lo
            beacons += alive * be
            alive *= 1.0 - lo
            if step + 1 < self.horizon:
                s, _ = g.apply(s, Roll())
        return loss, beacons

    def _to_roll(self, s: State) -> State:
        """Play the heuristic crew from `s` to the next roll (or the end of the game)."""
        g = self.game
        while s.phase not in ("roll", "over"):
            if s.phase == "purchase":  # the choice made, nothing more is bought on the way
                s, _ = g.apply(s, Done())
                continue
            s, _ = g.apply(s, self.ranked(s, g.legal(s))[0])
        return s

    def roll_risk(self, s: State) -> tuple[float, float]:
        """Over every total the coming roll can show: the chance that its activations cannot
        all be paid (however divided, with the beacons left) and the beacons it needs."""
        key = (s.beacons, bool(s.early), tuple(map(tuple, s.res)),
               tuple(tuple(map(tuple, a)) for a in s.areas))
        got = self._risk_memo.get(key)
        if got is not None:
            return got
        g = self.game
        threats = g.threats
        loss = beacons = 0.0
        for total, p in _DICE[1 if s.early else 2]:
            queue = [(area, pos) for area in range(s.n)
                     for pos, (t, mult, up) in enumerate(s.areas[area])
                     if up and total in threats[t].on for _ in range(mult)]
            if not queue:
                continue
            need = g.beacons_needed(s, queue, cap=s.beacons)
            if need > s.beacons:
                loss += p
            else:
                beacons += p * need
        self._risk_memo[key] = (loss, beacons)
        return loss, beacons

    # ----------------------------------------------------------------- hints

    def explain(self, view: State, action: Action, seat: int) -> str:
        """Why the crew chose `action`, from what the last decision weighed: the chance that
        the coming rolls are lost and the beacons they take, against the next best choice."""
        weighed = {w.action: w for w in self.last}
        mine = weighed.get(action)
        if mine is None:
            return super().explain(view, action, seat)
        others = [w for w in self.last if w.action != action]
        rolls = "the next roll" if self.horizon == 1 else f"the next {self.horizon} rolls"
        worlds = f"{self.last_worlds} sampled draw" + ("s" if self.last_worlds != 1 else "")
        text = f"Over {worlds}, {rolls}: {_risk_words(mine)}"
        if not others:
            return text + "."
        other = others[0]
        words = self.game.describe(view, other.action)
        words = words[:1].lower() + words[1:]
        if abs(other.loss - mine.loss) < 0.005 and abs(other.beacons - mine.beacons) < 0.005:
            return (f"{text}; {words} is as safe, and the crew values this more "
                    f"({mine.prior:.1f} against {other.prior:.1f} tokens).")
        return f"{text}; next best, {words}: {_risk_words(other)}."


def _risk_words(w: Weighed) -> str:
    lost = f"lost on {100 * w.loss:.0f}% of outcomes"
    if w.beacons < 0.005:
        return lost + ", no beacon needed"
    return lost + f", {w.beacons:.2f} beacons needed on average"


def planner(game: FrontierStations, seed: int = 0, budget_ms: int | None = None,
            iterations: int | None = None) -> PlanningCrew:
    """The crew by name: `planner` (4 worlds), `planner@K` (K worlds), `planner:MS` (4
    worlds, at most MS milliseconds a decision)."""
    return PlanningCrew(game, seed, worlds=iterations or WORLDS,
                        budget_ms=None if iterations else budget_ms)
