"""The decoded frame trace for the technician's screen: a tap on every line of the running
device manager that keeps the latest frames, decoded and named by device, in bounded rings
(thread-safe: the lines' worker threads write, the screen reads).

The routine traffic — every device polled many times a second, answering "no events", and asked
for its status every second, answering "no fault" — is hundreds of frames a second. It is kept
in its own ring, so the frames that say something (an event, a command, a fault, a refusal)
are never pushed out by it, and the screen can hide it.

>>> from drivers.protocol.frame import Frame
>>> tap = TraceTap(limit=2, names={("loop://", 1): "shoe"})
>>> tap.hook("tx", Frame(1, 0x04, 5, bytes(8)), 10.0, "loop://")
>>> tap.hook("rx", Frame(1, 0x84, 5, bytes(9)), 10.5, "loop://")  # no events
>>> tap.hook("tx", Frame(1, 0x22, 6, b""), 11.0, "loop://")
>>> [line.split()[1:3] for line in tap.lines(routine=False)]
[['tx', 'shoe']]
>>> tap.count, tap.routine_count
(3, 2)
"""

from __future__ import annotations

import threading
from collections import deque
from collections.abc import Mapping
from typing import Any

from drivers.config import DeviceConfig
from drivers.manager import DeviceManager
from drivers.protocol.codes import NAK, REPLY_FLAG, Command
from drivers.protocol.frame import Frame
from drivers.protocol.messages import PayloadError, Status, decode_events
from drivers.protocol.trace import describe

__all__ = ["TraceTap", "device_names", "is_routine"]


def is_routine(frame: Frame) -> bool:
    """The line's heartbeat, nothing else: a poll, a ping or a status request, a poll's answer
    with no event, a status answer with no fault.

    >>> is_routine(Frame(1, 0x04, 5, bytes(8))), is_routine(Frame(1, 0x22, 5, b""))
    (True, False)
    """
    if frame.command == NAK:
        return False
    command = frame.command & ~REPLY_FLAG
    if command not in (Command.PING, Command.POLL, Command.STATUS):
        return False
    if command == Command.PING or not frame.command & REPLY_FLAG:
        return True
    try:
        if command == Command.STATUS:
            return not Status.decode(frame.payload).faults
        return not decode_events(frame.payload).events
    except PayloadError:
        return False


def device_names(config: DeviceConfig) -> dict[tuple[str, int], str]:
    """(line URL, address) → the device's name as the technician knows it ("shoe", "seat 3",
    "lockout") from a :class:`drivers.config.DeviceConfig`."""
    names: dict[tuple[str, int], str] = {}
    for spec in config.specs:
        if spec.addresses:
            for seat, address in spec.addresses.items():
                names[(spec.url, address)] = f"seat {seat}"
        else:
            names[(spec.url, spec.address)] = spec.name
    return names


class TraceTap:
    """``hook(direction, frame, when, url)`` is called for every frame of the lines tapped.
    :meth:`lines` and :meth:`since` read the frames that say something, or (``routine``)
    every frame."""

    def __init__(self, limit: int = 2000,
                 names: Mapping[tuple[str, int], str] | None = None) -> None:
        self._all: deque[str] = deque(maxlen=limit)
        self._notable: deque[str] = deque(maxlen=limit)
        self._lock = threading.Lock()
        self._t0: float | None = None
        self.names: dict[tuple[str, int], str] = dict(names or {})
        self.count = 0
        self.routine_count = 0
        self._previous: dict[str, Any] = {}

    @property
    def notable_count(self) -> int:
        return self.count - self.routine_count

    def hook(self, direction: str, frame: Frame, when: float, url: str = "") -> None:
        routine = is_routine(frame)
        device = self.names.get((url, frame.address), f"addr {frame.address:02X}")
        with self._lock:
            if self._t0 is None:
                self._t0 = when
            line = f"{when - self._t0:9.3f} {direction} {device:<8} {describe(frame)}"
            self._all.append(line)
            self.count += 1
            if routine:
                self.routine_count += 1
            else:
                self._notable.append(line)

    def lines(self, *, routine: bool = True) -> list[str]:
        """The frames kept: every one, or (``routine=False``) those that say something."""
        with self._lock:
            return list(self._all if routine else self._notable)

    def since(self, seen: int, *, routine: bool = True) -> tuple[list[str], int]:
        """The lines written after the first ``seen`` of their kind (as many as the ring
        still holds), and the new number seen (:attr:`count` or :attr:`notable_count`)."""
        with self._lock:
            ring = self._all if routine else self._notable
            total = self.count if routine else self.count - self.routine_count
            new = min(total - seen, len(ring))
            return (list(ring)[len(ring) - new:] if new > 0 else []), total

    def attach(self, manager: DeviceManager | None) -> int:
        """Tap every line of ``manager`` (its devices named from its configuration); returns
        how many."""
        if manager is None:
            return 0
        self.names.update(device_names(manager.config))
        links = manager.links()
        for url, link in links.items():
            if url not in self._previous:
                self._previous[url] = link.trace
                link.trace = self._chain(link.trace, url)
        return len(links)

    def _chain(self, previous: Any, url: str) -> Any:
        def tap(direction: str, frame: Frame, when: float) -> None:
            self.hook(direction, frame, when, url)
            if previous is not None:
                previous(direction, frame, when)

        return tap

    def detach(self, manager: DeviceManager | None) -> None:
        links = manager.links() if manager is not None else {}
        for url, link in links.items():
            if url in self._previous:
                link.trace = self._previous.pop(url)
