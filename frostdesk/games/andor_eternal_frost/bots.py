"""The Eternal Frost's cooperative crews: one plan for the whole group, re-read from the view at
every decision (design brief, section 6).

The heuristic crew reads only its view: it never looks at a face-down token or a card still to
come, so a boss is planned for only once it stands on the board. At every decision it works out
the same plan from the table:

- **goals**: the legend's goal names articles to bring somewhere (`item_at`) and creatures to
  beat (`defeated`); one hero, the nearest free one, fetches and carries each article;
- **threats**: each creature's sunrises until it reaches the castle, against the free shields and
  the letters left; only creatures that would overflow the shields are hunted, because every kill
  moves the narrator;
- **the boss**: the hunters meet it on the first space of its walk that all of them can reach
  with hours to spare, light the fire there if there is one, and fight it together;
- **odds**: exact distributions of a round's value (the best die, or with the helm or for a
  creature the best sum of equal dice) decide re-rolls, the wizard's turn, herbs and whether to
  fight another round.

`explain` gives the Hint: the reason of the plan step that chose the move.
"""

from __future__ import annotations

import random
from collections.abc import Callable, Iterator, Sequence
from typing import TYPE_CHECKING

from frostdesk.engine.game import Game
from frostdesk.games.andor_eternal_frost.odds import mean, sum_dists, value_odds, win_odds
from frostdesk.games.andor_eternal_frost.pieces import TRANUK_SP
from frostdesk.games.andor_eternal_frost.plan import FIGHT_HOURS, USEFUL, Plan
from frostdesk.games.andor_eternal_frost.rules import EternalFrost, best_value
from frostdesk.games.andor_eternal_frost.state import (
    Action,
    Burn,
    EndDay,
    Fight,
    Give,
    Glow,
    KeepDice,
    Leave,
    Light,
    LightHearth,
    Look,
    Move,
    Pass,
    PickUp,
    PutDown,
    Reroll,
    Reward,
    State,
    Stay,
    TakeIquar,
    TurnDie,
    Use,
)

if TYPE_CHECKING:
    from frostdesk.ai import Agent

P = "{p%d}"  # hero placeholder; the app swaps in names
WHY_TAKE = {  # what each useful article is for, in the Hint's words
    "wineskin": "each of its two sides walks a space without an hour",
    "telescope": "it turns up the snow tokens next to the hero without walking there",
    "helm": "equal dice then count as their sum in battle",
    "askimar_blade": "once a round it rolls one of the hero's dice again",
}


