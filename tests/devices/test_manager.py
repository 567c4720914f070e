"""The device manager's contract with the application: configuration by URL, callbacks on
its own threads, non-blocking commands with timeouts, health, lockout following, and the
simulated table used when no hardware is configured."""

from __future__ import annotations

import threading
import time

import pytest
from devices_support import FAST, Collector

from drivers.config import parse_device_config
from drivers.events import DeviceEvent, EventKind
from drivers.manager import DeviceManager, DeviceOffline, Health, LinkState
from drivers.protocol.codes import FaultCode, IndicatorMode, LightMode
from drivers.sim.table import SimulatedTable, devices_or_simulation, start_simulated_table
from drivers.transports.usb import discover


def test_config_names_devices_by_url() -> None:
    config = parse_device_config(
        {
            "poll_interval": 0.05,
            "shoe": {"url": "/dev/ttyUSB0", "stack_size": 4},
            "acceptors": {"url": "socket://10.0.0.5:4001", "addresses": {"1": 32, "2": 40}},
            "lockout": {"url": "usb://1209:5303?serial=L7", "address": 3},
        }
    )
    assert config.settings.poll_interval == 0.05
    assert config.shoe is not None and config.shoe.stack_size == 4
    assert config.acceptors is not None and dict(config.acceptors.addresses) == {1: 32, 2: 40}
    assert config.lockout is not None and config.lockout.address == 3
    assert parse_device_config(None).empty


@pytest.mark.parametrize(
    "bad",
    [
        {"shoe": {"url": "/dev/ttyUSB0", "stack_size": 5}},
        {"shoe": {"address": 1}},
        {"acceptors": {"url": "loop://", "addresses": {"1": 16, "2": 16}}},
        {"lockout": {"url": "loop://", "address": 300}},
    ],
)
def test_bad_device_configuration_is_refused(bad: dict[str, object]) -> None:
    with pytest.raises(ValueError):
        parse_device_config(bad)


@pytest.mark.parametrize(
    ("bad", "named"),
    [
        ({"shooe": {"url": "/dev/ttyUSB0"}}, "shooe"),  # a typo must not mean "no hardware"
        ({"shoe": {"url": "/dev/ttyUSB0", "adress": 2}}, "adress"),
        ({"lockout": {"url": "loop://", "stack_size": 3}}, "stack_size"),
        ({"timeout": "fast"}, "timeout"),
        ({"timeout": 0}, "timeout"),
        ({"retries": -1}, "retries"),
        ({"heartbeat": True}, "heartbeat"),
        ({"backoff_initial": 10.0, "backoff_max": 1.0}, "backoff_initial"),
        ({"lockout_locks_acceptors": "no"}, "lockout_locks_acceptors"),
        ({"shoe": "/dev/ttyUSB0"}, "devices.shoe"),
        ({"acceptors": {"url": "loop://", "addresses": {"one": 16}}}, "addresses"),
    ],
)
def test_misspelt_or_wrongly_typed_device_settings_are_refused_by_name(
    bad: dict[str, object], named: str
) -> None:
    """A [devices] table the station cannot read exactly is refused with the key concerned,
    never silently ignored (which would start the simulated table instead of the hardware)."""
    with pytest.raises(ValueError, match=named):
        parse_device_config(bad)
    with pytest.raises(ValueError, match=named):
        devices_or_simulation(bad, "let_it_ride")


def test_device_settings_within_their_ranges_are_taken() -> None:
    config = parse_device_config(
        {"timeout": 1, "retries": 0, "poll_interval": 0, "lockout_locks_acceptors": False}
    )
    assert config.empty and config.settings.timeout == 1.0 and config.settings.retries == 0
    assert config.settings.poll_interval == 0.0 and not config.lockout_locks_acceptors


def test_callbacks_run_on_worker_threads_and_commands_never_block(
    table: SimulatedTable,
) -> None:
    seen: list[tuple[str, object]] = []
    main = threading.current_thread()

    def on_event(event: DeviceEvent) -> None:
        assert threading.current_thread() is not main
        seen.append(("event", event))

    def on_health(health: Health) -> None:
        assert threading.current_thread() is not main
        seen.append(("health", health))

    manager = DeviceManager(table.config(**FAST), on_event=on_event, on_health=on_health)
    manager.start()
    try:
        assert manager.wait_online(5.0)
        started = time.perf_counter()
        future = manager.set_all_lights(LightMode.ATTRACT)
        assert time.perf_counter() - started < 0.01  # submitted, not executed, here
        future.result(2)
        assert manager.lit_count().result(2) == 0
        manager.set_indicator(IndicatorMode.ON).result(2)
        table.backdoor.place_chip(5)
        deadline = time.monotonic() + 3
        while not any(k == "event" for k, _ in seen) and time.monotonic() < deadline:
            time.sleep(0.005)
        event = next(v for k, v in seen if k == "event")
        assert isinstance(event, DeviceEvent) and event.seat == 5
        healths = [v for k, v in seen if k == "health"]
        assert {h.device for h in healths if isinstance(h, Health)} == {
            "shoe",
            "acceptors",
            "lockout",
        }
    finally:
        manager.stop()
    assert all(h.state is LinkState.STOPPED for h in manager.health().values())


