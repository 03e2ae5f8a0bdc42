"""Frozen Steel, Module 4: the Story cards as data (brief 4.10; cards/last-aurora/modules/
story.yaml), their file's schema, and the plain words of their effects.

A Story card has a name, a Period (its deck), a trigger (the phase and the situation on its
back, public), an intro everyone hears, and options. Each option may cost something, and then
either succeeds at once (no check), reveals an Outcome card (a check: success when the leftmost
letter is listed; an extra letter counts when its price is paid first) or sets a task that
closes later. Each result is a line of story followed by its effects in plain words
(`effect_words`), which a test holds to the effects listed beside it.

No Qt and no import of content.py (which loads this file's schema): the areas are passed in.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any, TypeAlias

from frostdesk.engine.schema import Bool, Enum, Int, List, Map, Schema, Str

Effect: TypeAlias = tuple[str, Any]

PHASES = ("exploration", "rest", "movement", "situational", "fire")
# Triggers by phase (brief 4.10, "Triggers")
TRIGGERS = {"exploration": ("gather", "recruit", "improve", "encounter", "pair", "fed"),
            "rest": ("rest-fed",), "movement": ("boost", "waypoint", "region"),
            "situational": ("fw-start", "eor-start"), "fire": ("miss", "destroyed")}
# The words on a card's back: "Exploration: when you gather resources"
TRIGGER_WORDS = {"gather": "a convoy gathers resources", "recruit": "a convoy recruits",
                 "improve": "a convoy improves", "encounter": "a convoy plays an Encounter",
                 "pair": "two survivors explore together", "fed": "an explorer is fed",
                 "rest-fed": "a survivor is fed in Rest", "boost": "a convoy boosts",
                 "waypoint": "a convoy stops on a special space",
                 "region": "a convoy enters a region",
                 "fw-start": "before the first ambush", "eor-start": "as the round ends",
                 "miss": "a shot at an enemy misses", "destroyed": "an enemy is destroyed"}
TUCK_UNDER = ("cell5", "truck", "trailer")
# Task conditions (brief 4.10's rows 269, 273, 279, 290)
TASK_SUCCESS = ("board_alive", "in_bay", "hold_food", "aboard")
TASK_FAILURE = ("survivor_dies", "feeds")
RESOURCE_WORDS = {"fuel": "Fuel", "food": "Food", "ammo": "Ammo"}
AREA_WORDS = {"FRONT": "at the front", "REAR": "at the rear", "CENTRE": "in the centre",
              "ROOF": "on the roof", "VEHICLES": "on the vehicles", "ALL": "anywhere"}
CELL_WORDS = {"C": "a cargo cell", "C:food": "a Food cargo cell"}


@dataclass(frozen=True, slots=True)
class Result:
    """What an option's success (✓) or failure (✗) says and does."""

    text: str
    effects: tuple[Effect, ...]


@dataclass(frozen=True, slots=True)
class Check:
    """Success when the revealed Outcome card's leftmost letter is in `letters`, or in
    `extra` when `price` was paid before the reveal."""

    letters: str
    extra: str = ""
    price: tuple[tuple[str, int], ...] = ()


@dataclass(frozen=True, slots=True)
class Task:
    """A job that closes later: `success` and `failure` (conditions), `until` ("end": the
    game's end; "eor": the next End of Round; or a round number), `n` (the condition's
    number, such as the Food held), `everyone` (the card lies by the deck and every player
    is scored on it)."""

    success: str
    failure: str = ""
    until: str = "end"
    n: int = 0
    everyone: bool = False


@dataclass(frozen=True, slots=True)
class Branch:
    """One option of a Story card."""

    label: str
    cost: tuple[tuple[str, int], ...]
    check: Check | None
    task: Task | None
    success: Result
    failure: Result | None


@dataclass(frozen=True, slots=True)
class StoryCard:
    index: int
    id: str
    name: str
    period: int
    phase: str
    on: str
    multi: bool  # †: its effects reach other players
    intro: str
    source: str
    options: tuple[Branch, ...]

    def back(self) -> str:
        """The public back: its Period and trigger."""
        return f"Period {'I' * self.period if self.period < 4 else self.period} · " \
               f"{self.phase.title()}: {TRIGGER_WORDS[self.on]}"


