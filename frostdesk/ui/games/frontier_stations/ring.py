"""Where the boxes of the Frontier Stations table go in a window of a given size (pure
geometry, no Qt).

The table is laid out for the window it is shown in, in screen pixels: `ring_boxes(n, w, h,
...)` places the n station boxes, the n threat areas between them and the middle (shop and
tray). Each player count has one arrangement (`_TEMPLATES`: which box sits next to which),
with a few free proportions (row heights, column widths) that are searched so that the cards
come out as large as they can in this window for the card counts a game usually reaches
(table.yaml `layouts: n: typical`). So a wide window widens the stations, a tall one gives the
rows more height, and hiding the log hands its width to the table.

Boxes are listed by position, clockwise from the bottom station, as StationsLayout expects:
area i lies between station i and station i+1 (the bottom station's left for i = 0).
"""

from __future__ import annotations

import itertools
import math
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from functools import lru_cache

from frostdesk.ui.kit.layout import Rect

CARD_W, CARD_H = 100.0, 140.0


@lru_cache(maxsize=65536)
def _fit(n: int, w: int, h: int, gap: float, smax: float) -> tuple[float, int]:
    if n <= 0:
        return smax, 1
    best, best_cols = 0.0, 1
    for cols in range(1, n + 1):
        rows = math.ceil(n / cols)
        s = min((w - gap * (cols - 1)) / (cols * CARD_W),
                (h - gap * (rows - 1)) / (rows * CARD_H), smax)
        if s > best - 1e-6:
            best, best_cols = max(s, best), cols
    return best, best_cols


def fit(n: int, box: Rect, gap: float, smax: float) -> tuple[float, int]:
    """The largest card scale (up to smax) at which n cards fit `box` in a grid, and the
    number of columns (the fewest rows among equally large grids)."""
    return _fit(n, int(box.w), int(box.h), gap, smax)


@dataclass(frozen=True)
class Metrics:
    """Sizes that do not depend on the arrangement, in table units (screen pixels)."""

    gap: float  # between boxes and between cards
    margin: float  # around the table
    header: float  # a station's name strip
    area_header: float  # a threat area's label strip
    station_min_w: float  # narrower, the name strip no longer holds its words
    tray_w: float  # the tray (turn track, decks, dice, beacons) at its smallest
    tray_h: float
    shop_label: float  # the shop's caption above its cards
    card_max: float
    card_min: float  # below this the cards of a box fan out instead of shrinking

    def cards_box(self, box: Rect) -> Rect:
        return Rect(box.x + 6, box.y + self.header + 4, box.w - 12, box.h - self.header - 10)

    def threats_box(self, box: Rect) -> Rect:
        return Rect(box.x + 5, box.y + self.area_header + 3, box.w - 10,
                    box.h - self.area_header - 8)


@dataclass
class Ring:
    """The boxes of one table: stations and areas by position, the shop and the tray."""

    stations: list[Rect]
    areas: list[Rect]
    shop: Rect
    tray: Rect
    proportions: tuple[float, ...]  # the arrangement's free proportions that were chosen


def _split(box: Rect, sizes: Sequence[float | None], gap: float, across: bool) -> list[Rect]:
    """Split `box` left to right (`across`) or top to bottom; None sizes share what is left."""
    fixed = sum(x for x in sizes if x is not None)
    free = sum(1 for x in sizes if x is None)
    rest = ((box.w if across else box.h) - fixed - gap * (len(sizes) - 1)) / max(1, free)
    out, at = [], box.x if across else box.y
    for x in sizes:
        size = rest if x is None else x
        out.append(Rect(at, box.y, size, box.h) if across else Rect(box.x, at, box.w, size))
        at += size + gap
    return out


def _cols(box: Rect, widths: Sequence[float | None], gap: float) -> list[Rect]:
    return _split(box, widths, gap, True)


def _rows(box: Rect, heights: Sequence[float | None], gap: float) -> list[Rect]:
    return _split(box, heights, gap, False)


