"""The screen's side of the device layer (Qt-free): turning a step's hardware requirements into
:class:`drivers.manager.DeviceManager` commands, which never block (they return futures run on
the manager's own line threads), and the manager's per-device health into the strip's items.

>>> book = HealthBook()
>>> from drivers.manager import Health, LinkState
>>> book.update(Health("acceptors", LinkState.ONLINE, seat=1))
>>> book.update(Health("acceptors", LinkState.OFFLINE, seat=2, detail="no answer"))
>>> [(h.name, h.state.value, h.detail) for h in book.items()]
[('acceptors', 'not answering', '1/2 online · seat 2: no answer')]
"""

from __future__ import annotations

import re
import threading
from collections.abc import Callable
from concurrent.futures import Future
from functools import partial
from typing import Any

from dealer_station import logs
from dealer_station.hardware import Hardware, HardwareKind
from dealer_station.ui.view import DEVICE_NAMES, DeviceHealth, HealthState
from drivers.manager import DeviceManager, DeviceOffline
from drivers.protocol.codes import LightMode
from drivers.shoe import DispenseInDoubt, DispenseNotDone

__all__ = ["DeviceHub", "HealthBook", "LightPlan", "failure_words", "light_failure_words"]


class HealthBook:
    """The latest :class:`drivers.manager.Health` of every device (per seat for acceptors),
    summarised as one :class:`DeviceHealth` per device."""

    def __init__(self) -> None:
        self._latest: dict[tuple[str, int | None], Any] = {}

    def update(self, health: Any) -> None:
        self._latest[(health.device, health.seat)] = health

    def items(self) -> tuple[DeviceHealth, ...]:
        by_device: dict[str, list[Any]] = {}
        for (device, _), health in sorted(self._latest.items(),
                                          key=lambda kv: (kv[0][0], kv[0][1] or 0)):
            by_device.setdefault(device, []).append(health)
        return tuple(self._summarise(device, group) for device, group in by_device.items())

    @staticmethod
    def _summarise(device: str, group: list[Any]) -> DeviceHealth:
        """One device's health from its units' (one a seat for the acceptor lights): a fault
        or a unit not answering makes the device's state; the technical detail (ports,
        addresses, commands) kept for the technician and the log."""
        states = [h.state.name for h in group]
        faults = tuple(dict.fromkeys(f.label for h in group for f in h.faults))
        troubled = [h for h in group if h.state.name != "ONLINE"]
        label = DEVICE_NAMES.get(device, device)
        if "STOPPED" in states:
            state = HealthState.OFFLINE
        elif faults:
            state = HealthState.FAULT
        elif troubled and all(h.state.name == "CONNECTING" for h in troubled):
            state = HealthState.CONNECTING  # opening for the first time: not a problem yet
        elif troubled:
            state = HealthState.NOT_ANSWERING
        else:
            state = HealthState.CONNECTED
        details = []
        if len(group) > 1:
            online = sum(1 for h in group if h.state.name == "ONLINE")
            details.append(f"{online}/{len(group)} online")
        for h in troubled:
            where = f"seat {h.seat}: " if h.seat is not None else ""
            if h.detail:
                details.append(f"{where}{h.detail}")
        if faults:
            details.append(", ".join(faults))
        away = tuple(sorted(h.seat for h in troubled if h.seat is not None))
        if len(group) > 1 and state is HealthState.CONNECTED:
            details = []
            label = f"{label} {len(group)}/{len(group)}"
        return DeviceHealth(device, state, " · ".join(details), label=label, faults=faults,
                            seats=len(group) if len(group) > 1 else 0, seats_away=away)


