"""The new-game dialog builds itself from a game's description, whatever the game.

A toy game registered here (Frost Shelter's rules under other words and options) shows that
every control comes from the description: the seat words, the bot levels, the per-seat
columns, the options by kind, the presets, the first seat and the name rule.
"""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

import pytest
from PySide6.QtCore import Qt
from PySide6.QtWidgets import QCheckBox, QComboBox, QLabel, QSpinBox, QWidget

from frostdesk.engine import registry
from frostdesk.engine.registry import (
    BotLevel,
    Choice,
    GameDescription,
    Option,
    Preset,
    SeatWords,
)
from frostdesk.engine.session import Seat
from frostdesk.settings import Settings

pytestmark = pytest.mark.ui

TOY = "toy-huts"
COLOUR = Option("colour", "Colour", "choice", "red", per_seat=True,
                choices=(Choice("red", "Red"), Choice("blue", "Blue (calm)", "A calm hut")),
                tip="The hut's colour.")
ROUNDS = Option("rounds", "Rounds", "int", 3, minimum=1, maximum=5, tip="How many deals.",
                hint="one deal each")
FAST = Option("fast", "Fast deals", "bool", True, tip="No pause between deals.",
              hint="deal without pauses")
SPEED = Option("speed", "Speed", "choice", "slow",
               choices=(Choice("slow", "Slow"), Choice("quick", "Quick", "For old hands")))


def toy(**changes: Any) -> GameDescription:
    fs = registry.get("frost-shelter")
    desc = GameDescription(
        id=TOY, title="Toy Huts", min_players=2, max_players=5, make_rules=fs.make_rules,
        validate=fs.validate, bots=fs.bots, ui=fs.ui, cards=fs.cards_name,
        options=(COLOUR, ROUNDS, FAST, SPEED),
        presets=(Preset("short", "Short", {"rounds": 1, "fast": True, "colour": "red"}),
                 Preset("long", "Long (blue)", {"rounds": 5, "fast": False, "colour": "blue"})),
        levels=(BotLevel("calm", "Calm", "easy", "Makes mistakes."),
                BotLevel("keen", "Keen", "heuristic", "Plays well.")),
        default_level="keen",
        words=SeatWords(seat="Hut", players="huts", kind_header="Kept by", bot="Robot",
                        level_header="Robot mood", first="Opener", first_key="opener",
                        first_tip="Who deals first."))
    return desc._replace(**changes)


@pytest.fixture
def register() -> Iterator[Any]:
    def add(**changes: Any) -> GameDescription:
        desc = toy(**changes)
        registry.register(desc)
        return desc

    yield add
    registry.unregister(TOY)


def shown(qtbot: Any, widget: QWidget) -> Any:
    qtbot.addWidget(widget)
    widget.show()
    qtbot.waitExposed(widget)
    return widget


def choose(combo: QComboBox, data: Any) -> None:
    index = combo.findData(data)
    assert index >= 0, (data, [combo.itemData(i) for i in range(combo.count())])
    combo.setCurrentIndex(index)
    combo.activated.emit(index)


def texts(combo: QComboBox) -> list[str]:
    return [combo.itemText(i) for i in range(combo.count())]


