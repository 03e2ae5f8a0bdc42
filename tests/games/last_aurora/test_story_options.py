"""Frozen Steel, Module 4: the 40 Story cards against the brief's table (4.10), their texts
(our own, each result ending with its effects in plain words), and every option of every card
played to its success and (for checks and tasks) its failure in a game."""

from __future__ import annotations

import re
from pathlib import Path
from typing import Any

import pytest

from frostdesk.engine.game import Event
from frostdesk.games.last_aurora.state import Explore, Move, Rest, State
from frostdesk.games.last_aurora.story_cards import Branch, effect_words, option_face
from frostdesk.paths import cards_dir

from .helpers import C, G, idx, stack_outcomes, turn, zone
from .story_helpers import letter_on_top, new, on_top, roomy, sid, step

F, R, CE, RO = "FRONT", "REAR", "CENTRE", "ROOF"


def dmg(area: str, n: int = 1) -> tuple[str, Any]:
    return ("damage", {"area": area, "n": n})


def gain(**res: int) -> tuple[str, Any]:
    return ("gain", res)


def fame(n: int) -> tuple[str, Any]:
    return ("fame", n)


def obj(n: int = 1) -> tuple[str, Any]:
    return ("object", n)


def tuck(under: str, *cells: str) -> tuple[str, Any]:
    return ("tuck", {"under": under, **({"cells": list(cells)} if cells else {})})


