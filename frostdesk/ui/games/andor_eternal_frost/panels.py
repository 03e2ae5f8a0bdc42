"""The panels around the Eternal Frost's map: the time and legend tracks, the hero boards, the
creature display and the docked battle view with its rolling dice.

They are plain widgets painted with the kit's text painter (so the 11 pt floor holds and the
screenshot's smallest-text check sees them). Each shows a view of the game handed to it by the
screen once the table has come to rest.
"""

from __future__ import annotations

import random
from collections.abc import Callable
from typing import Any

from PySide6.QtCore import QPointF, QRectF, Qt, QTimer, Signal
from PySide6.QtGui import (
    QColor,
    QFont,
    QFontMetricsF,
    QMouseEvent,
    QPainter,
    QPaintEvent,
    QPen,
)
from PySide6.QtWidgets import (
    QFrame,
    QHBoxLayout,
    QLabel,
    QPushButton,
    QSizePolicy,
    QVBoxLayout,
    QWidget,
)

from frostdesk.games.andor_eternal_frost.state import State
from frostdesk.ui import theme
from frostdesk.ui.games.andor_eternal_frost.pieces import HERO_SHAPES, shape_path
from frostdesk.ui.games.andor_eternal_frost.table import table_data
from frostdesk.ui.games.andor_eternal_frost.words import HeroWords
from frostdesk.ui.kit.text import draw_text, first_fit
from frostdesk.ui.kit.text import elide as kit_elide

PX = 15.5  # panel text in pixels (11.6 pt)
SMALL = 15.0
LEFT = Qt.AlignmentFlag.AlignLeft | Qt.AlignmentFlag.AlignVCenter
RIGHT = Qt.AlignmentFlag.AlignRight | Qt.AlignmentFlag.AlignVCenter
BG = QColor("#17222d")
LINE = QColor("#34485c")
RED = QColor("#c8553d")


def elide(text: str, px: float, width: float,
          weight: QFont.Weight = QFont.Weight.Normal) -> str:
    """`text` cut with '…' to fit `width` at pixel size `px` (the kit notes every cut)."""
    return kit_elide(text, px, width, weight)


SHORTER = {"not yet called": ["not called yet", "to come"]}  # creature words, shortened


def counted(things: list[str]) -> list[str]:
    """`things` with repeats counted, in first-seen order: "Wineskin ×2"."""
    seen: dict[str, int] = {}
    for t in things:
        seen[t] = seen.get(t, 0) + 1
    return [t if n == 1 else f"{t} ×{n}" for t, n in seen.items()]


def hero_colour(game: Any, cls: str) -> QColor:
    return QColor(str(table_data()["heroes"].get(game.content.heroes[cls].colour, "#cccccc")))


class _Panel(QWidget):
    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.game: Any = None
        self.state: State | None = None
        self.words: HeroWords | None = None

    def show_state(self, game: Any, state: State, words: HeroWords) -> None:
        self.game, self.state, self.words = game, state, words
        self.update()

    def _painter(self) -> QPainter:
        p = QPainter(self)
        p.setRenderHint(QPainter.RenderHint.Antialiasing)
        p.setRenderHint(QPainter.RenderHint.TextAntialiasing)
        p.fillRect(self.rect(), BG)
        return p


