"""A Pai Gow Poker round with the progressive payout wager through the dealer's screen, against
the simulated devices on pseudo-terminals: the progressive chip sensed by the acceptor lights the
position, "no more bets" locks out, the dealer confirms the chips equal the lights, a straight
flush wins and waits for a supervisor (not the dealer) to validate it at the dealer's screen, the
jackpot record is completed, and the screen and the journal agree (9 NYCRR 5324.41(k))."""

from __future__ import annotations

import random
import re

import pytest
from gui_harness import SUPERVISOR, Table
from PySide6.QtCore import Qt

from dealer_station.cards import card_codes, pai_gow_deck, parse_cards
from dealer_station.games.pai_gow.dealing import delivery_order, starting_position
from dealer_station.games.pai_gow.positions import DEALER
from dealer_station.procedure import Payment
from dealer_station.ui.adapters import pai_gow as pai_gow_adapter
from dealer_station.ui.controller import Snapshot
from dealer_station.ui.view import Light, payment_lines

pytestmark = pytest.mark.gui

DEALER_ID, DEALER_PIN = "D-7", "8642"
WINNER = 4
STRAIGHT_FLUSH = parse_cards("5h 6h 7h 8h 9h 2c Kd", count=7, allow_joker=True)
RNG_NUMBER = 3


def _deck() -> list:
    """The shoe's deck: the straight flush lands on position 4, whatever else around it."""
    start = starting_position(RNG_NUMBER, anchor=DEALER)
    rest = [c for c in pai_gow_deck() if c not in STRAIGHT_FLUSH]
    random.Random(5).shuffle(rest)
    deck: list = []
    for target in delivery_order(start):
        if target == WINNER:
            deck += list(STRAIGHT_FLUSH)
        else:
            deck += [rest.pop() for _ in range(7)]
    return deck + rest


def _journal(data_dir):
    from dealer_station.station import Station
    from dealer_station.store import journal

    with Station.open(None, data_dir) as station:
        summary = journal.rounds(station.store)[-1]
        meter = station.meter("progressive")
        return summary, list(journal.round_records(station.store, summary.id)), meter


def assert_plain_words(text: str) -> None:
    """No name from the program: a dotted or called name, a snake_case name, a quoted repr."""
    code = r"\b[A-Z]\w*\.\w+|\w\(\)|\b[a-z]+_[a-z_]+\b|(?<!\w)'\w[^'\s]*'"
    assert not re.search(code, text), text


def _progressive_table(qtbot, tmp_path, monkeypatch) -> Table:
    """The dealer's screen of a Pai Gow table offering the progressive; the RNG says 3."""
    monkeypatch.setattr(pai_gow_adapter.secrets, "randbelow", lambda n: RNG_NUMBER - 1)
    return Table(qtbot, str(tmp_path), "pai_gow",
                 settings={"side_wagers": {"offered": ["progressive"]}})


def _to_the_hit(table: Table) -> Snapshot:
    """A round with the straight flush on position 4's progressive wager, dealt by the shoe and
    settled, validated by a supervisor at the dealer's screen: the jackpot record step."""
    _to_the_validation(table)
    # The dealer cannot validate their own round's payout.
    table.supervisor_decides("approve", DEALER_ID, DEALER_PIN)
    assert table.snapshot.message and table.phase == "progressive_validation"
    print("REFUSAL:", table.snapshot.message)
    assert_plain_words(table.snapshot.message)  # a refusal in words, never code
    table.supervisor_decides("approve")
    return table.wait(lambda s: s.step.phase == "jackpot_record")