def test_every_control_comes_from_the_description(qtbot: Any, register: Any) -> None:
    from frostdesk.ui.screens.new_game import NewGameDialog

    register()
    d = shown(qtbot, NewGameDialog(TOY, Settings(player_name="Ana")))
    labels = {lab.text() for lab in d.findChildren(QLabel)}
    assert {"Hut", "Name", "Kept by", "Robot mood", "Colour", "Huts:", "Difficulty:",
            "Colour:", "Rounds:", "Fast deals:", "Speed:", "Opener:"} <= labels
    assert d.player_count.suffix() == " huts" and d.count() == 4
    row = d.rows[1]
    assert texts(row.kind) == ["Human", "Robot"] and texts(row.level) == ["Calm", "Keen"]
    assert row.level.currentData() == "keen"  # the default level
    assert row.level.itemData(0, Qt.ItemDataRole.ToolTipRole) == "Makes mistakes."
    assert texts(row.options["colour"]) == ["Red", "Blue (calm)"]

    rounds, fast, speed = (d.controls[k] for k in ("rounds", "fast", "speed"))
    assert isinstance(rounds, QSpinBox) and (rounds.minimum(), rounds.maximum()) == (1, 5)
    assert rounds.value() == 3 and rounds.toolTip() == "How many deals."
    assert "one deal each" in labels  # an int's hint sits beside it
    assert isinstance(fast, QCheckBox) and fast.isChecked()
    assert fast.text() == "deal without pauses" and fast.toolTip() == "No pause between deals."
    assert isinstance(speed, QComboBox) and texts(speed) == ["Slow", "Quick"]
    assert speed.currentData() == "slow"
    assert texts(d.all_seats["colour"]) == ["Red for every hut", "Blue for every hut (calm)",
                                            "Chosen per hut (in the table above)"]
    assert texts(d.preset) == ["Short", "Long (blue)", "Custom"]
    assert d.first_seat is not None and d.first_seat.toolTip() == "Who deals first."
    assert d.share_hint is None

    d.player_count.setValue(2)
    d.first_seat.setCurrentIndex(d.first_seat.findData(1))
    row.kind.setCurrentIndex(row.kind.findData("bot"))
    row.level.setCurrentIndex(row.level.findData("calm"))
    d.rows[1].options["colour"].setCurrentIndex(1)
    fast.setChecked(False)
    d.seed.setText("9")
    d.accept()
    c = d.config()
    # No setup_options: the values pass through, per-seat ones as lists in seat order.
    assert c.options == {"colour": ["red", "blue"], "rounds": 3, "fast": False,
                         "speed": "slow", "opener": 1}
    assert c.seats == [Seat("Ana"), Seat(row.name.text(), "bot", "easy")] and c.seed == 9


def test_presets_set_every_control_and_controls_find_their_preset(qtbot: Any,
                                                                   register: Any) -> None:
    from frostdesk.ui.screens.new_game import PER_SEAT, NewGameDialog

    register(setup_options=lambda v: {"rounds": v["rounds"], "fast": v["fast"],
                                      "colours": "/".join(v["colour"])})
    d = shown(qtbot, NewGameDialog(TOY, Settings()))
    assert d.preset.currentData() == "custom"  # 3 rounds: neither preset
    choose(d.preset, "long")
    assert d.controls["rounds"].value() == 5 and not d.controls["fast"].isChecked()
    assert [r.options["colour"].currentData() for r in d.rows] == ["blue"] * 5
    assert d.all_seats["colour"].currentData() == "blue"
    d.controls["rounds"].setValue(4)
    assert d.preset.currentData() == "custom"
    d.controls["rounds"].setValue(5)
    assert d.preset.currentData() == "long"
    d.rows[0].options["colour"].setCurrentIndex(0)
    assert d.all_seats["colour"].currentData() == PER_SEAT
    assert d.preset.currentData() == "custom"
    choose(d.all_seats["colour"], "blue")
    assert d.preset.currentData() == "long"
    choose(d.preset, "short")
    assert d.controls["fast"].isChecked() and d.controls["rounds"].value() == 1
    d.accept()
    # setup_options shapes the values; Random first seat adds nothing.
    assert d.config().options == {"rounds": 1, "fast": True, "colours": "red/red/red/red"}


@pytest.mark.gui
def test_names_follow_the_games_sharing_rule(qtbot: Any, register: Any) -> None:
    from frostdesk.ui.screens.new_game import NewGameDialog

    register()
    d = shown(qtbot, NewGameDialog(TOY, Settings()))
    d.player_count.setValue(2)
    d.rows[0].name.setText("Ana")
    d.rows[1].kind.setCurrentIndex(d.rows[1].kind.findData("human"))
    d.rows[1].name.setText("ana")
    assert d.error.text() == ("⚠ Huts 1 and 2 are both called “ana”: every player needs a "
                              "different name.")
    d.rows[1].name.setText("")
    assert d.error.text() == "⚠ Hut 2 needs a name."

    registry.register(toy(words=toy().words._replace(humans_share_names=True,
                                                     share_hint="One person, many huts.")))
    d = shown(qtbot, NewGameDialog(TOY, Settings()))
    assert d.share_hint is not None and d.share_hint.text() == "One person, many huts."
    d.player_count.setValue(2)
    d.rows[0].name.setText("Ana")
    d.rows[1].kind.setCurrentIndex(d.rows[1].kind.findData("human"))
    d.rows[1].name.setText("ana")
    assert d.ok_button.isEnabled()  # one person running two huts
    d.rows[1].kind.setCurrentIndex(d.rows[1].kind.findData("bot"))
    assert not d.ok_button.isEnabled()
    assert d.error.text() == ("⚠ Huts 1 and 2 are both called “ana”: a robot needs a name "
                              "of its own.")
    assert d.rows[1].name.property("invalid") is True


