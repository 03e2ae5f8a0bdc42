"""What each Frontier Stations event did on the table, in the engine's motion vocabulary
(frostdesk/engine/motion.py). The table's UI plays these; it knows no event.

Names. Pieces: `("sys", c)` a system card (its index in `Content.systems`), `("threat", t)`
a threat card, `("captain",)` the Captain card, `("recent", a)` the marker on the threat that
came last to area a. Zones: `("pile", "systems" | "early" |
"late")` the decks, `("shop",)`, `("station", s)` (the cards a station has installed),
`("area", a)` (a threat area), `("gone",)` (off the table); a threat card is also the zone of
what is paid to it and of a Reinforcements card laid on it. Values: `("tok", s, r)` how many
tokens of resource r station s holds (the tokens' items are named `("tok", s, r, i)`),
`("beacon",)` the distress beacons left, `("mult", "sys", c)` / `("mult", "nexus", s)` /
`("mult", "threat", t)` a card's multiplier, `("held", s, i, r)` how many tokens of resource
r the i-th installed card of station s holds (tokens live on cards), `("turn",)` and
`("current",)` (the station whose turn it is). Dice: `("dice",)`.
"""

from __future__ import annotations

from collections.abc import Callable

from frostdesk.engine.game import JSON, Event
from frostdesk.engine.motion import ALL, Changed, Flipped, Motion, Moved, Ref, Rolled
from frostdesk.games.frontier_stations.content import Content

SHOP: Ref = ("shop",)
SYSTEMS: Ref = ("pile", "systems")


def _int(value: JSON) -> int:
    return value if isinstance(value, int) else 0


def _ints(value: JSON) -> list[int]:
    return [x for x in value if isinstance(x, int)] if isinstance(value, list) else []


