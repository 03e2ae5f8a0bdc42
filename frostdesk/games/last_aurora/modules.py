"""Frozen Steel's five modules: their ids, names and one-line summaries, which are built, and
how the `modules` option is read (the dialog's tuple, a saved list, or the command line's
"exploration,asgard").

No modules is the base game. A module not built yet is never offered: the dialog shows no
box for it and setting it up says it is not available yet.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import NamedTuple


class Module(NamedTuple):
    # (a NamedTuple: the game's description lists the modules at start-up)
    id: str
    name: str
    summary: str
    min_players: int = 0  # the fewest players it works with (0: any), and why
    needs: str = ""


MODULES = (
    Module("exploration", "New Exploration deck",
           "22 new Exploration cards, 12 new Objects and junk weapons fired with Objects."),
    Module("asgard", "The Asgard clan",
           "Self-repairing raiders with defense cells and Asgard armor to loot."),
    Module("crew", "Asymmetric crew",
           "Each convoy starts with one of four two-survivor crews."),
    Module("story", "Story cards",
           "Forty short stories met on the road, with checks and tasks."),
    Module("pvp", "Player vs. Player",
           "Convoys shoot at each other; evasion and aggression tracks.", 2,
           "there is no attack on the Automa, so it is not played solo"),
)
IDS = tuple(m.id for m in MODULES)
# The modules a game may be set up with today, in the order above.
BUILT: tuple[str, ...] = (
    "exploration",
    "asgard",
    "crew",
    "story",
    "pvp",
)
STORY = "story"  # Module 4 (story.py)


def available() -> tuple[Module, ...]:
    return tuple(m for m in MODULES if m.id in BUILT)


def name(module_id: str) -> str:
    return next((m.name for m in MODULES if m.id == module_id), module_id)


def parse(options: Mapping[str, object]) -> tuple[str, ...]:
    """The modules an options mapping asks for, in the order of MODULES; ValueError in a
    player's words for an id that is no module, or one not available yet."""
    value = options.get("modules", ())
    if value is None:
        return ()
    if isinstance(value, str):
        text = value.strip()
        words = [] if text.lower() in ("", "none", "base") else \
            [w.strip().lower() for w in text.split(",")]
    elif isinstance(value, list | tuple | set | frozenset):
        words = [str(w).strip().lower() for w in value]
    else:
        raise ValueError(f"modules must be a list of module ids, such as "
                         f"exploration,asgard (not {value!r})")
    for word in words:
        if word not in IDS:
            raise ValueError(f"{word!r} is not a Frozen Steel module; the modules are "
                             + ", ".join(IDS))
    for word in words:
        if word not in BUILT:
            raise ValueError(f"module {word} ({name(word)}) is not available yet"
                             + (f"; available: {', '.join(BUILT)}" if BUILT else ""))
    return tuple(m for m in IDS if m in set(words))


# The optional Mine (card 111, mine.py) is no module, but its option is read here too: both
# the game's description and its rules need it, and this file is cheap to import.
_ON = ("true", "yes", "on", "1")
_OFF = ("false", "no", "off", "0", "")


def mine_on(options: Mapping[str, object]) -> bool:
    """Whether the options ask for the optional Mine; ValueError in a player's words for a
    value that is neither on nor off."""
    value = options.get("mine", False)
    if isinstance(value, bool):
        return value
    if isinstance(value, int) and value in (0, 1):
        return bool(value)
    text = str(value).strip().lower()
    if text in _ON:
        return True
    if text in _OFF:
        return False
    raise ValueError(f"the Mine is on or off (mine=true or mine=false), not {value!r}")
