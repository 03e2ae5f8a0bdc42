"""Frost Shelter's rules: the Game protocol over `State`.

Every rule of the rulebook lives here once. `legal` lists what the player to move may do;
`apply` checks membership in that list, changes a copy of the state and returns events that
say what happened. Steps in which a player has nothing to decide are skipped automatically
(docs/rules/frost-shelter.md, "Rulings").
"""

from __future__ import annotations

from collections.abc import Callable, Hashable, Mapping, Sequence
from functools import partial
from itertools import combinations, product
from operator import itemgetter
from typing import TypeVar

from frostdesk.engine import rng as rngmod
from frostdesk.engine.game import JSON, Event, EventWords, IllegalAction, Outcome, option_int
from frostdesk.engine.motion import Motion
from frostdesk.games.frost_shelter.content import (
    EFFECTS,
    RESOURCE_KEYS,
    Content,
    EventCard,
    Requirement,
)
from frostdesk.games.frost_shelter.motions import Motions
from frostdesk.games.frost_shelter.state import (
    HIDDEN,
    Action,
    Buy,
    ChooseLeader,
    Collect,
    Defend,
    Draw,
    Harpoon,
    Heal,
    Pass,
    Play,
    State,
    UseEquipment,
)

P = "{p%d}"  # seat placeholder in event texts; the log panel swaps in player names

K = TypeVar("K", bound=Hashable)
V = TypeVar("V")


class _Shared(dict[K, V]):
    """Equal actions made once and shared: a missing key's action is made on first use.

    Actions are immutable values, so sharing them is safe, and it lets `apply` find the chosen
    action by identity.
    """

    __slots__ = ("make",)

    def __init__(self, make: Callable[[K], V]) -> None:
        super().__init__()
        self.make = make

    def __missing__(self, key: K) -> V:
        made = self[key] = self.make(key)
        return made


# Event.later, read once: a class attribute read on the hot path costs more than a global.
_later = Event.later
_card_of = itemgetter(1)  # the card of a trick entry (seat, card, expedition)


def _p(seat: int) -> str:
    return P % seat


# State lists are values (see state.py): these build changed copies, never change the original.

def _without(items: list[int], item: int) -> list[int]:
    """A copy of `items` without the first `item`."""
    out = items[:]
    out.remove(item)
    return out


def _with_row(rows: list[list[int]], i: int, row: list[int]) -> list[list[int]]:
    """A copy of `rows` with row `i` replaced."""
    out = rows[:]
    out[i] = row
    return out


def _offer(s: State, moves: list[Action]) -> bool:
    """Whether the player to move has anything to decide in this step, given its moves.

    When they have, the rules stop right here and hand the state back, so these moves are
    the state's legal actions: kept so that `legal()` does not list them a second time.
    """
    if moves:
        s.legal_cache = moves
        return True
    return False


def _dequeue(s: State) -> int:
    """Take the first seat off the queue."""
    seat = s.queue[0]
    s.queue = s.queue[1:]
    return seat


def _to_market(s: State, seat: int, equipment: int) -> None:
    """`seat` uses up an equipment card: it goes back to the market."""
    s.equipment = _with_row(s.equipment, seat, _without(s.equipment[seat], equipment))
    s.market = [*s.market, equipment]


def _pay(s: State, seat: int, cards: Sequence[int]) -> None:
    """`seat` discards these colony cards."""
    colony = s.colonies[seat][:]
    for c in cards:
        colony.remove(c)
    s.colonies = _with_row(s.colonies, seat, colony)
    s.discard = [*s.discard, *cards]


