"""The technician's tests of the table devices, shared by ``dealer-station diag`` and the
technician's screen: list ports and USB devices, identify, self-test, lamp test per seat,
sensor test, dispense test, lockout test, a live decoded trace, error counters.

Each test returns :class:`Outcome` s (passed or failed, with the reason). The tests talk to
the devices directly and synchronously, so run them with the manager stopped (or on a
worker thread): they are for the technician, not for live play.

>>> from drivers.sim.table import start_simulated_table
>>> sim = start_simulated_table("let_it_ride", "memory")
>>> diag = Diagnostics(sim.config(), simulation=sim)
>>> [o.passed for o in diag.run("identify")]
[True, True, True, True, True, True, True, True, True]
>>> diag.close(); sim.close()
"""

from __future__ import annotations

import time
from collections.abc import Callable, Iterator
from dataclasses import dataclass
from typing import TYPE_CHECKING

from drivers.acceptors import AcceptorBank, AcceptorDriver
from drivers.config import DeviceConfig
from drivers.device import DeviceDriver
from drivers.events import EventKind
from drivers.lockout import LockoutDriver
from drivers.protocol.card_codes import CardCode, card_text
from drivers.protocol.codes import IndicatorMode, LightMode
from drivers.protocol.frame import Frame
from drivers.protocol.link import Link, NakError
from drivers.protocol.trace import describe
from drivers.shoe import ShoeDriver
from drivers.transports import LinkDown, ReopeningTransport

if TYPE_CHECKING:
    from drivers.sim.table import SimulatedTable

__all__ = ["TESTS", "Diagnostics", "Outcome", "list_ports"]

TESTS = (
    "ports",
    "identify",
    "selftest",
    "lamps",
    "sensors",
    "dispense",
    "lockout",
    "trace",
    "counters",
)


@dataclass(frozen=True, slots=True)
class Outcome:
    test: str
    subject: str
    passed: bool
    detail: str = ""

    def __str__(self) -> str:
        verdict = "PASS" if self.passed else "FAIL"
        return f"{verdict} {self.test} {self.subject}: {self.detail}".rstrip(": ")


def list_ports(usb_backend: str | None = None) -> list[Outcome]:
    """Serial ports and USB devices present (never fails: an empty list is information)."""
    # deferred on purpose: pyserial's port enumeration and pyusb load only to list ports
    from serial.tools import list_ports as serial_ports

    from drivers.transports.usb import discover

    found = [
        Outcome("ports", port.device, True, f"serial {port.description} [{port.hwid}]")
        for port in serial_ports.comports()
    ]
    try:
        usb = discover(backend=usb_backend)
    except LinkDown as error:
        found.append(Outcome("ports", "usb", True, f"USB not available: {error}"))
    else:
        found += [
            Outcome(
                "ports",
                f"usb://{vid:04x}:{pid:04x}",
                True,
                f"serial {serial} bus {bus} address {address}",
            )
            for vid, pid, serial, bus, address in usb
        ]
    if not found:
        found.append(Outcome("ports", "-", True, "no serial port or USB device found"))
    return found


