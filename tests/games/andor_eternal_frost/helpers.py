"""Helpers to build Eternal Frost positions for rules and scenario tests (the game is not
registered yet, so the rules object is built from the bundled data here)."""

from __future__ import annotations

from collections.abc import Iterable
from typing import Any

import pytest

from frostdesk.engine import rng as real_rng
from frostdesk.games.andor_eternal_frost import pieces as pieces_module
from frostdesk.games.andor_eternal_frost import rules as rules_module
from frostdesk.games.andor_eternal_frost.content import load_content
from frostdesk.games.andor_eternal_frost.rules import EternalFrost
from frostdesk.games.andor_eternal_frost.state import State
from frostdesk.paths import cards_dir

C = load_content(cards_dir("andor-eternal-frost"))
GAME = EternalFrost(C)
BOARD = C.boards["side1"]


def fresh(heroes: str = "warrior,wizard", seed: int = 1, legend: str = "l1") -> State:
    """A new game with these heroes (seats in this order), as it stands after setup."""
    n = len(heroes.split(","))
    s, _ = GAME.new_game({"players": n, "heroes": heroes, "legend": legend}, seed)
    return s


def empty(heroes: str = "warrior,wizard", at: int = 10, current: int = 0) -> State:
    """A new game with no creatures, articles, fires or tokens on the board, every hero on
    `at`."""
    s = fresh(heroes).copy()
    s.creatures = {}
    s.items = {}
    s.fires = {}
    s.snow = {}
    s.space = [at] * s.n
    s.current = current
    return s


def put(s: State, kind: str, space: int) -> int:
    """Put a creature (or a boss of the legend) on `space`; its number."""
    num = s.next_creature
    s.next_creature += 1
    s.creatures[num] = [kind, space]
    s._legal = None
    return num


def play(s: State, *actions: Any) -> tuple[State, list[Any]]:
    """Apply the actions in turn; the final state and every event."""
    events: list[Any] = []
    for a in actions:
        s, ev = GAME.apply(s, a)
        events.extend(ev)
    return s, events


def kinds(events: Iterable[Any]) -> list[str]:
    return [e.kind for e in events]


class ScriptedDice:
    """Stands in for the generator: each roll of a die takes the next face of the script."""

    def __init__(self, faces: Iterable[int]) -> None:
        self.faces = list(faces)

    def below(self, state: int, n: int) -> tuple[int, int]:
        assert n == 6, "only dice are scripted"
        assert self.faces, "the script ran out of dice"
        return self.faces.pop(0) - 1, state

    def seed_state(self, seed: int) -> int:
        return seed

    shuffled = staticmethod(real_rng.shuffled)  # setting up a game still shuffles tokens


def script(monkeypatch: pytest.MonkeyPatch, *faces: int) -> ScriptedDice:
    dice = ScriptedDice(faces)
    monkeypatch.setattr(rules_module, "rng", dice)
    monkeypatch.setattr(pieces_module, "rng", dice)  # the black dice of random spaces
    return dice