class FrostShelter:
    """The Game protocol for Frost Shelter (see frostdesk/engine/game.py)."""

    id = "frost-shelter"

    __slots__ = ("_any_cards", "_buy_of", "_collect_bonus_of", "_collect_most", "_collect_of",
                 "_collect_one_of", "_cost_key", "_costs", "_defence_memo", "_defend_of",
                 "_draw_of", "_eq_effect", "_expedition_play_of", "_fewest_cost_cards", "_handlers",
                 "_harpoons", "_heal_of", "_holders", "_id_or_hidden", "_ids", "_leader_of",
                 "_motions", "_name_or_hidden", "_names", "_offers", "_pass_move", "_play_of",
                 "_res_keys", "_starters", "_uses", "content", "max_players", "min_players", "res",
                 "title", "val")

    def __init__(self, content: Content) -> None:
        self.content = content
        self.title = content.title
        self.min_players = content.rules.min_players
        self.max_players = content.rules.max_players
        c = content
        self.res = c.card_resource
        self.val = c.card_value
        self._ids = c.card_ids
        self._names = [f"{c.resource_names[r]} {v}"
                       for r, v in zip(self.res, self.val, strict=True)]
        self._res_keys = [RESOURCE_KEYS[r] for r in self.res]
        # Event words by card, with one more entry at the end that card -1 (HIDDEN) reads.
        self._name_or_hidden = [*self._names, "a hidden card"]
        self._id_or_hidden = [*self._ids, "hidden"]
        # Actions are immutable values, so equal ones are shared: made once (plays, single-card
        # picks, uses) or on first use (dataclass creation dominates legal() otherwise). Each
        # table is read through its bound getter: map(getter, keys) reads many at C speed.
        cards = range(len(c.card_ids))
        self._play_of = [Play(card) for card in cards].__getitem__
        self._expedition_play_of = [Play(card, True) for card in cards].__getitem__
        self._collect_one_of = [Collect((card,)) for card in cards].__getitem__
        self._collect_of = _Shared(Collect).__getitem__
        self._buy_of = [_Shared(partial(Buy, e)).__getitem__
                        for e in range(len(c.equipment_ids))]
        self._defend_of = [_Shared(partial(Defend, i)).__getitem__
                           for i in range(max(len(ev.requirements) for ev in c.events))]
        self._heal_of = _Shared(Heal).__getitem__
        self._defence_memo: dict[tuple[int, int, int, tuple[int, ...]], list[Defend]] = {}
        self._uses = [UseEquipment(e) for e in range(len(c.equipment_ids))]
        self._draw_of = _Shared(Draw).__getitem__
        self._leader_of = _Shared(ChooseLeader).__getitem__
        self._harpoons = [Harpoon(r) for r in range(len(RESOURCE_KEYS))]
        self._pass_move = Pass()
        self._costs: list[Requirement] = []  # distinct equipment costs
        self._cost_key: list[int] = []  # equipment type -> index in _costs
        for et in c.equipment_types:
            if et.cost not in self._costs:
                self._costs.append(et.cost)
            self._cost_key.append(self._costs.index(et.cost))
        self._fewest_cost_cards = min(cost.cards for cost in self._costs)
        # Costs that ask for nothing but a number of cards ("any 2 cards"): every set of that
        # many colony cards pays, so the payments are listed without the requirement matcher.
        self._any_cards = [cost == Requirement(cost.cards) for cost in self._costs]
        self._offers = _Shared(self._market_offers).__getitem__
        self._starters = [i for i, t in enumerate(c.equipment_type_of)  # dealt one each
                          if c.equipment_types[t].type in c.rules.starting_equipment]
        self._collect_most = {n: max(counts) for n, counts in c.rules.collect.items()}
        self._eq_effect: list[dict[str, int]] = [
            dict(c.equip(i).effect) for i in range(len(c.equipment_ids))]
        self._collect_bonus_of = [effect.get("collect_bonus", 0)
                                  for effect in self._eq_effect].__getitem__
        # apply dispatches on the action's type to these (bound once, here)
        self._handlers: dict[type, Callable[..., None]] = {
            ChooseLeader: self._choose_leader, Harpoon: self._harpoon, Play: self._play,
            Collect: self._collect, Draw: self._draw, Defend: self._defend,
            UseEquipment: self._use, Buy: self._buy, Heal: self._heal, Pass: self._pass}
        self._holders = {verb: frozenset(e for e, effect in enumerate(self._eq_effect)
                                         if verb in effect) for verb in EFFECTS}
        self._motions = Motions(c).of

    # ----------------------------------------------------------------- naming

    def card_name(self, card: int) -> str:
        if card == HIDDEN:
            return "a hidden card"
        return self._names[card]

    def resource_name(self, resource: int) -> str:
        return self.content.resource_names[resource]

    def equipment_name(self, card: int) -> str:
        return self.content.equip(card).name

    def _cards_text(self, cards: Sequence[int]) -> str:
        names = self._name_or_hidden
        return ", ".join([names[c] for c in cards]) if cards else "nothing"

    def _card_ids(self, cards: Sequence[int]) -> list[str]:
        ids = self._id_or_hidden
        return [ids[c] for c in cards]

    # ----------------------------------------------------------------- setup

    def setup(self, options: Mapping[str, JSON], seed: int) -> State:
        """A new game. options: players (2-5), first_leader (seat; random when absent)."""
        n = option_int(options.get("players", 4))
        if not self.min_players <= n <= self.max_players:
            raise ValueError(f"Frost Shelter takes {self.min_players} to {self.max_players} "
                             f"players, not {n}")
        c = self.content
        s = State.__new__(State)
        s.n = n
        s.rng = rngmod.seed_state(seed)
        s.event_deck, s.rng = rngmod.shuffled(s.rng, range(len(c.events)))
        s.relic_deck, s.rng = rngmod.shuffled(s.rng, range(4))
        first = options.get("first_leader")
        s.first_leader_drawn = first is None
        if first is None:
            first, s.rng = rngmod.below(s.rng, n)
        s.leader = s.last_leader = option_int(first) % n
        starters, s.rng = rngmod.shuffled(s.rng, self._starters)
        s.equipment = [[starters[i]] for i in range(n)]
        dealt = {starters[i] for i in range(n)}
        s.market = [i for i in range(len(c.equipment_ids)) if i not in dealt]
        s.phase, s.turn, s.event_no, s.event, s.relic = "leader", s.leader, -1, -1, -1
        s.hands = [[] for _ in range(n)]
        s.deck = list(range(len(c.card_ids)))
        s.trick, s.colonies = [], [[] for _ in range(n)]
        s.exp_deck, s.discard = [], []
        s.expedition_used = [False] * n
        s.damage = [0] * n
        s.event_damage = []
        s.queue = []
        s.trick_winner = -1
        s.defended = [0] * n
        s.frostbite = [0] * n
        s.prevented = [0] * n
        s.excess_ignored = [0] * n
        s.hibernating = [False] * n
        s.colony_count = [0] * n
        s.tricks_played = 0
        s.chooser = -1
        s.is_view = False
        s.legal_cache = None
        s.events_seen, s.relics_seen = [], []
        s.purchase_order = []
        return s

    def opening_events(self, state: State) -> tuple[State, list[Event]]:
        """Start the first Event. Separate from setup so its events reach the log and table."""
        s = state.copy()
        events = [_later("game_started", _game_started,
                         (self, s.n, s.leader, s.first_leader_drawn))]
        for seat in range(s.n):
            events.append(_later("equipment_dealt", _equipment_dealt,
                                 (self, seat, s.equipment[seat][0])))
        self._start_event(s, events)
        return s, events

    def new_game(self, options: Mapping[str, JSON], seed: int) -> tuple[State, list[Event]]:
        return self.opening_events(self.setup(options, seed))

    # ----------------------------------------------------------------- queries

    def to_move(self, state: State) -> int | None:
        return None if state.phase == "over" else state.turn

    def event_card(self, state: State) -> EventCard:
        return self.content.events[state.event]

    def collect_counts(self, state: State, seat: int) -> tuple[int, ...]:
        """How many trick cards `seat` may collect (a Sled adds one more option)."""
        counts = self.content.rules.collect[state.n]
        equipment = state.equipment[seat]
        bonus = max(map(self._collect_bonus_of, equipment)) if equipment else 0
        if bonus:
            counts = counts + (max(counts) + bonus,)
        return counts

    def _has(self, state: State, seat: int, verb: str) -> int:
        """The first equipment card of `seat` with effect `verb`, or -1."""
        holders = self._holders[verb]
        for e in state.equipment[seat]:
            if e in holders:
                return e
        return -1

    def remaining_event_damage(self, state: State, seat: int) -> int:
        """Event damage `seat` would still take now (before Frost Bite)."""
        ev = self.content.events[state.event]
        dmg = ev.damage - state.prevented[seat]
        if state.hibernating[seat]:
            dmg -= self.content.rules.hibernation_prevents
        for i, req in enumerate(ev.requirements):
            if state.defended[seat] & (1 << i):
                dmg -= req.defends
        return max(0, dmg)

    def frost_bite_damage(self, state: State, seat: int) -> int:
        ev = self.content.events[state.event]
        excess = state.colony_count[seat] - ev.max - state.excess_ignored[seat]
        return max(0, excess) * self.content.rules.frost_bite_per_card

    def legal(self, state: State) -> list[Action]:
        """The legal actions (computed once per state; callers must not change the list)."""
        cached = state.legal_cache
        if cached is not None:
            return cached
        if state.phase == "play":  # the most frequent step, listed here without another call
            seat = state.turn
            hand = state.hands[seat]
            cached = state.legal_cache = list(map(self._play_of, hand))
            if state.trick and not state.expedition_used[seat]:
                cached.extend(map(self._expedition_play_of, hand))
            return cached
        cached = state.legal_cache = self._legal(state)
        return cached

    def _legal(self, state: State) -> list[Action]:
        phase = state.phase
        seat = state.turn
        if phase == "collect":
            cards = sorted(map(_card_of, state.trick))
            out: list[Action] = []
            for k in self.collect_counts(state, seat):
                if k == 1:
                    out.extend(map(self._collect_one_of, cards))
                elif k <= len(cards):
                    out.extend(map(self._collect_of, combinations(cards, k)))
            return out
        if phase == "expedition":
            limit = self.content.rules.expedition_draw
            bag = self._has(state, seat, "expedition_bonus")
            if bag >= 0:
                limit += self._eq_effect[bag]["expedition_bonus"]
            return list(map(self._draw_of, range(min(limit, len(state.exp_deck)) + 1)))
        if phase == "leader":
            return list(map(self._leader_of, range(state.n)))
        if phase == "harpoon":
            return [self._pass_move, *[h for h in self._harpoons if h.resource != state.relic]]
        if phase == "resolve":
            return self._resolve_moves(state, seat)
        if phase == "buy":
            return self._buy_moves(state, seat)
        if phase == "infirmary":
            return self._heal_moves(state, seat)
        return []

    def _resolve_moves(self, state: State, seat: int) -> list[Action]:
        out: list[Action] = []
        ev = self.content.events[state.event]
        if self.remaining_event_damage(state, seat) > 0:
            colony = state.colonies[seat]
            for i, req in enumerate(ev.requirements):
                # (too few cards can meet nothing: skip the search)
                if not state.defended[seat] & (1 << i) and len(colony) >= req.cards:
                    out.extend(self._defences(state.event, i, state.relic, colony))
            tarp = self._has(state, seat, "prevent_event_damage")
            if tarp >= 0:
                out.append(self._uses[tarp])
        chest = self._has(state, seat, "ignore_excess")
        if chest >= 0 and self.frost_bite_damage(state, seat) > 0:
            out.append(self._uses[chest])
        if out:
            out.append(self._pass_move)
        return out

    def _defences(self, event: int, i: int, relic: int, colony: list[int]) -> list[Defend]:
        """The defences `colony` has against requirement `i` of Event `event`.

        Remembered for the colonies seen lately: a player who uses equipment or defends once
        is asked again, mostly with the same colony (the memory is emptied when it fills)."""
        key = (event, i, relic, tuple(colony))
        moves = self._defence_memo.get(key)
        if moves is None:
            memo = self._defence_memo
            if len(memo) >= 1024:
                memo.clear()
            req = self.content.events[event].requirements[i]
            moves = memo[key] = list(map(self._defend_of[i],
                                         req.choices(colony, self.val, self.res, relic)))
        return moves

    def _buy_moves(self, state: State, seat: int) -> list[Action]:
        out: list[Action] = []
        colony = state.colonies[seat]
        if len(colony) < self._fewest_cost_cards:
            return out
        by_cost: dict[int, list[tuple[int, ...]]] = {}  # types with equal costs share the work
        for e, k in self._offers(tuple(state.market)):
            combos = by_cost.get(k)
            if combos is None:
                combos = by_cost[k] = self._payments(k, colony, state.relic)
            if combos:
                out.extend(map(self._buy_of[e], combos))
        if out:
            out.append(self._pass_move)
        return out

    def _market_offers(self, market: tuple[int, ...]) -> tuple[tuple[int, int], ...]:
        """(equipment card, cost index) of the first card of each type on offer in `market`,
        in card order: the cards a buyer chooses between (equal cards of a type are one
        choice). Read through `_offers`, which remembers each market seen."""
        type_of = self.content.equipment_type_of
        seen_types: set[int] = set()
        offers = []
        for e in sorted(market):
            t = type_of[e]
            if t not in seen_types:
                seen_types.add(t)
                offers.append((e, self._cost_key[t]))
        return tuple(offers)

    def _payments(self, k: int, colony: list[int], relic: int) -> list[tuple[int, ...]]:
        """Every set of `colony` cards that pays cost `k` (see `_costs`), as sorted tuples."""
        cost = self._costs[k]
        if len(colony) < cost.cards:  # too few cards pay nothing: skip the search
            return []
        if self._any_cards[k]:  # any cards pay: every set of that many, in the matcher's order
            return list(combinations(sorted(colony), cost.cards))
        return cost.choices(colony, self.val, self.res, relic)

    def _heal_moves(self, state: State, seat: int) -> list[Action]:
        if state.damage[seat] <= 0:
            return []
        out: list[Action] = []
        k = self.content.rules.infirmary_different
        res = self.res
        by_res: list[list[int]] = [[], [], [], []]
        for card in sorted(state.colonies[seat]):
            by_res[res[card]].append(card)
        for groups in combinations([group for group in by_res if group], k):
            out.extend(self._heal_of(tuple(sorted(combo))) for combo in product(*groups))
        medkit = self._has(state, seat, "heal")
        if medkit >= 0:
            out.append(self._uses[medkit])
        if out:
            out.append(self._pass_move)
        return out

    # ----------------------------------------------------------------- apply

    def apply(self, state: State, action: Action) -> tuple[State, list[Event]]:
        if state.phase == "over":
            raise IllegalAction("The game is over.")
        legal = state.legal_cache
        if legal is None:
            legal = self.legal(state)
        for a in legal:  # actions picked from legal() are the very same objects: fast path
            if a is action:
                break
        else:
            if action not in legal:
                raise IllegalAction(self.why_illegal(state, action))
        s = state.copy()
        events: list[Event] = []
        self._handlers[type(action)](s, action, events)
        return s, events

    def apply_unchecked(self, state: State, action: Action) -> tuple[State, list[Event]]:
        """`apply` without the legality check, for bots and playouts that chose from `legal`."""
        s = state.copy()
        events: list[Event] = []
        self._handlers[type(action)](s, action, events)
        return s, events

    # The handlers change `s`, a fresh copy, by replacing its lists (see state.py).

    def _choose_leader(self, s: State, a: ChooseLeader, events: list[Event]) -> None:
        s.leader = a.seat
        events.append(_later("leader_chosen", _leader_chosen, (self, s.turn, a.seat)))
        self._begin_harpoons(s, events)

    def _harpoon(self, s: State, a: Harpoon, events: list[Event]) -> None:
        seat = s.turn
        eq = self._has(s, seat, "change_relic")
        old = s.relic
        s.relic = a.resource
        _to_market(s, seat, eq)
        events.append(_later("harpoon_used", _harpoon_used,
                             (self, seat, eq, old, a.resource)))
        self._next_harpoon(s, events)

    def _play(self, s: State, a: Play, events: list[Event]) -> None:
        seat = s.turn
        card = a.card
        hands = s.hands = s.hands[:]  # new lists, changed while nobody else holds them
        hand = hands[seat] = hands[seat][:]
        hand.remove(card)
        lead = not s.trick
        trick = s.trick = [*s.trick, (seat, card, a.expedition)]
        if a.expedition:
            s.expedition_used = s.expedition_used[:]
            s.expedition_used[seat] = True
        events.append(_later("card_played", _card_played,
                             (self, seat, card, lead, a.expedition)))
        if len(trick) < s.n:
            s.turn = (seat + 1) % s.n
            return
        winner, win_card, by_relic = self.trick_winner(trick, s.relic)
        s.trick_winner = winner
        s.tricks_played += 1
        events.append(_later("trick_won", _trick_won,
                             (self, winner, win_card, by_relic, trick, s.relic)))
        s.phase = "collect"
        s.turn = winner

    def trick_winner(self, trick: Sequence[tuple[int, int, bool]], relic: int
                     ) -> tuple[int, int, bool]:
        """(winning seat, winning card, won by a Relic) for a complete trick.

        Cards played for an Expedition never contend. If any Relic-resource card contends, only
        Relic cards do; otherwise only cards of the lead resource. The highest value wins,
        except that a 1 beats a 10 (it still loses to 2..9): with a 1 and a 10 both
        contending and the 10 highest, the 1 wins.
        """
        res, val = self.res, self.val
        lead = res[trick[0][1]]
        relics: list[tuple[int, int]] = []
        leads: list[tuple[int, int]] = []
        for seat, card, exp in trick:  # (one pass: this runs at the end of every trick)
            if not exp:
                if res[card] == relic:
                    relics.append((seat, card))
                elif res[card] == lead:
                    leads.append((seat, card))
        by_relic = bool(relics)
        contenders = relics or leads
        best_seat, best_card = contenders[0]  # the highest; the first played among equals
        for seat, card in contenders:
            if val[card] > val[best_card]:
                best_seat, best_card = seat, card
        if val[best_card] == 10:
            for seat, card in contenders:
                if val[card] == 1:
                    return seat, card, by_relic
        return best_seat, best_card, by_relic

    def leading(self, trick: Sequence[tuple[int, int, bool]], relic: int) -> int | None:
        """The card that wins `trick` as it stands, complete or not (None when empty; the
        Leader never plays for an Expedition, so the lead card always contends)."""
        return self.trick_winner(trick, relic)[1] if trick else None

    def _collect(self, s: State, a: Collect, events: list[Event]) -> None:
        seat = s.turn
        normal = self._collect_most[s.n]
        bonus_used = -1
        if len(a.cards) > normal:
            bonus_used = self._has(s, seat, "collect_bonus")
            _to_market(s, seat, bonus_used)
            events.append(_later("equipment_used", _bonus_used,
                                 (self, seat, bonus_used, "collect_bonus")))
        s.colonies = _with_row(s.colonies, seat, [*s.colonies[seat], *a.cards])
        rest: list[int] = []  # the cards left, for the Expedition deck
        explorers: list[int] = []  # who played for an Expedition, in playing order
        for seat_, card, exp in s.trick:
            if card not in a.cards:
                rest.append(card)
            if exp:
                explorers.append(seat_)
        s.exp_deck = s.exp_deck + rest
        events.append(_later("cards_collected", _cards_collected, (self, seat, a.cards)))
        if rest:
            events.append(_later("to_expedition_deck", _to_expedition_deck,
                                 (self, rest, len(s.exp_deck))))
        s.queue = explorers
        s.trick = []
        s.last_leader = s.leader
        s.leader = seat
        self._next_expedition(s, events)

    def _next_expedition(self, s: State, events: list[Event]) -> None:
        while s.queue:
            seat = _dequeue(s)
            if s.exp_deck:
                s.phase, s.turn = "expedition", seat
                return
            events.append(_later("expedition_draw", _expedition_empty, (self, seat)))
        self._after_trick(s, events)

    def _draw(self, s: State, a: Draw, events: list[Event]) -> None:
        seat = s.turn
        drawn = []
        deck = s.exp_deck = s.exp_deck[:]
        for _ in range(a.count):
            i, s.rng = rngmod.below(s.rng, len(deck))
            drawn.append(deck.pop(i))
        s.colonies = _with_row(s.colonies, seat, s.colonies[seat] + drawn)
        if a.count > self.content.rules.expedition_draw:
            bag = self._has(s, seat, "expedition_bonus")
            _to_market(s, seat, bag)
            events.append(_later("equipment_used", _bonus_used,
                                 (self, seat, bag, "expedition_bonus")))
        events.append(_later("expedition_draw", _expedition_drawn,
                             (self, seat, drawn, len(s.exp_deck)), chance=bool(drawn)))
        self._next_expedition(s, events)

    def _after_trick(self, s: State, events: list[Event]) -> None:
        events.append(_later("leader_changed", _leader_changed, (self, s.leader)))
        if s.hands[s.leader]:
            s.phase, s.turn = "play", s.leader
        else:
            self._begin_resolution(s, events)

    # ---- Event resolution

    def _begin_resolution(self, s: State, events: list[Event]) -> None:
        ev = self.content.events[s.event]
        # New lists, filled in below (lists of a state are changed only while still new).
        s.colony_count = [0] * s.n
        s.defended = [0] * s.n
        s.prevented = [0] * s.n
        s.excess_ignored = [0] * s.n
        s.hibernating = [False] * s.n
        for seat in range(s.n):
            colony = s.colonies[seat]
            s.colony_count[seat] = len(colony)
            s.hibernating[seat] = not colony and not s.expedition_used[seat]
            events.append(_later("colony_at_resolution", _colony_at_resolution,
                                 (self, seat, colony, ev.max, s.expedition_used[seat],
                                  s.hibernating[seat])))
        s.queue = [(s.leader + i) % s.n for i in range(s.n)]
        s.phase = "resolve"
        self._next_resolver(s, events)

    def _next_resolver(self, s: State, events: list[Event]) -> None:
        while s.queue:
            s.turn = s.queue[0]
            if _offer(s, self._resolve_moves(s, s.turn)):
                return
            self._finish_resolution(s, _dequeue(s), events)
        self._begin_purchases(s, events)

    def _finish_resolution(self, s: State, seat: int, events: list[Event]) -> None:
        ev = self.content.events[s.event]
        rules = self.content.rules
        if s.hibernating[seat]:
            events.append(_later("hibernation", _hibernation,
                                 (self, seat, rules.hibernation_prevents)))
        excess = max(0, s.colony_count[seat] - ev.max - s.excess_ignored[seat])
        fb = excess * rules.frost_bite_per_card
        if fb:
            events.append(_later("frost_bite", _frost_bite, (self, seat, excess, fb)))
        event_dmg = self.remaining_event_damage(s, seat)
        total = event_dmg + fb
        s.damage = s.damage[:]
        s.damage[seat] += total
        rows = s.event_damage[:]
        while len(rows) <= s.event_no:
            rows.append([0] * s.n)
        rows[s.event_no] = rows[s.event_no][:]
        rows[s.event_no][seat] = total
        s.event_damage = rows
        events.append(_later("damage_taken", _damage_taken,
                             (self, seat, event_dmg, fb, s.damage[seat], ev.name)))

    def _defend(self, s: State, a: Defend, events: list[Event]) -> None:
        seat = s.turn
        req = self.content.events[s.event].requirements[a.requirement]
        s.defended = s.defended[:]
        s.defended[seat] |= 1 << a.requirement
        _pay(s, seat, a.cards)
        events.append(_later("defended", _defended,
                             (self, seat, a.requirement, a.cards, req.defends)))
        self._after_resolve_step(s, events)

    def _after_resolve_step(self, s: State, events: list[Event]) -> None:
        if not _offer(s, self._resolve_moves(s, s.turn)):
            self._finish_resolution(s, _dequeue(s), events)
            self._next_resolver(s, events)

    def _use(self, s: State, a: UseEquipment, events: list[Event]) -> None:
        seat = s.turn
        effect = self._eq_effect[a.equipment]
        _to_market(s, seat, a.equipment)
        if "prevent_event_damage" in effect:
            s.prevented = s.prevented[:]
            s.prevented[seat] += effect["prevent_event_damage"]
            events.append(_later("equipment_used", _tarp_used,
                                 (self, seat, a.equipment, effect["prevent_event_damage"])))
            self._after_resolve_step(s, events)
        elif "ignore_excess" in effect:
            s.excess_ignored = s.excess_ignored[:]
            s.excess_ignored[seat] += effect["ignore_excess"]
            events.append(_later("equipment_used", _chest_used,
                                 (self, seat, a.equipment, effect["ignore_excess"])))
            self._after_resolve_step(s, events)
        else:  # heal
            healed = min(effect["heal"], s.damage[seat])
            s.damage = s.damage[:]
            s.damage[seat] -= healed
            events.append(_later("healed", _medkit_used,
                                 (self, seat, a.equipment, healed, s.damage[seat])))
            self._after_heal_step(s, events)

    # ---- purchases

    def _begin_purchases(self, s: State, events: list[Event]) -> None:
        n = s.n
        damaged = [(s.leader + i) % n for i in range(n)
                   if s.event_damage[s.event_no][(s.leader + i) % n] > 0]
        if damaged:
            # The buyer with the most damage so far starts (ties: the first clockwise from the
            # Leader); the others follow clockwise counted from the Leader, as the rulebook's
            # note says every clockwise order is (docs/rules/frost-shelter.md, "Purchase order").
            first = max(damaged, key=lambda seat: s.damage[seat])
            order = [first, *[seat for seat in damaged if seat != first]]
            s.queue = order * self.content.rules.purchase_rounds
        else:
            order = s.queue = []
        s.purchase_order = order
        s.phase = "buy"
        self._next_buyer(s, events)

    def _next_buyer(self, s: State, events: list[Event]) -> None:
        size = len(s.purchase_order)
        while s.queue:
            if size and len(s.queue) % size == 0:  # a round starts: mark it in the log
                rounds = self.content.rules.purchase_rounds
                events.append(_later("purchase_round", _purchase_round,
                                     (self, rounds - len(s.queue) // size + 1, s.purchase_order,
                                      [s.damage[seat] for seat in s.purchase_order], s.leader)))
            s.turn = s.queue[0]
            if _offer(s, self._buy_moves(s, s.turn)):
                return
            _dequeue(s)
        s.queue = [(s.leader + i) % s.n for i in range(s.n)]
        s.phase = "infirmary"
        self._next_healer(s, events)

    def _buy(self, s: State, a: Buy, events: list[Event]) -> None:
        seat = s.turn
        s.market = _without(s.market, a.equipment)
        s.equipment = _with_row(s.equipment, seat, [*s.equipment[seat], a.equipment])
        _pay(s, seat, a.cards)
        events.append(_later("equipment_bought", _equipment_bought,
                             (self, seat, a.equipment, a.cards)))
        _dequeue(s)
        self._next_buyer(s, events)

    # ---- infirmary

    def _next_healer(self, s: State, events: list[Event]) -> None:
        while s.queue:
            s.turn = s.queue[0]
            if _offer(s, self._heal_moves(s, s.turn)):
                return
            _dequeue(s)
        self._end_event(s, events)

    def _heal(self, s: State, a: Heal, events: list[Event]) -> None:
        seat = s.turn
        _pay(s, seat, a.cards)
        healed = min(self.content.rules.infirmary_heals, s.damage[seat])
        s.damage = s.damage[:]
        s.damage[seat] -= healed
        events.append(_later("healed", _healed, (self, seat, a.cards, healed, s.damage[seat])))
        self._after_heal_step(s, events)

    def _after_heal_step(self, s: State, events: list[Event]) -> None:
        if not _offer(s, self._heal_moves(s, s.turn)):
            _dequeue(s)
            self._next_healer(s, events)

    def _pass(self, s: State, a: Pass, events: list[Event]) -> None:
        seat = s.turn
        phase = s.phase
        events.append(_later("passed", _passed, (self, seat, phase)))
        if phase == "harpoon":
            self._next_harpoon(s, events)
        elif phase == "resolve":
            self._finish_resolution(s, _dequeue(s), events)
            self._next_resolver(s, events)
        elif phase == "buy":
            _dequeue(s)
            self._next_buyer(s, events)
        elif phase == "infirmary":
            _dequeue(s)
            self._next_healer(s, events)

    _PASS_WORDS = {"harpoon": "keeps the Harpoon", "resolve": "is done defending",
                   "buy": "buys nothing", "infirmary": "is done at the Infirmary"}

    # ---- events start and end

    def _start_event(self, s: State, events: list[Event]) -> None:
        c = self.content
        s.event_no += 1
        # (Reassigned, never changed in place: State.copy shares these lists.)
        s.event, s.event_deck = s.event_deck[0], s.event_deck[1:]
        s.relic, s.relic_deck = s.relic_deck[0], s.relic_deck[1:]
        s.events_seen = [*s.events_seen, s.event]
        s.relics_seen = [*s.relics_seen, s.relic]
        ev = c.events[s.event]
        events.append(_later("event_revealed", _event_revealed,
                             (self, s.event_no, ev, s.relic), chance=True))
        # Every Event is played with a fresh deal of all 40 resource cards.
        pool = s.deck + s.discard + s.exp_deck + [c_ for col in s.colonies for c_ in col]
        pool += [c_ for h in s.hands for c_ in h]
        pool.sort()
        s.discard, s.exp_deck = [], []
        s.colonies = [[] for _ in range(s.n)]
        pool, s.rng = rngmod.shuffled(s.rng, pool)
        k = c.rules.deal[s.n]
        s.hands = [sorted(pool[i * k:(i + 1) * k]) for i in range(s.n)]
        s.deck = pool[s.n * k:]
        for seat in range(s.n):
            events.append(_later(
                "hand_dealt", _hand_dealt, (self, seat, s.hands[seat], k), visible_to=(seat,),
                chance=True, redacted=_later("hand_dealt", _hand_dealt_unseen,
                                             (self, seat, k), chance=True)))
        s.expedition_used = [False] * s.n
        s.event_damage = [*s.event_damage, [0] * s.n]
        s.tricks_played = 0
        if s.event_no == 0:
            self._begin_harpoons(s, events)
            return
        # The most damaged player names the Leader; ties go to the first of them clockwise
        # from the last Leader (the last Leader included).
        order = [(s.leader + i) % s.n for i in range(s.n)]
        s.chooser = max(order, key=lambda seat: s.damage[seat])
        s.phase, s.turn = "leader", s.chooser
        most = s.damage[s.chooser]
        tied = [seat for seat in order if s.damage[seat] == most]
        events.append(_later("leader_choice", _leader_choice,
                             (self, s.chooser, s.leader, s.damage, tied)))

    def _begin_harpoons(self, s: State, events: list[Event]) -> None:
        s.queue = [(s.leader + i) % s.n for i in range(s.n)
                   if self._has(s, (s.leader + i) % s.n, "change_relic") >= 0]
        self._next_harpoon(s, events)

    def _next_harpoon(self, s: State, events: list[Event]) -> None:
        if s.queue:
            s.phase, s.turn = "harpoon", _dequeue(s)
            return
        s.phase, s.turn = "play", s.leader

    def _end_event(self, s: State, events: list[Event]) -> None:
        if s.event_no + 1 >= self.content.rules.events_per_game:
            s.phase = "over"
            out = self.outcome(s)
            assert out is not None
            events.append(Event("game_over", {
                "places": list(out.places), "damage": list(s.damage),
                "colony_totals": out.details["colony_totals"],
                "relic_totals": out.details["relic_totals"], "tiebreak": out.tiebreak,
                "tied_on_damage": out.details["tied_on_damage"],
                "tied_on_colony_total": out.details["tied_on_colony_total"],
                "event_damage": [list(e) for e in s.event_damage]},
                self._outcome_text(out)))
            return
        events.append(_later("cleanup", _cleanup, (self, s.colonies)))
        s.discard = s.discard + [c for col in s.colonies for c in col]
        s.colonies = [[] for _ in range(s.n)]
        self._start_event(s, events)

    def _outcome_text(self, out: Outcome) -> str:
        winners = out.winners
        names = " and ".join(P % w for w in winners)
        text = f"{names} {'share the victory' if len(winners) > 1 else 'wins'}"
        if out.tiebreak:
            text += f" ({tiebreak_sentence(out)})"
        return text + "."

    # ----------------------------------------------------------------- outcome

    def outcome(self, state: State) -> Outcome | None:
        """Least damage wins; ties: most colony value, then most Relic value, then shared."""
        if state.phase != "over":
            return None
        n = state.n
        colony = [sum(self.val[c] for c in state.colonies[i]) for i in range(n)]
        relic = [sum(self.val[c] for c in state.colonies[i] if self.res[c] == state.relic)
                 for i in range(n)]
        keys = [(state.damage[i], -colony[i], -relic[i]) for i in range(n)]
        places = tuple(1 + sum(1 for j in range(n) if keys[j] < keys[i]) for i in range(n))
        # Each tie-break looks only at the players still tied after the one before; the label
        # names the step that left a single winner ("shared victory" when none did).
        best_damage = min(state.damage)
        tied = [i for i in range(n) if state.damage[i] == best_damage]
        tied_colony: list[int] = []
        tiebreak = ""
        if len(tied) > 1:
            best_colony = max(colony[i] for i in tied)
            tied_colony = [i for i in tied if colony[i] == best_colony]
            if len(tied_colony) == 1:
                tiebreak = "colony total"
            else:
                best_relic = max(relic[i] for i in tied_colony)
                sharers = [i for i in tied_colony if relic[i] == best_relic]
                tiebreak = "Relic total" if len(sharers) == 1 else "shared victory"
        return Outcome(places=places, scores=tuple(state.damage), tiebreak=tiebreak,
                       details={"colony_totals": colony, "relic_totals": relic,
                                "event_damage": [list(e) for e in state.event_damage],
                                "tied_on_damage": tied if len(tied) > 1 else [],
                                "tied_on_colony_total": tied_colony
                                if len(tied_colony) > 1 else []})

    # ----------------------------------------------------------------- hidden information

    def view(self, state: State, seat: int | None) -> State:
        """What `seat` may see: other hands, the undealt deck and future Events are hidden."""
        v = state.copy()
        v.rng = 0
        v.is_view = True
        v.hands = [h[:] if i == seat else [HIDDEN] * len(h) for i, h in enumerate(state.hands)]
        v.deck = [HIDDEN] * len(state.deck)
        v.event_deck = [HIDDEN] * len(state.event_deck)
        v.relic_deck = [HIDDEN] * len(state.relic_deck)
        return v

    def determinize(self, view: State, seat: int, rng_seed: int) -> State:
        """A full state consistent with `view` as `seat` knows it (for bots)."""
        s = view.copy()
        s.is_view = False
        r = rngmod.seed_state(rng_seed)
        s.hands = [h[:] for h in s.hands]
        known = set(s.hands[seat]) | set(s.exp_deck) | set(s.discard)
        known.update(c for _, c, _ in s.trick)
        for col in s.colonies:
            known.update(col)
        unseen = [c for c in range(len(self.content.card_ids)) if c not in known]
        unseen, r = rngmod.shuffled(r, unseen)
        for i in range(s.n):
            if i != seat:
                k = len(s.hands[i])
                s.hands[i], unseen = sorted(unseen[:k]), unseen[k:]
        s.deck = unseen
        # Only cards that can still come: every Event and Relic card turned over so far (the
        # current ones included) is out of the future decks. A Harpoon changes the Relic
        # resource, not which Relic card was turned over, so the current `relic` says nothing.
        past_events = set(s.events_seen)
        future, r = rngmod.shuffled(r, [e for e in range(len(self.content.events))
                                         if e not in past_events])
        s.event_deck = future[:len(view.event_deck)]
        past_relics = set(s.relics_seen)
        relics, r = rngmod.shuffled(r, [x for x in range(len(self.content.relic_ids))
                                        if x not in past_relics])
        s.relic_deck = relics[:len(view.relic_deck)]
        s.rng = r
        return s

    # ----------------------------------------------------------------- text forms

    def action_text(self, action: Action) -> str:
        c = self.content
        ids = c.card_ids
        if isinstance(action, Play):
            return f"play {ids[action.card]}" + (" expedition" if action.expedition else "")
        if isinstance(action, Collect):
            return "collect " + " ".join(ids[x] for x in action.cards)
        if isinstance(action, Draw):
            return f"draw {action.count}"
        if isinstance(action, ChooseLeader):
            return f"leader {action.seat}"
        if isinstance(action, Harpoon):
            return f"harpoon {RESOURCE_KEYS[action.resource]}"
        if isinstance(action, Defend):
            return f"defend {action.requirement + 1} " + " ".join(ids[x] for x in action.cards)
        if isinstance(action, UseEquipment):
            return f"use {c.equipment_ids[action.equipment]}"
        if isinstance(action, Buy):
            return (f"buy {c.equipment_ids[action.equipment]} "
                    + " ".join(ids[x] for x in action.cards))
        if isinstance(action, Heal):
            return "heal " + " ".join(ids[x] for x in action.cards)
        return "pass"

    def parse_action(self, text: str) -> Action:
        """The inverse of `action_text`; raises ValueError on anything else."""
        c = self.content
        words = text.split()
        if not words:
            raise ValueError("empty action")
        verb, args = words[0], words[1:]

        def cards(names: list[str]) -> tuple[int, ...]:
            try:
                return tuple(sorted(c.card_ids.index(x) for x in names))
            except ValueError:
                raise ValueError(f"unknown card in {text!r}") from None

        def equip(name: str) -> int:
            if name not in c.equipment_ids:
                raise ValueError(f"unknown equipment in {text!r}")
            return c.equipment_ids.index(name)

        try:
            if verb == "play" and args:
                return Play(cards(args[:1])[0], args[1:] == ["expedition"])
            if verb == "collect":
                return Collect(cards(args))
            if verb == "draw" and len(args) == 1:
                return Draw(int(args[0]))
            if verb == "leader" and len(args) == 1:
                return ChooseLeader(int(args[0]))
            if verb == "harpoon" and len(args) == 1:
                return Harpoon(RESOURCE_KEYS.index(args[0]))
            if verb == "defend" and args:
                return Defend(int(args[0]) - 1, cards(args[1:]))
            if verb == "use" and len(args) == 1:
                return UseEquipment(equip(args[0]))
            if verb == "buy" and args:
                return Buy(equip(args[0]), cards(args[1:]))
            if verb == "heal":
                return Heal(cards(args))
            if verb == "pass" and not args:
                return Pass()
        except (ValueError, IndexError):
            raise ValueError(f"not a Frost Shelter action: {text!r}") from None
        raise ValueError(f"not a Frost Shelter action: {text!r}")

    def fingerprint(self, state: State) -> str:
        import hashlib
        import json

        return hashlib.sha256(json.dumps(state.as_dict(), sort_keys=True, default=str)
                              .encode()).hexdigest()[:16]

    # ----------------------------------------------------------------- explanations

    def why_illegal(self, state: State, action: Action) -> str:
        """A sentence in game words telling why `action` cannot be taken now."""
        phase = state.phase
        seat = state.turn
        waiting = self.waiting_for(state)
        if isinstance(action, Play):
            if phase != "play":
                return f"You can't play a card now: {waiting}."
            if action.card not in state.hands[seat]:
                return "That card is not in your hand."
            if action.expedition and not state.trick:
                return "The Leader can't go on Expedition: the opening card must count."
            if action.expedition and state.expedition_used[seat]:
                return "You have already been on Expedition this Event."
        if isinstance(action, Collect) and phase == "collect":
            counts = " or ".join(str(k) for k in self.collect_counts(state, seat))
            return f"Collect {counts} of the trick's cards."
        if isinstance(action, Defend) and phase == "resolve":
            if self.remaining_event_damage(state, seat) == 0:
                return "No Event damage is left to defend."
            if state.defended[seat] & (1 << action.requirement):
                return "Each defence can be used only once."
            req = self.content.events[state.event].requirements[action.requirement]
            return f"Those cards don't meet the defence: {req.describe()}."
        if isinstance(action, Buy) and phase == "buy":
            cost = self.content.equip(action.equipment).cost
            return f"That doesn't pay for the {self.equipment_name(action.equipment)}: " \
                   f"it costs {cost.describe()}."
        if isinstance(action, Heal) and phase == "infirmary":
            k = self.content.rules.infirmary_different
            return f"The Infirmary takes {k} cards of {k} different resources."
        return f"Not now: {waiting}."

    def motions(self, event: Event) -> list[Motion]:
        """What `event` did on the table (see motions.py)."""
        return self._motions(event)

    def waiting_for(self, state: State) -> str:
        """What the game waits for, in game words, with a seat placeholder."""
        seat = state.turn
        who = P % seat
        phase = state.phase
        if phase == "over":
            return "the game is over"
        if phase == "leader":
            return f"{who} to name the Leader for this Event"
        if phase == "harpoon":
            return f"{who} to use the Harpoon or keep it"
        if phase == "play":
            if not state.trick:
                return f"{who} to lead a card"
            lead = self.resource_name(self.res[state.trick[0][1]])
            relic = self.resource_name(state.relic)
            if state.relic == self.res[state.trick[0][1]]:  # the lead is the Relic itself
                text = f"{who}: follow {lead} (the Relic) or play another resource"
            else:
                text = f"{who}: follow {lead}, play the Relic ({relic}) or another resource"
            if not state.expedition_used[seat]:
                text += "; or go on Expedition"  # (a narrow bar drops this clause whole)
            return text
        if phase == "collect":
            counts = " or ".join(str(k) for k in self.collect_counts(state, seat))
            return f"{who} to collect {counts} card{'s' if counts != '1' else ''} from the trick"
        if phase == "expedition":
            return f"{who} to draw from the Expedition deck"
        if phase == "resolve":
            return f"{who} to defend against the Event"
        if phase == "buy":
            return f"{who} to buy equipment or pass"
        if phase == "infirmary":
            return f"{who} to heal at the Infirmary or finish"
        return phase


