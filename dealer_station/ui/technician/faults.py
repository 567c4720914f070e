"""Fault injection on the simulated table (the technician's back door, for training and for
checking that the station reacts as it should): each fault by name, the line it acts on, and
what it does through :class:`drivers.sim.backdoor.Backdoor`.

>>> sorted(FAULTS)[:3]
['bogus_event', 'close_door', 'corrupt_crc']
>>> FAULTS["jam"].label
'Jam the next dispense'
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

from drivers.protocol.codes import FaultCode

__all__ = ["FAULTS", "LINES", "Fault"]

#: The lines of a simulated table.
LINES = ("shoe", "acceptors", "lockout")


@dataclass(frozen=True, slots=True)
class Fault:
    """``act(backdoor, line)`` injects it; ``line_matters`` says whether the chosen line is
    used (the shoe's own faults ignore it)."""

    label: str
    act: Callable[[Any, str], None]
    line_matters: bool = True


#: The fault each line's self-test reports when told to fail.
SELF_TEST_FAULTS = {"shoe": FaultCode.CARD_COUNT, "acceptors": FaultCode.LAMP,
                    "lockout": FaultCode.BUTTON_STUCK}


def _self_test(backdoor: Any, line: str) -> None:
    seat = 1 if line == "acceptors" else None
    backdoor.fail_self_test(line, SELF_TEST_FAULTS[line], seat)


FAULTS: dict[str, Fault] = {
    "jam": Fault("Jam the next dispense", lambda b, _l: b.jam(), False),
    "misread": Fault("Misread the next card", lambda b, _l: b.misread(1), False),
    "open_door": Fault("Open the shoe door", lambda b, _l: b.open_door(), False),
    "close_door": Fault("Close the shoe door", lambda b, _l: b.close_door(), False),
    "unplug": Fault("Unplug the line", lambda b, line: b.unplug(line)),
    "replug": Fault("Plug the line back in", lambda b, line: b.replug(line)),
    "garbage": Fault("Garbage bytes on the line", lambda b, line: b.garbage(line, 32)),
    "corrupt_crc": Fault("Corrupt the next reply's CRC", lambda b, line: b.corrupt_crc(line, 1)),
    "drop_acks": Fault("Lose the next 2 replies", lambda b, line: b.drop_acks(line, 2)),
    "slow_acks": Fault("Slow replies (0.3 s)", lambda b, line: b.slow_acks(line, 0.3)),
    "normal_acks": Fault("Replies back to normal", lambda b, line: b.slow_acks(line, 0.0)),
    "fail_self_test": Fault("Fail the next self-test", _self_test),
    "bogus_event": Fault("Send a bogus event number (4294967295)",
                         lambda b, line: b.bogus_event_number(line)),
    "restart_numbering": Fault("Restart the device's event numbering",
                               lambda b, line: b.restart_numbering(line)),
    "late_dispense": Fault("Answer DISPENSE 1 s late (until replies back to normal)",
                           lambda b, _l: b.late_dispense(1.0), False),
}
