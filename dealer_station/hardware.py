"""What a step needs of the table's devices (:attr:`dealer_station.procedure.Step.hardware`), typed:
a :class:`Hardware` requirement is a :class:`HardwareKind` with the seats of an acceptor-light
requirement or the size of a stack to dispense. A leaf: imports nothing of the project.

*Standing* requirements are states the devices hold during the step (the wager lockout on or off,
the bonus acceptor lights), applied as the step begins; the others are actions (dispense a stack,
shuffle, reset the shoe's latched faults) done when the dealer presses or the round moves on.
``str()`` gives the requirement in the words of the logs and messages (``shoe_dispense:3``).

>>> shoe_dispense(3), LOCKOUT_ON.kind.device, acceptor_lights([2, 5])
(Hardware('shoe_dispense:3'), 'lockout', Hardware('acceptor_lights:2,5'))
>>> LOCKOUT_ON.kind.standing, shoe_dispense(7).kind.standing, str(acceptors_enabled(()))
(True, False, 'acceptors_enabled:')
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass
from enum import Enum

__all__ = [
    "ACCEPTORS_HELD",
    "ACCEPTORS_RELEASED",
    "LIGHTS_OUT",
    "LOCKOUT_OFF",
    "LOCKOUT_ON",
    "SHOE_RESET",
    "SHOE_SHUFFLE",
    "Hardware",
    "HardwareKind",
    "acceptor_lights",
    "acceptors_enabled",
    "shoe_dispense",
]


class HardwareKind(Enum):
    """What a device is asked to do or to hold: each kind with its word in the logs, the device
    that does it (``shoe``, ``lockout`` or ``acceptors``) and whether it is a state the devices
    hold during a step (applied as the step begins) rather than an action."""

    #: The optional (bonus) wagers locked out: the lockout controller locks, 5324.34(a)(3)(ii),
    #: 5324.41(k)(2).
    LOCKOUT_ON = ("lockout_on", "lockout", True)
    #: The lockout released: the optional wagers are taken again.
    LOCKOUT_OFF = ("lockout_off", "lockout", True)
    #: The bonus acceptors of these seats invite a $1 bonus wager (ATTRACT), 5324.34(a)(3).
    ACCEPTORS_ENABLED = ("acceptors_enabled", "acceptors", True)
    #: The bonus acceptors of these seats show an acknowledged bonus wager (ON); the others OFF.
    ACCEPTOR_LIGHTS = ("acceptor_lights", "acceptors", True)
    #: Every acceptor light out, whatever lit it (the host, or the acceptor itself on sensing a
    #: chip, as at Pai Gow): the round ended, the next round's wagers start from dark.
    LIGHTS_OUT = ("lights_out", "acceptors", True)
    #: The automated shoe dispenses one stack, 5324.34(d)(2), 5324.41(f)(3).
    SHOE_DISPENSE = ("shoe_dispense", "shoe", False)
    #: The automated shoe shuffles and counts the deck.
    SHOE_SHUFFLE = ("shoe_shuffle", "shoe", False)
    #: The shoe's latched faults are reset (a jam cleared by hand, a misread entered by hand).
    SHOE_RESET = ("shoe_reset", "shoe", False)
    #: Every bet acceptor held locked whatever the lockout controller does: the progressive
    #: wager the acceptors sense locked out alone (its floor away, docs/floor.md).
    ACCEPTORS_HELD = ("acceptors_held", "acceptors", False)
    #: The hold ended: each acceptor back to the lock it had (or the controller's latest).
    ACCEPTORS_RELEASED = ("acceptors_released", "acceptors", False)

    def __init__(self, word: str, device: str, standing: bool) -> None:
        self.word = word
        self.device = device
        self.standing = standing


@dataclass(frozen=True, slots=True)
class Hardware:
    """One requirement of a step on the devices.

    ``seats``: for the acceptor lights, the seats concerned (in the dealer's order; empty: none);
    ``stack``: for a dispense, the cards in the stack (None: the shoe's configured size);
    ``at``: for a dispense the dealer pressed, where the round stood (``round:records``), so that
    a press at the same point after a dispense left in doubt is a retry of the same stack, never
    a second one (``ui/devices.py``).
    """

    kind: HardwareKind
    seats: tuple[int, ...] = ()
    stack: int | None = None
    at: str = ""

    def __str__(self) -> str:
        if self.kind in (HardwareKind.ACCEPTORS_ENABLED, HardwareKind.ACCEPTOR_LIGHTS):
            return f"{self.kind.word}:{','.join(str(seat) for seat in self.seats)}"
        if self.kind is HardwareKind.SHOE_DISPENSE and self.stack is not None:
            return f"{self.kind.word}:{self.stack}"
        return self.kind.word

    def __repr__(self) -> str:
        return f"Hardware({str(self)!r})"


LOCKOUT_ON = Hardware(HardwareKind.LOCKOUT_ON)
LOCKOUT_OFF = Hardware(HardwareKind.LOCKOUT_OFF)
SHOE_SHUFFLE = Hardware(HardwareKind.SHOE_SHUFFLE)
SHOE_RESET = Hardware(HardwareKind.SHOE_RESET)
ACCEPTORS_HELD = Hardware(HardwareKind.ACCEPTORS_HELD)
ACCEPTORS_RELEASED = Hardware(HardwareKind.ACCEPTORS_RELEASED)
LIGHTS_OUT = Hardware(HardwareKind.LIGHTS_OUT)


def shoe_dispense(stack: int) -> Hardware:
    """The automated shoe dispenses a stack of ``stack`` cards."""
    return Hardware(HardwareKind.SHOE_DISPENSE, stack=stack)


def acceptors_enabled(seats: Iterable[int]) -> Hardware:
    """The bonus acceptors of ``seats`` invite a bonus wager."""
    return Hardware(HardwareKind.ACCEPTORS_ENABLED, seats=tuple(seats))


def acceptor_lights(seats: Iterable[int]) -> Hardware:
    """The bonus acceptors of ``seats`` show an acknowledged bonus wager; the others are off."""
    return Hardware(HardwareKind.ACCEPTOR_LIGHTS, seats=tuple(seats))
