"""Setting up a game: who sits at the table, who plays each seat, the options and the seed.

`NewGameDialog` edits the table and returns a `GameConfig`; `quick_solo_config` (seating.py)
builds the one-click "you + 3 bots" table without a dialog. Both remember nothing on their
own: the caller saves `dialog.settings()` (which carries the seats as `last_seats`).

Everything game-specific comes from the game's `GameDescription` (frostdesk/engine/registry.py):

- the seat rows: name, Human or `words.bot`, the bot level (`levels`, with their tips) and one
  column per `per_seat` option;
- the game-wide options, built by kind (choice: a combo box, int: a spin box, bool: a check
  box, multi: one check box per choice with its tip as a one-line summary), with the
  presets above them ("Custom" when the controls match none) and, for each per-seat option,
  a combo that sets it for every seat;
- the option that picks the first seat (`words.first`, setup key `words.first_key`);
- the name rule: `words.humans_share_names` lets one person run several seats.

Each game remembers its own table in `last_seats` (seating.py says how).
"""

from __future__ import annotations

import copy
import re
from functools import partial
from typing import Any

from PySide6.QtCore import QRegularExpression, QSize, Qt, Signal
from PySide6.QtGui import QRegularExpressionValidator, QShowEvent
from PySide6.QtWidgets import (
    QCheckBox,
    QComboBox,
    QDialog,
    QDialogButtonBox,
    QFormLayout,
    QFrame,
    QGridLayout,
    QHBoxLayout,
    QLabel,
    QLineEdit,
    QPushButton,
    QScrollArea,
    QSpinBox,
    QVBoxLayout,
    QWidget,
)

from frostdesk.engine.registry import GameDescription, Option, get, load_game
from frostdesk.engine.session import Seat
from frostdesk.ui.screens import (
    BASE_POINT_SIZE,
    ERROR_COLOUR,
    error_label,
    label,
    make_primary,
    readable_font,
    screen_room,
    spin_box,
)
from frostdesk.ui.screens.seating import (
    BOT_NAMES,
    NAME_MAX,
    GameConfig,
    blank_seat,
    bot_for,
    game_wide,
    levels,
    mine,
    per_seat,
    quick_solo_config,
    remembered_seats,
    setup_options,
    singular,
)

__all__ = ["GameConfig", "NewGameDialog", "SeatRow", "quick_solo_config"]

CUSTOM = "custom"  # the preset combo's entry for controls that match no preset
PER_SEAT = "\x00per-seat"  # the "all seats" combo's entry for values chosen seat by seat
CONTROL_HEIGHT = 34


# ---------------------------------------------------------------------- controls


def _same(a: Any, b: Any) -> bool:
    return bool(a == b) or str(a) == str(b)


def _select(combo: QComboBox, value: Any) -> None:
    """Show the item whose data is `value` (compared as text too: 1 and "1")."""
    index = combo.findData(value)
    if index < 0:
        index = next((i for i in range(combo.count()) if _same(combo.itemData(i), value)), 0)
    combo.setCurrentIndex(index)


def choice_combo(option: Option, name: str) -> QComboBox:
    """A combo box with an option's choices (their tips as item tooltips)."""
    combo = QComboBox()
    combo.setObjectName(name)
    for c in option.choices:
        combo.addItem(c.label, c.value)
        if c.tip:
            combo.setItemData(combo.count() - 1, c.tip, Qt.ItemDataRole.ToolTipRole)
    if option.tip:
        combo.setToolTip(option.tip)
    combo.setMinimumHeight(CONTROL_HEIGHT)
    return combo


