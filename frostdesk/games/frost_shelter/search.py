"""Frost Shelter's pieces for the generic ISMCTS: a fast rollout and move ordering.

The rollout plays the rest of the current Event's tricks on plain lists with a cheap policy,
resolves the Event greedily (best defences, Frost Bite, Hibernation, Tarp and Chest), and
scores each seat by how many rivals it is ahead of on damage. Later Events hit everyone alike
on average, so the end of the current Event is a good horizon.
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from typing import TYPE_CHECKING, cast

from frostdesk.ai.ismcts import ISMCTSAgent
from frostdesk.engine.game import Game
from frostdesk.games.frost_shelter.bots import harpoon_rule, useful_purchases
from frostdesk.games.frost_shelter.state import Action, Play, State

if TYPE_CHECKING:
    from frostdesk.games.frost_shelter.rules import FrostShelter


# The share of the reward after an Event's resolution that goes to the margin over the
# rivals (the rest is the rank): small, so that it only settles what the ranks leave equal.
MARGIN_SHARE = 0.05
# What a Bag, a Sled and a Harpoon still held are worth, in damage (see `_worth`): what each
# saved the Hard bot when given one at a game's start (about nothing, within a damage either way,
# docs/balance/frost-shelter.md, "a card given"), not what a use could save at best.
BAG_WORTH = 0.15
SLED_WORTH = 0.25
HARPOON_WORTH = 0.35


class FrostShelterSearch(ISMCTSAgent[State, Action]):
    """The search, except for the Harpoon, which follows the Normal bot's rule
    (`harpoon_rule`): given a Harpoon at a game's start, a seat that let the search name the
    Relic took 1.1 damage a game more (paired, 100 games) than one that followed the rule, and
    0.7 more with 1,000 iterations for that decision: the search's pick among four Relics is
    mostly noise (docs/balance/frost-shelter.md, "a card given"). And in the last Event's
    purchases it weighs only Medkits: the search, seeing no place change, bought Harpoons it
    could never use (a third of its Harpoon buyers did)."""

    rule_reason = ""

    def choose(self, game: Game[State, Action], view: State, legal: Sequence[Action],
               seat: int) -> Action:
        self.rule_reason = ""
        g = cast("FrostShelter", game)
        if view.phase == "harpoon" and len(legal) > 1:
            return self._by_rule(*harpoon_rule(g, view, seat))
        if view.phase == "buy":
            # the last Event's useless purchases are left out (the Normal bot's rule too)
            useful = useful_purchases(g, view, legal)
            if len(useful) == 1 < len(legal):
                return self._by_rule(useful[0], (
                    "This is the last Event: nothing you buy now can be used except a Medkit "
                    "here, and the cards left in your colony break a tie for the fewest damage."))
            legal = useful
        return super().choose(game, view, legal, seat)

    def _by_rule(self, action: Action, reason: str) -> Action:
        """A move a rule chose without a search: no statistics, the rule's words as the Hint."""
        self.last_iterations, self.last_stats = 0, []
        self.rule_reason = reason
        return action

    def explain(self, view: State, action: Action, seat: int) -> str:
        return self.rule_reason or super().explain(view, action, seat)


