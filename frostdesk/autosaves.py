"""The games in progress: one autosave per game, and how Continue names each.

Every game keeps its own autosave (saves/autosave-<game id>.frostdesk), so starting one game
never throws away another; a game's autosave is removed when that game ends. Continue names
what it resumes: "<title> · you + 3 bots · Event 2 of 3", the last part in the game's
own words (its description's `progress`, stored in the save when it is written).

Older versions kept a single autosave.frostdesk for all games; `migrate()` moves it to its
game's name (or, when that game already has a newer one, keeps it as a save the Load
dialog lists), so nothing is lost. No Qt here.
"""

from __future__ import annotations

import json
import logging
import os
import re
from pathlib import Path
from typing import Any, NamedTuple

from frostdesk import paths

log = logging.getLogger(__name__)
PREFIX = "autosave-"
SUFFIX = ".frostdesk"
LEGACY = "autosave.frostdesk"  # one autosave for every game, before per-game autosaves
LEGACY_KEPT = "autosave from an earlier version.frostdesk"


class InProgress(NamedTuple):
    """A game in progress: its autosave and the words that name it (a NamedTuple: made at
    start-up, see frostdesk/engine/registry.py)."""

    game_id: str
    title: str
    path: Path
    who: str  # "you + 3 bots"
    progress: str  # "Event 2 of 3"
    modified: float

    @property
    def details(self) -> str:
        """'you + 3 bots · Event 2 of 3'"""
        return " · ".join(p for p in (self.who, self.progress) if p)

    @property
    def text(self) -> str:
        """'<title> · you + 3 bots · Event 2 of 3'"""
        return " · ".join(p for p in (self.title, self.who, self.progress) if p)


def _slug(game_id: str) -> str:
    return re.sub(r"[^a-z0-9_-]+", "-", game_id.lower()).strip("-") or "game"


def path_for(game_id: str) -> Path:
    """The autosave of `game_id`'s game in progress."""
    return paths.saves_dir() / f"{PREFIX}{_slug(game_id)}{SUFFIX}"


def who_plays(seats: list[Any], bot: str = "bot") -> str:
    """'you + 3 bots', 'Ana, Ben + 1 bot', '4 bots' from a save's seats (dicts) or Seats;
    `bot` is the game's word for a bot seat ("bot crew")."""
    people: list[str] = []
    bots = 0
    for seat in seats:
        name, kind = ((seat.get("name"), seat.get("kind")) if isinstance(seat, dict)
                      else (seat.name, seat.kind))
        if kind == "human":
            if str(name).strip().casefold() not in {p.casefold() for p in people}:
                people.append(str(name).strip())
        else:
            bots += 1
    bot_words = f"{bots} {bot}{'s' * (bots != 1)}"
    if not people:
        return bot_words
    names = "you" if len(people) == 1 else ", ".join(people[:3]) + (
        f" and {len(people) - 3} more" if len(people) > 3 else "")
    return f"{names} + {bot_words}" if bots else names


def describe(data: Any, path: Path) -> InProgress | None:
    """A save's JSON as a game in progress; None when it names no installed game."""
    from frostdesk.engine.registry import UnknownGame, get

    if not isinstance(data, dict):
        return None
    game_id = str(data.get("game", ""))
    try:
        desc = get(game_id)
    except UnknownGame:
        return None
    seats = data.get("seats")
    seats = [s for s in seats if isinstance(s, dict)] if isinstance(seats, list) else []
    progress = data.get("progress")
    if not isinstance(progress, str) or not progress:  # an older save: replay it to see
        progress = _replayed_progress(data)
    try:
        modified = path.stat().st_mtime
    except OSError:
        modified = 0.0
    return InProgress(game_id, desc.title, path, who_plays(seats, _bot_word(desc)), progress,
                      modified)


def _replayed_progress(data: dict[str, Any]) -> str:
    """Where an older save (written before saves said so) stands, found by replaying it."""
    from frostdesk.engine.session import SaveError, Session

    try:
        return Session.from_json(data).progress()
    except SaveError:
        return "its autosave is damaged"


def _bot_word(desc: Any) -> str:
    return str(desc.words.bot).lower() or "bot"


def describe_session(session: Any, path: Path | None = None) -> InProgress:
    """The running `session` as a game in progress (its words as its autosave would say)."""
    from frostdesk.engine.registry import UnknownGame, get

    try:
        bot = _bot_word(get(session.game.id))
    except UnknownGame:
        bot = "bot"
    return InProgress(session.game.id, session.game.title, path or path_for(session.game.id),
                      who_plays(list(session.seats), bot), session.progress(), 0.0)


def _read(path: Path) -> Any:
    try:
        return json.loads(path.read_text(encoding="utf-8"))
    except (OSError, ValueError, RecursionError):
        return None


def entry(game_id: str) -> InProgress | None:
    """`game_id`'s game in progress, or None."""
    path = path_for(game_id)
    if not path.is_file():
        return None
    found = describe(_read(path), path)
    if found is None:  # damaged beyond reading: still a game in progress, Load says why not
        from frostdesk.engine.registry import UnknownGame, get

        try:
            title = get(game_id).title
        except UnknownGame:
            return None
        return InProgress(game_id, title, path, "", "its autosave is damaged", 0.0)
    return found


def in_progress() -> list[InProgress]:
    """Every game in progress, the most recently played first."""
    from frostdesk.engine.registry import ids

    try:
        migrate()
        found = [e for e in (entry(game_id) for game_id in ids()) if e is not None]
    except OSError:  # no saves folder to look in: nothing to continue
        return []
    return sorted(found, key=lambda e: e.modified, reverse=True)


def remove(game_id: str) -> None:
    """The game ended: its autosave goes."""
    path_for(game_id).unlink(missing_ok=True)


def migrate() -> None:
    """Move an older version's single autosave to its game's name (see the module)."""
    folder = paths.saves_dir()
    legacy = folder / LEGACY
    if not legacy.is_file():
        return
    data = _read(legacy)
    found = describe(data, legacy)
    target = path_for(found.game_id) if found is not None else None
    try:
        if target is not None and not target.exists():
            os.replace(legacy, target)
            log.info("moved %s to %s", legacy, target)
        else:  # unreadable, or its game has a newer autosave: keep it for Load
            kept = folder / LEGACY_KEPT
            n = 1
            while kept.exists():
                n += 1
                kept = folder / LEGACY_KEPT.replace(SUFFIX, f" {n}{SUFFIX}")
            os.replace(legacy, kept)
            log.info("kept %s as %s", legacy, kept)
    except OSError as exc:
        log.warning("could not move the old autosave: %s", exc)
