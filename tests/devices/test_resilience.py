"""Fault injection in the middle of event streams, over every transport: unplugged lines,
garbage, corrupted CRCs, lost and slow acknowledgements, a restart of the station. Every
event the devices emitted reaches the application exactly once, in order."""

from __future__ import annotations

import random
import threading
import time
from collections.abc import Callable
from pathlib import Path

import pytest
from devices_support import FAST, Collector, open_link

from drivers.cursor import JsonCursorStore, MemoryCursorStore
from drivers.events import DeviceEvent
from drivers.lockout import LockoutDriver
from drivers.manager import DeviceManager, DeviceOffline, LinkState
from drivers.protocol.codes import LightMode
from drivers.protocol.link import LinkTimeout
from drivers.sim.models import DeviceModel
from drivers.sim.table import SimulatedTable


def all_models(table: SimulatedTable) -> list[DeviceModel]:
    return [table.shoe, table.lockout, *table.acceptors.values()]


def assert_exactly_once(table: SimulatedTable, events: list[DeviceEvent]) -> None:
    for model in all_models(table):
        got = [e for e in events if e.serial_number == model.serial_number]
        assert [e.number for e in got] == [e.number for e in model.history], model.serial_number
        # and they are the same events: kind codes match the device's own record
        assert [e.kind.name for e in got] == [_KIND_OF[e.code] for e in model.history], (
            model.serial_number
        )


_KIND_OF = {
    0x01: "FAULT_RAISED",
    0x02: "FAULT_CLEARED",
    0x10: "SHUFFLE_COMPLETED",
    0x11: "STACK_DISPENSED",
    0x20: "CHIP_SENSED",
    0x21: "CHIP_REMOVED",
    0x30: "LOCKOUT_BUTTON",
    0x31: "LOCKOUT_CHANGED",
}


def everything_delivered(table: SimulatedTable) -> Callable[[list[DeviceEvent]], bool]:
    def done(events: list[DeviceEvent]) -> bool:
        return len(events) >= sum(len(m.history) for m in all_models(table))

    return done


class Producer(threading.Thread):
    """Chips placed and removed at random seats, lockout presses, shoe faults: a stream of
    device events while the lines are being abused."""

    def __init__(self, table: SimulatedTable, rounds: int, seed: int = 3) -> None:
        super().__init__(daemon=True)
        self.table, self.rounds, self.rng = table, rounds, random.Random(seed)

    def run(self) -> None:
        back = self.table.backdoor
        for i in range(self.rounds):
            seat = self.rng.choice(list(self.table.acceptors))
            back.place_chip(seat)
            back.remove_chip(seat)
            if i % 10 == 0:
                back.press_lockout_button()
                self.table.lockout.handle(0x40, b"\x00")  # the host unlocking, as it would
            if i % 15 == 0:
                back.open_door()
                back.close_door()
            time.sleep(0.001)


def test_event_stream_survives_line_faults(table: SimulatedTable, collector: Collector) -> None:
    manager = DeviceManager(table.config(**FAST), events=collector.queue)
    manager.start()
    try:
        assert manager.wait_online(5.0)
        producer = Producer(table, rounds=120)
        producer.start()
        back = table.backdoor
        for line in ("acceptors", "lockout", "shoe"):
            time.sleep(0.02)
            back.garbage(line, 40)
            back.corrupt_crc(line, 2)
            back.drop_acks(line, 2)
            back.garbage_before_next_reply(line, b"\xa5\x10\x84\x07\x30")
        back.slow_acks("acceptors", 0.08)  # later than the 0.05 s timeout
        time.sleep(0.15)
        back.slow_acks("acceptors", 0.0)
        back.unplug("acceptors")
        back.unplug("lockout")
        time.sleep(0.25)
        back.replug("acceptors")
        back.replug("lockout")
        producer.join(10)
        assert collector.wait(everything_delivered(table), timeout=15.0)
        time.sleep(0.05)
        collector.wait(lambda _: True, 0)
        assert_exactly_once(table, collector.events)
        assert manager.wait_online(5.0)
        counters = manager.links()[table.urls["acceptors"]].counters
        assert counters.retries > 0 and counters.garbage_bytes > 0
    finally:
        manager.stop()


def test_station_restart_loses_and_repeats_nothing(
    table: SimulatedTable, collector: Collector
) -> None:
    store = MemoryCursorStore()
    first = DeviceManager(table.config(**FAST), events=collector.queue, cursor_store=store)
    first.start()
    assert first.wait_online(5.0)
    producer = Producer(table, rounds=60)
    producer.start()
    time.sleep(0.05)
    first.stop()  # the station goes away mid-stream
    producer.join(10)
    second = DeviceManager(table.config(**FAST), events=collector.queue, cursor_store=store)
    second.start()
    try:
        assert collector.wait(everything_delivered(table), timeout=10.0)
        time.sleep(0.05)
        collector.wait(lambda _: True, 0)
        assert_exactly_once(table, collector.events)
    finally:
        second.stop()


