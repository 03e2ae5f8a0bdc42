"""The Frontier Stations table reads at 1280x720: it lays itself out for the window, every word
on it is at least 11 pt (LOOK.md), no essential word is cut short, and the table keeps its size
when the payment picker comes and goes.

Words are measured as they are painted: the kit's text painter notes the smallest size it drew
(`frostdesk.ui.kit.text.smallest_px`) and this table's words module notes essential text that
did not fit its place (`words.not_fitting`) or asked for less than the floor, so that the kit had
to raise it (`words.raised`): the layout itself makes every word readable. Every item is painted
again for the grab, so the whole table is seen.
"""

from __future__ import annotations

from typing import Any

import pytest

from frostdesk.engine.session import Seat
from frostdesk.ui.games.frontier_stations import words
from frostdesk.ui.kit import text
from frostdesk.ui.kit.items import clear_pixmap_cache

pytestmark = pytest.mark.ui
GAME = "frontier-stations"
CREW = ("Aster", "Boreal", "Cirrus", "Drift", "Eira")


def play_until(t: Any, players: int, seed: int, moves: int) -> None:
    """A game with you at the bottom and bot crews around, your moves the hint bot's, until
    `moves` moves were made (and it is your turn again) or the game ends. The moves are
    played without the window, by the agents the controller would use (the hint's made
    afresh for each of your moves, each bot's kept with the controller's seed), and the
    table opens on the result as on a loaded game: only that table is measured, and each
    move through the window cost a repaint and an autosave."""
    from frostdesk.ai import make_agent
    from frostdesk.engine.session import Session

    c = t.controller
    seats = [Seat("You")] + [Seat(f"Bot {CREW[i]}", "bot", "heuristic")
                             for i in range(players - 1)]
    c.new_game(GAME, seats, seed=seed)
    t.qtbot.waitUntil(lambda: c.is_over() or (c.my_turn() and t.screen.choices is not None),
                      timeout=30000)
    g = c.game
    session = Session.new(g, dict(c.session.options), seed, list(c.session.seats))
    bots = {i: make_agent(g, "heuristic", seed + 101 * i) for i in range(1, players)}
    while (seat := session.to_move()) is not None:
        if seat == 0 and len(session.records) >= moves:
            break
        agent = bots.get(seat) or make_agent(g, "heuristic", seed)
        view = g.view(session.state, seat)
        session.apply(agent.choose(g, view, g.legal(session.state), seat))
    c.start(session, fresh=False)
    t.qtbot.waitUntil(lambda: c.is_over() or (c.my_turn() and t.screen.choices is not None),
                      timeout=30000)


def measure(t: Any) -> tuple[float | None, list[str]]:
    """Paint the whole window again: the smallest text on it and the essential words that
    did not fit or were drawn larger than the table asked for."""
    t.qtbot.wait(50)
    clear_pixmap_cache()
    text.reset_smallest()
    words.reset_not_fitting()
    t.window.grab()
    return text.smallest_px(), words.not_fitting() + words.raised()


@pytest.mark.gui
@pytest.mark.parametrize(("players", "moves"), [(1, 8), (6, 14), (6, 40)])
def test_every_word_on_the_table_reads_at_1280x720(make_table: Any, players: int,
                                                    moves: int) -> None:
    t = make_table()
    play_until(t, players, 3, moves)
    smallest, cut = measure(t)
    assert smallest is not None and smallest >= text.FLOOR_PX - 0.01
    assert cut == []


@pytest.mark.gui
def test_every_word_reads_in_the_window_a_1280x720_screen_opens(make_table: Any) -> None:
    """The app's first window on a 1280x720 screen is 1152x648 (nine tenths): four stations'
    side panels there are narrow, and their five resource counts still fit (the symbols give
    way, the numbers keep the floor)."""
    t = make_table()
    t.window.resize(1152, 648)
    play_until(t, 4, 3, 2)
    smallest, cut = measure(t)
    assert smallest is not None and smallest >= text.FLOOR_PX - 0.01
    assert cut == []


@pytest.mark.gui
def test_the_table_is_laid_out_for_the_window_it_is_in(make_table: Any) -> None:
    t = make_table()
    play_until(t, 6, 3, 2)
    gs = t.screen
    view = gs.view.viewport().size()
    lay = gs.layout_
    # one table unit per screen pixel: the table fills the view, no margins to scale away
    assert (lay.w, lay.h) == (view.width() - 4, view.height() - 4)
    assert abs(gs.view.transform().m11() - 1.0) < 1e-6
    gs.set_log_visible(False)  # hiding the log gives its width to the table
    t.qtbot.waitUntil(lambda: gs.layout_.w > lay.w + 100, timeout=3000)
    assert gs.layout_.h == lay.h
    assert abs(gs.view.transform().m11() - 1.0) < 1e-6
    smallest, cut = measure(t)
    assert smallest is not None and smallest >= text.FLOOR_PX - 0.01
    assert cut == []
    gs.set_log_visible(True)


@pytest.mark.gui
def test_the_table_keeps_its_size_while_a_payment_is_chosen(make_table: Any) -> None:
    from frostdesk.ui.games.frontier_stations.picker import PayOption

    t = make_table()
    play_until(t, 4, 3, 2)
    gs = t.screen
    before = (gs.view.geometry(), gs.layout_.w, gs.layout_.h, gs.view.transform().m11())
    card = next(k for k in gs.scene.items_by_key if k[0] == "nexus")
    where = gs.scene.items_by_key[card].pos()
    options = [PayOption(None, [("You", [1, 0, 0, 0, 0])], "", "Pay 1 Energy"),
               PayOption(None, [("You", [0, 1, 0, 0, 0]), ("Bot Aster", [0, 0, 1, 0, 0])], "",
                         "Pay 1 Medical and 1 Shield")]
    gs.picker.set_choice("Plague activates: it takes 1 Medical.", "Tokens come from You.",
                         options, None, "Use distress beacon (2 left)", None)
    t.qtbot.wait(20)
    assert gs.picker.isVisible()
    assert (gs.view.geometry(), gs.layout_.w, gs.layout_.h, gs.view.transform().m11()) == before
    assert gs.scene.items_by_key[card].pos() == where
    # it floats over the table's middle (the shop and the tray), not over the stations
    middle = gs._middle_rect()
    assert middle is not None and gs.picker.geometry().intersects(middle)
    smallest, cut = measure(t)
    assert smallest is not None and smallest >= text.FLOOR_PX - 0.01
    assert cut == []
    gs.picker.clear()
    assert (gs.view.geometry(), gs.layout_.w, gs.layout_.h) == before[:3]