def _to_the_settlement(table: Table) -> Snapshot:
    """The round of :func:`_to_the_hit` up to the settlement's lines, none ticked yet."""
    table.sign_in_dealer(DEALER_ID, DEALER_PIN, meter=True)
    table.wait(lambda s: s.step.phase == "between_rounds" and s.table.meter == 1_000_000)
    table.wait_devices_online()
    table.backdoor.deal_known_cards(card_codes(_deck()))
    table.press("start_round")
    table.press("shuffled")
    for position in (2, WINNER):
        table.tap_seat(position)
        table.click(table.window.wager_entry._chip_buttons[1])  # $25
        table.click(table.window.wager_entry.place)
        table.wait(lambda s, p=position: s.table.seat(p).active)
    entry = table.window.wager_entry
    assert entry.progressive_label.text().startswith("Progressive $1.00: not lit")
    table.backdoor.place_chip(WINNER)  # the $1 progressive chip in the acceptor (d)(4)
    snap = table.wait(lambda s: any(w.area == "progressive"
                                    for w in s.table.seat(WINNER).wagers))
    assert snap.table.seat(WINNER).light is Light.ON
    table.wait(lambda s: entry.progressive_label.text().startswith(
        "Progressive $1.00: LIT"))  # the dealer's wager entry shows the sensed wager
    table.press("no_more_bets")
    snap = table.wait(lambda s: s.step.phase == "lockout")
    assert "1 light lit" in snap.step.instruction
    table.press("count")  # one chip, one light (k)(2)
    table.dealt_to_the_exposures()
    while table.phase == "exposure":
        table.press("house_way")
    return table.wait(lambda s: s.step.phase == "settlement")


def _to_the_validation(table: Table) -> Snapshot:
    """The round of :func:`_to_the_hit` up to the payout waiting for a supervisor."""
    _to_the_settlement(table)
    table.tick_all()
    table.press("settle")
    snap = table.wait(lambda s: s.step.phase == "progressive_validation")
    assert snap.entry is not None and snap.entry.kind == "supervisor"
    assert snap.step.positions == (WINNER,)
    # (g)(9): the winning hand stays on the layout for the supervisor; the others (the
    # dealer's too) went with the settlement and are off the felt
    assert len(snap.table.seat(WINNER).cards) == 5 and len(snap.table.seat(WINNER).low_cards) == 2
    assert snap.table.seat(2).cards == () and snap.table.seat("dealer").cards == ()
    return snap


def test_progressive_straight_flush_validated_by_a_supervisor_5324_41_k_3(qtbot, tmp_path,
                                                                          monkeypatch):
    """(k)(2) lights and count, (k)(3)(iii) a straight flush needs a supervisor who did not deal
    the round, (g)(9) the jackpot record completed before the cards go."""
    table = _progressive_table(qtbot, tmp_path, monkeypatch)
    try:
        _to_the_hit(table)
        table.tick_all()  # the payout from the meter ticked off as paid
        table.press("jackpot_done")
        final = table.wait(lambda s: s.step.phase == "between_rounds")
        table.tick_all()
    finally:
        table.close()
    summary, records, meter = _journal(str(tmp_path))
    assert summary.status == "complete"
    payments = [Payment(**p) for p in summary.document["payments"]]
    assert final.payments == payment_lines(payments)
    progressive = [p for p in payments if p.wager == "progressive" and p.position == WINNER]
    assert progressive and progressive[0].outcome == "pay"
    assert "approve_progressive" in [r.action for r in records]
    approval = next(r for r in records if r.action == "approve_progressive")
    assert approval.arguments["supervisor_id"] == SUPERVISOR
    assert meter.current < 1_000_000 + 100  # the payout was deducted from the meter


