"""frostdesk: frost-themed tabletop games with every rule enforced."""

from __future__ import annotations

from functools import cache


@cache
def _version() -> str:
    try:
        from importlib.metadata import version

        return version("frostdesk")
    except Exception:  # noqa: BLE001 - not installed (bundle without metadata): read pyproject
        from frostdesk.paths import read_pyproject_version

        return read_pyproject_version()


def __getattr__(name: str) -> str:
    # The version is looked up when first asked for: importlib.metadata costs ~15 ms of
    # imports, which the window's start should not wait for.
    if name == "__version__":
        return _version()
    raise AttributeError(f"module 'frostdesk' has no attribute {name!r}")
