"""The rules reference: the game's rules text with a table of contents, and every card.

The rules come from docs/rules/<game_id>.md, the cards from the game's loaded content, so the
dialog always shows what the app actually plays with.
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
from frostdesk.games import CATALOGUE
from frostdesk.ui.screens import readable_font

HEADING = re.compile(r"^(#{2,3})\s+(.+?)\s*#*\s*$")
SOURCE_TEXT = {"rulebook": "rulebook", "authored": "authored"}


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


def _cards_html(game: Any) -> str:
    """Every Event and Equipment type of `game` as HTML tables for a QTextBrowser."""
    c = game.content
    names = c.resource_names
    esc = html.escape
    table = ('<table width="100%" cellspacing="0" cellpadding="8" border="1" '
             'style="border-collapse: collapse; border-color: #7d8c9b;">')
    out = [f"<h2>Events ({len(c.events)})</h2>",
           (f"<p>{c.rules.events_per_game} of these turn up in each game. Each requirement is "
            "a set of colony cards you may discard once to cancel the damage next to it.</p>"),
           table,
           ("<tr><th align='left'>Event</th><th>Damage</th><th>Max</th>"
            "<th align='left'>Defences</th><th>Source</th></tr>")]
    for ev in c.events:
        reqs = "<br>".join(f"<b>Defends {r.defends}:</b> {esc(r.describe(names))}"
                           for r in ev.requirements)
        out.append(
            f"<tr><td><b>{esc(ev.name)}</b><br><i>{esc(ev.flavour)}</i></td>"
            f"<td align='center'><b>{ev.damage}</b></td><td align='center'><b>{ev.max}</b></td>"
            f"<td>{reqs}</td><td align='center'>{esc(SOURCE_TEXT.get(ev.source, ev.source))}"
            "</td></tr>")
    out.append("</table>")
    copies: dict[int, int] = {}
    for t in c.equipment_type_of:
        copies[t] = copies.get(t, 0) + 1
    out += [f"<h2>Equipment ({len(c.equipment_types)} types, {len(c.equipment_ids)} cards)</h2>",
            "<p>Each piece works once, then goes back to the market.</p>",
            table,
            ("<tr><th align='left'>Equipment</th><th>Copies</th><th align='left'>Cost</th>"
             "<th align='left'>Effect</th><th>Source</th></tr>")]
    for i, eq in enumerate(c.equipment_types):
        start = " <i>(starting equipment)</i>" if eq.type in c.rules.starting_equipment else ""
        out.append(
            f"<tr><td><b>{esc(eq.name)}</b>{start}</td>"
            f"<td align='center'>{copies.get(i, 0)}</td>"
            f"<td>{esc(eq.cost.describe(names))}</td><td>{esc(eq.text)}</td>"
            f"<td align='center'>{esc(SOURCE_TEXT.get(eq.source, eq.source))}</td></tr>")
    out.append("</table>")
    out.append("<p><i>rulebook</i>: as printed in the game's rulebook. <i>authored</i>: "
               "designed for this app where the rulebook prints nothing.</p>")
    return "\n".join(out)


def _stations_cards_html(game: Any) -> str:
    """Frontier Stations' Nexus faces, systems and threats as HTML tables."""
    from frostdesk.games.frontier_stations.content import NAMES, numbers_text
    from frostdesk.games.frontier_stations.content import units_text as _units

    def units_text(units: Any) -> str:
        return _units(units).replace(" Any", " of any kind")

    c = game.content
    esc = html.escape
    table = ('<table width="100%" cellspacing="0" cellpadding="8" border="1" '
             'style="border-collapse: collapse; border-color: #7d8c9b;">')

    def storage(card: Any) -> str:
        parts = [f"{n} {NAMES[r]}" for r, n in enumerate(card.storage) if n]
        if card.storage_any:
            parts.append(f"{card.storage_any} of any kind")
        return ", ".join(parts) or "nothing"

    def effects(card: Any) -> str:
        lines = [f"<b>On {numbers_text(a.on)}:</b> makes {esc(units_text(a.produce))}"
                 for a in card.activations]
        conv = card.convert
        if conv is not None:
            spend = "any resource" if conv.spend is None else NAMES[conv.spend]
            into = "another kind" if conv.as_ is None else NAMES[conv.as_]
            lines.append(f"<b>Converts:</b> {conv.count} {esc(spend)} → 1 {esc(into)}")
        if card.salvage:
            lines.append(f"<b>Salvage:</b> {esc(units_text(card.salvage))} when a threat "
                         "next to this station is hit")
        lines.append(f"<b>Stores:</b> {esc(storage(card))}")
        if card.text:
            lines.append(f"<i>{esc(card.text)}</i>")
        return "<br>".join(lines)

    def source(card: Any) -> str:
        return esc(SOURCE_TEXT.get(card.source, card.source))

    out = ["<h2>Nexus (one per station)</h2>",
           "<p>Every station starts with a Nexus; the face chosen sets the difficulty.</p>",
           table, ("<tr><th align='left'>Nexus</th><th align='left'>Effect</th>"
                   "<th>Source</th></tr>")]
    for kind in ("heavy", "standard", "light"):
        face = c.nexus_faces.get(kind)
        if face is not None:
            out.append(f"<tr><td><b>{esc(face.name)}</b></td><td>{effects(face)}</td>"
                       f"<td align='center'>{source(face)}</td></tr>")
    out.append("</table>")

    designs: dict[str, list[Any]] = {}
    for card in c.systems:
        designs.setdefault(card.design, []).append(card)
    out += [f"<h2>Systems ({len(designs)} kinds, {len(c.systems)} cards)</h2>", table,
            ("<tr><th align='left'>System</th><th>Copies</th><th>Cost</th>"
             "<th align='left'>Effect</th><th>Source</th></tr>")]
    for cards in sorted(designs.values(), key=lambda cs: (cs[0].cost, cs[0].name)):
        card = cards[0]
        out.append(f"<tr><td><b>{esc(card.name)}</b></td><td align='center'>{len(cards)}</td>"
                   f"<td align='center'><b>{card.cost}</b></td><td>{effects(card)}</td>"
                   f"<td align='center'>{source(card)}</td></tr>")
    out.append("</table>")

    threats: dict[str, list[Any]] = {}
    for th in c.threats:
        threats.setdefault(th.design, []).append(th)
    out += [f"<h2>Threats ({len(c.threats)} cards)</h2>",
            "<p>Early threats strike on one die (1–6), late ones on two dice added (2–12).</p>",
            table, ("<tr><th align='left'>Threat</th><th>Deck</th><th>Copies</th>"
                    "<th align='left'>Strikes on / takes</th><th align='left'>To destroy</th>"
                    "<th>Source</th></tr>")]
    for cards in threats.values():
        th = cards[0]
        if th.reinforcements:
            strikes = "Strengthens the newest threat where it lands, or brings it back."
            destroy = "—"
        else:
            strikes = (f"<b>On {numbers_text(th.on)}:</b> takes "
                       f"{esc(units_text(th.consume))}")
            destroy = f"{th.credits} credits" + (f" + {esc(units_text(th.destroy))}"
                                                 if th.destroy else "")
        flavour = f"<br><i>{esc(th.text)}</i>" if th.text else ""
        out.append(f"<tr><td><b>{esc(th.name)}</b>{flavour}</td>"
                   f"<td align='center'>{esc(th.deck)}</td>"
                   f"<td align='center'>{len(cards)}</td><td>{strikes}</td>"
                   f"<td>{destroy}</td><td align='center'>{source(th)}</td></tr>")
    out.append("</table>")
    out.append("<p><i>rulebook</i>: named in the game's rulebook. <i>authored</i>: designed "
               "for this app where the rulebook gives no details.</p>")
    return "\n".join(out)


