"""Undo barriers, autosave-safe saving, and clear errors for bad saves."""

from __future__ import annotations

import builtins
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


def test_one_persons_seats_undo_as_one_player() -> None:
    """One person running two seats: the latest move of either is theirs to take back."""
    s = two_humans()
    s.apply(Play(s.state.hands[0][0]))  # seat 0 leads; seat 1 is the same person's
    s.apply(Play(s.state.hands[1][0]))
    assert s.undo_point(1) == 1 and s.undo_point({0, 1}) == 1
    assert s.undo({0, 1}) and s.undo_point({0, 1}) == 0  # and the one before it
    assert s.undo_point(1) is None  # seat 1 alone: seat 0's move is another player's


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


# Every name of a Python exception class: none may reach a player.
EXCEPTION_NAMES = sorted(n for n, v in vars(builtins).items()
                         if isinstance(v, type) and issubclass(v, BaseException))


def good_save() -> dict:
    s = two_humans()
    s.apply(GAME.legal(s.state)[0])
    return json.loads(json.dumps(s.to_json()))


def damaged(**changes: object) -> str:
    data = good_save()
    for key, value in changes.items():
        if value is ...:
            del data[key]
        else:
            data[key] = value
    return json.dumps(data)


HEADER = '{"format": "frostdesk-save", "version": 1, "game": "frost-shelter"'
CORRUPT = [
    ("", "is empty"),
    ("   \n", "is empty"),
    (HEADER[:30], "truncated or corrupt"),
    ("\x00\x01garbage", "truncated or corrupt"),
    ("[" * 100000, "truncated or corrupt"),
    ("[1, 2, 3]", "not a frostdesk save"),
    ('"text"', "not a frostdesk save"),
    ('{"hello": "world"}', "not a frostdesk save"),
    ('{"format": "frostdesk-save", "version": 1, "game": "chess"}', "game this version"),
    ('{"format": "frostdesk-save", "version": 1, "game": ["x"]}', "game this version"),
    ('{"format": "frostdesk-save", "version": 1}', "which game"),
    ('{"format": "frostdesk-save", "version": 99}', "unknown save version"),
    (HEADER + "}", "its players are missing"),
    (damaged(seats="Ana and Bo"), "its players cannot be read"),
    (damaged(seats=[1, 2]), "its players cannot be read"),
    (damaged(seats=[{"nom": "Ana"}, {"name": "Bo"}]), "its players cannot be read"),
    (damaged(seats=[{"name": "Ana", "colour": "red"}, {"name": "Bo"}]),
     "its players cannot be read"),
    (damaged(seats=[{"name": f"P{i}"} for i in range(7)]), "do not fit Frost Shelter"),
    (damaged(options=...), "its game options are missing"),
    (damaged(options=[1]), "its game options cannot be read"),
    (damaged(options={"first_leader": "x"}), "Frost Shelter"),
    (damaged(seed="twelve"), "its deal \\(seed\\) cannot be read"),
    (damaged(seed=None), "its deal \\(seed\\) cannot be read"),
    (damaged(seed=True), "its deal \\(seed\\) cannot be read"),
    (damaged(actions={"a": 1}), "its moves cannot be read"),
    (damaged(actions=[5]), "move 1 of 1 cannot be replayed \\(it is not a move\\)"),
    (damaged(actions=[{"seat": 0}]), "move 1 of 1 cannot be replayed"),
    (damaged(actions=[{"seat": 0, "action": 7}]), "move 1 of 1 cannot be replayed"),
    (damaged(actions=[{"seat": 0, "action": "play nothing-9"}]), "move 1 of 1"),
    (damaged(actions=[{"seat": 1, "action": "x"}]), "move 1 of 1"),
]


@pytest.mark.parametrize("content, message", CORRUPT)
def test_corrupt_saves_are_told_in_a_players_words(tmp_path: Path, content: str,
                                                   message: str) -> None:
    path = tmp_path / "bad.frostdesk"
    path.write_text(content, encoding="utf-8")
    with pytest.raises(SaveError, match=message) as info:
        Session.load(path)
    text = str(info.value)
    assert "\n" not in text and text.startswith("bad.frostdesk ")
    assert not [n for n in EXCEPTION_NAMES if n in text], text
    assert "Traceback" not in text and "<" not in text  # no object reprs either



def test_a_folder_or_binary_data_is_no_save_and_says_so(tmp_path: Path) -> None:
    folder = tmp_path / "folder.frostdesk"
    folder.mkdir()
    binary = tmp_path / "binary.frostdesk"
    binary.write_bytes(bytes(range(128, 256)) * 4)
    for path, message in ((folder, "is a folder, not a saved game"),
                          (binary, "holds data that is not text")):
        with pytest.raises(SaveError, match=message) as info:
            Session.load(path)
        assert not [n for n in EXCEPTION_NAMES if n in str(info.value)], str(info.value)


def test_a_save_that_cannot_be_opened_says_why(tmp_path: Path,
                                               monkeypatch: pytest.MonkeyPatch) -> None:
    path = tmp_path / "locked.frostdesk"
    path.write_text(damaged())

    def refuse(self: Path, *args: object, **kwargs: object) -> str:
        raise PermissionError(13, "Permission denied", str(self))

    monkeypatch.setattr(Path, "read_text", refuse)
    with pytest.raises(SaveError, match="you do not have permission to read it") as info:
        Session.load(path)
    assert not [n for n in EXCEPTION_NAMES if n in str(info.value)]


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
    with pytest.raises(SaveError, match="move 1 of 1 cannot be replayed"):
        Session.load(path)


def test_a_save_from_older_rules_is_refused_in_plain_words(tmp_path: Path) -> None:
    # card data changed since the save (its ruleset hash differs) and its actions no longer
    # replay: the player hears why, not a replay error
    s = two_humans()
    s.apply(GAME.legal(s.state)[0])
    path = tmp_path / "old.frostdesk"
    s.save(path)
    data = json.loads(path.read_text())
    data["ruleset_hash"] = "0123456789abcdef"
    data["actions"][0]["action"] = "collect fuel-1"
    path.write_text(json.dumps(data))
    with pytest.raises(SaveError, match="saved by an older version of Frost Shelter whose "
                                        "rules or cards have changed since") as info:
        Session.load(path)
    assert "start a new game" in str(info.value) and "\n" not in str(info.value)


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


def test_redo_puts_back_what_each_undo_took_until_a_new_move() -> None:
    s = Session.new(GAME, {"first_leader": 0}, 4, [Seat("Ana"), Seat("Bot", "bot")])
    assert not s.redo()  # nothing taken back yet
    s.apply(Play(s.state.hands[0][0]))  # Ana leads
    s.apply(GAME.legal(s.state)[0])  # the bot follows
    after_one = (GAME.fingerprint(s.state), [r.text for r in s.records], len(s.events))
    s.apply(GAME.legal(s.state)[0])
    after_two = (GAME.fingerprint(s.state), [r.text for r in s.records], len(s.events))
    states = list(s.states)
    assert s.undo(1, casual=True)  # the bot's second move
    assert s.undo(0, casual=True) and not s.records  # then Ana's lead and the bot's answer
    assert s.redo()
    assert (GAME.fingerprint(s.state), [r.text for r in s.records], len(s.events)) == after_one
    assert s.redo()
    assert (GAME.fingerprint(s.state), [r.text for r in s.records], len(s.events)) == after_two
    assert s.states == states and not s.redo()
    # a move after an undo forgets what was taken back: history went another way
    assert s.undo(1, casual=True) and s.undone
    s.apply(GAME.legal(s.state)[-1])
    assert not s.undone and not s.redo()
