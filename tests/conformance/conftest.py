"""The conformance suite runs over every registered game, plus Toy Tally (tests/toygame).

Toy Tally is not installed: the `toy_game` fixture registers its description for each module
of this folder and takes it away afterwards, so no other test ever sees it. Tests that take a
`game_id` argument run once per game (the id is the test id); tests that also take `players`
run for every player count the game allows ("frost-shelter-3p").
"""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

import pytest

from frostdesk.engine import registry
from frostdesk.engine.registry import GameDescription
from toygame.description import DESCRIPTION as TOY


def descriptions() -> list[GameDescription]:
    """The games under test: the installed ones, then the toy."""
    found = {d.id: d for d in registry.games()}
    found.setdefault(TOY.id, TOY)
    return list(found.values())


def pytest_generate_tests(metafunc: pytest.Metafunc) -> None:
    names = metafunc.fixturenames
    if "game_id" not in names:
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
    registry.unregister(TOY)


@pytest.fixture
def desc(game_id: str) -> GameDescription:
    return registry.get(game_id)


@pytest.fixture
def game(game_id: str) -> Any:
    return registry.load_game(game_id)
