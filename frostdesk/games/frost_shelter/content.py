"""Frost Shelter's card data: loading, schema checks and the requirement matcher.

Cards live in cards/frost-shelter/*.yaml. Resource cards become small integers in the game
state (index into `Content.cards`); Events and Equipment are referred to by index too.
"""

from __future__ import annotations

import hashlib
from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from itertools import combinations, product
from pathlib import Path
from typing import Any

from frostdesk.engine.catalogue import Doc, Path_, Problem, load_doc
from frostdesk.engine.game import JSON, ContentError

RESOURCE_KEYS = ("fuel", "water", "food", "tools")
FILES = ("game.yaml", "resources.yaml", "events.yaml", "equipment.yaml", "table.yaml")
REQUIREMENT_KEYS = ("defends", "cards", "value_below", "value_at_least", "resources",
                    "resource", "total_at_least", "total_at_most", "relics")
EFFECTS = {
    "prevent_event_damage": int,  # Tarp: the Event deals this much less to you
    "ignore_excess": int,  # Chest: this many cards over Max do not cause Frost Bite
    "expedition_bonus": int,  # Bag: draw this many more on an Expedition
    "change_relic": bool,  # Harpoon: name a new Relic before the first trick
    "heal": int,  # Medkit: heal this much at the Infirmary
    "collect_bonus": int,  # Sled: collect this many more when you win a trick
}


@dataclass(frozen=True, slots=True)
class Requirement:
    """A set of cards an Event asks for (or an Equipment costs). Fields mirror the YAML keys."""

    cards: int
    defends: int = 0
    value_below: int | None = None
    value_at_least: int | None = None
    resources: str = "any"
    resource: str | None = None
    total_at_least: int | None = None
    total_at_most: int | None = None
    relics: str = "allowed"

    def matches(self, values: Sequence[int], resources: Sequence[int], relic: int) -> bool:
        """True when these cards (values and resource indexes, same order) fit exactly."""
        if len(values) != self.cards:
            return False
        if self.value_below is not None and max(values) >= self.value_below:
            return False
        if self.value_at_least is not None and min(values) < self.value_at_least:
            return False
        if self.resources == "same" and len(set(resources)) != 1:
            return False
        if self.resources == "all_different" and len(set(resources)) != len(resources):
            return False
        if self.resource is not None:
            want = relic if self.resource == "relic" else RESOURCE_KEYS.index(self.resource)
            if any(r != want for r in resources):
                return False
        if self.relics == "forbidden" and relic in resources:
            return False
        total = sum(values)
        if self.total_at_least is not None and total < self.total_at_least:
            return False
        return self.total_at_most is None or total <= self.total_at_most

    def describe(self, resource_names: Sequence[str] = ("Fuel", "Water", "Food", "Tools")) -> str:
        """The requirement in words, e.g. '3 cards under 5, all different resources'."""
        noun = "card" if self.cards == 1 else "cards"
        if self.resource == "relic":
            noun = "Relic " + noun
        elif self.resource is not None:
            noun = resource_names[RESOURCE_KEYS.index(self.resource)] + " " + noun
        parts = [f"{self.cards} {noun}"]
        if self.value_below is not None:
            parts.append(f"each under {self.value_below}")
        if self.value_at_least is not None:
            parts.append(f"each {self.value_at_least} or more")
        if self.resources == "same":
            parts.append("same resource")
        elif self.resources == "all_different":
            parts.append("all different resources")
        if self.total_at_least is not None:
            parts.append(f"totalling {self.total_at_least}+")
        if self.total_at_most is not None:
            parts.append(f"totalling {self.total_at_most} or less")
        if self.relics == "forbidden":
            parts.append("no Relics")
        return ", ".join(parts)

    def _candidates(self, hand: Sequence[int], values: Sequence[int], res: Sequence[int],
                    relic: int) -> list[int]:
        """The cards that could be part of a fitting set (per-card conditions only)."""
        want = None
        if self.resource is not None:
            want = relic if self.resource == "relic" else RESOURCE_KEYS.index(self.resource)
        below, at_least = self.value_below, self.value_at_least
        no_relic = self.relics == "forbidden"
        out = []
        for c in sorted(hand):
            v = values[c]
            if below is not None and v >= below:
                continue
            if at_least is not None and v < at_least:
                continue
            r = res[c]
            if want is not None and r != want:
                continue
            if no_relic and r == relic:
                continue
            out.append(c)
        return out

    def _fits(self, combo: tuple[int, ...], values: Sequence[int], res: Sequence[int]) -> bool:
        """Set conditions for cards that already passed `_candidates`."""
        if self.resources == "same":
            r0 = res[combo[0]]
            if any(res[c] != r0 for c in combo):
                return False
        elif self.resources == "all_different" and len({res[c] for c in combo}) != len(combo):
            return False
        if self.total_at_least is not None or self.total_at_most is not None:
            total = sum(values[c] for c in combo)
            if self.total_at_least is not None and total < self.total_at_least:
                return False
            if self.total_at_most is not None and total > self.total_at_most:
                return False
        return True

    def choices(self, hand: Sequence[int], values: Sequence[int], res: Sequence[int],
                relic: int) -> list[tuple[int, ...]]:
        """Every set of cards from `hand` (card ints) that fits, as sorted tuples."""
        cands = self._candidates(hand, values, res, relic)
        k = self.cards
        if len(cands) < k:
            return []
        lo, hi = self.total_at_least, self.total_at_most
        if self.resources == "same":
            groups: dict[int, list[int]] = {}
            for c in cands:
                groups.setdefault(res[c], []).append(c)
            pools = [combinations(g, k) for g in groups.values() if len(g) >= k]
            combos = [combo for pool in pools for combo in pool]
        elif self.resources == "all_different":
            groups = {}
            for c in cands:
                groups.setdefault(res[c], []).append(c)
            if len(groups) < k:
                return []
            combos = [tuple(sorted(p)) for rs in combinations(sorted(groups), k)
                      for p in product(*(groups[r] for r in rs))]
        else:
            combos = list(combinations(cands, k))
        if lo is None and hi is None:
            return sorted(combos)
        out = []
        for combo in combos:
            total = 0
            for c in combo:
                total += values[c]
            if (lo is None or total >= lo) and (hi is None or total <= hi):
                out.append(combo)
        return sorted(out)

    def any_choice(self, hand: Sequence[int], values: Sequence[int], res: Sequence[int],
                   relic: int) -> bool:
        """True when at least one set of cards from `hand` fits (stops at the first)."""
        cands = self._candidates(hand, values, res, relic)
        if len(cands) < self.cards:
            return False
        return any(self._fits(combo, values, res) for combo in combinations(cands, self.cards))


