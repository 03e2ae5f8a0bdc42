"""Frost Shelter bots: a heuristic player and an easy one that makes deliberate mistakes.

Both see only their seat's view. The heuristic judges a colony by how much Event damage it can
defend minus the Frost Bite it would cause, wins tricks cheaply when the trick holds cards it
wants, throws away its least useful card otherwise, and buys and heals whenever it can.
"""

from __future__ import annotations

import random
from collections.abc import Callable, Sequence
from typing import TYPE_CHECKING

from frostdesk.engine.game import Game
from frostdesk.games.frost_shelter.state import (
    Action,
    Buy,
    ChooseLeader,
    Collect,
    Defend,
    Draw,
    Harpoon,
    Heal,
    Pass,
    Play,
    State,
    UseEquipment,
)

if TYPE_CHECKING:
    from frostdesk.ai import Agent
    from frostdesk.ai.ismcts import ISMCTSAgent
    from frostdesk.games.frost_shelter.rules import FrostShelter

BUY_PRIORITY = ("tarp", "medkit", "chest", "sled", "bag", "harpoon")
PASS_WORDS = {"harpoon": "Keep the Relic", "resolve": "Stop defending", "buy": "Buy nothing",
              "infirmary": "Heal no more"}


# A Harpoon names a new Relic when the hand's cards of one resource add up to this much more
# than its cards of the Relic's resource.
HARPOON_MARGIN = 10


def harpoon_rule(g: FrostShelter, s: State, seat: int) -> tuple[Action, str]:
    """Whether `seat` uses its Harpoon, and on what, by the sums of its hand's values per
    resource (the Normal bot's rule, which the Hard bot follows too: docs/balance/
    frost-shelter.md, "a card given"); with the reason in words."""
    sums = [0] * len(g.content.resource_names)
    for c in s.hands[seat]:
        sums[g.res[c]] += g.val[c]
    best = max(range(len(sums)), key=lambda r: sums[r])
    relic = g.resource_name(s.relic)
    if best != s.relic and sums[best] >= sums[s.relic] + HARPOON_MARGIN:
        name = g.resource_name(best)
        return Harpoon(best), (
            f"Your {name} cards add up to {sums[best]} and your {relic} cards to "
            f"{sums[s.relic]}: with {name} as the Relic more of your cards win tricks.")
    return Pass(), (
        f"Your {relic} cards add up to {sums[s.relic]} and no other resource in your hand "
        f"beats that by {HARPOON_MARGIN} or more, so the Relic stays and the Harpoon is kept "
        "for a later Event.")


def useful_purchases(g: FrostShelter, s: State, legal: Sequence[Action]) -> list[Action]:
    """`legal` less the purchases that can never help: in the last Event only a Medkit still
    does (at this Infirmary); other equipment would never be used, and the cards it costs
    would count in a tie-break. Both bot levels buy from these."""
    if s.phase != "buy" or s.event_no + 1 < g.content.rules.events_per_game:
        return list(legal)
    return [a for a in legal if not isinstance(a, Buy) or "heal" in g._eq_effect[a.equipment]]


