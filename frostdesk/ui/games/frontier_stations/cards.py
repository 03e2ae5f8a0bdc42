"""Frontier Stations's card reference: the Cards tab of the rules dialog, from the loaded cards."""

from __future__ import annotations

import html
from typing import Any

from frostdesk.games.frontier_stations.content import NAMES, numbers_text
from frostdesk.games.frontier_stations.content import units_text as _units
from frostdesk.ui.games.frontier_stations.card_view import PARTS
from frostdesk.ui.kit.reference import TABLE, source


def cards_html(game: Any) -> str:
    """Frontier Stations' Nexus faces, systems and threats as HTML tables."""
    def units_text(units: Any) -> str:
        return _units(units).replace(" Any", " of any kind")

    c = game.content
    esc = html.escape
    table = TABLE

    def storage(card: Any) -> str:
        parts = [f"{n} {NAMES[r]}" for r, n in enumerate(card.storage) if n]
        if card.storage_any:
            parts.append(f"{card.storage_any} of any kind")
        return ", ".join(parts) or "nothing"

    def effects(card: Any) -> str:
        lines = [f"<b>On {numbers_text(a.on)}:</b> makes {esc(units_text(a.produce))}"
                 for a in card.activations]
        conv = card.convert
        if conv is not None:
            spend = "any resource" if conv.spend is None else NAMES[conv.spend]
            into = "another kind" if conv.as_ is None else NAMES[conv.as_]
            lines.append(f"<b>Converts:</b> {conv.count} {esc(spend)} → 1 {esc(into)}")
        if card.salvage:
            lines.append(f"<b>Salvage:</b> {esc(units_text(card.salvage))} when a threat "
                         "next to this station is hit")
        if card.spill:
            lines.append("<b>Overflow:</b> takes the station's new tokens that have no room "
                         "on their own card")
        lines.append(f"<b>Stores:</b> {esc(storage(card))}")
        if card.text:
            lines.append(f"<i>{esc(card.text)}</i>")
        return "<br>".join(lines)

    def card_source(card: Any) -> str:
        parts = getattr(card, "authored", ())
        if card.source == "rulebook" and parts:
            return source(card.source) + "<br><small>ours: " + esc(", ".join(
                PARTS.get(f, f).removeprefix("its ").removeprefix("the ") for f in parts)) \
                + "</small>"
        return source(card.source)

    out = ["<h2>Nexus (one per station)</h2>",
           "<p>Every station starts with a Nexus; the face chosen sets the difficulty.</p>",
           table, ("<tr><th align='left'>Nexus</th><th align='left'>Effect</th>"
                   "<th>Source</th></tr>")]
    for kind in ("heavy", "standard", "light"):
        face = c.nexus_faces.get(kind)
        if face is not None:
            out.append(f"<tr><td><b>{esc(face.name)}</b></td><td>{effects(face)}</td>"
                       f"<td align='center'>{card_source(face)}</td></tr>")
    out.append("</table>")

    designs: dict[str, list[Any]] = {}
    for card in c.systems:
        designs.setdefault(card.design, []).append(card)
    out += [f"<h2>Systems ({len(designs)} kinds, {len(c.systems)} cards)</h2>", table,
            ("<tr><th align='left'>System</th><th>Copies</th><th>Cost</th>"
             "<th align='left'>Effect</th><th>Source</th></tr>")]
    for cards in sorted(designs.values(), key=lambda cs: (cs[0].cost, cs[0].name)):
        card = cards[0]
        out.append(f"<tr><td><b>{esc(card.name)}</b></td><td align='center'>{len(cards)}</td>"
                   f"<td align='center'><b>{card.cost}</b></td><td>{effects(card)}</td>"
                   f"<td align='center'>{card_source(card)}</td></tr>")
    out.append("</table>")

    threats: dict[str, list[Any]] = {}
    for th in c.threats:
        threats.setdefault(th.design, []).append(th)
    out += [f"<h2>Threats ({len(c.threats)} cards)</h2>",
            "<p>Early threats strike on one die (1–6), late ones on two dice added (2–12).</p>",
            table, ("<tr><th align='left'>Threat</th><th>Deck</th><th>Copies</th>"
                    "<th align='left'>Strikes on / takes</th><th align='left'>To destroy</th>"
                    "<th>Source</th></tr>")]
    for cards in threats.values():
        th = cards[0]
        if th.reinforcements:
            strikes = "Strengthens the newest threat where it lands, or brings it back."
            destroy = "—"
        else:
            strikes = (f"<b>On {numbers_text(th.on)}:</b> takes "
                       f"{esc(units_text(th.consume))}"
                       + (" once for each station next to it" if th.per_station else ""))
            destroy = f"{th.credits} credits" + (f" + {esc(units_text(th.destroy))}"
                                                 if th.destroy else "")
        flavour = f"<br><i>{esc(th.text)}</i>" if th.text else ""
        out.append(f"<tr><td><b>{esc(th.name)}</b>{flavour}</td>"
                   f"<td align='center'>{esc(th.deck)}</td>"
                   f"<td align='center'>{len(cards)}</td><td>{strikes}</td>"
                   f"<td>{destroy}</td><td align='center'>{card_source(th)}</td></tr>")
    out.append("</table>")
    out.append("<p><i>rulebook</i>: named in the game's rulebook. <i>authored</i>: designed "
               "for this app where the rulebook gives no details.</p>")
    return "\n".join(out)