class MultiChoice(QWidget):
    """A "multi" option's control: one check box per choice (its label, and its tip as a
    one-line summary beside it); its value is the tuple of the checked choices' values."""

    changed = Signal()

    def __init__(self, option: Option) -> None:
        super().__init__()
        self.setObjectName(option.key)
        grid = QGridLayout(self)
        grid.setContentsMargins(0, 0, 0, 0)
        grid.setHorizontalSpacing(10)
        grid.setVerticalSpacing(2)
        self.boxes: dict[str, QCheckBox] = {}
        self.summaries: dict[str, QLabel] = {}
        self.choices = {str(c.value): c for c in option.choices}
        for row, c in enumerate(option.choices):
            box = QCheckBox(c.label)
            box.setObjectName(f"{option.key}_{c.value}")
            box.setAccessibleName(f"{option.label}: {c.label}")
            box.setMinimumHeight(CONTROL_HEIGHT - 6)
            if c.tip:
                box.setToolTip(c.tip)
            box.toggled.connect(self.changed)
            self.boxes[str(c.value)] = box
            grid.addWidget(box, row, 0, Qt.AlignmentFlag.AlignTop)
            if c.tip:  # wrapped only when the dialog is too narrow for the whole line
                summary = label(c.tip, "hint", point_size=11, wrap=True)
                summary.setMinimumWidth(200)
                grid.addWidget(summary, row, 1)
                self.summaries[str(c.value)] = summary
        grid.setColumnStretch(1, 1)
        self.set_value(option.default)

    def value(self) -> tuple[str, ...]:
        return tuple(key for key, box in self.boxes.items() if box.isChecked())

    def set_players(self, players: int) -> None:
        """A choice that needs more players is unchecked and unavailable, and its summary
        (and tooltip) say why (registry.Choice.min_players)."""
        for key, box in self.boxes.items():
            c = self.choices[key]
            why = c.unavailable(players)
            if why and box.isChecked():
                box.setChecked(False)
            box.setEnabled(not why)
            box.setToolTip(why or c.tip)
            summary = self.summaries.get(key)
            if summary is not None:
                summary.setText(why or c.tip)

    def set_value(self, value: Any) -> None:
        if isinstance(value, str):
            value = [w.strip() for w in value.split(",")]
        wanted = {str(v) for v in (value or ())}
        for key, box in self.boxes.items():
            box.setChecked(key in wanted)


def control_for(option: Option) -> QWidget:
    """The control of a game-wide option, set to its default."""
    widget: QWidget
    if option.kind == "multi":
        widget = MultiChoice(option)
        widget.setAccessibleName(option.label)
        if option.tip:
            widget.setToolTip(option.tip)
        return widget
    if option.kind == "choice":
        combo = choice_combo(option, option.key)
        combo.setMinimumWidth(220)
        _select(combo, option.default)
        widget = combo
    elif option.kind == "int":
        spin = spin_box(option.key)
        spin.setRange(option.minimum, option.maximum)
        spin.setValue(int(str(option.default)))
        spin.setMaximumWidth(120)
        widget = spin
    else:
        box = QCheckBox(option.hint)  # the hint reads as the box's own words
        box.setObjectName(option.key)
        box.setChecked(bool(option.default))
        widget = box
    widget.setAccessibleName(option.label)
    if option.tip:
        widget.setToolTip(option.tip)
    widget.setMinimumHeight(CONTROL_HEIGHT)
    return widget


def control_value(widget: QWidget) -> Any:
    if isinstance(widget, MultiChoice):
        return widget.value()
    if isinstance(widget, QComboBox):
        return widget.currentData()
    if isinstance(widget, QSpinBox):
        return widget.value()
    assert isinstance(widget, QCheckBox)
    return widget.isChecked()


def set_control(widget: QWidget, value: Any) -> None:
    if isinstance(widget, MultiChoice):
        widget.set_value(value)
    elif isinstance(widget, QComboBox):
        _select(widget, value)
    elif isinstance(widget, QSpinBox):
        widget.setValue(int(value))
    elif isinstance(widget, QCheckBox):
        widget.setChecked(bool(value))


def _changed_signal(widget: QWidget) -> Any:
    if isinstance(widget, MultiChoice):
        return widget.changed
    if isinstance(widget, QComboBox):
        return widget.currentIndexChanged
    if isinstance(widget, QSpinBox):
        return widget.valueChanged
    assert isinstance(widget, QCheckBox)
    return widget.toggled


def for_every(choice_label: str, noun: str) -> str:
    """'Blue (calm)' -> 'Blue for every seat (calm)'."""
    head, sep, tail = choice_label.partition(" (")
    if sep and tail.endswith(")"):
        return f"{head} for every {noun} ({tail}"
    return f"{choice_label} for every {noun}"


