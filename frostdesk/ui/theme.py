"""The app's look: the bundled Inter font, the stylesheet and the table palette.

`apply_theme(app)` loads resources/fonts/*.otf and resources/frostdesk.qss through
frostdesk.paths.resource. Either may be missing during development; the app then falls back
silently to the system font and Qt's default style with a dark palette.
"""

from __future__ import annotations

import re
from typing import TYPE_CHECKING

from PySide6.QtGui import QColor, QFont, QFontDatabase, QPalette

if TYPE_CHECKING:  # QStyle's enum types cost the start ~15 ms: only when a style is made
    from PySide6.QtWidgets import QApplication, QStyle

FONT_FAMILY = "Inter"
FONT_FILES = ("Inter-Regular.otf", "Inter-SemiBold.otf", "Inter-Bold.otf")
BASE_POINT_SIZE = 11.0

# The table's colours (LOOK.md: a calm, dark frost table; warm glow for legal moves).
TABLE_DARK = QColor("#0e151c")
TABLE = QColor("#1a2733")
TABLE_LIGHT = QColor("#26394a")
PANEL = QColor(38, 56, 72, 150)
PANEL_ACTIVE = QColor(70, 118, 150, 180)
FROST = QColor("#a9d4ee")
TEXT = QColor("#e8eef3")
TEXT_DIM = QColor("#9fb2c2")
LEGAL = QColor("#f2b45a")  # warm amber (the accent of resources/frostdesk.qss)
SELECTED = QColor("#ffd27a")
HINT = QColor("#7ee0c3")
DANGER = QColor("#ff8a6b")

_font_family: str | None = None


def load_fonts() -> str:
    """Register the bundled fonts once; the family to use (the app default when missing)."""
    global _font_family
    if _font_family is not None:
        return _font_family
    family = ""
    try:
        from frostdesk.paths import resource

        for name in FONT_FILES:
            path = resource("fonts", name)
            if path.is_file():
                fid = QFontDatabase.addApplicationFont(str(path))
                fams = QFontDatabase.applicationFontFamilies(fid) if fid >= 0 else []
                family = family or (fams[0] if fams else "")
    except (OSError, FileNotFoundError):
        family = ""
    _font_family = family or QFont().family()
    return _font_family


def font(point_size: float = BASE_POINT_SIZE, weight: QFont.Weight = QFont.Weight.Normal
         ) -> QFont:
    """The app font at a size in points."""
    f = QFont(load_fonts())
    f.setPointSizeF(point_size)
    f.setWeight(weight)
    return f


def scene_font(pixel_size: float, weight: QFont.Weight = QFont.Weight.Normal) -> QFont:
    """A font for painting on the table, sized in table units (pixels before view scaling)."""
    f = QFont(load_fonts())
    f.setPixelSize(max(1, round(pixel_size)))
    f.setWeight(weight)
    f.setHintingPreference(QFont.HintingPreference.PreferNoHinting)
    return f


def dark_palette() -> QPalette:
    pal = QPalette()
    base = QColor("#15202a")
    window = QColor("#1b2834")
    pal.setColor(QPalette.ColorRole.Window, window)
    pal.setColor(QPalette.ColorRole.WindowText, TEXT)
    pal.setColor(QPalette.ColorRole.Base, base)
    pal.setColor(QPalette.ColorRole.AlternateBase, window)
    pal.setColor(QPalette.ColorRole.Text, TEXT)
    pal.setColor(QPalette.ColorRole.Button, QColor("#2a3d4e"))
    pal.setColor(QPalette.ColorRole.ButtonText, TEXT)
    pal.setColor(QPalette.ColorRole.Highlight, QColor("#4f9ccf"))
    pal.setColor(QPalette.ColorRole.HighlightedText, QColor("#0b1117"))
    pal.setColor(QPalette.ColorRole.ToolTipBase, QColor("#243544"))
    pal.setColor(QPalette.ColorRole.ToolTipText, TEXT)
    pal.setColor(QPalette.ColorRole.PlaceholderText, TEXT_DIM)
    pal.setColor(QPalette.ColorRole.Link, FROST)
    for role in (QPalette.ColorRole.WindowText, QPalette.ColorRole.Text,
                 QPalette.ColorRole.ButtonText):
        pal.setColor(QPalette.ColorGroup.Disabled, role, QColor("#6c7d8b"))
    return pal


# Some desktop themes (KDE, GNOME) put their own icons on OK, Cancel, Close and the like (a
# green tick or arrow, a red cross) jammed against the text; our buttons say it in words. A
# style sheet property says so without a Python style between Qt and every widget it draws
# (a QProxyStyle subclass answered ~750 style questions in Python before the window showed).
PLAIN_DIALOG_BUTTONS = "QDialogButtonBox { dialogbuttonbox-buttons-have-icons: 0; }\n"


STYLE = "Fusion"


def app_style() -> QStyle:
    """The app's style: Fusion, the same on every desktop."""
    from PySide6.QtWidgets import QStyleFactory

    return QStyleFactory.create(STYLE)


def style_arguments() -> list[str]:
    """Command-line arguments that give a new QApplication the app's style (as app_style()
    would, without making a Python QStyle before the window shows)."""
    return ["-style", STYLE]


def style_sheet() -> str:
    """The app's style sheet (resources/frostdesk.qss, when there) with plain dialog buttons."""
    try:
        from frostdesk.paths import resource

        root = resource()
        qss = resource("frostdesk.qss")
        if qss.is_file():
            # The stylesheet names its arrow and tick glyphs as frostdesk:icons/...: they
            # are found in the resources folder (spelled out here rather than through
            # QDir.addSearchPath, whose enum types the start-up would pay for).
            text = re.sub(r"url\(frostdesk:([^)]*)\)",
                          lambda m: f'url("{(root / m.group(1)).as_posix()}")',
                          qss.read_text(encoding="utf-8"))
            return PLAIN_DIALOG_BUTTONS + text
    except (OSError, FileNotFoundError, UnicodeDecodeError):
        pass
    return PLAIN_DIALOG_BUTTONS


def apply_theme(app: QApplication, set_style: bool = True) -> None:
    """Fonts, style, palette and the stylesheet (each optional). `set_style` False: the
    application was made with style_arguments() and has the style already."""
    family = load_fonts()
    f = QFont(family)
    f.setPointSizeF(BASE_POINT_SIZE)
    app.setFont(f)
    if set_style and app.style().name().lower() != STYLE.lower():
        # Only a change of style: a new style object replaces the old one under every
        # widget alive, each polished again (needless work, and the tests' tables and
        # screens saw rare crashes while one was being replaced).
        app.setStyle(app_style())
    app.setPalette(dark_palette())
    app.setStyleSheet(style_sheet())
