"""The screens around the table: start, new game, settings, rules, about and end of game.

Views only: each screen lays itself out and emits requests as signals; the main window and the
controller decide what happens. Widgets carry objectNames ("title", "subtitle", "gameTile") and
the "primary" property so resources/frostdesk.qss can style them; without the stylesheet they
still read well because every screen raises its base font to at least MIN_POINT_SIZE.
"""

from __future__ import annotations

from PySide6.QtGui import QFont
from PySide6.QtWidgets import QAbstractButton, QLabel, QWidget

MIN_POINT_SIZE = 11.0  # LOOK.md: nothing smaller than 11 pt at 1280x720
BASE_POINT_SIZE = 12.0


def readable_font(widget: QWidget, point_size: float = BASE_POINT_SIZE) -> None:
    """Raise `widget`'s font (inherited by its children) to at least `point_size`."""
    if widget.font().pointSizeF() < point_size:
        font = QFont()  # only the size: the family still follows the application font
        font.setPointSizeF(point_size)
        widget.setFont(font)


def label(text: str, object_name: str = "", point_size: float | None = None,
          bold: bool = False, wrap: bool = False) -> QLabel:
    """A QLabel with an objectName for the stylesheet and an explicit size where it matters."""
    lab = QLabel(text)
    if object_name:
        lab.setObjectName(object_name)
    if point_size is not None or bold:
        font = QFont()  # set only what is asked; the rest is inherited from the parent
        if point_size is not None:
            font.setPointSizeF(max(point_size, MIN_POINT_SIZE))
        font.setBold(bold)
        lab.setFont(font)
    lab.setWordWrap(wrap)
    return lab


def make_primary(button: QAbstractButton, primary: bool = True) -> QAbstractButton:
    """Mark `button` as a main action; the stylesheet styles [primary="true"]."""
    button.setProperty("primary", primary)
    font = QFont()  # only the weight is set here; family and size still come from the parent
    font.setBold(primary)  # still stands out when no stylesheet is loaded
    button.setFont(font)
    style = button.style()
    style.unpolish(button)
    style.polish(button)
    return button
