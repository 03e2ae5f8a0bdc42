"""Frozen Steel, Module 3: Asymmetric crew (brief 2.3, 4.8; seed 000, Module 3).

Setup step 11 with crews (M3.1), every ability of cards 247-254 with each card note of the
seed, Example 1 (the Arctic Wolf with the Junk Machine Gun) with the seed's cards, and the
crews option (per seat, random or picked, never twice; the ruleset hash).
"""

from __future__ import annotations

import dataclasses
from typing import Any

import pytest

from frostdesk.games.last_aurora import crew as crew_rules
from frostdesk.games.last_aurora.content import Zone
from frostdesk.games.last_aurora.rules import LastAurora
from frostdesk.games.last_aurora.state import Attack, Explore, Move, Rest, State

from .helpers import C, clear, give, idx, stack_outcomes, turn, zone

CREWS = {"pack": ("247", "248"), "mutants": ("249", "250"), "vikings": ("251", "252"),
         "androids": ("253", "254")}
# The survivors' values are ours and tuned for balance (docs/balance/last-aurora.md); these
# tests use the brief's first values, so their arithmetic stays put when the data is tuned.
BRIEF_VALUES = {"247": 2, "248": 1, "249": 3, "250": 2, "251": 2, "252": 3, "253": 2,
                "254": 1}
G = LastAurora(dataclasses.replace(C, cards=tuple(
    dataclasses.replace(c, value=BRIEF_VALUES[c.id]) if c.id in BRIEF_VALUES else c
    for c in C.cards)))


def new(n: int = 2, seed: int = 1, crews: Any = None, **extra: Any) -> State:
    options: dict[str, Any] = {"players": n, "modules": ["crew"], **extra}
    if crews is not None:
        options["crews"] = crews
    return G.new_game(options, seed)[0]


def at(s: State, seat: int, card: str) -> int:
    """The index of a survivor card among a convoy's survivors."""
    return next(i for i, x in enumerate(s.surv[seat]) if C.cards[x[0]].id == card)


def ids(s: State, seat: int) -> list[str]:
    return [C.cards[x[0]].id for x in s.surv[seat]]


def device(s: State, seat: int, card: str, col: int = 0) -> None:
    s.convoy[seat][col][1] = G._slot(idx(card))
    s._legal = None


# ---------------------------------------------------------------- the cards (4.8)

def test_the_crew_table_of_4_8_is_in_the_data() -> None:
    rows = {"247": ("Arctic Wolf", 3), "248": ("She-Wolf Herder", 3),
            "249": ("Alpha Mutant", 3), "250": ("Ghoul", 2),
            "251": ("Valkyrie", 3), "252": ("War Maiden", 3),
            "253": ("Synthetic Prototype", 3), "254": ("Quartermaster Robot", 3)}
    assert [c.id for c in C.crews] == list(CREWS)
    assert [c.name for c in C.crews] == ["The Pack", "The Mutants", "The Vikings",
                                         "The Androids"]
    for crew in C.crews:
        assert tuple(C.cards[i].id for i in crew.cards) == CREWS[crew.id]
    for number, (name, dies_at) in rows.items():  # the values are ours (tuned: balance)
        card = C.by_id(number)
        assert (card.name, card.kind, card.source) == (name, "survivor", "rulebook")
        assert card.dies_at == dies_at, number  # #250: a second counter kills the Ghoul
        assert card.value >= 1, number
    # the seed's numbers (never tuned): #248 +3, #250 +2, #251/#252 3/5/7 -> 1/2/3, #253 +2,
    # #254 +2
    assert C.by_id("248").ability("speed_chasing") == 3
    assert C.by_id("250").ability("shed_speed") == 2
    steps = [[3, 1], [5, 2], [7, 3]]
    assert C.by_id("251").ability("speed_by_cards") == steps
    assert C.by_id("252").ability("hit_by_cards") == steps
    assert C.by_id("253").ability("speed_undamaged") == 2
    assert C.by_id("254").ability("object_speed") == 2
    assert C.by_id("253").ability("eats_any") and C.by_id("254").ability("eats_any")


# ---------------------------------------------------------------- M3.1 setup

def test_m3_1_each_convoy_takes_one_crew_instead_of_the_leader_and_co_pilot() -> None:
    s = new(4, 3)
    dealt = sorted(tuple(ids(s, seat)) for seat in range(4))
    assert dealt == sorted(CREWS.values())  # the four crews, once each
    for seat in range(4):
        assert [x[1:] for x in s.surv[seat]] == [["A", 0], ["A", 0]]
        assert G.count(s, seat, "surv") == 2  # their two Survivor tokens
    base = G.new_game({"players": 4}, 3)[0]
    assert [C.cards[x[0]].name for x in base.surv[0]] == ["Leader", "Co-pilot"]


