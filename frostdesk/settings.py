"""The player's settings: a small versioned dataclass saved as JSON, with migrations.

Lives outside frostdesk/ui so the command line can read it too; it imports no Qt.
"""

from __future__ import annotations

import json
import os
import tempfile
from collections.abc import Callable
from dataclasses import asdict, dataclass, field, fields
from pathlib import Path
from typing import Any

from frostdesk import paths

SETTINGS_VERSION = 1
ANIMATION_SPEEDS = ("off", "fast", "normal")
# Multiplier on animation durations for each speed setting.
SPEED_FACTOR = {"off": 0.0, "fast": 0.5, "normal": 1.0}


@dataclass
class Settings:
    version: int = SETTINGS_VERSION
    animation_speed: str = "normal"  # off | fast | normal
    casual_undo: bool = True  # alone against bots: undo past bot moves and draws
    hard_bot_ms: int = 1000  # thinking budget of the Hard bot, per decision
    bot_pause_ms: int = 450  # minimum time a bot's move stays visible before the next
    show_hints: bool = True
    confirm_handoff: bool = True
    player_name: str = "Player"  # shown in the log ("Player leads Fuel 7"): a name, not "You"
    last_seats: list[dict[str, Any]] = field(default_factory=list)
    window_geometry: str = ""  # base64 of QWidget.saveGeometry()
    log_visible: bool = True
    tips_seen: list[str] = field(default_factory=list)  # games whose first-game tips were dismissed

    @property
    def speed_factor(self) -> float:
        return SPEED_FACTOR.get(self.animation_speed, 1.0)


# version -> function upgrading a dict of that version to the next version
MIGRATIONS: dict[int, Callable[[dict[str, Any]], dict[str, Any]]] = {}


def settings_path() -> Path:
    return paths.config_dir() / "settings.json"


# The range of each number (the settings dialog offers the same) and the longest name.
LIMITS: dict[str, tuple[int, int]] = {"hard_bot_ms": (200, 5000), "bot_pause_ms": (0, 1500)}
NAME_MAX = 20
# How the settings read in a message about them: the settings dialog's words.
LABELS = {
    "animation_speed": "Animation speed", "casual_undo": "Undo against bots",
    "hard_bot_ms": "Hard bot thinking time", "bot_pause_ms": "Pause after a bot's move",
    "show_hints": "Show hints", "confirm_handoff": "Hand-off screen",
    "player_name": "Your name", "last_seats": "The last table's seats",
    "window_geometry": "The window's place", "log_visible": "Game log shown",
    "tips_seen": "First-game tips seen",
}


def load_settings(path: Path | None = None) -> Settings:
    """Read settings; anything missing or unreadable falls back to the defaults."""
    return read_settings(path)[0]


def read_settings(path: Path | None = None) -> tuple[Settings, list[str]]:
    """The settings, and one line per problem with the file (none when all is well).

    A missing file is no problem. An unreadable one gives the defaults; a bad value gives
    that setting's default (a number out of range, the nearest allowed) and a line saying
    which setting, what it held and what is used instead."""
    path = path or settings_path()
    try:
        text = path.read_text(encoding="utf-8")
    except FileNotFoundError:
        return Settings(), []
    except (OSError, UnicodeDecodeError) as exc:
        why = (paths.describe_os_error(exc, path) if isinstance(exc, OSError)
               else "it is not text")
        return Settings(), [f"the file could not be read ({why}); every setting is at its "
                            f"default"]
    try:
        data = json.loads(text)
    except ValueError as exc:
        where = f" at line {exc.lineno}" if isinstance(exc, json.JSONDecodeError) else ""
        return Settings(), [f"the file is damaged{where}; every setting is at its default"]
    except RecursionError:
        return Settings(), ["the file is damaged; every setting is at its default"]
    if not isinstance(data, dict):
        return Settings(), ["the file holds no settings; every setting is at its default"]
    version = data.get("version", 0)
    while isinstance(version, int) and version in MIGRATIONS:
        data = MIGRATIONS[version](data)
        version = data.get("version", version + 1)
    defaults = Settings()
    out = Settings()
    problems: list[str] = []
    for f in fields(Settings):
        if f.name == "version" or f.name not in data:
            continue
        value = data[f.name]
        fixed, why = _check(f.name, value, getattr(defaults, f.name))
        setattr(out, f.name, fixed)
        if why:
            problems.append(f"{LABELS.get(f.name, f.name)}: {_shown(value, f.name)} is {why}, "
                            f"so {_shown(fixed, f.name)} is used")
    return out, problems


def _check(key: str, value: Any, default: Any) -> tuple[Any, str]:
    """(the value to use, why `value` was not usable or '')."""
    if isinstance(default, bool):
        return (value, "") if isinstance(value, bool) else (default, "not on or off")
    if isinstance(default, int):
        if isinstance(value, bool) or not isinstance(value, int | float) or value != value:
            return default, "not a number"
        low, high = LIMITS.get(key, (-2**31, 2**31))
        number = int(value)
        if number < low:
            return low, f"below {_shown(low, key)}"
        if number > high:
            return high, f"above {_shown(high, key)}"
        return number, ""
    if key == "animation_speed":
        if value in ANIMATION_SPEEDS:
            return value, ""
        return default, "not one of " + ", ".join(ANIMATION_SPEEDS)
    if key == "player_name":
        if isinstance(value, str) and value.strip():
            return value.strip()[:NAME_MAX], ""
        return default, "not a name"
    if isinstance(default, str):
        return (value, "") if isinstance(value, str) else (default, "not text")
    if key == "tips_seen":
        if isinstance(value, list):
            return [g for g in value if isinstance(g, str)], ""
        return default, "not a list of games"
    if isinstance(default, list):
        if isinstance(value, list):
            return [v for v in value if isinstance(v, dict)], ""
        return default, "not a list"
    return value, ""


def _shown(value: Any, key: str = "") -> str:
    """A value as a message shows it: 1000 ms, on, "warp"."""
    if key.endswith("_ms") and isinstance(value, int) and not isinstance(value, bool):
        return f"{value} ms"
    if isinstance(value, bool):
        return "on" if value else "off"
    if isinstance(value, list):
        return "an empty list" if not value else f"a list of {len(value)}"
    text = json.dumps(value, ensure_ascii=False)
    return text if len(text) <= 24 else text[:21] + "…"


def save_settings(settings: Settings, path: Path | None = None) -> None:
    path = path or settings_path()
    path.parent.mkdir(parents=True, exist_ok=True)
    fd, tmp = tempfile.mkstemp(prefix="settings", suffix=".tmp", dir=path.parent)
    with os.fdopen(fd, "w", encoding="utf-8") as fh:
        json.dump(asdict(settings), fh, indent=1)
    os.replace(tmp, path)
