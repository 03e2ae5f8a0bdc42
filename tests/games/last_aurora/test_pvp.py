"""Frozen Steel, Module 5: Player vs. Player (brief section 3, P1-P14; seeds 000 Module 5 and
001). Every item of the checklist and every rule of seed 001 is a test here; P12 is the seeds'
worked example with its numbers (David's W4 against Andrew, whose Evasion is on 3)."""

from __future__ import annotations

import pytest

from frostdesk.games.last_aurora.state import Attack, Done, Pick, Play, Raid, State

from .helpers import C, G, clear, give, idx, turn, zone

MOD = {"modules": ["pvp"]}
PVP = C.pvp
assert PVP is not None


def new(n: int = 2, seed: int = 1, modules: tuple[str, ...] = ("pvp",)) -> State:
    return G.new_game({"players": n, "modules": list(modules)}, seed)[0]


def stack(s: State, *ids: str) -> None:
    """Put these Outcome cards (of either deck) on top, in this order."""
    wanted = [next(o.index for o in G.outcome_cards if o.id == i) for i in ids]
    rest = [x for x in s.outdeck + s.outdisc if x not in wanted]
    s.outdeck = wanted + rest
    s.outdisc = []


def shooting(s: State, seat: int, miles: tuple[int, ...] = ()) -> State:
    """`seat`'s shooting turn, nobody has fired yet, no enemy anywhere; convoys on `miles`."""
    zone(s, None, None, None, None, None)
    if miles:
        s.mile = list(miles)
    turn(s, "fire", seat)
    s.order = sorted(range(s.n), key=lambda x: (x != seat, x))
    s.fired = [[] for _ in range(s.n)]
    s.hits = [[] for _ in range(s.n)]
    s.vetused = [False] * s.n
    s.hit_done = [False] * s.n
    s._legal = None
    return s


def install(s: State, seat: int, col: int, device: str) -> None:
    """Put a device card on a column (no tokens, no Damage)."""
    s.convoy[seat][col][1] = G._slot(idx(device))
    s._legal = None


def damage_total(s: State, seat: int) -> int:
    return G.damage_count(s, seat)


def place_all(s: State, picks: int = 0, log: list[object] | None = None) -> State:
    """Answer every 'where does the counter go' question with option `picks` (the events go
    to `log`)."""
    while s.phase == "choose" and s.pending[0] == "pvp_damage":
        s, events = G.apply(s, Pick(picks))
        if log is not None:
            log += events
    return s


# ---------------------------------------------------------------- the data (4.6, P10)

def test_the_pvp_cards_and_outcome_cards_are_the_briefs() -> None:
    assert PVP.card_ids == ("295", "296", "297", "298")
    assert PVP.evasion == ("shield", "shield", "shield", "blank")  # 4 spaces
    assert PVP.aggression == ("repair", "fame", "object", "fame", "player_hit", "repair",
                              "fame", "blank")  # 8 spaces, two rows of 4, one track
    outs = PVP.outcomes
    assert [o.id for o in outs] == [f"{i}" for i in range(299, 311)]
    assert [o.face for o in outs] == [0, 2, 5, 0, 3, 4, 1, 3, 0, 4, 1, 1]
    assert sum(o.face for o in outs) / 12 == 2.0
    base = C.outcomes
    assert [(o.letters, o.back) for o in outs] == [(o.letters, o.back) for o in base]
    assert G.ruleset_hash_for({"modules": ["pvp"]}) != C.ruleset_hash


# ---------------------------------------------------------------- P1 setup

