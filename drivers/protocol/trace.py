"""A frame in words, for the technician's live trace.

>>> from drivers.protocol.frame import Frame
>>> describe(Frame(1, 0x04, 5, bytes(8)))
'addr 01 seq 005 POLL epoch=00000000 ack=0'
>>> describe(Frame(1, 0x84, 5, bytes.fromhex("0100EE5E 08000000 01 07000000 20 01 01")))
'addr 01 seq 005 POLL reply: epoch=5EEE0001 next=8 #7 CHIP_SENSED 01'
>>> describe(Frame(1, 0x15, 5, bytes((0x22, 4))))
'addr 01 seq 005 NAK DISPENSE: FAULT_ACTIVE'
>>> describe(Frame(1, 0xA4, 6, bytes.fromhex("07000C0001")))
'addr 01 seq 006 LAST_DISPENSE reply: request=7 stack=12 dispensed'
"""

from __future__ import annotations

from drivers.protocol.codes import NAK, REPLY_FLAG, Command, EventCode, NakReason
from drivers.protocol.frame import Frame
from drivers.protocol.messages import (
    DispenseRecord,
    Identity,
    PayloadError,
    Status,
    decode_events,
    decode_poll,
)

__all__ = ["describe"]


def _name(enum: type[Command] | type[EventCode] | type[NakReason], value: int) -> str:
    try:
        return enum(value).name
    except ValueError:
        return f"0x{value:02X}"


def describe(frame: Frame) -> str:
    """One line: address, sequence, command (or reply or NAK) and the decoded payload."""
    head = f"addr {frame.address:02X} seq {frame.sequence:03d}"
    if frame.command == NAK and len(frame.payload) >= 2:
        return (
            f"{head} NAK {_name(Command, frame.payload[0])}: {_name(NakReason, frame.payload[1])}"
        )
    reply = bool(frame.command & REPLY_FLAG)
    command = frame.command & ~REPLY_FLAG
    name = _name(Command, command)
    body = frame.payload.hex(" ")
    try:
        if command == Command.POLL and not reply:
            epoch, ack = decode_poll(frame.payload)
            body = f"epoch={epoch:08X} ack={ack}"
        elif command in (Command.DISPENSE, Command.LAST_DISPENSE) and reply:
            record = DispenseRecord.decode(frame.payload)
            body = (f"request={record.request} stack={record.stack} "
                    f"{record.outcome.name.lower()}")
        elif command == Command.IDENTIFY and reply:
            body = str(Identity.decode(frame.payload))
        elif command == Command.STATUS and reply:
            status = Status.decode(frame.payload)
            faults = ",".join(f.name for f in status.faults) or "none"
            body = (
                f"faults={faults} pending={status.events_pending} boots={status.boots} "
                f"{status.detail.hex(' ')}"
            )
        elif command == Command.POLL:
            batch = decode_events(frame.payload)
            body = ", ".join(
                f"#{e.number} {_name(EventCode, e.code)} {e.data.hex(' ')}".rstrip()
                for e in batch.events
            )
            body = f"epoch={batch.epoch:08X} next={batch.following} {body or 'no events'}"
    except PayloadError:
        body = f"malformed {body}"
    text = f"{head} {name}{' reply' if reply else ''}"
    return f"{text}: {body}" if reply and body else f"{text} {body}".rstrip()
