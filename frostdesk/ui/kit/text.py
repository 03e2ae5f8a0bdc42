"""The one text painter of the tables: a line (or a wrapped block) of table text, and the
sizes at which text fits.

Sizes are pixel sizes in the coordinates of the item being painted (`theme.scene_font`), so
text scales with the item and with the view like everything else on the table.
"""

from __future__ import annotations

from PySide6.QtCore import QRectF, Qt
from PySide6.QtGui import QColor, QFont, QFontMetricsF, QPainter

from frostdesk.ui import theme


def draw_text(p: QPainter, r: QRectF, text: str, px: float, colour: QColor,
              weight: QFont.Weight = QFont.Weight.Normal,
              align: Qt.AlignmentFlag = Qt.AlignmentFlag.AlignCenter, wrap: bool = False,
              italic: bool = False) -> None:
    """Draw `text` in `r` at pixel size `px` (aligned, optionally word-wrapped or italic)."""
    f = theme.scene_font(px, weight)
    f.setItalic(italic)
    p.setFont(f)
    p.setPen(colour)
    flags = int(align)
    if wrap:
        flags |= int(Qt.TextFlag.TextWordWrap)
    p.drawText(r, flags, text)


def fit_px(text: str, px: float, width: float, weight: QFont.Weight = QFont.Weight.Bold) -> float:
    """The largest pixel size up to `px` at which `text` fits in `width`."""
    size = px
    while size > 6:
        if QFontMetricsF(theme.scene_font(size, weight)).horizontalAdvance(text) <= width:
            return size
        size -= 1
    return size


def fit_text(p: QPainter, box: QRectF, text: str, px: float, colour: QColor,
             weight: QFont.Weight = QFont.Weight.Normal) -> QRectF:
    """Draw wrapped text in `box`, shrinking it (down to 70%) until it fits; the used rect."""
    flags = int(Qt.AlignmentFlag.AlignLeft | Qt.AlignmentFlag.AlignTop
                | Qt.TextFlag.TextWordWrap)
    size = px
    while True:
        p.setFont(theme.scene_font(size, weight))
        used = p.boundingRect(box, flags, text)
        if used.height() <= box.height() + 0.5 or size <= px * 0.7:
            break
        size -= max(0.5, px * 0.05)
    p.setPen(colour)
    p.drawText(box, flags, text)
    return used
