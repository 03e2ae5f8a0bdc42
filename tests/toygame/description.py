"""What the app knows of Toy Tally: its registry entry (frostdesk/engine/registry.py).

Cheap to import: the rules, bots and UI load only when asked. Not installed through an entry
point: tests register it with `frostdesk.engine.registry.register(DESCRIPTION)`.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

from frostdesk.engine.registry import BotLevel, GameDescription, Option, SeatWords

# The registry finds a game's cards with frostdesk.paths.cards_dir(cards), which joins the
# name to the app's data root; an absolute path wins that join, so the toy's cards stay in its
# own folder and the app's cards/ is left alone.
CARDS = Path(__file__).resolve().parent / "cards"

ROUNDS = Option("rounds", "Rounds", "int", 3, minimum=2, maximum=4,
                tip="How many cards each player is dealt, and so how many rounds are played.",
                hint="one card each per round")


def _rules(folder: Path) -> Any:
    from toygame.model.content import load_content
    from toygame.model.rules import ToyTally

    return ToyTally(load_content(folder))


def _validate(folder: Path) -> list[Any]:
    from toygame.model.content import validate

    return list(validate(folder))


DESCRIPTION = GameDescription(
    id="toy",
    title="Toy Tally",
    min_players=2,
    max_players=3,
    order=90,
    make_rules=_rules,
    validate=_validate,
    bots="toygame.model.bots",
    ui="toygame.ui.plugin",
    blurb="A toy for the tests: play one numbered card a round; the highest card takes the "
          "round's cards. Highest tally wins.",
    facts=("Hidden hands dealt from a shuffled deck; the round's winner draws.",
           "Lives under tests/: no file under frostdesk/ names it."),
    options=(ROUNDS,),
    levels=(BotLevel("easy", "Easy", "easy", "Plays a random card now and then."),
            BotLevel("normal", "Normal", "heuristic", "Wins rounds as cheaply as it can."),
            BotLevel("hard", "Hard", "mcts", "Searches the hidden cards.")),
    default_level="normal",
    words=SeatWords(first="First player", first_key="first",
                    first_tip="Who leads the first round."),
    quick_solo_tip="You against two Normal bots.",
    score_name="points",
    cards=str(CARDS),
)
