"""The guard in tests/conftest.py can fail a test: run tiny tests under the real conftest and
pyproject settings in a separate pytest process and check which ones fail."""

from __future__ import annotations

import tomllib
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent

INNER = '''
import logging
import sys

import pytest

log = logging.getLogger("frostdesk.ui.inner")


def qt_app():
    from PySide6.QtWidgets import QApplication

    return QApplication.instance() or QApplication([])


def test_logs_an_error():
    log.error("the autosave failed")


def test_logs_an_exception_from_a_child_logger():
    try:
        {}["missing"]
    except KeyError:
        logging.getLogger("frostdesk.deep.module").exception("animating failed")


def test_raises_in_a_slot_without_qtbot():
    from PySide6.QtCore import QTimer

    app = qt_app()
    QTimer.singleShot(0, lambda: 1 / 0)
    app.processEvents()


def test_raises_in_a_virtual_without_qtbot():
    from PySide6.QtCore import QCoreApplication, QEvent
    from PySide6.QtWidgets import QWidget

    class Broken(QWidget):
        def event(self, e):
            if e.type() == QEvent.Type.User:
                raise ValueError("a virtual went wrong")
            return super().event(e)

    app = qt_app()
    w = Broken()
    QCoreApplication.postEvent(w, QEvent(QEvent.Type.User))
    app.processEvents()


def test_raises_in_a_slot_with_qtbot(qtbot):
    from PySide6.QtCore import QTimer

    QTimer.singleShot(0, lambda: 1 / 0)
    qtbot.wait(20)


def test_leaves_a_slot_queued_that_raises():
    from PySide6.QtCore import QTimer

    qt_app()
    QTimer.singleShot(0, lambda: 1 / 0)  # runs after the test body, still during the test


@pytest.mark.expect_errors("the autosave failed")
def test_expects_the_error_it_logs():
    log.error("the autosave failed: disk full")


@pytest.mark.expect_errors("ZeroDivisionError")
def test_expects_the_exception_its_slot_raises():
    from PySide6.QtCore import QTimer

    app = qt_app()
    QTimer.singleShot(0, lambda: 1 / 0)
    app.processEvents()


@pytest.mark.expect_errors("the autosave failed")
def test_expects_one_error_but_logs_another():
    log.error("the autosave failed")
    log.error("the save is corrupt")


@pytest.mark.expect_errors("the autosave failed")
def test_expects_an_error_that_never_comes():
    log.info("nothing goes wrong here")


def test_warnings_and_other_loggers_are_fine():
    log.warning("a note for the player")
    logging.getLogger("somebody.else").error("not ours")
'''

FAILS = ["test_logs_an_error", "test_logs_an_exception_from_a_child_logger",
         "test_raises_in_a_slot_without_qtbot", "test_raises_in_a_virtual_without_qtbot",
         "test_raises_in_a_slot_with_qtbot", "test_leaves_a_slot_queued_that_raises",
         "test_expects_one_error_but_logs_another", "test_expects_an_error_that_never_comes"]
PASSES = ["test_expects_the_error_it_logs", "test_expects_the_exception_its_slot_raises",
          "test_warnings_and_other_loggers_are_fine"]


def _ini() -> str:
    """The project's pytest settings (markers, Qt log rules) as a pytest.ini."""
    options = tomllib.loads((ROOT / "pyproject.toml").read_text(encoding="utf-8"))
    lines = ["[pytest]"]
    for name, value in options["tool"]["pytest"]["ini_options"].items():
        if name == "testpaths":
            continue
        if name == "addopts":  # the inner run is one small process: no worker pool
            value = value.replace("-n auto", "").strip()
        if isinstance(value, list):
            lines.append(f"{name} =")
            lines += [f"    {v}" for v in value]
        else:
            lines.append(f"{name} = {value}")
    return "\n".join(lines) + "\n"


@pytest.mark.slow
def test_the_guard_fails_tests_that_log_errors_or_raise_in_slots(
        pytester: pytest.Pytester, monkeypatch: pytest.MonkeyPatch) -> None:
    pytester.makeini(_ini())
    pytester.makeconftest((ROOT / "tests" / "conftest.py").read_text(encoding="utf-8"))
    # what the conftest imports from tests/ comes along with it
    pytester.makepyfile(qt_look=(ROOT / "tests" / "qt_look.py").read_text(encoding="utf-8"))
    pytester.makepyfile(test_inner=INNER)
    monkeypatch.setenv("PYTHONPATH", str(ROOT))  # this tree's frostdesk, not an installed one
    result = pytester.runpytest_subprocess("-p", "no:randomly", "-rA", "test_inner.py")
    out = result.stdout.str()
    failed = {line.split("::")[1].split()[0] for line in result.outlines
              if line.startswith(("FAILED ", "ERROR ")) and "::" in line}
    passed = {line.split("::")[1].split()[0] for line in result.outlines
              if line.startswith("PASSED ") and "::" in line}
    assert failed == set(FAILS), out
    assert set(PASSES) <= passed, out
    assert result.ret != 0
    # the failures say what went wrong
    assert "the save is corrupt" in out and "ZeroDivisionError" in out
    assert "a virtual went wrong" in out and "no such error happened" in out
