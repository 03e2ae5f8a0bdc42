"""Solo on Last Aurora's table: the Automa where a rival's board would be.

The Automa is convoy `n` of a solo view (frostdesk/games/last_aurora/automa.py). Its panel
shows its Speed, Survivors and Damage tracks (a marker on each that slides when the value
changes), its Fame, Targets, the Objects face down in its zone and its Loot; under them lies
its action card for the round with its three lines (what it does to an Enemy in its slot, on
its Movement, at the End of Round). Its token drives on the road like a convoy's.

The classes here extend the table's Board, layout and scene (table.py) with the Automa's
zones and values, as motions.py names them: ("automa_card", id) moves from ("automa",
"deck") to ("automa", "card") and on to ("automa", "discard"); Objects and Loot go to
("automa", "zone"); ("automa", track) changes a track. Without an Automa (2-4 convoys)
they add nothing.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from PySide6.QtCore import QPointF, QRectF
from PySide6.QtGui import QColor, QFont, QFontMetricsF, QPainter, QPen

from frostdesk.engine.game import Event
from frostdesk.engine.motion import Changed, Motion, Moved, Ref
from frostdesk.games.last_aurora.state import State
from frostdesk.ui import theme
from frostdesk.ui.games.last_aurora.table import (
    BOLD,
    FACE,
    INK,
    INK_DIM,
    LEFT,
    AuroraBoard,
    AuroraLayout,
    AuroraScene,
    Piece,
    draw_shape,
)
from frostdesk.ui.kit.layout import Spec
from frostdesk.ui.kit.text import draw_pair, draw_text, first_fit, fit_text, shown_px

NAME = "The Automa"
TRACKS = (("speed", "Speed", 9), ("surv", "Survivors", 5), ("dmg", "Damage", 9))
LINE_WORDS = ("Enemy", "Move", "End")  # the three lines of an action card, in order
CARD_BAND = "#8c7ab8"
# the panel, in its own units from its top-left corner
TITLE_H = 30.0
TRACK_Y, TRACK_H = 31.0, 24.0
LABEL_W, BOX_W = 92.0, 24.0
CARD_TOP = 130.0
RAISED = 8.0  # how far the panel reaches above your board (into the gap under the decks)


def solo(s: State) -> bool:
    return bool(s.level)


def card_lines(text: str) -> list[str]:
    """An action card's text as its three lines without their lead words ('Enemy here:',
    'Movement:' or 'Before it moves:', 'End of Round:'): what the panel shows beside its own
    short words. A text that is not three sentences is shown whole on the first line."""
    parts = [p.strip().rstrip(".") for p in text.strip().split(". ") if p.strip()]
    if len(parts) != 3:
        return [text.strip(), "", ""]
    out = []
    for p in parts:
        lead, sep, rest = p.partition(": ")
        out.append(rest if sep and len(lead) <= 18 else p)
    # "Before it moves" says when the line acts; keep that in the words
    if parts[1].lower().startswith("before it moves"):
        out[1] = "before it moves, " + out[1]
    return out


def panel_data(g: Any, s: State, level: str, w: float, h: float, colour: str, shape: str
               ) -> dict[str, Any]:
    """What the Automa's panel paints (its tracks' values too, for the boxes' words)."""
    me = s.n
    loot = [g.cards[x].name for x in s.aloot]
    where = "aboard" if me in s.boarded else f"mile {s.mile[me]}"
    return {"w": w, "h": h, "level": level, "colour": colour, "shape": shape,
            "fame": s.fame[me], "where": where, "targets": s.targets[me],
            "objects": len(s.aobjects), "loot": len(loot), "loot_names": ", ".join(loot),
            "speed": s.aspeed, "surv": s.asurv, "dmg": s.admg, "has_card": s.acard >= 0,
            # Module 4: its Story cards face down, and whether this round's card is off
            "story": len(s.story.azone) if s.story is not None else -1,
            "cancelled": s.story is not None and not g.story.lines_on(s)}


def card_data(g: Any, s: State, w: float, h: float) -> dict[str, Any]:
    c = g.content.automa.cards[s.acard]
    return {"w": w, "h": h, "id": c.id, "name": c.name, "slot": c.slot + 1,
            "arrow": "←" if c.arrow < 0 else "→", "lines": card_lines(c.text),
            "source": c.source}


# ---------------------------------------------------------------------------- the board