@dataclass(frozen=True, slots=True)
class EventCard:
    id: str
    name: str
    source: str
    flavour: str
    damage: int
    max: int
    requirements: tuple[Requirement, ...]


@dataclass(frozen=True, slots=True)
class EquipmentType:
    type: str
    name: str
    source: str
    cost: Requirement
    effect: tuple[tuple[str, int], ...]  # (verb, amount); change_relic's is True (a bool)
    text: str

    def effect_value(self, verb: str) -> int | None:
        for key, value in self.effect:
            if key == verb:
                return value
        return None


@dataclass(frozen=True, slots=True)
class Rules:
    min_players: int
    max_players: int
    deal: dict[int, int]
    collect: dict[int, tuple[int, ...]]
    events_per_game: int
    frost_bite_per_card: int
    hibernation_prevents: int
    expedition_draw: int
    infirmary_different: int
    infirmary_heals: int
    purchase_rounds: int
    starting_equipment: tuple[str, ...]


@dataclass(frozen=True)
class Content:
    """Everything Frost Shelter reads from its YAML, in the shapes the rules use."""

    title: str
    rules: Rules
    resource_names: tuple[str, ...]
    resource_colours: tuple[str, ...]
    resource_icons: tuple[str, ...]
    card_ids: tuple[str, ...]
    card_resource: tuple[int, ...]
    card_value: tuple[int, ...]
    card_source: tuple[str, ...]
    relic_ids: tuple[str, ...]
    events: tuple[EventCard, ...]
    equipment_types: tuple[EquipmentType, ...]
    equipment_ids: tuple[str, ...]
    equipment_type_of: tuple[int, ...]  # equipment card index -> index in equipment_types
    table: dict[str, JSON]  # table.yaml as it is: the layout the UI draws
    ruleset_hash: str

    def card_index(self, card_id: str) -> int:
        return self.card_ids.index(card_id)

    def equip(self, card: int) -> EquipmentType:
        return self.equipment_types[self.equipment_type_of[card]]


