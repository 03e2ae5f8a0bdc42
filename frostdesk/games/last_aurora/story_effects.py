"""Frozen Steel, Module 4: what the Story cards' results do (story.py reads the cards and
holds the actions they interrupt; this part resolves their effects, tucks and tasks).

`StoryEffects` is the base of story.Story: every verb of a result (story_cards.py, brief
4.10), the archive (S7: under a zone card, or under a convoy card whose cells it extends),
the effects that land once the held action is done, and the tasks' closing (S6).
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING, Any

from frostdesk.engine.game import JSON, Event
from frostdesk.games.last_aurora.state import EMPTY, State, StoryOption
from frostdesk.games.last_aurora.story_cards import StoryCard, effect_words

if TYPE_CHECKING:
    from frostdesk.games.last_aurora.rules import LastAurora

P = "{p%d}"


def _ev(kind: str, text: str, chance: bool = False, **data: JSON) -> Event:
    return Event(kind, data, text, chance=chance)


class StoryEffects:
    """The Story cards' results (see the module docstring)."""

    rules: LastAurora
    cards: tuple[StoryCard, ...]
    combo: dict[tuple[int, int], int]  # (host card, Story card) -> the combined convoy card
    host: dict[int, tuple[int, int]]  # the combined card -> (host card, Story card)

    def name(self, card: int) -> str:
        return self.cards[card].name if card >= 0 else "a Story card"


    def _host_at(self, s: State, seat: int, under: str, where: int) -> int:
        if under == "cell5":
            return s.zone[4]
        slot = self.rules.cv(s, seat)[where][0]
        assert slot is not None
        return self.host.get(slot[0], (slot[0], 0))[0]


    def _after_effects(self, s: State, seat: int, ctx: dict[str, Any],
                       events: list[Event]) -> None:
        """Effects that land once the held action is done: Fever's quarantine, Sabotage's
        Damage on the new card."""
        g = self.rules
        for verb, _ in s.story.after:
            if verb == "rest_after":
                for x in self.rules.sv(s, seat):
                    if ctx.get("fed") and x[0] == ctx["fed"][0]:
                        x[1] = "R"
                        events.append(_ev("story_effect", f"{P % seat}'s "
                                          f"{g.cards[x[0]].name} goes to Rest.", seat=seat))
            elif verb == "new_card_damage":
                self._hurt_card(s, seat, ctx.get("card", -1), events)

    def _hurt_card(self, s: State, seat: int, card: int, events: list[Event]) -> None:
        g = self.rules
        for ci, col in enumerate(self.rules.cv(s, seat)):
            for dev, slot in ((False, col[0]), (True, col[1])):
                if slot is None or self.host.get(slot[0], (slot[0], 0))[0] != card:
                    continue
                free = [(g._damage_order(slot, k), k) for k in range(len(slot[1]))
                        if not slot[1][k]]
                if free:
                    g._damage_cell(s, seat, g.cell_ref(ci, dev, min(free)[1]), events,
                                   "Sabotage")
                    g._bury(s, seat, events)
                return

    # ------------------------------------------------------------------ effects

    def _apply(self, s: State, seat: int, card: int, option: int, ok: bool,
               ctx: dict[str, Any], events: list[Event], why: str = "",
               tuck: StoryOption | None = None) -> dict[str, bool]:
        """An option's result (✓ or ✗): its text to the log, then its effects."""
        st = s.story
        c = self.cards[card]
        o = c.options[option]
        res = o.success if ok else o.failure
        assert res is not None
        st.last = [card, seat, option, 1 if ok else 0]
        events.append(_ev("story_result", f"{c.name}, \u201c{o.label}\u201d: "
                          f"{'success' if ok else 'failure'}"
                          + (f" ({why})" if why else "") + f". {res.text}",
                          seat=seat, card=c.id, option=option, success=ok, says=res.text,
                          effects=effect_words(res.effects)))
        return self.effects(s, seat, card, res.effects, ctx, events, tuck)

    def effects(self, s: State, seat: int, card: int, effects: Sequence[tuple[str, Any]],
                ctx: dict[str, Any], events: list[Event],
                tuck: StoryOption | None = None) -> dict[str, bool]:
        g = self.rules
        st = s.story
        name = self.cards[card].name
        flags: dict[str, bool] = {}
        for verb, val in effects:
            if verb == "gain":
                for res, n in val.items():
                    g.gain(s, seat, res, n, events)
            elif verb == "lose":
                for res, n in val.items():
                    lost = g._take(s, seat, res, n)
                    events.append(_ev("dropped", f"{P % seat} loses {lost} {res.title()}.",
                                      seat=seat, token=res, n=lost))
            elif verb == "fame":
                before = s.fame[seat]
                g._fame(s, seat, val, events, name)
                st.fame[seat] += s.fame[seat] - before
            elif verb == "object":
                for _ in range(val):
                    g.draw_object(s, seat, events)
            elif verb == "repair":
                g.repair(s, seat, val, events)
            elif verb == "damage":
                g.damage(s, seat, val["area"], val["n"], events, name)
                g._bury(s, seat, events)
            elif verb in ("contaminate", "decontaminate"):
                self._cont(s, seat, verb, val, ctx, events)
            elif verb in ("speed_next", "speed"):
                s.speed_next[seat] += val
                flags["speed"] = flags.get("speed", False) or verb == "speed"
                events.append(_ev("speed_next", f"{P % seat} has {val:+d} Speed "
                                  + ("for this move." if verb == "speed"
                                     else "in the next Movement."), seat=seat, n=val))
            elif verb in ("stop", "end_turn"):
                flags[verb] = True
            elif verb == "tuck":
                flags["tucked"] = self._tuck_card(s, seat, card, val, tuck, events)
            elif verb in ("marked_object", "marked_fame", "marked_repair"):
                for x in ctx.get("marked", []):
                    if x >= s.n or (verb == "marked_object" and x == seat):
                        continue  # the Automa is no player; "every other" leaves you out
                    if verb == "marked_object":
                        for _ in range(val):
                            g.draw_object(s, x, events)
                    elif verb == "marked_fame":
                        before = s.fame[x]
                        g._fame(s, x, val, events, name)
                        st.fame[x] += s.fame[x] - before
                    else:
                        g.repair(s, x, val, events)
            elif verb == "skip_first_ambush":
                first = next((i for i in g.enemies(s) if any(
                    g.road.region(s.mile[x]) == g.region_of(s, i) for x in g.road_order(s))),
                    None)
                if first is not None:
                    st.skip.append(first)
                    events.append(_ev("story_effect", f"{g.cards[s.zone[first]].name}'s "
                                      "ambush will hit nobody this phase.", cell=first))
            elif verb == "coast_skip":
                self._coast(s, val, events)
            elif verb == "leaders_damage":
                for x in g.leaders(s):
                    if g.is_automa(s, x):
                        g.automa.damage(s, val["n"], events, name)
                    else:
                        g.damage(s, x, val["area"], val["n"], events, name)
                        g._bury(s, x, events)
            elif verb == "enemy_damage":
                cell = ctx.get("cell", -1)
                if cell >= 0 and s.zone[cell] != EMPTY and g.cards[s.zone[cell]].kind == "enemy":
                    g._hit_enemy(s, seat, cell, val, events, normal=False)
            elif verb in ("new_card_damage", "rest_after"):
                st.after.append([verb, val])
            else:
                raise ValueError(f"Story effect {verb} has no rule")
        return flags

    def _cont(self, s: State, seat: int, verb: str, n: int, ctx: dict[str, Any],
              events: list[Event]) -> None:
        """A Contamination with no named survivor goes on (or comes off) a survivor who drew
        the card, else any of yours (ruling: the one who loses least; the most contaminated
        for a removal)."""
        g = self.rules
        sv = self.rules.sv(s, seat)
        firers = [i for i, x in enumerate(sv) if x[0] in ctx.get("firers", ())]
        if verb == "contaminate":
            pool = firers or list(range(len(sv)))
            if pool:  # (D4: a death waits for the end of the action under way)
                g._contaminate(s, seat, g._worst_off(s, seat, pool), n, events)
            return
        dirty = [i for i in firers if sv[i][2]] or [i for i, x in enumerate(sv) if x[2]]
        if dirty:
            i = max(dirty, key=lambda j: (sv[j][2], -j))
            k = min(n, sv[i][2])
            sv[i][2] -= k
            events.append(_ev("decontaminated", f"{P % seat} removes {k} Contamination from "
                              f"{g.cards[sv[i][0]].name}.", seat=seat, survivor=i, n=k))

    def _coast(self, s: State, val: dict[str, int], events: list[Event]) -> None:
        """275: each convoy in the Coast that an enemy there would ambush pays the Ammo to
        skip its ambushes (ruling: always, where it holds the Ammo)."""
        g = self.rules
        coast = 1
        if not any(g.region_of(s, i) == coast for i in g.enemies(s)):
            return
        for x in g.road_seats(s):
            if g.road.region(s.mile[x]) != coast:
                continue
            if all(g.count(s, x, r) >= n for r, n in val.items()):
                for r, n in val.items():
                    g._take(s, x, r, n)
                s.story.coast.append(x)
                events.append(_ev("story_effect", f"{P % x} pays "
                                  + ", ".join(f"{n} {r.title()}" for r, n in val.items())
                                  + " and slips past the Coast's ambushes.", seat=x))

    def skips(self, s: State, cell: int, x: int) -> bool:
        """Whether this enemy's ambush passes convoy x by (264, 275)."""
        st = s.story
        return cell in st.skip or x in st.coast

    def _tuck_card(self, s: State, seat: int, card: int, val: dict[str, Any],
                   a: StoryOption | None, events: list[Event]) -> bool:
        """S7: archive the card under a zone card (available) or a convoy card (its cells
        join that card); one Story card per card: keep the new one or the old one."""
        st = s.story
        g = self.rules
        where = a.where if a is not None and a.where >= 0 else (4 if val["under"] == "cell5"
                                                                  else 0)
        host = self._host_at(s, seat, val["under"], where)
        mine = val["under"] != "cell5"
        old = next((t for t in st.tucks if t[1] == host and (t[2] == seat if mine else t[2] < 0)),
                   None)
        if old is not None and a is not None and a.keep:
            st.disc.append(card)
            events.append(_ev("story_discarded", f"{P % seat} keeps {self.name(old[0])} under "
                              f"{g.cards[host].name} and discards {self.name(card)}.",
                              seat=seat, card=self.cards[card].id))
            return True
        if old is not None:
            st.tucks.remove(old)
            st.disc.append(old[0])
            if mine:
                self._swap_host(s, seat, where, host)
            events.append(_ev("story_discarded", f"{self.name(old[0])} makes way under "
                              f"{g.cards[host].name}.", seat=seat,
                              card=self.cards[old[0]].id))
        st.tucks.append([card, host, seat if mine else -1])
        if mine and val.get("cells"):
            self._swap_host(s, seat, where, self.combo[(host, card)])
        events.append(_ev("story_tucked", f"{self.name(card)} goes under "
                          f"{g.cards[host].name}" + ("" if mine else " in zone cell 5") + ".",
                          seat=seat, card=self.cards[card].id, host=g.cards[host].id,
                          zone=not mine))
        return True

    def _swap_host(self, s: State, seat: int, col: int, new: int) -> None:
        """The vehicle in `col` becomes card `new` (its host with or without Story cells):
        its cells keep their Damage and tokens; cells that go lose theirs (tokens to free
        cells where they fit)."""
        g = self.rules
        slot = self.rules.cv(s, seat)[col][0]
        assert slot is not None
        n = len(g.cards[new].cells)
        gone = [t for t in slot[2][n:] if t]
        slot[0] = new
        slot[1] = (slot[1] + [0] * n)[:n]
        slot[2] = (slot[2] + [""] * n)[:n]
        for t in gone:
            if t == "surv":
                if not g._store_c(s, seat):
                    g._kill_one(s, seat, [])
            else:
                g._store(s, seat, t)

    # ------------------------------------------------------------------ tasks (S6)

    def _fail_tasks(self, s: State, seat: int, why: str, events: list[Event]) -> None:
        for t in list(s.story.tasks):
            task = self.cards[t[0]].options[t[2]].task
            assert task is not None
            if t[1] == seat and task.failure == why:
                self._close(s, t, False, events, "you fed a survivor first")

    def _close(self, s: State, t: list[int], ok: bool, events: list[Event], why: str) -> None:
        st = s.story
        card, seat, option, _, _ = t
        st.tasks.remove(t)
        st.disc.append(card)
        self._apply(s, seat, card, option, ok, {}, events, why)
        self.rules._bury(s, seat, events)
