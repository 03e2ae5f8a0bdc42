"""One autosave per game; how Continue names a game in progress; an older version's single
autosave moved to its game's name without losing anything."""

from __future__ import annotations

import json
from pathlib import Path

from frostdesk import autosaves
from frostdesk.autosaves import in_progress, path_for, who_plays
from frostdesk.engine.session import Seat, Session
from frostdesk.games import load_game
from frostdesk.paths import saves_dir

BOTS = [Seat(f"Bot {n}", "bot", "heuristic") for n in ("A", "B", "C")]


def shelter(moves: int = 0, seed: int = 4) -> Session:
    game = load_game("frost-shelter")
    s = Session.new(game, {"first_leader": 0}, seed, [Seat("Ana"), *BOTS])
    for _ in range(moves):
        s.apply(game.legal(s.state)[0])
    return s


def stations() -> Session:
    return Session.new(load_game("frontier-stations"), {}, 3, [Seat("Ana"), *BOTS])


def test_who_plays_in_a_players_words() -> None:
    assert who_plays([Seat("Ana"), *BOTS]) == "you + 3 bots"
    assert who_plays([Seat("Ana"), BOTS[0]]) == "you + 1 bot"
    assert who_plays([Seat("Ana"), Seat("Ben"), BOTS[0]]) == "Ana, Ben + 1 bot"
    assert who_plays([Seat("Ana"), Seat("ana ")]) == "you"  # one person, two seats
    assert who_plays(BOTS) == "3 bots"
    assert who_plays([{"name": "Ana", "kind": "human"}, {"name": "X", "kind": "bot"}],
                     "bot crew") == "you + 1 bot crew"


def test_each_game_says_where_it_stands() -> None:
    assert shelter().progress() == "Event 1 of 3"
    assert stations().progress() == "Turn 1 · 40 threats to go"
    assert shelter().to_json()["progress"] == "Event 1 of 3"


def test_each_game_has_its_own_autosave_and_continue_names_it() -> None:
    a, b = shelter(moves=2), stations()
    a.save(path_for("frost-shelter"))
    b.save(path_for("frontier-stations"))
    assert path_for("frost-shelter") != path_for("frontier-stations")
    texts = {e.game_id: e.text for e in in_progress()}
    assert texts == {"frost-shelter": "Frost Shelter · you + 3 bots · Event 1 of 3",
                     "frontier-stations": "Frontier Stations · you + 3 bot crews · Turn 1 · "
                                          "40 threats to go"}
    autosaves.remove("frost-shelter")
    assert [e.game_id for e in in_progress()] == ["frontier-stations"]


def test_the_latest_game_comes_first() -> None:
    import os

    shelter().save(path_for("frost-shelter"))
    stations().save(path_for("frontier-stations"))
    os.utime(path_for("frost-shelter"), (2_000_000_000, 2_000_000_000))
    assert [e.game_id for e in in_progress()] == ["frost-shelter", "frontier-stations"]
    os.utime(path_for("frontier-stations"), (2_000_000_100, 2_000_000_100))
    assert [e.game_id for e in in_progress()] == ["frontier-stations", "frost-shelter"]


def legacy(session: Session, progress: bool = False) -> Path:
    """An older version's single autosave (which did not store the progress)."""
    data = dict(session.to_json())
    if not progress:
        data.pop("progress")
    path = saves_dir() / "autosave.frostdesk"
    path.write_text(json.dumps(data), encoding="utf-8")
    return path


def test_an_older_single_autosave_moves_to_its_games_name() -> None:
    old = legacy(shelter(moves=5))
    before = json.loads(old.read_text())
    (entry,) = in_progress()
    assert not old.exists() and entry.path == path_for("frost-shelter")
    assert json.loads(entry.path.read_text()) == before  # moved as it was
    assert entry.text == "Frost Shelter · you + 3 bots · Event 1 of 3"  # found by replaying
    assert Session.load(entry.path).records[-1].text == shelter(moves=5).records[-1].text


def test_an_older_autosave_never_overwrites_a_newer_one() -> None:
    newer = shelter(moves=1, seed=9)
    newer.save(path_for("frost-shelter"))
    legacy(shelter(moves=3))
    (entry,) = in_progress()
    assert len(Session.load(entry.path).records) == 1  # the newer game stays in progress
    kept = saves_dir() / autosaves.LEGACY_KEPT
    assert len(Session.load(kept).records) == 3  # and the older one is still there for Load


def test_a_damaged_older_autosave_is_kept_aside_not_offered() -> None:
    path = saves_dir() / "autosave.frostdesk"
    path.write_text('{"format": "frostdesk-save", "vers', encoding="utf-8")
    assert in_progress() == []
    assert (saves_dir() / autosaves.LEGACY_KEPT).read_text().startswith('{"format"')
    path.write_text("{", encoding="utf-8")  # a second one never replaces the first
    in_progress()
    assert (saves_dir() / "autosave from an earlier version 2.frostdesk").read_text() == "{"


def test_a_damaged_autosave_is_still_a_game_in_progress() -> None:
    path_for("frost-shelter").write_text("{", encoding="utf-8")
    (entry,) = in_progress()
    assert entry.text == "Frost Shelter · its autosave is damaged"
