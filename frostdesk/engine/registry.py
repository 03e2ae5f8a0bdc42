"""The installed games: each one is a `GameDescription` found through an entry point.

A game package declares itself in its distribution's metadata:

    [project.entry-points."frostdesk.games"]
    my-game = "my_package.description:DESCRIPTION"

and everything else in the app (the command line, the start screen, the new-game dialog, the
rules and end screens, records, simulation, balance and packaging) iterates over `games()`.
Nothing outside a game's own packages names it.

A description is cheap to import: it names its rules, bots and UI by callables and import
paths that run only when asked, so listing the games at start-up loads no cards and no Qt.
A broken entry point is logged and listed in `broken()`; it never takes another game down.
Tests add games with `register()` (and take them away with `unregister()`).

The description's records are `NamedTuple`s rather than frozen dataclasses: they are made
at every start, before the window shows, and Python 3.11 compiles a frozen dataclass's
methods from source each time (about 5 M instructions a class against about 1 M;
docs/performance.md). Change one with `desc._replace(key=value)`.
"""

from __future__ import annotations

import importlib
import json
import logging
import os
import sys
from collections.abc import Callable, Mapping, Sequence
from functools import cache
from pathlib import Path
from typing import Any, Literal, NamedTuple

GROUP = "frostdesk.games"
log = logging.getLogger(__name__)

# What a player calls each bot (bot names as make_agent takes them, budgets stripped).
LEVEL_OF_BOT = {"random": "Random", "easy": "Easy", "heuristic": "Normal", "mcts": "Hard",
                "planner": "Hard"}


def level_name(bot: str) -> str:
    """'Hard' for 'mcts', 'mcts:500' or 'mcts@200'; other names as they are."""
    base = bot.split(":")[0].split("@")[0]
    return LEVEL_OF_BOT.get(base, bot)

OptionValue = str | int | bool | tuple[str, ...]


class UnknownGame(KeyError):
    """A game id no installed game has, or one whose package failed to load."""

    def __str__(self) -> str:
        return str(self.args[0]) if self.args else "unknown game"


class Choice(NamedTuple):
    """One value an option may take, as the new-game dialog shows it.

    `min_players` (0: any count) is the fewest players the value works with, and `needs` the
    reason in a player's words; below it the dialog shows the value unavailable with the
    reason, and `Option.players_problem` refuses it (the command line)."""

    value: OptionValue
    label: str
    tip: str = ""
    min_players: int = 0
    needs: str = ""

    def unavailable(self, players: int) -> str:
        """Why this value cannot be chosen with `players` seats ('' when it can)."""
        if players >= self.min_players:
            return ""
        return (f"{self.label} needs at least {self.min_players} players"
                + (f": {self.needs}" if self.needs else "") + ".")


