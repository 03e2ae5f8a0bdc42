"""The shortcuts that make the bots fast decide exactly as the slow ways they replace: each is
checked against the plain computation on every state of seeded games (bots and random seats).
The seeded logs of `frostdesk simulate last-aurora` matched byte for byte before and after
(docs/balance/last-aurora.md, "Speed")."""

from __future__ import annotations

from dataclasses import replace

import pytest

from frostdesk.ai import RandomAgent
from frostdesk.games.last_aurora import bots as B
from frostdesk.games.last_aurora.bots import HeuristicAgent
from frostdesk.games.last_aurora.rules import _with
from frostdesk.games.last_aurora.state import Explore, Move, State

from .helpers import G


def states(n: int, seed: int) -> list[State]:
    """Every state of one game: a heuristic seat among random ones (the Automa in solo)."""
    s, _ = G.new_game({"players": n}, seed)
    bots = [HeuristicAgent(G, seed) if i == 0 else RandomAgent(seed + i) for i in range(n)]
    out = [s]
    while G.outcome(s) is None:
        seat = G.to_move(s)
        assert seat is not None
        s, _ = G.apply(s, bots[seat].choose(G, G.view(s, seat), G.legal(s), seat))
        out.append(s)
    return out


ALL = [s for n, seed in ((1, 3), (2, 5), (3, 7), (4, 9)) for s in states(n, seed)]


def slow_value(bot: HeuristicAgent, s: State, seat: int) -> float:
    """HeuristicAgent.value as first written: a dict of token counts and every cell's worth
    added one by one."""
    g = bot.game
    c = g.content
    if s.phase == "over":
        o = g.outcome(s)
        assert o is not None
        return float(o.scores[seat] + c.per_mile * min(s.mile)) + (
            0.5 if o.places[seat] == 1 else 0.0)
    tokens = {"fuel": 0, "food": 0, "ammo": 0, "surv": 0, "": 0}
    cells = 0.0
    stars = guns = fast = clean = 0
    for col in s.convoy[seat]:
        for slot in col:
            if slot is None:
                continue
            dmg, held = slot[1], slot[2]
            if not any(dmg):
                clean += 1
            for k, (w, star, gun, speed) in enumerate(bot.cell_worth[slot[0]]):
                tokens[held[k]] += 1
                if not dmg[k]:
                    cells += w
                    stars += star
                    guns += gun
                    fast += speed
    truck_slot = s.convoy[seat][0][0]
    assert truck_slot is not None
    truck = g.cards[truck_slot[0]]
    speed = (1 if all(truck_slot[1]) else truck.speed) + fast + sum(
        g.ability(s, seat, "speed"))
    v = float(s.fame[seat]) + c.per_mile * s.mile[seat] + stars
    left = bot.movements_left(s, seat)
    aboard = seat in s.boarded
    if aboard:
        v += B.BOARDED + c.per_survivor_aboard * len(s.surv[seat])
    else:
        v += B.MILE_OF_FUEL * bot.fuel_miles(s, seat, tokens["fuel"], speed)
    if left > 0 and not aboard:
        for card, zone, cont in s.surv[seat]:
            x = g.cards[card]
            v += B.SURVIVOR + 0.25 * x.value
            v -= B.CONTAMINATION * cont + (1.5 if cont == x.dies_at - 1 else 0.0)
            v += B.FIT_ACTIVE if zone == "A" else B.FIT_REST if zone == "R" else 0.0
        n = len(s.surv[seat])
        food, ammo = tokens["food"], tokens["ammo"]
        v += B.FOOD * min(food, n) + B.FOOD_SPARE * max(0, food - n)
        useful = guns * left
        v += B.AMMO * min(ammo, useful) + B.AMMO_SPARE * max(0, ammo - useful)
        v += B.OBJECT * len(s.objects[seat])
        v += B.TARGET_PLACED * sum(t.count(seat) for t in s.etgt)
        v += 0.6 * truck.boost + (0.6 if truck.tracked else 0.0) + cells
    if not s.boarded:
        v += B.CLEAN_CARD * clean
    return v


def test_the_bots_worth_of_a_convoy_is_the_plain_sum_to_the_last_bit() -> None:
    bot = HeuristicAgent(G)
    checked = 0
    for s in ALL:
        for seat in range(s.n):
            assert bot.value(s, seat) == slow_value(bot, s, seat)
            checked += 1
    assert checked > 500


def test_can_drive_says_whether_movement_offers_more_than_staying() -> None:
    seen = set()
    for s in ALL:
        for seat in G.road_seats(s):
            fast = G.can_drive(s, seat)
            assert fast == bool(G.move_choices(s, seat)[1:]), (seat, s.mile, s.aurora)
            seen.add(fast)
    assert seen == {True, False}


def test_a_view_shares_the_legal_moves_it_would_work_out_for_itself() -> None:
    for s in ALL[::3]:
        if G.outcome(s) is not None:
            continue
        t = s.copy()  # nothing worked out yet
        v = G.view(t, t.actor)
        fresh = v.copy()
        assert G._legal(fresh) == list(v._legal or [])
        other = G.view(s.copy(), (s.actor + 1) % s.n) if s.n > 1 else None
        assert other is None or other._legal is None  # another seat's view is not given them


def test_object_limit_and_cells_read_the_convoy_as_before() -> None:
    for s in ALL[::5]:
        for seat in range(s.n):
            plain = [(sl, k, ci, dev) for ci, (veh, d) in enumerate(s.convoy[seat])
                     for dev, sl in ((False, veh), (True, d)) if sl is not None
                     for k in range(len(sl[1]))]
            assert G.cells(s, seat) == plain
            assert G.object_limit(s, seat) == G.content.object_limit + sum(
                1 for sl, k, _, _ in plain
                if G.cards[sl[0]].cells[k] == "S:object-limit" and not sl[1][k])


@pytest.mark.parametrize("action, key, val", [
    (Explore(2, (0, 1), (1,), 0), "alt", True),
    (Explore(4, (0,), (), 1, cont=(0,)), "fix", ("0v1",)),
    (Move(9, True), "cont", 1),
])
def test_an_action_variant_equals_dataclasses_replace(action: Explore | Move, key: str,
                                                      val: object) -> None:
    fast = _with(action, key, val)
    assert fast == replace(action, **{key: val})
    assert hash(fast) == hash(replace(action, **{key: val}))
    assert fast is not action and action != fast
