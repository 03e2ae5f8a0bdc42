"""Undo barriers, autosave-safe saving, and clear errors for bad saves."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from frostdesk.engine.session import SaveError, Seat, Session
from frostdesk.games.frost_shelter.state import Collect, Play
from fs_helpers import GAME


def two_humans() -> Session:
    return Session.new(GAME, {"first_leader": 0}, 4, [Seat("Ana"), Seat("Bo")])


def test_undo_own_move_before_anyone_else_acts() -> None:
    s = two_humans()
    before = GAME.fingerprint(s.state)
    s.apply(Play(s.state.hands[0][0]))  # Ana leads; Bo has not acted yet
    assert s.to_move() == 1
    assert s.undo_point(0) == 0
    assert s.undo(0)
    assert GAME.fingerprint(s.state) == before and s.to_move() == 0


def test_another_players_move_is_a_barrier() -> None:
    s = two_humans()
    s.apply(Play(s.state.hands[0][0]))  # Ana leads
    s.apply(Play(s.state.hands[1][0]))  # Bo follows: Ana may no longer take hers back
    assert s.undo_point(0) is None
    assert not s.undo(0)
    assert len(s.records) == 2


def test_chance_is_a_barrier_but_casual_undo_lifts_it_against_bots() -> None:
    s = Session.new(GAME, {"first_leader": 0}, 4, [Seat("Ana"), Seat("Bot", "bot")])
    s.apply(Play(s.state.hands[0][0]))  # Ana leads
    s.apply(GAME.legal(s.state)[0])  # the bot follows
    assert s.undo_point(0) is None  # the bot's move is a barrier
    assert s.undo_point(0, casual=True) == 0
    assert s.undo(0, casual=True) and len(s.records) == 0


def test_save_is_atomic_and_loads(tmp_path: Path) -> None:
    s = two_humans()
    s.apply(GAME.legal(s.state)[0])
    path = tmp_path / "a.frostdesk"
    s.save(path)
    assert not list(tmp_path.glob("*.tmp"))
    assert Session.load(path).records[0].text == s.records[0].text


@pytest.mark.parametrize("content, message", [
    ("", "is empty"),
    ('{"format": "frostdesk-save", "version": 1, "game": "fro', "truncated or corrupt"),
    ("\x00\x01garbage", "truncated or corrupt"),
    ('{"hello": "world"}', "not a frostdesk save"),
    ('{"format": "frostdesk-save", "version": 1, "game": "chess"}', "game this version"),
    ('{"format": "frostdesk-save", "version": 99}', "unknown save version"),
])
def test_bad_saves_give_one_clear_line(tmp_path: Path, content: str, message: str) -> None:
    path = tmp_path / "bad.frostdesk"
    path.write_text(content)
    with pytest.raises(SaveError, match=message) as info:
        Session.load(path)
    assert "\n" not in str(info.value)


def test_missing_save(tmp_path: Path) -> None:
    with pytest.raises(SaveError, match="does not exist"):
        Session.load(tmp_path / "nope.frostdesk")


def test_tampered_action_is_reported(tmp_path: Path) -> None:
    s = two_humans()
    s.apply(GAME.legal(s.state)[0])
    path = tmp_path / "t.frostdesk"
    s.save(path)
    data = json.loads(path.read_text())
    data["actions"][0]["action"] = "collect fuel-1"
    path.write_text(json.dumps(data))
    with pytest.raises(SaveError, match="action 1 of 1 cannot be replayed"):
        Session.load(path)


def test_a_save_from_other_rules_that_no_longer_replays_says_so(tmp_path: Path) -> None:
    s = two_humans()
    s.apply(GAME.legal(s.state)[0])
    path = tmp_path / "old.frostdesk"
    s.save(path)
    data = json.loads(path.read_text())
    data["ruleset_hash"] = "0123456789abcdef"  # made with other cards or rules
    data["actions"][0]["action"] = "collect fuel-1"  # which allowed what these do not
    path.write_text(json.dumps(data))
    with pytest.raises(SaveError, match="made with other rules or cards .*'0123456789abcdef'.*"
                       "action 1 of 1 is not allowed by the current rules") as info:
        Session.load(path)
    assert "\n" not in str(info.value)


def test_failed_load_leaves_the_autosave_alone(tmp_path: Path) -> None:
    s = two_humans()
    auto = tmp_path / "autosave.frostdesk"
    s.save(auto)
    before = auto.read_bytes()
    bad = tmp_path / "bad.frostdesk"
    bad.write_text("{")
    with pytest.raises(SaveError):
        Session.load(bad)
    assert auto.read_bytes() == before


def test_collect_action_text_round_trips() -> None:
    a = Collect((3, 17))
    assert GAME.parse_action(GAME.action_text(a)) == a


def test_the_session_keeps_every_actions_events_through_play_load_and_undo(
        tmp_path: Path) -> None:
    import random

    from frostdesk.games import load_game

    game = load_game("frost-shelter")
    s = Session.new(game, {}, 5, [Seat("Ana"), Seat("Bo", "bot"), Seat("Cy", "bot")])
    rng = random.Random(1)
    played = [s.apply(rng.choice(list(game.legal(s.state)))) for _ in range(12)]
    assert s.events == played and len(s.events) == len(s.records)
    path = tmp_path / "g.frostdesk"
    s.save(path)
    loaded = Session.load(path)
    assert [[e.to_json() for e in b] for b in loaded.events] == \
        [[e.to_json() for e in b] for b in played]
    assert s.undo(0, casual=True)  # Ana takes back her latest move; the bots' go with it
    assert len(s.events) == len(s.records) == len(s.states) - 1 < 12
    assert s.events == played[:len(s.records)]
