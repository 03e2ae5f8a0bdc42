"""Where everything lies on the table, as one seat knows it: the table's Board.

A `Snapshot` is the table as the viewer sees it: their hand, everyone's colony, the trick,
pile sizes, equipment, damage, Event, Relic and Leader. `from_view` builds it from the game's
`view(state, seat)`; `apply(motion)` moves things as the rules' motions say
(frostdesk/games/frost_shelter/motions.py names the zones), so a batch of events becomes a
sequence of snapshots the kit's animator walks through, one small step at a time. The last step
is always `from_view` of the real state, so a motion the table does not follow can only make an
animation less precise, never the table wrong. Nothing here decides a rule.
"""

from __future__ import annotations

import copy
from collections.abc import Sequence
from dataclasses import dataclass, field
from typing import Any

from frostdesk.engine.motion import ALL, Changed, Motion, Moved, Ref
from frostdesk.engine.motion import HIDDEN as HIDDEN_PIECE

HIDDEN = -1
PILES = ("deck", "exp", "discard")


@dataclass
class Snapshot:
    n: int
    hands: list[list[int]]
    trick: list[tuple[int, int, bool]]
    colonies: list[list[int]]
    exp_deck: int
    deck: int
    discard: int
    damage: list[int]
    equipment: list[list[int]]
    market: list[int]
    event: int
    relic: int
    leader: int
    expedition_used: list[bool]
    event_no: int
    turn: int | None
    phase: str
    trick_winner: int | None = None
    tricks_played: int = 0
    # the trick as it was played: the card that led it and each card's place in it (they
    # keep both while the trick is collected)
    lead_card: int | None = None
    trick_slot: dict[int, int] = field(default_factory=dict)

    def copy(self) -> Snapshot:
        s = copy.copy(self)
        s.hands = [h[:] for h in self.hands]
        s.trick = self.trick[:]
        s.colonies = [c[:] for c in self.colonies]
        s.damage = self.damage[:]
        s.equipment = [e[:] for e in self.equipment]
        s.market = self.market[:]
        s.expedition_used = self.expedition_used[:]
        s.trick_slot = dict(self.trick_slot)
        return s

    # ------------------------------------------------------------------ building

    @classmethod
    def from_view(cls, game: Any, view: Any) -> Snapshot:
        """The table of `view` (a state from game.view)."""
        over = view.phase == "over"
        return cls(
            n=view.n, hands=[h[:] for h in view.hands], trick=list(view.trick),
            colonies=[c[:] for c in view.colonies], exp_deck=len(view.exp_deck),
            deck=len(view.deck), discard=len(view.discard), damage=view.damage[:],
            equipment=[e[:] for e in view.equipment], market=sorted(view.market),
            event=view.event, relic=view.relic, leader=view.leader,
            expedition_used=view.expedition_used[:], event_no=view.event_no,
            turn=None if over else view.turn, phase=view.phase,
            trick_winner=view.trick_winner if view.phase == "collect" else None,
            tricks_played=view.tricks_played,
            lead_card=view.trick[0][1] if view.trick else None,
            trick_slot={card: i for i, (_, card, _) in enumerate(view.trick)})

    @classmethod
    def before_opening(cls, game: Any, n: int, leader: int = -1) -> Snapshot:
        """The empty table before the first deal (for animating a new game's opening)."""
        return cls(
            n=n, hands=[[] for _ in range(n)], trick=[], colonies=[[] for _ in range(n)],
            exp_deck=0, deck=len(game.content.card_ids), discard=0, damage=[0] * n,
            equipment=[[] for _ in range(n)],
            market=list(range(len(game.content.equipment_ids))), event=-1, relic=-1,
            leader=leader, expedition_used=[False] * n, event_no=-1, turn=None, phase="setup")

    # ------------------------------------------------------------------ motions

    def apply(self, motion: Motion) -> Sequence[Ref]:
        """Change the table as `motion` says (the kit's Board); the pieces it moved."""
        if isinstance(motion, Moved):
            return self._move(motion)
        if isinstance(motion, Changed):
            self._change(motion)
        return ()

    def _move(self, m: Moved) -> list[Ref]:
        piece, target = m.piece, m.target
        if piece == ("leader",) and target[0] == "seat":
            self.leader = int(target[1])
            return [piece]
        if piece == ALL:
            return self._move_all(m.source, target)
        if piece[0] == "equip":
            self._move_equipment(int(piece[1]), m.source, target)
            return [piece]
        card = HIDDEN if piece == HIDDEN_PIECE else int(piece[1])
        seat = self._take(card, m.source)
        self._put(card, seat, target)
        return [piece] if card != HIDDEN else []

    def _move_all(self, source: Ref | None, target: Ref) -> list[Ref]:
        """Every card of a pile into another pile (the deck gathered for a new deal)."""
        if source is None or source[0] != "pile" or target[0] != "pile":
            return []
        count = self._count(str(source[1]))
        self._set_count(str(source[1]), 0)
        self._set_count(str(target[1]), self._count(str(target[1])) + count)
        return []

    def _move_equipment(self, e: int, source: Ref | None, target: Ref) -> None:
        if e in self.market:
            self.market.remove(e)
        for owned in self.equipment:
            if e in owned:
                owned.remove(e)
        if target == ("market",):
            self.market.append(e)
            self.market.sort()
        elif target[0] == "equipment":
            self.equipment[int(target[1])].append(e)

    def _take(self, card: int, source: Ref | None) -> int | None:
        """Take `card` from `source` (wherever it lies when None); the seat whose hand it
        left, if it left a hand."""
        if source is not None and source[0] == "pile":
            name = str(source[1])
            self._set_count(name, max(0, self._count(name) - 1))
            return None
        for seat, hand in enumerate(self.hands):
            if source not in (None, ("hand", seat)):
                continue
            if card in hand:
                hand.remove(card)
                return seat
            if source is not None and HIDDEN in hand:
                hand.pop()  # a face-down card of that hand turned out to be this one
                return seat
        for i, (_, c, _) in enumerate(self.trick):
            if c == card:
                self.trick.pop(i)
                if not self.trick:  # the trick is over
                    self.trick_winner = self.lead_card = None
                    self.trick_slot = {}
                return None
        for colony in self.colonies:
            if card in colony:
                colony.remove(card)
        return None

    def _put(self, card: int, seat: int | None, target: Ref) -> None:
        zone = target[0]
        if zone == "pile":
            name = str(target[1])
            self._set_count(name, self._count(name) + 1)
        elif zone == "hand":
            hand = self.hands[int(target[1])]
            hand.append(card)
            if HIDDEN not in hand:
                hand.sort()
        elif zone == "colony":
            self.colonies[int(target[1])].append(card)
        elif zone == "trick" and seat is not None:
            if not self.trick:
                self.lead_card = card
                self.trick_slot = {}
            self.trick_slot[card] = len(self.trick_slot)
            self.trick.append((seat, card, target == ("trick", "expedition")))

    def _count(self, pile: str) -> int:
        return {"deck": self.deck, "exp": self.exp_deck, "discard": self.discard}.get(pile, 0)

    def _set_count(self, pile: str, value: int) -> None:
        if pile == "deck":
            self.deck = value
        elif pile == "exp":
            self.exp_deck = value
        elif pile == "discard":
            self.discard = value

    def _change(self, m: Changed) -> None:
        what = m.what
        if what[0] == "damage":
            seat = int(what[1])
            self.damage[seat] = m.to if m.to is not None else self.damage[seat] + m.by
        elif m.to is None:
            return
        elif what == ("relic",):
            self.relic = m.to
        elif what == ("event",):
            self.event = m.to
        elif what == ("event_no",):
            self.event_no = m.to
        elif what[0] == "expedition_used":
            self.expedition_used[int(what[1])] = bool(m.to)
        elif what == ("trick", "winner"):
            self.trick_winner = m.to
            self.tricks_played += 1
            self.phase = "collect"
