"""Python's cycle collector runs on the UI thread only.

Bots think on a worker thread (bot_worker.py). Python's automatic cycle collector runs in
whichever thread allocates when a generation fills up. When that is a bot's thread and the
garbage holds a widget (a closed dialog kept alive by a cycle through a connected lambda), the
widget is deleted off the UI thread, possibly while the UI thread lays it out: the process
crashes (seen in the test suite: a grid layout resizing a widget that had just been freed, in a
test worker whose message thread had run the collector). So the automatic collector is off and
a timer on the UI thread collects what it would have collected, generation by generation.

Qt is imported only by `collect_on_ui_thread`: the tests call `collect_due` between tests
without loading Qt.
"""

from __future__ import annotations

import gc
from typing import Any


def collect_due() -> int:
    """Collect what the automatic collector would by now: the oldest generation whose count
    passed its threshold (nothing while the youngest has not filled). Returns what it freed."""
    t0, t1, t2 = gc.get_threshold()
    c0, c1, c2 = gc.get_count()
    if c0 <= t0:
        return 0
    generation = 2 if c2 > t2 else 1 if c1 > t1 else 0
    return gc.collect(generation)


def collect_on_ui_thread(parent: Any, interval_ms: int = 250) -> Any:
    """Turn the automatic collector off and run `collect_due` from a timer owned by `parent`
    (a QObject of the UI thread, the application). Returns the timer."""
    from PySide6.QtCore import QTimer

    gc.disable()
    timer = QTimer(parent)
    timer.setInterval(interval_ms)
    timer.timeout.connect(collect_due)
    timer.start()
    return timer
