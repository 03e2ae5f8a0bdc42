"""Last Aurora's table screen: the kit's ChoiceScreen (log, action bar, hand-off cover, keys, the
legal actions as glowing targets) with this game's table (table.py) and choices.

A view only: it shows what the controller reports and turns clicks into bus.action_requested.
What you may click glows: zone cells to explore, then your survivors to pick the explorers;
Exhausted survivors to feed in Rest; road spaces to drive to; enemies to shoot at. The
numbered buttons hold the choices that finish a move (which main action, which weapon, pass).
"""

from __future__ import annotations

import re
from dataclasses import replace
from typing import Any, NamedTuple

from PySide6.QtCore import QRectF
from PySide6.QtGui import QColor, QPainter
from PySide6.QtWidgets import QWidget

from frostdesk.engine.session import Session
from frostdesk.games.last_aurora.state import (
    EMPTY,
    Answer,
    Attack,
    Cancel,
    Done,
    Drop,
    Explore,
    Move,
    Order,
    Pass,
    Pick,
    Play,
    Raid,
    Rest,
    Shift,
    State,
    StoryOption,
    Swap,
)
from frostdesk.ui.games.last_aurora.automa_panel import (
    SoloBoard,
    SoloLayout,
    SoloScene,
    automa_words,
)
from frostdesk.ui.games.last_aurora.handoff import AuroraHandoff
from frostdesk.ui.games.last_aurora.table import TOKEN, AuroraBoard, AuroraLayout, speed_words
from frostdesk.ui.kit.log_panel import LogWords
from frostdesk.ui.kit.screen import ChoiceScreen, screen_qss

SCREEN_QSS = screen_qss('QPushButton#actionButton[hint="true"] { border: 2px solid #7ee0c3; }\n')
BUTTONS = 5  # the bar holds this many choices at 1280 px
RESOURCES = ("Fuel", "Food", "Ammo")


def log_words(game: Any) -> LogWords:
    """The log's words: Fuel, Food and Ammo with their token colours."""

    def draw(p: QPainter, kind: int, rect: QRectF) -> None:
        p.setPen(QColor("#0b1218"))
        p.setBrush(TOKEN[RESOURCES[kind].lower()])
        side = min(rect.width(), rect.height()) - 2
        p.drawEllipse(QRectF(rect.center().x() - side / 2, rect.center().y() - side / 2,
                             side, side))

    return LogWords(
        headings={"round", "game_over", "last_call"},
        strong={"boarded", "destroyed", "aurora", "raid_hit", "mine_hit"},
        quiet={"phase", "paid", "order", "pvp_track", "mine_kept"},
        resource_words=re.compile(r"\b\d+ (Fuel|Food|Ammo)\b"),
        names=RESOURCES, colours=["#e0744f", "#7cc46a", "#e6c350"],
        icon_urls=[f"aurora:{r}" for r in RESOURCES], draw_icon=draw)


class MealChoice(NamedTuple):
    """A bar button standing for the explores that differ only in the androids' meal."""

    move: Explore  # the explore with no meal


def meal_label(g: Any, view: State, action: Explore) -> str:
    """Module 3: a meal's button, the move being known ("Unstable Fuel"; with two androids
    fed, who eats what)."""
    words = g.crew.meal_words(view, view.actor, action.fed, action.meal)
    if not words:
        return "Food"
    return words.split(" eats ", 1)[1] if ", " not in words else words


def weapon_words(g: Any, slot: Any, cell: int) -> str:
    """A weapon cell named with its card ("Truck W2"): two weapons of one convoy read apart."""
    if slot is None:
        return "?"
    return f"{g.cards[slot[0]].name} {g.code(slot, cell)}"


