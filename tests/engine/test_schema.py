"""The schema classes: every value that does not fit is one `file:line: key: problem` line."""

from __future__ import annotations

from pathlib import Path

import pytest

from frostdesk.engine.catalogue import Doc, Problem, load_doc, load_docs
from frostdesk.engine.schema import (
    ID,
    Bool,
    Dict,
    Enum,
    Int,
    List,
    Map,
    Num,
    OneOf,
    Schema,
    Str,
    check_files,
    found,
)


def problems(tmp_path: Path, schema: Schema, text: str) -> list[tuple[int, str, str]]:
    """(line, key, message) of each problem `schema` finds in the YAML `text`."""
    path = tmp_path / "cards.yaml"
    path.write_text(text)
    doc = load_doc(path)
    ok = schema.check(doc, doc.data, ())
    assert ok == (not doc.problems)
    assert all(p.file == str(path) for p in doc.problems)
    return [(p.line, p.key, p.message) for p in doc.problems]


def one(tmp_path: Path, schema: Schema, text: str) -> tuple[int, str, str]:
    (p,) = problems(tmp_path, schema, text)
    return p


# ---------------------------------------------------------------- leaves

def test_int_takes_whole_numbers_only(tmp_path: Path) -> None:
    damage = Map({"damage": Int(what="total damage (whole number)")})
    assert problems(tmp_path, damage, "damage: 6\n") == []
    assert one(tmp_path, damage, "# Event\ndamage: six\n") == (
        2, "damage", "expected total damage (whole number), found 'six'")
    assert one(tmp_path, damage, "damage: 6.5\n")[2].endswith("found 6.5")
    # YAML's true is not the number 1
    assert one(tmp_path, damage, "damage: true\n")[2].endswith("found True")
    assert one(tmp_path, damage, "damage:\n")[2].endswith("found None")


@pytest.mark.parametrize(("schema", "text", "message"), [
    (Int(1, 10, "a value from 1 to 10"), "11", "expected a value from 1 to 10, found 11"),
    (Int(1, 10, "a value from 1 to 10"), "0", "expected a value from 1 to 10, found 0"),
    (Int(1, 12), "13", "expected a whole number 1..12, found 13"),
    (Int(min=1), "0", "expected a whole number, 1 or more, found 0"),
    (Int(max=5), "6", "expected a whole number, 5 or less, found 6"),
])
def test_int_ranges(tmp_path: Path, schema: Int, text: str, message: str) -> None:
    assert one(tmp_path, Map({"n": schema}), f"n: {text}\n") == (1, "n", message)


def test_num_takes_whole_and_decimal_numbers(tmp_path: Path) -> None:
    size = Map({"w": Num("a number of table units"), "h": Num("a number of table units")})
    assert problems(tmp_path, size, "w: 1600\nh: 2.5\n") == []
    assert one(tmp_path, size, "w: 1600\nh: tall\n") == (
        2, "h", "expected a number of table units, found 'tall'")
    assert one(tmp_path, size, "w: false\nh: 1\n")[2].endswith("found False")


def test_str_type_and_pattern(tmp_path: Path) -> None:
    card = Map({"id": Str(ID, "a card id like fuel-7"), "name": Str(what="a name")})
    assert problems(tmp_path, card, "id: fuel-7\nname: Fuel\n") == []
    assert one(tmp_path, card, "id: fuel-7\nname: 7\n") == (2, "name", "expected a name, found 7")
    assert one(tmp_path, card, "id: Fuel 7\nname: Fuel\n") == (
        1, "id", "expected a card id like fuel-7, found 'Fuel 7'")
    # the pattern matches the whole text, not a part of it
    assert one(tmp_path, card, "id: fuel-7!\nname: Fuel\n")[1] == "id"


def test_bool(tmp_path: Path) -> None:
    effect = Map({"change_relic": Bool()})
    assert problems(tmp_path, effect, "change_relic: true\n") == []
    assert one(tmp_path, effect, "change_relic: 1\n") == (
        1, "change_relic", "expected true or false, found 1")


def test_enum_lists_the_choices_in_their_order(tmp_path: Path) -> None:
    card = Map({"resource": Enum(("fuel", "water", "food", "tools"))})
    assert problems(tmp_path, card, "resource: food\n") == []
    assert one(tmp_path, card, "resource: wood\n") == (
        1, "resource", "expected one of fuel, water, food, tools, found 'wood'")
    assert one(tmp_path, card, "resource: [fuel]\n")[2].endswith("found ['fuel']")


