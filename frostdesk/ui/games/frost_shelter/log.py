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


def flash_tag(event: Any) -> tuple[int, str] | None:
    """(seat, words) of the short tag an event floats over a seat's area for a moment, like
    a line of the log ("+3 damage", "Heals 2"); None for the events that have none."""
    d = event.data
    kind = event.kind
    if kind == "damage_taken":
        amount = int(d["amount"])
        return d["seat"], f"+{amount} damage" if amount else "No damage"
    if kind == "frost_bite":
        return d["seat"], f"Frost Bite +{d['damage']}"
    if kind == "hibernation":
        return d["seat"], f"Hibernates −{d['prevented']}"
    if kind == "defended":
        return d["seat"], f"Defends {d['amount']}"
    if kind == "healed":
        return d["seat"], f"Heals {d['amount']}"
    if kind == "expedition_draw" and not d.get("cards"):
        return d["seat"], "Deck empty"
    return None
