"""A seeded random number generator whose whole state is one integer.

The state lives inside a game's state, so `apply` stays pure and a replay of the same actions
from the same seed draws the same cards. The generator is SplitMix64: tiny, fast in pure
Python and good enough for shuffling cards.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import TypeVar

T = TypeVar("T")

_MASK = (1 << 64) - 1
_GOLDEN = 0x9E3779B97F4A7C15


def seed_state(seed: int) -> int:
    """Turn any integer seed into a generator state."""
    return (seed * 0x2545F4914F6CDD1D + 0x632BE59BD9B4E019) & _MASK


def next_u64(state: int) -> tuple[int, int]:
    """Return (random 64-bit value, new state)."""
    state = (state + _GOLDEN) & _MASK
    z = state
    z = ((z ^ (z >> 30)) * 0xBF58476D1CE4E5B9) & _MASK
    z = ((z ^ (z >> 27)) * 0x94D049BB133111EB) & _MASK
    return z ^ (z >> 31), state


def below(state: int, n: int) -> tuple[int, int]:
    """Return (uniform integer in [0, n), new state)."""
    value, state = next_u64(state)
    return value % n, state


def shuffled(state: int, items: Sequence[T]) -> tuple[list[T], int]:
    """Return (a shuffled copy of items, new state) by Fisher-Yates."""
    out = list(items)
    for i in range(len(out) - 1, 0, -1):
        state = (state + _GOLDEN) & _MASK
        z = state
        z = ((z ^ (z >> 30)) * 0xBF58476D1CE4E5B9) & _MASK
        z = ((z ^ (z >> 27)) * 0x94D049BB133111EB) & _MASK
        j = (z ^ (z >> 31)) % (i + 1)
        out[i], out[j] = out[j], out[i]
    return out, state
