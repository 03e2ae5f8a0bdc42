"""Menus of many choices: a tree of labelled entries built into a QMenu with submenus, so a
long list of actions becomes a few groups a player can scan (one per hero, then one per kind).

An entry is either a leaf, `MenuLeaf(label, payload)`, or a group, `MenuGroup(title, entries)`.
`group_by` splits a flat list by a key into groups in first-seen order, and `nest_long` folds
the groups of a long list into submenus while short lists and groups of one stay flat.
"""

from __future__ import annotations

from collections.abc import Callable, Hashable, Sequence
from dataclasses import dataclass, field
from typing import Any, Union

from PySide6.QtWidgets import QMenu, QWidget


@dataclass(frozen=True)
class MenuLeaf:
    label: str
    payload: Any


@dataclass(frozen=True)
class MenuGroup:
    title: str
    entries: list[MenuEntry] = field(default_factory=list)

    def count(self) -> int:
        """How many leaves sit under this group, however deep."""
        return sum(e.count() if isinstance(e, MenuGroup) else 1 for e in self.entries)


MenuEntry = Union[MenuLeaf, MenuGroup]  # noqa: UP007 (a runtime alias used before 3.12)


def group_by(items: Sequence[Any], key: Callable[[Any], Hashable]) -> list[tuple[Hashable,
                                                                                 list[Any]]]:
    """The items split by key, the groups in the order their first item comes."""
    groups: dict[Hashable, list[Any]] = {}
    for it in items:
        groups.setdefault(key(it), []).append(it)
    return list(groups.items())


def chunked(entries: list[MenuEntry], size: int,
            part: Callable[[list[MenuEntry]], str] | None = None) -> list[MenuEntry]:
    """At most `size` entries as they are; more become submenus of at most `size` each, titled
    by part(the slice) or by the slice's positions ("1-20")."""
    if len(entries) <= size:
        return entries
    k = -(-len(entries) // size)  # as few slices as fit, their sizes one apart at most
    base, extra = divmod(len(entries), k)
    out: list[MenuEntry] = []
    start = 0
    for n in range(k):
        piece = entries[start:start + base + (n < extra)]
        title = part(piece) if part else f"{start + 1}–{start + len(piece)}"
        out.append(MenuGroup(title, piece))
        start += len(piece)
    return out


def nest_long(groups: Sequence[tuple[str, list[MenuEntry]]], limit: int, chunk: int = 20,
              part: Callable[[list[MenuEntry]], str] | None = None) -> list[MenuEntry]:
    """Entries of titled groups: flat when there are at most `limit` in all; otherwise each
    group of two or more becomes a submenu (its title and count), a group of one stays a leaf,
    and a group longer than `chunk` is split again into slices (see chunked)."""
    flat = [e for _, es in groups for e in es]
    if len(flat) <= limit:
        return flat
    out: list[MenuEntry] = []
    for title, es in groups:
        if len(es) < 2:
            out.extend(es)
        else:
            out.append(MenuGroup(f"{title} ({len(es)})", chunked(list(es), chunk, part)))
    return out


def fill_menu(menu: QMenu, entries: Sequence[MenuEntry],
              choose: Callable[[Any], None]) -> QMenu:
    """Build the entries into `menu`, groups as submenus; a leaf chosen calls choose(payload)."""
    for e in entries:
        if isinstance(e, MenuGroup):
            sub = menu.addMenu(e.title)
            fill_menu(sub, e.entries, choose)
        else:
            menu.addAction(e.label).triggered.connect(
                lambda _=False, p=e.payload: choose(p))
    return menu


def build_menu(parent: QWidget, entries: Sequence[MenuEntry],
               choose: Callable[[Any], None]) -> QMenu:
    """A new QMenu holding the entries, for one showing: it deletes itself once hidden (an
    entry chosen hides it, a click elsewhere closes it), so a menu built each time a button
    is pressed does not pile up under its parent. (Deleted later: a chosen entry's callback
    still runs first.)"""
    menu = QMenu(parent)
    menu.aboutToHide.connect(menu.deleteLater)
    return fill_menu(menu, entries, choose)
