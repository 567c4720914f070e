"""The staff screens opened from the real dealer's screen (the durable station, the simulated
devices on pseudo-terminals, the table worker thread): a supervisor signs in over a round in
progress without ending it, and signing out returns to the round exactly where it stood; the
technician is locked out during the round and works between rounds."""

from __future__ import annotations

from typing import Any

import pytest
from gui_harness import PIN, SUPERVISOR, Table
from own_pins import add_account

pytestmark = pytest.mark.gui


def _people(context: Any) -> None:
    station = context.station
    add_account(station, "S-200", "Second Supervisor", "supervisor", "135713",
                supervisor=SUPERVISOR, pin=PIN)
    add_account(station, "T-300", "Table Technician", "technician", "864286",
                supervisor=SUPERVISOR, pin=PIN)


def _wait_calls(table: Table) -> None:
    table.qtbot.waitUntil(lambda: table.window.staff.calls.pending == 0, timeout=30_000)


def _sign_in(table: Table, screen: Any, user: str, pin: str) -> None:
    screen.sign_in_panel.user.setText(user)
    screen.sign_in_panel.pin.setText(pin)
    table.click(screen.sign_in_panel.sign_in_button)
    _wait_calls(table)


def test_supervisor_signs_in_over_a_round_and_signs_out_back_to_it(qtbot: Any,
                                                                   tmp_path: Any) -> None:
    table = Table(qtbot, str(tmp_path), "let_it_ride")
    try:
        table.sign_in_supervisor()
        table.wait_devices_online()
        staff = table.window.staff
        staff.calls.submit(_people)
        _wait_calls(table)
        table.press("start_round")
        table.tap_seat(3)
        table.click(table.window.wager_entry._chip_buttons[1])
        table.click(table.window.wager_entry.place)
        before = table.wait(lambda s: s.table.seat(3).active)

        table.click(staff.supervisor_button)
        assert staff.supervisor.isVisible()
        assert staff.supervisor.geometry() == table.window.rect()
        _sign_in(table, staff.supervisor, "S-200", "135713")
        assert staff.supervisor.session is not None
        assert staff.supervisor.stack.currentIndex() == 1
        # the round is untouched: same round, same records, same step
        found = []
        staff.calls.submit(lambda c: (c.station.round_id, len(c.station.round.history)),
                           found.append)
        _wait_calls(table)
        assert found[0][1] == before.records and found[0][0] is not None
        assert table.snapshot.step.phase == before.step.phase
        # a configuration change waits for the end of the round
        staff.supervisor.pages.show_page(2)
        staff.supervisor.configuration.apply()
        _wait_calls(table)
        assert ("the configuration cannot change during a round"
                in staff.supervisor.configuration.message.text())
        # history lists the open round
        staff.supervisor.history.search()
        _wait_calls(table)
        assert staff.supervisor.history.rows[0].status == "open"

        table.click(staff.supervisor.header.sign_out_button)
        assert not staff.supervisor.isVisible()
        snap = table.snapshot
        assert snap.step.phase == before.step.phase and snap.records == before.records
        table.press("no_more_bets")  # the dealer carries on with the same round
        assert table.snapshot.records == before.records + 1
    finally:
        table.close()


def test_technician_sees_devices_during_a_round_tests_between_rounds(
        qtbot: Any, tmp_path: Any) -> None:
    """During a round the technician is told before the PIN what waits for the round's end,
    signs in, sees the devices, cannot run a test; a supervisor voids the round from the
    supervisor's screen; between rounds the tests run."""
    table = Table(qtbot, str(tmp_path), "let_it_ride")
    try:
        table.sign_in_supervisor()
        table.wait_devices_online()
        staff = table.window.staff
        staff.calls.submit(_people)
        _wait_calls(table)
        table.press("start_round")
        table.click(staff.technician_button)
        notice = staff.technician.sign_in_panel.notice
        qtbot.waitUntil(notice.isVisible, timeout=10_000)
        assert "refused until the round ends" in notice.text()
        _sign_in(table, staff.technician, "T-300", "864286")
        assert staff.technician.session is not None
        qtbot.waitUntil(staff.technician.lock.isVisible, timeout=10_000)
        assert not any(b.isEnabled() for b in staff.technician.test_buttons.values())
        table.click(staff.technician.header.sign_out_button)
        assert not staff.technician.isVisible()

        table.click(staff.supervisor_button)  # the supervisor voids the round, with the reason
        _sign_in(table, staff.supervisor, "S-200", "135713")
        page = staff.supervisor.round
        qtbot.waitUntil(page.void_button.isEnabled, timeout=10_000)
        page.reason.setText("technician test")
        table.click(page.void_button)
        qtbot.waitUntil(page.confirmation.isVisible, timeout=10_000)  # asked first
        table.click(page.confirm_button)
        qtbot.waitUntil(lambda: "voided" in page.message.text(), timeout=10_000)
        table.click(staff.supervisor.header.sign_out_button)
        snap = table.wait(lambda s: s.step.phase == "between_rounds")
        assert "voided by supervisor S-200: technician test" in " ".join(snap.step.notes)
        table.click(staff.technician_button)
        _sign_in(table, staff.technician, "T-300", "864286")
        assert staff.technician.session is not None
        qtbot.waitUntil(lambda: len(staff.technician.rows) == 9, timeout=10_000)
        assert all(row.link == "online" for row in staff.technician.rows)
        table.click(staff.technician.test_buttons["lamp"])
        qtbot.waitUntil(lambda: staff.technician.running is None
                        and len(staff.technician.outcomes) == 7, timeout=30_000)
        assert all(o.passed for o in staff.technician.outcomes)
        table.click(staff.technician.header.sign_out_button)
        assert not staff.technician.isVisible()

        # between rounds a supervisor changes the limits; the dealer's screen follows
        adapters: list[Any] = []
        staff.calls.submit(lambda c: c.controller.adapter, adapters.append)
        table.click(staff.supervisor_button)
        _sign_in(table, staff.supervisor, "S-200", "135713")
        page = staff.supervisor.configuration
        page.editors["table.minimum"].setText("$10.00")
        table.click(page.apply_button)
        _wait_calls(table)
        assert "Applied as configuration version 2" in page.message.text()
        staff.calls.submit(lambda c: c.controller.adapter, adapters.append)
        _wait_calls(table)
        assert adapters[1] is not adapters[0]
        table.click(staff.supervisor.header.sign_out_button)
        table.press("start_round")  # the table deals again after the technician leaves
        assert table.phase == "betting"
    finally:
        table.close()