# ---------------------------------------------------------------------------- the file's shape

def schema(areas: tuple[str, ...], cell_pattern: str) -> Schema:
    """modules/story.yaml's schema (the areas and cell codes come from content.py)."""
    res = Map({r: Int(1, 5) for r in RESOURCE_WORDS}, optional=tuple(RESOURCE_WORDS),
              what="a mapping such as {fuel: 2}")
    area_n = Map({"area": Enum(areas), "n": Int(1, 3)}, what="{area: FRONT, n: 1}")
    effect = Map({
        "gain": res, "lose": res, "fame": Int(-3, 5), "object": Int(1, 3), "repair": Int(1, 5),
        "damage": area_n, "contaminate": Int(1, 2), "decontaminate": Int(1, 2),
        "speed_next": Int(1, 5), "speed": Int(-3, 3), "stop": Int(1, 1), "end_turn": Int(1, 1),
        "tuck": Map({"under": Enum(TUCK_UNDER),
                     "cells": List(Str(cell_pattern, "a cell code"), min_len=1,
                                   what="the cell codes the card adds")},
                    optional=("cells",), what="{under: trailer, cells: [S★1]}"),
        "marked_object": Int(1, 2), "marked_fame": Int(1, 3), "marked_repair": Int(1, 3),
        "skip_first_ambush": Int(1, 1), "coast_skip": res, "leaders_damage": area_n,
        "enemy_damage": Int(1, 3), "new_card_damage": Int(1, 2), "rest_after": Int(1, 1),
    }, optional=("gain", "lose", "fame", "object", "repair", "damage", "contaminate",
                 "decontaminate", "speed_next", "speed", "stop", "end_turn", "tuck",
                 "marked_object", "marked_fame", "marked_repair", "skip_first_ambush",
                 "coast_skip", "leaders_damage", "enemy_damage", "new_card_damage",
                 "rest_after"), what="an effect: one verb and its value", noun="effect verb")
    result = Map({"text": Str(what="the result's text, in our own words"),
                  "do": List(effect, what="a list of effects (empty: nothing)")},
                 what="{text: ..., do: [...]}")
    cost = Map({"fuel": Int(1, 3), "food": Int(1, 3), "ammo": Int(1, 3),
                "resources": Int(1, 3), "object": Int(1, 2)},
               optional=("fuel", "food", "ammo", "resources", "object"),
               what="a cost such as {food: 1}")
    check = Map({"letters": Str("[ABCD]{1,3}", "the letters that succeed, such as AB"),
                 "extra": Str("[ABCD]", "one more letter"), "pay": res},
                optional=("extra", "pay"), what="{letters: AB, extra: C, pay: {ammo: 1}}")
    task = Map({"success": Enum(TASK_SUCCESS), "failure": Enum(TASK_FAILURE),
                "until": Str("end|eor|[1-6]", "end, eor or a round 1..6"),
                "n": Int(1, 9), "all": Bool()},
               optional=("failure", "until", "n", "all"), what="a task")
    option = Map({"label": Str(what="the option's label"), "cost": cost, "check": check,
                  "task": task, "success": result, "failure": result},
                 optional=("cost", "check", "task", "failure"), what="an option")
    card = Map({"id": Str(r"[0-9]{3}", "a card number such as '255' (in quotes)"),
                "name": Str(what="the card's name"), "period": Int(1, 3, "a Period 1..3"),
                "trigger": Map({"phase": Enum(PHASES), "on": Enum(tuple(
                    t for ts in TRIGGERS.values() for t in ts))}, what="{phase: ..., on: ...}"),
                "multi": Bool(), "source": Enum(("rulebook", "authored")),
                "intro": Str(what="the scene, in our own words"),
                "options": List(option, min_len=1, what="a list of options")},
               optional=("multi",), what="a Story card")
    return Map({"cards": List(card, what="a list of Story cards")}, what="a mapping with cards")


