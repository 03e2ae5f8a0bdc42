"""The start screen: the frostdesk title, one tile per game and the main menu.

Only playable games get working buttons; the others show their title and a blurb under a
"Coming soon" badge so players can see what is on the way.
"""

from __future__ import annotations

from typing import Any

from PySide6.QtCore import Qt, Signal
from PySide6.QtGui import QKeyEvent
from PySide6.QtWidgets import (
    QFrame, QHBoxLayout, QPushButton, QSizePolicy, QVBoxLayout, QWidget,
)

from frostdesk.games import CATALOGUE
from frostdesk.ui.screens import label, make_primary, readable_font

BLURBS: dict[str, str] = {
    "frost-shelter": "Trick-taking survival for 2–5 players: gather Fuel, Water, Food and "
                     "Tools, weather three Events and take the least damage.",
    "frontier-stations": "Cooperative dice and engine building.",
    "andor-eternal-frost": "Cooperative adventure.",
    "last-aurora": "Survival convoy with PvP.",
}


class GameTile(QFrame):
    """One game on the start screen: title, blurb and, when playable, its buttons."""

    def __init__(self, game_id: str, title: str, playable: bool,
                 parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.game_id = game_id
        self.setObjectName("gameTile")
        self.setProperty("gameId", game_id)
        self.setProperty("playable", playable)
        self.setFrameShape(QFrame.Shape.StyledPanel)
        self.setSizePolicy(QSizePolicy.Policy.Expanding, QSizePolicy.Policy.Expanding)
        self.buttons: list[QPushButton] = []

        box = QVBoxLayout(self)
        box.setContentsMargins(22, 18, 22, 18)
        box.setSpacing(8)
        self.title_label = label(title, "tileTitle", point_size=18, bold=True, wrap=True)
        box.addWidget(self.title_label)
        self.badge = label("Playable" if playable else "Coming soon", "badge", point_size=11,
                           bold=True)
        box.addWidget(self.badge)
        self.blurb = label(BLURBS.get(game_id, ""), "tileBlurb", point_size=13, wrap=True)
        self.blurb.setAlignment(Qt.AlignmentFlag.AlignLeft | Qt.AlignmentFlag.AlignTop)
        box.addWidget(self.blurb)
        box.addStretch(1)
        self.new_game = self.quick_solo = self.rules = None
        if playable:
            row = QHBoxLayout()
            row.setSpacing(10)
            self.new_game = self._button("New game", primary=True)
            self.quick_solo = self._button("Quick solo (you + 3 bots)")
            self.rules = self._button("Rules")
            for b in (self.new_game, self.quick_solo, self.rules):
                row.addWidget(b)
            row.addStretch(1)
            box.addLayout(row)
        else:
            # Visibly disabled: Qt greys every label, the stylesheet can dim the frame.
            self.setEnabled(False)
            self.setToolTip(f"{title} is coming soon.")

    def _button(self, text: str, primary: bool = False) -> QPushButton:
        b = QPushButton(text)
        b.setAutoDefault(True)  # Enter clicks the focused button, as Space does
        b.setMinimumHeight(40)
        if primary:
            make_primary(b)
        self.buttons.append(b)
        return b


class StartScreen(QWidget):
    """The first screen. It only emits requests; the main window acts on them."""

    new_game_requested = Signal(str)
    quick_solo_requested = Signal(str)
    continue_requested = Signal()
    load_requested = Signal()
    settings_requested = Signal()
    rules_requested = Signal(str)
    about_requested = Signal()
    quit_requested = Signal()

    def __init__(self, settings: Any, has_autosave: bool, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setObjectName("startScreen")
        readable_font(self)
        self._settings = settings

        outer = QVBoxLayout(self)
        outer.setContentsMargins(48, 32, 48, 32)
        outer.setSpacing(20)

        head = QVBoxLayout()
        head.setSpacing(2)
        self.title = label("frostdesk", "title", point_size=34, bold=True)
        head.addWidget(self.title)
        self.subtitle = label("Frost-themed tabletop games with every rule enforced. "
                              "Offline, with friends or bots.", "subtitle", point_size=14,
                              wrap=True)
        head.addWidget(self.subtitle)
        outer.addLayout(head)

        body = QHBoxLayout()
        body.setSpacing(36)
        outer.addLayout(body, 1)

        # The menu column on the left, read top to bottom before the tiles.
        menu = QVBoxLayout()
        menu.setSpacing(10)
        self.continue_button = self._menu_button("Continue", self.continue_requested)
        self.load_button = self._menu_button("Load…", self.load_requested)
        self.settings_button = self._menu_button("Settings", self.settings_requested)
        self.about_button = self._menu_button("About", self.about_requested)
        self.quit_button = self._menu_button("Quit", self.quit_requested)
        self.continue_hint = label("", "hint", point_size=11, wrap=True)
        menu.addWidget(self.continue_button)
        menu.addWidget(self.continue_hint)
        menu.addSpacing(6)
        for b in (self.load_button, self.settings_button, self.about_button):
            menu.addWidget(b)
        menu.addStretch(1)
        menu.addWidget(self.quit_button)
        menu_box = QWidget()
        menu_box.setObjectName("startMenu")
        menu_box.setLayout(menu)
        menu_box.setFixedWidth(240)
        menu.setContentsMargins(0, 0, 0, 0)
        body.addWidget(menu_box)

        # Playable games get wide feature tiles; the coming ones share a row beneath them.
        tiles_box = QVBoxLayout()
        tiles_box.setSpacing(18)
        coming_row = QHBoxLayout()
        coming_row.setSpacing(18)
        self.tiles: dict[str, GameTile] = {}
        for gid, (title, playable) in CATALOGUE.items():
            tile = GameTile(gid, title, playable)
            if playable:
                assert tile.new_game and tile.quick_solo and tile.rules
                tile.new_game.clicked.connect(lambda _=False, g=gid: self.new_game_requested.emit(g))
                tile.quick_solo.clicked.connect(
                    lambda _=False, g=gid: self.quick_solo_requested.emit(g))
                tile.rules.clicked.connect(lambda _=False, g=gid: self.rules_requested.emit(g))
                tiles_box.addWidget(tile, 3)
            else:
                coming_row.addWidget(tile, 1)
            self.tiles[gid] = tile
        if coming_row.count():
            tiles_box.addLayout(coming_row, 2)
        body.addLayout(tiles_box, 1)

        # Tab order: the menu top to bottom, then each tile's buttons left to right.
        chain: list[QWidget] = [self.continue_button, self.load_button, self.settings_button,
                                self.about_button, self.quit_button]
        for tile in self.tiles.values():
            chain.extend(tile.buttons)
        for a, b in zip(chain, chain[1:]):
            QWidget.setTabOrder(a, b)

        self.set_has_autosave(has_autosave)

    def _menu_button(self, text: str, signal: Any) -> QPushButton:
        b = QPushButton(text)
        b.setObjectName("menuButton")
        b.setAutoDefault(True)
        b.setMinimumHeight(44)
        b.clicked.connect(lambda _=False: signal.emit())
        return b

    def set_has_autosave(self, has_autosave: bool) -> None:
        """Enable Continue only when there is an autosaved game to go back to."""
        self.continue_button.setEnabled(has_autosave)
        make_primary(self.continue_button, has_autosave)
        self.continue_hint.setText("Pick up the game you left." if has_autosave
                                   else "No game in progress.")
        # Keyboard focus starts on the most likely choice.
        first_playable = next((t.new_game for t in self.tiles.values() if t.new_game), None)
        target = self.continue_button if has_autosave else first_playable
        self.setFocusProxy(target)
        if self.isVisible() and target is not None:
            target.setFocus()

    def keyPressEvent(self, event: QKeyEvent) -> None:  # noqa: N802 - Qt override
        # Up/Down walk the buttons like a game menu (Left/Right already do in QPushButton).
        if event.key() == Qt.Key.Key_Down:
            self.focusNextChild()
        elif event.key() == Qt.Key.Key_Up:
            self.focusPreviousChild()
        else:
            super().keyPressEvent(event)
