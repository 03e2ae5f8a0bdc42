"""Last Aurora's card data: loading and schema checks.

Cards live in cards/last-aurora/*.yaml. Every physical card (each copy) gets a small integer
index into `Content.cards`; the state holds only indexes. Effects are verbs with a value, kept
as `(verb, value)` pairs in the order the card gives them. Cells use the brief's codes: `C`
cargo, `C:fuel/food` cargo for the resources named, `S★n` (Fame at the end while undamaged),
`S:speed` (a cell with an effect while undamaged), `A` armor, `G` Asgard armor, `Wn` a weapon
paid with Ammo, `Jn` a junk weapon paid with an Object.
"""

from __future__ import annotations

import hashlib
import re
from dataclasses import dataclass
from itertools import permutations
from pathlib import Path
from typing import Any, TypeAlias

from frostdesk.engine.catalogue import Doc, Problem
from frostdesk.engine.game import JSON, ContentError
from frostdesk.engine.schema import (
    Bool,
    Dict,
    Enum,
    Int,
    List,
    Map,
    Schema,
    Str,
    check_folder,
    checked,
)
from frostdesk.games.last_aurora import story_cards

RESOURCES = ("fuel", "food", "ammo")
KINDS = ("survivor", "truck", "trailer", "device", "location", "encounter", "event")
VEHICLES = ("truck", "trailer")
CONVOY = ("truck", "trailer", "device")
AREAS = ("FRONT", "REAR", "CENTRE", "ROOF", "VEHICLES", "ALL",
         "COLS12")  # the two left columns (Frozen Steel's Tyr)
ENEMY_AREAS = AREAS + ("OUTCOME",)
REGIONS = ("Valley", "Coast", "Bay")
CELL = re.compile(r"C(:(fuel|food|ammo)(/(fuel|food|ammo))*)?|S★[1-9]|S:(speed|eor-object|"
                  r"object-limit|asgard)|A|G|[WJ][1-9]")
ABILITIES = ("rest_after_explore", "speed", "speed_behind", "speed_alone", "explore_repair",
             "gather_extra", "rest_decontaminate", "rest_feed", "hit_bonus", "tracked",
             "eor_repair", "ambush_less", "reroll_miss", "swap",
             # Frozen Steel, Module 1: the Observer, the Dog Handler, the Sniper
             "miss_hit", "gather_object", "snipe",
             # Module 2: the Radio Operator
             "radio",
             # Module 3: the crews (modules/crew.yaml; their rules are crew.py's)
             "neighbour_bonus", "speed_chasing", "shed_to_rest", "shed_speed", "speed_by_cards",
             "hit_by_cards", "speed_undamaged", "object_speed", "eats_any")
# Effect verbs and what each one's value is.
EFFECT_VERBS = ("gain", "gain_any", "fame", "object", "repair", "damage", "contaminate",
                "decontaminate", "decontaminate_split", "speed_next", "speed",
                "install_from_discard", "speed_next_all", "contaminate_each", "damage_outside",
                "offer_each", "incendiary", "ration", "skip_ambush", "tracked", "enemy_damage",
                "peek", "mine", "toll",
                # Frozen Steel, Module 1 (modules/exploration.yaml)
                "reminder", "install_optional", "snowstorm", "emergency", "canned", "stealth",
                "anti_tank", "smoke", "unstable", "serum",
                # Module 2 (modules/asgard.yaml): Heimdall, Hel, Thor
                "weapon_hit", "contaminate_rest", "damage_cards")

Effect: TypeAlias = tuple[str, Any]  # (verb, value as the YAML gives it)
CellCode: TypeAlias = str

# The printed numbering (brief section 4): which ids each family may use.
ID_RANGES = {"exploration": (1, 54), "start": (55, 72), "objects": (73, 86),
             "enemies": (87, 92), "loot": (93, 98), "outcome": (99, 110), "automa": (112, 117),
             "fs-exploration": (201, 222), "fs-objects": (223, 234),
             "fs-enemies": (235, 240), "fs-loot": (241, 246), "fs-crew": (247, 254),
             "pvp-cards": (295, 298), "pvp-outcome": (299, 310)}
# Each Frozen Steel module's card file (under modules/, out of the base game's ruleset hash).
MODULE_FILES = {"exploration": "modules/exploration.yaml", "asgard": "modules/asgard.yaml",
                "crew": "modules/crew.yaml", "story": "modules/story.yaml",
                "pvp": "modules/pvp.yaml"}
LEVELS = ("easy", "normal", "hard")  # the Automa's difficulty levels (option `automa`)
# What each line of an Automa card may do, and the conditions a line may name (brief 4.9).
AUTOMA_VERBS = {"enemy": ("fame", "target", "object", "enemy_damage"),
                "movement": ("speed", "survivor"),
                "end": ("object", "damage_you", "toll_you", "repair", "contaminate_you")}
AUTOMA_IFS = ("you_ahead", "you_more_survivors", "behind_you", "its_survivors_below",
              "your_objects_more")
MINE_ID = "111"


@dataclass(frozen=True, slots=True)
class Option:
    label: str
    cost: tuple[tuple[str, int], ...]  # (resource | "resources" | "object", n)
    effects: tuple[Effect, ...]


@dataclass(frozen=True, slots=True)
class Card:
    """One physical card of any family (Exploration, start, Loot, Object, enemy)."""

    index: int
    id: str
    design: str  # the first id of its copies
    name: str
    kind: str  # KINDS, or "object", "enemy"
    source: str
    text: str
    period: int = 0  # Exploration and enemies: 1..3
    plus: bool = False  # the orange plus
    stack: int = 0  # Loot: 1 (rounds I-II), 2 (III-IV), 3 (V-VI)
    value: int = 0  # survivors
    dies_at: int = 3
    abilities: tuple[tuple[str, Any], ...] = ()
    speed: int = 0  # trucks
    boost: int = 0
    tow: int = 0
    tracked: bool = False
    cells: tuple[CellCode, ...] = ()  # convoy cards; enemies: hit points as "H"
    gather: tuple[frozenset[str], ...] = ()  # locations: one unit per token
    pick: int = 0  # locations: how many units of `gather`'s single choice to take
    different: bool = False
    radiation: int = 0
    options: tuple[Option, ...] = ()  # encounters
    effects: tuple[Effect, ...] = ()  # events, Objects
    phase: str = ""  # Objects
    optional: bool = False  # the Mine
    reveal: bool = False  # enemies
    defense: int = 0  # Asgard enemies: defense cells, the first `defense` of `cells`
    ambush: tuple[tuple[str, tuple[Effect, ...]], ...] = ()  # enemies: (who, effects)

    def ability(self, name: str) -> Any:
        for key, value in self.abilities:
            if key == name:
                return value
        return None


@dataclass(frozen=True, slots=True)
class AutomaLine:
    """One line of an Automa action card: its effects, when its condition holds."""

    effects: tuple[Effect, ...]
    condition: tuple[str, Any] | None = None  # (AUTOMA_IFS name, its value)


