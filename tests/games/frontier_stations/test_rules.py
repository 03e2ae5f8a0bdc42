"""The rules, one at a time: setup, the five steps of a turn, Reinforcements, the end of the
game, distress beacons, optional rules, per-station threats, small rings, and the protocol."""

from __future__ import annotations

import random
from typing import Any

import pytest

from frostdesk.engine.game import IllegalAction
from frostdesk.engine.session import Seat, Session
from frostdesk.games.frontier_stations.state import (
    NEXUS,
    Beacon,
    Buy,
    Cancel,
    Done,
    First,
    Hold,
    Pay,
    Produce,
    Roll,
)

from .helpers import (
    ENERGY,
    ENGINEERING,
    GAME,
    MEDICAL,
    SECURITY,
    SHIELD,
    C,
    at,
    counts,
    design,
    give,
    kinds,
    play,
    position,
    roll,
    system,
    systems_accounted,
    threat,
    threats_accounted,
)


def first_payment_or_choice(s):
    legal = GAME.legal(s)
    pays = [a for a in legal if not isinstance(a, Beacon)]
    return play(s, pays[0] if pays else legal[0])


def to_purchase(s):
    while s.phase in ("threats", "systems"):
        s, _ = first_payment_or_choice(s)
    assert s.phase == "purchase"
    return s


def end_turn(s):
    s = to_purchase(s)
    return play(s, Done())


# ---------------------------------------------------------------- setup

@pytest.mark.parametrize("players", [1, 2, 3, 4, 5, 6])
def test_setup(players: int) -> None:
    s = GAME.setup({"players": players}, 17)
    assert s.n == players and s.nexus == ("standard",) * players
    # Each station: a Nexus holding one shield, one security, one medical, one engineering.
    assert s.installed == [[[NEXUS, 1]] for _ in range(players)]
    assert s.res == [counts(medical=1, shield=1, engineering=1, security=1)] * players
    # Shop: one card per player plus one, from the shuffled systems.
    assert len(s.shop) == players + 1
    assert systems_accounted(s) == list(range(65))
    # Each threat deck: five removed unseen, 20 left.
    assert len(s.early) == 20 and len(s.early_out) == 5
    assert len(s.late) == 20 and len(s.late_out) == 5
    assert sorted(s.early + s.early_out) == sorted(C.early())
    assert sorted(s.late + s.late_out) == sorted(C.late())
    assert threats_accounted(s) == list(range(50))
    # Two distress beacons with the first player, who is also the Captain.
    assert s.beacons == 2 and s.captain == s.current
    assert s.areas == [[] for _ in range(players)] and s.recent == [-1] * players
    assert (s.phase, s.turn, s.result) == ("roll", 1, "")
    assert GAME.legal(s) == [Roll()] and GAME.to_move(s) == s.current


def test_setup_shuffles_by_seed() -> None:
    a, b = GAME.setup({"players": 4}, 1), GAME.setup({"players": 4}, 2)
    assert (a.shop, a.early, a.late) != (b.shop, b.early, b.late)
    again = GAME.setup({"players": 4}, 1)
    assert GAME.fingerprint(again) == GAME.fingerprint(a)


@pytest.mark.parametrize("players", [0, 7])
def test_setup_refuses_other_player_counts(players: int) -> None:
    with pytest.raises(ValueError):
        GAME.setup({"players": players}, 1)


def test_one_die_while_the_early_deck_lasts_then_two() -> None:
    # The last early card is drawn at the end of this turn; the next roll uses two dice.
    s = position(players=3, current=0, early=1, top=["politics-1"])
    assert len(s.early) == 1
    for k in range(20):
        _, events = play(position(players=3, seed=k), Roll())
        (dice,) = [e.data["dice"] for e in events if e.kind == "roll"]
        assert len(dice) == 1 and 1 <= dice[0] <= 6
    s, _ = roll(s, 6)
    s, _ = end_turn(s)
    assert s.early == [] and s.late
    s, events = play(s, Roll())
    (rolled,) = [e.data for e in events if e.kind == "roll"]
    assert len(rolled["dice"]) == 2 and all(1 <= d <= 6 for d in rolled["dice"])
    assert rolled["total"] == sum(rolled["dice"])
    # The next threats come from the late deck.
    s, events = end_turn(s)
    drawn = [e for e in events if e.kind in ("threat_drawn", "reinforced")]
    assert drawn and all(e.data["deck"] == "late" for e in drawn)


# ---------------------------------------------------------------- activate threats

def test_threats_activate_on_any_players_roll() -> None:
    # The Plague lies between stations 2 and 3; station 0 rolls the 3.
    s = position(players=4, current=0, areas={2: ["plague-1"]},
                 res={2: counts(medical=1), 3: counts(medical=1), 0: counts(medical=1)})
    s, _ = roll(s, 3)
    assert s.phase == "threats" and s.queue == [(2, 0)]
    # the Captain (station 0), who has the deciding vote between the two bot crews, decides
    # the payment, with the beacons beside it
    assert GAME.to_move(s) == 0
    pays = [a for a in GAME.legal(s) if isinstance(a, Pay)]
    assert sorted(a.parts for a in pays) == [((2, MEDICAL, MEDICAL, 1),),
                                              ((3, MEDICAL, MEDICAL, 1),)]


def test_a_person_next_to_a_threat_answers_for_it_rather_than_a_bot() -> None:
    # Plague between stations 2 and 3. With a person on station 3, the person decides: the
    # bot crew on 2 goes along, even on its own turn.
    plague = {"areas": {2: ["plague-1"]}, "beacons": 0,  # no beacon window
              "res": {2: counts(medical=1), 3: counts(medical=1)}}
    s, _ = roll(position(players=4, current=0, humans=[3], **plague), 3)
    assert GAME.to_move(s) == 3
    s, _ = roll(position(players=4, current=2, humans=[3], **plague), 3)
    assert GAME.to_move(s) == 3
    # One person running both stations decides alone, whoever is Captain.
    s, _ = roll(position(players=4, current=0, humans=[2, 3], people=[-1, -1, 7, 7], **plague),
                3)
    assert GAME.to_move(s) in (2, 3) and GAME.decision(s, 2)[1].endswith("decides.")


def test_the_captain_has_the_deciding_vote_between_players() -> None:
    # Issue 11, item 5: the Captain decides when the players next to a threat could disagree,
    # not the player taking the turn nor the area's right-hand station.
    plague = {"areas": {2: ["plague-1"]}, "beacons": 0,
              "res": {2: counts(medical=1), 3: counts(medical=1)}}
    # Two people next to it, a third person is Captain (station 0, taking the turn too).
    s, _ = roll(position(players=4, current=0, humans=[0, 2, 3], **plague), 3)
    assert GAME.to_move(s) == 0
    who, why = GAME.decision(s, 2)
    assert who == 0 and "{p0} decides as Captain" in why and "{p2} and {p3}" in why
    # Station 3 takes the turn, station 1 holds the Captain card: still the Captain.
    s = position(players=4, current=3, humans=[2, 3], **plague)
    s.captain = 1
    s, _ = roll(s, 3)
    assert GAME.to_move(s) == 1
    # The Captain is one of the two: the Captain's vote decides.
    s = position(players=4, current=0, humans=[2, 3], **plague)
    s.captain = 3
    s, _ = roll(s, 3)
    assert GAME.to_move(s) == 3 and "has the deciding vote" in GAME.decision(s, 2)[1]
    # Two bot crews with a bot Captain elsewhere: the Captain (no more the right-hand
    # station 2 that decided before).
    s, _ = roll(position(players=4, current=0, **plague), 3)
    assert GAME.to_move(s) == 0
    # Two bot crews while a person is Captain: the bots settle it without asking the person.
    s, _ = roll(position(players=4, current=0, humans=[0], **plague), 3)
    assert GAME.to_move(s) == 2 and "bot crews" in GAME.decision(s, 2)[1]


