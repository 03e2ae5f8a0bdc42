"""The Eternal Frost's data: loading, schema checks and the board validator.

Everything lives in cards/andor-eternal-frost/: game.yaml (the numbers), heroes.yaml,
creatures.yaml, components.yaml (the box), boards/*.yaml (the original board sides) and
legends/*.yaml (the original legends). Every problem reads `file:line: key: problem`.

The board checks are numbered as in the design brief (validator 1-11): 1-10 here, on both
sides (8 places side 2's merchants, cave, village and lake), and 11 in legend.Checker, which
also keeps every legend's creatures and articles within the box at every hero count.
"""

from __future__ import annotations

import hashlib
from collections import deque
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from frostdesk.engine.catalogue import Doc, Problem, load_docs, problems_of
from frostdesk.engine.game import ContentError
from frostdesk.engine.schema import (
    Dict,
    Enum,
    Int,
    List,
    Map,
    Num,
    OneOf,
    Schema,
    Str,
    check_files,
    checked,
)
from frostdesk.games.andor_eternal_frost import legend

SOURCE = Enum(("rulebook", "authored"))
WORD = r"[a-z][a-z0-9_]*"
LETTERS = "ABCDEFGHIJKLMN"
MAX_ARROW_STEPS = 16  # validator 4

# ---------------------------------------------------------------------------- dataclasses


@dataclass(frozen=True, slots=True)
class Hero:
    id: str
    name: str
    sides: tuple[str, str]
    colour: str
    rank: int
    dice: tuple[int, int, int]  # per WP row
    ability: str
    text: str
    source: str


@dataclass(frozen=True, slots=True)
class Creature:
    id: str
    name: str
    sp: int
    wp: int
    dice: tuple[tuple[int, int], ...]  # (from_wp, dice), lowest first
    reward: tuple[tuple[str, int], ...]  # ("sp" | "wp", amount) choices
    steps: tuple[int, ...]
    cap: int
    source: str

    def dice_at(self, wp: int) -> int:
        n = self.dice[0][1]
        for from_wp, k in self.dice:
            if wp >= from_wp:
                n = k
        return n


@dataclass(frozen=True, slots=True)
class Space:
    id: int
    kind: str  # castle, tent_city, land, lake
    name: str
    region: str
    bank: str
    xy: tuple[float, float]
    next: tuple[int, ...]
    arrow: int | None
    features: tuple[str, ...]
    min_wp: int = 0  # the cave: a hero needs this much WP to enter (R35)


@dataclass(frozen=True, slots=True)
class Board:
    id: str
    title: str
    source: str
    canvas: tuple[float, float]
    home: int  # the castle or the tent city
    defeated: int  # the box for defeated creatures
    defeated_xy: tuple[float, float]
    spaces: dict[int, Space]
    bridges: tuple[tuple[int, int], ...]
    river: tuple[tuple[float, float], ...]
    regions: dict[str, str]
    dist: dict[int, dict[int, int]]  # plain walking distance between every pair
    plain: bool = True  # no lake and no cave: a hero walks every space (side 1)
    min_wp_spaces: bool = False  # some space asks for WP to enter (the cave)

    def arrow_distance(self, space: int) -> int:
        n = 0
        s: int | None = space
        while s is not None and s != self.home:
            s = self.spaces[s].arrow
            n += 1
        return n


@dataclass(frozen=True, slots=True)
class Content:
    folder: str
    title: str
    min_players: int
    max_players: int
    day_hours: int
    overtime_hours: int
    overtime_wp: int
    frost_lane: tuple[int, ...]
    frost_floor: int
    start_sp: int
    start_wp: int
    wp_max: int
    wp_rows: tuple[int, ...]  # the top WP of each dice row
    sp_min: int
    sp_max: int
    loss_sp: int
    loss_wp: int
    fire_tokens: int
    fire_light_wp: int
    fire_warm_wp: int
    fire_battle_sp: int
    shields: dict[int, int]
    letters: str
    heroes: dict[str, Hero]
    creatures: dict[str, Creature]
    articles: dict[str, tuple[str, str, int]]  # id -> (name, size, count)
    herbs: dict[str, tuple[str, int, str]]  # id -> (name, count, effect)
    snow_tokens: dict[str, int]
    ice_tokens: dict[str, int]
    other: dict[str, int]
    boards: dict[str, Board]
    legends: dict[str, legend.Legend]
    ruleset_hash: str

    def dice_row(self, wp: int) -> int:
        for i, top in enumerate(self.wp_rows):
            if wp <= top:
                return i
        return len(self.wp_rows) - 1

    def hero_dice(self, hero: str, wp: int) -> int:
        return self.heroes[hero].dice[self.dice_row(wp)]


