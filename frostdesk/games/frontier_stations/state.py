"""Frontier Stations' game state and actions.

Stations sit in a circle, numbered clockwise; threat area `a` lies between station `a` and
station `a + 1` (so a station's left-hand area has its own number). One station: one area,
with that station on both sides. Two stations: two areas, each next to both stations.

Cards are indexes into `Content.systems` / `Content.threats`; a station's Nexus is the
pseudo-card NEXUS. Tokens live on cards: `held[station][slot]` counts what the card in that
slot of the station holds (five counts); `res[station]` is the station's total, kept with it.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

NEXUS = -1
UNKNOWN = -1  # a face-down card in a view


@dataclass(frozen=True, slots=True)
class Roll:
    def __str__(self) -> str:
        return "roll"


@dataclass(frozen=True, slots=True)
class Pay:
    """Cover a threat activation or a purchase. `parts` lists (station, spent, as_, units):
    `units` tokens of type `as_` paid by `station` spending type `spent` (the same type, or
    through one of that station's converters at the converter's rate). A threat's payment
    names the activation it pays, the threat at (area, pos); a purchase's has (-1, -1)."""

    parts: tuple[tuple[int, int, int, int], ...]
    area: int = -1
    pos: int = -1

    def __str__(self) -> str:
        paid = ",".join(f"{s}:{a}>{b}*{n}" for s, a, b, n in self.parts) or "-"
        return f"pay {self.area}.{self.pos} {paid}" if self.area >= 0 else f"pay {paid}"


@dataclass(frozen=True, slots=True)
class Beacon:
    """The Captain spends a distress beacon: one activation of the threat at (area, pos),
    pending on this roll, does nothing. (-1, -1): no activation named (never legal)."""

    area: int = -1
    pos: int = -1

    def __str__(self) -> str:
        return f"beacon {self.area}.{self.pos}"


@dataclass(frozen=True, slots=True)
class Hold:
    """The Captain keeps the beacons for now: the stations pay the activations."""

    def __str__(self) -> str:
        return "hold"


@dataclass(frozen=True, slots=True)
class Produce:
    """Choose what one activation of a system makes: `picks` lists the resource types, and
    `drop` the kinds of token discarded afterwards when they do not all fit (new or old)."""

    station: int
    slot: int
    picks: tuple[int, ...]
    drop: tuple[int, ...] = ()

    def __str__(self) -> str:
        text = f"produce {self.station}.{self.slot} " + ",".join(map(str, self.picks))
        return text + (" -" + ",".join(map(str, self.drop)) if self.drop else "")


@dataclass(frozen=True, slots=True)
class First:
    """The Captain chooses which of the roll's system activations goes next (asked only
    when the stock cannot cover them all, so the order matters)."""

    station: int
    slot: int
    act: int

    def __str__(self) -> str:
        return f"first {self.station}.{self.slot}.{self.act}"


@dataclass(frozen=True, slots=True)
class Buy:
    """Start a purchase with `dice` ('a', 'b' or 'ab'). install: target = system card in the
    shop; upgrade: target = slot in the buyer's station; destroy: target = area, pos = index
    of the threat in that area."""

    kind: str
    target: int
    dice: str
    pos: int = 0

    def __str__(self) -> str:
        return f"buy {self.kind} {self.target}.{self.pos} {self.dice}"


@dataclass(frozen=True, slots=True)
class Cancel:
    def __str__(self) -> str:
        return "cancel"


@dataclass(frozen=True, slots=True)
class Done:
    """End the purchase step (the threat draw follows)."""

    def __str__(self) -> str:
        return "done"


Action = Roll | Pay | Beacon | Hold | Produce | First | Buy | Cancel | Done


