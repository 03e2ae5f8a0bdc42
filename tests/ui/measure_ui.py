"""Measure the two figures the UI promises (a script, not a test).

    QT_QPA_PLATFORM=offscreen python tests/ui/measure_ui.py [--frames] [--startup]
        [--compare OTHER_CHECKOUT]

--startup: starts a bare PySide6 window and the app in turns, nine times each, and reports the
medians of the time until each window is shown and the event loop idle, and their ratio
(FROSTDESK_STARTUP_PROBE makes run_app report and quit). --compare also starts the app of
another checkout (e.g. `git archive <commit>` unpacked) in the same turns, each with its own
home folder: a before and after measured in the same minutes.
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


BARE_WINDOW = """
import sys, time
from PySide6.QtCore import QTimer
from PySide6.QtWidgets import QApplication, QLabel, QMainWindow
app = QApplication([])
w = QMainWindow(); w.setCentralWidget(QLabel("hello")); w.resize(1280, 720); w.show()
def probe():
    sys.stderr.write(f"startup-probe: cpu {time.process_time() * 1000:.0f} ms\\n")
    app.quit()
QTimer.singleShot(0, probe); app.exec()
"""


HOME = tempfile.mkdtemp(prefix="fd-probe-")


def _probe(code: str, root: Path = ROOT, home: str = HOME) -> tuple[float, float]:
    """(wall ms until the event loop is idle with the window shown, CPU ms by then)."""
    env = {k: v for k, v in os.environ.items() if k != "PYTHONDONTWRITEBYTECODE"}
    env.update(FROSTDESK_STARTUP_PROBE="1", FROSTDESK_HOME=home)
    t0 = time.perf_counter()
    proc = subprocess.Popen([sys.executable, "-c", code], cwd=root, env=env, text=True,
                            stdout=subprocess.DEVNULL, stderr=subprocess.PIPE)
    assert proc.stderr is not None
    wall, cpu = -1.0, -1.0
    for line in proc.stderr:
        if "startup-probe" in line:
            wall = (time.perf_counter() - t0) * 1000
            cpu = float(line.rsplit("cpu ", 1)[1].split()[0])
            break
    proc.wait(timeout=60)
    return wall, cpu


def startup(runs: int = 9, other: Path | None = None) -> None:
    """The app against a bare PySide6 window (a QMainWindow with a label), started in turns
    so a busy moment slows both alike: medians of wall time to an idle event loop with the
    window shown, and of the CPU time spent by then (steadier on a loaded machine). Byte
    code is written and used, as an installed app does, and every start shares one home
    folder, as a player's starts do (the warm-up start is the first one after installing)."""
    app_code = "from frostdesk.app import run_app; run_app([])"
    other_home = tempfile.mkdtemp(prefix="fd-probe-other-")
    _probe(BARE_WINDOW), _probe(app_code)  # warm the byte code and the file cache
    if other is not None:
        _probe(app_code, other, other_home)
    bare, ours, theirs = [], [], []
    for _ in range(runs):
        bare.append(_probe(BARE_WINDOW))
        ours.append(_probe(app_code))
        if other is not None:
            theirs.append(_probe(app_code, other, other_home))
    for i, name in ((0, "wall"), (1, "cpu")):
        b = statistics.median(x[i] for x in bare)
        a = statistics.median(x[i] for x in ours)
        line = f"{name}: bare PySide6 window {b:.0f} ms, frostdesk {a:.0f} ms, ratio {a / b:.2f}"
        if theirs:
            t = statistics.median(x[i] for x in theirs)
            line += f"; {other.name if other else ''} {t:.0f} ms, ratio {t / b:.2f}"
        print(line)


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
    argv = sys.argv[1:]
    compare = None
    if "--compare" in argv:
        at = argv.index("--compare")
        if at + 1 >= len(argv) or not (Path(argv[at + 1]) / "frostdesk" / "app.py").is_file():
            sys.exit("--compare needs a checkout of frostdesk (a folder holding frostdesk/app.py)")
        compare = Path(argv[at + 1]).resolve()
        del argv[at:at + 2]
    args = set(argv) or {"--startup", "--frames"}
    if "--startup" in args:
        startup(other=compare)
    if "--frames" in args:
        frames()
    os._exit(0)
