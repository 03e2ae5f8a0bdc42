"""Last Aurora bots: a heuristic convoy driver, an easy one that slips, and the search bot.

Every bot reads only its seat's view. The heuristic values a convoy as the Fame it can still
expect: the Fame track and the miles driven, the miles its Fuel can still buy (up to the
Aurora's last reachable waypoint, at its Speed, with the Boost for a second Fuel), survivors
(each one scores 2 if the convoy boards), Food for feeding them, Ammo for its weapons, Objects,
cells and the truck's Speed. It judges each choice of an Exploration, Rest or Movement turn by
playing it in one world consistent with its view and comparing that value before and after (so
it picks the best cell, card and explorers, and plans the Boost with the Fuel it has left). In
Fire Weapons it shoots every enemy it can reach when a hit is worth the Ammo or Object it costs.
With Player vs. Player on it also fires at the richest rival in its region (the most Fame on the
track and in miles) when the Damage it expects to land past the rival's Evasion is at least 1
(`raid_worth`); the `peaceful` bot is the same heuristic that never fires at a rival (the
balance report's lone-attacker measure needs it).

With any Frozen Steel module on, two more rules of thumb (the base game's play is left as its
balance report measured it): a Movement slowed by an event or a Story result counts against the
Fuel only when every Movement left must be driven (a convoy short of Fuel skips the slow one,
so it does not feed that Fuel to an android), and a convoy that will still have the Aurora
within its Speed and Boost for the last Movement is worth `REACH` more per survivor (it does
not stop a mile short of the ship's last waypoint for a wreck's Object).
"""

from __future__ import annotations

import math
import random
import weakref
from collections.abc import Callable, Mapping, Sequence
from typing import TYPE_CHECKING, Any, cast

from frostdesk.ai.ismcts import ISMCTSAgent
from frostdesk.engine.game import Game
from frostdesk.games.last_aurora.state import (
    EMPTY,
    Action,
    Answer,
    Attack,
    Cancel,
    Done,
    Drop,
    Explore,
    Move,
    Order,
    Pass,
    Pick,
    Play,
    Raid,
    Rest,
    Shift,
    State,
    StoryOption,
    Swap,
)

if TYPE_CHECKING:
    from frostdesk.ai import Agent
    from frostdesk.games.last_aurora.rules import LastAurora

# What one thing is worth, in Fame at the game's end (the heuristic's weights).
MILE_OF_FUEL = 0.6  # a mile the Fuel in the tanks can still buy (more Fuel will come)
SURVIVOR = 1.6  # scores 2 if the convoy boards; also an explorer
FIT_ACTIVE = 0.8  # an Active survivor explores next (or this) Exploration
FIT_REST = 0.2
CONTAMINATION = 0.6
LAST_COUNTER = 1.5  # a survivor one counter from death
FOOD = 0.7
FOOD_SPARE = 0.2
AMMO = 0.6
AMMO_SPARE = 0.15
OBJECT = 0.8
TARGET_PLACED = 0.4
CLEAN_CARD = 0.25  # 1 Fame each if nobody boards
CELL_WORTH = {"C": 0.4, "A": 0.35, "G": 0.35}
REACH = 1.0  # per survivor: the Aurora within reach for the last Movement (modules on)
BOARDED = 1.0  # being aboard also ends the road for the others one round later
# How much the bot would rather keep an Object than feed it to a junk weapon, by its verb
KEEP = {"stealth": 0.6, "anti_tank": 0.7, "repair": 0.6, "speed": 0.5, "skip_ambush": 0.5,
        "ration": 0.4, "decontaminate": 0.4, "enemy_damage": 0.4, "serum": 0.3, "smoke": 0.3,
        "canned": 0.3, "tracked": 0.3, "unstable": 0.2, "peek": 0.1}
# Player vs. Player: fire at a rival when the Damage expected past its Evasion reaches this
RAID_MIN = 1.0
RAID_PER_DAMAGE = 0.7  # the Aggression rewards a landed counter brings, and the rival's loss
# The search bot (LastAuroraPolicy; docs/balance/last-aurora.md, "The search bot")
SEARCH_WIDTH = 4  # the heuristic's best choices weighed
SEARCH_PHASES = frozenset({"explore", "move", "rest"})  # the turns weighed by playouts
SEARCH_SCALE = 2.0  # Fame of margin over the best rival that makes first place ~73% sure
# Rounds a playout plays on before the heuristic's worth of the convoys judges it, by player
# count (None: to the game's end). With 3-4 convoys a playout to the end costs so much that a
# second held one or two sweeps; to the round's end, ten or more (docs/balance/last-aurora.md).
SEARCH_HORIZON: dict[int, int | None] = {1: None, 2: None, 3: 1, 4: 1}
# Module 3: the crew abilities that make an Exploration team play differently
CREW_EXPLORERS = ("neighbour_bonus", "shed_to_rest")
# RS2, reorganising in Rest: what a token lost to Damage costs (a Survivor token's, the
# survivor who dies when no cargo cell is left for it), and the saving a move must make
LOST = {"fuel": 1.0, "food": FOOD, "ammo": AMMO}
LOST_SURVIVOR = 3.0
SHIFT_MIN = 0.5


def _hit_chance(game: LastAurora) -> float:
    faces = [o.face for o in game.content.outcomes]
    return sum(1 for f in faces if f > 0) / max(1, len(faces))


def _mean_damage(game: LastAurora, cap: int) -> float:
    faces = [o.face for o in game.content.outcomes]
    return sum(min(f, cap) for f in faces) / max(1, len(faces))


class _Tables:
    """The heuristic's per-card tables for one game (read only, shared by its bots)."""

    def __init__(self, game: LastAurora) -> None:
        self.hit = _hit_chance(game)
        c = game.content
        # the furthest mile the Aurora stands on while a convoy may still board
        self.last_mile = c.road.waypoints[min(len(c.road.waypoints), c.rounds - 1) - 1]
        self.cell_worth = [tuple(HeuristicAgent._cell_worth(code) for code in card.cells)
                           if card.kind in ("truck", "trailer", "device") else ()
                           for card in game.cards]
        self.cell_floats = [tuple(w for w, _, _, _ in cw) for cw in self.cell_worth]
        self.card_worth = [(sum(x[1] for x in cw), sum(x[2] for x in cw), sum(x[3] for x in cw))
                           for cw in self.cell_worth]
        # per survivor card: its worth while the road goes on, and the Contamination count
        # one short of its death
        self.surv_worth = [SURVIVOR + 0.25 * card.value for card in game.cards]
        self.surv_last = [card.dies_at - 1 for card in game.cards]
        # what a Contamination counter costs a survivor: Module 3's Ghoul burns its one
        # counter for Speed (#250), so on it a counter is fuel, not a step towards death
        self.cont_worth = [0.0 if card.ability("shed_speed") else CONTAMINATION
                           for card in game.cards]
        self.last_worth = [0.0 if card.ability("shed_speed") else LAST_COUNTER
                           for card in game.cards]


_TABLES: weakref.WeakKeyDictionary[LastAurora, _Tables] = weakref.WeakKeyDictionary()