def test_p1_setup_pvp_outcomes_enemy_and_loot_removed_fame_minus_one_tracks_on_one() -> None:
    for n in (2, 3, 4):
        s = new(n, seed=n)
        assert sorted(G.outcome_cards[x].id for x in s.outdeck + s.outdisc) == \
            [f"{i}" for i in range(299, 311)]  # step 5: the PvP deck only
        # step 6: one enemy per Period stack removed, unseen (one of the two)
        enemies = [x for x in s.removed if C.cards[x].kind == "enemy"]
        assert sorted(C.cards[x].period for x in enemies) == [1, 2, 3]
        in_deck = [x for x in s.xdeck + s.zone if x >= 0 and C.cards[x].kind == "enemy"]
        assert len(in_deck) == 3 and not set(in_deck) & set(enemies)
        assert [len(pile) for pile in s.loot] == [1, 1, 1]  # one Loot card per stack out
        assert s.fame == [-1] * n  # step 11
        assert s.evasion == [1] * n and s.aggression == [1] * n
    base = G.new_game({"players": 3}, 3)[0]
    assert [len(p) for p in base.loot] == [2, 2, 2] and base.fame == [0, 0, 0]


def test_p1_the_removed_cards_are_hidden_from_everyone() -> None:
    s = new(3, seed=5)
    for seat in (0, 1, 2, None):
        v = G.view(s, seat)
        assert all(x < 0 for x in v.removed)  # only their Period's back
        assert all(x < 0 for pile in v.loot for x in pile)
        assert all(x < 0 for x in v.outdeck)


def test_pvp_is_not_played_solo_and_says_why() -> None:
    with pytest.raises(ValueError, match="Player vs. Player needs 2 to 4 convoys"):
        G.setup({"players": 1, **MOD}, 1)
    from frostdesk.engine.registry import get

    option = get("last-aurora").option("modules")
    assert option is not None
    assert option.players_problem("pvp", 1) == (
        "Player vs. Player needs at least 2 players: there is no attack on the Automa, so it "
        "is not played solo.")
    assert option.players_problem("exploration,pvp", 2) == ""


def test_pvp_solo_on_the_command_line_gives_one_clear_line(capsys: pytest.CaptureFixture[str]
                                                          ) -> None:
    from frostdesk.cli import main

    assert main(["simulate", "last-aurora", "--players", "1", "--option", "modules=pvp",
                 "--games", "1"]) == 2
    err = capsys.readouterr().err
    assert err.strip() == ("frostdesk simulate: Player vs. Player needs at least 2 players: "
                           "there is no attack on the Automa, so it is not played solo.")


# ---------------------------------------------------------------- P2, P3, P7, P8

def test_p2_a_rival_in_your_region_on_the_road_may_be_attacked() -> None:
    s = shooting(new(3), 0, (3, 5, 9))  # Valley, Valley, Coast
    raids = [a for a in G.legal(s) if isinstance(a, Raid)]
    assert {a.rival for a in raids} == {1}  # seat 2 is in the Coast
    s.boarded = [1]
    s._legal = None
    assert not [a for a in G.legal(s) if isinstance(a, Raid)]  # aboard: off the road
    base = shooting(G.new_game({"players": 3}, 1)[0], 0, (3, 5, 9))
    assert not [a for a in G.legal(base) if isinstance(a, Raid)]  # only with the module


def test_p2_instead_of_or_as_well_as_enemies() -> None:
    s = shooting(new(2), 0, (3, 3))
    zone(s, "087", None, None, None, None)  # a Period I enemy in the Valley
    install(s, 0, 1, "044")  # Twin Autocannon: a second weapon
    give(s, 0, "ammo", 1)
    legal = G.legal(s)
    assert any(isinstance(a, Attack) for a in legal) and any(isinstance(a, Raid)
                                                             for a in legal)
    stack(s, "303", "303", "303")  # face 3 each time
    s, _ = G.apply(s, Attack(0, False, 0, 0))  # the truck's W2 at the enemy
    assert not any(isinstance(a, Raid) and (a.col, a.device) == (0, False)
                   for a in G.legal(s))  # P3: one mark per weapon for both kinds of target
    assert any(isinstance(a, Raid) and (a.col, a.device) == (1, True) for a in G.legal(s))


