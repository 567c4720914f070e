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

No Qt object is touched off the GUI thread. A worker thread only appends its answer to a plain
Python queue (:class:`_Answers`); a timer of the screen's own, on the GUI thread, hands it to the
callback. A screen deleted while its work is still running therefore loses the answer and
nothing else: before, the worker emitted a signal of the screen's object, and an object deleted
during that emission crashed the process (a segmentation fault in the worker thread). Callbacks
never go to the worker either, so no widget's last reference is dropped on a worker thread.
:func:`join_background` and :func:`stop_station_threads` end the threads deterministically
(the GUI tests call them before their widgets are deleted).
"""

from __future__ import annotations

import sys
import threading
import time
import traceback
import weakref
from collections import deque
from collections.abc import Callable
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any, TypeVar

from PySide6.QtCore import QMetaObject, QObject, Qt, QThread, QTimer, Signal, Slot

from dealer_station.procedure import ProcedureError
from dealer_station.station import Station
from dealer_station.ui.bridge import Job
from dealer_station.ui.controller import TableController
from dealer_station.ui.words import refusal
from drivers.manager import DeviceManager

if TYPE_CHECKING:  # annotations only: the simulators are not loaded on real hardware
    from dealer_station.ui.main_window import MainWindow  # it imports this module
    from drivers.sim.table import SimulatedTable

__all__ = [
    "Answers",
    "Background",
    "StaffContext",
    "StationCalls",
    "StationThread",
    "calls_for_window",
    "join_background",
    "reason_of",
    "stop_station_threads",
]


@dataclass(frozen=True)
class StaffContext:
    """What a staff screen's function receives on the station's thread: the station, the device
    manager (``None`` without devices), the simulated table (``None`` on real hardware) and the
    dealer's table controller (``None`` when no dealer's screen runs)."""

    station: Station
    manager: DeviceManager | None = None
    simulation: SimulatedTable | None = None
    controller: TableController | None = None

    @classmethod
    def of_controller(cls, controller: TableController) -> StaffContext:
        """The context of the dealer's :class:`~dealer_station.ui.controller.TableController`
        (refused for a preview's table without a store, whose staff screens have nothing to
        work on)."""
        station = controller.station
        if not isinstance(station, Station):
            raise ProcedureError("this table keeps no records: the staff screens are closed")
        return cls(station, controller.manager, controller.simulation, controller)


def reason_of(error: BaseException) -> str:
    """The words shown for a refusal: the reason and, when there is one, the clause, in plain
    words (:func:`dealer_station.ui.words.refusal`).

    >>> reason_of(ProcedureError("only a supervisor may change the configuration"))
    'only a supervisor may change the configuration'
    >>> reason_of(ValueError("bad amount"))
    'bad amount'
    """
    return refusal(error)


Post = Callable[["StaffJob"], None]
T = TypeVar("T")
Answer = tuple[int, Any, bool]  # ticket, result (or the words of a refusal), failed

POLL_MS = 5  # how often a screen with work in flight looks for answers (GUI thread only)


class _Answers(QObject):
    """Answers handed from worker threads to the GUI thread without touching Qt off it.

    A worker appends ``(ticket, value, failed)`` to :attr:`queue` (a ``deque``: safe from any
    thread); :attr:`timer`, a child of this object on the GUI thread, runs while tickets are out
    and gives each answer to the callbacks kept here under its ticket. Deleting this object (with
    its screen) deletes the timer: late answers are dropped, never delivered to a deleted widget.
    No worker holds a callback, and the function a worker runs is also kept here until its
    answer arrives, so the worker never drops the last reference to anything of the screen."""

    def __init__(self, parent: QObject | None = None) -> None:
        super().__init__(parent)
        self.queue: deque[Answer] = deque()
        self._waiting: dict[int, tuple[Callable[[Any], None] | None,
                                       Callable[[Any], None] | None, object]] = {}
        self._tickets = 0
        self.timer = QTimer(self)
        self.timer.setInterval(POLL_MS)
        self.timer.timeout.connect(self._drain)

    @property
    def pending(self) -> int:
        """Calls in flight (submitted, not yet answered on the GUI thread)."""
        return len(self._waiting)

    def _ticket(self, on_done: Callable[[Any], None] | None,
                on_error: Callable[[Any], None] | None, function: object) -> int:
        self._tickets += 1
        self._waiting[self._tickets] = (on_done, on_error, function)
        if not self.timer.isActive():
            if QThread.currentThread() == self.thread():
                self.timer.start()
            else:  # submitted from another thread: the timer starts on its own (GUI) thread
                QMetaObject.invokeMethod(self.timer, "start", Qt.ConnectionType.QueuedConnection)
        return self._tickets

    def _forget(self, ticket: int) -> None:
        self._waiting.pop(ticket, None)
        if not self._waiting:
            self.timer.stop()

    @Slot()
    def _drain(self) -> None:
        while self.queue:
            ticket, value, failed = self.queue.popleft()
            callbacks = self._waiting.pop(ticket, None)
            if not self._waiting:
                self.timer.stop()
            if callbacks is None:
                continue
            callback = callbacks[1] if failed else callbacks[0]
            if callback is not None:
                callback(value)  # an exception here leaves the later answers for the next tick
        if not self._waiting:
            self.timer.stop()


#: For other screens' own worker threads (the simulated-table panel's).
Answers = _Answers


class StationCalls(_Answers):
    """Submit ``function(context)`` to the station's thread; ``on_done(result)`` or
    ``on_error(words)`` runs later on the GUI thread. ``pending`` counts calls in flight."""

    def __init__(self, post: Post, context_of: Callable[[Any], StaffContext],
                 parent: QObject | None = None) -> None:
        super().__init__(parent)
        self._post = post
        self._context_of = context_of

    def submit(self, function: Callable[[StaffContext], T],
               on_done: Callable[[T], None] | None = None,
               on_error: Callable[[str], None] | None = None) -> None:
        ticket = self._ticket(on_done, on_error, function)
        try:
            self._post(StaffJob(ticket, function, self._context_of, self.queue))
        except RuntimeError:  # the station's thread is gone (the application is closing)
            self._forget(ticket)


class StaffJob:
    """What crosses to the station's thread: the function, how to make its context from what
    that thread holds (the dealer's controller, or the :class:`StationThread`'s context), the
    ticket and the queue for the answer; nothing of the screen. Called with ``None`` where the
    table is not running: the refusal is the answer."""

    def __init__(self, ticket: int, function: Callable[[StaffContext], Any],
                 context_of: ContextOf, queue: deque[Answer]) -> None:
        self._ticket = ticket
        self._function: Callable[[StaffContext], Any] | None = function
        self._context_of = context_of
        self._queue = queue

    def __call__(self, owner: Owner) -> None:
        function, self._function = self._function, None
        if function is None:
            return  # answered already
        answer: Answer
        try:
            answer = (self._ticket, function(self._context_of(owner)), False)
        except Exception as error:  # every refusal becomes words on the screen
            if not isinstance(error, (ProcedureError, ValueError, OSError)):
                traceback.print_exc()
            answer = (self._ticket, reason_of(error), True)
        del function  # before answering: the screen keeps its own reference until then
        self._queue.append(answer)


def calls_for_window(window: MainWindow) -> StationCalls:
    """Calls that run on the dealer's window's table worker (``window.call_requested``); with
    no table running they are refused, never left waiting."""
    def post(job: StaffJob) -> None:
        window.call_requested.emit(Job(job, lambda: job(None)))

    return StationCalls(post, _controller_context, window)


def _controller_context(controller: Owner) -> StaffContext:
    if controller is None:
        raise ProcedureError("the table is not running")
    assert isinstance(controller, TableController)
    return StaffContext.of_controller(controller)


class _NoStation:
    """What a staff call receives when the station could not be opened."""

    def __init__(self, error: Exception) -> None:
        self.error = error


#: What a :class:`StaffJob` is called with on the station's thread: the dealer's controller
#: (``None`` when the table is not running), or the :class:`StationThread`'s context (or why it
#: could not be made).
Owner = TableController | StaffContext | _NoStation | None
ContextOf = Callable[[Owner], StaffContext]


def _station_context(context: Owner) -> StaffContext:
    if isinstance(context, _NoStation):
        raise ProcedureError(f"the station could not be opened: {reason_of(context.error)}")
    assert isinstance(context, StaffContext)
    return context


class _Host(QObject):
    def __init__(self, factory: Callable[[], StaffContext]) -> None:
        super().__init__()
        self._factory = factory
        self.context: StaffContext | None = None

    @Slot(StaffJob)
    def run(self, job: StaffJob) -> None:
        if self.context is None:
            try:
                self.context = self._factory()
            except Exception as error:  # each call is refused with the reason, none is lost
                traceback.print_exc()
                job(_NoStation(error))
                return
        job(self.context)

    @Slot()
    def close(self) -> None:
        context, self.context = self.context, None
        if context is not None:
            if context.manager is not None:
                context.manager.stop()
            if context.simulation is not None:
                context.simulation.close()
            context.station.close()


_STATION_THREADS: weakref.WeakSet[StationThread] = weakref.WeakSet()
_STRANDED: list[Any] = []  # threads that would not stop: kept, never destroyed while running


class StationThread(QObject):
    """A thread of its own that makes the context with ``factory`` (on that thread) and runs
    the staff screens' calls there. ``stop()`` runs the calls already submitted, closes what
    the factory opened and ends the thread."""

    _run = Signal(StaffJob)
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
        _STATION_THREADS.add(self)

    def calls(self, parent: QObject | None = None) -> StationCalls:
        return StationCalls(self._run.emit, _station_context, parent)

    @property
    def running(self) -> bool:
        return self.thread_.isRunning()

    def stop(self, timeout: float = 60.0) -> bool:
        """Close the station on its thread and end the thread; True when it ended. A thread
        that does not end within ``timeout`` seconds is kept (a running ``QThread`` must never
        be destroyed) and reported on stderr."""
        _STATION_THREADS.discard(self)
        if not self.thread_.isRunning():
            return True
        QMetaObject.invokeMethod(self._host, "close",
                                 Qt.ConnectionType.BlockingQueuedConnection)
        self.thread_.quit()
        if self.thread_.wait(int(timeout * 1000)):
            return True
        print(f"staff-station thread still running {timeout:.0f} s after stop()",
              file=sys.stderr)
        _STRANDED.append((self.thread_, self._host))
        return False


def stop_station_threads(timeout: float = 60.0) -> int:
    """Stop every :class:`StationThread` still running (GUI thread); how many there were."""
    running = [each for each in list(_STATION_THREADS) if each.running]
    for each in running:
        each.stop(timeout)
    return len(running)


_BACKGROUND_THREADS: set[threading.Thread] = set()
_BACKGROUND_LOCK = threading.Lock()


class Background(_Answers):
    """Pure computation (a pay table analysis, replaying a document) on a plain thread of its
    own, so neither the GUI nor the station's thread waits; ``on_done`` runs on the GUI thread.
    ``pending`` counts jobs in flight."""

    def run(self, function: Callable[[], T], on_done: Callable[[T | Exception], None]) -> None:
        ticket = self._ticket(on_done, on_done, function)
        queue = self.queue
        box: list[Callable[[], Any]] = [function]

        def work() -> None:
            try:
                job = box.pop()
                try:
                    result: Any = job()
                except Exception as error:
                    result = error
                del job  # before answering: the screen keeps its own reference until then
                queue.append((ticket, result, False))
            finally:
                with _BACKGROUND_LOCK:
                    _BACKGROUND_THREADS.discard(threading.current_thread())

        thread = threading.Thread(target=work, name="staff-background", daemon=True)
        with _BACKGROUND_LOCK:
            _BACKGROUND_THREADS.add(thread)
        thread.start()


def join_background(timeout: float = 120.0) -> bool:
    """Wait until every :class:`Background` thread has ended (their answers wait in their
    queues, delivered on the GUI thread's next turn if the screen still exists); False when
    some still run after ``timeout`` seconds."""
    deadline = time.monotonic() + timeout
    while True:
        with _BACKGROUND_LOCK:
            _BACKGROUND_THREADS.difference_update(
                [t for t in _BACKGROUND_THREADS if t.ident is not None and not t.is_alive()])
            running = list(_BACKGROUND_THREADS)
        if not running:
            return True
        for thread in running:
            thread.join(max(0.0, deadline - time.monotonic()))
            if thread.is_alive():
                return False
