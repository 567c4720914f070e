"""Each device family through the real driver stack, over every transport (PTY with pyserial,
the simulated USB bus with pyusb, in process): identify, status, self-test, the shoe's
stacks, card recognition, counts and faults, the acceptors' lights, sensing and lock, the
lockout controller."""

from __future__ import annotations

import random

import pytest
from devices_support import open_link

from drivers.acceptors import AcceptorBank
from drivers.events import EventKind
from drivers.lockout import LockoutDriver
from drivers.protocol.card_codes import JOKER, card_code, deck_codes
from drivers.protocol.codes import Family, FaultCode, IndicatorMode, LightMode, NakReason
from drivers.protocol.frame import crc16_kermit
from drivers.protocol.link import NakError
from drivers.shoe import ShoeDriver
from drivers.sim.table import FIRST_ACCEPTOR_ADDRESS, SimulatedTable


def shoe_of(table: SimulatedTable, **kw: int) -> ShoeDriver:
    shoe = ShoeDriver(open_link(table.urls["shoe"]), 1, **kw)
    shoe.identify()
    return shoe


def bank_of(table: SimulatedTable) -> AcceptorBank:
    seats = {s: FIRST_ACCEPTOR_ADDRESS + s - 1 for s in table.acceptors}
    bank = AcceptorBank(open_link(table.urls["acceptors"]), seats)
    for acceptor in bank:
        acceptor.identify()
    return bank


def lockout_of(table: SimulatedTable) -> LockoutDriver:
    box = LockoutDriver(open_link(table.urls["lockout"]), 1)
    box.identify()
    return box


def test_identify_reports_vendor_model_serial_firmware_and_crc(table: SimulatedTable) -> None:
    ident = shoe_of(table).identify()
    assert ident.family is Family.SHOE
    assert (ident.vendor, ident.model) == ("Dealer Station Sim", "SIM-SHOE")
    assert ident.serial_number == table.shoe.serial_number
    assert ident.firmware_version == "1.0.0"
    assert ident.firmware_crc == crc16_kermit(b"Dealer Station Sim/SIM-SHOE/1.0.0")
    assert lockout_of(table).identity.family is Family.LOCKOUT  # type: ignore[union-attr]


def test_self_test_passes_then_reports_the_injected_fault(table: SimulatedTable) -> None:
    box = lockout_of(table)
    assert box.self_test().passed
    table.backdoor.fail_self_test("lockout", FaultCode.INDICATOR)
    assert box.self_test().failures == (FaultCode.INDICATOR,)


def codes(cards: str) -> tuple[int, ...]:
    """The wire codes of cards written in the notation (``As Kd``)."""
    return tuple(card_code(text) for text in cards.split())


@pytest.mark.parametrize("stack_size", [3, 4, 7])
def test_shoe_deals_the_callers_deck_in_stacks_in_order(
    table: SimulatedTable, stack_size: int
) -> None:
    deck = list(deck_codes(52))
    random.Random(stack_size).shuffle(deck)
    table.backdoor.deal_known_cards(deck)
    shoe = shoe_of(table)
    shoe.configure(stack_size=stack_size)
    assert shoe.shuffle() == 52
    numbers = [shoe.dispense() for _ in range(3)]
    events = shoe.poll_all()
    stacks = [e for e in events if e.kind is EventKind.STACK_DISPENSED]
    assert [e.stack for e in stacks] == numbers == [1, 2, 3]
    assert [c for e in stacks for c in e.cards] == deck[: 3 * stack_size]
    assert shoe.card_count() == (52 - 3 * stack_size, 52)
    assert shoe.shoe_status().stack_size == stack_size


def test_pai_gow_shoe_counts_53_with_the_joker(pai_gow_table: SimulatedTable) -> None:
    deck = list(deck_codes(53))
    random.Random(5).shuffle(deck)
    pai_gow_table.backdoor.deal_known_cards(deck)
    shoe = shoe_of(pai_gow_table, stack_size=7, deck_size=53)
    shoe.restore()
    assert shoe.shuffle() == 53
    for _ in range(7):
        shoe.dispense()
    cards = [c for e in shoe.poll_all() if e.kind is EventKind.STACK_DISPENSED for c in e.cards]
    assert cards == deck[:49] and (JOKER in cards) == (JOKER in deck[:49])


