"""A game in progress: seed, options, seats and the action log, with undo and redo, saves and
replay.

The state is always the result of replaying the actions from the seed; states after each
action are kept in memory only to make undo instant. A save is JSON written with an atomic
replace, so a crash mid-write never leaves a broken autosave.
"""

from __future__ import annotations

import json
import os
import tempfile
from collections.abc import Collection, Mapping
from dataclasses import asdict, dataclass, field
from pathlib import Path
from typing import Any, Generic, NotRequired, TypedDict

from frostdesk.engine.game import JSON, A, ContentError, Event, Game, IllegalAction, S, ruleset_of

SAVE_FORMAT = "frostdesk-save"
SAVE_VERSION = 1
SAVE_SUFFIX = ".frostdesk"


class SaveError(Exception):
    """A save that cannot be used; the message is one clear line for the player."""


@dataclass(frozen=True)
class Seat:
    name: str
    kind: str = "human"  # "human" or "bot"
    bot: str = "heuristic"  # bot level when kind == "bot"

    @property
    def is_human(self) -> bool:
        return self.kind == "human"


@dataclass
class Record:
    """One applied action: who took it, its text form and whether it is an undo barrier."""

    seat: int
    text: str
    chance: bool


class SaveResult(TypedDict):
    """Where the saved game stood: the state's fingerprint and, once over, the places."""

    fingerprint: str
    places: list[int] | None


class SaveData(TypedDict):
    """A save file's JSON (SAVE_FORMAT, SAVE_VERSION)."""

    format: str
    version: int
    app_version: str
    game: str
    ruleset_hash: str
    options: dict[str, JSON]
    seed: int
    seats: list[dict[str, str]]
    actions: list[dict[str, int | str]]
    result: SaveResult
    progress: NotRequired[str]  # where the game stands, for Continue ("Event 2 of 3")


