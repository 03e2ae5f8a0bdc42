"""Every worked example of the rulebook, with the rulebook's numbers."""

from __future__ import annotations

import pytest

from frostdesk.engine.game import IllegalAction
from frostdesk.games.frontier_stations.state import NEXUS, Beacon, Buy, Done, Pay, Produce, Roll

from .helpers import (
    ENERGY,
    ENGINEERING,
    GAME,
    MEDICAL,
    SECURITY,
    SHIELD,
    at,
    counts,
    give,
    kinds,
    play,
    position,
    roll,
    system,
    threat,
)


def stations_in(pay: Pay) -> set[int]:
    return {p for p, _, _, _ in pay.parts}


# ---------------------------------------------------------------- Threat Activation Example

def activation_example():
    """You are station 0; the player to your left is station 1 (area 0 lies between you).
    Stations 2 and 3 hold plenty of shields and security but are not next to area 0."""
    return position(
        players=4, current=0, installed={1: ["barracks-1"]},
        res={0: counts(shield=1, medical=1, engineering=1), 1: counts(security=2, medical=1),
             2: counts(shield=1, security=1), 3: counts(shield=1, security=1)},
        areas={0: ["boarding-party-1", "artillery-fire-1"]})


def test_threat_activation_example_roll_of_5_activates_both_threats_to_your_left() -> None:
    s, events = roll(activation_example(), 5)
    assert s.phase == "threats"
    assert [GAME.threats[s.areas[a][p][0]].name for a, p in s.queue] == [
        "Boarding Party", "Artillery Fire"]
    # Boarding Party: only the player to your left holds security (in her Barracks).
    # Artillery Fire: a shield, and only you have one. The two may be paid in any order (you
    # are the Captain, so the beacons sit beside the payments).
    beacons = [Beacon(0, 0), Beacon(0, 1)]
    assert GAME.legal(s) == [Pay(((1, SECURITY, SECURITY, 1),), 0, 0),
                             Pay(((0, SHIELD, SHIELD, 1),), 0, 1), *beacons]
    s, _ = play(s, Pay(((1, SECURITY, SECURITY, 1),), 0, 0))
    # Artillery Fire: you pay the shield from your Nexus.
    assert GAME.legal(s) == [Pay(((0, SHIELD, SHIELD, 1),), 0, 1), Beacon(0, 1)]
    s, events = play(s, Pay(((0, SHIELD, SHIELD, 1),), 0, 1))
    assert [e.kind for e in events if e.kind == "threat_paid"] == ["threat_paid"]
    assert s.res[0] == counts(medical=1, engineering=1)
    assert s.res[1] == counts(security=1, medical=1)
    assert s.res[2] == counts(shield=1, security=1) and s.res[3] == counts(shield=1, security=1)
    assert s.phase != "threats"


def test_threat_activation_example_non_adjacent_players_cannot_contribute() -> None:
    base = activation_example()
    # Even with nothing left near the threats, stations 2 and 3 never appear in a payment.
    give(base, 0, counts())
    give(base, 1, counts(security=1))
    s, _ = roll(base, 5)
    legal = GAME.legal(s)
    assert all(stations_in(a) <= {0, 1} for a in legal if isinstance(a, Pay))
    with pytest.raises(IllegalAction):
        GAME.apply(s, Pay(((2, SHIELD, SHIELD, 1),), 0, 1))
    # Artillery Fire: nobody next to it has a shield, so only a distress beacon saves the game;
    # with the security paid, that beacon is all there is to do, and it is used.
    s, events = play(s, legal[0])
    assert "beacon" in kinds(events) and s.beacons == 1 and s.phase != "over"


def test_threat_activation_example_both_neighbours_may_split_the_cost() -> None:
    base = activation_example()
    give(base, 0, counts(shield=1, security=1))
    give(base, 1, counts(shield=1, security=1))
    s, _ = roll(base, 5)
    # Boarding Party can come from either station next to it, never from 2 or 3.
    pays = [a for a in GAME.legal(s) if isinstance(a, Pay) and a.pos == 0]
    assert sorted(stations_in(a).pop() for a in pays) == [0, 1]
    assert all(a.parts[0][1:] == (SECURITY, SECURITY, 1) for a in pays)


# ---------------------------------------------------------------- Purchase Improvement Example

def purchase_example(energy_nexus: int = 1, energy_cell: int = 1, players: int = 4):
    """An improvement costing 5 (a Reactor) in the shop; you own a Solar Cell; no threats."""
    s = position(players=players, current=0, installed={0: ["solar-cell-1"]},
                 res={0: counts(energy=energy_nexus + energy_cell)},
                 shop=["reactor-1", "cargo-hold-1"])
    assert GAME.systems[system("reactor-1")].cost == 5
    return s


