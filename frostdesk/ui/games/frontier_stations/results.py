"""Frontier Stations' end screen: the stations held or one was lost, why, the team's numbers
and each station's part.

Cooperative: no ranking. The numbers are read back from the session's actions (each one
applied again to the state it was taken in gives back its events). See
frostdesk/ui/plugins.py, `results_panel`.
"""

from __future__ import annotations

from typing import Any

from PySide6.QtCore import Qt
from PySide6.QtWidgets import QFrame, QHBoxLayout, QVBoxLayout, QWidget

from frostdesk.ui.screens import label
from frostdesk.ui.screens.end import (
    ResultsPanel,
    ResultsTable,
    difficulty_text,
    seat_names,
)

FOOTNOTE = ("The whole team wins or loses together. Threat hits counts every time a "
            "station paid to strike a threat; a threat is destroyed when its last copy "
            "goes. Upgrades count the extra markers put on systems.")
STAT_STYLE = """
QWidget#teamStats, QFrame#stat { font-size: 12pt; }
QFrame#stat { border: 1px solid rgba(143, 193, 234, 0.35); border-radius: 8px;
              background-color: rgba(143, 193, 234, 0.06); }
"""
CREW_NAMES = {"heuristic": "Bot crew (steady)", "easy": "Bot crew (rookie)"}
HEADERS = ("Station", "Run by", "Nexus", "Systems installed", "Upgrades", "Threat hits",
           "At the end")


def station_numbers(game: Any, session: Any) -> dict[str, Any]:
    """What the team did in a Frontier Stations game, counted from the events the session
    kept for every action: per station the systems installed, upgrades and threat hits; for
    the team the threats destroyed and distress beacons used; and the area where the stations
    broke.
    """
    states = list(getattr(session, "states", []))
    first = states[0] if states else None
    n = int(getattr(first, "n", 0) or len(session.seats))
    out: dict[str, Any] = {"installed": [0] * n, "upgrades": [0] * n, "hits": [0] * n,
                           "destroyed": 0, "beacons_used": 0,
                           "beacons_start": int(getattr(first, "beacons", 0) or 0),
                           "nexus": list(getattr(first, "nexus", ()) or ()),
                           "breach": None, "captain": getattr(session.state, "captain", None)}
    for events in session.events:
        for e in events:
            who = e.data.get("station")
            mine = isinstance(who, int) and 0 <= who < n
            if e.kind == "installed" and mine:
                out["installed"][who] += 1
            elif e.kind == "upgraded" and mine:
                out["upgrades"][who] += 1
            elif e.kind == "destroyed":
                if mine:
                    out["hits"][who] += 1
                if not e.data.get("face_up", True):
                    out["destroyed"] += 1
            elif e.kind == "beacon":
                out["beacons_used"] += 1
            elif e.kind == "game_lost":
                out["breach"] = e.data.get("area")
    return out


def breach_stations(area: Any, n: int) -> set[int]:
    """The stations next to threat area `area` (area a lies between station a and a + 1)."""
    if not isinstance(area, int) or n <= 0:
        return set()
    return {area % n, (area + 1) % n}


class StatBox(QFrame):
    """One of the team's numbers: big, with a caption under it."""

    def __init__(self, caption: str, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setObjectName("stat")
        box = QVBoxLayout(self)
        box.setContentsMargins(16, 8, 16, 10)
        box.setSpacing(0)
        self.value = label("", "statValue", point_size=24, bold=True)
        self.value.setAlignment(Qt.AlignmentFlag.AlignCenter)
        self.caption = label(caption, "statCaption", point_size=12)
        self.caption.setAlignment(Qt.AlignmentFlag.AlignCenter)
        box.addWidget(self.value)
        box.addWidget(self.caption)


class StationsResults(ResultsPanel):
    """The stations held, or one was lost: why, the team's numbers and each station."""

    def __init__(self, game: Any, session: Any, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        seats = list(session.seats)
        o = game.outcome(session.state)
        won = bool(o.cooperative_win)
        n = len(o.places)
        names = seat_names(session, n, "Station")
        self.winners = list(names) if won else []
        details = o.details or {}
        turns = int(details.get("turns", 0) or 0)
        self.numbers = nums = station_numbers(game, session)
        self.headline = "The stations held!" if won else "Station lost"
        title = getattr(game, "title", "")
        self.summary = " · ".join(x for x in (
            title, f"{n} station" + ("" if n == 1 else "s"),
            difficulty_text(game.id, dict(session.options), n), "cooperative") if x)
        self.rematch_text = "Play again" if won else "Try again"
        self.rematch_tip = "A new game with the same stations and difficulty"

        reason = str(details.get("reason", "")).strip()
        self.reason = label(f"{'Won' if won else 'Lost'} on turn {turns}. {reason}".strip(),
                            "reason", point_size=14, wrap=True)
        self.box.addWidget(self.reason)
        self.stats = QWidget()
        self.stats.setObjectName("teamStats")
        self.stats.setStyleSheet(STAT_STYLE)
        stats_row = QHBoxLayout(self.stats)
        stats_row.setContentsMargins(0, 8, 0, 0)
        stats_row.setSpacing(14)
        survived = turns if won else max(0, turns - 1)
        values = {"turns": str(survived), "destroyed": str(nums["destroyed"]),
                  "installed": str(sum(nums["installed"])),
                  "beacons": f"{nums['beacons_used']} of {nums['beacons_start']}"}
        self.stat_boxes = {key: StatBox(caption) for key, caption in (
            ("turns", "turns survived"), ("destroyed", "threats destroyed"),
            ("installed", "systems installed"), ("beacons", "distress beacons used"))}
        for key, stat in self.stat_boxes.items():
            stat.value.setText(values[key])
            stats_row.addWidget(stat, 1)
        self.box.addWidget(self.stats)
        self.box.addSpacing(8)

        # One row per station, in seat order: who ran it and what it did.
        breach = breach_stations(nums["breach"], n) if not won else set()
        faces = getattr(getattr(game, "content", None), "nexus_faces", {}) or {}
        rows = []
        for seat in range(n):
            info = seats[seat] if seat < len(seats) else None
            if info is None or getattr(info, "is_human", True):
                run_by = "Human"
            else:
                run_by = CREW_NAMES.get(info.bot, f"Bot ({info.bot})")
            kind = nums["nexus"][seat] if seat < len(nums["nexus"]) else "standard"
            nexus = getattr(faces.get(kind), "name", f"{kind.capitalize()} Nexus")
            notes = []
            if seat in breach:
                notes.append("⚠ next to the breach")
            if seat == nums["captain"]:
                notes.append("Captain")
            rows.append([f"{seat + 1}. {names[seat]}", run_by, nexus,
                         str(nums["installed"][seat]), str(nums["upgrades"][seat]),
                         str(nums["hits"][seat]), " · ".join(notes)])
        self.table = ResultsTable()
        self.table.fill(HEADERS, rows, left=(0, 1, 2, 6), tinted=range(n) if won else (),
                        bold_columns=(0,), stretch=len(HEADERS) - 1,
                        row_height=40 if n > 4 else 44)  # six stations still fit 1280x720
        hits = self.table.horizontalHeaderItem(5)
        if hits is not None:
            hits.setToolTip("Times this station paid to strike a threat")
        self.box.addWidget(self.table)
        self.footnote = label(FOOTNOTE, "hint", point_size=11, wrap=True)
        self.box.addWidget(self.footnote)
