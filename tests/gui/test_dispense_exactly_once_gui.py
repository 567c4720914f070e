"""Dispense exactly once through the dealer's screen (issue 20, item 10; 5324.34(d)(2)): the
simulated shoe answers DISPENSE later than the station waits and the dealer, seeing nothing
happen, presses DISPENSE again. Each position still gets exactly the stack dealt for it: the
shoe dispenses one stack per delivery and none is assigned to the next position."""

from __future__ import annotations

import pytest
from gui_harness import Table

from dealer_station.preview.scripts import LetItRideScript
from drivers.protocol.codes import Command

pytestmark = pytest.mark.gui


def _deliver(table: Table) -> None:
    # as the dealer does: press DISPENSE once the screen offers it again (while the last
    # delivery's answer is still on its way the button is shown disabled and a tap does nothing)
    table.wait_button("dispense")
    before = table.snapshot.records
    table.press("dispense", expect_record=False)
    table.wait(lambda s, b=before: s.records > b)


def test_a_late_or_unanswered_dispense_deals_one_stack_to_its_position_5324_34_d_2(
        qtbot, tmp_path):
    script = LetItRideScript(wagers={1: 1000, 3: 1000}, bonus=(), three_card={},
                             hands={1: "Ts Tc 4d", 3: "Qs 5c 3h"})
    table = Table(qtbot, str(tmp_path), "let_it_ride")
    try:
        table.start_let_it_ride(script)
        table.backdoor.press_lockout_button()
        table.wait(lambda s: s.step.phase == "dealing")
        shoe = table.simulated[0].shoe
        # position 1: DISPENSE answered later than the station waits with every retry
        # (0.15 s x 4): the station asks what the shoe last dispensed and has the stack
        table.backdoor.slow_acks("shoe", 1.0, command=Command.DISPENSE)
        _deliver(table)
        assert shoe.stacks == 1 and "failed" not in table.snapshot.message
        table.backdoor.slow_acks("shoe", 0, command=Command.DISPENSE)
        # position 3: the shoe dispenses and answers neither the DISPENSE nor the question
        # after it. Only those two answers are held back: with every answer held back, the
        # line's next poll (every 5-20 ms) could reach the shoe before the DISPENSE did and
        # find it not answering, and the press was then refused as "shoe is offline" with no
        # stack out, the right answer to a different case than this test's
        table.backdoor.slow_acks("shoe", 2.0, command=Command.DISPENSE)
        table.backdoor.slow_acks("shoe", 2.0, command=Command.LAST_DISPENSE)
        before = table.snapshot.records
        table.press("dispense", expect_record=False)
        table.wait(lambda s: "do not deal a replacement" in s.message)
        assert shoe.stacks == 2
        table.press("dispense", expect_record=False)  # the dealer tries again
        table.backdoor.slow_acks("shoe", 0)  # the shoe answers everything again
        table.wait(lambda s, b=before: s.records > b)
        # the community stack
        _deliver(table)
        assert table.phase != "dealing"
        assert shoe.stacks == 3  # one stack for each delivery: none dispensed twice
    finally:
        table.close()
    from dealer_station.station import Station
    from dealer_station.store import journal

    with Station.open(None, str(tmp_path)) as station:
        summary = journal.rounds(station.store)[-1]
        records = list(journal.round_records(station.store, summary.id))
    delivered = {r.effects["to"]: r.arguments["cards"] for r in records
                 if r.action == "receive_stack"}
    assert delivered == {1: ["Ts", "Tc", "4d"], 3: ["Qs", "5c", "3h"],
                         "community": ["Qh", "7s", "2d"]}