def test_people_option_names_who_runs_each_station() -> None:
    s = GAME.setup({"players": 3, "humans": [0, 2], "people": [0, -1, 0]}, 1)
    assert s.people == (0, -1, 0)
    assert GAME.setup({"players": 3, "humans": [1]}, 1).people == (-1, 1, -1)
    for bad in ([0, 0], "x", [0, 0, 0], [-1, -1, -1]):
        with pytest.raises(ValueError, match="people"):
            GAME.setup({"players": 3, "humans": [0, 2], "people": bad}, 1)


@pytest.mark.parametrize("humans", [[4], "x", [-1]])
def test_humans_option_refuses_unknown_stations(humans: Any) -> None:
    with pytest.raises(ValueError, match="humans takes station numbers"):
        GAME.setup({"players": 4, "humans": humans}, 1)


def test_threats_activate_only_on_their_numbers_and_face_up() -> None:
    s = position(players=4, current=0, areas={0: ["plague-1"], 1: [("plague-2", 1, 0)]})
    for value in (1, 2, 4, 5, 6):
        after, events = roll(s, value)
        assert after.phase in ("systems", "purchase"), value
        assert "threat_paid" not in kinds(events)
    after, _ = roll(s, 3)
    assert after.phase == "threats" and after.queue == [(0, 0)]  # not the face-down Plague


def test_an_upgraded_threat_activates_once_per_marker_step() -> None:
    s = position(players=4, current=0, areas={0: [("plague-1", 3, 1)]},
                 res={0: counts(medical=2), 1: counts(medical=1)})
    s, _ = roll(s, 3)
    assert s.queue == [(0, 0)] * 3
    paid = 0
    while s.phase == "threats":
        s, events = first_payment_or_choice(s)
        paid += kinds(events).count("threat_paid")
    assert paid == 3 and s.res[0][MEDICAL] + s.res[1][MEDICAL] == 0


def test_a_threat_nobody_can_pay_loses_the_game_without_a_beacon() -> None:
    s = position(players=4, current=0, areas={0: ["plague-1"]},
                 res={0: counts(energy=1), 1: counts(shield=1), 2: counts(medical=1)},
                 beacons=0)
    s, events = roll(s, 3)
    assert s.phase == "over" and s.result == "lost" and "game_lost" in kinds(events)
    assert GAME.legal(s) == [] and GAME.to_move(s) is None
    out = GAME.outcome(s)
    assert out.cooperative_win is False and out.scores == (0,) * 4
    with pytest.raises(IllegalAction, match="over"):
        GAME.apply(s, Roll())


# Issue 11, item 2: two heuristic games the engine lost at the first activation that found
# nothing left, although the roll could have been paid in full. The positions are those of the
# engine before the fix at the roll that lost (read off its `simulate --log`).

def reproduction_1061() -> Any:
    """`--players 2 --bots heuristic --games 6 --seed 1061 --option nexus=heavy --option
    price=0 --option beacons=0`, game 5, turn 22 (lost at seq 200): a double 1 activates
    Politics, Politics x2 and Hull Breach between the two stations."""
    return position(
        players=2, current=1, nexus="heavy", beacons=0, early=0,
        installed={0: [("reactor-1", 3), ("comms-array-2", 2), "barracks-3"],
                   1: ["hydroponics-bay-1", ("deflector-array-2", 2), "mining-rig-2"]},
        areas={0: ["pirate-raiders-2", "pirate-raiders-1", "boarding-party-1",
                   "meteor-shower-2", "ion-storm-2"],
               1: ["politics-1", ("politics-2", 2, 1), "killer-robots-1", "hull-breach-1",
                   "artillery-fire-1"]},
        res={0: counts(shield=2, security=2), 1: counts(medical=1, shield=1, engineering=1,
                                                      security=1)})


def reproduction_1052() -> Any:
    """`--players 2 --bots heuristic --games 6 --seed 1052 --option nexus=standard --option
    price=+1 --option beacons=1`, game 2, turn 18 (lost at seq 196; its beacon was spent): a
    2 activates Politics twice next to one pair and Hull Breach next to the other."""
    return position(
        players=2, current=1, price=1, beacons=0, early=3,
        installed={0: [("mining-rig-1", 2), ("shield-generator-3", 2), "barracks-3"],
                   1: ["repair-bay-1", ("crew-quarters-2", 2), "shield-generator-2"]},
        areas={0: ["meteor-shower-2", "pirate-raiders-2", "pirate-raiders-1",
                   "boarding-party-2", "radiation-leak-2", "hull-breach-2", "killer-robots-1",
                   "boarding-party-1"],
               1: ["meteor-shower-1", "politics-1", "politics-2", ("rogue-asteroid-1", 2, 1)]},
        res={0: counts(shield=3, security=1), 1: counts(medical=2, shield=1, security=1)})


@pytest.mark.parametrize("build,dice,politics", [(reproduction_1061, (1, 1), (1, 0)),
                                                 (reproduction_1052, (2,), (1, 1))])
def test_a_roll_is_lost_only_when_its_activations_cannot_all_be_paid(build: Any, dice: Any,
                                                                      politics: Any) -> None:
    from frostdesk.games.frontier_stations.bots import HeuristicAgent

    s, events = roll(build(), *dice)
    assert "game_lost" not in kinds(events) and s.phase == "threats"
    assert GAME.beacons_needed(s) == 0  # every activation can be paid, no beacon needed
    # The old engine's line: Politics paid with the medical that Hull Breach needs. It is
    # still allowed, but the picker warns that the game would be lost after it.
    greedy = Pay(((1, MEDICAL, MEDICAL, 1),), *politics)
    assert greedy in GAME.legal(s)
    assert "Hull Breach could not be paid: the game would be lost" in \
        GAME.payment_warning(s, greedy)
    after, events = play(s, greedy)
    assert after.result == "lost" and "game_lost" in kinds(events)
    # The crew pays the whole roll and carries on.
    bot = HeuristicAgent(GAME)
    while s.phase == "threats":
        action = bot.ranked(s, GAME.legal(s))[0]
        assert not isinstance(action, Pay) or not GAME.payment_warning(s, action)
        s, _ = play(s, action)
    assert s.result != "lost"


def test_the_players_choose_the_order_of_a_rolls_activations() -> None:
    # Reproduction 1061: the Captain (station 1) decides all four activations and may pay
    # any of them first: Hull Breach before the Politics cards, for instance.
    s, _ = roll(reproduction_1061(), 1, 1)
    due = {(p.area, p.pos) for p in GAME.legal(s) if isinstance(p, Pay)}
    assert due == {(1, 0), (1, 1), (1, 3)}
    hull = [p for p in GAME.legal(s) if isinstance(p, Pay) and p.pos == 3]
    s, events = play(s, hull[0])
    assert [e.data["threat"] for e in events if e.kind == "threat_paid"] == ["hull-breach-1"]
    assert s.queue == [(1, 0), (1, 1), (1, 1)]


def test_the_loss_names_the_roll_when_no_division_pays_it_all() -> None:
    # Two Politics and a Hull Breach, but only two tokens between the stations: lost at the
    # roll, before anyone pays, and the reason says the roll could not be paid.
    s = reproduction_1061()
    give(s, 0, counts(medical=1))
    give(s, 1, counts(engineering=1))
    s, events = roll(s, 1, 1)
    assert s.result == "lost"
    lost = [e for e in events if e.kind == "game_lost"][0]
    assert "could not all be paid" in s.reason and len(lost.data["due"]) == 4
    assert "threat_paid" not in kinds(events)


def test_a_single_way_to_pay_without_beacons_is_taken_automatically() -> None:
    s = position(players=4, current=0, areas={0: ["plague-1"]},
                 res={0: counts(medical=1), 1: counts()}, beacons=0)
    s, events = roll(s, 3)
    assert "threat_paid" in kinds(events) and s.res[0][MEDICAL] == 0 and s.phase != "threats"


# ---------------------------------------------------------------- distress beacons

