"""Toy Tally's table screen: the kit's ScreenBase (log, action bar, hand-off cover, keys) with
this game's table (table.py) and choices.

A view only: it shows what the controller reports and turns clicks into bus.action_requested.
The cards you may play glow; clicking one plays it, and so do the numbered buttons.
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
from toygame.ui.kit import MAX_BUTTONS, LogPanel, LogWords, ScreenBase, screen_qss
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


class ToyScreen(ScreenBase):
    """See the module docstring."""

    scene_class = ToyScene
    panel_kinds = ("panel",)
    hint_tips = ("Show what the Normal bot would play here, and why",
                 "Hints are available on your turn.")

    def __init__(self, bus: Any, controller: Any, settings: Any,
                 parent: QWidget | None = None) -> None:
        super().__init__(bus, controller, settings, "toyScreen", SCREEN_QSS, parent)
        self.layout_: ToyLayout | None = None
        self.shown: State | None = None  # the view the table shows (the last frame)
        self.legal: list[Any] = []
        self.targets: dict[Any, Any] = {}  # table item -> the action a click on it takes
        self._build()
        self._listen()

    @property
    def choices(self) -> list[Any] | None:
        """The viewer's legal actions while they may act (None otherwise)."""
        return self.legal or None

    # ------------------------------------------------------------------ sessions

    def _new_log(self) -> Any:
        return LogPanel(self.game, self.controller.names, words=log_words(self.game))

    def _bottom_seat(self) -> int:
        if self.viewer is not None:
            return int(self.viewer)
        humans = self.controller.human_seats()
        return humans[0] if humans else 0

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

    def _on_viewer(self, seat: Any) -> None:
        if seat == self.viewer:
            return
        self.viewer = seat
        if self.session is None or self.animator is None or \
                self.controller.session is not self.session:
            return
        self._clear_choice_state()
        if self.layout_ is None or self.layout_.bottom != self._bottom_seat():
            self.scene.clear_table()
            self._build_layout()
        self.shown = self.controller.view()
        self.animator.snap(self._specs(self.shown))
        if self.log is not None:
            self.log.set_events(self.controller.history_for(self.viewer))

    # ------------------------------------------------------------------ choices

    def _clear_choice_state(self) -> None:
        self.legal = []
        self.targets = {}
        self.hint_action = None
        self.hint_keys = set[Any]()
        self.focus_key = None
        if self.scene is not None:
            self.scene.set_marks(set(), set(), None, set())

    def _refresh_interaction(self) -> None:
        """Rebuild the legal choices, the glow, the buttons and the status line."""
        c = self.controller
        if self.session is None or c.session is not self.session:
            return
        self.status.setText(c.waiting_text() if not c.is_over() else "The game is over.")
        legal = c.legal() if c.my_turn() and self.viewer is not None else []
        if legal != self.legal:
            self._clear_choice_state()
            self.legal = legal
            self.targets = {("card", a.card): a for a in legal}
            if legal and not self.message.property("kind"):
                self.show_message(PROMPT)
        if not legal and self.thinking is None and not c.is_over() \
                and self.message.property("kind") != "warn":
            self.show_message("")
        self._apply_marks()
        self._refresh_bar()

    def _refresh_bar(self, busy: bool = False) -> None:
        self._clear_action_buttons()
        if not busy and self.legal:
            view = self.controller.view()
            for a in self.legal[:MAX_BUTTONS]:
                self._add_action_button(self.game.describe(view, a), a, False)
        self._refresh_tools(busy)

    def _apply_marks(self) -> None:
        if self.scene is None:
            return
        glow = set(self.targets)
        if self.focus_key not in glow:
            self.focus_key = None
        self.scene.set_marks(glow - self.hint_keys, set(), self.focus_key, self.hint_keys)

    def activate(self, key: Any) -> None:
        """A click on a table item (also the keyboard's Space)."""
        if key in self.targets:
            self.request(self.targets[key])
        elif key[0] == "card" and self.session is not None:
            self.show_message(self.controller.why_illegal(Play(key[1])), warn=True)

    def clear_selection(self) -> None:
        self.hint_action, self.hint_keys = None, set[Any]()
        if self.legal:
            self.show_message(PROMPT)
        self._apply_marks()
        self._refresh_bar()

    def show_hint_result(self, action: Any, reason: str) -> None:
        self.hint_button.setEnabled(bool(self.legal))
        if action not in self.legal:
            return
        self.hint_action = action
        self.hint_keys = {("card", action.card)}
        label = self.game.describe(self.controller.view(), action)
        self.show_message(f"Hint: {label}. {reason}".strip(), hint=True)
        self._apply_marks()
        self._refresh_bar()

    def _on_item_inspected(self, key: Any) -> None:
        if key[0] == "card":
            card = self.game.content.by_id[key[1]]
            self.show_message(f"{card.name}: worth {card.value} in a round and in the tally.")

    # the keys (ScreenBase._on_key): arrows move between the glowing cards, Space or Enter
    # plays the focused one, 1-9 press the buttons

    def _focus_order(self) -> list[Any]:
        return sorted(self.targets, key=lambda k: self.game.value[k[1]])

    def _on_enter(self) -> None:
        if self.focus_key is not None:
            self.activate(self.focus_key)
        elif len(self.action_buttons) == 1:
            self.action_buttons[0].click()

    def _on_number(self, i: int, targets: list[Any]) -> None:
        if i < len(self.action_buttons):
            self.action_buttons[i].click()