# ---------------------------------------------------------------------------- the files' shapes

POINT = List(Num("a coordinate"), min_len=2, max_len=2, what="a point [x, y]")
COUNT = Int(min=0, what="a count")
PER_PLAYERS = Dict(Int(2, 4, "a number of heroes 2..4"), Int(min=0, what="a count"),
                   what="a mapping such as {2: 3, 3: 2, 4: 1}")
HERO = Map({
    "id": Enum(("warrior", "guardian", "wizard", "dwarf")), "name": Str(what="a name"),
    "sides": List(Str(what="a name"), min_len=2, max_len=2, what="two names"),
    "colour": Str(what="a colour"), "shape": Str(what="a shape"),
    "rank": Int(1, 99, "a rank 1..99"),
    "dice": List(Int(1, 6, "a number of dice"), min_len=3, max_len=3,
                 what="three numbers of dice, one per WP row"),
    "ability": Enum(("fire_plus_two", "board_fire", "turn_die", "hardy")),
    "source": SOURCE, "text": Str(what="the ability in words"),
}, what="a mapping for one hero")
CREATURE = Map({
    "id": Str(WORD, "an id"), "name": Str(what="a name"),
    "sp": Int(1, 30, "strength points 1..30"), "wp": Int(1, 40, "willpower 1..40"),
    "dice": List(List(Int(min=0), min_len=2, max_len=2, what="[from_wp, dice]"), min_len=1,
                 what="a list of [from_wp, dice] rows"),
    "reward": Map({"sp": Int(min=1), "wp": Int(min=1)}, optional=("sp", "wp"),
                  what="a mapping such as {sp: 1, wp: 4}"),
    "steps": List(Int(1, 5, "a sunrise step 1..5"), min_len=1, what="a list of steps"),
    "cap": Int(min=1, what="the figures in the box"), "source": SOURCE,
}, what="a mapping for one creature kind")
SPACE = Map({
    "id": Int(min=0, what="a space id"),
    "kind": Enum(("castle", "tent_city", "land", "lake")), "name": Str(what="a name"),
    "region": Str(WORD, "a region key"), "bank": Enum(("north", "south")), "xy": POINT,
    "next": List(Int(min=0, what="a space id"), what="a list of neighbour ids"),
    "arrow": OneOf([Int(min=0, what="a space id"), Enum((None,), "null")],
                   what="a neighbour's id or null"),
    "features": List(Enum(("merchant", "cave", "village")), what="a list of features"),
    "min_wp": Int(min=1), "poly": List(POINT, what="a list of points"),
}, optional=("kind", "name", "bank", "features", "min_wp", "poly"),
    what="a mapping for one space")
BOARD = Map({
    "board": Str(WORD, "a board id"), "source": SOURCE, "title": Str(what="a title"),
    "canvas": Map({"w": Num(), "h": Num()}, what="{w: N, h: N}"),
    "castle": Int(min=0, what="the castle's id"), "tent_city": Int(min=0),
    "defeated": Map({"id": Int(min=0), "xy": POINT}, what="{id: N, xy: [x, y]}"),
    "river": Map({"path": List(POINT, min_len=2, what="a list of points"), "width": Num()},
                 what="{path: [[x, y], ...], width: N}"),
    "bridges": List(List(Int(min=0), min_len=2, max_len=2, what="a pair of space ids"),
                    what="a list of neighbour pairs"),
    "lake": Map({"poly": List(POINT, what="a list of points")}, what="{poly: [...]}"),
    "regions": Dict(Str(WORD, "a region key"), Str(what="a region name"),
                    what="a mapping key -> name"),
    "spaces": List(SPACE, min_len=1, what="a list of spaces"),
}, optional=("castle", "tent_city", "river", "bridges", "lake"), what="a board side")

