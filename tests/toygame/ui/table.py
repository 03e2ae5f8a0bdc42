"""Toy Tally's table: where things sit (from cards/table.yaml), its items and its scene.

`ToyLayout.specs(view)` says where every item is for a view of the game: each seat's hand (its
cards face up for the viewer, backs for the others) with its name panel and the pile of cards it
took, the cards played in the round, the deck and the round's title. `ToyScene` is the kit's
TableScene with these items and the places flying cards come from and go to.
"""

from __future__ import annotations

import dataclasses
from collections.abc import Sequence
from typing import Any

from PySide6.QtCore import QRectF, Qt
from PySide6.QtGui import QColor, QFont, QPainter, QPainterPath, QPen

from frostdesk.engine.motion import HIDDEN as HIDDEN_PIECE
from frostdesk.engine.motion import Motion, Moved, Ref
from frostdesk.ui import theme
from toygame.model.rules import HIDDEN, State
from toygame.ui.kit import Spec, TableItem, TableScene, draw_text

FACE = QColor("#f3efe6")
INK = QColor("#1d2a36")
BACK = QColor("#2f5f86")
GAP = 12  # between cards in a row
OTHERS_SCALE = 0.62  # the other seats' hands, smaller than the viewer's
PILE_SCALE = 0.55


class ToyBoard:
    """The table the screen shows (a view of the game) as the rules' motions change it: the
    kit's Board. Zones: ("deck",), ("hand", seat), ("round",), ("won", seat)."""

    def __init__(self, state: State) -> None:
        self.state = state

    def copy(self) -> ToyBoard:
        return ToyBoard(self.state)  # the state is a frozen value: apply makes new ones

    def apply(self, motion: Motion) -> Sequence[Ref]:
        if not isinstance(motion, Moved):
            return ()
        s = self.state
        card = HIDDEN if motion.piece == HIDDEN_PIECE else str(motion.piece[1])
        hands = [list(h) for h in s.hands]
        played, taken, deck = list(s.played), [list(t) for t in s.taken], list(s.deck)
        source, target = motion.source or (), motion.target
        if source == ("deck",) and deck:
            deck.pop()
        elif source and source[0] == "hand":
            hand = hands[int(source[1])]
            if card in hand:
                hand.remove(card)
            elif HIDDEN in hand:
                hand.remove(HIDDEN)  # a face-down card turned out to be this one
        elif source == ("round",):
            played = [(seat, c) for seat, c in played if c != card]
        if target[0] == "hand":
            hands[int(target[1])].append(card)
        elif target == ("round",) and source and source[0] == "hand":
            played.append((int(source[1]), card))
        elif target[0] == "won":
            taken[int(target[1])].append(card)
        self.state = dataclasses.replace(
            s, hands=tuple(tuple(h) for h in hands), played=tuple(played),
            taken=tuple(tuple(t) for t in taken), deck=tuple(deck))
        return [motion.piece] if card != HIDDEN else []