def _section(title: str) -> tuple[QVBoxLayout, QFormLayout]:
    """A titled column of the dialog with its form (the form is not added yet)."""
    column = QVBoxLayout()
    column.setSpacing(8)
    column.addWidget(label(title, "sectionHeader", point_size=13, bold=True))
    form = QFormLayout()
    form.setHorizontalSpacing(12)
    form.setVerticalSpacing(8)
    return column, form


def _seed_edit() -> QLineEdit:
    seed = QLineEdit()
    seed.setObjectName("seed")
    seed.setPlaceholderText("random")
    seed.setValidator(QRegularExpressionValidator(QRegularExpression(r"\d{0,12}")))
    seed.setMaximumWidth(220)
    seed.setMinimumHeight(CONTROL_HEIGHT)
    return seed


class SeatRow:
    """The widgets of one seat: name, Human or bot, the bot level, the per-seat options."""

    def __init__(self, index: int, desc: GameDescription) -> None:
        words = desc.words
        noun = words.seat
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
        for key, text in (("human", "Human"), ("bot", words.bot)):
            self.kind.addItem(text, key)
        self.level = QComboBox()
        self.level.setObjectName("seatLevel")
        self.level.setAccessibleName(f"{noun} {index + 1} {words.level_header.lower()}")
        for lv in levels(desc):
            self.level.addItem(lv.label, lv.key)
            if lv.tip:
                self.level.setItemData(self.level.count() - 1, lv.tip,
                                       Qt.ItemDataRole.ToolTipRole)
        # One combo per per-seat option, by its key (the option's column).
        self.options: dict[str, QComboBox] = {}
        for o in per_seat(desc):
            combo = choice_combo(o, "seat" + o.key[:1].upper() + o.key[1:])
            combo.setAccessibleName(f"{noun} {index + 1} {o.label}")
            self.options[o.key] = combo
        for w in (self.name, self.kind, self.level):
            w.setMinimumHeight(CONTROL_HEIGHT)
        self.index = index
        self._shown = True
        self.kind.currentIndexChanged.connect(self._kind_changed)
        self._kind_changed()

    def widgets(self) -> list[QWidget]:
        return [self.number, self.name, self.kind, self.level, *self.options.values()]

    def set_visible(self, visible: bool) -> None:
        self._shown = visible
        # A human seat has no level: its box is hidden but keeps the column from collapsing;
        # a row out of play gives its height back (up to six rows must fit 1280x720).
        policy = self.level.sizePolicy()
        policy.setRetainSizeWhenHidden(visible)
        self.level.setSizePolicy(policy)
        for w in self.widgets():
            w.setVisible(visible)
        self._kind_changed()

    def load(self, seat: dict[str, Any]) -> None:
        self.name.setText(seat["name"])
        self.kind.setCurrentIndex(max(0, self.kind.findData(seat["kind"])))
        self.level.setCurrentIndex(max(0, self.level.findData(seat["level"])))
        for key, combo in self.options.items():
            _select(combo, seat.get(key))

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

    def to_dict(self) -> dict[str, Any]:
        out: dict[str, Any] = {"name": self.name.text().strip(),
                               "kind": str(self.kind.currentData()),
                               "level": str(self.level.currentData())}
        out.update({key: combo.currentData() for key, combo in self.options.items()})
        return out


class _BodyScroll(QScrollArea):
    """The new-game dialog's seats and options, scrolling up and down only when the screen is
    too short for them: its size hints are theirs (the width with room for the scroll bar),
    so the dialog sizes itself as it would without it."""

    def _hint(self, inner: QSize) -> QSize:
        return QSize(inner.width() + self.verticalScrollBar().sizeHint().width(),
                     inner.height())

    def sizeHint(self) -> QSize:  # noqa: N802 - Qt's name
        body = self.widget()
        return self._hint(body.sizeHint()) if body is not None else super().sizeHint()

    def minimumSizeHint(self) -> QSize:  # noqa: N802 - Qt's name
        body = self.widget()
        if body is None:
            return super().minimumSizeHint()
        return QSize(self._hint(body.minimumSizeHint()).width(), 120)