class Option(NamedTuple):
    """A setup option: its key in `setup(options)`, its type, default and words.

    `kind` is "choice" (one of `choices`), "int" (between `minimum` and `maximum`), "bool",
    or "multi" (any set of `choices`, none included: one check box each in the new-game
    dialog; its value is a tuple of the chosen values in the order of `choices`, and the
    command line gives them comma-separated, `key=a,b`).
    `per_seat` options are chosen for every seat (a column in the seats table); their setup
    value is the list of the seats' values, which `GameDescription.setup_options` shapes.
    `hint` is a short line shown beside the control, `tip` its tooltip. `players` limits
    the option to those player counts (lowest, highest), e.g. (1, 1) for a solo opponent's
    difficulty: the new-game dialog shows it only then and sets it up only then.
    `needs` (key, value) makes the option count only while option `key` has `value` (a multi
    option: among its values), e.g. a module's own setting: the new-game dialog greys it
    out otherwise, and the setup options leave it out (`needed`). A `distinct` per-seat
    option's seats may not share a value other than the default (a crew each): the dialog's
    "for every seat" choice offers only the default.
    """

    key: str
    label: str
    kind: Literal["choice", "int", "bool", "multi"]
    default: OptionValue
    choices: tuple[Choice, ...] = ()
    minimum: int = 0
    maximum: int = 0
    tip: str = ""
    hint: str = ""
    per_seat: bool = False
    players: tuple[int, int] | None = None
    needs: tuple[str, str] | None = None
    distinct: bool = False

    def applies(self, players: int) -> bool:
        """Whether this option is shown and set up in a game of `players` seats."""
        return self.players is None or self.players[0] <= players <= self.players[1]

    def needed(self, values: Mapping[str, Any]) -> bool:
        """Whether this option counts with these option values (see `needs`): the option it
        needs has the value, or holds it among several (a list, a tuple or "a,b" text)."""
        if self.needs is None:
            return True
        key, wanted = self.needs
        value = values.get(key)
        if isinstance(value, str):
            return wanted in [w.strip() for w in value.split(",")]
        if isinstance(value, list | tuple | set | frozenset):
            return wanted in [str(v) for v in value]
        return value is not None and str(value) == wanted

    def check(self, value: object) -> OptionValue:
        """`value` when this option accepts it; ValueError naming the option otherwise."""
        if self.kind == "multi":
            return self._check_multi(value)
        if self.kind == "choice":
            text = str(value).strip()
            for c in self.choices:
                if c.value == value or str(c.value) == text or (
                        isinstance(c.value, int) and text.startswith("+")
                        and str(c.value) == text[1:]):
                    return c.value
            raise ValueError(f"{self.key} must be one of "
                             + ", ".join(str(c.value) for c in self.choices))
        if self.kind == "bool":
            if isinstance(value, bool):
                return value
            if str(value).lower() in ("1", "true", "yes", "on"):
                return True
            if str(value).lower() in ("0", "false", "no", "off"):
                return False
            raise ValueError(f"{self.key} must be true or false")
        try:
            number = int(str(value).replace("+", ""))
        except ValueError:
            raise ValueError(f"{self.key} must be a whole number") from None
        if not self.minimum <= number <= self.maximum:
            raise ValueError(f"{self.key} must be between {self.minimum} and {self.maximum}")
        return number

    def players_problem(self, value: object, players: int) -> str:
        """Why `value` (as `check` accepts it) cannot be set up with `players` seats, in a
        player's words ('' when it can, or when the value is not this option's)."""
        try:
            chosen = self.check(value)
        except ValueError:
            return ""
        values = chosen if isinstance(chosen, tuple) else (chosen,)
        for c in self.choices:
            if c.value in values and c.unavailable(players):
                return c.unavailable(players)
        return ""

    def _check_multi(self, value: object) -> tuple[str, ...]:
        """A set of this option's choices: a list or tuple, or text with commas ("" or
        "none": none of them), as a tuple in the order of `choices`."""
        if isinstance(value, str):
            text = value.strip()
            items: list[object] = [] if text.lower() in ("", "none") else \
                [w.strip() for w in text.split(",")]
        elif isinstance(value, list | tuple | set | frozenset):
            items = list(value)
        else:
            raise ValueError(f"{self.key} must be a list of "
                             + ", ".join(str(c.value) for c in self.choices))
        known = [str(c.value) for c in self.choices]
        wanted = {str(x) for x in items}
        for word in sorted(wanted):
            if word not in known:
                raise ValueError(f"{self.key}: {word!r} is not one of "
                                 + (", ".join(known) or "(none offered)"))
        return tuple(k for k in known if k in wanted)


def seat_values(values: Mapping[str, Any], key: str,
                default: Sequence[OptionValue] = ()) -> list[str]:
    """A per-seat option's values as text in seat order, for a game's `setup_options` and
    `options_problem`: a list from the dialog or the command line (`command_line_options`),
    one value for every seat from older callers; `default` when the key is missing."""
    value = values.get(key, default)
    items = value if isinstance(value, list | tuple) else [value]
    return [str(v) for v in items]


class Preset(NamedTuple):
    """A named set of option values (a difficulty), offered above the options."""

    key: str
    label: str
    values: Mapping[str, OptionValue]


class BotLevel(NamedTuple):
    """A bot level the new-game dialog offers: its key, words and the bot that plays it."""

    key: str
    label: str
    bot: str  # a name make_agent understands
    tip: str = ""


class SeatWords(NamedTuple):
    """How a game speaks of its seats in the app's screens."""

    seat: str = "Seat"  # "Seat 2 needs a name."
    players: str = "players"  # "2–5 players"
    kind_header: str = "Plays as"
    bot: str = "Bot"
    level_header: str = "Bot level"
    first: str = "First player"  # the label of the option that picks who starts
    first_key: str = ""  # its setup option (a seat index); "" when the game has none
    first_tip: str = ""
    humans_share_names: bool = False  # one person may run several seats
    share_hint: str = ""


