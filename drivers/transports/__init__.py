"""Transports: serial lines (``/dev/ttyUSB0``, ``/dev/pts/N``, ``socket://``, ``loop://``...),
USB bulk endpoints (``usb://VID:PID``), in-process lines (``memory://NAME``).

>>> open_transport("loop://").url
'loop://'
>>> open_transport("usb://1209:5301").url
'usb://1209:5301'
"""

from __future__ import annotations

from drivers.transports.base import LinkDown, Transport
from drivers.transports.memory import registered
from drivers.transports.serial import SerialTransport

__all__ = ["LinkDown", "ReopeningTransport", "Transport", "open_transport"]


def open_transport(url: str, *, baudrate: int = 115200) -> Transport:
    """The transport a device URL names (not yet opened)."""
    if url.startswith("usb://"):
        # deferred on purpose: pyusb (and libusb) load only when a USB line is opened
        from drivers.transports.usb import UsbTransport

        return UsbTransport(url)
    if url.startswith("memory://"):
        return registered(url.removeprefix("memory://"))
    return SerialTransport(url, baudrate=baudrate)


class ReopeningTransport:
    """Resolves its URL again on every :meth:`open` (a simulated line registered later, a
    USB device re-enumerated), so a supervisor can keep re-opening one object."""

    def __init__(self, url: str, *, baudrate: int = 115200) -> None:
        self.url = url
        self.baudrate = baudrate
        self._inner: Transport | None = None

    def open(self) -> None:
        self.close()
        try:
            inner = open_transport(self.url, baudrate=self.baudrate)
        except ValueError as error:
            raise LinkDown(f"{self.url}: {error}") from error
        inner.open()
        self._inner = inner

    def close(self) -> None:
        inner, self._inner = self._inner, None
        if inner is not None:
            inner.close()

    def _open_inner(self) -> Transport:
        if self._inner is None:
            raise LinkDown(f"{self.url}: not open")
        return self._inner

    def write(self, data: bytes) -> None:
        self._open_inner().write(data)

    def read(self, timeout: float) -> bytes:
        return self._open_inner().read(timeout)
