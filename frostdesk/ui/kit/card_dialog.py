"""The full card, large, with words about it and its source (rulebook or authored): what a
right-click on a card shows. The game says how to paint the card and what to say about it."""

from __future__ import annotations

from collections.abc import Callable

from PySide6.QtCore import QRectF, Qt
from PySide6.QtGui import QPainter, QPixmap
from PySide6.QtWidgets import QDialog, QDialogButtonBox, QLabel, QVBoxLayout, QWidget

from frostdesk.ui import theme
from frostdesk.ui.kit.items import pixmap_painter


class CardDialog(QDialog):
    """The card painted by `paint` into `rect` at `scale`, then `about` and its source."""

    def __init__(self, parent: QWidget, rect: QRectF, scale: float,
                 paint: Callable[[QPainter, QRectF], None], about: str, source: str,
                 text_width: int = 0) -> None:
        super().__init__(parent)
        self.setWindowTitle("Card")
        self.setObjectName("cardDialog")
        box = QVBoxLayout(self)
        r = rect
        pm = QPixmap(int(r.width() * scale * 2), int(r.height() * scale * 2))
        pm.setDevicePixelRatio(2.0)
        pm.fill(Qt.GlobalColor.transparent)
        p = pixmap_painter(pm, scale, r)
        paint(p, QRectF(r))
        p.end()
        pic = QLabel()
        pic.setPixmap(pm)
        pic.setAlignment(Qt.AlignmentFlag.AlignCenter)
        box.addWidget(pic)
        origin = "the rulebook" if source == "rulebook" else "authored by frostdesk"
        text = QLabel(f"{about}\n\nSource: {origin}")
        text.setWordWrap(True)
        text.setFont(theme.font(12))
        text.setObjectName("cardSource")
        if text_width:
            text.setMinimumWidth(text_width)
        box.addWidget(text)
        buttons = QDialogButtonBox(QDialogButtonBox.StandardButton.Close)
        buttons.rejected.connect(self.reject)
        box.addWidget(buttons)
