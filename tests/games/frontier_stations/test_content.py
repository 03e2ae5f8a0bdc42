"""The card data matches every card and number the rulebook names; broken data is reported
with its file, line and key."""

from __future__ import annotations

import shutil
from pathlib import Path

import pytest

from frostdesk.engine.game import ContentError
from frostdesk.games.frontier_stations.content import ALL, load_content, validate
from frostdesk.paths import cards_dir

from .helpers import ENERGY, ENGINEERING, GAME, MEDICAL, SECURITY, SHIELD, C, design, position

RULEBOOK_SYSTEMS = {"physics-lab", "solar-cell", "barracks", "recycler", "mass-converter",
                    "force-field", "focusing-lens", "supercomputer", "stasis-pod",
                    "salvage-ship"}
RULEBOOK_THREATS = {"killer-robots", "plague", "politics", "boarding-party", "artillery-fire",
                    "reinforcements-early", "reinforcements-late"}


def units(card_units) -> list[list[int]]:
    return [sorted(u) for u in card_units]


def storage(energy=0, medical=0, shield=0, engineering=0, security=0):
    return (energy, medical, shield, engineering, security)


# ---------------------------------------------------------------- component counts

def test_component_counts_match_the_rulebook() -> None:
    assert len(C.systems) == 65  # 65 green standard systems
    assert len(C.nexus_cards) == 9  # 9 double-sided Nexus cards
    assert len(C.early()) == 25 and len(C.late()) == 25 and len(C.threats) == 50
    assert (C.keep, C.remove) == (20, 5)
    assert C.beacons == 2
    assert (C.markers_low, C.markers_high, C.max_upgrade) == (23, 7, 5)
    assert C.supply == (48, 32, 32, 32, 32)  # 48 energy, 32 of each other resource
    assert (C.min_players, C.max_players) == (1, 6)


def test_the_descriptions_player_counts_match_the_rules() -> None:
    from frostdesk.engine.registry import get

    desc = get("frontier-stations")
    assert (desc.min_players, desc.max_players) == (GAME.min_players, GAME.max_players)


def test_card_ids_are_unique() -> None:
    ids = [c.id for c in C.systems] + [t.id for t in C.threats] + [n[0] for n in C.nexus_cards]
    assert len(ids) == len(set(ids))
    assert [c.index for c in C.systems] == list(range(65))
    assert [t.index for t in C.threats] == list(range(50))


def test_every_card_says_where_it_comes_from() -> None:
    assert {c.source for c in C.systems} <= {"rulebook", "authored"}
    assert {t.source for t in C.threats} <= {"rulebook", "authored"}
    assert {f.source for f in C.nexus_faces.values()} == {"rulebook"}
    assert {c.design for c in C.systems if c.source == "rulebook"} == RULEBOOK_SYSTEMS
    assert {t.design for t in C.threats if t.source == "rulebook"} == RULEBOOK_THREATS


# ---------------------------------------------------------------- systems named by the rulebook

def test_rulebook_cards_mark_every_part_that_is_ours() -> None:
    # Issue 11, item 7: a card marked as rulebook carries only rulebook text; what the
    # rulebook does not give is listed as ours. Killer Robots: the rulebook gives only its
    # destruction cost (5 credits and a medical), so what it takes is ours.
    robots = design("killer-robots")
    assert robots.source == "rulebook"
    assert {"on", "consume", "per_station", "text"} <= set(robots.authored)
    assert "credits" not in robots.authored and "destroy" not in robots.authored
    salvage = design("salvage-ship")  # the rulebook says only that a roll does not make it
    assert {"salvage", "text", "storage", "cost"} <= set(salvage.authored)
    for card in C.systems + C.threats:
        if card.source == "authored":
            assert not card.authored
        elif card.text and "text" not in card.authored:
            # rulebook words (a conversion the Card Clarifications spell out)
            assert card.convert is not None, card.design
    for face in C.nexus_faces.values():
        assert face.source == "rulebook" and face.authored == ("on",)


def test_only_a_rulebook_card_lists_what_is_ours(tmp_path: Path) -> None:
    folder = broken_copy(tmp_path, "threats.yaml", "    source: authored\n",
                         "    source: authored\n    authored: [text]\n")
    (p,) = validate(folder)
    assert p.key.endswith(".authored") and "only a rulebook card" in p.message


def test_physics_lab() -> None:
    lab = design("physics-lab")
    assert lab.name == "Physics Lab"
    assert lab.numbers == {6}  # activates on a 6 only
    assert len(lab.activations) == 1
    assert units(lab.activations[0].produce) == [[MEDICAL, ENGINEERING]]  # one of the two
    assert lab.storage == storage(medical=3, engineering=2) and lab.storage_any == 0
    assert lab.convert is None and lab.salvage == ()


