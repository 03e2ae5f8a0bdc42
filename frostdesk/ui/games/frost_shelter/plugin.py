"""Frost Shelter's UI plug-in: what the app's screens ask of this game's UI.

See frostdesk/ui/plugins.py for the contract. Imported only when a window opens.
"""

from __future__ import annotations

from typing import Any

from PySide6.QtCore import QPointF
from PySide6.QtGui import QPainter

from frostdesk.ui.kit.emblem import Emblem as BaseEmblem

# Our own words; each tip is one thing a new player would otherwise have to ask.
TIPS = (
    "Cards you may play glow. Click one to play it; when a choice takes several cards, "
    "click them, then the button at the bottom.",
    "The line at the bottom always says what the game is waiting for.",
    "Hover a card to enlarge it; right-click shows all of it.",
    "Hint shows what the Hard bot would do here, and why. F1 opens the rules.",
)


def screen_class() -> type[Any]:
    """The table screen the main window shows for this game."""
    from frostdesk.ui.games.frost_shelter.screen import ShelterScreen

    return ShelterScreen


def cards_html(game: Any) -> str:
    from frostdesk.ui.games.frost_shelter.cards import cards_html as html

    return html(game)


def results_panel(game: Any, session: Any) -> Any:
    """The end screen's results area for a finished game (a ResultsPanel)."""
    from frostdesk.ui.games.frost_shelter.results import FrostShelterResults

    return FrostShelterResults(game, session)


class Emblem(BaseEmblem):
    """A geometric six-armed snowflake."""

    def draw(self, p: QPainter, r: float) -> None:
        for _ in range(6):
            p.drawLine(QPointF(0, 0), QPointF(0, -r))
            for t, arm in ((0.45, 0.28), (0.72, 0.2)):
                base = QPointF(0, -r * t)
                p.drawLine(base, QPointF(-r * arm, -r * (t + arm * 0.8)))
                p.drawLine(base, QPointF(r * arm, -r * (t + arm * 0.8)))
            p.rotate(60)
        p.setBrush(self.colour())
        p.drawEllipse(QPointF(0, 0), r / 10, r / 10)
