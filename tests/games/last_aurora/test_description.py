"""Last Aurora in the registry: its entry, its progress words, and a view of a view."""

from __future__ import annotations

from frostdesk.engine.registry import get, load_game
from frostdesk.games.last_aurora.description import DESCRIPTION

from .helpers import G


def test_the_game_is_registered_with_its_bots_and_levels() -> None:
    desc = get("last-aurora")
    assert desc is DESCRIPTION or desc.id == DESCRIPTION.id
    assert (desc.min_players, desc.max_players) == (2, 4)
    assert [lv.bot for lv in desc.levels] == ["easy", "heuristic", "mcts"]
    assert desc.score_name == "fame"
    rules = load_game("last-aurora")
    assert rules.min_players == desc.min_players  # solo waits for the Automa


def test_progress_names_the_round_and_the_aurora() -> None:
    s = G.new_game({"players": 3}, 1)[0]
    assert DESCRIPTION.progress is not None
    assert DESCRIPTION.progress(G, s) == "Round 1 of 6 · Aurora at mile 15"
    s.round, s.aurora, s.boarded, s.board_round = 5, 21, [0], 5
    assert DESCRIPTION.progress(G, s) == "Round 5 of 6 · Aurora at mile 21 · last call"
    s.round = 6
    assert DESCRIPTION.progress(G, s).endswith("final round")
    s.phase = "over"
    assert DESCRIPTION.progress(G, s) == "Finished"


def test_a_view_of_a_view_shows_the_same() -> None:
    s = G.new_game({"players": 2}, 3)[0]
    v = G.view(s, 0)
    assert G.fingerprint(G.view(v, 0)) == G.fingerprint(v)
    assert G.view(v, 0).xdeck == v.xdeck and G.view(v, 0).removed == v.removed
