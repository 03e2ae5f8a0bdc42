"""An option that counts only with another's value (Option.needs), in the new-game dialog: a
module's own per-seat choice (Last Aurora's crews need the crew module) is greyed out until
its module is on, and left out of the setup while it is off."""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

import pytest

from frostdesk.engine import registry
from frostdesk.engine.registry import Choice, GameDescription, Option
from frostdesk.settings import Settings
from frostdesk.ui.screens.seating import setup_options

pytestmark = pytest.mark.ui

TOY = "toy-needs"
PARTS = Option("parts", "Extras", "multi", (),
               choices=(Choice("roof", "Roof", "A roof on every hut."),
                        Choice("stove", "Stove", "Warm huts.")))
STOVE = Option("stove", "Stove", "choice", "any", per_seat=True, needs=("parts", "stove"),
               choices=(Choice("any", "Any"), Choice("iron", "Iron"), Choice("clay", "Clay")),
               tip="Each hut's stove.")


def toy() -> GameDescription:
    fs = registry.get("frost-shelter")
    return GameDescription(
        id=TOY, title="Toy Needs", min_players=2, max_players=4, make_rules=fs.make_rules,
        validate=fs.validate, bots=fs.bots, ui=fs.ui, cards=fs.cards_name,
        options=(PARTS, STOVE))


@pytest.fixture
def register() -> Iterator[GameDescription]:
    desc = toy()
    registry.register(desc)
    yield desc
    registry.unregister(TOY)


def test_needs_reads_a_multi_value_a_list_or_text() -> None:
    assert not STOVE.needed({"parts": ()}) and not STOVE.needed({})
    assert STOVE.needed({"parts": ("roof", "stove")}) and STOVE.needed({"parts": ["stove"]})
    assert STOVE.needed({"parts": "roof, stove"}) and not STOVE.needed({"parts": "roof"})
    assert STOVE._replace(needs=None).needed({})


def test_a_needing_option_is_greyed_out_until_its_value_is_on(qtbot: Any,
                                                              register: Any) -> None:
    from frostdesk.ui.screens.new_game import NewGameDialog

    d = NewGameDialog(TOY, Settings(player_name="Ana"))
    qtbot.addWidget(d)
    combos = [row.options["stove"] for row in d.rows]
    assert not any(c.isEnabled() for c in combos) and not d.all_seats["stove"].isEnabled()
    assert combos[0].toolTip() == "Turn on Stove to choose this."
    combos[1].setCurrentIndex(combos[1].findData("iron"))
    d.accept()
    assert "stove" not in d.config().options  # off: left out of the setup
    d = NewGameDialog(TOY, Settings(player_name="Ana"))
    qtbot.addWidget(d)
    d.controls["parts"].boxes["stove"].setChecked(True)
    combos = [row.options["stove"] for row in d.rows]
    assert all(c.isEnabled() for c in combos) and d.all_seats["stove"].isEnabled()
    assert combos[0].toolTip() == "Each hut's stove."
    combos[1].setCurrentIndex(combos[1].findData("iron"))
    d.accept()
    assert d.config().options["stove"][:2] == ["any", "iron"]


def test_setup_options_leave_out_what_is_not_needed(register: GameDescription) -> None:
    off = setup_options(register, {"parts": ("roof",), "stove": ["iron", "any"]}, 2)
    assert off == {"parts": ("roof",)}
    on = setup_options(register, {"parts": ("stove",), "stove": ["iron", "any"]}, 2)
    assert on == {"parts": ("stove",), "stove": ["iron", "any"]}


def test_last_aurora_crews_need_the_crew_module(qtbot: Any) -> None:
    from frostdesk.ui.screens.new_game import NewGameDialog

    desc = registry.get("last-aurora")
    crews = desc.option("crews")
    assert crews is not None and crews.per_seat and crews.needs == ("modules", "crew")
    assert crews.distinct
    assert [c.value for c in crews.choices] == ["random", "pack", "mutants", "vikings",
                                                "androids"]
    d = NewGameDialog("last-aurora", Settings(player_name="Ana"))
    qtbot.addWidget(d)
    d.player_count.setValue(3)
    assert not d.rows[0].options["crews"].isEnabled()
    every = d.all_seats["crews"]  # a crew each: "for every convoy" is only Random
    assert [every.itemData(i) for i in range(every.count())][:-1] == ["random"]
    d.controls["modules"].boxes["crew"].setChecked(True)
    assert d.rows[0].options["crews"].isEnabled()
    for row, crew in zip(d.rows, ("pack", "pack", "random"), strict=False):
        row.options["crews"].setCurrentIndex(row.options["crews"].findData(crew))
    assert d.problem() == ("Convoys 1 and 2 both have The Pack: each crew goes with one "
                           "convoy only.")
    d.rows[1].options["crews"].setCurrentIndex(d.rows[1].options["crews"].findData("vikings"))
    assert d.problem() == ""
    d.accept()
    options = d.config().options
    assert options["modules"] == ["crew"] and options["crews"] == ["pack", "vikings", "random"]
    game = registry.load_game("last-aurora")
    s = game.setup({**options, "players": 3}, 5)
    assert [game.cards[x[0]].id for x in s.surv[1]] == ["251", "252"]
