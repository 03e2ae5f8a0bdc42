"""The pass-and-play hand-off for Frontier Stations: nothing is hidden in this game, so the
cover only says whose decision it is and waits for them to take the device."""

from __future__ import annotations

from PySide6.QtGui import QColor

from frostdesk.ui.kit.handoff import HandoffOverlay


class StationsHandoff(HandoffOverlay):
    """The kit's hand-off cover with this game's words (and no emblem)."""

    button_text = "I am {player} — take over"
    note = "{player}'s station decides next. Everything on the table stays in view: talk it " \
        "over, then {player} clicks."
    shade = (QColor(30, 50, 68, 240), QColor(8, 13, 19, 245))
