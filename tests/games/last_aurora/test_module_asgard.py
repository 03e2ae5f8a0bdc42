"""Frozen Steel, Module 2: the Asgard clan (brief 2.2, 4.8; seed 000, Module 2).

Each card note of cards 235-246 in the seed is a test here, with the seed's numbers, and so
are the Asgard defense cells (M2.2), Asgard armor (M2.3) and the Radio Operator (M2.4).
"""

from __future__ import annotations

from frostdesk.games.last_aurora.state import Pick, State

from .helpers import C, G, idx, turn, zone

MOD = {"modules": ["asgard"]}


def new(n: int = 2, seed: int = 1) -> State:
    return G.new_game({"players": n, **MOD}, seed)[0]


def ambush(s: State) -> State:
    """Every revealed enemy ambushes (F3)."""
    s.phase = "fire"
    s.passed = [False] * len(s.passed)
    s._legal = None
    G._ambushes(s, [])
    return s


def damaged_columns(s: State, seat: int) -> dict[int, int]:
    out: dict[int, int] = {}
    for col, column in enumerate(s.convoy[seat]):
        for slot in column:
            if slot is not None and sum(slot[1]):
                out[col] = out.get(col, 0) + sum(slot[1])
    return out


def leader_and_other(s: State) -> tuple[int, int]:
    s.mile = [3, 2]
    return 0, 1


# ---------------------------------------------------------------- the cards (4.8)

def test_every_row_of_the_table_is_in_the_data() -> None:
    rows = {"235": ("Tyr", 1, 1, 3), "236": ("Ullr", 1, 2, 3), "237": ("Heimdall", 2, 2, 4),
            "238": ("Hel", 2, 2, 4), "239": ("Thor", 3, 3, 4), "240": ("Loki", 3, 3, 5)}
    for number, (name, period, defense, ordinary) in rows.items():
        c = C.by_id(number)
        assert (c.name, c.kind, c.period, c.defense) == (name, "enemy", period, defense)
        assert c.cells == ("D",) * defense + ("H",) * ordinary
        assert c.source == "rulebook"
    loot = {"241": ("device", 1, ("G", "S★1")), "243": ("trailer", 2, ("G", "S★1")),
            "245": ("device", 2, ("G", "G", "S★2")), "244": ("device", 3, ("J4", "W4", "S★1")),
            "246": ("device", 3, ("S★1", "S:asgard"))}
    for number, (kind, stack, cells) in loot.items():
        c = C.by_id(number)
        assert (c.kind, c.stack, c.cells) == (kind, stack, cells), number
    radio = C.by_id("242")
    assert (radio.kind, radio.stack, radio.value, radio.ability("radio")) == (
        "survivor", 1, 2, 1)


# ---------------------------------------------------------------- M2.1 setup

def test_m2_1_the_asgard_clan_replaces_the_base_clan() -> None:
    s = new(4)
    enemies = {C.cards[x].id for x in s.xdeck + s.zone if x >= 0 and C.cards[x].kind == "enemy"}
    assert enemies == {f"{n}" for n in range(235, 241)}
    assert [{C.cards[x].id for x in pile} for pile in s.loot] == [
        {"241", "242"}, {"243", "245"}, {"244", "246"}]
    base = G.new_game({"players": 4}, 1)[0]
    assert {C.cards[x].id for x in base.loot[0]} == {"093", "094"}


def test_the_view_and_determinize_keep_the_clans_pools() -> None:
    s = new(2, 4)
    w = G.determinize(G.view(s, 0), 0, 3)
    assert sorted(w.xdeck + w.removed) == sorted(s.xdeck + s.removed)
    assert [sorted(p) for p in w.loot] == [sorted(p) for p in s.loot]


# ---------------------------------------------------------------- M2.2 defense cells

def test_m2_2_damage_fills_the_defense_cells_first_and_they_empty_at_end_of_round() -> None:
    s = new()
    zone(s, "235", None, None, None, None)  # Tyr: 1 defense + 3 ordinary
    G._hit_enemy(s, 0, 0, 2, [], normal=False)
    assert (s.edmg[0], s.edef[0]) == (2, 1)  # the defense cell and 1 ordinary
    s.mile = [2, 2]
    G._end_round_rest(s, [])
    assert s.zone[0] == idx("235") and (s.edmg[0], s.edef[0]) == (1, 0)  # ordinary stays
    G._hit_enemy(s, 0, 0, 1, [], normal=False)
    assert (s.edmg[0], s.edef[0]) == (2, 1)  # the defense cell again first
    G._hit_enemy(s, 0, 0, 2, [], normal=False)
    assert s.zone[0] != idx("235")  # all 4 filled in one round: destroyed