class SoloBoard(AuroraBoard):
    """The table's Board with the Automa's card, tracks, Objects and Loot."""

    def copy(self) -> SoloBoard:
        return SoloBoard(self.state.copy(), self.game)

    def apply(self, motion: Motion) -> Sequence[Ref]:
        s = self.state
        if isinstance(motion, Changed) and motion.what[0] == "automa":
            track = str(motion.what[1])
            if track in ("speed", "surv", "dmg"):
                new = motion.to if motion.to is not None else \
                    getattr(s, "a" + track) + motion.by
                setattr(s, "a" + track, int(new))
            return ()
        if not isinstance(motion, Moved):
            return ()
        piece, target = motion.piece, motion.target
        if piece[0] == "automa_card":
            cards = self.game.content.automa.cards
            index = next((c.index for c in cards if c.id == str(piece[1])), -1)
            if target == ("automa", "card"):
                s.acard = index
            elif s.acard == index:
                s.acard = -1
            return [piece]
        if target == ("automa", "zone"):
            if piece[0] == "card":
                s.aloot = [*s.aloot, self.game.content.by_id(str(piece[1])).index]
            else:
                s.aobjects = [*s.aobjects, -1]
            return ()
        return super().apply(motion)


# ---------------------------------------------------------------------------- the layout


class SoloLayout(AuroraLayout):
    """The table's layout with, in a solo game, the Automa's panel where the rivals' boards
    would be, its track markers and its action card; it is named in the turn order."""

    def __init__(self, game: Any, table: dict[str, Any], n: int, bottom: int,
                 names: list[str], bots: list[str]) -> None:
        if n == 1:
            names, bots = [*names, NAME], [*bots, ""]
        super().__init__(game, table, n, bottom, names, bots)

    def panel_rect(self) -> tuple[float, float, float, float]:
        """Where the panel sits: the rivals' column, as tall as your board and RAISED into
        the gap under the decks (the action card's three lines need the room in a small
        window, where its words are drawn at the floor)."""
        r = self.t["rivals"]
        _, my, _, mh = self.mine_rect()
        return float(r["x"]), my - RAISED, float(r["w"]), mh + RAISED

    def track_point(self, track: str, value: int) -> tuple[float, float]:
        x, y, _, _ = self.panel_rect()
        row = [t for t, _, _ in TRACKS].index(track)
        top = next(m for t, _, m in TRACKS if t == track)
        col = max(0, min(value, top))
        return (x + 10 + LABEL_W + col * BOX_W + BOX_W / 2,
                y + TRACK_Y + row * TRACK_H + TRACK_H / 2)

    def action_card_rect(self) -> tuple[float, float, float, float]:
        x, y, w, h = self.panel_rect()
        return x + 6, y + CARD_TOP, w - 12, h - CARD_TOP - 3

    def specs(self, s: State, extra: dict[str, Any]) -> dict[Any, Spec]:
        out = super().specs(s, extra)
        if not solo(s):
            return out
        g = self.game
        me = s.n
        level = s.level.title() if s.level else ""
        x, y, w, h = self.panel_rect()
        out[("automa",)] = Spec("automa", x + w / 2, y + h / 2, 1.0, 0, 1, data=panel_data(
            g, s, level, w, h, self.colours[me % 4], self.shapes[me % 4]))
        for track, _, _ in TRACKS:
            tx, ty = self.track_point(track, int(getattr(s, "a" + track)))
            out[("automa", track)] = Spec("automa_marker", tx, ty, 1.0, 0, 4,
                                          data={"colour": self.colours[me % 4]})
        if s.acard >= 0:
            cx, cy, cw, ch = self.action_card_rect()
            c = g.content.automa.cards[s.acard]
            out[("automa_card", c.id)] = Spec("automa_card", cx + cw / 2, cy + ch / 2, 1.0, 0,
                                              6, data=card_data(g, s, cw, ch))
        return out


# ---------------------------------------------------------------------------- items