# The brief's table, row by row (with the Fame payoffs tuned for balance: ruling "Story
# payoffs" in docs/rules/last-aurora.md): (name, period, trigger, dagger, options); an option is
# (label, cost, check "AB" / "AB+C" with its price, or a task's success condition, success
# effects, failure effects or None).
TABLE: dict[str, tuple[str, int, str, bool, list[tuple[Any, ...]]]] = {
    "255": ("The Fugitive", 1, "gather", False, [
        ("Sneak up on him", {}, "AB+C", {"ammo": 1}, [gain(fuel=2)], [dmg(F), fame(-1)]),
        ("Let him go", {}, "", {}, [fame(3)], None)]),
    "256": ("Lost Child", 1, "recruit", False, [
        ("Take her", {"food": 1}, "", {}, [fame(4)], None),
        ("Find her family", {}, "A+B", {"food": 1}, [fame(2), obj()], [("contaminate", 1)])]),
    "257": ("Old Mechanic", 1, "improve", False, [
        ("Hire him", {"food": 1}, "", {}, [("repair", 2)], None),
        ("Ask for parts", {}, "AB", {}, [obj()], [("end_turn", 1)])]),
    "258": ("Hidden Cache", 1, "gather", False, [
        ("Dig", {}, "ABC", {}, [gain(ammo=2)], [("contaminate", 1)]),
        ("Mark it", {}, "", {}, [tuck("cell5")], None)]),
    "259": ("Frozen Radio", 1, "waypoint", False, [
        ("Listen", {}, "", {}, [fame(3)], None),
        ("Broadcast", {}, "AB", {}, [fame(4)], [dmg(R)])]),
    "260": ("Wolves at Night", 1, "rest-fed", False, [
        ("Keep watch", {"ammo": 1}, "", {}, [], None),
        ("Sleep", {}, "ABC", {}, [], [dmg(R)])]),
    "261": ("Spare Wheel", 1, "improve", False, [
        ("Strap it on", {}, "", {}, [tuck("truck", "C")], None),
        ("Trade it", {}, "", {}, [gain(food=1, fuel=1)], None)]),
    "262": ("Engine Strain", 1, "boost", False, [
        ("Push", {}, "ABC", {}, [("speed", 1)], [dmg(F)]),
        ("Ease off", {}, "", {}, [("speed", -1), ("repair", 1)], None)]),
    "263": ("Scavenger Kids", 1, "pair", False, [
        ("Share", {"food": 1}, "", {}, [fame(2), obj()], None),
        ("Chase off", {}, "", {}, [fame(-1), gain(food=1)], None)]),
    "264": ("Tracks in the Snow", 1, "fw-start", False, [
        ("Scout", {}, "A+B", {"fuel": 1}, [("skip_first_ambush", 1)], [dmg(F)]),
        ("Ride on", {}, "", {}, [fame(3), dmg(R)], None)]),
    "265": ("Stray Dog", 1, "gather", False, [
        ("Feed it", {"food": 1}, "", {}, [tuck("trailer", "S★1")], None),
        ("Leave it", {}, "", {}, [], None)]),
    "266": ("Old Debt", 1, "encounter", False, [
        ("Pay", {"resources": 1}, "", {}, [fame(2)], None),
        ("Refuse", {}, "AB", {}, [obj()], [dmg(CE)])]),
    "267": ("Whiteout", 1, "region", False, [
        ("Wait", {}, "", {}, [("stop", 1), fame(2)], None),
        ("Drive blind", {}, "ABC", {}, [], [("stop", 1), dmg(F)])]),
    "268": ("First Blood", 1, "destroyed", True, [
        ("Share", {}, "", {}, [("marked_object", 1), fame(2)], None),
        ("Keep all", {}, "", {}, [obj(), fame(-1)], None)]),
    "269": ("Deliverance", 2, "recruit", False, [
        ("Promise it", {}, "task:board_alive", {}, [fame(4)], [fame(-1)]),
        ("Decline", {}, "", {}, [], None)]),
    "270": ("Fuel Thieves", 2, "rest-fed", False, [
        ("Chase", {}, "AB+C", {"ammo": 1}, [gain(fuel=2)], [("lose", {"fuel": 1})]),
        ("Let them", {}, "", {}, [("lose", {"fuel": 1}), fame(2)], None)]),
    "271": ("Minefield Map", 2, "waypoint", False, [
        ("Buy", {"food": 1}, "", {}, [("speed_next", 2)], None),
        ("Ignore", {}, "", {}, [], None)]),
    "272": ("Fever", 2, "fed", False, [
        ("Quarantine", {}, "", {}, [("rest_after", 1)], None),
        ("Push on", {}, "AB", {}, [], [("contaminate", 1)])]),
    "273": ("The Coast Road", 2, "region", False, [
        ("Race to the bay", {}, "task:in_bay", {}, [fame(4)], [fame(-1)]),
        ("Decline", {}, "", {}, [], None)]),
    "274": ("Armory Rumour", 2, "gather", False, [
        ("Search", {}, "AB+C", {"food": 1}, [gain(ammo=2)], [("end_turn", 1)]),
        ("Move on", {}, "", {}, [gain(ammo=1)], None)]),
    "275": ("Ambush Ahead", 2, "fw-start", False, [
        ("Warn all", {}, "", {}, [fame(3), ("coast_skip", {"ammo": 1})], None),
        ("Stay silent", {}, "", {}, [], None)]),
    "276": ("Broken Axle", 2, "boost", False, [
        ("Fix", {"object": 1}, "", {}, [], None),
        ("Limp on", {}, "", {}, [("speed", -2)], None)]),
    "277": ("Marksman's Pride", 2, "miss", False, [
        ("Steady", {}, "ABC", {}, [("enemy_damage", 1)], []),
        ("Curse", {}, "", {}, [], None)]),
    "278": ("Cold Store Keeper", 2, "gather", False, [
        ("Trade", {"food": 2}, "", {}, [tuck("trailer", "C:food", "S★1")], None),
        ("Rob him", {}, "", {}, [gain(food=2), fame(-2)], None)]),
    "279": ("Refugee Column", 2, "encounter", False, [
        ("Carry it", {}, "task:hold_food", {}, [fame(3)], [("contaminate", 1)]),
        ("Refuse", {}, "", {}, [fame(-1)], None)]),
    "280": ("Joint Hunt", 2, "destroyed", True, [
        ("Celebrate", {}, "", {}, [("marked_fame", 2)], None),
        ("Argue", {}, "", {}, [obj()], None)]),
    "281": ("Sabotage", 2, "improve", False, [
        ("Inspect", {}, "AB", {}, [obj()], [("end_turn", 1)]),
        ("Trust it", {}, "", {}, [("new_card_damage", 1)], None)]),
    "282": ("Last Signal", 3, "waypoint", False, [
        ("Answer", {"fuel": 1}, "", {}, [fame(4)], None),
        ("Ignore", {}, "", {}, [], None)]),
    "283": ("Black Ice", 3, "boost", False, [
        ("Brake", {}, "", {}, [("speed", -1), fame(2)], None),
        ("Floor it", {}, "AB", {}, [("speed", 2)], [dmg(F, 2)])]),
    "284": ("The Harbour Gang", 3, "fw-start", False, [
        ("Pay toll", {"resources": 1}, "", {}, [], None),
        ("Fight through", {}, "AB", {}, [fame(3)],
         [("leaders_damage", {"area": F, "n": 1})])]),
    "285": ("Stowaways", 3, "recruit", False, [
        ("Shelter", {}, "", {}, [tuck("trailer", "S★2")], None),
        ("Turn away", {}, "", {}, [fame(-1)], None)]),
    "286": ("Rusted Bridge", 3, "region", False, [
        ("Cross", {}, "ABC", {}, [fame(2)], [("stop", 1)]),
        ("Go round", {}, "", {}, [("speed", -2)], None)]),
    "287": ("Radiation Sickness", 3, "rest-fed", False, [
        ("Treat", {"object": 1}, "", {}, [("decontaminate", 1)], None),
        ("Pray", {}, "AB", {}, [("decontaminate", 1)], [("contaminate", 1)])]),
    "288": ("Gold Teeth", 3, "gather", False, [
        ("Take", {}, "", {}, [obj(), fame(-1)], None),
        ("Bury the dead", {}, "", {}, [fame(2)], None)]),
    "289": ("Scrap Dealer", 3, "improve", False, [
        ("Haggle", {}, "AB+C", {"ammo": 1}, [("repair", 3)], [("end_turn", 1)]),
        ("Pay", {"food": 1}, "", {}, [("repair", 1)], None)]),
    "290": ("Final Stretch", 3, "eor-start", False, [
        ("Race for the ship", {}, "task:aboard", {}, [fame(4)], [])]),
    "291": ("Frozen Sniper", 3, "miss", False, [
        ("Duck", {}, "", {}, [], None),
        ("Return fire", {"ammo": 1}, "ABC", {}, [fame(2)], [dmg(RO)])]),
    "292": ("Ice Fishers", 3, "pair", False, [
        ("Trade", {"fuel": 1}, "", {}, [gain(food=2), fame(2)], None),
        ("Pass by", {}, "", {}, [], None)]),
    "293": ("The Ferryman", 3, "encounter", False, [
        ("Pay", {"resources": 2}, "", {}, [("speed_next", 3)], None),
        ("Threaten", {}, "A+B", {"ammo": 1}, [("speed_next", 2)], [fame(-1)])]),
    "294": ("Stand Together", 3, "destroyed", True, [
        ("Split", {}, "", {}, [("marked_repair", 2)], None),
        ("Trophy", {}, "", {}, [tuck("truck", "S★1")], None)]),
}


