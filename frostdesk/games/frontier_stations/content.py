"""Frontier Stations' card data: loading and schema checks.

Cards live in cards/frontier-stations/*.yaml. Every physical card (each copy) gets a small
integer index into `Content.systems` or `Content.threats`; the game state only holds indexes.
Resources are indexes into RESOURCES. A "unit" is one token to produce or consume, given as the
set of types it may be (the rulebook's slash); a list of units is several tokens.
"""

from __future__ import annotations

import hashlib
from dataclasses import dataclass, replace
from pathlib import Path
from typing import Any, TypeAlias

from frostdesk.engine.catalogue import Doc, Problem
from frostdesk.engine.game import JSON, ContentError
from frostdesk.engine.schema import (
    ID,
    Bool,
    Dict,
    Enum,
    Int,
    List,
    Map,
    Num,
    OneOf,
    Schema,
    Str,
    check_folder,
    checked,
)

RESOURCES = ("energy", "medical", "shield", "engineering", "security")
NAMES = ("Energy", "Medical", "Shield", "Engineering", "Security")
ENERGY = 0
ALL = frozenset(range(5))
NEXUS_KINDS = ("standard", "heavy", "light")

Unit: TypeAlias = frozenset[int]  # resource indexes, any one of which pays


@dataclass(frozen=True, slots=True)
class Activation:
    on: frozenset[int]
    produce: tuple[Unit, ...]


@dataclass(frozen=True, slots=True)
class Convert:
    """Spend `count` of `spend` (a resource, or None for any) as one `as_` (a resource, or None
    for any type other than the one spent)."""

    spend: int | None
    count: int
    as_: int | None

    def makes(self, spent: int, wanted: int) -> bool:
        if self.spend is not None and spent != self.spend:
            return False
        if self.as_ is None:
            return wanted != spent
        return wanted == self.as_


@dataclass(frozen=True, slots=True)
class System:
    index: int
    id: str  # physical card id (copy)
    design: str
    name: str
    source: str
    cost: int
    activations: tuple[Activation, ...]
    storage: tuple[int, ...]  # per resource
    storage_any: int
    convert: Convert | None
    salvage: tuple[Unit, ...]
    text: str
    nexus: bool = False
    spill: bool = False  # takes the station's new tokens that have no room on their card
    authored: tuple[str, ...] = ()  # on a rulebook card: the fields that are ours

    @property
    def numbers(self) -> frozenset[int]:
        out: set[int] = set()
        for act in self.activations:
            out |= act.on
        return frozenset(out)


@dataclass(frozen=True, slots=True)
class Threat:
    index: int
    id: str
    design: str
    name: str
    source: str
    deck: str  # early | late
    on: frozenset[int]
    consume: tuple[Unit, ...]
    credits: int
    destroy: tuple[Unit, ...]
    reinforcements: bool
    text: str
    per_station: bool = False  # takes `consume` once per station next to it
    authored: tuple[str, ...] = ()  # on a rulebook card: the fields that are ours


@dataclass(frozen=True, slots=True)
class Content:
    folder: str
    title: str
    min_players: int
    max_players: int
    keep: int  # threats kept per deck after removing some unseen
    remove: int
    beacons: int
    max_upgrade: int
    markers_low: int  # x2/x3 markers
    markers_high: int  # x4/x5 markers
    supply: tuple[int, ...]  # tokens in the box, per resource
    nexus_faces: dict[str, System]  # kind -> face (a System with nexus=True)
    nexus_cards: tuple[tuple[str, str, str], ...]  # (card id, face kind, face kind)
    systems: tuple[System, ...]
    threats: tuple[Threat, ...]
    table: dict[str, JSON]  # table.yaml as it is: the layout the UI draws
    ruleset_hash: str

    def early(self) -> list[int]:
        return [t.index for t in self.threats if t.deck == "early"]

    def late(self) -> list[int]:
        return [t.index for t in self.threats if t.deck == "late"]


def unit_text(unit: Unit) -> str:
    if unit == ALL:
        return "Any"
    return "/".join(NAMES[r] for r in sorted(unit))


def units_text(units: tuple[Unit, ...]) -> str:
    if not units:
        return "nothing"
    counts: dict[str, int] = {}
    for u in units:
        key = unit_text(u)
        counts[key] = counts.get(key, 0) + 1
    return ", ".join(f"{n} {k}" for k, n in counts.items())


