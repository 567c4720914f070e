"""Fixtures of the device tests: a simulated table served over each transport (PTY, the
simulated USB bus, in process), a running manager, and an event collector."""

from __future__ import annotations

from collections.abc import Iterator

import pytest
from devices_support import FAST, TRANSPORTS, Collector

from drivers.manager import DeviceManager
from drivers.sim.table import SimulatedTable, start_simulated_table


@pytest.fixture(params=TRANSPORTS)
def transport(request: pytest.FixtureRequest) -> str:
    return str(request.param)


@pytest.fixture
def table(transport: str) -> Iterator[SimulatedTable]:
    sim = start_simulated_table("let_it_ride", transport, seed=7)
    yield sim
    sim.close()


@pytest.fixture
def pai_gow_table(transport: str) -> Iterator[SimulatedTable]:
    sim = start_simulated_table("pai_gow", transport, seed=11)
    yield sim
    sim.close()


@pytest.fixture
def collector() -> Collector:
    return Collector()


@pytest.fixture
def manager(table: SimulatedTable, collector: Collector) -> Iterator[DeviceManager]:
    mgr = DeviceManager(table.config(**FAST), events=collector.queue)
    mgr.start()
    assert mgr.wait_online(5.0), mgr.health()
    yield mgr
    mgr.stop()
