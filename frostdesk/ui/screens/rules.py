"""The rules reference: the game's rules text with a table of contents, and every card.

The rules come from docs/rules/<game_id>.md, the cards from the game's loaded content through
its UI plug-in's `cards_html`, so the dialog always shows what the app actually plays with.
"""

from __future__ import annotations

import html
import re
from pathlib import Path
from typing import Any

from PySide6.QtCore import Qt
from PySide6.QtGui import QFont, QTextBlock
from PySide6.QtWidgets import (
    QDialog,
    QDialogButtonBox,
    QSplitter,
    QTabWidget,
    QTextBrowser,
    QTreeWidget,
    QTreeWidgetItem,
    QVBoxLayout,
    QWidget,
)

from frostdesk import paths
from frostdesk.engine.registry import UnknownGame, get
from frostdesk.ui.screens import readable_font, size_within_screen

SPOILERS = "frostdesk:spoilers"  # the Cards tab's link to what a game hides until asked

HEADING = re.compile(r"^(#{2,3})\s+(.+?)\s*#*\s*$")


def rules_path(game_id: str) -> Path:
    return paths.docs_dir() / "rules" / f"{game_id}.md"


def headings(markdown: str) -> list[tuple[int, str]]:
    """The ## and ### headings of `markdown` as (level, plain text), outside code fences."""
    out: list[tuple[int, str]] = []
    fenced = False
    for line in markdown.splitlines():
        if line.lstrip().startswith("```"):
            fenced = not fenced
            continue
        m = None if fenced else HEADING.match(line)
        if m:
            text = re.sub(r"[*_`]", "", m.group(2)).strip()
            out.append((len(m.group(1)), text))
    return out


