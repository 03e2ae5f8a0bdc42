"""Layout primitives shared by every table: where one item goes, and rectangles.

A game's layout turns what its table shows into one `Spec` per item key; the scene creates,
moves and removes items to match and the animator moves them smoothly. Pure geometry; no Qt.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any


@dataclass
class Spec:
    """Where one item rests: its centre, scale, rotation, stacking order, whether it shows
    its face, and the data its painter needs."""

    kind: str
    x: float
    y: float
    scale: float = 1.0
    rot: float = 0.0
    z: float = 0.0
    face: bool = True
    data: dict[str, Any] = field(default_factory=dict)


@dataclass
class Rect:
    x: float
    y: float
    w: float
    h: float

    @property
    def cx(self) -> float:
        return self.x + self.w / 2

    @property
    def cy(self) -> float:
        return self.y + self.h / 2

    @property
    def right(self) -> float:
        return self.x + self.w

    @property
    def bottom(self) -> float:
        return self.y + self.h

    @classmethod
    def of(cls, d: dict[str, Any]) -> Rect:
        return cls(float(d["x"]), float(d["y"]), float(d["w"]), float(d["h"]))


def spread(n: int, width: float, item_w: float, max_step: float) -> list[float]:
    """x offsets (of item centres, from the left edge) for n items fitted into width."""
    if n <= 0:
        return []
    if n == 1:
        return [width / 2]
    step = min(max_step, (width - item_w) / (n - 1))
    total = item_w + step * (n - 1)
    left = (width - total) / 2 + item_w / 2
    return [left + i * step for i in range(n)]
