"""A step's hardware requirements are typed (issue 15): each names its device and whether it is
a state held during the step; the device hub performs them on the manager by kind — the lockout
only when it changes, the Let It Ride bonus acceptor lights (5324.34(a)(3)), a dispense exactly
once (a press at the same point of the round after a dispense left in doubt asks for the same
stack, a press after the round moved asks for a new one)."""

from __future__ import annotations

from concurrent.futures import Future
from dataclasses import replace
from types import SimpleNamespace
from typing import Any

import pytest

from dealer_station.hardware import (
    LOCKOUT_OFF,
    LOCKOUT_ON,
    SHOE_RESET,
    SHOE_SHUFFLE,
    HardwareKind,
    acceptor_lights,
    acceptors_enabled,
    shoe_dispense,
)
from dealer_station.ui.controller import blocking_fault, standing
from dealer_station.ui.devices import DeviceHub
from dealer_station.ui.view import DeviceHealth, HealthState
from drivers.protocol.codes import LightMode
from drivers.shoe import DispenseInDoubt


class Manager:
    """The device manager's commands, recorded; each answers with a future the test settles."""

    def __init__(self) -> None:
        self.config = SimpleNamespace(acceptors=SimpleNamespace(addresses=(1, 2, 3)))
        self.calls: list[tuple[Any, ...]] = []
        self.futures: list[Future[Any]] = []

    def _call(self, *call: Any) -> Future[Any]:
        self.calls.append(call)
        future: Future[Any] = Future()
        self.futures.append(future)
        return future

    def lock(self) -> Future[Any]:
        return self._call("lock")

    def unlock(self) -> Future[Any]:
        return self._call("unlock")

    def set_light(self, seat: int, mode: LightMode) -> Future[Any]:
        return self._call("light", seat, mode.name)

    def dispense(self, size: int | None, intent: str) -> Future[Any]:
        return self._call("dispense", size, intent)

    def shuffle(self) -> Future[Any]:
        return self._call("shuffle")

    def submit(self, device: str, work: Any) -> Future[Any]:
        return self._call("submit", device)


@pytest.mark.parametrize(("requirement", "device", "held"), [
    (LOCKOUT_ON, "lockout", True), (LOCKOUT_OFF, "lockout", True),
    (acceptors_enabled([2]), "acceptors", True), (acceptor_lights([1]), "acceptors", True),
    (shoe_dispense(3), "shoe", False), (SHOE_SHUFFLE, "shoe", False), (SHOE_RESET, "shoe", False),
])
def test_every_requirement_names_its_device(requirement: Any, device: str, held: bool) -> None:
    assert (requirement.kind.device, requirement.kind.standing) == (device, held)


def test_every_kind_of_requirement_has_its_device() -> None:
    assert {kind.device for kind in HardwareKind} == {"lockout", "acceptors", "shoe"}


def test_a_shoe_fault_stops_a_dispense_not_a_lockout_step() -> None:
    health = {"shoe": DeviceHealth("shoe", HealthState.FAULT, "jam")}
    assert "Shoe" in (blocking_fault((LOCKOUT_ON, shoe_dispense(3)), health) or "")
    assert blocking_fault((LOCKOUT_ON,), health) is None


def test_while_wagers_are_taken_the_lockout_stays_open_5324_41_k_2() -> None:
    assert standing((LOCKOUT_ON, shoe_dispense(7))) == (LOCKOUT_ON,)
    assert standing((LOCKOUT_ON,), expects="wagers") == (LOCKOUT_OFF,)


def test_the_hub_locks_once_and_drives_the_bonus_lights_5324_34_a_3() -> None:
    manager = Manager()
    hub = DeviceHub(manager)
    hub(LOCKOUT_OFF)
    hub(acceptors_enabled([2, 3]))
    hub(acceptor_lights([1]))
    hub(LOCKOUT_ON)
    hub(LOCKOUT_ON)  # already locked: not sent again
    assert manager.calls == [
        ("unlock",),
        ("light", 1, "OFF"), ("light", 2, "ATTRACT"), ("light", 3, "ATTRACT"),
        ("light", 1, "ON"),
        ("light", 2, "OFF"), ("light", 3, "OFF"), ("lock",),
    ]
    hub(SHOE_SHUFFLE)
    hub(SHOE_RESET)
    assert manager.calls[-2:] == [("shuffle",), ("submit", "shoe")]


def test_a_dispense_in_doubt_is_asked_again_at_the_same_point_never_twice() -> None:
    manager = Manager()
    errors: list[str] = []
    hub = DeviceHub(manager, errors.append)
    hub(replace(shoe_dispense(3), at="1:4"))
    manager.futures[-1].set_exception(DispenseInDoubt("no answer", 1))
    hub(replace(shoe_dispense(3), at="1:4"))  # the round has not moved: the same stack
    manager.futures[-1].set_result(1)
    hub(replace(shoe_dispense(3), at="1:5"))  # the round moved on: a new stack
    assert [call for call in manager.calls if call[0] == "dispense"] == [
        ("dispense", 3, "stack 1"), ("dispense", 3, "stack 1"), ("dispense", 3, "stack 2")]
    assert errors == ["DISPENSE: no answer."]
