"""Toy Tally's cards and table from YAML (tests/toygame/cards/), checked with the engine's
declarative schemas so that every problem names its file, line and key.

`validate(folder)` lists the problems; `load_content(folder)` returns the checked `Content` or
raises ContentError with all of them.
"""

from __future__ import annotations

import hashlib
from collections.abc import Mapping
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from frostdesk.engine.catalogue import Doc, Problem
from frostdesk.engine.game import ContentError
from frostdesk.engine.schema import (
    ID,
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

SOURCES = ("rulebook", "authored")


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


POINT = Map({"x": Num(), "y": Num()}, what="{x: ..., y: ...}")
SIZE = Map({"w": Num(), "h": Num()}, what="{w: ..., h: ...}")
CARD = Map({"id": Str(ID, what="a card id like flake-7"), "name": Str(what="the card's name"),
            "value": Int(min=1, max=99, what="a whole number from 1 to 99"),
            "source": Enum(SOURCES)}, what="a card: {id, name, value, source}")
SCHEMAS: dict[str, Schema] = {
    "game.yaml": Map({"title": Str(what="the game's title"),
                      "players": Map({"min": Int(min=1), "max": Int(min=1)},
                                     what="{min: 2, max: 3}")}),
    "cards.yaml": Map({"cards": List(CARD, what="a list of cards", min_len=1)}),
    "table.yaml": Map({"size": SIZE, "card": SIZE, "seats": List(POINT, what="seat points"),
                       "round": POINT, "deck": POINT}),
}


def _cross_check(docs: dict[str, Doc]) -> None:
    """What the schemas cannot say: min <= max, ids and values used once, a seat point for
    every player."""
    game, cards, table = checked(docs)
    low, high = game["players"]["min"], game["players"]["max"]
    if low > high:
        docs["game.yaml"].problem(("players",), f"expected min <= max, found {low} and {high}")
    ids: set[str] = set()
    values: dict[int, str] = {}
    for i, card in enumerate(cards["cards"]):
        if card["id"] in ids:
            docs["cards.yaml"].problem(("cards", i, "id"), f"{card['id']} is used by another "
                                                           "card")
        ids.add(card["id"])
        if card["value"] in values:
            docs["cards.yaml"].problem(("cards", i, "value"),
                                       f"{values[card['value']]} has this value already: a "
                                       "round needs one highest card")
        values.setdefault(card["value"], card["id"])
    if len(table["seats"]) < high:
        docs["table.yaml"].problem(("seats",), f"expected a point for each of {high} seats, "
                                               f"found {len(table['seats'])}")


def _load(folder: Path) -> tuple[Content | None, list[Problem]]:
    docs, problems = check_folder(folder, SCHEMAS, _cross_check)
    if problems:
        return None, problems
    game, cards_doc, table = checked(docs)
    cards = [Card(c["id"], c["name"], c["value"], c["source"]) for c in cards_doc["cards"]]
    digest = hashlib.sha256()
    for name in SCHEMAS:
        digest.update((folder / name).read_bytes())
    return Content(game["title"], game["players"]["min"], game["players"]["max"],
                   tuple(cards), {c.id: c for c in cards}, table, digest.hexdigest()[:16]), []


def validate(folder: Path) -> list[Problem]:
    """Every problem in the cards folder, as "file:line: key: message"."""
    return _load(Path(folder))[1]


def load_content(folder: Path) -> Content:
    content, problems = _load(Path(folder))
    if content is None:
        raise ContentError("\n".join(str(p) for p in problems))
    return content
