"""Turns a sequence of table snapshots into animations.

Each step goes from the items as they are now to a new set of Specs: items that stay are
moved (pos, scale, rotation, flip), new items fly in from where they came from (a pile, the
market, an opponent's hidden hand), items that leave fly to where they went and are removed at
the end of the step. Steps run one after the other; every running animation group is kept in
`self._group` so Qt never drops it. Input is blocked while anything runs. Speed 0 snaps.
"""

from __future__ import annotations

from typing import Any
from collections.abc import Callable

from PySide6.QtCore import (
    QEasingCurve, QObject, QParallelAnimationGroup, QPointF, QPropertyAnimation,
    QSequentialAnimationGroup, QTimer, Signal,
)

from frostdesk.ui.table.layout import Spec
from frostdesk.ui.table.snapshot import HIDDEN, Snapshot

MOVE_MS = 300  # LOOK.md: 200-350 ms, ease-out
DEAL_STAGGER_MS = 40
PAUSE_AFTER = {"trick_won": 380, "damage_taken": 160, "expedition_draw": 120}
STATIC_KINDS = ("panel", "zone", "pile", "market", "marker")


class Step:
    """One animation step: the specs to reach and where new/leaving items come from/go."""

    def __init__(self, specs: dict[Any, Spec], snap: Snapshot, kind: str = "") -> None:
        self.specs = specs
        self.snap = snap
        self.kind = kind
        self.spawn_from = dict(snap.spawn_from)
        self.sink_to = dict(snap.sink_to)


class Animator(QObject):
    """Runs Steps on a TableScene (see the module docstring)."""

    finished = Signal()

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
        """Round-robin dealing order for the cards that appear in hands in this step."""
        order: dict[Any, int] = {}
        snap = step.snap
        hands = snap.hands
        seats = self.scene.layout.order if self.scene.layout else list(range(snap.n))
        longest = max((len(h) for h in hands), default=0)
        k = 0
        for i in range(longest):
            for seat in seats:
                if i < len(hands[seat]):
                    card = hands[seat][i]
                    key = ("back", seat, i) if card == HIDDEN else ("card", card)
                    order[key] = k
                    k += 1
        return order

    def _build(self, step: Step) -> QParallelAnimationGroup | None:
        scene = self.scene
        factor = self.speed()
        ms = max(1, int(MOVE_MS * factor))
        group = QParallelAnimationGroup(self)
        deal = step.kind in ("hand_dealt", "equipment_dealt")
        order = self._deal_order(step) if step.kind == "hand_dealt" else \
            {key: i for i, key in enumerate(step.spawn_from)}
        existing = scene.items_by_key
        moved = False
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
                if deal:
                    delay = int(order.get(key, 0) * DEAL_STAGGER_MS * factor
                                * (1 if step.kind == "hand_dealt" else 3))
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
                moved = True
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
            moved = True
        for item in warm:  # render faces now rather than during the first frames
            item.warm()
        pause = int(PAUSE_AFTER.get(step.kind, 0) * factor)
        if pause and group.animationCount():
            seq = QSequentialAnimationGroup()
            seq.addPause(pause + ms)
            group.addAnimation(seq)
        elif not moved and self._pile_data:
            pass
        return group
