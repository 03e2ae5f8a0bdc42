"""The Hint's reasons, whole: a box above the game log, beside the table (never over it).

The action bar names the hinted move in one line; why the bot likes it (what the move does,
what it is worth against the next best) is often three or four lines, more than the bar's
two, so it shows here while the hint stands. The screen hides it when the hint goes (the move
is made, Escape, a new game) and when the side panel is hidden (the bar then shows what fits,
the whole in its tooltip).
"""

from __future__ import annotations

from PySide6.QtCore import Qt
from PySide6.QtGui import QFont
from PySide6.QtWidgets import QFrame, QHBoxLayout, QLabel, QPushButton, QVBoxLayout, QWidget

from frostdesk.ui import theme
from frostdesk.ui.tips import FittedScroll, side_box_style

STYLE = side_box_style("hintBox", "hintTitle", "hintText") + """
QPushButton#hintClose { background: transparent; border: none; color: #a9b7c5;
                        padding: 0 4px; font-size: 13pt; }
QPushButton#hintClose:hover { color: #ece7dd; }
"""


class HintBox(QFrame):
    """The hinted move as a title, its reasons below; the × hides it (the hint stays)."""

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setObjectName("hintBox")
        self.setStyleSheet(STYLE)
        box = QVBoxLayout(self)
        box.setContentsMargins(12, 8, 8, 10)
        box.setSpacing(4)
        row = QHBoxLayout()
        row.setSpacing(4)
        self.title = QLabel("")
        self.title.setObjectName("hintTitle")
        self.title.setFont(theme.font(12.5, QFont.Weight.Bold))
        self.title.setWordWrap(True)
        row.addWidget(self.title, 1)
        self.close_button = QPushButton("×")
        self.close_button.setObjectName("hintClose")
        self.close_button.setToolTip("Hide the reasons (Escape drops the hint)")
        self.close_button.setFocusPolicy(Qt.FocusPolicy.NoFocus)  # Tab stays on the table
        self.close_button.clicked.connect(self.hide)
        row.addWidget(self.close_button, 0, Qt.AlignmentFlag.AlignTop)
        box.addLayout(row)
        self.text = QLabel("")
        self.text.setObjectName("hintText")
        self.text.setFont(theme.font(11.5))
        self.text.setWordWrap(True)
        holder = QWidget()
        lines = QVBoxLayout(holder)
        lines.setContentsMargins(0, 0, 4, 0)
        lines.addWidget(self.text)
        lines.addStretch(1)
        # as tall as the reasons need; in a crowded side panel they scroll, never overlap
        self.reasons = FittedScroll()
        self.reasons.setWidget(holder)
        holder.setAutoFillBackground(False)
        box.addWidget(self.reasons, 1)
        self.hide()

    def show_hint(self, move: str, reasons: str) -> None:
        self.title.setText(f"Hint: {move}")
        self.text.setText(reasons)
        self.show()
