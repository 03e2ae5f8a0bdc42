"""What the app knows of The Eternal Frost: the registry entry (frostdesk/engine/registry.py).

Cheap to import: the rules, bots and UI load only when asked. The legends and the heroes'
names the new-game dialog offers are read from the cards folder's small YAML files (the same
files the content loads), so a legend added there is offered without touching this file.
"""

from __future__ import annotations

from collections.abc import Mapping
from pathlib import Path
from typing import Any

from frostdesk.engine.registry import (
    BotLevel,
    Choice,
    GameDescription,
    Option,
    SeatWords,
    seat_values,
)

GAME_ID = "andor-eternal-frost"
CLASSES = ("warrior", "guardian", "wizard", "dwarf")
ANY_HERO = "any"


def _yaml(path: Path) -> Any:
    from frostdesk.engine.catalogue import load_data

    return load_data(path.read_text(encoding="utf-8"))


def _cached(name: str, files: list[Path], compute: Any) -> Any:
    """`compute()`, kept in the user's cache folder while `files` are unchanged: the
    start screen lists the games before the window opens, and parsing the legends' YAML
    each time cost more than the rest of the start-up (docs/performance.md)."""
    import json

    key = []
    for f in files:
        try:
            st = f.stat()
            key.append([str(f), st.st_mtime_ns, st.st_size])
        except OSError:
            key.append([str(f), None, None])
    path = None
    try:
        from frostdesk.paths import cache_dir

        path = cache_dir() / f"{GAME_ID}-{name}.json"
        data = json.loads(path.read_text(encoding="utf-8"))
        if data.get("key") == key:
            return data["value"]
    except (OSError, ValueError, TypeError, KeyError, AttributeError):
        pass
    value = compute()
    if path is not None:
        try:
            tmp = path.with_suffix(".tmp")
            tmp.write_text(json.dumps({"key": key, "value": value}), encoding="utf-8")
            tmp.replace(path)
        except (OSError, TypeError, ValueError):
            pass
    return value


def _folder() -> Path:
    from frostdesk.paths import cards_dir

    return cards_dir(GAME_ID)


def _first_sentence(text: str) -> str:
    head, dot, _ = " ".join(str(text).split()).partition(". ")
    return head + "." if dot or not head.endswith(".") else head


def legend_choices(folder: Path | None = None) -> tuple[Choice, ...]:
    """One choice per legend file in the cards folder, in id order: 'L1 · The Blue Stone',
    its tip the board side and the opening card's first sentence. A file that does not read
    is left out here; `frostdesk validate` names its problem."""
    root = (folder or _folder()) / "legends"
    files = sorted(root.glob("*.yaml")) if root.is_dir() else []
    found = _cached("legends", [root, *files], lambda: _legend_rows(files))
    return tuple(Choice(v, label, tip) for v, label, tip in found) \
        or (Choice("l1", "L1 · The Blue Stone"),)


def _legend_rows(files: list[Path]) -> list[list[str]]:
    out: list[tuple[str, Choice]] = []
    for path in files:
        try:
            data = _yaml(path)
            lid, title, board = str(data["legend"]), str(data["title"]), str(data["board"])
            cards = data.get("cards") or [{}]
            opening = _first_sentence(cards[0].get("text", ""))
        except Exception:  # noqa: BLE001 - a broken file must not hide the other legends
            continue
        side = board.removeprefix("side")
        tip = f"Board side {side}." + (" The introduction." if data.get("intro") else "")
        out.append((lid, Choice(lid, f"{lid.upper()} · {title}",
                                f"{tip} {opening}".strip())))
    out.sort(key=lambda p: (len(p[0]), p[0]))
    return [[str(c.value), c.label, c.tip] for _, c in out]


