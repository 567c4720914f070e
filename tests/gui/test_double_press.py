"""A double press acts once (issue 14, item 10): the same key on consecutive steps for another
action (T take back, then T turn card; Enter, then Enter) is not taken in the moment after the
new step appears, and no press is taken while the last one is still on its way to the station.
The next deliberate press acts as usual."""

from __future__ import annotations

from gui_harness import Table
from PySide6.QtCore import Qt
from PySide6.QtWidgets import QPushButton

from dealer_station.ui.step_panel import REPEAT_GUARD_SECONDS


def _to_bet_one(table: Table) -> None:
    table.sign_in_supervisor()
    table.wait_devices_online()
    table.press("start_round")
    table.wager(1, chip=0)
    access = table.window.simulated_table  # the dealer's lockout button, on the table
    table.click(access.button)
    table.qtbot.waitUntil(lambda: table.window.findChild(QPushButton, "sim-lockout-button")
                          is not None)
    table.click(table.window.findChild(QPushButton, "sim-lockout-button"))
    table.wait(lambda s: s.step.phase == "dealing")
    table.click(access.panel.close_button)
    while table.phase == "dealing":
        before = table.snapshot.records
        table.press("dispense", expect_record=False)
        table.wait(lambda s, b=before: s.records > b)
    assert table.phase == "bet_one"
    with table.qtbot.waitActive(table.window):
        table.window.activateWindow()


def test_t_take_back_then_t_turn_card_a_double_press_does_not_turn_the_card(qtbot, tmp_path):
    table = Table(qtbot, str(tmp_path), "let_it_ride")
    try:
        _to_bet_one(table)
        window = table.window
        qtbot.keyClick(window, Qt.Key.Key_T)  # take back bet one
        qtbot.keyClick(window, Qt.Key.Key_T)  # the same press, bounced: still in flight
        snap = table.wait(lambda s: s.step.phase == "first_community_card")
        records = snap.records
        qtbot.keyClick(window, Qt.Key.Key_T)  # a double press: T is now TURN CARD
        qtbot.wait(150)
        assert table.phase == "first_community_card" and table.snapshot.records == records
        assert table.snapshot.table.community == (None, None)
        qtbot.wait(int(REPEAT_GUARD_SECONDS * 1000) + 100)
        table.key(Qt.Key.Key_T)  # deliberate: the card is turned
        assert table.snapshot.table.community[0] is not None
    finally:
        table.close()


def test_enter_twice_acts_once(qtbot, tmp_path):
    table = Table(qtbot, str(tmp_path), "let_it_ride")
    try:
        _to_bet_one(table)
        window = table.window
        qtbot.keyClick(window, Qt.Key.Key_R)  # position 1 lets bet one ride
        snap = table.wait(lambda s: s.step.phase == "first_community_card")
        qtbot.keyClick(window, Qt.Key.Key_Return)  # Enter meant for LET IT RIDE, bounced
        qtbot.wait(150)
        assert table.snapshot.records == snap.records
        qtbot.wait(int(REPEAT_GUARD_SECONDS * 1000) + 100)
        table.key(Qt.Key.Key_Return)  # TURN CARD
        assert table.phase == "bet_two"
    finally:
        table.close()
