"""One package per game. Nothing below this package imports Qt.

`load_game(id)` builds a game's rules object from its bundled cards (cached), so the CLI, the
app and the tests all get the same object.
"""

from __future__ import annotations

from functools import lru_cache
from typing import Any

# id -> (title, playable). Games that are listed but not yet playable show as "coming".
CATALOGUE: dict[str, tuple[str, bool]] = {
    "frost-shelter": ("Frost Shelter", True),
    "frontier-stations": ("Frontier Stations", True),
    "andor-eternal-frost": ("The Legends of Andor: The Eternal Frost", False),
    "last-aurora": ("Last Aurora: Frozen Steel", False),
}


# id -> (min, max) players, known without loading the game's cards (the start screen shows
# it at launch; a test checks it against the rules object).
PLAYER_COUNTS: dict[str, tuple[int, int]] = {"frost-shelter": (2, 5), "frontier-stations": (1, 6)}


@lru_cache(maxsize=None)
def load_game(game_id: str) -> Any:
    """The rules object for `game_id` with its bundled content; raises KeyError if unknown."""
    from frostdesk.paths import cards_dir

    if game_id == "frost-shelter":
        from frostdesk.games.frost_shelter.content import load_content
        from frostdesk.games.frost_shelter.rules import FrostShelter

        return FrostShelter(load_content(cards_dir(game_id)))
    if game_id == "frontier-stations":
        from frostdesk.games.frontier_stations.content import load_content as load_stations
        from frostdesk.games.frontier_stations.rules import FrontierStations

        return FrontierStations(load_stations(cards_dir(game_id)))
    raise KeyError(game_id)


def playable() -> list[str]:
    return [gid for gid, (_, ok) in CATALOGUE.items() if ok]
