"""Configured hardware keeps its event cursors on disk so a station restart neither loses nor
repeats a device event (issue: table hardware, "a restart of the station loses no event and
repeats none"); simulated devices, which start afresh at every launch, do not."""

from pathlib import Path
from typing import Any

import dealer_station.ui  # noqa: F401  (the PySide6 work-around comes first)
from dealer_station.table_config import load_table_config
from dealer_station.ui.app import build_controller
from drivers.cursor import JsonCursorStore, MemoryCursorStore
from drivers.sim.table import start_simulated_table


def _close(controller: Any) -> None:
    """Everything the controller opened: its device lines first (a line left running keeps
    reopening its pseudo-terminal's path, which a later simulated table may be given), then the
    station."""
    controller.close()


def test_configured_devices_keep_their_cursors_in_the_table_directory(tmp_path: Path) -> None:
    with start_simulated_table("let_it_ride", "pty") as hardware:
        setup = load_table_config(game="let_it_ride")
        setup.devices.update(hardware.device_table())
        controller = build_controller(setup, str(tmp_path), table="t1")
        try:
            store = controller.manager.cursor_store
            assert isinstance(store, JsonCursorStore)
            assert store.path == controller.station.store.directory / "device-cursors.json"
            assert store.path.parent.is_relative_to(tmp_path)
        finally:
            _close(controller)


def test_simulated_devices_start_with_fresh_cursors(tmp_path: Path) -> None:
    controller = build_controller(load_table_config(game="let_it_ride"), str(tmp_path),
                                  table="t1", transport="memory")
    try:
        store = controller.manager.cursor_store
        assert type(store) is MemoryCursorStore
        assert not (controller.station.store.directory / "device-cursors.json").exists()
    finally:
        _close(controller)
