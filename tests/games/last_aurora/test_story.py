"""Frozen Steel, Module 4: the Story cards (brief 2.4 S1-S11, 4.10; seed 000, Module 4).

The seed's Examples 1-4 are scenario tests with its numbers, and so are the rule notes the
brief lists: one Story card per card (S7), "end turn" (S8), the deck change (S9) and the
Automa's notes 1-3 (S10). Each option of each card is played in test_story_options.py.
"""

from __future__ import annotations

import pytest

from frostdesk.engine.game import IllegalAction
from frostdesk.games.last_aurora.state import (
    Cancel,
    Done,
    Explore,
    Move,
    Rest,
    State,
    StoryOption,
)

from .helpers import C, G, clear, give, idx, stack_outcomes, turn, zone
from .story_helpers import (
    gather,
    kinds,
    letter_on_top,
    new,
    on_top,
    options_for,
    roomy,
    sid,
    step,
)

S = G.story


def solo(seed: int = 1) -> State:
    return G.new_game({"players": 1, "modules": ["story"]}, seed)[0]


# ---------------------------------------------------------------- S1, S2 setup and availability

def test_s1_three_period_decks_period_one_in_play() -> None:
    s = new(3)
    st = s.story
    assert st.period == 1
    assert [sorted(C.story[c].id for c in d) for d in st.decks] == [
        [f"{n}" for n in range(255, 269)], [f"{n}" for n in range(269, 282)],
        [f"{n}" for n in range(282, 295)]]
    assert st.disc == [] and st.azone == []


def test_s1_without_the_module_there_is_no_story_state() -> None:
    assert G.new_game({"players": 3}, 1)[0].story is None


def test_s2_the_top_card_and_cards_under_zone_cards_are_available() -> None:
    s = new()
    on_top(s, "259")
    zone(s, "071", "072", "006", "008", "010")
    s.story.tucks.append([sid("258"), idx("010"), -1])
    assert [C.story[c].id for c, _ in S.available(s)] == ["259", "258"]
    s.zone[4] = idx("009")  # the card it was under left: it leaves with it
    assert [C.story[c].id for c, _ in S.available(s)] == ["259"]


def test_s2_the_top_back_is_public_but_not_the_order() -> None:
    s = new()
    on_top(s, "262")
    v = G.view(s, 1)
    assert v.story.back == "boost" and set(v.story.decks[0]) == {-1}
    w = G.determinize(v, 1, 5)
    assert C.story[w.story.decks[0][0]].on == "boost"
    assert sorted(w.story.decks[1]) == sorted(s.story.decks[1])


# ---------------------------------------------------------------- Examples 1-3 (card 255)

def test_ex1_the_gather_waits_until_the_story_card_is_resolved() -> None:
    # 000, Example 1: the card triggers when a player gathers; Denis must resolve it first
    s = new()
    roomy(s)
    on_top(s, "255")
    fuel = G.count(s, 0, "fuel")
    s, ev = step(s, gather(s))
    assert s.phase == "story" and s.actor == 0
    assert G.count(s, 0, "fuel") == fuel and "gained" not in kinds(ev)  # not gathered yet
    s, ev = step(s, options_for(s, 1)[0])  # Let him go: +3 Fame, then the gather goes on
    assert kinds(ev).index("story_result") < kinds(ev).index("gained")
    assert G.count(s, 0, "fuel") == fuel + 2 and s.fame[0] == 3


def test_ex2_everyone_hears_name_intro_and_options_not_the_results() -> None:
    # 000, Example 2: the name, the introduction and the 2 options are read, not the results
    s = new()
    roomy(s)
    on_top(s, "255")
    card = C.story[sid("255")]
    s, ev = step(s, gather(s))
    read = next(e for e in ev if e.kind == "story_read")
    assert card.name in read.text and card.intro in read.text
    assert read.data["options"] == ["Sneak up on him: check A, B (+C for 1 Ammo)",
                                    "Let him go"]
    words = " ".join(e.text for e in ev)
    for o in card.options:
        for res in (o.success, o.failure):
            assert res is None or res.text not in words


