"""The kit's menu trees: short lists stay flat, long ones fold by group and then by slice, and
the QMenu built from a tree calls back with the chosen entry's payload."""

from __future__ import annotations

from typing import Any

from PySide6.QtWidgets import QMenu, QWidget

from frostdesk.ui.kit.menus import MenuGroup, MenuLeaf, build_menu, chunked, group_by, nest_long


def leaves(n: int, start: int = 0) -> list[Any]:
    return [MenuLeaf(f"Entry {i}", i) for i in range(start, start + n)]


def test_group_by_keeps_first_seen_order() -> None:
    assert group_by([3, 1, 4, 1, 5, 9, 2, 6], lambda x: x % 2) == [
        (1, [3, 1, 1, 5, 9]), (0, [4, 2, 6])]


def test_a_short_list_stays_flat_and_a_long_one_folds_by_group() -> None:
    short = [("A", leaves(2)), ("B", leaves(3, 2))]
    assert nest_long(short, 5) == leaves(5)
    folded = nest_long([("A", leaves(4)), ("B", leaves(1, 4)), ("C", leaves(3, 5))], 5)
    assert [e.title if isinstance(e, MenuGroup) else e.label for e in folded] == [
        "A (4)", "Entry 4", "C (3)"]


def test_slices_are_even_and_never_longer_than_asked() -> None:
    parts = chunked(leaves(86), 20)
    sizes = [len(p.entries) for p in parts if isinstance(p, MenuGroup)]
    assert sizes == [18, 17, 17, 17, 17] and parts[0].title == "1\u201318"
    assert chunked(leaves(20), 20) == leaves(20)
    assert [p.title for p in chunked(leaves(3), 2, lambda es: es[0].label)] == [
        "Entry 0", "Entry 2"]


def test_a_built_menu_calls_back_with_the_payload_of_a_nested_entry(qtbot: Any) -> None:
    parent = QWidget()
    qtbot.addWidget(parent)
    chosen: list[Any] = []
    tree = [MenuLeaf("Top", "t"), MenuGroup("Group", [MenuGroup("Inner", leaves(3))])]
    menu = build_menu(parent, tree, chosen.append)
    top, group = menu.actions()
    assert top.menu() is None and group.text() == "Group" and group.menu() is not None
    inner = group.menu().actions()[0].menu()
    assert [a.text() for a in inner.actions()] == ["Entry 0", "Entry 1", "Entry 2"]
    inner.actions()[2].trigger()
    top.trigger()
    assert chosen == [2, "t"]
    assert MenuGroup("G", [MenuGroup("H", leaves(2)), leaves(1)[0]]).count() == 3


def test_a_built_menu_is_deleted_once_hidden_so_menus_do_not_pile_up(qtbot: Any) -> None:
    parent = QWidget()
    qtbot.addWidget(parent)
    chosen: list[Any] = []
    for i in range(4):  # a button pressed four times builds and shows four menus
        menu = build_menu(parent, leaves(2), chosen.append)
        menu.popup(parent.mapToGlobal(parent.rect().topLeft()))
        qtbot.waitUntil(menu.isVisible)
        if i % 2:
            menu.close()  # a click elsewhere
        else:  # an entry chosen: Qt hides the menu and then calls back
            menu.hide()
            menu.actions()[1].trigger()
    qtbot.waitUntil(lambda: not parent.findChildren(QMenu))
    assert chosen == [1, 1]
