"""The screens around the Frontier Stations table: new game, start tile, hand-off, end, rules."""

from __future__ import annotations

from itertools import pairwise
from typing import Any

import pytest
from PySide6.QtCore import Qt, QTimer
from PySide6.QtWidgets import QComboBox, QWidget

from frostdesk.ai import make_agent
from frostdesk.engine.session import Seat, Session
from frostdesk.games import load_game
from frostdesk.settings import Settings

pytestmark = pytest.mark.ui

GAME = "frontier-stations"
FS = "frost-shelter"


def shown(qtbot: Any, widget: QWidget, size: tuple[int, int] | None = None) -> Any:
    qtbot.addWidget(widget)
    if size:
        widget.resize(*size)
    widget.show()
    qtbot.waitExposed(widget)
    return widget


def too_small(widget: QWidget) -> list[str]:
    """Visible widgets whose font is under 11 pt (LOOK.md); empty when none is."""
    return [f"{type(w).__name__}#{w.objectName()}"
            for w in [widget] + widget.findChildren(QWidget)
            if w.isVisibleTo(widget) and w.font().pointSizeF() < 11]


def shown_named(widget: QWidget, name: str) -> bool:
    """Whether a child of `widget` called `name` is shown."""
    return any(w.isVisibleTo(widget) for w in widget.findChildren(QWidget, name))


def choose(combo: QComboBox, data: Any) -> None:
    """Pick an item the way a player does (activated fires only on a user's choice)."""
    index = combo.findData(data)
    assert index >= 0, (data, [combo.itemData(i) for i in range(combo.count())])
    combo.setCurrentIndex(index)
    combo.activated.emit(index)


def set_station(d: Any, i: int, name: str, kind: str = "human", level: str = "steady",
                nexus: str | None = None) -> None:
    row = d.rows[i]
    row.name.setText(name)
    row.kind.setCurrentIndex(row.kind.findData(kind))
    row.level.setCurrentIndex(row.level.findData(level))
    if nexus is not None:
        row.options["nexus"].setCurrentIndex(row.options["nexus"].findData(nexus))


# ---------------------------------------------------------------------- new game


@pytest.mark.parametrize("preset, expected", [
    ("standard", {"nexus": "standard", "price": 0, "beacons": 2}),
    ("easier", {"nexus": "heavy", "price": 0, "beacons": 2}),
    ("harder", {"nexus": "light", "price": 0, "beacons": 2}),
    ("hardest", {"nexus": "standard", "price": 1, "beacons": 2}),
])
def test_each_preset_builds_its_options(qtbot: Any, preset: str, expected: dict) -> None:
    from frostdesk.ui.screens.new_game import NewGameDialog

    d = shown(qtbot, NewGameDialog(GAME, Settings(player_name="Ana")))
    # Start from a custom mix so every preset has something to change.
    choose(d.all_seats["nexus"], "light" if preset != "harder" else "heavy")
    d.controls["beacons"].setValue(4)
    assert d.preset.currentData() == "custom"
    choose(d.preset, preset)
    labels = {"standard": "Standard", "easier": "Easier (Heavy Nexus)",
              "harder": "Harder (Light Nexus)", "hardest": "Hardest (+1 price)"}
    assert d.preset.currentText() == labels[preset]
    assert {r.options["nexus"].currentData() for r in d.rows[:d.count()]} == \
        {expected["nexus"]}
    qtbot.mouseClick(d.ok_button, Qt.MouseButton.LeftButton)
    c = d.config()
    assert c.game_id == GAME and c.options == expected
    assert len(c.seats) == 4 and c.seats[0] == Seat("Ana")
    session = Session.new(load_game(GAME), c.options, 5, c.seats)
    assert session.state.price == expected["price"] and session.state.beacons == 2
    assert set(session.state.nexus) == {expected["nexus"]}


