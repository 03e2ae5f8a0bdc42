"""Plays what the rules report (engine/motion.py) on a game's table, the same way for every game.

A batch of events becomes a list of steps. For each event the screen gives the motions the
game's rules say it caused; `MotionPlan` applies them to a copy of the table the screen shows
(the game's `Board`: what each of its zones holds, in the game's own terms), asks the game's
layout where every item rests on that table (one `Spec` per item key; a piece's name is its
item's key), and notes where the pieces that arrive come from and where the ones that leave go:
the motion's zones, which the game's scene turns into places on the table
(`TableScene.anchor_state`, the locator). The last step always goes to the real view after the
batch, so a table that motions describe only in part (or not at all: a game whose motions are
all empty) still ends right; a game without motions simply moves to each new state.

Each step goes from the items as they are now to its Specs: items that stay are moved (pos,
scale, rotation, flip), new items fly in from where they came from, items that leave fly to
where they went and are removed at the end of the step. Items that stay put take their new
looks (counts, badges, headers) when the step's movements end, since those movements cause
them (`settles`), and a moving item shows the badges its arrival causes once it has landed
(`late_keys`); a step in which nothing moves shows its new looks at once. Steps run one after
the other; every running animation group is kept in `self._group` so Qt never drops it. Input
is blocked while anything runs. Speed 0 snaps. A game's animator may rest after some kinds of
step (`pause_after`), deal the new items of others one after another (`stagger`) and play
consecutive events of a kind as one step (`merge`).
"""

from __future__ import annotations

from collections.abc import Callable, Hashable, Sequence
from typing import Any, Protocol

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

from frostdesk.engine.motion import Changed, Motion, Moved, Ref
from frostdesk.ui.kit.layout import Spec

MOVE_MS = 300  # LOOK.md: 200-350 ms, ease-out
DEAL_STAGGER_MS = 40


class Board(Protocol):
    """The table a game's screen shows, in the game's own terms (which pieces each zone holds,
    its counters and marks), as motions change it. The game's layout places items from it."""

    def copy(self) -> Any:
        """An independent copy (the next step's table)."""
        ...

    def apply(self, motion: Motion) -> Sequence[Ref]:
        """Change the board as `motion` says; return the pieces it moved (for a `Moved` of
        `ALL`, every piece the source zone held; none for pieces shown only as a count)."""
        ...


class Step:
    """One animation step: the specs to reach and where new/leaving items come from/go.

    `snap` is the game's table after the step (its Board); `spawn_from` and `sink_to` map the
    key of an item that arrives / leaves to the zone it comes from / goes to (missing: the
    scene's usual place for it).
    """

    def __init__(self, specs: dict[Any, Spec], snap: Any, kind: str = "",
                 spawn_from: dict[Any, Any] | None = None,
                 sink_to: dict[Any, Any] | None = None) -> None:
        self.specs = specs
        self.snap = snap
        self.kind = kind
        self.spawn_from = dict(spawn_from or {})
        self.sink_to = dict(sink_to or {})


def _under(key: Hashable, prefix: Ref) -> bool:
    """Whether item `key` shows part of the value `prefix` (tokens ("tok", 1, 2, i) of the
    count ("tok", 1, 2))."""
    return isinstance(key, tuple) and len(key) > len(prefix) and key[:len(prefix)] == prefix


class MotionPlan:
    """Turns a batch of events' motions into Steps (see the module docstring).

    `board` is the table shown now, `place(board)` the layout's Specs for a board, `merge` the
    event kinds whose consecutive events play as one step.
    """

    def __init__(self, board: Board, place: Callable[[Any], dict[Any, Spec]],
                 merge: Sequence[str] = ()) -> None:
        self.board = board
        self.place = place
        self.merge = tuple(merge)
        self.steps: list[Step] = []
        self._specs = place(board)

    def add(self, kind: str, motions: Sequence[Motion]) -> None:
        """One event's motions: the next step (or part of the last one, when merged). An
        event that moved nothing adds no step."""
        if not motions:
            return
        board = self.board.copy()
        spawn: dict[Any, Any] = {}
        sink: dict[Any, Any] = {}
        places: list[tuple[Ref, Ref]] = []
        for m in motions:
            moved = board.apply(m)
            if isinstance(m, Moved):
                for piece in moved:
                    if m.source is not None:
                        spawn[piece] = m.source
                    sink[piece] = m.target
            elif isinstance(m, Changed) and m.place is not None:
                places.append((m.what, m.place))
        specs = self.place(board)
        for what, where in places:
            for key in specs.keys() - self._specs.keys():
                if _under(key, what):
                    spawn[key] = where
            for key in self._specs.keys() - specs.keys():
                if _under(key, what):
                    sink[key] = where
        last = self.steps[-1] if self.steps else None
        if last is not None and last.kind == kind and kind in self.merge:
            spawn = {**last.spawn_from, **spawn}
            sink = {**last.sink_to, **sink}
            self.steps.pop()
        self.steps.append(Step(specs, board, kind, spawn, sink))
        self.board = board
        self._specs = specs

    def finish(self, final: Board, kind: str = "sync") -> list[Step]:
        """The steps, ending on `final` (the real table after the batch)."""
        return [*self.steps, Step(self.place(final), final, kind)]