def test_events_taken_but_not_yet_acknowledged_are_not_repeated_after_restart(
    table: SimulatedTable,
) -> None:
    store = MemoryCursorStore()
    box = LockoutDriver(open_link(table.urls["lockout"]), 1)
    box.identify()
    table.backdoor.press_lockout_button()
    taken = box.poll()
    for event in taken:
        box.taken(event)
    store.save("lockout", box.cursor)  # handed to the application, not yet acknowledged
    assert len(table.lockout.buffered) == 2  # still held by the device
    table.lockout.handle(0x40, b"\x00")  # one more event while the station is down
    box.link.close()  # the station process is gone (its port with it)
    restarted = LockoutDriver(open_link(table.urls["lockout"]), 1)
    restarted.identify()
    restarted.resume(store.load("lockout"))
    again = restarted.poll()
    assert [e.number for e in again] == [3]
    restarted.taken(again[0])
    assert restarted.poll() == [] and table.lockout.buffered == ()
    assert restarted.event_counters.duplicates_ignored == 0


def test_lost_poll_answer_repeats_nothing(table: SimulatedTable) -> None:
    box = LockoutDriver(open_link(table.urls["lockout"], timeout=0.03), 1)
    box.identify()
    table.backdoor.press_lockout_button()
    table.backdoor.drop_acks("lockout", 1)
    events = box.poll_all()
    assert [e.number for e in events] == [1, 2]


def test_state_is_restored_after_reconnect(table: SimulatedTable, collector: Collector) -> None:
    manager = DeviceManager(table.config(**FAST), events=collector.queue)
    manager.start()
    try:
        assert manager.wait_online(5.0)
        manager.configure_shoe(stack_size=7).result(2)
        manager.set_light(3, LightMode.FLASHING).result(2)
        manager.lock().result(2)
        assert collector.wait(lambda ev: any(e.locked for e in ev))
        time.sleep(0.05)
        assert all(m.locked for m in table.acceptors.values())
        table.backdoor.unplug("shoe")
        table.backdoor.unplug("acceptors")
        # the devices lose power while unplugged
        table.shoe.stack_size = 3
        for model in table.acceptors.values():
            model.light, model.locked = LightMode.OFF, False
        assert wait_until(
            lambda: all(
                h.state is LinkState.OFFLINE
                for h in manager.health().values()
                if h.device in ("shoe", "acceptors")
            )
        )
        table.backdoor.replug("shoe")
        table.backdoor.replug("acceptors")
        assert manager.wait_online(5.0)
        assert table.shoe.stack_size == 7
        assert table.acceptors[3].light is LightMode.FLASHING
        assert all(m.locked for m in table.acceptors.values())
        collector.wait(lambda _: True, 0)
        states = [h.state for h in collector.health if h.device == "shoe"]
        assert LinkState.OFFLINE in states and states[-1] is LinkState.ONLINE
    finally:
        manager.stop()


def test_command_to_unplugged_device_fails_within_its_timeout(
    table: SimulatedTable, collector: Collector
) -> None:
    manager = DeviceManager(table.config(**FAST), events=collector.queue)
    manager.start()
    try:
        assert manager.wait_online(5.0)
        table.backdoor.unplug("shoe")
        started = time.monotonic()
        with pytest.raises((DeviceOffline, LinkTimeout, OSError)):
            manager.dispense().result(timeout=2.0)
        assert time.monotonic() - started < 1.0
        table.backdoor.replug("shoe")
        assert manager.wait_online(5.0)
        manager.shuffle().result(2)
        assert manager.dispense().result(2) == 1
    finally:
        manager.stop()


def wait_until(condition: Callable[[], bool], timeout: float = 5.0) -> bool:
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        if condition():
            return True
        time.sleep(0.005)
    return False


def test_one_dead_acceptor_does_not_take_the_line_down(
    table: SimulatedTable, collector: Collector
) -> None:
    manager = DeviceManager(table.config(**FAST), events=collector.queue)
    manager.start()
    try:
        assert manager.wait_online(5.0)
        line = table.servers["acceptors"].line
        dead = line.models.pop(0x14)  # seat 5 stops answering
        assert wait_until(lambda: manager.health()[("acceptors", 5)].state is LinkState.OFFLINE)
        with pytest.raises(LinkTimeout):
            manager.lock().result(2)  # the controller locks; the lock reaches the acceptors
            manager.set_all_lights(LightMode.ON).result(2)
        assert wait_until(lambda: table.acceptors[7].light is LightMode.ON)
        assert wait_until(lambda: all(table.acceptors[s].locked for s in (1, 2, 3, 4, 6, 7)))
        table.backdoor.place_chip(2)
        assert collector.wait(lambda ev: any(e.seat == 2 for e in ev))
        assert manager.health()[("acceptors", 2)].state is LinkState.ONLINE
        line.models[0x14] = dead
        assert manager.wait_online(5.0)
        assert wait_until(lambda: table.acceptors[5].light is LightMode.ON)  # restored
    finally:
        manager.stop()