# ---------------------------------------------------------------------------- event words

# What the events say: data and text made from the values a handler passed to Event.later, the
# first time the event is read (rules tables through `g`; plain functions, so that making an
# event on the hot path reads no attribute of the rules object).


def _game_started(g: FrostShelter, players: int, leader: int, drawn: bool) -> EventWords:
    how = "drawn at random" if drawn else "named at setup"
    return ({"players": players, "leader": leader,
             "leader_from": "random" if drawn else "option"},
            f"A game for {players} players begins; {P % leader} is the Leader ({how}).")


def _equipment_dealt(g: FrostShelter, seat: int, equipment: int) -> EventWords:
    return ({"seat": seat, "equipment": g.content.equipment_ids[equipment]},
            f"{P % seat} starts with a {g.equipment_name(equipment)}.")


def _event_revealed(g: FrostShelter, event_no: int, ev: EventCard, relic: int) -> EventWords:
    return ({"event_no": event_no + 1, "event": ev.id, "name": ev.name,
             "damage": ev.damage, "max": ev.max,
             "requirements": [{"defends": r.defends, "text": r.describe()}
                              for r in ev.requirements],
             "relic": RESOURCE_KEYS[relic]},
            f"Event {event_no + 1} of {g.content.rules.events_per_game}: {ev.name} "
            f"(damage {ev.damage}, Max {ev.max}); the Relic is "
            f"{g.resource_name(relic)}.")


