"""Setting up a game: who sits at the table, which seats are bots, who leads first, the seed.

`NewGameDialog` edits the seats and returns a `GameConfig`; `quick_solo_config` builds the
one-click "you + 3 bots" table without a dialog. Both remember nothing on their own: the
caller saves `dialog.settings()` (which carries the seats as `last_seats`).
"""

from __future__ import annotations

import copy
from dataclasses import dataclass, field
from typing import Any

from PySide6.QtCore import QRegularExpression, Qt
from PySide6.QtGui import QRegularExpressionValidator
from PySide6.QtWidgets import (
    QComboBox,
    QDialog,
    QDialogButtonBox,
    QFormLayout,
    QGridLayout,
    QHBoxLayout,
    QLineEdit,
    QPushButton,
    QSpinBox,
    QVBoxLayout,
    QWidget,
)

from frostdesk.ai.levels import LEVELS, bot_for_level
from frostdesk.engine.session import Seat
from frostdesk.games import CATALOGUE, load_game
from frostdesk.ui.screens import ERROR_COLOUR, error_label, label, make_primary, readable_font

BOT_NAMES = ("Bot Aster", "Bot Boreal", "Bot Cirrus", "Bot Drift", "Bot Eira")
NAME_MAX = 20
KINDS = (("human", "Human"), ("bot", "Bot"))
DEFAULT_LEVEL = "normal"


@dataclass
class GameConfig:
    """Everything needed to start a session: Session.new(game, options, seed, seats)."""

    game_id: str
    seats: list[Seat]
    seed: int | None  # None: pick a random seed when the game starts
    options: dict[str, Any] = field(default_factory=dict)  # {"first_leader": seat} or {}


def _bot_seat(game: Any, name: str, level: str) -> Seat:
    return Seat(name, "bot", bot_for_level(game, level))


def quick_solo_config(game_id: str, settings: Any) -> GameConfig:
    """The player (settings.player_name) against three Normal bots, random seed and Leader."""
    game = load_game(game_id)
    you = (getattr(settings, "player_name", "") or "Player").strip() or "Player"
    bots = [n for n in BOT_NAMES if n.casefold() != you.casefold()][:3]
    bots = bots[:max(0, min(3, game.max_players - 1))]
    seats = [Seat(you)] + [_bot_seat(game, n, DEFAULT_LEVEL) for n in bots]
    return GameConfig(game_id, seats, None, {})


def _level_keys() -> list[str]:
    return [key for key, _ in LEVELS]


def _remembered_seats(settings: Any, lo: int, hi: int) -> list[dict[str, str]]:
    """settings.last_seats when it is usable, else the player plus three Normal bots."""
    seats: list[dict[str, str]] = []
    for s in getattr(settings, "last_seats", None) or []:
        if not isinstance(s, dict) or not isinstance(s.get("name"), str):
            seats = []
            break
        kind = s.get("kind") if s.get("kind") in ("human", "bot") else "human"
        level = s.get("level") if s.get("level") in _level_keys() else DEFAULT_LEVEL
        seats.append({"name": s["name"][:NAME_MAX], "kind": kind, "level": level})
    if lo <= len(seats) <= hi:
        return seats
    you = (getattr(settings, "player_name", "") or "Player").strip() or "Player"
    default = [{"name": you, "kind": "human", "level": DEFAULT_LEVEL}]
    default += [{"name": n, "kind": "bot", "level": DEFAULT_LEVEL} for n in BOT_NAMES
                if n.casefold() != you.casefold()]
    return default[:max(lo, min(4, hi))]