class HeuristicAgent:
    """A sensible rule-of-thumb player (see module docstring)."""

    name = "heuristic"

    def __init__(self, game: FrostShelter, seed: int = 0) -> None:
        self.game = game
        self.rng = random.Random(seed)

    # ------------------------------------------------------------- evaluation

    def colony_value(self, s: State, cards: Sequence[int]) -> float:
        """Damage these colony cards could defend this Event, less their Frost Bite."""
        g = self.game
        ev = g.content.events[s.event]
        reqs = ev.requirements
        c0 = reqs[0].choices(cards, g.val, g.res, s.relic)
        c1 = reqs[1].choices(cards, g.val, g.res, s.relic)
        best = 0
        if c0:
            best = reqs[0].defends
        if c1:
            best = max(best, reqs[1].defends)
        if c0 and c1:
            for a in c0:
                sa = set(a)
                if any(sa.isdisjoint(b) for b in c1):
                    best = reqs[0].defends + reqs[1].defends
                    break
        best = min(best, ev.damage)
        over = len(cards) - ev.max
        fb = 2 * over if over > 0 else 0
        return best - fb + 0.15 * min(len(cards), ev.max)

    def _strength(self, s: State, card: int, lead_res: int) -> int:
        """How strong a card is in the current trick (0 = cannot win)."""
        g = self.game
        r, v = g.res[card], g.val[card]
        if r == s.relic:
            return 100 + v
        if r == lead_res:
            return v
        return 0

    def _would_win(self, s: State, seat: int, card: int) -> bool:
        g = self.game
        trick = s.trick + [(seat, card, False)]
        return g.trick_winner(trick, s.relic)[0] == seat

    def _keep_value(self, s: State, card: int) -> float:
        """How much we would rather keep a card in hand (strong cards win later tricks)."""
        g = self.game
        v = g.val[card]
        bonus = 6 if g.res[card] == s.relic else 0
        return v + bonus + (4 if v == 1 else 0)

    # ------------------------------------------------------------- decisions

    def choose(self, game: Game[State, Action], view: State, legal: Sequence[Action],
               seat: int) -> Action:
        phase = view.phase
        if len(legal) == 1:
            return legal[0]
        handler: Callable[[State, Sequence[Action], int], Action] = getattr(self, "_" + phase)
        return handler(view, legal, seat)

    def _leader(self, s: State, legal: Sequence[Action], seat: int) -> Action:
        return ChooseLeader(seat)

    def _harpoon(self, s: State, legal: Sequence[Action], seat: int) -> Action:
        return harpoon_rule(self.game, s, seat)[0]

    def _play(self, s: State, legal: Sequence[Action], seat: int) -> Action:
        g = self.game
        ev = g.content.events[s.event]
        colony = s.colonies[seat]
        hand = s.hands[seat]
        base = self.colony_value(s, colony)
        room = ev.max - len(colony)
        if not s.trick:  # lead
            if room > 0:
                best = max(hand, key=lambda c: self._strength(s, c, g.res[c]) * 10
                           - self._keep_value(s, c) * 0.1)
                return Play(best)
            return Play(min(hand, key=lambda c: (g.res[c] == s.relic, g.val[c])))
        lead_res = g.res[s.trick[0][1]]
        trick_cards = [c for _, c, _ in s.trick]
        winners = [c for c in hand if self._would_win(s, seat, c)]
        gain = 0.0
        if winners:
            probe = min(winners, key=lambda c: self._strength(s, c, lead_res))
            gain = self._best_collect_gain(s, seat, trick_cards + [probe], base)
        if gain > 0.2 and winners:
            last = len(s.trick) == s.n - 1
            key = (lambda c: self._strength(s, c, lead_res)) if last else \
                (lambda c: -self._strength(s, c, lead_res) + self._keep_value(s, c) * 0.5)
            return Play(min(winners, key=key))
        losers = [c for c in hand if c not in winners] or hand
        dump = min(losers, key=lambda c: self._keep_value(s, c))
        need = room
        if (not s.expedition_used[seat] and need >= 2 and len(s.exp_deck) >= 2
                and len(hand) <= max(2, len(hand) // 2 + 1) and Play(dump, True) in legal):
            return Play(dump, True)
        return Play(dump)

    def _best_collect_gain(self, s: State, seat: int, cards: list[int], base: float) -> float:
        counts = self.game.collect_counts(s, seat)
        best = -99.0
        colony = s.colonies[seat]
        from itertools import combinations

        for k in counts:
            for combo in combinations(cards, min(k, len(cards))):
                best = max(best, self.colony_value(s, colony + list(combo)) - base)
        return best

    def _collect(self, s: State, legal: Sequence[Action], seat: int) -> Action:
        colony = s.colonies[seat]
        normal = max(self.game.content.rules.collect[s.n])

        def score(a: Collect) -> float:
            v = self.colony_value(s, colony + list(a.cards))
            if len(a.cards) > normal:
                v -= 0.5  # spending the Sled has a cost
            return v

        return max((a for a in legal if isinstance(a, Collect)), key=score)

    def _expedition(self, s: State, legal: Sequence[Action], seat: int) -> Action:
        ev = self.game.content.events[s.event]
        room = ev.max - len(s.colonies[seat])
        want = max(0, room)
        options = [a for a in legal if isinstance(a, Draw) and a.count <= want]
        return max(options, key=lambda a: a.count) if options else legal[0]

    def _resolve(self, s: State, legal: Sequence[Action], seat: int) -> Action:
        g = self.game
        ev = g.content.events[s.event]
        for a in legal:
            if isinstance(a, UseEquipment) and "ignore_excess" in g._eq_effect[a.equipment]:
                return a
        defends = [a for a in legal if isinstance(a, Defend)]
        if defends:
            remaining = g.remaining_event_damage(s, seat)
            # Prefer the defence that covers most, then spend the lowest cards.
            return max(defends, key=lambda a: (min(ev.requirements[a.requirement].defends,
                                                   remaining),
                                               -sum(g.val[c] for c in a.cards)))
        for a in legal:
            if isinstance(a, UseEquipment) and g.remaining_event_damage(s, seat) >= 2:
                return a
        return Pass()

    def _buy(self, s: State, legal: Sequence[Action], seat: int) -> Action:
        g = self.game
        buys = [a for a in useful_purchases(g, s, legal) if isinstance(a, Buy)]
        if not buys:
            return Pass()

        def rank(a: Buy) -> tuple[int, int]:
            t = g.content.equip(a.equipment).type
            pri = BUY_PRIORITY.index(t) if t in BUY_PRIORITY else len(BUY_PRIORITY)
            return (pri, sum(g.val[c] for c in a.cards))

        owned = [g.content.equip(e).type for e in s.equipment[seat]]
        fresh = [a for a in buys if g.content.equip(a.equipment).type not in owned] or buys
        return min(fresh, key=rank)

    def _infirmary(self, s: State, legal: Sequence[Action], seat: int) -> Action:
        g = self.game
        for a in legal:
            if isinstance(a, UseEquipment) and s.damage[seat] >= 2:
                return a
        heals = [a for a in legal if isinstance(a, Heal)]
        if heals:
            return min(heals, key=lambda a: sum(g.val[c] for c in a.cards))
        return Pass()


class EasyAgent(HeuristicAgent):
    """The heuristic with deliberate mistakes: one move in three is random."""

    name = "easy"

    def __init__(self, game: FrostShelter, seed: int = 0, mistake_rate: float = 0.35) -> None:
        super().__init__(game, seed)
        self.mistake_rate = mistake_rate

    def choose(self, game: Game[State, Action], view: State, legal: Sequence[Action],
               seat: int) -> Action:
        if len(legal) > 1 and self.rng.random() < self.mistake_rate:
            return legal[self.rng.randrange(len(legal))]
        return super().choose(game, view, legal, seat)


AGENTS: dict[str, Callable[[FrostShelter, int], Agent[State, Action]]] = {
    "heuristic": HeuristicAgent,
    "easy": EasyAgent,
}


# ---------------------------------------------------------------- hints


def move_words(g: FrostShelter, view: State, action: Action) -> str:
    """A move in a few game words, for a hint's reason ("Play Water 4", "Buy the Tarp")."""
    from frostdesk.games.frost_shelter.rules import P

    def cards(xs: Sequence[int]) -> str:
        names = [g.card_name(x) for x in xs]
        return " and ".join(names) if len(names) <= 2 else \
            ", ".join(names[:-1]) + " and " + names[-1]

    if isinstance(action, Play):
        if action.expedition:
            return f"Go on Expedition with {g.card_name(action.card)}"
        return f"Play {g.card_name(action.card)}"
    if isinstance(action, Collect):
        return f"Collect {cards(action.cards)}"
    if isinstance(action, Defend):
        return f"Defend with {cards(action.cards)}"
    if isinstance(action, Buy):
        return f"Buy the {g.equipment_name(action.equipment)} with {cards(action.cards)}"
    if isinstance(action, Heal):
        return f"Heal with {cards(action.cards)}"
    if isinstance(action, Draw):
        return "Draw none" if action.count == 0 else f"Draw {action.count}"
    if isinstance(action, ChooseLeader):
        return f"Name {P % action.seat} the Leader"
    if isinstance(action, Harpoon):
        return f"Make {g.resource_name(action.resource)} the Relic"
    if isinstance(action, UseEquipment):
        return f"Use the {g.equipment_name(action.equipment)}"
    return PASS_WORDS.get(view.phase, "Pass")


def search_reason(g: FrostShelter, view: State, action: Action, seat: int,
                  stats: Sequence[tuple[Action, int, float]], iterations: int) -> str:
    """Why the search bot chose `action`, from what it saw: how often it played the move out
    and how well you came out of it (the share of your rivals you end the Event ahead of, the
    search's reward) against the next best move. "" when it weighed nothing."""
    mine = next(((v, r) for a, v, r in stats if a == action), None)
    if mine is None or iterations <= 0:
        return ""
    visits, reward = mine
    others = [(a, v, r) for a, v, r in stats if a != action]

    def pct(x: float) -> str:
        return f"{round(100 * x)}%"

    duel = view.n == 2  # one rival: the share is how often you come out ahead
    ahead = (f"you come out ahead in {pct(reward)} of them" if duel else
             f"on average you come out ahead of {pct(reward)} of your rivals")
    text = f"The Hard bot played this move out {visits:,} times: {ahead}"
    if not others:
        return text + "."
    other, other_visits, other_reward = others[0]
    words = move_words(g, view, other)
    words = words[:1].lower() + words[1:]  # inside the sentence
    if other_reward > reward + 0.015:  # tried less, scored a little higher: say so
        return (f"{text}; {words} scored {pct(other_reward)} in fewer tries "
                f"({other_visits:,}), so the search trusts it less.")
    if reward - other_reward < 0.015:
        return f"{text}; {words} does about as well ({pct(other_reward)})."
    return f"{text}; the next best, {words}, {pct(other_reward)}."


def _mcts(game: FrostShelter, seed: int = 0, budget_ms: int | None = 1000,
          iterations: int | None = None) -> ISMCTSAgent[State, Action]:
    from functools import partial

    from frostdesk.games.frost_shelter.search import FrostShelterPolicy, FrostShelterSearch

    return FrostShelterSearch(game, FrostShelterPolicy(game), seed=seed, budget_ms=budget_ms,
                              iterations=iterations, reason=partial(search_reason, game))


AGENTS["mcts"] = _mcts
SEARCH_AGENTS: dict[str, Callable[..., Agent[State, Action]]] = {"mcts": _mcts}