SCHEMAS: dict[str, Schema] = {
    "game.yaml": Map({
        "title": Str(what="the game's title"),
        "players": Map({"min": Int(2, 4), "max": Int(2, 4)}, what="{min: 2, max: 4}"),
        "hours": Map({"day": Int(1, 12), "overtime": Int(0, 6), "overtime_wp": Int(0, 9)},
                     what="{day: 7, overtime: 3, overtime_wp: 2}"),
        "frost": Map({"lane": List(Int(1, 20), what="the lane's boxes"), "floor": Int(1, 10)},
                     what="{lane: [13, 12, 11], floor: 6}"),
        "hero_start": Map({"sp": Int(1, 14), "wp": Int(1, 20)}, what="{sp: 1, wp: 7}"),
        "wp": Map({"max": Int(1, 40), "rows": List(Int(0, 40), min_len=3, max_len=3,
                                                   what="the top WP of each of 3 rows")},
                  what="{max: 20, rows: [6, 13, 20]}"),
        "sp": Map({"min": Int(0, 5), "max": Int(1, 30)}, what="{min: 1, max: 14}"),
        "battle_loss": Map({"sp": Int(0, 5), "wp": Int(0, 9)}, what="{sp: 1, wp: 3}"),
        "fire": Map({"tokens": COUNT, "light_wp": COUNT, "warm_wp": COUNT,
                     "battle_sp": COUNT}, what="the fire numbers"),
        "shields": PER_PLAYERS,
        "letters": List(Enum(tuple(LETTERS)), min_len=2, what="the legend track's letters"),
    }, what="a mapping of game numbers"),
    "heroes.yaml": Map({"heroes": List(HERO, min_len=4, max_len=4, what="the four heroes")}),
    "creatures.yaml": Map({"creatures": List(CREATURE, min_len=1, what="creature kinds")}),
    "components.yaml": Map({
        "articles": List(Map({"id": Str(WORD), "name": Str(),
                              "size": Enum(("large", "small", "helm")), "count": COUNT}),
                         what="a list of articles"),
        "herbs": List(Map({"id": Str(WORD), "name": Str(), "count": COUNT,
                           "effect": Str()}), what="a list of herbs"),
        "snow_tokens": Dict(Str(WORD, "a token face"), COUNT, what="face -> count"),
        "ice_tokens": Dict(Str(WORD, "a token face"), COUNT, what="face -> count"),
        "other": Dict(Str(WORD, "a component"), COUNT, what="component -> count"),
    }, what="the components"),
}
BOARD_FILES = ("boards/side1.yaml", "boards/side2.yaml")
LEGEND_FILES = ("legends/l1.yaml", "legends/l2.yaml", "legends/l3.yaml",
                "legends/l4.yaml")
FILES = tuple(SCHEMAS) + BOARD_FILES + LEGEND_FILES

# Distance bands along the arrows (validator 10), per board: (ids, low, high, hero_moves).
# `hero_moves` measures the shortest walk instead of the arrow path. Errors for the ids the
# numbers and the legends rely on; warnings for the regions.
BANDS_REQUIRED: dict[str, list[tuple[tuple[int, ...], int, int, bool]]] = {
    "side1": [((58,), 9, 10, True), ((64, 65), 11, 13, False)],
    "side2": [((414,), 2, 3, False), ((422,), 3, 5, False), ((425,), 4, 6, False),
              ((445,), 7, 9, False), ((455,), 7, 12, False), ((456,), 10, 12, False),
              ((460,), 9, MAX_ARROW_STEPS, True)],
}
REGION_BANDS: dict[str, dict[str, tuple[range, int, int]]] = {
    "side1": {"fields": (range(1, 9), 1, 2), "westwood": (range(9, 23), 2, 5),
              "hills": (range(23, 37), 2, 5), "moor": (range(37, 53), 5, 9),
              "peaks": (range(53, 67), 8, 13)},
    "side2": {"inner": (range(402, 414), 1, 2), "south": (range(415, 431), 2, 6),
              "hills": (range(431, 447), 4, 9), "ridge": (range(447, 460), 7, 12)},
}
# Side 2's fixed places (validator 8): the merchant symbols the manual names, the cave, the
# stilt village, and the frozen lake.
MERCHANTS = (422, 445)
CAVE = 414
CAVE_WP = 14
VILLAGE = 460
LAKE_SPACES = 13
INNER_STEPPE = range(402, 414)


# ---------------------------------------------------------------------------- loading

def validate(folder: Path) -> list[Problem]:
    """All problems in the folder's YAML (empty when valid)."""
    return _load(Path(folder))[1]


