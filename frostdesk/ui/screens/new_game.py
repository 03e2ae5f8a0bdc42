"""Setting up a game: who sits at the table, which seats are bots, who leads first, the seed.

`NewGameDialog` edits the seats and returns a `GameConfig`; `quick_solo_config` builds the
one-click "you + 3 bots" table without a dialog. Both remember nothing on their own: the
caller saves `dialog.settings()` (which carries the seats as `last_seats`).

Frontier Stations (cooperative) gets its own version of the same dialog: stations instead of
seats, bot crews instead of bot levels, one Nexus per station, the difficulty (presets, prices,
distress beacons) and the first Captain. One person may run several stations: human stations
may share a name. Its remembered stations sit in `last_seats` too, tagged with
`"game": "frontier-stations"`, so each game keeps its own table.
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
from frostdesk.engine.registry import get, load_game
from frostdesk.ui.screens import (
    BASE_POINT_SIZE,
    ERROR_COLOUR,
    error_label,
    label,
    make_primary,
    readable_font,
)

BOT_NAMES = ("Bot Aster", "Bot Boreal", "Bot Cirrus", "Bot Drift", "Bot Eira")
NAME_MAX = 20
KINDS = (("human", "Human"), ("bot", "Bot"))
DEFAULT_LEVEL = "normal"

# ---- Frontier Stations (cooperative): the words and choices of its dialog.
STATIONS = "frontier-stations"
CREW_KINDS = (("human", "Human"), ("bot", "Bot crew"))
# Bots play with the team, so their levels read as crews, not opponents.
CREW_LEVELS: list[tuple[str, str]] = [("steady", "Crew (steady)"), ("rookie", "Crew (rookie)")]
CREW_BOTS = {"steady": "heuristic", "rookie": "easy"}  # level -> make_agent name
CREW_TIPS = {"steady": "Plays carefully and the same way every time.",
             "rookie": "Mostly sensible, but slips now and then."}
DEFAULT_CREW = "steady"
NEXUS_KINDS: list[tuple[str, str]] = [("standard", "Standard"), ("heavy", "Heavy (easier)"),
                                      ("light", "Light (harder)")]
NEXUS_ALL: list[tuple[str, str]] = [("standard", "Standard Nexus for every station"),
                                    ("heavy", "Heavy Nexus for every station (easier)"),
                                    ("light", "Light Nexus for every station (harder)"),
                                    ("mixed", "Chosen per station (in the table above)")]
PRICES: list[tuple[int, str]] = [(-1, "1 credit cheaper (−1)"), (0, "As printed"),
                                 (1, "1 credit dearer (+1)"), (2, "2 credits dearer (+2)")]
DEFAULT_BEACONS = 2
MAX_BEACONS = 4
# key, label, Nexus for every station, price adjustment, distress beacons
PRESETS: list[tuple[str, str, str, int, int]] = [
    ("standard", "Standard", "standard", 0, DEFAULT_BEACONS),
    ("easier", "Easier (Heavy Nexus)", "heavy", 0, DEFAULT_BEACONS),
    ("harder", "Harder (Light Nexus)", "light", 0, DEFAULT_BEACONS),
    ("hardest", "Hardest (+1 price)", "standard", 1, DEFAULT_BEACONS),
]
CUSTOM = "custom"


def crew_bot(game: Any, level: str) -> str:
    """The make_agent name of a bot crew at `level` (steady or rookie) in `game`."""
    from frostdesk.ai import agent_names

    name = CREW_BOTS.get(level, CREW_BOTS[DEFAULT_CREW])
    return name if name in agent_names(game) else "heuristic"


def stations_options(nexus: list[str], price: int = 0, beacons: int = DEFAULT_BEACONS,
                     first: int | None = None) -> dict[str, Any]:
    """Frontier Stations' setup options: one Nexus kind for all, else one per station."""
    kinds = list(nexus) or ["standard"]
    options: dict[str, Any] = {"nexus": kinds[0] if len(set(kinds)) == 1 else ",".join(kinds),
                               "price": int(price), "beacons": int(beacons)}
    if first is not None:
        options["first"] = int(first)
    return options