def _leader_choice(g: FrostShelter, chooser: int, leader: int, damage: list[int],
                   tied: list[int]) -> EventWords:
    text = f"{P % chooser} has the most damage and names the Leader"
    if len(tied) > 1:
        text += (f" ({' and '.join(P % seat for seat in tied)} are tied; {P % chooser} comes "
                 f"first clockwise from the Leader, {P % leader})")
    return ({"chooser": chooser, "leader": leader, "damage": list(damage), "tied": tied},
            text + ".")


def _purchase_round(g: FrostShelter, number: int, order: list[int], damage: list[int],
                    leader: int) -> EventWords:
    return ({"round": number, "order": order, "damage": damage, "leader": leader},
            f"Purchase round {number} of {g.content.rules.purchase_rounds}: "
            f"{', '.join(P % seat for seat in order)} may buy, in that order.")


def _leader_chosen(g: FrostShelter, by: int, leader: int) -> EventWords:
    return {"by": by, "leader": leader}, f"{P % by} names {P % leader} the Leader."


def _harpoon_used(g: FrostShelter, seat: int, equipment: int, old: int, relic: int) -> EventWords:
    return ({"seat": seat, "equipment": g.content.equipment_ids[equipment],
             "old_relic": RESOURCE_KEYS[old], "relic": RESOURCE_KEYS[relic]},
            f"{P % seat} uses the Harpoon: the Relic changes from "
            f"{g.resource_name(old)} to {g.resource_name(relic)}.")


