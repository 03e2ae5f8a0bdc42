"""Icons on the tables: resources/icons/<name>.svg, in its own colours or tinted, painted from
a pixmap rendered once.

Every icon is an SVG file (tests/ui/test_icons.py checks that each name a game uses is there and
parses); a file missing at run time paints nothing and logs one warning per name. `outline`
renders the same file's outline only (its paths stroked, not filled), for a game that draws a
symbol with an edge of another colour.
"""

from __future__ import annotations

import logging
import re
from functools import cache, lru_cache
from typing import Any

from PySide6.QtCore import QByteArray, QRectF, Qt
from PySide6.QtGui import QColor, QImage, QPainter, QPixmap

ICON_PX = 128  # icons are rendered once at this size and scaled down when painted

log = logging.getLogger(__name__)


def icon_path(name: str) -> Any:
    """The SVG file of icon `name`, or None when there is none."""
    try:
        from frostdesk.paths import resource

        path = resource("icons", f"{name}.svg")
        return path if path.is_file() else None
    except (OSError, FileNotFoundError):
        return None


@cache
def _missing(name: str) -> None:
    """Log once per name that its icon file is missing."""
    log.warning("icon %r: resources/icons/%s.svg is missing or not a valid SVG", name, name)


def _svg(name: str, outline: float) -> QByteArray | None:
    """The SVG text of icon `name`; with `outline`, styled to stroke its paths `outline` user
    units wide and fill nothing."""
    path = icon_path(name)
    if path is None:
        return None
    text = path.read_text(encoding="utf-8")
    if outline:
        style = (f"<style>path,circle,ellipse,rect,polygon{{fill:none;stroke:#000000;"
                 f"stroke-width:{outline};stroke-linejoin:bevel}}</style>")
        text = re.sub(r"(<svg\b[^>]*>)", lambda m: m.group(1) + style, text, count=1)
    return QByteArray(text.encode("utf-8"))


@lru_cache(maxsize=256)
def icon_pixmap(name: str, colour: str, outline: float = 0.0) -> QPixmap | None:
    """The SVG icon `name` tinted in `colour` at ICON_PX (only its outline, `outline` units
    wide, when given), or None when there is no valid file."""
    data = _svg(name, outline)
    if data is None:
        return None
    from PySide6.QtSvg import QSvgRenderer

    renderer = QSvgRenderer(data)
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


def draw_icon(p: QPainter, name: str, rect: QRectF, colour: QColor, tint: bool = False,
              outline: float = 0.0) -> None:
    """Paint icon `name` centred in the square in `rect`: the SVG in its own colours (or tinted
    `colour` with `tint`; always tinted with `outline`). Nothing when the file is missing."""
    tinted = tint or bool(outline)
    pm = icon_pixmap(name, colour.name(QColor.NameFormat.HexArgb) if tinted else "", outline)
    if pm is None:
        _missing(name)
        return
    side = min(rect.width(), rect.height())
    target = QRectF(rect.center().x() - side / 2, rect.center().y() - side / 2, side, side)
    p.save()
    p.setRenderHint(QPainter.RenderHint.SmoothPixmapTransform)
    p.drawPixmap(target, pm, QRectF(pm.rect()))
    p.restore()


KEYCAP_PX = 22  # a keycap's side in device-independent pixels
KEYCAP_GAP = 8  # the room between a keycap and its button's label
KEYCAP_SIZE = (KEYCAP_PX + KEYCAP_GAP, KEYCAP_PX)  # the icon's size, keycap and gap


@lru_cache(maxsize=64)
def keycap_pixmap(key: str, colour: str, ratio: float = 2.0) -> QPixmap:
    """A key drawn as a small keyboard key: a rounded outline with `key` inside, in `colour`,
    for a button whose keyboard key should read as a key and not as part of its label. The
    pixmap is KEYCAP_SIZE: the key, then a transparent gap before the label."""
    from PySide6.QtGui import QFont, QPen

    from frostdesk.ui import theme

    side = KEYCAP_PX
    pm = QPixmap(round((side + KEYCAP_GAP) * ratio), round(side * ratio))
    pm.setDevicePixelRatio(ratio)
    pm.fill(Qt.GlobalColor.transparent)
    p = QPainter(pm)
    p.setRenderHint(QPainter.RenderHint.Antialiasing)
    ink = QColor(colour)
    pen = QPen(ink, 1.4)
    p.setPen(pen)
    face = QColor(ink)
    face.setAlpha(40)
    p.setBrush(face)
    body = QRectF(1, 1, side - 2, side - 3.5)
    p.drawRoundedRect(body, 4.5, 4.5)
    # the key's lower edge, as on a real keycap
    p.drawLine(int(body.left() + 3), int(side - 1), int(body.right() - 3), int(side - 1))
    font = theme.font(8.5 if len(key) > 1 else 10, QFont.Weight.Bold)
    p.setFont(font)
    p.drawText(body, Qt.AlignmentFlag.AlignCenter, key)
    p.end()
    return pm


def keycap_icon(key: str, colour: str, off: str = "") -> Any:
    """`keycap_pixmap` as a button icon, in `off` while the button is disabled (as its
    disabled text; Qt's own greying when not given)."""
    from PySide6.QtGui import QIcon

    icon = QIcon(keycap_pixmap(key, colour))
    if off:
        icon.addPixmap(keycap_pixmap(key, off), QIcon.Mode.Disabled)
    return icon
