"""Build the one-folder frostdesk bundle with PyInstaller and check that it works on its own.

    python packaging/build.py                      icons if missing, PyInstaller, then checks
    python packaging/build.py --skip-build         only check an existing dist/frostdesk
    python packaging/build.py --measure            also time cold start against python -m frostdesk
    python packaging/build.py --relocate           run the checks on a copy in a temp folder
    python packaging/build.py --archive            also pack it: dist/frostdesk-<v>-<os>-<arch>.*

Checks, all from a temporary working folder with a clean environment (FROSTDESK_HOME in a temp
folder, QT_QPA_PLATFORM=offscreen, no PYTHONPATH/FROSTDESK_DATA, so nothing can come from the
source tree): the expected files are in the bundle and the unused Qt parts are not; on Linux
every bundled ELF file resolves its libraries; `frostdesk --version` prints pyproject's
version; `frostdesk validate` passes on the bundled cards; `frostdesk selftest` exits 0.
Then the unpacked size. The summary is printed and written to <dist>/build-summary.json;
the exit code is nonzero when anything failed.

Windows runs the checks with frostdesk-cli.exe (the console twin of the windowed
frostdesk.exe); macOS runs them with frostdesk.app/Contents/MacOS/frostdesk.

Cold start (--measure) is timed two ways, each for the bundle and for `python -m frostdesk`
from the source tree, runs interleaved, medians reported:
  x11    the time from starting the process to its first window being mapped on an X server
         (Linux): Xvfb is started when there is no DISPLAY, and X's MapNotify events are
         watched (no polling, so the watcher takes no CPU from the app);
  probe  the app's own hook: with FROSTDESK_STARTUP_PROBE=1 frostdesk prints
         "startup-probe: window shown after N ms; event loop idle after M ms" (milliseconds
         since its process started) to stderr and quits; offscreen, no X needed.
When the page cache can be dropped (root on Linux), every run starts cold; otherwise runs are
warm-cache starts.
"""

from __future__ import annotations

import argparse
import contextlib
import ctypes
import ctypes.util
import importlib.util
import json
import os
import platform
import re
import select
import shutil
import statistics
import subprocess
import sys
import tempfile
import time
from collections.abc import Iterator
from pathlib import Path
from typing import Any

HERE = Path(__file__).resolve().parent
ROOT = HERE.parent
SPEC = HERE / "frostdesk.spec"
ICONS = HERE / "icons"
IS_WIN = sys.platform == "win32"
IS_MAC = sys.platform == "darwin"
IS_LINUX = sys.platform.startswith("linux")
PROBE_ENV = "FROSTDESK_STARTUP_PROBE"
PROBE_LINE = re.compile(r"startup-probe: window shown after (-?[\d.]+) ms; "
                        r"event loop idle after (-?[\d.]+) ms")


def _load(name: str, path: Path) -> Any:
    spec = importlib.util.spec_from_file_location(name, path)
    module = importlib.util.module_from_spec(spec)
    assert spec.loader is not None
    spec.loader.exec_module(module)
    return module


version_mod = _load("frostdesk_packaging_version", HERE / "version.py")


# ----------------------------------------------------------------------------- output

class Report:
    """Collects check results; prints each as it comes."""

    def __init__(self) -> None:
        self.checks: list[dict[str, Any]] = []
        self.facts: dict[str, Any] = {}

    def check(self, name: str, ok: bool, detail: str = "") -> bool:
        self.checks.append({"name": name, "ok": bool(ok), "detail": detail})
        mark = "ok  " if ok else "FAIL"
        print(f"[{mark}] {name}" + (f": {detail}" if detail else ""), flush=True)
        return ok

    def warn(self, text: str) -> None:
        print(f"[warn] {text}", flush=True)
        self.facts.setdefault("warnings", []).append(text)

    @property
    def ok(self) -> bool:
        return all(c["ok"] for c in self.checks)


def step(title: str) -> None:
    print(f"\n== {title}", flush=True)


# ----------------------------------------------------------------------------- build