class HeuristicAgent:
    """The rule-of-thumb convoy driver described in the module docstring."""

    name = "heuristic"
    raids = True  # fires at rivals (Player vs. Player)

    def __init__(self, game: LastAurora, seed: int = 0) -> None:
        self.game = game
        self.rng = random.Random(seed)
        # the per-card tables depend on the game only: worked out once per game and shared
        # by its bots (a simulation makes a bot per seat per game; building them took about
        # 5 ms a bot, more than a fifth of a game's decisions at 4 players)
        tables = _TABLES.get(game)
        if tables is None:
            tables = _TABLES[game] = _Tables(game)
        self.hit = tables.hit
        self.last_mile = tables.last_mile
        self.cell_worth = tables.cell_worth
        self.cell_floats = tables.cell_floats
        self.card_worth = tables.card_worth
        self.surv_worth = tables.surv_worth
        self.surv_last = tables.surv_last
        self.cont_worth = tables.cont_worth
        self.last_worth = tables.last_worth

    # ------------------------------------------------------------- the convoy's worth

    def movements_left(self, s: State, seat: int) -> int:
        rounds = self.game.content.rounds - s.round
        # a choice put to someone (phase "choose") holds the phase it interrupted
        phase = s.pending[2] if s.phase == "choose" and len(s.pending) > 2 else s.phase
        if s.phase == "story" and s.story.reading:  # Module 4: the phase the card interrupts
            phase = "fire" if s.story.reading[4] in ("fw", "eor") else s.story.reading[6]
        moved = phase in ("flare", "fire") or phase == "move" and s.passed[seat]
        if s.phase == "offer" and len(s.offer) > 2:
            moved = s.offer[2] in ("flare", "fire")
        if s.board_round:  # last call: one more round after the first boarding's
            rounds = min(rounds, 1 if s.board_round == s.round else 0)
        return max(0, rounds + (0 if moved else 1))

    def fuel_miles(self, s: State, seat: int, fuel: int | None = None,
                   speed: int | None = None, left: int | None = None,
                   boost: int | None = None) -> float:
        """The miles this convoy's Fuel can still buy, up to the Aurora's last waypoint
        (`left`, `boost`: the movements left and the truck's Boost, when the caller has them)."""
        g = self.game
        if seat in s.boarded:
            return 0.0
        left = self.movements_left(s, seat) if left is None else left
        fuel = g.count(s, seat, "fuel") if fuel is None else fuel
        speed = max(1, self.steady_speed(s, seat) if speed is None else speed)
        boost = g.truck(s, seat).boost if boost is None else boost
        base = min(fuel, left)
        boosted = min(fuel - base, base)
        miles = base * speed + boosted * boost
        if base and not (s.phase == "move" and s.passed[seat]):  # this Movement's reminders
            bonus = s.speed_next[seat] + s.speed_all[seat]
            if bonus >= 0 or not s.modules:
                miles += bonus
            elif base >= left:  # a slowed Movement is driven only if every one left must be
                miles += max(bonus, 1 - speed)
        return float(min(miles, max(0, self.last_mile - s.mile[seat])))

    def steady_speed(self, s: State, seat: int) -> int:
        """The Speed a convoy keeps from round to round (the truck, survivors, cells), without
        the bonuses that hold only while it lags behind or drives alone."""
        g = self.game
        slot = s.convoy[seat][0][0]
        assert slot is not None
        speed: int = 1 if all(slot[1]) else g.cards[slot[0]].speed
        speed += sum(g.ability(s, seat, "speed"))
        speed += sum(1 for sl, k, _, _ in g.cells(s, seat)
                     if g.code(sl, k) == "S:speed" and not sl[1][k])
        if s.modules:  # Module 3: the crew's Speed as the convoy stands now
            speed += g.crew.speed(s, seat, steady=True)
        return speed

    @staticmethod
    def _cell_worth(code: str) -> tuple[float, int, int, int]:
        """(worth while the game goes on, ★ Fame at the end, is a weapon, is a Speed cell)."""
        if code.startswith("S★"):
            return 0.0, int(code[2:]), 0, 0
        if code[0] in "WJ":
            return 0.35 + 0.2 * min(int(code[1:]), 3) * (1 if code[0] == "W" else 0.7), 0, 1, 0
        if code.startswith("C:"):
            return 0.3, 0, 0, 0
        if code == "S:speed":
            return 0.5, 0, 0, 1
        return CELL_WORTH.get(code, 0.3), 0, 0, 0

    def value(self, s: State, seat: int) -> float:
        """What the convoy is worth in end-of-game Fame, as far as this bot can tell."""
        g = self.game
        c = g.content
        if s.phase == "over":
            o = g.outcome(s)
            assert o is not None
            # the score counts miles ahead of the rearmost convoy; this worth counts the mile
            # itself (below): add the rearmost mile back, so a move that ends the game is
            # weighed on the same scale as one that does not
            rear = c.per_mile * min(s.mile)
            return float(o.scores[seat] + rear) + (0.5 if o.places[seat] == 1 else 0.0)
        # one pass over the convoy: tokens, weapons, cells
        fuel = food = ammo = 0
        cells = 0.0
        stars = guns = fast = clean = 0
        worth, whole, floats = self.cell_worth, self.card_worth, self.cell_floats
        for col in s.convoy[seat]:
            for slot in col:
                if slot is None:
                    continue
                card, dmg, held = slot
                if held.count("") != len(held):  # (most cells hold nothing)
                    fuel += held.count("fuel")
                    food += held.count("food")
                    ammo += held.count("ammo")
                if 1 in dmg:
                    for k, (w, star, gun, speed) in enumerate(worth[card]):
                        if not dmg[k]:
                            cells += w
                            stars += star
                            guns += gun
                            fast += speed
                    continue
                clean += 1
                for w in floats[card]:  # the same sum, in the same order
                    cells += w
                star, gun, speed = whole[card]
                stars += star
                guns += gun
                fast += speed
        truck_slot = s.convoy[seat][0][0]
        assert truck_slot is not None
        truck = g.cards[truck_slot[0]]
        speed = (1 if all(truck_slot[1]) else truck.speed) + fast + sum(
            g.ability(s, seat, "speed"))
        if s.modules:  # Module 3: the crew's Speed as the convoy stands now
            speed += g.crew.speed(s, seat, steady=True)
        # the mile itself, not the lead over the rearmost: a rival's lead shrinks as you
        # drive, which is worth as much as your own growing
        v = float(s.fame[seat]) + c.per_mile * s.mile[seat] + stars
        left = self.movements_left(s, seat)
        aboard = seat in s.boarded
        if aboard:
            v += BOARDED + c.per_survivor_aboard * len(s.surv[seat])
        else:
            v += MILE_OF_FUEL * self.fuel_miles(s, seat, fuel, speed, left, truck.boost)
            if s.modules and fuel and left:  # Module 3: the Ghoul's counter, burnt once
                v += MILE_OF_FUEL * g.crew.burn(s, seat)
        live = left > 0 and not aboard
        if live and left == 1 and s.modules:  # the last Movement: is the Aurora in reach?
            target = s.aurora if s.board_round else self.last_mile
            reach = (max(1, speed) + (truck.boost if fuel >= 2 else 0)) if fuel else 0
            if s.mile[seat] + reach >= target:
                v += REACH * len(s.surv[seat])
        if live:
            # survivors: explorers now, 2 Fame each aboard
            surv_worth, last, cont_worth = self.surv_worth, self.surv_last, self.cont_worth
            for card, zone, cont in s.surv[seat]:
                v += surv_worth[card]
                v -= cont_worth[card] * cont + (self.last_worth[card] if cont == last[card]
                                                else 0.0)
                v += FIT_ACTIVE if zone == "A" else FIT_REST if zone == "R" else 0.0
            n = len(s.surv[seat])
            v += FOOD * min(food, n) + FOOD_SPARE * max(0, food - n)
            useful = guns * left
            v += AMMO * min(ammo, useful) + AMMO_SPARE * max(0, ammo - useful)
            v += OBJECT * len(s.objects[seat])
            v += TARGET_PLACED * sum(t.count(seat) for t in s.etgt)
            v += 0.6 * truck.boost + (0.6 if truck.tracked else 0.0) + cells
        if not s.boarded:
            v += CLEAN_CARD * clean
        return v

    # ------------------------------------------------------------- choosing

    def choose(self, game: Game[State, Action], view: State, legal: Sequence[Action],
               seat: int) -> Action:
        if len(legal) == 1:
            return legal[0]
        quick = self.quick(view, legal, seat)
        if quick is not None:
            return quick
        return self.ranked(view, legal, seat)[0][0]

    # ------------------------------------------------------------- choices made by rule

    def quick(self, view: State, legal: Sequence[Action], seat: int) -> Action | None:
        """The choices this bot makes by rule, with no world sampled: where to lay the Mine;
        in Rest, a token moved out of harm's way, and the Rest itself when nothing but the
        cargo opened the turn (the bot then rests as the rules would have done for it)."""
        if view.phase == "choose" and view.pending and view.pending[0] == "mine":
            return self.mine_pick(view, legal, seat)
        if view.phase != "rest":
            return None
        shift = self.reorganise(view, legal, seat)[0]
        if shift is not None:
            return shift
        if not any(x[1] == "X" for x in view.surv[seat]):
            rests = [a for a in legal if isinstance(a, Rest)]
            if len(rests) == 1:
                return rests[0]
        return None

    def mine_pick(self, view: State, legal: Sequence[Action], seat: int) -> Action:
        """Lay the Mine where most rivals behind you must still pass, nearest them (the
        soonest to be entered); none when nobody is behind a space you may mine."""
        g = self.game
        behind = [view.mile[x] for x in g.road_order(view) if x != seat]
        best: tuple[int, int] = (0, 0)
        pick: Action = next(a for a in legal if isinstance(a, Pick) and a.option == 0)
        for a in legal:
            if isinstance(a, Pick) and a.option:
                n = sum(1 for m in behind if m < a.option)
                if n and (n, -a.option) > best:
                    best, pick = (n, -a.option), a
        return pick

    def threats(self, s: State, seat: int) -> list[tuple[str, int]]:
        """The Damage this convoy may take before its next Rest, by area: the ambushes of the
        enemies in its region now or where its Speed takes it (the leader's line while it
        leads, an Outcome area only where the back is known before), and a mine ahead."""
        g = self.game
        if seat in s.boarded:
            return []
        reach = s.mile[seat] + (self.steady_speed(s, seat) if g.count(s, seat, "fuel") else 0)
        reach = min(reach, s.aurora)
        out: list[tuple[str, int]] = []
        if s.mines and any(s.mile[seat] < m <= reach for m, _ in s.mines):
            out.append(("FRONT", 2))
        enemies = g.enemies(s)
        if not enemies:
            return out
        regions = {g.road.region(s.mile[seat]), g.road.region(reach)}
        for cell in enemies:
            if g.region_of(s, cell) not in regions:
                continue
            reveal = g.cards[s.zone[cell]].reveal
            for verb, val in g._ambush_line(s, cell, seat):
                if verb not in ("damage", "toll") or not isinstance(val, dict):
                    continue
                area = str(val.get("area", "ALL"))
                if area == "OUTCOME":
                    if reveal or not s.shown_back:
                        continue  # the area shows only once the card is turned
                    area = s.shown_back
                out.append((area, int(val.get("n") or val.get("cap") or 1)))
        return out

    def loss(self, s: State, seat: int, threats: Sequence[tuple[str, int]]) -> float:
        """What the tokens this Damage would destroy are worth (D1 places it)."""
        g = self.game
        t = s.fork()
        scratch: list[Any] = []
        for area, n in threats:
            g.damage(t, seat, area, n, scratch)
        lost = sum(w * (g.count(s, seat, tok) - g.count(t, seat, tok))
                   for tok, w in LOST.items())
        return lost + LOST_SURVIVOR * (len(s.surv[seat]) - len(t.surv[seat]))

    def reorganise(self, view: State, legal: Sequence[Action], seat: int
                   ) -> tuple[Shift | None, float]:
        """RS2: the token move that saves the most from the Damage expected before the next
        Rest, when it saves at least SHIFT_MIN (and what it saves); else (None, 0)."""
        shifts = [a for a in legal if isinstance(a, Shift)]
        if not shifts:
            return None, 0.0
        threats = self.threats(view, seat)
        if not threats:
            return None, 0.0
        base = self.loss(view, seat, threats)
        if base < SHIFT_MIN:
            return None, 0.0
        best: Shift | None = None
        saved = SHIFT_MIN - 1e-9
        for a in shifts:
            after, _ = self.game.apply_unchecked(view, a)
            gain = base - self.loss(after, seat, threats)
            if gain > saved:
                best, saved = a, gain
        return (best, saved) if best is not None else (None, 0.0)

    def ranked(self, view: State, legal: Sequence[Action], seat: int
               ) -> list[tuple[Action, float]]:
        """The legal actions with their worth (the gain in `value`), best first."""
        if view.phase in ("fire", "flare"):
            return self._rank_fire(view, legal, seat)
        if any(isinstance(a, Order) for a in legal):
            return [(a, 0.0) for a in legal]
        world = self.game.determinize(view, seat, self.rng.getrandbits(62))
        if view.phase == "story":  # Module 4: by the check's odds and the cost
            return self.rank_story(world, legal, seat)
        base = self.value(world, seat)
        out: list[tuple[Action, float]] = []
        for a in self.candidates(view, legal, seat):
            if isinstance(a, (Drop, Swap, Shift)):
                continue  # room is made only when a choice needs it (the rules drop for us);
                # cargo moves by rule (reorganise)
            if isinstance(a, Play) and not self._worth_playing(view, a, seat):
                continue
            if isinstance(a, Cancel):
                out.append((a, self.cancel_worth(view)))
                continue
            after, _ = self.game.apply_unchecked(world, a)
            after = self.read_on(after, seat)
            gain = self.value(after, seat) - base
            if isinstance(a, Play):
                gain += self._play_bonus(view, a, seat)
            out.append((a, gain))
        if not out:
            out = [(legal[-1], 0.0)]
        out.sort(key=lambda t: -t[1])
        return out

    def candidates(self, s: State, legal: Sequence[Action], seat: int) -> list[Action]:
        """The actions worth playing out: of the explorer groups that can take the same cell,
        card and bonus, only the one that costs least (fewest meals, then fewest explorers
        out of the next Exploration, then the least value wasted)."""
        out: list[Action] = [a for a in legal if not isinstance(a, Explore)]
        return out + self.cheapest(s, [a for a in legal if isinstance(a, Explore)], seat)

    def cheapest(self, s: State, teams: Sequence[Explore], seat: int) -> list[Explore]:
        """Of the Explore actions that take the same cell, card and bonus, the first of
        those that cost least, in the order of their first appearance."""
        g = self.game
        best: dict[tuple[Any, ...], tuple[tuple[float, float, float], Explore]] = {}
        # what a group costs depends on who goes and who is fed only (the legal list repeats
        # each group for every cell, card and choice)
        costs: dict[tuple[tuple[int, ...], tuple[int, ...]], tuple[float, float]] = {}
        for a in teams:
            group = (a.explorers, a.fed)
            known = costs.get(group)
            if known is None:
                spent = 0.0
                over = 0
                for i in a.explorers:
                    card = g.cards[s.surv[seat][i][0]]
                    spent += FIT_ACTIVE - (FIT_REST if card.ability("rest_after_explore")
                                           else 0.0)
                    over += g.value(s, seat, i, i in a.fed)
                known = costs[group] = (spent, float(over))
            key: tuple[Any, ...] = (a.cell, a.main, a.alt)
            if s.modules:  # Module 3: a team with the Wolf or the Alpha Mutant is another move
                key += (a.early, a.meal, tuple(
                    name for i in a.explorers for name in CREW_EXPLORERS
                    if g._abil[s.surv[seat][i][0]].get(name)))
            cost = (len(a.fed) + (a.ration >= 0), known[0], known[1])
            if key not in best or cost < best[key][0]:
                best[key] = (cost, a)
        return [a for _, a in best.values()]

    def explore_candidates(self, s: State, seat: int) -> list[Action]:
        """`candidates(s, legal(s), seat)` in an Exploration turn (no Binoculars' cards in
        hand), without listing every Explore the rules allow: every variant of a team costs
        what the team costs and takes its cell, card and bonus, so the one `candidates` keeps
        is the first variant of the first cheapest team (listing every variant took about a
        fifth of a playout's time; test_speed.py checks these against the plain way)."""
        g = self.game
        plays: list[Action] = list(g.plays(s, seat))
        if s.story is not None:
            plays += g.story.cancels(s, seat)
        memo: dict[Any, Any] = {}
        best = [g.explore_variants(s, seat, a, memo)[0]
                for a in self.cheapest(s, g.explore_teams(s, seat), seat)]
        return [*plays, *g.swaps(s, seat), *g.drops(s, seat), Pass(), *best]

    def _worth_playing(self, s: State, a: Play, seat: int) -> bool:
        g = self.game
        card = g.content.by_id(a.card)
        verb = card.effects[0][0] if card.effects else ""
        if verb in ("speed", "tracked"):
            return bool(g.count(s, seat, "fuel")) and self._gets_further(s, a, seat)
        if verb == "unstable":  # Frozen Steel: only where the miles reach the Aurora
            return self._boards_with(s, a, seat)
        if verb == "canned":  # the Food is worth a Contamination when it is short
            short = g.count(s, seat, "food") < len(s.surv[seat])
            return short and (a.target < 0 or s.surv[seat][a.target][2] + 1
                              < g.cards[s.surv[seat][a.target][0]].dies_at - 1)
        if verb == "serum":
            return True
        if verb == "repair":
            return g.damage_count(s, seat) >= 2
        if verb == "decontaminate":  # never the Ghoul's counter: Speed to come (#250)
            return a.target >= 0 and s.surv[seat][a.target][2] >= 1 \
                and self.cont_worth[s.surv[seat][a.target][0]] > 0
        return verb != "peek"  # the Binoculars' worth does not show one move ahead

    def _boards_with(self, s: State, a: Play, seat: int) -> bool:
        """Whether the extra Speed lets the convoy board this Movement (Unstable Fuel's
        Damage is only worth the Aurora)."""
        g = self.game
        world = g.determinize(s, seat, 0)
        if any(isinstance(m, Move) and m.to == world.aurora
               for m in g.move_choices(world, seat)):
            return False
        after_s, _ = g.apply_unchecked(world, a)
        if after_s.actor != seat or after_s.phase != "move":
            return False
        return any(isinstance(m, Move) and m.to == after_s.aurora
                   for m in g.move_choices(after_s, seat))

    def _gets_further(self, s: State, a: Play, seat: int) -> bool:
        g = self.game
        world = g.determinize(s, seat, 0)
        before = max(m.to for m in g.move_choices(world, seat) if isinstance(m, Move))
        after_s, _ = g.apply_unchecked(world, a)
        if after_s.actor != seat or after_s.phase != "move":
            return False
        after = max(m.to for m in g.move_choices(after_s, seat) if isinstance(m, Move))
        return after > before

    def _play_bonus(self, s: State, a: Play, seat: int) -> float:
        """Plays whose worth shows only later: more miles this Movement, Contamination off."""
        g = self.game
        verb = g.content.by_id(a.card).effects[0][0]
        if verb in ("speed", "tracked"):
            return 1.5
        if verb in ("decontaminate", "serum"):
            return 0.5
        if verb == "unstable":
            return 3.0  # boarding now (see _boards_with); its Damage lands afterwards
        return 0.0

    # ------------------------------------------------------------- Module 4: Story cards

    def rank_story(self, world: State, legal: Sequence[Action], seat: int
                   ) -> list[tuple[Action, float]]:
        """Each option of the Story card by what it is worth: a check's success and failure
        each played in this world (the Outcome deck arranged for each), weighed by the
        check's odds (each letter leads on a quarter of the cards); a task by half its
        success and half its failure Fame; the price paid is in the worth after it."""
        g = self.game
        base = self.value(world, seat)
        out: list[tuple[Action, float]] = []
        for a in legal:
            if not isinstance(a, StoryOption):
                continue
            o = g.story.branch(world, a)
            if o.check is not None:
                letters = o.check.letters + (o.check.extra if a.extra else "")
                p = len(letters) / 4
                worth = 0.0
                for ok, weight in ((True, p), (False, 1 - p)):
                    if weight:
                        after, _ = g.apply_unchecked(self._arranged(world, letters, ok), a)
                        worth += weight * (self.value(after, seat) - base)
            else:
                after, _ = g.apply_unchecked(world, a)
                worth = self.value(after, seat) - base
                if o.task is not None:
                    worth += 0.5 * _fame_of(o.success.effects) + 0.5 * _fame_of(
                        o.failure.effects if o.failure else ())
            out.append((a, worth))
        out.sort(key=lambda t: -t[1])
        return out or [(legal[0], 0.0)]

    def read_on(self, s: State, seat: int) -> State:
        """Past a Story card the move triggered (Module 4), so the move is judged done: the
        option a quick look prefers (the first with no check, else the first)."""
        g = self.game
        for _ in range(3):
            if s.phase != "story" or s.actor != seat:
                break
            legal = g.legal(s)
            pick = next((a for a in legal if isinstance(a, StoryOption)
                         and g.story.branch(s, a).check is None
                         and g.story.branch(s, a).task is None), legal[0])
            s, _ = g.apply_unchecked(s, pick)
        # and past the Rest turns only the cargo opened (RS2): resting, as each would, so the
        # move is judged where the rules took it before reorganising was offered
        while s.phase == "rest" and not any(x[1] == "X" for x in s.surv[s.actor]):
            rests = [a for a in g.legal(s) if isinstance(a, Rest)]
            if len(rests) != 1:
                break
            s, _ = g.apply_unchecked(s, rests[0])
        return s

    def _arranged(self, world: State, letters: str, ok: bool) -> State:
        """The world with an Outcome card on top whose leftmost letter passes (or fails)."""
        w = world.copy()
        outcomes = self.game.outcome_cards  # (the PvP deck too: its indexes follow the base's)
        i = next((k for k, o in enumerate(w.outdeck)
                  if (outcomes[o].letters[0] in letters) == ok), -1)
        if i > 0:
            w.outdeck.insert(0, w.outdeck.pop(i))
        return w

    def cancel_worth(self, s: State) -> float:
        """Throwing away one of the Automa's Story cards (S10): worth it while its action card
        this round still hurts you or helps it; it costs no turn, so it comes first."""
        g = self.game
        if s.acard < 0 or not g.story.lines_on(s):
            return -1.0
        c = g.content.automa.cards[s.acard]
        hurts = any(v in ("damage_you", "toll_you", "contaminate_you") for v, _ in c.end.effects)
        helps = bool(c.movement.effects) and s.phase in ("explore", "rest", "move")
        return 5.0 if hurts or helps else -1.0

    def _rank_fire(self, s: State, legal: Sequence[Action], seat: int
                   ) -> list[tuple[Action, float]]:
        """Shoot every enemy within reach when a hit is worth its price: the strongest weapon
        at the enemy closest to falling (where a Target also has the best chance of Loot)."""
        g = self.game
        out: list[tuple[Action, float]] = []
        objects = len(s.objects[seat])
        for a in legal:
            if isinstance(a, Attack):
                out.append((a, self.attack_worth(s, a, seat, objects)))
            elif isinstance(a, Cancel):
                out.append((a, self.cancel_worth(s)))
            elif isinstance(a, Raid):
                out.append((a, self.raid_worth(s, a, seat, objects)))
            elif isinstance(a, Play):
                verb = g.content.by_id(a.card).effects[0][0]
                if verb == "skip_ambush":
                    out.append((a, 1.0))
                elif verb == "enemy_damage":
                    cell = a.target
                    left = len(g.cards[s.zone[cell]].cells) - s.edmg[cell]
                    mine = seat in s.etgt[cell]
                    out.append((a, 1.2 if left == 1 and mine else 0.3))
                elif verb == "stealth":  # worth it against the enemies waiting here
                    out.append((a, 0.6 * self._ambushers(s, seat)))
                elif verb == "anti_tank":  # +1 Fame, and 2 damage (Loot near the end)
                    cell = a.target
                    left = len(g.cards[s.zone[cell]].cells) - s.edmg[cell]
                    mine = seat in s.etgt[cell]
                    out.append((a, 1.3 if left <= 2 and mine else 1.0))
                elif verb == "smoke":  # a Target on an enemy close to falling
                    cell = a.target
                    left = len(g.cards[s.zone[cell]].cells) - s.edmg[cell]
                    out.append((a, 0.9 if left <= 3 and seat not in s.etgt[cell] else -0.5))
                elif verb == "repair" and g.damage_count(s, seat) >= 2:
                    out.append((a, 0.9))
                elif verb == "decontaminate" and a.target >= 0 and s.surv[seat][a.target][2] \
                        and self.cont_worth[s.surv[seat][a.target][0]]:  # not the Ghoul's
                    out.append((a, 0.6 * s.surv[seat][a.target][2]))
                else:
                    out.append((a, -1.0))
            else:
                out.append((a, 0.0))
        out.sort(key=lambda t: -t[1])
        return out

    def _ambushers(self, s: State, seat: int) -> int:
        """The enemies whose ambush would reach this convoy this phase."""
        g = self.game
        region = g.road.region(s.mile[seat])
        return sum(1 for i in g.enemies(s) if g.region_of(s, i) == region
                   and i not in s.flares[seat])

    def raid_damage(self, s: State, a: Raid, seat: int) -> float:
        return raid_damage(self.game, s, a, seat)

    def richest(self, s: State, seat: int) -> list[int]:
        """The rivals in your region with the most Fame on the track and in miles."""
        g = self.game
        rivals = g.pvp.rivals(s, seat)
        if not rivals:
            return []
        worth = {x: s.fame[x] + g.content.per_mile * s.mile[x] for x in rivals}
        top = max(worth.values())
        return [x for x in rivals if worth[x] == top]

    def raid_worth(self, s: State, a: Raid, seat: int, objects: int) -> float:
        """Section 6: fire at the richest rival when the Damage expected past its Evasion is
        at least 1; never for the `peaceful` bot."""
        dmg = self.raid_damage(s, a, seat)
        if not self.raids or dmg < RAID_MIN or a.rival not in self.richest(s, seat):
            return -1.0
        worth = RAID_PER_DAMAGE * dmg
        if a.pay or a.incendiary:
            worth -= OBJECT * (1.0 if objects <= 1 else 0.7)
        else:
            worth -= AMMO_SPARE
        return worth

    def attack_worth(self, s: State, a: Attack, seat: int, objects: int) -> float:
        g = self.game
        if a.col < 0:  # the Sniper: a sure hit, for 1 Ammo
            return 1.0 + TARGET_PLACED + 0.3 - (OBJECT * 0.7 if a.incendiary else AMMO_SPARE)
        col = s.convoy[seat][a.col]
        slot = col[1] if a.device else col[0]
        assert slot is not None
        code = g.code(slot, a.cell)
        cap = int(code[1:])
        enemy = s.zone[a.target]
        left = len(g.cards[enemy].cells) - s.edmg[a.target]
        dmg = _mean_damage(g, cap) + (self.hit if a.incendiary else 0.0)
        # +1 Fame per hit, a Target (Loot) more likely near the end of the enemy
        worth = self.hit * (1.0 + TARGET_PLACED) + 0.4 * min(1.0, dmg / max(1, left))
        worth += 0.05 * cap + 0.02 * s.edmg[a.target]
        if code[0] == "J" or a.incendiary:
            worth -= OBJECT * (1.0 if objects <= 1 else 0.7)
        else:
            worth -= AMMO_SPARE
        if a.pay:  # a junk weapon's price: the Object this bot would miss least
            verb = g.content.by_id(a.pay).effects[0][0]
            worth -= 0.1 * KEEP.get(verb, 0.4)
        return worth

    # ------------------------------------------------------------- hints

    def explain(self, view: State, action: Action, seat: int) -> str:
        """Why the ranking puts `action` first, in its own terms and the number it weighed."""
        g = self.game
        legal = list(g.legal(view))
        if len(legal) <= 1 or action not in legal:
            return ""
        if isinstance(action, Shift):
            saved = self.reorganise(view, legal, seat)[1]
            areas = ", ".join(f"{n} to {a}" for a, n in self.threats(view, seat))
            return (f"{move_words(g, view, action)}: the Damage expected before your next Rest "
                    f"({areas}) would destroy less there, about {saved:.1f} Fame saved.")
        if isinstance(action, Pick) and view.phase == "choose" and view.pending[0] == "mine":
            behind = sum(1 for x in g.road_order(view) if x != seat
                         and view.mile[x] < action.option)
            if not action.option:
                return "Lay no mine: no rival is behind a space you passed."
            return (f"{move_words(g, view, action)}: {behind} rival convoy"
                    f"{'s' * (behind != 1)} behind you must pass it, and the nearest "
                    "space is entered soonest.")
        if isinstance(action, Rest) and self.quick(view, legal, seat) == action \
                and not any(x[1] == "X" for x in view.surv[seat]):
            return "Rest: nobody needs feeding, and no token of yours is in the way of the " \
                   "Damage expected before your next Rest."
        ranked = self.ranked(view, legal, seat)
        worth = next((w for a, w in ranked if a == action), None)
        others = [(a, w) for a, w in ranked if a != action]
        what = why_words(g, view, action, seat)
        if worth is None:
            return what
        if isinstance(action, Cancel):  # its worth is a priority, not Fame
            return f"{what} It costs no turn, and this round's card would hurt you or help it."
        other, other_worth = others[0] if others else (None, 0.0)
        words = move_words(g, view, other) if other is not None else ""
        words = words[:1].lower() + words[1:]
        if worth < -0.05:
            # every move scores below the bot's reading of where you stand (boarding ends
            # your own road, so it reads as a loss there): only the gap between them says
            # anything, not "costs"
            if other is None:
                return what
            if worth - other_worth < 0.1:
                return f"{what} The bot finds {words} about as good."
            return (f"{what} The bot reckons it ends the game about {worth - other_worth:.1f} "
                    f"Fame better than the next best, {words}.")
        text = f"{what} The bot reckons it {_fame(worth)} by the game's end"
        if other is None:
            return text + "."
        if abs(other_worth - worth) < 0.1:
            return f"{text}; {words} is about as good."
        return f"{text}; the next best, {words}, {_fame(other_worth)}."