def test_a_beacon_nullifies_one_activation_and_is_gone_for_good() -> None:
    s = position(players=4, current=0, areas={0: [("plague-1", 2, 1)]},
                 res={0: counts(medical=1), 1: counts()})
    s, _ = roll(s, 3)
    # the Captain (0) decides this payment, so the beacon sits beside it (even if payable)
    assert GAME.legal(s) == [Pay(((0, MEDICAL, MEDICAL, 1),), 0, 0), Beacon(0, 0)]
    s, events = play(s, Beacon(0, 0))
    assert s.beacons == 1 and [e.data["beacons_left"] for e in events if e.kind == "beacon"] == [1]
    assert s.res[0][MEDICAL] == 1  # nothing was paid for that activation
    assert s.phase == "threats" and len(s.queue) == 1  # the second activation is still due
    s, _ = play(s, Beacon(0, 0))
    assert s.beacons == 0 and s.phase != "over"
    # A beacon is the only way through: nothing to decide, it is used at once.
    s = position(players=4, current=0, areas={0: ["plague-1"]}, res={0: counts(), 1: counts()})
    s.beacons = 1
    s, events = roll(s, 3)
    assert s.beacons == 0 and "beacon" in kinds(events) and s.phase != "over"
    # With no beacon left, it cannot be used.
    s2 = at(s, "threats", (3,), [(0, 0)])
    before = GAME.fingerprint(s2)
    with pytest.raises(IllegalAction):
        GAME.apply(s2, Beacon(0, 0))
    assert GAME.fingerprint(s2) == before


def test_only_the_captain_decides_a_beacon_even_on_a_threat_another_station_pays() -> None:
    # Issue 11, item 1: `simulate frontier-stations --players 3 --bots heuristic --games 1
    # --seed 1`, game 0, seq 14: station 0 spent a beacon on Solar Flare although station 1
    # held the Captain card. Replayed from that game's seed, every beacon is the Captain's.
    import io
    import json

    from frostdesk.ai import make_agent
    from frostdesk.sim import play_game

    agents = [make_agent(GAME, "heuristic", k) for k in range(3)]
    log = io.StringIO()
    play_game(GAME, agents, 3, 577090037, {}, log)
    lines = [json.loads(x) for x in log.getvalue().splitlines()]
    captain = next(x["captain"] for x in lines if x["type"] == "setup" and "captain" in x)
    assert captain == 1
    used = 0
    for x in lines:
        if x["type"] in ("turn", "captain_passed"):
            captain = x["captain"]
        if x["type"] == "action" and x["action"].startswith(("beacon", "hold")):
            assert x["seat"] == captain, x
        if x["type"] == "beacon":
            assert x["captain"] == captain
            used += 1
    # the Solar Flare of seq 14 is still stopped (nobody has energy: the beacon is the only
    # way through, so it is used without asking), and in the Captain's name
    assert used >= 1
    assert [x for x in lines if x["type"] == "beacon"][0]["threat"] == "solar-flare-1"


def test_the_captains_window_opens_before_another_station_pays() -> None:
    # Solar Flare between stations 2 and 0; station 0 (a person) decides its payment, but
    # station 1 holds the Captain card and so the beacons.
    s = position(players=3, current=0, humans=[0], areas={2: ["solar-flare-1"]},
                 res={0: counts(energy=1), 2: counts(energy=1)})
    s.captain = 1
    s, _ = roll(s, 1)
    assert GAME.to_move(s) == 1 and GAME.legal(s) == [Beacon(2, 0), Hold()]
    s, events = play(s, Hold())
    assert "beacons_held" in kinds(events)
    assert GAME.to_move(s) == 0 and not any(isinstance(a, Beacon) for a in GAME.legal(s))
    with pytest.raises(IllegalAction, match="Only the Captain"):
        GAME.apply(s, Beacon(2, 0))
    # the Captain may just as well stop it
    s2, _ = roll(position(players=3, current=0, humans=[0], areas={2: ["solar-flare-1"]},
                          res={0: counts(energy=1)}, first=0), 1)
    s2.captain = 1
    s2 = at(s2, "threats", (1,), [(2, 0)])
    s2.window = True
    s2, events = play(s2, Beacon(2, 0))
    beacon = [e for e in events if e.kind == "beacon"][0]
    assert beacon.data["captain"] == 1 and s2.beacons == 1 and s2.res[0][ENERGY] == 1


def test_the_captain_is_asked_again_when_a_payment_leaves_only_a_beacon() -> None:
    # Politics (any) and Hull Breach (medical or engineering from each station) both on 2.
    # Station 0 pays Politics with a medical; Hull Breach then needs a beacon, and the
    # Captain (station 1) is the one who uses it, after the Captain had held.
    s = position(players=3, current=0, humans=[0], areas={2: ["politics-1", "hull-breach-1"]},
                 res={0: counts(medical=2, shield=1), 2: counts()})
    s.captain = 1
    s, _ = roll(s, 2)
    s, _ = play(s, Hold())
    assert GAME.to_move(s) == 0
    s, events = play(s, Pay(((0, MEDICAL, MEDICAL, 1),), 2, 0))
    beacon = [e for e in events if e.kind == "beacon"]
    assert beacon and beacon[0].data["captain"] == 1 and s.phase != "over"
    assert s.res[0] == counts(medical=1, shield=1)


def test_a_beacon_is_refused_outside_threat_activation() -> None:
    s = position(players=4)
    with pytest.raises(IllegalAction, match="beacon"):
        GAME.apply(s, Beacon(0, 0))


# ---------------------------------------------------------------- the token supply

def test_the_box_holds_48_energy_and_32_of_each_other_kind() -> None:
    assert C.supply == (48, 32, 32, 32, 32)
    s = GAME.setup({"players": 6}, 1)
    assert GAME.stock(s) == [48, 26, 26, 26, 26]  # six Nexus cards took one of each but energy


def test_a_production_the_stock_cannot_cover_is_not_made() -> None:
    # Issue 11, item 6: every energy token is on the table (station 2 holds all 48).
    s = position(players=4, current=0, installed={0: ["solar-cell-1"]}, early=0,
                 res={0: counts(), 2: counts(energy=48)})
    assert GAME.stock(s)[ENERGY] == 0
    s, events = roll(s, 3, 5)  # Solar Cell on 8; no Nexus
    made = [e for e in events if e.kind == "produced"]
    assert made[0].data["short"] == [ENERGY] and made[0].data["kept"] == counts()
    assert "the stock has run out" in made[0].text
    assert s.res[0][ENERGY] == 0 and GAME.stock(s)[ENERGY] == 0


def test_a_choice_can_pick_what_the_stock_still_has() -> None:
    # The Nexus makes any kind; every medical token is at station 1.
    s = position(players=2, current=0, res={0: counts(), 1: counts(medical=32)})
    s, _ = roll(s, 1)
    assert s.phase == "systems" and GAME.to_move(s) == 0
    assert {a.picks for a in GAME.legal(s)} == {(r,) for r in range(5)}
    after, events = play(s, Produce(0, 0, (MEDICAL,)))
    assert after.res[0] == counts() and "the stock has run out" in events[0].text
    after, _ = play(s, Produce(0, 0, (SHIELD,)))
    assert after.res[0] == counts(shield=1)


def test_the_captain_orders_productions_when_the_stock_runs_short() -> None:
    # One energy left in the stock and two Solar Cells due on an 8: who gets it depends on
    # the order, which the Captain (station 0) chooses.
    s = position(players=4, current=0, installed={0: ["solar-cell-1"], 1: ["solar-cell-2"]},
                 res={0: counts(), 1: counts(), 3: counts(energy=47)}, early=0)
    s, _ = roll(s, 3, 5)
    assert s.phase == "systems" and s.window and GAME.to_move(s) == 0
    assert GAME.legal(s) == [First(0, 1, 0), First(1, 1, 0)]
    s, events = play(s, First(1, 1, 0))
    assert "order_chosen" in kinds(events)
    assert s.res[1][ENERGY] == 1 and s.res[0][ENERGY] == 0  # station 1's cell went first
    # Enough in the stock: the order changes nothing and nobody is asked.
    s = position(players=4, current=0, installed={0: ["solar-cell-1"], 1: ["solar-cell-2"]},
                 res={0: counts(), 1: counts()}, early=0)
    s, events = roll(s, 3, 5)
    assert s.phase == "purchase" and "order_chosen" not in kinds(events)