# Each template: (a, b, c) proportions of the inner box -> station boxes, area boxes (by
# position) and the middle box (shop and tray).
Placed = tuple[list[Rect], list[Rect], Rect]


def _one(t: Rect, g: float, p: Sequence[float]) -> Placed:
    area, middle, station = _rows(t, [t.h * p[0], t.h * p[1], None], g)
    return [station], [area], middle


def _two(t: Rect, g: float, p: Sequence[float]) -> Placed:
    left, col, right = _cols(t, [t.w * p[0], None, t.w * p[0]], g)
    top, middle, bottom = _rows(col, [col.h * p[1], None, col.h * p[1]], g)
    return [bottom, top], [left, right], middle


def _three(t: Rect, g: float, p: Sequence[float]) -> Placed:
    top, lower = _rows(t, [t.h * p[0], None], g)
    s1, a1, s2 = _cols(top, [None, t.w * p[1], None], g)
    a0, col, a2 = _cols(lower, [t.w * p[1], None, t.w * p[1]], g)
    middle, s0 = _rows(col, [None, col.h * p[2]], g)
    return [s0, s1, s2], [a0, a1, a2], middle


def _four(t: Rect, g: float, p: Sequence[float]) -> Placed:
    top, mid, bottom = _rows(t, [t.h * p[1], None, t.h * p[1]], g)
    side = t.w * p[0]
    a1, s2, a2 = _cols(top, [side, None, side], g)
    s1, middle, s3 = _cols(mid, [side, None, side], g)
    a0, s0, a3 = _cols(bottom, [side, None, side], g)
    return [s0, s1, s2, s3], [a0, a1, a2, a3], middle


def _five(t: Rect, g: float, p: Sequence[float]) -> Placed:
    top, mid, bottom = _rows(t, [t.h * p[1], None, t.h * p[1]], g)
    side = t.w * p[0]
    a1, s2, a2, s3, a3 = _cols(top, [side, None, t.w * p[2], None, side], g)
    s1, middle, s4 = _cols(mid, [side, None, side], g)
    a0, s0, a4 = _cols(bottom, [side, None, side], g)
    return [s0, s1, s2, s3, s4], [a0, a1, a2, a3, a4], middle


def _six(t: Rect, g: float, p: Sequence[float]) -> Placed:
    top, mid, bottom = _rows(t, [t.h * p[0], None, t.h * p[0]], g)
    between = t.w * p[1]
    s2, a2, s3, a3, s4 = _cols(top, [None, between, None, between, None], g)
    s1, a0, s0, a5, s5 = _cols(bottom, [None, between, None, between, None], g)
    a1, middle, a4 = _cols(mid, [t.w * p[2], None, t.w * p[2]], g)
    return [s0, s1, s2, s3, s4, s5], [a0, a1, a2, a3, a4, a5], middle


def _steps(lo: float, hi: float, k: int) -> list[float]:
    return [lo + (hi - lo) * i / (k - 1) for i in range(k)]


# the proportions each arrangement may take (the search tries every combination)
_TEMPLATES: dict[int, tuple[Callable[[Rect, float, Sequence[float]], Placed],
                            list[list[float]]]] = {
    1: (_one, [_steps(0.22, 0.5, 8), _steps(0.2, 0.42, 8)]),
    2: (_two, [_steps(0.14, 0.34, 9), _steps(0.2, 0.42, 9)]),
    3: (_three, [_steps(0.26, 0.5, 7), _steps(0.14, 0.3, 7), _steps(0.3, 0.6, 7)]),
    4: (_four, [_steps(0.16, 0.34, 10), _steps(0.2, 0.4, 9)]),
    5: (_five, [_steps(0.14, 0.3, 7), _steps(0.24, 0.4, 7), _steps(0.08, 0.2, 6)]),
    6: (_six, [_steps(0.24, 0.4, 7), _steps(0.08, 0.2, 7), _steps(0.1, 0.26, 7)]),
}