def load_content(folder: Path) -> Content:
    content, problems = _load(Path(folder))
    if content is None:
        raise ContentError("\n".join(str(p) for p in problems))
    return content


def _load(folder: Path) -> tuple[Content | None, list[Problem]]:
    docs, problems = load_docs(folder, FILES)
    if not problems:
        schemas = dict(SCHEMAS)
        schemas.update({name: BOARD for name in BOARD_FILES})
        schemas.update({name: legend.LEGEND for name in LEGEND_FILES})
        problems = check_files(docs, schemas)
    if not problems:
        _cross_check(docs)
        problems = problems_of(docs.values())
    if problems:
        return None, problems
    return _content(folder, docs), []


def _cross_check(docs: dict[str, Doc]) -> None:
    g = docs["game.yaml"].data
    assert isinstance(g, dict)
    if g["players"]["min"] > g["players"]["max"]:
        docs["game.yaml"].problem(("players",), "min is above max")
    for n in range(g["players"]["min"], g["players"]["max"] + 1):
        if n not in g["shields"]:
            docs["game.yaml"].problem(("shields",), f"no shield count for {n} heroes")
    if list(g["wp"]["rows"]) != sorted(g["wp"]["rows"]) or g["wp"]["rows"][-1] != g["wp"]["max"]:
        docs["game.yaml"].problem(("wp", "rows"), "rows must rise and the last must be the max")
    heroes = docs["heroes.yaml"].data
    assert isinstance(heroes, dict)
    seen: set[str] = set()
    for i, h in enumerate(heroes["heroes"]):
        if h["id"] in seen:
            docs["heroes.yaml"].problem(("heroes", i, "id"), f"hero {h['id']!r} is listed twice")
        seen.add(h["id"])
    creatures = docs["creatures.yaml"].data
    assert isinstance(creatures, dict)
    for i, c in enumerate(creatures["creatures"]):
        if not c["reward"]:
            docs["creatures.yaml"].problem(("creatures", i, "reward"), "expected sp, wp or both")
        if c["dice"][0][0] != 0:
            docs["creatures.yaml"].problem(("creatures", i, "dice"),
                                           "the first row must start at 0 WP")
    boards: dict[str, dict[int, tuple[str, bool]]] = {}
    for name in BOARD_FILES:
        check_board(docs[name])
        data = docs[name].data
        assert isinstance(data, dict)
        boards[data["board"]] = {s["id"]: (s.get("kind", "land"), s["arrow"] is not None)
                                 for s in data["spaces"]}
    comp = docs["components.yaml"].data
    assert isinstance(comp, dict)
    articles = {a["id"] for a in comp["articles"]}
    kinds = {c["id"] for c in creatures["creatures"]}
    for name in LEGEND_FILES:
        doc = docs[name]
        data = doc.data
        assert isinstance(data, dict)
        if data["board"] not in boards:
            doc.problem(("board",), f"unknown board {data['board']!r}; expected one of "
                        + ", ".join(sorted(boards)))
            continue
        legend.Checker(doc, boards[data["board"]], kinds, articles,
                       comp["snow_tokens"], comp["ice_tokens"],
                       {c["id"]: c["cap"] for c in creatures["creatures"]},
                       {a["id"]: a["count"] for a in comp["articles"]}).run()


def _ids(doc: Doc) -> dict[int, tuple[int, dict[str, Any]]]:
    data = doc.data
    assert isinstance(data, dict)
    return {s["id"]: (i, s) for i, s in enumerate(data["spaces"])}


