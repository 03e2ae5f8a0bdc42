"""Frozen Steel's module option: `modules`, a set of module ids, none for the base game."""

from __future__ import annotations

import pytest

from frostdesk.engine.game import ruleset_of
from frostdesk.engine.registry import get
from frostdesk.engine.session import Seat, Session
from frostdesk.games.last_aurora import modules as fs
from frostdesk.games.last_aurora.description import options_problem, options_text, setup_options
from tests.games.last_aurora.helpers import G as GAME


def test_the_five_modules_have_ids_names_and_summaries() -> None:
    assert fs.IDS == ("exploration", "asgard", "crew", "story", "pvp")
    assert all(m.name and m.summary for m in fs.MODULES)


def test_no_modules_is_the_base_game() -> None:
    assert fs.parse({}) == () and fs.parse({"modules": ""}) == ()
    assert fs.parse({"modules": []}) == ()
    s = GAME.setup({"players": 2}, 1)
    assert s.modules == ()
    # a base game's fingerprint and ruleset hash are the base game's
    assert len(s.fields()) == type(s).__slots__.index("modules") - 2  # before the modules
    # (less `_legal` and `_own`, which are no game data)
    assert ruleset_of(GAME, {"players": 2}) == GAME.content.ruleset_hash


def test_an_unknown_module_gives_a_clear_message() -> None:
    with pytest.raises(ValueError, match="'aliens' is not a Frozen Steel module; the modules "
                                         "are exploration, asgard, crew, story, pvp"):
        GAME.setup({"players": 2, "modules": "exploration,aliens"}, 1)
    with pytest.raises(ValueError, match="must be a list of module ids"):
        fs.parse({"modules": 3})


def test_a_module_not_built_is_neither_offered_nor_set_up() -> None:
    missing = [m for m in fs.IDS if m not in fs.BUILT]
    desc = get("last-aurora")
    option = desc.option("modules")
    offered = [c.value for c in option.choices] if option is not None else []
    assert offered == list(fs.BUILT)  # one box per built module, none for the rest
    for m in missing:
        with pytest.raises(ValueError, match=f"module {m} \\(.*\\) is not available yet"):
            GAME.setup({"players": 2, "modules": m}, 1)
        assert "not available yet" in options_problem({"modules": [m]})


def test_the_dialogs_values_become_setup_options() -> None:
    assert setup_options({"automa": "Hard", "modules": ()}) == {"automa": "hard"}
    chosen = list(fs.BUILT[:1])
    if chosen:
        assert setup_options({"modules": tuple(chosen)}) == {"modules": chosen}
        assert fs.name(chosen[0]) in options_text({"modules": chosen}, 3)
    assert options_problem({"modules": ()}) == ""
    assert options_text({}, 3) == ""


def test_modules_enter_the_ruleset_hash_and_the_save() -> None:
    if not fs.BUILT:
        pytest.skip("no module is built yet")
    m = fs.BUILT[0]
    options = {"players": 2, "modules": [m]}
    assert ruleset_of(GAME, options) != GAME.content.ruleset_hash
    session = Session.new(GAME, options, 5, [Seat("Ana"), Seat("Bo")])
    data = session.to_json()
    assert data["options"]["modules"] == [m] and data["ruleset_hash"] == ruleset_of(GAME, options)
    again = Session.from_json(data)
    assert again.state.modules == (m,) and not again.ruleset_warning
