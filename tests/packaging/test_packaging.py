"""Packaging: the spec, the installer scripts and the release workflow agree with each other.

Fast tests read the files; the slow test builds the PyInstaller bundle end to end
(python packaging/build.py) and runs its selftest from another folder.
"""

from __future__ import annotations

import ast
import contextlib
import importlib.util
import json
import os
import plistlib
import re
import shutil
import subprocess
import sys
import tomllib
from pathlib import Path
from typing import Any

import pytest
import yaml

ROOT = Path(__file__).resolve().parents[2]
PACKAGING = ROOT / "packaging"
SPEC = PACKAGING / "frostdesk.spec"
ISS = PACKAGING / "windows" / "frostdesk.iss"
PLIST = PACKAGING / "macos" / "Info.plist"
WORKFLOW = ROOT / ".github" / "workflows" / "release.yml"
HAS_PYINSTALLER = importlib.util.find_spec("PyInstaller") is not None


def load(name: str, path: Path) -> Any:
    spec = importlib.util.spec_from_file_location(name, path)
    module = importlib.util.module_from_spec(spec)
    assert spec.loader is not None
    spec.loader.exec_module(module)
    return module


def pyproject_version() -> str:
    with (ROOT / "pyproject.toml").open("rb") as fh:
        return tomllib.load(fh)["project"]["version"]


def run_py(*args: str, cwd: Path = ROOT, **kw: Any) -> subprocess.CompletedProcess[str]:
    return subprocess.run([sys.executable, *args], cwd=cwd, capture_output=True, text=True,
                          timeout=kw.pop("timeout", 120), **kw)


# ----------------------------------------------------------------------------- version

def test_version_py_prints_pyproject_version() -> None:
    proc = run_py(str(PACKAGING / "version.py"))
    assert proc.returncode == 0, proc.stderr
    assert proc.stdout.strip() == pyproject_version()


def test_version_forms_for_installers() -> None:
    v = load("fd_version", PACKAGING / "version.py")
    assert v.numeric("1.2.0rc1") == "1.2.0"
    assert v.windows("1.2.0rc1") == "1.2.0.0"
    assert v.windows("3") == "3.0.0.0"
    assert v.numeric("2.5.1.post3") == "2.5.1"
    for form in (v.numeric(pyproject_version()), v.windows(pyproject_version())):
        assert re.fullmatch(r"\d+(\.\d+)+", form)


def test_the_app_reads_the_same_version() -> None:
    from frostdesk import paths

    assert paths.read_pyproject_version() == pyproject_version()


def test_entry_script_runs_the_cli(tmp_path: Path) -> None:
    env = dict(os.environ, PYTHONPATH=str(ROOT))
    proc = run_py(str(PACKAGING / "entry.py"), "--version", cwd=tmp_path, env=env)
    assert proc.returncode == 0, proc.stderr
    assert proc.stdout.strip() == f"frostdesk {pyproject_version()}"


# ----------------------------------------------------------------------------- spec

def spec_assignments() -> dict[str, Any]:
    """Literal top-level assignments of the spec (without running PyInstaller)."""
    tree = ast.parse(SPEC.read_text(encoding="utf-8"))
    out: dict[str, Any] = {}
    for node in tree.body:
        if isinstance(node, ast.Assign) and len(node.targets) == 1 \
                and isinstance(node.targets[0], ast.Name):
            value = node.value
            if isinstance(value, ast.Call) and isinstance(value.func, ast.Attribute) \
                    and value.func.attr == "split" and not value.args:
                value = value.func.value  # "...".split(): keep the string
            with contextlib.suppress(ValueError):
                out[node.targets[0].id] = ast.literal_eval(value)
    return out


def test_spec_bundles_cards_resources_and_rules() -> None:
    dirs = dict(spec_assignments()["DATA_DIRS"])
    assert dirs["cards"] == "cards"
    assert dirs["resources"] == "resources"
    assert dirs["docs/rules"] == "docs/rules"
    for src in dirs:
        assert (ROOT / src).is_dir(), src
    text = SPEC.read_text(encoding="utf-8")
    assert '"pyproject.toml"' in text
    assert 'copy_metadata("frostdesk")' in text
    assert "entry.py" in text and (PACKAGING / "entry.py").is_file()
    assert "COLLECT(" in text and "onefile" not in text.lower().replace("one-file", "")