def _fame_of(effects: Sequence[tuple[str, object]]) -> float:
    """A result's worth in Fame, roughly (a task's payoff comes later)."""
    worth = 0.0
    for verb, val in effects:
        if verb == "fame" and isinstance(val, int):
            worth += val
        elif verb == "contaminate" and isinstance(val, int):
            worth -= CONTAMINATION * val
    return worth


def raid_damage(g: LastAurora, s: State, a: Raid, seat: int) -> float:
    """The Damage a shot at a rival is expected to land: over the PvP Outcome faces, the lower
    of face and weapon (+1 Incendiary), less what the rival's Evasion ignores."""
    col = s.convoy[seat][a.col]
    slot = col[1] if a.device else col[0]
    assert slot is not None
    cap = int(g.code(slot, a.cell)[1:])
    shields = g.pvp.shields(s.evasion[a.rival])
    faces = [o.face for o in g.content.pvp.outcomes] if g.content.pvp is not None else []
    return sum(max(0, min(f, cap) + a.incendiary - shields) for f in faces if f) \
        / max(1, len(faces))


def _fame(x: float) -> str:
    if abs(x) < 0.05:
        return "changes nothing"
    return f"{'adds' if x > 0 else 'costs'} about {abs(x):.1f} Fame"


class EasyAgent(HeuristicAgent):
    """The heuristic with slips: a third of its choices are random (never throwing tokens
    away, which a person would not do by mistake)."""

    name = "easy"

    def __init__(self, game: LastAurora, seed: int = 0, mistake_rate: float = 1 / 3) -> None:
        super().__init__(game, seed)
        self.mistake_rate = mistake_rate

    def choose(self, game: Game[State, Action], view: State, legal: Sequence[Action],
               seat: int) -> Action:
        if len(legal) > 1 and self.rng.random() < self.mistake_rate:
            options: list[Action] = [a for a in legal if not isinstance(a, Drop | Shift)]
            options = options or list(legal)
            return options[self.rng.randrange(len(options))]
        return super().choose(game, view, legal, seat)


