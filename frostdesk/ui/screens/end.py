"""The end of a game: the headline, the game's results, the player's record, what next.

The results area comes from the game's UI plug-in: `results_panel(game, session)` returns a
widget, usually a `ResultsPanel` that also gives the headline, the line under it and the
rematch button's words (see frostdesk/ui/plugins.py). A game without one gets `RankingPanel`:
the places, names and scores of `game.outcome()`. The screen only arranges what it is given.

`ResultsTable` is the striped, read-only table both kinds of panel show.
"""

from __future__ import annotations

import logging
from collections.abc import Iterable, Sequence
from typing import Any

from PySide6.QtCore import Qt, Signal
from PySide6.QtGui import QBrush, QColor, QFont, QShowEvent
from PySide6.QtWidgets import (
    QAbstractItemView,
    QHBoxLayout,
    QHeaderView,
    QPushButton,
    QTableWidget,
    QTableWidgetItem,
    QVBoxLayout,
    QWidget,
)

from frostdesk.ai.levels import level_name
from frostdesk.ui.screens import label, make_primary, readable_font, text_style

log = logging.getLogger(__name__)

TABLE_STYLE = """
QWidget { font-size: 13pt; }
QTableWidget { alternate-background-color: rgba(143, 193, 234, 0.08); }
QHeaderView, QHeaderView::section { font-size: 12pt; }
QHeaderView::section { padding: 4px 12px; }
QTableWidget::item { padding: 0px 10px; }
"""
WINNER_TINT = QColor(242, 201, 76, 90)  # warm gold, translucent: reads on light and dark
REMATCH_TIP = "A new game with the same players"


def ordinal(n: int) -> str:
    suffix = "th" if 10 <= n % 100 <= 20 else {1: "st", 2: "nd", 3: "rd"}.get(n % 10, "th")
    return f"{n}{suffix}"


def join_names(names: list[str]) -> str:
    """'Ana', 'Ana and Bo', 'Ana, Bo and Cy'."""
    if len(names) <= 1:
        return "".join(names)
    return ", ".join(names[:-1]) + " and " + names[-1]


def headline(names: list[str]) -> str:
    """'Ana wins!' for one winner, 'Ana and Bo share the victory' for several."""
    if len(names) == 1:
        return f"{names[0]} wins!"
    return f"{join_names(names)} share the victory"


def difficulty_text(game_id: str, options: dict[str, Any], n: int) -> str:
    """The game's words for the options it was played with ('' when it has none)."""
    from frostdesk.engine.registry import get

    options_text = get(game_id).options_text
    return options_text(options, n) if options_text is not None else ""


def seat_names(session: Any, n: int, noun: str = "Seat") -> list[str]:
    """The names of the first `n` seats ('Seat 3' where the session has none)."""
    seats = list(session.seats)
    return [seats[i].name if i < len(seats) else f"{noun} {i + 1}" for i in range(n)]


def plays_as(game_id: str, seat: Any) -> str:
    """'Human', or the game's word for a bot with its level: 'Bot (Hard)'."""
    if getattr(seat, "is_human", True):
        return "Human"
    from frostdesk.engine.registry import UnknownGame, get

    bot = str(getattr(seat, "bot", ""))
    base = bot.split(":")[0].split("@")[0]
    try:
        desc = get(game_id)
    except UnknownGame:
        return f"Bot ({level_name(bot)})"
    level = next((lv.label for lv in desc.levels
                  if lv.bot.split(":")[0].split("@")[0] == base), level_name(bot))
    # A level that already qualifies itself ('Crew (steady)') reads best alone.
    return level if "(" in level else f"{desc.words.bot} ({level})"