def test_per_station_nexus_beacons_captain_and_seed(qtbot: Any) -> None:
    from frostdesk.ui.screens.new_game import PER_SEAT, NewGameDialog

    d = shown(qtbot, NewGameDialog(GAME, Settings(player_name="Ana")))
    assert d.count() == 4 and d.preset.currentData() == "standard"
    d.player_count.setValue(5)
    for i, kind in ((1, "heavy"), (4, "light")):
        d.rows[i].options["nexus"].setCurrentIndex(d.rows[i].options["nexus"].findData(kind))
    assert d.all_seats["nexus"].currentData() == PER_SEAT and d.preset.currentData() == "custom"
    d.controls["price"].setCurrentIndex(d.controls["price"].findData(-1))
    d.controls["beacons"].setValue(0)
    d.first_seat.setCurrentIndex(d.first_seat.findData(2))
    assert d.first_seat.currentText().startswith("3. ")
    d.seed.setText("77")
    d.accept()
    c = d.config()
    assert c.options == {"nexus": "standard,heavy,standard,standard,light", "price": -1,
                         "beacons": 0, "first": 2}
    assert c.seed == 77
    s = Session.new(load_game(GAME), c.options, c.seed, c.seats)
    assert s.state.nexus == ("standard", "heavy", "standard", "standard", "light")
    assert s.state.captain == 2 and s.state.beacons == 0 and s.state.price == -1

    # "For every station" sets all rows again; matching a preset selects it.
    d2 = shown(qtbot, NewGameDialog(GAME, Settings()))
    nexus = d2.rows[0].options["nexus"]
    nexus.setCurrentIndex(nexus.findData("heavy"))
    choose(d2.all_seats["nexus"], "light")
    assert [r.options["nexus"].currentData() for r in d2.rows] == ["light"] * 6
    assert d2.preset.currentData() == "harder"
    assert d2.options() == {"nexus": "light", "price": 0, "beacons": 2}


def test_stations_crews_and_one_person_running_several(qtbot: Any) -> None:
    from frostdesk.ui.screens.new_game import NewGameDialog

    d = shown(qtbot, NewGameDialog(GAME, Settings()))
    g = load_game(GAME)
    assert (d.player_count.minimum(), d.player_count.maximum()) == (1, 6)
    levels = [d.rows[0].level.itemText(i) for i in range(d.rows[0].level.count())]
    assert levels == ["Crew (steady)", "Crew (rookie)", "Crew (planning) · Hard"]
    d.player_count.setValue(4)
    set_station(d, 0, "Ana")
    set_station(d, 1, "ana ")  # the same person, however it is typed
    set_station(d, 2, "Rook", "bot", "rookie")
    set_station(d, 3, "Steady", "bot", "steady")
    assert not d.rows[0].level.isVisible() and d.rows[2].level.isVisible()
    assert d.ok_button.isEnabled() and not d.error.isVisible()
    assert d.share_hint is not None and "same name" not in d.error.text()
    # A bot crew may not borrow a person's name.
    set_station(d, 3, "Ana", "bot")
    assert not d.ok_button.isEnabled()
    assert "Stations 1 and 4" in d.error.text() and "bot crew" in d.error.text()
    assert d.rows[3].name.property("invalid") is True
    set_station(d, 3, "", "bot")
    assert "Station 4 needs a name" in d.error.text()
    set_station(d, 3, "Steady", "bot")
    assert d.ok_button.isEnabled()
    d.accept()
    c = d.config()
    assert [(s.name, s.kind) for s in c.seats] == [("Ana", "human"), ("ana", "human"),
                                                   ("Rook", "bot"), ("Steady", "bot")]
    assert [s.bot for s in c.seats[2:]] == ["easy", "heuristic"]
    assert all(make_agent(g, s.bot) for s in c.seats[2:])
    assert not too_small(d)