def _station_entry(entry: Any) -> bool:
    """Whether a remembered seat is a Frontier Stations one (untagged ones are the others')."""
    return isinstance(entry, dict) and entry.get("game") == STATIONS


@dataclass
class GameConfig:
    """Everything needed to start a session: Session.new(game, options, seed, seats)."""

    game_id: str
    seats: list[Seat]
    seed: int | None  # None: pick a random seed when the game starts
    options: dict[str, Any] = field(default_factory=dict)  # {"first_leader": seat} or {}


def _section(title: str) -> tuple[QVBoxLayout, QFormLayout]:
    """A titled column of the dialog with its form (the form is not added yet)."""
    column = QVBoxLayout()
    column.setSpacing(8)
    column.addWidget(label(title, "sectionHeader", point_size=13, bold=True))
    form = QFormLayout()
    form.setHorizontalSpacing(12)
    form.setVerticalSpacing(8)
    return column, form


def _bot_seat(game: Any, name: str, level: str) -> Seat:
    return Seat(name, "bot", bot_for_level(game, level))


def quick_solo_config(game_id: str, settings: Any) -> GameConfig:
    """The player (settings.player_name) against three Normal bots, random seed and Leader."""
    game = load_game(game_id)
    you = (getattr(settings, "player_name", "") or "Player").strip() or "Player"
    bots = [n for n in BOT_NAMES if n.casefold() != you.casefold()][:3]
    bots = bots[:max(0, min(3, game.max_players - 1))]
    if game_id == STATIONS:
        # You run station 1; three steady bot crews run the others; standard difficulty.
        crews = [Seat(n, "bot", crew_bot(game, DEFAULT_CREW)) for n in bots]
        return GameConfig(game_id, [Seat(you)] + crews, None,
                          stations_options(["standard"] * (1 + len(crews))))
    seats = [Seat(you)] + [_bot_seat(game, n, DEFAULT_LEVEL) for n in bots]
    return GameConfig(game_id, seats, None, {})


def _level_keys() -> list[str]:
    return [key for key, _ in LEVELS]


def _remembered_seats(settings: Any, lo: int, hi: int) -> list[dict[str, str]]:
    """settings.last_seats when it is usable, else the player plus three Normal bots."""
    seats: list[dict[str, str]] = []
    remembered = [s for s in getattr(settings, "last_seats", None) or []
                  if not _station_entry(s)]
    for s in remembered:
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


def _remembered_stations(settings: Any, lo: int, hi: int) -> list[dict[str, str]]:
    """The last Frontier Stations table when it is usable, else you plus three bot crews."""
    crews = [k for k, _ in CREW_LEVELS]
    kinds = [k for k, _ in NEXUS_KINDS]
    seats: list[dict[str, str]] = []
    for s in getattr(settings, "last_seats", None) or []:
        if not _station_entry(s):
            continue
        if not isinstance(s.get("name"), str):
            seats = []
            break
        seats.append({"name": s["name"][:NAME_MAX],
                      "kind": s.get("kind") if s.get("kind") in ("human", "bot") else "human",
                      "level": s.get("level") if s.get("level") in crews else DEFAULT_CREW,
                      "nexus": s.get("nexus") if s.get("nexus") in kinds else "standard"})
    if lo <= len(seats) <= hi:
        return seats
    you = (getattr(settings, "player_name", "") or "Player").strip() or "Player"
    default = [{"name": you, "kind": "human", "level": DEFAULT_CREW, "nexus": "standard"}]
    default += [{"name": n, "kind": "bot", "level": DEFAULT_CREW, "nexus": "standard"}
                for n in BOT_NAMES if n.casefold() != you.casefold()]
    return default[:max(lo, min(4, hi))]


