"""What the app knows of Last Aurora: the registry entry (see frostdesk/engine/registry.py).

Cheap to import: the rules, bots and UI load only when asked. The base game seats 1 to 4
convoys: alone, you race the Automa (its difficulty is the `automa` option, shown and set up
only in a 1-player game).
"""

from __future__ import annotations

from collections.abc import Mapping
from pathlib import Path
from typing import Any

from frostdesk.engine.registry import (
    BotLevel,
    Choice,
    GameDescription,
    Option,
    SeatWords,
    seat_values,
)
from frostdesk.games.last_aurora import modules as fs

AUTOMA = Option(
    "automa", "Automa", "choice", "normal", players=(1, 1), hint="your solo rival",
    choices=(Choice("easy", "Easy", "Its Speed rises by 1 after round 3: a gentle race."),
             Choice("normal", "Normal", "Its Speed rises after rounds 2 and 4."),
             Choice("hard", "Hard", "Its Speed rises after rounds 1, 4 and 5: a hard chase.")),
    tip="How hard the Automa, your rival in a solo game, pushes towards the Aurora.")

# Frozen Steel's modules: one check box each, only for the modules that are built.
MODULES = Option(
    "modules", "Frozen Steel", "multi", (),
    choices=tuple(Choice(m.id, m.name, m.summary, m.min_players, m.needs)
                  for m in fs.available()),
    tip="The expansion's modules, each on or off; none is the base game.")

# Module 3's crews (cards/last-aurora/modules/crew.yaml, crew.py): picked per convoy or dealt
# at random; counted only with the module on.
CREW_CHOICES = (("pack", "The Pack", "Arctic Wolf and She-Wolf Herder: extra cell bonuses, "
                                     "+3 Speed while chasing."),
                ("mutants", "The Mutants", "Alpha Mutant and Ghoul: they shed Contamination "
                                           "for Rest and Speed."),
                ("vikings", "The Vikings", "Valkyrie and War Maiden: a long convoy drives and "
                                           "hits harder."),
                ("androids", "The Androids", "Synthetic Prototype and Quartermaster Robot: "
                                             "Speed, and they eat anything."))
CREWS = Option(
    "crews", "Crew", "choice", "random", per_seat=True, needs=("modules", "crew"),
    distinct=True,
    choices=(Choice("random", "Random", "Dealt from the crews nobody picked."),
             *(Choice(key, name, tip) for key, name, tip in CREW_CHOICES)),
    tip="The two-survivor crew each convoy starts with (Asymmetric crew); each crew once.")


# Module 4, solo (S11): the Story cards' results stay hidden until you choose, unless you ask
STORY_OUTCOMES = Option(
    "story_outcomes", "Story outcomes", "bool", False, players=(1, 1),
    hint="with the Story cards",
    tip="Solo with the Story cards: show what each option does before you choose (by "
        "default, as at the table, the results show only after the choice).")


# The optional Mine (card 111, mine.py): shuffled into the Object deck when on
MINE = Option(
    "mine", "The Mine", "bool", False,
    hint="lay mines behind you: 2 Damage to the next convoy",
    tip="Shuffle the Mine into the Objects: after a move its holder may mine a space they "
        "passed; the next convoy there stops and takes 2 Damage to its front.")


def _rules(folder: Path) -> Any:
    from frostdesk.games.last_aurora.content import load_content
    from frostdesk.games.last_aurora.rules import LastAurora

    return LastAurora(load_content(folder))


def setup_options(values: dict[str, Any]) -> dict[str, Any]:
    """The dialog's values as setup options: the Automa's level in lower case, the modules as
    a list (left out when none is on, so a base game's options are as they always were)."""
    options = dict(values)
    if "automa" in options:
        options["automa"] = str(options["automa"]).lower()
    if "modules" in options:
        chosen = fs.parse(options)
        if chosen:
            options["modules"] = list(chosen)
        else:
            del options["modules"]
    if "crews" in options:  # Module 3: kept with the module on, as one word per seat
        words = _crew_words(options)
        if "crew" in options.get("modules", ()) and any(w != "random" for w in words):
            options["crews"] = words
        else:
            del options["crews"]
    if not options.get("mine"):  # the Mine: kept only when on (a base game's options stay)
        options.pop("mine", None)
    else:
        options["mine"] = True
    # S11: kept only where it changes something (solo, Story cards on, results shown)
    if not options.get("story_outcomes") or fs.STORY not in options.get("modules", ()):
        options.pop("story_outcomes", None)
    return options


def _crew_words(values: Mapping[str, Any]) -> list[str]:
    """The crews option's words in seat order (the dialog's list, or "pack,random")."""
    return [w.strip().lower() for v in seat_values(values, "crews")
            for w in str(v).split(",") if w.strip()]


