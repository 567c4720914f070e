"""Event-numbering attacks (issue 20, item 9; docs/protocol.md section 6): events out of order
within and across poll answers, a bogus number, a repeat, a lost number and a device whose
counter restarts. Each is reported as a device fault with its numbers; no event is lost
unreported and a bogus number never moves the cursor (in memory or on disk)."""

from __future__ import annotations

import json
import random
from collections.abc import Iterator
from pathlib import Path

import pytest
from devices_support import FAST, Collector

from drivers.cursor import JsonCursorStore
from drivers.device import DeviceDriver
from drivers.events import DeviceEvent, EventKind
from drivers.lockout import LockoutDriver
from drivers.manager import DeviceManager
from drivers.numbering import WINDOW, Cursor, EventNumbering, NumberingFaultKind
from drivers.protocol.codes import EventCode
from drivers.protocol.link import Link
from drivers.protocol.messages import EventBatch, RawEvent
from drivers.sim.models import LockoutModel
from drivers.sim.serve import InProcessServer, serve_in_process
from drivers.sim.table import start_simulated_table

BUTTON = int(EventCode.LOCKOUT_BUTTON)
Line = tuple[LockoutModel, LockoutDriver]
BOGUS = 0xFFFFFFFF


@pytest.fixture
def line(request: pytest.FixtureRequest) -> Iterator[Line]:
    model = LockoutModel(serial_number="L-ATTACK")
    server: InProcessServer = serve_in_process({1: model}, name=request.node.name)
    link = Link(server.host_transport(), timeout=0.05, retries=1)
    link.open()
    driver = LockoutDriver(link, 1)
    driver.identify()
    yield model, driver
    link.close()
    server.close()


def events(*numbers: int) -> tuple[RawEvent, ...]:
    return tuple(RawEvent(n, BUTTON) for n in numbers)


def drain(driver: DeviceDriver, polls: int = 6) -> tuple[list[int], list[DeviceEvent]]:
    """Poll a few times taking everything: (numbers taken, numbering faults)."""
    taken: list[int] = []
    faults: list[DeviceEvent] = []
    for _ in range(polls):
        for event in driver.poll():
            driver.taken(event)
            if event.kind is EventKind.NUMBERING_FAULT:
                faults.append(event)
            else:
                taken.append(event.number)
    return taken, faults


def test_events_out_of_order_within_an_answer_are_taken_sorted_and_reported(line: Line) -> None:
    model, driver = line
    for raw in events(1, 3, 2, 4):
        model.inject_raw(raw)
    taken, faults = drain(driver)
    assert taken == [1, 2, 3, 4]
    assert [f.detail for f in faults] == ["events out of order: 3 before 2"]
    assert driver.event_counters.out_of_order == 1 and driver.cursor.number == 4


def test_an_event_arriving_in_a_later_answer_is_taken_in_its_place_and_reported(line: Line) -> None:
    model, driver = line
    model.inject_raw(RawEvent(1, BUTTON))
    assert drain(driver) == ([1], [])
    model.inject_raw(RawEvent(3, BUTTON))
    first, faults = drain(driver, polls=1)
    assert first == [] and faults == [] and driver.numbering.waiting  # waits one answer
    model.inject_raw(RawEvent(2, BUTTON))  # the device now offers 3, then 2
    taken, faults = drain(driver)
    assert taken == [2, 3]
    assert {f.detail for f in faults} == {"events out of order: 3 before 2"}


def test_a_bogus_number_is_refused_without_moving_the_cursor(line: Line) -> None:
    model, driver = line
    for raw in events(1, 2):
        model.inject_raw(raw)
    assert drain(driver) == ([1, 2], [])
    model.inject_raw(RawEvent(BOGUS, BUTTON), counted=False)  # a corrupted number
    model.inject_raw(RawEvent(3, BUTTON))
    taken, faults = drain(driver)
    model.inject_raw(RawEvent(4, BUTTON))  # later events still arrive
    later, again = drain(driver)
    assert taken + later == [3, 4]
    assert [f.detail for f in faults] == [
        "event 4294967295 refused: the device numbers its next event 4"]
    assert again == []  # the device keeps offering it: reported once
    assert driver.cursor.number == 4 and driver.event_counters.refused == 1


def test_a_jump_past_the_window_is_refused_even_below_the_devices_counter() -> None:
    numbering = EventNumbering(Cursor(7, 10))
    verdict = numbering.answer(EventBatch(7, 100_000, events(99_999, 11)))
    assert [e.number for e in verdict.take] == [11] and numbering.cursor == Cursor(7, 10)
    assert [str(f) for f in verdict.faults] == [
        "event 99999 refused: implausible after 10 (more than 65536 ahead)"]


def test_a_counter_that_goes_back_in_the_same_epoch_is_reported() -> None:
    numbering = EventNumbering(Cursor(7, 10))
    verdict = numbering.answer(EventBatch(7, 5, ()))
    assert [str(f) for f in verdict.faults] == [
        "the device numbers its next event 5, not after 10 (its counter went back in the same "
        "epoch)"]


def test_the_first_answer_without_events_sets_the_base_at_the_devices_counter() -> None:
    """A device whose events another host took: nothing reported lost, and a bogus number
    after that is refused instead of becoming the base."""
    numbering = EventNumbering()
    assert numbering.answer(EventBatch(7, 501, ())).faults == ()
    assert numbering.cursor == Cursor(7, 500)
    verdict = numbering.answer(EventBatch(7, 502, events(BOGUS, 501)))
    assert [e.number for e in verdict.take] == [501] and len(verdict.faults) == 1


