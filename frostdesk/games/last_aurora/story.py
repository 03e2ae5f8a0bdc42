"""Frozen Steel, Module 4: the Story cards' rules (brief 2.4, S1-S11; the cards in
story_cards.py and cards/last-aurora/modules/story.yaml; rulings in docs/rules/last-aurora.md).

S1-S2: three Period decks; the available cards are the top of the current deck and any card
tucked under a zone card. S3: an action that meets an available card's trigger is held back
while the card is read (phase "story"): its player picks an option (StoryOption), the card
resolves, and the held action then goes on (Ex. 1). One card per turn. Situational cards
(before the first ambush, as the round ends) go to the first player in Forward order.
S5: a check reveals the top Outcome card, the extra letter counting only when its price was
paid first. S6: tasks lie by your board until they close (or fail at their deadline or the
game's end). S7: tucked cards, under a zone card (available) or a convoy card (whose cells
they extend: such a convoy card is drawn as one of the `combo` cards made here). S8: "end
turn". S9: the deck change and E7's discard. S10: the Automa's cards and your Cancel.

The rules object calls this module through a few small hooks (`if s.story is not None`);
without the module `State.story` is None and nothing here runs.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import replace
from itertools import product
from typing import TYPE_CHECKING, Any

from frostdesk.engine import rng
from frostdesk.engine.game import JSON, Event
from frostdesk.games.last_aurora.content import RESOURCES, Card
from frostdesk.games.last_aurora.state import (
    EMPTY,
    Action,
    Cancel,
    Explore,
    Move,
    Rest,
    State,
    StoryOption,
)
from frostdesk.games.last_aurora.story_cards import (
    Branch,
    StoryCard,
    cost_words,
    option_face,
)
from frostdesk.games.last_aurora.story_effects import StoryEffects

if TYPE_CHECKING:
    from frostdesk.games.last_aurora.rules import LastAurora

MODULE = "story"
P = "{p%d}"
SITUATIONAL = ("fw-start", "eor-start")
LETTERS = "ABCD"


def _ev(kind: str, text: str, chance: bool = False, **data: JSON) -> Event:
    return Event(kind, data, text, chance=chance)


class StoryState:
    """Module 4's part of the game state (see the module docstring). Cards are indexes into
    `Content.story`; in a view, hidden ones are -1."""

    __slots__ = ("period", "decks", "out", "disc", "tucks", "tasks", "board", "azone", "used",
                 "reading", "notes", "after", "skip", "coast", "sit", "redo", "cancels",
                 "void", "last", "back", "fame")

    period: int  # the current deck's Period (1-3)
    decks: list[list[int]]  # the three Period decks, top first (the current one is period-1)
    out: list[int]  # cards of decks that left the game (S9)
    disc: list[int]  # the Story discard pile
    tucks: list[list[int]]  # [card, host card index, seat (-1: a zone card)]
    tasks: list[list[int]]  # [card, seat, option, data (a survivor card or 0), round taken]
    board: list[int]  # tasks for all, face up by the deck (290)
    azone: list[int]  # the Automa's Story cards, face down (S10)
    used: list[bool]  # per convoy: a Story card played this turn
    reading: list[Any]  # [seat, trigger, [[card, tuck position or -1], ...], ctx, then, held
    #                     action or None, phase to resume]
    notes: list[Any]  # a Fire Weapons trigger waiting for the shooting turn's pause
    after: list[Any]  # effects that land after the held action: [verb, value]
    skip: list[int]  # zone cells whose ambush hits nobody this phase (264)
    coast: list[int]  # seats that paid to skip their ambushes this phase (275)
    sit: list[str]  # the situational moments already looked at ("fw3", "eor3")
    redo: list[Any]  # [seat, trigger, region]: a move to choose again after a Story card
    cancels: int  # Automa cancels thrown for later action cards (S10)
    void: int  # the round whose Automa action card's lines are cancelled (0: none)
    last: list[Any]  # the last card read, for the table: [card, seat, option, result]
    back: str  # in a view: the top card's trigger ("" when the deck is empty)
    fame: list[int]  # per convoy: the Fame the Story cards' results gave and took (a tally)

    def copy(self) -> StoryState:
        t = StoryState.__new__(StoryState)
        t.period = self.period
        t.decks = [list(d) for d in self.decks]
        t.out, t.disc = list(self.out), list(self.disc)
        t.tucks = [list(x) for x in self.tucks]
        t.tasks = [list(x) for x in self.tasks]
        t.board, t.azone, t.used = list(self.board), list(self.azone), list(self.used)
        t.reading = list(self.reading)
        t.notes, t.after = list(self.notes), list(self.after)
        t.skip, t.coast, t.sit = list(self.skip), list(self.coast), list(self.sit)
        t.redo = list(self.redo)
        t.cancels, t.void, t.last, t.back = self.cancels, self.void, list(self.last), self.back
        t.fame = list(self.fame)
        return t

    def __repr__(self) -> str:
        return repr([getattr(self, f) for f in StoryState.__slots__])

    def deck(self) -> list[int]:
        return self.decks[self.period - 1]


class Story(StoryEffects):
    """The Story cards' part of the rules, for a `LastAurora` rules object."""

    def __init__(self, rules: LastAurora) -> None:
        self.rules = rules
        self.cards: tuple[StoryCard, ...] = rules.content.story
        self.by_id = {c.id: c.index for c in self.cards}
        # convoy cards with a Story card tucked under them (S7): one card per host and
        # Story card that adds cells, appended after every real card (their indexes never
        # change a real card's), with the host's id, so the table and the log name the host
        self.combo: dict[tuple[int, int], int] = {}
        self.host: dict[int, tuple[int, int]] = {}
        extra: list[Card] = []
        base = len(rules.cards)
        for sc in self.cards:
            for o in sc.options:
                for verb, val in o.success.effects:
                    if verb != "tuck" or not val.get("cells"):
                        continue
                    kinds = ("truck",) if val["under"] == "truck" else ("trailer",)
                    for c in rules.cards:
                        if c.kind in kinds and (c.index, sc.index) not in self.combo:
                            k = base + len(extra)
                            extra.append(replace(c, index=k, cells=c.cells + tuple(val["cells"]),
                                                 period=0, stack=0, plus=False))
                            self.combo[(c.index, sc.index)] = k
                            self.host[k] = (c.index, sc.index)
        self.extra = tuple(extra)

    # ------------------------------------------------------------------ setup (S1)

    def setup(self, s: State, r: int) -> int:
        st = StoryState()
        st.period = 1
        st.decks = []
        for p in (1, 2, 3):
            deck, r = rng.shuffled(r, [c.index for c in self.cards if c.period == p])
            st.decks.append(deck)
        st.out, st.disc, st.tucks, st.tasks, st.board, st.azone = [], [], [], [], [], []
        st.used = [False] * len(s.mile)
        st.reading, st.notes, st.after, st.skip, st.coast, st.sit, st.redo = \
            [], [], [], [], [], [], []
        st.cancels, st.void, st.last, st.back = 0, 0, [], ""
        st.fame = [0] * len(s.mile)
        s.story = st
        return r

    # ------------------------------------------------------------------ words

    def top(self, s: State) -> int:
        deck = s.story.deck()
        return deck[0] if deck else -2

    def back(self, s: State) -> str:
        """The public back of the top card: its trigger ('' with no deck)."""
        st = s.story
        if st.back:
            return str(st.back)
        top = self.top(s)
        return self.cards[top].on if top >= 0 else ""

    def waiting(self, s: State) -> str:
        st = s.story
        card = st.reading[2][0][0] if st.reading else -1
        return f"{P % s.actor} to choose an option of {self.name(card)}"

    def option_text(self, s: State, a: StoryOption) -> str:
        """A StoryOption in a player's words (its face, S4: no result)."""
        st = s.story
        cands = st.reading[2] if st.reading else []
        if a.card >= len(cands):
            return str(a)
        card = self.cards[cands[a.card][0]]
        o = card.options[a.option]
        text: str = o.label
        if len(cands) > 1:
            text = f"{card.name}: {text}"
        if a.extra and o.check is not None:
            text += f" (+{o.check.extra} for {cost_words(o.check.price)})"
        if a.pay:
            text += " (pay " + ", ".join(p.title() if p in RESOURCES else
                                         self.rules.content.by_id(p).name for p in a.pay) + ")"
        if a.where >= 0:
            text += f" under {self._host_name(s, st.reading[0], o, a.where)}"
        if a.keep:
            text += ", keeping the card already there"
        return text

    def branch(self, s: State, a: StoryOption) -> Branch:
        """The option a StoryOption takes, on the card being read."""
        card = s.story.reading[2][a.card][0]
        o: Branch = self.cards[card].options[a.option]
        return o

    def _host_name(self, s: State, seat: int, o: Branch, where: int) -> str:
        under = self._tuck(o)
        if under is None:
            return ""
        if under["under"] == "cell5":
            return self.rules.cards[s.zone[4]].name
        slot = self.rules.cv(s, seat)[where][0]
        return self.rules.cards[slot[0]].name if slot is not None else "?"

    # ------------------------------------------------------------------ availability (S2, S3)

    def available(self, s: State) -> list[list[int]]:
        """[card, the zone card it is under or -1]: the top of the deck and the cards under
        zone cards."""
        out = [[self.top(s), -1]] if s.story.deck() else []
        for card, host, seat in s.story.tucks:
            if seat < 0 and host in s.zone:
                out.append([card, host])
        return out

    def _sweep(self, s: State, events: list[Event]) -> None:
        """A card tucked under a zone card leaves with it (X7)."""
        st = s.story
        keep = []
        for t in st.tucks:
            if t[2] < 0 and t[1] not in s.zone:
                st.disc.append(t[0])
                events.append(_ev("story_discarded", f"{self.name(t[0])} leaves with "
                                  f"{self.rules.cards[t[1]].name}.",
                                  card=self.cards[t[0]].id))
            else:
                keep.append(t)
        st.tucks = keep

    def triggers(self, s: State, seat: int, action: Action) -> tuple[list[str], dict[str, Any]]:
        """The triggers an action meets (brief 4.10), and what the cards need to know."""
        g = self.rules
        out: list[str] = []
        ctx: dict[str, Any] = {}
        if isinstance(action, Explore):
            card = s.zone[action.cell]
            if action.main >= 0 and card != EMPTY:
                kind = g.cards[card].kind
                out.append({"location": "gather", "survivor": "recruit",
                            "encounter": "encounter"}.get(kind, "improve"))
                ctx["card"] = card
            if len(action.explorers) == 2:
                out.append("pair")
            if action.fed:
                out.append("fed")
            ctx["firers"] = [self.rules.sv(s, seat)[i][0] for i in action.explorers]
            ctx["fed"] = [self.rules.sv(s, seat)[i][0] for i in action.fed]
        elif isinstance(action, Rest) and action.fed:
            out.append("rest-fed")
            ctx["firers"] = [self.rules.sv(s, seat)[i][0] for i in action.fed]
        elif isinstance(action, Move) and action.to != s.mile[seat]:
            if action.boost:
                out.append("boost")
            if action.to in g.road.special and action.to != s.aurora:
                out.append("waypoint")
            new = g.road.region(action.to)
            if new > g.road.region(s.mile[seat]):
                out.append("region")
                ctx["region"] = new
        return out, ctx

    def _triggered(self, s: State, wanted: Sequence[str]) -> list[list[int]]:
        return [c for c in self.available(s) if self.cards[c[0]].on in wanted]

    # ------------------------------------------------------------------ the hooks

    def intercept(self, s: State, action: Action, events: list[Event]) -> bool:
        """Before an action: a Story action is resolved here; an action that triggers an
        available card is held while the card is read. True when the action was taken care
        of here."""
        st = s.story
        seat = s.actor
        if isinstance(action, StoryOption):
            self.resolve(s, action, events)
            self.settle(s, events)
            return True
        if isinstance(action, Cancel):
            self.cancel(s, events)
            return True
        if st.redo and isinstance(action, Move):
            st.redo = []  # the move chosen again goes ahead without new triggers
            return False
        if not isinstance(action, Explore | Rest | Move):
            return False
        if isinstance(action, Explore):
            st.used[seat] = False  # each exploring action is a turn of its own
        if isinstance(action, Explore | Rest) and action.fed:
            self._fail_tasks(s, seat, "feeds", events)
        if st.used[seat]:
            return False
        found, ctx = self.triggers(s, seat, action)
        if not found:
            return False
        self._sweep(s, events)
        cands = self._triggered(s, found)
        if not cands:
            return False
        trigger = self.cards[cands[0][0]].on
        self.start(s, seat, trigger, cands, ctx, "action", action, events)
        return True

    def settle(self, s: State, events: list[Event]) -> None:
        """After every action: tasks whose condition is now met close (S6)."""
        st = s.story
        if not st.tasks:
            return
        g = self.rules
        for t in list(st.tasks):
            card, seat, option, data, _ = t
            task = self.cards[card].options[option].task
            assert task is not None
            alive = any(x[0] == data for x in self.rules.sv(s, seat))
            if task.failure == "survivor_dies" and not alive:
                self._close(s, t, False, events, "the survivor died")
            elif task.success == "board_alive" and seat in s.boarded and alive:
                self._close(s, t, True, events, "aboard with the survivor")
            elif task.success == "in_bay" and (seat in s.boarded or g.road.region(
                    s.mile[seat]) == len(g.road.regions) - 1):
                self._close(s, t, True, events, "a Movement ended in the Bay")

    def phase_begins(self, s: State, phase: str, events: list[Event]) -> bool:
        """A new phase: every convoy may play a card again; before the first ambush, a
        situational card is read (True: the phase starts once it is resolved)."""
        st = s.story
        st.used = [False] * len(st.used)
        st.notes = []  # (a trigger never waits past its phase)
        if phase == "explore" and st.cancels and st.void != s.round and s.level:
            st.cancels -= 1  # S10: a cancel thrown earlier takes this round's card
            st.void = s.round
            events.append(_ev("story_cancel", "The Automa's new action card is cancelled "
                              "by a Story card thrown away earlier.", round=s.round))
        if phase != "fire":
            return False
        mark = f"fw{s.round}"
        if mark in st.sit:
            return False
        st.sit.append(mark)
        st.skip, st.coast = [], []
        return self._situational(s, "fw-start", "fw", events)

    def round_ends(self, s: State, events: list[Event]) -> bool:
        """The start of End of Round: tasks due now close; then a situational card is read
        (True: End of Round goes on once it is resolved)."""
        st = s.story
        mark = f"eor{s.round}"
        if mark in st.sit:
            return False
        st.sit.append(mark)
        for t in list(st.tasks):
            card, seat, option, _, taken = t
            task = self.cards[card].options[option].task
            assert task is not None
            if task.success == "hold_food":
                ok = self.rules.count(s, seat, "food") >= task.n
                self._close(s, t, ok, events, f"{self.rules.count(s, seat, 'food')} Food held")
            elif task.until.isdigit() and s.round >= max(int(task.until), taken):
                self._close(s, t, False, events, f"round {s.round} ends")
        return self._situational(s, "eor-start", "eor", events)

    def _situational(self, s: State, trigger: str, then: str, events: list[Event]) -> bool:
        st = s.story
        if not st.deck() or self.cards[self.top(s)].on != trigger:
            return False
        seats = self.rules.road_seats(s)  # S3: the first player in Forward order (S10:
        if not seats:  # always a player, never the Automa)
            return False
        self.start(s, seats[0], trigger, [[self.top(s), -1]], {}, then, None, events)
        return True

    def note(self, s: State, seat: int, trigger: str, ctx: dict[str, Any],
             events: list[Event]) -> None:
        """A Fire Weapons trigger (a Miss, an enemy destroyed): the Automa's card goes to
        its zone at once; a player's waits for the pause in the shooting turn."""
        st = s.story
        if st.used[seat] or st.notes:
            return
        if self.rules.is_automa(s, seat):
            self.automa(s, trigger, events)
            return
        st.notes = [seat, trigger, ctx]

    def fire_waits(self, s: State, seat: int, events: list[Event]) -> bool:
        """In a shooting turn, after a shot or an Object: a card its Miss or kill triggered
        is read now (True: the turn goes on once it is resolved)."""
        st = s.story
        if not st.notes:
            return False
        who, trigger, ctx = st.notes
        st.notes = []
        if who != seat or st.used[seat]:
            return False
        self._sweep(s, events)
        cands = self._triggered(s, [trigger])
        if not cands:
            return False
        self.start(s, seat, trigger, cands, ctx, "fire", None, events)
        return True

    def automa(self, s: State, trigger: str, events: list[Event]) -> None:
        """S10: the Automa triggers cards like a player but never plays them: the card goes
        face down, unread, into its zone. Situational cards are always the player's."""
        st = s.story
        me = s.n
        if not s.level or st.used[me] or trigger in SITUATIONAL:
            return
        self._sweep(s, events)
        cands = self._triggered(s, [trigger])
        if not cands:
            return
        card, host = cands[0]
        self._take_card(s, card, host)
        st.used[me] = True
        st.azone.append(card)
        events.append(Event("story_automa", {"card": None, "n": len(st.azone)},
                            "The Automa takes the Story card, face down and unread.",
                            chance=True))

    def lines_on(self, s: State) -> bool:
        """Whether the Automa's action card this round still acts (S10)."""
        return bool(s.story.void != s.round)

    def cancel(self, s: State, events: list[Event]) -> None:
        """S10: throw away one of the Automa's Story cards: its action card's lines are off
        this round (or the next round's, when this round's already are)."""
        st = s.story
        card = st.azone.pop()
        st.disc.append(card)
        if st.void != s.round:
            st.void = s.round
            words = "its action card this round does nothing more"
        else:
            st.cancels += 1
            words = "its next action card will do nothing"
        events.append(_ev("story_cancel", f"{P % s.actor} throws away one of the Automa's "
                          f"Story cards: {words}.", seat=s.actor, round=s.round,
                          left=len(st.azone)))

    def cancels(self, s: State, seat: int) -> list[Action]:
        """The Cancel a solo player may make in their turns (S10)."""
        st = s.story
        if not s.level or not st.azone or seat != 0 or s.phase not in (
                "explore", "rest", "move", "fire"):
            return []
        return [Cancel()]

    def period_seen(self, s: State, period: int, events: list[Event]) -> None:
        """S9: the first Exploration card of a later Period in the game: the Story deck of the
        current Period leaves, and that Period's comes in (cards in play stay)."""
        st = s.story
        while 0 < st.period < period:
            st.out += st.decks[st.period - 1]
            st.decks[st.period - 1] = []
            st.period += 1
            events.append(_ev("story_deck", f"The Period {'I' * st.period} Story deck comes "
                              "into play.", period=st.period,
                              cards=len(st.decks[st.period - 1])))

    def discard_top(self, s: State, events: list[Event]) -> None:
        """E7: at the end of each round the top Story card is discarded."""
        st = s.story
        if st.deck():
            card = st.deck().pop(0)
            st.disc.append(card)
            events.append(_ev("story_discarded", f"{self.name(card)} is discarded from the "
                              "top of the Story deck.", card=self.cards[card].id))

    def game_ends(self, s: State, events: list[Event]) -> None:
        """At the game's end: tasks still open fail, tasks for all are scored, and the
        Automa's Story cards go without effect (S6, S10 note 2)."""
        st = s.story
        for t in list(st.tasks):
            self._close(s, t, False, events, "the game is over")
        for card in list(st.board):
            for seat in range(s.n):
                self._apply(s, seat, card, 0, seat in s.boarded, {}, events,
                            "aboard" if seat in s.boarded else "not aboard")
            st.board.remove(card)
            st.disc.append(card)
        if st.azone:
            events.append(_ev("story_discarded", f"The Automa's {len(st.azone)} Story cards "
                              "are discarded without effect.", n=len(st.azone)))
            st.disc += st.azone
            st.azone = []

    def convoy_left(self, s: State, old: Sequence[Any], events: list[Event]) -> None:
        """S7: a convoy card leaving takes the Story card under it to the discard pile (and
        the card itself goes to the Exploration discard as the host it is)."""
        st = s.story
        g = self.rules
        for slot in old:
            pair = self.host.get(slot[0])
            if pair is None:
                continue
            host, card = pair
            i = len(s.xdisc) - 1 - s.xdisc[::-1].index(slot[0])
            s.xdisc[i] = host
            st.tucks = [t for t in st.tucks if not (t[2] >= 0 and t[1] == host
                                                      and t[0] == card)]
            st.disc.append(card)
            events.append(_ev("story_discarded", f"{self.name(card)} leaves with "
                              f"{g.cards[host].name}.", card=self.cards[card].id))

    def fame_of(self, s: State, seat: int) -> int:
        """The Fame a convoy owes the Story cards: their results' Fame and the undamaged ★
        cells of the Story cards under its cards (balance: 2-5 a player a game)."""
        g = self.rules
        stars = 0
        for col in s.convoy[seat]:
            for slot in col:
                if slot is None or slot[0] not in self.host:
                    continue
                first = len(g.cards[self.host[slot[0]][0]].cells)
                stars += sum(int(code[2:]) for k, code in enumerate(g._codes[slot[0]])
                             if k >= first and code.startswith("S★") and not slot[1][k])
        return int(s.story.fame[seat]) + stars

    def hosts(self, s: State) -> set[int]:
        """The real cards under the convoys' combined cards (for determinize)."""
        return {self.host[sl[0]][0] for cv in s.convoy for col in cv for sl in col
                if sl is not None and sl[0] in self.host}

    # ------------------------------------------------------------------ reading (S4, S5)

    def start(self, s: State, seat: int, trigger: str, cands: list[list[int]],
              ctx: dict[str, Any], then: str, held: Action | None,
              events: list[Event]) -> None:
        """A card is read to `seat` (S4: name, intro and option faces, no results)."""
        st = s.story
        for card, host in cands:  # the cards are in the reader's hands while read
            self._take_card(s, card, host)
        st.reading = [seat, trigger, cands, ctx, then, held, s.phase]
        s.phase = "story"
        s.actor = seat
        s._legal = None
        for card, pos in cands:
            c = self.cards[card]
            events.append(_ev("story_read", f"{P % seat} draws the Story card {c.name}: "
                              f"{c.intro} Options: " + "; ".join(
                                  option_face(o) for o in c.options) + ".",
                              chance=True,  # its face was hidden: an undo barrier
                              seat=seat, card=c.id, trigger=trigger,
                              tucked=pos >= 0, options=[option_face(o) for o in c.options]))
        choices = self.choices(s)
        if len(choices) == 1:  # nothing to decide: it resolves at once
            self.resolve(s, choices[0], events)
        elif not choices:  # no option can be taken (none is free): the card is discarded
            self.resolve(s, None, events)

    def reserve(self, s: State) -> dict[str, int]:
        """What the held action will still spend (a Story option may not take it)."""
        st = s.story
        held = st.reading[5] if st.reading else None
        seat = st.reading[0] if st.reading else s.actor
        g = self.rules
        out: dict[str, int] = {}
        if isinstance(held, Explore):
            out["food"] = len(held.fed)
            if held.ration >= 0:
                out["object"] = 1
            card = s.zone[held.cell]
            if held.main >= 0 and card != EMPTY and g.cards[card].kind == "encounter":
                for what, n in g.cards[card].options[held.main].cost:
                    out[what] = out.get(what, 0) + n
        elif isinstance(held, Rest):
            out["food"] = max(0, len(held.fed) - g._free_meals(s, seat))
        elif isinstance(held, Move):
            out["fuel"] = 2 if held.boost else 1
        return out

    def _affords(self, s: State, seat: int, cost: Sequence[tuple[str, int]],
                 reserve: dict[str, int]) -> bool:
        g = self.rules
        need = dict(reserve)
        for what, n in cost:
            need[what] = need.get(what, 0) + n
        for r in RESOURCES:
            if g.count(s, seat, r) < need.get(r, 0):
                return False
        spare = sum(g.count(s, seat, r) - need.get(r, 0) for r in RESOURCES)
        return spare >= need.get("resources", 0) and \
            len(s.objects[seat]) >= need.get("object", 0)

    @staticmethod
    def _tuck(o: Branch) -> dict[str, Any] | None:
        return next((val for verb, val in o.success.effects if verb == "tuck"), None)

    def tuck_places(self, s: State, seat: int, o: Branch) -> list[int]:
        """Where a tucking option may put the card: [-1] when it tucks nothing; [] when it
        cannot (no card in zone cell 5, no trailer: the option is not offered)."""
        under = self._tuck(o)
        if under is None:
            return [-1]
        if under["under"] == "cell5":
            return [4] if s.zone[4] != EMPTY else []
        if under["under"] == "truck":
            return [0]
        return list(range(1, len(s.convoy[seat])))

    def _tucked_there(self, s: State, seat: int, o: Branch, where: int) -> bool:
        under = self._tuck(o)
        if under is None:
            return False
        host = self._host_at(s, seat, under["under"], where)
        return any(t[1] == host and (t[2] == seat or under["under"] == "cell5" and t[2] < 0)
                   for t in s.story.tucks)

    def choices(self, s: State) -> list[StoryOption]:
        """The options the reader may take (S4): those whose cost it can pay beyond what the
        held action spends, whose tuck has a place; with the extra letter's price paid or
        not, each way of paying "any", each place, and (S7) which card to keep."""
        st = s.story
        seat = st.reading[0]
        g = self.rules
        reserve = self.reserve(s)
        out: list[StoryOption] = []
        for ci, (card, _) in enumerate(st.reading[2]):
            for oi, o in enumerate(self.cards[card].options):
                if not self._affords(s, seat, o.cost, reserve):
                    continue
                extras = [False]
                if o.check is not None and o.check.extra and self._affords(
                        s, seat, o.cost + o.check.price, reserve):
                    extras.append(True)
                pays: list[tuple[str, ...]] = [()]
                if any(w in ("resources", "object") for w, _ in o.cost):
                    pays = [p for p in g.pay_choices(s, seat, o.cost)
                            if all(g.count(s, seat, r) - p.count(r) >= reserve.get(r, 0)
                                   for r in RESOURCES)] or [()]
                for extra, pay, where in product(extras, pays, self.tuck_places(s, seat, o)):
                    keeps = [False, True] if where >= 0 and self._tucked_there(
                        s, seat, o, where) else [False]
                    out += [StoryOption(oi, ci, extra, pay if len(pays) > 1 else (), where, k)
                            for k in keeps]
        return out

    def _take_card(self, s: State, card: int, pos: int) -> None:
        st = s.story
        if pos < 0:
            st.deck().remove(card)
        else:
            st.tucks = [t for t in st.tucks if not (t[0] == card and t[2] < 0)]

    def _put_back(self, s: State, card: int, host: int) -> None:
        """A card triggered with another but not played goes back where it was."""
        st = s.story
        if host < 0:
            st.deck().insert(0, card)
        else:
            st.tucks.append([card, host, -1])

    def resolve(self, s: State, a: StoryOption | None, events: list[Event]) -> None:
        """S5: the chosen option resolves (cost, check or task, result); the card goes to the
        discard pile, a task, the board or under a card; then play goes on where it was."""
        st = s.story
        g = self.rules
        seat, trigger, cands, ctx, then, held, phase = st.reading
        st.reading = []
        s.phase = phase
        s._legal = None
        if trigger not in SITUATIONAL:
            st.used[seat] = True  # S3: one card per turn
        if a is None:
            card = cands[0][0]
            for other, host in cands[1:]:
                self._put_back(s, other, host)
            st.disc.append(card)
            self._go_on(s, seat, trigger, then, held, ctx, {}, events)
            return
        card, _ = cands[a.card]
        for i, (other, host) in enumerate(cands):
            if i != a.card:
                self._put_back(s, other, host)
        c = self.cards[card]
        o = c.options[a.option]
        events.append(_ev("story_chose", f"{P % seat} chooses \u201c{o.label}\u201d"
                          + (f", paying for {o.check.extra}" if a.extra and o.check else "")
                          + ".", seat=seat, card=c.id, option=a.option, label=o.label,
                          extra=a.extra))
        before = list(self.rules.sv(s, seat))  # (survivors a result kills leave the held action)
        if o.cost:
            g._pay(s, seat, o.cost, events, a.pay)
        flags: dict[str, bool] = {}
        dest = "disc"
        if o.check is not None:
            letters = o.check.letters
            if a.extra:
                g._pay(s, seat, o.check.price, events)
                letters += o.check.extra
            out = g.outcome_cards[g.reveal(s, events, c.name)]
            ok = out.letters[0] in letters
            events.append(_ev("story_check", f"The leftmost letter is {out.letters[0]}: "
                              f"{'success' if ok else 'failure'} (needed {', '.join(letters)}).",
                              seat=seat, card=c.id, letter=out.letters[0], letters=letters,
                              success=ok))
            flags = self._apply(s, seat, card, a.option, ok, ctx, events)
        elif o.task is not None:
            surv = ctx.get("card", -1) if o.task.success == "board_alive" else 0
            if o.task.everyone:
                st.board.append(card)
                dest = "board"
            else:
                st.tasks.append([card, seat, a.option, surv, s.round])
                dest = "task"
            st.last = [card, seat, a.option, -1]
            events.append(_ev("story_task", f"{P % seat} takes on the task: "
                              f"{option_face(o)}.", seat=seat, card=c.id, option=a.option,
                              everyone=o.task.everyone))
        else:
            flags = self._apply(s, seat, card, a.option, True, ctx, events, tuck=a)
            if flags.get("tucked"):
                dest = "tucked"
        if dest == "disc":
            if c.multi and s.level:  # S10 note 3: a † card goes to the Automa's zone
                st.azone.append(card)
                events.append(_ev("story_automa", f"{c.name} goes into the Automa's zone.",
                                  card=c.id, n=len(st.azone)))
            else:
                st.disc.append(card)
        if isinstance(held, Explore | Rest | Move):
            held = self._remap(held, before, self.rules.sv(s, seat))
        self._go_on(s, seat, trigger, then, held, ctx, flags, events)

    @staticmethod
    def _remap(held: Action, before: list[Any], now: list[Any]) -> Action:
        """The held action's survivors where they stand now (a result may have killed one:
        it drops out of the action)."""
        where = {id(x): i for i, x in enumerate(now)}

        def one(i: int) -> int:
            return where.get(id(before[i]), -1) if 0 <= i < len(before) else -1

        def many(ix: Sequence[int]) -> tuple[int, ...]:
            return tuple(j for j in (one(i) for i in ix) if j >= 0)

        if len(before) == len(now) and all(x is y for x, y in zip(before, now, strict=True)):
            return held
        if isinstance(held, Explore):
            return replace(held, explorers=many(held.explorers), fed=many(held.fed),
                           ration=one(held.ration) if held.ration >= 0 else -1,
                           cont=many(held.cont), clean=one(held.clean) if held.clean >= 0
                           else -1, lose=many(held.lose))
        if isinstance(held, Rest):
            return replace(held, fed=many(held.fed),
                           clean=one(held.clean) if held.clean >= 0 else -1)
        assert isinstance(held, Move)
        return replace(held, cont=one(held.cont) if held.cont >= 0 else -1,
                       clean=many(held.clean))

    def _go_on(self, s: State, seat: int, trigger: str, then: str, held: Action | None,
               ctx: dict[str, Any], flags: dict[str, bool], events: list[Event]) -> None:
        """Play goes on from where the card interrupted it (S3), or (S8) the action is
        cancelled."""
        g = self.rules
        st = s.story
        if then == "fw":
            g._begin_phase(s, "fire", events)
        elif then == "eor":
            g._end_round(s, events)
        elif then == "fire":
            g._fire_goes_on(s, seat, events)
        elif isinstance(held, Explore):
            if flags.get("end_turn"):
                self._end_turn(s, seat, held, events)
            else:
                g._explore(s, seat, held, events)
                self._after_effects(s, seat, ctx, events)
            g._after_action(s, seat, "turn", events)
        elif isinstance(held, Rest):
            g._rest(s, seat, held.fed, events, held.clean)
            g._bury(s, seat, events)
            g._next_actor(s, events)
        elif isinstance(held, Move):
            if flags.get("stop"):  # the move ends on the first mile of the region entered
                first = g.road.regions[ctx["region"]][1]
                g._move(s, seat, Move(min(first, s.aurora), held.boost), events)
                g._after_action(s, seat, "next", events)
            elif flags.get("speed") or held not in g.move_choices(s, seat):
                # the move goes on with the new Speed, or what it was to spend (the Fuel, the
                # Object a crew member eats) is gone: choose again
                st.redo = [seat, trigger, ctx.get("region", -1)]
                s.phase = "move"
                s.actor = seat
                s.passed[seat] = False
                s._legal = None
            else:
                g._move(s, seat, held, events)
                g._after_action(s, seat, "next", events)
        st.after = []
        g._bury(s, seat, events)  # D4: those a result poisoned die once the action is over

    def redo_moves(self, s: State, moves: list[Action]) -> list[Action]:
        """The moves a convoy may choose after a Story card changed its Speed: those that
        still boost (a boost trigger) or enter the region (a region trigger), where any do."""
        st = s.story
        if not st.redo or st.redo[0] != s.actor:
            return moves
        g = self.rules
        _, trigger, region = st.redo
        if trigger == "boost":
            keep = [m for m in moves if isinstance(m, Move) and m.boost]
        else:
            keep = [m for m in moves if isinstance(m, Move)
                    and g.road.region(m.to) >= region >= 0]
        rest = [m for m in moves if not isinstance(m, Move)]
        return keep + rest if keep else moves

    def _end_turn(self, s: State, seat: int, held: Explore, events: list[Event]) -> None:
        """S8: the action and its bonus are off; the explorers are spent (and fed) all the
        same, and the card stays in the zone."""
        g = self.rules
        for _ in held.fed:
            g._take(s, seat, "food")
        for i in held.explorers:
            x = self.rules.sv(s, seat)[i]
            x[1] = "R" if g._abil[x[0]].get("rest_after_explore") else "X"
        events.append(_ev("story_end_turn", f"{P % seat} can do nothing more this turn: the "
                          "explorers come back empty-handed.", seat=seat,
                          explorers=list(held.explorers)))

    # ------------------------------------------------------------------ views

    def view(self, s: State) -> StoryState:
        """What everyone sees: the deck's size and its top card's back, not the order; the
        Automa's cards face down."""
        v: StoryState = s.story.copy()
        v.back = self.back(s)
        v.decks = [[-1] * len(d) for d in s.story.decks]
        v.out = [-1] * len(v.out)
        v.azone = [-1] * len(v.azone)
        return v

    def determinize(self, s: State, r: int) -> int:
        """Deal the hidden Story cards again (each Period's unseen cards), keeping a card
        with the shown trigger on top of the current deck."""
        st = s.story
        seen = set(st.disc) | {t[0] for t in st.tucks} | {t[0] for t in st.tasks} | \
            set(st.board) | {c for c, _ in (st.reading[2] if st.reading else [])}
        for p in (1, 2, 3):
            d = st.decks[p - 1]
            if not d or d[0] >= 0:
                continue
            pool = [c.index for c in self.cards if c.period == p and c.index not in seen]
            pool, r = rng.shuffled(r, pool)
            if p == st.period and st.back:
                i = next((k for k, c in enumerate(pool) if self.cards[c].on == st.back), 0)
                pool[0], pool[i] = pool[i], pool[0]
            st.decks[p - 1] = pool[:len(d)]
        st.back = ""
        return r

