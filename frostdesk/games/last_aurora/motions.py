"""What each Last Aurora event did on the table, in the engine's motion vocabulary
(frostdesk/engine/motion.py). The table's UI will play these; it knows no event.

Names. Pieces: `("card", id)` a card by its number, `("convoy", seat)` a convoy's token,
`("aurora",)` the ship, `("outcome", id)` an Outcome card, `("target", seat)` a Target
counter. Zones: `("mile", m)` a road space, `("zone", cell)` an Exploration Zone cell,
`("pile", "exploration" | "discard" | "objects" | "gone")`, `("hand", seat)` a player's
Objects, `("rest", seat)` a Rest Zone, `("convoy", seat)` a convoy board, `("box", cell, b)`
a Target box. Values: `("fame", seat)`, `("tok", seat, token)` tokens of a kind on a convoy,
`("damage", seat)` Damage counters on a convoy, `("edmg", cell)` Damage on an enemy.

Solo: the Automa is convoy `n` (1), so its token, Fame and Targets use the names above with
that number. Its own pieces: `("automa_card", id)` an action card; zones `("automa", "deck")`,
`("automa", "card")` (the card shown this round), `("automa", "discard")` and
`("automa", "zone")` (its face-down Objects and its Loot); values `("automa", track)` for its
"speed", "surv" and "dmg" tracks.

Player vs. Player: `("marker", track, seat)` a counter on a PvP card's "evasion" or
"aggression" track, and zones `("track", track, seat, space)` its spaces.
"""

from __future__ import annotations

from collections.abc import Callable

from frostdesk.engine.game import JSON, Event
from frostdesk.engine.motion import HIDDEN, Changed, Flipped, Motion, Moved, Ref
from frostdesk.games.last_aurora.content import Content

EXPLORATION: Ref = ("pile", "exploration")
DISCARD: Ref = ("pile", "discard")


def _int(value: JSON) -> int:
    return value if isinstance(value, int) else 0


def _str(value: JSON) -> str:
    return value if isinstance(value, str) else ""


