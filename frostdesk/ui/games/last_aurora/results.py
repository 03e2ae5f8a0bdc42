"""Last Aurora's end screen: the ranking with where each convoy's Fame came from (the Fame
track, miles ahead of the rearmost convoy, ★ cells, survivors aboard or the convoy's
condition), and who boarded the Aurora. See frostdesk/ui/plugins.py, `results_panel`."""

from __future__ import annotations

from typing import Any

from frostdesk.ui.screens import label
from frostdesk.ui.screens.end import RankingPanel, ResultsTable, ordinal, plays_as, seat_names

HEADERS = ("Place", "Player", "Plays as", "Fame", "Track", "Miles", "★ cells", "Aboard",
           "Condition")


AUTOMA = "The Automa"


def _row(place: int, name: str, who: str, score: int, p: dict[str, Any], seat: int,
         boarded: list[int]) -> list[str]:
    aboard = f"{p.get('survivors', 0)} (boarded {ordinal(boarded.index(seat) + 1)})" \
        if seat in boarded else "—"
    return [("★ " if place == 1 else "") + ordinal(place), name, who, str(score),
            str(p.get("track", 0)), str(p.get("distance", 0)), str(p.get("cells", 0)),
            aboard, str(p.get("condition", 0)) if not boarded else "—"]


def _crew(game: Any, s: Any, seat: int) -> str:
    """Module 3: ' · The Pack' after who played the seat ('' without the module)."""
    crew = game.crew.crew(s, seat) if "crew" in s.modules else None
    return f" · {crew.name}" if crew is not None else ""


def fame_rows(game: Any, session: Any) -> tuple[list[int], list[list[str]]]:
    """(seats best first, one row of words per seat) from the outcome's parts. Solo: you
    and the Automa (seat 1 here), with its Fame in parts (its zone's Objects and Loot go in
    the '★ cells' column, its own way of scoring beside the miles)."""
    o = game.outcome(session.state)
    n = len(o.places)
    names = seat_names(session, n, "Convoy")
    parts = o.details.get("parts", [{}] * n)
    boarded = list(o.details.get("boarded", []))
    if "automa" in o.details:
        you = _row(1 if o.places[0] == 1 else 2, names[0],
                   plays_as(game.id, session.seats[0]) + _crew(game, session.state, 0),
                   o.scores[0], parts[0], 0, boarded)
        it = dict(o.details.get("automa_parts", {}))
        it["cells"] = it.get("objects", 0) + it.get("loot", 0)
        level = str(o.details.get("level", "")).title()
        rival = _row(2 if o.places[0] == 1 else 1, AUTOMA, f"Automa ({level})",
                     int(o.details["automa"]), it, n, boarded)
        return ([0, n], [you, rival]) if o.places[0] == 1 else ([n, 0], [rival, you])
    order = sorted(range(n), key=lambda i: (o.places[i], i))
    rows = [_row(o.places[seat], names[seat], plays_as(game.id, session.seats[seat])
                 + _crew(game, session.state, seat),
                 o.scores[seat], parts[seat], seat, boarded) for seat in order]
    return order, rows


class AuroraResults(RankingPanel):
    """The ranking, each convoy's Fame in parts, and a line on the Aurora."""

    def __init__(self, game: Any, session: Any) -> None:
        super().__init__(game, session)
        o = game.outcome(session.state)
        order, rows = fame_rows(game, session)
        solo = "automa" in o.details
        won = [0] if solo else [r for r, seat in enumerate(order) if o.places[seat] == 1]
        assert self.table is not None
        self.box.removeWidget(self.table)
        self.table.deleteLater()
        self.table = ResultsTable()
        headers = list(HEADERS)
        if solo:  # the Automa has no cells: its column holds what its zone scores
            headers[6] = "★ cells / zone"
        self.table.fill(headers, rows, left=(1, 2), seats=order, tinted=won, bold_rows=won,
                        stretch=1)
        self.box.addWidget(self.table)
        names = seat_names(session, len(o.places), "Convoy") + [AUTOMA]
        boarded = list(o.details.get("boarded", []))
        if boarded:
            line = "Aboard the Aurora: " + ", ".join(names[min(x, len(names) - 1)]
                                                     for x in boarded) + \
                ". Survivors aboard score 2 Fame each; miles count from the rearmost convoy."
        else:
            line = "Nobody reached the Aurora: each convoy card without Damage scored 1 Fame."
            if solo:
                line += " The Automa scored by its Damage."
        if solo:
            line += " The Automa's zone scores 1 Fame per 2 Objects and 2 per Loot."
        if o.tiebreak:
            line += f" A tie for first went to the convoy {o.tiebreak}."
        self.box.addWidget(label(line, "auroraNote", wrap=True))
        if solo:
            you, its = o.scores[0], int(o.details["automa"])
            level = str(o.details.get("level", "")).title()
            if o.places[0] == 1:
                self.headline = f"{names[0]} beat the Automa!"
                self.winners = [names[0]]
            else:
                self.headline = "The Automa wins"
                self.winners = []
            self.summary = (f"{game.title} · solo against the {level} Automa · "
                            f"{names[0]} {you} Fame, the Automa {its}")
