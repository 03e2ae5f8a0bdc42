"""Last Aurora's game state and actions (the base game; docs/rules/last-aurora.md).

Cards are indexes into `Content.cards`. A convoy is a list of columns, the truck's first: each
column is a vehicle and an optional device, and each of those is a `Slot` list
`[card, damage, tokens]` (per cell: 1 if the cell holds a Damage counter; the token a cargo
cell holds: "fuel", "food", "ammo", "surv" or ""). Survivors are `[card, zone, contamination]`
with zone "A" (Active), "R" (Rest) or "X" (Exhausted). In a view, cards a seat may not see are
negative: -1 an unknown card, -p an Exploration or enemy card of Period p (its back).

Solo (`level` set): the Automa is convoy number `n` (so 1). The per-convoy lists (`mile`,
`arrived`, `fame`, `targets`, `passed`, `speed_all`) have n + 1 entries, `order` and `boarded`
may hold it, and Target boxes hold it like a seat; the per-seat lists (`convoy`, `surv`,
`objects` and the rest) have n. Its board is `aspeed`, `asurv`, `admg`; its zone holds the
Object cards `aobjects` (face down) and the Loot `aloot`; `acard` is its action card this round
(an index into `Content.automa.cards`, -1 before the first).
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

UNKNOWN = -1
OWN_SURV = 16  # State._own: the bit of seat x's survivors is OWN_SURV + x
EMPTY = -1  # a zone cell without a card

PHASES = ("explore", "rest", "move", "flare", "fire", "offer", "choose", "over")


@dataclass(frozen=True, slots=True)
class Explore:
    """Send `explorers` (indexes into your survivors) to zone `cell` (0-4), feeding those in
    `fed`; `main` picks the card's main action (-1: take only the cell's bonus); `ration`
    gives one explorer Energy Rations.

    The choices the card leaves you are part of the action, set only where there is more than
    one way: `cont` the survivor that takes each Contamination counter, `pay` the resources
    (or Object card numbers) paid for a cost of "any", `take` the resources chosen for a gain
    of "your choice" (or the kind the Scavenger adds), `clean` the survivor the cell's other
    bonus cleans, `fit` the card taken from the discard pile and its place ("009@1"), `fix`
    the damaged cells repaired ("0v1": column 0, its vehicle, cell 1; "1d0": a device),
    `lose` the survivors who die when an installed card leaves Survivor tokens no room.
    Module 3 (crew.py): `early` the cells whose bonus the Arctic Wolf takes before the main
    action, `meal` what each fed survivor eats (one entry per `fed`: "food", "fuel", "ammo"
    or an Object card's number; empty: Food for all)."""

    cell: int
    explorers: tuple[int, ...]
    fed: tuple[int, ...] = ()
    main: int = -1
    ration: int = -1  # the explorer given Energy Rations (+2 value), or -1
    alt: bool = False  # take the cell's other bonus
    cont: tuple[int, ...] = ()
    pay: tuple[str, ...] = ()
    take: tuple[str, ...] = ()
    clean: int = -1
    fit: str = ""
    fix: tuple[str, ...] = ()
    lose: tuple[int, ...] = ()
    early: tuple[int, ...] = ()
    meal: tuple[str, ...] = ()

    def __str__(self) -> str:
        fed = ",".join(map(str, self.fed)) or "-"
        return (f"explore {self.cell} {','.join(map(str, self.explorers))} {fed} {self.main}"
                + (f" r{self.ration}" if self.ration >= 0 else "") + (" alt" if self.alt else "")
                + (f" c{','.join(map(str, self.cont))}" if self.cont else "")
                + (f" p{','.join(self.pay)}" if self.pay else "")
                + (f" t{','.join(self.take)}" if self.take else "")
                + (f" k{self.clean}" if self.clean >= 0 else "")
                + (f" f{self.fit}" if self.fit else "")
                + (f" x{','.join(self.fix)}" if self.fix else "")
                + (f" l{','.join(map(str, self.lose))}" if self.lose else "")
                + (f" b{','.join(map(str, self.early))}" if self.early else "")
                + (f" m{','.join(self.meal)}" if self.meal else ""))


@dataclass(frozen=True, slots=True)
class Pass:
    def __str__(self) -> str:
        return "pass"


@dataclass(frozen=True, slots=True)
class Rest:
    """Feed the Exhausted survivors in `fed` (they go Active; the others go to Rest);
    `clean` is the survivor the Medic cleans, where there is a choice; `meal` what each fed
    survivor eats (Module 3's androids, as Explore's)."""

    fed: tuple[int, ...] = ()
    clean: int = -1
    meal: tuple[str, ...] = ()

    def __str__(self) -> str:
        return "rest " + (",".join(map(str, self.fed)) or "-") + (
            f" k{self.clean}" if self.clean >= 0 else "") + (
            f" m{','.join(self.meal)}" if self.meal else "")


@dataclass(frozen=True, slots=True)
class Move:
    """Stop on mile `to` (your own mile: stay, paying nothing); `boost` pays the 2nd Fuel.
    Where the space gives a choice: `cont` the survivor that takes its Contamination, `clean`
    the survivors the Clinic cleans (one entry per counter), `fix` the cells the Workshop
    repairs (as Explore's). `robot` is the Object card (its number) fed to Module 3's
    Quartermaster Robot for its Speed."""

    to: int
    boost: bool = False
    cont: int = -1
    clean: tuple[int, ...] = ()
    fix: tuple[str, ...] = ()
    robot: str = ""

    def __str__(self) -> str:
        return (f"move {self.to}{' boost' if self.boost else ''}"
                + (f" c{self.cont}" if self.cont >= 0 else "")
                + (f" k{','.join(map(str, self.clean))}" if self.clean else "")
                + (f" x{','.join(self.fix)}" if self.fix else "")
                + (f" q{self.robot}" if self.robot else ""))


@dataclass(frozen=True, slots=True)
class Attack:
    """Fire the weapon in cell `cell` of column `col` (`device`: the column's device) at the
    enemy in zone cell `target`; `col` -1 is the Sniper's shot (#209), with no weapon."""

    col: int
    device: bool
    cell: int
    target: int
    incendiary: bool = False  # pay with Incendiary Ammo instead of 1 Ammo (W weapons only)
    pay: str = ""  # a junk weapon: the Object card number paid, where there is a choice
    recall: int = -1  # with no Target in hand: the zone cell whose Target of yours moves

    def __str__(self) -> str:
        if self.col < 0:  # the Sniper's shot (#209): no weapon cell
            return (f"attack sniper {self.target}" + (" incendiary" if self.incendiary else "")
                    + (f" from{self.recall}" if self.recall >= 0 else ""))
        return (f"attack {self.col}{'d' if self.device else 'v'}{self.cell} {self.target}"
                + (" incendiary" if self.incendiary else "")
                + (f" p{self.pay}" if self.pay else "")
                + (f" from{self.recall}" if self.recall >= 0 else ""))


@dataclass(frozen=True, slots=True)
class Raid:
    """Player vs. Player (Module 5, P2-P3): fire the weapon in cell `cell` of column `col`
    (`device`: the column's device) at the rival convoy `rival`, a road convoy in your
    region; paid like a shot at an enemy (`incendiary`, `pay` as Attack's)."""

    col: int
    device: bool
    cell: int
    rival: int
    incendiary: bool = False
    pay: str = ""

    def __str__(self) -> str:
        return (f"raid {self.col}{'d' if self.device else 'v'}{self.cell} {self.rival}"
                + (" incendiary" if self.incendiary else "")
                + (f" p{self.pay}" if self.pay else ""))


@dataclass(frozen=True, slots=True)
class Drop:
    """Throw 1 resource token away (to make room), in your Exploration or Rest turn."""

    token: str

    def __str__(self) -> str:
        return f"drop {self.token}"


@dataclass(frozen=True, slots=True)
class Shift:
    """RS2, Reorganise (cargo.py): in your Rest turn, move the token in cell `source` to the
    free cell `target` (cells named as `LastAurora.cell_ref`: "0v1", "1d0")."""

    source: str
    target: str

    def __str__(self) -> str:
        return f"shift {self.source} {self.target}"


@dataclass(frozen=True, slots=True)
class Swap:
    """The Trader swaps 1 `give` resource for 1 `take` (once per Exploration phase)."""

    give: str
    take: str

    def __str__(self) -> str:
        return f"swap {self.give} {self.take}"


@dataclass(frozen=True, slots=True)
class Order:
    """Put back the cards seen with the Binoculars in this order (positions of the cards
    seen, top first)."""

    order: tuple[int, ...]

    def __str__(self) -> str:
        return "order " + ",".join(map(str, self.order))


@dataclass(frozen=True, slots=True)
class Play:
    """Play the Object card numbered `card` from your hand; `target` is a survivor (Geiger
    Counter) or a zone cell (Frag Grenade), else -1; `fix` the cells a Toolkit repairs, where
    there is a choice (as Explore's)."""

    card: str
    target: int = -1
    fix: tuple[str, ...] = ()

    def __str__(self) -> str:
        return f"play {self.card} {self.target}" + (
            f" x{','.join(self.fix)}" if self.fix else "")


@dataclass(frozen=True, slots=True)
class Done:
    """End your shooting turn."""

    def __str__(self) -> str:
        return "done"


@dataclass(frozen=True, slots=True)
class Answer:
    """Take (`yes`) or refuse an offer made to everyone in turn (an Event's)."""

    yes: bool

    def __str__(self) -> str:
        return "yes" if self.yes else "no"


@dataclass(frozen=True, slots=True)
class Pick:
    """Answer a choice the rules put to you (`State.pending` says which): the index of the
    option picked, such as one of your survivors."""

    option: int

    def __str__(self) -> str:
        return f"pick {self.option}"


@dataclass(frozen=True, slots=True)
class StoryOption:
    """Frozen Steel, Module 4: choose `option` of the Story card being read (`card`: which
    of the cards triggered at once, story.py). `extra` pays the extra letter's price before
    the check; `pay` names the resources (or Object card numbers) paid for a cost of "any";
    `where` is the trailer's column a tucked card goes under; `keep` keeps the Story card
    already under it instead (S7: one per card)."""

    option: int
    card: int = 0
    extra: bool = False
    pay: tuple[str, ...] = ()
    where: int = -1
    keep: bool = False

    def __str__(self) -> str:
        return (f"story {self.option}" + (f" c{self.card}" if self.card else "")
                + (" extra" if self.extra else "")
                + (f" p{','.join(self.pay)}" if self.pay else "")
                + (f" w{self.where}" if self.where >= 0 else "") + (" keep" if self.keep else ""))


@dataclass(frozen=True, slots=True)
class Cancel:
    """Solo with Story cards (S10): throw away one of the Automa's Story cards to cancel the
    lines of its action card (this round's, or the next one's once this round's is off)."""

    def __str__(self) -> str:
        return "cancel"


Action = (Explore | Pass | Rest | Move | Attack | Done | Answer | Play | Swap | Order
          | Drop | Pick | Shift
          | StoryOption | Cancel | Raid)

Slot = list[Any]  # [card, damage: list[int], tokens: list[str]]


class State:
    """The whole game. Callers treat it as immutable; `copy` gives an independent state."""

    __slots__ = (
        "_legal",
        "_own",
        "aurora",
        "arrived",
        "boarded",
        "board_round",
        "chains",
        "counters",
        "actor",
        "convoy",
        "edmg",
        "etgt",
        "fame",
        "fired",
        "flares",
        "hit_done",
        "loot",
        "mile",
        "n",
        "objects",
        "odeck",
        "odisc",
        "offer",
        "order",
        "outdeck",
        "outdisc",
        "passed",
        "peek",
        "phase",
        "removed",
        "rng",
        "round",
        "shown_back",
        "speed_next",
        "speed_all",
        "stamp",
        "surv",
        "swapped",
        "targets",
        "vetused",
        "wrecks",
        "xdeck",
        "xdisc",
        "zone",
        "gone",
        "level",
        "adeck",
        "adisc",
        "acard",
        "aspeed",
        "asurv",
        "admg",
        "aobjects",
        "aloot",
        "pending",
        # Frozen Steel (kept out of `fields` while no module is on, so a base game's
        # fingerprints are what they always were)
        "modules",
        "unstable",
        "stealth",
        "sniped",
        "reminders",
        "message_food",
        "edef",
        "radioed",
        # Module 4 (story.py): None unless the Story cards are on
        "story",
        # Module 5, Player vs. Player (kept out of `fields` while it is off)
        "evasion",
        "aggression",
        "hits",
        # the optional Mine (mine.py; kept out of `fields` while the option is off)
        "mines",
        "mine_used",
        "mine_done",
        "mine_offer",
    )

    _legal: list[Action] | None
    # which seats' convoys (bit `seat`) and survivors (bit `OWN_SURV + seat`) are this
    # state's own to change: `fork` shares them with the state it forks from until the rules
    # ask for them to change (LastAurora.cv, .sv); -1: all of them (a `copy`, a new game)
    _own: int
    n: int
    round: int
    phase: str
    order: list[int]  # seats in Forward order
    actor: int  # the seat whose turn it is (or who answers the offer)
    passed: list[bool]
    mile: list[int]
    arrived: list[int]  # when each convoy reached its space (smaller: earlier)
    stamp: int
    boarded: list[int]  # seats in boarding order
    board_round: int  # the round of the first boarding (0: nobody yet)
    aurora: int
    counters: list[list[int]]  # [mile, counter index]
    wrecks: list[int]  # miles whose wreck still holds its Object token
    convoy: list[list[list[Slot | None]]]  # seat -> columns -> [vehicle, device or None]
    surv: list[list[list[Any]]]  # seat -> [card, zone, contamination]
    objects: list[list[int]]
    fame: list[int]
    targets: list[int]  # Target counters in hand
    zone: list[int]  # 5 cells: card index or EMPTY
    edmg: list[int]  # Damage on the enemy in each zone cell
    etgt: list[list[int]]  # Target boxes A-D of the enemy in each cell: seat or -1
    xdeck: list[int]  # Exploration deck, top first
    xdisc: list[int]
    removed: list[int]  # cards out of the game unseen (setup) or seen (enemies gone)
    gone: list[int]  # enemies destroyed or left behind
    odeck: list[int]  # Objects
    odisc: list[int]
    outdeck: list[int]  # Outcome cards (indexes into Content.outcomes), top first
    outdisc: list[int]
    shown_back: str  # the top Outcome card's back (public)
    loot: list[list[int]]  # the three Loot stacks
    speed_next: list[int]  # "+n Speed next Movement" reminders
    speed_all: list[int]  # Event changes to next Movement's Speed, per seat
    chains: list[bool]  # Snow Chains played this Movement
    fired: list[list[int]]  # this phase: weapons used, as col * 100 + device * 10 + cell
    flares: list[list[int]]  # this phase: zone cells whose ambush passes each seat by
    hit_done: list[bool]  # this Fire Weapons phase: the first successful hit was made
    vetused: list[bool]
    peek: int  # cards on top of the Exploration deck the actor is looking at (Binoculars)
    swapped: list[bool]  # the Trader's swap used this Exploration phase
    offer: list[Any]  # [card, seats still to answer, phase to resume, seat to resume after]
    rng: int
    level: str  # the Automa's difficulty ("easy", "normal", "hard"), "" without it
    adeck: list[int]  # its action cards still to come, top first
    adisc: list[int]
    acard: int  # its action card this round, or -1
    aspeed: int
    asurv: int
    admg: int
    aobjects: list[int]  # Object cards face down in its zone
    aloot: list[int]  # Loot cards in its zone
    pending: list[Any]  # a choice put to `actor` (phase "choose"): [kind, phase to resume, ...]
    modules: tuple[str, ...]  # the Frozen Steel modules on (modules.py), () for the base game
    unstable: list[int]  # Unstable Fuel: Damage each seat places after this Movement's move
    stealth: list[bool]  # Stealth Device played this Fire Weapons phase
    sniped: list[bool]  # the Sniper used this Fire Weapons phase
    reminders: list[list[int]]  # cards kept by the board until a Movement (Wanted Fugitive)
    message_food: int  # Emergency Message: the Food discarded so far
    edef: list[int]  # Asgard enemies: of `edmg` in each zone cell, the Damage in defense cells
    radioed: list[bool]  # the Radio Operator used this Fire Weapons phase
    story: Any  # Module 4: story.StoryState, or None without the Story cards
    evasion: list[int]  # PvP: each seat's Evasion space (1-4)
    aggression: list[int]  # PvP: each seat's Aggression space (1-8)
    hits: list[list[int]]  # PvP: the rivals each seat landed Damage on this Fire Weapons phase
    mines: list[list[int]] | None  # the Mine's counters on the road, [mile, owner]; None: off
    mine_used: int  # counters the Mine card placed since it was last drawn
    mine_done: int  # the round whose Movement the Mine card was last offered in
    mine_offer: list[int]  # the spaces the holder may mine after this move (asked next)

    def copy(self) -> State:
        """An independent state (every list its own)."""
        s = self._copy()
        s._own = -1
        # every column is [vehicle, device or None]; one comprehension per convoy
        s.convoy = [[[None if v is None else [v[0], v[1].copy(), v[2].copy()],
                      None if d is None else [d[0], d[1].copy(), d[2].copy()]] for v, d in cv]
                    for cv in self.convoy]
        s.surv = [[x.copy() for x in sv] for sv in self.surv]
        return s

    def fork(self) -> State:
        """A copy for the rules to change (`LastAurora.apply_unchecked`): each seat's convoy
        and survivors stay shared with this state until the rules ask for them to change them
        (`LastAurora.cv` and `.sv` copy them then). A move changes one or two seats' of them,
        and copying all of them was most of a copy's time (the bots copy a state for every
        move they weigh, about 1,300 copies a 4-player game). This state gives up its own
        claim to them too: from now on, it copies them before changing them."""
        s = self._copy()
        s._own = self._own = 0
        s.convoy = self.convoy.copy()
        s.surv = self.surv.copy()
        return s

    def _copy(self) -> State:
        # every field but the convoys and survivors (the caller sets those), straight-line and
        # with `list.copy`, the fastest way to copy a short list
        s = _new(State)
        s._legal = None
        s.n = self.n
        s.round = self.round
        s.phase = self.phase
        s.actor = self.actor
        s.order = self.order.copy()
        s.passed = self.passed.copy()
        s.mile = self.mile.copy()
        s.arrived = self.arrived.copy()
        s.stamp = self.stamp
        s.boarded = self.boarded.copy()
        s.board_round = self.board_round
        s.aurora = self.aurora
        s.counters = self.counters.copy()  # its [mile, counter] pairs are never changed
        s.wrecks = self.wrecks.copy()
        s.objects = [o.copy() for o in self.objects]
        s.fame = self.fame.copy()
        s.targets = self.targets.copy()
        s.zone = self.zone.copy()
        s.edmg = self.edmg.copy()
        s.etgt = [t.copy() for t in self.etgt]
        s.xdeck = self.xdeck.copy()
        s.xdisc = self.xdisc.copy()
        s.removed = self.removed.copy()
        s.gone = self.gone.copy()
        s.odeck = self.odeck.copy()
        s.odisc = self.odisc.copy()
        s.outdeck = self.outdeck.copy()
        s.outdisc = self.outdisc.copy()
        s.shown_back = self.shown_back
        s.loot = [x.copy() for x in self.loot]
        s.speed_next = self.speed_next.copy()
        s.speed_all = self.speed_all.copy()
        s.chains = self.chains.copy()
        s.peek = self.peek
        s.swapped = self.swapped.copy()
        s.fired = [f.copy() for f in self.fired]
        s.flares = [f.copy() for f in self.flares]
        s.hit_done = self.hit_done.copy()
        s.vetused = self.vetused.copy()
        offer = self.offer
        s.offer = [offer[0], list(offer[1]), *offer[2:]] if offer else []
        s.rng = self.rng
        s.level = self.level
        s.adeck = self.adeck.copy()
        s.adisc = self.adisc.copy()
        s.acard = self.acard
        s.aspeed = self.aspeed
        s.asurv = self.asurv
        s.admg = self.admg
        s.aobjects = self.aobjects.copy()
        s.aloot = self.aloot.copy()
        s.pending = self.pending.copy()
        modules = s.modules = self.modules
        if modules:
            s.unstable = self.unstable.copy()
            s.stealth = self.stealth.copy()
            s.sniped = self.sniped.copy()
            s.reminders = [r.copy() for r in self.reminders]
            s.edef = self.edef.copy()
            s.radioed = self.radioed.copy()
        else:
            s.unstable = self.unstable
            s.stealth = self.stealth
            s.sniped = self.sniped
            s.reminders = self.reminders
            s.edef = self.edef
            s.radioed = self.radioed
        s.message_food = self.message_food
        s.story = None if self.story is None else self.story.copy()
        if "pvp" in modules:
            s.evasion = self.evasion.copy()
            s.aggression = self.aggression.copy()
            s.hits = [h.copy() for h in self.hits]
        else:
            s.evasion = self.evasion
            s.aggression = self.aggression
            s.hits = self.hits
        s.mines = None if self.mines is None else self.mines.copy()  # pairs never change
        s.mine_used = self.mine_used
        s.mine_done = self.mine_done
        s.mine_offer = self.mine_offer.copy()
        return s

    def fields(self) -> list[object]:
        mine = [getattr(self, f) for f in _MINE_FIELDS] if self.mines is not None else []
        if self.modules:  # a module's own state counts only with it on (the others' prints stay)
            return [getattr(self, f) for f in State.__slots__ if f not in ("_legal", "_own")
                    and (f != "story" or self.story is not None)
                    and ("pvp" in self.modules or f not in _PVP_FIELDS)
                    and f not in _MINE_FIELDS] + mine
        return [getattr(self, f) for f in _BASE_FIELDS] + mine


_new = object.__new__
_BASE_FIELDS = State.__slots__[2:State.__slots__.index("modules")]
_PVP_FIELDS = ("evasion", "aggression", "hits")
_MINE_FIELDS = ("mines", "mine_used", "mine_done", "mine_offer")