def check_board(doc: Doc) -> None:
    """The brief's board validator, checks 1-10; problems go to `doc`."""
    data = doc.data
    assert isinstance(data, dict)
    spaces = data["spaces"]
    byid: dict[int, tuple[int, dict[str, Any]]] = {}
    # 1. unique ids, role ids exist, the box has no neighbours and no arrow
    for i, s in enumerate(spaces):
        if s["id"] in byid:
            doc.problem(("spaces", i, "id"), f"space {s['id']} is listed twice")
        byid.setdefault(s["id"], (i, s))
    home_key = "castle" if "castle" in data else "tent_city"
    if home_key not in data:
        doc.problem(("castle",), "missing; expected the castle's or the tent city's id")
        return
    home = data[home_key]
    if home not in byid:
        doc.problem((home_key,), f"space {home} does not exist")
        return
    want_kind = "castle" if home_key == "castle" else "tent_city"
    if byid[home][1].get("kind") != want_kind:
        doc.problem(("spaces", byid[home][0], "kind"), f"space {home} must be kind {want_kind}")
    box = data["defeated"]["id"]
    if box in byid:
        doc.problem(("defeated", "id"), f"the box {box} must not be a space with neighbours")
    for i, s in enumerate(spaces):
        if s.get("kind", "land") in ("castle", "tent_city") and s["id"] != home:
            doc.problem(("spaces", i, "kind"), f"only space {home} is the {want_kind}")
        if s["region"] not in data["regions"]:
            doc.problem(("spaces", i, "region"), f"unknown region {s['region']!r}")
    # 2. neighbours exist, no self-loops, symmetric
    broken = False
    for i, s in enumerate(spaces):
        for j, n in enumerate(s["next"]):
            if n == s["id"]:
                doc.problem(("spaces", i, "next", j), f"space {n} is its own neighbour")
                broken = True
            elif n not in byid:
                doc.problem(("spaces", i, "next", j), f"space {n} does not exist")
                broken = True
            elif s["id"] not in byid[n][1]["next"]:
                doc.problem(("spaces", i, "next", j),
                            f"{s['id']} lists {n} but {n} does not list {s['id']}")
                broken = True
    if broken:
        return
    kind = {sid: s.get("kind", "land") for sid, (_, s) in byid.items()}
    # 3. arrows: none on the castle, tent city and lake; else a lower-id neighbour
    for i, s in enumerate(spaces):
        a = s["arrow"]
        if kind[s["id"]] in ("castle", "tent_city", "lake"):
            if a is not None:
                doc.problem(("spaces", i, "arrow"),
                            f"a {kind[s['id']].replace('_', ' ')} space has no arrow")
        elif a is not None:
            if a not in s["next"]:
                doc.problem(("spaces", i, "arrow"), f"{a} is not a neighbour of {s['id']}")
            elif a >= s["id"]:
                doc.problem(("spaces", i, "arrow"),
                            f"the arrow must point to a lower id than {s['id']}, not {a}")
            # 5. never into the lake or an arrowless space other than the home
            elif kind[a] == "lake" or (byid[a][1]["arrow"] is None and a != home):
                doc.problem(("spaces", i, "arrow"),
                            f"creatures cannot enter {a} (lake or no arrow)")
    if doc.problems:
        return
    # 4. the arrows lead home within 16 steps
    for i, s in enumerate(spaces):
        if s["arrow"] is None:
            continue
        cur, steps = s["id"], 0
        while cur != home and steps <= MAX_ARROW_STEPS:
            nxt = byid[cur][1]["arrow"]
            if nxt is None:
                break
            cur, steps = nxt, steps + 1
        if cur != home or steps > MAX_ARROW_STEPS:
            doc.problem(("spaces", i, "arrow"),
                        f"following the arrows from {s['id']} does not reach {home} "
                        f"within {MAX_ARROW_STEPS} steps")
    # 6. every land space reachable from home without the lake
    land_dist = _bfs(home, {sid: [n for n in s["next"] if kind[n] != "lake"]
                            for sid, (_, s) in byid.items()})
    for i, s in enumerate(spaces):
        if kind[s["id"]] == "land" and s["id"] not in land_dist:
            doc.problem(("spaces", i, "next"),
                        f"space {s['id']} cannot be reached from {home} over land")
    # 7. side 1: river crossings are the bridges, exactly 3, each on an arrow path north
    if home_key == "castle":
        bridges = {tuple(sorted(b)) for b in data.get("bridges", [])}
        if len(data.get("bridges", [])) != 3:
            doc.problem(("bridges",), f"expected exactly 3 bridges, found "
                        f"{len(data.get('bridges', []))}")
        for j, b in enumerate(data.get("bridges", [])):
            a, c = b
            if a not in byid or c not in byid or c not in byid[a][1]["next"]:
                doc.problem(("bridges", j), f"{a} and {c} are not neighbouring spaces")
            elif byid[a][1].get("bank") == byid[c][1].get("bank"):
                doc.problem(("bridges", j), f"{a} and {c} lie on the same bank")
            elif byid[a][1]["arrow"] != c and byid[c][1]["arrow"] != a:
                doc.problem(("bridges", j), "no arrow from the north bank uses this bridge")
        for i, s in enumerate(spaces):
            for j, n in enumerate(s["next"]):
                if (s.get("bank") != byid[n][1].get("bank") and s["id"] < n
                        and (s["id"], n) not in bridges):
                    doc.problem(("spaces", i, "next", j),
                                f"{s['id']} and {n} lie on different banks; only a listed "
                                "bridge crosses the river")
    # 8. side 2: the merchants, the cave, the village and the lake; side 1 has no merchant
    _check_places(doc, data, byid, kind, home_key == "tent_city")
    # 9. neighbour counts and geometry
    w, h = data["canvas"]["w"], data["canvas"]["h"]
    for i, s in enumerate(spaces):
        x, y = s["xy"]
        if kind[s["id"]] == "land" and not 2 <= len(s["next"]) <= 7:
            doc.problem(("spaces", i, "next"), f"a land space has 2 to 7 neighbours, "
                        f"{s['id']} has {len(s['next'])}")
        if not (0 <= x <= w and 0 <= y <= h):
            doc.problem(("spaces", i, "xy"), f"({x}, {y}) lies outside the {w}x{h} canvas")
    pts = {s["id"]: s["xy"] for s in spaces}
    ordered = sorted(pts)
    for ai, a in enumerate(ordered):
        for b in ordered[ai + 1:]:
            if _d2(pts[a], pts[b]) < 70 ** 2:
                doc.problem(("spaces", byid[b][0], "xy"),
                            f"the centres of {a} and {b} are closer than 70 units")
    for a in ordered:
        for b in byid[a][1]["next"]:
            if b < a:
                continue
            for c in ordered:
                if c in (a, b):
                    continue
                if _seg_d2(pts[c], pts[a], pts[b]) < 30 ** 2:
                    doc.problem(("spaces", byid[a][0], "next"),
                                f"the edge {a}-{b} passes within 30 units of {c}")
    # 10. distance bands
    adj = {sid: [n for n in s["next"] if kind[n] != "lake"] for sid, (_, s) in byid.items()}
    for ids, low, high, moves in BANDS_REQUIRED.get(data["board"], []):
        for sid in ids:
            if sid not in byid:
                doc.problem(("spaces",), f"space {sid} is missing (the legends use it)")
                continue
            d = _bfs(home, adj).get(sid, -1) if moves else _arrow_steps(byid, home, sid)
            if not low <= d <= high:
                what = "moves" if moves else "arrow steps"
                doc.problem(("spaces", byid[sid][0], "xy"),
                            f"space {sid} lies {d} {what} from {home}; expected {low}..{high}")
    if data["board"] == "side1" and 9 in byid and 11 in byid:
        d = _bfs(9, adj).get(11, -1)
        if d != 2:
            doc.problem(("spaces", byid[11][0], "next"),
                        f"the manual's example needs 9 and 11 two spaces apart, not {d}")


