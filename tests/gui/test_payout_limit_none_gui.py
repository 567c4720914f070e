"""5324.34(f)(2) "a gaming facility may establish a maximum amount": a Let It Ride table without a
payout limit, set on the supervisor's configuration page (which says what the field takes) and
told on the dealer's screen beside the wagers; a limit below the clause's minimum is still
refused with the clause."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest
from gui_harness import Table
from PySide6.QtCore import Qt

from dealer_station.preview.demo import DemoTable
from dealer_station.table_config import load_table_config
from dealer_station.ui.supervisor.screen import SupervisorScreen

pytestmark = pytest.mark.gui


def test_configuration_page_offers_no_payout_limit_5324_34_f_2(qtbot: Any,
                                                               tmp_path: Path) -> None:
    table = DemoTable(tmp_path, devices=False)
    try:
        screen = SupervisorScreen(table.calls)
        qtbot.addWidget(screen)
        screen.resize(1280, 800)
        screen.show()
        screen.start()
        screen.sign_in_panel.user.setText("S2")
        screen.sign_in_panel.pin.setText("222222")
        qtbot.mouseClick(screen.sign_in_panel.sign_in_button, Qt.MouseButton.LeftButton)
        page = screen.configuration
        table.wait_idle(page.background)
        qtbot.waitUntil(lambda: "table.payout_limit" in page.editors, timeout=10_000)
        assert "or none for no payout limit" in page.hints["table.payout_limit"].text()

        page.editors["table.payout_limit"].setText("$1,000")
        qtbot.mouseClick(page.apply_button, Qt.MouseButton.LeftButton)
        table.wait_idle(page.background)
        assert "5324.34(f)(2)" in page.message.text()
        assert table.call(lambda context: context.station.configuration_version) == 1

        page.editors["table.payout_limit"].setText("none")
        qtbot.mouseClick(page.apply_button, Qt.MouseButton.LeftButton)
        table.wait_idle(page.background)
        assert "configuration version 2" in page.message.text()
        settings = table.call(lambda context: context.station.settings)
        assert settings["table"]["payout_limit"] == "none"
    finally:
        table.close()


def test_dealers_screen_tells_the_table_has_no_payout_limit_5324_34_f_2(
        qtbot: Any, tmp_path: Path) -> None:
    shipped = load_table_config(game="let_it_ride").settings
    for limit, notice in (("none", "No payout limit on the let it ride wagers"),
                          (100_000, "Payout limit $100,000.00 per hand on the let it ride "
                                    "wagers (not the bonus wagers)")):
        table = Table(qtbot, str(tmp_path / str(limit)), "let_it_ride", settings={
            "table": {**shipped["table"], "payout_limit": limit}})
        try:
            table.sign_in_supervisor()
            table.press("start_round")
            table.tap_seat(1)
            entry = table.window.wager_entry
            qtbot.waitUntil(lambda e=entry: e.notice_label.isVisible(), timeout=10_000)
            # the table's wager limits, then the notice (one line under the amount)
            assert entry.notice_label.text() == f"Table $5.00–$500.00 · {notice}"
        finally:
            table.close()
