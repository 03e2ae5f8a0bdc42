"""A game's UI plug-in: the module its description names in `ui`, loaded on first use.

The contract (module attributes):

    screen_class() -> type      the table screen (a ScreenBase subclass of the kit)
    Emblem: type[QWidget]       the start screen's emblem (subclass frostdesk.ui.kit.emblem)
    TIPS: tuple[str, ...]       first-game tips, a few short lines
    cards_html(game) -> str     the Cards tab of the rules dialog (HTML)

Optional:

    results_panel(game, session) -> QWidget | None
        What the end screen shows between its headline and the player's record, called once
        the game is over (None, a missing hook or one that raises: a plain ranking of places,
        names and scores from `game.outcome()`). Subclass `ResultsPanel` of
        frostdesk/ui/screens/end.py: fill its `box` (a `ResultsTable` reads like the other
        games') and set the words the end screen takes from the panel:
            headline: str        the big line ("Ana wins!")
            summary: str         the line under it (title, options, ...)
            winners: list[str]   the winners' names
            rematch_text, rematch_tip: str   the "Play again" button's words
        and `table` (or override `ranking()`) for the results' text.

A missing or broken plug-in raises `PluginError` with one line on what is wrong, so the app
can say so instead of showing another game's screen.
"""

from __future__ import annotations

import logging
from functools import cache
from types import ModuleType

from frostdesk.engine.registry import UnknownGame, get, import_path

log = logging.getLogger(__name__)
REQUIRED = ("screen_class", "Emblem", "TIPS", "cards_html")


class PluginError(RuntimeError):
    """A game whose UI cannot be loaded; the message is one line for the player."""


@cache
def ui_plugin(game_id: str) -> ModuleType:
    try:
        desc = get(game_id)
    except UnknownGame as exc:
        raise PluginError(str(exc)) from None
    try:
        module = import_path(desc.ui)
    except Exception as exc:  # noqa: BLE001 - a broken plug-in is reported, never fatal
        log.error("the UI of %s (%s) could not be loaded", game_id, desc.ui, exc_info=True)
        raise PluginError(f"{desc.title} cannot be shown: its table failed to load "
                          f"({type(exc).__name__}: {exc}).") from None
    missing = [name for name in REQUIRED if not hasattr(module, name)]
    if missing:
        raise PluginError(f"{desc.title} cannot be shown: its UI plug-in {desc.ui} lacks "
                          + ", ".join(missing) + ".")
    return module