def _check_places(doc: Doc, data: dict[str, Any], byid: dict[int, tuple[int, dict[str, Any]]],
                  kind: dict[int, str], side2: bool) -> None:
    """Validator 8: where the merchants, the cave, the village and the lake are."""
    spaces = data["spaces"]
    for i, s in enumerate(spaces):
        feats = s.get("features", [])
        if "merchant" in feats and (not side2 or s["id"] not in MERCHANTS):
            doc.problem(("spaces", i, "features"), "merchants stand only on "
                        + " and ".join(map(str, MERCHANTS)) + " (side 2)")
        if "cave" in feats and (not side2 or s["id"] != CAVE):
            doc.problem(("spaces", i, "features"), f"the cave is space {CAVE} (side 2)")
        if "village" in feats and (not side2 or s["id"] != VILLAGE):
            doc.problem(("spaces", i, "features"), f"the stilt village is space {VILLAGE} "
                        "(side 2)")
        if "min_wp" in s and s["id"] != CAVE:
            doc.problem(("spaces", i, "min_wp"), f"only the cave ({CAVE}) asks for WP to enter")
    lakes = [sid for sid, k in kind.items() if k == "lake"]
    if not side2:
        if lakes:
            doc.problem(("spaces", byid[lakes[0]][0], "kind"), "side 1 has no lake")
        return
    arrows_in = {s["arrow"] for s in spaces if s["arrow"] is not None}
    for sid in MERCHANTS:
        if sid in byid and "merchant" not in byid[sid][1].get("features", []):
            doc.problem(("spaces", byid[sid][0]), f"space {sid} needs features: [merchant]")
    if CAVE in byid:
        i, cave = byid[CAVE]
        if "cave" not in cave.get("features", []):
            doc.problem(("spaces", i), f"space {CAVE} needs features: [cave]")
        if cave.get("min_wp") != CAVE_WP:
            doc.problem(("spaces", i), f"the cave needs min_wp: {CAVE_WP}")
        if cave["arrow"] is None:
            doc.problem(("spaces", i, "arrow"), "the cave needs an arrow of its own out")
        if CAVE not in arrows_in:
            doc.problem(("spaces", i, "arrow"), "no arrow leads into the cave")
    if VILLAGE in byid:
        i, village = byid[VILLAGE]
        if kind[VILLAGE] != "land" or "village" not in village.get("features", []):
            doc.problem(("spaces", i), f"space {VILLAGE} must be land with features: [village]")
        if village["arrow"] is None:
            doc.problem(("spaces", i, "arrow"), "the village needs an arrow out")
        if VILLAGE in arrows_in:
            doc.problem(("spaces", i, "arrow"), "no arrow may lead into the village")
        shore = [n for n in village["next"] if kind[n] == "lake"]
        if len(shore) < 2:
            doc.problem(("spaces", i, "next"), f"the village borders {len(shore)} lake "
                        "spaces; it needs at least 2")
        # at least 2 lake spaces between the village and the inner steppe
        for n in shore:
            near = [m for m in byid[n][1]["next"] if m in INNER_STEPPE]
            if near:
                doc.problem(("spaces", byid[n][0], "next"), f"lake space {n} touches both "
                            f"the village and the inner steppe ({near[0]}); at least 2 lake "
                            "spaces must lie between them")
    else:
        doc.problem(("spaces",), f"space {VILLAGE} (the stilt village) is missing")
    if len(lakes) != LAKE_SPACES:
        doc.problem(("spaces",), f"expected {LAKE_SPACES} lake spaces, found {len(lakes)}")
    for sid in lakes:
        if not any(kind[n] != "lake" for n in byid[sid][1]["next"]):
            doc.problem(("spaces", byid[sid][0], "next"), f"lake space {sid} borders no land")


