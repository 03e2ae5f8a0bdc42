"""Declarative schemas for the YAML card files: the shape of each file, written as data.

A game's content module describes each file as a tree of the classes below, e.g.

    EVENT = Map({"id": Str(ID), "damage": Int(min=0, what="total damage (whole number)"),
                 "requirements": List(REQUIREMENT, what="a list of 2 requirements")})
    SCHEMAS = {"events.yaml": Map({"events": List(EVENT, what="a list of Event cards")})}

and `check_folder(folder, SCHEMAS, cross_check)` records every value that does not fit as a
Problem that names the file, the line and the key path, always in one of three forms:

    events.yaml:13: events.0.damage: expected total damage (whole number), found 'six'
    events.yaml:9: events.0.max: missing; expected the Max card count (whole number)
    events.yaml:11: events.0.colour: unknown key; expected one of damage, flavour, id, ...

Only shape is checked here: types, required and unknown keys, choices, ranges, list items.
What needs two places at once (ids unique, references resolve, the counts the rulebook gives)
stays code in the content module, run once every file fits its schema, and reports through
the same `Doc.problem`.

Why these few classes and not JSON Schema (the jsonschema library):
- the messages: each node carries the words a card author reads ("a count 1..9"), so a
  message needs no translating; jsonschema's ("'six' is not of type 'integer'") would need
  rewording per keyword, and its error paths mapping back to YAML lines all the same;
- YAML is not JSON: mappings keyed by player count (`deal: {2: 10}`) have whole-number keys,
  which JSON Schema cannot describe (its property names are strings);
- the start path: importing jsonschema takes about 60 ms, more than loading both games'
  cards; this module needs no dependency and checks every bundled file in about a millisecond.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Iterable, Mapping, Sequence
from pathlib import Path
from typing import Any

from frostdesk.engine.catalogue import Doc, Path_, Problem, load_docs, problems_of

ID = r"[a-z0-9]+(-[a-z0-9]+)*"  # card and design ids: saves refer to them, keep them plain


def found(value: object) -> str:
    """A value as a message quotes it: short values as written, long ones by their kind."""
    text = repr(value)
    if len(text) <= 60:
        return text
    if isinstance(value, dict):
        return f"a mapping of {len(value)} keys"
    if isinstance(value, list):
        return f"a list of {len(value)} items"
    return text[:56] + "..."


class Schema:
    """One node of a schema. `what` says what fits, in the words of the message."""

    what: str

    def check(self, doc: Doc, value: object, path: Path_) -> bool:
        """True when `value` (found at `path` in `doc`) fits; else record why in `doc`."""
        if self.fits(value):
            return True
        doc.problem(path, f"expected {self.what}, found {found(value)}")
        return False

    def fits(self, value: object) -> bool:
        raise NotImplementedError


class Int(Schema):
    """A whole number (not true/false), within `min`..`max` when given."""

    def __init__(self, min: int | None = None, max: int | None = None,
                 what: str | None = None) -> None:
        self.min, self.max = min, max
        if what is None:
            what = "a whole number"
            if min is not None and max is not None:
                what += f" {min}..{max}"
            elif min is not None or max is not None:
                what += f", {min} or more" if min is not None else f", {max} or less"
        self.what = what

    def fits(self, value: object) -> bool:
        return (type(value) is int and (self.min is None or value >= self.min)
                and (self.max is None or value <= self.max))


class Num(Schema):
    """A number, whole or not (not true/false)."""

    def __init__(self, what: str = "a number") -> None:
        self.what = what

    def fits(self, value: object) -> bool:
        return type(value) is int or type(value) is float


class Str(Schema):
    """Text, matching `pattern` in full when given."""

    def __init__(self, pattern: str | None = None, what: str = "text") -> None:
        self.pattern = re.compile(pattern) if pattern is not None else None
        self.what = what

    def fits(self, value: object) -> bool:
        return type(value) is str and (self.pattern is None
                                       or self.pattern.fullmatch(value) is not None)


class Bool(Schema):
    """true or false."""

    def __init__(self, what: str = "true or false") -> None:
        self.what = what

    def fits(self, value: object) -> bool:
        return type(value) is bool


class Enum(Schema):
    """One of `options`, of the same type (so `true` is not taken for 1)."""

    def __init__(self, options: Sequence[object], what: str | None = None) -> None:
        self.options = tuple(options)
        self.types = {type(o) for o in self.options}
        self.what = what or "one of " + ", ".join(str(o) for o in self.options)

    def fits(self, value: object) -> bool:
        return type(value) in self.types and value in self.options


class List(Schema):
    """A list of `min_len`..`max_len` items, each fitting `of`."""

    def __init__(self, of: Schema, what: str = "a list", min_len: int = 0,
                 max_len: int | None = None) -> None:
        self.of, self.what, self.min_len, self.max_len = of, what, min_len, max_len

    def check(self, doc: Doc, value: object, path: Path_) -> bool:
        if type(value) is not list or len(value) < self.min_len or (
                self.max_len is not None and len(value) > self.max_len):
            doc.problem(path, f"expected {self.what}, found {found(value)}")
            return False
        ok = True
        for i, item in enumerate(value):
            if not self.of.check(doc, item, path + (i,)):
                ok = False
        return ok


class Map(Schema):
    """A mapping with the keys of `fields`, each value fitting its schema. Every key is
    required except those named in `optional`; any other key is reported as an unknown
    `noun` ("unknown key; expected one of ...")."""

    def __init__(self, fields: Mapping[str, Schema], optional: Iterable[str] = (),
                 what: str = "a mapping", noun: str = "key") -> None:
        self.fields = dict(fields)
        optional = set(optional)
        if not optional <= self.fields.keys():
            raise ValueError(f"optional keys without a schema: {optional - self.fields.keys()}")
        self.required = [k for k in self.fields if k not in optional]
        self.what = what
        self.unknown = f"unknown {noun}; expected one of " + ", ".join(sorted(self.fields))

    def check(self, doc: Doc, value: object, path: Path_) -> bool:
        if type(value) is not dict:
            doc.problem(path, f"expected {self.what}, found {found(value)}")
            return False
        ok = True
        fields = self.fields
        for key, item in value.items():
            schema = fields.get(key)
            if schema is None:
                doc.problem(path + (key,), self.unknown)
                ok = False
            elif not schema.check(doc, item, path + (key,)):
                ok = False
        for key in self.required:
            if key not in value:
                doc.problem(path + (key,), f"missing; expected {fields[key].what}")
                ok = False
        return ok


class Dict(Schema):
    """A mapping whose keys all fit `keys` and whose values all fit `values`."""

    def __init__(self, keys: Schema, values: Schema, what: str = "a mapping") -> None:
        self.keys, self.values, self.what = keys, values, what

    def check(self, doc: Doc, value: object, path: Path_) -> bool:
        if type(value) is not dict:
            doc.problem(path, f"expected {self.what}, found {found(value)}")
            return False
        ok = True
        for key, item in value.items():
            if not self.keys.check(doc, key, path + (key,)):
                ok = False
            if not self.values.check(doc, item, path + (key,)):
                ok = False
        return ok


class OneOf(Schema):
    """The first of `alternatives` that fits. When none does, the problems reported are those
    of the alternative that came closest (the fewest problems; the first of equals)."""

    def __init__(self, alternatives: Sequence[Schema], what: str | None = None) -> None:
        self.alternatives = tuple(alternatives)
        self.what = what or " or ".join(a.what for a in self.alternatives)

    def check(self, doc: Doc, value: object, path: Path_) -> bool:
        start = len(doc.problems)
        closest: list[Problem] | None = None
        for schema in self.alternatives:
            if schema.check(doc, value, path):
                return True
            if closest is None or len(doc.problems) - start < len(closest):
                closest = doc.problems[start:]
            del doc.problems[start:]
        doc.problems.extend(closest or ())
        return False


def check_files(docs: Mapping[str, Doc], schemas: Mapping[str, Schema]) -> list[Problem]:
    """Check each doc against the schema for its file name; every problem, file by file."""
    for name, doc in docs.items():
        schemas[name].check(doc, doc.data, ())
    return problems_of(docs.values())


def check_folder(folder: Path, schemas: Mapping[str, Schema],
                 cross_check: Callable[[dict[str, Doc]], None]
                 ) -> tuple[dict[str, Doc], list[Problem]]:
    """Load the files `schemas` names from `folder`, in that order, and check them: first
    that each parses, then that each fits its schema, then `cross_check` (which reports
    through Doc.problem). Each step runs only when the one before found nothing, so a
    problem is reported once, not again by every check that reads the value."""
    docs, problems = load_docs(folder, schemas)
    if not problems:
        problems = check_files(docs, schemas)
    if not problems:
        cross_check(docs)
        problems = problems_of(docs.values())
    return docs, problems


def checked(docs: Mapping[str, Doc]) -> list[Any]:
    """Each doc's data, in order, once it fits its schema: its shape is known, so the
    content module reads it untyped."""
    return [doc.data for doc in docs.values()]