def problems(data: dict[str, Any]) -> list[tuple[tuple[object, ...], str]]:
    """What the schema cannot say: ids 255-294 once each, 40 cards, each trigger in its
    phase, a check or a task but not both, a failure exactly where there is a check or a
    task, the extra letter with its price, and an option with no cost on every card."""
    out: list[tuple[tuple[object, ...], str]] = []
    seen: set[str] = set()
    for i, c in enumerate(data["cards"]):
        if not 255 <= int(c["id"]) <= 294 or c["id"] in seen:
            out.append((("cards", i, "id"), f"card number {c['id']} is outside 255-294 or "
                                             "used twice"))
        seen.add(c["id"])
        if c["trigger"]["on"] not in TRIGGERS[c["trigger"]["phase"]]:
            out.append((("cards", i, "trigger"), f"{c['trigger']['on']} is no "
                                                 f"{c['trigger']['phase']} trigger"))
        if not any("cost" not in o for o in c["options"]):  # an extra letter's price is
            # optional, so an option with one is still offered to everyone
            out.append((("cards", i, "options"), "every card keeps one option with no cost"))
        for j, o in enumerate(c["options"]):
            path = ("cards", i, "options", j)
            if "check" in o and "task" in o:
                out.append((path, "an option has a check or a task, not both"))
            if ("failure" in o) != ("check" in o or "task" in o):
                out.append((path + ("failure",), "a failure text goes with a check or a "
                                                 "task, and only there"))
            chk = o.get("check")
            if chk is not None and ("extra" in chk) != ("pay" in chk):
                out.append((path + ("check",), "an extra letter comes with its price"))
    if len(data["cards"]) != 40:
        out.append((("cards",), f"{len(data['cards'])} Story cards; the module has 40"))
    return out


def _effects(items: list[dict[str, Any]]) -> tuple[Effect, ...]:
    return tuple(next(iter(e.items())) for e in items)


def _result(data: dict[str, Any] | None) -> Result | None:
    return None if data is None else Result(data["text"], _effects(data["do"]))


def build(data: dict[str, Any]) -> tuple[StoryCard, ...]:
    """The Story cards of a file that passed every check, in card order."""
    out: list[StoryCard] = []
    for c in sorted(data["cards"], key=lambda x: x["id"]):
        options = []
        for o in c["options"]:
            chk = o.get("check")
            task = o.get("task")
            success = _result(o["success"])
            assert success is not None
            options.append(Branch(
                label=o["label"], cost=tuple(o.get("cost", {}).items()),
                check=None if chk is None else Check(chk["letters"], chk.get("extra", ""),
                                                     tuple(chk.get("pay", {}).items())),
                task=None if task is None else Task(
                    task["success"], task.get("failure", ""), str(task.get("until", "end")),
                    task.get("n", 0), task.get("all", False)),
                success=success, failure=_result(o.get("failure"))))
        out.append(StoryCard(len(out), c["id"], c["name"], c["period"], c["trigger"]["phase"],
                             c["trigger"]["on"], c.get("multi", False), c["intro"], c["source"],
                             tuple(options)))
    return tuple(out)


# ---------------------------------------------------------------------------- plain words

def _n(n: int, word: str) -> str:
    return f"{n} {word}{'s' if n != 1 and word == 'Object' else ''}"


def _cells(cells: list[str]) -> str:
    words = [CELL_WORDS.get(c, f"a cell worth {c[2:]} Fame at the end ({c})"
                            if c.startswith("S★") else f"a {c} cell") for c in cells]
    return " and ".join(words)


def cost_words(cost: tuple[tuple[str, int], ...]) -> str:
    """'1 Food', '2 resources of your choice', '1 Object'."""
    parts = []
    for what, n in cost:
        if what == "resources":
            parts.append(f"{n} resource{'s' if n > 1 else ''} of your choice")
        elif what == "object":
            parts.append(_n(n, "Object"))
        else:
            parts.append(f"{n} {RESOURCE_WORDS[what]}")
    return " and ".join(parts)


