"""Frontier Stations' card data: loading and schema checks.

Cards live in cards/frontier-stations/*.yaml. Every physical card (each copy) gets a small
integer index into `Content.systems` or `Content.threats`; the game state only holds indexes.
Resources are indexes into RESOURCES. A "unit" is one token to produce or consume, given as the
set of types it may be (the rulebook's slash); a list of units is several tokens.
"""

from __future__ import annotations

import hashlib
import re
from collections.abc import Iterator
from dataclasses import dataclass, replace
from pathlib import Path
from typing import Any, TypeAlias

from frostdesk.engine.catalogue import Doc, Path_, Problem, load_doc
from frostdesk.engine.game import JSON, ContentError

RESOURCES = ("energy", "medical", "shield", "engineering", "security")
NAMES = ("Energy", "Medical", "Shield", "Engineering", "Security")
ENERGY = 0
ALL = frozenset(range(5))
FILES = ("game.yaml", "nexus.yaml", "systems.yaml", "threats.yaml", "table.yaml")

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
    per_station: bool = False  # takes `consume` from each station next to it


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


# ---------------------------------------------------------------------------- loading

def _type(doc: Doc, path: Path_, value: object, allow: tuple[str, ...]) -> int | None:
    if value == "any" and "any" in allow:
        return None
    if value == "other" and "other" in allow:
        return None
    if isinstance(value, str) and value in RESOURCES:
        return RESOURCES.index(value)
    doc.problem(path, "expected one of " + ", ".join(RESOURCES + allow) + f", found {value!r}")
    return -1


def _units(doc: Doc, path: Path_, value: object) -> tuple[Unit, ...]:
    if not isinstance(value, list):
        doc.problem(path, "expected a list of units such as [[shield], [medical, energy]], "
                    f"found {value!r}")
        return ()
    units: list[Unit] = []
    for i, unit in enumerate(value):
        if not isinstance(unit, list) or not unit:
            doc.problem(path + (i,), f"expected a unit: a list of resource names, found {unit!r}")
            continue
        kinds: set[int] = set()
        for j, name in enumerate(unit):
            r = _type(doc, path + (i, j), name, ("any",))
            if r is None:
                kinds |= ALL
            elif r >= 0:
                kinds.add(r)
        if kinds:
            units.append(frozenset(kinds))
    return tuple(units)


def _numbers(doc: Doc, path: Path_, value: object) -> frozenset[int]:
    if not isinstance(value, list) or not value or not all(
            isinstance(n, int) and not isinstance(n, bool) and 1 <= n <= 12 for n in value):
        doc.problem(path, f"expected a list of numbers 1..12, found {value!r}")
        return frozenset()
    return frozenset(value)


def _storage(doc: Doc, path: Path_, value: object) -> tuple[tuple[int, ...], int]:
    caps = [0] * 5
    any_ = 0
    if value is None:
        return tuple(caps), 0
    if not isinstance(value, dict):
        doc.problem(path, f"expected a mapping such as {{energy: 2, any: 1}}, found {value!r}")
        return tuple(caps), 0
    for key, n in value.items():
        if not isinstance(n, int) or isinstance(n, bool) or not 1 <= n <= 9:
            doc.problem(path + (key,), f"expected a count 1..9, found {n!r}")
            continue
        if key == "any":
            any_ = n
        elif key in RESOURCES:
            caps[RESOURCES.index(key)] = n
        else:
            doc.problem(path + (key,),
                        "unknown key; expected one of " + ", ".join(RESOURCES + ("any",)))
    return tuple(caps), any_


def _copies(doc: Doc, path: Path_, card: dict[str, Any], seen: set[str]) -> list[str]:
    copies = doc.get(card, path, "copies", list, "a list of card ids, one per copy", default=[])
    out = []
    for i, cid in enumerate(copies):
        if not isinstance(cid, str) or not cid:
            doc.problem(path + ("copies", i), f"expected a card id, found {cid!r}")
        elif cid in seen:
            doc.problem(path + ("copies", i), f"card id {cid!r} is used twice")
        else:
            seen.add(cid)
            out.append(cid)
    return out


SYSTEM_KEYS = ("id", "name", "source", "copies", "cost", "activations", "storage", "convert",
               "salvage", "text")
THREAT_KEYS = ("id", "name", "deck", "source", "copies", "on", "consume", "per_station",
               "destroy", "reinforcements", "text")
FACE_KEYS = ("name", "source", "activations", "storage", "text")