def test_one_station_reads_singular_and_starts(qtbot: Any) -> None:
    from frostdesk.ui.screens.new_game import NewGameDialog

    d = shown(qtbot, NewGameDialog(GAME, Settings(player_name="Solo")))
    d.player_count.setValue(1)
    assert d.player_count.text() == "1 station"
    assert [r.name.isVisible() for r in d.rows] == [True] + [False] * 5
    d.accept()
    c = d.config()
    assert c.seats == [Seat("Solo")] and c.options["nexus"] == "standard"
    assert Session.new(load_game(GAME), c.options, 1, c.seats).state.n == 1


def test_each_game_remembers_its_own_table(qtbot: Any) -> None:
    from frostdesk.ui.screens.new_game import NewGameDialog

    fs_seats = [{"name": "Ana", "kind": "human", "level": "normal"},
                {"name": "Bo", "kind": "bot", "level": "hard"}]
    d = shown(qtbot, NewGameDialog(GAME, Settings(last_seats=list(fs_seats))))
    assert d.rows[0].name.text() == "Player"  # Frost Shelter's seats are not stations
    d.player_count.setValue(3)
    set_station(d, 0, "Cy", nexus="heavy")
    set_station(d, 1, "Cy", nexus="light")
    set_station(d, 2, "Crew One", "bot", "rookie")
    d.accept()
    saved = d.settings().last_seats
    assert saved[3:] == fs_seats  # the other game's seats are kept as they were
    assert all(s["game"] == GAME for s in saved[:3])

    again = shown(qtbot, NewGameDialog(GAME, Settings(last_seats=saved)))
    assert again.count() == 3
    assert [r.to_dict() for r in again.rows[:3]] == [
        {"name": "Cy", "kind": "human", "level": "steady", "nexus": "heavy"},
        {"name": "Cy", "kind": "human", "level": "steady", "nexus": "light"},
        {"name": "Crew One", "kind": "bot", "level": "rookie", "nexus": "standard"}]
    assert again.ok_button.isEnabled()

    fs = shown(qtbot, NewGameDialog(FS, Settings(last_seats=saved)))
    assert fs.count() == 2 and [r.to_dict() for r in fs.rows[:2]] == fs_seats
    fs.accept()
    assert fs.settings().last_seats[:2] == [dict(s, game=FS) for s in fs_seats]
    assert fs.settings().last_seats[2:] == saved[:3]  # and the stations survive a Frost game


def test_frost_shelter_dialog_is_unchanged(qtbot: Any) -> None:
    from frostdesk.ui.screens.new_game import NewGameDialog

    d = shown(qtbot, NewGameDialog(FS, Settings()))
    assert not d.all_seats and d.preset is None and not d.controls  # no options at all
    assert not d.findChildren(QComboBox, "seatNexus") and d.share_hint is None
    assert d.player_count.suffix() == " players"
    levels = [d.rows[0].level.itemText(i) for i in range(d.rows[0].level.count())]
    assert levels == ["Easy", "Normal", "Hard"]
    assert [d.rows[0].kind.itemText(i) for i in range(d.rows[0].kind.count())] == ["Human",
                                                                                   "Bot"]
    d.player_count.setValue(2)
    set_station(d, 0, "Ana")
    set_station(d, 1, "ana")  # Frost Shelter: every player needs a different name
    assert not d.ok_button.isEnabled() and "different name" in d.error.text()
    set_station(d, 1, "Bo", "bot", "normal")
    d.first_seat.setCurrentIndex(d.first_seat.findData(1))
    d.accept()
    assert d.config().options == {"first_leader": 1}
    assert d.config().seats[1].bot == "heuristic"


def test_quick_solo_runs_station_one_with_three_bot_crews() -> None:
    from frostdesk.ui.screens.new_game import quick_solo_config

    c = quick_solo_config(GAME, Settings(player_name="Ana"))
    assert c.game_id == GAME and c.seed is None
    assert c.options == {"nexus": "standard", "price": 0, "beacons": 2}
    assert c.seats[0] == Seat("Ana")
    assert [(s.kind, s.bot) for s in c.seats[1:]] == [("bot", "heuristic")] * 3
    assert len({s.name for s in c.seats}) == 4
    assert Session.new(load_game(GAME), c.options, 3, c.seats).state.n == 4
    assert quick_solo_config(FS, Settings(player_name="Ana")).options == {}


