"""The game log side panel: every event in words, as the viewer may see it.

Event texts carry {p0}..{p4} placeholders (filled in with names) and name cards as
"Water 9"; here names are bold, cards get their resource icon and colour, and each Event
starts with a heading.
"""

from __future__ import annotations

import html
import re
from typing import Any
from collections.abc import Callable

from PySide6.QtCore import QRectF, QUrl, Qt
from PySide6.QtGui import QColor, QFont, QImage, QPainter, QTextCursor, QTextDocument
from PySide6.QtWidgets import QFrame, QLabel, QTextBrowser, QVBoxLayout, QWidget

from frostdesk.ui import theme
from frostdesk.ui.table import painter

HEADINGS = {"event_revealed", "game_over"}
STRONG = {"trick_won", "damage_taken", "equipment_bought", "leader_chosen", "healed",
          "defended", "harpoon_used"}
QUIET = {"colony_at_resolution", "passed", "leader_changed"}


class LogPanel(QFrame):
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
        names_ = "|".join(re.escape(n) for n in game.content.resource_names)
        self._card_re = re.compile(rf"\b({names_}) (10|[1-9])\b")
        self.count = 0

    def _register_icons(self) -> None:
        c = self.game.content
        doc: QTextDocument = self.text.document()
        for i, icon in enumerate(c.resource_icons):
            img = QImage(32, 32, QImage.Format.Format_ARGB32_Premultiplied)
            img.fill(Qt.GlobalColor.transparent)
            p = QPainter(img)
            p.setRenderHint(QPainter.RenderHint.Antialiasing)
            painter.draw_icon(p, icon, QRectF(2, 2, 28, 28), QColor(c.resource_colours[i]))
            p.end()
            doc.addResource(QTextDocument.ResourceType.ImageResource, QUrl(f"icon:{icon}"), img)

    def _card_html(self, m: re.Match[str]) -> str:
        c = self.game.content
        res = c.resource_names.index(m.group(1))
        colour = QColor(c.resource_colours[res]).lighter(125).name()
        return (f'<img src="icon:{c.resource_icons[res]}" width="13" height="13"> '
                f'<span style="color:{colour}; font-weight:600">{m.group(0)}</span>')

    def _html(self, e: Any) -> str:
        text = html.escape(e.text)
        seats = re.compile(r"\{p(\d)\}")
        text = seats.sub(lambda m: "<b>" + html.escape(self.names(m.group(0))) + "</b>", text)
        text = self._card_re.sub(self._card_html, text)
        if e.kind in HEADINGS:
            return (f'<p style="margin-top:10px; margin-bottom:4px; color:#f2d58a; '
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
