"""The action bar's labels when the bar is crowded (frostdesk/ui/kit/screen.py)."""

from __future__ import annotations

from typing import Any

import pytest

pytestmark = pytest.mark.ui


def test_labels_cut_at_the_end_unless_two_would_read_alike(qapp: Any) -> None:
    from PySide6.QtGui import QFontMetrics

    from frostdesk.ui.kit.screen import shortened

    metrics = QFontMetrics(qapp.font())
    most = metrics.horizontalAdvance("Tool Wag…")
    apart = ["Tool Wagon: cell 2", "Flatbed: the ammo cell", "Hint"]
    shown = shortened(apart, metrics, most)
    assert shown[0].startswith("Tool") and shown[0].endswith("…")  # cut at the end
    assert shown[1].startswith("Flat") and shown[1].endswith("…")
    assert shown[2] == "Hint"  # short enough: whole
    alike = ["Truck: the cell W2", "Truck: the Fuel cell", "Flatbed: empty"]
    shown = shortened(alike, metrics, most)
    assert len(set(shown)) == 3, shown  # both ends kept: "Truc…W2" and "Truc…cell"
    assert all("…" in text and metrics.horizontalAdvance(text) <= most for text in shown)
    assert shown[0].startswith("Tru") and shown[0].endswith("W2")


def test_a_long_label_folds_where_its_longer_line_is_shortest(qapp: Any) -> None:
    from PySide6.QtGui import QFontMetrics

    from frostdesk.ui.kit.screen import two_lines

    metrics = QFontMetrics(qapp.font())
    folded = two_lines("Rusty Container for Container", metrics)
    assert folded == "Rusty Container\nfor Container"
    top, below = folded.split("\n")
    whole = metrics.horizontalAdvance("Rusty Container for Container")
    assert max(metrics.horizontalAdvance(top), metrics.horizontalAdvance(below)) < whole
    assert two_lines("Pass", metrics) == "Pass"  # one word: as it is


def test_folded_labels_shorten_line_by_line_and_still_read_apart(qapp: Any) -> None:
    from PySide6.QtGui import QFontMetrics

    from frostdesk.ui.kit.screen import shortened_lines

    metrics = QFontMetrics(qapp.font())
    most = metrics.horizontalAdvance("Harpoon G…")
    folded = ["Harpoon Gun\non Container", "Harpoon Gun\non Rusty Container", "Pass"]
    shown = shortened_lines(folded, metrics, most)
    assert len(set(shown)) == 3, shown
    assert [t.count("\n") for t in shown] == [1, 1, 0]  # the two lines stay two
    assert all(metrics.horizontalAdvance(line) <= most
               for t in shown for line in t.split("\n"))
    assert shown[2] == "Pass"


def test_a_part_every_label_shares_goes_when_the_bar_is_crowded() -> None:
    from frostdesk.ui.kit.screen import without_shared_parts

    labels = ["Robot eats Fuel · Bonus only · feed 1", "Robot eats Ammo · Bonus only · feed 1",
              "Robot eats Fuel · Take Fuel+Object · feed 1"]
    assert without_shared_parts(labels) == [
        "Robot eats Fuel · Bonus only", "Robot eats Ammo · Bonus only",
        "Robot eats Fuel · Take Fuel+Object"]  # "feed 1" told none of them apart
    assert without_shared_parts(["Stay", "Drive to 4"]) == ["Stay", "Drive to 4"]
    # a label left with nothing keeps its words: nothing goes
    assert without_shared_parts(["feed 1", "Take Fuel · feed 1"]) == ["feed 1",
                                                                     "Take Fuel · feed 1"]
    assert without_shared_parts(["Bonus only · feed 1"]) == ["Bonus only · feed 1"]
