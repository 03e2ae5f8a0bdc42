"""The Eternal Frost's crews: they play only legal moves from their view, the heuristic crew
wins legend 1 far more often than the easy and random crews, and the Hint's reason speaks of
the move it recommends."""

from __future__ import annotations

import pytest

from frostdesk.ai import RandomAgent
from frostdesk.games.andor_eternal_frost import bots
from frostdesk.games.andor_eternal_frost.bots import EasyCrew, HeuristicCrew
from frostdesk.games.andor_eternal_frost.odds import mean, value_odds, win_odds
from frostdesk.games.andor_eternal_frost.plan import Plan
from frostdesk.games.andor_eternal_frost.state import (
    Fight,
    KeepDice,
    Move,
    PickUp,
    Reroll,
    Reward,
    TurnDie,
)

from .helpers import GAME, empty, fresh, play, put, script

MAX_ACTIONS = 4000


def crew_game(kind: str, n: int, seed: int, check=None) -> tuple[str, int]:
    """Play legend 1 with one crew on every seat; (result, actions)."""
    s, _ = GAME.new_game({"players": n}, seed)
    agents = [RandomAgent(seed * 10 + i) if kind == "random"
              else bots.AGENTS[kind](GAME, seed * 10 + i) for i in range(n)]
    k = 0
    while GAME.outcome(s) is None:
        assert k < MAX_ACTIONS, "the legend did not end"
        seat = GAME.to_move(s)
        view = GAME.view(s, seat)
        legal = GAME.legal(view)
        action = agents[seat].choose(GAME, view, legal, seat)
        if check is not None:
            check(s, view, legal, action, agents[seat], seat)
        s, _ = GAME.apply(s, action)
        k += 1
    return s.result, k


# ---------------------------------------------------------------------------- odds


def test_value_odds_are_distributions_with_the_known_means() -> None:
    for dice in (1, 2, 3, 4):
        for sums in (False, True):
            assert sum(value_odds(dice, sums)) == pytest.approx(1)
    assert mean(value_odds(1, False)) == pytest.approx(3.5)
    assert mean(value_odds(2, False)) == pytest.approx(161 / 36)
    # equal dice count as their sum for creatures: two dice average more than the best die
    assert mean(value_odds(2, True)) > mean(value_odds(2, False))
    assert value_odds(3, True)[18] == pytest.approx(1 / 216)  # only 6, 6, 6 makes 18


def test_win_odds_of_a_sure_round() -> None:
    one = [0.0] * 7
    one[6] = 1.0
    low = [0.0] * 7
    low[1] = 1.0
    win, hurt, harm = win_odds(one, 2, low, 0)
    assert (win, hurt, harm) == (1.0, 7.0, 0.0)


# ---------------------------------------------------------------------------- legality, view


@pytest.mark.parametrize("kind", ["heuristic", "easy"])
@pytest.mark.parametrize("n", [2, 3, 4])
def test_crews_choose_only_legal_actions(kind: str, n: int) -> None:
    def check(s, view, legal, action, agent, seat) -> None:
        assert action in GAME.legal(s)

    for seed in range(2):
        result, _ = crew_game(kind, n, seed, check)
        assert result in ("won", "lost")


def test_the_heuristic_crew_decides_from_its_view_alone() -> None:
    """Given the full state (face-down tokens showing) instead of the view, the crew decides
    the same: it never reads a hidden face."""
    def check(s, view, legal, action, agent, seat) -> None:
        full = s.copy()
        full._legal = None
        assert agent.decide(full, GAME.legal(full))[0] == action

    for n in (2, 4):
        crew_game("heuristic", n, 3, check)


# ---------------------------------------------------------------------------- strength


@pytest.mark.slow  # 72 whole legends (8 s on the shared machine): a measure of strength
def test_the_heuristic_crew_clearly_beats_random_and_easy_on_legend_1() -> None:
    wins = {"heuristic": 0, "easy": 0, "random": 0}
    games = 0
    for n in (2, 3, 4):
        for seed in range(8):
            games += 1
            for kind in wins:
                wins[kind] += crew_game(kind, n, seed)[0] == "won"
    assert wins["heuristic"] >= 0.65 * games
    assert wins["heuristic"] - wins["easy"] >= 0.2 * games
    assert wins["random"] < 0.05 * games


# ---------------------------------------------------------------------------- the plan


def test_the_crew_sends_one_hero_for_the_stone_and_the_others_to_the_creatures() -> None:
    s = fresh("warrior,wizard,dwarf")
    plan = Plan(GAME, s)
    assert list(plan.carriers.values()) == [("winter_stone", 0)]
    carrier = next(iter(plan.carriers))
    assert plan.target(carrier)[0] == 58
    assert "winter stone" in plan.target(carrier)[1]
    assert carrier not in plan.hunters and len(plan.hunters) == 2


