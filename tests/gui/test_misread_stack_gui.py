"""A card the reading shoe could not read, on the simulated table as shipped (the misread injected
by the technician between rounds): the dealer enters the stack by hand, it is recorded despite
the shoe's latched misread fault, the fault is reset, and DISPENSE works again (5324.34(d)(2))."""

from __future__ import annotations

from typing import Any

import pytest
from gui_harness import table_with_technician
from test_devices_gui import _to_dealing as to_dealing

from dealer_station.cards import parse_cards

pytestmark = pytest.mark.gui

def test_a_misread_stack_entered_by_hand_clears_the_shoe_fault(qtbot: Any, tmp_path: Any,
                                                               monkeypatch: Any) -> None:
    table = table_with_technician(qtbot, str(tmp_path), monkeypatch)
    try:
        table.inject_fault("misread")  # between rounds: the next card dispensed is not read
        to_dealing(table)
        table.click(table.wait_button("dispense"))
        snap = table.wait(lambda s: s.entry is not None and s.entry.kind == "cards")
        assert snap.entry.count == 3
        entry = table.window.card_entry
        for card in parse_cards("2c 7d Kh"):
            table.click(entry._rank_buttons[card.rank])
            table.click(entry._suit_buttons[card.suit])
        before = table.snapshot.records
        table.click(entry.enter)
        snap = table.wait(lambda s: s.records > before)
        assert not snap.message, snap.message
        assert "receive stack" in snap.log[-1]
        # the shoe's misread fault is reset: the next stack comes out of the shoe again
        table.wait(lambda s: s.step.blocked is None and any(
            a.name == "dispense" and a.enabled for a in s.step.actions))
    finally:
        table.close()