def numbers_text(numbers: frozenset[int] | set[int]) -> str:
    """Activation numbers the way the cards print them: runs as '3-5', others with '/'."""
    nums = sorted(numbers)
    parts: list[str] = []
    i = 0
    while i < len(nums):
        j = i
        while j + 1 < len(nums) and nums[j + 1] == nums[j] + 1:
            j += 1
        parts.append(f"{nums[i]}-{nums[j]}" if j - i >= 2 else "/".join(map(str, nums[i:j + 1])))
        i = j + 1
    return "/".join(parts)


def chance(numbers: frozenset[int] | set[int], dice: int) -> int:
    """Ways out of 6 (one die) or 36 (two dice) that a roll hits one of `numbers`."""
    if dice == 1:
        return sum(1 for n in numbers if 1 <= n <= 6)
    return sum(6 - abs(7 - n) for n in numbers if 2 <= n <= 12)


# ---------------------------------------------------------------------------- the files' shapes

SOURCE = Enum(("rulebook", "authored"))
PLAYERS = Int(min=1, what="a number of players")
UNIT = List(Enum(RESOURCES + ("any",)), min_len=1, what="a unit: a list of resource names")
UNITS = List(UNIT, what="a list of units such as [[shield], [medical, energy]]")
NUMBERS = List(Int(1, 12, "a number 1..12"), min_len=1, what="a list of numbers 1..12")
COPIES = List(Str(ID, "a card id"), min_len=1, what="a list of card ids, one per copy")
STORAGE = Map({key: Int(1, 9, "a count 1..9") for key in RESOURCES + ("any",)},
              optional=RESOURCES + ("any",), what="a mapping such as {energy: 2, any: 1}")
SYSTEM_PARTS = ("cost", "on", "activations", "storage", "convert", "salvage", "text")
THREAT_PARTS = ("on", "consume", "per_station", "credits", "destroy", "text")
FACE_FIELDS: dict[str, Schema] = {
    "name": Str(what="the card's name"), "source": SOURCE,
    "authored": List(Enum(SYSTEM_PARTS), what="the fields of a rulebook card that are ours"),
    "activations": List(Map({"on": NUMBERS, "produce": UNITS},
                            what="a mapping with on and produce"), what="a list of activations"),
    "storage": STORAGE, "text": Str(what="the card's text"),
}
FACE = Map(FACE_FIELDS, optional=("activations", "storage", "text", "authored"),
           what="a Nexus face")
SYSTEM = Map({
    "id": Str(ID, "a design id"), **FACE_FIELDS, "copies": COPIES,
    "cost": Int(1, 12, "a credit cost 1..12"),
    "convert": Map({"spend": Enum(RESOURCES + ("any",)), "count": Int(1, 5, "a count 1..5"),
                    "as": Enum(RESOURCES + ("other",))},
                   what="{spend: TYPE|any, count: N, as: TYPE|other}"),
    "salvage": UNITS,
    "spill": Bool(),
}, optional=("activations", "storage", "text", "convert", "salvage", "spill", "authored"),
    what="a mapping for one system card")
THREAT_FIELDS: dict[str, Schema] = {
    "id": Str(ID, "a design id"), "name": Str(what="the card's name"),
    "deck": Enum(("early", "late")), "source": SOURCE, "copies": COPIES,
    "text": Str(what="the card's text"),
    "authored": List(Enum(THREAT_PARTS), what="the fields of a rulebook card that are ours"),
}
THREAT = OneOf([
    Map({**THREAT_FIELDS, "on": NUMBERS, "consume": UNITS, "per_station": Bool(),
         "destroy": Map({"credits": Int(min=0, what="a credit cost"), "resources": UNITS},
                        optional=("resources",), what="{credits: N, resources: [[...]]}")},
        optional=("text", "per_station", "authored"), what="a mapping for one threat card"),
    # Reinforcements: no numbers, nothing to consume or destroy (the rules handle it)
    Map({**THREAT_FIELDS, "reinforcements": Enum((True,), "true")},
        optional=("text", "authored"),
        what="a mapping for one threat card"),
])
TABLE_UNITS = Num("a number of table units")
SIZE = Map({"w": TABLE_UNITS, "h": TABLE_UNITS}, what="{w: N, h: N}")

