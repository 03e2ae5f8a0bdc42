"""Last Aurora's UI plug-in: what the app's screens ask of this game's UI.

See frostdesk/ui/plugins.py for the contract. Imported only when a window opens.
"""

from __future__ import annotations

import html
from typing import Any

from PySide6.QtCore import QPointF, QRectF
from PySide6.QtGui import QPainter, QPolygonF

from frostdesk.ui.kit.emblem import Emblem as BaseEmblem

TIPS = (
    "Click a glowing zone cell, then the survivors who explore it; the buttons finish the "
    "move (what to take, or the cell's bonus only).",
    "Fuel drives you: 1 moves you up to your Speed, a 2nd adds the Boost. Glowing road "
    "spaces are within reach.",
    "The Aurora waits on mile 15, then sails on each round. Board her and each survivor "
    "aboard scores 2 Fame; the others get one last round.",
    "Enemies ambush every convoy in their region. In Fire Weapons, click one to aim, then pick "
    "the weapon: a hit gives 1 Fame and a Target for its Loot.",
)


def screen_class() -> type[Any]:
    """The table screen the main window shows for this game."""
    from frostdesk.ui.games.last_aurora.screen import AuroraScreen

    return AuroraScreen


def results_panel(game: Any, session: Any) -> Any:
    """The end screen's panel: the ranking with each convoy's Fame in parts."""
    from frostdesk.ui.games.last_aurora.results import AuroraResults

    return AuroraResults(game, session)


def cards_html(game: Any) -> str:
    """The Cards tab of the rules dialog: every card with its kind, numbers and text."""
    rows = []
    for c in game.content.cards:
        numbers = ""
        if c.kind == "truck":
            numbers = f"Speed {c.speed}, Boost {c.boost}, Tow {c.tow}"
        elif c.kind == "survivor":
            numbers = f"Value {c.value}"
        elif c.kind == "enemy":
            numbers = f"{len(c.cells)} cells, Period {c.period}"
        if c.cells and c.kind != "enemy":
            numbers += (" · " if numbers else "") + " ".join(c.cells)
        mark = "" if c.source == "rulebook" else " <i>(authored)</i>"
        rows.append(f"<tr><td>{html.escape(c.id)}</td><td><b>{html.escape(c.name)}</b>{mark}"
                    f"</td><td>{html.escape(c.kind)}</td><td>{html.escape(numbers)}</td>"
                    f"<td>{html.escape(c.text)}</td></tr>")
    return (f"<h2>{html.escape(game.title)}: the cards</h2>"
            "<p>Cards marked <i>authored</i> were designed for this app; the base rulebook "
            "is reconstructed (see the Rules tab).</p>"
            "<table cellpadding='4'><tr><th>No.</th><th>Card</th><th>Kind</th>"
            f"<th>Numbers</th><th>Text</th></tr>{''.join(rows)}</table>")


class Emblem(BaseEmblem):
    """The icebreaker's bow over a frozen road."""

    def draw(self, p: QPainter, r: float) -> None:
        p.setBrush(self.colour())
        hull = QPolygonF([QPointF(-r * 0.8, -r * 0.05), QPointF(r * 0.8, -r * 0.05),
                          QPointF(r * 0.55, r * 0.35), QPointF(-r * 0.6, r * 0.35)])
        p.drawPolygon(hull)
        p.drawRect(QRectF(-r * 0.25, -r * 0.45, r * 0.45, r * 0.38))
        p.drawLine(QPointF(-r * 0.85, r * 0.62), QPointF(r * 0.85, r * 0.62))