def test_ex3_sneak_up_with_the_ammo_paid_succeeds_on_b() -> None:
    # 000, Example 3: "A, B + C if you spend 1 Ammo"; Denis pays; the leftmost letter is B
    s = new()
    roomy(s)
    on_top(s, "255")
    G._take(s, 0, "food", 2)  # (room for the Fuel to come)
    s, _ = step(s, gather(s))
    assert StoryOption(0, 0, True) in G.legal(s) and StoryOption(0, 0, False) in G.legal(s)
    ammo, fuel = G.count(s, 0, "ammo"), G.count(s, 0, "fuel")
    letter_on_top(s, "B")
    s, ev = step(s, StoryOption(0, 0, True))
    check = next(e for e in ev if e.kind == "story_check")
    assert check.data["letter"] == "B" and check.data["letters"] == "ABC"
    assert check.data["success"] is True
    assert G.count(s, 0, "ammo") == ammo - 1
    assert G.count(s, 0, "fuel") == fuel + 2 + 2  # the card's 2, then the gather's 2


@pytest.mark.parametrize("paid,ok", [(True, True), (False, False)])
def test_ex3_the_extra_letter_counts_only_when_paid_before_the_reveal(paid: bool,
                                                                      ok: bool) -> None:
    s = new()
    roomy(s)
    on_top(s, "255")
    s, _ = step(s, gather(s))
    letter_on_top(s, "C")
    fame = s.fame[0]
    s, ev = step(s, StoryOption(0, 0, paid))
    assert next(e for e in ev if e.kind == "story_check").data["success"] is ok
    assert s.fame[0] == (fame if ok else max(-1, fame - 1))


def test_a_cost_the_held_action_needs_is_not_offered() -> None:
    # Lost Child's "Take her" costs 1 Food: not offered when that Food feeds the explorer
    s = new()
    on_top(s, "256")
    zone(s, "071", "072", "001", "008", "010")
    s.surv[0][0][1] = "X"  # only the Co-pilot (value 1) left Active: it needs feeding
    food = G.count(s, 0, "food")
    assert food == 1
    turn(s, "explore", 0)
    s, ev = step(s, Explore(2, (1,), (1,), 0))  # cell 3 needs 2: fed, the Co-pilot brings 2
    # "Take her" and the extra letter would eat the meal: one option is left, taken at once
    chose = next(e for e in ev if e.kind == "story_chose")
    assert chose.data["option"] == 1 and chose.data["extra"] is False
    assert "recruited" in kinds(ev) and s.phase == "explore"


# ---------------------------------------------------------------- S3 one card per turn

def test_s3_one_card_per_turn_and_the_acting_player_picks_which() -> None:
    s = new()
    roomy(s)
    on_top(s, "265")  # gather
    zone(s, "071", "072", "006", "008", "010")
    s.story.tucks.append([sid("258"), idx("071"), -1])  # gather too, under cell 1
    s, _ = step(s, gather(s, cell=2))
    assert s.phase == "story"
    cands = [C.story[c].id for c, _ in s.story.reading[2]]
    assert cands == ["265", "258"]
    picked = next(a for a in G.legal(s) if a.card == 1 and a.option == 1)  # Hidden Cache
    s, ev = step(s, picked)
    assert s.phase == "explore" and "gained" in kinds(ev)
    assert C.story[s.story.decks[0][0]].id == "265"  # the other stays available
    assert s.story.used[0]


def test_s3_a_card_triggered_outside_a_turn_goes_to_the_first_in_forward_order() -> None:
    s = new(3)
    s.order = [2, 0, 1]
    on_top(s, "264")
    G._begin_phase(s, "fire", ev := [])
    assert s.phase == "story" and s.actor == 2
    assert "story_read" in kinds(ev)


def test_s3_the_automa_takes_a_card_its_discard_triggers_face_down() -> None:
    s = solo()
    on_top(s, "255")
    zone(s, "015", "015", "015", "015", "015")
    s.acard = 0
    ev: list = []
    G.automa.explore(s, ev)
    assert s.story.azone == [sid("255")]
    hidden = next(e for e in ev if e.kind == "story_automa")
    assert hidden.data["card"] is None
    assert set(G.view(s, 0).story.azone) == {-1}


