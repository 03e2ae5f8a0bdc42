"""The Eternal Frost's words on the table: heroes' names, action labels, the status line."""

from __future__ import annotations

import re
from collections.abc import Mapping, Sequence
from typing import Any

from frostdesk.games.andor_eternal_frost.description import seat_hero_name
from frostdesk.games.andor_eternal_frost.state import (
    Action,
    Burn,
    EndDay,
    Fight,
    Give,
    Glow,
    KeepDice,
    LayGem,
    Leave,
    Light,
    LightHearth,
    Look,
    Move,
    Pass,
    PickUp,
    PutDown,
    Reroll,
    Reward,
    State,
    Stay,
    TurnDie,
    Use,
)

_LEAD = re.compile(r"^\{p(\d+)\} to ")
# the plain turn: the glowing spaces and the buttons show the choices, so the status line
# (one line beside them) says only the hours
_TURN = re.compile(r"^move, fight, pass or end the day \((\d+) hours? left\)$")
FREE = 20  # order_key of the free actions


class HeroWords:
    """Names of the heroes at one table: 'Kaya' (the board's side), 'Kaya, fire guardian',
    and the seat's player ('Kaya (Ana)')."""

    def __init__(self, game: Any, options: Mapping[str, Any], seats: Sequence[str]) -> None:
        self.game = game
        self.options = options
        self.seats = list(seats)

    def full(self, i: int) -> str:
        return seat_hero_name(self.options, i)

    def short(self, i: int) -> str:
        return self.full(i).split(",")[0]

    def with_player(self, i: int) -> str:
        who = self.seats[i] if i < len(self.seats) else ""
        return f"{self.full(i)} ({who})" if who else self.full(i)

    def names(self, text: str) -> str:
        """{pN} placeholders as the heroes' short names."""
        return re.sub(r"\{p(\d+)\}", lambda m: self.short(int(m.group(1))), text)

    def status(self, s: State) -> str:
        """'Kaya, fire guardian (Ana): 3 hours left today', 'Kaya, fire guardian (Ana): turn
        a die of Kaya's roll or keep it'."""
        text = self.game.waiting_for(s)
        m = _LEAD.match(text)
        if m:
            i = int(m.group(1))
            who = self.seats[i] if i < len(self.seats) else ""
            rest = text[m.end():]
            turn = _TURN.match(rest)
            if turn:
                n = int(turn.group(1))
                rest = f"{n} hour{'s' * (n != 1)} left today"
            return self.names(f"{self.full(i)}{f' ({who})' if who else ''}: {rest}")
        return self.names(text[:1].upper() + text[1:])

    def label(self, s: State, a: Action) -> str:
        """The words of an action's button."""
        g = self.game
        i = s.current
        if isinstance(a, Move):
            # the walk the rules count (the lake and the cave on side 2: rules.reach)
            k = g.reach(s, i).get(a.to, g.board(s).dist[s.space[i]].get(a.to, 0)) - a.sips
            if a.root:
                k -= min(2, k)
            extra = (f", {a.sips} by wineskin" if a.sips else "") + (", wart root" if a.root
                                                                      else "")
            return f"Move to {a.to} ({k} h{extra})"
        if isinstance(a, Fight):
            num = s.creature_at(s.space[i])
            name = g.name(s, num) if num is not None else "creature"
            if not a.allies:
                return f"Fight the {name} alone"
            return f"Fight the {name} with " + " and ".join(self.short(j) for j in a.allies)
        if isinstance(a, Pass):
            return "Pass (1 h)"
        if isinstance(a, EndDay):
            return "End the day"
        if isinstance(a, PickUp):
            return f"Take the {g.article_name(a.item).lower()}"
        if isinstance(a, PutDown):
            return f"Leave the {g.article_name(a.item).lower()}"
        if isinstance(a, Give):
            return f"Give {self.short(a.to)} the {g.article_name(a.item).lower()}"
        if isinstance(a, Light):
            return "Light the fire (2 WP)"
        if isinstance(a, Burn):
            return "Burn the firewood (2 WP)"
        if isinstance(a, LightHearth):
            return "Light her board fire (2 WP)"
        if isinstance(a, LayGem):
            return "Lay a gem here"
        if isinstance(a, Glow):
            return "Make the tablets glow"
        if isinstance(a, Look):
            return f"Look at the token on {a.space}"
        if isinstance(a, Use):
            return f"Eat the {g.article_name(a.item).lower()}"
        b = s.battle
        if isinstance(a, Reroll) and b is not None:
            return f"Roll the {b.rolls[b.waiting][a.die]} again"
        if isinstance(a, TurnDie) and b is not None:
            face = b.rolls[b.waiting][a.die]
            return f"Turn the {face} into a {7 - face}"
        if isinstance(a, KeepDice):
            return "Keep the dice" if b is None or b.phase != "herb" else "Keep the herb"
        if isinstance(a, Stay):
            return "Fight another round"
        if isinstance(a, Leave):
            return "Leave the battle"
        if isinstance(a, Reward):
            if b is not None:
                amount = dict(g.content.creatures[s.kind(b.creature)].reward).get(a.kind, 0)
                return f"Take {amount} {a.kind.upper()}"
            return f"Take {a.kind.upper()}"
        from frostdesk.ui.games.andor_eternal_frost.legend_words import legend_label

        return legend_label(self, s, a) or g.action_text(a)


def order_key(a: Action) -> int:
    """Buttons in the order a player reads them: the fight and the battle's choices first,
    free actions next, passing and ending the day last."""
    first = (Fight, Stay, Reroll, TurnDie, Use, Reward, KeepDice, Leave)
    last = (Pass, EndDay)
    for k, kind in enumerate(first):
        if isinstance(a, kind):
            return k
    for k, kind in enumerate(last):
        if isinstance(a, kind):
            return 50 + k
    return FREE
