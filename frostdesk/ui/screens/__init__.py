"""The screens around the table: start, new game, settings, rules, about and end of game.

Views only: each screen lays itself out and emits requests as signals; the main window and the
controller decide what happens. Widgets carry objectNames ("title", "subtitle", "gameTile") and
the "primary" property so resources/frostdesk.qss can style them; without the stylesheet they
still read well because every screen raises its base font to at least MIN_POINT_SIZE.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from PySide6.QtGui import QFont
from PySide6.QtWidgets import QAbstractButton, QLabel, QWidget

if TYPE_CHECKING:
    from PySide6.QtWidgets import QSpinBox

MIN_POINT_SIZE = 11.0  # LOOK.md: nothing smaller than 11 pt at 1280x720
BASE_POINT_SIZE = 12.0


SCREEN_SHARE = 0.92  # of the screen's free area, the most a dialog takes


def screen_room(widget: QWidget) -> tuple[int, int]:
    """The most a dialog may take of the free area of the screen it opens on (its parent
    window's): room left for its title bar and frame, so its buttons stay on the screen (a
    1280x720 laptop with a taskbar has about 680 px of height)."""
    parent = widget.parentWidget()
    screen = (parent.window() if parent is not None else widget).screen()
    free = screen.availableGeometry()
    return int(free.width() * SCREEN_SHARE), int(free.height() * SCREEN_SHARE)


def size_within_screen(widget: QWidget, width: int, height: int) -> None:
    """Give a dialog `width` x `height`, or less where the screen has less room
    (`screen_room`)."""
    most_w, most_h = screen_room(widget)
    widget.resize(min(width, most_w), min(height, most_h))


def readable_font(widget: QWidget, point_size: float = BASE_POINT_SIZE) -> None:
    """Raise `widget`'s font (inherited by its children) to at least `point_size`."""
    if widget.font().pointSizeF() < point_size:
        font = QFont()  # only the size: the family still follows the application font
        font.setPointSizeF(point_size)
        widget.setFont(font)


# The app stylesheet sizes these names itself; every other label we size carries its own
# font rule, because the app sheet's `* { font-size }` would otherwise flatten it to 11 pt.
APP_STYLED_NAMES = ("title", "subtitle")


def text_style(widget: QWidget, point_size: float | None = None, bold: bool = False,
               override: bool = True) -> None:
    """Size and weight for `widget`, with or without the app stylesheet.

    The QFont serves when no stylesheet is loaded; with `override`, a widget-level style
    rule (which beats the application sheet) keeps the size when one is.
    """
    # The size is always set outright: under a widget stylesheet a font that sets only the
    # weight is not merged with the parent's size and falls back to the application default.
    font = QFont()
    rules = []
    if point_size is None:
        font.setPointSizeF(max(widget.font().pointSizeF(), BASE_POINT_SIZE))
    else:
        point_size = max(point_size, MIN_POINT_SIZE)
        font.setPointSizeF(point_size)
        rules.append(f"font-size: {point_size:g}pt;")
    if bold:
        font.setBold(True)
        rules.append("font-weight: 600;")
    widget.setFont(font)
    if override and rules:
        widget.setStyleSheet(" ".join(rules))


def label(text: str, object_name: str = "", point_size: float | None = None,
          bold: bool = False, wrap: bool = False) -> QLabel:
    """A QLabel with an objectName for the stylesheet and an explicit size where it matters."""
    lab = QLabel(text)
    if object_name:
        lab.setObjectName(object_name)
    if point_size is not None or bold:
        text_style(lab, point_size, bold, override=object_name not in APP_STYLED_NAMES)
    lab.setWordWrap(wrap)
    return lab


def spin_box(name: str = "") -> QSpinBox:
    """A QSpinBox whose number stands clear of its left border: the sheet's padding does
    not reach a spin box's edit field (it sat against the border, "4 players" touching it)."""
    from PySide6.QtWidgets import QSpinBox  # not at import: the start screen has none

    spin = QSpinBox()
    if name:
        spin.setObjectName(name)
    spin.lineEdit().setTextMargins(SPIN_TEXT_MARGIN, 0, 0, 0)
    return spin


SPIN_TEXT_MARGIN = 6  # px between a spin box's border and its number


ERROR_COLOUR = "#e0604f"  # a warm red that reads on the dark sheet and on a light window


def error_label() -> QLabel:
    """An inline problem message (objectName "error"); empty and hidden until needed."""
    lab = QLabel()
    lab.setObjectName("error")
    lab.setWordWrap(True)
    # Our own rule: the app sheet paints every QWidget's text off-white.
    lab.setStyleSheet(f"color: {ERROR_COLOUR}; font-weight: 600; font-size: {BASE_POINT_SIZE:g}pt;")
    lab.setVisible(False)
    return lab


def make_primary(button: QAbstractButton, primary: bool = True,
                 polished: bool | None = None) -> QAbstractButton:
    """Mark `button` as a main action; the stylesheet styles [primary="true"]. `polished`
    False: the caller knows the button was never shown (the start screen, which avoids the
    `Qt` names until it is shown: see frostdesk/ui/screens/start.py)."""
    button.setProperty("primary", primary)
    # Bold as well, so it stands out when no stylesheet is loaded. The size is set outright:
    # under a widget stylesheet a partial font is not merged with the parent's size.
    font = QFont()
    font.setBold(primary)
    font.setPointSizeF(max(button.font().pointSizeF(), BASE_POINT_SIZE))
    button.setFont(font)
    # A widget is polished when first shown; re-polish only one that already was, so the
    # stylesheet sees the new property (polishing early loses the parent's font size).
    if polished is None:
        from PySide6.QtCore import Qt

        polished = button.testAttribute(Qt.WidgetAttribute.WA_WState_Polished)
    if polished:
        style = button.style()
        style.unpolish(button)
        style.polish(button)
    return button
