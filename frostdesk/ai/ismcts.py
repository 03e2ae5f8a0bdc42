"""Information Set Monte Carlo Tree Search (single observer), generic over the Game protocol.

Each iteration samples a full world consistent with the bot's view (`game.determinize`), walks
down one shared tree choosing among the actions legal in that world (UCB1 with availability
counts, as in Cowling, Powley and Whitehouse 2012), adds one node, and scores the leaf with the
game's rollout policy. The bot never reads hidden state: it only gets its view.

Anytime: it stops at its time budget (or a fixed iteration count, for reproducible runs) and
plays the most visited legal action. What it saw stays in `last_stats` (per legal action: its
visits and mean reward), so a hint can say why, through the game's `reason` words.

Paired mode (`paired=True`, for games whose good rollouts are slow: a second holds a few dozen
of them, too few for a tree). The policy's `candidates` names the few root moves worth weighing,
each with a prior in reward units. Every sweep samples one world and plays each candidate in
that same world, with the same random numbers for its rollout, so the candidates meet equal
luck (common random numbers): what differs between their rewards is the move, not the deal.
The tree stays at the root (its moves); the chosen move has the best mean reward plus prior.
`iterations` then counts sweeps (worlds), and a time budget stops before a sweep that would
not end in time (after the first), so every candidate has seen the same worlds.
"""

from __future__ import annotations

import math
import random
import time
from collections.abc import Callable, Sequence
from typing import Generic, Protocol, TypeVar, cast

from frostdesk.engine.game import A, Event, Game, S

S_contra = TypeVar("S_contra", contravariant=True)  # a policy only reads states


class SearchPolicy(Protocol[S_contra, A]):
    """What a game package supplies to the generic search."""

    def rollout(self, state: S_contra, rng: random.Random) -> Sequence[float]:
        """Play on cheaply from `state` and return a reward in [0, 1] per seat."""

    def order(self, state: S_contra, actions: Sequence[A]) -> Sequence[A]:
        """The untried actions in the order to try them (most promising first)."""


class PairedPolicy(SearchPolicy[S_contra, A], Protocol[S_contra, A]):
    """What paired mode needs besides: the root's moves worth weighing."""

    def candidates(self, view: S_contra, legal: Sequence[A], seat: int
                   ) -> Sequence[tuple[A, float]]:
        """The moves to weigh from `view` (best first), each with a prior in reward units
        that is added to its mean reward (0.0: the rollouts alone decide). One move: it is
        played without a search."""


class Node(Generic[A]):
    """One action in the shared tree, with its visit, availability and reward counts."""

    __slots__ = ("parent", "action", "player", "children", "visits", "avail", "total")

    def __init__(self, parent: Node[A] | None, action: A, player: int) -> None:
        self.parent = parent
        self.action = action
        self.player = player  # the seat that chose `action`
        self.children: dict[A, Node[A]] = {}
        self.visits = 0
        self.avail = 1
        self.total = 0.0


# What the search saw at the root: (action, visits, mean reward), most visited first.
Stats = list[tuple[A, int, float]]
# The game's words for why the search chose `action`: (view, action, seat, stats, iterations).
Reason = Callable[[S, A, int, "Stats[A]", int], str]


