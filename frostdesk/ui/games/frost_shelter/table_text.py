"""Frost Shelter's way into the kit's text painter (frostdesk.ui.kit.text), with a note of
every text of this table that did not come out as it was laid out.

The kit never draws below the floor: it raises small text (eliding a line that then overflows)
and leaves small `detail` text out. On this table an essential text that needs raising, or a
text that overflows its box, means the layout gave it too little room for the window, so each
one is noted: `misfits()` lists them since `reset_misfits()` (the readability test holds the
list empty at 1280x720). `text_width` and `wrapped_height` measure text the way it will be
drawn, so the painters can choose sizes and boxes that fit before they draw.
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import lru_cache

from PySide6.QtCore import QRectF, Qt
from PySide6.QtGui import QColor, QFont, QFontMetricsF, QPainter

from frostdesk.ui import theme
from frostdesk.ui.kit import text as kit
from frostdesk.ui.kit.text import device_px, fit_px, floor_px

__all__ = ["Misfit", "draw_lines", "draw_text", "fit_px", "fit_text", "floor_px", "misfits",
           "reset_misfits", "text_width", "wrapped_height"]

_WRAP = int(Qt.TextFlag.TextWordWrap)
_TOP_LEFT_WRAP = int(Qt.AlignmentFlag.AlignLeft | Qt.AlignmentFlag.AlignTop) | _WRAP


@dataclass(frozen=True)
class Misfit:
    """A text that was raised to the floor ("raised") or did not fit its box ("overflow")."""

    kind: str
    text: str
    screen_px: float


_misfits: list[Misfit] = []


def reset_misfits() -> None:
    _misfits.clear()


def misfits() -> list[Misfit]:
    """The texts drawn since `reset_misfits()` that were raised or overflowed."""
    return list(_misfits)


@lru_cache(maxsize=256)
def _metrics(px: int, weight: QFont.Weight, italic: bool = False) -> QFontMetricsF:
    """The metrics of the table font at whole pixel size `px` (theme.scene_font rounds)."""
    f = theme.scene_font(px, weight)
    f.setItalic(italic)
    return QFontMetricsF(f)


def _fm(px: float, weight: QFont.Weight, italic: bool = False) -> QFontMetricsF:
    return _metrics(max(1, round(px)), weight, italic)


@lru_cache(maxsize=4096)
def text_width(text: str, px: float, weight: QFont.Weight = QFont.Weight.Normal) -> float:
    """How wide one line of `text` is at pixel size `px` (remembered: items ask while they
    move)."""
    return _fm(px, weight).horizontalAdvance(text)


def _check(p: QPainter, r: QRectF, text: str, px: float, weight: QFont.Weight, wrap: bool,
           italic: bool) -> None:
    if not text.strip():
        return
    floor = floor_px(p)
    size = max(px, floor)
    if px < floor - 1e-6:
        _misfits.append(Misfit("raised", text, device_px(p, px)))
    fm = _fm(size, weight, italic)
    if wrap:
        used = fm.boundingRect(r, _WRAP, text)
        over = used.height() > r.height() + 0.5 or used.width() > r.width() + 0.5
    else:
        over = fm.horizontalAdvance(text) > r.width() + 0.5
    if over:
        _misfits.append(Misfit("overflow", text, device_px(p, size)))


def draw_text(p: QPainter, r: QRectF, text: str, px: float, colour: QColor,
              weight: QFont.Weight = QFont.Weight.Normal,
              align: Qt.AlignmentFlag = Qt.AlignmentFlag.AlignCenter, wrap: bool = False,
              italic: bool = False, detail: bool = False) -> None:
    """The kit's draw_text; an essential text that is raised or overflows `r` is noted."""
    if not detail:
        _check(p, r, text, px, weight, wrap, italic)
    kit.draw_text(p, r, text, px, colour, weight, align, wrap, italic, detail)


def draw_lines(p: QPainter, r: QRectF, text: str, px: float, colour: QColor,
               weight: QFont.Weight = QFont.Weight.Normal,
               align: Qt.AlignmentFlag = Qt.AlignmentFlag.AlignHCenter) -> int:
    """The kit's draw_lines (a name in the lines its box holds, cut with "…" rather than
    spilling); a text that had to be raised to the floor is noted."""
    if text.strip() and px < floor_px(p) - 1e-6:
        _misfits.append(Misfit("raised", text, device_px(p, px)))
    return kit.draw_lines(p, r, text, px, colour, weight, align)


def fit_text(p: QPainter, box: QRectF, text: str, px: float, colour: QColor,
             weight: QFont.Weight = QFont.Weight.Normal, detail: bool = False) -> QRectF:
    """The kit's fit_text; an essential text that is raised or still overflows is noted."""
    used = kit.fit_text(p, box, text, px, colour, weight, detail)
    if not detail and text.strip():
        if px < floor_px(p) - 1e-6:
            _misfits.append(Misfit("raised", text, device_px(p, px)))
        if used.height() > box.height() + 0.5:
            _misfits.append(Misfit("overflow", text, device_px(p, max(px, floor_px(p)))))
    return used


@lru_cache(maxsize=4096)
def wrapped_height(text: str, px: float, width: float,
                   weight: QFont.Weight = QFont.Weight.Normal) -> float:
    """How tall `text` is when word-wrapped into `width` at `px` (remembered)."""
    fm = _fm(px, weight)
    return fm.boundingRect(QRectF(0, 0, width, 1e6), _TOP_LEFT_WRAP, text).height()
