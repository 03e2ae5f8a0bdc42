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
    Schema,
    Str,
    check_folder,
    checked,
)

RESOURCE_KEYS = ("fuel", "water", "food", "tools")


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


# ---------------------------------------------------------------------------- the files' shapes

SOURCE = Enum(("rulebook", "authored"))
RESOURCE = Enum(RESOURCE_KEYS)
PLAYERS = Int(min=1, what="a number of players")
WHOLE = Int()


def _id(what: str) -> Str:
    return Str(ID, what)


# Requirement keys are the fields of Requirement; an Event's must say what it defends.
REQUIREMENT_FIELDS: dict[str, Schema] = {
    "cards": Int(min=1, what="a whole number of cards, 1 or more"),
    "defends": Int(min=0, what="damage defended (whole number)"),
    "value_below": WHOLE, "value_at_least": WHOLE, "total_at_least": WHOLE,
    "total_at_most": WHOLE,
    "resources": Enum(("any", "same", "all_different")),
    "resource": Enum(RESOURCE_KEYS + ("relic",)),
    "relics": Enum(("allowed", "forbidden")),
}
_MAY_OMIT = [k for k in REQUIREMENT_FIELDS if k not in ("cards", "defends")]
REQUIREMENT = Map(REQUIREMENT_FIELDS, optional=_MAY_OMIT, what="a mapping of requirement keys")
COST = Map(REQUIREMENT_FIELDS, optional=_MAY_OMIT + ["defends"], what="a cost")
EFFECTS: dict[str, Schema] = {
    "prevent_event_damage": WHOLE,  # Tarp: the Event deals this much less to you
    "ignore_excess": WHOLE,  # Chest: this many cards over Max do not cause Frost Bite
    "expedition_bonus": WHOLE,  # Bag: draw this many more on an Expedition
    "change_relic": Bool(),  # Harpoon: name a new Relic before the first trick
    "heal": WHOLE,  # Medkit: heal this much at the Infirmary
    "collect_bonus": WHOLE,  # Sled: collect this many more when you win a trick
}
TABLE_UNITS = Num("a number of table units")
SIZE = Map({"w": TABLE_UNITS, "h": TABLE_UNITS}, what="{w: N, h: N}")
RECT = Map({"x": TABLE_UNITS, "y": TABLE_UNITS, "w": TABLE_UNITS, "h": TABLE_UNITS,
            "label": Str(), "facing": Str()}, optional=("label", "facing"),
           what="{x, y, w, h} in table units")