def test_a_given_name_follows_the_seats_kind_and_a_typed_one_stays(qtbot: Any,
                                                                    register: Any) -> None:
    from frostdesk.ui.screens.new_game import NewGameDialog

    register()
    d = shown(qtbot, NewGameDialog(TOY, Settings(player_name="Ana")))
    d.player_count.setValue(3)
    assert d.rows[1].name.text().startswith("Bot ") and d.rows[1].is_bot()
    d.rows[1].kind.setCurrentIndex(d.rows[1].kind.findData("human"))
    assert d.rows[1].name.text() == "Player 2"  # not a person called "Bot Aster"
    d.rows[1].kind.setCurrentIndex(d.rows[1].kind.findData("bot"))
    assert d.rows[1].name.text().startswith("Bot ")  # and back, to a free bot name
    assert len({r.name.text() for r in d.rows[:3]}) == 3
    d.rows[2].name.setText("Bea")
    d.rows[2].kind.setCurrentIndex(d.rows[2].kind.findData("human"))
    d.rows[2].kind.setCurrentIndex(d.rows[2].kind.findData("bot"))
    assert d.rows[2].name.text() == "Bea"  # a name someone typed is theirs
    assert d.ok_button.isEnabled()


def test_the_games_options_problem_stops_the_start(qtbot: Any, register: Any) -> None:
    from frostdesk.ui.screens.new_game import NewGameDialog

    register(options_problem=lambda v: "Five rounds need blue huts."
             if v["rounds"] == 5 and "red" in v["colour"] else "")
    d = shown(qtbot, NewGameDialog(TOY, Settings()))
    assert d.ok_button.isEnabled()
    d.controls["rounds"].setValue(5)
    assert not d.ok_button.isEnabled() and "Five rounds need blue huts." in d.error.text()
    choose(d.all_seats["colour"], "blue")
    assert d.ok_button.isEnabled() and not d.error.isVisible()


def test_each_game_keeps_its_own_tagged_table(qtbot: Any, register: Any) -> None:
    from frostdesk.ui.screens.new_game import NewGameDialog

    register()
    legacy = [{"name": "Ana", "kind": "human", "level": "normal"},
              {"name": "Bo", "kind": "bot", "level": "hard"}]  # an older version's seats
    d = shown(qtbot, NewGameDialog(TOY, Settings(last_seats=list(legacy))))
    assert d.rows[0].name.text() == "Player"  # no colour column: not this game's table
    d.player_count.setValue(2)
    d.rows[0].name.setText("Cy")
    d.rows[1].options["colour"].setCurrentIndex(1)
    d.rows[1].level.setCurrentIndex(0)
    d.accept()
    saved = d.settings().last_seats
    assert saved[:2] == [
        {"name": "Cy", "kind": "human", "level": "keen", "colour": "red", "game": TOY},
        {"name": "Bot Aster", "kind": "bot", "level": "calm", "colour": "blue", "game": TOY}]
    assert saved[2:] == legacy

    again = shown(qtbot, NewGameDialog(TOY, Settings(last_seats=saved)))
    assert [r.to_dict() for r in again.rows[:again.count()]] == [
        {k: v for k, v in s.items() if k != "game"} for s in saved[:2]]
    # An untagged table with exactly this game's columns is taken up; bad values are mended.
    old = [{"name": "Di", "kind": "bot", "level": "wild", "colour": "green"},
           {"name": "Ed", "kind": "human", "level": "calm", "colour": "blue"}]
    mended = shown(qtbot, NewGameDialog(TOY, Settings(last_seats=old + legacy)))
    assert [r.to_dict() for r in mended.rows[:mended.count()]] == [
        {"name": "Di", "kind": "bot", "level": "keen", "colour": "red"},
        {"name": "Ed", "kind": "human", "level": "calm", "colour": "blue"}]
    mended.accept()
    assert mended.settings().last_seats[2:] == legacy  # the other game's untagged seats stay


