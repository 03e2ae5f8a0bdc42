"""The pass-and-play hand-off screen: it covers the whole game screen between two humans.

While it is up, the table underneath shows no one's hand; the next player clicks (or presses
Enter or Space) when they hold the device, and only then is their view rendered.
"""

from __future__ import annotations

from PySide6.QtCore import QRectF, Qt, Signal
from PySide6.QtGui import (
    QColor,
    QFont,
    QKeyEvent,
    QMouseEvent,
    QPainter,
    QPaintEvent,
    QRadialGradient,
)
from PySide6.QtWidgets import QPushButton, QVBoxLayout, QWidget

from frostdesk.ui import theme


class HandoffOverlay(QWidget):
    """Covers its parent until the named player confirms (see the module docstring).

    A game changes the words and the shade through the class attributes, and may paint an
    emblem behind the words (`_paint_emblem`); a game that hides nothing says so in its
    words."""

    confirmed = Signal(int)
    button_text = "I am {player} — show my hand"
    note = "{player}, click when you are ready. Everyone else, look away: {player}'s hand " \
        "will be shown."
    shade = (QColor(30, 50, 68, 250), QColor(8, 13, 19, 252))  # centre, edge

    def __init__(self, parent: QWidget) -> None:
        super().__init__(parent)
        self.setObjectName("handoffOverlay")
        self.seat = -1
        self.player = ""
        self.setFocusPolicy(Qt.FocusPolicy.StrongFocus)
        self.setAttribute(Qt.WidgetAttribute.WA_StyledBackground, False)
        box = QVBoxLayout(self)
        box.addStretch(3)
        self.button = QPushButton("")
        self.button.setObjectName("handoffButton")
        self.button.setProperty("primary", True)
        self.button.setFont(theme.font(15, QFont.Weight.Bold))
        self.button.setMinimumHeight(52)
        self.button.setMinimumWidth(320)
        self.button.setCursor(Qt.CursorShape.PointingHandCursor)
        self.button.clicked.connect(self._confirm)
        box.addWidget(self.button, 0, Qt.AlignmentFlag.AlignHCenter)
        box.addStretch(2)
        self.hide()

    def show_for(self, seat: int, player: str) -> None:
        self.seat = seat
        self.player = player
        self.button.setText(self.button_text.format(player=player))
        parent = self.parentWidget()
        if parent is not None:
            self.setGeometry(parent.rect())
        self.show()
        self.raise_()
        self.setFocus()
        self.update()

    def _confirm(self) -> None:
        if not self.isVisible():
            return
        self.hide()
        self.confirmed.emit(self.seat)

    def mouseReleaseEvent(self, event: QMouseEvent) -> None:  # noqa: N802
        if event.button() == Qt.MouseButton.LeftButton:
            self._confirm()

    def keyPressEvent(self, event: QKeyEvent) -> None:  # noqa: N802
        if event.key() in (Qt.Key.Key_Return, Qt.Key.Key_Enter, Qt.Key.Key_Space):
            self._confirm()
        else:
            event.accept()  # nothing reaches the table underneath

    def paintEvent(self, event: QPaintEvent) -> None:  # noqa: N802
        p = QPainter(self)
        p.setRenderHint(QPainter.RenderHint.Antialiasing)
        r = QRectF(self.rect())
        g = QRadialGradient(r.center(), max(r.width(), r.height()) * 0.7)
        g.setColorAt(0, self.shade[0])
        g.setColorAt(1, self.shade[1])
        p.fillRect(r, g)
        self._paint_emblem(p, r)
        title = QRectF(r.left(), r.top() + r.height() * 0.26, r.width(), 70)
        p.setFont(theme.font(30, QFont.Weight.Bold))
        p.setPen(theme.TEXT)
        p.drawText(title, int(Qt.AlignmentFlag.AlignCenter), f"Pass to {self.player}")
        p.setFont(theme.font(14))
        p.setPen(theme.TEXT_DIM)
        p.drawText(QRectF(r.left() + 40, title.bottom() + 6, r.width() - 80, 60),
                   int(Qt.AlignmentFlag.AlignHCenter | Qt.TextFlag.TextWordWrap),
                   self.note.format(player=self.player))
        p.end()

    def _paint_emblem(self, p: QPainter, r: QRectF) -> None:
        """The game's emblem, large and faint behind the words (none here)."""