def _requirement(doc: Doc, obj: object, path: Path_, cost: bool) -> Requirement | None:
    if not isinstance(obj, dict):
        doc.problem(path, "expected a mapping of requirement keys")
        return None
    doc.only_keys(obj, path, REQUIREMENT_KEYS)
    before = len(doc.problems)
    cards = doc.get(obj, path, "cards", int, "a whole number of cards")
    defends = doc.get(obj, path, "defends", int, "damage defended (whole number)",
                      required=not cost, default=0)
    ints = {}
    for key in ("value_below", "value_at_least", "total_at_least", "total_at_most"):
        ints[key] = doc.get(obj, path, key, int, "a whole number", required=False)
    resources = doc.choice(obj, path, "resources", ("any", "same", "all_different"),
                           required=False, default="any")
    resource = doc.choice(obj, path, "resource", RESOURCE_KEYS + ("relic",), required=False)
    relics = doc.choice(obj, path, "relics", ("allowed", "forbidden"), required=False,
                        default="allowed")
    if isinstance(cards, int) and cards < 1:
        doc.problem(path + ("cards",), "expected at least 1")
    if len(doc.problems) != before:
        return None
    assert cards is not None  # a missing or mistyped count was a problem above
    return Requirement(cards=cards, defends=defends or 0, resources=resources or "any",
                       resource=resource, relics=relics or "allowed", **ints)


def _int_map(doc: Doc, obj: object, path: Path_, key: str) -> dict[int, Any]:
    value = doc.get(obj, path, key, dict, "a mapping from player count to numbers")
    return {int(k): v for k, v in (value or {}).items() if isinstance(k, int)}


def _check_game(doc: Doc) -> Rules | None:
    d = doc.data
    p: Path_ = ()
    if not isinstance(d, dict):
        doc.problem(p, "expected a mapping")
        return None
    players = doc.get(d, p, "players", dict, "{min: N, max: N}") or {}
    mn = doc.get(players, ("players",), "min", int, "a whole number", default=2)
    mx = doc.get(players, ("players",), "max", int, "a whole number", default=5)
    deal = _int_map(doc, d, p, "deal")
    collect = _int_map(doc, d, p, "collect")
    for n in range(mn, mx + 1):
        if not isinstance(deal.get(n), int):
            doc.problem(("deal",), f"expected a card count for {n} players")
        c = collect.get(n)
        if not (isinstance(c, list) and c and all(isinstance(x, int) for x in c)):
            doc.problem(("collect",), f"expected a list of counts for {n} players")
    inf = doc.get(d, p, "infirmary", dict, "{different_resources: N, heals: N}") or {}
    nums = {k: doc.get(d, p, k, int, "a whole number", default=0) for k in (
        "events_per_game", "frost_bite_per_card", "hibernation_prevents", "expedition_draw",
        "purchase_rounds")}
    start = doc.get(d, p, "starting_equipment", list, "a list of equipment types") or []
    doc.get(d, p, "title", str, "the game's title")
    if doc.problems:
        return None
    return Rules(
        min_players=mn, max_players=mx, deal=deal,
        collect={k: tuple(v) for k, v in collect.items()},
        infirmary_different=doc.get(inf, ("infirmary",), "different_resources", int, "N",
                                    default=3),
        infirmary_heals=doc.get(inf, ("infirmary",), "heals", int, "N", default=1),
        starting_equipment=tuple(start), **nums)


def load_content(folder: Path) -> Content:
    """Load and check all of Frost Shelter's YAML; raise ContentError listing every problem."""
    content, problems = _load(folder)
    if problems or content is None:
        raise ContentError("\n".join(str(p) for p in problems))
    return content


def validate(folder: Path) -> list[Problem]:
    """All problems in the folder's YAML (empty when valid)."""
    try:
        return _load(folder)[1]
    except ContentError as exc:
        file, line, rest = (str(exc).split(":", 2) + ["", ""])[:3]
        return [Problem(file, int(line) if line.isdigit() else 1, "(syntax)",
                        rest.split(":", 1)[-1].strip())]