class LightPlan:
    """What each bonus acceptor light should show, from a Let It Ride step's acceptors enabled
    (positions that may still place the $1 bonus: ATTRACT, inviting the chip) and acceptor
    lights (bonus wagers acknowledged: ON) (5324.34(a)(3)); every other seat OFF. At the lockout
    the invitation ends; acknowledged lights stay on. A game whose steps name no acceptor light
    (Pai Gow: the acceptors light themselves, (d)(4)) is left alone during the round; at the
    round's end (``lights_out``) every light is put out, whatever lit it.

    >>> from dealer_station.hardware import LOCKOUT_ON, acceptor_lights, acceptors_enabled
    >>> plan = LightPlan(range(1, 8))
    >>> plan.apply(LOCKOUT_ON)
    {}
    >>> changes = plan.apply(acceptors_enabled([2, 5]))
    >>> sorted((s, m.name) for s, m in changes.items())[:3]
    [(1, 'OFF'), (2, 'ATTRACT'), (3, 'OFF')]
    >>> {s: m.name for s, m in plan.apply(acceptor_lights([2])).items()}
    {2: 'ON'}
    >>> {s: m.name for s, m in plan.apply(LOCKOUT_ON).items()}
    {5: 'OFF'}
    >>> from dealer_station.hardware import LIGHTS_OUT
    >>> sorted(m.name for m in LightPlan([3, 4]).apply(LIGHTS_OUT).values())
    ['OFF', 'OFF']
    """

    def __init__(self, seats_: Any) -> None:
        self.seats = tuple(sorted(int(s) for s in seats_))
        self.managing = False
        self.enabled: frozenset[int] = frozenset()
        self.lit: frozenset[int] = frozenset()
        self.sent: dict[int, Any] = {}

    def apply(self, requirement: Hardware) -> dict[int, Any]:
        """Take one requirement; the lights that must change, seat → mode."""
        match requirement.kind:
            case HardwareKind.ACCEPTORS_ENABLED:
                self.managing, self.enabled = True, frozenset(requirement.seats)
            case HardwareKind.ACCEPTOR_LIGHTS:
                self.managing, self.lit = True, frozenset(requirement.seats)
            case HardwareKind.LOCKOUT_ON:
                self.enabled = frozenset()
            case HardwareKind.LIGHTS_OUT:  # what an acceptor lit itself is unknown here: all
                self.enabled = self.lit = frozenset()
                self.sent.clear()
                return self.changes()
        if not self.managing:
            return {}
        return self.changes()

    def changes(self) -> dict[int, Any]:
        """The lights that differ from what was last sent (each then counted as sent)."""
        changes = {}
        for seat in self.seats:
            mode = (LightMode.ON if seat in self.lit else
                    LightMode.ATTRACT if seat in self.enabled else LightMode.OFF)
            if self.sent.get(seat) is not mode:
                self.sent[seat] = changes[seat] = mode
        return changes

    def failed(self, seat: int, mode: Any) -> None:
        """Sending ``mode`` to ``seat`` failed: it is not counted as sent, so the next step
        (or the acceptor's return) sends it again."""
        if self.sent.get(seat) is mode:
            del self.sent[seat]


class DeviceHub:
    """Performs a step's hardware requirements (:class:`~dealer_station.hardware.Hardware`) on
    the :class:`DeviceManager` without blocking: the lockout on / off, a stack dispensed, a
    shuffle, the shoe's latched faults reset, the acceptors held locked whatever the lockout does
    and released (the progressive locked out alone, docs/floor.md) and the acceptor lights
    (acceptors enabled, acceptor lights, see :class:`LightPlan`). A command that fails later is
    reported through ``on_error`` (called on the manager's thread).

    Each DISPENSE press names a new stack, except a press after a dispense left in doubt (the
    shoe answered neither it nor the question after it) at the same point of the round (the
    dispense's ``at``: the controller's round and record count): that press is a retry
    of the same stack, and the shoe's driver gives the stack that already came out rather than
    dispensing a second one (:mod:`drivers.shoe`)."""

    def __init__(self, manager: DeviceManager,
                 on_error: Callable[[str], None] | None = None) -> None:
        self.manager = manager
        self.on_error = on_error
        self.lockout: bool | None = None
        self._dispenses = 0
        self._in_doubt: tuple[str, str] | None = None  # (intent, step) of a dispense in doubt
        self._lock = threading.Lock()
        acceptors = manager.config.acceptors
        self.lights = LightPlan(acceptors.addresses if acceptors is not None else ())

    def __call__(self, requirement: Hardware) -> None:
        future: Future[Any] | None = None
        with self._lock:
            lights = self.lights.apply(requirement)
        for seat, mode in lights.items():
            light = self.manager.set_light(seat, mode)
            light.add_done_callback(partial(self._light_done, seat, mode))
            self._watch(partial(light_failure_words, seat, mode.name.lower()), light)
        match requirement.kind:
            case HardwareKind.LOCKOUT_ON | HardwareKind.LOCKOUT_OFF:
                locked = requirement.kind is HardwareKind.LOCKOUT_ON
                with self._lock:
                    send, self.lockout = self.lockout is not locked, locked
                if send:
                    future = self.manager.lock() if locked else self.manager.unlock()
                    future.add_done_callback(partial(self._lockout_done, locked))
            case HardwareKind.SHOE_DISPENSE:
                step = requirement.at
                with self._lock:
                    if self._in_doubt is not None and self._in_doubt[1] == step:
                        intent = self._in_doubt[0]  # the round has not moved: a retry
                    else:
                        self._dispenses += 1
                        intent = f"stack {self._dispenses}"
                future = self.manager.dispense(requirement.stack, intent)
                future.add_done_callback(partial(self._dispensed, intent, step))
            case HardwareKind.SHOE_SHUFFLE:
                future = self.manager.shuffle()
            case HardwareKind.SHOE_RESET:  # the latched faults (a jam cleared by hand) reset
                future = self.manager.submit("shoe", lambda shoe: shoe.reset_faults())
            case HardwareKind.ACCEPTORS_HELD | HardwareKind.ACCEPTORS_RELEASED:
                future = self.manager.hold_acceptors_locked(
                    requirement.kind is HardwareKind.ACCEPTORS_HELD)
        if future is not None:
            self._watch(partial(failure_words, requirement), future)

    def _dispensed(self, intent: str, step: str, future: Future[Any]) -> None:
        error = None if future.cancelled() else future.exception()
        with self._lock:
            if isinstance(error, DispenseInDoubt):
                self._in_doubt = (intent, step)  # the next press here asks for it again
            elif (not isinstance(error, DeviceOffline) and self._in_doubt is not None
                  and self._in_doubt[0] == intent):
                self._in_doubt = None  # known now: came out (its number) or did not

    def _light_done(self, seat: int, mode: Any, future: Future[Any]) -> None:
        if future.cancelled() or future.exception() is not None:
            with self._lock:
                self.lights.failed(seat, mode)

    def _lockout_done(self, locked: bool, future: Future[Any]) -> None:
        if future.cancelled() or future.exception() is not None:
            with self._lock:
                if self.lockout is locked:
                    self.lockout = None  # not known to be done: sent again at the next step

    def _watch(self, words: Callable[[BaseException], str], future: Future[Any]) -> None:
        """Report ``future``'s failure, if it fails, in ``words(error)``."""
        future.add_done_callback(partial(self._done, words))

    def _done(self, words: Callable[[BaseException], str], future: Future[Any]) -> None:
        error = None if future.cancelled() else future.exception()
        if error is None:
            return
        said = words(error)
        # the port and the protocol's words are the technician's: the log keeps them
        logs.get_logger("dealer_station.devices").warning(
            "device_command_failed", said=said, error=str(error))
        if self.on_error is not None:
            self.on_error(said)


