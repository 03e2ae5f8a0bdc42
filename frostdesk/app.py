"""Composition root: builds the QApplication, the theme, the bus, the controller and the window.

`run_app(files)` is the GUI (frostdesk/cli.py calls it with no subcommand); `run_selftest()`
plays a whole bot game through the real window, controller, bus and animator and returns 0
when the end screen shows an outcome. Heavy modules (the game rules, the table, the screens)
are imported only when needed so the window appears quickly.
"""

from __future__ import annotations

import logging
import os
import sys
import time
import traceback
from collections.abc import Callable, Mapping
from pathlib import Path
from typing import Any

_T0 = time.perf_counter()
log = logging.getLogger("frostdesk")


def process_age_ms() -> float | None:
    """Milliseconds since this process started (Linux), else None."""
    try:
        with open("/proc/self/stat", encoding="ascii") as fh:
            fields = fh.read().rsplit(")", 1)[1].split()
        start_ticks = int(fields[19])
        with open("/proc/uptime", encoding="ascii") as fh:
            uptime = float(fh.read().split()[0])
        hz = os.sysconf("SC_CLK_TCK")
        return (uptime - start_ticks / hz) * 1000.0
    except (OSError, ValueError, IndexError, AttributeError):
        return None


# Qt's X11 platform plugin needs this library; without it Qt aborts (exit 134) with a message
# few players can act on, so the app checks first and names the package instead.
XCB_CURSOR = "libxcb-cursor.so.0"
XCB_CURSOR_HELP = ("frostdesk cannot open its window: Qt needs the system library "
                   "libxcb-cursor0 on Linux. Install it with: sudo apt install libxcb-cursor0 "
                   "(Fedora: sudo dnf install xcb-util-cursor)")


def _can_load(name: str) -> bool:
    """Whether the dynamic linker finds the shared library `name` (e.g. libfoo.so.0)."""
    import ctypes
    import ctypes.util

    try:
        ctypes.CDLL(name)
        return True
    except OSError:
        pass
    stem = name.removeprefix("lib").split(".so")[0]
    return ctypes.util.find_library(stem) is not None


def debian_package(soname: str) -> str:
    """The Debian/Ubuntu package that ships a library, by the distributions' naming rule:
    libxcb-icccm.so.4 is in libxcb-icccm4, libxkbcommon-x11.so.0 in libxkbcommon-x11-0."""
    stem, _, version = soname.partition(".so")
    version = version.lstrip(".").split(".")[0]
    if not version:
        return stem
    return f"{stem}-{version}" if stem[-1:].isdigit() else f"{stem}{version}"


def _xcb_plugin_missing() -> str:
    """The first system library Qt's X11 platform plugin cannot find ('' when it loads, or
    when the plugin is not where PySide6 keeps it): the dynamic linker names it."""
    import ctypes
    import importlib.util
    import re

    spec = importlib.util.find_spec("PySide6")
    places = list(spec.submodule_search_locations or []) if spec is not None else []
    plugin = next((Path(p) / "Qt" / "plugins" / "platforms" / "libqxcb.so" for p in places
                   if (Path(p) / "Qt" / "plugins" / "platforms" / "libqxcb.so").exists()), None)
    if plugin is None:
        return ""
    try:
        ctypes.CDLL(str(plugin))
    except OSError as e:
        found = re.search(r"(lib[\w.+-]+\.so[\w.]*): cannot open shared object file", str(e))
        return found.group(1) if found and found.group(1) != plugin.name else ""
    return ""


def missing_qt_library(env: Mapping[str, str] | None = None, platform: str | None = None,
                       can_load: Callable[[str], bool] | None = None,
                       plugin_missing: Callable[[], str] | None = None) -> str:
    """The one line to print when Qt would use its X11 (xcb) platform and abort for want of
    a system library (libxcb-cursor0 most often; any library the plugin needs is named);
    '' when the window can open (another platform, or the libraries are there).

    The platform is xcb on Linux when QT_QPA_PLATFORM asks for it, or when nothing is asked
    and an X display is set (outside a Wayland session, where Qt prefers Wayland)."""
    env = os.environ if env is None else env
    platform = sys.platform if platform is None else platform
    if not platform.startswith("linux"):
        return ""
    requested = env.get("QT_QPA_PLATFORM", "").strip()
    if requested:
        if not requested.startswith("xcb"):
            return ""
    elif not env.get("DISPLAY") or (env.get("WAYLAND_DISPLAY")
                                    and env.get("XDG_SESSION_TYPE") == "wayland"):
        return ""
    if not (can_load or _can_load)(XCB_CURSOR):
        return XCB_CURSOR_HELP
    missing = (plugin_missing or _xcb_plugin_missing)()
    if not missing:
        return ""
    return (f"frostdesk cannot open its window: Qt needs the system library {missing} on "
            f"Linux. Install it with: sudo apt install {debian_package(missing)}")


