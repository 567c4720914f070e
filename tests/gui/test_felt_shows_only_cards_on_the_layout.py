"""The felt draws only the cards still on the layout: cards the dealer has collected into the
discard rack leave it at the step that collects them, cards not collected yet stay. Let It Ride:
a losing hand's cards go with its losing wagers ((e)(7)), a winner's stay face up until it is
paid ((e)(8)) and go with the community cards at CARDS COLLECTED ((e)(9)); a voided round's
cards stay until its CARDS COLLECTED. Between rounds the felt is bare (it drew the last round
whole, a voided round's cards included, beside "BETS OPEN"). Through the real window on the
simulated table as shipped."""

from __future__ import annotations

import pytest
from gui_harness import Table
from PySide6.QtCore import Qt
from test_buttons_keep_their_place import Places
from test_void_returns_gui import round_started, void_from_the_supervisor_screen

from dealer_station.cards import parse_cards
from dealer_station.preview.scripts import LetItRideScript

pytestmark = pytest.mark.gui

LOSER, WINNER = 2, 5


def bare(snap) -> bool:
    """No card and no wager anywhere on the felt."""
    return (not snap.table.community
            and all(not seat.cards and not seat.low_cards and not seat.wagers
                    for seat in snap.table.seats))


def test_let_it_ride_cards_leave_the_felt_as_they_are_collected_5324_34_e_7_e_9(qtbot, tmp_path):
    script = LetItRideScript(wagers={LOSER: 2500, WINNER: 2500}, bonus=(), three_card={},
                             hands={LOSER: "2c 5d 8h", WINNER: "9d 9h 7d"},
                             take_back={"bet_one": (), "bet_two": ()})
    table = Table(qtbot, str(tmp_path), "let_it_ride")
    try:
        table.start_let_it_ride(script)
        table.press("no_more_bets")
        while table.phase == "dealing":
            before = table.snapshot.records
            table.press("dispense", expect_record=False)
            table.wait(lambda s, b=before: s.records > b)
        while table.phase in ("bet_one", "bet_two"):
            table.key(Qt.Key.Key_R)
            if table.phase == "first_community_card":
                table.press("turn")
        table.press("turn")
        places = Places(table)  # the primary button where it was at the showdown
        while table.phase == "showdown":
            places.look("showdown")
            table.press("show")
        community = parse_cards("Qh 7s")
        snap = table.snapshot
        assert snap.step.phase == "collect_losing_wagers"
        # its instruction lists the three losing wagers: drawn smaller, never pushing the
        # button down (it moved 17 px at 1280×800)
        assert "position 2 bet three $25.00" in snap.step.instruction, snap.step.instruction
        places.look("the losing wagers listed")
        assert len(places.primary) == 1, places.primary
        assert snap.table.seat(LOSER).cards == parse_cards("2c 5d 8h")  # not collected yet
        table.tick_all()
        snap = table.press("collected")
        assert snap.step.phase == "pay_winning_wagers"
        # (e)(7): the loser's cards went to the discard rack with its wagers
        assert snap.table.seat(LOSER).cards == ()
        # (e)(8): the winner's stay face up until paid, the community cards too
        assert snap.table.seat(WINNER).cards == parse_cards("9d 9h 7d")
        assert snap.table.community == community
        table.tick_all()
        snap = table.press("paid")
        assert snap.step.phase == "collect_cards"
        assert snap.table.seat(WINNER).cards == parse_cards("9d 9h 7d")
        assert snap.table.community == community
        table.press("cards_collected")
        snap = table.wait(lambda s: s.step.phase == "between_rounds")
        assert bare(snap), snap.table
        assert table.window.felt.view == snap.table  # what the felt draws
    finally:
        table.close()


def test_a_voided_round_s_cards_stay_until_collected_then_leave_the_felt(qtbot, tmp_path):
    table = round_started(qtbot, str(tmp_path), "let_it_ride")
    try:
        table.wager(3)
        table.press("no_more_bets")
        while table.phase == "dealing":
            before = table.snapshot.records
            table.press("dispense", expect_record=False)
            table.wait(lambda s, b=before: s.records > b)
        void_from_the_supervisor_screen(table)
        snap = table.wait(lambda s: s.step.phase == "return_wagers")
        assert snap.table.seat(3).cards == (None, None, None)  # face down, still out
        table.tick_all()
        table.press("wagers_returned")
        snap = table.wait(lambda s: s.step.phase == "collect_cards")
        assert snap.table.seat(3).cards == (None, None, None)
        table.press("cards_collected")
        snap = table.wait(lambda s: s.step.phase == "between_rounds")
        assert bare(snap), snap.table
        assert table.window.felt.view == snap.table
    finally:
        table.close()