class FrostShelterPolicy:
    """The SearchPolicy for Frost Shelter: cheap move ordering and a greedy rollout."""

    def __init__(self, game: FrostShelter, greedy: float = 0.7) -> None:
        self.game = game
        self.greedy = greedy  # share of rollout moves chosen by the cheap heuristic
        c = game.content
        self.res = c.card_resource
        self.val = c.card_value
        self.collect = c.rules.collect
        self.eq_effect = game._eq_effect
        self.equipment_value = [self._worth(effect) for effect in self.eq_effect]

    @staticmethod
    def _worth(effect: dict[str, int]) -> float:
        """Roughly how much damage an unused equipment card saves in a later Event.

        Tarp and Medkit almost always save their full amount; a Chest only matters when a
        colony runs over the Max. A Bag, a Sled and a Harpoon save damage only when a later
        Event happens to suit them (an Expedition with room for three, a trick won with room
        for one more card, a hand whose best resource is not the Relic): given to one seat at
        a game's start, each saved the Hard bot about nothing (paired games, "a card given" in
        docs/balance/frost-shelter.md), so they count for about that: the rollout's score takes
        a held card's worth as damage already saved, and at 0.45-0.8 the search played a holder
        as if ahead of rivals it was level with. They keep a small worth, so that cards that
        cannot heal still buy them.
        """
        worth = 0.0
        worth += 0.85 * effect.get("prevent_event_damage", 0)
        worth += 0.9 * effect.get("heal", 0)
        worth += 0.35 * effect.get("ignore_excess", 0)
        worth += BAG_WORTH * effect.get("expedition_bonus", 0)
        worth += SLED_WORTH * effect.get("collect_bonus", 0)
        worth += HARPOON_WORTH if effect.get("change_relic") else 0.0
        return worth

    # ------------------------------------------------------------------ ordering

    def order(self, state: State, actions: Sequence[Action]) -> Sequence[Action]:
        """Try cheap, sensible moves first: low cards before high, Expeditions last.

        A Bag holder's Expedition once came second (the Bag's third card looked wasted
        otherwise), but with the Hard bot's few iterations that made the holder go on
        Expeditions the tricks would have paid better: a Bag given to one seat cost it about
        a damage a game (tests/games/frost_shelter/measure_gift.py, docs/balance/frost-shelter.md).
        """
        if state.phase == "play":
            val = self.val
            plays = cast(Sequence[Play], actions)  # in the play phase every action is a Play
            return sorted(plays, key=lambda a: (a.expedition, val[a.card]))
        return actions

    # ------------------------------------------------------------------ rollout

    def rollout(self, s: State, rng: random.Random) -> Sequence[float]:
        g = self.game
        n = s.n
        if s.phase == "over":
            out = g.outcome(s)
            assert out is not None  # the game is over
            places = out.places
            return [self._rank_reward(places, i) for i in range(n)]
        damage = s.damage[:]
        spent: list[set[str]] = [set() for _ in range(n)]  # effects the rollout used up
        if s.phase in ("leader", "harpoon", "play", "collect", "expedition"):
            colonies, used = self._finish_tricks(s, rng, spent)
            for seat in range(n):
                damage[seat] += self._resolve(s, seat, colonies[seat], 0, used[seat],
                                              spent=spent[seat])
        elif s.phase == "resolve":
            for seat in s.queue:
                damage[seat] += self._resolve(s, seat, s.colonies[seat], s.defended[seat],
                                              s.expedition_used[seat], started=True,
                                              spent=spent[seat])
        else:  # purchases and the Infirmary, after this Event's resolution
            return self._after_resolution(s, damage)
        return [self._fine_reward(self._kept(s, damage, spent), i) for i in range(n)]

    def _kept(self, s: State, damage: list[int], spent: list[set[str]]) -> list[float]:
        """Scores at the end of a rolled-out Event (lower is better, as damage): the damage,
        less what the equipment still held is worth for the Events to come and the Medkit's
        heals at this Event's Infirmary. A purchase made just before is then judged on the
        same scale whether its worth is spent within the rollout (a Bag's card drawn, a Tarp's
        damage prevented) or kept for later, as `_after_resolution` judges it."""
        last = s.event_no + 1 >= self.game.content.rules.events_per_game
        score = [float(d) for d in damage]
        for seat in range(s.n):
            heal = 0
            for e in s.equipment[seat]:
                effect = self.eq_effect[e]
                heal += effect.get("heal", 0)
                if not last and "heal" not in effect and not spent[seat].intersection(effect):
                    score[seat] -= self.equipment_value[e]
            score[seat] -= min(damage[seat], heal)
        return score

    def _after_resolution(self, s: State, damage: list[int]) -> list[float]:
        """Score the purchase and Infirmary steps (lower is better, as damage).

        Before the last Event, equipment still to be used later is worth about the damage it
        will save. In the last Event nothing bought can help any more except a Medkit at this
        Infirmary, and the cards left in a colony break ties: buying anything else only loses.
        Cards still in a colony can heal at this Event's Infirmary, so a purchase must be worth
        more than the heals it gives up.
        """
        n = s.n
        last = s.event_no + 1 >= self.game.content.rules.events_per_game
        healers = range(n) if s.phase == "buy" else s.queue
        score = [float(d) for d in damage]
        for seat in range(n):
            held = s.equipment[seat]
            if not last:
                score[seat] -= sum(self.equipment_value[e] for e in held)
            if seat in healers:
                medkit = sum(self.eq_effect[e].get("heal", 0) for e in held)
                score[seat] -= min(s.damage[seat], self._heals(s.colonies[seat]) + medkit)
            if last:
                score[seat] -= 0.01 * sum(self.val[c] for c in s.colonies[seat])
        return [self._fine_reward(score, i) for i in range(n)]

    @classmethod
    def _fine_reward(cls, scores: Sequence[float], i: int) -> float:
        """The rank reward, with a small share for the margin over the rivals' mean score.

        A purchase rarely changes who is ahead of whom, so on ranks alone every purchase (and
        passing) would score the same and the search would keep whichever it tried first. The
        margin makes the better purchase win such ties; it never outweighs a place.
        """
        mine = scores[i]
        others = (sum(scores) - mine) / (len(scores) - 1)
        margin = min(1.0, max(0.0, 0.5 + (others - mine) / 20.0))
        return (1.0 - MARGIN_SHARE) * cls._rank_reward(scores, i) + MARGIN_SHARE * margin

    def _heals(self, colony: Sequence[int]) -> int:
        """How many Infirmary heals these cards pay for (sets of different resources)."""
        k = self.game.content.rules.infirmary_different
        per = [0, 0, 0, 0]
        for c in colony:
            per[self.res[c]] += 1
        heals = 0
        while True:
            have = sorted((i for i in range(4) if per[i]), key=lambda i: -per[i])
            if len(have) < k:
                return heals
            for i in have[:k]:
                per[i] -= 1
            heals += 1

    @staticmethod
    def _rank_reward(scores: Sequence[float], i: int) -> float:
        """Share of rivals this seat is ahead of (lower score is better; ties count half)."""
        mine = scores[i]
        ahead = 0.0
        for j, other in enumerate(scores):
            if j != i:
                if mine < other:
                    ahead += 1.0
                elif mine == other:
                    ahead += 0.5
        return ahead / (len(scores) - 1)

    def _finish_tricks(self, s: State, rng: random.Random,
                       spent: list[set[str]] | None = None
                       ) -> tuple[list[list[int]], list[bool]]:
        """Play out the Event's remaining tricks; return colonies and Expedition flags (and
        add to `spent` the Bag and Sled effects each seat used)."""
        res, val = self.res, self.val
        n = s.n
        cap = self.game.content.events[s.event].max
        relic = s.relic
        hands = [h[:] for h in s.hands]
        colonies = [c[:] for c in s.colonies]
        exp_deck = s.exp_deck[:]
        used = s.expedition_used[:]
        counts = self.collect[n]
        trick = s.trick[:]
        phase = s.phase
        turn = s.turn if phase in ("leader", "play") else s.leader
        winner = s.trick_winner
        pending = phase == "collect"
        queue = [s.turn] + s.queue if phase == "expedition" else []
        greedy = self.greedy
        # Extra cards a Bag (Expedition) or a Sled (collecting) still lets each seat take.
        bag = [0] * n
        sled = [0] * n
        for seat in range(n):
            for e in s.equipment[seat]:
                bag[seat] = max(bag[seat], self.eq_effect[e].get("expedition_bonus", 0))
                sled[seat] = max(sled[seat], self.eq_effect[e].get("collect_bonus", 0))
        draw = self.game.content.rules.expedition_draw

        def relic_then_value(c: int) -> tuple[bool, int]:
            return res[c] == relic, val[c]

        while True:
            if pending:
                cards = [c for _, c, _ in trick]
                room = cap - len(colonies[winner])
                k = counts[-1] if room >= counts[-1] else counts[0]
                if sled[winner] and room >= k + sled[winner] and len(cards) > k:
                    k += sled[winner]
                    sled[winner] = 0
                    if spent is not None:
                        spent[winner].add("collect_bonus")
                rng.shuffle(cards)
                colonies[winner].extend(cards[:k])
                exp_deck.extend(cards[k:])
                queue = [seat for seat, _, e in trick if e]
                trick = []
                turn = winner
                pending = False
            while queue:
                seat = queue.pop(0)
                take = min(draw + bag[seat], max(0, cap - len(colonies[seat])), len(exp_deck))
                if take > draw:
                    bag[seat] = 0
                    if spent is not None:
                        spent[seat].add("expedition_bonus")
                for _ in range(take):
                    colonies[seat].append(exp_deck.pop(rng.randrange(len(exp_deck))))
            hand = hands[turn]
            if not hand:
                break
            if rng.random() < greedy:
                room = cap - len(colonies[turn])
                if not trick:
                    card = (max(hand, key=relic_then_value) if room > 0
                            else min(hand, key=relic_then_value))
                else:
                    lead = res[trick[0][1]]
                    top = max(self._strength(c, relic, lead) for _, c, e in trick if not e) \
                        if any(not e for _, _, e in trick) else 0
                    winners = [c for c in hand if self._strength(c, relic, lead) > top]
                    if room > 0 and winners:
                        card = min(winners, key=lambda c: self._strength(c, relic, lead))
                    else:
                        losers = [c for c in hand if c not in winners] or hand
                        card = min(losers, key=relic_then_value)
            else:
                card = hand[rng.randrange(len(hand))]
            hand.remove(card)
            exp = False
            if trick and not used[turn]:
                if bag[turn] and cap - len(colonies[turn]) >= draw + bag[turn]:
                    # a Bag holder with room goes when its card would lose the trick anyway
                    lead = res[trick[0][1]]
                    top = max((self._strength(c, relic, lead) for _, c, e in trick if not e),
                              default=0)
                    exp = self._strength(card, relic, lead) <= top
                else:
                    exp = rng.random() < 0.08
                if exp:
                    used[turn] = True
            trick.append((turn, card, exp))
            if len(trick) == n:
                winner = self.game.trick_winner(trick, relic)[0]
                pending = True
            else:
                turn = (turn + 1) % n
        return colonies, used

    def _strength(self, card: int, relic: int, lead: int) -> int:
        r = self.res[card]
        v = self.val[card]
        if r == relic:
            return 100 + v
        if r == lead:
            return v
        return 0

    def _resolve(self, s: State, seat: int, colony: list[int], defended: int, exp_used: bool,
                 started: bool = False, spent: set[str] | None = None) -> int:
        """Greedy resolution damage for one seat (best defences, Frost Bite, equipment); the
        Tarp and Chest effects it uses go into `spent`."""
        g = self.game
        ev = g.content.events[s.event]
        rules = g.content.rules
        count = s.colony_count[seat] if started else len(colony)
        ignore = s.excess_ignored[seat] if started else 0
        prevented = s.prevented[seat] if started else 0
        hib = s.hibernating[seat] if started else (not colony and not exp_used)
        for e in s.equipment[seat]:
            eff = self.eq_effect[e]
            if "ignore_excess" in eff and not (started and ignore):
                ignore += eff["ignore_excess"]
            if "prevent_event_damage" in eff and not (started and prevented):
                prevented += eff["prevent_event_damage"]
        fb = max(0, count - ev.max - ignore) * rules.frost_bite_per_card
        if spent is not None:
            if prevented:
                spent.add("prevent_event_damage")
            if ignore and count > ev.max:
                spent.add("ignore_excess")
        dmg = ev.damage - prevented - (rules.hibernation_prevents if hib else 0)
        reqs = ev.requirements
        val, res, relic = self.val, self.res, s.relic
        open_reqs = [i for i in (0, 1) if not defended & (1 << i)]
        for i in range(2):
            if defended & (1 << i):
                dmg -= reqs[i].defends
        if dmg > 0 and open_reqs:
            c = [reqs[i].choices(colony, val, res, relic) for i in open_reqs]
            best = 0
            for k, i in enumerate(open_reqs):
                if c[k]:
                    best = max(best, reqs[i].defends)
            if len(open_reqs) == 2 and c[0] and c[1] and any(
                    set(a).isdisjoint(b) for a in c[0][:12] for b in c[1][:12]):
                best = reqs[0].defends + reqs[1].defends
            dmg -= best
        return max(0, dmg) + fb
