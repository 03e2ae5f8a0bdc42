"""Exact odds of one battle round in The Eternal Frost, for the crews (bots.py).

A side's round value is the best die of its dice (with the helm, and always for creatures, the
best sum of equal dice) plus its strength; these are the exact distributions of those values
and of a group's sum, and the chances and expected losses of a round between two sides.
"""

from __future__ import annotations

from collections.abc import Sequence
from functools import cache
from itertools import product

from frostdesk.games.andor_eternal_frost.rules import best_value


@cache
def value_odds(dice: int, sums: bool) -> tuple[float, ...]:
    """P(value == v) for v in 0..24: the best die of `dice` dice (with `sums`, the best sum of
    equal dice, as creatures and the helm count)."""
    out = [0.0] * 25
    if dice <= 0:
        out[0] = 1.0
        return tuple(out)
    share = 1 / 6 ** dice
    for faces in product(range(1, 7), repeat=dice):
        out[best_value(faces, sums)] += share
    return tuple(out)


def mean(dist: Sequence[float]) -> float:
    return sum(v * p for v, p in enumerate(dist))


def win_odds(ours: Sequence[float], base: int, theirs: Sequence[float], their_base: int
             ) -> tuple[float, float, float]:
    """(P(we win the round), expected WP the creature loses, expected WP each of us loses)."""
    win = hurt = harm = 0.0
    for a, pa in enumerate(ours):
        if not pa:
            continue
        for b, pb in enumerate(theirs):
            if not pb:
                continue
            d = (a + base) - (b + their_base)
            if d > 0:
                win += pa * pb
                hurt += pa * pb * d
            elif d < 0:
                harm += pa * pb * -d
    return win, hurt, harm


def sum_dists(parts: Sequence[Sequence[float]]) -> list[float]:
    out = [1.0]
    for dist in parts:
        nxt = [0.0] * (len(out) + len(dist) - 1)
        for a, pa in enumerate(out):
            if pa:
                for b, pb in enumerate(dist):
                    if pb:
                        nxt[a + b] += pa * pb
        out = nxt
    return out