def hero_names(folder: Path | None = None) -> dict[str, tuple[str, str, str]]:
    """class -> (class name, first side's name, second side's name)."""
    path = (folder or _folder()) / "heroes.yaml"

    def read() -> dict[str, list[str]]:
        data = _yaml(path)
        return {h["id"]: [str(h["name"]), str(h["sides"][0]), str(h["sides"][1])]
                for h in data["heroes"]}

    try:
        names = _cached("heroes", [path], read)
        return {k: (v[0], v[1], v[2]) for k, v in names.items()}
    except Exception:  # noqa: BLE001 - the dialog still works with plain words
        return {c: (c.capitalize(), "first side", "second side") for c in CLASSES}


_NAMES = hero_names()
_LEGENDS = legend_choices()
LEGEND = Option(
    "legend", "Legend", "choice", _LEGENDS[0].value, choices=_LEGENDS,
    tip="The legend to play: its board side, its cards and its goal.")
HERO = Option(
    "hero", "Class", "choice", ANY_HERO, per_seat=True,
    choices=(Choice(ANY_HERO, "Any free class"),
             *(Choice(c, _NAMES.get(c, (c.capitalize(),))[0]) for c in CLASSES)),
    tip="Each hero is a different class: warrior (3 dice, +2 by a fire), fire guardian "
        "(lights her own fire), wizard (turns a die) or dwarf (cheap overtime). 'Any free "
        "class' takes the first class nobody chose.")
SIDE = Option(
    "side", "Board side", "choice", 0, per_seat=True,
    choices=(Choice(0, "First side"), Choice(1, "Second side")),
    tip="Each hero board has two sides, the same hero under another name: "
        + "; ".join(f"{n[0]}: {n[1]} or {n[2]}" for n in _NAMES.values()) + ".")


def _classes(chosen: list[str]) -> list[str]:
    """The seats' classes: each 'any' seat takes the first class no seat chose."""
    free = [c for c in CLASSES if c not in chosen]
    return [c if c != ANY_HERO else (free.pop(0) if free else ANY_HERO) for c in chosen]


def setup_options(values: dict[str, Any]) -> dict[str, Any]:
    """The dialog's values as setup options: `heroes` a comma list of classes, `sides` one
    digit per seat."""
    options = dict(values)
    heroes = seat_values(values, "hero")
    if heroes:
        options["heroes"] = ",".join(_classes(heroes))
    options.pop("hero", None)
    sides = [int(x) if x in ("0", "1") else 0 for x in seat_values(values, "side")]
    options.pop("side", None)
    if sides:
        options["sides"] = ",".join(map(str, sides))
    options["legend"] = str(values.get("legend", LEGEND.default))
    return options


def options_problem(values: Mapping[str, Any]) -> str:
    """Why the chosen heroes cannot set out together ('' when they can)."""
    heroes = seat_values(values, "hero")
    named = [h for h in heroes if h != ANY_HERO]
    for c in CLASSES:
        if named.count(c) > 1:
            return (f"Two seats chose the {_NAMES.get(c, (c,))[0].lower()}: every hero must "
                    "be a different class.")
    return ""


def options_text(options: Mapping[str, Any], n: int) -> str:
    """'L1 · The Blue Stone' (the legend played)."""
    lid = str(options.get("legend", LEGEND.default))
    for c in LEGEND.choices:
        if c.value == lid:
            return c.label
    return lid.upper()


def seat_hero_name(options: Mapping[str, Any], seat: int) -> str:
    """'Bran, warrior': the name on the hero board a seat plays, from its class and side."""
    classes = str(options.get("heroes", ",".join(CLASSES))).split(",")
    sides = str(options.get("sides", "")).split(",")
    cls = classes[seat] if seat < len(classes) else CLASSES[seat % 4]
    side = int(sides[seat]) if seat < len(sides) and sides[seat] in ("0", "1") else 0
    names = _NAMES.get(cls, (cls.capitalize(), cls.capitalize(), cls.capitalize()))
    return f"{names[1 + side]}, {names[0].lower()}"


def _progress(rules: Any, state: Any) -> str:
    """'Legend 1 · Day 3 · letter C': where a legend in progress stands, for Continue."""
    number = str(state.legend).lstrip("l") or "1"
    letter = rules.content.letters[state.narrator]
    return f"Legend {number} · Day {state.day} · letter {letter}"


