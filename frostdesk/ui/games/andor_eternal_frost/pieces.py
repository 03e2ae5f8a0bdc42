"""The Eternal Frost's map items: the land with its paths, arrows, river and bridges, the
spaces (with the hour badges of legal walks), heroes and creatures as shapes of their own,
tokens, the shields, the box of beaten creatures and the sunrise's steps. Each paints itself
from its Spec's data into the kit's pixmap cache (table.py places them).
"""

from __future__ import annotations

import math
from typing import TYPE_CHECKING, Any

from PySide6.QtCore import QPointF, QRectF, Qt
from PySide6.QtGui import (
    QColor,
    QFont,
    QFontMetricsF,
    QPainter,
    QPainterPath,
    QPen,
    QPolygonF,
)

from frostdesk.ui import theme
from frostdesk.ui.kit.items import TableItem
from frostdesk.ui.kit.layout import Spec
from frostdesk.ui.kit.text import draw_text, floor_px

if TYPE_CHECKING:
    from frostdesk.ui.games.andor_eternal_frost.table import MapLayout

INK = QColor("#0e151c")
SNOW = QColor("#eef4f8")
FIRE = QColor("#ff9a3c")
GEM = QColor("#5fc8ff")
STEPS = ("Gors", "Wargors", "Buffalo", "Wargors", "Trolls", "Warmth", "Frost", "Fires out",
         "Narrator")
HERO_SHAPES = {"warrior": "shield", "guardian": "flame", "wizard": "star", "dwarf": "hammer"}
TEXT_PX = 46.0  # table text in board units: 11 pt and more at 1280x720 with the map fitted
NEAR_HOURS = 3  # hour badges of longer walks wait for the zoom (FAR_PX)
FAR_PX = 32.0
GLOW_RINGS_SMALL = 2  # the legal glow's rings (4 units apart) on a map drawn small

def _poly(points: list[tuple[float, float]]) -> QPolygonF:
    return QPolygonF([QPointF(x, y) for x, y in points])


def shape_path(shape: str, r: float) -> QPainterPath:
    """A figure's outline, centred on (0, 0), about `r` from the centre: every hero and
    creature kind has its own shape, so nothing depends on colour alone."""
    path = QPainterPath()
    if shape == "triangle":
        path.addPolygon(_poly([(0, -r), (r * 0.95, r * 0.75), (-r * 0.95, r * 0.75)]))
    elif shape == "diamond":
        path.addPolygon(_poly([(0, -r), (r, 0), (0, r), (-r, 0)]))
    elif shape == "square":
        path.addRoundedRect(QRectF(-r * 0.85, -r * 0.85, r * 1.7, r * 1.7), r * 0.2, r * 0.2)
    elif shape == "hexagon":
        path.addPolygon(_poly([(r * math.cos(math.pi / 3 * k), r * math.sin(math.pi / 3 * k))
                               for k in range(6)]))
    elif shape == "crown":
        path.addPolygon(_poly([(-r, r * 0.7), (-r, -r * 0.5), (-r * 0.5, 0), (0, -r),
                               (r * 0.5, 0), (r, -r * 0.5), (r, r * 0.7)]))
    elif shape == "shield":
        path.moveTo(-r * 0.85, -r * 0.8)
        path.lineTo(r * 0.85, -r * 0.8)
        path.lineTo(r * 0.85, 0)
        path.quadTo(r * 0.8, r * 0.7, 0, r)
        path.quadTo(-r * 0.8, r * 0.7, -r * 0.85, 0)
        path.closeSubpath()
    elif shape == "flame":
        path.moveTo(0, -r)
        path.quadTo(r * 1.1, r * 0.1, r * 0.6, r * 0.7)
        path.quadTo(0, r * 1.1, -r * 0.6, r * 0.7)
        path.quadTo(-r * 1.1, r * 0.1, 0, -r)
    elif shape == "star":
        pts = []
        for k in range(10):
            rad = r if k % 2 == 0 else r * 0.45
            a = -math.pi / 2 + k * math.pi / 5
            pts.append((rad * math.cos(a), rad * math.sin(a)))
        path.addPolygon(_poly(pts))
    elif shape == "hammer":
        path.addRect(QRectF(-r * 0.9, -r * 0.85, r * 1.8, r * 0.7))
        path.addRect(QRectF(-r * 0.22, -r * 0.2, r * 0.44, r * 1.2))
    else:
        path.addEllipse(QPointF(0, 0), r, r)
    return path


