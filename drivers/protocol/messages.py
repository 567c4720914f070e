"""Payloads of the device protocol, encoded and decoded (``docs/protocol.md``, "Payloads").

All multi-byte integers are little-endian.

>>> from drivers.protocol.codes import EventCode
>>> ident = Identity(Family.SHOE, "Acme", "DS-7", "SN1", "1.2.0", 0xBEEF)
>>> Identity.decode(ident.encode()) == ident
True
>>> events = (RawEvent(5, EventCode.CHIP_SENSED, b"\\x00"),)
>>> decode_events(encode_events(events, epoch=0x1234, following=6)) == EventBatch(0x1234, 6, events)
True
"""

from __future__ import annotations

import struct
from collections.abc import Iterable
from dataclasses import dataclass

from drivers.protocol.codes import DispenseOutcome, Family, FaultCode
from drivers.protocol.frame import MAX_PAYLOAD

__all__ = [
    "PROTOCOL_VERSION",
    "DispenseRecord",
    "EventBatch",
    "Identity",
    "PayloadError",
    "RawEvent",
    "SelfTestResult",
    "Status",
    "decode_events",
    "decode_poll",
    "encode_events",
    "encode_poll",
    "event_size",
]

PROTOCOL_VERSION = 2


class PayloadError(ValueError):
    """A payload that does not decode as its command says it should."""


def _need(payload: bytes, size: int, what: str) -> None:
    if len(payload) < size:
        raise PayloadError(f"{what}: {len(payload)} bytes, need at least {size}")


def _string(text: str) -> bytes:
    raw = text.encode("utf-8")[:40]
    return bytes((len(raw),)) + raw


@dataclass(frozen=True, slots=True)
class Identity:
    """What a device answers to IDENTIFY."""

    family: Family
    vendor: str
    model: str
    serial_number: str
    firmware_version: str
    firmware_crc: int
    protocol_version: int = PROTOCOL_VERSION

    def encode(self) -> bytes:
        head = struct.pack("<BBH", self.family, self.protocol_version, self.firmware_crc)
        return head + b"".join(
            _string(s) for s in (self.vendor, self.model, self.serial_number, self.firmware_version)
        )

    @classmethod
    def decode(cls, payload: bytes) -> Identity:
        _need(payload, 4, "identity")
        family, version, crc = struct.unpack_from("<BBH", payload)
        texts: list[str] = []
        offset = 4
        for _ in range(4):
            _need(payload, offset + 1, "identity")
            size = payload[offset]
            _need(payload, offset + 1 + size, "identity")
            texts.append(payload[offset + 1 : offset + 1 + size].decode("utf-8", "replace"))
            offset += 1 + size
        try:
            fam = Family(family)
        except ValueError as error:
            raise PayloadError(f"unknown device family {family}") from error
        return cls(fam, texts[0], texts[1], texts[2], texts[3], crc, version)

    def __str__(self) -> str:
        return (
            f"{self.family.name.lower()} {self.vendor} {self.model} serial {self.serial_number} "
            f"firmware {self.firmware_version} crc {self.firmware_crc:04X}"
        )


def _fault_codes(raw: Iterable[int]) -> tuple[FaultCode, ...]:
    codes = []
    for code in raw:
        try:
            codes.append(FaultCode(code))
        except ValueError as error:
            raise PayloadError(f"unknown fault code {code}") from error
    return tuple(codes)


@dataclass(frozen=True, slots=True)
class Status:
    """What a device answers to STATUS: active faults, buffered events, how many times the
    device has started (a change means it restarted and lost its commanded state), the family's
    own state (``detail``, decoded by the family's driver)."""

    faults: tuple[FaultCode, ...]
    events_pending: int
    detail: bytes = b""
    boots: int = 0

    def encode(self) -> bytes:
        return (
            struct.pack(
                "<HHB", min(self.events_pending, 0xFFFF), self.boots & 0xFFFF, len(self.faults)
            )
            + bytes(self.faults)
            + self.detail
        )

    @classmethod
    def decode(cls, payload: bytes) -> Status:
        _need(payload, 5, "status")
        pending, boots, count = struct.unpack_from("<HHB", payload)
        _need(payload, 5 + count, "status")
        faults = _fault_codes(payload[5 : 5 + count])
        return cls(faults, pending, bytes(payload[5 + count :]), boots)


