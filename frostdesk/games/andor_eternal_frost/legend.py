"""Legends as data: the YAML form of the design brief (section 4), its checks and lookups.

A legend file says how the board is set up, which letters carry a card, what each card does
(verbs), what happens on events (triggers) and what wins (the goal, a condition). Values that
depend on the number of heroes are written `{2: x, 3: y, 4: z}` or once for all counts.

This module knows the verbs, conditions and triggers the rules carry out; anything else is a
problem reported with the file, line and key (validator 11 checks the spaces).
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any

from frostdesk.engine.catalogue import Doc, Path_
from frostdesk.engine.schema import (
    Bool,
    Dict,
    Enum,
    Int,
    List,
    Map,
    OneOf,
    Schema,
    Str,
)

FIRE_TOKENS = 6
VERBS = ("text", "each_hero", "place", "enable", "lose", "win", "move_frost", "roll")
RULES = ("will_of_the_stone", "the_resistance", "boss_moves", "echo_cave", "carlion_markers",
         "secret_passage", "camps")
MARKERS = ("hearth", "shaman", "ambush", "mirage")  # target marker faces
MAX_MARKERS = 3
CONDITIONS = ("all", "any", "not", "item_at", "defeated", "hero_at", "creature_at",
              "tablets_glowed", "iquar_rescued", "marker_resolved", "shaman_rescued")
IQUAR = ("griffin", "buffalo")
FIGURES = ("tranuk", "fox", "yetohe", "red_x")
TRIGGERS = ("enters", "defeated")


class Anything(Schema):
    """Any value: its parts are checked by code (verbs and conditions)."""

    what = "a value"

    def fits(self, value: object) -> bool:
        return True


ANY = Anything()
LETTER = Enum(tuple("ABCDEFGHIJKLMN"), what="a letter A..N")
SPACES = List(Int(min=0, what="a space id"), what="a list of space ids")
PER_COUNT_SPACES = OneOf([SPACES, Dict(Int(2, 4, "a number of heroes 2..4"), SPACES)],
                         what="a list of space ids, or one per number of heroes")
GROUPS = List(Map({"sites": SPACES, "pool": Dict(Str(), Int(min=1, what="a count"),
                                                 what="face -> count")},
                  what="{sites: [...], pool: {face: count}}"),
              what="a list of token groups")
CARD = Map({"id": Str(r"[A-N][0-9]?", "a card id such as C or A1"), "letter": LETTER,
            "title": Str(), "text": Str(), "do": List(ANY, what="a list of verbs"),
            "teach": List(Str(), what="a list of tips")},
           optional=("do", "teach"), what="a legend card")
BOSS = Map({"name": Str(), "sp": OneOf([Int(1, 60), Dict(Int(2, 4), Int(1, 60))]),
            "wp": Int(1, 60), "dice": Int(1, 6),
            "move": Map({"step": Enum(("5b",)), "spaces": Int(1, 4),
                         "toward": Enum(("arrows", "stone"))},
                        what="{step: 5b, spaces: N, toward: arrows | stone}"),
            "carlion": Int(0, 3, "Carlion's charges 0..3"), "fires": Bool(),
            "tramples": Int(1, 9, "the WP a hero loses where it walks")},
           optional=("carlion", "fires", "tramples"), what="a boss")
LEGEND = Map({
    "legend": Str(r"l[1-9]", "a legend id such as l1"), "title": Str(),
    "blurb": Str(what="a sentence for the new-game dialog"), "source":
        Enum(("rulebook", "authored")), "board": Str(), "intro": Bool(),
    "heroes": Map({"min": Int(2, 4), "max": Int(2, 4)}, what="{min: 2, max: 4}"),
    "stars": List(LETTER, max_len=8, what="at most 8 starred letters"),
    "setup": Map({
        "heroes_at": Int(min=0, what="a space id"),
        "hero_sp": OneOf([Int(1, 14), Dict(Int(2, 4, "a number of heroes 2..4"), Int(1, 14))],
                         what="SP 1..14, or {2: x, 3: y, 4: z}"),
        "frost": OneOf([Enum((None,), "null"), Int(6, 13, "a box 6..13")]),
        "articles": List(Map({"at": Int(min=0), "items": List(Str())}),
                         what="a list of {at, items}"),
        "items": List(Map({"item": Str(), "at": Int(min=0)}), what="a list of {item, at}"),
        "fires": SPACES,
        "creatures": Dict(Str(), PER_COUNT_SPACES, what="kind -> spaces"),
        "snow": GROUPS,
        "ice": GROUPS,
        "iquar": Dict(Enum(IQUAR, what="an Iquar: griffin or buffalo"),
                      Int(min=0, what="a space id"), what="Iquar -> space"),
        "figures": Dict(Enum(FIGURES, what="a figure: tranuk or fox"),
                        Int(min=0, what="a space id"), what="figure -> space"),
        "markers": GROUPS,
        "carlion": Int(0, 3, "Carlion's charges 0..3"),
    }, optional=("articles", "items", "fires", "creatures", "snow", "ice", "iquar", "figures",
                 "markers", "carlion"), what="the setup"),
    "bosses": Dict(Str(r"[a-z]+", "a boss id"), BOSS, what="boss id -> boss"),
    "cards": List(CARD, min_len=1, what="a list of cards"),
    "triggers": List(Map({"when": ANY, "do": List(ANY, what="a list of verbs")}),
                     what="a list of triggers"),
    "goal": ANY,
}, optional=("bosses", "triggers", "intro", "blurb"), what="a legend")


@dataclass(frozen=True, slots=True)
class Boss:
    id: str
    name: str
    sp: Mapping[int, int] | int
    wp: int
    dice: int
    spaces: int  # moved at step 5b along the arrows
    carlion: int = 0  # only fought by a battle with Carlion's carrier at this many charges
    fires: bool = True  # False: a fire gives no bonus against it
    toward: str = "arrows"  # or "stone": along a shortest way to the winter stone
    tramples: int = 0  # heroes on each space it enters lose this much WP (not below 1)

    def sp_for(self, heroes: int) -> int:
        return int(per_count(self.sp, heroes))


@dataclass(frozen=True, slots=True)
class Card:
    id: str
    letter: str
    title: str
    text: str
    do: tuple[Any, ...]


@dataclass(frozen=True, slots=True)
class Legend:
    id: str
    title: str
    source: str
    board: str
    blurb: str
    min_heroes: int
    max_heroes: int
    stars: str
    heroes_at: int
    hero_sp: Mapping[int, int] | int  # the heroes' SP at the start, maybe per hero count
    frost: int | None
    articles: tuple[tuple[int, str], ...]  # (space, article)
    fires: tuple[int, ...]
    creatures: tuple[tuple[str, Any], ...]  # (kind, spaces per count)
    snow: tuple[tuple[tuple[int, ...], tuple[str, ...]], ...]  # (sites, faces) per group
    ice: tuple[tuple[tuple[int, ...], tuple[str, ...]], ...]  # the lake's groups
    iquar: tuple[tuple[str, int], ...]  # (Iquar, space)
    figures: tuple[tuple[str, int], ...]  # (tranuk | fox, space)
    markers: tuple[tuple[tuple[int, ...], tuple[str, ...]], ...]  # target marker groups
    carlion: int  # Carlion's charges at the start
    bosses: dict[str, Boss]
    cards: tuple[Card, ...]
    triggers: tuple[tuple[Any, tuple[Any, ...]], ...]
    goal: Any

    def sp_for(self, heroes: int) -> int:
        """Every hero's SP at the start with this many heroes."""
        return int(per_count(self.hero_sp, heroes))

    def cards_of(self, letter: str) -> list[Card]:
        return [c for c in self.cards if c.letter == letter]


