"""During betting the felt's NOW badge is on the position whose wagers are being entered, not
on position 1 (issue 14, item 11): betting has no order, so no other position is tagged."""

from __future__ import annotations

import pytest
from gui_harness import Table


def _tags(table: Table) -> dict[str, int]:
    return {seat.key: seat.order for seat in table.snapshot.table.seats
            if seat.order is not None}


@pytest.mark.parametrize("game", ["let_it_ride", "pai_gow"])
def test_now_badge_is_on_the_position_being_entered(qtbot, tmp_path, game):
    table = Table(qtbot, str(tmp_path), game)
    try:
        table.sign_in_supervisor()
        table.press("start_round")
        if table.phase == "shuffle":
            table.press("shuffled")
        assert table.phase == "betting"
        assert _tags(table) == {}  # no position chosen yet: nobody is NOW
        table.wager(1)  # $25: within both games' limits
        table.tap_seat(4)
        assert _tags(table) == {"4": 0}
        assert table.snapshot.step.order_text == ""  # no "Order: 1 → 2 …" while betting
        felt = table.window.felt
        assert felt._view is not None and felt._view.seat("4").order == 0  # what it draws
    finally:
        table.close()
