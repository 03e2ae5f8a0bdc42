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

from .helpers import G, played


def states(n: int, seed: int) -> list[State]:
    """Every state of one game: a heuristic seat among random ones (the Automa in solo)."""
    s, _ = G.new_game({"players": n}, seed)
    return played(s, [HeuristicAgent(G, seed) if i == 0 else RandomAgent(seed + i)
                      for i in range(n)])


ALL = [s for n, seed in ((1, 3), (2, 5), (3, 7), (4, 9)) for s in states(n, seed)]


def explore_variants(s: State, seat: int) -> tuple[State, State, State]:
    """An Exploration state as played; with two of `seat`'s survivors contaminated (the other
    bonus then asks whom it cleans); with their first one a Mechanic (every team of hers
    repairs)."""
    dirty, mechanic = s.copy(), s.copy()
    for x in dirty.surv[seat][:2]:
        x[2] += 1
    if mechanic.surv[seat]:
        mechanic.surv[seat][0][0] = G.content.by_id("001").index
    return s, dirty, mechanic


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


def _plain_cells(s: State, seat: int) -> list[tuple[list, int, str]]:
    return [(sl, k, G.cards[sl[0]].cells[k]) for veh, d in s.convoy[seat]
            for sl in (veh, d) if sl is not None for k in range(len(sl[1]))]


def slow_store(s: State, seat: int, token: str) -> bool:
    """LastAurora._store as first written: over the list `cells` makes."""
    best = None
    for sl, k, code in _plain_cells(s, seat):
        if sl[1][k] or sl[2][k]:
            continue
        if code != "C" and (code.startswith("C:") and token in code[2:].split("/")):
            sl[2][k] = token
            return True
        if code == "C" and best is None:
            best = (sl, k)
    if best is None:
        return False
    best[0][2][best[1]] = token
    return True


def slow_take(s: State, seat: int, token: str, n: int) -> int:
    """LastAurora._take as first written: the cells reversed, then plain cargo first."""
    cells = list(reversed(_plain_cells(s, seat)))
    cells.sort(key=lambda c: c[2] != "C")
    done = 0
    for sl, k, _ in cells:
        if done < n and sl[2][k] == token:
            sl[2][k] = ""
            done += 1
    return done


def test_storing_and_taking_tokens_fill_and_empty_the_same_cells_as_before() -> None:
    checked = 0
    for s in ALL[::2]:
        for seat in range(s.n):
            assert G.free_c(s, seat) == sum(1 for sl, k, code in _plain_cells(s, seat)
                                            if code == "C" and not sl[1][k] and not sl[2][k])
            for token in ("fuel", "food", "ammo", "surv"):
                fast, slow = s.copy(), s.copy()
                assert G._store(fast, seat, token) == slow_store(slow, seat, token)
                assert fast.convoy == slow.convoy
                for n in (1, 2, 3):
                    fast, slow = s.copy(), s.copy()
                    assert G._take(fast, seat, token, n) == slow_take(slow, seat, token, n)
                    assert fast.convoy == slow.convoy
                    checked += 1
            fast, slow = s.copy(), s.copy()
            assert G._store_c(fast, seat) == slow_store(slow, seat, "surv")
            assert fast.convoy == slow.convoy
    assert checked > 1000


