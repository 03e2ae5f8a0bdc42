"""Last Aurora's pass-and-play cover: the kit's hand-off overlay, in this game's words.

What a convoy hides from its rivals is its Objects, so the cover names them, not a hand."""

from __future__ import annotations

from frostdesk.ui.kit.handoff import HandoffOverlay


class AuroraHandoff(HandoffOverlay):
    """The kit's cover, saying whose Objects it will show."""

    button_text = "I am {player} — show my Objects"
    note = "{player}, click when you are ready. Everyone else, look away: {player}'s " \
        "Objects will be shown."
