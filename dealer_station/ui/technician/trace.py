"""The decoded frame trace for the technician's screen: a tap on every line of the running
device manager that keeps the latest frames, decoded, in a bounded ring (thread-safe: the lines'
worker threads write, the screen reads).

>>> from drivers.protocol.frame import Frame
>>> tap = TraceTap(limit=2)
>>> tap.hook("tx", Frame(1, 0x04, 5, bytes(4)), 10.0)
>>> tap.hook("rx", Frame(1, 0x84, 5, b""), 10.5)
>>> tap.hook("tx", Frame(1, 0x04, 6, bytes(4)), 11.0)
>>> [line.split()[1] for line in tap.lines()]
['rx', 'tx']
>>> tap.count
3
"""

from __future__ import annotations

import threading
from collections import deque
from typing import Any

from drivers.protocol.frame import Frame
from drivers.protocol.trace import describe

__all__ = ["TraceTap"]


class TraceTap:
    """``hook(direction, frame, when)`` is a :data:`drivers.protocol.link.TraceHook`."""

    def __init__(self, limit: int = 2000) -> None:
        self._lines: deque[str] = deque(maxlen=limit)
        self._lock = threading.Lock()
        self._t0: float | None = None
        self.count = 0
        self._previous: dict[str, Any] = {}

    def hook(self, direction: str, frame: Frame, when: float) -> None:
        with self._lock:
            if self._t0 is None:
                self._t0 = when
            self._lines.append(f"{when - self._t0:9.3f} {direction} {describe(frame)}")
            self.count += 1

    def lines(self) -> list[str]:
        with self._lock:
            return list(self._lines)

    def since(self, count: int) -> tuple[list[str], int]:
        """The lines written after the first ``count`` (as many as the ring still holds), and
        the new count."""
        with self._lock:
            new = min(self.count - count, len(self._lines))
            return (list(self._lines)[len(self._lines) - new:] if new > 0 else []), self.count

    def attach(self, manager: Any) -> int:
        """Tap every line of ``manager``; returns how many."""
        links = manager.links() if manager is not None else {}
        for url, link in links.items():
            if url not in self._previous:
                self._previous[url] = link.trace
                link.trace = self._chain(link.trace)
        return len(links)

    def _chain(self, previous: Any) -> Any:
        if previous is None:
            return self.hook

        def both(direction: str, frame: Frame, when: float) -> None:
            self.hook(direction, frame, when)
            previous(direction, frame, when)

        return both

    def detach(self, manager: Any) -> None:
        links = manager.links() if manager is not None else {}
        for url, link in links.items():
            if url in self._previous:
                link.trace = self._previous.pop(url)
