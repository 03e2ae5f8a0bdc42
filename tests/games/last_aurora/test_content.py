"""Last Aurora's card data: the printed component counts, the numbering, every entry's source,
and broken copies reported as file:line: key: problem."""

from __future__ import annotations

import shutil
from collections import Counter
from itertools import permutations
from pathlib import Path

import pytest

from frostdesk.engine.game import ContentError
from frostdesk.games.last_aurora.content import load_content, validate
from frostdesk.paths import cards_dir

FOLDER = cards_dir("last-aurora")
C = load_content(FOLDER)


def family(kind: str) -> list:
    return [c for c in C.cards if c.kind == kind]


def test_the_bundled_data_is_valid() -> None:
    assert validate(FOLDER) == []


def test_component_counts_match_the_brief() -> None:
    exploration = [c for c in C.cards if 1 <= int(c.id) <= 54]
    assert len(exploration) == 54
    assert Counter(c.period for c in exploration) == {1: 18, 2: 18, 3: 18}
    assert sum(c.plus for c in exploration) == 22
    assert len([c for c in C.cards if 55 <= int(c.id) <= 72]) == 18
    objects = family("object")
    assert len([o for o in objects if not o.optional and int(o.id) <= 86]) == 14
    assert len([o for o in objects if 223 <= int(o.id) <= 234]) == 12  # Frozen Steel M1
    assert [o.id for o in objects if o.optional] == ["111"]  # the Mine
    enemies = [e for e in family("enemy") if int(e.id) <= 92]  # (235-240: Frozen Steel M2)
    assert len(enemies) == 6 and Counter(e.period for e in enemies) == {1: 2, 2: 2, 3: 2}
    loot = [c for c in C.cards if 93 <= int(c.id) <= 98]
    assert Counter(c.stack for c in loot) == {1: 2, 2: 2, 3: 2}
    assert len(C.outcomes) == 12 and len(C.counters) == 10


def test_deck_sizes_per_player_count() -> None:
    # step 6b: 4 players keep every card, 3 remove 2 per stack, 1-2 remove 4: 60 / 54 / 48
    for n, size in ((4, 60), (3, 54), (2, 48), (1, 48)):
        assert 54 + 6 - 3 * C.plus_removed[n] == size


def test_every_entry_says_where_it_comes_from() -> None:
    assert {c.source for c in C.cards} <= {"rulebook", "authored"}
    assert {o.source for o in C.outcomes} == {"authored"}
    assert {c.source for c in C.counters} == {"authored"}
    # Incendiary Ammo is the one base Object the seeds name
    assert {c.name for c in C.cards if c.source == "rulebook" and int(c.id) <= 111} == {
        "Incendiary Ammo"}


def test_numbering_follows_the_printed_ranges() -> None:
    ids = [c.id for c in C.cards]
    assert len(ids) == len(set(ids))
    assert sorted(ids) == [f"{i:03}" for i in range(1, 99)] + ["111"] + [
        f"{i:03}" for i in range(201, 255)]  # and Frozen Steel's Modules 1 to 3
    assert [o.id for o in C.outcomes] == [f"{i:03}" for i in range(99, 111)]
    # card 058 is a Leader (the seeds cite it for X5)
    assert C.by_id("058").name == "Leader" and C.by_id("058").ability("rest_after_explore")


def test_start_cards_as_the_brief_gives_them() -> None:
    truck = C.by_id(C.start_truck)
    assert (truck.speed, truck.boost, truck.tow, truck.tracked) == (2, 1, 2, False)
    assert truck.cells == ("W2", "A", "C", "C:fuel")
    assert C.by_id(C.start_trailer).cells == ("C", "C", "C", "C:food/ammo")
    assert [C.by_id(s).value for s in C.start_survivors] == [2, 1]
    assert C.start_resources == {"ammo": 1, "food": 1, "fuel": 1}
    assert [C.by_id(r).name for r in C.rusty] == ["Rusty Container"] * 2


