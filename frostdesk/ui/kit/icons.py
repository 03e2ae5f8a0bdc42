"""Icons on the tables: resources/icons/<name>.svg, in its own colours or tinted, painted from
a pixmap rendered once; when a file is missing, a simple geometric shape stands in for it.

A game with icons of its own passes its own `shape` function to `draw_icon` (it can fall back
to `fallback_shape` here for the names it does not know).
"""

from __future__ import annotations

from collections.abc import Callable
from functools import cache, lru_cache
from typing import Any

from PySide6.QtCore import QPointF, QRectF, Qt
from PySide6.QtGui import QColor, QImage, QPainter, QPainterPath, QPixmap, QTransform

ICON_PX = 128  # icons are rendered once at this size and scaled down when painted


def icon_path(name: str) -> Any:
    """The SVG file of icon `name`, or None when there is none."""
    try:
        from frostdesk.paths import resource

        path = resource("icons", f"{name}.svg")
        return path if path.is_file() else None
    except (OSError, FileNotFoundError):
        return None


@lru_cache(maxsize=256)
def icon_pixmap(name: str, colour: str) -> QPixmap | None:
    """The SVG icon `name` tinted in `colour` at ICON_PX, or None when there is no file."""
    path = icon_path(name)
    if path is None:
        return None
    from PySide6.QtSvg import QSvgRenderer

    renderer = QSvgRenderer(str(path))
    if not renderer.isValid():
        return None
    img = QImage(ICON_PX, ICON_PX, QImage.Format.Format_ARGB32_Premultiplied)
    img.fill(Qt.GlobalColor.transparent)
    p = QPainter(img)
    p.setRenderHint(QPainter.RenderHint.Antialiasing)
    size = renderer.defaultSize()
    w, h = max(1, size.width()), max(1, size.height())
    k = ICON_PX / max(w, h)
    target = QRectF((ICON_PX - w * k) / 2, (ICON_PX - h * k) / 2, w * k, h * k)
    renderer.render(p, target)
    if colour:
        p.setCompositionMode(QPainter.CompositionMode.CompositionMode_SourceIn)
        p.fillRect(img.rect(), QColor(colour))
    p.end()
    return QPixmap.fromImage(img)


def unit_path(path: QPainterPath, rect: QRectF) -> QPainterPath:
    """Map a path drawn in a 0..1 box into `rect`."""
    t = QTransform()
    t.translate(rect.x(), rect.y())
    t.scale(rect.width(), rect.height())
    return t.map(path)


@cache
def fallback_shape(name: str) -> QPainterPath:
    """A simple geometric icon in a 0..1 box: the authored-content mark, else a diamond."""
    p = QPainterPath()
    if name == "authored":
        # a quill nib: the mark of content we designed ourselves
        p.moveTo(0.5, 0.04)
        p.cubicTo(0.78, 0.3, 0.8, 0.58, 0.62, 0.8)
        p.lineTo(0.5, 0.98)
        p.lineTo(0.38, 0.8)
        p.cubicTo(0.2, 0.58, 0.22, 0.3, 0.5, 0.04)
        slit = QPainterPath()
        slit.addRect(QRectF(0.485, 0.42, 0.03, 0.5))
        dot = QPainterPath()
        dot.addEllipse(QPointF(0.5, 0.42), 0.07, 0.07)
        p = p.subtracted(slit).subtracted(dot)
    else:  # a plain diamond
        p.moveTo(0.5, 0.04)
        p.lineTo(0.96, 0.5)
        p.lineTo(0.5, 0.96)
        p.lineTo(0.04, 0.5)
        p.closeSubpath()
    return p


def draw_icon(p: QPainter, name: str, rect: QRectF, colour: QColor, tint: bool = False,
              shape: Callable[[str], QPainterPath] = fallback_shape) -> None:
    """Paint icon `name`: the SVG in its own colours (or tinted `colour` with `tint`), else
    the geometric `shape(name)` filled with `colour`."""
    pm = icon_pixmap(name, colour.name(QColor.NameFormat.HexArgb) if tint else "")
    if pm is not None:
        side = min(rect.width(), rect.height())
        target = QRectF(rect.center().x() - side / 2, rect.center().y() - side / 2, side, side)
        p.drawPixmap(target, pm, QRectF(pm.rect()))
        return
    side = min(rect.width(), rect.height())
    box = QRectF(rect.center().x() - side / 2, rect.center().y() - side / 2, side, side)
    p.save()
    p.setPen(Qt.PenStyle.NoPen)
    p.setBrush(colour)
    p.drawPath(unit_path(shape(name), box))
    p.restore()
