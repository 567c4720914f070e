"""Pai Gow Poker through the dealer's screen against the simulated devices on pseudo-terminals:
a progressive chips-vs-lights mismatch recounted and resolved with a written reason, the dice as
the starting position, stacks of three then four with the three-card bonus settled between them
and the stub counted, and a player bank with the dealer's wager against it (9 NYCRR 5324.41)."""

from __future__ import annotations

import random
from typing import Any

import pytest
from gui_harness import Table
from PySide6.QtCore import Qt

from dealer_station.cards import Card, card_codes, pai_gow_deck
from dealer_station.preview.scripts import PaiGowScript
from dealer_station.procedure import Payment
from dealer_station.ui.step_panel import REPEAT_GUARD_SECONDS
from dealer_station.ui.view import payment_lines

pytestmark = pytest.mark.gui

DEALER_ID, DEALER_PIN = "D-7", "8642"
DEALING = {"count_direction": "counter_clockwise", "shuffle": "automatic"}


def _journal(data_dir: str) -> tuple[Any, list[Any]]:
    from dealer_station.station import Station
    from dealer_station.store import journal

    with Station.open(None, data_dir) as station:
        summary = journal.rounds(station.store)[0]
        return summary, list(journal.round_records(station.store, summary.id))


def _deck(seed: int = 3) -> list[Card]:
    cards = list(pai_gow_deck())
    random.Random(seed).shuffle(cards)
    return cards


def _wager(table: Table, position: int, chips: int, three_card: int = 0) -> None:
    """Tap the seat, add ``chips`` $5 chips (and ``three_card`` $5 three-card bonus chips)."""
    table.tap_seat(position)
    entry = table.window.wager_entry
    for _ in range(chips):
        table.click(entry._chip_buttons[0])
    for _ in range(three_card):
        table.click(entry._three_buttons[0])
    table.click(entry.place)
    table.wait(lambda s: s.table.seat(position).active and (
        not three_card or any(w.area == "three_card_bonus" for w in s.table.seat(position).wagers)))


def _form(table: Table, name: str) -> Any:
    table.wait(lambda s: s.entry is not None and s.entry.kind == "form"
               and s.entry.options["name"] == name)
    assert table.window.lower_panels.currentWidget() is table.window.form
    return table.window.form


def _submit(table: Table, form: Any) -> Any:
    before = (table.snapshot.records, table.snapshot.message)
    table.click(form.submit)
    return table.wait(lambda s: (s.records, s.message) != before)


def _finish(table: Table) -> None:
    """The players have set ((g)(2)), the dealer's hand, house way for every hand as it is
    exposed ((g)(4)), the settlement, every payment ticked."""
    if table.phase == "setting":
        table.press("players_have_set")
    while table.phase == "banker":
        table.press("banker")
    while table.phase == "exposure":
        table.press("house_way")
    table.tick_all()  # every line ticked off first: the one rule of both games
    table.press("settle")
    table.wait(lambda s: s.step.phase == "between_rounds")
    table.tick_all()


def _tap(table: Table, picker: Any, cards: Any) -> None:
    seven = list(picker._cards)
    for card in cards:
        rect = picker.row._rects()[seven.index(card)]
        table.qtbot.mouseClick(picker.row, Qt.MouseButton.LeftButton,
                               pos=rect.center().toPoint())