class MapPiece(TableItem):
    """An item of the map, painted from its data into the kit's pixmap cache."""

    R = 30.0

    def __init__(self, key: Any, spec: Spec, game: Any, layout: MapLayout) -> None:
        super().__init__(key, spec.kind, spec.data, game)
        self.layout = layout
        self.setToolTip(str(spec.data.get("tip", "")))

    def set_data(self, data: dict[str, Any]) -> None:
        super().set_data(data)
        self.setToolTip(str(data.get("tip", "")))

    def boundingRect(self) -> QRectF:  # noqa: N802
        r = self.R + 16
        return QRectF(-r, -r, 2 * r, 2 * r)

    def body(self) -> QRectF:
        return QRectF(-self.R, -self.R, 2 * self.R, 2 * self.R)

    def paint_marks_round(self, p: QPainter, r: QRectF) -> None:
        """A round glow: picked, the hint's, or a legal target; a dashed ring on focus."""
        colour = theme.SELECTED if self.selected_mark else theme.HINT if self.hint_mark \
            else (theme.LEGAL if self.glow else None)
        if colour is not None:
            # on a map drawn smaller than laid out (a small window) the glow keeps within
            # half the narrowest gap between two spaces, so glowing neighbours never touch
            rings = 5 if floor_px(p) <= TEXT_PX * 1.05 else GLOW_RINGS_SMALL
            for k in range(rings, 0, -1):
                c = QColor(colour)
                c.setAlphaF(min(1.0, 0.12 * (6 - k) * 5 / rings))
                p.setPen(QPen(c, 5))
                p.setBrush(Qt.BrushStyle.NoBrush)
                p.drawEllipse(r.adjusted(-4 * k, -4 * k, 4 * k, 4 * k))
        if self.focus_mark:
            p.setPen(QPen(QColor("white"), 4, Qt.PenStyle.DashLine))
            p.setBrush(Qt.BrushStyle.NoBrush)
            p.drawEllipse(r.adjusted(-12, -12, 12, 12))


class LandPiece(MapPiece):
    """The board itself: land, region names, paths, the arrows, the river and its bridges."""

    def boundingRect(self) -> QRectF:  # noqa: N802
        w, h = self.layout.board.canvas
        return QRectF(-w / 2, -h / 2, w, h)

    def paint_content(self, p: QPainter) -> None:
        b = self.layout.board
        w, h = b.canvas
        p.translate(-w / 2, -h / 2)
        p.setPen(Qt.PenStyle.NoPen)
        p.setBrush(QColor("#223243"))
        p.drawRoundedRect(QRectF(0, 0, w, h), 40, 40)
        # paths between neighbours, then each space's arrow as a chevron along its path
        p.setPen(QPen(QColor(200, 220, 235, 70), 6))
        for sid, sp in b.spaces.items():
            for n in sp.next:
                if n > sid and n in b.spaces:
                    p.drawLine(QPointF(*sp.xy), QPointF(*b.spaces[n].xy))
        river = b.river
        if river:
            p.setPen(QPen(QColor("#3d78a8"), 38, Qt.PenStyle.SolidLine, Qt.PenCapStyle.RoundCap,
                          Qt.PenJoinStyle.RoundJoin))
            p.drawPolyline(_poly([(x, y) for x, y in river]))
        p.setPen(QPen(QColor("#b08a5a"), 22, Qt.PenStyle.SolidLine, Qt.PenCapStyle.FlatCap))
        for a, c in b.bridges:
            pa, pc = b.spaces[a].xy, b.spaces[c].xy
            mx, my = (pa[0] + pc[0]) / 2, (pa[1] + pc[1]) / 2
            dx, dy = pc[0] - pa[0], pc[1] - pa[1]
            d = math.hypot(dx, dy) or 1
            p.drawLine(QPointF(mx - dx / d * 50, my - dy / d * 50),
                       QPointF(mx + dx / d * 50, my + dy / d * 50))
        p.setPen(Qt.PenStyle.NoPen)
        p.setBrush(QColor(235, 244, 250, 170))
        for sp in b.spaces.values():
            if sp.arrow is None or sp.arrow not in b.spaces:
                continue
            ax, ay = sp.xy
            tx, ty = b.spaces[sp.arrow].xy
            d = math.hypot(tx - ax, ty - ay) or 1
            ux, uy = (tx - ax) / d, (ty - ay) / d
            mx, my = ax + ux * d * 0.5, ay + uy * d * 0.5
            s = 16
            p.drawPolygon(_poly([(mx + ux * s, my + uy * s),
                                 (mx - ux * s - uy * s, my - uy * s + ux * s),
                                 (mx - ux * s * 0.3, my - uy * s * 0.3),
                                 (mx - ux * s + uy * s, my - uy * s - ux * s)]))
        for rect, px, words in region_labels(b):
            draw_text(p, rect, words, px, QColor(200, 220, 235, 120), QFont.Weight.Bold,
                      detail=True)