class TrackStrip(_Panel):
    """The day and the time track (hours 1-7, overtime 8-10, the frost's boxes, each hero's
    marker, the sunrise box with the rooster) and the legend track (A-N, stars, the
    narrator)."""

    letter_clicked = Signal(str)

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setFixedHeight(62)
        self.setSizePolicy(QSizePolicy.Policy.Expanding, QSizePolicy.Policy.Fixed)
        self.letter_boxes: list[tuple[QRectF, str]] = []
        self.setToolTip("Click a letter to read its legend card again.")

    def mouseReleaseEvent(self, event: QMouseEvent) -> None:  # noqa: N802
        for r, letter in self.letter_boxes:
            if r.contains(event.position()):
                self.letter_clicked.emit(letter)
                return
        super().mouseReleaseEvent(event)

    def paintEvent(self, event: QPaintEvent) -> None:  # noqa: N802
        p = self._painter()
        s, g = self.state, self.game
        if s is None or g is None:
            p.end()
            return
        w = self.width()
        c = g.content
        split = w * 0.54
        draw_text(p, QRectF(8, 0, 70, 62), f"Day {s.day}", PX + 1, theme.TEXT,
                  QFont.Weight.Bold, LEFT)
        hours = c.day_hours + c.overtime_hours
        box_w = min(40.0, (split - 80 - 70) / hours)
        x0 = 80.0
        for h in range(1, hours + 1):
            r = QRectF(x0 + (h - 1) * box_w, 6, box_w - 3, 26)
            frozen = s.frost is not None and h >= s.frost and s.glow != 1
            p.setPen(QPen(LINE, 1))
            p.setBrush(QColor("#8fb7d8") if frozen else (
                QColor("#3a2d2a") if h > c.day_hours else QColor("#24384a")))
            p.drawRoundedRect(r, 4, 4)
            draw_text(p, r, str(h), SMALL, QColor("#0e151c") if frozen else theme.TEXT_DIM)
        sun = QRectF(x0 + hours * box_w + 4, 6, 62, 26)
        p.setBrush(QColor("#4a3a1c"))
        p.drawRoundedRect(sun, 4, 4)
        draw_text(p, sun, "Sunrise", SMALL, theme.SELECTED)
        for i in range(s.n):  # the heroes' markers under their hour (or by the sunrise box)
            col = hero_colour(g, s.heroes[i])
            if s.ended[i]:
                cx = sun.center().x() - 20 + 13 * i
            else:
                cx = x0 + (max(s.hour[i], 0.5) - 0.5) * box_w - 1 + (i - (s.n - 1) / 2) * 6
            p.save()
            p.translate(cx, 46)
            p.setPen(QPen(QColor("#0e151c"), 1.5))
            p.setBrush(col)
            p.drawPath(shape_path(HERO_SHAPES.get(s.heroes[i], "shield"), 9))
            if s.rooster == i:
                p.setBrush(theme.SELECTED)
                p.drawEllipse(QPointF(11, -8), 4, 4)
            p.restore()
        # the legend track
        letters = c.letters
        stars = g.legend(s).stars
        lx = split + 10
        lw = (w - lx - 8) / len(letters)
        self.letter_boxes = []
        for k, letter in enumerate(letters):
            r = QRectF(lx + k * lw, 8, lw - 3, 30)
            self.letter_boxes.append((r.adjusted(0, 0, 0, 24), letter))
            on = k == s.narrator
            p.setPen(QPen(theme.SELECTED if on else LINE, 2 if on else 1))
            p.setBrush(QColor("#f2b45a") if on else QColor("#24384a"))
            p.drawRoundedRect(r, 5, 5)
            draw_text(p, r, letter, PX, QColor("#0e151c") if on else theme.TEXT,
                      QFont.Weight.Bold)
            if letter in stars:
                p.setPen(Qt.PenStyle.NoPen)
                p.setBrush(theme.SELECTED if k >= s.narrator else theme.TEXT_DIM)
                p.drawPath(shape_path("star", 6).translated(r.center().x(), 50))
        p.end()


