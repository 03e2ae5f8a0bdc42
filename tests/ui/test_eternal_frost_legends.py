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


# Slow set: a whole legend takes 100-200 bot moves through the window (9-13 s each on the
# shared machine). Every day the conformance suite plays every legend by the rules and
# Legend 1 through the window to its end screen; with -m gui the test below follows each
# legend's pieces move by move.
@pytest.mark.slow
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


@pytest.mark.gui
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


@pytest.mark.gui
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


@pytest.mark.gui
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


@pytest.mark.gui
def test_the_free_actions_menu_has_a_submenu_per_hero_and_a_choice_in_it_plays(
        make_table: Any) -> None:
    """Legend 4 offers some two hundred free actions at its start; the menu's top level holds
    one submenu per hero (the acting hero first) and the turn's own few, long kinds are split
    again, and an entry chosen deep inside is the action requested."""
    from PySide6.QtWidgets import QMenu

    from frostdesk.games.andor_eternal_frost.state import Aside, MoveFox, PickUp

    t = make_table()
    t.controller.new_game(GAME, [Seat("Ana"), Seat("Ana"), Seat("Ana")], seed=3,
                          options={"legend": "l4"})
    t.wait_turn()
    screen = t.screen
    free = screen._buttons()[1]
    assert len(free) > 150
    menu = screen._more_menu(free)
    assert isinstance(menu, QMenu)
    top = menu.actions()
    heroes = 3
    turn_own = [a for a in top if a.menu() is None]
    assert len(top) <= heroes + len(turn_own) and len(turn_own) <= 3
    subs = [a for a in top if a.menu() is not None]
    state = screen.session.state
    words = screen.words
    assert [a.text().split(" (")[0] for a in subs] == [
        words.short(i) for i in (state.current, *sorted(
            {a.hero for a in free if isinstance(a, Aside)} - {state.current}))]
    assert subs[0].text().endswith(", this turn")
    for sub in subs:  # nothing past one screen's height anywhere
        stack = [sub.menu()]
        while stack:
            m = stack.pop()
            assert len(m.actions()) <= 20, m.title()
            stack.extend(a.menu() for a in m.actions() if a.menu() is not None)

    def leaves(m: QMenu) -> list[Any]:
        out = []
        for a in m.actions():
            out.extend(leaves(a.menu()) if a.menu() is not None else [a])
        return out

    assert len(leaves(menu)) == len(free)
    fox = next(a for a in subs[0].menu().actions() if a.text().startswith("Fly the fox"))
    last_part = fox.menu().actions()[-1]
    far = max(a.to for a in free if isinstance(a, MoveFox))
    assert last_part.text().startswith("to ") and last_part.text().endswith(str(far))
    # another hero takes an article outside their turn: chosen two levels down, played
    other = subs[1].menu()
    take = next(a for a in leaves(other) if a.text().startswith("Take the "))
    wanted = next(a for a in free if isinstance(a, Aside) and isinstance(a.action, PickUp)
                  and words.label(state, a.action) == take.text()
                  and words.short(a.hero) == subs[1].text().split(" (")[0])
    session = screen.session
    take.trigger()
    t.qtbot.waitUntil(lambda: len(session.records) == 1, timeout=5000)
    assert session.records[0].text == session.game.action_text(wanted)


def test_the_creature_display_shows_only_the_terror_in_play(qtbot: Any) -> None:
    """Legend 4's die picks one of three terrors: until then none is shown, then only that
    one; a legend with a single boss names it from the start."""
    from frostdesk.ui.games.andor_eternal_frost.panels import CreatureDisplay
    from frostdesk.ui.games.andor_eternal_frost.words import HeroWords

    game = registry.load_game(GAME)
    panel = CreatureDisplay()
    qtbot.addWidget(panel)

    def names(state: Any) -> list[str]:
        view = game.view(state, 0)
        panel.show_state(game, view, HeroWords(game, {}, ["Ana", "Ben"]))
        return [n for n, _, _ in panel.lines()]

    state, _ = game.new_game({"players": 2, "legend": "l4"}, 1)
    terrors = {"Shron", "Takota", "Myrk"}
    assert set(state.bosses) == {"shron", "takota", "myrk"}
    before = names(state)
    assert not terrors & set(before) and "Terror" in before
    called = state.copy()
    called.creatures[99] = ["takota", 455]  # as the die's card places it
    after = names(called)
    assert "Takota" in after and not {"Shron", "Myrk"} & set(after) and "Terror" not in after
    one, _ = game.new_game({"players": 2, "legend": "l1"}, 1)
    assert "Myrk" in names(one) and "Terror" not in names(one)
