"""The one text painter of the tables: a line (or a wrapped block) of table text, and the
sizes at which text fits.

Sizes are pixel sizes in the coordinates of the item being painted (`theme.scene_font`), so
text scales with the item and with the view like everything else on the table.

The painter knows the scale it paints at and never draws below FLOOR_PX on the screen (11 pt
at 96 dpi): text that would come out smaller is drawn at the floor instead (elided with "…"
when it then overflows its line), or, when the caller marks it `detail` (flavour and rules
text that the card's zoom shows in full), left out. It notes the size every text comes out
at: `smallest_px()` is the smallest since `reset_smallest()`, which `frostdesk screenshot
--json` reports and the readability tests hold to the floor.
"""

from __future__ import annotations

import math

from PySide6.QtCore import QRectF, Qt
from PySide6.QtGui import QColor, QFont, QFontMetricsF, QPainter

from frostdesk.ui import theme

FLOOR_PX = 11 * 96 / 72  # 11 pt at 96 dpi: the smallest table text a player should meet
_smallest: list[float] = []  # [size] once something was drawn since reset_smallest()


def reset_smallest() -> None:
    _smallest.clear()


def smallest_px() -> float | None:
    """The smallest text drawn on a device since `reset_smallest()`, in device pixels."""
    return _smallest[0] if _smallest else None


def device_px(p: QPainter, px: float) -> float:
    """How tall text of pixel size `px` comes out on the screen, in logical pixels."""
    t = p.worldTransform()
    device = p.device()
    ratio = device.devicePixelRatioF() if device is not None else 1.0
    return px * math.sqrt(abs(t.m11() * t.m22() - t.m12() * t.m21())) / max(ratio, 1e-6)


def floor_px(p: QPainter) -> float:
    """The smallest pixel size (in `p`'s current units) that reaches the floor on screen."""
    one = device_px(p, 1.0)
    return FLOOR_PX / one if one > 0 else 0.0


def _note(p: QPainter, px: float) -> None:
    size = device_px(p, px)
    if not _smallest:
        _smallest.append(size)
    elif size < _smallest[0]:
        _smallest[0] = size


def draw_text(p: QPainter, r: QRectF, text: str, px: float, colour: QColor,
              weight: QFont.Weight = QFont.Weight.Normal,
              align: Qt.AlignmentFlag = Qt.AlignmentFlag.AlignCenter, wrap: bool = False,
              italic: bool = False, detail: bool = False, spacing: float = 0.0) -> None:
    """Draw `text` in `r` at pixel size `px` (aligned, optionally word-wrapped or italic),
    never below the floor: raised to it (and elided if one line no longer fits), or left out
    when it is `detail`. `spacing` adds to the room between letters (negative: tighter)."""
    floor = floor_px(p)
    raised = px < floor
    if raised:
        if detail:
            return
        px = floor
    f = theme.scene_font(px, weight)
    f.setItalic(italic)
    if spacing:
        f.setLetterSpacing(QFont.SpacingType.AbsoluteSpacing, spacing)
    p.setFont(f)
    if text.strip():
        _note(p, px)
    p.setPen(colour)
    flags = int(align)
    if wrap:
        flags |= int(Qt.TextFlag.TextWordWrap)
    elif raised:
        text = QFontMetricsF(f).elidedText(text, Qt.TextElideMode.ElideRight, r.width())
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
             weight: QFont.Weight = QFont.Weight.Normal, detail: bool = False) -> QRectF:
    """Draw wrapped text in `box`, shrinking it (down to 70%, never below the floor) until it
    fits; the used rect. `detail` text that cannot reach the floor is left out."""
    flags = int(Qt.AlignmentFlag.AlignLeft | Qt.AlignmentFlag.AlignTop
                | Qt.TextFlag.TextWordWrap)
    floor = floor_px(p)
    if px < floor and detail:
        return QRectF(box.topLeft(), box.topLeft())
    smallest = max(px * 0.7, floor)
    size = max(px, floor)
    while True:
        p.setFont(theme.scene_font(size, weight))
        used = p.boundingRect(box, flags, text)
        if used.height() <= box.height() + 0.5 or size <= smallest:
            break
        size = max(smallest, size - max(0.5, px * 0.05))
    p.setPen(colour)
    if text.strip():
        _note(p, size)
    p.drawText(box, flags, text)
    return used