def test_recycler_spends_any_resource_as_energy_one_for_one() -> None:
    rec = design("recycler")
    assert rec.name == "Recycler"
    assert (rec.convert.spend, rec.convert.count, rec.convert.as_) == (None, 1, ENERGY)
    s = position(players=2, installed={0: ["recycler-1"]})
    rates = GAME.rates(s, 0)
    assert {k: v[0] for k, v in rates.items()} == {(r, ENERGY): 1 for r in range(1, 5)}


def test_mass_converter_spends_three_energy_as_any_other_resource() -> None:
    mc = design("mass-converter")
    assert mc.name == "Mass Converter"
    assert (mc.convert.spend, mc.convert.count) == (ENERGY, 3)
    s = position(players=2, installed={0: ["mass-converter-1"]})
    rates = GAME.rates(s, 0)
    assert {k: v[0] for k, v in rates.items()} == {(ENERGY, r): 3 for r in range(1, 5)}


@pytest.mark.parametrize("card,name,makes", [
    ("force-field", "Force Field", SHIELD), ("focusing-lens", "Focusing Lens", SECURITY),
    ("supercomputer", "Supercomputer", ENGINEERING), ("stasis-pod", "Stasis Pod", MEDICAL)])
def test_two_energy_as_one_other_resource(card: str, name: str, makes: int) -> None:
    c = design(card)
    assert c.name == name
    assert (c.convert.spend, c.convert.count, c.convert.as_) == (ENERGY, 2, makes)
    s = position(players=2, installed={0: [c.id]})
    assert {k: v[0] for k, v in GAME.rates(s, 0).items()} == {(ENERGY, makes): 2}


def test_salvage_ship_never_activates_on_a_roll_but_salvages() -> None:
    ship = design("salvage-ship")
    assert ship.name == "Salvage Ship"
    assert ship.activations == () and ship.numbers == frozenset()
    assert ship.salvage != ()


def test_solar_cell_and_barracks_store_what_the_examples_take_from_them() -> None:
    # Purchase example: energy comes off a Solar Cell; activation example: security off a
    # Barracks.
    assert design("solar-cell").storage[ENERGY] > 0
    assert units(design("solar-cell").activations[0].produce) == [[ENERGY]]
    assert design("barracks").storage[SECURITY] > 0


# ---------------------------------------------------------------- threats named by the rulebook

def test_killer_robots_cost_5_credits_and_1_medical() -> None:
    kr = design("killer-robots")
    assert kr.name == "Killer Robots" and kr.deck == "early"
    assert kr.credits == 5 and units(kr.destroy) == [[MEDICAL]]


def test_plague_activates_on_3_and_takes_medical() -> None:
    p = design("plague")
    assert p.name == "Plague" and p.deck == "early"
    assert p.on == {3} and units(p.consume) == [[MEDICAL]]


def test_politics_takes_any_resource() -> None:
    p = design("politics")
    assert p.name == "Politics"
    assert [set(u) for u in p.consume] == [set(ALL)]


def test_boarding_party_and_artillery_fire_activate_on_5() -> None:
    bp, af = design("boarding-party"), design("artillery-fire")
    assert (bp.name, af.name) == ("Boarding Party", "Artillery Fire")
    assert bp.on == {5} and units(bp.consume) == [[SECURITY]]
    assert af.on == {5} and units(af.consume) == [[SHIELD]]


def test_reinforcements_are_in_both_decks() -> None:
    for deck in ("early", "late"):
        found = [t for t in C.threats if t.deck == deck and t.reinforcements]
        assert found, deck
        assert all(t.name == "Reinforcements" for t in found)
        assert all(t.on == frozenset() and t.consume == () for t in found)


def test_early_threats_activate_on_one_die() -> None:
    for t in C.threats:
        if t.deck == "early" and not t.reinforcements:
            assert t.on and t.on <= set(range(1, 7)), t.id


def test_late_threats_activate_on_two_dice() -> None:
    for t in C.threats:
        if t.deck == "late" and not t.reinforcements:
            assert t.on and t.on <= set(range(2, 13)), t.id


def test_every_threat_consumes_and_costs_something() -> None:
    for t in C.threats:
        if not t.reinforcements:
            assert t.consume and t.credits >= 1, t.id


# ---------------------------------------------------------------- Nexus

@pytest.mark.parametrize("kind,name,caps,any_", [
    ("standard", "Nexus", storage(1, 1, 1, 1, 1), 0),
    ("heavy", "Heavy Nexus", storage(2, 2, 2, 2, 2), 0),
    ("light", "Light Nexus", storage(), 4)])