class PeacefulAgent(HeuristicAgent):
    """The heuristic that never fires at a rival (Player vs. Player's balance measures)."""

    name = "peaceful"
    raids = False


AGENTS: dict[str, Callable[[LastAurora, int], Agent[State, Action]]] = {
    "heuristic": HeuristicAgent,
    "easy": EasyAgent,
    "peaceful": PeacefulAgent,
}


# ---------------------------------------------------------------- words


def _main_words(g: LastAurora, view: State, seat: int, card: int, main: int) -> str:
    """Which of a card's main actions, where it offers more than one: what a location gives,
    the vehicle a device goes on, the trailer a new one replaces ("" where there is one)."""
    c = g.cards[card]
    if len(g.main_choices(view, seat, card)) < 2:
        return ""
    if c.kind == "location":
        return " (" + ("+".join(t.title() for t in g.gather_choices(c)[main]) or "nothing") + ")"
    if c.kind in ("device", "trailer") and main < len(view.convoy[seat]):
        veh = view.convoy[seat][main][0]
        if c.kind == "device":
            return f", on the {g.cards[veh[0]].name}" if veh else f", in column {main + 1}"
        return f", in place of the {g.cards[veh[0]].name}" if veh else ""
    if c.kind == "encounter":
        return f" ({c.options[main].label})"
    return ""