class State:
    """The whole game. Callers treat it as immutable; `copy` gives an independent state."""

    __slots__ = (
        "_legal",
        "_memo",
        "activated",
        "areas",
        "beacons",
        "bought",
        "bought_turns",
        "captain",
        "captain_turns",
        "current",
        "dice",
        "dice_free",
        "early",
        "early_out",
        "gone",
        "held",
        "humans",
        "installed",
        "late",
        "late_out",
        "n",
        "nexus",
        "people",
        "phase",
        "price",
        "purchase",
        "queue",
        "reason",
        "recent",
        "res",
        "result",
        "rng",
        "sdeck",
        "shop",
        "turn",
        "waived",
        "window",
    )

    def __init__(self) -> None:
        self.n = 0
        self.nexus: tuple[str, ...] = ()  # face kind per station
        self.price = 0  # price adjustment for every improvement
        self.humans: tuple[int, ...] = ()  # stations run by people (they answer for threats)
        self.people: tuple[int, ...] = ()  # per station: who runs it (-1: a bot)
        self.installed: list[list[list[int]]] = []  # station -> [[card, multiplier], ...]
        self.res: list[list[int]] = []  # station -> five counts (the sum of its cards')
        self.held: list[list[list[int]]] = []  # station -> slot -> five counts on that card
        self.areas: list[list[list[int]]] = []  # area -> [[threat, multiplier, face_up], ...]
        self.recent: list[int] = []  # area -> threat index with the recent marker, or -1
        self.shop: list[int] = []
        self.sdeck: list[int] = []  # system deck, top first
        self.early: list[int] = []  # threat decks, top first
        self.late: list[int] = []
        self.early_out: list[int] = []  # removed unseen at setup
        self.late_out: list[int] = []
        self.gone: list[int] = []  # destroyed threats taken off the table, used Reinforcements
        self.current = 0
        self.captain = 0
        self.captain_turns = 0  # turns the current Captain has finished holding the card
        self.beacons = 2
        self.turn = 1
        self.phase = "roll"  # roll, threats, systems, purchase, pay, over
        self.dice: tuple[int, ...] = ()
        self.dice_free = ""  # dice not yet used for a purchase: "a", "b", "ab"
        self.queue: list[tuple[int, ...]] = []  # threats: (area, pos); systems: (st, slot, act)
        self.purchase: tuple[str, int, int, str] | None = None  # (kind, target, pos, dice)
        self.result = ""  # "", "won", "lost"
        self.reason = ""
        self.rng = 0
        self.bought: list[int] = []  # system cards installed, in order (for reports)
        self.bought_turns: list[int] = []  # the turn of each of those installs
        self.activated: dict[int, int] = {}  # system card -> productions (for reports)
        # the Captain decides now: the beacon window (threats step) or which production goes
        # next (systems step, when the stock runs short)
        self.window = False
        # the Captain has spoken: let the stations pay without a beacon (threats step), or
        # chosen the production at the head of the queue (systems step)
        self.waived = False
        self._legal: Sequence[Action] | None = None
        # per-state caches for bots (never part of the game)
        self._memo: dict[tuple[str, int], list[float]] | None = None

    def copy(self) -> State:
        s = State.__new__(State)
        s.n = self.n
        s.nexus = self.nexus
        s.price = self.price
        s.humans = self.humans
        s.people = self.people
        s.installed = [[list(c) for c in st] for st in self.installed]
        s.res = [list(r) for r in self.res]
        s.held = [[list(c) for c in st] for st in self.held]
        s.areas = [[list(t) for t in a] for a in self.areas]
        s.recent = list(self.recent)
        s.shop = list(self.shop)
        s.sdeck = list(self.sdeck)
        s.early = list(self.early)
        s.late = list(self.late)
        s.early_out = list(self.early_out)
        s.late_out = list(self.late_out)
        s.gone = list(self.gone)
        s.current = self.current
        s.captain = self.captain
        s.captain_turns = self.captain_turns
        s.beacons = self.beacons
        s.turn = self.turn
        s.phase = self.phase
        s.dice = self.dice
        s.dice_free = self.dice_free
        s.queue = list(self.queue)
        s.purchase = self.purchase
        s.result = self.result
        s.reason = self.reason
        s.rng = self.rng
        s.bought = list(self.bought)
        s.bought_turns = list(self.bought_turns)
        s.activated = dict(self.activated)
        s.window = self.window
        s.waived = self.waived
        s._legal = None
        s._memo = None
        return s

    def left_area(self, station: int) -> int:
        return station

    def right_area(self, station: int) -> int:
        return (station - 1) % self.n

    def area_stations(self, area: int) -> tuple[int, ...]:
        """The stations next to `area`, without repeats (one station: just itself)."""
        a, b = area, (area + 1) % self.n
        return (a,) if a == b else (a, b)

    def adjacent_areas(self, station: int) -> tuple[int, ...]:
        left, right = self.left_area(station), self.right_area(station)
        return (left,) if left == right else (left, right)

    def dice_value(self, dice: str) -> int:
        return sum(self.dice[0 if d == "a" else 1] for d in dice)