def icon_names() -> list[str]:
    if IS_WIN:
        return ["frostdesk.ico"]
    return ["frostdesk.icns"] if IS_MAC else ["png/frostdesk-256.png"]


def ensure_icons(report: Report, force: bool = False) -> None:
    missing = [n for n in icon_names() if not (ICONS / n).is_file()]
    if not missing and not force:
        return
    script = HERE / "make_icons.py"
    if not script.is_file():
        report.warn(f"{script.name} not found; the bundle gets PyInstaller's default icon")
        return
    step(f"icons: python {script.relative_to(ROOT)}")
    proc = subprocess.run([sys.executable, str(script)], cwd=ROOT)
    if proc.returncode != 0:
        report.warn(f"make_icons.py exited {proc.returncode}; default icon used where missing")
    still = [n for n in icon_names() if not (ICONS / n).is_file()]
    if still:
        report.warn(f"icons still missing: {', '.join(still)}")


def run_pyinstaller(dist: Path, work: Path, clean: bool) -> float:
    cmd = [sys.executable, "-m", "PyInstaller", str(SPEC), "--noconfirm",
           "--distpath", str(dist), "--workpath", str(work), "--log-level", "WARN"]
    if clean:
        cmd.append("--clean")
    step("PyInstaller: " + " ".join(cmd[1:]))
    start = time.perf_counter()
    subprocess.run(cmd, cwd=ROOT, check=True)
    return time.perf_counter() - start


# ----------------------------------------------------------------------------- bundle layout

def bundle_paths(dist: Path) -> dict[str, Path]:
    """Where the bundle's pieces are on this OS."""
    folder = dist / "frostdesk"
    if IS_MAC and (dist / "frostdesk.app").is_dir():
        app = dist / "frostdesk.app"
        return {"folder": app, "exe": app / "Contents" / "MacOS" / "frostdesk",
                "gui": app / "Contents" / "MacOS" / "frostdesk",
                "data": app / "Contents" / "Resources", "app": app}
    if IS_WIN:
        return {"folder": folder, "exe": folder / "frostdesk-cli.exe",
                "gui": folder / "frostdesk.exe", "data": folder / "_internal"}
    return {"folder": folder, "exe": folder / "frostdesk", "gui": folder / "frostdesk",
            "data": folder / "_internal"}


def tree_size(path: Path) -> tuple[int, int]:
    """(bytes, files) of a folder, symlinks counted as links (not followed)."""
    total = files = 0
    for dirpath, _dirs, names in os.walk(path):
        for name in names:
            p = Path(dirpath) / name
            st = p.lstat()
            total += st.st_size
            files += 1
    return total, files


def biggest(path: Path, count: int = 8) -> list[tuple[str, int]]:
    sizes = []
    for dirpath, _dirs, names in os.walk(path):
        for name in names:
            p = Path(dirpath) / name
            if not p.is_symlink():
                sizes.append((str(p.relative_to(path)), p.stat().st_size))
    return sorted(sizes, key=lambda x: -x[1])[:count]


FORBIDDEN = re.compile(
    r"(^|/)(tkinter|_tkinter|unittest|pydoc_data|QtNetwork|QtQml|QtQuick|QtWebEngine\w*|"
    r"Qt3D\w*|QtMultimedia|QtPdf|QtSql|QtTest|QtCharts|QtDataVisualization|QtDesigner|"
    r"translations)(\.|/|$)|(^|/)(lib)?Qt6?(Network|Qml|Quick|Pdf|WebEngineCore|Multimedia|"
    r"Sql|Test|Designer)\b", re.IGNORECASE)


