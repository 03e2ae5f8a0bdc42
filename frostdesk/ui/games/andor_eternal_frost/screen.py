"""The Eternal Frost's table screen: the kit's ChoiceScreen (log, action bar, Hint, Undo,
hand-off cover, keys, the legal actions as glowing targets) around the map, the tracks, the hero
boards, the creature display and the docked battle view.

A view only: it shows what the controller reports and turns clicks into bus.action_requested.
On a hero's turn every space they can reach glows with its hour cost; clicking one walks there
(the fewest wineskins and no wart root unless the hours need them), clicking the creature on
the hero's space attacks it with every hero there, and the buttons take the other choices. A
click on a space out of reach says why and changes nothing.
"""

from __future__ import annotations

import re
from typing import Any

from PySide6.QtCore import QRectF, Qt
from PySide6.QtGui import QColor, QKeyEvent, QPainter
from PySide6.QtWidgets import QHBoxLayout, QMenu, QVBoxLayout, QWidget

from frostdesk.engine.game import Event
from frostdesk.engine.session import Session
from frostdesk.games.andor_eternal_frost.pieces import TRANUK_SPACES
from frostdesk.games.andor_eternal_frost.state import (
    Fight,
    Move,
    MoveFox,
    MoveTranuk,
    Reroll,
    State,
    TurnDie,
)
from frostdesk.ui.games.andor_eternal_frost.board import FrostBoard
from frostdesk.ui.games.andor_eternal_frost.free_menu import free_menu
from frostdesk.ui.games.andor_eternal_frost.panels import (
    BattlePanel,
    CardOverlay,
    CreatureDisplay,
    HeroBoards,
    TrackStrip,
)
from frostdesk.ui.games.andor_eternal_frost.table import MapLayout, MapScene, MapView
from frostdesk.ui.games.andor_eternal_frost.words import FREE, HeroWords, order_key
from frostdesk.ui.kit.log_panel import LogWords
from frostdesk.ui.kit.menus import build_menu
from frostdesk.ui.kit.screen import MAX_BUTTONS, ChoiceScreen, screen_qss

SCREEN_QSS = screen_qss('QPushButton#actionButton[hint="true"] { border: 2px solid #7ee0c3; }\n')
LOG_COLOURS = ["#7ec8f0", "#f2b45a"]  # willpower, strength
PROMPT = "Click a glowing space to walk there, or choose below."
FIGURE_NAMES = {"tranuk": "Tranuk", "fox": "the fox"}
PROMPT_FIGHT = "Click a glowing space to walk there, the glowing creature to fight, or choose " \
    "below."


def figure_moves(legal: list[Any], figure: str) -> dict[int, MoveTranuk | MoveFox]:
    """Where a click sends Tranuk or the fox: each space the rules let them reach (the fox
    looks under a face-down snow token there; flying without looking is in the menu)."""
    out: dict[int, MoveTranuk | MoveFox] = {}
    kind = MoveTranuk if figure == "tranuk" else MoveFox
    for a in legal:
        if isinstance(a, kind):
            old = out.get(a.to)
            if old is None or getattr(a, "look", False):
                out[a.to] = a
    return out


def best_moves(legal: list[Any]) -> dict[int, Move]:
    """For each destination the move a click takes: without wineskins or the root when the
    hours allow, else with the fewest."""
    out: dict[int, Move] = {}
    for a in legal:
        if isinstance(a, Move):
            old = out.get(a.to)
            if old is None or (a.root, a.sips) < (old.root, old.sips):
                out[a.to] = a
    return out


