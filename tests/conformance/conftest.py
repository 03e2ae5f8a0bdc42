"""The conformance suite runs over every registered game, plus Toy Tally (tests/toygame).

Toy Tally is not installed: the `toy_game` fixture registers its description for each module
of this folder and takes it away afterwards, so no other test ever sees it. Tests that take a
`game_id` argument run once per game (the id is the test id); tests that also take `players`
run for every player count the game allows ("frost-shelter-3p"), unless the test module
parametrizes them itself.
"""

from __future__ import annotations

from collections.abc import Iterator
from dataclasses import dataclass
from typing import Any

import pytest
from contract import TOY, descriptions

from frostdesk.engine import registry
from frostdesk.engine.registry import GameDescription


def pytest_generate_tests(metafunc: pytest.Metafunc) -> None:
    names = metafunc.fixturenames
    if "game_id" not in names or any(
            "game_id" in str(m.args[0]) for m in metafunc.definition.iter_markers("parametrize")):
        return
    if "players" in names:
        cases = [(d.id, n) for d in descriptions()
                 for n in range(d.min_players, d.max_players + 1)]
        metafunc.parametrize(("game_id", "players"), cases,
                             ids=[f"{g}-{n}p" for g, n in cases])
    else:
        ids = [d.id for d in descriptions()]
        metafunc.parametrize("game_id", ids, ids=ids)


@pytest.fixture(autouse=True, scope="module")
def toy_game() -> Iterator[GameDescription]:
    """Toy Tally in the registry while this module's tests run."""
    registry.register(TOY)
    yield TOY
    registry.unregister(TOY.id)
    assert TOY.id not in registry.ids(), "Toy Tally must not outlive the conformance suite"


@pytest.fixture
def desc(game_id: str) -> GameDescription:
    return registry.get(game_id)


@pytest.fixture
def game(game_id: str) -> Any:
    return registry.load_game(game_id)


@dataclass
class App:
    """The real app: bus, controller and main window, animations off, bots without pause."""

    qtbot: Any
    bus: Any
    controller: Any
    window: Any

    @property
    def screen(self) -> Any:
        return self.window.game_screen

    def wait_turn(self, timeout: int = 20000) -> None:
        """Until the human may act (the table offers choices) or the game is over."""
        c = self.controller
        self.qtbot.waitUntil(lambda: c.is_over() or c.awaiting_handoff is not None
                             or (c.my_turn() and self.screen.choices is not None),
                             timeout=timeout)

    def request(self, action: Any) -> None:
        """What a click on the table does: the screen asks on its bus."""
        self.screen.bus.action_requested.emit(action)


@pytest.fixture
def app(qtbot: Any) -> Iterator[App]:
    from frostdesk.app import _build
    from frostdesk.settings import Settings

    settings = Settings(animation_speed="off", bot_pause_ms=0, player_name="Ana")
    bus, controller, window = _build(settings, remember=False)
    qtbot.addWidget(window)
    window.resize(800, 600)  # the offscreen screen's size: smaller tables paint faster
    window.show()
    qtbot.waitExposed(window)
    yield App(qtbot, bus, controller, window)
    controller.shutdown()


@pytest.fixture
def careless_app(qtbot: Any) -> Iterator[App]:
    """The real app as a careless player sets it: no hand-off cover, undo whenever, 1280x720."""
    from frostdesk.app import _build
    from frostdesk.settings import Settings

    settings = Settings(animation_speed="off", bot_pause_ms=0, player_name="Ana",
                        confirm_handoff=False, casual_undo=True)
    bus, controller, window = _build(settings, remember=False)
    qtbot.addWidget(window)
    window.resize(1280, 720)
    window.show()
    qtbot.waitExposed(window)
    yield App(qtbot, bus, controller, window)
    controller.shutdown()