class SeatRow:
    """The widgets of one seat: name, Human/Bot and bot level."""

    def __init__(self, index: int) -> None:
        self.number = label(f"{index + 1}", "seatNumber", bold=True)
        self.number.setAlignment(Qt.AlignmentFlag.AlignCenter)
        self.name = QLineEdit()
        self.name.setObjectName("seatName")
        self.name.setMaxLength(NAME_MAX)
        self.name.setPlaceholderText("Name")
        self.name.setAccessibleName(f"Seat {index + 1} name")
        self.kind = QComboBox()
        self.kind.setObjectName("seatKind")
        self.kind.setAccessibleName(f"Seat {index + 1} human or bot")
        for key, text in KINDS:
            self.kind.addItem(text, key)
        self.level = QComboBox()
        self.level.setObjectName("seatLevel")
        self.level.setAccessibleName(f"Seat {index + 1} bot level")
        for key, text in LEVELS:
            self.level.addItem(text, key)
        for w in (self.name, self.kind, self.level):
            w.setMinimumHeight(34)
        # A human seat has no level: hide the box but keep its column from collapsing.
        policy = self.level.sizePolicy()
        policy.setRetainSizeWhenHidden(True)
        self.level.setSizePolicy(policy)
        self.index = index
        self._shown = True
        self.kind.currentIndexChanged.connect(self._kind_changed)
        self._kind_changed()

    def widgets(self) -> list[QWidget]:
        return [self.number, self.name, self.kind, self.level]

    def set_visible(self, visible: bool) -> None:
        self._shown = visible
        for w in self.widgets():
            w.setVisible(visible)
        self._kind_changed()

    def load(self, seat: dict[str, str]) -> None:
        self.name.setText(seat["name"])
        self.kind.setCurrentIndex(max(0, self.kind.findData(seat["kind"])))
        self.level.setCurrentIndex(max(0, self.level.findData(seat["level"])))

    def is_bot(self) -> bool:
        return self.kind.currentData() == "bot"

    def _kind_changed(self) -> None:
        self.level.setVisible(self._shown and self.is_bot())

    def set_invalid(self, invalid: bool) -> None:
        # The warning sign marks the row without relying on colour.
        self.number.setText(f"⚠ {self.index + 1}" if invalid else f"{self.index + 1}")
        if self.name.property("invalid") != invalid:
            self.name.setProperty("invalid", invalid)
            # A warm frame besides the message and the ⚠. The edit's own sheet, not the
            # dialog's: a dialog-level sheet makes the button box lose the dialog's font.
            self.name.setStyleSheet(f"border: 2px solid {ERROR_COLOUR};" if invalid else "")

    def to_dict(self) -> dict[str, str]:
        return {"name": self.name.text().strip(), "kind": str(self.kind.currentData()),
                "level": str(self.level.currentData())}