def test_purchase_example_two_energy_make_up_a_roll_of_3() -> None:
    s, _ = roll(purchase_example(), 3)
    assert s.phase == "purchase"
    reactor = system("reactor-1")
    buy = Buy("install", reactor, "a")
    assert buy in GAME.legal(s)
    s, events = play(s, buy)
    installed = [e for e in events if e.kind == "installed"]
    assert len(installed) == 1
    assert installed[0].data["die_value"] == 3 and installed[0].data["cost"] == 5
    assert installed[0].data["spent"] == {"0": [2, 0, 0, 0, 0]}  # 3 + 1 energy + 1 energy = 5
    assert [reactor, 1] in s.installed[0] and reactor not in s.shop
    assert s.res[0][ENERGY] == 0


def test_purchase_example_one_energy_is_not_enough() -> None:
    s, _ = roll(purchase_example(energy_cell=0), 3)
    buy = Buy("install", system("reactor-1"), "a")
    assert buy not in GAME.legal(s)
    assert Buy("install", system("cargo-hold-1"), "a") in GAME.legal(s)  # cost 2 <= 3
    before = GAME.fingerprint(s)
    with pytest.raises(IllegalAction, match="die and your energy"):
        GAME.apply(s, buy)
    assert GAME.fingerprint(s) == before


def test_purchase_uses_only_the_buyers_own_energy() -> None:
    s = purchase_example(energy_cell=0)
    give(s, 1, counts(energy=1))  # the neighbour cannot chip in for an installation
    s, _ = roll(s, 3)
    assert Buy("install", system("reactor-1"), "a") not in GAME.legal(s)


def test_never_a_purchase_without_a_die() -> None:
    # One die: after one purchase the die is used and the turn moves on, however much energy.
    s = purchase_example(energy_nexus=1, energy_cell=3)
    s, _ = roll(s, 3)
    s, events = play(s, Buy("install", system("cargo-hold-1"), "a"))
    assert "installed" in kinds(events) and "threat_drawn" in kinds(events)
    assert s.phase == "roll" and s.current == 1
    assert s.res[0][ENERGY] == 4
    # A purchase needs a die: a "buy" with no die cannot even be written.
    with pytest.raises(ValueError):
        GAME.parse_action("buy install 0.0 -")


def two_dice_purchase(energy: int):
    s = position(players=4, current=0, installed={0: ["solar-cell-1"]},
                 res={0: counts(energy=energy)},
                 shop=["reactor-1", "cargo-hold-1", "physics-lab-1"], early=0)
    assert not s.early
    return s


def test_two_dice_buy_separately_or_added_together_never_split() -> None:
    s, _ = roll(two_dice_purchase(energy=0), 3, 2)
    assert s.dice == (3, 2)
    legal = GAME.legal(s)
    reactor, hold, lab = system("reactor-1"), system("cargo-hold-1"), system("physics-lab-1")
    # The Reactor (5) only with both dice added; the Cargo Hold (2) with either die.
    assert Buy("install", reactor, "ab") in legal
    assert Buy("install", reactor, "a") not in legal and Buy("install", reactor, "b") not in legal
    assert {Buy("install", hold, d) for d in ("a", "b", "ab")} <= set(legal)
    # Cargo Hold with the 3: the 1 left over on that die is lost, only the 2 remains.
    s, _ = play(s, Buy("install", hold, "a"))
    assert s.phase == "purchase" and s.dice_free == "b"
    buys = [a for a in GAME.legal(s) if isinstance(a, Buy)]
    assert buys and all(b.dice == "b" for b in buys)
    assert Buy("install", lab, "b") not in buys  # Physics Lab costs 3 > 2 and no energy
    # Both dice added buy one improvement, and then nothing else this turn.
    s2, _ = roll(two_dice_purchase(energy=0), 3, 2)
    s2, events = play(s2, Buy("install", reactor, "ab"))
    assert "installed" in kinds(events) and s2.phase == "roll" and s2.current == 1


def test_two_dice_energy_can_enhance_both_purchases() -> None:
    s, _ = roll(two_dice_purchase(energy=2), 3, 2)
    lab, hold = system("physics-lab-1"), system("cargo-hold-1")
    s, _ = play(s, Buy("install", lab, "b"))  # 3 with the 2 and one energy
    assert s.res[0][ENERGY] == 1 and s.dice_free == "a"
    s, _ = play(s, Buy("install", hold, "a"))
    assert [lab, 1] in s.installed[0] and [hold, 1] in s.installed[0]
    assert s.phase == "roll"