def _cleanup(g: FrostShelter, colonies: list[list[int]]) -> EventWords:
    return ({"discarded": g._card_ids([c for col in colonies for c in col])},
            "Cleanup: every colony discards its remaining resources.")


def _card_played(g: FrostShelter, seat: int, card: int, lead: bool, expedition: bool) -> EventWords:
    text = f"{P % seat} {'leads' if lead else 'plays'} {g._names[card]}"
    if expedition:
        text += " and goes on Expedition (the card has no value)"
    return {"seat": seat, "card": g._ids[card], "resource": g._res_keys[card],
            "value": g.val[card], "expedition": expedition, "lead": lead}, text + "."


def _trick_won(g: FrostShelter, winner: int, card: int, by_relic: bool,
               trick: list[tuple[int, int, bool]], relic: int) -> EventWords:
    return ({"winner": winner, "card": g._ids[card],
             "lead_resource": RESOURCE_KEYS[g.res[trick[0][1]]],
             "relic": RESOURCE_KEYS[relic], "by_relic": by_relic,
             "trick": g._card_ids([c for _, c, _ in trick])},
            f"{P % winner} wins the trick with {g.card_name(card)}"
            + (" (Relic)." if by_relic else "."))


def _bonus_used(g: FrostShelter, seat: int, equipment: int, effect: str) -> EventWords:
    more = "collect one card more" if effect == "collect_bonus" else "carry one card more"
    return ({"seat": seat, "equipment": g.content.equipment_ids[equipment],
             "effect": effect},
            f"{P % seat} uses the {g.equipment_name(equipment)} to {more}.")


