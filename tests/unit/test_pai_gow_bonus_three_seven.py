"""The stub count of the three-then-four deal (5324.41(n)(7)(ii), (n)(8))."""

from __future__ import annotations

import pytest

from dealer_station.games.pai_gow.config import config_from_mapping
from dealer_station.games.pai_gow.round import PaiGowRound
from dealer_station.games.pai_gow.wagers.config import BonusConfig, Completion
from dealer_station.games.pai_gow.wagers.families import BonusWager
from dealer_station.games.pai_gow.wagers.part import bonus_round
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


def _overdue_round() -> PaiGowRound:
    """A three-then-four round whose stub count is overdue (five rounds since the last)."""
    offered = frozenset({BonusWager.THREE_CARD_BONUS, BonusWager.SEVEN_CARD_BONUS})
    config = config_from_mapping({
        "table": {"minimum_wager": "$5", "maximum_wager": "$5,000"},
        "dealing": {"method": "three_then_four"},
        "side_wagers": {"offered": sorted(w.value for w in offered)},
    })
    r = bonus_round(config, BonusConfig(offered=offered), dealer_id="D1", round_id="r6",
                         stub=StubCount(required=True, rounds_since_count=5))
    r.shuffle()
    r.place_wager(2, 1000)
    r.no_more_bets()
    assert r.step.phase == "stub_count" and "count_stub" in r.step.actions
    return r


THREE_CARD_STACKS = ["9h", "9d", "2c", "Kc", "Kd", "4s"]
FOUR_CARD_STACKS = ["2h", "3h", "4h", "5h", "6h", "7h", "8h", "Th"]


def test_an_overdue_count_of_the_deck_releases_the_deal_5324_41_n_7_ii() -> None:
    """The sixth round's deal waits for the count the step asks for; before any card is dealt
    the stub is the whole deck (52 cards and the joker), and a right count lets the round go on
    (it was refused, so the round could never be dealt)."""
    r = _overdue_round()
    record = r.count_stub(53)
    assert record.effects["deck_removed"] is False
    assert r.step.phase != "stub_count"
    r.deal(THREE_CARD_STACKS)
    # the count came before this round's play: the round is the first since the count
    assert r.optional.next_stub().rounds_since_count == 1
    with pytest.raises(ProcedureError):  # counted once: the next count is after four more cards
        r.count_stub(53)


def test_an_overdue_count_short_of_the_deck_removes_it_5324_41_n_8() -> None:
    r = _overdue_round()
    assert r.count_stub(52).effects["deck_removed"] is True
    with pytest.raises(ProcedureError) as refused:
        r.deal(THREE_CARD_STACKS)
    assert refused.value.clause == "5324.41(n)(8)"


def test_an_overdue_round_asks_the_dealer_for_the_count_5324_41_n_7_ii() -> None:
    """A shuffler that does not count (``shuffler_counts_cards = false``): the step asks for
    the dealer's count, never for "the shuffler's count" typed by hand; a shuffler report in
    an older journal still replays."""
    r = _overdue_round()
    assert r.step.actions == ("count_stub",)
    r.shuffler_report(53)
    r.deal(THREE_CARD_STACKS)


def test_a_removed_deck_is_replaced_by_a_counted_one_5324_41_n_8() -> None:
    """After a wrong count the deck leaves the table at once: the next round's shuffle step
    says so and the shuffle waits until a replacement deck is counted whole (by the dealer, or
    by the shuffler where it counts), not the deal after the wagers and "no more bets"."""
    r = _overdue_round()
    r.count_stub(50)
    removed = r.optional.next_stub()
    assert removed.deck_removed
    for counts in (False, True):
        offered = frozenset({BonusWager.THREE_CARD_BONUS, BonusWager.SEVEN_CARD_BONUS})
        config = config_from_mapping({
            "table": {"minimum_wager": "$5", "maximum_wager": "$5,000"},
            "dealing": {"method": "three_then_four"},
            "side_wagers": {"offered": sorted(w.value for w in offered)},
        })
        following = bonus_round(config, BonusConfig(offered=offered,
                                                    shuffler_counts_cards=counts),
                                dealer_id="D1", round_id="r7", stub=removed)
        step = following.step
        assert step.phase == "shuffle" and step.clause == "5324.41(n)(8)"
        assert ("Remove the deck from the table (the stub has 50 cards, 53 expected"
                in step.instruction)
        assert "replacement deck" in step.instruction
        assert step.actions == (("shuffler_report",) if counts else ("count_stub",))
        with pytest.raises(ProcedureError) as refused:
            following.shuffle()
        assert refused.value.clause == "5324.41(n)(8)"
        if counts:
            following.shuffler_report(53)
        else:
            assert following.count_stub(53).effects["deck_removed"] is False
        following.shuffle()
        following.place_wager(2, 1000)
        following.no_more_bets()
        following.deal(THREE_CARD_STACKS)
        assert not following.optional.stub.deck_removed


def test_a_second_count_does_not_return_a_removed_deck_5324_41_n_8() -> None:
    """38 cards counted where 39 are expected takes the deck off the table; counting 39 next
    is refused, and the step keeps saying the deck is removed until a replacement is in (the
    notice disappeared while the journal kept deck_removed)."""
    r = _overdue_round()
    r.count_stub(53)
    r.deal(THREE_CARD_STACKS)
    r.deal_four_card_stacks(FOUR_CARD_STACKS)
    expected = expected_stub(2)  # position 2 and the dealer
    assert r.count_stub(expected - 1).effects["deck_removed"] is True
    with pytest.raises(ProcedureError) as refused:
        r.count_stub(expected)
    assert refused.value.clause == "5324.41(n)(8)"
    assert r.optional.stub.deck_removed
    assert "Remove the deck from the table" in (r.step.next_instruction or "")
    assert f"the stub has {expected - 1} cards, {expected} expected" in r.step.next_instruction


def test_a_replacement_deck_is_not_called_a_stub_5324_41_n_8() -> None:
    removed = StubCount(True, deck_removed=True).record_count(counted=52, hands=0)
    assert removed.last_problem == "the deck has 52 cards, not 52 plus the joker"


def test_the_shufflers_count_of_a_reshuffle_before_the_deal_is_taken_5324_41_n_8() -> None:
    """A redeal reshuffles the deck before any card is recorded: the shuffler's count of that
    shuffle is taken too, and a short one holds the deal."""
    r = _overdue_round()
    r.count_stub(53)
    assert r.step.phase == "deal"
    assert r.shuffler_report(52).effects == {"deck_removed": True}
    with pytest.raises(ProcedureError) as refused:
        r.deal(THREE_CARD_STACKS)
    assert refused.value.clause == "5324.41(n)(8)"
