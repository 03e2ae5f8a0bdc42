"""Where frostdesk finds its bundled data and keeps the user's files.

One resolver serves every way the app can run: from a source checkout, from an installed
wheel (data files under <prefix>/share/frostdesk) and from a PyInstaller bundle (sys._MEIPASS).
User folders come from platformdirs and can all be moved with FROSTDESK_HOME.
"""

from __future__ import annotations

import atexit
import errno
import os
import re
import shutil
import sys
import tempfile
from pathlib import Path

APP_NAME = "frostdesk"


def _candidates() -> list[Path]:
    found: list[Path] = []
    env = os.environ.get("FROSTDESK_DATA")
    if env:
        found.append(Path(env))
    bundle = getattr(sys, "_MEIPASS", None)
    if bundle:
        found.append(Path(bundle))
    found.append(Path(__file__).resolve().parent.parent)  # source checkout / editable install
    found.append(Path(sys.prefix) / "share" / APP_NAME)  # wheel data files
    return found


def data_root() -> Path:
    """The folder holding cards/ and resources/."""
    for root in _candidates():
        if (root / "cards").is_dir():
            return root
    raise FileNotFoundError(
        "frostdesk cannot find its cards folder; looked in: "
        + ", ".join(str(p) for p in _candidates())
    )


def cards_dir(game: str) -> Path:
    return data_root() / "cards" / game


def resource(*parts: str) -> Path:
    return data_root() / "resources" / Path(*parts)


def docs_dir() -> Path:
    return data_root() / "docs"


def read_pyproject_version() -> str:
    for root in _candidates():
        pp = root / "pyproject.toml"
        if pp.is_file():
            m = re.search(r'^version\s*=\s*"([^"]+)"', pp.read_text(encoding="utf-8"), re.M)
            if m:
                return m.group(1)
    return "0.0.0"


class UserFolderError(OSError):
    """A user folder (settings, saves, logs) that cannot be made or written; the message is
    one line in a player's words."""


# Set by use_temporary_home(): the folder every user folder lives under for the rest of the
# run, when the real one cannot be used.
_temporary_home: Path | None = None


def _home() -> Path | None:
    if _temporary_home is not None:
        return _temporary_home
    env = os.environ.get("FROSTDESK_HOME")
    return Path(env) if env else None


def describe_os_error(exc: OSError, path: Path | str | None = None) -> str:
    """What went wrong with a file or folder, in a player's words (never an exception name)."""
    if isinstance(exc, UserFolderError):
        return str(exc.strerror)
    where = str(path if path is not None else (exc.filename or "the folder"))
    number = exc.errno
    if isinstance(exc, NotADirectoryError | FileExistsError):
        blocking = next((p for p in (Path(where), *Path(where).parents)
                         if p.exists() and not p.is_dir()), Path(where))
        return f"{blocking} is a file, not a folder"
    if isinstance(exc, PermissionError):
        return f"no permission to write in {where}"
    if number == errno.ENOSPC:
        return f"the disk holding {where} is full"
    if number == errno.EROFS:
        return f"{where} is on a read-only disk"
    if isinstance(exc, FileNotFoundError):
        return f"a folder cannot be made at {where}"
    return f"{where} cannot be written ({exc.strerror or 'the system refused'})"


def _user_dir(home_sub: str, kind: str, suffix: str = "") -> Path:
    """A user folder: FROSTDESK_HOME/<home_sub>, else platformdirs' <kind> folder.

    UserFolderError (one clear line) when it cannot be made."""
    home = _home()
    if home:
        path = home / home_sub
    else:
        import platformdirs

        finder = getattr(platformdirs, f"user_{kind}_dir")
        path = Path(finder(APP_NAME, appauthor=False))
        if suffix:
            path = path / suffix
    try:
        path.mkdir(parents=True, exist_ok=True)
    except OSError as exc:
        raise UserFolderError(exc.errno, _named(describe_os_error(exc))) from None
    return path


def _named(reason: str) -> str:
    """`reason`, saying that the folder is the one FROSTDESK_HOME names when it is."""
    env = os.environ.get("FROSTDESK_HOME")
    if env and _temporary_home is None:
        return f"{reason} (set by FROSTDESK_HOME)"
    return reason


def config_dir() -> Path:
    return _user_dir("config", "config")


def saves_dir() -> Path:
    return _user_dir("saves", "data", "saves")


def log_dir() -> Path:
    return _user_dir("logs", "log")


def cache_dir() -> Path:
    """Where frostdesk keeps what it can always make again (deleting it loses nothing)."""
    return _user_dir("cache", "cache")


def check_user_folders() -> str:
    """'' when every user folder can be made and written, else why not (one line)."""
    for folder in (config_dir, saves_dir, log_dir):
        try:
            path = folder()
            fd, probe = tempfile.mkstemp(prefix=".write-test-", dir=path)
            os.close(fd)
            os.unlink(probe)
        except UserFolderError as exc:
            return str(exc.strerror)
        except OSError as exc:
            return _named(describe_os_error(exc, path))
    return ""


def use_temporary_home() -> Path:
    """Keep every user folder in a new temporary folder for the rest of this run (removed at
    exit): the app plays on when the real folder cannot be used."""
    global _temporary_home
    if _temporary_home is None:
        folder = Path(tempfile.mkdtemp(prefix="frostdesk-unsaved-"))
        atexit.register(shutil.rmtree, folder, True)
        _temporary_home = folder
    return _temporary_home


def temporary_home() -> Path | None:
    """The temporary folder in use after use_temporary_home(), else None."""
    return _temporary_home