def move_words(g: LastAurora, view: State, action: Action) -> str:
    """A move in a few game words ("Send the Leader to cell 3 for the Halftrack")."""
    seat = view.actor
    if isinstance(action, Explore):
        names = [g.cards[view.surv[seat][i][0]].name for i in action.explorers]
        card = view.zone[action.cell]
        text = f"Send {' and '.join(names)} to cell {action.cell + 1}"
        if action.main >= 0 and card != EMPTY:
            text += f" for {g.cards[card].name}{_main_words(g, view, seat, card, action.main)}"
        elif card != EMPTY:
            text += " for its bonus only"
        if action.fed:
            text += f", feeding {len(action.fed)}"
        if action.meal:  # Module 3: the androids' meals
            text += f" ({g.crew.meal_words(view, seat, action.fed, action.meal)})"
        if action.early:  # Module 3: the Arctic Wolf's bonuses before the card
            text += ", bonuses first"
        return text
    if isinstance(action, Pass):
        return "Pass"
    if isinstance(action, Rest):
        return f"Feed {len(action.fed)} Exhausted survivor{'s' * (len(action.fed) != 1)}" \
            if action.fed else "Feed nobody"
    if isinstance(action, Move):
        if action.to == view.mile[seat]:
            return "Stay where you are"
        verb = "Board the Aurora at" if action.to == view.aurora else "Drive to"
        return f"{verb} mile {action.to}" + (" with the Boost" if action.boost else "") + (
            f", feeding {g.content.by_id(action.robot).name} to the Quartermaster Robot"
            if action.robot else "")
    if isinstance(action, Attack) and action.col < 0:
        enemy = g.cards[view.zone[action.target]].name
        return f"Have the Sniper shoot {enemy}" + (" with Incendiary Ammo" if action.incendiary
                                                  else "")
    if isinstance(action, Attack):
        enemy = g.cards[view.zone[action.target]].name
        col = view.convoy[seat][action.col]
        slot = col[1] if action.device else col[0]
        weapon = g.cards[slot[0]].name if slot is not None else "the weapon"
        return f"Fire {weapon} at {enemy}" + (" with Incendiary Ammo" if action.incendiary
                                              else "")
    if isinstance(action, Raid):
        col = view.convoy[seat][action.col]
        slot = col[1] if action.device else col[0]
        weapon = g.cards[slot[0]].name if slot is not None else "the weapon"
        return f"Fire {weapon} at {{p{action.rival}}}'s convoy" + (
            " with Incendiary Ammo" if action.incendiary else "")
    if isinstance(action, Pick):
        return str(g.pick_text(view, action.option))
    if isinstance(action, Done):
        return "End your shooting turn"
    if isinstance(action, Answer):
        return "Take the offer" if action.yes else "Decline the offer"
    if isinstance(action, Play):
        name = g.content.by_id(action.card).name
        return f"Play {name}"
    if isinstance(action, Drop):
        return f"Throw away 1 {action.token.title()}"
    if isinstance(action, Shift):
        held = g.token_at(view, seat, action.source)
        tok = {"surv": "Survivor token"}.get(held, held.title())
        return (f"Move 1 {tok} from {g.cell_words(view, seat, action.source)} to "
                f"{g.cell_words(view, seat, action.target)}")
    if isinstance(action, Swap):
        return f"Swap 1 {action.give.title()} for 1 {action.take.title()}"
    if isinstance(action, Order):
        return "Put the cards back in this order"
    if isinstance(action, StoryOption):
        return f"Choose \u201c{g.story.option_text(view, action)}\u201d"
    if isinstance(action, Cancel):
        return "Throw away one of the Automa's Story cards to cancel its action card"
    return str(action)


