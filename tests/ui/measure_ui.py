"""Measure the two figures the UI promises (a script, not a test).

    QT_QPA_PLATFORM=offscreen python tests/ui/measure_ui.py [--frames] [--startup]

--startup: starts the app three times and reports the time from process start until the main
window is shown (FROSTDESK_STARTUP_PROBE makes run_app report it and quit).
--frames: plays part of a 5-player game at normal animation speed in a 1920x1080 window and
times every paint of the table view (QGraphicsView.paintEvent) while animations run.
"""

from __future__ import annotations

import os
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

os.environ.setdefault("QT_QPA_PLATFORM", "offscreen")
ROOT = Path(__file__).resolve().parents[2]
sys.path.insert(0, str(ROOT))


def startup() -> None:
    env = dict(os.environ, FROSTDESK_STARTUP_PROBE="1",
               FROSTDESK_HOME=tempfile.mkdtemp(prefix="frostdesk-probe-"))
    for _ in range(3):
        out = subprocess.run([sys.executable, "-c",
                              "from frostdesk.app import run_app; run_app([])"],
                             cwd=ROOT, env=env, capture_output=True, text=True, timeout=60)
        print(out.stderr.strip().splitlines()[-1] if out.stderr.strip() else out)


def frames(actions: int = 10) -> None:
    os.environ["FROSTDESK_HOME"] = tempfile.mkdtemp(prefix="frostdesk-frames-")
    from frostdesk.app import _application, _build

    app = _application([])
    from PySide6.QtCore import QEventLoop

    from frostdesk.engine.session import Seat
    from frostdesk.settings import Settings

    bus, controller, window = _build(Settings(animation_speed="normal", bot_pause_ms=450),
                                     remember=False)
    window.resize(1920, 1080)
    window.show()
    app.processEvents()
    gs = window.game_screen
    view = gs.view
    samples: list[tuple[bool, float]] = []
    paint = type(view).paintEvent

    def timed(self, event):  # noqa: ANN001, ANN202
        t0 = time.perf_counter()
        paint(self, event)
        samples.append((gs.animator is not None and gs.animator.busy,
                        (time.perf_counter() - t0) * 1000.0))

    type(view).paintEvent = timed
    seats = [Seat("Ana")] + [Seat(f"Bot {i}", "bot", "heuristic") for i in range(1, 5)]
    controller.new_game("frost-shelter", seats, seed=12)

    def wait(cond, seconds):  # noqa: ANN001, ANN202
        end = time.time() + seconds
        while time.time() < end and not cond():
            app.processEvents(QEventLoop.ProcessEventsFlag.AllEvents, 5)

    done = 0
    while done < actions:
        wait(lambda: controller.my_turn() or controller.is_over(), 30)
        if controller.is_over():
            break
        action, _ = controller.hint()
        controller.request(action)
        done += 1
    wait(lambda: False, 1.0)
    anim = [ms for busy, ms in samples if busy]
    ordered = sorted(anim)
    print(f"1920x1080, {len(samples)} paints, {len(anim)} while animating "
          f"({done} human moves and the bots' moves between them)")
    print(f"animating paints: median {statistics.median(anim):.1f} ms, "
          f"p99 {ordered[int(len(ordered) * 0.99)]:.1f} ms, worst {ordered[-1]:.1f} ms; "
          f"first paint of the table {samples[0][1]:.1f} ms")
    print(f"over 33 ms: {sum(1 for ms in anim if ms > 33)} of {len(anim)}")


if __name__ == "__main__":
    args = set(sys.argv[1:]) or {"--startup", "--frames"}
    if "--startup" in args:
        startup()
    if "--frames" in args:
        frames()
    os._exit(0)
