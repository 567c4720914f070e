"""The technician's per-device tests, run on the live device manager's own line threads.

The tests are :mod:`drivers.diagnostics` (shared with ``dealer-station diag``): lamp, sensor,
dispense and lockout. Here they use the manager's drivers instead of opening the lines a second
time, each test submitted as one job to the line of the device it moves, so nothing else talks
on that line meanwhile (the chips placed for the sensor test never reach the round). Each outcome
is reported as soon as it is known (``on_outcome``, called on the line's thread).

The sensor and lockout tests ask a person for an action (a chip placed and taken away, the
dealer's lockout button pressed) and wait for the device to report it, up to
``action_seconds``; nothing reported is a failure. On a simulated table the person acts through
its hands (the back door, as the SIMULATED TABLE panel does): the test never acts for them.

Before a test the station authorizes it (a technician, never during a round, audited) and
refuses to start a round until it ends (:meth:`dealer_station.station.Station.diagnostic`).
"""

from __future__ import annotations

from collections.abc import Callable, Iterator
from concurrent.futures import Future
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

from drivers.device import DeviceDriver
from drivers.diagnostics import Diagnostics, Outcome
from drivers.manager import DeviceManager

if TYPE_CHECKING:  # annotations only: the simulators load only with a simulated table
    from drivers.sim.table import SimulatedTable

__all__ = ["ACTION_SECONDS", "DEVICE_TESTS", "DeviceTest", "ManagerDiagnostics", "submit_test"]


@dataclass(frozen=True, slots=True)
class DeviceTest:
    """A test: its name for the audit trail, the words on its button, the device (line) it
    runs on and the :class:`Diagnostics` check it runs."""

    name: str
    label: str
    device: str
    #: The check, given the diagnostics and how long a person's action is waited for.
    check: Callable[[Diagnostics, float], list[Outcome]]


#: How long the sensor and lockout tests wait for the action they ask for (seconds; for each
#: seat in the sensor test).
ACTION_SECONDS = 30.0

DEVICE_TESTS: dict[str, DeviceTest] = {
    "lamp": DeviceTest("lamp_test", "LAMP TEST", "acceptors",
                       lambda diagnostics, _wait: diagnostics.check_lamps()),
    "sensor": DeviceTest("sensor_test", "SENSOR TEST", "acceptors",
                         lambda diagnostics, wait: diagnostics.check_sensors(wait)),
    "dispense": DeviceTest("dispense_test", "DISPENSE TEST", "shoe",
                           lambda diagnostics, _wait: diagnostics.check_dispense()),
    "lockout": DeviceTest("lockout_test", "LOCKOUT TEST", "lockout",
                          lambda diagnostics, wait: diagnostics.check_lockout(wait)),
}


class ManagerDiagnostics(Diagnostics):
    """:class:`Diagnostics` over a running manager's lines and drivers, reporting each outcome
    as it comes."""

    def __init__(self, manager: DeviceManager, *, simulation: SimulatedTable | None = None,
                 on_outcome: Callable[[Outcome], None] = lambda outcome: None,
                 prompt: Callable[[str], None] = lambda text: None) -> None:
        # a person acts, on a simulated table through its hands: the test never acts for them
        super().__init__(manager.config, simulation=simulation, prompt=prompt,
                         trace_out=lambda line: None, backdoor_acts=False)
        self.links = manager.links()
        self.shoe, self.acceptors, self.lockout = manager.shoe, manager.acceptors, manager.lockout
        self._opened = set(self.links)  # the manager opened them
        self.on_outcome = on_outcome

    def _each(self, test: str, body: Callable[[DeviceDriver], str],
              drivers: Iterator[DeviceDriver]) -> list[Outcome]:
        outcomes = []
        for driver in drivers:
            found = super()._each(test, body, iter([driver]))
            for outcome in found:
                self.on_outcome(outcome)
            outcomes += found
        return outcomes

    def close(self) -> None:
        """The lines stay the manager's."""


def submit_test(manager: DeviceManager, key: str, *, simulation: SimulatedTable | None = None,
                on_outcome: Callable[[Outcome], None] = lambda outcome: None,
                prompt: Callable[[str], None] = lambda text: None,
                action_seconds: float = ACTION_SECONDS) -> Future[list[Outcome]]:
    """Run test ``key`` (``lamp``, ``sensor``, ``dispense``, ``lockout``) as one job on its
    device's line, a person's action waited for up to ``action_seconds``; never blocks (the
    result is a future)."""
    test = DEVICE_TESTS[key]
    diagnostics = ManagerDiagnostics(manager, simulation=simulation, on_outcome=on_outcome,
                                     prompt=prompt)
    def job(_target: Any) -> list[Outcome]:
        outcomes = test.check(diagnostics, action_seconds)
        if not outcomes:  # a test that found nothing to test says so
            outcomes = [Outcome(key, test.device, False, "nothing to test")]
            on_outcome(outcomes[0])
        return outcomes

    future: Future[list[Outcome]] = manager.submit(test.device, job)
    return future