def test_m3_1_crews_picked_per_seat_and_the_rest_dealt_at_random_never_twice() -> None:
    seen = set()
    for seed in range(12):
        s = new(3, seed, crews="pack,random,vikings")
        assert ids(s, 0) == list(CREWS["pack"]) and ids(s, 2) == list(CREWS["vikings"])
        assert tuple(ids(s, 1)) in (CREWS["mutants"], CREWS["androids"])
        seen.add(tuple(ids(s, 1)))
    assert len(seen) == 2  # chance deals either crew nobody picked
    s = new(2, 5, crews=["androids", "mutants"])  # the dialog's list
    assert (ids(s, 0), ids(s, 1)) == (list(CREWS["androids"]), list(CREWS["mutants"]))


@pytest.mark.parametrize(("crews", "words"), [
    ("pack,pack,random", "convoys 1 and 2 both ask for the pack crew"),
    ("wolves,random,random", "'wolves' is not a crew; the crews are pack, mutants"),
    ("pack,random", "one crew per convoy (3 here, 2 given)"),
    (3, "crews must be a list"),
])
def test_m3_1_bad_crews_are_refused_in_a_players_words(crews: Any, words: str) -> None:
    with pytest.raises(ValueError, match=words.replace("(", r"\(").replace(")", r"\)")):
        new(3, 1, crews=crews)


def test_m3_1_crews_without_the_module_are_refused_and_random_ones_ignored() -> None:
    with pytest.raises(ValueError, match="only with the crew module on"):
        G.new_game({"players": 2, "crews": "pack,random"}, 1)
    s = G.new_game({"players": 2, "crews": "random,random"}, 1)[0]
    assert G.fingerprint(s) == G.fingerprint(G.new_game({"players": 2}, 1)[0])


def test_m3_1_the_crews_enter_the_ruleset_hash_and_the_log() -> None:
    base = G.ruleset_hash_for({})
    on = G.ruleset_hash_for({"modules": ["crew"]})
    picked = G.ruleset_hash_for({"modules": ["crew"], "crews": ["pack", "random"]})
    assert len({base, on, picked}) == 3
    assert G.ruleset_hash_for({"modules": ["crew"], "crews": "pack,random"}) == picked
    _, events = G.new_game({"players": 2, "modules": ["crew"], "crews": "vikings,pack"}, 4)
    dealt = next(e for e in events if e.kind == "crews")
    assert dealt.data == {"crews": ["vikings", "pack"],
                          "cards": [list(CREWS["vikings"]), list(CREWS["pack"])]}
    assert "The Vikings" in dealt.text


def test_the_automa_takes_no_crew_and_counts_as_a_convoy_ahead_of_the_herder() -> None:
    s = new(1, 2, crews="pack", automa="normal")
    assert s.level == "normal" and ids(s, 0) == list(CREWS["pack"])
    assert len(s.surv) == 1  # survivor cards: the player's only
    before = G.speed(s, 0)
    s.mile[1] = s.mile[0] + 1  # the Automa (convoy 1) drives ahead
    assert G.speed(s, 0) == before + 3


# ---------------------------------------------------------------- #247 The Pack: the Wolf

def wolf_game() -> tuple[State, int]:
    s = new(2, 1, crews="pack,mutants")
    seat = 0
    turn(s, "explore", seat)
    clear(s, seat)
    return s, seat


def test_seed_247_example_1_arctic_wolf_takes_the_junk_machine_gun() -> None:
    """Ex. 1: the Wolf explores the Junk Machine Gun's cell; it installs the gun and takes
    that cell's bonus and both neighbours' bonuses, in the order the player picks (even
    before the main action)."""
    s, seat = wolf_game()
    wolf = at(s, seat, "247")
    zone(s, "071", "072", "215", None, None)  # the Junk Machine Gun in cell 3
    truck = s.convoy[seat][0][0]
    truck[1][1] = 1  # the truck's armor cell is damaged
    after = Explore(2, (wolf,), (), 0)  # the gun on the truck; the bonuses after it
    before = Explore(2, (wolf,), (), 0, early=(1, 2, 3))  # ... all three before it
    legal = G.legal(s)
    assert after in legal and before in legal
    for action in (after, before):
        t, events = G.apply(s, action)
        assert C.cards[t.convoy[seat][0][1][0]].name == "Junk Machine Gun"
        assert G.count(t, seat, "fuel") == 1  # cell 2's bonus
        assert G.count(t, seat, "ammo") == 1  # its own cell's bonus
        assert G.damage_count(t, seat) == 0  # cell 4's Repair 2
        assert not any(e.kind == "object_drawn" for e in events)  # cell 5 is no neighbour
        kinds = [e.kind for e in events]
        installed = kinds.index("improved")
        bonus = [i for i, e in enumerate(events) if e.kind in ("gained", "repaired")]
        assert (max(bonus) < installed) if action.early else (min(bonus) > installed)


