"""The card data matches everything the rulebook names, and broken data is reported well."""

from __future__ import annotations

import shutil
from pathlib import Path

from frostdesk.games.frost_shelter.content import validate
from frostdesk.paths import cards_dir
from fs_helpers import GAME


def by_id(items, key="id"):  # noqa: ANN001, ANN201
    return {getattr(i, key): i for i in items}


def test_component_counts() -> None:
    c = GAME.content
    assert len(c.card_ids) == 40 and len(c.relic_ids) == 4
    assert len(c.events) == 6 and len(c.equipment_ids) == 14
    assert sorted(zip(c.card_resource, c.card_value, strict=True)) == [
        (r, v) for r in range(4) for v in range(1, 11)]


def test_every_card_says_where_it_comes_from() -> None:
    c = GAME.content
    assert set(c.card_source) == {"rulebook"}
    assert {e.source for e in c.events} <= {"rulebook", "authored"}
    assert {e.id for e in c.events if e.source == "rulebook"} == {"invasion", "blackout"}
    assert {t.type: t.source for t in c.equipment_types} == {
        "tarp": "authored", "chest": "authored", "bag": "rulebook", "harpoon": "rulebook",
        "medkit": "authored", "sled": "authored"}


def test_named_cards_match_the_rulebook() -> None:
    c = GAME.content
    ev = by_id(c.events)
    assert ev["invasion"].name == "INVASION" and ev["blackout"].name == "BLACKOUT"
    types = by_id(c.equipment_types, "type")
    bag = types["bag"]
    assert (bag.cost.cards, bag.cost.resources) == (2, "any")  # "2 any resources"
    assert bag.effect_value("expedition_bonus") == 1  # 3 cards in total
    assert types["harpoon"].effect_value("change_relic") is True
    assert c.rules.deal == {2: 10, 3: 9, 4: 8, 5: 7}
    assert c.rules.collect == {2: (1,), 3: (1, 2), 4: (1, 2), 5: (2, 3)}
    assert (c.rules.frost_bite_per_card, c.rules.hibernation_prevents) == (2, 4)
    assert (c.rules.infirmary_different, c.rules.infirmary_heals) == (3, 1)
    assert c.rules.expedition_draw == 2 and c.rules.purchase_rounds == 2


def test_enough_tarps_and_chests_to_deal_one_to_five_players() -> None:
    c = GAME.content
    starters = [i for i in range(14) if c.equip(i).type in ("tarp", "chest")]
    assert len(starters) >= 5


def test_every_event_max_is_the_sum_of_its_requirements() -> None:
    for e in GAME.content.events:
        assert e.max == sum(r.cards for r in e.requirements), e.id


def test_bundled_data_is_valid() -> None:
    assert validate(cards_dir("frost-shelter")) == []


def broken_copy(tmp_path: Path, name: str, old: str, new: str) -> Path:
    folder = tmp_path / "fs"
    shutil.copytree(cards_dir("frost-shelter"), folder)
    path = folder / name
    text = path.read_text()
    assert old in text
    path.write_text(text.replace(old, new, 1))
    return folder


def test_wrong_type_names_file_line_and_key(tmp_path: Path) -> None:
    folder = broken_copy(tmp_path, "events.yaml", "damage: 6", "damage: six")
    problems = validate(folder)
    assert len(problems) == 1
    p = problems[0]
    assert p.file.endswith("events.yaml") and p.key == "events.0.damage"
    assert p.line == line_of(folder / "events.yaml", "damage: six")
    assert "expected total damage" in p.message


def test_unknown_key_is_reported(tmp_path: Path) -> None:
    folder = broken_copy(tmp_path, "equipment.yaml", "effect: {heal: 2}", "effect: {hael: 2}")
    (p,) = validate(folder)
    assert p.key == "equipment.4.effect.hael" and "unknown effect" in p.message


def test_syntax_error_names_the_line(tmp_path: Path) -> None:
    folder = broken_copy(tmp_path, "game.yaml", "events_per_game: 3", "events_per_game: [3")
    (p,) = validate(folder)
    assert p.file.endswith("game.yaml") and p.line > 1 and p.key == "(syntax)"


