"""A press made while a simulated device line is away is never lost without a word (issue 14):
the dealer gets one line saying it was not done and why, what was entered stays, and once the
line answers again the screen says so and the same press works; a shuffle sent while the shoe
was away is done when it answers (never a round dealt from the last round's deck). Through the
real window and controller, the simulated table's faults only through its back door (as the
SIMULATED TABLE panel does)."""

from __future__ import annotations

import pytest
from gui_harness import Table

from dealer_station.ui.view import HealthState

pytestmark = pytest.mark.gui


def test_place_wagers_pressed_while_the_acceptors_reconnect_says_so_and_keeps_the_wager(
        qtbot, tmp_path):
    table = Table(qtbot, str(tmp_path), "let_it_ride")
    try:
        table.sign_in_supervisor()
        table.wait_devices_online()
        table.press("start_round")
        table.tap_seat(3)
        entry = table.window.wager_entry
        table.click(entry._chip_buttons[1])
        table.backdoor.unplug("acceptors")
        table.wait(lambda s: s.step.blocked is not None)
        table.click(entry.place)
        snap = table.wait(lambda s: s.message.startswith("Not done"))
        assert snap.message == ("Not done: the acceptor lights are not answering. Nothing entered "
                                "is lost: press again once their light is green.")
        assert snap.message in snap.step.notes  # shown, apart from the step's standing fault
        assert not snap.table.seat(3).active and entry.base == 2500
        table.backdoor.replug("acceptors")
        snap = table.wait(lambda s: s.step.blocked is None, timeout=15_000)
        assert snap.message == "The acceptor lights answer again: press again what was not done."
        table.click(entry.place)
        table.wait(lambda s: s.table.seat(3).active)
        assert not table.snapshot.message
    finally:
        table.close()


def test_a_shuffle_sent_while_the_shoe_is_away_is_done_when_it_answers_again(qtbot, tmp_path):
    table = Table(qtbot, str(tmp_path), "pai_gow")
    try:
        table.sign_in_supervisor()
        table.wait_devices_online()
        shoe = table.simulated[0].shoe
        assert shoe.count_after_shuffle == 0  # as powered on: never shuffled yet
        table.backdoor.unplug("shoe")
        table.wait(lambda s: any(h.name == "shoe" and h.state is not HealthState.CONNECTED
                                 for h in s.health))
        table.press("start_round")
        snap = table.wait(lambda s: "shuffle is not confirmed" in s.message)
        assert "shuffles as soon as it answers again, before any stack" in snap.message
        assert shoe.count_after_shuffle == 0
        table.backdoor.replug("shoe")
        table.wait(lambda s: all(h.state is HealthState.CONNECTED for h in s.health),
                   timeout=15_000)
        qtbot.waitUntil(lambda: shoe.count_after_shuffle == 53, timeout=10_000)
        table.shuffled_to_the_deal(2)
        table.click(table.wait_button("dispense", "DISPENSE STACK 1 OF 7"))
        table.wait_button("dispense", "DISPENSE STACK 2 OF 7")
        assert table.backdoor.state().shoe.cards_left == 53 - 7
    finally:
        table.close()