def test_m2_2_the_defense_damage_moves_with_its_enemy() -> None:
    s = new()
    zone(s, None, "236", None, None, None)
    G._hit_enemy(s, 0, 1, 1, [], normal=False)
    G._slide(s)
    assert s.zone[0] == idx("236") and (s.edmg[0], s.edef[0]) == (1, 1)


# ---------------------------------------------------------------- M2.3 Asgard armor

def test_m2_3_asgard_armor_drops_its_damage_at_end_of_round() -> None:
    s = new()
    s.convoy[0][0][1] = G._slot(idx("245"))  # Metal Plates: G, G, S★2
    G.damage(s, 0, "ROOF", 3, [])
    assert s.convoy[0][0][1][1] == [1, 1, 1]
    s.phase = "fire"
    G._end_round(s, [])
    assert s.convoy[0][0][1][1] == [0, 0, 1]  # the armor mended; the special cell did not


# ---------------------------------------------------------------- ambushes 235-240

def test_235_tyr_1_to_the_left_column_of_leaders_1_to_the_two_left_of_others() -> None:
    s = new()
    lead, other = leader_and_other(s)
    zone(s, "235", None, None, None, None)
    s = ambush(s)
    assert damaged_columns(s, lead) == {0: 1}
    assert sum(damaged_columns(s, other).values()) == 1
    assert set(damaged_columns(s, other)) <= {0, 1}


def test_236_ullr_others_take_1_in_the_second_and_third_columns() -> None:
    s = new()
    lead, other = leader_and_other(s)
    zone(s, "236", None, None, None, None)
    s = ambush(s)
    assert damaged_columns(s, lead) == {0: 1} and damaged_columns(s, other) == {1: 1}


def test_237_heimdall_damages_the_strongest_undamaged_weapon() -> None:
    s = new()
    s.mile = [9, 9]
    s.convoy[0][0][1] = G._slot(idx("244"))  # Asgard Destroyer: J4, W4 beside the truck's W2
    zone(s, "237", None, None, None, None)
    s.order = [0, 1]
    s = ambush(s)
    # two equal W4/J4: the player picks
    assert s.phase == "choose" and s.pending[0] == "ambush_weapon_hit" and s.actor == 0
    assert [G.pick_text(s, i) for i in (0, 1)] == [
        "Damage Asgard Destroyer J4", "Damage Asgard Destroyer W4"]
    s, _ = G.apply(s, Pick(1))
    assert s.convoy[0][0][1][1] == [0, 1, 0]
    assert s.convoy[1][0][0][1][0] == 1  # the other's only weapon: its truck's W2


def test_237_heimdall_passes_a_convoy_without_a_weapon_by() -> None:
    s = new()
    s.mile = [9, 9]
    for seat in (0, 1):
        s.convoy[seat][0][0][1][0] = 1  # the truck's W2 already damaged
    zone(s, "237", None, None, None, None)
    before = [G.damage_count(s, x) for x in (0, 1)]
    s = ambush(s)
    assert [G.damage_count(s, x) for x in (0, 1)] == before


def test_238_hel_contaminates_every_survivor_in_the_rest_zone() -> None:
    s = new()
    s.mile = [9, 9]
    s.surv[0][0][1] = "R"
    s.surv[1][0][1] = "R"
    s.surv[1][1][1] = "R"
    zone(s, "238", None, None, None, None)
    s = ambush(s)
    assert [x[2] for x in s.surv[0]] == [1, 0]
    assert [x[2] for x in s.surv[1]] == [1, 1]


def test_239_thor_1_damage_on_each_of_3_different_cards() -> None:
    s = new()
    s.mile = [16, 16]
    s.convoy[0][0][1] = G._slot(idx("245"))  # a third card
    zone(s, "239", None, None, None, None)
    s = ambush(s)
    hurt = [sl for col in s.convoy[0] for sl in col if sl is not None and sum(sl[1])]
    assert len(hurt) == 3 and all(sum(sl[1]) == 1 for sl in hurt)
    assert G.damage_count(s, 1) == 2  # 2 cards: 1 on each


