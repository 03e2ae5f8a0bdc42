"""What the Frontier Stations cards say in words (the zoom and the Cards tab) matches what the
rules do: per-station threats, overflow cards, and which parts of a rulebook card are ours."""

from __future__ import annotations

import pytest

from frostdesk.games import load_game
from frostdesk.ui.games.frontier_stations.card_view import card_words
from frostdesk.ui.games.frontier_stations.cards import cards_html

pytestmark = pytest.mark.ui
GAME = load_game("frontier-stations")


def copy(card_id: str) -> int:
    return next(c.index for c in GAME.threats + GAME.systems if c.id == card_id)


def test_a_per_station_threat_says_it_takes_its_list_once_per_station() -> None:
    # Issue 11, item 7: the old wording ("from each station next to it") read as one share
    # from each; the rules take the list once per station and either may give any of it.
    about, source = card_words(GAME, ("threat", copy("killer-robots-1")), {})
    assert "once for each station next to it" in about and "either may give any" in about
    assert "from each station" not in about
    plague, _ = card_words(GAME, ("threat", copy("plague-1")), {})
    assert "each station" not in plague
    html = cards_html(GAME)
    assert html.count("once for each station next to it") == len(
        {t.design for t in GAME.threats if t.per_station})


def test_a_rulebook_card_names_the_parts_that_are_ours() -> None:
    about, source = card_words(GAME, ("threat", copy("killer-robots-1")), {})
    assert source == "rulebook"
    assert "Named in the rulebook; ours: its activation numbers, what it takes" in about
    about, _ = card_words(GAME, ("sys", copy("salvage-ship-1")), {})
    assert "ours: its cost, its storage, its salvage, its text" in about
    about, _ = card_words(GAME, ("sys", copy("reactor-1")), {})  # authored: all ours
    assert "Named in the rulebook" not in about
    assert "ours: activation numbers, what it takes" in cards_html(GAME)


def test_an_overflow_card_says_what_it_does() -> None:
    about, _ = card_words(GAME, ("sys", copy("cargo-hold-1")), {})
    assert "Overflow:" in about and "no room on its own card" in about
    assert "<b>Overflow:</b>" in cards_html(GAME)
