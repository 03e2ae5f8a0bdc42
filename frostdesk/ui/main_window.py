"""The main window: start screen -> game screen -> end screen, with the menus.

The screens around the table (start, new game, settings, rules, about, end) come from
frostdesk/ui/screens and are imported when first needed, so the window opens fast: nothing
before the start screen is shown uses the `Qt` namespace, QStyle or the dialog classes, whose
enum types PySide6 makes on first use (see frostdesk/ui/screens/start.py). The window
remembers its geometry in settings.window_geometry.
"""

from __future__ import annotations

import logging
from collections.abc import Iterator
from contextlib import contextmanager
from functools import partial
from pathlib import Path
from typing import TYPE_CHECKING, Any

from PySide6.QtCore import QByteArray, QSize, QTimer
from PySide6.QtGui import QAction, QCloseEvent, QKeySequence
from PySide6.QtWidgets import QMainWindow, QStackedWidget, QVBoxLayout, QWidget

from frostdesk.ui.bus import GameBus
from frostdesk.ui.controller import Controller

if TYPE_CHECKING:
    from frostdesk.ui.screens.start import StartScreen

# Bus signals from the controller to the views, and from the views to the controller.
TO_VIEWS = ("session_started", "action_rejected", "events_applied", "state_reset",
            "viewer_changed", "handoff_requested", "seat_to_move", "bot_thinking",
            "hint_ready", "game_over", "autosaved", "error")
TO_CONTROLLER = ("action_requested", "undo_requested", "handoff_confirmed", "animations_idle")