# ---------------------------------------------------------------- activate systems

def test_systems_of_every_station_activate_on_every_roll() -> None:
    s = position(players=4, current=1,
                 installed={st: [f"barracks-{st + 1}"] for st in range(3)})
    s.installed[3].append([system("armory-1"), 1])  # armory: 3/9/10, not 4
    s._legal = None
    before = [r[SECURITY] for r in s.res]
    s, events = roll(s, 4)
    after = [r[SECURITY] for r in s.res]
    assert [a - b for a, b in zip(after, before, strict=True)] == [1, 1, 1, 0]
    assert sorted(e.data["station"] for e in events if e.kind == "produced") == [0, 1, 2]
    assert s.phase == "purchase"


def test_upgrades_multiply_output_and_storage() -> None:
    s = position(players=2, current=0, installed={1: [("barracks-1", 3)]},
                 res={1: counts()})
    caps, any_ = GAME.capacity(s, 1)
    assert caps[SECURITY] == 1 + 3 * 3 and any_ == 0
    s, _ = roll(s, 4)
    assert s.res[1][SECURITY] == 3


def test_storage_limit_discards_what_does_not_fit() -> None:
    # Barracks 3 security (and one on the Nexus): a full Barracks discards its new token.
    s = position(players=2, current=0, installed={1: ["barracks-1"]}, res={1: counts(security=4)})
    s, events = roll(s, 4)
    assert s.res[1][SECURITY] == 4
    made = [e for e in events if e.kind == "produced"][0]
    assert made.data["kept"] == [0] * 5 and made.data["discarded"] == [SECURITY]
    assert "discarded" in made.text


# ---------------------------------------------------------------- tokens live on cards

def test_setup_puts_the_four_tokens_on_the_nexus() -> None:
    s = GAME.setup({"players": 3}, 1)
    assert s.held == [[[0, 1, 1, 1, 1]]] * 3 and s.res == [[0, 1, 1, 1, 1]] * 3


def test_a_new_token_goes_on_the_card_that_makes_it_never_elsewhere() -> None:
    # Issue 11, item 3: the Solar Cell is full (3 energy); the Nexus has room for one energy,
    # but tokens do not move between cards, so the cell's new energy is discarded.
    s = position(players=2, current=0, installed={0: ["solar-cell-1"]}, early=0,
                 res={0: counts(energy=3)})
    s.held[0] = [counts(), counts(energy=3)]
    s, events = roll(s, 4, 4)  # the Solar Cell's 8
    assert s.held[0] == [counts(), counts(energy=3)] and s.res[0] == counts(energy=3)
    made = [e for e in events if e.kind == "produced" and e.data["station"] == 0][0]
    assert made.data["discarded"] == [ENERGY] and made.data["onto"] == []
    # With room, it lands on the cell, and the log names the card.
    s = position(players=2, current=0, installed={0: ["solar-cell-1"]}, early=0,
                 res={0: counts(energy=2)})
    s.held[0] = [counts(), counts(energy=2)]
    s, events = roll(s, 4, 4)
    made = [e for e in events if e.kind == "produced" and e.data["station"] == 0][0]
    assert made.data["onto"] == [[1, ENERGY]] and s.held[0][1] == counts(energy=3)
    assert made.data["held"] == [counts(), counts(energy=3)]


def test_a_paid_token_leaves_a_full_card_first() -> None:
    # Ruling: a security on the Nexus (full) and one on the Barracks (room for two more):
    # paying one takes the Nexus's, so the Nexus may make a security again.
    s = position(players=4, current=0, installed={0: ["barracks-1"]}, beacons=0,
                 res={0: counts(security=2), 1: counts()}, areas={0: ["boarding-party-1"]})
    assert s.held[0] == [counts(security=1), counts(security=1)]
    s, events = roll(s, 5)
    paid = [e for e in events if e.kind == "threat_paid"][0]
    assert paid.data["taken"] == [[0, 0, SECURITY, 1]]
    assert s.held[0] == [counts(), counts(security=1)]
    # Both with room: the card that makes security most often gives it (the Barracks).
    s = position(players=4, current=0, installed={0: [("barracks-1", 2)]}, beacons=0,
                 res={0: counts(security=2), 1: counts()}, areas={0: ["boarding-party-1"]})
    s.held[0] = [counts(), counts(security=2)]
    s, events = roll(s, 5)
    assert [e.data["taken"] for e in events if e.kind == "threat_paid"] == [[[0, 1, SECURITY,
                                                                              1]]]


def test_an_overflow_card_takes_the_new_tokens_with_no_room() -> None:
    # The authored Cargo Hold (redesigned for tokens on cards): the full Solar Cell's new
    # energy goes to the hold instead of being discarded.
    s = position(players=2, current=0, installed={0: ["solar-cell-1", "cargo-hold-1"]},
                 early=0, res={0: counts(energy=3)})
    s.held[0] = [counts(), counts(energy=3), counts()]
    s, events = roll(s, 4, 4)
    assert s.held[0] == [counts(), counts(energy=3), counts(energy=1)]
    made = [e for e in events if e.kind == "produced" and e.data["station"] == 0][0]
    assert made.data["onto"] == [[2, ENERGY]] and "to the Cargo Hold" in made.text


def test_converters_store_nothing() -> None:
    for cid in ("recycler", "mass-converter", "force-field", "focusing-lens", "stasis-pod"):
        card = design(cid)
        assert card.convert is not None and not any(card.storage) and not card.storage_any


def test_a_production_choice_is_asked_only_when_it_makes_a_difference() -> None:
    # A standard Nexus holding one of everything but energy: on a 1 it may make anything, but
    # only energy fits; every other pick ends the same (discarded), so two choices remain.
    s = position(players=1, current=0, res={0: counts(medical=1, shield=1, engineering=1,
                                                      security=1)})
    s, events = roll(s, 1)
    assert s.phase == "systems"
    results = sorted(tuple(play(s, a)[0].res[0]) for a in GAME.legal(s))
    assert results == [(0, 1, 1, 1, 1), (1, 1, 1, 1, 1)]
    # A full Nexus: nothing fits, nothing is asked, the station keeps what it had.
    s = position(players=1, current=0, res={0: [1, 1, 1, 1, 1]}, shop=["reactor-1"])
    s, events = roll(s, 1)
    assert s.phase != "systems" and s.res[0] == [1, 1, 1, 1, 1]
    (made,) = [e.data for e in events if e.kind == "produced"]
    assert made["kept"] == [0] * 5 and len(made["discarded"]) == 1
    # With room for more than one kind, the owner chooses.
    s = position(players=1, current=0, res={0: counts()})
    s, _ = roll(s, 1)
    assert s.phase == "systems"
    assert sorted(a.picks for a in GAME.legal(s)) == [(r,) for r in range(5)]


