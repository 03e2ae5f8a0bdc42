"""Turns a sequence of table states into animations, for every game's table.

Each step goes from the items as they are now to a new set of Specs: items that stay are
moved (pos, scale, rotation, flip), new items fly in from where they came from (a pile, another
item, a seat), items that leave fly to where they went and are removed at the end of the
step; the scene says where those places are (`TableScene.anchor_state`). Steps run one after
the other; every running animation group is kept in `self._group` so Qt never drops it. Input
is blocked while anything runs. Speed 0 snaps. A game's animator may rest after some kinds of
step (`pause_after`) and deal the new items of others one after another (`stagger`).
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from PySide6.QtCore import (
    QEasingCurve,
    QObject,
    QParallelAnimationGroup,
    QPointF,
    QPropertyAnimation,
    QSequentialAnimationGroup,
    QTimer,
    Signal,
)

from frostdesk.ui.kit.layout import Spec

MOVE_MS = 300  # LOOK.md: 200-350 ms, ease-out
DEAL_STAGGER_MS = 40


class Step:
    """One animation step: the specs to reach and where new/leaving items come from/go.

    `snap` is the game's table state after the step; it brings the `spawn_from` and `sink_to`
    anchors (item key -> anchor) of the items that arrive and leave in it.
    """

    def __init__(self, specs: dict[Any, Spec], snap: Any, kind: str = "") -> None:
        self.specs = specs
        self.snap = snap
        self.kind = kind
        self.spawn_from = dict(snap.spawn_from)
        self.sink_to = dict(snap.sink_to)


class Animator(QObject):
    """Runs Steps on a TableScene (see the module docstring)."""

    finished = Signal()
    pause_after: dict[str, int] = {}  # step kind -> rest after it (ms at normal speed)
    stagger: dict[str, int] = {}  # step kind -> DEAL_STAGGER_MS multiples between new items

    def __init__(self, scene: Any, speed: Callable[[], float]) -> None:
        # a child of the scene: deleting the table deletes its running animations too, so
        # none finishes later on pieces that are gone
        super().__init__(scene)
        self.scene = scene
        self.speed = speed
        self._steps: list[Step] = []
        self._group: QParallelAnimationGroup | None = None
        self._leaving: list[Any] = []
        self._pile_data: dict[Any, dict[str, Any]] = {}
        self._busy = False

    @property
    def busy(self) -> bool:
        return self._busy

    # ------------------------------------------------------------------ entry points

    def run(self, steps: list[Step]) -> None:
        """Animate the steps in order, then emit `finished` (asynchronously, always)."""
        self._finish_now()
        self._busy = True
        self.scene.set_input_enabled(False)
        factor = self.speed()
        if factor <= 0 or not steps:
            if steps:
                self.scene.apply_specs(steps[-1].specs)
            QTimer.singleShot(0, self, self._done)  # dropped if the table is deleted first
            return
        self._steps = list(steps)
        self._next()

    def stop(self) -> None:
        """Finish whatever runs now (the table is being replaced)."""
        self._finish_now()
        self._busy = False

    def snap(self, specs: dict[Any, Spec]) -> None:
        """Jump to `specs` without animating (new table, hand-off, resize)."""
        self._finish_now()
        self.scene.apply_specs(specs)

    # ------------------------------------------------------------------ internals

    def _finish_now(self) -> None:
        """Stop a running animation and put everything where it was going."""
        group, self._group = self._group, None
        steps, self._steps = self._steps, []
        if group is not None:
            group.stop()
            self._end_step()
        if steps:
            self.scene.apply_specs(steps[-1].specs)

    def _next(self) -> None:
        while self._steps:
            step = self._steps.pop(0)
            group = self._build(step)
            if group is not None and group.animationCount():
                self._group = group
                group.finished.connect(self._step_finished)
                group.start()
                return
            self._end_step()
        self._done()

    def _step_finished(self) -> None:
        self._group = None
        self._end_step()
        self._next()

    def _end_step(self) -> None:
        for item in self._leaving:
            self.scene.remove_item(item)
        self._leaving = []
        for key, data in self._pile_data.items():
            item = self.scene.items_by_key.get(key)
            if item is not None:
                item.set_data(data)
        self._pile_data = {}
        self.scene.restore_z()

    def _done(self) -> None:
        self._busy = False
        self.scene.set_input_enabled(True)
        self.finished.emit()

    def _anim(self, item: Any, prop: bytes, end: Any, ms: int, delay: int,
              group: QParallelAnimationGroup) -> None:
        a = QPropertyAnimation(item, prop)
        a.setDuration(ms)
        a.setEndValue(end)
        a.setEasingCurve(QEasingCurve.Type.OutCubic)
        if delay > 0:
            seq = QSequentialAnimationGroup()
            seq.addPause(delay)
            seq.addAnimation(a)
            group.addAnimation(seq)
        else:
            group.addAnimation(a)

    def _deal_order(self, step: Step) -> dict[Any, int]:
        """The order in which the new items of a staggered step arrive (the order of
        `step.spawn_from` unless the game says otherwise)."""
        return {key: i for i, key in enumerate(step.spawn_from)}

    def _build(self, step: Step) -> QParallelAnimationGroup | None:
        scene = self.scene
        factor = self.speed()
        ms = max(1, int(MOVE_MS * factor))
        group = QParallelAnimationGroup(self)
        stagger = self.stagger.get(step.kind, 0)
        order = self._deal_order(step) if stagger else {}
        existing = scene.items_by_key
        warm: list[Any] = []
        for key, spec in step.specs.items():
            item = existing.get(key)
            delay = 0
            if item is None:
                anchor = step.spawn_from.get(key)
                item = scene.add_item(key, spec)
                start = scene.anchor_state(anchor, key, spec)
                if start is None:
                    scene.place(item, spec)
                    continue
                x, y, scale, rot, face = start
                item.setPos(QPointF(x, y))
                item.setScale(scale)
                item.setRotation(rot)
                if hasattr(item, "flip"):
                    item.flip = 1.0 if face else 0.0
                if stagger:
                    delay = int(order.get(key, 0) * DEAL_STAGGER_MS * factor * stagger)
            else:
                if spec.kind == "pile":
                    self._pile_data[key] = spec.data
                else:
                    item.set_data(spec.data)
            if hasattr(item, "warm"):
                item.base_scale = spec.scale
                warm.append(item)
            target = QPointF(spec.x, spec.y)
            changed = False
            if (item.pos() - target).manhattanLength() > 0.5:
                self._anim(item, b"pos", target, ms, delay, group)
                changed = True
            if abs(item.scale() - spec.scale) > 1e-3:
                self._anim(item, b"scale", spec.scale, ms, delay, group)
                changed = True
            if abs(item.rotation() - spec.rot) > 0.05:
                self._anim(item, b"rotation", spec.rot, ms, delay, group)
                changed = True
            if hasattr(item, "flip"):
                want = 1.0 if spec.face else 0.0
                if abs(item.flip - want) > 1e-3:
                    self._anim(item, b"flip", want, ms, delay, group)
                    changed = True
            if changed:
                item.setZValue(spec.z + 1000)
            else:
                item.setZValue(spec.z)
            scene.target_z[key] = spec.z
        for key in list(existing):
            if key in step.specs:
                continue
            item = existing[key]
            anchor = step.sink_to.get(key)
            end = scene.anchor_state(anchor, key, None, leaving=True)
            scene.forget(key)
            if end is None:
                scene.remove_item(item)
                continue
            x, y, scale, rot, face = end
            self._anim(item, b"pos", QPointF(x, y), ms, 0, group)
            self._anim(item, b"scale", scale, ms, 0, group)
            self._anim(item, b"rotation", rot, ms, 0, group)
            if hasattr(item, "flip"):
                self._anim(item, b"flip", 1.0 if face else 0.0, ms, 0, group)
            item.setZValue(item.zValue() + 1500)
            self._leaving.append(item)
        for item in warm:  # render faces now rather than during the first frames
            item.warm()
        pause = int(self.pause_after.get(step.kind, 0) * factor)
        if pause and group.animationCount():
            seq = QSequentialAnimationGroup()
            seq.addPause(pause + ms)
            group.addAnimation(seq)
        return group
