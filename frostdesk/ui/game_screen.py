"""The game screen: the table, the game log, the status line and the action bar.

A view only: it renders what the controller reports, animates event batches, and turns
clicks and keys into `bus.action_requested`. It asks the controller for everything about the
game (legal actions, reasons, waiting text, hints) and never calls the engine itself.
"""

from __future__ import annotations

from typing import Any

from PySide6.QtCore import Qt, Signal
from PySide6.QtGui import QFont, QFontMetrics, QKeyEvent
from PySide6.QtWidgets import (
    QFrame, QHBoxLayout, QLabel, QPushButton, QSizePolicy,
    QSplitter, QVBoxLayout, QWidget,
)

from frostdesk.engine.session import Session
from frostdesk.ui import theme
from frostdesk.ui.bus import GameBus
from frostdesk.ui.controller import Controller
from frostdesk.ui.table.animator import Animator, Step
from frostdesk.ui.table.choices import Choices
from frostdesk.ui.table.handoff import HandoffOverlay
from frostdesk.ui.table.input import TableInput
from frostdesk.ui.table.layout import SeatInfo, TableLayout
from frostdesk.ui.table.log_panel import LogPanel
from frostdesk.ui.table.scene import TableScene, TableView, warm_up_item_painting
from frostdesk.ui.table.snapshot import Snapshot

MAX_BUTTONS = 9
# consecutive events of these kinds animate together (dealing is staggered card by card)
MERGED_STEPS = ("hand_dealt", "equipment_dealt", "colony_at_resolution")

# The game screen's own chrome, in the palette of resources/frostdesk.qss (which styles the
# rest of the app); set on this widget so it wins over the application-wide rules.
SCREEN_QSS = """
QFrame#actionBar { background-color: #1d2935; border-top: 1px solid #34485c; }
QLabel#statusLine { font-size: 13.5pt; font-weight: 700; color: #ece7dd; }
QLabel#statusMessage { font-size: 11.5pt; color: #a9b7c5; }
QLabel#statusMessage[kind="warn"] { color: #ff9b7e; }
QLabel#statusMessage[kind="hint"] { color: #7ee0c3; }
QPushButton#actionButton { min-height: 30px; padding: 6px 14px; }
QPushButton#actionButton[hint="true"] { border: 2px solid #7ee0c3; }
QPushButton#expeditionToggle:checked { background-color: #2f6f9a; border: 2px solid #8fc1ea;
                                       font-weight: 700; }
QPushButton#expeditionToggle[available="false"] { color: #8a98a6; }
QFrame#logHolder, QFrame#gameLog { background-color: #16202b; }
QLabel#logTitle { font-size: 12.5pt; font-weight: 700; color: #a9b7c5; }
QTextBrowser#logText { font-size: 11pt; background-color: #16202b; border: none; }
QGraphicsView#tableView { border: none; background-color: #0e151c; }
"""


class TableArea(TableView):
    """The table view; keys go to the game screen (arrows and Tab pick legal choices)."""

    key_pressed = Signal(object)

    def keyPressEvent(self, event: QKeyEvent) -> None:  # noqa: N802
        self.key_pressed.emit(event)
        if not event.isAccepted():
            super().keyPressEvent(event)

    def focusNextPrevChild(self, forward: bool) -> bool:  # noqa: N802
        return False  # Tab moves between legal choices, not widgets