def test_the_jackpot_payment_is_ticked_off_before_the_round_ends(qtbot, tmp_path, monkeypatch):
    """The payout from the meter is a payment line like the settlement's: JACKPOT RECORD
    COMPLETE (which ends the round) waits until it is ticked off, says why when pressed before,
    and the tick is journaled: kept when the station starts again mid-step."""
    table = _progressive_table(qtbot, tmp_path, monkeypatch)
    try:
        snap = _to_the_hit(table)
        jackpot = [line for line in snap.payments if line.order not in snap.ticked]
        assert [(line.verb, line.position) for line in jackpot] == [("PAY", f"pos {WINNER}")], (
            snap.payments)  # the payout from the meter: the one line left
        button = next(a for a in snap.step.actions if a.name == "jackpot_done")
        assert not button.enabled  # the payment first
        with qtbot.waitActive(table.window):
            table.window.activateWindow()
        qtbot.keyClick(table.window, Qt.Key.Key_J)  # pressed all the same: refused in words
        snap = table.wait(lambda s: "Tick off every payment first (1 left)" in s.message)
        assert "jackpot is paid before the round ends" in snap.message, snap.message
        assert snap.step.phase == "jackpot_record"
        table.tick_all()  # Space: the payout ticked off as paid
        table.wait_button("jackpot_done")
    finally:
        table.close()
    again = _progressive_table(qtbot, tmp_path, monkeypatch)
    try:
        panel = again.window.sign_in
        panel.user.setText(DEALER_ID)
        panel.pin.setText(DEALER_PIN)
        again.click(panel.submit_button)
        snap = again.wait(lambda s: s.step.phase == "jackpot_record")
        assert {line.order for line in snap.payments} <= snap.ticked  # the tick kept
        again.click(again.wait_button("jackpot_done"))
        snap = again.wait(lambda s: s.step.phase == "between_rounds")
        assert {line.order for line in snap.payments} <= snap.ticked  # nothing left to tick
        assert any(a.name == "start_round" and a.enabled for a in snap.step.actions)
    finally:
        again.close()


def test_a_rejected_payout_s_collect_line_is_named_and_ticked_before_the_next_round(
        qtbot, tmp_path, monkeypatch):
    """A supervisor rejects the payout at the dealer's screen: the decision ends the round
    with a COLLECT line for the progressive wager (5324.41(g)(5): a losing progressive wager is
    collected). The dealer's screen names it — which position, who rejected it and why, what
    to collect — and START ROUND waits until it is ticked (docs/rules-interpretation.md)."""
    table = _progressive_table(qtbot, tmp_path, monkeypatch)
    try:
        _to_the_validation(table)
        table.supervisor_decides("reject", reason="the light was lit after no more bets")
        snap = table.wait(lambda s: s.step.phase == "between_rounds")
        left = [line for line in snap.payments if line.order not in snap.ticked]
        assert [(line.verb, line.position) for line in left] == [("COLLECT", f"pos {WINNER}")]
        assert not table.window.step_panel.button("start_round").isEnabled()
        # its wager and cards are still to collect: on the felt until the tick, nothing else
        assert snap.table.seat(WINNER).cards and snap.table.seat(WINNER).wagers
        assert not any(seat.cards or seat.wagers for seat in snap.table.seats
                       if seat.key != str(WINNER))
        words = " ".join(snap.step.notes)
        assert (f"The progressive payout at position {WINNER} was rejected by {SUPERVISOR}: "
                "the light was lit after no more bets: collect its progressive wager into the "
                "chip tray and its cards, then tick its COLLECT line.") in words, words
        table.tick_all()
        snap = table.wait_button("start_round")
        assert not any("rejected" in note for note in table.snapshot.step.notes)
        assert not any(seat.cards or seat.wagers for seat in table.snapshot.table.seats)
    finally:
        table.close()