def test_spec_leaves_out_unused_qt() -> None:
    unused = spec_assignments()["QT_UNUSED"]  # a literal string, split in the spec
    names = set(unused.split())
    for module in ("QtWebEngineCore", "Qt3DCore", "QtQuick", "QtQml", "QtMultimedia",
                   "QtCharts", "QtNetwork", "QtSql", "QtTest", "QtPdf", "QtBluetooth",
                   "QtPositioning", "QtSensors", "QtSerialPort", "QtOpenGL"):
        assert module in names, module
    used = {m for p in (ROOT / "frostdesk").rglob("*.py")
            for m in re.findall(r"PySide6\.(Qt\w+)", p.read_text(encoding="utf-8"))}
    assert used, "frostdesk imports no Qt module?"
    assert not used & names, f"the spec excludes Qt modules frostdesk uses: {used & names}"


@pytest.mark.skipif(not HAS_PYINSTALLER, reason="PyInstaller is not installed "
                    "(pip install -e '.[package]')")
def test_spec_qt_filter() -> None:
    """Run the spec's configuration part (everything before Analysis) and try its filter."""
    text = SPEC.read_text(encoding="utf-8")
    head = text[:text.index("a = Analysis(")]
    ns: dict[str, Any] = {"SPECPATH": str(PACKAGING), "__name__": "frostdesk_spec"}
    exec(compile(head, str(SPEC), "exec"), ns)  # noqa: S102 - our own file
    keep = ns["keep_qt_file"]
    plat = {"win32": "qwindows.dll", "darwin": "libqcocoa.dylib"}.get(sys.platform, "libqxcb.so")
    assert keep(f"PySide6/Qt/plugins/platforms/{plat}")
    assert keep("PySide6/Qt/plugins/platforms/libqoffscreen.so")
    assert keep("PySide6/Qt/plugins/imageformats/libqsvg.so")
    assert keep("PySide6/Qt/plugins/iconengines/libqsvgicon.so")
    assert keep("PySide6/Qt/lib/libQt6Widgets.so.6")
    assert keep("PySide6/Qt6Svg.dll")
    assert keep("cards/frost-shelter/game.yaml")
    assert not keep("PySide6/Qt/plugins/imageformats/libqtiff.so")
    assert not keep("PySide6/Qt/plugins/platforms/libqeglfs.so")
    assert not keep("PySide6/Qt/plugins/sqldrivers/libqsqlite.so")
    assert not keep("PySide6/Qt/plugins/tls/libqopensslbackend.so")
    assert not keep("PySide6/Qt/plugins/platforminputcontexts/libqtvirtualkeyboardplugin.so")
    assert not keep("PySide6/Qt/translations/qtbase_de.qm")
    assert not keep("PySide6/Qt/lib/libQt6Network.so.6")
    assert not keep("libQt6Network.so.6")
    assert not keep("PySide6\\Qt6Network.dll")
    assert not keep("PySide6\\opengl32sw.dll")
    assert not keep("PySide6/Qt/lib/QtNetwork.framework/Versions/A/QtNetwork")
    assert not keep("PySide6/Qt/lib/QtQml.framework/Resources/Info.plist")
    files = ns["data_files"]()
    dests = {Path(dest).as_posix() for _src, dest in files}
    assert "cards/frost-shelter" in dests
    assert "cards/frontier-stations" in dests
    assert "docs/rules" in dests
    assert "." in dests  # pyproject.toml
    assert any(d.startswith("resources") for d in dests)
    assert not any("__pycache__" in src for src, _ in files)


# ----------------------------------------------------------------------------- Windows

def iss_text() -> str:
    return ISS.read_text(encoding="utf-8")


def iss_setup() -> dict[str, str]:
    section = re.search(r"^\[Setup\]\s*$(.*?)^\[", iss_text(), re.M | re.S)
    assert section, "no [Setup] section"
    out = {}
    for line in section.group(1).splitlines():
        if "=" in line and not line.lstrip().startswith((";", "#")):
            key, _, value = line.partition("=")
            out[key.strip()] = value.strip()
    return out