class GameScreen(TableInput, QWidget):
    """See the module docstring."""

    def __init__(self, bus: GameBus, controller: Controller, settings: Any,
                 parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setObjectName("gameScreen")
        self.setStyleSheet(SCREEN_QSS)
        self.bus = bus
        self.controller = controller
        self.settings = settings
        self.session: Session | None = None
        self.game: Any = None
        self.scene: TableScene | None = None
        self.layout_: TableLayout | None = None
        self.animator: Animator | None = None
        self.snap: Snapshot | None = None
        self.viewer: int | None = None
        self.thinking: int | None = None
        self.flash: dict[int, str] = {}
        self.choices: Choices | None = None
        self.selection: frozenset[int] = frozenset()
        self.expedition = False
        self.buy_type: int | None = None
        self.hint_keys: set[Any] = set()
        self.hint_action: Any = None
        self.focus_key: Any = None
        self.log: LogPanel | None = None
        self._build()
        warm_up_item_painting()
        bus.session_started.connect(self.show_session)
        bus.events_applied.connect(self._on_events)
        bus.state_reset.connect(self._on_reset)
        bus.viewer_changed.connect(self._on_viewer)
        bus.seat_to_move.connect(self._on_seat_to_move)
        bus.bot_thinking.connect(self._on_bot_thinking)
        bus.action_rejected.connect(self._on_rejected)
        bus.handoff_requested.connect(self._on_handoff)
        bus.game_over.connect(self._on_game_over)
        bus.error.connect(self._on_error)
        bus.hint_ready.connect(self.show_hint_result)

    # ------------------------------------------------------------------ widgets

    def _build(self) -> None:
        box = QVBoxLayout(self)
        box.setContentsMargins(0, 0, 0, 0)
        box.setSpacing(0)
        self.splitter = QSplitter(Qt.Orientation.Horizontal)
        self.splitter.setObjectName("gameSplitter")
        self.splitter.setChildrenCollapsible(True)
        self.view = TableArea()
        self.view.setObjectName("tableView")
        self.view.key_pressed.connect(self._on_key)
        self.splitter.addWidget(self.view)
        self.log_holder = QFrame()
        self.log_holder.setObjectName("logHolder")
        QVBoxLayout(self.log_holder).setContentsMargins(0, 0, 0, 0)
        self.splitter.addWidget(self.log_holder)
        self.splitter.setStretchFactor(0, 1)
        self.splitter.setStretchFactor(1, 0)
        self.splitter.setSizes([1000, 300])
        box.addWidget(self.splitter, 1)

        bar = QFrame()
        bar.setObjectName("actionBar")
        bar.setAutoFillBackground(True)
        row = QHBoxLayout(bar)
        row.setContentsMargins(14, 8, 14, 8)
        row.setSpacing(10)
        text = QVBoxLayout()
        text.setSpacing(2)
        self.status = QLabel("")
        self.status.setObjectName("statusLine")
        self.status.setFont(theme.font(13.5, QFont.Weight.Bold))
        self.status.setWordWrap(True)
        self.message = QLabel("")
        self.message.setObjectName("statusMessage")
        self.message.setFont(theme.font(11.5))
        self.message.setWordWrap(True)
        text.addWidget(self.status)
        text.addWidget(self.message)
        row.addLayout(text, 1)
        self.exp_button = QPushButton("Go on Expedition with this card")
        self.exp_button.setObjectName("expeditionToggle")
        self.exp_button.setCheckable(True)
        self.exp_button.setToolTip("Switch on, then click the card to play alongside your "
                                   "Expedition card: it has no value, and you draw after the "
                                   "trick. Once per Event, never as the Leader.")
        self.exp_button.clicked.connect(self._on_expedition_clicked)
        row.addWidget(self.exp_button)
        self.buttons_box = QHBoxLayout()
        self.buttons_box.setSpacing(8)
        row.addLayout(self.buttons_box)
        self.action_buttons: list[QPushButton] = []
        self.button_actions: list[Any] = []
        self.hint_button = QPushButton("Hint")
        self.hint_button.setObjectName("hintButton")
        self.hint_button.setToolTip("Show what the Hard bot would do here, and why")
        self.hint_button.clicked.connect(self.show_hint)
        self.undo_button = QPushButton("Undo")
        self.undo_button.setObjectName("undoButton")
        self.undo_button.clicked.connect(lambda: self.bus.undo_requested.emit())
        self.log_button = QPushButton("Log")
        self.log_button.setObjectName("logButton")
        self.log_button.setCheckable(True)
        self.log_button.setChecked(bool(getattr(self.settings, "log_visible", True)))
        self.log_button.setToolTip("Show or hide the game log")
        self.log_button.toggled.connect(self.set_log_visible)
        for b in (self.hint_button, self.undo_button, self.log_button):
            b.setMinimumHeight(36)
            row.addWidget(b)
        self.exp_button.setMinimumHeight(36)
        # Wide enough for its label in the bold, bordered "on" and "hint" styles too.
        bold = QFontMetrics(theme.font(11.5, QFont.Weight.Bold))
        self.exp_button.setMinimumWidth(bold.horizontalAdvance(self.exp_button.text()) + 48)
        bar.setSizePolicy(QSizePolicy.Policy.Preferred, QSizePolicy.Policy.Fixed)
        bar.setMinimumHeight(64)
        box.addWidget(bar)
        self.bar = bar

        self.overlay = HandoffOverlay(self)
        self.overlay.confirmed.connect(self._on_handoff_confirmed)
        self.set_log_visible(self.log_button.isChecked())
        self._refresh_bar()

    def resizeEvent(self, event: Any) -> None:  # noqa: N802
        super().resizeEvent(event)
        self.overlay.setGeometry(self.rect())

    def set_log_visible(self, visible: bool) -> None:
        self.log_holder.setVisible(visible)
        if self.log_button.isChecked() != visible:
            self.log_button.setChecked(visible)
        self.settings.log_visible = visible
        if visible:
            total = max(800, self.splitter.width())
            side = max(260, min(380, int(total * 0.2)))
            self.splitter.setSizes([total - side, side])

    # ------------------------------------------------------------------ sessions

    def show_session(self, session: Session) -> None:
        """Build the table for a new, loaded or continued session."""
        self.session = session
        self.game = session.game
        self.viewer = self.controller.viewer
        self.thinking = None
        self.flash = {}
        self._clear_choice_state()
        self.overlay.hide()
        old = self.scene
        self.scene = TableScene(self.game, self)
        self.scene.item_activated.connect(self._on_item_activated)
        self.scene.item_inspected.connect(self._on_item_inspected)
        self.view.setScene(self.scene)
        if self.animator is not None:
            self.animator.finished.disconnect()
            self.animator.stop()
        self.animator = Animator(self.scene, lambda: self.settings.speed_factor)
        self.animator.finished.connect(self._on_animation_finished)
        if old is not None:
            old.deleteLater()
        if self.log is not None:
            self.log.setParent(None)
            self.log.deleteLater()
        self.log = LogPanel(self.game, self.controller.names)
        self.log_holder.layout().addWidget(self.log)
        # a new game's opening arrives as an events batch right after this
        self.log.set_events(self.controller.history_for(self.viewer) if session.records else [])
        self._build_layout()
        if session.records:
            self.snap = Snapshot.from_view(self.game, self.controller.view())
        else:
            opening = session.opening[0].data if session.opening else {}
            self.snap = Snapshot.before_opening(self.game, len(session.seats),
                                                int(opening.get("leader", -1)))
        self.animator.snap(self._specs(self.snap))
        self.view.fit()
        self._refresh_bar()

    def _bottom_seat(self) -> int:
        if self.viewer is not None:
            return self.viewer
        c = self.controller
        if c.last_human is not None:
            return c.last_human
        humans = c.human_seats()
        return humans[0] if humans else 0

    def _build_layout(self) -> None:
        assert self.session is not None and self.scene is not None
        seats = [SeatInfo(s.name, not s.is_human, _level_name(s.bot) if not s.is_human else "")
                 for s in self.session.seats]
        self.layout_ = TableLayout(self.game, len(seats), self._bottom_seat(), seats)
        self.scene.layout = self.layout_

    def _specs(self, snap: Snapshot) -> dict[Any, Any]:
        assert self.layout_ is not None
        pick = set(self.choices.leaders) if self.choices is not None else set()
        return self.layout_.specs(snap, {"thinking": self.thinking, "flash": self.flash,
                                         "pick": pick})

    # ------------------------------------------------------------------ batches

    def _on_events(self, events: list[Any]) -> None:
        if self.session is None or self.animator is None or self.snap is None:
            return
        self._clear_choice_state()
        self.show_message("")
        self.flash = {}
        seen = [e.seen_by(self.viewer) for e in events]
        seen = [e for e in seen if e is not None]
        if self.log is not None:
            self.log.append(seen)
        steps: list[Step] = []
        snap = self.snap
        for e in seen:
            snap = snap.after(self.game, e)
            self.flash.update(snap.flash)
            if steps and steps[-1].kind == e.kind and e.kind in MERGED_STEPS:
                merged = Step(self._specs(snap), snap, e.kind)
                merged.spawn_from = {**steps[-1].spawn_from, **merged.spawn_from}
                merged.sink_to = {**steps[-1].sink_to, **merged.sink_to}
                steps[-1] = merged
            else:
                steps.append(Step(self._specs(snap), snap, e.kind))
        final = Snapshot.from_view(self.game, self.controller.view())
        self.snap = final
        steps.append(Step(self._specs(final), final, "sync"))
        self._set_status_busy()
        self.animator.run(steps)

    def _on_reset(self) -> None:
        """The state jumped (undo, load): move everything to where it now is."""
        if self.session is None or self.animator is None:
            return
        self._clear_choice_state()
        self.show_message("")
        self.flash = {}
        if self.log is not None:
            self.log.set_events(self.controller.history_for(self.viewer))
        self.snap = Snapshot.from_view(self.game, self.controller.view())
        self.animator.run([Step(self._specs(self.snap), self.snap, "reset")])

    def _on_animation_finished(self) -> None:
        self.bus.animations_idle.emit()
        self._refresh_interaction()

    def _on_viewer(self, seat: Any) -> None:
        if self.session is None or self.scene is None or self.animator is None:
            self.viewer = seat
            return
        if seat == self.viewer:
            return
        self.viewer = seat
        self._clear_choice_state()
        bottom = self._bottom_seat()
        if self.layout_ is None or self.layout_.bottom != bottom:
            self.scene.clear_table()
            self._build_layout()
        self.snap = Snapshot.from_view(self.game, self.controller.view())
        self.animator.snap(self._specs(self.snap))
        if self.log is not None:
            self.log.set_events(self.controller.history_for(self.viewer))

    def _on_handoff(self, seat: int) -> None:
        assert self.session is not None
        self._clear_choice_state()
        self.overlay.show_for(seat, self.session.seats[seat].name)
        self.status.setText(f"Pass the device to {self.session.seats[seat].name}.")
        self.message.setText("")
        self._refresh_bar()

    def _on_handoff_confirmed(self, seat: int) -> None:
        self.bus.handoff_confirmed.emit(seat)
        self.view.setFocus()

    def _on_bot_thinking(self, seat: int, on: bool) -> None:
        self.thinking = seat if on else (None if self.thinking == seat else self.thinking)
        self._refresh_panels()
        if on and self.session is not None:
            self.status.setText(self.controller.waiting_text())
            self.message.setText(f"{self.session.seats[seat].name} is thinking…")

    def _on_seat_to_move(self, seat: Any) -> None:
        self._refresh_interaction()

    def _on_game_over(self, session: Session) -> None:
        self._clear_choice_state()
        self.status.setText("The game is over.")
        self.message.setText("")
        self._refresh_bar()

    def _on_error(self, text: str) -> None:
        self.message.setText(text)

    def _on_rejected(self, action: Any, reason: str) -> None:
        self.show_message(reason, warn=True)
        self._refresh_bar()

    def show_message(self, text: str, warn: bool = False, hint: bool = False) -> None:
        self.message.setText(text)
        kind = "warn" if warn else ("hint" if hint else "")
        if self.message.property("kind") != kind:
            self.message.setProperty("kind", kind)
            self.message.style().unpolish(self.message)
            self.message.style().polish(self.message)

    def _refresh_panels(self) -> None:
        if self.scene is None or self.snap is None or self.layout_ is None:
            return
        specs = self._specs(self.snap)
        for key, item in self.scene.items_by_key.items():
            if key[0] in ("panel", "halo") and key in specs:
                item.set_data(specs[key].data)

    def _set_status_busy(self) -> None:
        self.status.setText(self.controller.waiting_text())
        self._refresh_bar(busy=True)

    # ------------------------------------------------------------------ choices

    def _clear_choice_state(self) -> None:
        self.choices = None
        self.selection = frozenset()
        self.expedition = False
        self.buy_type = None
        self.hint_keys = set()
        self.hint_action = None
        self.focus_key = None
        if self.scene is not None:
            self.scene.set_marks(set(), set(), None, set())

    def _refresh_interaction(self) -> None:
        """Rebuild the legal choices, the marks on the table, the buttons and the status."""
        c = self.controller
        if self.session is None:
            return
        self.status.setText(c.waiting_text() if not c.is_over() else "The game is over.")
        if c.my_turn() and self.viewer is not None:
            legal = c.legal()
            if self.choices is None or self.choices.legal != legal:
                self.choices = Choices(self.game, c.view(), legal, self.viewer,
                                       lambda s: self.session.seats[s].name, c.why_illegal)
                self.selection = frozenset()
                self.buy_type = None
                self.focus_key = None
            if not self.message.property("kind"):
                self.show_message(self.choices.prompt(self.selection))
        else:
            self.choices = None
            if self.thinking is None and not c.is_over() and c.awaiting_handoff is None:
                self.show_message("")
        self._apply_marks()
        self._refresh_bar()

    def _refresh_bar(self, busy: bool = False) -> None:
        for b in self.action_buttons:
            self.buttons_box.removeWidget(b)
            b.hide()  # deleteLater waits for the event loop; never leave it drawn meanwhile
            b.deleteLater()
        self.action_buttons = []
        self.button_actions: list[Any] = []
        ch = self.choices if not busy else None
        if ch is not None:
            for i, spec in enumerate(ch.buttons(self.selection, self.buy_type)[:MAX_BUTTONS]):
                b = QPushButton(f"{i + 1}  {spec.label}")
                b.setObjectName("actionButton")
                b.setMinimumHeight(36)
                b.setToolTip(spec.tip or f"Key {i + 1}")
                b.setProperty("primary", spec.primary)
                b.setProperty("hint", spec.action == self.hint_action)
                if spec.primary:
                    b.setFont(theme.font(11.5, QFont.Weight.Bold))
                b.setEnabled(spec.enabled)
                if spec.action is not None:
                    b.clicked.connect(lambda _=False, a=spec.action: self.request(a))
                self.buttons_box.addWidget(b)
                self.action_buttons.append(b)
                self.button_actions.append(spec.action)
        in_play = ch is not None and ch.phase == "play"
        self.exp_button.setVisible(in_play)
        self.exp_button.setChecked(self.expedition and in_play)
        available = bool(ch and ch.exp_plays)
        if self.exp_button.property("available") != available:
            self.exp_button.setProperty("available", available)
            self.exp_button.style().unpolish(self.exp_button)
            self.exp_button.style().polish(self.exp_button)
        ok, why = self.controller.can_undo() if self.session else (False, "Nothing to undo.")
        self.undo_button.setEnabled(ok and not busy)
        self.undo_button.setToolTip(why)
        hint_ok = ch is not None and bool(getattr(self.settings, "show_hints", True))
        self.hint_button.setEnabled(hint_ok)
        self.hint_button.setToolTip("Show what the Hard bot would do here, and why"
                                    if hint_ok else "Hints are available on your turn.")

    # ------------------------------------------------------------------ input

    def keyPressEvent(self, event: QKeyEvent) -> None:  # noqa: N802
        self._on_key(event)
        if not event.isAccepted():
            super().keyPressEvent(event)


def _level_name(bot: str) -> str:
    return {"easy": "Easy", "heuristic": "Normal", "mcts": "Hard", "random": "Random"}.get(
        bot, bot)
