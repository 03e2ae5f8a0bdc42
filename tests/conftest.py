"""Test set-up: Qt offscreen, every user folder in a temporary FROSTDESK_HOME, and a test fails
when the app logs an error or an exception escapes a Qt slot during it."""

from __future__ import annotations

import gc
import logging
import os
import re
import sys
import traceback
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

os.environ.setdefault("QT_QPA_PLATFORM", "offscreen")
ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT / "tests"))

pytest_plugins = ["pytester"]  # tests/test_guard.py runs tests that must fail


@pytest.fixture(autouse=True)
def _no_fsync(monkeypatch: pytest.MonkeyPatch) -> None:
    """Saves skip fsync: no test pulls the power, and on the shared disk each call waited
    5-9 ms (an autosave follows every move of a game played through the window). The write,
    the flush and the atomic replace still run; tests/ui/test_saving.py replaces it itself."""
    monkeypatch.setattr(os, "fsync", lambda fd: None)


@pytest.fixture(autouse=True)
def _frostdesk_home(tmp_path_factory: pytest.TempPathFactory,
                    monkeypatch: pytest.MonkeyPatch) -> Path:
    home = tmp_path_factory.mktemp("home")
    monkeypatch.setenv("FROSTDESK_HOME", str(home))
    return home


def _qt_app() -> object | None:
    qt = sys.modules.get("PySide6.QtWidgets")
    return qt.QApplication.instance() if qt is not None else None


@pytest.fixture(autouse=True)
def _look_put_back() -> Iterator[None]:
    """A test leaves the application's look as it found it. The screenshot command run in
    the test's process themes the application (as the app does), and every later test in
    that worker saw the app's fonts and sheet instead of Qt's plain ones (the start screen's
    fit test then failed or passed by the order xdist gave the tests)."""
    from qt_look import put_back, saved_look

    app: Any = _qt_app()
    saved = None if app is None else saved_look(app)
    yield
    if saved is not None and app is _qt_app():
        put_back(app, saved)


class _Trouble(logging.Handler):
    """Keeps every record at ERROR or above, with its traceback, as text."""

    def __init__(self) -> None:
        super().__init__(logging.ERROR)
        self.found: list[str] = []

    def emit(self, record: logging.LogRecord) -> None:
        try:
            text = self.format(record)
        except Exception:  # noqa: BLE001 - a record that does not format is still a record
            text = str(record.msg)
        self.found.append(f"{record.levelname} logged by {record.name}: {text}")


@pytest.fixture(autouse=True)
def _errors_fail_the_test(request: pytest.FixtureRequest) -> Iterator[None]:
    """Fail the test when, during it, a `frostdesk` logger records an ERROR (or worse) or an
    exception escapes a Qt slot or virtual (PySide6 hands those to sys.excepthook, from any
    thread). The hook is ours for the whole test, with or without qtbot; pytest-qt's own
    capture keeps the moments before and after.

    A test that provokes an error on purpose names it: @pytest.mark.expect_errors("regex",
    ...). Each regex is searched in the log text or the traceback; an error that none matches
    fails the test, and so does a regex that matches nothing.
    """
    trouble = _Trouble()
    logger = logging.getLogger("frostdesk")
    logger.addHandler(trouble)
    before = sys.excepthook

    def hook(exc_type: type[BaseException], exc: BaseException, tb: object) -> None:
        if issubclass(exc_type, KeyboardInterrupt):
            before(exc_type, exc, tb)  # type: ignore[arg-type]
            return
        text = "".join(traceback.format_exception(exc_type, exc, tb))  # type: ignore[arg-type]
        sys.stderr.write(text)
        trouble.found.append("exception escaped to sys.excepthook (a Qt slot?):\n" + text)

    sys.excepthook = hook
    try:
        yield
        qt = sys.modules.get("PySide6.QtWidgets")
        if qt is not None and qt.QApplication.instance() is not None:
            qt.QApplication.instance().processEvents()  # what the test left queued
    finally:
        sys.excepthook = before
        logger.removeHandler(trouble)
    expected = [p for m in request.node.iter_markers("expect_errors") for p in m.args]
    unexpected = [t for t in trouble.found if not any(re.search(p, t) for p in expected)]
    if unexpected:
        pytest.fail(f"{len(unexpected)} unexpected error(s) during the test "
                    "(mark it @pytest.mark.expect_errors(regex) if it provokes them):\n"
                    + "\n".join(unexpected), pytrace=False)
    call = getattr(request.node, "_call_report", None)
    if call is not None and call.passed:  # a test that failed has said enough
        missing = [p for p in expected if not any(re.search(p, t) for t in trouble.found)]
        if missing:
            pytest.fail(f"expect_errors{tuple(missing)}: no such error happened", pytrace=False)


@pytest.hookimpl(wrapper=True)
def pytest_make_collect_report(collector: pytest.Collector) -> Iterator[pytest.CollectReport]:
    """Keep the test modules pytest rewrote (their asserts) even where the shell sets
    PYTHONDONTWRITEBYTECODE, as this machine's does: otherwise every pytest process, and each
    xdist worker, rewrites all of them again, about 6 s of CPU each (docs/performance.md).
    Only while pytest collects; the files go to the git-ignored __pycache__ folders."""
    saved = sys.dont_write_bytecode
    sys.dont_write_bytecode = False
    try:
        return (yield)
    finally:
        sys.dont_write_bytecode = saved


@pytest.hookimpl(wrapper=True)
def pytest_runtest_makereport(item: pytest.Item, call: pytest.CallInfo[None]) -> Iterator[None]:
    report = yield
    if report.when == "call":
        item._call_report = report  # type: ignore[attr-defined]  # read by the fixture above
    return report


def pytest_configure(config: pytest.Config) -> None:
    """Python's automatic cycle collector is off for the run and collects on the main thread
    between tests (the app does the same with a timer, frostdesk/ui/collector.py): left on,
    it ran in an xdist worker's message thread or a bot's thread and freed a widget left from
    an earlier test there, while the main thread laid it out (a segmentation fault)."""
    gc.disable()


def pytest_collection_finish(session: pytest.Session) -> None:
    """What exists once the tests are collected (modules, test functions, parameters) lives
    to the end: frozen, no collection walks it again (each of pytest's own collections at
    the end of a run walked it all, about 0.7 s in each process)."""
    gc.freeze()


@pytest.hookimpl(wrapper=True)
def pytest_runtest_protocol(item: pytest.Item, nextitem: pytest.Item | None) -> Iterator[None]:
    try:
        return (yield)
    finally:
        from frostdesk.ui.collector import collect_due

        collect_due()
