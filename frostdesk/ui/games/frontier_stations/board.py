"""The Frontier Stations table as the screen shows it: the kit's Board over a view of the game.

`StationsBoard` holds a state (the real view, or an in-between table while an action's events
play) and moves things in it as the rules' motions say (frostdesk/games/frontier_stations/
motions.py names the zones): dice, tokens, cards, the Captain, the recent markers. While
tokens are paid to a threat, that threat's area is lit (`paying`); a Reinforcements card lies
on the threat it strengthens for one step (`transient`). The table always ends on the real
view afterwards, so a motion the table does not follow only makes an animation less precise,
never the table wrong. Nothing here decides a rule.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from frostdesk.engine.motion import ALL, Changed, Flipped, Motion, Moved, Ref, Rolled
from frostdesk.games.frontier_stations.state import NEXUS, UNKNOWN


class StationsBoard:
    """A state to show, and the marks of the step that led to it (module docstring).

    `live` is True for the real view (whose queue says which threat is being paid and whose
    player is to move), False for the tables in between.
    """

    def __init__(self, state: Any, live: bool = True) -> None:
        self.state = state
        self.live = live
        self.paying: tuple[int, int] | None = None  # (area, pos) of the threat being paid
        self.transient: dict[Any, Any] = {}  # item key -> the key of the card it lies on

    def copy(self) -> StationsBoard:
        return StationsBoard(self.state.copy(), live=False)

    # ------------------------------------------------------------------ motions

    def apply(self, motion: Motion) -> Sequence[Ref]:
        s = self.state
        if isinstance(motion, Rolled):
            s.dice = tuple(motion.faces)
            s.dice_free = "a" if len(s.dice) == 1 else "ab"
            s.phase = "threats"
        elif isinstance(motion, Changed):
            self._change(motion)
        elif isinstance(motion, Flipped) and motion.piece[0] == "threat":
            entry = self._threat(int(motion.piece[1]))
            if entry is not None:
                entry[2] = 1 if motion.face_up else 0
        elif isinstance(motion, Moved):
            return self._move(motion)
        return ()

    def _change(self, m: Changed) -> None:
        s = self.state
        what = m.what
        if what[0] == "held":
            st, slot, r = int(what[1]), int(what[2]), int(what[3])
            if 0 <= st < len(s.held):
                cards = s.held[st]
                while len(cards) <= slot:  # a card installed in this batch
                    cards.append([0] * 5)
                cards[slot][r] = m.to if m.to is not None else max(0, cards[slot][r] + m.by)
        elif what[0] == "tok":
            st, r = int(what[1]), int(what[2])
            s.res[st][r] = m.to if m.to is not None else max(0, s.res[st][r] + m.by)
        elif what == ("beacon",):
            s.beacons = m.to if m.to is not None else max(0, s.beacons + m.by)
        elif what[0] == "mult" and m.to is not None:
            entry = self._entry(what[1:])
            if entry is not None:
                entry[1] = m.to
        elif what == ("turn",) and m.to is not None:
            s.turn = m.to
        elif what == ("current",) and m.to is not None:
            s.current = m.to
        if m.place is not None and m.place[0] == "threat":
            self.paying = self._position(int(m.place[1]))

    def _move(self, m: Moved) -> list[Ref]:
        s = self.state
        piece, source, target = m.piece, m.source, m.target
        if piece == ALL:
            if source == ("shop",) and target == ("pile", "systems"):
                gone = s.shop
                s.sdeck = s.sdeck + [UNKNOWN] * len(gone)
                s.shop = []
                return [("sys", c) for c in gone]
            return []
        kind = piece[0]
        if kind == "captain" and target[0] == "station":
            s.captain = int(target[1])
        elif kind == "recent" and target[0] == "threat":
            s.recent[int(piece[1])] = int(target[1])
        elif kind == "sys":
            card = int(piece[1])
            self._take_pile(source)
            if card in s.shop:
                s.shop.remove(card)
            if target == ("shop",):
                s.shop.append(card)
            elif target[0] == "station":
                st = int(target[1])
                s.installed[st].append([card, 1])
                if st < len(s.held):  # the new card holds nothing yet
                    s.held[st].append([0] * 5)
        elif kind == "threat":
            threat = int(piece[1])
            self._take_pile(source)
            if target[0] == "area":
                s.areas[int(target[1])].append([threat, 1, 1])
            elif target[0] == "threat":
                self.transient[piece] = target
        return [piece]

    # ------------------------------------------------------------------ lookups

    def _take_pile(self, zone: Ref | None) -> None:
        if zone is None or zone[0] != "pile":
            return
        name = zone[1]
        pile = {"systems": self.state.sdeck, "early": self.state.early,
                "late": self.state.late}.get(str(name))
        if pile:
            pile.pop()

    def _entry(self, piece: Ref) -> list[int] | None:
        """The [card, multiplier, ...] entry of a piece on the table."""
        s = self.state
        if piece[0] == "threat":
            return self._threat(int(piece[1]))
        card, station = (int(piece[1]), None) if piece[0] == "sys" else (NEXUS, int(piece[1]))
        for st, cards in enumerate(s.installed):
            if station not in (None, st):
                continue
            for entry in cards:
                if entry[0] == card:
                    return entry
        return None

    def _threat(self, threat: int) -> list[int] | None:
        for area in self.state.areas:
            for entry in area:
                if entry[0] == threat:
                    return entry
        return None

    def _position(self, threat: int) -> tuple[int, int] | None:
        for a, area in enumerate(self.state.areas):
            for pos, entry in enumerate(area):
                if entry[0] == threat:
                    return a, pos
        return None