def test_the_forty_cards_are_the_briefs_rows() -> None:
    assert sorted(c.id for c in C.story) == sorted(TABLE)
    assert [sum(1 for c in C.story if c.period == p) for p in (1, 2, 3)] == [14, 13, 13]
    for c in C.story:
        name, period, on, multi, options = TABLE[c.id]
        assert (c.name, c.period, c.on, c.multi) == (name, period, on, multi), c.id
        assert len(c.options) == len(options), c.id
        for o, (label, cost, check, price, ok, ko) in zip(c.options, options, strict=True):
            assert o.label == label and dict(o.cost) == cost, (c.id, label)
            if check.startswith("task:"):
                assert o.task is not None and o.task.success == check[5:], (c.id, label)
            elif check:
                letters, _, extra = check.partition("+")
                assert o.check is not None and (o.check.letters, o.check.extra) == (
                    letters, extra) and dict(o.check.price) == price, (c.id, label)
            else:
                assert o.check is None and o.task is None, (c.id, label)
            assert list(o.success.effects) == ok, (c.id, label)
            assert (o.failure is None) == (ko is None), (c.id, label)
            if o.failure is not None:
                assert list(o.failure.effects) == ko, (c.id, label)
    assert C.story[sid("255")].source == "rulebook"  # the seed's card; the rest are ours
    assert all(c.source == "authored" for c in C.story if c.id != "255")


GAME_NOUNS = re.compile(r"\b(Fuel|Food|Ammo|Fame|Objects?|Damage|Contamination|Speed|Repair"
                        r"|Target)\b|\d")


def _texts() -> list[tuple[str, str, str, Branch]]:
    out = []
    for c in C.story:
        for o in c.options:
            out.append((c.id, "success", o.success.text, o))
            if o.failure is not None:
                out.append((c.id, "failure", o.failure.text, o))
    return out