def per_count(value: Any, heroes: int) -> Any:
    """A value written once, or as {2: x, 3: y, 4: z}."""
    if isinstance(value, dict):
        return value[heroes]
    return value


def _groups(groups: Any) -> tuple[tuple[tuple[int, ...], tuple[str, ...]], ...]:
    return tuple((tuple(g["sites"]), tuple(face for face, k in g["pool"].items()
                                           for _ in range(k)))
                 for g in groups)


def parse(data: dict[str, Any]) -> Legend:
    setup = data["setup"]
    articles = tuple((a["at"], item) for a in setup.get("articles", ()) for item in a["items"])
    articles += tuple((i["at"], i["item"]) for i in setup.get("items", ()))
    return Legend(
        id=data["legend"], title=data["title"], source=data["source"], board=data["board"],
        blurb=data.get("blurb", ""),
        min_heroes=data["heroes"]["min"], max_heroes=data["heroes"]["max"],
        stars="".join(data["stars"]), heroes_at=setup["heroes_at"], hero_sp=setup["hero_sp"],
        frost=setup["frost"], articles=articles, fires=tuple(setup.get("fires", ())),
        creatures=tuple(setup.get("creatures", {}).items()),
        snow=_groups(setup.get("snow", ())), ice=_groups(setup.get("ice", ())),
        iquar=tuple(setup.get("iquar", {}).items()),
        figures=tuple(setup.get("figures", {}).items()),
        markers=_groups(setup.get("markers", ())), carlion=setup.get("carlion", 0),
        bosses={k: Boss(k, b["name"], b["sp"], b["wp"], b["dice"], b["move"]["spaces"],
                        b.get("carlion", 0), b.get("fires", True), b["move"]["toward"],
                        b.get("tramples", 0))
                for k, b in data.get("bosses", {}).items()},
        cards=tuple(Card(c["id"], c["letter"], c["title"], c["text"], tuple(c.get("do", ())))
                    for c in data["cards"]),
        triggers=tuple((t["when"], tuple(t["do"])) for t in data.get("triggers", ())),
        goal=data["goal"])