def why_words(g: LastAurora, view: State, action: Action, seat: int) -> str:
    """The move and what it does, in one sentence ("Drive to mile 9: the Aurora waits on 15,
    and 2 Fuel stay in the tanks.")."""
    words = move_words(g, view, action)
    if isinstance(action, Explore):
        card = view.zone[action.cell]
        bonus = ["+1 Food", "+1 Fuel", "+1 Ammo", "Repair 2", "an Object"][action.cell] \
            if action.cell < 5 else ""
        if action.alt:
            bonus = "1 Contamination off"
        gets = []
        if action.main >= 0 and card != EMPTY:
            c = g.cards[card]
            if c.kind == "location":
                picks = g.gather_choices(c)[action.main]
                gets.append(" and ".join(p.title() for p in picks) or "its haul")
            elif c.kind in ("truck", "trailer", "device"):
                gets.append(f"the {c.name} for your convoy")
            elif c.kind == "survivor":
                gets.append(f"{c.name} as a new survivor")
            elif c.kind == "encounter":
                gets.append(f"\u201c{c.options[action.main].label}\u201d")
        gets.append(bonus)
        if view.modules:  # #247: the Arctic Wolf's neighbours' bonuses
            gets += g.crew.bonus_words(view, seat, action)
        return f"{words}: you get {' plus '.join(x for x in gets if x)}."
    if isinstance(action, Move):
        fuel = g.count(view, seat, "fuel") - (0 if action.to == view.mile[seat]
                                              else 2 if action.boost else 1)
        if action.to == view.aurora:
            return f"{words}: aboard, each survivor scores 2 Fame."
        return (f"{words}: the Aurora waits on mile {view.aurora}, and {fuel} Fuel "
                f"stay{'s' * (fuel == 1)} in your tanks.")
    if isinstance(action, Attack) and action.col < 0:
        return f"{words}: a sure hit, 1 Fame and a Target for its Loot."
    if isinstance(action, Attack):
        chance = round(100 * _hit_chance(g))
        return f"{words}: {chance}% to hit, and a hit gives 1 Fame and a Target for its Loot."
    if isinstance(action, Raid):
        dmg = raid_damage(g, view, action, seat)
        ignored = g.pvp.shields(view.evasion[action.rival])
        return (f"{words}: about {dmg:.1f} Damage should land past their Evasion (it ignores "
                f"{ignored}); each counter landed moves your Aggression a space, and when the "
                "shooting ends you gain every reward left of it.")
    if isinstance(action, Pick) and view.phase == "choose" and view.pending \
            and view.pending[0] == "pvp_damage":
        ref = view.pending[-1][action.option]
        return (f"Put the counter on {g.pvp.cell_phrase(view, seat, ref)}: of the cells the "
                "rules let it take, the one you lose least.")
    if isinstance(action, Rest):
        return f"{words}: a fed survivor is Active for the next Exploration."
    if isinstance(action, Pass):
        return f"{words}: no cell is worth the survivors you have left."
    if isinstance(action, StoryOption):
        o = g.story.branch(view, action)
        if o.check is not None:
            letters = o.check.letters + (o.check.extra if action.extra else "")
            return f"{words}: {round(100 * len(letters) / 4)}% to succeed ({', '.join(letters)})."
        if o.task is not None:
            return f"{words}: a task that pays off later."
        return f"{words}: a sure result."
    if isinstance(action, Cancel):
        return f"{words}: its lines this round do nothing."
    return words + "."


