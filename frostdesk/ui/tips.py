"""First-game tips: a short box above the game log the first time a game is played.

The tips are the game's own (its UI plug-in's TIPS). It never covers the table. "Got it"
hides it for good for that game (remembered in the settings' `tips_seen`); Help > First-game
tips shows it again.
"""

from __future__ import annotations

from PySide6.QtCore import QSize, Qt, QTimer, Signal
from PySide6.QtGui import QFont, QResizeEvent
from PySide6.QtWidgets import (
    QFrame,
    QHBoxLayout,
    QLabel,
    QPushButton,
    QScrollArea,
    QSizePolicy,
    QVBoxLayout,
    QWidget,
)

from frostdesk.ui import theme


def side_box_style(box: str, title: str, text: str) -> str:
    """The look of a box in the side panel above the log (the tips, the Hint's reasons): a
    teal tint and border, a teal title, light words; the names are the widgets' object names."""
    return (f"QFrame#{box} {{ background-color: rgba(126, 224, 195, 0.10);\n"
            f"    border: 1px solid rgba(126, 224, 195, 0.55); border-radius: 8px; }}\n"
            f"QLabel#{title} {{ color: #7ee0c3; }}\nQLabel#{text} {{ color: #e8eef3; }}\n")


STYLE = side_box_style("tipsBox", "tipsTitle", "tipText")


class FittedScroll(QScrollArea):
    """Words in a side box (the tips' lines, the Hint's reasons): as tall as they need at the
    box's width, scrolling when the side panel cannot give that much (never less than about
    three lines)."""

    def __init__(self) -> None:
        super().__init__()
        self.setObjectName("sideScroll")
        self.setWidgetResizable(True)
        self.setFrameShape(QFrame.Shape.NoFrame)
        self.setHorizontalScrollBarPolicy(Qt.ScrollBarPolicy.ScrollBarAlwaysOff)
        self.setSizePolicy(QSizePolicy.Policy.Preferred, QSizePolicy.Policy.Preferred)
        self.setMinimumHeight(60)
        self.viewport().setAutoFillBackground(False)

    def sizeHint(self) -> QSize:  # noqa: N802
        inner = self.widget()
        box = inner.layout() if inner is not None else None
        width = max(self.viewport().width(), 120)
        need = box.totalHeightForWidth(width) if box is not None else 0
        return QSize(super().sizeHint().width(), max(need, self.minimumHeight()))

    def resizeEvent(self, event: QResizeEvent) -> None:  # noqa: N802
        super().resizeEvent(event)
        QTimer.singleShot(0, self, self.updateGeometry)  # a new width, a new height wanted


class TipsBox(QFrame):
    """The tips for one game, with a button that dismisses them."""

    dismissed = Signal(str)  # game id

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setObjectName("tipsBox")
        self.setStyleSheet(STYLE)
        self.game_id = ""
        box = QVBoxLayout(self)
        box.setContentsMargins(12, 10, 12, 10)
        box.setSpacing(6)
        self.title = QLabel("")
        self.title.setObjectName("tipsTitle")
        self.title.setFont(theme.font(12.5, QFont.Weight.Bold))
        self.title.setWordWrap(True)
        box.addWidget(self.title)
        self.lines = QVBoxLayout()
        self.lines.setSpacing(4)
        self.lines.setContentsMargins(0, 0, 4, 0)
        holder = QWidget()
        holder.setObjectName("tipsLines")
        holder.setLayout(self.lines)
        # In a short window the tips scroll and "Got it" stays in sight; otherwise they show
        # whole and the log below gives way.
        self.lines_scroll = FittedScroll()
        self.lines_scroll.setWidget(holder)
        holder.setAutoFillBackground(False)  # (setWidget turns it on): the box's tint shows
        box.addWidget(self.lines_scroll, 1)
        row = QHBoxLayout()
        row.addStretch(1)
        self.button = QPushButton("Got it")
        self.button.setObjectName("tipsDismiss")
        self.button.setMinimumHeight(30)
        self.button.setFocusPolicy(Qt.FocusPolicy.NoFocus)  # Tab stays on the table
        self.button.clicked.connect(self._dismiss)
        row.addWidget(self.button)
        box.addLayout(row)
        self.labels: list[QLabel] = []
        self.hide()

    def show_for(self, game_id: str, title: str) -> bool:
        """Fill in and show the tips of `game_id`; False when that game has none."""
        from frostdesk.ui.plugins import PluginError, ui_plugin

        try:
            tips = tuple(ui_plugin(game_id).TIPS)
        except PluginError:
            tips = ()
        if not tips:
            self.hide()
            return False
        self.game_id = game_id
        self.title.setText(f"New to {title}?")
        while self.lines.count():
            line = self.lines.takeAt(0)
            row = line.layout() if line is not None else None
            while row is not None and row.count():
                cell = row.takeAt(0)
                w = cell.widget() if cell is not None else None
                if w is not None:
                    w.setParent(None)
                    w.deleteLater()
        self.labels = []
        for tip in tips:
            row = QHBoxLayout()  # the bullet beside the text: wrapped lines hang under it
            row.setSpacing(6)
            bullet = QLabel("•")
            bullet.setObjectName("tipText")
            bullet.setFont(theme.font(11.5))
            lab = QLabel(tip)
            lab.setObjectName("tipText")
            lab.setFont(theme.font(11.5))
            lab.setWordWrap(True)
            row.addWidget(bullet, 0, Qt.AlignmentFlag.AlignTop)
            row.addWidget(lab, 1)
            self.lines.addLayout(row)
            self.labels.append(lab)
        self.show()
        return True

    def _dismiss(self) -> None:
        self.hide()
        self.dismissed.emit(self.game_id)
