"""Frozen Steel, Module 4 on the table and in the rules dialog: the Story deck with its public
back, the card being read (faces, never results), tucked cards and tasks on the boards, and
the Cards tab that hides every result until the player asks (brief 5, 7.10)."""

from __future__ import annotations

from typing import Any

import pytest

from frostdesk.games.last_aurora.state import State
from frostdesk.ui.games.last_aurora.table import AuroraLayout, load_table

from .helpers import C, G, idx, turn, zone
from .story_helpers import gather, new, on_top, options_for, roomy, sid, step

pytestmark = pytest.mark.ui


def specs(s: State, seat: int = 0) -> dict[Any, Any]:
    lay = AuroraLayout(G, load_table(C.folder), s.n, seat, [f"P{i}" for i in range(s.n)],
                       [""] * s.n)
    return lay.specs(G.view(s, seat), {})


def test_the_story_deck_shows_its_period_count_and_top_back_not_the_card() -> None:
    s = new(3)
    on_top(s, "262")
    out = specs(s)
    assert ("pile", "gone") not in out
    pile = out[("pile", "story")].data
    assert pile["label"] == "Story I" and pile["count"] == "14" and pile["note"] == "next: Boost"
    assert "Engine Strain" not in pile["tip"] and "a convoy boosts" in pile["tip"]
    assert ("pile", "gone") in specs(G.new_game({"players": 3}, 1)[0])  # the base game's


def test_the_card_being_read_shows_name_intro_and_faces_never_results() -> None:
    s = new()
    roomy(s)
    on_top(s, "255")
    s, _ = step(s, gather(s))
    panel = specs(s, 1)[("story",)].data  # a rival sees it too
    card = C.story[sid("255")]
    assert panel["name"] == "The Fugitive" and panel["intro"] == card.intro
    assert panel["options"] == ["Sneak up on him: check A, B (+C for 1 Ammo)", "Let him go"]
    words = repr(panel)
    assert all(o.success.text not in words for o in card.options)
    s, _ = step(s, options_for(s, 1)[0])
    out = specs(s)
    assert ("story",) not in out
    assert "Let him go" in out[("pile", "story")].data["tip"]  # the result, once chosen
    assert card.options[1].success.text in out[("pile", "story")].data["tip"]


def test_tucked_cards_get_a_tab_and_tasks_show_on_the_boards() -> None:
    s = new()
    s.story.tucks.append([sid("258"), s.zone[4], -1])
    s.story.tucks.append([sid("265"), idx("067"), 0])
    s.convoy[0][1][0][0] = G.story.combo[(idx("067"), sid("265"))]
    s.convoy[0][1][0][1].append(0)
    s.convoy[0][1][0][2].append("")
    s.story.tasks.append([sid("273"), 1, 0, 0, 2])
    out = specs(s)
    assert ("storytab", "258") in out and ("storytab", "265") in out
    assert "task" in out[("rival", 1)].data["line3"]
    assert "The Coast Road" in out[("rival", 1)].data["tip"]
    assert G.cards[s.convoy[0][1][0][0]].cells[-1] == "S★1"


def test_the_cards_tab_hides_story_results_until_asked(qtbot: Any) -> None:
    from PySide6.QtCore import QUrl

    from frostdesk.ui.screens.rules import SPOILERS, RulesDialog

    d = RulesDialog("last-aurora")
    qtbot.addWidget(d)
    text = d.cards.toPlainText()
    card = C.story[sid("259")]
    assert card.name in text and card.intro in text and "Broadcast: check A, B" in text
    assert card.options[1].success.text not in text and "spoilers" in text
    d._card_link(QUrl(SPOILERS))
    shown = d.cards.toPlainText()
    assert card.options[1].success.text in shown and card.options[1].failure is not None
    assert card.options[1].failure.text in shown


def test_a_rival_reading_a_card_is_seen_by_everyone() -> None:
    s = new(3)
    on_top(s, "264")
    zone(s, "071", "072", "006", "008", "010")
    s.order = [2, 0, 1]
    turn(s, "move", 2)
    G._begin_phase(s, "fire", [])
    panel = specs(s, 0)[("story",)].data
    assert panel["reader"] == "P2" and panel["name"] == "Tracks in the Snow"


def test_s11_solo_shows_results_before_the_choice_only_when_asked() -> None:
    from frostdesk.games.last_aurora.description import DESCRIPTION

    s = G.new_game({"players": 1, "modules": ["story"]}, 1)[0]
    roomy(s)
    on_top(s, "255")
    s, _ = step(s, gather(s))
    lay = AuroraLayout(G, load_table(C.folder), 1, 0, ["You"], [""])
    card = C.story[sid("255")]
    hidden = lay.specs(G.view(s, 0), {})[("story",)].data
    assert hidden["results"] == []
    shown = lay.specs(G.view(s, 0), {"story_outcomes": True})[("story",)].data
    assert shown["results"][0] == [f"✓ {card.options[0].success.text}",
                                   f"✗ {card.options[0].failure.text}"]
    assert shown["h"] > hidden["h"]
    two = new(2)
    roomy(two)
    on_top(two, "255")
    two, _ = step(two, gather(two))
    lay2 = AuroraLayout(G, load_table(C.folder), 2, 0, ["A", "B"], ["", ""])
    assert lay2.specs(G.view(two, 0), {"story_outcomes": True})[("story",)].data[
        "results"] == []  # never between people (S4)
    shape = DESCRIPTION.setup_options
    assert shape is not None
    assert shape({"automa": "normal", "story_outcomes": True}) == {"automa": "normal"}
    assert shape({"automa": "normal", "modules": ("story",), "story_outcomes": True}) == {
        "automa": "normal", "modules": ["story"], "story_outcomes": True}
    assert shape({"automa": "normal", "modules": ("story",), "story_outcomes": False}) == {
        "automa": "normal", "modules": ["story"]}
