"""The Eternal Frost's rules: the Game protocol over `State` (docs/rules/andor-eternal-frost.md).

A legend runs over days. On their turn a hero takes one action (move, fight, pass or end the
day) and pays it in hours on the time track; overtime hours cost willpower. Free actions
(picking up or leaving articles, lighting a fire) cost nothing and do not end the turn.
Battles run round by round: every fighter pays an hour and rolls, the wizard may turn one die a
round, then the creature rolls and the lower side loses the difference. When every hero has
ended the day the sunrise runs: creatures advance along the arrows kind by kind, the bosses
move, fires warm and go out, the frost creeps, and the narrator moves one letter. Starred
letters read the legend's cards, whose verbs change the board. The figures and pieces of
legends 2-4 (Iquar, Tranuk, the fox, merchants, the falcon, markers, camps, the bosses that
seek the stone) live in pieces.py.
"""

from __future__ import annotations

import hashlib
from collections import deque
from collections.abc import Mapping, Sequence
from itertools import combinations
from typing import Any

from frostdesk.engine import rng
from frostdesk.engine.game import JSON, Event, IllegalAction, Outcome, option_int
from frostdesk.engine.motion import Motion
from frostdesk.games.andor_eternal_frost.content import CAVE_WP, Board, Content
from frostdesk.games.andor_eternal_frost.legend import Legend, per_count
from frostdesk.games.andor_eternal_frost.motions import motions_of
from frostdesk.games.andor_eternal_frost.pieces import (
    CLASSES,
    ECHO_SP,
    ECHO_WP,
    HALF,
    SHAMAN,
    SIZES,
    STONE,
    TABLETS,
    THORN,
    THORN_WP,
    TRANUK_SP,
    P,
    Pieces,
    make_event,
)
from frostdesk.games.andor_eternal_frost.state import (
    HIDDEN,
    SHIELD,
    Action,
    Aside,
    Barter,
    Battle,
    Burn,
    EndDay,
    Falcon,
    Fight,
    Free,
    Give,
    Glow,
    KeepDice,
    Land,
    LayGem,
    Leave,
    LeaveIquar,
    Light,
    LightHearth,
    Look,
    Move,
    MoveFox,
    MoveTranuk,
    Pass,
    PickUp,
    PutDown,
    Reroll,
    Reward,
    Send,
    State,
    Stay,
    TakeIquar,
    TurnDie,
    Use,
)

_ev = make_event


def best_value(dice: Sequence[int], sums: bool) -> int:
    """The highest die, or with `sums` (creatures, the helm) the best sum of equal dice."""
    if not dice:
        return 0
    if not sums:
        return max(dice)
    return max(face * dice.count(face) for face in set(dice))