SCHEMAS: dict[str, Schema] = {
    "game.yaml": Map({
        "title": Str(what="the game's title"),
        "players": Map({"min": PLAYERS, "max": PLAYERS}, what="{min: N, max: N}"),
        "deal": Dict(PLAYERS, Int(min=1, what="a card count"),
                     what="a mapping from player count to numbers"),
        "collect": Dict(PLAYERS, List(Int(min=1, what="a card count"), min_len=1,
                                      what="a list of counts"),
                        what="a mapping from player count to numbers"),
        "events_per_game": WHOLE, "frost_bite_per_card": WHOLE, "hibernation_prevents": WHOLE,
        "expedition_draw": WHOLE, "purchase_rounds": WHOLE,
        "infirmary": Map({"different_resources": WHOLE, "heals": WHOLE},
                         what="{different_resources: N, heals: N}"),
        "starting_equipment": List(_id("an equipment type"), what="a list of equipment types"),
    }),
    "resources.yaml": Map({
        "resources": List(Map({
            "id": RESOURCE, "name": Str(what="a display name"),
            "colour": Str("#[0-9A-Fa-f]{6}", 'a colour like "#3A8FD9"'),
            "icon": Str(ID, "an icon name from resources/icons"),
        }, what="a resource: id, name, colour and icon"), what="a list of 4 resources"),
        "cards": List(Map({
            "id": _id("a card id like fuel-7"), "resource": RESOURCE,
            "value": Int(1, 10, "a value from 1 to 10"), "source": SOURCE,
        }, what="a resource card: id, resource, value and source"),
            what="a list of resource cards"),
        "relics": List(Map({"id": _id("a relic id"), "resource": RESOURCE,
                            "name": Str(what="a name"), "source": SOURCE},
                           what="a relic card: id, resource, name and source"),
                       what="a list of 4 relic cards"),
    }, what="a mapping with resources, cards and relics"),
    "events.yaml": Map({"events": List(Map({
        "id": _id("an event id"), "name": Str(what="a name"), "source": SOURCE,
        "flavour": Str(what="a line of flavour text"),
        "damage": Int(min=0, what="total damage (whole number)"),
        "max": Int(min=0, what="the Max card count (whole number)"),
        "requirements": List(REQUIREMENT, what="a list of 2 requirements"),
    }, what="an Event card"), what="a list of Event cards")}, what="a mapping with events"),
    "equipment.yaml": Map({"equipment": List(Map({
        "type": _id("a type id"), "name": Str(what="a name"), "source": SOURCE,
        "copies": List(_id("a card id"), min_len=1, what="a list of card ids"),
        "cost": COST,
        "effect": Map(EFFECTS, optional=EFFECTS, noun="effect",
                      what="one effect verb with its value"),
        "text": Str(what="the card's text"),
    }, what="an equipment type"), what="a list of equipment types")},
        what="a mapping with equipment"),
    "table.yaml": Map({
        "size": SIZE, "card": SIZE,
        "zones": Dict(Str(what="a zone name"), RECT, "a mapping of zone name to rectangle"),
        "seats": Dict(PLAYERS, List(RECT, "a list of seat rectangles"),
                      "a mapping from player count to seat areas"),
    }, what="a mapping with size, zones and seats"),
}
FILES = tuple(SCHEMAS)


# ---------------------------------------------------------------------------- loading

def load_content(folder: Path) -> Content:
    """Load and check all of Frost Shelter's YAML; raise ContentError listing every problem."""
    content, problems = _load(folder)
    if problems or content is None:
        raise ContentError("\n".join(str(p) for p in problems))
    return content


def validate(folder: Path) -> list[Problem]:
    """All problems in the folder's YAML (empty when valid)."""
    return _load(folder)[1]


def _load(folder: Path) -> tuple[Content | None, list[Problem]]:
    docs, problems = check_folder(folder, SCHEMAS, _cross_check)
    return (None, problems) if problems else (_content(folder, docs), [])


def _cross_check(docs: dict[str, Doc]) -> None:
    """What the schemas cannot say: ids unique, references found, the rulebook's counts."""
    game, res, events, equip, table = docs.values()
    g, r, ev, eq, tb = checked(docs)
    for n in range(g["players"]["min"], g["players"]["max"] + 1):
        if n not in g["deal"]:
            game.problem(("deal",), f"expected a card count for {n} players")
        if n not in g["collect"]:
            game.problem(("collect",), f"expected a list of counts for {n} players")

    for i, resource in enumerate(r["resources"][:4]):
        if resource["id"] != RESOURCE_KEYS[i]:
            res.problem(("resources", i, "id"), f"expected {RESOURCE_KEYS[i]} in this place")
    if len(r["resources"]) != 4:
        res.problem(("resources",), f"expected exactly 4 resources, found {len(r['resources'])}")
    seen: set[str] = set()
    for i, card in enumerate(r["cards"]):
        if card["id"] in seen:
            res.problem(("cards", i, "id"), f"duplicate card id {card['id']}")
        seen.add(card["id"])
    pairs = sorted((RESOURCE_KEYS.index(c["resource"]), c["value"]) for c in r["cards"])
    if pairs != [(k, v) for k in range(4) for v in range(1, 11)]:
        res.problem(("cards",), "expected the 40 resource cards: each resource numbered 1 to 10")
    for i, relic in enumerate(r["relics"]):
        if relic["resource"] != RESOURCE_KEYS[min(i, 3)]:
            res.problem(("relics", i, "resource"), "expected the relics in resource order")
    if len(r["relics"]) != 4:
        res.problem(("relics",),
                    f"expected 4 relic cards, one per resource, found {len(r['relics'])}")

    for i, event in enumerate(ev["events"]):
        if len(event["requirements"]) != 2:
            events.problem(("events", i, "requirements"),
                           "expected exactly 2 defence requirements")
    if len(ev["events"]) < g["events_per_game"]:
        events.problem(("events",), f"expected at least {g['events_per_game']} events")

    card_ids: set[str] = set()
    for i, kind in enumerate(eq["equipment"]):
        for j, cid in enumerate(kind["copies"]):
            if cid in card_ids:
                equip.problem(("equipment", i, "copies", j), "expected a new card id")
            card_ids.add(cid)
    known = [kind["type"] for kind in eq["equipment"]]
    for t in g["starting_equipment"]:
        if t not in known:
            game.problem(("starting_equipment",), f"unknown equipment type {t}")
    starters = sum(len(kind["copies"]) for kind in eq["equipment"]
                   if kind["type"] in g["starting_equipment"])
    if starters < g["players"]["max"]:
        equip.problem(("equipment",), f"expected at least {g['players']['max']} starting "
                      f"equipment cards to deal one per player, found {starters}")

    for n, areas in tb["seats"].items():
        if len(areas) != n:
            table.problem(("seats", n), f"expected {n} seat areas, found {len(areas)}")


