"""The About dialog: name, version, what frostdesk is, and the licences of what it bundles."""

from __future__ import annotations

import platform
import re
from pathlib import Path

from PySide6 import __version__ as pyside_version
from PySide6.QtCore import Qt, qVersion
from PySide6.QtGui import QShowEvent
from PySide6.QtWidgets import (
    QDialog,
    QDialogButtonBox,
    QPlainTextEdit,
    QPushButton,
    QVBoxLayout,
    QWidget,
)

import frostdesk
from frostdesk import paths
from frostdesk.ui.screens import label, readable_font

ABOUT_LINE = ("Frost-themed tabletop games with every rule enforced, played offline against "
              "friends at the same screen or against bots.")
CARDS_LINE = "Card names from the rulebooks; all text and art our own."
LICENCE_NAMES = re.compile(r"^(OFL|LICEN[CS]E|COPYING)", re.IGNORECASE)


def font_licence() -> Path | None:
    """The licence file shipped beside the bundled font, if there is one."""
    try:
        folder = paths.resource("fonts")
    except FileNotFoundError:
        return None
    if not folder.is_dir():
        return None
    found = sorted(p for p in folder.iterdir() if p.is_file() and LICENCE_NAMES.match(p.name))
    return found[0] if found else None


def describe_licence(path: Path) -> tuple[str, str]:
    """(one-line summary, full text) of a font licence file."""
    text = path.read_text(encoding="utf-8", errors="replace")
    lines = [ln.strip() for ln in text.splitlines() if ln.strip()]
    copyright_line = next((ln for ln in lines if ln.lower().startswith("copyright")), "")
    kind = "SIL Open Font License 1.1" if "open font license" in text.lower() else path.name
    family = ""
    m = re.search(r"The (\w[\w ]*?) Project Authors", copyright_line)
    if m:
        family = m.group(1)
    head = f"Font: {family}, " if family else "Bundled font: "
    summary = f"{head}{kind}."
    if copyright_line:
        summary += f" {copyright_line}"
    return summary, text


class AboutDialog(QDialog):
    """App name, version, one line about the project, and licences."""

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setObjectName("aboutDialog")
        readable_font(self)
        self.setWindowTitle("About frostdesk")

        box = QVBoxLayout(self)
        box.setContentsMargins(28, 24, 28, 20)
        box.setSpacing(10)
        box.addWidget(label("frostdesk", "title", point_size=26, bold=True))
        self.version = label(f"Version {frostdesk.__version__}", "subtitle", point_size=13)
        box.addWidget(self.version)
        box.addSpacing(6)
        box.addWidget(label(ABOUT_LINE, "", wrap=True))
        box.addSpacing(8)
        box.addWidget(label("Licences", "heading", point_size=14, bold=True))
        box.addWidget(label(CARDS_LINE, "", wrap=True))

        self.licence_text = QPlainTextEdit()
        self.licence_text.setObjectName("licenceText")
        self.licence_text.setReadOnly(True)
        self.licence_text.setVisible(False)
        self.licence_text.setMinimumHeight(220)
        path = font_licence()
        self.font_licence_path = path
        if path is not None:
            try:
                summary, text = describe_licence(path)
            except OSError:
                summary, text = f"Bundled font: see {path.name}.", ""
            self.font_line = label(summary, "fontLicence", wrap=True)
            box.addWidget(self.font_line)
            if text:
                self.licence_text.setPlainText(text)
                toggle = QPushButton("Show font licence")
                toggle.setObjectName("licenceToggle")
                toggle.setCheckable(True)
                toggle.setAutoDefault(False)
                toggle.toggled.connect(self._toggle_licence)
                self.licence_toggle = toggle
                box.addWidget(toggle, 0, Qt.AlignmentFlag.AlignLeft)
        else:
            self.font_line = label("Interface font: the system's default sans-serif.",
                                   "fontLicence", wrap=True)
            box.addWidget(self.font_line)
        box.addWidget(self.licence_text, 1)
        box.addSpacing(6)
        box.addWidget(label(f"Python {platform.python_version()} · PySide6 {pyside_version} · "
                            f"Qt {qVersion()}", "hint", point_size=11))

        buttons = QDialogButtonBox(QDialogButtonBox.StandardButton.Close)
        buttons.rejected.connect(self.reject)
        self.close_button = buttons.button(QDialogButtonBox.StandardButton.Close)
        self.close_button.setDefault(True)
        box.addWidget(buttons)
        self.setMinimumWidth(560)
        self.resize(600, self.sizeHint().height())

    def showEvent(self, event: QShowEvent) -> None:
        super().showEvent(event)
        self.close_button.setFocus()  # Enter or Esc closes; the licence is one Tab away

    def _toggle_licence(self, shown: bool) -> None:
        self.licence_text.setVisible(shown)
        self.licence_toggle.setText("Hide font licence" if shown else "Show font licence")
        self.adjustSize()