class NewGameDialog(QDialog):
    """Choose the seats, the options, the first seat and (optionally) the seed of a game.

    The controls, by what they set: `rows` (the seats), `player_count`, `preset` (None when
    the game has no presets), `controls` (game-wide options by key), `all_seats` (the
    per-seat options' "for every seat" combos by key), `first_seat` (None when the game has
    no such option) and `seed`.
    """

    def __init__(self, game_id: str, settings: Any, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setObjectName("newGameDialog")
        readable_font(self)
        self.game_id = game_id
        self.desc = desc = get(game_id)
        self.game = load_game(game_id)
        self.words = words = desc.words
        self._settings = copy.deepcopy(settings)
        self._config: GameConfig | None = None
        self._syncing = False
        hi = desc.max_players
        self.setWindowTitle(f"New game — {desc.title}")
        # Options below the seats: tighter spacing, so six rows and the options fit 1280x720.
        self.compact = bool(desc.options) or hi > 5

        # Everything but the buttons scrolls when the screen is shorter than the dialog (the
        # main window's minimum is 1024x600): the Start button always shows.
        outer = QVBoxLayout(self)
        margin = 16 if self.compact else 20
        outer.setContentsMargins(0, 0, 0, margin)
        outer.setSpacing(10 if self.compact else 14)
        self.body = QWidget()
        self.body.setObjectName("newGameBody")
        box = QVBoxLayout(self.body)
        box.setContentsMargins(24, margin, 24, 0)
        box.setSpacing(10 if self.compact else 14)
        box.addWidget(label(f"New game of {desc.title}", "title", point_size=20, bold=True))
        box.addLayout(self._count_row())

        grid = QGridLayout()
        grid.setHorizontalSpacing(12)
        grid.setVerticalSpacing(6 if self.compact else 8)
        headers = [words.seat, "Name", words.kind_header, words.level_header]
        headers += [o.label for o in per_seat(desc)]
        for col, text in enumerate(headers):
            grid.addWidget(label(text, "columnHeader", bold=True), 0, col)
        self.rows = [SeatRow(i, desc) for i in range(hi)]
        for i, row in enumerate(self.rows):
            for col, w in enumerate(row.widgets()):
                grid.addWidget(w, i + 1, col)
        grid.setColumnStretch(1, 1)
        grid.setColumnMinimumWidth(1, 220 if per_seat(desc) else 240)
        grid.setColumnMinimumWidth(0, 48)
        box.addLayout(grid)

        self.error = error_label()
        box.addWidget(self.error)
        self.share_hint = None
        if words.share_hint:
            self.share_hint = label(words.share_hint, "hint", point_size=11, wrap=True)
            box.addWidget(self.share_hint)

        self.controls: dict[str, QWidget] = {}
        self.all_seats: dict[str, QComboBox] = {}
        self.first_seat: QComboBox | None = None
        # (form, row, option) of the options shown only at some player counts
        self._counted: list[tuple[QFormLayout, int, Option]] = []
        self._options_header: QWidget | None = None
        if desc.options:
            self._build_option_columns(box)
        else:
            self._build_start_form(box)
        box.addStretch(1)
        self.body_scroll = _BodyScroll()
        self.body_scroll.setObjectName("newGameScroll")
        self.body_scroll.setWidgetResizable(True)
        self.body_scroll.setFrameShape(QFrame.Shape.NoFrame)
        self.body_scroll.setProperty("horizontalScrollBarPolicy", "ScrollBarAlwaysOff")
        self.body_scroll.setWidget(self.body)
        outer.addWidget(self.body_scroll, 1)

        self.buttons = QDialogButtonBox(QDialogButtonBox.StandardButton.Ok
                                        | QDialogButtonBox.StandardButton.Cancel)
        self.ok_button: QPushButton = self.buttons.button(QDialogButtonBox.StandardButton.Ok)
        self.ok_button.setText("Start game")
        make_primary(self.ok_button)
        self.buttons.accepted.connect(self.accept)
        self.buttons.rejected.connect(self.reject)
        button_row = QHBoxLayout()
        button_row.setContentsMargins(24, 0, 24, 0)
        button_row.addWidget(self.buttons)
        outer.addLayout(button_row)

        seats = remembered_seats(desc, self._settings)
        taken = {s["name"].casefold() for s in seats}
        spare = iter([n for n in BOT_NAMES if n.casefold() not in taken]
                     + [f"Player {i + 1}" for i in range(hi)])
        for i, row in enumerate(self.rows):
            row.load(seats[i] if i < len(seats) else dict(blank_seat(desc), name=next(spare)))
            row.name.textChanged.connect(self._refresh)
            row.kind.currentIndexChanged.connect(partial(self._rename_for_kind, row))
            row.kind.currentIndexChanged.connect(self._refresh)
            for combo in row.options.values():
                combo.currentIndexChanged.connect(self._option_changed)
        self.player_count.setValue(len(seats))
        self.player_count.valueChanged.connect(self._refresh)
        self._refresh()
        self.ensurePolished()  # measured with the style sheet's fonts, as it will show
        self.body_scroll.updateGeometry()
        self.resize(max(860 if desc.options else 640, self.sizeHint().width()),
                    self._fitting_height())

    def showEvent(self, event: QShowEvent) -> None:  # noqa: N802
        # polished now (the style sheet's fonts): the body may need more room than measured
        self.body_scroll.updateGeometry()
        super().showEvent(event)

    def _fitting_height(self) -> int:
        """The height that shows everything without scrolling, or the screen's room where
        that is less (`screen_room`): the rest scrolls, the buttons stay."""
        return min(self.sizeHint().height(), screen_room(self)[1])

    def _rename_for_kind(self, row: SeatRow, *_: Any) -> None:
        """A seat keeps a name the person typed; a name the dialog gave follows the seat's
        kind: a bot's name for a bot, "Player N" for a person."""
        name = row.name.text().strip()
        taken = {r.name.text().strip().casefold() for r in self.rows if r is not row}
        if row.is_bot() and (not name or re.fullmatch(r"Player \d+", name)):
            fresh = next((n for n in BOT_NAMES if n.casefold() not in taken), "")
        elif not row.is_bot() and name in BOT_NAMES:
            fresh = next(n for k in range(row.index + 1, row.index + 2 + len(self.rows))
                         if (n := f"Player {k}").casefold() not in taken)
        else:
            return
        if fresh:
            row.name.setText(fresh)

    # ------------------------------------------------------------------ layout

    def _count_row(self) -> QHBoxLayout:
        """How many seats, and the presets (a difficulty) when the game has them."""
        row = QHBoxLayout()
        self.player_count = spin_box("playerCount")
        self.player_count.setRange(self.desc.min_players, self.desc.max_players)
        self.player_count.setSuffix(f" {self.words.players}")
        self.player_count.setMinimumWidth(140)
        self.player_count.setMinimumHeight(CONTROL_HEIGHT)
        players = self.words.players
        count_label = label(f"{players[:1].upper()}{players[1:]}:")
        count_label.setBuddy(self.player_count)
        row.addWidget(count_label)
        row.addWidget(self.player_count)
        self.preset: QComboBox | None = None
        if self.desc.presets:
            row.addSpacing(28)
            self.preset = QComboBox()
            self.preset.setObjectName("difficulty")
            self.preset.setAccessibleName("Difficulty")
            for p in self.desc.presets:
                self.preset.addItem(p.label, p.key)
            self.preset.addItem("Custom", CUSTOM)
            mix = ", ".join(o.label for o in self.desc.options)
            self.preset.setItemData(self.preset.count() - 1, f"Your own mix of {mix} (below)",
                                    Qt.ItemDataRole.ToolTipRole)
            self.preset.setMinimumHeight(CONTROL_HEIGHT)
            self.preset.setMinimumWidth(230)
            preset_label = label("Difficulty:")
            preset_label.setBuddy(self.preset)
            row.addWidget(preset_label)
            row.addWidget(self.preset)
            self.preset.activated.connect(self._preset_chosen)
        row.addStretch(1)
        return row

    def _first_seat_combo(self) -> QComboBox | None:
        if not self.words.first_key:
            return None
        combo = QComboBox()
        combo.setObjectName("firstSeat")
        combo.setAccessibleName(self.words.first)
        if self.words.first_tip:
            combo.setToolTip(self.words.first_tip)
        combo.setMinimumHeight(CONTROL_HEIGHT)
        return combo

    def _build_start_form(self, box: QVBoxLayout) -> None:
        """A game without options: the first seat and the seed, in one form."""
        form = QFormLayout()
        form.setHorizontalSpacing(12)
        self.first_seat = self._first_seat_combo()
        if self.first_seat is not None:
            self.first_seat.setMinimumWidth(260)
            self.first_seat.setMaximumWidth(360)
            self.first_seat.setSizeAdjustPolicy(QComboBox.SizeAdjustPolicy.AdjustToContents)
            form.addRow(f"{self.words.first}:", self.first_seat)
        self.seed = _seed_edit()
        form.addRow("Seed:", self.seed)
        form.addRow("", label("Leave the seed empty for a random deal; the same seed and the same "
                              "moves always give the same game.", "hint", point_size=11,
                              wrap=True))
        box.addLayout(form)

    def _build_option_columns(self, box: QVBoxLayout) -> None:
        """The options (left: every per-seat option for all seats, then the game-wide ones)
        and the start (right: the first seat and the seed)."""
        columns = QHBoxLayout()
        columns.setSpacing(36)

        left, form = _section("Difficulty details" if self.desc.presets else "Options")
        first = left.itemAt(0)
        self._options_header = first.widget() if first is not None else None
        noun = self.words.seat.lower()
        for o in per_seat(self.desc):
            combo = QComboBox()
            combo.setObjectName(f"{o.key}All")
            combo.setAccessibleName(f"{o.label} for every {noun}")
            for c in o.choices:
                if not o.distinct or _same(c.value, o.default):  # a crew each: no "for all"
                    combo.addItem(for_every(c.label, noun), c.value)
            combo.addItem(f"Chosen per {noun} (in the table above)", PER_SEAT)
            if o.tip:
                combo.setToolTip(o.tip)
            combo.setMinimumHeight(CONTROL_HEIGHT)
            combo.activated.connect(partial(self._all_seats_chosen, o.key))
            self.all_seats[o.key] = combo
            form.addRow(f"{o.label}:", combo)
        # a "multi" option (a check box and a summary per choice) takes the dialog's whole
        # width, under both columns: its summaries keep to a line each, the dialog short
        wide = QFormLayout()
        wide.setHorizontalSpacing(12)
        wide.setVerticalSpacing(8)
        for o in game_wide(self.desc):
            control = control_for(o)
            self.controls[o.key] = control
            _changed_signal(control).connect(self._option_changed)
            if o.kind == "multi":
                wide.addRow(f"{o.label}:", control)
                if o.players is not None:
                    self._counted.append((wide, wide.rowCount() - 1, o))
                continue
            if o.hint and o.kind != "bool":
                row = QHBoxLayout()
                row.setSpacing(10)
                row.addWidget(control)
                row.addWidget(label(o.hint, "hint", point_size=11))
                row.addStretch(1)
                form.addRow(f"{o.label}:", row)
            else:
                form.addRow(f"{o.label}:", control)
            if o.players is not None:
                self._counted.append((form, form.rowCount() - 1, o))
        left.addLayout(form)
        left.addStretch(1)
        columns.addLayout(left, 3)

        right, form2 = _section("Start")
        self.first_seat = self._first_seat_combo()
        if self.first_seat is not None:
            self.first_seat.setMinimumWidth(200)
            form2.addRow(f"{self.words.first}:", self.first_seat)
        self.seed = _seed_edit()
        form2.addRow("Seed:", self.seed)
        right.addLayout(form2)
        right.addWidget(label("Empty seed: a random game. A seed and the same moves replay "
                              "the same game.", "hint", point_size=11, wrap=True))
        right.addStretch(1)
        columns.addLayout(right, 2)
        box.addLayout(columns)
        if wide.rowCount():
            box.addLayout(wide)

    # ------------------------------------------------------------------ presets

    def seat_values(self, key: str) -> list[Any]:
        """A per-seat option's value for every seat in play, in seat order."""
        return [row.options[key].currentData() for row in self.rows[:self.count()]]

    def values(self) -> dict[str, Any]:
        """Every option's value as the controls show it (per-seat ones as lists)."""
        out: dict[str, Any] = {}
        for o in self.desc.options:
            out[o.key] = (self.seat_values(o.key) if o.per_seat
                          else control_value(self.controls[o.key]))
        return out

    def _set_option(self, key: str, value: Any) -> None:
        """Set a game-wide option's control, or a per-seat option on every seat."""
        if key in self.controls:
            set_control(self.controls[key], value)
        elif key in self.all_seats:
            for row in self.rows:
                _select(row.options[key], value)

    def apply_preset(self, key: str) -> None:
        """Set every control a preset names."""
        preset = next((p for p in self.desc.presets if p.key == key), None)
        if preset is not None:
            self._syncing = True
            for option_key, value in preset.values.items():
                self._set_option(option_key, value)
            self._syncing = False
        self._option_changed()

    def _preset_chosen(self, _index: int = 0) -> None:
        assert self.preset is not None
        key = self.preset.currentData()
        if key != CUSTOM:
            self.apply_preset(str(key))

    def _all_seats_chosen(self, key: str, _index: int = 0) -> None:
        value = self.all_seats[key].currentData()
        if value == PER_SEAT:
            return
        self._syncing = True
        self._set_option(key, value)
        self._syncing = False
        self._option_changed()

    def _option_changed(self, *_args: Any) -> None:
        """An option's control or a seat's option changed: the preset and the problems."""
        if not self._syncing:
            self._apply_needs()
            self._match_preset()
            self._check()

    def _apply_needs(self) -> None:
        """Grey out the options whose `needs` the others do not meet (Option.needs)."""
        values = self.values()
        for o in self.desc.options:
            if o.needs is None:
                continue
            on = o.needed(values)
            need = self.desc.option(o.needs[0])
            label_ = next((c.label for c in need.choices if str(c.value) == o.needs[1]),
                          o.needs[1]) if need is not None else o.needs[1]
            tip = o.tip if on else f"Turn on {label_} to choose this."
            widgets: list[QWidget] = [row.options[o.key] for row in self.rows
                                      if o.key in row.options]
            widgets += [w for w in (self.all_seats.get(o.key), self.controls.get(o.key))
                        if w is not None]
            for w in widgets:
                w.setEnabled(on)
                w.setToolTip(tip)

    def _shown_values(self) -> dict[str, Any]:
        """Each option's one value (PER_SEAT where the seats in play differ)."""
        out = {}
        for o in self.desc.options:
            if o.per_seat:
                seats = self.seat_values(o.key)
                out[o.key] = seats[0] if seats and all(_same(v, seats[0]) for v in seats) \
                    else PER_SEAT
            else:
                out[o.key] = control_value(self.controls[o.key])
        return out

    def _match_preset(self, *_args: Any) -> None:
        """Show which preset the controls amount to (Custom when none), and each per-seat
        option's value for every seat (or "chosen per seat")."""
        if self._syncing:
            return
        shown = self._shown_values()
        for key, combo in self.all_seats.items():
            _select(combo, shown[key] if combo.findData(shown[key]) >= 0 else PER_SEAT)
        if self.preset is None:
            return
        key = next((p.key for p in self.desc.presets
                    if all(k in shown and _same(shown[k], v) for k, v in p.values.items())),
                   CUSTOM)
        self.preset.setCurrentIndex(self.preset.findData(key))

    def options(self) -> dict[str, Any]:
        """The setup options the controls describe (the first seat's when one is chosen)."""
        out = setup_options(self.desc, self.values(), self.count())
        first = self.first_seat.currentData() if self.first_seat is not None else None
        if first is not None:
            out[self.words.first_key] = int(first)
        return out

    # ------------------------------------------------------------------ state

    def count(self) -> int:
        return self.player_count.value()

    def _refresh(self) -> None:
        n = self.count()
        for i, row in enumerate(self.rows):
            row.set_visible(i < n)
        for form, index, option in self._counted:
            form.setRowVisible(index, option.applies(n))
        for control in self.controls.values():
            if isinstance(control, MultiChoice):
                control.set_players(n)
        if self._counted and self._options_header is not None:
            # a header over no option at all would only puzzle
            self._options_header.setVisible(bool(per_seat(self.desc)) or any(
                o.applies(n) for o in game_wide(self.desc)))
        players = self.words.players
        self.player_count.setSuffix(f" {singular(players) if n == 1 else players}")
        self._apply_needs()
        names = [row.name.text().strip() for row in self.rows[:n]]

        # The first-seat list follows the names; keep the choice while that seat exists.
        if self.first_seat is not None:
            combo = self.first_seat
            chosen = combo.currentData()
            combo.blockSignals(True)
            combo.clear()
            combo.addItem("Random", None)
            for i, name in enumerate(names):
                combo.addItem(f"{i + 1}. {name or '(no name)'}", i)
            index = combo.findData(chosen) if chosen is not None and chosen < n else 0
            combo.setCurrentIndex(max(0, index))
            combo.blockSignals(False)
        self._match_preset()
        self._check()
        # Grow with the rows so a fifth seat never squeezes the others (as the screen allows).
        self.body_scroll.updateGeometry()  # (its hints are the body's, which changed)
        want = self._fitting_height()
        if self.height() < want:
            self.resize(self.width(), want)

    def _check(self) -> None:
        """Say what stops the start (marking the rows whose names clash), or enable it."""
        names = [row.name.text().strip() for row in self.rows[:self.count()]]
        problem = self.problem()
        clashes = self._clashes(names)
        for i, row in enumerate(self.rows):
            row.set_invalid(i in clashes)
        self.error.setText(f"⚠ {problem}" if problem else "")
        self.error.setVisible(bool(problem))
        self.ok_button.setEnabled(not problem)

    def _may_share(self, i: int, j: int) -> bool:
        """Two seats may have one name when one person runs both (no bot among them)."""
        return self.words.humans_share_names and not (self.rows[i].is_bot()
                                                      or self.rows[j].is_bot())

    def _clashes(self, names: list[str]) -> set[int]:
        """Rows whose name is empty or taken by another seat it may not share with."""
        folded = [nm.casefold() for nm in names]
        return {i for i, name in enumerate(folded)
                if not name or any(j != i and folded[j] == name and not self._may_share(i, j)
                                   for j in range(len(folded)))}

    def problem(self) -> str:
        """Why the table cannot start yet, in one line ('' when it can)."""
        names = [row.name.text().strip() for row in self.rows[:self.count()]]
        noun = self.words.seat
        for i, name in enumerate(names):
            if not name:
                return f"{noun} {i + 1} needs a name."
        seen: dict[str, int] = {}
        for i, name in enumerate(names):
            j = seen.setdefault(name.casefold(), i)
            if j == i or self._may_share(i, j):
                continue
            why = (f"a {self.words.bot.lower()} needs a name of its own"
                   if self.words.humans_share_names else "every player needs a different name")
            return f"{noun}s {j + 1} and {i + 1} are both called “{name}”: {why}."
        if self.desc.options_problem is not None:
            problem = self.desc.options_problem(self.values())
            if problem:
                return problem
        n = self.count()
        for o in self.desc.options:
            if not o.per_seat and o.applies(n) and o.key in self.controls:
                problem = o.players_problem(control_value(self.controls[o.key]), n)
                if problem:
                    return problem
        return ""

    # ------------------------------------------------------------------ results

    def accept(self) -> None:
        if self.problem():
            return
        rows = [row.to_dict() for row in self.rows[:self.count()]]
        seats = [Seat(r["name"], "bot", bot_for(self.desc, self.game, r["level"]))
                 if r["kind"] == "bot" else Seat(r["name"]) for r in rows]
        text = self.seed.text().strip()
        self._config = GameConfig(self.game_id, seats, int(text) if text else None,
                                  self.options())
        # Each game remembers its own table: keep the other games' seats as they were.
        old = list(getattr(self._settings, "last_seats", None) or [])
        self._settings.last_seats = ([dict(r, game=self.desc.id) for r in rows]
                                     + [s for s in old
                                        if isinstance(s, dict) and not mine(s, self.desc)])
        super().accept()

    def config(self) -> GameConfig:
        """The chosen game; only meaningful after the dialog was accepted."""
        if self._config is None:
            raise RuntimeError("NewGameDialog.config() before the dialog was accepted")
        return self._config

    def settings(self) -> Any:
        """A copy of the settings with last_seats updated (after acceptance) for saving."""
        return self._settings
