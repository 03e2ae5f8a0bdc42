"""The pass-and-play hand-off for Frontier Stations: nothing is hidden in this game, so the
cover only says whose decision it is and waits for them to take the device."""

from __future__ import annotations

from PySide6.QtCore import QRectF
from PySide6.QtGui import QColor, QPainter

from frostdesk.ui.kit.handoff import HandoffOverlay


class StationsHandoff(HandoffOverlay):
    """Frost Shelter's hand-off cover with this game's words."""

    button_text = "I am {player} — take over"
    note = "{player}'s station decides next. Everything on the table stays in view: talk it " \
        "over, then {player} clicks."
    shade = (QColor(30, 50, 68, 240), QColor(8, 13, 19, 245))

    def _paint_emblem(self, p: QPainter, r: QRectF) -> None:
        """No snowflake: this game is not in the snow."""
