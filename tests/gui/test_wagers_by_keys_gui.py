"""Wagers by the keyboard alone, through the dealer's window against the simulated devices
(9 NYCRR 5324.34(c)(1), 5324.41(d)(1)): during betting a position's digit chooses it as a tap on
the felt does, its wager's box takes the amount typed in dollars (with a visible focus), Enter
places it and gives the keys back to the step; the arrows choose the next position; Esc leaves
the box without placing anything."""

from __future__ import annotations

import time
from typing import Any

import pytest
from gui_harness import Table
from PySide6.QtCore import Qt
from PySide6.QtWidgets import QApplication

pytestmark = pytest.mark.gui


def _keys(table: Table, *keys: Qt.Key) -> None:
    for key in keys:
        target = QApplication.focusWidget() or table.window
        table.qtbot.keyClick(target, key)


def _read_the_step(table: Table) -> None:
    """Wait as a person reads a new step: the step's key the last step took for another action
    is ignored until then (a bounced double press, step_panel)."""
    panel = table.window.step_panel
    table.qtbot.waitUntil(lambda: time.monotonic() >= panel._guard_until)


def _type_wager(table: Table, digit: Qt.Key, dollars: str) -> Any:
    entry = table.window.wager_entry
    _keys(table, digit)
    table.qtbot.waitUntil(entry.amount.hasFocus)  # the box takes the amount at once
    table.qtbot.keyClicks(entry.amount, dollars)
    before = table.snapshot.records
    _keys(table, Qt.Key.Key_Return)
    snap = table.wait(lambda s: s.records > before)
    table.qtbot.waitUntil(lambda: QApplication.focusWidget() is not entry.amount)
    return snap


@pytest.mark.parametrize("game", ["let_it_ride", "pai_gow"])
def test_a_position_by_its_digit_and_its_wager_typed_5324_34_c_1(qtbot, tmp_path, game):
    table = Table(qtbot, str(tmp_path), game)
    try:
        table.sign_in_supervisor()
        table.wait_devices_online()
        with qtbot.waitActive(table.window):
            table.window.activateWindow()
        table.window.setFocus()
        _keys(table, Qt.Key.Key_S)  # START ROUND
        if game == "pai_gow":
            table.wait(lambda s: s.step.phase == "shuffle")
            _read_the_step(table)  # S again: after the bounce guard of a key's new step
            _keys(table, Qt.Key.Key_S)  # SHUFFLED
            snap = table.wait(lambda s: s.step.phase != "shuffle")
            assert snap.step.phase == "betting", (snap.step, snap.message)
        table.wait(lambda s: s.step.phase == "betting")
        entry = table.window.wager_entry
        snap = _type_wager(table, Qt.Key.Key_3, "25")
        assert snap.table.seat("3").active and not snap.message, snap.message
        assert entry.title.text().startswith("POSITION 3 · wager")
        # Right: the next position, its box at once; Esc leaves it, nothing placed
        _keys(table, Qt.Key.Key_Right)
        snap = table.wait(lambda s: s.entry is not None and s.entry.position == "4")
        qtbot.waitUntil(entry.amount.hasFocus)
        qtbot.keyClicks(entry.amount, "10")
        before = snap.records
        _keys(table, Qt.Key.Key_Escape)
        qtbot.waitUntil(lambda: not entry.amount.hasFocus())
        assert table.snapshot.records == before and not table.snapshot.table.seat("4").active
        snap = _type_wager(table, Qt.Key.Key_5, "10")
        assert snap.table.seat("5").active
        # the keys are the step's again: L NO MORE BETS
        _read_the_step(table)
        _keys(table, Qt.Key.Key_L)
        snap = table.wait(lambda s: s.step.phase not in ("betting", "shuffle"))
    finally:
        table.close()