# ---------------------------------------------------------------------- start screen


def test_start_screen_offers_frontier_stations(qtbot: Any) -> None:
    from frostdesk.ui.screens.start import StartScreen

    w = shown(qtbot, StartScreen(Settings()), (1280, 720))
    tile = w.tiles[GAME]
    assert tile.isEnabled() and tile.new_game is not None
    assert tile.badge.text() == "1–6 stations ·\u00a0cooperative"
    assert "Cooperative" in tile.blurb.text() and "engine building" in tile.blurb.text()
    facts = " ".join(f.text() for f in tile.fact_labels)
    assert "1–6 stations" in facts and "Heavy" in facts and "Light" in facts
    got: list[tuple[str, str]] = []
    w.new_game_requested.connect(lambda gid: got.append(("new", gid)))
    w.quick_solo_requested.connect(lambda gid: got.append(("solo", gid)))
    w.rules_requested.connect(lambda gid: got.append(("rules", gid)))
    for b in (tile.new_game, tile.quick_solo, tile.rules):
        qtbot.mouseClick(b, Qt.MouseButton.LeftButton)
    assert got == [("new", GAME), ("solo", GAME), ("rules", GAME)]
    # Both playable tiles fit side by side at 1280x720 with nothing clipped.
    for t in (w.tiles[FS], tile):
        assert t.height() >= t.sizeHint().height() - 2
        for b in t.buttons:
            assert b.width() >= b.sizeHint().width(), b.text()
    assert not too_small(w)


# ---------------------------------------------------------------------- hand-off


class Driver:
    """A controller without a table: the test plays the table's part (idle after events)."""

    def __init__(self, qtbot: Any, seats: list[Seat], seed: int = 3) -> None:
        from frostdesk.ui.bus import GameBus
        from frostdesk.ui.controller import Controller

        self.qtbot = qtbot
        self.bus = GameBus()
        self.controller = Controller(self.bus, Settings(bot_pause_ms=0))
        self.controller.autosave_enabled = False
        self.handoffs: list[int] = []
        self.bus.handoff_requested.connect(self.handoffs.append)
        self.bus.events_applied.connect(self._idle_soon)
        self.bus.state_reset.connect(self._idle_soon)
        self.movers: list[int] = []  # human seats, in the order they were asked to move
        self.controller.new_game(GAME, seats, seed=seed,
                                 options={"nexus": "heavy", "beacons": 4, "first": 0})

    def _idle_soon(self, *_args: Any) -> None:
        # Tied to the controller: the timer dies with it if the test ends first.
        QTimer.singleShot(0, self.controller, self._idle)

    def _idle(self) -> None:
        self.bus.animations_idle.emit()

    def play(self, human_moves: int) -> None:
        c = self.controller
        for _ in range(human_moves):
            self.qtbot.waitUntil(lambda: c.is_over() or c.awaiting_handoff is not None
                                 or c.my_turn(), timeout=20000)
            if c.is_over():
                return
            if c.awaiting_handoff is not None:
                assert c.viewer is None
                self.bus.handoff_confirmed.emit(c.awaiting_handoff)
                continue
            seat = c.to_move()
            assert c.viewer == seat
            self.movers.append(seat)
            action, _ = c.hint()
            before = len(c.session.records)
            assert c.request(action)
            self.qtbot.waitUntil(lambda n=before: len(c.session.records) > n, timeout=3000)

    def close(self) -> None:
        self.controller.shutdown()
        self.bus.events_applied.disconnect(self._idle_soon)
        self.bus.state_reset.disconnect(self._idle_soon)
        self.qtbot.wait(10)  # let any queued idle run while everything is alive