def options_problem(values: Mapping[str, Any]) -> str:
    """Why these options cannot be dealt ('' when they can)."""
    if "automa" in values:
        try:
            AUTOMA.check(str(values["automa"]).lower())
        except ValueError:
            return "The Automa plays at Easy, Normal or Hard."
    try:
        chosen = fs.parse(values)
        fs.mine_on(values)
    except ValueError as exc:
        return str(exc)[:1].upper() + str(exc)[1:] + "."
    words = _crew_words(values) if "crews" in values else []
    if "crew" in chosen and any(w != "random" for w in words):
        picked = [w for w in words if w != "random"]
        for w in picked:
            if w not in [k for k, _, _ in CREW_CHOICES]:
                return f"{w!r} is not a crew: The Pack, The Mutants, The Vikings, The Androids."
        twice = next((w for w in picked if picked.count(w) > 1), None)
        if twice is not None:
            seats = [str(i + 1) for i, w in enumerate(words) if w == twice]
            name = next(n for k, n, _ in CREW_CHOICES if k == twice)
            return (f"Convoys {' and '.join(seats)} both have {name}: each crew goes with "
                    "one convoy only.")
    return ""


def options_text(options: Mapping[str, Any], n: int) -> str:
    """'Solo against the Normal Automa' in a 1-player game, then the Frozen Steel modules on
    ('' for a base game of 2-4)."""
    parts = []
    if n == 1:
        level = str(options.get("automa", AUTOMA.default)).lower()
        label = next((c.label for c in AUTOMA.choices if c.value == level), level.title())
        parts.append(f"Solo against the {label} Automa")
    try:
        chosen = fs.parse(options)
    except ValueError:
        chosen = ()
    if chosen:
        parts.append("Frozen Steel: " + ", ".join(fs.name(m) for m in chosen))
    try:
        if fs.mine_on(options):
            parts.append("The Mine")
    except ValueError:
        pass
    words = _crew_words(options) if "crew" in chosen and "crews" in options else []
    if any(w != "random" for w in words):
        names = dict((k, n) for k, n, _ in CREW_CHOICES)
        parts.append("Crews: " + ", ".join(names.get(w, "random") for w in words))
    return " · ".join(parts)


def _validate(folder: Path) -> list[Any]:
    from frostdesk.games.last_aurora.content import validate

    return list(validate(folder))


def _progress(rules: Any, state: Any) -> str:
    """'Round 3 · Aurora at 17': where a game in progress stands, for Continue."""
    if state.phase == "over":
        return "Finished"
    text = f"Round {state.round} of {rules.content.rounds} · Aurora at mile {state.aurora}"
    if state.level:
        text += f" · vs the {state.level.title()} Automa"
    if state.boarded:
        text += " · last call" if state.board_round == state.round else " · final round"
    return text


DESCRIPTION = GameDescription(
    id="last-aurora",
    title="Last Aurora: Frozen Steel",
    min_players=1,
    max_players=4,
    order=30,
    make_rules=_rules,
    validate=_validate,
    bots="frostdesk.games.last_aurora.bots",
    ui="frostdesk.ui.games.last_aurora.plugin",
    blurb="A convoy race on the frozen road: scavenge the wastes, rebuild your trucks, fight "
          "off raiders and reach the icebreaker Aurora before she sails. Alone, you race "
          "the Automa.",
    facts=("1–4 convoys over at most six rounds; the first to board calls the last round.",
           "Solo: race the Automa at Easy, Normal or Hard; a card a round steers it.",
           "Bots at Easy, Normal and Hard, or friends at one screen with hidden Objects."),
    options=(((AUTOMA, MODULES, CREWS) if "crew" in fs.BUILT else (AUTOMA, MODULES))
             if MODULES.choices else (AUTOMA,))
    + ((STORY_OUTCOMES,) if fs.STORY in fs.BUILT else ()) + (MINE,),
    levels=(BotLevel("easy", "Easy", "easy", "Drives sensibly but slips one choice in three."),
            BotLevel("normal", "Normal", "heuristic",
                     "Weighs Fuel, miles, survivors and guns every turn."),
            BotLevel("hard", "Hard", "mcts", "Plays its best few choices ahead in sampled "
                                              "deals; thinks about a second a move.")),
    default_level="normal",
    words=SeatWords(seat="Convoy", players="players", kind_header="Driven by", bot="Bot",
                    level_header="Bot level"),
    quick_solo_tip="You race the Normal Automa to the Aurora, alone on the road.",
    quick_solo_bots=0,
    quick_solo_words="vs the Automa",
    score_name="fame",
    setup_options=setup_options,
    options_text=options_text,
    options_problem=options_problem,
    progress=_progress,
    balance="frostdesk.games.last_aurora.balance",
)