#: A line's port or address in a driver's words: ``(/dev/pts/3)``, ``/dev/ttyUSB0: ``,
#: ``usb://1209:0001?serial=S: ``.
_PORT = re.compile(r"\s*\((?:/dev/|usb://|memory://|tcp://)[^)]*\)"
                   r"|(?:/dev/|usb://|memory://|tcp://)\S+:\s*")


def without_ports(text: str) -> str:
    """A driver's error in the dealer's words: its ports and addresses left out.

    >>> without_ports("shoe is offline (/dev/pts/3)")
    'shoe is offline'
    >>> without_ports("/dev/pts/1: no answer from device 16 to command 0x04 after 4 attempts")
    'no answer from device 16 to command 0x04 after 4 attempts'
    """
    return _PORT.sub("", text).strip()


def failure_words(requirement: Hardware, error: BaseException) -> str:
    """One line for the dealer when a device command fails: what was not done, why, and what
    happens now (nothing is lost: a state or a shuffle is applied when the device answers
    again; a DISPENSE is pressed again).

    >>> from dealer_station.hardware import SHOE_SHUFFLE, shoe_dispense
    >>> away = DeviceOffline("shoe is offline (/dev/pts/3)")
    >>> print(failure_words(SHOE_SHUFFLE, away))  # doctest: +NORMALIZE_WHITESPACE
    The shoe's shuffle is not confirmed (shoe is offline): the shoe shuffles as soon as it
    answers again, before any stack is dealt.
    >>> print(failure_words(shoe_dispense(7), away))  # doctest: +NORMALIZE_WHITESPACE
    DISPENSE not done (shoe is offline): no stack came out. Press DISPENSE again when the
    shoe's light is green.
    """
    reason = without_ports(str(error))  # the ports are the technician's (the log has them)
    match requirement.kind:
        case HardwareKind.SHOE_SHUFFLE:
            return (f"The shoe's shuffle is not confirmed ({reason}): the shoe shuffles as soon "
                    "as it answers again, before any stack is dealt.")
        case HardwareKind.SHOE_DISPENSE if isinstance(error, (DispenseInDoubt, DispenseNotDone)):
            return f"DISPENSE: {reason}."
        case HardwareKind.SHOE_DISPENSE:
            return (f"DISPENSE not done ({reason}): no stack came out. Press DISPENSE again when "
                    "the shoe's light is green.")
        case HardwareKind.LOCKOUT_ON:
            return (f"The lockout did not reach the controller ({reason}): it locks as soon as "
                    "the controller answers again.")
        case HardwareKind.LOCKOUT_OFF:
            return (f"The lockout controller did not unlock ({reason}): it is unlocked as soon as "
                    "it answers again.")
        case HardwareKind.SHOE_RESET:
            return (f"The shoe's fault reset failed ({reason}): clear the fault again when it "
                    "answers.")
    return f"{str(requirement).replace('_', ' ')} failed: {reason}"


def light_failure_words(seat: int, mode: str, error: BaseException) -> str:
    """One line for the dealer when an acceptor light was not set.

    >>> away = DeviceOffline("acceptors is offline (/dev/pts/2)")
    >>> print(light_failure_words(2, "on", away))  # doctest: +NORMALIZE_WHITESPACE
    Acceptor light 2 not set to on (acceptors is offline): set as soon as the acceptor answers
    again.
    """
    return (f"Acceptor light {seat} not set to {mode} ({without_ports(str(error))}): set as "
            "soon as the acceptor answers again.")