def test_the_felt_does_not_open_the_betting_while_the_last_round_s_lines_wait(
        qtbot, tmp_path, monkeypatch):
    """Between rounds, while START ROUND waits for the last round's lines to be ticked (a
    rejected payout's COLLECT line came with the decision that ended the round), the felt says
    NO BETS and what waits, not BETS OPEN (it invited wagers while the round's money was not
    settled); once ticked it says NO BETS until START ROUND, and BETS OPEN only once START
    ROUND opened the betting."""
    from dealer_station.ui.felt import lockout_badge

    table = _progressive_table(qtbot, tmp_path, monkeypatch)
    try:
        _to_the_validation(table)
        table.supervisor_decides("reject", reason="the light was lit after no more bets")
        snap = table.wait(lambda s: s.step.phase == "between_rounds"
                          and s.table.lockout is False)  # the controller released
        assert snap.table.betting_waits == "1 payment to tick"
        assert not table.window.step_panel.button("start_round").isEnabled()
        felt = table.window.felt.view
        assert felt is not None and lockout_badge(felt) == "NO BETS · 1 payment to tick"
        table.tick_all()
        table.wait_button("start_round")
        felt = table.window.felt.view
        assert felt is not None and lockout_badge(felt) == "NO BETS · until START ROUND"
        table.press("start_round")
        table.wait(lambda s: s.step.phase != "between_rounds" and s.table.lockout is False)
        felt = table.window.felt.view
        assert felt is not None and lockout_badge(felt).startswith("BETS OPEN")
    finally:
        table.close()


def test_the_lockout_is_released_and_the_lights_go_out_when_the_round_ends(qtbot, tmp_path,
                                                                           monkeypatch):
    """5324.41(k)(2): the lockout is held from "no more bets" to the round's end. Once the
    round ends (here with its jackpot record complete) the lockout controller unlocks, the
    LOCKOUT ON badge goes, and the lit acceptor light goes out for the next round's wagers,
    on the felt and on the acceptor itself."""
    table = _progressive_table(qtbot, tmp_path, monkeypatch)
    try:
        snap = _to_the_hit(table)
        assert snap.table.lockout is True  # still held while the round is open
        assert snap.table.lockout_note == "1 progressive light lit"
        assert snap.table.seat(WINNER).light is Light.ON  # (k)(3)(i): verified before paying
        table.tick_all()
        table.press("jackpot_done")
        snap = table.wait(lambda s: s.step.phase == "between_rounds")
        snap = table.wait(lambda s: s.table.lockout is False)  # the controller reports it
        assert snap.table.seat(WINNER).light is Light.OFF
        assert snap.table.lockout_note == "", snap.table.lockout_note  # no "1 light lit"
        acceptors = table.simulated[0].acceptors
        qtbot.waitUntil(lambda: acceptors[WINNER].light.name == "OFF", timeout=5_000)
        assert not table.simulated[0].lockout.locked
    finally:
        table.close()


def test_the_jackpot_hand_stays_through_the_settlement_ticks_5324_41_g_9(qtbot, tmp_path,
                                                                         monkeypatch):
    """(g)(9): the hand of a progressive payout waiting for validation stays on the layout and
    in the step's order while the settlement's lines are ticked, its own base PAY line too, and
    the step says why; the other hands go with their ticks as usual ((g)(5)-(8))."""
    table = _progressive_table(qtbot, tmp_path, monkeypatch)
    try:
        snap = _to_the_settlement(table)
        words = " ".join(snap.step.notes)
        assert (f"Position {WINNER}'s cards stay on the layout until its progressive payout is "
                "validated and its jackpot record complete (5324.41(g)(9))") in words, words
        assert f"{WINNER} (kept for the jackpot record)" in snap.step.order_text
        table.tick_all()  # every line, the winner's base PAY line too
        snap = table.snapshot
        assert snap.step.phase == "settlement"
        assert len(snap.table.seat(WINNER).cards) == 5  # still on the felt
        assert len(snap.table.seat(WINNER).low_cards) == 2
        assert snap.table.seat(2).cards == ()  # collected with its settlement
        assert f"{WINNER} ✓" not in snap.step.order_text, snap.step.order_text
        assert "2 ✓" in snap.step.order_text, snap.step.order_text
        table.press("settle")
        snap = table.wait(lambda s: s.step.phase == "progressive_validation")
        assert len(snap.table.seat(WINNER).cards) == 5
    finally:
        table.close()