def test_enum_does_not_take_1_for_true(tmp_path: Path) -> None:
    flag = Map({"reinforcements": Enum((True,), "true")})
    assert problems(tmp_path, flag, "reinforcements: true\n") == []
    assert one(tmp_path, flag, "reinforcements: 1\n")[2] == "expected true, found 1"


# ---------------------------------------------------------------- containers

def test_list_items_are_checked_with_their_index_and_line(tmp_path: Path) -> None:
    numbers = Map({"on": List(Int(1, 12, "a number 1..12"), "a list of numbers 1..12")})
    text = '"on":\n  - 4\n  - 13\n  - 5\n'  # quoted: YAML reads a bare on as true
    assert one(tmp_path, numbers, text) == (3, "on.1", "expected a number 1..12, found 13")
    assert one(tmp_path, numbers, '"on": 4\n') == (
        1, "on", "expected a list of numbers 1..12, found 4")


def test_list_length(tmp_path: Path) -> None:
    faces = Map({"faces": List(Str(), "two face kinds", min_len=2, max_len=2)})
    assert problems(tmp_path, faces, "faces: [standard, heavy]\n") == []
    assert one(tmp_path, faces, "faces: [standard]\n")[2] == (
        "expected two face kinds, found ['standard']")
    assert one(tmp_path, faces, "faces: [a, b, c]\n")[2] == (
        "expected two face kinds, found ['a', 'b', 'c']")


def test_every_problem_in_a_list_is_reported(tmp_path: Path) -> None:
    values = Map({"cards": List(Map({"value": Int(1, 10, "a value from 1 to 10")}))})
    text = "cards:\n  - {value: 0}\n  - {value: 5}\n  - {value: x}\n"
    assert problems(tmp_path, values, text) == [
        (2, "cards.0.value", "expected a value from 1 to 10, found 0"),
        (4, "cards.2.value", "expected a value from 1 to 10, found 'x'")]


CARD = Map({"id": Str(what="an event id"), "max": Int(what="the Max card count (whole number)"),
            "text": Str(what="the card's text")}, optional=("text",), what="an Event card")


def test_map_missing_key_names_the_line_of_its_mapping(tmp_path: Path) -> None:
    events = Map({"events": List(CARD)})
    text = "events:\n  - id: invasion\n    max: 5\n  - id: blackout\n    text: Dark.\n"
    assert one(tmp_path, events, text) == (
        4, "events.1.max", "missing; expected the Max card count (whole number)")


def test_map_unknown_key_is_reported_with_its_line(tmp_path: Path) -> None:
    text = "id: invasion\nmax: 5\ncolour: red\n"
    assert one(tmp_path, CARD, text) == (
        3, "colour", "unknown key; expected one of id, max, text")


def test_map_unknown_key_can_have_its_own_noun(tmp_path: Path) -> None:
    effect = Map({"heal": Int(), "collect_bonus": Int()}, optional=("heal", "collect_bonus"),
                 noun="effect")
    assert problems(tmp_path, effect, "heal: 2\n") == []
    assert one(tmp_path, effect, "hael: 2\n") == (
        1, "hael", "unknown effect; expected one of collect_bonus, heal")


def test_map_optional_keys_must_be_fields() -> None:
    with pytest.raises(ValueError, match="colour"):
        Map({"id": Str()}, optional=("colour",))


def test_dict_checks_keys_and_values(tmp_path: Path) -> None:
    deal = Map({"deal": Dict(Int(min=1, what="a number of players"),
                             Int(min=1, what="a card count"), "a mapping")})
    assert problems(tmp_path, deal, "deal: {2: 10, 3: 9}\n") == []
    text = "deal:\n  2: 10\n  three: 9\n  4: many\n"
    assert problems(tmp_path, deal, text) == [
        (3, "deal.three", "expected a number of players, found 'three'"),
        (4, "deal.4", "expected a card count, found 'many'")]
    assert one(tmp_path, deal, "deal: [10, 9]\n") == (
        1, "deal", "expected a mapping, found [10, 9]")


THREAT = Map({"id": Str(), "on": List(Int()), "text": Str()}, optional=("text",),
             what="a threat card")
REINFORCEMENTS = Map({"id": Str(), "reinforcements": Enum((True,), "true")},
                     what="a threat card")


def test_one_of_takes_the_first_that_fits(tmp_path: Path) -> None:
    threats = List(OneOf([THREAT, REINFORCEMENTS]))
    text = "- {id: plague, 'on': [3]}\n- {id: reinforcements, reinforcements: true}\n"
    assert problems(tmp_path, threats, text) == []


