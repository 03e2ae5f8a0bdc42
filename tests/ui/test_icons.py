"""Every icon a table paints is an SVG file in resources/icons that Qt parses; a missing file
paints nothing and logs one warning."""

from __future__ import annotations

import logging
from typing import Any

import pytest
from PySide6.QtCore import QRectF, Qt
from PySide6.QtGui import QColor, QImage, QPainter
from PySide6.QtSvg import QSvgRenderer

from frostdesk.ui.games.frontier_stations import icons as station_icons
from frostdesk.ui.kit import icons
from fs_helpers import GAME

# names the painters pass as literals (the rest come from the content and the games' tables)
FROST_SHELTER = {"authored", "relic", "damage", "shield", "expedition", "leader", "bot", "human"}
FRONTIER_STATIONS = {"authored", "bot", "human"}

pytestmark = pytest.mark.usefixtures("qapp")  # pixmaps need the application


def _used() -> set[str]:
    c = GAME.content
    names = FROST_SHELTER | FRONTIER_STATIONS | set(station_icons.FILES.values())
    names |= set(c.resource_icons) | {eq.type for eq in c.equipment_types}
    return names


@pytest.mark.parametrize("name", sorted(_used()))
def test_icon_is_a_bundled_svg(name: str) -> None:
    path = icons.icon_path(name)
    assert path is not None, f"resources/icons/{name}.svg is missing"
    assert QSvgRenderer(str(path)).isValid(), f"resources/icons/{name}.svg does not parse"
    assert icons.icon_pixmap(name, "#ff000000") is not None


def test_every_station_shape_has_a_file() -> None:
    assert set(station_icons.SHAPES) <= set(station_icons.FILES)


def _paint(name: str, **kw: Any) -> QImage:
    img = QImage(64, 64, QImage.Format.Format_ARGB32_Premultiplied)
    img.fill(Qt.GlobalColor.transparent)
    p = QPainter(img)
    icons.draw_icon(p, name, QRectF(0, 0, 64, 64), QColor("#123456"), **kw)
    p.end()
    return img


def _opaque(img: QImage) -> int:
    return sum(1 for y in range(img.height()) for x in range(img.width())
               if img.pixelColor(x, y).alpha() > 0)


def test_a_missing_icon_paints_nothing_and_warns_once(caplog: pytest.LogCaptureFixture) -> None:
    with caplog.at_level(logging.WARNING, logger="frostdesk.ui.kit.icons"):
        assert _opaque(_paint("no-such-icon-anywhere", tint=True)) == 0
        _paint("no-such-icon-anywhere")
    hits = [r for r in caplog.records if "no-such-icon-anywhere" in r.getMessage()]
    assert len(hits) == 1 and hits[0].levelno == logging.WARNING


def test_an_outline_is_a_ring_not_the_filled_shape() -> None:
    filled = _opaque(_paint("station-medical", tint=True))
    ring = _opaque(_paint("station-medical", outline=1.4))
    assert 0 < ring < filled
