"""Device faults on the dealer's screen, with the simulated devices on pseudo-terminals: health
always visible, a fault that matters to the step stops it with what to do, and the screen keeps
answering while a device is unplugged and reconnecting (all device I/O is off the GUI thread)."""

from __future__ import annotations

import time

import pytest
from gui_harness import Table
from PySide6.QtCore import Qt

from dealer_station.ui.view import HealthState

pytestmark = pytest.mark.gui


def _to_dealing(table: Table) -> None:
    table.sign_in_supervisor()
    table.wait_devices_online()
    table.press("start_round")
    table.tap_seat(3)
    table.click(table.window.wager_entry._chip_buttons[1])
    table.click(table.window.wager_entry.place)
    table.wait(lambda s: s.table.seat(3).active)
    table.press("no_more_bets")
    assert table.phase == "dealing"


def test_a_shoe_jam_stops_the_dealing_step_5324_34_d_2(qtbot, tmp_path):
    """The shoe jams on DISPENSE during (d)(2) dealing: the health strip shows the fault, the step
    is stopped with what to do, and no stack is given to the round."""
    table = Table(qtbot, str(tmp_path), "let_it_ride")
    try:
        _to_dealing(table)
        records = table.snapshot.records
        table.backdoor.jam()
        table.press("dispense", expect_record=False)
        snap = table.wait(lambda s: s.step.blocked is not None)
        assert "Shoe" in snap.step.blocked and "technician" in snap.step.blocked
        assert any(h.name == "shoe" and h.state is HealthState.FAULT for h in snap.health)
        assert not table.window.step_panel.button("dispense").isEnabled()
        assert table.window.step_panel.blocked.isVisibleTo(table.window)
        assert snap.records == records
    finally:
        table.close()


def test_the_screen_answers_while_a_device_reconnects(qtbot, tmp_path):
    """The shoe unplugged: the strip shows it reconnecting, the dealing step waits, and the
    window keeps handling input within a frame or two; plugged back, the step resumes."""
    table = Table(qtbot, str(tmp_path), "let_it_ride")
    try:
        _to_dealing(table)
        table.backdoor.unplug("shoe")
        snap = table.wait(lambda s: any(h.name == "shoe" and h.state is not HealthState.CONNECTED
                                        for h in s.health))
        assert snap.step.blocked is not None
        # The GUI thread is free: a tap on the felt is answered at once.
        felt = table.window.felt
        started = time.perf_counter()
        with qtbot.waitSignal(felt.seat_clicked, timeout=1000):
            qtbot.mouseClick(felt, Qt.MouseButton.LeftButton,
                             pos=felt.seat_rect("5").center().toPoint())
        assert time.perf_counter() - started < 0.5
        table.backdoor.replug("shoe")
        snap = table.wait(lambda s: s.step.blocked is None, timeout=15_000)
        assert table.window.step_panel.button("dispense").isEnabled()
    finally:
        table.close()
