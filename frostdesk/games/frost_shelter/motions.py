"""What each Frost Shelter event did on the table, in the engine's motion vocabulary
(frostdesk/engine/motion.py). The table's UI plays these; it knows no event.

Names. Pieces: `("card", c)` a resource card (its index in `Content.card_ids`; `HIDDEN` when
the viewer may not see it), `("equip", e)` an equipment card, `("leader",)` the Leader card.
Zones: `("pile", "deck")` the resource deck, `("pile", "exp")` the Expedition deck,
`("pile", "discard")`, `("hand", seat)`, `("trick",)` (and `("trick", "expedition")` for a
card played with its player's Expedition card), `("colony", seat)`, `("equipment", seat)`,
`("market",)`, `("seat", seat)` (where the Leader card lies). Values: `("damage", seat)` on
the damage track, `("relic",)` and `("event",)` (the resource / Event card index),
`("event_no",)` (0-based), `("expedition_used", seat)` (1 once the seat's Expedition card is
used), `("trick", "winner")` (the seat that won the trick).
"""

from __future__ import annotations

from collections.abc import Callable

from frostdesk.engine.game import JSON, Event
from frostdesk.engine.motion import ALL, HIDDEN, Changed, Motion, Moved, Ref
from frostdesk.games.frost_shelter.content import RESOURCE_KEYS, Content

DECK: Ref = ("pile", "deck")
EXPEDITION: Ref = ("pile", "exp")
DISCARD: Ref = ("pile", "discard")
MARKET: Ref = ("market",)
TRICK: Ref = ("trick",)


def _int(value: JSON) -> int:
    return value if isinstance(value, int) else 0


def _ids(value: JSON) -> list[str]:
    return [str(x) for x in value] if isinstance(value, list) else []


class Motions:
    """`of(event)`: the motions of one event (built once per rules object)."""

    def __init__(self, content: Content) -> None:
        self.content = content
        self._equip = {e: i for i, e in enumerate(content.equipment_ids)}
        self._events = {ev.id: i for i, ev in enumerate(content.events)}
        self._kinds: dict[str, Callable[[dict[str, JSON]], list[Motion]]] = {
            "game_started": self._leader, "leader_chosen": self._leader,
            "leader_changed": self._leader, "equipment_dealt": self._equipment_dealt,
            "event_revealed": self._event_revealed, "hand_dealt": self._hand_dealt,
            "harpoon_used": self._harpoon_used, "equipment_used": self._equipment_used,
            "card_played": self._card_played, "trick_won": self._trick_won,
            "cards_collected": self._cards_collected,
            "to_expedition_deck": self._to_expedition_deck,
            "expedition_draw": self._expedition_draw, "damage_taken": self._damage_taken,
            "defended": self._defended, "equipment_bought": self._equipment_bought,
            "healed": self._healed, "cleanup": self._cleanup}

    def of(self, event: Event) -> list[Motion]:
        make = self._kinds.get(event.kind)
        return make(event.data) if make is not None else []

    # ------------------------------------------------------------------ names

    def card(self, card_id: str) -> Ref:
        return HIDDEN if card_id == "hidden" else ("card", self.content.card_index(card_id))

    def equip(self, equip_id: JSON) -> Ref:
        return ("equip", self._equip[str(equip_id)])

    def _cards(self, value: JSON, source: Ref | None, target: Ref) -> list[Motion]:
        return [Moved(self.card(x), source, target) for x in _ids(value)]

    # ------------------------------------------------------------------ events

    def _leader(self, d: dict[str, JSON]) -> list[Motion]:
        return [Moved(("leader",), None, ("seat", _int(d["leader"])))]

    def _equipment_dealt(self, d: dict[str, JSON]) -> list[Motion]:
        return [Moved(self.equip(d["equipment"]), MARKET, ("equipment", _int(d["seat"])))]

    def _event_revealed(self, d: dict[str, JSON]) -> list[Motion]:
        # every resource card is gathered into the deck for a fresh deal
        return [Moved(ALL, DISCARD, DECK), Moved(ALL, EXPEDITION, DECK),
                Changed(("event",), to=self._events[str(d["event"])]),
                Changed(("event_no",), to=_int(d["event_no"]) - 1),
                Changed(("relic",), to=RESOURCE_KEYS.index(str(d["relic"])))]

    def _hand_dealt(self, d: dict[str, JSON]) -> list[Motion]:
        hand: Ref = ("hand", _int(d["seat"]))
        if "cards" in d:
            return self._cards(d["cards"], DECK, hand)
        return [Moved(HIDDEN, DECK, hand) for _ in range(_int(d["count"]))]

    def _harpoon_used(self, d: dict[str, JSON]) -> list[Motion]:
        return [*self._equipment_used(d),
                Changed(("relic",), to=RESOURCE_KEYS.index(str(d["relic"])))]

    def _equipment_used(self, d: dict[str, JSON]) -> list[Motion]:
        return [Moved(self.equip(d["equipment"]), ("equipment", _int(d["seat"])), MARKET)]

    def _card_played(self, d: dict[str, JSON]) -> list[Motion]:
        seat = _int(d["seat"])
        if d["expedition"]:
            return [Changed(("expedition_used", seat), to=1),
                    Moved(self.card(str(d["card"])), ("hand", seat), ("trick", "expedition"))]
        return [Moved(self.card(str(d["card"])), ("hand", seat), TRICK)]

    def _trick_won(self, d: dict[str, JSON]) -> list[Motion]:
        return [Changed(("trick", "winner"), to=_int(d["winner"]))]

    def _cards_collected(self, d: dict[str, JSON]) -> list[Motion]:
        return self._cards(d["cards"], TRICK, ("colony", _int(d["seat"])))

    def _to_expedition_deck(self, d: dict[str, JSON]) -> list[Motion]:
        return self._cards(d["cards"], TRICK, EXPEDITION)

    def _expedition_draw(self, d: dict[str, JSON]) -> list[Motion]:
        return self._cards(d["cards"], EXPEDITION, ("colony", _int(d["seat"])))

    def _damage_taken(self, d: dict[str, JSON]) -> list[Motion]:
        return [Changed(("damage", _int(d["seat"])), by=_int(d["amount"]), to=_int(d["total"]))]

    def _defended(self, d: dict[str, JSON]) -> list[Motion]:
        return self._cards(d["cards"], ("colony", _int(d["seat"])), DISCARD)

    def _equipment_bought(self, d: dict[str, JSON]) -> list[Motion]:
        seat = _int(d["seat"])
        return [Moved(self.equip(d["equipment"]), MARKET, ("equipment", seat)),
                *self._cards(d["paid"], ("colony", seat), DISCARD)]

    def _healed(self, d: dict[str, JSON]) -> list[Motion]:
        seat = _int(d["seat"])
        out = self._cards(d.get("cards"), ("colony", seat), DISCARD)
        if d.get("equipment"):
            out += self._equipment_used(d)
        out.append(Changed(("damage", seat), by=-_int(d["amount"]), to=_int(d["total"])))
        return out

    def _cleanup(self, d: dict[str, JSON]) -> list[Motion]:
        return self._cards(d["discarded"], None, DISCARD)
