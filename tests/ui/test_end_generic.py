"""The end screen knows no game: a plug-in's results panel fills it, else a plain ranking."""

from __future__ import annotations

import random
import types
from typing import Any

import pytest
from PySide6.QtWidgets import QLabel, QWidget

from frostdesk.engine.session import Seat, Session
from frostdesk.games import load_game

pytestmark = pytest.mark.ui


def shown(qtbot: Any, widget: QWidget) -> Any:
    qtbot.addWidget(widget)
    widget.resize(1280, 720)
    widget.show()
    qtbot.waitExposed(widget)
    return widget


def finished(game_id: str, seats: list[Seat], seed: int = 3) -> tuple[Any, Any]:
    g = load_game(game_id)
    s = Session.new(g, {}, seed, seats)
    r = random.Random(seed)
    while s.to_move() is not None:
        s.apply(r.choice(g.legal(s.state)))
    return g, s


@pytest.fixture
def no_panels(monkeypatch: pytest.MonkeyPatch) -> None:
    """Every game's UI plug-in without a results_panel."""
    from frostdesk.ui import plugins

    monkeypatch.setattr(plugins, "ui_plugin", lambda game_id: types.SimpleNamespace())


def test_a_game_without_a_results_panel_gets_the_ranking(qtbot: Any, no_panels: None) -> None:
    from frostdesk.ui.screens.end import EndScreen, RankingPanel

    g, s = finished("frost-shelter", [Seat("Ana"), Seat("Bo", "bot", "mcts"),
                                      Seat("Cy", "bot", "easy")])
    o = g.outcome(s.state)
    w = shown(qtbot, EndScreen())
    w.show_result(g, s)
    assert isinstance(w.panel, RankingPanel)
    names = ["Ana", "Bo", "Cy"]
    order = sorted(range(3), key=lambda i: (o.places[i], i))
    winners = [names[i] for i in order if o.places[i] == 1]
    assert w.winners == winners
    if len(winners) == 1:
        assert w.headline.text() == f"{winners[0]} wins!"
    assert w.summary.text() == "Frost Shelter · 3 players"
    kinds = {"Ana": "Human", "Bo": "Bot (Hard)", "Cy": "Bot (Easy)"}
    assert [w.panel.table.horizontalHeaderItem(c).text() for c in range(4)] == \
        ["Place", "Player", "Plays as", "Damage"]  # the description's score_name
    assert w.ranking() == [[("★ " if o.places[i] == 1 else "") + ["1st", "2nd", "3rd"][
        o.places[i] - 1], names[i], kinds[names[i]], str(o.scores[i])] for i in order]
    assert w.panel.table.item(0, 1).font().bold()
    assert w.panel.table.item(0, 1).background().color().alpha() > 0
    assert w.rematch_button.text() == "Play again"


def test_a_team_result_without_a_panel_lists_the_team(qtbot: Any, no_panels: None) -> None:
    from frostdesk.ui.screens.end import EndScreen

    g, s = finished("frontier-stations", [Seat("Ana"), Seat("Crew", "bot", "heuristic")])
    o = g.outcome(s.state)
    w = shown(qtbot, EndScreen())
    w.show_result(g, s)
    assert w.headline.text() == ("You won together!" if o.cooperative_win
                                 else "The game is lost")
    assert w.summary.text().startswith("Frontier Stations · 2 stations · ")
    assert w.summary.text().endswith(" · cooperative")
    assert w.ranking() == [["Ana", "Human"], ["Crew", "Crew (steady)"]]  # no places, no scores
    assert w.winners == (["Ana", "Crew"] if o.cooperative_win else [])


@pytest.mark.expect_errors("the results panel of frost-shelter failed")
def test_the_plug_ins_panel_gives_the_words(qtbot: Any, monkeypatch: pytest.MonkeyPatch,
                                            caplog: pytest.LogCaptureFixture) -> None:
    from frostdesk.ui import plugins
    from frostdesk.ui.screens.end import EndScreen, RankingPanel, ResultsPanel

    class Panel(ResultsPanel):
        def __init__(self) -> None:
            super().__init__()
            self.headline, self.summary = "Everyone froze", "Toy · hard"
            self.winners, self.rematch_text, self.rematch_tip = [], "Try again", "Same again"
            self.note = QLabel("a note")
            self.note.setObjectName("note")
            self.box.addWidget(self.note)

    hooks = types.SimpleNamespace(results_panel=lambda game, session: Panel())
    monkeypatch.setattr(plugins, "ui_plugin", lambda game_id: hooks)
    g, s = finished("frost-shelter", [Seat("Ana"), Seat("Bo", "bot")])
    w = shown(qtbot, EndScreen())
    w.show_result(g, s)
    assert (w.headline.text(), w.summary.text()) == ("Everyone froze", "Toy · hard")
    assert (w.rematch_button.text(), w.rematch_button.toolTip()) == ("Try again", "Same again")
    assert w.panel.note.isVisible() and w.ranking() == []

    # A panel that fails is logged and the ranking shows instead; the old panel goes.
    def broken(game: Any, session: Any) -> QWidget:
        raise ValueError("no panel today")

    hooks.results_panel = broken
    w.show_result(g, s)
    assert isinstance(w.panel, RankingPanel) and not w.findChildren(QLabel, "note")
    assert w.rematch_button.text() == "Play again" and len(w.ranking()) == 2
    assert any("results panel" in r.message for r in caplog.records)


def test_a_game_not_over_says_so(qtbot: Any) -> None:
    from frostdesk.ui.screens.end import EndScreen

    g = load_game("frost-shelter")
    s = Session.new(g, {}, 1, [Seat("Ana"), Seat("Bo", "bot")])
    w = shown(qtbot, EndScreen())
    w.show_result(g, s)
    assert w.headline.text() == "The game is not over yet" and w.ranking() == []
    assert w.panel is None and w.winners == []
