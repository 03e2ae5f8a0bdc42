"""What Frontier Stations' events did on the table, in the engine's motion vocabulary
(frostdesk/games/frontier_stations/motions.py): one case per kind of event that moves
something, and random games in which the motions alone keep track of every token, the shop,
the installed systems, the beacons, the Captain and the dice."""

from __future__ import annotations

import random
from typing import Any

import pytest

from frostdesk.engine.game import Event
from frostdesk.engine.motion import ALL, Changed, Flipped, Moved, Rolled

from .helpers import GAME, system, threat

SYSTEMS = ("pile", "systems")


def motions(kind: str, **data: Any) -> list[Any]:
    return list(GAME.motions(Event(kind, data, "")))


PAID = {"dice": "a", "die_value": 3, "parts": [], "spent": {"0": [1, 0, 0, 0, 0],
                                                             "1": [0, 0, 2, 0, 0]}}

CASES = [
    ("setup", {"stations": 2, "nexus": ["standard", "standard"], "price": 0, "beacons": 2,
               "captain": 0, "shop": ["physics-lab-1"],
               "resources": [[1, 0, 0, 0, 0], [0, 2, 0, 0, 0]]},
     [Moved(("sys", system("physics-lab-1")), SYSTEMS, ("shop",)),
      Changed(("tok", 0, 0), by=1, to=1), Changed(("tok", 1, 1), by=2, to=2)]),
    ("roll", {"station": 1, "dice": [3, 5], "total": 8, "turn": 4},
     [Rolled(("dice",), (3, 5))]),
    ("threat_paid", {"area": 0, "threat": "plague-1", "parts": [],
                     "spent": PAID["spent"]},
     [Changed(("tok", 0, 0), by=-1, place=("threat", threat("plague-1"))),
      Changed(("tok", 1, 2), by=-2, place=("threat", threat("plague-1")))]),
    ("beacon", {"area": 1, "threat": "plague-2", "beacons_left": 1},
     [Changed(("beacon",), by=-1, to=1, place=("threat", threat("plague-2")))]),
    ("produced", {"station": 2, "slot": 0, "card": "nexus-standard", "made": [1, 3],
                  "kept": [0, 1, 0, 0, 0], "discarded": [3], "resources": [0, 4, 1, 0, 0]},
     [Changed(("tok", 2, 1), by=1, to=4)]),
    ("installed", {"station": 1, "card": "solar-cell-2", "cost": 4, **PAID},
     [Changed(("tok", 0, 0), by=-1), Changed(("tok", 1, 2), by=-2),
      Moved(("sys", system("solar-cell-2")), ("shop",), ("station", 1))]),
    ("upgraded", {"station": 0, "slot": 1, "card": "solar-cell-1", "multiplier": 2,
                  "cost": 4, **PAID},
     [Changed(("tok", 0, 0), by=-1), Changed(("tok", 1, 2), by=-2),
      Changed(("mult", "sys", system("solar-cell-1")), to=2)]),
    ("upgraded", {"station": 3, "slot": 0, "card": "nexus-standard", "multiplier": 2,
                  "cost": 6, **PAID},
     [Changed(("tok", 0, 0), by=-1), Changed(("tok", 1, 2), by=-2),
      Changed(("mult", "nexus", 3), to=2)]),
    ("destroyed", {"station": 0, "area": 0, "pos": 0, "threat": "plague-1", "multiplier": 1,
                   "face_up": False, "credits": 3, **PAID},
     [Changed(("tok", 0, 0), by=-1, place=("threat", threat("plague-1"))),
      Changed(("tok", 1, 2), by=-2, place=("threat", threat("plague-1"))),
      Changed(("mult", "threat", threat("plague-1")), to=1),
      Flipped(("threat", threat("plague-1")), False)]),
    ("threat_drawn", {"area": 2, "threat": "killer-robots-1", "deck": "early", "left": 9},
     [Moved(("threat", threat("killer-robots-1")), ("pile", "early"), ("area", 2)),
      Moved(("recent", 2), None, ("threat", threat("killer-robots-1")))]),
    ("reinforced", {"area": 0, "threat": "reinforcements-early-1", "target": "plague-1",
                    "multiplier": 2, "deck": "early", "left": 3},
     [Moved(("threat", threat("reinforcements-early-1")), ("pile", "early"),
            ("threat", threat("plague-1"))),
      Changed(("mult", "threat", threat("plague-1")), to=2),
      Flipped(("threat", threat("plague-1")), True)]),
    ("reinforcements_discarded", {"area": 0, "threat": "reinforcements-early-1",
                                  "deck": "early"},
     [Moved(("threat", threat("reinforcements-early-1")), ("pile", "early"), ("gone",))]),
    ("captain_passed", {"old": 2, "captain": 3},
     [Moved(("captain",), ("station", 2), ("station", 3))]),
    ("shop_refreshed", {"shop": ["physics-lab-2"]},
     [Moved(ALL, ("shop",), SYSTEMS),
      Moved(("sys", system("physics-lab-2")), SYSTEMS, ("shop",))]),
    ("turn", {"station": 1, "turn": 5, "captain": 0},
     [Changed(("turn",), to=5), Changed(("current",), to=1)]),
]


