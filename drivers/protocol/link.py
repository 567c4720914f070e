"""The host's end of one line: sequence numbers, acknowledgement, bounded retries with
timeouts, resynchronisation (``docs/protocol.md``, "Conversation").

The host is the only master: it sends a request and waits for the addressed device's answer
(the same sequence number, the command with bit 7 set, or a NAK). No answer, or a broken one,
within ``timeout`` is retried with the SAME sequence number (the device replays its cached
answer rather than executing twice) up to ``retries`` times; then :class:`LinkTimeout`.

>>> from drivers.sim.serve import serve_in_process
>>> from drivers.sim.models import LockoutModel
>>> from drivers.protocol.codes import Command
>>> server = serve_in_process({2: LockoutModel(serial_number="L1")}, name="doc-link")
>>> link = Link(server.host_transport())
>>> link.open()
>>> link.request(2, Command.PING, b"hello")
b'hello'
>>> link.close(); server.close()
"""

from __future__ import annotations

import threading
import time
from collections.abc import Callable
from dataclasses import dataclass, fields

from drivers.protocol.codes import NAK, NakReason
from drivers.protocol.frame import Frame, FrameParser, encode
from drivers.transports.base import LinkDown, Transport

__all__ = ["Link", "LinkCounters", "LinkDown", "LinkTimeout", "NakError", "TraceHook"]

#: ``trace(direction, frame, monotonic_time)``; direction is ``"tx"`` or ``"rx"``.
TraceHook = Callable[[str, Frame, float], None]


class LinkTimeout(OSError):
    """No good answer after every retry; ``address`` is the silent device's."""

    def __init__(self, message: str, address: int) -> None:
        super().__init__(message)
        self.address = address


class NakError(Exception):
    """The device refused the command (a well-formed NAK)."""

    def __init__(self, address: int, command: int, reason: int) -> None:
        try:
            label = NakReason(reason).name.lower().replace("_", " ")
        except ValueError:
            label = f"reason {reason}"
        super().__init__(f"device {address} refused command 0x{command:02X}: {label}")
        self.address = address
        self.command = command
        self.reason = reason


@dataclass(slots=True)
class LinkCounters:
    """Error counters of one line, for health and the technician."""

    requests: int = 0
    retries: int = 0
    timeouts: int = 0
    naks: int = 0
    stale_frames: int = 0
    link_downs: int = 0
    garbage_bytes: int = 0
    bad_crc: int = 0
    oversized: int = 0
    broken: int = 0

    def as_dict(self) -> dict[str, int]:
        return {f.name: getattr(self, f.name) for f in fields(self)}


class Link:
    """Requests and answers over one transport. Thread-safe: one request at a time."""

    def __init__(
        self,
        transport: Transport,
        *,
        timeout: float = 0.15,
        retries: int = 3,
        trace: TraceHook | None = None,
    ) -> None:
        self.transport = transport
        self.timeout = timeout
        self.retries = retries
        self.trace = trace
        self.counters = LinkCounters()
        self._parser = FrameParser()
        self._lock = threading.Lock()
        self._sequence = 0
        self._open = False

    @property
    def url(self) -> str:
        return self.transport.url

    @property
    def is_open(self) -> bool:
        return self._open

    def open(self) -> None:
        """Open the transport. The first request after opening uses sequence 0, which no
        device takes for a retransmission."""
        with self._lock:
            self.transport.open()
            self._parser.discard()
            self._sequence = 0
            self._open = True

    def close(self) -> None:
        with self._lock:
            self._open = False
            self.transport.close()

    def _next_sequence(self) -> int:
        sequence = self._sequence
        self._sequence = sequence % 255 + 1  # 1..255 after the first
        return sequence

    def request(
        self,
        address: int,
        command: int,
        payload: bytes = b"",
        *,
        timeout: float | None = None,
        retries: int | None = None,
    ) -> bytes:
        """Send a command, return the answer's payload. Raises :class:`NakError`,
        :class:`LinkTimeout` or :class:`LinkDown`."""
        wait = self.timeout if timeout is None else timeout
        attempts = 1 + (self.retries if retries is None else retries)
        with self._lock:
            if not self._open:
                raise LinkDown(f"{self.url}: not open")
            frame = Frame(address, int(command), self._next_sequence(), payload)
            raw = encode(frame)
            self.counters.requests += 1
            try:
                for attempt in range(attempts):
                    if attempt:
                        self.counters.retries += 1
                    if self.trace is not None:
                        self.trace("tx", frame, time.monotonic())
                    self.transport.write(raw)
                    answer = self._await(frame, wait)
                    if answer is not None:
                        return answer
                    self.counters.timeouts += 1
            except LinkDown:
                self.counters.link_downs += 1
                raise
            finally:
                self._sync_parser_counters()
        raise LinkTimeout(
            f"{self.url}: no answer from device {address} to command 0x{int(command):02X} "
            f"after {attempts} attempts",
            address,
        )

    def _await(self, sent: Frame, wait: float) -> bytes | None:
        deadline = time.monotonic() + wait
        while True:
            remaining = deadline - time.monotonic()
            if remaining <= 0:
                self._parser.flush()
                return None
            data = self.transport.read(remaining)
            if not data:
                continue
            for frame in self._parser.feed(data):
                if self.trace is not None:
                    self.trace("rx", frame, time.monotonic())
                if frame.address != sent.address or frame.sequence != sent.sequence:
                    self.counters.stale_frames += 1
                elif frame.command == sent.command | 0x80:
                    return frame.payload
                elif frame.command == NAK and len(frame.payload) >= 2:
                    self.counters.naks += 1
                    raise NakError(sent.address, frame.payload[0], frame.payload[1])
                else:
                    self.counters.stale_frames += 1

    def _sync_parser_counters(self) -> None:
        parsed = self._parser.counters
        self.counters.garbage_bytes = parsed.garbage_bytes
        self.counters.bad_crc = parsed.bad_crc
        self.counters.oversized = parsed.oversized
        self.counters.broken = parsed.broken
