"""A game's table as its description sets it up, without Qt: the seat words, the bot
levels and their bots, the remembered seats and the one-click quick solo table.

The new-game dialog (new_game.py) shows and edits what this module reads; the main window
starts a `GameConfig` from either. Each game remembers its own table in `last_seats`, every
entry tagged with `"game": <id>`; untagged entries come from older versions, and a game takes
them up when they have exactly its columns.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from frostdesk.engine.registry import BotLevel, GameDescription, Option, get, load_game
from frostdesk.engine.session import Seat

BOT_NAMES = ("Bot Aster", "Bot Boreal", "Bot Cirrus", "Bot Drift", "Bot Eira")
NAME_MAX = 20
SEAT_KEYS = ("name", "kind", "level")
# The levels of a game whose description names none (frostdesk/ai/levels.py's words).
DEFAULT_LEVELS = (BotLevel("easy", "Easy", "easy"), BotLevel("normal", "Normal", "heuristic"),
                  BotLevel("hard", "Hard", "mcts"))


@dataclass
class GameConfig:
    """Everything needed to start a session: Session.new(game, options, seed, seats)."""

    game_id: str
    seats: list[Seat]
    seed: int | None  # None: pick a random seed when the game starts
    options: dict[str, Any] = field(default_factory=dict)  # the game's setup options


# ---------------------------------------------------------------------- words and values


def singular(noun: str) -> str:
    """'seat' for 'seats': enough for the nouns a game names its seats with."""
    return noun[:-1] if noun.endswith("s") and not noun.endswith("ss") else noun


def levels(desc: GameDescription) -> tuple[BotLevel, ...]:
    return desc.levels or DEFAULT_LEVELS


def default_level(desc: GameDescription) -> str:
    keys = [lv.key for lv in levels(desc)]
    return desc.default_level if desc.default_level in keys else keys[0]


def bot_for(desc: GameDescription, game: Any, key: str) -> str:
    """The make_agent name that plays level `key` (the default level's for an unknown key);
    the heuristic bot when this game has no bot of that name."""
    from frostdesk.ai import agent_names

    found = {lv.key: lv for lv in levels(desc)}
    level = found.get(key) or found[default_level(desc)]
    base = level.bot.split(":")[0].split("@")[0]
    return level.bot if base in agent_names(game) else "heuristic"


def per_seat(desc: GameDescription) -> list[Option]:
    return [o for o in desc.options if o.per_seat]


def game_wide(desc: GameDescription) -> list[Option]:
    return [o for o in desc.options if not o.per_seat]


def _checked(option: Option, value: Any) -> Any:
    """`value` when the option accepts it, else the option's default."""
    try:
        return option.check(value)
    except (TypeError, ValueError):
        return option.default


def setup_options(desc: GameDescription, values: dict[str, Any],
                  players: int | None = None) -> dict[str, Any]:
    """The dialog's values (per-seat ones as lists in seat order) as setup options; with
    `players`, without the options that do not apply to that many seats (Option.players);
    without the options whose `needs` the others do not meet."""
    if players is not None:
        values = {k: v for k, v in values.items()
                  if (o := desc.option(k)) is None or o.applies(players)}
    given = dict(values)  # an option that needs another's value (Option.needs) is left out
    values = {k: v for k, v in values.items()
              if (o := desc.option(k)) is None or o.needed(given)}
    return desc.setup_options(dict(values)) if desc.setup_options is not None else dict(values)


def _you(settings: Any) -> str:
    return (getattr(settings, "player_name", "") or "Player").strip() or "Player"


def quick_solo_config(game_id: str, settings: Any) -> GameConfig:
    """The player (settings.player_name) and the bots the game's description asks for
    (`quick_solo_bots`, three unless it says otherwise) at its default level, the default
    options, a random seed and a random first seat."""
    desc = get(game_id)
    game = load_game(game_id)
    you = _you(settings)
    bots = [n for n in BOT_NAMES if n.casefold() != you.casefold()]
    bots = bots[:desc.quick_solo_bot_count()]
    bot = bot_for(desc, game, default_level(desc))
    seats = [Seat(you)] + [Seat(n, "bot", bot) for n in bots]
    values = {o.key: [o.default] * len(seats) if o.per_seat else o.default
              for o in desc.options}
    return GameConfig(game_id, seats, None, setup_options(desc, values, len(seats)))


# ---------------------------------------------------------------------- remembered seats


def _fits(entry: dict[str, Any], desc: GameDescription) -> bool:
    """An untagged entry (an older version's) has exactly this game's columns."""
    extra = set(entry) - set(SEAT_KEYS)
    return extra == {o.key for o in per_seat(desc)}


def mine(entry: Any, desc: GameDescription) -> bool:
    """Whether a remembered seat belongs to this game's table."""
    if not isinstance(entry, dict):
        return False
    if "game" in entry:
        return bool(entry["game"] == desc.id)
    return _fits(entry, desc)


def remembered_seats(desc: GameDescription, settings: Any) -> list[dict[str, Any]]:
    """This game's last table when it is usable, else the player and three bots."""
    entries = [s for s in getattr(settings, "last_seats", None) or []
               if isinstance(s, dict) and s.get("game") == desc.id]
    if not entries:  # an older version's untagged table, when it has this game's columns
        entries = [s for s in getattr(settings, "last_seats", None) or []
                   if isinstance(s, dict) and "game" not in s and _fits(s, desc)]
    keys = [lv.key for lv in levels(desc)]
    seats: list[dict[str, Any]] = []
    for s in entries:
        if not isinstance(s.get("name"), str):
            seats = []
            break
        seat = {"name": s["name"][:NAME_MAX],
                "kind": s.get("kind") if s.get("kind") in ("human", "bot") else "human",
                "level": s.get("level") if s.get("level") in keys else default_level(desc)}
        seat.update({o.key: _checked(o, s.get(o.key, o.default)) for o in per_seat(desc)})
        seats.append(seat)
    lo, hi = desc.min_players, desc.max_players
    if lo <= len(seats) <= hi:
        return seats
    you = _you(settings)
    names = [you] + [n for n in BOT_NAMES if n.casefold() != you.casefold()]
    default = [dict(blank_seat(desc), name=n, kind="human" if i == 0 else "bot")
               for i, n in enumerate(names)]
    return default[:max(lo, min(4, hi))]


def blank_seat(desc: GameDescription) -> dict[str, Any]:
    """A bot seat at the default level with the per-seat defaults (its name still to give)."""
    seat: dict[str, Any] = {"kind": "bot", "level": default_level(desc)}
    seat.update({o.key: o.default for o in per_seat(desc)})
    return seat
