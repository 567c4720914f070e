"""The device manager polls an active line sooner (docs/protocol.md section 10): after an event
taken or a command sent the idle time between polls is ``active_poll_interval`` for
``active_window`` seconds, then ``poll_interval`` again, so chips landing while wagers are made
wait less for their poll and a quiet table's processor stays idle. The settings are read and
checked like the others."""

from __future__ import annotations

import time

import pytest
from devices_support import Collector

from drivers.config import LinkSettings, parse_device_config
from drivers.manager import DeviceManager, idle_wait
from drivers.sim.table import SimulatedTable


def test_an_active_line_waits_the_active_interval_a_quiet_one_the_poll_interval() -> None:
    settings = LinkSettings(poll_interval=0.02, active_poll_interval=0.004)
    assert idle_wait(settings, now=5.0, active_until=6.0) == 0.004
    assert idle_wait(settings, now=6.0, active_until=6.0) == 0.02
    # never slower than the poll interval, whatever the active one says
    slow = LinkSettings(poll_interval=0.01, active_poll_interval=0.05)
    assert idle_wait(slow, now=0.0, active_until=1.0) == 0.01


def test_active_polling_settings_are_read_and_checked() -> None:
    config = parse_device_config({"active_poll_interval": 0, "active_window": 0.5})
    assert config.settings.active_poll_interval == 0.0
    assert config.settings.active_window == 0.5
    for bad in ({"active_poll_interval": -1}, {"active_window": "long"},
                {"active_window": 7200}):
        with pytest.raises(ValueError, match=next(iter(bad))):
            parse_device_config(bad)


def test_a_chip_makes_its_line_active(table: SimulatedTable, collector: Collector) -> None:
    manager = DeviceManager(table.config(active_window=600.0), events=collector.queue)
    manager.start()
    try:
        assert manager.wait_online(5.0)
        line = next(w for w in manager._workers.values()
                    if any(u.driver.name == "acceptors" for u in w.units))
        table.backdoor.place_chip(3)
        assert collector.wait(lambda events: any(e.seat == 3 for e in events))
        assert idle_wait(line.settings, time.monotonic(), line.active_until) == \
            line.settings.active_poll_interval
    finally:
        manager.stop()