@pytest.mark.gui
def test_one_person_running_several_stations_gets_no_hand_off(qtbot: Any) -> None:
    d = Driver(qtbot, [Seat("Ana"), Seat("ana"), Seat("Bot Aster", "bot", "heuristic")])
    try:
        assert d.controller.viewer == 0  # one person: their view from the start
        # the rules hear that one person runs stations 0 and 1 (one player, no vote needed)
        assert d.controller.session.options["people"] == [0, 0, -1]
        assert d.controller.session.state.people == (0, 0, -1)
        d.play(40)
        assert {0, 1} <= set(d.movers)  # both of Ana's stations moved
        assert any(a != b for a, b in pairwise(d.movers))  # and she switched
        assert d.handoffs == []
        assert d.controller.awaiting_handoff is None
    finally:
        d.close()


def test_two_different_people_get_a_hand_off(qtbot: Any) -> None:
    d = Driver(qtbot, [Seat("Ana"), Seat("Ana"), Seat("Ben"),
                       Seat("Bot Aster", "bot", "heuristic")])
    try:
        d.play(60)
        c = d.controller
        assert {0, 1, 2} <= set(d.movers)
        assert d.handoffs, "passing from Ana to Ben must cover the table"
        names = [c.session.seats[s].name.casefold() for s in d.handoffs]
        # A hand-off always goes to the other person, never between Ana's own stations.
        assert all(a != b for a, b in pairwise(names))
        assert "ben" in names
        ana_to_ana = sum(1 for a, b in pairwise(d.movers) if {a, b} == {0, 1})
        assert ana_to_ana > 0  # Ana moved between her stations with no hand-off
    finally:
        d.close()


# ---------------------------------------------------------------------- end screen


def _finished(options: dict[str, Any], want_win: bool,
              names: tuple[str, ...] = ("Ana", "Bot Aster", "Bot Boreal")) -> Any:
    """A finished game the bots play to the wanted result (the first seed that gives it)."""
    g = load_game(GAME)
    for seed in range(1, 40):
        seats = [Seat(names[0])] + [Seat(n, "bot", "heuristic") for n in names[1:]]
        s = Session.new(g, options, seed, seats)
        agents = [make_agent(g, "heuristic", seed + i) for i in range(len(seats))]
        while s.to_move() is not None:
            p = s.to_move()
            s.apply(agents[p].choose(g, g.view(s.state, p), g.legal(s.state), p))
        if g.outcome(s.state).cooperative_win is want_win:
            return g, s
    pytest.skip("no seed gave the wanted result")


def _count(g: Any, s: Any, kind: str, **data: Any) -> int:
    """Events of `kind` (with matching data) in a fresh replay of the session."""
    fresh = Session.new(g, dict(s.options), s.seed, list(s.seats))
    n = 0
    for rec in s.records:
        for e in fresh.apply(g.parse_action(rec.text)):
            if e.kind == kind and all(e.data.get(k) == v for k, v in data.items()):
                n += 1
    return n


@pytest.mark.gui
def test_end_screen_when_the_stations_held(qtbot: Any) -> None:
    from frostdesk.ui.screens.end import EndScreen

    g, s = _finished({"nexus": "heavy", "price": -1, "beacons": 4}, True)
    o = g.outcome(s.state)
    w = shown(qtbot, EndScreen(), (1280, 720))
    w.show_result(g, s)
    turns = o.details["turns"]
    assert w.headline.text() == "The stations held!"
    assert w.panel.reason.isVisible() and o.details["reason"] in w.panel.reason.text()
    assert f"turn {turns}" in w.panel.reason.text()
    assert "Heavy Nexus, prices −1, 4 beacons" in w.summary.text()
    stats = {k: b.value.text() for k, b in w.panel.stat_boxes.items()}
    assert stats == {"turns": str(turns),
                     "destroyed": str(_count(g, s, "destroyed", face_up=False)),
                     "installed": str(len(s.state.bought)),
                     "beacons": f"{4 - s.state.beacons} of 4"}
    rows = w.ranking()
    assert [r[0] for r in rows] == ["1. Ana", "2. Bot Aster", "3. Bot Boreal"]
    assert [r[1] for r in rows] == ["Human", "Bot crew (steady)", "Bot crew (steady)"]
    assert {r[2] for r in rows} == {"Heavy Nexus"}
    assert sum(int(r[3]) for r in rows) == len(s.state.bought)
    assert not any("breach" in r[-1] for r in rows)
    assert w.winners == ["Ana", "Bot Aster", "Bot Boreal"]
    assert w.rematch_button.text() == "Play again" and not shown_named(w, "tiebreak")
    assert not too_small(w)


