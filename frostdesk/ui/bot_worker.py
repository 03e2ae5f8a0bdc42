"""Bots think off the UI thread.

`BotRunner.think(agent, game, view, legal, seat)` runs `agent.choose` in a one-thread
QThreadPool and reports on the UI thread through `decided(ticket, action, error)`. The bot
gets its seat's view (never the full state). Every job carries a ticket; the controller drops
answers whose ticket is stale (undo, new game) instead of trying to stop a running bot.
"""

from __future__ import annotations

import traceback
from collections.abc import Sequence
from typing import Any

from PySide6.QtCore import QObject, QRunnable, QThreadPool, Signal


class _Relay(QObject):
    """Lives on the UI thread; its signal is emitted from the worker and queued to the UI."""

    done = Signal(int, object, str)


class _Job(QRunnable):
    def __init__(self, relay: _Relay, ticket: int, agent: Any, game: Any, view: Any,
                 legal: Sequence[Any], seat: int) -> None:
        super().__init__()
        self.setAutoDelete(True)
        self.relay = relay
        self.ticket = ticket
        self.args = (agent, game, view, list(legal), seat)

    def run(self) -> None:
        agent, game, view, legal, seat = self.args
        try:
            action = agent.choose(game, view, legal, seat)
            if action not in legal:
                raise ValueError(f"bot chose an illegal action: {action!r}")
            self.relay.done.emit(self.ticket, action, "")
        except Exception:  # noqa: BLE001 - reported to the controller, which falls back
            self.relay.done.emit(self.ticket, None, traceback.format_exc())


class BotRunner(QObject):
    """Runs one bot decision at a time off the UI thread."""

    decided = Signal(int, object, str)  # ticket, action (None on error), traceback text

    def __init__(self, parent: QObject | None = None) -> None:
        super().__init__(parent)
        self._pool = QThreadPool(self)
        self._pool.setMaxThreadCount(1)
        self._relay = _Relay(self)
        self._relay.done.connect(self._finished)
        self._relay.done.connect(self.decided)
        self._ticket = 0
        self.running = 0  # jobs started and not yet reported

    def think(self, agent: Any, game: Any, view: Any, legal: Sequence[Any], seat: int) -> int:
        """Start a decision; returns its ticket."""
        self._ticket += 1
        self.running += 1
        self._pool.start(_Job(self._relay, self._ticket, agent, game, view, legal, seat))
        return self._ticket

    def cancel(self) -> None:
        """Make every running job stale (its answer will carry an old ticket)."""
        self._ticket += 1

    @property
    def ticket(self) -> int:
        return self._ticket

    def _finished(self, *_: Any) -> None:
        self.running = max(0, self.running - 1)

    def wait(self, msecs: int = 5000) -> bool:
        """Block until no job runs (used at shutdown and in tests)."""
        return self._pool.waitForDone(msecs)
