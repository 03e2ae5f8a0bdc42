"""Progress of a long command-line run (simulate, balance, bench), shown on stderr.

On a terminal one line is rewritten in place: what is being played, games done of the total,
the rate and the time left. When stderr is not a terminal (a pipe, a CI log) or the output is
machine-read (--json) the line is never drawn, so nothing but results reaches the streams;
`echo` keeps a run's phase announcements as plain lines there (the balance report's).

    progress = Progress.for_stream("simulate", quiet=args.json)
    progress.phase("4 bots", total=500)
    for ...: progress.tick()
    progress.finish()

A `Progress` is also callable with one message (`progress("collecting card statistics")`):
a phase without a count.
"""

from __future__ import annotations

import os
import sys
import time
from collections.abc import Callable, Sequence
from typing import IO, TypeVar

T = TypeVar("T")
R = TypeVar("R")

# How often the line is redrawn at most: a terminal gains nothing from faster updates, and a
# fast loop (thousands of games a second) must not spend its time writing.
REDRAW_SECONDS = 0.1


def _duration(seconds: float) -> str:
    """'8 s', '3 min 05 s', '1 h 02 min'."""
    s = max(0, round(seconds))
    if s < 60:
        return f"{s} s"
    if s < 3600:
        return f"{s // 60} min {s % 60:02d} s"
    return f"{s // 3600} h {s % 3600 // 60:02d} min"


class Progress:
    """One in-place progress line on a terminal stream (see the module docstring)."""

    def __init__(self, command: str, stream: IO[str] | None = None, live: bool | None = None,
                 echo: bool = False, clock: Callable[[], float] = time.monotonic) -> None:
        self.command = command
        self.stream = stream if stream is not None else sys.stderr
        if live is None:
            isatty = getattr(self.stream, "isatty", None)
            live = bool(isatty()) if isatty is not None else False
        self.live = live
        self.echo = echo
        self.clock = clock
        self.message = ""
        self.total: int | None = None
        self.seconds: float | None = None
        self.done = 0
        self.started = clock()
        self._drawn = -1.0  # when the line was last drawn (clock time)
        self._width = 0  # characters of the line now on screen
        self.columns = self._columns() if live else 0

    @classmethod
    def for_stream(cls, command: str, quiet: bool = False, echo: bool = False,
                   stream: IO[str] | None = None) -> Progress:
        """The progress of `command` on stderr: live on a terminal unless `quiet` (--json);
        `echo` prints phase messages as lines where the live line is not drawn (not quiet)."""
        stream = stream if stream is not None else sys.stderr
        if quiet:
            return cls(command, stream, live=False, echo=False)
        return cls(command, stream, echo=echo)

    # ------------------------------------------------------------------ reporting

    def phase(self, message: str, total: int | None = None,
              seconds: float | None = None) -> None:
        """A new stretch of work: `total` games, or games for `seconds` (a timed run)."""
        self.message = message
        self.total = total
        self.seconds = seconds
        self.done = 0
        self.started = self.clock()
        if self.live:
            self._draw(force=True)
        elif self.echo:
            self.stream.write(f"{message}\n")
            self.stream.flush()

    def __call__(self, message: str) -> None:
        self.phase(message)

    def tick(self, games: int = 1) -> None:
        """`games` more games are done."""
        self.done += games
        if self.live:
            self._draw()

    def finish(self) -> None:
        """Clear the line, so the results print on a clean terminal."""
        if self.live and self._width:
            self.stream.write("\r" + " " * self._width + "\r")
            self.stream.flush()
            self._width = 0

    # ------------------------------------------------------------------ the line

    def line(self) -> str:
        """The progress line as it stands now."""
        elapsed = max(1e-9, self.clock() - self.started)
        rate = self.done / elapsed
        parts = [f"{self.command}: {self.message}" if self.message else self.command]
        if self.total:
            parts.append(f"{self.done}/{self.total} games")
        elif self.done or self.seconds is None:
            parts.append(f"{self.done} games")
        if self.done:
            parts.append(f"{rate:.1f} games/s" if rate < 100 else f"{rate:.0f} games/s")
        left: float | None = None
        if self.seconds is not None:
            left = self.seconds - elapsed
        elif self.total and self.done:
            left = (self.total - self.done) / rate
        if left is not None:
            parts.append(f"{_duration(left)} left")
        return ", ".join(parts)

    def _columns(self) -> int:
        try:
            columns = os.get_terminal_size(self.stream.fileno()).columns
        except (AttributeError, OSError, ValueError):
            columns = 0
        return columns if columns > 0 else 100  # a pseudo-terminal may report no size

    def _draw(self, force: bool = False) -> None:
        now = self.clock()
        if not force and now - self._drawn < REDRAW_SECONDS \
                and self.done != self.total:
            return
        self._drawn = now
        text = self.line()[:max(20, self.columns - 1)]  # a wrapped line cannot be redrawn
        pad = max(0, self._width - len(text))  # wipe what a longer line left behind
        self.stream.write("\r" + text + " " * pad)
        self.stream.flush()
        self._width = len(text)


def silent() -> Progress:
    """A progress that shows nothing (library callers, tests)."""
    return Progress("", live=False)


def map_in_order(fn: Callable[[T], R], items: Sequence[T], jobs: int, progress: Progress,
                 chunksize: int = 4) -> list[R]:
    """fn over items, results in the items' order, in `jobs` worker processes when more than
    one (fn must then be a module-level function), ticking `progress` once per item."""
    out: list[R] = []
    if jobs > 1:
        import multiprocessing

        with multiprocessing.get_context("spawn").Pool(jobs) as pool:
            for result in pool.imap(fn, items, chunksize=chunksize):
                out.append(result)
                progress.tick()
        return out
    for item in items:
        out.append(fn(item))
        progress.tick()
    return out
