"""Frost Shelter's state and actions.

The state is a plain slotted object whose fields are lists and ints. Callers treat it as
immutable: `rules.apply` copies it before changing anything, so any state a caller holds stays
as it was. (A copy-on-apply object is several times faster than rebuilding frozen dataclasses,
and headless play speed matters for simulations and search.)

Its lists are values too: nothing changes a list of a state in place. The rules put a changed
copy in its place (for a list of lists such as `hands`, `colonies` or `equipment`, a new outer
list holding the changed inner copy), so a copy of the state shares every list with the original
and costs one attribute copy per field.

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
        "events_seen", "relics_seen", "first_leader_drawn", "purchase_order",
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
    # Public history, in reveal order: every Event card and every Relic card turned over so far
    # (the current ones included; a Harpoon changes `relic`, never these). Bots read them to
    # know which cards can no longer come.
    events_seen: list[int]
    relics_seen: list[int]
    first_leader_drawn: bool  # the first Leader was drawn at random (not named in the options)
    purchase_order: list[int]  # this Event's buyers in buying order (one round)

    def copy(self) -> State:
        """A copy to change (by replacing its lists, never changing them in place)."""
        return _copy(self)  # (the class gets _copy itself below: one call less per apply)

    def as_dict(self) -> dict[str, object]:
        """Plain data (for fingerprints, tests and debugging).

        The public record kept for bots and the log (`events_seen`, `relics_seen`,
        `first_leader_drawn`, `purchase_order`) is left out: it follows from the game's own
        events, and leaving it out keeps the fingerprints of older saves valid."""
        return {name: getattr(self, name) for name in State.__slots__ if name not in _NOT_DATA}


_SLOTS = State.__slots__
_NOT_DATA = frozenset(("legal_cache", "events_seen", "relics_seen", "first_leader_drawn",
                       "purchase_order"))


def _make_copy() -> Callable[[State], State]:
    # A generated attribute-by-attribute copy: several times faster than a getattr loop.
    body = "\n".join(f"    s.{name} = self.{name}" for name in _SLOTS if name != "legal_cache")
    source = f"def _copy(self):\n    s = _new(State)\n{body}\n    s.legal_cache = None\n" \
             "    return s\n"
    namespace: dict[str, object] = {"_new": State.__new__, "State": State}
    exec(source, namespace)  # noqa: S102 - source built from our own slot names only
    return namespace["_copy"]  # type: ignore[return-value]


_copy = _make_copy()
_copy.__doc__ = State.copy.__doc__
setattr(State, "copy", _copy)  # noqa: B010 - the same method, generated


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
