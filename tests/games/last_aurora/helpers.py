"""Shared helpers for Last Aurora's tests: the rules object and small state surgery."""

from __future__ import annotations

from typing import Any

from frostdesk.games.last_aurora.content import load_content
from frostdesk.games.last_aurora.rules import LastAurora
from frostdesk.games.last_aurora.state import EMPTY, State
from frostdesk.paths import cards_dir

C = load_content(cards_dir("last-aurora"))
G = LastAurora(C)


def played(s: State, bots: list[Any]) -> list[State]:
    """Every state from `s` to the game's end, each seat played by its bot."""
    out = [s]
    while G.outcome(s) is None:
        seat = G.to_move(s)
        assert seat is not None
        s, _ = G.apply(s, bots[seat].choose(G, G.view(s, seat), G.legal(s), seat))
        out.append(s)
    return out


def idx(card_id: str) -> int:
    return C.by_id(card_id).index


def new(n: int = 2, seed: int = 1) -> State:
    return G.new_game({"players": n}, seed)[0]


def clear(s: State, seat: int) -> None:
    """Empty every cell of a convoy but the Survivor tokens (the convoy asked of the rules:
    a state `apply` made shares it with the one it came from until then)."""
    for col in G.cv(s, seat):
        for slot in col:
            if slot:
                slot[2] = ["surv" if t == "surv" else "" for t in slot[2]]
    s._legal = None


def give(s: State, seat: int, token: str, n: int = 1) -> None:
    for _ in range(n):
        assert G._store(s, seat, token), f"no room for {token}"
    s._legal = None


def zone(s: State, *ids: str | None) -> None:
    """Lay cards in zone cells 1.. (None: an empty cell)."""
    for i, cid in enumerate(ids):
        s.zone[i] = EMPTY if cid is None else idx(cid)
        s.edmg[i] = 0
        s.etgt[i] = [-1] * 4
    s._legal = None


def turn(s: State, phase: str, seat: int) -> None:
    s.phase = phase
    s.actor = seat
    s.passed = [False] * s.n
    s._legal = None


def stack_outcomes(s: State, *ids: str) -> None:
    """Put these Outcome cards on top of the deck, in this order."""
    wanted = [next(o.index for o in C.outcomes if o.id == i) for i in ids]
    rest = [x for x in s.outdeck + s.outdisc if x not in wanted]
    s.outdeck = wanted + rest
    s.outdisc = []


def names(s: State, seat: int) -> list[str]:
    return [C.cards[x[0]].name for x in s.surv[seat]]