def check_layout(report: Report, paths: dict[str, Path]) -> None:
    step("bundle layout")
    folder, data = paths["folder"], paths["data"]
    report.check("bundle folder", folder.is_dir(), str(folder))
    report.check("executable", paths["exe"].is_file(), str(paths["exe"]))
    if IS_WIN:
        report.check("windowed executable", paths["gui"].is_file(), str(paths["gui"]))
    if not data.is_dir():
        report.check("data folder", False, str(data))
        return
    cards = sorted((data / "cards").glob("*/*.yaml"))
    report.check("cards bundled", bool(cards), f"{len(cards)} YAML files in {data / 'cards'}")
    res = [p for p in (data / "resources").rglob("*") if p.is_file()]
    report.check("resources bundled", bool(res), f"{len(res)} files in {data / 'resources'}")
    rules = sorted((data / "docs" / "rules").glob("*.md"))
    report.check("rules docs bundled", bool(rules), ", ".join(p.name for p in rules))
    report.check("pyproject.toml bundled", (data / "pyproject.toml").is_file())
    src_res = {p.relative_to(ROOT / "resources").as_posix()
               for p in (ROOT / "resources").rglob("*") if p.is_file() and
               not p.name.startswith(".")} if (ROOT / "resources").is_dir() else set()
    got_res = {p.relative_to(data / "resources").as_posix() for p in res}
    if src_res:
        missing = sorted(src_res - got_res)
        report.check("every resource file bundled", not missing,
                     ", ".join(missing[:5]) + (" ..." if len(missing) > 5 else ""))
    bad = []
    for dirpath, dirs, names in os.walk(folder):
        for name in list(dirs) + names:
            rel = (Path(dirpath) / name).relative_to(folder).as_posix()
            if FORBIDDEN.search(rel):
                bad.append(rel)
    report.check("unused Qt modules, translations, tkinter left out", not bad,
                 ", ".join(bad[:6]) + (" ..." if len(bad) > 6 else ""))
    plugins = sorted(p.relative_to(p.parent.parent).as_posix()
                     for p in folder.rglob("plugins/*/*") if p.is_file())
    report.facts["qt_plugins"] = plugins
    plats = [p for p in plugins if p.startswith("platforms/")]
    want = "windows" if IS_WIN else "cocoa" if IS_MAC else "xcb"
    report.check("Qt platform plugins", any(want in p for p in plats)
                 and any("offscreen" in p for p in plats), ", ".join(plats))
    svg = [p for p in plugins if "svg" in p]
    report.check("Qt SVG plugins", len(svg) >= 2, ", ".join(svg))


def check_ldd(report: Report, folder: Path) -> None:
    """Linux: every bundled ELF file finds its libraries (bundled or from the system)."""
    if not IS_LINUX or not shutil.which("ldd"):
        return
    step("shared libraries (ldd)")
    problems: dict[str, set[str]] = {}
    count = 0
    for dirpath, _dirs, names in os.walk(folder):
        for name in names:
            p = Path(dirpath) / name
            if p.is_symlink() or not p.is_file():
                continue
            with p.open("rb") as fh:
                if fh.read(4) != b"\x7fELF":
                    continue
            count += 1
            out = subprocess.run(["ldd", str(p)], capture_output=True, text=True).stdout
            for line in out.splitlines():
                if "not found" in line:
                    problems.setdefault(line.split()[0], set()).add(p.name)
    ours = {lib: users for lib, users in problems.items()
            if re.match(r"lib(Qt6|pyside6|shiboken6|python3|icu)", lib)}
    system = {lib: users for lib, users in problems.items() if lib not in ours}
    report.check(f"bundled libraries resolve ({count} ELF files)", not ours,
                 "; ".join(f"{lib} (for {', '.join(sorted(u))})" for lib, u in ours.items()))
    for lib, users in sorted(system.items()):
        report.warn(f"system library {lib} not found on this machine "
                    f"(needed by {', '.join(sorted(users))})")


# ----------------------------------------------------------------------------- running it

def clean_env(home: Path, **extra: str) -> dict[str, str]:
    """The environment a player would have: nothing pointing back at the source tree."""
    env = {k: v for k, v in os.environ.items()
           if not k.startswith(("PYTHON", "FROSTDESK_", "QT_", "PYTEST", "VIRTUAL_ENV",
                                "CONDA", "LD_LIBRARY_PATH", "DYLD_"))}
    env.update(FROSTDESK_HOME=str(home / "frostdesk-home"), QT_QPA_PLATFORM="offscreen",
               PYTHONDONTWRITEBYTECODE="1", PYTHONIOENCODING="utf-8")
    if not IS_WIN:
        env.update(HOME=str(home), XDG_CONFIG_HOME=str(home / ".config"),
                   XDG_DATA_HOME=str(home / ".local" / "share"),
                   XDG_CACHE_HOME=str(home / ".cache"))
    env.update(extra)
    return env


