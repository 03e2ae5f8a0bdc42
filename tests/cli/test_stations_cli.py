"""Frontier Stations on the command line: simulate's summary and options, a referee that
re-checks the rules from the --log stream alone, and the balance report's sections."""

from __future__ import annotations

import json
from collections import defaultdict
from pathlib import Path
from typing import Any

import pytest

from frostdesk.cli import main


def simulate(capsys, *args: str) -> dict[str, Any]:  # noqa: ANN001
    assert main(["simulate", "frontier-stations", "--json", *args]) == 0
    return json.loads(capsys.readouterr().out)


def test_summary_counts_team_wins_in_every_seat(capsys) -> None:  # noqa: ANN001
    s = simulate(capsys, "--players", "3", "--bots", "heuristic", "--games", "3", "--seed", "4")
    assert s["game"] == "frontier-stations" and s["errors"] == 0
    assert len(set(s["wins"])) == 1 and 0 <= s["wins"][0] <= 3
    assert s["win_rate"] == round(s["wins"][0] / 3, 4)
    assert 1 < s["mean_turns"] <= 41


def test_options_reach_the_game(capsys, tmp_path: Path) -> None:  # noqa: ANN001
    log = tmp_path / "games.jsonl"
    s = simulate(capsys, "--players", "2", "--bots", "random", "--games", "1", "--seed", "2",
                 "--option", "nexus=heavy", "--option", "price=+1", "--option", "beacons=3",
                 "--log", str(log))
    # the summary shows the options as the game got them (shaped as the dialog shapes them)
    assert s["options"] == {"nexus": "heavy", "price": 1, "beacons": 3}
    setup = [json.loads(line) for line in log.read_text().splitlines()][1]
    assert setup["type"] == "setup"
    assert setup["nexus"] == ["heavy", "heavy"] and setup["price"] == 1
    assert setup["beacons"] == 3


def test_bad_option_is_a_clear_error(capsys) -> None:  # noqa: ANN001
    assert main(["simulate", "frontier-stations", "--players", "2", "--games", "1",
                 "--option", "nexus=huge"]) == 2
    err = capsys.readouterr().err
    assert "nexus" in err and "Traceback" not in err and len(err.strip().splitlines()) == 1


def referee(lines: list[dict[str, Any]]) -> dict[str, int]:
    """Re-check a game from its log alone: every station's tokens from the setup, payments,
    productions and purchases (never negative, matching what each production reports), and
    on which card each token sits (every token placed on or taken off a named card); one
    die while early threats remain, two after; purchases paid exactly: price - die in energy;
    threats drawn in the order the hidden deck line gives, never one set aside unseen; only
    the Captain decides a beacon; every salvage names the destroy that set it off."""
    res: dict[int, list[int]] = {}
    cards: dict[int, list[list[int]]] = {}
    early_left = 20
    decks: dict[str, list[str]] = {}
    captain = -1
    last_destroyed: dict[str, Any] = {}
    counts: dict[str, int] = defaultdict(int)
    for e in lines:
        kind = e["type"]
        counts[kind] += 1
        if kind == "setup" and "resources" in e:
            res = {i: list(r) for i, r in enumerate(e["resources"])}
            cards = {i: [list(c) for c in st] for i, st in enumerate(e["held"])}
            captain = e["captain"]
        if kind == "decks_prepared":
            decks = {k: list(e[k]) for k in ("early", "late", "early_out", "late_out")}
            assert len(decks["early_out"]) == len(decks["late_out"]) == 5
            assert not set(decks["early_out"]) & set(decks["early"])
        if kind in ("turn", "captain_passed"):
            captain = e["captain"]
        if kind == "action" and e["action"].startswith(("beacon", "hold")):
            assert e["seat"] == captain, e  # only the Captain decides a beacon
        if kind == "beacon":
            assert e["captain"] == captain, e
        if kind == "roll":
            assert len(e["dice"]) == (1 if early_left else 2), e
            assert e["total"] == sum(e["dice"])
        if kind in ("threat_paid", "installed", "upgraded", "destroyed"):
            for st, spent in e["spent"].items():
                for r in range(5):
                    res[int(st)][r] -= spent[r]
                    assert res[int(st)][r] >= 0, e
            for st, slot, r, k in e["taken"]:  # each token leaves a named card holding it
                cards[st][slot][r] -= k
                assert cards[st][slot][r] >= 0, e
            for st, spent in e["spent"].items():
                taken = [sum(k for s2, _, r2, k in e["taken"] if s2 == int(st) and r2 == r)
                         for r in range(5)]
                assert taken == spent, e
        if kind == "installed":
            cards[e["station"]].append([0] * 5)
        if kind in ("installed", "upgraded"):
            energy = sum(units for _st, _spent, want, units in e["parts"] if want == 0)
            assert energy == max(0, e["cost"] - e["die_value"]), e
            assert {st for st, *_ in e["parts"]} <= {e["station"]}, "only the buyer pays"
        if kind == "destroyed":
            energy = sum(units for _st, _spent, want, units in e["parts"] if want == 0)
            assert energy >= max(0, e["credits"] - e["die_value"]), e
            last_destroyed = {"area": e["area"], "threat": e["threat"]}
        if kind == "produced":
            st = e["station"]
            for r in range(5):
                res[st][r] += e["kept"][r]
            assert res[st] == e["resources"], e
            assert sum(e["kept"]) + len(e["discarded"]) + len(e["short"]) == len(e["made"])
            for slot, r in e["onto"]:  # each new token lands on a named card...
                cards[st][slot][r] += 1
            for slot, r in e["left"]:  # ...and each older one discarded leaves one
                cards[st][slot][r] -= 1
            assert cards[st] == e["held"], e
            assert [sum(c[r] for c in cards[st]) for r in range(5)] == res[st]
            if e["card"].startswith("salvage-ship"):
                assert e["salvage_of"] == last_destroyed, e
            else:
                assert "salvage_of" not in e
        if kind in ("threat_drawn", "reinforced", "reinforcements_redrawn",
                    "reinforcements_discarded"):
            deck = decks[e["deck"]]
            assert deck and deck.pop(0) == e["threat"], e  # the top of the hidden deck
            if kind == "reinforcements_redrawn":
                deck.append(e["threat"])  # goes under the deck
        if kind in ("threat_drawn", "reinforced") and e["deck"] == "early":
            early_left = e["left"]
    return counts


