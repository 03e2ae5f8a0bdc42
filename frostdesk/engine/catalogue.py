"""Loading YAML card data with errors that name the file, the line and the key.

Every data file is read with `yaml.safe_load`'s composer (never a full loader). A `Doc` keeps the
parsed value and its node tree, so a problem found at a key path can say `file:line: key: ...`.
frostdesk.engine.schema checks a Doc's shape; cross-checks in a game's content module report
through the same `Doc.problem`.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import yaml

from frostdesk.engine.game import ContentError

Path_ = tuple[object, ...]  # keys and list indexes from the document root
_SAFE_LOADER = getattr(yaml, "CSafeLoader", yaml.SafeLoader)


@dataclass(frozen=True, slots=True)
class Problem:
    """One thing wrong in a data file, printed as `file:line: key: message`."""

    file: str
    line: int
    key: str
    message: str

    def __str__(self) -> str:
        return f"{self.file}:{self.line}: {self.key}: {self.message}"


class UnreadableFile(ContentError):
    """A data file that cannot be read or is not YAML; `problem` says where."""

    def __init__(self, problem: Problem) -> None:
        super().__init__(str(problem))
        self.problem = problem


@dataclass
class Doc:
    """One parsed YAML file with its node tree and a list of problems found so far."""

    file: str
    data: object  # the parsed YAML: check its shape before use
    node: yaml.Node | None  # the same document as nodes, which know their lines
    problems: list[Problem] = field(default_factory=list)

    def line(self, path: Path_) -> int:
        """The line of the key or list item at `path`, else of its nearest ancestor there."""
        # Looked up only when a problem is reported: most loads never pay for line numbers.
        node = self.node
        if node is None:
            return 1
        line = node.start_mark.line + 1
        for step in path:
            if isinstance(node, yaml.MappingNode):
                text = str(step)
                found = [(k, v) for k, v in node.value if k.value == text]
                if not found:
                    break
                key_node, node = found[-1]  # the last of repeated keys is the one loaded
                line = key_node.start_mark.line + 1
            elif (isinstance(node, yaml.SequenceNode) and type(step) is int
                  and 0 <= step < len(node.value)):
                node = node.value[step]
                line = node.start_mark.line + 1
            else:
                break
        return line

    def problem(self, path: Path_, message: str) -> None:
        """Record that the value at `path` is wrong: `file:line: key.path: message`."""
        key = ".".join(str(p) for p in path) or "(file)"
        self.problems.append(Problem(self.file, self.line(path), key, message))


def load_data(text: str) -> Any:
    """YAML text as plain data, with the safe loader only (the C one when PyYAML has it:
    several times faster than `yaml.safe_load`'s pure-Python one). For files whose
    problems are not reported by line; `load_doc` keeps the lines."""
    loader = _SAFE_LOADER(text)
    try:
        return loader.get_single_data()
    finally:
        loader.dispose()


def load_doc(path: Path) -> Doc:
    """Parse one YAML file; a file that cannot be read or parsed raises UnreadableFile."""
    name = str(path)
    try:
        text = path.read_text(encoding="utf-8")
    except OSError as exc:
        raise UnreadableFile(Problem(name, 1, "(file)",
                                     f"cannot read: {exc.strerror or exc}")) from None
    # One parse gives both the node tree (for line numbers) and the data, with the safe
    # loader only; the C implementation when PyYAML has it (several times faster at launch).
    loader = _SAFE_LOADER(text)
    try:
        node = loader.get_single_node()
        data = loader.construct_document(node) if node is not None else None
    except yaml.YAMLError as exc:
        mark = getattr(exc, "problem_mark", None)
        line = mark.line + 1 if mark is not None else 1
        problem = getattr(exc, "problem", None) or str(exc).splitlines()[0]
        raise UnreadableFile(Problem(name, line, "(syntax)", problem)) from None
    finally:
        loader.dispose()
    return Doc(name, data, node)


def load_docs(folder: Path, names: Iterable[str]) -> tuple[dict[str, Doc], list[Problem]]:
    """Parse each named file of `folder`: the docs, and a problem for each that would not."""
    docs: dict[str, Doc] = {}
    problems: list[Problem] = []
    for name in names:
        try:
            docs[name] = load_doc(folder / name)
        except UnreadableFile as exc:
            problems.append(exc.problem)
    return docs, problems


def problems_of(docs: Iterable[Doc]) -> list[Problem]:
    """Every problem recorded in `docs`, file by file."""
    return [p for doc in docs for p in doc.problems]
