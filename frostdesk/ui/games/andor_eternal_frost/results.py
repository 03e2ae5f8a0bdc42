"""The Eternal Frost's end screen: the legend won or lost, why, on which day and letter, and
each hero's part (creatures beaten, final strength and willpower).

Cooperative: no ranking. The numbers come from the session's events. See
frostdesk/ui/plugins.py, `results_panel`.
"""

from __future__ import annotations

from typing import Any

from frostdesk.games.andor_eternal_frost.description import seat_hero_name
from frostdesk.ui.screens import label
from frostdesk.ui.screens.end import (
    ResultsPanel,
    ResultsTable,
    difficulty_text,
    plays_as,
    seat_names,
)

HEADERS = ("Hero", "Played by", "Creatures beaten", "SP", "WP", "Carries")
FOOTNOTE = ("The heroes win or lose the legend together. A creature beaten counts for every "
            "hero who fought its last round.")


def hero_numbers(session: Any, n: int) -> list[int]:
    """Per hero, the creatures beaten in a battle they fought to the end."""
    beaten = [0] * n
    fighters: list[int] = []
    for events in [session.opening, *session.events]:
        for e in events:
            if e.kind == "round_started":
                fighters = [int(j) for j in e.data.get("fighters", [])]
            elif e.kind == "left_battle" and int(e.data.get("hero", -1)) in fighters:
                fighters.remove(int(e.data["hero"]))
            elif e.kind == "defeated":
                for j in fighters:
                    if 0 <= j < n:
                        beaten[j] += 1
    return beaten


class LegendResults(ResultsPanel):
    """The legend won or lost: why, the day and the letter, and every hero."""

    def __init__(self, game: Any, session: Any, parent: Any = None) -> None:
        super().__init__(parent)
        s = session.state
        o = game.outcome(s)
        won = bool(o.cooperative_win)
        n = len(o.places)
        names = seat_names(session, n, "Hero")
        self.winners = list(names) if won else []
        details = o.details or {}
        title = game.legend(s).title
        self.headline = f"{title}: the legend is won!" if won else f"{title}: the legend is lost"
        self.summary = " · ".join(x for x in (
            getattr(game, "title", ""), f"{n} heroes",
            difficulty_text(game.id, dict(session.options), n), "cooperative") if x)
        self.rematch_text = "Play again" if won else "Try again"
        self.rematch_tip = "The same legend with the same heroes, on a new deal"
        reason = str(details.get("reason", "")).strip()
        when = f"Day {details.get('days', s.day)}, letter {details.get('letter', '?')}."
        self.reason = label(f"{reason[:1].upper()}{reason[1:]}. {when}".strip(), "reason",
                            point_size=14, wrap=True)
        self.box.addWidget(self.reason)
        beaten = hero_numbers(session, n)
        rows = []
        for i in range(n):
            seat = session.seats[i] if i < len(session.seats) else None
            notes = ", ".join(game.article_name(k) for k in [*s.kit[i], *s.pouch[i]])
            rows.append([seat_hero_name(session.options, i) + f" ({names[i]})",
                         plays_as(game.id, seat) if seat is not None else "",
                         str(beaten[i]), str(s.sp[i]), str(s.wp[i]), notes])
        self.table = ResultsTable()
        self.table.fill(HEADERS, rows, left=(0, 1, 5), tinted=range(n) if won else (),
                        bold_columns=(0,), stretch=0)
        self.box.addWidget(self.table)
        self.box.addWidget(label(FOOTNOTE, "hint", point_size=11, wrap=True))
