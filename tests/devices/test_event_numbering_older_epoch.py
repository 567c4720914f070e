"""An answer in a numbering the host has left (an older epoch: a device reverting, or an
answer arriving late) never re-delivers that numbering's events (docs/protocol.md, section
6): the host resumes after the last event it took there, and takes only what is new; a station
restarted in between remembers the numberings it left (kept with the cursor)."""

from __future__ import annotations

import json
from pathlib import Path

from devices_support import FAST, Collector

from drivers.cursor import JsonCursorStore
from drivers.events import DeviceEvent, EventKind
from drivers.manager import DeviceManager
from drivers.numbering import EPOCHS_REMEMBERED, Cursor, EventNumbering
from drivers.protocol.codes import EventCode
from drivers.protocol.messages import EventBatch, RawEvent
from drivers.sim.table import start_simulated_table

OLD, NEW = 0x5EED0001, 0x9C3A0B17


def _batch(epoch: int, following: int, *numbers: int) -> EventBatch:
    return EventBatch(epoch, following, tuple(RawEvent(n, 1) for n in numbers))


def _take(numbering: EventNumbering, batch: EventBatch) -> list[int]:
    verdict = numbering.answer(batch)
    for event in verdict.take:
        numbering.taken(event.number)
    return [event.number for event in verdict.take]


def test_an_older_epochs_events_are_never_delivered_again() -> None:
    numbering = EventNumbering()
    assert _take(numbering, _batch(OLD, 4, 1, 2, 3)) == [1, 2, 3]
    assert _take(numbering, _batch(NEW, 3, 1, 2)) == [1, 2]  # restarted: the new numbering
    verdict = numbering.answer(_batch(OLD, 4, 1, 2, 3))  # the old numbering answers again
    assert verdict.take == ()
    assert "earlier numbering" in str(verdict.faults[0]) and "left after its event 3" in str(
        verdict.faults[0])
    assert numbering.cursor == Cursor(OLD, 3)
    assert _take(numbering, _batch(OLD, 6, 1, 2, 3, 4, 5)) == [4, 5]  # only what is new
    assert _take(numbering, _batch(NEW, 4, 1, 2, 3)) == [3]  # and back: the new one's 1-2 kept


def test_answers_flapping_between_two_epochs_deliver_each_event_once() -> None:
    numbering = EventNumbering(Cursor(OLD, 0))
    delivered: list[tuple[int, int]] = []
    for step in range(1, 30):
        epoch = OLD if step % 3 else NEW
        following = step + 1
        for n in _take(numbering, _batch(epoch, following, *range(1, following))):
            delivered.append((epoch, n))
    assert len(delivered) == len(set(delivered))


def test_a_new_epoch_still_starts_from_its_oldest_event() -> None:
    numbering = EventNumbering()
    for epoch in range(1, EPOCHS_REMEMBERED + 3):
        assert _take(numbering, _batch(epoch, 3, 1, 2)) == [1, 2]
    assert _take(numbering, _batch(EPOCHS_REMEMBERED + 2, 4, 1, 2, 3)) == [3]
    assert _take(numbering, _batch(5, 4, 1, 2, 3)) == [3]  # remembered: only the new one


def _buttons(events: list[DeviceEvent]) -> list[int]:
    return [e.number for e in events
            if e.device == "lockout" and e.kind is not EventKind.NUMBERING_FAULT]


def _station_life(table: object, path: Path, done: object) -> list[DeviceEvent]:
    """One run of the station's device manager over the cursor file, until ``done``."""
    collector = Collector()
    manager = DeviceManager(table.config(**FAST), events=collector.queue,  # type: ignore[attr-defined]
                            cursor_store=JsonCursorStore(path))
    try:
        manager.start()
        assert manager.wait_online(5.0)
        assert collector.wait(done)  # type: ignore[arg-type]
    finally:
        manager.stop()
    return collector.events


def test_after_a_station_restart_an_older_epochs_events_are_never_delivered_again(
        tmp_path: Path) -> None:
    """Through the manager and the cursor file, as the station runs real hardware: the
    lockout controller numbers 1-3, restarts its numbering (1-2 taken), the station stops;
    the controller then answers in the old numbering again holding 1-3 and a new 4. The
    restarted station takes only 4."""
    table = start_simulated_table("let_it_ride", "memory", seed=11)
    path = tmp_path / "device-cursors.json"
    model = table.lockout
    try:
        model.restart_numbering()
        old = model.epoch
        for _ in range(3):
            model.emit(EventCode.LOCKOUT_BUTTON)

        def restarted_and_taken(got: list[DeviceEvent]) -> bool:
            if _buttons(got) == [1, 2, 3] and model.epoch == old:
                model.restart_numbering()
                model.emit(EventCode.LOCKOUT_BUTTON)
                model.emit(EventCode.LOCKOUT_BUTTON)
            return _buttons(got) == [1, 2, 3, 1, 2]

        first = _station_life(table, path, restarted_and_taken)
        assert any("restarted" in e.detail for e in first
                   if e.kind is EventKind.NUMBERING_FAULT)
        saved = next(v for k, v in json.loads(path.read_text()).items()
                     if k.startswith("lockout:"))
        assert saved["left"] == [[old, 3]] and saved["number"] == 2

        new = model.epoch
        with model.lock:  # the old numbering answers again, its events 1-3 still held
            model.epoch = old
        for number in (1, 2, 3):
            model.inject_raw(RawEvent(number, int(EventCode.LOCKOUT_BUTTON)))
        model.emit(EventCode.LOCKOUT_BUTTON)

        second = _station_life(table, path, lambda got: bool(_buttons(got)))
    finally:
        table.close()
    assert _buttons(second) == [4]
    faults = [e.detail for e in second if e.kind is EventKind.NUMBERING_FAULT]
    assert faults[0] == (f"the device answered in an earlier numbering (epoch {new:08X} -> "
                      f"{old:08X}, left after its event 3): its events up to 3 are not "
                      "taken again")
    assert all("repeated" in fault for fault in faults[1:])  # 1-3 reported, not delivered