def test_light_count_mismatch_recounted_then_resolved_and_dice_start_5324_41_k_2(qtbot,
                                                                                  tmp_path):
    """5324.41(k)(2): a count that differs from the lights blocks the deal; a recount that
    still differs is recorded; the mismatch is resolved with the chips returned and the reason
    written. 5324.2(b): the three dice, totalled, give the starting position."""
    table = Table(qtbot, str(tmp_path), "pai_gow", settings={
        "side_wagers": {"offered": ["progressive"]},
        "dealing": {**DEALING, "starting_position": "dice", "method": "automated_shoe"}})
    try:
        table.sign_in_dealer(DEALER_ID, DEALER_PIN, meter=True)
        table.wait_devices_online()
        table.backdoor.deal_known_cards(card_codes(_deck()))
        table.press("start_round")
        table.press("shuffled")
        for position in (2, 4):
            _wager(table, position, 5)
        table.backdoor.place_chip(4)  # one progressive chip lit; position 2's chip never lit
        table.wait(lambda s: any(w.area == "progressive" for w in s.table.seat(4).wagers))
        table.press("no_more_bets")
        snap = table.wait(lambda s: s.step.phase == "lockout")
        assert snap.step.primary is not None and snap.step.primary.name == "count"
        table.click(table.window.step_panel.button("other_count"))
        form = _form(table, "light_count")
        form.inputs["chips"].setValue(2)
        snap = _submit(table, form)
        assert "2 progressive chips but 1 light" in snap.step.instruction
        assert snap.step.actions[0].name == "recount"
        assert not any(a.name == "dispense" for a in snap.step.actions)  # the deal is blocked
        # Recount: still two chips.
        table.press("recount", expect_record=False)
        form = _form(table, "light_count")
        form.inputs["chips"].setValue(2)
        _submit(table, form)
        form = _form(table, "light_mismatch")
        table.click(form.inputs["returned"].buttons["2"])
        snap = _submit(table, form)  # no reason: refused, nothing recorded
        assert "reason" in snap.message.lower()
        form.inputs["reason"].setText("chip at 2 dropped after the light test; returned")
        snap = _submit(table, form)
        snap = table.wait(lambda s: s.step.phase == "starting_position")
        form = _form(table, "dice")
        for die, value in zip(form.inputs["dice"], (2, 3, 4), strict=True):
            table.click(die.buttons[str(value)])
        snap = _submit(table, form)
        assert not snap.message, snap.message
        snap = table.wait(lambda s: s.step.phase == "deal")
        assert "start: position" in snap.table.seat("dealer").decision or \
            "start: dealer" in snap.table.seat("dealer").decision
    finally:
        table.close()
    _summary, records = _journal(str(tmp_path))
    counts = [r for r in records if r.action == "confirm_light_count"]
    assert [r.arguments["chips"] for r in counts] == [2, 2]
    assert all(r.effects.get("dealing_blocked") for r in counts)
    resolved = next(r for r in records if r.action == "resolve_light_mismatch")
    assert resolved.arguments == {"returned": [2], "voided": [],
                                  "reason": "chip at 2 dropped after the light test; returned"}
    assert resolved.effects["wagered"] == [4]
    start = next(r for r in records if r.action == "determine_starting_position")
    assert start.arguments["number"] == 9  # 2 + 3 + 4


def test_dice_entered_as_three_dice_or_as_the_total_5324_2_b(qtbot, tmp_path):
    """5324.2(b): with dice the dealer enters the three dice (recorded with their total) or
    only the total; one or two dice alone are refused. The RNG button is not offered."""
    table = Table(qtbot, str(tmp_path), "pai_gow", settings={
        "dealing": {**DEALING, "starting_position": "dice", "method": "automated_shoe"}})
    try:
        table.start_shuffled()
        _wager(table, 3, 4)
        table.press("no_more_bets")
        form = _form(table, "dice")
        assert table.snapshot.step.actions == ()
        table.click(form.inputs["dice"][0].buttons["6"])
        snap = _submit(table, form)
        assert "all three dice" in snap.message
        for die, value in zip(form.inputs["dice"], (6, 5, 1), strict=True):
            table.click(die.buttons[str(value)])
        snap = _submit(table, form)
        assert snap.step.phase == "deal" and not snap.message
    finally:
        table.close()
    _summary, records = _journal(str(tmp_path))
    start = next(r for r in records if r.action == "determine_starting_position")
    assert start.arguments == {"number": 12, "dice": [6, 5, 1]}


