"""The Frontier Stations game log: the kit's log panel (frostdesk/ui/kit/log_panel.py) with
this game's words: resource names get their token icon and colour, each turn starts with
a heading, and the game's end is coloured by how it went.
"""

from __future__ import annotations

import re
from collections.abc import Callable
from typing import Any

from PySide6.QtGui import QColor
from PySide6.QtWidgets import QWidget

from frostdesk.games.frontier_stations.content import NAMES
from frostdesk.ui.games.frontier_stations import icons
from frostdesk.ui.kit.log_panel import LogPanel, LogWords

HEADINGS = {"turn", "setup", "game_won", "game_lost"}
STRONG = {"threat_paid", "beacon", "installed", "upgraded", "destroyed", "threat_drawn",
          "reinforced", "captain_passed", "roll"}
QUIET = {"reinforcements_redrawn", "reinforcements_discarded", "shop_refreshed"}
_RES = re.compile(r"\b(" + "|".join(NAMES) + r")\b")


def stations_words() -> LogWords:
    """Frontier Stations' words for the log panel."""
    return LogWords(
        HEADINGS, STRONG, QUIET, _RES, NAMES,
        [QColor(icons.COLOURS[kind]).lighter(115).name() for kind in range(len(NAMES))],
        [f"res:{kind}" for kind in range(len(NAMES))], icons.draw_resource,
        {"game_won": "#7ee0c3", "game_lost": "#ff8a6b"})


class StationsLog(LogPanel):
    """A read-only, scrolling list of the game's events."""

    def __init__(self, game: Any, names: Callable[[str], str],
                 parent: QWidget | None = None) -> None:
        super().__init__(game, names, stations_words(), parent)