# ---------------------------------------------------------------- Destroying Threats Example

def robots(res0, res1, mult: int = 1, recent: bool = True, early: int | None = None):
    """Killer Robots in area 0, between you (station 0) and your left neighbour (1). Unless
    `recent`, a Plague arrived after them and carries the area's recent marker. The next threat
    drawn is a Solar Flare."""
    areas = [("killer-robots-1", mult, 1)] + ([] if recent else ["plague-1"])
    top = ["solar-flare-1"] if early is None else ["alien-armada-1"]
    return position(players=4, current=0, res={0: res0, 1: res1}, areas={0: areas},
                    early=early, top=top, shop=["cargo-hold-1", "cargo-hold-2"])


def test_destroying_killer_robots_costs_5_credits_and_1_medical() -> None:
    kr = threat("killer-robots-1")
    robots_card = GAME.threats[kr]
    assert robots_card.credits == 5 and [sorted(u) for u in robots_card.destroy] == [[MEDICAL]]
    # A roll of 3 (Killer Robots attack on 4): 2 energy and 1 medical must be found.
    s, _ = roll(robots(counts(energy=1, medical=1), counts(energy=1, medical=1)), 3)
    buy = Buy("destroy", 0, "a", 0)
    assert buy in GAME.legal(s)
    s, _ = play(s, buy)
    assert sorted(GAME.purchase_units(s)[0], key=sorted) == [
        frozenset({ENERGY}), frozenset({ENERGY}), frozenset({MEDICAL})]
    legal = GAME.legal(s)
    # The other neighbour pays part of the resources and of the energy.
    shared = Pay(((0, ENERGY, ENERGY, 1), (1, ENERGY, ENERGY, 1), (1, MEDICAL, MEDICAL, 1)))
    assert shared in legal
    assert Pay(((0, ENERGY, ENERGY, 1), (0, MEDICAL, MEDICAL, 1), (1, ENERGY, ENERGY, 1))) in legal
    assert all(stations_in(a) <= {0, 1} for a in legal if isinstance(a, Pay))
    s, events = play(s, shared)
    assert s.res[0] == counts(medical=1) and s.res[1] == counts()
    hit = [e for e in events if e.kind == "destroyed"]
    assert len(hit) == 1 and hit[0].data["face_up"] is False and hit[0].data["credits"] == 5
    # Flipped, it kept the recent marker until the Solar Flare arrived; then it left play.
    assert s.areas[0] == [[threat("solar-flare-1"), 1, 1]] and kr in s.gone


def test_killer_robots_cannot_be_destroyed_short_of_the_medical_or_energy() -> None:
    s, _ = roll(robots(counts(energy=2), counts(energy=2)), 3)
    assert Buy("destroy", 0, "a", 0) not in GAME.legal(s)
    s, _ = roll(robots(counts(energy=1, medical=1), counts()), 3)  # one energy short
    assert Buy("destroy", 0, "a", 0) not in GAME.legal(s)
    s, _ = roll(robots(counts(medical=1), counts()), 5)  # the die covers the credits
    assert Buy("destroy", 0, "a", 0) in GAME.legal(s)


def test_a_destroyed_threat_with_the_recent_marker_stays_face_down() -> None:
    kr = threat("killer-robots-1")
    s, _ = roll(robots(counts(medical=1), counts(), early=0), 5, 3)  # 8: nothing attacks
    s, _ = play(s, Buy("destroy", 0, "a", 0))
    assert s.phase == "purchase"  # the second die is still to use
    assert s.areas[0] == [[kr, 1, 0]] and s.recent[0] == kr and kr not in s.gone
    assert Buy("destroy", 0, "b", 0) not in GAME.legal(s)  # face down: nothing to destroy