def test_seed_247_the_order_is_the_players_and_it_can_matter() -> None:
    s, seat = wolf_game()
    wolf = at(s, seat, "247")
    zone(s, "071", "072", "215", None, None)
    # the truck's Roof Rack is damaged; the Junk Machine Gun replaces it
    device(s, seat, "010")
    s.convoy[seat][0][1][1] = [1, 1]
    later, _ = G.apply(s, Explore(2, (wolf,), (), 0))
    first, _ = G.apply(s, Explore(2, (wolf,), (), 0, early=(1, 2, 3)))
    assert G.damage_count(later, seat) == 0  # the rack left with its Damage
    assert G.damage_count(first, seat) == 0
    # with Damage on the Container too, the Repair before the gun is spent on the rack
    s.convoy[seat][1][0][1][0] = 1
    later, _ = G.apply(s, Explore(2, (wolf,), (), 0))
    first, _ = G.apply(s, Explore(2, (wolf,), (), 0, early=(1, 2, 3)))
    assert G.damage_count(later, seat) == 0 and G.damage_count(first, seat) == 1


def test_seed_247_note_the_wolf_never_takes_the_same_bonus_twice() -> None:
    fuel = (("gain", {"fuel": 1}),)
    cells = list(C.zone)
    cells[3] = Zone(2, fuel)  # cells 2 and 4 both give +1 Fuel
    g = LastAurora(dataclasses.replace(G.content, zone=tuple(cells)))
    s = g.new_game({"players": 2, "modules": ["crew"], "crews": "pack,random"}, 1)[0]
    turn(s, "explore", 0)
    clear(s, 0)
    zone(s, None, None, None, None, None)
    wolf, herder = at(s, 0, "247"), at(s, 0, "248")
    t, _ = g.apply(s, Explore(2, (wolf,), (), -1))
    assert g.count(t, 0, "fuel") == 1 and g.count(t, 0, "ammo") == 1
    # with a second explorer the cells' bonuses still come once each
    t, _ = g.apply(s, Explore(2, (wolf, herder), (), -1))
    assert g.count(t, 0, "fuel") == 1 and g.count(t, 0, "ammo") == 1


def test_seed_247_cells_at_the_ends_have_one_neighbour_and_others_take_no_extra() -> None:
    s, seat = wolf_game()
    zone(s, None, None, None, None, None)
    wolf, herder = at(s, seat, "247"), at(s, seat, "248")
    t, _ = G.apply(s, Explore(0, (wolf,), (), -1))
    assert (G.count(t, seat, "food"), G.count(t, seat, "fuel")) == (1, 1)  # cells 1 and 2
    assert G.count(t, seat, "ammo") == 0
    t, _ = G.apply(s, Explore(1, (herder,), (), -1))  # the Herder alone: cell 2 only
    assert (G.count(t, seat, "food"), G.count(t, seat, "fuel")) == (0, 1)


def test_seed_247_the_wolf_may_take_cell_4s_other_bonus_from_cell_3() -> None:
    s, seat = wolf_game()
    zone(s, None, None, None, None, None)
    wolf = at(s, seat, "247")
    s.surv[seat][wolf][2] = 1  # value 1: fed, it reaches cell 3's 2
    give(s, seat, "food")
    alt = Explore(2, (wolf,), (wolf,), -1, alt=True)
    assert alt in G.legal(s)
    t, _ = G.apply(s, alt)
    assert t.surv[seat][wolf][2] == 0  # Contamination off instead of Repair 2


# ---------------------------------------------------------------- #248 the Herder

