"""Last Aurora's end screen: the ranking with where each convoy's Fame came from (the Fame
track, miles ahead of the rearmost convoy, ★ cells, survivors aboard or the convoy's
condition), and who boarded the Aurora. See frostdesk/ui/plugins.py, `results_panel`."""

from __future__ import annotations

from typing import Any

from frostdesk.ui.screens import label
from frostdesk.ui.screens.end import RankingPanel, ResultsTable, ordinal, plays_as, seat_names

HEADERS = ("Place", "Player", "Plays as", "Fame", "Track", "Miles", "★ cells", "Aboard",
           "Condition")


def fame_rows(game: Any, session: Any) -> tuple[list[int], list[list[str]]]:
    """(seats best first, one row of words per seat) from the outcome's parts."""
    o = game.outcome(session.state)
    n = len(o.places)
    names = seat_names(session, n, "Convoy")
    parts = o.details.get("parts", [{}] * n)
    boarded = list(o.details.get("boarded", []))
    order = sorted(range(n), key=lambda i: (o.places[i], i))
    rows = []
    for seat in order:
        p = parts[seat]
        aboard = f"{p.get('survivors', 0)} (boarded {ordinal(boarded.index(seat) + 1)})" \
            if seat in boarded else "—"
        rows.append([("★ " if o.places[seat] == 1 else "") + ordinal(o.places[seat]),
                     names[seat], plays_as(game.id, session.seats[seat]), str(o.scores[seat]),
                     str(p.get("track", 0)), str(p.get("distance", 0)), str(p.get("cells", 0)),
                     aboard, str(p.get("condition", 0)) if not boarded else "—"])
    return order, rows


class AuroraResults(RankingPanel):
    """The ranking, each convoy's Fame in parts, and a line on the Aurora."""

    def __init__(self, game: Any, session: Any) -> None:
        super().__init__(game, session)
        o = game.outcome(session.state)
        order, rows = fame_rows(game, session)
        won = [r for r, seat in enumerate(order) if o.places[seat] == 1]
        assert self.table is not None
        self.box.removeWidget(self.table)
        self.table.deleteLater()
        self.table = ResultsTable()
        self.table.fill(HEADERS, rows, left=(1, 2), seats=order, tinted=won, bold_rows=won,
                        stretch=1)
        self.box.addWidget(self.table)
        names = seat_names(session, len(o.places), "Convoy")
        boarded = list(o.details.get("boarded", []))
        if boarded:
            line = "Aboard the Aurora: " + ", ".join(names[x] for x in boarded) + \
                ". Survivors aboard score 2 Fame each; miles count from the rearmost convoy."
        else:
            line = "Nobody reached the Aurora: each convoy card without Damage scored 1 Fame."
        if o.tiebreak:
            line += f" A tie for first went to the convoy {o.tiebreak}."
        self.box.addWidget(label(line, "auroraNote", wrap=True))
