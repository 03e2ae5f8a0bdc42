"""The heuristic crew on legends 2-4 (docs/balance/andor-eternal-frost.md): errands kept
while creatures come, the tablets brought together, the telescope, escorts that keep the Iquar
away from creatures, Carlion taken up first, and battle odds that count Tranuk and Carlion."""

from __future__ import annotations

from frostdesk.games.andor_eternal_frost.bots import HeuristicCrew
from frostdesk.games.andor_eternal_frost.plan import Plan
from frostdesk.games.andor_eternal_frost.state import EndDay, Give, Look, Move, Pass

from .helpers import GAME, fresh, put


def steppe(heroes: str = "warrior,wizard", at: int = 401, current: int = 0):
    """Legend 2 with no creatures, articles, fires, snow or figures; every hero on `at`."""
    s = fresh(heroes, legend="l2").copy()
    s.creatures = {}
    s.items = {}
    s.fires = {}
    s.snow = {}
    s.figures = {}
    s.space = [at] * s.n
    s.current = current
    s._legal = None
    return s


def test_one_hero_keeps_to_the_errands_while_creatures_come() -> None:
    s = steppe("warrior,wizard,dwarf")
    s.shields = [90]  # one of two shields left: every coming creature is a threat
    for sp in (402, 403, 404, 405):
        put(s, "gor", sp)
    plan = Plan(GAME, s)
    assert plan.pending  # the tablets have not glowed, no Iquar is home
    assert len(plan.threat) == 2 and len(plan.errands) == 1
    # with the errands done nobody is held back
    s.glow = 1
    s.rescued = ["griffin", "buffalo"]
    s.iquar = {}
    plan = Plan(GAME, s)
    assert not plan.pending and len(plan.threat) == 3


def test_the_tablets_meet_at_the_holder_the_others_reach_soonest() -> None:
    s = steppe("warrior,wizard,dwarf")
    s.space = [420, 410, 412]
    s.pouch[0] = ["tablet_griffin"]
    s.pouch[1] = ["tablet_buffalo"]
    s.pouch[2] = ["tablet_sea_monster"]
    plan = Plan(GAME, s)
    worst = {k: max(plan.towards(s.space[k]).get(s.space[j], 99) for j in range(3))
             for k in range(3)}
    assert plan.keeper == min(range(3), key=lambda k: (worst[k], k))
    assert plan.target(plan.keeper)[0] == s.space[plan.keeper]
    other = next(j for j in range(3) if j != plan.keeper)
    assert plan.target(other)[0] == s.space[plan.keeper]


def test_the_keeper_waits_for_a_holder_who_can_arrive_today() -> None:
    s = steppe("warrior,wizard")
    s.space = [401, 402]  # neighbours
    s.pouch[0] = ["tablet_griffin", "tablet_buffalo"]
    s.pouch[1] = ["tablet_sea_monster"]
    plan = Plan(GAME, s)
    assert plan.keeper == 0
    action, why = HeuristicCrew(GAME).decide(s, GAME.legal(s))
    assert action == Pass() and "tablets" in why
    # nobody coming: the keeper has nothing to wait for
    s.pouch[1] = []
    s.pouch[0].append("tablet_sea_monster")
    s._legal = None
    action, _ = HeuristicCrew(GAME).decide(s, GAME.legal(s))
    assert action != Pass()


def test_a_holder_hands_the_tablets_to_another_when_the_keeper_has_ended_the_day() -> None:
    s = steppe("warrior,wizard,dwarf")
    s.space = [401, 401, 401]
    s.pouch[0] = ["tablet_griffin"]
    s.pouch[1] = ["tablet_buffalo"]
    s.pouch[2] = ["tablet_sea_monster"]
    keeper = Plan(GAME, s).keeper
    assert keeper is not None
    giver = next(j for j in range(3) if j != keeper)
    taker = next(j for j in range(3) if j not in (keeper, giver))
    s.ended[keeper] = True
    s.current = giver
    s._legal = None
    action, _ = HeuristicCrew(GAME).decide(s, GAME.legal(s))
    assert isinstance(action, Give) and action.to == taker and action.item.startswith("tablet")


