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


def load_settings(path: Path | None = None) -> Settings:
    """Read settings; anything missing or unreadable falls back to the defaults."""
    path = path or settings_path()
    try:
        data = json.loads(path.read_text(encoding="utf-8"))
    except (OSError, ValueError):
        return Settings()
    if not isinstance(data, dict):
        return Settings()
    version = data.get("version", 0)
    while isinstance(version, int) and version in MIGRATIONS:
        data = MIGRATIONS[version](data)
        version = data.get("version", version + 1)
    known = {f.name for f in fields(Settings)}
    clean = {k: v for k, v in data.items() if k in known}
    clean["version"] = SETTINGS_VERSION
    try:
        s = Settings(**clean)
    except TypeError:
        return Settings()
    if s.animation_speed not in ANIMATION_SPEEDS:
        s.animation_speed = "normal"
    if not isinstance(s.tips_seen, list):
        s.tips_seen = []
    s.tips_seen = [g for g in s.tips_seen if isinstance(g, str)]
    return s


def save_settings(settings: Settings, path: Path | None = None) -> None:
    path = path or settings_path()
    path.parent.mkdir(parents=True, exist_ok=True)
    fd, tmp = tempfile.mkstemp(prefix="settings", suffix=".tmp", dir=path.parent)
    with os.fdopen(fd, "w", encoding="utf-8") as fh:
        json.dump(asdict(settings), fh, indent=1)
    os.replace(tmp, path)