def test_a_missing_number_is_reported_lost_with_its_numbers(line: Line) -> None:
    model, driver = line
    for raw in events(1, 2, 5, 6):
        model.inject_raw(raw)
    taken, faults = drain(driver)
    assert taken == [1, 2, 5, 6]
    assert [f.detail for f in faults] == ["events 3-4 lost by the device (next was 5)"]
    assert faults[0].number == 3 and driver.event_counters.gaps == 2


def test_a_repeated_event_is_dropped_and_reported_once() -> None:
    """(The simulated device discards what was acknowledged, so it cannot repeat one: the
    answers are given to the host's check directly.)"""
    numbering = EventNumbering(Cursor(9, 1))
    verdicts = [numbering.answer(EventBatch(9, 3, events(1, 2))) for _ in range(2)]
    assert [e.number for e in verdicts[0].take] == [2]
    assert [str(f) for f in verdicts[0].faults] == ["event 1 repeated (taken up to 1)"]
    assert verdicts[1].faults == ()  # the same repeat again: reported once


def test_a_device_whose_counter_restarts_loses_nothing_of_the_new_numbering(line: Line) -> None:
    model, driver = line
    for _ in range(6):
        model.emit(EventCode.LOCKOUT_BUTTON)
    taken, _ = drain(driver)
    assert taken == [1, 2, 3, 4, 5, 6]
    old = model.epoch
    model.restart_numbering()
    model.emit(EventCode.LOCKOUT_BUTTON)  # new numbering: 1 and 2 again, below the cursor
    model.emit(EventCode.LOCKOUT_BUTTON)
    taken, faults = drain(driver)
    assert taken == [1, 2]
    assert [f.detail for f in faults] == [
        f"event numbering restarted (epoch {old:08X} -> {model.epoch:08X}) after event 6: "
        "events of the old numbering after 6 are lost"]
    assert driver.cursor == Cursor(model.epoch, 2) and driver.event_counters.restarts == 1


def test_an_acknowledgement_in_an_old_numbering_discards_nothing(line: Line) -> None:
    model, driver = line
    model.emit(EventCode.LOCKOUT_BUTTON)
    drain(driver)
    model.restart_numbering()
    model.emit(EventCode.LOCKOUT_BUTTON)
    model.emit(EventCode.LOCKOUT_BUTTON)
    driver.numbering.cursor = Cursor(0x1234, 99)  # a host that remembers another numbering
    taken, _ = drain(driver)
    assert taken == [1, 2]


def test_the_saved_cursor_never_takes_a_bogus_number(tmp_path: Path) -> None:
    """Through the manager with a cursor file, as the station runs real hardware: a bogus
    number reaches the dealer as a numbering fault and the file keeps the real cursor."""
    table = start_simulated_table("let_it_ride", "memory", seed=3)
    collector = Collector()
    path = tmp_path / "device-cursors.json"
    manager = DeviceManager(table.config(**FAST), events=collector.queue,
                            cursor_store=JsonCursorStore(path))
    try:
        manager.start()
        assert manager.wait_online(5.0)
        table.lockout.inject_raw(RawEvent(BOGUS, BUTTON), counted=False)
        table.backdoor.press_lockout_button()
        assert collector.wait(lambda got: any(e.kind is EventKind.LOCKOUT_CHANGED for e in got))
        assert collector.wait(
            lambda got: any(e.kind is EventKind.NUMBERING_FAULT for e in got))
    finally:
        manager.stop()
        table.close()
    saved = json.loads(path.read_text())
    lockout = next(v for k, v in saved.items() if k.startswith("lockout:"))
    assert lockout["epoch"] == table.lockout.epoch and lockout["number"] < WINDOW
    fault = next(e for e in collector.events if e.kind is EventKind.NUMBERING_FAULT)
    assert "4294967295 refused" in fault.detail and fault.device == "lockout"


# ---------------------------------------------------------------- no lost event unreported
@pytest.mark.parametrize("seed", range(40))
def test_every_event_is_taken_once_in_order_or_reported_lost(seed: int) -> None:
    """A device that numbered ``truth`` events answers POLLs adversarially: it loses some for
    good, repeats, reorders, slips bogus numbers in. The host acknowledges its cursor each
    time (the device discards up to it)."""
    rng = random.Random(seed)
    numbering = EventNumbering()
    taken: list[int] = []
    lost: set[int] = set()
    truth = rng.randint(5, 80)
    # the last is never lost: a loss shows only when a later number arrives
    pending = list(range(1, truth + 2))
    for _ in range(1000):
        pending = [n for n in pending if n > numbering.cursor.number]
        if not pending:
            break
        answer = pending[: rng.randint(1, 6)]
        roll = rng.random()
        if roll < 0.15:
            rng.shuffle(answer)
        elif roll < 0.25:
            answer.insert(rng.randrange(len(answer) + 1), rng.choice((0, BOGUS, 2**31)))
        elif roll < 0.30 and answer[0] <= truth:
            pending.remove(answer.pop(0 if len(answer) == 1 else rng.randrange(len(answer))))
        elif roll < 0.35:
            answer.append(answer[0])
        elif roll < 0.40 and numbering.cursor.number:
            answer.insert(0, rng.randint(1, numbering.cursor.number))  # an old one again
        verdict = numbering.answer(EventBatch(0x5EED0001, truth + 2, events(*answer)))
        for fault in verdict.faults:
            if fault.kind is NumberingFaultKind.LOST:
                lost.update(range(fault.numbers[0], fault.numbers[1] + 1))
        for event in verdict.take:
            taken.append(event.number)
            numbering.taken(event.number)
    assert taken == sorted(set(taken)), "taken twice or out of order"
    assert not pending, "the host stopped taking events"
    assert set(taken) | lost == set(range(1, truth + 2)), "an event lost unreported"
    assert not set(taken) & lost and taken[-1] == truth + 1, "a bogus number was taken"
