"""One event at a time: the in-between tables the animator walks through.

`frames(game, before, events)` copies the state shown before an action and moves things as each
event says (dice, tokens, cards, the Captain), recording where new items come from and where
leaving ones go. The table always ends on the real view afterwards, so a mistake here only makes
an animation less precise, never the table wrong. Nothing here decides a rule.

Anchors: ("pile", name) | ("key", item key) | ("stock",) | ("station", s) | ("vanish",)
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any


@dataclass
class Frame:
    state: Any
    kind: str
    spawn_from: dict[Any, Any] = field(default_factory=dict)
    sink_to: dict[Any, Any] = field(default_factory=dict)
    transient: dict[Any, Any] = field(default_factory=dict)  # key -> key it lies on
    paying: tuple[int, int] | None = None  # (area, pos) of the threat being paid


class Ids:
    """Card ids in events -> indexes in the game's card lists."""

    def __init__(self, game: Any) -> None:
        self.systems = {c.id: c.index for c in game.systems}
        self.threats = {t.id: t.index for t in game.threats}


_IDS: dict[int, Ids] = {}


def ids(game: Any) -> Ids:
    got = _IDS.get(id(game))
    if got is None:
        got = _IDS[id(game)] = Ids(game)
    return got


def _tokens(s: Any) -> set[tuple[int, int, int]]:
    return {(st, r, i) for st in range(s.n) for r in range(5) for i in range(s.res[st][r])}


def _spend(s: Any, spent: dict[str, list[int]]) -> None:
    for st, counts in spent.items():
        for r in range(5):
            s.res[int(st)][r] = max(0, s.res[int(st)][r] - counts[r])


def frames(game: Any, before: Any, events: list[Any]) -> list[Frame]:
    """The table after each event of one action (see the module docstring)."""
    s = before.copy()
    out: list[Frame] = []
    idx = ids(game)
    for e in events:
        d = e.data
        k = e.kind
        old_tokens = _tokens(s)
        f = Frame(s, k)
        token_sink: Any = ("stock",)
        token_spawn: Any = ("stock",)
        if k == "roll":
            s.dice = tuple(d.get("dice", ()))
            s.dice_free = "a" if len(s.dice) == 1 else "ab"
            s.phase = "threats"
        elif k == "threat_paid":
            t = idx.threats.get(d.get("threat"), -1)
            _spend(s, d.get("spent", {}))
            token_sink = ("key", ("threat", t))
            f.paying = _position(s, d.get("area", 0), t)
        elif k == "beacon":
            t = idx.threats.get(d.get("threat"), -1)
            left = int(d.get("beacons_left", max(0, s.beacons - 1)))
            for i in range(left, s.beacons):
                f.sink_to[("beacon", i)] = ("key", ("threat", t))
            s.beacons = left
            f.paying = _position(s, d.get("area", 0), t)
        elif k == "produced":
            st = int(d["station"])
            if "resources" in d:
                s.res[st] = list(d["resources"])
            s.phase = "systems"
        elif k in ("installed", "upgraded", "destroyed"):
            s.phase = "purchase"
            _spend(s, d.get("spent", {}))
            st = int(d.get("station", s.current))
            if k == "installed":
                c = idx.systems.get(d.get("card"), -1)
                if c in s.shop:
                    s.shop.remove(c)
                s.installed[st].append([c, 1])
            elif k == "upgraded":
                slot = int(d.get("slot", 0))
                if 0 <= slot < len(s.installed[st]):
                    s.installed[st][slot][1] = int(d.get("multiplier", 2))
            else:
                area = int(d.get("area", 0))
                t = idx.threats.get(d.get("threat"), -1)
                pos = _position(s, area, t)
                if pos is not None:
                    entry = s.areas[area][pos[1]]
                    entry[1] = int(d.get("multiplier", 1))
                    entry[2] = 1 if d.get("face_up") else 0
                token_sink = ("key", ("threat", t))
            used = d.get("dice", "")
            s.dice_free = "".join(x for x in s.dice_free if x not in used)
        elif k == "threat_drawn":
            s.phase = "draw"
            area = int(d.get("area", 0))
            t = idx.threats.get(d.get("threat"), -1)
            deck = d.get("deck", "early")
            _pop(s, deck)
            old = s.recent[area]
            s.areas[area].append([t, 1, 1])
            for i, entry in enumerate(s.areas[area]):
                if entry[0] == old and not entry[2]:
                    s.areas[area].pop(i)
                    break
            s.recent[area] = t
            f.spawn_from[("threat", t)] = ("pile", deck)
        elif k == "reinforced":
            s.phase = "draw"
            area = int(d.get("area", 0))
            t = idx.threats.get(d.get("threat"), -1)
            target = idx.threats.get(d.get("target"), -1)
            _pop(s, d.get("deck", "early"))
            for entry in s.areas[area]:
                if entry[0] == target:
                    entry[1] = int(d.get("multiplier", entry[1]))
                    entry[2] = 1
            f.transient[("threat", t)] = ("threat", target)
            f.spawn_from[("threat", t)] = ("pile", d.get("deck", "early"))
        elif k == "reinforcements_discarded":
            _pop(s, d.get("deck", "early"))
        elif k == "captain_passed":
            s.captain = int(d.get("captain", s.captain))
        elif k == "shop_refreshed":
            new = [idx.systems.get(c, -1) for c in d.get("shop", [])]
            for c in s.shop:
                if c not in new:
                    f.sink_to[("sys", c)] = ("pile", "systems")
            for c in new:
                if c not in s.shop:
                    f.spawn_from[("sys", c)] = ("pile", "systems")
            s.shop = new
        elif k == "turn":
            s.current = int(d.get("station", (s.current + 1) % s.n))
            s.turn = int(d.get("turn", s.turn + 1))
            s.dice = ()
            s.dice_free = ""
            s.phase = "roll"
        elif k in ("game_won", "game_lost"):
            s.phase = "over"
        new_tokens = _tokens(s)
        for st, r, i in old_tokens - new_tokens:
            f.sink_to[("tok", st, r, i)] = token_sink
        for st, r, i in new_tokens - old_tokens:
            f.spawn_from[("tok", st, r, i)] = token_spawn
        out.append(f)
        s = s.copy()
    return out


def _pop(s: Any, deck: str) -> None:
    pile = s.early if deck == "early" else s.late
    if pile:
        pile.pop()


def _position(s: Any, area: int, threat: int) -> tuple[int, int] | None:
    if not 0 <= area < len(s.areas):
        return None
    for pos, entry in enumerate(s.areas[area]):
        if entry[0] == threat:
            return area, pos
    return None