def test_the_player_chooses_what_to_discard_when_it_matters() -> None:
    # Issue 11, item 4: a Light Nexus (any four) full of shields makes one more token on a
    # 1: it does not fit, but discarding a shield makes room for it. Both are offered;
    # before, the new token was always thrown away.
    s = position(players=1, current=0, nexus="light", res={0: counts(shield=4)})
    s, _ = roll(s, 1)
    assert s.phase == "systems" and GAME.to_move(s) == 0
    legal = GAME.legal(s)
    # keep the four shields (the new token goes), or any of the five kinds for a shield
    assert sorted(tuple(sorted(a.picks + a.drop)) for a in legal) == [
        (ENERGY, ENERGY), (ENERGY, SHIELD), (MEDICAL, SHIELD), (SHIELD, ENGINEERING),
        (SHIELD, SECURITY)]
    keep_energy = Produce(0, 0, (ENERGY,), (SHIELD,))
    assert keep_energy in legal
    after, events = play(s, keep_energy)
    assert after.held[0][0] == counts(energy=1, shield=3)
    made = [e for e in events if e.kind == "produced"][0]
    assert made.data["discarded"] == [SHIELD] and made.data["left"] == [[0, SHIELD]]
    assert made.data["onto"] == [[0, ENERGY]] and "discarded" in made.text
    assert GAME.parse_action(str(keep_energy)) == keep_energy


def test_bots_discard_what_the_threats_next_door_will_not_ask_for() -> None:
    from frostdesk.games.frontier_stations.bots import HeuristicAgent

    bot = HeuristicAgent(GAME)
    base = {"players": 1, "current": 0, "nexus": "light", "res": {0: counts(shield=4)},
            "early": 0}
    # Energy Parasite takes energy, nothing takes shields: trade a shield for an energy.
    s, _ = roll(position(areas={0: ["energy-parasite-1"]}, **base), 3, 4)
    assert s.phase == "systems"
    best = bot.ranked(s, GAME.legal(s))[0]
    assert GAME.outcome_counts(s, best) == counts(energy=1, shield=3)
    # A Dreadnought x3 and an Ion Storm take shields: keep all four, let the new token go.
    s, _ = roll(position(areas={0: [("dreadnought-1", 3, 1), "ion-storm-1"]}, **base), 3, 4)
    best = bot.ranked(s, GAME.legal(s))[0]
    assert GAME.outcome_counts(s, best) == counts(shield=4)


def test_salvage_ship_makes_energy_and_engineering_when_a_threat_next_door_is_destroyed() -> None:
    s = position(players=4, current=0, installed={1: ["salvage-ship-1"]},
                 res={0: counts(), 1: counts()}, areas={0: ["plague-1", "politics-1"]})
    s, _ = roll(s, 5)
    s, events = play(s, Buy("destroy", 0, "a", 0))  # Plague: 2 credits, covered by the 5
    salvage = [e for e in events if e.kind == "produced" and "salvage" in e.text]
    assert len(salvage) == 1 and salvage[0].data["station"] == 1
    assert s.res[1] == counts(energy=1, engineering=1)
    # the log names the destroy that set the ship off
    assert salvage[0].data["salvage_of"] == {"area": 0, "threat": "plague-1"}


# ---------------------------------------------------------------- converting resources

def threat_options(players, installed, res, area_threat, value):
    """The payments for `area_threat` in area 0 (its activation due), and the state."""
    s = position(players=players, current=0, installed=installed, res=res,
                 areas={0: [area_threat]})
    assert value in C.threats[s.areas[0][0][0]].on
    s = at(s, "threats", (value,), [(0, 0)])
    return s, GAME.threat_options(s)


def test_mass_converter_pays_three_energy_as_one_medical() -> None:
    three = {0: counts(energy=3), 1: counts()}
    s, pays = threat_options(4, {0: ["mass-converter-1"]}, three, "plague-1", 3)
    assert pays == [Pay(((0, ENERGY, MEDICAL, 1),), 0, 0)]
    s, events = play(s, pays[0])
    assert s.res[0] == counts()
    assert "Mass Converter" in [e for e in events if e.kind == "threat_paid"][0].text
    two = {0: counts(energy=2), 1: counts()}
    _, pays = threat_options(4, {0: ["mass-converter-1"]}, two, "plague-1", 3)
    assert pays == []


def test_force_field_pays_two_energy_as_a_shield() -> None:
    res = {0: counts(energy=2), 1: counts()}
    _, pays = threat_options(4, {0: ["force-field-1", "solar-cell-1"]}, res,
                             "artillery-fire-1", 5)
    assert pays == [Pay(((0, ENERGY, SHIELD, 1),), 0, 0)]
    # ...but not as security (Boarding Party).
    _, pays = threat_options(4, {0: ["force-field-1", "solar-cell-1"]}, res,
                             "boarding-party-1", 5)
    assert pays == []


def test_recycler_spends_any_token_as_energy() -> None:
    # Solar Flare takes an energy; the Recycler's owner may give a shield instead.
    res = {0: counts(shield=1), 1: counts(shield=1)}
    s, pays = threat_options(4, {0: ["recycler-1"]}, res, "solar-flare-1", 1)
    assert pays == [Pay(((0, SHIELD, ENERGY, 1),), 0, 0)]  # the neighbour has no Recycler
    # And it makes up a purchase's shortfall with any tokens.
    s = position(players=4, current=0, installed={0: ["recycler-1"]},
                 res={0: counts(medical=1, security=1)}, shop=["reactor-1"])
    s, _ = roll(s, 3)
    s, _ = play(s, Buy("install", system("reactor-1"), "a"))
    assert s.res[0] == counts() and [system("reactor-1"), 1] in s.installed[0]


def test_politics_takes_any_resource_the_players_choose() -> None:
    res = {0: [1, 1, 1, 1, 1], 1: counts()}
    _, pays = threat_options(4, {}, res, "politics-1", 2)
    assert sorted(p.parts for p in pays) == [((0, r, r, 1),) for r in range(5)]


# ---------------------------------------------------------------- purchases

def test_upgrade_costs_the_same_as_installing() -> None:
    s = position(players=2, current=0, installed={0: ["barracks-1"]}, res={0: counts()},
                 shop=["barracks-2", "reactor-1"])
    s, _ = roll(s, 4)
    slot = 1
    legal = GAME.legal(s)
    assert Buy("upgrade", slot, "a") in legal and Buy("install", system("barracks-2"), "a") in legal
    assert Buy("upgrade", 0, "a") not in legal  # the Nexus has no price (ruling)
    with pytest.raises(IllegalAction, match="Nexus"):
        GAME.apply(s, Buy("upgrade", 0, "a"))
    s, events = play(s, Buy("upgrade", slot, "a"))
    assert s.installed[0][slot] == [system("barracks-1"), 2]
    assert [e.data["multiplier"] for e in events if e.kind == "upgraded"] == [2]
    low = position(players=2, current=0, installed={0: ["barracks-1"]}, res={0: counts()})
    low, _ = roll(low, 3)
    assert Buy("upgrade", 1, "a") not in GAME.legal(low)


def test_x5_is_the_highest_upgrade() -> None:
    s = position(players=2, current=0, installed={0: [("barracks-1", 5), ("armory-1", 4)]},
                 res={0: counts()})
    s, _ = roll(s, 4)
    s = to_purchase(s)
    legal = GAME.legal(s)
    assert Buy("upgrade", 1, "a") not in legal and Buy("upgrade", 2, "a") in legal
    with pytest.raises(IllegalAction, match="x5"):
        GAME.apply(s, Buy("upgrade", 1, "a"))


def spread(cards: list[tuple[str, int]], players: int = 4) -> dict[int, list]:
    out: dict[int, list] = {st: [] for st in range(1, players)}
    for i, card in enumerate(cards):
        out[1 + i % (players - 1)].append(card)
    return out


NO_CHOICE_ON_4 = [c.id for c in C.systems
                  if c.design in ("solar-cell", "med-bay", "cargo-hold", "supply-depot",
                                  "infirmary", "repair-bay", "machine-shop", "battery-bank",
                                  "reactor", "deflector-array", "mining-rig", "shield-generator")]


