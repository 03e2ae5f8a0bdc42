"""The Frontier Stations table screen: the ring of stations, the shop, the dice, the log,
the status line, the payment picker and the action bar.

A view only, like every game's table screen (the main window sees the public surface of
frostdesk.ui.kit.screen.ScreenBase): it renders what the controller reports, animates event
batches (the kit plays the rules' motions on board.py's table), and turns clicks, keys and
buttons into `bus.action_requested`.
Everything about the rules comes from the game through the controller: the legal actions,
their labels, why a click is refused and what the game waits for.
"""

from __future__ import annotations

from typing import Any

from PySide6.QtCore import QEvent, QObject, QRect, QRectF, QSize
from PySide6.QtGui import QResizeEvent
from PySide6.QtWidgets import QVBoxLayout, QWidget

from frostdesk.engine.session import Session
from frostdesk.games.frontier_stations.state import UNKNOWN
from frostdesk.ui.bus import GameBus
from frostdesk.ui.games.frontier_stations.board import StationsBoard
from frostdesk.ui.games.frontier_stations.geometry import StationsLayout
from frostdesk.ui.games.frontier_stations.handoff import StationsHandoff
from frostdesk.ui.games.frontier_stations.input import StationsInput
from frostdesk.ui.games.frontier_stations.log import StationsLog
from frostdesk.ui.games.frontier_stations.picker import PaymentPicker
from frostdesk.ui.games.frontier_stations.scene import StationsAnimator, StationsScene
from frostdesk.ui.kit.scene import warm_up_item_painting
from frostdesk.ui.kit.screen import MAX_BUTTONS, ChoiceScreen, screen_qss

SCREEN_QSS = screen_qss("""\
QPushButton#actionButton[hint="true"], QPushButton#payOption[hint="true"],
QPushButton#pickerBeacon[hint="true"], QPushButton#pickerCancel[hint="true"] {
    border: 3px solid #7ee0c3; }
QPushButton#actionButton[hint="true"][primary="false"] { background-color: #1d4a40; }
QFrame#paymentPicker { background-color: rgba(26, 37, 48, 246); border: 2px solid #f2b45a;
                       border-radius: 12px; }
QLabel#pickerTitle { color: #f4e3c1; }
QLabel#pickerNote { color: #a9b7c5; }
QLabel#pickerWarning { color: #ffb199; }
QScrollArea#pickerScroll, QScrollArea#pickerScroll > QWidget > QWidget {
    background: transparent; }
QPushButton#payOption { background-color: #22303d; border: 1px solid #3a5064;
                        border-radius: 8px; padding: 3px 8px; text-align: left;
                        min-height: 36px; }
QPushButton#payOption:hover { background-color: #2a3b4b; }
QPushButton#payOption:checked { background-color: #3b3322; border: 2px solid #f2b45a; }
QPushButton#payOption[hint="true"], QPushButton#payOption[hint="true"]:checked {
    background-color: #1d4a40; border: 3px solid #7ee0c3; }
QPushButton#pickerBeacon[danger="true"] { background-color: #b8432f; color: white;
                                          border: 2px solid #ffb199; }
""")