def test_p3_damage_is_the_lower_of_face_and_weapon_and_paid_with_ammo() -> None:
    s = shooting(new(2), 0, (3, 3))
    ammo = G.count(s, 0, "ammo")
    stack(s, "301", "303")  # face 5 against a W2: 2; the next back is CENTRE
    s, events = G.apply(s, Raid(0, False, 0, 1))
    hit = next(e for e in events if e.kind == "raid_hit")
    assert (hit.data["dmg"], hit.data["ignored"], hit.data["left"]) == (2, 0, 2)
    assert hit.data["area"] == "CENTRE"
    assert G.count(s, 0, "ammo") == ammo - 1
    s = place_all(s)
    assert damage_total(s, 1) == 2


def test_p3_a_miss_does_nothing_and_a_used_or_damaged_weapon_cannot_fire() -> None:
    s = shooting(new(2), 0, (3, 3))
    give(s, 0, "ammo", 1)
    stack(s, "299")  # Miss
    s, events = G.apply(s, Raid(0, False, 0, 1))
    assert any(e.kind == "miss" for e in events) and damage_total(s, 1) == 0
    assert s.evasion == [1, 1] and s.aggression == [1, 1]
    assert Raid(0, False, 0, 1) not in G.legal(s)  # used this phase
    s = shooting(new(2), 0, (3, 3))
    s.convoy[0][0][0][1][0] = 1  # the truck's W2 is damaged
    s._legal = None
    assert not [a for a in G.legal(s) if isinstance(a, Raid)]


def test_p3_incendiary_adds_one_and_junk_weapons_pay_an_object() -> None:
    s = shooting(new(2), 0, (3, 3))
    s.objects[0] = [idx("073")]  # Incendiary Ammo
    s._legal = None
    assert Raid(0, False, 0, 1, True) in G.legal(s)
    stack(s, "300", "303")  # face 2 against W2, +1: 3
    s, events = G.apply(s, Raid(0, False, 0, 1, True))
    assert next(e for e in events if e.kind == "raid_hit").data["dmg"] == 3
    assert s.objects[0] == []
    # a junk weapon (M1.3) takes any Object but Incendiary Ammo
    s = shooting(new(2, modules=("exploration", "pvp")), 0, (3, 3))
    clear(s, 0)
    install(s, 0, 0, "215")  # Junk Machine Gun: J3
    s.objects[0] = [idx("073")]
    s._legal = None
    assert not [a for a in G.legal(s) if isinstance(a, Raid) and a.device]
    s.objects[0] = [idx("073"), idx("227")]  # and an Anti-Tank Gun
    s._legal = None
    junk = [a for a in G.legal(s) if isinstance(a, Raid) and a.device]
    assert junk == [Raid(0, True, 0, 1)]
    stack(s, "303", "303")
    s, _ = G.apply(s, junk[0])
    assert [C.cards[o].id for o in s.objects[0]] == ["073"]


def test_p7_any_number_of_attacks_on_any_rivals() -> None:
    s = shooting(new(3), 0, (3, 3, 3))
    install(s, 0, 1, "044")  # a second weapon: W4
    give(s, 0, "ammo", 2)  # (the shots leave one: the turn stays open)
    stack(s, "300", "300", "300", "300")  # face 2, back FRONT
    s, log = G.apply(s, Raid(0, False, 0, 1))
    s = place_all(s, log=log)
    assert s.actor == 0  # the turn comes back to the attacker
    s, events = G.apply(s, Raid(1, True, 0, 2))
    log += events
    s = place_all(s, log=log)
    assert s.hits[0] == [1, 2]
    moves = [e.data["to"] for e in log if getattr(e, "kind", "") == "pvp_track"
             and e.data["track"] == "aggression" and e.data["seat"] == 0]
    assert moves[:4] == [2, 3, 4, 5]  # (then back to 1 if the phase closed)
    assert damage_total(s, 1) == 2 and damage_total(s, 2) == 2