@dataclass(frozen=True, slots=True)
class AutomaCard:
    """An Automa action card (112-117): the zone cell it starts from, its arrow (-1 towards
    cell 1, +1 towards cell 5), and its Enemy, Movement and End of Round lines."""

    index: int
    id: str
    name: str
    source: str
    text: str
    slot: int  # 0-4
    arrow: int
    enemy: AutomaLine
    movement: AutomaLine
    end: AutomaLine


@dataclass(frozen=True, slots=True)
class AutomaRules:
    """The Automa's board, levels, scoring and cards (automa.yaml)."""

    speed: int
    survivors: int
    damage: int
    survivors_max: int
    targets: int
    attack_max: int
    levels: dict[str, tuple[int, ...]]  # level -> rounds whose end raises its Speed by 1
    objects_per_fame: int
    per_loot: int
    per_survivor_aboard: int
    condition: tuple[tuple[int, int], ...]  # (max Damage, Fame), best first
    damage_per_speed: int
    cards: tuple[AutomaCard, ...]


@dataclass(frozen=True, slots=True)
class Outcome:
    index: int
    id: str
    letters: str
    face: int  # 0 = Miss
    back: str
    source: str


@dataclass(frozen=True, slots=True)
class PvpRules:
    """Module 5 (modules/pvp.yaml): the PvP card's tracks, its Outcome cards (indexes after
    the base game's 12: `LastAurora.outcome_cards` holds both) and the setup changes."""

    start_fame: int
    enemies_removed: int  # per Period stack, unseen
    loot_removed: int  # per Loot stack, unseen
    surplus: dict[int, int]
    card_ids: tuple[str, ...]
    card_name: str
    card_text: str
    card_source: str
    evasion: tuple[str, ...]  # per space: "shield" or "blank"
    aggression: tuple[str, ...]  # per space: PVP_ICONS
    outcomes: tuple[Outcome, ...]


@dataclass(frozen=True, slots=True)
class Counter:
    index: int
    id: str
    name: str
    source: str
    effects: tuple[Effect, ...]
    stays: bool


@dataclass(frozen=True, slots=True)
class Zone:
    value: int
    bonus: tuple[Effect, ...]
    alt: tuple[Effect, ...] = ()  # the bonus a player may take instead


@dataclass(frozen=True, slots=True)
class Crew:
    """Module 3: one crew (its id, such as "pack", its name and its two survivor cards)."""

    id: str
    name: str
    cards: tuple[int, ...]


@dataclass(frozen=True, slots=True)
class Road:
    miles: int
    regions: tuple[tuple[str, int], ...]  # (name, first mile)
    waypoints: tuple[int, ...]
    special: tuple[int, ...]
    wrecks: tuple[int, ...]
    radiation: tuple[int, ...]
    shortcuts: tuple[tuple[int, int], ...]

    def region(self, mile: int) -> int:
        """The index of the region holding `mile`."""
        out = 0
        for i, (_, first) in enumerate(self.regions):
            if mile >= first:
                out = i
        return out


@dataclass(frozen=True, slots=True)
class Content:
    folder: str
    title: str
    min_players: int
    max_players: int
    rounds: int
    start_truck: str
    start_trailer: str
    start_survivors: tuple[str, ...]
    start_resources: dict[str, int]
    start_fame: int
    rusty: tuple[str, ...]
    zone: tuple[Zone, ...]
    plus_removed: dict[int, int]
    surplus: dict[int, int]
    object_limit: int
    fame_floor: int
    survivors_max: int
    explorers_max: int
    per_mile: int
    per_survivor_aboard: int
    per_clean_card: int
    boarding_order: int  # W1: 1 mile further per convoy aboard after it, less one
    targets_each: int
    road: Road
    cards: tuple[Card, ...]
    outcomes: tuple[Outcome, ...]
    counters: tuple[Counter, ...]
    automa: AutomaRules
    table: dict[str, JSON]
    ruleset_hash: str
    module_hashes: dict[str, str]  # Frozen Steel module id -> the hash of its card file
    crews: tuple[Crew, ...] = ()  # Module 3's crews, in their file's order
    story: tuple[story_cards.StoryCard, ...] = ()  # Module 4's Story cards (story_cards.py)
    pvp: PvpRules | None = None  # Module 5

    def by_id(self, card_id: str) -> Card:
        for c in self.cards:
            if c.id == card_id:
                return c
        raise KeyError(card_id)

    def family(self, lo: int, hi: int) -> list[int]:
        return [c.index for c in self.cards if c.id.isdigit() and lo <= int(c.id) <= hi]


# ---------------------------------------------------------------------------- the files' shapes

SOURCE = Enum(("rulebook", "authored"))
CARD_ID = Str(r"[0-9]{3}", "a card number such as '007' (in quotes)")
IDS = List(CARD_ID, min_len=1, what="a list of card numbers, one per copy")
TEXT = Str(what="the card's text, in our own words")
NAME = Str(what="the card's name")
CELLS = List(Str(CELL.pattern, "a cell code: C, C:fuel/food, S★n, S:speed, S:eor-object, "
                              "S:object-limit, S:asgard, A, G, Wn or Jn"),
             min_len=1, what="a list of cell codes")
RES_MAP = Map({r: Int(1, 9) for r in RESOURCES}, optional=RESOURCES,
              what="a mapping such as {fuel: 2}")
AREA = Enum(AREAS)
EFFECT = Map({
    "gain": RES_MAP, "gain_any": Int(1, 9), "fame": Int(-3, 5), "object": Int(1, 3),
    "repair": Int(1, 5), "damage": Map({"area": Enum(ENEMY_AREAS), "n": Int(1, 5),
                                        "cap": Int(1, 5)},
                                       optional=("n", "cap"), what="{area: FRONT, n: 1}"),
    "contaminate": Int(1, 3), "decontaminate": Int(1, 3), "decontaminate_split": Int(1, 3),
    "speed_next": Int(1, 5), "speed": Int(-3, 5),
    "install_from_discard": List(Enum(CONVOY), min_len=1, what="a list of convoy card kinds"),
    "speed_next_all": Int(-3, 3), "contaminate_each": Int(1, 3),
    "damage_outside": Map({"region": Enum(REGIONS), "area": AREA, "n": Int(1, 5)},
                          what="{region: Bay, area: REAR, n: 1}"),
    "offer_each": Map({"cost": RES_MAP, "effects": List(Map({"fame": Int(1, 5)},
                                                            what="{fame: 1}"))},
                      what="{cost: {fuel: 1}, effects: [...]}"),
    "incendiary": Int(1, 1), "ration": Int(1, 3), "skip_ambush": Int(1, 1),
    "tracked": Int(1, 1), "enemy_damage": Int(1, 3), "peek": Int(1, 5), "mine": Int(1, 3),
    "toll": Map({"area": AREA, "n": Int(1, 3)}, what="{area: FRONT, n: 1}"),
    "reminder": Int(1, 1),
    "install_optional": List(Enum(CONVOY), min_len=1, what="a list of convoy card kinds"),
    "snowstorm": List(Int(0, 3), min_len=1, max_len=4,
                      what="the Speed lost by turn order, first to fourth"),
    "emergency": Int(1, 5, "the Food needed in all to keep the Aurora waiting"),
    "canned": Int(1, 3, "the Food gained"), "stealth": Int(1, 1),
    "anti_tank": Int(1, 5, "the damage dealt"), "smoke": Int(1, 1),
    "unstable": List(Map({"speed": Int(1, 5), "damage": Int(1, 6)},
                         what="{speed: 2, damage: 2}"), min_len=1,
                     what="a list of {speed, damage} choices"),
    "serum": Int(1, 5, "how many survivors of one zone"),
    "weapon_hit": Int(1, 1), "contaminate_rest": Int(1, 2),
    "damage_cards": Int(1, 5, "how many different cards take 1 Damage"),
}, optional=EFFECT_VERBS, what="an effect: one verb and its value, such as {fame: 1}",
    noun="effect verb")