def test_short_deck_count_is_a_fault(table: SimulatedTable) -> None:
    table.backdoor.deal_known_cards(deck_codes(52)[:51])
    shoe = shoe_of(table)
    assert shoe.shuffle() == 51
    events = shoe.poll_all()
    assert [(e.kind, e.count or e.fault) for e in events] == [
        (EventKind.SHUFFLE_COMPLETED, 51),
        (EventKind.FAULT_RAISED, FaultCode.CARD_COUNT),
    ]
    assert FaultCode.CARD_COUNT in shoe.status().faults


def test_jam_stops_dealing_until_faults_are_reset(table: SimulatedTable) -> None:
    shoe = shoe_of(table)
    shoe.shuffle()
    table.backdoor.jam()
    shoe.dispense()
    with pytest.raises(NakError) as refused:
        shoe.dispense()
    assert refused.value.reason == NakReason.FAULT_ACTIVE
    kinds = [(e.kind, e.fault) for e in shoe.poll_all()]
    assert (EventKind.FAULT_RAISED, FaultCode.JAM) in kinds
    assert not any(k is EventKind.STACK_DISPENSED for k, _ in kinds)
    shoe.reset_faults()
    shoe.dispense()
    assert [e.kind for e in shoe.poll_all()] == [EventKind.FAULT_CLEARED, EventKind.STACK_DISPENSED]


def test_empty_shoe_and_open_door_are_refused_and_reported(table: SimulatedTable) -> None:
    table.backdoor.deal_known_cards(codes("As Ks Qs Js"))
    shoe = shoe_of(table)
    shoe.shuffle()
    shoe.dispense()
    with pytest.raises(NakError):
        shoe.dispense()
    table.backdoor.open_door()
    assert set(shoe.status().faults) == {FaultCode.EMPTY, FaultCode.DOOR_OPEN, FaultCode.CARD_COUNT}
    with pytest.raises(NakError):
        shoe.shuffle()
    table.backdoor.close_door()
    faults = [e.fault for e in shoe.poll_all() if e.fault]
    assert faults[-3:] == [FaultCode.EMPTY, FaultCode.DOOR_OPEN, FaultCode.DOOR_OPEN]


def test_misread_and_duplicate_cards_are_reported(table: SimulatedTable) -> None:
    table.backdoor.deal_known_cards(codes("As Kd As") + deck_codes(52)[:49])
    shoe = shoe_of(table)
    shoe.shuffle()
    table.backdoor.misread(1)
    shoe.dispense()
    events = shoe.poll_all()
    stack = next(e for e in events if e.kind is EventKind.STACK_DISPENSED)
    assert stack.cards == (None, *codes("Kd As"))
    raised = [e.fault for e in events if e.kind is EventKind.FAULT_RAISED]
    assert FaultCode.MISREAD in raised
    # "As" was misread the first time, so the second As is the first one recognised
    table.backdoor.deal_known_cards(codes("2c 2c 3c") + deck_codes(52)[:49])
    shoe.reset_faults()
    shoe.shuffle()
    shoe.dispense()
    raised = [e.fault for e in shoe.poll_all() if e.kind is EventKind.FAULT_RAISED]
    assert FaultCode.DUPLICATE_CARD in raised


def test_acceptor_lights_modes_and_lit_count(table: SimulatedTable) -> None:
    bank = bank_of(table)
    assert bank.lit_count() == 0
    bank.set_light(1, LightMode.ON)
    bank.set_light(2, LightMode.FLASHING)
    bank.set_light(3, LightMode.ATTRACT)
    assert bank.lit_count() == 2
    assert bank.statuses()[3].light is LightMode.ATTRACT
    assert [table.acceptors[s].light for s in (1, 2, 3, 4)] == [1, 2, 3, 0]
    bank.set_all(LightMode.OFF)
    assert bank.lit_count() == 0