class SeatRow:
    """The widgets of one seat: name, Human/Bot and bot level (and a station's Nexus)."""

    def __init__(self, index: int, stations: bool = False) -> None:
        noun = "Station" if stations else "Seat"
        self.number = label(f"{index + 1}", "seatNumber", bold=True)
        self.number.setAlignment(Qt.AlignmentFlag.AlignCenter)
        self.name = QLineEdit()
        self.name.setObjectName("seatName")
        self.name.setMaxLength(NAME_MAX)
        self.name.setPlaceholderText("Name")
        self.name.setAccessibleName(f"{noun} {index + 1} name")
        self.kind = QComboBox()
        self.kind.setObjectName("seatKind")
        self.kind.setAccessibleName(f"{noun} {index + 1} human or bot")
        for key, text in (CREW_KINDS if stations else KINDS):
            self.kind.addItem(text, key)
        self.level = QComboBox()
        self.level.setObjectName("seatLevel")
        self.level.setAccessibleName(f"{noun} {index + 1} " + ("bot crew" if stations
                                                               else "bot level"))
        for key, text in (CREW_LEVELS if stations else LEVELS):
            self.level.addItem(text, key)
            if stations:
                self.level.setItemData(self.level.count() - 1, CREW_TIPS[key],
                                       Qt.ItemDataRole.ToolTipRole)
        self.nexus: QComboBox | None = None
        if stations:
            self.nexus = QComboBox()
            self.nexus.setObjectName("seatNexus")
            self.nexus.setAccessibleName(f"Station {index + 1} Nexus")
            self.nexus.setToolTip("The station's starting Nexus: a Heavy one stores more "
                                  "(easier), a Light one less (harder).")
            for key, text in NEXUS_KINDS:
                self.nexus.addItem(text, key)
        for w in (self.name, self.kind, self.level, self.nexus):
            if w is not None:
                w.setMinimumHeight(34)
        self.stations = stations
        # A human seat has no level: hide the box but keep its column from collapsing.
        policy = self.level.sizePolicy()
        policy.setRetainSizeWhenHidden(True)
        self.level.setSizePolicy(policy)
        self.index = index
        self._shown = True
        self.kind.currentIndexChanged.connect(self._kind_changed)
        self._kind_changed()

    def widgets(self) -> list[QWidget]:
        extra = [self.nexus] if self.nexus is not None else []
        return [self.number, self.name, self.kind, self.level] + extra

    def set_visible(self, visible: bool) -> None:
        self._shown = visible
        if self.stations:
            # A station row out of play gives its height back (up to six rows must fit).
            policy = self.level.sizePolicy()
            policy.setRetainSizeWhenHidden(visible)
            self.level.setSizePolicy(policy)
        for w in self.widgets():
            w.setVisible(visible)
        self._kind_changed()

    def load(self, seat: dict[str, str]) -> None:
        self.name.setText(seat["name"])
        self.kind.setCurrentIndex(max(0, self.kind.findData(seat["kind"])))
        self.level.setCurrentIndex(max(0, self.level.findData(seat["level"])))
        if self.nexus is not None:
            self.nexus.setCurrentIndex(max(0, self.nexus.findData(seat.get("nexus"))))

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
            # The size is part of the rule both ways: a sheet set and then cleared leaves the
            # edit on the application's default font instead of the dialog's.
            size = f"font-size: {max(BASE_POINT_SIZE, self.name.font().pointSizeF()):g}pt;"
            self.name.setStyleSheet(f"border: 2px solid {ERROR_COLOUR}; {size}" if invalid
                                    else f"QLineEdit {{ {size} }}")

    def to_dict(self) -> dict[str, str]:
        out = {"name": self.name.text().strip(), "kind": str(self.kind.currentData()),
               "level": str(self.level.currentData())}
        if self.nexus is not None:
            out["nexus"] = str(self.nexus.currentData())
        return out


