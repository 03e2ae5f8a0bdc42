"""The Eternal Frost's map: where everything sits (from the board YAML and cards/.../table.yaml),
its scene and the view that zooms and pans (the items themselves are in pieces.py).

`MapLayout.specs(board, marks)` gives one Spec per item: the map itself (land, river, bridges,
paths and arrows), every space (with its hour badge while it is a legal destination), the
heroes, the creatures (and those on the shields), snow tokens, fires, gems and articles lying on
spaces, the box of defeated creatures and, while a sunrise plays, its steps with the current one
lit. `MapScene` makes the items and says where flying pieces come from and go to; `MapView`
fits the board into the window and zooms (wheel, +/−, 0 fits) and pans (drag).
"""

from __future__ import annotations

from functools import cache
from pathlib import Path
from types import SimpleNamespace
from typing import Any

from PySide6.QtCore import QRectF, Qt
from PySide6.QtGui import QWheelEvent
from PySide6.QtWidgets import QGraphicsView

from frostdesk.games.andor_eternal_frost.state import SHIELD
from frostdesk.paths import cards_dir
from frostdesk.ui.games.andor_eternal_frost.board import FrostBoard, face_shown
from frostdesk.ui.games.andor_eternal_frost.legend_pieces import LEGEND_PIECES, legend_specs
from frostdesk.ui.games.andor_eternal_frost.pieces import HERO_SHAPES, PIECES, MapPiece
from frostdesk.ui.kit.layout import Spec
from frostdesk.ui.kit.scene import TableScene
from frostdesk.ui.kit.screen import KeyedTableView

ZOOM_MIN, ZOOM_MAX = 0.5, 3.0


@cache
def table_data(folder: str = "") -> dict[str, Any]:
    """cards/andor-eternal-frost/table.yaml as it is."""
    from frostdesk.engine.catalogue import load_data

    path = Path(folder or cards_dir("andor-eternal-frost")) / "table.yaml"
    data: dict[str, Any] = load_data(path.read_text(encoding="utf-8"))
    return data


class MapLayout:
    """Places for one board (see the module docstring)."""

    def __init__(self, game: Any, board_id: str, names: list[str]) -> None:
        self.game = game
        self.board = game.content.boards[board_id]
        self.t = table_data()
        self.m = float(self.t["margin"])
        self.w = self.board.canvas[0] + 2 * self.m
        self.h = self.board.canvas[1] + 2 * self.m
        self.names = names  # the hero names the tokens' tooltips use

    def xy(self, space: int) -> tuple[float, float]:
        x, y = self.board.spaces[space].xy
        return x + self.m, y + self.m

    def shield_xy(self, k: int) -> tuple[float, float]:
        slot = self.t["shield_slot"]
        return (self.m + 40 + slot["w"] / 2 + k * (slot["w"] + slot["gap"]),
                self.h - self.m - slot["h"] / 2 - 10)

    def box_xy(self) -> tuple[float, float]:
        """The box of defeated creatures, kept inside the board's edge."""
        x, y = self.board.defeated_xy
        return min(x + self.m, self.w - self.m - 200), min(y + self.m, self.h - self.m - 60)

    def sunrise_xy(self) -> tuple[float, float]:
        """The sunrise list: in the board's emptiest corner (the right edge's upper half)."""
        return self.w - self.m - 170, self.m + 330

    def region_colour(self, space: int) -> str:
        sp = self.board.spaces[space]
        tints = self.t["regions"]
        if sp.kind == "lake":
            return str(tints.get("lake", "#3f6f96"))
        return str(tints.get(sp.region, "#7a8794"))

    def specs(self, fb: FrostBoard, marks: dict[str, Any]) -> dict[Any, Spec]:
        s = fb.state
        g = self.game
        out: dict[Any, Spec] = {}
        cx, cy = self.w / 2, self.h / 2
        out[("map",)] = Spec("map", cx, cy, 1.0, 0, 0, data={"board": self.board.id})
        costs: dict[int, str] = marks.get("costs", {})
        here = marks.get("here")
        for sid, sp in self.board.spaces.items():
            x, y = self.xy(sid)
            cost = costs.get(sid, "")
            out[("space", sid)] = Spec("space", x, y, 1.0, 0, 10, data={
                "id": sid, "name": sp.name, "tint": self.region_colour(sid), "kind": sp.kind,
                "cost": cost, "here": sid == here, "tip": marks.get("tips", {}).get(sid, "")})
        by_space: dict[int, list[int]] = {}
        for i in range(s.n):
            by_space.setdefault(s.space[i], []).append(i)
        ring = ((-40, 34), (40, 34), (-44, -26), (44, -26))
        for sid, heroes in by_space.items():
            x, y = self.xy(sid)
            for k, i in enumerate(heroes):
                dx, dy = ring[k % 4]
                hero = g.content.heroes[s.heroes[i]]
                out[("hero", i)] = Spec("hero", x + dx, y + dy, 1.0, 0, 40 + k, data={
                    "colour": self.t["heroes"].get(hero.colour, "#cccccc"),
                    "shape": HERO_SHAPES.get(s.heroes[i], "shield"),
                    "active": marks.get("active") == i, "ended": bool(s.ended[i]),
                    "tip": f"{self.names[i] if i < len(self.names) else hero.name}: "
                           f"{s.sp[i]} SP, {s.wp[i]} WP"})
        shielded = 0
        for num, (kind, where) in sorted(s.creatures.items()):
            if num in s.defeated:
                continue
            boss = str(kind) in s.bosses
            look = self.t["creatures"]["boss" if boss else str(kind)] \
                if boss or str(kind) in self.t["creatures"] else self.t["creatures"]["gor"]
            data = {"colour": look["colour"], "shape": look["shape"], "letter": look["letter"],
                    "boss": boss, "tip": f"{g.name(s, num)}: {g.creature_sp(s, num)} SP, "
                                          f"{g.creature_wp(s, num)} WP"}
            if where == SHIELD:
                x, y = self.shield_xy(s.shields.index(num) if num in s.shields else shielded)
                shielded += 1
                out[("creature", num)] = Spec("creature", x, y, 0.9, 0, 45, data=data)
            elif isinstance(where, int) and where in self.board.spaces:
                x, y = self.xy(where)
                out[("creature", num)] = Spec("creature", x, y - 10, 1.0, 0, 45, data=data)
        for k in range(g.shield_count(s)):
            x, y = self.shield_xy(k)
            out[("shield", k)] = Spec("shield", x, y, 1.0, 0, 5, data={"first": k == 0})
        bx, by = self.box_xy()
        out[("box",)] = Spec("box", bx, by, 1.0, 0, 5, data={"count": len(s.defeated)})
        for sid, (face, up) in s.snow.items():
            x, y = self.xy(sid)
            out[("snow", sid)] = Spec("snow", x - 44, y - 40, 1.0, 0, 30,
                                      data={"face": face_shown(face) if up else ""})
        for sid, lit in s.fires.items():
            x, y = self.xy(sid)
            out[("fire", sid)] = Spec("fire", x + 44, y - 40, 1.0, 0, 30, data={"lit": lit})
        for sid in s.gems:
            x, y = self.xy(sid)
            out[("gem", sid)] = Spec("gem", x, y + 50, 1.0, 0, 30, data={})
        for sid, items in s.items.items():
            x, y = self.xy(sid)
            for k, item in enumerate(items):
                out[("article", sid, k)] = Spec("article", x + 46 + 8 * k, y + 38 - 8 * k, 1.0,
                                                0, 31 + k, data={
                                                    "item": item,
                                                    "tip": g.article_name(item)})
        legend_specs(self, fb, out)
        if fb.sunrise >= 0:
            x, y = self.sunrise_xy()
            out[("sunrise",)] = Spec("sunrise", x, y, 1.0, 0, 60, data={"step": fb.sunrise})
        return out