def qt_can_start() -> bool:
    """False (after printing why on stderr) when Qt could not open a window here."""
    problem = missing_qt_library()
    if problem:
        print(problem, file=sys.stderr)
    return not problem


def check_home() -> str:
    """When the user folders (FROSTDESK_HOME or the system's) cannot be written, switch to a
    temporary folder for this run and return the line that says so (also on stderr);
    '' when all is well. The app then plays on; only keeping the games fails."""
    from frostdesk import paths

    problem = paths.check_user_folders()
    if not problem:
        return ""
    paths.use_temporary_home()
    line = f"Your games can't be saved: {problem}."
    print(line, file=sys.stderr)
    return line


def load_player_settings() -> tuple[Any, str]:
    """The player's settings, and '' or the one line that says what was wrong with the file.

    A damaged file is kept beside it as settings.json.bad and the settings are written back
    with the values really used, so the problem is reported once and the record of what was
    played matches the settings."""
    import shutil

    from frostdesk.settings import read_settings, save_settings, settings_path

    try:
        path = settings_path()
    except OSError:
        return read_settings(Path(os.devnull))[0], ""
    settings, problems = read_settings(path)
    if not problems:
        return settings, ""
    kept = path.with_name(path.name + ".bad")
    try:
        shutil.copyfile(path, kept)
        save_settings(settings, path)
        where = f" (the old file is kept as {kept})"
    except OSError:
        where = ""
    line = (f"Your settings file had a problem, so frostdesk uses its own value there. "
            f"{'; '.join(problems)}{where}.")
    print(line, file=sys.stderr)
    log.warning("%s", line)
    return settings, line


LOG_KEEP_BYTES = 1_000_000  # a log larger than this is set aside at the next start
LOG_BACKUPS = 2


def _setup_logging() -> Path | None:
    """Log to frostdesk.log in the log folder. A log grown past LOG_KEEP_BYTES becomes
    frostdesk.log.1 at start-up (the older .1 becomes .2, the oldest goes): rotating at
    start-up keeps logging.handlers and its socket imports out of the window's start."""
    try:
        from frostdesk.paths import log_dir

        path = log_dir() / "frostdesk.log"
        if path.exists() and path.stat().st_size > LOG_KEEP_BYTES:
            for n in range(LOG_BACKUPS, 0, -1):
                older = path.with_name(f"{path.name}.{n - 1}") if n > 1 else path
                if older.exists():
                    os.replace(older, path.with_name(f"{path.name}.{n}"))
        handler = logging.FileHandler(path, encoding="utf-8")
        handler.setFormatter(logging.Formatter("%(asctime)s %(levelname)s %(name)s: %(message)s"))
        root = logging.getLogger()
        root.addHandler(handler)
        root.setLevel(logging.INFO)
        return path
    except OSError:
        return None


def install_excepthook(window_getter: Any) -> None:
    """Unexpected exceptions: log the traceback, show the player a friendly dialog."""
    showing = {"on": False}

    def hook(exc_type: type[BaseException], exc: BaseException, tb: Any) -> None:
        if issubclass(exc_type, KeyboardInterrupt):
            sys.__excepthook__(exc_type, exc, tb)
            return
        text = "".join(traceback.format_exception(exc_type, exc, tb))
        path = ""
        try:
            from frostdesk.paths import log_dir

            crash = log_dir() / "crash.log"
            with open(crash, "a", encoding="utf-8") as fh:
                fh.write(time.strftime("\n=== %Y-%m-%d %H:%M:%S ===\n") + text)
            path = str(crash)
        except OSError:
            pass
        log.error("unexpected error:\n%s", text)
        if showing["on"]:
            return
        try:
            from PySide6.QtWidgets import QApplication, QMessageBox

            if QApplication.instance() is None:
                return
            showing["on"] = True
            QMessageBox.warning(
                window_getter(), "frostdesk",
                "Something went wrong, sorry. Your game is saved automatically after every "
                "move, so Continue picks it up again."
                + (f"\n\nDetails for a bug report were written to:\n{path}" if path else ""))
        finally:
            showing["on"] = False

    sys.excepthook = hook