# ---------------------------------------------------------------- the search bot


def search_reason(g: LastAurora, view: State, action: Action, seat: int,
                  stats: Sequence[tuple[Action, int, float]], ahead: Mapping[Action, int],
                  to_end: bool = True) -> str:
    """Why the search chose `action`: what the move does, in how many sampled deals it was
    played out to the game's end (or, `to_end` false, to the round's end) and in how many of
    them you came first (or came out ahead by the heuristic's worth of the convoys), against
    the next best move (`stats` as the search's `last_stats`, `ahead` as its `last_ahead`)."""
    mine = next(((v, r) for a, v, r in stats if a == action), None)
    if mine is None or mine[0] <= 0:
        return ""
    visits, reward = mine
    others = [(a, r) for a, v, r in stats if a != action]
    won = ahead.get(action, 0)
    rival = "the Automa" if view.n == 1 else "every rival"
    if to_end:
        goal = "you beat the Automa" if view.n == 1 else "you finished first"
        how = "played it out to the game's end"
    else:
        goal = f"your convoy was worth more than {rival}'s"
        how = "played on to the end of the round"
    deals = f"{visits:,} sampled deal{'s' * (visits != 1)}"
    other, other_reward = others[0] if others else (None, 0.0)
    words = move_words(g, view, other) if other is not None else ""
    words = words[:1].lower() + words[1:]
    other_won = ahead.get(other, 0) if other is not None else 0
    if won == 0 and other_won == 0:
        # behind in every deal whatever you do: "in 0 of 12" would read as a bad move; what
        # tells the moves apart is how far behind each left you
        text = (f"{why_words(g, view, action, seat)} The Hard bot {how} in {deals}: "
                f"{_none(goal)} in any of them")
        if other is None or abs(reward - other_reward) < 0.005:
            return text + (f"; {words} did as well." if other is not None else ".")
        return f"{text}, but this move left you closest; the next best was {words}."
    text = (f"{why_words(g, view, action, seat)} The Hard bot {how} in {deals}: {goal} in "
            f"{won} of {visits}")
    if other is None:
        return text + "."
    if other_won > won:  # chosen by the mean chance over all the deals, not by the count
        return (f"{text}; the next best, {words}, in {other_won}, but by smaller margins "
                "over all the deals.")
    if other_won != won:
        return f"{text}; the next best, {words}, in {other_won}."
    if abs(reward - other_reward) < 0.005:
        return f"{text}; {words} did as well."
    closer = "by smaller margins" if reward > other_reward else "by larger margins"
    return f"{text}; {words} as often, {closer}."


def _none(goal: str) -> str:
    """A search goal's words for "never" ("your convoy was worth more than every rival's" ->
    "your convoy was not worth more than every rival's")."""
    for yes, no in ((" was worth", " was not worth"), ("you beat", "you did not beat"),
                    ("you finished first", "you did not finish first")):
        if yes in goal:
            return goal.replace(yes, no, 1)
    return f"not: {goal}"


class LastAuroraSearch(ISMCTSAgent[State, Action]):
    """The generic search in paired mode, whose hint counts the deals each move won."""

    def explain(self, view: State, action: Action, seat: int) -> str:
        if not self.last_stats:  # a choice made by rule, nothing searched: the rule's words
            policy = self.policy
            if isinstance(policy, LastAuroraPolicy):
                return policy.judge.explain(view, action, seat)
            return ""
        policy = self.policy
        to_end = not isinstance(policy, LastAuroraPolicy) or policy.horizon(view.n) is None
        return search_reason(cast("LastAurora", self.game), view, action, seat,
                             self.last_stats, self.last_ahead, to_end)