def run_bundle(exe: Path, args: list[str], cwd: Path, env: dict[str, str],
               timeout: float) -> tuple[int, str, float]:
    start = time.perf_counter()
    try:
        proc = subprocess.run([str(exe), *args], cwd=cwd, env=env, capture_output=True,
                              text=True, encoding="utf-8", errors="replace", timeout=timeout)
        code, out = proc.returncode, proc.stdout + proc.stderr
    except subprocess.TimeoutExpired as exc:
        code = -999
        out = f"timed out after {timeout:.0f} s\n" + _text(exc.stdout) + _text(exc.stderr)
    return code, out, time.perf_counter() - start


def _text(data: bytes | str | None) -> str:
    if data is None:
        return ""
    return data.decode("utf-8", "replace") if isinstance(data, bytes) else data


def _tail(text: str, lines: int = 25) -> str:
    return "\n".join("      " + ln for ln in text.strip().splitlines()[-lines:])


def smoke(report: Report, paths: dict[str, Path], timeout: float) -> None:
    exe = paths["exe"]
    version = version_mod.version()
    with tempfile.TemporaryDirectory(prefix="frostdesk-smoke-") as tmp:
        tmpdir = Path(tmp)
        cwd = tmpdir / "elsewhere"
        cwd.mkdir()
        env = clean_env(tmpdir)
        step(f"smoke run from {cwd} (FROSTDESK_HOME={env['FROSTDESK_HOME']}, "
             f"QT_QPA_PLATFORM=offscreen)")

        code, out, secs = run_bundle(exe, ["--version"], cwd, env, 120)
        report.facts["version_output"] = out.strip()
        report.check("--version", code == 0 and out.strip() == f"frostdesk {version}",
                     f"{out.strip()!r} (pyproject: {version}), {secs:.2f} s")

        code, out, secs = run_bundle(exe, ["validate"], cwd, env, 120)
        bundle = paths["folder"].resolve()
        ok_line = next((ln for ln in out.splitlines() if ln.startswith("ok: ")), "")
        checked = Path(ok_line[4:].split(",")[0].strip()).resolve() if ok_line else None
        inside = checked is not None and bundle in checked.parents  # not the source tree
        report.check("validate", code == 0 and bool(inside),
                     f"exit {code}, {secs:.2f} s: {ok_line or out.strip()[:200]}")
        if code != 0 or not inside:
            print(_tail(out))

        code, out, secs = run_bundle(exe, ["selftest"], cwd, env, timeout)
        report.facts["selftest_seconds"] = round(secs, 2)
        report.facts["selftest_output"] = out.strip()[-4000:]
        report.check("selftest", code == 0, f"exit {code}, {secs:.1f} s")
        print(_tail(out, 12 if code == 0 else 40))
        leaked = sorted(p.name for p in cwd.iterdir())
        if leaked:
            report.warn(f"the app wrote into its working folder: {', '.join(leaked)}")


# ----------------------------------------------------------------------------- cold start

class _XMapEvent(ctypes.Structure):
    _fields_ = [("type", ctypes.c_int), ("serial", ctypes.c_ulong),
                ("send_event", ctypes.c_int), ("display", ctypes.c_void_p),
                ("event", ctypes.c_ulong), ("window", ctypes.c_ulong),
                ("override_redirect", ctypes.c_int)]


class _XEvent(ctypes.Union):
    _fields_ = [("type", ctypes.c_int), ("xmap", _XMapEvent), ("pad", ctypes.c_long * 24)]


_X_ERROR_HANDLER = ctypes.CFUNCTYPE(ctypes.c_int, ctypes.c_void_p, ctypes.c_void_p)
MAP_NOTIFY = 19
SUBSTRUCTURE_NOTIFY_MASK = 1 << 19
XA_CARDINAL = 6


