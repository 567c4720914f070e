"""Closing the dealer's screen in the middle of a round and starting it again resumes the round
from the station's journal: same step, same wagers and decisions, hole cards still face down."""

from __future__ import annotations

import pytest
from gui_harness import Table
from PySide6.QtCore import Qt

from dealer_station.cards import card_codes, standard_deck
from dealer_station.preview.scripts import LetItRideScript

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
        table.backdoor.deal_known_cards(
            card_codes(stacks + [c for c in standard_deck() if c not in stacks]))
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


_CRASHING_TABLE = r"""
import os, signal, sys
from dealer_station.ui.adapters import adapter_for
from dealer_station.table_config import load_table_config
from dealer_station.ui.controller import DeviceState, TableController
from dealer_station.preview.scripts import LetItRideScript
from dealer_station.station import Station

setup = load_table_config(game="let_it_ride")
station = Station.open(None, sys.argv[1], game="let_it_ride", settings=setup.settings)
station.create_first_supervisor("S-100", "Test Supervisor", "246824")
station.sign_in("S-100", "246824")
controller = TableController(station, adapter_for("let_it_ride", station.settings),
                             DeviceState(shoe_reads_cards=True))
script = LetItRideScript()
while controller.round is None or controller.round.step.phase != "bet_two":
    script.play_step(controller)
script.play_step(controller)  # the first bet two decision
print(len(controller.round.history), controller.round.step.positions[0], flush=True)
os.kill(os.getpid(), signal.SIGKILL)  # the power cut: no close, no goodbye
"""


def test_a_killed_station_resumes_on_the_screen_5324_34_e_4(qtbot, tmp_path):
    """The station process is killed (SIGKILL) during the bet two decisions ((e)(4)); the dealer's
    screen started again shows the same round at the same decision, from the journal."""
    import os
    import subprocess
    import sys

    done = subprocess.run([sys.executable, "-c", _CRASHING_TABLE, str(tmp_path)],
                          capture_output=True, text=True, timeout=120,
                          env={**os.environ, "QT_QPA_PLATFORM": "offscreen"})
    assert done.returncode == -9, done.stderr
    records, waiting = (int(x) for x in done.stdout.split())
    table = Table(qtbot, str(tmp_path), "let_it_ride")
    try:
        table.sign_in_supervisor()
        snap = table.wait(lambda s: s.step.phase == "bet_two")
        assert snap.records == records
        assert snap.step.positions[0] == waiting
        assert "resumed" in " ".join(snap.step.notes)
        assert snap.table.community[0] is not None and snap.table.community[1] is None
        table.key(Qt.Key.Key_R)
        assert table.snapshot.records == records + 1
    finally:
        table.close()