def test_nexus_faces(kind: str, name: str, caps: tuple, any_: int) -> None:
    face = C.nexus_faces[kind]
    assert face.name == name and face.nexus
    assert face.storage == caps and face.storage_any == any_
    # Produces one of any resource.
    assert len(face.activations) >= 1
    assert all([set(u) for u in a.produce] == [set(ALL)] for a in face.activations)
    assert face.cost == 0


def test_nine_double_sided_nexus_cards_can_deal_any_mix_to_six_stations() -> None:
    assert len(C.nexus_cards) == 9
    assert all(a != b for _, a, b in C.nexus_cards)
    from itertools import product

    for kinds in product(("standard", "heavy", "light"), repeat=6):
        assert GAME._nexus_dealable(kinds), kinds


# ---------------------------------------------------------------- data files

def test_bundled_data_is_valid() -> None:
    assert validate(cards_dir("frontier-stations")) == []


def broken_copy(tmp_path: Path, name: str, old: str, new: str) -> Path:
    folder = tmp_path / "fst"
    shutil.copytree(cards_dir("frontier-stations"), folder)
    path = folder / name
    text = path.read_text()
    assert old in text
    path.write_text(text.replace(old, new, 1))
    return folder


def line_of(path: Path, text: str) -> int:
    return next(i for i, line in enumerate(path.read_text().splitlines(), 1) if text in line)


def test_a_card_that_makes_what_it_cannot_store(tmp_path: Path) -> None:
    # tokens live on the card that makes them: a Solar Cell storing only shields would
    # throw every energy it makes away
    folder = broken_copy(tmp_path, "systems.yaml", "storage: {energy: 3}", "storage: {shield: 3}")
    (p,) = validate(folder)
    assert p.key == "systems.1.storage" and "makes energy but has no room for it" in p.message


def test_storage_that_nothing_fills(tmp_path: Path) -> None:
    # a card that makes nothing and takes no overflow can never hold a token
    folder = broken_copy(tmp_path, "systems.yaml", "    spill: true\n", "")
    (p,) = validate(folder)
    assert "cargo-hold stores tokens but nothing ever puts any on it" in p.message


def test_a_cost_that_is_not_a_number(tmp_path: Path) -> None:
    folder = broken_copy(tmp_path, "systems.yaml", "cost: 3", "cost: lots")
    (p,) = validate(folder)  # one problem per design, not one per copy (Physics Lab has 2)
    assert (p.key, p.line) == ("systems.0.cost", line_of(folder / "systems.yaml", "cost: lots"))
    assert p.file.endswith("systems.yaml") and "lots" in p.message and "cost" in p.message
    with pytest.raises(ContentError, match=r"systems\.yaml:\d+: systems\.0\.cost"):
        load_content(folder)


def test_an_unknown_resource(tmp_path: Path) -> None:
    folder = broken_copy(tmp_path, "threats.yaml", "resources: [[medical]]}",
                         "resources: [[medicine]]}")
    (p,) = validate(folder)
    assert p.file.endswith("threats.yaml")
    assert p.line == line_of(folder / "threats.yaml", "medicine")
    assert p.key == "threats.0.destroy.resources.0.0"
    assert "medicine" in p.message and "medical" in p.message


def test_an_unknown_resource_in_production(tmp_path: Path) -> None:
    folder = broken_copy(tmp_path, "systems.yaml", "produce: [[medical, engineering]]",
                         "produce: [[medical, enginering]]")
    (p,) = validate(folder)
    assert p.key == "systems.0.activations.0.produce.0.1"
    assert p.line == line_of(folder / "systems.yaml", "enginering")
    assert "enginering" in p.message


def test_a_missing_copies_list(tmp_path: Path) -> None:
    folder = broken_copy(tmp_path, "systems.yaml",
                         "    copies: [physics-lab-1, physics-lab-2]\n", "")
    (p,) = validate(folder)
    assert p.file.endswith("systems.yaml") and p.key == "systems.0.copies"
    assert "missing" in p.message
    assert p.line == line_of(folder / "systems.yaml", "id: physics-lab")


def test_an_unknown_key(tmp_path: Path) -> None:
    folder = broken_copy(tmp_path, "game.yaml", "beacons: 2", "beacons: 2\ncolour: red")
    (p,) = validate(folder)
    assert p.file.endswith("game.yaml") and p.key == "colour" and "unknown key" in p.message
    assert p.line == line_of(folder / "game.yaml", "colour")