def test_outcome_letters_make_a_fair_lottery() -> None:
    # each letter leads on 3 cards, so checks on 1/2/3 letters succeed 25/50/75%
    assert Counter(o.letters[0] for o in C.outcomes) == {"A": 3, "B": 3, "C": 3, "D": 3}
    # for every set of filled boxes, each box comes first among them equally often
    for size in (2, 3, 4):
        for boxes in permutations("ABCD", size):
            chosen = set(boxes)
            first = Counter(next(x for x in o.letters if x in chosen) for o in C.outcomes)
            assert len(set(first.values())) == 1 and set(first) == chosen
    assert [o.face for o in C.outcomes].count(0) == 2  # two Misses


def test_the_road() -> None:
    r = C.road
    assert r.miles == 25 and r.waypoints == (15, 17, 19, 21, 23, 25)
    assert [r.region(m) for m in (0, 7, 8, 14, 15, 25)] == [0, 0, 1, 1, 2, 2]
    assert len(r.special) == len(C.counters) == 10
    assert r.shortcuts == ((2, 5), (8, 11), (11, 14))


# ---------------------------------------------------------------- broken copies

@pytest.fixture()
def copy(tmp_path: Path) -> Path:
    folder = tmp_path / "last-aurora"
    shutil.copytree(FOLDER, folder)
    return folder


def edit(folder: Path, name: str, old: str, new: str, count: int = 1) -> None:
    path = folder / name
    text = path.read_text(encoding="utf-8")
    assert old in text, old
    path.write_text(text.replace(old, new, count), encoding="utf-8")


def line_of(folder: Path, name: str, needle: str, nth: int = 1) -> int:
    lines = (folder / name).read_text(encoding="utf-8").splitlines()
    hits = [i + 1 for i, line in enumerate(lines) if needle in line]
    return hits[nth - 1]


def messages(folder: Path) -> list[str]:
    return [str(p).replace(str(folder) + "/", "") for p in validate(folder)]


def test_a_bad_cell_code_names_file_line_and_key(copy: Path) -> None:
    edit(copy, "start.yaml", "cells: [W2, A, C, \"C:fuel\"]", "cells: [W2, X, C, \"C:fuel\"]")
    line = line_of(copy, "start.yaml", "cells: [W2, X")
    assert messages(copy) == [
        f"start.yaml:{line}: cards.2.cells.1: expected a cell code: C, C:fuel/food, S★n, "
        "S:speed, S:eor-object, S:object-limit, S:asgard, A, G, Wn or Jn, found 'X'"]


def test_a_missing_field_for_its_kind(copy: Path) -> None:
    edit(copy, "exploration.yaml", "  tow: 3\n", "")
    msgs = messages(copy)
    assert len(msgs) == 1 and msgs[0].endswith("cards.4.tow: missing; a truck card needs tow")
    assert msgs[0].startswith("exploration.yaml:")


def test_a_field_the_kind_does_not_have(copy: Path) -> None:
    edit(copy, "exploration.yaml", "  value: 2\n  abilities:\n  - explore_repair: 1\n",
         "  value: 2\n  cells: [C]\n  abilities:\n  - explore_repair: 1\n")
    line = line_of(copy, "exploration.yaml", "cells: [C]")
    assert messages(copy) == [f"exploration.yaml:{line}: cards.0.cells: a survivor card has no "
                              "cells"]


def test_a_card_number_used_twice_and_out_of_range(copy: Path) -> None:
    edit(copy, "exploration.yaml", "id: '002'", "id: '001'")
    edit(copy, "objects.yaml", '["083"]', '["090"]')
    msgs = messages(copy)
    assert any(m.endswith("cards.1.id: card number 001 is used twice") for m in msgs)
    assert any("objects.5.ids.0: card number 090 is outside objects's 073-086" in m
               for m in msgs)


def test_component_counts_are_checked(copy: Path) -> None:
    edit(copy, "exploration.yaml", "  plus: false\n  source: authored\n  value: 2\n  abilities:\n"
         "  - explore_repair: 1", "  plus: true\n  source: authored\n  value: 2\n  abilities:\n"
         "  - explore_repair: 1")
    assert messages(copy) == [
        "exploration.yaml:3: cards: 23 cards carry the orange plus; the game has 22"]


