"""The Game protocol every game package implements, and the shared value types.

A game is an object of pure functions over a state that callers treat as immutable:
`apply` returns a new state and the events that say what changed. `legal` is the one source
of truth for what may be done; the UI highlights from it, the controller validates against it
and bots choose from it.
"""

from __future__ import annotations

from collections.abc import Callable, Hashable, Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any, Generic, Protocol, TypeAlias, TypeVar, runtime_checkable

from frostdesk.engine.motion import Motion

S = TypeVar("S")  # a game's state
A = TypeVar("A", bound=Hashable)  # a game's action

# A value that json.dumps writes as it is: event data, outcome details, game options. Sequence
# and Mapping (not list and dict) so that a list[int] or a dict[str, list[str]] fits too.
JSON: TypeAlias = "str | int | float | bool | None | Sequence[JSON] | Mapping[str, JSON]"


def option_int(value: JSON) -> int:
    """`int(value)` for a game option given as a number or as text (as the command line does);
    TypeError for anything else, as int() gives."""
    if isinstance(value, str | int | float):
        return int(value)
    raise TypeError(f"expected a whole number, found {value!r}")


class IllegalAction(ValueError):
    """An action that is not in `legal(state)`; the message says why in game words."""


class ContentError(ValueError):
    """Card or table data that does not fit its schema; the message names file, line and key."""


_new = object.__new__

# What makes a later event's data and text (see Event.later).
EventWords: TypeAlias = "tuple[dict[str, JSON], str]"


class Event:
    """Something that happened (a value: never changed after it is made; a plain slotted
    class, not a frozen dataclass, because frozen objects are several times slower to create
    on the hot path). `visible_to` None means every seat may see it.

    `data` holds plain JSON values only, so the same event drives the animations, the game
    log panel and the `--log` JSON Lines stream. `text` is the sentence the log panel shows.
    `redacted` is what a seat outside `visible_to` sees instead (or None: nothing at all).
    `chance` marks events that revealed hidden information or drew on the random generator:
    the action that produced them is an undo barrier.

    `Event.later` leaves `data` and `text` to a function of plain values, called the first time
    either is read: headless play that never reads its events (random playouts, search) does
    not pay for the log sentences. Once read, a later event is equal to one made at once.
    """

    __slots__ = ("kind", "_data", "_text", "visible_to", "redacted", "chance", "_words", "_args")
    __match_args__ = ("kind", "data", "text", "visible_to", "redacted", "chance")

    kind: str
    visible_to: tuple[int, ...] | None
    redacted: Event | None
    chance: bool
    _data: dict[str, JSON]
    _text: str
    _words: Callable[..., EventWords] | None  # None once data and text are made
    _args: tuple[object, ...]

    def __init__(self, kind: str, data: dict[str, JSON], text: str,
                 visible_to: tuple[int, ...] | None = None, redacted: Event | None = None,
                 chance: bool = False) -> None:
        self.kind = kind
        self._data = data
        self._text = text
        self.visible_to = visible_to
        self.redacted = redacted
        self.chance = chance
        self._words = None

    @classmethod
    def later(cls, kind: str, words: Callable[..., EventWords], args: tuple[object, ...],
              visible_to: tuple[int, ...] | None = None, redacted: Event | None = None,
              chance: bool = False) -> Event:
        """An event whose (data, text) are `words(*args)`, made when first read.

        `args` must be values that nobody changes afterwards (numbers, strings, tuples, or
        lists that are never changed in place), so the words come out as they would now.
        """
        e = _new(cls)
        e.kind = kind
        e.visible_to = visible_to
        e.redacted = redacted
        e.chance = chance
        e._words = words
        e._args = args
        return e

    def _make_words(self) -> None:
        words = self._words
        if words is not None:
            # data and text first, then the mark: a reader that sees no mark finds them set
            self._data, self._text = words(*self._args)
            self._words = None

    @property
    def data(self) -> dict[str, JSON]:
        if self._words is not None:
            self._make_words()
        return self._data

    @property
    def text(self) -> str:
        if self._words is not None:
            self._make_words()
        return self._text

    def _fields(self) -> tuple[object, ...]:
        return (self.kind, self.data, self.text, self.visible_to, self.redacted, self.chance)

    def __eq__(self, other: object) -> bool:
        if other.__class__ is not self.__class__:
            return NotImplemented
        assert isinstance(other, Event)
        return self._fields() == other._fields()

    __hash__ = None  # type: ignore[assignment]  # equal by value, and data is a dict

    def __repr__(self) -> str:
        return (f"Event(kind={self.kind!r}, data={self.data!r}, text={self.text!r}, "
                f"visible_to={self.visible_to!r}, redacted={self.redacted!r}, "
                f"chance={self.chance!r})")

    def seen_by(self, seat: int | None) -> Event | None:
        """The event as `seat` may see it (None for a spectator-neutral view of public facts)."""
        if self.visible_to is None or (seat is not None and seat in self.visible_to):
            return self
        return self.redacted

    def to_json(self) -> dict[str, JSON]:
        return {"type": self.kind, **self.data}


