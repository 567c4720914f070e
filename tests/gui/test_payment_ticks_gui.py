"""Payments ticked off are part of the round's record, and both games follow one rule: the
settlement's lines are listed in the regulated order, each ticked off as it is collected or
paid, and the step's button (Let It Ride's ALL PAID, Pai Gow's ALL PAID that records the
settlement, 5324.41(g)(7)) is refused until every line is ticked. A tick is on disk before the
screen shows it and is there again after a restart (issue 14 items 5 and 6)."""

from __future__ import annotations

import sqlite3
from pathlib import Path

import pytest
from gui_harness import Table
from PySide6.QtCore import Qt
from test_pai_gow_shoe_as_shipped import to_the_deal

from dealer_station.store.paths import DATABASE_NAME, table_directory

pytestmark = pytest.mark.gui


def to_the_settlement(table: Table) -> None:
    """The shoe deals the seven stacks; the players have set; the dealer's hand and each
    player's by the house way: the round waits at the settlement."""
    for number in range(1, 8):
        table.click(table.wait_button("dispense", f"DISPENSE STACK {number} OF 7"))
    table.wait(lambda s: s.step.phase == "setting")
    table.press("players_have_set")
    while table.phase == "banker":
        table.press("banker")
    while table.phase == "exposure":
        table.press("house_way")
    table.wait(lambda s: s.step.phase == "settlement" and len(s.payments) > 0)


def ticks_on_disk(data_dir: str) -> set[int]:
    """The ticks the journal holds, read straight from the table's database (read-only)."""
    path = Path(table_directory("table-1", data_dir)) / DATABASE_NAME
    connection = sqlite3.connect(f"file:{path}?mode=ro", uri=True)
    try:
        rows = connection.execute("SELECT payment FROM payment_ticks WHERE done = 1").fetchall()
    finally:
        connection.close()
    return {int(row[0]) for row in rows}


def press_space(table: Table) -> None:
    with table.qtbot.waitActive(table.window):
        table.window.activateWindow()
    table.qtbot.keyClick(table.window, Qt.Key.Key_Space)


def test_pai_gow_all_paid_is_refused_until_every_line_is_ticked_5324_41_g_7(qtbot, tmp_path):
    table = Table(qtbot, str(tmp_path), "pai_gow")
    try:
        to_the_deal(table, (1, 2, 3, 4, 5, 6))
        to_the_settlement(table)
        snap = table.snapshot
        settle = table.window.step_panel.button("settle")
        lines = [line.order for line in snap.payments if line.verb in ("COLLECT", "PAY")]
        # random decks: six hands all pushing leave nothing to tick (about 1 deal in 250)
        assert settle.text() == "ALL PAID" and settle.isEnabled() == (not lines)
        if not lines:
            return
        with table.qtbot.waitActive(table.window):
            table.window.activateWindow()
        records = table.snapshot.records
        table.qtbot.keyClick(table.window, Qt.Key.Key_S)  # the key is refused with the reason
        snap = table.wait(lambda s: "Tick off every payment first" in s.message)
        assert snap.step.phase == "settlement" and snap.records == records
        assert f"0 of {len(snap.payments)} done" in table.window.payments.summary.text()
        # the order follows the lines as they are ticked: NOW on the first line's position,
        # then on to the next
        first = str(snap.payments[0].position).removeprefix("pos ")
        assert snap.table.seat(first).order == 0
        for line in snap.payments:
            if str(line.position).removeprefix("pos ") != first:
                break
            press_space(table)
        table.wait(lambda s: s.table.seat(first).order is None)
        # (g)(5)-(8): that player's cards went with the settlement of their lines; the next
        # player's are still on the layout
        snap = table.snapshot
        assert snap.table.seat(first).cards == () and snap.table.seat(first).low_cards == ()
        others = {str(line.position).removeprefix("pos ") for line in snap.payments} - {first}
        assert all(snap.table.seat(p).cards for p in others), snap.table
        table.tick_all()
        # every line ticked: nothing left for Space ("3 of 3 done · Space ticks the next")
        total = len(snap.payments)
        assert table.window.payments.summary.text() == f"{total} of {total} done"
        table.press("settle")
        table.wait(lambda s: s.step.phase == "between_rounds")
        assert table.window.step_panel.button("start_round").isEnabled()
    finally:
        table.close()


def test_a_tick_is_journaled_before_it_shows_and_restored_after_a_restart(qtbot, tmp_path):
    data = str(tmp_path)
    table = Table(qtbot, data, "pai_gow")
    try:
        to_the_deal(table, (3,))
        to_the_settlement(table)
        first = table.snapshot.payments[0].order
        press_space(table)
        table.wait(lambda s: first in s.ticked)
        assert first in ticks_on_disk(data)  # on disk with the window still open
        assert "1 of" in table.window.payments.summary.text()
    finally:
        table.close()
    table = Table(qtbot, data, "pai_gow")
    try:
        table.sign_in_supervisor()
        snap = table.wait(lambda s: s.step.phase == "settlement" and first in s.ticked)
        assert "1 of" in table.window.payments.summary.text()
        table.tick_all()
        table.press("settle")
        table.wait(lambda s: s.step.phase == "between_rounds")
        assert snap.payments[0].order == first
    finally:
        table.close()