class AutomaPiece(Piece):
    """The Automa's board: its name and level, Fame, its three tracks, Targets, Objects
    and Loot (the action card is an item of its own, over the panel's lower part)."""

    def paint_body(self, p: QPainter, r: QRectF) -> None:
        d = self.data
        p.setPen(QPen(QColor("#34485c"), 2.0))
        p.setBrush(theme.PANEL)
        p.drawRoundedRect(r, 12, 12)
        draw_shape(p, str(d["shape"]), QPointF(r.left() + 18, r.top() + 17), 9,
                   QColor(str(d["colour"])))
        title = NAME + (f" · {d['level']}" if d.get("level") else "")
        draw_pair(p, QRectF(r.left() + 34, r.top() + 3, r.width() - 44, 26), title,
                  f"Fame {d['fame']}", 20, theme.TEXT, theme.FROST, BOLD, BOLD)
        for row, (track, word, top) in enumerate(TRACKS):
            ty = r.top() + TRACK_Y + row * TRACK_H
            draw_text(p, QRectF(r.left() + 10, ty, LABEL_W - 4, TRACK_H), word, 19,
                      theme.TEXT_DIM, QFont.Weight.DemiBold, LEFT)
            value = int(d[track])
            for k in range(top + 1):
                box = QRectF(r.left() + 10 + LABEL_W + k * BOX_W, ty + 2, BOX_W - 2,
                             TRACK_H - 4)
                p.setPen(QPen(QColor("#3c5468"), 1))
                p.setBrush(QColor("#22323f") if k % 2 else QColor("#283b4b"))
                p.drawRect(box)
                words = str(value) if k == top and value > top else str(k)
                draw_text(p, box, words, 19, theme.TEXT if k == min(value, top)
                          else theme.TEXT_DIM, QFont.Weight.Normal)
        ty = r.top() + TRACK_Y + len(TRACKS) * TRACK_H + 1
        loot = f"Loot {d['loot']}"
        line = f"{d['where'].capitalize()} · Targets {d['targets']} · " \
               f"Objects {d['objects']} · {loot}"
        if int(d.get("story", -1)) < 0:
            draw_text(p, QRectF(r.left() + 10, ty, r.width() - 20, 24), line, 19, theme.TEXT,
                      QFont.Weight.Normal, LEFT)
        else:  # Module 4: its face-down Story cards (and its card cancelled this round)
            story = f"Story {d['story']}" + (" · card off" if d.get("cancelled") else "")
            first_fit(p, QRectF(r.left() + 10, ty, r.width() - 20, 24),
                      [f"{line} · {story}",
                       f"{d['where'].capitalize()} · Obj {d['objects']} · {loot} · {story}"],
                      19, theme.TEXT, QFont.Weight.Normal, LEFT)
        if not d.get("has_card"):
            fit_text(p, QRectF(r.left() + 12, r.top() + CARD_TOP + 8, r.width() - 24, 60),
                     "Its action card shows at the start of each round.", 19,
                     theme.TEXT_DIM)


class MarkerPiece(Piece):
    """The marker on one of the Automa's tracks: a ring in its colour."""

    W, H = 24.0, 24.0

    def paint_body(self, p: QPainter, r: QRectF) -> None:
        p.setPen(QPen(QColor(str(self.data["colour"])), 3))
        p.setBrush(QColor(0, 0, 0, 0))
        p.drawRoundedRect(r.adjusted(1, 1, -1, -1), 5, 5)


class ActionCardPiece(Piece):
    """The Automa's action card for the round: its number and name, the cell it starts from
    with its arrow, and its three lines."""

    def paint_body(self, p: QPainter, r: QRectF) -> None:
        d = self.data
        p.setPen(QPen(QColor("#0b1218"), 1.5))
        p.setBrush(FACE)
        p.drawRoundedRect(r, 9, 9)
        band = QRectF(r.left(), r.top(), r.width(), 24)
        p.setPen(QPen(QColor(0, 0, 0, 0), 0))
        p.setBrush(QColor(CARD_BAND))
        p.drawRoundedRect(band, 9, 9)
        p.drawRect(band.adjusted(0, 12, 0, 0))
        head = band.adjusted(8, 0, -8, 0)
        draw_pair(p, head, f"{d['id']} {d['name']}", f"cell {d['slot']} {d['arrow']}", 19,
                  QColor("#10161c"), QColor("#10161c"), BOLD, BOLD)
        y = band.bottom() + 1
        lines = list(d["lines"])
        px = shown_px(p, 19)
        metrics = QFontMetricsF(theme.scene_font(px, QFont.Weight.Normal))
        step = metrics.lineSpacing()
        label_w = max(QFontMetricsF(theme.scene_font(px, BOLD)).horizontalAdvance(w)
                      for w in LINE_WORDS) + 8
        for i, (word, text) in enumerate(zip(LINE_WORDS, lines, strict=False)):
            if not text:
                continue
            left = len([t for t in lines[i + 1:] if t])
            room = r.bottom() - 1 - y - left * step
            draw_text(p, QRectF(r.left() + 8, y, label_w, step), word, 19, INK_DIM, BOLD,
                      LEFT)
            # the first line beside the word, the rest under it across the whole card
            first, rest = first_line(text, metrics, r.right() - 6 - (r.left() + 8 + label_w))
            draw_text(p, QRectF(r.left() + 8 + label_w, y, r.right() - 6 - r.left() - 8
                                - label_w, step), first, 19, INK, align=LEFT)
            y += step
            if rest:
                used = fit_text(p, QRectF(r.left() + 8, y, r.width() - 14, room - step),
                                rest, 19, INK)
                y += used.height()
            y += 2


