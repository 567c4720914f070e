"""The numbers of the station's device protocol: commands, event codes, fault codes, refusal
reasons and the device families (see ``docs/protocol.md``).

>>> Command.DISPENSE.reply
162
>>> FaultCode(1).label
'jam'
"""

from __future__ import annotations

from enum import IntEnum

__all__ = [
    "NAK",
    "REPLY_FLAG",
    "Command",
    "DispenseOutcome",
    "EventCode",
    "Family",
    "FaultCode",
    "IndicatorMode",
    "LightMode",
    "NakReason",
]

#: A device's positive answer to a command carries the command number with this bit set.
REPLY_FLAG = 0x80
#: The command number of a negative acknowledgement (payload: refused command, reason).
NAK = 0x15


class Command(IntEnum):
    """Commands the host sends; a device answers with ``command | 0x80`` or with :data:`NAK`."""

    IDENTIFY = 0x01
    STATUS = 0x02
    SELF_TEST = 0x03
    POLL = 0x04
    PING = 0x05
    RESET_FAULTS = 0x06
    # automated dealing shoe
    CONFIGURE_SHOE = 0x20
    SHUFFLE = 0x21
    DISPENSE = 0x22
    CARD_COUNT = 0x23
    LAST_DISPENSE = 0x24
    # bet acceptor light
    SET_LIGHT = 0x30
    SET_ACCEPTOR_LOCK = 0x31
    # bonus-wager lockout controller
    SET_LOCKOUT = 0x40
    SET_INDICATOR = 0x41

    @property
    def reply(self) -> int:
        """The command number of the positive answer."""
        return int(self) | REPLY_FLAG


class EventCode(IntEnum):
    """What a buffered device event reports."""

    FAULT_RAISED = 0x01
    FAULT_CLEARED = 0x02
    SHUFFLE_COMPLETED = 0x10
    STACK_DISPENSED = 0x11
    CHIP_SENSED = 0x20
    CHIP_REMOVED = 0x21
    LOCKOUT_BUTTON = 0x30
    LOCKOUT_CHANGED = 0x31


class FaultCode(IntEnum):
    """Device fault codes; shoe faults 0x01-0x0F, acceptor 0x10-0x1F, lockout 0x20-0x2F."""

    JAM = 0x01
    EMPTY = 0x02
    DOOR_OPEN = 0x03
    MISREAD = 0x04
    DUPLICATE_CARD = 0x05
    CARD_COUNT = 0x06
    CHIP_SENSOR = 0x10
    LAMP = 0x11
    BUTTON_STUCK = 0x20
    INDICATOR = 0x21
    SELF_TEST = 0x30

    @property
    def label(self) -> str:
        """The fault in plain words for screens and logs."""
        return self.name.lower().replace("_", " ")


class NakReason(IntEnum):
    """Why a device refused a well-formed frame addressed to it."""

    UNKNOWN_COMMAND = 0x01
    BAD_LENGTH = 0x02
    BAD_VALUE = 0x03
    FAULT_ACTIVE = 0x04
    NOT_READY = 0x05
    BUSY = 0x06


class DispenseOutcome(IntEnum):
    """What became of a DISPENSE the shoe executed (``docs/protocol.md``, section 7)."""

    NONE = 0  # no DISPENSE executed since the shoe's numbering began
    DISPENSED = 1  # the stack came out; its cards follow as STACK_DISPENSED
    JAMMED = 2  # the stack jammed: no cards came out (FAULT_RAISED jam)


class Family(IntEnum):
    """The device family a device declares in its identity."""

    SHOE = 0x01
    ACCEPTOR = 0x02
    LOCKOUT = 0x03


class LightMode(IntEnum):
    """A bet acceptor's light."""

    OFF = 0
    ON = 1
    FLASHING = 2
    ATTRACT = 3

    @property
    def lit(self) -> bool:
        """Whether the acceptor counts as lit (on or flashing; attract is decoration)."""
        return self in (LightMode.ON, LightMode.FLASHING)


class IndicatorMode(IntEnum):
    """The lockout controller's indicator lamp."""

    OFF = 0
    ON = 1
    FLASHING = 2
