"""The device manager: opens every device the table's configuration names, supervises the
lines and publishes events and health. No Qt here; everything is plain Python.

How the application uses it (the dealer's screen bridges these callbacks to Qt signals)::

    from drivers.config import parse_device_config
    from drivers.manager import DeviceManager

    manager = DeviceManager(
        parse_device_config(table_config.get("devices")),
        on_event=on_device_event,        # called with a DeviceEvent
        on_health=on_device_health,      # called with a Health
        cursor_store=JsonCursorStore(data_dir / "device-cursors.json"),
    )
    manager.start()                      # returns at once; links open in the background
    future = manager.dispense()          # never blocks: a concurrent.futures.Future
    stack_number = future.result(timeout=2.0)   # only where blocking is acceptable
    ...
    manager.stop()

Threads and timing, the contract:

* Each line (URL) has its own worker thread; ALL device I/O happens there. No public method of
  the manager blocks on I/O: commands return a :class:`concurrent.futures.Future` that the
  worker completes (with the result, or an exception: :class:`DeviceOffline`,
  :class:`~drivers.protocol.link.LinkTimeout`, :class:`~drivers.protocol.link.NakError`,
  ValueError). Every request on the wire has a timeout and bounded retries.
* ``on_event`` and ``on_health`` are called ON THE WORKER THREAD. They must return quickly and
  not call ``Future.result`` on the manager (post to your own thread instead: with Qt, emit a
  signal from the callback; a queued connection delivers it to the GUI thread). Instead of
  callbacks, or as well, pass ``events=queue.Queue()``: every DeviceEvent and Health is put
  there, for a consumer thread or a timer to drain.
* Events of one device arrive in the device's order, each exactly once: the worker hands an
  event to the callbacks/queue, then records it in the ``cursor_store``, then acknowledges it
  to the device with the next poll. A dropped line, an unplugged device or a restart of the
  station (with a persistent cursor store) loses and repeats nothing.
* Health: one :class:`Health` per device (per seat for acceptors) whenever its state changes
  (connecting, online, offline with the reason, faults) and on every heartbeat where the faults
  changed. :meth:`health` returns the latest of each.
* Heartbeat: every ``heartbeat`` seconds each device's STATUS refreshes its faults; a device
  whose start count changed restarted (a power blip) and gets its commanded state back.
* Supervision: a device that stops answering is marked offline, and retried with exponential
  back-off (``backoff_initial`` doubling to ``backoff_max``); a line whose transport fails (USB
  unplugged, port gone) is closed and re-opened (re-finding the USB device by vendor/product
  id and serial). After a reconnect the device is identified again and the state the host had
  commanded (stack and deck size, lights, locks, indicator) is restored. A lock made by the
  dealer's button while the line was down is kept.
* When the lockout controller reports a lock change and ``lockout_locks_acceptors`` is set
  (the default), the manager locks or unlocks every bet acceptor to match.
"""

from __future__ import annotations

import logging
import queue
import threading
import time
from collections.abc import Callable
from concurrent.futures import Future
from dataclasses import dataclass, field
from enum import Enum
from typing import Any, TypeVar

from drivers.acceptors import AcceptorBank
from drivers.config import DeviceConfig, DeviceSpec, LinkSettings
from drivers.cursor import CursorStore, MemoryCursorStore
from drivers.device import DeviceDriver, WrongDevice
from drivers.events import DeviceEvent, EventKind
from drivers.lockout import LockoutDriver
from drivers.numbering import Cursor
from drivers.protocol.codes import FaultCode, IndicatorMode, LightMode
from drivers.protocol.link import Link, LinkTimeout, NakError, TraceHook
from drivers.protocol.messages import Identity, PayloadError
from drivers.shoe import ShoeDriver
from drivers.transports import LinkDown, ReopeningTransport

__all__ = ["DeviceManager", "DeviceOffline", "Health", "LinkState"]

_log = logging.getLogger(__name__)
T = TypeVar("T")


class DeviceOffline(OSError):
    """The device is not answering now (the manager keeps trying to reconnect)."""


class LinkState(Enum):
    CONNECTING = "connecting"
    ONLINE = "online"
    OFFLINE = "offline"
    STOPPED = "stopped"


