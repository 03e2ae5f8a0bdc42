"""The pass-and-play hand-off for Frontier Stations: nothing is hidden in this game, so the
cover only says whose decision it is and waits for them to take the device."""

from __future__ import annotations

from PySide6.QtCore import QRectF, Qt
from PySide6.QtGui import QColor, QFont, QPainter, QPaintEvent, QRadialGradient

from frostdesk.ui import theme
from frostdesk.ui.table.handoff import HandoffOverlay


class StationsHandoff(HandoffOverlay):
    """Frost Shelter's hand-off cover with this game's words."""

    def show_for(self, seat: int, player: str) -> None:
        super().show_for(seat, player)
        self.button.setText(f"I am {player} — take over")

    def paintEvent(self, event: QPaintEvent) -> None:  # noqa: N802
        p = QPainter(self)
        p.setRenderHint(QPainter.RenderHint.Antialiasing)
        r = QRectF(self.rect())
        g = QRadialGradient(r.center(), max(r.width(), r.height()) * 0.7)
        g.setColorAt(0, QColor(30, 50, 68, 240))
        g.setColorAt(1, QColor(8, 13, 19, 245))
        p.fillRect(r, g)
        title = QRectF(r.left(), r.top() + r.height() * 0.26, r.width(), 70)
        p.setFont(theme.font(30, QFont.Weight.Bold))
        p.setPen(theme.TEXT)
        p.drawText(title, int(Qt.AlignmentFlag.AlignCenter), f"Pass to {self.player}")
        p.setFont(theme.font(14))
        p.setPen(theme.TEXT_DIM)
        p.drawText(QRectF(r.left() + 40, title.bottom() + 6, r.width() - 80, 60),
                   int(Qt.AlignmentFlag.AlignHCenter | Qt.TextFlag.TextWordWrap),
                   f"{self.player}'s station decides next. Everything on the table stays "
                   f"in view: talk it over, then {self.player} clicks.")
        p.end()
