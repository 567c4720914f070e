"""The stub count of the three-then-four deal (5324.41(n)(7)(ii), (n)(8))."""

from __future__ import annotations

import pytest

from dealer_station.games.pai_gow.wagers.config import BonusConfig, Completion
from dealer_station.games.pai_gow.wagers.stub import StubCount, expected_stub
from dealer_station.procedure import ProcedureError


def test_stub_count_every_five_rounds_5324_41_n_7_ii() -> None:
    stub = StubCount.for_config(BonusConfig())
    assert stub.required
    for rounds in range(1, 5):
        stub = stub.round_completed()
        assert stub.can_deal
        assert stub.due == (rounds == 4)
    assert stub.prompt is not None and "Count the stub" in stub.prompt
    stub = stub.round_completed()
    with pytest.raises(ProcedureError) as caught:
        stub.verify_deal()
    assert caught.value.clause == "5324.41(n)(7)(ii)"
    stub = stub.record_count(counted=expected_stub(3), hands=3)
    assert stub.can_deal and stub.rounds_since_count == 0


def test_wrong_stub_count_removes_the_deck() -> None:
    stub = StubCount.for_config(BonusConfig()).record_count(counted=10, hands=7)
    assert stub.deck_removed and not stub.can_deal
    assert stub.prompt is not None and "Remove the deck" in stub.prompt
    assert stub.new_deck().can_deal


def test_counting_shuffler_removes_the_requirement_5324_41_n_8() -> None:
    stub = StubCount.for_config(BonusConfig(shuffler_counts_cards=True))
    assert not stub.required
    for _ in range(12):
        stub = stub.round_completed()
    assert stub.can_deal and stub.prompt is None
    assert stub.shuffler_report(53).can_deal
    bad = stub.shuffler_report(52)
    assert bad.deck_removed
    with pytest.raises(ProcedureError) as caught:
        bad.verify_deal()
    assert caught.value.clause == "5324.41(n)(8)"


def test_stub_dealt_by_hand_needs_no_count_5324_41_n_7_i() -> None:
    stub = StubCount.for_config(BonusConfig(three_seven_completion=Completion.STUB_BY_HAND))
    assert not stub.required
