"""The start screen: the frostdesk title, one tile per game and the main menu.

Only playable games get working buttons; the others show their title and a blurb under a
"Coming soon" badge so players can see what is on the way. Playable games share the top row
side by side (each with its emblem, blurb, a few facts and its buttons); the coming ones sit
in a smaller row beneath.
"""

from __future__ import annotations

from itertools import pairwise
from typing import Any

from PySide6.QtCore import QPointF, QRectF, QSize, Qt, Signal
from PySide6.QtGui import QColor, QKeyEvent, QPainter, QPaintEvent, QPen, QShowEvent
from PySide6.QtWidgets import (
    QFrame,
    QHBoxLayout,
    QPushButton,
    QSizePolicy,
    QVBoxLayout,
    QWidget,
)

from frostdesk.games import CATALOGUE
from frostdesk.ui.screens import label, make_primary, readable_font, text_style

FROST = "#8fc1ea"  # the frost highlight of resources/README.md; reads on light and dark
# Translucent frost and a mid grey: the tiles sit well on the dark app sheet and on a plain
# light window alike.
SCREEN_STYLE = """
QFrame#gameTile { border: 1px solid rgba(143, 193, 234, 0.30); border-radius: 10px;
                  background-color: rgba(143, 193, 234, 0.05); }
QFrame#gameTile[playable="true"] { border: 1px solid rgba(143, 193, 234, 0.70);
                                   background-color: rgba(143, 193, 234, 0.10); }
QFrame#gameTile QLabel:disabled { color: #7b8794; }
QLabel#tileRecord { color: #7ee0c3; }
"""

BLURBS: dict[str, str] = {
    "frost-shelter": "Trick-taking survival: gather Fuel, Water, Food and Tools, weather "
                     "three Events and come through with the least damage.",
    "frontier-stations": "Cooperative dice and engine building: roll, grow your station's "
                         "systems and hold off the threats massing between neighbours.",
    "andor-eternal-frost": "Cooperative adventure.",
    "last-aurora": "Survival convoy with PvP.",
}

# A few lines on what the app adds to a playable game, under its blurb.
FACTS: dict[str, tuple[str, ...]] = {
    "frost-shelter": ("Every rule enforced; the rulebook's open points settled in the Rules.",
                      "Bots at Easy, Normal and Hard, or friends at the same screen.",
                      "Undo that never peeks at hidden cards; autosave after every move."),
    "frontier-stations": ("One team of 1–6 stations: everyone wins or loses together.",
                          ("Three difficulties: Heavy, standard or Light Nexus, plus price "
                           "and beacon tweaks."),
                          "Bot crews fill any station; one person may run several."),
}


def _players_text(game_id: str) -> str:
    """'2–5 players' from the game's rules, or '' when the game cannot be loaded here."""
    from frostdesk.games import PLAYER_COUNTS

    if game_id not in PLAYER_COUNTS:
        return ""
    low, high = PLAYER_COUNTS[game_id]
    if game_id == "frontier-stations":
        return f"{low}–{high} stations · cooperative"
    return f"{low}–{high} players"


class Snowflake(QWidget):
    """A simple geometric six-armed emblem in frost blue."""

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setObjectName("emblem")
        self.setMinimumSize(120, 120)
        self.setSizePolicy(QSizePolicy.Policy.Preferred, QSizePolicy.Policy.Expanding)

    def sizeHint(self) -> QSize:
        return QSize(200, 200)

    def _painter(self) -> tuple[QPainter, QColor, float]:
        """A painter centred on the widget with the emblem's pen, its colour and radius."""
        p = QPainter(self)
        p.setRenderHint(QPainter.RenderHint.Antialiasing)
        colour = QColor(FROST)
        colour.setAlpha(190)
        r = (min(self.width(), self.height()) - 16) / 2
        p.translate(self.width() / 2, self.height() / 2)
        p.setPen(QPen(colour, max(3.0, r / 14), Qt.PenStyle.SolidLine, Qt.PenCapStyle.RoundCap))
        return p, colour, r

    def paintEvent(self, event: QPaintEvent) -> None:
        p, colour, r = self._painter()
        for _ in range(6):
            p.drawLine(QPointF(0, 0), QPointF(0, -r))
            for t, arm in ((0.45, 0.28), (0.72, 0.2)):
                base = QPointF(0, -r * t)
                p.drawLine(base, QPointF(-r * arm, -r * (t + arm * 0.8)))
                p.drawLine(base, QPointF(r * arm, -r * (t + arm * 0.8)))
            p.rotate(60)
        p.setBrush(colour)
        p.drawEllipse(QPointF(0, 0), r / 10, r / 10)
        p.end()