@pytest.mark.parametrize(("kind", "data", "expected"), CASES,
                         ids=[f"{c[0]}-{i}" for i, c in enumerate(CASES)])
def test_each_kind_of_event_gives_its_motions(kind: str, data: dict[str, Any],
                                              expected: list[Any]) -> None:
    assert motions(kind, **data) == expected


@pytest.mark.parametrize("kind", ["reinforcements_redrawn", "game_won", "game_lost"])
def test_events_that_move_nothing_give_no_motions(kind: str) -> None:
    assert motions(kind, area=0, threat="plague-1", deck="early", turn=3) == []


class Table:
    """What the motions say the table holds."""

    def __init__(self, n: int, nexus_mult: int = 1) -> None:
        self.res = [[0] * 5 for _ in range(n)]
        self.shop: list[int] = []
        self.installed: list[dict[tuple[str, int], int]] = [
            {("nexus", st): nexus_mult} for st in range(n)]
        self.beacons: int | None = None
        self.captain: int | None = None
        self.dice: tuple[int, ...] = ()

    def apply(self, m: Any) -> None:
        if isinstance(m, Rolled):
            self.dice = m.faces
        elif isinstance(m, Changed):
            if m.what[0] == "tok":
                _, st, r = m.what
                self.res[st][r] = m.to if m.to is not None else self.res[st][r] + m.by
            elif m.what == ("beacon",):
                self.beacons = m.to
            elif m.what[0] == "mult" and m.what[1] != "threat":
                for cards in self.installed:
                    if m.what[1:] in cards:
                        cards[m.what[1:]] = m.to
        elif isinstance(m, Moved):
            if m.piece == ALL and m.source == ("shop",):
                self.shop = []
            elif m.piece[0] == "sys":
                if m.piece[1] in self.shop:
                    self.shop.remove(m.piece[1])
                if m.target == ("shop",):
                    self.shop.append(m.piece[1])
                elif m.target[0] == "station":
                    self.installed[m.target[1]][m.piece] = 1
            elif m.piece == ("captain",):
                self.captain = m.target[1]


@pytest.mark.parametrize("players", [1, 3, 6])
def test_the_motions_alone_keep_track_of_the_table(players: int) -> None:
    """Follow random games by their motions only: after every action the tokens, the shop,
    the installed systems and their multipliers are the state's (and the beacons, the
    Captain and the dice once an event has said so)."""
    for seed in range(3):
        state, events = GAME.new_game({"players": players}, seed)
        table = Table(players)
        r = random.Random(seed)
        while True:
            for e in events:
                for m in GAME.motions(e):
                    table.apply(m)
            assert table.res == state.res
            assert table.shop == state.shop
            assert table.installed == [
                {(("nexus", st) if c < 0 else ("sys", c)): mult for c, mult in cards}
                for st, cards in enumerate(state.installed)]
            if table.beacons is not None:
                assert table.beacons == state.beacons
            if table.captain is not None:
                assert table.captain == state.captain
            if state.phase != "roll":  # a new turn clears the dice
                assert table.dice == state.dice
            if GAME.to_move(state) is None:
                break
            state, events = GAME.apply(state, r.choice(list(GAME.legal(state))))
