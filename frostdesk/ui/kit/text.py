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

It also notes every text it could not show whole (`elided()` since `reset_smallest()`): a line
cut with "…", a line wider than its box, wrapped text whose lines overflow their box (`fit_text`
even at its smallest size), and text a table cut itself with `elide`. A table that gives its
texts room for the window notes none; `frostdesk screenshot --json` lists them.
"""

from __future__ import annotations

import math
import re
import sys
from dataclasses import dataclass

from PySide6.QtCore import QRectF, Qt
from PySide6.QtGui import QColor, QFont, QFontMetricsF, QPainter

from frostdesk.ui import theme

FLOOR_PX = 11 * 96 / 72  # 11 pt at 96 dpi: the smallest table text a player should meet
_smallest: list[float] = []  # [size] once something was drawn since reset_smallest()


@dataclass(frozen=True)
class Elided:
    """A text the painter could not show whole: `kind` is "elided" (cut with "…"), "overflow"
    (a line wider than its box) or "wrapped" (wrapped text out of its box); `shown`
    is what was drawn and `by` the class (and method) that drew it."""

    text: str
    shown: str
    kind: str
    by: str

    def as_dict(self) -> dict[str, str]:
        return {"text": self.text, "shown": self.shown, "kind": self.kind, "by": self.by}


_elided: list[Elided] = []
_SLACK = 0.5  # px a line may pass its box by (rounding of advances) before it counts
SQUEEZE = 0.07  # how much closer letters may come (of the text size) to keep a line whole


def reset_smallest() -> None:
    """Start counting again: the smallest size and the texts not shown whole."""
    _smallest.clear()
    _elided.clear()


def elided() -> list[Elided]:
    """The texts not shown whole since `reset_smallest()`, in the order they were drawn."""
    return list(_elided)


def _drawer() -> str:
    """The class and method outside this module that asked for the text: its caller, or the
    caller's caller when that is a method (a game's text helper passes the text on), else the
    caller's module and function. Only looked up when something did not fit, so it costs
    nothing on a table that fits."""
    frame = sys._getframe(1)
    while frame is not None and frame.f_code.co_filename == __file__:
        frame = frame.f_back  # type: ignore[assignment]
    first = frame
    for _ in range(2):
        if frame is None:
            break
        owner = frame.f_locals.get("self")
        if owner is not None:
            return f"{type(owner).__name__}.{frame.f_code.co_name}"
        frame = frame.f_back  # type: ignore[assignment]
    if first is None:
        return "?"
    module = str(first.f_globals.get("__name__", "?")).rsplit(".", 1)[-1]
    return f"{module}.{first.f_code.co_name}"


def _not_whole(text: str, shown: str, kind: str) -> None:
    _elided.append(Elided(text, shown, kind, _drawer()))


def note_not_whole(what: str, kind: str = "overflow") -> None:
    """A game's painter that lays out words itself (a row of counts, a fan of cards) notes
    what did not fit, so `elided()` (and `frostdesk screenshot`) report it with the rest."""
    _not_whole(what, "", kind)


def _whole(text: str, size: float, width: float, weight: QFont.Weight) -> bool:
    """Whether `draw_text` shows one line of `text` whole in `width` at the size it comes
    out at: as it is, or with its letters at most SQUEEZE of the size closer."""
    over = _widest(QFontMetricsF(theme.scene_font(size, weight)), text) - width
    return over <= _SLACK or (len(text) > 1 and over / (len(text) - 1) + 0.05 <= SQUEEZE * size)


def elide(text: str, px: float, width: float,
          weight: QFont.Weight = QFont.Weight.Normal) -> str:
    """`text` cut with "…" to fit `width` at pixel size `px` (noted when it was cut): for a
    table that shortens a line itself and shows it whole elsewhere (a tooltip, the zoom).
    A line `draw_text` can show whole with its letters a little closer is left whole."""
    if _whole(text, px, width, weight):
        return text
    shown = QFontMetricsF(theme.scene_font(px, weight)).elidedText(
        text, Qt.TextElideMode.ElideRight, width)
    if shown != text:
        _not_whole(text, shown, "elided")
    return shown


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


def shown_px(p: QPainter, px: float) -> float:
    """The size text asked at `px` comes out at on `p` (raised to the floor when smaller):
    measure with it, so the room a painter gives a text is the room the text takes."""
    return max(px, floor_px(p))


def _note(p: QPainter, px: float) -> None:
    size = device_px(p, px)
    if not _smallest:
        _smallest.append(size)
    elif size < _smallest[0]:
        _smallest[0] = size


def _widest(metrics: QFontMetricsF, text: str) -> float:
    """The width of the widest line of `text` (a line break starts a new line)."""
    return max(metrics.horizontalAdvance(line) for line in text.split("\n"))


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
        if text.strip():
            used = p.boundingRect(r, flags, text)
            if used.height() > r.height() + _SLACK or used.width() > r.width() + _SLACK:
                _not_whole(text, text, "wrapped")
    elif text.strip():
        metrics = QFontMetricsF(f)
        over = _widest(metrics, text) - r.width()
        if over > _SLACK and len(text) > 1 and "\n" not in text:
            # a line a little too wide is drawn with its letters a little closer (at most
            # SQUEEZE of the size between two letters) rather than cut
            closer = over / (len(text) - 1) + 0.05
            if closer <= SQUEEZE * px:
                f.setLetterSpacing(QFont.SpacingType.AbsoluteSpacing, spacing - closer)
                p.setFont(f)
                metrics = QFontMetricsF(f)
        if _widest(metrics, text) > r.width() + _SLACK:
            if raised:
                shown = metrics.elidedText(text, Qt.TextElideMode.ElideRight, r.width())
                _not_whole(text, shown, "elided")
                text = shown
            else:
                _not_whole(text, text, "overflow")
    p.drawText(r, flags, text)


def draw_lines(p: QPainter, r: QRectF, text: str, px: float, colour: QColor,
               weight: QFont.Weight = QFont.Weight.Normal,
               align: Qt.AlignmentFlag = Qt.AlignmentFlag.AlignHCenter) -> int:
    """`text` (a name, a label) in as many lines as `r` holds, broken at spaces and after
    hyphens, the lines centred in `r` from top to bottom (or from its top, with AlignTop) and
    aligned across as `align` says; a word too wide for a line, or what
    the last line cannot hold, is cut with "…" (noted), so nothing spills out of `r` onto its
    neighbours. Never below the floor. The number of lines drawn."""
    size = max(px, floor_px(p))
    metrics = QFontMetricsF(theme.scene_font(size, weight))
    width = r.width()
    room = max(1, int((r.height() + _SLACK) // metrics.lineSpacing()))
    pieces = [w for w in re.findall(r"[^\s-]*-|[^\s-]+", text) if w]
    lines: list[str] = []
    i = 0
    while i < len(pieces) and len(lines) < room:
        line = pieces[i]
        i += 1
        while i < len(pieces):
            joined = line + ("" if line.endswith("-") else " ") + pieces[i]
            if not _whole(joined, size, width, weight):
                break
            line, i = joined, i + 1
        lines.append(line)
    if i < len(pieces) and lines:  # more than fits: the last line takes the rest, cut
        lines[-1] = " ".join([lines[-1], *pieces[i:]])
    cut = False
    for k, line in enumerate(lines):
        if not _whole(line, size, width, weight):  # (what draw_text could squeeze is whole)
            lines[k] = metrics.elidedText(line, Qt.TextElideMode.ElideRight, width)
            cut = True
    if cut:
        _not_whole(text, " / ".join(lines), "elided")
    step = metrics.lineSpacing()
    top = r.top()
    if not align & Qt.AlignmentFlag.AlignTop:  # (centred from top to bottom unless asked)
        top += max(0.0, (r.height() - step * len(lines)) / 2)
    across = Qt.AlignmentFlag(align & Qt.AlignmentFlag.AlignHorizontal_Mask)
    for k, line in enumerate(lines):
        draw_text(p, QRectF(r.left(), top + k * step, width, step), line, size, colour,
                  weight, across | Qt.AlignmentFlag.AlignVCenter)
    return len(lines)


def draw_pair(p: QPainter, r: QRectF, left: str, right: str, px: float,
              left_colour: QColor, right_colour: QColor,
              left_weight: QFont.Weight = QFont.Weight.Normal,
              right_weight: QFont.Weight = QFont.Weight.Normal, gap: float = 6.0) -> None:
    """Two texts on one line of `r`, one at its left and one at its right, each in its own
    part (measured at the size they are drawn), so they never run into each other: the right
    one keeps its width, the left one the rest (a line too short for both is noted)."""
    size = shown_px(p, px)
    right_w = QFontMetricsF(theme.scene_font(size, right_weight)).horizontalAdvance(right)
    left_w = QFontMetricsF(theme.scene_font(size, left_weight)).horizontalAdvance(left)
    if left_w + gap + right_w > r.width():  # both give way by what they ask
        right_w = r.width() * right_w / (left_w + right_w + gap)
    draw_text(p, QRectF(r.left(), r.top(), max(0.0, r.width() - right_w - gap), r.height()),
              left, px, left_colour, left_weight, Qt.AlignmentFlag.AlignLeft
              | Qt.AlignmentFlag.AlignVCenter)
    draw_text(p, QRectF(r.right() - right_w, r.top(), right_w, r.height()), right, px,
              right_colour, right_weight, Qt.AlignmentFlag.AlignRight
              | Qt.AlignmentFlag.AlignVCenter)


def fits(p: QPainter, text: str, px: float, width: float,
         weight: QFont.Weight = QFont.Weight.Normal) -> bool:
    """Whether one line of `text` asked at `px` is drawn whole in `width` on `p` (at the size
    it comes out at, its letters at most SQUEEZE closer)."""
    return _whole(text, shown_px(p, px), width, weight)


def first_fit(p: QPainter, r: QRectF, wordings: list[str], px: float, colour: QColor,
              weight: QFont.Weight = QFont.Weight.Normal,
              align: Qt.AlignmentFlag = Qt.AlignmentFlag.AlignCenter) -> str:
    """Draw the first of `wordings` (a long one, then shorter ones whose full words are in a
    tooltip or the zoom) that is whole on one line of `r`; the last when none is. Returns
    the wording drawn."""
    chosen = next((w for w in wordings if fits(p, w, px, r.width(), weight)), wordings[-1])
    draw_text(p, r, chosen, px, colour, weight, align)
    return chosen


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
        whole = used.height() <= box.height() + _SLACK and used.width() <= box.width() + _SLACK
        if whole or size <= smallest:
            break
        size = max(smallest, size - max(0.5, px * 0.05))
    if used.width() > box.width() + _SLACK and size <= smallest:
        # a word wider than the box even at the smallest size: its letters a little closer
        f = theme.scene_font(size, weight)
        longest = max(text.split(), key=QFontMetricsF(f).horizontalAdvance, default="")
        over = used.width() - box.width()
        closer = over / max(1, len(longest) - 1) + 0.05
        if closer <= SQUEEZE * size:
            f.setLetterSpacing(QFont.SpacingType.AbsoluteSpacing, -closer)
            p.setFont(f)
            used = p.boundingRect(box, flags, text)
    p.setPen(colour)
    if text.strip():
        _note(p, size)
        if used.height() > box.height() + _SLACK or used.width() > box.width() + _SLACK:
            _not_whole(text, text, "wrapped")
    p.drawText(box, flags, text)
    return used
