"""A co-banked Pai Gow Poker round played through the dealer's screen against the simulated
devices on pseudo-terminals (9 NYCRR 5324.41(h)(5), (h)(13)): the bank offered in turn from the
second round, the player answering CO-BANKS… with chips added to the bank's area, the co-bank
marker on the felt, no dealer's wager against a co-bank, the co-bank's hand set by the house way,
the settlement through the centre with the halves of (h)(13), every payment ticked off, and the
screen's payments equal to the journal's."""

from __future__ import annotations

import random
from typing import Any

import pytest
from gui_harness import Table

from dealer_station.cards import Card, card_codes, pai_gow_deck
from dealer_station.procedure import Payment
from dealer_station.ui.view import payment_lines

pytestmark = pytest.mark.gui


def _journal(data_dir: str) -> tuple[Any, list[Any]]:
    from dealer_station.station import Station
    from dealer_station.store import journal

    with Station.open(None, data_dir) as station:
        summary = journal.rounds(station.store)[0]
        return summary, list(journal.round_records(station.store, summary.id))


def _deck(seed: int) -> list[Card]:
    cards = list(pai_gow_deck())
    random.Random(seed).shuffle(cards)
    return cards


def _wager(table: Table, position: int, chips: int) -> None:
    """Tap the seat, add ``chips`` $5 chips, place them."""
    table.tap_seat(position)
    entry = table.window.wager_entry
    for _ in range(chips):
        table.click(entry._chip_buttons[0])
    table.click(entry.place)
    table.wait(lambda s: s.table.seat(position).active)


def _deal_seven_stacks(table: Table) -> None:
    for _ in range(7):
        table.press("dispense", expect_record=False)
    table.wait(lambda s: s.step.phase == "setting")


def test_a_player_co_banks_the_round_through_the_screen_5324_41_h_5(qtbot, tmp_path):
    """5324.41(h)(5): the co-bank option is offered with the bank, the bank asks the house to
    cover half and adds chips; the co-bank marker is shown; the dealer places no wager against
    a co-bank and sets its hand by the house way; (h)(13): the centre is settled in halves."""
    table = Table(qtbot, str(tmp_path), "pai_gow", settings={
        "dealing": {"count_direction": "counter_clockwise", "shuffle": "automatic",
                    "starting_position": "rng", "method": "automated_shoe"}})
    try:
        table.sign_in_supervisor()
        table.wait_devices_online()
        table.backdoor.deal_known_cards(card_codes(_deck(21)))
        # Round 1: a new game, no bank ((h)(2)); positions 2 and 4 wager against the dealer.
        table.press("start_round")
        table.press("shuffled")
        _wager(table, 2, 5)
        _wager(table, 4, 2)
        snap = table.snapshot
        assert "co_bank" not in {a.name for a in snap.step.actions}  # no bank offered yet
        table.press("no_more_bets")
        table.press("rng")
        _deal_seven_stacks(table)
        table.settle_pai_gow()
        table.wait(lambda s: s.step.phase == "between_rounds")
        table.tick_all()
        table.wait(lambda s: s.step.actions and s.step.actions[0].enabled)
        # Round 2: the bank is offered in turn; position 2 co-banks.
        table.backdoor.deal_known_cards(card_codes(_deck(22)))
        table.press("start_round")
        table.press("shuffled")
        _wager(table, 2, 4)  # $20, and $30 more when it takes the co-bank: covers position 4
        _wager(table, 4, 6)  # $30
        while True:
            snap = table.snapshot
            names = [a.name for a in snap.step.actions]
            assert "accept_bank" in names, names
            assert names[-1] == "co_bank"  # offered to every player alike ((h)(5))
            if int(snap.step.positions[0]) == 2:
                break
            table.press("decline_bank")
        table.press("co_bank", expect_record=False)
        table.wait(lambda s: s.entry is not None and s.entry.kind == "form"
                   and s.entry.options["name"] == "co_bank")
        form = table.window.form
        assert table.window.lower_panels.currentWidget() is form
        form.inputs["dollars"].setValue(30)
        before = table.snapshot.records
        table.click(form.submit)
        snap = table.wait(lambda s: s.records > before)
        assert not snap.message, snap.message
        snap = table.wait(lambda s: s.table.seat(2).title == "2 · CO-BANK")
        assert any(w.amount == 5000 for w in snap.table.seat(2).wagers)
        table.press("no_more_bets")
        snap = table.wait(lambda s: s.step.phase != "betting")
        assert snap.step.phase == "starting_position"  # no dealer's wager against a co-bank
        table.press("rng")
        _deal_seven_stacks(table)
        table.press("players_have_set")
        snap = table.wait(lambda s: s.step.phase == "banker")
        assert snap.step.actions[0].label == "CO-BANK SET BY HOUSE WAY"
        table.press("banker")
        while table.phase == "banker":
            table.press("banker")
        seat = table.snapshot.table.seat(2)  # the co-bank's hand shown as the dealer set it
        assert len(seat.cards) == 5 and None not in seat.cards and len(seat.low_cards) == 2
        while table.phase == "exposure":
            table.press("house_way")
        table.tick_all()  # every line ticked off first: the one rule of both games
        table.press("settle")
        final = table.wait(lambda s: s.step.phase == "between_rounds")
        table.tick_all()
    finally:
        table.close()
    summary, records = _journal(str(tmp_path))
    assert summary.status == "complete"
    by_action = {r.action: r for r in records}
    accepted = by_action["accept_bank"]
    assert accepted.arguments == {"position": 2, "co_bank": True, "chips": 3000}
    assert accepted.effects == {"bank_stake": 5000, "marker": "co-bank"}
    assert accepted.clause == "5324.41(h)(5)"
    assert "place_dealer_wager" not in by_action
    assert "set_co_bank_hand" in by_action and "set_bank_hand" not in by_action
    payments = [Payment(**p) for p in summary.document["payments"]]
    assert final.payments == payment_lines(payments)
    halves = [p for p in payments if p.clause == "5324.41(h)(13)"]
    assert halves, [(p.position, p.wager, p.outcome, p.clause) for p in payments]
    net = summary.document["net"]
    assert sum(net.values()) == 0  # chips in equal chips out
