"""Frost Shelter's end screen: the ranking by damage, Event by Event, and the tie-breaks.

Everything shown comes from `game.outcome(state)` (and the Events' names from the session's
states); the panel only arranges it. See frostdesk/ui/plugins.py, `results_panel`.
"""

from __future__ import annotations

from typing import Any

from PySide6.QtWidgets import QWidget

from frostdesk.ai.levels import level_name
from frostdesk.ui.screens import label
from frostdesk.ui.screens.end import (
    ResultsPanel,
    ResultsTable,
    headline,
    join_names,
    ordinal,
    seat_names,
)

TIEBREAK_TEXT = {
    "colony total": "{names} tied on {damage} damage; the highest colony total decided.",
    "Relic total": "{names} tied on {damage} damage and on colony total; the highest Relic "
                   "total decided.",
    "shared victory": "{sharers} tied on {damage} damage, colony total and Relic total, so they "
                      "share the victory.",
}
# When the colony total split the players tied on damage but left two or more still tied.
RELIC_AFTER_COLONY = ("{names} tied on {damage} damage; {colony} also tied on colony total; "
                      "the highest Relic total decided.")
FOOTNOTE = ("Total damage is the damage of the Events (Frost Bite included) minus what was "
            "healed at the Infirmary and with Medkits. Colony and Relic totals add up the cards "
            "left in each colony at the end; they break ties.")
COLUMNS_BEFORE = ("Place", "Player", "Plays as")
COLUMNS_AFTER = ("Healed", "Total damage", "Colony total", "Relic total")


def event_names(game: Any, session: Any, count: int) -> list[str]:
    """Names of the Events played, in order, read from the session's states when possible."""
    names = [""] * count
    events = getattr(getattr(game, "content", None), "events", None)
    if events is None:
        return names
    for st in getattr(session, "states", []):
        no, ev = getattr(st, "event_no", None), getattr(st, "event", None)
        if isinstance(no, int) and isinstance(ev, int) and 0 <= no < count \
                and 0 <= ev < len(events):
            names[no] = events[ev].name
    return names


class FrostShelterResults(ResultsPanel):
    """Who won, how ties were broken, and every player's damage per Event and totals."""

    def __init__(self, game: Any, session: Any, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        seats = list(session.seats)
        o = game.outcome(session.state)
        n = len(o.places)
        names = seat_names(session, n)
        self.winners = [names[i] for i in range(n) if o.places[i] == 1]
        self.headline = headline(self.winners)

        details = o.details or {}
        per_event: list[list[int]] = [list(e) for e in details.get("event_damage", [])]
        colony = list(details.get("colony_totals", [""] * n))
        relic = list(details.get("relic_totals", [""] * n))
        title = getattr(game, "title", "")
        self.summary = f"{title} · {len(per_event)} Events · the least damage wins".lstrip(" ·")
        best = min(o.scores) if o.scores else 0
        tied = [names[i] for i in range(n) if o.scores[i] == best]
        tied_colony = [names[i] for i in details.get("tied_on_colony_total") or []
                       if isinstance(i, int) and 0 <= i < n]
        text = TIEBREAK_TEXT.get(o.tiebreak, o.tiebreak)
        if o.tiebreak == "Relic total" and tied_colony and len(tied_colony) < len(tied):
            text = RELIC_AFTER_COLONY
        tb = text.format(names=join_names(tied), damage=best, colony=join_names(tied_colony),
                         sharers=join_names(self.winners))
        self.tiebreak = label(f"Tie-break: {tb}" if tb else "", "tiebreak", point_size=13,
                              wrap=True)
        self.tiebreak.setVisible(bool(tb))
        self.box.addWidget(self.tiebreak)
        self.box.addSpacing(8)

        event_headers = [f"Event {k + 1}" + (f"\n{nm}" if nm else "")
                         for k, nm in enumerate(event_names(game, session, len(per_event)))]
        headers = list(COLUMNS_BEFORE) + event_headers + list(COLUMNS_AFTER)
        order = sorted(range(n), key=lambda i: (o.places[i], i))
        rows = []
        for seat in order:
            info = seats[seat]
            kind = "Human" if getattr(info, "is_human", True) else \
                f"Bot ({level_name(getattr(info, 'bot', ''))})"
            damage = [e[seat] if seat < len(e) else 0 for e in per_event]
            healed = sum(damage) - o.scores[seat] if isinstance(o.scores[seat], int) else 0
            place = ("★ " if o.places[seat] == 1 else "") + ordinal(o.places[seat])
            rows.append([place, names[seat], kind] + [str(d) for d in damage]
                        + [str(max(healed, 0)), str(o.scores[seat]),
                           str(colony[seat]) if seat < len(colony) else "",
                           str(relic[seat]) if seat < len(relic) else ""])
        won = [r for r, seat in enumerate(order) if o.places[seat] == 1]
        self.table = ResultsTable()
        self.table.fill(headers, rows, left=(1, 2), seats=order, tinted=won, bold_rows=won)
        total_col = len(COLUMNS_BEFORE) + len(per_event) + 1
        total = self.table.horizontalHeaderItem(total_col)
        if total is not None:
            total.setToolTip("The Events' damage minus what was healed")
        self.box.addWidget(self.table)
        self.footnote = label(FOOTNOTE, "hint", point_size=11, wrap=True)
        self.box.addWidget(self.footnote)