def test_three_then_four_with_the_three_card_bonus_and_stub_count_5324_41_n_7(qtbot, tmp_path):
    """5324.41(n)(4)-(7): stacks of three from the shoe, the three-card bonus wagers settled,
    then stacks of four; the stub counted on the screen ((n)(7)(ii)); the round completes and
    the screen's payments equal the journal's."""
    table = Table(qtbot, str(tmp_path), "pai_gow", settings={
        "side_wagers": {"offered": ["three_card_bonus", "seven_card_bonus"]},
        "dealing": {**DEALING, "starting_position": "rng", "method": "three_then_four"}})
    try:
        table.sign_in_supervisor()
        table.wait_devices_online()
        table.backdoor.deal_known_cards(card_codes(_deck(7)))
        table.press("start_round")
        table.press("shuffled")
        _wager(table, 2, 5, three_card=1)
        _wager(table, 5, 5)
        table.press("no_more_bets")
        while table.phase in ("starting_position", "dealer_wager"):
            table.press(table.snapshot.step.actions[0].name)
        snap = table.wait(lambda s: s.step.phase == "deal")
        assert "stacks of three" in snap.step.instruction
        for _ in range(3):  # positions 2 and 5, then the dealer
            table.press("dispense", expect_record=False)
        snap = table.wait(lambda s: s.step.phase == "three_card_bonus")
        table.press("three_card_settled")
        snap = table.wait(lambda s: s.step.phase == "four_card_stacks")
        assert any(line.description.startswith("three card bonus") and line.position == "pos 2"
                   for line in snap.payments)
        for _ in range(3):
            table.press("dispense", expect_record=False)
        snap = table.wait(lambda s: s.step.phase == "setting")
        assert all(len(snap.table.seat(p).cards) == 7 for p in (2, 5))
        table.press("count_stub", expect_record=False)
        form = _form(table, "stub_count")
        form.inputs["counted"].setValue(53 - 7 * 3)
        _submit(table, form)
        snap = table.wait(lambda s: not any(a.name == "count_stub" for a in s.step.actions))
        _finish(table)
        final = table.snapshot
    finally:
        table.close()
    summary, records = _journal(str(tmp_path))
    assert summary.status == "complete"
    actions = [r.action for r in records]
    assert actions.index("deal") < actions.index("settle_three_card_bonus") < \
        actions.index("deal_four_card_stacks") < actions.index("count_stub")
    count = next(r for r in records if r.action == "count_stub")
    assert count.arguments == {"counted": 32} and count.effects["deck_removed"] is False
    deal = next(r for r in records if r.action == "deal")
    assert len(deal.arguments["cards"]) == 9
    payments = [Payment(**p) for p in summary.document["payments"]]
    assert final.payments == payment_lines(payments)
    assert any(p.wager == "three_card_bonus" and p.position == 2 for p in payments)


def _bank_at_two(table: Table) -> list[int]:
    """Round 1 (a new game: no bank, position 2 wagers $25 against the dealer), then round 2 to
    the dealer's wager: position 2 banks with $100; the positions that declined the bank."""
    table.sign_in_supervisor()
    table.wait_devices_online()
    table.backdoor.deal_known_cards(card_codes(_deck(11)))
    # Round 1: a new game, no bank; position 2 wagers $25 against the dealer.
    table.press("start_round")
    table.press("shuffled")
    _wager(table, 2, 5)
    _wager(table, 4, 2)
    table.press("no_more_bets")
    table.press("rng")
    for _ in range(7):
        table.press("dispense", expect_record=False)
    table.wait(lambda s: s.step.phase == "setting")
    _finish(table)
    table.wait(lambda s: s.step.actions and s.step.actions[0].enabled)
    # Round 2: the bank is offered.
    table.backdoor.deal_known_cards(card_codes(_deck(12)))
    table.press("start_round")
    table.press("shuffled")
    _wager(table, 2, 20)  # $100: covers position 4 and the dealer's wager
    _wager(table, 4, 2)
    declined = []
    while "accept_bank" in {a.name for a in table.snapshot.step.actions}:
        offered = int(table.snapshot.step.positions[0])
        if offered == 2:
            table.press("accept_bank")
        else:
            declined.append(offered)
            table.press("decline_bank")
    table.wait(lambda s: s.table.seat(2).title == "2 · BANK")
    table.press("no_more_bets")
    table.wait(lambda s: s.step.phase == "dealer_wager")
    return declined