EFFECTS = List(EFFECT, what="a list of effects")
# Module 3's Vikings: [convoy cards, bonus] steps, the bonus of the highest step reached
CARD_STEPS = List(List(Int(1, 12), min_len=2, max_len=2, what="[convoy cards, bonus]"),
                  min_len=1, what="a list of [convoy cards, bonus] steps such as [[3, 1]]")
ABILITY = Map({
    "rest_after_explore": Int(1, 1), "speed": Int(1, 3),
    "speed_behind": Map({"n": Int(1, 3), "miles": Int(1, 25), "miles_2p": Int(1, 25)},
                        optional=("miles_2p",), what="{n: 1, miles: 6, miles_2p: 4}"),
    "speed_alone": Int(1, 3), "explore_repair": Int(1, 3), "gather_extra": Int(1, 3),
    "rest_decontaminate": Int(1, 3), "rest_feed": Int(1, 3), "hit_bonus": Int(1, 3),
    "tracked": Int(1, 1), "eor_repair": Int(1, 3), "ambush_less": Int(1, 3),
    "reroll_miss": Int(1, 1), "swap": Int(1, 1),
    "miss_hit": Int(1, 5, "the damage a Miss deals instead"), "gather_object": Int(1, 3),
    "snipe": Int(1, 6, "the damage dealt"), "radio": Int(1, 1),
    "neighbour_bonus": Int(1, 1), "speed_chasing": Int(1, 5), "shed_to_rest": Int(1, 1),
    "shed_speed": Int(1, 5), "speed_by_cards": CARD_STEPS, "hit_by_cards": CARD_STEPS,
    "speed_undamaged": Int(1, 5), "object_speed": Int(1, 5), "eats_any": Int(1, 1),
}, optional=ABILITIES, what="an ability, such as {speed: 1}", noun="ability")
OPTION = Map({"label": Str(what="the option's label"),
              "cost": Map({"fuel": Int(1, 5), "food": Int(1, 5), "ammo": Int(1, 5),
                           "resources": Int(1, 5), "object": Int(1, 3), "fame": Int(1, 3)},
                          optional=("fuel", "food", "ammo", "resources", "object", "fame"),
                          what="a cost such as {food: 2} or {resources: 2}"),
              "effects": EFFECTS}, optional=("cost",), what="an encounter option")
CARD_FIELDS: dict[str, Schema] = {
    "name": NAME, "kind": Enum(KINDS), "source": SOURCE, "text": TEXT,
    "period": Int(1, 3, "a Period 1..3"), "plus": Bool(),
    "value": Int(0, 5, "a survivor value 0..5"), "dies_at": Int(1, 5),
    "abilities": List(ABILITY, what="a list of abilities"),
    "speed": Int(1, 6), "boost": Int(0, 4), "tow": Int(1, 3, "a Tow 1..3"), "tracked": Bool(),
    "cells": CELLS,
    "gather": List(List(Enum(RESOURCES + ("object",)), min_len=1,
                        what="a unit: a list of fuel, food, ammo, object"),
                   min_len=1, what="a list of units such as [[fuel], [food, ammo]]"),
    "pick": Int(1, 5), "different": Bool(), "radiation": Int(1, 3),
    "options": List(OPTION, min_len=1, what="a list of options"),
    "effects": EFFECTS,
}
CARD_OPTIONAL = tuple(k for k in CARD_FIELDS if k not in ("name", "kind", "source", "text"))
START_CARD = Map({"ids": IDS, **CARD_FIELDS}, optional=CARD_OPTIONAL, what="a start card")
EXPLORATION_CARD = Map({"id": CARD_ID, **CARD_FIELDS}, optional=CARD_OPTIONAL,
                       what="an Exploration card")
OBJECT = Map({"ids": IDS, "name": NAME, "source": SOURCE, "text": TEXT,
              "phase": Enum(("any", "exploration", "rest", "movement", "fire")),
              "optional": Bool(), "effects": EFFECTS},
             optional=("optional",), what="an Object card")
WHO = Enum(("all", "leaders", "others"))
ENEMY = Map({"id": CARD_ID, "name": NAME, "period": Int(1, 3), "cells": Int(1, 12),
             "defense": Int(1, 6, "Asgard defense cells 1..6"),
             "source": SOURCE, "reveal": Bool(), "text": TEXT,
             "ambush": Dict(WHO, EFFECTS, what="a mapping: all | leaders | others -> effects")},
            optional=("reveal", "defense"), what="an enemy card")
LOOT = Map({"id": CARD_ID, "name": NAME, "kind": Enum(("survivor", "trailer", "device")),
            "stack": Int(1, 3, "a Loot stack 1 (rounds I-II), 2 (III-IV) or 3 (V-VI)"),
            "source": SOURCE, "text": TEXT, "cells": CELLS, "value": Int(0, 5),
            "abilities": List(ABILITY, what="a list of abilities")},
           optional=("cells", "value", "abilities"), what="a Loot card")
OUTCOME = Map({"id": CARD_ID, "letters": Str(r"[ABCD]{4}", "the four letters A-D in an order"),
               "face": Int(0, 6, "a face 0 (Miss)..6"), "back": AREA, "source": SOURCE},
              what="an Outcome card")
COUNTER = Map({"ids": List(Str(r"[a-z0-9]+(-[a-z0-9]+)*", "a counter id"), min_len=1,
                           what="a list of counter ids, one per copy"),
               "name": NAME, "source": SOURCE, "stays": Bool(), "effects": EFFECTS},
              optional=("stays",), what="a Special Waypoint counter")
MILES = List(Int(0, 99, "a mile"), what="a list of miles")
PER_COUNT = Dict(Int(1, 4, "a number of players 1..4"), Int(0, 18),
                 what="a mapping from number of players to a count")

