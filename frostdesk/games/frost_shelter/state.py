"""Frost Shelter's state and actions.

The state is a plain slotted object whose fields are lists and ints. Callers treat it as
immutable: `rules.apply` copies it before changing anything, so any state a caller holds stays
as it was. (A copy-on-apply object is several times faster than rebuilding frozen dataclasses,
and headless play speed matters for simulations and search.)

Cards are small integers: a resource card is its index in `Content.card_ids`, an equipment card
its index in `Content.equipment_ids`, an Event its index in `Content.events`, a resource
(and so a Relic) 0..3 in the order fuel, water, food, tools. Hidden cards in a view are -1.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass

HIDDEN = -1

PHASES = ("leader", "harpoon", "play", "collect", "expedition", "resolve", "buy", "infirmary",
          "over")


class State:
    """Everything on the Frost Shelter table. See the module docstring for the encoding."""

    __slots__ = (
        "n", "rng", "phase", "turn", "event_no", "event_deck", "event", "relic_deck", "relic",
        "leader", "last_leader", "hands", "deck", "trick", "colonies", "exp_deck", "discard",
        "expedition_used", "damage", "event_damage", "equipment", "market", "queue",
        "trick_winner", "defended", "frostbite", "prevented", "excess_ignored", "hibernating",
        "colony_count", "tricks_played", "chooser", "is_view", "legal_cache",
    )

    n: int
    rng: int
    phase: str
    turn: int
    event_no: int
    event_deck: list[int]
    event: int
    relic_deck: list[int]
    relic: int
    leader: int
    last_leader: int
    hands: list[list[int]]
    deck: list[int]
    trick: list[tuple[int, int, bool]]
    colonies: list[list[int]]
    exp_deck: list[int]
    discard: list[int]
    expedition_used: list[bool]
    damage: list[int]
    event_damage: list[list[int]]
    equipment: list[list[int]]
    market: list[int]
    queue: list[int]
    trick_winner: int
    defended: list[int]
    frostbite: list[int]
    prevented: list[int]
    excess_ignored: list[int]
    hibernating: list[bool]
    colony_count: list[int]
    tricks_played: int
    chooser: int
    is_view: bool
    legal_cache: list[Action] | None  # legal actions of this exact state, computed once

    def copy(self) -> State:
        """A copy whose lists can be changed without touching this state."""
        s = State.__new__(State)
        s.n = self.n
        s.rng = self.rng
        s.phase = self.phase
        s.turn = self.turn
        s.event_no = self.event_no
        s.event_deck = self.event_deck  # the rules reassign these three, never change them
        # in place, so a copy may share them
        s.event = self.event
        s.relic_deck = self.relic_deck
        s.relic = self.relic
        s.leader = self.leader
        s.last_leader = self.last_leader
        s.hands = self.hands  # only Play changes hands, trick and Expedition flags in place,
        # and it uses copy_for_play; everything else replaces them
        s.deck = self.deck
        s.trick = self.trick
        s.colonies = [c[:] for c in self.colonies]
        s.exp_deck = self.exp_deck[:]
        s.discard = self.discard[:]
        s.expedition_used = self.expedition_used
        s.damage = self.damage[:]
        s.event_damage = [e[:] for e in self.event_damage]
        s.equipment = [e[:] for e in self.equipment]
        s.market = self.market[:]
        s.queue = self.queue[:]
        s.trick_winner = self.trick_winner
        s.defended = self.defended  # replaced, never changed in place, by the rules
        s.frostbite = self.frostbite  # replaced, never changed in place, by the rules
        s.prevented = self.prevented  # replaced, never changed in place, by the rules
        s.excess_ignored = self.excess_ignored  # replaced, never changed in place, by the rules
        s.hibernating = self.hibernating  # replaced, never changed in place, by the rules
        s.colony_count = self.colony_count  # replaced, never changed in place, by the rules
        s.tricks_played = self.tricks_played
        s.chooser = self.chooser
        s.is_view = self.is_view
        s.legal_cache = None
        return s

    def copy_for_play(self) -> State:
        """A cheaper copy for playing a card: only the lists a Play changes are new.

        A Play changes the player's hand, the trick and the Expedition flags (and ints);
        everything else is shared with this state, which stays unchanged.
        """
        s = _shallow(self)
        s.hands = self.hands[:]
        s.hands[self.turn] = self.hands[self.turn][:]
        s.trick = self.trick[:]
        s.expedition_used = self.expedition_used[:]
        s.legal_cache = None
        return s

    def as_dict(self) -> dict[str, object]:
        """Plain data (for fingerprints, tests and debugging)."""
        return {name: getattr(self, name) for name in State.__slots__ if name != "legal_cache"}


_SLOTS = State.__slots__


def _make_shallow() -> Callable[[State], State]:
    # A generated attribute-by-attribute copy: several times faster than a getattr loop.
    body = "\n".join(f"    s.{name} = self.{name}" for name in _SLOTS)
    source = f"def _shallow(self):\n    s = _new(State)\n{body}\n    return s\n"
    namespace: dict[str, object] = {"_new": State.__new__, "State": State}
    exec(source, namespace)  # noqa: S102 - source built from our own slot names only
    return namespace["_shallow"]  # type: ignore[return-value]


_shallow = _make_shallow()


@dataclass(frozen=True, slots=True)
class ChooseLeader:
    """The most damaged player names the Leader for this Event (events 2 and 3)."""

    seat: int


@dataclass(frozen=True, slots=True)
class Harpoon:
    """Use a Harpoon before the first trick to make `resource` the Relic."""

    resource: int


@dataclass(frozen=True, slots=True)
class Play:
    """Play a card to the trick; with `expedition` it has no value and the player draws later."""

    card: int
    expedition: bool = False


@dataclass(frozen=True, slots=True)
class Collect:
    """The trick winner takes these trick cards into their colony."""

    cards: tuple[int, ...]


@dataclass(frozen=True, slots=True)
class Draw:
    """An Expedition: draw `count` cards from the Expedition deck into the colony."""

    count: int


@dataclass(frozen=True, slots=True)
class Defend:
    """Discard colony cards meeting requirement `requirement` (0 or 1) of the Event."""

    requirement: int
    cards: tuple[int, ...]


@dataclass(frozen=True, slots=True)
class UseEquipment:
    """Use an equipment card's effect now (Tarp, Chest, Medkit); it goes back to the market."""

    equipment: int


@dataclass(frozen=True, slots=True)
class Buy:
    """Buy an equipment card from the market, paying with these colony cards."""

    equipment: int
    cards: tuple[int, ...]


@dataclass(frozen=True, slots=True)
class Heal:
    """Infirmary: pay cards of different resources to heal damage."""

    cards: tuple[int, ...]


@dataclass(frozen=True, slots=True)
class Pass:
    """Finish the current step (no Harpoon, done defending, no purchase, done healing)."""


Action = ChooseLeader | Harpoon | Play | Collect | Draw | Defend | UseEquipment | Buy | Heal | Pass
