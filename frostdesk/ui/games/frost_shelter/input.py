"""Choosing moves on the table: clicks, the keyboard, selections and hints.

`TableInput` is mixed into the ShelterScreen. It keeps the choice state (selected cards, the
Expedition switch, the equipment being bought, keyboard focus, hint marks), decides what a
click or a key means from the legal choices (choices.py) and asks for actions on the bus. An
illegal click changes nothing; the status line says why, in the game's words.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any, cast

from PySide6.QtCore import Qt
from PySide6.QtWidgets import QWidget

from frostdesk.games.frost_shelter.state import Buy, Collect, Defend, Heal, Play, UseEquipment


class TableInput:
    """Input handling for the ShelterScreen (see the module docstring)."""

    # provided by the ShelterScreen
    bus: Any
    controller: Any
    game: Any
    session: Any
    scene: Any
    snap: Any
    layout_: Any
    viewer: Any
    choices: Any
    selection: frozenset[int]
    expedition: bool
    buy_type: int | None
    hint_keys: set[Any]
    hint_words: tuple[str, str]
    hint_action: Any
    focus_key: Any
    action_buttons: list[Any]
    hint_button: Any
    exp_button: Any
    overlay: Any

    if TYPE_CHECKING:  # the ShelterScreen's, which this is mixed into
        def show_message(self, text: str, warn: bool = False, hint: bool = False) -> None: ...
        def show_hint_words(self) -> None: ...
        def request(self, action: Any) -> None: ...
        def open_dialog(self, dialog: Any) -> None: ...
        def _refresh_bar(self, busy: bool = False) -> None: ...
        def _refresh_panels(self) -> None: ...

    def targets(self) -> list[Any]:
        """The glowing keys, in reading order (for the keyboard)."""
        ch = self.choices
        if ch is None or self.snap is None or self.viewer is None:
            return []
        out: list[Any] = []
        cards = ch.card_targets(self.selection, self.expedition, self.buy_type)
        if ch.plays or ch.exp_plays:
            out += [("card", x) for x in self.snap.hands[self.viewer] if x in cards]
        elif ch.selects:
            zone = ([x for _, x, _ in self.snap.trick] if ch.select_zone == "trick"
                    else self.snap.colonies[self.viewer])
            out += [("card", x) for x in zone if x in cards or x in self.selection]
            if ch.phase == "buy":
                out += [("market", t) for t in sorted(ch.market_targets(self.selection))]
        out += [("equip", e) for e in self.snap.equipment[self.viewer] if e in ch.uses]
        out += [("panel", s) for s in (self.layout_.order if self.layout_ else [])
                if s in ch.leaders]
        return out

    def _apply_marks(self) -> None:
        if self.scene is None:
            return
        targets = set(self.targets())
        selected = {("card", x) for x in self.selection}
        if self.buy_type is not None:
            selected.add(("market", self.buy_type))
        glow = targets - selected
        if self.focus_key not in targets:
            self.focus_key = None
        self.scene.set_marks(glow, selected, self.focus_key, self.hint_keys)
        self._refresh_panels()

    def _on_expedition_clicked(self, checked: bool) -> None:
        ch = self.choices
        if ch is None:
            self.exp_button.setChecked(False)
            return
        if checked and not ch.exp_plays:
            self.exp_button.setChecked(False)
            any_card = next(iter(ch.plays), 0)
            self.show_message(self.controller.why_illegal(Play(any_card, True)), warn=True)
            return
        self.expedition = checked
        self.show_message("Expedition on: click the card to send with your Expedition card "
                          "(E again to switch it off)."
                          if checked else ch.prompt(self.selection))
        self._apply_marks()

    def activate(self, key: Any) -> None:
        """A click on a table item (also used by the keyboard)."""
        c = self.controller
        if self.session is None or self.snap is None:
            return
        if not c.my_turn() or self.choices is None or self.viewer is None:
            if key[0] in ("card", "equip", "market", "panel"):
                self.show_message(c.why_illegal(None), warn=True)
            return
        ch = self.choices
        kind = key[0]
        if kind == "card":
            card = key[1]
            in_hand = card in self.snap.hands[self.viewer]
            if ch.plays or ch.exp_plays:
                if in_hand:
                    action = (ch.exp_plays if self.expedition else ch.plays).get(card)
                    if action is not None:
                        self.request(action)
                        return
                    self.show_message(c.why_illegal(Play(card, self.expedition)), warn=True)
                    return
                self.show_message(c.why_illegal(Collect((card,))), warn=True)
                return
            zone = ([x for _, x, _ in self.snap.trick] if ch.select_zone == "trick"
                    else self.snap.colonies[self.viewer])
            if ch.selects and card in zone:
                if card in self.selection:
                    self.selection = self.selection - {card}
                elif card in ch.card_targets(self.selection, False, self.buy_type):
                    self.selection = self.selection | {card}
                else:
                    self.show_message(ch.selection_problem(self.selection, card), warn=True)
                    return
                self.hint_keys, self.hint_action = set(), None
                self.show_message(self._selection_text())
                self._apply_marks()
                self._refresh_bar()
                return
            self.show_message(c.why_illegal(Play(card) if in_hand else Collect((card,))),
                              warn=True)
            return
        if kind == "equip":
            action = ch.uses.get(key[1])
            if action is not None:
                self.request(action)
            else:
                self.show_message(c.why_illegal(UseEquipment(key[1])), warn=True)
            return
        if kind == "market":
            self._market_clicked(key[1])
            return
        if kind == "panel" and key[1] in ch.leaders:
            self.request(ch.leaders[key[1]])

    # A card of your hand can be dragged onto the table too: let go away from your hand and
    # it is played, as by a click (with the Expedition switch as it stands); back on your hand,
    # nothing happens (the kit's drag)

    _dragged: Any = None

    def _playable(self, key: Any) -> Any:
        ch = self.choices
        if ch is None or self.snap is None or self.viewer is None or key[0] != "card" \
                or key[1] not in self.snap.hands[self.viewer] or not self.controller.my_turn():
            return None
        return (ch.exp_plays if self.expedition else ch.plays).get(key[1])

    def can_drag(self, key: Any) -> bool:
        return self._playable(key) is not None

    def drag_started(self, key: Any) -> None:
        self._dragged = key
        self.show_message("Let go over the table to play it; back on your hand keeps it.")

    def dropped_on(self, key: Any) -> None:
        mine = self.snap is not None and self.viewer is not None and (
            key == ("panel", self.viewer)
            or (key[0] == "card" and key[1] in self.snap.hands[self.viewer]))
        if mine:  # back on the hand: kept
            self._dragged = None
            self.show_message(self.choices.prompt(self.selection) if self.choices else "")
            return
        self.drag_cancelled(key)

    def drag_cancelled(self, key: Any) -> None:
        dragged, self._dragged = self._dragged, None
        action = self._playable(dragged) if dragged is not None else None
        if action is not None:
            self.request(action)

    def _market_clicked(self, t: int) -> None:
        ch = self.choices
        assert ch is not None
        c = self.game.content
        if ch.phase != "buy":
            rep = c.equipment_type_of.index(t)
            self.show_message(self.controller.why_illegal(Buy(rep, tuple(self.selection))),
                              warn=True)
            return
        exact = ch.matching(self.selection, t)
        buys = [a for a in exact if isinstance(a, Buy)]
        if len(buys) == 1:
            self.request(buys[0])
            return
        eq = c.equipment_types[t]
        if not any(isinstance(a, Buy) for a in ch.candidates(self.selection, t)):
            self.show_message(f"You can't pay for the {eq.name} with your colony: it costs "
                              f"{eq.cost.describe()}.", warn=True)
            return
        self.buy_type = None if self.buy_type == t else t
        self.show_message(f"Buying the {eq.name}: select colony cards to pay "
                          f"({eq.cost.describe()})." if self.buy_type is not None
                          else ch.prompt(self.selection))
        self._apply_marks()
        self._refresh_bar()

    def _selection_text(self) -> str:
        ch = self.choices
        if ch is None:
            return ""
        if not self.selection:
            return ch.prompt(self.selection)
        names = ", ".join(self.game.card_name(x) for x in sorted(self.selection))
        if ch.matching(self.selection, self.buy_type):
            return f"Selected {names}: confirm with a button (or Enter)."
        return f"Selected {names}: select more cards."

    def _on_item_inspected(self, key: Any) -> None:
        if self.scene is None:
            return
        from frostdesk.ui.games.frost_shelter.card_dialog import ShelterCardDialog
        from frostdesk.ui.games.frost_shelter.items import CardItem

        item = self.scene.items_by_key.get(key)
        if not isinstance(item, CardItem) or key[0] == "back":  # only a card face opens large
            return

        self.open_dialog(ShelterCardDialog(cast("QWidget", self), item))  # self: the screen

    def show_hint_result(self, action: Any, reason: str) -> None:
        """Mark the Hard bot's choice on the table with its one-line reason."""
        self.hint_button.setEnabled(True)
        if self.choices is None:
            return
        self.hint_action = action
        self.hint_keys = set()
        if isinstance(action, Play):
            self.expedition = action.expedition
            self.hint_keys = {("card", action.card)}
        elif isinstance(action, (Collect, Defend, Buy, Heal)):
            self.selection = frozenset(action.cards)
            self.hint_keys = {("card", x) for x in action.cards}
            if isinstance(action, Buy):
                self.buy_type = self.game.content.equipment_type_of[action.equipment]
                self.hint_keys.add(("market", self.buy_type))
        elif isinstance(action, UseEquipment):
            self.hint_keys = {("equip", action.equipment)}
        self.hint_words = (self.choices.action_label(action), reason)
        self.show_hint_words()
        self._apply_marks()
        self._refresh_bar()

    def clear_selection(self) -> None:
        self.selection = frozenset()
        self.expedition = False
        self.buy_type = None
        self.hint_keys, self.hint_action = set(), None
        if self.choices is not None:
            self.show_message(self.choices.prompt(self.selection))
        self._apply_marks()
        self._refresh_bar()

    # the keys (kit.screen.ScreenBase._on_key): Enter confirms, 1-9 are the buttons (or the
    # targets when there are none), E switches the Expedition on

    def _focus_order(self) -> list[Any]:
        return self.targets()

    def _on_enter(self) -> None:
        primary = [b for b in self.action_buttons if b.property("primary") and b.isEnabled()]
        if primary and (self.selection or self.focus_key is None):
            primary[0].click()
        elif self.focus_key is not None:
            self.activate(self.focus_key)
        elif len(self.action_buttons) == 1:
            self.action_buttons[0].click()

    def _on_number(self, i: int, targets: list[Any]) -> None:
        if i < len(self.action_buttons):
            if self.action_buttons[i].isEnabled():
                self.action_buttons[i].click()
        elif i < len(targets) and not self.action_buttons:
            self.activate(targets[i])

    def _on_other_key(self, key: int) -> bool:
        if key == Qt.Key.Key_E and self.exp_button.isVisible():
            self.exp_button.click()
            return True
        return False
