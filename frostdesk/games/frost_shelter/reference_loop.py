"""The speed yardstick: Frost Shelter's rules as one minimal plain-Python loop.

No state objects, no events, no legality lists: mutable lists and random choices, the fastest
honest way to play a random game of the same rules in Python. `frostdesk bench` measures the
engine against it in the same run (docs/performance.md). Not used for play.
"""

from __future__ import annotations

import random
from itertools import combinations

from frostdesk.engine.registry import load_game


def play(n: int, r: random.Random) -> list[int]:
    """Play one random game for n players; return each player's damage."""
    game = load_game("frost-shelter")  # this package's own game
    c = game.content
    res, val = c.card_resource, c.card_value
    rules = c.rules
    events = list(range(len(c.events)))
    r.shuffle(events)
    relics = [0, 1, 2, 3]
    r.shuffle(relics)
    damage = [0] * n
    leader = r.randrange(n)
    deal = rules.deal[n]
    counts = rules.collect[n]
    cards = list(range(40))
    market = list(range(len(c.equipment_ids)))
    took = [False] * n
    for ev_no in range(rules.events_per_game):
        ev = c.events[events[ev_no]]
        relic = relics[ev_no]
        r.shuffle(cards)
        hands = [cards[i * deal:(i + 1) * deal] for i in range(n)]
        colonies: list[list[int]] = [[] for _ in range(n)]
        exp_deck: list[int] = []
        used = [False] * n
        for _ in range(deal):
            trick = []
            for k in range(n):
                seat = (leader + k) % n
                hand = hands[seat]
                card = hand.pop(r.randrange(len(hand)))
                exp = k > 0 and not used[seat] and r.random() < 0.5
                if exp:
                    used[seat] = True
                trick.append((seat, card, exp))
            cont = [(s, x) for s, x, e in trick if not e and res[x] == relic]
            if not cont:
                lead = res[trick[0][1]]
                cont = [(s, x) for s, x, e in trick if not e and res[x] == lead]
            best = max(cont, key=lambda sx: val[sx[1]])
            if val[best[1]] == 10:
                ones = [sx for sx in cont if val[sx[1]] == 1]
                if ones:
                    best = ones[0]
            winner = best[0]
            pile = [x for _, x, _ in trick]
            r.shuffle(pile)
            k = counts[r.randrange(len(counts))]
            colonies[winner].extend(pile[:k])
            exp_deck.extend(pile[k:])
            for s, _, e in trick:
                if e and exp_deck:
                    for _ in range(r.randrange(min(2, len(exp_deck)) + 1)):
                        colonies[s].append(exp_deck.pop(r.randrange(len(exp_deck))))
            leader = winner
        for s in range(n):
            colony = colonies[s]
            fb = max(0, len(colony) - ev.max) * rules.frost_bite_per_card
            dmg = ev.damage - (rules.hibernation_prevents if not colony and not used[s] else 0)
            for req in ev.requirements:
                if dmg <= 0:
                    break
                options = req.choices(colony, val, res, relic)
                if options:
                    for x in r.choice(options):
                        colony.remove(x)
                    dmg -= req.defends
            damage[s] += max(0, dmg) + fb
            took[s] = max(0, dmg) + fb > 0
        # Purchases: damaged players, two rounds, one random affordable equipment each.
        for _ in range(rules.purchase_rounds):
            for s in range(n):
                if not took[s] or not colonies[s]:
                    continue
                offers = [(e, combo) for e in {c.equipment_type_of[x] for x in market}
                          for combo in c.equipment_types[e].cost.choices(
                              colonies[s], val, res, relic)]
                if offers:
                    e, combo = r.choice(offers)
                    item = next(x for x in market if c.equipment_type_of[x] == e)
                    market.remove(item)
                    for x in combo:
                        colonies[s].remove(x)
        for s in range(n):
            colony = colonies[s]
            while damage[s] > 0:
                groups: dict[int, int] = {}  # resource -> first card of it
                for x in colony:
                    groups.setdefault(res[x], x)
                if len(groups) < 3:
                    break
                for x in list(groups.values())[:3]:
                    colony.remove(x)
                damage[s] -= 1
    return damage


__all__ = ["play", "combinations"]
