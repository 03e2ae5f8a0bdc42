"""The start screen: the frostdesk title, one tile per installed game and the main menu.

Each tile shows the game's emblem (from its UI plug-in), title, player count, blurb and facts
(from its description in the registry), the player's record and its buttons. Games sit side
by side; nothing here knows which games exist.
"""

from __future__ import annotations

from collections.abc import Sequence
from functools import partial
from itertools import pairwise
from typing import Any

from PySide6.QtCore import QEvent, QObject, Qt, QTimer, Signal
from PySide6.QtGui import QKeyEvent, QResizeEvent, QShowEvent
from PySide6.QtWidgets import (
    QBoxLayout,
    QFrame,
    QGridLayout,
    QHBoxLayout,
    QLabel,
    QPushButton,
    QScrollArea,
    QSizePolicy,
    QVBoxLayout,
    QWidget,
)

from frostdesk.autosaves import InProgress
from frostdesk.engine.registry import GameDescription, games
from frostdesk.ui.screens import label, make_primary, readable_font, text_style

# Translucent frost and a mid grey: the tiles sit well on the dark app sheet and on a plain
# light window alike.
SCREEN_STYLE = """
QFrame#gameTile { border: 1px solid rgba(143, 193, 234, 0.70); border-radius: 10px;
                  background-color: rgba(143, 193, 234, 0.10); }
QFrame#gameTile QLabel:disabled { color: #7b8794; }
QLabel#tileRecord { color: #7ee0c3; }
QLabel#continueHint { color: #a9b7c5; }
"""
MENU_WIDTH = 260
TITLE_PT = 20
TIGHT_TITLE_PT = 16


def _emblem(game_id: str) -> QWidget:
    """The game's emblem, or the kit's plain one when its UI cannot be loaded."""
    from frostdesk.ui.kit.emblem import Emblem
    from frostdesk.ui.plugins import PluginError, ui_plugin

    try:
        cls = ui_plugin(game_id).Emblem
    except PluginError:
        cls = Emblem
    widget: QWidget = cls()
    return widget


def _tile_height(tile: QWidget, width: int) -> int:
    box = tile.layout()
    return box.totalHeightForWidth(width) if box is not None else tile.height()


