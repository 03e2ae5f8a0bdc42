"""The Frontier Stations game log: every event in words, names in bold, resources with icons.

The same panel as Frost Shelter's (frostdesk/ui/table/log_panel.py) with this game's words:
resource names get their token icon and colour, each turn starts with a heading.
"""

from __future__ import annotations

import html
import re
from typing import Any
from collections.abc import Callable

from PySide6.QtCore import QRectF, QUrl, Qt
from PySide6.QtGui import QColor, QFont, QImage, QPainter, QTextCursor, QTextDocument
from PySide6.QtWidgets import QFrame, QLabel, QTextBrowser, QVBoxLayout, QWidget

from frostdesk.games.frontier_stations.content import NAMES
from frostdesk.ui import theme
from frostdesk.ui.stations import icons

HEADINGS = {"turn", "setup", "game_won", "game_lost"}
STRONG = {"threat_paid", "beacon", "installed", "upgraded", "destroyed", "threat_drawn",
          "reinforced", "captain_passed", "roll"}
QUIET = {"reinforcements_redrawn", "reinforcements_discarded", "shop_refreshed"}
_SEATS = re.compile(r"\{p(\d)\}")
_RES = re.compile(r"\b(" + "|".join(NAMES) + r")\b")


class StationsLog(QFrame):
    """A read-only, scrolling list of the game's events."""

    def __init__(self, game: Any, names: Callable[[str], str],
                 parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setObjectName("gameLog")
        self.game = game
        self.names = names
        box = QVBoxLayout(self)
        box.setContentsMargins(8, 8, 8, 8)
        box.setSpacing(6)
        title = QLabel("Game log")
        title.setObjectName("logTitle")
        title.setFont(theme.font(13, QFont.Weight.Bold))
        box.addWidget(title)
        self.text = QTextBrowser()
        self.text.setObjectName("logText")
        self.text.setOpenLinks(False)
        self.text.setFont(theme.font(11))
        self.text.setFrameShape(QFrame.Shape.NoFrame)
        self.text.document().setDocumentMargin(6)
        box.addWidget(self.text, 1)
        self._register_icons()
        self.count = 0

    def _register_icons(self) -> None:
        doc: QTextDocument = self.text.document()
        for kind in range(5):
            img = QImage(32, 32, QImage.Format.Format_ARGB32_Premultiplied)
            img.fill(Qt.GlobalColor.transparent)
            p = QPainter(img)
            p.setRenderHint(QPainter.RenderHint.Antialiasing)
            icons.draw_resource(p, kind, QRectF(2, 2, 28, 28))
            p.end()
            doc.addResource(QTextDocument.ResourceType.ImageResource, QUrl(f"res:{kind}"), img)

    def _res_html(self, m: re.Match[str]) -> str:
        kind = NAMES.index(m.group(1))
        colour = QColor(icons.COLOURS[kind]).lighter(115).name()
        return (f'<img src="res:{kind}" width="13" height="13"> '
                f'<span style="color:{colour}; font-weight:600">{m.group(0)}</span>')

    def _html(self, e: Any) -> str:
        text = html.escape(e.text)
        text = _SEATS.sub(lambda m: "<b>" + html.escape(self.names(m.group(0))) + "</b>", text)
        text = _RES.sub(self._res_html, text)
        if e.kind in HEADINGS:
            colour = {"game_won": "#7ee0c3", "game_lost": "#ff8a6b"}.get(e.kind, "#f2d58a")
            return (f'<p style="margin-top:10px; margin-bottom:4px; color:{colour}; '
                    f'font-weight:700">{text}</p>')
        colour = "#e8eef3" if e.kind in STRONG else ("#8ea2b3" if e.kind in QUIET else "#c5d3de")
        return f'<p style="margin:2px 0 2px 0; color:{colour}">{text}</p>'

    def set_events(self, events: list[Any]) -> None:
        self.text.clear()  # also drops the document's resources: register the icons again
        self._register_icons()
        self.count = 0
        self.append(events)

    def append(self, events: list[Any]) -> None:
        if not events:
            return
        cursor = self.text.textCursor()
        cursor.movePosition(QTextCursor.MoveOperation.End)
        for e in events:
            cursor.insertHtml(self._html(e))
            cursor.insertBlock()
            self.count += 1
        bar = self.text.verticalScrollBar()
        bar.setValue(bar.maximum())

    def plain_text(self) -> str:
        return self.text.toPlainText()
