"""What every device driver does, whatever the family: identify, status, self-test, ping,
reset faults, and take events in order exactly once (``docs/protocol.md``, "Events").

A driver is synchronous and talks through a :class:`~drivers.protocol.link.Link`; the
:class:`~drivers.manager.DeviceManager` runs drivers on its own worker threads.
"""

from __future__ import annotations

import logging
from dataclasses import dataclass

from drivers.events import DeviceEvent, decode_event
from drivers.protocol.codes import Command, Family
from drivers.protocol.link import Link
from drivers.protocol.messages import (
    Identity,
    PayloadError,
    SelfTestResult,
    Status,
    decode_events,
    encode_ack,
)

__all__ = ["DeviceDriver", "EventCounters", "WrongDevice"]

_log = logging.getLogger(__name__)


class WrongDevice(OSError):
    """The device at the configured address is not of the expected family."""


@dataclass(slots=True)
class EventCounters:
    taken: int = 0
    duplicates_ignored: int = 0
    gaps: int = 0
    undecodable: int = 0


class DeviceDriver:
    """One addressed device on a line."""

    family: Family = Family.SHOE

    def __init__(self, link: Link, address: int, name: str, seat: int | None = None) -> None:
        self.link = link
        self.address = address
        self.name = name
        self.seat = seat
        self.identity: Identity | None = None
        #: The number of the last event handed to the application (acknowledged on next poll).
        self.cursor = 0
        self.event_counters = EventCounters()

    def request(
        self, command: Command, payload: bytes = b"", timeout: float | None = None
    ) -> bytes:
        return self.link.request(self.address, command, payload, timeout=timeout)

    @property
    def serial_number(self) -> str:
        return self.identity.serial_number if self.identity else "?"

    def identify(self) -> Identity:
        """Ask the device who it is; raises :class:`WrongDevice` for another family."""
        identity = Identity.decode(self.request(Command.IDENTIFY))
        if identity.family is not self.family:
            raise WrongDevice(
                f"{self.name}: address {self.address} on {self.link.url} is a "
                f"{identity.family.name.lower()}, not a {self.family.name.lower()}"
            )
        self.identity = identity
        return identity

    def status(self) -> Status:
        return Status.decode(self.request(Command.STATUS))

    def self_test(self) -> SelfTestResult:
        return SelfTestResult.decode(self.request(Command.SELF_TEST, timeout=2.0))

    def ping(self, data: bytes = b"") -> bytes:
        return self.request(Command.PING, data)

    def reset_faults(self) -> None:
        self.request(Command.RESET_FAULTS)

    def poll(self) -> list[DeviceEvent]:
        """Acknowledge everything up to :attr:`cursor` and fetch the events after it, in
        order. Events at or before the cursor (a repeat after a lost answer) are dropped;
        the caller hands the events on, then calls :meth:`taken`."""
        raw_events = decode_events(self.request(Command.POLL, encode_ack(self.cursor)))
        fresh = []
        expected = self.cursor + 1
        for raw in raw_events:
            if raw.number < expected:
                self.event_counters.duplicates_ignored += 1
                continue
            if raw.number > expected and self.cursor:
                self.event_counters.gaps += 1
            expected = raw.number + 1
            try:
                fresh.append(decode_event(raw, self.name, self.serial_number, self.seat))
            except PayloadError as error:  # skipped (it cannot be handed on), never silently
                self.event_counters.undecodable += 1
                self.cursor = max(self.cursor, raw.number)
                _log.error(
                    "%s%s: event %d skipped, it does not decode: %s (code 0x%02X, data %s)",
                    self.name,
                    f" seat {self.seat}" if self.seat is not None else "",
                    raw.number,
                    error,
                    raw.code,
                    raw.data.hex() or "-",
                )
        return fresh

    def taken(self, event: DeviceEvent) -> None:
        """The application has the event: it will be acknowledged with the next poll."""
        self.cursor = max(self.cursor, event.number)
        self.event_counters.taken += 1

    def poll_all(self, limit: int = 1000) -> list[DeviceEvent]:
        """Poll until the device has nothing more, taking every event (diagnostics)."""
        events: list[DeviceEvent] = []
        for _ in range(limit):
            batch = self.poll()
            if not batch:
                break
            for event in batch:
                self.taken(event)
            events += batch
        return events

    def restore(self) -> None:
        """Re-send the state the host last commanded (after a reconnect)."""
