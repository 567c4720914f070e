"""Pai Gow's order of play names the dealer's position "dealer" (issue 14, item 20): on a
six-position table the step panel never reads "… → 6 → 7 → 1", and the felt's NOW/NEXT tags
reach the dealer's place when it is the dealer's turn (5324.41(f): the deal goes round every
position, the dealer's included)."""

from __future__ import annotations

from gui_harness import Table


def test_the_deal_order_says_dealer_not_seven(qtbot, tmp_path):
    table = Table(qtbot, str(tmp_path), "pai_gow")
    try:
        snap = table.to_pai_gow_deal()
        shown = table.window.step_panel.order.text()
        assert shown == snap.step.order_text and shown.startswith("Order: ")
        places = shown.removeprefix("Order: ").split(" → ")
        assert "dealer" in places and "7" not in places, shown
        assert sorted(p for p in places if p != "dealer") == ["1", "2", "3", "4", "5", "6"]
        tags = {seat.key: seat.order for seat in snap.table.seats if seat.order is not None}
        assert tags["dealer"] == places.index("dealer")  # the felt tags the dealer's place
    finally:
        table.close()