def test_240_loki_leaders_roof_and_centre_others_roof() -> None:
    s = new()
    lead, other = leader_and_other(s)
    s.mile = [17, 16]
    for seat in (0, 1):
        s.convoy[seat][0][1] = G._slot(idx("245"))
        s.convoy[seat][1][1] = G._slot(idx("241"))
    zone(s, "240", None, None, None, None)
    s = ambush(s)
    # the leader: 1 on the top row (the first device's armor), 2 in columns 2-3 (the column's
    # device is in it too: its armor first, then the trailer)
    assert damaged_columns(s, lead) == {0: 1, 1: 2}
    assert sum(s.convoy[lead][0][1][1]) == 1 and sum(s.convoy[lead][1][0][1]) == 1
    assert damaged_columns(s, other) == {0: 2}  # 2 on the top row
    assert sum(s.convoy[other][0][1][1]) == 2


def test_ambushes_on_the_automa_are_damage_on_its_track() -> None:
    s = G.new_game({"players": 1, **MOD}, 3)[0]
    s.mile = [2, 9]  # the Automa (convoy 1) in the Coast
    zone(s, "237", "238", None, None, None)
    s = ambush(s)
    assert s.admg == 1  # Heimdall's counter; Hel's Contamination passes it by


# ---------------------------------------------------------------- Loot 241-246

def test_241_to_246_special_cells_score_while_undamaged() -> None:
    s = new()
    s.convoy[0][0][1] = G._slot(idx("246"))  # Power Source: S★1 + 1 per G (max 2)
    s.convoy[0][1][1] = G._slot(idx("245"))  # Metal Plates: G, G, S★2
    s.convoy[0].append([G._slot(idx("243")), None])  # Asgard Trailer: G, S★1
    parts = G.scores(s)[0]
    assert parts["cells"] == 1 + 2 + 2 + 1  # the 3rd G adds nothing past 2
    s.convoy[0][1][1][1][0] = 1  # a damaged G still counts for the Power Source
    assert G.scores(s)[0]["cells"] == 6
    s.convoy[0][0][1][1][1] = 1  # the Power Source's own cell damaged
    assert G.scores(s)[0]["cells"] == 4


def test_242_radio_operator_hits_every_rival_ahead_per_enemy_in_its_region() -> None:
    s = new(3)
    me = 0
    s.surv[me].append([idx("242"), "A", 0])
    s.mile = [2, 9, 2]  # seat 1 ahead in the Coast (another region); seat 2 on my space
    zone(s, "089", "237", None, None, None)  # two Coast enemies
    s.order = [1, 0, 2]
    turn(s, "fire", 1)
    s.passed = [False, True, False]
    G._next_actor(s, [], after=None)
    assert G.damage_count(s, 1) == 2  # 1 per enemy in its region
    assert G.damage_count(s, 2) == 0  # note 1: on the same space, spared
    assert s.radioed[me]


def test_242_note_2_the_radio_operator_acts_on_its_owners_turn_only() -> None:
    s = new(2)
    s.surv[1].append([idx("242"), "A", 0])
    s.mile = [9, 2]
    zone(s, "089", None, None, None, None)
    s.order = [0, 1]
    turn(s, "fire", 0)
    G._next_actor(s, [], after=None)
    assert s.actor == 0 and G.damage_count(s, 0) == 0  # not yet: it is seat 0's turn


def test_242_the_automa_ahead_takes_the_radio_operators_damage_on_its_track() -> None:
    s = G.new_game({"players": 1, **MOD}, 3)[0]
    s.surv[0].append([idx("242"), "A", 0])
    s.mile = [2, 9]  # the Automa ahead, in the Coast with one enemy
    zone(s, "237", None, None, None, None)
    s.order = [0, 1]
    turn(s, "fire", 0)
    s.passed = [False, False]
    events: list = []
    G._next_actor(s, events, after=None)
    radio = [e for e in events if e.kind == "radio"]
    assert [(e.data["target"], e.data["n"]) for e in radio] == [(1, 1)]
    assert any("Damage goes from 0 to 1 (the Radio Operator)" in e.text for e in events)
