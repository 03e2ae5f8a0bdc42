"""Every registered game's UI plug-in meets the contract of frostdesk/ui/plugins.py, and a game
is played in the real window to the end screen by clicks through the bus.

One human seat (seat 1) plays uniformly random legal actions, asked for on the table screen's
bus as its clicks are; the other seats are bots at the game's default level. With two seats
this runs by default; the other seat counts are marked slow (a table paints every move).
"""

from __future__ import annotations

import random
from typing import Any

import pytest
from contract import descriptions, sample_options

from frostdesk.engine.registry import GameDescription
from frostdesk.engine.session import Seat

pytestmark = pytest.mark.ui


def _seat_counts() -> list[Any]:
    out = []
    for d in descriptions():
        default = max(2, d.min_players)  # one person and at least one bot
        for n in range(d.min_players, d.max_players + 1):
            out.append(pytest.param(d.id, n, id=f"{d.id}-{n}p",
                                    marks=() if n == default else (pytest.mark.slow,)))
    return out


def test_the_ui_plugin_meets_the_contract(qtbot: Any, game_id: str, game: Any) -> None:
    from frostdesk.ui.kit.emblem import Emblem
    from frostdesk.ui.kit.screen import ScreenBase
    from frostdesk.ui.plugins import REQUIRED, ui_plugin

    plugin = ui_plugin(game_id)
    assert all(hasattr(plugin, name) for name in REQUIRED)
    assert plugin.TIPS and all(isinstance(t, str) and t.strip() for t in plugin.TIPS)
    assert issubclass(plugin.Emblem, Emblem)
    emblem = plugin.Emblem()
    qtbot.addWidget(emblem)
    emblem.resize(120, 120)
    assert not emblem.grab().isNull()  # it paints
    html = plugin.cards_html(game)
    assert isinstance(html, str) and html.strip()
    assert issubclass(plugin.screen_class(), ScreenBase)


@pytest.mark.parametrize(("game_id", "players"), _seat_counts())
def test_a_game_is_played_to_the_end_screen_by_clicks_through_the_bus(
        app: Any, game_id: str, players: int, desc: GameDescription) -> None:
    from frostdesk import records
    from frostdesk.ui.plugins import ui_plugin

    c, w = app.controller, app.window
    c.autosave_enabled = False  # saves are the engine suite's; this is about the table
    bot = next((lv.bot for lv in desc.levels if lv.key == desc.default_level), "heuristic")
    seats = [Seat("Ana")] + [Seat(f"Bot {i + 1}", "bot", bot) for i in range(1, players)]
    options = sample_options(desc, players, 1)
    options.pop("humans", None)  # the controller says which seats people run
    c.new_game(game_id, seats, seed=7, options=options)
    assert isinstance(app.screen, ui_plugin(game_id).screen_class())
    assert w.stack.currentWidget() is app.screen
    assert w.windowTitle().startswith(desc.title)
    r = random.Random(players)
    moves = 0
    while True:
        app.wait_turn()
        if c.is_over():
            break
        legal = c.legal()
        assert legal and app.screen.choices is not None
        before = len(c.session.records)
        app.request(legal[r.randrange(len(legal))])
        assert len(c.session.records) == before + 1, app.screen.message.text()
        moves += 1
        assert moves < 2000
    app.qtbot.waitUntil(lambda: w.stack.currentWidget() is w.end_screen, timeout=10000)
    assert moves > 0
    out = c.game.outcome(c.session.state)
    assert out is not None and w.end_screen.headline.text()
    assert any(r.game == game_id for r in records.load())  # the game counts in the record