def _build(settings: Any, remember: bool = True) -> tuple[Any, Any, Any]:
    from frostdesk.ui.bus import GameBus
    from frostdesk.ui.controller import Controller
    from frostdesk.ui.main_window import MainWindow

    bus = GameBus()
    controller = Controller(bus, settings)
    window = MainWindow(bus, controller, settings, remember=remember)
    return bus, controller, window


def render_screenshot(game_id: str, players: int, seed: int, size: tuple[int, int],
                      moves: int, out: Path,
                      options: dict[str, Any] | None = None) -> dict[str, Any]:
    """Play `moves` moves of a game (you in seat 1, bots at the game's default level in the
    others; your moves are the hint bot's) through the real window, then save the window at
    your next turn. Returns the file, the moves played, the smallest table text drawn and
    `elided`: each table text the kit's painter could not show whole (kit/text.elided).
    Never touches the player's settings or autosave."""
    import tempfile

    if not os.environ.get("DISPLAY") and sys.platform.startswith("linux"):
        os.environ.setdefault("QT_QPA_PLATFORM", "offscreen")
    home = tempfile.TemporaryDirectory(prefix="frostdesk-shot-")
    old_home = os.environ.get("FROSTDESK_HOME")
    os.environ["FROSTDESK_HOME"] = home.name
    app = _application(sys.argv[:1])
    from PySide6.QtCore import QEventLoop

    from frostdesk.engine.registry import get, ids
    from frostdesk.engine.session import Seat
    from frostdesk.settings import Settings

    desc = get(game_id)
    level = next((lv for lv in desc.levels if lv.key == desc.default_level), None)
    bot = level.bot if level is not None else "random"
    names = ("Aster", "Boreal", "Cirrus", "Drift", "Eira")
    # the person is named as a player names themself (Settings.player_name), never "You":
    # the log puts a name into sentences ("{name}'s convoy")
    seats = [Seat("Player")] + [Seat(f"Bot {names[i]}", "bot", bot)
                                for i in range(players - 1)]
    settings = Settings(animation_speed="off", bot_pause_ms=0, tips_seen=ids())
    bus, controller, window = _build(settings, remember=False)
    window.setMinimumSize(1, 1)
    window.resize(*size)
    window.show()

    def wait(cond: Any, seconds: float) -> bool:
        end = time.perf_counter() + seconds
        while time.perf_counter() < end and not cond():
            app.processEvents(QEventLoop.ProcessEventsFlag.AllEvents, 20)
        return bool(cond())

    try:
        controller.new_game(game_id, seats, seed=seed, options=options)
        session = controller.session
        while True:
            wait(lambda: controller.my_turn() or controller.is_over(), 30)
            if controller.is_over() or len(session.records) >= moves:
                break
            hint = controller.hint()
            if hint is None:
                break
            controller.request(hint[0])
        wait(lambda: False, 0.2)  # let the table come to rest
        from frostdesk.ui.kit import text
        from frostdesk.ui.kit.items import clear_pixmap_cache

        clear_pixmap_cache()  # every item is painted again for the grab, so all text is seen
        text.reset_smallest()
        image = window.grab()
        out.parent.mkdir(parents=True, exist_ok=True)
        if not image.save(str(out)):
            raise OSError(f"cannot write {out} (a PNG needs a name ending in .png, in a "
                          f"folder that may be written)")
        smallest = text.smallest_px()
        cut = [e.as_dict() for e in text.elided()]
        return {"file": str(out), "size": list(size), "moves": len(session.records),
                "smallest_text_px": None if smallest is None else round(smallest, 2),
                "elided": cut}
    finally:
        window.close()
        controller.shutdown()
        window.deleteLater()
        app.processEvents()
        if old_home is None:
            os.environ.pop("FROSTDESK_HOME", None)
        else:
            os.environ["FROSTDESK_HOME"] = old_home
        home.cleanup()


