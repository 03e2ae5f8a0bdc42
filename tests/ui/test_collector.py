"""The cycle collector runs on the UI thread only (frostdesk/ui/collector.py)."""

from __future__ import annotations

import gc
import threading
from typing import Any

import pytest

from frostdesk.ui.collector import collect_due, collect_on_ui_thread


def _cycles(n: int) -> None:
    for _ in range(n):
        a: list[Any] = []
        a.append(a)  # garbage only the cycle collector frees


@pytest.fixture
def collections() -> Any:
    """The threads on which a collection started, while the test runs."""
    seen: list[str] = []

    def note(phase: str, info: dict[str, int]) -> None:
        if phase == "start":
            seen.append(threading.current_thread().name)

    gc.callbacks.append(note)
    yield seen
    gc.callbacks.remove(note)


def test_a_bots_thread_never_runs_the_collector_the_ui_thread_does(qtbot: Any,
                                                                    collections: list[str]) -> None:
    timer = collect_on_ui_thread(None, interval_ms=20)
    try:
        assert not gc.isenabled()
        worker = threading.Thread(target=_cycles, args=(50_000,), name="bot")
        worker.start()
        worker.join()
        assert "bot" not in collections  # automatic collection would have run there
        qtbot.waitUntil(lambda: "MainThread" in collections, timeout=2000)
        assert set(collections) == {"MainThread"}
        assert gc.get_count()[0] <= gc.get_threshold()[0]  # the timer caught up
    finally:
        timer.stop()
        timer.deleteLater()


def test_collect_due_waits_for_the_youngest_generation_to_fill(collections: list[str]) -> None:
    assert not gc.isenabled()  # tests/conftest.py: the run collects between tests
    gc.collect()
    collections.clear()
    _cycles(gc.get_threshold()[0] // 2)
    assert collect_due() == 0 and not collections
    _cycles(gc.get_threshold()[0] + 10)
    assert collect_due() > 0 and collections == ["MainThread"]