class ToyLayout:
    """Places for a table of `n` seats seen from `bottom` (see the module docstring)."""

    def __init__(self, game: Any, n: int, bottom: int, names: list[str],
                 bots: list[str]) -> None:
        t = game.content.table
        self.game = game
        self.w, self.h = float(t["size"]["w"]), float(t["size"]["h"])
        self.card_w, self.card_h = float(t["card"]["w"]), float(t["card"]["h"])
        self.n = n
        self.bottom = bottom
        self.names = names
        self.bots = bots  # the bot level shown on a bot's panel ("" for people)
        # the bottom seat takes the first point, the others follow clockwise
        self.points = {(bottom + k) % n: (float(t["seats"][k]["x"]), float(t["seats"][k]["y"]))
                       for k in range(n)}
        self.round_point = (float(t["round"]["x"]), float(t["round"]["y"]))
        self.deck_point = (float(t["deck"]["x"]), float(t["deck"]["y"]))

    def panel_point(self, seat: int) -> tuple[float, float]:
        """Under the bottom hand, above the others (towards the table's edge)."""
        x, y = self.points[seat]
        reach = self.card_h * self.scale(seat) / 2 + 44
        return x, y + reach if y > self.h / 2 else y - reach

    def won_point(self, seat: int) -> tuple[float, float]:
        """Beside the seat's panel, on the side with room."""
        x, y = self.panel_point(seat)
        return (x - 250 if x > self.w / 2 else x + 250), y

    def scale(self, seat: int) -> float:
        return 1.0 if seat == self.bottom else OTHERS_SCALE

    def row(self, count: int, x: float, scale: float, step: float | None = None) -> list[float]:
        step = (self.card_w + GAP) * scale if step is None else step
        return [x + (i - (count - 1) / 2) * step for i in range(count)]

    def specs(self, state: State, extra: dict[str, Any]) -> dict[Any, Spec]:
        game = self.game
        out: dict[Any, Spec] = {}
        scores = game.scores(state)
        for seat in range(state.n):
            x, y = self.points[seat]
            k = self.scale(seat)
            hand = state.hands[seat]
            step = None if seat == self.bottom else self.card_w * k * 0.55
            for i, (cx, card) in enumerate(zip(self.row(len(hand), x, k, step), hand,
                                               strict=True)):
                if card == HIDDEN:
                    out[("back", seat, i)] = Spec("card", cx, y, k, 0, 10 + i,
                                                  data={"back": True})
                else:
                    c = game.content.by_id[card]
                    out[("card", card)] = Spec("card", cx, y, k, 0, 10 + i,
                                               data={"name": c.name, "value": c.value})
            px, py = self.panel_point(seat)
            out[("panel", seat)] = Spec("panel", px, py, 1.0, 0, 5, data={
                "name": self.names[seat], "bot": self.bots[seat], "tally": scores[seat],
                "to_move": extra.get("to_move") == seat, "thinking": extra.get("thinking")
                == seat, "leads": state.leader == seat and state.turn is not None})
            wx, wy = self.won_point(seat)
            out[("won", seat)] = Spec("pile", wx, wy, PILE_SCALE, 0, 4, data={
                "count": len(state.taken[seat]), "label": "taken"})
        rx, ry = self.round_point
        for i, (cx, (seat, card)) in enumerate(zip(self.row(len(state.played), rx, 1.0),
                                                   state.played, strict=True)):
            c = game.content.by_id[card]
            out[("card", card)] = Spec("card", cx, ry, 1.0, 0, 20 + i, data={
                "name": c.name, "value": c.value, "by": self.names[seat]})
        dx, dy = self.deck_point
        out[("deck",)] = Spec("pile", dx, dy, 0.8, 0, 4, data={"count": len(state.deck),
                                                               "label": "deck"})
        title = "The game is over" if state.turn is None else \
            f"Round {state.round} of {state.rounds}"
        out[("title",)] = Spec("label", rx, ry - self.card_h / 2 - 40, 1.0, 0, 3,
                               data={"text": title})
        return out


class Piece(TableItem):
    """A Toy Tally item: painted once per size from its data, like every kit item."""

    def __init__(self, key: Any, spec: Spec, game: Any) -> None:
        super().__init__(key, spec.kind, spec.data, game)
        self.base_scale = spec.scale  # the scale it rests at: flights reuse its pixmap

    @property
    def _k(self) -> float:
        return round(self.view_k * self.base_scale, 3)


class CardPiece(Piece):
    """A numbered card, face up (value and name, and who played it) or face down."""

    def card_rect(self) -> QRectF:
        w, h = self.scene_card()
        return QRectF(-w / 2, -h / 2, w, h)

    def scene_card(self) -> tuple[float, float]:
        t = self.game.content.table["card"]
        return float(t["w"]), float(t["h"])

    def boundingRect(self) -> QRectF:  # noqa: N802
        return self.card_rect().adjusted(-14, -14, 14, 14 + (26 if "by" in self.data else 0))

    def shape(self) -> QPainterPath:
        path = QPainterPath()
        path.addRect(self.card_rect())
        return path

    def face_up(self) -> bool:
        return not self.data.get("back")

    def paint_content(self, p: QPainter) -> None:
        r = self.card_rect()
        self.paint_marks(p, r)
        p.setRenderHint(QPainter.RenderHint.Antialiasing)
        p.setPen(QPen(QColor("#0b1218"), 1.5))
        if not self.face_up():
            p.setBrush(BACK)
            p.drawRoundedRect(r, 9, 9)
            p.setPen(QPen(theme.FROST, 2.0))
            p.setBrush(Qt.BrushStyle.NoBrush)
            p.drawRoundedRect(r.adjusted(8, 8, -8, -8), 6, 6)
            draw_text(p, r, "❄", r.width() * 0.4, theme.FROST)
            return
        p.setBrush(FACE)
        p.drawRoundedRect(r, 9, 9)
        value = str(self.data.get("value", ""))
        draw_text(p, r.adjusted(0, -r.height() * 0.12, 0, -r.height() * 0.12), value,
              r.width() * 0.5, INK, QFont.Weight.Bold)
        corner = QRectF(r.left() + 8, r.top() + 6, 30, 24)
        draw_text(p, corner, value, 20, INK, QFont.Weight.Bold, Qt.AlignmentFlag.AlignLeft)
        draw_text(p, QRectF(r.left(), r.bottom() - 34, r.width(), 26), str(self.data.get("name")),
              18, INK, QFont.Weight.DemiBold)
        if "by" in self.data:
            draw_text(p, QRectF(r.left() - 10, r.bottom() + 4, r.width() + 20, 26),
                  str(self.data["by"]), 18, theme.TEXT_DIM)


