"""One package per game (pure Python, no Qt), each found through the registry.

`load_game(id)` is the registry's (frostdesk/engine/registry.py): the rules object of an
installed game built from its bundled cards, cached so the CLI, the app and the tests share
one. Nothing in this module knows which games exist.
"""

from __future__ import annotations

from frostdesk.engine.registry import UnknownGame, load_game

__all__ = ["UnknownGame", "load_game"]
