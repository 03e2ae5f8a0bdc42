"""A user folder that cannot be used (FROSTDESK_HOME a file, unwritable, under /proc) never
stops the app: it plays in a temporary folder and says, once, that games can't be saved."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path
from typing import Any

import pytest

from frostdesk import paths
from frostdesk.engine.session import Seat

ROOT = Path(__file__).resolve().parents[2]
pytestmark = pytest.mark.ui


def start_app(home: str) -> subprocess.CompletedProcess[str]:
    """The app as a player starts it, closed again as soon as its window is up."""
    env = dict(os.environ, FROSTDESK_HOME=home, QT_QPA_PLATFORM="offscreen",
               FROSTDESK_STARTUP_PROBE="1")
    return subprocess.run([sys.executable, "-m", "frostdesk"], cwd=ROOT, env=env,
                          capture_output=True, text=True, timeout=120)


@pytest.mark.parametrize("kind", ["a file", pytest.param("under /proc", marks=pytest.mark.slow)])
def test_a_bad_home_folder_starts_the_app_and_says_games_cant_be_saved(
        tmp_path: Path, kind: str) -> None:
    if kind == "a file":
        home = tmp_path / "notes.txt"
        home.write_text("not a folder")
        reason = f"{home} is a file, not a folder"
    else:
        if not Path("/proc/self").is_dir():
            pytest.skip("no /proc here")
        home = Path("/proc/frostdesk-home")
        reason = f"a folder cannot be made at {home}"
    result = start_app(str(home))
    assert result.returncode == 0, result.stderr
    assert "Traceback" not in result.stderr
    lines = result.stderr.strip().splitlines()
    assert lines[0] == f"Your games can't be saved: {reason} (set by FROSTDESK_HOME)."
    assert lines[1].startswith("startup-probe: window shown")


def test_an_unwritable_home_is_found_before_anything_is_lost(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("FROSTDESK_HOME", str(tmp_path))

    def refuse(*args: Any, **kwargs: Any) -> Any:
        raise PermissionError(13, "Permission denied")

    monkeypatch.setattr(paths.tempfile, "mkstemp", refuse)  # as root, chmod would not bite
    reason = paths.check_user_folders()
    assert reason == f"no permission to write in {tmp_path / 'config'} (set by FROSTDESK_HOME)"


@pytest.mark.gui
def test_the_app_plays_on_in_a_temporary_folder_with_a_banner(
        make_table: Any, tmp_path: Path, monkeypatch: pytest.MonkeyPatch,
        capsys: pytest.CaptureFixture[str]) -> None:
    from frostdesk.app import check_home

    home = tmp_path / "file"
    home.write_text("x")
    monkeypatch.setenv("FROSTDESK_HOME", str(home))
    monkeypatch.setattr(paths, "_temporary_home", None)  # put back after the test
    line = check_home()
    assert capsys.readouterr().err.strip() == line
    assert line.startswith("Your games can't be saved: ") and "is a file" in line
    temporary = paths.temporary_home()
    assert temporary is not None and paths.saves_dir().parent == temporary
    t = make_table()
    t.window.show_banner("home", line)
    assert t.window.banners.isVisible() and t.window.banners.text("home") == line
    # the game plays and autosaves, in the temporary folder
    t.controller.new_game("frost-shelter", [Seat("Ana"), Seat("Bot", "bot", "heuristic")],
                          seed=3, options={"first_leader": 0})
    t.wait_turn()
    t.click(("card", t.state.hands[0][0]))
    t.wait_turn()
    assert any(temporary.rglob("*.frostdesk"))
    assert not home.is_dir() and home.read_text() == "x"


def test_commands_that_need_the_folder_exit_2_with_one_line(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch,
        capsys: pytest.CaptureFixture[str]) -> None:
    from frostdesk import cli

    home = tmp_path / "file"
    home.write_text("x")
    monkeypatch.setenv("FROSTDESK_HOME", str(home))
    assert cli.main(["validate"]) == 0  # checking the cards needs no user folder
    capsys.readouterr()
    monkeypatch.setattr(cli, "cmd_replay", lambda argv: bool(paths.saves_dir()))
    assert cli.main(["replay", "x"]) == 2
    err = capsys.readouterr().err.strip().splitlines()
    assert err == [f"frostdesk replay: your frostdesk folder cannot be used: {home} is a "
                   f"file, not a folder (set by FROSTDESK_HOME)"]