def slow_determinize(view: State, seat: int, rng_seed: int) -> State:
    """LastAurora.determinize as first written: every pool shuffled, used or not."""
    from frostdesk.engine import rng
    s = view.copy()
    r = rng.seed_state(rng_seed)
    known = set(s.zone) | set(s.xdisc) | set(s.gone) | {x for x in s.xdeck if x >= 0}
    known |= {x[0] for sv in s.surv for x in sv}
    known |= {sl[0] for cv in s.convoy for col in cv for sl in col if sl}
    for period in (1, 2, 3):
        pool = [x for x in G._pools[period] if x not in known]
        pool, r = rng.shuffled(r, pool)
        plus = [x for x in pool if G.cards[x].plus]
        rest = [x for x in pool if not G.cards[x].plus]
        n_out = sum(1 for x in view.removed if x == -period)
        out, plus = plus[:n_out], plus[n_out:]
        rest += plus
        rest, r = rng.shuffled(r, rest)
        s.removed = [x for x in s.removed if x >= 0 or x != -period] + out
        s.xdeck = [rest.pop() if x == -period else x for x in s.xdeck]
    s.removed = [x for x in s.removed if x >= 0]
    for k in range(3):
        pool = [x for x in G._loot_pools[k] if x not in known]
        pool, r = rng.shuffled(r, pool)
        s.loot[k] = pool[:len(view.loot[k])]
    held = {o for objs in s.objects for o in objs if o >= 0} | set(s.odisc)
    pool = [x for x in G._object_pool if x not in held]
    pool, r = rng.shuffled(r, pool)
    for x in range(s.n):
        s.objects[x] = [pool.pop() if o == -1 else o for o in s.objects[x]]
    s.aobjects = [pool.pop() for _ in s.aobjects]
    unseen = [i for i in range(len(G.content.automa.cards)) if i not in s.adisc and i != s.acard]
    s.adeck, r = rng.shuffled(r, unseen) if s.level else ([], r)
    s.odeck = pool[:len(view.odeck)]
    pool = [i for i in range(len(G.content.outcomes)) if i not in s.outdisc]
    pool, r = rng.shuffled(r, pool)
    if view.shown_back:
        for i, o in enumerate(pool):
            if G.content.outcomes[o].back == view.shown_back:
                pool[0], pool[i] = pool[i], pool[0]
                break
    s.outdeck = pool[:len(view.outdeck)]
    s.rng = r
    s._legal = None
    return s


def test_skipping_a_shuffle_moves_the_generator_as_the_shuffle_would() -> None:
    from frostdesk.engine import rng
    from frostdesk.games.last_aurora.rules import _shuffled_state
    for seed in (0, 1, 12345, 2**63 + 7):
        r = rng.seed_state(seed)
        for n in range(0, 40):
            assert _shuffled_state(r, n) == rng.shuffled(r, list(range(n)))[1]


def test_a_determinized_world_is_the_one_every_shuffle_dealt() -> None:
    skipped = 0
    for i, s in enumerate(ALL):
        if G.outcome(s) is not None:
            continue
        seat = s.actor if s.actor < s.n else 0
        view = G.view(s, seat)
        fast = G.determinize(view, seat, i * 7919)
        slow = slow_determinize(view, seat, i * 7919)
        assert fast.fields() == slow.fields()
        skipped += -1 not in view.xdeck and -1 not in view.removed
    assert skipped > 20  # the shortcut was taken


def test_copies_share_waypoint_counter_pairs_that_no_rule_changes() -> None:
    first = {id(p): list(p) for p in ALL[0].counters}
    for s in ALL:
        t = s.copy()
        assert t.counters == s.counters and t.counters is not s.counters
        for pair in s.counters:
            if id(pair) in first:
                assert pair == first[id(pair)]
    t = ALL[0].copy()
    t.counters.pop()
    assert len(ALL[0].counters) == len(t.counters) + 1


def test_the_ability_table_reads_as_each_card_does() -> None:
    from frostdesk.games.last_aurora.content import ABILITIES
    found = 0
    for i, card in enumerate(G.cards):
        for name in ABILITIES:
            assert G._abil[i].get(name) == card.ability(name)
            found += card.ability(name) is not None
    assert found >= 10


def test_the_bots_survivor_table_is_the_worth_it_replaces() -> None:
    bot = HeuristicAgent(G)
    for i, card in enumerate(G.cards):
        assert bot.surv_worth[i] == B.SURVIVOR + 0.25 * card.value
        assert bot.surv_last[i] == card.dies_at - 1


