"""The first screen starts cheaply (docs/performance.md, "The window"): a warm start imports
no game's UI plug-in and makes none of the `Qt` namespace's enum types before the window is
shown and idle; the emblems come from a cache that follows the plug-ins' code; the start
screen takes its looks from the application's sheet, not a sheet per widget."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path
from typing import Any

import pytest
from PySide6.QtWidgets import QWidget

from frostdesk.engine.registry import games
from frostdesk.settings import Settings

ROOT = Path(__file__).resolve().parents[2]
pytestmark = pytest.mark.ui

# Runs the app as a player starts it (closed once its window is shown and the event loop is
# idle) and reports what the start made: every enum type PySide6 created, and the modules.
PROBE = """
import enum, json, sys
made = []
create = enum.EnumType._create_
def counting(cls, class_name, *args, **kwargs):
    made.append(kwargs.get("qualname") or class_name)
    return create(cls, class_name, *args, **kwargs)
enum.EnumType._create_ = counting
from frostdesk.app import run_app
run_app([])
print(json.dumps({"enums": made, "modules": sorted(sys.modules)}))
"""


def start(home: Path) -> dict[str, Any]:
    env = dict(os.environ, FROSTDESK_HOME=str(home), QT_QPA_PLATFORM="offscreen",
               FROSTDESK_STARTUP_PROBE="1")
    result = subprocess.run([sys.executable, "-c", PROBE], cwd=ROOT, env=env,
                            capture_output=True, text=True, timeout=120)
    assert result.returncode == 0, result.stderr
    assert "startup-probe: window shown" in result.stderr
    report: dict[str, Any] = json.loads(result.stdout.strip().splitlines()[-1])
    return report


def test_a_warm_start_needs_no_plugin_and_no_qt_namespace(tmp_path: Path) -> None:
    first = start(tmp_path)  # after an install: the emblems are drawn by the plug-ins
    assert any(m.endswith(".plugin") for m in first["modules"] if m.startswith("frostdesk"))
    second = start(tmp_path)
    plugins = [m for m in second["modules"] if m.startswith("frostdesk.ui.games.")]
    assert plugins == [p for p in plugins if not p.endswith(".plugin")] == [
        p for p in plugins if p.count(".") == 3], plugins  # packages for their paths only
    # the Qt namespace's enum types (AlignmentFlag and 90 more) and QStyle's are not made
    for name in ("AlignmentFlag", "WidgetAttribute", "Key", "PixelMetric", "StandardPixmap"):
        assert name not in second["enums"], name
    assert "frostdesk.ui.kit.emblem" not in second["modules"]
    assert len(second["enums"]) < len(first["enums"])


def test_emblem_pictures_are_kept_and_drawn_again_when_their_code_changes(
        qtbot: Any, monkeypatch: pytest.MonkeyPatch) -> None:
    from frostdesk.paths import cache_dir
    from frostdesk.ui.screens import start_emblems
    from frostdesk.ui.screens.start import StartScreen

    start_emblems.forget_index()
    screen = StartScreen(Settings())
    qtbot.addWidget(screen)
    folder = cache_dir() / start_emblems.FOLDER
    index = json.loads((folder / start_emblems.INDEX).read_text(encoding="utf-8"))
    ids = [d.id for d in games()]
    assert sorted(name.split("-52@")[0] for name in index) == sorted(ids)
    assert all((folder / name).is_file() for name in index)
    drawn = {gid: screen.tiles[gid].emblem.pixmap().toImage() for gid in ids}

    # the next start reads the pictures: the plug-ins are not asked
    def no_plugin(game_id: str) -> type[QWidget]:
        raise AssertionError(f"{game_id}'s plug-in was asked for its emblem")

    start_emblems.forget_index()
    monkeypatch.setattr(start_emblems, "emblem_class", no_plugin)
    again = StartScreen(Settings())
    qtbot.addWidget(again)
    for gid in ids:
        assert again.tiles[gid].emblem.pixmap().toImage() == drawn[gid]

    # a plug-in's code that changed (another size or time of its file) is drawn again
    gid = ids[0]
    name = next(n for n in index if n.startswith(gid + "-52@"))
    index[name][2] = [index[name][2][0], -1, -1]
    (folder / start_emblems.INDEX).write_text(json.dumps(index), encoding="utf-8")
    start_emblems.forget_index()
    from frostdesk.ui.kit.emblem import Emblem

    asked: list[str] = []
    monkeypatch.setattr(start_emblems, "emblem_class",
                        lambda game_id: asked.append(game_id) or Emblem)
    third = StartScreen(Settings())
    qtbot.addWidget(third)
    assert asked == [gid]
    start_emblems.forget_index()


def test_an_unusable_cache_still_shows_the_emblems(qtbot: Any,
                                                    monkeypatch: pytest.MonkeyPatch) -> None:
    from frostdesk.ui.screens import start_emblems
    from frostdesk.ui.screens.start import StartScreen

    start_emblems.forget_index()
    monkeypatch.setattr(start_emblems, "_folder", lambda: Path("/proc/no-such-cache"))
    screen = StartScreen(Settings())
    qtbot.addWidget(screen)
    for desc in games():
        assert not screen.tiles[desc.id].emblem.pixmap().isNull()
    start_emblems.forget_index()


@pytest.mark.gui
def test_the_start_screen_has_no_style_sheet_of_its_own(qtbot: Any, themed: Any) -> None:
    from frostdesk.ui.screens.start import StartScreen

    screen = StartScreen(Settings())
    qtbot.addWidget(screen)
    screen.resize(1280, 720)
    screen.show()
    qtbot.waitExposed(screen)
    own = [f"{type(w).__name__}#{w.objectName()}" for w in [screen, *screen.findChildren(QWidget)]
           if w.styleSheet() and w.objectName() != "tileTitle"]  # a tight title: see _restyle
    assert own == []
    # the app sheet sizes the words as the widgets' own sheets did
    tile = next(iter(screen.tiles.values()))
    assert screen.title.font().pointSizeF() == 34 and screen.title.font().weight() == 600
    assert tile.badge.font().pointSizeF() == 12 and tile.badge.font().weight() == 600
    assert tile.blurb.font().pointSizeF() == 14
    assert tile.new_game.font().weight() == 600  # the primary button, through the sheet
    assert tile.title_label.font().pointSizeF() in (20, 16)


def test_the_sheet_finds_its_icons_without_a_search_path() -> None:
    from frostdesk.ui import theme

    sheet = theme.style_sheet()
    assert "url(frostdesk:" not in sheet
    urls = [part.split('")')[0] for part in sheet.split('url("')[1:]]
    assert urls and all(Path(u).is_file() for u in urls), urls
