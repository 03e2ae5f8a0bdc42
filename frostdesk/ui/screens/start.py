"""The start screen: the frostdesk title, one tile per installed game and the main menu.

Each tile shows the game's emblem (drawn by its UI plug-in, kept as an image: see
`emblem_image`), title, player count, blurb and facts (from its description in the registry),
the player's record and its buttons. Games sit side by side; nothing here knows which games
exist.

This is the first screen, so it is built for a quick start (docs/performance.md, "The
window"): every widget is made in its final parent (moving a built tree under a style sheet
polishes all of it again), the looks come from the application's style sheet by object name
(resources/frostdesk.qss, "start screen") rather than from a sheet per widget, and nothing
here touches the `Qt` namespace or `QStyle` before the first screen is shown: the first use
of either makes PySide6 create all its enum types (about 20% of a bare window's start each).
Alignments are set as properties by name, and the `Qt` names are imported where a key press
needs them.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from functools import partial
from itertools import pairwise
from typing import Any

from PySide6.QtCore import QTimer, Signal
from PySide6.QtGui import QFont, QFontMetrics, QKeyEvent, QPalette, QResizeEvent, QShowEvent
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
from frostdesk.ui.screens import make_primary, readable_font, text_style
from frostdesk.ui.screens.start_emblems import EmblemImage

MENU_WIDTH = 260
TITLE_PT = 20
TIGHT_TITLE_PT = 16  # resources/frostdesk.qss: QLabel#tileTitle[tight="true"]
EMBLEM_PX = 52


def _fit_continue(button: QPushButton, title: str) -> None:
    """"Continue <title>" on one line where it fits the menu's width, else "Continue" above
    the title, or above the title's part before its colon where the whole is too long (last
    words cut with "…" if even that is; the tooltip names the whole game). Measured in bold,
    the primary button's face."""
    font = QFont(button.font())
    font.setBold(True)
    metrics = QFontMetrics(font)
    room = MENU_WIDTH - 2 * 16 - 2 * 2  # the sheet's padding and a focused border
    if metrics.horizontalAdvance(f"Continue {title}") <= room:
        return
    line = title
    if metrics.horizontalAdvance(line) > room and ":" in title:
        line = title.split(":")[0]  # the game's own name, before its subtitle
    words = line.split(" ")
    while metrics.horizontalAdvance(line) > room and len(words) > 1:
        words.pop()
        line = " ".join(words).rstrip(":,;") + "…"
    button.setText(f"Continue\n{line}")
    button.setMinimumHeight(2 * metrics.lineSpacing() + 2 * 8 + 4)


def _label(text: str, name: str, parent: QWidget, point_size: float | None = None,
           bold: bool = False, wrap: bool = False) -> QLabel:
    """A QLabel in `parent`, sized by the app sheet's rule for its object name (its QFont
    says the same for a window without the sheet)."""
    lab = QLabel(text, parent)
    lab.setObjectName(name)
    if point_size is not None or bold:
        text_style(lab, point_size, bold, override=False)
    lab.setWordWrap(wrap)
    return lab


def _push_button(text: str, parent: QWidget) -> QPushButton:
    """A push button with its text set after it is made: `QPushButton(text, parent)` makes
    PySide weigh the (icon, text, parent) form and so build QIcon's Python enums (over 150
    members, about 7 M instructions at start-up) that nothing on this screen uses."""
    button = QPushButton(parent)
    button.setText(text)
    return button


def _restyle(widget: QWidget) -> None:
    """Apply the app sheet again to a shown widget whose properties changed. A (comment-only)
    sheet of its own set or cleared makes Qt re-polish it, as style().unpolish/polish would,
    without the Python QStyle wrapper and its enum types."""
    widget.setStyleSheet("" if widget.styleSheet() else "/* restyled */")


def _top(layout: QBoxLayout, widget: QWidget) -> None:
    """Add `widget` to a row, held at the top of it (as Qt.AlignTop would)."""
    column = QVBoxLayout()
    column.setSpacing(0)
    column.addWidget(widget)
    column.addStretch(1)
    layout.addLayout(column)


