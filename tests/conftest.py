"""Test set-up: Qt offscreen, and every user folder in a temporary FROSTDESK_HOME."""

from __future__ import annotations

import os
import sys
from pathlib import Path

import pytest

os.environ.setdefault("QT_QPA_PLATFORM", "offscreen")
ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT / "tests"))

# PySide6 6.12.0 on Python 3.11 loses references to None/True/False (see frostdesk.app).
from frostdesk.app import guard_refcounts  # noqa: E402

guard_refcounts()


@pytest.fixture(autouse=True)
def _frostdesk_home(tmp_path_factory: pytest.TempPathFactory,
                    monkeypatch: pytest.MonkeyPatch) -> Path:
    home = tmp_path_factory.mktemp("home")
    monkeypatch.setenv("FROSTDESK_HOME", str(home))
    return home