def install_file_open_handler(app: Any, window: Any) -> Any:
    """Open saves the OS hands us as events (macOS double-click on a .frostdesk file).

    macOS does not pass the file on the command line: it sends a QFileOpenEvent to the
    application, at launch and while the app runs. The filter is parented to the window so Qt
    keeps it alive as long as the window.
    """
    from PySide6.QtCore import QEvent, QObject

    class FileOpenFilter(QObject):
        def eventFilter(self, obj: Any, event: Any) -> bool:  # noqa: N802 - Qt override
            if event.type() == QEvent.Type.FileOpen:
                path = event.file() or event.url().toLocalFile()
                if path:
                    window.load_path(path)
                    window.show()
                    window.raise_()
                    window.activateWindow()
                return True
            return False

    handler = FileOpenFilter(window)
    app.installEventFilter(handler)
    return handler


def _application(argv: list[str]) -> Any:
    from PySide6.QtWidgets import QApplication

    from frostdesk.ui.theme import apply_theme, style_arguments

    existing = QApplication.instance()
    made = not isinstance(existing, QApplication)
    # A new application takes its style from its arguments, as Qt's -style option does.
    app = existing if isinstance(existing, QApplication) else \
        QApplication([*argv, *style_arguments()])
    app.setApplicationName("frostdesk")
    app.setOrganizationName("frostdesk")
    app.setApplicationDisplayName("frostdesk")
    apply_theme(app, set_style=not made)
    return app


def _import_model_first() -> None:
    """Import the Qt-free modules the first screen needs before PySide6.

    Once PySide6 is loaded it looks at the source of every module imported after it (for its
    `__feature__` switches), which made the window's start about 15 ms slower; the model
    layer, the registry with its game descriptions, settings and records never use Qt. (The
    rules engine and the session wait for the first game: the window does not need them.)"""
    import frostdesk.autosaves
    import frostdesk.engine.registry
    import frostdesk.records
    import frostdesk.settings  # noqa: F401 - imported for the order only

    frostdesk.engine.registry.games()  # finds the games (their descriptions are Qt-free)


def run_app(argv_files: list[str]) -> int:
    """The desktop app. Opens argv_files[0] when given (a .frostdesk save)."""
    # The cycle collector is turned off before the imports (they make many objects and set
    # it off again and again); a UI-thread timer runs it from the first idle moment on.
    import gc

    gc.disable()
    if not qt_can_start():
        return 1
    unsaved = check_home()
    _setup_logging()
    _import_model_first()
    app = _application(sys.argv[:1])
    from frostdesk.ui.collector import collect_on_ui_thread

    collect_on_ui_thread(app)  # bots think on another thread: the collector runs on this one
    settings, settings_problem = load_player_settings()
    bus, controller, window = _build(settings)
    if unsaved:
        window.show_banner("home", unsaved)
    if settings_problem:
        window.show_banner("settings", settings_problem)
    if sys.platform == "darwin":
        # Only macOS hands files over as FileOpen events (elsewhere they come in argv), and
        # an application-wide filter runs Python for every event of every object: at start-up
        # that alone wrapped ~150 Qt enum types (about a third of the extra start-up time).
        install_file_open_handler(app, window)
    install_excepthook(lambda: window)
    window.show()
    shown_ms = process_age_ms()
    log.info("window shown %.0f ms after process start (%.0f ms after importing app)",
             shown_ms if shown_ms is not None else -1, (time.perf_counter() - _T0) * 1000)
    from PySide6.QtCore import QTimer

    if argv_files:
        QTimer.singleShot(0, lambda: window.load_path(argv_files[0]))
    if os.environ.get("FROSTDESK_STARTUP_PROBE"):
        def probe() -> None:
            age = process_age_ms()
            sys.stderr.write(f"startup-probe: window shown after "
                             f"{shown_ms if shown_ms is not None else -1:.0f} ms; "
                             f"event loop idle after {age if age is not None else -1:.0f} ms; "
                             f"cpu {time.process_time() * 1000:.0f} ms\n")
            window.close()
            app.quit()
        QTimer.singleShot(0, probe)
    return int(app.exec())