def test_p8_rivals_are_not_enemies_no_fame_target_or_hit_bonus() -> None:
    s = shooting(new(2), 0, (3, 3))
    give(s, 0, "ammo", 1)
    gunner = [idx("019"), "A", 0]  # +1 on your first successful hit on an enemy
    s.surv[0].append(gunner)
    fame, targets = s.fame[0], s.targets[0]
    stack(s, "303", "303")  # face 3, W2: 2
    s, events = G.apply(s, Raid(0, False, 0, 1))
    assert next(e for e in events if e.kind == "raid_hit").data["dmg"] == 2  # no Gunner
    log: list[object] = list(events)
    s = place_all(s, picks=1, log=log)  # the rival keeps its Ammo: the phase goes on
    assert s.phase == "fire"
    assert (s.fame[0], s.targets[0]) == (fame, targets)  # no +1 Fame per hit, no Target
    assert not any(getattr(e, "kind", "") in ("target", "loot", "fame") for e in log)


def test_p8_the_observer_does_not_turn_a_miss_at_a_rival() -> None:
    s = shooting(new(2, modules=("exploration", "pvp")), 0, (3, 3))
    s.surv[0].append([idx("207"), "A", 0])  # Observer: a Miss at an enemy deals 2
    stack(s, "299", "303")
    s, events = G.apply(s, Raid(0, False, 0, 1))
    assert any(e.kind == "miss" for e in events) and damage_total(s, 1) == 0


def test_p8_stealth_device_does_not_stop_a_rivals_attack_and_you_may_still_attack() -> None:
    s = shooting(new(2, modules=("exploration", "pvp")), 0, (3, 3))
    s.stealth = [True, True]  # both played a Stealth Device before the ambushes
    s._legal = None
    assert Raid(0, False, 0, 1) in G.legal(s)
    stack(s, "303", "303")
    s, _ = G.apply(s, Raid(0, False, 0, 1))
    s = place_all(s)
    assert damage_total(s, 1) == 2


def test_p8_evasion_works_against_rivals_only() -> None:
    s = new(2)
    s.mile = [3, 3]
    s.evasion = [4, 4]  # would ignore 3 from a rival
    zone(s, "087", None, None, None, None)
    before = damage_total(s, 0)
    s.phase = "fire"
    s.passed = [False, False]
    G._ambushes(s, [])
    assert damage_total(s, 0) > before  # the enemy's ambush lands in full


def test_p8_no_enemy_only_object_targets_a_rival() -> None:
    s = shooting(new(2, modules=("exploration", "pvp")), 0, (3, 3))
    s.objects[0] = [idx("227"), idx("229")]  # Anti-Tank Gun, Smoke Bomb: enemies only
    s._legal = None
    assert not [a for a in G.legal(s) if isinstance(a, Play)]


# ---------------------------------------------------------------- P4, P5, P6

def test_p4_space_k_ignores_k_minus_one() -> None:
    assert [G.pvp.shields(k) for k in (1, 2, 3, 4)] == [0, 1, 2, 3]


def test_p4_p5_evasion_ignores_then_moves_right_per_counter_capped_at_four() -> None:
    s = shooting(new(2), 0, (3, 3))
    install(s, 0, 1, "044")  # W4
    give(s, 0, "ammo", 1)
    s.evasion[1] = 2  # ignores 1
    stack(s, "301", "306")  # face 5, W4: 4; 1 ignored; the next back is ALL
    s, events = G.apply(s, Raid(1, True, 0, 1))
    hit = next(e for e in events if e.kind == "raid_hit")
    assert (hit.data["dmg"], hit.data["ignored"], hit.data["left"]) == (4, 1, 3)
    s = place_all(s)
    assert damage_total(s, 1) == 3
    assert s.evasion[1] == 4  # 2 + 3 = 5, capped at 4
    assert s.aggression[0] == 4