LABEL_PX = (60.0, 52.0, 44.0, 38.0)  # a region's name: the largest of these that finds room
CELL = 20.0  # the grid of places tried for a name, in board units


def keepout(b: Any) -> list[QRectF]:
    """What a region's name must not lie under, in board units: every space's disc (with a
    little room round it), its landmark name, and the board's corners that other
    items use: the shields (bottom left) and the box of beaten creatures (bottom right)."""
    r = SpacePiece.R + 10
    out = []
    for sp in b.spaces.values():
        x, y = sp.xy
        out.append(QRectF(x - r, y - r, 2 * r, 2 * r))
        if sp.name:
            out.append(name_place(b, sp.id, sp.name)[0].translated(x, y))
    w, h = b.canvas
    return [*out, QRectF(0, h - 240, 620, 240), QRectF(w - 440, h - 160, 440, 160)]


def region_labels(b: Any) -> list[tuple[QRectF, float, str]]:
    """Where each region's name is written (rect, pixel size, words with a line break when it
    takes two lines) on board `b`, worked out once per board. A name lies under no space and
    no other region's name, in a place whose nearest space is one of the region's own, as
    near one of them as it can, off the river when it can; it takes the largest size of
    LABEL_PX (one line, else two) that finds room. A region whose landmark already carries
    its name (the Echo Cave) needs none, and a name with no room at any size is left out:
    the region's tint still shows it."""
    if b.id not in _LABELS:
        _LABELS[b.id] = _place_labels(b)
    return _LABELS[b.id]


_LABELS: dict[str, list[tuple[QRectF, float, str]]] = {}