def board_warnings(board: Board) -> list[str]:
    """Spaces outside their region's distance band (validator 10's warnings)."""
    out: list[str] = []
    for region, (ids, low, high) in REGION_BANDS.get(board.id, {}).items():
        for sid in ids:
            if sid not in board.spaces:
                out.append(f"{board.id}: space {sid} ({region}) is missing")
                continue
            d = board.arrow_distance(sid)
            if not low <= d <= high:
                out.append(f"{board.id}: space {sid} ({region}) lies {d} arrow steps from "
                           f"{board.home}; expected {low}..{high}")
            if board.spaces[sid].region != region:
                out.append(f"{board.id}: space {sid} lies in {board.spaces[sid].region}, "
                           f"expected {region}")
    return out


def _arrow_steps(byid: dict[int, tuple[int, dict[str, Any]]], home: int, sid: int) -> int:
    n, cur = 0, sid
    while cur != home:
        nxt = byid[cur][1]["arrow"]
        if nxt is None:
            return -1
        cur, n = nxt, n + 1
    return n


def _bfs(start: int, adj: dict[int, list[int]]) -> dict[int, int]:
    dist = {start: 0}
    queue = deque([start])
    while queue:
        k = queue.popleft()
        for n in adj[k]:
            if n not in dist:
                dist[n] = dist[k] + 1
                queue.append(n)
    return dist


def _d2(p: list[float], q: list[float]) -> float:
    return (p[0] - q[0]) ** 2 + (p[1] - q[1]) ** 2


def _seg_d2(p: list[float], a: list[float], b: list[float]) -> float:
    ax, ay = a
    bx, by = b
    dx, dy = bx - ax, by - ay
    length = dx * dx + dy * dy
    t = 0.0 if length == 0 else max(0.0, min(1.0, ((p[0] - ax) * dx + (p[1] - ay) * dy)
                                              / length))
    return (p[0] - ax - t * dx) ** 2 + (p[1] - ay - t * dy) ** 2


# ---------------------------------------------------------------------------- building