def test_p4_everything_ignored_moves_no_track() -> None:
    s = shooting(new(2), 0, (3, 3))
    s.evasion[1] = 3  # ignores 2: a W2 shot never lands
    stack(s, "301", "303")
    s, events = G.apply(s, Raid(0, False, 0, 1))
    assert next(e for e in events if e.kind == "raid_hit").data["left"] == 0
    assert damage_total(s, 1) == 0 and s.evasion == [1, 3] and s.aggression == [1, 1]
    assert s.hits[0] == []


def test_p5_the_defender_places_each_counter_in_the_area_of_the_new_top_back() -> None:
    s = shooting(new(2), 0, (3, 3))
    install(s, 0, 1, "044")  # a second weapon and its Ammo: the turn goes on after the shot
    give(s, 0, "ammo", 1)
    stack(s, "300", "303")  # face 2; after the reveal the top card's back is CENTRE
    s, _ = G.apply(s, Raid(0, False, 0, 1))
    assert s.phase == "choose" and s.actor == 1 and s.pending[0] == "pvp_damage"
    options = [G.pick_text(s, p.option) for p in G.legal(s)]
    # the Container is CENTRE (column 2): its cells without a Survivor token, each once
    assert options == ["Container: Ammo", "Container: empty", "Container: Food"]
    s, _ = G.apply(s, Pick(2))  # the Food cell
    assert s.phase == "choose" and s.actor == 1  # one more counter
    s, _ = G.apply(s, Pick(1))
    assert s.phase == "fire" and s.actor == 0  # back to the attacker's turn
    cont = s.convoy[1][1][0]
    assert cont[1] == [0, 0, 1, 1] or cont[1] == [0, 1, 0, 1]
    assert G.count(s, 1, "food") == 0


def test_p5_armor_first_survivors_last_then_the_rest_of_the_convoy() -> None:
    s = shooting(new(2), 0, (3, 3))
    assert G.pvp.place_options(s, 1, "FRONT") == ["0v1"]  # the truck's armor first
    s.convoy[1][0][0][1][1] = 1
    # then the truck's cells without a Survivor token (W2, the Fuel cell), not the Survivor
    assert G.pvp.place_options(s, 1, "FRONT") == ["0v0", "0v3"]
    s.convoy[1][0][0][1] = [1, 1, 0, 1]
    assert G.pvp.place_options(s, 1, "FRONT") == ["0v2"]  # only the Survivor's cell is left
    s.convoy[1][0][0][1] = [1, 1, 1, 1]
    assert G.pvp.place_options(s, 1, "FRONT") == G.pvp.place_options(s, 1, "ALL")
    for col in s.convoy[1]:
        col[0][1] = [1] * len(col[0][1])
    fame = s.fame[1] = 2
    s.evasion[1] = 1
    stack(s, "303", "300")
    s, _ = G.apply(s, Raid(0, False, 0, 1))
    assert s.fame[1] == fame - 2  # no cell left: 1 Fame per counter
    assert s.evasion[1] == 1 and s.aggression[0] == 1  # nothing was placed


def test_p6_aggression_moves_per_counter_up_to_eight_one_track_of_two_rows() -> None:
    s = shooting(new(2), 0, (3, 3))
    s.aggression[0] = 7
    stack(s, "303", "303")
    s, _ = G.apply(s, Raid(0, False, 0, 1))
    s = place_all(s)
    assert s.aggression[0] == 8  # 7 + 2, capped
    # the second row's spaces gain the first row's icons too
    assert G.pvp.icons(6) == ("repair", "fame", "object", "fame", "player_hit")
    assert G.pvp.icons(8) == ("repair", "fame", "object", "fame", "player_hit", "repair",
                              "fame")
    assert G.pvp.icons(1) == ()


# ---------------------------------------------------------------- P9, P10

def end_fire(s: State) -> tuple[State, list[object]]:
    """Close the Fire Weapons phase (everyone ends their turn)."""
    events: list[object] = []
    while s.phase == "fire":
        s, ev = G.apply(s, Done())
        events += ev
    return s, events