def _place_labels(b: Any) -> list[tuple[QRectF, float, str]]:
    w, h = b.canvas
    cols, rows = int(w // CELL), int(h // CELL)
    blocked = [[0] * cols for _ in range(rows)]

    def block(r: QRectF) -> None:
        for i in range(max(0, int(r.top() // CELL)), min(rows, int(r.bottom() // CELL) + 1)):
            for j in range(max(0, int(r.left() // CELL)), min(cols, int(r.right() // CELL) + 1)):
                blocked[i][j] = 1

    for r in keepout(b):
        block(r)
    wet = [[0] * cols for _ in range(rows)]
    for (x0, y0), (x1, y1) in zip(b.river, b.river[1:], strict=False):
        k = max(1, int(math.hypot(x1 - x0, y1 - y0) // (CELL / 2)))
        for s in range(k + 1):
            i, j = int((y0 + (y1 - y0) * s / k) // CELL), int((x0 + (x1 - x0) * s / k) // CELL)
            if 0 <= i < rows and 0 <= j < cols:
                wet[i][j] = 1
    damp = _sums(wet)
    # the space nearest each cell's middle (a name belongs to the region it lies nearest)
    spaces = list(b.spaces.values())
    owners: dict[tuple[int, int], Any] = {}

    def owner(i: int, j: int) -> Any:
        if (i, j) not in owners:
            x, y = (j + .5) * CELL, (i + .5) * CELL
            owners[i, j] = min(spaces, key=lambda sp: (sp.xy[0] - x) ** 2 + (sp.xy[1] - y) ** 2)
        return owners[i, j]

    out: list[tuple[QRectF, float, str]] = []
    for key, title in b.regions.items():
        own = [sp for sp in spaces if sp.region == key]
        if not own or any(title.lower() in sp.name.lower() for sp in own if sp.name):
            continue
        cx = sum(sp.xy[0] for sp in own) / len(own)
        cy = sum(sp.xy[1] for sp in own) / len(own)
        words = title.upper()
        shapes = [words] + ([words.replace(" ", "\n", 1) if words.count(" ") == 1 else
                             _halves(words)] if " " in words else [])
        done = False
        for px in LABEL_PX:
            fm = QFontMetricsF(theme.scene_font(px, QFont.Weight.Bold))
            for text in shapes:
                lines = text.split("\n")
                cw = int(math.ceil((max(fm.horizontalAdvance(x) for x in lines) + 12) / CELL))
                ch = int(math.ceil((fm.height() * len(lines) + 4) / CELL))
                free = _sums(blocked)
                best: tuple[float, int, int] | None = None
                for i in range(1, rows - ch):
                    for j in range(1, cols - cw):
                        if _box(free, i, j, ch, cw):
                            continue
                        near = owner(i + ch // 2, j + cw // 2)
                        if near.region != key:
                            continue
                        mx, my = (j + cw / 2) * CELL, (i + ch / 2) * CELL
                        # among its own spaces: near three of them, not only one
                        ds = sorted(math.hypot(sp.xy[0] - mx, sp.xy[1] - my) for sp in own)
                        score = (sum(ds[:3]) / len(ds[:3])
                                 + 0.15 * math.hypot(cx - mx, cy - my)
                                 + (150 if _box(damp, i, j, ch, cw) else 0)
                                 + (400 if _crosses(b.river, (mx, my), near.xy) else 0))
                        if best is None or score < best[0]:
                            best = (score, i, j)
                if best is not None:
                    _, i, j = best
                    rect = QRectF(j * CELL, i * CELL, cw * CELL, ch * CELL)
                    out.append((rect, px, text))
                    block(rect.adjusted(-CELL, -CELL, CELL, CELL))
                    done = True
                    break
            if done:
                break
    return out


def _crosses(line: Any, a: tuple[float, float], c: tuple[float, float]) -> bool:
    """The segment from `a` to `c` crosses the polyline `line` (the river)."""
    def side(p: Any, q: Any, r: Any) -> float:
        return (q[0] - p[0]) * (r[1] - p[1]) - (q[1] - p[1]) * (r[0] - p[0])

    for p, q in zip(line, line[1:], strict=False):
        if side(p, q, a) * side(p, q, c) < 0 and side(a, c, p) * side(a, c, q) < 0:
            return True
    return False


def _halves(words: str) -> str:
    """`words` on two lines, broken at the space nearest the middle."""
    cuts = [k for k, c in enumerate(words) if c == " "]
    k = min(cuts, key=lambda c: abs(2 * c - len(words)))
    return words[:k] + "\n" + words[k + 1:]


def _sums(grid: list[list[int]]) -> list[list[int]]:
    """2-D prefix sums: s[i][j] counts the set cells above and left of (i, j)."""
    rows, cols = len(grid), len(grid[0]) if grid else 0
    s = [[0] * (cols + 1) for _ in range(rows + 1)]
    for i in range(rows):
        run = 0
        for j in range(cols):
            run += grid[i][j]
            s[i + 1][j + 1] = s[i][j + 1] + run
    return s


def _box(s: list[list[int]], i: int, j: int, ch: int, cw: int) -> int:
    """How many set cells the box of `ch` x `cw` cells at (i, j) holds."""
    return s[i + ch][j + cw] - s[i][j + cw] - s[i + ch][j] + s[i][j]


NAME_PX = 30.0  # a landmark's name under (or beside) its space, shown once zoomed in
NAME_REACH = 200.0  # how far from its space's middle a landmark name may reach


def name_place(b: Any, sid: int, name: str) -> tuple[QRectF, str]:
    """Where space `sid`'s landmark name goes, relative to the space's middle, and its words:
    under the space, centred, unless that lies under a neighbouring space; then under it to
    one side, above it, or on two lines under or above it (the first of these that lies under
    no other space; under it, centred, when none does)."""
    key = (b.id, sid)
    if key not in _NAMES:
        fm = QFontMetricsF(theme.scene_font(NAME_PX, QFont.Weight.DemiBold))
        r = SpacePiece.R + (10 if b.spaces[sid].kind in ("castle", "tent_city") else 0)
        x, y = b.spaces[sid].xy
        tries: list[tuple[QRectF, str]] = []
        two = _halves(name) if " " in name else name
        for words in (name, two):
            lines = words.split("\n")
            w = min(2 * NAME_REACH, max(fm.horizontalAdvance(x) for x in lines) + 10)
            h = len(lines) * (NAME_PX + 6) + 6
            for q in ((QRectF(-w / 2, r + 2, w, h), QRectF(r - w, r + 2, w, h),
                       QRectF(-r, r + 2, w, h), QRectF(-w / 2, -r - 2 - h, w, h),
                       QRectF(r - w, -r - 2 - h, w, h), QRectF(-r, -r - 2 - h, w, h))
                      if len(lines) == 1 else
                      (QRectF(-w / 2, r + 2, w, h), QRectF(-w / 2, -r - 2 - h, w, h))):
                if q.left() >= -NAME_REACH and q.right() <= NAME_REACH:
                    tries.append((q, words))

        def clear(q: QRectF) -> bool:
            for o, sp in b.spaces.items():
                if o == sid:
                    continue
                ox, oy = sp.xy[0] - x, sp.xy[1] - y
                nx = min(max(ox, q.left()), q.right())
                ny = min(max(oy, q.top()), q.bottom())
                if (nx - ox) ** 2 + (ny - oy) ** 2 < (SpacePiece.R + 4) ** 2:
                    return False
            return True

        _NAMES[key] = next((tr for tr in tries if clear(tr[0])), tries[0])
    return _NAMES[key]


_NAMES: dict[tuple[str, int], tuple[QRectF, str]] = {}


def near_hours(p: QPainter) -> int:
    """The longest walk whose hour badge the fitted map shows: NEAR_HOURS, or only the next
    spaces' (1 hour) when the map is drawn smaller than it was laid out for (a small window,
    where badges raised to the text floor would cover the neighbouring spaces' numbers;
    every glowing space names its hours in its tooltip)."""
    return NEAR_HOURS if floor_px(p) <= TEXT_PX * 1.05 else 1


class SpacePiece(MapPiece):
    """A space: its disc in the region's tint, its id, its landmark name (shown once zoomed
    in), and while it is a legal destination the glow and the hour badge."""

    R = 44.0

    def boundingRect(self) -> QRectF:  # noqa: N802
        return QRectF(-NAME_REACH, -self.R - 96, 2 * NAME_REACH, 2 * self.R + 192)

    def shape(self) -> QPainterPath:
        path = QPainterPath()
        path.addEllipse(QPointF(0, 0), self.R, self.R)
        return path

    def paint_content(self, p: QPainter) -> None:
        r = self.body()
        self.paint_marks_round(p, r)
        kind = self.data.get("kind", "land")
        p.setPen(QPen(QColor("#e8eef3") if self.data.get("here") else INK,
                      5 if self.data.get("here") else 2))
        p.setBrush(QColor(str(self.data.get("tint", "#7a8794"))))
        if kind in ("castle", "tent_city"):
            p.drawRoundedRect(r.adjusted(-10, -10, 10, 10), 14, 14)
        else:
            p.drawEllipse(r)
        # wider than the disc: a three-digit id raised to the text floor still fits whole
        draw_text(p, r.adjusted(-24, 0, 24, 0), str(self.data.get("id", "")), TEXT_PX,
                  QColor("#0b1218"), QFont.Weight.Bold)
        name = str(self.data.get("name", ""))
        if name:
            rect, words = name_place(self.layout.board, int(self.data.get("id", -1)), name)
            draw_text(p, rect, words, NAME_PX, theme.TEXT, QFont.Weight.DemiBold, detail=True)
        cost = str(self.data.get("cost", ""))
        if cost.endswith("!"):  # into overtime: a red hexagon, its hours in the tooltip
            c = QPointF(self.R * 0.8, -self.R * 0.8)
            p.setPen(QPen(INK, 2))
            p.setBrush(theme.DANGER)
            p.drawPolygon(_poly([(c.x() + 17 * math.cos(math.pi / 3 * k),
                                  c.y() + 17 * math.sin(math.pi / 3 * k)) for k in range(6)]))
        elif cost and (int(cost.rstrip("h+")) <= near_hours(p) or floor_px(p) <= FAR_PX):
            # walks of more than NEAR_HOURS show their badge once the map is zoomed in far
            # enough to print it smaller, so the fitted map is not a carpet of badges
            px = TEXT_PX if int(cost.rstrip("h+")) <= NEAR_HOURS else FAR_PX
            badge = QRectF(self.R - 34, -self.R - 58, 80, 52) if px == TEXT_PX else \
                QRectF(self.R - 24, -self.R - 44, 62, 40)
            p.setPen(QPen(INK, 2))
            p.setBrush(theme.LEGAL)
            p.drawRoundedRect(badge, badge.height() / 2, badge.height() / 2)
            if cost.endswith("+"):  # only with a wineskin: a drop beside the hours
                d = QPointF(badge.left() - 4, badge.center().y())
                drop = QPainterPath()
                drop.moveTo(d.x(), d.y() - 20)
                drop.quadTo(d.x() + 16, d.y() + 2, d.x(), d.y() + 14)
                drop.quadTo(d.x() - 16, d.y() + 2, d.x(), d.y() - 20)
                p.setBrush(theme.FROST)
                p.drawPath(drop)
            draw_text(p, badge, cost.rstrip("+"), px, INK, QFont.Weight.Bold)
        self.paint_hint_badge(p, r)



class FigurePiece(MapPiece):
    """A hero or a creature: a shape of its kind in its colour (a creature with its letter);
    the hero whose turn it is is ringed, one who ended the day is dimmed."""

    def paint_content(self, p: QPainter) -> None:
        is_hero = self.kind == "hero"
        r = self.R if is_hero else (44.0 if self.data.get("boss") else 34.0)
        path = shape_path(str(self.data.get("shape", "")), r)
        colour = QColor(str(self.data.get("colour", "#cccccc")))
        if self.data.get("ended"):
            colour.setAlpha(120)
        if self.data.get("active"):
            p.setPen(QPen(theme.SELECTED, 6))
            p.setBrush(Qt.BrushStyle.NoBrush)
            p.drawEllipse(QPointF(0, 0), r + 10, r + 10)
        p.setPen(QPen(QColor("#f4f7fa") if not is_hero else INK, 3))
        p.setBrush(colour)
        p.drawPath(path)
        letter = str(self.data.get("letter", ""))
        if letter and not is_hero:
            draw_text(p, QRectF(-r, -r * 0.6, 2 * r, 1.5 * r), letter, TEXT_PX,
                      QColor("#f4f7fa"), QFont.Weight.Bold)

    def boundingRect(self) -> QRectF:  # noqa: N802
        return QRectF(-60, -60, 120, 120)


class TokenPiece(MapPiece):
    """A snow token (face down: a snowflake hexagon; face up: its face's first letters), a
    fire (lit: a flame; out: a grey outline), a gem, an article lying on a space."""

    R = 17.0

    def paint_content(self, p: QPainter) -> None:
        r = self.R
        if self.kind == "snow":
            face = str(self.data.get("face", ""))
            p.setPen(QPen(INK, 2))
            p.setBrush(SNOW if not face else QColor("#c9e4f4"))
            p.drawPath(shape_path("hexagon", r + 4))
            p.setPen(QPen(QColor("#5b88a8"), 3))
            if not face:
                for k in range(3):
                    a = math.pi / 3 * k
                    p.drawLine(QPointF(-r * math.cos(a), -r * math.sin(a)),
                               QPointF(r * math.cos(a), r * math.sin(a)))
            else:
                p.setBrush(QColor("#5b88a8"))
                p.drawEllipse(QPointF(0, 0), r * 0.4, r * 0.4)
        elif self.kind == "fire":
            lit = bool(self.data.get("lit"))
            p.setPen(QPen(INK if lit else QColor("#8a96a3"), 3))
            p.setBrush(FIRE if lit else Qt.BrushStyle.NoBrush)
            p.drawPath(shape_path("flame", r + 4))
        elif self.kind == "gem":
            p.setPen(QPen(INK, 2))
            p.setBrush(GEM)
            p.drawPath(shape_path("diamond", r))
        else:  # an article lying on a space: a small parcel
            p.setPen(QPen(INK, 2))
            p.setBrush(QColor("#d8c39a"))
            p.drawRoundedRect(QRectF(-r, -r * 0.8, 2 * r, 1.6 * r), 4, 4)
            p.drawLine(QPointF(0, -r * 0.8), QPointF(0, r * 0.8))


class ShieldPiece(MapPiece):
    """A shield slot beside the castle (a creature on it is a figure of its own)."""

    def boundingRect(self) -> QRectF:  # noqa: N802
        return QRectF(-60, -120, 360, 180)

    def paint_content(self, p: QPainter) -> None:
        p.setPen(QPen(QColor("#a9d4ee"), 3))
        p.setBrush(QColor(30, 45, 60, 200))
        p.drawPath(shape_path("shield", 46))
        if self.data.get("first"):
            draw_text(p, QRectF(-50, -118, 340, 58), "Shields", TEXT_PX, theme.FROST,
                      QFont.Weight.Bold, Qt.AlignmentFlag.AlignLeft)


class BoxPiece(MapPiece):
    """The box of defeated creatures, with its count."""

    def boundingRect(self) -> QRectF:  # noqa: N802
        return QRectF(-200, -60, 400, 120)

    def paint_content(self, p: QPainter) -> None:
        r = QRectF(-190, -50, 380, 100)
        p.setPen(QPen(QColor("#a9d4ee"), 3))
        p.setBrush(QColor(30, 45, 60, 220))
        p.drawRoundedRect(r, 12, 12)
        draw_text(p, r, f"Beaten: {self.data.get('count', 0)}", TEXT_PX, theme.TEXT,
                  QFont.Weight.Bold)


class SunrisePiece(MapPiece):
    """The sunrise's nine steps while it plays, the current one lit."""

    W, H = 330.0, 9 * 54.0 + 70

    def boundingRect(self) -> QRectF:  # noqa: N802
        return QRectF(-self.W / 2, -self.H / 2, self.W, self.H)

    def paint_content(self, p: QPainter) -> None:
        r = self.boundingRect()
        p.setPen(QPen(QColor("#f2b45a"), 3))
        p.setBrush(QColor(20, 30, 40, 235))
        p.drawRoundedRect(r, 18, 18)
        step = int(self.data.get("step", 0))
        draw_text(p, QRectF(r.left(), r.top() + 6, r.width(), 58), "Sunrise", TEXT_PX,
                  theme.SELECTED, QFont.Weight.Bold)
        for k, words in enumerate(STEPS, start=1):
            row = QRectF(r.left() + 14, r.top() + 62 + (k - 1) * 54, r.width() - 28, 52)
            if k == step:
                p.setPen(Qt.PenStyle.NoPen)
                p.setBrush(QColor("#f2b45a"))
                p.drawRoundedRect(row, 10, 10)
            draw_text(p, row.adjusted(10, 0, 0, 0), f"{k}  {words}", TEXT_PX,
                      INK if k == step else (theme.TEXT if k > step else theme.TEXT_DIM),
                      QFont.Weight.Bold if k == step else QFont.Weight.Normal,
                      Qt.AlignmentFlag.AlignLeft | Qt.AlignmentFlag.AlignVCenter)


PIECES: dict[str, type[MapPiece]] = {
    "map": LandPiece, "space": SpacePiece, "hero": FigurePiece, "creature": FigurePiece,
    "snow": TokenPiece, "fire": TokenPiece, "gem": TokenPiece, "article": TokenPiece,
    "shield": ShieldPiece, "box": BoxPiece, "sunrise": SunrisePiece}
