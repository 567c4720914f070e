"""What a device event means to the dealer's screen (issue 15: typed device events, a complete
adapter base): each kind of :class:`drivers.events.DeviceEvent` updates the lights, the lockout
badge and the devices' health, a dispensed stack becomes the round's cards only when the shoe
read every one, and what a game does not override has the base's default."""

from __future__ import annotations

import pytest

from dealer_station.actions import CollectCards
from dealer_station.cards import parse_cards
from dealer_station.games.let_it_ride import LetItRideRound
from dealer_station.games.let_it_ride.actions import ReceiveStack
from dealer_station.games.let_it_ride.config import default_config
from dealer_station.ui.adapters.base import DeviceState, GameAdapter
from dealer_station.ui.adapters.common import note_device_event, stack_cards
from dealer_station.ui.adapters.let_it_ride import LetItRideAdapter
from dealer_station.ui.adapters.pai_gow import PaiGowAdapter
from dealer_station.ui.view import HealthState, Light
from drivers.events import DeviceEvent, EventKind
from drivers.protocol.card_codes import MISREAD, card_code
from drivers.protocol.codes import FaultCode


def event(kind: EventKind, **fields: object) -> DeviceEvent:
    device = "acceptors" if "seat" in fields else "shoe"
    return DeviceEvent(device, "SN", 1, kind, **fields)  # type: ignore[arg-type]


def test_a_chip_lights_its_seat_a_late_one_is_counted_and_a_removed_one_goes_dark() -> None:
    devices = DeviceState()
    note_device_event(event(EventKind.CHIP_SENSED, seat=3), devices)
    note_device_event(event(EventKind.CHIP_SENSED, seat=5, late=True), devices)
    note_device_event(event(EventKind.CHIP_SENSED, seat=5, late=True), devices)
    assert devices.lights == {"3": Light.ON, "5": Light.LATE}
    assert devices.late_chips == {"5": 2}
    note_device_event(event(EventKind.CHIP_REMOVED, seat=3), devices)
    assert devices.lights["3"] is Light.OFF


def test_the_lockout_badge_and_a_devices_fault_follow_its_events() -> None:
    devices = DeviceState()
    note_device_event(DeviceEvent("lockout", "L", 1, EventKind.LOCKOUT_CHANGED, locked=True),
                      devices)
    assert devices.lockout is True
    note_device_event(event(EventKind.FAULT_RAISED, fault=FaultCode.JAM), devices)
    health = devices.health["shoe"]
    assert (health.state, health.detail) == (HealthState.FAULT, "jam")
    note_device_event(event(EventKind.FAULT_CLEARED, fault=FaultCode.JAM), devices)
    assert devices.health["shoe"].state is HealthState.CONNECTED
    note_device_event(event(EventKind.SHUFFLE_COMPLETED, count=52), devices)
    assert devices.lights == {} and devices.lockout is True  # nothing for the felt


def test_a_stack_is_the_rounds_cards_only_when_the_shoe_read_every_card() -> None:
    codes = tuple(card_code(text) for text in ("As", "Kd", "2s"))
    assert stack_cards(event(EventKind.STACK_DISPENSED, stack=1, cards=codes)) == parse_cards(
        "As Kd 2s")
    assert stack_cards(event(EventKind.STACK_DISPENSED, stack=1,
                             cards=(codes[0], None, codes[2]))) is None
    assert stack_cards(event(EventKind.STACK_DISPENSED, stack=1, cards=())) is None
    assert MISREAD not in codes


def test_let_it_ride_a_stack_read_by_the_shoe_is_received_a_misread_one_entered_5324_34_d_2(
) -> None:
    adapter = LetItRideAdapter({})
    round_ = LetItRideRound(default_config())
    round_.place_wagers(position=1, bet_one=500, bet_two=500, bet_three=500)
    round_.announce_no_more_bets()
    assert round_.step.phase == "dealing"
    devices = DeviceState(shoe_reads_cards=True)
    misread = event(EventKind.STACK_DISPENSED, stack=1, cards=(None, 0, 1))
    assert adapter.device_actions(round_, misread, devices) == [] and devices.misread
    read = event(EventKind.STACK_DISPENSED, stack=2, cards=(card_code("As"), 0, 1))
    assert adapter.device_actions(round_, read, devices) == [
        ReceiveStack(cards=("As", "2s", "2h"))]
    assert not devices.misread


@pytest.mark.parametrize("adapter", [LetItRideAdapter({}), PaiGowAdapter({})],
                         ids=lambda a: a.game)
def test_both_games_adapters_are_complete_game_adapters(adapter: GameAdapter) -> None:
    assert isinstance(adapter, GameAdapter)
    assert adapter.draw(CollectCards()) == CollectCards()  # nothing drawn at this press
    with pytest.raises(ValueError, match="no form 'nonsense'"):
        adapter.form_action(None, "nonsense", {})


def _let_it_ride_dealing() -> LetItRideRound:
    round_ = LetItRideRound(default_config())
    round_.place_wagers(position=1, bet_one=500, bet_two=500, bet_three=500)
    round_.announce_no_more_bets()
    assert round_.step.phase == "dealing"
    return round_


def test_a_shoe_that_does_not_read_offers_each_stack_once_it_is_out_5324_34_d_2() -> None:
    """A shoe that does not read: DISPENSE and no entry until the shoe dispensed the stack;
    then the entry (3 cards, the step saying so) and no DISPENSE; what the shoe says of the
    cards is never the round's."""
    from dealer_station.ui.view import DeviceHealth

    adapter = LetItRideAdapter({})
    round_ = _let_it_ride_dealing()
    devices = DeviceState(shoe_reads_cards=False,
                          health={"shoe": DeviceHealth("shoe", HealthState.CONNECTED)})
    assert [c.name for c in adapter.commands(round_, devices)] == ["dispense"]
    assert adapter.entry(round_, devices, None) is None
    out = event(EventKind.STACK_DISPENSED, stack=1, cards=(card_code("As"), 0, 1))
    assert adapter.device_actions(round_, out, devices) == [] and devices.unread == 1
    assert adapter.commands(round_, devices) == ()
    entry = adapter.entry(round_, devices, None)
    assert entry is not None and entry.kind == "cards" and entry.count == 3
    assert "type its 3 cards" in entry.options["step"]


def test_a_pai_gow_redeal_counts_a_stack_out_not_typed_yet_5324_41_f() -> None:
    """A stack out of a shoe that does not read, its cards not typed: a redeal collects it too
    (its cards not known for the record)."""
    from dealer_station.games.pai_gow.actions import Redeal
    from dealer_station.ui.adapters.pai_gow import core_round
    from dealer_station.ui.view import DeviceHealth

    adapter = PaiGowAdapter({})
    round_ = core_round({})
    round_.shuffle()
    round_.place_wager(position=2, amount=2500)
    round_.no_more_bets()
    round_.determine_starting_position(number=1)
    assert round_.step.phase == "deal"
    devices = DeviceState(shoe_reads_cards=False,
                          health={"shoe": DeviceHealth("shoe", HealthState.CONNECTED)})
    assert all(c.name != "redeal" for c in adapter.problems(round_, devices))
    adapter.device_actions(round_, event(EventKind.STACK_DISPENSED, stack=1, cards=()), devices)
    (redeal,) = [c for c in adapter.problems(round_, devices) if c.name == "redeal"]
    assert isinstance(redeal.action, Redeal)
    assert (redeal.action.stacks, redeal.action.dealt) == (1, None)
    assert round_.can_redeal(**redeal.action.arguments())