class PanelPiece(Piece):
    """A seat's name plate: name, bot level, tally; lit while the seat is to move."""

    W, H = 300.0, 64.0

    def boundingRect(self) -> QRectF:  # noqa: N802
        return QRectF(-self.W / 2 - 8, -self.H / 2 - 8, self.W + 16, self.H + 16)

    def paint_content(self, p: QPainter) -> None:
        p.setRenderHint(QPainter.RenderHint.Antialiasing)
        r = QRectF(-self.W / 2, -self.H / 2, self.W, self.H)
        active = self.data.get("to_move") or self.data.get("thinking")
        p.setPen(QPen(theme.LEGAL if active else QColor("#34485c"), 2.0))
        p.setBrush(theme.PANEL_ACTIVE if active else theme.PANEL)
        p.drawRoundedRect(r, 12, 12)
        name = str(self.data.get("name", ""))
        if self.data.get("leads"):
            name += "  · leads"
        draw_text(p, QRectF(r.left() + 14, r.top() + 6, r.width() - 90, 28), name, 19, theme.TEXT,
              QFont.Weight.Bold, Qt.AlignmentFlag.AlignLeft | Qt.AlignmentFlag.AlignVCenter)
        note = "thinking…" if self.data.get("thinking") else str(self.data.get("bot", ""))
        draw_text(p, QRectF(r.left() + 14, r.top() + 34, r.width() - 90, 24), note, 17,
              theme.TEXT_DIM, QFont.Weight.Normal,
              Qt.AlignmentFlag.AlignLeft | Qt.AlignmentFlag.AlignVCenter)
        draw_text(p, QRectF(r.right() - 80, r.top(), 70, r.height()), str(self.data.get("tally")),
              28, theme.FROST, QFont.Weight.Bold,
              Qt.AlignmentFlag.AlignRight | Qt.AlignmentFlag.AlignVCenter)


class PilePiece(CardPiece):
    """A face-down pile (the deck, the cards a seat took) with its count and a label."""

    def boundingRect(self) -> QRectF:  # noqa: N802
        return self.card_rect().adjusted(-14, -14, 14, 60)

    def face_up(self) -> bool:
        return False

    def paint_content(self, p: QPainter) -> None:
        p.setRenderHint(QPainter.RenderHint.Antialiasing)
        r = self.card_rect()
        count = int(self.data.get("count", 0))
        if count:
            p.setPen(QPen(QColor("#0b1218"), 1.5))
            p.setBrush(BACK)
            p.drawRoundedRect(r, 9, 9)
            draw_text(p, r, str(count), r.width() * 0.42, theme.TEXT, QFont.Weight.Bold)
        else:
            p.setPen(QPen(QColor(169, 212, 238, 90), 2, Qt.PenStyle.DashLine))
            p.setBrush(Qt.BrushStyle.NoBrush)
            p.drawRoundedRect(r, 9, 9)
        draw_text(p, QRectF(r.left() - 10, r.bottom() + 6, r.width() + 20, 40),
              str(self.data.get("label", "")), 26, theme.TEXT_DIM, QFont.Weight.DemiBold)


class LabelPiece(Piece):
    """A line of text on the table (the round's title)."""

    def boundingRect(self) -> QRectF:  # noqa: N802
        return QRectF(-300, -22, 600, 44)

    def paint_content(self, p: QPainter) -> None:
        draw_text(p, self.boundingRect(), str(self.data.get("text", "")), 26, theme.FROST,
              QFont.Weight.DemiBold)


PIECES = {"card": CardPiece, "panel": PanelPiece, "pile": PilePiece, "label": LabelPiece}


class ToyScene(TableScene):
    """The kit's table scene with Toy Tally's items and anchors."""

    layout: ToyLayout | None  # the kit's hook for the game's layout (anchors read it)

    def make_item(self, key: Any, spec: Spec) -> Piece:
        return PIECES[spec.kind](key, spec, self.game)

    def place(self, item: Any, spec: Spec) -> None:
        item.base_scale = spec.scale
        item.setPos(spec.x, spec.y)
        item.setScale(spec.scale)
        item.setRotation(spec.rot)
        item.setZValue(spec.z)

    def anchor_state(self, anchor: Any, key: Any, spec: Spec | None, leaving: bool = False
                     ) -> tuple[float, float, float, float, bool] | None:
        lay = self.layout
        if lay is None:
            return None
        if anchor is None:  # a card that turns up without a motion comes from the deck
            anchor = ("deck",) if key[0] in ("card", "back") and not leaving else None
        if anchor is None:
            return None
        if anchor[0] == "deck":
            x, y = lay.deck_point
            return x, y, 0.8, 0.0, False
        if anchor[0] == "hand":
            x, y = lay.points[anchor[1]]
            return x, y, lay.scale(anchor[1]), 0.0, False
        if anchor[0] == "won":
            x, y = lay.won_point(anchor[1])
            return x, y, PILE_SCALE, 0.0, False
        return None
