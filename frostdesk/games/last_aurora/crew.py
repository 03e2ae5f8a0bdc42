"""Frozen Steel, Module 3: Asymmetric crew (brief 2.3 and 4.8; seed 000, Module 3).

With the module on, each convoy starts with one crew of two survivors (cards 247-254,
cards/last-aurora/modules/crew.yaml) instead of the Leader and the Co-pilot: The Pack, The
Mutants, The Vikings or The Androids, picked per seat or dealt at random (the `crews`
option), never twice. The rules (rules.py) call the small hooks below; each ability works
while its survivor is Active (RS4), as every survivor's does, the Ghoul's counter excepted:

- the Arctic Wolf (#247) takes the bonus actions of the cells left and right of the cell it
  explores, together with its own cell's, before or after the main action, never one bonus
  twice (`Explore.early`);
- the She-Wolf Herder (#248): +3 Speed while another convoy is ahead;
- the Alpha Mutant (#249) sheds 1 Contamination after exploring to go to Rest;
- the Ghoul (#250) sheds 1 Contamination for +2 Speed when its convoy drives, wherever it
  rests ("a Ghoul in your crew": ruling "Module 3: where the Ghoul works");
- the Valkyrie (#251) and the War Maiden (#252): Speed, and damage on the first successful
  hit, by the number of convoy cards;
- the Synthetic Prototype (#253): +2 Speed with no Damage on the convoy; the Quartermaster
  Robot (#254): once a Movement, 1 Object for +2 Speed (`Move.robot`); both androids eat
  1 Object or 1 resource of any kind when fed (`Explore.meal`, `Rest.meal`).

With the crews a convoy far behind the leading one gets the catch-up of the Co-pilot it
replaced: +2 Speed 3 or more miles behind in a 2-player game, +1 Speed 6 or more miles behind
with 3 or 4 players (ruling "Module 3: the chase", in `speed`; not in solo).

The Automa has no survivor cards, so it takes no crew (ruling); it counts as a convoy ahead
of the Herder. The rulings are in docs/rules/last-aurora.md, "Module 3: Asymmetric crew".
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from dataclasses import replace
from itertools import product
from typing import TYPE_CHECKING, Any

from frostdesk.engine import rng
from frostdesk.engine.game import Event
from frostdesk.games.last_aurora.content import RESOURCES, Crew
from frostdesk.games.last_aurora.state import EMPTY, Explore, Move, Rest, State

if TYPE_CHECKING:
    from frostdesk.games.last_aurora.rules import LastAurora

RANDOM = "random"
# Ruling "Module 3: the chase" (designed): with the crews, a convoy this many miles or more
# behind the leading convoy drives with this much more Speed. In a 2-player game, what the
# Co-pilot it replaced gave 4 miles behind (+1, and +1 more), from 3 miles (with all five
# modules a 2-player race needs it sooner); with 3 or 4 players, the Co-pilot's catch-up
# alone (+1, 6 miles behind): docs/rules/last-aurora.md, docs/balance/last-aurora.md.
CHASE_2P_MILES = 3
CHASE_2P_SPEED = 2
CHASE_MILES = 6
CHASE_SPEED = 1
P = "{p%d}"
MEALS = ("food",) + tuple(r for r in RESOURCES if r != "food")


def _ev(kind: str, text: str, **data: Any) -> Event:
    return Event(kind, data, text)


def parse(options: Mapping[str, Any], n: int, known: Sequence[str]) -> list[str]:
    """The crew asked for each of the n seats ("random" where none is picked), from the
    dialog's list or the command line's "pack,random,vikings"; ValueError in a player's
    words for an unknown crew, a crew asked twice, or a list of the wrong length."""
    value = options.get("crews", None)
    if value is None:
        return [RANDOM] * n
    if isinstance(value, str):
        words = [w.strip().lower() for w in value.split(",")] if value.strip() else []
    elif isinstance(value, list | tuple):
        words = [str(w).strip().lower() for w in value]
    else:
        raise ValueError(f"crews must be a list such as pack,random,vikings (not {value!r})")
    if words in ([], [RANDOM]):
        return [RANDOM] * n
    if len(words) != n:
        raise ValueError(f"crews names one crew per convoy ({n} here, {len(words)} given), "
                         "such as " + ",".join((list(known) + [RANDOM] * n)[:n]))
    for word in words:
        if word != RANDOM and word not in known:
            raise ValueError(f"{word!r} is not a crew; the crews are "
                             + ", ".join(known) + " (or random)")
    picked = [w for w in words if w != RANDOM]
    for word in picked:
        if picked.count(word) > 1:
            seats = [str(i + 1) for i, w in enumerate(words) if w == word]
            raise ValueError(f"convoys {' and '.join(seats)} both ask for the {word} crew; "
                             "each crew sails with one convoy")
    return words


class CrewRules:
    """Module 3's rules, called from rules.py's hooks (each only while the module is on)."""

    def __init__(self, game: LastAurora) -> None:
        self.g = game
        self.crews: tuple[Crew, ...] = game.content.crews
        self.ids = tuple(c.id for c in self.crews)
        self.crew_of_card = {card: c for c in self.crews for card in c.cards}

    # ------------------------------------------------------------------ setup (M3.1)

    def deal(self, s: State, options: Mapping[str, Any], r: int) -> int:
        """Step 11: each seat's crew replaces its Leader and Co-pilot (same two Survivor
        tokens, both Active). Crews left to chance are dealt from those nobody picked, in
        seat order; the generator moves only with the module on."""
        asked = parse(options, s.n, self.ids)
        free = [c for c in self.crews if c.id not in asked]
        free, r = rng.shuffled(r, free)
        for seat, word in enumerate(asked):
            crew = next(c for c in self.crews if c.id == word) if word != "random" \
                else free.pop(0)
            s.surv[seat] = [[card, "A", 0] for card in crew.cards]
        return r

    def crew(self, s: State, seat: int) -> Crew | None:
        """The crew a convoy started with (None once both of its survivors are gone)."""
        return next((self.crew_of_card[x[0]] for x in s.surv[seat]
                     if x[0] in self.crew_of_card), None)

    def dealt_event(self, s: State) -> Event:
        names = [self.crew(s, seat) for seat in range(s.n)]
        return _ev("crews", "Crews: " + "; ".join(
            f"{P % seat} {c.name if c else '-'}" for seat, c in enumerate(names)) + ".",
            crews=[c.id if c else "" for c in names],
            cards=[[self.g.cards[x[0]].id for x in s.surv[seat]] for seat in range(s.n)])

    def hash_words(self, options: Mapping[str, Any]) -> str:
        """What the crews option adds to the ruleset hash (docs/events.md)."""
        value = options.get("crews")
        words = value if isinstance(value, list | tuple) else str(value or "").split(",")
        text = ",".join(str(w).strip().lower() for w in words if str(w).strip())
        return f"|crews:{text or RANDOM}"

    # ------------------------------------------------------------------ Speed (MV2)

    def convoy_cards(self, s: State, seat: int) -> int:
        """#251-252: the convoy's cards (trucks, trailers and devices)."""
        return sum(1 for col in s.convoy[seat] for slot in col if slot is not None)

    @staticmethod
    def step(steps: Sequence[Sequence[int]], cards: int) -> int:
        """The bonus of the highest [cards, bonus] step reached (0 below the first)."""
        return max((b for need, b in steps if cards >= need), default=0)

    def speed(self, s: State, seat: int, steady: bool = False) -> int:
        """The crew's Speed in this Movement: the Herder while a convoy is ahead (#248), the
        Ghoul with a counter to shed (#250; not with `steady`, the Speed kept from one
        Movement to the next), the Valkyrie by convoy cards (#251), the Synthetic Prototype
        with no Damage (#253); and the chase of a convoy far behind (ruling)."""
        g = self.g
        out = 0
        chasing = g.ability(s, seat, "speed_chasing")
        if chasing and any(x != seat and (x in s.boarded or s.mile[x] > s.mile[seat])
                           for x in range(len(s.mile))):
            out += sum(chasing)
        for card, _, cont in s.surv[seat]:
            shed = g._abil[card].get("shed_speed")
            if shed and cont and not steady:  # any zone: ruling "where the Ghoul works"
                out += shed
        for steps in g.ability(s, seat, "speed_by_cards"):
            out += self.step(steps, self.convoy_cards(s, seat))
        undamaged = g.ability(s, seat, "speed_undamaged")
        if undamaged and not g.damage_count(s, seat):
            out += sum(undamaged)
        if s.n >= 2 and "crew" in s.modules:  # the chase (ruling; not solo)
            miles, plus = (CHASE_2P_MILES, CHASE_2P_SPEED) if s.n == 2 else (CHASE_MILES,
                                                                             CHASE_SPEED)
            if max(s.mile) - s.mile[seat] >= miles:
                out += plus
        return out

    def burn(self, s: State, seat: int) -> int:
        """The Speed the Ghoul's counter will give once (#250), wherever the Ghoul rests now
        (for the bots' worth of a convoy)."""
        g = self.g
        return sum(int(g._abil[card].get("shed_speed") or 0) for card, _, cont in s.surv[seat]
                   if cont)

    def robot_moves(self, s: State, seat: int) -> list[Move]:
        """#254: the miles the Quartermaster Robot's +2 brings within reach, paid with one
        Object of each kind held (offered only beyond what the plain move or the Boost
        reaches, as the Boost is)."""
        g = self.g
        extra = g.ability(s, seat, "object_speed")
        fuel = g.count(s, seat, "fuel")
        if not extra or not s.objects[seat] or not fuel:
            return []
        k = max(extra)
        designs = list(dict.fromkeys(g.cards[o].design for o in s.objects[seat]))
        raw = g.speed(s, seat)
        sp = max(1, raw)
        near = set(g.reachable(s, seat, sp))
        fast = g.reachable(s, seat, max(1, raw + k))
        out = [Move(m, False, robot=d) for m in fast if m not in near for d in designs]
        boost = g.truck(s, seat).boost
        if fuel >= 2 and boost:
            plain = near | set(fast) | set(g.reachable(s, seat, sp + boost))
            out += [Move(m, True, robot=d)
                    for m in g.reachable(s, seat, max(1, raw + k) + boost)
                    if m not in plain for d in designs]
        return out

    def before_move(self, s: State, seat: int, a: Move, events: list[Event]) -> None:
        """The Movement's crew costs, paid as the convoy sets off: the Object fed to the
        Quartermaster Robot, and the Ghoul's counter (ruling: it always sheds it when its
        convoy drives, as its +2 was in the Speed offered; a counter only ever harms it)."""
        g = self.g
        if a.to == s.mile[seat]:
            return
        if a.robot:
            self.eat_object(s, seat, a.robot, "the Quartermaster Robot", events)
            events.append(_ev("crew_speed", f"{P % seat}'s Quartermaster Robot gives +2 Speed.",
                              seat=seat, card="254", n=2))
        for i, x in enumerate(self.g.sv(s, seat)):
            shed = g._abil[x[0]].get("shed_speed")
            if shed and x[2]:  # any zone: ruling "where the Ghoul works"
                x[2] -= 1
                events.append(_ev("decontaminated", f"{P % seat}'s {g.cards[x[0]].name} sheds "
                                  f"1 Contamination for +{shed} Speed.", seat=seat,
                                  survivor=i, n=1))

    def eat_object(self, s: State, seat: int, design: str, who: str,
                   events: list[Event]) -> None:
        g = self.g
        hand = s.objects[seat]
        card = next(o for o in hand if g.cards[o].design == design)
        hand.remove(card)
        s.odisc.append(card)
        events.append(_ev("object_discarded", f"{P % seat} gives {g.cards[card].name} to "
                          f"{who}.", seat=seat, card=g.cards[card].id))

    # ------------------------------------------------------------------ exploring

    def wolf(self, s: State, seat: int, a: Explore) -> bool:
        """Whether the Arctic Wolf is among the explorers (#247)."""
        ab = self.g._abil
        return any(ab[s.surv[seat][i][0]].get("neighbour_bonus") for i in a.explorers)

    def cells(self, a: Explore) -> list[int]:
        """The cells whose bonus the Wolf's exploration takes: its own and its neighbours."""
        return [c for c in (a.cell - 1, a.cell, a.cell + 1) if 0 <= c < 5]

    def bonus_of(self, cell: int, alt: bool) -> tuple[tuple[str, Any], ...]:
        z = self.g.content.zone[cell]
        return z.alt if alt and z.alt else z.bonus

    def wolf_bonuses(self, a: Explore) -> list[tuple[int, tuple[tuple[str, Any], ...]]]:
        """(cell, effects) of the Wolf's bonuses in the order taken: a Repair first (it only
        opens cells for what follows), then left to right; a bonus the same as one already
        listed is left out (#247's note: never the same bonus twice)."""
        seen: list[tuple[tuple[str, Any], ...]] = []
        out = []
        for cell in sorted(self.cells(a), key=lambda c: (
                not any(v == "repair" for v, _ in self.bonus_of(c, a.alt)), c)):
            effects = self.bonus_of(cell, a.alt)
            if effects in seen:
                continue
            seen.append(effects)
            out.append((cell, effects))
        return out

    def bonuses(self, s: State, seat: int, a: Explore, before: bool, events: list[Event],
                explorers: Callable[[], list[int]], clean: Callable[[], list[int]]) -> None:
        """The Wolf's bonuses of one side of the main action (`before`: those in
        `a.early`)."""
        g = self.g
        for cell, effects in self.wolf_bonuses(a):
            if (cell in a.early) != before:
                continue
            if cell != a.cell:
                events.append(_ev("crew_bonus", f"{P % seat}'s Arctic Wolf takes the bonus of "
                                  f"cell {cell + 1}.", seat=seat, cell=cell, card="247"))
            g._effects(s, seat, effects, events, explorers(), clean=clean(), fix=a.fix)

    def extra_repair(self, s: State, seat: int, a: Explore) -> int:
        """The Repair the Wolf's bonuses add to what the explored cell gives (for the choice
        of cells repaired)."""
        if not self.wolf(s, seat, a):
            return 0
        total = sum(int(v) for _, effects in self.wolf_bonuses(a) for verb, v in effects
                    if verb == "repair")
        return total - (0 if a.alt else self.g._bonus_repair[a.cell])

    def explore_options(self, s: State, seat: int, out: list[Explore]) -> list[Explore]:
        """The crew's variants of the Exploration choices (before each is split by the
        choices its card leaves): the Wolf's other bonus of a neighbouring cell (cell 4's
        Contamination off), its bonuses all before the main action, and what each fed
        android eats (an action nobody can feed is dropped)."""
        g = self.g
        dirty = any(x[2] for x in s.surv[seat])
        food = g.count(s, seat, "food")
        eats = [i for i, x in enumerate(s.surv[seat]) if g._abil[x[0]].get("eats_any")]
        res: list[Explore] = []
        for a in out:
            if a.fed and (eats or len(a.fed) > food):
                meals = [m for m in self.meal_options(s, seat, a.fed, food, eats)
                         if not m or self.still_pays(s, seat, a, m)]
                variants = [a if not m else replace(a, meal=m) for m in meals]
            else:
                variants = [a]
            if self.wolf(s, seat, a):
                if dirty and not a.alt and any(g.content.zone[c].alt for c in self.cells(a)
                                               if c != a.cell):
                    variants += [replace(v, alt=True) for v in variants]
                card = s.zone[a.cell]
                if a.main >= 0 and card != EMPTY and g.cards[card].kind != "enemy":
                    variants += [replace(v, early=tuple(self.cells(a))) for v in variants]
            res += variants
        return res

    def still_pays(self, s: State, seat: int, a: Explore, meal: Sequence[str]) -> bool:
        """Whether an encounter's cost is still paid once the androids have eaten."""
        g = self.g
        card = s.zone[a.cell]
        if a.main < 0 or card == EMPTY or g.cards[card].kind != "encounter":
            return True
        t = s.copy()
        self.feed(t, seat, meal, [])
        return g.can_pay(t, seat, g.cards[card].options[a.main].cost)

    def meal_options(self, s: State, seat: int, fed: Sequence[int], food: int,
                     eats: Sequence[int], free: int = 0) -> list[tuple[str, ...]]:
        """The ways to feed `fed`: () when Food (and the Cook's `free` meals) feed them all,
        then each way in which the androids among them eat another resource or an Object
        (one entry per fed survivor). Empty when they cannot be fed."""
        g = self.g
        held = {r: g.count(s, seat, r) for r in RESOURCES}
        held["food"] = food + free
        designs: dict[str, int] = {}
        for o in s.objects[seat]:
            d = g.cards[o].design
            designs[d] = designs.get(d, 0) + 1
        choice = [MEALS + tuple(designs) if i in eats else ("food",) for i in fed]
        out: list[tuple[str, ...]] = []
        for combo in product(*choice):
            if all(combo.count(w) <= held.get(w, designs.get(w, 0)) for w in set(combo)):
                out.append(() if all(w == "food" for w in combo) else tuple(combo))
        return out

    def meals(self, s: State, seat: int, food: int) -> int:
        """How many survivors can be fed at most: Food, plus what the androids may eat."""
        g = self.g
        if not any(g._abil[x[0]].get("eats_any") for x in s.surv[seat]):
            return food
        other = sum(g.count(s, seat, r) for r in RESOURCES if r != "food")
        return food + other + len(s.objects[seat])

    def feed(self, s: State, seat: int, meal: Sequence[str], events: list[Event]) -> None:
        """Pay the meals of an Explore or Rest (one entry per fed survivor)."""
        g = self.g
        for what in meal:
            if what in RESOURCES:
                g._take(s, seat, what)
                if what != "food":
                    events.append(_ev("paid", f"{P % seat}'s android eats 1 {what.title()}.",
                                      seat=seat, paid=[f"1 {what.title()}"]))
            else:
                self.eat_object(s, seat, what, "an android to eat", events)

    def after_explore(self, s: State, seat: int, x: list[Any], events: list[Event]) -> None:
        """#249: the Alpha Mutant, its action done, sheds 1 Contamination (even one it just
        took) to go to Rest. Ruling: always, when it can (both only help it); not with its
        third counter, on which it dies (note 2)."""
        g = self.g
        card = g.cards[x[0]]
        if g._abil[x[0]].get("shed_to_rest") and x[1] == "X" and 0 < x[2] < card.dies_at:
            x[2] -= 1
            x[1] = "R"
            events.append(_ev("decontaminated", f"{P % seat}'s {card.name} sheds 1 "
                              "Contamination and goes to Rest.", seat=seat,
                              survivor=self.g.sv(s, seat).index(x), n=1))

    # ------------------------------------------------------------------ resting

    def rest_options(self, s: State, seat: int, out: list[Rest]) -> list[Rest]:
        """Rest choices with what each fed android eats; those nobody can feed are dropped."""
        g = self.g
        food = g.count(s, seat, "food")
        free = g._free_meals(s, seat)
        eats = [i for i, x in enumerate(self.g.sv(s, seat)) if g._abil[x[0]].get("eats_any")]
        res: list[Rest] = []
        for a in out:
            if not a.fed or (not eats and len(a.fed) <= food + free):
                res.append(a)
                continue
            res += [a if not m else replace(a, meal=m)
                    for m in self.meal_options(s, seat, a.fed, food, eats, free)]
        return res

    # ------------------------------------------------------------------ fire weapons

    def first_hit_bonus(self, s: State, seat: int) -> int:
        """#252: the War Maiden's damage on the first successful hit of the phase."""
        cards = self.convoy_cards(s, seat)
        return int(sum(self.step(steps, cards)
                       for steps in self.g.ability(s, seat, "hit_by_cards")))

    # ------------------------------------------------------------------ words

    def bonus_words(self, s: State, seat: int, a: Explore) -> list[str]:
        """The Wolf's neighbour bonuses for the Hint ("+1 Fuel from cell 2")."""
        if not self.wolf(s, seat, a):
            return []
        return [f"{_effect_words(effects)} from cell {cell + 1}"
                for cell, effects in self.wolf_bonuses(a) if cell != a.cell]

    def meal_words(self, s: State, seat: int, fed: Sequence[int], meal: Sequence[str]) -> str:
        g = self.g
        parts = []
        for i, what in zip(fed, meal, strict=False):
            if what == "food":
                continue
            name = g.cards[s.surv[seat][i][0]].name if i < len(s.surv[seat]) else "android"
            food = what.title() if what in RESOURCES else g.content.by_id(what).name
            parts.append(f"{name.split()[-1]} eats {food}")
        return ", ".join(parts)


def _effect_words(effects: Sequence[tuple[str, Any]]) -> str:
    words = []
    for verb, val in effects:
        if verb == "gain":
            words += [f"+{k} {r.title()}" for r, k in val.items()]
        elif verb == "repair":
            words.append(f"Repair {val}")
        elif verb == "object":
            words.append("an Object" if val == 1 else f"{val} Objects")
        elif verb in ("decontaminate", "decontaminate_split"):
            words.append(f"{val} Contamination off")
        else:
            words.append(verb)
    return " and ".join(words)
