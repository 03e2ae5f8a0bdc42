"""Small statistics the balance reports share: a rate with its 95% interval."""

from __future__ import annotations

import math

Z95 = 1.96  # the normal quantile of a two-sided 95% interval


def wilson(k: int, n: int) -> tuple[float, float]:
    """The 95% Wilson score interval of k successes in n trials, as fractions."""
    if n == 0:
        return 0.0, 0.0
    z = Z95
    p = k / n
    centre = (p + z * z / (2 * n)) / (1 + z * z / n)
    half = z * math.sqrt(p * (1 - p) / n + z * z / (4 * n * n)) / (1 + z * z / n)
    return max(0.0, centre - half), min(1.0, centre + half)


def rate(k: int, n: int) -> str:
    """'42% (35–49)': the rate and its 95% interval in percent."""
    lo, hi = wilson(k, n)
    return f"{100 * k / max(1, n):.0f}% ({100 * lo:.0f}–{100 * hi:.0f})"