SCHEMAS: dict[str, Schema] = {
    "game.yaml": Map({
        "title": Str(what="the game's title"),
        "players": Map({"min": PLAYERS, "max": PLAYERS}, what="{min: 1, max: 6}"),
        "threat_decks": Map({"keep": Int(min=1), "remove": Int(min=0)},
                            what="{keep: 20, remove: 5}"),
        "beacons": Int(min=0, what="a number of distress beacons"),
        "upgrades": Map({"max": Int(min=1), "low_markers": Int(min=0),
                         "high_markers": Int(min=0)},
                        what="{max: 5, low_markers: 23, high_markers: 7}"),
        "supply": Map({r: Int(min=6, what="a number of tokens, at least one per station")
                       for r in RESOURCES},
                      what="tokens per resource, such as {energy: 48, medical: 32, ...}"),
    }, what="a mapping of game numbers"),
    "nexus.yaml": Map({
        "faces": Map({kind: FACE for kind in NEXUS_KINDS}, what="a mapping kind -> face"),
        "cards": List(Map({
            "id": Str(ID, "a card id"),
            "faces": List(Enum(NEXUS_KINDS), min_len=2, max_len=2,
                          what="two face kinds among " + ", ".join(NEXUS_KINDS)),
        }, what="{id: ..., faces: [kind, kind]}"), what="a list of cards"),
    }, what="a mapping with faces and cards"),
    "systems.yaml": Map({"systems": List(SYSTEM, what="a list of system cards")},
                        what="a mapping with systems"),
    "threats.yaml": Map({"threats": List(THREAT, what="a list of threat cards")},
                        what="a mapping with threats"),
    # read by the table view (frostdesk/ui/games/frontier_stations/geometry.py and ring.py),
    # not the rules: the ring is laid out for the window, these are its proportions
    "table.yaml": Map({
        "size": SIZE, "reference": SIZE, "card": SIZE,
        "card_min_px": Num("the smallest card width on screen, in pixels"),
        "gap": TABLE_UNITS,
        "layouts": Dict(Int(1, 6, "a number of stations 1..6"), Map({
            "card_max": Num("a scale such as 1.6"),
            "typical": Map({"station": Int(min=1), "area": Int(min=1)},
                           what="{station: cards, area: threats}"),
        }, optional=("card_max",), what="the ring's proportions for this many stations"),
            what="a mapping from number of stations to its ring"),
    }, optional=("card", "gap", "reference", "card_min_px"),
        what="a mapping with size and layouts"),
}
FILES = tuple(SCHEMAS)


# ---------------------------------------------------------------------------- loading

def validate(folder: Path) -> list[Problem]:
    """All problems in the folder's YAML (empty when valid)."""
    return _load(Path(folder))[1]


def load_content(folder: Path) -> Content:
    """Load and check all of Frontier Stations' YAML; raise ContentError listing every problem."""
    content, problems = _load(Path(folder))
    if content is None:
        raise ContentError("\n".join(str(p) for p in problems))
    return content


def _load(folder: Path) -> tuple[Content | None, list[Problem]]:
    docs, problems = check_folder(folder, SCHEMAS, _cross_check)
    return (None, problems) if problems else (_content(folder, docs), [])


def _cross_check(docs: dict[str, Doc]) -> None:
    """What the schemas cannot say: every design id and card id used once, the deck sizes,
    and the table's proportions for every number of stations."""
    g, nexus, systems, threats, table_data = checked(docs)
    card_ids: set[str] = set()
    for i, card in enumerate(nexus["cards"]):
        if card["id"] in card_ids:
            docs["nexus.yaml"].problem(("cards", i, "id"),
                                       f"card id {card['id']!r} is used twice")
        card_ids.add(card["id"])
    designs: set[str] = set()
    for name, key, cards in (("systems.yaml", "systems", systems["systems"]),
                             ("threats.yaml", "threats", threats["threats"])):
        doc = docs[name]
        for i, card in enumerate(cards):
            if card["id"] in designs:
                doc.problem((key, i, "id"), f"design id {card['id']!r} is used twice")
            designs.add(card["id"])
            for j, cid in enumerate(card["copies"]):
                if cid in card_ids:
                    doc.problem((key, i, "copies", j), f"card id {cid!r} is used twice")
                card_ids.add(cid)
    # "authored" lists what is ours on a card the rulebook names; an authored card is all ours
    for name, key, cards in (("systems.yaml", "systems", systems["systems"]),
                             ("threats.yaml", "threats", threats["threats"])):
        for i, card in enumerate(cards):
            if card.get("authored") and card["source"] != "rulebook":
                docs[name].problem((key, i, "authored"), "only a rulebook card lists the "
                                   "fields that are ours (an authored card is all ours)")
    # tokens live on the card that makes them: a card must have room for what it makes
    for i, card in enumerate(systems["systems"]):
        store = card.get("storage", {})
        made = [u for act in card.get("activations", ()) for u in act["produce"]]
        made += card.get("salvage", [])
        for unit in made:
            if "any" not in store and not any(store.get(r, 0) for r in unit if r != "any"):
                docs["systems.yaml"].problem(
                    ("systems", i, "storage"),
                    f"{card['id']} makes {'/'.join(unit)} but has no room for it")
                break
        if card.get("spill") and not store:
            docs["systems.yaml"].problem(("systems", i, "spill"),
                                         f"{card['id']} takes spilled tokens but stores none")
        if store and not made and not card.get("spill"):
            docs["systems.yaml"].problem(
                ("systems", i, "storage"),
                f"{card['id']} stores tokens but nothing ever puts any on it")
    table = docs["table.yaml"]
    layouts = table_data["layouts"]
    for n in range(g["players"]["min"], g["players"]["max"] + 1):
        if n not in layouts:
            table.problem(("layouts",), f"expected a layout for {n} stations")
    for n in layouts:
        if not g["players"]["min"] <= n <= g["players"]["max"]:
            table.problem(("layouts", n), f"no game has {n} stations")
    deck_size = g["threat_decks"]["keep"] + g["threat_decks"]["remove"]
    for deck in ("early", "late"):
        count = sum(len(t["copies"]) for t in threats["threats"] if t["deck"] == deck)
        if count != deck_size:
            docs["threats.yaml"].problem(
                ("threats",), f"the {deck} deck has {count} cards; expected {deck_size}")