def _lists(x: object, out: dict[int, object]) -> dict[int, object]:
    """Every list reachable from `x` through lists and tuples (and the Story state's field lists),
    by id."""
    from frostdesk.games.last_aurora.story import StoryState
    if isinstance(x, list):
        out[id(x)] = x
        for y in x:
            _lists(y, out)
    elif isinstance(x, tuple):
        for y in x:
            _lists(y, out)
    elif isinstance(x, StoryState):  # its own copy (unchanged): each field's list itself
        for f in StoryState.__slots__:
            v = getattr(x, f)
            if isinstance(v, list):
                out[id(v)] = v
    return out


def _module_states() -> list[State]:
    """Every state of a seeded 4-player game with all five modules on (heuristic seats) and of
    a solo game with modules 1-4."""
    out = []
    for n, mods in ((4, "exploration,asgard,crew,story,pvp"), (1, "exploration,asgard,crew,story")):
        s, _ = G.new_game({"players": n, "modules": mods}, 11)
        out += played(s, [HeuristicAgent(G, 11 + i) for i in range(n)])
    return out


MODULES = _module_states()


@pytest.mark.parametrize("step", [3, pytest.param(1, marks=pytest.mark.slow)],
                         ids=["every-third-state", "every-state"])
def test_a_copy_equals_its_state_and_shares_no_list_a_rule_changes(step: int) -> None:
    """State.copy, written out field by field: the same fields, and no list in common but the
    waypoint counters' pairs (never changed), the lists inside a pending question (copied
    shallow, as ever) and the fields of modules that are off. (Every day a third of the
    states; the slow run all of them.)"""
    for s in (ALL + MODULES)[::step]:
        t = s.copy()
        assert repr(t.fields()) == repr(s.fields())
        assert t._legal is None
        mine = _lists(tuple(s.fields()), {})  # (the dicts keep the lists alive: ids stay)
        theirs = _lists(tuple(t.fields()), {})
        shared = set(mine) & set(theirs)
        allowed = {id(p) for p in s.counters}
        allowed |= set(_lists(tuple(s.pending), {}))  # a question's lists, copied shallow
        if not s.modules:
            allowed |= {id(getattr(s, f)) for f in ("unstable", "stealth", "sniped", "reminders",
                                                      "edef", "radioed")}
        if "pvp" not in s.modules:
            allowed |= {id(getattr(s, f)) for f in ("evasion", "aggression", "hits")}
        assert shared <= allowed, [f for f in State.__slots__[1:]
                                   if set(_lists(getattr(s, f), {})) & shared - allowed]
    seen = (ALL + MODULES)[::step]
    assert any(s.story is not None for s in seen) and any(s.pending for s in seen)


def test_kept_exploration_actions_are_the_ones_their_fields_make() -> None:
    """explore_choices reuses one Explore per (cell, explorers, fed, main, ration): every one
    kept equals the action made afresh, and the lists are those of fresh actions."""
    for s in ALL[::2] + MODULES[::2]:
        if s.phase == "explore" and G.outcome(s) is None:
            G.explore_choices(s, s.actor)
    assert len(G._explores) > 200
    for key, a in G._explores.items():
        assert a == Explore(*key) and type(a) is Explore
        assert (a.cell, a.explorers, a.fed, a.main, a.ration) == key
    rations = [a for a in G._explores.values() if a.ration >= 0]
    assert rations  # the Energy Rations' teams are kept too


def test_undamaged_cells_with_a_code_are_counted_as_the_plain_walk_counts_them() -> None:
    """undamaged_codes reads a per-card table of the cells carrying a code: the same count as
    walking every cell, for every code a rule asks about, on every state (all modules too)."""
    codes = ("S:object-limit", "S:speed", "S:eor-object", "S:asgard", "C", "W2")
    found = 0
    for s in ALL[::3] + MODULES[::3]:
        for seat in range(s.n):
            for code in codes:
                plain = sum(1 for col in s.convoy[seat] for sl in col if sl is not None
                            for k, c in enumerate(G.cards[sl[0]].cells)
                            if c == code and not sl[1][k])
                assert G.undamaged_codes(s, seat, code) == plain
                found += plain > 0
    assert found > 100


