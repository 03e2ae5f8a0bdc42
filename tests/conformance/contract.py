"""What the conformance tests share: options, seats and random games for any registered game.

Nothing here names a game: everything comes from the game's description and its rules object.
"""

from __future__ import annotations

import json
import random
from collections.abc import Iterator
from dataclasses import dataclass
from typing import Any

from frostdesk.engine import registry
from frostdesk.engine.game import Event, Outcome
from frostdesk.engine.motion import Changed, Flipped, Moved, Rolled
from frostdesk.engine.registry import GameDescription, Option
from frostdesk.engine.session import Seat
from toygame.description import DESCRIPTION as TOY

MAX_ACTIONS = 5000  # no game of ours comes near this; a game that does never ends


def descriptions() -> list[GameDescription]:
    """The games under test: the installed ones, then Toy Tally (registered or not yet)."""
    found = {d.id: d for d in registry.games()}
    found.setdefault(TOY.id, TOY)
    return list(found.values())


def _pick(option: Option, r: random.Random, players: int) -> Any:
    if option.kind == "choice":
        return r.choice(option.choices).value
    if option.kind == "int":
        return r.randint(option.minimum, option.maximum)
    if option.kind == "multi":  # its default's values and any of the others, at even odds
        chosen = option.default if isinstance(option.default, tuple | list) else ()
        return tuple(c.value for c in option.choices if not c.unavailable(players)
                     and (c.value in chosen or r.random() < 0.5))
    return r.random() < 0.5


def sample_options(desc: GameDescription, players: int, seed: int,
                   humans: tuple[int, ...] = (0,)) -> dict[str, Any]:
    """Setup options as the app would pass them (without "players"): the defaults on even
    seeds; on odd seeds every option drawn from its values (when the game accepts the mix)
    and the first seat chosen."""
    values: dict[str, Any] = {o.key: [o.default] * players if o.per_seat else o.default
                              for o in desc.options}
    if seed % 2:
        r = random.Random(seed)
        drawn = {o.key: [_pick(o, r, players) for _ in range(players)] if o.per_seat
                 else _pick(o, r, players) for o in desc.options}
        if desc.options_problem is None or not desc.options_problem(drawn):
            values = drawn
    options = desc.setup_options(dict(values)) if desc.setup_options else dict(values)
    if seed % 2 and desc.words.first_key:
        options[desc.words.first_key] = seed % players
    if desc.wants_human_seats:
        options["humans"] = list(humans)
    return options


def seats(players: int, humans: tuple[int, ...] = (0,), bot: str = "random") -> list[Seat]:
    return [Seat(f"Player {i + 1}") if i in humans else Seat(f"Bot {i + 1}", "bot", bot)
            for i in range(players)]


@dataclass
class Move:
    """One step of a game: the state before, what was legal, what was played and its result."""

    state: Any
    legal: list[Any]
    action: Any
    after: Any
    events: list[Event]


def new_state(game: Any, desc: GameDescription, players: int, seed: int) -> tuple[Any, Any]:
    """(state, opening events) of a new game with sampled options."""
    options = dict(sample_options(desc, players, seed), players=players)
    return game.new_game(options, seed)


def random_moves(game: Any, state: Any, seed: int) -> Iterator[Move]:
    """Uniformly random legal moves from `state` to the end of the game."""
    r = random.Random(seed)
    for _ in range(MAX_ACTIONS):
        if game.to_move(state) is None:
            return
        legal = list(game.legal(state))
        action = legal[r.randrange(len(legal))] if legal else None
        if action is None:  # the caller's check on legal() reports it
            yield Move(state, legal, None, None, [])
            return
        after, events = game.apply(state, action)
        yield Move(state, legal, action, after, events)
        state = after
    raise AssertionError(f"no end after {MAX_ACTIONS} actions")


def check_events(events: list[Event], players: int) -> None:
    """Events are values every consumer can read: JSON data, a sentence, valid seats."""
    for e in events:
        assert isinstance(e, Event) and e.kind and isinstance(e.text, str), e
        json.dumps(e.to_json())
        if e.visible_to is not None:
            assert set(e.visible_to) <= set(range(players)), e
        if e.redacted is not None:
            assert e.visible_to is not None, f"{e.kind}: a redacted form of a public event"
            json.dumps(e.redacted.to_json())
            assert e.redacted.visible_to is None or set(e.redacted.visible_to) <= \
                set(range(players))