# ---------------------------------------------------------------- S5, S6 tasks

def test_s6_a_task_goes_by_your_board_and_pays_when_you_board_with_the_survivor() -> None:
    s = new()
    on_top(s, "269")
    zone(s, "001", "072", "006", "008", "010")
    turn(s, "explore", 0)
    s, _ = step(s, Explore(0, (0,), (), 0))
    s, ev = step(s, options_for(s, 0)[0])  # Promise it
    assert "story_task" in kinds(ev)
    assert [C.story[t[0]].id for t in s.story.tasks] == ["269"]
    assert s.story.tasks[0][3] == idx("001")  # the survivor recruited
    s.aurora, s.mile = 9, [8, 0]
    turn(s, "move", 0)
    clear(s, 0)
    give(s, 0, "fuel")
    fame = s.fame[0]
    s, ev = step(s, Move(9))
    assert 0 in s.boarded and s.fame[0] == fame + 4 and s.story.tasks == []


def test_s6_the_task_fails_when_its_survivor_dies() -> None:
    s = new()
    s.story.tasks.append([sid("269"), 0, 0, s.surv[0][1][0], 1])
    s.surv[0][1][2] = 2
    s.fame[0] = 2
    G._contaminate(s, 0, 1, 1, [])
    G._bury(s, 0, [])
    ev: list = []
    S.settle(s, ev)
    assert s.fame[0] == 1 and s.story.tasks == [] and "story_result" in kinds(ev)


def test_s6_a_deadline_task_fails_at_the_end_of_its_round() -> None:
    s = new()
    s.story.tasks.append([sid("273"), 0, 0, 0, 2])  # end a Movement in the Bay by round 4
    s.fame[0] = 3
    for r in (2, 3):
        s.round = r
        S.round_ends(s, [])
    assert s.story.tasks
    s.round = 4
    S.round_ends(s, [])
    assert s.story.tasks == [] and s.fame[0] == 2


def test_s6_refugee_column_fails_if_you_feed_first_and_pays_for_food_held() -> None:
    s = new()
    s.story.tasks.append([sid("279"), 0, 0, 0, 1])
    s.fame[0] = 0
    s.surv[0][0][1] = "X"
    turn(s, "rest", 0)
    s, ev = step(s, Rest((0,)))
    assert s.story.tasks == [] and any(e.kind == "contaminated" for e in ev)
    s = new()
    roomy(s)
    give(s, 0, "food")
    s.story.tasks.append([sid("279"), 0, 0, 0, 1])
    S.round_ends(s, [])
    assert s.fame[0] == 3 and s.story.tasks == []


def test_s6_a_task_still_open_fails_when_the_game_ends() -> None:
    s = new()
    s.story.tasks.append([sid("269"), 0, 0, s.surv[0][0][0], 1])
    s.fame[0] = 1
    S.game_ends(s, [])
    assert s.fame[0] == 0 and s.story.disc == [sid("269")]


def test_final_stretch_scores_every_player_aboard_at_the_end() -> None:
    s = new(3)
    on_top(s, "290")
    s.phase = "fire"
    G._end_round(s, ev := [])  # read at the start of End of Round: one option, no choice
    assert s.story.board == [sid("290")] and "story_task" in kinds(ev)
    s.boarded = [1]
    S.game_ends(s, [])
    assert s.fame[1] == 4 and s.fame[0] == s.fame[2] == 0 and s.story.board == []


# ---------------------------------------------------------------- S7 archive

def test_s7_a_card_under_a_trailer_adds_its_cells_and_leaves_with_it() -> None:
    s = new()
    roomy(s)
    on_top(s, "265")  # Stray Dog: feed it, tuck under a trailer (S★1)
    s, _ = step(s, gather(s))
    s, ev = step(s, next(a for a in options_for(s, 0) if a.where == 1))
    assert "story_tucked" in kinds(ev)
    slot = s.convoy[0][1][0]
    assert G.cards[slot[0]].name == "Container" and G.code(slot, len(slot[1]) - 1) == "S★1"
    assert G.scores(s)[0]["cells"] == 1
    # the Container is replaced: the Story card goes with it, the Container to the discard
    G._improve(s, 0, idx("025"), 1, ev := [])
    assert sid("265") in s.story.disc and s.story.tucks == []
    assert idx("067") in s.xdisc and G.scores(s)[0]["cells"] == 0


