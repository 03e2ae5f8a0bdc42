"""The balance reports' shared interval."""

from __future__ import annotations

import pytest

from frostdesk.engine.stats import rate, wilson


def test_wilson_interval_matches_the_textbook_numbers() -> None:
    lo, hi = wilson(50, 100)  # the Wilson score interval of 50 in 100: 40.4%-59.6%
    assert lo == pytest.approx(0.4038, abs=1e-4) and hi == pytest.approx(0.5962, abs=1e-4)
    assert wilson(0, 0) == (0.0, 0.0)
    lo, hi = wilson(0, 20)  # never below 0, and above 0 on the upper side
    assert lo == 0.0 and 0.15 < hi < 0.17


def test_rate_reads_as_percent_with_its_interval() -> None:
    assert rate(42, 100) == "42% (33–52)"
    assert rate(1, 4).startswith("25% (")
