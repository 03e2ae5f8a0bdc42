"""The end of a game: who won, the full ranking, and what to do next.

Everything shown comes from `game.outcome(state)`; the screen only arranges it.
"""

from __future__ import annotations

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

from frostdesk.ui.screens import label, make_primary, readable_font, text_style

TABLE_STYLE = """
QWidget { font-size: 13pt; }
QTableWidget { alternate-background-color: rgba(143, 193, 234, 0.08); }
QHeaderView, QHeaderView::section { font-size: 12pt; }
QHeaderView::section { padding: 4px 12px; }
"""
WINNER_TINT = QColor(242, 201, 76, 90)  # warm gold, translucent: reads on light and dark
TIEBREAK_TEXT = {
    "colony total": "{names} tied on {damage} damage; the highest colony total decided.",
    "Relic total": "{names} tied on {damage} damage and on colony total; the highest Relic "
                   "total decided.",
    "shared victory": "{names} tied on {damage} damage, colony total and Relic total, so they "
                      "share the victory.",
}
FOOTNOTE = ("Total damage is the damage of the Events (Frost Bite included) minus what was "
            "healed at the Infirmary and with Medkits. Colony and Relic totals add up the cards "
            "left in each colony at the end; they break ties.")


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


def _event_names(game: Any, session: Any, count: int) -> list[str]:
    """Names of the Events played, in order, read from the session's states when possible."""
    names = [""] * count
    events = getattr(getattr(game, "content", None), "events", None)
    if events is None:
        return names
    for st in getattr(session, "states", []):
        no, ev = getattr(st, "event_no", None), getattr(st, "event", None)
        if isinstance(no, int) and isinstance(ev, int) and 0 <= no < count \
                and 0 <= ev < len(events):
            names[no] = events[ev].name
    return names


