"""The button words of the actions legends 2-4 add to The Eternal Frost (moving Tranuk and the
fox, taking and leaving an Iquar, bartering, the falcon's exchange, and any free action taken
outside one's own turn), in a player's words rather than the save's short text."""

from __future__ import annotations

from typing import TYPE_CHECKING

from frostdesk.games.andor_eternal_frost.state import (
    Action,
    Aside,
    Barter,
    Falcon,
    Land,
    LeaveIquar,
    MoveFox,
    MoveTranuk,
    Send,
    State,
    TakeIquar,
)

if TYPE_CHECKING:
    from frostdesk.ui.games.andor_eternal_frost.words import HeroWords


def legend_label(words: HeroWords, s: State, a: Action) -> str | None:
    """The words of a legend action's button, or None for another action."""
    g = words.game

    def article(item: str) -> str:
        return g.article_name(item).lower()

    if isinstance(a, MoveTranuk):
        return f"Send Tranuk to {a.to}"
    if isinstance(a, MoveFox):
        return f"Fly the fox to {a.to}" + (" and look under its token" if a.look else "")
    if isinstance(a, TakeIquar):
        return f"Take the {a.name.replace('_', ' ')} Iquar along"
    if isinstance(a, LeaveIquar):
        return f"Leave the {a.name.replace('_', ' ')} Iquar here"
    if isinstance(a, Barter):
        return f"Swap the {article(a.give)} for the merchant's {article(a.take)}"
    if isinstance(a, Falcon):
        return f"Send the falcon to {words.short(a.hero)}"
    if isinstance(a, Send) and s.flight:
        to = s.flight[1] if s.flight[0] == a.frm else s.flight[0]
        return f"The falcon carries the {article(a.item)} from {words.short(a.frm)} to " \
               f"{words.short(to)}"
    if isinstance(a, Land):
        return "The falcon lands (end the exchange)"
    if isinstance(a, Aside):
        return f"{words.short(a.hero)}: {words.label(s, a.action)}"
    return None
