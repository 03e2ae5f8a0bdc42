"""What legends 2-4 add to the Eternal Frost's map: ice tokens on the lake, the figures (Tranuk,
the fox, the Yetohe-Warrior, the Mirage, the red X), the Iquar (on their space, with their
escort, or by the shields once rescued), the target markers and the shaman.

`legend_specs(layout, board, out)` adds one Spec per piece to the map's specs, keyed by the
names the rules' motions use (`("ice", space)`, `("figure", name)`, `("iquar", name)`,
`("marker", space)`, `("shaman",)`), so the kit's animator moves them; `legend_apply(board,
motion)` is what those motions change on the screen's board. Every piece is a shape with a
letter of its own and its name in the tooltip, so nothing depends on colour alone.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from PySide6.QtCore import QPointF, QRectF
from PySide6.QtGui import QColor, QFont, QPainter, QPen

from frostdesk.engine.motion import Flipped, Motion, Moved, Ref
from frostdesk.ui.games.andor_eternal_frost.board import face_shown
from frostdesk.ui.games.andor_eternal_frost.pieces import INK, TEXT_PX, MapPiece, shape_path
from frostdesk.ui.kit.layout import Spec
from frostdesk.ui.kit.text import draw_text

if TYPE_CHECKING:
    from frostdesk.games.andor_eternal_frost.state import State
    from frostdesk.ui.games.andor_eternal_frost.board import FrostBoard
    from frostdesk.ui.games.andor_eternal_frost.table import MapLayout

# name -> (letter, shape, colour, words for the tooltip)
FIGURES: dict[str, tuple[str, str, str, str]] = {
    "tranuk": ("T", "square", "#8d6e4f", "Tranuk, the sled dog: a hero beside him walks "
               "and fights stronger"),
    "fox": ("F", "triangle", "#e07b39", "Foxy, the fox: she sniffs out the snow tokens "
            "around her"),
    "yetohe": ("Y", "shield", "#b0573c", "The Great Yetohe-Warrior: one more shield for "
               "the tent city; he never moves"),
    "mirage": ("M", "diamond", "#9c8fd0", "The Mirage"),
    "red_x": ("X", "diamond", "#c23b3b", "The red X: where the terror will appear"),
}
IQUAR = ("I", "hexagon", "#6fb7c9")
SHAMAN = ("S", "star", "#e9c46a")
MARKER_WORDS = {"shaman": "the shaman", "ambush": "an ambush", "mirage": "a mirage"}
ICE = QColor("#d6ecf7")
COLUMN_X = -100.0  # the column of figures left of a space, clear of the heroes and the name
STEP_Y = 54.0


def _row(layout: MapLayout, space: int, k: int, n: int) -> tuple[float, float]:
    x, y = layout.xy(space)
    return x + COLUMN_X, y + (k - (n - 1) / 2) * STEP_Y


def legend_specs(layout: MapLayout, fb: FrostBoard, out: dict[Any, Spec]) -> None:
    """Add the legend pieces of `fb` to `out` (see the module docstring)."""
    s = fb.state
    board = layout.board
    for sid, (face, up) in s.ice.items():
        if sid in board.spaces:
            x, y = layout.xy(sid)
            shown = face_shown(face) if up else ""
            out[("ice", sid)] = Spec("ice", x + 40, y + 40, 1.0, 0, 30, data={
                "face": shown, "tip": f"Ice on {sid}: " + (
                    shown.replace("_", " ") if shown else "face down, turned up by a hero "
                    "who steps onto it")})
    for sid, (face, up) in s.markers.items():
        if sid in board.spaces:
            x, y = layout.xy(sid)
            shown = face_shown(face) if up else ""
            out[("marker", sid)] = Spec("marker", x - 40, y + 40, 1.0, 0, 32, data={
                "letter": shown[:1].upper() if shown else "?",
                "tip": f"Target marker on {sid}" + (
                    f": {MARKER_WORDS.get(shown, shown)}" if shown else ", face down")})
    # figures, the Iquar and the shaman stand in a column left of their space
    rows: dict[int, list[tuple[Any, tuple[str, str, str, str]]]] = {}
    for name, sid in sorted(s.figures.items()):
        look = FIGURES.get(name, (name[:1].upper(), "circle", "#aaaaaa", name))
        rows.setdefault(sid, []).append((("figure", name), look))
    for name, (sid, escort) in sorted(s.iquar.items()):
        where = s.space[escort] if 0 <= escort < s.n else sid
        words = f"An Iquar ({name.replace('_', ' ')})" + (
            f", escorted by hero {escort + 1}" if escort >= 0 else ", waiting to be escorted "
            "to the tent city")
        rows.setdefault(where, []).append((("iquar", name), (*IQUAR[:3], words)))
    if s.shaman:
        sid, escort = s.shaman[0], s.shaman[1]
        where = s.space[escort] if 0 <= escort < s.n else sid
        rows.setdefault(where, []).append((("shaman",), (*SHAMAN, "The Yetohe shaman" + (
            ", travelling with her escort" if escort >= 0 else ""))))
    for sid, pieces in rows.items():
        if sid not in board.spaces:
            continue
        for k, (key, (letter, shape, colour, tip)) in enumerate(pieces):
            x, y = _row(layout, sid, k, len(pieces))
            out[key] = Spec("legend_figure", x, y, 1.0, 0, 42 + k, data={
                "letter": letter, "shape": shape, "colour": colour, "tip": tip})
    for k, name in enumerate(s.rescued):
        # a badge on the upper right corner of the shield slot it adds, over a creature that
        # takes the slot, and clear of the "Shields" title above the first slots
        x, y = layout.shield_xy(layout.game.content.shields[s.n] + k)
        out[("iquar", name)] = Spec("legend_figure", x + 42, y - 42, 0.75, 0, 47, data={
            "letter": "I", "shape": IQUAR[1], "colour": IQUAR[2],
            "tip": f"A rescued Iquar ({name.replace('_', ' ')}): one more shield"})


def legend_apply(s: State, motion: Motion) -> list[Ref] | None:
    """What a legend motion changes on the screen's board (None: not a legend motion)."""
    if isinstance(motion, Flipped):
        piece = motion.piece
        table = s.ice if piece[0] == "ice" else s.markers if piece[0] == "marker" else None
        if table is not None and int(piece[1]) in table:
            table[int(piece[1])][1] = motion.face_up
            return []
        return None
    if not isinstance(motion, Moved):
        return None
    piece, target = motion.piece, motion.target
    if piece[0] in ("ice", "marker") and target == ("gone",):
        (s.ice if piece[0] == "ice" else s.markers).pop(int(piece[1]), None)
        return [piece]
    if piece[0] == "figure" and target[0] == "space":
        s.figures[str(piece[1])] = int(target[1])
        return [piece]
    if piece[0] == "iquar":
        name = str(piece[1])
        if target == ("shield",):
            s.iquar.pop(name, None)
            if name not in s.rescued:
                s.rescued.append(name)
        elif target == ("gone",):
            s.iquar.pop(name, None)
        elif target[0] == "space":
            s.iquar[name] = [int(target[1]), -1]
        return [piece]
    return None