class NewGameDialog(QDialog):
    """Choose the seats, the first Leader and (optionally) the seed for a new game.

    For Frontier Stations: the stations, who runs each, each station's Nexus, the difficulty
    and the first Captain (see the module docstring).
    """

    def __init__(self, game_id: str, settings: Any, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setObjectName("newGameDialog")
        readable_font(self)
        self.game_id = game_id
        self.game = load_game(game_id)
        self.stations = game_id == STATIONS
        self._settings = copy.deepcopy(settings)
        self._config: GameConfig | None = None
        self._syncing = False
        lo, hi = self.game.min_players, self.game.max_players
        title = get(game_id).title
        self.setWindowTitle(f"New game — {title}")

        box = QVBoxLayout(self)
        box.setContentsMargins(24, 20, 24, 20)
        box.setSpacing(14)
        if self.stations:  # up to six stations and the difficulty must fit 1280x720
            box.setContentsMargins(24, 16, 24, 16)
            box.setSpacing(10)
        box.addWidget(label(f"New game of {title}", "title", point_size=20, bold=True))

        count_row = QHBoxLayout()
        self.player_count = QSpinBox()
        self.player_count.setObjectName("playerCount")
        self.player_count.setRange(lo, hi)
        self.player_count.setSuffix(" stations" if self.stations else " players")
        self.player_count.setMinimumWidth(140)
        self.player_count.setMinimumHeight(34)
        players_label = label("Stations:" if self.stations else "Players:")
        players_label.setBuddy(self.player_count)
        count_row.addWidget(players_label)
        count_row.addWidget(self.player_count)
        if self.stations:
            count_row.addSpacing(28)
            self.preset = QComboBox()
            self.preset.setObjectName("difficulty")
            self.preset.setAccessibleName("Difficulty")
            for key, text, *_ in PRESETS:
                self.preset.addItem(text, key)
            self.preset.addItem("Custom", CUSTOM)
            self.preset.setItemData(self.preset.count() - 1,
                                    "Your own mix of Nexus, prices and beacons (below)",
                                    Qt.ItemDataRole.ToolTipRole)
            self.preset.setMinimumHeight(34)
            self.preset.setMinimumWidth(230)
            preset_label = label("Difficulty:")
            preset_label.setBuddy(self.preset)
            count_row.addWidget(preset_label)
            count_row.addWidget(self.preset)
        count_row.addStretch(1)
        box.addLayout(count_row)

        grid = QGridLayout()
        grid.setHorizontalSpacing(12)
        grid.setVerticalSpacing(6 if self.stations else 8)
        headers = (("Station", "Name", "Run by", "Bot crew", "Nexus") if self.stations
                   else ("Seat", "Name", "Plays as", "Bot level"))
        for col, text in enumerate(headers):
            grid.addWidget(label(text, "columnHeader", bold=True), 0, col)
        self.rows = [SeatRow(i, self.stations) for i in range(hi)]
        for i, row in enumerate(self.rows):
            for col, w in enumerate(row.widgets()):
                grid.addWidget(w, i + 1, col)
        grid.setColumnStretch(1, 1)
        grid.setColumnMinimumWidth(1, 220 if self.stations else 240)
        grid.setColumnMinimumWidth(0, 48)
        box.addLayout(grid)

        self.error = error_label()
        box.addWidget(self.error)
        self.share_hint = None
        if self.stations:
            self.share_hint = label("Running several stations yourself? Give them all your "
                                    "name: no hand-off between them.", "hint", point_size=11,
                                    wrap=True)
            box.addWidget(self.share_hint)

        if self.stations:
            self._build_station_options(box)
        else:
            self._build_options(box)
        box.addStretch(1)

        self.buttons = QDialogButtonBox(QDialogButtonBox.StandardButton.Ok
                                        | QDialogButtonBox.StandardButton.Cancel)
        self.ok_button: QPushButton = self.buttons.button(QDialogButtonBox.StandardButton.Ok)
        self.ok_button.setText("Start game")
        make_primary(self.ok_button)
        self.buttons.accepted.connect(self.accept)
        self.buttons.rejected.connect(self.reject)
        box.addWidget(self.buttons)

        if self.stations:
            seats = _remembered_stations(self._settings, lo, hi)
            blank = {"kind": "bot", "level": DEFAULT_CREW, "nexus": "standard"}
        else:
            seats = _remembered_seats(self._settings, lo, hi)
            blank = {"kind": "bot", "level": DEFAULT_LEVEL}
        taken = {s["name"].casefold() for s in seats}
        spare = iter([n for n in BOT_NAMES if n.casefold() not in taken]
                     + [f"Player {i + 1}" for i in range(hi)])
        for i, row in enumerate(self.rows):
            row.load(seats[i] if i < len(seats) else dict(blank, name=next(spare)))
            row.name.textChanged.connect(self._refresh)
            if self.stations:
                row.kind.currentIndexChanged.connect(self._refresh)
                assert row.nexus is not None
                row.nexus.currentIndexChanged.connect(self._row_nexus_changed)
        self.player_count.setValue(len(seats))
        self.player_count.valueChanged.connect(self._refresh)
        if self.stations:
            self._match_preset()
        self._refresh()
        self.resize(860 if self.stations else 640, self.sizeHint().height())

    # ------------------------------------------------------------------ layout

    def _build_options(self, box: QVBoxLayout) -> None:
        """Frost Shelter: the first Leader and the seed."""
        form = QFormLayout()
        form.setHorizontalSpacing(12)
        self.first_leader = QComboBox()
        self.first_leader.setObjectName("firstLeader")
        self.first_leader.setMinimumWidth(260)
        self.first_leader.setMaximumWidth(360)
        self.first_leader.setSizeAdjustPolicy(QComboBox.SizeAdjustPolicy.AdjustToContents)
        self.first_leader.setMinimumHeight(34)
        form.addRow("First Leader:", self.first_leader)
        self.seed = self._seed_edit()
        form.addRow("Seed:", self.seed)
        form.addRow("", label("Leave the seed empty for a random deal; the same seed and the same "
                              "moves always give the same game.", "hint", point_size=11,
                              wrap=True))
        box.addLayout(form)

    def _seed_edit(self) -> QLineEdit:
        seed = QLineEdit()
        seed.setObjectName("seed")
        seed.setPlaceholderText("random")
        seed.setValidator(QRegularExpressionValidator(QRegularExpression(r"\d{0,12}")))
        seed.setMaximumWidth(220)
        seed.setMinimumHeight(34)
        return seed

    def _build_station_options(self, box: QVBoxLayout) -> None:
        """Frontier Stations: Nexus for all, prices, beacons (left); Captain and seed (right)."""
        columns = QHBoxLayout()
        columns.setSpacing(36)

        left, form = _section("Difficulty details")
        self.nexus_all = QComboBox()
        self.nexus_all.setObjectName("nexusAll")
        self.nexus_all.setAccessibleName("Nexus for every station")
        for key, text in NEXUS_ALL:
            self.nexus_all.addItem(text, key)
        self.price = QComboBox()
        self.price.setObjectName("price")
        self.price.setAccessibleName("Improvement prices")
        self.price.setToolTip("Added to the cost of every system, upgrade and attack on a "
                              "threat. Prices weigh more than the Nexus.")
        for value, text in PRICES:
            self.price.addItem(text, value)
        self.beacons = QSpinBox()
        self.beacons.setObjectName("beacons")
        self.beacons.setAccessibleName("Distress beacons")
        self.beacons.setRange(0, MAX_BEACONS)
        self.beacons.setToolTip("Each beacon cancels one threat activation, once per game.")
        for w in (self.nexus_all, self.price, self.beacons):
            w.setMinimumHeight(34)
        self.beacons.setMaximumWidth(120)
        self.price.setMinimumWidth(220)
        form.addRow("Nexus:", self.nexus_all)
        form.addRow("Prices:", self.price)
        beacon_row = QHBoxLayout()
        beacon_row.setSpacing(10)
        beacon_row.addWidget(self.beacons)
        beacon_row.addWidget(label("each cancels one threat activation", "hint", point_size=11))
        beacon_row.addStretch(1)
        form.addRow("Distress beacons:", beacon_row)
        left.addLayout(form)
        left.addStretch(1)
        columns.addLayout(left, 3)

        right, form2 = _section("Start")
        self.first_leader = QComboBox()
        self.first_leader.setObjectName("firstLeader")
        self.first_leader.setAccessibleName("First Captain")
        self.first_leader.setToolTip("The Captain takes the first turn and holds the distress "
                                     "beacons.")
        self.first_leader.setMinimumWidth(200)
        self.first_leader.setMinimumHeight(34)
        form2.addRow("Captain:", self.first_leader)
        self.seed = self._seed_edit()
        form2.addRow("Seed:", self.seed)
        right.addLayout(form2)
        right.addWidget(label("Empty seed: a random game. A seed and the same moves replay "
                              "the same game.", "hint", point_size=11, wrap=True))
        right.addStretch(1)
        columns.addLayout(right, 2)
        box.addLayout(columns)

        self.beacons.setValue(DEFAULT_BEACONS)
        self.price.setCurrentIndex(self.price.findData(0))
        self.preset.activated.connect(self._preset_chosen)
        self.nexus_all.activated.connect(self._nexus_all_chosen)
        self.price.currentIndexChanged.connect(self._match_preset)
        self.beacons.valueChanged.connect(self._match_preset)

    # ------------------------------------------------------------------ difficulty

    def _kinds(self) -> list[str]:
        """The Nexus kind of every station in play."""
        return [str(row.nexus.currentData()) for row in self.rows[:self.count()]
                if row.nexus is not None]

    def apply_preset(self, key: str) -> None:
        """Set the Nexus of every station, the prices and the beacons from a preset."""
        for k, _, nexus, price, beacons in PRESETS:
            if k == key:
                self._syncing = True
                for row in self.rows:
                    assert row.nexus is not None
                    row.nexus.setCurrentIndex(row.nexus.findData(nexus))
                self.price.setCurrentIndex(self.price.findData(price))
                self.beacons.setValue(beacons)
                self._syncing = False
                break
        self._match_preset()

    def _preset_chosen(self, _index: int = 0) -> None:
        key = self.preset.currentData()
        if key != CUSTOM:
            self.apply_preset(str(key))

    def _nexus_all_chosen(self, _index: int = 0) -> None:
        key = self.nexus_all.currentData()
        if key == "mixed":
            return
        self._syncing = True
        for row in self.rows:
            assert row.nexus is not None
            row.nexus.setCurrentIndex(row.nexus.findData(key))
        self._syncing = False
        self._match_preset()

    def _row_nexus_changed(self, _index: int = 0) -> None:
        if not self._syncing:
            self._match_preset()

    def _match_preset(self, *_args: Any) -> None:
        """Show which preset the controls amount to (Custom when none), and the Nexus mix."""
        if self._syncing or not self.stations:
            return
        kinds = self._kinds()
        same = kinds[0] if kinds and len(set(kinds)) == 1 else "mixed"
        self.nexus_all.setCurrentIndex(self.nexus_all.findData(same))
        price, beacons = self.price.currentData(), self.beacons.value()
        key = next((k for k, _, nexus, p, b in PRESETS
                    if (nexus, p, b) == (same, price, beacons)), CUSTOM)
        self.preset.setCurrentIndex(self.preset.findData(key))

    def options(self) -> dict[str, Any]:
        """The game options the controls describe (Frost Shelter: the first Leader only)."""
        leader = self.first_leader.currentData()
        if not self.stations:
            return {} if leader is None else {"first_leader": int(leader)}
        return stations_options(self._kinds(), int(self.price.currentData()),
                                self.beacons.value(), None if leader is None else int(leader))

    # ------------------------------------------------------------------ state

    def count(self) -> int:
        return self.player_count.value()

    def _refresh(self) -> None:
        n = self.count()
        for i, row in enumerate(self.rows):
            row.set_visible(i < n)
        if self.stations:
            self.player_count.setSuffix(" station" if n == 1 else " stations")
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
        if self.stations:
            self._match_preset()

        problem = self.problem()
        for i, row in enumerate(self.rows):
            row.set_invalid(i < n and i in self._clashes(names))
        self.error.setText(f"⚠ {problem}" if problem else "")
        self.error.setVisible(bool(problem))
        self.ok_button.setEnabled(not problem)
        # Grow with the rows so a fifth seat never squeezes the others.
        want = self.sizeHint().height()
        if self.height() < want:
            self.resize(self.width(), want)

    def _clashes(self, names: list[str]) -> set[int]:
        """Rows whose name is empty or taken by another seat it may not share with."""
        folded = [nm.casefold() for nm in names]
        bots = [row.is_bot() for row in self.rows[:len(names)]]
        out = set()
        for i, name in enumerate(folded):
            if not name:
                out.add(i)
            elif self.stations:
                # Human stations may share a name (one person, several stations); a bot
                # crew's name must be its own.
                if any(j != i and folded[j] == name and (bots[i] or bots[j])
                       for j in range(len(folded))):
                    out.add(i)
            elif folded.count(name) > 1:
                out.add(i)
        return out

    def problem(self) -> str:
        """Why the table cannot start yet, in one line ('' when it can)."""
        names = [row.name.text().strip() for row in self.rows[:self.count()]]
        noun = "Station" if self.stations else "Seat"
        for i, name in enumerate(names):
            if not name:
                return f"{noun} {i + 1} needs a name."
        seen: dict[str, int] = {}
        for i, name in enumerate(names):
            j = seen.setdefault(name.casefold(), i)
            if j == i:
                continue
            if not self.stations:
                return (f"Seats {j + 1} and {i + 1} are both called “{name}”: "
                        f"every player needs a different name.")
            if self.rows[i].is_bot() or self.rows[j].is_bot():
                return (f"Stations {j + 1} and {i + 1} are both called “{name}”: a bot crew "
                        f"needs a name of its own.")
        dealable = getattr(self.game, "_nexus_dealable", None)
        if self.stations and dealable is not None and not dealable(self._kinds()):
            return "The Nexus cards cannot show that mix of Nexus kinds; change one station."
        return ""

    # ------------------------------------------------------------------ results

    def accept(self) -> None:
        if self.problem():
            return
        rows = [row.to_dict() for row in self.rows[:self.count()]]
        if self.stations:
            seats = [Seat(r["name"], "bot", crew_bot(self.game, r["level"]))
                     if r["kind"] == "bot" else Seat(r["name"]) for r in rows]
        else:
            seats = [_bot_seat(self.game, r["name"], r["level"]) if r["kind"] == "bot"
                     else Seat(r["name"]) for r in rows]
        text = self.seed.text().strip()
        self._config = GameConfig(self.game_id, seats, int(text) if text else None,
                                  self.options())
        # Each game remembers its own table: keep the other game's seats as they were.
        old = list(getattr(self._settings, "last_seats", None) or [])
        if self.stations:
            self._settings.last_seats = ([dict(r, game=STATIONS) for r in rows]
                                         + [s for s in old if not _station_entry(s)])
        else:
            self._settings.last_seats = rows + [s for s in old if _station_entry(s)]
        super().accept()

    def config(self) -> GameConfig:
        """The chosen game; only meaningful after the dialog was accepted."""
        if self._config is None:
            raise RuntimeError("NewGameDialog.config() before the dialog was accepted")
        return self._config

    def settings(self) -> Any:
        """A copy of the settings with last_seats updated (after acceptance) for saving."""
        return self._settings