def test_an_upgraded_threat_loses_one_marker_per_destruction() -> None:
    kr = threat("killer-robots-1")
    s, _ = roll(robots(counts(medical=1), counts(medical=1), mult=2, recent=False, early=0), 5, 5)
    legal = GAME.legal(s)
    assert Buy("destroy", 0, "a", 0) in legal
    s, events = play(s, Buy("destroy", 0, "a", 0))
    if s.phase == "pay":
        s, events = play(s, GAME.legal(s)[0])
    assert s.areas[0][0] == [kr, 1, 1]  # x2 -> one face-up copy: it must be destroyed again
    hit = [e for e in events if e.kind == "destroyed"][0]
    assert hit.data["multiplier"] == 1 and hit.data["face_up"] is True
    assert Buy("destroy", 0, "b", 0) in GAME.legal(s)
    s, events = play(s, Buy("destroy", 0, "b", 0))
    if s.phase == "pay":
        s, events = play(s, GAME.legal(s)[0])
    # Face down without the recent marker (the Plague has it): removed from play.
    assert [e.data["face_up"] for e in events if e.kind == "destroyed"] == [False]
    assert kr not in [t for t, _, _ in s.areas[0]] and kr in s.gone
    assert s.res[0][MEDICAL] + s.res[1][MEDICAL] == 0  # one medical per destruction


def test_a_face_down_threat_without_the_recent_marker_is_removed_at_once() -> None:
    kr = threat("killer-robots-1")
    s, _ = roll(robots(counts(medical=1), counts(), recent=False, early=0), 5, 3)
    s, _ = play(s, Buy("destroy", 0, "a", 0))
    assert s.phase == "purchase"
    assert kr in s.gone and all(t != kr for t, _, _ in s.areas[0])
    assert s.recent[0] == threat("plague-1")


# ---------------------------------------------------------------- Upgrading Systems Example

def test_physics_lab_x2_example_another_players_six() -> None:
    lab = system("physics-lab-1")
    s = position(players=4, current=0, installed={1: [("physics-lab-1", 2)]},
                 res={1: counts()})
    s, _ = roll(s, 6)
    assert s.phase == "systems" and GAME.to_move(s) == 1  # the owner chooses
    legal = GAME.legal(s)
    slot = s.installed[1].index([lab, 2])
    assert legal == [Produce(1, slot, (MEDICAL, MEDICAL)),
                     Produce(1, slot, (MEDICAL, ENGINEERING)),
                     Produce(1, slot, (ENGINEERING, ENGINEERING))]
    for action, want in zip(legal, (counts(medical=2), counts(medical=1, engineering=1),
                                    counts(engineering=2)), strict=True):
        after, _ = play(s, action)
        assert after.res[1] == want
    # Storage: the lab x2 holds 6 medical and 4 engineering, on the lab.
    caps, any_ = GAME.card_room(s, 1, slot)
    assert caps[MEDICAL] == 6 and caps[ENGINEERING] == 4 and any_ == 0


def test_physics_lab_x2_storage_limit_discards_the_excess() -> None:
    lab = system("physics-lab-1")
    # The lab x2 holds 5 medical of its 6; station 1's Light Nexus has room for any four, but
    # tokens live on the card that makes them: the second new medical is discarded.
    s = position(players=4, current=0, installed={1: [("physics-lab-1", 2)]},
                 res={1: counts(medical=5)}, nexus="standard,light,standard,standard")
    slot = s.installed[1].index([lab, 2])
    assert s.held[1][slot] == counts(medical=5) and s.held[1][0] == counts()
    s, _ = roll(s, 6)
    after, events = play(s, Produce(1, slot, (MEDICAL, MEDICAL), (MEDICAL,)))
    assert after.held[1][slot] == counts(medical=6) and after.held[1][0] == counts()
    made = [e for e in events if e.kind == "produced"][0]
    assert made.data["kept"] == [0, 1, 0, 0, 0] and made.data["discarded"] == [MEDICAL]
    assert made.data["onto"] == [[slot, MEDICAL]]


# ---------------------------------------------------------------- Converting Example

def converting_example(ally_energy: int = 1):
    """You (station 0) own a Stasis Pod and a Recycler and hold 1 energy, plus two shields and
    two security (on a Cargo Hold) that the Recycler could count as energy; the player to your
    left (1) has energy but no medical. Nobody next to the Plague holds medical."""
    return position(
        players=4, current=0, installed={0: ["stasis-pod-1", "recycler-1", "cargo-hold-1"],
                                         1: ["solar-cell-1"]},
        res={0: counts(energy=1, shield=2, security=2),
             1: counts(energy=ally_energy, engineering=1),
             2: counts(medical=1), 3: counts(medical=1)},
        areas={0: ["plague-1"]})