def run_selftest() -> int:
    """Play a 4-bot game to the end through the real window; 0 when all is well."""
    if not os.environ.get("DISPLAY") and not os.environ.get("WAYLAND_DISPLAY") \
            and sys.platform.startswith("linux"):
        os.environ.setdefault("QT_QPA_PLATFORM", "offscreen")
    if not qt_can_start():
        return 1
    import tempfile

    old_home = os.environ.get("FROSTDESK_HOME")
    tmp = tempfile.TemporaryDirectory(prefix="frostdesk-selftest-")
    os.environ["FROSTDESK_HOME"] = tmp.name  # never touch the player's autosave or settings
    try:
        return _selftest()
    except Exception as exc:  # noqa: BLE001 - one line for the command line
        print(f"selftest failed: {exc.__class__.__name__}: {exc}")
        return 1
    finally:
        if old_home is None:
            os.environ.pop("FROSTDESK_HOME", None)
        else:
            os.environ["FROSTDESK_HOME"] = old_home
        tmp.cleanup()


def _selftest() -> int:
    """Play a bot game of every installed game through one real window."""
    from frostdesk.engine.registry import ids

    app = _application(sys.argv[:1])

    from frostdesk.settings import Settings

    settings = Settings(animation_speed="off", bot_pause_ms=0, log_visible=True)
    bus, controller, window = _build(settings, remember=False)
    window.resize(1280, 720)
    window.show()
    try:
        for index, game_id in enumerate(ids()):
            seed = 20240601 + index
            problem = _selftest_game(bus, controller, window, game_id, seed)
            if problem:
                print(f"selftest failed: {game_id}: {problem}")
                return 1
        return 0
    finally:
        window.close()
        controller.shutdown()
        window.deleteLater()
        app.processEvents()


STALL_MS = 30_000  # the selftest's longest wait for a bot's next move


def _selftest_game(bus: Any, controller: Any, window: Any, game_id: str, seed: int) -> str:
    """Play one game of bots at the game's default level (4 seats where the game allows)
    to its end screen; '' when all is well, else what went wrong."""
    from PySide6.QtCore import QEventLoop, QTimer

    from frostdesk.engine.registry import get
    from frostdesk.engine.session import Seat

    loop = QEventLoop()
    result: dict[str, Any] = {"over": False, "events": 0}

    def over(_session: Any) -> None:
        result["over"] = True
        QTimer.singleShot(0, loop.quit)

    # A game that stops moving has hung; a slow machine (or one busy with other work) only
    # makes every move slower, so the watch is on the time since the last move, not the
    # game's length (a 50 s limit on the whole game failed on a loaded machine).
    timer = QTimer()
    timer.setSingleShot(True)
    timer.timeout.connect(loop.quit)

    def count(events: list[Any]) -> None:
        result["events"] += len(events)
        timer.start(STALL_MS)

    bus.game_over.connect(over)
    bus.events_applied.connect(count)
    timer.start(STALL_MS)
    started = time.perf_counter()
    desc = get(game_id)
    bot = next((lv.bot for lv in desc.levels if lv.key == desc.default_level), "random")
    players = min(max(4, desc.min_players), desc.max_players)
    seats = [Seat(f"Bot {i + 1}", "bot", bot) for i in range(players)]
    session = controller.new_game(game_id, seats, seed=seed)
    try:
        loop.exec()
    finally:
        bus.game_over.disconnect(over)
        bus.events_applied.disconnect(count)
    took = time.perf_counter() - started
    if not result["over"]:
        return (f"the game stopped: no move in {STALL_MS / 1000:g} s "
                f"({len(session.records)} actions played)")
    outcome = session.game.outcome(session.state)
    if outcome is None:
        return "the game ended without an outcome"
    if window.stack.currentWidget() is not window.end_screen:
        return "the end screen is not shown"
    if outcome.cooperative_win is not None:
        verdict = "the crew " + ("won" if outcome.cooperative_win else "lost")
    else:
        verdict = "winner " + ", ".join(session.seats[w].name for w in outcome.winners)
    print(f"selftest ok: {session.game.title}: {len(session.records)} actions, "
          f"{result['events']} events, {verdict}, {took:.1f} s")
    return ""