def _unit(names: list[str]) -> Unit:
    return ALL if "any" in names else frozenset(RESOURCES.index(n) for n in names)


def _units(units: list[list[str]]) -> tuple[Unit, ...]:
    return tuple(_unit(u) for u in units)


def _system(card: dict[str, Any], cid: str, index: int, nexus: bool = False) -> System:
    storage = card.get("storage", {})
    convert = card.get("convert")
    return System(
        index=index, id=cid, design=card.get("id", cid), name=card["name"],
        source=card["source"], cost=0 if nexus else card["cost"],
        activations=tuple(Activation(frozenset(a["on"]), _units(a["produce"]))
                          for a in card.get("activations", ())),
        storage=tuple(storage.get(r, 0) for r in RESOURCES), storage_any=storage.get("any", 0),
        convert=None if convert is None else Convert(
            spend=RESOURCES.index(convert["spend"]) if convert["spend"] in RESOURCES else None,
            count=convert["count"],
            as_=RESOURCES.index(convert["as"]) if convert["as"] in RESOURCES else None),
        salvage=_units(card.get("salvage", ())), text=card.get("text", ""), nexus=nexus,
        spill=card.get("spill", False), authored=tuple(card.get("authored", ())))


def _content(folder: Path, docs: dict[str, Doc]) -> Content:
    """The Content of files that passed every check."""
    g, nexus, systems_data, threats_data, table = checked(docs)
    systems: list[System] = []
    for card in systems_data["systems"]:
        first = _system(card, card["copies"][0], len(systems))
        for cid in card["copies"]:
            systems.append(replace(first, id=cid, index=len(systems)))
    threats: list[Threat] = []
    for card in threats_data["threats"]:
        reinforcements = card.get("reinforcements", False)
        for cid in card["copies"]:
            threats.append(Threat(
                index=len(threats), id=cid, design=card["id"], name=card["name"],
                source=card["source"], deck=card["deck"], on=frozenset(card.get("on", ())),
                consume=_units(card.get("consume", ())),
                credits=0 if reinforcements else card["destroy"]["credits"],
                destroy=() if reinforcements else _units(card["destroy"].get("resources", ())),
                reinforcements=reinforcements, text=card.get("text", ""),
                per_station=card.get("per_station", False),
                authored=tuple(card.get("authored", ()))))
    digest = hashlib.sha256()
    for name in FILES[:-1]:  # not table.yaml: moving a box must not invalidate saves
        digest.update((folder / name).read_bytes())
    return Content(
        folder=str(folder), title=g["title"],
        min_players=g["players"]["min"], max_players=g["players"]["max"],
        keep=g["threat_decks"]["keep"], remove=g["threat_decks"]["remove"],
        beacons=g["beacons"], max_upgrade=g["upgrades"]["max"],
        markers_low=g["upgrades"]["low_markers"], markers_high=g["upgrades"]["high_markers"],
        supply=tuple(g["supply"][r] for r in RESOURCES),
        nexus_faces={kind: _system(face, f"nexus-{kind}", -1, nexus=True)
                     for kind, face in nexus["faces"].items()},
        nexus_cards=tuple((c["id"], c["faces"][0], c["faces"][1]) for c in nexus["cards"]),
        systems=tuple(systems), threats=tuple(threats), table=table,
        ruleset_hash=digest.hexdigest()[:16])
