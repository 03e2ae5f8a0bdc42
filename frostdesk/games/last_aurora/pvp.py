"""Frozen Steel, Module 5: Player vs. Player (brief section 3; seeds 000 Module 5 and 001).

With the module on, a convoy may shoot at a rival convoy on the road in its region in its Fire
Weapons turn, besides or instead of the enemies (P2). The shot is paid like any other and
reveals an Outcome card (P3: damage = the lower of the face and the weapon's value, +1 with
Incendiary Ammo). The defender's Evasion track ignores 1 damage per shield left of its counter
(P4); the defender places the rest, one counter at a time, in the area on the back of the new
top Outcome card (P5, D1's tiers: empty armor first, then cells without a Survivor token, then
the others), and each counter placed moves the defender's Evasion counter and the attacker's
Aggression counter one space right (P5-P6). When Fire Weapons ends, in Forward order, each
player moves Evasion one space left, gains every icon left of Aggression and puts Aggression
back on space 1 (P9-P10). Setup (P1) and the surplus limit (P11) change too.

The rules object (rules.py) calls this through small hooks; the numbers are in
cards/last-aurora/modules/pvp.yaml.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING, Any

from frostdesk.engine import rng
from frostdesk.engine.game import Event
from frostdesk.games.last_aurora.content import PvpRules
from frostdesk.games.last_aurora.state import Raid, Slot, State

if TYPE_CHECKING:
    from frostdesk.games.last_aurora.rules import LastAurora

P = "{p%d}"
ARMOR = ("A", "G")
ICON_WORDS = {"fame": "+1 Fame", "repair": "Repair 1", "object": "draw 1 Object",
              "player_hit": "Player Hit", "blank": "nothing"}


def _ev(kind: str, text: str, **data: Any) -> Event:
    return Event(kind, data, text)


def on(s: State) -> bool:
    return "pvp" in s.modules


class PlayerVsPlayer:
    """Module 5's rules over the game's state (see the module docstring)."""

    def __init__(self, game: LastAurora, rules: PvpRules) -> None:
        self.g = game
        self.rules = rules
        self.outcome_ids = [o.index for o in rules.outcomes]

    # ------------------------------------------------------------------ setup (P1)

    def check_players(self, n: int) -> None:
        if n < 2:
            raise ValueError("Player vs. Player needs 2 to 4 convoys: the rules give no "
                             "attack on the Automa. Play it with 2 or more players, or "
                             "leave the module off.")

    def remove_enemies(self, enemies: list[int], r: int, removed: list[int]
                       ) -> tuple[list[int], int]:
        """P1, step 6: one enemy of a Period stack leaves the game, unseen (into `removed`)."""
        pick, r = rng.shuffled(r, enemies)
        k = self.rules.enemies_removed
        removed += pick[:k]
        return [x for x in enemies if x not in pick[:k]], r

    def remove_loot(self, pile: list[int]) -> list[int]:
        """P1, step 6: the top card of a shuffled Loot stack leaves the game, unseen."""
        return pile[self.rules.loot_removed:]

    def setup(self, s: State) -> None:
        """P1, step 11 and after: Fame on -1, each PvP card's counters on space 1."""
        s.fame = [self.rules.start_fame] * s.n
        s.evasion = [1] * s.n
        s.aggression = [1] * s.n
        s.hits = [[] for _ in range(s.n)]

    def surplus(self, s: State) -> int:
        """P11: the zone cards kept at End of Round."""
        return self.rules.surplus[s.n]

    # ------------------------------------------------------------------ the tracks

    def shields(self, space: int) -> int:
        """P4: the damage an Evasion counter on `space` ignores (the shields left of it)."""
        return sum(1 for icon in self.rules.evasion[:space - 1] if icon == "shield")

    def icons(self, space: int) -> tuple[str, ...]:
        """P10: what an Aggression counter on `space` gains (every icon left of it)."""
        return tuple(i for i in self.rules.aggression[:space - 1] if i != "blank")

    def _track(self, s: State, seat: int, track: str, to: int, events: list[Event],
               why: str) -> None:
        values = s.evasion if track == "evasion" else s.aggression
        by = to - values[seat]
        if not by:
            return
        values[seat] = to
        events.append(_ev("pvp_track", f"{P % seat}'s {track.title()} counter moves to space "
                          f"{to} ({why}).", seat=seat, track=track, by=by, to=to))

    # ------------------------------------------------------------------ attacks (P2-P8)

    def rivals(self, s: State, seat: int) -> list[int]:
        """P2: the rivals on the road in your region (never the Automa, never aboard)."""
        if seat in s.boarded:
            return []
        g = self.g
        region = g.road.region(s.mile[seat])
        return [x for x in g.road_seats(s) if x != seat
                and g.road.region(s.mile[x]) == region]

    def raids(self, s: State, seat: int) -> list[Raid]:
        """P3, P7: each unused undamaged weapon, paid as F5, at each rival in your region."""
        if not on(s):
            return []
        rivals = self.rivals(s, seat)
        if not rivals:
            return []
        g = self.g
        ammo = g.count(s, seat, "ammo")
        incendiary = any(g._is(o, "incendiary") for o in s.objects[seat])
        junk = g.junk_pays(s, seat)
        out: list[Raid] = []
        for col, dev, k, code in g.weapons(s, seat):
            if col * 100 + dev * 10 + k in s.fired[seat]:
                continue
            if code[0] == "W":
                if ammo:
                    out += [Raid(col, dev, k, x) for x in rivals]
                if incendiary:
                    out += [Raid(col, dev, k, x, True) for x in rivals]
            elif junk:
                pays = junk if len(junk) > 1 else [""]
                out += [Raid(col, dev, k, x, False, p) for x in rivals for p in pays]
        return out

    def raid(self, s: State, seat: int, a: Raid, events: list[Event]) -> None:
        """P3-P6: fire at a rival. The defender places what Evasion leaves (asked where there
        is a choice); the attacker's turn goes on once every counter is placed."""
        g = self.g
        slot, code, value, paid, bonus = g._fire(s, seat, a)  # paid as a shot at an enemy
        events.append(_ev("raid", f"{P % seat} fires {g.cards[slot[0]].name} ({code}) at "
                          f"{P % a.rival}'s convoy, paying {paid}.", seat=seat,
                          rival=a.rival, weapon=code))
        face = g.outcome_cards[g.reveal(s, events, "the shot at a rival")].face
        if face == 0 and g.ability(s, seat, "reroll_miss") and not s.vetused[seat]:
            s.vetused[seat] = True  # the Tracker's second look works on any shot (ruling)
            face = g.outcome_cards[g.reveal(s, events, "the Tracker's second look")].face
        if face == 0:
            events.append(_ev("miss", f"{P % seat} misses.", seat=seat))
            return
        dmg = min(face, value) + bonus
        ignored = min(dmg, self.shields(s.evasion[a.rival]))
        left = dmg - ignored
        area = g.top_back(s)
        events.append(_ev("raid_hit", f"The shot deals {dmg}; {P % a.rival}'s Evasion ignores "
                          f"{ignored}" + (f", and {left} Damage go{'es' * (left == 1)} to "
                                          f"{area}." if left else ", so nothing lands."),
                          seat=seat, rival=a.rival, dmg=dmg, ignored=ignored, left=left,
                          area=area))
        if left:
            self._place(s, seat, a.rival, area, left, events)

    def place_options(self, s: State, seat: int, area: str) -> list[str]:
        """P5 / D1: where the next counter may go: undamaged cells of the area, empty armor
        first, then cells without a Survivor token, then Survivor cells; with none left in the
        area, the rest of the convoy in the same order. Cells alike (the same card, code and
        token) are one option. Empty: no undamaged cell at all."""
        g = self.g
        for where in (area, "ALL"):
            cells = [(sl, k, ci, dev) for sl, k, ci, dev in g.cells(s, seat, where)
                     if not sl[1][k]]
            if not cells:
                continue
            tiers: list[list[tuple[Slot, int, int, bool]]] = [[], [], []]
            for c in cells:
                sl, k = c[0], c[1]
                tier = 0 if g.code(sl, k) in ARMOR else 2 if sl[2][k] == "surv" else 1
                tiers[tier].append(c)
            pool = next(t for t in tiers if t)
            seen: set[tuple[Any, ...]] = set()
            out: list[str] = []
            for sl, k, ci, dev in pool:
                key = (ci, dev, g.code(sl, k), sl[2][k])
                if key not in seen:
                    seen.add(key)
                    out.append(g.cell_ref(ci, dev, k))
            return out
        return []

    def _place(self, s: State, attacker: int, seat: int, area: str, n: int,
               events: list[Event]) -> bool:
        """Place n counters for the defender; False when it stopped to ask where one goes."""
        g = self.g
        for left in range(n, 0, -1):
            options = self.place_options(s, seat, area)
            if not options:  # D1: nowhere left: 1 Fame per counter, and no track moves
                for _ in range(left):
                    g._fame(s, seat, -1, events, "no undamaged cell is left")
                return True
            if len(options) > 1:
                g._ask(s, seat, ["pvp_damage", "raid", list(range(len(options))), attacker,
                                 area, left, options], events)
                return False
            self._put(s, attacker, seat, options[0], events)
        return True

    def _put(self, s: State, attacker: int, seat: int, ref: str, events: list[Event]) -> None:
        """One counter placed by a rival's shot: the cell, then both tracks (P5, P6)."""
        g = self.g
        g._damage_cell(s, seat, ref, events, f"{P % attacker}'s shot")
        if seat not in s.hits[attacker]:
            s.hits[attacker].append(seat)
        top_e = len(self.rules.evasion)
        top_a = len(self.rules.aggression)
        self._track(s, seat, "evasion", min(top_e, s.evasion[seat] + 1), events,
                    "a rival's Damage placed")
        self._track(s, attacker, "aggression", min(top_a, s.aggression[attacker] + 1), events,
                    "Damage landed on a rival")

    # ------------------------------------------------------------------ end of Fire (P9)

    def begin_fire(self, s: State) -> None:
        s.hits = [[] for _ in range(s.n)]

    def end_of_fire(self, s: State, events: list[Event], k: int = 0, j: int = -1) -> None:
        """P9 in Forward order from the k-th seat: Evasion 1 left (j = -1: not done yet for
        that seat), every icon from index j left of Aggression, Aggression back to 1; then
        End of Round. Stops where a player must choose (the rules come back here)."""
        g = self.g
        order = [x for x in s.order if x < s.n]
        for pos in range(k, len(order)):
            seat = order[pos]
            first = j if pos == k else -1
            if first < 0:
                self._track(s, seat, "evasion", max(1, s.evasion[seat] - 1), events,
                            "the shooting is over")
                first = 0
            gains = self.rules.aggression[:s.aggression[seat] - 1]
            for i in range(first, len(gains)):
                if not self._gain(s, seat, gains[i], pos, i, events):
                    return
            self._track(s, seat, "aggression", 1, events, "back to the start")
        g._end_round(s, events)

    def _gain(self, s: State, seat: int, icon: str, pos: int, i: int,
              events: list[Event]) -> bool:
        """P10: one icon; False when it stopped to ask (which repair, which rival)."""
        g = self.g
        if icon == "fame":
            g._fame(s, seat, 1, events, "Aggression")
        elif icon == "object":
            g.draw_object(s, seat, events)
        elif icon == "repair":
            ways = g.repair_options(s, seat, 1)
            if ways:
                g._ask(s, seat, ["pvp_repair", "eof", list(range(len(ways))), pos, i, ways],
                       events)
                return False
            g.repair(s, seat, 1, events)
        elif icon == "player_hit":
            victims = [x for x in s.hits[seat] if x not in s.boarded]
            if len(victims) > 1:
                g._ask(s, seat, ["pvp_hit", "eof", victims, pos, i], events)
                return False
            if victims:
                return self._player_hit(s, seat, victims[0], pos, i, events)
        return True

    def _player_hit(self, s: State, seat: int, victim: int, pos: int, i: int,
                    events: list[Event]) -> bool:
        """P10 Player Hit: the rival loses 1 Fame; at the floor, they put 1 Damage on a cargo
        cell of their choice (none left undamaged: nothing happens, ruling)."""
        g = self.g
        if s.fame[victim] > g.content.fame_floor:
            g._fame(s, victim, -1, events, f"{P % seat}'s Player Hit")
            return True
        options = self.cargo_options(s, victim)
        if len(options) > 1:
            g._ask(s, victim, ["pvp_cargo", "eof", list(range(len(options))), pos, i, seat,
                               options], events)
            return False
        if options:
            g._damage_cell(s, victim, options[0], events, f"{P % seat}'s Player Hit")
        return True

    def cargo_options(self, s: State, seat: int) -> list[str]:
        """The undamaged cargo cells (C, C:x, S), one option per card, code and token."""
        g = self.g
        seen: set[tuple[Any, ...]] = set()
        out: list[str] = []
        for sl, k, ci, dev in g.cells(s, seat):
            code = g.code(sl, k)
            if sl[1][k] or code[0] not in "CS":
                continue
            key = (ci, dev, code, sl[2][k])
            if key not in seen:
                seen.add(key)
                out.append(g.cell_ref(ci, dev, k))
        return out

    # ------------------------------------------------------------------ choices

    def picked(self, s: State, kind: str, options: Sequence[int], rest: list[Any], pick: int,
               events: list[Event]) -> None:
        """Resume after a PvP choice (`State.pending`'s kind and its saved values)."""
        g = self.g
        seat = s.actor
        if kind == "pvp_damage":
            attacker, area, left, refs = rest
            self._put(s, attacker, seat, refs[pick], events)
            if left > 1 and not self._place(s, attacker, seat, area, left - 1, events):
                return
            s.actor = attacker
            g._fire_goes_on(s, attacker, events)
            return
        if kind == "pvp_repair":
            pos, i, ways = rest
            g.repair(s, seat, 1, events, ways[pick])
            self.end_of_fire(s, events, pos, i + 1)
            return
        if kind == "pvp_hit":
            pos, i = rest
            if self._player_hit(s, seat, pick, pos, i, events):
                self.end_of_fire(s, events, pos, i + 1)
            return
        if kind == "pvp_cargo":
            pos, i, attacker, refs = rest
            g._damage_cell(s, seat, refs[pick], events, f"{P % attacker}'s Player Hit")
            self.end_of_fire(s, events, pos, i + 1)
            return
        raise ValueError(f"no rule resumes after {kind}")

    PENDING = {"pvp_damage": "where a rival's shot lands (one Damage counter)",
               "pvp_repair": "which Damage your Aggression repairs",
               "pvp_hit": "which rival your Player Hit strikes",
               "pvp_cargo": "which cargo cell takes the Player Hit's Damage"}

    def pick_text(self, s: State, kind: str, option: int) -> str:
        g = self.g
        seat = s.actor
        if kind == "pvp_damage":
            return self._cell_words(s, seat, s.pending[-1][option])
        if kind == "pvp_repair":
            return "Repair " + ", ".join(g.cell_words(s, seat, ref)
                                         for ref in s.pending[-1][option])
        if kind == "pvp_hit":
            return f"Strike {P % option}"
        if kind == "pvp_cargo":
            return self._cell_words(s, seat, s.pending[-1][option])
        return f"Option {option}"

    def _cell_words(self, s: State, seat: int, ref: str) -> str:
        """A cell in a few words for a button: its card, then what the hit costs ("Container:
        Ammo", "Truck: W2", "Truck: armor", "Container: empty")."""
        g = self.g
        slot, k = g._slot_of(s, seat, ref)
        held, code = slot[2][k], g.code(slot, k)
        if held:
            what = "survivor" if held == "surv" else held.title()
        elif code in ARMOR:
            what = "armor"
        elif code[0] == "C":
            what = "empty"
        else:
            what = code
        return f"{g.cards[slot[0]].name}: {what}"

    def cell_phrase(self, s: State, seat: int, ref: str) -> str:
        """A cell in a sentence: "the Container's Ammo cell", "the Truck's W2"."""
        card, _, what = self._cell_words(s, seat, ref).partition(": ")
        if what in ("armor", "empty") or what[:1].isupper() and what[1:2].islower():
            what = f"{what} cell" if what != "armor" else what
        return f"the {card}'s {what}"

    def prompt(self, s: State, names: Sequence[str]) -> str:
        """The status line's second line while a PvP choice waits ('' for other choices)."""
        kind = s.pending[0] if s.phase == "choose" and s.pending else ""
        if kind == "pvp_damage":
            attacker, area, left = s.pending[4:7]
            return (f"{names[attacker]}'s shot: {left} Damage to place in your "
                    f"{area.lower()}; pick the cell for the next counter.")
        if kind == "pvp_hit":
            return "Player Hit: the rival you pick loses 1 Fame (at −1, 1 Damage on cargo)."
        if kind == "pvp_cargo":
            return "A Player Hit on −1 Fame: pick the cargo cell that takes 1 Damage."
        if kind == "pvp_repair":
            return "Your Aggression repairs 1 Damage: pick which."
        return ""

    # ------------------------------------------------------------------ hidden information

    def outcome_pool_ids(self) -> list[int]:
        """P1, step 5: the PvP Outcome cards (indexes into `LastAurora.outcome_cards`)."""
        return list(self.outcome_ids)

    def deal_removed(self, pool: list[int], n_out: int) -> tuple[list[int], list[int]]:
        """determinize (P13-P14): the cards removed unseen from a Period stack are that many
        enemies (P1) and orange-plus cards (6b): deal them from a shuffled pool."""
        g = self.g
        foes = [x for x in pool if g.cards[x].kind == "enemy"]
        k = min(self.rules.enemies_removed, len(foes), n_out)
        out = foes[:k]
        plus = [x for x in pool if g.cards[x].plus and x not in out]
        out += plus[:n_out - k]
        return out, [x for x in pool if x not in out]
