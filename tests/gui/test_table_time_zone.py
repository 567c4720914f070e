"""The table's time zone, set on the supervisor's Configuration page (validated: a name the
machine does not know is refused in one line, nothing stored), gives the jackpot record the
table's local time to the second; the records keep UTC."""

from __future__ import annotations

from typing import Any

import pytest
from gui_harness import Table, create_accounts

from dealer_station.jackpot import as_text, table_time_zone
from dealer_station.store.meters import Jackpot

pytestmark = pytest.mark.gui

SECOND, SECOND_PIN = "S-200", "135713"


def test_the_table_time_zone_is_set_validated_and_used_on_the_jackpot_record(
        qtbot: Any, tmp_path: Any, monkeypatch: Any) -> None:
    data = str(tmp_path)
    create_accounts(data, monkeypatch, (SECOND, "supervisor", SECOND_PIN))
    table = Table(qtbot, data, "pai_gow")
    try:
        page = table.open_configuration(SECOND, SECOND_PIN, "time_zone_edit", "UTC")
        page.time_zone_edit.setText("Mars/Olympus")
        table.click(page.apply_button)
        qtbot.waitUntil(lambda: "Refused" in page.message.text(), timeout=30_000)
        assert "Mars/Olympus is no time zone" in page.message.text()
        page.time_zone_edit.setText("America/New_York")
        table.click(page.apply_button)
        qtbot.waitUntil(lambda: "Applied" in page.message.text(), timeout=30_000)

        def read(controller: Any) -> None:
            store = controller.station.store
            zones.append(table_time_zone(store))

        zones: list[str] = []
        table.window.call(read)
        qtbot.waitUntil(lambda: bool(zones), timeout=30_000)
        assert zones == ["America/New_York"]
    finally:
        table.close()
    record = Jackpot(3, "progressive", 7, "4", "natural_royal_flush", 1_000_000, 1_000_000,
                     500_000, "D-7", "S-1", "2026-07-04T23:59:58.123456Z")
    text = as_text(record, table="PG-1", time_zone=zones[0])
    assert "Time (UTC)         2026-07-04T23:59:58.123456Z" in text  # the record keeps UTC
    assert "Local time         2026-07-04 19:59:58 EDT (America/New_York)" in text, text
