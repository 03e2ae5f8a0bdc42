"""What Frost Shelter's events did on the table, in the engine's motion vocabulary
(frostdesk/games/frost_shelter/motions.py): one case per kind of event that moves something,
and random games in which the motions alone keep track of every hand, colony, trick, piece of
equipment and damage track."""

from __future__ import annotations

import random
from typing import Any

import pytest

from frostdesk.engine.game import Event
from frostdesk.engine.motion import ALL, HIDDEN, Changed, Moved
from fs_helpers import GAME, card, equip

DECK, EXP, DISCARD = ("pile", "deck"), ("pile", "exp"), ("pile", "discard")


def motions(kind: str, **data: Any) -> list[Any]:
    return list(GAME.motions(Event(kind, data, "")))


CASES = [
    ("game_started", {"players": 4, "leader": 2}, [Moved(("leader",), None, ("seat", 2))]),
    ("leader_chosen", {"by": 1, "leader": 3}, [Moved(("leader",), None, ("seat", 3))]),
    ("leader_changed", {"leader": 0}, [Moved(("leader",), None, ("seat", 0))]),
    ("equipment_dealt", {"seat": 1, "equipment": "tarp-2"},
     [Moved(("equip", equip("tarp-2")), ("market",), ("equipment", 1))]),
    ("hand_dealt", {"seat": 0, "cards": ["fuel-3", "water-9"], "count": 2},
     [Moved(("card", card("fuel-3")), DECK, ("hand", 0)),
      Moved(("card", card("water-9")), DECK, ("hand", 0))]),
    ("hand_dealt", {"seat": 2, "count": 2},  # another seat's hand, as the viewer saw it
     [Moved(HIDDEN, DECK, ("hand", 2)), Moved(HIDDEN, DECK, ("hand", 2))]),
    ("card_played", {"seat": 3, "card": "food-5", "resource": "food", "value": 5,
                     "expedition": False, "lead": True},
     [Moved(("card", card("food-5")), ("hand", 3), ("trick",))]),
    ("card_played", {"seat": 1, "card": "tools-2", "resource": "tools", "value": 2,
                     "expedition": True, "lead": False},
     [Changed(("expedition_used", 1), to=1),
      Moved(("card", card("tools-2")), ("hand", 1), ("trick", "expedition"))]),
    ("trick_won", {"winner": 2, "card": "food-9", "lead_resource": "food", "relic": "water",
                   "by_relic": False, "trick": ["food-5", "food-9"]},
     [Changed(("trick", "winner"), to=2)]),
    ("cards_collected", {"seat": 2, "cards": ["food-9"]},
     [Moved(("card", card("food-9")), ("trick",), ("colony", 2))]),
    ("to_expedition_deck", {"cards": ["food-5"], "deck_size": 3},
     [Moved(("card", card("food-5")), ("trick",), EXP)]),
    ("expedition_draw", {"seat": 1, "cards": ["fuel-1"], "deck_size": 2},
     [Moved(("card", card("fuel-1")), EXP, ("colony", 1))]),
    ("expedition_draw", {"seat": 1, "cards": [], "deck_size": 0}, []),
    ("harpoon_used", {"seat": 0, "equipment": "harpoon-1", "old_relic": "water",
                      "relic": "tools"},
     [Moved(("equip", equip("harpoon-1")), ("equipment", 0), ("market",)),
      Changed(("relic",), to=3)]),
    ("equipment_used", {"seat": 3, "equipment": "tarp-1", "effect": "prevent_event_damage"},
     [Moved(("equip", equip("tarp-1")), ("equipment", 3), ("market",))]),
    ("damage_taken", {"seat": 1, "event_damage": 4, "frost_bite": 2, "amount": 6,
                      "total": 9}, [Changed(("damage", 1), by=6, to=9)]),
    ("defended", {"seat": 0, "requirement": 1, "cards": ["water-2", "fuel-4"], "amount": 3},
     [Moved(("card", card("water-2")), ("colony", 0), DISCARD),
      Moved(("card", card("fuel-4")), ("colony", 0), DISCARD)]),
    ("equipment_bought", {"seat": 2, "equipment": "sled-1", "paid": ["food-1", "food-2"]},
     [Moved(("equip", equip("sled-1")), ("market",), ("equipment", 2)),
      Moved(("card", card("food-1")), ("colony", 2), DISCARD),
      Moved(("card", card("food-2")), ("colony", 2), DISCARD)]),
    ("healed", {"seat": 1, "equipment": None, "cards": ["tools-7"], "amount": 1, "total": 4},
     [Moved(("card", card("tools-7")), ("colony", 1), DISCARD),
      Changed(("damage", 1), by=-1, to=4)]),
    ("healed", {"seat": 1, "equipment": "medkit-1", "cards": [], "amount": 3, "total": 2},
     [Moved(("equip", equip("medkit-1")), ("equipment", 1), ("market",)),
      Changed(("damage", 1), by=-3, to=2)]),
    ("cleanup", {"discarded": ["fuel-6"]}, [Moved(("card", card("fuel-6")), None, DISCARD)]),
    ("event_revealed", {"event_no": 2, "event": "blackout", "name": "Blackout", "damage": 5,
                        "max": 6, "requirements": [], "relic": "food"},
     [Moved(ALL, DISCARD, DECK), Moved(ALL, EXP, DECK), Changed(("event",), to=1),
      Changed(("event_no",), to=1), Changed(("relic",), to=2)]),
]


