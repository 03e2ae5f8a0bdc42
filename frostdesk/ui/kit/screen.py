"""What every game's table screen shares: the chrome around the table and its plumbing.

`ScreenBase` lays out the table with the game log beside it and the action bar below (status
line, message, the numbered action buttons, Hint, Undo, Log), listens to the bus, swaps the
scene, animator and log for each session, shows the pass-and-play cover and handles the keys
that mean the same in every game (arrows and Tab move between legal targets, Space clicks the
focused one, Escape clears). Each game's screen (frostdesk/ui/games/<pkg>/screen.py) supplies
the table, its choices and the hooks marked "provided by the game's screen" below.
`ChoiceScreen` adds what a table picked by clicking shares: the legal actions as glowing
targets, the game's selection, the hint's marks and the keys over them.
"""

from __future__ import annotations

import logging
from typing import Any

from PySide6.QtCore import QRect, QSize, Qt, Signal
from PySide6.QtGui import QFont, QFontMetrics, QIcon, QKeyEvent
from PySide6.QtWidgets import (
    QAbstractButton,
    QDialog,
    QFrame,
    QHBoxLayout,
    QLabel,
    QPushButton,
    QSizePolicy,
    QSplitter,
    QVBoxLayout,
    QWidget,
)

from frostdesk.engine.session import Session
from frostdesk.ui import theme
from frostdesk.ui.kit.animator import Animator, Board, Step
from frostdesk.ui.kit.handoff import HandoffOverlay
from frostdesk.ui.kit.hint_box import HintBox
from frostdesk.ui.kit.icons import KEYCAP_SIZE, keycap_icon
from frostdesk.ui.kit.scene import TableScene, TableView
from frostdesk.ui.tips import TipsBox

MAX_BUTTONS = 9
log = logging.getLogger(__name__)
GAME_OVER_TEXT = "The game is over: this is the final table."
# a keycap's ink on a plain button and on a primary (amber) one, as the button's own text
KEYCAP_INK = {False: "#ece7dd", True: "#1b1408"}
KEYCAP_OFF = {False: "#6d7b89", True: "#a3947c"}  # the same, on a disabled button

# The chrome's style, in the palette of resources/frostdesk.qss (which styles the rest of the
# app); a screen puts its own rules between the two halves (see screen_qss).
_QSS_BAR = """
QFrame#actionBar { background-color: #1d2935; border-top: 1px solid #34485c; }
QLabel#statusLine { font-size: 13.5pt; font-weight: 700; color: #ece7dd; }
QLabel#statusMessage { font-size: 11.5pt; color: #a9b7c5; }
QLabel#statusMessage[kind="warn"] { color: #ff9b7e; }
QLabel#statusMessage[kind="hint"] { color: #7ee0c3; }
QPushButton#actionButton { min-height: 30px; padding: 6px 14px; }
QPushButton#actionButton[tight="true"] { padding: 6px 7px; }
QPushButton#undoButton[available="false"] { background-color: #1b2631; color: #6d7b89;
                                            border-color: #273542; }
"""
_QSS_LOG = """\
QFrame#logHolder, QFrame#gameLog { background-color: #16202b; }
QLabel#logTitle { font-size: 12.5pt; font-weight: 700; color: #a9b7c5; }
QTextBrowser#logText { font-size: 11pt; background-color: #16202b; border: none; }
QGraphicsView#tableView { border: none; background-color: #0e151c; }
"""

_MOVE_KEYS = (Qt.Key.Key_Right, Qt.Key.Key_Down, Qt.Key.Key_Tab, Qt.Key.Key_Left,
              Qt.Key.Key_Up, Qt.Key.Key_Backtab)
_BACK_KEYS = (Qt.Key.Key_Left, Qt.Key.Key_Up, Qt.Key.Key_Backtab)
_CHORD = Qt.KeyboardModifier.ControlModifier | Qt.KeyboardModifier.AltModifier \
    | Qt.KeyboardModifier.MetaModifier


def screen_qss(own_rules: str) -> str:
    """The screen's style sheet: the chrome's rules with the game's own (set on the screen
    widget, so they win over the application-wide rules)."""
    return _QSS_BAR + own_rules + _QSS_LOG


class FittedLabel(QLabel):
    """A word-wrapping label shown in at most `max_lines` lines (0: any number): a longer
    text first loses its last clauses (after "; "), then is cut after a whole word with "…",
    and is whole in the tooltip. `text()` is the
    whole text, `shown_text()` what the label shows; the cut follows the label's width."""

    def __init__(self, max_lines: int = 0) -> None:
        super().__init__("")
        self.max_lines = max_lines
        self._whole = ""

    def setText(self, text: str) -> None:  # noqa: N802
        self._whole = text
        self._fit()

    def text(self) -> str:
        return self._whole

    def shown_text(self) -> str:
        return super().text()

    def resizeEvent(self, event: Any) -> None:  # noqa: N802
        super().resizeEvent(event)
        self._fit()

    def _fit(self) -> None:
        text = self._whole
        width = self.contentsRect().width()
        if self.max_lines and text and width > 20:
            metrics = self.fontMetrics()
            most = self.max_lines * metrics.lineSpacing() + 1

            def height(t: str) -> int:
                return int(metrics.boundingRect(QRect(0, 0, width, 100000),
                                                Qt.TextFlag.TextWordWrap, t).height())

            # a text in clauses ("do this; or that") loses its last clauses first, whole
            # words and a full stop rather than a cut one
            parts = text.split("; ")
            while height(text) > most and len(parts) > 1:
                parts.pop()
                text = "; ".join(parts).rstrip(" ,;:.—") + "."
            if height(text) > most:
                words = text.split(" ")
                lo, hi = 0, len(words) - 1  # the most words that fit with the "…"
                while lo < hi:
                    mid = (lo + hi + 1) // 2
                    if height(" ".join(words[:mid]) + "…") <= most:
                        lo = mid
                    else:
                        hi = mid - 1
                text = " ".join(words[:lo]).rstrip(" ,;:.—") + "…"
        if super().text() != text:
            super().setText(text)
        tip = self._whole if text != self._whole else ""
        if self.toolTip() != tip:
            self.setToolTip(tip)