def test_chip_sensed_and_removed_are_events_and_light_the_acceptor(table: SimulatedTable) -> None:
    bank = bank_of(table)
    table.backdoor.place_chip(4)
    table.backdoor.place_chip(6)
    table.backdoor.remove_chip(4)
    events = [e for a in bank for e in a.poll_all()]
    assert [(e.seat, e.kind, e.late) for e in events] == [
        (4, EventKind.CHIP_SENSED, False),
        (4, EventKind.CHIP_REMOVED, False),
        (6, EventKind.CHIP_SENSED, False),
    ]
    assert bank.lit_count() == 1 and bank.statuses()[6].chip_present


def test_chip_placed_while_locked_is_late_and_does_not_light(table: SimulatedTable) -> None:
    """5324.34(d)(2) and 5324.41(f)(1): no wager after the dealer's lockout."""
    bank = bank_of(table)
    bank.set_locked(True)
    table.backdoor.place_chip(2)
    (event,) = bank[2].poll_all()
    assert event.kind is EventKind.CHIP_SENSED and event.late
    assert bank.lit_count() == 0 and bank.statuses()[2].locked


def test_acceptors_held_locked_come_back_to_each_seat_s_own_lock(table: SimulatedTable) -> None:
    """The progressive alone locked out (a floor away, docs/floor.md): every acceptor held
    locked whatever the lockout asks meanwhile; the hold ended, each seat has exactly the lock
    it had (or the one the lockout asked for during the hold)."""
    bank = bank_of(table)
    bank[2].set_locked(True)  # one seat locked on its own (a technician's test, say)
    bank.hold_locked(True)
    assert all(status.locked for status in bank.statuses().values())
    table.backdoor.place_chip(3)
    (event,) = bank[3].poll_all()
    assert event.late and bank.lit_count() == 0
    bank.hold_locked(False)
    assert {seat for seat, status in bank.statuses().items() if status.locked} == {2}
    bank.hold_locked(True)
    bank.set_locked(False)  # the lockout controller unlocked meanwhile: remembered only
    assert all(status.locked for status in bank.statuses().values())
    bank.hold_locked(False)
    assert not any(status.locked for status in bank.statuses().values())


def test_lockout_button_lock_unlock_and_indicator(table: SimulatedTable) -> None:
    box = lockout_of(table)
    table.backdoor.press_lockout_button()
    assert [(e.kind, e.locked) for e in box.poll_all()] == [
        (EventKind.LOCKOUT_BUTTON, None),
        (EventKind.LOCKOUT_CHANGED, True),
    ]
    assert box.lockout_status().locked
    box.unlock()
    assert not box.lockout_status().locked
    box.lock()
    box.set_indicator(IndicatorMode.FLASHING)
    status = box.lockout_status()
    assert status.locked and status.indicator is IndicatorMode.FLASHING
    assert [e.locked for e in box.poll_all()] == [False, True]


def test_wrong_family_at_address_is_refused(table: SimulatedTable) -> None:
    wrong = ShoeDriver(open_link(table.urls["lockout"]), 1)
    with pytest.raises(OSError, match="is a lockout, not a shoe"):
        wrong.identify()


def test_an_undecodable_event_is_counted_and_logged_and_the_next_taken(
    table: SimulatedTable, caplog: pytest.LogCaptureFixture
) -> None:
    """An event the host cannot decode (an unknown code) cannot be handed on; it is skipped
    with an error in the log and the counters, never silently, and the next event arrives."""
    from drivers.protocol.codes import EventCode

    box = lockout_of(table)
    table.lockout.emit(0x7E, b"\x01")  # type: ignore[arg-type]
    table.lockout.emit(EventCode.LOCKOUT_BUTTON)
    with caplog.at_level("ERROR", logger="drivers.device"):
        events = box.poll_all()
    assert [e.kind for e in events] == [EventKind.LOCKOUT_BUTTON]
    assert box.event_counters.undecodable == 1
    assert "lockout: event 1 skipped, it does not decode: unknown event code 126" in caplog.text
