"""Frost Shelter's card reference: the Cards tab of the rules dialog, from the loaded cards."""

from __future__ import annotations

import html
from typing import Any

from frostdesk.ui.kit.reference import TABLE, source


def cards_html(game: Any) -> str:
    """Every Event and Equipment type of `game` as HTML tables for a QTextBrowser."""
    c = game.content
    names = c.resource_names
    esc = html.escape
    table = TABLE
    out = [f"<h2>Events ({len(c.events)})</h2>",
           (f"<p>{c.rules.events_per_game} of these turn up in each game. Each requirement is "
            "a set of colony cards you may discard once to cancel the damage next to it.</p>"),
           table,
           ("<tr><th align='left'>Event</th><th>Damage</th><th>Max</th>"
            "<th align='left'>Defences</th><th>Source</th></tr>")]
    for ev in c.events:
        reqs = "<br>".join(f"<b>Defends {r.defends}:</b> {esc(r.describe(names))}"
                           for r in ev.requirements)
        out.append(
            f"<tr><td><b>{esc(ev.name)}</b><br><i>{esc(ev.flavour)}</i></td>"
            f"<td align='center'><b>{ev.damage}</b></td><td align='center'><b>{ev.max}</b></td>"
            f"<td>{reqs}</td><td align='center'>{source(ev.source)}"
            "</td></tr>")
    out.append("</table>")
    copies: dict[int, int] = {}
    for t in c.equipment_type_of:
        copies[t] = copies.get(t, 0) + 1
    out += [f"<h2>Equipment ({len(c.equipment_types)} types, {len(c.equipment_ids)} cards)</h2>",
            "<p>Each piece works once, then goes back to the market.</p>",
            table,
            ("<tr><th align='left'>Equipment</th><th>Copies</th><th align='left'>Cost</th>"
             "<th align='left'>Effect</th><th>Source</th></tr>")]
    for i, eq in enumerate(c.equipment_types):
        start = " <i>(starting equipment)</i>" if eq.type in c.rules.starting_equipment else ""
        out.append(
            f"<tr><td><b>{esc(eq.name)}</b>{start}</td>"
            f"<td align='center'>{copies.get(i, 0)}</td>"
            f"<td>{esc(eq.cost.describe(names))}</td><td>{esc(eq.text)}</td>"
            f"<td align='center'>{source(eq.source)}</td></tr>")
    out.append("</table>")
    out.append("<p><i>rulebook</i>: as printed in the game's rulebook. <i>authored</i>: "
               "designed for this app where the rulebook prints nothing.</p>")
    return "\n".join(out)
