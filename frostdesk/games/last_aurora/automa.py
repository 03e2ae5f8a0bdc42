"""Solo: the Automa's turns (brief 1.12, its cards 4.9, rulings in docs/rules/last-aurora.md).

The Automa is convoy number `n` of a solo state (see state.py). It has no cells, survivor cards,
resources or Fuel: a board with Speed, Survivors and Damage tracks, Fame, 2 Target counters and
a zone for face-down Objects and Loot. Each round it reveals an action card whose slot and arrow
pick the zone card it takes in Exploration, and whose Movement and End of Round lines change
its move and hit the player. It never makes a choice: everything here is fixed by its card.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from frostdesk.engine import rng
from frostdesk.engine.game import Event
from frostdesk.games.last_aurora.content import AutomaCard, AutomaLine
from frostdesk.games.last_aurora.state import EMPTY, State

if TYPE_CHECKING:
    from frostdesk.games.last_aurora.rules import LastAurora

NAME = "The Automa"
YOU = 0  # the solo player's seat


def _ev(kind: str, text: str, chance: bool = False, **data: Any) -> Event:
    return Event(kind, data, text, chance=chance)


class Automa:
    """The Automa's part of the rules, for a `LastAurora` rules object."""

    def __init__(self, rules: LastAurora) -> None:
        self.rules = rules
        self.spec = rules.content.automa

    # ------------------------------------------------------------------ setup and cards

    def setup(self, s: State, level: str, r: int) -> int:
        """A1: its board, Targets and Fame, and the shuffled action cards."""
        a = self.spec
        s.level = level
        s.adeck, r = rng.shuffled(r, range(len(a.cards)))
        s.adisc, s.acard = [], -1
        s.aspeed, s.asurv, s.admg = a.speed, a.survivors, a.damage
        s.aobjects, s.aloot = [], []
        return r

    def lines_on(self, s: State) -> bool:
        """Whether its action card's lines act this round (Module 4: a Story card thrown
        away cancels them, S10)."""
        return s.story is None or self.rules.story.lines_on(s)

    def card(self, s: State) -> AutomaCard | None:
        return self.spec.cards[s.acard] if s.acard >= 0 else None

    def reveal(self, s: State, events: list[Event]) -> None:
        """A2: one action card each round, at the start of Exploration (an empty deck
        reshuffles its discard pile)."""
        previous = None
        if s.acard >= 0:
            previous = self.spec.cards[s.acard].id
            s.adisc.append(s.acard)
            s.acard = -1
        if not s.adeck:
            s.adeck, s.rng = rng.shuffled(s.rng, s.adisc)
            s.adisc = []
        s.acard = s.adeck.pop(0)
        c = self.spec.cards[s.acard]
        events.append(_ev("automa_card", f"{NAME} reveals {c.name} (slot {c.slot + 1}, "
                          f"arrow {'left' if c.arrow < 0 else 'right'}).", chance=True,
                          card=c.id, slot=c.slot, arrow=c.arrow, previous=previous))

    # ------------------------------------------------------------------ its tracks

    def _track(self, s: State, track: str, by: int, events: list[Event], why: str) -> None:
        old = getattr(s, "a" + track)
        new = max(0, old + by)
        if track == "surv":
            new = min(new, self.spec.survivors_max)
        if new == old:
            return
        setattr(s, "a" + track, new)
        word = {"speed": "Speed", "surv": "Survivors", "dmg": "Damage"}[track]
        events.append(_ev("automa_track", f"{NAME}'s {word} goes from {old} to {new} ({why}).",
                          track=track, by=new - old, to=new))

    def damage(self, s: State, n: int, events: list[Event], why: str) -> None:
        """A5: anything that would put n Damage counters on its convoy moves its Damage
        track by n."""
        if n > 0:
            self._track(s, "dmg", n, events, why)

    def draw_object(self, s: State, events: list[Event]) -> None:
        """An Object goes face down into its zone (nobody sees it)."""
        if not s.odeck:
            s.odeck, s.rng = rng.shuffled(s.rng, s.odisc)
            s.odisc = []
        if not s.odeck:
            return
        s.aobjects.append(s.odeck.pop(0))
        events.append(_ev("automa_object", f"{NAME} puts an Object face down in its zone.",
                          chance=True, n=len(s.aobjects)))

    def _holds(self, s: State, line: AutomaLine) -> bool:
        """Whether a line's condition holds ("you" is the solo player)."""
        if line.condition is None:
            return True
        what, value = line.condition
        me = s.n
        you_on = YOU not in s.boarded
        if what == "you_ahead":
            if me in s.boarded:
                return False
            return not you_on or s.mile[YOU] > s.mile[me]
        if what == "behind_you":
            return me not in s.boarded and s.mile[YOU] - s.mile[me] >= int(value)
        if what == "you_more_survivors":
            return len(s.surv[YOU]) > s.asurv
        if what == "its_survivors_below":
            return s.asurv < int(value)
        if what == "your_objects_more":
            return len(s.objects[YOU]) > len(s.aobjects)
        raise ValueError(f"Automa condition {what} has no rule")

    # ------------------------------------------------------------------ A3 Exploration

    def explore(self, s: State, events: list[Event]) -> None:
        """A3: from the card's slot, an Enemy there gets the Enemy line; then the arrow leads
        (wrapping round) to the first card that is not an Enemy, which it discards for a gain
        by kind. With none, it discards and gains nothing."""
        g = self.rules
        c = self.card(s)
        assert c is not None
        me = s.n
        slot = c.slot
        if s.zone[slot] != EMPTY and g.cards[s.zone[slot]].kind == "enemy" \
                and self.lines_on(s):
            self._enemy_line(s, slot, c.enemy, events)
        cell = next((i for i in ((slot + k * c.arrow) % 5 for k in range(5))
                     if s.zone[i] != EMPTY and g.cards[s.zone[i]].kind != "enemy"), None)
        if cell is None:
            events.append(_ev("automa_explored", f"{NAME} finds no card to take.", seat=me,
                              cell=-1, card=None, gain=""))
            return
        card = g.cards[s.zone[cell]]
        if s.story is not None:  # S10: its discard triggers Story cards as playing it would
            g.story.automa(s, {"location": "gather", "survivor": "recruit",
                               "encounter": "encounter"}.get(card.kind, "improve"), events)
        s.zone[cell] = EMPTY
        s.xdisc.append(card.index)
        rusty = card.id in g.content.rusty
        gain = ("" if rusty else "survivor" if card.kind == "survivor" else
                "speed" if card.kind == "truck" else "fame" if card.kind == "encounter" else
                "object")
        events.append(_ev("automa_explored", f"{NAME} discards {card.name} from cell {cell + 1}"
                          + ("." if rusty else f" and gains 1 {gain.title()}."),
                          seat=me, cell=cell, card=card.id, gain=gain))
        if gain == "survivor":
            self._track(s, "surv", 1, events, card.name)
        elif gain == "speed":
            self._track(s, "speed", 1, events, card.name)
        elif gain == "fame":
            g._fame(s, me, 1, events, card.name)
        elif gain == "object":
            self.draw_object(s, events)
        g._slide_from(s, cell)
        g._refill(s, events)  # X7

    def _enemy_line(self, s: State, cell: int, line: AutomaLine, events: list[Event]) -> None:
        """The Enemy line on the enemy in its slot. Ruling: the whole line resolves before
        the enemy can fall, so a Target it places counts for the Loot."""
        g = self.rules
        me = s.n
        enemy = g.cards[s.zone[cell]]
        events.append(_ev("automa_enemy", f"{NAME} finds {enemy.name} in cell {cell + 1}.",
                          card=enemy.id, cell=cell))
        damage = 0
        for verb, val in line.effects:
            if verb == "fame":
                g._fame(s, me, val, events, enemy.name)
            elif verb == "object":
                for _ in range(val):
                    self.draw_object(s, events)
            elif verb == "target":
                g._place_target(s, me, cell, events)
            elif verb == "enemy_damage":
                damage += val
            else:
                raise ValueError(f"Automa enemy verb {verb} has no rule")
        if damage:
            g._hit_enemy(s, me, cell, damage, events, normal=False)

    # ------------------------------------------------------------------ A4 Movement

    def steps(self, s: State, extra: int = 0) -> int:
        """A4: Speed, less 1 per 3 Damage, with events and its card's line; at least 1."""
        me = s.n
        return max(1, s.aspeed - s.admg // self.spec.damage_per_speed + s.speed_all[me] + extra)

    def move(self, s: State, events: list[Event]) -> None:
        """A4: its card's Movement line, then exactly its steps, with no shortcuts and no
        Fuel; it stops at the Aurora, and boards there."""
        g = self.rules
        me = s.n
        s.passed[me] = True
        c = self.card(s)
        extra = 0
        if c is not None and self.lines_on(s) and self._holds(s, c.movement):
            for verb, val in c.movement.effects:
                if verb == "speed":
                    extra += val
                elif verb == "survivor":
                    self._track(s, "surv", val, events, c.name)
                else:
                    raise ValueError(f"Automa movement verb {verb} has no rule")
        steps = self.steps(s, extra)
        start = s.mile[me]
        to = min(start + steps, s.aurora, g.road.miles)
        if s.mines:  # the optional Mine stops it too (mine.py: it is a convoy on the road)
            to = g.mine.stop(s, start, to)
        if to == start:
            events.append(_ev("stayed", f"{NAME} stays on mile {start}.", seat=me, mile=start))
            return
        if s.story is not None:  # S10: it triggers Story cards like a player
            if to in g.road.special and to != s.aurora:
                g.story.automa(s, "waypoint", events)
            if g.road.region(to) > g.road.region(start):
                g.story.automa(s, "region", events)
        s.mile[me] = to
        s.stamp += 1
        s.arrived[me] = s.stamp
        events.append(_ev("moved", f"{NAME} drives from mile {start} to mile {to}.", seat=me,
                          source=start, target=to, boost=False))
        if to == s.aurora:  # MV5
            s.boarded.append(me)
            if not s.board_round:
                s.board_round = s.round
            events.append(_ev("boarded", f"{NAME} boards the Aurora!", seat=me, mile=to,
                              round=s.round))
            return
        if s.mines:
            g.mine.entered(s, me, to, events)
        for entry in s.counters:
            if entry[0] == to:
                ctr = g.content.counters[entry[1]]
                harmful = any(v == "contaminate" for v, _ in ctr.effects)
                events.append(_ev("waypoint", f"{NAME} finds {ctr.name}.", seat=me, mile=to,
                                  counter=ctr.id, stays=ctr.stays or harmful))
                if harmful:  # the Hot Spot: 1 Damage, and the counter stays
                    self.damage(s, 1, events, ctr.name)
                else:
                    s.counters.remove(entry)
                    self.draw_object(s, events)
                break
        if to in s.wrecks:
            s.wrecks.remove(to)
            events.append(_ev("wreck", f"{NAME} searches the wreck on mile {to}.", seat=me,
                              mile=to))
            self.draw_object(s, events)
        if to in g.road.radiation:
            self.damage(s, 1, events, "radiation")

    # ------------------------------------------------------------------ A5 Fire Weapons

    def ambush(self, s: State, effects: Any, face: int, events: list[Event],
               name: str) -> None:
        """A5: 1 Damage per counter the ambush would place (a toll it cannot pay, having no
        resources, is Damage too); Contamination passes it by."""
        g = self.rules
        for verb, val in effects:
            if verb == "damage":
                if face >= 0:
                    n = 0 if face == 0 else (min(face, val["cap"]) if "cap" in val
                                             else val["n"])
                else:
                    n = val["n"]
                self.damage(s, n, events, name)
            elif verb == "toll":
                self.damage(s, val["n"], events, name)
            elif verb == "weapon_hit":  # Heimdall: the counter it would place
                self.damage(s, 1, events, name)
            elif verb == "damage_cards":  # Thor: one counter per card
                self.damage(s, val, events, name)
            elif verb == "fame":
                g._fame(s, s.n, val, events, name)

    def shoot(self, s: State, events: list[Event]) -> None:
        """A5: one attack on the enemy in its region with the fewest empty cells (ties: the
        lower cell). Damage is min(face, Survivors, 4); a hit gives +1 Fame and a Target."""
        g = self.rules
        me = s.n
        s.passed[me] = True
        region = g.road.region(s.mile[me])
        targets = [i for i in g.enemies(s) if g.region_of(s, i) == region]
        if not targets:
            return
        cell = min(targets, key=lambda i: (len(g.cards[s.zone[i]].cells) - s.edmg[i], i))
        enemy = g.cards[s.zone[cell]]
        events.append(_ev("attack", f"{NAME} fires at {enemy.name}.", seat=me, weapon="",
                          card=enemy.id, cell=cell))
        face = g.outcome_cards[g.reveal(s, events, "the Automa's shot")].face
        dmg = min(face, s.asurv, self.spec.attack_max)
        if dmg <= 0:
            events.append(_ev("miss", f"{NAME} misses.", seat=me))
            if s.story is not None and face == 0:  # Module 4: the "miss" trigger
                g.story.automa(s, "miss", events)
            return
        g._hit_enemy(s, me, cell, dmg, events, normal=True)

    # ------------------------------------------------------------------ A6 End of Round

    def end_line(self, s: State, events: list[Event], first: int = 0) -> int:
        """A6: its card's End of Round line from effect `first`, then its level's Speed rise
        and 1 Damage removed. Returns -1 when done, or the index of an effect that waits for
        the player's choice (the rules then ask, and call again from the next effect)."""
        g = self.rules
        c = self.card(s)
        you_on = YOU not in s.boarded  # a boarded convoy is never targeted (MV5)
        if c is not None and self.lines_on(s) and self._holds(s, c.end):
            for j in range(first, len(c.end.effects)):
                verb, val = c.end.effects[j]
                if verb == "object":
                    for _ in range(val):
                        self.draw_object(s, events)
                elif verb == "repair":
                    self._track(s, "dmg", -val, events, c.name)
                elif not you_on:
                    continue
                elif verb == "damage_you":
                    area = g.top_back(s) if val["area"] == "OUTCOME" else val["area"]
                    g.damage(s, YOU, area, val["n"], events, c.name)
                    g._bury(s, YOU, events)
                elif verb == "toll_you":
                    if self.toll_choices(s, val):
                        return j
                    if g.count(s, YOU, "ammo") >= val["ammo"]:
                        self.pay_toll(s, val, True, events, c.name)
                    else:
                        self.pay_toll(s, val, False, events, c.name)
                elif verb == "contaminate_you":
                    pool = g.active(s, YOU)
                    if len(pool) > 1:
                        return j
                    if pool:
                        g._contaminate(s, YOU, pool[0], val, events)
                        g._bury(s, YOU, events)
                else:
                    raise ValueError(f"Automa end verb {verb} has no rule")
        if s.round in self.spec.levels.get(s.level, ()):
            self._track(s, "speed", 1, events, f"{s.level.title()} level, end of round {s.round}")
        self._track(s, "dmg", -1, events, "end of round")
        return -1

    def toll_choices(self, s: State, val: Any) -> bool:
        """Whether the toll is a real choice: you hold the Ammo, and losing Fame is allowed
        (D6: a Fame cost is not offered at the floor)."""
        g = self.rules
        return g.count(s, YOU, "ammo") >= val["ammo"] and s.fame[YOU] > g.content.fame_floor

    def pay_toll(self, s: State, val: Any, ammo: bool, events: list[Event], why: str) -> None:
        g = self.rules
        if ammo:
            g._take(s, YOU, "ammo", val["ammo"])
            events.append(_ev("dropped", f"{g.who(s, YOU)} throws away {val['ammo']} Ammo "
                              f"({why}).", seat=YOU, token="ammo", n=val["ammo"]))
        else:
            g._fame(s, YOU, -val["fame"], events, why)

    # ------------------------------------------------------------------ A7 scoring

    def score(self, s: State) -> dict[str, int]:
        """A7, in parts: Fame, distance, zone Objects and Loot, and survivors aboard (someone
        boarded) or its condition (nobody did)."""
        a = self.spec
        g = self.rules
        me = s.n
        parts = {"track": s.fame[me],
                 "distance": g.content.per_mile * (s.mile[me] - min(s.mile)),
                 "objects": len(s.aobjects) // a.objects_per_fame,
                 "loot": a.per_loot * len(s.aloot), "survivors": 0, "condition": 0}
        if s.boarded:
            if me in s.boarded:
                parts["survivors"] = a.per_survivor_aboard * s.asurv
        else:
            parts["condition"] = next((f for top, f in a.condition if s.admg <= top), 0)
        return parts
