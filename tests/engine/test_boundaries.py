"""The model layer imports no Qt; the RNG is reproducible; paths honour FROSTDESK_HOME."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

from frostdesk.engine import rng


def test_model_layers_import_no_qt() -> None:
    code = (
        "import sys\n"
        "import frostdesk.engine.game, frostdesk.engine.session, frostdesk.engine.catalogue\n"
        "import frostdesk.games, frostdesk.games.frost_shelter.rules\n"
        "import frostdesk.games.frost_shelter.bots, frostdesk.ai, frostdesk.ai.levels\n"
        "import frostdesk.sim\n"
        "from frostdesk.games import load_game\n"
        "load_game('frost-shelter')\n"
        "bad = [m for m in sys.modules if m.startswith(('PySide6', 'shiboken6'))]\n"
        "print(bad)\n"
        "sys.exit(1 if bad else 0)\n"
    )
    result = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True)
    assert result.returncode == 0, result.stdout + result.stderr


def test_rng_is_reproducible_and_spread() -> None:
    a, _ = rng.shuffled(rng.seed_state(5), range(40))
    b, _ = rng.shuffled(rng.seed_state(5), range(40))
    c, _ = rng.shuffled(rng.seed_state(6), range(40))
    assert a == b and a != c and sorted(a) == list(range(40))
    counts = [0] * 6
    state = rng.seed_state(1)
    for _ in range(6000):
        v, state = rng.below(state, 6)
        counts[v] += 1
    assert all(900 < n < 1100 for n in counts)


def test_user_folders_follow_frostdesk_home(tmp_path: Path, monkeypatch) -> None:  # noqa: ANN001
    from frostdesk import paths

    monkeypatch.setenv("FROSTDESK_HOME", str(tmp_path))
    assert paths.saves_dir() == tmp_path / "saves"
    assert paths.config_dir() == tmp_path / "config"
    from frostdesk.autosaves import path_for

    assert path_for("any-game").parent == tmp_path / "saves"


def test_settings_round_trip_and_survive_garbage(tmp_path: Path) -> None:
    from frostdesk.settings import Settings, load_settings, save_settings

    path = tmp_path / "s.json"
    save_settings(Settings(animation_speed="fast", casual_undo=True), path)
    loaded = load_settings(path)
    assert loaded.animation_speed == "fast" and loaded.casual_undo
    path.write_text("{not json")
    assert load_settings(path) == Settings()
    path.write_text('{"animation_speed": "warp", "unknown": 1}')
    assert load_settings(path).animation_speed == "normal"