def test_outcome_letters_must_be_even_and_distinct(copy: Path) -> None:
    edit(copy, "outcome.yaml", "letters: ACDB", "letters: ABDC")
    line = line_of(copy, "outcome.yaml", "letters: ABDC")
    assert messages(copy) == [f"outcome.yaml:{line}: outcomes.1.letters: expected an even "
                              "ordering of A, B, C, D (so every letter leads equally often)"]


def test_road_problems(copy: Path) -> None:
    edit(copy, "board-alpha.yaml", "wrecks: [3, 7,", "wrecks: [3, 30,")
    edit(copy, "board-alpha.yaml", "[11, 14]]", "[14, 11]]")
    msgs = messages(copy)
    assert any(m.startswith("board-alpha.yaml:") and "wrecks.1: mile 30 is past the road's end"
               in m for m in msgs)
    assert any("shortcuts.2: a shortcut runs forward" in m for m in msgs)


def test_an_unknown_effect_verb(copy: Path) -> None:
    edit(copy, "waypoints.yaml", "effects: [{repair: 3}]", "effects: [{teleport: 3}]")
    line = line_of(copy, "waypoints.yaml", "teleport")
    msgs = messages(copy)
    assert len(msgs) == 1
    assert msgs[0].startswith(f"waypoints.yaml:{line}: counters.3.effects.0.teleport: unknown "
                              "effect verb; expected one of ")


def test_start_references_must_be_start_cards(copy: Path) -> None:
    edit(copy, "game.yaml", 'truck: "063"', 'truck: "067"')
    line = line_of(copy, "game.yaml", 'truck: "067"')
    assert messages(copy) == [f"game.yaml:{line}: start.truck: expected a start truck card's "
                              "number"]


def test_load_content_raises_with_every_problem(copy: Path) -> None:
    edit(copy, "outcome.yaml", "face: 5", "face: nine")
    with pytest.raises(ContentError, match=r"outcome\.yaml:\d+: outcomes\.2\.face: expected"):
        load_content(copy)


def test_automa_cards_are_checked_with_file_and_line(copy: Path) -> None:
    edit(copy, "automa.yaml", "end: {do: [{repair: 2}]}", "end: {do: [{speed: 2}]}")
    edit(copy, "automa.yaml", "slot: 1\n", "slot: 6\n")
    edit(copy, "automa.yaml", 'id: "117"', 'id: "112"')
    speed = line_of(copy, "automa.yaml", "end: {do: [{speed: 2}]}")
    slot = line_of(copy, "automa.yaml", "slot: 6")
    assert messages(copy) == [f"automa.yaml:{slot}: cards.4.slot: expected a zone cell 1..5, "
                              "found 6"]
    edit(copy, "automa.yaml", "slot: 6\n", "slot: 1\n")
    twice = line_of(copy, "automa.yaml", 'id: "112"', 2)
    msgs = messages(copy)
    assert msgs == [
        f"automa.yaml:{speed}: cards.3.end.do.0.speed: does not belong on the end line; "
        "expected one of object, damage_you, toll_you, repair, contaminate_you",
        f"automa.yaml:{twice}: cards.5.id: card number 112 is used twice"]


def test_automa_card_count_and_levels_are_checked(copy: Path) -> None:
    text = (copy / "automa.yaml").read_text(encoding="utf-8")
    cut = text.index('  - id: "117"')
    (copy / "automa.yaml").write_text(text[:cut], encoding="utf-8")
    edit(copy, "automa.yaml", "hard: [1, 4, 5]", "hard: [2, 9]")
    msgs = messages(copy)
    assert any(m.endswith("levels.hard.1: expected a round 1..6, found 9") for m in msgs)
    edit(copy, "automa.yaml", "hard: [2, 9]", "hard: [1, 4, 5]")
    assert [m.split(": ", 1)[1] for m in messages(copy)] == [
        "cards: 5 Automa cards; the game has 6"]