def label_pair(top: str, top_font: QFont, below: str, below_font: QFont,
               spacing: int, lines: tuple[int, int] = (0, 0)
               ) -> tuple[QVBoxLayout, QLabel, QLabel]:
    """Two empty word-wrapping labels, one above the other (a line and its note), named for
    the style sheet; `lines`: at most so many lines each (see FittedLabel; 0: any)."""
    column = QVBoxLayout()
    column.setSpacing(spacing)
    labels = []
    for (name, font), most in zip(((top, top_font), (below, below_font)), lines, strict=True):
        label = FittedLabel(most)
        label.setObjectName(name)
        label.setFont(font)
        label.setWordWrap(True)
        column.addWidget(label)
        labels.append(label)
    return column, labels[0], labels[1]


def next_focus(targets: list[Any], focus: Any, back: bool) -> Any:
    """The target after (or before) `focus`, wrapping; the first (or last) without focus."""
    if focus in targets:
        return targets[(targets.index(focus) + (-1 if back else 1)) % len(targets)]
    return targets[-1 if back else 0]


def shortened(labels: list[str], metrics: QFontMetrics, most: int,
              widths: list[int] | None = None) -> list[str]:
    """`labels` as buttons at most `most` px wide show them: each cut at its end, unless
    that makes different labels read alike ("Truck: …" twice, for two cells of one truck);
    then every cut one keeps both ends and loses its middle instead. `widths`: the labels'
    whole widths when the caller has them already."""
    if widths is None:
        widths = [metrics.horizontalAdvance(t) for t in labels]

    def cut(mode: Qt.TextElideMode) -> list[str]:
        return [metrics.elidedText(t, mode, most) if w > most else t
                for t, w in zip(labels, widths, strict=True)]

    shown = cut(Qt.TextElideMode.ElideRight)
    if len(set(shown)) < len(set(labels)):
        shown = cut(Qt.TextElideMode.ElideMiddle)
    return shown


def shortened_lines(labels: list[str], metrics: QFontMetrics, most: int) -> list[str]:
    """`shortened` for labels of one or two lines: each line at most `most` px wide, the
    lines of all the labels judged together (so that no two read alike)."""
    flat = [line for text in labels for line in text.split("\n")]
    cut = shortened(flat, metrics, most)
    out, i = [], 0
    for text in labels:
        n = text.count("\n") + 1
        out.append("\n".join(cut[i:i + n]))
        i += n
    return out


def without_shared_parts(labels: list[str]) -> list[str]:
    """`labels` without the parts (between " · ") that all of them have, when two or more
    labels are given and each keeps at least one part; otherwise as they are."""
    parts = [label.split(" · ") for label in labels]
    if len(labels) < 2:
        return labels
    shared = set(parts[0]).intersection(*map(set, parts[1:]))
    if not shared:
        return labels
    kept = [[p for p in ps if p not in shared] for ps in parts]
    if not all(kept):
        return labels
    return [" · ".join(ps) for ps in kept]


def two_lines(label: str, metrics: QFontMetrics) -> str:
    """`label` broken at the space that leaves its longer line shortest (unchanged when it
    has no space)."""
    words = label.split(" ")
    if len(words) < 2:
        return label
    best, best_w = label, metrics.horizontalAdvance(label)
    for i in range(1, len(words)):
        top, below = " ".join(words[:i]), " ".join(words[i:])
        w = max(metrics.horizontalAdvance(top), metrics.horizontalAdvance(below))
        if w < best_w:
            best, best_w = f"{top}\n{below}", w
    return best


class KeyedTableView(TableView):
    """The table view; keys go to the screen (arrows and Tab move between legal targets)."""

    key_pressed = Signal(object)

    def keyPressEvent(self, event: QKeyEvent) -> None:  # noqa: N802
        self.key_pressed.emit(event)
        if not event.isAccepted():
            super().keyPressEvent(event)

    def focusNextPrevChild(self, forward: bool) -> bool:  # noqa: N802
        return False  # Tab moves between legal choices, not widgets


