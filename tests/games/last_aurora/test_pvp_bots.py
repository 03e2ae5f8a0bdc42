"""Player vs. Player's bots (brief section 6): the heuristic fires at the richest rival in its
region when the Damage it expects past the rival's Evasion is at least 1; the peaceful bot
never fires at a rival; the defender's choices and the Hint."""

from __future__ import annotations

from frostdesk.ai import make_agent
from frostdesk.games.last_aurora.bots import HeuristicAgent, PeacefulAgent, raid_damage
from frostdesk.games.last_aurora.state import Done, Pick, Raid

from .helpers import G, give
from .test_pvp import new, shooting, stack


def test_expected_damage_past_evasion() -> None:
    s = shooting(new(2), 0, (3, 3))
    # W2 over the PvP faces (Miss, 2, 5, Miss, 3, 4, 1, 3, Miss, 4, 1, 1): 15 / 12
    assert raid_damage(G, s, Raid(0, False, 0, 1), 0) == 15 / 12
    s.evasion[1] = 2  # one shield: 6 / 12
    assert raid_damage(G, s, Raid(0, False, 0, 1), 0) == 6 / 12


def test_the_heuristic_fires_at_the_richest_rival_when_it_expects_one_damage() -> None:
    s = shooting(new(3), 0, (3, 3, 3))
    s.fame = [0, 1, 4]  # seat 2 is the richest
    bot = HeuristicAgent(G, 1)
    assert bot.choose(G, G.view(s, 0), G.legal(s), 0) == Raid(0, False, 0, 2)
    s.evasion[2] = 2  # past its shield a W2 is expected to land under 1: no shot at it
    s._legal = None
    assert bot.choose(G, G.view(s, 0), G.legal(s), 0) == Done()


def test_the_peaceful_bot_never_fires_at_a_rival() -> None:
    s = shooting(new(2), 0, (3, 3))
    assert PeacefulAgent(G, 1).choose(G, G.view(s, 0), G.legal(s), 0) == Done()
    assert make_agent(G, "peaceful", 1).name == "peaceful"


def test_the_defender_bot_places_the_counters_and_the_hint_says_why() -> None:
    s = shooting(new(2), 0, (3, 3))
    give(s, 0, "ammo", 1)
    stack(s, "300", "303")  # 2 Damage to CENTRE: the defender is asked
    s, _ = G.apply(s, Raid(0, False, 0, 1))
    bot = HeuristicAgent(G, 1)
    pick = bot.choose(G, G.view(s, 1), G.legal(s), 1)
    assert isinstance(pick, Pick)
    assert G.pick_text(s, pick.option) != "Container: Ammo"  # keeps its Ammo
    words = bot.explain(G.view(s, 1), pick, 1)
    assert words.startswith("Put the counter on the Container's ") and \
        "the one you lose least" in words


def test_the_hint_explains_a_shot_at_a_rival() -> None:
    s = shooting(new(2), 0, (3, 3))
    bot = HeuristicAgent(G, 1)
    words = bot.explain(G.view(s, 0), Raid(0, False, 0, 1), 0)
    assert words.startswith("Fire Truck at {p1}'s convoy: about 1.2 Damage should land past "
                            "their Evasion (it ignores 0)")


def test_the_search_bot_decides_a_shot_and_a_placement_from_its_view() -> None:
    s = shooting(new(2), 0, (3, 3))
    give(s, 0, "ammo", 1)
    bot = make_agent(G, "mcts@1", 3)
    assert bot.choose(G, G.view(s, 0), G.legal(s), 0) in G.legal(s)
    stack(s, "300", "303")
    s, _ = G.apply(s, Raid(0, False, 0, 1))
    assert s.phase == "choose"
    assert bot.choose(G, G.view(s, 1), G.legal(s), 1) in G.legal(s)
