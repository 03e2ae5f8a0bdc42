"""Toy Tally's UI plug-in: what the app's screens ask of this game's UI.

See frostdesk/ui/plugins.py for the contract. Imported only when a window opens.
"""

from __future__ import annotations

import html
from typing import Any

from PySide6.QtCore import QRectF
from PySide6.QtGui import QColor, QPainter

from toygame.ui.kit import Emblem as BaseEmblem

TIPS = (
    "The cards you may play glow. Click one to play it, or press its number.",
    "The highest card takes the round, and its player draws from the deck.",
    "Your tally is on your name plate; the highest tally after the last round wins.",
)


def screen_class() -> type[Any]:
    """The table screen the main window shows for this game."""
    from toygame.ui.screen import ToyScreen

    return ToyScreen


def cards_html(game: Any) -> str:
    """The Cards tab of the rules dialog: every card with its value."""
    rows = "".join(f"<tr><td>{html.escape(c.name)}</td><td align='right'>{c.value}</td>"
                   f"<td>{html.escape(c.source)}</td></tr>" for c in game.content.cards)
    return (f"<h2>{html.escape(game.title)}: the cards</h2>"
            f"<table cellpadding='4'><tr><th>Card</th><th>Value</th><th>Source</th></tr>"
            f"{rows}</table>")


class Emblem(BaseEmblem):
    """Three cards fanned out."""

    def draw(self, p: QPainter, r: float) -> None:
        w, h = r * 0.62, r * 0.9
        p.setBrush(QColor("#1a2733"))
        p.rotate(-24)
        for _ in range(3):
            p.drawRoundedRect(QRectF(-w / 2, -h / 2 - r * 0.08, w, h), r * 0.08, r * 0.08)
            p.rotate(24)
        p.rotate(-48)
        p.setBrush(self.colour())
        p.drawEllipse(QRectF(-r * 0.1, -r * 0.18, r * 0.2, r * 0.2))