def test_one_of_reports_the_closest_alternative(tmp_path: Path) -> None:
    threats = List(OneOf([THREAT, REINFORCEMENTS]))
    # a threat with a typo is closest to a threat ...
    assert problems(tmp_path, threats, "- {id: plague, 'on': [three]}\n") == [
        (1, "0.on.0", "expected a whole number, found 'three'")]
    # ... and a Reinforcements card with a wrong flag to Reinforcements
    assert problems(tmp_path, threats, "- {id: r, reinforcements: yes please}\n") == [
        (1, "0.reinforcements", "expected true, found 'yes please'")]
    # the first of equals when neither is closer
    assert problems(tmp_path, threats, "- 5\n") == [
        (1, "0", "expected a threat card, found 5")]


# ---------------------------------------------------------------- whole files

GAME = Map({"title": Str(), "players": Map({"min": Int(), "max": Int()})},
           what="a mapping of game numbers")


@pytest.mark.parametrize(("text", "found_text"), [
    ("- 1\n- 2\n", "[1, 2]"),
    ("just text\n", "'just text'"),
    ("", "None"),
    ("# only a comment\n", "None"),
])
def test_a_file_that_is_not_a_mapping_says_so(tmp_path: Path, text: str, found_text: str
                                              ) -> None:
    assert one(tmp_path, GAME, text) == (
        1, "(file)", f"expected a mapping of game numbers, found {found_text}")


def test_a_file_that_is_not_a_list_says_so(tmp_path: Path) -> None:
    cards = List(Str(), "a list of card ids")
    assert one(tmp_path, cards, "# ids\nid: fuel-1\n") == (
        2, "(file)", "expected a list of card ids, found {'id': 'fuel-1'}")


def test_nested_problems_name_the_whole_key_path(tmp_path: Path) -> None:
    text = "# game\ntitle: Frost Shelter\nplayers:\n  min: 2\n  max: five\n"
    assert one(tmp_path, GAME, text) == (5, "players.max", "expected a whole number, found 'five'")


def test_long_values_are_named_by_their_kind() -> None:
    assert found("lots") == "'lots'"
    assert found(list(range(40))) == "a list of 40 items"
    assert found({f"key{i}": i for i in range(12)}) == "a mapping of 12 keys"
    assert found("x" * 100) == "'" + "x" * 55 + "..."


def test_check_files_reports_file_by_file(tmp_path: Path) -> None:
    (tmp_path / "game.yaml").write_text("title: 5\nplayers: {min: 2, max: 5}\n")
    (tmp_path / "ids.yaml").write_text("- fuel-1\n- 2\n")
    docs, unreadable = load_docs(tmp_path, ["game.yaml", "ids.yaml"])
    assert unreadable == []
    found_problems = check_files(docs, {"game.yaml": GAME, "ids.yaml": List(Str(), "ids")})
    assert [str(p).replace(str(tmp_path) + "/", "") for p in found_problems] == [
        "game.yaml:1: title: expected text, found 5",
        "ids.yaml:2: 1: expected text, found 2"]


def test_unreadable_files_become_problems_and_the_others_still_load(tmp_path: Path) -> None:
    (tmp_path / "good.yaml").write_text("title: x\n")
    (tmp_path / "bad.yaml").write_text("title: x\nplayers: [2\n")
    docs, unreadable = load_docs(tmp_path, ["good.yaml", "bad.yaml", "gone.yaml"])
    assert list(docs) == ["good.yaml"]
    syntax, gone = unreadable
    assert syntax.file.endswith("bad.yaml") and syntax.key == "(syntax)" and syntax.line >= 2
    assert gone == Problem(str(tmp_path / "gone.yaml"), 1, "(file)", gone.message)
    assert gone.message.startswith("cannot read")


def test_a_problem_at_a_path_not_in_the_file_takes_the_nearest_line(tmp_path: Path) -> None:
    path = tmp_path / "table.yaml"
    path.write_text("# layout\nseats:\n  2:\n    - {x: 1}\n    - {x: 2}\n")
    doc = load_doc(path)
    assert doc.line(("seats", 2, 1)) == 5  # a whole-number key and a list index
    assert doc.line(("seats", 2, 1, "y")) == 5  # a missing key: its mapping's line
    assert doc.line(("seats", 3)) == 2
    assert doc.line(()) == 2  # the document starts after the comment
    assert Doc("x.yaml", None, None).line(("a",)) == 1
