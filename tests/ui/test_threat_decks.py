"""The early and late threat decks tell apart by more than colour: a player who cannot tell
orange from red (deuteranopia) still sees one chevron or two, plain or striped."""

from __future__ import annotations

import math
from typing import Any

import pytest
from PySide6.QtCore import QRectF
from PySide6.QtGui import QColor, QImage, QPainter

from frostdesk.ui.games.frontier_stations import faces

pytestmark = pytest.mark.ui

# Machado, Oliveira and Fernandes (2009): deuteranopia, severity 1, on linear-ish RGB
DEUTERANOPIA = ((0.367322, 0.860646, -0.227968), (0.280085, 0.672501, 0.047413),
                (-0.011820, 0.042940, 0.968881))


def _back(deck: str) -> QImage:
    img = QImage(100, 140, QImage.Format.Format_ARGB32)
    img.fill(QColor("#1a2733"))
    p = QPainter(img)
    p.translate(50, 70)
    faces.paint_back(p, QRectF(-50, -70, 100, 140), deck, label=False)
    p.end()
    return img


def _seen_with_deuteranopia(img: QImage) -> list[float]:
    """Each pixel's lightness as a deuteranope sees it, normalised (mean 0, spread 1), so
    only the picture's shapes and patterns remain: the hue and the overall shade are gone."""
    values = []
    for y in range(img.height()):
        for x in range(img.width()):
            c = img.pixelColor(x, y)
            rgb = (c.redF(), c.greenF(), c.blueF())
            r, g, b = (min(1.0, max(0.0, sum(m * v for m, v in zip(row, rgb, strict=True))))
                       for row in DEUTERANOPIA)
            values.append(0.2126 * r + 0.7152 * g + 0.0722 * b)
    mean = sum(values) / len(values)
    spread = math.sqrt(sum((v - mean) ** 2 for v in values) / len(values)) or 1.0
    return [(v - mean) / spread for v in values]


def _difference(a: list[float], b: list[float]) -> float:
    return sum(abs(x - y) for x, y in zip(a, b, strict=True)) / len(a)


@pytest.mark.gui
def test_early_and_late_threat_backs_differ_without_colour(qtbot: Any) -> None:
    early = _seen_with_deuteranopia(_back("early"))
    late = _seen_with_deuteranopia(_back("late"))
    systems = _seen_with_deuteranopia(_back("systems"))
    # the two threat decks differ in shape and pattern about as much as a threat deck and
    # the systems deck do (colour alone would leave a difference near 0)
    assert _difference(early, late) > 0.45  # colour alone: 0.25
    assert _difference(early, late) > 0.5 * _difference(early, systems)