def action_label(game: Any, view: State, action: Any, names: Any = None,
                 brief: bool = False) -> str:
    """A short label for a numbered button (`names`: the seats' names, for a rival).
    `brief`: the cell explored is picked on the table already, so a button names only where
    its card goes (the hint's sentence names the card too)."""
    seat = view.actor
    g = game
    if isinstance(action, Raid):  # Player vs. Player: a shot at a rival
        col = view.convoy[seat][action.col]
        slot = col[1] if action.device else col[0]
        code = weapon_words(g, slot, action.cell)
        who = names[action.rival] if names else f"convoy {action.rival + 1}"
        paid = f" (pay {g.content.by_id(action.pay).name})" if action.pay else ""
        return f"{code} at {who}" + (" (Incendiary)" if action.incendiary else paid)
    if isinstance(action, Explore):
        card = view.zone[action.cell]
        # the explorers show picked on the table; the label says what the move takes
        if action.main < 0 or card == EMPTY:
            what = "Bonus only"
        else:
            what = main_words(g, view, seat, card, action.main, brief)
        if action.alt:
            what += " · −1 ☢"
        if action.fed:
            what += f" · feed {len(action.fed)}"
        if action.ration >= 0:
            what += " · Rations"
        # Module 3 (first, so a short button still tells the choices apart): what the
        # androids eat, and the Arctic Wolf's bonuses before the card
        if action.meal:
            what = g.crew.meal_words(view, seat, action.fed, action.meal) + " · " + what
        if action.early:
            what = "Bonuses first · " + what
        return what
    if isinstance(action, Pass):
        return "Pass"
    if isinstance(action, Rest):
        if not action.fed and not any(x[1] == "X" for x in view.surv[seat]):
            return "Rest"  # nobody to feed: the turn was the cargo's (RS2)
        if not action.fed:
            return "Feed nobody"
        if action.meal:  # Module 3: what the androids eat
            return "Feed: " + g.crew.meal_words(view, seat, action.fed, action.meal)
        return "Feed " + " + ".join(g.cards[view.surv[seat][i][0]].name for i in action.fed)
    if isinstance(action, Move):
        if action.to == view.mile[seat]:
            return "Stay"
        if action.to == view.aurora:
            return "Board the Aurora"
        if action.robot:  # Module 3: the Quartermaster Robot eats an Object for +2
            return f"Drive to {action.to}, Robot eats {g.content.by_id(action.robot).name}"
        return f"Drive to {action.to}" + (" (Boost)" if action.boost else "")
    if isinstance(action, Attack) and action.col < 0:
        enemy = g.cards[view.zone[action.target]].name
        return f"Sniper at {enemy}" + (" (Incendiary)" if action.incendiary else "")
    if isinstance(action, Attack):
        col = view.convoy[seat][action.col]
        slot = col[1] if action.device else col[0]
        code = weapon_words(g, slot, action.cell)
        enemy = g.cards[view.zone[action.target]].name
        paid = f" (pay {g.content.by_id(action.pay).name})" if action.pay else ""
        return f"{code} at {enemy}" + (" (Incendiary)" if action.incendiary else paid)
    if isinstance(action, Done):
        return "Let the ambushes come" if view.phase == "flare" else "End shooting"
    if isinstance(action, Answer):
        return "Accept" if action.yes else "Decline"
    if isinstance(action, Play):
        card = g.content.by_id(action.card)
        name = card.name
        verb, val = card.effects[0] if card.effects else ("", [])
        if verb == "unstable":
            pick = val[action.target]
            return f"Unstable +{pick['speed']}, {pick['damage']} Dmg"
        if verb == "serum":
            return f"{name} on the {('Active', 'Rest', 'Exhausted')[action.target]} Zone"
        if verb == "canned" and action.target >= 0:
            return f"Canned, ☢ {g.cards[view.surv[seat][action.target][0]].name}"
        if action.target >= 0 and view.phase in ("fire", "flare"):
            return f"{name} on cell {action.target + 1}"
        if action.target >= 0:
            return f"{name} on {g.cards[view.surv[seat][action.target][0]].name}"
        return f"Play {name}"
    if isinstance(action, Pick):
        return str(g.pick_text(view, action.option))
    if isinstance(action, StoryOption):  # Module 4: the option's face, no result
        return str(g.story.option_text(view, action))
    if isinstance(action, Cancel):
        return "Cancel the Automa's card"
    if isinstance(action, Drop):
        return f"Throw away 1 {action.token.title()}"
    if isinstance(action, Shift):
        return f"Move {g.cell_words(view, seat, action.source)} to " \
            f"{g.cell_words(view, seat, action.target)}"
    if isinstance(action, Swap):
        return f"Swap {action.give.title()} for {action.take.title()}"
    if isinstance(action, Order):
        if action.order == tuple(range(len(action.order))):
            return "Keep the order"
        first = view.xdeck[action.order[0]]
        return f"{g.cards[first].name if first >= 0 else 'That card'} on top"
    return str(action)


def main_words(g: Any, view: State, seat: int, card: int, main: int,
               brief: bool = False) -> str:
    c = g.cards[card]
    if c.kind == "location":
        picks = g.gather_choices(c)[main]
        return "Take " + ("+".join(t.title() for t in picks) or "nothing")
    if c.kind == "truck":
        return f"Drive the {c.name}"
    if c.kind == "trailer":
        cv = view.convoy[seat]
        if main < len(cv):
            old = cv[main][0]
            if old:
                return f"Replace {g.cards[old[0]].name}" if brief else \
                    f"{c.name} for {g.cards[old[0]].name}"
            return f"Hitch {c.name}"
        return f"Hitch {c.name}"
    if c.kind == "device":
        veh = view.convoy[seat][main][0]
        on = g.cards[veh[0]].name if veh else f"column {main + 1}"
        return f"Install on {on}" if brief else f"{c.name} on {on}"
    if c.kind == "survivor":
        return f"Recruit {c.name}"
    if c.kind == "encounter":
        return str(c.options[main].label)
    return c.name


