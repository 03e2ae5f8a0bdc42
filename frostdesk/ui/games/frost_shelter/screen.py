"""Frost Shelter's table screen: the table, the game log, the status line and the action bar.

A view only: it renders what the controller reports, animates event batches, and turns
clicks and keys into `bus.action_requested`. It asks the controller for everything about the
game (legal actions, reasons, waiting text, hints) and never calls the engine itself.
"""

from __future__ import annotations

from typing import Any

from PySide6.QtCore import QEvent, QObject, QSize, QTimer, QVariantAnimation
from PySide6.QtGui import QFont, QFontMetrics, QResizeEvent
from PySide6.QtWidgets import QHBoxLayout, QPushButton, QWidget

from frostdesk.ai.levels import level_name
from frostdesk.engine.session import Session
from frostdesk.ui import theme
from frostdesk.ui.bus import GameBus
from frostdesk.ui.controller import Controller
from frostdesk.ui.games.frost_shelter.choices import Choices
from frostdesk.ui.games.frost_shelter.handoff import ShelterHandoff
from frostdesk.ui.games.frost_shelter.input import TableInput
from frostdesk.ui.games.frost_shelter.layout import SeatInfo, TableLayout, table_width
from frostdesk.ui.games.frost_shelter.log import flash_tag, shelter_words
from frostdesk.ui.games.frost_shelter.scene import ShelterAnimator, ShelterScene
from frostdesk.ui.games.frost_shelter.snapshot import Snapshot
from frostdesk.ui.kit.animator import Step
from frostdesk.ui.kit.icons import KEYCAP_SIZE, keycap_icon
from frostdesk.ui.kit.log_panel import LogPanel
from frostdesk.ui.kit.scene import warm_up_item_painting
from frostdesk.ui.kit.screen import (
    KEYCAP_INK,
    MAX_BUTTONS,
    ScreenBase,
    screen_qss,
)

# how long a seat's floating tag ("+3 damage", "Heals 2") stays after the table comes to rest,
# and how long it takes to fade out (scaled by the animation speed; "off" removes it at once)
FLASH_HOLD_MS = 2600
FLASH_FADE_MS = 400
# the Expedition switch's label, off and on
EXPEDITION_WORDS = {False: "Go on Expedition", True: "Expedition: pick a card"}

SCREEN_QSS = screen_qss("""\
QPushButton#actionButton[hint="true"] { border: 3px solid #7ee0c3; }
QPushButton#actionButton[hint="true"][primary="false"] { background-color: #1d4a40; }
QPushButton#expeditionToggle:checked { background-color: #2f6f9a; border: 2px solid #8fc1ea;
                                       font-weight: 700; }
QPushButton#expeditionToggle[available="false"] { color: #8a98a6; }
""")