SCHEMAS: dict[str, Schema] = {
    "game.yaml": Map({
        "title": Str(what="the game's title"),
        "players": Map({"min": Int(1, 4), "max": Int(1, 4)}, what="{min: 1, max: 4}"),
        "rounds": Int(1, 12, "a number of rounds"),
        "supply": Map({"ammo": Int(1), "food": Int(1), "fuel": Int(1), "survivors": Int(1),
                       "targets_each": Int(1, 4), "objects_per_wreck": Int(1, 3)},
                      what="the supply's counts"),
        "start": Map({"truck": CARD_ID, "trailer": CARD_ID,
                      "survivors": List(CARD_ID, min_len=1, what="survivor card numbers"),
                      "resources": Map({r: Int(0, 5) for r in RESOURCES},
                                       what="{ammo: 1, food: 1, fuel: 1}"),
                      "fame": Int(-1, 5)}, what="what each player starts with"),
        "rusty_containers": List(CARD_ID, min_len=1, max_len=5,
                                 what="the cards laid in the first zone cells"),
        "zone": List(Map({"value": Int(0, 6), "bonus": EFFECTS, "or": EFFECTS}, optional=("or",),
                         what="{value: 1, bonus: [...], or: [...]}"),
                     min_len=5, max_len=5, what="the 5 zone cells"),
        "plus_removed": PER_COUNT, "surplus": PER_COUNT,
        "object_limit": Int(0, 9), "fame_floor": Int(-5, 0), "survivors_max": Int(1, 9),
        "dies_at": Int(1, 5), "explorers_max": Int(1, 3),
        "scoring": Map({"per_mile": Int(0, 5), "per_survivor_aboard": Int(0, 5),
                        "per_clean_card": Int(0, 5), "boarding_order": Int(0, 5)},
                       what="the scoring weights"),
    }, what="a mapping of game numbers"),
    "board-alpha.yaml": Map({
        "source": SOURCE, "miles": Int(1, 99, "the last mile"),
        "regions": List(Map({"name": Enum(REGIONS), "first": Int(0, 99)},
                            what="{name: Valley, first: 0}"), min_len=3, max_len=3,
                        what="the 3 regions in road order"),
        "waypoints": MILES, "special": MILES, "wrecks": MILES, "radiation": MILES,
        "shortcuts": List(List(Int(0, 99), min_len=2, max_len=2, what="[from, to]"),
                          what="a list of [from, to] shortcuts"),
    }, what="the road"),
    "start.yaml": Map({"cards": List(START_CARD, what="a list of start cards")},
                      what="a mapping with cards"),
    "exploration.yaml": Map({"cards": List(EXPLORATION_CARD, what="a list of Exploration cards")},
                            what="a mapping with cards"),
    "objects.yaml": Map({"objects": List(OBJECT, what="a list of Objects")},
                        what="a mapping with objects"),
    "enemies.yaml": Map({"enemies": List(ENEMY, what="a list of enemies"),
                         "loot": List(LOOT, what="a list of Loot cards")},
                        what="a mapping with enemies and loot"),
    "outcome.yaml": Map({"outcomes": List(OUTCOME, what="a list of Outcome cards")},
                        what="a mapping with outcomes"),
    "waypoints.yaml": Map({"counters": List(COUNTER, what="a list of counters")},
                          what="a mapping with counters"),
}
AUTOMA_EFFECT = Map({
    "fame": Int(1, 3), "target": Int(1, 1), "object": Int(1, 3), "enemy_damage": Int(1, 5),
    "speed": Int(1, 3), "survivor": Int(1, 2), "repair": Int(1, 5),
    "damage_you": Map({"area": Enum(ENEMY_AREAS), "n": Int(1, 3)}, what="{area: FRONT, n: 1}"),
    "toll_you": Map({"ammo": Int(1, 3), "fame": Int(1, 3)}, what="{ammo: 1, fame: 1}"),
    "contaminate_you": Int(1, 2),
}, optional=tuple(v for vs in AUTOMA_VERBS.values() for v in vs),
    what="an effect: one verb and its value, such as {fame: 1}", noun="Automa verb")
AUTOMA_IF = Map({"you_ahead": Bool(), "you_more_survivors": Bool(),
                 "behind_you": Int(1, 25, "a number of miles"),
                 "its_survivors_below": Int(1, 5, "a number of survivors"),
                 "your_objects_more": Bool()},
                optional=AUTOMA_IFS, what="a condition, such as {you_ahead: true}",
                noun="Automa condition")
AUTOMA_LINE = Map({"if": AUTOMA_IF, "do": List(AUTOMA_EFFECT, min_len=1,
                                               what="a list of effects")},
                  optional=("if",), what="{if: {...}, do: [...]}")
SCHEMAS["automa.yaml"] = Map({
    "board": Map({"speed": Int(1, 6), "survivors": Int(0, 5), "damage": Int(0, 9),
                  "survivors_max": Int(1, 9), "targets": Int(0, 4), "attack_max": Int(1, 9)},
                 what="the Automa board's starting tracks"),
    "levels": Map({lv: List(Int(1, 6, "a round 1..6"), what="a list of rounds")
                   for lv in LEVELS}, what="{easy: [3], normal: [2, 4], hard: [1, 4, 5]}"),
    "scoring": Map({"objects_per_fame": Int(1, 5), "per_loot": Int(0, 5),
                    "per_survivor_aboard": Int(0, 5),
                    "condition": List(Map({"max_damage": Int(0, 20), "fame": Int(0, 9)},
                                          what="{max_damage: 2, fame: 3}"),
                                      what="a list of Damage bands"),
                    "damage_per_speed": Int(1, 9)}, what="the Automa's scoring"),
    "cards": List(Map({"id": CARD_ID, "name": NAME, "source": SOURCE,
                       "slot": Int(1, 5, "a zone cell 1..5"),
                       "arrow": Enum(("left", "right")), "enemy": AUTOMA_LINE,
                       "movement": AUTOMA_LINE, "end": AUTOMA_LINE, "text": TEXT},
                      what="an Automa action card"), what="a list of Automa cards"),
}, what="the Automa's board, levels, scoring and cards")
BASE_FILES = tuple(SCHEMAS)  # the base game's files, whose bytes make its ruleset hash
SCHEMAS["modules/exploration.yaml"] = Map(
    {"cards": List(EXPLORATION_CARD, what="a list of Exploration cards"),
     "objects": List(OBJECT, what="a list of Objects")},
    what="a mapping with cards and objects")
SCHEMAS["modules/asgard.yaml"] = Map({"enemies": List(ENEMY, what="a list of enemies"),
                                      "loot": List(LOOT, what="a list of Loot cards")},
                                     what="a mapping with enemies and loot")
CREW_CARD = Map({"id": CARD_ID, "name": NAME, "source": SOURCE, "text": TEXT,
                 "value": Int(0, 5, "a survivor value 0..5"), "dies_at": Int(1, 5),
                 "abilities": List(ABILITY, min_len=1, what="a list of abilities")},
                optional=("dies_at",), what="a crew's survivor card")
SCHEMAS["modules/crew.yaml"] = Map(
    {"crews": List(Map({"id": Str(r"[a-z]+", "a crew id such as pack"), "name": NAME,
                        "survivors": List(CREW_CARD, min_len=2, max_len=2,
                                          what="the crew's two survivor cards")},
                       what="a crew"), min_len=1, what="a list of crews")},
    what="a mapping with crews")
