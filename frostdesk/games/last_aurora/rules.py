"""Last Aurora's rules (the base game): the Game protocol over `State`.

The base rulebook is not available; these rules follow the brief's reconstruction
(shared/design/games/last-aurora.md, section 1) and the rulings in docs/rules/last-aurora.md.
A round: refill the zone (Events resolve as they are revealed), Exploration in Reverse order
until everyone has passed, Rest in Reverse order, Movement in Forward order (then the turn
order follows the road), Fire Weapons (ambushes, then one shooting turn each in Forward
order), End of Round (Engineer, enemies left behind, the Aurora, last call, the surplus).
Solo adds the Automa (automa.py), which takes its turns at its place in the order. Choices
the brief leaves to a player are offered through `legal()`, except those listed as rulings in
the rules page (such as where Damage lands).
"""

from __future__ import annotations

import hashlib
from collections.abc import Mapping, Sequence
from itertools import combinations, combinations_with_replacement, permutations
from typing import Any, TypeVar

from frostdesk.engine import rng
from frostdesk.engine.game import JSON, Event, IllegalAction, Outcome, option_int
from frostdesk.engine.motion import Motion
from frostdesk.games.last_aurora import modules as fs
from frostdesk.games.last_aurora.automa import Automa
from frostdesk.games.last_aurora.cargo import Cargo
from frostdesk.games.last_aurora.cargo import takes as _accepts
from frostdesk.games.last_aurora.content import LEVELS, RESOURCES, Card, Content
from frostdesk.games.last_aurora.crew import CrewRules
from frostdesk.games.last_aurora.mine import Minefield
from frostdesk.games.last_aurora.motions import Motions
from frostdesk.games.last_aurora.pvp import PlayerVsPlayer
from frostdesk.games.last_aurora.state import (
    EMPTY,
    OWN_SURV,
    UNKNOWN,
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
    Slot,
    State,
    StoryOption,
    Swap,
)
from frostdesk.games.last_aurora.story import Story

P = "{p%d}"  # seat placeholder in event texts; the log panel swaps in names
AREA_WORDS = {"COLS12": "its two left columns"}  # areas whose code is no word
ARMOR = ("A", "G")


def _ev(event_kind: str, text: str, chance: bool = False, **data: JSON) -> Event:
    return Event(event_kind, data, text, chance=chance)


_A = TypeVar("_A", Explore, Move, Attack)
_new = object.__new__
_set = object.__setattr__


def _with(a: _A, key: str, val: Any) -> _A:
    """`dataclasses.replace(a, key=val)` for the frozen slotted actions, without its checks
    (the legal-move lists make tens of thousands of these)."""
    n = _new(type(a))
    for f in type(a).__slots__:
        _set(n, f, getattr(a, f))
    _set(n, key, val)
    return n


def _shuffled_state(state: int, n: int) -> int:
    """The generator state `rng.shuffled` leaves after shuffling n items, without the
    shuffle: each swap moves SplitMix64 one step, whatever the items."""
    return (state + max(0, n - 1) * rng._GOLDEN) & rng._MASK


def _ints(text: str) -> tuple[int, ...]:
    return tuple(int(x) for x in text.split(","))


def _extras(words: Sequence[str], letters: str) -> dict[str, str]:
    """An action text's optional parts, each a letter and its value ("c0,1"); ValueError for
    anything else or a letter twice."""
    out: dict[str, str] = {}
    for w in words:
        if len(w) < 2 or w[0] not in letters or w[0] in out:
            raise ValueError
        out[w[0]] = w[1:]
    return out