def test_seed_248_herder_gives_3_speed_while_a_convoy_is_ahead_never_to_the_leader() -> None:
    s = new(2, 1, crews="pack,random")
    s.mile = [5, 5]
    tied = G.speed(s, 0)  # tied on the lead: both are leaders, no bonus
    s.mile = [5, 3]
    assert G.speed(s, 0) == tied  # the leader: no bonus (note)
    s.mile = [5, 6]
    assert G.speed(s, 0) == tied + 3
    s.mile = [5, 4]
    s.boarded = [1]  # a convoy aboard is ahead of every road convoy
    assert G.speed(s, 0) == tied + 3
    s.surv[0][at(s, 0, "248")][1] = "R"  # abilities work while Active (RS4)
    assert G.speed(s, 0) == tied


def moved(s: State, miles: list[int]) -> State:
    t = s.copy()
    t.mile = list(miles)
    return t


def test_ruling_the_chase_with_2_players_gives_a_crew_3_miles_behind_2_speed() -> None:
    """Ruling "Module 3: the chase" with 2 players: the crews replace the Co-pilot, whose
    catch-up kept 2-player races close; a crew 3 or more miles behind gets +2 Speed."""
    s = new(2, 1, crews="vikings,mutants")
    s.mile = [5, 5]
    level = G.speed(s, 0)
    s.mile = [5, 7]  # 2 behind: nothing yet
    assert G.speed(s, 0) == level
    s.mile = [5, 8]  # 3 behind
    assert G.speed(s, 0) == level + 2
    s.mile = [5, 9]
    assert G.speed(s, 0) == level + 2  # one step: no more further back
    assert G.speed(s, 1) == G.speed(moved(s, [9, 9]), 1)  # the leader: none
    s.mile = [5, 4]
    s.boarded = [1]  # aboard at mile 4: not ahead by miles, so no chase
    assert G.speed(s, 0) == level
    three = new(3, 1, crews="vikings,mutants,pack")
    three.mile = [5, 9, 5]
    assert G.speed(three, 0) == G.speed(moved(three, [5, 5, 5]), 0)
    base = LastAurora(C).new_game({"players": 2, "modules": ["exploration"]}, 1)[0]
    base.mile = [5, 9]  # without the crews the Co-pilot's own catch-up applies, not this
    assert G.speed(base, 0) - G.speed(moved(base, [5, 8]), 0) == 1


@pytest.mark.parametrize("n", [3, 4])
def test_ruling_the_chase_with_3_or_4_players_gives_a_crew_6_miles_behind_1_speed(n: int) -> None:
    """Ruling "Module 3: the chase": with 3 or 4 players a crew 6 or more miles behind the
    leading convoy gets +1 Speed, the Co-pilot's catch-up without its constant +1."""
    s = new(n, 1, crews=["mutants", "vikings", "androids", "pack"][:n])
    s.mile = [5] * n
    level = G.speed(s, 0)
    s.mile[1] = 10  # 5 behind: nothing yet
    assert G.speed(s, 0) == level
    s.mile[1] = 11  # 6 behind the leader
    assert G.speed(s, 0) == level + 1
    s.mile[2] = 11  # a second leader changes nothing: one +1
    assert G.speed(s, 0) == level + 1
    assert G.speed(s, 1) == G.speed(moved(s, [11] * n), 1)  # the leader: none
    solo = G.new_game({"players": 1, "modules": ["crew"], "automa": "normal"}, 1)[0]
    solo.mile = [5, 12]  # the Automa 7 ahead: no chase in solo
    assert G.speed(solo, 0) == G.speed(moved(solo, [5, 5]), 0)


# ---------------------------------------------------------------- #249 the Alpha Mutant

def mutant_game() -> tuple[State, int, int, int]:
    s = new(2, 1, crews="mutants,random")
    turn(s, "explore", 0)
    clear(s, 0)
    return s, 0, at(s, 0, "249"), at(s, 0, "250")


def test_seed_249_alpha_mutant_sheds_a_counter_after_exploring_to_go_to_rest() -> None:
    s, seat, alpha, _ = mutant_game()
    zone(s, None, None, None, None, None)
    s.surv[seat][alpha][2] = 1
    t, events = G.apply(s, Explore(2, (alpha,), (), -1))
    assert t.surv[seat][alpha][1:] == ["R", 0]
    assert any(e.kind == "decontaminated" and "Rest" in e.text for e in events)
    s.surv[seat][alpha][2] = 0  # nothing to discard: Exhausted like anyone
    t, _ = G.apply(s, Explore(2, (alpha,), (), -1))
    assert t.surv[seat][alpha][1:] == ["X", 0]


