"""Toy Tally's table screen: the kit's ChoiceScreen (log, action bar, hand-off cover, keys, the
legal actions as glowing targets) with this game's table (table.py) and choices.

A view only: it shows what the controller reports and turns clicks into bus.action_requested.
The cards you may play glow; clicking one plays it, and so do the numbered buttons. The kit's
ChoiceScreen does the rest (the legal actions, the glow, the hint, the keys): this file shows
what a click-to-choose game overrides.
"""

from __future__ import annotations

import dataclasses
import re
from typing import Any

from PySide6.QtCore import QRectF
from PySide6.QtGui import QColor, QPainter
from PySide6.QtWidgets import QWidget

from frostdesk.engine.session import Session
from toygame.model.rules import Play, State
from toygame.ui.kit import MAX_BUTTONS, ChoiceScreen, LogWords, screen_qss
from toygame.ui.table import ToyBoard, ToyLayout, ToyScene

SCREEN_QSS = screen_qss('QPushButton#actionButton[hint="true"] { border: 2px solid #7ee0c3; }\n')
PROMPT = "Your turn: click a glowing card (or its button) to play it."


def log_words(game: Any) -> LogWords:
    """The log's words: card names ("Flake 7") in frost blue, the game's end as a heading."""
    kinds = sorted({c.name.rsplit(" ", 1)[0] for c in game.content.cards})

    def draw(p: QPainter, _kind: int, rect: QRectF) -> None:
        p.setPen(QColor("#0b1218"))
        p.setBrush(QColor("#a9d4ee"))
        p.drawRoundedRect(rect.adjusted(5, 1, -5, -1), 3, 3)

    return LogWords(
        headings={"game_over"}, strong={"round_won"}, quiet={"hand_dealt", "card_drawn"},
        resource_words=re.compile(r"\b(" + "|".join(map(re.escape, kinds)) + r") (\d+)\b"),
        names=kinds, colours=["#a9d4ee"] * len(kinds),
        icon_urls=[f"toy:{i}" for i in range(len(kinds))], draw_icon=draw)


class ToyScreen(ChoiceScreen):
    """See the module docstring."""

    scene_class = ToyScene
    panel_kinds = ("panel",)
    hint_tips = ("Show what the Normal bot would play here, and why",
                 "Hints are available on your turn.")
    turns_to_viewer = True

    def __init__(self, bus: Any, controller: Any, settings: Any,
                 parent: QWidget | None = None) -> None:
        super().__init__(bus, controller, settings, "toyScreen", SCREEN_QSS, parent)
        self.layout_: ToyLayout | None = None
        self.shown: State | None = None  # the view the table shows (the last frame)
        self._build()
        self._listen()

    # ------------------------------------------------------------------ sessions

    def _log_words(self) -> LogWords:
        return log_words(self.game)

    def _build_layout(self) -> None:
        assert self.session is not None and self.scene is not None
        from frostdesk.ai.levels import level_name

        seats = self.session.seats
        self.layout_ = ToyLayout(self.game, len(seats), self._bottom_seat(),
                                 [s.name for s in seats],
                                 ["" if s.is_human else f"Bot ({level_name(s.bot)})"
                                  for s in seats])
        self.scene.layout = self.layout_

    def _start_table(self, session: Session[Any, Any]) -> None:
        self._build_layout()
        view = self.controller.view()
        # a new game: the hands are still in the deck; the opening deals them
        self.shown = view if session.records else dataclasses.replace(
            view, hands=tuple(() for _ in view.hands))
        assert self.animator is not None
        self.animator.snap(self._specs(self.shown))

    def _table_state(self) -> ToyBoard | None:
        return ToyBoard(self.shown) if self.shown is not None else None

    def _specs(self, board: ToyBoard | State) -> dict[Any, Any]:
        assert self.layout_ is not None
        state = board.state if isinstance(board, ToyBoard) else board
        return self.layout_.specs(state, {"thinking": self.thinking,
                                          "to_move": self.game.to_move(state)})

    # ------------------------------------------------------------------ batches
    # The kit plays the rules' motions (ToyTally.motions) on the table shown (a ToyBoard).

    def _board_of(self, view: State) -> ToyBoard:
        return ToyBoard(view)

    def _set_table_state(self, board: ToyBoard) -> None:
        self.shown = board.state

    # ------------------------------------------------------------------ choices
    # (the kit's ChoiceScreen keeps the legal actions, the glow, the hint and the keys)

    def _choices_changed(self) -> None:
        self.targets = {("card", a.card): a for a in self.legal}

    def _prompt(self) -> str:
        return PROMPT

    def _refresh_bar(self, busy: bool = False) -> None:
        self._clear_action_buttons()
        if not busy and self.legal:
            view = self.controller.view()
            for a in self.legal[:MAX_BUTTONS]:
                self._add_action_button(self.game.describe(view, a), a, False)
        self._refresh_tools(busy)

    def activate(self, key: Any) -> None:
        """A click on a table item (also the keyboard's Space)."""
        if key in self.targets:
            self.request(self.targets[key])
        elif key[0] == "card" and self.session is not None:
            self.show_message(self.controller.why_illegal(Play(key[1])), warn=True)

    def _on_item_inspected(self, key: Any) -> None:
        if key[0] == "card":
            card = self.game.content.by_id[key[1]]
            self.show_message(f"{card.name}: worth {card.value} in a round and in the tally.")

    # the keys (ScreenBase._on_key): arrows move between the glowing cards, Space or Enter
    # plays the focused one, 1-9 press the buttons

    def _focus_order(self) -> list[Any]:
        return sorted(self.targets, key=lambda k: self.game.value[k[1]])
