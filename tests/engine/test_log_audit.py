"""What the `--log` stream gives a referee, for every game (docs/events.md): the legal options of
each decision (count and hash) and a `ruleset` a reader can recompute from the card files."""

from __future__ import annotations

import hashlib
import json
from pathlib import Path

import pytest

from frostdesk.engine.registry import games
from frostdesk.games import load_game
from frostdesk.paths import cards_dir
from frostdesk.sim import LOG_FORMAT, SimulationError, legal_hash, simulate

GAME_IDS = [d.id for d in games()]


def documented_ruleset(folder: Path) -> str:
    """The recipe of docs/events.md, written out independently of the games' code."""
    names = sorted(p.relative_to(folder).as_posix() for p in folder.rglob("*.yaml")
                   if p.relative_to(folder).as_posix() not in ("game.yaml", "table.yaml")
                   and not p.relative_to(folder).as_posix().startswith("modules/"))
    digest = hashlib.sha256()
    for name in ["game.yaml", *names]:
        digest.update((folder / name).read_bytes())
    return digest.hexdigest()[:16]


@pytest.mark.parametrize("game_id", GAME_IDS)
def test_ruleset_can_be_recomputed_from_the_card_files(game_id: str) -> None:
    game = load_game(game_id)
    assert game.content.ruleset_hash == documented_ruleset(cards_dir(game_id))


def test_legal_hash_is_the_documented_recipe() -> None:
    expected = hashlib.sha256(b"a\nb\nc").hexdigest()[:16]
    assert legal_hash(["c", "a", "b"]) == expected
    assert legal_hash(["a", "b"]) != legal_hash(["a", "b", "c"])


@pytest.mark.parametrize("game_id", GAME_IDS)
def test_every_action_line_carries_the_legal_options_it_was_chosen_from(
        game_id: str, tmp_path: Path) -> None:
    game = load_game(game_id)
    log = tmp_path / "log.jsonl"
    players = game.min_players if game.min_players > 1 else 2
    try:
        simulate(game, players, ["random"], 1, 3, log_path=log)
    except SimulationError:
        pytest.skip(f"{game_id} has no random bot")
    lines = [json.loads(x) for x in log.read_text().splitlines()]
    setup = lines[0]
    assert setup["type"] == "setup" and setup["log_format"] == LOG_FORMAT
    assert setup["ruleset"] == game.content.ruleset_hash
    # A referee's replay: the logged action is one of the options, and the count and hash
    # are those of the rules' own list in the position reached.
    state, _ = game.new_game(setup["options"], setup["seed"])
    actions = [x for x in lines if x["type"] == "action"]
    assert actions
    for line in actions:
        texts = [game.action_text(a) for a in game.legal(state)]
        assert line["legal"] == len(texts) >= 1
        assert line["legal_hash"] == legal_hash(texts)
        assert line["action"] in texts and line["seat"] == game.to_move(state)
        state, _ = game.apply(state, game.parse_action(line["action"]))
    assert game.to_move(state) is None
