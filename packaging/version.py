"""Print frostdesk's version, read from pyproject.toml (the one place it is written).

    python packaging/version.py              0.1.0     pyproject's [project] version
    python packaging/version.py --numeric    0.1.0     three numbers: macOS CFBundleVersion
    python packaging/version.py --windows    0.1.0.0   four numbers: Windows VERSIONINFO, Inno

Used by packaging/build.py, packaging/frostdesk.spec, packaging/macos/build_app.sh and the
release workflow, so every artefact carries the same version as the About dialog.
Standard library only (tomllib), so it runs before anything is installed.
"""

from __future__ import annotations

import argparse
import re
import sys
import tomllib
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
PYPROJECT = ROOT / "pyproject.toml"


def version(pyproject: Path = PYPROJECT) -> str:
    """The [project] version of pyproject.toml, exactly as written."""
    with pyproject.open("rb") as fh:
        data = tomllib.load(fh)
    try:
        value = data["project"]["version"]
    except KeyError:
        raise SystemExit(f"{pyproject}: no [project] version") from None
    if not isinstance(value, str) or not value.strip():
        raise SystemExit(f"{pyproject}: [project] version is not a string")
    return value.strip()


def numeric_parts(text: str, count: int | None = None) -> list[int]:
    """The leading release numbers of a PEP 440 version: '1.2.0rc1' -> [1, 2, 0]."""
    m = re.match(r"^\s*v?(\d+(?:\.\d+)*)", text)
    parts = [int(p) for p in m.group(1).split(".")] if m else [0]
    if count is not None:
        parts = (parts + [0] * count)[:count]
    return parts


def numeric(text: str) -> str:
    """Three numbers, dots only (what macOS accepts as CFBundleShortVersionString/Version)."""
    return ".".join(str(p) for p in numeric_parts(text, 3))


def windows(text: str) -> str:
    """Four numbers (Windows VERSIONINFO and Inno Setup VersionInfoVersion)."""
    return ".".join(str(p) for p in numeric_parts(text, 4))


def main(argv: list[str] | None = None) -> int:
    p = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    g = p.add_mutually_exclusive_group()
    g.add_argument("--numeric", action="store_true", help="three numbers, e.g. 0.1.0")
    g.add_argument("--windows", action="store_true", help="four numbers, e.g. 0.1.0.0")
    p.add_argument("--pyproject", type=Path, default=PYPROJECT)
    a = p.parse_args(argv)
    v = version(a.pyproject)
    if hasattr(sys.stdout, "reconfigure"):
        sys.stdout.reconfigure(newline="\n")  # no \r on Windows: $(...) in bash keeps it
    print(numeric(v) if a.numeric else windows(v) if a.windows else v)
    return 0


if __name__ == "__main__":
    sys.exit(main())
