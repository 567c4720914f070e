"""Three-then-four dealing and the stub count (5324.41(n)(2)-(n)(8))."""

from __future__ import annotations

import pytest

from dealer_station.cards import parse_cards
from dealer_station.games.pai_gow.wagers.config import BonusConfig, Completion
from dealer_station.games.pai_gow.wagers.stub import StubCount, expected_stub
from dealer_station.games.pai_gow.wagers.three_seven import (
    DealPhase,
    ThreeThenFour,
    delivery_order,
)
from dealer_station.procedure import ProcedureError


def test_delivery_from_the_farthest_left_wager_then_dealer_5324_41_n_4() -> None:
    assert delivery_order([6, 3, 4]) == (3, 4, 6, "dealer")
    assert delivery_order([]) == ("dealer",)


def test_three_then_four_order_5324_41_n_5_n_7() -> None:
    deal = ThreeThenFour.start([5, 2], Completion.STUB_BY_HAND)
    with pytest.raises(ProcedureError):
        deal.deliver_three(5, parse_cards("2c 3c 4c"))  # 2 is farthest left
    deal = deal.deliver_three(2, parse_cards("2c 3c 4c"))
    with pytest.raises(ProcedureError):
        deal.deliver_three(5, parse_cards("5c 6c 7c 8c"))  # stacks of three
    deal = deal.deliver_three(5, parse_cards("5c 6c 7c"))
    deal = deal.deliver_three("dealer", parse_cards("8c 9c Tc"))
    assert deal.phase is DealPhase.SETTLE_THREE_CARD
    with pytest.raises(ProcedureError) as caught:  # three-card bonuses first
        deal.deliver_four(2, parse_cards("Jc Qc Kc Ac"))
    assert caught.value.clause == "5324.41(n)(7)"
    deal = deal.three_card_settled()
    assert "stub by hand" in deal.instruction
    deal = deal.deliver_four(2, parse_cards("Jc Qc Kc Ac"))
    deal = deal.deliver_four(5, parse_cards("2d 3d 4d 5d"))
    deal = deal.deliver_four("dealer", parse_cards("6d 7d 8d 9d"))
    assert deal.phase is DealPhase.DONE
    assert len(deal.cards[2]) == 7 and deal.cards["dealer"][:3] == parse_cards("8c 9c Tc")


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