class ResultsTable(QTableWidget):
    """A read-only results table: striped, nothing to select, as tall as its rows (so the
    buttons sit right under it, not at the far bottom)."""

    def __init__(self, style: str = TABLE_STYLE, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setObjectName("ranking")
        self.setEditTriggers(QAbstractItemView.EditTrigger.NoEditTriggers)
        self.setSelectionMode(QAbstractItemView.SelectionMode.NoSelection)
        self.setFocusPolicy(Qt.FocusPolicy.NoFocus)
        self.verticalHeader().setVisible(False)
        self.setShowGrid(False)
        self.setAlternatingRowColors(True)
        # Translucent stripes: the palette's alternate base is near-white under the dark sheet.
        self.setStyleSheet(style)
        self.setWordWrap(False)

    def fill(self, headers: Sequence[str], rows: Sequence[Sequence[str]], *,
             left: Iterable[int] = (), seats: Sequence[int] | None = None,
             tinted: Iterable[int] = (), bold_rows: Iterable[int] = (),
             bold_columns: Iterable[int] = (), stretch: int = 1, row_height: int = 44) -> None:
        """Show `rows` under `headers`. Columns in `left` read from the left (header too),
        the others are centred; `tinted` rows get the winner's tint; each row keeps its
        seat (`seats`, default the row number) in Qt.UserRole."""
        left, tinted = set(left), set(tinted)
        bold_rows, bold_columns = set(bold_rows), set(bold_columns)
        self.clear()
        self.setColumnCount(len(headers))
        self.setHorizontalHeaderLabels(list(headers))
        for c in left:
            heading = self.horizontalHeaderItem(c)
            if heading is not None:
                heading.setTextAlignment(Qt.AlignmentFlag.AlignLeft
                                         | Qt.AlignmentFlag.AlignVCenter)
        self.setRowCount(len(rows))
        bold = QFont()
        bold.setBold(True)
        for r, values in enumerate(rows):
            for c, text in enumerate(values):
                item = QTableWidgetItem(text)
                align = Qt.AlignmentFlag.AlignLeft if c in left else Qt.AlignmentFlag.AlignCenter
                item.setTextAlignment(align | Qt.AlignmentFlag.AlignVCenter)
                if r in bold_rows or c in bold_columns:
                    item.setFont(bold)
                if r in tinted:
                    item.setBackground(QBrush(WINNER_TINT))
                item.setData(Qt.ItemDataRole.UserRole, seats[r] if seats is not None else r)
                self.setItem(r, c, item)
        header = self.horizontalHeader()
        header.setSectionResizeMode(QHeaderView.ResizeMode.ResizeToContents)
        if headers:
            header.setSectionResizeMode(stretch % len(headers), QHeaderView.ResizeMode.Stretch)
        header.setMinimumSectionSize(90)
        self.verticalHeader().setDefaultSectionSize(row_height)
        frame = 2 * self.frameWidth()
        self.setFixedHeight(header.sizeHint().height() + row_height * len(rows) + frame + 2)

    def texts(self) -> list[list[str]]:
        """The table's text, row by row."""
        def text(r: int, c: int) -> str:
            item = self.item(r, c)
            return item.text() if item is not None else ""

        return [[text(r, c) for c in range(self.columnCount())] for r in range(self.rowCount())]


class ResultsPanel(QWidget):
    """The end screen's results area, and the words around it.

    A game's `results_panel` fills `box` and sets the attributes the end screen reads:
    the headline, the line under it, the winners' names and the rematch button's words.
    `table` (when set) is what `ranking()` reads.
    """

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setObjectName("results")
        self.box = QVBoxLayout(self)
        self.box.setContentsMargins(0, 0, 0, 0)
        self.box.setSpacing(12)
        self.headline = ""
        self.summary = ""
        self.winners: list[str] = []
        self.rematch_text = "Play again"
        self.rematch_tip = REMATCH_TIP
        self.table: ResultsTable | None = None

    def ranking(self) -> list[list[str]]:
        """The results table's text, row by row (best place first)."""
        return self.table.texts() if self.table is not None else []


class RankingPanel(ResultsPanel):
    """Any game's result from `game.outcome()` alone: places, names, who played, scores."""

    def __init__(self, game: Any, session: Any, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        from frostdesk.engine.registry import UnknownGame, get

        o = game.outcome(session.state)
        try:
            desc = get(game.id)
            noun, players, score = desc.words.seat, desc.words.players, desc.score_name
        except UnknownGame:
            noun, players, score = "Seat", "players", "score"
        n = len(o.places)
        names = seat_names(session, n, noun)
        team = o.cooperative_win is not None
        if team:
            self.winners = list(names) if o.cooperative_win else []
            self.headline = "You won together!" if o.cooperative_win else "The game is lost"
        else:
            self.winners = [names[i] for i in range(n) if o.places[i] == 1]
            self.headline = headline(self.winners)
        title = getattr(game, "title", "")
        self.summary = " · ".join(x for x in (
            title, f"{n} {players}", difficulty_text(game.id, dict(session.options), n),
            "cooperative" if team else "") if x)

        # A ranking by place; a team's result: its seats in order (no places, no scores).
        seats = list(session.seats)
        scores = [] if team else list(o.scores or [])
        order = list(range(n)) if team else sorted(range(n), key=lambda i: (o.places[i], i))
        rows = []
        for seat in order:
            who = plays_as(game.id, seats[seat]) if seat < len(seats) else ""
            row = [names[seat], who] + ([str(scores[seat])] if seat < len(scores) else [])
            place = ("★ " if o.places[seat] == 1 else "") + ordinal(o.places[seat])
            rows.append(row if team else [place, *row])
        headers = ["Player", "Plays as"] + ([score.capitalize()] if scores else [])
        if team:
            won = list(range(n)) if o.cooperative_win else []
            left, bold = (0, 1), []
        else:
            won = [r for r, seat in enumerate(order) if o.places[seat] == 1]
            headers, left, bold = ["Place", *headers], (1, 2), won
        self.table = ResultsTable()
        self.table.fill(headers, rows, left=left, seats=order, tinted=won, bold_rows=bold,
                        stretch=left[0])
        self.box.addWidget(self.table)


def results_panel(game: Any, session: Any) -> QWidget:
    """The game's own results panel (its UI plug-in's `results_panel`), else the ranking."""
    from frostdesk.ui.plugins import PluginError, ui_plugin

    try:
        make = getattr(ui_plugin(game.id), "results_panel", None)
    except PluginError:
        make = None
    panel = None
    if make is not None:
        try:
            panel = make(game, session)
        except Exception:  # noqa: BLE001 - a broken panel must not hide the result
            log.exception("the results panel of %s failed; showing the ranking", game.id)
    return panel if panel is not None else RankingPanel(game, session)


class EndScreen(QWidget):
    """Shows a finished game's result; emits what the players want next."""

    rematch_requested = Signal()  # play again with the same seats
    new_game_requested = Signal()
    menu_requested = Signal()
    table_requested = Signal()  # look at the final table (its screen has the way back)

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setObjectName("endScreen")
        readable_font(self)

        box = QVBoxLayout(self)
        box.setContentsMargins(48, 32, 48, 32)
        box.setSpacing(12)
        box.addStretch(1)  # with the stretch at the end: the result sits mid-screen
        self.headline = label("", "title", wrap=True)
        text_style(self.headline, 30, bold=True)
        box.addWidget(self.headline)
        self.summary = label("", "subtitle", point_size=14, wrap=True)
        box.addWidget(self.summary)
        # The game's results panel goes here (show_result).
        self.results = QVBoxLayout()
        self.results.setContentsMargins(0, 0, 0, 0)
        box.addLayout(self.results)
        self.panel: QWidget | None = None
        # The player's record in this game, this result included (main window fills it).
        self.record = label("", "endRecord", point_size=13, bold=True, wrap=True)
        self.record.setStyleSheet("color: #7ee0c3;")
        self.record.setVisible(False)
        box.addWidget(self.record)
        box.addSpacing(12)

        row = QHBoxLayout()
        row.setSpacing(12)
        row.addStretch(1)
        self.table_button = self._button("View table", self.table_requested)
        self.table_button.setToolTip("Look at the table as the game ended")
        self.menu_button = self._button("Main menu", self.menu_requested)
        self.new_game_button = self._button("New game", self.new_game_requested)
        self.rematch_button = self._button("Play again", self.rematch_requested)
        make_primary(self.rematch_button)
        self.rematch_button.setToolTip(REMATCH_TIP)
        row.insertWidget(0, self.table_button)  # apart from the ways on, at the left
        for b in (self.menu_button, self.new_game_button, self.rematch_button):
            row.addWidget(b)
        box.addLayout(row)
        box.addStretch(1)
        QWidget.setTabOrder(self.rematch_button, self.new_game_button)
        QWidget.setTabOrder(self.new_game_button, self.menu_button)
        QWidget.setTabOrder(self.menu_button, self.table_button)
        self.setFocusProxy(self.rematch_button)

        self.winners: list[str] = []

    def showEvent(self, event: QShowEvent) -> None:
        super().showEvent(event)
        self.rematch_button.setFocus()

    def _button(self, text: str, signal: Any) -> QPushButton:
        b = QPushButton(text)
        b.setAutoDefault(True)
        b.setMinimumSize(150, 44)
        b.clicked.connect(signal)  # signal to signal: the click's bool is dropped
        return b

    def set_record(self, text: str) -> None:
        self.record.setText(text)
        self.record.setVisible(bool(text))

    def _set_panel(self, panel: QWidget | None) -> None:
        if self.panel is not None:
            self.results.removeWidget(self.panel)
            self.panel.hide()
            self.panel.setParent(None)
            self.panel.deleteLater()
        self.panel = panel
        if panel is not None:
            self.results.addWidget(panel)
            panel.show()  # now, not when the layout gets round to it

    def show_result(self, game: Any, session: Any) -> None:
        """Fill the screen from the game's results panel (or its outcome's ranking)."""
        if game.outcome(session.state) is None:
            self._set_panel(None)
            self.winners = []
            self.headline.setText("The game is not over yet")
            self.summary.setText("")
            self.summary.setVisible(False)
            return
        panel = results_panel(game, session)
        self._set_panel(panel)
        self.headline.setText(str(getattr(panel, "headline", "")))
        self.summary.setText(str(getattr(panel, "summary", "")))
        self.summary.setVisible(bool(self.summary.text()))
        self.winners = list(getattr(panel, "winners", []))
        self.rematch_button.setText(str(getattr(panel, "rematch_text", "Play again")))
        self.rematch_button.setToolTip(str(getattr(panel, "rematch_tip", REMATCH_TIP)))

    def ranking(self) -> list[list[str]]:
        """The results table's text, row by row (best place first)."""
        ranking = getattr(self.panel, "ranking", None)
        return ranking() if callable(ranking) else []
