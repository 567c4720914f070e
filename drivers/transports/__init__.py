"""Transports: serial lines (``/dev/ttyUSB0``, ``/dev/pts/N``, ``socket://``, ``loop://``...),
USB bulk endpoints (``usb://VID:PID``), in-process lines (``memory://NAME``).

>>> open_transport("loop://").url
'loop://'
>>> open_transport("usb://1209:5301").url
'usb://1209:5301'
"""

from __future__ import annotations

from drivers.transports.base import LinkDown, Transport

__all__ = ["LinkDown", "Transport", "open_transport"]


def open_transport(url: str, *, baudrate: int = 115200) -> Transport:
    """The transport a device URL names (not yet opened)."""
    if url.startswith("usb://"):
        from drivers.transports.usb import UsbTransport

        return UsbTransport(url)
    if url.startswith("memory://"):
        from drivers.transports.memory import registered

        return registered(url.removeprefix("memory://"))
    from drivers.transports.serial import SerialTransport

    return SerialTransport(url, baudrate=baudrate)
