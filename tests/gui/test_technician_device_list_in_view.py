"""The technician's device list at 1280×800 (the size the station opens at): every device of a
Let It Ride table in view without scrolling, in the guide's order — the shoe first, the seven
acceptors, the lockout controller — during a round, with CLEAR FAULTS' answer shown. (The
list had five rows of room above an empty results box, in the alphabet's order: the shoe was
the last row, a scroll away, and a jammed shoe listed first dropped there the moment its fault
was cleared.)"""

from __future__ import annotations

from typing import Any

import pytest
from gui_harness import TECHNICIAN, TECHNICIAN_PIN, table_with_technician

pytestmark = pytest.mark.gui


def test_every_device_is_in_view_shoe_first_at_1280x800(qtbot: Any, tmp_path: Any,
                                                         monkeypatch: Any) -> None:
    table = table_with_technician(qtbot, str(tmp_path), monkeypatch)
    try:
        table.sign_in_supervisor()
        table.wait_devices_online()
        table.press("start_round")  # during a round: the screen's note above the pages
        screen = table.window.staff.technician
        table.staff_sign_in(screen, TECHNICIAN, TECHNICIAN_PIN)
        devices = screen.table
        qtbot.waitUntil(lambda: devices.rowCount() == 9, timeout=15_000)
        table.click(screen.clear_button)  # and its answer on the line under the pages
        qtbot.waitUntil(lambda: "faults reset" in screen.message.text(), timeout=10_000)
        assert (table.window.width(), table.window.height()) == (1280, 800)
        assert [devices.item(row, 0).text() for row in range(9)] == [
            "shoe", *(f"acceptors seat {seat}" for seat in range(1, 8)), "lockout"]
        qtbot.waitUntil(lambda: devices.verticalScrollBar().maximum() == 0, timeout=5_000)
        table.click(screen.header.sign_out_button)
        qtbot.waitUntil(lambda: not screen.isVisible(), timeout=10_000)
    finally:
        table.close()
