"""The player's record: every finished game, kept as one JSON line per game.

A game is recorded once, when it first ends: its key is the deal (game, seed, options, seats),
so reopening a finished autosave, or undoing the last move and ending it differently, does not
count it again. A damaged line is skipped, never fatal; the file only ever grows by appending.
No Qt here: the start and end screens read `summary`.
"""

from __future__ import annotations

import json
import time
from collections.abc import Callable, Mapping
from pathlib import Path
from types import MappingProxyType
from typing import Any, NamedTuple

from frostdesk import paths

RECORD_FORMAT = "frostdesk-result"


class Result(NamedTuple):
    """One finished game (a NamedTuple: made at start-up, see frostdesk/engine/registry.py)."""

    game: str
    key: str
    finished: str  # local date and time, "2026-11-29 23:05"
    seats: tuple[dict[str, str], ...]  # {"name", "kind" (human/bot), "bot"}
    places: tuple[int, ...]
    cooperative_win: bool | None = None
    options: Mapping[str, Any] = MappingProxyType({})

    @property
    def humans(self) -> list[int]:
        return [i for i, s in enumerate(self.seats) if s.get("kind") == "human"]

    @property
    def counts_in_record(self) -> bool:
        """Whether this counts in a player's record: a cooperative game with people in it, or
        one person against bots (games between several people are counted apart)."""
        if not self.humans:
            return False
        if self.cooperative_win is not None:
            return True
        return len({self.seats[i]["name"] for i in self.humans}) == 1

    @property
    def won(self) -> bool:
        """Whether a person won: the team's result, or a person in first place."""
        if self.cooperative_win is not None:
            return self.cooperative_win
        return any(self.places[i] == 1 for i in self.humans)

    def to_json(self) -> dict[str, Any]:
        return {"format": RECORD_FORMAT, "game": self.game, "key": self.key,
                "finished": self.finished, "seats": list(self.seats),
                "places": list(self.places), "cooperative_win": self.cooperative_win,
                "options": dict(self.options)}

    @classmethod
    def from_json(cls, data: Any) -> Result | None:
        """A result from one line's data, or None when the line is not one of ours."""
        try:
            if data.get("format") != RECORD_FORMAT:
                return None
            seats = tuple({"name": str(s["name"]), "kind": str(s["kind"]),
                           "bot": str(s.get("bot", ""))} for s in data["seats"])
            places = tuple(int(p) for p in data["places"])
            coop = data.get("cooperative_win")
            if len(places) != len(seats) or coop not in (None, True, False):
                return None
            options = data.get("options") or {}
            return cls(str(data["game"]), str(data["key"]), str(data.get("finished", "")),
                       seats, places, coop, dict(options))
        except (AttributeError, KeyError, TypeError, ValueError):
            return None


def records_path() -> Path:
    return paths.saves_dir() / "results.jsonl"


def deal_key(game_id: str, seed: int, options: dict[str, Any], seats: list[Any]) -> str:
    text = json.dumps([game_id, seed, options, [[s.name, s.kind, s.bot] for s in seats]],
                      sort_keys=True, default=str)
    import hashlib  # (only when a record is written: not on the start screen's path)

    return hashlib.sha256(text.encode()).hexdigest()[:20]


def result_of(session: Any) -> Result | None:
    """The result of a finished session (None while it is still running)."""
    outcome = session.game.outcome(session.state)
    if outcome is None:
        return None
    seats = tuple({"name": s.name, "kind": s.kind, "bot": "" if s.is_human else s.bot}
                  for s in session.seats)
    options = {k: v for k, v in session.options.items() if k not in ("players", "humans")}
    return Result(session.game.id, deal_key(session.game.id, session.seed, session.options,
                                            list(session.seats)),
                  time.strftime("%Y-%m-%d %H:%M"), seats, tuple(outcome.places),
                  outcome.cooperative_win, options)


def load(path: Path | None = None) -> list[Result]:
    """Every readable result, oldest first (unreadable lines are skipped)."""
    path = path or records_path()
    try:
        text = path.read_text(encoding="utf-8", errors="replace")
    except OSError:
        return []
    out = []
    for line in text.splitlines():
        try:
            result = Result.from_json(json.loads(line))
        except ValueError:
            continue
        if result is not None:
            out.append(result)
    return out


def add(result: Result, path: Path | None = None) -> bool:
    """Append `result` unless its deal is already recorded; True when it was added."""
    path = path or records_path()
    if any(r.key == result.key for r in load(path)):
        return False
    path.parent.mkdir(parents=True, exist_ok=True)
    line = json.dumps(result.to_json(), sort_keys=True) + "\n"
    with path.open("ab") as fh:
        if fh.tell() > 0:  # after a line cut short by a crash, start a fresh line
            with path.open("rb") as tail:
                tail.seek(-1, 2)
                if tail.read(1) != b"\n":
                    line = "\n" + line
        fh.write(line.encode("utf-8"))
    return True


class Summary:
    """A player's record in one game against bots: games and wins, overall and per group.
    (A plain class: a dataclass costs the start screen ~4 M instructions to make.)"""

    __slots__ = ("played", "won", "groups", "with_friends")

    def __init__(self) -> None:
        self.played = 0
        self.won = 0
        self.groups: dict[str, list[int]] = {}  # label -> [won, played]
        self.with_friends = 0  # games where several people played each other


def summary(results: list[Result], game_id: str,
            group: Callable[[Result], str] | None = None) -> Summary:
    """Count `game_id`'s results; `group` labels each game (a bot level, a difficulty)."""
    out = Summary()
    for r in results:
        if r.game != game_id:
            continue
        if not r.counts_in_record:
            if r.humans:
                out.with_friends += 1
            continue
        out.played += 1
        out.won += int(r.won)
        if group is not None:
            label = group(r)
            if label:
                tally = out.groups.setdefault(label, [0, 0])
                tally[0] += int(r.won)
                tally[1] += 1
    return out