def test_upgrade_marker_supply_23_low_and_7_high() -> None:
    # 22 x2 markers elsewhere + the Armory's = all 23 x2/x3 markers in use.
    others = spread([(cid, 2) for cid in NO_CHOICE_ON_4[:22]])
    others[0] = ["barracks-1", ("armory-1", 2)]
    s = position(players=4, current=0, installed=others, res={0: counts()})
    assert GAME.markers_free(s) == (0, 7)
    s, _ = roll(s, 4)
    s = to_purchase(s)
    legal = GAME.legal(s)
    assert Buy("upgrade", 1, "a") not in legal  # x1 -> x2 needs a free x2 marker
    assert Buy("upgrade", 2, "a") in legal  # x2 -> x3 turns the same marker over
    with pytest.raises(IllegalAction, match="marker"):
        GAME.apply(s, Buy("upgrade", 1, "a"))
    # All 7 x4/x5 markers in use: x3 -> x4 is blocked, x4 -> x5 is not.
    others = spread([(cid, 4) for cid in NO_CHOICE_ON_4[:6]])
    others[0] = [("barracks-1", 3), ("armory-1", 4)]
    s = position(players=4, current=0, installed=others, res={0: counts()})
    assert GAME.markers_free(s) == (22, 0)
    s, _ = roll(s, 4)
    s = to_purchase(s)
    legal = GAME.legal(s)
    assert Buy("upgrade", 1, "a") not in legal and Buy("upgrade", 2, "a") in legal


def test_an_x4_threat_can_be_hit_only_while_an_x2_x3_marker_is_free() -> None:
    # x4 -> x3 swaps the x4/x5 marker for an x2/x3 one from the supply.
    def hittable(others: list[Any]) -> bool:
        s = position(players=4, current=0, installed=others, res={0: counts(energy=9)},
                     areas={0: [("politics-1", 4, 1)]})
        s, _ = roll(s, 6)
        s = to_purchase(s)
        return Buy("destroy", 0, "a", 0) in GAME.legal(s)

    assert hittable(spread([(cid, 2) for cid in NO_CHOICE_ON_4[:22]]))  # one x2/x3 left
    full = spread([(cid, 2) for cid in NO_CHOICE_ON_4[:22]])
    full[0] = ["barracks-1", ("armory-1", 2)]  # all 23 in use
    assert not hittable(full)
    s = position(players=4, current=0, installed=full, res={0: counts(energy=9)},
                 areas={0: [("politics-1", 4, 1)]})
    s, _ = roll(s, 6)
    s = to_purchase(s)
    with pytest.raises(IllegalAction, match="x2/x3 marker"):
        GAME.apply(s, Buy("destroy", 0, "a", 0))


def test_face_up_threat_markers_come_from_the_same_supply() -> None:
    s = position(players=4, areas={0: [("plague-1", 3, 1)], 1: [("plague-2", 5, 1)],
                                   2: [("politics-1", 2, 0)]})
    assert GAME.markers_free(s) == (22, 6)


def test_destroying_only_threats_next_to_your_station() -> None:
    s = position(players=4, current=0, areas={0: ["plague-1"], 3: ["politics-1"],
                                             2: ["politics-2"]})
    s, _ = roll(s, 6)
    destroy = {(a.target, a.pos) for a in GAME.legal(s) if isinstance(a, Buy)
               and a.kind == "destroy"}
    assert destroy == {(0, 0), (3, 0)}  # left area 0 and right area 3, never area 2
    with pytest.raises(IllegalAction, match="next to your station"):
        GAME.apply(s, Buy("destroy", 2, "a", 0))


def test_an_installation_is_paid_with_the_buyers_energy_only() -> None:
    s = position(players=4, current=0, res={0: counts(energy=1), 1: counts(energy=1),
                                             3: counts(energy=1)},
                 installed={0: ["solar-cell-1"]}, shop=["reactor-1"])
    give(s, 0, counts(energy=2))
    s, _ = roll(s, 3)
    s, events = play(s, Buy("install", system("reactor-1"), "a"))
    assert s.phase != "pay"  # one way to pay: the buyer's two energy
    assert [e.data["spent"] for e in events if e.kind == "installed"] == [{"0": [2, 0, 0, 0, 0]}]
    assert s.res[1][ENERGY] == 1 and s.res[3][ENERGY] == 1


def test_cancel_a_purchase_returns_to_the_choice() -> None:
    s = position(players=2, current=0, installed={0: ["solar-cell-1"]},
                 res={0: counts(energy=2, medical=1)}, shop=["reactor-1", "barracks-1"],
                 areas={0: ["killer-robots-1"]})
    s, _ = roll(s, 3)
    s, _ = play(s, Buy("destroy", 0, "a", 0))
    assert s.phase == "pay" and Cancel() in GAME.legal(s)
    back, _ = play(s, Cancel())
    assert back.phase == "purchase" and back.res == s.res and back.purchase is None


# ---------------------------------------------------------------- draw a new threat

def test_the_new_threat_goes_to_the_area_on_the_players_left_with_the_recent_marker() -> None:
    s = position(players=4, current=2, top=["politics-1"], areas={2: ["plague-1"]})
    s, events = roll(s, 6)
    s, events = end_turn(s)
    assert [t for t, _, _ in s.areas[2]] == [threat("plague-1"), threat("politics-1")]
    assert s.recent[2] == threat("politics-1")
    assert [e.data["area"] for e in events if e.kind == "threat_drawn"] == [2]
    assert s.current == 3 and s.phase == "roll" and s.turn == 2


def test_reinforcements_upgrade_the_most_recent_threat_on_the_left() -> None:
    s = position(players=4, current=1, top=["reinforcements-early-1"],
                 areas={1: ["politics-1", "plague-1"], 0: ["boarding-party-1"]})
    s, _ = roll(s, 6)
    s, events = end_turn(s)
    assert s.areas[1] == [[threat("politics-1"), 1, 1], [threat("plague-1"), 2, 1]]
    assert s.areas[0] == [[threat("boarding-party-1"), 1, 1]]
    assert threat("reinforcements-early-1") in s.gone
    assert [e.data["multiplier"] for e in events if e.kind == "reinforced"] == [2]
    # The same card can be reinforced again: x2 -> x3.
    s = position(players=4, current=1, top=["reinforcements-early-2"],
                 areas={1: ["politics-1", ("plague-1", 2, 1)]})
    s, _ = roll(s, 6)
    s, _ = end_turn(s)
    assert s.areas[1][1] == [threat("plague-1"), 3, 1]


def test_reinforcements_revive_a_destroyed_recent_threat_at_its_printed_strength() -> None:
    s = position(players=4, current=0, top=["reinforcements-early-1"],
                 areas={0: [("plague-1", 1, 0)]})
    s, _ = roll(s, 6)
    s, events = end_turn(s)
    assert s.areas[0] == [[threat("plague-1"), 1, 1]]
    assert "reinforced" in kinds(events)


def test_reinforcements_as_an_areas_first_card_go_under_the_deck() -> None:
    s = position(players=4, current=0, top=["reinforcements-early-1", "politics-1"])
    s, _ = roll(s, 6)
    deck_before = list(s.early)
    s, events = end_turn(s)
    assert s.areas[0] == [[threat("politics-1"), 1, 1]]
    assert s.early == deck_before[2:] + [threat("reinforcements-early-1")]
    assert kinds(events).count("reinforcements_redrawn") == 1


def test_reinforcements_with_only_reinforcements_left_are_discarded() -> None:
    s = position(players=4, current=0, top=["reinforcements-early-1"], early=1)
    s, _ = roll(s, 6)
    s, events = end_turn(s)
    assert s.areas[0] == [] and threat("reinforcements-early-1") in s.gone
    assert "reinforcements_discarded" in kinds(events)


def test_reinforcements_at_x5_change_nothing() -> None:
    s = position(players=4, current=0, top=["reinforcements-early-1"],
                 areas={0: [("plague-1", 5, 1)]})
    s, _ = roll(s, 6)
    s, _ = end_turn(s)
    assert s.areas[0] == [[threat("plague-1"), 5, 1]]


