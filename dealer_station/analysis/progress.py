"""A progress bar on stderr for the long analyses.

>>> import io
>>> stream = io.StringIO()
>>> bar = ProgressBar(stream, interactive=False)
>>> bar("census", 8, 16); bar("census", 9, 16); bar("census", 16, 16)
>>> print(stream.getvalue(), end="")
census: 8/16 50%
census: 16/16 100%
"""

from __future__ import annotations

import sys
import time
from typing import TextIO

__all__ = ["ProgressBar"]


class ProgressBar:
    """``bar(stage, done, total)`` redraws ``stage [#####-----]  50%  3.1 s`` in place on a
    terminal; elsewhere (a log, a pipe) it prints a line at each further tenth of a stage."""

    def __init__(
        self,
        stream: TextIO | None = None,
        *,
        interactive: bool | None = None,
        enabled: bool = True,
        width: int = 30,
    ) -> None:
        self.stream = stream if stream is not None else sys.stderr
        self.interactive = self.stream.isatty() if interactive is None else interactive
        self.enabled = enabled
        self.width = width
        self._started: dict[str, float] = {}
        self._tenths: dict[str, int] = {}

    def __call__(self, stage: str, done: int, total: int) -> None:
        if not self.enabled:
            return
        started = self._started.setdefault(stage, time.perf_counter())
        fraction = done / total if total else 1.0
        if self.interactive:
            filled = round(fraction * self.width)
            bar = "#" * filled + "-" * (self.width - filled)
            elapsed = time.perf_counter() - started
            self.stream.write(f"\r{stage} [{bar}] {fraction:4.0%} {elapsed:5.1f} s")
            if done >= total:
                self.stream.write("\n")
        else:
            tenth = int(fraction * 10)
            if tenth > self._tenths.get(stage, 0):
                self._tenths[stage] = tenth
                self.stream.write(f"{stage}: {done}/{total} {fraction:.0%}\n")
        self.stream.flush()