def test_seed_249_note_1_the_counter_it_just_took_pays_for_it() -> None:
    s, seat, alpha, _ = mutant_game()
    zone(s, None, None, "014", None, None)  # the Contaminated Warehouse (☢) in cell 3
    t, events = G.apply(s, Explore(2, (alpha,), (), 0))
    assert any(e.kind == "contaminated" for e in events)
    assert t.surv[seat][alpha][1:] == ["R", 0]


def test_seed_249_note_2_its_third_counter_kills_it_whatever_its_ability() -> None:
    s, seat, alpha, _ = mutant_game()
    zone(s, None, None, "014", None, None)
    s.surv[seat][alpha][2] = 2  # value 3 - 2 = 1: fed, it reaches cell 3's 2
    give(s, seat, "food")
    t, events = G.apply(s, Explore(2, (alpha,), (alpha,), 0))
    assert "249" not in ids(t, seat)
    assert any(e.kind == "died" and e.data["card"] == "249" for e in events)
    assert G.count(t, seat, "fuel") == 2  # it finished the action first


def test_seed_249_note_3_a_bonus_that_takes_its_counter_must_take_it() -> None:
    s, seat, alpha, _ = mutant_game()
    zone(s, None, None, None, None, None)
    s.surv[seat][alpha][2] = 1  # the only contaminated survivor
    alts = [a for a in G.legal(s) if isinstance(a, Explore) and a.alt and a.cell == 3
            and a.explorers == (alpha,)]
    assert alts  # cell 4's other bonus: 1 Contamination off one of your survivors
    for a in alts:
        t, _ = G.apply(s, a)
        assert t.surv[seat][alpha][1:] == ["X", 0]  # the bonus took it: nothing to shed


# ---------------------------------------------------------------- #250 the Ghoul

def _ghoul_with_a_counter(where: str) -> tuple[State, int, int]:
    """A 2-player Mutants convoy in its Movement, its Ghoul in zone `where` with one
    counter, and 1 Fuel: (state, the Ghoul's index, the farthest mile within its Speed)."""
    s = new(2, 1, crews="mutants,random")
    seat, ghoul = 0, at(s, 0, "250")
    s.surv[seat][ghoul][1] = where
    plain = G.speed(s, seat)
    s.surv[seat][ghoul][2] = 1
    assert G.speed(s, seat) == plain + 2
    turn(s, "move", seat)
    clear(s, seat)
    give(s, seat, "fuel")
    return s, ghoul, s.mile[seat] + plain + 2


def test_seed_250_ghoul_sheds_a_counter_for_2_speed_when_its_convoy_drives() -> None:
    s, ghoul, far = _ghoul_with_a_counter("A")
    assert Move(far) in G.legal(s)
    t, events = G.apply(s, Move(far))
    assert t.mile[0] == far and t.surv[0][ghoul][2] == 0
    assert any("Ghoul sheds" in e.text for e in events)
    t, _ = G.apply(s, Move(s.mile[0]))  # staying: the counter stays
    assert t.surv[0][ghoul][2] == 1


@pytest.mark.parametrize("where", ["R", "X"])
def test_ruling_the_ghouls_counter_gives_speed_from_any_zone(where: str) -> None:
    """Ruling "Module 3: where the Ghoul works": "a Ghoul in your crew" lets you discard its
    counter, so it works from the Rest and Exhausted Zones too, unlike the Herder's +3."""
    s, ghoul, far = _ghoul_with_a_counter(where)
    t, events = G.apply(s, Move(far))
    assert t.mile[0] == far and t.surv[0][ghoul][1:] == [where, 0]
    assert any("Ghoul sheds" in e.text for e in events)


def test_seed_250_note_1_a_second_counter_kills_the_ghoul() -> None:
    s, seat, _, ghoul = mutant_game()
    zone(s, None, None, "014", None, None)
    s.surv[seat][ghoul][2] = 1  # value 2 - 1 = 1: fed, it reaches 2
    give(s, seat, "food")
    t, events = G.apply(s, Explore(2, (ghoul,), (ghoul,), 0))
    assert "250" not in ids(t, seat)
    assert G.count(t, seat, "fuel") == 2  # the action was finished


def test_seed_250_note_2_a_bonus_that_takes_its_counter_must_take_it() -> None:
    s, seat, _, ghoul = mutant_game()
    zone(s, None, None, None, None, None)
    s.surv[seat][ghoul][2] = 1
    give(s, seat, "food")
    alts = [a for a in G.legal(s) if isinstance(a, Explore) and a.alt and a.cell == 3
            and a.explorers == (ghoul,)]
    assert alts
    t, _ = G.apply(s, alts[0])
    assert t.surv[seat][ghoul][2] == 0
    t.surv[seat][ghoul][1] = "A"
    assert G.speed(t, seat) == G.speed(s, seat) - 2  # no counter: no +2 to come


