"""Helpers to build Frontier Stations positions for rules and scenario tests."""

from __future__ import annotations

from collections.abc import Iterable
from typing import Any

from frostdesk.engine import rng
from frostdesk.games import load_game
from frostdesk.games.frontier_stations.state import NEXUS, Roll, State

GAME = load_game("frontier-stations")
C = GAME.content
ENERGY, MEDICAL, SHIELD, ENGINEERING, SECURITY = range(5)


def system(copy_id: str) -> int:
    """'physics-lab-1' -> system card index."""
    return next(c.index for c in C.systems if c.id == copy_id)


def threat(copy_id: str) -> int:
    """'plague-1' -> threat card index."""
    return next(t.index for t in C.threats if t.id == copy_id)


def design(design_id: str) -> Any:
    """The first copy of a system or threat design ('physics-lab', 'plague')."""
    for card in C.systems + C.threats:
        if card.design == design_id:
            return card
    raise KeyError(design_id)


def counts(energy: int = 0, medical: int = 0, shield: int = 0, engineering: int = 0,
           security: int = 0) -> list[int]:
    return [energy, medical, shield, engineering, security]


def position(players: int = 4, current: int = 0, seed: int = 1,
             installed: dict[int, Iterable[Any]] | None = None,
             res: dict[int, list[int]] | None = None,
             areas: dict[int, Iterable[Any]] | None = None,
             shop: Iterable[str] | None = None, early: int | None = None,
             top: Iterable[str] = (), **options: Any) -> State:
    """A position at the start of `current`'s turn (phase roll), built from a fresh setup.

    installed: station -> system copy ids, or (copy id, multiplier) pairs, after the Nexus.
    res: station -> five counts. areas: area -> threat copy ids or (id, multiplier, face_up);
    the last one listed carries the recent marker. shop: the shop's copy ids. early: cut the
    early deck to this many cards (the rest go to early_out, so every card stays accounted).
    top: threat copy ids to put on top of the deck they belong to, in order (before the cut).
    Cards are taken out of the deck, shop or removed pile they were in.
    """
    s = GAME.setup({"players": players, "first": current, **options}, seed).copy()
    for st, cards in (installed or {}).items():
        for entry in cards:
            cid, mult = (entry, 1) if isinstance(entry, str) else entry
            idx = system(cid)
            _take_system(s, idx)
            s.installed[st].append([idx, mult])
            s.held[st].append([0] * 5)
    if shop is not None:
        wanted = [system(cid) for cid in shop]
        for idx in wanted:
            _take_system(s, idx)
        s.sdeck = s.shop + s.sdeck
        s.shop = wanted
    for st, values in (res or {}).items():
        give(s, st, values)
    for area, entries in (areas or {}).items():
        for entry in entries:
            cid, mult, up = (entry, 1, 1) if isinstance(entry, str) else entry
            idx = threat(cid)
            for pile in (s.early, s.late, s.early_out, s.late_out):
                if idx in pile:
                    pile.remove(idx)
            s.areas[area].append([idx, mult, up])
            s.recent[area] = idx
    for cid in reversed(list(top)):
        idx = threat(cid)
        for pile in (s.early, s.late, s.early_out, s.late_out):
            if idx in pile:
                pile.remove(idx)
        deck = s.early if C.threats[idx].deck == "early" else s.late
        deck.insert(0, idx)
    if early is not None:
        s.early_out += s.early[early:]
        del s.early[early:]
    s._legal = None
    return s


def give(s: State, st: int, values: list[int]) -> None:
    """Give station `st` these tokens, on cards that store them: each card's own kinds first
    (in slot order), then cards that store any kind; what fits nowhere sits on the Nexus (a
    bystander station holding most of the stock, say)."""
    s.res[st] = list(values)
    left = list(values)
    held = [[0] * 5 for _ in s.installed[st]]
    rooms = [GAME.card_room(s, st, j) for j in range(len(held))]
    for j, (own, _) in enumerate(rooms):
        for r in range(5):
            k = min(left[r], own[r])
            held[j][r] += k
            left[r] -= k
    for j, (_, free) in enumerate(rooms):
        for r in range(5):
            k = min(left[r], free)
            held[j][r] += k
            left[r] -= k
            free -= k
    for r in range(5):
        held[0][r] += left[r]
    s.held[st] = held


def _take_system(s: State, idx: int) -> None:
    for pile in (s.shop, s.sdeck):
        if idx in pile:
            pile.remove(idx)
            return
    raise AssertionError(f"system {C.systems[idx].id} is already placed")


def rigged(s: State, *dice: int) -> State:
    """A copy of `s` whose generator rolls exactly `dice` next."""
    for k in range(100_000):
        r = rng.seed_state(k)
        out = []
        for _ in dice:
            v, r = rng.below(r, 6)
            out.append(v + 1)
        if tuple(out) == dice:
            s = s.copy()
            s.rng = rng.seed_state(k)
            return s
    raise AssertionError(f"no seed rolls {dice}")


def roll(s: State, *dice: int) -> tuple[State, list[Any]]:
    """Roll exactly `dice` (one die while the early deck lasts, else two)."""
    assert len(dice) == (1 if s.early else 2)
    return GAME.apply(rigged(s, *dice), Roll())


def play(s: State, *actions: Any) -> tuple[State, list[Any]]:
    """Apply actions in order (each must be legal); return the state and all events."""
    events: list[Any] = []
    for a in actions:
        s, ev = GAME.apply(s, a)
        events.extend(ev)
    return s, events


def at(s: State, phase: str, dice: tuple[int, ...] = (), queue: list | None = None) -> State:
    """A copy of `s` with the phase, dice and queue set directly."""
    s = s.copy()
    s.phase = phase
    s.dice = dice
    s.dice_free = "" if phase not in ("purchase", "pay") else ("a" if len(dice) == 1 else "ab")
    s.queue = list(queue or [])
    s._legal = None
    return s


def kinds(events: list[Any]) -> list[str]:
    return [e.kind for e in events]


def systems_accounted(s: State) -> list[int]:
    every = list(s.shop) + list(s.sdeck)
    every += [c for st in s.installed for c, _ in st if c != NEXUS]
    return sorted(every)


def threats_accounted(s: State) -> list[int]:
    every = s.early + s.late + s.early_out + s.late_out + s.gone
    every += [t for a in s.areas for t, _, _ in a]
    return sorted(every)


def station_fits(s: State, st: int) -> bool:
    """Every card of the station holds what it may, and the cards add up to the total."""
    totals = [sum(c[r] for c in s.held[st]) for r in range(5)]
    return totals == s.res[st] and all(GAME.card_fits(s, st, j)
                                       for j in range(len(s.installed[st])))
