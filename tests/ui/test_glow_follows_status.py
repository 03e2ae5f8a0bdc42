"""The glow of the player to move changes with the status line, never after the animation of
the moves before it."""

from __future__ import annotations

from typing import Any

import pytest

from frostdesk.engine.session import Seat

pytestmark = pytest.mark.ui


def _glowing(gs: Any) -> list[int]:
    return sorted(k[1] for k, item in gs.scene.items_by_key.items()
                  if k[0] == "halo" and item.isVisible())


@pytest.mark.gui
def test_the_glow_moves_with_the_status_line_while_the_cards_fly(make_table: Any) -> None:
    t = make_table()
    c = t.controller
    c.new_game("frost-shelter", [Seat("Ana"), Seat("Bot A", "bot", "heuristic"),
                                 Seat("Bot B", "bot", "heuristic")],
               seed=3, options={"first_leader": 1})
    t.wait_turn()
    gs = t.screen
    assert _glowing(gs) == [0]
    t.controller.settings.animation_speed = "normal"  # the card takes its time to fly
    action = next(a for a in gs.choices.legal)
    c.request(action)
    assert gs.animator.busy
    seat = c.to_move()
    assert seat != 0 and c.session.seats[seat].name in gs.status.text()
    assert _glowing(gs) == [seat]  # at once, like the status line
    panel = gs.scene.items_by_key[("panel", seat)]
    assert panel.data["active"] and not gs.scene.items_by_key[("panel", 0)].data["active"]
    t.qtbot.waitUntil(lambda: not gs.animator.busy, timeout=5000)


@pytest.mark.gui
def test_the_stations_turn_moves_with_the_status_line(make_table: Any) -> None:
    from frostdesk.games.frontier_stations.state import Done

    t = make_table()
    c = t.controller
    c.new_game("frontier-stations", [Seat("Ana"), Seat("Bot", "bot", "heuristic")], seed=11,
               options={"first": 0})
    for _ in range(30):
        t.wait_turn()
        if Done() in c.legal():
            break
        c.request(c.hint()[0])
    else:
        pytest.fail("no purchase step")
    gs = t.screen
    c.settings.animation_speed = "normal"
    c.request(Done())  # the turn passes to the bot's station
    seat = c.to_move()
    assert seat == 1 and gs.animator.busy
    station = gs.scene.items_by_key[("station", 1)].data
    assert station["current"] and not gs.scene.items_by_key[("station", 0)].data["current"]
    t.qtbot.waitUntil(lambda: not gs.animator.busy, timeout=8000)
