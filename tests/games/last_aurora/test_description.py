"""Last Aurora in the registry: its entry, its progress words, and a view of a view."""

from __future__ import annotations

from frostdesk.engine.registry import get, load_game
from frostdesk.games.last_aurora.description import DESCRIPTION

from .helpers import G


def test_the_game_is_registered_with_its_bots_and_levels() -> None:
    desc = get("last-aurora")
    assert desc is DESCRIPTION or desc.id == DESCRIPTION.id
    assert (desc.min_players, desc.max_players) == (1, 4)
    assert [lv.bot for lv in desc.levels] == ["easy", "heuristic", "mcts"]
    assert desc.score_name == "fame"
    rules = load_game("last-aurora")
    assert rules.min_players == desc.min_players == 1  # solo, against the Automa
    assert "solo" in " ".join(desc.facts).lower() and "Automa" in desc.blurb


def test_the_automa_level_is_an_option_of_solo_games_only() -> None:
    option = DESCRIPTION.option("automa")
    assert option is not None and option.default == "normal"
    assert [c.value for c in option.choices] == ["easy", "normal", "hard"]
    assert all(c.tip for c in option.choices)
    assert option.applies(1) and not option.applies(2) and not option.applies(4)


def test_the_automa_level_reaches_the_rules_and_the_end_screen_words() -> None:
    assert DESCRIPTION.setup_options is not None and DESCRIPTION.options_text is not None
    options = DESCRIPTION.setup_options({"automa": "Hard"})
    assert options == {"automa": "hard"}
    s = G.new_game({"players": 1, **options}, 2)[0]
    assert s.level == "hard"
    assert DESCRIPTION.options_text(options, 1) == "Solo against the Hard Automa"
    assert DESCRIPTION.options_text(options, 3) == ""
    assert DESCRIPTION.options_problem is not None
    assert DESCRIPTION.options_problem({"automa": "normal"}) == ""
    assert "Easy, Normal or Hard" in DESCRIPTION.options_problem({"automa": "brutal"})


def test_the_seating_leaves_the_automa_out_of_games_with_rivals() -> None:
    from frostdesk.ui.screens.seating import setup_options

    assert setup_options(DESCRIPTION, {"automa": "easy"}, 3) == {}
    assert setup_options(DESCRIPTION, {"automa": "easy"}, 1) == {"automa": "easy"}


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
    solo = G.new_game({"players": 1, "automa": "easy"}, 1)[0]
    assert DESCRIPTION.progress(G, solo) == ("Round 1 of 6 · Aurora at mile 15 · "
                                             "vs the Easy Automa")


def test_a_view_of_a_view_shows_the_same() -> None:
    s = G.new_game({"players": 2}, 3)[0]
    v = G.view(s, 0)
    assert G.fingerprint(G.view(v, 0)) == G.fingerprint(v)
    assert G.view(v, 0).xdeck == v.xdeck and G.view(v, 0).removed == v.removed