def _system(doc: Doc, path: Path_, card: dict[str, Any], cid: str, index: int,
            nexus: bool = False) -> System:
    acts = []
    for i, act in enumerate(card.get("activations") or []):
        p = path + ("activations", i)
        doc.only_keys(act, p, ("on", "produce"))
        if not isinstance(act, dict):
            doc.problem(p, "expected a mapping with on and produce")
            continue
        on = _numbers(doc, p + ("on",), act.get("on"))
        produce = _units(doc, p + ("produce",), act.get("produce"))
        acts.append(Activation(on, produce))
    caps, any_ = _storage(doc, path + ("storage",), card.get("storage"))
    convert = None
    if "convert" in card:
        c = card["convert"]
        p = path + ("convert",)
        if not isinstance(c, dict):
            doc.problem(p, "expected {spend: TYPE|any, count: N, as: TYPE|other}")
        else:
            doc.only_keys(c, p, ("spend", "count", "as"))
            spend = _type(doc, p + ("spend",), c.get("spend"), ("any",))
            as_ = _type(doc, p + ("as",), c.get("as"), ("other",))
            count = doc.get(c, p, "count", int, "a count 1..5", default=1)
            convert = Convert(spend, count, as_)
    salvage = _units(doc, path + ("salvage",), card["salvage"]) if "salvage" in card else ()
    cost = 0 if nexus else doc.get(card, path, "cost", int, "a credit cost 1..12", default=1)
    if not nexus and not 1 <= cost <= 12:
        doc.problem(path + ("cost",), f"expected a credit cost 1..12, found {cost}")
    return System(
        index=index, id=cid, design=str(card.get("id", cid)),
        name=doc.get(card, path, "name", str, "the card's name", default=cid),
        source=doc.choice(card, path, "source", ("rulebook", "authored"), default="authored"),
        cost=cost, activations=tuple(acts), storage=caps, storage_any=any_, convert=convert,
        salvage=salvage, text=str(card.get("text", "")), nexus=nexus)


def _designs(doc: Doc, key: str, keys: tuple[str, ...], designs: set[str]
             ) -> Iterator[tuple[Path_, dict[str, Any], str]]:
    """Each card design listed under `key`: (path, mapping, design id), after the checks
    every design shares (a mapping, known keys, an id not used before)."""
    data = doc.data.get(key) if isinstance(doc.data, dict) else None
    if not isinstance(data, list):
        doc.problem((key,), f"expected a list of {key[:-1]} cards")
        return
    for i, card in enumerate(data):
        p = (key, i)
        if not isinstance(card, dict):
            doc.problem(p, f"expected a mapping for one {key[:-1]} card")
            continue
        doc.only_keys(card, p, keys)
        did = doc.get(card, p, "id", str, "a design id", default=f"{key[:-1]}-{i}")
        if did in designs:
            doc.problem(p + ("id",), f"design id {did!r} is used twice")
        designs.add(did)
        yield p, card, did


