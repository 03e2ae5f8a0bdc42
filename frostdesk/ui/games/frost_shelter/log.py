"""Frost Shelter's words for the game log (frostdesk/ui/kit/log_panel.py): cards are named as
"Water 9" and get their resource's icon and colour, and each Event starts with a heading.
"""

from __future__ import annotations

import re
from typing import Any

from PySide6.QtCore import QRectF
from PySide6.QtGui import QColor, QPainter

from frostdesk.ui.games.frost_shelter import painter
from frostdesk.ui.kit.log_panel import LogWords

HEADINGS = {"event_revealed", "game_over"}
STRONG = {"trick_won", "damage_taken", "equipment_bought", "leader_chosen", "healed",
          "defended", "harpoon_used"}
QUIET = {"colony_at_resolution", "passed", "leader_changed"}


def shelter_words(content: Any) -> LogWords:
    """Frost Shelter's: cards are named "Water 9"."""
    names_ = "|".join(re.escape(n) for n in content.resource_names)

    def draw(p: QPainter, i: int, rect: QRectF) -> None:
        painter.draw_icon(p, content.resource_icons[i], rect,
                          QColor(content.resource_colours[i]))

    return LogWords(
        HEADINGS, STRONG, QUIET, re.compile(rf"\b({names_}) (10|[1-9])\b"),
        list(content.resource_names),
        [QColor(c).lighter(125).name() for c in content.resource_colours],
        [f"icon:{icon}" for icon in content.resource_icons], draw)