class EndScreen(QWidget):
    """Shows a finished game's result; emits what the players want next."""

    rematch_requested = Signal()  # play again with the same seats
    new_game_requested = Signal()
    menu_requested = Signal()

    COLUMNS_BEFORE = ("Place", "Player", "Plays as")
    COLUMNS_AFTER = ("Healed", "Total damage", "Colony total", "Relic total")

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
        self.tiebreak = label("", "tiebreak", point_size=13, wrap=True)
        box.addWidget(self.tiebreak)
        box.addSpacing(8)

        self.table = QTableWidget()
        self.table.setObjectName("ranking")
        self.table.setEditTriggers(QAbstractItemView.EditTrigger.NoEditTriggers)
        self.table.setSelectionMode(QAbstractItemView.SelectionMode.NoSelection)
        self.table.setFocusPolicy(Qt.FocusPolicy.NoFocus)
        self.table.verticalHeader().setVisible(False)
        self.table.setShowGrid(False)
        self.table.setAlternatingRowColors(True)
        # Translucent stripes: the palette's alternate base is near-white under the dark sheet.
        self.table.setStyleSheet(TABLE_STYLE)
        self.table.setWordWrap(False)
        box.addWidget(self.table)
        self.footnote = label(FOOTNOTE, "hint", point_size=11, wrap=True)
        box.addWidget(self.footnote)
        box.addSpacing(12)

        row = QHBoxLayout()
        row.setSpacing(12)
        row.addStretch(1)
        self.menu_button = self._button("Main menu", self.menu_requested)
        self.new_game_button = self._button("New game", self.new_game_requested)
        self.rematch_button = self._button("Play again", self.rematch_requested)
        make_primary(self.rematch_button)
        self.rematch_button.setToolTip("A new game with the same players")
        for b in (self.menu_button, self.new_game_button, self.rematch_button):
            row.addWidget(b)
        box.addLayout(row)
        box.addStretch(1)
        QWidget.setTabOrder(self.rematch_button, self.new_game_button)
        QWidget.setTabOrder(self.new_game_button, self.menu_button)
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

    def show_result(self, game: Any, session: Any) -> None:
        """Fill the screen from `game.outcome(session.state)`."""
        seats = list(session.seats)
        o = game.outcome(session.state)
        if o is None:
            self.winners = []
            self.headline.setText("The game is not over yet")
            self.summary.setText("")
            self.tiebreak.setVisible(False)
            self.table.clear()
            self.table.setRowCount(0)
            self.table.setColumnCount(0)
            return
        n = len(o.places)
        names = [seats[i].name if i < len(seats) else f"Seat {i + 1}" for i in range(n)]
        winners = [i for i in range(n) if o.places[i] == 1]
        self.winners = [names[i] for i in winners]
        self.headline.setText(headline(self.winners))

        details = o.details or {}
        per_event: list[list[int]] = [list(e) for e in details.get("event_damage", [])]
        colony = list(details.get("colony_totals", [""] * n))
        relic = list(details.get("relic_totals", [""] * n))
        title = getattr(game, "title", "")
        best = min(o.scores) if o.scores else 0
        self.summary.setText(f"{title} · {len(per_event)} Events · the least damage wins"
                             .lstrip(" ·"))
        tied = [names[i] for i in range(n) if o.scores[i] == best]
        tb = TIEBREAK_TEXT.get(o.tiebreak, o.tiebreak).format(names=join_names(tied),
                                                              damage=best)
        self.tiebreak.setText(f"Tie-break: {tb}" if tb else "")
        self.tiebreak.setVisible(bool(tb))

        event_names = _event_names(game, session, len(per_event))
        event_headers = [f"Event {k + 1}" + (f"\n{nm}" if nm else "")
                         for k, nm in enumerate(event_names)]
        headers = list(self.COLUMNS_BEFORE) + event_headers + list(self.COLUMNS_AFTER)
        self.table.clear()
        self.table.setColumnCount(len(headers))
        self.table.setHorizontalHeaderLabels(headers)
        for c in (1, 2):  # the text columns read from the left, like their cells
            self.table.horizontalHeaderItem(c).setTextAlignment(
                Qt.AlignmentFlag.AlignLeft | Qt.AlignmentFlag.AlignVCenter)
        self.table.setRowCount(n)
        order = sorted(range(n), key=lambda i: (o.places[i], i))
        bold = QFont()
        bold.setBold(True)
        for r, seat in enumerate(order):
            won = o.places[seat] == 1
            kind = "Human" if getattr(seats[seat], "is_human", True) else "Bot"
            damage = [e[seat] if seat < len(e) else 0 for e in per_event]
            healed = sum(damage) - o.scores[seat] if isinstance(o.scores[seat], int) else 0
            place = ("★ " if won else "") + ordinal(o.places[seat])
            values = ([place, names[seat], kind] + [str(d) for d in damage]
                      + [str(max(healed, 0)), str(o.scores[seat]),
                         str(colony[seat]) if seat < len(colony) else "",
                         str(relic[seat]) if seat < len(relic) else ""])
            for c, text in enumerate(values):
                item = QTableWidgetItem(text)
                align = (Qt.AlignmentFlag.AlignLeft if c in (1, 2) else
                         Qt.AlignmentFlag.AlignCenter)
                item.setTextAlignment(align | Qt.AlignmentFlag.AlignVCenter)
                if won:
                    item.setFont(bold)
                    item.setBackground(QBrush(WINNER_TINT))
                item.setData(Qt.ItemDataRole.UserRole, seat)
                self.table.setItem(r, c, item)
        total_col = len(self.COLUMNS_BEFORE) + len(per_event) + 1
        self.table.horizontalHeaderItem(total_col).setToolTip(
            "The Events' damage minus what was healed")
        header = self.table.horizontalHeader()
        header.setSectionResizeMode(QHeaderView.ResizeMode.ResizeToContents)
        header.setSectionResizeMode(1, QHeaderView.ResizeMode.Stretch)
        header.setMinimumSectionSize(90)
        self.table.verticalHeader().setDefaultSectionSize(44)
        # As tall as its rows: the buttons sit right under the ranking, not at the far bottom.
        frame = 2 * self.table.frameWidth()
        self.table.setFixedHeight(header.sizeHint().height() + 44 * n + frame + 2)

    def ranking(self) -> list[list[str]]:
        """The table's text, row by row (best place first)."""
        return [[self.table.item(r, c).text() for c in range(self.table.columnCount())]
                for r in range(self.table.rowCount())]
