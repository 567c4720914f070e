"""The reporting threshold (the winner's identification asked for above it), set on the
supervisor's Configuration page under JACKPOT REPORTING: shipped $600.00 and 300 times the
wager; a value that is not an amount or a whole number, or one the station refuses, is refused
in one line and nothing is stored; a good one is stored in a new configuration version and the
claims use it."""

from __future__ import annotations

from typing import Any

import pytest
from gui_harness import Table, create_accounts

from dealer_station.winners import threshold_of

pytestmark = pytest.mark.gui

SECOND, SECOND_PIN = "S-200", "135713"


def test_the_reporting_threshold_is_set_and_validated_on_the_configuration_page(
        qtbot: Any, tmp_path: Any, monkeypatch: Any) -> None:
    data = str(tmp_path)
    create_accounts(data, monkeypatch, (SECOND, "supervisor", SECOND_PIN))
    table = Table(qtbot, data, "pai_gow")
    try:
        page = table.open_configuration(SECOND, SECOND_PIN, "report_at_edit", "$600.00")
        assert page.report_times_edit.text() == "300"

        def stored() -> tuple[int, int]:
            found: list[tuple[int, int]] = []
            table.window.call(lambda c: found.append(threshold_of(c.station.station_settings)))
            qtbot.waitUntil(lambda: bool(found), timeout=30_000)
            return found[0]

        for at, times, words in (("six hundred", "300", "not an amount of money"),
                                 ("$600", "3x", "times the wager is a whole number"),
                                 ("$0", "300", "report at is an amount of at least $0.01"),
                                 ("$600", "9999999", "report winnings times is a whole number "
                                                     "from 0")):
            page.report_at_edit.setText(at)
            page.report_times_edit.setText(times)
            page.message.setText("")
            table.click(page.apply_button)
            qtbot.waitUntil(lambda: "Refused" in page.message.text(), timeout=30_000)
            assert words in page.message.text(), page.message.text()
            assert "\n" not in page.message.text()
        assert stored() == (600_00, 300)  # nothing stored by the refusals
        page.report_at_edit.setText("$1,200")
        page.report_times_edit.setText("0")
        table.click(page.apply_button)
        qtbot.waitUntil(lambda: "Applied" in page.message.text(), timeout=30_000)
        assert stored() == (1_200_00, 0)
    finally:
        table.close()
