"""Helpers for the Story card tests (Frozen Steel, Module 4): a game with the module on, a
card put on top of its deck, the triggering actions, an Outcome letter arranged on top."""

from __future__ import annotations

from typing import Any

from frostdesk.engine.game import Event
from frostdesk.games.last_aurora.state import (
    Action,
    Attack,
    Explore,
    Move,
    Rest,
    State,
    StoryOption,
)

from .helpers import C, G, clear, give, idx, turn, zone

MOD = {"modules": ["story"]}
S = G.story


def new(n: int = 2, seed: int = 1, **extra: Any) -> State:
    return G.new_game({"players": n, **MOD, **extra}, seed)[0]


def sid(card_id: str) -> int:
    """A Story card's index by its number."""
    return S.by_id[card_id]


def on_top(s: State, card_id: str) -> None:
    """Put this Story card on top of its Period's deck and make that deck the current one."""
    card = sid(card_id)
    st = s.story
    for d in st.decks:
        if card in d:
            d.remove(card)
    st.period = C.story[card].period
    st.decks[st.period - 1].insert(0, card)
    s._legal = None


def letter_on_top(s: State, letter: str) -> None:
    """The next Outcome card revealed has this leftmost letter."""
    i = next(k for k, o in enumerate(s.outdeck) if C.outcomes[o].letters[0] == letter)
    s.outdeck.insert(0, s.outdeck.pop(i))


def roomy(s: State, seat: int = 0) -> None:
    """A Flatbed (4 cargo cells) at the rear, and just 2 each of Fuel, Food and Ammo."""
    s.convoy[seat].append([G._slot(idx("006")), None])
    clear(s, seat)
    for r in ("fuel", "food", "ammo"):
        give(s, seat, r, 2)


def step(s: State, action: Action) -> tuple[State, list[Event]]:
    return G.apply_unchecked(s, action)


def kinds(events: list[Event]) -> list[str]:
    return [e.kind for e in events]


def gather(s: State, seat: int = 0, cell: int = 0, explorers: tuple[int, ...] = (0,)
           ) -> Explore:
    """Gather at a Gas Station (2 Fuel) laid in `cell`."""
    ids: list[str | None] = [None] * 5
    ids[cell] = "015"
    zone(s, *[x if x is not None else "071" for x in ids])
    turn(s, "explore", seat)
    return Explore(cell, explorers, (), 0)


def options_for(s: State, option: int) -> list[StoryOption]:
    return [a for a in G.legal(s) if isinstance(a, StoryOption) and a.option == option]


__all__ = ["Attack", "Move", "Rest", "S", "MOD", "new", "sid", "on_top", "letter_on_top",
           "roomy", "step", "kinds", "gather", "options_for"]