# ---------------------------------------------------------------- #251-252 The Vikings

def grow(s: State, seat: int, cards: int) -> None:
    """Give a convoy this many cards: devices on its vehicles, then more trailers."""
    cv = s.convoy[seat]
    while sum(1 for col in cv for x in col if x) < cards:
        free = next((col for col in cv if col[1] is None), None)
        if free is not None:
            free[1] = G._slot(idx("010"))
        else:
            cv.append([G._slot(idx("069")), None])
    s._legal = None


def test_seed_251_valkyrie_speed_by_convoy_cards() -> None:
    s = new(2, 1, crews="vikings,random")
    two = G.speed(s, 0)  # truck and container: 2 cards
    for cards, bonus in ((3, 1), (4, 1), (5, 2), (6, 2), (7, 3), (8, 3)):
        grow(s, 0, cards)
        assert G.speed(s, 0) == two + bonus, cards


def test_seed_252_war_maiden_adds_to_the_first_successful_hit_by_convoy_cards() -> None:
    for cards, bonus in ((3, 1), (4, 1), (5, 2), (7, 3)):
        s = new(2, 2, crews="vikings,random")
        seat = 0
        device(s, seat, "009", 1)  # a Harpoon Gun (W2) on the Container: 3 cards
        grow(s, seat, cards)
        clear(s, seat)
        give(s, seat, "ammo", 2)
        zone(s, "092", None, None, None, None)  # Wolf Mother: 6 cells, Period III
        s.mile[seat] = s.mile[1] = 22  # both in the Bay
        turn(s, "fire", seat)
        stack_outcomes(s, "099", "103", "103")  # a Miss, then 3 and 3
        s, _ = G.apply(s, Attack(0, False, 0, 0))  # the Miss is no hit
        assert s.edmg[0] == 0
        s, _ = G.apply(s, Attack(1, True, 0, 0))  # the first successful hit
        assert s.edmg[0] == min(6, 2 + bonus), cards
        assert s.hit_done[seat]
    s = new(2, 2, crews="vikings,random")  # 2 cards: no bonus
    clear(s, 0)
    give(s, 0, "ammo")
    zone(s, "092", None, None, None, None)
    s.mile[0] = s.mile[1] = 22
    turn(s, "fire", 0)
    stack_outcomes(s, "103")
    s, _ = G.apply(s, Attack(0, False, 0, 0))
    assert s.edmg[0] == 2


def test_seed_252_war_maiden_only_on_the_first_hit_of_the_phase() -> None:
    s = new(2, 2, crews="vikings,random")
    seat = 0
    device(s, seat, "009", 1)  # 3 cards
    clear(s, seat)
    give(s, seat, "ammo", 2)
    zone(s, "092", None, None, None, None)
    s.mile[seat] = s.mile[1] = 22
    turn(s, "fire", seat)
    stack_outcomes(s, "103", "103")
    s, _ = G.apply(s, Attack(0, False, 0, 0))
    s, _ = G.apply(s, Attack(1, True, 0, 0))
    assert s.edmg[0] == 3 + 2  # +1 on the first hit only


# ---------------------------------------------------------------- #253-254 The Androids

def test_seed_253_synthetic_prototype_2_speed_with_no_damage() -> None:
    s = new(2, 1, crews="androids,random")
    clean = G.speed(s, 0)
    s.convoy[0][1][0][1][0] = 1  # one Damage counter anywhere
    assert G.speed(s, 0) == clean - 2


def test_seed_253_254_androids_eat_an_object_or_any_resource() -> None:
    s = new(2, 1, crews="androids,random")
    seat = 0
    proto, robot = at(s, seat, "253"), at(s, seat, "254")
    for x in s.surv[seat]:
        x[1] = "X"
    turn(s, "rest", seat)
    clear(s, seat)  # no Food at all
    give(s, seat, "ammo")
    s.objects[seat] = [idx("073")]
    legal = G.legal(s)
    assert Rest((proto,)) not in legal  # Food alone cannot feed it
    assert Rest((proto,), meal=("ammo",)) in legal
    assert Rest((proto, robot), meal=("ammo", "073")) in legal
    t, _ = G.apply(s, Rest((proto, robot), meal=("ammo", "073")))
    assert [x[1] for x in t.surv[seat]] == ["A", "A"]
    assert G.count(t, seat, "ammo") == 0 and not t.objects[seat]
    # exploring: fed with Fuel to reach cell 5's 3
    s = new(2, 1, crews="androids,random")
    turn(s, "explore", seat)
    clear(s, seat)
    give(s, seat, "fuel")
    zone(s, None, None, None, None, None)
    a = Explore(4, (proto,), (proto,), -1, meal=("fuel",))
    assert a in G.legal(s) and Explore(4, (proto,), (proto,), -1) not in G.legal(s)
    t, _ = G.apply(s, a)
    assert G.count(t, seat, "fuel") == 0 and len(t.objects[seat]) == 1  # cell 5's Object


