"""A progress bar on stderr for the long analyses.

>>> import io
>>> stream = io.StringIO()
>>> bar = ProgressBar(stream, interactive=False)
>>> bar("census", 8, 16); bar("census", 16, 16)
>>> stream.getvalue()
'census: 100%\\n'
"""

from __future__ import annotations

import sys
import time
from typing import TextIO

__all__ = ["ProgressBar"]


class ProgressBar:
    """``bar(stage, done, total)`` redraws ``stage [#####-----]  50%  3.1 s`` in place on a
    terminal; elsewhere (a log, a pipe) it prints one line when a stage completes."""

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
        elif done >= total:
            self.stream.write(f"{stage}: 100%\n")
        self.stream.flush()
