"""What an event did on the table: the one animation vocabulary every game speaks.

A game's rules say which motions each event caused (`Game.motions(event)`): a piece moved from
one zone to another, a value changed (a track, a counter, a pile of tokens), dice were rolled,
a piece turned over. The table kit's animator plays them the same way for every game; a game's
UI says only where its zones and pieces are. Pure data: no Qt, no rules.

Names (`Ref`) are short tuples the game chooses and its UI understands: a piece `("card", 12)`,
a zone `("hand", 2)` or `("pile", "deck")`, a value `("damage", 1)`. A piece's name is the key
of the table item that shows it, so the animator finds the item from the motion.

Motions are worked out from an event as a seat saw it (`Event.seen_by`), so they never say more
than that seat may know: a card dealt face down to someone else moves as `HIDDEN`.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import TypeAlias

Ref: TypeAlias = tuple[str | int, ...]

HIDDEN: Ref = ("hidden",)
"""A piece the viewer cannot tell from the others of its zone (a card dealt face down)."""

ALL: Ref = ("all",)
"""As the piece of a `Moved`: every piece that lies in the source zone."""


@dataclass(frozen=True, slots=True)
class Moved:
    """`piece` went from zone `source` to zone `target`.

    `source` None: from wherever the table shows it (the event does not say). A zone may also
    be a piece (a card moved onto another card lies on it).
    """

    piece: Ref
    source: Ref | None
    target: Ref


@dataclass(frozen=True, slots=True)
class Changed:
    """The value `what` (a track, a counter, a marker, a number of tokens) changed by `by`.

    `to` is the value after, when the event says it; the table then shows `to` rather than
    adding `by` to what it showed. `place` is where what was lost went and what was gained came
    from (tokens paid to a threat card, say); None means the game's usual place for it.
    """

    what: Ref
    by: int = 0
    to: int | None = None
    place: Ref | None = None


@dataclass(frozen=True, slots=True)
class Rolled:
    """The dice `dice` were rolled and show `faces`."""

    dice: Ref
    faces: tuple[int, ...]


@dataclass(frozen=True, slots=True)
class Flipped:
    """`piece` turned face up (`face_up`) or face down where it lies."""

    piece: Ref
    face_up: bool


Motion: TypeAlias = Moved | Changed | Rolled | Flipped