def test_the_telescope_looks_at_a_snow_token_that_may_hide_a_tablet() -> None:
    s = steppe("warrior,wizard")
    lg = GAME.legend(s)
    sites = next(group for group, faces in lg.snow if any(f.startswith("tablet_")
                                                          for f in faces))
    site = sites[0]
    board = GAME.board(s)
    s.space = [board.spaces[site].next[0]] * 2
    s.snow = {site: ["gem", False]}
    s.kit[0] = ["telescope"]
    s._legal = None
    action, why = HeuristicCrew(GAME).decide(s, GAME.legal(s))
    assert action == Look(site) and "telescope" in why
    # a token outside the tablets' group is not worth the look
    s.snow = {sp: ["gem", False] for sp in board.spaces[s.space[0]].next
              if sp not in sites and board.spaces[sp].kind == "land"}
    s._legal = None
    action, _ = HeuristicCrew(GAME).decide(s, GAME.legal(s))
    assert not isinstance(action, Look)


def test_an_escort_never_walks_the_iquar_past_a_creature() -> None:
    s = steppe("warrior,wizard")
    s.space = [460, 401]
    s.iquar = {"griffin": [460, 0]}
    s._legal = None
    crew = HeuristicCrew(GAME)
    for sp in (459, 464):  # creatures on two ways home
        put(s, "gor", sp)
    for _ in range(6):  # the escort's moves home, one turn after another
        if s.current != 0 or s.ended[0]:
            break
        action, _ = crew.decide(s, GAME.legal(s))
        assert isinstance(action, Move | EndDay | Pass)
        s, events = GAME.apply(s, action)
        assert not any(e.kind == "iquar_lost" for e in events)
        s.current = 0
        s._legal = None
    assert "griffin" in s.iquar or "griffin" in s.rescued


def test_the_nearest_hero_takes_up_carlion_before_any_hunt() -> None:
    s = fresh("warrior,wizard,dwarf", legend="l3")
    plan = Plan(GAME, s)
    assert plan.sword_lies == 0 and plan.sword is not None
    assert plan.errands[plan.sword][0] == 0 and plan.sword not in plan.hunters


def test_a_rounds_odds_count_carlion_and_tranuk() -> None:
    s = fresh("warrior,wizard", legend="l3").copy()
    s.creatures = {}
    s.space = [30, 30]
    s.kit[0] = ["carlion"]
    num = put(s, "gor", 30)
    crew = HeuristicCrew(GAME)
    s.carlion = 0
    before = crew._round_odds(s, [0], num, 4)[0]
    s.carlion = 3
    assert crew._round_odds(s, [0], num, 4)[0] > before
    assert crew._group_bonus(s, [0], num) == 3 and crew._group_bonus(s, [1], num) == 0
    s.figures = {"tranuk": 30}
    assert crew._group_bonus(s, [1], num) == 2


def test_a_boss_battle_waits_for_a_hunter_on_the_way_even_on_the_last_letters() -> None:
    """Ruling R58: on the narrator's last letters too the hero by the boss waits for a hunter
    who can still come today; only a boss one step from the castle is fought at once."""
    from frostdesk.games.andor_eternal_frost.state import Fight

    s = fresh("warrior,wizard,dwarf", legend="l1").copy()
    s.creatures = {}
    s.items = {0: ["winter_stone"]}  # the stone is home: every hero hunts
    s.kit = [[] for _ in range(3)]
    s.space = [46, 41, 41]
    s.sp = [8, 8, 8]
    s.wp = [14, 14, 14]
    s.current = 0
    s.bosses = {"myrk": [10, 20]}  # as cards G and I wake it and set it walking
    s.rules = [*s.rules, "boss_moves"]
    num = put(s, "myrk", 46)
    crew = HeuristicCrew(GAME)
    for letter in ("L", "M"):
        s.narrator = GAME.content.letters.index(letter)
        s._legal = None
        fights = [a for a in GAME.legal(s) if isinstance(a, Fight)]
        plan = Plan(GAME, s)
        assert num in plan.bosses and 1 in plan.hunters and plan.dist(41, 46) == 1
        assert crew._fight_here(s, plan, 0, num, fights) is None, letter
    s.creatures[num][1] = 1  # one step from the Rietburg: now or never
    s.space = [1, 41, 41]
    s._legal = None
    fights = [a for a in GAME.legal(s) if isinstance(a, Fight)]
    verdict = crew._fight_here(s, Plan(GAME, s), 0, num, fights)
    assert verdict is not None and isinstance(verdict[0], Fight)