class AuroraScreen(ChoiceScreen):
    """See the module docstring."""

    scene_class = SoloScene  # the table's scene, with the Automa's panel in solo
    overlay_class = AuroraHandoff  # the cover names the Objects it will show
    panel_kinds = ("rival",)
    hint_tips = ("Show what the Hard bot would do here, and why",
                 "Hints are available on your turn.")
    turns_to_viewer = True
    prompt_on_refresh = True

    def __init__(self, bus: Any, controller: Any, settings: Any,
                 parent: QWidget | None = None) -> None:
        super().__init__(bus, controller, settings, "auroraScreen", SCREEN_QSS, parent)
        self.layout_: AuroraLayout | None = None
        self.shown: State | None = None
        self.sel_cell: int | None = None
        self.sel_enemy: int | None = None
        self.sel_rival: int | None = None  # Player vs. Player: the rival aimed at
        self.picked: set[int] = set()  # survivors picked (explorers, or those to feed)
        self.sel_token: str | None = None  # RS2: the cell whose token is picked to move
        self.dropping = False  # the bar shows the tokens to throw away
        # Module 3: the explore whose androids' meal the bar offers (the move without it)
        self.meal_of: Explore | None = None
        self.automa_acts = ""  # what the Automa does in the batch playing now
        self._build()
        self._listen()

    # ------------------------------------------------------------------ sessions

    def _log_words(self) -> LogWords:
        return log_words(self.game)

    def _build_layout(self) -> None:
        assert self.session is not None and self.scene is not None
        from frostdesk.ai.levels import level_name

        seats = self.session.seats
        self.layout_ = SoloLayout(self.game, self.scene.table, len(seats),
                                    self._bottom_seat(), [s.name for s in seats],
                                    ["" if s.is_human else f"Bot, {level_name(s.bot)}"
                                     for s in seats])
        self.scene.layout = self.layout_

    def _start_table(self, session: Session[Any, Any]) -> None:
        self.scene.space_hovered.connect(self._on_space_hovered)
        self._build_layout()
        self.shown = self.controller.view()
        assert self.animator is not None
        self.animator.snap(self._specs(SoloBoard(self.shown, self.game)))

    def _table_state(self) -> AuroraBoard | None:
        return SoloBoard(self.shown, self.game) if self.shown is not None else None

    def _specs(self, board: AuroraBoard | State) -> dict[Any, Any]:
        assert self.layout_ is not None
        state = board.state if isinstance(board, AuroraBoard) else board
        return self.layout_.specs(state, {
            "thinking": self.thinking, "to_move": self.game.to_move(state),
            "cell": self.sel_cell, "explorers": sorted(self.picked),
            "token": self.sel_token, "token_targets": self._token_targets(),
            "story_outcomes": bool(self.session is not None  # Module 4, solo (S11)
                                   and self.session.options.get("story_outcomes"))})

    def _board_of(self, view: State) -> AuroraBoard:
        return SoloBoard(view, self.game)

    def _set_table_state(self, board: AuroraBoard) -> None:
        self.shown = board.state

    def _on_events(self, events: list[Any]) -> None:
        # the status line says when the Automa acts (it is no seat: the rules run it)
        n = self.shown.n if self.shown is not None else 0
        self.automa_acts = automa_words(self.game, events, n) \
            if self.shown is not None and self.shown.level else ""
        super()._on_events(events)

    def _set_status_busy(self) -> None:
        super()._set_status_busy()
        if self.automa_acts:
            self.status.setText(self.automa_acts)

    # ------------------------------------------------------------------ choices

    def _clear_selection(self) -> None:
        self.meal_of = None
        self.sel_token = None
        self.sel_cell = None
        self.sel_enemy = None
        self.sel_rival = None
        self.picked = set()

    def _clear_choice_state(self) -> None:
        super()._clear_choice_state()
        self.dropping = False

    def _me(self) -> int:
        return int(self.viewer) if self.viewer is not None else 0

    def _choices_refreshed(self) -> None:
        self._rebuild_targets()
        self._resnap()

    def _resnap(self) -> None:
        """The selection shows on the table (the picked cell and survivors)."""
        if self.animator is not None and self.shown is not None and not self.animator.busy:
            self.animator.snap(self._specs(self.shown))

    def _status_text(self) -> str:
        """'Ana: explore or pass — 2 Active, 1 Food' (short: the bar has room for one line)."""
        if not self.legal:
            return super()._status_text()
        view = self.controller.view()
        me = self._me()
        g = self.game
        name = self.session.seats[me].name if self.session is not None else ""
        fuel, food = g.count(view, me, "fuel"), g.count(view, me, "food")
        if view.peek:
            return f"{name}: put the cards back"
        if view.phase == "explore":
            return f"{name}: explore or pass — {len(g.active(view, me))} Active, {food} Food"
        if view.phase == "rest":
            tired = sum(1 for x in view.surv[me] if x[1] == "X")
            if not tired:
                return f"{name}: move cargo or rest"
            return f"{name}: feed the Exhausted — {tired} Exhausted, {food} Food"
        if view.phase == "move":
            return f"{name}: drive or stay — {fuel} Fuel, Speed {max(1, g.speed(view, me))}"
        if view.phase == "fire":
            return f"{name}: fire or end — {g.count(view, me, 'ammo')} Ammo"
        if view.phase == "flare":
            return f"{name}: a Flare Gun before the ambushes?"
        if view.phase == "offer":
            return f"{name}: {g.cards[view.offer[0]].name}, accept or decline"
        if view.phase == "choose":  # an ambush, a Loot or the Automa's card asks
            return f"{name}: choose {g.pending_text(view)}"
        if view.phase == "story" and view.story.reading:  # Module 4
            card = g.content.story[view.story.reading[2][0][0]]
            return f"{name}: the Story card {card.name}, choose an option"
        return self.controller.waiting_text()

    def _prompt(self) -> str:
        view = self.controller.view()
        g = self.game
        if view.peek:
            seen = [g.cards[x].name for x in view.xdeck[:view.peek] if x >= 0]
            return "Next in the deck, top first: " + ", ".join(seen) + "."
        if view.phase == "explore":
            if self.sel_cell is None:
                return "Click a glowing cell to explore it."
            need = self.game.content.zone[self.sel_cell].value
            return f"Cell {self.sel_cell + 1} needs {need}: click who goes, then a button."
        if view.phase == "rest":
            if self.sel_token is not None:
                return "Click a cell outlined in dashes to move the token there."
            shifts = any(isinstance(a, Shift) for a in self.legal)
            if not any(x[1] == "X" for x in view.surv[self._me()]):
                return "Click a token, then a free cell (or drag it there); or Rest." if shifts \
                    else "Nothing to feed: Rest."
            return ("Click Exhausted survivors to feed (1 Food each), then a button; "
                    "drag a token to a free cell to move cargo.") if shifts else \
                "Click Exhausted survivors to feed, then a button (1 Food each)."
        if view.phase == "choose" and view.pending and view.pending[0] == "mine":
            return "Click a glowing road space to mine it, or No mine."
        if view.phase == "move":
            return "Click a glowing road space (1 Fuel; the Boost 2). " \
                + speed_words(self.game, view, self._me()) + "."
        if view.phase == "fire":
            if any(isinstance(a, Raid) for a in self.legal):
                return "Click an enemy or a rival's board to aim, then a weapon's button."
            return "Click an enemy to aim, then a weapon's button."
        if view.phase == "offer" and view.offer:
            return str(g.cards[view.offer[0]].text)
        if view.phase == "story":
            return "Read the card over the zone, then choose an option on a button."
        if view.phase == "choose" and self.session is not None:  # Player vs. Player's
            words = g.pvp.prompt(view, [seat.name for seat in self.session.seats])
            if words:
                return str(words)
        return "Choose on a button."

    def _rebuild_targets(self) -> None:
        self.targets = {}
        if not self.legal:
            return
        g = self.game
        view = self.controller.view()
        me = self._me()
        if view.phase == "explore" and not view.peek:
            for a in self.legal:
                if isinstance(a, Explore):
                    self.targets[("cell", a.cell)] = ("cell", a.cell)
                    card = view.zone[a.cell]
                    if card != EMPTY:
                        self.targets[("card", g.cards[card].id)] = ("cell", a.cell)
            if self.sel_cell is not None:
                for a in self._cell_explores():
                    for i in a.explorers:
                        self.targets[("card", g.cards[view.surv[me][i][0]].id)] = ("pick", i)
        elif view.phase == "rest":
            for i, x in enumerate(view.surv[me]):
                if x[1] == "X":
                    self.targets[("card", g.cards[x[0]].id)] = ("pick", i)
            # RS2: the cards holding a token that can move, or, one picked, the cards with a
            # cell it may go to
            refs = self._token_targets() if self.sel_token is not None else [
                a.source for a in self.legal if isinstance(a, Shift)]
            for ref in refs:
                self.targets[self._card_key(view, me, ref)] = ("cargo", ref)
        elif view.phase == "choose" and view.pending and view.pending[0] == "mine":
            for a in self.legal:  # the optional Mine: the spaces you may mine
                if isinstance(a, Pick) and a.option:
                    self.targets[("mile", a.option)] = a
        elif view.phase == "move":
            for a in self.legal:
                if isinstance(a, Move):
                    self.targets[("mile", a.to)] = a
        elif view.phase == "fire":
            for a in self.legal:
                if isinstance(a, Attack):
                    self.targets[("card", g.cards[view.zone[a.target]].id)] = ("enemy",
                                                                               a.target)
                elif isinstance(a, Raid):  # Player vs. Player: a rival's board
                    self.targets[("rival", a.rival)] = ("rival", a.rival)

    # ------------------------------------------------------------------ RS2, cargo

    def _card_key(self, view: State, me: int, ref: str) -> tuple[str, str]:
        """The table key of the convoy card holding cell `ref`."""
        kind = "d" if "d" in ref else "v"
        col = int(ref.partition(kind)[0])
        slot = view.convoy[me][col][1 if kind == "d" else 0]
        assert slot is not None
        return ("card", str(self.game.cards[slot[0]].id))

    def _token_targets(self) -> list[str]:
        """The cells the picked token may move to."""
        if self.sel_token is None or self.session is None or not self.legal:
            return []
        return list(self.game.cargo.targets_for(self.controller.view(), self._me(),
                                                self.sel_token))

    def _convoy_ref(self, key: Any) -> str | None:
        """The cell of your convoy a click on `key` landed on (None: not one of yours)."""
        if self.shown is None or not isinstance(key, tuple) or key[0] != "card":
            return None
        me = self._me()
        for col, pair in enumerate(self.controller.view().convoy[me]):
            for is_dev, slot in ((False, pair[0]), (True, pair[1])):
                if slot is not None and self.game.cards[slot[0]].id == key[1]:
                    if self.by_keyboard:  # no pointer: the card's first cell that fits
                        return self._keyboard_cell(col, is_dev, len(slot[2]))
                    item = self.scene.items_by_key.get(key) if self.scene is not None else None
                    k = int(getattr(item, "pressed_cell", -1))
                    return self.game.cell_ref(col, is_dev, k) if k >= 0 else ""
        return None

    def _keyboard_cell(self, col: int, is_dev: bool, cells: int) -> str:
        """Space on a convoy card in the Rest turn: with a token picked, the card's first cell
        it may go to; otherwise (or when none) the card's next token that can move, after the
        picked one, so Space again steps through them ('' when the card has neither)."""
        g = self.game
        view = self.controller.view()
        me = self._me()
        refs = [g.cell_ref(col, is_dev, k) for k in range(cells)]
        if self.sel_token is not None:
            fits = set(g.cargo.targets_for(view, me, self.sel_token))
            to = next((r for r in refs if r in fits), None)
            if to is not None:
                return to
        tokens = [r for r in refs if g.token_at(view, me, r) and g.cargo.movable(view, me, r)]
        if not tokens:
            return ""
        if self.sel_token in tokens:  # the next one, round the card
            return tokens[(tokens.index(self.sel_token) + 1) % len(tokens)]
        return tokens[0]

    def _cargo_click(self, ref: str) -> None:
        """A click on a cell of your convoy in your Rest turn: pick its token, or move the
        picked one there; a cell that cannot take it changes nothing and says why."""
        g = self.game
        view = self.controller.view()
        me = self._me()
        token = g.token_at(view, me, ref) if ref else ""
        words = {"surv": "Survivor token"}.get(token, token.title())
        if not ref:
            self.show_message("Click one of the card's cells: a token, then a free cell.",
                              warn=True)
            return
        if self.sel_token == ref:
            self.sel_token = None
            self.show_message(self._prompt())
        elif token and g.cargo.movable(view, me, ref):
            self.sel_token = ref
            self.show_message(f"Now click a free cell for the {words} (outlined in dashes).")
        elif self.sel_token is None:
            self.show_message("That cell holds no token: click a token first." if not token
                              else f"That {words} has no free cell that takes it.", warn=True)
            return
        else:
            move = g.cargo.canonical(view, me, Shift(self.sel_token, ref))
            if move is None:
                self.show_message(g.cargo.why(view, me, Shift(self.sel_token, ref)), warn=True)
                return
            self.sel_token = None
            self.request(move)
            return
        self._rebuild_targets()
        self._resnap()
        self._apply_marks()
        self._refresh_bar()

    # a token can be dragged to its new cell too: the drag's start picks it, the drop is the
    # click on the cell it lands on (the kit's drag)

    def _moving_cargo(self) -> bool:
        return bool(self.legal) and self.controller.view().phase == "rest" \
            and any(isinstance(a, Shift) for a in self.legal)

    def can_drag(self, key: Any) -> bool:
        ref = self._convoy_ref(key) if self._moving_cargo() else None
        if not ref:
            return False
        view = self.controller.view()
        return bool(self.game.token_at(view, self._me(), ref)) \
            and self.game.cargo.movable(view, self._me(), ref)

    def drag_started(self, key: Any) -> None:
        self.sel_token = None  # the drag picks its own token (a click on it again would not)
        self.activate(key)

    def dropped_on(self, key: Any) -> None:
        if self._convoy_ref(key) is None:
            self.drag_cancelled(key)
            return
        self.activate(key)

    def drag_cancelled(self, key: Any) -> None:
        """Let go off your convoy: the token stays where it was, and the line says why."""
        if self.sel_token is None:
            return
        self.sel_token = None
        self.show_message("A token can only go to a free cell of your convoy.", warn=True)
        self._rebuild_targets()
        self._resnap()
        self._apply_marks()
        self._refresh_bar()

    def _cell_explores(self) -> list[Explore]:
        return [a for a in self.legal if isinstance(a, Explore) and a.cell == self.sel_cell]

    def _explore_options(self) -> list[Explore]:
        """The choices for the selected cell: with explorers picked, theirs; without, the
        cheapest team for each main action (fewest meals, then fewest explorers)."""
        options = self._cell_explores()
        if self.picked:
            return [a for a in options if set(a.explorers) == self.picked]
        best: dict[tuple[int, bool, bool], Explore] = {}
        for a in options:
            key = (a.main, a.alt, a.ration >= 0)
            cost = (len(a.fed), len(a.explorers))
            if key not in best or cost < (len(best[key].fed), len(best[key].explorers)):
                best[key] = a
        return list(best.values())

    def _explore_buttons(self, options: list[Explore]) -> list[tuple[Any, bool]]:
        """The bar's explore choices: moves that differ only in what the androids eat
        (Module 3) share one button, which then offers the meals (a long bar of "Robot eats
        X · Take Y" otherwise, unreadable at 1280 px)."""
        groups: dict[Explore, list[Explore]] = {}
        for a in options:
            groups.setdefault(replace(a, meal=()), []).append(a)
        if self.meal_of is not None and self.meal_of not in groups:
            self.meal_of = None  # the selection changed under it
        if self.meal_of is not None:
            return [(a, True) for a in groups[self.meal_of]]
        return [(MealChoice(key), True) if len(members) > 1 else (members[0], True)
                for key, members in groups.items()]

    def _button_actions(self) -> list[tuple[Any, bool]]:
        """(action, enabled) for the bar, most useful first."""
        view = self.controller.view()
        legal = self.legal
        others = [a for a in legal if isinstance(a, Play | Swap | Cancel)]
        out: list[tuple[Any, bool]] = []
        if view.peek:
            # keep the order, or bring one card to the top (the others keep theirs)
            k = view.peek
            wanted = [tuple(range(k))] + [(i, *[j for j in range(k) if j != i])
                                          for i in range(1, k)]
            return [(Order(o), True) for o in wanted if Order(o) in legal]
        if view.phase in ("offer", "choose", "story"):
            return [(a, True) for a in legal]
        drops = [(a, True) for a in legal if isinstance(a, Drop)]
        if self.dropping:
            return drops
        if view.phase == "explore":
            if self.sel_cell is not None:
                out = self._explore_buttons(self._explore_options())
                if self.meal_of is not None:  # the meals of one move, and Back
                    return out
            return out + [(Pass(), True)] + [(a, True) for a in others]
        if view.phase == "rest":
            rests = [a for a in legal if isinstance(a, Rest)]
            if self.picked:
                chosen = Rest(tuple(sorted(self.picked)))
                out.append((chosen, chosen in legal))
                # Module 3: what the androids among them may eat instead of Food
                out += [(a, True) for a in rests if a.meal and set(a.fed) == self.picked]
            for a in (max(rests, key=lambda a: len(a.fed)), Rest(())):
                if all(a != b for b, _ in out):
                    out.append((a, True))
            return out + [(a, True) for a in others]
        if view.phase == "move":
            moves = [a for a in legal if isinstance(a, Move)]
            me = self._me()
            plain = [a for a in moves if not a.boost and a.to != view.mile[me] and not a.robot]
            boosted = [a for a in moves if a.boost and not a.robot]
            out = [(Move(view.mile[me]), True)]
            if plain:
                out.append((max(plain, key=lambda a: a.to), True))
            if boosted:
                out.append((max(boosted, key=lambda a: a.to), True))
            fed: dict[str, Move] = {}  # Module 3: the Robot's furthest move per Object
            for m in moves:
                if m.robot and (m.robot not in fed or m.to > fed[m.robot].to):
                    fed[m.robot] = m
            return out + [(a, True) for a in fed.values()] + [(a, True) for a in others]
        attacks: list[Any] = [a for a in legal if isinstance(a, Attack)]
        raids = [a for a in legal if isinstance(a, Raid)]
        if self.sel_enemy is not None:
            attacks = [a for a in attacks if a.target == self.sel_enemy]
        if self.sel_rival is not None:  # aiming at a rival: its shots only
            attacks = [a for a in raids if a.rival == self.sel_rival]
        elif self.sel_enemy is None:
            attacks += raids
        out = [(a, True) for a in attacks[:BUTTONS - 1 - min(2, len(others))]]
        out += [(a, True) for a in others]
        out += [(a, True) for a in legal if isinstance(a, Done)]
        return out

    def _refresh_bar(self, busy: bool = False) -> None:
        self._clear_action_buttons()
        if not busy and self.legal:
            view = self.controller.view()
            actions = self._button_actions()
            room = BUTTONS - 1 if self._can_drop() else BUTTONS
            # the hint's move always gets a button, first when it would not have one of the
            # bar's few (it may be further down a long list of choices)
            groups = [a.move for a, _ in actions[:room] if isinstance(a, MealChoice)]
            if self.hint_action is not None and self._hint_belongs() and \
                    self._hint_group() not in groups and \
                    all(a != self.hint_action for a, _ in actions[:room]):
                actions = [(self.hint_action, True)] + [
                    (a, ok) for a, ok in actions if a != self.hint_action]
            names = [s.name for s in self.session.seats] if self.session is not None else None
            for a, ok in actions[:room]:
                if isinstance(a, MealChoice):  # one move, several meals: pick it, then one
                    words = action_label(self.game, view, a.move, names, brief=True)
                    self._add_action_button(f"{words}…", None, True,
                                            tip=f"{words}, then choose what the androids eat")
                    b = self.action_buttons[-1]
                    b.clicked.connect(lambda _=False, m=a.move: self._choose_meal(m))
                    b.setProperty("hint", self._hint_group() == a.move)  # the hint's meal is in
                    continue
                if isinstance(a, Explore) and self.meal_of is not None \
                        and replace(a, meal=()) == self.meal_of:  # the meal tells them apart
                    self._add_action_button(meal_label(self.game, view, a), a, True,
                                            tip=action_label(self.game, view, a, names))
                    continue
                # the whole label: the kit's bar folds or shortens it when the bar is crowded
                words = action_label(self.game, view, a, names, brief=True)
                tip = ""
                if isinstance(a, Play):  # the Object's whole text
                    tip = f"{words}: {self.game.content.by_id(a.card).text}"
                self._add_action_button(words, a, isinstance(a, Explore | Move) and ok,
                                        tip=tip, enabled=ok)
            if self.meal_of is not None:
                self._add_action_button("Back", None, False, tip="Back to the moves")
                self.action_buttons[-1].clicked.connect(lambda: self._choose_meal(None))
            elif self._can_drop():
                # throwing tokens away (to make room) is rare: one button opens the choice
                self._add_action_button("Back" if self.dropping else "Throw away…", None,
                                        False, tip="Throw a token away to make room")
                self.action_buttons[-1].clicked.connect(self._toggle_dropping)
        self._refresh_tools(busy)

    def _can_drop(self) -> bool:
        return any(isinstance(a, Drop) for a in self.legal) and self.sel_cell is None

    def _hint_group(self) -> Explore | None:
        """The hint's explore without its meal (Module 3), or None."""
        hint = self.hint_action
        return replace(hint, meal=()) if isinstance(hint, Explore) and hint.meal else None

    def _hint_belongs(self) -> bool:
        """Whether the hint's move is among the bar's choices now: while the meals of one
        move are offered, only a meal of that move is."""
        hint = self.hint_action
        return self.meal_of is None or (isinstance(hint, Explore)
                                         and replace(hint, meal=()) == self.meal_of)

    def _choose_meal(self, move: Explore | None) -> None:
        """Module 3: offer the meals of `move` on the bar (None: back to the moves)."""
        self.meal_of = move
        self.show_message("What do the androids eat? Each meal costs that token or Object."
                          if move is not None else self._prompt())
        self._refresh_bar()

    def _toggle_dropping(self) -> None:
        self.dropping = not self.dropping
        self.show_message("Which token goes? It is lost." if self.dropping else self._prompt())
        self._refresh_bar()

    def _selected_keys(self) -> set[Any]:
        selected: set[Any] = set()
        if self.sel_cell is not None:
            selected.add(("cell", self.sel_cell))
        if self.sel_rival is not None:
            selected.add(("rival", self.sel_rival))
        if self.sel_enemy is not None and self.shown is not None:
            card = self.shown.zone[self.sel_enemy]
            if card != EMPTY:
                selected.add(("card", self.game.cards[card].id))
        if self.shown is not None:
            me = self._me()
            for i in self.picked:
                if i < len(self.shown.surv[me]):
                    selected.add(("card", self.game.cards[self.shown.surv[me][i][0]].id))
        return selected

    def activate(self, key: Any) -> None:
        """A click on a table item (also the keyboard's Space)."""
        what = self.targets.get(key)
        ref = self._convoy_ref(key) if self._moving_cargo() else None
        if ref is not None and (what is None or what[0] == "cargo"):
            self._cargo_click(ref)  # RS2: any cell of your convoy says what it can do
            return
        if what is None:
            self._explain(key)
            return
        if isinstance(what, Move | Pick):
            self.request(what)
            return
        kind = what[0]
        if kind == "cell":
            self.sel_cell = None if self.sel_cell == what[1] else int(what[1])
            self.picked = set()
        elif kind == "pick":
            self.picked ^= {int(what[1])}
            if self.sel_cell is not None and not self._explore_options() and self.picked:
                # a team nobody can form: start again from this survivor
                self.picked = {int(what[1])}
        elif kind == "enemy":
            self.sel_enemy = None if self.sel_enemy == what[1] else int(what[1])
            self.sel_rival = None
        elif kind == "rival":
            self.sel_rival = None if self.sel_rival == what[1] else int(what[1])
            self.sel_enemy = None
        self.show_message(self._prompt())
        self._rebuild_targets()
        self._resnap()
        self._apply_marks()
        self._refresh_bar()

    def _explain(self, key: Any) -> None:
        """Why a click on a plain item does nothing, in game words."""
        if self.session is None or not isinstance(key, tuple):
            return
        c = self.controller
        view = c.view()
        if not c.my_turn():
            self.show_message(c.why_illegal(Pass()), warn=True)
            return
        me = self._me()
        active = tuple(self.game.active(view, me)[:2]) or (0,)
        if key[0] == "cell":
            why = c.why_illegal(Explore(int(key[1]), active))
        elif key[0] == "mile":
            why = c.why_illegal(Move(int(key[1])))
        elif key[0] == "card" and view.phase == "fire":
            cell = next((i for i, z in enumerate(view.zone)
                         if z != EMPTY and self.game.cards[z].id == key[1]), -1)
            why = c.why_illegal(Attack(0, False, 0, cell)) if cell >= 0 else \
                "Only enemies in the zone are shot at."
        elif key[0] == "card" and view.phase == "explore" and self.sel_cell is None:
            why = "Click the cell first, then the survivors who go."
        elif key[0] == "card":
            why = "That card can't be chosen now: the glowing ones can."
        else:
            return
        self.show_message(why, warn=True)

    def _hint_keys(self, action: Any) -> set[Any]:
        """The hint's cell and explorers, road space or enemy, selected as a click would."""
        keys: set[Any] = set()
        if isinstance(action, Explore):
            self.sel_cell, self.picked = action.cell, set(action.explorers)
            keys.add(("cell", action.cell))
        elif isinstance(action, Move):
            keys.add(("mile", action.to))
        elif isinstance(action, Shift):  # RS2: the token to move, picked as a click would
            self.sel_token = action.source
            keys.add(self._card_key(self.controller.view(), self._me(), action.source))
        elif isinstance(action, Pick) and action.option and self.controller.view().pending \
                and self.controller.view().pending[0] == "mine":
            keys.add(("mile", action.option))
        elif isinstance(action, Attack):
            self.sel_enemy = action.target
            keys.add(("card", self.game.cards[self.controller.view().zone[action.target]].id))
        elif isinstance(action, Raid):
            self.sel_rival = action.rival
            keys.add(("rival", action.rival))
        return keys

    def _action_label(self, action: Any) -> str:
        names = [s.name for s in self.session.seats] if self.session is not None else None
        return action_label(self.game, self.controller.view(), action, names)

    def _on_item_inspected(self, key: Any) -> None:
        if key[0] == "mile":
            self.show_message(self.mile_words(int(key[1])))
            return
        item = self.scene.items_by_key.get(key) if self.scene is not None else None
        if key[0] != "card" or item is None:
            return
        from frostdesk.ui.games.last_aurora.card_dialog import AuroraCardDialog

        self.open_dialog(AuroraCardDialog(self, self.game, item))

    def _on_space_hovered(self, mile: int) -> None:
        """Resting on a road space says what it holds and costs; leaving it, the prompt."""
        if self.session is None or self.message.property("kind") in ("warn", "hint"):
            return
        if mile >= 0:
            self.show_message(self.mile_words(mile))
        elif self.legal:
            self.show_message(self._prompt())

    def mile_words(self, m: int) -> str:
        """What a road space holds and what reaching it costs you this Movement."""
        g = self.game
        view = self.controller.view()
        me = self._me()
        road = g.content.road
        parts = [f"Mile {m}, the {road.regions[road.region(m)][0]}"]
        if m in road.waypoints:
            parts.append(f"red waypoint W{road.waypoints.index(m) + 1}")
        for mile, k in view.counters:
            if mile == m:
                parts.append(f"the {g.content.counters[k].name} counter")
        if m in view.wrecks:
            parts.append("a wreck with an Object")
        if m in road.radiation:
            parts.append("☢ (1 Contamination)")
        if m == view.aurora:
            parts.append("the Aurora: driving in boards her")
        for mile, owner in view.mines or ():
            if mile == m and self.session is not None:
                parts.append(f"{self.session.seats[owner].name}'s mine: the next convoy in "
                             "stops and takes 2 Damage to its FRONT")
        text = ", ".join(parts) + "."
        if me in view.boarded or m <= view.mile[me]:
            return text
        speed = max(1, g.speed(view, me))
        if m in g.reachable(view, me, speed):
            return text + " Within your Speed: 1 Fuel."
        boost = g.truck(view, me).boost
        if boost and m in g.reachable(view, me, speed + boost):
            return text + " With the Boost: 2 Fuel."
        return text + " Out of reach this Movement."

    # the keys (ScreenBase._on_key)

    def _focus_order(self) -> list[Any]:
        return sorted(self.targets, key=lambda k: (str(k[0]), str(k[1])))