SCHEMAS["modules/story.yaml"] = story_cards.schema(AREAS, CELL.pattern)
PVP_ICONS = ("fame", "repair", "object", "player_hit", "blank")
SCHEMAS["modules/pvp.yaml"] = Map({
    "setup": Map({"source": SOURCE, "fame": Int(-1, 0, "a Fame start -1..0"),
                  "enemies_removed": Int(0, 2), "loot_removed": Int(0, 1)},
                 what="{fame: -1, enemies_removed: 1, loot_removed: 1}"),
    "surplus": PER_COUNT,
    "cards": List(Map({"ids": IDS, "name": NAME, "source": SOURCE, "text": TEXT,
                       "evasion": List(Enum(("shield", "blank")), min_len=2, max_len=8,
                                       what="the Evasion track's spaces"),
                       "aggression": List(Enum(PVP_ICONS), min_len=2, max_len=12,
                                          what="the Aggression track's spaces")},
                      what="a PvP card"), min_len=1, max_len=1, what="the PvP card"),
    "outcomes": List(OUTCOME, what="a list of Outcome cards"),
}, what="a mapping with setup, surplus, cards and outcomes")
FILES = tuple(SCHEMAS)

# Printed component counts (brief 1.1).
COUNTS = {"exploration": 54, "per_period": 18, "plus": 22, "start": 18, "objects": 14,
          "enemies": 6, "loot": 6, "outcome": 12, "counters": 10, "automa": 6,
          "fs-exploration": 22, "fs-objects": 12, "fs-enemies": 6, "fs-loot": 6,
          "fs-crew": 8}
NEEDS = {"truck": ("speed", "boost", "tow", "tracked", "cells"), "trailer": ("cells",),
         "device": ("cells",), "survivor": ("value",), "location": ("gather",),
         "encounter": ("options",), "event": ("effects",)}
FORBIDS = {"truck": ("value", "abilities", "gather", "options", "effects"),
           "trailer": ("speed", "boost", "tow", "tracked", "value", "abilities", "gather",
                       "options", "effects"),
           "survivor": ("cells", "speed", "gather", "options", "effects"),
           "location": ("cells", "value", "options", "effects"),
           "encounter": ("cells", "value", "gather", "effects"),
           "event": ("cells", "value", "gather", "options")}
FORBIDS["device"] = FORBIDS["trailer"]


# ---------------------------------------------------------------------------- loading

def validate(folder: Path) -> list[Problem]:
    """All problems in the folder's YAML (empty when valid)."""
    return _load(Path(folder))[1]


def load_content(folder: Path) -> Content:
    """Load and check all of Last Aurora's YAML; raise ContentError listing every problem."""
    content, problems = _load(Path(folder))
    if content is None:
        raise ContentError("\n".join(str(p) for p in problems))
    return content


def _load(folder: Path) -> tuple[Content | None, list[Problem]]:
    docs, problems = check_folder(folder, SCHEMAS, _cross_check)
    return (None, problems) if problems else (_content(folder, docs), [])


def _in_range(number: str, family: str) -> bool:
    lo, hi = ID_RANGES[family]
    return lo <= int(number) <= hi


