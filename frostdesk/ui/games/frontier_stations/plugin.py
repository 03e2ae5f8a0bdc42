"""Frontier Stations' UI plug-in: what the app's screens ask of this game's UI.

See frostdesk/ui/plugins.py for the contract. Imported only when a window opens.
"""

from __future__ import annotations

from typing import Any

from PySide6.QtCore import QPointF, QRectF, Qt
from PySide6.QtGui import QPainter

from frostdesk.ui.kit.emblem import Emblem as BaseEmblem

# Our own words; each tip is one thing a new player would otherwise have to ask.
TIPS = (
    "Click the dice to roll: every station's systems and every threat showing the total "
    "go off.",
    "When a threat goes off, choose who pays from the list; the cheapest way is "
    "already picked.",
    "To buy, click a glowing shop card, one of your systems or a threat next to you.",
    "Hint shows what the crew bot would do. F1 opens the rules.",
)


def screen_class() -> type[Any]:
    """The table screen the main window shows for this game."""
    from frostdesk.ui.games.frontier_stations.screen import StationsScreen

    return StationsScreen


def cards_html(game: Any) -> str:
    from frostdesk.ui.games.frontier_stations.cards import cards_html as html

    return html(game)


def results_panel(game: Any, session: Any) -> Any:
    """The end screen's results area for a finished game (a ResultsPanel)."""
    from frostdesk.ui.games.frontier_stations.results import StationsResults

    return StationsResults(game, session)


class Emblem(BaseEmblem):
    """A ring of six stations around a hub."""

    def draw(self, p: QPainter, r: float) -> None:
        p.setBrush(Qt.BrushStyle.NoBrush)
        p.drawEllipse(QPointF(0, 0), r * 0.62, r * 0.62)  # the ring the stations share
        for _ in range(6):
            p.drawLine(QPointF(0, -r * 0.2), QPointF(0, -r * 0.62))  # spokes to the hub
            p.save()
            p.translate(0, -r * 0.78)
            p.drawRect(QRectF(-r * 0.13, -r * 0.13, r * 0.26, r * 0.26))  # a station
            p.restore()
            p.rotate(60)
        p.setBrush(self.colour())
        p.drawEllipse(QPointF(0, 0), r * 0.2, r * 0.2)