class HeuristicCrew:
    """The cooperative heuristic crew: any seat, the same plan (see the module's notes)."""

    name = "heuristic"

    def __init__(self, game: EternalFrost, seed: int = 0) -> None:
        self.game = game
        self.rng = random.Random(seed)

    def choose(self, game: Game[State, Action], view: State, legal: Sequence[Action],
               seat: int) -> Action:
        return self.decide(view, legal)[0]

    def explain(self, view: State, action: Action, seat: int) -> str:
        """Why the crew recommends `action` (the Hint)."""
        chosen, why = self.decide(view, self.game.legal(view))
        if chosen == action:
            return why
        return f"{self.game.action_text(action)}: not the crew's pick ({why})."

    # ------------------------------------------------------------- decisions

    def decide(self, s: State, legal: Sequence[Action]) -> tuple[Action, str]:
        if len(legal) == 1:
            return legal[0], "the only thing to do now"
        b = s.battle
        if b is not None:
            return self._battle(s, legal)
        return self._turn(s, legal)

    def _turn(self, s: State, legal: Sequence[Action]) -> tuple[Action, str]:
        g = self.game
        i = s.current
        plan = Plan(g, s)
        here = s.space[i]
        for action, why in self._free(s, plan, i, legal):
            return action, why
        goal, why = plan.target(i)
        creature = s.creature_at(here)
        fights = [a for a in legal if isinstance(a, Fight)]
        if fights and creature is not None:
            verdict = self._fight_here(s, plan, i, creature, fights)
            if verdict is not None:
                return verdict
        left = g.hours_left(s, i)
        if goal is not None and goal != here and left > 0:
            move = self._step(s, plan, i, goal, legal)
            if move is not None:
                return move, f"{why}: {self._move_words(s, move)}"
        if goal == here and plan.meeting is not None and plan.meeting[1] == here \
                and plan.meeting[2] == 0 and Pass() in legal:
            coming = [j for j in plan.hunters if j != i and not s.ended[j]
                      and s.space[j] != here
                      and plan.dist(s.space[j], here) <= g.hours_left(s, j) - FIGHT_HOURS]
            if coming and left > FIGHT_HOURS + 1:
                return Pass(), "wait an hour here for the others to join the fight"
        if i == plan.keeper and goal == here and Pass() in legal and left > 1:
            coming = [j for j in range(s.n) if j != i and not s.ended[j]
                      and any(p.startswith("tablet_") for p in s.pouch[j])
                      and plan.hdist(j, here) <= g.hours_left(s, j)]
            if coming:
                return Pass(), (f"wait an hour here for {P % coming[0]} to bring the "
                                "tablets")
        if goal is None and left > 0:
            return EndDay(), "nothing to hunt or fetch now: end the day and keep the hours"
        return EndDay(), ("end the day here: " + why) if why else "end the day"

    def _free(self, s: State, plan: Plan, i: int, legal: Sequence[Action]
              ) -> Iterator[tuple[Action, str]]:
        g = self.game
        here = s.space[i]
        yield from self._legend_free(s, plan, i, legal)
        carrying = plan.carriers.get(i)
        if carrying is not None:
            item, at = carrying
            if item not in s.kit[i] and PickUp(item) in legal:
                yield PickUp(item), f"take the {g.article_name(item).lower()} for the goal"
            if item not in s.kit[i] and item in s.items.get(here, ()):
                large = [k for k in s.kit[i] if g.size(k) == g.size(item)]
                for k in large:
                    if PutDown(k) in legal:
                        yield PutDown(k), f"leave the {g.article_name(k).lower()} to free " \
                                          f"a slot for the {g.article_name(item).lower()}"
        for item, at in plan.deliveries:
            if at == here and item in s.kit[i] and PutDown(item) in legal:
                yield PutDown(item), f"the {g.article_name(item).lower()} has arrived: leave " \
                                     "it here for good"
        for item in USEFUL:
            act = PickUp(item)
            if act in legal and not (item == "helm" and s.heroes[i] == "wizard") \
                    and not (g.size(item) == "large" and plan.deliveries
                             and i in plan.carriers):
                yield act, f"take the {g.article_name(item).lower()}: {WHY_TAKE[item]}"
        if Use("blue_berries") in legal and s.wp[i] <= 16:
            yield Use("blue_berries"), "eat the blue berries: +3 WP"
        creature = s.creature_at(here)
        fighting = (creature is not None and any(isinstance(a, Fight) for a in legal)
                    and self._wants_fight(s, plan, i, creature)
                    and self._fire_helps(s, creature))
        ending = g.hours_left(s, i) == 0 or (plan.target(i)[0] in (None, here))
        if Light() in legal and s.wp[i] >= 5 and (fighting or (ending and s.wp[i] <= 17)):
            yield Light(), ("light the fire for the battle bonus" if fighting
                            else "light the fire to warm up at sunrise (+5 WP)")
        if LightHearth() in legal and s.wp[i] >= 5 and not g.burning(s, here) \
                and (fighting or (ending and s.wp[i] <= 17)):
            yield LightHearth(), "light the fire on the board"
        if Burn() in legal and fighting and s.wp[i] >= 6 and creature is not None \
                and s.kind(creature) in s.bosses:
            yield Burn(), "burn the firewood for the battle bonus"

    def _legend_free(self, s: State, plan: Plan, i: int, legal: Sequence[Action]
                     ) -> Iterator[tuple[Action, str]]:
        """Legends 2-4: the tablets glow as soon as one hero holds all three; tablets go to
        the hero who keeps them; an Iquar is taken along by the hero sent for it."""
        g = self.game
        if Glow() in legal:
            yield Glow(), "turn the three tablets: they glow and hold the frost back today"
        here = s.space[i]
        held = {j: sum(1 for t in s.pouch[j] if t.startswith("tablet_")) for j in range(s.n)}
        keeper = plan.keeper
        if keeper is not None and held[i] and keeper != i:
            # to the keeper; if the keeper has ended the day, to another holder here who
            # has not, so the three still come together
            takers = [keeper] if s.space[keeper] == here and not s.ended[keeper] else sorted(
                (j for j in range(s.n) if j != i and held[j] and s.space[j] == here
                 and not s.ended[j]), key=lambda j: (-held[j], j))
            for j in takers[:1]:
                for t in sorted(s.pouch[i]):
                    if t.startswith("tablet_") and Give(t, j) in legal:
                        yield Give(t, j), f"hand the tablet to {P % j}, who keeps the " \
                                          "three together"
        hidden = plan.hidden_tablet_sites() if s.glow == 0 else []
        for a in legal:
            if isinstance(a, Look) and a.space in hidden:
                yield a, (f"look at the snow token on {a.space} with the telescope: a tablet "
                          "may lie under it")
        errand = plan.errands.get(i)
        if errand is not None and errand[0] == here and PickUp("carlion") in legal:
            yield PickUp("carlion"), "take up Carlion: it must drink the light of the old hearths"
        if i == plan.sword and here in s.markers and not g.burning(s, here) \
                and Light() in legal:
            yield Light(), "light the old hearth's fire: Carlion drinks its light"
        if errand is not None and errand[0] == here:
            for a in legal:
                if isinstance(a, TakeIquar):
                    yield a, "take the Iquar along, to bring it home to the tent city"

    def _fire_helps(self, s: State, creature: int) -> bool:
        """A fire adds to battles with this creature (legend 3: none helps against Tuhavar)."""
        kind = s.kind(creature)
        return kind not in s.bosses or self.game.legend(s).bosses[kind].fires

    def _wants_fight(self, s: State, plan: Plan, i: int, creature: int) -> bool:
        if creature in plan.bosses:
            return plan.meeting is not None and plan.meeting[2] == 0
        return creature in plan.threat.values()

    def _fight_here(self, s: State, plan: Plan, i: int, creature: int,
                    fights: Sequence[Fight]) -> tuple[Action, str] | None:
        g = self.game
        best = max(fights, key=lambda f: len(f.allies))
        group = [i, *best.allies]
        name = g.name(s, creature)
        win, _, _ = self._round_odds(s, group, creature, g.creature_wp(s, creature))
        if creature in plan.bosses:
            waiting = [j for j in plan.hunters if j not in group and not s.ended[j]
                       and plan.dist(s.space[j], s.space[i]) <= g.hours_left(s, j) - FIGHT_HOURS]
            # its last stop before the castle, or the narrator's last letters: now or never
            castle = plan.walk(creature, 1) == plan.home
            last = castle or plan.letters_left() <= 2
            if waiting and not castle:
                return None  # late in the legend too: a hunter who can still come today
            if g.hours_left(s, i) < 2 and not last:
                return None
            if self._fire_helps(s, creature) and not g.burning(s, s.space[i]) \
                    and Light() not in g.legal(s) \
                    and LightHearth() not in g.legal(s) and Pass() in g.legal(s):
                lighter = [j for j in group if j != i and (
                    s.heroes[j] == "guardian" and not s.hearth and s.wp[j] > 4
                    or s.space[i] in s.fires and s.wp[j] > 4)]
                if lighter:
                    return Pass(), (f"pass an hour so {P % lighter[0]} can light the fire "
                                    f"before the battle with the {name}")
            if not last and not self._can_beat(s, group, creature):
                return None
            return best, (f"attack the {name} together ({len(group)} "
                          f"hero{'es' if len(group) > 1 else ''}, {win:.0%} to win a round)")
        if g.hours_left(s, i) < 2:
            return None
        if creature in plan.threat.values() or (not plan.threat and plan.meeting is None
                                       and win >= 0.75 and s.kind(creature) != "gor"):
            free = g.shield_count(s) - len(s.shields)
            desperate = plan.arrives(creature) <= 1 and free == 0
            if win >= 0.5 or desperate:
                return best, (f"attack the {name} ({win:.0%} to win a round) before it takes "
                              "a shield")
        return None

    def _step(self, s: State, plan: Plan, i: int, goal: int, legal: Sequence[Action]
              ) -> Move | None:
        g = self.game
        c = g.content
        here = s.space[i]
        way = plan.towards(goal)
        now = way.get(here, 99)
        urgent = i in plan.carriers and plan.carriers[i][0] in s.kit[i]
        # an Iquar walked past a creature is lost: an escort keeps to creature-free ways
        safe = g.safe_reach(s, i) if s.escorted(i) else None
        best: tuple[tuple[int, int, int, int, int], Move] | None = None
        for a in legal:
            if not isinstance(a, Move):
                continue
            d = plan.dist(here, a.to)
            hours = d - a.sips
            if a.root:
                hours -= min(2, hours)
            rest = way.get(a.to, 99)
            if rest >= now or safe is not None and safe.get(a.to, 99) > d:
                continue
            over = max(0, s.hour[i] + hours - c.day_hours)
            if over and (rest > 0 or not urgent):
                continue  # overtime only when it finishes an urgent step
            key = (rest, over, a.sips + 2 * a.root, hours, a.to)
            if best is None or key < best[0]:
                best = (key, a)
        return None if best is None else best[1]

    def _move_words(self, s: State, move: Move) -> str:
        k = self.game.board(s).dist[s.space[s.current]][move.to]
        extra = f", {move.sips} by wineskin" if move.sips else ""
        return f"move to {self.game.space_name(s, move.to)} ({k} space{'s' if k != 1 else ''}" \
               f"{extra})"

    # ------------------------------------------------------------- battles

    def _round_odds(self, s: State, group: Sequence[int], creature: int, cwp: int
                    ) -> tuple[float, float, float]:
        g = self.game
        c = g.content
        parts = []
        base = self._group_bonus(s, group, creature)
        boss = s.kind(creature) in s.bosses
        warms = not boss or g.legend(s).bosses[s.kind(creature)].fires
        for j in group:
            parts.append(value_odds(c.hero_dice(s.heroes[j], s.wp[j]), "helm" in s.kit[j]))
            base += s.sp[j] + (g.fire_bonus(s, j) if warms else 0)
        ours = sum_dists(parts)
        theirs = value_odds(g.creature_dice(s, creature, cwp), True)
        return win_odds(ours, base, theirs, g.creature_sp(s, creature))

    def _group_bonus(self, s: State, group: Sequence[int], creature: int) -> int:
        """Tranuk on the creature's space and Carlion's charges with its carrier among the
        fighters count once for the group (C13, R16), as the round itself counts them."""
        bonus = TRANUK_SP if s.figures.get("tranuk") == s.where(creature) else 0
        if self.game.pieces.carrier(s) in group:
            bonus += s.carlion
        return bonus

    def _can_beat(self, s: State, group: Sequence[int], creature: int) -> bool:
        """A whole battle looks winnable: the expected harm to the creature over the hours the
        group has clears its willpower, and each round is won more often than not."""
        g = self.game
        cwp = g.creature_wp(s, creature)
        win, hurt, harm = self._round_odds(s, group, creature, cwp)
        rounds = min(g.hours_left(s, j) for j in group)
        lasts = min(s.wp[j] for j in group) / max(harm, 0.5)
        return win >= 0.5 and hurt * min(rounds, lasts + 1) >= 1.2 * cwp

    def _battle(self, s: State, legal: Sequence[Action]) -> tuple[Action, str]:
        g = self.game
        b = s.battle
        assert b is not None
        if b.phase == "blade":
            return self._blade(s, legal)
        if b.phase == "turn":
            return self._turn_die(s, legal)
        if b.phase == "herb":
            known = self._known_total(s)
            theirs = value_odds(g.creature_dice(s, b.creature, b.cwp), True)
            expect = mean(theirs) + g.creature_sp(s, b.creature)
            if known <= expect + 2 or s.kind(b.creature) in s.bosses:
                return Use("red_blood_herb"), "eat the red blood herb: +2 in a close round"
            return KeepDice(), "keep the herb: this round looks safe without it"
        if b.phase == "stay":
            j = b.asked[0]
            win, hurt, harm = self._round_odds(s, b.fighters, b.creature, b.cwp)
            boss = s.kind(b.creature) in s.bosses
            if boss or s.wp[j] > harm + 2 or hurt >= b.cwp:
                return Stay(), (f"fight on: {win:.0%} to win the next round, the creature "
                                f"has {b.cwp} WP left")
            return Leave(), f"leave: another round risks {harm:.1f} WP at {s.wp[j]} WP"
        if b.phase == "reward":
            kinds = [a for a in legal if isinstance(a, Reward)]
            low = min(s.wp[j] for j in b.fighters)
            want = "sp" if low >= 6 else "wp"
            for a in kinds:
                if a.kind == want:
                    return a, ("take strength points: they count in every battle to come"
                               if want == "sp" else "take willpower: the fighters are weak")
            return kinds[0], "the only reward"
        return legal[0], "the only thing to do now"

    def _known_total(self, s: State) -> int:
        g = self.game
        b = s.battle
        assert b is not None
        total = 0
        for j in b.fighters:
            if j in b.rolls:
                total += g.fighter_value(s, j, b.rolls[j])
            else:
                total += s.sp[j] + g.fire_bonus(s, j) + 3
        return total + 2 * len(b.herbs) + self._group_bonus(s, b.fighters, b.creature)

    def _blade(self, s: State, legal: Sequence[Action]) -> tuple[Action, str]:
        b = s.battle
        assert b is not None
        j = b.waiting
        faces = b.rolls[j]
        helm = "helm" in s.kit[j]
        now = best_value(faces, helm)
        best: tuple[float, Action] = (float(now), KeepDice())
        for a in legal:
            if isinstance(a, Reroll):
                exp = sum(best_value([*faces[:a.die], f, *faces[a.die + 1:]], helm)
                          for f in range(1, 7)) / 6
                if exp > best[0] + 0.01:
                    best = (exp, a)
        if isinstance(best[1], Reroll):
            die = faces[best[1].die]
            return best[1], f"roll the {die} again with the blade: {now} now, " \
                            f"{best[0]:.1f} expected"
        return KeepDice(), f"keep the roll: {now} is as good as a re-roll gets"

    def _turn_die(self, s: State, legal: Sequence[Action]) -> tuple[Action, str]:
        b = s.battle
        assert b is not None
        j = b.waiting
        faces = b.rolls[j]
        helm = "helm" in s.kit[j]
        now = best_value(faces, helm)
        later = [k for k in b.fighters if k not in b.rolls]
        best: tuple[int, Action] = (now, KeepDice())
        for a in legal:
            if isinstance(a, TurnDie):
                v = best_value([*faces[:a.die], 7 - faces[a.die], *faces[a.die + 1:]], helm)
                if v > best[0]:
                    best = (v, a)
        gain = best[0] - now
        if isinstance(best[1], TurnDie) and (gain >= 3 or not later
                                             or gain >= 2 and len(later) < 2):
            die = faces[best[1].die]
            return best[1], f"turn the {die} into a {7 - die}: the roll counts {best[0]} " \
                            f"instead of {now}"
        return KeepDice(), "keep the turn for a later roll" if later else "keep the roll"


class EasyCrew(HeuristicCrew):
    """The heuristic crew with lapses: one decision in three is taken at random."""

    name = "easy"

    def choose(self, game: Game[State, Action], view: State, legal: Sequence[Action],
               seat: int) -> Action:
        if len(legal) > 1 and self.rng.random() < 1 / 3:
            # a whim among the turn's main actions: a free action at random (dropping the
            # stone anywhere) would be no lapse but sabotage
            main: list[Action] = [a for a in legal
                                  if isinstance(a, Move | Fight | Pass | EndDay)]
            main = main or list(legal)
            return main[self.rng.randrange(len(main))]
        return super().choose(game, view, legal, seat)


AGENTS: dict[str, Callable[[EternalFrost, int], Agent[State, Action]]] = {
    "heuristic": lambda game, seed: HeuristicCrew(game, seed),
    "easy": lambda game, seed: EasyCrew(game, seed),
}
SEARCH_AGENTS: dict[str, Callable[..., Agent[State, Action]]] = {}