class NewGameDialog(QDialog):
    """Choose the seats, the first Leader and (optionally) the seed for a new game."""

    def __init__(self, game_id: str, settings: Any, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setObjectName("newGameDialog")
        readable_font(self)
        self.game_id = game_id
        self.game = load_game(game_id)
        self._settings = copy.deepcopy(settings)
        self._config: GameConfig | None = None
        lo, hi = self.game.min_players, self.game.max_players
        title = CATALOGUE.get(game_id, (self.game.title, True))[0]
        self.setWindowTitle(f"New game — {title}")

        box = QVBoxLayout(self)
        box.setContentsMargins(24, 20, 24, 20)
        box.setSpacing(14)
        box.addWidget(label(f"New game of {title}", "title", point_size=20, bold=True))

        count_row = QHBoxLayout()
        self.player_count = QSpinBox()
        self.player_count.setObjectName("playerCount")
        self.player_count.setRange(lo, hi)
        self.player_count.setSuffix(" players")
        self.player_count.setMinimumWidth(140)
        self.player_count.setMinimumHeight(34)
        players_label = label("Players:")
        players_label.setBuddy(self.player_count)
        count_row.addWidget(players_label)
        count_row.addWidget(self.player_count)
        count_row.addStretch(1)
        box.addLayout(count_row)

        grid = QGridLayout()
        grid.setHorizontalSpacing(12)
        grid.setVerticalSpacing(8)
        for col, text in enumerate(("Seat", "Name", "Plays as", "Bot level")):
            grid.addWidget(label(text, "columnHeader", bold=True), 0, col)
        self.rows = [SeatRow(i) for i in range(hi)]
        for i, row in enumerate(self.rows):
            for col, w in enumerate(row.widgets()):
                grid.addWidget(w, i + 1, col)
        grid.setColumnStretch(1, 1)
        grid.setColumnMinimumWidth(1, 240)
        grid.setColumnMinimumWidth(0, 48)
        box.addLayout(grid)

        self.error = error_label()
        box.addWidget(self.error)

        form = QFormLayout()
        form.setHorizontalSpacing(12)
        self.first_leader = QComboBox()
        self.first_leader.setObjectName("firstLeader")
        self.first_leader.setMinimumWidth(260)
        self.first_leader.setMaximumWidth(360)
        self.first_leader.setSizeAdjustPolicy(QComboBox.SizeAdjustPolicy.AdjustToContents)
        self.first_leader.setMinimumHeight(34)
        form.addRow("First Leader:", self.first_leader)
        self.seed = QLineEdit()
        self.seed.setObjectName("seed")
        self.seed.setPlaceholderText("random")
        self.seed.setValidator(QRegularExpressionValidator(QRegularExpression(r"\d{0,12}")))
        self.seed.setMaximumWidth(220)
        self.seed.setMinimumHeight(34)
        form.addRow("Seed:", self.seed)
        form.addRow("", label("Leave the seed empty for a random deal; the same seed and the same "
                              "moves always give the same game.", "hint", point_size=11,
                              wrap=True))
        box.addLayout(form)
        box.addStretch(1)

        self.buttons = QDialogButtonBox(QDialogButtonBox.StandardButton.Ok
                                        | QDialogButtonBox.StandardButton.Cancel)
        self.ok_button: QPushButton = self.buttons.button(QDialogButtonBox.StandardButton.Ok)
        self.ok_button.setText("Start game")
        make_primary(self.ok_button)
        self.buttons.accepted.connect(self.accept)
        self.buttons.rejected.connect(self.reject)
        box.addWidget(self.buttons)

        seats = _remembered_seats(self._settings, lo, hi)
        taken = {s["name"].casefold() for s in seats}
        spare = iter([n for n in BOT_NAMES if n.casefold() not in taken]
                     + [f"Player {i + 1}" for i in range(hi)])
        for i, row in enumerate(self.rows):
            row.load(seats[i] if i < len(seats) else
                     {"name": next(spare), "kind": "bot", "level": DEFAULT_LEVEL})
            row.name.textChanged.connect(self._refresh)
        self.player_count.setValue(len(seats))
        self.player_count.valueChanged.connect(self._refresh)
        self._refresh()
        self.resize(640, self.sizeHint().height())

    # ------------------------------------------------------------------ state

    def count(self) -> int:
        return self.player_count.value()

    def _refresh(self) -> None:
        n = self.count()
        for i, row in enumerate(self.rows):
            row.set_visible(i < n)
        names = [row.name.text().strip() for row in self.rows[:n]]

        # The first Leader list follows the names; keep the choice while that seat exists.
        chosen = self.first_leader.currentData()
        self.first_leader.blockSignals(True)
        self.first_leader.clear()
        self.first_leader.addItem("Random", None)
        for i, name in enumerate(names):
            self.first_leader.addItem(f"{i + 1}. {name or '(no name)'}", i)
        index = self.first_leader.findData(chosen) if chosen is not None and chosen < n else 0
        self.first_leader.setCurrentIndex(max(0, index))
        self.first_leader.blockSignals(False)

        problem = self.problem()
        folded = [nm.casefold() for nm in names]
        for i, row in enumerate(self.rows):
            row.set_invalid(i < n and (not names[i] or folded.count(folded[i]) > 1))
        self.error.setText(f"⚠ {problem}" if problem else "")
        self.error.setVisible(bool(problem))
        self.ok_button.setEnabled(not problem)
        # Grow with the rows so a fifth seat never squeezes the others.
        want = self.sizeHint().height()
        if self.height() < want:
            self.resize(self.width(), want)

    def problem(self) -> str:
        """Why the table cannot start yet, in one line ('' when it can)."""
        names = [row.name.text().strip() for row in self.rows[:self.count()]]
        for i, name in enumerate(names):
            if not name:
                return f"Seat {i + 1} needs a name."
        seen: dict[str, int] = {}
        for i, name in enumerate(names):
            j = seen.setdefault(name.casefold(), i)
            if j != i:
                return (f"Seats {j + 1} and {i + 1} are both called “{name}”: "
                        f"every player needs a different name.")
        return ""

    # ------------------------------------------------------------------ results

    def accept(self) -> None:
        if self.problem():
            return
        rows = [row.to_dict() for row in self.rows[:self.count()]]
        seats = [_bot_seat(self.game, r["name"], r["level"]) if r["kind"] == "bot"
                 else Seat(r["name"]) for r in rows]
        text = self.seed.text().strip()
        leader = self.first_leader.currentData()
        options = {} if leader is None else {"first_leader": int(leader)}
        self._config = GameConfig(self.game_id, seats, int(text) if text else None, options)
        self._settings.last_seats = rows
        super().accept()

    def config(self) -> GameConfig:
        """The chosen game; only meaningful after the dialog was accepted."""
        if self._config is None:
            raise RuntimeError("NewGameDialog.config() before the dialog was accepted")
        return self._config

    def settings(self) -> Any:
        """A copy of the settings with last_seats updated (after acceptance) for saving."""
        return self._settings