class Diagnostics:
    """The devices of one configuration, opened for testing."""

    def __init__(
        self,
        config: DeviceConfig,
        *,
        simulation: SimulatedTable | None = None,
        prompt: Callable[[str], None] = lambda text: None,
        trace_out: Callable[[str], None] = print,
        report: Callable[[Outcome], None] = lambda outcome: None,
        backdoor_acts: bool = True,
    ) -> None:
        self.config = config
        self.simulation = simulation
        #: With a simulated table, its back door does what each prompt asks (``diag --sim``:
        #: nobody stands at that table). False where a person acts (the technician's screen,
        #: through the simulated table's hands): a test then waits for that person, and fails
        #: when nothing happens.
        self.backdoor_acts = backdoor_acts and simulation is not None
        self.prompt = prompt
        self.trace_out = trace_out
        #: Called with each device's outcome as soon as it is known (the technician placing
        #: chips seat by seat sees each seat's result before the next prompt).
        self.report = report
        self.tracing = False
        self._t0 = time.monotonic()
        self.links: dict[str, Link] = {}
        s = config.settings
        lines: dict[str, list[str]] = {}
        for spec in config.specs:
            lines.setdefault(spec.url, []).append(spec.name)
        for url, names in lines.items():
            self.links[url] = Link(
                ReopeningTransport(url, baudrate=s.baudrate),
                timeout=s.timeout,
                retries=s.retries,
                trace=self._tracer("+".join(names)),
            )
        self.shoe = self.acceptors = self.lockout = None
        if config.shoe:
            self.shoe = ShoeDriver(
                self.links[config.shoe.url],
                config.shoe.address,
                stack_size=config.shoe.stack_size,
                deck_size=config.shoe.deck_size,
            )
        if config.acceptors:
            self.acceptors = AcceptorBank(
                self.links[config.acceptors.url], config.acceptors.addresses
            )
        if config.lockout:
            self.lockout = LockoutDriver(self.links[config.lockout.url], config.lockout.address)
        self._opened: set[str] = set()

    # -- plumbing -----------------------------------------------------------------------------
    def _tracer(self, line: str) -> Callable[[str, Frame, float], None]:
        """The trace hook of one line; each trace line names the line (two devices on two
        lines may share an address)."""

        def trace(direction: str, frame: Frame, when: float) -> None:
            if self.tracing:
                self.trace_out(f"{when - self._t0:9.4f} {line:<9} {direction} {describe(frame)}")

        return trace

    def _drivers(self) -> Iterator[DeviceDriver]:
        if self.shoe:
            yield self.shoe
        if self.acceptors:
            yield from self.acceptors
        if self.lockout:
            yield self.lockout

    @staticmethod
    def _subject(driver: DeviceDriver) -> str:
        return f"{driver.name} seat {driver.seat}" if driver.seat else driver.name

    def _open(self, link: Link) -> None:
        if link.url not in self._opened:
            link.open()
            self._opened.add(link.url)

    def _ready(self, driver: DeviceDriver) -> None:
        self._open(driver.link)
        if driver.identity is None:
            driver.identify()
            driver.poll_all()  # start from a clean event buffer

    def _each(
        self, test: str, body: Callable[[DeviceDriver], str], drivers: Iterator[DeviceDriver]
    ) -> list[Outcome]:
        outcomes = []
        for driver in drivers:
            try:
                self._ready(driver)
                outcomes.append(Outcome(test, self._subject(driver), True, body(driver)))
            except (OSError, NakError, ValueError, AssertionError) as error:
                outcomes.append(Outcome(test, self._subject(driver), False, str(error)))
            self.report(outcomes[-1])
        return outcomes

    def close(self) -> None:
        for link in self.links.values():
            link.close()

    # -- the tests ----------------------------------------------------------------------------
    def run(self, test: str) -> list[Outcome]:
        if test not in TESTS:
            raise ValueError(f"unknown test {test!r}: {', '.join(TESTS)}")
        method: Callable[[], list[Outcome]] = getattr(self, f"check_{test}")
        return method()

    def check_ports(self) -> list[Outcome]:
        backend = "sim" if self.simulation and self.simulation.transport == "usb" else None
        return list_ports(backend)

    def check_identify(self) -> list[Outcome]:
        return self._each("identify", lambda d: str(d.identify()), self._drivers())

    def check_selftest(self) -> list[Outcome]:
        def body(driver: DeviceDriver) -> str:
            result = driver.self_test()
            if not result.passed:
                raise AssertionError(
                    "self-test failed: " + ", ".join(f.label for f in result.failures)
                )
            faults = driver.status().faults
            if faults:
                raise AssertionError("active faults: " + ", ".join(f.label for f in faults))
            return "passed"

        return self._each("selftest", body, self._drivers())

    def check_lamps(self) -> list[Outcome]:
        """Each seat's light on, then flashing, then off, read back from the acceptor; the
        lit count must be exactly one while a seat is lit."""
        if self.acceptors is None:
            return [Outcome("lamps", "acceptors", False, "no bet acceptors configured")]
        bank = self.acceptors

        def body(driver: DeviceDriver) -> str:
            assert driver.seat is not None
            for mode in (LightMode.ON, LightMode.FLASHING):
                bank.set_light(driver.seat, mode)
                status = bank[driver.seat].acceptor_status()
                if status.light is not mode:
                    raise AssertionError(f"light reads {status.light.name} after {mode.name}")
                if bank.lit_count() != 1:
                    raise AssertionError(f"{bank.lit_count()} acceptors lit, expected 1")
            bank.set_light(driver.seat, LightMode.OFF)
            if bank[driver.seat].acceptor_status().light is not LightMode.OFF:
                raise AssertionError("light does not go off")
            return "on, flashing, off read back"

        try:
            for acceptor in bank:
                self._ready(acceptor)
            bank.set_all(LightMode.OFF)
        except (OSError, NakError) as error:
            return [Outcome("lamps", "acceptors", False, str(error))]
        return self._each("lamps", body, iter(bank))

    def check_sensors(self, timeout: float = 30.0) -> list[Outcome]:
        """A chip placed at each seat in turn must be sensed there (and removed)."""
        if self.acceptors is None:
            return [Outcome("sensors", "acceptors", False, "no bet acceptors configured")]

        def body(driver: DeviceDriver) -> str:
            seat = driver.seat
            if isinstance(driver, AcceptorDriver) and driver.acceptor_status().chip_present:
                raise AssertionError("a chip is already on the acceptor: take it away first")
            self.prompt(f"place a chip on the acceptor at seat {seat}, then take it away")
            if self.backdoor_acts and self.simulation is not None and seat is not None:
                self.simulation.backdoor.place_chip(seat)
                self.simulation.backdoor.remove_chip(seat)
            kinds: list[EventKind] = []
            late = False
            deadline = time.monotonic() + timeout
            while time.monotonic() < deadline:
                for event in driver.poll_all():
                    kinds.append(event.kind)
                    late = late or (event.kind is EventKind.CHIP_SENSED and event.late)
                if EventKind.CHIP_SENSED in kinds and EventKind.CHIP_REMOVED in kinds:
                    if late:
                        raise AssertionError(
                            "chip reported late: the acceptor is locked (bonus wagers locked "
                            "out), so it would not take a wager"
                        )
                    return "chip sensed and removed"
                time.sleep(0.02)
            if EventKind.CHIP_SENSED in kinds:
                raise AssertionError("chip sensed but its removal was not")
            raise AssertionError(f"no chip sensed within {timeout:g} s")

        return self._each("sensors", body, iter(self.acceptors))

    def check_dispense(self) -> list[Outcome]:
        """Shuffle (the count must be the deck size), dispense one stack, every card
        recognised, none repeated."""
        if self.shoe is None:
            return [Outcome("dispense", "shoe", False, "no shoe configured")]
        shoe = self.shoe

        def body(_: DeviceDriver) -> str:
            shoe.configure()
            count = shoe.shuffle()
            if count != shoe.deck_size:
                raise AssertionError(f"shuffle counted {count} cards, expected {shoe.deck_size}")
            number = shoe.dispense()
            deadline = time.monotonic() + 5.0
            while time.monotonic() < deadline:
                for event in shoe.poll_all():
                    if event.kind is EventKind.FAULT_RAISED and event.fault:
                        raise AssertionError(f"fault: {event.fault.label}")
                    if event.kind is EventKind.STACK_DISPENSED and event.stack == number:
                        return _check_stack(event.cards, shoe.stack_size)
                time.sleep(0.01)
            raise AssertionError(f"stack {number} was dispensed but its cards never reported")

        return self._each("dispense", body, iter([shoe]))

    def check_lockout(self, button_timeout: float = 30.0) -> list[Outcome]:
        """Lock and unlock, read back, the change reported; the indicator set and read; then
        the dealer's button pressed (prompted; on a simulated table pressed through the back
        door) must be reported and lock the controller by itself, which is then unlocked."""
        if self.lockout is None:
            return [Outcome("lockout", "lockout", False, "no lockout controller configured")]
        box = self.lockout

        def button() -> None:
            self.prompt("press the dealer's lockout button")
            if self.backdoor_acts and self.simulation is not None:
                self.simulation.backdoor.press_lockout_button()
            seen: list[EventKind] = []
            locked_by_button = False
            deadline = time.monotonic() + button_timeout
            while time.monotonic() < deadline:
                for event in box.poll_all():
                    seen.append(event.kind)
                    if event.kind is EventKind.LOCKOUT_CHANGED and event.locked:
                        locked_by_button = EventKind.LOCKOUT_BUTTON in seen
                if locked_by_button:
                    break
                time.sleep(0.02)
            if EventKind.LOCKOUT_BUTTON not in seen:
                raise AssertionError(
                    f"the lockout button was not reported within {button_timeout:g} s"
                )
            if not locked_by_button or not box.lockout_status().locked:
                raise AssertionError("the lockout button did not lock the controller")
            box.set_locked(False)
            if box.lockout_status().locked:
                raise AssertionError("state reads locked after unlocking the button's lock")

        def body(_: DeviceDriver) -> str:
            for locked in (True, False):
                box.set_locked(locked)
                if box.lockout_status().locked is not locked:
                    raise AssertionError(f"state reads {'un' if locked else ''}locked")
            changes = [e.locked for e in box.poll_all() if e.kind is EventKind.LOCKOUT_CHANGED]
            if changes[-2:] != [True, False]:
                raise AssertionError(f"lock changes reported as {changes}")
            for mode in (IndicatorMode.ON, IndicatorMode.FLASHING, IndicatorMode.OFF):
                box.set_indicator(mode)
                if box.lockout_status().indicator is not mode:
                    raise AssertionError(f"indicator does not show {mode.name}")
            button()
            return "lock, unlock, indicator on/flashing/off, the button reported and locks"

        return self._each("lockout", body, iter([box]))

    def check_trace(self, seconds: float = 5.0) -> list[Outcome]:
        """Poll every device for ``seconds``, printing every frame decoded."""
        self.tracing = True
        outcomes: dict[str, Outcome] = {}
        try:
            deadline = time.monotonic() + seconds
            while time.monotonic() < deadline:
                for driver in self._drivers():
                    subject = self._subject(driver)
                    try:
                        self._ready(driver)
                        for event in driver.poll_all():
                            self.trace_out(f"          event {event}")
                        outcomes.setdefault(subject, Outcome("trace", subject, True, "answering"))
                    except (OSError, NakError) as error:
                        outcomes[subject] = Outcome("trace", subject, False, str(error))
                time.sleep(0.05)
        finally:
            self.tracing = False
        return list(outcomes.values())

    def check_counters(self) -> list[Outcome]:
        outcomes = []
        for url, link in self.links.items():
            values = " ".join(f"{k}={v}" for k, v in link.counters.as_dict().items())
            outcomes.append(Outcome("counters", url, True, values))
        for driver in self._drivers():
            ec = driver.event_counters
            outcomes.append(
                Outcome(
                    "counters",
                    self._subject(driver),
                    True,
                    f"events={ec.taken} duplicates_ignored={ec.duplicates_ignored} "
                    f"gaps={ec.gaps} undecodable={ec.undecodable}",
                )
            )
        return outcomes


def _check_stack(cards: tuple[CardCode | None, ...], size: int) -> str:
    if len(cards) != size:
        raise AssertionError(f"stack of {len(cards)} cards, expected {size}")
    read = [card for card in cards if card is not None]
    if len(read) != len(cards):
        raise AssertionError("a card was not recognised (misread)")
    if len(set(read)) != len(read):
        raise AssertionError("a card appears twice")
    return f"stack of {size}: " + " ".join(card_text(card) for card in read)
