"""What both games' adapters share: device events common to every table (lights, lockout,
faults), wager states from settled payments, and the light of a seat."""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from typing import Any

from dealer_station.procedure import Payment, Record
from dealer_station.ui.controller import DeviceState
from dealer_station.ui.view import DeviceHealth, HealthState, Light, WagerView

__all__ = [
    "decisions",
    "note_device_event",
    "seat_light",
    "settled_states",
    "wager_views",
]

_OUTCOME_STATES = {"collect": "lost", "pay": "won", "push": "push", "return": "withdrawn"}


def settled_states(payments: Iterable[Payment]) -> dict[tuple[str, str], str]:
    """(position, wager) → the wager's state after settlement (``won``, ``lost``, ...)."""
    return {(str(p.position), p.wager): _OUTCOME_STATES.get(p.outcome, p.outcome)
            for p in payments}


def wager_views(position: int | str, amounts: Mapping[str, int], order: Sequence[str],
                states: Mapping[tuple[str, str], str],
                withdrawn: Iterable[str] = ()) -> tuple[WagerView, ...]:
    """The chips of one position, betting areas in ``order``, zero amounts left out."""
    gone = set(withdrawn)
    views = []
    for area in order:
        amount = amounts.get(area, 0)
        if not amount:
            continue
        state = states.get((str(position), area), "withdrawn" if area in gone else "placed")
        views.append(WagerView(area, amount, state))
    return tuple(views)


def decisions(history: Iterable[Record], prefix: str = "decide_") -> dict[int, dict[str, bool]]:
    """position → {wager: let it ride?} from the round's decision records."""
    found: dict[int, dict[str, bool]] = {}
    for record in history:
        if record.action.startswith(prefix):
            wager = record.action[len(prefix):]
            position = int(record.arguments["position"])
            found.setdefault(position, {})[wager] = bool(record.arguments.get("let_it_ride"))
    return found


def seat_light(devices: DeviceState, key: str, has_bonus: bool) -> Light:
    """The acceptor light as the devices last reported it; without acceptors, lit when the
    round counts a bonus wager there."""
    if key in devices.lights:
        return devices.lights[key]
    return Light.ON if has_bonus else Light.OFF


def _kind(event: Any) -> str:
    kind = getattr(event, "kind", None)
    return str(getattr(kind, "name", kind or ""))


def note_device_event(event: Any, devices: DeviceState) -> None:
    """Update what the screen knows of the devices from one event (lights, lockout, faults)."""
    kind = _kind(event)
    device = str(getattr(event, "device", ""))
    seat = getattr(event, "seat", None)
    if kind == "CHIP_SENSED" and seat is not None:
        if getattr(event, "late", False):
            devices.lights[str(seat)] = Light.LATE
            devices.late_chips[str(seat)] = devices.late_chips.get(str(seat), 0) + 1
        else:
            devices.lights[str(seat)] = Light.ON
    elif kind == "CHIP_REMOVED" and seat is not None:
        devices.lights[str(seat)] = Light.OFF
    elif kind == "LOCKOUT_CHANGED":
        devices.lockout = bool(getattr(event, "locked", False))
    elif kind == "FAULT_RAISED":
        fault = getattr(event, "fault", None)
        detail = str(getattr(fault, "label", fault or "fault"))
        devices.health[device] = DeviceHealth(device, HealthState.FAULT, detail)
    elif kind == "FAULT_CLEARED":
        devices.health[device] = DeviceHealth(device, HealthState.CONNECTED)


def event_kind(event: Any) -> str:
    """The event's kind name (``STACK_DISPENSED``, ``CHIP_SENSED``, ...)."""
    return _kind(event)
