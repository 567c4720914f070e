"""Issue 18: the pit shows each table's live device health (online / offline / fault per
device) as the dealer's screen has it, forwarded by the station when it changes, and says
STATION AWAY when the station's link is gone. The shipped Pai Gow configuration with a
``[floor]`` on the simulated table; the health reaches the controller as the dealer's window's
bridge hands it over (``note_health``)."""

from __future__ import annotations

import time
from pathlib import Path
from typing import Any

import pytest

from dealer_station.floor.config import connect
from dealer_station.resources_path import resource_path

pytestmark = pytest.mark.gui


def _live(url: str) -> dict[str, str] | None:
    with connect(url) as connection:
        row = connection.execute("SELECT live_health FROM floor_tables WHERE table_id = "
                                 "'PG-8'").fetchone()
    return None if row is None else row[0]


def _wait(predicate: Any, timeout: float = 20.0) -> None:
    end = time.monotonic() + timeout
    while not predicate():
        assert time.monotonic() < end, "condition not reached"
        time.sleep(0.05)


def test_the_pit_shows_each_device_s_live_health_and_a_station_away(
        qtbot: Any, floor_url: str, tmp_path: Path) -> None:
    from dealer_station.table_config import load_table_config
    from dealer_station.ui.app import build_controller
    from dealer_station.ui.pit import TABLE_COLUMNS, PitWindow

    config = tmp_path / "table.toml"
    config.write_text(Path(resource_path("pai_gow.toml")).read_text()
                      + f'\n[floor]\nurl = "{floor_url}"\n')
    controller = build_controller(load_table_config(config), str(tmp_path / "data"),
                                  transport="memory", table="PG-8")

    def health_to_screen() -> None:  # what the window's bridge does on each health report
        controller.note_health(tuple(controller.manager.health().values()))

    window = PitWindow(floor_url)
    qtbot.addWidget(window)
    devices = TABLE_COLUMNS.index("Devices (live)")

    def shown() -> str:
        window.refresh()
        qtbot.wait(200)
        return window.tables.item(0, devices).text() if window.tables.rowCount() else ""

    try:
        assert controller.manager.wait_online(10)
        health_to_screen()
        _wait(lambda: (_live(floor_url) or {}).get("lockout") == "online")
        assert set(_live(floor_url) or {}) >= {"shoe", "lockout"}
        qtbot.waitUntil(lambda: shown().startswith("all ") and shown().endswith(" online"),
                        timeout=20000)
        controller.simulation.backdoor.unplug("lockout")
        _wait(lambda: not controller.manager.online("lockout"))
        health_to_screen()
        _wait(lambda: (_live(floor_url) or {}).get("lockout", "").startswith(
            ("stopped", "no answer", "cable unplugged")))
        qtbot.waitUntil(lambda: "lockout: " in shown() and "shoe: online" in shown(),
                        timeout=20000)
        assert not shown().startswith("STATION AWAY")
    finally:
        controller.close()
    qtbot.waitUntil(lambda: shown().startswith("STATION AWAY (health as of "), timeout=20000)
    assert "lockout: " in shown()
    window.close()