def _cross_check(docs: dict[str, Doc]) -> None:
    """What the schemas cannot say: ids unique and in their printed ranges, the printed
    component counts, the fields each kind of card needs, the Outcome letters, the road."""
    g, road, start, exploration, objects, enemies, outcome, waypoints, automa = \
        checked(docs)[:len(BASE_FILES)]
    seen: dict[str, str] = {}

    def claim(doc: Doc, path: tuple[object, ...], number: str, family: str) -> None:
        if number in seen:
            doc.problem(path, f"card number {number} is used twice")
        seen[number] = family
        if family in ID_RANGES and not _in_range(number, family) and number != MINE_ID:
            lo, hi = ID_RANGES[family]
            doc.problem(path, f"card number {number} is outside {family}'s {lo:03}-{hi:03}")

    def kind_fields(doc: Doc, path: tuple[object, ...], card: dict[str, Any]) -> None:
        kind = card["kind"]
        for key in NEEDS[kind]:
            if key not in card:
                doc.problem(path + (key,), f"missing; a {kind} card needs {key}")
        for key in FORBIDS[kind]:
            if key in card:
                doc.problem(path + (key,), f"a {kind} card has no {key}")
        if kind == "truck" and card.get("cells", [""])[0][:1] == "S":
            doc.problem(path + ("cells",), "a truck's first cell cannot be a special cell")
        if kind == "location" and card.get("different") and card.get("pick", 0) > len(
                card["gather"][0]):
            doc.problem(path + ("pick",), "more different tokens than the card offers")

    d = docs["start.yaml"]
    n_start = 0
    for i, card in enumerate(start["cards"]):
        for j, number in enumerate(card["ids"]):
            claim(d, ("cards", i, "ids", j), number, "start")
            n_start += 1
        kind_fields(d, ("cards", i), card)
        if card["kind"] in ("location", "encounter", "event"):
            d.problem(("cards", i, "kind"), "a start card is a survivor or a convoy card")
    if n_start != COUNTS["start"]:
        d.problem(("cards",), f"{n_start} start cards; the game has {COUNTS['start']}")

    d = docs["exploration.yaml"]
    cards = exploration["cards"]
    for i, card in enumerate(cards):
        claim(d, ("cards", i, "id"), card["id"], "exploration")
        kind_fields(d, ("cards", i), card)
        for key in ("period", "plus"):
            if key not in card:
                d.problem(("cards", i, key), "missing; every Exploration card has it")
    if len(cards) != COUNTS["exploration"]:
        d.problem(("cards",), f"{len(cards)} Exploration cards; the game has "
                              f"{COUNTS['exploration']}")
    else:
        for p in (1, 2, 3):
            n = sum(1 for c in cards if c.get("period") == p)
            if n != COUNTS["per_period"]:
                d.problem(("cards",), f"Period {p} has {n} cards; each Period has "
                                      f"{COUNTS['per_period']}")
        plus = sum(1 for c in cards if c.get("plus"))
        if plus != COUNTS["plus"]:
            d.problem(("cards",), f"{plus} cards carry the orange plus; the game has "
                                  f"{COUNTS['plus']}")

    d = docs["objects.yaml"]
    n_obj = 0
    for i, obj in enumerate(objects["objects"]):
        for j, number in enumerate(obj["ids"]):
            claim(d, ("objects", i, "ids", j), number, "objects")
            if number == MINE_ID and not obj.get("optional"):
                d.problem(("objects", i, "optional"), "the Mine is the optional rule's card")
            n_obj += 0 if obj.get("optional") else 1
    if n_obj != COUNTS["objects"]:
        d.problem(("objects",), f"{n_obj} Objects; the game has {COUNTS['objects']}")

    d = docs["enemies.yaml"]
    for i, enemy in enumerate(enemies["enemies"]):
        claim(d, ("enemies", i, "id"), enemy["id"], "enemies")
        who = set(enemy["ambush"])
        if not who or ("all" in who and len(who) > 1) or (who and "all" not in who
                                                           and who != {"leaders", "others"}):
            d.problem(("enemies", i, "ambush"), "give either all, or leaders and others")
        for effects in enemy["ambush"].values():
            for e in effects:
                dmg = e.get("damage")
                if dmg is not None and ("n" in dmg) == ("cap" in dmg):
                    d.problem(("enemies", i, "ambush"), "each damage gives n or cap, not both")
                if dmg is not None and "cap" in dmg and not enemy.get("reveal"):
                    d.problem(("enemies", i, "ambush"), "a cap needs reveal: true")
    _check_clan(d, enemies, claim, "enemies", "loot")

    d = docs["outcome.yaml"]
    even = {"".join(p) for p in permutations("ABCD") if _even(p)}
    orders: set[str] = set()
    for i, card in enumerate(outcome["outcomes"]):
        claim(d, ("outcomes", i, "id"), card["id"], "outcome")
        if card["letters"] not in even:
            d.problem(("outcomes", i, "letters"), "expected an even ordering of A, B, C, D "
                                                  "(so every letter leads equally often)")
        elif card["letters"] in orders:
            d.problem(("outcomes", i, "letters"), f"{card['letters']} is used twice")
        orders.add(card["letters"])
    if len(outcome["outcomes"]) != COUNTS["outcome"]:
        d.problem(("outcomes",), f"{len(outcome['outcomes'])} Outcome cards; the game has 12")

    d = docs["waypoints.yaml"]
    ids: set[str] = set()
    for i, c in enumerate(waypoints["counters"]):
        for j, cid in enumerate(c["ids"]):
            if cid in ids:
                d.problem(("counters", i, "ids", j), f"counter id {cid!r} is used twice")
            ids.add(cid)
    if len(ids) != COUNTS["counters"]:
        d.problem(("counters",), f"{len(ids)} counters; the game has {COUNTS['counters']}")

    d = docs["automa.yaml"]
    for i, card in enumerate(automa["cards"]):
        claim(d, ("cards", i, "id"), card["id"], "automa")
        for line, verbs in AUTOMA_VERBS.items():
            for j, effect in enumerate(card[line]["do"]):
                for verb in effect:
                    if verb not in verbs:
                        d.problem(("cards", i, line, "do", j, verb),
                                  f"does not belong on the {line} line; expected one of "
                                  + ", ".join(verbs))
            cond = card[line].get("if", {})
            if len(cond) > 1 or any(v is False for v in cond.values()):
                d.problem(("cards", i, line, "if"), "expected one condition, such as "
                                                    "{you_ahead: true}")
    if len(automa["cards"]) != COUNTS["automa"]:
        d.problem(("cards",), f"{len(automa['cards'])} Automa cards; the game has "
                              f"{COUNTS['automa']}")
    bands = [b["max_damage"] for b in automa["scoring"]["condition"]]
    if bands != sorted(set(bands)):
        d.problem(("scoring", "condition"), "expected the Damage bands from the fewest up")

    d = docs["board-alpha.yaml"]
    last = road["miles"]
    firsts = [r["first"] for r in road["regions"]]
    if [r["name"] for r in road["regions"]] != list(REGIONS) or firsts[0] != 0 or \
            firsts != sorted(set(firsts)) or firsts[-1] > last:
        d.problem(("regions",), "expected Valley from mile 0, then Coast, then Bay, in order")
    for key in ("waypoints", "special", "wrecks", "radiation"):
        for j, mile in enumerate(road[key]):
            if mile > last:
                d.problem((key, j), f"mile {mile} is past the road's end ({last})")
        if len(set(road[key])) != len(road[key]):
            d.problem((key,), "a mile is listed twice")
    if len(road["waypoints"]) != g["rounds"] or road["waypoints"] != sorted(road["waypoints"]):
        d.problem(("waypoints",), f"expected {g['rounds']} red waypoints in road order")
    if len(road["special"]) != len(ids) and len(ids) == COUNTS["counters"]:
        d.problem(("special",), f"{len(road['special'])} Special Waypoint spaces for "
                                f"{len(ids)} counters")
    wp = set(road["waypoints"])
    for key in ("special", "wrecks"):
        for j, mile in enumerate(road[key]):
            if mile in wp or (key == "wrecks" and mile in road["special"]):
                d.problem((key, j), f"mile {mile} already holds another space")
    for j, (a, b) in enumerate(road["shortcuts"]):
        if not 0 <= a < b <= last:
            d.problem(("shortcuts", j), "a shortcut runs forward, from one mile to a later one")

    _check_module_exploration(docs["modules/exploration.yaml"], claim, kind_fields)
    _check_module_asgard(docs["modules/asgard.yaml"], claim)
    _check_module_crew(docs["modules/crew.yaml"], claim)
    d = docs["modules/story.yaml"]  # Module 4
    for path, problem in story_cards.problems(checked({"file": d})[0]):
        d.problem(path, problem)
    _check_module_pvp(docs["modules/pvp.yaml"], claim, outcome["outcomes"])

    d = docs["game.yaml"]
    if g["players"]["min"] > g["players"]["max"]:
        d.problem(("players",), "min is above max")
    for key in ("plus_removed", "surplus"):
        for n in range(g["players"]["min"], g["players"]["max"] + 1):
            if n not in g[key]:
                d.problem((key,), f"expected a count for {n} players")
    for key, kind in (("truck", "truck"), ("trailer", "trailer")):
        if seen.get(g["start"][key]) != "start" or _kind(start, g["start"][key]) != kind:
            d.problem(("start", key), f"expected a start {kind} card's number")
    for j, number in enumerate(g["start"]["survivors"]):
        if seen.get(number) != "start" or _kind(start, number) != "survivor":
            d.problem(("start", "survivors", j), "expected a start survivor card's number")
    for j, number in enumerate(g["rusty_containers"]):
        if seen.get(number) != "start" or _kind(start, number) != "trailer":
            d.problem(("rusty_containers", j), "expected a start trailer card's number")
    plus_per_period = COUNTS["plus"] // 3
    for n, removed in g["plus_removed"].items():
        if removed > plus_per_period:
            d.problem(("plus_removed", n), f"a Period stack has only {plus_per_period} or so "
                                           "orange-plus cards to remove")


