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


def cards_html(game: Any, spoilers: bool = False) -> str:
    """The Cards tab of the rules dialog: every card with its kind, numbers and text; the
    Story cards (Module 4) with their intros and options, their results only when asked
    (`spoilers`, brief 7.10)."""
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
            f"<th>Numbers</th><th>Text</th></tr>{''.join(rows)}</table>"
            + story_html(game, spoilers))


def story_html(game: Any, spoilers: bool) -> str:
    """Module 4's Story cards: their backs, intros and option faces; each option's results
    only with `spoilers` (a link asks for them)."""
    from frostdesk.games.last_aurora.story_cards import TRIGGER_WORDS, option_face

    cards = game.content.story
    if not cards:
        return ""
    rows = []
    for c in cards:
        opts = []
        for o in c.options:
            line = html.escape(option_face(o))
            if spoilers:
                line += f"<br>✓ {html.escape(o.success.text)}"
                if o.failure is not None:
                    line += f"<br>✗ {html.escape(o.failure.text)}"
            opts.append(line)
        mark = "" if c.source == "rulebook" else " <i>(authored)</i>"
        rows.append(f"<tr><td>{c.id}</td><td><b>{html.escape(c.name)}</b>{mark}"
                    f"{' †' if c.multi else ''}</td><td>Period {'I' * c.period}, "
                    f"{c.phase}: {html.escape(TRIGGER_WORDS[c.on])}</td>"
                    f"<td><i>{html.escape(c.intro)}</i><br>{'<br>'.join(opts)}</td></tr>")
    ask = ("<p>Each option's results are hidden, as at the table, where they are read only "
           "after the choice. <a href='frostdesk:spoilers'>Show every result "
           "(spoilers)</a></p>" if not spoilers else
           "<p>Every result is shown (spoilers).</p>")
    return ("<h2>Frozen Steel, Module 4: the Story cards</h2>"
            "<p>In play only with the Story cards module. † marks a card whose effects reach "
            f"other players.</p>{ask}"
            "<table cellpadding='4'><tr><th>No.</th><th>Card</th><th>Back</th>"
            f"<th>Intro and options</th></tr>{''.join(rows)}</table>")


class Emblem(BaseEmblem):
    """The icebreaker's bow over a frozen road."""

    def draw(self, p: QPainter, r: float) -> None:
        p.setBrush(self.colour())
        hull = QPolygonF([QPointF(-r * 0.8, -r * 0.05), QPointF(r * 0.8, -r * 0.05),
                          QPointF(r * 0.55, r * 0.35), QPointF(-r * 0.6, r * 0.35)])
        p.drawPolygon(hull)
        p.drawRect(QRectF(-r * 0.25, -r * 0.45, r * 0.45, r * 0.38))
        p.drawLine(QPointF(-r * 0.85, r * 0.62), QPointF(r * 0.85, r * 0.62))
