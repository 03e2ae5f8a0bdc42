"""Helpers to build Frost Shelter positions for scenario tests."""

from __future__ import annotations

from typing import Any

from frostdesk.games import load_game
from frostdesk.games.frost_shelter.content import RESOURCE_KEYS
from frostdesk.games.frost_shelter.state import State

GAME = load_game("frost-shelter")


def card(name: str) -> int:
    """'water-8' -> card int."""
    return GAME.content.card_index(name)


def cards(*names: str) -> list[int]:
    return [card(n) for n in names]


def equip(name: str) -> int:
    return GAME.content.equipment_ids.index(name)


def event_index(event_id: str) -> int:
    return [e.id for e in GAME.content.events].index(event_id)


def position(players: int = 4, event: str = "invasion", relic: str = "water",
             hands: dict[int, list[str]] | None = None, leader: int = 0,
             colonies: dict[int, list[str]] | None = None,
             equipment: dict[int, list[str]] | None = None, seed: int = 1,
             **fields: Any) -> State:
    """A first-Event position in the play phase with the given hands, Event and Relic.

    Cards not placed in hands or colonies go to the undealt deck, so all 40 stay accounted.
    """
    s, _ = GAME.new_game({"players": players, "first_leader": leader}, seed)
    s = s.copy()
    s.event = event_index(event)
    s.relic = RESOURCE_KEYS.index(relic)
    s.leader = s.turn = leader
    s.phase = "play"
    placed: set[int] = set()
    s.hands = [[] for _ in range(players)]
    for seat, names in (hands or {}).items():
        s.hands[seat] = sorted(cards(*names))
        placed.update(s.hands[seat])
    s.colonies = [[] for _ in range(players)]
    for seat, names in (colonies or {}).items():
        s.colonies[seat] = cards(*names)
        placed.update(s.colonies[seat])
    s.deck = [c for c in range(40) if c not in placed]
    if equipment is not None:
        all_eq = set(range(len(GAME.content.equipment_ids)))
        s.equipment = [[] for _ in range(players)]
        for seat, names in equipment.items():
            s.equipment[seat] = [equip(n) for n in names]
        owned = {e for es in s.equipment for e in es}
        s.market = sorted(all_eq - owned)
    for key, value in fields.items():
        setattr(s, key, value)
    return s


def play(state: State, *actions: Any) -> tuple[State, list[Any]]:
    """Apply actions in order (each must be legal); return the state and all events."""
    events: list[Any] = []
    for a in actions:
        state, ev = GAME.apply(state, a)
        events.extend(ev)
    return state, events


def accounted(state: State) -> list[int]:
    """Every resource card in any zone, sorted (should be 0..39 exactly once)."""
    every = [c for h in state.hands for c in h] + state.deck + state.exp_deck + state.discard
    every += [c for _, c, _ in state.trick] + [c for col in state.colonies for c in col]
    return sorted(every)
