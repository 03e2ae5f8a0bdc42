"""The registry finds games through entry points and says clearly when one is missing."""

from __future__ import annotations

from unittest import mock

import pytest

from frostdesk.engine import registry
from frostdesk.engine.registry import Option, UnknownGame


def test_the_bundled_games_are_found_through_entry_points() -> None:
    names = [name for name, _ in registry._entry_points()]
    assert set(names) >= {"frost-shelter", "frontier-stations"}
    assert registry.broken() == {}
    for desc in registry.games():
        game = registry.load_game(desc.id)
        assert (game.id, game.title) == (desc.id, desc.title)
        assert (game.min_players, game.max_players) == (desc.min_players, desc.max_players)


def test_without_metadata_the_bundled_packages_are_found_by_their_descriptions() -> None:
    with mock.patch("importlib.metadata.entry_points", return_value=[]), \
            mock.patch.object(registry, "_path_key", return_value=[["no metadata", 1]]):
        found = registry._entry_points()
    values = [v for _, v in found]
    assert "frostdesk.games.frost_shelter.description:DESCRIPTION" in values
    assert all(v.endswith(".description:DESCRIPTION") for v in values)


def test_entry_points_are_read_from_the_cache_until_an_import_path_changes() -> None:
    first = registry._entry_points()  # scans and writes the cache
    assert ("frost-shelter", "frostdesk.games.frost_shelter.description:DESCRIPTION") in first
    with mock.patch("importlib.metadata.entry_points", side_effect=AssertionError("scanned")):
        assert registry._entry_points() == first  # nothing installed since: no scan
    other = [("toy", "toy.description:DESCRIPTION")]
    with mock.patch("importlib.metadata.entry_points", return_value=[]) as scan, \
            mock.patch.object(registry, "_path_key", return_value=[["changed", 2]]):
        scan.return_value = [mock.Mock(name="ep", value=other[0][1])]
        scan.return_value[0].name = "toy"
        assert registry._entry_points() == other  # an import path changed: scanned again
    from frostdesk.paths import cache_dir

    (cache_dir() / "entry-points.json").write_text("{not json", encoding="utf-8")
    assert registry._entry_points() == first  # a broken cache is only a fresh scan


def test_an_unknown_game_gets_a_clear_message_naming_the_installed_ones() -> None:
    with pytest.raises(UnknownGame) as err:
        registry.get("chess")
    text = str(err.value)
    assert "unknown game 'chess'" in text and "frost-shelter" in text
    with pytest.raises(KeyError):  # callers that catch KeyError keep working
        registry.load_game("chess")


@pytest.mark.expect_errors("game 'zzz-broken' could not be loaded")
def test_a_broken_entry_point_is_reported_and_the_others_still_load(
        caplog: pytest.LogCaptureFixture) -> None:
    broken = [("zzz-broken", "frostdesk.no_such_module:DESCRIPTION"),
              ("frost-shelter", "frostdesk.games.frost_shelter.description:DESCRIPTION")]
    registry._installed.cache_clear()
    registry._broken.clear()
    try:
        with mock.patch.object(registry, "_entry_points", return_value=broken):
            assert [d.id for d in registry._installed()] == ["frost-shelter"]
        assert "zzz-broken" in registry.broken()
        with pytest.raises(UnknownGame, match="installed but broken"):
            registry.get("zzz-broken")
    finally:
        registry._installed.cache_clear()
        registry._broken.clear()
    assert any("could not be loaded" in r.message for r in caplog.records)


def test_options_check_their_values() -> None:
    beacons = Option("beacons", "Beacons", "int", 2, minimum=0, maximum=4)
    assert beacons.check("3") == 3 and beacons.check("+1") == 1
    with pytest.raises(ValueError, match="between 0 and 4"):
        beacons.check(9)
    flag = Option("fast", "Fast", "bool", False)
    assert flag.check("yes") is True and flag.check(False) is False
    with pytest.raises(ValueError):
        flag.check("maybe")


def test_seat_values_reads_a_per_seat_option_from_the_dialog_or_the_command_line() -> None:
    from frostdesk.engine.registry import seat_values

    assert seat_values({"hero": ["wizard", "dwarf"]}, "hero") == ["wizard", "dwarf"]
    assert seat_values({"side": (0, 1)}, "side") == ["0", "1"]
    assert seat_values({"nexus": "heavy"}, "nexus") == ["heavy"]  # one value for every seat
    assert seat_values({}, "nexus", ["standard"]) == ["standard"]
    assert seat_values({}, "hero") == []
