"""The controller: the only code that calls the engine and the session.

Views emit requests on the GameBus; the controller checks them against `legal()`, applies
them, autosaves after every action and reports the events. Bots think off the UI thread (see
bot_worker.py) with their seat's view only, and a bot's move is applied no sooner than
`settings.bot_pause_ms` after it started thinking, so people can follow the game.

Whose view the table shows (`viewer`): with one human, always theirs; with none, a spectator's
(no hand visible); with two or more (pass-and-play), the human to move, after a hand-off
screen whenever the device passes to a different human, and a spectator's view while bots play.
Seats are people by name: one person may run several seats (a cooperative game's stations) by
giving them the same name, and moving between their own seats needs no hand-off.

The flow of one turn: request -> apply -> events_applied -> (the table animates) ->
animations_idle -> advance: game over, a bot starts thinking, or a human is asked to move.
"""

from __future__ import annotations

import logging
import random
import re
import time
from pathlib import Path
from typing import TYPE_CHECKING, Any

from PySide6.QtCore import QObject, QTimer

from frostdesk.ui.bot_worker import BotRunner
from frostdesk.ui.bus import GameBus

if TYPE_CHECKING:  # the session is imported with the first game, not at start-up
    from frostdesk.engine.game import Event
    from frostdesk.engine.session import Seat, Session

log = logging.getLogger(__name__)
_PLACEHOLDER = re.compile(r"\{p(\d)\}")