class RulesDialog(QDialog):
    """A resizable rules reference: Rules tab (text + contents) and Cards tab."""

    def __init__(self, game_id: str, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setObjectName("rulesDialog")
        readable_font(self)
        self.game_id = game_id
        try:
            title = get(game_id).title
        except UnknownGame:
            title = game_id
        self.setWindowTitle(f"Rules — {title}")
        self.setSizeGripEnabled(True)

        box = QVBoxLayout(self)
        box.setContentsMargins(12, 12, 12, 12)
        self.tabs = QTabWidget()
        self.tabs.setObjectName("rulesTabs")
        box.addWidget(self.tabs, 1)

        # --- Rules tab: contents on the left, the text on the right.
        self.toc = QTreeWidget()
        self.toc.setObjectName("toc")
        self.toc.setHeaderHidden(True)
        self.toc.setMinimumWidth(200)
        self.toc.setAccessibleName("Contents")
        self.browser = QTextBrowser()
        self.browser.setObjectName("rulesText")
        self.browser.setOpenExternalLinks(True)
        doc_font = QFont()
        doc_font.setPointSizeF(max(12.0, self.font().pointSizeF()))
        self.browser.document().setDefaultFont(doc_font)
        self.browser.document().setDocumentMargin(16)
        split = QSplitter(Qt.Orientation.Horizontal)
        split.addWidget(self.toc)
        split.addWidget(self.browser)
        split.setStretchFactor(1, 1)
        split.setSizes([230, 640])
        self.tabs.addTab(split, "Rules")

        # --- Cards tab.
        self.cards = QTextBrowser()
        self.cards.setObjectName("cardsText")
        # a game's Cards tab may hide what spoils a surprise behind a link it offers
        # ("frostdesk:spoilers"): a click lists the cards again with `spoilers=True`
        self.cards.setOpenLinks(False)
        self.cards.anchorClicked.connect(self._card_link)
        self._cards_of: Any = None
        self.cards.document().setDefaultFont(doc_font)
        self.cards.document().setDocumentMargin(16)
        self.tabs.addTab(self.cards, "Cards")

        buttons = QDialogButtonBox(QDialogButtonBox.StandardButton.Close)
        buttons.rejected.connect(self.reject)
        box.addWidget(buttons)

        self.available = self._load_rules(title)
        self._load_cards(title)
        self.toc.itemActivated.connect(self._jump)
        self.toc.itemClicked.connect(self._jump)
        size_within_screen(self, 900, 700)

    # ------------------------------------------------------------------ rules

    def _load_rules(self, title: str) -> bool:
        path = rules_path(self.game_id)
        try:
            text = path.read_text(encoding="utf-8")
        except (OSError, UnicodeDecodeError):
            self.browser.setHtml(
                f"<h2>{html.escape(title)}</h2><p>The rules for {html.escape(title)} are not "
                f"available: the file <code>{html.escape(path.name)}</code> was not found in "
                f"<code>{html.escape(str(path.parent))}</code>.</p>")
            self.toc.setEnabled(False)
            return False
        self.browser.setMarkdown(text)
        parent: QTreeWidgetItem | None = None
        for level, heading in headings(text):
            item = QTreeWidgetItem([heading])
            item.setData(0, Qt.ItemDataRole.UserRole, heading)
            item.setToolTip(0, heading)
            if level == 2 or parent is None:
                self.toc.addTopLevelItem(item)
                parent = item
            else:
                parent.addChild(item)
        return True

    def section_titles(self) -> list[str]:
        """The ## headings in the contents, in order."""
        items = (self.toc.topLevelItem(i) for i in range(self.toc.topLevelItemCount()))
        return [item.text(0) for item in items if item is not None]

    def _heading_block(self, heading: str) -> QTextBlock | None:
        block = self.browser.document().begin()
        while block.isValid():
            if block.blockFormat().headingLevel() and block.text().strip() == heading:
                return block
            block = block.next()
        return None

    def jump_to(self, heading: str) -> bool:
        """Scroll the text so `heading` is at the top; False if there is no such heading."""
        block = self._heading_block(heading)
        if block is None:
            return False
        layout = self.browser.document().documentLayout()
        y = layout.blockBoundingRect(block).top()
        cursor = self.browser.textCursor()
        cursor.setPosition(block.position())
        self.browser.setTextCursor(cursor)
        self.browser.verticalScrollBar().setValue(int(y))
        return True

    def _jump(self, item: QTreeWidgetItem, _column: int = 0) -> None:
        self.jump_to(str(item.data(0, Qt.ItemDataRole.UserRole)))

    # ------------------------------------------------------------------ cards

    def _card_link(self, url: Any) -> None:
        """A link in the Cards tab: "frostdesk:spoilers" shows what the game hides until
        asked (Last Aurora's Story results); any other link does nothing."""
        if url.toString() != SPOILERS or self._cards_of is None:
            return
        cards_html, game = self._cards_of
        y = self.cards.verticalScrollBar().value()
        self.cards.setHtml(cards_html(game, spoilers=True))
        self.cards.verticalScrollBar().setValue(y)

    def _load_cards(self, title: str) -> None:
        from frostdesk.engine.registry import load_game
        from frostdesk.ui.plugins import PluginError, ui_plugin

        try:
            game = load_game(self.game_id)
            cards_html = ui_plugin(self.game_id).cards_html
        except (UnknownGame, PluginError):
            self.cards.setHtml(f"<p>{html.escape(title)} has no cards in this version yet.</p>")
            return
        except Exception as exc:  # noqa: BLE001 - a broken card file: say so, no traceback
            self.cards.setHtml(f"<p>The cards of {html.escape(title)} could not be loaded:</p>"
                               f"<pre>{html.escape(str(exc))}</pre>")
            return
        self._cards_of = (cards_html, game)
        try:
            self.cards.setHtml(cards_html(game))
        except Exception as exc:  # noqa: BLE001 - cards the list cannot show: say so
            self.cards.setHtml(f"<p>The cards of {html.escape(title)} could not be listed:</p>"
                               f"<pre>{html.escape(str(exc))}</pre>")
