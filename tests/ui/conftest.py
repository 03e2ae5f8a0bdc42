"""Fixtures for the table tests: a real main window, controller and bus, animations off.

`Table` drives a game the way a player does: it finds items on the table and clicks them
in the view's viewport, and presses the action-bar buttons.
"""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

import pytest
from PySide6.QtCore import QPoint, QPointF, Qt
from PySide6.QtTest import QTest


class Table:
    """A player's hands on the table: waits, finds items, clicks."""

    def __init__(self, qtbot: Any, bus: Any, controller: Any, window: Any) -> None:
        self.qtbot = qtbot
        self.bus = bus
        self.controller = controller
        self.window = window

    @property
    def screen(self) -> Any:
        return self.window.game_screen

    @property
    def state(self) -> Any:
        return self.controller.session.state

    def wait_turn(self, timeout: int = 20000) -> None:
        """Until a human must act (or confirm a hand-off) or the game is over."""
        c = self.controller
        self.qtbot.waitUntil(lambda: c.is_over() or c.awaiting_handoff is not None
                             or (c.my_turn() and self.screen.choices is not None),
                             timeout=timeout)

    def point(self, key: Any) -> QPoint:
        """A viewport point where `key` is the topmost item (cards overlap in fans)."""
        gs = self.screen
        item = gs.scene.items_by_key[key]
        r = item.card_rect() if hasattr(item, "card_rect") else item.boundingRect()
        for fx, fy in ((0.5, 0.5), (0.2, 0.3), (0.12, 0.5), (0.2, 0.8), (0.8, 0.5), (0.1, 0.1)):
            local = QPointF(r.left() + r.width() * fx, r.top() + r.height() * fy)
            vp = gs.view.mapFromScene(item.mapToScene(local))
            top = gs.view.itemAt(vp)
            if top is item:
                return vp
        raise AssertionError(f"{key} is covered everywhere on the table")

    def click(self, key: Any, button: Qt.MouseButton = Qt.MouseButton.LeftButton) -> None:
        vp = self.screen.view.viewport()
        pos = self.point(key)
        QTest.mouseMove(vp, pos)
        QTest.mouseClick(vp, button, Qt.KeyboardModifier.NoModifier, pos)

    def drag(self, start: QPoint, end: QPoint, during: Any = None) -> None:
        """Press at `start`, move to `end` in steps, call `during()` there, let go."""
        vp = self.screen.view.viewport()
        QTest.mouseMove(vp, start)
        QTest.mousePress(vp, Qt.MouseButton.LeftButton, Qt.KeyboardModifier.NoModifier, start)
        for i in range(1, 6):
            QTest.mouseMove(vp, start + (end - start) * i / 5)
        if during is not None:
            during()
        QTest.mouseRelease(vp, Qt.MouseButton.LeftButton, Qt.KeyboardModifier.NoModifier, end)

    def button_for(self, action: Any) -> Any:
        gs = self.screen
        for b, a in zip(gs.action_buttons, gs.button_actions, strict=True):
            if a == action:
                return b
        return None

    def press(self, action: Any) -> None:
        b = self.button_for(action)
        assert b is not None, (action, [x.text() for x in self.screen.action_buttons])
        assert b.isEnabled()
        self.qtbot.mouseClick(b, Qt.MouseButton.LeftButton)

    def face_up_cards(self) -> set[int]:
        """Resource cards shown face up anywhere on the table."""
        out = set()
        for key, item in self.screen.scene.items_by_key.items():
            if key[0] == "card" and item.isVisible() and item.face_up():
                out.add(key[1])
        return out


@pytest.fixture
def make_table(qtbot: Any) -> Iterator[Any]:
    """make_table(**settings) -> Table with a shown 1280x720 main window."""
    made: list[Any] = []

    def make(**overrides: Any) -> Table:
        from frostdesk.app import _build
        from frostdesk.settings import Settings

        values = {"animation_speed": "off", "bot_pause_ms": 0}
        values.update(overrides)
        settings = Settings(**values)
        bus, controller, window = _build(settings, remember=False)
        qtbot.addWidget(window)
        window.resize(1280, 720)
        window.show()
        qtbot.waitExposed(window)
        made.append(controller)
        return Table(qtbot, bus, controller, window)

    yield make
    for controller in made:
        controller.shutdown()


@pytest.fixture
def themed(qapp: Any) -> Any:
    """The app's own fonts, palette and sheet, as the player sees them; put back after."""
    from frostdesk.ui import theme
    from qt_look import put_back, saved_look

    saved = saved_look(qapp)
    theme.apply_theme(qapp)
    yield qapp
    put_back(qapp, saved)