class GameDescription(NamedTuple):
    """Everything the app knows of a game. See docs/architecture.md, "How to add a game".

    `make_rules(cards_folder)` builds the rules object (the Game protocol) from its cards;
    `validate(cards_folder)` lists problems as "file:line: key: problem" strings; `bots`
    is the import path of a module with `AGENTS` (and optionally `SEARCH_AGENTS`); `ui` the
    import path of the game's UI plug-in, imported only when a window opens.
    """

    id: str
    title: str
    min_players: int
    max_players: int
    make_rules: Callable[[Path], Any]
    validate: Callable[[Path], Sequence[object]]
    bots: str
    ui: str
    blurb: str = ""
    facts: tuple[str, ...] = ()
    cooperative: bool = False
    # The rules let a person rather than a bot decide what touches their seat: the app
    # passes options["humans"], the seats people run, and options["people"], one number per
    # seat naming who runs it (seats with the same name share one; -1 for a bot).
    wants_human_seats: bool = False
    options: tuple[Option, ...] = ()
    presets: tuple[Preset, ...] = ()
    levels: tuple[BotLevel, ...] = ()
    default_level: str = "normal"
    words: SeatWords = SeatWords()
    quick_solo_tip: str = "You against three bots."
    # How many bots Quick solo seats beside the player (fewer when the game seats fewer);
    # 0 starts a game for one, against the game's own solo rival.
    quick_solo_bots: int = 3
    # Who Quick solo seats, in the start screen's button ('' : "you + 3 bots").
    quick_solo_words: str = ""
    # What Outcome.scores count, in the command line's words ("damage": lower is better).
    score_name: str = "score"
    # Shape the dialog's option values (per-seat ones as lists) into setup options.
    setup_options: Callable[[dict[str, Any]], dict[str, Any]] | None = None
    # Setup option keys besides `options` that the rules do not read when a game starts but
    # that mean something (a hero's side, kept for the names): the command line takes them.
    # (Keys the rules read at the start are found by reading; anything else is refused.)
    setup_keys: tuple[str, ...] = ()
    # One line on the options a game was played with, e.g. a difficulty ('' when default).
    options_text: Callable[[Mapping[str, Any], int], str] | None = None
    # Why these option values cannot be dealt ('' when they can).
    options_problem: Callable[[Mapping[str, Any]], str] | None = None
    # Where a game in progress stands, for Continue: (rules, state) -> "Event 2 of 3".
    # Without it (or when it says '') the app counts the moves played.
    progress: Callable[[Any, Any], str] | None = None
    # frostdesk balance: report(games, seed, jobs, progress, **extra) -> markdown
    balance: str = ""  # import path of a module with report() and BALANCE_ARGS
    # frostdesk bench: a module with bench(players, seconds) -> dict
    bench: str = ""
    cards: str = ""  # the cards folder's name under cards/ (default: the id)
    order: int = 100  # where it sits among the games (lower first, then by title)

    @property
    def cards_name(self) -> str:
        return self.cards or self.id

    def players_text(self) -> str:
        low, high = self.min_players, self.max_players
        span = f"{low}–{high}" if low != high else f"{low}"
        return f"{span} {self.words.players}" + (" · cooperative" if self.cooperative else "")

    def quick_solo_bot_count(self) -> int:
        """The bots Quick solo seats beside the player, within the game's player counts."""
        return max(self.min_players - 1, min(self.quick_solo_bots, self.max_players - 1), 0)

    def option(self, key: str) -> Option | None:
        return next((o for o in self.options if o.key == key), None)

    def command_line_options(self, given: Mapping[str, str], players: int) -> dict[str, Any]:
        """Options typed as KEY=VALUE on the command line, shaped as the new-game dialog's
        are: a per-seat option's value is its seats' values, comma-separated in seat order
        (one value is every seat's), then `options_problem` and `setup_options` as for the
        dialog. ValueError in the game's own words when they cannot be dealt."""
        values: dict[str, Any] = dict(given)
        for option in self.options:
            key = option.key
            if key not in values:
                continue
            if not option.applies(players):
                low, high = option.players or (players, players)
                if high == 1:
                    raise ValueError(f"{key} counts only in a solo game, not with {players} "
                                     f"{self.words.players}")
                span = f"{low}" if low == high else f"{low} to {high}"
                raise ValueError(f"{key} counts only with {span} {self.words.players}, "
                                 f"not {players}")
            if not option.per_seat:
                values[key] = option.check(values[key])
                continue
            words = [w.strip() for w in str(values[key]).split(",")]
            if len(words) not in (1, players):
                raise ValueError(f"{key} takes one value for every seat or one per seat "
                                 f"({players}), not {len(words)}")
            values[key] = [option.check(w) for w in words] * (players if len(words) == 1 else 1)
        for option in self.options:
            if option.key in values and option.needs and not option.needed(values):
                need_key, need_value = option.needs
                raise ValueError(f"{option.key} counts only with {need_key}={need_value}")
        if self.options_problem is not None:
            problem = self.options_problem(values)
            if problem:
                raise ValueError(problem)
        if self.setup_options is None:
            return values
        try:
            return self.setup_options(values)
        except (ValueError, TypeError) as exc:
            raise ValueError(str(exc)) from None


# ---------------------------------------------------------------------------- finding games

_extra: dict[str, GameDescription] = {}
_broken: dict[str, str] = {}


