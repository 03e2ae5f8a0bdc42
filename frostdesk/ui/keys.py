"""The keys of the app's standard actions: the platform's own first key for each, or the usual
one where the platform binds none (Windows and Qt's offscreen platform bind no key to Quit, for
example). The menus and the words that name a key both read them here, so they agree."""

from __future__ import annotations

from functools import cache

from PySide6.QtGui import QKeySequence

Std = QKeySequence.StandardKey
USUAL: dict[Std, str] = {Std.Quit: "Ctrl+Q", Std.Preferences: "Ctrl+,",
                         Std.HelpContents: "F1", Std.FullScreen: "F11", Std.Redo: "Ctrl+Y"}


def key_for(standard: Std) -> QKeySequence:
    """The key of a standard action on this platform (an empty one if it has none and no usual
    key is known)."""
    keys = QKeySequence.keyBindings(standard)
    if keys:
        return keys[0]
    return QKeySequence(USUAL.get(standard, ""))


@cache  # (read on every refresh of the action bar)
def key_text(standard: Std) -> str:
    """The key as the platform writes it in menus ('Ctrl+Y', '⇧⌘Z')."""
    return key_for(standard).toString(QKeySequence.SequenceFormat.NativeText)