class ISMCTSAgent(Generic[S, A]):
    """Search bot. `budget_ms` per decision, or `iterations` for reproducible play.

    `reason` (optional) puts what the last search saw into the game's words for a hint."""

    def __init__(self, game: Game[S, A], policy: SearchPolicy[S, A], seed: int = 0,
                 budget_ms: int | None = 1000, iterations: int | None = None,
                 exploration: float = 0.7, name: str = "mcts",
                 reason: Reason[S, A] | None = None, paired: bool = False) -> None:
        self.game = game
        self.policy = policy
        self.rng = random.Random(seed)
        self.budget_ms = budget_ms
        self.iterations = iterations
        self.c = exploration
        self.name = name
        self.reason = reason
        self.paired = paired
        if paired and not hasattr(policy, "candidates"):
            raise ValueError("paired search needs a policy with candidates()")
        self.last_iterations = 0
        self.last_stats: Stats[A] = []
        # paired mode: per candidate, the sweeps whose reward for the chooser was above one
        # half (for a policy that rewards finishing ahead above it: the playouts won)
        self.last_ahead: dict[A, int] = {}

    def choose(self, game: Game[S, A], view: S, legal: Sequence[A], seat: int) -> A:
        self.last_stats = []
        self.last_ahead = {}
        if len(legal) == 1:
            self.last_iterations = 0
            return legal[0]
        if self.paired:
            return self._choose_paired(view, legal, seat)
        root = self.search(view, seat)
        legal_set = set(legal)
        best = max((ch for a, ch in root.children.items() if a in legal_set),
                   key=lambda ch: (ch.visits, ch.total), default=None)
        # only the moves legal here (other sampled worlds may allow others), best first
        self.last_stats = sorted(((a, ch.visits, ch.total / max(1, ch.visits))
                                  for a, ch in root.children.items() if a in legal_set),
                                 key=lambda t: (-t[1], -t[2]))
        return best.action if best is not None else legal[0]

    def explain(self, view: S, action: A, seat: int) -> str:
        """Why the last `choose` picked `action`, from what the search saw ("" without the
        game's `reason` words, or when there was nothing to weigh)."""
        if self.reason is None or not self.last_stats:
            return ""
        return self.reason(view, action, seat, self.last_stats, self.last_iterations)

    def search(self, view: S, seat: int) -> Node[A]:
        """Grow the tree from `view` for the budget; the root's children are `seat`'s moves."""
        game = self.game
        # apply without the legality check: the search only plays legal moves.
        apply: Callable[[S, A], tuple[S, list[Event]]] = game.apply_unchecked
        to_move, legal_of = game.to_move, game.legal
        policy, rng, c = self.policy, self.rng, self.c
        root = Node(None, cast(A, None), seat)  # the root's action is never read
        deadline = None
        if self.iterations is None:
            deadline = time.perf_counter() + (self.budget_ms or 1000) / 1000.0
        limit = self.iterations if self.iterations is not None else 1 << 60
        it = 0
        started = time.perf_counter()
        while it < limit:
            if (it & 63) == 0 and it:
                now = time.perf_counter()
                if deadline is not None and now >= deadline:
                    break
                # With a time budget, stop early once the most visited move can no longer be
                # overtaken in the iterations left: the full budget would give the same answer.
                # (Fixed-iteration runs always do every iteration, for reproducible counts.)
                if deadline is not None and self._decided(
                        root, (deadline - now) / (now - started) * it):
                    break
            it += 1
            state = game.determinize(view, seat, rng.getrandbits(62))
            node = root
            while True:
                player = to_move(state)
                if player is None:
                    break
                actions = legal_of(state)
                children = node.children
                untried: Sequence[A] = [a for a in actions if a not in children]
                if untried:
                    if len(untried) > 1:
                        untried = policy.order(state, untried)
                    action = untried[0]
                    for a in actions:
                        ch = children.get(a)
                        if ch is not None:
                            ch.avail += 1
                    state, _ = apply(state, action)
                    child = Node(node, action, player)
                    children[action] = child
                    node = child
                    break
                best = None
                best_score = -1.0
                for a in actions:
                    ch = children[a]
                    ch.avail += 1
                    score = ch.total / ch.visits + c * math.sqrt(math.log(ch.avail) / ch.visits)
                    if score > best_score:
                        best, best_score = ch, score
                assert best is not None
                state, _ = apply(state, best.action)
                node = best
            rewards = policy.rollout(state, rng)
            up: Node[A] | None = node
            while up is not None:
                if up.parent is not None:
                    up.visits += 1
                    up.total += rewards[up.player]
                up = up.parent
        self.last_iterations = it
        root.visits = it
        return root

    def _choose_paired(self, view: S, legal: Sequence[A], seat: int) -> A:
        policy = cast("PairedPolicy[S, A]", self.policy)
        legal_set = set(legal)
        weighed = [(a, p) for a, p in policy.candidates(view, legal, seat) if a in legal_set]
        if not weighed:
            self.last_iterations = 0
            return legal[0]
        if len(weighed) == 1:
            self.last_iterations = 0
            return weighed[0][0]
        visits, totals, ahead = self.search_paired(view, seat, [a for a, _ in weighed])
        self.last_ahead = {a: ahead[i] for i, (a, _) in enumerate(weighed)}
        best = max(range(len(weighed)),
                   key=lambda i: (totals[i] / max(1, visits) + weighed[i][1], -i))
        self.last_stats = [(a, visits, totals[i] / max(1, visits))
                           for i, (a, _) in enumerate(weighed)]
        # the chosen move first, then by mean reward (a hint compares it with the next best)
        chosen = weighed[best][0]
        self.last_stats.sort(key=lambda t: (t[0] != chosen, -t[2]))
        return chosen

    def search_paired(self, view: S, seat: int, moves: Sequence[A]
                      ) -> tuple[int, list[float], list[int]]:
        """Sweeps of one sampled world each, every move played in it with the same rollout
        numbers; returns (sweeps, total reward per move, sweeps above one half per move)."""
        game = self.game
        apply = game.apply_unchecked
        policy, rng = self.policy, self.rng
        totals = [0.0] * len(moves)
        ahead = [0] * len(moves)
        deadline = None
        if self.iterations is None:
            deadline = time.perf_counter() + (self.budget_ms or 1000) / 1000.0
        limit = self.iterations if self.iterations is not None else 1 << 60
        sweeps = 0
        started = time.perf_counter()
        while sweeps < limit:
            if deadline is not None and sweeps:
                now = time.perf_counter()
                if now + (now - started) / sweeps > deadline:
                    break  # the next sweep would not end in time
            world = game.determinize(view, seat, rng.getrandbits(62))
            dice = rng.getrandbits(62)
            for i, move in enumerate(moves):
                state, _ = apply(world, move)
                reward = policy.rollout(state, random.Random(dice))[seat]
                totals[i] += reward
                ahead[i] += reward > 0.5
            sweeps += 1
        self.last_iterations = sweeps * len(moves)
        return sweeps, totals, ahead

    @staticmethod
    def _decided(root: Node[A], left: float) -> bool:
        first = second = 0
        for ch in root.children.values():
            v = ch.visits
            if v > first:
                first, second = v, first
            elif v > second:
                second = v
        return first - second > left
