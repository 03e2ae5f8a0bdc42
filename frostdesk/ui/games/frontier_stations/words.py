"""Words on the Frontier Stations table, through the kit's one text painter.

Every text of this table goes through `text()`: the kit's `draw_text` (which knows the scale
and never draws below the 11 pt floor), drawn at 10x and scaled down so that sizes of a
fraction of a card unit keep their shape. Essential text (names, counts, numbers, phases) that
no longer fits its line at the size it comes out at is noted in `not_fitting()` (the kit elides
it); the readability tests hold that list empty. Text marked `detail` (rules and flavour that
the hover zoom and the card dialog show in full) is drawn when it fits its rect (at the floor
when it asks for less), and left out when it does not.

`first_fit()` draws the first of several wordings that fits (a long caption, then shorter
ones), and `fits()` says whether a text would fit, so a painter can choose before drawing.
"""

from __future__ import annotations

from PySide6.QtCore import QRectF, Qt
from PySide6.QtGui import QColor, QFont, QFontMetricsF, QPainter

from frostdesk.ui import theme
from frostdesk.ui.kit.text import draw_text, floor_px, note_not_whole

Weight = QFont.Weight
CENTRE = Qt.AlignmentFlag.AlignCenter
LEFT = Qt.AlignmentFlag.AlignLeft | Qt.AlignmentFlag.AlignVCenter
_NOT_FITTING: list[str] = []
_RAISED: list[str] = []


def reset_not_fitting() -> None:
    """Forget what `not_fitting()` and `raised()` noted."""
    _NOT_FITTING.clear()
    _RAISED.clear()


def raised() -> list[str]:
    """Essential texts drawn since `reset_not_fitting()` that asked for a size below the floor
    (the kit raised them): a layout that reads is one where this stays empty."""
    return list(_RAISED)


def note_not_fitting(what: str) -> None:
    """Note essential words that a painter could not fit (besides what `text` notes); the
    kit's list of texts not shown whole gets them too."""
    _NOT_FITTING.append(what)
    note_not_whole(what)


def not_fitting() -> list[str]:
    """Essential texts drawn since `reset_not_fitting()` that did not fit their rect."""
    return list(_NOT_FITTING)


def width(s: str, px: float, weight: QFont.Weight = Weight.Bold) -> float:
    """How wide one line of `s` is at pixel size `px` (measured at 10x, for small sizes)."""
    return QFontMetricsF(theme.scene_font(px * 10, weight)).horizontalAdvance(s) / 10


def size(p: QPainter, px: float) -> float:
    """The size `px` comes out at on this painter: never below the floor."""
    return max(px, floor_px(p))


def fits(p: QPainter, s: str, px: float, w: float, weight: QFont.Weight = Weight.Bold) -> bool:
    """Whether one line of `s` fits `w` at `px` as the painter draws it (raised to the
    floor when smaller)."""
    return width(s, size(p, px), weight) <= w + 0.01


def fit_px(s: str, px: float, w: float, weight: QFont.Weight = Weight.Bold,
           least: float = 4.0) -> float:
    """The largest size up to `px` (down to `least`) at which one line of `s` fits `w`."""
    got = px
    while got > least:
        if width(s, got, weight) <= w:
            return got
        got -= 0.5
    return max(got, least)


def text(p: QPainter, r: QRectF, s: str, px: float, colour: QColor,
         weight: QFont.Weight = Weight.Normal, align: Qt.AlignmentFlag = CENTRE,
         wrap: bool = False, italic: bool = False, detail: bool = False) -> None:
    """One line (or a wrapped block) of table text in `r` (see the module docstring)."""
    floor = floor_px(p)
    if detail:  # drawn where it fits (at the floor when asked smaller), else left out
        if not s.strip() or not _fits_at(s, max(px, floor), r, weight, wrap, italic):
            return
        if px < floor:
            px, detail = floor, False
    elif s.strip():
        if px < floor - 1e-6:
            _RAISED.append(s)
        used = max(px, floor)
        f = theme.scene_font(used * 10, weight)
        f.setItalic(italic)
        m = QFontMetricsF(f)
        if wrap:
            flags = int(align) | int(Qt.TextFlag.TextWordWrap)
            need = m.boundingRect(QRectF(0, 0, r.width() * 10, 1e6), flags, s).height() / 10
            if need > r.height() * 1.05 + 0.5:
                _NOT_FITTING.append(s)
        elif m.horizontalAdvance(s) / 10 > r.width() + 0.5:
            _NOT_FITTING.append(s)
    p.save()
    p.translate(r.topLeft())
    p.scale(0.1, 0.1)
    draw_text(p, QRectF(0, 0, r.width() * 10, r.height() * 10), s, px * 10, colour, weight,
              align, wrap, italic, detail)
    p.restore()


def _fits_at(s: str, px: float, r: QRectF, weight: QFont.Weight, wrap: bool,
             italic: bool) -> bool:
    f = theme.scene_font(px * 10, weight)
    f.setItalic(italic)
    m = QFontMetricsF(f)
    if not wrap:
        return m.horizontalAdvance(s) / 10 <= r.width() + 0.01 and \
            m.height() / 10 <= r.height() * 1.25 + 0.5
    flags = int(Qt.AlignmentFlag.AlignLeft) | int(Qt.TextFlag.TextWordWrap)
    got = m.boundingRect(QRectF(0, 0, r.width() * 10, 1e6), flags, s)
    return got.height() / 10 <= r.height() + 0.01 and got.width() / 10 <= r.width() + 0.5


def first_fit(p: QPainter, r: QRectF, wordings: list[str], px: float, colour: QColor,
              weight: QFont.Weight = Weight.Bold, align: Qt.AlignmentFlag = CENTRE,
              optional: bool = False, detail: bool = False) -> str:
    """Draw the first wording that fits `r` on one line at the size it comes out at and return
    it; when none does, the last (or nothing, if `optional` or `detail`)."""
    used = size(p, px)
    for s in wordings:
        if _fits_at(s, used, r, weight, False, False):
            text(p, r, s, px if detail else used, colour, weight, align, detail=detail)
            return s
    if optional or detail or not wordings:
        return ""
    text(p, r, wordings[-1], used, colour, weight, align)
    return wordings[-1]


def wrap_lines(s: str, px: float, w: float, weight: QFont.Weight = Weight.Bold
               ) -> list[str] | None:
    """`s` broken into lines no wider than `w` at `px`, between words only; None when a
    word alone is wider."""
    lines: list[str] = []
    line = ""
    for word in s.split():
        if width(word, px, weight) > w:
            return None
        joined = f"{line} {word}".strip()
        if width(joined, px, weight) <= w:
            line = joined
        else:
            lines.append(line)
            line = word
    if line:
        lines.append(line)
    return lines
