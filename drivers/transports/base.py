"""What every transport offers the protocol link: open, close, write bytes, read what arrives
within a timeout. A transport that is gone (cable pulled, USB device unplugged) raises
:class:`LinkDown`."""

from __future__ import annotations

from typing import Protocol

__all__ = ["LinkDown", "Transport"]


class LinkDown(OSError):
    """The transport is gone or cannot be opened (unplugged, no such port, closed)."""


class Transport(Protocol):
    """A byte pipe to one line (which may carry several addressed devices)."""

    url: str

    def open(self) -> None:
        """Open (or re-open, rediscovering the device) the line; raises :class:`LinkDown`."""

    def close(self) -> None:
        """Close the line; never raises."""

    def write(self, data: bytes) -> None:
        """Send ``data``; raises :class:`LinkDown`."""

    def read(self, timeout: float) -> bytes:
        """Bytes that arrive within ``timeout`` seconds (as soon as any do); ``b""`` if none."""
