"""A complete Let It Ride round played through the dealer's screen against the simulated table
devices on pseudo-terminals: wagers entered on the screen, bonus chips sensed by the acceptors,
the lockout button, stacks dispensed by the reading shoe, decisions by key, settlement ticked off;
the screen and the journal's records must agree at every step (9 NYCRR 5324.34)."""

from __future__ import annotations

import pytest
from gui_harness import Table
from PySide6.QtCore import Qt

from dealer_station.cards import card_codes, parse_cards, standard_deck
from dealer_station.preview.scripts import LetItRideScript
from dealer_station.ui.view import Light, payment_lines

pytestmark = pytest.mark.gui


def _deck(script: LetItRideScript):
    stacks = [c for stack in script.stacks() for c in stack]
    return stacks + [c for c in standard_deck() if c not in stacks]


def _journal(data_dir):
    from dealer_station.station import Station
    from dealer_station.store import journal

    with Station.open(None, data_dir) as station:
        summary = journal.rounds(station.store)[-1]
        return summary, list(journal.round_records(station.store, summary.id))


def test_let_it_ride_round_through_the_gui_over_pty_5324_34(qtbot, tmp_path):
    """5324.34(c)-(e): the whole round on the screen, hole cards face down until the showdown
    ((e)(6)), and the payments shown equal the journal's round document."""
    script = LetItRideScript(wagers={1: 1000, 2: 2500, 5: 5000, 6: 1500}, bonus=(2, 6),
                             three_card={}, hands={1: "Ts Tc 4d", 2: "Qs 5c 3h",
                                                   5: "9d 9h 7d", 6: "Jc Js Jd"},
                             take_back={"bet_one": (1,), "bet_two": ()})
    table = Table(qtbot, str(tmp_path), "let_it_ride")
    try:
        table.sign_in_supervisor()
        table.wait_devices_online()
        table.backdoor.deal_known_cards(card_codes(_deck(script)))
        table.press("start_round")
        assert table.phase == "betting"
        for position, amount in script.wagers.items():
            table.tap_seat(position)
            entry = table.window.wager_entry
            for _ in range(amount // 500):
                table.click(entry._chip_buttons[0])  # +$5 chips
            assert entry.base == amount
            table.click(entry.place)
            table.wait(lambda s, p=position: s.table.seat(p).active)
        # 5324.34(a)(3): the acceptors sense the $1 bonus chips; the screen lights them.
        for position in script.bonus:
            table.backdoor.place_chip(position)
            table.wait(lambda s, p=position: s.table.seat(p).light is Light.ON
                       and any(w.area == "bonus" for w in s.table.seat(p).wagers))
        # The dealer's lockout button: "no more bets" (5324.34(c)(3)).
        table.backdoor.press_lockout_button()
        table.wait(lambda s: s.step.phase == "dealing" and s.table.lockout is True)
        # (d)(2): DISPENSE; the reading shoe's stacks arrive by themselves.
        while table.phase == "dealing":
            table.press("dispense", expect_record=False)
            before = table.snapshot.records
            table.wait(lambda s, b=before: s.records > b)
        snap = table.snapshot
        assert snap.step.phase == "bet_one"
        for p in script.wagers:  # every hole card face down on the screen
            assert snap.table.seat(p).cards == (None, None, None)
        assert snap.table.community == (None, None)
        # (e)(2), (e)(4): decisions by key, in the order the step asks.
        while table.phase in ("bet_one", "bet_two"):
            position = table.snapshot.step.positions[0]
            back = position in script.take_back.get(table.phase, ())
            table.key(Qt.Key.Key_T if back else Qt.Key.Key_R)
            if table.phase == "first_community_card":
                table.press("turn")
        table.press("turn")
        assert table.snapshot.table.community == parse_cards("Qh 7s")
        while table.phase == "showdown":
            position = table.snapshot.step.positions[0]
            snap = table.press("show")
            assert snap.table.seat(position).cards == parse_cards(script.hands[position])
        assert table.phase == "collect_losing_wagers"
        assert not table.window.step_panel.button("collected").isEnabled()  # tick first
        table.tick_all()
        table.press("collected")
        table.tick_all()
        table.press("paid")
        shown = table.snapshot.payments
        table.press("cards_collected")
        final = table.wait(lambda s: s.step.phase == "between_rounds")
        assert final.complete
    finally:
        table.close()
    summary, records = _journal(str(tmp_path))
    assert summary.status == "complete"
    document = summary.document
    assert document is not None
    from dealer_station.procedure import Payment

    journal_payments = [Payment(**p) for p in document["payments"]]
    assert final.payments == payment_lines(journal_payments)
    assert [line.order for line in shown] == [p.order for p in journal_payments]
    assert final.records == len(records)
    assert {r.action for r in records} >= {"place_wagers", "acknowledge_bonus",
                                           "announce_no_more_bets", "receive_stack",
                                           "decide_bet_one", "show_hand", "collect_cards"}


def test_a_duplicate_card_halts_for_a_supervisor_who_voids_5324_34_d_2(qtbot, tmp_path):
    """A stack from the shoe repeats a card already dealt: the round halts ((d)(2)), the screen
    asks for a supervisor, and a supervisor who did not deal voids the round at the screen."""
    deck = list(standard_deck())
    deck[3] = deck[0]  # the second stack repeats the first stack's top card
    table = Table(qtbot, str(tmp_path), "let_it_ride")
    try:
        table.sign_in_dealer()
        table.wait_devices_online()
        table.backdoor.deal_known_cards(card_codes(deck))
        table.press("start_round")
        for position in (2, 5):
            table.tap_seat(position)
            table.click(table.window.wager_entry._chip_buttons[1])
            table.click(table.window.wager_entry.place)
            table.wait(lambda s, p=position: s.table.seat(p).active)
        table.press("no_more_bets")
        table.press("dispense", expect_record=False)
        table.wait(lambda s: s.records == 4)
        table.press("dispense", expect_record=False)
        snap = table.wait(lambda s: s.step.phase == "halted")
        assert "supervisor" in snap.step.instruction.lower()
        assert snap.entry is not None and snap.entry.kind == "supervisor"
        table.supervisor_decides("reject", "D-7", "8642")  # the dealer may not decide
        assert table.phase == "halted" and table.snapshot.message
        table.supervisor_decides("reject")  # VOID THE ROUND
        snap = table.wait(lambda s: s.step.phase == "return_wagers")
        assert snap.payments and all(line.verb == "RETURN" for line in snap.payments)
        assert not table.window.step_panel.button("wagers_returned").isEnabled()
        table.tick_all()  # each wager given back, its line ticked off
        table.press("wagers_returned")
        table.wait(lambda s: s.step.phase == "collect_cards")
        table.press("cards_collected")
        final = table.wait(lambda s: s.step.phase == "between_rounds")
        assert all(line.verb == "RETURN" for line in final.payments)
    finally:
        table.close()
    summary, records = _journal(str(tmp_path))
    assert summary.status == "void" and "duplicate card" in summary.void_reason
    assert summary.document is not None
    halt = next(r for r in records if r.action == "resolve_halt")
    assert halt.arguments == {"supervisor": "S-100", "resolution": "void_round"}
