"""Saving tells the player what happened: where Save as… put the game, and at once when an
autosave fails (the last good autosave is kept, and every later move tries again)."""

from __future__ import annotations

import errno
from pathlib import Path
from typing import Any

import pytest

from frostdesk.engine import session as session_module
from frostdesk.engine.session import Seat, Session

pytestmark = pytest.mark.ui
BOTS = [Seat("Bot Aster", "bot", "heuristic")]


def start(make_table: Any) -> Any:
    t = make_table()
    t.controller.new_game("frost-shelter", [Seat("Ana"), *BOTS], seed=5,
                          options={"first_leader": 0})
    t.wait_turn()
    return t


def my_move(t: Any) -> None:
    t.controller.request(t.controller.legal()[0])
    t.wait_turn()


def autosave(t: Any) -> Path:
    from frostdesk.autosaves import path_for

    return path_for(t.controller.game.id)


@pytest.mark.gui
def test_save_as_says_where_it_saved(make_table: Any, tmp_path: Path) -> None:
    t = start(make_table)
    saved = t.window.save_to(tmp_path / "evening game")
    assert saved == tmp_path / "evening game.frostdesk" and saved.is_file()
    text = t.window.banners.text("saved")
    assert t.window.banners.isVisible()
    assert text == f"Saved to {saved.resolve()}. Load… opens it again."
    assert t.window.banners.banners["saved"].kind == "note"


@pytest.mark.gui
def test_a_failing_autosave_is_shown_at_once_keeps_the_last_one_and_retries(
        make_table: Any, monkeypatch: pytest.MonkeyPatch) -> None:
    t = start(make_table)
    my_move(t)
    path = autosave(t)
    good = path.read_bytes()
    good_moves = len(t.controller.session.records)

    full = {"now": True}
    fsync = session_module.os.fsync

    def disk_full(fd: int) -> None:
        if full["now"]:
            raise OSError(errno.ENOSPC, "No space left on device")
        fsync(fd)

    monkeypatch.setattr(session_module.os, "fsync", disk_full)  # fails mid-write
    my_move(t)
    banners = t.window.banners
    text = banners.text("autosave")
    assert text.startswith(f"Your game could not be autosaved: the disk holding "
                           f"{path.parent} is full.")
    assert "Error" not in text and banners.isVisible()
    assert path.read_bytes() == good  # never overwritten by a half-written file
    assert not list(path.parent.glob("*.tmp"))
    assert len(Session.load(path).records) == good_moves

    full["now"] = False  # the disk has room again: the next move saves and the banner goes
    my_move(t)
    assert banners.text("autosave") == "" and not banners.isVisible()
    game = t.controller.game
    assert game.fingerprint(Session.load(path).state) == game.fingerprint(t.state)

    full["now"] = True  # full again: told again; dismissed, the same news stays away
    my_move(t)
    assert banners.text("autosave") == text
    banners.banners["autosave"].close_button.click()
    my_move(t)
    assert banners.text("autosave") == "" and not banners.isVisible()