class LastAuroraPolicy:
    """The SearchPolicy of the Hard bot (paired mode, see ai/ismcts.py): the heuristic's best
    few choices, each played out by the heuristic in every seat (to the game's end with 1-2
    players, to the round's end with 3-4: SEARCH_HORIZON), and scored by the chance of
    finishing first, smoothed by the Fame margin (at a round's end, the margin of the
    heuristic's worth of the convoys).

    Why (docs/balance/last-aurora.md, "The search bot"): rollouts of quick, near-random
    choices to the round's end judged the moves by noise, and a tree over a hundred Exploration
    teams tried each once; so the search played worse than the heuristic it leaned on. Played
    by the heuristic in the same deals, the round's end judges them well enough with 3-4
    players, where playouts to the game's end left a second for two deals only."""

    def __init__(self, game: LastAurora, width: int = SEARCH_WIDTH,
                 phases: frozenset[str] = SEARCH_PHASES,
                 horizons: Mapping[int, int | None] = SEARCH_HORIZON) -> None:
        self.game = game
        self.judge = HeuristicAgent(game)
        self.width = width
        self.phases = phases
        # by player count: rounds played on before the worth judges (None: to the end)
        self.horizons = horizons

    def horizon(self, players: int) -> int | None:
        """The rounds a playout plays on with this many players (None: to the game's end)."""
        return self.horizons.get(players)

    def candidates(self, view: State, legal: Sequence[Action], seat: int
                   ) -> list[tuple[Action, float]]:
        """The heuristic's best `width` choices in the phases weighed (its first choice
        alone elsewhere: shots, answers to prompts, the order of peeked cards)."""
        quick = self.judge.quick(view, legal, seat)
        if quick is not None:  # a choice made by rule (the Mine, the cargo): nothing to weigh
            return [(quick, 0.0)]
        ranked = self.judge.ranked(view, legal, seat)
        if view.phase not in self.phases:
            return [(ranked[0][0], 0.0)]
        return [(a, 0.0) for a, _ in ranked[: self.width]]

    def order(self, state: State, actions: Sequence[Action]) -> Sequence[Action]:
        """Untried moves for the plain tree mode: sensible ones first."""
        def key(a: Action) -> float:
            if isinstance(a, Explore):
                return -2.0 - (a.main >= 0) - 0.1 * a.cell + 0.3 * len(a.fed)
            if isinstance(a, Move):
                return -a.to - (0.5 if not a.boost else 0.0)
            if isinstance(a, Rest):
                return -len(a.fed)
            if isinstance(a, Attack):
                return -5.0
            if isinstance(a, (Drop, Swap)):
                return 50.0
            return 0.0

        return sorted(actions, key=key)

    def greedy(self, s: State, legal: Sequence[Action], seat: int) -> Action:
        """The heuristic's choice in a sampled world (its `ranked` without sampling one)."""
        judge = self.judge
        quick = judge.quick(s, legal, seat)
        if quick is not None:
            return quick
        if s.phase in ("fire", "flare"):
            return judge._rank_fire(s, legal, seat)[0][0]
        if s.phase == "story":
            return judge.rank_story(s, legal, seat)[0][0]
        if any(isinstance(a, Order) for a in legal):
            return legal[0]
        return self.best_of(s, judge.candidates(s, legal, seat), seat, legal[-1])

    def best_of(self, s: State, candidates: Sequence[Action], seat: int,
                fallback: Action) -> Action:
        """The candidate whose result the heuristic values most (the first of equals);
        `fallback` when none is worth weighing."""
        judge, g = self.judge, self.game
        base = judge.value(s, seat)
        best, best_gain = None, -math.inf
        for a in candidates:
            if isinstance(a, Drop | Swap | Shift):
                continue
            if isinstance(a, Play) and not judge._worth_playing(s, a, seat):
                continue
            after, _ = g.apply_unchecked(s, a)
            gain = judge.value(judge.read_on(after, seat), seat) - base
            if isinstance(a, Play):
                gain += judge._play_bonus(s, a, seat)
            if gain > best_gain:
                best, best_gain = a, gain
        return best if best is not None else fallback

    def play_out(self, s: State) -> State:
        """The heuristic in every seat from `s` to the game's end, or to the start of the
        round the horizon reaches (the end of this round, for a horizon of 1)."""
        g = self.game
        horizon = self.horizon(s.n)
        stop = None if horizon is None else s.round + horizon
        while s.phase != "over" and (stop is None or s.round < stop):
            seat = s.actor
            if s.phase == "explore" and not s.peek:
                # the heuristic's candidates without the whole legal list (the same choice:
                # the list is [Pass] alone exactly when these are; the fallback is the Pass)
                cands = self.judge.explore_candidates(s, seat)
                a = cands[0] if len(cands) == 1 else self.best_of(s, cands, seat, Pass())
            else:
                legal = g.legal(s)
                a = legal[0] if len(legal) == 1 else self.greedy(s, legal, seat)
            s, _ = g.apply_unchecked(s, a)
        return s

    def rollout(self, s: State, rng: random.Random) -> Sequence[float]:
        """Each seat's chance of finishing first after playing on from `s` (the heuristic's
        choices need no random numbers: the world's own generator rolls the dice)."""
        return self.chances(self.play_out(s))

    def chances(self, s: State) -> list[float]:
        """Per seat, its chance of finishing first: a logistic of its Fame margin over the
        best rival (the Automa in solo), half a Fame more or less for the place the tie-breaks
        give it. At the game's end that is nearly 1 or 0 unless the race was close; before it,
        the margin is the heuristic's worth of the convoys."""
        g = self.game
        n = s.n
        if s.phase == "over":
            o = g.outcome(s)
            assert o is not None
            if n == 1:
                mine = [float(o.scores[0]), float(cast(int, o.details["automa"]))]
            else:
                mine = [float(x) for x in o.scores]
            first = [o.places[x] == 1 for x in range(n)]
        else:
            mine = [self.judge.value(s, x) for x in range(n)]
            if n == 1:
                rear = g.content.per_mile * min(s.mile)
                mine.append(float(sum(g.automa.score(s).values()) + rear))
            top = max(mine)
            first = [mine[x] == top for x in range(n)]
        out = []
        for x in range(n):
            rival = max(mine[y] for y in range(len(mine)) if y != x)
            margin = mine[x] - rival + (0.5 if first[x] else -0.5)
            out.append(1.0 / (1.0 + math.exp(-max(-40.0, min(40.0, margin / SEARCH_SCALE)))))
        return out

    def _against_automa(self, s: State) -> float:
        """A solo state's reward: the convoy's chance of beating the Automa from here."""
        return self.chances(s)[0]


def _mcts(game: LastAurora, seed: int = 0, budget_ms: int | None = 1000,
          iterations: int | None = None) -> ISMCTSAgent[State, Action]:
    return LastAuroraSearch(cast("Game[State, Action]", game), LastAuroraPolicy(game),
                            seed=seed, budget_ms=budget_ms, iterations=iterations, paired=True)


AGENTS["mcts"] = _mcts
SEARCH_AGENTS: dict[str, Callable[..., Agent[State, Action]]] = {"mcts": _mcts}
