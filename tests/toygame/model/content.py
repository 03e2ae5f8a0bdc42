"""Toy Tally's cards and table from YAML (tests/toygame/cards/), checked with the engine's
catalogue so that every problem names its file, line and key.

`validate(folder)` lists the problems; `load_content(folder)` returns the checked `Content` or
raises ContentError with all of them.
"""

from __future__ import annotations

import hashlib
import re
from collections.abc import Mapping
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from frostdesk.engine.catalogue import Doc, Path_, Problem, load_doc
from frostdesk.engine.game import ContentError

FILES = ("game.yaml", "cards.yaml", "table.yaml")
CARD_KEYS = ("id", "name", "value", "source")
SOURCES = ("rulebook", "authored")
CARD_ID = re.compile(r"^[a-z0-9][a-z0-9-]*$")


@dataclass(frozen=True, slots=True)
class Card:
    """One numbered card: it counts `value` in a round and in the tally."""

    id: str
    name: str
    value: int
    source: str


@dataclass(frozen=True)
class Content:
    """The checked cards (in file order), the table layout and the hash saves record."""

    title: str
    min_players: int
    max_players: int
    cards: tuple[Card, ...]
    by_id: Mapping[str, Card]
    table: dict[str, Any]  # table.yaml as it is: where the UI puts things
    ruleset_hash: str


def _point(doc: Doc, data: object, path: Path_) -> None:
    if not isinstance(data, dict):
        doc.problem(path, "expected {x: ..., y: ...}")
        return
    doc.only_keys(data, path, ("x", "y"))
    for key in ("x", "y"):
        doc.get(data, path, key, (int, float), "a number")


def _check_game(doc: Doc) -> tuple[str, int, int]:
    g = doc.data if isinstance(doc.data, dict) else {}
    if not isinstance(doc.data, dict):
        doc.problem((), "expected a mapping with title and players")
    doc.only_keys(g, (), ("title", "players"))
    title = doc.get(g, (), "title", str, "the game's title", default="Toy Tally")
    players = doc.get(g, (), "players", dict, "{min: 2, max: 3}", default={"min": 2, "max": 3})
    doc.only_keys(players, ("players",), ("min", "max"))
    low = doc.get(players, ("players",), "min", int, "a whole number", default=2)
    high = doc.get(players, ("players",), "max", int, "a whole number", default=3)
    if not 1 <= low <= high:
        doc.problem(("players",), f"expected 1 <= min <= max, found {low} and {high}")
    return title, low, high


def _check_cards(doc: Doc) -> list[Card]:
    d = doc.data if isinstance(doc.data, dict) else {}
    if not isinstance(doc.data, dict):
        doc.problem((), "expected a mapping with a list of cards")
    doc.only_keys(d, (), ("cards",))
    cards: list[Card] = []
    ids: set[str] = set()
    values: dict[int, str] = {}
    for i, card in enumerate(doc.get(d, (), "cards", list, "a list of cards", default=[])):
        p: Path_ = ("cards", i)
        if not isinstance(card, dict):
            doc.problem(p, "expected a card: {id, name, value, source}")
            continue
        doc.only_keys(card, p, CARD_KEYS)
        cid = doc.get(card, p, "id", str, "a card id like flake-7")
        name = doc.get(card, p, "name", str, "the card's name")
        value = doc.get(card, p, "value", int, "a whole number from 1 to 99")
        source = doc.choice(card, p, "source", SOURCES)
        if cid is not None:
            if not CARD_ID.match(cid):
                doc.problem(p + ("id",), f"expected lower-case letters, digits and -, found "
                                         f"{cid!r}")
            elif cid in ids:
                doc.problem(p + ("id",), f"{cid} is used by another card")
            ids.add(cid)
        if value is not None:
            if not 1 <= value <= 99:
                doc.problem(p + ("value",), f"expected 1 to 99, found {value}")
            elif value in values:
                doc.problem(p + ("value",), f"{values[value]} has this value already: a "
                                            "round needs one highest card")
            values.setdefault(value, str(cid))
        if None not in (cid, name, value, source):
            cards.append(Card(str(cid), str(name), int(value), str(source)))
    return cards


def _check_table(doc: Doc, max_players: int) -> None:
    t = doc.data if isinstance(doc.data, dict) else {}
    if not isinstance(doc.data, dict):
        doc.problem((), "expected a mapping: size, card, seats, round, deck")
    doc.only_keys(t, (), ("size", "card", "seats", "round", "deck"))
    for box in ("size", "card"):
        dims = doc.get(t, (), box, dict, "{w: ..., h: ...}", default={})
        doc.only_keys(dims, (box,), ("w", "h"))
        for key in ("w", "h"):
            v = doc.get(dims, (box,), key, (int, float), "a positive number")
            if v is not None and v <= 0:
                doc.problem((box, key), f"expected a positive number, found {v}")
    seats = doc.get(t, (), "seats", list, "a list of seat points", default=[])
    if len(seats) < max_players:
        doc.problem(("seats",), f"expected a point for each of {max_players} seats, found "
                                f"{len(seats)}")
    for i, point in enumerate(seats):
        _point(doc, point, ("seats", i))
    for key in ("round", "deck"):
        if key not in t:
            doc.problem((key,), "missing; expected {x: ..., y: ...}")
        else:
            _point(doc, t[key], (key,))


def _load(folder: Path) -> tuple[Content | None, list[Problem]]:
    docs: dict[str, Doc] = {}
    problems: list[Problem] = []
    for name in FILES:
        try:
            docs[name] = load_doc(folder / name)
        except ContentError as exc:
            # load_doc says "file:line: key: message"; keep its line and key
            m = re.match(r"(.*):(\d+): (\S+): (.*)", str(exc), re.DOTALL)
            problems.append(Problem(m[1], int(m[2]), m[3], m[4]) if m else
                            Problem(str(folder / name), 1, "(file)", str(exc)))
    if problems:
        return None, problems
    title, low, high = _check_game(docs["game.yaml"])
    cards = _check_cards(docs["cards.yaml"])
    _check_table(docs["table.yaml"], high)
    for doc in docs.values():
        problems.extend(doc.problems)
    if problems:
        return None, problems
    digest = hashlib.sha256()
    for name in FILES:
        digest.update((folder / name).read_bytes())
    table = docs["table.yaml"].data
    assert isinstance(table, dict)  # _check_table said so
    return Content(title, low, high, tuple(cards), {c.id: c for c in cards}, table,
                   digest.hexdigest()[:16]), []


def validate(folder: Path) -> list[Problem]:
    """Every problem in the cards folder, as "file:line: key: message"."""
    return _load(Path(folder))[1]


def load_content(folder: Path) -> Content:
    content, problems = _load(Path(folder))
    if content is None:
        raise ContentError("\n".join(str(p) for p in problems))
    return content
