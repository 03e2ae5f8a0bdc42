"""The game log side panel: every event in words, as the viewer may see it.

Event texts carry {p0}..{p4} placeholders (filled in with names); here names are bold, the
game's resource words get their icon and colour, and some events stand out as headings.
`LogWords` says which words and events those are; each game gives its own (in its package's
log.py).
"""

from __future__ import annotations

import html
import re
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any

from PySide6.QtCore import QRectF, Qt, QUrl
from PySide6.QtGui import QFont, QImage, QPainter, QTextCursor, QTextDocument
from PySide6.QtWidgets import QFrame, QLabel, QTextBrowser, QVBoxLayout, QWidget

from frostdesk.ui import theme

HEADING_COLOUR = "#f2d58a"
_SEATS = re.compile(r"\{p(\d)\}")


@dataclass(frozen=True)
class LogWords:
    """What one game's log dresses up: which events are headings, strong or quiet, and the
    resource words that get an icon and a colour."""

    headings: set[str]
    strong: set[str]
    quiet: set[str]
    resource_words: re.Pattern[str]  # group 1 is one of `names`
    names: Sequence[str]  # the resources, by kind
    colours: Sequence[str]  # their text colours
    icon_urls: Sequence[str]  # their icons' names in the log's document
    draw_icon: Callable[[QPainter, int, QRectF], None]  # paints kind's icon into the rect
    heading_colours: Mapping[str, str] = field(default_factory=dict)  # else HEADING_COLOUR


class LogPanel(QFrame):
    """A read-only, scrolling list of the game's events."""

    def __init__(self, game: Any, names: Callable[[str], str], words: LogWords,
                 parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setObjectName("gameLog")
        self.game = game
        self.names = names
        self.words = words
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
        for i, url in enumerate(self.words.icon_urls):
            img = QImage(32, 32, QImage.Format.Format_ARGB32_Premultiplied)
            img.fill(Qt.GlobalColor.transparent)
            p = QPainter(img)
            p.setRenderHint(QPainter.RenderHint.Antialiasing)
            self.words.draw_icon(p, i, QRectF(2, 2, 28, 28))
            p.end()
            doc.addResource(QTextDocument.ResourceType.ImageResource, QUrl(url), img)

    def _resource_html(self, m: re.Match[str]) -> str:
        w = self.words
        res = list(w.names).index(m.group(1))
        return (f'<img src="{w.icon_urls[res]}" width="13" height="13"> '
                f'<span style="color:{w.colours[res]}; font-weight:600">{m.group(0)}</span>')

    def _html(self, e: Any) -> str:
        w = self.words
        text = html.escape(e.text)
        text = _SEATS.sub(lambda m: "<b>" + html.escape(self.names(m.group(0))) + "</b>", text)
        text = w.resource_words.sub(self._resource_html, text)
        if e.kind in w.headings:
            colour = w.heading_colours.get(e.kind, HEADING_COLOUR)
            return (f'<p style="margin-top:10px; margin-bottom:4px; color:{colour}; '
                    f'font-weight:700">{text}</p>')
        colour = "#e8eef3" if e.kind in w.strong else (
            "#8ea2b3" if e.kind in w.quiet else "#c5d3de")
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
