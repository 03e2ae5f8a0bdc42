"""Last Aurora's table, Frozen Steel Module 4: the Story deck with its public back, the card
being read (its name, intro and options: no result before the choice, S4), Story cards tucked
under zone and convoy cards, and open tasks on the convoys (games/last_aurora/story.py).

`story_specs` adds these to the layout's specs when the module is on: the deck takes the
place of the "Gone" pile, the card being read lies over the zone while its reader chooses,
and a small gold tab marks each card with a Story card under it.
"""

from __future__ import annotations

from typing import Any

from PySide6.QtCore import QRectF, Qt
from PySide6.QtGui import QColor, QFont, QPainter, QPen

from frostdesk.games.last_aurora.state import State
from frostdesk.games.last_aurora.story_cards import TRIGGER_WORDS, option_face, task_words
from frostdesk.ui import theme
from frostdesk.ui.games.last_aurora.table import Piece
from frostdesk.ui.kit.layout import Spec
from frostdesk.ui.kit.text import draw_text, first_fit

# the back's trigger in a pile's few words
SHORT = {"gather": "Gather", "recruit": "Recruit", "improve": "Improve",
         "encounter": "Encounter", "pair": "Two explore", "fed": "Explorer fed",
         "rest-fed": "Fed in Rest", "boost": "Boost", "waypoint": "Special stop",
         "region": "New region", "fw-start": "Before ambush", "eor-start": "Round's end",
         "miss": "A miss", "destroyed": "Enemy falls"}
GOLD = QColor("#e6c350")
LEFT = Qt.AlignmentFlag.AlignLeft | Qt.AlignmentFlag.AlignVCenter
TOP_LEFT = Qt.AlignmentFlag.AlignLeft | Qt.AlignmentFlag.AlignTop


def roman(period: int) -> str:
    return "I" * period if period < 4 else str(period)


def story_specs(lay: Any, s: State, names: list[str], out: dict[Any, Spec],
                outcomes: bool = False) -> None:
    """Add the Story pieces to a layout's specs (see the module docstring); `outcomes`
    (solo, S11: the player asked) shows each option's results before the choice."""
    g = lay.game
    st = s.story
    story = g.story
    cards = g.content.story
    deck = st.deck() if st.period else []
    back = story.back(s)
    x, y = lay.deck_point(5)
    out.pop(("pile", "gone"), None)
    last = ""
    if st.last:
        c = cards[st.last[0]]
        o = c.options[st.last[2]]
        res = {1: "success", 0: "failure", -1: "task taken"}[st.last[3]]
        last = f"Last read: {c.name}, \u201c{o.label}\u201d: {res}."
        result = o.success if st.last[3] == 1 else o.failure if st.last[3] == 0 else None
        if result is not None:
            last += " " + result.text
    held = f"\nThe Automa holds {len(st.azone)} face down." if s.level else ""
    out[("pile", "story")] = Spec("pile", x, y, 1.0, 0, 2, data={
        "label": f"Story {roman(st.period)}", "count": str(len(deck)),
        "note": f"next: {SHORT[back]}" if back else "empty",
        "w": float(lay.t["decks"]["w"]), "h": float(lay.t["decks"]["h"]),
        "tip": (f"The Story deck, Period {roman(st.period)}: {len(deck)} cards. "
                + (f"Its top card's back: {TRIGGER_WORDS[back]}." if back else "")
                + held + (f"\n{last}" if last else ""))})
    # cards tucked under zone cards, and under the cards of the convoy at the bottom
    me = lay.bottom
    for card, host, seat in st.tucks:
        name = cards[card].name
        if seat < 0 and host in s.zone:
            cx, cy = lay.card_point(s.zone.index(host))
            out[("storytab", cards[card].id)] = Spec("storytab", cx + 40, cy + 86, 1.0, 0, 14,
                                                     data={"text": "Story", "tip": (
                                                         f"{name} (a Story card) lies under "
                                                         "this card: anyone may draw it.")})
        elif seat == me:
            for col, (veh, _) in enumerate(s.convoy[me]):
                if veh is not None and story.host.get(veh[0], (veh[0], 0))[0] == host:
                    vx, vy = lay.column_point(col, False)
                    out[("storytab", cards[card].id)] = Spec(
                        "storytab", vx + 24, vy + 52, 1.0, 0, 14, data={
                            "text": "Story", "tip": f"{name} (a Story card) is tucked under "
                                                    f"{g.cards[host].name}; its cells join "
                                                    "the card."})
    # open tasks: on your board's line and in its tooltip, on the rivals' third line
    for seat in range(s.n):
        mine = [t for t in st.tasks if t[1] == seat]
        if not mine and not st.board:
            continue
        words = [f"{cards[t[0]].name}: {task_words(cards[t[0]].options[t[2]].task)}"
                 for t in mine]
        words += [f"{cards[c].name} (every player): {task_words(cards[c].options[0].task)}"
                  for c in st.board]
        key = ("mine",) if seat == me else ("rival", seat)
        spec = out.get(key)
        if spec is None:
            continue
        data = dict(spec.data)
        count = f"{len(words)} task{'s' * (len(words) != 1)}"
        if seat == me:
            data["line"] = f"{data['line']} · {count}"
        else:
            data["line3"] = f"{data['line3']} · {count}"
        data["tip"] = (str(data.get("tip", "")) + "\n" if data.get("tip") else "") + \
            "Tasks: " + "; ".join(words)
        out[key] = Spec(spec.kind, spec.x, spec.y, spec.scale, spec.rot, spec.z, data=data)
    # the card being read
    if s.phase == "story" and st.reading:
        seat, trigger, cands = st.reading[0], st.reading[1], st.reading[2]
        c = cards[cands[0][0]]
        zx, zy, _, _ = lay.cell_rect(0)
        rx, ry, rw, rh = lay.cell_rect(4)
        w = rx + rw - zx
        results: list[list[str]] = []
        if outcomes and s.level:  # S11: only in solo, and only when asked
            results = [[f"✓ {o.success.text}"] + ([f"✗ {o.failure.text}"] if o.failure
                                                   else []) for o in c.options]
            rh += 56 * sum(len(r) for r in results)
        out[("story",)] = Spec("story", zx + w / 2, zy + rh / 2, 1.0, 0, 40, data={
            "w": w, "h": rh, "reader": names[seat] if seat < len(names) else "",
            "results": results,
            "back": f"Period {roman(c.period)} · {c.phase.title()}: {TRIGGER_WORDS[trigger]}",
            "name": c.name, "intro": c.intro,
            "options": [option_face(o) for o in c.options],
            "also": [cards[k].name for k, _ in cands[1:]]})


