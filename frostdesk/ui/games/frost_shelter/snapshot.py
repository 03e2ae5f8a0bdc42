"""Where everything lies on the table, as one seat knows it.

A `Snapshot` is the table as the viewer sees it: their hand, everyone's colony, the trick,
pile sizes, equipment, damage, Event, Relic and Leader. `from_view` builds it from the game's
`view(state, seat)`; `after(event)` moves things as one event says, so a batch of events
becomes a sequence of snapshots the animator walks through, one small step at a time. The last
step is always replaced by `from_view` of the real state, so a mistake here can only make an
animation less precise, never the table wrong. Nothing here decides a rule.
"""

from __future__ import annotations

import copy
from dataclasses import dataclass, field
from typing import Any

from frostdesk.engine.game import Event

HIDDEN = -1
RESOURCE_KEYS = ("fuel", "water", "food", "tools")

# Anchors tell the animator where a new item comes from or where a leaving one goes:
# ("pile", name) | ("key", item key) | ("market", type index) | ("seat", seat)


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
    # what the last step did, for badges and timing (not part of the table itself)
    spawn_from: dict[Any, Any] = field(default_factory=dict)
    sink_to: dict[Any, Any] = field(default_factory=dict)
    step: str = ""
    flash: dict[int, str] = field(default_factory=dict)  # seat -> short floating text

    def copy(self) -> Snapshot:
        s = copy.copy(self)
        s.hands = [h[:] for h in self.hands]
        s.trick = self.trick[:]
        s.colonies = [c[:] for c in self.colonies]
        s.damage = self.damage[:]
        s.equipment = [e[:] for e in self.equipment]
        s.market = self.market[:]
        s.expedition_used = self.expedition_used[:]
        s.spawn_from, s.sink_to, s.flash, s.step = {}, {}, {}, ""
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
            tricks_played=view.tricks_played)

    @classmethod
    def before_opening(cls, game: Any, n: int, leader: int = -1) -> Snapshot:
        """The empty table before the first deal (for animating a new game's opening)."""
        return cls(
            n=n, hands=[[] for _ in range(n)], trick=[], colonies=[[] for _ in range(n)],
            exp_deck=0, deck=len(game.content.card_ids), discard=0, damage=[0] * n,
            equipment=[[] for _ in range(n)],
            market=list(range(len(game.content.equipment_ids))), event=-1, relic=-1,
            leader=leader, expedition_used=[False] * n, event_no=-1, turn=None, phase="setup")

    # ------------------------------------------------------------------ events

    def after(self, game: Any, e: Event) -> Snapshot:
        """The table after event `e` (already filtered for the viewer)."""
        s = self.copy()
        s.step = e.kind
        d = e.data
        c = game.content
        handler = getattr(s, "_on_" + e.kind, None)
        if handler is not None:
            handler(c, d)
        return s

    def _card(self, c: Any, card_id: str) -> int:
        return c.card_index(card_id) if card_id != "hidden" else HIDDEN

    def _equip(self, c: Any, equip_id: str) -> int:
        return c.equipment_ids.index(equip_id)

    def _to_market(self, c: Any, seat: int, eq: int) -> None:
        if eq in self.equipment[seat]:
            self.equipment[seat].remove(eq)
        if eq not in self.market:
            self.market.append(eq)
            self.market.sort()
        self.sink_to[("equip", eq)] = ("market", c.equipment_type_of[eq])

    def _from_colony(self, seat: int, cards: list[int], anchor: Any) -> None:
        for card in cards:
            if card in self.colonies[seat]:
                self.colonies[seat].remove(card)
            self.sink_to[("card", card)] = anchor

    def _on_game_started(self, c: Any, d: dict[str, Any]) -> None:
        self.leader = d["leader"]

    def _on_equipment_dealt(self, c: Any, d: dict[str, Any]) -> None:
        eq = self._equip(c, d["equipment"])
        if eq in self.market:
            self.market.remove(eq)
        self.equipment[d["seat"]].append(eq)
        self.spawn_from[("equip", eq)] = ("market", c.equipment_type_of[eq])

    def _on_event_revealed(self, c: Any, d: dict[str, Any]) -> None:
        ids = [ev.id for ev in c.events]
        self.event = ids.index(d["event"])
        self.relic = RESOURCE_KEYS.index(d["relic"])
        self.event_no = d["event_no"] - 1
        # every resource card is gathered and shuffled for a fresh deal
        for seat in range(self.n):
            for card in self.hands[seat]:
                if card != HIDDEN:
                    self.sink_to[("card", card)] = ("pile", "deck")
            for card in self.colonies[seat]:
                self.sink_to[("card", card)] = ("pile", "deck")
        for _, card, _ in self.trick:
            self.sink_to[("card", card)] = ("pile", "deck")
        self.hands = [[] for _ in range(self.n)]
        self.colonies = [[] for _ in range(self.n)]
        self.trick = []
        self.deck = len(c.card_ids)
        self.exp_deck = self.discard = 0
        self.expedition_used = [False] * self.n
        self.tricks_played = 0
        self.trick_winner = None
        self.phase = "deal"

    def _on_hand_dealt(self, c: Any, d: dict[str, Any]) -> None:
        seat = d["seat"]
        cards = d.get("cards")
        if cards is not None:
            self.hands[seat] = sorted(self._card(c, x) for x in cards)
        else:
            self.hands[seat] = [HIDDEN] * int(d["count"])
        self.deck = max(0, self.deck - int(d["count"]))

    def _on_leader_chosen(self, c: Any, d: dict[str, Any]) -> None:
        self.leader = d["leader"]

    def _on_leader_changed(self, c: Any, d: dict[str, Any]) -> None:
        self.leader = d["leader"]
        self.trick_winner = None

    def _on_harpoon_used(self, c: Any, d: dict[str, Any]) -> None:
        self.relic = RESOURCE_KEYS.index(d["relic"])
        self._to_market(c, d["seat"], self._equip(c, d["equipment"]))

    def _on_equipment_used(self, c: Any, d: dict[str, Any]) -> None:
        self._to_market(c, d["seat"], self._equip(c, d["equipment"]))

    def _on_card_played(self, c: Any, d: dict[str, Any]) -> None:
        seat = d["seat"]
        card = self._card(c, d["card"])
        hand = self.hands[seat]
        if card in hand:
            hand.remove(card)
        elif HIDDEN in hand:
            # the card leaves a hidden hand: it flies from the last face-down card
            self.spawn_from[("card", card)] = ("key", ("back", seat, len(hand) - 1))
            hand.pop()
        self.trick.append((seat, card, bool(d["expedition"])))
        if d["expedition"]:
            self.expedition_used[seat] = True
        self.phase = "play"

    def _on_trick_won(self, c: Any, d: dict[str, Any]) -> None:
        self.trick_winner = d["winner"]
        self.phase = "collect"

    def _on_cards_collected(self, c: Any, d: dict[str, Any]) -> None:
        seat = d["seat"]
        cards = [self._card(c, x) for x in d["cards"]]
        self.trick = [t for t in self.trick if t[1] not in cards]
        self.colonies[seat].extend(cards)

    def _on_to_expedition_deck(self, c: Any, d: dict[str, Any]) -> None:
        for _, card, _ in self.trick:
            self.sink_to[("card", card)] = ("pile", "exp")
        self.trick = []
        self.exp_deck = int(d["deck_size"])
        self.trick_winner = None

    def _on_expedition_draw(self, c: Any, d: dict[str, Any]) -> None:
        seat = d["seat"]
        cards = [self._card(c, x) for x in d["cards"]]
        for card in cards:
            self.spawn_from[("card", card)] = ("pile", "exp")
        self.colonies[seat].extend(cards)
        self.exp_deck = int(d["deck_size"])
        if not cards:
            self.flash[seat] = "Deck empty"

    def _on_damage_taken(self, c: Any, d: dict[str, Any]) -> None:
        self.damage[d["seat"]] = int(d["total"])
        amount = int(d["amount"])
        self.flash[d["seat"]] = f"+{amount} damage" if amount else "No damage"

    def _on_frost_bite(self, c: Any, d: dict[str, Any]) -> None:
        self.flash[d["seat"]] = f"Frost Bite +{d['damage']}"

    def _on_hibernation(self, c: Any, d: dict[str, Any]) -> None:
        self.flash[d["seat"]] = f"Hibernates −{d['prevented']}"

    def _on_colony_at_resolution(self, c: Any, d: dict[str, Any]) -> None:
        self.phase = "resolve"

    def _on_defended(self, c: Any, d: dict[str, Any]) -> None:
        self._from_colony(d["seat"], [self._card(c, x) for x in d["cards"]], ("pile", "discard"))
        self.discard += len(d["cards"])
        self.flash[d["seat"]] = f"Defends {d['amount']}"

    def _on_equipment_bought(self, c: Any, d: dict[str, Any]) -> None:
        seat = d["seat"]
        eq = self._equip(c, d["equipment"])
        if eq in self.market:
            self.market.remove(eq)
        self.equipment[seat].append(eq)
        self.spawn_from[("equip", eq)] = ("market", c.equipment_type_of[eq])
        self._from_colony(seat, [self._card(c, x) for x in d["paid"]], ("pile", "discard"))
        self.discard += len(d["paid"])
        self.phase = "buy"

    def _on_healed(self, c: Any, d: dict[str, Any]) -> None:
        seat = d["seat"]
        self._from_colony(seat, [self._card(c, x) for x in d.get("cards") or []],
                          ("pile", "discard"))
        self.discard += len(d.get("cards") or [])
        if d.get("equipment"):
            self._to_market(c, seat, self._equip(c, d["equipment"]))
        self.damage[seat] = int(d["total"])
        self.flash[seat] = f"Heals {d['amount']}"
        self.phase = "infirmary"

    def _on_cleanup(self, c: Any, d: dict[str, Any]) -> None:
        for seat in range(self.n):
            self._from_colony(seat, self.colonies[seat][:], ("pile", "discard"))
        self.discard += len(d["discarded"])
        self.colonies = [[] for _ in range(self.n)]

    def _on_game_over(self, c: Any, d: dict[str, Any]) -> None:
        self.phase = "over"
        self.turn = None