@dataclass(frozen=True, slots=True)
class Health:
    """The state of one device (one seat's acceptor for ``acceptors``)."""

    device: str
    state: LinkState
    seat: int | None = None
    url: str = ""
    detail: str = ""
    identity: Identity | None = None
    faults: tuple[FaultCode, ...] = ()
    counters: dict[str, int] = field(default_factory=dict)

    def __str__(self) -> str:
        where = f"{self.device} seat {self.seat}" if self.seat is not None else self.device
        faults = f" faults: {', '.join(f.label for f in self.faults)}" if self.faults else ""
        detail = f" ({self.detail})" if self.detail else ""
        return f"{where}: {self.state.value}{detail}{faults}"


_FAILURES = (LinkTimeout, LinkDown, WrongDevice, NakError, PayloadError)


@dataclass(slots=True)
class _Unit:
    """One addressed device supervised by a worker."""

    driver: DeviceDriver
    online: bool = False
    backoff: float = 0.0
    retry_at: float = 0.0
    faults: tuple[FaultCode, ...] = ()
    cursor_loaded: bool = False
    published: LinkState | None = None
    boots: int | None = None


@dataclass(slots=True)
class _Job:
    target: str
    action: Callable[[Any], Any]
    future: Future[Any]
    #: Run instead of ``action`` (no I/O) when the device is offline: records the state the
    #: host wants so that the reconnect restores it.
    offline: Callable[[Any], None] | None = None


def idle_wait(settings: LinkSettings, now: float, active_until: float) -> float:
    """How long a line with nothing to do waits before its next poll: ``active_poll_interval``
    while it is active (until ``active_until``), else ``poll_interval`` (never longer).

    >>> settings = LinkSettings(poll_interval=0.02, active_poll_interval=0.005)
    >>> idle_wait(settings, 10.0, 11.0), idle_wait(settings, 12.0, 11.0)
    (0.005, 0.02)
    """
    if now < active_until:
        return min(settings.active_poll_interval, settings.poll_interval)
    return settings.poll_interval


