"""Render the table screenshots in docs/screenshots (offscreen; not a test).

    QT_QPA_PLATFORM=offscreen python tests/ui/make_screenshots.py

Each shot plays a fixed-seed game through the real window, controller and bus (the human's
moves are the Normal bot's hints) until the moment worth showing, then grabs the window.
"""

from __future__ import annotations

import os
import sys
import tempfile
import time
from pathlib import Path
from typing import Any, Callable

os.environ.setdefault("QT_QPA_PLATFORM", "offscreen")
os.environ["FROSTDESK_HOME"] = tempfile.mkdtemp(prefix="frostdesk-shots-")
ROOT = Path(__file__).resolve().parents[2]
sys.path.insert(0, str(ROOT))

from frostdesk.app import _application, _build, guard_refcounts  # noqa: E402

guard_refcounts()
OUT = ROOT / "docs" / "screenshots"


def shoot(name: str, size: tuple[int, int], seats: list[Any], seed: int,
          stop: Callable[[Any, Any], bool], before: Callable[[Any], None] | None = None,
          options: dict[str, Any] | None = None) -> None:
    from PySide6.QtCore import QEventLoop

    from frostdesk.settings import Settings

    app = _application([])
    settings = Settings(animation_speed="off", bot_pause_ms=0)
    bus, controller, window = _build(settings, remember=False)
    window.resize(*size)
    window.show()

    def wait(cond: Callable[[], bool], seconds: float) -> bool:
        end = time.time() + seconds
        while time.time() < end and not cond():
            app.processEvents(QEventLoop.ProcessEventsFlag.AllEvents, 20)
        return cond()

    controller.new_game("frost-shelter", seats, seed=seed, options=options or {})
    gs = window.game_screen
    for _ in range(500):
        wait(lambda: controller.my_turn() or gs.overlay.isVisible() or controller.is_over(), 10)
        if stop(controller, gs) or controller.is_over():
            break
        if gs.overlay.isVisible():
            gs.overlay.button.click()
            continue
        action, _ = controller.hint()
        controller.request(action)
    wait(lambda: False, 0.3)
    if before is not None:
        before(gs)
        wait(lambda: False, 0.3)
        # A hint is thought out off the UI thread by the Hard bot: wait for it.
        wait(lambda: not gs.message.text().startswith("Thinking"), 10)
    OUT.mkdir(parents=True, exist_ok=True)
    window.grab().save(str(OUT / name))
    print(f"{name}: {controller.waiting_text()}")
    window.close()
    controller.shutdown()
    window.deleteLater()
    app.processEvents()


def review(out: Path) -> None:
    """Extra shots of the resolution steps, for reviewing the look (not kept in docs)."""
    global OUT
    from frostdesk.engine.session import Seat

    OUT = out
    bots = [Seat(f"Bot {n}", "bot", "heuristic") for n in ("Aster", "Boreal", "Cirrus")]
    for phase in ("resolve", "buy", "infirmary", "leader", "expedition"):
        shoot(f"review-{phase}.png", (1600, 900), [Seat("Ana")] + bots, 21,
              lambda c, gs, p=phase: c.my_turn() and c.session.state.phase == p,
              before=lambda gs: gs.show_hint())


def main() -> None:
    from frostdesk.engine.session import Seat

    bots = [Seat(f"Bot {n}", "bot", "heuristic") for n in ("Aster", "Boreal", "Cirrus")]

    def mid_trick(c: Any, gs: Any) -> bool:
        s = c.session.state
        return c.my_turn() and s.phase == "play" and len(s.trick) >= 2 and s.event_no >= 1

    shoot("table-4p.png", (1920, 1080), [Seat("Ana")] + bots, 7, mid_trick,
          before=lambda gs: gs.show_hint())

    def collecting(c: Any, gs: Any) -> bool:
        return c.my_turn() and c.session.state.phase == "collect"

    def select_first(gs: Any) -> None:
        ch = gs.choices
        if ch is not None and ch.multi:
            gs.activate(("card", ch.multi[-1].cards[0]))

    shoot("table-1280x720.png", (1280, 720), [Seat("Ana")] + bots, 11, collecting,
          before=select_first)

    def handoff(c: Any, gs: Any) -> bool:
        return gs.overlay.isVisible() and len(c.session.records) >= 5

    shoot("table-2p-handoff.png", (1920, 1080), [Seat("Ana"), Seat("Ben")], 3, handoff)


if __name__ == "__main__":
    if sys.argv[1:2] == ["--review"]:
        review(Path(sys.argv[2]) if len(sys.argv) > 2 else Path(tempfile.mkdtemp()))
    else:
        main()