class StationEmblem(Snowflake):
    """Frontier Stations' emblem: a ring of six stations around a hub, on the same grid."""

    def paintEvent(self, event: QPaintEvent) -> None:
        p, colour, r = self._painter()
        p.setBrush(Qt.BrushStyle.NoBrush)
        p.drawEllipse(QPointF(0, 0), r * 0.62, r * 0.62)  # the ring the stations share
        for _ in range(6):
            p.drawLine(QPointF(0, -r * 0.2), QPointF(0, -r * 0.62))  # spokes to the hub
            p.save()
            p.translate(0, -r * 0.78)
            p.drawRect(QRectF(-r * 0.13, -r * 0.13, r * 0.26, r * 0.26))  # a station
            p.restore()
            p.rotate(60)
        p.setBrush(colour)
        p.drawEllipse(QPointF(0, 0), r * 0.2, r * 0.2)
        p.end()


EMBLEMS: dict[str, type[Snowflake]] = {"frost-shelter": Snowflake,
                                       "frontier-stations": StationEmblem}


class GameTile(QFrame):
    """One game on the start screen: title, blurb and, when playable, its buttons."""

    new_game_requested = Signal(str)
    quick_solo_requested = Signal(str)
    rules_requested = Signal(str)

    def __init__(self, game_id: str, title: str, playable: bool,
                 parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.game_id = game_id
        self.setObjectName("gameTile")
        self.setProperty("gameId", game_id)
        self.setProperty("playable", playable)
        self.setFrameShape(QFrame.Shape.StyledPanel)
        self.setSizePolicy(QSizePolicy.Policy.Expanding, QSizePolicy.Policy.Expanding
                           if playable else QSizePolicy.Policy.Maximum)
        self.buttons: list[QPushButton] = []

        box = QVBoxLayout(self)
        # Coming games get a compact tile, so the playable ones have the room.
        box.setContentsMargins(24, 20 if playable else 12, 24, 20 if playable else 12)
        box.setSpacing(8 if playable else 4)
        self.new_game = self.quick_solo = self.rules = None
        if playable:
            self.new_game = self._button("New game", primary=True)
            self.quick_solo = self._button("Quick solo (you + 3 bots)")
            self.rules = self._button("Rules")
            self.rules.setMinimumWidth(84)
            self.rules.setToolTip(f"The rules of {title} and every card")
            self.quick_solo.setToolTip(
                "You run station 1 beside three bot crews, at standard difficulty."
                if game_id == "frontier-stations" else "You against three Normal bots.")
            # Bound methods, not lambdas: a lambda holding a widget can outlive it in PySide.
            self.new_game.clicked.connect(self._new_game)
            self.quick_solo.clicked.connect(self._quick_solo)
            self.rules.clicked.connect(self._rules)

        # The head: the game's emblem, its title and badge, and (top right) its Rules.
        head = QHBoxLayout()
        head.setSpacing(12)
        self.emblem: QWidget | None = None
        if playable:
            self.emblem = EMBLEMS.get(game_id, Snowflake)()
            self.emblem.setMinimumSize(52, 52)
            self.emblem.setFixedSize(52, 52)
            head.addWidget(self.emblem, 0, Qt.AlignmentFlag.AlignTop)
        names = QVBoxLayout()
        names.setSpacing(2)
        self.title_label = label(title, "tileTitle", point_size=20 if playable else 15,
                                 bold=True, wrap=playable)
        names.addWidget(self.title_label)
        self.badge = label(_players_text(game_id) if playable else "Coming soon", "badge",
                           point_size=12, bold=True)
        self.blurb = label(BLURBS.get(game_id, ""), "tileBlurb",
                           point_size=14 if playable else 12, wrap=True)
        self.blurb.setAlignment(Qt.AlignmentFlag.AlignLeft | Qt.AlignmentFlag.AlignTop)
        if playable:
            names.addWidget(self.badge)
        else:  # "Coming soon" and the blurb share one line
            line = QHBoxLayout()
            line.setSpacing(10)
            line.addWidget(self.badge)
            line.addWidget(self.blurb, 1)
            names.addLayout(line)
        head.addLayout(names, 1)
        if self.rules is not None:
            head.addWidget(self.rules, 0, Qt.AlignmentFlag.AlignTop)
        box.addLayout(head)
        if playable:
            box.addSpacing(2)
            box.addWidget(self.blurb)
        facts = FACTS.get(game_id, ()) if playable else ()
        self.fact_labels: list[Any] = []
        if facts:
            box.addSpacing(4)
            for fact in facts:
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
        box.addStretch(1)
        # The player's record in this game (filled by StartScreen.set_records).
        self.record = label("", "tileRecord", point_size=12, bold=True, wrap=True)
        self.record.setVisible(False)
        box.addWidget(self.record)
        if playable:
            assert self.new_game is not None and self.quick_solo is not None
            row = QHBoxLayout()
            row.setSpacing(12)
            row.addWidget(self.new_game)
            row.addWidget(self.quick_solo)
            row.addStretch(1)
            box.addSpacing(4)
            box.addLayout(row)
        else:
            # Visibly disabled (greyed through SCREEN_STYLE), yet still readable.
            self.setEnabled(False)
            self.setToolTip(f"{title} is coming soon.")

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

        # Playable games get feature tiles side by side; the coming ones share a row beneath.
        tiles_box = QVBoxLayout()
        tiles_box.setSpacing(18)
        playable_row = QHBoxLayout()
        playable_row.setSpacing(18)
        coming_row = QHBoxLayout()
        coming_row.setSpacing(18)
        self.tiles: dict[str, GameTile] = {}
        for gid, (title, playable) in CATALOGUE.items():
            tile = GameTile(gid, title, playable)
            tile.new_game_requested.connect(self.new_game_requested)
            tile.quick_solo_requested.connect(self.quick_solo_requested)
            tile.rules_requested.connect(self.rules_requested)
            if playable:
                playable_row.addWidget(tile, 1)
            else:
                coming_row.addWidget(tile, 1)
            self.tiles[gid] = tile
        tiles_box.addLayout(playable_row, 1)
        if coming_row.count():
            tiles_box.addLayout(coming_row, 0)
        body.addLayout(tiles_box, 1)

        # Tab order: the menu top to bottom, then each tile's buttons left to right.
        chain: list[QWidget] = [self.continue_button, self.load_button, self.settings_button,
                                self.about_button, self.quit_button]
        for tile in self.tiles.values():
            chain.extend(tile.buttons)
        for a, b in pairwise(chain):
            QWidget.setTabOrder(a, b)

        self.set_has_autosave(has_autosave)
        self.set_records()

    def set_records(self, results: list[Any] | None = None) -> None:
        """Show the player's record on each playable game's tile (read from disk if None)."""
        from frostdesk import records
        from frostdesk.ui.screens.record import record_line

        results = records.load() if results is None else results
        for gid, tile in self.tiles.items():
            if tile.new_game is not None:
                tile.set_record(record_line(gid, results))

    def _menu_button(self, text: str, signal: Any) -> QPushButton:
        b = QPushButton(text)
        b.setObjectName("menuButton")
        b.setAutoDefault(True)
        b.setMinimumHeight(44)
        b.clicked.connect(signal)  # signal to signal: the click's bool is dropped
        return b

    def set_has_autosave(self, has_autosave: bool) -> None:
        """Enable Continue only when there is an autosaved game to go back to."""
        self.continue_button.setEnabled(has_autosave)
        # One primary action at a time: Continue when there is a game to go back to.
        make_primary(self.continue_button, has_autosave)
        for tile in self.tiles.values():
            if tile.new_game is not None:
                make_primary(tile.new_game, not has_autosave)
        self.continue_hint.setText("Pick up the game you left." if has_autosave
                                   else "No game in progress.")
        # Keyboard focus starts on the most likely choice.
        first_playable = next((t.new_game for t in self.tiles.values() if t.new_game), None)
        target = self.continue_button if has_autosave else first_playable
        self.setFocusProxy(target)
        if self.isVisible() and target is not None:
            target.setFocus()

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
