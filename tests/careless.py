"""A careless player: random clicks, keys, buttons, menu picks, undos, redos and resizes.

Shared by the conformance suite (every registered game, tests/conformance/test_ui_careless.py)
and the long sessions of tests/ui/test_monkey.py. `t` is any table harness with `qtbot`, `bus`,
`controller`, `window` and `screen` (the game's table screen): tests/ui's `Table` and the
conformance suite's `App` both are. Whatever is clicked, the app must never raise (pytest-qt
fails the test on an exception in any slot or event handler), never report an internal error,
and every action it records must replay to the same game. Bots keep playing their seats.
"""

from __future__ import annotations

import random
from typing import Any

from PySide6.QtCore import QPoint, Qt
from PySide6.QtGui import QAction
from PySide6.QtTest import QTest
from PySide6.QtWidgets import QApplication, QDialog, QMenu, QMessageBox

from frostdesk.engine.session import Seat, Session

KEYS = [Qt.Key.Key_1, Qt.Key.Key_2, Qt.Key.Key_3, Qt.Key.Key_4, Qt.Key.Key_9, Qt.Key.Key_Tab,
        Qt.Key.Key_Backtab, Qt.Key.Key_Return, Qt.Key.Key_Space, Qt.Key.Key_Escape,
        Qt.Key.Key_Left, Qt.Key.Key_Right, Qt.Key.Key_H, Qt.Key.Key_Z]
# window sizes a careless player drags to: with the smallest the app allows (1024x600) and the
# first window on a 1280x720 laptop (1152x648)
SIZES = [(1280, 720), (1600, 900), (1024, 700), (1920, 1080), (1024, 600), (1152, 648)]


def close_popups(menus: bool = False) -> None:
    """Close dialogs, and with `menus` popup menus too, as a click elsewhere would (the
    offscreen platform sends test clicks past an open popup, so it never closes by itself)."""
    kinds = (QDialog, QMenu, QMessageBox) if menus else (QDialog, QMessageBox)
    for w in QApplication.topLevelWidgets():
        if w.isVisible() and isinstance(w, kinds):
            w.close()


def menu_leaves(menu: QMenu) -> list[QAction]:
    """The choosable entries of a menu, however deep in its submenus."""
    out: list[QAction] = []
    for a in menu.actions():
        sub = a.menu()
        if isinstance(sub, QMenu):
            out.extend(menu_leaves(sub))
        elif a.isEnabled() and not a.isSeparator():
            out.append(a)
    return out


def random_step(t: Any, r: random.Random) -> str:
    gs = t.screen
    vp = gs.view.viewport()
    popup = QApplication.activePopupWidget()
    if isinstance(popup, QMenu):  # a menu a button opened: mostly pick from it
        leaves = menu_leaves(popup)
        if leaves and r.random() < 0.7:
            r.choice(leaves).trigger()
            return "menu"
        close_popups(menus=True)  # or click elsewhere, which closes it
    roll = r.random()
    if roll < 0.45:  # an item on the table, anywhere on it
        items = [i for i in gs.scene.items_by_key.values() if i.isVisible()]
        if items:
            item = r.choice(items)
            rect = item.boundingRect()
            local = rect.topLeft() + (rect.bottomRight() - rect.topLeft()) * r.random()
            pos = gs.view.mapFromScene(item.mapToScene(local))
            button = Qt.MouseButton.RightButton if r.random() < 0.1 else \
                Qt.MouseButton.LeftButton
            QTest.mouseMove(vp, pos)
            QTest.mouseClick(vp, button, Qt.KeyboardModifier.NoModifier, pos)
            return "item"
    if roll < 0.55:  # anywhere in the view
        pos = QPoint(r.randrange(max(1, vp.width())), r.randrange(max(1, vp.height())))
        QTest.mouseClick(vp, Qt.MouseButton.LeftButton, Qt.KeyboardModifier.NoModifier, pos)
        return "view"
    if roll < 0.75:  # a button in the bar or the payment picker
        buttons = [b for b in gs.findChildren(type(gs.hint_button))
                   if b.isVisible() and b.isEnabled()]
        if buttons:
            t.qtbot.mouseClick(r.choice(buttons), Qt.MouseButton.LeftButton)
            return "button"
    if roll < 0.92:
        key = r.choice(KEYS)
        mods = Qt.KeyboardModifier.ControlModifier if key == Qt.Key.Key_Z else \
            Qt.KeyboardModifier.NoModifier
        QTest.keyClick(gs.view, key, mods)
        return "key"
    if roll < 0.97:  # take a move back, or put back what was taken
        if r.random() < 0.6:
            t.bus.undo_requested.emit()
            return "undo"
        t.bus.redo_requested.emit()
        return "redo"
    t.window.resize(*r.choice(SIZES))
    return "resize"


def click_around(t: Any, game: str, seats: list[Seat], seed: int, most: int,
                 options: dict[str, Any] | None = None) -> None:
    """Up to `most` random clicks, keys, menu picks, undos, redos and resizes on a new game (a
    shorter run is the start of a longer one), then the game must replay from its records to
    the same position. Give `t` hand-offs without a cover and casual undo, as a careless
    player sets."""
    errors: list[str] = []
    t.bus.error.connect(errors.append)
    t.controller.new_game(game, seats, seed=seed, options=options or {})
    r = random.Random(seed)
    kinds: dict[str, int] = {}
    steps = 0
    taken = 0  # the most actions on record at once (undo takes them back off)
    for _ in range(most):
        steps += 1
        t.qtbot.waitUntil(lambda: t.controller.is_over() or t.controller.my_turn()
                          or t.controller.awaiting_handoff is not None, timeout=20000)
        if t.controller.is_over():
            break
        kind = random_step(t, r)
        kinds[kind] = kinds.get(kind, 0) + 1
        QApplication.processEvents()
        close_popups()
        taken = max(taken, len(t.controller.session.records))
    assert not errors
    # the careless player really clicked around (a short game may end first: then the few
    # steps it had are too few to ask for proportions)
    assert steps >= 30 or t.controller.is_over()
    if steps >= 30:
        assert kinds.get("item", 0) >= steps // 4 and kinds.get("button", 0) >= steps // 40
    session = t.controller.session
    assert taken, "the random player never got an action through"
    # every recorded action replays to the same position
    again = Session.new(session.game, dict(session.options), session.seed, list(session.seats))
    for rec in session.records:
        again.apply(session.game.parse_action(rec.text))
    assert session.game.fingerprint(again.state) == session.game.fingerprint(session.state)
