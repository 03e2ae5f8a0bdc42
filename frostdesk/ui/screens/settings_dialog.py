"""The settings dialog: edits a copy of the Settings and hands it back after OK."""

from __future__ import annotations

import copy
import dataclasses
from typing import Any

from PySide6.QtWidgets import (
    QCheckBox,
    QComboBox,
    QDialog,
    QDialogButtonBox,
    QFormLayout,
    QLineEdit,
    QSpinBox,
    QVBoxLayout,
    QWidget,
)

from frostdesk.settings import ANIMATION_SPEEDS, LIMITS, NAME_MAX, Settings
from frostdesk.ui.screens import error_label, label, make_primary, readable_font, spin_box

SPEED_LABELS = {"off": "Off", "fast": "Fast", "normal": "Normal"}
HARD_MS = LIMITS["hard_bot_ms"]
PAUSE_MS = LIMITS["bot_pause_ms"]
CASUAL_UNDO_TEXT = ("when you play alone against bots: take back your last move even after "
                    "the bots have answered or cards were drawn. With two or more people at "
                    "the screen, a move stands once the next player has moved")


class SettingsDialog(QDialog):
    """Edits a copy of `settings`; `.settings()` returns the edited copy after OK.

    Cancel leaves the caller's object untouched. "Restore defaults" resets the fields shown
    here (not the remembered seats or window geometry).
    """

    def __init__(self, settings: Any, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setObjectName("settingsDialog")
        readable_font(self)
        self.setWindowTitle("Settings")
        self._original = settings
        self._result = copy.deepcopy(settings)

        box = QVBoxLayout(self)
        box.setContentsMargins(24, 20, 24, 20)
        box.setSpacing(14)
        box.addWidget(label("Settings", "title", point_size=20, bold=True))

        form = QFormLayout()
        form.setHorizontalSpacing(16)
        form.setVerticalSpacing(10)
        self.player_name = QLineEdit()
        self.player_name.setObjectName("playerName")
        self.player_name.setMaxLength(NAME_MAX)
        self.player_name.setPlaceholderText("Your name at the table")
        form.addRow("Your name:", self.player_name)

        self.animation_speed = QComboBox()
        self.animation_speed.setObjectName("animationSpeed")
        self.animation_speed.setMinimumWidth(140)
        self.animation_speed.setMaximumWidth(180)
        for key in ANIMATION_SPEEDS:
            self.animation_speed.addItem(SPEED_LABELS.get(key, key.title()), key)
        form.addRow("Animation speed:", self.animation_speed)

        self.bot_pause_ms = self._spin(*PAUSE_MS, 50, "botPause")
        form.addRow("Bot move pause:", self.bot_pause_ms)
        self.hard_bot_ms = self._spin(*HARD_MS, 100, "hardBotTime")
        form.addRow("Hard bot thinking time:", self.hard_bot_ms)

        self.casual_undo = QCheckBox("Undo against bots")
        self.casual_undo.setObjectName("casualUndo")
        form.addRow("", self.casual_undo)
        self.casual_undo_hint = label(CASUAL_UNDO_TEXT[0].upper() + CASUAL_UNDO_TEXT[1:] + ".",
                                      "hint", point_size=11, wrap=True)
        self.casual_undo_hint.setIndent(26)  # under the check box's text, not its box
        self.casual_undo.setToolTip(self.casual_undo_hint.text())
        form.addRow("", self.casual_undo_hint)
        self.show_hints = QCheckBox("Show hints")
        self.show_hints.setObjectName("showHints")
        form.addRow("", self.show_hints)
        self.confirm_handoff = QCheckBox("Confirm hand-off between players")
        self.confirm_handoff.setObjectName("confirmHandoff")
        self.confirm_handoff.setToolTip("Cover the table between two people at the same screen "
                                        "so nobody sees the other's hand.")
        form.addRow("", self.confirm_handoff)
        box.addLayout(form)

        self.error = error_label()
        box.addWidget(self.error)
        box.addStretch(1)

        self.buttons = QDialogButtonBox(QDialogButtonBox.StandardButton.Ok
                                        | QDialogButtonBox.StandardButton.Cancel
                                        | QDialogButtonBox.StandardButton.RestoreDefaults)
        self.ok_button = self.buttons.button(QDialogButtonBox.StandardButton.Ok)
        make_primary(self.ok_button)
        self.restore_button = self.buttons.button(QDialogButtonBox.StandardButton.RestoreDefaults)
        self.restore_button.setText("Restore defaults")
        self.restore_button.setAutoDefault(False)
        self.restore_button.clicked.connect(self.restore_defaults)
        self.buttons.accepted.connect(self.accept)
        self.buttons.rejected.connect(self.reject)
        box.addWidget(self.buttons)

        self.player_name.textChanged.connect(self._validate)
        self._load(settings)
        self.resize(max(640, self.sizeHint().width()), self.sizeHint().height())

    def _spin(self, lo: int, hi: int, step: int, name: str) -> QSpinBox:
        spin = spin_box(name)
        spin.setRange(lo, hi)
        spin.setSingleStep(step)
        spin.setSuffix(" ms")
        spin.setMinimumWidth(140)
        spin.setMaximumWidth(180)
        return spin

    def _load(self, s: Any) -> None:
        self.player_name.setText(s.player_name)
        self.animation_speed.setCurrentIndex(max(0, self.animation_speed.findData(
            s.animation_speed if s.animation_speed in ANIMATION_SPEEDS else "normal")))
        self.hard_bot_ms.setValue(int(s.hard_bot_ms))  # QSpinBox clamps to its range
        self.bot_pause_ms.setValue(int(s.bot_pause_ms))
        self.casual_undo.setChecked(bool(s.casual_undo))
        self.show_hints.setChecked(bool(s.show_hints))
        self.confirm_handoff.setChecked(bool(s.confirm_handoff))
        self._validate()

    def restore_defaults(self) -> None:
        """Put the default values in the fields; nothing is kept until OK."""
        self._load(Settings())

    def _validate(self) -> None:
        ok = bool(self.player_name.text().strip())
        self.error.setText("" if ok else "⚠ Your name cannot be empty.")
        self.error.setVisible(not ok)
        self.ok_button.setEnabled(ok)

    def accept(self) -> None:
        name = self.player_name.text().strip()
        if not name:
            return
        self._result = dataclasses.replace(
            copy.deepcopy(self._original),
            player_name=name,
            animation_speed=str(self.animation_speed.currentData()),
            hard_bot_ms=self.hard_bot_ms.value(),
            bot_pause_ms=self.bot_pause_ms.value(),
            casual_undo=self.casual_undo.isChecked(),
            show_hints=self.show_hints.isChecked(),
            confirm_handoff=self.confirm_handoff.isChecked(),
        )
        super().accept()

    def settings(self) -> Any:
        """The edited copy after OK; an unchanged copy otherwise."""
        return self._result