def _cards_collected(g: FrostShelter, seat: int, cards: tuple[int, ...]) -> EventWords:
    return ({"seat": seat, "cards": g._card_ids(cards)},
            f"{P % seat} collects {g._cards_text(cards)}.")


def _to_expedition_deck(g: FrostShelter, cards: list[int], deck_size: int) -> EventWords:
    return ({"cards": g._card_ids(cards), "deck_size": deck_size},
            f"{g._cards_text(cards)} go face down to the Expedition deck "
            f"({deck_size} cards).")


def _expedition_empty(g: FrostShelter, seat: int) -> EventWords:
    return ({"seat": seat, "cards": [], "deck_size": 0},
            f"{P % seat} finds the Expedition deck empty.")


def _expedition_drawn(g: FrostShelter, seat: int, drawn: list[int], deck_size: int) -> EventWords:
    return ({"seat": seat, "cards": g._card_ids(drawn), "deck_size": deck_size},
            f"{P % seat} returns from the Expedition with {g._cards_text(drawn)}.")


def _leader_changed(g: FrostShelter, leader: int) -> EventWords:
    return {"leader": leader}, f"{P % leader} takes the Leader card."


def _colony_at_resolution(g: FrostShelter, seat: int, colony: list[int], most: int,
                          expedition_used: bool, hibernating: bool) -> EventWords:
    return ({"seat": seat, "cards": g._card_ids(colony), "count": len(colony),
             "max": most, "expedition_used": expedition_used, "hibernating": hibernating},
            f"{P % seat}'s colony holds {len(colony)} card"
            f"{'' if len(colony) == 1 else 's'} (Max {most})"
            + ("; hibernating." if hibernating else "."))


