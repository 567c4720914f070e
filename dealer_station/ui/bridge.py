"""The Qt bridge between the GUI thread and everything that may block.

:class:`TableWorker` lives on a worker :class:`QThread` and owns the :class:`TableController`
(the station with its journal commits, the round, the device commands); :class:`DeviceBridge`
turns the device manager's plain callbacks, called on the drivers' own threads, into Qt signals
queued to the worker. The GUI thread only sends requests and draws the immutable snapshots it
receives, so a device timeout or reconnect never freezes the screen.
"""

from __future__ import annotations

import sys
import threading
import time
import traceback
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

from PySide6.QtCore import QObject, QThread, Signal, Slot

from dealer_station.cards import Card
from dealer_station.procedure import ProcedureError
from dealer_station.ui.controller import Snapshot, TableController
from dealer_station.ui.view import DeviceHealth
from drivers.events import DeviceEvent
from drivers.manager import Health

__all__ = ["DeviceBridge", "Job", "TableWorker", "start_worker"]


#: What :attr:`DeviceBridge.health_changed` carries: the device manager's reports, or items ready
#: to show.
HealthBatch = tuple[Health | DeviceHealth, ...]


@dataclass(frozen=True)
class Job:
    """A call to run on the table worker's thread with its controller (a new round, a sign-in,
    a staff screen's call): what :attr:`MainWindow.call_requested` and
    :attr:`DeviceBridge.call_requested` carry. ``no_table`` runs instead when the worker has no
    controller (the table did not start, or has stopped): a staff screen's call or a control
    socket's request is answered there with a refusal, so nobody waits for ever; without it
    the job is dropped (the dealer's own calls need a table)."""

    run: Callable[[TableController], object]
    no_table: Callable[[], object] | None = None


class DeviceBridge(QObject):
    """Callbacks for the device manager that emit signals (safe from any thread), and
    :meth:`run_on_worker` for other threads of the station's own (the control socket)."""

    event_received = Signal(DeviceEvent, float)
    health_changed = Signal(tuple)  # HealthBatch
    error_reported = Signal(str)
    call_requested = Signal(Job)

    def run_on_worker(self, function: Callable[[TableController], Any],
                      timeout: float = 60.0) -> Any:
        """Run ``function(controller)`` on the table worker's thread (the screen is redrawn
        after it, as after any call) and return its result or raise its error; from any thread
        but the worker's own."""
        done = threading.Event()
        box: dict[str, Any] = {}

        def run(controller: TableController) -> None:
            try:
                box["result"] = function(controller)
            except BaseException as error:  # handed back to the caller's thread
                box["error"] = error
            finally:
                done.set()

        def no_table() -> None:  # answered even without a table
            box["error"] = ProcedureError("the table is closing: try again when it is open")
            done.set()

        self.call_requested.emit(Job(run, no_table))
        if not done.wait(timeout):
            raise ProcedureError(f"the station did not answer within {timeout:.0f} s")
        if "error" in box:
            raise box["error"]
        return box.get("result")

    def on_event(self, event: DeviceEvent) -> None:
        """Give this to the device manager as its event callback."""
        self.event_received.emit(event, time.perf_counter())

    def on_health(self, health: Health | DeviceHealth | HealthBatch | list[DeviceHealth]
                  ) -> None:
        """Give this to the device manager as its health callback (a ``Health``, or a batch of
        :class:`DeviceHealth`)."""
        batch = tuple(health) if isinstance(health, (list, tuple)) else (health,)
        self.health_changed.emit(batch)

    def on_error(self, text: str) -> None:
        """A device command that failed after the step moved on."""
        self.error_reported.emit(text)


class TableWorker(QObject):
    """Owns the controller on the worker thread; every slot ends by emitting a snapshot."""

    snapshot_ready = Signal(Snapshot)
    failed = Signal(str)

    def __init__(self, factory: Callable[[], TableController]) -> None:
        super().__init__()
        self._factory = factory
        self.controller: TableController | None = None
        self.last_event_at = 0.0

    @Slot()
    def start(self) -> None:
        try:
            self.controller = self._factory()
        except Exception as error:  # shown to the dealer, never a silent dead screen
            if isinstance(error, ValueError | OSError):  # bad input: one line, no traceback
                print(f"dealer-station: {error}", file=sys.stderr)
            else:
                traceback.print_exc()
            self.failed.emit(f"The table could not start: {error}")
            return
        self._publish()

    @Slot(str)
    def command(self, name: str) -> None:
        """The dealer pressed the step's command ``name`` (RIDE, HOUSE WAY, ...)."""
        if self.controller is None:
            return
        self.controller.command(name)
        self._publish()

    @Slot(tuple)
    def enter_cards(self, cards: tuple[Card, ...]) -> None:
        if self.controller is None:
            return
        self.controller.enter_cards(cards)
        self._publish()

    @Slot(int, bool)
    def tick(self, order: int, done: bool) -> None:
        if self.controller is None:
            return
        self.controller.tick(order, done)
        self._publish()

    @Slot(DeviceEvent, float)
    def device_event(self, event: DeviceEvent, sensed_at: float) -> None:
        if self.controller is None:
            return
        self.last_event_at = sensed_at
        self.controller.device_event(event)
        self._publish()

    @Slot(tuple)
    def device_health(self, items: HealthBatch) -> None:
        if self.controller is None:
            return
        before = dict(self.controller.devices.health)
        self.controller.note_health(items)
        if self.controller.devices.health != before:  # heartbeats that change nothing: no redraw
            self._publish()

    @Slot(str)
    def device_error(self, text: str) -> None:
        if self.controller is None:
            return
        self.controller.message = text
        self._publish()

    @Slot()
    def stop(self) -> None:
        """Close the devices and the station (on this thread, which opened them)."""
        if self.controller is not None:
            self.controller.close()
            self.controller = None

    @Slot(Job)
    def call(self, job: Job) -> None:
        """Run ``job.run(controller)`` on the worker thread (new round, sign-in, ...). Without
        a controller (a table that did not start or has stopped) ``job.no_table`` answers
        instead, so no staff screen waits for ever."""
        if self.controller is None:
            if job.no_table is not None:
                job.no_table()
            return
        try:
            job.run(self.controller)
        except Exception as error:
            self.controller.message = str(error)
        self._publish()

    def _publish(self) -> None:
        assert self.controller is not None
        try:
            self.snapshot_ready.emit(self.controller.snapshot())
        except Exception as error:
            traceback.print_exc()
            self.failed.emit(f"The screen could not be drawn: {error}")


# Every worker thread started, with its worker, until it has finished: a window that lets go of
# its thread before the thread ended must not destroy a running QThread (Qt aborts the process)
# nor delete the worker from the GUI thread while it still runs on its own.
_STARTED: list[tuple[QThread, TableWorker]] = []


def start_worker(worker: TableWorker, bridge: DeviceBridge | None = None) -> QThread:
    """Move ``worker`` to a new thread, connect the bridge to it and start it."""
    _STARTED[:] = [(t, w) for t, w in _STARTED if not t.isFinished()]
    thread = QThread()
    thread.setObjectName("table-worker")
    worker.moveToThread(thread)
    thread.started.connect(worker.start)
    if bridge is not None:
        bridge.event_received.connect(worker.device_event)
        bridge.health_changed.connect(worker.device_health)
        bridge.error_reported.connect(worker.device_error)
        bridge.call_requested.connect(worker.call)
    thread.start()
    _STARTED.append((thread, worker))
    return thread