class StoryPiece(Piece):
    """The Story card being read: everyone sees it; its results stay hidden (S4)."""

    def paint_body(self, p: QPainter, r: QRectF) -> None:
        d = self.data
        p.setPen(QPen(GOLD, 2.5))
        p.setBrush(QColor("#17222d"))
        p.drawRoundedRect(r, 12, 12)
        x, w = r.left() + 18, r.width() - 36
        top = r.top() + 8
        draw_text(p, QRectF(x, top, w, 24), f"Story card · {d['back']}", 19,
                  theme.TEXT_DIM, QFont.Weight.Normal, LEFT)
        draw_text(p, QRectF(x, top + 24, w, 34), str(d["name"]), 27, GOLD,
                  QFont.Weight.Bold, LEFT)
        draw_text(p, QRectF(x, top + 60, w, 60), str(d["intro"]), 20, theme.TEXT,
                  QFont.Weight.Normal, TOP_LEFT, wrap=True, italic=True)
        oy = top + 124
        results = d.get("results") or []
        for i, face in enumerate(d["options"]):
            first_fit(p, QRectF(x, oy, w, 28), [f"{i + 1} · {face}",
                                                f"{i + 1} · {face.split(':')[0]}"],
                      21, theme.FROST, QFont.Weight.DemiBold, LEFT)
            oy += 29
            for line in results[i] if i < len(results) else []:  # S11, asked for
                draw_text(p, QRectF(x + 20, oy, w - 20, 52), line, 19, theme.TEXT_DIM,
                          QFont.Weight.Normal, TOP_LEFT, wrap=True)
                oy += 56
        foot = f"Read to {d['reader']}: " + ("each option's results are shown (Story "
                                             "outcomes on)." if results else
                                             "the results show after the choice.")
        if d.get("also"):
            foot = "Also drawn: " + ", ".join(d["also"]) + f". {foot}"
        draw_text(p, QRectF(x, r.bottom() - 30, w, 24), foot, 19, theme.TEXT_DIM,
                  QFont.Weight.Normal, LEFT)


class StoryTabPiece(Piece):
    """A gold tab: a Story card lies under this card."""

    W, H = 64.0, 24.0

    def paint_body(self, p: QPainter, r: QRectF) -> None:
        p.setPen(QPen(QColor("#0b1218"), 1.2))
        p.setBrush(GOLD)
        p.drawRoundedRect(r, 6, 6)
        draw_text(p, r, str(self.data.get("text", "Story")), 19, QColor("#0b1218"),
                  QFont.Weight.Bold)


PIECES: dict[str, type[Piece]] = {"story": StoryPiece, "storytab": StoryTabPiece}