def test_lockout_button_locks_every_acceptor(table: SimulatedTable, manager: DeviceManager) -> None:
    """5324.34(d)(2): after the lockout no bonus wager may be placed (late, not lit)."""
    table.backdoor.press_lockout_button()
    deadline = time.monotonic() + 3
    while not all(m.locked for m in table.acceptors.values()) and time.monotonic() < deadline:
        time.sleep(0.005)
    table.backdoor.place_chip(1)
    assert table.acceptors[1].light is LightMode.OFF
    manager.unlock().result(2)
    deadline = time.monotonic() + 3
    while any(m.locked for m in table.acceptors.values()) and time.monotonic() < deadline:
        time.sleep(0.005)
    assert not any(m.locked for m in table.acceptors.values())


def test_chip_after_lockout_from_the_back_door_arrives_late(
    table: SimulatedTable, manager: DeviceManager, collector: Collector
) -> None:
    table.backdoor.chip_after_lockout(6)
    assert collector.wait(
        lambda ev: any(e.kind is EventKind.CHIP_SENSED and e.seat == 6 for e in ev)
    )
    chip = next(e for e in collector.events if e.kind is EventKind.CHIP_SENSED)
    assert chip.late and manager.lit_count().result(2) == 0


def test_unconfigured_device_is_refused_at_once() -> None:
    manager = DeviceManager(parse_device_config({}))
    with pytest.raises(DeviceOffline):
        manager.dispense().result(0.1)


def test_no_hardware_configured_means_the_simulated_table() -> None:
    config, sim = devices_or_simulation({"poll_interval": 0.01}, "pai_gow")
    assert sim is not None
    try:
        assert config.settings.poll_interval == 0.01
        with DeviceManager(config) as manager:
            assert manager.wait_online(5.0)
            assert manager.shuffle().result(2) == 53
    finally:
        sim.close()
    config, sim = devices_or_simulation({"shoe": {"url": "/dev/ttyUSB9"}}, "pai_gow")
    assert sim is None and config.shoe is not None


def test_usb_device_is_found_again_after_replug(collector: Collector) -> None:
    table = start_simulated_table("let_it_ride", "usb")
    try:
        manager = DeviceManager(table.config(**FAST), events=collector.queue)
        manager.start()
        assert manager.wait_online(5.0)
        before = [d for d in discover(0x1209, 0x5301, backend="sim") if "SHOE" in str(d[2])]
        table.backdoor.unplug("shoe")
        assert all(table.shoe.serial_number != d[2] for d in discover(backend="sim"))
        with pytest.raises(OSError):
            manager.dispense().result(2)
        table.backdoor.replug("shoe")
        assert manager.wait_online(5.0)
        assert manager.shuffle().result(2) == 52
        after = [d for d in discover(0x1209, 0x5301, backend="sim") if "SHOE" in str(d[2])]
        assert before == after and after[0][2] == table.shoe.serial_number
        manager.stop()
        shoe_link = manager.links()[table.urls["shoe"]]
        assert shoe_link.counters.link_downs >= 1
    finally:
        table.close()


def test_socket_url_reaches_devices_through_serial_for_url() -> None:
    """``socket://`` goes through pyserial's serial_for_url like a device path."""
    table = start_simulated_table("let_it_ride", "tcp")
    try:
        assert table.urls["shoe"].startswith("socket://127.0.0.1:")
        with DeviceManager(table.config(**FAST)) as manager:
            assert manager.wait_online(5.0)
            assert manager.shuffle().result(2) == 52
            assert manager.lit_count().result(2) == 0
    finally:
        table.close()


def test_loop_url_opens_and_echoes_through_serial_for_url() -> None:
    from drivers.transports import open_transport

    loop = open_transport("loop://")
    loop.open()
    loop.write(b"\xa5frame")
    assert loop.read(0.5) == b"\xa5frame"
    loop.close()


def test_faults_reach_the_devices_health(table: SimulatedTable, manager: DeviceManager) -> None:
    table.backdoor.open_door()
    deadline = time.monotonic() + 3
    while time.monotonic() < deadline:
        if manager.health()[("shoe", None)].faults:
            break
        time.sleep(0.005)
    shoe = manager.health()[("shoe", None)]
    assert shoe.state is LinkState.ONLINE and shoe.faults == (FaultCode.DOOR_OPEN,)
    assert "door open" in str(shoe)
    table.backdoor.close_door()
    deadline = time.monotonic() + 3
    while manager.health()[("shoe", None)].faults and time.monotonic() < deadline:
        time.sleep(0.005)
    assert manager.health()[("shoe", None)].faults == ()