def _content(folder: Path, docs: dict[str, Doc]) -> Content:
    """The Content of files that passed every check."""
    g, r, ev, eq, table = checked(docs)
    rules = Rules(
        min_players=g["players"]["min"], max_players=g["players"]["max"], deal=g["deal"],
        collect={n: tuple(counts) for n, counts in g["collect"].items()},
        events_per_game=g["events_per_game"], frost_bite_per_card=g["frost_bite_per_card"],
        hibernation_prevents=g["hibernation_prevents"], expedition_draw=g["expedition_draw"],
        infirmary_different=g["infirmary"]["different_resources"],
        infirmary_heals=g["infirmary"]["heals"], purchase_rounds=g["purchase_rounds"],
        starting_equipment=tuple(g["starting_equipment"]))
    events = tuple(EventCard(
        id=e["id"], name=e["name"], source=e["source"], flavour=e["flavour"],
        damage=e["damage"], max=e["max"],
        requirements=tuple(Requirement(**req) for req in e["requirements"]))
        for e in ev["events"])
    types = eq["equipment"]
    # The `ruleset` recipe of docs/events.md: game.yaml, then the other card files by name;
    # not table.yaml (layout only: moving a zone must not invalidate saves).
    digest = hashlib.sha256()
    for name in ["game.yaml", *sorted(f for f in FILES if f not in ("game.yaml", "table.yaml"))]:
        digest.update((folder / name).read_bytes())
    return Content(
        title=g["title"], rules=rules,
        resource_names=tuple(x["name"] for x in r["resources"]),
        resource_colours=tuple(x["colour"] for x in r["resources"]),
        resource_icons=tuple(x["icon"] for x in r["resources"]),
        card_ids=tuple(c["id"] for c in r["cards"]),
        card_resource=tuple(RESOURCE_KEYS.index(c["resource"]) for c in r["cards"]),
        card_value=tuple(c["value"] for c in r["cards"]),
        card_source=tuple(c["source"] for c in r["cards"]),
        relic_ids=tuple(x["id"] for x in r["relics"]), events=events,
        equipment_types=tuple(EquipmentType(
            type=t["type"], name=t["name"], source=t["source"], cost=Requirement(**t["cost"]),
            effect=tuple(t["effect"].items()), text=t["text"]) for t in types),
        equipment_ids=tuple(cid for t in types for cid in t["copies"]),
        equipment_type_of=tuple(i for i, t in enumerate(types) for _ in t["copies"]),
        table=table, ruleset_hash=digest.hexdigest()[:16])


def describe_cost(cost: Requirement) -> str:
    return cost.describe()


def ids(items: Iterable[int], names: Sequence[str]) -> list[str]:
    return [names[i] for i in items]