class Motions:
    """`of(event)`: the motions of one event (built once per rules object)."""

    def __init__(self, content: Content) -> None:
        self._kinds: dict[str, Callable[[dict[str, JSON]], list[Motion]]] = {
            "moved": self._moved, "boarded": self._boarded, "aurora": self._aurora,
            "fame": self._fame, "revealed": self._revealed, "gained": self._gained,
            "damaged": self._damaged, "repaired": self._repaired,
            "enemy_damaged": self._enemy_damaged, "object_drawn": self._object_drawn,
            "improved": self._improved, "recruited": self._recruited,
            "outcome": self._outcome, "destroyed": self._destroyed, "target": self._target,
            "left_behind": self._left_behind, "surplus": self._surplus,
            "dropped": self._dropped, "automa_card": self._automa_card,
            "automa_track": self._automa_track, "automa_object": self._automa_object,
            "automa_explored": self._automa_explored, "loot": self._loot,
            "pvp_track": self._pvp_track}

    def of(self, event: Event) -> list[Motion]:
        make = self._kinds.get(event.kind)
        return make(event.data) if make is not None else []

    def _moved(self, d: dict[str, JSON]) -> list[Motion]:
        return [Moved(("convoy", _int(d["seat"])), ("mile", _int(d["source"])),
                      ("mile", _int(d["target"])))]

    def _boarded(self, d: dict[str, JSON]) -> list[Motion]:
        return [Moved(("convoy", _int(d["seat"])), ("mile", _int(d["mile"])), ("aurora",))]

    def _aurora(self, d: dict[str, JSON]) -> list[Motion]:
        return [Moved(("aurora",), ("mile", _int(d["source"])), ("mile", _int(d["target"])))]

    def _fame(self, d: dict[str, JSON]) -> list[Motion]:
        return [Changed(("fame", _int(d["seat"])), _int(d["by"]), _int(d["to"]))]

    def _revealed(self, d: dict[str, JSON]) -> list[Motion]:
        card = ("card", _str(d["card"]))
        if d["kind"] == "event":
            return [Moved(card, EXPLORATION, DISCARD)]
        return [Moved(card, EXPLORATION, ("zone", _int(d["cell"])))]

    def _gained(self, d: dict[str, JSON]) -> list[Motion]:
        n = _int(d["n"])
        return [Changed(("tok", _int(d["seat"]), _str(d["token"])), n)] if n else []

    def _damaged(self, d: dict[str, JSON]) -> list[Motion]:
        return [Changed(("damage", _int(d["seat"])), _int(d["n"]))]

    def _repaired(self, d: dict[str, JSON]) -> list[Motion]:
        return [Changed(("damage", _int(d["seat"])), -_int(d["n"]))]

    def _enemy_damaged(self, d: dict[str, JSON]) -> list[Motion]:
        return [Changed(("edmg", _int(d["cell"])), _int(d["n"]), _int(d["to"]))]

    def _object_drawn(self, d: dict[str, JSON]) -> list[Motion]:
        card = d.get("card")
        piece = ("card", card) if isinstance(card, str) else HIDDEN
        return [Moved(piece, ("pile", "objects"), ("hand", _int(d["seat"])))]

    def _improved(self, d: dict[str, JSON]) -> list[Motion]:
        seat = _int(d["seat"])
        out: list[Motion] = [Moved(("card", _str(d["card"])), None, ("convoy", seat))]
        replaced = d.get("replaced")
        if isinstance(replaced, list):
            out += [Moved(("card", _str(x)), ("convoy", seat), DISCARD) for x in replaced]
        return out

    def _recruited(self, d: dict[str, JSON]) -> list[Motion]:
        return [Moved(("card", _str(d["card"])), None, ("rest", _int(d["seat"])))]

    def _outcome(self, d: dict[str, JSON]) -> list[Motion]:
        return [Flipped(("outcome", _str(d["card"])), True)]

    def _destroyed(self, d: dict[str, JSON]) -> list[Motion]:
        return [Moved(("card", _str(d["card"])), ("zone", _int(d["cell"])), ("pile", "gone"))]

    def _left_behind(self, d: dict[str, JSON]) -> list[Motion]:
        return self._destroyed(d)

    def _surplus(self, d: dict[str, JSON]) -> list[Motion]:
        return [Moved(("card", _str(d["card"])), ("zone", _int(d["cell"])), DISCARD)]

    def _dropped(self, d: dict[str, JSON]) -> list[Motion]:
        return [Changed(("tok", _int(d["seat"]), _str(d["token"])), -_int(d.get("n", 1)))]

    def _automa_card(self, d: dict[str, JSON]) -> list[Motion]:
        out: list[Motion] = []
        previous = d.get("previous")
        if isinstance(previous, str):
            out.append(Moved(("automa_card", previous), ("automa", "card"),
                             ("automa", "discard")))
        out.append(Moved(("automa_card", _str(d["card"])), ("automa", "deck"),
                         ("automa", "card")))
        return out

    def _automa_track(self, d: dict[str, JSON]) -> list[Motion]:
        return [Changed(("automa", _str(d["track"])), _int(d["by"]), _int(d["to"]))]

    def _automa_object(self, d: dict[str, JSON]) -> list[Motion]:
        return [Moved(HIDDEN, ("pile", "objects"), ("automa", "zone"))]

    def _automa_explored(self, d: dict[str, JSON]) -> list[Motion]:
        card = d.get("card")
        if not isinstance(card, str):
            return []
        return [Moved(("card", card), ("zone", _int(d["cell"])), DISCARD)]

    def _loot(self, d: dict[str, JSON]) -> list[Motion]:
        # a player's Loot moves as it is installed or recruited; the Automa's goes to its zone
        if d.get("zone") != "automa":
            return []
        return [Moved(("card", _str(d["card"])), ("pile", "loot"), ("automa", "zone"))]

    def _pvp_track(self, d: dict[str, JSON]) -> list[Motion]:
        # Player vs. Player: a counter slides along its track, from one space to another
        track, seat, to = _str(d["track"]), _int(d["seat"]), _int(d["to"])
        return [Moved(("marker", track, seat), ("track", track, seat, to - _int(d["by"])),
                      ("track", track, seat, to))]

    def _target(self, d: dict[str, JSON]) -> list[Motion]:
        seat = _int(d["seat"])
        return [Moved(("target", seat), ("targets", seat),
                      ("box", _int(d["cell"]), _int(d["box"])))]