def _check_module_exploration(d: Doc, claim: Any, kind_fields: Any) -> None:
    """Module 1's file: cards 201-222 (7 / 7 / 8 per Period, every one with the blue plus,
    one per orange-plus card it replaces) and Objects 223-234."""
    data = checked({"file": d})[0]  # its schema passed
    cards = data["cards"]
    for i, card in enumerate(cards):
        claim(d, ("cards", i, "id"), card["id"], "fs-exploration")
        kind_fields(d, ("cards", i), card)
        for key in ("period", "plus"):
            if key not in card:
                d.problem(("cards", i, key), "missing; every Exploration card has it")
        if card.get("plus") is False:
            d.problem(("cards", i, "plus"), "every card of the module carries the blue plus")
    if len(cards) != COUNTS["fs-exploration"]:
        d.problem(("cards",), f"{len(cards)} Exploration cards; the module has "
                              f"{COUNTS['fs-exploration']}")
    else:
        for p, want in ((1, 7), (2, 7), (3, 8)):
            n = sum(1 for c in cards if c.get("period") == p)
            if n != want:
                d.problem(("cards",), f"Period {p} has {n} cards; the module has {want} "
                                      "(one per orange-plus card of that Period)")
    n_obj = 0
    for i, obj in enumerate(data["objects"]):
        for j, number in enumerate(obj["ids"]):
            claim(d, ("objects", i, "ids", j), number, "fs-objects")
            n_obj += 1
    if n_obj != COUNTS["fs-objects"]:
        d.problem(("objects",), f"{n_obj} Objects; the module has {COUNTS['fs-objects']}")


def _check_clan(d: Doc, data: dict[str, Any], claim: Any, enemy_kind: str,
                loot_kind: str) -> None:
    """A clan's file (the base game's or Asgard's): its enemies spread evenly over the three
    Periods, and its Loot cards claimed, each with what its kind needs, evenly over the three
    stacks."""
    for p in (1, 2, 3):
        n = sum(1 for e in data["enemies"] if e["period"] == p)
        if n != COUNTS[enemy_kind] // 3:
            d.problem(("enemies",), f"Period {p} has {n} enemies; each Period has 2")
    for i, loot in enumerate(data["loot"]):
        claim(d, ("loot", i, "id"), loot["id"], loot_kind)
        need = ("value",) if loot["kind"] == "survivor" else ("cells",)
        for key in need:
            if key not in loot:
                d.problem(("loot", i, key), f"missing; a {loot['kind']} Loot card needs {key}")
    for s in (1, 2, 3):
        n = sum(1 for x in data["loot"] if x["stack"] == s)
        if n != COUNTS[loot_kind] // 3:
            d.problem(("loot",), f"Loot stack {s} has {n} cards; each stack has 2")


def _check_module_asgard(d: Doc, claim: Any) -> None:
    """Module 2's file: enemies 235-240 (2 per Period, each with defense cells) and Loot
    241-246 (2 per stack)."""
    data = checked({"file": d})[0]
    for i, enemy in enumerate(data["enemies"]):
        claim(d, ("enemies", i, "id"), enemy["id"], "fs-enemies")
        if "defense" not in enemy:
            d.problem(("enemies", i, "defense"), "missing; every Asgard enemy has defense cells")
    _check_clan(d, data, claim, "fs-enemies", "fs-loot")


def _check_module_crew(d: Doc, claim: Any) -> None:
    """Module 3's file: four crews of two survivors, cards 247-254, crew ids used once."""
    data = checked({"file": d})[0]
    ids: set[str] = set()
    n = 0
    for i, crew in enumerate(data["crews"]):
        if crew["id"] in ids or crew["id"] == "random":
            d.problem(("crews", i, "id"), f"crew id {crew['id']!r} is used twice or reserved")
        ids.add(crew["id"])
        for j, card in enumerate(crew["survivors"]):
            claim(d, ("crews", i, "survivors", j, "id"), card["id"], "fs-crew")
            n += 1
    if n != COUNTS["fs-crew"]:
        d.problem(("crews",), f"{n} crew survivors; the module has {COUNTS['fs-crew']}")


def _check_module_pvp(d: Doc, claim: Any, base: list[dict[str, Any]]) -> None:
    """Module 5's file: PvP cards 295-298 (the seeds' tracks: Evasion 4 spaces, Aggression 8)
    and Outcome cards 299-310 with the base cards' letters and backs in the same order."""
    data = checked({"file": d})[0]
    card = data["cards"][0]
    for j, number in enumerate(card["ids"]):
        claim(d, ("cards", 0, "ids", j), number, "pvp-cards")
    if len(card["ids"]) != 4:
        d.problem(("cards", 0, "ids"), "the module has 4 PvP cards")
    if len(card["evasion"]) != 4:
        d.problem(("cards", 0, "evasion"), "the Evasion track has 4 spaces")
    if len(card["aggression"]) != 8:
        d.problem(("cards", 0, "aggression"), "the Aggression track has 8 spaces")
    outs = data["outcomes"]
    for i, o in enumerate(outs):
        claim(d, ("outcomes", i, "id"), o["id"], "pvp-outcome")
        if not _even(tuple(o["letters"])) or len(set(o["letters"])) != 4:
            d.problem(("outcomes", i, "letters"), "expected an even ordering of A, B, C, D "
                                                  "(so every letter leads equally often)")
        if i < len(base) and o["back"] != base[i]["back"]:
            d.problem(("outcomes", i, "back"), f"expected {base[i]['back']}, the back of "
                                               f"Outcome card {base[i]['id']}")
    if len(outs) != COUNTS["outcome"]:
        d.problem(("outcomes",), f"{len(outs)} Outcome cards; the module has 12")


def _even(p: tuple[str, ...]) -> bool:
    inv = sum(1 for i in range(4) for j in range(i + 1, 4) if p[i] > p[j])
    return inv % 2 == 0


def _kind(start: dict[str, Any], number: str) -> str | None:
    for card in start["cards"]:
        if number in card["ids"]:
            return str(card["kind"])
    return None


def _effects(items: list[dict[str, Any]] | None) -> tuple[Effect, ...]:
    return tuple(next(iter(e.items())) for e in items or ())


def _abilities(items: list[dict[str, Any]] | None) -> tuple[tuple[str, Any], ...]:
    return tuple(next(iter(a.items())) for a in items or ())


def _card(data: dict[str, Any], number: str, design: str, index: int, kind: str) -> Card:
    return Card(
        index=index, id=number, design=design, name=data["name"], kind=kind,
        source=data["source"], text=data["text"], period=data.get("period", 0),
        plus=data.get("plus", False), stack=data.get("stack", 0), value=data.get("value", 0),
        dies_at=data.get("dies_at", 3), abilities=_abilities(data.get("abilities")),
        speed=data.get("speed", 0), boost=data.get("boost", 0), tow=data.get("tow", 0),
        tracked=data.get("tracked", False),
        cells=tuple(data["cells"]) if isinstance(data.get("cells"), list) else (),
        gather=tuple(frozenset(u) for u in data.get("gather", ())), pick=data.get("pick", 0),
        different=data.get("different", False), radiation=data.get("radiation", 0),
        options=tuple(Option(o["label"], tuple(o.get("cost", {}).items()),
                             _effects(o["effects"])) for o in data.get("options", ())),
        effects=_effects(data.get("effects")), phase=data.get("phase", ""),
        optional=data.get("optional", False))


def _automa_line(data: dict[str, Any]) -> AutomaLine:
    cond = data.get("if")
    return AutomaLine(_effects(data["do"]), next(iter(cond.items())) if cond else None)