class LastAurora:
    id = "last-aurora"
    title = "Last Aurora: Frozen Steel"

    def __init__(self, content: Content) -> None:
        self.content = content
        self.min_players = content.min_players
        self.max_players = content.max_players
        self.cards = content.cards
        self.road = content.road
        self._motions = Motions(content).of
        self.automa = Automa(self)
        self.crew = CrewRules(self)  # Module 3 (crew.py)
        self.cargo = Cargo(self)  # RS2, reorganising in Rest (cargo.py)
        self.mine = Minefield(self)  # the optional Mine (mine.py)
        # Module 5 (pvp.py); the Outcome cards of both decks, by index (the PvP deck's after
        # the base game's 12)
        assert content.pvp is not None
        self.pvp = PlayerVsPlayer(self, content.pvp)
        self.outcome_cards = content.outcomes + content.pvp.outcomes
        self._bonus_repair = [sum(v for verb, v in z.bonus if verb == "repair")
                              for z in content.zone]
        self._explores: dict[tuple[int, tuple[int, ...], tuple[int, ...], int, int],
                             Explore] = {}  # (_explore_of)
        self._cells_with: dict[str, list[tuple[int, ...]]] = {}  # (undamaged_codes)
        # per card, looked up on every move the bots weigh: its cells' codes, its abilities
        # (the first value of each name, as Card.ability reads them)
        self._codes: list[tuple[str, ...]] = [tuple(str(x) for x in c.cells)
                                              for c in self.cards]
        # the Exploration cards of the base game and of Frozen Steel's Module 1 (M1.1)
        self._x_base = [c.index for c in self.cards if c.id.isdigit() and 1 <= int(c.id) <= 54]
        self._x_fs = [c.index for c in self.cards if c.id.isdigit() and 201 <= int(c.id) <= 222]
        self._obj_base = [c.index for c in self.cards if c.kind == "object" and not c.optional
                          and 73 <= int(c.id) <= 86]
        self._obj_fs = [c.index for c in self.cards if c.kind == "object"
                        and 223 <= int(c.id) <= 234]
        # the enemy clans: the base War Wolves, or Module 2's Asgard (M2.1)
        self._clan_base = [c.index for c in self.cards if c.kind == "enemy"
                           and 87 <= int(c.id) <= 92]
        self._clan_fs = [c.index for c in self.cards if c.kind == "enemy"
                         and 235 <= int(c.id) <= 240]
        self._loot_fs = [[c.index for c in self.cards if c.stack == k + 1
                          and 241 <= int(c.id) <= 246] for k in range(3)]
        # the unseen pools determinize deals from, in card order (per set of modules)
        self._pool_memo: dict[tuple[str, ...], dict[int, list[int]]] = {}
        self._pools = self.pools(())
        self._loot_pools = [[c.index for c in self.cards if c.stack == k + 1
                             and 93 <= int(c.id) <= 98] for k in range(3)]
        self._object_pool = self._obj_base
        self._abil: list[dict[str, Any]] = []
        for c in self.cards:
            abil: dict[str, Any] = {}
            for key, val in c.abilities:
                abil.setdefault(key, val)
            self._abil.append(abil)
        # Frozen Steel, Module 4 (story.py): the convoy cards with a Story card's cells under
        # them come after every real card (a real card's index never changes)
        self.story = Story(self)
        self.cards = self.cards + self.story.extra
        self._codes += [tuple(str(x) for x in c.cells) for c in self.story.extra]
        self._abil += [dict(self._abil[self.story.host[c.index][0]]) for c in self.story.extra]

    # ================================================================ setup

    def setup(self, options: Mapping[str, JSON], seed: int) -> State:
        """A new game. options: players (1-4), automa (solo only: easy, normal or hard;
        normal by default), modules (Frozen Steel's, modules.py: none by default)."""
        modules = fs.parse(options)
        mine_on = fs.mine_on(options)
        n = option_int(options.get("players", 4))
        if not self.min_players <= n <= self.max_players:
            raise ValueError(f"Last Aurora takes {self.min_players} to {self.max_players} "
                             f"convoys, not {n}")
        level = str(options.get("automa", "normal")).lower()
        if level not in LEVELS:
            raise ValueError(f"The Automa plays at easy, normal or hard, not "
                             f"{options.get('automa')!r}")
        solo = n == 1
        if "pvp" in modules:
            self.pvp.check_players(n)
        convoys = n + 1 if solo else n  # solo: the Automa is convoy n
        c = self.content
        s = State()
        s._legal = None
        s._own = -1
        s.n = n
        s.modules = modules
        s.unstable, s.stealth, s.sniped = [0] * n, [False] * n, [False] * n
        s.reminders = [[] for _ in range(n)]
        s.message_food = 0
        s.edef, s.radioed = [0] * 5, [False] * n
        r = rng.seed_state(seed)
        # 5 Outcome deck (its top back is public)
        s.outdeck, r = rng.shuffled(r, self.outcome_deck(modules))
        s.outdisc = []
        # 6 Exploration deck: per Period, remove orange-plus cards unseen, add the enemies
        stacks: list[list[int]] = []
        s.removed = []
        deck = set(self.exploration_cards(modules))
        for period in (1, 2, 3):
            plus = [x.index for x in self.cards if x.period == period and x.plus
                    and x.index in deck]
            plus, r = rng.shuffled(r, plus)
            k = c.plus_removed[n]
            out = set(plus[:k])
            s.removed += plus[:k]
            stack = [x.index for x in self.cards if x.period == period and x.index not in out
                     and x.kind != "enemy" and x.index in deck]
            foes = [x for x in self.clan(modules) if self.cards[x].period == period]
            if "pvp" in modules:  # P1: one enemy per Period leaves the game, unseen
                foes, r = self.pvp.remove_enemies(foes, r, s.removed)
            stack += foes
            stack, r = rng.shuffled(r, stack)
            stacks.append(stack)
        # 6e Loot stacks, 7 Objects
        s.loot = []
        for st in (1, 2, 3):
            pile, r = rng.shuffled(r, self.loot_stacks(modules)[st - 1])
            s.loot.append(self.pvp.remove_loot(pile) if "pvp" in modules else pile)
        # 7: the Mine joins the Object deck with its optional rule only
        s.odeck, r = rng.shuffled(r, self.object_cards(modules)
                                  + ([self.mine.card] if mine_on else []))
        s.odisc = []
        self.mine.setup(s, mine_on)
        # 8 the zone: Rusty Containers in cells 1-2, then 3 Period I cards that are neither
        # Events nor Enemies (those are set aside and shuffled back into Period I)
        s.zone = [c.by_id(x).index for x in c.rusty] + [EMPTY] * (5 - len(c.rusty))
        first = stacks[0]
        aside: list[int] = []
        for i in range(len(c.rusty), 5):
            while self.cards[first[0]].kind in ("event", "enemy"):
                aside.append(first.pop(0))
            s.zone[i] = first.pop(0)
        first += aside
        stacks[0], r = rng.shuffled(r, first)
        s.xdeck = stacks[0] + stacks[1] + stacks[2]
        s.xdisc, s.gone = [], []
        s.edmg = [0] * 5
        s.etgt = [[-1] * 4 for _ in range(5)]
        # 1-4 the road
        s.aurora = self.road.waypoints[0]
        counters, r = rng.shuffled(r, range(len(c.counters)))
        s.counters = [[m, k] for m, k in zip(self.road.special, counters, strict=False)]
        s.wrecks = list(self.road.wrecks)
        # 9-11 players (12: the Automa, whose place in the order is random too)
        s.order, r = rng.shuffled(r, range(convoys))
        s.mile = [0] * convoys
        s.arrived = [s.order.index(i) for i in range(convoys)]
        s.stamp = convoys
        s.boarded, s.board_round = [], 0
        s.convoy, s.surv = [], []
        for seat in range(n):
            truck = self._slot(c.by_id(f"{int(c.start_truck) + seat:03}").index)
            trailer = self._slot(c.by_id(f"{int(c.start_trailer) + seat:03}").index)
            s.convoy.append([[truck, None], [trailer, None]])
            s.surv.append([[c.by_id(f"{int(x) + seat:03}").index, "A", 0]
                           for x in c.start_survivors])
            for _ in c.start_survivors:
                self._store(s, seat, "surv")
            for res in RESOURCES:
                for _ in range(c.start_resources.get(res, 0)):
                    self._store(s, seat, res)
        if "crew" in modules:  # M3.1: a crew instead of the Leader and the Co-pilot
            r = self.crew.deal(s, options, r)
        elif options.get("crews") not in (None, "", "random") and any(
                w != "random" for w in self.crew_words(options)):
            raise ValueError("crews are chosen only with the crew module on "
                             "(modules=crew)")
        s.objects = [[] for _ in range(n)]
        s.fame = [c.start_fame] * convoys
        s.targets = [c.targets_each] * n + [c.automa.targets] * (convoys - n)
        s.speed_next, s.speed_all = [0] * n, [0] * convoys
        s.chains = [False] * n
        s.peek, s.swapped = 0, [False] * n
        s.fired = [[] for _ in range(n)]
        s.flares = [[] for _ in range(n)]
        s.hit_done, s.vetused = [False] * n, [False] * n
        s.offer = []
        s.shown_back = ""
        s.round = 1
        s.phase = "explore"
        s.passed = [False] * convoys
        s.pending = []
        s.evasion, s.aggression, s.hits = [], [], []
        if "pvp" in modules:
            self.pvp.setup(s)  # P1: Fame -1, the PvP cards' counters
        s.level, s.adeck, s.adisc, s.acard = "", [], [], -1
        s.aspeed = s.asurv = s.admg = 0
        s.aobjects, s.aloot = [], []
        if solo:
            r = self.automa.setup(s, level, r)
        s.story = None
        if fs.STORY in modules:  # S1, set up last (step 13)
            r = self.story.setup(s, r)
        s.actor = next(x for x in reversed(s.order) if x < n)
        s.rng = r
        return s

    @staticmethod
    def crew_words(options: Mapping[str, JSON]) -> list[str]:
        """The crews option's words, lower case (M3.1; crew.parse checks them)."""
        value = options.get("crews")
        items = value if isinstance(value, list | tuple) else str(value or "").split(",")
        return [str(w).strip().lower() for w in items if str(w).strip()]

    def outcome_deck(self, modules: Sequence[str]) -> list[int]:
        """The Outcome cards in play (indexes into `outcome_cards`): PvP's replace the base
        game's (P1, step 5)."""
        if "pvp" in modules:
            return self.pvp.outcome_pool_ids()
        return list(range(len(self.content.outcomes)))

    def exploration_cards(self, modules: Sequence[str]) -> list[int]:
        """The Exploration cards in play (enemies aside), in card order: with Module 1 the
        blue-plus cards take the place of the orange-plus ones (M1.1)."""
        if "exploration" in modules:
            return [x for x in self._x_base if not self.cards[x].plus] + self._x_fs
        return self._x_base

    def object_cards(self, modules: Sequence[str]) -> list[int]:
        """The Object deck's cards (the Mine aside): Module 1 adds its 12 (M1.2)."""
        return self._obj_base + self._obj_fs if "exploration" in modules else self._obj_base

    def clan(self, modules: Sequence[str]) -> list[int]:
        """The enemy cards in play: Module 2's Asgard clan replaces the base one (M2.1)."""
        return self._clan_fs if "asgard" in modules else self._clan_base

    def loot_stacks(self, modules: Sequence[str]) -> list[list[int]]:
        """The three Loot stacks' cards, in card order (M2.1: the Asgard Loot)."""
        return self._loot_fs if "asgard" in modules else self._loot_pools

    def pools(self, modules: tuple[str, ...]) -> dict[int, list[int]]:
        """Per Period, the Exploration cards and enemies determinize deals from."""
        if modules not in self._pool_memo:
            deck = set(self.exploration_cards(modules)) | set(self.clan(modules))
            self._pool_memo[modules] = {
                period: [c.index for c in self.cards if c.period == period
                         and c.index in deck] for period in (1, 2, 3)}
        return self._pool_memo[modules]

    def ruleset_hash_for(self, options: Mapping[str, Any]) -> str:
        """The ruleset hash under these options: the base cards' hash alone for the base game,
        else mixed with each module's id and the hash of its cards (docs/events.md)."""
        chosen = fs.parse(options)
        mine_on = fs.mine_on(options)
        if not chosen and not mine_on:
            return self.content.ruleset_hash
        digest = hashlib.sha256(self.content.ruleset_hash.encode())
        if mine_on:  # the optional Mine (its card is in the base cards' hash already)
            digest.update(b"|mine")
        for m in chosen:
            digest.update(f"|{m}:{self.content.module_hashes.get(m, '')}".encode())
        if "crew" in chosen:  # the crews picked per seat (M3.1)
            digest.update(self.crew.hash_words(options).encode())
        return digest.hexdigest()[:16]

    def _slot(self, card: int) -> Slot:
        cells = self.cards[card].cells
        return [card, [0] * len(cells), [""] * len(cells)]

    def new_game(self, options: Mapping[str, JSON], seed: int) -> tuple[State, list[Event]]:
        s = self.setup(options, seed)
        events = [_ev("setup", f"{len(s.mile)} convoys on mile 0; the Aurora waits on mile "
                      f"{s.aurora}. {self.who(s, s.order[0])} leads the turn order."
                      + (f" The Automa plays at {s.level.title()}." if s.level else ""),
                      players=s.n, order=list(s.order), aurora=s.aurora,
                      zone=[self.cards[x].id for x in s.zone])]
        if "crew" in s.modules:
            events.append(self.crew.dealt_event(s))
        self._start_round(s, events)
        return s, events

    # ================================================================ convoy helpers

    def cv(self, s: State, seat: int) -> list[list[Slot | None]]:
        """The convoy of `seat`, for the rules to read or change: a state made by `fork`
        shares each convoy with the state it came from until this first asks for it (see
        State.fork). Every reference the rules keep into a convoy comes from here (or from
        a helper that got it here); only helpers that keep none read `s.convoy` itself."""
        if not s._own >> seat & 1:
            s.convoy[seat] = [[None if v is None else [v[0], v[1].copy(), v[2].copy()],
                               None if d is None else [d[0], d[1].copy(), d[2].copy()]]
                              for v, d in s.convoy[seat]]
            s._own |= 1 << seat
        return s.convoy[seat]

    def sv(self, s: State, seat: int) -> list[list[Any]]:
        """The survivors of `seat`, for the rules to read or change (as `cv`)."""
        bit = 1 << (OWN_SURV + seat)
        if not s._own & bit:
            s.surv[seat] = [x.copy() for x in s.surv[seat]]
            s._own |= bit
        return s.surv[seat]

    def cells(self, s: State, seat: int, area: str = "ALL") -> list[tuple[Slot, int, int, bool]]:
        """The cells of an area, left to right: (slot, cell, column, is_device)."""
        cv = self.cv(s, seat)
        if area == "ALL":
            return [(slot, k, ci, is_dev) for ci, col in enumerate(cv)
                    for is_dev, slot in ((False, col[0]), (True, col[1])) if slot is not None
                    for k in range(len(slot[1]))]
        last = len(cv) - 1
        out: list[tuple[Slot, int, int, bool]] = []
        for ci, (veh, dev) in enumerate(cv):
            for is_dev, slot in ((False, veh), (True, dev)):
                if slot is None:
                    continue
                if area == "FRONT" and ci != 0 or area == "REAR" and ci != last:
                    continue
                if area == "CENTRE" and ci not in (1, 2) or area == "COLS12" and ci > 1:
                    continue
                if area == "ROOF" and not is_dev or area == "VEHICLES" and is_dev:
                    continue
                out += [(slot, k, ci, is_dev) for k in range(len(slot[1]))]
        return out

    def code(self, slot: Slot, k: int) -> str:
        return self._codes[slot[0]][k]

    def undamaged_codes(self, s: State, seat: int, code: str) -> int:
        """How many undamaged cells of the convoy carry `code`. (Through a table of each
        card's cells with the code, most cards having none: the Object limit asks this after
        every Exploration and Movement the bots weigh.)"""
        at = self._cells_with.get(code)
        if at is None:
            at = self._cells_with[code] = [tuple(k for k, c in enumerate(codes) if c == code)
                                           for codes in self._codes]
        n = 0
        for col in s.convoy[seat]:
            for slot in col:
                if slot is not None:
                    for k in at[slot[0]]:
                        if not slot[1][k]:
                            n += 1
        return n

    def count(self, s: State, seat: int, token: str) -> int:
        return sum(slot[2].count(token) for col in s.convoy[seat] for slot in col if slot)

    def _store(self, s: State, seat: int, token: str) -> bool:
        """Put one token into the first free undamaged cell that takes it; False if none.
        Cells made for the token come before plain cargo cells. (The cells are walked as
        `cells` lists them, without building that list: gains are among the moves the bots
        play out most.)"""
        codes = self._codes
        best: tuple[list[str], int] | None = None
        for col in self.cv(s, seat):
            for slot in col:
                if slot is None:
                    continue
                dmg, held = slot[1], slot[2]
                for k, code in enumerate(codes[slot[0]]):
                    if dmg[k] or held[k]:
                        continue
                    if code == "C":
                        if best is None:
                            best = (held, k)
                    elif _accepts(code, token):
                        held[k] = token
                        return True
        if best is None:
            return False
        best[0][best[1]] = token
        return True

    def free_c(self, s: State, seat: int) -> int:
        codes = self._codes
        return sum(1 for col in s.convoy[seat] for slot in col if slot is not None
                   for k, code in enumerate(codes[slot[0]])
                   if code == "C" and not slot[1][k] and not slot[2][k])

    def _take(self, s: State, seat: int, token: str, n: int = 1) -> int:
        """Remove up to n tokens of a kind, from the convoy's last cell back; how many were
        removed. Plain cargo empties first: the cells made for a token stay full (ruling)."""
        codes = self._codes
        held_here = [(slot[2], k, code == "C") for col in self.cv(s, seat) for slot in col
                     if slot is not None and token in slot[2]
                     for k, code in enumerate(codes[slot[0]]) if slot[2][k] == token]
        done = 0
        for plain in (True, False):
            for held, k, is_c in reversed(held_here):
                if done < n and is_c == plain:
                    held[k] = ""
                    done += 1
        return done

    def damage_count(self, s: State, seat: int) -> int:
        return sum(sum(slot[1]) for col in s.convoy[seat] for slot in col if slot)

    def truck(self, s: State, seat: int) -> Card:
        slot = s.convoy[seat][0][0]
        assert slot is not None
        return self.cards[slot[0]]

    # ================================================================ survivors

    def active(self, s: State, seat: int) -> list[int]:
        return [i for i, x in enumerate(s.surv[seat]) if x[1] == "A"]

    def value(self, s: State, seat: int, i: int, fed: bool) -> int:
        card: int = s.surv[seat][i][0]
        cont: int = s.surv[seat][i][2]
        return max(0, self.cards[card].value - cont) + (1 if fed else 0)

    def ability(self, s: State, seat: int, name: str, zones: str = "A") -> list[Any]:
        """The values of an ability on the seat's survivors in `zones` (RS4: Active only)."""
        abil = self._abil
        return [v for card, zone, _ in s.surv[seat]
                if zone in zones and (v := abil[card].get(name)) is not None]

    def _contaminate(self, s: State, seat: int, i: int, n: int, events: list[Event]) -> None:
        x = self.sv(s, seat)[i]
        x[2] += n
        events.append(_ev("contaminated", f"{P % seat}'s {self.cards[x[0]].name} takes "
                          f"{n} Contamination.", seat=seat, survivor=i,
                          card=self.cards[x[0]].id, n=n, to=x[2]))

    def _worst_off(self, s: State, seat: int, pool: Sequence[int]) -> int:
        """Ruling: Contamination the owner places goes on the survivor with the fewest
        counters, then the lowest value (the one that loses least)."""
        return min(pool, key=lambda i: (s.surv[seat][i][2], self.cards[s.surv[seat][i][0]].value,
                                        i))

    def _bury(self, s: State, seat: int, events: list[Event]) -> None:
        """D4: survivors on their dies_at counter die (after the current action)."""
        keep = []
        for x in s.surv[seat]:
            card = self.cards[x[0]]
            if x[2] >= card.dies_at:
                self._take(s, seat, "surv")
                s.xdisc.append(x[0])
                events.append(_ev("died", f"{P % seat}'s {card.name} dies of Contamination.",
                                  seat=seat, card=card.id))
            else:
                keep.append(x)
        s.surv[seat] = keep

    def _kill_one(self, s: State, seat: int, events: list[Event],
                  victims: Sequence[list[Any]] = (), kills: list[int] | None = None) -> None:
        """D2: a hit Survivor token with no free C cell: a survivor of the owner's choice dies:
        the first of `victims` still alive; or, with `kills` given, none yet (the count goes
        there and the owner is asked); else (ruling) the one of lowest value, then the most
        contaminated."""
        sv = self.sv(s, seat)
        if not sv:
            return
        if kills is not None:
            kills.append(1)
            return
        i = next((j for j, x in enumerate(sv) if any(x is v for v in victims)), -1)
        if i < 0:
            i = min(range(len(sv)), key=lambda j: (self.cards[sv[j][0]].value, -sv[j][2], j))
        card = self.cards[sv.pop(i)[0]]
        s.xdisc.append(card.index)
        events.append(_ev("died", f"{P % seat}'s {card.name} dies in the wreckage.",
                          seat=seat, card=card.id))

    # ================================================================ damage, repair, gains

    def _damage_order(self, slot: Slot, k: int) -> int:
        """Ruling (D1): empty armor, then empty cargo, then cargo with a resource, then
        weapons and special cells, then cells holding a Survivor token."""
        code = self.code(slot, k)
        tok = slot[2][k]
        if tok == "surv":
            return 4
        if code in ARMOR:
            return 0
        if code.startswith("C"):
            return 2 if tok else 1
        return 3

    def damage(self, s: State, seat: int, area: str, n: int, events: list[Event],
               source: str = "", kills: list[int] | None = None) -> int:
        """D1-D2: place n Damage counters in an area, overflowing to the rest of the convoy;
        with no undamaged cell left, 1 Fame is lost per counter. Returns counters placed."""
        placed = 0
        for _ in range(n):
            pool = [(self._damage_order(sl, k), i, sl, k) for i, (sl, k, _, _) in
                    enumerate(self.cells(s, seat, area)) if not sl[1][k]]
            if not pool:
                pool = [(self._damage_order(sl, k), i, sl, k) for i, (sl, k, _, _) in
                        enumerate(self.cells(s, seat)) if not sl[1][k]]
            if not pool:
                self._fame(s, seat, -1, events, "no undamaged cell is left")
                continue
            _, _, slot, k = min(pool, key=lambda t: (t[0], t[1]))
            slot[1][k] = 1
            placed += 1
            tok = slot[2][k]
            slot[2][k] = ""
            if tok == "surv" and not self._store_c(s, seat):
                self._kill_one(s, seat, events, kills=kills)
        if placed:
            events.append(_ev("damaged", f"{P % seat} takes {placed} Damage"
                              f"{' to ' + AREA_WORDS.get(area, area) if area != 'ALL' else ''}"
                              f"{' (' + source + ')' if source else ''}.",
                              seat=seat, area=area, n=placed))
        return placed

    def _store_c(self, s: State, seat: int) -> bool:
        codes = self._codes
        for col in self.cv(s, seat):
            for slot in col:
                if slot is None:
                    continue
                for k, code in enumerate(codes[slot[0]]):
                    if code == "C" and not slot[1][k] and not slot[2][k]:
                        slot[2][k] = "surv"
                        return True
        return False

    @staticmethod
    def cell_ref(col: int, device: bool, k: int) -> str:
        """A convoy cell's name in actions: "0v1" (column 0's vehicle, cell 1), "1d0"."""
        return f"{col}{'d' if device else 'v'}{k}"

    def cell_words(self, s: State, seat: int, ref: str) -> str:
        """A cell named by cell_ref in a player's words: "Truck W2"."""
        kind = "d" if "d" in ref else "v"
        col, _, k = ref.partition(kind)
        slot = s.convoy[seat][int(col)][1 if kind == "d" else 0]
        assert slot is not None
        return f"{self.cards[slot[0]].name} {self.code(slot, int(k))}"

    def repair_options(self, s: State, seat: int, n: int) -> list[tuple[str, ...]]:
        """D3: the distinct ways to remove n Damage counters (cells alike on one card are one
        way); empty when there is only one way."""
        hurt = [(sl, k, ci, dev) for sl, k, ci, dev in self.cells(s, seat) if sl[1][k]]
        m = min(n, len(hurt))
        if m == 0 or m == len(hurt):
            return []
        seen: set[tuple[Any, ...]] = set()
        out: list[tuple[str, ...]] = []
        for combo in combinations(hurt, m):
            key = tuple(sorted((ci, dev, self.code(sl, k)) for sl, k, ci, dev in combo))
            if key not in seen:
                seen.add(key)
                out.append(tuple(self.cell_ref(ci, dev, k) for _, k, ci, dev in combo))
        return out if len(out) > 1 else []

    def repair(self, s: State, seat: int, n: int, events: list[Event],
               fix: Sequence[str] = ()) -> None:
        """D3: remove n Damage counters: from the cells in `fix` (your choice) while they
        have some, then (ruling, where there is one way or nobody chose) weapons and cargo
        first, armor last, front to back."""
        done = 0
        for _ in range(n):
            hurt = [(self.code(sl, k) in ARMOR, i, sl, k, self.cell_ref(ci, dev, k))
                    for i, (sl, k, ci, dev) in enumerate(self.cells(s, seat)) if sl[1][k]]
            if not hurt:
                break
            mine = [h for h in hurt if h[4] in fix]
            _, _, slot, k, _ = min(mine or hurt, key=lambda t: (t[0], t[1]))
            slot[1][k] = 0
            done += 1
        if done:
            events.append(_ev("repaired", f"{P % seat} repairs {done} Damage.", seat=seat,
                              n=done))

    def gain(self, s: State, seat: int, token: str, n: int, events: list[Event]) -> None:
        """D7: gained tokens go into free eligible cells; what does not fit is lost."""
        got = sum(1 for _ in range(n) if self._store(s, seat, token))
        text = f"{P % seat} gains {got} {token.title()}" \
            f"{f' ({n - got} lost: no room)' if got < n else ''}." if got else \
            f"{P % seat} has no room for {n} {token.title()}: lost."
        events.append(_ev("gained", text, seat=seat, token=token, n=got, lost=n - got))

    def _fame(self, s: State, seat: int, n: int, events: list[Event], why: str = "") -> None:
        floor = self.content.fame_floor
        new = max(floor, s.fame[seat] + n)
        if new == s.fame[seat] and n < 0:
            return
        s.fame[seat] = new
        events.append(_ev("fame", f"{self.who(s, seat)} {'gains' if n > 0 else 'loses'} "
                          f"{abs(n)} Fame"
                          f"{' (' + why + ')' if why else ''}.", seat=seat, by=n, to=new))

    def object_limit(self, s: State, seat: int) -> int:
        return self.content.object_limit + self.undamaged_codes(s, seat, "S:object-limit")

    def draw_object(self, s: State, seat: int, events: list[Event]) -> None:
        if not s.odeck:
            s.odeck, s.rng = rng.shuffled(s.rng, s.odisc)
            s.odisc = []
        if not s.odeck:
            return
        card = s.odeck.pop(0)
        s.objects[seat].append(card)
        name = self.cards[card].name
        events.append(Event("object_drawn", {"seat": seat, "card": self.cards[card].id},
                            f"{P % seat} draws the Object {name}.", visible_to=(seat,),
                            redacted=_ev("object_drawn", f"{P % seat} draws an Object.",
                                         seat=seat, card=None), chance=True))
        if len(s.objects[seat]) > self.object_limit(s, seat):
            if s.phase in ("explore", "move") and seat == s.actor:
                return  # in your own action: you choose which to discard when it ends
            # D5: the excess goes at once (ruling, outside your own action: the card drawn)
            s.odisc.append(s.objects[seat].pop())
            events.append(_ev("object_discarded", f"{P % seat} holds too many Objects and "
                              f"discards {name}.", seat=seat, card=self.cards[card].id))

    def _effects(self, s: State, seat: int, effects: Sequence[tuple[str, Any]],
                 events: list[Event], explorers: Sequence[int] = (), take: Sequence[str] = (),
                 cont: Sequence[int] = (), clean: Sequence[int] = (), fit: str = "",
                 fix: Sequence[str] = ()) -> None:
        """Resolve effects for `seat`. The player's choices come in `take` (resources of
        their choice), `cont` (who takes Contamination) and `clean` (who loses it, one entry
        per counter); without them a fixed ruling chooses (where there is only one way)."""
        for verb, val in effects:
            if verb == "gain":
                for res, k in val.items():
                    self.gain(s, seat, res, k, events)
            elif verb == "gain_any":
                picks = list(take)[:val]
                while len(picks) < val:  # ruling: the resource you hold fewest of
                    picks.append(min(RESOURCES, key=lambda r: (self.count(s, seat, r),
                                                               RESOURCES.index(r))))
                for res in picks:
                    self.gain(s, seat, res, 1, events)
            elif verb == "fame":
                self._fame(s, seat, val, events)
            elif verb == "object":
                for _ in range(val):
                    self.draw_object(s, seat, events)
            elif verb == "repair":
                self.repair(s, seat, val, events, fix)
            elif verb == "damage":
                self.damage(s, seat, val["area"], val["n"], events)
            elif verb == "speed_next":
                s.speed_next[seat] += val
                events.append(_ev("speed_next", f"{P % seat} will have +{val} Speed in the "
                                  "next Movement.", seat=seat, n=val))
            elif verb == "contaminate":
                pool = list(explorers) or list(range(len(self.sv(s, seat))))
                if cont:
                    self._contaminate(s, seat, cont[0], val, events)
                elif pool:
                    self._contaminate(s, seat, self._worst_off(s, seat, pool), val, events)
            elif verb in ("decontaminate", "decontaminate_split"):
                chosen = list(clean)
                for _ in range(val):
                    dirty = [i for i, x in enumerate(self.sv(s, seat)) if x[2]]
                    if chosen and verb == "decontaminate":
                        i = chosen[0]  # one survivor loses up to val
                    elif chosen:
                        i = chosen.pop(0)
                    elif dirty:  # ruling where there is one way: the most contaminated
                        i = max(dirty, key=lambda j: (self.sv(s, seat)[j][2], -j))
                    else:
                        break
                    if not self.sv(s, seat)[i][2]:
                        continue
                    self.sv(s, seat)[i][2] -= 1
                    events.append(_ev("decontaminated", f"{P % seat} removes 1 "
                                      "Contamination.", seat=seat, survivor=i))
            elif verb == "install_from_discard":
                self._install_from_discard(s, seat, val, events, fit)
            elif verb == "install_optional":  # #210: you may (fit "-": you do not)
                if fit and fit != "-":
                    self._install_from_discard(s, seat, val, events, fit)
            elif verb == "reminder":
                pass  # the card stays by your board (_explore keeps it there)
            else:
                raise ValueError(f"effect {verb} has no rule yet")

    def fit_choices(self, s: State, seat: int, kinds: Sequence[str]) -> list[str]:
        """The cards of these kinds in the Exploration discard pile (one per design) and each
        place each may take (X6), as "card@place"."""
        designs: dict[str, int] = {}
        for card in s.xdisc:
            c = self.cards[card]
            if c.kind in kinds and c.design not in designs:
                designs[c.design] = card
        return [f"{self.cards[card].id}@{w}" for card in designs.values()
                for w in self.improve_choices(s, seat, card)]

    def _install_from_discard(self, s: State, seat: int, kinds: Sequence[str],
                              events: list[Event], fit: str = "") -> None:
        if fit:  # your pick: a card of the discard pile and its place
            number, _, where = fit.partition("@")
            card = next(x for x in s.xdisc if self.cards[x].id == number)
            s.xdisc.remove(card)
            self._improve(s, seat, card, int(where), events)
            return
        fits = self.fit_choices(s, seat, kinds)  # one way at most: it is taken
        if fits:
            self._install_from_discard(s, seat, kinds, events, fits[0])

    # ================================================================ improve, recruit

    def improve_choices(self, s: State, seat: int, card: int) -> list[int]:
        """X6: where a convoy card may go. Truck: 0. Trailer: its new column (1..trailers+1,
        the last = join at the rear). Device: the column it rides on."""
        kind = self.cards[card].kind
        cv = s.convoy[seat]
        trailers = len(cv) - 1
        if kind == "truck":
            return [0]
        if kind == "trailer":
            out = list(range(1, trailers + 1))
            if trailers < min(3, self.truck(s, seat).tow):
                out.append(trailers + 1)
            return out
        if kind == "device":
            return list(range(len(cv)))
        return []

    def _leaving(self, s: State, seat: int, card: int, where: int) -> list[Slot]:
        """The convoy cards that installing `card` at `where` takes off (X6)."""
        kind = self.cards[card].kind
        cv = self.cv(s, seat)
        if kind == "truck":
            tow = min(3, self.cards[card].tow)
            leaving: list[Slot | None] = [cv[0][0]]
            leaving += [sl for col in cv[1 + tow:] for sl in col]
            return [x for x in leaving if x is not None]
        if kind == "trailer":
            old = cv[where][0] if where < len(cv) else None
            return [old] if old is not None else []
        dev = cv[where][1]
        return [dev] if dev is not None else []

    def _replaces(self, s: State, seat: int, card: int, where: int) -> bool:
        kind = self.cards[card].kind
        cv = s.convoy[seat]
        if kind == "device":
            return cv[where][1] is not None
        return kind == "truck" or where < len(cv)

    def _improve(self, s: State, seat: int, card: int, where: int, events: list[Event],
                 victims: Sequence[list[Any]] = ()) -> None:
        kind = self.cards[card].kind
        cv = self.cv(s, seat)
        new = self._slot(card)
        old: list[Slot] = []
        if kind == "truck":
            old_truck = cv[0][0]
            assert old_truck is not None
            old.append(old_truck)
            cv[0][0] = new
            tow = min(3, self.cards[card].tow)
            while len(cv) - 1 > tow:  # rear trailers beyond the new Tow are dropped
                col = cv.pop()
                old += [x for x in col if x is not None]
        elif kind == "trailer":
            if where < len(cv):
                old_t = cv[where][0]
                assert old_t is not None
                old.append(old_t)
                cv[where][0] = new
            else:
                cv.append([new, None])
        else:
            if cv[where][1] is not None:
                old_d = cv[where][1]
                assert old_d is not None
                old.append(old_d)
            cv[where][1] = new
        tokens = [t for slot in old for t in slot[2] if t]
        for slot in old:
            s.xdisc.append(slot[0])
        if s.story is not None:  # S7: a Story card under a card that leaves goes with it
            self.story.convoy_left(s, old, events)
        lost = 0
        for t in tokens:
            if t == "surv":
                if not self._store_c(s, seat):
                    self._kill_one(s, seat, events, victims)
            elif not self._store(s, seat, t):
                lost += 1
        events.append(_ev("improved", f"{P % seat} installs {self.cards[card].name}"
                          + (f", replacing {', '.join(self.cards[x[0]].name for x in old)}"
                             if old else "") + (f" ({lost} tokens lost)" if lost else "") + ".",
                          seat=seat, card=self.cards[card].id, where=where,
                          replaced=[self.cards[x[0]].id for x in old]))

    def can_recruit(self, s: State, seat: int) -> bool:
        return self.free_c(s, seat) > 0 and len(s.surv[seat]) < self.content.survivors_max

    def _recruit(self, s: State, seat: int, card: int, events: list[Event]) -> None:
        self.sv(s, seat).append([card, "R", 0])
        self._store_c(s, seat)
        events.append(_ev("recruited", f"{P % seat} recruits {self.cards[card].name}.",
                          seat=seat, card=self.cards[card].id))

    # ================================================================ locations, encounters

    def gather_choices(self, card: Card) -> list[tuple[str, ...]]:
        """The distinct token lists a Location may give."""
        if card.pick:
            unit = sorted(card.gather[0])
            if card.different:
                return [tuple(c) for c in combinations(unit, card.pick)]
            out: set[tuple[str, ...]] = set()

            def rec(start: int, acc: tuple[str, ...]) -> None:
                if len(acc) == card.pick:
                    out.add(acc)
                    return
                for i in range(start, len(unit)):
                    rec(i, acc + (unit[i],))
            rec(0, ())
            return sorted(out)
        combos: set[tuple[str, ...]] = {()}
        for options in card.gather:
            combos = {tuple(sorted(c + (t,))) for c in combos for t in options}
        return sorted(combos)

    def can_pay(self, s: State, seat: int, cost: Sequence[tuple[str, int]]) -> bool:
        for what, n in cost:
            if what == "object" and len(s.objects[seat]) < n:
                return False
            if what == "resources" and sum(self.count(s, seat, r) for r in RESOURCES) < n:
                return False
            if what in RESOURCES and self.count(s, seat, what) < n:
                return False
            if what == "fame" and s.fame[seat] - n < self.content.fame_floor:
                return False  # D6: a Fame cost never takes you below the floor
        return True

    def pay_choices(self, s: State, seat: int, cost: Sequence[tuple[str, int]],
                    keep: int = -1) -> list[tuple[str, ...]]:
        """The distinct ways to pay a cost's "any resources" and "Objects" parts: resource
        names and Object card numbers (one per design). `keep` is an Object card that is
        spent otherwise (Energy Rations handed out with the same action)."""
        ways: list[tuple[str, ...]] = [()]
        for what, n in cost:
            if what == "resources":
                held = [r for r in RESOURCES for _ in range(self.count(s, seat, r))]
                opts = sorted(set(combinations(held, n)))
            elif what == "object":
                hand = list(s.objects[seat])
                if keep >= 0 and keep in hand:
                    hand.remove(keep)
                opts = sorted({tuple(sorted(self.cards[o].design for o in combo))
                               for combo in combinations(hand, n)})
            else:
                continue
            ways = [w + o for w in ways for o in opts]
        return ways

    def _pay(self, s: State, seat: int, cost: Sequence[tuple[str, int]],
             events: list[Event], choice: Sequence[str] = ()) -> None:
        """Pay a cost; `choice` names the resources and Objects (by design) paid for its
        "any" parts, else a ruling picks (where there is only one way)."""
        paid: list[str] = []
        chosen = list(choice)
        for what, n in cost:
            if what == "object":
                for _ in range(n):  # the Object chosen, or (ruling) the one held longest
                    hand = s.objects[seat]
                    pick = next((o for o in hand if self.cards[o].design in chosen), hand[0])
                    if self.cards[pick].design in chosen:
                        chosen.remove(self.cards[pick].design)
                    hand.remove(pick)
                    s.odisc.append(pick)
                paid.append(f"{n} Object{'s' if n > 1 else ''}")
            elif what == "resources":
                for _ in range(n):  # the resource chosen, or (ruling) the one held most
                    res = next((r for r in chosen if r in RESOURCES), None)
                    if res is not None:
                        chosen.remove(res)
                    else:
                        res = max(RESOURCES, key=lambda r: (self.count(s, seat, r),
                                                            -RESOURCES.index(r)))
                    self._take(s, seat, res)
                    paid.append(f"1 {res.title()}")
            elif what == "fame":
                self._fame(s, seat, -n, events)
                paid.append(f"{n} Fame")
            else:
                self._take(s, seat, what, n)
                paid.append(f"{n} {what.title()}")
        events.append(_ev("paid", f"{P % seat} pays {', '.join(paid)}.", seat=seat,
                          paid=paid))

    def main_choices(self, s: State, seat: int, card: int) -> list[int]:
        """X6: the main actions a zone card offers (indexes; -1, only the bonus, is always
        possible)."""
        if card == EMPTY:
            return []
        c = self.cards[card]
        if c.kind == "location":
            return list(range(len(self.gather_choices(c))))
        if c.kind in ("truck", "trailer", "device"):
            return self.improve_choices(s, seat, card)
        if c.kind == "survivor":
            return [0] if self.can_recruit(s, seat) else []
        if c.kind == "encounter":
            return [i for i, o in enumerate(c.options) if self.can_pay(s, seat, o.cost)]
        return []

    # ================================================================ the zone

    def top_back(self, s: State) -> str:
        if s.outdeck and s.outdeck[0] >= 0:
            return self.outcome_cards[s.outdeck[0]].back
        return s.shown_back

    def reveal(self, s: State, events: list[Event], why: str) -> int:
        """Reveal the top Outcome card (F5.6: an empty deck reshuffles its discard)."""
        if not s.outdeck:
            s.outdeck, s.rng = rng.shuffled(s.rng, s.outdisc)
            s.outdisc = []
        card = s.outdeck.pop(0)
        s.outdisc.append(card)
        if not s.outdeck:
            s.outdeck, s.rng = rng.shuffled(s.rng, s.outdisc)
            s.outdisc = []
        o = self.outcome_cards[card]
        s.shown_back = self.top_back(s)
        events.append(_ev("outcome", f"Outcome for {why}: "
                          f"{'Miss' if o.face == 0 else o.face}, letters {o.letters}.",
                          chance=True, card=o.id, face=o.face, letters=o.letters,
                          back=s.shown_back))
        return card

    def _refill(self, s: State, events: list[Event]) -> None:
        """X0 / X7: fill the empty cells left to right; an Event resolves as it is revealed."""
        for i in range(5):
            while s.zone[i] == EMPTY and s.xdeck:
                card = s.xdeck.pop(0)
                c = self.cards[card]
                events.append(_ev("revealed", f"{c.name} is revealed in cell {i + 1}.",
                                  chance=True, card=c.id, cell=i, kind=c.kind))
                if s.story is not None:  # S9: a later Period's first card brings its deck
                    self.story.period_seen(s, c.period, events)
                if c.kind == "event":
                    self._event(s, card, events)
                    s.xdisc.append(card)
                    continue
                s.zone[i] = card
                s.edmg[i] = 0
                s.etgt[i] = [-1] * 4
                if s.modules:
                    s.edef[i] = 0

    def _slide(self, s: State) -> None:
        if s.modules:  # the defense cells' Damage moves with its enemy
            defs = [e for z, e in zip(s.zone, s.edef, strict=True) if z != EMPTY]
            s.edef = defs + [0] * (5 - len(defs))
        keep = [(z, d, t) for z, d, t in zip(s.zone, s.edmg, s.etgt, strict=True) if z != EMPTY]
        keep += [(EMPTY, 0, [-1] * 4)] * (5 - len(keep))
        s.zone = [k[0] for k in keep]
        s.edmg = [k[1] for k in keep]
        s.etgt = [list(k[2]) for k in keep]

    def _event(self, s: State, card: int, events: list[Event]) -> None:
        c = self.cards[card]
        for verb, val in c.effects:
            if verb == "speed_next_all":
                for seat in range(len(s.speed_all)):  # the Automa too (A4: events)
                    s.speed_all[seat] += val
                events.append(_ev("event", f"{c.name}: every convoy has {val:+d} Speed in the "
                                  "next Movement.", card=c.id))
            elif verb == "contaminate_each":
                for seat in self.road_seats(s):  # it passes the Automa by (A5)
                    pool = self.active(s, seat) or [i for i, x in enumerate(s.surv[seat])
                                                    if x[1] == "R"]
                    if pool:
                        self._contaminate(s, seat, self._worst_off(s, seat, pool), val, events)
                    self._bury(s, seat, events)
            elif verb == "damage_outside":
                region = [r[0] for r in self.road.regions].index(val["region"])
                for seat in self.road_order(s):
                    if self.road.region(s.mile[seat]) == region:
                        continue
                    if self.is_automa(s, seat):
                        self.automa.damage(s, val["n"], events, c.name)
                    else:
                        self.damage(s, seat, val["area"], val["n"], events, c.name)
            elif verb == "offer_each":
                seats = self.road_seats(s)  # the Automa declines
                if seats:
                    s.offer = [card, seats]
            elif verb == "snowstorm":  # #211: by turn order, first to fourth
                order = self.road_order(s)
                for pos, x in enumerate(order[:len(val)]):
                    s.speed_all[x] -= val[pos]
                events.append(_ev("event", f"{c.name}: in the next Movement, "
                                  + ", ".join(f"{self.who(s, x)} {-val[i]:+d} Speed"
                                              for i, x in enumerate(order[:len(val)]))
                                  + ".", card=c.id))
            elif verb == "emergency":  # #222: every player may give Food, in Forward order
                s.message_food = 0
                s.offer = [card, self.road_seats(s)]  # the Automa gives none (ruling)
            else:
                raise ValueError(f"event effect {verb} has no rule yet")

    def region_of(self, s: State, cell: int) -> int:
        """F1: an enemy belongs to its Period's region (I Valley, II Coast, III Bay)."""
        return self.cards[s.zone[cell]].period - 1

    def enemies(self, s: State) -> list[int]:
        return [i for i, z in enumerate(s.zone) if z != EMPTY and self.cards[z].kind == "enemy"]

    # ================================================================ order and road

    def road_order(self, s: State) -> list[int]:
        """Forward order of the convoys still on the road (the Automa's among them)."""
        return [x for x in s.order if x not in s.boarded]

    def road_seats(self, s: State) -> list[int]:
        """Forward order of the players' convoys still on the road."""
        return [x for x in s.order if x not in s.boarded and x < s.n]

    def is_automa(self, s: State, x: int) -> bool:
        return x == s.n and bool(s.level)

    def who(self, s: State, x: int) -> str:
        """A convoy's name in event texts: a seat's placeholder, or the Automa."""
        return "The Automa" if self.is_automa(s, x) else P % x

    def _rank(self, s: State) -> None:
        """V5: boarded convoys first in boarding order, then by mile, ties to whoever got
        there first."""
        road = sorted(self.road_order(s), key=lambda x: (-s.mile[x], s.arrived[x]))
        s.order = list(s.boarded) + road

    def leaders(self, s: State) -> list[int]:
        road = self.road_order(s)
        if not road:
            return []
        top = max(s.mile[x] for x in road)
        return [x for x in road if s.mile[x] == top]

    def speed(self, s: State, seat: int) -> int:
        """MV2 (before the Fuel): the truck, survivors, cells, reminders and events."""
        slot = s.convoy[seat][0][0]
        assert slot is not None
        t = self.cards[slot[0]]
        base: int = 1 if all(slot[1]) else t.speed
        base += sum(self.ability(s, seat, "speed"))
        lead = max(s.mile)
        for v in self.ability(s, seat, "speed_behind"):
            # in a 2-player game from fewer miles (ruling "The Co-pilot with 2 players")
            miles = v.get("miles_2p", v["miles"]) if s.n == 2 else v["miles"]
            if lead - s.mile[seat] >= miles:
                base += v["n"]
        region = self.road.region(s.mile[seat])
        if not any(self.road.region(s.mile[x]) == region for x in self.road_order(s)
                   if x != seat):
            base += sum(self.ability(s, seat, "speed_alone"))
        base += self.undamaged_codes(s, seat, "S:speed")
        if s.modules:  # Module 3's crews
            base += self.crew.speed(s, seat)
        return base + s.speed_next[seat] + s.speed_all[seat]

    def speed_parts(self, s: State, seat: int) -> list[tuple[str, int]]:
        """Where `speed`'s number comes from, in a player's words, for the table: the truck
        first, then each bonus or malus that counts now. The numbers add up to `speed`
        (test_speed_parts_add_up_to_the_speed holds the two together)."""
        slot = s.convoy[seat][0][0]
        assert slot is not None
        t = self.cards[slot[0]]
        parts = [("every truck cell damaged", 1) if all(slot[1]) else (t.name, t.speed)]
        lead = max(s.mile)
        region = self.road.region(s.mile[seat])
        alone = not any(self.road.region(s.mile[x]) == region for x in self.road_order(s)
                        if x != seat)
        for card, zone, _ in s.surv[seat]:
            if zone != "A":
                continue
            abil, name = self._abil[card], self.cards[card].name
            if abil.get("speed"):
                parts.append((name, abil["speed"]))
            v = abil.get("speed_behind")
            if v is not None:
                miles = v.get("miles_2p", v["miles"]) if s.n == 2 else v["miles"]
                if lead - s.mile[seat] >= miles:
                    parts.append((f"{name}, {miles}+ miles behind", v["n"]))
            if abil.get("speed_alone") and alone:
                parts.append((f"{name}, alone in the region", abil["speed_alone"]))
        cells = self.undamaged_codes(s, seat, "S:speed")
        if cells:
            parts.append(("Speed cells", cells))
        if s.modules:
            crew = self.crew.speed(s, seat)
            if crew:
                parts.append(("the crew", crew))
        if s.speed_next[seat]:
            parts.append(("this Movement's bonus", s.speed_next[seat]))
        if s.speed_all[seat]:
            parts.append((self._speed_events(s, seat), s.speed_all[seat]))
        return parts

    def _speed_events(self, s: State, seat: int) -> str:
        """The Event(s) behind `speed_all[seat]`, by name: the latest revealed ones (they go to
        the Exploration discard as they resolve) whose changes for this seat add up to it,
        since it is cleared every round; "this round's event" when they cannot be told."""
        names: list[str] = []
        total = 0
        order = self.road_order(s)  # as at the reveal: nobody moves before the Movement
        for card in reversed(s.xdisc):
            c = self.cards[card]
            if c.kind != "event":
                continue
            for verb, val in c.effects:
                if verb == "speed_next_all":
                    change = val
                elif verb == "snowstorm":
                    pos = order.index(seat) if seat in order else len(val)
                    change = -val[pos] if pos < len(val) else 0
                else:
                    continue
                if change:
                    names.append(c.name)
                    total += change
            if total == s.speed_all[seat] and names:
                return " and ".join(reversed(names))
        return "this round's event"

    def tracked(self, s: State, seat: int) -> bool:
        return self.truck(s, seat).tracked or bool(self.ability(s, seat, "tracked")) \
            or s.chains[seat]

    def reachable(self, s: State, seat: int, steps: int) -> list[int]:
        """MV3: the miles reachable in at most `steps` steps; nobody passes the Aurora, and
        entering its space ends the move."""
        start = s.mile[seat]
        short = self.road.shortcuts if self.tracked(s, seat) else ()
        seen = {start: 0}
        frontier = [start]
        # the optional Mine: entering a mined space ends the move there too (mine.py)
        stops = self.mine.mined(s) - {start} if s.mines else ()
        for d in range(1, steps + 1):
            nxt = []
            for m in frontier:
                if m == s.aurora or m in stops:
                    continue
                outs = [m + 1] + [b for a, b in short if a == m]
                for t in outs:
                    if t > s.aurora or t > self.road.miles or t in seen:
                        continue
                    seen[t] = d
                    nxt.append(t)
            frontier = nxt
        return sorted(m for m in seen if m != start)

    # ================================================================ turns and phases

    def to_move(self, s: State) -> int | None:
        return None if s.phase == "over" else s.actor

    def _start_round(self, s: State, events: list[Event]) -> None:
        events.append(_ev("round", f"Round {s.round} begins.", round=s.round))
        if s.level and s.n not in s.boarded:
            self.automa.reveal(s, events)  # A2
        self._refill(s, events)  # X0
        self._begin_phase(s, "explore", events)

    def _begin_phase(self, s: State, phase: str, events: list[Event]) -> None:
        if s.story is not None and self.story.phase_begins(s, phase, events):
            return  # Module 4: a situational Story card is read first (story.py)
        s.phase = phase
        road = self.road_order(s)
        s.passed = [x not in road for x in range(len(s.mile))]
        if s.level and phase == "rest":
            s.passed[s.n] = True  # the Automa has no Rest turn
        if phase == "explore":
            s.swapped = [False] * s.n
            for x in road:
                if x < s.n and not self.active(s, x):
                    s.passed[x] = True
        if phase == "fire":
            s.fired = [[] for _ in range(s.n)]
            s.flares = [[] for _ in range(s.n)]
            s.hit_done = [False] * s.n
            s.vetused = [False] * s.n
            if s.modules:
                s.stealth, s.sniped = [False] * s.n, [False] * s.n
                s.radioed = [False] * s.n
                if "pvp" in s.modules:
                    self.pvp.begin_fire(s)
            # F2: before the ambushes, Flare Guns may be played in Forward order
            flare = [x for x in road if x < s.n and self.plays(s, x, before_ambush=True)]
            events.append(_ev("phase", f"{phase.title()} phase.", phase=phase, round=s.round))
            if flare:
                s.phase = "flare"
                s.passed = [x not in flare for x in range(len(s.mile))]
            elif not self._ambushes(s, events):
                return  # someone is asked a choice; the rules come back to the ambushes
            self._next_actor(s, events)
            return
        events.append(_ev("phase", f"{phase.title()} phase.", phase=phase, round=s.round))
        if s.offer:
            self._next_offer(s, events)
            return
        self._next_actor(s, events)

    def _seq(self, s: State) -> list[int]:
        road = self.road_order(s)
        return list(reversed(road)) if s.phase in ("explore", "rest") else road

    def _next_actor(self, s: State, events: list[Event], after: int | None = None) -> None:
        """Hand the turn on in the phase's order, skipping those with nothing to decide;
        move on to the next phase when nobody is left."""
        seq = self._seq(s)
        if s.phase == "explore":
            # round and round until all have passed
            start = (seq.index(after) + 1) if after in seq else 0
            ring = seq[start:] + seq[:start]
            for x in ring:
                if not s.passed[x]:
                    if self.is_automa(s, x):  # A3: one turn, at its place
                        s.passed[x] = True
                        self.automa.explore(s, events)
                        if s.offer:
                            self._next_offer(s, events, resume=x)
                        else:
                            self._next_actor(s, events, after=x)
                        return
                    s.actor = x
                    return
            self._end_phase(s, events)
            return
        if s.phase == "flare":
            for x in seq:
                if not s.passed[x] and x < s.n and self.plays(s, x, before_ambush=True):
                    s.actor = x
                    return
            s.phase = "fire"
            s.passed = [x not in seq for x in range(len(s.mile))]
            if not self._ambushes(s, events):
                return
            seq = self._seq(s)
        for x in seq:
            if s.passed[x]:
                continue
            if self.is_automa(s, x):
                if s.phase == "move":
                    self.automa.move(s, events)
                elif s.phase == "fire":
                    self.automa.shoot(s, events)
                s.passed[x] = True
                if s.phase == "choose":
                    return  # its shot won you a Loot: where it goes is asked first
                continue
            if s.phase == "rest" and not any(v[1] == "X" for v in s.surv[x]) \
                    and len(self.rest_choices(s, x)) == 1 and not self.cargo.shifts(s, x):
                self._rest(s, x, (), events)  # nothing to feed, clean or reorganise
                continue
            if s.phase == "fire" and s.modules and not s.radioed[x]:
                s.radioed[x] = True
                self._radio(s, x, events)
            if s.phase == "fire" and not self.attacks(s, x) and not self.plays(s, x) \
                    and not self.pvp.raids(s, x):
                s.passed[x] = True
                continue
            if s.phase == "move" and not self.can_drive(s, x) and not self.plays(s, x):
                self._move(s, x, Move(s.mile[x]), events)
                continue
            s.actor = x
            return
        self._end_phase(s, events)

    def _end_phase(self, s: State, events: list[Event]) -> None:
        if s.phase == "explore":
            self._begin_phase(s, "rest", events)
        elif s.phase == "rest":
            self._begin_phase(s, "move", events)
        elif s.phase == "move":
            s.speed_all = [0] * len(s.speed_all)
            s.chains = [False] * s.n
            self._rank(s)
            events.append(_ev("order", "Turn order: " + ", ".join(self.who(s, x) for x in s.order)
                              + ".",
                              order=list(s.order)))
            self._begin_phase(s, "fire", events)
        elif s.phase == "fire" and "pvp" in s.modules:
            self.pvp.end_of_fire(s, events)  # P9, then End of Round
        elif s.phase == "fire":
            self._end_round(s, events)

    # ================================================================ legal

    def legal(self, s: State) -> Sequence[Action]:
        if s._legal is None:
            s._legal = self._legal(s)
        return s._legal

    def _legal(self, s: State) -> list[Action]:
        seat = s.actor
        if s.phase == "over":
            return []
        if s.phase == "choose":
            return [Pick(i) for i in s.pending[3]]
        if s.phase == "story":  # Module 4: the options of the Story card being read
            return list(self.story.choices(s))
        if s.phase == "offer":
            card = self.cards[s.offer[0]]
            if card.effects[0][0] == "emergency":  # how much Food you give
                return [Pick(k) for k in range(self.count(s, seat, "food") + 1)]
            cost = tuple(card.effects[0][1]["cost"].items())
            return [Answer(True), Answer(False)] if self.can_pay(s, seat, cost) else \
                [Answer(False)]
        if s.peek:
            return [Order(p) for p in permutations(range(s.peek))]
        plays: list[Action] = list(self.plays(s, seat))
        if s.story is not None:  # Module 4, solo: cancel the Automa's card (S10)
            plays += self.story.cancels(s, seat)
        if s.phase == "explore":
            return self.explore_choices(s, seat) + plays + self.swaps(s, seat) \
                + self.drops(s, seat) + [Pass()]
        if s.phase == "rest":
            return self.rest_choices(s, seat) + plays + self.drops(s, seat) \
                + self.cargo.shifts(s, seat)
        if s.phase == "move":
            if s.story is not None and s.story.redo:  # the move chosen again (story.py)
                return self.story.redo_moves(s, self.move_choices(s, seat)) + plays
            return self.move_choices(s, seat) + plays
        if s.phase == "fire":
            return [*self.attacks(s, seat), *self.pvp.raids(s, seat), *plays, Done()]
        if s.phase == "flare":
            return [*self.plays(s, seat, before_ambush=True), Done()]
        return []

    def explore_choices(self, s: State, seat: int) -> list[Action]:
        """X3: 1 or 2 Active survivors whose value reaches the cell's; feeding (1 Food
        each) is offered only where it makes the difference (ruling)."""
        teams = self.explore_teams(s, seat)
        memo: dict[Any, Any] = {}
        return [v for a in teams for v in self.explore_variants(s, seat, a, memo)]

    def explore_teams(self, s: State, seat: int) -> list[Explore]:
        """The Exploration choices before each is split by the choices its card and cell
        leave (`explore_variants`): who goes, who is fed and how, the cell, the card's action
        and the bonus. The bots' playouts weigh one variant of a few of them only, and need
        not make the rest."""
        out: list[Explore] = []
        act = self.active(s, seat)
        food = self.count(s, seat, "food")
        # Module 3: androids eat any resource or an Object too (crew.explore_options says how)
        meals = self.crew.meals(s, seat, food) if s.modules else food
        rations = any(self._is(o, "ration") for o in s.objects[seat])
        groups = [(a,) for a in act] + [g for g in combinations(act, 2)] \
            if self.content.explorers_max >= 2 else [(a,) for a in act]
        explore = self._explore_of
        for cell in range(5):
            need = self.content.zone[cell].value
            mains = [-1] + self.main_choices(s, seat, s.zone[cell])
            for g in groups:
                base = sum(self.value(s, seat, i, False) for i in g)
                feeds: list[tuple[int, ...]] = []
                if base >= need:
                    feeds.append(())
                else:
                    for k in range(1, len(g) + 1):
                        if k > meals:
                            break
                        for f in combinations(g, k):
                            if base + k >= need and (k == 1 or base + k - 1 < need):
                                feeds.append(f)
                for f in feeds:
                    for m in mains:
                        out.append(explore(cell, g, f, m, -1))
                if rations and base < need:  # Energy Rations: +2 for one explorer
                    for e in g:
                        if base + 2 >= need:
                            out += [explore(cell, g, (), m, e) for m in mains
                                    if self._objects_left(s, seat, cell, m)]
                            break
        # a cell with another bonus: offered too where it does something (Contamination)
        dirty = any(x[2] for x in s.surv[seat])
        alts = {c for c in range(5) if self.content.zone[c].alt and dirty}
        if alts:
            out += [_with(a, "alt", True) for a in out if a.cell in alts]
        if s.modules:  # Module 3: the Arctic Wolf's bonuses, the androids' meals
            out = list(self.crew.explore_options(s, seat, out))
        return out

    def explore_variants(self, s: State, seat: int, a: Explore,
                         memo: dict[Any, Any]) -> list[Explore]:
        """The Explore actions a team of `explore_teams` stands for, one per way to take the
        choices its card and cell leave (`memo`: one dict shared by a state's teams)."""
        if s.modules:
            return self._explore_variants(s, seat, a, memo)
        # The base game: a team that takes only its cell's bonus (no card: main -1, or an
        # empty cell), not the other bonus, with no repair to place, leaves no choice open and
        # is its own only variant; that is what _explore_variants would answer, without the
        # call (about a third of the teams; test_speed.py checks the list against the plain one)
        if not a.alt and (a.main < 0 or s.zone[a.cell] == EMPTY) \
                and not self._bonus_repair[a.cell] + sum(
                    self._abil[s.surv[seat][i][0]].get("explore_repair") or 0
                    for i in a.explorers):
            return [a]
        return self._explore_variants(s, seat, a, memo)

    def _explore_of(self, cell: int, explorers: tuple[int, ...], fed: tuple[int, ...],
                    main: int, ration: int) -> Explore:
        """`Explore(cell, explorers, fed, main, ration)`, made once and kept: an action is
        an immutable value, and the same few thousand come back in every Exploration list
        (a frozen action's fields cost a call each to set: 2.7 us to make one, 0.2 us to find
        it kept)."""
        key = (cell, explorers, fed, main, ration)
        a = self._explores.get(key)
        if a is None:
            a = self._explores[key] = Explore(cell, explorers, fed, main, ration)
        return a

    def _explore_variants(self, s: State, seat: int, a: Explore,
                          memo: dict[Any, Any]) -> list[Explore]:
        """One Explore for each way to take the choices its card and cell leave (only where
        there is more than one): who takes each radiation counter, the Scavenger's extra
        kind, what pays an encounter's "any" cost, the resources of your choice, and who
        the other bonus cleans."""
        out = [a]
        card = s.zone[a.cell]
        c = self.cards[card] if card != EMPTY and a.main >= 0 else None
        # repairs (the cell's bonus, the Mechanic), where the main action leaves the convoy's
        # cells as they are
        n = 0 if a.alt else self._bonus_repair[a.cell]
        for i in a.explorers:
            n += self._abil[s.surv[seat][i][0]].get("explore_repair") or 0
        if s.modules:  # #247: the Arctic Wolf's neighbours' Repair
            n += self.crew.extra_repair(s, seat, a)
        if c is None and not a.alt and not n:
            return out
        if c is not None and c.kind == "location":
            if c.radiation and len(a.explorers) > 1:
                out = [_with(x, "cont", k) for x in out for k in
                       combinations_with_replacement(sorted(a.explorers), c.radiation)]
            if any(self._abil[s.surv[seat][i][0]].get("gather_extra")
                   for i in a.explorers):
                kinds = sorted(set(self.gather_choices(c)[a.main]))
                if len(kinds) > 1:
                    out = [_with(x, "take", (k,)) for x in out for k in kinds]
        if c is not None and c.kind in ("truck", "trailer", "device"):
            key = ("lose", a.cell, a.main)
            if key not in memo:  # survivors whose tokens find no room once it is installed
                memo[key] = 0
                if any("surv" in sl[2] for sl in self._leaving(s, seat, card, a.main)):
                    t = s.copy()
                    self._improve(t, seat, card, a.main, [])
                    memo[key] = len(s.surv[seat]) - len(t.surv[seat])
            dead = memo[key]
            if 0 < dead < len(s.surv[seat]):
                out = [_with(x, "lose", k) for x in out
                       for k in combinations(range(len(s.surv[seat])), dead)]
        if c is not None and c.kind == "encounter":
            opt = c.options[a.main]
            ration = next((o for o in s.objects[seat] if self._is(o, "ration")), -1) \
                if a.ration >= 0 else -1
            pays = self.pay_choices(s, seat, opt.cost, ration)
            if len(pays) > 1:
                out = [_with(x, "pay", p) for x in out for p in pays]
            any_n = sum(v for verb, v in opt.effects if verb == "gain_any")
            if any_n:
                out = [_with(x, "take", k) for x in out
                       for k in combinations_with_replacement(RESOURCES, any_n)]
            kinds = next((v for verb, v in opt.effects if verb == "install_from_discard"), [])
            fits = self.fit_choices(s, seat, kinds)
            if len(fits) > 1:
                out = [_with(x, "fit", f) for x in out for f in fits]
            kinds = next((v for verb, v in opt.effects if verb == "install_optional"), [])
            fits = self.fit_choices(s, seat, kinds) if kinds else []
            if fits:  # #210: a card of the discard pile and its place, or none ("-")
                out = [_with(x, "fit", f) for x in out for f in [*fits, "-"]]
        if a.alt:
            dirty = [i for i, x in enumerate(s.surv[seat]) if x[2]]
            if len(dirty) > 1:
                out = [_with(x, "clean", i) for x in out for i in dirty]
        still = c is None or c.kind in ("location", "survivor") or (
            c.kind == "encounter" and not any(
                verb in ("damage", "install_from_discard", "install_optional", "repair")
                for verb, _ in c.options[a.main].effects))
        if n and still:
            if n not in memo:
                memo[n] = self.repair_options(s, seat, n)
            fixes = memo[n]
            if fixes:
                out = [_with(x, "fix", f) for x in out for f in fixes]
        return out

    def _objects_left(self, s: State, seat: int, cell: int, main: int) -> bool:
        """Whether an encounter's Object cost is still payable once Energy Rations are
        handed out."""
        c = self.cards[s.zone[cell]] if s.zone[cell] != EMPTY else None
        if c is None or c.kind != "encounter" or main < 0:
            return True
        need = sum(n for what, n in c.options[main].cost if what == "object")
        return len(s.objects[seat]) - 1 >= need

    def rest_choices(self, s: State, seat: int) -> list[Action]:
        tired = [i for i, v in enumerate(s.surv[seat]) if v[1] == "X"]
        food = self.count(s, seat, "food") + self._free_meals(s, seat)
        out: list[Action] = []
        dirty = [i for i, x in enumerate(s.surv[seat]) if x[2]]
        if s.modules:  # Module 3: androids eat any resource or an Object too
            food = self.crew.meals(s, seat, food)
        for k in range(min(len(tired), food) + 1):
            for f in combinations(tired, k):
                # the Medic (Active once rested) cleans a survivor of your choice
                medic = any(self._abil[card].get("rest_decontaminate") and
                            (zone in "AR" or i in f)
                            for i, (card, zone, _) in enumerate(s.surv[seat]))
                if medic and len(dirty) > 1:
                    out += [Rest(f, i) for i in dirty]
                else:
                    out.append(Rest(f))
        if s.modules:
            return list(self.crew.rest_options(s, seat, [a for a in out
                                                         if isinstance(a, Rest)]))
        return out

    def _free_meals(self, s: State, seat: int) -> int:
        """Cook: Active (after RS1's Rest -> Active) survivors feed for free."""
        return sum(v for card, zone, _ in s.surv[seat]
                   for v in [self._abil[card].get("rest_feed")]
                   if v is not None and zone in "AR")

    def move_choices(self, s: State, seat: int) -> list[Action]:
        """MV1: stay (free), or pay 1 Fuel to move up to Speed, 2 Fuel to add the Boost."""
        out: list[Action] = [Move(s.mile[seat])]
        fuel = self.count(s, seat, "fuel")
        if fuel >= 1:
            sp = max(1, self.speed(s, seat))
            for m in self.reachable(s, seat, sp):
                out.append(Move(m))
            if fuel >= 2:
                boost = self.truck(s, seat).boost
                if boost:
                    near = set(self.reachable(s, seat, sp))
                    for m in self.reachable(s, seat, max(1, sp + boost)):
                        if m not in near:
                            out.append(Move(m, True))
        if s.modules:  # #254: the Quartermaster Robot's +2 for an Object
            out += self.crew.robot_moves(s, seat)
        return [v for a in out if isinstance(a, Move) for v in self._move_variants(s, seat, a)]

    def can_drive(self, s: State, seat: int) -> bool:
        """Whether move_choices offers more than staying: some Fuel and a space ahead (one
        step reaches a space whenever any Speed does)."""
        return self.count(s, seat, "fuel") >= 1 and bool(self.reachable(s, seat, 1))

    def _move_variants(self, s: State, seat: int, a: Move) -> list[Move]:
        """One Move per way to take the space's choice, where there is more than one: who
        takes its Contamination (radiation, the Hot Spot), and who the Clinic cleans."""
        if a.to == s.mile[seat] or a.to == s.aurora:
            return [a]
        effects = [e for entry in s.counters if entry[0] == a.to
                   for e in self.content.counters[entry[1]].effects]
        sv = s.surv[seat]
        if (a.to in self.road.radiation or any(v == "contaminate" for v, _ in effects)) \
                and len(sv) > 1:
            return [_with(a, "cont", i) for i in range(len(sv))]
        n = sum(val for v, val in effects if v == "decontaminate_split")
        if n:
            pool = [i for i, x in enumerate(sv) for _ in range(x[2])]
            splits = sorted(set(combinations(pool, min(n, len(pool)))))
            if len(splits) > 1:
                return [_with(a, "clean", k) for k in splits]
        n = sum(val for v, val in effects if v == "repair")
        if n:
            return [_with(a, "fix", f) for f in self.repair_options(s, seat, n)] or [a]
        return [a]

    def weapons(self, s: State, seat: int) -> list[tuple[int, bool, int, str]]:
        out = []
        for slot, k, col, dev in self.cells(s, seat):
            code = self.code(slot, k)
            if code[0] in "WJ" and not slot[1][k]:
                out.append((col, dev, k, code))
        return out

    def attacks(self, s: State, seat: int) -> list[Attack]:
        """F5: an unused undamaged weapon, paid (W: 1 Ammo; J: 1 Object), at an enemy in your
        region."""
        if seat in s.boarded:
            return []
        region = self.road.region(s.mile[seat])
        targets = [i for i in self.enemies(s) if self.region_of(s, i) == region
                   and s.edmg[i] < len(self.cards[s.zone[i]].cells)]
        if not targets:
            return []
        ammo = self.count(s, seat, "ammo")
        out = []
        has_incendiary = any(self._is(o, "incendiary") for o in s.objects[seat])
        if s.modules and not s.sniped[seat] and self.ability(s, seat, "snipe"):
            # #209 the Sniper: 1 Ammo or Incendiary Ammo, once per phase (ruling)
            if ammo:
                out += [Attack(-1, False, 0, t) for t in targets]
            if has_incendiary:
                out += [Attack(-1, False, 0, t, True) for t in targets]
        junk = self.junk_pays(s, seat)
        for col, dev, k, code in self.weapons(s, seat):
            if col * 100 + dev * 10 + k in s.fired[seat]:
                continue
            incendiary = code[0] == "W" and has_incendiary
            if code[0] == "W" and ammo:
                out += [Attack(col, dev, k, t) for t in targets]
            if incendiary:
                out += [Attack(col, dev, k, t, True) for t in targets]
            if code[0] == "J" and junk:  # M1.3: any 1 Object but Incendiary Ammo
                pays = junk if len(junk) > 1 else [""]
                out += [Attack(col, dev, k, t, False, p) for t in targets for p in pays]
        return [_with(a, "recall", i) if i >= 0 else a for a in out
                for i in self.recall_choices(s, seat, a.target) or [-1]]

    def recall_choices(self, s: State, seat: int, cell: int) -> list[int]:
        """F5.5: a hit with no Target in hand moves one of yours from another enemy; where
        two or more hold one, you say which (part of the Attack)."""
        boxes = s.etgt[cell]
        if s.targets[seat] or -1 not in boxes or seat in boxes:
            return []
        others = [i for i in self.enemies(s) if i != cell and seat in s.etgt[i]]
        return others if len(others) > 1 else []

    def drops(self, s: State, seat: int) -> list[Action]:
        """D7, RS2: a resource may be thrown away in your Exploration or Rest turn."""
        return [Drop(r) for r in RESOURCES if self.count(s, seat, r)]

    def swaps(self, s: State, seat: int) -> list[Action]:
        """The Trader (Active): once per Exploration phase, 1 resource for another, where the
        new one fits."""
        if s.swapped[seat] or not self.ability(s, seat, "swap"):
            return []
        out: list[Action] = []
        for give in RESOURCES:
            if not self.count(s, seat, give):
                continue
            for take in RESOURCES:
                if take != give:
                    t = s.copy()
                    self._take(t, seat, give)
                    if self._store(t, seat, take):
                        out.append(Swap(give, take))
        return out

    def _is(self, card: int, verb: str) -> bool:
        return card >= 0 and any(v == verb for v, _ in self.cards[card].effects)

    def _junk_pay(self, s: State, seat: int, design: str = "") -> int | None:
        """A junk weapon takes any 1 Object but Incendiary Ammo (M1.3): the one named (by its
        design's number), else the one held longest."""
        return next((i for i, o in enumerate(s.objects[seat]) if not self._is(o, "incendiary")
                     and (not design or self.cards[o].design == design)), None)

    def junk_pays(self, s: State, seat: int) -> list[str]:
        """The Objects a junk weapon may be paid with, one per design (M1.3)."""
        out: list[str] = []
        for o in s.objects[seat]:
            d = self.cards[o].design
            if not self._is(o, "incendiary") and d not in out:
                out.append(d)
        return out

    # ---------------------------------------------------------------- Objects (D5)

    PHASE_OF = {"explore": "exploration", "rest": "rest", "move": "movement", "fire": "fire"}

    def plays(self, s: State, seat: int, before_ambush: bool = False) -> list[Play]:
        """The Objects you may play now, in your own turn, in the phase each names. Incendiary
        Ammo pays for a shot instead (Attack), Energy Rations go with an explorer (Explore);
        the Flare Gun is played only before the ambushes (F2)."""
        if before_ambush:
            region = self.road.region(s.mile[seat])
            cells = [i for i in self.enemies(s) if self.region_of(s, i) == region
                     and i not in s.flares[seat]]
            if seat in s.boarded or not cells or s.stealth[seat]:
                return []
            flare = next((self.cards[o].id for o in s.objects[seat]
                          if self._is(o, "skip_ambush")), None)
            stealth = next((self.cards[o].id for o in s.objects[seat]
                            if self._is(o, "stealth")), None)
            return ([] if flare is None else [Play(flare, i) for i in cells]) + (
                [] if stealth is None else [Play(stealth)])
        phase = self.PHASE_OF.get(s.phase)
        if phase is None or seat in s.boarded:
            return []
        out: list[Play] = []
        seen: set[str] = set()
        for o in s.objects[seat]:
            c = self.cards[o]
            if c.design in seen or c.phase not in ("any", phase):
                continue
            seen.add(c.design)
            verb = c.effects[0][0]
            if verb == "repair" and self.damage_count(s, seat):
                out += [Play(c.id, -1, f) for f in self.repair_options(s, seat, c.effects[0][1])
                        ] or [Play(c.id)]
            elif verb == "peek" and s.xdeck:
                out.append(Play(c.id))
            elif verb == "decontaminate":
                out += [Play(c.id, i) for i, x in enumerate(s.surv[seat]) if x[2]]
            elif verb == "speed" or verb == "tracked" and not self.tracked(s, seat):
                out.append(Play(c.id))
            elif verb in ("enemy_damage", "anti_tank"):
                region = self.road.region(s.mile[seat])
                out += [Play(c.id, i) for i in self.enemies(s) if self.region_of(s, i) == region]
            elif verb == "canned":  # who takes its Contamination (nobody when none are left)
                out += [Play(c.id, i) for i in range(len(s.surv[seat]))] or [Play(c.id)]
            elif verb == "serum":  # a zone with a contaminated survivor: 0 A, 1 R, 2 X
                out += [Play(c.id, z) for z, code in enumerate("ARX")
                        if any(x[1] == code and x[2] for x in s.surv[seat])]
            elif verb == "unstable" and self.can_drive(s, seat):
                out += [Play(c.id, k) for k in range(len(c.effects[0][1]))]
            elif verb == "smoke":
                region = self.road.region(s.mile[seat])
                out += [Play(c.id, i) for i in self.enemies(s) if self.region_of(s, i) == region
                        and self._smoke_works(s, seat, i)]
        return out

    def _smoke_works(self, s: State, seat: int, cell: int) -> bool:
        """Whether a Smoke Bomb on this enemy would do something: take off a rival's Target, or
        put one of yours there (from your hand, or moved from another enemy)."""
        boxes = s.etgt[cell]
        rival = any(b >= 0 and b != seat for b in boxes)
        room = -1 in boxes or rival
        mine = s.targets[seat] > 0 or any(seat in s.etgt[i] for i in self.enemies(s)
                                          if i != cell)
        return rival or (room and mine)

    def _play(self, s: State, seat: int, a: Play, events: list[Event]) -> None:
        hand = s.objects[seat]
        card = next(o for o in hand if self.cards[o].design == self.cards[
            self.content.by_id(a.card).index].design)
        hand.remove(card)
        s.odisc.append(card)
        c = self.cards[card]
        events.append(_ev("object_played", f"{P % seat} plays {c.name}.", seat=seat,
                          card=c.id, target=a.target))
        verb, val = c.effects[0]
        if verb == "repair":
            self.repair(s, seat, val, events, a.fix)
        elif verb == "decontaminate":
            x = self.sv(s, seat)[a.target]
            n = min(val, x[2])
            x[2] -= n
            events.append(_ev("decontaminated", f"{P % seat} removes {n} Contamination from "
                              f"{self.cards[x[0]].name}.", seat=seat, survivor=a.target, n=n))
        elif verb == "speed":
            s.speed_next[seat] += val  # spent in this Movement (MV6)
        elif verb == "tracked":
            s.chains[seat] = True
        elif verb == "enemy_damage":
            self._hit_enemy(s, seat, a.target, val, events, normal=False)
        elif verb == "anti_tank":  # #227-228: not a normal attack: no Target, but +1 Fame
            self._fame(s, seat, 1, events, c.name)
            self._hit_enemy(s, seat, a.target, val, events, normal=False)
        elif verb == "stealth":  # #225-226: no enemy touches you this phase
            s.stealth[seat] = True
        elif verb == "canned":  # #223-224: +2 Food, 1 Contamination on a survivor
            self.gain(s, seat, "food", val, events)
            if a.target >= 0:
                self._contaminate(s, seat, a.target, 1, events)
                self._bury(s, seat, events)
        elif verb == "serum":  # #233-234: up to 3 survivors of one zone lose 1 each
            code = "ARX"[a.target]
            dirty = sorted((i for i, x in enumerate(self.sv(s, seat)) if x[1] == code and x[2]),
                           key=lambda i: (-self.sv(s, seat)[i][2], i))[:val]
            for i in sorted(dirty):  # ruling: with more than 3, the most contaminated
                self.sv(s, seat)[i][2] -= 1
                events.append(_ev("decontaminated", f"{P % seat} removes 1 Contamination "
                                  f"from {self.cards[self.sv(s, seat)[i][0]].name}.", seat=seat,
                                  survivor=i, n=1))
        elif verb == "unstable":  # #231-232: Speed now, Damage after the move
            pick = val[a.target]
            s.speed_next[seat] += pick["speed"]
            s.unstable[seat] += pick["damage"]
            events.append(_ev("speed_next", f"{P % seat} has +{pick['speed']} Speed this "
                              f"Movement and will take {pick['damage']} Damage after moving.",
                              seat=seat, n=pick["speed"]))
        elif verb == "smoke":  # #229-230
            self._smoke(s, seat, a.target, events)
        elif verb == "skip_ambush":
            s.flares[seat].append(a.target)
        elif verb == "peek":
            s.peek = min(val, len(s.xdeck))
            seen = [self.cards[x].id for x in s.xdeck[:s.peek]]
            events.append(Event("peeked", {"seat": seat, "cards": list(seen)},
                                f"{P % seat} looks at "
                                + ", ".join(self.cards[x].name for x in s.xdeck[:s.peek]) + ".",
                                visible_to=(seat,), chance=True,
                                redacted=_ev("peeked", f"{P % seat} looks at the top {s.peek} "
                                             "cards of the Exploration deck.", seat=seat,
                                             cards=None)))

    # ================================================================ apply

    def apply(self, state: State, action: Action) -> tuple[State, list[Event]]:
        legal = self.legal(state)
        # a bot answers with an action of the list itself (a view shares the state's list):
        # found by identity first, so a long Exploration list is not compared field by field
        if not any(a is action for a in legal) and action not in legal:
            raise IllegalAction(self.why_illegal(state, action))
        return self.apply_unchecked(state, action)

    def apply_unchecked(self, state: State, action: Action) -> tuple[State, list[Event]]:
        s = state.fork()  # convoys and survivors are copied as the rules change them (cv, sv)
        events: list[Event] = []
        seat = s.actor
        if s.story is not None and self.story.intercept(s, action, events):
            return s, events  # Module 4: a Story option, or an action held for a Story card
        if isinstance(action, Pick) and s.phase == "offer":
            self._give_food(s, seat, action.option, events)
        elif isinstance(action, Pick):
            self._picked(s, action.option, events)
        elif isinstance(action, Answer):
            self._answer(s, seat, action.yes, events)
        elif isinstance(action, Explore):
            self._explore(s, seat, action, events)
            self._after_action(s, seat, "turn", events)
        elif isinstance(action, Pass):
            s.passed[seat] = True
            events.append(_ev("passed", f"{P % seat} passes.", seat=seat))
            self._after_turn(s, seat, events)
        elif isinstance(action, Rest):
            self._rest(s, seat, action.fed, events, action.clean, action.meal)
            self._next_actor(s, events)
        elif isinstance(action, Move):
            self._move(s, seat, action, events)
            self._after_action(s, seat, "next", events)
        elif isinstance(action, Attack):
            self._attack(s, seat, action, events)
            if s.phase != "choose":  # else the Loot's place is asked first
                self._fire_goes_on(s, seat, events)
        elif isinstance(action, Raid):  # Module 5 (P2-P6)
            self.pvp.raid(s, seat, action, events)
            if s.phase != "choose":  # else the defender places the Damage first
                self._fire_goes_on(s, seat, events)
        elif isinstance(action, Done):
            s.passed[seat] = True
            self._next_actor(s, events)
        elif isinstance(action, Order):
            top = s.xdeck[:s.peek]
            s.xdeck[:s.peek] = [top[i] for i in action.order]
            s.peek = 0
            events.append(_ev("reordered", f"{P % seat} puts the cards back.", seat=seat))
        elif isinstance(action, Shift):  # RS2 (cargo.py)
            self.cargo.shift(s, seat, action, events)
        elif isinstance(action, Drop):
            self._take(s, seat, action.token)
            events.append(_ev("dropped", f"{P % seat} throws away 1 {action.token.title()}.",
                              seat=seat, token=action.token))
        elif isinstance(action, Swap):
            s.swapped[seat] = True
            self._take(s, seat, action.give)
            self._store(s, seat, action.take)
            events.append(_ev("swapped", f"{P % seat}'s Trader swaps 1 {action.give.title()} for "
                              f"1 {action.take.title()}.", seat=seat, give=action.give,
                              take=action.take))
        elif isinstance(action, Play) and s.phase == "flare":
            self._play(s, seat, action, events)
            if not self.plays(s, seat, before_ambush=True):
                s.passed[seat] = True
                self._next_actor(s, events)
        elif isinstance(action, Play):
            self._play(s, seat, action, events)
            if s.phase == "fire":
                self._fire_goes_on(s, seat, events)
        if s.story is not None:
            self.story.settle(s, events)  # Module 4: tasks whose condition is met close
        return s, events

    def _radio(self, s: State, seat: int, events: list[Event]) -> None:
        """#242 (M2.4): at the start of its owner's shooting turn, an Active Radio Operator has
        every rival ahead (any region; boarded convoys are off the road) take 1 Damage per
        enemy in its region; convoys on its owner's space are spared. Ruling: always used, and
        the Damage goes where D1 places it."""
        if not self.ability(s, seat, "radio"):
            return
        for x in self.road_order(s):
            if x == seat or s.mile[x] <= s.mile[seat]:
                continue
            region = self.road.region(s.mile[x])
            n = sum(1 for i in self.enemies(s) if self.region_of(s, i) == region)
            if not n:
                continue
            events.append(_ev("radio", f"{P % seat}'s Radio Operator calls the raiders on "
                              f"{self.who(s, x)}.", seat=seat, target=x, n=n))
            if self.is_automa(s, x):
                self.automa.damage(s, n, events, "the Radio Operator")
            else:
                self.damage(s, x, "ALL", n, events, "the Radio Operator")
                self._bury(s, x, events)

    def _fire_goes_on(self, s: State, actor: int, events: list[Event]) -> None:
        """After a shot or an Object in a shooting turn: the turn ends when nothing is left
        to fire or play (the Automa's single shot always ends it)."""
        if s.story is not None and self.story.fire_waits(s, actor, events):
            return  # Module 4: a Story card its Miss or kill triggered is read first
        if self.is_automa(s, actor) or (not self.attacks(s, actor)
                                        and not self.plays(s, actor)
                                        and not self.pvp.raids(s, actor)):
            s.passed[actor] = True
            self._next_actor(s, events)

    def _after_action(self, s: State, seat: int, then: str, events: list[Event]) -> None:
        """D5 at the end of your Explore or Move: holding more Objects than your limit, you
        choose which to discard (one question per card too many, each offering one card of
        each kind held); then play goes on (`then`: "turn" ends an Exploration turn, "next"
        hands on)."""
        if then == "next" and s.mine_offer and self.mine.ask(s, seat, events):
            return  # the optional Mine first: its holder may use it before discarding it
        hand = s.objects[seat]
        if len(hand) > self.object_limit(s, seat):
            kinds = [i for i, o in enumerate(hand)
                     if all(self.cards[hand[j]].design != self.cards[o].design
                            for j in range(i))]
            if len(kinds) > 1:
                self._ask(s, seat, ["object_limit", then, kinds], events)
                return
            card = hand.pop()
            s.odisc.append(card)
            events.append(_ev("object_discarded", f"{P % seat} holds too many Objects and "
                              f"discards {self.cards[card].name}.", seat=seat,
                              card=self.cards[card].id))
            self._after_action(s, seat, then, events)
            return
        if then == "turn":
            self._after_turn(s, seat, events)
        else:
            self._next_actor(s, events)

    def _after_turn(self, s: State, seat: int, events: list[Event]) -> None:
        if not self.active(s, seat):
            s.passed[seat] = True
        if s.offer:
            self._next_offer(s, events, resume=seat)
            return
        self._next_actor(s, events, after=seat)

    # ---------------------------------------------------------------- offers (Events)

    def _next_offer(self, s: State, events: list[Event], resume: int | None = None) -> None:
        if s.phase != "offer":
            s.offer.append(s.phase)
            s.offer.append(resume)
            s.phase = "offer"
        card = self.cards[s.offer[0]]
        verb, spec = card.effects[0]
        cost = (("food", 1),) if verb == "emergency" else tuple(spec["cost"].items())
        while s.offer[1]:
            seat = s.offer[1][0]
            if self.can_pay(s, seat, cost):
                s.actor = seat
                s._legal = None
                return
            s.offer[1].pop(0)
        if verb == "emergency":
            self._emergency_end(s, card, spec, events)
        phase, resume = s.offer[2], s.offer[3]
        s.offer = []
        s.phase = phase
        self._next_actor(s, events, after=resume)

    def _give_food(self, s: State, seat: int, n: int, events: list[Event]) -> None:
        """#222: the Food this player throws away, +1 Fame each (even past the total)."""
        if n:
            self._take(s, seat, "food", n)
            s.message_food += n
            events.append(_ev("paid", f"{P % seat} gives {n} Food to the Aurora's crew.",
                              seat=seat, paid=[f"{n} Food"]))
            self._fame(s, seat, n, events, "the Emergency Message")
        else:
            events.append(_ev("declined", f"{P % seat} gives no Food.", seat=seat))
        s.offer[1].pop(0)
        self._next_offer(s, events)

    def _emergency_end(self, s: State, card: Card, need: int, events: list[Event]) -> None:
        """#222: with fewer than `need` Food given in all, the Aurora moves now to the red
        waypoint of the current round (not once anyone has boarded: E4)."""
        given = s.message_food
        s.message_food = 0
        if given >= need:
            events.append(_ev("event", f"{card.name}: {given} Food given; the Aurora waits.",
                              card=card.id))
            return
        r = s.round
        if s.board_round or r > len(self.road.waypoints) or \
                s.aurora >= self.road.waypoints[r - 1]:
            events.append(_ev("event", f"{card.name}: only {given} Food given, but the Aurora "
                              "stays where she is.", card=card.id))
            return
        events.append(_ev("event", f"{card.name}: only {given} Food given; the Aurora sails "
                          "on.", card=card.id))
        self._move_aurora(s, self.road.waypoints[r - 1], events)

    def _answer(self, s: State, seat: int, yes: bool, events: list[Event]) -> None:
        card = self.cards[s.offer[0]]
        spec = card.effects[0][1]
        if yes:
            self._pay(s, seat, tuple(spec["cost"].items()), events)
            self._effects(s, seat, [next(iter(e.items())) for e in spec["effects"]], events)
        else:
            events.append(_ev("declined", f"{P % seat} declines.", seat=seat))
        s.offer[1].pop(0)
        self._next_offer(s, events)

    # ---------------------------------------------------------------- exploration

    def _explore(self, s: State, seat: int, a: Explore, events: list[Event]) -> None:
        card = s.zone[a.cell]
        names = [self.cards[self.sv(s, seat)[i][0]].name for i in a.explorers]
        sent = [self.sv(s, seat)[i] for i in a.explorers]  # survivors may die on the way (D2)
        cont = [self.sv(s, seat)[i] for i in a.cont]
        clean = [self.sv(s, seat)[a.clean]] if a.clean >= 0 else []
        lose = [self.sv(s, seat)[i] for i in a.lose]

        gone_out = {id(x) for x in sent}  # `sent` holds them, so their ids stay theirs

        def explorers() -> list[int]:
            return [i for i, x in enumerate(self.sv(s, seat)) if id(x) in gone_out]

        def now(chosen: list[list[Any]]) -> list[int]:
            """The chosen survivors' places now (one may have died)."""
            return [next(i for i, x in enumerate(self.sv(s, seat)) if x is y) for y in chosen
                    if any(x is y for x in self.sv(s, seat))]

        if a.meal:  # Module 3: what each fed survivor eats (androids: any resource, an Object)
            self.crew.feed(s, seat, a.meal, events)
        else:
            for _ in a.fed:
                self._take(s, seat, "food")
        wolf = bool(s.modules) and self.crew.wolf(s, seat, a)
        if a.ration >= 0:
            hand = s.objects[seat]
            ration = next(o for o in hand if self._is(o, "ration"))
            hand.remove(ration)
            s.odisc.append(ration)
            events.append(_ev("object_played", f"{P % seat} hands out Energy Rations.",
                              seat=seat, card=self.cards[ration].id, target=a.ration))
        events.append(_ev("explored", f"{P % seat} sends {' and '.join(names)} to cell "
                          f"{a.cell + 1}" + (f", feeding {len(a.fed)}" if a.fed else "") + ".",
                          seat=seat, cell=a.cell, explorers=list(a.explorers),
                          fed=list(a.fed)))
        if wolf:  # #247: the Arctic Wolf's bonuses taken before the main action
            self.crew.bonuses(s, seat, a, True, events, explorers, lambda: now(clean))
        if a.main >= 0 and card != EMPTY:
            c = self.cards[card]
            s.zone[a.cell] = EMPTY
            if c.kind == "location":
                picks = self.gather_choices(c)[a.main]
                extra = sum(self._abil[x[0]].get("gather_extra") or 0 for x in sent)
                for tok in picks:
                    if tok == "object":
                        self.draw_object(s, seat, events)
                    else:
                        self.gain(s, seat, tok, 1, events)
                if extra:  # Scavenger: 1 more of a kind shown (yours, or the only one)
                    kind = a.take[0] if a.take else picks[0]
                    if kind == "object":
                        self.draw_object(s, seat, events)
                    else:
                        self.gain(s, seat, kind, extra, events)
                # #208 the Dog Handler: 1 more Object when she gathers
                for _ in range(sum(self._abil[x[0]].get("gather_object") or 0 for x in sent)):
                    self.draw_object(s, seat, events)
                chosen = now(cont)
                for k in range(c.radiation):  # on the explorer of your choice
                    if k < len(chosen):
                        self._contaminate(s, seat, chosen[k], 1, events)
                    elif explorers():
                        self._contaminate(s, seat, self._worst_off(s, seat, explorers()), 1,
                                          events)
                s.xdisc.append(card)
            elif c.kind in ("truck", "trailer", "device"):
                self._improve(s, seat, card, a.main, events, lose)
            elif c.kind == "survivor":
                self._recruit(s, seat, card, events)
            elif c.kind == "encounter":
                opt = c.options[a.main]
                events.append(_ev("encounter", f"{P % seat} chooses \u201c{opt.label}\u201d.",
                                  seat=seat, card=c.id, option=a.main))
                if opt.cost:
                    self._pay(s, seat, opt.cost, events, a.pay)
                self._effects(s, seat, opt.effects, events, explorers(), take=a.take, fit=a.fit)
                if any(verb == "reminder" for verb, _ in opt.effects):
                    s.reminders[seat].append(card)  # #210: by your board until you move
                else:
                    s.xdisc.append(card)
            self._slide_from(s, a.cell)
            self._refill(s, events)  # X7
        # X4: the cell's bonus (ruling: always taken, after the main action, which was
        # offered as the convoy stood when the player chose)
        z = self.content.zone[a.cell]
        if wolf:  # #247: its own cell's and its neighbours' bonuses not taken before
            self.crew.bonuses(s, seat, a, False, events, explorers, lambda: now(clean))
        else:
            self._effects(s, seat, z.alt if a.alt else z.bonus, events, explorers(),
                          clean=now(clean), fix=a.fix)
        for x in sent:
            rep = self._abil[x[0]].get("explore_repair")
            if rep:
                self.repair(s, seat, rep, events, a.fix)
        # X5: explorers are spent
        for i in explorers():
            x = self.sv(s, seat)[i]
            x[1] = "R" if self._abil[x[0]].get("rest_after_explore") else "X"
            if s.modules:  # #249: the Alpha Mutant sheds a counter to go to Rest
                self.crew.after_explore(s, seat, x, events)
        self._bury(s, seat, events)

    def _slide_from(self, s: State, cell: int) -> None:
        """X7: the cards right of a card that left slide left (enemies with their counters)."""
        for i in range(cell, 4):
            s.zone[i], s.edmg[i], s.etgt[i] = s.zone[i + 1], s.edmg[i + 1], s.etgt[i + 1]
        s.zone[4], s.edmg[4], s.etgt[4] = EMPTY, 0, [-1] * 4
        if s.modules:
            s.edef[cell:] = s.edef[cell + 1:] + [0]

    # ---------------------------------------------------------------- rest

    def _rest(self, s: State, seat: int, fed: Sequence[int], events: list[Event],
              clean: int = -1, meal: Sequence[str] = ()) -> None:
        """RS1: Rest -> Active; each Exhausted survivor is fed (Active) or goes to Rest."""
        for x in self.sv(s, seat):
            if x[1] == "R":
                x[1] = "A"
        free = self._free_meals(s, seat)
        for i, x in enumerate(self.sv(s, seat)):
            if x[1] == "X":
                if i in fed:
                    what = meal[list(fed).index(i)] if meal else "food"
                    if what != "food":  # Module 3: an android's meal
                        self.crew.feed(s, seat, [what], events)
                    elif free:
                        free -= 1
                    else:
                        self._take(s, seat, "food")
                    x[1] = "A"
                else:
                    x[1] = "R"
        for n in self.ability(s, seat, "rest_decontaminate"):
            self._effects(s, seat, [("decontaminate", n)], events,
                          clean=[clean] if clean >= 0 else [])
        s.passed[seat] = True
        events.append(_ev("rested", f"{P % seat} rests" + (f", feeding {len(fed)}" if fed
                                                            else "") + ".",
                          seat=seat, fed=list(fed)))

    # ---------------------------------------------------------------- movement

    def _move(self, s: State, seat: int, a: Move, events: list[Event]) -> None:
        if s.modules:  # Module 3: the Quartermaster Robot's Object, the Ghoul's counter
            self.crew.before_move(s, seat, a, events)
        start = s.mile[seat]
        self._drive(s, seat, a, events)
        if s.mines is not None:  # the optional Mine: its holder may lay one (mine.py)
            self.mine.after_drive(s, seat, start)
        if s.modules:
            if s.reminders[seat]:  # #210: the reminder goes once its Movement is over
                s.xdisc += s.reminders[seat]
                s.reminders[seat] = []
            n = s.unstable[seat]
            if n:  # Unstable Fuel: its Damage lands after the move (ruling: D1's order)
                s.unstable[seat] = 0
                self.damage(s, seat, "ALL", n, events, "Unstable Fuel")
                self._bury(s, seat, events)

    def _drive(self, s: State, seat: int, a: Move, events: list[Event]) -> None:
        s.passed[seat] = True
        start = s.mile[seat]
        s.speed_next[seat] = 0  # MV6: reminders are spent in this phase
        if a.to == start:
            events.append(_ev("stayed", f"{P % seat} stays on mile {start}.", seat=seat,
                              mile=start))
            return
        self._take(s, seat, "fuel", 2 if a.boost else 1)
        s.mile[seat] = a.to
        s.stamp += 1
        s.arrived[seat] = s.stamp
        events.append(_ev("moved", f"{P % seat} drives from mile {start} to mile {a.to}"
                          f"{' with the Boost' if a.boost else ''}.", seat=seat, source=start,
                          target=a.to, boost=a.boost))
        if a.to == s.aurora:  # MV5
            s.boarded.append(seat)
            if not s.board_round:
                s.board_round = s.round
            events.append(_ev("boarded", f"{P % seat} boards the Aurora!", seat=seat,
                              mile=a.to, round=s.round))
            return
        cont = a.cont
        if s.mines:  # the optional Mine: a mined space stops you and hurts (mine.py)
            sv = self.sv(s, seat)
            named = sv[cont] if 0 <= cont < len(sv) else None
            self.mine.entered(s, seat, a.to, events)
            # its Damage may kill a survivor: the one named for the space's Contamination
            # keeps it if alive, else the ruling's choice (ruling "The Mine's counters")
            cont = next((i for i, x in enumerate(self.sv(s, seat)) if x is named), -1)
        # MV4: only the space you stop on acts
        for entry in s.counters:
            if entry[0] == a.to:
                ctr = self.content.counters[entry[1]]
                events.append(_ev("waypoint", f"{P % seat} finds {ctr.name}.", seat=seat,
                                  mile=a.to, counter=ctr.id, stays=ctr.stays))
                if not ctr.stays:
                    s.counters.remove(entry)
                self._effects(s, seat, ctr.effects, events,
                              cont=[cont] if cont >= 0 else [], clean=a.clean, fix=a.fix)
                break
        if a.to in s.wrecks:
            s.wrecks.remove(a.to)
            events.append(_ev("wreck", f"{P % seat} searches the wreck on mile {a.to}.",
                              seat=seat, mile=a.to))
            self.draw_object(s, seat, events)
        if a.to in self.road.radiation and self.sv(s, seat):
            who = cont if cont >= 0 else self._worst_off(s, seat, range(len(self.sv(s, seat))))
            self._contaminate(s, seat, who, 1, events)
        self._bury(s, seat, events)

    # ---------------------------------------------------------------- fire weapons

    def _ambush_line(self, s: State, cell: int, x: int) -> list[tuple[str, Any]]:
        """The effects an enemy's ambush gives convoy x (its leader or other line)."""
        who = "leaders" if x in self.leaders(s) else "others"
        return [e for key, effects in self.cards[s.zone[cell]].ambush if key in ("all", who)
                for e in effects]

    def _ambushes(self, s: State, events: list[Event], resume: Sequence[Any] = ()) -> bool:
        """F3: each revealed enemy, cell 1 to 5, hits every road convoy in its region.
        Returns False when it stopped to ask a player a choice (a toll, or which survivor
        takes Contamination); the rules come back with `resume` = (cell, the convoy's place
        among those hit, the next effect, the revealed face, the seats whose Wolf Tamer was
        used)."""
        start, pos, first, face, used = resume if resume else (-1, 0, 0, -1, ())
        tamed: set[int] = set(used)  # Wolf Tamer: once per phase
        for cell in self.enemies(s):
            if cell < start:
                continue
            c = self.cards[s.zone[cell]]
            region = self.region_of(s, cell)
            seats = [x for x in self.road_order(s) if self.road.region(s.mile[x]) == region
                     and (x >= s.n or cell not in s.flares[x] and not s.stealth[x])
                     and (s.story is None or not self.story.skips(s, cell, x))]
            if not seats:
                continue
            if cell != start:
                events.append(_ev("ambush", f"{c.name} ambushes the "
                                  f"{self.road.regions[region][0]}.", card=c.id, cell=cell,
                                  seats=seats))
                face, pos, first = -1, 0, 0
                if c.reveal:  # one card for all its targets
                    face = self.outcome_cards[self.reveal(s, events, c.name)].face
            for k in range(pos, len(seats)):
                x = seats[k]
                line = self._ambush_line(s, cell, x)
                if self.is_automa(s, x):
                    self.automa.ambush(s, line, face, events, c.name)
                    continue
                j, extra = self._ambush_effects(s, x, line, face, events, c.name, tamed,
                                                first if k == pos else 0)
                if j >= 0:
                    self._ask_ambush(s, x, cell, k, j, face, tamed, events, extra)
                    return False
                self._bury(s, x, events)
        return True

    def _ask_ambush(self, s: State, seat: int, cell: int, k: int, j: int, face: int,
                    tamed: set[int], events: list[Event], extra: Any = None) -> None:
        verb, _ = self._ambush_line(s, cell, seat)[j]
        if extra is not None:  # ("kill", n): who dies for want of room
            self._ask(s, seat, ["ambush_kill", "ambush", list(range(len(s.surv[seat]))),
                                cell, k, j, face, sorted(tamed), extra], events)
            return
        if verb == "toll":  # 0: take the Damage; 1 + i: give RESOURCES[i]
            options = [0] + [1 + i for i, r in enumerate(RESOURCES) if self.count(s, seat, r)]
        elif verb == "weapon_hit":  # which of the strongest weapons (their index)
            options = list(range(len(self.strongest_weapons(s, seat))))
        else:
            options = self.active(s, seat)
        self._ask(s, seat, ["ambush_" + verb, "ambush", options, cell, k, j, face,
                            sorted(tamed), None], events)

    def _deaths(self, s: State, seat: int, n: int, events: list[Event]) -> bool:
        """D2: n survivors die for want of room; True when the owner must say who (fewer die
        than there are), else all die now."""
        if n and n < len(s.surv[seat]):
            return True
        for _ in range(n):
            self._kill_one(s, seat, events)
        return False

    def _ambush_choice(self, s: State, seat: int, verb: str, val: Any, pick: int,
                       tamed: set[int], name: str, events: list[Event]) -> int:
        """Resolve an ambush effect the player chose for: the toll (pay a resource, or take
        the Damage) or the survivor that takes the Contamination. Returns how many survivors
        the Damage leaves without room (whom is asked next)."""
        if verb == "contaminate":
            self._contaminate(s, seat, pick, val, events)
            return 0
        if verb == "weapon_hit":
            kills_w: list[int] = []
            self._damage_cell(s, seat, self.strongest_weapons(s, seat)[pick], events, name,
                              kills_w)
            return len(kills_w) if self._deaths(s, seat, len(kills_w), events) else 0
        if pick:
            self._take(s, seat, RESOURCES[pick - 1])
            events.append(_ev("paid", f"{P % seat} pays 1 {RESOURCES[pick - 1].title()}.",
                              seat=seat, paid=[f"1 {RESOURCES[pick - 1].title()}"]))
            return 0
        less = 0 if seat in tamed else sum(self.ability(s, seat, "ambush_less"))
        if less:
            tamed.add(seat)
        kills: list[int] = []
        self.damage(s, seat, val["area"], max(0, val["n"] - less), events, name, kills)
        return len(kills) if self._deaths(s, seat, len(kills), events) else 0

    def _ambush_effects(self, s: State, seat: int, effects: Sequence[tuple[str, Any]],
                        face: int, events: list[Event], name: str, tamed: set[int],
                        first: int = 0) -> tuple[int, Any]:
        """One convoy's ambush effects from effect `first`: (-1, None) when all are done, or
        the index of one that needs the player's choice (the rules ask, then go on from the
        next) and ("kill", n) when its Damage left n survivors without room (who dies is
        asked)."""
        # Wolf Tamer: once per phase, the first ambush that would damage you deals 1 less
        less = 0 if seat in tamed else sum(self.ability(s, seat, "ambush_less"))
        for j, (verb, val) in enumerate(effects):
            if j < first:
                continue
            if verb == "damage":
                area = self.top_back(s) if val["area"] == "OUTCOME" else val["area"]
                if face >= 0:
                    n = 0 if face == 0 else (min(face, val["cap"]) if "cap" in val
                                             else val["n"])
                else:
                    n = val["n"]
                if n and less:
                    tamed.add(seat)
                    n, less = max(0, n - less), 0
                if n:
                    kills: list[int] = []
                    self.damage(s, seat, area, n, events, name, kills)
                    if self._deaths(s, seat, len(kills), events):
                        return j, ("kill", len(kills))
            elif verb == "toll":
                if sum(self.count(s, seat, r) for r in RESOURCES):
                    return j, None  # your choice: a resource, or the Damage
                if less:
                    tamed.add(seat)
                kills = []
                self.damage(s, seat, val["area"], max(0, val["n"] - less), events, name, kills)
                less = 0
                if self._deaths(s, seat, len(kills), events):
                    return j, ("kill", len(kills))
            elif verb == "contaminate":
                pool = self.active(s, seat)
                if len(pool) > 1:
                    return j, None  # your choice of Active survivor
                if pool:
                    self._contaminate(s, seat, pool[0], val, events)
            elif verb == "contaminate_rest":  # #238 Hel: every survivor in the Rest Zone
                for i, x in enumerate(self.sv(s, seat)):
                    if x[1] == "R":
                        self._contaminate(s, seat, i, val, events)
            elif verb == "weapon_hit":  # #237 Heimdall: the strongest undamaged weapon
                best = self.strongest_weapons(s, seat)
                if len(best) > 1:
                    return j, None  # your pick among equals
                if best:
                    kills = []
                    self._damage_cell(s, seat, best[0], events, name, kills)
                    if self._deaths(s, seat, len(kills), events):
                        return j, ("kill", len(kills))
            elif verb == "damage_cards":  # #239 Thor: 1 on each of 3 different cards
                kills = []
                self._damage_cards(s, seat, val, events, name, kills)
                if self._deaths(s, seat, len(kills), events):
                    return j, ("kill", len(kills))
        return -1, None

    def strongest_weapons(self, s: State, seat: int) -> list[str]:
        """#237: the undamaged weapon cells (W or J) of the highest value, as cell refs."""
        guns = [(int(code[1:]), self.cell_ref(col, dev, k))
                for col, dev, k, code in self.weapons(s, seat)]
        top = max((v for v, _ in guns), default=0)
        return [ref for v, ref in guns if v == top]

    def _slot_of(self, s: State, seat: int, ref: str) -> tuple[Slot, int]:
        kind = "d" if "d" in ref else "v"
        col, _, k = ref.partition(kind)
        slot = self.cv(s, seat)[int(col)][1 if kind == "d" else 0]
        assert slot is not None
        return slot, int(k)

    def token_at(self, s: State, seat: int, ref: str) -> str:
        """The token a cell named by cell_ref holds ("" for none), read without a copy."""
        kind = "d" if "d" in ref else "v"
        col, _, k = ref.partition(kind)
        slot = s.convoy[seat][int(col)][1 if kind == "d" else 0]
        return str(slot[2][int(k)]) if slot is not None else ""

    def _damage_cell(self, s: State, seat: int, ref: str, events: list[Event], name: str,
                     kills: list[int] | None = None) -> None:
        """One Damage counter on a named cell (D2: its token is lost, a Survivor's moves)."""
        slot, k = self._slot_of(s, seat, ref)
        slot[1][k] = 1
        tok = slot[2][k]
        slot[2][k] = ""
        if tok == "surv" and not self._store_c(s, seat):
            self._kill_one(s, seat, events, kills=kills)
        events.append(_ev("damaged", f"{P % seat} takes 1 Damage on "
                          f"{self.cards[slot[0]].name} ({name}).", seat=seat, area="ALL", n=1))

    def _damage_cards(self, s: State, seat: int, n: int, events: list[Event], name: str,
                      kills: list[int] | None = None) -> None:
        """#239: 1 Damage on each of n different convoy cards (all of them with fewer).
        Ruling: the cards, and the cell on each, in the order of D1 (the least harmful cell
        first, front to back); a card with no undamaged cell left costs 1 Fame instead."""
        cards = [sl for col in self.cv(s, seat) for sl in col if sl is not None]
        best: list[tuple[int, int, Slot, int]] = []
        for i, sl in enumerate(cards):
            free = [(self._damage_order(sl, k), k) for k in range(len(sl[1])) if not sl[1][k]]
            if free:
                order, k = min(free)
                best.append((order, i, sl, k))
        best.sort(key=lambda x: (x[0], x[1]))
        want = min(n, len(cards))
        for _, _, sl, k in best[:want]:
            col = next(c for c, column in enumerate(self.cv(s, seat))
                       if any(x is sl for x in column))
            dev = self.cv(s, seat)[col][1] is sl
            self._damage_cell(s, seat, self.cell_ref(col, dev, k), events, name, kills)
        for _ in range(want - len(best[:want])):
            self._fame(s, seat, -1, events, "no undamaged card left")

    def _spend_incendiary(self, s: State, seat: int) -> tuple[str, int]:
        """An Incendiary Ammo from the seat's Objects paid for a shot: (what was paid, the
        damage it adds)."""
        hand = s.objects[seat]
        card = next(o for o in hand if self._is(o, "incendiary"))
        hand.remove(card)
        s.odisc.append(card)
        return "Incendiary Ammo", 1

    def _snipe(self, s: State, seat: int, a: Attack, events: list[Event]) -> None:
        """#209: the Sniper's shot: 1 Ammo (or Incendiary Ammo, +1) for its damage to an enemy
        in your region, with no Outcome card; a normal attack (+1 Fame and a Target)."""
        s.sniped[seat] = True
        bonus = 0
        if a.incendiary:
            paid, bonus = self._spend_incendiary(s, seat)
        else:
            self._take(s, seat, "ammo")
            paid = "1 Ammo"
        enemy = self.cards[s.zone[a.target]]
        events.append(_ev("attack", f"{P % seat}'s Sniper fires at {enemy.name}, paying {paid}.",
                          seat=seat, weapon="Sniper", card=enemy.id, cell=a.target))
        dmg = max(self.ability(s, seat, "snipe")) + bonus
        dmg += self._first_hit_bonus(s, seat)
        self._hit_enemy(s, seat, a.target, dmg, events, normal=True, recall=a.recall)

    def _first_hit_bonus(self, s: State, seat: int) -> int:
        """The extra damage of this phase's first normal attack on an enemy (then marked
        done): the hit bonuses of the convoy's cards, and #252's War Maiden with Module 3."""
        if s.hit_done[seat]:
            return 0
        s.hit_done[seat] = True
        bonus = int(sum(self.ability(s, seat, "hit_bonus")))
        if s.modules:
            bonus += self.crew.first_hit_bonus(s, seat)
        return bonus

    def _fire(self, s: State, seat: int, a: Attack | Raid
              ) -> tuple[list[Any], str, int, str, int]:
        """F5 (and P3): mark the weapon used this phase and pay for its shot: (its slot, its
        cell code, its value, what paid in words, +1 for Incendiary Ammo)."""
        col = self.cv(s, seat)[a.col]
        slot = col[1] if a.device else col[0]
        assert slot is not None
        code = self.code(slot, a.cell)
        s.fired[seat].append(a.col * 100 + a.device * 10 + a.cell)
        bonus = 0
        if a.incendiary:
            paid, bonus = self._spend_incendiary(s, seat)
        elif code[0] == "W":
            self._take(s, seat, "ammo")
            paid = "1 Ammo"
        else:
            i = self._junk_pay(s, seat, a.pay)
            assert i is not None
            spent = s.objects[seat].pop(i)
            s.odisc.append(spent)
            paid = self.cards[spent].name if s.modules else "an Object"
        return slot, code, int(code[1:]), paid, bonus

    def _attack(self, s: State, seat: int, a: Attack, events: list[Event]) -> None:
        if a.col < 0:
            self._snipe(s, seat, a, events)
            return
        slot, code, value, paid, bonus = self._fire(s, seat, a)
        enemy = self.cards[s.zone[a.target]]
        events.append(_ev("attack", f"{P % seat} fires {self.cards[slot[0]].name} ({code}) at "
                          f"{enemy.name}, paying {paid}.", seat=seat, weapon=code,
                          card=enemy.id, cell=a.target))
        face = self.outcome_cards[self.reveal(s, events, "the shot")].face
        if face == 0 and self.ability(s, seat, "reroll_miss") and not s.vetused[seat]:
            s.vetused[seat] = True  # Veteran: once per phase, another card after a Miss
            face = self.outcome_cards[self.reveal(s, events, "the Veteran's second look")].face
        observer = self.ability(s, seat, "miss_hit") if face == 0 else []
        if face == 0 and not observer:
            events.append(_ev("miss", f"{P % seat} misses.", seat=seat))
            if s.story is not None:  # Module 4: the "miss" trigger
                self.story.note(s, seat, "miss", {"cell": a.target}, events)
            return
        if observer:  # #207: the Observer turns the Miss into 2 damage (always taken: ruling)
            events.append(_ev("observer", f"{P % seat}'s Observer turns the Miss into "
                              f"{max(observer)} damage.", seat=seat))
            dmg = max(observer) + bonus
        else:
            dmg = min(face, value) + bonus
        dmg += self._first_hit_bonus(s, seat)
        self._hit_enemy(s, seat, a.target, dmg, events, normal=True, recall=a.recall)

    def _smoke(self, s: State, seat: int, cell: int, events: list[Event]) -> None:
        """#229-230: take off one rival's Target from this enemy (ruling: the one in the
        leftmost box) back to its owner, then place yours in the leftmost empty box."""
        boxes = s.etgt[cell]
        enemy = self.cards[s.zone[cell]]
        rival = next((b for b, owner in enumerate(boxes) if owner >= 0 and owner != seat), -1)
        if rival >= 0:
            owner = boxes[rival]
            boxes[rival] = -1
            s.targets[owner] += 1
            events.append(_ev("target_removed", f"The smoke lifts {self.who(s, owner)}'s "
                              f"Target from box {'ABCD'[rival]} of {enemy.name}.", seat=owner,
                              cell=cell, box=rival))
        self._place_target(s, seat, cell, events)

    def _hit_enemy(self, s: State, seat: int, cell: int, dmg: int, events: list[Event],
                   normal: bool, recall: int = -1) -> None:
        enemy = self.cards[s.zone[cell]]
        size = len(enemy.cells)
        dealt = min(dmg, size - s.edmg[cell])
        s.edmg[cell] += dealt
        if enemy.defense:  # M2.2: the defense cells fill first, then the ordinary ones
            s.edef[cell] = min(enemy.defense, s.edef[cell] + dealt)
        events.append(_ev("enemy_damaged", f"{enemy.name} takes {dealt} damage "
                          f"({s.edmg[cell]} of {size}).", seat=seat, card=enemy.id, cell=cell,
                          n=dealt, to=s.edmg[cell]))
        if normal and dealt >= 1:  # F5.5: a successful hit
            self._fame(s, seat, 1, events, "a hit")
            self._place_target(s, seat, cell, events, recall)
        if s.edmg[cell] >= size:
            self._destroyed(s, seat, cell, events)

    def _place_target(self, s: State, seat: int, cell: int, events: list[Event],
                      recall: int = -1) -> None:
        """F5.5: one of your Target counters in the leftmost empty box; with none in hand, one
        of yours moves from another enemy; with every box full, none."""
        enemy = self.cards[s.zone[cell]]
        boxes = s.etgt[cell]
        if not s.targets[seat] and -1 in boxes and seat not in boxes:
            self._recall_target(s, seat, cell, recall)
        if s.targets[seat] and -1 in boxes:
            box = boxes.index(-1)
            boxes[box] = seat
            s.targets[seat] -= 1
            events.append(_ev("target", f"{self.who(s, seat)} places a Target in box "
                              f"{'ABCD'[box]} of {enemy.name}.", seat=seat, cell=cell,
                              box=box))

    def _recall_target(self, s: State, seat: int, cell: int, recall: int = -1) -> None:
        """F5.5: with no Target in hand, one of yours moves from another enemy: the one you
        named, or the only one (the Automa, which never chooses: the enemy with the most
        cells still to fill, the one least likely to fall soon)."""
        others = [i for i in self.enemies(s) if i != cell and seat in s.etgt[i]]
        if not others:
            return
        src = recall if recall in others else max(
            others, key=lambda i: (len(self.cards[s.zone[i]].cells) - s.edmg[i], -i))
        boxes = s.etgt[src]
        boxes[len(boxes) - 1 - boxes[::-1].index(seat)] = -1
        s.targets[seat] += 1

    def _destroyed(self, s: State, last: int, cell: int, events: list[Event]) -> None:
        """F7: the Loot goes by the letter lottery among the Target boxes."""
        enemy = self.cards[s.zone[cell]]
        boxes = s.etgt[cell]
        owners = {b for b in boxes if b >= 0}
        if not owners:
            winner = last
        elif len(owners) == 1:
            winner = owners.pop()
        else:
            o = self.outcome_cards[self.reveal(s, events, "the Loot")]
            winner = next(boxes["ABCD".index(ch)] for ch in o.letters
                          if boxes["ABCD".index(ch)] >= 0)
        if s.story is not None:  # Module 4: the "destroyed" trigger, with who had Targets
            self.story.note(s, last, "destroyed", {"marked": sorted({b for b in boxes
                                                             if b >= 0})}, events)
        for b in boxes:
            if b >= 0:
                s.targets[b] += 1
        events.append(_ev("destroyed", f"{enemy.name} is destroyed; {self.who(s, winner)} wins "
                          "its Loot.", seat=winner, card=enemy.id, cell=cell))
        s.gone.append(s.zone[cell])
        s.zone[cell] = EMPTY
        s.edmg[cell] = 0
        s.etgt[cell] = [-1] * 4
        if s.modules:
            s.edef[cell] = 0
        stack = min(2, (s.round - 1) // 2)
        for k in [stack] + list(range(stack + 1, 3)) + list(range(stack - 1, -1, -1)):
            if s.loot[k]:
                card = s.loot[k].pop(0)
                self._take_loot(s, winner, card, events)
                break

    def _take_loot(self, s: State, seat: int, card: int, events: list[Event]) -> None:
        c = self.cards[card]
        events.append(_ev("loot", f"{self.who(s, seat)} takes the Loot {c.name}.", seat=seat,
                          card=c.id, chance=True,
                          zone="automa" if self.is_automa(s, seat) else "convoy"))
        if self.is_automa(s, seat):  # A5: into its zone
            s.aloot.append(card)
            return
        options = self.loot_choices(s, seat, card)
        if len(options) > 1 and s.phase == "fire":
            # asked now; the shooting turn goes on afterwards (stored: whose turn it was)
            self._ask(s, seat, ["loot", "fire", options, card, s.actor], events)
            return
        if options:
            self._place_loot(s, seat, card, options[0], events)
            return
        # ruling, where the game cannot stop to ask (the Automa's card in Exploration):
        # a free place first (the rear, a vehicle without a device), else the last
        choices = self.improve_choices(s, seat, card)
        free = [ch for ch in choices if not self._replaces(s, seat, card, ch)]
        where = (free or choices)[-1 if not free else 0] if choices else -1
        if c.kind == "survivor":
            held = [1 + i for i, r in enumerate(RESOURCES) if self._in_c(s, seat, r)]
            where = held[0] if held and self._room_to_free(s, seat) else 0
        self._place_loot(s, seat, card, where, events)

    def _in_c(self, s: State, seat: int, token: str) -> bool:
        return any(self.code(sl, k) == "C" and sl[2][k] == token and not sl[1][k]
                   for sl, k, _, _ in self.cells(s, seat))

    def _room_to_free(self, s: State, seat: int) -> bool:
        """A survivor Loot could join if a plain cargo cell were emptied."""
        return len(s.surv[seat]) < self.content.survivors_max and not self.free_c(s, seat)

    def loot_choices(self, s: State, seat: int, card: int) -> list[int]:
        """F7 / X6: where a Loot card may go. A trailer or device: each place it may take
        (improve_choices). A survivor with no free cargo cell: 0 lets it go, 1 + i throws
        away a RESOURCES[i] token from a plain cargo cell to make room; with a free cell,
        [0] (it joins). An empty list: the ruling decides (the Automa's turn)."""
        c = self.cards[card]
        if c.kind == "survivor":
            if self._room_to_free(s, seat):
                return [0] + [1 + i for i, r in enumerate(RESOURCES) if self._in_c(s, seat, r)]
            return [0]
        return self.improve_choices(s, seat, card)

    def _place_loot(self, s: State, seat: int, card: int, where: int,
                    events: list[Event]) -> None:
        c = self.cards[card]
        if c.kind == "survivor":
            if where > 0:
                res = RESOURCES[where - 1]
                for slot, k, _, _ in self.cells(s, seat):
                    if self.code(slot, k) == "C" and slot[2][k] == res and not slot[1][k]:
                        slot[2][k] = ""
                        events.append(_ev("dropped", f"{P % seat} throws away 1 "
                                          f"{res.title()} to make room.", seat=seat,
                                          token=res))
                        break
            if self.can_recruit(s, seat):
                self._recruit(s, seat, card, events)
            else:
                s.xdisc.append(card)
                events.append(_ev("loot_lost", f"{P % seat} has no room for {c.name}.",
                                  seat=seat, card=c.id))
            return
        self._improve(s, seat, card, where, events)

    # ---------------------------------------------------------------- end of round

    def _end_round(self, s: State, events: list[Event], resume: int = 0,
                   first: int = 0) -> None:
        """End of Round. E1 goes in Forward order: the Engineer, and the Automa's line, which
        may stop to ask you a choice; the rules then come back here from where they stopped
        (`resume` in the order, its line's effect `first`)."""
        if resume == 0 and first == 0 and s.story is not None and \
                self.story.round_ends(s, events):
            return  # Module 4: tasks due now close, and a situational card is read first
        order = self.road_order(s)
        for k in range(resume, len(order)):
            x = order[k]
            if self.is_automa(s, x):
                j = self.automa.end_line(s, events, first if k == resume else 0)
                if j >= 0:
                    self._ask_automa_end(s, k, j, events)
                    return
                continue
            if s.modules:  # #213: each undamaged end-of-round cell gives 1 Object
                for _ in range(self.undamaged_codes(s, x, "S:eor-object")):
                    self.draw_object(s, x, events)
                self._asgard_armor(s, x, events)
            n = sum(self.ability(s, x, "eor_repair"))  # the Engineer
            ways = self.repair_options(s, x, n) if n else []
            if ways:
                self._ask(s, x, ["repair", "eor", list(range(len(ways))), k, ways], events)
                return
            if n:
                self.repair(s, x, n, events)
        self._end_round_rest(s, events)

    def _asgard_armor(self, s: State, seat: int, events: list[Event]) -> None:
        """M2.3: each Asgard armor cell drops its Damage counter at End of Round (ruling:
        always: its owner never gains by keeping it)."""
        fixed = 0
        for sl, k, _, _ in self.cells(s, seat):
            if self.code(sl, k) == "G" and sl[1][k]:
                sl[1][k] = 0
                fixed += 1
        if fixed:
            events.append(_ev("repaired", f"{P % seat}'s Asgard armor mends {fixed} Damage.",
                              seat=seat, n=fixed))

    def _ask_automa_end(self, s: State, k: int, j: int, events: list[Event]) -> None:
        """The Automa's End of Round effect j asks you: throw away Ammo or lose Fame (options
        0 and 1), or which Active survivor takes the Contamination."""
        card = self.automa.card(s)
        assert card is not None
        verb, _ = card.end.effects[j]
        options = [0, 1] if verb == "toll_you" else self.active(s, 0)
        self._ask(s, 0, ["automa_" + verb, "eor", options, k, j], events)

    def _ask(self, s: State, seat: int, pending: list[Any], events: list[Event]) -> None:
        """Put a choice to `seat`: pending is [kind, where to resume, options, ...]."""
        s.pending = [*pending[:2], s.phase, *pending[2:]]
        s.phase = "choose"
        s.actor = seat
        events.append(_ev("asked", f"{P % seat} must choose {self.pending_text(s)}.",
                          seat=seat, kind=pending[0]))

    def pending_text(self, s: State) -> str:
        kind = s.pending[0] if s.pending else ""
        return {"ambush_kill": "which survivor dies in the wreckage (no room for its token)",
                "loot": "where the Loot goes", "repair": "which Damage the Engineer repairs",
                "ambush_toll": "whether to give a resource or take the ambush's Damage",
                "ambush_contaminate": "which Active survivor takes the ambush's "
                                      "Contamination",
                "ambush_weapon_hit": "which of your strongest weapons takes Heimdall's "
                                     "Damage",
                "object_limit": "which Object to discard (too many held)",
                "mine": "whether to lay a mine, and on which space passed",
                "automa_toll_you": "whether to throw away Ammo or lose Fame (the Automa's "
                                   "card)",
                "automa_contaminate_you": "which Active survivor takes the Automa's "
                                          "Contamination"}.get(kind, "") \
            or self.pvp.PENDING.get(kind, "")

    def pick_text(self, s: State, option: int) -> str:
        """What Pick(option) does, in a player's words (for the buttons and the Hint)."""
        if s.phase == "offer":  # the Emergency Message: Food given
            return f"Give {option} Food (+{option} Fame)" if option else "Give no Food"
        kind = s.pending[0] if s.pending else ""
        seat = s.actor
        if kind.startswith("pvp_"):
            return self.pvp.pick_text(s, kind, option)
        if kind in ("ambush_contaminate", "automa_contaminate_you", "ambush_kill"):
            return str(self.cards[s.surv[seat][option][0]].name)
        if kind == "object_limit":
            return f"Discard {self.cards[s.objects[seat][option]].name}"
        if kind == "mine":
            return self.mine.text(option)
        if kind == "ambush_weapon_hit":
            return "Damage " + self.cell_words(s, seat, self.strongest_weapons(s, seat)[option])
        if kind == "ambush_toll":
            if option == 0:
                _, val = self._ambush_line(s, s.pending[4], seat)[s.pending[6]]
                return f"Take {val['n']} Damage to {val['area']}"
            return f"Give 1 {RESOURCES[option - 1].title()}"
        if kind == "automa_toll_you":
            return "Throw away 1 Ammo" if option == 0 else "Lose 1 Fame"
        if kind == "repair":
            return "Repair " + ", ".join(self.cell_words(s, seat, ref)
                                         for ref in s.pending[5][option])
        if kind == "loot":
            c = self.cards[s.pending[4]]
            if c.kind == "survivor":
                return "Let it go" if option == 0 else \
                    f"Throw away 1 {RESOURCES[option - 1].title()} for room"
            cv = s.convoy[seat]
            if c.kind == "truck":
                return "Replace your truck"
            if c.kind == "trailer":
                if option >= len(cv):
                    return "Join at the rear"
                old = cv[option][0]
                assert old is not None
                return f"Replace {self.cards[old[0]].name}"
            on = cv[option][0]
            assert on is not None
            dev = cv[option][1]
            return f"On {self.cards[on[0]].name}" + (
                f", replacing {self.cards[dev[0]].name}" if dev is not None else "")
        return f"Option {option}"

    def _picked(self, s: State, pick: int, events: list[Event]) -> None:
        kind, where, phase, options, *rest = s.pending
        s.pending = []
        s.phase = phase
        seat = s.actor
        if kind.startswith("pvp_"):  # Module 5's choices (pvp.py)
            self.pvp.picked(s, kind, options, rest, pick, events)
            return
        if where == "ambush":
            cell, k, j, face, used, extra = rest
            tamed = set(used)
            line = self._ambush_line(s, cell, seat)
            verb, val = line[j]
            name = self.cards[s.zone[cell]].name
            if extra is not None:  # who dies: this one, then maybe more to say
                self._kill_one(s, seat, events, [self.sv(s, seat)[pick]])
                dead = extra[1] - 1
            else:
                dead = self._ambush_choice(s, seat, verb, val, pick, tamed, name, events)
            if dead and self._deaths(s, seat, dead, events):
                self._ask_ambush(s, seat, cell, k, j, face, tamed, events, ("kill", dead))
                return
            nxt, more = self._ambush_effects(s, seat, line, face, events, name, tamed, j + 1)
            if nxt >= 0:
                self._ask_ambush(s, seat, cell, k, nxt, face, tamed, events, more)
                return
            self._bury(s, seat, events)
            if self._ambushes(s, events, (cell, k + 1, 0, face, sorted(tamed))):
                self._next_actor(s, events)
            return
        if kind == "repair":  # the Engineer's, at End of Round
            k, ways = rest
            self.repair(s, seat, len(ways[pick]), events, ways[pick])
            self._end_round(s, events, k + 1)
            return
        if kind == "loot":
            card, actor = rest
            self._place_loot(s, seat, card, pick, events)
            s.actor = actor
            self._fire_goes_on(s, actor, events)
            return
        if kind == "mine":  # the optional Mine, after a move (mine.py)
            self.mine.picked(s, seat, pick, events)
            self._after_action(s, seat, where, events)
            return
        if kind == "object_limit":
            hand = s.objects[seat]
            gone = hand.pop(pick)
            s.odisc.append(gone)
            events.append(_ev("object_discarded", f"{P % seat} holds too many Objects and "
                              f"discards {self.cards[gone].name}.", seat=seat,
                              card=self.cards[gone].id))
            self._after_action(s, seat, where, events)
            return
        if kind.startswith("automa_"):
            acard = self.automa.card(s)
            assert acard is not None
            k, j = rest
            _, val = acard.end.effects[j]
            if kind == "automa_toll_you":
                self.automa.pay_toll(s, val, pick == 0, events, acard.name)
            else:
                self._contaminate(s, 0, pick, val, events)
                self._bury(s, 0, events)
            if where == "eor":
                self._end_round(s, events, k, j + 1)
            return
        raise ValueError(f"no rule resumes after {kind}")

    def _end_round_rest(self, s: State, events: list[Event]) -> None:
        """End of Round from E2 on."""
        if s.modules:  # E2 (M2.2): the defense cells of surviving Asgard enemies empty
            for cell in self.enemies(s):
                if s.edef[cell]:
                    enemy = self.cards[s.zone[cell]]
                    s.edmg[cell] -= s.edef[cell]
                    events.append(_ev("enemy_mended", f"{enemy.name}'s defense cells mend "
                                      f"{s.edef[cell]} damage.", card=enemy.id, cell=cell,
                                      n=s.edef[cell], to=s.edmg[cell]))
                    s.edef[cell] = 0
        # E3: enemies whose region lies wholly behind every road convoy leave
        road = self.road_order(s)
        if road:
            low = min(self.road.region(s.mile[x]) for x in road)
            for cell in self.enemies(s):
                if self.region_of(s, cell) < low:
                    c = self.cards[s.zone[cell]]
                    for b in s.etgt[cell]:
                        if b >= 0:
                            s.targets[b] += 1
                    s.gone.append(s.zone[cell])
                    s.zone[cell] = EMPTY
                    events.append(_ev("left_behind", f"{c.name} is left behind.", card=c.id,
                                      cell=cell))
        # E4: the Aurora
        r = s.round
        if not s.board_round and r <= len(self.road.waypoints):
            target = self.road.waypoints[r - 1]
            if s.aurora < target:
                self._move_aurora(s, target, events)
        # E5: last call
        if r >= self.content.rounds or (s.board_round and s.board_round < r) or \
                not self.road_order(s):
            self._finish(s, events)
            return
        if s.board_round == r:
            events.append(_ev("last_call", "Last call: one more round, and the others may "
                              "still board.", round=r))
        # E6: the surplus, then slide left (the refill waits for the next Exploration)
        limit = self.pvp.surplus(s) if "pvp" in s.modules else self.content.surplus[s.n]
        cards = [i for i, z in enumerate(s.zone)
                 if z != EMPTY and self.cards[z].kind != "enemy"]
        for i in cards[:max(0, len(cards) - limit)]:
            s.xdisc.append(s.zone[i])
            events.append(_ev("surplus", f"{self.cards[s.zone[i]].name} is discarded from "
                              f"cell {i + 1}.", card=self.cards[s.zone[i]].id, cell=i))
            s.zone[i] = EMPTY
        self._slide(s)
        if s.story is not None:  # E7: the top Story card is discarded
            self.story.discard_top(s, events)
        s.round += 1
        self._start_round(s, events)

    def _move_aurora(self, s: State, target: int, events: list[Event]) -> None:
        events.append(_ev("aurora", f"The Aurora moves from mile {s.aurora} to mile {target}.",
                          source=s.aurora, target=target))
        s.aurora = target
        # nobody passes the Aurora: a convoy it moved behind stays where it is (ruling)

    def _finish(self, s: State, events: list[Event]) -> None:
        if s.story is not None:  # Module 4: open tasks fail, tasks for all are scored
            self.story.game_ends(s, events)
        s.phase = "over"
        o = self.outcome(s)
        assert o is not None
        rival = f", the Automa {o.details['automa']}" if s.level else ""
        events.append(_ev("game_over", "The game is over: " + ", ".join(
            f"{P % x} {o.scores[x]}" for x in range(s.n)) + rival + " Fame.",
                          scores=list(o.scores), places=list(o.places)))

    # ================================================================ scoring

    def scores(self, s: State) -> list[dict[str, int]]:
        """W1, in parts per seat."""
        c = self.content
        rear = min(s.mile)
        anyone = bool(s.boarded)
        out = []
        for x in range(s.n):
            stars = sum(int(self.code(sl, k)[2:]) for sl, k, _, _ in self.cells(s, x)
                        if self.code(sl, k).startswith("S★") and not sl[1][k])
            if s.modules:  # #246: 1 Fame per Asgard armor cell (max 2) while undamaged
                armor = sum(1 for sl, k, _, _ in self.cells(s, x) if self.code(sl, k) == "G")
                stars += min(2, armor) * self.undamaged_codes(s, x, "S:asgard")
            # V4: convoys aboard are ahead in boarding order (ruling "Boarding order")
            after = len(s.boarded) - 1 - s.boarded.index(x) if x in s.boarded else 0
            parts = {"track": s.fame[x], "distance": c.per_mile * (s.mile[x] - rear)
                     + c.boarding_order * max(0, after - 1),
                     "cells": stars, "survivors": 0, "condition": 0}
            if anyone:
                if x in s.boarded:
                    parts["survivors"] = c.per_survivor_aboard * len(s.surv[x])
            else:
                parts["condition"] = c.per_clean_card * sum(
                    1 for col in s.convoy[x] for sl in col if sl and not any(sl[1]))
            out.append(parts)
        return out

    def outcome(self, s: State) -> Outcome | None:
        """W2. Solo (A7): you against the Automa, place 1 if you beat it, 2 if it wins (it
        wins a full tie); its score is in the details."""
        if s.phase != "over":
            return None
        parts = self.scores(s)
        totals = [sum(p.values()) for p in parts]

        def ahead(x: int) -> int:  # boarded first in boarding order, then by mile
            return -(100 - s.boarded.index(x)) * 1000 if x in s.boarded else -s.mile[x]

        if s.level:
            me = s.n
            rival = self.automa.score(s)
            total = sum(rival.values())
            mine = (-totals[0], ahead(0), -len(s.surv[0]), self.damage_count(s, 0))
            its = (-total, ahead(me), -s.asurv, s.admg)
            tiebreak = ""
            if totals[0] == total:
                tiebreak = next((name for i, name in ((1, "further ahead"),
                                                      (2, "more survivors"),
                                                      (3, "fewer Damage")) if mine[i] != its[i]),
                                "a full tie goes to the Automa")
            return Outcome(places=(1 if mine < its else 2,), scores=(totals[0],),
                           tiebreak=tiebreak,
                           details={"parts": [dict(parts[0])], "boarded": list(s.boarded),
                                    "automa": total, "automa_parts": dict(rival),
                                    "level": s.level})

        keys = [(-totals[x], ahead(x), -len(s.surv[x]), self.damage_count(s, x))
                for x in range(s.n)]
        places = tuple(1 + sum(1 for y in range(s.n) if keys[y] < keys[x]) for x in range(s.n))
        best = min(keys)
        tied = [x for x in range(s.n) if totals[x] == -best[0]]
        tiebreak = ""
        if len(tied) > 1:
            ks = [keys[x] for x in tied]
            for i, name in ((1, "further ahead"), (2, "more survivors"), (3, "fewer Damage")):
                if len({k[:i + 1] for k in ks}) > len({k[:i] for k in ks}):
                    tiebreak = name
                    break
        return Outcome(places=places, scores=tuple(totals), tiebreak=tiebreak,
                       details={"parts": [dict(p) for p in parts],
                                "boarded": list(s.boarded)})

    # ================================================================ views

    def view(self, s: State, seat: int | None) -> State:
        """Hidden: deck orders, cards removed unseen, rivals' Objects, the next Outcome face
        (its back is public). The view shares the convoys and survivors with the state, as
        a state made by `apply` does (State.fork): both copy them before changing them."""
        v = s.fork()
        v.rng = 0
        v.shown_back = self.top_back(s)
        v.xdeck = [-self.cards[x].period if x >= 0 else x for x in s.xdeck]  # (a view's too)
        if s.peek and seat == s.actor:  # the Binoculars' cards, seen by their player only
            v.xdeck[:s.peek] = s.xdeck[:s.peek]
        v.removed = [-self.cards[x].period if x >= 0 else x for x in s.removed]
        v.odeck = [UNKNOWN] * len(s.odeck)
        v.outdeck = [UNKNOWN] * len(s.outdeck)
        v.loot = [[UNKNOWN] * len(x) for x in s.loot]
        v.objects = [list(o) if x == seat else [UNKNOWN] * len(o)
                     for x, o in enumerate(s.objects)]
        v.adeck = [UNKNOWN] * len(s.adeck)  # the Automa's cards to come
        v.aobjects = [UNKNOWN] * len(s.aobjects)  # face down in its zone
        if s.story is not None:  # Module 4: the Story decks' order, the Automa's cards
            v.story = self.story.view(s)
        # the actor's choices never depend on what the view hides: work them out once, on
        # the state, for both (the simulator asks the view, then checks against the state)
        if seat == s.actor and s.phase != "over" and s._legal is None:
            s._legal = self._legal(s)
        v._legal = s._legal
        return v

    def determinize(self, view: State, seat: int, rng_seed: int) -> State:
        """A full state consistent with `view`: each unseen pool reshuffled on its own (the
        convoys and survivors shared with the view until changed, as in State.fork)."""
        s = view.fork()
        r = rng.seed_state(rng_seed)
        known = set(s.zone) | set(s.xdisc) | set(s.gone) | {x for x in s.xdeck if x >= 0}
        known |= {x[0] for sv in s.surv for x in sv}
        known |= {sl[0] for cv in s.convoy for col in cv for sl in col if sl}
        if s.story is not None:  # the real cards under Module 4's combined convoy cards
            known |= self.story.hosts(s)
        pools = self._pools if not s.modules else self.pools(s.modules)
        for period in (1, 2, 3):
            pool = [x for x in pools[period] if x not in known]
            if -period not in view.xdeck and -period not in view.removed:
                # nothing of this Period is hidden: its two shuffles would deal nothing, so
                # only the generator moves on, as far as they would have moved it
                r = _shuffled_state(_shuffled_state(r, len(pool)), len(pool))
                continue
            pool, r = rng.shuffled(r, pool)
            # removed cards are orange-plus ones: deal those first from the plus cards
            n_out = sum(1 for x in view.removed if x == -period)
            if "pvp" in s.modules:  # P1: an enemy too (pvp.py)
                out, rest = self.pvp.deal_removed(pool, n_out)
            else:
                plus = [x for x in pool if self.cards[x].plus]
                rest = [x for x in pool if not self.cards[x].plus]
                out, plus = plus[:n_out], plus[n_out:]
                rest += plus
            rest, r = rng.shuffled(r, rest)
            s.removed = [x for x in s.removed if x >= 0 or x != -period] + out
            s.xdeck = [rest.pop() if x == -period else x for x in s.xdeck]
        s.removed = [x for x in s.removed if x >= 0]
        for k in range(3):
            pool = [x for x in self.loot_stacks(s.modules)[k] if x not in known]
            if not view.loot[k]:  # an empty stack: as above
                r = _shuffled_state(r, len(pool))
                s.loot[k] = []
                continue
            pool, r = rng.shuffled(r, pool)
            s.loot[k] = pool[:len(view.loot[k])]
        held = {o for objs in s.objects for o in objs if o >= 0} | set(s.odisc)
        pool = [x for x in (self._object_pool if not s.modules
                            else self.object_cards(s.modules))
                + ([self.mine.card] if s.mines is not None else []) if x not in held]
        pool, r = rng.shuffled(r, pool)
        for x in range(s.n):
            s.objects[x] = [pool.pop() if o == UNKNOWN else o for o in s.objects[x]]
        s.aobjects = [pool.pop() for _ in s.aobjects]
        unseen = [i for i in range(len(self.content.automa.cards))
                  if i not in s.adisc and i != s.acard]
        s.adeck, r = rng.shuffled(r, unseen) if s.level else ([], r)
        s.odeck = pool[:len(view.odeck)]
        pool = [i for i in self.outcome_deck(s.modules) if i not in s.outdisc]
        pool, r = rng.shuffled(r, pool)
        if view.shown_back:
            for i, o in enumerate(pool):
                if self.outcome_cards[o].back == view.shown_back:
                    pool[0], pool[i] = pool[i], pool[0]
                    break
        s.outdeck = pool[:len(view.outdeck)]
        if s.story is not None:
            r = self.story.determinize(s, r)
        s.rng = r
        s._legal = None
        return s

    def fingerprint(self, s: State) -> str:
        return hashlib.sha256(repr(s.fields()).encode()).hexdigest()[:16]

    # ================================================================ text

    def action_text(self, action: Action) -> str:
        return str(action)

    def parse_action(self, text: str) -> Action:
        t = text.strip()
        word, _, rest = t.partition(" ")
        try:
            if word == "pass" and not rest:
                return Pass()
            if word == "done" and not rest:
                return Done()
            if word in ("yes", "no") and not rest:
                return Answer(word == "yes")
            if word == "pick":
                return Pick(int(rest))
            if word == "cancel" and not rest:
                return Cancel()
            if word == "story":  # Module 4: "story 1 c1 extra pfuel,food w2 keep"
                option, *extra = rest.split(" ")
                flags = [w for w in extra if w in ("extra", "keep")]
                opts = _extras([w for w in extra if w not in flags], "cpw")
                return StoryOption(int(option), int(opts.get("c", "0")), "extra" in flags,
                                   tuple(opts["p"].split(",")) if "p" in opts else (),
                                   int(opts.get("w", "-1")), "keep" in flags)
            if word == "rest":
                fed, *extra = rest.split(" ")
                opts = _extras(extra, "km")
                return Rest(() if fed == "-" else _ints(fed), int(opts.get("k", "-1")),
                            tuple(opts["m"].split(",")) if "m" in opts else ())
            if word == "move":
                to, *extra = rest.split(" ")
                boost = bool(extra) and extra[0] == "boost"
                opts = _extras(extra[1:] if boost else extra, "ckxq")
                return Move(int(to), boost, int(opts.get("c", "-1")),
                            _ints(opts["k"]) if "k" in opts else (),
                            tuple(opts["x"].split(",")) if "x" in opts else (),
                            opts.get("q", ""))
            if word == "explore":
                cell, ex, fed, main, *extra = rest.split(" ")
                alt = "alt" in extra
                if alt:
                    extra.remove("alt")
                opts = _extras(extra, "rcptkfxlbm")
                return Explore(int(cell), _ints(ex), () if fed == "-" else _ints(fed),
                               int(main), int(opts.get("r", "-1")), alt,
                               _ints(opts["c"]) if "c" in opts else (),
                               tuple(opts["p"].split(",")) if "p" in opts else (),
                               tuple(opts["t"].split(",")) if "t" in opts else (),
                               int(opts.get("k", "-1")), opts.get("f", ""),
                               tuple(opts["x"].split(",")) if "x" in opts else (),
                               _ints(opts["l"]) if "l" in opts else (),
                               _ints(opts["b"]) if "b" in opts else (),
                               tuple(opts["m"].split(",")) if "m" in opts else ())
            if word == "attack":
                where, target, *extra = rest.split(" ")
                kind = "d" if "d" in where else "v"
                col, _, cell = where.partition(kind)
                if where == "sniper":
                    col, kind, cell = "-1", "v", "0"
                inc = "incendiary" in extra
                if inc:
                    extra.remove("incendiary")
                recall = next((x for x in extra if x.startswith("from")), None)
                if recall is not None:
                    extra.remove(recall)
                opts = _extras(extra, "p")
                return Attack(int(col), kind == "d", int(cell), int(target), inc,
                              opts.get("p", ""), int(recall[4:]) if recall else -1)
            if word == "raid":  # Module 5
                where, rival, *extra = rest.split(" ")
                kind = "d" if "d" in where else "v"
                col, _, cell = where.partition(kind)
                inc = "incendiary" in extra
                if inc:
                    extra.remove("incendiary")
                opts = _extras(extra, "p")
                return Raid(int(col), kind == "d", int(cell), int(rival), inc,
                            opts.get("p", ""))
            if word == "shift":  # RS2: "shift 0v2 1v0"
                source, target = rest.split(" ")
                if not source or not target:
                    raise ValueError
                return Shift(source, target)
            if word == "drop":
                if rest not in RESOURCES:
                    raise ValueError
                return Drop(rest)
            if word == "swap":
                give, take = rest.split(" ")
                if give not in RESOURCES or take not in RESOURCES:
                    raise ValueError
                return Swap(give, take)
            if word == "order":
                return Order(tuple(int(x) for x in rest.split(",")))
            if word == "play":
                card, target, *extra = rest.split(" ")
                if not card.isdigit() or len(card) != 3:
                    raise ValueError
                opts = _extras(extra, "x")
                return Play(card, int(target),
                            tuple(opts["x"].split(",")) if "x" in opts else ())
        except ValueError:
            pass
        raise ValueError(f"not a Last Aurora action: {text!r}")

    def motions(self, event: Event) -> list[Motion]:
        """What `event` did on the table (see motions.py)."""
        return self._motions(event)

    def waiting_for(self, s: State) -> str:
        if s.phase == "over":
            return "the game is over"
        who = P % s.actor
        if s.peek:
            return f"{who} to put back the cards seen through the Binoculars"
        if s.phase == "story":
            return self.story.waiting(s)
        return {
            "explore": f"{who} to explore a cell or pass",
            "rest": f"{who} to rest (moving cargo first, if they like)",
            "move": f"{who} to move",
            "fire": f"{who} to fire a weapon or end the shooting turn",
            "flare": f"{who} to fire a Flare Gun before the ambushes, or go on",
            "offer": f"{who} to give Food for the Emergency Message"
            if s.offer and self._is(s.offer[0], "emergency")
            else f"{who} to accept or decline the offer",
            "choose": f"{who} to choose {self.pending_text(s)}",
        }[s.phase]

    def why_illegal(self, s: State, action: Action) -> str:
        if s.phase == "over":
            return "The game is over."
        waiting = self.waiting_for(s)
        if s.peek:
            return f"First {waiting}."
        if isinstance(action, Order):
            return f"Not now: {waiting}."
        if isinstance(action, StoryOption) or s.phase == "story":
            if s.phase != "story":
                return f"No Story card is being read: {waiting}."
            if not isinstance(action, StoryOption):
                return f"First {waiting}."
            return f"That option can't be taken: {waiting} (its cost must be paid on top of " \
                   "what your action spends, and a card to tuck it under must be there)."
        if isinstance(action, Cancel):
            return "Only in a solo game, in your own turn, with a Story card in the Automa's " \
                   "zone to throw away."
        if isinstance(action, Pick) or s.phase == "choose":
            if s.phase != "choose":
                return f"Nothing to choose now: {waiting}."
            if not isinstance(action, Pick):
                return f"First {waiting}."
            return f"That is not one of the options: {waiting}."
        if isinstance(action, Drop):
            return "Tokens are thrown away in your Exploration or Rest turn, and only ones " \
                   "you hold."
        if isinstance(action, Shift):
            return self.cargo.why(s, s.actor, action)
        if isinstance(action, Swap):
            return "Only an Active Trader swaps, once per Exploration phase, a resource you " \
                   "hold for one that fits."
        if isinstance(action, Play):
            if not any(self.cards[o].id == action.card or self.cards[o].design ==
                       action.card for o in s.objects[s.actor]):
                return "You don't hold that Object."
            return "That Object can't be played now: each is played in your own turn, in " \
                   "the phase it names, and only where it does something."
        phase_of = {Explore: "explore", Pass: "explore", Rest: "rest", Move: "move",
                    Attack: "fire", Done: "fire", Answer: "offer", Raid: "fire"}
        if phase_of[type(action)] != s.phase:
            return f"Not now: {waiting}."
        seat = s.actor
        if isinstance(action, Explore):
            if not 0 <= action.cell < 5:
                return "The zone has cells 1 to 5."
            if any(i not in self.active(s, seat) for i in action.explorers):
                return "Only Active survivors can explore."
            if len(action.explorers) > self.content.explorers_max:
                return "At most 2 survivors explore together."
            need = self.content.zone[action.cell].value
            got = sum(self.value(s, seat, i, i in action.fed) for i in action.explorers) \
                + (2 if action.ration in action.explorers else 0)
            if got < need:
                return f"Cell {action.cell + 1} needs a value of {need}; these explorers " \
                       f"bring {got}."
            if len(action.fed) > self.count(s, seat, "food"):
                return "Each meal costs 1 Food, and you don't have enough."
            return "That card's main action can't be taken that way now."
        if isinstance(action, Move):
            if action.to != s.mile[seat] and not self.count(s, seat, "fuel"):
                return "Moving costs 1 Fuel, and you have none."
            if action.boost:
                return "The Boost costs a 2nd Fuel and must reach further than your Speed."
            return "That space is beyond your Speed (or beyond the Aurora)."
        if isinstance(action, Raid):
            return "That weapon can't fire at that convoy now (used, damaged or unpaid; a " \
                   "rival is a target only on the road in your region, with Player vs. Player " \
                   "on)."
        if isinstance(action, Attack):
            return "That weapon can't fire at that enemy now (used, damaged, unpaid, or the " \
                   "enemy is not in your region)."
        if isinstance(action, Rest):
            return "Feeding costs 1 Food per survivor, and only Exhausted survivors are fed."
        return f"Not now: {waiting}."
