"""The app's log file: a log grown too large is set aside at the next start, two kept."""

from __future__ import annotations

import logging
from collections.abc import Iterator

import pytest

from frostdesk import app
from frostdesk.paths import log_dir


@pytest.fixture
def restore_root_handlers() -> Iterator[None]:
    root = logging.getLogger()
    before, level = list(root.handlers), root.level
    yield
    for handler in root.handlers[:]:
        if handler not in before:
            root.removeHandler(handler)
            handler.close()
    root.setLevel(level)


def test_a_large_log_is_set_aside_at_start_and_two_are_kept(
        restore_root_handlers: None, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(app, "LOG_KEEP_BYTES", 10)
    folder = log_dir()
    (folder / "frostdesk.log").write_text("third run, long enough\n", encoding="utf-8")
    (folder / "frostdesk.log.1").write_text("second run\n", encoding="utf-8")
    (folder / "frostdesk.log.2").write_text("first run\n", encoding="utf-8")
    path = app._setup_logging()
    assert path == folder / "frostdesk.log"
    logging.getLogger("frostdesk.test").info("fourth run")
    for handler in logging.getLogger().handlers:
        handler.flush()
    assert "fourth run" in path.read_text(encoding="utf-8")
    assert "third run" not in path.read_text(encoding="utf-8")
    assert (folder / "frostdesk.log.1").read_text(encoding="utf-8") == "third run, long enough\n"
    assert (folder / "frostdesk.log.2").read_text(encoding="utf-8") == "second run\n"
    assert sorted(p.name for p in folder.iterdir()) == [
        "frostdesk.log", "frostdesk.log.1", "frostdesk.log.2"]


def test_a_small_log_goes_on_in_the_same_file(restore_root_handlers: None) -> None:
    path = log_dir() / "frostdesk.log"
    path.write_text("earlier\n", encoding="utf-8")
    assert app._setup_logging() == path
    logging.getLogger("frostdesk.test").info("now")
    for handler in logging.getLogger().handlers:
        handler.flush()
    text = path.read_text(encoding="utf-8")
    assert text.startswith("earlier\n") and "now" in text
    assert not path.with_name("frostdesk.log.1").exists()