def _is_ref(ref: Any) -> bool:
    return isinstance(ref, tuple) and bool(ref) and all(isinstance(x, str | int) for x in ref)


def check_motions(game: Any, events: list[Event], players: int) -> None:
    """What each event did on the table, as every seat (and a spectator) saw it, is told in
    the motion vocabulary (frostdesk/engine/motion.py) with names the UI can use as keys."""
    for e in events:
        for seat in (*range(players), None):
            seen = e.seen_by(seat)
            if seen is None:
                continue
            motions = game.motions(seen)
            assert isinstance(motions, list | tuple), (e.kind, motions)
            for m in motions:
                if isinstance(m, Moved):
                    assert _is_ref(m.piece) and _is_ref(m.target), (e.kind, m)
                    assert m.source is None or _is_ref(m.source), (e.kind, m)
                elif isinstance(m, Changed):
                    assert _is_ref(m.what) and isinstance(m.by, int), (e.kind, m)
                    assert m.to is None or isinstance(m.to, int), (e.kind, m)
                    assert m.place is None or _is_ref(m.place), (e.kind, m)
                elif isinstance(m, Rolled):
                    assert _is_ref(m.dice) and all(isinstance(f, int) for f in m.faces)
                else:
                    assert isinstance(m, Flipped) and _is_ref(m.piece), (e.kind, m)


def check_outcome(desc: GameDescription, out: Outcome | None, players: int) -> None:
    """A finished game's outcome: a place and a score per seat; somebody first (alone, first
    or second to the rival the rules run), or (a team game) one shared place that says
    whether the team won."""
    assert out is not None, "the game is over but has no outcome"
    assert len(out.places) == players and len(out.scores) == players, out
    assert all(1 <= p <= players + 1 for p in out.places), out
    if desc.cooperative:
        assert out.cooperative_win in (True, False), out
        assert set(out.places) == {1 if out.cooperative_win else 2}, out
    else:
        assert out.cooperative_win is None, out
        if players == 1:  # solo against a rival the rules run (an Automa): won or beaten
            assert out.places in ((1,), (2,)), out
        else:
            assert out.winners and all(p <= players for p in out.places), out


def _all_of(desc: GameDescription, option: Option, players: int) -> dict[str, Any] | None:
    """Setup options with every value of a multi-choice option on (modules, expansions), the
    others at their defaults; where the table refuses them all together (one needs more
    players), every value but one, the first mix it accepts; None if it accepts none."""
    every = tuple(c.value for c in option.choices)
    for chosen in (every, *(tuple(v for v in every if v != left) for left in every)):
        values: dict[str, Any] = {p.key: [p.default] * players if p.per_seat else p.default
                                  for p in desc.options}
        values[option.key] = chosen
        if option.players_problem(chosen, players) or (
                desc.options_problem is not None and desc.options_problem(values)):
            continue
        options = desc.setup_options(dict(values)) if desc.setup_options else dict(values)
        if desc.wants_human_seats:
            options["humans"] = [0]
        return options
    return None


def option_cases(desc: GameDescription, players: int) -> list[dict[str, Any]]:
    """Setup options (as sample_options gives them) once for every value of every choice
    option that the whole table shares (a scenario, a variant), the others at their
    defaults: the sampled seeds alone may never draw some of them."""
    out: list[dict[str, Any]] = []
    for o in desc.options:
        if o.kind == "multi" and not o.per_seat:
            everything = _all_of(desc, o, players)
            if everything is not None:
                out.append(everything)
            continue
        if o.kind != "choice" or o.per_seat:
            continue
        for choice in o.choices:
            if choice.value == o.default:
                continue
            values: dict[str, Any] = {p.key: [p.default] * players if p.per_seat else p.default
                                      for p in desc.options}
            values[o.key] = choice.value
            if desc.options_problem is not None and desc.options_problem(values):
                continue
            options = desc.setup_options(dict(values)) if desc.setup_options else dict(values)
            if desc.wants_human_seats:
                options["humans"] = [0]
            out.append(options)
    return out