class _LineWorker(threading.Thread):
    """Owns one line: opens it, polls its devices, runs submitted jobs, reconnects."""

    def __init__(self, manager: DeviceManager, url: str, settings: LinkSettings) -> None:
        super().__init__(name=f"devices {url}", daemon=True)
        self.manager = manager
        self.settings = settings
        self.url = url
        self.link: Link | None = None
        self.units: list[_Unit] = []
        self.targets: dict[str, Any] = {}
        self.jobs: queue.Queue[_Job | None] = queue.Queue()
        self.stopping = threading.Event()
        self.line_open = False
        self.line_backoff = 0.0
        self.line_retry_at = 0.0
        self.next_heartbeat = 0.0
        #: Until when the line counts as active (see LinkSettings.active_poll_interval).
        self.active_until = 0.0

    # -- setup -----------------------------------------------------------------------------
    def attach_link(self, trace: TraceHook | None) -> Link:
        s = self.settings
        self.link = Link(
            ReopeningTransport(self.url, baudrate=s.baudrate),
            timeout=s.timeout,
            retries=s.retries,
            trace=trace,
        )
        return self.link

    # -- the loop --------------------------------------------------------------------------
    def run(self) -> None:
        for unit in self.units:
            self._publish(unit, LinkState.CONNECTING)
        while not self.stopping.is_set():
            try:
                self._cycle()
            except Exception as error:  # pragma: no cover - last line of defence
                _log.exception("device worker %s", self.url)
                self._line_down(f"internal error: {error}")
        self._drain_jobs(DeviceOffline(f"{self.url}: the device manager stopped"))
        if self.link is not None:
            self.link.close()
        for unit in self.units:
            self._publish(unit, LinkState.STOPPED)

    def _cycle(self) -> None:
        now = time.monotonic()
        if not self.line_open:
            if now < self.line_retry_at:
                self._serve_jobs(self.line_retry_at - now)
                return
            self._open_line()
            if not self.line_open:
                return
        for unit in self.units:
            if not unit.online and time.monotonic() >= unit.retry_at:
                self._connect(unit)
                if not self.line_open:
                    return
        busy = self._serve_jobs(0.0)
        if not self.line_open:
            return
        busy = self._poll() or busy
        if self.line_open and time.monotonic() >= self.next_heartbeat:
            self._heartbeat()
        # busy: straight on; otherwise wait for a job (which makes the line active) or the poll
        if busy or self._serve_jobs(idle_wait(self.settings, time.monotonic(), self.active_until)):
            self.active_until = time.monotonic() + self.settings.active_window

    def _open_line(self) -> None:
        assert self.link is not None
        try:
            self.link.open()
        except (LinkDown, OSError, ValueError) as error:
            self._line_down(str(error))
            return
        self.line_open = True
        self.line_backoff = 0.0
        for unit in self.units:
            unit.retry_at = 0.0

    def _line_down(self, reason: str) -> None:
        if self.link is not None:
            self.link.close()
        self.line_open = False
        s = self.settings
        self.line_backoff = min(max(self.line_backoff * 2, s.backoff_initial), s.backoff_max)
        self.line_retry_at = time.monotonic() + self.line_backoff
        for unit in self.units:
            unit.online = False
            unit.backoff = 0.0
            self._publish(unit, LinkState.OFFLINE, reason)

    def _device_down(self, unit: _Unit, reason: str) -> None:
        s = self.settings
        now = time.monotonic()
        unit.online = False
        unit.backoff = min(max(unit.backoff * 2, s.backoff_initial), s.backoff_max)
        unit.retry_at = now + unit.backoff
        self._publish(unit, LinkState.OFFLINE, reason)
        if all(not u.online and u.retry_at > now for u in self.units):
            # nobody on the line answers: re-open the transport too (a port re-enumerated)
            self._line_down(reason)

    def _connect(self, unit: _Unit) -> None:
        driver = unit.driver
        try:
            driver.identify()
            resolved = self._settle(unit)
            if not unit.cursor_loaded:
                driver.resume(*self.manager._cursor(driver))
                unit.cursor_loaded = True
            self._take_events(unit)
            driver.restore()
            status = driver.status()
            unit.faults, unit.boots = status.faults, status.boots
        except LinkDown as error:
            self._line_down(str(error))
            return
        except _FAILURES as error:
            self._device_down(unit, str(error))
            return
        unit.online = True
        unit.backoff = 0.0
        self._publish(unit, LinkState.ONLINE, resolved)

    def _settle(self, unit: _Unit) -> str:
        """A shoe: ask what it last dispensed before anything else (a dispense in doubt is
        resolved; request ids continue from the shoe's). What was found, or ""."""
        driver = unit.driver
        if not isinstance(driver, ShoeDriver):
            return ""
        doubt = driver.in_doubt is not None
        driver.settle()
        if doubt:
            _log.warning("%s: %s", driver.name, driver.resolution)
            return driver.resolution
        return ""

    def _poll(self) -> bool:
        busy = False
        for unit in self.units:
            if not unit.online or not self.line_open:
                continue
            try:
                busy = self._take_events(unit) or busy
            except LinkDown as error:
                self._line_down(str(error))
            except _FAILURES as error:
                self._device_down(unit, str(error))
        return busy

    def _take_events(self, unit: _Unit) -> bool:
        events = unit.driver.poll()
        if events:  # more are likely to follow (chips while wagers are made): poll sooner
            self.active_until = time.monotonic() + self.settings.active_window
        numbering = ""
        for event in events:
            self.manager._deliver(event)
            unit.driver.taken(event)
            self._follow(unit, event)
            if event.kind is EventKind.NUMBERING_FAULT:
                numbering = event.detail
        if events:
            self.manager._save_cursor(unit.driver)
        if numbering and unit.online:
            self._publish(unit, LinkState.ONLINE, numbering)
        return bool(events) or unit.driver.numbering.waiting

    def _follow(self, unit: _Unit, event: DeviceEvent) -> None:
        if event.kind is EventKind.LOCKOUT_CHANGED and isinstance(unit.driver, LockoutDriver):
            unit.driver.locked = bool(event.locked)
            self.manager._lockout_changed(bool(event.locked))
        elif event.kind in (EventKind.FAULT_RAISED, EventKind.FAULT_CLEARED) and event.fault:
            faults = set(unit.faults)
            if event.kind is EventKind.FAULT_RAISED:
                faults.add(event.fault)
            else:
                faults.discard(event.fault)
            unit.faults = tuple(sorted(faults))
            self._publish(unit, LinkState.ONLINE)

    def _heartbeat(self) -> None:
        self.next_heartbeat = time.monotonic() + self.settings.heartbeat
        for unit in self.units:
            if not unit.online or not self.line_open:
                continue
            try:
                status = unit.driver.status()
                restarted = unit.boots is not None and status.boots != unit.boots
                if restarted:  # it lost what the host commanded: events first, then state
                    self._take_events(unit)
                    unit.driver.restore()
            except LinkDown as error:
                self._line_down(str(error))
                return
            except _FAILURES as error:
                self._device_down(unit, str(error))
                continue
            unit.boots = status.boots
            if restarted or status.faults != unit.faults:
                unit.faults = status.faults
                detail = "the device restarted; state restored" if restarted else ""
                self._publish(unit, LinkState.ONLINE, detail)

    def _serve_jobs(self, wait: float) -> bool:
        """Run queued jobs; wait up to ``wait`` for the first. True if any ran."""
        ran = False
        try:
            job = self.jobs.get(timeout=wait) if wait > 0 else self.jobs.get_nowait()
        except queue.Empty:
            return False
        while job is not None:
            ran = True
            self._run(job)
            try:
                job = self.jobs.get_nowait()
            except queue.Empty:
                break
        return ran

    def _run(self, job: _Job) -> None:
        if not job.future.set_running_or_notify_cancel():
            return
        units = [u for u in self.units if u.driver.name == job.target]
        if not self.line_open or not any(u.online for u in units):
            if job.offline is not None:
                job.offline(self.targets[job.target])
            job.future.set_exception(DeviceOffline(f"{job.target} is offline ({self.url})"))
            return
        try:
            for unit in units:
                if isinstance(unit.driver, ShoeDriver) and unit.driver.in_doubt is not None:
                    self._settle(unit)  # before anything else is sent to the shoe
            job.future.set_result(job.action(self.targets[job.target]))
        except LinkDown as error:
            job.future.set_exception(error)
            self._line_down(str(error))
        except LinkTimeout as error:
            job.future.set_exception(error)
            for unit in units:
                if unit.driver.address == error.address:
                    self._device_down(unit, str(error))
        except Exception as error:
            job.future.set_exception(error)

    def _drain_jobs(self, error: Exception) -> None:
        while True:
            try:
                job = self.jobs.get_nowait()
            except queue.Empty:
                return
            if job is not None and job.future.set_running_or_notify_cancel():
                job.future.set_exception(error)

    def _publish(self, unit: _Unit, state: LinkState, detail: str = "") -> None:
        if state is LinkState.OFFLINE and unit.published is LinkState.OFFLINE:
            return  # still offline: said once
        unit.published = state
        driver = unit.driver
        counters = self.link.counters.as_dict() if self.link is not None else {}
        counters.update(driver.event_counters.as_dict())
        self.manager._health_changed(
            Health(
                driver.name,
                state,
                driver.seat,
                self.url,
                detail,
                driver.identity,
                unit.faults,
                counters,
            )
        )


