"""The game bus: the handful of coarse signals between the controller and the views.

One instance is made by the composition root (frostdesk/app.py) and handed to the controller
and to every view. Views only emit requests (`action_requested`, `undo_requested`, ...); the
controller is the only code that calls the engine and it answers with the other signals.
"""

from __future__ import annotations

from PySide6.QtCore import QObject, Signal


class GameBus(QObject):
    """Signals between the controller and the views (see the module docstring)."""

    # view -> controller
    action_requested = Signal(object)  # an Action of the game
    undo_requested = Signal()
    redo_requested = Signal()  # put back what the latest undo took back
    handoff_confirmed = Signal(int)  # the seat whose player took the device
    animations_idle = Signal()  # the table finished animating the last batch

    # controller -> views
    session_started = Signal(object)  # the Session (new, loaded, continued, rematch)
    action_rejected = Signal(object, str)  # action, reason in game words (names filled in)
    events_applied = Signal(list)  # the events of one applied action (full visibility)
    state_reset = Signal()  # the state jumped without events (undo, redo): re-render
    viewer_changed = Signal(object)  # the seat whose view the table shows (None: spectator)
    handoff_requested = Signal(int)  # cover the table until this human confirms
    seat_to_move = Signal(object)  # seat to move, after the table is idle (None: game over)
    bot_thinking = Signal(int, bool)  # seat, thinking
    hint_ready = Signal(object, str)  # the Hard bot's action for the viewer, one-line reason
    game_over = Signal(object)  # the Session
    autosaved = Signal(str)  # path
    autosave_failed = Signal(str)  # why, in a player's words (the last good autosave is kept)
    error = Signal(str)  # a one-line problem for the player (save failed, ...)
