"""The balance report's card ratios (issue 11, item 14): the issue's measure and its split into
what the turn of purchase explains and what the card adds."""

from __future__ import annotations

import pytest

from frostdesk.games import load_game
from frostdesk.games.frontier_stations.balance import _alive_rates, card_ratios


def _game(won: bool, turns: int, bought: dict[str, int]) -> dict[str, object]:
    return {"won": won, "turns": turns, "bought": bought}


def test_a_card_bought_only_by_survivors_is_explained_by_its_turn() -> None:
    game = load_game("frontier-stations")
    results = [
        _game(False, 10, {"solar-cell": 1}),
        _game(False, 10, {}),
        _game(True, 41, {"solar-cell": 1, "mass-converter": 20}),
        _game(True, 41, {"mass-converter": 20}),
    ]
    rows = {r["card"].design: r for r in card_ratios(game, results)}
    late = rows["mass-converter"]
    # Its buyers always win (2x the overall 50%), but every game still running on turn 20
    # won too: the turn explains all of it and the card adds nothing.
    assert late["ratio"] == pytest.approx(2.0)
    assert late["survival"] == pytest.approx(2.0)
    assert late["matched"] == pytest.approx(1.0)
    early = rows["solar-cell"]
    assert early["ratio"] == pytest.approx(1.0) and early["survival"] == pytest.approx(1.0)
    assert rows["reactor"]["buyers"] == 0 and "ratio" not in rows["reactor"]


def test_ratio_is_survival_times_matched() -> None:
    game = load_game("frontier-stations")
    results = [
        _game(False, 12, {"reactor": 3}),
        _game(False, 25, {"reactor": 15}),
        _game(True, 41, {"reactor": 15}),
        _game(True, 41, {}),
        _game(False, 30, {}),
    ]
    row = next(r for r in card_ratios(game, results) if r["card"].design == "reactor")
    assert row["ratio"] == pytest.approx(row["survival"] * row["matched"])
    assert row["ratio"] == pytest.approx((1 / 3) / (2 / 5))
    assert row["turn"] == pytest.approx(11.0)


def test_alive_rates_count_the_games_still_running() -> None:
    results = [_game(False, 5, {}), _game(True, 41, {})]
    alive = _alive_rates(results)
    assert alive[5] == pytest.approx(50.0) and alive[6] == pytest.approx(100.0)
    assert 42 not in alive


def test_the_full_report_keeps_the_crews_section_and_what_follows_it() -> None:
    from frostdesk.games.frontier_stations.balance import with_kept_crews

    old = "# Old report\n\nold tables\n\n## Crews\n\ncrew table\n\n## The planning crew\n\nnotes\n"
    new = with_kept_crews("# New report\n\nnew tables\n", old)
    assert new == ("# New report\n\nnew tables\n\n## Crews\n\ncrew table\n\n"
                   "## The planning crew\n\nnotes")
    # nothing to keep: the report alone
    assert with_kept_crews("# New report\n", "# Old report\n\nold\n") == "# New report\n"
    assert with_kept_crews("# New report\n", "") == "# New report\n"


def test_a_crews_setting_can_name_its_own_number_of_games() -> None:
    from frostdesk.games.frontier_stations.balance import _setting_games, crews_report

    assert _setting_games(("standard:400", "heavy", "light:30"), 100) == {
        "standard": 400, "heavy": 100, "light": 30}
    with pytest.raises(ValueError, match="must be a number"):
        crews_report(5, settings=("standard:lots",))
    with pytest.raises(ValueError, match="at least one game"):
        crews_report(5, settings=("heavy:0",))
    with pytest.raises(ValueError, match="unknown --crew-settings medium"):
        crews_report(5, settings=("medium:3",))
