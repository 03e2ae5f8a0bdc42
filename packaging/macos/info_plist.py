"""frostdesk.app's Info.plist: fill packaging/macos/Info.plist's placeholders, or check a built app.

    python packaging/macos/info_plist.py                    print the filled Info.plist
    python packaging/macos/info_plist.py --check APP        check APP/Contents/Info.plist

packaging/frostdesk.spec imports render() for PyInstaller's BUNDLE; build_app.sh runs --check.
Standard library only.
"""

from __future__ import annotations

import argparse
import importlib.util
import plistlib
import re
import sys
from pathlib import Path
from typing import Any

HERE = Path(__file__).resolve().parent
TEMPLATE = HERE / "Info.plist"
ROOT = HERE.parent.parent
DEFAULT_MIN_MACOS = "12.0"


def _version_module() -> Any:
    spec = importlib.util.spec_from_file_location("frostdesk_packaging_version",
                                                  HERE.parent / "version.py")
    module = importlib.util.module_from_spec(spec)
    assert spec.loader is not None
    spec.loader.exec_module(module)
    return module


def pyside_min_macos() -> str:
    """The oldest macOS the installed PySide6 wheel supports (its macosx_X_Y platform tag)."""
    from importlib.metadata import PackageNotFoundError, distribution

    for name in ("PySide6-Essentials", "PySide6", "shiboken6"):
        try:
            wheel = distribution(name).read_text("WHEEL") or ""
        except PackageNotFoundError:
            continue
        found = re.findall(r"macosx_(\d+)_(\d+)_", wheel)
        if found:
            major, minor = max((int(a), int(b)) for a, b in found)
            return f"{major}.{minor}"
    return DEFAULT_MIN_MACOS


def render(version: str | None = None, min_macos: str | None = None) -> dict[str, Any]:
    """The Info.plist as a dict, placeholders filled (version from pyproject by default)."""
    vmod = _version_module()
    full = version or vmod.version(ROOT / "pyproject.toml")
    text = (TEMPLATE.read_text(encoding="utf-8")
            .replace("@VERSION@", vmod.numeric(full))
            .replace("@FULL_VERSION@", full)
            .replace("@MIN_MACOS@", min_macos or pyside_min_macos()))
    left = re.findall(r"@[A-Z_]+@", text)
    if left:
        raise ValueError(f"{TEMPLATE}: unfilled placeholders {sorted(set(left))}")
    return plistlib.loads(text.encode("utf-8"))


REQUIRED = ("CFBundleName", "CFBundleDisplayName", "CFBundleIdentifier",
            "CFBundleShortVersionString", "CFBundleVersion", "CFBundleIconFile",
            "CFBundleExecutable", "NSHighResolutionCapable", "CFBundleDocumentTypes",
            "UTExportedTypeDeclarations")


def check_app(app: Path) -> list[str]:
    """Problems with a built frostdesk.app (empty when fine)."""
    problems: list[str] = []
    info_path = app / "Contents" / "Info.plist"
    if not info_path.is_file():
        return [f"{info_path}: missing"]
    with info_path.open("rb") as fh:
        info = plistlib.load(fh)
    want = render(min_macos=info.get("LSMinimumSystemVersion"))
    for key in REQUIRED:
        if key not in info:
            problems.append(f"Info.plist: {key} missing")
    for key in ("CFBundleShortVersionString", "CFBundleVersion", "CFBundleIdentifier"):
        if info.get(key) != want[key]:
            problems.append(f"Info.plist: {key} is {info.get(key)!r}, expected {want[key]!r}")
    exe = app / "Contents" / "MacOS" / str(info.get("CFBundleExecutable", ""))
    if not exe.is_file():
        problems.append(f"{exe}: missing (CFBundleExecutable)")
    icon = app / "Contents" / "Resources" / str(info.get("CFBundleIconFile", ""))
    if not icon.is_file():
        problems.append(f"{icon}: missing (CFBundleIconFile)")
    exts = [e for d in info.get("CFBundleDocumentTypes", [])
            for e in d.get("CFBundleTypeExtensions", [])]
    if "frostdesk" not in exts:
        problems.append("Info.plist: no document type for .frostdesk")
    return problems


def main(argv: list[str] | None = None) -> int:
    p = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    p.add_argument("--check", type=Path, metavar="APP", help="check a built .app instead")
    p.add_argument("--min-macos", help="LSMinimumSystemVersion (default: from PySide6)")
    a = p.parse_args(argv)
    if a.check:
        problems = check_app(a.check)
        for problem in problems:
            print(problem, file=sys.stderr)
        if not problems:
            print(f"ok: {a.check}/Contents/Info.plist")
        return 1 if problems else 0
    sys.stdout.write(plistlib.dumps(render(min_macos=a.min_macos)).decode("utf-8"))
    return 0


if __name__ == "__main__":
    sys.exit(main())
