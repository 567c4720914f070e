"""The dealer's screen on a floor (``[floor]`` in the table configuration, docs/floor.md): the
station's :class:`~dealer_station.floor.link.FloorLink` started beside the devices; every
change it reports (the pool's amount, a hit PENDING, the floor lost or back) is handed to the
table worker without waiting, which locks the progressive wager out (its acceptors held locked,
the other wagers going on) or puts the acceptors back as they were, records a claim approved
while an earlier hit was pending once the floor has paid it in its turn, and redraws. Nothing here
runs on the GUI thread or blocks the worker."""

from __future__ import annotations

from dealer_station.floor.config import FloorConfig
from dealer_station.floor.link import FloorLink, FloorView, LinkedPool, ProgressiveLockout
from dealer_station.hardware import ACCEPTORS_HELD, ACCEPTORS_RELEASED
from dealer_station.station import Station
from dealer_station.ui.bridge import DeviceBridge, Job
from dealer_station.ui.controller import TableController
from dealer_station.ui.device_words import status
from dealer_station.ui.view import HealthState

__all__ = ["attach_floor", "device_health", "device_serials"]


def device_serials(controller: TableController) -> dict[str, str]:
    """The serial numbers the table's devices gave when they identified themselves (serial ->
    device); none for the simulated table (its serials are the same at every table)."""
    manager = controller.manager
    if manager is None or controller.simulation is not None:
        return {}
    return {health.identity.serial_number: (f"{name} seat {seat}" if seat is not None
                                            else name)
            for (name, seat), health in manager.health().items()
            if health.identity is not None and health.identity.serial_number}


def device_health(controller: TableController) -> dict[str, str]:
    """The devices' live health as the dealer's top bar says it: device -> "online", or its
    status in the dealer's words ("no answer", "jam", "connecting", "stopped"; a device not
    configured is left out)."""
    found = {}
    for name, item in dict(controller.devices.health).items():
        if item.state is HealthState.NOT_CONFIGURED:
            continue
        found[name] = status(item) or "online"
    return found


def attach_floor(controller: TableController, config: FloorConfig,
                 bridge: DeviceBridge | None = None) -> FloorLink:
    station = controller.station
    if not isinstance(station, Station):  # a preview's table keeps no records
        raise TypeError("only a table with a station's store joins a floor")
    lockout = ProgressiveLockout(lambda held: controller._drive_hardware(
        (ACCEPTORS_HELD if held else ACCEPTORS_RELEASED,)))

    pending_seen: list[int | None] = [None]

    def apply(worker_controller: TableController, view: FloorView) -> None:
        worker_controller.floor = view
        lockout.update(view)
        # a hit was decided (or this is the first word since the start): a claim approved
        # while an earlier hit was pending may be paid now (contributions alone pay nothing)
        if station.linked_meter is not None and view.pending != pending_seen[0]:
            pending_seen[0] = view.pending
            if station.round is not None:
                station.record_floor_payments()

    def changed(view: FloorView) -> None:
        if bridge is None:
            apply(controller, view)
        else:
            bridge.call_requested.emit(Job(lambda worker_controller: apply(worker_controller,
                                                                           view)))

    link = FloorLink(config, station.store.directory, station.store.table, station.game,
                     devices=lambda: device_serials(controller),
                     health=lambda: device_health(controller), on_change=changed)
    station.progressive_lock = lambda: link.view.progressive_refusal
    if config.pool:  # its claims are paid from the pool as it stands on the floor
        pool = LinkedPool(config, station.store.table, lambda: link.view.amount_cents)
        station.linked_meter = pool
        controller.closers.append(pool.close_connection)
    controller.floor = link.view
    controller.closers.append(link.stop)
    link.start()
    return link
