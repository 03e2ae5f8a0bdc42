"""Render the table screenshots in docs/screenshots (offscreen; not a test).

    QT_QPA_PLATFORM=offscreen python tests/ui/make_screenshots.py [--stations|--ends [FOLDER]]

Each shot plays a fixed-seed game through the real window, controller and bus (the human's
moves are the Normal bot's hints) until the moment worth showing, then grabs the window.
"""

from __future__ import annotations

import os
import sys
import tempfile
import time
from collections.abc import Callable
from pathlib import Path
from typing import Any

os.environ.setdefault("QT_QPA_PLATFORM", "offscreen")
os.environ["FROSTDESK_HOME"] = tempfile.mkdtemp(prefix="frostdesk-shots-")
ROOT = Path(__file__).resolve().parents[2]
sys.path.insert(0, str(ROOT))

from frostdesk.app import _application, _build  # noqa: E402

OUT = ROOT / "docs" / "screenshots"


def shoot(name: str, size: tuple[int, int], seats: list[Any], seed: int,
          stop: Callable[[Any, Any], bool], before: Callable[[Any], None] | None = None,
          options: dict[str, Any] | None = None, game: str = "frost-shelter",
          tips: bool = False) -> bool:
    """Play until `stop` and save the shot; False (nothing saved) if the game ended first."""
    from PySide6.QtCore import QEventLoop

    from frostdesk.settings import Settings

    app = _application([])
    from frostdesk.engine.registry import ids

    # the table as a returning player sees it (docs/screenshots/first-game-tips.png shows them)
    settings = Settings(animation_speed="off", bot_pause_ms=0, tips_seen=[] if tips else ids())
    bus, controller, window = _build(settings, remember=False)
    window.resize(*size)
    window.show()

    def wait(cond: Callable[[], bool], seconds: float) -> bool:
        end = time.time() + seconds
        while time.time() < end and not cond():
            app.processEvents(QEventLoop.ProcessEventsFlag.AllEvents, 20)
        return cond()

    controller.new_game(game, seats, seed=seed, options=options or {})
    gs = window.game_screen
    reached = False
    for _ in range(500):
        wait(lambda: controller.my_turn() or gs.overlay.isVisible() or controller.is_over(), 10)
        reached = stop(controller, gs)
        if reached or controller.is_over():
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
    if reached:
        window.grab().save(str(OUT / name))
        print(f"{name}: {controller.waiting_text()}")
    window.close()
    controller.shutdown()
    window.deleteLater()
    app.processEvents()
    return reached


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


def stations() -> None:
    """Frontier Stations: the ring for 1, 4 and 6 stations, 1280x720, the payment picker."""
    from frostdesk.engine.session import Seat

    crew = [Seat(f"Bot {n}", "bot", "heuristic")
            for n in ("Vega", "Orion", "Lyra", "Nova", "Rigel")]
    game = "frontier-stations"

    def mine(phase: str, turn: int) -> Callable[[Any, Any], bool]:
        def stop(c: Any, gs: Any) -> bool:
            s = c.session.state
            return c.my_turn() and s.phase == phase and s.turn >= turn
        return stop

    def pick_target(gs: Any) -> None:
        """Click an improvement two dice can pay in several ways (the bar offers the dice);
        with one die, ask for a hint instead."""
        several = [k for k, acts in gs.targets.items() if len(acts) > 1]
        if several:
            gs.activate(max(several, key=lambda k: len(gs.targets[k])))
        else:
            gs.show_hint()

    def shared(c: Any, gs: Any) -> bool:
        s = c.session.state
        if not (c.my_turn() and s.phase == "threats" and s.turn >= 4):
            return False
        payers = {p[0] for a in c.legal() if hasattr(a, "parts") for p in a.parts}
        return len(payers) > 1

    shoot("frontier-stations-1p.png", (1920, 1080), [Seat("Ana")], 5, mine("purchase", 6),
          game=game, options={"first": 0})
    shoot("frontier-stations-4p.png", (1920, 1080), [Seat("Ana")] + crew[:3], 21,
          mine("purchase", 9), before=pick_target, game=game, options={"first": 0})
    def two_dice(c: Any, gs: Any) -> bool:
        s = c.session.state
        return c.my_turn() and s.phase == "purchase" and len(s.dice) == 2 and \
            any(len(acts) > 1 for acts in gs.targets.values())

    for seed in (21, 3, 8, 13, 34, 55):  # a game that lasts until two dice are rolled
        if shoot("frontier-stations-4p-late.png", (1920, 1080), [Seat("Ana")] + crew[:3],
                 seed, two_dice, before=pick_target, game=game, options={"first": 0}):
            break
    shoot("frontier-stations-6p.png", (1920, 1080), [Seat("Ana")] + crew, 8,
          mine("roll", 13), game=game, options={"first": 0})
    shoot("frontier-stations-4p-1280x720.png", (1280, 720), [Seat("Ana")] + crew[:3], 21,
          mine("systems", 2), game=game, options={"first": 0})
    shoot("frontier-stations-picker.png", (1920, 1080), [Seat("Ana")] + crew[:3], 13, shared,
          game=game, options={"first": 0})
    shoot("first-game-tips.png", (1280, 720), [Seat("Ana")] + crew[:3], 21, mine("roll", 2),
          game=game, options={"first": 0}, tips=True)
    shoot("frontier-stations-6p-1280x720.png", (1280, 720), [Seat("Ana")] + crew, 8,
          mine("purchase", 9), game=game, options={"first": 0})