def test_p9_in_forward_order_evasion_left_gains_then_aggression_back_to_one() -> None:
    s = shooting(new(3), 0, (3, 3, 3))
    s.order = [2, 0, 1]
    s.actor = 2
    s.evasion = [4, 1, 2]
    s.aggression = [3, 1, 2]  # seat 0: Repair and Fame; seat 2: Repair
    s.fame = [0, 0, 0]
    s._legal = None
    s, events = end_fire(s)
    tracks = [(e.data["seat"], e.data["track"]) for e in events if e.kind == "pvp_track"]
    assert tracks == [(2, "evasion"), (2, "aggression"), (0, "evasion"), (0, "aggression")]
    fame = [(e.data["seat"], e.data["by"]) for e in events if e.kind == "fame"]
    assert fame == [(0, 1)]
    assert s.evasion == [3, 1, 1] and s.aggression == [1, 1, 1]


def test_p10_each_icon() -> None:
    s = shooting(new(3), 0, (3, 3, 3))
    s.order = [0, 1, 2]
    s.aggression = [8, 1, 1]  # all seven icons
    s.hits[0] = [1]
    s.fame = [0, 2, 0]
    s.convoy[0][1][0][1] = [1, 1, 0, 0]  # two Damage on the Container
    s.objects = [[], [], []]
    s._legal = None
    s, _ = end_fire(s)
    assert s.fame[0] == 3  # three stars
    assert damage_total(s, 0) == 0  # two repairs
    assert len(s.objects[0]) == 1  # an Object
    assert s.fame[1] == 1  # Player Hit: the rival hit loses 1 Fame


def test_p10_player_hit_picks_among_rivals_hit_and_at_minus_one_a_cargo_cell() -> None:
    s = shooting(new(3), 0, (3, 3, 3))
    s.order = [0, 1, 2]
    s.aggression = [6, 1, 1]  # up to Player Hit
    s.hits[0] = [1, 2]
    s.fame = [0, -1, 3]
    s._legal = None
    s, _ = G.apply(s, Done())
    s, _ = G.apply(s, Done())
    s, _ = G.apply(s, Done())
    assert s.phase == "choose" and s.pending[0] == "pvp_hit" and s.actor == 0
    assert [G.pick_text(s, p.option) for p in G.legal(s)] == ["Strike {p1}", "Strike {p2}"]
    s, _ = G.apply(s, Pick(1))  # seat 1 is on -1: they pick a cargo cell
    assert s.phase == "choose" and s.pending[0] == "pvp_cargo" and s.actor == 1
    words = [G.pick_text(s, p.option) for p in G.legal(s)]
    assert "Truck: Fuel" in words and all("W2" not in w and "armor" not in w for w in words)
    before = damage_total(s, 1)
    s, _ = G.apply(s, Pick(words.index("Truck: Fuel")))
    assert damage_total(s, 1) == before + 1 and G.count(s, 1, "fuel") == 0
    assert s.fame[1] == -1 and s.fame[2] == 3


# ---------------------------------------------------------------- P11

def test_p11_the_surplus_limit_is_four_or_three_with_two_players() -> None:
    assert PVP.surplus == {2: 3, 3: 4, 4: 4}
    for n, keep in ((2, 3), (3, 4), (4, 4)):
        s = new(n)
        s.phase = "fire"
        zone(s, "001", "002", "003", "004", "005")
        events: list[object] = []
        G._end_round_rest(s, events)
        assert sum(1 for e in events if getattr(e, "kind", "") == "surplus") == 5 - keep
    base = G.new_game({"players": 3}, 1)[0]
    zone(base, "001", "002", "003", "004", "005")
    events = []
    G._end_round_rest(base, events)
    assert sum(1 for e in events if getattr(e, "kind", "") == "surplus") == 2  # base: 3


# ---------------------------------------------------------------- P12, the seeds' example