def _load(folder: Path) -> tuple[Content | None, list[Problem]]:
    docs = {name: load_doc(folder / name) for name in FILES}
    rules = _check_game(docs["game.yaml"])

    # resources.yaml
    doc = docs["resources.yaml"]
    d = doc.data if isinstance(doc.data, dict) else {}
    if not isinstance(doc.data, dict):
        doc.problem((), "expected a mapping with resources, cards and relics")
    doc.only_keys(d, (), ("resources", "cards", "relics"))
    names: list[str] = []
    colours: list[str] = []
    icons: list[str] = []
    for i, r in enumerate(doc.get(d, (), "resources", list, "a list of 4 resources") or []):
        path = ("resources", i)
        rid = doc.choice(r, path, "id", RESOURCE_KEYS)
        if rid is not None and rid != RESOURCE_KEYS[len(names)]:
            doc.problem(path + ("id",), f"expected {RESOURCE_KEYS[len(names)]} in this place")
        names.append(doc.get(r, path, "name", str, "a display name", default="?"))
        colours.append(doc.get(r, path, "colour", str, "a colour like \"#3A8FD9\"", default="#888"))
        icons.append(doc.get(r, path, "icon", str, "an icon name from resources/icons",
                             default="gear"))
    if len(names) != 4:
        doc.problem(("resources",), f"expected exactly 4 resources, found {len(names)}")
    card_ids, card_res, card_val, card_src = [], [], [], []
    for i, c in enumerate(doc.get(d, (), "cards", list, "a list of resource cards") or []):
        path = ("cards", i)
        doc.only_keys(c, path, ("id", "resource", "value", "source"))
        cid = doc.get(c, path, "id", str, "a card id like fuel-7", default="?")
        res = doc.choice(c, path, "resource", RESOURCE_KEYS, default="fuel")
        val = doc.get(c, path, "value", int, "a value from 1 to 10", default=1)
        if not 1 <= val <= 10:
            doc.problem(path + ("value",), f"expected a value from 1 to 10, found {val}")
        card_src.append(doc.choice(c, path, "source", ("rulebook", "authored"), default="rulebook"))
        if cid in card_ids:
            doc.problem(path + ("id",), f"duplicate card id {cid}")
        card_ids.append(cid)
        card_res.append(RESOURCE_KEYS.index(res))
        card_val.append(val)
    pairs = sorted(zip(card_res, card_val, strict=True))
    if pairs != [(r, v) for r in range(4) for v in range(1, 11)]:
        doc.problem(("cards",), "expected the 40 resource cards: each resource numbered 1 to 10")
    relic_ids = []
    for i, r in enumerate(doc.get(d, (), "relics", list, "a list of 4 relic cards") or []):
        path = ("relics", i)
        relic_ids.append(doc.get(r, path, "id", str, "a relic id", default="?"))
        res = doc.choice(r, path, "resource", RESOURCE_KEYS, default="fuel")
        if res != RESOURCE_KEYS[min(i, 3)]:
            doc.problem(path + ("resource",), "expected the relics in resource order")
        doc.choice(r, path, "source", ("rulebook", "authored"))
    if len(relic_ids) != 4:
        doc.problem(("relics",),
                    f"expected 4 relic cards, one per resource, found {len(relic_ids)}")

    # events.yaml
    doc = docs["events.yaml"]
    d = doc.data if isinstance(doc.data, dict) else {}
    events = []
    for i, e in enumerate(doc.get(d, (), "events", list, "a list of Event cards") or []):
        path = ("events", i)
        doc.only_keys(e, path, ("id", "name", "source", "flavour", "damage", "max",
                                "requirements"))
        reqs = []
        for j, r in enumerate(doc.get(e, path, "requirements", list,
                                      "a list of 2 requirements") or []):
            req = _requirement(doc, r, path + ("requirements", j), cost=False)
            if req is not None:
                reqs.append(req)
        if len(reqs) != 2:
            doc.problem(path + ("requirements",), "expected exactly 2 defence requirements")
        events.append(EventCard(
            id=doc.get(e, path, "id", str, "an event id", default="?"),
            name=doc.get(e, path, "name", str, "a name", default="?"),
            source=doc.choice(e, path, "source", ("rulebook", "authored"), default="authored"),
            flavour=doc.get(e, path, "flavour", str, "a line of flavour text", default=""),
            damage=doc.get(e, path, "damage", int, "total damage (whole number)", default=0),
            max=doc.get(e, path, "max", int, "the Max card count (whole number)", default=0),
            requirements=tuple(reqs)))
    if rules and len(events) < rules.events_per_game:
        doc.problem(("events",), f"expected at least {rules.events_per_game} events")

    # equipment.yaml
    doc = docs["equipment.yaml"]
    d = doc.data if isinstance(doc.data, dict) else {}
    types, equip_ids, type_of = [], [], []
    for i, e in enumerate(doc.get(d, (), "equipment", list, "a list of equipment types") or []):
        path = ("equipment", i)
        doc.only_keys(e, path, ("type", "name", "source", "copies", "cost", "effect", "text"))
        cost = _requirement(doc, doc.get(e, path, "cost", dict, "a cost"), path + ("cost",), True)
        effect = doc.get(e, path, "effect", dict, "one effect verb with its value") or {}
        for verb, value in effect.items():
            kind = EFFECTS.get(verb)
            if kind is None:
                doc.problem(path + ("effect", verb), "unknown effect; expected one of "
                            + ", ".join(EFFECTS))
            elif not isinstance(value, kind) or (kind is int and isinstance(value, bool)):
                doc.problem(path + ("effect", verb), f"expected a {kind.__name__}")
        for j, cid in enumerate(doc.get(e, path, "copies", list, "a list of card ids") or []):
            if not isinstance(cid, str) or cid in equip_ids:
                doc.problem(path + ("copies", j), "expected a new card id")
            equip_ids.append(str(cid))
            type_of.append(i)
        types.append(EquipmentType(
            type=doc.get(e, path, "type", str, "a type id", default="?"),
            name=doc.get(e, path, "name", str, "a name", default="?"),
            source=doc.choice(e, path, "source", ("rulebook", "authored"), default="authored"),
            cost=cost or Requirement(cards=1), effect=tuple(effect.items()),
            text=doc.get(e, path, "text", str, "the card's text", default="")))
    if rules:
        for t in rules.starting_equipment:
            if t not in [x.type for x in types]:
                docs["game.yaml"].problem(("starting_equipment",), f"unknown equipment type {t}")
        starters = sum(1 for k in type_of if types[k].type in rules.starting_equipment)
        if starters < rules.max_players:
            doc.problem(("equipment",), f"expected at least {rules.max_players} starting "
                        f"equipment cards to deal one per player, found {starters}")

    table = _check_table(docs["table.yaml"])

    problems = [p for doc in docs.values() for p in doc.problems]
    if problems or rules is None:
        return None, problems
    digest = hashlib.sha256()
    for name in FILES:
        if name == "table.yaml":  # layout only: moving a zone must not invalidate saves
            continue
        digest.update((folder / name).read_bytes())
    game_data = docs["game.yaml"].data
    assert isinstance(game_data, dict)  # _check_game made the rules from it
    return Content(
        title=str(game_data.get("title", "Frost Shelter")), rules=rules,
        resource_names=tuple(names), resource_colours=tuple(colours), resource_icons=tuple(icons),
        card_ids=tuple(card_ids), card_resource=tuple(card_res), card_value=tuple(card_val),
        card_source=tuple(card_src), relic_ids=tuple(relic_ids), events=tuple(events),
        equipment_types=tuple(types), equipment_ids=tuple(equip_ids),
        equipment_type_of=tuple(type_of), table=table,
        ruleset_hash=digest.hexdigest()[:16]), []