# ---------------------------------------------------------------------------- scene and view


class MapScene(TableScene):
    """The kit's table scene with the map's items; its size is the board's, set per game."""

    layout: MapLayout | None

    def __init__(self, game: Any, parent: Any = None) -> None:
        m = float(table_data()["margin"])
        w, h = max((b.canvas for b in game.content.boards.values()), default=(2400, 1600))
        shim = SimpleNamespace(content=SimpleNamespace(table={
            "size": {"w": w + 2 * m, "h": h + 2 * m}}))
        super().__init__(shim, parent)
        self.game = game

    def use_layout(self, layout: MapLayout) -> None:
        self.layout = layout
        self.setSceneRect(QRectF(0, 0, layout.w, layout.h))

    def make_item(self, key: Any, spec: Spec) -> MapPiece:
        assert self.layout is not None
        kind = PIECES.get(spec.kind) or LEGEND_PIECES[spec.kind]
        return kind(key, spec, self.game, self.layout)

    def place(self, item: Any, spec: Spec) -> None:
        item.setPos(spec.x, spec.y)
        item.setScale(spec.scale)
        item.setRotation(spec.rot)
        item.setZValue(spec.z)

    def anchor_state(self, anchor: Any, key: Any, spec: Spec | None, leaving: bool = False
                     ) -> tuple[float, float, float, float, bool] | None:
        lay = self.layout
        if lay is None or anchor is None:
            return None
        if anchor[0] == "space" and anchor[1] in lay.board.spaces:
            x, y = lay.xy(int(anchor[1]))
            return x, y, 1.0, 0.0, True
        if anchor == ("box",):
            x, y = lay.box_xy()
            return x, y, 0.6, 0.0, True
        if anchor == ("shield",):
            x, y = lay.shield_xy(0)
            return x, y, 0.9, 0.0, True
        return None


class MapView(KeyedTableView):
    """The map fitted to the window, zoomed from 50% to 300% of that (wheel, +, −; 0 fits
    again) and panned by dragging the board; the zoom is kept while the window resizes."""

    def __init__(self) -> None:
        super().__init__()
        self.zoom = 1.0
        self.setDragMode(QGraphicsView.DragMode.ScrollHandDrag)
        self.setTransformationAnchor(QGraphicsView.ViewportAnchor.AnchorUnderMouse)

    def fit(self) -> None:
        scene = self.scene()
        if scene is None:
            return
        centre = self.mapToScene(self.viewport().rect().center())
        self.fitInView(scene.sceneRect(), Qt.AspectRatioMode.KeepAspectRatio)
        if self.zoom != 1.0:
            self.scale(self.zoom, self.zoom)
            self.centerOn(centre)
        k = self.transform().m11() * self.devicePixelRatioF()
        if isinstance(scene, TableScene):
            scene.set_cache_scale(k)

    def set_zoom(self, zoom: float) -> None:
        zoom = max(ZOOM_MIN, min(ZOOM_MAX, zoom))
        if abs(zoom - self.zoom) < 1e-6:
            return
        self.zoom = zoom
        self.fit()

    def wheelEvent(self, event: QWheelEvent) -> None:  # noqa: N802
        steps = event.angleDelta().y() / 120
        if steps:
            self.set_zoom(self.zoom * 1.2 ** steps)
        event.accept()
