"""Running station and device work off the GUI thread, for the supervisor's and technician's
screens.

The station (its SQLite store) and the device manager belong to the dealer's screen's worker
thread (:class:`~dealer_station.ui.bridge.TableWorker`). A screen never calls them itself: it
hands a function to :class:`StationCalls`, which runs it on the thread that owns the station and
brings the result (or the refusal, as words to show) back to the GUI thread as a callback.

Two ways to reach that thread:

* :func:`calls_for_window` posts through the dealer's window (``window.call_requested``, which
  runs ``function(controller)`` on the table worker);
* :class:`StationThread` is a thread of its own holding a station (tests, screenshots, a
  stand-alone supervisor console).
"""

from __future__ import annotations

import contextlib
import threading
import traceback
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

from PySide6.QtCore import QObject, QThread, Signal, Slot

from dealer_station.procedure import ProcedureError

__all__ = [
    "Background",
    "StaffContext",
    "StationCalls",
    "StationThread",
    "calls_for_window",
    "reason_of",
]


@dataclass(frozen=True)
class StaffContext:
    """What a staff screen's function receives on the station's thread: the station, the device
    manager (``None`` without devices), the simulated table (``None`` on real hardware) and the
    dealer's table controller (``None`` when no dealer's screen runs)."""

    station: Any
    manager: Any = None
    simulation: Any = None
    controller: Any = None

    @classmethod
    def of_controller(cls, controller: Any) -> StaffContext:
        """The context of the dealer's :class:`~dealer_station.ui.controller.TableController`."""
        return cls(controller.station, getattr(controller, "manager", None),
                   simulation_of(controller), controller)


def simulation_of(controller: Any) -> Any:
    """The simulated table the controller drives, if any: its ``simulation`` attribute, else
    the simulated table whose ``close`` the controller will call."""
    found = getattr(controller, "simulation", None)
    if found is not None:
        return found
    from drivers.sim.table import SimulatedTable

    for closer in getattr(controller, "closers", ()):
        owner = getattr(closer, "__self__", None)
        if isinstance(owner, SimulatedTable):
            return owner
    return None


def reason_of(error: BaseException) -> str:
    """The words shown for a refusal: the reason and, when there is one, the clause.

    >>> reason_of(ProcedureError("only a supervisor may change the configuration"))
    'only a supervisor may change the configuration'
    >>> reason_of(ValueError("bad amount"))
    'bad amount'
    """
    if isinstance(error, ProcedureError):
        return error.reason + (f" [{error.clause}]" if error.clause else "")
    clause = getattr(error, "clause", None)
    reason = getattr(error, "reason", None)
    if isinstance(reason, str) and clause:
        return f"{reason} [{clause}]"
    return str(error)


Post = Callable[[Callable[[Any], None]], None]


class StationCalls(QObject):
    """Submit ``function(context)`` to the station's thread; ``on_done(result)`` or
    ``on_error(words)`` runs later on the GUI thread. ``pending`` counts calls in flight."""

    _finished = Signal(object, object, object, object)

    def __init__(self, post: Post, context_of: Callable[[Any], StaffContext],
                 parent: QObject | None = None) -> None:
        super().__init__(parent)
        self._post = post
        self._context_of = context_of
        self.pending = 0
        self._finished.connect(self._deliver)

    def submit(self, function: Callable[[StaffContext], Any],
               on_done: Callable[[Any], None] | None = None,
               on_error: Callable[[str], None] | None = None) -> None:
        self.pending += 1
        finished = self._finished

        def job(owner: Any) -> None:
            try:
                result = function(self._context_of(owner))
            except Exception as error:  # every refusal becomes words on the screen
                if not isinstance(error, (ProcedureError, ValueError, OSError)):
                    traceback.print_exc()
                finished.emit(on_error, None, reason_of(error), True)
            else:
                finished.emit(on_done, result, None, False)

        try:
            self._post(job)
        except RuntimeError:  # the station's thread is gone (the application is closing)
            self.pending -= 1

    @Slot(object, object, object, object)
    def _deliver(self, callback: Any, result: Any, words: Any, failed: Any) -> None:
        self.pending -= 1
        if callback is None:
            return
        callback(words if failed else result)


def calls_for_window(window: Any) -> StationCalls:
    """Calls that run on the dealer's window's table worker (``window.call_requested``)."""
    return StationCalls(window.call_requested.emit, StaffContext.of_controller, window)


class _Host(QObject):
    def __init__(self, factory: Callable[[], StaffContext]) -> None:
        super().__init__()
        self._factory = factory
        self.context: StaffContext | None = None

    @Slot(object)
    def run(self, job: object) -> None:
        if self.context is None:
            self.context = self._factory()
        assert callable(job)
        job(self.context)

    @Slot()
    def close(self) -> None:
        context, self.context = self.context, None
        if context is not None:
            for closer in (getattr(context.manager, "stop", None),
                           getattr(context.simulation, "close", None),
                           getattr(context.station, "close", None)):
                if closer is not None:
                    closer()


class StationThread(QObject):
    """A thread of its own that makes the context with ``factory`` (on that thread) and runs
    the staff screens' calls there. ``stop()`` closes what the factory opened."""

    _run = Signal(object)
    _close = Signal()

    def __init__(self, factory: Callable[[], StaffContext]) -> None:
        super().__init__()
        self.thread_ = QThread()
        self.thread_.setObjectName("staff-station")
        self._host = _Host(factory)
        self._host.moveToThread(self.thread_)
        self._run.connect(self._host.run)
        self._close.connect(self._host.close)
        self.thread_.start()

    def calls(self, parent: QObject | None = None) -> StationCalls:
        return StationCalls(self._run.emit, lambda context: context, parent)

    def stop(self) -> None:
        from PySide6.QtCore import QMetaObject, Qt

        if self.thread_.isRunning():
            QMetaObject.invokeMethod(self._host, "close",
                                     Qt.ConnectionType.BlockingQueuedConnection)
            self.thread_.quit()
            self.thread_.wait(5000)


class Background(QObject):
    """Pure computation (a pay table analysis, replaying a document) on a plain thread of its
    own, so neither the GUI nor the station's thread waits; ``on_done`` runs on the GUI thread.
    ``pending`` counts jobs in flight."""

    _finished = Signal(object, object)

    def __init__(self, parent: QObject | None = None) -> None:
        super().__init__(parent)
        self.pending = 0
        self._finished.connect(self._deliver)

    def run(self, function: Callable[[], Any], on_done: Callable[[Any], None]) -> None:
        self.pending += 1
        finished = self._finished

        def work() -> None:
            try:
                result: Any = function()
            except Exception as error:
                result = error
            with contextlib.suppress(RuntimeError):  # the screen closed meanwhile
                finished.emit(on_done, result)

        threading.Thread(target=work, name="staff-background", daemon=True).start()

    @Slot(object, object)
    def _deliver(self, callback: Any, result: Any) -> None:
        self.pending -= 1
        callback(result)