def _automa(data: dict[str, Any]) -> AutomaRules:
    b, sc = data["board"], data["scoring"]
    cards = tuple(AutomaCard(i, c["id"], c["name"], c["source"], c["text"], c["slot"] - 1,
                             -1 if c["arrow"] == "left" else 1, _automa_line(c["enemy"]),
                             _automa_line(c["movement"]), _automa_line(c["end"]))
                  for i, c in enumerate(data["cards"]))
    return AutomaRules(
        speed=b["speed"], survivors=b["survivors"], damage=b["damage"],
        survivors_max=b["survivors_max"], targets=b["targets"],
        attack_max=b["attack_max"], levels={k: tuple(v) for k, v in data["levels"].items()},
        objects_per_fame=sc["objects_per_fame"], per_loot=sc["per_loot"],
        per_survivor_aboard=sc["per_survivor_aboard"],
        condition=tuple((x["max_damage"], x["fame"]) for x in sc["condition"]),
        damage_per_speed=sc["damage_per_speed"], cards=cards)


def _content(folder: Path, docs: dict[str, Doc]) -> Content:
    """The Content of files that passed every check."""
    g, road, start, exploration, objects, enemies, outcome, waypoints, automa = \
        checked(docs)[:len(BASE_FILES)]
    cards: list[Card] = []
    for data in exploration["cards"]:
        cards.append(_card(data, data["id"], data["id"], len(cards), data["kind"]))
    for data in start["cards"]:
        for number in data["ids"]:
            cards.append(_card(data, number, data["ids"][0], len(cards), data["kind"]))
    for data in objects["objects"]:
        for number in data["ids"]:
            cards.append(_card(data, number, data["ids"][0], len(cards), "object"))
    for data in enemies["enemies"]:
        c = _card(data, data["id"], data["id"], len(cards), "enemy")
        ambush = tuple((who, _effects(effs)) for who, effs in data["ambush"].items())
        cards.append(Card(**{**_fields(c), "cells": ("H",) * data["cells"],
                             "reveal": data.get("reveal", False), "ambush": ambush}))
    for data in enemies["loot"]:
        cards.append(_card(data, data["id"], data["id"], len(cards), data["kind"]))
    # Frozen Steel's cards come after the base game's, so a base card's index never changes
    fs1 = checked(docs)[len(BASE_FILES)]
    for data in fs1["cards"]:
        cards.append(_card(data, data["id"], data["id"], len(cards), data["kind"]))
    for data in fs1["objects"]:
        for number in data["ids"]:
            cards.append(_card(data, number, data["ids"][0], len(cards), "object"))
    fs2 = checked(docs)[len(BASE_FILES) + 1]
    for data in fs2["enemies"]:
        c = _card(data, data["id"], data["id"], len(cards), "enemy")
        ambush = tuple((who, _effects(effs)) for who, effs in data["ambush"].items())
        cells = ("D",) * data["defense"] + ("H",) * data["cells"]
        cards.append(Card(**{**_fields(c), "cells": cells, "defense": data["defense"],
                             "reveal": data.get("reveal", False), "ambush": ambush}))
    for data in fs2["loot"]:
        cards.append(_card(data, data["id"], data["id"], len(cards), data["kind"]))
    crews: list[Crew] = []  # Module 3: each crew's two survivors (read by its file's name)
    for crew in checked({"file": docs["modules/crew.yaml"]})[0]["crews"]:
        first = len(cards)
        for data in crew["survivors"]:
            cards.append(_card(data, data["id"], data["id"], len(cards), "survivor"))
        crews.append(Crew(crew["id"], crew["name"], tuple(range(first, len(cards)))))
    outcomes = tuple(Outcome(i, o["id"], o["letters"], o["face"], o["back"], o["source"])
                     for i, o in enumerate(outcome["outcomes"]))
    pvp = _pvp(checked(docs)[FILES.index("modules/pvp.yaml")], len(outcomes))
    counters: list[Counter] = []
    for c in waypoints["counters"]:
        for cid in c["ids"]:
            counters.append(Counter(len(counters), cid, c["name"], c["source"],
                                    _effects(c["effects"]), c.get("stays", False)))
    digest = hashlib.sha256()
    for name in ["game.yaml", *sorted(n for n in BASE_FILES if n != "game.yaml")]:  # events.md
        digest.update((folder / name).read_bytes())
    module_hashes = {m: hashlib.sha256((folder / f).read_bytes()).hexdigest()[:16]
                     for m, f in MODULE_FILES.items()}
    sc = g["scoring"]
    return Content(
        folder=str(folder), title=g["title"], min_players=g["players"]["min"],
        max_players=g["players"]["max"], rounds=g["rounds"],
        start_truck=g["start"]["truck"], start_trailer=g["start"]["trailer"],
        start_survivors=tuple(g["start"]["survivors"]),
        start_resources=dict(g["start"]["resources"]), start_fame=g["start"]["fame"],
        rusty=tuple(g["rusty_containers"]),
        zone=tuple(Zone(z["value"], _effects(z["bonus"]), _effects(z.get("or")))
                   for z in g["zone"]),
        plus_removed=dict(g["plus_removed"]), surplus=dict(g["surplus"]),
        object_limit=g["object_limit"], fame_floor=g["fame_floor"],
        survivors_max=g["survivors_max"], explorers_max=g["explorers_max"],
        per_mile=sc["per_mile"], per_survivor_aboard=sc["per_survivor_aboard"],
        per_clean_card=sc["per_clean_card"], boarding_order=sc["boarding_order"],
        targets_each=g["supply"]["targets_each"],
        road=Road(miles=road["miles"],
                  regions=tuple((r["name"], r["first"]) for r in road["regions"]),
                  waypoints=tuple(road["waypoints"]), special=tuple(road["special"]),
                  wrecks=tuple(road["wrecks"]), radiation=tuple(road["radiation"]),
                  shortcuts=tuple((a, b) for a, b in road["shortcuts"])),
        cards=tuple(cards), outcomes=outcomes, counters=tuple(counters),
        automa=_automa(automa), table={},
        ruleset_hash=digest.hexdigest()[:16], module_hashes=module_hashes,
        crews=tuple(crews),
        story=story_cards.build(checked(docs)[FILES.index("modules/story.yaml")]),
        pvp=pvp)


def _pvp(data: dict[str, Any], first: int) -> PvpRules:
    card = data["cards"][0]
    return PvpRules(
        start_fame=data["setup"]["fame"], enemies_removed=data["setup"]["enemies_removed"],
        loot_removed=data["setup"]["loot_removed"], surplus=dict(data["surplus"]),
        card_ids=tuple(card["ids"]), card_name=card["name"], card_text=card["text"],
        card_source=card["source"], evasion=tuple(card["evasion"]),
        aggression=tuple(card["aggression"]),
        outcomes=tuple(Outcome(first + i, o["id"], o["letters"], o["face"], o["back"],
                               o["source"]) for i, o in enumerate(data["outcomes"])))


def _fields(card: Card) -> dict[str, Any]:
    return {name: getattr(card, name) for name in Card.__slots__}