def test_seed_254_quartermaster_robot_an_object_for_2_speed_once_a_movement() -> None:
    s = new(2, 1, crews="androids,random")
    seat = 0
    turn(s, "move", seat)
    clear(s, seat)
    give(s, seat, "fuel")
    s.convoy[seat][1][0][1][0] = 1  # Damage: the Prototype gives nothing
    s.objects[seat] = [idx("073"), idx("075")]
    sp = G.speed(s, seat)
    here = s.mile[seat]
    legal = G.legal(s)
    assert Move(here + sp) in legal and Move(here + sp + 1) not in legal
    robot = [a for a in legal if isinstance(a, Move) and a.robot]
    assert {a.to for a in robot} == {here + sp + 1, here + sp + 2}
    assert {a.robot for a in robot} == {"073", "075"}  # which Object: the player's pick
    t, events = G.apply(s, Move(here + sp + 2, robot="075"))
    held = [C.cards[o].id for o in t.objects[seat]]
    assert t.mile[seat] == here + sp + 2 and "073" in held and "075" not in held
    assert any(e.kind == "crew_speed" for e in events)
    assert t.passed[seat]  # one move a Movement: the Robot's +2 once


def test_the_new_action_fields_read_back_from_their_text() -> None:
    for a in (Explore(2, (0,), (1,), 0, early=(1, 2, 3), meal=("fuel",)),
              Rest((0, 1), meal=("ammo", "073")), Move(9, True, robot="075")):
        assert G.parse_action(str(a)) == a


def test_parse_keeps_random_and_one_word() -> None:
    assert crew_rules.parse({}, 3, ("pack",)) == ["random"] * 3
    assert crew_rules.parse({"crews": "random"}, 2, ("pack",)) == ["random"] * 2


def test_the_crews_ruleset_is_the_documented_recipe() -> None:
    import hashlib

    from frostdesk.paths import cards_dir

    crew_file = hashlib.sha256((cards_dir("last-aurora") / "modules" / "crew.yaml")
                               .read_bytes()).hexdigest()[:16]
    digest = hashlib.sha256(C.ruleset_hash.encode())
    digest.update(f"|crew:{crew_file}|crews:pack,random,vikings".encode())
    want = digest.hexdigest()[:16]
    assert G.ruleset_hash_for({"modules": "crew", "crews": "pack,random,vikings"}) == want


@pytest.mark.parametrize("n", [1, 2, 3, 4])
def test_random_play_with_modules_1_to_3_ends(n: int) -> None:
    import random

    r = random.Random(n)
    s, _ = G.new_game({"players": n, "modules": ["exploration", "asgard", "crew"]}, 40 + n)
    for _ in range(3000):
        if s.phase == "over":
            break
        legal = G.legal(s)
        assert legal, G.waiting_for(s)
        s, _ = G.apply(s, legal[r.randrange(len(legal))])
    assert s.phase == "over" and G.outcome(s) is not None
    for seat in range(n):  # every survivor card is one of the crews' or recruited later
        assert all(C.cards[x[0]].kind == "survivor" for x in s.surv[seat])


def test_the_bots_play_a_crew_game_to_the_end() -> None:
    from frostdesk.ai import make_agent

    s, _ = G.new_game({"players": 4, "modules": ["crew"]}, 9)
    bots = [make_agent(G, name, i) for i, name in
            enumerate(("heuristic", "easy", "random", "heuristic"))]
    while s.phase != "over":
        seat = s.actor
        s, _ = G.apply(s, bots[seat].choose(G, G.view(s, seat), G.legal(s), seat))
    assert G.outcome(s) is not None