@dataclass
class Session(Generic[S, A]):
    """A game of `game` (states of type S, actions of type A) from `seed` with these seats."""

    game: Game[S, A]
    options: dict[str, JSON]
    seed: int
    seats: list[Seat]
    records: list[Record] = field(default_factory=list)
    states: list[S] = field(default_factory=list)  # states[i]: after i actions
    opening: list[Event] = field(default_factory=list)  # what setting up the game did
    events: list[list[Event]] = field(default_factory=list)  # events[i]: of action i + 1
    ruleset_warning: str = ""
    # What each undo took back, latest last: (records, states, events) for redo. A new action
    # forgets them (history went another way); saves do not keep them.
    undone: list[tuple[list[Record], list[S], list[list[Event]]]] = field(
        default_factory=list, compare=False, repr=False)

    @classmethod
    def new(cls, game: Game[S, A], options: Mapping[str, JSON], seed: int,
            seats: list[Seat]) -> Session[S, A]:
        opts = dict(options)
        opts["players"] = len(seats)
        state, events = game.new_game(opts, seed)
        return cls(game, opts, seed, list(seats), [], [state], events)

    # ------------------------------------------------------------------ play

    @property
    def state(self) -> S:
        return self.states[-1]

    def to_move(self) -> int | None:
        return self.game.to_move(self.state)

    def apply(self, action: A) -> list[Event]:
        """Apply a legal action for the seat to move; raises IllegalAction otherwise."""
        seat = self.to_move()
        if seat is None:
            raise IllegalAction("The game is over.")
        new_state, events = self.game.apply(self.state, action)
        self.records.append(Record(seat, self.game.action_text(action),
                                   any(e.chance for e in events)))
        self.states.append(new_state)
        self.events.append(events)
        self.undone.clear()
        return events

    # ------------------------------------------------------------------ undo

    def undo_point(self, seat: int | Collection[int], casual: bool = False) -> int | None:
        """Index of the action an undo by `seat` would go back to, or None if barred.
        `seat` may be several seats, all one person's (one person running several heroes):
        their moves count as that person's own.

        Board Game Arena's policy: a player may take back their own latest action as long as
        nothing after it (nor the action itself) revealed hidden information, drew on the
        random generator or was taken by another player. `casual` (games with bots only) lifts
        the barriers of other seats' moves and of chance: the replay from the seed redraws the
        same cards anyway.
        """
        mine = {seat} if isinstance(seat, int) else set(seat)
        for j in range(len(self.records) - 1, -1, -1):
            rec = self.records[j]
            if rec.seat in mine:
                if rec.chance and not casual:
                    return None
                return j
            if not casual:
                return None  # another player's move, or chance: a barrier
            if self.seats[rec.seat].is_human:
                return None
        return None

    def undo(self, seat: int | Collection[int], casual: bool = False) -> bool:
        j = self.undo_point(seat, casual)
        if j is None:
            return False
        self.undone.append((self.records[j:], self.states[j + 1:], self.events[j:]))
        del self.records[j:]
        del self.states[j + 1:]
        del self.events[j:]
        return True

    def redo(self) -> bool:
        """Put back what the latest undo took back: the same actions, states and events (no
        new draw: the player has seen them already). False when there is nothing to put
        back (no undo yet, or an action since)."""
        if not self.undone:
            return False
        records, states, events = self.undone.pop()
        self.records += records
        self.states += states
        self.events += events
        return True

    # ------------------------------------------------------------------ saves

    def to_json(self) -> SaveData:
        from frostdesk import __version__

        out = self.game.outcome(self.state)
        return {
            "format": SAVE_FORMAT, "version": SAVE_VERSION, "app_version": __version__,
            "game": self.game.id, "ruleset_hash": ruleset_of(self.game, self.options),
            "options": self.options, "seed": self.seed,
            "seats": [asdict(s) for s in self.seats],
            "actions": [{"seat": r.seat, "action": r.text} for r in self.records],
            "result": {"fingerprint": self.game.fingerprint(self.state),
                       "places": list(out.places) if out else None},
            "progress": self.progress(),
        }

    def progress(self) -> str:
        """Where the game stands in its own words ("Event 2 of 3"), else the moves played."""
        from frostdesk.engine.registry import progress_text

        text = progress_text(self.game, self.state)
        if text:
            return text
        moves = len(self.records)
        return f"{moves} move{'s' * (moves != 1)} played"

    def save(self, path: Path) -> None:
        """Write atomically: a temp file in the same folder, then os.replace."""
        path = Path(path)
        path.parent.mkdir(parents=True, exist_ok=True)
        data = json.dumps(self.to_json(), indent=1)
        fd, tmp = tempfile.mkstemp(prefix=path.name, suffix=".tmp", dir=path.parent)
        try:
            with os.fdopen(fd, "w", encoding="utf-8") as fh:
                fh.write(data)
                fh.flush()
                os.fsync(fh.fileno())
            os.replace(tmp, path)
        except BaseException:
            Path(tmp).unlink(missing_ok=True)
            raise

    @classmethod
    def from_json(cls, data: object, source: str = "save") -> Session[Any, Any]:
        """Replay a save's JSON; the game (and so the state and action types) is the save's.

        Every problem is a SaveError in a player's words: what is wrong with the file, never
        the name of the exception that found it."""
        from frostdesk.games import load_game

        if not isinstance(data, dict) or data.get("format") != SAVE_FORMAT:
            raise SaveError(f"{source} is not a frostdesk save.")
        if data.get("version") != SAVE_VERSION:
            raise SaveError(f"{source} was written by an unknown save version "
                            f"({data.get('version')!r}).")
        if "game" not in data:
            raise SaveError(f"{source} is damaged: it does not say which game it holds.")
        try:
            game = load_game(str(data["game"]))
        except KeyError:
            raise SaveError(f"{source} is for a game this version does not have "
                            f"({data.get('game')!r}).") from None
        except ContentError as exc:  # the save may be fine: the cards on this computer are not
            raise SaveError(f"{source} cannot be opened: {cards_problem(exc)}") from None

        def header(key: str, words: str, convert: Any) -> Any:
            if key not in data:
                raise SaveError(f"{source} is damaged: its {words} are missing.")
            try:
                return convert(data[key])
            except (TypeError, ValueError, AttributeError, KeyError):
                raise SaveError(f"{source} is damaged: its {words} cannot be read.") from None

        seats = header("seats", "players", lambda v: [Seat(**_seat(s)) for s in _listed(v)])
        options = header("options", "game options", lambda v: dict(_mapping(v)))
        seed = header("seed", "deal (seed)", lambda v: int(v) if not isinstance(v, bool)
                      else _wrong())
        actions = header("actions", "moves", _listed)
        try:
            session = cls.new(game, options, seed, seats)
        except (ValueError, TypeError, KeyError, AttributeError, IndexError):
            raise SaveError(f"{source} is damaged: its players or game options do not fit "
                            f"{game.title}.") from None
        if data.get("ruleset_hash") != ruleset_of(game, options):
            session.ruleset_warning = ("This save was made with other card data; it is "
                                       "replayed with the current cards.")
        for i, entry in enumerate(actions):
            where = f"{source} is damaged: move {i + 1} of {len(actions)} cannot be replayed"
            try:
                if not isinstance(entry, dict) or not isinstance(entry.get("action"), str):
                    raise SaveError(f"{where} (it is not a move).")
                action = game.parse_action(entry["action"])
                if session.to_move() != entry.get("seat"):
                    raise SaveError(f"{where} (it is played out of turn).")
                session.apply(action)
            except (SaveError, IllegalAction, KeyError, TypeError, ValueError, AttributeError,
                    IndexError) as exc:
                if session.ruleset_warning:  # made under other rules or cards
                    raise SaveError(f"{source} was saved by an older version of {game.title} "
                                    f"whose rules or cards have changed since, so it cannot "
                                    f"be continued; please start a new game.") from None
                if isinstance(exc, SaveError):
                    raise
                if isinstance(exc, IllegalAction):
                    raise SaveError(f"{where} ({exc}).") from None
                raise SaveError(f"{where} (it names no move of {game.title}).") from None
        return session

    @classmethod
    def load(cls, path: Path) -> Session[Any, Any]:
        """Load a save; every problem becomes a SaveError with one clear line."""
        path = Path(path)
        name = path.name
        try:
            text = path.read_text(encoding="utf-8")
        except FileNotFoundError:
            raise SaveError(f"{name} does not exist.") from None
        except IsADirectoryError:
            raise SaveError(f"{name} is a folder, not a saved game.") from None
        except PermissionError:
            raise SaveError(f"{name} cannot be opened: you do not have permission to read "
                            f"it.") from None
        except UnicodeDecodeError:
            raise SaveError(f"{name} is damaged or not a frostdesk save: it holds data that "
                            f"is not text.") from None
        except OSError as exc:
            raise SaveError(f"{name} cannot be read: {exc.strerror or 'the disk refused'}."
                            ) from None
        if not text.strip():
            raise SaveError(f"{name} is empty.")
        try:
            data = json.loads(text)
        except json.JSONDecodeError as exc:
            if _is_simulation_log(text):
                raise SaveError(f"{name} is a log of `frostdesk simulate` (one event a line), "
                                f"not a saved game; docs/events.md says how to read it."
                                ) from None
            raise SaveError(f"{name} is truncated or corrupt: its data breaks off or is "
                            f"garbled at line {exc.lineno}.") from None
        except RecursionError:
            raise SaveError(f"{name} is truncated or corrupt: its data is garbled.") from None
        return cls.from_json(data, name)

    def check_result(self, data: SaveData) -> bool:
        """True when this replay ends where the save says it did."""
        result = data.get("result") or {}
        return result.get("fingerprint") == self.game.fingerprint(self.state)