def ends() -> None:
    """The end screens (a game played to its end by heuristic bots standing in for every
    seat, then opened) and the final table their "View table" shows."""
    from PySide6.QtCore import QEventLoop

    from frostdesk.engine.registry import ids, load_game
    from frostdesk.engine.session import Seat, Session
    from frostdesk.settings import Settings

    def finished(game_id: str, seats: list[Any], seed: int, **options: Any) -> Any:
        from frostdesk.ai import make_agent

        game = load_game(game_id)
        session = Session.new(game, dict(options), seed, seats)
        agent = make_agent(game, "heuristic", seed)
        while (seat := session.to_move()) is not None:
            view = game.view(session.state, seat)
            session.apply(agent.choose(game, view, game.legal(view), seat))
        return session

    def shot(session: Any, size: tuple[int, int], end_name: str, table_name: str) -> None:
        app = _application([])
        settings = Settings(animation_speed="off", bot_pause_ms=0, tips_seen=ids())
        _bus, controller, window = _build(settings, remember=False)
        window.resize(*size)
        window.show()
        path = Path(tempfile.mkdtemp()) / "done.frostdesk"
        session.save(path)
        window.load_path(path)
        end = time.time() + 10
        while time.time() < end and window.stack.currentWidget() is not window.end_screen:
            app.processEvents(QEventLoop.ProcessEventsFlag.AllEvents, 20)
        app.processEvents()
        OUT.mkdir(parents=True, exist_ok=True)
        window.grab().save(str(OUT / end_name))
        window.end_screen.table_button.click()
        app.processEvents()
        window.grab().save(str(OUT / table_name))
        print(f"{end_name}, {table_name}")
        window.close()
        controller.shutdown()
        window.deleteLater()
        app.processEvents()

    shelter = [Seat("Ana"), Seat("Bot Aster", "bot", "mcts"),
               Seat("Bot Boreal", "bot", "heuristic"), Seat("Bot Cirrus", "bot", "easy")]
    shot(finished("frost-shelter", shelter, 4), (1280, 720), "end.png", "end-final-table.png")
    crew = [Seat("Ana")] + [Seat(f"Bot {n}", "bot", "heuristic") for n in ("Vega", "Orion")]
    done: set[bool] = set()
    for seed in range(1, 40):  # one lost and one won game
        session = finished("frontier-stations", crew, seed, first=0)
        won = bool(session.game.outcome(session.state).cooperative_win)
        if won not in done:
            done.add(won)
            word = "won" if won else "lost"
            shot(session, (1920, 1080), f"frontier-stations-end-{word}.png",
                 f"frontier-stations-final-table-{word}.png")
        if len(done) == 2:
            break


if __name__ == "__main__":
    if sys.argv[1:2] == ["--review"]:
        review(Path(sys.argv[2]) if len(sys.argv) > 2 else Path(tempfile.mkdtemp()))
    elif sys.argv[1:2] == ["--stations"]:
        if len(sys.argv) > 2:
            OUT = Path(sys.argv[2])
        stations()
    elif sys.argv[1:2] == ["--ends"]:
        if len(sys.argv) > 2:
            OUT = Path(sys.argv[2])
        ends()
    else:
        main()
        stations()
        ends()