CARDS_HTML = {"frontier-stations": _stations_cards_html}


class RulesDialog(QDialog):
    """A resizable rules reference: Rules tab (text + contents) and Cards tab."""

    def __init__(self, game_id: str, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setObjectName("rulesDialog")
        readable_font(self)
        self.game_id = game_id
        title = CATALOGUE.get(game_id, (game_id, False))[0]
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
        self.resize(900, 700)

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
        return [self.toc.topLevelItem(i).text(0) for i in range(self.toc.topLevelItemCount())]

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

    def _load_cards(self, title: str) -> None:
        try:
            from frostdesk.games import load_game

            game = load_game(self.game_id)
        except KeyError:
            self.cards.setHtml(f"<p>{html.escape(title)} has no cards in this version yet.</p>")
            return
        except Exception as exc:  # noqa: BLE001 - a broken card file: say so, no traceback
            self.cards.setHtml(f"<p>The cards of {html.escape(title)} could not be loaded:</p>"
                               f"<pre>{html.escape(str(exc))}</pre>")
            return
        try:
            self.cards.setHtml(CARDS_HTML.get(self.game_id, _cards_html)(game))
        except Exception as exc:  # noqa: BLE001 - cards the list cannot show: say so
            self.cards.setHtml(f"<p>The cards of {html.escape(title)} could not be listed:</p>"
                               f"<pre>{html.escape(str(exc))}</pre>")