def test_a_newer_threat_takes_the_recent_marker_and_the_face_down_one_leaves() -> None:
    s = position(players=4, current=0, top=["politics-1"], areas={0: [("plague-1", 1, 0)]})
    s, _ = roll(s, 6)
    s, _ = end_turn(s)
    assert s.areas[0] == [[threat("politics-1"), 1, 1]] and threat("plague-1") in s.gone


# ---------------------------------------------------------------- winning

def empty_decks(**kw):
    s = position(early=0, **kw)
    s.late_out += s.late
    s.late = []
    return s


def test_won_when_both_decks_are_empty_after_the_threats() -> None:
    s = empty_decks(players=4, current=0, areas={0: ["plague-1"]},
                    res={0: counts(medical=1), 1: counts()}, beacons=0)
    s, events = roll(s, 1, 2)  # 3: the Plague takes the medical, then the crew has won
    assert s.res[0][MEDICAL] == 0
    assert s.phase == "over" and s.result == "won"
    assert kinds(events)[-1] == "game_won" and "produced" not in kinds(events)
    out = GAME.outcome(s)
    assert out.cooperative_win is True and out.places == (1,) * 4


def test_an_unpaid_last_threat_is_still_a_loss() -> None:
    s = empty_decks(players=4, current=0, areas={0: ["plague-1"]},
                    res={0: counts(), 1: counts()}, beacons=0)
    s, _ = roll(s, 2, 1)
    assert s.result == "lost"


def test_not_won_while_a_deck_has_cards() -> None:
    s = position(players=4, current=0, early=0)
    s.late_out += s.late[1:]
    s.late = s.late[:1]
    s._legal = None
    s, _ = roll(s, 6, 6)
    assert s.phase != "over"
    s, _ = end_turn(s)
    assert s.late == [] and s.result == ""
    s, _ = play(s, Roll())
    while s.phase == "threats":
        s, _ = first_payment_or_choice(s)
    assert s.result in ("won", "lost")


# ---------------------------------------------------------------- optional rules

def test_heavy_and_light_nexus() -> None:
    heavy = GAME.setup({"players": 3, "nexus": "heavy"}, 1)
    assert heavy.nexus == ("heavy",) * 3
    assert GAME.capacity(heavy, 0) == ([2] * 5, 0)
    light = GAME.setup({"players": 3, "nexus": "light"}, 1)
    assert GAME.capacity(light, 2) == ([0] * 5, 4)
    assert light.res[0] == counts(medical=1, shield=1, engineering=1, security=1)  # fits 4
    mixed = GAME.setup({"players": 3, "nexus": "standard,heavy,light"}, 1)
    assert mixed.nexus == ("standard", "heavy", "light")
    assert [GAME.capacity(mixed, i) for i in range(3)] == [([1] * 5, 0), ([2] * 5, 0),
                                                          ([0] * 5, 4)]
    for bad in ("heavy,light", "medium", "heavy,heavy,heavy,heavy"):
        with pytest.raises(ValueError):
            GAME.setup({"players": 3, "nexus": bad}, 1)


def test_light_nexus_holds_any_four() -> None:
    s = position(players=1, current=0, res={0: counts(energy=3)}, nexus="light")
    s, _ = roll(s, 1)
    assert s.phase == "systems"
    s, _ = play(s, Produce(0, 0, (SECURITY,)))
    assert s.res[0] == counts(energy=3, security=1)
    assert not GAME.fits(counts(energy=3, security=2), *GAME.capacity(s, 0))


@pytest.mark.parametrize("price", ["+1", 1])
def test_price_plus_one_makes_every_improvement_cost_one_more(price) -> None:
    # Physics Lab: 3 + 1; Boarding Party: 3 credits + 1.
    s = position(players=4, current=0, price=price, res={0: counts(), 1: counts()},
                 shop=["physics-lab-1"], areas={0: ["boarding-party-1"]})
    assert s.price == 1 and GAME.cost(s, 3) == 4
    lab, party = Buy("install", system("physics-lab-1"), "a"), Buy("destroy", 0, "a", 0)
    rolled, _ = roll(s, 3)
    assert lab not in GAME.legal(rolled) and party not in GAME.legal(rolled)
    rolled, _ = roll(s, 4)
    assert lab in GAME.legal(rolled) and party in GAME.legal(rolled)
    give(s, 0, counts(energy=1))
    rolled, _ = roll(s, 3)
    assert lab in GAME.legal(rolled) and party in GAME.legal(rolled)
    rolled, events = play(rolled, lab)
    assert rolled.res[0][ENERGY] == 0
    assert [e.data["cost"] for e in events if e.kind == "installed"] == [4]


def test_price_minus_one() -> None:
    s = position(players=4, current=0, price=-1, res={0: counts()}, shop=["physics-lab-1"])
    s, _ = roll(s, 2)
    assert Buy("install", system("physics-lab-1"), "a") in GAME.legal(s)


@pytest.mark.parametrize("beacons", [0, 1, 3])
def test_beacons_option(beacons: int) -> None:
    s = GAME.setup({"players": 2, "beacons": beacons}, 1)
    assert s.beacons == beacons
    s = position(players=2, current=0, areas={0: ["plague-1"]},
                 res={0: counts(), 1: counts()}, beacons=beacons)
    s, events = roll(s, 3)
    if beacons:  # the only way through: used at once
        assert s.beacons == beacons - 1 and "beacon" in kinds(events)
    else:
        assert s.result == "lost"


# ---------------------------------------------------------------- per-station threats

@pytest.mark.parametrize("players,wanted", [(1, 1), (2, 2), (3, 2), (6, 2)])
def test_per_station_threats_take_their_list_from_each_station(players: int,
                                                                 wanted: int) -> None:
    robots = C.threats[threat("killer-robots-1")]
    assert robots.per_station and robots.on == {4}
    s = position(players=players, current=0, areas={0: ["killer-robots-1"]},
                 res={st: counts(shield=2) for st in range(players)})
    assert len(GAME.demand_units(s, 0, robots)) == wanted
    s, _ = roll(s, 4)
    legal = GAME.legal(s)
    stations = sorted({p for a in legal if isinstance(a, Pay) for p, _, _, _ in a.parts})
    assert stations == sorted(s.area_stations(0))
    for a in legal:
        if isinstance(a, Pay):
            assert sum(k for _, _, _, k in a.parts) == wanted
    # Ruling: a station may pay the other's share.
    if players > 1:
        assert Pay(((0, SHIELD, SHIELD, 2),), 0, 0) in legal
    s, _ = play(s, [a for a in legal if isinstance(a, Pay)][0])
    assert sum(r[SHIELD] for r in s.res) == 2 * players - wanted


def test_a_plain_threat_takes_its_list_once() -> None:
    plague = C.threats[threat("plague-1")]
    s = position(players=4)
    assert not plague.per_station and len(GAME.demand_units(s, 0, plague)) == 1


# ---------------------------------------------------------------- small rings

def test_one_station_has_one_area_next_to_it() -> None:
    s = position(players=1, current=0, top=["plague-1"], res={0: counts(medical=1)})
    assert s.area_stations(0) == (0,) and s.adjacent_areas(0) == (0,)
    assert s.left_area(0) == s.right_area(0) == 0
    s, _ = roll(s, 6)
    s, _ = end_turn(s)
    assert s.areas == [[[threat("plague-1"), 1, 1]]] and s.current == 0 and s.turn == 2
    s, _ = roll(s, 3)
    assert GAME.legal(s) == [Pay(((0, MEDICAL, MEDICAL, 1),), 0, 0), Beacon(0, 0)]
    s, _ = play(s, Pay(((0, MEDICAL, MEDICAL, 1),), 0, 0))
    s = to_purchase(s)
    assert Buy("destroy", 0, "a", 0) in GAME.legal(s)


