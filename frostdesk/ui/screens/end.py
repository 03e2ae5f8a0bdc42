"""The end of a game: who won, the full ranking, and what to do next.

Everything shown comes from `game.outcome(state)`; the screen only arranges it. A cooperative
game (Frontier Stations) has no ranking: the screen says whether the stations held or why one
was lost, the team's numbers (read back from the session's actions) and each station's part.
"""

from __future__ import annotations

from typing import Any

from PySide6.QtCore import Qt, Signal
from PySide6.QtGui import QBrush, QColor, QFont, QShowEvent
from PySide6.QtWidgets import (
    QAbstractItemView,
    QFrame,
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
COOP_FOOTNOTE = ("The whole team wins or loses together. Threat hits counts every time a "
                 "station paid to strike a threat; a threat is destroyed when its last copy "
                 "goes. Upgrades count the extra markers put on systems.")
STAT_STYLE = """
QWidget#teamStats, QFrame#stat { font-size: 12pt; }
QFrame#stat { border: 1px solid rgba(143, 193, 234, 0.35); border-radius: 8px;
              background-color: rgba(143, 193, 234, 0.06); }
"""
# The station table reads from the left: give its text cells room from the grid lines.
COOP_TABLE_STYLE = TABLE_STYLE + "QTableWidget::item { padding: 0px 10px; }\n"
CREW_NAMES = {"heuristic": "Bot crew (steady)", "easy": "Bot crew (rookie)"}


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


def station_numbers(game: Any, session: Any) -> dict[str, Any]:
    """What the team did in a Frontier Stations game, counted from the session's actions.

    Each recorded action is applied again to the state it was taken in, which gives back its
    events: per station the systems installed, upgrades and threat hits; for the team the
    threats destroyed and distress beacons used; and the area where the stations broke.
    """
    states = list(getattr(session, "states", []))
    first = states[0] if states else None
    n = int(getattr(first, "n", 0) or len(session.seats))
    out: dict[str, Any] = {"installed": [0] * n, "upgrades": [0] * n, "hits": [0] * n,
                           "destroyed": 0, "beacons_used": 0,
                           "beacons_start": int(getattr(first, "beacons", 0) or 0),
                           "nexus": list(getattr(first, "nexus", ()) or ()),
                           "breach": None, "captain": getattr(session.state, "captain", None)}
    for i, rec in enumerate(getattr(session, "records", [])):
        if i >= len(states):
            break
        try:
            _, events = game.apply(states[i], game.parse_action(rec.text))
        except Exception:  # noqa: BLE001 - a record that no longer replays: count what we have
            break
        for e in events:
            who = e.data.get("station")
            mine = isinstance(who, int) and 0 <= who < n
            if e.kind == "installed" and mine:
                out["installed"][who] += 1
            elif e.kind == "upgraded" and mine:
                out["upgrades"][who] += 1
            elif e.kind == "destroyed":
                if mine:
                    out["hits"][who] += 1
                if not e.data.get("face_up", True):
                    out["destroyed"] += 1
            elif e.kind == "beacon":
                out["beacons_used"] += 1
            elif e.kind == "game_lost":
                out["breach"] = e.data.get("area")
    return out


def _breach_stations(area: Any, n: int) -> set[int]:
    """The stations next to threat area `area` (area a lies between station a and a + 1)."""
    if not isinstance(area, int) or n <= 0:
        return set()
    return {area % n, (area + 1) % n}


def difficulty_text(game_id: str, options: dict[str, Any], n: int) -> str:
    """The game's words for the options it was played with ('' when it has none)."""
    from frostdesk.engine.registry import get

    options_text = get(game_id).options_text
    return options_text(options, n) if options_text is not None else ""


class StatBox(QFrame):
    """One of the team's numbers: big, with a caption under it."""

    def __init__(self, caption: str, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setObjectName("stat")
        box = QVBoxLayout(self)
        box.setContentsMargins(16, 8, 16, 10)
        box.setSpacing(0)
        self.value = label("", "statValue", point_size=24, bold=True)
        self.value.setAlignment(Qt.AlignmentFlag.AlignCenter)
        self.caption = label(caption, "statCaption", point_size=12)
        self.caption.setAlignment(Qt.AlignmentFlag.AlignCenter)
        box.addWidget(self.value)
        box.addWidget(self.caption)


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
        # Cooperative games: why it ended, and the team's numbers.
        self.reason = label("", "reason", point_size=14, wrap=True)
        self.reason.setVisible(False)
        box.addWidget(self.reason)
        self.stats = QWidget()
        self.stats.setObjectName("teamStats")
        self.stats.setStyleSheet(STAT_STYLE)
        stats_row = QHBoxLayout(self.stats)
        stats_row.setContentsMargins(0, 8, 0, 0)
        stats_row.setSpacing(14)
        self.stat_boxes = {key: StatBox(caption) for key, caption in (
            ("turns", "turns survived"), ("destroyed", "threats destroyed"),
            ("installed", "systems installed"), ("beacons", "distress beacons used"))}
        for stat in self.stat_boxes.values():
            stats_row.addWidget(stat, 1)
        self.stats.setVisible(False)
        box.addWidget(self.stats)
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
        # The player's record in this game, this result included (main window fills it).
        self.record = label("", "endRecord", point_size=13, bold=True, wrap=True)
        self.record.setStyleSheet("color: #7ee0c3;")
        self.record.setVisible(False)
        box.addWidget(self.record)
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
        self.cooperative = False
        self.numbers: dict[str, Any] = {}

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

    def _set_mode(self, cooperative: bool) -> None:
        """Show the widgets of a cooperative result or of a ranking."""
        self.cooperative = cooperative
        self.reason.setVisible(cooperative)
        self.stats.setVisible(cooperative)
        self.footnote.setText(COOP_FOOTNOTE if cooperative else FOOTNOTE)
        self.table.setStyleSheet(COOP_TABLE_STYLE if cooperative else TABLE_STYLE)
        self.rematch_button.setText("Play again")
        self.rematch_button.setToolTip("A new game with the same stations and difficulty"
                                       if cooperative else "A new game with the same players")

    def show_result(self, game: Any, session: Any) -> None:
        """Fill the screen from `game.outcome(session.state)`."""
        seats = list(session.seats)
        o = game.outcome(session.state)
        self._set_mode(o is not None and o.cooperative_win is not None)
        if o is not None and o.cooperative_win is not None:
            self._show_cooperative(game, session, o)
            return
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
            info = seats[seat]
            kind = "Human" if getattr(info, "is_human", True) else \
                f"Bot ({level_name(getattr(info, 'bot', ''))})"
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

    def _show_cooperative(self, game: Any, session: Any, o: Any) -> None:
        """The stations held, or one was lost: why, the team's numbers and each station."""
        seats = list(session.seats)
        won = bool(o.cooperative_win)
        n = len(o.places)
        names = [seats[i].name if i < len(seats) else f"Station {i + 1}" for i in range(n)]
        self.winners = list(names) if won else []
        details = o.details or {}
        turns = int(details.get("turns", 0) or 0)
        nums = station_numbers(game, session)
        self.numbers = nums
        self.headline.setText("The stations held!" if won else "Station lost")
        title = getattr(game, "title", "")
        self.summary.setText(" · ".join(x for x in (
            title, f"{n} station" + ("" if n == 1 else "s"),
            difficulty_text(game.id, dict(session.options), n), "cooperative") if x))
        reason = str(details.get("reason", "")).strip()
        text = f"{'Won' if won else 'Lost'} on turn {turns}. {reason}".strip()
        self.reason.setText(text)
        self.tiebreak.setVisible(False)
        survived = turns if won else max(0, turns - 1)
        values = {"turns": str(survived), "destroyed": str(nums["destroyed"]),
                  "installed": str(sum(nums["installed"])),
                  "beacons": f"{nums['beacons_used']} of {nums['beacons_start']}"}
        for key, stat in self.stat_boxes.items():
            stat.value.setText(values[key])
        self.rematch_button.setText("Play again" if won else "Try again")

        # One row per station, in seat order: who ran it and what it did.
        breach = _breach_stations(nums["breach"], n) if not won else set()
        headers = ["Station", "Run by", "Nexus", "Systems installed", "Upgrades",
                   "Threat hits", "At the end"]
        self.table.clear()
        self.table.setColumnCount(len(headers))
        self.table.setHorizontalHeaderLabels(headers)
        for c in (0, 1, 2, 6):
            self.table.horizontalHeaderItem(c).setTextAlignment(
                Qt.AlignmentFlag.AlignLeft | Qt.AlignmentFlag.AlignVCenter)
        self.table.setRowCount(n)
        faces = getattr(getattr(game, "content", None), "nexus_faces", {}) or {}
        bold = QFont()
        bold.setBold(True)
        for seat in range(n):
            info = seats[seat] if seat < len(seats) else None
            if info is None or getattr(info, "is_human", True):
                run_by = "Human"
            else:
                run_by = CREW_NAMES.get(info.bot, f"Bot ({info.bot})")
            kind = nums["nexus"][seat] if seat < len(nums["nexus"]) else "standard"
            face = faces.get(kind)
            nexus = getattr(face, "name", f"{kind.capitalize()} Nexus")
            notes = []
            if seat in breach:
                notes.append("⚠ next to the breach")
            if seat == nums["captain"]:
                notes.append("Captain")
            values = [f"{seat + 1}. {names[seat]}", run_by, nexus,
                      str(nums["installed"][seat]), str(nums["upgrades"][seat]),
                      str(nums["hits"][seat]), " · ".join(notes)]
            for c, text in enumerate(values):
                item = QTableWidgetItem(text)
                align = (Qt.AlignmentFlag.AlignLeft if c in (0, 1, 2, 6) else
                         Qt.AlignmentFlag.AlignCenter)
                item.setTextAlignment(align | Qt.AlignmentFlag.AlignVCenter)
                if won:
                    item.setBackground(QBrush(WINNER_TINT))
                if c == 0:
                    item.setFont(bold)
                item.setData(Qt.ItemDataRole.UserRole, seat)
                self.table.setItem(seat, c, item)
        self.table.horizontalHeaderItem(5).setToolTip(
            "Times this station paid to strike a threat")
        header = self.table.horizontalHeader()
        header.setSectionResizeMode(QHeaderView.ResizeMode.ResizeToContents)
        header.setSectionResizeMode(len(headers) - 1, QHeaderView.ResizeMode.Stretch)
        header.setMinimumSectionSize(90)
        rows = 40 if n > 4 else 44  # six stations still fit 1280x720
        self.table.verticalHeader().setDefaultSectionSize(rows)
        frame = 2 * self.table.frameWidth()
        self.table.setFixedHeight(header.sizeHint().height() + rows * n + frame + 2)

    def ranking(self) -> list[list[str]]:
        """The table's text, row by row (best place first)."""
        return [[self.table.item(r, c).text() for c in range(self.table.columnCount())]
                for r in range(self.table.rowCount())]