def _board(data: dict[str, Any]) -> Board:
    spaces = {s["id"]: Space(
        id=s["id"], kind=s.get("kind", "land"), name=s.get("name", ""), region=s["region"],
        bank=s.get("bank", ""), xy=(s["xy"][0], s["xy"][1]), next=tuple(sorted(s["next"])),
        arrow=s["arrow"], features=tuple(s.get("features", ())), min_wp=s.get("min_wp", 0))
        for s in data["spaces"]}
    adj = {sid: list(sp.next) for sid, sp in spaces.items()}
    return Board(
        id=data["board"], title=data["title"], source=data["source"],
        canvas=(data["canvas"]["w"], data["canvas"]["h"]),
        home=data.get("castle", data.get("tent_city", 0)),
        defeated=data["defeated"]["id"],
        defeated_xy=(data["defeated"]["xy"][0], data["defeated"]["xy"][1]),
        spaces=spaces,
        bridges=tuple((b[0], b[1]) for b in data.get("bridges", ())),
        river=tuple((p[0], p[1]) for p in data.get("river", {}).get("path", ())),
        regions=dict(data["regions"]),
        dist={sid: _bfs(sid, adj) for sid in spaces},
        plain=all(sp.kind != "lake" and not sp.min_wp for sp in spaces.values()),
        min_wp_spaces=any(sp.min_wp for sp in spaces.values()))


def _content(folder: Path, docs: dict[str, Doc]) -> Content:
    g, heroes, creatures, comp = checked({k: docs[k] for k in SCHEMAS})
    boards = {}
    for name in BOARD_FILES:
        b = _board(docs[name].data)  # type: ignore[arg-type]
        boards[b.id] = b
    # docs/events.md's recipe: game.yaml, then every other YAML file but table.yaml (sub-folders
    # included) in order of their paths
    paths = sorted(p.relative_to(folder).as_posix() for p in folder.rglob("*.yaml"))
    digest = hashlib.sha256()
    for name in ["game.yaml", *(n for n in paths if n not in ("game.yaml", "table.yaml"))]:
        digest.update((folder / name).read_bytes())
    return Content(
        folder=str(folder), title=g["title"],
        min_players=g["players"]["min"], max_players=g["players"]["max"],
        day_hours=g["hours"]["day"], overtime_hours=g["hours"]["overtime"],
        overtime_wp=g["hours"]["overtime_wp"],
        frost_lane=tuple(g["frost"]["lane"]), frost_floor=g["frost"]["floor"],
        start_sp=g["hero_start"]["sp"], start_wp=g["hero_start"]["wp"],
        wp_max=g["wp"]["max"], wp_rows=tuple(g["wp"]["rows"]),
        sp_min=g["sp"]["min"], sp_max=g["sp"]["max"],
        loss_sp=g["battle_loss"]["sp"], loss_wp=g["battle_loss"]["wp"],
        fire_tokens=g["fire"]["tokens"], fire_light_wp=g["fire"]["light_wp"],
        fire_warm_wp=g["fire"]["warm_wp"], fire_battle_sp=g["fire"]["battle_sp"],
        shields=dict(g["shields"]), letters="".join(g["letters"]),
        heroes={h["id"]: Hero(h["id"], h["name"], (h["sides"][0], h["sides"][1]), h["colour"],
                              h["rank"], (h["dice"][0], h["dice"][1], h["dice"][2]),
                              h["ability"], h["text"], h["source"])
                for h in heroes["heroes"]},
        creatures={c["id"]: Creature(
            c["id"], c["name"], c["sp"], c["wp"],
            tuple(sorted((r[0], r[1]) for r in c["dice"])),
            tuple(sorted(c["reward"].items())), tuple(c["steps"]), c["cap"], c["source"])
            for c in creatures["creatures"]},
        articles={a["id"]: (a["name"], a["size"], a["count"]) for a in comp["articles"]},
        herbs={h["id"]: (h["name"], h["count"], h["effect"]) for h in comp["herbs"]},
        snow_tokens=dict(comp["snow_tokens"]), ice_tokens=dict(comp["ice_tokens"]),
        other=dict(comp["other"]), boards=boards,
        legends={lg.id: lg for lg in (legend.parse(docs[n].data)  # type: ignore[arg-type]
                                      for n in LEGEND_FILES)},
        ruleset_hash=digest.hexdigest()[:16])
