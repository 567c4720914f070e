"""The diagnostics bundle exported from the real dealer's window carries the station's recent
log (issue 14, item 17: ``logs/recent.log`` was 1 byte): the devices opened and every change of
a device's health (an unplugged shoe not answering, with the technical reason), as the
technician needs to explain a device problem afterwards."""

from __future__ import annotations

import json
import zipfile
from typing import Any

from bundle_support import create_technician, export_bundle
from gui_harness import Table
from PySide6.QtWidgets import QPushButton


def test_the_bundle_holds_the_devices_health_changes(qtbot: Any, tmp_path: Any) -> None:
    table = Table(qtbot, str(tmp_path), "let_it_ride")
    window = table.window
    try:
        table.sign_in_supervisor()
        table.wait_devices_online()

        create_technician(table)
        access = window.simulated_table  # the shoe's cable pulled, then plugged back in
        table.click(access.button)
        qtbot.waitUntil(lambda: window.findChild(QPushButton, "sim-unplug-shoe") is not None)
        table.click(window.findChild(QPushButton, "sim-unplug-shoe"))
        table.wait(lambda s: any(h.name == "shoe" and h.state.value != "connected"
                                 for h in s.health), timeout=20_000)
        table.click(window.findChild(QPushButton, "sim-unplug-shoe"))
        table.wait_devices_online()
        table.click(access.panel.close_button)
        bundle = export_bundle(table)
        with zipfile.ZipFile(bundle) as archive:
            lines = [json.loads(line) for line in
                     archive.read("logs/recent.log").decode().splitlines()
                     if line.startswith("{")]
        events = [line["event"] for line in lines]
        assert "devices_opened" in events
        shoe = [line for line in lines if line["event"] == "device_health"
                and line["device"] == "shoe"]
        states = [line["state"] for line in shoe]
        assert "not answering" in states and states[-1] == "connected", states
        # the technical detail (the port, the command) is the log's, for the technician
        assert any("/dev/" in line["detail"] for line in shoe
                   if line["state"] == "not answering")
    finally:
        table.close()
