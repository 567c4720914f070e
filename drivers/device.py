"""What every device driver does, whatever the family: identify, status, self-test, ping,
reset faults, and take events in order exactly once (``docs/protocol.md``, "Events").

A driver is synchronous and talks through a :class:`~drivers.protocol.link.Link`; the
:class:`~drivers.manager.DeviceManager` runs drivers on its own worker threads.
"""

from __future__ import annotations

import logging
from collections.abc import Mapping
from dataclasses import dataclass

from drivers.events import DeviceEvent, EventKind, decode_event
from drivers.numbering import Cursor, EventNumbering, NumberingFault, NumberingFaultKind
from drivers.protocol.codes import Command, Family
from drivers.protocol.link import Link
from drivers.protocol.messages import (
    Identity,
    PayloadError,
    SelfTestResult,
    Status,
    decode_events,
    encode_poll,
)

__all__ = ["DeviceDriver", "EventCounters", "WrongDevice"]

_log = logging.getLogger(__name__)


class WrongDevice(OSError):
    """The device at the configured address is not of the expected family."""


@dataclass(slots=True)
class EventCounters:
    taken: int = 0
    #: events at or below the cursor, dropped (a repeat a correct device never sends)
    duplicates_ignored: int = 0
    #: events the device lost (numbers never received)
    gaps: int = 0
    out_of_order: int = 0
    refused: int = 0
    restarts: int = 0
    undecodable: int = 0

    def count(self, fault: NumberingFault) -> None:
        kind = fault.kind
        if kind is NumberingFaultKind.LOST:
            self.gaps += fault.numbers[1] - fault.numbers[0] + 1
        elif kind is NumberingFaultKind.OUT_OF_ORDER:
            self.out_of_order += 1
        elif kind is NumberingFaultKind.REPEATED:
            self.duplicates_ignored += 1
        elif kind is NumberingFaultKind.IMPLAUSIBLE:
            self.refused += 1
        else:
            self.restarts += 1

    def as_dict(self) -> dict[str, int]:
        return {
            "events_taken": self.taken,
            "events_lost": self.gaps,
            "events_out_of_order": self.out_of_order,
            "events_repeated": self.duplicates_ignored,
            "event_numbers_refused": self.refused,
            "numbering_restarts": self.restarts,
            "events_undecodable": self.undecodable,
        }


class DeviceDriver:
    """One addressed device on a line."""

    family: Family = Family.SHOE

    def __init__(self, link: Link, address: int, name: str, seat: int | None = None) -> None:
        self.link = link
        self.address = address
        self.name = name
        self.seat = seat
        self.identity: Identity | None = None
        #: The numbering and the last event handed to the application (acknowledged with the
        #: next poll).
        self.numbering = EventNumbering()
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

    @property
    def cursor(self) -> Cursor:
        return self.numbering.cursor

    def resume(self, cursor: Cursor, left: Mapping[int, int] | None = None) -> None:
        """Continue from a recorded cursor and the numberings recorded as left (a restart of
        the station): an older numbering answering after the restart delivers nothing again."""
        if cursor.number > self.numbering.cursor.number or not self.numbering.cursor.epoch:
            self.numbering.cursor = cursor
        self.numbering.remember(left or {})

    def poll(self) -> list[DeviceEvent]:
        """Acknowledge everything up to the cursor and fetch the events after it, in order.
        Every numbering anomaly comes back as a ``NUMBERING_FAULT`` event, in its place in the
        stream, and is logged; the caller hands the events on, then calls :meth:`taken`."""
        cursor = self.numbering.cursor
        batch = decode_events(self.request(Command.POLL, encode_poll(cursor.epoch, cursor.number)))
        verdict = self.numbering.answer(batch)
        where = f"{self.name}{f' seat {self.seat}' if self.seat is not None else ''}"
        fresh = []
        for fault in verdict.faults:
            self.event_counters.count(fault)
            _log.error("%s (%s): %s", where, self.serial_number, fault)
            fresh.append(DeviceEvent(
                self.name, self.serial_number, fault.number,
                EventKind.NUMBERING_FAULT, seat=self.seat, detail=fault.text))
        for raw in verdict.take:
            try:
                fresh.append(decode_event(raw, self.name, self.serial_number, self.seat))
            except PayloadError as error:  # skipped (it cannot be handed on), never silently
                self.event_counters.undecodable += 1
                self.numbering.taken(raw.number)
                _log.error(
                    "%s: event %d skipped, it does not decode: %s (code 0x%02X, data %s)",
                    where,
                    raw.number,
                    error,
                    raw.code,
                    raw.data.hex() or "-",
                )
        return fresh

    def taken(self, event: DeviceEvent) -> None:
        """The application has the event: it will be acknowledged with the next poll."""
        if event.kind is EventKind.NUMBERING_FAULT:
            return
        self.numbering.taken(event.number)
        self.event_counters.taken += 1

    def poll_all(self, limit: int = 1000) -> list[DeviceEvent]:
        """Poll until the device has nothing more, taking every event (diagnostics)."""
        events: list[DeviceEvent] = []
        for _ in range(limit):
            batch = self.poll()
            if not batch and not self.numbering.waiting:
                break
            for event in batch:
                self.taken(event)
            events += batch
        return events

    def restore(self) -> None:
        """Re-send the state the host last commanded (after a reconnect)."""