@dataclass(frozen=True, slots=True)
class SelfTestResult:
    """What a device answers to SELF_TEST: the faults its test found (none: passed)."""

    failures: tuple[FaultCode, ...]

    @property
    def passed(self) -> bool:
        return not self.failures

    def encode(self) -> bytes:
        return bytes((len(self.failures), *self.failures))

    @classmethod
    def decode(cls, payload: bytes) -> SelfTestResult:
        _need(payload, 1, "self-test")
        _need(payload, 1 + payload[0], "self-test")
        return cls(_fault_codes(payload[1 : 1 + payload[0]]))


@dataclass(frozen=True, slots=True)
class DispenseRecord:
    """A shoe's answer to DISPENSE and to LAST_DISPENSE: the host's request id (0 none), the
    stack's number and what became of it.

    >>> DispenseRecord.decode(DispenseRecord(7, 12, DispenseOutcome.DISPENSED).encode())
    DispenseRecord(request=7, stack=12, outcome=<DispenseOutcome.DISPENSED: 1>)
    """

    request: int
    stack: int
    outcome: DispenseOutcome

    def encode(self) -> bytes:
        return struct.pack("<HHB", self.request, self.stack, self.outcome)

    @classmethod
    def decode(cls, payload: bytes) -> DispenseRecord:
        _need(payload, 5, "dispense")
        request, stack, outcome = struct.unpack_from("<HHB", payload)
        try:
            return cls(request, stack, DispenseOutcome(outcome))
        except ValueError as error:
            raise PayloadError(f"dispense: unknown outcome {outcome}") from error


@dataclass(frozen=True, slots=True)
class RawEvent:
    """One buffered device event: its number (1, 2, 3... per device), code and data."""

    number: int
    code: int
    data: bytes = b""


@dataclass(frozen=True, slots=True)
class EventBatch:
    """A POLL answer: the device's event numbering (``epoch``, a number the device draws when
    its event counter starts at 1, so a counter that restarts is told apart from one that
    goes on), ``following``: the number its next event will have (every event it has is
    numbered below it), and the oldest events it still keeps after the acknowledged one."""

    epoch: int
    following: int
    events: tuple[RawEvent, ...]


#: Bytes of a POLL answer before its events: epoch u32, following u32, count u8.
_BATCH_HEAD = 9


def event_size(event: RawEvent) -> int:
    """Bytes the event takes inside an EVENTS payload."""
    return 6 + len(event.data)


def encode_events(events: Iterable[RawEvent], epoch: int, following: int) -> bytes:
    """The POLL answer: the epoch, the next event's number, a count and as many events as fit
    in one frame, oldest first."""
    body = b""
    count = 0
    for event in events:
        if _BATCH_HEAD + len(body) + event_size(event) > MAX_PAYLOAD or count == 255:
            break
        body += struct.pack("<IBB", event.number, event.code, len(event.data)) + event.data
        count += 1
    return struct.pack("<IIB", epoch, following, count) + body


def decode_events(payload: bytes) -> EventBatch:
    _need(payload, _BATCH_HEAD, "events")
    epoch, following, count = struct.unpack_from("<IIB", payload)
    events = []
    offset = _BATCH_HEAD
    for _ in range(count):
        _need(payload, offset + 6, "events")
        number, code, size = struct.unpack_from("<IBB", payload, offset)
        _need(payload, offset + 6 + size, "events")
        events.append(RawEvent(number, code, bytes(payload[offset + 6 : offset + 6 + size])))
        offset += 6 + size
    return EventBatch(epoch, following, tuple(events))


def encode_poll(epoch: int, number: int) -> bytes:
    """The POLL payload: the numbering the host knows (0: none yet) and the number of the last
    event it has taken in it (0: none yet)."""
    return struct.pack("<II", epoch, number)


def decode_poll(payload: bytes) -> tuple[int, int]:
    """(epoch, acknowledged number) of a POLL."""
    if len(payload) != 8:
        raise PayloadError(f"poll: {len(payload)} bytes, need 8")
    epoch, number = struct.unpack("<II", payload)
    return int(epoch), int(number)