class Animator(QObject):
    """Runs Steps on a TableScene (see the module docstring)."""

    finished = Signal()
    pause_after: dict[str, int] = {}  # step kind -> rest after it (ms at normal speed)
    stagger: dict[str, int] = {}  # step kind -> DEAL_STAGGER_MS multiples between new items
    merge: tuple[str, ...] = ()  # event kinds whose consecutive events play as one step
    # data entries (badges) an item that moves shows only once it has landed: what its
    # arrival caused (the winning card of a trick, say)
    late_keys: tuple[str, ...] = ()
    # data entries that follow the status line (whose turn it is): shown at once, even on an
    # item whose other looks wait for the step's movements to end
    prompt_keys: tuple[str, ...] = ()

    def __init__(self, scene: Any, speed: Callable[[], float]) -> None:
        # a child of the scene: deleting the table deletes its running animations too, so
        # none finishes later on pieces that are gone
        super().__init__(scene)
        self.scene = scene
        self.speed = speed
        self._steps: list[Step] = []
        self._group: QParallelAnimationGroup | None = None
        self._leaving: list[Any] = []
        self._late_data: dict[Any, dict[str, Any]] = {}
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

    def plan(self, board: Board, place: Callable[[Any], dict[Any, Spec]]) -> MotionPlan:
        """A MotionPlan from `board` (the table shown now) with this animator's merging."""
        return MotionPlan(board, place, self.merge)

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
        self._show_late_data()
        self.scene.restore_z()

    def _show_late_data(self) -> None:
        for key, data in self._late_data.items():
            item = self.scene.items_by_key.get(key)
            if item is not None:
                item.set_data(data)
        self._late_data = {}

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

    def settles(self, key: Any, spec: Spec) -> bool:
        """Whether an item that stays put in a step takes its new data (a count, a badge, a
        heading) only when the step's movements end, because they cause it. Piles always do
        (their count changes when the card lands); a game adds its own kinds."""
        return spec.kind == "pile"

    def _hold_badges(self, key: Any, item: Any, spec: Spec, shown: dict[str, Any]) -> None:
        """Give a moving item its new data but the `late_keys` it showed (`shown`) until the
        step ends."""
        late = [k for k in self.late_keys if spec.data.get(k) != shown.get(k)]
        if not late:
            item.set_data(spec.data)
            return
        flying = {k: v for k, v in spec.data.items() if k not in late}
        flying.update({k: shown[k] for k in late if k in shown})
        item.set_data(flying)
        self._late_data[key] = spec.data

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
        touched = False  # some item takes new data
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
                self._hold_badges(key, item, spec, {})
                item.setPos(QPointF(x, y))
                item.setScale(scale)
                item.setRotation(rot)
                if hasattr(item, "flip"):
                    item.flip = 1.0 if face else 0.0
                if stagger:
                    delay = int(order.get(key, 0) * DEAL_STAGGER_MS * factor * stagger)
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
            if key in existing and item.data != spec.data and key not in self._late_data:
                touched = True
                if not changed and self.settles(key, spec):
                    self._late_data[key] = spec.data
                    now = {k: spec.data[k] for k in self.prompt_keys
                           if k in spec.data and spec.data[k] != item.data.get(k)}
                    if now:
                        item.set_data({**item.data, **now})
                elif changed:
                    self._hold_badges(key, item, spec, item.data)
                else:
                    item.set_data(spec.data)
            if hasattr(item, "warm"):
                item.base_scale = spec.scale
                warm.append(item)
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
        moves = group.animationCount()
        if not moves:  # nothing moves: the new looks show at once (then the rest, if any)
            self._show_late_data()
        elif self._late_data:  # ... or as soon as the last movement ends (before any rest)
            landed = QSequentialAnimationGroup()
            landed.addPause(max(a.totalDuration() for a in
                                (group.animationAt(i) for i in range(moves))))
            landed.finished.connect(self._show_late_data)
            group.addAnimation(landed)
        for item in warm:  # render faces now rather than during the first frames
            item.warm()
        pause = int(self.pause_after.get(step.kind, 0) * factor)
        if pause and (moves or touched):  # after the movements, or at once if none
            seq = QSequentialAnimationGroup()
            seq.addPause(pause + (ms if moves else 0))
            group.addAnimation(seq)
        return group