def test_let_it_ride_ticks_are_kept_across_a_restart_5324_34_e_7(qtbot, tmp_path):
    """The case seen: a line ticked at Let It Ride's settlement, the station closed, started
    again: the tick is still there ("1 of n done"), the rest are ticked and the round ends."""
    data = str(tmp_path)
    table = Table(qtbot, data, "let_it_ride")
    settling = ("collect_losing_wagers", "pay_winning_wagers")
    try:
        table.sign_in_supervisor()
        table.wait_devices_online()
        table.press("start_round")
        table.tap_seat(3)
        table.click(table.window.wager_entry._chip_buttons[1])  # $25 on each of the three
        table.click(table.window.wager_entry.place)
        table.wait(lambda s: s.table.seat(3).active)
        table.press("no_more_bets")
        while table.phase not in settling:  # random cards: the dealer's one obvious action
            primary = table.snapshot.step.primary
            assert primary is not None, table.snapshot.step
            before = (table.snapshot.records, table.phase)
            table.click(table.window.step_panel.button(primary.name))
            table.wait(lambda s, b=before: (s.records, s.step.phase) != b)
        snap = table.wait(lambda s: len(s.payments) > 0)
        if all(line.verb in snap.later for line in snap.payments):  # nothing to collect
            table.press("collected")
            snap = table.wait(lambda s: s.step.phase == "pay_winning_wagers")
        first = snap.payments[0].order
        press_space(table)
        table.wait(lambda s: first in s.ticked)
        assert first in ticks_on_disk(data)
        phase = table.phase
    finally:
        table.close()
    table = Table(qtbot, data, "let_it_ride")
    try:
        table.sign_in_supervisor()
        table.wait(lambda s: s.step.phase == phase and first in s.ticked)
        assert "1 of" in table.window.payments.summary.text()
    finally:
        table.close()


def test_let_it_ride_space_ticks_the_losing_wagers_and_not_the_payments_yet_5324_34_e_7(
        qtbot, tmp_path):
    """(e)(7) then (e)(8): while the losing wagers are collected, Space ticks the next COLLECT
    line and stops at the last one — it ticked on into the PAY lines, so one press too many
    marked a payment made before any was paid, and at the next step ALL PAID was on at once.
    The panel says the PAY lines wait for the next step; a tap on one still ticks it."""
    from dealer_station.preview.scripts import LetItRideScript

    script = LetItRideScript(wagers={2: 1000, 5: 1000}, bonus=(), three_card={},
                             hands={2: "Ts Tc 4d", 5: "Js 5c 3h"}, community="Kh 7s 2d",
                             take_back={"bet_one": (), "bet_two": ()})
    table = Table(qtbot, str(tmp_path), "let_it_ride")
    try:
        table.start_let_it_ride(script)
        table.press("no_more_bets")
        while table.phase != "collect_losing_wagers":
            primary = table.snapshot.step.primary
            assert primary is not None, table.snapshot.step
            before = (table.snapshot.records, table.phase)
            table.click(table.window.step_panel.button(primary.name))
            table.wait(lambda s, b=before: (s.records, s.step.phase) != b)
        snap = table.snapshot
        collect = [line.order for line in snap.payments if line.verb == "COLLECT"]
        pay = [line.order for line in snap.payments if line.verb == "PAY"]
        assert snap.later == ("PAY",) and len(collect) == 3 and len(pay) == 3, snap.payments
        for _ in range(len(snap.payments)):  # Space pressed as many times as there are lines
            press_space(table)
        snap = table.wait(lambda s: s.ticked >= set(collect))
        qtbot.wait(300)
        assert table.snapshot.ticked == frozenset(collect)
        assert table.window.payments.summary.text() == (
            "3 of 6 done · the PAY lines at the next step")
        # NOW on no position: the losing wagers are in, the payments are the next step's
        assert all(seat.order is None for seat in table.snapshot.table.seats)
        table.press("collected")
        snap = table.wait(lambda s: s.step.phase == "pay_winning_wagers")
        assert snap.later == () and not table.window.step_panel.button("paid").isEnabled()
        press_space(table)
        table.wait(lambda s: pay[0] in s.ticked)
        box = table.window.payments._boxes[pay[1]]
        table.click(box)  # a tap ticks a line, as ever
        table.wait(lambda s: pay[1] in s.ticked)
    finally:
        table.close()