def test_quick_solo_is_you_and_three_bots_at_the_default_level(register: Any) -> None:
    from frostdesk.ui.screens.new_game import quick_solo_config

    register()
    c = quick_solo_config(TOY, Settings(player_name="Bot Aster"))
    assert [s.name for s in c.seats] == ["Bot Aster", "Bot Boreal", "Bot Cirrus", "Bot Drift"]
    assert [(s.kind, s.bot) for s in c.seats[1:]] == [("bot", "heuristic")] * 3
    assert c.options == {"colour": ["red"] * 4, "rounds": 3, "fast": True, "speed": "slow"}
    assert c.seed is None


def test_six_stations_and_their_options_fit_1280x720(qtbot: Any) -> None:
    from frostdesk.ui.screens.new_game import NewGameDialog

    d = shown(qtbot, NewGameDialog("frontier-stations", Settings()))
    d.player_count.setValue(6)
    qtbot.waitUntil(lambda: d.height() >= d.sizeHint().height())
    assert d.sizeHint().height() <= 720 and d.width() <= 1280
    assert d.height() <= 720
    bottom = d.ok_button.mapTo(d, d.ok_button.rect().bottomLeft()).y()
    assert bottom <= d.height()
    for row in d.rows:  # every row whole and above the options
        assert row.name.isVisible() and row.name.height() >= row.name.minimumHeight()


def test_four_convoys_and_every_module_fit_a_laptops_work_area(qtbot: Any,
                                                                  themed: Any) -> None:
    """A 1280x720 laptop leaves about 680 px under a taskbar, and the dialog's title bar
    takes some 30 of them: the module summaries run across the whole dialog, a line each,
    instead of a narrow column that made the dialog 735 px tall."""
    from frostdesk.ui.screens.new_game import NewGameDialog

    d = shown(qtbot, NewGameDialog("last-aurora", Settings()))
    d.player_count.setValue(4)
    qtbot.waitUntil(lambda: d.height() >= d.sizeHint().height())
    assert d.sizeHint().height() <= 650, d.sizeHint()
    modules = d.controls["modules"]
    summaries = list(modules.summaries.values())
    assert len(summaries) == 5
    line = summaries[0].fontMetrics().lineSpacing()
    assert sum(1 for s in summaries if s.height() > 1.5 * line) <= 1  # a line each, or two


def test_on_a_short_screen_the_seats_and_options_scroll_and_start_stays_in_view(
        qtbot: Any, themed: Any, monkeypatch: pytest.MonkeyPatch) -> None:
    """The main window works down to 1024x600: a screen that leaves 560 px gives the dialog
    92% of them; the seats and options scroll, the buttons stay, nothing is cut sideways."""
    from PySide6.QtCore import QRect
    from PySide6.QtGui import QScreen

    from frostdesk.ui.screens.new_game import NewGameDialog

    monkeypatch.setattr(QScreen, "availableGeometry", lambda self: QRect(0, 0, 1024, 560))
    d = shown(qtbot, NewGameDialog("last-aurora", Settings()))
    d.player_count.setValue(4)
    qtbot.wait(50)
    assert d.height() == int(560 * 0.92) < d.sizeHint().height()
    ok = d.ok_button
    assert ok.isVisible() and ok.mapTo(d, ok.rect().bottomLeft()).y() <= d.height()
    bar = d.body_scroll.verticalScrollBar()
    assert bar.isVisible() and bar.maximum() > 0
    assert d.body.width() >= d.body.minimumSizeHint().width()  # never cut sideways
    bar.setValue(bar.maximum())  # the last option comes into view
    last = list(d.controls["modules"].boxes.values())[-1]
    seen = last.mapTo(d.body_scroll.viewport(), last.rect().bottomLeft()).y()
    assert 0 <= seen <= d.body_scroll.viewport().height()
    # on a roomy screen the same dialog shows it all without a scroll bar
    monkeypatch.setattr(QScreen, "availableGeometry", lambda self: QRect(0, 0, 1920, 1040))
    roomy = shown(qtbot, NewGameDialog("last-aurora", Settings()))
    roomy.player_count.setValue(4)
    qtbot.wait(50)
    assert not roomy.body_scroll.verticalScrollBar().isVisible()