def test_each_result_is_a_line_of_story_then_its_effects_in_plain_words() -> None:
    for cid, which, text, o in _texts():
        res = o.success if which == "success" else o.failure
        assert res is not None
        words = effect_words(res.effects)
        assert text.endswith(" " + words), (cid, o.label, which)
        story = text[:-len(words)].strip()
        assert len(story) > 12, (cid, o.label, which)
        # the line of story names no number and no game term: the effects are the words after
        assert not GAME_NOUNS.search(story), (cid, o.label, which, story)


def test_no_text_for_a_no_check_options_failure() -> None:
    for c in C.story:
        for o in c.options:
            assert (o.failure is None) == (o.check is None and o.task is None), (c.id, o.label)


def test_intros_are_scenes_with_no_rules_and_no_text_copies_the_seed() -> None:
    seed = (Path(cards_dir("last-aurora")).parents[1] / ".." / "shared" / "seeds"
            / "000_96613545019301a4.txt")
    words = re.findall(r"[a-z']+", seed.read_text().lower()) if seed.exists() else []
    runs = {" ".join(words[i:i + 6]) for i in range(len(words) - 5)}
    assert runs or not seed.exists()
    for c in C.story:
        assert not GAME_NOUNS.search(c.intro), c.id
        for text in [c.intro, *(t for _, _, t, _ in _texts() if _ == c.id)]:
            mine = re.findall(r"[a-z']+", text.lower())
            for i in range(len(mine) - 5):
                assert " ".join(mine[i:i + 6]) not in runs, (c.id, text)


def test_the_option_faces_show_costs_letters_prices_and_tasks() -> None:
    faces = {o.label: option_face(o) for c in C.story for o in c.options}
    assert faces["Sneak up on him"] == "Sneak up on him: check A, B (+C for 1 Ammo)"
    assert faces["Take her"] == "Take her (pay 1 Food)"
    assert faces["Return fire"] == "Return fire (pay 1 Ammo): check A, B, C"
    assert faces["Promise it"] == ("Promise it: task, board with this survivor alive by the "
                                   "game's end; it fails if the survivor dies")
    assert faces["Race to the bay"] == "Race to the bay: task, end a Movement in the Bay by " \
                                       "the end of round 4"


# ---------------------------------------------------------------- every option, played

EVENT_OF = {"gain": "gained", "lose": "dropped", "fame": "fame", "object": "object_drawn",
            "repair": "repaired", "damage": "damaged", "contaminate": "contaminated",
            "decontaminate": "decontaminated", "speed_next": "speed_next",
            "speed": "speed_next", "stop": "moved", "end_turn": "story_end_turn",
            "tuck": "story_tucked", "marked_object": "object_drawn", "marked_fame": "fame",
            "marked_repair": "repaired", "skip_first_ambush": "story_effect",
            "coast_skip": "story_effect", "leaders_damage": "damaged",
            "enemy_damage": "enemy_damaged", "new_card_damage": "damaged",
            "rest_after": "story_effect"}


def _cases() -> list[tuple[str, int, bool]]:
    out = []
    for c in C.story:
        for i, o in enumerate(c.options):
            out.append((c.id, i, True))
            if o.failure is not None:
                out.append((c.id, i, False))
    return out


def _ready(card_id: str) -> State:
    """A 2-player game with the card on top and something for every effect to act on."""
    s = new(2)
    for seat in (0, 1):
        roomy(s, seat)
        s.objects[seat] = [idx("075"), idx("077")]
        s.fame[seat] = 2
        s.surv[seat][1][2] = 1  # a Contamination to take off
        G.damage(s, seat, "VEHICLES", 1, [])  # a Damage to repair (on armor)
    s.order = [0, 1]
    on_top(s, card_id)
    return s