@dataclass(frozen=True, slots=True)
class Outcome:
    """The result of a finished game.

    `ranking` lists seats best first; `places[seat]` is 1 for winners (shared victory gives
    several seats place 1). `scores` is what the ranking used, per seat; `tiebreak` names the
    rule that separated the top when one was needed ("" when none).
    """

    places: tuple[int, ...]
    scores: tuple[int, ...]
    tiebreak: str = ""
    cooperative_win: bool | None = None
    details: dict[str, JSON] = field(default_factory=dict)

    @property
    def winners(self) -> tuple[int, ...]:
        return tuple(i for i, p in enumerate(self.places) if p == 1)


class Ruleset(Protocol):
    """What the engine reads of a game's card data: saves record which cards they were made
    with."""

    @property
    def ruleset_hash(self) -> str: ...


@runtime_checkable
class RulesetByOptions(Protocol):
    """An optional capability of a Game: options that bring cards of their own (an
    expansion's modules), so the ruleset a game is played under depends on them."""

    def ruleset_hash_for(self, options: Mapping[str, Any]) -> str: ...


def ruleset_of(game: Any, options: Mapping[str, Any]) -> str:
    """The ruleset hash a game is played under with these options: the card data's hash, or,
    for a game with the RulesetByOptions capability, the hash its options make."""
    if isinstance(game, RulesetByOptions):
        return str(game.ruleset_hash_for(options))
    return str(game.content.ruleset_hash)


class Game(Protocol, Generic[S, A]):
    """What every game package offers. See docs/architecture.md.

    What the app knows of a game beyond these functions (cooperative or not, whether it
    wants to know which seats people run, its bots and UI) is in its GameDescription
    (frostdesk/engine/registry.py). `apply_unchecked` may simply be `apply`; a game offers a
    faster one without the legality check for search bots, which only play legal moves.
    """

    id: str
    title: str
    min_players: int
    max_players: int

    @property
    def content(self) -> Ruleset: ...

    def setup(self, options: Mapping[str, JSON], seed: int) -> S: ...

    def new_game(self, options: Mapping[str, JSON], seed: int) -> tuple[S, list[Event]]: ...

    def to_move(self, state: S) -> int | None: ...

    def legal(self, state: S) -> Sequence[A]: ...

    def apply(self, state: S, action: A) -> tuple[S, list[Event]]: ...

    def apply_unchecked(self, state: S, action: A) -> tuple[S, list[Event]]: ...

    def view(self, state: S, seat: int | None) -> S: ...

    def outcome(self, state: S) -> Outcome | None: ...

    def determinize(self, view: S, seat: int, rng_seed: int) -> S: ...

    def parse_action(self, text: str) -> A: ...

    def action_text(self, action: A) -> str: ...

    def fingerprint(self, state: S) -> str: ...

    def waiting_for(self, state: S) -> str:
        """What the game waits for, in the game's words ({p0}.. stand for the names)."""
        ...

    def why_illegal(self, state: S, action: A) -> str:
        """Why `action` cannot be taken now, in the game's words."""
        ...

    def motions(self, event: Event) -> Sequence[Motion]:
        """What `event` (as a seat saw it) did on the table, in the vocabulary of
        engine/motion.py, in the order the table should show it. () when it moved nothing the
        table draws: a game that always answers () is not animated, its table simply shows
        each new state."""
        ...
