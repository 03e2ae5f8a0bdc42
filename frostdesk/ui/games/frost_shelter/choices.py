"""What the human to move may click, built only from the game's legal actions.

Single-click steps (play a card, use equipment, name the Leader) map one target to one action.
Multi-card actions (Collect, Defend, Buy, Heal) are built by selecting cards: a card glows
while some legal action still contains the selection plus that card, and the confirm buttons
list every legal action whose cards are exactly the selection (a chooser when several share
it, e.g. Defend with requirement 1 or 2, or which equipment to buy). Nothing here knows a rule;
it only filters `legal`. No Qt.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

from frostdesk.games.frost_shelter.state import (
    Buy,
    ChooseLeader,
    Collect,
    Defend,
    Draw,
    Harpoon,
    Heal,
    Pass,
    Play,
    UseEquipment,
)

PASS_WORDS = {"harpoon": "Keep the Relic", "resolve": "Done defending", "buy": "Buy nothing",
              "infirmary": "Done healing"}


@dataclass
class Button:
    label: str
    action: Any  # None for the confirm button while the selection matches nothing yet
    tip: str = ""
    primary: bool = False
    enabled: bool = True


CONFIRM_WORDS = {"collect": "Collect", "resolve": "Defend", "buy": "Buy", "infirmary": "Heal"}


class Choices:
    """The clickable targets and buttons for one decision of the viewer."""

    def __init__(self, game: Any, view: Any, legal: list[Any], seat: int,
                 name: Callable[[int], str], why: Callable[[Any], str]) -> None:
        self.game = game
        self.why = why  # the controller's why_illegal (game words, names filled in)
        self.view = view
        self.legal = legal
        self.seat = seat
        self.phase = view.phase
        self.name = name
        self.plays = {a.card: a for a in legal if isinstance(a, Play) and not a.expedition}
        self.exp_plays = {a.card: a for a in legal if isinstance(a, Play) and a.expedition}
        self.multi = [a for a in legal if isinstance(a, (Collect, Defend, Buy, Heal))]
        self.uses = {a.equipment: a for a in legal if isinstance(a, UseEquipment)}
        self.leaders = {a.seat: a for a in legal if isinstance(a, ChooseLeader)}

    # ------------------------------------------------------------------ selection

    @property
    def selects(self) -> bool:
        """True when this decision is made by selecting cards."""
        return bool(self.multi)

    @property
    def select_zone(self) -> str:
        return "trick" if self.phase == "collect" else "colony"

    def candidates(self, selection: frozenset[int], buy_type: int | None = None) -> list[Any]:
        """Multi-card actions that still contain the selection."""
        out = []
        for a in self.multi:
            if selection <= set(a.cards):
                if buy_type is not None and isinstance(a, Buy) and \
                        self.game.content.equipment_type_of[a.equipment] != buy_type:
                    continue
                out.append(a)
        return out

    def matching(self, selection: frozenset[int], buy_type: int | None = None) -> list[Any]:
        """Multi-card actions whose cards are exactly the selection (one per equipment type)."""
        out, seen = [], set()
        for a in self.candidates(selection, buy_type):
            if set(a.cards) != selection or len(a.cards) != len(selection):
                continue
            key = (type(a), getattr(a, "requirement", None),
                   self.game.content.equipment_type_of[a.equipment] if isinstance(a, Buy)
                   else None)
            if key not in seen:
                seen.add(key)
                out.append(a)
        return out

    def card_targets(self, selection: frozenset[int], expedition: bool = False,
                     buy_type: int | None = None) -> set[int]:
        """Cards that glow: playable cards, or cards that extend the selection."""
        if self.plays or self.exp_plays:
            return set(self.exp_plays if expedition else self.plays)
        out: set[int] = set()
        for a in self.candidates(selection, buy_type):
            out.update(a.cards)
        return out - set(selection)

    def market_targets(self, selection: frozenset[int]) -> set[int]:
        """Equipment types that could be bought with cards including the selection."""
        c = self.game.content
        return {c.equipment_type_of[a.equipment] for a in self.candidates(selection)
                if isinstance(a, Buy)}

    # ------------------------------------------------------------------ words

    def action_label(self, a: Any) -> str:
        g = self.game
        c = g.content
        if isinstance(a, Collect):
            n = len(a.cards)
            return f"Collect {n} card{'s' if n != 1 else ''}"
        if isinstance(a, Defend):
            req = c.events[self.view.event].requirements[a.requirement]
            return f"Defend −{req.defends}: {req.describe(list(c.resource_names))}"
        if isinstance(a, Buy):
            return f"Buy {g.equipment_name(a.equipment)}"
        if isinstance(a, Heal):
            return f"Heal {c.rules.infirmary_heals}"
        if isinstance(a, Draw):
            return "Draw none" if a.count == 0 else f"Draw {a.count}"
        if isinstance(a, ChooseLeader):
            return f"{self.name(a.seat)} leads"
        if isinstance(a, Harpoon):
            return f"Relic → {g.resource_name(a.resource)}"
        if isinstance(a, UseEquipment):
            return f"Use {g.equipment_name(a.equipment)}"
        if isinstance(a, Pass):
            return PASS_WORDS.get(self.phase, "Pass")
        if isinstance(a, Play):
            if a.expedition:
                return f"Go on Expedition with {g.card_name(a.card)}"
            return f"Play {g.card_name(a.card)}"
        return str(a)

    def action_tip(self, a: Any) -> str:
        c = self.game.content
        if isinstance(a, (UseEquipment, Buy)):
            eq = c.equip(a.equipment)
            return f"{eq.name}: {eq.text}" + (f" Cost: {eq.cost.describe()}."
                                              if isinstance(a, Buy) else "")
        if isinstance(a, Draw):
            return ("Draw at random from the face-down Expedition deck into your colony "
                    f"({len(self.view.exp_deck)} cards in it).")
        return ""

    def buttons(self, selection: frozenset[int], buy_type: int | None = None) -> list[Button]:
        """Action-bar buttons for this decision (confirm buttons first)."""
        out: list[Button] = []
        for a in self.matching(selection, buy_type):
            out.append(Button(self.action_label(a), a, self.action_tip(a), primary=True))
        if not out and self.selects:  # a confirm button that waits for a complete selection
            out.append(Button(CONFIRM_WORDS.get(self.phase, "Confirm"), None,
                              self.prompt(selection), primary=True, enabled=False))
        for a in self.legal:
            if isinstance(a, (Draw, ChooseLeader, Harpoon, UseEquipment)):
                out.append(Button(self.action_label(a), a, self.action_tip(a)))
        for a in self.legal:
            if isinstance(a, Pass):
                out.append(Button(self.action_label(a), a, self.action_tip(a)))
        return out

    def prompt(self, selection: frozenset[int]) -> str:
        """A short instruction for the status line while selecting."""
        g = self.game
        c = g.content
        phase = self.phase
        if phase == "play":
            if not self.view.trick:
                return "Click a card to lead it."
            return "Click a card to play it" + (
                ", or switch on Expedition first." if self.exp_plays else ".")
        if phase == "collect":
            return self.why(Collect(())).rstrip(".") + ": select them, then confirm."
        if phase == "resolve":
            ev = c.events[self.view.event]
            reqs = [f"−{r.defends}: {r.describe(list(c.resource_names))}"
                    for i, r in enumerate(ev.requirements)
                    if any(isinstance(a, Defend) and a.requirement == i for a in self.legal)]
            if reqs:
                return "Select colony cards to defend (" + " · ".join(reqs) + ")."
            return "Use your equipment or finish."
        if phase == "buy":
            if self.multi:
                return "Select colony cards to pay, or click an item in the market."
            return "Nothing affordable: pass."
        if phase == "infirmary":
            k = c.rules.infirmary_different
            if any(isinstance(a, Heal) for a in self.legal):
                return f"Select {k} colony cards of {k} different resources to heal."
            return "Use a Medkit or finish."
        if phase == "expedition":
            return "Choose how many cards to draw."
        if phase == "leader":
            return "Name the Leader for this Event."
        if phase == "harpoon":
            return "Use the Harpoon to change the Relic, or keep it."
        return ""

    def selection_problem(self, selection: frozenset[int], card: int) -> str:
        """Why adding `card` to the selection leads to no legal action (game words)."""
        g = self.game
        wanted = tuple(sorted(selection | {card}))
        if self.phase == "resolve":
            for i, _ in enumerate(g.content.events[self.view.event].requirements):
                if any(isinstance(a, Defend) and a.requirement == i for a in self.legal):
                    return self.why(Defend(i, wanted))
            return "No Event damage is left to defend."
        if self.phase == "buy":
            return "No equipment in the market can be paid with those cards."
        if self.phase == "infirmary":
            return self.why(Heal(wanted))
        if self.phase == "collect":
            return self.why(Collect(wanted))
        return self.why(Pass())