def _rules(folder: Path) -> Any:
    from frostdesk.games.andor_eternal_frost.content import load_content
    from frostdesk.games.andor_eternal_frost.rules import EternalFrost

    return EternalFrost(load_content(folder))


def table_schema() -> Any:
    """The shape of cards/andor-eternal-frost/table.yaml (read by the table only)."""
    from frostdesk.engine.schema import Dict, Map, Num, Str

    colour = Str(r"#[0-9a-fA-F]{6}", "a colour such as \"#4d8fe0\"")
    size = Num(what="a size in board units")
    figure = Map({"colour": colour, "shape": Str(what="a shape"),
                  "letter": Str(what="a letter")}, what="{colour, shape, letter}")
    return Map({
        "margin": size, "space_radius": size, "hero": size, "creature": size, "token": size,
        "shield_slot": Map({"w": size, "h": size, "gap": size}, what="{w, h, gap}"),
        "regions": Dict(Str(what="a region key"), colour, what="region -> colour"),
        "heroes": Dict(Str(what="a colour name"), colour, what="colour name -> colour"),
        "creatures": Dict(Str(what="a creature kind"), figure, what="kind -> figure"),
    }, what="the table's layout")


def _validate(folder: Path) -> list[Any]:
    """The content's problems (content.py), then table.yaml's (its shape here): each one
    'file:line: key: problem'."""
    from frostdesk.engine.catalogue import load_docs
    from frostdesk.engine.schema import check_files
    from frostdesk.games.andor_eternal_frost.content import validate

    problems: list[Any] = list(validate(folder))
    docs, unread = load_docs(Path(folder), ("table.yaml",))
    problems += unread or check_files(docs, {"table.yaml": table_schema()})
    if not unread and not problems:
        data = docs["table.yaml"].data
        creatures = data.get("creatures", {}) if isinstance(data, dict) else {}
        for kind in ("gor", "wargor", "buffalo", "troll", "boss"):
            if kind not in creatures:
                docs["table.yaml"].problem(("creatures",), f"no figure for {kind}")
        from frostdesk.engine.catalogue import problems_of

        problems += problems_of(docs.values())
    return problems


DESCRIPTION = GameDescription(
    id=GAME_ID,
    title="The Legends of Andor: The Eternal Frost",
    min_players=2,
    max_players=4,
    order=30,
    make_rules=_rules,
    validate=_validate,
    bots="frostdesk.games.andor_eternal_frost.bots",
    ui="frostdesk.ui.games.andor_eternal_frost.plugin",
    blurb="A cooperative adventure on an open board: walk the heroes through the frozen land "
          "hour by hour, fight side by side, and meet the legend's goal before the narrator "
          "reaches N.",
    facts=("A team of 2–4 heroes: everyone wins or loses the legend together.",
           "Each hero a class and a side; one person may run several heroes.",
           "Bot heroes fill any seat and play with the team."),
    cooperative=True,
    options=(LEGEND, HERO, SIDE),
    setup_keys=("sides",),  # a hero board's side: its hero's name, not the rules
    levels=(BotLevel("steady", "Crew (steady)", "heuristic",
                     "Plans the route, the shields and the battles together."),
            BotLevel("rookie", "Crew (rookie)", "easy",
                     "Mostly sensible, but one decision in three is a whim.")),
    default_level="steady",
    words=SeatWords(seat="Hero", players="heroes", kind_header="Played by", bot="Bot hero",
                    level_header="Bot crew", humans_share_names=True,
                    share_hint="Running several heroes yourself? Give them all your name: "
                               "no hand-off between them."),
    quick_solo_tip="You play the first hero beside bot heroes in the introductory legend.",
    score_name="legend won",
    setup_options=setup_options,
    options_text=options_text,
    options_problem=options_problem,
    progress=_progress,
    balance="frostdesk.games.andor_eternal_frost.balance",
)