def cards_problem(exc: ContentError) -> str:
    """A ContentError in one line: its first problem (file, line and key) and how many more."""
    problems = [line for line in str(exc).splitlines() if line.strip()] or ["(no details)"]
    more = f" (and {len(problems) - 1} more)" if len(problems) > 1 else ""
    return f"the game's cards cannot be read: {problems[0]}{more}."


def _is_simulation_log(text: str) -> bool:
    """Whether `text` starts like a `frostdesk simulate --log` file: a first line that is a
    JSON object naming the log's format."""
    first = text.split("\n", 1)[0]
    try:
        head = json.loads(first)
    except (json.JSONDecodeError, RecursionError):
        return False
    return isinstance(head, dict) and "log_format" in head


def _wrong() -> Any:
    raise ValueError("not a value a save holds")


def _listed(value: object) -> list[Any]:
    if not isinstance(value, list):
        raise TypeError("not a list")
    return value


def _mapping(value: object) -> dict[str, Any]:
    if not isinstance(value, dict):
        raise TypeError("not a mapping")
    return value


def _seat(value: object) -> dict[str, Any]:
    seat = _mapping(value)
    if not all(isinstance(seat.get(k, ""), str) for k in ("name", "kind", "bot")) \
            or not isinstance(seat.get("name"), str):
        raise ValueError("a player needs a name")
    return seat