ZONE_KEYS = ("x", "y", "w", "h")


def _check_table(doc: Doc) -> dict[str, JSON]:
    """table.yaml: named zones as rectangles in table units, per player count for seats."""
    d = doc.data
    if not isinstance(d, dict):
        doc.problem((), "expected a mapping with size, zones and seats")
        return {}
    doc.only_keys(d, (), ("size", "card", "zones", "seats"))
    size = doc.get(d, (), "size", dict, "{w: N, h: N}") or {}
    for k in ("w", "h"):
        doc.get(size, ("size",), k, (int, float), "a number of table units")
    card = doc.get(d, (), "card", dict, "{w: N, h: N}") or {}
    for k in ("w", "h"):
        doc.get(card, ("card",), k, (int, float), "a number of table units")
    zones = doc.get(d, (), "zones", dict, "a mapping of zone name to rectangle") or {}
    for name, rect in zones.items():
        _rect(doc, rect, ("zones", name))
    seats = doc.get(d, (), "seats", dict, "a mapping from player count to seat areas") or {}
    for n, areas in seats.items():
        if not isinstance(areas, list):
            doc.problem(("seats", n), "expected a list of seat rectangles")
            continue
        if isinstance(n, int) and len(areas) != n:
            doc.problem(("seats", n), f"expected {n} seat areas, found {len(areas)}")
        for i, rect in enumerate(areas):
            _rect(doc, rect, ("seats", n, i))
    return d


def _rect(doc: Doc, rect: object, path: Path_) -> None:
    if not isinstance(rect, dict):
        doc.problem(path, "expected {x, y, w, h} in table units")
        return
    doc.only_keys(rect, path, ZONE_KEYS + ("label", "facing"))
    for k in ZONE_KEYS:
        doc.get(rect, path, k, (int, float), "a number of table units")


def describe_cost(cost: Requirement) -> str:
    return cost.describe()


def ids(items: Iterable[int], names: Sequence[str]) -> list[str]:
    return [names[i] for i in items]
