"""Start-up checks that run before Qt: a missing system library gets one clear line."""

from __future__ import annotations

import pytest

from frostdesk import app
from frostdesk.app import XCB_CURSOR, missing_qt_library

X11 = {"DISPLAY": ":0"}


def finder(present: bool) -> object:
    asked: list[str] = []

    def can_load(name: str) -> bool:
        asked.append(name)
        return present

    can_load.asked = asked  # type: ignore[attr-defined]
    return can_load


def test_a_missing_libxcb_cursor_on_x11_names_the_package() -> None:
    can_load = finder(False)
    line = missing_qt_library(X11, "linux", can_load)  # type: ignore[arg-type]
    assert can_load.asked == [XCB_CURSOR]  # type: ignore[attr-defined]
    assert "sudo apt install libxcb-cursor0" in line and "\n" not in line


def test_the_library_present_means_no_complaint() -> None:
    assert missing_qt_library(X11, "linux", finder(True), lambda: "") == ""  # type: ignore[arg-type]


def test_another_library_the_x11_plugin_needs_is_named_with_its_package() -> None:
    # what the dynamic linker reports when libxcb-icccm4 is not installed (seen on Debian 12
    # with only xvfb installed: Qt itself then prints a many-line message naming the wrong one)
    line = missing_qt_library(X11, "linux", finder(True),  # type: ignore[arg-type]
                              lambda: "libxcb-icccm.so.4")
    assert line.endswith("libxcb-icccm.so.4 on Linux. Install it with: sudo apt install "
                         "libxcb-icccm4") and "\n" not in line


@pytest.mark.parametrize("soname, package", [
    ("libxcb-icccm.so.4", "libxcb-icccm4"), ("libxkbcommon-x11.so.0", "libxkbcommon-x11-0"),
    ("libxcb-cursor.so.0", "libxcb-cursor0"), ("libxcb-render-util.so.0", "libxcb-render-util0"),
])
def test_the_package_follows_the_debian_naming_rule(soname: str, package: str) -> None:
    assert app.debian_package(soname) == package


def test_the_real_plugin_check_finds_nothing_missing_where_the_window_opens() -> None:
    if not app.sys.platform.startswith("linux"):
        pytest.skip("Linux only")
    # the test machine runs Qt offscreen, whose libraries are a subset of the X11 plugin's:
    # the check must answer a name or nothing, and never raise
    missing = app._xcb_plugin_missing()
    assert missing == "" or (missing.startswith("lib") and ".so" in missing)


@pytest.mark.parametrize("env, platform", [
    ({"DISPLAY": ":0", "QT_QPA_PLATFORM": "offscreen"}, "linux"),  # not xcb: nothing to load
    ({"QT_QPA_PLATFORM": "wayland", "DISPLAY": ":0"}, "linux"),
    ({}, "linux"),  # no display: Qt would not pick xcb
    ({"DISPLAY": ":0", "WAYLAND_DISPLAY": "wayland-0", "XDG_SESSION_TYPE": "wayland"}, "linux"),
    (X11, "darwin"),
    (X11, "win32"),
])
def test_other_platforms_are_not_checked(env: dict[str, str], platform: str) -> None:
    can_load = finder(False)
    assert missing_qt_library(env, platform, can_load) == ""  # type: ignore[arg-type]
    assert can_load.asked == []  # type: ignore[attr-defined]


def test_xcb_asked_for_by_name_is_checked_too() -> None:
    env = {"QT_QPA_PLATFORM": "xcb"}
    assert "libxcb-cursor0" in missing_qt_library(env, "linux", finder(False))  # type: ignore[arg-type]


def test_the_app_prints_the_line_and_exits_1_instead_of_aborting(
        monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]) -> None:
    monkeypatch.setattr(app, "_can_load", lambda name: False)
    monkeypatch.setattr(app.sys, "platform", "linux")
    monkeypatch.setenv("DISPLAY", ":0")
    monkeypatch.delenv("QT_QPA_PLATFORM", raising=False)
    monkeypatch.delenv("WAYLAND_DISPLAY", raising=False)
    assert app.run_app([]) == 1
    err = capsys.readouterr().err.strip().splitlines()
    assert err == [app.XCB_CURSOR_HELP]


def test_the_real_finder_finds_a_library_every_linux_has() -> None:
    if not app.sys.platform.startswith("linux"):
        pytest.skip("Linux only")
    assert app._can_load("libc.so.6")
    assert not app._can_load("libfrostdesk-no-such-library.so.0")
