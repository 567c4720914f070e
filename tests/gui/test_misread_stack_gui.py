"""A card the reading shoe could not read, on the simulated table as shipped (the misread injected
by the technician between rounds): the dealer enters the stack by hand, it is recorded despite
the shoe's latched misread fault, the fault is reset, and DISPENSE works again (5324.34(d)(2))."""

from __future__ import annotations

from typing import Any

import pytest
from gui_harness import Table, create_accounts

from dealer_station.cards import parse_cards

pytestmark = pytest.mark.gui

TECHNICIAN, TECHNICIAN_PIN = "T-1", "515151"


def test_a_misread_stack_entered_by_hand_clears_the_shoe_fault(qtbot: Any, tmp_path: Any,
                                                               monkeypatch: Any) -> None:
    data = str(tmp_path)
    create_accounts(data, monkeypatch, (TECHNICIAN, "technician", TECHNICIAN_PIN))
    table = Table(qtbot, data, "let_it_ride")
    try:
        table.sign_in_supervisor()
        table.wait_devices_online()
        screen = table.window.staff.technician
        table.staff_sign_in(screen, TECHNICIAN, TECHNICIAN_PIN)
        screen.fault.setCurrentIndex(screen.fault.findData("misread"))
        qtbot.waitUntil(screen.inject_button.isEnabled, timeout=10_000)
        table.click(screen.inject_button)
        qtbot.waitUntil(lambda: "Injected" in screen.message.text(), timeout=10_000)
        table.click(screen.header.sign_out_button)
        table.press("start_round")
        table.tap_seat(2)
        table.click(table.window.wager_entry._chip_buttons[1])
        table.click(table.window.wager_entry.place)
        table.wait(lambda s: s.table.seat(2).active)
        table.press("no_more_bets")
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