def test_the_heuristic_hands_a_radiation_counter_to_the_ghoul() -> None:
    from frostdesk.games.last_aurora.bots import HeuristicAgent

    s = new(2, 1, crews="mutants,random")
    seat = 0
    turn(s, "move", seat)
    clear(s, seat)
    give(s, seat, "fuel")
    hot = G.road.radiation[0]
    s.mile[seat] = hot - 1
    alpha, ghoul = at(s, seat, "249"), at(s, seat, "250")
    legal = G.legal(s)
    assert Move(hot, cont=ghoul) in legal and Move(hot, cont=alpha) in legal
    ranked = dict(HeuristicAgent(G, 1).ranked(G.view(s, seat), legal, seat))
    assert ranked[Move(hot, cont=ghoul)] > ranked[Move(hot, cont=alpha)]


@pytest.mark.parametrize("phase", ["fire", "explore"])
def test_the_heuristic_keeps_the_ghouls_counter_from_the_geiger_counter(phase: str) -> None:
    """The Ghoul's counter is +2 Speed to come: the bot scrubs the Alpha Mutant's, not its."""
    from frostdesk.games.last_aurora.bots import HeuristicAgent
    from frostdesk.games.last_aurora.state import Play

    s = new(2, 1, crews="mutants,random")
    seat = 0
    turn(s, phase, seat)
    alpha, ghoul = at(s, seat, "249"), at(s, seat, "250")
    s.surv[seat][ghoul][2] = 1
    s.objects[seat] = [idx("083")]  # the Geiger Counter
    bot = HeuristicAgent(G, 1)
    on_ghoul, on_alpha = Play("083", ghoul), Play("083", alpha)
    assert not bot._worth_playing(s, on_ghoul, seat)
    s.surv[seat][alpha][2] = 1
    assert bot._worth_playing(s, on_alpha, seat)
    if phase == "fire":
        ranked = dict(bot._rank_fire(s, [on_ghoul, on_alpha], seat))
        assert ranked[on_ghoul] < 0 < ranked[on_alpha]


def test_the_description_shapes_checks_and_names_the_crews() -> None:
    from frostdesk.games.last_aurora import description as d

    on = d.setup_options({"modules": ("crew",), "crews": ["pack", "random"]})
    assert on == {"modules": ["crew"], "crews": ["pack", "random"]}
    assert d.setup_options({"modules": ("crew",), "crews": ["random", "random"]}) == {
        "modules": ["crew"]}  # all left to chance: as without the option
    assert d.setup_options({"modules": (), "crews": ["pack", "random"]}) == {}
    assert d.setup_options({"modules": ("crew",), "crews": "vikings,pack"})["crews"] == [
        "vikings", "pack"]  # the command line's one value
    assert d.options_problem({"modules": ("crew",), "crews": ["pack", "random", "pack"]}) == (
        "Convoys 1 and 3 both have The Pack: each crew goes with one convoy only.")
    assert "not a crew" in d.options_problem({"modules": ("crew",), "crews": ["ghosts"]})
    assert d.options_problem({"modules": (), "crews": ["pack", "pack"]}) == ""  # not counted
    assert d.options_text({"modules": ["crew"], "crews": ["pack", "random"]}, 2) == (
        "Frozen Steel: Asymmetric crew · Crews: The Pack, random")


def test_the_command_line_shapes_the_crews_as_the_dialog_does(
        tmp_path: Any, capsys: pytest.CaptureFixture[str]) -> None:
    import json

    from frostdesk.cli import main

    log = tmp_path / "game.jsonl"
    assert main(["simulate", "last-aurora", "--players", "2", "--games", "1", "--json",
                 "--option", "modules=crew", "--option", "crews=vikings,random",
                 "--log", str(log)]) == 0
    lines = [json.loads(line) for line in log.read_text().splitlines()]
    assert lines[0]["options"] == {"modules": ["crew"], "crews": ["vikings", "random"],
                                   "players": 2}
    dealt = next(line for line in lines if line["type"] == "crews")
    assert dealt["crews"][0] == "vikings" and dealt["crews"][1] != "vikings"
    capsys.readouterr()
    # picked crews without their module, or one crew for both convoys: refused, nothing played
    for options, said in ((["crews=pack,random"], "crews counts only with modules=crew"),
                          (["modules=crew", "crews=pack"], "Convoys 1 and 2 both have The Pack"),
                          (["automa=hard"], "automa counts only in a solo game, not with 2")):
        typed = [w for o in options for w in ("--option", o)]
        assert main(["simulate", "last-aurora", "--players", "2", "--games", "1",
                     *typed]) == 2
        assert said in capsys.readouterr().err