class Motions:
    """`of(event)`: the motions of one event (built once per rules object)."""

    def __init__(self, content: Content) -> None:
        self._systems = {c.id: c.index for c in content.systems}
        self._threats = {t.id: t.index for t in content.threats}
        self._kinds: dict[str, Callable[[dict[str, JSON]], list[Motion]]] = {
            "setup": self._setup, "roll": self._roll, "threat_paid": self._threat_paid,
            "beacon": self._beacon, "produced": self._produced, "installed": self._installed,
            "upgraded": self._upgraded, "destroyed": self._destroyed,
            "threat_drawn": self._threat_drawn, "reinforced": self._reinforced,
            "reinforcements_discarded": self._discarded,
            "captain_passed": self._captain_passed, "shop_refreshed": self._shop_refreshed,
            "turn": self._turn}

    def of(self, event: Event) -> list[Motion]:
        make = self._kinds.get(event.kind)
        out = make(event.data) if make is not None else []
        return out + self._held(event.kind, event.data)

    @staticmethod
    def _held(kind: str, d: dict[str, JSON]) -> list[Motion]:
        """Which card holds the tokens (tokens live on cards): a setup or a production says
        what each card of the station(s) holds after it (`held`), and an event that takes
        tokens says which card each leaves (`taken`)."""
        out: list[Motion] = []
        held = d.get("held")
        if kind in ("setup", "produced") and isinstance(held, list):
            stations = list(enumerate(held)) if kind == "setup" \
                else [(_int(d.get("station")), held)]
            for st, cards in stations:
                for slot, counts in enumerate(cards if isinstance(cards, list) else []):
                    for r, n in enumerate(_ints(counts)):
                        out.append(Changed(("held", st, slot, r), to=n))
        taken = d.get("taken")
        for entry in taken if isinstance(taken, list) else []:
            st, slot, r, k = (_ints(entry) + [0, 0, 0, 0])[:4]
            out.append(Changed(("held", st, slot, r), by=-k))
        return out

    # ------------------------------------------------------------------ names

    def system(self, card_id: JSON) -> Ref:
        return ("sys", self._systems[str(card_id)])

    def threat(self, threat_id: JSON) -> Ref:
        return ("threat", self._threats[str(threat_id)])

    @staticmethod
    def _spent(spent: JSON, place: Ref | None) -> list[Motion]:
        """The tokens each paying station gave up, going to `place` (None: the stock)."""
        out: list[Motion] = []
        if isinstance(spent, dict):
            for station, counts in spent.items():
                for r, k in enumerate(_ints(counts)):
                    if k:
                        out.append(Changed(("tok", int(station), r), by=-k, place=place))
        return out

    # ------------------------------------------------------------------ events

    def _setup(self, d: dict[str, JSON]) -> list[Motion]:
        shop = d["shop"] if isinstance(d["shop"], list) else []
        out: list[Motion] = [Moved(self.system(c), SYSTEMS, SHOP) for c in shop]
        rows = d["resources"] if isinstance(d["resources"], list) else []
        for station, counts in enumerate(rows):
            for r, k in enumerate(_ints(counts)):
                if k:
                    out.append(Changed(("tok", station, r), by=k, to=k))
        return out

    def _roll(self, d: dict[str, JSON]) -> list[Motion]:
        return [Rolled(("dice",), tuple(_ints(d["dice"])))]

    def _threat_paid(self, d: dict[str, JSON]) -> list[Motion]:
        return self._spent(d["spent"], self.threat(d["threat"]))

    def _beacon(self, d: dict[str, JSON]) -> list[Motion]:
        return [Changed(("beacon",), by=-1, to=_int(d["beacons_left"]),
                        place=self.threat(d["threat"]))]

    def _produced(self, d: dict[str, JSON]) -> list[Motion]:
        station = _int(d["station"])
        after = _ints(d["resources"])
        return [Changed(("tok", station, r), by=k, to=after[r])
                for r, k in enumerate(_ints(d["kept"])) if k]

    def _installed(self, d: dict[str, JSON]) -> list[Motion]:
        return [*self._spent(d["spent"], None),
                Moved(self.system(d["card"]), SHOP, ("station", _int(d["station"])))]

    def _upgraded(self, d: dict[str, JSON]) -> list[Motion]:
        card = str(d["card"])
        piece = self.system(card) if card in self._systems else ("nexus", _int(d["station"]))
        return [*self._spent(d["spent"], None),
                Changed(("mult", *piece), to=_int(d["multiplier"]))]

    def _destroyed(self, d: dict[str, JSON]) -> list[Motion]:
        threat = self.threat(d["threat"])
        out = [*self._spent(d["spent"], threat),
               Changed(("mult", *threat), to=_int(d["multiplier"]))]
        if not d["face_up"]:
            out.append(Flipped(threat, False))
        return out

    def _threat_drawn(self, d: dict[str, JSON]) -> list[Motion]:
        area = _int(d["area"])
        threat = self.threat(d["threat"])
        return [Moved(threat, ("pile", str(d["deck"])), ("area", area)),
                Moved(("recent", area), None, threat)]

    def _reinforced(self, d: dict[str, JSON]) -> list[Motion]:
        target = self.threat(d["target"])
        return [Moved(self.threat(d["threat"]), ("pile", str(d["deck"])), target),
                Changed(("mult", *target), to=_int(d["multiplier"])), Flipped(target, True)]

    def _discarded(self, d: dict[str, JSON]) -> list[Motion]:
        return [Moved(self.threat(d["threat"]), ("pile", str(d["deck"])), ("gone",))]

    def _captain_passed(self, d: dict[str, JSON]) -> list[Motion]:
        return [Moved(("captain",), ("station", _int(d["old"])),
                      ("station", _int(d["captain"])))]

    def _shop_refreshed(self, d: dict[str, JSON]) -> list[Motion]:
        shop = d["shop"] if isinstance(d["shop"], list) else []
        return [Moved(ALL, SHOP, SYSTEMS), *(Moved(self.system(c), SYSTEMS, SHOP) for c in shop)]

    def _turn(self, d: dict[str, JSON]) -> list[Motion]:
        return [Changed(("turn",), to=_int(d["turn"])),
                Changed(("current",), to=_int(d["station"]))]
