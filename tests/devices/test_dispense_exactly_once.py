"""Dispense is exactly once (issue 20, item 10; docs/protocol.md section 7): a DISPENSE that
times out may have dispensed all the same. The host asks the shoe what it last dispensed
before anything else, so the stack is neither reported as a failure nor dispensed twice; a
retry for the same delivery gets the stack that already came out."""

from __future__ import annotations

import time
from collections.abc import Iterator

import pytest
from devices_support import FAST, Collector

from drivers.events import EventKind
from drivers.manager import DeviceManager, DeviceOffline
from drivers.protocol.codes import Command
from drivers.shoe import DispenseInDoubt, DispenseNotDone
from drivers.sim.table import SimulatedTable, start_simulated_table

#: Longer than every attempt of a request: (timeout 0.05 s) x (1 + 2 retries).
TOO_LATE = 0.5
SPACED = {**FAST, "poll_interval": 0.05, "heartbeat": 30.0}


@pytest.fixture
def sim() -> Iterator[tuple[SimulatedTable, DeviceManager, Collector]]:
    table = start_simulated_table("let_it_ride", "memory", seed=5)
    collector = Collector()
    # polls far apart, so no poll is on the line when a test makes the shoe slow
    manager = DeviceManager(table.config(**SPACED), events=collector.queue)
    manager.start()
    assert manager.wait_online(5.0)
    yield table, manager, collector
    manager.stop()
    table.close()


def stacks(collector: Collector) -> list[int | None]:
    collector.wait(lambda _: False, timeout=0.3)  # let the polls deliver what there is
    return [e.stack for e in collector.events if e.kind is EventKind.STACK_DISPENSED]


def test_a_dispense_answered_too_late_is_known_done_and_not_a_failure(sim) -> None:  # type: ignore[no-untyped-def]
    table, manager, collector = sim
    table.backdoor.slow_acks("shoe", TOO_LATE, command=Command.DISPENSE)
    assert manager.dispense(intent="position 1").result(5) == 1  # asked LAST_DISPENSE
    table.backdoor.slow_acks("shoe", 0, command=Command.DISPENSE)
    assert stacks(collector) == [1] and table.shoe.stacks == 1
    # the dealer presses again for the same delivery: the same stack, none dispensed
    assert manager.dispense(intent="position 1").result(5) == 1
    assert manager.dispense(intent="position 2").result(5) == 2
    assert stacks(collector) == [1, 2] and table.shoe.stacks == 2


def test_a_dispense_in_doubt_is_resolved_first_when_the_shoe_answers_again(sim) -> None:  # type: ignore[no-untyped-def]
    table, manager, collector = sim
    table.backdoor.slow_acks("shoe", TOO_LATE)  # executed, but nothing answered in time
    with pytest.raises(DispenseInDoubt, match="do not deal a replacement"):
        manager.dispense(intent="position 1").result(5)
    assert table.shoe.stacks == 1  # it did come out
    with pytest.raises((DeviceOffline, DispenseInDoubt)):  # the dealer retries at once
        manager.dispense(intent="position 1").result(5)
    table.backdoor.slow_acks("shoe", 0)
    deadline = time.monotonic() + 5
    while not manager.online("shoe") and time.monotonic() < deadline:
        time.sleep(0.01)
    health = manager.health()[("shoe", None)]
    assert "request 1 was executed: stack 1 dispensed" in health.detail
    assert manager.dispense(intent="position 1").result(5) == 1  # the retry: that stack
    assert stacks(collector) == [1] and table.shoe.stacks == 1
    assert manager.dispense(intent="position 2").result(5) == 2


def test_a_dispense_that_never_reached_the_shoe_is_known_not_done(sim) -> None:  # type: ignore[no-untyped-def]
    table, manager, collector = sim
    table.backdoor.drop_requests("shoe", 3)  # the DISPENSE and both its retries are lost
    with pytest.raises(DispenseNotDone, match="no stack came out"):
        manager.dispense(intent="position 1").result(5)
    assert table.shoe.stacks == 0
    assert manager.dispense(intent="position 1").result(5) == 1
    assert stacks(collector) == [1]


def test_a_jammed_stack_is_dispensed_again_for_the_same_delivery(sim) -> None:  # type: ignore[no-untyped-def]
    table, manager, collector = sim
    table.backdoor.jam()
    assert manager.dispense(intent="position 1").result(5) == 1  # jammed: no cards
    manager.submit("shoe", lambda shoe: shoe.reset_faults()).result(5)
    assert manager.dispense(intent="position 1").result(5) == 2
    assert stacks(collector) == [2]


def test_a_new_station_continues_the_shoes_request_ids(sim) -> None:  # type: ignore[no-untyped-def]
    """A restarted station never reuses the id of the shoe's last DISPENSE (which the shoe
    would answer with the old stack instead of dispensing)."""
    table, manager, _ = sim
    manager.dispense().result(5)
    manager.stop()
    second = DeviceManager(table.config(**SPACED))
    second.start()
    try:
        assert second.wait_online(5.0)
        assert second.dispense().result(5) == 2 and table.shoe.stacks == 2
    finally:
        second.stop()
