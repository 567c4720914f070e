"""The diagnostics bundle exported from the real dealer's window carries the station's recent
log (issue 14, item 17: ``logs/recent.log`` was 1 byte): the devices opened and every change of
a device's health (an unplugged shoe reconnecting, with the reason), as the technician needs to
explain a device problem afterwards."""

from __future__ import annotations

import json
import zipfile
from typing import Any

from gui_harness import PIN, SUPERVISOR, Table
from PySide6.QtWidgets import QPushButton

TECHNICIAN, TECH_PIN = "T-1", "135790"


def test_the_bundle_holds_the_devices_health_changes(qtbot: Any, tmp_path: Any) -> None:
    table = Table(qtbot, str(tmp_path), "let_it_ride")
    window = table.window
    try:
        table.sign_in_supervisor()
        table.wait_devices_online()

        def accounts(controller: Any) -> None:  # the supervisor's Accounts page, in short
            controller.station.create_user(TECHNICIAN, "Tess Tech", "technician", TECH_PIN,
                                           supervisor=SUPERVISOR, pin=PIN)

        window.call(accounts)
        qtbot.wait(200)
        access = window.simulated_table  # the shoe's cable pulled, then plugged back in
        table.click(access.button)
        qtbot.waitUntil(lambda: window.findChild(QPushButton, "sim-unplug-shoe") is not None)
        table.click(window.findChild(QPushButton, "sim-unplug-shoe"))
        table.wait(lambda s: any(h.name == "shoe" and h.state.value != "connected"
                                 for h in s.health), timeout=20_000)
        table.click(window.findChild(QPushButton, "sim-unplug-shoe"))
        table.wait_devices_online()
        table.click(access.panel.close_button)
        screen = window.staff.technician
        table.click(window.staff.technician_button)
        screen.sign_in_panel.user.setText(TECHNICIAN)
        screen.sign_in_panel.pin.setText(TECH_PIN)
        table.click(screen.sign_in_panel.sign_in_button)
        qtbot.waitUntil(lambda: screen.session is not None, timeout=10_000)
        table.click(screen.export_button)
        qtbot.waitUntil(lambda: screen.bundle_path is not None, timeout=10_000)
        with zipfile.ZipFile(screen.bundle_path) as archive:
            lines = [json.loads(line) for line in
                     archive.read("logs/recent.log").decode().splitlines()
                     if line.startswith("{")]
        events = [line["event"] for line in lines]
        assert "devices_opened" in events
        shoe = [line for line in lines if line["event"] == "device_health"
                and line["device"] == "shoe"]
        states = [line["state"] for line in shoe]
        assert "reconnecting" in states and states[-1] == "connected", states
        assert any(line["detail"] for line in shoe if line["state"] == "reconnecting")
    finally:
        table.close()