class MapWatcher:
    """Waits for a top-level window of a given process to be mapped (X11 MapNotify)."""

    def __init__(self, display: str) -> None:
        name = ctypes.util.find_library("X11") or "libX11.so.6"
        x = self.x = ctypes.cdll.LoadLibrary(name)
        x.XOpenDisplay.restype = ctypes.c_void_p
        x.XOpenDisplay.argtypes = [ctypes.c_char_p]
        x.XDefaultRootWindow.restype = ctypes.c_ulong
        x.XDefaultRootWindow.argtypes = [ctypes.c_void_p]
        x.XSelectInput.argtypes = [ctypes.c_void_p, ctypes.c_ulong, ctypes.c_long]
        x.XSync.argtypes = [ctypes.c_void_p, ctypes.c_int]
        x.XConnectionNumber.argtypes = [ctypes.c_void_p]
        x.XPending.argtypes = [ctypes.c_void_p]
        x.XNextEvent.argtypes = [ctypes.c_void_p, ctypes.POINTER(_XEvent)]
        x.XInternAtom.restype = ctypes.c_ulong
        x.XInternAtom.argtypes = [ctypes.c_void_p, ctypes.c_char_p, ctypes.c_int]
        x.XGetWindowProperty.argtypes = [
            ctypes.c_void_p, ctypes.c_ulong, ctypes.c_ulong, ctypes.c_long, ctypes.c_long,
            ctypes.c_int, ctypes.c_ulong, ctypes.POINTER(ctypes.c_ulong),
            ctypes.POINTER(ctypes.c_int), ctypes.POINTER(ctypes.c_ulong),
            ctypes.POINTER(ctypes.c_ulong), ctypes.POINTER(ctypes.c_void_p)]
        x.XFree.argtypes = [ctypes.c_void_p]
        x.XCloseDisplay.argtypes = [ctypes.c_void_p]
        x.XSetErrorHandler.argtypes = [_X_ERROR_HANDLER]
        self._handler = _X_ERROR_HANDLER(lambda _d, _e: 0)  # a window may vanish: ignore
        x.XSetErrorHandler(self._handler)
        self.dpy = x.XOpenDisplay(display.encode())
        if not self.dpy:
            raise RuntimeError(f"cannot open X display {display}")
        x.XSelectInput(self.dpy, x.XDefaultRootWindow(self.dpy), SUBSTRUCTURE_NOTIFY_MASK)
        x.XSync(self.dpy, 0)
        self.fd = x.XConnectionNumber(self.dpy)
        self.pid_atom = x.XInternAtom(self.dpy, b"_NET_WM_PID", 0)

    def window_pid(self, window: int) -> int | None:
        actual_type = ctypes.c_ulong()
        actual_format = ctypes.c_int()
        nitems = ctypes.c_ulong()
        after = ctypes.c_ulong()
        prop = ctypes.c_void_p()
        status = self.x.XGetWindowProperty(
            self.dpy, window, self.pid_atom, 0, 1, 0, XA_CARDINAL, ctypes.byref(actual_type),
            ctypes.byref(actual_format), ctypes.byref(nitems), ctypes.byref(after),
            ctypes.byref(prop))
        if status != 0 or not prop.value:
            return None
        try:
            if nitems.value < 1:
                return None
            return int(ctypes.cast(prop, ctypes.POINTER(ctypes.c_ulong))[0])
        finally:
            self.x.XFree(prop)

    def drain(self) -> None:
        ev = _XEvent()
        while self.x.XPending(self.dpy):
            self.x.XNextEvent(self.dpy, ctypes.byref(ev))

    def wait_mapped(self, proc: subprocess.Popen, deadline: float) -> float | None:
        ev = _XEvent()
        while True:
            while self.x.XPending(self.dpy):
                self.x.XNextEvent(self.dpy, ctypes.byref(ev))
                if ev.type == MAP_NOTIFY and self.window_pid(ev.xmap.window) == proc.pid:
                    return time.perf_counter()
            now = time.perf_counter()
            if now >= deadline or proc.poll() is not None:
                return None
            select.select([self.fd], [], [], min(0.05, deadline - now))

    def close(self) -> None:
        self.x.XCloseDisplay(self.dpy)