class GameTile(QFrame):
    """One game on the start screen: emblem, title, blurb, facts, record and its buttons."""

    new_game_requested = Signal(str)
    quick_solo_requested = Signal(str)
    rules_requested = Signal(str)

    def __init__(self, desc: GameDescription, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.game_id = desc.id
        self.setObjectName("gameTile")
        self.setProperty("gameId", desc.id)
        self.setFrameShape(QFrame.Shape.StyledPanel)
        # Ignored across: the columns share the width evenly whatever the buttons ask for
        # (the button row stacks when its tile is narrow).
        self.setSizePolicy(QSizePolicy.Policy.Ignored, QSizePolicy.Policy.Expanding)
        self.buttons: list[QPushButton] = []
        self._compact = 0

        box = QVBoxLayout(self)
        box.setContentsMargins(24, 20, 24, 20)
        box.setSpacing(8)
        self.new_game = self._button("New game", primary=True)
        bots = desc.quick_solo_bot_count()  # as quick_solo_config seats them
        who = desc.quick_solo_words or (f"you + {bots} bot{'s' * (bots != 1)}" if bots else "")
        self.quick_solo_text = f"Quick solo ({who})" if who else "Quick solo"
        self.quick_solo = self._button(self.quick_solo_text)
        self.rules = self._button("Rules")
        self.rules.setMinimumWidth(84)
        self.rules.setToolTip(f"The rules of {desc.title} and every card")
        self.quick_solo.setToolTip(desc.quick_solo_tip)
        # Bound methods, not lambdas: a lambda holding a widget can outlive it in PySide.
        self.new_game.clicked.connect(self._new_game)
        self.quick_solo.clicked.connect(self._quick_solo)
        self.rules.clicked.connect(self._rules)

        # The head: the game's emblem, its title and badge, and (top right) its Rules.
        head = QHBoxLayout()
        head.setSpacing(12)
        self.emblem = _emblem(desc.id)
        self.emblem.setMinimumSize(52, 52)
        self.emblem.setFixedSize(52, 52)
        head.addWidget(self.emblem, 0, Qt.AlignmentFlag.AlignTop)
        names = QVBoxLayout()
        names.setSpacing(2)
        self.title_label = label(desc.title, "tileTitle", point_size=TITLE_PT, bold=True,
                                 wrap=True)
        names.addWidget(self.title_label)
        self.badge = label(desc.players_text(), "badge", point_size=12, bold=True, wrap=True)
        names.addWidget(self.badge)
        head.addLayout(names, 1)
        head.addWidget(self.rules, 0, Qt.AlignmentFlag.AlignTop)
        box.addLayout(head)
        self.blurb = label(desc.blurb, "tileBlurb", point_size=14, wrap=True)
        self.blurb.setAlignment(Qt.AlignmentFlag.AlignLeft | Qt.AlignmentFlag.AlignTop)
        box.addSpacing(2)
        box.addWidget(self.blurb)
        self.fact_labels: list[Any] = []
        self._fact_widgets: list[QWidget] = []  # bullets and texts, hidden when compact
        self._facts_tip = "\n".join([desc.blurb, *(f"• {fact}" for fact in desc.facts)])
        if desc.facts:
            box.addSpacing(4)
            for fact in desc.facts:
                # A bullet beside its text, so a wrapped line hangs under the text.
                line = QHBoxLayout()
                line.setSpacing(8)
                bullet = label("•", "tileFacts", point_size=12)
                bullet.setAlignment(Qt.AlignmentFlag.AlignTop)
                text = label(fact, "tileFacts", point_size=12, wrap=True)
                line.addWidget(bullet, 0, Qt.AlignmentFlag.AlignTop)
                line.addWidget(text, 1)
                box.addLayout(line)
                self.fact_labels.append(text)
                self._fact_widgets += [bullet, text]
        box.addStretch(1)
        # The player's record in this game (filled by StartScreen.set_records).
        self.record = label("", "tileRecord", point_size=12, bold=True, wrap=True)
        self.record.setVisible(False)
        box.addWidget(self.record)
        # side by side when the tile is wide enough, else one above the other (three or more
        # games share the width of a small window)
        self.button_row = QBoxLayout(QBoxLayout.Direction.LeftToRight)
        self.button_row.setSpacing(12)
        self.button_row.addWidget(self.new_game)
        self.button_row.addWidget(self.quick_solo)
        self.button_row.addStretch(1)
        box.addSpacing(4)
        box.addLayout(self.button_row)

    def resizeEvent(self, event: QResizeEvent) -> None:  # noqa: N802
        super().resizeEvent(event)
        self._fit_buttons()
        QTimer.singleShot(0, self, self._hold_wrapped_lines)  # dropped if the tile goes

    def _hold_wrapped_lines(self) -> None:
        """A wrapped label beside other widgets can be given one line's height by the layout
        while it draws two: hold each label at the height its own width needs."""
        for lab in (self.title_label, self.badge):
            need = lab.heightForWidth(lab.width())
            if need > 0 and lab.minimumHeight() != need:
                lab.setMinimumHeight(need)

    def _fit_buttons(self, width: int | None = None) -> None:
        box = self.layout()
        m = box.contentsMargins() if box is not None else None
        room = (self.width() if width is None else width) \
            - (m.left() + m.right() if m is not None else 0)
        need = (self.new_game.sizeHint().width() + self.quick_solo.sizeHint().width()
                + self.button_row.spacing())
        direction = (QBoxLayout.Direction.LeftToRight if need <= room
                     else QBoxLayout.Direction.TopToBottom)
        if self.button_row.direction() != direction:
            self.button_row.setDirection(direction)

    @property
    def compact(self) -> int:
        """0: the whole tile; 1: without its facts; 2: without its blurb and facts; 3: also
        a smaller title and a plain "Quick solo" (who it seats is in the button's tooltip)."""
        return self._compact

    def compact_facts_hidden(self) -> bool:
        return bool(self.fact_labels) and self.fact_labels[0].isHidden()

    def set_compact(self, level: int, width: int | None = None) -> None:
        """Leave out the facts (1), or the blurb and the facts (2), for the tile's tooltip,
        and then (3) shrink the title and the Quick solo label: a small window with many
        games shows every tile whole instead of scrolling."""
        if (level >= 3) != (self._compact >= 3):
            text_style(self.title_label, TITLE_PT if level < 3 else TIGHT_TITLE_PT, bold=True)
            self.quick_solo.setText(self.quick_solo_text if level < 3 else "Quick solo")
        self._compact = level
        self._fit_buttons(width)  # at the width the tile is measured for
        for w in self._fact_widgets:
            w.setHidden(level >= 1)
        self.blurb.setHidden(level >= 2)
        self.setToolTip(self._facts_tip if level else "")
        box = self.layout()
        if box is not None:
            box.invalidate()  # its height-for-width answer is cached from what showed before
            box.activate()

    def set_record(self, text: str) -> None:
        self.record.setText(text)
        self.record.setVisible(bool(text))

    def _new_game(self) -> None:
        self.new_game_requested.emit(self.game_id)

    def _quick_solo(self) -> None:
        self.quick_solo_requested.emit(self.game_id)

    def _rules(self) -> None:
        self.rules_requested.emit(self.game_id)

    def _button(self, text: str, primary: bool = False) -> QPushButton:
        b = QPushButton(text)
        b.setAutoDefault(True)  # Enter clicks the focused button, as Space does
        b.setMinimumHeight(44)
        b.setMinimumWidth(120)
        if primary:
            make_primary(b)
        self.buttons.append(b)
        return b


class StartScreen(QWidget):
    """The first screen. It only emits requests; the main window acts on them."""

    new_game_requested = Signal(str)
    quick_solo_requested = Signal(str)
    continue_requested = Signal(str)  # the game id whose game in progress to resume
    load_requested = Signal()
    settings_requested = Signal()
    rules_requested = Signal(str)
    about_requested = Signal()
    quit_requested = Signal()

    def __init__(self, settings: Any, in_progress: Sequence[InProgress] = (),
                 parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setObjectName("startScreen")
        readable_font(self)
        self.setStyleSheet(SCREEN_STYLE)
        self._settings = settings

        outer = QVBoxLayout(self)
        outer.setContentsMargins(48, 32, 48, 32)
        outer.setSpacing(20)

        head = QVBoxLayout()
        head.setSpacing(2)
        self.title = label("frostdesk", "title")
        text_style(self.title, 34, bold=True)  # the one big word in the app
        head.addWidget(self.title)
        self.subtitle = label("Frost-themed tabletop games with every rule enforced. "
                              "Offline, with friends or bots.", "subtitle", point_size=14,
                              wrap=True)
        head.addWidget(self.subtitle)
        outer.addLayout(head)

        body = QHBoxLayout()
        body.setSpacing(36)
        outer.addLayout(body, 1)

        # The menu column on the left, read top to bottom before the tiles: a Continue for
        # each game in progress (the latest first), then the rest.
        menu = QVBoxLayout()
        menu.setSpacing(10)
        self.continue_box = QVBoxLayout()
        self.continue_box.setSpacing(4)
        self.continue_buttons: dict[str, QPushButton] = {}
        self.continue_hints: dict[str, QLabel] = {}
        # Shown when no game is in progress: a Continue that cannot be pressed, and why.
        self.idle_button = self._menu_button("Continue", None)
        self.idle_button.setEnabled(False)
        self.idle_hint = label("No game in progress.", "hint", point_size=11, wrap=True)
        self.continue_box.addWidget(self.idle_button)
        self.continue_box.addWidget(self.idle_hint)
        self.entries_box = QVBoxLayout()
        self.entries_box.setSpacing(4)
        self.continue_box.addLayout(self.entries_box)
        # The main Continue (the latest game in progress, else the idle one) and its line.
        self.continue_button: QPushButton = self.idle_button
        self.continue_hint: QLabel = self.idle_hint
        self.load_button = self._menu_button("Load…", self.load_requested)
        self.settings_button = self._menu_button("Settings", self.settings_requested)
        self.about_button = self._menu_button("About", self.about_requested)
        self.quit_button = self._menu_button("Quit", self.quit_requested)
        menu.addLayout(self.continue_box)
        menu.addSpacing(6)
        for b in (self.load_button, self.settings_button, self.about_button):
            menu.addWidget(b)
        menu.addStretch(1)
        menu.addWidget(self.quit_button)
        menu_box = QWidget()
        menu_box.setObjectName("startMenu")
        menu_box.setLayout(menu)
        menu_box.setFixedWidth(MENU_WIDTH)
        menu.setContentsMargins(0, 0, 0, 0)
        body.addWidget(menu_box)

        # The games' tiles in the registry's order: side by side, two to a row from three
        # games on, so a tile keeps room for its words and buttons in a small window.
        tiles_grid = QGridLayout()
        tiles_grid.setSpacing(18)
        self.tiles: dict[str, GameTile] = {}
        self.tiles_scroll: QScrollArea | None = None
        self._tiles_grid = tiles_grid
        found = games()
        across = len(found) if len(found) <= 2 else 2
        for k, desc in enumerate(found):
            tile = GameTile(desc)
            tile.new_game_requested.connect(self.new_game_requested)
            tile.quick_solo_requested.connect(self.quick_solo_requested)
            tile.rules_requested.connect(self.rules_requested)
            tiles_grid.addWidget(tile, k // across, k % across)
            self.tiles[desc.id] = tile
        for col in range(across):
            tiles_grid.setColumnStretch(col, 1)
        if len(found) <= 2:
            body.addLayout(tiles_grid, 1)
        else:  # more rows than a small window holds: the tiles scroll, never squeeze
            holder = QWidget()
            holder.setObjectName("tilesHolder")
            holder.setLayout(tiles_grid)
            tiles_grid.setContentsMargins(0, 0, 6, 0)
            scroll = QScrollArea()
            scroll.setObjectName("tilesScroll")
            scroll.setWidgetResizable(True)
            scroll.setFrameShape(QFrame.Shape.NoFrame)
            scroll.setHorizontalScrollBarPolicy(Qt.ScrollBarPolicy.ScrollBarAlwaysOff)
            scroll.setWidget(holder)
            self.tiles_scroll = scroll
            scroll.viewport().installEventFilter(self)  # its size decides what tiles show
            scroll.viewport().setAutoFillBackground(False)
            holder.setAutoFillBackground(False)
            body.addWidget(scroll, 1)

        self.set_in_progress(in_progress)
        self.set_records()

    def eventFilter(self, watched: QObject, event: QEvent) -> bool:  # noqa: N802
        if event.type() == QEvent.Type.Resize and self.tiles_scroll is not None \
                and watched is self.tiles_scroll.viewport():
            self._fit_tiles()
        return super().eventFilter(watched, event)

    def _fit_tiles(self) -> None:
        """With more tiles than fit the window's height, a tile leaves out its facts, then
        its blurb (both stay in its tooltip): each tile as full as its row's share allows."""
        scroll = self.tiles_scroll
        holder = scroll.widget() if scroll is not None else None
        if scroll is None or holder is None or not self.tiles:
            return
        room = scroll.viewport().height()
        grid = self._tiles_grid
        margins = grid.contentsMargins()
        width = (scroll.viewport().width() - margins.left() - margins.right()
                 - grid.spacing()) // 2
        tiles = list(self.tiles.values())
        rows = (len(tiles) + 1) // 2
        # the rows share the height evenly; each tile shows all it can in its row's share
        share = (room - grid.spacing() * (rows - 1)) // rows
        for tile in tiles:
            for level in (0, 1, 2, 3):
                tile.set_compact(level, width)
                if _tile_height(tile, width) <= share:
                    break

    def set_in_progress(self, entries: Sequence[InProgress]) -> None:
        """One Continue per game in progress, named with what it resumes, the latest first
        and the screen's main action; a disabled Continue when there is none."""
        while self.entries_box.count():
            item = self.entries_box.takeAt(0)
            widget = item.widget() if item is not None else None
            if widget is not None:
                widget.hide()
                widget.deleteLater()
        self.continue_buttons = {}
        self.continue_hints = {}
        first: QPushButton | None = None
        for entry in entries:
            button = self._menu_button(f"Continue {entry.title}", None)
            button.setProperty("gameId", entry.game_id)
            button.setToolTip(f"Pick up {entry.text}")
            button.setAccessibleName(f"Continue {entry.text}")
            button.clicked.connect(partial(self.continue_requested.emit, entry.game_id))
            hint = label(entry.details, "continueHint", point_size=11, wrap=True)
            self.entries_box.addWidget(button)
            self.entries_box.addWidget(hint)
            self.entries_box.addSpacing(6)
            make_primary(button, first is None)
            self.continue_buttons[entry.game_id] = button
            self.continue_hints[entry.game_id] = hint
            first = first or button
        self.idle_button.setVisible(first is None)
        self.idle_hint.setVisible(first is None)
        if first is None:
            self.continue_button, self.continue_hint = self.idle_button, self.idle_hint
        else:
            self.continue_button = first
            self.continue_hint = self.continue_hints[entries[0].game_id]
        has_one = first is not None
        # One primary action at a time: the latest game in progress, else New game.
        for tile in self.tiles.values():
            make_primary(tile.new_game, not has_one)
        # Tab order: the menu top to bottom, then each tile's buttons left to right.
        chain: list[QWidget] = [*(self.continue_buttons.values() or [self.continue_button]),
                                self.load_button, self.settings_button, self.about_button,
                                self.quit_button]
        for tile in self.tiles.values():
            chain.extend(tile.buttons)
        for a, b in pairwise(chain):
            QWidget.setTabOrder(a, b)
        # Keyboard focus starts on the most likely choice.
        first_game = next((t.new_game for t in self.tiles.values()), None)
        target = first if first is not None else first_game
        if target is None:
            target = self.load_button
        self.setFocusProxy(target)
        if self.isVisible():
            target.setFocus()

    def set_records(self, results: list[Any] | None = None) -> None:
        """Show the player's record on each game's tile (read from disk if None)."""
        from frostdesk import records
        from frostdesk.ui.screens.record import record_line

        results = records.load() if results is None else results
        for gid, tile in self.tiles.items():
            tile.set_record(record_line(gid, results))

    def _menu_button(self, text: str, signal: Any) -> QPushButton:
        b = QPushButton(text)
        b.setObjectName("menuButton")
        b.setAutoDefault(True)
        b.setMinimumHeight(44)
        if signal is not None:
            b.clicked.connect(signal)  # signal to signal: the click's bool is dropped
        return b

    def showEvent(self, event: QShowEvent) -> None:
        super().showEvent(event)
        target = self.focusProxy()
        if target is not None:
            target.setFocus()

    def keyPressEvent(self, event: QKeyEvent) -> None:
        # Up/Down walk the buttons like a game menu (Left/Right already do in QPushButton).
        if event.key() == Qt.Key.Key_Down:
            self.focusNextChild()
        elif event.key() == Qt.Key.Key_Up:
            self.focusPreviousChild()
        else:
            super().keyPressEvent(event)