def _hibernation(g: FrostShelter, seat: int, prevented: int) -> EventWords:
    return ({"seat": seat, "prevented": prevented},
            f"{P % seat} hibernates and avoids {prevented} damage.")


def _frost_bite(g: FrostShelter, seat: int, excess: int, damage: int) -> EventWords:
    return ({"seat": seat, "excess": excess, "damage": damage},
            f"Frost Bite: {P % seat} has {excess} card"
            f"{'' if excess == 1 else 's'} over the Max and takes {damage}.")


def _damage_taken(g: FrostShelter, seat: int, event_damage: int, frost_bite: int, total: int,
                  event_name: str) -> EventWords:
    amount = event_damage + frost_bite
    return ({"seat": seat, "event_damage": event_damage, "frost_bite": frost_bite,
             "amount": amount, "total": total},
            f"{P % seat} takes {amount} damage ({event_damage} from {event_name}, "
            f"{frost_bite} Frost Bite); total {total}.")


def _defended(g: FrostShelter, seat: int, requirement: int, cards: tuple[int, ...],
              amount: int) -> EventWords:
    return ({"seat": seat, "requirement": requirement, "cards": g._card_ids(cards),
             "amount": amount},
            f"{P % seat} discards {g._cards_text(cards)} to defend {amount} damage.")


