"""Helpers of the device tests (imported by conftest and the test modules)."""

from __future__ import annotations

import queue
import time
from collections.abc import Callable

from drivers.events import DeviceEvent
from drivers.manager import Health
from drivers.protocol.link import Link
from drivers.transports import ReopeningTransport

TRANSPORTS = ("pty", "usb", "memory")
#: Short timeouts so fault-injection runs stay fast.
FAST = {
    "timeout": 0.05,
    "retries": 2,
    "poll_interval": 0.002,
    "heartbeat": 0.2,
    "backoff_initial": 0.01,
    "backoff_max": 0.1,
}


def open_link(url: str, **kw: float) -> Link:
    link = Link(ReopeningTransport(url), **kw)  # type: ignore[arg-type]
    link.open()
    return link


class Collector:
    """Everything a manager publishes, for tests to wait on."""

    def __init__(self) -> None:
        self.queue: queue.Queue[DeviceEvent | Health] = queue.Queue()
        self.events: list[DeviceEvent] = []
        self.health: list[Health] = []

    def _drain(self) -> None:
        while True:
            try:
                item = self.queue.get_nowait()
            except queue.Empty:
                return
            (self.events if isinstance(item, DeviceEvent) else self.health).append(item)  # type: ignore[arg-type]

    def wait(self, condition: Callable[[list[DeviceEvent]], bool], timeout: float = 5.0) -> bool:
        deadline = time.monotonic() + timeout
        while True:
            self._drain()
            if condition(self.events):
                return True
            if time.monotonic() > deadline:
                return False
            time.sleep(0.002)
