"""The crew's plan in The Eternal Frost, worked out again from the view at every decision
(design brief, section 6): who fetches which article for the goal, which creatures must fall so
the shields hold, and where the hunters meet the boss. See bots.py for the crews that act on it.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from frostdesk.games.andor_eternal_frost.odds import value_odds, win_odds
from frostdesk.games.andor_eternal_frost.rules import EternalFrost
from frostdesk.games.andor_eternal_frost.state import SHIELD, State

FIGHT_HOURS = 3  # hours a hunter wants left on arrival to fight a boss the same day
# Before a boss shows, the sunrises ahead for which the crew keeps the shields free. Longer
# horizons hunt creatures that a boss fight would outrun, and every kill costs a letter
# (docs/balance/andor-eternal-frost.md has the trial runs).
UNSEEN_HORIZON = 3
FORECAST = 6  # sunrises the crew plays out ahead for the creatures' walk
USEFUL = ("helm", "askimar_blade", "wineskin", "telescope")

class Plan:
    """What the crew is after, worked out from one view."""

    def __init__(self, game: EternalFrost, s: State) -> None:
        self.g = game
        self.s = s
        self.board = game.board(s)
        self.home = self.board.home
        self._towards: dict[int, dict[int, int]] = {}
        deliver: list[tuple[str, int]] = []
        beat: list[str] = []
        _goal_parts(game.legend(s).goal, deliver, beat)
        # an article counts once it lies there: a hero standing there with it puts it down
        self.deliveries = [(item, at) for item, at in deliver
                           if item not in s.items.get(at, ())]
        self.to_beat = [k for k in beat if not any(s.kind(n) == k for n in s.defeated)]
        self.bosses = [n for n, (k, w) in sorted(s.creatures.items())
                       if k in s.bosses and n not in s.defeated and w != SHIELD
                       and isinstance(w, int) and w != self.board.defeated]
        self.carriers: dict[int, tuple[str, int]] = {}
        taken: set[int] = set()
        for item, at in self.deliveries:
            holder = next((i for i in range(s.n) if item in s.kit[i]), None)
            if holder is None:
                lying = next((sp for sp, items in s.items.items() if item in items), None)
                if lying is None:
                    continue
                free = [i for i in range(s.n) if i not in taken]
                if not free:
                    continue
                holder = min(free, key=lambda i: (self.dist(s.space[i], lying), i))
            taken.add(holder)
            self.carriers[holder] = (item, at)
        # legends 2 and 4: a hero walking an Iquar or the shaman home is busy with that
        self.escorting = {i for i in range(s.n) if s.escorted(i)
                          or (s.shaman and s.shaman[1] == i
                              and s.shaman[0] != self.home)}
        # legend 3: Carlion's carrier walks to the target markers while any is left
        self.sword = next((i for i in range(s.n) if "carlion" in s.kit[i]), None) \
            if "carlion_markers" in s.rules and s.markers else None
        # nobody holds Carlion yet: the nearest hero takes it up before any hunt, since the
        # hearths take days and the boss waits for the charges
        self.sword_lies = next((sp for sp, items in s.items.items() if "carlion" in items),
                               None) if "carlion_markers" in s.rules and s.markers else None
        if self.sword is None and self.sword_lies is not None:
            lies = self.sword_lies
            self.sword = min(range(s.n), key=lambda i: (self.hdist(i, lies), i))
        if self.sword is not None:
            self.escorting.add(self.sword)
        # legend 2: once the three tablets are found, their holders come together
        held = {i: sum(1 for t in s.pouch[i] if t.startswith("tablet_")) for i in range(s.n)}
        self.keeper: int | None = None
        if s.glow == 0 and sum(held.values()) == 3 and max(held.values()) < 3:
            # the holder the others reach soonest keeps them and waits for them there
            holders = [i for i in range(s.n) if held[i]]
            self.keeper = min(holders, key=lambda k: (
                max(self.towards(s.space[k]).get(s.space[j], 99) for j in holders),
                -held[k], k))
            self.escorting |= {i for i in holders if i != self.keeper}
        self.hunters = [i for i in range(s.n) if i not in self.carriers
                        and i not in self.escorting]
        named: dict[str, Any] = {}
        _named_parts(game.legend(s).goal, named)
        self.has_errands = bool({"iquar_rescued", "shaman_rescued", "tablets_glowed"} & set(named))
        # errands of the goal not done yet (an Iquar short, the tablets not glowed, the
        # shaman not home)
        self.pending = any(not game.condition(s, {k: v}) for k, v in named.items()
                           if k in ("iquar_rescued", "shaman_rescued", "tablets_glowed"))
        self._arrivals = self._forecast()
        self.meeting = self._meeting()
        self.threat = self._threat()
        self.errands = self._errands(game.legend(s).goal)

    def dist(self, a: int, b: int) -> int:
        return self.board.dist[a].get(b, 99)

    def hdist(self, i: int, b: int) -> int:
        """Hours hero i walks to b over one or more moves: a lake space only while its ice
        lies there (each step onto the lake is a move of its own), the secret passage when
        open (rules.hero_next)."""
        return self.towards(b).get(self.s.space[i], 99)

    def towards(self, goal: int) -> dict[int, int]:
        """Spaces walked from every space to `goal` (see hdist); cached per plan."""
        hit = self._towards.get(goal)
        if hit is not None:
            return hit
        s, spaces = self.s, self.board.spaces

        def open_(k: int) -> bool:
            return spaces[k].kind != "lake" or k in s.ice
        dist = {goal: 0}
        queue = [goal]
        for k in queue:
            for n in self.g.hero_next(s, k):
                if n not in dist and n in spaces and open_(n) and n != self.board.defeated:
                    dist[n] = dist[k] + 1
                    queue.append(n)
        self._towards[goal] = dist
        return dist

    # ------------------------------------------------------------- errands

    def _errands(self, goal: Any) -> dict[int, tuple[int, str]]:
        """Legends 2-4: who walks where for the goal's other parts: Iquar to escort home,
        camps to search for the shaman, snow tokens that may hide the tablets, tablets to
        bring together. Heroes hunting a threat keep hunting."""
        s = self.s
        parts: dict[str, Any] = {}
        _named_parts(goal, parts)
        free = [i for i in self.hunters if i not in self.threat]
        out: dict[int, tuple[int, str]] = {}

        def take(space: int, why: str) -> None:
            if not free:
                return
            best = min(free, key=lambda i: (self.hdist(i, space), i))
            if self.hdist(best, space) >= 99:
                return
            free.remove(best)
            out[best] = (space, why)

        if "carlion_markers" in s.rules and s.markers:
            if self.sword is not None and self.sword_lies is not None:
                out[self.sword] = (self.sword_lies, "take up Carlion from "
                                   f"{self.g.space_name(s, self.sword_lies)}")
            elif self.sword is not None:
                sword = self.sword
                mark = min(s.markers, key=lambda sp: (self.hdist(sword, sp), sp))
                out[self.sword] = (mark, f"bring Carlion to the old hearth on {mark} and light "
                                         "its fire: the sword drinks its light")
        if "iquar_rescued" in parts:
            want = parts["iquar_rescued"]["at_least"]
            need = int(want[s.n] if isinstance(want, dict) else want) - len(s.rescued) \
                - sum(len(s.escorted(i)) for i in range(s.n))
            waiting = sorted(sp for sp, esc in s.iquar.values() if esc < 0)
            for sp in waiting[:max(0, need)]:
                take(sp, "fetch the Iquar waiting on "
                     f"{self.g.space_name(s, sp)} and bring it to the tent city")
        if "shaman_rescued" in parts and not s.shaman:
            camps = sorted(sp for sp, (_, up) in s.markers.items() if not up)
            for sp in camps[:1] if len(free) < 2 else camps[:2]:
                take(sp, f"search the camp on {sp} for the shaman")
        if "tablets_glowed" in parts and s.glow == 0:
            held = {i: sum(1 for t in s.pouch[i] if t.startswith("tablet_")) for i in range(s.n)}
            found = sum(held.values())
            if found < 3:
                sites = self._tablet_sites()
                seen = {sp for sp in sites if s.snow[sp][1]}
                for sp in sorted(sites, key=lambda sp: (sp not in seen, min(
                        (self.hdist(i, sp) for i in free), default=99)))[:max(1, len(free) - 1)]:
                    take(sp, f"turn up the snow token on {sp}: the tablets lie under the snow")
            elif self.keeper is not None:
                keeper = self.keeper
                for i in range(s.n):
                    if held[i] and i != keeper and i in free:
                        free.remove(i)
                        out[i] = (s.space[keeper], "bring the tablets to {p" + str(keeper)
                                  + "} so the three can glow together")
        return out

    def _tablet_sites(self) -> list[int]:
        """Where the tablets may lie: tablets seen face up (by the telescope) first, then the
        face-down snow tokens of the snow group that holds them."""
        s = self.s
        seen = sorted(sp for sp, (face, up) in s.snow.items()
                      if up and str(face).startswith("tablet_"))
        return seen + [sp for sp in self.hidden_tablet_sites() if sp not in seen]

    def hidden_tablet_sites(self) -> list[int]:
        """Face-down snow tokens on the spaces of the snow group that holds the tablets."""
        s = self.s
        sites: set[int] = set()
        for group_sites, faces in self.g.legend(s).snow:
            if any(str(face).startswith("tablet_") for face in faces):
                sites |= set(group_sites)
        return sorted(sp for sp in sites if sp in s.snow and not s.snow[sp][1])

    # ------------------------------------------------------------- creatures

    def speed(self, num: int) -> int:
        kind = self.s.kind(num)
        if kind in self.s.bosses:
            return self.g.legend(self.s).bosses[kind].spaces
        return len(self.g.content.creatures[kind].steps)

    def walk(self, num: int, sunrises: int) -> int:
        """Where a creature stands after `sunrises` sunrises: its steps along the arrows, then
        on past spaces other creatures hold now (S3)."""
        cur = self.s.where(num)
        if self.s.kind(num) in self.s.bosses and "boss_moves" not in self.s.rules:
            return cur  # a boss stays put until a card sets it walking
        held = {w for n, (_, w) in self.s.creatures.items()
                if n != num and isinstance(w, int) and n not in self.s.defeated}
        for _ in range(sunrises):
            for _ in range(self.speed(num)):
                nxt = self.board.spaces[cur].arrow
                if nxt is None:
                    return cur
                cur = nxt
            while cur in held and cur != self.home:
                nxt = self.board.spaces[cur].arrow
                if nxt is None:
                    break
                cur = nxt
        return cur

    def arrives(self, num: int) -> int:
        """Sunrises until the creature reaches the castle (or tent city): the sunrises ahead
        played out for every creature on the board (kinds in their steps' order, the front
        one first, each moving on past spaces others hold), since a crowd near the castle
        lets the creatures behind it leap ahead; beyond the forecast, its arrow distance."""
        if num in self._arrivals:
            return self._arrivals[num]
        d = self.board.arrow_distance(self.s.where(num))
        return FORECAST + -(-d // max(1, self.speed(num)))

    def _forecast(self) -> dict[int, int]:
        s, board = self.s, self.board
        c = self.g.content
        where = {n: w for n, (k, w) in s.creatures.items()
                 if k not in s.bosses and isinstance(w, int) and w >= 0
                 and w != board.defeated and n not in s.defeated}
        kinds = {n: s.kind(n) for n in where}
        out: dict[int, int] = {}
        for sunrise in range(1, FORECAST + 1):
            for step in range(1, 6):
                for kind in [k for k, cr in c.creatures.items() if step in cr.steps]:
                    for _, n in sorted((w, n) for n, w in where.items() if kinds[n] == kind):
                        cur = where[n]
                        held = {w for m, w in where.items() if m != n}
                        left = 1
                        while left > 0 or cur in held:
                            nxt = board.spaces[cur].arrow
                            if nxt is None:
                                break
                            cur, left = nxt, max(0, left - 1)
                            if cur == self.home:
                                break
                        if cur == self.home:
                            out[n] = sunrise
                            del where[n]
                        else:
                            where[n] = cur
        return out

    def letters_left(self) -> int:
        return len(self.g.content.letters) - 1 - self.s.narrator

    def fire_at(self, space: int) -> bool:
        """A fire could burn on `space` for the fight: a fire token, or the guardian's board
        fire where she stands (K4: none helps in the castle or the tent city)."""
        if space == self.home:
            return False
        return space in self.s.fires or any(
            self.s.heroes[i] == "guardian" for i in self.hunters)

    def _meeting(self) -> tuple[int, int, int] | None:
        """(boss, space, sunrises from now): where the hunters fight the boss. Among the stops
        of its walk that every hunter can reach in time and that come before the narrator
        runs out, the first one with a fire at least two sunrises away (time to warm up and
        grow stronger), else the last one; today's stop only when it is the last."""
        if not self.bosses:
            return None
        s = self.s
        num = self.bosses[0]
        if self.g.pieces.carlion_needed(s, num) > s.carlion:
            return None  # no battle with it before Carlion is charged: guard the castle
        hunters = self.hunters or list(range(s.n))
        feasible: list[tuple[int, int]] = []
        for k in range(0, self.letters_left()):
            stop = self.walk(num, k)
            if stop == self.home or (k and stop == self.walk(num, k - 1)):
                break
            ok = True
            for i in hunters:
                today = 0 if s.ended[i] else self.g.hours_left(s, i)
                reach = today - FIGHT_HOURS if k == 0 else today + 7 * k - 1
                if self.dist(s.space[i], stop) > reach:
                    ok = False
                    break
            if ok:
                feasible.append((k, stop))
        if not feasible:
            return num, s.where(num), 0
        for k, stop in feasible:
            if k >= 2 and self.fire_at(stop):
                return num, stop, k
        k, stop = feasible[-1]
        return num, stop, k

    def kills_needed(self, creatures: Sequence[int], horizon: int, free: int) -> int:
        """How many of `creatures` must fall so the shields hold for `horizon` sunrises; each
        kill also moves the narrator, which shortens the horizon."""
        times = sorted(self.arrives(n) for n in creatures)
        for k in range(len(times) + 1):
            coming = sum(1 for t in times if t <= horizon - k)
            if coming - k <= free:
                return k
        return len(times)

    def _threat(self) -> dict[int, int]:
        """Which hunter stops which creature: the creatures that would reach the castle with
        no free shield before the legend can be won, earliest first, each taken by the nearest
        free hunter, with a second one when a lone hero is likely to lose the round."""
        s = self.s
        walking = self.meeting is not None and "boss_moves" in s.rules
        if walking and self.meeting is not None:
            horizon = self.meeting[2] + 1
        else:
            horizon = max(1, min(self.letters_left() - 1, UNSEEN_HORIZON))
        free = self.g.shield_count(s) - len(s.shields)
        coming = sorted((self.arrives(n), n) for n, (k, w) in s.creatures.items()
                        if k not in s.bosses and isinstance(w, int) and w >= 0
                        and w != self.board.defeated and n not in s.defeated
                        and self.arrives(n) <= horizon)
        need = self.kills_needed([n for _, n in coming], horizon, free) if self.hunters else 0
        out: dict[int, int] = {}
        if need == 0 or walking and self.meeting is not None and self.meeting[2] == 0:
            return out
        idle = list(self.hunters)
        # while the goal's errands are not done, one hero keeps running them whatever comes
        keep = 1 if self.pending and len(idle) > 1 else 0
        for _, num in coming[:need]:
            if len(idle) <= keep:
                break
            at = s.where(num)
            idle.sort(key=lambda i: (self.dist(s.space[i], at), i))
            first = idle.pop(0)
            out[first] = num
            if len(idle) > keep and self.solo_odds(first, num) < 0.6:
                out[idle.pop(0)] = num
        # the rest help the nearest hunt (with errands of the goal to run, only hunts of
        # creatures that arrive at the next sunrise)
        urgent = [n for n in out.values() if not self.has_errands or self.arrives(n) <= 1]
        if len(idle) > keep and urgent:
            idle.sort(key=lambda i: (-min(self.hdist(i, s.where(n)) for n in urgent), i))
            for i in idle[keep:]:
                out[i] = min(urgent, key=lambda n: (self.hdist(i, s.where(n)), n))
        return out

    def solo_odds(self, i: int, num: int) -> float:
        g, s = self.g, self.s
        c = g.content
        ours = value_odds(c.hero_dice(s.heroes[i], s.wp[i]), "helm" in s.kit[i])
        bonus = 2 if s.heroes[i] == "warrior" else 1
        theirs = value_odds(g.creature_dice(s, num, g.creature_wp(s, num)), True)
        return win_odds(ours, s.sp[i] + bonus, theirs, g.creature_sp(s, num))[0]

    def target(self, i: int) -> tuple[int | None, str]:
        """Where hero i is heading and why."""
        s = self.s
        if i == self.sword and i in self.errands:
            return self.errands[i]
        if i == self.keeper and not s.escorted(i) and i not in self.threat:
            return s.space[i], "keep the tablets here until the others bring theirs"
        if self.keeper is not None and i in self.escorting and not s.escorted(i) \
                and not (s.shaman and s.shaman[1] == i):
            return s.space[self.keeper], ("bring the tablets to {p" + str(self.keeper)
                                          + "} so the three can glow together")
        if i in self.escorting:
            who = "the shaman" if s.shaman and s.shaman[1] == i else "the Iquar"
            return self.home, f"bring {who} home to {self.g.space_name(s, self.home)}"
        if i in self.errands and i not in self.carriers:
            return self.errands[i]
        if i in self.carriers:
            item, at = self.carriers[i]
            name = self.g.article_name(item).lower()
            if item in s.kit[i]:
                return at, f"carry the {name} to {self.g.space_name(s, at)}"
            lying = next(sp for sp, items in s.items.items() if item in items)
            return lying, f"fetch the {name} from {self.g.space_name(s, lying)}"
        if self.meeting is not None and i not in self.threat:
            num, stop, k = self.meeting
            name = self.g.name(s, num)
            if k == 0:
                return stop, f"meet the {name} on {stop} and fight it together"
            return stop, (f"wait for the {name} on {stop}, where it arrives in {k} "
                          f"sunrise{'s' if k != 1 else ''}")
        if i in self.threat:
            num = self.threat[i]
            name = self.g.name(s, num)
            at = s.where(num)
            today = 0 if s.ended[i] else self.g.hours_left(s, i)
            ahead = self.walk(num, 1)
            if self.dist(s.space[i], at) > today - 2 and ahead != self.home \
                    and s.space[i] != at:
                return ahead, (f"wait for the {name} on {ahead}, where it walks at sunrise, "
                               "to stop it before it takes a shield the castle cannot spare")
            return at, (f"stop the {name} on {at} before it takes a shield the castle cannot "
                        "spare")
        want = self._article_for(i)
        if want is not None:
            return want
        return None, ""

    def _article_for(self, i: int) -> tuple[int, str] | None:
        s = self.g
        st = self.s
        best: tuple[int, int, str] | None = None
        for sp, items in st.items.items():
            for item in items:
                if item not in USEFUL or not s._room(st, i, item):
                    continue
                if item == "helm" and st.heroes[i] == "wizard":
                    continue
                d = self.dist(st.space[i], sp)
                if d <= 7 and (best is None or d < best[0]):
                    best = (d, sp, item)
        if best is None:
            return None
        return best[1], f"get the {s.article_name(best[2]).lower()} from {best[1]}"


def _goal_parts(cond: Any, deliver: list[tuple[str, int]], beat: list[str]) -> None:
    (name, arg), = cond.items()
    if name == "all" or name == "any":
        for c in arg:
            _goal_parts(c, deliver, beat)
    elif name == "item_at":
        deliver.append((str(arg["item"]), int(arg["space"])))
    elif name == "defeated":
        beat.append(str(arg))


def _named_parts(cond: Any, out: dict[str, Any]) -> None:
    """The goal's conditions by name (all and any looked into)."""
    (name, arg), = cond.items()
    if name in ("all", "any"):
        for c in arg:
            _named_parts(c, out)
    else:
        out[name] = arg
