"""The part every simulated device shares: identity, faults, the event buffer that keeps
events until the host acknowledges them, status, self-test, ping (``docs/protocol.md``)."""

from __future__ import annotations

import secrets
import threading
from collections import deque

from drivers.protocol.codes import Command, EventCode, Family, FaultCode, NakReason
from drivers.protocol.frame import crc16_kermit
from drivers.protocol.messages import (
    Identity,
    PayloadError,
    RawEvent,
    SelfTestResult,
    Status,
    decode_poll,
    encode_events,
)

__all__ = ["DeviceModel", "Refused"]


class Refused(Exception):
    """The device refuses a command: the wire answers NAK with this reason."""

    def __init__(self, reason: NakReason) -> None:
        super().__init__(reason.name)
        self.reason = reason


class DeviceModel:
    """A simulated device's state machine. Thread-safe; the wire (:mod:`drivers.sim.wire`)
    calls :meth:`handle`, the back door calls the family's own methods."""

    family: Family = Family.SHOE
    model_name = "SIM"
    #: Faults that stay until the host sends RESET_FAULTS (others follow their condition).
    latched: frozenset[FaultCode] = frozenset()
    #: Events kept for the host at most (a real device refuses work before losing one).
    event_capacity = 4096

    def __init__(
        self,
        *,
        serial_number: str,
        vendor: str = "Dealer Station Sim",
        firmware_version: str = "1.0.0",
    ) -> None:
        self.lock = threading.RLock()
        self.serial_number = serial_number
        self.vendor = vendor
        self.firmware_version = firmware_version
        self.faults: set[FaultCode] = set()
        self.self_test_failures: set[FaultCode] = set()
        self._events: deque[RawEvent] = deque()
        self._next_number = 1
        #: The event numbering: drawn when the counter starts at 1 (docs/protocol.md, 6).
        self.epoch = self.new_epoch()
        #: Every event the device ever emitted, for tests to compare with what the host got.
        self.history: list[RawEvent] = []
        #: Starts of the device; its events and their numbers survive a restart (kept in
        #: non-volatile memory), what the host commanded does not.
        self.boots = 1

    def power_cycle(self) -> None:
        """The device restarts: commanded state back to its defaults, events kept."""
        with self.lock:
            self.boots += 1
            self.reset_state()

    def reset_state(self) -> None:
        """The family's commanded state at power-up."""

    @staticmethod
    def new_epoch() -> int:
        return secrets.randbits(32) or 1

    def restart_numbering(self) -> None:
        """The device's event counter starts again at 1 (its non-volatile memory was lost or
        its firmware replaced): a new epoch, and the events it kept are gone."""
        with self.lock:
            self.epoch = self.new_epoch()
            self._next_number = 1
            self._events.clear()

    def inject_raw(self, event: RawEvent, *, counted: bool = True) -> None:
        """Buffer an event exactly as given (a repeat, out of order, a bogus number): what a
        faulty or hostile device could send, for the host's numbering checks. ``counted``: the
        device's counter moves past it (False: a corrupted number, the counter unchanged)."""
        with self.lock:
            self._events.append(event)
            self.history.append(event)
            if counted:
                self._next_number = max(self._next_number, event.number + 1)

    # -- identity and events -------------------------------------------------------------
    def identity(self) -> Identity:
        image = f"{self.vendor}/{self.model_name}/{self.firmware_version}".encode()
        return Identity(
            self.family,
            self.vendor,
            self.model_name,
            self.serial_number,
            self.firmware_version,
            crc16_kermit(image),
        )

    def emit(self, code: EventCode, data: bytes = b"") -> int:
        """Buffer a new event; return its number."""
        with self.lock:
            number = self._next_number
            self._next_number += 1
            event = RawEvent(number, int(code), data)
            self._events.append(event)
            self.history.append(event)
            if len(self._events) > self.event_capacity:
                self._events.popleft()  # a real device would refuse work first
            return number

    @property
    def buffered(self) -> tuple[RawEvent, ...]:
        with self.lock:
            return tuple(self._events)

    def raise_fault(self, code: FaultCode) -> None:
        with self.lock:
            if code not in self.faults:
                self.faults.add(code)
                self.emit(EventCode.FAULT_RAISED, bytes((code,)))

    def clear_fault(self, code: FaultCode) -> None:
        with self.lock:
            if code in self.faults:
                self.faults.discard(code)
                self.emit(EventCode.FAULT_CLEARED, bytes((code,)))

    # -- the wire's entry point ----------------------------------------------------------
    def handle(self, command: int, payload: bytes) -> bytes:
        """Execute one command; return the answer's payload or raise :class:`Refused`."""
        with self.lock:
            try:
                return self._handle(command, payload)
            except PayloadError as error:
                raise Refused(NakReason.BAD_LENGTH) from error
            except IndexError as error:
                raise Refused(NakReason.BAD_LENGTH) from error

    def _handle(self, command: int, payload: bytes) -> bytes:
        if command == Command.POLL:
            epoch, acknowledged = decode_poll(payload)
            if epoch == self.epoch:  # an acknowledgement in another numbering discards nothing
                kept = [e for e in self._events if e.number > acknowledged]
                if len(kept) != len(self._events):
                    self._events = deque(kept)
            return encode_events(self._events, self.epoch, self._next_number)
        if command == Command.PING:
            return payload
        if command == Command.IDENTIFY:
            return self.identity().encode()
        if command == Command.STATUS:
            faults = tuple(sorted(self.faults))
            return Status(faults, len(self._events), self.detail(), self.boots).encode()
        if command == Command.SELF_TEST:
            return SelfTestResult(tuple(sorted(self.self_test_failures))).encode()
        if command == Command.RESET_FAULTS:
            for code in sorted(self.faults & self.latched):
                self.clear_fault(code)
            return b""
        return self.handle_family(command, payload)

    def handle_family(self, command: int, payload: bytes) -> bytes:
        raise Refused(NakReason.UNKNOWN_COMMAND)

    def detail(self) -> bytes:
        """The family's own status bytes."""
        return b""