class HeroBoards(_Panel):
    """One board per hero: name and player, SP, WP with its dice, the hour, what the hero
    carries, and 'day ended'; the hero whose turn it is is lit."""

    ROW = 92

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setSizePolicy(QSizePolicy.Policy.Fixed, QSizePolicy.Policy.Preferred)
        self.setFixedWidth(262)
        self.to_move: int | None = None

    def paintEvent(self, event: QPaintEvent) -> None:  # noqa: N802
        p = self._painter()
        s, g, words = self.state, self.game, self.words
        if s is None or g is None or words is None:
            p.end()
            return
        c = g.content
        row = min(self.ROW, (self.height() - 4) / max(1, s.n))
        tips: list[str] = []
        for i in range(s.n):
            r = QRectF(4, 2 + i * row, self.width() - 8, row - 6)
            active = self.to_move == i
            p.setPen(QPen(theme.LEGAL if active else LINE, 2.5 if active else 1))
            p.setBrush(theme.PANEL_ACTIVE if active else QColor("#1f2d3a"))
            p.drawRoundedRect(r, 8, 8)
            p.save()
            p.translate(r.left() + 18, r.top() + 16)
            p.setPen(QPen(QColor("#0e151c"), 1.5))
            p.setBrush(hero_colour(g, s.heroes[i]))
            p.drawPath(shape_path(HERO_SHAPES.get(s.heroes[i], "shield"), 10))
            p.restore()
            line = QRectF(r.left() + 34, r.top() + 2, r.width() - 40, 26)
            draw_text(p, line, elide(words.full(i), PX, line.width(), QFont.Weight.Bold), PX,
                      theme.TEXT, QFont.Weight.Bold, LEFT)
            dice = c.hero_dice(s.heroes[i], s.wp[i])
            tag = "day ended" if s.ended[i] else f"hour {s.hour[i]}"
            line = QRectF(r.left() + 10, r.top() + 28, r.width() - 20, 24)
            unit = "die" if dice == 1 else "dice"
            numbers = f"SP {s.sp[i]} · WP {s.wp[i]}"
            short_tag = "ended" if s.ended[i] else f"hour {s.hour[i]}"
            first_fit(p, line, [f"{numbers} · {dice} {unit} · {tag}",
                                f"{numbers} · {dice} {unit} · {short_tag}",
                                f"{numbers} · {dice}d · {short_tag}"], PX, theme.TEXT,
                      align=LEFT)
            things = [g.article_name(k) for k in s.kit[i]] + [
                g.article_name(k) for k in s.pouch[i]]
            if s.heroes[i] == "guardian":
                things.append("board fire " + ("lit" if s.hearth else "out"))
            player = words.seats[i] if i < len(words.seats) else ""
            text = " · ".join(x for x in (player, ", ".join(things)) if x)
            tips.append(f"{words.full(i)}: {text}")
            if row >= 80:  # a crowded column (a battle docked below) keeps two lines
                line = QRectF(r.left() + 10, r.top() + 52, r.width() - 20, 24)
                grouped = ", ".join(counted(things))
                # the whole line, then the things counted, then without the player, then
                # only how many (the board's tooltip names them all)
                first_fit(p, line, [text, " · ".join(x for x in (player, grouped) if x),
                                    grouped, f"{len(things)} things (point here to read)"
                                    if len(things) != 1 else "1 thing (point here to read)"],
                          SMALL, theme.TEXT_DIM, align=LEFT)
        self.setToolTip("\n".join(tips))
        p.end()


class CreatureDisplay(_Panel):
    """Every creature kind's SP, WP, dice and reward, this legend's bosses at this hero count
    (of several possible ones, only those in play), and the shields still free."""

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setFixedWidth(262)
        self.setFixedHeight(196)

    def lines(self) -> list[tuple[str, str, str]]:
        """(name, numbers, reward) per kind, then the bosses and the shields."""
        s, g = self.state, self.game
        if s is None or g is None:
            return []
        out = []
        for cr in g.content.creatures.values():
            dice = "/".join(str(k) for _, k in cr.dice)
            reward = " or ".join(f"{v} {k.upper()}" for k, v in cr.reward)
            out.append((cr.name.replace("Giant steppe b", "B"), f"{cr.sp} SP {cr.wp} WP {dice}d",
                        reward))
        # a legend with one boss names it from the start; where a die picks one of several,
        # only those in play (or beaten) are shown: the others may never come
        present = {str(c[0]) for c in s.creatures.values()}
        hidden = 0
        for kind, (sp, wp) in s.bosses.items():
            if len(s.bosses) > 1 and kind not in present:
                hidden += 1
                continue
            boss = g.legend(s).bosses[kind]
            out.append((boss.name, f"{sp} SP {wp} WP {boss.dice}d", "boss"))
        if hidden == len(s.bosses) and hidden:
            out.append(("Terror", f"not yet called (1 of {hidden})", ""))
        free = g.shield_count(s) - len(s.shields)
        out.append(("Shields", f"{free} of {g.shield_count(s)} free", ""))
        return out

    def paintEvent(self, event: QPaintEvent) -> None:  # noqa: N802
        p = self._painter()
        lines = self.lines()
        self.setToolTip("\n".join(f"{n}: {t}" + (f", reward {r}" if r and r != "boss" else "")
                                   for n, t, r in lines))
        draw_text(p, QRectF(10, 2, self.width() - 20, 24), "Creatures", PX,
                  theme.FROST, QFont.Weight.Bold, LEFT)
        step = min(26.0, (self.height() - 30) / max(1, len(lines)))
        for k, (name, text, _reward) in enumerate(lines):
            y = 28 + k * step
            draw_text(p, QRectF(10, y, 100, step), elide(name, SMALL, 100, QFont.Weight.DemiBold),
                      SMALL, theme.TEXT, QFont.Weight.DemiBold, LEFT)
            # the words whole, or shorter (the panel's tooltip has them all)
            first_fit(p, QRectF(112, y, self.width() - 118, step), [text, *SHORTER.get(
                text.split(" (")[0], [])], SMALL, theme.TEXT_DIM, align=LEFT)
        p.end()


