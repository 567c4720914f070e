"""What both games' adapters share: device events common to every table (lights, lockout,
faults), the cards of a dispensed stack, wager states from settled payments, and the light of a
seat."""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence

from dealer_station.cards import Card, card_from_code
from dealer_station.procedure import Payment, Record
from dealer_station.ui.adapters.base import DeviceState
from dealer_station.ui.view import DeviceHealth, HealthState, Light, WagerView
from drivers.events import DeviceEvent, EventKind

__all__ = [
    "decisions",
    "note_device_event",
    "note_unread_stack",
    "seat_light",
    "settled_states",
    "stack_cards",
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


def seat_light(devices: DeviceState, key: str, has_bonus: bool, returned: bool = False) -> Light:
    """The acceptor light as the felt shows it: lit exactly where the round counts the
    acceptor's wager (``has_bonus``), RETURN where it senses a chip it will give back
    (``returned``: no base wager there), LATE where a chip came after the lockout; not what the
    device lamp says, so the felt never promises a wager the round will not settle."""
    if has_bonus:
        return Light.ON
    if returned:
        return Light.RETURN
    return Light.LATE if devices.lights.get(key) is Light.LATE else Light.OFF


def note_device_event(event: DeviceEvent, devices: DeviceState) -> None:
    """Update what the screen knows of the devices from one event (lights, lockout, faults)."""
    match event:
        case DeviceEvent(kind=EventKind.CHIP_SENSED, seat=int(seat), late=True):
            devices.lights[str(seat)] = Light.LATE
            devices.late_chips[str(seat)] = devices.late_chips.get(str(seat), 0) + 1
        case DeviceEvent(kind=EventKind.CHIP_SENSED, seat=int(seat)):
            devices.lights[str(seat)] = Light.ON
        case DeviceEvent(kind=EventKind.CHIP_REMOVED, seat=int(seat)):
            devices.lights[str(seat)] = Light.OFF
        case DeviceEvent(kind=EventKind.LOCKOUT_CHANGED, locked=locked):
            devices.lockout = bool(locked)
        case DeviceEvent(kind=EventKind.FAULT_RAISED, device=device, fault=fault):
            detail = fault.label if fault is not None else "fault"
            devices.health[device] = DeviceHealth(device, HealthState.FAULT, detail)
        case DeviceEvent(kind=EventKind.FAULT_CLEARED, device=device):
            devices.health[device] = DeviceHealth(device, HealthState.CONNECTED)


def note_unread_stack(event: DeviceEvent, devices: DeviceState, dealing: bool) -> None:
    """A stack out of a shoe that does not read (``dealing``: at a step the shoe deals):
    counted, its cards to be entered by hand (what the shoe reports of them is not used)."""
    if event.kind is EventKind.STACK_DISPENSED and dealing and not devices.shoe_reads_cards:
        devices.unread += 1


def stack_cards(event: DeviceEvent) -> tuple[Card, ...] | None:
    """The cards of a dispensed stack as the shoe read them, or None when it could not read
    one of them (the dealer then enters the stack by hand) or reported none."""
    cards = tuple(card_from_code(code) for code in event.cards)
    known = tuple(card for card in cards if card is not None)
    return known if known and len(known) == len(cards) else None