class Checker:
    """Validator 11 and the verb, condition and trigger checks for one legend file."""

    def __init__(self, doc: Doc, spaces: Mapping[int, tuple[str, bool]],
                 creatures: set[str], articles: set[str],
                 snow_box: Mapping[str, int] | None = None,
                 ice_box: Mapping[str, int] | None = None,
                 caps: Mapping[str, int] | None = None,
                 article_box: Mapping[str, int] | None = None) -> None:
        self.caps = dict(caps or {})
        self.article_box = dict(article_box or {})
        self.doc = doc
        self.snow_box = dict(snow_box or {})
        self.ice_box = dict(ice_box or {})
        self.spaces = spaces  # id -> (kind, has an arrow)
        self.creatures = creatures
        self.articles = articles
        data = doc.data
        assert isinstance(data, dict)
        self.data = data
        self.bosses = set(data.get("bosses", {}))
        lo, hi = data["heroes"]["min"], data["heroes"]["max"]
        self.counts = range(lo, hi + 1)

    def run(self) -> None:
        d = self.data
        setup = d["setup"]
        self.space(("setup", "heroes_at"), setup["heroes_at"], "hero")
        for i, a in enumerate(setup.get("articles", ())):
            self.space(("setup", "articles", i, "at"), a["at"], "article")
            for j, item in enumerate(a["items"]):
                self.article(("setup", "articles", i, "items", j), item)
        for i, a in enumerate(setup.get("items", ())):
            self.space(("setup", "items", i, "at"), a["at"], "article")
            self.article(("setup", "items", i, "item"), a["item"])
        for i, f in enumerate(setup.get("fires", ())):
            self.space(("setup", "fires", i), f, "fire")
        if len(setup.get("fires", ())) > FIRE_TOKENS - 1:
            self.doc.problem(("setup", "fires"), f"at most {FIRE_TOKENS - 1} fires: the box "
                             f"has {FIRE_TOKENS} and the guardian's board holds one (R9)")
        for kind, at in setup.get("creatures", {}).items():
            if kind not in self.creatures:
                self.doc.problem(("setup", "creatures", kind), f"unknown creature {kind!r}")
            self.spaces_per_count(("setup", "creatures", kind), at, "creature")
        self.groups("snow", setup.get("snow", ()), self.snow_box, "token")
        self.groups("ice", setup.get("ice", ()), self.ice_box, "ice")
        self.groups("markers", setup.get("markers", ()),
                    {face: MAX_MARKERS for face in MARKERS}, "token")
        placed = sum(len(g["sites"]) for g in setup.get("markers", ()))
        if placed > MAX_MARKERS:
            self.doc.problem(("setup", "markers"), f"{placed} target markers; the box has "
                             f"{MAX_MARKERS}")
        for name, sid in setup.get("iquar", {}).items():
            self.space(("setup", "iquar", name), sid, "figure")
        for name, sid in setup.get("figures", {}).items():
            self.space(("setup", "figures", name), sid, "figure" if name == "fox" else "land")
        letters = [c["letter"] for c in d["cards"]]
        for i, star in enumerate(d["stars"]):
            if star not in letters:
                self.doc.problem(("stars", i), f"letter {star} has a star but no card")
        for i, card in enumerate(d["cards"]):
            if card["letter"] not in d["stars"]:
                self.doc.problem(("cards", i, "letter"), f"card {card['id']} lies on letter "
                                 f"{card['letter']}, which has no star")
            for j, verb in enumerate(card.get("do", ())):
                self.verb(("cards", i, "do", j), verb)
        if "A" not in d["stars"]:
            self.doc.problem(("stars",), "letter A must have a star (its card opens the legend)")
        for i, trig in enumerate(d.get("triggers", ())):
            self.trigger(("triggers", i, "when"), trig["when"])
            for j, verb in enumerate(trig["do"]):
                self.verb(("triggers", i, "do", j), verb)
        self.condition(("goal",), d["goal"])
        self.components()

    def components(self) -> None:
        """O9: at every hero count the setup and every card together never need more
        creatures of a kind, or articles, than the box holds (a roll counts its worst face)."""
        d = self.data
        setup = d["setup"]
        held: dict[str, int] = {}
        for a in setup.get("articles", ()):
            for item in a["items"]:
                held[item] = held.get(item, 0) + 1
        for a in setup.get("items", ()):
            held[a["item"]] = held.get(a["item"], 0) + 1
        for item, k in held.items():
            if item in self.article_box and k > self.article_box[item]:
                self.doc.problem(("setup", "articles"), f"{k} {item}; the box has "
                                 f"{self.article_box[item]}")
        ambush = sum(1 for g in setup.get("markers", ()) for _ in range(g["pool"].get("ambush", 0)))
        for n in self.counts:
            need: dict[str, int] = {"wargor": ambush} if ambush else {}
            for kind, at in setup.get("creatures", {}).items():
                spaces = at.get(n, []) if isinstance(at, dict) else at
                need[kind] = need.get(kind, 0) + len(spaces)
            for card in d["cards"]:
                for kind, k in self._placed(card.get("do", ()), n).items():
                    need[kind] = need.get(kind, 0) + k
            for kind, k in sorted(need.items()):
                if kind in self.caps and k > self.caps[kind]:
                    self.doc.problem(("cards",), f"with {n} heroes the legend places {k} "
                                     f"{kind}s; the box has {self.caps[kind]}")

    def _placed(self, verbs: Any, n: int) -> dict[str, int]:
        out: dict[str, int] = {}
        for verb in verbs:
            if not isinstance(verb, dict) or len(verb) != 1:
                continue
            (name, arg), = verb.items()
            if name == "place" and isinstance(arg, dict) and "creature" in arg:
                kind = per_count(arg["creature"], n)
                at = arg.get("at")
                spaces = per_count(at, n) if isinstance(at, dict) else at
                k = 1 if spaces == "random" or isinstance(spaces, int) else len(spaces or [])
                out[str(kind)] = out.get(str(kind), 0) + k
            elif name == "roll" and isinstance(arg, dict) and isinstance(arg.get("table"), dict):
                for face in arg["table"].values():
                    for kind, k in self._placed(face if isinstance(face, list) else [],
                                                n).items():
                        out[kind] = max(out.get(kind, 0), k)
        return out

    def groups(self, key: str, groups: Any, box: Mapping[str, int], what: str) -> None:
        """Token groups: sites that fit, a pool as large as its sites, within the box."""
        used: dict[str, int] = {}
        seen_sites: set[int] = set()
        for i, group in enumerate(groups):
            path = ("setup", key, i)
            for j, sid in enumerate(group["sites"]):
                self.space(path + ("sites", j), sid, what)
                if sid in seen_sites:
                    self.doc.problem(path + ("sites", j), f"space {sid} already has a token")
                seen_sites.add(sid)
            for face, k in group["pool"].items():
                if face not in box:
                    self.doc.problem(path + ("pool", face), f"unknown {key} token; expected "
                                     "one of " + ", ".join(sorted(box)))
                used[face] = used.get(face, 0) + k
            if sum(group["pool"].values()) != len(group["sites"]):
                self.doc.problem(path + ("pool",), f"the pool has {sum(group['pool'].values())}"
                                 f" tokens for {len(group['sites'])} sites")
        for face, k in used.items():
            if face in box and k > box[face]:
                self.doc.problem(("setup", key), f"{k} {face} {key} tokens; the box has "
                                 f"{box[face]}")

    # ------------------------------------------------------------------ pieces

    def space(self, path: Path_, sid: object, what: str) -> None:
        if not isinstance(sid, int) or sid not in self.spaces:
            self.doc.problem(path, f"space {sid!r} is not on board {self.data['board']}")
            return
        kind, arrow = self.spaces[sid]
        if what == "creature" and (kind != "land" or not arrow):
            self.doc.problem(path, f"a creature stands only on land with an arrow, not on {sid}")
        elif what == "token" and kind != "land":
            self.doc.problem(path, f"snow tokens lie only on land, not on {sid}")
        elif what == "ice" and kind != "lake":
            self.doc.problem(path, f"ice tokens lie only on the lake, not on {sid}")
        elif what == "land" and kind == "lake":
            self.doc.problem(path, f"this figure stays on land, not on the lake ({sid})")
        elif what in ("article", "fire", "hero", "figure") and kind == "lake":
            self.doc.problem(path, f"no {what} lies on the lake ({sid})")

    def spaces_per_count(self, path: Path_, at: object, what: str) -> None:
        if isinstance(at, dict):
            for n in self.counts:
                if n not in at:
                    self.doc.problem(path, f"no spaces given for {n} heroes")
            for n, ids in at.items():
                for j, sid in enumerate(ids):
                    self.space(path + (n, j), sid, what)
        elif isinstance(at, list):
            for j, sid in enumerate(at):
                self.space(path + (j,), sid, what)
        else:
            self.doc.problem(path, f"expected a list of space ids, found {at!r}")

    def article(self, path: Path_, item: object) -> None:
        if item not in self.articles:
            self.doc.problem(path, f"unknown article {item!r}")

    def verb(self, path: Path_, verb: object) -> None:
        if not isinstance(verb, dict) or len(verb) != 1:
            self.doc.problem(path, "expected one verb such as {place: {...}}")
            return
        (name, arg), = verb.items()
        if name not in VERBS:
            self.doc.problem(path + (name,), "unknown verb; expected one of " + ", ".join(VERBS))
        elif name == "each_hero":
            if not (isinstance(arg, dict) and set(arg) & {"sp", "wp"}
                    and set(arg) <= {"sp", "wp", "floor", "off_fire"}
                    and all(isinstance(arg.get(k, 0), int) for k in ("sp", "wp", "floor"))
                    and isinstance(arg.get("off_fire", False), bool)):
                self.doc.problem(path + (name,), "expected {sp: N} and/or {wp: N}, with "
                                 "floor: N and off_fire: true|false if wanted")
        elif name == "roll":
            table = arg.get("table") if isinstance(arg, dict) else None
            if not (isinstance(table, dict) and sorted(table) == [1, 2, 3, 4, 5, 6]):
                self.doc.problem(path + (name,), "expected {table: {1: [verbs], ..., 6: "
                                 "[verbs]}}, one entry per face of the black die")
                return
            for face, verbs in table.items():
                if not isinstance(verbs, list):
                    self.doc.problem(path + (name, "table", face), "expected a list of verbs")
                    continue
                for j, v in enumerate(verbs):
                    self.verb(path + (name, "table", face, j), v)
        elif name == "place":
            if not isinstance(arg, dict) or "at" not in arg or len(arg) != 2:
                self.doc.problem(path + (name,), "expected {creature|boss: ..., at: spaces}")
                return
            (what, who), = ((k, v) for k, v in arg.items() if k != "at")
            if what == "creature":
                kinds = who.values() if isinstance(who, dict) else [who]
                for k in kinds:
                    if k not in self.creatures:
                        self.doc.problem(path + (name, what), f"unknown creature {k!r}")
            elif what == "boss":
                if who not in self.bosses:
                    self.doc.problem(path + (name, what), f"unknown boss {who!r}")
            else:
                self.doc.problem(path + (name, what), "expected creature or boss")
            at = arg["at"]
            if at == "random":
                return
            if isinstance(at, int):
                at = [at]
            self.spaces_per_count(path + (name, "at"), at, "creature")
        elif name == "move_frost":
            if not isinstance(arg, int) or not 1 <= arg <= 3:
                self.doc.problem(path + (name,), "expected a number of boxes 1..3")
        elif name == "enable":
            if isinstance(arg, dict) and set(arg) == {"secret_passage"}:
                ends = arg["secret_passage"]
                if not (isinstance(ends, list) and len(ends) == 2):
                    self.doc.problem(path + (name, "secret_passage"), "expected [a, b]")
                else:
                    for j, sid in enumerate(ends):
                        self.space(path + (name, "secret_passage", j), sid, "land")
            elif arg not in RULES or arg == "secret_passage":
                self.doc.problem(path + (name,), "unknown rule; expected one of "
                                 + ", ".join(r for r in RULES if r != "secret_passage")
                                 + " or {secret_passage: [a, b]}")
        elif name in ("lose", "win", "text") and not isinstance(arg, str):
            self.doc.problem(path + (name,), "expected the words said")

    def trigger(self, path: Path_, when: object) -> None:
        if not isinstance(when, dict) or len(when) != 1:
            self.doc.problem(path, "expected one trigger such as {enters: {...}}")
            return
        (name, arg), = when.items()
        if name not in TRIGGERS:
            self.doc.problem(path + (name,), "unknown trigger; expected one of "
                             + ", ".join(TRIGGERS))
        elif name == "enters":
            if not (isinstance(arg, dict) and set(arg) == {"who", "space"}):
                self.doc.problem(path + (name,), "expected {who: boss, space: id}")
            else:
                if arg["who"] not in self.bosses and arg["who"] not in self.creatures:
                    self.doc.problem(path + (name, "who"), f"unknown figure {arg['who']!r}")
                if arg["space"] not in self.spaces:
                    self.doc.problem(path + (name, "space"), f"space {arg['space']!r} is not "
                                     f"on board {self.data['board']}")
        elif name == "defeated" and arg not in self.bosses | self.creatures:
            self.doc.problem(path + (name,), f"unknown figure {arg!r}")

    def condition(self, path: Path_, cond: object) -> None:
        if not isinstance(cond, dict) or len(cond) != 1:
            self.doc.problem(path, "expected one condition such as {all: [...]}")
            return
        (name, arg), = cond.items()
        if name not in CONDITIONS:
            self.doc.problem(path + (name,), "unknown condition; expected one of "
                             + ", ".join(CONDITIONS))
        elif name in ("all", "any"):
            if not isinstance(arg, list) or not arg:
                self.doc.problem(path + (name,), "expected a list of conditions")
                return
            for i, c in enumerate(arg):
                self.condition(path + (name, i), c)
        elif name == "not":
            self.condition(path + (name,), arg)
        elif name == "item_at":
            if not (isinstance(arg, dict) and set(arg) == {"item", "space"}):
                self.doc.problem(path + (name,), "expected {item: article, space: id}")
                return
            self.article(path + (name, "item"), arg["item"])
            self.space(path + (name, "space"), arg["space"], "article")
        elif name == "defeated":
            if arg not in self.bosses:
                self.doc.problem(path + (name,), f"unknown boss {arg!r}")
        elif name == "iquar_rescued":
            ok = isinstance(arg, dict) and set(arg) == {"at_least"}
            if ok:
                need = arg["at_least"]
                counts = need.values() if isinstance(need, dict) else [need]
                ok = all(isinstance(k, int) and 1 <= k <= len(IQUAR) for k in counts) and (
                    not isinstance(need, dict) or set(need) >= set(self.counts))
            if not ok:
                self.doc.problem(path + (name,), "expected {at_least: N} (1..2, or one per "
                                 "number of heroes)")
        elif name == "shaman_rescued":
            if arg is not True:
                self.doc.problem(path + (name,), "expected true")
        elif name == "marker_resolved":
            if arg not in MARKERS:
                self.doc.problem(path + (name,), "expected a marker: " + ", ".join(MARKERS))
        elif name == "tablets_glowed":
            if arg is not True:
                self.doc.problem(path + (name,), "expected true")
        elif name in ("hero_at", "creature_at"):
            self.space(path + (name,), arg, "hero")