def split_middle(middle: Rect, m: Metrics, shop_cards: int) -> tuple[Rect, Rect]:
    """The shop and the tray in the middle box: side by side when that gives the shop's
    cards more room, else the shop above the tray."""
    g = m.gap
    stacked_tray_h = max(m.tray_h, min(middle.h * 0.38, m.tray_h * 1.5))
    shop_a, tray_a = _rows(middle, [None, stacked_tray_h], g)
    tray_w = max(m.tray_w, min(middle.w * 0.5, m.tray_w * 1.3))
    shop_b, tray_b = _cols(middle, [None, tray_w], g)

    def scale(shop: Rect) -> float:
        cards = Rect(shop.x, shop.y + m.shop_label, shop.w, shop.h - m.shop_label)
        return readable(shop_cards, cards, g + 4, m)

    if shop_b.w > 0 and middle.h >= m.tray_h and scale(shop_b) > scale(shop_a) * 1.05:
        return shop_b, tray_b
    return shop_a, tray_a


def readable(n: int, box: Rect, gap: float, m: Metrics) -> float:
    """How well n cards read in `box`: their scale when they fit side by side, less when
    they must fan out at the smallest scale (by how much of each card stays visible)."""
    best = fit(max(1, n), box, gap, m.card_max)[0]
    if best >= m.card_min:
        return best
    s = m.card_min
    w, h = CARD_W * s, CARD_H * s
    if box.h < h or box.w < w:  # not even one readable card: far worse than a fan
        return best * 0.5
    rows = max(1, int((box.h + gap) // (h + gap)))
    cols = math.ceil(n / rows)
    step = (box.w - w) / max(1, cols - 1)
    seen = max(0.0, min(1.0, step / w))
    return s * (0.35 + 0.65 * seen)


def _score(n: int, placed: Placed, m: Metrics, typical: tuple[int, int]) -> float:
    stations, areas, middle = placed
    if min(b.w for b in stations + areas + [middle]) <= 0 or \
            min(b.h for b in stations + areas + [middle]) <= 0:
        return -1.0
    st = min(readable(typical[0], m.cards_box(b), m.gap, m) for b in stations)
    ar = min(readable(typical[1], m.threats_box(b), m.gap, m) for b in areas)
    shop, tray = split_middle(middle, m, n + 1)
    cards = Rect(shop.x, shop.y + m.shop_label, shop.w, shop.h - m.shop_label)
    sh = readable(n + 1, cards, m.gap + 4, m)
    score = min(st, ar, sh) + 0.1 * (st + ar + sh) / 3
    if min(b.w for b in stations) < m.station_min_w:
        score *= 0.6
    if tray.w < m.tray_w - 1 or tray.h < m.tray_h - 1:
        score *= 0.6
    return score


@lru_cache(maxsize=64)
def ring_boxes(n: int, w: float, h: float, metrics: Metrics, typical: tuple[int, int],
               keep: tuple[float, ...] | None = None) -> Ring:
    """The boxes of an n-station table `w` x `h` (see the module docstring). `keep`: the
    proportions the table had before the window changed; kept while they are nearly as good,
    so a small change of size moves the boxes a little instead of rearranging them."""
    m = metrics
    inner = Rect(m.margin, m.margin, w - 2 * m.margin, h - 2 * m.margin)
    place, ranges = _TEMPLATES[n]
    best: tuple[float, tuple[float, ...], Placed] | None = None
    for p in itertools.product(*ranges):
        placed = place(inner, m.gap, p)
        score = _score(n, placed, m, typical)
        if best is None or score > best[0] + 1e-9:
            best = (score, p, placed)
    assert best is not None
    score, chosen, (stations, areas, middle) = best
    if keep is not None and keep != chosen and len(keep) == len(chosen):
        placed = place(inner, m.gap, keep)
        if _score(n, placed, m, typical) >= score * 0.97:
            chosen, (stations, areas, middle) = keep, placed
    shop, tray = split_middle(middle, m, n + 1)
    return Ring(stations, areas, shop, tray, tuple(chosen))
