"""The Frontier Stations table screen: the ring of stations, the shop, the dice, the log,
the status line, the payment picker and the action bar.

A view only, like frostdesk/ui/game_screen.py (whose public surface it mirrors for the main
window): it renders what the controller reports, animates event batches (frames.py), and turns
clicks, keys and buttons into `bus.action_requested`. Everything about the rules comes from
the game through the controller: the legal actions, their labels, why a click is refused and
what the game waits for.
"""

from __future__ import annotations

import logging
from typing import Any

from PySide6.QtCore import Qt, Signal
from PySide6.QtGui import QFont, QKeyEvent
from PySide6.QtWidgets import (
    QFrame, QHBoxLayout, QLabel, QPushButton, QSizePolicy, QSplitter, QVBoxLayout, QWidget,
)

from frostdesk.engine.session import Session
from frostdesk.ui import theme
from frostdesk.ui.bus import GameBus
from frostdesk.ui.stations.frames import Frame, frames
from frostdesk.ui.stations.geometry import StationsLayout
from frostdesk.ui.stations.handoff import StationsHandoff
from frostdesk.ui.stations.input import StationsInput
from frostdesk.ui.stations.log import StationsLog
from frostdesk.ui.stations.picker import PaymentPicker
from frostdesk.ui.stations.scene import StationsAnimator, StationsScene
from frostdesk.ui.table.animator import Step
from frostdesk.ui.table.scene import TableView, warm_up_item_painting

log = logging.getLogger(__name__)
MAX_BUTTONS = 9
SCREEN_QSS = """
QFrame#actionBar { background-color: #1d2935; border-top: 1px solid #34485c; }
QLabel#statusLine { font-size: 13.5pt; font-weight: 700; color: #ece7dd; }
QLabel#statusMessage { font-size: 11.5pt; color: #a9b7c5; }
QLabel#statusMessage[kind="warn"] { color: #ff9b7e; }
QLabel#statusMessage[kind="hint"] { color: #7ee0c3; }
QPushButton#actionButton { min-height: 30px; padding: 6px 14px; }
QPushButton#actionButton[hint="true"], QPushButton#payOption[hint="true"],
QPushButton#pickerBeacon[hint="true"], QPushButton#pickerCancel[hint="true"] {
    border: 2px solid #7ee0c3; }
QFrame#paymentPicker { background-color: #1a2530; border-top: 2px solid #f2b45a; }
QLabel#pickerTitle { color: #f4e3c1; }
QLabel#pickerNote { color: #a9b7c5; }
QScrollArea#pickerScroll, QScrollArea#pickerScroll > QWidget > QWidget {
    background: transparent; }
QPushButton#payOption { background-color: #22303d; border: 1px solid #3a5064;
                        border-radius: 8px; padding: 3px 8px; text-align: left;
                        min-height: 36px; }
QPushButton#payOption:hover { background-color: #2a3b4b; }
QPushButton#payOption:checked { background-color: #3b3322; border: 2px solid #f2b45a; }
QPushButton#pickerBeacon[danger="true"] { background-color: #b8432f; color: white;
                                          border: 2px solid #ffb199; }
QFrame#logHolder, QFrame#gameLog { background-color: #16202b; }
QLabel#logTitle { font-size: 12.5pt; font-weight: 700; color: #a9b7c5; }
QTextBrowser#logText { font-size: 11pt; background-color: #16202b; border: none; }
QGraphicsView#tableView { border: none; background-color: #0e151c; }
"""


class StationsView(TableView):
    """The table view; keys go to the screen (arrows and Tab move between legal targets)."""

    key_pressed = Signal(object)

    def keyPressEvent(self, event: QKeyEvent) -> None:  # noqa: N802
        self.key_pressed.emit(event)
        if not event.isAccepted():
            super().keyPressEvent(event)

    def focusNextPrevChild(self, forward: bool) -> bool:  # noqa: N802
        return False


