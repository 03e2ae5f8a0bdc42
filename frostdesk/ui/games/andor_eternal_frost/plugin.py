"""The Eternal Frost's UI plug-in: what the app's screens ask of this game's UI.

See frostdesk/ui/plugins.py for the contract. Imported only when a window opens.
"""

from __future__ import annotations

import html
from typing import Any

from PySide6.QtCore import QPointF, Qt
from PySide6.QtGui import QPainter

from frostdesk.ui.kit.emblem import Emblem as BaseEmblem

# Our own words; each tip is one thing a new player would otherwise have to ask.
TIPS = (
    "On a hero's turn every space they can reach glows with its cost in hours: click one "
    "to walk there. An amber hexagon badge means overtime (it costs willpower).",
    "Click the creature on your hero's space to attack it with every hero there; the "
    "buttons offer the other choices, fighting alone among them.",
    "Creatures walk towards the castle at every sunrise. Keep the shields free and meet "
    "the legend's goal before the narrator reaches N.",
    "Zoom the map with the wheel or + and −, drag it (or Shift and an arrow) to pan, and "
    "press 0 to fit it again.",
)


def screen_class() -> type[Any]:
    """The table screen the main window shows for this game."""
    from frostdesk.ui.games.andor_eternal_frost.screen import FrostScreen

    return FrostScreen


def results_panel(game: Any, session: Any) -> Any:
    """The end screen's results area for a finished legend (a ResultsPanel)."""
    from frostdesk.ui.games.andor_eternal_frost.results import LegendResults

    return LegendResults(game, session)


def _row(*cells: object) -> str:
    return "<tr>" + "".join(f"<td>{html.escape(str(c))}</td>" for c in cells) + "</tr>"


def cards_html(game: Any) -> str:
    """The Cards tab of the rules dialog: heroes, creatures, articles and every legend's cards,
    each marked with its source (the legends and most numbers are authored for frostdesk)."""
    c = game.content
    parts = [f"<h2>{html.escape(game.title)}</h2>", "<h3>Heroes</h3><table cellpadding='4'>",
             _row("Hero", "Sides", "Rank", "Dice by WP row", "Ability", "Source")]
    for h in c.heroes.values():
        parts.append(_row(h.name, " / ".join(h.sides), h.rank, " · ".join(map(str, h.dice)),
                          h.text, h.source))
    parts.append("</table><h3>Creatures</h3><table cellpadding='4'>")
    parts.append(_row("Creature", "SP", "WP", "Dice", "Reward", "Source"))
    for cr in c.creatures.values():
        dice = ", ".join(f"{k} from {w} WP" for w, k in cr.dice)
        reward = " or ".join(f"{v} {k.upper()}" for k, v in cr.reward)
        parts.append(_row(cr.name, cr.sp, cr.wp, dice, reward, cr.source))
    parts.append("</table><h3>Articles and herbs</h3><table cellpadding='4'>")
    parts.append(_row("Article", "Size", "In the box"))
    for name, size, count in c.articles.values():
        parts.append(_row(name, size, count))
    for name, count, effect in c.herbs.values():
        parts.append(_row(name, effect, count))
    parts.append("</table>")
    for lg in c.legends.values():
        parts.append(f"<h3>Legend {html.escape(lg.id.upper())}: {html.escape(lg.title)} "
                     f"<i>({html.escape(lg.source)})</i></h3>")
        # only the opening is printed here: the other cards are read at the table when the
        # narrator reaches their letter, as at a real table (no reading ahead)
        for card in lg.cards_of("A"):
            parts.append(f"<p><b>{html.escape(card.id)} · {html.escape(card.title)}</b> "
                         f"{html.escape(card.text)}</p>")
        later = [letter for letter in lg.stars if letter != "A"]
        parts.append("<p>Cards wait at the letters " + ", ".join(later) + ". Each is read "
                     "when the narrator reaches its letter; click the letter on the legend "
                     "track to read it again.</p>")
    return "".join(parts)


class Emblem(BaseEmblem):
    """A snowflake over a mountain ridge."""

    def draw(self, p: QPainter, r: float) -> None:
        p.setBrush(Qt.BrushStyle.NoBrush)
        p.drawPolyline([QPointF(-r * 0.9, r * 0.6), QPointF(-r * 0.35, -r * 0.05),
                        QPointF(0, r * 0.3), QPointF(r * 0.4, -r * 0.25),
                        QPointF(r * 0.9, r * 0.6)])
        p.save()
        p.translate(0, -r * 0.45)
        for _ in range(3):
            p.drawLine(QPointF(-r * 0.3, 0), QPointF(r * 0.3, 0))
            p.rotate(60)
        p.restore()
        p.setBrush(self.colour())
        p.drawEllipse(QPointF(0, -r * 0.45), r * 0.07, r * 0.07)