def test_missing_key_is_reported(tmp_path: Path) -> None:
    folder = broken_copy(tmp_path, "events.yaml", "    max: 5\n", "")
    problems = validate(folder)
    assert any(p.key == "events.0.max" and "missing" in p.message for p in problems)


def line_of(path: Path, text: str) -> int:
    return next(i for i, line in enumerate(path.read_text().splitlines(), 1) if text in line)


def test_fast_requirement_matching_equals_brute_force() -> None:
    import random
    from itertools import combinations

    c = GAME.content
    reqs = [r for e in c.events for r in e.requirements] + [t.cost for t in c.equipment_types]
    rnd = random.Random(0)
    for _ in range(400):
        hand = rnd.sample(range(40), rnd.randrange(0, 12))
        relic = rnd.randrange(4)
        for r in reqs:
            slow = [cb for cb in combinations(sorted(hand), r.cards)
                    if r.matches([GAME.val[x] for x in cb], [GAME.res[x] for x in cb], relic)]
            assert r.choices(hand, GAME.val, GAME.res, relic) == slow
            assert r.any_choice(hand, GAME.val, GAME.res, relic) == bool(slow)


def test_the_descriptions_player_counts_match_the_rules() -> None:
    from frostdesk.engine.registry import get

    desc = get("frost-shelter")
    assert (desc.min_players, desc.max_players) == (GAME.min_players, GAME.max_players)


def test_moving_the_table_layout_keeps_the_ruleset(tmp_path: Path) -> None:
    from frostdesk.games.frost_shelter.content import load_content

    folder = broken_copy(tmp_path, "table.yaml", "size: {w: 1600", "size: {w: 1700")
    assert load_content(folder).ruleset_hash == GAME.content.ruleset_hash
    folder2 = broken_copy(tmp_path / "b", "events.yaml", "damage: 6", "damage: 7")
    assert load_content(folder2).ruleset_hash != GAME.content.ruleset_hash


def test_a_value_out_of_range_is_one_problem_not_a_cascade(tmp_path: Path) -> None:
    # the 40-card check runs only once every card has a value from 1 to 10
    folder = broken_copy(tmp_path, "resources.yaml", "value: 7,", "value: 11,")
    (p,) = validate(folder)
    assert (p.key, p.message) == ("cards.6.value", "expected a value from 1 to 10, found 11")
    assert p.line == line_of(folder / "resources.yaml", "value: 11")


def test_unknown_key_at_the_top_of_a_file_names_its_line(tmp_path: Path) -> None:
    folder = broken_copy(tmp_path, "game.yaml", "purchase_rounds: 2", "purchase_round: 2")
    problems = validate(folder)
    assert [(p.key, p.line) for p in problems] == [
        ("purchase_round", line_of(folder / "game.yaml", "purchase_round")),
        ("purchase_rounds", 2)]  # missing: the line where the mapping starts
    assert problems[0].message.startswith("unknown key; expected one of collect, deal, ")
    assert problems[1].message == "missing; expected a whole number"


def test_each_file_that_is_not_a_mapping_says_so(tmp_path: Path) -> None:
    for name in ("game.yaml", "resources.yaml", "events.yaml", "equipment.yaml", "table.yaml"):
        folder = tmp_path / name
        shutil.copytree(cards_dir("frost-shelter"), folder)
        (folder / name).write_text("- 1\n- 2\n")
        (p,) = validate(folder)
        assert (p.file, p.line, p.key) == (str(folder / name), 1, "(file)")
        assert p.message.startswith("expected a mapping") and p.message.endswith("found [1, 2]")


def test_a_cross_check_names_the_line_of_the_card(tmp_path: Path) -> None:
    folder = broken_copy(tmp_path, "equipment.yaml", "copies: [medkit-1, medkit-2]",
                         "copies: [medkit-1, tarp-2]")
    (p,) = validate(folder)
    assert (p.key, p.message) == ("equipment.4.copies.1", "expected a new card id")
    assert p.line == line_of(folder / "equipment.yaml", "tarp-2]")