def test_iss_per_user_without_admin() -> None:
    setup = iss_setup()
    assert setup["PrivilegesRequired"] == "lowest"
    assert "PrivilegesRequiredOverridesAllowed" not in setup
    assert setup["DefaultDirName"].startswith(("{autopf}", "{userpf}", "{localappdata}"))
    assert setup["OutputBaseFilename"] == "frostdesk-{#AppVersion}-setup"
    assert setup["AppVersion"] == "{#AppVersion}"
    assert setup["ChangesAssociations"] == "yes"
    assert re.fullmatch(r"\{\{[0-9A-F-]{36}\}", setup["AppId"])
    icon = (ISS.parent / setup["SetupIconFile"].replace("\\", "/")).resolve()
    assert icon == (PACKAGING / "icons" / "frostdesk.ico").resolve()
    assert "#error" in iss_text()  # no silent default version


def test_iss_start_menu_desktop_and_bundle() -> None:
    text = iss_text()
    assert re.search(r'^Name: "desktopicon";.*Flags: unchecked', text, re.M)
    assert re.search(r'^Name: "\{autoprograms\}\\\{#AppName\}"; '
                     r'Filename: "\{app\}\\\{#AppExeName\}"', text, re.M)
    assert re.search(r'^Name: "\{autodesktop\}.*Tasks: desktopicon', text, re.M)
    assert '#define BundleDir "..\\..\\dist\\frostdesk"' in text
    assert re.search(r'^Source: "\{#BundleDir\}\\\*";.*recursesubdirs', text, re.M)
    assert '#define AppExeName "frostdesk.exe"' in text


def test_iss_frostdesk_save_association() -> None:
    text = iss_text()
    assert '#define SaveExt ".frostdesk"' in text
    reg = [ln for ln in text.splitlines() if ln.startswith("Root:")]
    assert reg and all(ln.startswith("Root: HKCU; Subkey: \"Software\\Classes\\") for ln in reg)
    assert any('Subkey: "Software\\Classes\\{#SaveExt}"' in ln and
               'ValueData: "{#SaveProgId}"' in ln for ln in reg)
    command = [ln for ln in reg if "{#SaveProgId}\\shell\\open\\command" in ln]
    assert command and '"""{app}\\{#AppExeName}"" ""%1"""' in command[0]
    assert any("DefaultIcon" in ln for ln in reg)
    assert any("uninsdeletekey" in ln for ln in reg)
    from frostdesk.engine.session import SAVE_SUFFIX

    assert SAVE_SUFFIX == ".frostdesk"


# ----------------------------------------------------------------------------- macOS

def test_info_plist() -> None:
    mod = load("fd_info_plist", PACKAGING / "macos" / "info_plist.py")
    info = mod.render(min_macos="14.0")
    v = load("fd_version", PACKAGING / "version.py")
    assert info["CFBundleName"] == "frostdesk"
    assert info["CFBundleDisplayName"] == "frostdesk"
    assert info["CFBundleIdentifier"] == "app.frostdesk.desktop"
    assert info["CFBundleShortVersionString"] == v.numeric(pyproject_version())
    assert info["CFBundleVersion"] == v.numeric(pyproject_version())
    assert info["CFBundleIconFile"] == "frostdesk.icns"
    assert info["NSHighResolutionCapable"] is True
    assert info["LSMinimumSystemVersion"] == "14.0"
    doc = info["CFBundleDocumentTypes"][0]
    assert doc["CFBundleTypeExtensions"] == ["frostdesk"]
    assert doc["LSItemContentTypes"] == ["app.frostdesk.save"]
    uti = info["UTExportedTypeDeclarations"][0]
    assert uti["UTTypeIdentifier"] == "app.frostdesk.save"
    assert uti["UTTypeTagSpecification"]["public.filename-extension"] == ["frostdesk"]
    # the icon PyInstaller copies into Contents/Resources is the one make_icons.py writes
    assert info["CFBundleIconFile"] in (PACKAGING / "make_icons.py").read_text(encoding="utf-8")
    assert 'icon_file("icns")' in SPEC.read_text(encoding="utf-8")


def test_info_plist_template_is_plist_and_used_by_the_spec() -> None:
    with PLIST.open("rb") as fh:
        plistlib.load(fh)
    with (PACKAGING / "macos" / "entitlements.plist").open("rb") as fh:
        ent = plistlib.load(fh)
    assert ent and all(v is True for v in ent.values())
    text = SPEC.read_text(encoding="utf-8")
    assert "BUNDLE(" in text and 'info_plist.py' in text and "IS_MAC" in text