def test_s7_one_story_card_per_card_the_owner_keeps_one() -> None:
    for keep, kept in ((False, "285"), (True, "265")):
        s = new()
        roomy(s)
        on_top(s, "265")
        s, _ = step(s, gather(s))
        s, _ = step(s, next(a for a in options_for(s, 0) if a.where == 1))
        on_top(s, "285")  # Stowaways: shelter them under a trailer (S★2)
        zone(s, "001", "072", "006", "008", "010")
        turn(s, "explore", 0)
        s.story.used[0] = False
        s, _ = step(s, Explore(0, (1,), (), 0))
        choice = StoryOption(0, 0, False, (), 1, keep)
        assert choice in G.legal(s)
        s, _ = step(s, choice)
        under = [C.story[t[0]].id for t in s.story.tucks if t[2] == 0]
        assert under == [kept]
        gone = "265" if kept == "285" else "285"
        assert sid(gone) in s.story.disc
        assert G.scores(s)[0]["cells"] == (2 if kept == "285" else 1)


def test_s7_mark_it_tucks_under_zone_cell_5_where_it_stays_available() -> None:
    s = new()
    roomy(s)
    on_top(s, "258")
    s, _ = step(s, gather(s))
    s, ev = step(s, options_for(s, 1)[0])
    assert s.story.tucks == [[sid("258"), s.zone[4], -1]] or s.story.tucks[0][0] == sid("258")
    assert sid("258") in [c for c, _ in S.available(s)]


# ---------------------------------------------------------------- S8 end turn

def test_s8_end_turn_cancels_the_action_and_the_bonus_the_explorers_are_spent() -> None:
    s = new()
    on_top(s, "257")  # Old Mechanic: Ask for parts, failure: end turn
    zone(s, "006", "072", "071", "008", "010")
    turn(s, "explore", 0)
    food = G.count(s, 0, "food")
    s, _ = step(s, Explore(0, (1,), (), 2))  # the Co-pilot goes for the Flatbed
    letter_on_top(s, "D")
    s, ev = step(s, options_for(s, 1)[0])
    assert "story_end_turn" in kinds(ev) and "improved" not in kinds(ev)
    assert s.zone[0] == idx("006")  # the card stays in the zone
    assert G.count(s, 0, "food") == food  # no bonus (+1 Food)
    assert s.surv[0][1][1] == "X"  # the explorer is spent


# ---------------------------------------------------------------- S9 decks

def test_s9_the_first_period_two_card_brings_deck_two_cards_in_play_stay() -> None:
    s = new()
    s.story.tucks.append([sid("258"), s.zone[4], -1])
    deck_one = list(s.story.decks[0])
    deck_one.remove(sid("258"))
    s.story.decks[0] = deck_one
    s.zone[2] = -1
    two = next(x for x in s.xdeck if C.cards[x].period == 2)
    s.xdeck.remove(two)
    s.xdeck.insert(0, two)
    G._refill(s, ev := [])
    assert s.story.period == 2 and s.story.decks[0] == [] and "story_deck" in kinds(ev)
    assert sorted(s.story.out) == sorted(deck_one)
    assert s.story.tucks[0][0] == sid("258")  # under a card in the game: it stays
    assert C.story[S.top(s)].period == 2


def test_s9_an_empty_deck_offers_nothing_and_e7_discards_the_top() -> None:
    s = new()
    top = S.top(s)
    S.discard_top(s, [])
    assert s.story.disc == [top]
    s.story.decks[0] = []
    assert S.available(s) == []
    roomy(s)
    s2, ev = step(s, gather(s))
    assert s2.phase == "explore" and "gained" in kinds(ev)


# ---------------------------------------------------------------- S10 the Automa, Example 4