class LegendFigure(MapPiece):
    """A figure of legends 2-4: its shape in its colour with its letter."""

    R = 24.0

    def boundingRect(self) -> QRectF:  # noqa: N802
        return QRectF(-54, -54, 108, 108)  # with room for the glow

    def paint_content(self, p: QPainter) -> None:
        r = self.R
        self.paint_marks_round(p, QRectF(-r - 4, -r - 4, 2 * r + 8, 2 * r + 8))
        p.setPen(QPen(INK, 3))
        p.setBrush(QColor(str(self.data.get("colour", "#aaaaaa"))))
        p.drawPath(shape_path(str(self.data.get("shape", "")), r + 6))
        draw_text(p, QRectF(-r - 12, -r - 6, 2 * r + 24, 2 * r + 12),
                  str(self.data.get("letter", "")), TEXT_PX * 0.8, INK, QFont.Weight.Bold)


class IcePiece(MapPiece):
    """An ice token on a lake space: a pale hexagon, cracked across while face down; face
    up, a dot (its face is in the tooltip)."""

    R = 17.0

    def paint_content(self, p: QPainter) -> None:
        r = self.R
        p.setPen(QPen(QColor("#2f5877"), 2))
        p.setBrush(ICE)
        p.drawPath(shape_path("hexagon", r + 4))
        p.setPen(QPen(QColor("#2f5877"), 3))
        if not self.data.get("face"):
            p.drawLine(QPointF(-r * 0.8, -r * 0.3), QPointF(0, r * 0.2))
            p.drawLine(QPointF(0, r * 0.2), QPointF(r * 0.7, -r * 0.5))
        else:
            p.drawEllipse(QPointF(0, 0), r * 0.35, r * 0.35)


class MarkerPiece(MapPiece):
    """A target marker: a round token with '?' while face down, else its face's letter."""

    R = 22.0

    def boundingRect(self) -> QRectF:  # noqa: N802
        return QRectF(-44, -44, 88, 88)

    def paint_content(self, p: QPainter) -> None:
        r = self.R
        p.setPen(QPen(QColor("#f4f7fa"), 3))
        p.setBrush(QColor("#7b2d3b"))
        p.drawEllipse(QPointF(0, 0), r + 4, r + 4)
        draw_text(p, QRectF(-r - 12, -r - 6, 2 * r + 24, 2 * r + 12),
                  str(self.data.get("letter", "?")), TEXT_PX * 0.8, QColor("#f4f7fa"),
                  QFont.Weight.Bold)


LEGEND_PIECES: dict[str, type[MapPiece]] = {
    "legend_figure": LegendFigure, "ice": IcePiece, "marker": MarkerPiece}
