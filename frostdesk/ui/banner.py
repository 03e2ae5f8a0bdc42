"""Banners across the top of the main window: what the player must know now, without a dialog
in the way of the game ("Your games can't be saved: ...", "Saved to ...").

Each banner has a key (one topic: the home folder, the autosave, the settings file, a save),
so news on a topic replaces its banner instead of stacking. A problem stays until the player
dismisses it or the problem goes away (`clear`); dismissing hides that message only, so a new
one on the same topic shows again. A note (a confirmation) also leaves by itself.
"""

from __future__ import annotations

from typing import Literal

from PySide6.QtCore import QTimer, Signal
from PySide6.QtWidgets import QFrame, QHBoxLayout, QLabel, QPushButton, QVBoxLayout, QWidget

Kind = Literal["problem", "note"]
NOTE_SECONDS = 8

# Amber for a problem (the app's accent, so it reads as "look here", not as an alarm), frost
# for a note. Each rule names the banner, so the app sheet's `QWidget` colours stay out.
STYLE = """
QFrame#banner[kind="problem"] { background-color: #3a3020; border: 1px solid #f2b45a;
                                border-left: 6px solid #f2b45a; border-radius: 6px; }
QFrame#banner[kind="note"] { background-color: #1f3344; border: 1px solid #8fc1ea;
                             border-left: 6px solid #8fc1ea; border-radius: 6px; }
QFrame#banner QLabel { background: transparent; color: #f4efe6; font-size: 12pt; }
QFrame#banner QPushButton { background: transparent; color: #f4efe6; font-size: 11pt;
                            border: 1px solid rgba(244, 239, 230, 0.45); border-radius: 4px;
                            padding: 3px 12px; }
QFrame#banner QPushButton:hover { border-color: #f4efe6; }
"""


class Banner(QFrame):
    """One message with a Dismiss button."""

    dismissed = Signal(str)  # the key

    def __init__(self, key: str, text: str, kind: Kind, parent: QWidget | None = None) -> None:
        from PySide6.QtCore import Qt  # not at import: the start screen avoids its enum types

        super().__init__(parent)
        self.key = key
        self.setObjectName("banner")
        self.setProperty("kind", kind)
        self.setProperty("key", key)
        row = QHBoxLayout(self)
        row.setContentsMargins(14, 4, 6, 4)
        row.setSpacing(12)
        self.label = QLabel(text)
        self.label.setObjectName("bannerText")
        self.label.setWordWrap(True)
        self.label.setTextInteractionFlags(Qt.TextInteractionFlag.TextSelectableByMouse)
        row.addWidget(self.label, 1)
        self.close_button = QPushButton("Dismiss")
        self.close_button.setObjectName("bannerDismiss")
        self.close_button.setFocusPolicy(Qt.FocusPolicy.TabFocus)  # the table keeps the keys
        self.close_button.setToolTip("Hide this message")
        self.close_button.clicked.connect(self._dismiss)
        row.addWidget(self.close_button, 0, Qt.AlignmentFlag.AlignVCenter)
        self.timer = QTimer(self)
        self.timer.setSingleShot(True)
        self.timer.timeout.connect(self._dismiss)

    @property
    def kind(self) -> str:
        return str(self.property("kind"))

    @property
    def text(self) -> str:
        return self.label.text()

    def set_message(self, text: str, kind: Kind) -> None:
        self.label.setText(text)
        if self.property("kind") != kind:
            self.setProperty("kind", kind)
            self.style().unpolish(self)
            self.style().polish(self)
        if kind == "note":
            self.timer.start(NOTE_SECONDS * 1000)
        else:
            self.timer.stop()

    def _dismiss(self) -> None:
        self.dismissed.emit(self.key)


class BannerArea(QWidget):
    """The banners, one per key, stacked above the screens; hidden when there are none."""

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setObjectName("banners")
        self.setStyleSheet(STYLE)
        self.box = QVBoxLayout(self)
        self.box.setContentsMargins(12, 6, 12, 2)
        self.box.setSpacing(4)
        self.banners: dict[str, Banner] = {}
        self._dismissed: dict[str, str] = {}  # key -> the text the player dismissed
        self.setVisible(False)

    def show_message(self, key: str, text: str, kind: Kind = "problem") -> None:
        """Show `text` under `key`, replacing that key's banner; a message the player has
        dismissed stays hidden until its text changes or `clear(key)`."""
        if self._dismissed.get(key) == text:
            return
        self._dismissed.pop(key, None)
        banner = self.banners.get(key)
        if banner is None:
            banner = Banner(key, text, kind, self)
            banner.dismissed.connect(self._on_dismissed)
            self.banners[key] = banner
            self.box.addWidget(banner)
        banner.set_message(text, kind)
        self.setVisible(True)

    def clear(self, key: str) -> None:
        """The topic is settled: remove its banner and forget that it was dismissed."""
        self._dismissed.pop(key, None)
        self._remove(key)

    def text(self, key: str) -> str:
        """The message shown under `key` ('' when none)."""
        banner = self.banners.get(key)
        return banner.text if banner is not None else ""

    def _on_dismissed(self, key: str) -> None:
        banner = self.banners.get(key)
        if banner is not None and banner.kind == "problem":
            self._dismissed[key] = banner.text
        self._remove(key)

    def _remove(self, key: str) -> None:
        banner = self.banners.pop(key, None)
        if banner is not None:
            banner.timer.stop()
            self.box.removeWidget(banner)
            banner.hide()
            banner.deleteLater()
        self.setVisible(bool(self.banners))