class ScreenBus(GameBus):
    """The bus as one game's table screen sees it.

    Each game has its own screen, made when first needed and kept for the app's life, so
    switching games in one run just shows the other screen. A screen hears the controller only
    while the running session is of its game (a table never sees another game's state), and
    its requests reach the controller only then.
    """

    def __init__(self, bus: GameBus, controller: Controller, game_id: str,
                 parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.controller = controller
        self.game_id = game_id
        for name in TO_VIEWS:
            getattr(bus, name).connect(partial(self._relay, getattr(self, name)))
        for name in TO_CONTROLLER:
            getattr(self, name).connect(partial(self._relay, getattr(bus, name)))

    def active(self) -> bool:
        session = self.controller.session
        return session is not None and session.game.id == self.game_id

    def _relay(self, signal: Any, *args: Any) -> None:
        if self.active():
            signal.emit(*args)

log = logging.getLogger(__name__)
APP_TITLE = "frostdesk"
# The smallest window the tables are laid out for; a smaller screen gets all it has.
MINIMUM = QSize(1024, 600)


def first_size(available: QSize) -> QSize:
    """The first window's size: about 90% of the screen's free area, never more than it."""
    width = max(min(MINIMUM.width(), available.width()), round(available.width() * 0.9))
    height = max(min(MINIMUM.height(), available.height()), round(available.height() * 0.9))
    return QSize(min(width, available.width()), min(height, available.height()))
SAVE_FILTER = "frostdesk saves (*.frostdesk)"


def _set_shortcut(action: QAction, key: QKeySequence.StandardKey | str) -> None:
    """The action's key: a standard key's (frostdesk.ui.keys), or a key by name.
    (QAction.setShortcut would weigh its argument against the `Qt.Key` overload, which makes
    PySide6 create the `Qt` namespace's enum types before the window shows.)"""
    if isinstance(key, str):
        action.setShortcuts([QKeySequence(key)])
    else:
        from frostdesk.ui.keys import key_for

        sequence = key_for(key)
        action.setShortcuts([sequence] if not sequence.isEmpty() else [])


def _same_file(a: Path, b: Path) -> bool:
    try:
        return a.resolve() == b.resolve()
    except OSError:
        return False


class MainWindow(QMainWindow):
    """See the module docstring."""

    def __init__(self, bus: GameBus, controller: Controller, settings: Any,
                 remember: bool = True, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setObjectName("mainWindow")
        self.bus = bus
        self.controller = controller
        self.settings = settings
        self.remember = remember  # False in the selftest: leave the player's settings alone
        self._last_session: Any = None  # the session shown before the current one
        from frostdesk.engine.registry import ids

        # The game the menus act on until one is chosen: the first installed one.
        self.game_id = next(iter(ids()), "")
        self.setWindowTitle(APP_TITLE)
        self.setMinimumSize(MINIMUM.boundedTo(self.screen().availableGeometry().size()))
        # Each widget is made in its place: moving a built tree under the style sheet would
        # polish it all again.
        central = QWidget(self)
        central.setObjectName("central")
        self.setCentralWidget(central)
        column = QVBoxLayout(central)
        column.setContentsMargins(0, 0, 0, 0)
        column.setSpacing(0)
        from frostdesk.ui.banner import BannerArea

        self.banners = BannerArea(central)
        self.stack = QStackedWidget(central)
        self.stack.setObjectName("screens")
        column.addWidget(self.banners)
        column.addWidget(self.stack, 1)
        self.start_screen = self._make_start_screen()
        self.stack.addWidget(self.start_screen)
        self._screens: dict[str, Any] = {}  # game id -> its table screen
        self.end_screen: Any = None
        self._dialogs: list[QWidget] = []  # keep non-modal dialogs alive
        self._maximized_before_full = False  # how to leave full screen
        self._build_menus()
        bus.game_over.connect(self._on_game_over)
        bus.session_started.connect(self._on_session_started)
        bus.error.connect(self._on_error)
        bus.autosave_failed.connect(self._on_autosave_failed)
        bus.autosaved.connect(lambda _path: self.banners.clear("autosave"))
        self._restore_geometry()
        self._update_actions()

    # ------------------------------------------------------------------ screens

    def _make_start_screen(self) -> StartScreen:
        from frostdesk.ui.screens.start import StartScreen

        screen = StartScreen(self.settings, self._in_progress(), self.stack)
        screen.new_game_requested.connect(self.new_game)
        screen.quick_solo_requested.connect(self.quick_solo)
        screen.continue_requested.connect(self.continue_game)
        screen.load_requested.connect(self.load_dialog)
        screen.settings_requested.connect(self.open_settings)
        screen.rules_requested.connect(self.open_rules)
        screen.about_requested.connect(self.open_about)
        screen.quit_requested.connect(self.close)
        return screen

    @property
    def _game_screen(self) -> Any:
        """The current game's table screen, or None if it was not made yet."""
        return self._screens.get(self.game_id)

    @property
    def game_screen(self) -> Any:
        """The current game's table screen (made on first use)."""
        screen = self._screens.get(self.game_id)
        if screen is None:
            from frostdesk.ui.plugins import ui_plugin

            cls = ui_plugin(self.game_id).screen_class()  # PluginError: see _on_session_started
            relay = ScreenBus(self.bus, self.controller, self.game_id, self)
            screen = cls(relay, self.controller, self.settings)
            screen.results_requested.connect(self._show_results)
            screen.settings_touched.connect(self._save_settings)
            self._screens[self.game_id] = screen
            self.stack.addWidget(screen)
        return screen

    def _make_end_screen(self) -> Any:
        if self.end_screen is None:
            from frostdesk.ui.screens.end import EndScreen

            self.end_screen = EndScreen()
            self.end_screen.new_game_requested.connect(lambda: self.new_game(self.game_id))
            self.end_screen.rematch_requested.connect(self.rematch)
            self.end_screen.menu_requested.connect(self.show_start)
            self.end_screen.table_requested.connect(self._show_final_table)
            self.stack.addWidget(self.end_screen)
        return self.end_screen

    def _show_final_table(self) -> None:
        """The end screen's "View table": the table as the game ended."""
        screen = self._game_screen
        if screen is None or self.controller.session is None:
            return
        self.stack.setCurrentWidget(screen)
        screen.table_focus()
        self._update_actions()

    def _show_results(self) -> None:
        """Back from the final table to the end screen."""
        if self.end_screen is not None and self.controller.is_over():
            self.stack.setCurrentWidget(self.end_screen)
            self.end_screen.setFocus()
            self._update_actions()

    def show_start(self) -> None:
        self.controller.stop()
        self.start_screen.set_in_progress(self._in_progress())
        self.start_screen.set_records()
        self.stack.setCurrentWidget(self.start_screen)
        self.setWindowTitle(APP_TITLE)
        self._update_actions()

    def _on_session_started(self, session: Any) -> None:
        from frostdesk.ui.plugins import PluginError

        self._note_kept(session)
        previous, self.game_id = self.game_id, session.game.id
        if self._game_screen is None:  # made now: it missed this signal, so hand it over
            try:
                screen = self.game_screen
            except PluginError as exc:  # never another game's screen: say why, stay put
                self.game_id = previous
                self.controller.stop()
                self.show_start()
                self._problem(str(exc))
                return
            screen.show_session(session)
        self.stack.setCurrentWidget(self.game_screen)
        self.setWindowTitle(f"{session.game.title} — {APP_TITLE}")
        self.game_screen.view.setFocus()
        self._update_actions()
        if session.ruleset_warning:
            self._info(session.ruleset_warning)

    def _on_game_over(self, session: Any) -> None:
        from frostdesk import records
        from frostdesk.ui.screens.record import record_game, record_line

        record_game(session)  # once per deal: reopening a finished game does not count again
        end = self._make_end_screen()
        end.show_result(session.game, session)
        end.set_record(record_line(session.game.id, records.load()))
        self.stack.setCurrentWidget(end)
        self._update_actions()

    # ------------------------------------------------------------------ menus

    def _action(self, menu: Any, text: str, slot: Any, shortcut: Any = None,
                name: str = "") -> QAction:
        act = QAction(self)  # (text, parent) would build QIcon's enums: see start._push_button
        act.setText(text)
        if shortcut is not None:
            _set_shortcut(act, shortcut)
        act.triggered.connect(slot)
        if name:
            act.setObjectName(name)
        menu.addAction(act)
        return act

    def _build_menus(self) -> None:
        bar = self.menuBar()
        game = bar.addMenu("&Game")
        self.act_new = self._action(game, "&New game…", lambda: self.new_game(self.game_id),
                                    QKeySequence.StandardKey.New, "actNew")
        self.act_quick = self._action(game, "&Quick solo", lambda: self.quick_solo(self.game_id),
                                      "Ctrl+Shift+N", "actQuick")
        self.act_continue = self._action(game, "&Continue", lambda: self.continue_game(),
                                         None, "actContinue")
        self.act_load = self._action(game, "&Load…", self.load_dialog,
                                     QKeySequence.StandardKey.Open, "actLoad")
        self.act_save = self._action(game, "&Save as…", self.save_as_dialog,
                                     QKeySequence.StandardKey.Save, "actSave")
        game.addSeparator()
        self.act_undo = self._action(game, "&Undo", lambda: self.bus.undo_requested.emit(),
                                     QKeySequence.StandardKey.Undo, "actUndo")
        self.act_redo = self._action(game, "&Redo", lambda: self.bus.redo_requested.emit(),
                                     QKeySequence.StandardKey.Redo, "actRedo")
        self.act_log = self._action(game, "Show game &log", self._toggle_log, "Ctrl+L",
                                    "actLog")
        self.act_full = self._action(game, "&Full screen", self.toggle_full_screen,
                                     QKeySequence.StandardKey.FullScreen, "actFullScreen")
        self.act_full.setCheckable(True)
        game.aboutToShow.connect(lambda: self.act_full.setChecked(self.isFullScreen()))
        game.addSeparator()
        self.act_settings = self._action(game, "Se&ttings…", self.open_settings,
                                         QKeySequence.StandardKey.Preferences, "actSettings")
        self.act_menu = self._action(game, "&Main menu", self.show_start, None, "actMenu")
        game.addSeparator()
        self.act_quit = self._action(game, "&Quit", self.close, QKeySequence.StandardKey.Quit,
                                     "actQuit")
        help_ = bar.addMenu("&Help")
        self.act_rules = self._action(help_, "&Rules", lambda: self.open_rules(self.game_id),
                                      QKeySequence.StandardKey.HelpContents, "actRules")
        self.act_tips = self._action(help_, "First-game &tips", self._show_tips, None,
                                     "actTips")
        self.act_about = self._action(help_, "&About frostdesk", self.open_about, None,
                                      "actAbout")

    def _update_actions(self) -> None:
        in_game = self._game_screen is not None and \
            self.stack.currentWidget() is self._game_screen
        has_session = self.controller.session is not None
        self.act_save.setEnabled(has_session)
        self.act_undo.setEnabled(in_game)
        self.act_redo.setEnabled(in_game)
        self.act_log.setEnabled(in_game)
        self.act_tips.setEnabled(in_game)
        latest = next(iter(self._in_progress()), None)
        self.act_continue.setEnabled(latest is not None)
        self.act_continue.setText(f"&Continue {latest.title}" if latest else "&Continue")
        self.act_continue.setToolTip(f"Pick up {latest.text}" if latest else "")

    def toggle_full_screen(self) -> None:
        """Full screen on or off; leaving it gives back the window as it was (maximized or
        not). Its state is part of the remembered geometry, so the next start opens alike."""
        if self.isFullScreen():
            if self._maximized_before_full:
                self.showMaximized()
            else:
                self.showNormal()
        else:
            self._maximized_before_full = self.isMaximized()
            self.showFullScreen()
        self.act_full.setChecked(self.isFullScreen())

    def _show_tips(self) -> None:
        if self._game_screen is not None:
            self._game_screen.show_tips()

    def _toggle_log(self) -> None:
        if self._game_screen is not None:
            gs = self._game_screen
            gs.set_log_visible(not gs.log_holder.isVisible())

    # ------------------------------------------------------------------ starting games

    def new_game(self, game_id: str | None = None) -> None:
        game_id = game_id or self.game_id
        from frostdesk.ui.screens.new_game import NewGameDialog

        with self._cards_read():
            self._new_game_dialog(NewGameDialog(game_id, self.settings, self))

    def _new_game_dialog(self, dialog: Any) -> None:
        try:
            accepted = dialog.exec() == dialog.DialogCode.Accepted
            self._return_focus()
            if not accepted:
                return
            new_settings, config = dialog.settings(), dialog.config()
        finally:
            dialog.deleteLater()  # one dialog a new game: none stays under the window
        if new_settings is not None:
            self.settings.last_seats = getattr(new_settings, "last_seats",
                                               self.settings.last_seats)
            self._save_settings()
        self.start_config(config)

    def quick_solo(self, game_id: str | None = None) -> None:
        from frostdesk.ui.screens.new_game import quick_solo_config

        with self._cards_read():
            self.start_config(quick_solo_config(game_id or self.game_id, self.settings))

    def start_config(self, config: Any) -> None:
        """Start a game from a GameConfig (game_id, seats, seed, options), after asking when
        it would replace a game of the same kind in progress."""
        if not self._may_replace(config.game_id):
            return
        with self._cards_read():
            self.controller.new_game(config.game_id, list(config.seats), config.seed,
                                     dict(config.options or {}))

    @contextmanager
    def _cards_read(self) -> Iterator[None]:
        """Around what reads a game's cards: a card file that does not fit (edited by hand,
        a bad copy) becomes a message naming its file, line and key; nothing starts."""
        from frostdesk.engine.game import ContentError
        from frostdesk.engine.session import cards_problem

        try:
            yield
        except ContentError as exc:
            self._problem(f"This game cannot start: {cards_problem(exc)}")

    def rematch(self) -> None:
        session = self.controller.session
        if session is None or not self._may_replace(session.game.id):
            return
        self.controller.rematch()

    def continue_game(self, game_id: str = "") -> bool:
        """Resume `game_id`'s game in progress (the latest one when not given)."""
        entries = self._in_progress()
        entry = next((e for e in entries if e.game_id == game_id or not game_id), None)
        if entry is None:
            self._problem("There is no game in progress to continue.")
            return False
        return self.load_path(entry.path, resume=True)

    def load_dialog(self) -> None:
        from PySide6.QtWidgets import QFileDialog

        from frostdesk.paths import saves_dir

        path, _ = QFileDialog.getOpenFileName(self, "Load a game", str(saves_dir()),
                                              SAVE_FILTER + ";;All files (*)")
        self._return_focus()
        if path:
            self.load_path(path)

    def load_path(self, path: Any, resume: bool = False) -> bool:
        """Open a save; a problem becomes a message box with one clear line. Asks first when
        the save would replace a game of its kind in progress (not when it is that game's own
        autosave, or `resume`: Continue)."""
        from frostdesk import autosaves
        from frostdesk.engine.session import SaveError, Session

        try:
            session = Session.load(Path(path))
        except SaveError as exc:
            self._problem(str(exc))
            return False
        own = _same_file(Path(path), autosaves.path_for(session.game.id))
        if not (resume or own) and not self._may_replace(session.game.id):
            return False
        self.controller.start(session, fresh=False)
        return True

    def save_as_dialog(self) -> None:
        if self.controller.session is None:
            return
        from PySide6.QtWidgets import QFileDialog

        from frostdesk.paths import saves_dir

        path, _ = QFileDialog.getSaveFileName(self, "Save the game as",
                                              str(saves_dir() / "game.frostdesk"), SAVE_FILTER)
        self._return_focus()
        if path:
            self.save_to(path)

    def save_to(self, path: Any) -> Path | None:
        """Save the game to `path` (.frostdesk added) and say where; None when it failed."""
        from frostdesk.paths import describe_os_error

        p = Path(path)
        if p.suffix != ".frostdesk":
            p = p.with_name(p.name + ".frostdesk")
        try:
            self.controller.save_as(p)
        except OSError as exc:
            self._problem(f"The game could not be saved to {p.name}: "
                          f"{describe_os_error(exc, p.parent)}.")
            return None
        self.show_banner("saved", f"Saved to {p.resolve()}. Load… opens it again.", "note")
        return p

    # ------------------------------------------------------------------ games in progress

    def _in_progress(self) -> list[Any]:
        from frostdesk import autosaves

        return autosaves.in_progress()

    def _abandoned(self, game_id: str) -> Any:
        """The game in progress that starting another game of `game_id` would replace (the
        one being played, else its autosave), or None."""
        from frostdesk import autosaves

        session = self.controller.session
        if session is not None and session.game.id == game_id and not self.controller.is_over():
            return autosaves.describe_session(session)
        try:
            return autosaves.entry(game_id)
        except OSError:
            return None

    def _may_replace(self, game_id: str) -> bool:
        """True when nothing of `game_id` is in progress, or the player agrees to give it up."""
        entry = self._abandoned(game_id)
        return entry is None or self.confirm_abandon(entry)

    def confirm_abandon(self, entry: Any) -> bool:
        """Ask before a game in progress is given up; True when the player agrees."""
        from PySide6.QtWidgets import QMessageBox

        box = QMessageBox(QMessageBox.Icon.Question, APP_TITLE,
                          f"Give up your game in progress?\n\n{entry.text}\n\n"
                          f"A new game of {entry.title} takes its place; it cannot be "
                          f"continued afterwards.", QMessageBox.StandardButton.NoButton, self)
        box.setObjectName("abandonBox")
        give_up = box.addButton("Give it up", QMessageBox.ButtonRole.DestructiveRole)
        keep = box.addButton("Keep it", QMessageBox.ButtonRole.RejectRole)
        box.setDefaultButton(keep)
        box.setEscapeButton(keep)
        box.exec()
        answer = box.clickedButton() is give_up
        box.deleteLater()
        return answer

    def _note_kept(self, session: Any) -> None:
        """Starting another game leaves the running one in progress: say where it is."""
        from frostdesk import autosaves

        before, self._last_session = self._last_session, session
        if before is None or before is session or before.game.id == session.game.id:
            return
        if before.game.outcome(before.state) is not None:
            return
        try:
            kept = autosaves.path_for(before.game.id).is_file()
        except OSError:
            kept = False
        if kept:
            self.show_banner("kept", f"Your {before.game.title} game is kept: Continue "
                             f"on the start screen picks it up.", "note")

    # ------------------------------------------------------------------ banners

    def show_banner(self, key: str, text: str, kind: str = "problem") -> None:
        """A message across the top of the window (see ui/banner.py); one per key."""
        self.banners.show_message(key, text, "note" if kind == "note" else "problem")

    def _on_error(self, text: str) -> None:
        log.warning("%s", text)
        self.show_banner("error", text)

    def _on_autosave_failed(self, reason: str) -> None:
        self.show_banner("autosave", f"Your game could not be autosaved: {reason}. The last "
                         f"autosave is kept and frostdesk tries again after every move; "
                         f"Save as… keeps a copy elsewhere.")

    # ------------------------------------------------------------------ dialogs

    def open_settings(self) -> None:
        from frostdesk.ui.screens.settings_dialog import SettingsDialog

        dialog = SettingsDialog(self.settings, self)
        try:
            accepted = dialog.exec() == SettingsDialog.DialogCode.Accepted
            self._return_focus()
            if not accepted:
                return
            new = dialog.settings()
        finally:
            dialog.deleteLater()
        geometry, log_visible = self.settings.window_geometry, self.settings.log_visible
        for key, value in vars(new).items():
            setattr(self.settings, key, value)
        self.settings.window_geometry = geometry
        self.settings.log_visible = log_visible
        self._save_settings()
        for screen in self._screens.values():
            screen.settings_changed()

    def open_rules(self, game_id: str | None = None) -> None:
        from frostdesk.ui.screens.rules import RulesDialog

        dialog = RulesDialog(game_id or self.game_id, self)
        self._keep(dialog)

    def open_about(self) -> None:
        from frostdesk.ui.screens.about import AboutDialog

        dialog = AboutDialog(self)
        self._keep(dialog)

    def _keep(self, dialog: QWidget, modal: bool = False) -> None:
        """Show a dialog that deletes itself on close, holding it until it is gone.

        The list forgets a dialog when Qt destroys it, so nothing ever asks a deleted dialog
        anything (any dialog opens, closes and opens again, in any order)."""
        from PySide6.QtCore import Qt

        self._dialogs.append(dialog)
        dialog.setAttribute(Qt.WidgetAttribute.WA_DeleteOnClose, True)
        dialog.destroyed.connect(partial(self._forget, dialog))
        finished = getattr(dialog, "finished", None)
        if finished is not None:  # after the dialog has gone (its hiding moves focus too)
            finished.connect(lambda *_: QTimer.singleShot(0, self._return_focus))
        if modal:
            dialog.open()  # type: ignore[attr-defined]
        else:
            dialog.show()
            dialog.raise_()

    def _return_focus(self, *_args: Any) -> None:
        """Give the keyboard back to the window when a dialog closes, so its shortcuts (F1,
        Ctrl+Q) and the table's keys work without a click first."""
        if not self.isVisible():
            return
        self.activateWindow()
        current = self.stack.currentWidget()
        table_focus = getattr(current, "table_focus", None)  # a game's table screen
        if table_focus is not None:
            table_focus()
        elif current is not None:
            current.setFocus()

    def _forget(self, dialog: QWidget, *_args: Any) -> None:
        self._dialogs = [d for d in self._dialogs if d is not dialog]

    def _problem(self, text: str) -> None:
        from PySide6.QtWidgets import QMessageBox

        box = QMessageBox(QMessageBox.Icon.Warning, APP_TITLE, text,
                          QMessageBox.StandardButton.Ok, self)
        box.setObjectName("problemBox")
        self._keep(box, modal=True)

    def _info(self, text: str) -> None:
        from PySide6.QtWidgets import QMessageBox

        box = QMessageBox(QMessageBox.Icon.Information, APP_TITLE, text,
                          QMessageBox.StandardButton.Ok, self)
        self._keep(box, modal=True)

    # ------------------------------------------------------------------ settings

    def _restore_geometry(self) -> None:
        data = getattr(self.settings, "window_geometry", "")
        if data and self.remember:
            try:
                self.restoreGeometry(QByteArray.fromBase64(data.encode("ascii")))
                return
            except (ValueError, UnicodeEncodeError):
                pass
        self.resize(first_size(self.screen().availableGeometry().size()))

    def _save_settings(self) -> None:
        if not self.remember:
            return
        from frostdesk.settings import save_settings

        try:
            save_settings(self.settings)
        except OSError as exc:
            log.warning("settings not saved: %s", exc)

    def closeEvent(self, event: QCloseEvent) -> None:  # noqa: N802
        if self.remember:
            self.settings.window_geometry = bytes(
                self.saveGeometry().toBase64().data()).decode("ascii")
            self._save_settings()
        self.controller.shutdown()
        super().closeEvent(event)
