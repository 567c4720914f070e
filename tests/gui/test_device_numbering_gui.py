"""A device's bogus event number on the dealer's screen (issue 20, item 9): the lockout
controller sends an event numbered 4294967295 (the technician's fault injection); the screen
says so at once with the number, and the dealer's next lockout press still reaches the round
(the bogus number did not move the station's cursor past the real events). The fault is in the
audit log with the round it happened in."""

from __future__ import annotations

import json

import pytest
from gui_harness import Table

from dealer_station.preview.scripts import LetItRideScript

pytestmark = pytest.mark.gui


def test_a_bogus_event_number_is_told_and_later_events_still_count(qtbot, tmp_path):
    table = Table(qtbot, str(tmp_path), "let_it_ride")
    try:
        table.start_let_it_ride(LetItRideScript(wagers={2: 1000}, bonus=(), three_card={},
                                                hands={2: "Ts Tc 4d"}))
        table.backdoor.bogus_event_number("lockout")
        snap = table.wait(lambda s: "event 4294967295 refused" in s.message)
        assert snap.message == ("Lockout fault: event 4294967295 refused: the device numbers its "
                                "next event 1. Call a technician if it repeats.")
        table.backdoor.press_lockout_button()  # a real event after the bogus one
        table.wait(lambda s: s.step.phase == "dealing")
    finally:
        table.close()
    audit = (tmp_path / "table-1" / "audit.jsonl").read_text().splitlines()
    faults = [json.loads(line) for line in audit if '"numbering_fault"' in line]
    assert len(faults) == 1 and faults[0]["kind"] == "device"
    assert faults[0]["data"]["number"] == 4294967295 and faults[0]["round"] == 1
