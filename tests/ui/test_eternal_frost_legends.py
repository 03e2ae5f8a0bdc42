"""Legends 2-4 of The Eternal Frost on the table: a whole legend of bot heroes plays through
the screen without an error for each of them, the pieces these legends add (ice, markers,
figures, Iquar) are drawn where the view puts them, and the motions alone move them there."""

from __future__ import annotations

import logging
import random
from typing import Any

import pytest

from frostdesk.engine import registry
from frostdesk.engine.session import Seat
from frostdesk.ui.games.andor_eternal_frost.board import FrostBoard
from frostdesk.ui.games.andor_eternal_frost.legend_pieces import LEGEND_PIECES
from frostdesk.ui.games.andor_eternal_frost.table import MapLayout

pytestmark = pytest.mark.ui
GAME = "andor-eternal-frost"
LEGENDS = ("l2", "l3", "l4")
TITLES = {"l2": "Tablets Under the Snow", "l3": "The Sleeping Sword", "l4": "The Long Night"}
KINDS = set(LEGEND_PIECES)


def legend_places(layout: MapLayout, board: FrostBoard) -> dict[Any, tuple[float, float, str]]:
    """Where each legend piece is drawn and what it shows."""
    return {key: (round(sp.x), round(sp.y), str(sp.data.get("letter", sp.data.get("face"))))
            for key, sp in layout.specs(board, {}).items() if sp.kind in KINDS}


@pytest.mark.parametrize("legend", LEGENDS)
def test_a_whole_legend_of_bot_heroes_plays_through_the_screen(
        make_table: Any, caplog: pytest.LogCaptureFixture, legend: str) -> None:
    t = make_table()
    errors: list[str] = []
    t.bus.error.connect(errors.append)
    seats = [Seat(f"Bot {n}", "bot", "heuristic") for n in ("Aster", "Boreal", "Cirrus")]
    with caplog.at_level(logging.ERROR):
        t.controller.new_game(GAME, seats, seed=5, options={"legend": legend})
        t.qtbot.waitUntil(t.controller.is_over, timeout=120000)
    assert not errors
    assert not [r for r in caplog.records if r.levelno >= logging.ERROR]
    s = t.controller.session.state
    final = t.screen.shown.state
    assert final.space == s.space and final.creatures == s.creatures
    assert final.figures == s.figures and final.iquar == s.iquar
    from frostdesk.ui.games.andor_eternal_frost.plugin import results_panel

    panel = results_panel(t.controller.game, t.controller.session)
    assert panel.headline.startswith(f"{TITLES[legend]}: the legend is")


@pytest.mark.parametrize("legend", LEGENDS)
def test_the_legend_pieces_are_drawn_from_the_view_and_moved_by_the_motions(
        legend: str) -> None:
    game = registry.load_game(GAME)
    kinds_seen: set[str] = set()
    for seed in range(3):
        state, _ = game.new_game({"players": 3, "legend": legend}, seed)
        layout = MapLayout(game, game.legend(state).board, ["A", "B", "C"])
        view = game.view(state, 0)
        places = legend_places(layout, FrostBoard(view))
        # what setup lays out is on the table: every figure, ice token and marker
        assert {k for k in places if k[0] == "figure"} == {("figure", f) for f in view.figures}
        assert {k[1] for k in places if k[0] == "ice"} == set(view.ice)
        assert {k[1] for k in places if k[0] == "marker"} == set(view.markers)
        r = random.Random(seed)
        while game.to_move(state) is not None:
            board = FrostBoard(game.view(state, 0))
            state, events = game.apply(state, r.choice(list(game.legal(state))))
            for e in events:
                seen = e.seen_by(0)
                if seen is not None:
                    for m in game.motions(seen):
                        board.apply(m)
            real = legend_places(layout, FrostBoard(game.view(state, 0)))
            moved = legend_places(layout, board)
            # the shaman is found and handed on by events that move nothing on the table;
            # the batch's last step (the real view) puts her in place
            real.pop(("shaman",), None)
            moved.pop(("shaman",), None)
            assert moved == real, [e.kind for e in events]
            kinds_seen |= {k[0] for k in real}
    assert {"figure"} <= kinds_seen
    if legend != "l3":
        assert {"ice", "iquar" if legend == "l2" else "marker"} <= kinds_seen


def test_every_action_of_legends_2_to_4_has_a_players_words() -> None:
    """Buttons never show the save's short text: random games of each legend, every legal
    action of every state labelled; the new actions are all met."""
    from frostdesk.ui.games.andor_eternal_frost.words import HeroWords

    game = registry.load_game(GAME)
    kinds: set[str] = set()
    for legend in LEGENDS:
        for seed in range(4):
            options = {"players": 3, "legend": legend}
            state, _ = game.new_game(options, seed)
            words = HeroWords(game, options, ["Ana", "Ben", "Cy"])
            r = random.Random(seed)
            while game.to_move(state) is not None:
                legal = list(game.legal(state))
                for a in legal:
                    text = words.label(state, a)
                    assert text != game.action_text(a) and text[:1].isupper(), (a, text)
                    kinds.add(type(a).__name__)
                state, _ = game.apply(state, r.choice(legal))
    assert {"MoveTranuk", "Falcon", "Aside"} <= kinds
    # what random walks seldom meet, labelled on their own
    from frostdesk.games.andor_eternal_frost.state import Aside, Barter, TakeIquar

    state, _ = game.new_game({"players": 3, "legend": "l2"}, 0)
    words = HeroWords(game, {"players": 3}, ["Ana", "Ben", "Cy"])
    assert words.label(state, Barter("wineskin", "helm")) == \
        "Swap the wineskin for the merchant's helm"
    assert words.label(state, TakeIquar("griffin")) == "Take the griffin Iquar along"
    assert words.label(state, Aside(1, TakeIquar("griffin"))).endswith(
        ": Take the griffin Iquar along")


@pytest.mark.parametrize("legend", LEGENDS)
def test_the_first_legend_card_opens_over_the_map_marked_authored(
        make_table: Any, legend: str) -> None:
    t = make_table()
    t.controller.new_game(GAME, [Seat("Ana"), Seat("Ana")], seed=3,
                          options={"legend": legend, "heroes": "warrior,wizard",
                                   "sides": "0,0"})
    t.wait_turn()
    card = t.screen.card
    cards = t.controller.game.legend(t.controller.session.state).cards
    assert card.isVisible()
    assert card.title.text().startswith(f"Legend card {cards[0].id}: {cards[0].title}")
    assert card.mark.text() == "Authored for frostdesk"
