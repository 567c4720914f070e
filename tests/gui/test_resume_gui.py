"""Closing the dealer's screen in the middle of a round and starting it again resumes the round
from the station's journal: same step, same wagers and decisions, hole cards still face down."""

from __future__ import annotations

import pytest
from gui_harness import Table
from PySide6.QtCore import Qt

from dealer_station.cards import standard_deck
from dealer_station.ui.scripts import LetItRideScript

pytestmark = pytest.mark.gui


def test_closing_mid_round_resumes_it_from_the_journal_5324_34_e_2(qtbot, tmp_path):
    """Interrupted during the bet one decisions (5324.34(e)(2)), the round comes back at the
    same position's decision with every earlier record."""
    script = LetItRideScript(wagers={2: 1000, 4: 1000, 6: 1000}, bonus=(), three_card={},
                             hands={2: "Ts Tc 4d", 4: "Qs 5c 3h", 6: "9d 9h 7d"})
    stacks = [c for stack in script.stacks() for c in stack]
    table = Table(qtbot, str(tmp_path), "let_it_ride")
    try:
        table.sign_in_supervisor()
        table.wait_devices_online()
        table.backdoor.deal_known_cards(stacks + [c for c in standard_deck() if c not in stacks])
        table.press("start_round")
        for position in script.wagers:
            table.tap_seat(position)
            table.click(table.window.wager_entry._chip_buttons[1])  # +$25
            table.click(table.window.wager_entry.place)
            table.wait(lambda s, p=position: s.table.seat(p).active)
        table.press("no_more_bets")
        while table.phase == "dealing":
            before = table.snapshot.records
            table.press("dispense", expect_record=False)
            table.wait(lambda s, b=before: s.records > b)
        table.key(Qt.Key.Key_R)  # position 2 lets bet one ride
        before = table.snapshot
        assert before.step.positions[0] == 4
    finally:
        table.close()

    again = Table(qtbot, str(tmp_path), "let_it_ride")
    try:
        again.sign_in_supervisor()
        snap = again.wait(lambda s: s.step.phase == "bet_one")
        assert snap.records == before.records
        assert snap.step.instruction == before.step.instruction
        assert "resumed" in " ".join(snap.step.notes)
        assert snap.table.seat(2).decision == "1 rides"
        assert all(snap.table.seat(p).cards == (None, None, None) for p in script.wagers)
        assert [w.amount for w in snap.table.seat(4).wagers] == [2500, 2500, 2500]
        again.key(Qt.Key.Key_T)
        assert again.snapshot.step.positions[0] == 6
    finally:
        again.close()