def test_one_station_is_always_captain_and_refreshes_the_shop_every_second_turn() -> None:
    # docs/rules/frontier-stations.md, The Captain with one station
    s = position(players=1, current=0, beacons=9)
    shops, passes = [], []
    for _ in range(4):
        s, _ = roll(s, 6)
        s, events = end_turn(s)
        passes += [e for e in events if e.kind == "captain_passed"]
        shops.append(len([e for e in events if e.kind == "shop_refreshed"]))
        assert s.captain == 0 and len(s.shop) <= 2
    assert shops == [0, 1, 0, 1]  # a round plus a turn is two turns
    assert all(e.data["old"] == e.data["captain"] == 0 for e in passes)
    assert "stays with {p0}, the only station" in passes[0].text


def test_two_stations_have_two_areas_each_next_to_both() -> None:
    s = position(players=2, current=0, areas={0: ["plague-1"], 1: ["politics-1"]})
    assert s.area_stations(0) == (0, 1) and s.area_stations(1) == (1, 0)
    assert set(s.adjacent_areas(0)) == {0, 1} and set(s.adjacent_areas(1)) == {0, 1}
    s, _ = roll(s, 6)
    destroy = {a.target for a in GAME.legal(s) if isinstance(a, Buy) and a.kind == "destroy"}
    assert destroy == {0, 1}


@pytest.mark.parametrize("players", [3, 4, 5, 6])
def test_ring_geometry(players: int) -> None:
    s = position(players=players)
    for st in range(players):
        assert s.left_area(st) == st and s.right_area(st) == (st - 1) % players
        assert s.area_stations(st) == (st, (st + 1) % players)
        assert st in s.area_stations(s.left_area(st)) and st in s.area_stations(s.right_area(st))


# ---------------------------------------------------------------- protocol

def test_an_illegal_action_raises_with_a_message_and_changes_nothing() -> None:
    s = position(players=4, current=0, areas={0: ["plague-1"]}, res={0: counts(medical=1)})
    cases = [(s, Done()), (s, Buy("install", s.shop[0], "a")), (s, Pay(()))]
    rolled, _ = roll(s, 3)
    cases += [(rolled, Roll()), (rolled, Pay(((2, MEDICAL, MEDICAL, 1),), 2, 0)),
              (rolled, Produce(0, 0, (ENERGY,)))]
    purchase = to_purchase(rolled)
    cases += [(purchase, Buy("install", purchase.shop[0], "b")), (purchase, Roll()),
              (purchase, Buy("install", 64 if 64 not in purchase.shop else 63, "a"))]
    for state, action in cases:
        before = GAME.fingerprint(state)
        with pytest.raises(IllegalAction) as err:
            GAME.apply(state, action)
        assert str(err.value).strip(), action
        assert GAME.fingerprint(state) == before


def test_parse_action_round_trips_and_refuses_nonsense() -> None:
    actions = [Roll(), Beacon(2, 1), Hold(), Cancel(), Done(), Pay(()),
               Pay(((0, 0, 1, 1), (2, 4, 4, 3))), Pay(((1, 0, 0, 1),), 2, 3), First(1, 2, 0),
               Produce(1, 2, (1, 3)), Buy("install", 12, "a"), Buy("upgrade", 2, "ab"),
               Buy("destroy", 3, "b", 1)]
    for a in actions:
        assert GAME.parse_action(str(a)) == a
    for bad in ("fly", "buy steal 1.0 a", "buy install 1.0 c", "pay x:y", "produce a.b 1"):
        with pytest.raises(ValueError):
            GAME.parse_action(bad)


def random_actions(seed: int, steps: int, players: int = 3) -> tuple[object, list[str]]:
    rng = random.Random(seed)
    s = GAME.setup({"players": players, "beacons": 9}, seed)
    texts = []
    while GAME.to_move(s) is not None and len(texts) < steps:
        a = rng.choice(GAME.legal(s))
        texts.append(GAME.action_text(a))
        s, _ = GAME.apply(s, a)
    return s, texts


def test_same_seed_and_actions_replay_to_the_same_state() -> None:
    for seed in range(6):
        s, texts = random_actions(seed, 150)
        again = GAME.setup({"players": 3, "beacons": 9}, seed)
        for t in texts:
            again, _ = GAME.apply(again, GAME.parse_action(t))
        assert GAME.fingerprint(again) == GAME.fingerprint(s)
    a, _ = random_actions(1, 40)
    b, _ = random_actions(2, 40)
    assert GAME.fingerprint(a) != GAME.fingerprint(b)


def test_save_load_replay_is_identical(tmp_path) -> None:
    rng = random.Random(9)
    for g in range(8):
        n = 1 + g % 6
        seats = [Seat(f"P{i}", "human" if i == 0 else "bot") for i in range(n)]
        session = Session.new(GAME, {"beacons": 4}, 700 + g, seats)
        stop = rng.randrange(20, 200)
        while session.to_move() is not None and len(session.records) < stop:
            legal = GAME.legal(session.state)
            session.apply(legal[rng.randrange(len(legal))])
        path = tmp_path / f"g{g}.frostdesk"
        session.save(path)
        again = Session.load(path)
        assert GAME.fingerprint(again.state) == GAME.fingerprint(session.state)
        assert [r.text for r in again.records] == [r.text for r in session.records]


def test_a_save_from_before_tokens_lived_on_cards_is_refused_in_plain_words() -> None:
    # written by the engine before issue 11 (threat payments without their activation,
    # tokens counted per station): it cannot be continued, and the player is told why
    from pathlib import Path

    from frostdesk.engine.session import SaveError

    old = Path(__file__).parent / "data" / "before-tokens-on-cards.frostdesk"
    with pytest.raises(SaveError, match="saved by an older version of Frontier Stations "
                                        "whose rules or cards have changed since"):
        Session.load(old)


def test_the_opening_tells_the_log_the_deck_orders_and_the_cards_set_aside() -> None:
    # Issue 11, item 15: the omniscient log gets the decks as shuffled and the five threats
    # removed unseen from each deck; no seat sees them in the app (a redacted line instead).
    s, events = GAME.new_game({"players": 3}, 5)
    (decks,) = [e for e in events if e.kind == "decks_prepared"]
    ids = {t.index: t.id for t in C.threats}
    assert decks.data["early"] == [ids[t] for t in s.early]
    assert decks.data["late"] == [ids[t] for t in s.late]
    assert decks.data["early_out"] == [ids[t] for t in s.early_out]
    assert len(decks.data["early_out"]) == len(decks.data["late_out"]) == 5
    assert decks.data["systems"] == [C.systems[c].id for c in s.sdeck]
    for seat in (None, 0, 1, 2):
        seen = decks.seen_by(seat)
        assert seen is not None and "early" not in seen.data
        assert seen.data["counts"]["early_out"] == 5


def test_views_hide_deck_order_and_removed_threats_only() -> None:
    s = position(players=3, areas={0: ["plague-1"]})
    v = GAME.view(s, 1)
    assert set(v.sdeck) == {-1} and set(v.early) == {-1} and set(v.late) == {-1}
    assert set(v.early_out) == {-1} and set(v.late_out) == {-1}
    assert len(v.sdeck) == len(s.sdeck) and len(v.early) == len(s.early)
    assert (v.shop, v.areas, v.res, v.installed) == (s.shop, s.areas, s.res, s.installed)
    d = GAME.determinize(v, 1, 5)
    assert systems_accounted(d) == list(range(65)) and threats_accounted(d) == list(range(50))
    assert (d.shop, d.areas, d.res) == (s.shop, s.areas, s.res)
    assert len(d.early) == len(s.early) and len(d.late) == len(s.late)


def test_the_opening_line_counts_in_words() -> None:
    one = Session.new(GAME, {"first": 0, "beacons": 1}, 3, [Seat("Ana")])
    assert one.opening[0].text.startswith("1 station; {p0} is Captain and starts; ")
    assert one.opening[0].text.endswith("; 1 distress beacon.")
    four = Session.new(GAME, {"first": 0, "beacons": 0}, 3, [Seat(n) for n in "ABCD"])
    assert four.opening[0].text.startswith("4 stations; ")
    assert four.opening[0].text.endswith("; no distress beacons.")