@pytest.mark.parametrize(("kind", "data", "expected"), CASES,
                         ids=[f"{c[0]}-{i}" for i, c in enumerate(CASES)])
def test_each_kind_of_event_gives_its_motions(kind: str, data: dict[str, Any],
                                              expected: list[Any]) -> None:
    assert motions(kind, **data) == expected


@pytest.mark.parametrize("kind", ["passed", "leader_choice", "colony_at_resolution",
                                  "frost_bite", "hibernation", "game_over"])
def test_events_that_move_nothing_give_no_motions(kind: str) -> None:
    assert motions(kind, seat=0) == []


class Zones:
    """What the motions say lies where, for one seat's view (or everything, seat None)."""

    def __init__(self, n: int) -> None:
        self.hands: list[list[Any]] = [[] for _ in range(n)]
        self.colonies: list[list[int]] = [[] for _ in range(n)]
        self.equipment: list[set[int]] = [set() for _ in range(n)]
        self.trick: list[int] = []
        self.damage = [0] * n

    def apply(self, m: Any) -> None:
        if isinstance(m, Changed):
            if m.what[0] == "damage":
                self.damage[m.what[1]] = m.to
            return
        if not isinstance(m, Moved) or m.piece[0] in ("leader", "all"):
            return
        if m.piece[0] == "equip":
            for owned in self.equipment:
                owned.discard(m.piece[1])
            if m.target[0] == "equipment":
                self.equipment[m.target[1]].add(m.piece[1])
            return
        piece = m.piece[1] if m.piece != HIDDEN else HIDDEN
        zones = {("trick",): self.trick,
                 **{("hand", s): h for s, h in enumerate(self.hands)},
                 **{("colony", s): c for s, c in enumerate(self.colonies)}}
        for name, zone in zones.items():
            if m.source in (None, name) and piece in zone:
                zone.remove(piece)
                break
            if m.source == name and HIDDEN in zone:
                zone.remove(HIDDEN)
                break
        target = ("trick",) if m.target[0] == "trick" else m.target
        if target in zones:
            zones[target].append(piece)


@pytest.mark.parametrize("players", [2, 3, 5])
def test_the_motions_alone_keep_track_of_the_table(players: int) -> None:
    """Follow random games by their motions only, as a seat sees them: after every action
    the hands, colonies, trick, equipment and damage they add up to are the state's."""
    for seed in range(3):
        viewer = seed % players
        state, events = GAME.new_game({"players": players}, seed)
        zones = Zones(players)
        r = random.Random(seed)
        while True:
            for e in events:
                seen = e.seen_by(viewer)
                if seen is not None:
                    for m in GAME.motions(seen):
                        zones.apply(m)
            view = GAME.view(state, viewer)
            assert [sorted(map(str, h)) for h in zones.hands] == \
                [sorted(str(c) if c >= 0 else str(HIDDEN) for c in h) for h in view.hands]
            assert [sorted(c) for c in zones.colonies] == [sorted(c) for c in view.colonies]
            assert zones.trick == [c for _, c, _ in view.trick]
            assert zones.equipment == [set(e) for e in view.equipment]
            assert zones.damage == list(view.damage)
            if GAME.to_move(state) is None:
                break
            state, events = GAME.apply(state, r.choice(list(GAME.legal(state))))
