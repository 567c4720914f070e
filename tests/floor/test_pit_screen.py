"""The pit's screen on a real floor: the tables with their round, phase, dealer, audit head
and pool; a pending jackpot validated from the pit (paid from the pool as it stands); the
history searched across tables; the shift report per table and wager family, as a table and a
chart, exported as CSV and PDF."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path
from typing import Any

import floor_player
import pytest
from PySide6.QtCore import Qt
from PySide6.QtWidgets import QPushButton

from dealer_station.floor import pools, reports
from dealer_station.floor import tables as floor_tables
from dealer_station.floor.config import connect

pytestmark = pytest.mark.gui


def _two_tables(url: str, directory: Path) -> None:
    with connect(url) as connection:
        pools.create_pool(connection, "linked", wager="progressive", reset_cents=100_000,
                          rate_bp=2100, actor="S1")
        for table in ("P1", "P2"):
            floor_tables.register(connection, table, "released", "high_card", {})
            floor_tables.join_pool(connection, "linked", table)
    for number, table in enumerate(("P1", "P2")):
        with floor_player.linked(str(directory), url, table) as (station, link):
            floor_player.play(station, 3 + number, number, link)
            floor_player.wait_forwarded(station, link)


def test_pit_validates_a_pending_jackpot_searches_history_and_exports_the_shift(
        qtbot: Any, floor_url: str, tmp_path: Path) -> None:
    from dealer_station.ui.pit import PitWindow

    _two_tables(floor_url, tmp_path)
    with connect(floor_url) as connection:
        before = pools.pool(connection, "linked").amount_cents
        pools.request_hit(connection, "P2", 4, "1", "royal_flush", share_bp=1000)
    window = PitWindow(floor_url)
    qtbot.addWidget(window)
    window.show()
    qtbot.waitUntil(lambda: window.tables.rowCount() == 2 and window.hits.rowCount() == 1,
                    timeout=15000)
    assert [window.tables.item(r, 0).text() for r in range(2)] == ["P1", "P2"]
    assert window.tables.item(1, 2).text() == "4" and window.tables.item(1, 4).text() == "D1"
    assert window.tabs.tabText(1) == "PENDING JACKPOTS (1)"
    assert window.status.text() == "2 tables on the floor; 1 jackpot pending"  # not "(s)"
    assert window.hits.item(0, 6).text() == "10% of the pool"

    for user, name, pins in (("S9", "Sal Pit", "919191\n919191\n"),  # the first: the floor's role
                             ("D1", "Dee Dealer", "313131\n313131\n919191\n")):  # added by S9
        added = subprocess.run([sys.executable, "-m", "dealer_station.cli", "floor",
                                "supervisor", "add", user, "--name", name, "--by", "S9",
                                "--pin-stdin", "--url", floor_url], input=pins,
                               capture_output=True, text=True, timeout=60)
        assert added.returncode == 0, added.stderr

    window.tabs.setCurrentIndex(1)
    window.hits.selectRow(0)
    buttons = {b.text(): b for b in window.findChildren(QPushButton)}

    def approve_as(user: str, pin: str, outcome: str) -> None:
        window.validator.setText("")
        qtbot.keyClicks(window.validator, user)
        qtbot.keyClicks(window.pin, pin)
        qtbot.mouseClick(buttons["APPROVE"], Qt.MouseButton.LeftButton)
        qtbot.waitUntil(lambda: outcome in window.outcome.text(), timeout=15000)
        assert window.pin.text() == ""  # the PIN never stays on the screen

    qtbot.mouseClick(buttons["APPROVE"], Qt.MouseButton.LeftButton)
    assert window.outcome.text().startswith("Give your id and PIN")
    approve_as("S9", "111111", "Refused: wrong id or PIN: 4 attempts left")
    approve_as("S7", "111111", "Refused: wrong id or PIN: 4 attempts left")  # the same words
    approve_as("D1", "313131", "Refused: D1 is the dealer of record of round 4 at table P2")
    with connect(floor_url) as connection:
        assert pools.hits(connection, "linked", status="paid") == []
    approve_as("S9", "919191", "PAID")
    with connect(floor_url) as connection:
        paid = pools.hits(connection, "linked", status="paid")
        # 10% rounded up to the cent, as the table's rules round a share (never below it)
        assert [(h.table_id, h.amount_cents) for h in paid] == [("P2", -(-before // 10))]
        assert pools.reconcile(connection, "linked").ok
        audited = connection.execute("SELECT actor, event FROM pit_audit WHERE event <> "
                                     "'sign_in' ORDER BY id").fetchall()
        assert audited == [("S9", "supervisor_added"), ("S9", "supervisor_added"),
                           ("S9", "sign_in_failed"), ("S7", "sign_in_failed"),
                           ("D1", "refused"), ("S9", "paid")]
    qtbot.waitUntil(lambda: window.hits.rowCount() == 0, timeout=15000)

    window.tabs.setCurrentIndex(2)
    qtbot.keyClicks(window.filters["table"], "P2")
    qtbot.mouseClick(buttons["SEARCH"], Qt.MouseButton.LeftButton)
    qtbot.waitUntil(lambda: window.history_rows.rowCount() == 4, timeout=15000)
    assert {window.history_rows.item(r, 0).text() for r in range(4)} == {"P2"}

    window.tabs.setCurrentIndex(3)
    qtbot.mouseClick(buttons["MAKE REPORT"], Qt.MouseButton.LeftButton)
    qtbot.waitUntil(lambda: window.shift.rowCount() > 0, timeout=15000)
    with connect(floor_url) as connection:
        expected = reports.shift_report(connection)
    assert {(line.table_id, line.wager) for line in expected} >= {("P1", "ante"),
                                                                   ("P2", "ante")}
    assert window.shift_lines == expected
    assert window.chart.lines == expected
    csv_path, pdf_path = tmp_path / "shift.csv", tmp_path / "shift.pdf"
    window.export("csv", str(csv_path))
    window.export("pdf", str(pdf_path))
    assert csv_path.read_text().splitlines()[0] == "Table,Wager,Drop,Paid,Hits,Hold,Hold %"
    assert len(csv_path.read_text().splitlines()) == len(expected) + 1
    assert pdf_path.read_bytes().startswith(b"%PDF")
    window.close()