class FrostScreen(ChoiceScreen):
    """See the module docstring."""

    view: MapView  # the kit's table view, swapped for the map's in _table_side

    scene_class = MapScene
    game_over_text = "The legend is over: this is the final table."
    hint_tips = ("Show what the steady crew would do here, and why",
                 "Hints are available when one of your heroes is to act.")

    def __init__(self, bus: Any, controller: Any, settings: Any,
                 parent: QWidget | None = None) -> None:
        super().__init__(bus, controller, settings, "frostScreen", SCREEN_QSS, parent)
        self.layout_: MapLayout | None = None
        self.shown: FrostBoard | None = None
        self.kinds: dict[int, str] = {}
        self.words: HeroWords | None = None
        self.new_cards: list[tuple[str, str, str]] = []
        self.figure: str | None = None  # the figure picked to be moved (Tranuk, the fox)
        self._menu: QMenu | None = None  # the free actions' menu while it is open
        self._menu_moves: list[Any] = []  # and the moves it lists
        self._build()
        self._listen()

    # ------------------------------------------------------------------ widgets

    def _table_side(self) -> QWidget:
        old = self.view
        self.view = MapView()
        self.view.setObjectName("tableView")
        self.view.key_pressed.connect(self._on_key)
        old.deleteLater()
        side = QWidget()
        column = QVBoxLayout(side)
        column.setContentsMargins(0, 0, 0, 0)
        column.setSpacing(0)
        self.track = TrackStrip()
        self.track.letter_clicked.connect(self._on_letter)
        column.addWidget(self.track)
        middle = QHBoxLayout()
        middle.setSpacing(0)
        middle.addWidget(self.view, 1)
        self.card = CardOverlay(self.view)  # floats over the map's upper left corner
        self.card.move(10, 10)
        right = QVBoxLayout()
        right.setSpacing(0)
        self.hero_boards = HeroBoards()
        self.creature_display = CreatureDisplay()
        right.addWidget(self.hero_boards, 1)
        right.addWidget(self.creature_display)
        middle.addLayout(right)
        column.addLayout(middle, 1)
        self.battle = BattlePanel(lambda: float(self.settings.speed_factor))
        self.battle.die_clicked.connect(self._on_die_clicked)
        self.battle.hide()
        column.addWidget(self.battle)
        return side

    def _log_words(self) -> LogWords:
        def draw(p: QPainter, kind: int, rect: QRectF) -> None:
            p.setPen(Qt.PenStyle.NoPen)
            p.setBrush(QColor(LOG_COLOURS[kind]))
            p.drawEllipse(rect.adjusted(7, 7, -7, -7))

        return LogWords(
            headings={"game_over", "new_day", "sunrise"}, strong={"defeated", "card"},
            quiet={"rolled", "creature_rolled", "round_started", "sunrise_step"},
            resource_words=re.compile(r"\b(WP|SP)\b"), names=["WP", "SP"],
            colours=LOG_COLOURS, icon_urls=["frost:wp", "frost:sp"], draw_icon=draw)

    def _names(self, text: str) -> str:
        return self.words.names(text) if self.words is not None else self.controller.names(text)

    # ------------------------------------------------------------------ sessions

    def _start_table(self, session: Session[Any, Any]) -> None:
        view: State = self.controller.view()
        self.words = HeroWords(self.game, session.options, [s.name for s in session.seats])
        self.kinds = {}
        self.new_cards = []
        self.card.hide()
        self.layout_ = MapLayout(self.game, self.game.legend(view).board,
                                 [self.words.full(i) for i in range(view.n)])
        self.scene.use_layout(self.layout_)
        if self.log is not None:
            self.log.set_events(self.controller.history_for(self.viewer)
                                if session.records else [])
        self.shown = self._board_of(view)
        self.animator.snap(self._specs(self.shown))
        self.view.zoom = 1.0
        self.view.fit()
        self._show_panels(view)

    def _table_state(self) -> FrostBoard | None:
        return self.shown

    def _board_of(self, view: State) -> FrostBoard:
        return FrostBoard(view, self.kinds)

    def _set_table_state(self, board: FrostBoard) -> None:
        self.shown = board

    def _specs(self, board: FrostBoard) -> dict[Any, Any]:
        assert self.layout_ is not None
        return self.layout_.specs(board, self._marks(board.state))

    def _marks(self, s: State) -> dict[str, Any]:
        """What the map shows besides the pieces: the acting hero and, on a turn of yours,
        each reachable space's hour cost ('4h', and '9h!' into overtime)."""
        active = self.game.to_move(s) if not s.result else None
        marks: dict[str, Any] = {"active": active, "here": s.space[s.current]
                                 if active is not None else None, "costs": {}, "tips": {}}
        if self.legal and self.figure is not None:
            marks["costs"] = self._figure_costs(s)
        elif self.legal:
            g = self.game
            c = g.content
            for to, mv in best_moves(self.legal).items():
                k = g.board(s).dist[s.space[s.current]][to] - mv.sips
                if mv.root:
                    k -= min(2, k)
                over = s.hour[s.current] + k > c.day_hours
                # "!" into overtime, "+" only with a wineskin or the wart root
                marks["costs"][to] = f"{k}h" + ("!" if over else "+" if mv.sips or mv.root
                                                 else "")
        marks["tips"] = self._tips(s, {} if self.figure is not None else marks["costs"])
        return marks

    def _figure_costs(self, s: State) -> dict[int, str]:
        """The hours of sending the picked figure to each space ('!' into overtime)."""
        g = self.game
        out: dict[int, str] = {}
        moves = figure_moves(self.legal, self.figure or "")
        dist = g.pieces.land_dist(s, s.figures["tranuk"]) if self.figure == "tranuk" \
            and "tranuk" in s.figures else {}
        for to in moves:
            k = -(-dist.get(to, 0) // TRANUK_SPACES) if self.figure == "tranuk" else 1
            over = s.hour[s.current] + k > g.content.day_hours
            out[to] = f"{k}h" + ("!" if over else "")
        return out

    def _tips(self, s: State, costs: dict[int, str]) -> dict[int, str]:
        """Hovering a space: its id and name, what lies there, its arrow, and the walk and
        hours from the acting hero."""
        g = self.game
        board = g.board(s)
        words = self.words
        out: dict[int, str] = {}
        who = {sp: [words.short(i) if words else str(i) for i in range(s.n) if s.space[i] == sp]
               for sp in set(s.space)}
        for sid, sp in board.spaces.items():
            lines = [f"{sid}" + (f" · {sp.name}" if sp.name else "")
                     + f" ({board.regions.get(sp.region, sp.region)})"]
            num = s.creature_at(sid)
            if num is not None:
                lines.append(f"{g.name(s, num)}: {g.creature_sp(s, num)} SP, "
                             f"{g.creature_wp(s, num)} WP")
            if who.get(sid):
                lines.append("Heroes: " + ", ".join(who[sid]))
            if sid in s.snow:
                lines.append("A snow token" + (" (face up)" if s.snow[sid][1] else ""))
            if sid in s.fires:
                lines.append("A fire, " + ("burning" if s.fires[sid] else "out"))
            if s.items.get(sid):
                lines.append("Lying here: " + ", ".join(g.article_name(i)
                                                        for i in s.items[sid]))
            lines.append(f"Arrow to {sp.arrow}" if sp.arrow is not None else "No arrow")
            if sid in costs:
                path = g.path(s, s.space[s.current], sid)
                cost = costs[sid]
                lines.append("Walk " + " → ".join(map(str, path)) + f": {cost.rstrip('!+')}"
                             + (" (overtime)" if cost.endswith("!") else "")
                             + (" (with a wineskin)" if cost.endswith("+") else ""))
            out[sid] = "\n".join(lines)
        return out

    def _show_panels(self, view: State | None = None) -> None:
        s = view if view is not None else (self.shown.state if self.shown else None)
        if s is None or self.words is None:
            return
        self.track.show_state(self.game, s, self.words)
        self.hero_boards.to_move = self.game.to_move(s)
        self.hero_boards.show_state(self.game, s, self.words)
        self.creature_display.show_state(self.game, s, self.words)
        b = s.battle
        if b is not None:
            for j in b.fighters:
                if j in b.rolls:
                    self.battle.set_roll(j, b.rolls[j])
                else:
                    self.battle.shown.pop(j, None)
        self.battle.show_state(self.game, s, self.words)
        self.battle.setVisible(b is not None)

    def _note(self, event: Event) -> None:
        d = event.data
        if event.kind == "creature_placed":
            self.kinds[int(str(d["creature"]))] = str(d["kind"])
        elif event.kind == "creature_rolled":
            self.battle.creature_roll = dict(d)
            dice = d.get("dice")
            if isinstance(dice, list):
                self.battle.set_roll("creature", [int(str(x)) for x in dice])
        elif event.kind == "card":
            self.new_cards.append((str(d["id"]), str(d["title"]), str(d["text"])))
        elif event.kind == "fight_started":
            self.battle.creature_roll = {}
            self.battle.shown.clear()

    def _on_animation_finished(self) -> None:
        self._show_panels(self.controller.view() if self.session is not None else None)
        if self.new_cards and self.session is not None:
            self.card.show_cards(self.new_cards, self.game.legend(self.session.state).source)
            self.new_cards = []
        super()._on_animation_finished()

    def _on_letter(self, letter: str) -> None:
        """A click on the legend track: the cards read at that letter, again."""
        if self.session is None:
            return
        s = self.session.state
        lg = self.game.legend(s)
        cards = [(c.id, c.title, c.text) for c in lg.cards_of(letter) if c.id in s.read]
        if cards:
            self.card.show_cards(cards, lg.source)
        elif letter in lg.stars:
            self.show_message(f"The card at {letter} is read when the narrator gets there.")
        else:
            self.show_message(f"No legend card lies at {letter}.")

    # ------------------------------------------------------------------ choices

    def _clear_choice_state(self) -> None:
        super()._clear_choice_state()
        if hasattr(self, "battle"):
            self.battle.clickable = set()

    def _clear_selection(self) -> None:
        self.figure = None

    def _selected_keys(self) -> set[Any]:
        return {("figure", self.figure)} if self.figure is not None else set()

    def _refresh_interaction(self) -> None:
        c = self.controller
        if self.session is not None and c.session is self.session \
                and c.awaiting_handoff is not None:  # the cover's words stay until confirmed
            self._clear_choice_state()
            self._refresh_bar()
            return
        super()._refresh_interaction()

    def _status_text(self) -> str:
        assert self.session is not None
        return self.words.status(self.session.state) if self.words and \
            not self.controller.is_over() else self.game_over_text

    def _prompt(self) -> str:
        if self.figure is not None:
            name = FIGURE_NAMES.get(self.figure, self.figure)
            return (f"Click a glowing space to send {name} there (its hours on the badge); "
                    f"{name} again or Escape to stop.")
        if any(k[0] == "creature" for k in self.targets):
            return PROMPT_FIGHT
        if any(k[0] == "figure" for k in self.targets):
            names = " or ".join(FIGURE_NAMES[str(k[1])] for k in sorted(self.targets)
                                if k[0] == "figure")
            return f"Click a glowing space to walk there, {names} to send them, or choose below."
        return PROMPT if self.targets else "Choose below."

    def _rebuild_targets(self) -> None:
        """What a click takes: the hero's walks, the fight and the figures to pick; with a
        figure picked, the spaces it can go to (a click on it again puts it down)."""
        legal = self.legal
        view = self.controller.view()
        if self.figure is not None:
            self.targets = {("space", to): a
                            for to, a in figure_moves(legal, self.figure).items()}
            self.targets[("figure", self.figure)] = ("figure", self.figure)
            return
        self.targets = {("space", to): mv for to, mv in best_moves(legal).items()}
        fights = [a for a in legal if isinstance(a, Fight)]
        here = view.creature_at(view.space[view.current])
        if fights and here is not None:
            self.targets[("creature", here)] = max(fights, key=lambda f: len(f.allies))
        for name in sorted(view.figures):
            if name in FIGURE_NAMES and figure_moves(legal, name):
                self.targets[("figure", name)] = ("figure", name)

    def _choices_changed(self) -> None:
        legal = self.legal
        view = self.controller.view()
        self._rebuild_targets()
        b = view.battle
        if b is not None:
            self.battle.clickable = {(b.waiting, a.die) for a in legal
                                     if isinstance(a, TurnDie | Reroll)}
            self.battle.update()
        if self.shown is not None and self.layout_ is not None:
            self.scene.apply_specs(self._specs(self.shown))

    def _buttons(self) -> tuple[list[Any], list[Any]]:
        """(the bar's buttons, the free actions behind 'Free actions…'): the turn's and the
        battle's choices get buttons; the free ones (articles, fires, herbs) wait in a menu
        unless the hint names one."""
        main: list[Any] = []
        free: list[Any] = []
        fights = [a for a in self.legal if isinstance(a, Fight)]
        # the bar fights with every hero there or alone; other groups wait in the menu
        shown = {max(fights, key=lambda f: len(f.allies)), min(fights, key=lambda f: len(
            f.allies))} if fights else set()
        for a in sorted((a for a in self.legal if not isinstance(a, Move)), key=order_key):
            spare = order_key(a) == FREE or (isinstance(a, Fight) and a not in shown)
            (free if spare and a != self.hint_action else main).append(a)
        if len(main) > MAX_BUTTONS - 1:
            main, free = main[:MAX_BUTTONS - 1], main[MAX_BUTTONS - 1:] + free
        return main, free

    def _refresh_bar(self, busy: bool = False) -> None:
        self._clear_action_buttons()
        free: list[Any] = []
        if not busy and self.legal and self.words is not None:
            view = self.controller.view()
            main, free = self._buttons()
            for a in main:
                words = self.words.label(view, a)
                if isinstance(a, Fight):  # the creature glows on the map: the bar names allies
                    short = "Fight alone" if not a.allies else "Fight with " + " and ".join(
                        self.words.short(j) for j in a.allies)
                    self._add_action_button(short, a, True, tip=words)
                else:
                    self._add_action_button(words, a, False)
            if free:
                only_free = all(order_key(a) == FREE for a in free)
                self._add_action_button(
                    f"{'Free actions' if only_free else 'More…'} ({len(free)})", None, False,
                    "Articles, fires and herbs: they cost no hour (F3)" if only_free
                    else "Other groups to fight with, and the free actions (F3)")
                self.action_buttons[-1].clicked.connect(lambda _=False: self._more(free))
        if free != self._menu_moves:  # an open menu lists the moves of before: it goes
            self._close_menu()
        self._refresh_tools(busy)

    def _more(self, actions: list[Any]) -> None:
        menu = self._more_menu(actions)
        if menu is None:
            return
        button = self.action_buttons[-1] if self.action_buttons else self
        self._close_menu()
        self._menu, self._menu_moves = menu, list(actions)
        menu.aboutToHide.connect(lambda m=menu: self._forget_menu(m))
        menu.popup(button.mapToGlobal(button.rect().topLeft()))

    def _forget_menu(self, menu: QMenu) -> None:
        if self._menu is menu:
            self._menu = None

    def _close_menu(self) -> None:
        """Close the free actions' menu if it is open (it deletes itself once closed)."""
        menu, self._menu = self._menu, None
        if menu is not None:
            menu.close()

    def _more_menu(self, actions: list[Any]) -> QMenu | None:
        """The menu behind 'Free actions…': a submenu per hero, split by kind when long."""
        if self.words is None:
            return None
        entries = free_menu(self.words, self.controller.view(), actions)
        return build_menu(self, entries, self.request)

    def activate(self, key: Any) -> None:
        """A click on the map (also the keyboard's Space)."""
        what = self.targets.get(key)
        if isinstance(what, tuple) and what and what[0] == "figure":
            self.figure = None if self.figure == what[1] else str(what[1])
            self._show_choice()
            return
        if what is not None:
            self.request(what)
            return
        if self.session is None or not isinstance(key, tuple):
            return
        if key[0] == "creature":  # a creature standing on a space the hero may walk to
            where = self.controller.view().creatures.get(key[1], (None, None))[1]
            if ("space", where) in self.targets:
                self.activate(("space", where))
                return
        if key[0] == "figure" and key[1] in FIGURE_NAMES:
            name = FIGURE_NAMES[str(key[1])]
            self.show_message(f"{name[0].upper()}{name[1:]} is sent by the hero whose turn "
                              "it is, for hours of their day.", warn=True)
            return
        if key[0] == "space":
            s = self.session.state
            if self.controller.my_turn() and s.battle is None and s.space[s.current] == key[1]:
                self.show_message("The hero already stands here.", warn=True)
            else:
                self.show_message(self.controller.why_illegal(Move(int(key[1]))), warn=True)
        elif key[0] == "creature":
            self.show_message(self.controller.why_illegal(Fight(())), warn=True)

    def request(self, action: Any) -> None:
        self.card.hide()  # a card read earlier gives way once the player acts
        super().request(action)

    def _on_die_clicked(self, seat: int, die: int) -> None:
        for a in self.legal:
            if isinstance(a, TurnDie | Reroll) and a.die == die:
                self.request(a)
                return

    def _show_choice(self) -> None:
        """The picked figure (or none) shows: its spaces glow with their hours."""
        self._rebuild_targets()
        if self.shown is not None and self.layout_ is not None:
            self.scene.apply_specs(self._specs(self.shown))
        self.show_message(self._prompt())
        self._apply_marks()
        self._refresh_bar()

    def clear_selection(self) -> None:
        had = self.figure is not None
        super().clear_selection()
        if had:
            self._show_choice()

    def _hint_keys(self, action: Any) -> set[Any]:
        if isinstance(action, MoveTranuk | MoveFox):  # the figure is picked, its space marked
            self.figure = "tranuk" if isinstance(action, MoveTranuk) else "fox"
            self._rebuild_targets()
            if self.shown is not None and self.layout_ is not None:
                self.scene.apply_specs(self._specs(self.shown))
            self.targets[("space", action.to)] = action
        elif self.figure is not None:
            self.figure = None
            self._rebuild_targets()
            if self.shown is not None and self.layout_ is not None:
                self.scene.apply_specs(self._specs(self.shown))
        if isinstance(action, Move):  # a click on the hinted space takes the hinted walk
            self.targets[("space", action.to)] = action
        return super()._hint_keys(action)

    def _action_label(self, action: Any) -> str:
        assert self.words is not None
        return self.words.label(self.controller.view(), action)

    def _on_item_inspected(self, key: Any) -> None:
        item = self.scene.items_by_key.get(key) if self.scene is not None else None
        if item is not None and item.toolTip():
            self.show_message(item.toolTip().replace("\n", " · "))

    # ------------------------------------------------------------------ keys

    def _focus_order(self) -> list[Any]:
        kinds = {"creature": 0, "figure": 1, "space": 2}
        return sorted(self.targets, key=lambda k: (kinds.get(k[0], 3), str(k[0]),
                                                    k[1] if isinstance(k[1], int) else 0,
                                                    str(k[1])))

    def _on_key(self, event: QKeyEvent) -> None:
        """Shift and an arrow pan the map (the arrows alone move between the glowing
        spaces, as on every table); Escape also closes a legend card that is open."""
        if event.key() == Qt.Key.Key_Escape:
            self.card.hide()
        steps = {Qt.Key.Key_Left: (-1, 0), Qt.Key.Key_Right: (1, 0), Qt.Key.Key_Up: (0, -1),
                 Qt.Key.Key_Down: (0, 1)}
        if event.modifiers() & Qt.KeyboardModifier.ShiftModifier and event.key() in steps:
            dx, dy = steps[Qt.Key(event.key())]
            bars = (self.view.horizontalScrollBar(), self.view.verticalScrollBar())
            for bar, d, size in zip(bars, (dx, dy), (self.view.viewport().width(),
                                                     self.view.viewport().height()),
                                    strict=True):
                bar.setValue(bar.value() + int(d * size * 0.15))
            event.accept()
            return
        super()._on_key(event)

    def _on_other_key(self, key: int) -> bool:
        if key in (Qt.Key.Key_Plus, Qt.Key.Key_Equal):
            self.view.set_zoom(self.view.zoom * 1.25)
        elif key == Qt.Key.Key_Minus:
            self.view.set_zoom(self.view.zoom / 1.25)
        elif key == Qt.Key.Key_0:
            self.view.set_zoom(1.0)
        elif key == Qt.Key.Key_F3:
            free = self._buttons()[1]
            if free:
                self._more(free)
        else:
            return False
        return True