def test_end_screen_when_a_station_was_lost_then_frost_shelter(qtbot: Any) -> None:
    from frostdesk.ui.games.frost_shelter.results import FOOTNOTE
    from frostdesk.ui.screens.end import EndScreen

    g, s = _finished({"nexus": "light", "price": 2, "beacons": 0}, False)
    o = g.outcome(s.state)
    w = shown(qtbot, EndScreen(), (1280, 720))
    w.show_result(g, s)
    turns = o.details["turns"]
    assert w.headline.text() == "Station lost"
    assert w.panel.reason.text() == f"Lost on turn {turns}. {o.details['reason']}"
    assert w.panel.stat_boxes["turns"].value.text() == str(turns - 1)
    assert w.panel.stat_boxes["beacons"].value.text() == "0 of 0"
    assert w.winners == [] and w.rematch_button.text() == "Try again"
    breached = [i for i, r in enumerate(w.ranking()) if "next to the breach" in r[-1]]
    lost = [e for e in (_last_events(g, s)) if e.kind == "game_lost"]
    area = lost[0].data["area"]
    assert breached == sorted({area, (area + 1) % s.state.n})

    # The same screen then shows a Frost Shelter result as before: a ranking, no team numbers.
    fg, fs = _finished_frost_shelter()
    w.show_result(fg, fs)
    assert not shown_named(w, "teamStats") and not shown_named(w, "reason")
    assert w.panel.footnote.text() == FOOTNOTE and w.rematch_button.text() == "Play again"
    assert w.ranking()[0][0] == "★ 1st" and w.ranking()[0][1] in ("Ana", "Bo")
    events = len(fg.outcome(fs.state).details["event_damage"])
    assert w.panel.table.columnCount() == 3 + events + 4


def _finished_frost_shelter() -> tuple[Any, Any]:
    import random

    g = load_game(FS)
    s = Session.new(g, {}, 3, [Seat("Ana"), Seat("Bo", "bot")])
    r = random.Random(0)
    while s.to_move() is not None:
        s.apply(r.choice(g.legal(s.state)))
    return g, s


def _last_events(g: Any, s: Any) -> list[Any]:
    return g.apply(s.states[-2], g.parse_action(s.records[-1].text))[1]


# ---------------------------------------------------------------------- rules


def test_rules_dialog_opens_this_games_rules_and_lists_its_cards(qtbot: Any,
                                                                 monkeypatch: Any) -> None:
    from frostdesk.ui.screens import rules
    from frostdesk.ui.screens.rules import RulesDialog

    assert rules.rules_path(GAME).name == "frontier-stations.md"
    d = shown(qtbot, RulesDialog(GAME))
    assert d.available == rules.rules_path(GAME).is_file()
    assert d.windowTitle() == "Rules — Frontier Stations"
    cards = d.cards.toPlainText()
    content = load_game(GAME).content
    for card in content.systems + content.threats:
        assert card.name in cards
    assert "Heavy Nexus" in cards and "Light Nexus" in cards and "Traceback" not in cards

    # Without its rules file the dialog says so and still lists the cards.
    monkeypatch.setattr(rules, "rules_path", lambda gid: rules.paths.docs_dir() / "none.md")
    missing = shown(qtbot, RulesDialog(GAME))
    assert not missing.available and "not available" in missing.browser.toPlainText()
    assert "Barracks" in missing.cards.toPlainText()