def test_a_referee_can_recheck_games_from_the_log(tmp_path: Path, capsys) -> None:  # noqa: ANN001
    log = tmp_path / "games.jsonl"
    simulate(capsys, "--players", "4", "--bots", "heuristic", "--games", "3", "--seed", "11",
             "--log", str(log))
    games: dict[int, list[dict[str, Any]]] = defaultdict(list)
    for line in log.read_text().splitlines():
        d = json.loads(line)
        games[d["game"]].append(d)
    assert len(games) == 3
    seen: dict[str, int] = defaultdict(int)
    for lines in games.values():
        assert [d["seq"] for d in lines] == list(range(len(lines)))
        for kind, k in referee(lines).items():
            seen[kind] += k
        assert lines[-1]["type"] in ("game_won", "game_lost")
    for kind in ("roll", "threat_paid", "produced", "installed", "threat_drawn", "turn",
                 "decks_prepared"):
        assert seen[kind] > 0, kind


def test_referee_catches_a_doctored_log(tmp_path: Path, capsys) -> None:  # noqa: ANN001
    log = tmp_path / "games.jsonl"
    simulate(capsys, "--players", "2", "--bots", "heuristic", "--games", "1", "--seed", "5",
             "--log", str(log))
    lines = [json.loads(line) for line in log.read_text().splitlines()]
    produced = next(d for d in lines if d["type"] == "produced" and sum(d["kept"]))
    produced["kept"] = [k + 1 for k in produced["kept"]]  # tokens out of nowhere
    try:
        referee(lines)
    except AssertionError:
        return
    raise AssertionError("the referee accepted a production that made extra tokens")


def test_referee_catches_a_token_on_the_wrong_card(tmp_path: Path, capsys) -> None:  # noqa: ANN001
    log = tmp_path / "games.jsonl"
    simulate(capsys, "--players", "2", "--bots", "heuristic", "--games", "1", "--seed", "5",
             "--log", str(log))
    lines = [json.loads(line) for line in log.read_text().splitlines()]
    referee(lines)  # the real log holds
    paid = next(d for d in lines if d["type"] == "threat_paid" and d["taken"])
    paid["taken"][0][1] += 1  # the token said to leave another card
    try:
        referee(lines)
    except (AssertionError, IndexError):
        return
    raise AssertionError("the referee accepted a token taken off the wrong card")


# Slow set: 13 whole games of the heuristic crew, up to six stations (its payment search
# makes those the dearest games we have: 20-38 s on the shared machine). Every day the
# report's ratios are tested on made-up games (tests/games/frontier_stations/test_balance.py)
# and the balance command by Frost Shelter's report (tests/cli/test_cli.py).
@pytest.mark.slow
def test_balance_report_has_every_section(tmp_path: Path) -> None:
    out = tmp_path / "fs.md"
    # one game per station count and difficulty row (the fewest that fill every table) and
    # one more four-station game for the systems' table: the report's shape, not its figures
    assert main(["balance", "frontier-stations", "--games", "1", "--seed", "3",
                 "--card-games", "2", "--out", str(out)]) == 0
    text = out.read_text()
    for heading in ("## Standard difficulty by station count", "## Difficulty options",
                    "## Systems: purchases, activations and the win rate",
                    "## Systems at 4 stations: buyers' win rate against the overall rate",
                    "## Card changes", "## Threats that end games", "## Game length"):
        assert heading in text
    assert "| Physics Lab | rulebook |" in text
    assert "frostdesk balance frontier-stations --games 1 --seed 3 --card-games 2" in text
    assert "2 standard games with 4 stations" in text and "| x overall |" in text