def test_macos_script() -> None:
    script = PACKAGING / "macos" / "build_app.sh"
    assert os.access(script, os.X_OK), "build_app.sh is not executable"
    text = script.read_text(encoding="utf-8")
    for needle in ("packaging/version.py", "MACOS_SIGN_IDENTITY", "codesign --force --deep -s -",
                   "--options runtime", "notarytool submit", "APPLE_ID", "APPLE_TEAM_ID",
                   "APPLE_APP_PASSWORD", "stapler staple", "hdiutil create",
                   'ln -s /Applications', 'frostdesk-${version}.dmg', "selftest"):
        assert needle in text, needle
    if shutil.which("bash"):
        proc = subprocess.run(["bash", "-n", str(script)], capture_output=True, text=True)
        assert proc.returncode == 0, proc.stderr


def test_macos_open_file_notes() -> None:
    notes = (PACKAGING / "macos" / "README.md").read_text(encoding="utf-8")
    assert "QFileOpenEvent" in notes


# ----------------------------------------------------------------------------- workflow

def workflow() -> dict[str, Any]:
    return yaml.safe_load(WORKFLOW.read_text(encoding="utf-8"))


def test_workflow_triggers() -> None:
    wf = workflow()
    on = wf.get("on", wf.get(True))  # YAML 1.1 reads a bare `on` key as True
    assert on["push"]["tags"] == ["v*"]
    assert "workflow_dispatch" in on


def test_workflow_jobs_and_steps() -> None:
    job = workflow()["jobs"]["build"]
    oses = [entry["os"] for entry in job["strategy"]["matrix"]["include"]]
    assert "windows-2022" in oses
    assert any(o.startswith("macos-") for o in oses)
    steps = job["steps"]
    uses = [s.get("uses", "") for s in steps]
    runs = "\n".join(s.get("run", "") for s in steps)
    assert any(u.startswith("actions/checkout@") for u in uses)
    assert any(u.startswith("actions/setup-python@") for u in uses)
    assert any(u.startswith("actions/upload-artifact@") for u in uses)
    setup_python = next(s for s in steps if s.get("uses", "").startswith("actions/setup-python"))
    assert str(setup_python["with"]["python-version"]) == "3.11"
    assert 'pip install -e ".[test,package]"' in runs
    assert "python -m pytest" in runs
    assert "packaging/make_icons.py" in runs
    assert "packaging/build.py" in runs  # PyInstaller + selftest smoke run
    assert "packaging/version.py" in runs
    assert "ISCC.exe" in runs and "frostdesk.iss" in runs and "/DAppVersion=" in runs
    assert "packaging/macos/build_app.sh" in runs
    assert "frostdesk-cli.exe\" selftest" in runs  # the installed app's selftest
    for step in steps:
        if "if" in step:
            assert "secrets." not in str(step["if"]), "secrets cannot be used in if:"
    assert job["env"]["QT_QPA_PLATFORM"] == "offscreen"


def test_readme_has_measured_figures() -> None:
    text = (PACKAGING / "README.md").read_text(encoding="utf-8")
    assert re.search(r"\d+(\.\d+)? MB", text)
    assert "python -m frostdesk" in text
    assert "packaging/build.py --measure" in text


# ----------------------------------------------------------------------------- slow

@pytest.mark.slow
@pytest.mark.skipif(not HAS_PYINSTALLER, reason="PyInstaller is not installed "
                    "(pip install -e '.[package]')")
def test_bundle_builds_and_passes_selftest(tmp_path: Path) -> None:
    """python packaging/build.py end to end, into a temp folder, checked from a copy."""
    dist, work = tmp_path / "dist", tmp_path / "build"
    env = {k: v for k, v in os.environ.items() if k not in ("PYTHONPATH", "FROSTDESK_DATA")}
    proc = subprocess.run(
        [sys.executable, str(PACKAGING / "build.py"), "--dist", str(dist), "--work", str(work),
         "--relocate"], cwd=tmp_path, env=env, capture_output=True, text=True, timeout=1800)
    summary_path = dist / "build-summary.json"
    assert summary_path.is_file(), proc.stdout[-3000:] + proc.stderr[-3000:]
    summary = json.loads(summary_path.read_text(encoding="utf-8"))
    checks = {c["name"]: c for c in summary["checks"]}
    assert checks["selftest"]["ok"], summary.get("selftest_output")
    assert checks["validate"]["ok"], checks["validate"]
    assert checks["--version"]["ok"], checks["--version"]
    assert summary["ok"], [c for c in summary["checks"] if not c["ok"]]
    assert proc.returncode == 0, proc.stdout[-3000:]
    assert summary["bundle_bytes"] <= 200 * 10**6