def test_p12_david_w4_attacks_andrew_at_evasion_3() -> None:
    s = new(2)
    david, andrew = 0, 1
    shooting(s, david, (3, 3))
    install(s, david, 0, "044")  # Twin Autocannon: W4
    give(s, david, "ammo", 1)  # his truck's W2 may still fire: the phase stays open
    s.convoy[david][1][0][1][2] = 1  # a Damage counter David will repair
    s.evasion[andrew] = 3
    s.fame = [-1, -1]
    stack(s, "304", "303")  # he reveals 4; the new top card's back is CENTRE
    s, events = G.apply(s, Raid(0, True, 0, andrew))
    hit = next(e for e in events if e.kind == "raid_hit")
    # 1. the attack deals 4; 2. Andrew ignores 2 and puts 2 in CENTRE
    assert (hit.data["dmg"], hit.data["ignored"], hit.data["left"], hit.data["area"]) == \
        (4, 2, 2, "CENTRE")
    assert s.actor == andrew and s.pending[0] == "pvp_damage"
    s = place_all(s)
    centre = sum(sum(sl[1]) for sl, *_ in [(c[0],) for c in s.convoy[andrew][1:3]])
    assert centre == 2 and damage_total(s, andrew) == 2
    assert s.evasion[andrew] == 4  # 3 + 2, capped at 4
    assert s.aggression[david] == 3  # 3. two spaces right
    # 4. the phase closes: David +1 Fame and Repair 1, Aggression back on 1; Andrew's
    # Evasion goes back to 3, so he will ignore 2
    s, _ = end_fire(s)
    assert s.fame[david] == 0 and damage_total(s, david) == 0
    assert s.aggression[david] == 1 and s.evasion[andrew] == 3
    assert G.pvp.shields(s.evasion[andrew]) == 2


# ---------------------------------------------------------------- P13, P14

def test_p13_p14_views_hide_what_the_brief_lists_and_determinize_deals_the_enemy() -> None:
    s = new(3, seed=11)
    s.objects[1] = [s.odeck.pop(0)]
    v = G.view(s, 0)
    assert v.objects[1] == [-1]  # rivals' Object faces; the count is public
    assert v.evasion == s.evasion and v.aggression == s.aggression  # the tracks are public
    assert v.shown_back == G.top_back(s)
    for k in range(5):
        w = G.determinize(v, 0, k)
        assert G.fingerprint(G.view(w, 0)) == G.fingerprint(v)
        out = [x for x in w.removed if C.cards[x].kind == "enemy"]
        assert sorted(C.cards[x].period for x in out) == [1, 2, 3]
        assert sorted(G.outcome_cards[x].id for x in w.outdeck + w.outdisc) == \
            [f"{i}" for i in range(299, 311)]
        assert G.top_back(w) == G.top_back(s)
        assert [len(p) for p in w.loot] == [1, 1, 1]


def test_raid_actions_have_a_text_form_and_bad_ones_a_clear_message() -> None:
    for a in (Raid(0, False, 0, 1), Raid(1, True, 0, 2, True), Raid(1, True, 0, 2, False,
                                                                     "227")):
        assert G.parse_action(str(a)) == a
    s = shooting(new(2), 0, (3, 9))  # the rival is in another region
    from frostdesk.engine.game import IllegalAction

    with pytest.raises(IllegalAction, match="a rival is a target only on the road in your "
                                            "region"):
        G.apply(s, Raid(0, False, 0, 1))


def test_a_counter_slides_along_its_track_in_the_motion_vocabulary() -> None:
    from frostdesk.engine.motion import Moved

    s = shooting(new(2), 0, (3, 3))
    give(s, 0, "ammo", 1)
    stack(s, "300", "300")  # 2 Damage to FRONT: the armor first, then a choice
    s, events = G.apply(s, Raid(0, False, 0, 1))
    moves = [m for e in events for m in G.motions(e)]
    assert Moved(("marker", "evasion", 1), ("track", "evasion", 1, 1),
                 ("track", "evasion", 1, 2)) in moves
    assert Moved(("marker", "aggression", 0), ("track", "aggression", 0, 1),
                 ("track", "aggression", 0, 2)) in moves