def test_converting_example_only_a_distress_beacon_saves_the_game() -> None:
    plague = GAME.threats[threat("plague-1")]
    assert plague.on == {3} and [sorted(u) for u in plague.consume] == [[MEDICAL]]
    due = at(converting_example(), "threats", (3,), [(0, 0)])
    # 1 energy is not 2; the ally's energy is not yours to convert; a Recycler-made energy
    # cannot feed the Stasis Pod. So the beacon is the only way out.
    assert GAME.threat_options(due) == []
    assert GAME.legal(due) == [Beacon(0, 0)]
    for bad in (Pay(((0, ENERGY, MEDICAL, 1),), 0, 0), Pay(((1, ENERGY, MEDICAL, 1),), 0, 0),
                Pay(((0, SHIELD, MEDICAL, 1),), 0, 0), Pay(((2, MEDICAL, MEDICAL, 1),), 0, 0)):
        with pytest.raises(IllegalAction):
            GAME.apply(due, bad)
    # Rolled for real, the beacon is all there is to do: "reluctantly", it is used.
    s, events = roll(converting_example(), 3)
    assert "beacon" in kinds(events) and s.beacons == 1 and s.phase != "over"
    assert s.res[0] == counts(energy=1, shield=2, security=2)


def test_converting_example_your_stasis_pod_never_converts_the_allys_energy() -> None:
    due = at(converting_example(ally_energy=2), "threats", (3,), [(0, 0)])  # two of hers
    assert GAME.legal(due) == [Beacon(0, 0)]
    with pytest.raises(IllegalAction):
        GAME.apply(due, Pay(((1, ENERGY, MEDICAL, 1),), 0, 0))


def test_converting_example_with_two_energy_the_stasis_pod_works() -> None:
    s = converting_example()
    give(s, 0, counts(energy=2))
    s, _ = roll(s, 3)
    assert GAME.legal(s) == [Pay(((0, ENERGY, MEDICAL, 1),), 0, 0), Beacon(0, 0)]
    s, _ = play(s, Pay(((0, ENERGY, MEDICAL, 1),), 0, 0))
    assert s.res[0] == counts()


def test_converting_example_without_a_beacon_the_game_is_lost() -> None:
    base = converting_example()
    base.beacons = 0
    s, events = roll(base, 3)
    assert s.phase == "over" and s.result == "lost" and "game_lost" in kinds(events)
    assert "Plague" in s.reason
    assert GAME.outcome(s).cooperative_win is False


# ---------------------------------------------------------------- Captain Example

def survive(s):
    """Play one decision: pay a threat if possible, make the first production, end purchases."""
    legal = GAME.legal(s)
    if Done() in legal:
        return play(s, Done())
    pays = [a for a in legal if not isinstance(a, Beacon)]
    return play(s, pays[0] if pays else legal[0])


def test_captain_example_three_players() -> None:
    s, _ = GAME.new_game({"players": 3, "first": 0, "beacons": 9}, 11)
    captains: list[tuple[int, int]] = []  # (player taking the turn, Captain) per turn
    shops: list[list[int]] = []
    while len(captains) < 9:
        assert s.phase == "roll"
        captains.append((s.current, s.captain))
        shop, deck = list(s.shop), list(s.sdeck)
        s, events = play(s, Roll())
        while s.phase not in ("roll", "over"):
            s, more = survive(s)
            events += more
        assert s.phase == "roll", s.reason
        passed = "captain_passed" in kinds(events)
        if passed:
            # Old shop to the bottom of the deck, then players + 1 new cards from the top.
            assert s.shop == deck[:4]
            assert s.sdeck == deck[4:] + shop
            assert "shop_refreshed" in kinds(events)
        else:
            assert s.shop == shop and s.sdeck == deck
        shops.append(list(s.shop))
    # Player 1 (station 0) holds the Captain for turns of p1, p2, p3, p1, then passes to p2.
    assert captains == [(0, 0), (1, 0), (2, 0), (0, 0),
                        (1, 1), (2, 1), (0, 1), (1, 1),
                        (2, 2)]


def test_captain_first_player_is_captain_and_holds_two_beacons() -> None:
    for first in range(3):
        s = GAME.setup({"players": 3, "first": first}, 5)
        assert s.current == s.captain == first and s.beacons == 2


@pytest.mark.parametrize("players", [1, 2, 4, 6])
def test_captain_passes_after_a_round_plus_a_turn(players: int) -> None:
    s = position(players=players, current=0, beacons=9)
    holder = []
    for _ in range(2 * (players + 1)):
        holder.append(s.captain)
        s, _ = play(s, Roll())
        while s.phase not in ("roll", "over"):
            s, _ = survive(s)
        assert s.phase == "roll", s.reason
    assert holder == [0] * (players + 1) + [1 % players] * (players + 1)


def test_nexus_is_every_stations_first_system() -> None:
    s = position(players=3)
    assert all(st[0] == [NEXUS, 1] for st in s.installed)
