"""The table controller the dealer's screen drives: Qt-free, run on the worker thread.

It holds the station (which journals every action before returning), the game adapter (which
turns a round into view-models and a button into a round action with its arguments) and what the
devices last said (health, lights, lockout). Every dealer input and device event goes through
:meth:`TableController.perform` or :meth:`TableController.device_event`; after each one the screen
gets a fresh immutable :class:`Snapshot`.

A device fault that matters to the current step (the step's ``hardware`` names that device) stops
the step: its actions are disabled and the panel says what happened and what to do.

>>> fault = DeviceHealth("lockout", HealthState.FAULT, "jam")
>>> print(blocking_fault(("lockout_on",), {"lockout": fault}))
Lockout controller fault (jam). This step is stopped: clear the fault or call a technician; the
step resumes by itself when the device is back.
>>> blocking_fault(("shoe_dispense:3",), {"lockout": DeviceHealth("lockout", HealthState.FAULT)})
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, field, replace
from typing import Any, Protocol

from dealer_station.cards import Card
from dealer_station.procedure import GameRound, ProcedureError, Record
from dealer_station.ui.view import (
    DeviceHealth,
    HealthState,
    Light,
    PaymentLine,
    StepView,
    TableView,
    payment_lines,
    step_view,
)

__all__ = [
    "DEVICE_NAMES",
    "DeviceState",
    "EntryRequest",
    "GameAdapter",
    "MemoryStation",
    "Snapshot",
    "StationLike",
    "TableController",
    "blocking_fault",
    "device_for_hardware",
]

#: Device keys → the words the dealer reads.
DEVICE_NAMES = {
    "shoe": "Shoe",
    "acceptors": "Acceptor lights",
    "lockout": "Lockout controller",
    "journal": "Journal",
}


def device_for_hardware(requirement: str) -> str | None:
    """The device a step's hardware requirement needs.

    >>> device_for_hardware("shoe_dispense:3"), device_for_hardware("lockout_on")
    ('shoe', 'lockout')
    >>> device_for_hardware("acceptor_lights:1,2"), device_for_hardware("cards_manual")
    ('acceptors', None)
    """
    head = requirement.split(":", 1)[0]
    if head.startswith("shoe"):
        return "shoe"
    if head.startswith("lockout"):
        return "lockout"
    if head.startswith(("acceptor", "light")):
        return "acceptors"
    return None


def blocking_fault(hardware: Sequence[str], health: Mapping[str, DeviceHealth]) -> str | None:
    """The stop message when a device the step needs is not healthy, else ``None``."""
    for requirement in hardware:
        device = device_for_hardware(requirement)
        item = health.get(device) if device else None
        if item is None or item.state is HealthState.CONNECTED:
            continue
        if item.state is HealthState.NOT_CONFIGURED:
            continue
        name = DEVICE_NAMES.get(device or "", device or "device")
        detail = f" ({item.detail})" if item.detail else ""
        if item.state is HealthState.RECONNECTING:
            return (f"{name} is reconnecting{detail}. This step waits: do not deal or pay until "
                    "its light is green again.")
        return (f"{name} {item.state.value}{detail}. This step is stopped: clear the fault or "
                "call a technician; the step resumes by itself when the device is back.")
    return None


@dataclass(frozen=True, slots=True)
class EntryRequest:
    """Input the step needs from the dealer's hands: ``cards`` (manual card entry, when the shoe
    does not read them) or ``setting`` (a Pai Gow player's low hand)."""

    kind: str
    position: str
    title: str
    count: int = 0
    cards: tuple[Card, ...] = ()
    allow_joker: bool = False
    unavailable: tuple[Card, ...] = ()


@dataclass
class DeviceState:
    """What the devices last said: health per device, lights per seat, lockout, reading shoe."""

    health: dict[str, DeviceHealth] = field(default_factory=dict)
    lights: dict[str, Light] = field(default_factory=dict)
    lockout: bool | None = None
    shoe_reads_cards: bool = False
    late_chips: dict[str, int] = field(default_factory=dict)


@dataclass(frozen=True, slots=True)
class Snapshot:
    """Everything the screen shows at one moment; built on the worker thread, drawn on the GUI."""

    table: TableView
    step: StepView
    payments: tuple[PaymentLine, ...]
    ticked: frozenset[int]
    entry: EntryRequest | None
    health: tuple[DeviceHealth, ...]
    complete: bool
    records: int
    message: str = ""


class StationLike(Protocol):
    """What the controller needs of :class:`dealer_station.station.Station`."""

    @property
    def round(self) -> GameRound: ...

    def perform(self, action: str, **arguments: Any) -> Record: ...


class MemoryStation:
    """A station without a journal, for previews and screenshots: performs actions on the round
    directly. The application itself uses the durable station."""

    def __init__(self, round_: GameRound) -> None:
        self._round = round_

    @property
    def round(self) -> GameRound:
        return self._round

    def perform(self, action: str, **arguments: Any) -> Record:
        if action.startswith("_") or not callable(getattr(self._round, action, None)):
            raise ProcedureError(f"the round has no action {action!r}")
        record: Record = getattr(self._round, action)(**arguments)
        return record


class GameAdapter(Protocol):
    """The game-specific half of the screen: one per game (Let It Ride, Pai Gow)."""

    game: str

    def table_view(self, round_: GameRound, devices: DeviceState) -> TableView: ...

    def arguments(self, round_: GameRound, action: str) -> dict[str, Any]: ...

    def enabled(self, round_: GameRound) -> dict[str, bool]: ...

    def entry(self, round_: GameRound, devices: DeviceState) -> EntryRequest | None: ...

    def entry_action(self, round_: GameRound, request: EntryRequest,
                     cards: Sequence[Card]) -> tuple[str, dict[str, Any]]: ...

    def device_actions(self, round_: GameRound, event: Any,
                       devices: DeviceState) -> list[tuple[str, dict[str, Any]]]: ...

    def done_positions(self, round_: GameRound) -> tuple[int | str, ...]: ...


class TableController:
    """Drives one table: dealer inputs and device events in, snapshots out. Not thread-safe: the
    worker thread owns it."""

    def __init__(self, station: StationLike, adapter: GameAdapter,
                 devices: DeviceState | None = None,
                 hardware: Callable[[str], None] | None = None) -> None:
        self.station = station
        self.adapter = adapter
        self.devices = devices or DeviceState()
        self._hardware = hardware
        self.ticked: set[int] = set()
        self.message = ""

    @property
    def round(self) -> GameRound:
        return self.station.round

    # ------------------------------------------------------------ inputs
    def perform(self, action: str, arguments: Mapping[str, Any] | None = None) -> Record | None:
        """Perform a step action; arguments default to what the adapter derives from the step.
        A :class:`ProcedureError` becomes the panel's message, never a crash."""
        step = self.round.step
        fault = blocking_fault(step.hardware, self.devices.health)
        if fault is not None:
            self.message = fault
            return None
        args = dict(arguments) if arguments is not None else self.adapter.arguments(
            self.round, action)
        try:
            record = self.station.perform(action, **args)
        except ProcedureError as error:
            self.message = error.reason + (f" [{error.clause}]" if error.clause else "")
            return None
        self.message = ""
        self._drive_hardware(step.hardware)
        return record

    def enter_cards(self, cards: Sequence[Card]) -> Record | None:
        """Cards entered by hand (manual entry) or a low hand picked (Pai Gow setting)."""
        request = self.adapter.entry(self.round, self.devices)
        if request is None:
            self.message = "No cards are expected now."
            return None
        action, arguments = self.adapter.entry_action(self.round, request, cards)
        return self.perform(action, arguments)

    def tick(self, order: int, done: bool) -> None:
        """The dealer ticks off (or un-ticks) a payment."""
        if done:
            self.ticked.add(order)
        else:
            self.ticked.discard(order)

    def device_event(self, event: Any) -> list[Record]:
        """A device event: update lights/lockout state, perform the round actions it implies."""
        records = []
        for action, arguments in self.adapter.device_actions(self.round, event, self.devices):
            record = self.perform(action, arguments)
            if record is not None:
                records.append(record)
        return records

    def set_health(self, items: Sequence[DeviceHealth]) -> None:
        for item in items:
            self.devices.health[item.name] = item

    def _drive_hardware(self, requirements: Sequence[str]) -> None:
        if self._hardware is None:
            return
        for requirement in requirements:
            self._hardware(requirement)

    # ------------------------------------------------------------ output
    def snapshot(self) -> Snapshot:
        round_ = self.round
        step = round_.step
        fault = blocking_fault(step.hardware, self.devices.health)
        notes = [self.message] if self.message and self.message != fault else []
        view = step_view(step, enabled=self.adapter.enabled(round_),
                         done=self.adapter.done_positions(round_), blocked=fault, notes=notes)
        table = self.adapter.table_view(round_, self.devices)
        order = {str(p): i for i, p in enumerate(
            p for p in step.positions if str(p) not in
            {str(d) for d in self.adapter.done_positions(round_)})}
        table = replace(table, seats=tuple(
            replace(seat, order=order.get(seat.key)) for seat in table.seats))
        health = tuple(self.devices.health.values())
        return Snapshot(
            table=table,
            step=view,
            payments=payment_lines(round_.payments),
            ticked=frozenset(self.ticked),
            entry=self.adapter.entry(round_, self.devices),
            health=health,
            complete=round_.is_complete,
            records=len(round_.history),
            message=self.message,
        )
