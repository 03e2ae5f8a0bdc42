"""Toy Tally: the rules (tests/toygame/rules.md) as a Game of pure functions. No Qt.

Each player is dealt one card per round from a seeded shuffle; in each round everyone plays one
card, the highest card takes the round's cards (their values count for its player) and leads
the next round, and its player draws the top card of the deck. Highest tally wins.

The state is a frozen dataclass of tuples that name cards by id; `apply` builds a new one, so
every state a caller holds stays valid. All chance is the deal: the deck's order is fixed at
setup, and `view` hides it together with the other players' hands.
"""

from __future__ import annotations

import dataclasses
import hashlib
from collections.abc import Mapping, Sequence
from dataclasses import dataclass

from frostdesk.engine import rng
from frostdesk.engine.game import JSON, Event, IllegalAction, Outcome, option_int
from frostdesk.engine.motion import HIDDEN as HIDDEN_PIECE
from frostdesk.engine.motion import Motion, Moved, Ref

from .content import Content

HIDDEN = "?"  # a card a view does not show
DEFAULT_ROUNDS = 3
MIN_ROUNDS, MAX_ROUNDS = 2, 4


@dataclass(frozen=True, slots=True, order=True)
class Play:
    """Play `card` from your hand into the round."""

    card: str

    def __str__(self) -> str:
        return f"play {self.card}"


Action = Play


@dataclass(frozen=True, slots=True)
class State:
    """Where a game of Toy Tally stands. Hands are kept in value order."""

    n: int
    rounds: int
    round: int  # 1-based; stays at `rounds` once the game is over
    hands: tuple[tuple[str, ...], ...]
    deck: tuple[str, ...]  # top first
    played: tuple[tuple[int, str], ...]  # (seat, card) in this round, in order of play
    taken: tuple[tuple[str, ...], ...]  # the cards each seat has won (public)
    leader: int
    turn: int | None  # None once the game is over


def _P(seat: int) -> str:  # noqa: N802 - the log's placeholder for a seat's name
    return f"{{p{seat}}}"


def _names(words: Sequence[str]) -> str:
    if len(words) <= 1:
        return "".join(words)
    return ", ".join(words[:-1]) + " and " + words[-1]


