"""The 'Free actions…' menu of The Eternal Frost: one submenu per hero (the acting hero first),
and inside a hero's long list one submenu per kind of action (take, leave, hand over, eat,
fires, ...). Other fighting groups, which belong to the turn itself, stay at the top."""

from __future__ import annotations

from collections.abc import Sequence

from frostdesk.games.andor_eternal_frost.state import (
    Action,
    Aside,
    Barter,
    Burn,
    Falcon,
    Give,
    Glow,
    LayGem,
    LeaveIquar,
    Light,
    LightHearth,
    Look,
    MoveFox,
    MoveTranuk,
    PickUp,
    PutDown,
    State,
    TakeIquar,
    Use,
)
from frostdesk.ui.games.andor_eternal_frost.words import FREE, HeroWords, order_key
from frostdesk.ui.kit.menus import MenuEntry, MenuGroup, MenuLeaf, group_by, nest_long

LONG = 8  # a hero's list longer than this is split by kind
CHUNK = 20  # a kind longer than this (Tranuk's and the fox's spaces) is split by space


def spaces(part: list[MenuEntry]) -> str:
    """A slice of moves titled by the spaces it reaches: 'to 402-421'."""
    ends = [e.payload for e in (part[0], part[-1]) if isinstance(e, MenuLeaf)]
    tos = [getattr(a.action if isinstance(a, Aside) else a, "to", None) for a in ends]
    if len(tos) == 2 and None not in tos:
        return f"to {tos[0]}\u2013{tos[1]}"
    return f"{len(part)} more"


# the kinds in the order a player reads them
KINDS: list[tuple[str, tuple[type, ...]]] = [
    ("Take", (PickUp,)),
    ("Leave here", (PutDown,)),
    ("Hand over", (Give,)),
    ("Eat or drink", (Use,)),
    ("Fires", (Light, Burn, LightHearth)),
    ("Gems and tablets", (LayGem, Glow)),
    ("Look at tokens", (Look,)),
    ("Iquar", (TakeIquar, LeaveIquar)),
    ("Barter", (Barter,)),
    ("Falcon", (Falcon,)),
    ("Send Tranuk", (MoveTranuk,)),
    ("Fly the fox", (MoveFox,)),
]


def kind_of(a: Action) -> int:
    """The index of the action's kind in KINDS (its own kind last if none fits)."""
    for n, (_, types) in enumerate(KINDS):
        if isinstance(a, types):
            return n
    return len(KINDS)


def hero_of(s: State, a: Action) -> int:
    """Whose free action this is: the named hero of an aside, else the acting hero."""
    return a.hero if isinstance(a, Aside) else s.current


def free_menu(words: HeroWords, s: State, actions: Sequence[Action]) -> list[MenuEntry]:
    """The menu's entries: the turn's own non-free choices first, then a submenu per hero."""
    turn: list[MenuEntry] = [MenuLeaf(words.label(s, a), a) for a in actions
                             if order_key(a) != FREE and not isinstance(a, Aside)]
    free = [a for a in actions if order_key(a) == FREE or isinstance(a, Aside)]
    heroes = group_by(free, lambda a: hero_of(s, a))
    heroes.sort(key=lambda hg: (hg[0] != s.current, hg[0]))
    out = list(turn)
    for hero, acts in heroes:
        assert isinstance(hero, int)
        inner = [(a.action if isinstance(a, Aside) else a) for a in acts]
        # the player's words without the hero's name in front: the submenu says whose it is
        leaves = sorted(zip(inner, acts, strict=True), key=lambda p: kind_of(p[0]))
        kinds = group_by(leaves, lambda p: kind_of(p[0]))
        groups: list[tuple[str, list[MenuEntry]]] = [
            (KINDS[k][0] if isinstance(k, int) and k < len(KINDS) else "Other",
             [MenuLeaf(words.label(s, i), a) for i, a in ps]) for k, ps in kinds]
        who = f"{words.short(hero)} ({len(acts)})" + (", this turn" if hero == s.current
                                                      else "")
        out.append(MenuGroup(who, nest_long(groups, LONG, CHUNK, spaces)))
    return out