class StationsScreen(StationsInput, ChoiceScreen):
    """See the module docstring; the chrome around the table and the legal actions are the
    kit's (kit.screen.ChoiceScreen), the choosing is StationsInput's."""

    scene_class = StationsScene
    animator_class = StationsAnimator
    overlay_class = StationsHandoff
    log_width = (260, 360, 0.19)
    panel_kinds = ("station", "area")
    hint_tips = ("Show what the bot crew would do here, and why",
                 "Hints are available when you may act.")

    def __init__(self, bus: GameBus, controller: Any, settings: Any,
                 parent: QWidget | None = None) -> None:
        super().__init__(bus, controller, settings, "stationsScreen", SCREEN_QSS, parent)
        self.layout_: StationsLayout | None = None
        self.board: StationsBoard | None = None  # what the table shows (the last step's)
        self.targets: dict[Any, list[Any]] = {}  # item key -> the actions a click offers
        self.target: Any = None  # the item whose purchases the bar offers
        self._agent: Any = None
        self._relayout_pending = False
        self._build()
        warm_up_item_painting()
        self._listen()

    def _table_side(self) -> QWidget:
        left = QWidget()
        col = QVBoxLayout(left)
        col.setContentsMargins(0, 0, 0, 0)
        col.setSpacing(0)
        col.addWidget(self.view, 1)
        # the picker floats over the table (it is no part of the column), so the table keeps
        # its size and its layout while a payment is chosen
        self.picker = PaymentPicker(left)
        self.picker.pay.connect(self.request)
        self.picker.other.connect(self.request)
        self.picker.home = self._middle_rect
        self.view.installEventFilter(self)
        return left

    def _middle_rect(self) -> QRect | None:
        """The table's middle (shop and tray) in the coordinates of the table's column,
        where the picker floats."""
        lay = self.layout_
        if lay is None:
            return None
        a, b = lay.shop_box, lay.tray_box
        x, y = min(a.x, b.x), min(a.y, b.y)
        r = QRectF(x, y, max(a.right, b.right) - x, max(a.bottom, b.bottom) - y)
        got = self.view.mapFromScene(r).boundingRect()
        return got.translated(self.view.pos())

    # ------------------------------------------------------------------ the table's size

    def eventFilter(self, obj: QObject, event: QEvent) -> bool:  # noqa: N802
        if obj is self.view and isinstance(event, QResizeEvent):
            # at once (a few ms), before the view fits the scene into itself: what is under
            # the mouse is where the table shows it
            self._relayout(event.size())
        return super().eventFilter(obj, event)

    @staticmethod
    def _table_size(view: QSize) -> tuple[float, float] | None:
        """The table's size in table units for a view this big: one unit per pixel (the
        view keeps a 2-pixel margin when it fits the scene), None before it has a size."""
        if view.width() < 200 or view.height() < 150:
            return None
        return float(view.width() - 4), float(view.height() - 4)

    def _new_layout(self, size: tuple[float, float] | None,
                    keep: tuple[float, ...] | None = None) -> StationsLayout:
        assert self.session is not None
        seats = self.session.seats
        humans = [i for i, s in enumerate(seats) if s.is_human]
        w, h = size if size is not None else (None, None)
        layout = StationsLayout(self.game, len(seats), humans[0] if humans else 0,
                                [s.name for s in seats], [not s.is_human for s in seats],
                                w, h, keep=keep)
        self.scene.setSceneRect(QRectF(0, 0, layout.w, layout.h))
        self.scene.stations = layout
        return layout

    def _relayout(self, view: QSize) -> None:
        """Lay the table out again for a new window size (not while something moves: the
        view scales the table meanwhile, and it is laid out when the animation ends)."""
        size = self._table_size(view)
        if self.session is None or self.layout_ is None or self.board is None or size is None:
            return
        if (self.layout_.w, self.layout_.h) == size:
            return
        if self.animator is not None and self.animator.busy:
            self._relayout_pending = True
            return
        self._relayout_pending = False
        self.layout_ = self._new_layout(size, self.layout_.proportions)
        self.animator.snap(self._specs(self.board))
        self.view.fit()
        self.picker.place()

    def _on_animation_finished(self) -> None:
        if self._relayout_pending:
            self._relayout(self.view.size())
        super()._on_animation_finished()

    @property
    def shown(self) -> Any:
        """The state the table shows (None before a session)."""
        return self.board.state if self.board is not None else None

    # ------------------------------------------------------------------ sessions

    def _new_log(self) -> StationsLog:
        return StationsLog(self.game, self.controller.names)

    def _start_table(self, session: Session) -> None:
        self._agent = None
        self._relayout_pending = False
        self.layout_ = self._new_layout(self._table_size(self.view.size()))
        view = self.controller.view()
        if session.records:
            self.board = StationsBoard(view)
        else:  # a new game: the opening deals the shop and the first tokens from the stock
            start = view.copy()
            start.sdeck = start.sdeck + [UNKNOWN] * len(start.shop)
            start.shop = []
            start.res = [[0] * 5 for _ in range(view.n)]
            start.held = [[[0] * 5 for _ in st] for st in view.held]
            self.board = StationsBoard(start, live=False)
        self.animator.snap(self._specs(self.board))

    def _table_state(self) -> StationsBoard | None:
        return self.board

    def _board_of(self, view: Any) -> StationsBoard:
        return StationsBoard(view)

    def _set_table_state(self, board: StationsBoard) -> None:
        self.board = board

    def _specs(self, board: StationsBoard) -> dict[Any, Any]:
        assert self.layout_ is not None
        state = board.state
        paying = board.paying
        if board.live and self.session is not None and state.phase == "threats" \
                and state.queue:
            paying = tuple(state.queue[0])
        marks: dict[str, Any] = {
            "thinking": self.thinking, "paying": paying, "transient": board.transient}
        c = self.controller
        if self.session is not None and c.session is self.session:
            # whose turn glows, and who must act: the seat the status line names, from the
            # moment it changes (never after the animation of the moves before it)
            marks["to_move"] = self._status_seat()
            marks["current"] = c.session.state.current
        elif board.live and state.phase != "over":
            marks["to_move"] = self.game.to_move(state)
        specs = self.layout_.specs(state, marks)
        if state.price:
            for key, spec in specs.items():
                if key[0] in ("sys", "threat"):
                    spec.data["price"] = state.price
        return specs

    def _on_viewer(self, seat: Any) -> None:
        # Everything in Frontier Stations is public and the ring stays put: only whose
        # choices the table offers changes.
        self.viewer = seat
        if self.session is not None and self.controller.session is self.session:
            self._refresh_interaction()

    def _on_bot_thinking(self, seat: int, on: bool) -> None:
        super()._on_bot_thinking(seat, on)
        if on and self.session is not None:
            self.show_message(self.message.text())  # in the plain colour, even after a warning

    def _on_error(self, text: str) -> None:
        self.show_message(text, warn=True)

    def _clear_selection(self) -> None:
        self.target = None
        self.picker.clear()

    def _refresh_interaction(self) -> None:
        """Rebuild the legal choices, the marks, the picker, the buttons and the status."""
        c = self.controller
        if self.session is None or c.session is not self.session:
            return
        self.status.setText(c.waiting_text() if not c.is_over() else self.game_over_text)
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
        self._clear_action_buttons()
        for label, action, primary in (self._bar_specs() if not busy else [])[:MAX_BUTTONS]:
            self._add_action_button(label, action, primary)
        self._refresh_tools(busy)
