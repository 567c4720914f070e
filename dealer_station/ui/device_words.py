"""A device's health in words a dealer acts on (Qt-free): the short status under its name in the
top bar ("no answer", "jam") and the one sentence that says what is wrong and what to do
("Acceptor lights: no answer — check that their cable is plugged in and they are switched on;
nothing is lost"). The technical detail ("/dev/pts/1: no answer from device 16 to command 0x04
after 4 attempts") stays with the technician: their screen's device list, the frame trace and
the diagnostic log.

>>> from dealer_station.ui.view import DeviceHealth, HealthState
>>> away = DeviceHealth("acceptors", HealthState.NOT_ANSWERING, "0/7 online · seat 1: /dev/pts/"
...                     "1: no answer from device 16 to command 0x04 after 4 attempts",
...                     label="Acceptor lights", seats=7, seats_away=tuple(range(1, 8)))
>>> status(away)
'no answer'
>>> print(advice(away))  # doctest: +NORMALIZE_WHITESPACE
Acceptor lights: no answer — check that their cable is plugged in and they are switched on;
nothing is lost.
>>> shoe = DeviceHealth("shoe", HealthState.NOT_ANSWERING, "/dev/ttyUSB0: [Errno 2] could not "
...                     "open port /dev/ttyUSB0", label="Shoe")
>>> print(advice(shoe))
Shoe: cable unplugged — plug it back in; nothing is lost.
>>> status(DeviceHealth("shoe", HealthState.FAULT, "jam", label="Shoe"))
'jam'
"""

from __future__ import annotations

import re

from dealer_station.ui.view import DEVICE_NAMES, DeviceHealth, HealthState

__all__ = ["advice", "cause", "status"]

#: What the technical detail of a device that does not answer says, by the words in it (the
#: drivers' LinkTimeout, LinkDown, WrongDevice, NakError and PayloadError).
_CAUSES = (
    ("no answer", re.compile(r"no answer|timed? ?out", re.IGNORECASE)),
    ("in use", re.compile(r"in use by another program", re.IGNORECASE)),
    ("wrong device", re.compile(r"address \d+ on .* is an? ", re.IGNORECASE)),
    ("cable unplugged", re.compile(
        r"could not open|no such (file|device|usb)|not connected|returned no data|"
        r"disconnected|errno (2|5|6|19)\b|no in-process device|not open", re.IGNORECASE)),
    ("garbled answers", re.compile(r"crc|nak|payload|malformed|garbage", re.IGNORECASE)),
)

#: What the dealer does for each cause; ``{their}`` and ``{they}`` follow the device's name.
_TO_DO = {
    "no answer": "check that {their} cable is plugged in and {they} switched on; nothing is "
                 "lost",
    "cable unplugged": "plug it back in; nothing is lost",
    "in use": "another program holds {their} port: call a technician",
    "wrong device": "another device answers on {their} cable: call a technician",
    "garbled answers": "check {their} cable or call a technician; nothing is lost",
}


def cause(detail: str) -> str:
    """Why a device does not answer, from its technical ``detail`` ("no answer" when it does
    not say).

    >>> cause("/dev/pts/3: no answer from device 1 to command 0x04 after 4 attempts")
    'no answer'
    >>> cause("usb://1209:0001?serial=S: no such USB device present")
    'cable unplugged'
    """
    for words, pattern in _CAUSES:
        if pattern.search(detail):
            return words
    return "no answer"


def _seats(seats: tuple[int, ...]) -> str:
    """``(3, 5)`` → ``"3, 5"``."""
    return ", ".join(str(seat) for seat in seats)


def status(item: DeviceHealth) -> str:
    """The short words under the device's name in the top bar ("" when connected): what is
    wrong, for the acceptor lights which positions when only some.

    >>> from dealer_station.ui.view import DeviceHealth, HealthState
    >>> status(DeviceHealth("acceptors", HealthState.NOT_ANSWERING, "seat 3: no answer",
    ...                     seats=7, seats_away=(3, 5)))
    'no answer at 3, 5'
    >>> status(DeviceHealth("acceptors", HealthState.NOT_ANSWERING, "no answer", seats=7,
    ...                     seats_away=(1, 2, 3, 4, 5, 6)))
    'no answer at 6 of 7'
    """
    match item.state:
        case HealthState.CONNECTED | HealthState.NOT_CONFIGURED:
            return ""
        case HealthState.CONNECTING:
            return "connecting"
        case HealthState.OFFLINE:
            return "stopped"
        case HealthState.FAULT:
            return ", ".join(item.faults) or item.detail or "fault"
    words = cause(item.detail)
    away, seats = item.seats_away, item.seats
    if away and seats and len(away) < seats:
        return f"{words} at {_seats(away)}" if len(away) <= 3 else \
            f"{words} at {len(away)} of {seats}"
    return words


def advice(item: DeviceHealth) -> str:
    """The device's one sentence for the dealer: its name, what is wrong and what to do ("" when
    connected).

    >>> from dealer_station.ui.view import DeviceHealth, HealthState
    >>> print(advice(DeviceHealth("shoe", HealthState.FAULT, faults=("jam",))))
    Shoe: jam — clear it, or call a technician; the step goes on by itself once it is cleared.
    >>> print(advice(DeviceHealth("lockout", HealthState.CONNECTING)))
    Lockout controller: connecting — wait a moment.
    """
    words = status(item)
    if not words:
        return ""
    name = item.label or DEVICE_NAMES.get(item.name, item.name)
    # the acceptor lights' name shows how many answer ("Acceptor lights 5/7"): the name alone
    name = DEVICE_NAMES.get(item.name, name) if item.name in DEVICE_NAMES else name
    plural = name.endswith("s")
    match item.state:
        case HealthState.CONNECTING:
            to_do = "wait a moment"
        case HealthState.OFFLINE:
            to_do = "restart the station or call a technician"
        case HealthState.FAULT:
            to_do = ("clear it, or call a technician; the step goes on by itself once it is "
                     "cleared")
        case _:
            to_do = _TO_DO[cause(item.detail)].format(
                their="their" if plural else "its", they="they are" if plural else "it is")
    return f"{name}: {words} — {to_do}."
