"""A Pai Gow table with the progressive keeps its wagers locked out from "no more bets" to the
round's end (5324.41(k)(2)): after a restart mid-round the lockout is put back and the LOCKOUT ON
badge shows again (issue 14 item 9)."""

from __future__ import annotations

import pytest
from gui_harness import Table
from test_pai_gow_shoe_as_shipped import wager

pytestmark = pytest.mark.gui

PROGRESSIVE = {"side_wagers": {"offered": ["progressive"]}}
DEALER_ID, DEALER_PIN = "D-7", "8642"


def test_the_lockout_is_engaged_again_after_a_resume_5324_41_k_2(qtbot, tmp_path):
    data = str(tmp_path)
    table = Table(qtbot, data, "pai_gow", settings=PROGRESSIVE)
    try:
        table.sign_in_dealer(DEALER_ID, DEALER_PIN, meter=True)
        table.wait_devices_online()
        table.press("start_round")
        table.press("shuffled")
        wager(table, 2)
        assert not table.snapshot.table.lockout  # the betting is open
        table.press("no_more_bets")
        table.wait(lambda s: s.step.phase == "lockout")
        table.press("count")  # no progressive chip: 0 chips = 0 lights
        snap = table.wait(lambda s: s.step.phase == "starting_position" and s.table.lockout)
        assert snap.table.lockout is True
    finally:
        table.close()
    table = Table(qtbot, data, "pai_gow", settings=PROGRESSIVE)
    try:
        panel = table.window.sign_in
        panel.user.setText(DEALER_ID)
        panel.pin.setText(DEALER_PIN)
        table.click(panel.submit_button)
        snap = table.wait(lambda s: s.step.phase == "starting_position" and s.table.lockout)
        table.press("rng")
        snap = table.wait(lambda s: s.step.phase == "deal")
        assert snap.table.lockout is True  # locked through the deal, to the round's end
    finally:
        table.close()