class BattlePanel(_Panel):
    """The docked battle view: each fighter's dice in their colour with their part of the
    value, the total, the creature's red dice, value and WP. New rolls tumble for a moment.
    Clicking a die asks for the wizard's turn or the blade's re-roll of it."""

    die_clicked = Signal(int, int)  # seat, die

    def __init__(self, speed: Callable[[], float], parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setFixedHeight(102)
        self.speed = speed
        self.creature_roll: dict[str, Any] = {}
        self.shown: dict[Any, list[int]] = {}  # dice as painted (tumbling or settled)
        self.rolling: dict[Any, int] = {}  # dice still tumbling: ticks left
        self.die_rects: list[tuple[QRectF, int, int]] = []
        self.clickable: set[tuple[int, int]] = set()
        self.timer = QTimer(self)
        self.timer.setInterval(45)
        self.timer.timeout.connect(self._tick)
        self.rng = random.Random(7)

    def set_roll(self, who: Any, dice: list[int]) -> None:
        """New dice for a fighter (or 'creature'): they tumble, then settle."""
        if self.shown.get(who) == dice and who not in self.rolling:
            return
        self.shown[who] = list(dice)
        ticks = int(7 * self.speed())
        if ticks > 0:
            self.rolling[who] = ticks
            self.timer.start()

    def _tick(self) -> None:
        for who in list(self.rolling):
            self.rolling[who] -= 1
            if self.rolling[who] <= 0:
                del self.rolling[who]
        if not self.rolling:
            self.timer.stop()
        self.update()

    def _faces(self, who: Any) -> list[int]:
        dice = self.shown.get(who, [])
        if who in self.rolling:
            return [self.rng.randint(1, 6) for _ in dice]
        return dice

    def _die(self, p: QPainter, r: QRectF, face: int, colour: QColor, lit: bool) -> None:
        p.setPen(QPen(theme.LEGAL if lit else QColor("#0e151c"), 3 if lit else 1.5))
        p.setBrush(colour)
        p.drawRoundedRect(r, 6, 6)
        draw_text(p, r, str(face), PX + 3, QColor("#0e151c") if colour.lightness() > 120
                  else QColor("#f4f7fa"), QFont.Weight.Bold)

    def paintEvent(self, event: QPaintEvent) -> None:  # noqa: N802
        p = self._painter()
        s, g, words = self.state, self.game, self.words
        self.die_rects = []
        b = s.battle if s is not None else None
        if s is None or g is None or words is None or b is None:
            p.end()
            return
        name = g.name(s, b.creature)
        total = sum(g.fighter_value(s, j, b.rolls[j]) for j in b.fighters if j in b.rolls)
        total += 2 * len(b.herbs)
        roll = self.creature_roll
        settled = not self.rolling
        head = (f"Battle, round {b.round}: the {name} on {s.where(b.creature)}, "
                f"{b.cwp} WP left")
        if roll and settled:
            head += f" · last round: heroes {roll['heroes']} against {roll['value']}"
        draw_text(p, QRectF(10, 2, self.width() - 20, 26),
                  elide(head, PX, self.width() - 20, QFont.Weight.Bold), PX, theme.SELECTED,
                  QFont.Weight.Bold, LEFT)
        x, y = 10.0, 34.0
        for j in b.fighters:
            faces = self._faces(j)
            part = g.fighter_value(s, j, b.rolls[j]) if j in b.rolls else None
            label = words.short(j) + (f" {part}" if part is not None and j not in self.rolling
                                      else "")
            width = QFontMetricsF(theme.scene_font(PX, QFont.Weight.DemiBold)).horizontalAdvance(
                label) + 10
            draw_text(p, QRectF(x, y, width, 36), label, PX, theme.TEXT,
                      QFont.Weight.DemiBold, LEFT)
            x += width
            col = hero_colour(g, s.heroes[j])
            for k, face in enumerate(faces):
                r = QRectF(x + k * 38, y + 1, 34, 34)
                self._die(p, r, face, col, (j, k) in self.clickable)
                self.die_rects.append((r, j, k))
            x += 38.0 * len(faces) + 18
        faces = self._faces("creature")
        label = f"The {name}" + (f" {roll['value']}" if roll and settled else "")
        width = QFontMetricsF(theme.scene_font(PX, QFont.Weight.DemiBold)).horizontalAdvance(
            label) + 10
        cx = max(x + 20, self.width() - 10 - width - 38 * len(faces))
        draw_text(p, QRectF(cx, y, width, 36), label, PX, theme.TEXT, QFont.Weight.DemiBold,
                  LEFT)
        for k, face in enumerate(faces):
            self._die(p, QRectF(cx + width + k * 38, y + 1, 34, 34), face, RED, False)
        if not b.rolls:
            summary = "The heroes roll first."
        elif all(j in b.rolls for j in b.fighters):
            summary = f"Heroes {total} this round"
        else:
            summary = f"Heroes {total} so far; still to roll: " + ", ".join(
                words.short(j) for j in b.fighters if j not in b.rolls)
        draw_text(p, QRectF(10, 74, self.width() - 20, 24), summary, PX, theme.TEXT_DIM,
                  align=LEFT)
        p.end()

    def mouseReleaseEvent(self, event: QMouseEvent) -> None:  # noqa: N802
        pos = event.position()
        for r, seat, die in self.die_rects:
            if r.contains(pos) and (seat, die) in self.clickable:
                self.die_clicked.emit(seat, die)
                return
        super().mouseReleaseEvent(event)


class CardOverlay(QFrame):
    """A legend card over the map: its letter, title and text, and that it is authored. A new
    card opens it; a click on the legend track's letter opens a read card again."""

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setObjectName("legendCard")
        self.setStyleSheet(
            "QFrame#legendCard { background-color: #f3efe6; border: 3px solid #f2b45a;"
            " border-radius: 10px; }"
            " QLabel { color: #1d2a36; background: transparent; border: none; }"
            " QLabel#cardMark { color: #6a5a3a; }")
        box = QVBoxLayout(self)
        box.setContentsMargins(16, 12, 16, 12)
        box.setSpacing(6)
        self.title = QLabel("")
        self.title.setFont(theme.font(13.5, QFont.Weight.Bold))
        self.title.setWordWrap(True)
        self.text = QLabel("")
        self.text.setFont(theme.font(12))
        self.text.setWordWrap(True)
        self.mark = QLabel("")
        self.mark.setObjectName("cardMark")
        self.mark.setFont(theme.font(11, QFont.Weight.DemiBold))
        row = QHBoxLayout()
        row.addWidget(self.mark, 1)
        self.close_button = QPushButton("Close")
        self.close_button.setFocusPolicy(Qt.FocusPolicy.NoFocus)
        self.close_button.clicked.connect(self.hide)
        self.close_button.setToolTip("Close the card (Escape); the legend track's letter opens "
                                     "it again")
        row.addWidget(self.close_button)
        box.addWidget(self.title)
        box.addWidget(self.text)
        box.addLayout(row)
        self.hide()

    def show_cards(self, cards: list[tuple[str, str, str]], source: str) -> None:
        """cards: (id, title, text); one overlay for all the cards of one moment."""
        if not cards:
            self.hide()
            return
        self.title.setText(" · ".join(f"Legend card {cid}: {title}" for cid, title, _ in cards))
        self.text.setText("\n\n".join(text for _, _, text in cards))
        self.mark.setText("Authored for frostdesk" if source == "authored"
                          else "From the rulebook")
        layout = self.layout()
        width = 440
        height = layout.totalHeightForWidth(width) if layout is not None else 200
        self.resize(width, max(120, height))
        self.show()
        self.raise_()