class ToyTally:
    """The Game protocol for Toy Tally (see the module docstring)."""

    id = "toy"

    def __init__(self, content: Content) -> None:
        self.content = content
        self.title = content.title
        self.min_players = content.min_players
        self.max_players = content.max_players
        self.value = {c.id: c.value for c in content.cards}
        self.order = {c.id: i for i, c in enumerate(content.cards)}

    # ----------------------------------------------------------------- words

    def name(self, card: str) -> str:
        return self.content.by_id[card].name

    def describe(self, state: State, action: Action) -> str:
        """The action as a button says it."""
        return f"Play {self.name(action.card)}"

    def waiting_for(self, state: State) -> str:
        if state.turn is None:
            return "the game is over"
        leads = not state.played
        return f"{_P(state.turn)} to {'lead' if leads else 'play'} a card " \
               f"(round {state.round} of {state.rounds})"

    def why_illegal(self, state: State, action: object) -> str:
        if state.turn is None:
            return "The game is over."
        if not isinstance(action, Play):
            return f"That is not a move in Toy Tally: {self.waiting_for(state)}."
        if action.card not in self.value:
            return "There is no such card."
        if action.card not in state.hands[state.turn]:
            return "That card is not in your hand."
        return f"You can't play that now: {self.waiting_for(state)}."

    # ----------------------------------------------------------------- setup

    def _sorted(self, cards: Sequence[str]) -> tuple[str, ...]:
        return tuple(sorted(cards, key=lambda c: (self.value.get(c, 0), c)))

    def setup(self, options: Mapping[str, JSON], seed: int) -> State:
        n = option_int(options.get("players", 2))
        rounds = option_int(options.get("rounds", DEFAULT_ROUNDS))
        if not self.min_players <= n <= self.max_players:
            raise ValueError(f"Toy Tally is for {self.min_players} to {self.max_players} "
                             f"players, not {n}")
        if not MIN_ROUNDS <= rounds <= MAX_ROUNDS:
            raise ValueError(f"rounds must be between {MIN_ROUNDS} and {MAX_ROUNDS}")
        ids = [c.id for c in self.content.cards]
        if n * rounds > len(ids):
            raise ValueError(f"{len(ids)} cards cannot deal {rounds} to each of {n} players")
        r = rng.seed_state(seed)
        deck, r = rng.shuffled(r, ids)
        if options.get("first") is not None:
            first = option_int(options["first"])
            if not 0 <= first < n:
                raise ValueError(f"first must be a seat from 0 to {n - 1}")
        else:
            first, r = rng.below(r, n)
        hands = tuple(self._sorted(deck[i * rounds:(i + 1) * rounds]) for i in range(n))
        return State(n, rounds, 1, hands, tuple(deck[n * rounds:]), (),
                     tuple(() for _ in range(n)), first, first)

    def new_game(self, options: Mapping[str, JSON], seed: int) -> tuple[State, list[Event]]:
        s = self.setup(options, seed)
        events = []
        for seat, hand in enumerate(s.hands):
            public = Event("hand_dealt", {"seat": seat, "count": len(hand)},
                           f"{_P(seat)} is dealt {len(hand)} cards.")
            events.append(Event("hand_dealt", {"seat": seat, "cards": list(hand)},
                                f"{_P(seat)} is dealt "
                                f"{_names([self.name(c) for c in hand])}.",
                                visible_to=(seat,), redacted=public, chance=True))
        events.append(Event("leader_chosen", {"seat": s.leader},
                            f"{_P(s.leader)} leads the first round."))
        return s, events

    # ----------------------------------------------------------------- play

    def to_move(self, state: State) -> int | None:
        return state.turn

    def legal(self, state: State) -> Sequence[Action]:
        if state.turn is None:
            return ()
        return tuple(Play(c) for c in state.hands[state.turn])

    def apply(self, state: State, action: Action) -> tuple[State, list[Event]]:
        if state.turn is None or not isinstance(action, Play) \
                or action.card not in state.hands[state.turn]:
            raise IllegalAction(self.why_illegal(state, action))
        seat, card = state.turn, action.card
        hands = list(state.hands)
        hands[seat] = tuple(c for c in hands[seat] if c != card)
        played = state.played + ((seat, card),)
        events = [Event("card_played", {"seat": seat, "card": card, "value": self.value[card]},
                        f"{_P(seat)} plays {self.name(card)}.", chance=True)]
        if len(played) < state.n:
            nxt = dataclasses.replace(state, hands=tuple(hands), played=played,
                                      turn=(seat + 1) % state.n)
            return nxt, events
        winner, best = max(played, key=lambda sc: self.value[sc[1]])
        cards = [c for _, c in played]
        points = sum(self.value[c] for c in cards)
        taken = list(state.taken)
        taken[winner] = state.taken[winner] + tuple(cards)
        events.append(Event("round_won", {"seat": winner, "cards": cards, "points": points},
                            f"{_P(winner)} takes round {state.round} with {self.name(best)}: "
                            f"{points} points."))
        if state.round == state.rounds:
            over = dataclasses.replace(state, hands=tuple(hands), played=(),
                                       taken=tuple(taken), turn=None)
            out = self.outcome(over)
            assert out is not None
            best_seats = " and ".join(_P(w) for w in out.winners)
            verb = "wins" if len(out.winners) == 1 else "share the win"
            events.append(Event("game_over", {"scores": list(out.scores),
                                              "winners": list(out.winners)},
                                f"Game over: {best_seats} {verb} with {max(out.scores)} "
                                "points."))
            return over, events
        deck = state.deck
        if deck:
            drawn, deck = deck[0], deck[1:]
            hands[winner] = self._sorted(hands[winner] + (drawn,))
            public = Event("card_drawn", {"seat": winner}, f"{_P(winner)} draws a card.")
            events.append(Event("card_drawn", {"seat": winner, "card": drawn},
                                f"{_P(winner)} draws {self.name(drawn)}.",
                                visible_to=(winner,), redacted=public, chance=True))
        nxt = State(state.n, state.rounds, state.round + 1, tuple(hands), deck, (),
                    tuple(taken), winner, winner)
        return nxt, events

    # The legality check is one membership test: search bots may use apply as it is.
    apply_unchecked = apply

    def scores(self, state: State) -> tuple[int, ...]:
        return tuple(sum(self.value[c] for c in won) for won in state.taken)

    def outcome(self, state: State) -> Outcome | None:
        if state.turn is not None:
            return None
        scores = self.scores(state)
        places = tuple(1 + sum(other > mine for other in scores) for mine in scores)
        return Outcome(places, scores)

    # ----------------------------------------------------------------- the table

    def motions(self, event: Event) -> list[Motion]:
        """What an event did on the table. Pieces ("card", id) (or HIDDEN); zones ("deck",),
        ("hand", seat), ("round",) (the cards played this round), ("won", seat)."""
        d = event.data
        seat = d.get("seat")
        if not isinstance(seat, int):
            return []

        def card(value: JSON) -> Ref:
            return ("card", str(value))

        if event.kind == "hand_dealt":
            cards = d.get("cards")
            if isinstance(cards, list):
                return [Moved(card(c), ("deck",), ("hand", seat)) for c in cards]
            count = d.get("count")
            return [Moved(HIDDEN_PIECE, ("deck",), ("hand", seat))
                    for _ in range(count if isinstance(count, int) else 0)]
        if event.kind == "card_played":
            return [Moved(card(d["card"]), ("hand", seat), ("round",))]
        if event.kind == "round_won":
            cards = d["cards"] if isinstance(d["cards"], list) else []
            return [Moved(card(c), ("round",), ("won", seat)) for c in cards]
        if event.kind == "card_drawn":
            piece = card(d["card"]) if "card" in d else HIDDEN_PIECE
            return [Moved(piece, ("deck",), ("hand", seat))]
        return []

    # ----------------------------------------------------------------- hidden information

    def view(self, state: State, seat: int | None) -> State:
        """What `seat` may see: its own hand; the other hands and the deck only as counts."""
        hands = tuple(h if i == seat else (HIDDEN,) * len(h) for i, h in enumerate(state.hands))
        return dataclasses.replace(state, hands=hands, deck=(HIDDEN,) * len(state.deck))

    def determinize(self, view: State, seat: int, rng_seed: int) -> State:
        """A full state consistent with `view`: the unseen cards shuffled into the other
        hands and the deck."""
        known = set(view.hands[seat]) | {c for _, c in view.played}
        known.update(c for won in view.taken for c in won)
        unseen = [c.id for c in self.content.cards if c.id not in known]
        unseen, _ = rng.shuffled(rng.seed_state(rng_seed), unseen)
        hands = []
        for i, hand in enumerate(view.hands):
            if i == seat:
                hands.append(hand)
            else:
                hands.append(self._sorted(unseen[:len(hand)]))
                unseen = unseen[len(hand):]
        return dataclasses.replace(view, hands=tuple(hands), deck=tuple(unseen[:len(view.deck)]))

    # ----------------------------------------------------------------- text

    def fingerprint(self, state: State) -> str:
        return hashlib.sha256(repr(dataclasses.astuple(state)).encode()).hexdigest()[:16]

    def action_text(self, action: Action) -> str:
        return str(action)

    def parse_action(self, text: str) -> Action:
        word, _, card = text.strip().partition(" ")
        if word != "play" or card not in self.value:
            raise ValueError(f"not a Toy Tally action: {text!r}")
        return Play(card)