class ShelterScreen(TableInput, ScreenBase):
    """See the module docstring; the chrome around the table is kit.screen.ScreenBase."""

    scene_class = ShelterScene
    animator_class = ShelterAnimator
    overlay_class = ShelterHandoff
    panel_kinds = ("panel", "halo")
    hint_tips = ("Show what the Hard bot would do here, and why",
                 "Hints are available on your turn.")
    shift_tab_goes_back = True

    def __init__(self, bus: GameBus, controller: Controller, settings: Any,
                 parent: QWidget | None = None) -> None:
        super().__init__(bus, controller, settings, "gameScreen", SCREEN_QSS, parent)
        self.layout_: TableLayout | None = None
        self.snap: Snapshot | None = None
        self.flash: dict[int, str] = {}
        self._flash_timer = QTimer(self)
        self._flash_timer.setSingleShot(True)
        self._flash_timer.timeout.connect(self._fade_flash)
        self._flash_fade: QVariantAnimation | None = None
        self.choices: Choices | None = None
        self.selection: frozenset[int] = frozenset()
        self.expedition = False
        self.buy_type: int | None = None
        self._relayout_due = False
        self._build()
        self.view.installEventFilter(self)
        warm_up_item_painting()
        self._listen()

    # ------------------------------------------------------------------ the table's width

    def eventFilter(self, watched: QObject, event: QEvent) -> bool:  # noqa: N802
        if watched is self.view and isinstance(event, QResizeEvent):
            self._fit_table(event.size().width(), event.size().height())
        return super().eventFilter(watched, event)

    def _fit_table(self, view_w: float, view_h: float) -> None:
        """Lay the table out again when the view's shape asks for another width (the view
        then scales it to its height); after the running animation if one runs."""
        if self.layout_ is None or self.scene is None or self.snap is None:
            return
        if abs(table_width(self.game, view_w, view_h) - self.layout_.width) < 1:
            return
        if self.animator is not None and self.animator.busy:
            self._relayout_due = True
            return
        self._relayout_due = False
        self._build_layout()
        assert self.animator is not None
        self.animator.snap(self._specs(self.snap))
        self.view.fit()

    def _add_bar_widgets(self, row: QHBoxLayout) -> None:
        # A switch, not a move: no card is chosen yet when it is pressed.
        self.exp_button = QPushButton(EXPEDITION_WORDS[False])
        self.exp_button.setObjectName("expeditionToggle")
        self.exp_button.setCheckable(True)
        self.exp_button.setIcon(keycap_icon("E", KEYCAP_INK[False]))
        self.exp_button.setIconSize(QSize(*KEYCAP_SIZE))
        self.exp_button.setToolTip("Switch on, then click the card to send on Expedition: it "
                                   "is played beside your Expedition card with no value, and "
                                   "you draw after the trick. Once per Event, never as the "
                                   "Leader. (key E)")
        self.exp_button.toggled.connect(
            lambda on: self.exp_button.setText(EXPEDITION_WORDS[bool(on)]))
        self.exp_button.clicked.connect(self._on_expedition_clicked)
        row.addWidget(self.exp_button)
        self.exp_button.setMinimumHeight(36)
        # Wide enough for both labels in the bold, bordered "on" and "hint" styles too.
        bold = QFontMetrics(theme.font(11.5, QFont.Weight.Bold))
        self.exp_button.setMinimumWidth(
            max(bold.horizontalAdvance(w) for w in EXPEDITION_WORDS.values()) + 48 + KEYCAP_SIZE[0])

    # ------------------------------------------------------------------ sessions

    def _new_log(self) -> LogPanel:
        return LogPanel(self.game, self.controller.names, shelter_words(self.game.content))

    def _start_table(self, session: Session) -> None:
        self.flash = {}
        self._build_layout()
        if session.records:
            self.snap = Snapshot.from_view(self.game, self.controller.view())
        else:
            opening = session.opening[0].data if session.opening else {}
            leader = opening.get("leader", -1)
            self.snap = Snapshot.before_opening(self.game, len(session.seats),
                                                leader if isinstance(leader, int) else -1)
        assert self.animator is not None
        self.animator.snap(self._specs(self.snap))

    def _table_state(self) -> Snapshot | None:
        return self.snap

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
        seats = [SeatInfo(s.name, not s.is_human, level_name(s.bot) if not s.is_human else "")
                 for s in self.session.seats]
        width = table_width(self.game, self.view.width(), self.view.height())
        self.layout_ = TableLayout(self.game, len(seats), self._bottom_seat(), seats, width)
        self.scene.layout = self.layout_
        self.scene.set_table_width(self.layout_.width)

    def _specs(self, snap: Snapshot) -> dict[Any, Any]:
        assert self.layout_ is not None
        pick = set(self.choices.leaders) if self.choices is not None else set()
        return self.layout_.specs(snap, {"thinking": self.thinking, "flash": self.flash,
                                         "pick": pick, "turn": self._status_seat()})

    # ------------------------------------------------------------------ batches

    def _board_of(self, view: Any) -> Snapshot:
        return Snapshot.from_view(self.game, view)

    def _set_table_state(self, board: Snapshot) -> None:
        self.snap = board

    def _event_steps(self, seen: list[Any]) -> list[Step]:
        """The kit plays the events' motions; the seats' tags start afresh with each batch
        (the last batch's go at once)."""
        self._stop_flash_fade()
        self._drop_tags()
        return super()._event_steps(seen)

    def _note(self, event: Any) -> None:
        tag = flash_tag(event)
        if tag is not None:
            self.flash[tag[0]] = tag[1]

    def _on_animation_finished(self) -> None:
        if self._relayout_due:
            self._fit_table(self.view.width(), self.view.height())
        super()._on_animation_finished()
        if self.flash:
            self._flash_timer.start(FLASH_HOLD_MS)

    def _fade_flash(self) -> None:
        """Fade the floating tags off the seat panels once they have been read."""
        if not self.flash or self.animator is None or self.animator.busy:
            return
        duration = int(FLASH_FADE_MS * self.settings.speed_factor)
        if duration <= 0:
            self._clear_flash()
            return
        fade = QVariantAnimation(self)
        fade.setStartValue(1.0)
        fade.setEndValue(0.0)
        fade.setDuration(duration)
        fade.valueChanged.connect(self._set_flash_alpha)
        fade.finished.connect(self._clear_flash)
        self._flash_fade = fade
        fade.start()

    def _flashing_panels(self) -> list[Any]:
        if self.scene is None:
            return []
        return [item for key, item in self.scene.items_by_key.items()
                if key[0] == "panel" and item.data.get("flash")]

    def _set_flash_alpha(self, alpha: Any) -> None:
        for item in self._flashing_panels():
            item.set_data({**item.data, "flash_alpha": float(alpha)})

    def _clear_flash(self) -> None:
        """Take the tags off (the panels' other data stays as it is)."""
        self._flash_fade = None
        if self.animator is None or self.animator.busy:
            return
        self._drop_tags()

    def _drop_tags(self) -> None:
        self.flash = {}
        for item in self._flashing_panels():
            data = {**item.data, "flash": ""}
            data.pop("flash_alpha", None)
            item.set_data(data)

    def _stop_flash_fade(self) -> None:
        self._flash_timer.stop()
        fade, self._flash_fade = self._flash_fade, None
        if fade is not None:
            fade.finished.disconnect(self._clear_flash)
            fade.stop()

    def _reset_step(self) -> Step:
        self.flash = {}
        return super()._reset_step()

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
        self.status.setText(c.waiting_text() if not c.is_over() else self.game_over_text)
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
        self._clear_action_buttons()
        ch = self.choices if not busy else None
        if ch is not None:
            for spec in ch.buttons(self.selection, self.buy_type)[:MAX_BUTTONS]:
                self._add_action_button(spec.label, spec.action, spec.primary, spec.tip,
                                        spec.enabled)
        in_play = ch is not None and ch.phase == "play"
        self.exp_button.setVisible(in_play)
        self.exp_button.setChecked(self.expedition and in_play)
        available = bool(ch and ch.exp_plays)
        if self.exp_button.property("available") != available:
            self.exp_button.setProperty("available", available)
            self.exp_button.style().unpolish(self.exp_button)
            self.exp_button.style().polish(self.exp_button)
        self._refresh_tools(busy)