def _load(folder: Path) -> tuple[Content | None, list[Problem]]:
    problems: list[Problem] = []
    docs: dict[str, Doc] = {}
    for name in FILES:
        try:
            docs[name] = load_doc(folder / name)
        except ContentError as exc:
            # load_doc's message is "file:line: key: message"; keep its line and key
            m = re.match(r"(.*):(\d+): (\S+): (.*)", str(exc), re.DOTALL)
            problems.append(Problem(m[1], int(m[2]), m[3], m[4]) if m else
                            Problem(str(folder / name), 1, "(file)", str(exc)))
    if problems:
        return None, problems

    game = docs["game.yaml"]
    g = game.data if isinstance(game.data, dict) else {}
    if not isinstance(game.data, dict):
        game.problem((), "expected a mapping of game numbers")
    game.only_keys(g, (), ("title", "players", "threat_decks", "beacons", "upgrades"))
    players = game.get(g, (), "players", dict, "{min: 1, max: 6}", default={"min": 1, "max": 6})
    decks = game.get(g, (), "threat_decks", dict, "{keep: 20, remove: 5}",
                     default={"keep": 20, "remove": 5})
    upgrades = game.get(g, (), "upgrades", dict, "{max: 5, low_markers: 23, high_markers: 7}",
                        default={"max": 5, "low_markers": 23, "high_markers": 7})

    seen: set[str] = set()
    nexus = docs["nexus.yaml"]
    n = nexus.data if isinstance(nexus.data, dict) else {}
    if not isinstance(nexus.data, dict):
        nexus.problem((), "expected a mapping with faces and cards")
    faces: dict[str, System] = {}
    face_map = nexus.get(n, (), "faces", dict, "a mapping kind -> face", default={}) or {}
    for kind, face in face_map.items():
        nexus.only_keys(face, ("faces", kind), FACE_KEYS)
        if not isinstance(face, dict):
            nexus.problem(("faces", kind), "expected a mapping")
            continue
        faces[kind] = _system(nexus, ("faces", kind), face, f"nexus-{kind}", -1, nexus=True)
    for need in ("standard", "heavy", "light"):
        if need not in faces:
            nexus.problem(("faces",), f"missing the {need} face")
    cards: list[tuple[str, str, str]] = []
    for i, card in enumerate(nexus.get(n, (), "cards", list, "a list of cards", default=[]) or []):
        p: Path_ = ("cards", i)
        if not isinstance(card, dict):
            nexus.problem(p, "expected {id: ..., faces: [kind, kind]}")
            continue
        nexus.only_keys(card, p, ("id", "faces"))
        fs = card.get("faces")
        if not isinstance(fs, list) or len(fs) != 2 or not all(f in faces for f in fs):
            nexus.problem(p + ("faces",),
                          f"expected two face kinds among {sorted(faces)}, found {fs!r}")
            continue
        cid = nexus.get(card, p, "id", str, "a card id", default=f"nexus-{i}")
        if cid in seen:
            nexus.problem(p + ("id",), f"card id {cid!r} is used twice")
        seen.add(cid)
        cards.append((cid, fs[0], fs[1]))

    systems: list[System] = []
    sdoc = docs["systems.yaml"]
    designs: set[str] = set()
    for p, card, _did in _designs(sdoc, "systems", SYSTEM_KEYS, designs):
        copies = _copies(sdoc, p, card, seen)
        if copies:
            first = _system(sdoc, p, card, copies[0], len(systems))
            for cid in copies:
                systems.append(replace(first, id=cid, index=len(systems)))

    threats: list[Threat] = []
    tdoc = docs["threats.yaml"]
    for p, card, did in _designs(tdoc, "threats", THREAT_KEYS, designs):
        deck = tdoc.choice(card, p, "deck", ("early", "late"), default="early")
        reinf = bool(card.get("reinforcements", False))
        on: frozenset[int]
        consume: tuple[Unit, ...]
        destroy: tuple[Unit, ...]
        if reinf:
            on, consume, credits, destroy = frozenset(), (), 0, ()
        else:
            on = _numbers(tdoc, p + ("on",), card.get("on"))
            consume = _units(tdoc, p + ("consume",), card.get("consume"))
            d = tdoc.get(card, p, "destroy", dict, "{credits: N, resources: [[...]]}", default={})
            tdoc.only_keys(d, p + ("destroy",), ("credits", "resources"))
            credits = tdoc.get(d or {}, p + ("destroy",), "credits", int, "a credit cost",
                               default=1)
            destroy = (_units(tdoc, p + ("destroy", "resources"), d.get("resources", []))
                       if d else ())
        name = tdoc.get(card, p, "name", str, "the card's name", default=did)
        source = tdoc.choice(card, p, "source", ("rulebook", "authored"), default="authored")
        for cid in _copies(tdoc, p, card, seen):
            threats.append(Threat(
                index=len(threats), id=cid, design=did, name=name, source=source,
                deck=deck, on=on, consume=consume, credits=credits, destroy=destroy,
                reinforcements=reinf, text=str(card.get("text", "")),
                per_station=bool(card.get("per_station", False))))

    table = docs["table.yaml"]
    for doc in docs.values():
        problems.extend(doc.problems)
    if problems:
        return None, problems
    keep, remove = int(decks.get("keep", 20)), int(decks.get("remove", 5))
    for deck in ("early", "late"):
        count = sum(1 for t in threats if t.deck == deck)
        if count != keep + remove:
            problems.append(Problem(tdoc.file, 1, "threats",
                                    f"the {deck} deck has {count} cards; expected {keep + remove}"))
    if problems:
        return None, problems
    digest = hashlib.sha256()
    for name in FILES[:-1]:
        digest.update((folder / name).read_bytes())
    content = Content(
        folder=str(folder), title=str(g.get("title", "Frontier Stations")),
        min_players=int(players.get("min", 1)), max_players=int(players.get("max", 6)),
        keep=keep, remove=remove, beacons=int(g.get("beacons", 2)),
        max_upgrade=int(upgrades.get("max", 5)),
        markers_low=int(upgrades.get("low_markers", 23)),
        markers_high=int(upgrades.get("high_markers", 7)),
        nexus_faces=faces, nexus_cards=tuple(cards), systems=tuple(systems),
        threats=tuple(threats), table=table.data if isinstance(table.data, dict) else {},
        ruleset_hash=digest.hexdigest()[:16])
    return content, []


def validate(folder: Path) -> list[Problem]:
    return _load(Path(folder))[1]


def load_content(folder: Path) -> Content:
    content, problems = _load(Path(folder))
    if content is None:
        raise ContentError("\n".join(str(p) for p in problems))
    return content