class StationsScreen(StationsInput, QWidget):
    """See the module docstring."""

    def __init__(self, bus: GameBus, controller: Any, settings: Any,
                 parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setObjectName("stationsScreen")
        self.setStyleSheet(SCREEN_QSS)
        self.bus = bus
        self.controller = controller
        self.settings = settings
        self.session: Session | None = None
        self.game: Any = None
        self.scene: StationsScene | None = None
        self.layout_: StationsLayout | None = None
        self.animator: StationsAnimator | None = None
        self.shown: Any = None  # the state the table shows (the last frame)
        self.viewer: int | None = None
        self.thinking: int | None = None
        self.legal: list[Any] = []
        self.targets: dict[Any, list[Any]] = {}
        self.target: Any = None  # the item whose purchases the bar offers
        self.hint_action: Any = None
        self.hint_keys: set[Any] = set()
        self.focus_key: Any = None
        self.log: StationsLog | None = None
        self._agent: Any = None
        self._build()
        warm_up_item_painting()
        bus.session_started.connect(self.show_session)
        bus.events_applied.connect(self._on_events)
        bus.state_reset.connect(self._on_reset)
        bus.viewer_changed.connect(self._on_viewer)
        bus.seat_to_move.connect(lambda seat: self._refresh_interaction())
        bus.bot_thinking.connect(self._on_bot_thinking)
        bus.action_rejected.connect(self._on_rejected)
        bus.handoff_requested.connect(self._on_handoff)
        bus.game_over.connect(self._on_game_over)
        bus.error.connect(lambda text: self.show_message(text, warn=True))
        bus.hint_ready.connect(self.show_hint_result)

    # ------------------------------------------------------------------ widgets

    def _build(self) -> None:
        box = QVBoxLayout(self)
        box.setContentsMargins(0, 0, 0, 0)
        box.setSpacing(0)
        self.splitter = QSplitter(Qt.Orientation.Horizontal)
        self.splitter.setObjectName("gameSplitter")
        self.splitter.setChildrenCollapsible(True)
        left = QWidget()
        col = QVBoxLayout(left)
        col.setContentsMargins(0, 0, 0, 0)
        col.setSpacing(0)
        self.view = StationsView()
        self.view.setObjectName("tableView")
        self.view.key_pressed.connect(self._on_key)
        col.addWidget(self.view, 1)
        self.picker = PaymentPicker()
        self.picker.pay.connect(self.request)
        self.picker.other.connect(self.request)
        col.addWidget(self.picker)
        self.splitter.addWidget(left)
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
        self.buttons_box = QHBoxLayout()
        self.buttons_box.setSpacing(8)
        row.addLayout(self.buttons_box)
        self.action_buttons: list[QPushButton] = []
        self.button_actions: list[Any] = []
        self.hint_button = QPushButton("Hint")
        self.hint_button.setObjectName("hintButton")
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
        bar.setSizePolicy(QSizePolicy.Policy.Preferred, QSizePolicy.Policy.Fixed)
        bar.setMinimumHeight(64)
        box.addWidget(bar)
        self.bar = bar
        self.overlay = StationsHandoff(self)
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
            side = max(260, min(360, int(total * 0.19)))
            self.splitter.setSizes([total - side, side])

    @property
    def choices(self) -> list[Any] | None:
        """The viewer's legal actions while they may act (None otherwise)."""
        return self.legal if self.legal else None

    # ------------------------------------------------------------------ sessions

    def show_session(self, session: Session) -> None:
        """Build the table for a new, loaded or continued session."""
        self.session = session
        self.game = session.game
        self.viewer = self.controller.viewer
        self.thinking = None
        self._agent = None
        self._clear_choice_state()
        self.overlay.hide()
        self.picker.clear()
        old = self.scene
        self.scene = StationsScene(self.game, self)
        self.scene.item_activated.connect(self.activate)
        self.scene.item_inspected.connect(self._on_item_inspected)
        self.view.setScene(self.scene)
        if self.animator is not None:
            self.animator.finished.disconnect()
            self.animator.stop()
        self.animator = StationsAnimator(self.scene, lambda: self.settings.speed_factor)
        self.animator.finished.connect(self._on_animation_finished)
        if old is not None:
            old.deleteLater()
        if self.log is not None:
            self.log.setParent(None)
            self.log.deleteLater()
        self.log = StationsLog(self.game, self.controller.names)
        self.log_holder.layout().addWidget(self.log)
        self.log.set_events(self.controller.history_for(self.viewer) if session.records else [])
        seats = session.seats
        humans = [i for i, s in enumerate(seats) if s.is_human]
        self.layout_ = StationsLayout(self.game, len(seats), humans[0] if humans else 0,
                                      [s.name for s in seats], [not s.is_human for s in seats])
        self.scene.stations = self.layout_
        view = self.controller.view()
        if session.records:
            self.shown = view
        else:  # a new game: the shop is dealt and the first tokens come from the stock
            self.shown = view.copy()
            self.shown.shop = []
            self.shown.res = [[0] * 5 for _ in range(view.n)]
        self.animator.snap(self._specs(self.shown))
        self.view.fit()
        self._refresh_bar()

    def _specs(self, state: Any, frame: Frame | None = None) -> dict[Any, Any]:
        assert self.layout_ is not None
        to_move = None
        paying = frame.paying if frame is not None else None
        if frame is None and self.session is not None and state.phase != "over":
            to_move = self.game.to_move(state)
            if state.phase == "threats" and state.queue:
                paying = tuple(state.queue[0])
        specs = self.layout_.specs(state, {
            "thinking": self.thinking, "to_move": to_move, "paying": paying,
            "transient": frame.transient if frame is not None else None})
        if state.price:
            for key, spec in specs.items():
                if key[0] in ("sys", "threat"):
                    spec.data["price"] = state.price
        return specs

    # ------------------------------------------------------------------ batches

    def _on_events(self, events: list[Any]) -> None:
        if self.session is None or self.animator is None or self.shown is None:
            return
        self._clear_choice_state()
        self.picker.clear()
        self.show_message("")
        seen = [e.seen_by(self.viewer) for e in events]
        seen = [e for e in seen if e is not None]
        if self.log is not None:
            self.log.append(seen)
        try:
            steps = self._steps(seen)
        except Exception:  # noqa: BLE001 - an animation problem must never stop the game
            log.exception("animating the events failed; showing the result instead")
            steps = []
        final = self.controller.view()
        self.shown = final
        steps.append(Step(self._specs(final), Frame(final, "sync"), "sync"))
        self.status.setText(self.controller.waiting_text())
        self._refresh_bar(busy=True)
        self.animator.run(steps)

    def _steps(self, seen: list[Any]) -> list[Step]:
        """One animation step per event, through the in-between tables of frames.py."""
        steps: list[Step] = []
        for f in frames(self.game, self.shown, seen):
            if seen and f.kind == "setup":
                real = self.controller.view()
                f.state.shop = list(real.shop)
                f.state.res = [list(r) for r in real.res]
                for c in real.shop:
                    f.spawn_from[("sys", c)] = ("pile", "systems")
                for st in range(real.n):
                    for r in range(5):
                        for i in range(real.res[st][r]):
                            f.spawn_from[("tok", st, r, i)] = ("stock",)
            steps.append(Step(self._specs(f.state, f), f, f.kind))
        return steps

    def _on_reset(self) -> None:
        """The state jumped (undo, load): move everything to where it now is."""
        if self.session is None or self.animator is None:
            return
        self._clear_choice_state()
        self.picker.clear()
        self.show_message("")
        if self.log is not None:
            self.log.set_events(self.controller.history_for(self.viewer))
        self.shown = self.controller.view()
        self.animator.run([Step(self._specs(self.shown), Frame(self.shown, "reset"), "reset")])

    def _on_animation_finished(self) -> None:
        self.bus.animations_idle.emit()
        self._refresh_interaction()

    def _on_viewer(self, seat: Any) -> None:
        # Everything in Frontier Stations is public and the ring stays put: only whose
        # choices the table offers changes.
        self.viewer = seat
        if self.session is not None and self.controller.session is self.session:
            self._refresh_interaction()

    def _on_handoff(self, seat: int) -> None:
        assert self.session is not None
        self._clear_choice_state()
        self.picker.clear()
        name = self.session.seats[seat].name
        self.overlay.show_for(seat, name)
        self.status.setText(f"Pass the device to {name}.")
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
            self.show_message(f"{self.session.seats[seat].name} is thinking…")

    def _on_game_over(self, session: Session) -> None:
        self._clear_choice_state()
        self.picker.clear()
        self.status.setText("The game is over.")
        self.message.setText("")
        self._refresh_bar()

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
        if self.scene is None or self.shown is None or self.layout_ is None:
            return
        specs = self._specs(self.shown)
        for key, item in self.scene.items_by_key.items():
            if key[0] in ("station", "area") and key in specs:
                item.set_data(specs[key].data)

    def _clear_choice_state(self) -> None:
        self.legal = []
        self.targets = {}
        self.target = None
        self.hint_action = None
        self.hint_keys = set()
        self.focus_key = None
        if self.scene is not None:
            self.scene.set_marks(set(), set(), None, set())

    def _refresh_interaction(self) -> None:
        """Rebuild the legal choices, the marks, the picker, the buttons and the status."""
        c = self.controller
        if self.session is None or c.session is not self.session:
            return
        self.status.setText(c.waiting_text() if not c.is_over() else "The game is over.")
        legal = c.legal() if c.my_turn() and self.viewer is not None else []
        if legal != self.legal:
            self.legal = legal
            self.target = None
            self.hint_action = None
            self.hint_keys = set()
            self.focus_key = None
            self._build_choices()
        if not self.legal and self.thinking is None and not c.is_over() \
                and c.awaiting_handoff is None and self.message.property("kind") != "warn":
            self.show_message("")
        self._apply_marks()
        self._refresh_bar()

    def _refresh_bar(self, busy: bool = False) -> None:
        for b in self.action_buttons:
            self.buttons_box.removeWidget(b)
            b.hide()
            b.deleteLater()
        self.action_buttons = []
        self.button_actions = []
        specs = self._bar_specs() if not busy else []
        for i, (label, action, primary) in enumerate(specs[:MAX_BUTTONS]):
            b = QPushButton(f"{i + 1}  {label}")
            b.setObjectName("actionButton")
            b.setMinimumHeight(36)
            b.setToolTip(f"Key {i + 1}")
            b.setProperty("primary", primary)
            b.setProperty("hint", action == self.hint_action)
            if primary:
                b.setFont(theme.font(11.5, QFont.Weight.Bold))
            b.clicked.connect(lambda _=False, a=action: self.request(a))
            self.buttons_box.addWidget(b)
            self.action_buttons.append(b)
            self.button_actions.append(action)
        ok, why = self.controller.can_undo() if self.session else (False, "Nothing to undo.")
        self.undo_button.setEnabled(ok and not busy)
        self.undo_button.setToolTip(why)
        hint_ok = bool(self.legal) and not busy and bool(getattr(self.settings, "show_hints",
                                                                  True))
        self.hint_button.setEnabled(hint_ok)
        self.hint_button.setToolTip("Show what the bot crew would do here, and why"
                                    if hint_ok else "Hints are available when you may act.")

    # ------------------------------------------------------------------ input

    def keyPressEvent(self, event: QKeyEvent) -> None:  # noqa: N802
        self._on_key(event)
        if not event.isAccepted():
            super().keyPressEvent(event)