def test_kills_needed_counts_the_narrator_a_kill_moves() -> None:
    s = empty("warrior,wizard", at=0)
    nums = [put(s, "gor", sp) for sp in (2, 7, 12, 18)]  # 1, 2, 3 and 4 sunrises away
    plan = Plan(GAME, s)
    assert [plan.arrives(n) for n in nums] == [1, 2, 3, 4]
    assert plan.kills_needed(nums, horizon=4, free=3) == 1
    assert plan.kills_needed(nums, horizon=2, free=3) == 0
    assert plan.kills_needed(nums, horizon=4, free=0) == 2  # 2 kills: 4 - 2 = 2 sunrises


def test_a_creature_hunted_for_the_shields_is_attacked_together() -> None:
    s = empty("warrior,wizard", at=7)
    s.shields = [90, 91, 92]  # no free shield: the gor must not reach the castle
    put(s, "gor", 7)
    crew = HeuristicCrew(GAME)
    action, why = crew.decide(s, GAME.legal(s))
    assert action == Fight((1,))
    assert "Gor" in why and "shield" in why


def test_the_hint_names_the_move_it_recommends() -> None:
    s = fresh("warrior,wizard")
    crew = HeuristicCrew(GAME)
    action, why = crew.decide(s, GAME.legal(s))
    assert crew.explain(s, action, s.current) == why
    while not isinstance(action, Move):  # free actions first (articles at the castle)
        s, _ = play(s, action)
        action, why = crew.decide(s, GAME.legal(s))
    assert f"move to {action.to}" in why
    assert "not the crew's pick" in crew.explain(s, next(
        a for a in GAME.legal(s) if isinstance(a, Move) and a != action), s.current)


# ---------------------------------------------------------------------------- battles


def test_the_blade_rolls_the_low_die_again(monkeypatch: pytest.MonkeyPatch) -> None:
    s = empty("warrior,wizard", at=10)
    s.kit[0] = ["askimar_blade"]
    put(s, "troll", 10)
    script(monkeypatch, 1, 2, 5)
    s1, _ = play(s, Fight(()))
    assert s1.battle.phase == "blade"
    action, why = HeuristicCrew(GAME).decide(s1, GAME.legal(s1))
    assert action == Reroll(0) and "1" in why
    s2 = s1.copy()
    s2.battle.rolls[0] = [6, 6, 6]
    s2._legal = None
    assert HeuristicCrew(GAME).decide(s2, GAME.legal(s2))[0] == KeepDice()


def test_the_wizard_turns_a_one_on_the_last_roll(monkeypatch: pytest.MonkeyPatch) -> None:
    s = empty("warrior,wizard", at=10)
    put(s, "troll", 10)
    script(monkeypatch, 3, 3, 3, 1)
    s1, _ = play(s, Fight((1,)))
    assert s1.battle.phase == "turn" and s1.battle.waiting == 0
    assert HeuristicCrew(GAME).decide(s1, GAME.legal(s1))[0] == KeepDice()  # 3 -> 4: wait
    s2, _ = play(s1, KeepDice())
    assert s2.battle.waiting == 1  # the wizard's own 1, the last roll of the round
    action, why = HeuristicCrew(GAME).decide(s2, GAME.legal(s2))
    assert action == TurnDie(0) and "into a 6" in why


def test_the_reward_is_strength_for_healthy_fighters() -> None:
    s = empty("warrior,wizard", at=10)
    num = put(s, "wargor", 10)
    s.battle = None
    s2 = s.copy()
    from frostdesk.games.andor_eternal_frost.state import Battle

    b = Battle()
    b.creature, b.inviter, b.fighters, b.phase, b.waiting = num, 0, [0, 1], "reward", 0
    s2.battle = b
    s2.wp = [12, 9]
    assert HeuristicCrew(GAME).decide(s2, GAME.legal(s2))[0] == Reward("sp")
    s2.wp = [12, 3]
    s2._legal = None
    assert HeuristicCrew(GAME).decide(s2, GAME.legal(s2))[0] == Reward("wp")


def test_easy_is_the_heuristic_with_lapses() -> None:
    s = fresh("warrior,wizard")
    legal = GAME.legal(s)
    easy = EasyCrew(GAME, seed=5)
    picks = {easy.choose(GAME, s, legal, s.current) for _ in range(60)}
    assert HeuristicCrew(GAME).decide(s, legal)[0] in picks
    assert len(picks) > 1


def test_the_hint_says_what_an_article_is_for() -> None:
    s = fresh("warrior,wizard")  # two wineskins and a telescope lie in the castle
    action, why = HeuristicCrew(GAME).decide(s, GAME.legal(s))
    assert action == PickUp("wineskin")
    assert why == "take the wineskin: each of its two sides walks a space without an hour"