class _TilesScroll(QScrollArea):
    """The tiles' scroll area, which has them fit again whenever its viewport is resized
    (the viewport's resizes come here too). An override, not an event filter on the
    viewport: a filter is handed every event, each of which PySide6 wraps in its class."""

    def __init__(self, resized: Callable[[], None], parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self._resized = resized

    def resizeEvent(self, event: QResizeEvent) -> None:  # noqa: N802
        super().resizeEvent(event)
        self._resized()


def short_blurb(blurb: str) -> str:
    """A blurb's first words for a tile with room for a line: what comes before its colon
    ("Trick-taking survival: gather ..." -> "Trick-taking survival."), or its first
    sentence; "" when that would be the whole blurb anyway."""
    head, colon, _ = blurb.partition(": ")
    if not colon:
        head, dot, rest = blurb.partition(". ")
        if not dot or not rest:
            return ""
    head = head.strip().rstrip(".")
    return f"{head}." if head else ""


def short_record(record: str) -> str:
    """A record line without its details: "Your record: 5 wins in 12 games against bots
    (Hard 2 of 6, Normal 3 of 6)" -> "Your record: 5 wins in 12 games"."""
    parts = [part.split(" (", 1)[0].removesuffix(" against bots")
             for part in record.split(" · ")]
    return " · ".join(parts)


ROW_GAP = 18  # between the rows of tiles
TIGHT_ROW_GAP = 8  # when that is what saves a scroll bar


def _tile_height(tile: QWidget, width: int) -> int:
    box = tile.layout()
    return box.totalHeightForWidth(width) if box is not None else tile.height()


class GameTile(QFrame):
    """One game on the start screen: emblem, title, blurb, facts, record and its buttons."""

    new_game_requested = Signal(str)
    quick_solo_requested = Signal(str)
    rules_requested = Signal(str)

    def __init__(self, desc: GameDescription, parent: QWidget | None = None,
                 facts_now: bool = True) -> None:
        """`facts_now` False: the facts are made when first shown (or asked for), as a
        small window leaves them out."""
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
        self._held_for: tuple[int, bool] | None = None  # what the title's lines were held for

        box = QVBoxLayout(self)
        box.setContentsMargins(24, 20, 24, 20)
        box.setSpacing(8)
        self.new_game = self._button("New game", primary=True)
        bots = desc.quick_solo_bot_count()  # as quick_solo_config seats them
        who = desc.quick_solo_words or (f"you + {bots} bot{'s' * (bots != 1)}" if bots else "")
        self.quick_solo_text = f"Quick solo ({who})" if who else "Quick solo"
        self.quick_solo = self._button(self.quick_solo_text)
        self.rules = self._button("Rules")
        self.rules.setMinimumWidth(64)
        self.rules.setToolTip(f"The rules of {desc.title} and every card")
        self.quick_solo.setToolTip(desc.quick_solo_tip)
        # Bound methods, not lambdas: a lambda holding a widget can outlive it in PySide.
        self.new_game.clicked.connect(self._new_game)
        self.quick_solo.clicked.connect(self._quick_solo)
        self.rules.clicked.connect(self._rules)

        # The head: the game's emblem, its title and badge, and (top right) its Rules.
        head = self._head = QHBoxLayout()
        head.setSpacing(12)
        box.addLayout(head)
        self.emblem = EmblemImage(desc, EMBLEM_PX, self)
        _top(head, self.emblem)
        names = QVBoxLayout()
        names.setSpacing(2)
        self.title_label = _label(desc.title, "tileTitle", self, TITLE_PT, bold=True,
                                  wrap=True)
        names.addWidget(self.title_label)
        # (a no-break space after each dot: a narrow tile starts a line with "· cooperative"
        # rather than leave the dot alone on one)
        self.badge = _label(desc.players_text().replace(" · ", " ·\u00a0"), "badge", self, 12,
                            bold=True, wrap=True)
        names.addWidget(self.badge)
        head.addLayout(names, 1)
        _top(head, self.rules)
        self._blurb_text = desc.blurb
        self._short_blurb = short_blurb(desc.blurb)
        self.blurb = _label(desc.blurb, "tileBlurb", self, 14, wrap=True)
        self.blurb.setProperty("alignment", "AlignLeft|AlignTop")
        box.addSpacing(2)
        box.addWidget(self.blurb)
        self._facts = desc.facts
        self._fact_labels: list[QLabel] = []
        self._fact_widgets: list[QWidget] = []  # bullets and texts, hidden when compact
        if desc.facts:
            box.addSpacing(4)
        self._facts_at = box.count()  # where the facts go in the tile, once made
        self._facts_tip = "\n".join([desc.blurb, *(f"• {fact}" for fact in desc.facts)])
        if facts_now:
            self._make_facts()
        box.addStretch(1)
        # The player's record in this game (filled by StartScreen.set_records).
        self.record = _label("", "tileRecord", self, 12, bold=True, wrap=True)
        self.record.setVisible(False)
        self._record_text = ""
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

    @property
    def fact_labels(self) -> list[QLabel]:
        """The texts of the game's facts (made now if they were not yet)."""
        self._make_facts()
        return self._fact_labels

    def _make_facts(self) -> None:
        if self._fact_widgets or not self._facts:
            return
        box = self.layout()
        if not isinstance(box, QVBoxLayout):
            return
        hidden = self._compact >= 1
        at = self._facts_at
        for k, fact in enumerate(self._facts):
            # A bullet beside its text, so a wrapped line hangs under the text.
            bullet = _label("•", "tileFacts", self, 12)
            bullet.setProperty("alignment", "AlignLeft|AlignTop")
            text = _label(fact, "tileFacts", self, 12, wrap=True)
            for w in (bullet, text):
                w.setHidden(hidden)
            line = QHBoxLayout()
            line.setSpacing(8)
            box.insertLayout(at + k, line)
            _top(line, bullet)
            line.addWidget(text, 1)
            self._fact_labels.append(text)
            self._fact_widgets += [bullet, text]

    def resizeEvent(self, event: QResizeEvent) -> None:  # noqa: N802
        super().resizeEvent(event)
        self._fit_buttons()
        QTimer.singleShot(0, self, self._hold_wrapped_lines)  # dropped if the tile goes

    def _hold_wrapped_lines(self, width: int | None = None) -> None:
        """A wrapped label beside other widgets can be given one line's height by the layout
        while it draws two: hold each label at the height its width needs (the width it has,
        or the one it will have in a tile `width` wide, so a tile measured for a new width
        is not measured with the lines its title took at the old one)."""
        if width is None:
            self._held_for = None  # held for the width the labels have now
        for lab in (self.title_label, self.badge):
            if width is None:
                lab_width = lab.width()
            else:
                box = self.layout()
                m = box.contentsMargins() if box is not None else None
                lab_width = width - (m.left() + m.right() if m is not None else 0) \
                    - self.emblem.width() - self.rules.sizeHint().width() \
                    - 2 * self._head.spacing()
            held = lab.minimumHeight()
            if held:
                lab.setMinimumHeight(0)  # a label's height for a width is never under it
            need = lab.heightForWidth(lab_width)
            lab.setMinimumHeight(need if need > 0 else held)

    def _fit_buttons(self, width: int | None = None) -> bool:
        """Buttons side by side when they fit across `width` (the tile's own by default),
        else one above the other; True when that changed."""
        box = self.layout()
        m = box.contentsMargins() if box is not None else None
        room = (self.width() if width is None else width) \
            - (m.left() + m.right() if m is not None else 0)
        need = (self.new_game.sizeHint().width() + self.quick_solo.sizeHint().width()
                + self.button_row.spacing())
        direction = (QBoxLayout.Direction.LeftToRight if need <= room
                     else QBoxLayout.Direction.TopToBottom)
        if self.button_row.direction() == direction:
            return False
        self.button_row.setDirection(direction)
        return True

    @property
    def compact(self) -> int:
        """How much the tile leaves out, each level all of the one before and more:
        0 nothing; 1 its facts; 2 who Quick solo seats (a plain "Quick solo", the seats in
        its tooltip); 3 its blurb but for the first words ("Trick-taking survival."); 4 the
        blurb; 5 the title's size (a smaller one); 6 the record's details ("Your record: 5
        wins in 12 games"); 7 the record. What is left out is in the tooltips."""
        return self._compact

    def compact_facts_hidden(self) -> bool:
        return bool(self._facts) and (not self._fact_labels or self._fact_labels[0].isHidden())

    def set_compact(self, level: int, width: int | None = None) -> None:
        """Leave out what `compact` says for `level`: a small window with many games shows
        every tile whole instead of scrolling, and as much of each as its row holds."""
        if (level >= 5) != (self._compact >= 5):
            text_style(self.title_label, TITLE_PT if level < 5 else TIGHT_TITLE_PT, bold=True,
                       override=False)
            self.title_label.setProperty("tight", level >= 5)
            _restyle(self.title_label)
        quick_solo = self.quick_solo_text if level < 2 else "Quick solo"
        if self.quick_solo.text() != quick_solo:
            self.quick_solo.setText(quick_solo)
        self._compact = level
        self._fit_buttons(width)  # at the width the tile is measured for
        if width is not None and (width, level >= 5) != self._held_for:
            self._hold_wrapped_lines(width)  # once per width and title size
            self._held_for = (width, level >= 5)
        if level == 0:
            self._make_facts()
        for w in self._fact_widgets:
            w.setHidden(level >= 1)
        short = level == 3 and bool(self._short_blurb)
        text = self._short_blurb if short else self._blurb_text
        if self.blurb.text() != text:
            self.blurb.setText(text)
        self.blurb.setHidden(level >= 4 or (level == 3 and not short))
        record = short_record(self._record_text) if level >= 6 else self._record_text
        if self.record.text() != record:
            self.record.setText(record)
        tip = self._facts_tip if level else ""
        self.record.setHidden(not record or level >= 7)
        if self._record_text and (level >= 7 or record != self._record_text):
            tip += "\n" + self._record_text
        self.setToolTip(tip)
        box = self.layout()
        if box is not None:
            box.invalidate()  # its height-for-width answer is cached from what showed before
            box.activate()
            # laying out may resize the tile, which fits the buttons to its old width
            if self._fit_buttons(width):
                box.invalidate()

    def set_record(self, text: str) -> None:
        self._record_text = text
        self.record.setText(short_record(text) if self._compact >= 6 else text)
        self.record.setHidden(not text or self._compact >= 7)

    def _new_game(self) -> None:
        self.new_game_requested.emit(self.game_id)

    def _quick_solo(self) -> None:
        self.quick_solo_requested.emit(self.game_id)

    def _rules(self) -> None:
        self.rules_requested.emit(self.game_id)

    def _button(self, text: str, primary: bool = False) -> QPushButton:
        b = _push_button(text, self)
        b.setAutoDefault(True)  # Enter clicks the focused button, as Space does
        b.setMinimumHeight(44)
        b.setMinimumWidth(120)
        if primary:
            make_primary(b, polished=False)
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
        self._settings = settings
        self._building = True  # nothing is polished yet: primary buttons need no repolish

        outer = QVBoxLayout(self)
        outer.setContentsMargins(48, 32, 48, 32)
        outer.setSpacing(20)

        head = QVBoxLayout()
        head.setSpacing(2)
        outer.addLayout(head)
        self.title = _label("frostdesk", "title", self, 34, bold=True)  # the one big word
        head.addWidget(self.title)
        self.subtitle = _label("Frost-themed tabletop games with every rule enforced. "
                               "Offline, with friends or bots.", "subtitle", self, 14,
                               wrap=True)
        head.addWidget(self.subtitle)

        body = QHBoxLayout()
        body.setSpacing(36)
        outer.addLayout(body, 1)

        # The menu column on the left, read top to bottom before the tiles: a Continue for
        # each game in progress (the latest first), then the rest.
        menu_box = QWidget(self)
        menu_box.setObjectName("startMenu")
        menu_box.setFixedWidth(MENU_WIDTH)
        self._menu_box = menu_box
        menu = QVBoxLayout(menu_box)
        menu.setContentsMargins(0, 0, 0, 0)
        menu.setSpacing(10)
        body.addWidget(menu_box)
        self.continue_box = QVBoxLayout()
        self.continue_box.setSpacing(4)
        menu.addLayout(self.continue_box)
        self.continue_buttons: dict[str, QPushButton] = {}
        self.continue_hints: dict[str, QLabel] = {}
        # Shown when no game is in progress: a Continue that cannot be pressed, and why.
        self.idle_button = self._menu_button("Continue", None)
        self.idle_button.setEnabled(False)
        self.idle_hint = _label("No game in progress.", "hint", menu_box, 11, wrap=True)
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
        menu.addSpacing(6)
        for b in (self.load_button, self.settings_button, self.about_button):
            menu.addWidget(b)
        menu.addStretch(1)
        menu.addWidget(self.quit_button)

        # The games' tiles in the registry's order: side by side, two to a row from three
        # games on, so a tile keeps room for its words and buttons in a small window.
        self.tiles: dict[str, GameTile] = {}
        self.tiles_scroll: QScrollArea | None = None
        self._bar_policy = "ScrollBarAsNeeded"  # the tiles' vertical scroll bar's, by name
        self._tiles_viewport: QWidget | None = None
        found = games()
        across = len(found) if len(found) <= 2 else 2
        holder: QWidget = self
        if len(found) <= 2:
            tiles_grid = QGridLayout()
            body.addLayout(tiles_grid, 1)
        else:  # more rows than a small window holds: the tiles scroll, never squeeze
            scroll = _TilesScroll(self._fit_tiles, self)
            scroll.setObjectName("tilesScroll")
            scroll.setWidgetResizable(True)
            scroll.setFrameShape(QFrame.Shape.NoFrame)
            scroll.setProperty("horizontalScrollBarPolicy", "ScrollBarAlwaysOff")
            # Our own viewport (as Qt makes it): asking the scroll area for its own would
            # have PySide6 look through every widget class for the right wrapper.
            viewport = QWidget(scroll)
            viewport.setObjectName("qt_scrollarea_viewport")
            viewport.setBackgroundRole(QPalette.ColorRole.Base)
            scroll.setViewport(viewport)
            holder = QWidget(viewport)
            holder.setObjectName("tilesHolder")
            tiles_grid = QGridLayout(holder)
            tiles_grid.setContentsMargins(0, 0, 6, 0)
            self.tiles_scroll = scroll
            self._tiles_viewport = viewport
            body.addWidget(scroll, 1)
        tiles_grid.setSpacing(ROW_GAP)
        self._tiles_grid = tiles_grid
        for k, desc in enumerate(found):
            tile = GameTile(desc, holder, facts_now=self.tiles_scroll is None)
            tile.new_game_requested.connect(self.new_game_requested)
            tile.quick_solo_requested.connect(self.quick_solo_requested)
            tile.rules_requested.connect(self.rules_requested)
            tiles_grid.addWidget(tile, k // across, k % across)
            self.tiles[desc.id] = tile
        for col in range(across):
            tiles_grid.setColumnStretch(col, 1)
        # The rows share the height evenly, as the fit below measures them (by their size
        # hints a row of taller tiles took more and pushed the next one under the edge).
        for row in range((len(found) + across - 1) // across):
            tiles_grid.setRowStretch(row, 1)
        # Which buttons are primary is settled before anything is polished (the scroll area
        # polishes the tiles it is given), so the sheet sees it the first time.
        self.set_in_progress(in_progress)
        self.set_records()
        self._building = False
        if self.tiles_scroll is not None and self._tiles_viewport is not None:
            self.tiles_scroll.setWidget(holder)
            self._tiles_viewport.setAutoFillBackground(False)
            holder.setAutoFillBackground(False)

    def _fit_tiles(self) -> None:
        """With more tiles than fit the window's height, a tile leaves out its facts, then
        its blurb (both stay in its tooltip): each tile as full as its row's share allows."""
        view = self._tiles_viewport
        if view is None or not self.tiles:
            return
        # Measured as if no scroll bar were showing: one that came up while the window was
        # smaller must not narrow the tiles (taller, so needing it) once there is room again.
        scroll = self.tiles_scroll
        whole = scroll.maximumViewportSize() if scroll is not None else view.size()
        room = whole.height()
        grid = self._tiles_grid
        margins = grid.contentsMargins()
        width = (whole.width() - margins.left() - margins.right()
                 - grid.horizontalSpacing()) // 2
        tiles = list(self.tiles.values())
        rows = (len(tiles) + 1) // 2
        # the rows share the height evenly; each tile shows all it can in its row's share
        share = (room - ROW_GAP * (rows - 1)) // rows
        too_tall = False  # a tile too tall for its row even at the last level
        for tile in tiles:
            # The fullest level that fits: each level only leaves out more, so a tile that
            # fits without its facts is measured with them, and one that does not fit
            # without them never makes them.
            if self._fits(tile, 1, width, share):
                if not self._fits(tile, 0, width, share):
                    tile.set_compact(1, width)
            elif self._fits(tile, 3, width, share):  # the middle of 2-4 first: fewer layouts
                if not self._fits(tile, 2, width, share):
                    tile.set_compact(3, width)
            elif not self._fits(tile, 4, width, share) \
                    and not self._fits(tile, 5, width, share) \
                    and not self._fits(tile, 6, width, share):
                tile.set_compact(7, width)
                too_tall = too_tall or _tile_height(tile, width) > share
        # A tile too tall for an even share may still fit when the rows share unevenly and
        # stand closer: the window a 1280x720 laptop opens first (1152x648) showed a scroll
        # bar for one pixel, and the bar's narrower tiles then wrapped a line more.
        per_row = [tiles[i:i + 2] for i in range(0, len(tiles), 2)]
        needs = [max(_tile_height(t, width) for t in row) for row in per_row] \
            if too_tall else [0] * rows
        gap = ROW_GAP
        if too_tall and sum(needs) + TIGHT_ROW_GAP * (rows - 1) <= room:
            too_tall = False
            gap = ROW_GAP if sum(needs) + ROW_GAP * (rows - 1) <= room else TIGHT_ROW_GAP
        else:
            needs = [0] * rows
        if grid.verticalSpacing() != gap:
            grid.setVerticalSpacing(gap)
        for row, need in enumerate(needs):
            if grid.rowMinimumHeight(row) != need:
                grid.setRowMinimumHeight(row, need)
        # When every tile fits, no scroll bar: a bar that showed for a moment (as the window
        # grew) would narrow the tiles below the width measured here, a blurb would wrap a
        # line more, and the taller row would keep the bar up and push the next row under
        # the edge (1280x688 did). Only tiles too tall even at the last level scroll.
        # (Every level but the last was chosen because it fits.)
        if scroll is not None:
            policy = "ScrollBarAsNeeded" if too_tall else "ScrollBarAlwaysOff"
            if self._bar_policy != policy:  # (reading the property back needs Qt's enums)
                self._bar_policy = policy
                scroll.setProperty("verticalScrollBarPolicy", policy)

    @staticmethod
    def _fits(tile: GameTile, level: int, width: int, share: int) -> bool:
        tile.set_compact(level, width)
        return _tile_height(tile, width) <= share

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
            hint = _label(entry.details, "continueHint", self._menu_box, 11, wrap=True)
            self.entries_box.addWidget(button)
            self.entries_box.addWidget(hint)
            self.entries_box.addSpacing(6)
            make_primary(button, first is None, polished=False)
            _fit_continue(button, entry.title)
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
            make_primary(tile.new_game, not has_one, polished=False if self._building else None)
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
        if not self._building:
            self._fit_tiles()  # a record takes room: the tiles fit again

    def _menu_button(self, text: str, signal: Any) -> QPushButton:
        b = _push_button(text, self._menu_box)
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
        from PySide6.QtCore import Qt  # not at import: see the module's docstring

        if event.key() == Qt.Key.Key_Down:
            self.focusNextChild()
        elif event.key() == Qt.Key.Key_Up:
            self.focusPreviousChild()
        else:
            super().keyPressEvent(event)