def test_a_deck_of_the_wrong_size(tmp_path: Path) -> None:
    folder = broken_copy(tmp_path, "threats.yaml", "copies: [plague-1, plague-2]",
                         "copies: [plague-1]")
    (p,) = validate(folder)
    assert p.file.endswith("threats.yaml") and "24" in p.message and "25" in p.message


def test_a_card_id_used_twice(tmp_path: Path) -> None:
    folder = broken_copy(tmp_path, "systems.yaml", "[solar-cell-1, solar-cell-2, solar-cell-3]",
                         "[solar-cell-1, solar-cell-2, physics-lab-1]")
    (p,) = validate(folder)
    assert p.key == "systems.1.copies.2" and "used twice" in p.message


def test_a_yaml_syntax_error_names_the_file(tmp_path: Path) -> None:
    folder = broken_copy(tmp_path, "threats.yaml", "consume: [[medical]]", "consume: [[medical]")
    (p,) = validate(folder)
    assert p.file.endswith("threats.yaml")
    with pytest.raises(ContentError, match="threats.yaml"):
        load_content(folder)


def test_a_yaml_syntax_error_names_the_line_and_key(tmp_path: Path) -> None:
    folder = broken_copy(tmp_path, "threats.yaml", "consume: [[medical]]", "consume: [[medical]")
    (p,) = validate(folder)
    assert p.key == "(syntax)"
    broken = line_of(folder / "threats.yaml", "consume: [[medical]")
    assert p.line in (broken, broken + 1)  # YAML notices the missing ']' on the next line


def test_moving_the_table_layout_keeps_the_ruleset(tmp_path: Path) -> None:
    folder = broken_copy(tmp_path, "table.yaml", "size: {w: 1600", "size: {w: 1700")
    assert load_content(folder).ruleset_hash == C.ruleset_hash
    folder2 = broken_copy(tmp_path / "b", "systems.yaml", "cost: 3", "cost: 4")
    assert load_content(folder2).ruleset_hash != C.ruleset_hash


def test_a_number_in_game_yaml_that_is_not_a_number(tmp_path: Path) -> None:
    folder = broken_copy(tmp_path, "game.yaml", "beacons: 2", "beacons: two")
    (p,) = validate(folder)  # once a crash in int(); now a line like any other
    assert (p.key, p.line) == ("beacons", line_of(folder / "game.yaml", "beacons: two"))
    assert p.message == "expected a number of distress beacons, found 'two'"


def test_an_activation_number_out_of_range_names_the_number(tmp_path: Path) -> None:
    folder = broken_copy(tmp_path, "systems.yaml", '- "on": [6]', '- "on": [6, 13]')
    (p,) = validate(folder)
    assert p.key == "systems.0.activations.0.on.1"
    assert p.message == "expected a number 1..12, found 13"


def test_a_threat_is_checked_as_a_threat_and_reinforcements_as_reinforcements(
        tmp_path: Path) -> None:
    folder = broken_copy(tmp_path, "threats.yaml", "    per_station: true\n",
                         "    per_station: maybe\n")
    (p,) = validate(folder)
    assert (p.key, p.message) == ("threats.0.per_station", "expected true or false, found 'maybe'")
    folder = broken_copy(tmp_path / "b", "threats.yaml", "reinforcements: true",
                         "reinforcements: yes please")
    (p,) = validate(folder)
    assert p.key == "threats.13.reinforcements"
    assert p.message == "expected true, found 'yes please'"


def test_every_player_count_has_a_table_layout(tmp_path: Path) -> None:
    folder = broken_copy(tmp_path, "table.yaml", "  6: {", "  7: {")
    problems = [(p.key, p.message) for p in validate(folder)]
    assert problems == [("layouts.7", "expected a number of stations 1..6, found 7")]
    table = folder / "table.yaml"
    table.write_text(table.read_text().split("  7: {")[0])  # no layout for six stations
    (p,) = validate(folder)
    assert (p.key, p.message) == ("layouts", "expected a layout for 6 stations")
    folder = broken_copy(tmp_path / "b", "table.yaml", "typical: {station: 6, area: 8}",
                         "typical: {station: 6}")
    (p,) = validate(folder)
    assert p.key == "layouts.2.typical.area" and p.message.startswith("missing")


def test_each_file_that_is_not_a_mapping_says_so(tmp_path: Path) -> None:
    for name in ("game.yaml", "nexus.yaml", "systems.yaml", "threats.yaml", "table.yaml"):
        folder = tmp_path / name
        shutil.copytree(cards_dir("frontier-stations"), folder)
        (folder / name).write_text("- 1\n- 2\n")
        (p,) = validate(folder)
        assert (p.file, p.line, p.key) == (str(folder / name), 1, "(file)")
        assert p.message.startswith("expected a mapping") and p.message.endswith("found [1, 2]")