@contextlib.contextmanager
def x_display() -> Iterator[str]:
    """$DISPLAY if set, else a private Xvfb for the measurement (stopped afterwards)."""
    if os.environ.get("DISPLAY"):
        yield os.environ["DISPLAY"]
        return
    xvfb = shutil.which("Xvfb")
    if not xvfb:
        raise RuntimeError("no DISPLAY and no Xvfb (apt-get install -y xvfb)")
    read_fd, write_fd = os.pipe()
    proc = subprocess.Popen([xvfb, "-displayfd", str(write_fd), "-screen", "0", "1600x1000x24",
                             "-nolisten", "tcp", "-noreset"], pass_fds=(write_fd,),
                            stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    os.close(write_fd)
    try:
        ready, _, _ = select.select([read_fd], [], [], 15)
        number = os.read(read_fd, 32).decode().strip() if ready else ""
        if not number:
            raise RuntimeError("Xvfb did not start")
        yield f":{number}"
    finally:
        os.close(read_fd)
        proc.terminate()
        try:
            proc.wait(5)
        except subprocess.TimeoutExpired:
            proc.kill()


def drop_caches() -> bool:
    """Empty the page cache so the next start reads everything from disk (root on Linux)."""
    if not IS_LINUX:
        return False
    try:
        os.sync()
        with open("/proc/sys/vm/drop_caches", "w") as fh:
            fh.write("3\n")
        return True
    except OSError:
        return False


def _stop(proc: subprocess.Popen) -> None:
    if proc.poll() is None:
        proc.terminate()
        try:
            proc.wait(10)
        except subprocess.TimeoutExpired:
            proc.kill()
            proc.wait()


def time_x11(cmd: list[str], cwd: Path, env: dict[str, str], watcher: MapWatcher,
             timeout: float) -> float | None:
    watcher.drain()
    start = time.perf_counter()
    proc = subprocess.Popen(cmd, cwd=cwd, env=env, stdout=subprocess.DEVNULL,
                            stderr=subprocess.DEVNULL)
    try:
        shown = watcher.wait_mapped(proc, start + timeout)
    finally:
        _stop(proc)
    return None if shown is None else shown - start


def time_probe(cmd: list[str], cwd: Path, env: dict[str, str],
               timeout: float) -> dict[str, float] | None:
    """Wall time to the app's startup-probe line, and the app's own figures (ms)."""
    env = dict(env, **{PROBE_ENV: "1"})
    start = time.perf_counter()
    proc = subprocess.Popen(cmd, cwd=cwd, env=env, stdout=subprocess.DEVNULL,
                            stderr=subprocess.PIPE, text=True, errors="replace")
    try:
        assert proc.stderr is not None
        deadline = start + timeout
        while time.perf_counter() < deadline:
            line = proc.stderr.readline()
            if not line:
                return None
            m = PROBE_LINE.search(line)
            if m:
                wall = time.perf_counter() - start
                return {"wall": wall, "shown": float(m.group(1)) / 1000,
                        "idle": float(m.group(2)) / 1000}
        return None
    finally:
        _stop(proc)


def _stats(values: list[float]) -> dict[str, Any]:
    return {"median_s": round(statistics.median(values), 3), "min_s": round(min(values), 3),
            "max_s": round(max(values), 3), "runs_s": [round(v, 3) for v in values]}


def measure(report: Report, paths: dict[str, Path], runs: int, method: str,
            timeout: float, warm: bool = False) -> None:
    methods = ["x11", "probe"] if method == "auto" else [method]
    if "x11" in methods and not IS_LINUX:
        methods.remove("x11")
    if "x11" in methods and not (os.environ.get("DISPLAY") or shutil.which("Xvfb")):
        report.warn("no DISPLAY and no Xvfb: cold start measured with the app's probe only")
        methods.remove("x11")
    if not methods:
        methods = ["probe"]
    cold = False if warm else drop_caches()
    programs = {
        "bundle": ([str(paths["gui"])], None),
        "python -m frostdesk": ([sys.executable, "-m", "frostdesk"], ROOT),
    }
    result: dict[str, Any] = {"runs": runs, "page_cache": "dropped" if cold else "warm",
                              "machine": f"{os.cpu_count()} CPUs, {platform.platform()}"}
    with tempfile.TemporaryDirectory(prefix="frostdesk-start-") as tmp:
        tmpdir = Path(tmp)
        (tmpdir / "cwd").mkdir()
        for m in methods:
            step(f"cold start ({m}), {runs} runs each, "
                 f"{'page cache dropped before every run' if cold else 'warm page cache'}")
            series: dict[str, dict[str, list[float]]] = {k: {} for k in programs}
            with contextlib.ExitStack() as stack:
                watcher = None
                extra: dict[str, str] = {}
                if m == "x11":
                    display = stack.enter_context(x_display())
                    watcher = MapWatcher(display)
                    stack.callback(watcher.close)
                    extra = {"DISPLAY": display, "QT_QPA_PLATFORM": "xcb"}
                for i in range(runs + 1):  # run 0 creates the settings folder; not counted
                    for name, (cmd, cwd) in programs.items():
                        env = clean_env(tmpdir, **extra)
                        if cold:
                            drop_caches()
                        where = cwd or tmpdir / "cwd"
                        if m == "x11":
                            t = time_x11(cmd, where, env, watcher, timeout)
                            got = None if t is None else {"mapped": t}
                        else:
                            got = time_probe(cmd, where, env, timeout)
                        if got is None:
                            report.check(f"start {name} ({m})", False,
                                         f"no window within {timeout:.0f} s")
                            return
                        if i == 0:
                            continue
                        for key, value in got.items():
                            series[name].setdefault(key, []).append(value)
            result[m] = {name: {key: _stats(vals) for key, vals in figures.items()}
                         for name, figures in series.items()}
            for name in programs:
                detail = ", ".join(f"{key} median {st['median_s']:.3f} s "
                                   f"[{st['min_s']:.3f}-{st['max_s']:.3f}]"
                                   for key, st in result[m][name].items())
                report.check(f"start {name} ({m})", True, detail)
    report.facts["cold_start"] = result


# ----------------------------------------------------------------------------- archive

def make_archive(report: Report, dist: Path, paths: dict[str, Path]) -> None:
    arch = platform.machine().lower().replace("amd64", "x86_64")
    osname = {"win32": "windows", "darwin": "macos"}.get(sys.platform, "linux")
    base = dist / f"frostdesk-{version_mod.version()}-{osname}-{arch}"
    fmt = "zip" if IS_WIN else "gztar"
    step(f"archive {base}.{'zip' if IS_WIN else 'tar.gz'}")
    folder = paths["folder"]
    out = shutil.make_archive(str(base), fmt, root_dir=folder.parent, base_dir=folder.name)
    size = Path(out).stat().st_size
    report.facts["archive"] = {"path": out, "bytes": size}
    report.check("archive", True, f"{out} ({size / 2**20:.1f} MiB)")


# ----------------------------------------------------------------------------- main

def main(argv: list[str] | None = None) -> int:
    p = argparse.ArgumentParser(description=__doc__.splitlines()[0],
                                formatter_class=argparse.RawDescriptionHelpFormatter)
    p.add_argument("--skip-build", action="store_true", help="only check an existing bundle")
    p.add_argument("--dist", type=Path, default=ROOT / "dist", help="default: dist/")
    p.add_argument("--work", type=Path, default=ROOT / "build", help="default: build/")
    p.add_argument("--clean", action="store_true", help="PyInstaller --clean (no cache)")
    p.add_argument("--icons", action="store_true", help="regenerate the icons first")
    p.add_argument("--relocate", action="store_true",
                   help="copy the bundle to a temp folder and check the copy")
    p.add_argument("--measure", action="store_true", help="also measure cold start")
    p.add_argument("--measure-method", choices=("auto", "x11", "probe"), default="auto")
    p.add_argument("--runs", type=int, default=7, help="cold-start runs per program")
    p.add_argument("--warm", action="store_true",
                   help="do not drop the page cache before each start")
    p.add_argument("--timeout", type=float, default=600, help="selftest time limit (s)")
    p.add_argument("--archive", action="store_true", help="also pack the bundle")
    a = p.parse_args(argv)

    report = Report()
    dist, work = a.dist.resolve(), a.work.resolve()
    report.facts.update(version=version_mod.version(), platform=platform.platform(),
                        python=platform.python_version(), dist=str(dist))
    if not a.skip_build:
        ensure_icons(report, force=a.icons)
        try:
            report.facts["build_seconds"] = round(run_pyinstaller(dist, work, a.clean), 1)
        except subprocess.CalledProcessError as exc:
            report.check("PyInstaller", False, f"exit {exc.returncode}")
            return finish(report, dist)
        except FileNotFoundError as exc:
            report.check("PyInstaller", False, str(exc))
            return finish(report, dist)
        report.check("PyInstaller", True, f"{report.facts['build_seconds']} s")

    paths = bundle_paths(dist)
    with contextlib.ExitStack() as stack:
        if a.relocate:
            tmp = Path(stack.enter_context(tempfile.TemporaryDirectory(prefix="frostdesk-moved-")))
            target = tmp / paths["folder"].name
            step(f"relocate: copy {paths['folder']} to {target}")
            shutil.copytree(paths["folder"], target, symlinks=True)
            paths = {k: target / v.relative_to(paths["folder"]) for k, v in paths.items()}
        check_layout(report, paths)
        if IS_MAC and "app" in paths:
            plist = _load("frostdesk_info_plist", HERE / "macos" / "info_plist.py")
            problems = plist.check_app(paths["app"])
            report.check("Info.plist", not problems, "; ".join(problems))
        check_ldd(report, paths["folder"])
        if paths["exe"].is_file():
            smoke(report, paths, a.timeout)
            if a.measure:
                try:
                    measure(report, paths, a.runs, a.measure_method, 120, a.warm)
                except RuntimeError as exc:
                    report.check("cold start", False, str(exc))
        size, files = tree_size(paths["folder"])
        report.facts.update(bundle_bytes=size, bundle_files=files,
                            biggest=biggest(paths["folder"]))
        report.check("bundle size <= 200 MB", size <= 200 * 10**6,
                     f"{size / 10**6:.1f} MB ({size / 2**20:.1f} MiB) in {files} files, "
                     f"unpacked")
        if a.archive and paths["folder"].is_dir():
            make_archive(report, dist, bundle_paths(dist))
    return finish(report, dist)


def finish(report: Report, dist: Path) -> int:
    summary = {"ok": report.ok, "checks": report.checks, **report.facts}
    dist.mkdir(parents=True, exist_ok=True)
    out = dist / "build-summary.json"
    out.write_text(json.dumps(summary, indent=1) + "\n", encoding="utf-8")
    step("summary")
    print(f"frostdesk {report.facts.get('version')} on {report.facts.get('platform')}")
    if "bundle_bytes" in report.facts:
        print(f"  bundle: {report.facts['bundle_bytes'] / 10**6:.1f} MB unpacked, "
              f"{report.facts['bundle_files']} files")
    if "build_seconds" in report.facts:
        print(f"  PyInstaller: {report.facts['build_seconds']} s")
    if "selftest_seconds" in report.facts:
        print(f"  selftest: {report.facts['selftest_seconds']} s")
    cs = report.facts.get("cold_start")
    if cs:
        for m in ("x11", "probe"):
            for name, figures in cs.get(m, {}).items():
                print(f"  start ({m}), {name}: " + ", ".join(
                    f"{key} {st['median_s']:.3f} s" for key, st in figures.items())
                    + f" (median of {cs['runs']}, page cache {cs['page_cache']})")
    failed = [c["name"] for c in report.checks if not c["ok"]]
    print(f"  checks: {len(report.checks) - len(failed)} passed, {len(failed)} failed"
          + (f" ({', '.join(failed)})" if failed else ""))
    print(f"  written: {out}")
    return 0 if report.ok else 1


if __name__ == "__main__":
    sys.exit(main())