class Controller(QObject):
    """Drives one game session at a time (see the module docstring)."""

    def __init__(self, bus: GameBus, settings: Any, parent: QObject | None = None) -> None:
        super().__init__(parent)
        self.bus = bus
        self.settings = settings
        self.session: Session | None = None
        self.game: Any = None
        self.viewer: int | None = None
        self.last_human: int | None = None
        self.awaiting_handoff: int | None = None
        self.animating = False
        self.autosave_enabled = True
        self._agents: dict[int, Any] = {}
        self._runner = BotRunner(self)
        self._runner.decided.connect(self._bot_decided)
        # Hints run on their own worker so they never delay or confuse a bot's move.
        self._hint_runner = BotRunner(self)
        self._hint_runner.decided.connect(self._hint_decided)
        self._hint_ticket = -1
        self._hint_context: tuple[int, int, Any, Any] | None = None
        self._bot_seat: int | None = None
        self._bot_started = 0.0
        self._bot_timer = QTimer(self)
        self._bot_timer.setSingleShot(True)
        self._bot_timer.timeout.connect(self._apply_bot)
        self._bot_action: Any = None
        self._bot_ticket = -1
        bus.action_requested.connect(self.request)
        bus.undo_requested.connect(self.undo)
        bus.redo_requested.connect(self.redo)
        bus.animations_idle.connect(self._on_idle)
        bus.handoff_confirmed.connect(self.confirm_handoff)

    # ------------------------------------------------------------------ sessions

    def new_game(self, game_id: str, seats: list[Seat], seed: int | None = None,
                 options: dict[str, Any] | None = None) -> Session:
        """Start a new session and show it."""
        from frostdesk.engine.registry import get, load_game

        game = load_game(game_id)
        if seed is None:
            seed = random.randrange(1, 2**31)
        opts = dict(options or {})
        if get(game_id).wants_human_seats:
            # People, not bots, answer for what touches their seats (a rules option, so a
            # save replays the same way).
            opts["humans"] = [i for i, seat in enumerate(seats) if seat.is_human]
            # seats one person runs together (the same name) count as one player
            people: dict[str, int] = {}
            opts["people"] = [people.setdefault(seat.name.strip().casefold(), len(people))
                              if seat.is_human else -1 for seat in seats]
        from frostdesk.engine.session import Session

        session = Session.new(game, opts, int(seed), list(seats))
        self.start(session, fresh=True)
        return session

    def load(self, path: Path) -> Session:
        """Load a save (raises SaveError with a one-line message) and show it."""
        from frostdesk.engine.session import Session

        session = Session.load(Path(path))
        self.start(session, fresh=False)
        return session

    def rematch(self) -> Session | None:
        """Same seats and options, a new deal."""
        if self.session is None:
            return None
        options = dict(self.session.options)
        options.pop("players", None)
        return self.new_game(self.session.game.id, list(self.session.seats), None, options)

    def start(self, session: Session, fresh: bool) -> None:
        self.stop()
        self.session = session
        self.game = session.game
        from frostdesk.ai import make_agent

        self._agents = {}
        for seat, info in enumerate(session.seats):
            if not info.is_human:
                try:
                    self._agents[seat] = make_agent(self.game, self._bot_name(info.bot),
                                                    session.seed + 101 * seat)
                except ValueError:
                    # A bot this version lacks: the game's steady bot plays the seat, and
                    # the seat says so, so the save and the record name the bot really played.
                    self._agents[seat] = make_agent(self.game, "heuristic",
                                                    session.seed + 101 * seat)
                    from frostdesk.engine.session import Seat

                    session.seats[seat] = Seat(info.name, "bot", "heuristic")
                    from frostdesk.engine.registry import get

                    steady = next((lv.label for lv in get(self.game.id).levels
                                   if lv.bot == "heuristic"), "Normal")
                    self.bus.error.emit(f"{info.name} plays at {steady}: the bot level "
                                        f"{info.bot!r} is not known to this version.")
        humans = self.human_seats()
        self.last_human = None
        self.awaiting_handoff = None
        alone = len(humans) >= 1 and not self.several_people()
        self.viewer = humans[0] if alone else None
        if alone:
            self.last_human = humans[0]
        self.animating = True  # the table animates (or shows) the start, then reports idle
        self._autosave()
        self.bus.viewer_changed.emit(self.viewer)
        self.bus.session_started.emit(session)
        if fresh:
            self.bus.events_applied.emit(list(session.opening))
        else:
            self.bus.state_reset.emit()

    def stop(self) -> None:
        """Forget the current session's pending work (bots, timers)."""
        self._runner.cancel()
        self._hint_runner.cancel()
        self._bot_timer.stop()
        if self._bot_seat is not None:
            self.bus.bot_thinking.emit(self._bot_seat, False)
        self._bot_seat = None
        self._bot_action = None
        self.animating = False

    def shutdown(self) -> None:
        self.stop()
        self._runner.wait(3000)
        self._hint_runner.wait(3000)

    # ------------------------------------------------------------------ queries

    def human_seats(self) -> list[int]:
        if self.session is None:
            return []
        return [i for i, s in enumerate(self.session.seats) if s.is_human]

    def person(self, seat: int | None) -> str | None:
        """Who plays a human seat: its name, ignoring case and spaces (None for a bot)."""
        if self.session is None or seat is None or not 0 <= seat < len(self.session.seats):
            return None
        info = self.session.seats[seat]
        return info.name.strip().casefold() if info.is_human else None

    def same_person(self, a: int | None, b: int | None) -> bool:
        """True when human seats `a` and `b` are run by one person (the same name)."""
        pa = self.person(a)
        return pa is not None and pa == self.person(b)

    def several_people(self) -> bool:
        """More than one person shares the device (pass-and-play)."""
        return len({self.person(i) for i in self.human_seats()}) > 1

    def is_over(self) -> bool:
        return self.session is not None and self.session.to_move() is None

    def names(self, text: str) -> str:
        """Replace {p0}..{p4} with the players' names."""
        if self.session is None:
            return text
        seats = self.session.seats
        return _PLACEHOLDER.sub(lambda m: seats[int(m.group(1))].name
                                if int(m.group(1)) < len(seats) else m.group(0), text)

    def view(self) -> Any:
        """The state as the current viewer may see it."""
        assert self.session is not None
        return self.game.view(self.session.state, self.viewer)

    def to_move(self) -> int | None:
        return self.session.to_move() if self.session else None

    def my_turn(self) -> bool:
        """True when the viewer is the human to move and the table is idle."""
        seat = self.to_move()
        return (seat is not None and seat == self.viewer and not self.animating
                and self.awaiting_handoff is None and self.session is not None
                and self.session.seats[seat].is_human)

    def legal(self) -> list[Any]:
        """The viewer's legal actions when it is their turn, else []."""
        if not self.my_turn():
            return []
        assert self.session is not None
        return list(self.game.legal(self.session.state))

    def waiting_text(self) -> str:
        if self.session is None:
            return ""
        return self.names(self.game.waiting_for(self.session.state))

    def why_illegal(self, action: Any) -> str:
        """Why `action` cannot be taken now, in game words with names."""
        if self.session is None:
            return "No game is running."
        if self.is_over():
            return "The game is over."
        if not self.my_turn():
            return f"Not your turn: {self.waiting_text()}."
        return self.names(self.game.why_illegal(self.session.state, action))

    @property
    def history(self) -> list[list[Event]]:
        """[opening, events of action 1, ...]: the session keeps them as it plays or loads,
        so nothing is replayed to show them."""
        if self.session is None:
            return []
        return [self.session.opening, *self.session.events]

    def history_for(self, viewer: int | None) -> list[Event]:
        out = []
        for batch in self.history:
            for e in batch:
                seen = e.seen_by(viewer)
                if seen is not None:
                    out.append(seen)
        return out

    def undo_seat(self) -> int | None:
        """The human whose action an undo would take back."""
        humans = self.human_seats()
        if len(humans) == 1:
            return humans[0]
        return self.viewer if self.viewer in humans else None

    def undo_seats(self) -> set[int]:
        """The seats of the person an undo is for: the undo seat and every other human seat
        with the same name (one person running several heroes or stations gives them all
        one name, and there is no hand-off between them)."""
        seat = self.undo_seat()
        if self.session is None or seat is None:
            return set()
        seats = self.session.seats
        name = seats[seat].name
        return {i for i, s in enumerate(seats) if i == seat or (s.is_human and s.name == name)}

    def solo(self) -> bool:
        """One person against bots only (solo play): every other seat is a bot."""
        mine = self.undo_seats()
        if self.session is None or not mine:
            return False
        return all(not s.is_human for i, s in enumerate(self.session.seats) if i not in mine)

    def casual(self) -> bool:
        """Undo past the bots' moves and draws: in solo play, unless the settings say no.
        Between people at one screen a move stands once the next player has moved."""
        return bool(self.settings.casual_undo) and self.solo()

    def can_undo(self) -> tuple[bool, str]:
        """(possible, why not) for the Undo button, in the player's words."""
        s = self.session
        seat = self.undo_seat()
        if s is None or seat is None:
            return False, "Nothing to undo: no seat here is yours."
        busy = self._not_now("Undo")
        if busy:
            return False, busy
        casual = self.casual()
        seats = self.undo_seats()
        if s.undo_point(seats, casual) is not None:
            if casual and s.records[-1].seat not in seats:
                return True, ("Take back your last action; the bots' moves after it go with "
                              "it (Ctrl+Z).")
            return True, "Take back your last action (Ctrl+Z)."
        mine = [r for r in s.records if r.seat in seats]
        if not mine:
            return False, "You have not made a move yet."
        last = max(j for j, r in enumerate(s.records) if r.seat in seats)
        later = s.records[last + 1:]
        if casual:  # only a person's move after yours bars it
            return False, "Another player has moved since your last action."
        if self.solo():
            off = " (Settings: Undo against bots lifts this.)"
            if s.records[last].chance or any(r.chance for r in later):
                return False, ("Cards were revealed or drawn since your last action, so it "
                               "can't be taken back." + off)
            return False, "A bot has moved since your last action." + off
        if s.records[last].chance or any(r.chance for r in later):
            return False, ("Cards were revealed or drawn since your last action, so it can't "
                           "be taken back.")
        return False, ("Another player has moved since your last action: with several people "
                       "at the table, a move stands once the next one has moved.")

    def can_redo(self) -> tuple[bool, str]:
        """(possible, why not) for Redo, in the player's words."""
        s = self.session
        if s is None or self.undo_seat() is None:
            return False, "Nothing to redo: no seat here is yours."
        if not s.undone:
            return False, "Nothing to redo: Redo puts back what Undo took back, until you move."
        busy = self._not_now("Redo")
        return (not busy), busy or "Put back what Undo took back."

    def _not_now(self, what: str) -> str:
        """Why Undo or Redo (`what`) cannot be used at this moment whatever the moves ('' when
        it can): the game is over, a hand-off is pending or the table is still moving."""
        if self.is_over():
            return "The game is over."
        if self.awaiting_handoff is not None:
            return f"{what} waits until the next player has taken the device."
        if self.animating:
            return "Wait for the table to settle."
        return ""

    def _bot_name(self, bot: str) -> str:
        """A seat's bot, with the Hard bot's thinking time taken from the settings."""
        if bot == "mcts":
            from frostdesk.settings import Settings

            ms = self.settings.hard_bot_ms
            if isinstance(ms, bool) or not isinstance(ms, int):
                ms = Settings().hard_bot_ms  # never a weaker bot than the seat says
            return f"mcts:{max(50, ms)}"
        return bot

    def request_hint(self) -> bool:
        """Ask the Hard bot (off the UI thread) what the viewer should do; the answer comes
        as bus.hint_ready(action, reason). False when it is not the viewer's turn."""
        if not self.my_turn() or self.session is None or self.viewer is None:
            return False
        from frostdesk.ai import make_agent
        from frostdesk.ai.levels import bot_for_level

        seat = self.viewer
        name = self._bot_name(bot_for_level(self.game, "hard"))
        agent = make_agent(self.game, name, self.session.seed + len(self.session.records))
        view = self.view()
        legal = self.game.legal(self.session.state)
        self._hint_context = (len(self.session.records), seat, view, agent)
        self._hint_ticket = self._hint_runner.think(agent, self.game, view, legal, seat)
        return True

    def _hint_decided(self, ticket: int, action: Any, error: str) -> None:
        context, self._hint_context = self._hint_context, None
        if ticket != self._hint_ticket or context is None or self.session is None:
            return
        moves, seat, view, agent = context
        if len(self.session.records) != moves or self.viewer != seat or action is None:
            return  # the game moved on while the bot thought
        self.bus.hint_ready.emit(action, self._reason(agent, view, action, seat))

    def _reason(self, agent: Any, view: Any, action: Any, seat: int) -> str:
        """Why the bot that chose `action` chose it, from what it weighed (its `explain`),
        with the players' names; "" when it says nothing (then the hint shows no reason)."""
        explain = getattr(agent, "explain", None)
        if explain is None:
            return ""
        try:
            return self.names(str(explain(view, action, seat) or ""))
        except Exception:  # noqa: BLE001 - a reason is a nicety: the hint still shows the move
            log.exception("the hint's reason failed")
            return ""

    def hint(self) -> tuple[Any, str] | None:
        """The choice of the game's default bot level for the viewer, and its one-line reason."""
        if not self.my_turn():
            return None
        from frostdesk.ai import make_agent
        from frostdesk.engine.registry import get

        assert self.session is not None and self.viewer is not None
        desc = get(self.game.id)
        bot = next((lv.bot for lv in desc.levels if lv.key == desc.default_level), "random")
        agent = make_agent(self.game, bot, self.session.seed)
        view = self.view()
        legal = self.game.legal(self.session.state)
        action = agent.choose(self.game, view, legal, self.viewer)
        return action, self._reason(agent, view, action, self.viewer)

    # ------------------------------------------------------------------ actions

    def request(self, action: Any) -> bool:
        """A human asks to take `action`; True when it was applied."""
        if self.session is None:
            return False
        if self.animating:
            self.bus.action_rejected.emit(action, "Wait for the table to settle.")
            return False
        if not self.my_turn() or action not in self.game.legal(self.session.state):
            self.bus.action_rejected.emit(action, self.why_illegal(action))
            return False
        self._apply(action)
        return True

    def _apply(self, action: Any) -> None:
        assert self.session is not None
        from frostdesk.engine.game import IllegalAction

        try:
            events = self.session.apply(action)
        except IllegalAction as exc:
            self.bus.action_rejected.emit(action, self.names(str(exc)))
            return
        self._autosave()
        self.animating = True
        self.bus.events_applied.emit(events)

    def _autosave(self) -> None:
        if not self.autosave_enabled or self.session is None:
            return
        from frostdesk import autosaves
        from frostdesk.paths import describe_os_error

        path: Path | None = None
        try:
            path = autosaves.path_for(self.session.game.id)  # one per game
            if self.is_over():
                path.unlink(missing_ok=True)
            else:
                self.session.save(path)
                self.bus.autosaved.emit(str(path))
        except OSError as exc:
            # The save is written to a temp file and moved into place, so the last good
            # autosave is still there; the next action tries again.
            log.warning("autosave failed: %s", exc)
            self.bus.autosave_failed.emit(
                describe_os_error(exc, path.parent if path is not None else None))

    def save_as(self, path: Path) -> None:
        assert self.session is not None
        self.session.save(Path(path))

    def undo(self) -> bool:
        s = self.session
        seat = self.undo_seat()
        if s is None or seat is None:
            return False
        ok, why = self.can_undo()
        if not ok:
            self.bus.action_rejected.emit(None, why)
            return False
        self.stop()
        if not s.undo(self.undo_seats(), self.casual()):
            return False
        self._autosave()
        self.animating = True
        self.bus.state_reset.emit()
        return True

    def redo(self) -> bool:
        """Put back what the latest undo took back (the same moves and draws)."""
        s = self.session
        ok, why = self.can_redo()
        if s is None or not ok:
            self.bus.action_rejected.emit(None, why)
            return False
        self.stop()
        s.redo()
        self._autosave()
        self.animating = True
        self.bus.state_reset.emit()
        return True

    # ------------------------------------------------------------------ turn flow

    def _on_idle(self) -> None:
        if self.session is None or not self.animating:
            return
        self.animating = False
        self.advance()

    def advance(self) -> None:
        """Decide what happens next once the table is idle."""
        s = self.session
        if s is None or self.animating or self._bot_seat is not None:
            return
        seat = s.to_move()
        if seat is None:
            self.bus.seat_to_move.emit(None)
            self.bus.game_over.emit(s)
            return
        multi = self.several_people()
        if s.seats[seat].is_human:
            # One person moving between their own stations keeps the device: no hand-off.
            if multi and seat != self.last_human and not self.same_person(seat, self.last_human) \
                    and self.settings.confirm_handoff:
                self.awaiting_handoff = seat
                self._set_viewer(None)
                self.bus.handoff_requested.emit(seat)
                return
            self.last_human = seat
            self._set_viewer(seat)
            self.bus.seat_to_move.emit(seat)
            return
        if multi:
            self._set_viewer(None)
        self._think(seat)

    def confirm_handoff(self, seat: int) -> None:
        if self.awaiting_handoff != seat:
            return
        self.awaiting_handoff = None
        self.last_human = seat
        self._set_viewer(seat)
        self.bus.seat_to_move.emit(seat)

    def _set_viewer(self, seat: int | None) -> None:
        if seat != self.viewer:
            self.viewer = seat
            self.bus.viewer_changed.emit(seat)

    def _think(self, seat: int) -> None:
        assert self.session is not None
        self._bot_seat = seat
        self._bot_started = time.monotonic()
        view = self.game.view(self.session.state, seat)
        legal = self.game.legal(self.session.state)
        self.bus.bot_thinking.emit(seat, True)
        self.bus.seat_to_move.emit(seat)
        self._bot_ticket = self._runner.think(self._agents[seat], self.game, view, legal, seat)

    def _bot_decided(self, ticket: int, action: Any, error: str) -> None:
        if ticket != self._bot_ticket or self._bot_seat is None or self.session is None:
            return
        if action is None:
            log.error("bot failed, playing its first legal action instead:\n%s", error)
            action = self.game.legal(self.session.state)[0]
        self._bot_action = action
        elapsed = (time.monotonic() - self._bot_started) * 1000.0
        wait = max(0, int(self.settings.bot_pause_ms - elapsed))
        self._bot_timer.start(wait)

    def _apply_bot(self) -> None:
        seat, action = self._bot_seat, self._bot_action
        if seat is None or action is None or self.session is None:
            return
        self._bot_seat = None
        self._bot_action = None
        self.bus.bot_thinking.emit(seat, False)
        if self.session.to_move() != seat:
            return
        self._apply(action)