class DeviceManager:
    """Opens, supervises and publishes the devices of one table (see the module's docs)."""

    def __init__(
        self,
        config: DeviceConfig,
        *,
        on_event: Callable[[DeviceEvent], None] | None = None,
        on_health: Callable[[Health], None] | None = None,
        events: queue.Queue[DeviceEvent | Health] | None = None,
        cursor_store: CursorStore | None = None,
        trace: TraceHook | None = None,
    ) -> None:
        self.config = config
        self.on_event = on_event
        self.on_health = on_health
        self.events = events
        self.cursor_store: CursorStore = cursor_store or MemoryCursorStore()
        self._health: dict[tuple[str, int | None], Health] = {}
        self._health_lock = threading.Lock()
        self._workers: dict[str, _LineWorker] = {}
        self._worker_of: dict[str, _LineWorker] = {}
        self.shoe: ShoeDriver | None = None
        self.acceptors: AcceptorBank | None = None
        self.lockout: LockoutDriver | None = None
        for spec in config.specs:
            worker = self._workers.get(spec.url)
            if worker is None:
                worker = self._workers[spec.url] = _LineWorker(self, spec.url, config.settings)
                worker.attach_link(trace)
            self._add(worker, spec)
        self._started = False

    def _add(self, worker: _LineWorker, spec: DeviceSpec) -> None:
        link = worker.link
        assert link is not None
        target: Any
        if spec.name == "shoe":
            target = self.shoe = ShoeDriver(
                link, spec.address, stack_size=spec.stack_size, deck_size=spec.deck_size
            )
            worker.units.append(_Unit(target))
        elif spec.name == "acceptors":
            target = self.acceptors = AcceptorBank(link, spec.addresses)
            worker.units += [_Unit(driver) for driver in target]
        else:
            target = self.lockout = LockoutDriver(link, spec.address)
            worker.units.append(_Unit(target))
        worker.targets[spec.name] = target
        self._worker_of[spec.name] = worker

    # -- life ------------------------------------------------------------------------------
    def start(self) -> None:
        """Start the worker threads; returns at once."""
        if not self._started:
            self._started = True
            for worker in self._workers.values():
                worker.start()

    def stop(self, timeout: float = 5.0) -> None:
        """Stop the workers and close the lines (pending commands fail with DeviceOffline)."""
        for worker in self._workers.values():
            worker.stopping.set()
            worker.jobs.put(None)
        for worker in self._workers.values():
            if worker.is_alive():
                worker.join(timeout)

    def __enter__(self) -> DeviceManager:
        self.start()
        return self

    def __exit__(self, *exc: object) -> None:
        self.stop()

    @property
    def devices(self) -> tuple[str, ...]:
        """The configured device names."""
        return tuple(self._worker_of)

    def links(self) -> dict[str, Link]:
        """The lines by URL (for counters and diagnostics)."""
        return {url: w.link for url, w in self._workers.items() if w.link is not None}

    def health(self) -> dict[tuple[str, int | None], Health]:
        """The latest health of every device, by (name, seat)."""
        with self._health_lock:
            return dict(self._health)

    def online(self, device: str) -> bool:
        states = [h.state for (name, _), h in self.health().items() if name == device]
        return bool(states) and all(s is LinkState.ONLINE for s in states)

    def wait_online(self, timeout: float = 5.0) -> bool:
        """Block until every configured device is online (tests, command-line tools)."""
        deadline = time.monotonic() + timeout
        while time.monotonic() < deadline:
            if all(self.online(name) for name in self.devices):
                return True
            time.sleep(0.01)
        return False

    # -- commands (never block) --------------------------------------------------------------
    def submit(self, device: str, action: Callable[[Any], T],
               offline: Callable[[Any], None] | None = None) -> Future[T]:
        """Run ``action(driver)`` on the device's worker thread; ``driver`` is the
        :class:`ShoeDriver`, the :class:`AcceptorBank` or the :class:`LockoutDriver`. When the
        device is offline the future fails with :class:`DeviceOffline`; ``offline(driver)``
        (no I/O) then records what the host wants, so that the reconnect restores it (a
        command of state, a shuffle: never lost across a reconnect)."""
        future: Future[T] = Future()
        worker = self._worker_of.get(device)
        if worker is None:
            future.set_exception(DeviceOffline(f"no {device} is configured"))
        elif not worker.is_alive():
            future.set_exception(DeviceOffline(f"{device}: the device manager is not running"))
        else:
            worker.jobs.put(_Job(device, action, future, offline))
        return future

    def configure_shoe(
        self, stack_size: int | None = None, deck_size: int | None = None
    ) -> Future[None]:
        return self.submit("shoe", lambda shoe: shoe.configure(stack_size, deck_size))

    def shuffle(self) -> Future[int]:
        """Shuffle; the card count arrives as the result and as a SHUFFLE_COMPLETED event. A
        shuffle the shoe does not confirm (offline, no answer, refused) stays due: done at the
        reconnect, and before the next stack in any case (:attr:`ShoeDriver.shuffle_due`)."""
        return self.submit("shoe", lambda shoe: shoe.shuffle(),
                           offline=lambda shoe: shoe.want_shuffle())

    def dispense(self, stack_size: int | None = None, intent: str | None = None) -> Future[int]:
        """Dispense one stack exactly once; the result is its number, its cards arrive as an
        event. ``intent`` names what the stack is for: asking again with the intent of the
        last stack that came out returns that stack (see :mod:`drivers.shoe`)."""
        return self.submit("shoe", lambda shoe: shoe.dispense(stack_size, intent))

    def set_light(self, seat: int, mode: LightMode) -> Future[None]:
        return self.submit("acceptors", lambda bank: bank.set_light(seat, mode),
                           offline=lambda bank: bank.remember_light(seat, mode))

    def set_all_lights(self, mode: LightMode) -> Future[None]:
        return self.submit("acceptors", lambda bank: bank.set_all(mode))

    def lit_count(self) -> Future[int]:
        return self.submit("acceptors", lambda bank: bank.lit_count())

    def lock(self) -> Future[None]:
        """Lock the bonus wagers (the controller; the acceptors follow its event)."""
        return self.submit("lockout", lambda box: box.lock(),
                           offline=lambda box: box.remember_locked(True))

    def unlock(self) -> Future[None]:
        return self.submit("lockout", lambda box: box.unlock(),
                           offline=lambda box: box.remember_locked(False))

    def set_indicator(self, mode: IndicatorMode) -> Future[None]:
        return self.submit("lockout", lambda box: box.set_indicator(mode))

    def hold_acceptors_locked(self, held: bool) -> Future[None]:
        """Hold every bet acceptor locked whatever the lockout controller does (the wager they
        sense locked out on its own), or end the hold: each seat back to the lock it had or
        the one the controller asked for meanwhile (:meth:`AcceptorBank.hold_locked`). The
        acceptors away, it is recorded and applied when they answer again."""
        future: Future[None] = Future()
        worker = self._worker_of.get("acceptors")
        if worker is None:
            future.set_exception(DeviceOffline("no acceptors are configured"))
        elif not worker.is_alive():
            future.set_exception(DeviceOffline("acceptors: the device manager is not running"))
        else:
            worker.jobs.put(_Job("acceptors", lambda bank: bank.hold_locked(held), future,
                                 offline=lambda bank: bank.hold_locked(held, send=False)))
        return future

    # -- called by the workers -----------------------------------------------------------
    def _deliver(self, event: DeviceEvent) -> None:
        if self.on_event is not None:
            try:
                self.on_event(event)
            except Exception:
                _log.exception("on_event callback failed for %s", event)
        if self.events is not None:
            self.events.put(event)

    def _health_changed(self, health: Health) -> None:
        with self._health_lock:
            self._health[(health.device, health.seat)] = health
        if self.on_health is not None:
            try:
                self.on_health(health)
            except Exception:
                _log.exception("on_health callback failed for %s", health)
        if self.events is not None:
            self.events.put(health)

    def _key(self, driver: DeviceDriver) -> str:
        return f"{driver.family.name.lower()}:{driver.serial_number}"

    def _cursor(self, driver: DeviceDriver) -> tuple[Cursor, dict[int, int]]:
        """The recorded cursor and the numberings recorded as left."""
        key = self._key(driver)
        return self.cursor_store.load(key), self.cursor_store.load_left(key)

    def _save_cursor(self, driver: DeviceDriver) -> None:
        self.cursor_store.save(self._key(driver), driver.cursor, left=driver.numbering.left)

    def _lockout_changed(self, locked: bool) -> None:
        """The acceptors follow the controller. If they are offline the lock is remembered and
        applied when they come back; a failure is logged, never dropped silently."""
        worker = self._worker_of.get("acceptors")
        if not self.config.lockout_locks_acceptors or worker is None:
            return
        future: Future[None] = Future()
        future.add_done_callback(lambda done: self._follow_failed(done, locked))
        worker.jobs.put(
            _Job(
                "acceptors",
                lambda bank: bank.set_locked(locked),
                future,
                offline=lambda bank: bank.remember_locked(locked),
            )
        )

    @staticmethod
    def _follow_failed(future: Future[None], locked: bool) -> None:
        error = None if future.cancelled() else future.exception()
        if error is not None:
            _log.warning(
                "bet acceptors not %s with the lockout controller (%s); applied when they "
                "answer again",
                "locked" if locked else "unlocked",
                error,
            )