def _trigger(s: State, on: str) -> tuple[State, list[Event]]:
    ev: list[Event] = []
    if on in ("gather", "recruit", "improve", "encounter", "pair", "fed"):
        card = {"recruit": "001", "improve": "010", "encounter": "052"}.get(on, "015")
        zone(s, *(["071", "072", card, "008", "006"] if on in ("pair", "fed")
                  else [card, "072", "071", "008", "006"]))
        turn(s, "explore", 0)
        if on == "pair":
            return step(s, Explore(2, (0, 1), (), 0))
        if on == "fed":
            return step(s, Explore(2, (1,), (1,), 0))
        main = {"improve": 2, "encounter": 1}.get(on, 0)
        return step(s, Explore(0, (0,), (), main))
    if on == "rest-fed":
        s.surv[0][1][1] = "X"
        turn(s, "rest", 0)
        return step(s, Rest((1,)))
    if on in ("boost", "waypoint", "region"):
        turn(s, "move", 0)
        if on == "region":
            s.mile[0] = 6
            return step(s, Move(9))
        if on == "waypoint":
            return step(s, Move(1))
        return step(s, next(a for a in G.legal(s) if isinstance(a, Move) and a.boost))
    if on == "fw-start":
        zone(s, "089", "072", "071", "008", "006")  # a Coast enemy
        s.mile = [9, 9]
        s.phase = "move"
        G._begin_phase(s, "fire", ev)
        return s, ev
    if on == "eor-start":
        s.phase = "fire"
        G._end_round(s, ev)
        return s, ev
    # miss, destroyed: a shot at a Valley enemy
    zone(s, "087", "072", "071", "008", "006")
    s.mile = [0, 0]
    s.etgt[0] = [1, -1, -1, -1]
    s.edmg[0] = 3 if on == "destroyed" else 0
    turn(s, "fire", 0)
    s.fired, s.hit_done, s.vetused = [[], []], [False, False], [False, False]
    s.flares = [[], []]
    stack_outcomes(s, "100" if on == "destroyed" else "099")
    attack = next(a for a in G.legal(s) if type(a).__name__ == "Attack")
    return step(s, attack)


@pytest.mark.parametrize("card_id,option,ok", _cases())
def test_every_option_plays_its_result(card_id: str, option: int, ok: bool) -> None:
    c = C.story[sid(card_id)]
    o = c.options[option]
    s = _ready(card_id)
    s, ev = _trigger(s, c.on)
    if o.task is not None and o.task.everyone:  # Final Stretch: read at once, one option
        assert s.story.board == [sid(card_id)]
        s.boarded = [0] if ok else []
        G.story.game_ends(s, ev := [])
    else:
        assert s.phase == "story", [e.text for e in ev]
        if o.check is not None:
            letter_on_top(s, o.check.letters[0] if ok else next(
                x for x in "ABCD" if x not in o.check.letters + o.check.extra))
        choice = next(a for a in G.legal(s) if a.option == option and not a.extra)
        s, ev = step(s, choice)
        if o.task is not None:
            task = next(t for t in s.story.tasks if t[0] == sid(card_id))
            G.story._close(s, task, ok, ev := [], "test")
    res = o.success if ok else o.failure
    assert res is not None
    result = next(e for e in ev if e.kind == "story_result")
    assert result.data["success"] is ok and result.data["says"] == res.text
    after = kinds = [e.kind for e in ev[ev.index(result):]]
    for verb, _ in res.effects:
        assert EVENT_OF[verb] in after, (verb, kinds)
    if ("stop", 1) in res.effects:
        assert s.mile[0] == 8  # the Coast's first mile
    if ("skip_first_ambush", 1) in res.effects:
        assert s.story.skip == [0]  # the Coast enemy in cell 1 hits nobody
    if any(v == "coast_skip" for v, _ in res.effects):
        assert s.story.coast == [0, 1]  # both convoys in the Coast paid their Ammo
    if ("rest_after", 1) in res.effects:
        assert s.surv[0][1][1] == "R"  # the fed Co-pilot rests
    assert s.phase != "story" or s.actor != 0 or s.story.reading[2][0][0] != sid(card_id)


def test_the_card_files_checks_say_what_is_wrong() -> None:
    import copy

    from frostdesk.engine.catalogue import load_data
    from frostdesk.games.last_aurora import story_cards

    data = load_data((Path(cards_dir("last-aurora")) / "modules" / "story.yaml").read_text())
    assert story_cards.problems(data) == []
    bad = copy.deepcopy(data)
    bad["cards"][0]["options"][0].pop("failure")  # a check with no failure text
    bad["cards"][1]["options"][1]["check"].pop("pay")  # an extra letter with no price
    bad["cards"][2]["trigger"]["on"] = "boost"  # not an Exploration trigger
    for o in bad["cards"][3]["options"]:
        o["cost"] = {"food": 1}  # no option left without a cost
    bad["cards"][4]["id"] = "255"  # twice
    words = [w for _, w in story_cards.problems(bad)]
    assert "a failure text goes with a check or a task, and only there" in words
    assert "an extra letter comes with its price" in words
    assert "boost is no exploration trigger" in words
    assert "every card keeps one option with no cost" in words
    assert any("used twice" in w for w in words)