def test_device_restart_is_noticed_by_the_heartbeat_and_state_restored(
    table: SimulatedTable, collector: Collector, manager: DeviceManager
) -> None:
    manager.configure_shoe(stack_size=4).result(2)
    manager.set_light(2, LightMode.ON).result(2)
    table.backdoor.power_cycle("shoe")
    table.backdoor.power_cycle("acceptors", seat=2)
    assert table.shoe.stack_size == 3 and table.acceptors[2].light is LightMode.OFF
    assert wait_until(
        lambda: table.shoe.stack_size == 4 and table.acceptors[2].light is LightMode.ON
    )
    collector.wait(lambda _: True, 0)
    assert any("restarted" in h.detail for h in collector.health if h.device == "shoe")


def test_a_lock_made_while_the_acceptors_are_away_reaches_them_when_they_return(
    table: SimulatedTable, collector: Collector, caplog: pytest.LogCaptureFixture
) -> None:
    """5324.34(d)(2): once the dealer locks the bonus wagers, a chip placed afterwards is late.
    The button pressed while the acceptor line is down: the failure is logged (not dropped)
    and the lock is applied when the acceptors answer again."""
    manager = DeviceManager(table.config(**FAST), events=collector.queue)
    manager.start()
    try:
        assert manager.wait_online(5.0)
        table.backdoor.unplug("acceptors")
        assert wait_until(
            lambda: all(
                h.state is LinkState.OFFLINE
                for h in manager.health().values()
                if h.device == "acceptors"
            )
        )
        with caplog.at_level("WARNING", logger="drivers.manager"):
            table.backdoor.press_lockout_button()
            assert collector.wait(lambda ev: any(e.locked for e in ev))
            assert wait_until(lambda: "not locked with the lockout controller" in caplog.text)
        for model in table.acceptors.values():  # they lost power while unplugged
            model.locked = False
        table.backdoor.replug("acceptors")
        assert manager.wait_online(5.0)
        assert wait_until(lambda: all(m.locked for m in table.acceptors.values()))
        table.backdoor.place_chip(4)
        assert collector.wait(lambda ev: any(e.seat == 4 and e.late for e in ev))
    finally:
        manager.stop()


def test_station_process_restart_with_the_cursor_file_repeats_nothing(
    table: SimulatedTable, collector: Collector, tmp_path: Path
) -> None:
    """A restarted station process has only what is on disk: the cursors in their JSON file
    (a new store object reads them back), so events taken before the restart are not repeated
    and those after are delivered."""
    path = tmp_path / "device-cursors.json"
    first = DeviceManager(
        table.config(**FAST), events=collector.queue, cursor_store=JsonCursorStore(path)
    )
    first.start()
    assert first.wait_online(5.0)
    producer = Producer(table, rounds=60)
    producer.start()
    time.sleep(0.05)
    first.stop()  # the station process dies mid-stream
    producer.join(10)
    second = DeviceManager(
        table.config(**FAST), events=collector.queue, cursor_store=JsonCursorStore(path)
    )
    second.start()
    try:
        assert collector.wait(everything_delivered(table), timeout=10.0)
        time.sleep(0.05)
        collector.wait(lambda _: True, 0)
        assert_exactly_once(table, collector.events)
    finally:
        second.stop()


def test_a_pty_closing_while_the_line_reopens_is_a_line_down_not_an_internal_error(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """termios.error (not an OSError) from flushing a PTY whose other side just closed used to
    escape to the device worker's last-resort handler; opening the line tolerates it."""
    import termios

    import serial

    from drivers.transports.serial import SerialTransport

    class Closing:
        def reset_input_buffer(self) -> None:
            raise termios.error(5, "Input/output error")

        def close(self) -> None:
            pass

    monkeypatch.setattr(serial, "serial_for_url", lambda *a, **k: Closing())
    transport = SerialTransport("/dev/pts/999")
    transport.open()  # no exception: the next read or write reports the line down
    transport.close()


def test_a_device_path_is_opened_by_one_line_at_a_time() -> None:
    """A second opener of the same device path (another program, or a line left reopening a
    pseudo-terminal's path that the system has since given to another simulated table) is told
    the port is in use, instead of sharing it and stealing half its frames; once the first
    closes, it opens."""
    from drivers.transports.base import LinkDown
    from drivers.transports.serial import SerialTransport

    with SimulatedTable("let_it_ride", "pty") as table:
        url = table.urls["shoe"]
        first, second = SerialTransport(url), SerialTransport(url)
        first.open()
        try:
            with pytest.raises(LinkDown, match="in use by another program"):
                second.open()
        finally:
            first.close()
        second.open()
        second.close()
