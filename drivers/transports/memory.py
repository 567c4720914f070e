"""An in-process transport for simulated devices served in the same process
(``memory://NAME``): what the host writes is handed straight to the simulated line, what the
line answers waits in an inbox for the host's next read.

>>> echo = MemoryTransport("memory://echo", deliver=lambda data: None)
>>> echo.open(); echo.feed(b"hi"); echo.read(0.1)
b'hi'
"""

from __future__ import annotations

import threading
from collections.abc import Callable

from drivers.transports.base import LinkDown

__all__ = ["MemoryTransport", "register", "registered", "unregister"]


class MemoryTransport:
    """The host's end of an in-memory line. ``connected`` False behaves as unplugged."""

    def __init__(self, url: str, deliver: Callable[[bytes], None]) -> None:
        self.url = url
        self._deliver = deliver
        self._inbox = bytearray()
        self._ready = threading.Condition()
        self.connected = True

    def _check(self) -> None:
        if not self.connected:
            raise LinkDown(f"{self.url}: not connected")

    def open(self) -> None:
        self._check()
        with self._ready:
            self._inbox.clear()

    def close(self) -> None:
        pass

    def write(self, data: bytes) -> None:
        self._check()
        self._deliver(data)

    def feed(self, data: bytes) -> None:
        """Bytes from the device side, for the host's next read."""
        with self._ready:
            self._inbox += data
            self._ready.notify_all()

    def read(self, timeout: float) -> bytes:
        self._check()
        with self._ready:
            if not self._inbox:
                self._ready.wait(timeout)
            out = bytes(self._inbox)
            self._inbox.clear()
        self._check()
        return out


_REGISTRY: dict[str, MemoryTransport] = {}
_LOCK = threading.Lock()


def register(name: str, transport: MemoryTransport) -> None:
    """Make ``memory://name`` open ``transport`` (done by the in-process simulator)."""
    with _LOCK:
        _REGISTRY[name] = transport


def unregister(name: str) -> None:
    with _LOCK:
        _REGISTRY.pop(name, None)


def registered(name: str) -> MemoryTransport:
    with _LOCK:
        transport = _REGISTRY.get(name)
    if transport is None:
        raise LinkDown(f"memory://{name}: no in-process device of that name")
    return transport
