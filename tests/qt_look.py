"""The application's look (font, style, palette, sheet), saved and put back: tests that theme
the application, or run code that does, leave it as they found it."""

from __future__ import annotations

from typing import Any

Look = tuple[Any, str, Any, str]


def saved_look(app: Any) -> Look:
    return app.font(), app.style().name(), app.palette(), app.styleSheet()


def put_back(app: Any, saved: Look) -> None:
    """Only what changed is set again (setting a style again replaces every widget's polish)."""
    font, style, palette, sheet = saved
    if app.styleSheet() != sheet:
        app.setStyleSheet(sheet)
    if app.style().name() != style:
        app.setStyle(style)
    if app.font() != font:
        app.setFont(font)
    if app.palette() != palette:
        app.setPalette(palette)
