"""Every game's table is whole at a laptop's first window: at 1152x648 (90% of a 1280x720
screen) and at 1280x720, after a few moves, no table text is under 11 pt and none is cut
with "…", spills out of its line or has wrapped lines running out of their box.

Each case renders the table once through `frostdesk screenshot`'s own function (the real
window, controller and bus; bots at the game's default level, your moves the hint's), which
reports what the kit's text painter drew.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest

from frostdesk.engine.registry import get, ids

pytestmark = pytest.mark.ui

SIZES = [(1152, 648), (1280, 720)]
MOVES = 4


def _cases() -> list[Any]:
    """Each game at its largest and smallest table in the first window (1152x648, where
    text is raised to the floor the most), and at its largest at 1280x720. The everyday
    run renders the largest table (the most text) in the first window; the smallest is the
    gui run's and 1280x720 the slow run's (a whole-app render each)."""
    cases = []
    for game_id in ids():
        desc = get(game_id)
        for players in sorted({desc.max_players, desc.min_players}, reverse=True):
            w, h = SIZES[0]
            marks = [] if players == desc.max_players else [pytest.mark.gui]
            cases.append(pytest.param(game_id, players, (w, h), marks=marks,
                                      id=f"{game_id}-{players}p-{w}x{h}"))
        w, h = SIZES[1]
        cases.append(pytest.param(game_id, desc.max_players, (w, h),
                                  id=f"{game_id}-{desc.max_players}p-{w}x{h}",
                                  marks=pytest.mark.slow))
    return cases


@pytest.mark.parametrize(("game_id", "players", "size"), _cases())
def test_every_table_text_is_whole_and_at_least_11_pt_at_a_laptops_first_window(
        themed: Any, tmp_path: Path, game_id: str, players: int, size: tuple[int, int]
) -> None:
    from frostdesk.app import render_screenshot
    from frostdesk.ui.kit.text import FLOOR_PX

    shot = render_screenshot(game_id, players, 1, size, MOVES, tmp_path / "table.png")
    assert shot["moves"] >= 1
    assert shot["smallest_text_px"] is not None
    assert shot["smallest_text_px"] >= round(FLOOR_PX, 2) - 0.01
    cut = [f"{e['kind']}: {e['text']!r} shown as {e['shown']!r} by {e['by']}"
           for e in shot["elided"]]
    assert cut == [], "\n".join(cut)