def _entry_points() -> list[tuple[str, str]]:
    """(name, "module:attribute") of every game entry point.

    Without distribution metadata (a source tree run without installing, or a frozen bundle
    built without it) the bundled game packages are found by their `description` modules.
    """
    found = _cached_entry_points()
    if found:
        return found
    import pkgutil

    import frostdesk.games as package

    return [(info.name, f"{package.__name__}.{info.name}.description:DESCRIPTION")
            for info in pkgutil.iter_modules(package.__path__) if info.ispkg]


def _path_key() -> list[list[object]]:
    """What the installed distributions depend on: each import path with its change time.

    Installing, upgrading or removing a distribution adds or removes its metadata folder,
    which changes the time of the folder it sits in."""
    key: list[list[object]] = []
    for entry in sys.path:
        try:
            key.append([entry, os.stat(entry or ".").st_mtime_ns])
        except OSError:
            key.append([entry, None])
    return key


def _cached_entry_points() -> list[tuple[str, str]]:
    """The entry points of GROUP, from a small cache file while no import path changed.

    Reading every distribution's metadata (and importing importlib.metadata for it) costs
    about a tenth of the app's start-up (docs/performance.md); the answer only changes when
    something is installed or removed. Any problem with the cache just means a fresh scan."""
    key = _path_key()
    path = None
    try:
        from frostdesk.paths import cache_dir

        path = cache_dir() / "entry-points.json"
        data = json.loads(path.read_text(encoding="utf-8"))
        if data.get("group") == GROUP and data.get("key") == key:
            return [(str(name), str(value)) for name, value in data["found"]]
    except (OSError, ValueError, TypeError, KeyError, AttributeError):
        pass
    from importlib import metadata

    found = sorted((ep.name, ep.value) for ep in metadata.entry_points(group=GROUP))
    if path is not None:
        try:
            tmp = path.with_suffix(".tmp")
            tmp.write_text(json.dumps({"group": GROUP, "key": key, "found": found}),
                           encoding="utf-8")
            os.replace(tmp, path)
        except OSError:
            pass
    return found


@cache
def _installed() -> tuple[GameDescription, ...]:
    found: list[GameDescription] = []
    for name, value in _entry_points():
        try:
            desc = import_path(value)
        except Exception as exc:  # noqa: BLE001 - one broken game must not stop the app
            log.error("game %r could not be loaded: %s", name, exc)
            _broken[name] = f"{type(exc).__name__}: {exc}"
            continue
        if not isinstance(desc, GameDescription):
            log.error("game %r: %s is not a GameDescription", name, value)
            _broken[name] = f"{value} is not a GameDescription"
            continue
        if any(d.id == desc.id for d in found):
            continue  # the same game reachable twice (an editable install and a wheel)
        found.append(desc)
    return tuple(found)


def games() -> list[GameDescription]:
    """Every installed game, then the ones tests registered, in a stable order."""
    out = {d.id: d for d in _installed()}
    out.update(_extra)
    return sorted(out.values(), key=lambda d: (d.order, d.title))


def ids() -> list[str]:
    return [d.id for d in games()]


def broken() -> dict[str, str]:
    """Entry points that failed to load: name -> what went wrong."""
    _installed()
    return dict(_broken)


def get(game_id: str) -> GameDescription:
    """The description of `game_id`; UnknownGame with a clear message when there is none."""
    for d in games():
        if d.id == game_id:
            return d
    if game_id in broken():
        raise UnknownGame(f"the game {game_id!r} is installed but broken: {_broken[game_id]}")
    known = ", ".join(ids()) or "none"
    raise UnknownGame(f"unknown game {game_id!r} (installed: {known})")


def register(desc: GameDescription) -> None:
    """Add a game that is not installed through an entry point (tests)."""
    _extra[desc.id] = desc
    load_game.cache_clear()


def unregister(game_id: str) -> None:
    _extra.pop(game_id, None)
    load_game.cache_clear()


@cache
def load_game(game_id: str) -> Any:
    """The rules object of `game_id` built from its bundled cards (cached, so the CLI, the
    app and the tests share one). UnknownGame when no such game is installed."""
    from frostdesk.paths import cards_dir

    desc = get(game_id)
    return desc.make_rules(cards_dir(desc.cards_name))


def import_path(path: str) -> Any:
    """The module (or module attribute, "module:name") an import path names."""
    module, _, name = path.partition(":")
    obj = importlib.import_module(module)
    return getattr(obj, name) if name else obj


def progress_text(game: Any, state: Any) -> str:
    """Where a game stands, in its own words (its description's `progress`), or ''."""
    try:
        describe = get(game.id).progress
    except UnknownGame:
        return ""
    if describe is None:
        return ""
    try:
        return str(describe(game, state))
    except Exception as exc:  # noqa: BLE001 - a broken hook must not stop the autosave
        log.warning("%s: progress text failed: %s", game.id, exc)
        return ""


def bots_module(game_id: str) -> Any:
    return import_path(get(game_id).bots)