def _tarp_used(g: FrostShelter, seat: int, equipment: int, prevents: int) -> EventWords:
    return ({"seat": seat, "equipment": g.content.equipment_ids[equipment],
             "effect": "prevent_event_damage"},
            f"{P % seat} shelters under the {g.equipment_name(equipment)}: "
            f"{prevents} less Event damage.")


def _chest_used(g: FrostShelter, seat: int, equipment: int, ignores: int) -> EventWords:
    return ({"seat": seat, "equipment": g.content.equipment_ids[equipment],
             "effect": "ignore_excess"},
            f"{P % seat} stores cards in the {g.equipment_name(equipment)}: "
            f"{ignores} extra cards cause no Frost Bite.")


def _medkit_used(g: FrostShelter, seat: int, equipment: int, healed: int, total: int) -> EventWords:
    return ({"seat": seat, "equipment": g.content.equipment_ids[equipment],
             "cards": [], "amount": healed, "total": total},
            f"{P % seat} uses the {g.equipment_name(equipment)} and heals {healed}; "
            f"total {total}.")


def _equipment_bought(g: FrostShelter, seat: int, equipment: int, cards: tuple[int, ...]
                      ) -> EventWords:
    return ({"seat": seat, "equipment": g.content.equipment_ids[equipment],
             "paid": g._card_ids(cards)},
            f"{P % seat} buys a {g.equipment_name(equipment)} with "
            f"{g._cards_text(cards)}.")


def _healed(g: FrostShelter, seat: int, cards: tuple[int, ...], healed: int, total: int
            ) -> EventWords:
    return ({"seat": seat, "equipment": None, "cards": g._card_ids(cards),
             "amount": healed, "total": total},
            f"{P % seat} pays {g._cards_text(cards)} at the Infirmary and heals "
            f"{healed}; total {total}.")


def _passed(g: FrostShelter, seat: int, step: str) -> EventWords:
    return {"seat": seat, "step": step}, f"{P % seat} {g._PASS_WORDS[step]}."


def _hand_dealt(g: FrostShelter, seat: int, hand: list[int], count: int) -> EventWords:
    return ({"seat": seat, "cards": g._card_ids(hand), "count": count},
            f"{P % seat} is dealt {count} cards: {g._cards_text(hand)}.")


def _hand_dealt_unseen(g: FrostShelter, seat: int, count: int) -> EventWords:
    return {"seat": seat, "count": count}, f"{P % seat} is dealt {count} cards."


def tiebreak_sentence(out: Outcome) -> str:
    """What decided a tie at the top, in words with seat placeholders ("" when no tie)."""
    if not out.tiebreak:
        return ""

    def who(seats: JSON) -> str:
        names = [P % i for i in seats] if isinstance(seats, list) else []
        return ", ".join(names[:-1]) + " and " + names[-1] if len(names) > 1 else "".join(names)

    tied = who(out.details.get("tied_on_damage"))
    if out.tiebreak == "colony total":
        return f"{tied} tied on damage; the highest colony total decided"
    if out.tiebreak == "Relic total":
        also = out.details.get("tied_on_colony_total")
        return (f"{tied} tied on damage, {who(also)} also on colony total; the highest Relic "
                "total decided") if also != out.details.get("tied_on_damage") else \
            f"{tied} tied on damage and colony total; the highest Relic total decided"
    return "tied on damage, colony total and Relic total"
