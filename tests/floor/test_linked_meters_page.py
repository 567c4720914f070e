"""A linked table's supervisor Meters page (the real dealer's window on the simulated table,
its ``[floor]`` pointing at a real PostgreSQL): the table's own meter is its ledger of
contributions (the pool's payments are $0.00 entries there), so its "current" is not the pool;
the page shows the pool's amount as the floor reports it, labelled, above the table's own
contributions, and follows the pool."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path
from typing import Any

import pytest

sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "gui"))

from gui_harness import Table, create_accounts

from dealer_station.floor import pools
from dealer_station.floor.config import connect

pytestmark = pytest.mark.gui

SECOND, SECOND_PIN = "S-200", "135713"


def _table_id(table: Table) -> str:
    found: list[str] = []
    table.window.call(lambda controller: found.append(controller.station.store.table))
    table.qtbot.waitUntil(lambda: bool(found), timeout=10_000)
    return found[0]


def test_a_linked_tables_meters_page_shows_the_pool_beside_its_own_ledger(
        qtbot: Any, floor_url: str, tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    with connect(floor_url) as connection:
        pools.create_pool(connection, "linked", wager="progressive", reset_cents=1_000_000,
                          rate_bp=2100, actor="S9")
    data = str(tmp_path / "data")
    create_accounts(data, monkeypatch, (SECOND, "supervisor", SECOND_PIN))
    table = Table(qtbot, data, "pai_gow", settings={"side_wagers": {"offered": ["progressive"]}},
                  floor={"url": floor_url, "pool": "linked"})
    try:
        table.sign_in_supervisor()
        joined = subprocess.run([sys.executable, "-m", "dealer_station.cli", "floor", "pool",
                                 "join", "linked", "--table", _table_id(table), "--url",
                                 floor_url], capture_output=True, text=True, timeout=60)
        assert joined.returncode == 0, joined.stderr
        table.wait(lambda s: s.table.meter == 1_000_000 and s.table.meter_note == "LINKED",
                   timeout=30_000)
        screen = table.window.staff.supervisor
        table.staff_sign_in(screen, SECOND, SECOND_PIN)
        table.click(screen.pages.buttons["Meters"])
        page = screen.meters
        page.name.setText("pai_gow_progressive")
        page.wager.setText("progressive")
        page.reset.setText("$10,000")
        page.rate.setText("21%")
        table.click(page.create_button)
        qtbot.waitUntil(lambda: page.pool_box.isVisible(), timeout=30_000)
        assert page.message.text().startswith("Created meter pai_gow_progressive")
        assert page.message.objectName() == "good"  # a success in the success colour
        assert page.pool_amount.text() == "Pool linked (floor): $10,000.00"
        assert page.pool_details.text() == ("as of now · pending at the pit: none · floor: "
                                            "reachable")
        assert "its own ledger of contributions" in page.pool_box.toolTip()
        figures = page.figure_text()
        assert "Current" not in figures and figures["Ledger (this table)"] == "$10,000.00"

        with connect(floor_url) as connection:  # the pool moves on the floor (another table)
            connection.execute("UPDATE pools SET amount_cents = amount_cents + 12345 WHERE "
                               "name = 'linked'")
        table.wait(lambda s: s.table.meter == 1_012_345, timeout=30_000)
        table.click(page.refresh_button)
        qtbot.waitUntil(lambda: page.pool_amount.text() == "Pool linked (floor): $10,123.45",
                        timeout=30_000)
        assert page.figure_text()["Ledger (this table)"] == "$10,000.00"  # its own, unmoved
        table.click(screen.header.sign_out_button)
    finally:
        table.close()
