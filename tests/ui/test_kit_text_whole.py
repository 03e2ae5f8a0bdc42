"""The kit's text painter counts every table text it could not show whole, and its helpers
keep texts whole where they can (closer letters, two texts sharing a line, shorter
wordings)."""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

import pytest
from PySide6.QtCore import QRectF
from PySide6.QtGui import QColor, QFont, QFontMetricsF, QImage, QPainter

from frostdesk.ui import theme
from frostdesk.ui.kit import text

pytestmark = pytest.mark.ui
WHITE = QColor("white")


@pytest.fixture
def painter(qapp: Any) -> Iterator[QPainter]:
    """A painter at half scale, as on a table shown in a small window: 20 px text asked of it
    comes out at 10 px on screen, under the floor, so the painter raises it."""
    image = QImage(800, 200, QImage.Format.Format_ARGB32)
    p = QPainter(image)
    p.scale(0.5, 0.5)
    text.reset_smallest()
    yield p
    p.end()


def width(s: str, px: float, weight: QFont.Weight = QFont.Weight.Normal) -> float:
    return QFontMetricsF(theme.scene_font(px, weight)).horizontalAdvance(s)


def test_a_raised_line_that_no_longer_fits_is_cut_and_counted_with_who_drew_it(
        painter: QPainter) -> None:
    floor = text.floor_px(painter)
    text.draw_text(painter, QRectF(0, 0, width("Expedition", 20), 40), "Expedition", 20, WHITE)
    cut = text.elided()
    assert floor > 20 and len(cut) == 1
    assert cut[0].kind == "elided" and cut[0].text == "Expedition"
    assert cut[0].shown.endswith("…") and cut[0].shown != "Expedition"
    assert "test_a_raised_line" in cut[0].by


def test_a_line_a_little_too_wide_is_drawn_whole_with_its_letters_closer(
        painter: QPainter) -> None:
    size = text.shown_px(painter, 20)
    need = width("Survivors", size)
    text.draw_text(painter, QRectF(0, 0, need * 0.97, 40), "Survivors", 20, WHITE)
    assert text.elided() == []
    text.draw_text(painter, QRectF(0, 0, need * 0.8, 40), "Survivors", 20, WHITE)
    assert [e.kind for e in text.elided()] == ["elided"]


def test_a_line_wider_than_its_box_at_a_readable_size_is_counted_as_overflow(
        qapp: Any) -> None:
    image = QImage(400, 100, QImage.Format.Format_ARGB32)
    p = QPainter(image)
    text.reset_smallest()
    text.draw_text(p, QRectF(0, 0, 30, 30), "Harpoon Gun", 20, WHITE)
    p.end()
    assert [(e.kind, e.shown) for e in text.elided()] == [("overflow", "Harpoon Gun")]


def test_wrapped_text_that_runs_out_of_its_box_is_counted(painter: QPainter) -> None:
    words = "3 cards, each 6 or more, all different resources"
    text.fit_text(painter, QRectF(0, 0, 200, 60), words, 20, WHITE)
    text.draw_text(painter, QRectF(0, 0, 200, 60), words, 20, WHITE, wrap=True)
    assert [e.kind for e in text.elided()] == ["wrapped", "wrapped"]
    text.reset_smallest()
    text.fit_text(painter, QRectF(0, 0, 600, 400), words, 20, WHITE)
    assert text.elided() == []


def test_a_table_that_cuts_a_line_itself_is_counted_too(qapp: Any) -> None:
    text.reset_smallest()
    assert text.elide("Wineskin, Telescope", 15, 1000) == "Wineskin, Telescope"
    assert text.elided() == []
    shown = text.elide("Wineskin, Wineskin, Telescope", 15, 80)
    assert [(e.text, e.shown) for e in text.elided()] == [
        ("Wineskin, Wineskin, Telescope", shown)]


def test_two_texts_sharing_a_line_never_run_together(painter: QPainter) -> None:
    """Last Aurora's cell head: "Cell 3" at the left, "needs 2" at the right."""
    size = text.shown_px(painter, 20)
    bold = QFont.Weight.Bold
    room = width("Cell 3", size, bold) + width("needs 2", size) + 12
    text.draw_pair(painter, QRectF(0, 0, room, 40), "Cell 3", "needs 2", 20, WHITE, WHITE,
                   bold)
    assert text.elided() == []
    text.draw_pair(painter, QRectF(0, 0, room * 0.6, 40), "Cell 3", "needs 2", 20, WHITE,
                   WHITE, bold)
    assert len(text.elided()) >= 1  # too short a line for both is noted, not hidden


def test_the_first_wording_that_is_whole_is_drawn(painter: QPainter) -> None:
    size = text.shown_px(painter, 20)
    r = QRectF(0, 0, width("Spd 3 +2", size) + 2, 40)
    assert text.first_fit(painter, r, ["Speed 3 +2", "Spd 3 +2"], 20, WHITE) == "Spd 3 +2"
    assert text.elided() == []
    assert text.first_fit(painter, QRectF(0, 0, 20, 40), ["Speed 3 +2", "Spd 3 +2"], 20,
                          WHITE) == "Spd 3 +2"
    assert [e.kind for e in text.elided()] == ["elided"]


def test_a_name_in_a_fixed_box_breaks_at_spaces_and_hyphens_and_is_cut_never_spilled(
        qapp: Any) -> None:
    image = QImage(400, 200, QImage.Format.Format_ARGB32)
    p = QPainter(image)
    px = 20
    line = QFontMetricsF(theme.scene_font(px, QFont.Weight.Normal)).lineSpacing()
    two_lines = QRectF(0, 0, width("Katharina", px) + 4, 2 * line + 1)
    # fits in two lines: whole, nothing noted
    text.reset_smallest()
    assert text.draw_lines(p, two_lines, "Anna-Katharina", px, WHITE) == 2
    assert text.elided() == []
    # three words for two lines: the last line takes the rest, cut
    text.reset_smallest()
    assert text.draw_lines(p, two_lines, "Anna-Katharina Weiss", px, WHITE) == 2
    cut = text.elided()
    assert [e.kind for e in cut] == ["elided"] and cut[0].shown.startswith("Anna- / Kath")
    assert cut[0].shown.endswith("…")
    # one word wider than the box: cut on its own line, not drawn past the box
    text.reset_smallest()
    narrow = QRectF(0, 0, width("Bartho", px), 2 * line + 1)
    assert text.draw_lines(p, narrow, "Bartholomew Jones", px, WHITE) == 2
    shown = text.elided()[0].shown
    first, second = shown.split(" / ")
    assert first.endswith("…") and second == "Jones"
    assert width(first, px) <= narrow.width() + 0.5
    p.end()