def slow_explore_choices(s: State, seat: int) -> list[object]:
    """LastAurora.explore_choices as first written: every action made afresh and every team
    split by _explore_variants (the kept actions and the skipped calls are the shortcuts)."""
    from itertools import combinations
    g = G
    out: list[Explore] = []
    act = g.active(s, seat)
    food = g.count(s, seat, "food")
    meals = g.crew.meals(s, seat, food) if s.modules else food
    rations = any(g._is(o, "ration") for o in s.objects[seat])
    groups = [(a,) for a in act] + list(combinations(act, 2)) \
        if g.content.explorers_max >= 2 else [(a,) for a in act]
    for cell in range(5):
        need = g.content.zone[cell].value
        mains = [-1] + g.main_choices(s, seat, s.zone[cell])
        for team in groups:
            base = sum(g.value(s, seat, i, False) for i in team)
            feeds: list[tuple[int, ...]] = []
            if base >= need:
                feeds.append(())
            else:
                for k in range(1, len(team) + 1):
                    if k > meals:
                        break
                    for f in combinations(team, k):
                        if base + k >= need and (k == 1 or base + k - 1 < need):
                            feeds.append(f)
            out += [Explore(cell, team, f, m) for f in feeds for m in mains]
            if rations and base < need:
                for _ in team:
                    if base + 2 >= need:
                        out += [Explore(cell, team, (), m, e) for m in mains
                                for e in team[:1] if g._objects_left(s, seat, cell, m)]
                        break
    dirty = any(x[2] for x in s.surv[seat])
    alts = {c for c in range(5) if g.content.zone[c].alt and dirty}
    out += [replace(a, alt=True) for a in out if a.cell in alts]
    if s.modules:
        out = list(g.crew.explore_options(s, seat, out))
    memo: dict[object, object] = {}
    return [v for a in out for v in g._explore_variants(s, seat, a, memo)]


@pytest.mark.parametrize("step", [2, pytest.param(1, marks=pytest.mark.slow)],
                         ids=["every-other-state", "every-state"])
def test_exploration_choices_are_the_plain_list_in_the_same_order(step: int) -> None:
    """The kept Explore actions and the teams not handed to _explore_variants (base game)
    give the list the plain way gives, action for action (all modules too; every day half
    the states, the slow run all)."""
    checked = fixed = cleaned = 0
    for s in (ALL + MODULES)[::step]:
        if s.phase != "explore" or G.outcome(s) is not None:
            continue
        for seat in range(s.n):
            for t in explore_variants(s, seat):
                fast = G.explore_choices(t, seat)
                assert fast == slow_explore_choices(t, seat)
                checked += 1
                fixed += any(isinstance(a, Explore) and a.fix for a in fast)
                cleaned += any(isinstance(a, Explore) and a.clean >= 0 for a in fast)
    assert checked > 300 and fixed > 30 and cleaned > 30


@pytest.mark.parametrize("step", [2, pytest.param(1, marks=pytest.mark.slow)],
                         ids=["every-other-state", "every-state"])
def test_the_playouts_exploration_candidates_are_those_of_the_whole_legal_list(step: int
                                                                               ) -> None:
    """The search's playouts ask `explore_candidates` for the heuristic's candidates in an
    Exploration turn instead of listing every legal Explore: the same actions in the same
    order as `candidates` keeps from the whole list, on every Exploration state (as played,
    with two survivors contaminated, with a Mechanic; all modules too), and one action alone
    exactly when the legal list holds one."""
    bot = HeuristicAgent(G)
    checked = varied = 0
    for s in (ALL + MODULES)[::step]:
        if s.phase != "explore" or s.peek or G.outcome(s) is not None:
            continue
        seat = s.actor
        for t in explore_variants(s, seat):
            legal = G._legal(t)
            fast = bot.explore_candidates(t, seat)
            assert fast == bot.candidates(t, legal, seat)
            assert (len(fast) == 1) == (len(legal) == 1)
            checked += 1
            varied += any(isinstance(a, Explore) and (a.fix or a.clean >= 0 or a.cont)
                          for a in fast)
    assert checked > 200 and varied > 30