def test_a_player_banks_and_the_dealer_wagers_against_the_bank_5324_41_h_7(qtbot, tmp_path):
    """5324.41(h)(3): from the second round the bank is offered in turn (declined, accepted on
    the screen); (h)(7) the dealer's wager against the bank, a lesser amount as the bank
    directs; the bank sets its own hand; the dealer's hand is set and the round settles."""
    script = PaiGowScript()
    table = Table(qtbot, str(tmp_path), "pai_gow")
    try:
        declined = _bank_at_two(table)
        snap = table.snapshot
        assert snap.step.actions[0].label == "DEALER'S WAGER $25.00 PLACED"
        table.press("dealer_wager_other", expect_record=False)
        form = _form(table, "dealer_wager")
        form.inputs["dollars"].setValue(20)
        _submit(table, form)
        table.press("rng")
        for _ in range(7):
            table.press("dispense", expect_record=False)
        table.wait(lambda s: s.step.phase == "setting")
        assert table.snapshot.entry is None  # no player's cards before they are exposed
        table.press("players_have_set")
        table.press("banker")  # the dealer's hand first, then the bank's exposed, (h)(11)
        snap = table.wait(lambda s: s.entry is not None and s.entry.kind == "setting")
        assert snap.entry.position == "2" and snap.entry.options.get("bank")
        picker = table.window.low_hand
        _tap(table, picker, script.low_hand(picker._cards, "low"))
        before = table.snapshot.records
        table.click(table.window.step_panel.button("set_hand"))
        table.wait(lambda s: s.records > before)
        while table.phase == "exposure":
            table.press("house_way")
        table.tick_all()  # every line ticked off first: the one rule of both games
        table.press("settle")
        final = table.wait(lambda s: s.step.phase == "between_rounds")
    finally:
        table.close()
    summary, records = _journal(str(tmp_path))
    assert summary.status == "complete"
    by_action = {r.action: r for r in records}
    assert by_action["accept_bank"].arguments["position"] == 2
    assert all(r.arguments["position"] in declined for r in records
               if r.action == "decline_bank")
    assert by_action["place_dealer_wager"].arguments == {"amount": 2000}
    assert "set_bank_hand" in by_action and "set_dealer_hand" in by_action
    payments = [Payment(**p) for p in summary.document["payments"]]
    assert final.payments == payment_lines(payments)


def test_the_dealer_wagers_by_the_approved_calculation_5324_41_h_7(qtbot, tmp_path):
    """5324.41(h)(7) "or in an amount, the calculation of which has been approved by the
    commission": a table configured with three times the table minimum ($30) proposes it on the
    dealer's screen, says whose calculation it is, and the station journals the wager."""
    table = Table(qtbot, str(tmp_path), "pai_gow", settings={"banking": {
        "player_banking": True, "co_banking": True, "dealer_wager": "approved_calculation",
        "dealer_wager_calculation": "table_minimum", "dealer_wager_multiple": 3,
        "dealer_wager_approval": "NYSGC 2026-117"}})
    try:
        _bank_at_two(table)
        snap = table.snapshot
        assert snap.step.actions[0].label == "DEALER'S WAGER $30.00 PLACED"
        assert ("3 × the table minimum, as approved by the commission (NYSGC 2026-117)"
                in snap.step.instruction)
        table.press("dealer_wager_other", expect_record=False)
        _form(table, "dealer_wager")
        assert "as approved by the commission" in table.snapshot.entry.options["fields"][0].label
        table.press("dealer_wager")
        table.wait(lambda s: s.step.phase == "starting_position")
    finally:
        table.close()
    _, records = _journal(str(tmp_path))
    placed = [r for r in records if r.action == "place_dealer_wager"]
    assert [r.arguments for r in placed] == [{"amount": 3000}]