PARTS = Option("parts", "Extras", "multi", ("roof",),
               choices=(Choice("roof", "Roof", "A roof on every hut."),
                        Choice("stove", "Stove", "Warm huts, slower deals.")),
               tip="Extras, each on or off.")


def test_a_multi_option_is_one_check_box_per_choice_with_its_summary(qtbot: Any,
                                                                      register: Any) -> None:
    from frostdesk.ui.screens.new_game import MultiChoice

    register(options=(PARTS,), presets=())
    from frostdesk.ui.screens.new_game import NewGameDialog

    d = shown(qtbot, NewGameDialog(TOY, Settings(player_name="Ana")))
    parts = d.controls["parts"]
    assert isinstance(parts, MultiChoice)
    boxes = parts.findChildren(QCheckBox)
    assert [b.text() for b in boxes] == ["Roof", "Stove"]
    labels = {lab.text() for lab in d.findChildren(QLabel)}
    assert {"A roof on every hut.", "Warm huts, slower deals."} <= labels  # the summaries
    assert [b.isChecked() for b in boxes] == [True, False]  # the default
    assert d.values()["parts"] == ("roof",)
    boxes[0].setChecked(False)
    boxes[1].setChecked(True)
    assert d.values()["parts"] == ("stove",)
    d.accept()
    assert d.config().options["parts"] == ("stove",)


def test_a_multi_option_checks_sets_of_its_choices() -> None:
    assert PARTS.check("stove,roof") == ("roof", "stove")  # in the choices' order
    assert PARTS.check(["stove"]) == ("stove",)
    assert PARTS.check("") == () and PARTS.check("none") == ()
    with pytest.raises(ValueError, match="'chimney' is not one of roof, stove"):
        PARTS.check("roof,chimney")
    with pytest.raises(ValueError, match="must be a list"):
        PARTS.check(3)


CROWD = Option("extras", "Extras", "multi", (),
               choices=(Choice("roof", "Roof", "A roof on every hut."),
                        Choice("brawl", "Brawl", "Huts raid each other.", 3,
                               "a brawl needs two rivals")),
               tip="Extras, each on or off.")


def test_a_choice_that_needs_more_players_is_unavailable_and_says_why(qtbot: Any,
                                                                      register: Any) -> None:
    from frostdesk.ui.screens.new_game import NewGameDialog

    register(options=(CROWD,), presets=())
    d = shown(qtbot, NewGameDialog(TOY, Settings(player_name="Ana")))
    d.player_count.setValue(3)
    box = d.controls["extras"].findChild(QCheckBox, "extras_brawl")
    assert box.isEnabled()
    box.setChecked(True)
    assert d.values()["extras"] == ("brawl",) and d.problem() == ""
    d.player_count.setValue(2)  # too few: unchecked, unavailable, and the reason shown
    why = "Brawl needs at least 3 players: a brawl needs two rivals."
    assert not box.isEnabled() and not box.isChecked() and box.toolTip() == why
    assert why in {lab.text() for lab in d.findChildren(QLabel)}
    assert d.values()["extras"] == ()
    d.player_count.setValue(3)  # available again, with its summary back
    assert box.isEnabled() and box.toolTip() == "Huts raid each other."
    assert CROWD.players_problem("brawl", 2) == why and CROWD.players_problem("roof", 2) == ""
    assert CROWD.players_problem("brawl", 3) == ""


def test_every_spin_box_keeps_its_number_clear_of_its_border(qtbot: Any, themed: Any) -> None:
    """With the app's sheet a spin box's number sat against its left border ("4 players");
    the dialogs' spin boxes give it a margin."""
    from frostdesk.ui.screens.new_game import NewGameDialog
    from frostdesk.ui.screens.settings_dialog import SettingsDialog

    dialogs = [shown(qtbot, NewGameDialog(game_id, Settings())) for game_id in registry.ids()]
    dialogs.append(shown(qtbot, SettingsDialog(Settings())))
    spins = [s for d in dialogs for s in d.findChildren(QSpinBox)]
    assert len(spins) >= len(registry.ids()) + 2  # a player count per game and the settings' two
    for spin in spins:
        edit = spin.lineEdit()
        assert edit.x() + edit.textMargins().left() >= 5, spin.objectName()