class EternalFrost:
    id = "andor-eternal-frost"
    title = "The Legends of Andor: The Eternal Frost"

    def __init__(self, content: Content) -> None:
        self.content = content
        self.pieces = Pieces(self)
        # walks on boards with a lake or a cave, by everything they depend on (see reach)
        self._reach_cache: dict[tuple[object, ...], dict[int, int]] = {}
        self.min_players = content.min_players
        self.max_players = content.max_players

    # ----------------------------------------------------------------- lookups

    def legend(self, s: State) -> Legend:
        return self.content.legends[s.legend]

    def board(self, s: State) -> Board:
        return self.content.boards[self.legend(s).board]

    def name(self, s: State, num: int) -> str:
        kind = s.kind(num)
        if kind in s.bosses:
            return self.legend(s).bosses[kind].name
        return self.content.creatures[kind].name

    def creature_sp(self, s: State, num: int) -> int:
        kind = s.kind(num)
        return s.bosses[kind][0] if kind in s.bosses else self.content.creatures[kind].sp

    def creature_wp(self, s: State, num: int) -> int:
        kind = s.kind(num)
        return s.bosses[kind][1] if kind in s.bosses else self.content.creatures[kind].wp

    def creature_dice(self, s: State, num: int, wp: int) -> int:
        kind = s.kind(num)
        if kind in s.bosses:
            return self.legend(s).bosses[kind].dice
        return self.content.creatures[kind].dice_at(wp)

    def shield_count(self, s: State) -> int:
        """The shields by the castle or tent city: one more per rescued Iquar (X2, R20)."""
        yetohe = 1 if s.figures.get("yetohe") == self.board(s).home else 0  # legend 4
        return self.content.shields[s.n] + len(s.rescued) + yetohe

    # ----------------------------------------------------------------- setup

    def setup(self, options: Mapping[str, JSON], seed: int) -> State:
        """A new game. options: players (2-4), legend (l1), heroes (a comma list of classes,
        one per seat: warrior, guardian, wizard, dwarf)."""
        n = option_int(options.get("players", 2))
        if not self.min_players <= n <= self.max_players:
            raise ValueError(f"The Eternal Frost takes {self.min_players} to "
                             f"{self.max_players} heroes, not {n}")
        legend_id = str(options.get("legend", "l1"))
        if legend_id not in self.content.legends:
            raise ValueError("legend takes one of " + ", ".join(sorted(self.content.legends)))
        lg = self.content.legends[legend_id]
        heroes_opt = options.get("heroes")
        classes = (list(CLASSES[:n]) if heroes_opt is None
                   else [h.strip() for h in str(heroes_opt).split(",")])
        if len(classes) != n or any(c not in CLASSES for c in classes) \
                or len(set(classes)) != n:
            raise ValueError(f"heroes takes {n} different classes among " + ", ".join(CLASSES))
        c = self.content
        s = State()
        s.n = n
        s.legend = legend_id
        s.heroes = tuple(classes)
        s.space = [lg.heroes_at] * n
        s.sp = [lg.sp_for(n)] * n
        s.wp = [c.start_wp] * n
        s.hour = [0] * n
        s.ended = [False] * n
        s.kit = [[] for _ in range(n)]
        s.pouch = [[] for _ in range(n)]
        s.rng = rng.seed_state(seed)
        for sites, faces in lg.snow:
            mixed, s.rng = rng.shuffled(s.rng, faces)
            for site, face in zip(sites, mixed, strict=True):
                s.snow[site] = [face, False]
        for sites, faces in lg.ice:
            mixed, s.rng = rng.shuffled(s.rng, faces)
            for site, face in zip(sites, mixed, strict=True):
                s.ice[site] = [face, False]
        for at, item in lg.articles:
            s.items.setdefault(at, []).append(item)
        s.iquar = {name: [at, -1] for name, at in lg.iquar}
        s.figures = dict(lg.figures)
        for sites, faces in lg.markers:
            mixed, s.rng = rng.shuffled(s.rng, faces)
            for site, face in zip(sites, mixed, strict=True):
                s.markers[site] = [face, False]
        s.carlion = lg.carlion
        s.fires = {f: False for f in lg.fires}
        s.bosses = {b.id: [b.sp_for(n), b.wp] for b in lg.bosses.values()}
        s.frost = lg.frost
        # [R1] the lowest-ranked hero opens day 1
        s.current = min(range(n), key=lambda i: c.heroes[classes[i]].rank)
        return s

    def new_game(self, options: Mapping[str, JSON], seed: int) -> tuple[State, list[Event]]:
        s = self.setup(options, seed)
        events: list[Event] = []
        lg = self.legend(s)
        events.append(_ev(
            "setup", f"{lg.title}: {s.n} heroes set out from {self.space_name(s, lg.heroes_at)}"
            f"; {P % s.current} opens the first day.", legend=s.legend,
            heroes=list(s.heroes), space=lg.heroes_at, sp=lg.sp_for(s.n), first=s.current))
        for kind, at in lg.creatures:
            for sid in per_count(at, s.n):
                self._place(s, kind, sid, events)
        self._read_letter(s, events)
        self._check_goal(s, events)
        return s, events

    def space_name(self, s: State, sid: int) -> str:
        sp = self.board(s).spaces.get(sid)
        return f"{sid} ({sp.name})" if sp is not None and sp.name else str(sid)

    # ----------------------------------------------------------------- hours

    def hour_cost(self, s: State, hero: int, hour: int) -> int | None:
        """What hour `hour` (1..10) costs the hero in WP, or None when it cannot be used."""
        c = self.content
        if hour > c.day_hours + c.overtime_hours:
            return None
        if s.frost is not None and hour >= s.frost and s.glow != 1:
            return None  # covered by the frost (ignored while the tablets glow: A9)
        if hour <= c.day_hours:
            return 0
        return 1 if s.heroes[hero] == "dwarf" else c.overtime_wp  # [R10] Hardy

    def hours_left(self, s: State, hero: int) -> int:
        """How many more hours the hero can use today, overtime included while it never
        takes their WP to 0 [T4]."""
        n, paid = 0, 0
        h = s.hour[hero] + 1
        while True:
            cost = self.hour_cost(s, hero, h)
            if cost is None or s.wp[hero] - paid - cost < 1:
                return n
            paid += cost
            n += 1
            h += 1

    def _use_hours(self, s: State, hero: int, k: int) -> int:
        """Advance the hero's marker `k` hours; the overtime WP they paid."""
        paid = 0
        for _ in range(k):
            s.hour[hero] += 1
            cost = self.hour_cost(s, hero, s.hour[hero])
            assert cost is not None
            paid += cost
        s.wp[hero] -= paid
        return paid

    # ----------------------------------------------------------------- to move, legal

    def to_move(self, s: State) -> int | None:
        if s.result:
            return None
        if s.flight:
            return s.current  # whoever opened the falcon exchange finishes it
        b = s.battle
        if b is not None:
            if b.phase == "turn":
                return self._wizard(s, b)
            if b.phase in ("blade", "herb"):
                return b.waiting
            if b.phase == "stay":
                return b.asked[0]
            if b.phase == "reward":
                return b.waiting
        return s.current

    def _wizard(self, s: State, b: Battle) -> int:
        return next(i for i in b.fighters if s.heroes[i] == "wizard")

    def legal(self, s: State) -> Sequence[Action]:
        if s._legal is not None:
            return s._legal
        out: list[Action] = []
        b = s.battle
        if s.result:
            pass
        elif s.flight:
            out = self.pieces.sends(s)
            out.append(Land())
        elif b is not None:
            if b.phase == "blade":
                seen_b: set[int] = set()
                for j, f in enumerate(b.rolls[b.waiting]):
                    if f not in seen_b:
                        seen_b.add(f)
                        out.append(Reroll(j))
                out.append(KeepDice())
            elif b.phase == "turn":
                faces = b.rolls[b.waiting]
                seen: set[int] = set()
                for j, f in enumerate(faces):
                    if f not in seen:
                        seen.add(f)
                        out.append(TurnDie(j))
                out.append(KeepDice())
            elif b.phase == "herb":
                out = [Use("red_blood_herb"), KeepDice()]
            elif b.phase == "stay":
                out = [Stay(), Leave()]
                # C6: between rounds a fighter may hand articles to a fellow fighter
                j = b.asked[0]
                for k in b.fighters:
                    if k != j:
                        out.extend(Give(item, k) for item in sorted(set(s.kit[j]))
                                   if item != STONE and self._room(s, k, item))
                if THORN in s.pouch[j] and s.kind(b.creature) in s.bosses and b.cwp > 1:
                    out.append(Use(THORN))  # before the next round against a boss
            elif b.phase == "reward":
                kind = s.kind(b.creature)
                out = [Reward(k) for k, _ in self.content.creatures[kind].reward]
        else:
            i = s.current
            if self.hours_left(s, i) > 0:
                here = s.space[i]
                dist = self.reach(s, i)
                safe = self.safe_reach(s, i) if s.escorted(i) else {}
                reach = self.hours_left(s, i)
                sips = self.sips(s, i)
                root = "white_wart_root" in s.pouch[i]
                for d in sorted(dist):
                    if d == here:
                        continue
                    for w in range(min(max(dist[d], safe.get(d, 0)), sips) + 1):
                        if self.walk_length(dist, safe, d, w, False, reach) is not None:
                            out.append(Move(d, w))
                        if root and self.walk_length(dist, safe, d, w, True, reach):
                            out.append(Move(d, w, True))
                foe = s.creature_at(here)
                if foe is not None:
                    mates = [j for j in self._order_from(s, i)
                             if j != i and s.space[j] == here and not s.ended[j]
                             and self.hours_left(s, j) > 0]
                    need = self.pieces.carlion_needed(s, foe)
                    carrier = self.pieces.carrier(s)
                    for k in range(len(mates) + 1):
                        out.extend(Fight(tuple(c)) for c in combinations(mates, k)
                                   if not need or (s.carlion >= need
                                                   and carrier in (i, *c)))
                out.extend(self.pieces.figure_moves(s, i))
                out.append(Pass())
            out.append(EndDay())
            out.extend(self._free_actions(s, i))
            for j in range(s.n):  # F1: free actions outside one's own turn
                if j != i and not s.ended[j]:
                    out.extend(Aside(j, a) for a in self._free_actions(s, j))
        s._legal = out
        return out

    # ----------------------------------------------------------------- walking

    def passable(self, s: State, hero: int, space: int) -> bool:
        """May the hero walk through `space`? Never across the lake (each lake space ends the
        move, L1); the cave only with 14 WP (R35)."""
        sp = self.board(s).spaces[space]
        return sp.kind != "lake" and s.wp[hero] >= sp.min_wp

    def enterable(self, s: State, hero: int, space: int) -> bool:
        """May the hero end a move on `space`? A lake space only while its ice token lies
        there (L1, L4), with at most one Iquar along (L2) and never with the winter stone."""
        if self.passable(s, hero, space):
            return True
        return (self.board(s).spaces[space].kind == "lake" and space in s.ice
                and len(s.escorted(hero)) <= 1 and STONE not in s.kit[hero])

    def reach(self, s: State, hero: int) -> dict[int, int]:
        """The spaces the hero can walk to, with the spaces each walk enters."""
        board = self.board(s)
        start = s.space[hero]
        if board.plain and not s.passage:
            return board.dist[start]
        strong = s.wp[hero] >= CAVE_WP  # the only WP a space asks (validator 8)
        onto_ice = len(s.escorted(hero)) <= 1 and STONE not in s.kit[hero]
        key = (board.id, start, strong if board.min_wp_spaces else True, onto_ice,
               tuple(sorted(s.ice)) if onto_ice else (), tuple(s.passage))
        hit = self._reach_cache.get(key)
        if hit is not None:
            return hit
        spaces = board.spaces
        wp = s.wp[hero]

        def passable(n: int) -> bool:
            sp = spaces[n]
            return sp.kind != "lake" and wp >= sp.min_wp
        dist = {start: 0}
        queue = deque([start])
        while queue:
            k = queue.popleft()
            if k != start and not passable(k):
                continue
            for n in self.hero_next(s, k):
                if n not in dist and (passable(n) or (onto_ice and n in s.ice
                                                      and spaces[n].kind == "lake")):
                    dist[n] = dist[k] + 1
                    queue.append(n)
        if len(self._reach_cache) > 20000:
            self._reach_cache.clear()
        self._reach_cache[key] = dist
        return dist

    @staticmethod
    def walk_length(dist: Mapping[int, int], safe: Mapping[int, int], to: int, sips: int,
                    root: bool, hours: int) -> int | None:
        """How many spaces a move to `to` walks, paying `sips` of them by wineskin and two by
        a white wart root: the way free of creatures when an escort has one that fits the
        hours (M7), else a shortest way; None when neither fits."""
        for k in (safe.get(to), dist.get(to)):
            if k is None or sips > k or (root and k - sips == 0):
                continue
            if k - sips - (min(2, k - sips) if root else 0) <= hours:
                return k
        return None

    def safe_reach(self, s: State, hero: int) -> dict[int, int]:
        """Like reach, over spaces no creature stands on (an escort's way, M7)."""
        board = self.board(s)
        start = s.space[hero]
        onto_ice = len(s.escorted(hero)) <= 1 and STONE not in s.kit[hero]
        taken = {w for _, w in s.creatures.values()}
        dist = {start: 0}
        queue = deque([start])
        while queue:
            k = queue.popleft()
            if k != start and not self.passable(s, hero, k):
                continue
            for n in self.hero_next(s, k):
                if n in dist or n in taken:
                    continue
                if self.passable(s, hero, n) or (onto_ice and n in s.ice
                                                 and board.spaces[n].kind == "lake"):
                    dist[n] = dist[k] + 1
                    queue.append(n)
        return dist

    def hero_next(self, s: State, space: int) -> tuple[int, ...]:
        """A space's neighbours for heroes: the secret passage joins its two ends (legend 3,
        card E)."""
        nxt = self.board(s).spaces[space].next
        if s.passage and space in s.passage:
            other = s.passage[1] if s.passage[0] == space else s.passage[0]
            return (*nxt, other)
        return nxt



    def _free_actions(self, s: State, i: int) -> list[Free]:
        out: list[Free] = []
        here = s.space[i]
        space = self.board(s).spaces[here]
        if "merchant" in space.features:
            out.extend(self.pieces.barters(s, i))  # A7: a merchant's articles are only swapped
        else:
            for item in sorted(set(s.items.get(here, ()))):
                if self._room(s, i, item) and not (item == STONE and "the_resistance" in s.rules
                                                   and s.wp[i] <= 2):
                    out.append(PickUp(item))
            out.extend(PutDown(item) for item in sorted(set(s.kit[i]))
                       if not (item == STONE and space.kind == "lake"))
        for name, (where, escort) in sorted(s.iquar.items()):
            if escort == i:
                out.append(LeaveIquar(name))
            elif where == here and escort < 0 and not (space.kind == "lake" and s.escorted(i)):
                out.append(TakeIquar(name))
        if not s.falcon_used:
            holder = next((j for j in range(s.n) if "falcon" in s.kit[j]), -1)
            if holder == i:
                out.extend(Falcon(j) for j in range(s.n) if j != i and not s.ended[j])
            elif holder >= 0 and not s.ended[holder]:
                out.append(Falcon(holder))
        for j in range(s.n):
            if j == i or s.space[j] != here or s.ended[j]:
                continue
            for item in sorted(set(s.kit[i])):
                if self._room(s, j, item) and not (item == STONE and "the_resistance" in s.rules
                                                   and s.wp[j] <= 2):
                    out.append(Give(item, j))
            out.extend(Give(item, j) for item in sorted(set(s.pouch[i])))
            if s.shaman and s.shaman[1] == i:
                out.append(Give(SHAMAN, j))  # she changes escort only on a shared space
        if here in s.fires and not s.fires[here] and s.wp[i] > self.content.fire_light_wp:
            out.append(Light())
        if ("firewood" in s.kit[i] and s.wp[i] > self.content.fire_light_wp
                and here not in s.fires and self.fires_left(s) > 0):
            out.append(Burn())
        if all(t in s.pouch[i] for t in TABLETS):
            out.append(Glow())
        if "gem" in s.pouch[i] and here not in s.gems and self._gem_space(s, here):
            out.append(LayGem())
        if s.heroes[i] == "guardian" and not s.hearth and s.wp[i] > self.content.fire_light_wp:
            out.append(LightHearth())
        if "telescope" in s.kit[i]:
            out.extend(Look(n) for n in self.board(s).spaces[here].next
                       if n in s.snow and not s.snow[n][1])
        if "blue_berries" in s.pouch[i]:
            out.append(Use("blue_berries"))
        return out



    def _gem_space(self, s: State, space: int) -> bool:
        """R34: gems work only on land with an arrow."""
        sp = self.board(s).spaces[space]
        return sp.kind == "land" and sp.arrow is not None

    def fires_left(self, s: State) -> int:
        """Fire tokens still in the box: 6, less those on spaces and the guardian's (R9, R22)."""
        board_fire = 1 if "guardian" in s.heroes else 0
        return self.content.fire_tokens - len(s.fires) - board_fire

    def sips(self, s: State, hero: int) -> int:
        """Wineskin sides the hero can use: 2 per full wineskin, 1 per half one."""
        return 2 * s.kit[hero].count("wineskin") + s.kit[hero].count(HALF)

    def size(self, item: str) -> str:
        return self.content.articles["wineskin" if item == HALF else item][1]

    def _room(self, s: State, hero: int, item: str) -> bool:
        if item not in self.content.articles and item != HALF:
            return True  # herbs, gems and tablets: the area holds any number
        size = self.size(item)
        used = sum(1 for k in s.kit[hero] if self.size(k) == size)
        return used < SIZES[size]

    def _order_from(self, s: State, first: int) -> list[int]:
        return [(first + k) % s.n for k in range(s.n)]

    # ----------------------------------------------------------------- outcome

    def outcome(self, s: State) -> Outcome | None:
        if not s.result:
            return None
        won = s.result == "won"
        return Outcome(places=(1 if won else 2,) * s.n, scores=(1 if won else 0,) * s.n,
                       cooperative_win=won,
                       details={"reason": s.reason, "days": s.day,
                                "letter": self.content.letters[s.narrator]})

    # ----------------------------------------------------------------- apply

    def apply(self, state: State, action: Action) -> tuple[State, list[Event]]:
        if state.result:
            raise IllegalAction("The legend is over.")
        if action not in self.legal(state):
            raise IllegalAction(self.why_illegal(state, action))
        s = state.copy()
        events: list[Event] = []
        if isinstance(action, Move):
            self._move(s, action.to, action.sips, action.root, events)
        elif isinstance(action, Fight):
            self._fight(s, action.allies, events)
        elif isinstance(action, Pass):
            self._use_hours(s, s.current, 1)
            events.append(_ev("passed", f"{P % s.current} passes an hour.", hero=s.current,
                              hour=s.hour[s.current], wp=s.wp[s.current]))
            self._next_turn(s, s.current, events)
        elif isinstance(action, EndDay):
            self._end_day(s, events)
        elif isinstance(action, Aside):
            turn = s.current  # F1: a hero acts outside their turn, then play goes on
            s.current = action.hero
            self._free(s, action.action, events)
            s.current = turn
        elif isinstance(action, Send):
            self.pieces.send(s, action, events)
        elif isinstance(action, Land):
            s.flight = []
            events.append(_ev("falcon_landed", "The falcon lands: the exchange is over."))
        elif isinstance(action, MoveTranuk):
            self.pieces.move_tranuk(s, action.to, events)
        elif isinstance(action, MoveFox):
            self.pieces.move_fox(s, action.to, action.look, events)
        elif s.battle is not None and s.battle.phase == "herb":
            b = s.battle
            if isinstance(action, Use):
                j = b.waiting
                s.pouch[j].remove("red_blood_herb")
                b.herbs.append(j)
                events.append(_ev("herb_used", f"{P % j} eats a red blood herb: +2 this round.",
                                  hero=j, item="red_blood_herb", wp=s.wp[j]))
            self._herbs_or_resolve(s, events)
        elif s.battle is None and isinstance(action, Free):
            self._free(s, action, events)
        elif isinstance(action, Use) and s.battle is not None:  # the black night thorn
            b = s.battle
            j = b.asked[0]
            s.pouch[j].remove(THORN)
            b.cwp = max(1, b.cwp - THORN_WP)
            events.append(_ev("herb_used", f"{P % j} burns the black night thorn: the "
                              f"{self.name(s, b.creature)} drops to {b.cwp} WP.", hero=j,
                              item=THORN, wp=s.wp[j]))
            events.append(_ev("creature_hurt", "The thorn's smoke weakens it.",
                              creature=b.creature, by=-THORN_WP, to=b.cwp))
        elif isinstance(action, Give):  # C6: between battle rounds
            self._give(s, action.item, action.to, events)
        elif isinstance(action, Reroll) or (isinstance(action, KeepDice)
                                            and s.battle is not None
                                            and s.battle.phase == "blade"):
            self._blade_decides(s, action, events)
        elif isinstance(action, TurnDie | KeepDice):
            self._wizard_decides(s, action, events)
        elif isinstance(action, Stay | Leave):
            self._stay_or_leave(s, isinstance(action, Stay), events)
        elif isinstance(action, Reward):
            assert s.battle is not None
            self._deal_reward(s, s.battle, action.kind, events)
            self._end_battle(s, events)
        self._check_goal(s, events)
        return s, events

    apply_unchecked = apply

    def _free(self, s: State, action: Free, events: list[Event]) -> None:
        """A free action of the hero s.current: it costs no hour and ends no turn."""
        if isinstance(action, PickUp):
            self._pick_up(s, action.item, events)
        elif isinstance(action, PutDown):
            i = s.current
            s.kit[i].remove(action.item)
            s.items.setdefault(s.space[i], []).append(action.item)
            events.append(_ev("item_dropped", f"{P % i} leaves the "
                              f"{self.article_name(action.item)} on {s.space[i]}.",
                              hero=i, item=action.item, space=s.space[i]))
        elif isinstance(action, Give):
            self._give(s, action.item, action.to, events)
        elif isinstance(action, Light):
            i = s.current
            s.wp[i] -= self.content.fire_light_wp
            s.fires[s.space[i]] = True
            events.append(_ev("fire_lit", f"{P % i} pays {self.content.fire_light_wp} WP and "
                              f"lights the fire on {s.space[i]}.", hero=i, space=s.space[i],
                              wp=s.wp[i]))
            if s.space[i] in s.markers:
                self.pieces.marker(s, i, events)  # legend 3: lighting the marker's own fire
        elif isinstance(action, Burn):
            i = s.current
            s.kit[i].remove("firewood")
            s.wp[i] -= self.content.fire_light_wp
            s.fires[s.space[i]] = True
            events.append(_ev("fire_lit", f"{P % i} pays {self.content.fire_light_wp} WP and "
                              f"burns the firewood: a fire burns on {s.space[i]}.", hero=i,
                              space=s.space[i], wp=s.wp[i], firewood=True))
        elif isinstance(action, Glow):
            i = s.current
            for t in TABLETS:
                s.pouch[i].remove(t)
            s.glow = 1
            events.append(_ev("tablets_glow", f"{P % i} turns the three tablets: they glow, and "
                              "the frost is held back until the next sunrise.", hero=i))
        elif isinstance(action, LayGem):
            i = s.current
            s.pouch[i].remove("gem")
            s.gems.append(s.space[i])
            events.append(_ev("gem_laid", f"{P % i} lays a gem on {s.space[i]}.", hero=i,
                              space=s.space[i]))
        elif isinstance(action, LightHearth):
            i = s.current
            s.wp[i] -= self.content.fire_light_wp
            s.hearth = True
            events.append(_ev("hearth_lit", f"{P % i} pays {self.content.fire_light_wp} WP and "
                              "lights the fire on her board.", hero=i, wp=s.wp[i]))
        elif isinstance(action, Look):
            self._reveal(s, action.space, events, by=s.current)
        elif isinstance(action, Use):
            i = s.current
            s.pouch[i].remove(action.item)
            s.wp[i] = min(self.content.wp_max, s.wp[i] + 3)
            events.append(_ev("herb_used", f"{P % i} eats the blue berries (+3 WP).", hero=i,
                              item=action.item, wp=s.wp[i]))
        else:
            self.pieces.free_more(s, action, events)


    def article_name(self, item: str) -> str:
        if item == HALF:
            return "Half wineskin"
        if item in self.content.articles:
            return self.content.articles[item][0]
        return self.face_name(item)

    # ----------------------------------------------------------------- moving

    def _move(self, s: State, to: int, sips: int, root: bool, events: list[Event]) -> None:
        i = s.current
        start = s.space[i]
        safe = self.safe_reach(s, i) if s.escorted(i) else {}
        walked = self.walk_length(self.reach(s, i), safe, to, sips, root, self.hours_left(s, i))
        assert walked is not None
        path = (self.path(s, start, to, i, avoid=True) if safe.get(to) == walked
                else self.path(s, start, to, i))
        k = walked - sips
        if root:
            free = min(2, k)
            k -= free
            s.pouch[i].remove("white_wart_root")
            events.append(_ev("herb_used", f"{P % i} chews a white wart root: {free} "
                              f"space{'s' if free != 1 else ''} without an hour.", hero=i,
                              item="white_wart_root", wp=s.wp[i]))
        for _ in range(sips):  # R45: half wineskins are drunk first
            if HALF in s.kit[i]:
                s.kit[i].remove(HALF)
                events.append(_ev("wineskin_used", f"{P % i} empties a half wineskin.",
                                  hero=i, item=HALF, left="none"))
            else:
                s.kit[i][s.kit[i].index("wineskin")] = HALF
                events.append(_ev("wineskin_used", f"{P % i} drinks half a wineskin.",
                                  hero=i, item="wineskin", left=HALF))
        if "will_of_the_stone" in s.rules and STONE in s.kit[i]:
            # a carrier who cannot pay the stone's 1 WP at the end drops it before moving
            overtime = sum(self.hour_cost(s, i, s.hour[i] + h) or 0 for h in range(1, k + 1))
            if s.wp[i] - overtime <= 1:
                s.kit[i].remove(STONE)
                s.items.setdefault(start, []).append(STONE)
                events.append(_ev("item_dropped", f"{P % i} is too weak to carry the winter "
                                  f"stone on and leaves it on {start}.", hero=i, item=STONE,
                                  space=start))
        paid = self._use_hours(s, i, k)
        s.space[i] = to
        events.append(_ev(
            "moved", f"{P % i} moves to {self.space_name(s, to)} ({k} "
            f"hour{'s' if k != 1 else ''}{f', {paid} WP of overtime' if paid else ''}"
            f"{f', {sips} by wineskin' if sips else ''}).",
            hero=i, source=start, target=to, path=path, hours=k, hour=s.hour[i], wp=s.wp[i]))
        self.pieces.escort(s, i, path[1:], events)
        if "will_of_the_stone" in s.rules and STONE in s.kit[i]:
            s.wp[i] -= 1
            events.append(_ev("wp_changed", f"The winter stone takes 1 WP from {P % i}.",
                              hero=i, by=-1, to=s.wp[i], why="stone"))
        face = ""
        if to in s.snow:
            face = self._resolve_token(s, i, events)  # M4: ending a move on a token
        elif to in s.ice:
            self._resolve_token(s, i, events)  # L1: the ice token ends the move
        if face != "storm" and s.space[i] in s.markers and not s.result:
            self.pieces.marker(s, i, events)  # N6: after the snow token, unless it was a storm
        self._next_turn(s, i, events)




    # ----------------------------------------------------------------- figures











    def path(self, s: State, start: int, to: int, hero: int | None = None,
             avoid: bool = False) -> list[int]:
        """A shortest walk from `start` to `to` (ruling R4): each step to the lowest-numbered
        neighbour one space nearer; with `avoid`, the shortest walk over spaces free of
        creatures (an escort's, M7). A hero escorting an Iquar steps round creatures where a
        shortest walk allows it (R47)."""
        board = self.board(s)
        taken = {w for _, w in s.creatures.values()} if avoid else set()
        if ((board.plain and not s.passage) or hero is None) and not avoid:
            d = board.dist[to]
        else:
            d = {to: 0}
            queue = deque([to])
            while queue:
                k = queue.popleft()
                if k != to and (k == start or (hero is not None
                                               and not self.passable(s, hero, k))):
                    continue
                for n in self.hero_next(s, k):
                    if n not in d and (n not in taken or n == start):
                        d[n] = d[k] + 1
                        queue.append(n)
        wary = hero is not None and bool(s.escorted(hero))
        out, cur = [start], start
        while cur != to:
            steps = [n for n in self.hero_next(s, cur) if d.get(n, 99) == d[cur] - 1
                     and (n == to or hero is None or self.passable(s, hero, n))]
            cur = min(steps, key=lambda n: (wary and s.creature_at(n) is not None, n))
            out.append(cur)
        return out

    def _pick_up(self, s: State, item: str, events: list[Event]) -> None:
        i = s.current
        here = s.space[i]
        s.items[here].remove(item)
        if not s.items[here]:
            del s.items[here]
        s.kit[i].append(item)
        events.append(_ev("item_taken", f"{P % i} takes the {self.article_name(item)}.",
                          hero=i, item=item, space=here))
        if item == STONE and "the_resistance" in s.rules:
            s.wp[i] -= 2
            events.append(_ev("wp_changed", f"The winter stone resists: {P % i} loses 2 WP.",
                              hero=i, by=-2, to=s.wp[i], why="stone"))

    def _give(self, s: State, item: str, to: int, events: list[Event]) -> None:
        i = s.battle.asked[0] if s.battle is not None else s.current
        if item == SHAMAN:
            s.shaman[1] = to
            events.append(_ev("shaman_escorted", f"The shaman walks with {P % to} now.",
                              hero=i, to=to))
            return
        held = s.kit if item in s.kit[i] else s.pouch
        held[i].remove(item)
        held[to].append(item)
        events.append(_ev("item_given", f"{P % i} gives {P % to} the "
                          f"{self.article_name(item).lower()}.", hero=i, to=to, item=item))
        if item == STONE and "the_resistance" in s.rules:
            s.wp[to] -= 2
            events.append(_ev("wp_changed", f"The winter stone resists: {P % to} loses 2 WP.",
                              hero=to, by=-2, to=s.wp[to], why="stone"))

    # ----------------------------------------------------------------- snow tokens

    def _reveal(self, s: State, space: int, events: list[Event], by: int) -> str:
        ice = space in s.ice
        token = s.ice[space] if ice else s.snow[space]
        face = str(token[0])
        token[1] = True
        events.append(_ev("ice_revealed" if ice else "snow_revealed",
                          f"The {'ice' if ice else 'snow'} token on {space} shows "
                          f"{self.face_name(face)}.", chance=True, space=space, face=face,
                          hero=by))
        return face

    def face_name(self, face: str) -> str:
        names = {"storm": "a snowstorm", "sp_plus_1": "+1 SP", "wp_minus_2": "-2 WP",
                 "wp_minus_3": "-3 WP", "gem": "a gem", "tablet_griffin": "the griffin tablet",
                 "tablet_sea_monster": "the sea monster tablet",
                 "tablet_buffalo": "the steppe buffalo tablet"}
        if face in names:
            return names[face]
        if face in self.content.articles:
            return self.article_name(face).lower()
        return self.content.herbs[face][0].lower() if face in self.content.herbs else face

    def _resolve_token(self, s: State, i: int, events: list[Event]) -> str:
        """Turn up (if needed), carry out and remove the snow token on hero i's space (N1)."""
        here = s.space[i]
        store = s.snow if here in s.snow else s.ice
        face = str(store[here][0]) if store[here][1] else self._reveal(s, here, events, i)
        del store[here]
        c = self.content
        what = "snow" if store is s.snow else "ice"
        events.append(_ev(f"{what}_resolved", f"{P % i} takes the {what} token: "
                          f"{self.face_name(face)}.", hero=i, space=here, face=face))
        if face == "sp_plus_1":
            s.sp[i] = min(c.sp_max, s.sp[i] + 1)
            events.append(_ev("sp_changed", f"{P % i} gains 1 SP.", hero=i, by=1, to=s.sp[i]))
        elif face.startswith("wp_minus_"):
            self._lose_wp(s, i, int(face.rsplit("_", 1)[1]), "snow", events)
        elif face == "storm":
            self._storm(s, events)
        elif face in c.articles:
            if self._in_supply(s, face):
                # R25: from the box; without a free slot it lies on the space (a free swap
                # there picks it up)
                if self._room(s, i, face):
                    s.kit[i].append(face)
                    events.append(_ev("item_gained", f"{P % i} gets the "
                                      f"{self.article_name(face).lower()}.", hero=i, item=face))
                else:
                    s.items.setdefault(here, []).append(face)
                    events.append(_ev("item_left", f"{P % i} has no room: the "
                                      f"{self.article_name(face).lower()} lies on {here}.",
                                      hero=i, item=face, space=here))
        else:
            s.pouch[i].append(face)
            events.append(_ev("pouch_gained", f"{P % i} keeps {self.face_name(face)}.",
                              hero=i, item=face))
        return face

    def _in_supply(self, s: State, item: str) -> bool:
        kinds = (item, HALF) if item == "wineskin" else (item,)
        used = sum(v.count(k) for v in s.items.values() for k in kinds) \
            + sum(kit.count(k) for kit in s.kit for k in kinds)
        return used < self.content.articles[item][2]

    def _lose_wp(self, s: State, i: int, amount: int, why: str, events: list[Event]) -> None:
        """R7: WP that reaches 0 outside battle counts as a lost battle."""
        s.wp[i] = max(0, s.wp[i] - amount)
        events.append(_ev("wp_changed", f"{P % i} loses {amount} WP.", hero=i, by=-amount,
                          to=s.wp[i], why=why))
        if s.wp[i] == 0:
            self._lost_battle(s, i, events)

    def _storm(self, s: State, events: list[Event]) -> None:
        """N3, N4: every hero moves one space along their space's arrow; then the tokens where
        heroes landed resolve, highest rank first. Another storm moves everyone again and the
        tokens not yet resolved stay."""
        board = self.board(s)
        landed: list[int] = []
        for i in range(s.n):
            a = board.spaces[s.space[i]].arrow
            if a is None:
                continue  # no arrow (the lake, the tent city): the hero stays
            if s.wp[i] < board.spaces[a].min_wp:
                events.append(_ev("storm_held", f"{P % i} is too weak to be blown into "
                                  f"{self.space_name(s, a)} and stays.", hero=i, space=a))
                continue  # N8: the cave takes only heroes with 14 WP
            start = s.space[i]
            s.space[i] = a
            landed.append(i)
            events.append(_ev("blown", f"The storm drives {P % i} to {a}.", hero=i,
                              source=start, target=a))
            if s.shaman and s.shaman[1] == i:
                self.pieces.shaman_to(s, a, events)
            for name in s.escorted(i):
                if s.creature_at(a) is not None:  # R47: the Iquar stays out of harm's way
                    s.iquar[name][1] = -1
                    events.append(_ev("iquar_left", f"The {self.pieces.iquar_name(name)} stays "
                                      f"behind on {start}.", hero=i, iquar=name, space=start))
                else:
                    s.iquar[name][0] = a
                    if a == board.home:
                        self.pieces.rescue(s, name, events)
        for i in sorted(landed, key=lambda j: -self.content.heroes[s.heroes[j]].rank):
            if s.result:
                return
            if s.space[i] in s.snow and self._resolve_token(s, i, events) == "storm":
                return
            if s.space[i] in s.markers:
                self.pieces.marker(s, i, events)  # R24: a storm's landing ends a move too

    # ----------------------------------------------------------------- turns and days

    def _next_turn(self, s: State, after: int, events: list[Event]) -> None:
        """The next hero clockwise after `after` who is still in the day plays; sunrise when
        every hero has ended it."""
        if s.result:
            return
        for k in range(1, s.n + 1):
            j = (after + k) % s.n
            if not s.ended[j]:
                s.current = j
                return
        self._sunrise(s, events)

    def _end_day(self, s: State, events: list[Event]) -> None:
        i = s.current
        s.ended[i] = True
        first = s.rooster < 0
        if first:
            s.rooster = i
        events.append(_ev("day_ended", f"{P % i} ends the day"
                          + (" and takes the rooster." if first else "."),
                          hero=i, rooster=first))
        self._next_turn(s, i, events)

    # ----------------------------------------------------------------- battle

    def _fight(self, s: State, allies: tuple[int, ...], events: list[Event]) -> None:
        i = s.current
        num = s.creature_at(s.space[i])
        assert num is not None
        b = Battle()
        b.creature = num
        b.cwp = self.creature_wp(s, num)
        b.inviter = i
        joined = set(allies) | {i}
        b.fighters = [j for j in self._order_from(s, i) if j in joined]
        s.battle = b
        names = ", ".join(P % j for j in b.fighters)
        events.append(_ev("fight_started", f"{names} attack the {self.name(s, num)} on "
                          f"{s.space[i]}.", creature=num, kind=s.kind(num), space=s.space[i],
                          fighters=list(b.fighters)))
        self._start_round(s, events)

    def _start_round(self, s: State, events: list[Event]) -> None:
        b = s.battle
        assert b is not None
        for j in list(b.fighters):
            if self.hours_left(s, j) <= 0:
                self._leave(s, j, "has no hour left", events)
        if not b.fighters:
            self._battle_undecided(s, events)
            return
        b.round += 1
        b.rolls = {}
        b.turned = False
        b.herbs = []
        for j in b.fighters:
            paid = self._use_hours(s, j, 1)
            if paid:
                events.append(_ev("wp_changed", f"{P % j} pays {paid} WP for overtime.",
                                  hero=j, by=-paid, to=s.wp[j], why="overtime"))
        events.append(_ev("round_started", f"Battle round {b.round}.", round=b.round,
                          fighters=list(b.fighters), hours=[s.hour[j] for j in b.fighters]))
        self._roll_on(s, events)

    def _roll_on(self, s: State, events: list[Event]) -> None:
        """Roll for the fighters who have not rolled this round, in order (C4); stop when the
        wizard may turn a die of the roll just made (H8, C5)."""
        b = s.battle
        assert b is not None
        for j in b.fighters:
            if j in b.rolls:
                continue
            k = self.content.hero_dice(s.heroes[j], s.wp[j])
            faces = []
            for _ in range(k):
                v, s.rng = rng.below(s.rng, 6)
                faces.append(v + 1)
            b.rolls[j] = faces
            events.append(_ev("rolled", f"{P % j} rolls {', '.join(map(str, faces))}.",
                              chance=True, hero=j, dice=faces))
            if "askimar_blade" in s.kit[j]:
                b.phase = "blade"  # C5: the blade comes before the wizard's turn
                b.waiting = j
                return
            if self._may_turn(s, b):
                b.phase = "turn"
                b.waiting = j
                return
        self._herbs_or_resolve(s, events)

    def _herbs_or_resolve(self, s: State, events: list[Event]) -> None:
        """R23: once every die is final, each fighter holding a red blood herb may eat it for
        +2 this round (in rolling order); then the creature rolls."""
        b = s.battle
        assert b is not None
        start = b.fighters.index(b.waiting) + 1 if b.phase == "herb" else 0
        for j in b.fighters[start:]:
            if "red_blood_herb" in s.pouch[j]:
                b.phase = "herb"
                b.waiting = j
                return
        b.phase = ""
        self._resolve_round(s, events)

    def _may_turn(self, s: State, b: Battle) -> bool:
        return not b.turned and any(s.heroes[w] == "wizard" for w in b.fighters)

    def _blade_decides(self, s: State, action: Reroll | KeepDice, events: list[Event]) -> None:
        """A3 / R39: the blade's holder may roll one of their dice again, once a round."""
        b = s.battle
        assert b is not None
        j = b.waiting
        if isinstance(action, Reroll):
            faces = b.rolls[j]
            old = faces[action.die]
            v, s.rng = rng.below(s.rng, 6)
            faces[action.die] = v + 1
            events.append(_ev("rerolled", f"{P % j} rolls the {old} again with the Askimar "
                              f"blade: {v + 1}.", chance=True, hero=j, die=action.die,
                              source=old, target=v + 1, dice=list(faces)))
        if self._may_turn(s, b):
            b.phase = "turn"
            return
        self._roll_on(s, events)

    def _wizard_decides(self, s: State, action: TurnDie | KeepDice, events: list[Event]) -> None:
        b = s.battle
        assert b is not None
        if isinstance(action, TurnDie):
            faces = b.rolls[b.waiting]
            old = faces[action.die]
            faces[action.die] = 7 - old
            b.turned = True
            w = self._wizard(s, b)
            events.append(_ev("die_turned", f"{P % w} turns {P % b.waiting}'s {old} into a "
                              f"{7 - old}.", wizard=w, hero=b.waiting, die=action.die,
                              source=old, target=7 - old, dice=list(faces)))
        self._roll_on(s, events)

    def fighter_value(self, s: State, j: int, dice: Sequence[int]) -> int:
        """One hero's part of the battle value: highest die (with the helm, the best sum of
        equal dice: A4) + SP + the fire bonus (B2, C3)."""
        return best_value(dice, "helm" in s.kit[j]) + s.sp[j] + self.fire_bonus(s, j)

    def burning(self, s: State, space: int) -> bool:
        """A burning fire token on `space`, or the guardian's lit board fire there (H9); one
        space gives its bonus once however many burn (R11)."""
        if s.fires.get(space):
            return True
        return s.hearth and any(s.heroes[i] == "guardian" and s.space[i] == space
                                for i in range(s.n))


    def group_bonus(self, s: State, b: Battle) -> int:
        """C13 / R16: Tranuk on the creature's space adds 2, Carlion 1 per charge while its
        carrier fights; each once for the group."""
        bonus = TRANUK_SP if s.figures.get("tranuk") == s.where(b.creature) else 0
        if self.pieces.carrier(s) in b.fighters:
            bonus += s.carlion
        return bonus

    def fire_bonus(self, s: State, j: int) -> int:
        here = s.space[j]
        if not self.burning(s, here) or here == self.board(s).home:
            return 0  # K4: no bonus in the castle or the tent city
        b = s.battle
        if b is not None and s.kind(b.creature) in s.bosses and not self.legend(s).bosses[
                s.kind(b.creature)].fires:
            return 0  # legend 3: fires give no bonus against Tuhavar
        return 2 if s.heroes[j] == "warrior" else self.content.fire_battle_sp

    def _resolve_round(self, s: State, events: list[Event]) -> None:
        b = s.battle
        assert b is not None
        heroes = (sum(self.fighter_value(s, j, b.rolls[j]) for j in b.fighters)
                  + 2 * len(b.herbs) + self.group_bonus(s, b))
        k = self.creature_dice(s, b.creature, b.cwp)
        if b.round == 1 and s.figures.get("fox") == s.where(b.creature):
            k = max(1, k - 1)  # O4, R33: the fox steals a die in the first round
        faces = []
        for _ in range(k):
            v, s.rng = rng.below(s.rng, 6)
            faces.append(v + 1)
        creature = best_value(faces, True) + self.creature_sp(s, b.creature)
        name = self.name(s, b.creature)
        events.append(_ev("creature_rolled", f"The {name} rolls {', '.join(map(str, faces))}: "
                          f"{creature} against {heroes}.", chance=True, creature=b.creature,
                          dice=faces, value=creature, heroes=heroes))
        diff = abs(heroes - creature)
        if heroes > creature:
            b.cwp = max(0, b.cwp - diff)
            events.append(_ev("creature_hurt", f"The {name} loses {diff} WP ({b.cwp} left).",
                              creature=b.creature, by=-diff, to=b.cwp))
            if b.cwp == 0:
                self._defeat(s, events)
                return
        elif creature > heroes:
            for j in list(b.fighters):
                s.wp[j] = max(0, s.wp[j] - diff)
                events.append(_ev("wp_changed", f"{P % j} loses {diff} WP.", hero=j,
                                  by=-diff, to=s.wp[j], why="battle"))
                if s.wp[j] == 0:
                    self._leave(s, j, "is beaten", events)
            if not b.fighters:
                events.append(_ev("battle_over", f"The {name} wins the battle.",
                                  creature=b.creature, result="lost"))
                self._end_battle(s, events)
                return
        else:
            events.append(_ev("tie", "A tie: nothing happens.", creature=b.creature))
        for j in list(b.fighters):
            if self.hours_left(s, j) <= 0:
                self._leave(s, j, "has no hour left", events)
        if not b.fighters:
            self._battle_undecided(s, events)
            return
        b.phase = "stay"
        b.asked = list(b.fighters)

    def _leave(self, s: State, j: int, why: str, events: list[Event]) -> None:
        b = s.battle
        assert b is not None
        b.fighters.remove(j)
        beaten = s.wp[j] == 0
        events.append(_ev("left_battle", f"{P % j} {why} and leaves the battle.", hero=j,
                          beaten=beaten))
        if beaten:
            self._lost_battle(s, j, events)

    def _lost_battle(self, s: State, j: int, events: list[Event]) -> None:
        """B8: -1 SP if above the minimum, and the hero gets 3 WP."""
        c = self.content
        if s.sp[j] > c.sp_min:
            s.sp[j] -= c.loss_sp
            events.append(_ev("sp_changed", f"{P % j} loses {c.loss_sp} SP.", hero=j,
                              by=-c.loss_sp, to=s.sp[j]))
        s.wp[j] += c.loss_wp
        events.append(_ev("wp_changed", f"{P % j} recovers to {s.wp[j]} WP.", hero=j,
                          by=c.loss_wp, to=s.wp[j], why="recovery"))

    def _stay_or_leave(self, s: State, stay: bool, events: list[Event]) -> None:
        b = s.battle
        assert b is not None
        j = b.asked.pop(0)
        if not stay:
            self._leave(s, j, "chooses to stop", events)
        if b.asked:
            return
        b.phase = ""
        if b.fighters:
            self._start_round(s, events)
        else:
            self._battle_undecided(s, events)

    def _battle_undecided(self, s: State, events: list[Event]) -> None:
        b = s.battle
        assert b is not None
        events.append(_ev("battle_over", f"The battle ends undecided; the "
                          f"{self.name(s, b.creature)} recovers.", creature=b.creature,
                          result="undecided"))
        self._end_battle(s, events)

    def _defeat(self, s: State, events: list[Event]) -> None:
        b = s.battle
        assert b is not None
        num = b.creature
        kind = s.kind(num)
        where = s.where(num)
        s.creatures[num][1] = self.board(s).defeated
        s.defeated.append(num)
        events.append(_ev("defeated", f"The {self.name(s, num)} is defeated.", creature=num,
                          kind=kind, source=where, target=self.board(s).defeated))
        self._fire_triggers(s, "defeated", kind, None, events)
        if not s.result:
            self._advance_narrator(s, events)
        if s.result:
            return  # the legend ended with this defeat (_end cleared the battle)
        reward = () if kind in s.bosses else self.content.creatures[kind].reward
        if len(reward) > 1:
            b.phase = "reward"
            b.waiting = b.inviter if b.inviter in b.fighters else b.fighters[0]
            return
        if reward:
            self._deal_reward(s, b, reward[0][0], events)
        self._end_battle(s, events)

    def _deal_reward(self, s: State, b: Battle, kind: str, events: list[Event]) -> None:
        """C10 / R15: the units are dealt as evenly as possible, the rest going clockwise
        from the inviter."""
        amount = dict(self.content.creatures[s.kind(b.creature)].reward)[kind]
        order = [j for j in self._order_from(s, b.inviter) if j in b.fighters]
        share, rest = divmod(amount, len(order))
        shares = {j: share + (1 if k < rest else 0) for k, j in enumerate(order)}
        c = self.content
        for j, got in shares.items():
            if kind == "sp":
                s.sp[j] = min(c.sp_max, s.sp[j] + got)
            else:
                s.wp[j] = min(c.wp_max, s.wp[j] + got)
        text = ", ".join(f"{P % j} +{got} {kind.upper()}" for j, got in shares.items())
        events.append(_ev("reward", f"Reward: {text}.", kind=kind,
                          shares=[[j, got] for j, got in shares.items()],
                          sp=[s.sp[j] for j in order], wp=[s.wp[j] for j in order]))

    def _end_battle(self, s: State, events: list[Event]) -> None:
        b = s.battle
        assert b is not None
        s.battle = None
        self._next_turn(s, b.inviter, events)  # C11: the hero left of the inviter plays

    # ----------------------------------------------------------------- creatures

    def _place(self, s: State, kind: str, at: int, events: list[Event]) -> None:
        """Put a creature (or a boss) on `at`; on a taken space it moves on along the arrows
        (S3). A kind whose figures are all in use is not placed (R40)."""
        if kind not in s.bosses:
            used = sum(1 for k, _ in s.creatures.values() if k == kind)
            if used >= self.content.creatures[kind].cap:
                events.append(_ev("not_placed", f"No {self.content.creatures[kind].name} is "
                                  "left in the box.", kind=kind, space=at))
                return
        num = s.next_creature
        s.next_creature += 1
        s.creatures[num] = [kind, at]
        events.append(_ev("creature_placed", f"A {self.name(s, num)} appears on {at}.",
                          creature=num, kind=kind, space=at))
        if any(o != num and w == at for o, (_, w) in s.creatures.items()):
            self._walk(s, num, 0, events)
        elif s.iquar:
            self.pieces.creature_meets_iquar(s, at, events)  # R31: being placed counts

    def _walk(self, s: State, num: int, steps: int, events: list[Event],
              first: int | None = None, route: Sequence[int] = ()) -> list[int]:
        """Move a creature `steps` spaces along the arrows (the first step to `first` when
        given: a gem; along `route` first when given: a boss seeking the stone), then on past
        taken spaces (S2, S3); into the castle or tent city means a shield (S4)."""
        board = self.board(s)
        start = cur = s.where(num)
        path: list[int] = []
        left = steps
        ahead = list(route)
        while left > 0 or self._taken(s, num, cur):
            if first is not None:
                nxt: int | None = first
            elif ahead:
                nxt = ahead.pop(0)
            else:
                nxt = board.spaces[cur].arrow
            first = None
            if nxt is None:
                break
            cur = nxt
            path.append(cur)
            left = max(0, left - 1)
            if cur == board.home:
                break
        if cur == start:
            return []
        s.creatures[num][1] = cur
        kind = s.kind(num)
        self.pieces.trample(s, num, path, events)
        if cur == board.home:
            self._fire_triggers(s, "enters", kind, cur, events)
            if s.result:
                events.append(_ev("creature_moved", f"The {self.name(s, num)} enters "
                                  f"{self.space_name(s, cur)}.", creature=num, kind=kind,
                                  source=start, target=cur, path=path))
                return path
            s.creatures[num][1] = SHIELD
            s.shields.append(num)
            events.append(_ev("creature_moved", f"The {self.name(s, num)} reaches "
                              f"{self.space_name(s, cur)} and takes a shield.", creature=num,
                              kind=kind, source=start, target=SHIELD, path=path))
            if len(s.shields) > self.shield_count(s):
                self._end(s, "lost", f"the {self.name(s, num)} found no free shield at "
                          f"{self.space_name(s, cur)}", events)
            return path
        events.append(_ev("creature_moved", f"The {self.name(s, num)} moves to {cur}.",
                          creature=num, kind=kind, source=start, target=cur, path=path))
        for sid in path:  # O2: every space it enters, also on the way (a boss walks two)
            self.pieces.creature_meets_iquar(s, sid, events)
        self._fire_triggers(s, "enters", kind, cur, events)
        return path






    def _gem_pull(self, s: State, num: int, events: list[Event]) -> int | None:
        """O5, O6 / R34: a creature next to a gem goes onto it instead of along its arrow
        (the lowest id of several) and the gem leaves the game; a creature standing on the
        gem sends the mover on along that space's arrow."""
        here = s.where(num)
        near = [g for g in s.gems if g in self.board(s).spaces[here].next]
        if not near:
            return None
        gem = min(near)
        s.gems.remove(gem)
        events.append(_ev("gem_taken", f"The {self.name(s, num)} goes for the gem on {gem}.",
                          creature=num, space=gem))
        return gem

    def _taken(self, s: State, num: int, space: int) -> bool:
        return any(o != num and w == space for o, (_, w) in s.creatures.items())

    # ----------------------------------------------------------------- sunrise

    def _sunrise(self, s: State, events: list[Event]) -> None:
        c = self.content
        events.append(_ev("sunrise", f"Sunrise after day {s.day}.", day=s.day))
        for step in range(1, 6):
            kinds = [k for k, cr in c.creatures.items() if step in cr.steps]
            events.append(_ev("sunrise_step", f"Step {step}: "
                              + ", ".join(c.creatures[k].name for k in kinds) + " move.",
                              step=step))
            for kind in kinds:
                movers = sorted((s.where(n), n) for n, (k, w) in s.creatures.items()
                                if k == kind and isinstance(w, int) and w >= 0
                                and n not in s.defeated)
                for _, num in movers:
                    self._walk(s, num, 1, events, self._gem_pull(s, num, events))
                    if s.result:
                        return
            if step == 5 and "boss_moves" in s.rules:
                for num, (bkind, w) in sorted(s.creatures.items()):
                    if bkind in s.bosses and num not in s.defeated and w != SHIELD:
                        boss = self.legend(s).bosses[str(bkind)]
                        route = self.pieces.stone_route(s, num) if boss.toward == "stone" else []
                        goal = self.pieces.stone_space(s)
                        walked = self._walk(s, num, boss.spaces, events, route=route)
                        if boss.toward == "stone" and goal in walked:
                            self._end(s, "lost", f"{boss.name} reached the winter stone",
                                      events)
                        self.pieces.stone_reached(s, events)
                        if s.result:
                            return
        # 6 warming
        warmed = [i for i in range(s.n) if self.burning(s, s.space[i])]
        for i in warmed:
            s.wp[i] = min(c.wp_max, s.wp[i] + c.fire_warm_wp)
        events.append(_ev("warming", "Step 6: " + (", ".join(P % i for i in warmed)
                                                   + f" warm up by a fire (+{c.fire_warm_wp}"
                                                   " WP)." if warmed else "nobody sits by a "
                                                   "burning fire."),
                          heroes=warmed, wp=[s.wp[i] for i in warmed]))
        # 6b legend effects: the Echo Cave trades 4 WP for 1 SP (legend 2, card D; R49)
        if "echo_cave" in s.rules:
            cave = next((sid for sid, sp in self.board(s).spaces.items() if "cave" in sp.features),
                        None)
            for i in range(s.n):
                if s.space[i] == cave and s.wp[i] > ECHO_WP and s.sp[i] < c.sp_max:
                    s.wp[i] -= ECHO_WP
                    s.sp[i] += ECHO_SP
                    events.append(_ev("echo", f"Step 6b: the Echo Cave answers {P % i}: "
                                      f"{ECHO_WP} WP become {ECHO_SP} SP.", hero=i, wp=s.wp[i],
                                      sp=s.sp[i]))
        # 7 the frost (R29: after a glowing day the token only turns face up again)
        if s.glow == 1:
            s.glow = 2
            events.append(_ev("tablets_gone", "Step 7: the tablets fade and leave the game; "
                              "the frost returns.", frost=s.frost))
        elif s.frost is not None and s.frost > c.frost_floor:
            s.frost -= 1
            events.append(_ev("frost_moved", f"Step 7: the frost moves to box {s.frost}.",
                              to=s.frost))
        # 8 fires go out
        lit = sorted(f for f, on in s.fires.items() if on)
        for f in lit:
            s.fires[f] = False
        hearth, s.hearth = s.hearth, False
        events.append(_ev("fires_out", "Step 8: every fire goes out.", spaces=lit,
                          hearth=hearth))
        # 9 the narrator, then a new day (the falcon turns face up: A6, S6)
        if s.falcon_used:
            s.falcon_used = False
            events.append(_ev("falcon_ready", "The falcon is ready to fly again."))
        s.day += 1
        s.hour = [0] * s.n
        s.ended = [False] * s.n
        s.current = s.rooster if s.rooster >= 0 else s.current
        s.rooster = -1
        self._advance_narrator(s, events)
        if not s.result:
            events.append(_ev("new_day", f"Day {s.day}: {P % s.current} opens it.",
                              day=s.day, first=s.current))

    # ----------------------------------------------------------------- the legend

    def _advance_narrator(self, s: State, events: list[Event]) -> None:
        letters = self.content.letters
        s.narrator += 1
        letter = letters[s.narrator]
        events.append(_ev("narrator", f"The narrator moves to {letter}.", letter=letter,
                          index=s.narrator))
        self._read_letter(s, events)
        if not s.result and s.narrator == len(letters) - 1:
            if self.goal_met(s):
                self._end(s, "won", "the goal was met as the legend ended", events)
            else:
                self._end(s, "lost", "the narrator reached N before the goal was met", events)

    def _read_letter(self, s: State, events: list[Event]) -> None:
        lg = self.legend(s)
        letter = self.content.letters[s.narrator]
        if letter not in lg.stars:
            return
        for card in lg.cards_of(letter):
            s.read.append(card.id)
            # a card read is an undo barrier like a roll or a reveal (design brief, section 5)
            events.append(_ev("card", f"Legend card {card.id}: {card.title}.", chance=True,
                              id=card.id, letter=letter, title=card.title, text=card.text))
            self._do(s, card.do, events)
            if s.result:
                return

    def _do(self, s: State, verbs: Sequence[Any], events: list[Event]) -> None:
        for verb in verbs:
            (name, arg), = verb.items()
            if name == "each_hero":
                c = self.content
                floor = int(arg.get("floor", 1))
                for i in range(s.n):
                    if arg.get("off_fire") and self.burning(s, s.space[i]):
                        continue  # legend 4, card L: only heroes away from a fire
                    if "sp" in arg:
                        s.sp[i] = max(c.sp_min, min(c.sp_max, s.sp[i] + arg["sp"]))
                        events.append(_ev("sp_changed", f"{P % i} now has {s.sp[i]} SP.",
                                          hero=i, by=arg["sp"], to=s.sp[i]))
                    if "wp" in arg:
                        s.wp[i] = max(min(floor, s.wp[i]), min(c.wp_max, s.wp[i] + arg["wp"]))
                        events.append(_ev("wp_changed", f"{P % i} now has {s.wp[i]} WP.",
                                          hero=i, by=arg["wp"], to=s.wp[i], why="card"))
            elif name == "roll":
                face, s.rng = rng.below(s.rng, 6)
                events.append(_ev("black_die", f"The black die shows {face + 1}.",
                                  chance=True, face=face + 1))
                self._do(s, arg["table"][face + 1], events)
            elif name == "place":
                at = arg["at"]
                spaces = per_count(at, s.n) if isinstance(at, dict) else at
                if spaces == "random":
                    spaces = [self.pieces.random_space(s)]
                if isinstance(spaces, int):
                    spaces = [spaces]
                kind = arg["boss"] if "boss" in arg else per_count(arg["creature"], s.n)
                for sid in spaces:
                    self._place(s, kind, sid, events)
                    if s.result:
                        return
            elif name == "move_frost":
                floor = self.content.frost_floor
                if s.frost is not None and s.frost > floor:
                    s.frost = max(floor, s.frost - int(arg))
                    events.append(_ev("frost_moved", f"The frost moves to box {s.frost}.",
                                      to=s.frost))
            elif name == "enable" and isinstance(arg, dict):
                s.passage = [int(x) for x in arg["secret_passage"]]
                events.append(_ev("passage_opened", f"A hidden path joins {s.passage[0]} and "
                                  f"{s.passage[1]} for the heroes.", ends=list(s.passage)))
            elif name == "enable":
                if arg not in s.rules:
                    s.rules.append(arg)
            elif name == "lose":
                self._end(s, "lost", arg, events)
                return
            elif name == "win":
                self._end(s, "won", arg, events)
                return
            elif name == "text":
                events.append(_ev("text", arg))

    def _fire_triggers(self, s: State, kind: str, who: str, space: int | None,
                       events: list[Event]) -> None:
        for when, verbs in self.legend(s).triggers:
            (name, arg), = when.items()
            if name != kind:
                continue
            if kind == "enters" and (arg["who"] != who or arg["space"] != space):
                continue
            if kind == "defeated" and arg != who:
                continue
            self._do(s, verbs, events)
            if s.result:
                return

    def goal_met(self, s: State) -> bool:
        return self.condition(s, self.legend(s).goal)

    def condition(self, s: State, cond: Any) -> bool:
        (name, arg), = cond.items()
        if name == "all":
            return all(self.condition(s, c) for c in arg)
        if name == "any":
            return any(self.condition(s, c) for c in arg)
        if name == "not":
            return not self.condition(s, arg)
        if name == "item_at":
            item, space = arg["item"], arg["space"]
            return item in s.items.get(space, ()) or any(
                s.space[i] == space and item in s.kit[i] for i in range(s.n))
        if name == "defeated":
            return any(s.kind(n) == arg for n in s.defeated)
        if name == "tablets_glowed":
            return s.glow > 0
        if name == "marker_resolved":
            return arg in s.marked
        if name == "shaman_rescued":
            return bool(s.shaman) and s.shaman[0] == self.board(s).home
        if name == "iquar_rescued":
            return len(s.rescued) >= int(per_count(arg["at_least"], s.n))
        if name == "hero_at":
            return arg in s.space
        if name == "creature_at":
            return s.creature_at(arg) is not None
        raise ValueError(f"unknown condition {name!r}")

    def _check_goal(self, s: State, events: list[Event]) -> None:
        """X7: the goal wins at once, checked after every action (a loss in the same step
        counts first)."""
        self.pieces.stone_reached(s, events)
        if not s.result and self.goal_met(s):
            self._end(s, "won", "the goal is met", events)

    def _end(self, s: State, result: str, reason: str, events: list[Event]) -> None:
        if s.result:
            return
        s.result = result
        s.reason = reason
        s.battle = None
        events.append(_ev("game_over", ("The legend is won: " if result == "won" else
                                        "The legend is lost: ") + reason + ".",
                          result=result, reason=reason))

    # ----------------------------------------------------------------- views

    def view(self, s: State, seat: int | None) -> State:
        """Everything on the table is open (R37) but the faces of face-down tokens (a view
        knows only which faces are still face down, sorted) and the generator that rolls the
        coming dice."""
        v = s.copy()
        v.rng = 0
        # a view of a view keeps the unseen faces the first view listed
        def unseen(tokens: Any, before: list[str]) -> list[str]:
            faces = [str(face) for face, up in tokens.values() if not up]
            return list(before) if HIDDEN in faces else sorted(faces)

        v.unseen = unseen(s.snow, s.unseen)
        v.unseen_ice = unseen(s.ice, s.unseen_ice)
        v.unseen_markers = unseen(s.markers, s.unseen_markers)
        for token in [*v.snow.values(), *v.ice.values(), *v.markers.values()]:
            if not token[1]:
                token[0] = HIDDEN
        v._legal = s._legal
        return v

    def determinize(self, view: State, seat: int, rng_seed: int) -> State:
        """A full state the view could stand for: the unseen faces shuffled face down."""
        s = view.copy()
        r = rng.seed_state(rng_seed)
        hidden = sorted(sp for sp, (_, up) in s.snow.items() if not up)
        faces, r = rng.shuffled(r, s.unseen)
        for sp, face in zip(hidden, faces, strict=True):
            s.snow[sp][0] = face
        hidden = sorted(sp for sp, (_, up) in s.ice.items() if not up)
        faces, r = rng.shuffled(r, s.unseen_ice)
        for sp, face in zip(hidden, faces, strict=True):
            s.ice[sp][0] = face
        hidden = sorted(sp for sp, (_, up) in s.markers.items() if not up)
        faces, r = rng.shuffled(r, s.unseen_markers)
        for sp, face in zip(hidden, faces, strict=True):
            s.markers[sp][0] = face
        s.unseen = []
        s.unseen_ice = []
        s.unseen_markers = []
        s.rng = r
        return s

    def fingerprint(self, s: State) -> str:
        return hashlib.sha256(repr(s.key()).encode()).hexdigest()[:16]

    # ----------------------------------------------------------------- text

    def action_text(self, action: Action) -> str:
        return str(action)

    def parse_action(self, text: str) -> Action:
        word, _, rest = text.strip().partition(" ")
        try:
            if word == "move":
                root = rest.endswith(" root")
                rest = rest.removesuffix(" root")
                to, _, sips = rest.partition(" sips ")
                return Move(int(to), int(sips) if sips else 0, root)
            if word == "give":
                item, _, to = rest.partition(" ")
                return Give(item, int(to))
            if word == "fight":
                return Fight(tuple(int(x) for x in rest.split(",") if x.strip()))
            if word == "take" and rest:
                return PickUp(rest)
            if word == "drop" and rest:
                return PutDown(rest)
            if word == "look":
                return Look(int(rest))
            if word == "tranuk":
                return MoveTranuk(int(rest))
            if word == "fox":
                to, _, look = rest.partition(" ")
                if look not in ("", "look"):
                    raise ValueError(rest)
                return MoveFox(int(to), look == "look")
            if word == "escort" and rest:
                return TakeIquar(rest)
            if word == "unescort" and rest:
                return LeaveIquar(rest)
            if word == "barter":
                give, take = rest.split(" ")
                return Barter(give, take)
            if word == "falcon":
                return Falcon(int(rest))
            if word == "send":
                item, _, frm = rest.partition(" ")
                return Send(item, int(frm))
            if word == "as":
                who, _, inner = rest.partition(" ")
                act = self.parse_action(inner)
                if not isinstance(act, PickUp | PutDown | Give | Light | Burn | LayGem | Glow
                                  | LightHearth | Look | Use | TakeIquar | LeaveIquar | Barter
                                  | Falcon):
                    raise ValueError(inner)
                return Aside(int(who), act)
            if word == "use" and rest:
                return Use(rest)
            if word == "reroll":
                return Reroll(int(rest))
            if word == "turn":
                return TurnDie(int(rest))
            if word == "reward" and rest in ("sp", "wp"):
                return Reward(rest)
            simple: dict[str, Action] = {
                "pass": Pass(), "end": EndDay(), "light": Light(), "hearth": LightHearth(),
                "burn": Burn(), "gem": LayGem(), "glow": Glow(), "keep": KeepDice(), "stay": Stay(),
                "leave": Leave(), "land": Land()}
            if word in simple and not rest:
                return simple[word]
        except ValueError:
            pass
        raise ValueError(f"not an Eternal Frost action: {text!r}")

    def motions(self, event: Event) -> list[Motion]:
        return motions_of(event)

    def waiting_for(self, s: State) -> str:
        if s.result:
            return "the legend is over"
        b = s.battle
        who = P % self.to_move(s)
        if s.flight:
            return f"{who} to send articles by falcon between {P % s.flight[0]} and " \
                   f"{P % s.flight[1]}, then let it land"
        if b is not None:
            if b.phase == "turn":
                return f"{who} to turn a die of {P % b.waiting}'s roll or keep it"
            if b.phase == "blade":
                return f"{who} to roll a die again with the Askimar blade or keep the roll"
            if b.phase == "herb":
                return f"{who} to eat a red blood herb (+2 this round) or keep it"
            if b.phase == "stay":
                return f"{who} to fight another round or leave the battle"
            return f"{who} to choose the reward"
        left = self.hours_left(s, s.current)
        if left == 0:
            return f"{who} to end the day"
        return f"{who} to move, fight, pass or end the day ({left} hours left)"

    def why_illegal(self, s: State, action: Action) -> str:
        if s.result:
            return "The legend is over."
        waiting = self.waiting_for(s)
        b = s.battle
        if b is not None and isinstance(action, Move | Fight | Pass | EndDay | PickUp
                                        | PutDown | Light):
            return f"A battle is on: {waiting}."
        if isinstance(action, Move):
            if action.to not in self.board(s).spaces:
                return f"There is no space {action.to}."
            sp = self.board(s).spaces[action.to]
            if sp.kind == "lake" and action.to not in s.ice:
                return "The ice there has broken: that lake space cannot be entered again."
            if sp.kind == "lake" and STONE in s.kit[s.current]:
                return "The winter stone never goes onto the lake."
            if sp.kind == "lake" and len(s.escorted(s.current)) > 1:
                return "A hero takes only one Iquar onto the lake."
            if sp.min_wp and s.wp[s.current] < sp.min_wp:
                return f"Only a hero with {sp.min_wp} WP can enter the cave."
            return "That space is further than the hours the hero has left."
        if isinstance(action, Fight):
            foe = s.creature_at(s.space[s.current])
            if foe is None:
                return "There is no creature on this space to fight."
            need = self.pieces.carlion_needed(s, foe)
            carrier = self.pieces.carrier(s)
            if need and (s.carlion < need or carrier not in (s.current, *action.allies)):
                return f"Only a battle with Carlion's carrier, the sword holding {need} " \
                       f"charges, can reach the {self.name(s, foe)}."
            return "Only heroes on this space who are still in the day and have an hour " \
                   "left can fight together."
        if isinstance(action, Pass):
            return "Passing costs an hour, and none is left: end the day."
        if isinstance(action, PickUp):
            return "That article is not here, or the hero has no free slot of its size."
        if isinstance(action, PutDown):
            if "merchant" in self.board(s).spaces[s.space[s.current]].features:
                return "At a merchant articles are only bartered, one for one."
            return "The hero does not carry that article."
        if isinstance(action, Barter):
            return "Bartering needs a merchant's space, an article the merchant accepts (no " \
                   "half wineskin, used falcon, winter stone or Carlion) and room for the new one."
        if isinstance(action, MoveTranuk):
            return "Tranuk walks over land, up to 4 spaces for each hour the hero has left."
        if isinstance(action, MoveFox):
            return "The fox costs an hour, and only turns up a face-down snow token."
        if isinstance(action, TakeIquar | LeaveIquar):
            return "An Iquar is taken along from the hero's own space, only one at a time on " \
                   "the lake, and left where the hero stands."
        if isinstance(action, Falcon | Send | Land):
            return "The falcon flies once a day, outside battles, between its holder and a " \
                   "hero still in the day; it carries small articles, herbs, gems and tablets."
        if isinstance(action, Aside):
            return "Outside their turn a hero still in the day may take only free actions."
        if isinstance(action, Light):
            return "Lighting a fire needs an extinguished fire here and more than 2 WP."
        return f"Not now: {waiting}."