def _ex4(cancel: bool) -> State:
    s = solo()
    s.acard = next(c.index for c in C.automa.cards if c.id == "113")
    s.mile, s.counters, s.wrecks = [6, 3], [], []
    s.order = [0, 1]  # you are ahead of the Automa
    s.surv[0].append([idx("001"), "A", 0])  # 3 survivors against its 2
    G._store(s, 0, "surv")
    zone(s, "071", "072", "006", "008", "010")
    s.xdeck = [x for x in s.xdeck if C.cards[x].kind not in ("event", "enemy")]
    s.story.azone = [sid("259")]
    on_top(s, "262")  # (a boost card on top: no situational card this round)
    turn(s, "move", 0)
    s.passed = [False, False]
    stack_outcomes(s, "105")  # the top back: FRONT
    if cancel:
        assert Cancel() in G.legal(s)
        s, ev = step(s, Cancel())
        assert "story_cancel" in kinds(ev)
    s, _ = step(s, Move(6))  # stay; the Automa moves, then Fire Weapons and End of Round
    while s.phase == "fire" and s.actor == 0:
        s, _ = step(s, Done())
    return s


def test_ex4_one_discard_no_survivor_for_the_automa_and_no_damage_to_you() -> None:
    # 000, Example 4: card 113; Andrei, ahead, discards a Story card in his Movement turn
    s = _ex4(cancel=True)
    assert s.round == 2 and s.asurv == 2 and G.damage_count(s, 0) == 0
    base = _ex4(cancel=False)  # without the discard: +1 Survivor, and 1 Damage to you
    assert base.round == 2 and base.asurv == 3 and G.damage_count(base, 0) == 1


def test_s10_the_a3_discard_and_gain_still_happen_when_cancelled() -> None:
    s = solo()
    s.acard = next(c.index for c in C.automa.cards if c.id == "115")  # slot 2
    zone(s, "071", "015", "072", "006", "008")
    s.story.void = s.round
    G.automa.explore(s, [])
    assert len(s.aobjects) == 1  # it discarded the Gas Station and gained its Object


def test_s10_cancel_only_in_solo_with_a_card_in_its_zone() -> None:
    s = solo()
    turn(s, "move", 0)
    s.passed = [False, False]
    assert Cancel() not in G.legal(s)
    s.story.azone = [sid("259")]
    s._legal = None
    assert Cancel() in G.legal(s)
    t = new(2)
    turn(t, "move", 0)
    with pytest.raises(IllegalAction, match="Only in a solo game"):
        G.apply(t, Cancel())


def test_s10_a_second_cancel_takes_the_next_action_card() -> None:
    s = solo()
    s.story.azone = [sid("259"), sid("260")]
    turn(s, "move", 0)
    s.passed = [False, False]
    s, _ = step(s, Cancel())
    s, _ = step(s, Cancel())
    assert s.story.void == s.round and s.story.cancels == 1
    S.phase_begins(s, "explore", [])
    assert s.story.void == s.round  # (the same round: not used twice)
    s.round += 1
    S.phase_begins(s, "explore", [])
    assert s.story.void == s.round and s.story.cancels == 0


def test_s10_note_1_situational_cards_are_always_the_players() -> None:
    s = solo()
    s.order = [1, 0]  # the Automa first in Forward order
    on_top(s, "264")
    s.phase = "move"
    G._begin_phase(s, "fire", [])
    assert s.phase == "story" and s.actor == 0 and s.story.azone == []


def test_s10_note_2_its_cards_are_discarded_at_the_end_without_effect() -> None:
    s = solo()
    s.story.azone = [sid("259"), sid("282")]
    fame = list(s.fame)
    S.game_ends(s, ev := [])
    assert s.story.azone == [] and s.fame == fame
    assert sorted(s.story.disc) == sorted([sid("259"), sid("282")])
    assert "story_discarded" in kinds(ev)


def test_s10_note_3_a_dagger_card_goes_to_the_automas_zone_after_you_play_it() -> None:
    s = solo()
    s.phase = "fire"
    s.actor = 0
    s.passed = [False, True]
    S.start(s, 0, "destroyed", [[sid("268"), -1]], {"marked": [0]}, "fire", None, [])
    s.story.decks[0].remove(sid("268")) if sid("268") in s.story.decks[0] else None
    s, ev = step(s, options_for(s, 1)[0])  # Keep all: +1 Object, -1 Fame
    assert s.story.azone == [sid("268")] and sid("268") not in s.story.disc
    assert len(s.objects[0]) == 1


