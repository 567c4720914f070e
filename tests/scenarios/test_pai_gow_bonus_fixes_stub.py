"""The stub count carried from round to round at a three-card / seven-card table dealing stacks
of four from the shoe (5324.41(n)(7)(ii), (n)(8)), played through whole rounds as the station
makes them (:meth:`PaiGowStationHooks.prepare` carries the tracker): five rounds without a count,
then the sixth round's deal waits for the count and the count releases it, for good: the round
completes, replays from its document, and the next round starts with the count fresh."""

from __future__ import annotations

import json
from typing import Any

import pytest

from dealer_station.cards import pai_gow_deck
from dealer_station.games.pai_gow.document import round_from_document
from dealer_station.games.pai_gow.round import PaiGowRound
from dealer_station.games.pai_gow.station_round import STATION_HOOKS, new_round
from dealer_station.procedure import ProcedureError

SETTINGS: dict[str, Any] = {
    "table": {"minimum_wager": "$5", "maximum_wager": "$5,000"},
    "dealing": {"method": "three_then_four", "starting_position": "rng"},
    "side_wagers": {"offered": ["three_card_bonus", "seven_card_bonus"]},
}
DECK = [c.text for c in pai_gow_deck()]


def _next_round(previous: PaiGowRound | None, number: int) -> PaiGowRound:
    prepared = STATION_HOOKS.prepare(SETTINGS, previous, dealer_id="D1", round_id=number)
    round_ = new_round(prepared)
    assert isinstance(round_, PaiGowRound) and round_.optional is not None
    return round_


def _to_the_deal(r: PaiGowRound) -> None:
    """Shuffle, one wager at position 2 with a three-card bonus, no bank, "no more bets", the
    random number generator's starting position."""
    while r.step.phase not in ("deal", "stub_count"):
        step = r.step
        if step.phase == "shuffle":
            r.shuffle()
        elif step.phase == "cut":
            r.cut(step.positions[0] if step.positions else None, False)
        elif "accept_bank" in step.actions:
            r.decline_bank(step.positions[0])
        elif step.phase == "betting" and 2 not in r.wagers:
            r.place_wager(2, 1000)
            r.place_bonus_wager(2, "three_card_bonus", 500)
        elif step.phase == "betting":
            r.no_more_bets()
        elif step.phase == "starting_position":
            r.determine_starting_position(1)
        else:
            raise AssertionError(f"unexpected step {step.phase}")


def _finish(r: PaiGowRound, *, count: bool = False) -> None:
    """Stacks of three, the three-card bonus, stacks of four, (the stub counted), house way,
    the dealer's hand, the settlement."""
    r.deal(DECK[:6])
    r.settle_three_card_bonus()
    r.deal_four_card_stacks(DECK[6:14])
    if count:
        r.count_stub(53 - 7 * 2)
    r.players_have_set()
    r.set_dealer_hand()
    r.set_hand_house_way(2)
    r.settle()
    assert r.is_complete


def test_an_overdue_count_releases_the_sixth_round_for_good_5324_41_n_7_ii() -> None:
    previous = None
    for number in range(1, 6):  # five rounds, the stub never counted
        r = _next_round(previous, number)
        _to_the_deal(r)
        assert r.step.phase == "deal"
        _finish(r)
        previous = r
    sixth = _next_round(previous, 6)
    _to_the_deal(sixth)
    assert sixth.step.phase == "stub_count"
    assert sixth.step.actions == ("count_stub", "shuffler_report")
    with pytest.raises(ProcedureError):
        sixth.deal(DECK[:6])
    assert sixth.can_count_stub(53)
    record = sixth.count_stub(53)  # nothing dealt yet: the stub is the whole deck
    assert record.effects == {"deck_removed": False, "problem": ""}
    assert sixth.step.phase == "deal"
    _finish(sixth)
    document = json.loads(json.dumps(sixth.to_document()))
    assert round_from_document(document).to_document() == sixth.to_document()
    seventh = _next_round(sixth, 7)
    # the sixth round was played after the count: one round of play since it
    assert seventh.optional.stub.rounds_since_count == 1
    _to_the_deal(seventh)
    assert seventh.step.phase == "deal"


def test_an_overdue_round_released_by_the_shufflers_count_5324_41_n_8() -> None:
    previous = None
    for number in range(1, 6):
        r = _next_round(previous, number)
        _to_the_deal(r)
        _finish(r)
        previous = r
    sixth = _next_round(previous, 6)
    _to_the_deal(sixth)
    sixth.shuffler_report(53)
    assert sixth.step.phase == "deal"
    _finish(sixth)
    assert _next_round(sixth, 7).optional.stub.rounds_since_count == 1


def test_a_count_in_the_fifth_round_keeps_the_sixth_from_waiting_5324_41_n_7_ii() -> None:
    previous = None
    for number in range(1, 6):
        r = _next_round(previous, number)
        _to_the_deal(r)
        _finish(r, count=number == 5)
        previous = r
    sixth = _next_round(previous, 6)
    _to_the_deal(sixth)
    assert sixth.step.phase == "deal"
