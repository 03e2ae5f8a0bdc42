"""Where frostdesk finds its bundled data and keeps the user's files.

One resolver serves every way the app can run: from a source checkout, from an installed
wheel (data files under <prefix>/share/frostdesk) and from a PyInstaller bundle (sys._MEIPASS).
User folders come from platformdirs and can all be moved with FROSTDESK_HOME.
"""

from __future__ import annotations

import os
import re
import sys
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


def _home() -> Path | None:
    env = os.environ.get("FROSTDESK_HOME")
    return Path(env) if env else None


def _user_dir(home_sub: str, kind: str, suffix: str = "") -> Path:
    """A user folder: FROSTDESK_HOME/<home_sub>, else platformdirs' <kind> folder."""
    home = _home()
    if home:
        path = home / home_sub
    else:
        import platformdirs

        finder = getattr(platformdirs, f"user_{kind}_dir")
        path = Path(finder(APP_NAME, appauthor=False))
        if suffix:
            path = path / suffix
    path.mkdir(parents=True, exist_ok=True)
    return path


def config_dir() -> Path:
    return _user_dir("config", "config")


def saves_dir() -> Path:
    return _user_dir("saves", "data", "saves")


def autosave_path() -> Path:
    return saves_dir() / "autosave.frostdesk"


def log_dir() -> Path:
    return _user_dir("logs", "log")