def first_line(text: str, metrics: QFontMetricsF, width: float) -> tuple[str, str]:
    """`text` split after the words that fit one line of `width` (at least one word)."""
    words = text.split()
    k = 1
    while k < len(words) and metrics.horizontalAdvance(" ".join(words[:k + 1])) <= width:
        k += 1
    return " ".join(words[:k]), " ".join(words[k:])


SOLO_PIECES: dict[str, type[Piece]] = {"automa": AutomaPiece, "automa_marker": MarkerPiece,
                                       "automa_card": ActionCardPiece}


class SoloScene(AuroraScene):
    """The table's scene with the Automa's items and the places of its zones."""

    layout: AuroraLayout | None

    def make_item(self, key: Any, spec: Spec) -> Piece:
        kind = SOLO_PIECES.get(spec.kind)
        return kind(key, spec) if kind is not None else super().make_item(key, spec)

    def previews(self, item: Any) -> bool:
        """The Automa's action card enlarges like a rival's board (its panel is read as it is:
        an enlarged copy would lack the markers and the card, which are items of their own)."""
        return isinstance(item, ActionCardPiece) or super().previews(item)

    def _show_preview(self) -> None:
        item = self._hovered
        if isinstance(item, ActionCardPiece):
            w, h = self.sceneRect().width(), self.sceneRect().height()
            scale = 1.45
            half_w = item.card_rect().width() * scale / 2
            half_h = item.card_rect().height() * scale / 2
            self.preview.show_for(item, scale, QPointF(w - half_w - 8,
                                                       min(item.pos().y(), h - half_h - 8)))
            return
        super()._show_preview()

    def anchor_state(self, anchor: Any, key: Any, spec: Spec | None, leaving: bool = False
                     ) -> tuple[float, float, float, float, bool] | None:
        lay = self.layout
        if isinstance(lay, SoloLayout) and isinstance(anchor, tuple) and anchor:
            x, y, w, h = lay.panel_rect()
            if anchor[0] == "automa":
                cx, cy, cw, ch = lay.action_card_rect()
                if anchor[1] == "deck":  # its face-down pile, at the card's left
                    return cx + cw * 0.15, cy + ch / 2, 0.3, 0.0, True
                if anchor[1] == "discard":
                    return cx + cw * 0.85, cy + ch / 2, 0.3, 0.0, True
                if anchor[1] == "card":
                    return cx + cw / 2, cy + ch / 2, 1.0, 0.0, True
                return x + w / 2, y + h / 2, 0.4, 0.0, True  # its zone
            if anchor[0] == "targets" and lay.n == 1 and int(anchor[1]) == 1:
                return x + w / 2, y + TITLE_H, 0.5, 0.0, True
        return super().anchor_state(anchor, key, spec, leaving)


# ---------------------------------------------------------------------------- the status line


def automa_words(game: Any, events: Sequence[Event], n: int) -> str:
    """'The Automa acts: Long Haul · takes Scrap Yard · drives to mile 7': what the Automa did
    in a batch of events, for the status line while the batch plays ('' when it did
    nothing)."""
    cards = {c.id: c.name for c in game.content.automa.cards}
    done: list[str] = []
    for e in events:
        d = e.data
        if e.kind == "automa_card":
            done.append(f"plays {cards.get(str(d.get('card')), 'a card')}")
        elif e.kind == "automa_explored":
            card = d.get("card")
            done.append(f"takes {game.content.by_id(card).name}" if isinstance(card, str)
                        else "finds nothing to take")
        elif e.kind == "automa_enemy":
            done.append("meets an enemy")
        elif d.get("seat") == n and e.kind == "moved":
            done.append(f"drives to mile {d.get('target')}")
        elif d.get("seat") == n and e.kind == "boarded":
            done.append("boards the Aurora")
        elif d.get("seat") == n and e.kind == "attack":
            done.append("fires")
    if not done:
        return ""
    words: list[str] = []
    for w in done:  # the same deed twice in a row is said once
        if not words or words[-1] != w:
            words.append(w)
    return f"{NAME} acts: " + ", ".join(words[:4]) + ("…" if len(words) > 4 else ".")
