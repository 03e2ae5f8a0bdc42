"""The games' emblems on the start screen, kept as images between starts.

Each game's UI plug-in draws its emblem (`Emblem`, a subclass of frostdesk/ui/kit/emblem.py).
Importing the four plug-ins and painting with the `Qt` names they use cost the first screen
about a quarter of a bare PySide6 window's start (docs/performance.md, "The window"), so the
start screen shows a picture of each emblem instead: drawn by the plug-in the first time
(after an install or an update) and kept in the cache folder, as PNG files with an index of
what each was drawn from (the plug-in's file and the kit's emblem module, by size and time,
and the size and pixel ratio drawn). Any change to those draws it again; a cache that cannot
be read or written only means drawing it again.
"""

from __future__ import annotations

import json
import os
import sys
from pathlib import Path
from typing import Any

from PySide6.QtGui import QColor, QPaintEvent, QPixmap
from PySide6.QtWidgets import QLabel, QWidget

from frostdesk.engine.registry import GameDescription

KIT_EMBLEM = "frostdesk.ui.kit.emblem"
FOLDER = "emblems"
INDEX = "index.json"
DRAWING = 1  # raise when the way emblems are drawn here changes

_index: dict[str, Any] | None = None


def _file_stamp(module: str) -> list[object]:
    """Where a module's source is, with its size and change time (found without importing
    it); in a frozen bundle, the bundle's own program stands for every module."""
    try:
        import importlib.util

        spec = importlib.util.find_spec(module.partition(":")[0])
        origin = spec.origin if spec is not None else None
        if origin:
            st = os.stat(origin)
            return [origin, st.st_size, st.st_mtime_ns]
    except (ImportError, ValueError, OSError):
        pass
    try:
        st = os.stat(sys.executable)
        return [sys.executable, st.st_size, st.st_mtime_ns]
    except OSError:
        return [None]


def _key(desc: GameDescription, size: int, ratio: float) -> list[object]:
    return [DRAWING, desc.ui, _file_stamp(desc.ui), _file_stamp(KIT_EMBLEM), size, ratio]


def _folder() -> Path | None:
    try:
        from frostdesk.paths import cache_dir

        return cache_dir() / FOLDER
    except OSError:
        return None


def _read_index(folder: Path) -> dict[str, Any]:
    global _index
    if _index is None:
        try:
            data = json.loads((folder / INDEX).read_text(encoding="utf-8"))
            _index = data if isinstance(data, dict) else {}
        except (OSError, ValueError):
            _index = {}
    return _index


def forget_index() -> None:
    """Read the index from disk again next time (tests, and a cache folder that moved)."""
    global _index
    _index = None


def emblem_class(game_id: str) -> type[QWidget]:
    """The game's emblem widget class, or the kit's plain one when its UI cannot be loaded."""
    from frostdesk.ui.kit.emblem import Emblem
    from frostdesk.ui.plugins import PluginError, ui_plugin

    try:
        cls: type[QWidget] = ui_plugin(game_id).Emblem
    except PluginError:
        cls = Emblem
    return cls


def draw_emblem(cls: type[QWidget], size: int, ratio: float) -> QPixmap:
    """What an emblem widget of `cls` paints at `size` x `size` (logical pixels), on a clear
    background, at the screen's pixel ratio."""
    from PySide6.QtCore import QPoint
    from PySide6.QtGui import QRegion

    widget = cls()
    widget.setFixedSize(size, size)
    pixmap = QPixmap(round(size * ratio), round(size * ratio))
    pixmap.setDevicePixelRatio(ratio)
    pixmap.fill(QColor(0, 0, 0, 0))
    widget.render(pixmap, QPoint(0, 0), QRegion(), QWidget.RenderFlag.DrawChildren)
    widget.deleteLater()
    return pixmap


def emblem_pixmap(desc: GameDescription, size: int, ratio: float) -> QPixmap:
    """The game's emblem as a picture: from the cache when it was drawn from the same code
    at the same size and ratio, else drawn now by the plug-in (and kept for next time)."""
    folder = _folder()
    key = _key(desc, size, ratio)
    name = f"{desc.id}-{size}@{ratio:g}x.png"
    if folder is not None:
        index = _read_index(folder)
        if index.get(name) == key:
            pixmap = QPixmap(str(folder / name))
            if not pixmap.isNull():
                pixmap.setDevicePixelRatio(ratio)
                return pixmap
    pixmap = draw_emblem(emblem_class(desc.id), size, ratio)
    if folder is not None:
        try:
            folder.mkdir(parents=True, exist_ok=True)
            tmp = folder / (name + ".tmp")
            if not pixmap.save(str(tmp), "PNG"):
                raise OSError(f"could not write {tmp}")
            os.replace(tmp, folder / name)
            index = _read_index(folder)
            index[name] = key
            tmp_index = folder / (INDEX + ".tmp")
            tmp_index.write_text(json.dumps(index), encoding="utf-8")
            os.replace(tmp_index, folder / INDEX)
        except OSError:
            pass
    return pixmap


class EmblemImage(QLabel):
    """A game's emblem on its tile: the cached picture (a label draws it, without Python
    painting), drawn again for a screen of another pixel ratio."""

    def __init__(self, desc: GameDescription, size: int, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setObjectName("emblem")
        self.desc = desc
        self.side = size
        self.setFixedSize(size, size)
        self._ratio = 0.0
        self._update_pixmap()

    def figure(self) -> type[QWidget]:
        """The emblem class this picture shows (imports the game's UI plug-in)."""
        return emblem_class(self.desc.id)

    def _update_pixmap(self) -> None:
        ratio = self.devicePixelRatioF()
        if ratio != self._ratio:
            self._ratio = ratio
            self.setPixmap(emblem_pixmap(self.desc, self.side, ratio))

    def paintEvent(self, event: QPaintEvent) -> None:  # noqa: N802 - Qt's name
        self._update_pixmap()  # the window may have moved to a screen of another ratio
        super().paintEvent(event)
