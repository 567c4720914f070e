"""Serving a simulated line (:class:`~drivers.sim.wire.SimLine`) to the real driver stack:

* :func:`serve_pty` on a pseudo-terminal: the driver opens the real ``/dev/pts/N`` with
  pyserial, exactly as it opens ``/dev/ttyUSB0``;
* :func:`serve_usb` as a USB device with bulk endpoints, behind the pyusb backend of
  :mod:`drivers.sim.usb_backend` (the driver's own pyusb calls run against it);
* :func:`serve_in_process` through the in-memory transport (``memory://NAME``).

Each returns a :class:`SimServer`: ``url`` for the configuration, ``line`` for the back door,
``unplug()`` / ``replug()``, ``close()``.
"""

from __future__ import annotations

import contextlib
import os
import select
import socket
import threading
import tty
from collections.abc import Mapping

from drivers.sim.models.base import DeviceModel
from drivers.sim.server import SimServer
from drivers.sim.wire import SimLine
from drivers.transports import memory
from drivers.transports.memory import MemoryTransport

__all__ = ["SimServer", "serve_in_process", "serve_pty", "serve_tcp", "serve_usb"]


class PtyServer(SimServer):
    """A line on a pseudo-terminal, served by a thread reading the master side."""

    kind = "pty"

    def __init__(self, models: Mapping[int, DeviceModel]) -> None:
        self._master, self._slave = os.openpty()
        tty.setraw(self._slave)
        super().__init__(os.ttyname(self._slave), SimLine(models, self._write))
        self._stop = threading.Event()
        self._wake_r, self._wake_w = os.pipe()
        self._write_lock = threading.Lock()
        self._thread = threading.Thread(target=self._serve, name=f"sim-pty {self.url}", daemon=True)
        self._thread.start()

    def _write(self, data: bytes) -> None:
        with self._write_lock:
            view = memoryview(data)
            while view and not self._stop.is_set():
                try:
                    written = os.write(self._master, view)
                except BlockingIOError:
                    select.select([], [self._master], [], 0.05)
                    continue
                except OSError:
                    return
                view = view[written:]

    def _serve(self) -> None:
        while not self._stop.is_set():
            try:
                ready, _, _ = select.select([self._master, self._wake_r], [], [], 0.5)
            except (OSError, ValueError):
                return
            if self._master not in ready:
                continue
            try:
                data = os.read(self._master, 4096)
            except OSError:
                continue
            if data:
                self.line.receive(data)

    def close(self) -> None:
        if self._stop.is_set():
            return
        self._stop.set()
        os.write(self._wake_w, b"x")
        self._thread.join(2.0)
        for fd in (self._master, self._slave, self._wake_r, self._wake_w):
            with contextlib.suppress(OSError):
                os.close(fd)


class InProcessServer(SimServer):
    """A line handed straight to an in-memory transport: ``memory://NAME``."""

    kind = "memory"

    def __init__(self, models: Mapping[int, DeviceModel], name: str) -> None:
        self.name = name
        self._transport = MemoryTransport(f"memory://{name}", self._deliver)
        super().__init__(f"memory://{name}", SimLine(models, self._transport.feed))
        memory.register(name, self._transport)

    def _deliver(self, data: bytes) -> None:
        self.line.receive(data)

    def host_transport(self) -> MemoryTransport:
        return self._transport

    def unplug(self) -> None:
        super().unplug()
        self._transport.connected = False

    def replug(self) -> None:
        super().replug()
        self._transport.connected = True

    def close(self) -> None:
        memory.unregister(self.name)


def serve_pty(models: Mapping[int, DeviceModel]) -> PtyServer:
    """Serve the models on a new pseudo-terminal; ``url`` is its ``/dev/pts/N``."""
    return PtyServer(models)


def serve_in_process(models: Mapping[int, DeviceModel], name: str) -> InProcessServer:
    """Serve the models in process as ``memory://name``."""
    return InProcessServer(models, name)


def serve_usb(
    models: Mapping[int, DeviceModel], *, vendor_id: int, product_id: int, serial_number: str
) -> SimServer:
    """Serve the models as a simulated USB device; ``url`` is
    ``usb://VID:PID?serial=S&backend=sim``."""
    # deferred on purpose: pyusb is loaded only when a line is served as a USB device
    from drivers.sim.usb_backend import UsbSimServer

    return UsbSimServer(
        models, vendor_id=vendor_id, product_id=product_id, serial_number=serial_number
    )


class TcpServer(SimServer):
    """A line on a TCP port (``socket://127.0.0.1:PORT``), one host connection at a time: for
    another process (or machine) to reach the simulated devices without a pseudo-terminal."""

    kind = "tcp"

    def __init__(self, models: Mapping[int, DeviceModel], host: str = "127.0.0.1", port: int = 0):
        self._listener = socket.create_server((host, port))
        self._listener.settimeout(0.2)
        bound = self._listener.getsockname()
        super().__init__(f"socket://{bound[0]}:{bound[1]}", SimLine(models, self._send))
        self._client: socket.socket | None = None
        self._stop = threading.Event()
        self._thread = threading.Thread(target=self._serve, name=f"sim-tcp {self.url}", daemon=True)
        self._thread.start()

    def _send(self, data: bytes) -> None:
        client = self._client
        if client is not None:
            with contextlib.suppress(OSError):
                client.sendall(data)

    def _serve(self) -> None:
        while not self._stop.is_set():
            try:
                client, _ = self._listener.accept()
            except TimeoutError:
                continue
            except OSError:
                return
            client.settimeout(0.2)
            client.setsockopt(socket.IPPROTO_TCP, socket.TCP_NODELAY, 1)
            self._client = client
            while not self._stop.is_set():
                try:
                    data = client.recv(4096)
                except TimeoutError:
                    continue
                except OSError:
                    break
                if not data:
                    break
                self.line.receive(data)
            self._client = None
            client.close()

    def close(self) -> None:
        self._stop.set()
        with contextlib.suppress(OSError):
            self._listener.close()
        self._thread.join(2.0)


def serve_tcp(models: Mapping[int, DeviceModel], port: int = 0) -> TcpServer:
    """Serve the models on a local TCP port; ``url`` is ``socket://127.0.0.1:PORT``."""
    return TcpServer(models, port=port)
