"""A pytest plugin that writes each test's process CPU time (all threads, so bot workers too)
and wall time to a file: on a shared machine CPU time is the steadier measure (--durations
gives wall time, which the other jobs stretch two to four times).

    PYTHONPATH=tests CPU_TIMES=/tmp/cpu.txt python -m pytest -n0 -p cpu_times tests

Each line: CPU seconds, wall seconds, test id; the costliest first. Run it with -n0 (each xdist
worker would write the file over the others'). By file:

    awk '{split($3, p, "::"); s[p[1]] += $1} END {for (f in s) print s[f], f}' /tmp/cpu.txt
"""

from __future__ import annotations

import os
import time
from collections.abc import Iterator

import pytest

_ROWS: list[tuple[float, float, str]] = []


@pytest.hookimpl(wrapper=True)
def pytest_runtest_protocol(item: pytest.Item, nextitem: pytest.Item | None) -> Iterator[None]:
    cpu, wall = time.process_time(), time.perf_counter()
    try:
        return (yield)
    finally:
        _ROWS.append((time.process_time() - cpu, time.perf_counter() - wall, item.nodeid))


def pytest_sessionfinish(session: pytest.Session) -> None:
    out = os.environ.get("CPU_TIMES")
    if not out:
        return
    with open(out, "w", encoding="utf-8") as f:
        for cpu, wall, nodeid in sorted(_ROWS, reverse=True):
            f.write(f"{cpu:8.3f} {wall:8.3f} {nodeid}\n")
