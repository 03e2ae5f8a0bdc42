"""frostdesk: frost-themed tabletop games with every rule enforced."""

from __future__ import annotations


def _version() -> str:
    try:
        from importlib.metadata import version

        return version("frostdesk")
    except Exception:  # noqa: BLE001 - not installed (bundle without metadata): read pyproject
        from frostdesk.paths import read_pyproject_version

        return read_pyproject_version()


__version__ = _version()
