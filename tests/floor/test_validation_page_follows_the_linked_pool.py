"""5324.41(k)(6) on the supervisor's Progressive validation page of a table in a linked pool
(the real page, the station's calls, a real PostgreSQL): the claim shown follows the pool as
other tables contribute (the amount is the pool's when paid); approved while another table's
earlier hit is pending, the page says which hit at which table it waits for and offers no
second approval; when that hit is decided on the floor the numbered jackpot record appears on
the page by itself, with the amount the floor paid."""

from __future__ import annotations

import sys
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from PySide6.QtCore import Qt

sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "gui"))

from winner_support import enter_winner

from dealer_station.floor import pools, tables
from dealer_station.floor.config import FloorConfig, connect
from dealer_station.floor.link import LinkedPool
from dealer_station.money import format_cents
from dealer_station.preview.demo import DemoTable, play_pai_gow_to_validation
from dealer_station.ui.supervisor.screen import SupervisorScreen

pytestmark = pytest.mark.gui

HANDS = {5: "As Ks Qs Js Ts 9c 9d", 3: "6c 6d 2d 3c 5d Qh Jc",
         "dealer": "Kc Kd 9h 7s 4c 3d Th"}


@pytest.fixture(autouse=True)
def _small_census(monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> None:
    from test_supervisor_pai_gow_returns import use_small_census

    use_small_census(monkeypatch, tmp_path / "census-cache")


@pytest.fixture
def linked_demo(floor_url: str, tmp_path: Path) -> Iterator[tuple[DemoTable, str, int]]:
    """A Pai Gow table in pool 'linked' with its round waiting for a validation at position
    5, and table PG-X's hit on the same pool shown to its supervisor before it (hit 1)."""
    demo = DemoTable(tmp_path, devices=False, game="pai_gow")
    try:
        table, reset = demo.call(lambda c: (c.station.store.table,
                                            c.station.configured_meter_terms().reset))
        with connect(floor_url) as connection:
            pools.create_pool(connection, "linked", wager="progressive", reset_cents=reset,
                              rate_bp=2100, actor="S9")
            for member in (table, "PG-X"):
                tables.register(connection, member, f"station-{member}", "pai_gow", {})
                tables.join_pool(connection, "linked", member)
            with connection.transaction():
                pools.table_claim_in(connection, "PG-X", 8, "2", "royal_flush", 1000,
                                     event="shown", by="S7")
        pool = LinkedPool(FloorConfig(floor_url, "linked"), table)

        def play(context: Any) -> int:
            context.station.linked_meter = pool
            return play_pai_gow_to_validation(context.station, HANDS)

        yield demo, table, demo.call(play)
        demo.call(lambda c: pool.close_connection())
    finally:
        demo.close()


def test_the_validation_page_follows_the_pool_and_an_approval_waits_for_the_earlier_hit(
        qtbot: Any, linked_demo: tuple[DemoTable, str, int], floor_url: str) -> None:
    demo, table, round_id = linked_demo
    screen = SupervisorScreen(demo.calls)
    qtbot.addWidget(screen)
    screen.resize(1280, 800)
    screen.show()
    screen.start()
    screen.sign_in_panel.user.setText("S1")
    screen.sign_in_panel.pin.setText("111111")
    qtbot.mouseClick(screen.sign_in_panel.sign_in_button, Qt.MouseButton.LeftButton)
    demo.wait_idle(screen.configuration.background)
    page = screen.validation
    qtbot.mouseClick(screen.pages.buttons["Progressive validation"], Qt.MouseButton.LeftButton)
    page.round.setText(str(round_id))
    qtbot.mouseClick(page.position.buttons["5"], Qt.MouseButton.LeftButton)
    qtbot.mouseClick(page.show_button, Qt.MouseButton.LeftButton)
    qtbot.waitUntil(lambda: page.claim is not None, timeout=15_000)
    assert page.claim is not None and page.claim.pool == "linked"
    shown = page.claim.meter_before
    assert format_cents(shown) in page.claim_text()

    with connect(floor_url) as connection:  # another table's round: the pool moves
        moved = pools.contribute(connection, "PG-X", 9, 100_000).balance_cents
    assert moved > shown
    qtbot.waitUntil(lambda: format_cents(moved) in page.claim_text(), timeout=15_000)
    assert page.approve_button.isEnabled()

    assert enter_winner(page)  # $10,000 and more: the winner's identification, then approve
    with connect(floor_url) as connection:  # the pool moves while it is typed: the form stays
        moved = pools.contribute(connection, "PG-X", 10, 1000).balance_cents
    qtbot.wait(1500)
    assert page.shown.currentWidget() is page.winner_box
    qtbot.mouseClick(page.approve_button, Qt.MouseButton.LeftButton)
    qtbot.waitUntil(lambda: page.waiting is not None, timeout=15_000)
    words = page.message.text()
    assert words == ("Approved by S1 · waits for hit 1 at table PG-X (round 8, position 2) · "
                     "paid from the pool as it stands then."), words
    first_row = page.claim_grid.itemAtPosition(0, 0).widget().text()
    assert (first_row, page.claim_text()[0]) == (
        "Approved, waits for", "hit 1 at table PG-X (round 8, position 2)")
    assert not page.approve_button.isEnabled() and not page.reject_button.isEnabled()

    with connect(floor_url) as connection:  # PG-X's supervisor approves 10% of the pool
        first = pools.approve_table_claim(connection, "PG-X", 8, "2", "royal_flush",
                                          terms=((1000, None),), by="S7").paid
        assert first is not None and first.pool_before == moved
        ours, = [h for h in pools.hits(connection, "linked") if h.table_id == table]
        assert ours.status == "paid" and ours.pool_before == first.pool_after
    qtbot.waitUntil(lambda: page.record is not None, timeout=15_000)
    assert page.record.amount == ours.amount_cents
    assert (page.record.meter_before, page.record.meter_after) == (ours.pool_before,
                                                                    ours.pool_after)
    assert format_cents(ours.amount_cents) in page.record_text.toPlainText()
    assert page.message.text().startswith("Approved: jackpot record No.")
    with connect(floor_url) as connection:
        assert pools.reconcile(connection, "linked").ok
