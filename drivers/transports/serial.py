"""Serial lines through :func:`serial.serial_for_url`: ``/dev/ttyUSB0``, ``/dev/pts/N``,
``socket://host:port``, ``rfc2217://...``, ``loop://``."""

from __future__ import annotations

import contextlib
import termios
import time
from typing import Any

import serial

from drivers.transports.base import LinkDown

__all__ = ["SerialTransport"]

#: The port's own read timeout: reads return as soon as a byte arrives, so this only bounds
#: how often an idle read looks at its deadline (never re-configuring the port per call).
_SLICE = 0.005


class SerialTransport:
    """A serial line at ``baudrate`` 8N1 (the default 115200)."""

    def __init__(self, url: str, baudrate: int = 115200) -> None:
        self.url = url
        self.baudrate = baudrate
        self._port: Any = None

    def open(self) -> None:
        self.close()
        # A device path is opened exclusively (an advisory lock): a second program, or a line
        # of this one left reopening a path the system has since given to another device,
        # gets "in use" instead of silently sharing the port and stealing half its frames.
        local = "://" not in self.url
        try:
            self._port = serial.serial_for_url(
                self.url, baudrate=self.baudrate, timeout=_SLICE, write_timeout=1.0,
                **({"exclusive": True} if local else {}),
            )
        except (serial.SerialException, OSError, ValueError) as error:
            if local and "exclusively lock" in str(error):
                raise LinkDown(f"{self.url}: in use by another program (or another line of "
                               "this one)") from error
            raise LinkDown(f"{self.url}: {error}") from error
        # termios.error is not an OSError: a PTY whose other side just closed raises it here
        # (it escaped to the device worker's last-resort handler, logged as an internal error)
        with contextlib.suppress(serial.SerialException, OSError, termios.error):
            self._port.reset_input_buffer()

    def close(self) -> None:
        port, self._port = self._port, None
        if port is not None:
            with contextlib.suppress(serial.SerialException, OSError):
                port.close()

    def write(self, data: bytes) -> None:
        if self._port is None:
            raise LinkDown(f"{self.url}: not open")
        try:
            self._port.write(data)
        except (serial.SerialException, OSError) as error:
            raise LinkDown(f"{self.url}: {error}") from error

    def read(self, timeout: float) -> bytes:
        port = self._port
        if port is None:
            raise LinkDown(f"{self.url}: not open")
        try:
            deadline = time.monotonic() + timeout
            while True:
                first: bytes = port.read(1)
                if first:
                    break
                if time.monotonic() >= deadline:
                    return b""
            waiting = port.in_waiting
            return first + (port.read(waiting) if waiting else b"")
        except (serial.SerialException, OSError, TypeError) as error:
            raise LinkDown(f"{self.url}: {error}") from error