def _amounts(val: dict[str, int]) -> str:
    return " and ".join(f"{n} {RESOURCE_WORDS[r]}" for r, n in val.items())


def _tuck_words(val: dict[str, Any]) -> str:
    where = {"cell5": "the card in zone cell 5", "truck": "your truck",
             "trailer": "one of your trailers"}[val["under"]]
    adds = f"; it adds {_cells(val['cells'])}" if val.get("cells") else ""
    return f"Tuck this card under {where}{adds}."


# Each effect verb's sentence (story.py and story_effects.py give them their rules)
WORDS: dict[str, Any] = {
    "gain": lambda v: f"Gain {_amounts(v)}.",
    "lose": lambda v: f"Lose {_amounts(v)}.",
    "fame": lambda v: f"{'Gain' if v > 0 else 'Lose'} {abs(v)} Fame.",
    "object": lambda v: f"Draw {_n(v, 'Object')}.",
    "repair": lambda v: f"Repair {v}.",
    "damage": lambda v: f"Take {v['n']} Damage {AREA_WORDS[v['area']]}.",
    "contaminate": lambda v: f"A survivor who drew this card takes {v} Contamination.",
    "decontaminate": lambda v: f"A survivor who drew this card loses {v} Contamination.",
    "speed_next": lambda v: f"+{v} Speed in your next Movement.",
    "speed": lambda v: f"{'+' if v > 0 else '−'}{abs(v)} Speed for this move.",
    "stop": lambda v: "Your move ends here.",
    "end_turn": lambda v: "You cannot do anything more this turn.",
    "tuck": _tuck_words,
    "marked_object": lambda v: f"Every other player with a Target on it draws "
                               f"{_n(v, 'Object')}.",
    "marked_fame": lambda v: f"Every player with a Target on it gains {v} Fame.",
    "marked_repair": lambda v: f"Every player with a Target on it makes Repair {v}.",
    "skip_first_ambush": lambda v: "The first ambush of this phase hits nobody.",
    "coast_skip": lambda v: f"Each convoy in the Coast may discard "
                            f"{cost_words(tuple(v.items()))} to skip its ambushes this phase.",
    "leaders_damage": lambda v: f"Each leader takes {v['n']} Damage {AREA_WORDS[v['area']]}.",
    "enemy_damage": lambda v: f"Deal {v} damage to that enemy (not a normal attack).",
    "new_card_damage": lambda v: f"The new card takes {v} Damage.",
    "rest_after": lambda v: "That survivor goes to Rest after this action.",
}


def effect_words(effects: tuple[Effect, ...]) -> str:
    """An option's result in plain words, one sentence per effect ("Gain 2 Fuel.");
    "Nothing else happens." for none. Every result text ends with these words."""
    out = []
    for verb, val in effects:
        if verb not in WORDS:
            raise ValueError(f"Story effect {verb} has no words")
        out.append(WORDS[verb](val))
    return " ".join(out) or "Nothing else happens."


def option_face(o: Branch) -> str:
    """What everyone sees of an option before the choice (S4): its label, cost, check
    letters with the extra letter's price, or its task."""
    text = o.label
    if o.cost:
        text += f" (pay {cost_words(o.cost)})"
    if o.check is not None:
        text += ": check " + ", ".join(o.check.letters)
        if o.check.extra:
            text += f" (+{o.check.extra} for {cost_words(o.check.price)})"
    elif o.task is not None:
        text += ": task, " + task_words(o.task)
    return text


def task_words(t: Task) -> str:
    cond = {"board_alive": "board with this survivor alive",
            "in_bay": "end a Movement in the Bay",
            "hold_food": f"hold {t.n} Food", "aboard": "be aboard"}[t.success]
    until = {"end": " when the game ends" if t.success == "aboard" else " by the game's end",
             "eor": " at the next End of Round"}.get(t.until, f" by the end of round {t.until}")
    fail = {"survivor_dies": "; it fails if the survivor dies",
            "feeds": "; it fails if you feed a survivor first", "": ""}[t.failure]
    return cond + until + fail + ("; every player" if t.everyone else "")
