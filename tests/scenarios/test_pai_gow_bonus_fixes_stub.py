"""The stub count carried from round to round at a three-card / seven-card table dealing stacks
of four from the shoe (5324.41(n)(7)(ii), (n)(8)), played through whole rounds as the station
makes them (:meth:`PaiGowStationHooks.prepare` carries the tracker): five rounds without a count,
then the sixth round's deal waits for the count and the count releases it, for good: the round
completes, replays from its document, and the next round starts with the count fresh."""

from __future__ import annotations

import json

import pytest

from dealer_station.games.pai_gow.document import round_from_document
from dealer_station.games.pai_gow.round import PaiGowRound
from dealer_station.procedure import ProcedureError
from tests.scenarios.pai_gow_stub_play import DECK, finish, next_round, to_the_deal


def _next_round(previous: PaiGowRound | None, number: int) -> PaiGowRound:
    return next_round(previous, number)


_to_the_deal = to_the_deal
_finish = finish


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
    assert sixth.step.actions == ("count_stub",)  # the dealer counts: the shuffler does not
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