class ScreenBase(QWidget):
    """The part of a game's table screen that does not depend on the game (module docstring).

    A subclass sets its own fields after `super().__init__`, then calls `_build()` and
    `_listen()`.
    """

    results_requested = Signal()  # "Back to results" on the final table
    settings_touched = Signal()  # the screen changed a setting (the window saves them)

    scene_class: type[TableScene] = TableScene
    animator_class: type[Animator] = Animator
    overlay_class: type[HandoffOverlay] = HandoffOverlay
    log_width = (260, 380, 0.2)  # the log's least and most width, and its share of the screen
    panel_kinds: tuple[str, ...] = ()  # item kinds that show who is thinking
    hint_tips = ("", "")  # the Hint button's tooltip when it may be used, and when not
    game_over_text = GAME_OVER_TEXT  # the status line once the game is over (a game may say
    # it in its own words, e.g. "The legend is over: ..."; the final table says so too)
    shift_tab_goes_back = False  # also read a Tab key event with Shift held as Backtab

    # provided by the game's screen (and its input mixin), besides the hooks at the end
    layout_: Any
    choices: Any  # None while the viewer may not act
    _on_viewer: Any
    _clear_choice_state: Any
    _refresh_interaction: Any
    _refresh_bar: Any
    _apply_marks: Any
    activate: Any
    clear_selection: Any
    show_hint_result: Any
    _on_item_inspected: Any

    def __init__(self, bus: Any, controller: Any, settings: Any, name: str, qss: str,
                 parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setObjectName(name)
        self.setStyleSheet(qss)
        self.bus = bus
        self.controller = controller
        self.settings = settings
        self.session: Session | None = None
        self.game: Any = None
        self.scene: Any = None
        self.animator: Any = None
        self.viewer: int | None = None
        self.thinking: int | None = None
        self._hint_action: Any = None
        self.hint_words = ("", "")  # the hinted move's label and the reasons for it
        self.hint_keys: set[Any] = set()
        self.focus_key: Any = None
        self.by_keyboard = False  # the activation in progress came from Space, not a click
        self.log: Any = None

    def _listen(self) -> None:
        bus = self.bus
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
        self.view = KeyedTableView()
        self.view.setObjectName("tableView")
        self.view.key_pressed.connect(self._on_key)
        self.splitter.addWidget(self._table_side())
        self.log_holder = QFrame()
        self.log_holder.setObjectName("logHolder")
        side = QVBoxLayout(self.log_holder)
        side.setContentsMargins(0, 0, 0, 0)
        self.tips = TipsBox()  # first-game tips sit above the log, never over the table
        self.tips.dismissed.connect(self._on_tips_dismissed)
        tips_margin = QVBoxLayout()
        tips_margin.setContentsMargins(10, 10, 10, 4)
        tips_margin.addWidget(self.tips)
        side.addLayout(tips_margin)
        self.hint_box = HintBox()  # the Hint's reasons, whole (the bar names the move)
        hint_margin = QVBoxLayout()
        hint_margin.setContentsMargins(10, 6, 10, 4)
        hint_margin.addWidget(self.hint_box)
        side.addLayout(hint_margin)
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
        # the status on one line, the message on two at most: a long hint never makes the
        # bar taller and the table smaller (the whole text is in their tooltips)
        text, self.status, self.message = label_pair(
            "statusLine", theme.font(13.5, QFont.Weight.Bold),
            "statusMessage", theme.font(11.5), 2, lines=(1, 2))
        row.addLayout(text, 1)
        self._add_bar_widgets(row)
        self.buttons_box = QHBoxLayout()
        self.buttons_box.setSpacing(8)
        row.addLayout(self.buttons_box)
        self.action_buttons: list[QPushButton] = []
        self.button_actions: list[Any] = []
        self.hint_button = QPushButton("Hint")
        self.hint_button.setObjectName("hintButton")
        self.hint_button.setIcon(keycap_icon("H", KEYCAP_INK[False], KEYCAP_OFF[False]))
        self.hint_button.setIconSize(QSize(*KEYCAP_SIZE))
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
        # on the final table (the end screen's "View table"): the way back to the results
        self.results_button = QPushButton("Back to results")
        self.results_button.setObjectName("resultsButton")
        self.results_button.setProperty("primary", True)
        self.results_button.setIcon(keycap_icon("R", KEYCAP_INK[True]))
        self.results_button.setIconSize(QSize(*KEYCAP_SIZE))
        self.results_button.setToolTip("The results of this game (key R or Escape)")
        self.results_button.clicked.connect(self.results_requested)
        self.results_button.hide()
        for b in (self.results_button, self.hint_button, self.undo_button, self.log_button):
            b.setMinimumHeight(36)
            row.addWidget(b)
        bar.setSizePolicy(QSizePolicy.Policy.Preferred, QSizePolicy.Policy.Fixed)
        bar.setMinimumHeight(64)
        box.addWidget(bar)
        self.bar = bar

        self.overlay = self.overlay_class(self)
        self.overlay.confirmed.connect(self._on_handoff_confirmed)
        self.set_log_visible(self.log_button.isChecked())
        self._refresh_bar()
        self._steady_bar()
        self._keep_keys_on_table(self)

    def _steady_bar(self) -> None:
        """Keep the action bar as tall as a status line over a two-line message, so a longer
        prompt or other buttons never change the table's size."""
        heights = []
        for label, sample in ((self.status, "Ag"), (self.message, "Ag\nAg")):
            label.ensurePolished()
            label.setText(sample)
            heights.append(label.sizeHint().height())
            label.setText("")
        row = self.bar.layout()
        assert row is not None
        m = row.contentsMargins()
        # 2 px between the labels, 2 more for the layout's rounding
        need = m.top() + m.bottom() + heights[0] + 2 + heights[1] + 2
        # ... and as tall as a numbered button whose label takes two lines (see _fit_bar)
        sample_button = QPushButton("Ag\nAg", self.bar)
        sample_button.setObjectName("actionButton")
        sample_button.setFont(theme.font(11.5, QFont.Weight.Bold))
        sample_button.ensurePolished()
        need = max(need, m.top() + m.bottom() + sample_button.sizeHint().height())
        sample_button.setParent(None)
        sample_button.deleteLater()
        self.bar.setFixedHeight(max(self.bar.minimumHeight(), need))

    def _keep_keys_on_table(self, parent: QWidget) -> None:
        """Buttons under `parent` (the bar's, the tips' ...) never take the keyboard focus:
        after a click on Hint, a numbered button or Got it, the arrows still move over the
        table and Enter still confirms. Their keys (1-9, H, E, Ctrl+Z) work from the table.
        The hand-off cover keeps its own focus (Enter or Space shows the hand)."""
        for b in parent.findChildren(QAbstractButton):
            if not self.overlay.isAncestorOf(b):
                b.setFocusPolicy(Qt.FocusPolicy.NoFocus)

    def table_focus(self) -> None:
        """Give the keyboard back to the table (after a dialog of the table closes)."""
        window = self.window()
        if window is not None and window.isVisible():
            window.activateWindow()
        self.view.setFocus()

    def open_dialog(self, dialog: QDialog) -> None:
        """Open a dialog of the table (a card's full text); the keys return to the table
        when it closes, and the dialog is deleted then (a dialog a right-click makes each
        time would otherwise stay under the screen with its large card picture)."""
        dialog.finished.connect(lambda _result: self.table_focus())
        dialog.finished.connect(dialog.deleteLater)
        dialog.open()

    def _table_side(self) -> QWidget:
        """The left side of the splitter: the table view (a game may add below it)."""
        return self.view

    def _add_bar_widgets(self, row: QHBoxLayout) -> None:
        """The game's own widgets in the action bar, between the status and the buttons."""

    def resizeEvent(self, event: Any) -> None:  # noqa: N802
        super().resizeEvent(event)
        self.overlay.setGeometry(self.rect())
        self._fit_bar()

    @property
    def hint_action(self) -> Any:
        """The move the Hint named (None: no hint stands). When it goes, its reasons go."""
        return self._hint_action

    @hint_action.setter
    def hint_action(self, action: Any) -> None:
        self._hint_action = action
        if action is None and hasattr(self, "hint_box"):
            self.hint_box.hide()

    def show_hint_words(self) -> None:
        """The hinted move in the bar; its reasons in the hint box beside the log when the
        side panel shows, else after the move in the bar (cut to fit, whole in the tooltip)."""
        label, why = self.hint_words
        if why and self.log_holder.isVisible():
            self.hint_box.show_hint(label, why)
            self.show_message(f"Hint: {label}. Why: at the right.", hint=True)
        else:
            self.hint_box.hide()
            self.show_message(f"Hint: {label}. {why}".strip(), hint=True)

    def set_log_visible(self, visible: bool) -> None:
        self.log_holder.setVisible(visible)
        if self.hint_action is not None and self.message.text().startswith("Hint: "):
            self.show_hint_words()  # the reasons move between the bar and the side
        if self.log_button.isChecked() != visible:
            self.log_button.setChecked(visible)
        self.settings.log_visible = visible
        if visible:
            least, most, share = self.log_width
            total = max(800, self.splitter.width())
            side = max(least, min(most, int(total * share)))
            self.splitter.setSizes([total - side, side])

    # ------------------------------------------------------------------ sessions

    def show_session(self, session: Session) -> None:
        """Build the table for a new, loaded or continued session."""
        self.session = session
        self.game = session.game
        self.viewer = self.controller.viewer
        self.thinking = None
        self._clear_choice_state()
        self.overlay.hide()
        self.results_button.hide()
        old = self.scene
        self.scene = self.scene_class(self.game, self)
        self.scene.item_activated.connect(self._on_item_activated)
        self.scene.item_inspected.connect(self._on_item_inspected)
        self.scene.can_drag = self.can_drag
        self.scene.drag_started.connect(self.drag_started)
        self.scene.drag_dropped.connect(self.dropped_on)
        self.scene.drag_cancelled.connect(self.drag_cancelled)
        self.view.setScene(self.scene)
        if self.animator is not None:
            self.animator.finished.disconnect()
            self.animator.stop()
        self.animator = self.animator_class(self.scene, lambda: self.settings.speed_factor)
        self.animator.finished.connect(self._on_animation_finished)
        if old is not None:
            old.deleteLater()
        if self.log is not None:
            self.log.setParent(None)
            self.log.deleteLater()
        self.log = self._new_log()
        holder = self.log_holder.layout()
        assert holder is not None  # the log holder is made with its layout
        holder.addWidget(self.log)
        # a new game's opening arrives as an events batch right after this
        self.log.set_events(self.controller.history_for(self.viewer) if session.records else [])
        self._start_table(session)
        self.view.fit()
        self._refresh_bar()
        if self.game.id in getattr(self.settings, "tips_seen", []):
            self.tips.hide()
        else:
            self.tips.show_for(self.game.id, self.game.title)

    def show_tips(self) -> None:
        """Show this game's first-game tips again (Help menu), with the log beside them."""
        if self.game is not None and self.tips.show_for(self.game.id, self.game.title):
            self.set_log_visible(True)

    def _on_tips_dismissed(self, game_id: str) -> None:
        seen = getattr(self.settings, "tips_seen", None)
        if isinstance(seen, list) and game_id not in seen:
            seen.append(game_id)
            self.settings_touched.emit()  # kept at once, not only when the window closes

    # ------------------------------------------------------------------ batches

    def _on_events(self, events: list[Any]) -> None:
        if self.session is None or self.animator is None or self._table_state() is None:
            return
        self._clear_choice_state()
        self.show_message("")
        seen = [e.seen_by(self.viewer) for e in events]
        seen = [e for e in seen if e is not None]
        if self.log is not None:
            self.log.append(seen)
        steps = self._event_steps(seen)
        self._set_status_busy()
        self.animator.run(steps)

    def _on_reset(self) -> None:
        """The state jumped (undo, load): move everything to where it now is."""
        if self.session is None or self.animator is None:
            return
        self._clear_choice_state()
        self.show_message("")
        if self.log is not None:
            self.log.set_events(self.controller.history_for(self.viewer))
        self.animator.run([self._reset_step()])

    def _on_animation_finished(self) -> None:
        self.bus.animations_idle.emit()
        self._refresh_interaction()

    def _on_handoff(self, seat: int) -> None:
        assert self.session is not None
        self._clear_choice_state()
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
            self.message.setText(f"{self.session.seats[seat].name} is thinking…")

    def _on_seat_to_move(self, seat: Any) -> None:
        self._refresh_interaction()

    def _on_game_over(self, session: Session) -> None:
        self._clear_choice_state()
        self.status.setText(self.game_over_text)
        self.message.setText("")
        self.results_button.show()
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
        state = self._table_state()
        if self.scene is None or state is None or self.layout_ is None:
            return
        specs = self._specs(state)
        for key, item in self.scene.items_by_key.items():
            if key[0] in self.panel_kinds and key in specs:
                item.set_data(specs[key].data)

    def _status_seat(self) -> int | None:
        """The seat the status line names as the one to move (None when the game is over):
        the table's glow follows it from the moment the status line changes, never after the
        animation of the moves before it."""
        c = self.controller
        if self.session is None or c.session is not self.session:
            return None
        seat = c.to_move()
        return seat if isinstance(seat, int) else None

    def _set_status_busy(self) -> None:
        self.status.setText(self.controller.waiting_text())
        self._refresh_bar(busy=True)

    # ------------------------------------------------------------------ the action bar

    def _clear_action_buttons(self) -> None:
        for b in self.action_buttons:
            self.buttons_box.removeWidget(b)
            b.hide()  # deleteLater waits for the event loop; never leave it drawn meanwhile
            b.deleteLater()
        self.action_buttons = []
        self.button_actions = []

    def _add_action_button(self, label: str, action: Any, primary: bool, tip: str = "",
                           enabled: bool = True) -> None:
        """One numbered button of the bar (its number is its key)."""
        n = len(self.action_buttons) + 1
        b = QPushButton(label)
        b.setObjectName("actionButton")
        # the number is the button's key: drawn as a keycap, never as part of the label
        b.setIcon(keycap_icon(str(n), KEYCAP_INK[bool(primary)], KEYCAP_OFF[bool(primary)]))
        b.setProperty("keycap", b.icon())
        b.setIconSize(QSize(*KEYCAP_SIZE))
        b.setProperty("key", n)
        b.setMinimumHeight(36)
        b.setFocusPolicy(Qt.FocusPolicy.NoFocus)  # the keys stay on the table
        b.setToolTip(f"{tip} (key {n})" if tip else f"Key {n}")
        b.setProperty("label", label)  # the whole label, when the bar has to shorten it
        b.setProperty("primary", primary)
        b.setProperty("hint", action is not None and action == self.hint_action)
        if primary:
            b.setFont(theme.font(11.5, QFont.Weight.Bold))
        b.setEnabled(enabled)
        if action is not None:
            b.clicked.connect(lambda _=False, a=action: self.request(a))
        self.buttons_box.addWidget(b)
        self.action_buttons.append(b)
        self.button_actions.append(action)

    def _refresh_tools(self, busy: bool) -> None:
        """Undo and Hint, with tooltips that say why not. Undo stays clickable while it
        cannot be used, looking off: a click says why on the status line, where the player
        looks (Ctrl+Z does the same)."""
        ok, why = self.controller.can_undo() if self.session else (False, "Nothing to undo.")
        if busy and ok:
            ok, why = False, "Wait for the table to settle."
        if self.session is not None and not busy and self.controller.can_redo()[0]:
            from frostdesk.ui.keys import Std, key_text

            why += f" Redo ({key_text(Std.Redo)}) puts back what Undo took back."
        self.undo_button.setEnabled(self.session is not None)
        self.undo_button.setToolTip(why)
        if self.undo_button.property("available") != ok:
            self.undo_button.setProperty("available", ok)
            self.undo_button.style().unpolish(self.undo_button)
            self.undo_button.style().polish(self.undo_button)
        hint_ok = not busy and self.choices is not None and bool(
            getattr(self.settings, "show_hints", True))
        self.hint_button.setEnabled(hint_ok)
        self.hint_button.setToolTip(self.hint_tips[0] if hint_ok else self.hint_tips[1])
        self._fit_bar()

    def _fit_bar(self) -> None:
        """Keep the status line on one line, up to half the bar: when the numbered buttons
        would squeeze it, their keycaps give way, then the parts all their labels share, then
        their longest labels take two lines, then the status line some of its width, then
        their labels shorten (cut with '…', whole in their tooltips)."""
        row = self.bar.layout()
        if not isinstance(row, QHBoxLayout):
            return
        width = self.bar.width() if self.bar.width() > 100 else self.width()
        fm = self.status.fontMetrics()
        status_w = min(fm.horizontalAdvance(self.status.text()) + 6, width // 2)
        self.status.setMinimumWidth(max(0, status_w))
        m = row.contentsMargins()
        others = 0
        count = 0
        for i in range(row.count()):
            item = row.itemAt(i)
            if item is None or item.layout() in (self.buttons_box,) or \
                    isinstance(item.layout(), QVBoxLayout):
                continue
            widget = item.widget()
            if widget is not None and not widget.isHidden():
                others += widget.sizeHint().width()
                count += 1
        buttons = self.action_buttons
        budget = width - m.left() - m.right() - status_w - others \
            - row.spacing() * (count + 1) - self.buttons_box.spacing() * max(0, len(buttons) - 1)
        if not buttons:
            return
        full = [str(b.property("label") or b.text()) for b in buttons]
        for b, text in zip(buttons, full, strict=True):
            if b.text() != text:
                b.setText(text)
            if b.icon().isNull():
                b.setIcon(b.property("keycap"))
            if b.property("tight"):
                b.setProperty("tight", False)
                b.style().unpolish(b)
                b.style().polish(b)
        if sum(b.sizeHint().width() for b in buttons) <= budget:
            return
        # crowded: the keycaps go first (the keys still work; the tooltips name them), and
        # the buttons' sides come in ...
        for b in buttons:
            b.setIcon(QIcon())
            b.setProperty("tight", True)
            b.style().unpolish(b)
            b.style().polish(b)
        if sum(b.sizeHint().width() for b in buttons) <= budget:
            return
        # ... then the parts of a label ("A · B · C") that every label has go: they do not
        # tell the choices apart (each label is whole in its tooltip) ...
        kept = without_shared_parts(full)
        if kept != full:
            for b, text in zip(buttons, kept, strict=True):
                b.setText(text)
            if sum(b.sizeHint().width() for b in buttons) <= budget:
                self._tip_whole_labels(buttons, full)
                return
        # ... then the widest labels take two lines (the bar is as tall as two), one by one ...
        for b, text in sorted(zip(buttons, kept, strict=True),
                              key=lambda bt: -bt[0].sizeHint().width()):
            two = two_lines(text, b.fontMetrics())
            if two != text:
                b.setText(two)
                if sum(b_.sizeHint().width() for b_ in buttons) <= budget:
                    self._tip_whole_labels(buttons, full)
                    return
        # ... then the status line gives up to two fifths of its width (cut with "…", whole
        # in its tooltip: the table shows the rest), as the choices matter more ...
        over = sum(b.sizeHint().width() for b in buttons) - budget
        give = min(over, status_w - max(180, status_w * 3 // 5))
        if give > 0:
            status_w -= give
            budget += give
            self.status.setMinimumWidth(status_w)
            if over <= give:
                self._tip_whole_labels(buttons, full)
                return
        # ... then the widest lines shorten, to one width for all, never below a few letters
        # (a folded label keeps its two lines, each cut)
        folded = [b.text() for b in buttons]
        metrics = buttons[0].fontMetrics()
        least = metrics.horizontalAdvance("Wxxxx…")
        most = max(metrics.horizontalAdvance(line) for t in folded for line in t.split("\n"))
        while most > least and sum(b.sizeHint().width() for b in buttons) > budget:
            most -= 4
            for b, text in zip(buttons, shortened_lines(folded, metrics, most), strict=True):
                if b.text() != text:
                    b.setText(text)
        over = sum(b.sizeHint().width() for b in buttons) - budget
        if over > 0:  # the buttons at their shortest: the status line gives the rest
            self.status.setMinimumWidth(max(0, status_w - over))
        self._tip_whole_labels(buttons, full)

    @staticmethod
    def _tip_whole_labels(buttons: list[QPushButton], full: list[str]) -> None:
        """A button that shows less than its label has the whole label in its tooltip."""
        for b, text in zip(buttons, full, strict=True):
            if b.text().replace("\n", " ") != text and not b.toolTip().startswith(text):
                b.setToolTip(f"{text}. {b.toolTip()}")

    def undo_available(self) -> bool:
        """Whether Undo would take a move back now (its button looks on)."""
        return bool(self.undo_button.property("available"))

    def settings_changed(self) -> None:
        """The player changed the settings: the bar follows at once (Undo, Hint)."""
        self._refresh_tools(self.animator is not None and self.animator.busy)

    # ------------------------------------------------------------------ input

    def request(self, action: Any) -> None:
        self.bus.action_requested.emit(action)

    def _on_item_activated(self, key: Any) -> None:
        self.activate(key)

    def can_drag(self, key: Any) -> bool:
        """Whether the item `key` may be dragged now (nothing by default). A drag stands for
        two clicks: its start activates the item, its drop the item it lands on."""
        return False

    def drag_started(self, key: Any) -> None:
        self.activate(key)

    def dropped_on(self, key: Any) -> None:
        self.activate(key)

    def drag_cancelled(self, key: Any) -> None:
        """A drag of `key` ended where no item is: undo what its start picked."""

    def show_hint(self) -> None:
        """Ask the hint bot; it thinks off the UI thread (see show_hint_result)."""
        if self.choices is None or not self.controller.request_hint():
            return
        self.hint_button.setEnabled(False)
        self.show_message("Thinking about a hint…", hint=True)

    def _on_key(self, event: QKeyEvent) -> None:
        key = event.key()
        if self.overlay.isVisible():
            return
        if self.results_button.isVisible() and key in (Qt.Key.Key_R, Qt.Key.Key_Escape):
            self.results_requested.emit()
            event.accept()
            return
        targets = self._focus_order()
        if key in _MOVE_KEYS:
            if targets:
                back = key in _BACK_KEYS or (
                    self.shift_tab_goes_back and key == Qt.Key.Key_Tab
                    and bool(event.modifiers() & Qt.KeyboardModifier.ShiftModifier))
                self.focus_key = next_focus(targets, self.focus_key, back)
                self._apply_marks()
        elif key == Qt.Key.Key_Space:
            if self.focus_key is not None:
                self.by_keyboard = True  # a game may pick a part of the item itself
                try:
                    self.activate(self.focus_key)
                finally:
                    self.by_keyboard = False
        elif key in (Qt.Key.Key_Return, Qt.Key.Key_Enter):
            self._on_enter()
        elif Qt.Key.Key_1 <= key <= Qt.Key.Key_9:
            self._on_number(key - Qt.Key.Key_1, targets)
        elif key == Qt.Key.Key_Escape:
            self.clear_selection()
        elif key == Qt.Key.Key_H and not event.modifiers() & _CHORD:
            if self.hint_button.isEnabled():
                self.show_hint()
        elif not self._on_other_key(key):
            event.ignore()
            return
        event.accept()

    def _on_other_key(self, key: int) -> bool:
        """A key of the game's own; True if it was used."""
        return False

    def keyPressEvent(self, event: QKeyEvent) -> None:  # noqa: N802
        self._on_key(event)
        if not event.isAccepted():
            super().keyPressEvent(event)

    # ------------------------------------------------------------------ hooks

    def _new_log(self) -> Any:
        raise NotImplementedError

    def _start_table(self, session: Session) -> None:
        """Lay out the new session's table and show it without animation."""
        raise NotImplementedError

    def _table_state(self) -> Any:
        """What the table shows now (None before a session)."""
        raise NotImplementedError

    def _board_of(self, view: Any) -> Board:
        """The table for a view of the game (`controller.view()`), as the game's layout
        reads it (see kit/animator.py, Board)."""
        raise NotImplementedError

    def _set_table_state(self, board: Any) -> None:
        """Remember `board` as what the table shows now."""
        raise NotImplementedError

    def _note(self, event: Any) -> None:
        """Something of the game's own to show for an event the viewer saw (a tag on a seat,
        say), before the table is laid out for it. Nothing by default."""

    def _event_steps(self, seen: list[Any]) -> list[Step]:
        """The animation of a batch of events the viewer saw, ending in the current view:
        each event's motions (Game.motions) played on the table shown now. A problem with
        them is logged and the table goes straight to the current view: an animation never
        stops a game."""
        try:
            plan = self.animator.plan(self._table_state(), self._specs)
            for e in seen:
                self._note(e)
                plan.add(e.kind, self.game.motions(e))
        except Exception:  # noqa: BLE001 - see the docstring
            log.exception("animating the events failed; showing the result instead")
            return [self._reset_step()]
        final = self._board_of(self.controller.view())
        self._set_table_state(final)
        return plan.finish(final)

    def _reset_step(self) -> Step:
        """One step straight to the current view."""
        board = self._board_of(self.controller.view())
        self._set_table_state(board)
        return Step(self._specs(board), board, "reset")

    def _specs(self, state: Any) -> dict[Any, Any]:
        raise NotImplementedError

    def _focus_order(self) -> list[Any]:
        """The targets the arrow keys visit, in order."""
        raise NotImplementedError

    def _on_enter(self) -> None:
        raise NotImplementedError

    def _on_number(self, i: int, targets: list[Any]) -> None:
        raise NotImplementedError


class ChoiceScreen(ScreenBase):
    """A table screen whose choices are the viewer's legal actions, picked by clicking.

    While the viewer may act, `legal` holds their legal actions and `targets` maps each table
    item a click acts on (its key) to what that click does (an action, or a step of the game's
    own selection); those items glow, the focused one is ringed and the hint's are marked.
    The numbered buttons hold the choices the game's `_refresh_bar` puts there.

    A game's screen overrides (besides ScreenBase's table hooks):
      `_choices_changed()`     the legal actions changed: fill `targets` (default: none glow)
      `_choices_refreshed()`   after every refresh, also with the same choices: a game whose
                               targets follow a selection rebuilds them here (default: nothing)
      `_status_text()`         the status line (default: whose turn it is, or the game's end)
      `_prompt()`              what the message line asks while the viewer may act
      `_action_label(action)`  an action in a few words (the hint's message)
      `activate(key)`, `_refresh_bar(busy)`, `_focus_order()`, `_on_item_inspected(key)`
    and where it has a selection of its own: `_clear_selection()` (forget it),
    `_selected_keys()` (the items it shows as selected) and `_hint_keys(action)` (the items
    that show the hint; default: the targets whose click takes it). A game whose layout puts
    the viewer at the bottom sets `turns_to_viewer` and provides `_build_layout()`; its log
    words come from `_log_words()`.
    """

    prompt_on_refresh = False  # ask again on every refresh, not only when the choices change
    turns_to_viewer = False  # the viewer sits at the bottom: a new viewer turns the table

    def __init__(self, bus: Any, controller: Any, settings: Any, name: str, qss: str,
                 parent: QWidget | None = None) -> None:
        super().__init__(bus, controller, settings, name, qss, parent)
        self.legal: list[Any] = []
        self.targets: dict[Any, Any] = {}  # item key -> what a click on it does

    @property
    def choices(self) -> list[Any] | None:
        """The viewer's legal actions while they may act (None otherwise)."""
        return self.legal or None

    # ------------------------------------------------------------------ the log

    def _new_log(self) -> Any:
        from frostdesk.ui.kit.log_panel import LogPanel

        return LogPanel(self.game, self._names, words=self._log_words())

    def _log_words(self) -> Any:
        """The log's LogWords (None: plain text)."""
        return None

    def _names(self, text: str) -> str:
        """`text` with the seats' names for their numbers (the log and the hints)."""
        return str(self.controller.names(text))

    # ------------------------------------------------------------------ seats

    def _bottom_seat(self) -> int:
        """The seat the table shows nearest the player: the viewer, else the first person."""
        if self.viewer is not None:
            return int(self.viewer)
        humans = self.controller.human_seats()
        return int(humans[0]) if humans else 0

    def _build_layout(self) -> None:
        """Lay the table out for the seats (needed with `turns_to_viewer`)."""
        raise NotImplementedError

    def _on_viewer(self, seat: Any) -> None:
        if seat == self.viewer:
            return
        self.viewer = seat
        if self.session is None or self.animator is None or \
                self.controller.session is not self.session:
            return
        self._clear_choice_state()
        if self.turns_to_viewer and (
                self.layout_ is None or self.layout_.bottom != self._bottom_seat()):
            self.scene.clear_table()
            self._build_layout()
        board = self._board_of(self.controller.view())
        self._set_table_state(board)
        self.animator.snap(self._specs(board))
        if self.log is not None:
            self.log.set_events(self.controller.history_for(self.viewer))

    # ------------------------------------------------------------------ choices

    def _clear_choice_state(self) -> None:
        self.legal = []
        self.targets = {}
        self.hint_action = None
        self.hint_keys = set()
        self.focus_key = None
        self._clear_selection()
        if self.scene is not None:
            self.scene.set_marks(set(), set(), None, set())

    def _clear_selection(self) -> None:
        """Forget the game's own selection (a picked cell, survivors ...)."""

    def _selected_keys(self) -> set[Any]:
        """The items the selection shows as selected (they do not glow meanwhile)."""
        return set()

    def _my_legal(self) -> list[Any]:
        c = self.controller
        return list(c.legal()) if c.my_turn() and self.viewer is not None else []

    def _refresh_interaction(self) -> None:
        """Rebuild the legal choices, the glow, the buttons and the status line."""
        c = self.controller
        if self.session is None or c.session is not self.session:
            return
        legal = self._my_legal()
        if legal != self.legal:
            self._clear_choice_state()
            self.legal = legal
            self._choices_changed()
            if legal and not self.message.property("kind"):
                self.show_message(self._prompt())
        self.status.setText(self._status_text())
        self._choices_refreshed()
        if legal and self.prompt_on_refresh and not self.message.property("kind"):
            self.show_message(self._prompt())
        if not legal and self.thinking is None and not c.is_over() \
                and self.message.property("kind") != "warn":
            self.show_message("")
        self._apply_marks()
        self._refresh_bar()

    def _choices_changed(self) -> None:
        """`legal` is new: fill `targets`."""

    def _choices_refreshed(self) -> None:
        """After every refresh of the choices (and a change of the selection or the hint)."""

    def _status_text(self) -> str:
        c = self.controller
        return str(c.waiting_text()) if not c.is_over() else self.game_over_text

    def _prompt(self) -> str:
        return "Choose below."

    def _action_label(self, action: Any) -> str:
        return str(self.game.describe(self.controller.view(), action))

    def _apply_marks(self) -> None:
        if self.scene is None:
            return
        glow = set(self.targets)
        if self.focus_key not in glow:
            self.focus_key = None
        selected = self._selected_keys()
        self.scene.set_marks(glow - self.hint_keys - selected, selected, self.focus_key,
                             self.hint_keys)

    def clear_selection(self) -> None:
        """Escape: the selection and the hint go; the prompt asks again."""
        self._clear_selection()
        self.hint_action, self.hint_keys = None, set()
        if self.legal:
            self.show_message(self._prompt())
        self._choices_refreshed()
        self._apply_marks()
        self._refresh_bar()

    def _hint_keys(self, action: Any) -> set[Any]:
        """The items that show the hint's action (the game may select what it needs)."""
        return {k for k, a in self.targets.items() if a == action}

    def show_hint_result(self, action: Any, reason: str) -> None:
        self.hint_button.setEnabled(bool(self.legal))
        if action not in self.legal:
            return
        self.hint_action = action
        self.hint_keys = self._hint_keys(action)
        self._choices_refreshed()
        label = self._action_label(action)
        why = self._names(reason)
        why = why[:1].upper() + why[1:]  # a sentence of its own after the move's name
        self.hint_words = (label, why)
        self.show_hint_words()
        self._apply_marks()
        self._refresh_bar()

    # ------------------------------------------------------------------ keys

    def _on_enter(self) -> None:
        """Enter: the focused target, else the only button."""
        if self.focus_key is not None:
            self.activate(self.focus_key)
        elif len(self.action_buttons) == 1 and self.action_buttons[0].isEnabled():
            self.action_buttons[0].click()

    def _on_number(self, i: int, targets: list[Any]) -> None:
        if i < len(self.action_buttons) and self.action_buttons[i].isEnabled():
            self.action_buttons[i].click()
