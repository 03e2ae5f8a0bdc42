"""Choosing moves on the Frontier Stations table: clicks, keys, the picker and hints.

`StationsInput` is mixed into the StationsScreen, next to the kit's ChoiceScreen (which asks it
for the targets and the keys). It turns the legal actions into targets on the table (the dice,
shop cards, the player's systems, adjacent threats, the beacons), the payment picker and the
action bar; decides what a click or a key means; and asks for actions on the bus. An illegal
click changes nothing: the status line says why, in the game's words.
"""

from __future__ import annotations

import contextlib
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any, cast

from PySide6.QtCore import Qt
from PySide6.QtWidgets import QWidget

from frostdesk.games.frontier_stations.content import units_text
from frostdesk.games.frontier_stations.state import (
    NEXUS,
    Beacon,
    Buy,
    Cancel,
    Done,
    Hold,
    Pay,
    Roll,
)
from frostdesk.ui.games.frontier_stations.picker import PayOption


@dataclass(frozen=True)
class PayFirst:
    """A bar button that shows another activation's payments in the picker (no action:
    the order is chosen by paying)."""

    area: int
    pos: int


class StationsInput:
    """Input handling for the StationsScreen (see the module docstring)."""

    # provided by the StationsScreen
    bus: Any
    controller: Any
    game: Any
    session: Any
    scene: Any
    shown: Any
    legal: list[Any]
    targets: dict[Any, list[Any]]
    target: Any
    hint_action: Any
    hint_keys: set[Any]
    hint_words: tuple[str, str]
    focus_key: Any
    picker: Any
    message: Any
    overlay: Any
    hint_button: Any
    action_buttons: list[Any]
    _agent: Any

    paying_act: Any = None  # the activation the picker shows (threats step)

    if TYPE_CHECKING:  # the StationsScreen's, which this is mixed into
        def show_message(self, text: str, warn: bool = False, hint: bool = False) -> None: ...
        def show_hint_words(self) -> None: ...
        def open_dialog(self, dialog: Any) -> None: ...
        def _refresh_bar(self, busy: bool = False) -> None: ...

    def _ranked(self, legal: list[Any]) -> list[Any]:
        """Legal actions best first, by the heuristic crew member (for the suggestion)."""
        if self._agent is None:
            from frostdesk.games.frontier_stations.bots import HeuristicAgent

            self._agent = HeuristicAgent(self.game)
        view = self.controller.view()
        state = self.controller.session.state
        memo = getattr(self, "_ranked_memo", None)
        if memo is not None and memo[0] is state and memo[1] == legal:
            return list(memo[2])  # the same choice again (picker, bar, activation)
        try:
            got = list(self._agent.ranked(view, legal))
        except Exception:  # a suggestion is a nicety: never let it break the table
            return list(legal)
        self._ranked_memo = (state, list(legal), got)
        return list(got)

    def _key_of(self, state: Any, action: Any) -> Any:
        """The table item a Buy is about."""
        if action.kind == "install":
            return ("sys", action.target)
        if action.kind == "upgrade":
            card = state.installed[state.current][action.target][0]
            return ("nexus", state.current) if card == NEXUS else ("sys", card)
        return ("threat", state.areas[action.target][action.pos][0])

    def _build_choices(self) -> None:
        s = self.controller.view()
        self.targets = {}
        self.picker.clear()
        if not self.legal:
            return
        dice = len(s.dice) or (1 if s.early else 2)
        for a in self.legal:
            if isinstance(a, Roll):
                for i in range(dice):
                    self.targets.setdefault(("die", i), []).append(a)
            elif isinstance(a, Buy):
                self.targets.setdefault(self._key_of(s, a), []).append(a)
        beacons = [a for a in self.legal if isinstance(a, Beacon)]
        if len(beacons) == 1:  # a click on a beacon stops the one activation it can
            for i in range(s.beacons):
                self.targets.setdefault(("beacon", i), []).append(beacons[0])
        if s.phase == "pay" or (s.phase == "threats" and not s.window):
            self._fill_picker(s)
        if not self.message.property("kind"):
            self.show_message(self._prompt_for(s))

    def _activation(self, s: Any) -> tuple[int, int]:
        """The activation the picker shows: the one the player picked with "Pay ... first",
        else the one the suggested payment is for, else the first due."""
        due = [(a.area, a.pos) for a in self.legal if isinstance(a, Pay)]
        if self.paying_act in due:
            return cast("tuple[int, int]", self.paying_act)
        ranked = [a for a in self._ranked(self.legal) if isinstance(a, Pay)]
        if ranked:
            return ranked[0].area, ranked[0].pos
        area, pos = s.queue[0]
        return area, pos

    def _fill_picker(self, s: Any) -> None:
        g = self.game
        names = self.controller.names
        act = self._activation(s) if s.phase == "threats" else (-1, -1)
        pays = [a for a in self.legal if isinstance(a, Pay) and (a.area, a.pos) == act]
        ranked = [a for a in self._ranked(self.legal) if a in pays]
        ranked += [a for a in pays if a not in ranked]
        options = []
        warnings = g.payment_warnings(s, ranked) if s.phase == "threats" else {}
        for a in ranked:
            cost = g.pay_cost(s, a)
            parts = [(self.session.seats[st].name, list(counts))
                     for st, counts in sorted(cost.items())]
            via = sorted({g.rates(s, st)[(spent, want)][1] for st, spent, want, _ in a.parts
                          if spent != want})
            warning, lost = warnings.get(a, ("", False))
            warning = names(warning)
            tag = "" if not warning else "LOSES THE GAME" if lost else "NEEDS A BEACON"
            options.append(PayOption(a, parts, ", ".join(via), names(g.describe(s, a)),
                                     warning, tag))
        cancel = next((a for a in self.legal if isinstance(a, Cancel)), None)
        beacon = None
        if s.phase == "threats":
            area, pos = act
            # the Captain pays this one: the beacon button stops it (the others' beacons
            # are on the action bar)
            beacon = next((a for a in self.legal if isinstance(a, Beacon)
                           and (a.area, a.pos) == (area, pos)), None)
            t = g.threats[s.areas[area][pos][0]]
            helpers = " and ".join(self.session.seats[x].name for x in s.area_stations(area))
            left = len(s.queue) - 1
            wants = units_text(g.demand_units(s, area, t))
            each = len(s.area_stations(area))
            title = f"{t.name} activates: it takes {wants}" + (
                "." if not t.per_station else
                " (its list once for each of the two stations next to it)." if each > 1 else
                " (its list once: one station is next to it).")
            note = (f"Tokens may come from {helpers} (the stations next to it)."
                    if len(s.area_stations(area)) > 1 else
                    f"Tokens come from {helpers}.")
            if left:
                note += f" {left} more activation{'s' if left > 1 else ''} to pay this roll, " \
                        "in the order you like."
            who, why = g.decision(s, area)
            if why and (self.controller.several_people() or who not in s.area_stations(area)):
                note = f"{names(why)} {note}"  # who decides, and why (pass-and-play)
            if not pays:
                title = f"{t.name} activates and nobody next to it can pay {wants}."
                note = "Use a distress beacon to stop it, or the game is lost."
        else:
            kind, target, pos, dice = s.purchase
            units, payers = g.purchase_units(s)
            what = self._purchase_name(s, kind, target, pos)
            value = s.dice_value(dice)
            title = f"Pay for {what}: the die gives {value} credit" + \
                ("s" if value != 1 else "") + f"; still to pay: {units_text(tuple(units))}."
            helpers = " and ".join(self.session.seats[x].name for x in payers)
            note = f"Tokens may come from {helpers}." if len(payers) > 1 else \
                "Energy makes up what the die does not cover."
        label = f"Use distress beacon ({s.beacons} left)"
        self.picker.set_choice(title, note, options, beacon, label, cancel)

    def show_activation(self, act: tuple[int, int]) -> None:
        """'Pay ... first': the picker shows that activation's payments."""
        self.paying_act = act
        s = self.controller.view()
        self.hint_action = None
        self._fill_picker(s)
        self._refresh_bar()

    def request(self, action: Any) -> None:
        if isinstance(action, PayFirst):
            self.show_activation((action.area, action.pos))
            return
        self.bus.action_requested.emit(action)

    def _purchase_name(self, s: Any, kind: str, target: int, pos: int) -> str:
        g = self.game
        if kind == "install":
            return f"installing {g.systems[target].name}"
        if kind == "upgrade":
            card, mult = s.installed[s.current][target]
            return f"upgrading {g.card_name(s, s.current, card)} to x{mult + 1}"
        return f"destroying {g.threats[s.areas[target][pos][0]].name}"

    def _prompt_for(self, s: Any) -> str:
        g = self.game
        if s.phase == "roll":
            return "Your turn: click the dice (or press Enter) to roll."
        if s.phase == "threats":
            if s.window:
                return "Stop a threat with a beacon (B), or let the stations pay."
            if not any(isinstance(a, Pay) for a in self.legal):
                return "Nobody next to it can pay: use a distress beacon (B), or the game is lost."
            return "Choose how to pay in the payment panel, then press Pay (Enter)."
        if s.phase == "systems" and s.window:
            return "The stock is short: choose which system makes its tokens first."
        if s.phase == "systems":
            st, slot, _ = s.queue[0]
            name = g.card_name(s, st, s.installed[st][slot][0])
            return f"Your {name} activates: choose what it makes."
        if s.phase == "purchase":
            if self.target is not None:
                return "Choose which die pays, or click another glowing card."
            dice = "one improvement per die, or one with both dice" if len(s.dice) == 2 \
                else "one improvement with your die"
            return f"Buy {dice}: click a glowing shop card, one of your systems or a " \
                   "threat next to you, or end purchases."
        if s.phase == "pay":
            return "Choose which tokens pay, then press Pay (Enter), or cancel the purchase (C)."
        return ""

    def _apply_marks(self) -> None:
        if self.scene is None:
            return
        glow = set(self.targets)
        selected = {self.target} - self.hint_keys if self.target is not None else set()
        s = self.shown
        if self.legal and s is not None and s.phase == "systems" and s.queue:
            st, slot, _ = s.queue[0]
            card = s.installed[st][slot][0]
            selected.add(("nexus", st) if card == NEXUS else ("sys", card))
        if self.legal and s is not None and s.phase == "pay" and s.purchase:
            kind, target, pos, _ = s.purchase
            with contextlib.suppress(IndexError, TypeError):
                selected.add(self._key_of(s, Buy(kind, target, "a", pos)))
        if s is not None and s.phase == "threats" and s.queue and not self.controller.animating:
            area, pos = s.queue[0]
            if 0 <= pos < len(s.areas[area]):
                selected.add(("threat", s.areas[area][pos][0]))
        if self.focus_key not in glow:
            self.focus_key = None
        self.scene.set_marks(glow - selected, selected, self.focus_key, self.hint_keys)

    def _bar_specs(self) -> list[tuple[str, Any, bool]]:
        """(label, action, primary) for the action bar."""
        if not self.legal or self.shown is None:
            return []
        s = self.controller.view()
        names = self.controller.names
        out: list[tuple[str, Any, bool]] = []
        if s.phase == "roll":
            out.append((self.game.describe(s, Roll()), Roll(), True))
        elif s.phase == "threats":
            # the Captain's window, or the other activations due beside the picker: pay one
            # of them first, or stop it with a beacon
            shown = self.picker.beacon_action if self.picker.isVisible() else None
            act = self._activation(s) if not s.window else None
            others = dict.fromkeys((a.area, a.pos) for a in self.legal
                                   if isinstance(a, Pay) and (a.area, a.pos) != act)
            for area, pos in others:
                name = self.game.threats[s.areas[area][pos][0]].name
                out.append((f"Pay {name} first", PayFirst(area, pos), False))
            for a in self.legal:
                if isinstance(a, Hold):
                    out.insert(0, (self.game.describe(s, a), a, True))
                elif isinstance(a, Beacon) and a != shown:
                    out.append((names(self.game.describe(s, a)), a, False))
        elif s.phase == "systems":
            for a in self.legal:
                out.append((names(self.game.describe(s, a)), a, False))
        elif s.phase == "purchase":
            if self.target is not None:
                for a in self.targets.get(self.target, []):
                    out.append((names(self.game.describe(s, a)), a, False))
            out.append(("End purchases", Done(), not out))
        return out

    def activate(self, key: Any) -> None:
        """A click on a table item (also the keyboard's Space)."""
        c = self.controller
        if self.session is None or self.shown is None:
            return
        kind = key[0]
        if kind not in ("die", "beacon", "sys", "nexus", "threat"):
            return
        if not self.legal:
            self.show_message(c.why_illegal(None), warn=True)
            return
        options = self.targets.get(key, [])
        if kind in ("die", "beacon"):
            if options:
                self.request(options[0])
            else:
                self.show_message(c.why_illegal(Roll() if kind == "die" else Beacon()), warn=True)
                if kind == "beacon" and any(isinstance(a, Beacon) for a in self.legal):
                    self.show_message("Choose which activation the beacon stops: the buttons "
                                      "below name them.", warn=True)
            return
        s = self.controller.view()
        if options:
            if len(options) == 1:
                self.request(options[0])
                return
            self.target = None if self.target == key else key
            self.hint_keys = set()
            self.show_message(self._prompt_for(s))
            self._apply_marks()
            self._refresh_bar()
            return
        self.show_message(self._refusal(s, key), warn=True)

    def _refusal(self, s: Any, key: Any) -> str:
        """Why clicking this card does nothing now, in the game's words."""
        c = self.controller
        die = (s.dice_free or "a")[0] if s.phase == "purchase" else "a"
        if key[0] == "threat":
            for area, entries in enumerate(s.areas):
                for pos, (t, _, up) in enumerate(entries):
                    if t == key[1]:
                        if not up:
                            return "That threat is destroyed (face down); it no longer " \
                                   "activates."
                        return c.why_illegal(Buy("destroy", area, die, pos))
            return c.why_illegal(None)
        if key[0] == "sys" and key[1] in s.shop:
            return c.why_illegal(Buy("install", key[1], die))
        station = key[1] if key[0] == "nexus" else next(
            (st for st in range(s.n) if any(card == key[1] for card, _ in s.installed[st])), -1)
        if station != s.current and s.phase == "purchase":
            return "You can only upgrade systems in your own station."
        slot = next((j for j, (card, _) in enumerate(s.installed[station])
                     if (card == NEXUS and key[0] == "nexus") or card == key[1]), 0) \
            if station >= 0 else 0
        return c.why_illegal(Buy("upgrade", slot, die))

    def _on_item_inspected(self, key: Any) -> None:
        if self.scene is None:
            return
        item = self.scene.items_by_key.get(key)
        if item is None or key[0] not in ("sys", "nexus", "threat") or not item.face_up():
            return
        from frostdesk.ui.games.frontier_stations.card_view import StationsCardDialog

        # self is the screen widget
        self.open_dialog(StationsCardDialog(cast("QWidget", self), item, self.shown))

    def show_hint_result(self, action: Any, reason: str) -> None:
        """Mark the suggested action on the table, the picker or the bar, with its reason."""
        self.hint_button.setEnabled(bool(self.legal))
        if not self.legal or action not in self.legal:
            return
        s = self.controller.view()
        self.hint_action = action
        self.hint_keys = set()
        if isinstance(action, Roll):
            self.hint_keys = {k for k in self.targets if k[0] == "die"}
        elif isinstance(action, Beacon):
            self.hint_keys = {k for k in self.targets if k[0] == "beacon"}
        elif isinstance(action, Buy):
            self.target = self._key_of(s, action)
            self.hint_keys = {self.target}
        if isinstance(action, Pay) and action.area >= 0 and self.picker.isVisible() \
                and self.picker.selected_action() is not None \
                and (action.area, action.pos) != self._activation(s):
            self.paying_act = (action.area, action.pos)  # the hint pays another first
            self._fill_picker(s)
        if isinstance(action, (Pay, Beacon, Cancel)) and self.picker.isVisible():
            self.picker.mark_hint(action)
        label = self.controller.names(self.game.describe(s, action))
        self.hint_words = (label, reason)
        self.show_hint_words()
        self._apply_marks()
        self._refresh_bar()

    def clear_selection(self) -> None:
        self.target = None
        self.hint_keys, self.hint_action = set(), None
        if self.legal:
            self.show_message(self._prompt_for(self.controller.view()))
        self._apply_marks()
        self._refresh_bar()

    # the keys (kit.screen.ScreenBase._on_key): Enter and 1-9 go to the picker while it is
    # up, else Enter is the focused target or the primary button and 1-9 are the buttons

    def _focus_order(self) -> list[Any]:
        return sorted(self.targets, key=lambda k: (k[0], k[1:]))

    def _on_enter(self) -> None:
        if self.picker.isVisible() and self.picker.confirm():
            pass
        elif self.focus_key is not None:
            self.activate(self.focus_key)
        else:
            primary = [b for b in self.action_buttons if b.property("primary")]
            if primary:
                primary[0].click()
            elif len(self.action_buttons) == 1:
                self.action_buttons[0].click()

    def _on_other_key(self, key: int) -> bool:
        """B uses a distress beacon (the picker's, or one on the table); C cancels the
        purchase being paid for."""
        if key == Qt.Key.Key_B:
            beacon = self.picker.beacon_action if self.picker.isVisible() else next(
                (a for a in self.legal if isinstance(a, Beacon)), None)
            if beacon is not None:
                self.request(beacon)
                return True
        if key == Qt.Key.Key_C and self.picker.isVisible() and \
                self.picker.cancel_action is not None:
            self.request(self.picker.cancel_action)
            return True
        return False

    def _on_number(self, i: int, targets: list[Any]) -> None:
        if self.picker.isVisible():
            self.picker.select(i)
        elif i < len(self.action_buttons):
            self.action_buttons[i].click()
