"""Device events as the application sees them: decoded, named, with the device's event number
(which the host acknowledges, so none is lost or repeated).

>>> from drivers.protocol.messages import RawEvent
>>> event = decode_event(RawEvent(4, 0x11, b"\\x02\\x00\\x30\\x2e\\xff"), "shoe", "S1")
>>> event.kind.name, event.stack, event.cards
('STACK_DISPENSED', 2, (48, 46, None))
>>> str(event)
'shoe #4: stack dispensed (As Kd ??, stack 2)'

The cards of a stack are their wire codes (``drivers.protocol.card_codes``); the rules core turns
them into cards (``dealer_station.cards.card_from_code``).
"""

from __future__ import annotations

import struct
from dataclasses import dataclass, replace
from enum import Enum

from drivers.protocol.card_codes import CardCode, card_text, is_card_code
from drivers.protocol.codes import EventCode, FaultCode
from drivers.protocol.messages import PayloadError, RawEvent

__all__ = ["DeviceEvent", "EventKind", "decode_event"]


class EventKind(Enum):
    FAULT_RAISED = "fault raised"
    FAULT_CLEARED = "fault cleared"
    SHUFFLE_COMPLETED = "shuffle completed"
    STACK_DISPENSED = "stack dispensed"
    CHIP_SENSED = "chip sensed"
    CHIP_REMOVED = "chip removed"
    LOCKOUT_BUTTON = "lockout button"
    LOCKOUT_CHANGED = "lockout changed"
    #: Not from the device: the host found its event numbering wrong (``detail`` says how,
    #: with the numbers; ``drivers.numbering``).
    NUMBERING_FAULT = "event numbering fault"


_KINDS = {
    EventCode.FAULT_RAISED: EventKind.FAULT_RAISED,
    EventCode.FAULT_CLEARED: EventKind.FAULT_CLEARED,
    EventCode.SHUFFLE_COMPLETED: EventKind.SHUFFLE_COMPLETED,
    EventCode.STACK_DISPENSED: EventKind.STACK_DISPENSED,
    EventCode.CHIP_SENSED: EventKind.CHIP_SENSED,
    EventCode.CHIP_REMOVED: EventKind.CHIP_REMOVED,
    EventCode.LOCKOUT_BUTTON: EventKind.LOCKOUT_BUTTON,
    EventCode.LOCKOUT_CHANGED: EventKind.LOCKOUT_CHANGED,
}


@dataclass(frozen=True, slots=True)
class DeviceEvent:
    """One event from one device.

    ``device`` is the configured name (``shoe``, ``acceptors``, ``lockout``); ``seat`` is set
    for an acceptor's events; ``cards`` (each a wire code, ``drivers.protocol.card_codes``;
    None for a card the reader could not recognise) and
    ``stack`` for a dispensed stack; ``count`` the cards counted by a shuffle; ``fault`` for
    fault events; ``late`` for a chip sensed while the acceptor was locked; ``locked`` the
    lockout state after a change.
    """

    device: str
    serial_number: str
    number: int
    kind: EventKind
    seat: int | None = None
    stack: int | None = None
    cards: tuple[CardCode | None, ...] = ()
    count: int | None = None
    fault: FaultCode | None = None
    late: bool = False
    locked: bool | None = None
    detail: str = ""

    def __str__(self) -> str:
        where = f"{self.device} seat {self.seat}" if self.seat is not None else self.device
        extra = []
        if self.cards:
            extra.append(" ".join("??" if c is None else card_text(c) for c in self.cards))
        if self.stack is not None:
            extra.append(f"stack {self.stack}")
        if self.count is not None:
            extra.append(f"{self.count} cards")
        if self.fault is not None:
            extra.append(self.fault.label)
        if self.late:
            extra.append("late")
        if self.locked is not None:
            extra.append("locked" if self.locked else "unlocked")
        if self.detail:
            extra.append(self.detail)
        tail = f" ({', '.join(extra)})" if extra else ""
        return f"{where} #{self.number}: {self.kind.value}{tail}"


def _card(code: int) -> CardCode | None:
    return code if is_card_code(code) else None


def decode_event(
    raw: RawEvent, device: str, serial_number: str, seat: int | None = None
) -> DeviceEvent:
    """Decode a raw event; raises :class:`PayloadError` for an unknown code or short data."""
    try:
        kind = _KINDS[EventCode(raw.code)]
    except (ValueError, KeyError) as error:
        raise PayloadError(f"unknown event code {raw.code}") from error
    data = raw.data
    base = DeviceEvent(device, serial_number, raw.number, kind, seat=seat)
    try:
        match kind:
            case EventKind.FAULT_RAISED | EventKind.FAULT_CLEARED:
                return replace(base, fault=FaultCode(data[0]))
            case EventKind.SHUFFLE_COMPLETED:
                return replace(base, count=data[0])
            case EventKind.STACK_DISPENSED:
                stack = struct.unpack_from("<H", data)[0]
                return replace(base, stack=stack, cards=tuple(_card(b) for b in data[2:]))
            case EventKind.CHIP_SENSED:
                return replace(base, late=bool(data[0]))
            case EventKind.LOCKOUT_CHANGED:
                return replace(base, locked=bool(data[0]))
    except (IndexError, ValueError, struct.error) as error:
        raise PayloadError(f"event {raw.number}: bad data {data.hex()}") from error
    return base