# ---------------------------------------------------------------- the Fire Weapons triggers

def _fire(card_id: str, letter: str, hit: bool) -> tuple[State, list]:
    s = new()
    roomy(s)
    on_top(s, card_id)
    zone(s, "087", "072", "006", "008", "010")  # a Period I enemy (Valley)
    s.mile = [0, 9]
    s.etgt[0] = [1, -1, -1, -1]
    s.edmg[0] = 3 if hit else 0
    turn(s, "fire", 0)
    s.passed = [False, True]
    s.fired = [[], []]
    s.hit_done = [False, False]
    s.vetused = [False, False]
    stack_outcomes(s, "100" if hit else "099")  # a 2 or a Miss
    s, ev = step(s, next(a for a in G.legal(s) if a.__class__.__name__ == "Attack"))
    return s, ev


def test_a_miss_triggers_marksmans_pride_and_its_second_shot() -> None:
    s, ev = _fire("277", "A", hit=False)
    assert s.phase == "story" and "miss" in kinds(ev)
    letter_on_top(s, "A")
    s, ev = step(s, options_for(s, 0)[0])
    assert s.edmg[0] == 1 and "enemy_damaged" in kinds(ev)
    assert s.etgt[0][1] == -1  # not a normal attack: no Target


def test_a_kill_triggers_first_blood_for_its_killer() -> None:
    s, ev = _fire("268", "A", hit=True)
    assert "destroyed" in kinds(ev) and s.phase == "story" and s.actor == 0
    objects, fame = len(s.objects[1]), s.fame[0]
    s, ev = step(s, options_for(s, 0)[0])  # Share: the other marked player draws 1
    assert len(s.objects[1]) == objects + 1 and s.fame[0] == fame + 2


def test_the_view_and_determinize_keep_every_story_card_once() -> None:
    s = new(3, 4)
    s.story.disc.append(s.story.decks[0].pop())
    w = G.determinize(G.view(s, 0), 0, 9)
    cards = [c for d in w.story.decks for c in d] + w.story.disc
    assert sorted(cards) == sorted(range(40))


def test_a_story_game_replays_from_its_action_texts() -> None:
    """The log's action texts ("story 0 extra", "cancel") parse back to the same actions, and
    replaying them from the seed gives the same game (how saves and referees check it)."""
    import random

    for n, seed in ((1, 3), (3, 4)):
        s, _ = G.new_game({"players": n, "modules": ["story"]}, seed)
        texts = []
        rnd = random.Random(seed)
        while s.phase != "over":
            legal = G.legal(s)
            a = legal[rnd.randrange(len(legal))]
            texts.append(G.action_text(a))
            assert G.parse_action(texts[-1]) == a
            s, _ = G.apply(s, a)
        t, _ = G.new_game({"players": n, "modules": ["story"]}, seed)
        for text in texts:
            t, _ = G.apply(t, G.parse_action(text))
        assert G.fingerprint(t) == G.fingerprint(s)
    assert any(x.startswith("story") for x in texts)


def test_reading_a_card_is_an_undo_barrier() -> None:
    s = new()
    roomy(s)
    on_top(s, "255")
    s, ev = step(s, gather(s))
    assert next(e for e in ev if e.kind == "story_read").chance


def test_story_action_texts_round_trip_and_bad_ones_say_so() -> None:
    for a in (StoryOption(1), StoryOption(0, 1, True, ("fuel", "food"), 2, True), Cancel()):
        assert G.parse_action(str(a)) == a
    assert str(StoryOption(0, 1, True, ("fuel", "food"), 2, True)) == \
        "story 0 c1 extra pfuel,food w2 keep"
    with pytest.raises(ValueError, match="not a Last Aurora action"):
        G.parse_action("story x")
    s = new()
    with pytest.raises(IllegalAction, match="No Story card is being read"):
        G.apply(s, StoryOption(0))