def test_the_house_banks_when_the_offer_returns_to_the_dealer_5324_41_h_3(qtbot, tmp_path):
    """5324.41(h)(3) on the dealer's screen: after rounds whose first bank offer went 6, 5, ...,
    1 (every player passing, played through the station on this data directory), the next round
    offers the bank to nobody and says the house banks (the rotation after it: the station
    test of tests/unit/test_station_context.py)."""
    from gui_harness import PIN, SUPERVISOR

    from dealer_station.station import Station
    from dealer_station.table_config import load_table_config

    settings = load_table_config(game="pai_gow").settings
    deck = [c.text for c in _deck(31)]
    with Station.open(None, str(tmp_path), game="pai_gow", settings=settings) as station:
        station.create_first_supervisor(SUPERVISOR, "Test Supervisor", PIN)
        station.sign_in(SUPERVISOR, PIN)
        for _ in range(7):  # a new game, then first offers 6, 5, 4, 3, 2, 1
            station.start_round()
            while station.round is not None:
                round_ = station.round
                step = round_.step
                if step.phase == "shuffle":
                    station.perform("shuffle")
                elif step.phase == "betting" and not round_.wagers:
                    for position in range(1, 7):
                        station.perform("place_wager", position=position, amount=1000)
                elif "decline_bank" in step.actions:
                    station.perform("decline_bank")
                elif step.phase == "betting":
                    station.perform("no_more_bets")
                elif step.phase == "starting_position":
                    station.perform("determine_starting_position", number=1)
                elif step.phase == "deal":
                    station.perform("deal", cards=deck)
                elif step.phase == "setting":
                    station.perform("players_have_set")
                elif step.phase == "banker":
                    station.perform(step.actions[0])
                elif step.phase == "exposure":
                    station.perform("set_hand_house_way", position=step.positions[0])
                else:
                    station.perform("settle")
    table = Table(qtbot, str(tmp_path), "pai_gow")
    try:
        table.start_shuffled()
        _wager(table, 2, 2)
        _wager(table, 5, 2)
        snap = table.snapshot
        assert "the house banks" in snap.step.instruction
        assert "accept_bank" not in {a.name for a in snap.step.actions}
    finally:
        table.close()


def test_a_bank_that_set_its_hands_wrongly_keeps_its_wager_5324_41_q(qtbot, tmp_path):
    """5324.41(q): the bank's hands exposed ((h)(11)) with three cards low: Enter is SET HAND
    (it was SURRENDER…), the picker says the hands are re-set by the house way and the wager
    kept (it said FOUL, SET FOULED HAND), and once recorded the step tells the dealer the hands
    to rearrange the bank's cards into; the felt marks the bank re-set."""
    import os

    table = Table(qtbot, str(tmp_path), "pai_gow")
    try:
        _bank_at_two(table)
        table.press("dealer_wager")
        table.dealt_to_the_exposures()
        snap = table.wait(lambda s: s.entry is not None and s.entry.kind == "setting")
        assert snap.step.primary is not None and snap.step.primary.name == "set_hand"
        assert not any(a.primary for a in snap.step.actions if a.name == "surrender")
        picker = table.window.low_hand
        _tap(table, picker, picker._cards[:3])
        words = picker.verdict.text()
        assert "FOUL" not in words and "house way" in words and "5324.41(q)" in words
        if os.environ.get("DEALER_SHOTS"):
            table.window.grab().save(os.path.join(os.environ["DEALER_SHOTS"], "bank-wrong.png"))
        before = table.snapshot.records
        with qtbot.waitActive(table.window):
            table.window.activateWindow()
        # a person reads the verdict: Enter just after the step came is held (it was the last
        # step's, DEALER'S HAND SET BY HOUSE WAY: a double press must not do both)
        qtbot.wait(int(REPEAT_GUARD_SECONDS * 1000) + 100)
        qtbot.keyClick(table.window, Qt.Key.Key_Return)  # Enter: SET HAND
        snap = table.wait(lambda s: s.records > before)
        assert "Rearrange the bank's cards by the house way: high " in snap.message
        assert "its wager is kept (5324.41(q))" in snap.message
        seat = snap.table.seat(2)
        assert seat.decision == "re-set: house way" and not seat.foul
        assert len(seat.low_cards) == 2
        if os.environ.get("DEALER_SHOTS"):
            table.window.grab().save(os.path.join(os.environ["DEALER_SHOTS"], "bank-reset.png"))
        while table.phase == "exposure":
            table.press("house_way")
        table.tick_all()
        table.press("settle")
        table.wait(lambda s: s.step.phase == "between_rounds")
    finally:
        table.close()
    _summary, records = _journal(str(tmp_path))
    bank = next(r for r in records if r.action == "set_bank_hand")
    assert bank.clause == "5324.41(q)" and "reset_by_house_way" in bank.effects
