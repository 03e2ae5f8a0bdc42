"""The player's record: finished games, counted once per deal, readable after damage."""

from __future__ import annotations

import json
from pathlib import Path

from frostdesk import records
from frostdesk.ai import make_agent
from frostdesk.engine.session import Seat, Session
from frostdesk.games import load_game
from frostdesk.ui.screens.record import record_line, strongest_level


def finished(game_id: str, seats: list[Seat], seed: int, **options: object) -> Session:
    """A session played to its end by heuristic bots standing in for every seat."""
    game = load_game(game_id)
    session = Session.new(game, dict(options), seed, seats)
    agent = make_agent(game, "heuristic", seed)
    while (seat := session.to_move()) is not None:
        view = game.view(session.state, seat)
        session.apply(agent.choose(game, view, game.legal(view), seat))
    return session


def result(game: str = "frost-shelter", key: str = "k", places: tuple[int, ...] = (1, 2),
           bots: tuple[str, ...] = ("mcts",), coop: bool | None = None,
           humans: tuple[str, ...] = ("Ana",), **options: object) -> records.Result:
    seats = tuple({"name": n, "kind": "human", "bot": ""} for n in humans) + \
        tuple({"name": f"Bot {i}", "kind": "bot", "bot": b} for i, b in enumerate(bots))
    return records.Result(game, key, "2026-11-29 12:00", seats, places, coop, dict(options))


def test_a_finished_game_is_recorded_once_per_deal(tmp_path: Path) -> None:
    path = tmp_path / "results.jsonl"
    seats = [Seat("Ana"), Seat("Bot B", "bot", "mcts"), Seat("Bot C", "bot", "easy")]
    session = finished("frost-shelter", seats, 4)
    r = records.result_of(session)
    assert r is not None and r.game == "frost-shelter" and len(r.places) == 3
    assert r.won == (session.game.outcome(session.state).places[0] == 1)
    assert records.add(r, path)
    assert not records.add(records.result_of(session), path)  # the same deal again
    assert [x.key for x in records.load(path)] == [r.key]
    other = finished("frost-shelter", seats, 5)  # another deal counts
    assert records.add(records.result_of(other), path)
    assert len(records.load(path)) == 2


def test_an_unfinished_game_has_no_result() -> None:
    game = load_game("frost-shelter")
    session = Session.new(game, {}, 1, [Seat("Ana"), Seat("Bot", "bot", "heuristic")])
    assert records.result_of(session) is None


def test_damaged_lines_are_skipped_and_the_rest_still_counts(tmp_path: Path) -> None:
    path = tmp_path / "results.jsonl"
    records.add(result(key="a"), path)
    with path.open("a", encoding="utf-8") as fh:
        fh.write('{"format": "frostdesk-result", "game": "frost-shel\n')  # cut short
        fh.write(json.dumps({"format": "something-else"}) + "\n")
        fh.write(json.dumps({**result(key="x").to_json(), "places": [1]}) + "\n")  # 2 seats
        fh.write("\x00\x01 not json")  # no newline: a write cut short
    records.add(result(key="b", places=(2, 1)), path)
    assert [r.key for r in records.load(path)] == ["a", "b"]
    assert records.load(tmp_path / "missing.jsonl") == []


def test_who_won_and_what_counts_in_a_record() -> None:
    assert result(places=(1, 2)).won and not result(places=(2, 1)).won
    assert result(places=(1, 1)).won  # a shared first place is a win
    # a cooperative game: the team's result, whoever sat where
    assert result(coop=True, places=(1, 1)).won and not result(coop=False, places=(2, 2)).won
    assert result(coop=True, places=(1, 1, 1), humans=("Ana", "Ben")).counts_in_record
    # two people playing each other are counted apart; bots alone are not counted
    friends = result(places=(1, 2, 3), humans=("Ana", "Ben"))
    assert not friends.counts_in_record and friends.won
    assert not result(places=(1, 2), humans=()).counts_in_record
    # one person running two seats is still one person against bots
    assert result(places=(2, 1, 3), humans=("Ana", "Ana")).counts_in_record


def test_summary_and_the_line_on_the_screens() -> None:
    rs = [result(key="1", places=(1, 2), bots=("mcts", "easy")),
          result(key="2", places=(2, 1), bots=("mcts",)),
          result(key="3", places=(1, 2), bots=("heuristic",)),
          result(key="4", places=(1, 2, 3), humans=("Ana", "Ben"), bots=()),
          result(game="frontier-stations", key="5", places=(1, 1), coop=True),
          result(game="frontier-stations", key="6", places=(2, 2), coop=False, nexus="light"),
          result(game="frontier-stations", key="7", places=(2, 2), coop=False)]
    s = records.summary(rs, "frost-shelter", strongest_level)
    assert (s.played, s.won, s.with_friends) == (3, 2, 1)
    assert s.groups == {"Hard": [1, 2], "Normal": [1, 1]}
    assert record_line("frost-shelter", rs) == (
        "Your record: 2 wins in 3 games against bots (Hard 1 of 2, Normal 1 of 1)"
        " · 1 game with friends")
    assert record_line("frontier-stations", rs) == (
        "Your record: 1 of 3 games won (Harder 0 of 1, Standard 1 of 2)")
    assert record_line("frontier-stations", rs[4:5]) == "Your record: 1 of 1 game won"
    assert record_line("andor-eternal-frost", rs) == ""
