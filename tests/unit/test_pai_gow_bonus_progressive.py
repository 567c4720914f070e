"""The progressive meter and payouts (5324.41(k)(4)-(k)(6)), with a randomized conservation test:
contributions, deductions and reseeds reconcile exactly with the meter."""

from __future__ import annotations

import random

import pytest

from dealer_station.games.pai_gow.wagers.paytables import Fixed, MeterShare, pay_table
from dealer_station.games.pai_gow.wagers.progressive import (
    UNITS_PER_CENT,
    MeterEntryKind,
    ProgressiveMeter,
    deducted_from_meter,
    progressive_payout,
)
from dealer_station.procedure import ProcedureError

TABLE = pay_table("progressive")
FIXED_ONE_DOLLAR = {
    "royal_flush_and_pair": 20_000, "royal_flush": 10_000, "straight_flush_and_pair": 5_000,
    "straight_flush": 2_500, "four_of_a_kind_and_pair": 4_000, "four_of_a_kind": 2_000,
    "full_house_and_pair": 1_000, "full_house": 500, "flush_and_pair": 600, "flush": 300,
    "straight_and_pair": 400, "straight": 200, "three_of_a_kind": 200,
}
# (k)(5): $50 or more, or a straight flush ($1); $250 or more or a straight flush ($5).
FROM_METER_ONE = {"royal_flush_and_pair", "royal_flush", "straight_flush_and_pair",
                  "straight_flush"}
FROM_METER_FIVE = {"royal_flush_and_pair", "royal_flush", "straight_flush_and_pair",
                   "straight_flush"}  # 4K and pair at $5 is $200: from the tray


@pytest.mark.parametrize("hand,amount", sorted(FIXED_ONE_DOLLAR.items()))
def test_fixed_rows_one_dollar_5324_41_k_4_ii(hand: str, amount: int) -> None:
    payout = progressive_payout([hand], TABLE, 100, meter=5_000_000)
    assert payout is not None and payout.amount(5_000_000) == amount
    assert payout.from_meter == (hand in FROM_METER_ONE)
    assert payout.needs_validation == payout.from_meter


@pytest.mark.parametrize("hand,amount", sorted(FIXED_ONE_DOLLAR.items()))
def test_five_dollars_pays_five_times_5324_41_k_4_i(hand: str, amount: int) -> None:
    payout = progressive_payout([hand], TABLE, 500, meter=5_000_000)
    assert payout is not None and payout.amount(5_000_000) == 5 * amount
    assert payout.from_meter == (hand in FROM_METER_FIVE)


@pytest.mark.parametrize(
    "hand,share",
    [("natural_royal_flush_and_pair", 10000), ("five_aces_and_pair", 10000),
     ("natural_royal_flush", 1000), ("five_aces", 1000)],
)
@pytest.mark.parametrize("denomination", [100, 500])
def test_meter_rows_5324_41_k_4(hand: str, share: int, denomination: int) -> None:
    payout = progressive_payout([hand], TABLE, denomination, meter=2_345_678)
    assert payout is not None and payout.figure == MeterShare(share)
    assert payout.from_meter and payout.needs_validation
    expected = 2_345_678 if share == 10000 else 234_568  # 10% rounded up to the cent
    assert payout.amount(2_345_678) == expected


def test_the_meter_threshold_5324_41_k_5() -> None:
    assert deducted_from_meter("x", 5_000, 100) and not deducted_from_meter("x", 4_999, 100)
    assert deducted_from_meter("x", 25_000, 500) and not deducted_from_meter("x", 24_999, 500)
    assert deducted_from_meter("straight_flush", 2_500, 100)
    assert deducted_from_meter("straight_flush", 12_500, 500)


def test_highest_paying_arrangement_5324_41_g_8() -> None:
    # full house $5 and flush and pair $6 from the same seven cards: the dealer resets to $6.
    assert progressive_payout(["full_house", "flush_and_pair"], TABLE, 100).hand == "flush_and_pair"
    # ten percent of a small meter against a fixed $200: the larger one at the meter now.
    small = progressive_payout(["five_aces", "royal_flush_and_pair"], TABLE, 100, meter=150_000)
    large = progressive_payout(["five_aces", "royal_flush_and_pair"], TABLE, 100, meter=9_000_000)
    assert small is not None and small.hand == "royal_flush_and_pair"
    assert large is not None and large.hand == "five_aces"
    assert progressive_payout(["two_pair", "pair"], TABLE, 100) is None


def test_contribution_at_the_rate_of_progression_5324_41_k_5() -> None:
    meter = ProgressiveMeter(reset=1_000_000, rate_basis_points=2150)
    meter.contribute(100)  # 21.5 cents: the half cent is carried, never lost
    assert meter.value == 1_000_021
    meter.contribute(100)
    assert meter.value == 1_000_043
    assert meter.total(MeterEntryKind.CONTRIBUTION) == 43 * UNITS_PER_CENT


def test_payment_deducts_and_reseeds_5324_41_k_6() -> None:
    meter = ProgressiveMeter(reset=1_000_000, rate_basis_points=2100, value=1_500_000)
    entries = meter.deduct(1_500_000)
    assert [e.kind for e in entries] == [MeterEntryKind.DEDUCTION, MeterEntryKind.RESEED]
    assert meter.value == 1_000_000
    meter.deduct(2_500)  # a straight flush: below the reset amount, reseeded at once
    assert meter.value == 1_000_000
    assert meter.reconciles()
    with pytest.raises(ProcedureError):
        meter.deduct(1_000_001)


def test_two_full_meter_winners_second_paid_from_the_reset_meter_5324_41_k_6() -> None:
    meter = ProgressiveMeter(reset=1_000_000, rate_basis_points=2100, value=4_321_000)
    first = progressive_payout(["five_aces_and_pair"], TABLE, 100, meter=meter.value)
    assert first is not None
    paid_first = first.amount(meter.value)
    meter.deduct(paid_first)
    second = progressive_payout(["natural_royal_flush_and_pair"], TABLE, 100, meter=meter.value)
    assert second is not None
    assert (paid_first, second.amount(meter.value)) == (4_321_000, 1_000_000)


@pytest.mark.parametrize("seed", [1, 2, 3])
def test_randomized_meter_conservation(seed: int) -> None:
    """Thousands of rounds: the meter always equals opening + contributions + reseeds -
    deductions, unit for unit, and never falls below the reset amount."""
    rng = random.Random(seed)
    denomination = rng.choice([100, 500])
    rate = rng.randint(2700, 4000)
    reset = rng.randint(1_000_000, 3_000_000)
    meter = ProgressiveMeter(reset=reset, rate_basis_points=rate)
    opening = meter.units
    paid = 0
    wagered = 0
    hands = list(TABLE.hands)
    for _ in range(3000):
        for _ in range(rng.randint(0, 6)):
            meter.contribute(denomination)
            wagered += denomination
        for _ in range(rng.choice([0, 0, 0, 1, 2])):
            payout = progressive_payout([rng.choice(hands)], TABLE, denomination,
                                        meter=meter.value)
            assert payout is not None
            if payout.from_meter:
                amount = payout.amount(meter.value)
                meter.deduct(amount)
                paid += amount
        assert meter.value >= reset
    contributions = meter.total(MeterEntryKind.CONTRIBUTION)
    deductions = meter.total(MeterEntryKind.DEDUCTION)
    reseeds = meter.total(MeterEntryKind.RESEED)
    assert meter.reconciles()
    assert opening + contributions + reseeds + deductions == meter.units
    assert -deductions == paid * UNITS_PER_CENT
    assert contributions == wagered * rate * UNITS_PER_CENT // 10_000
    assert all(e.units >= 0 for e in meter.ledger if e.kind is not MeterEntryKind.DEDUCTION)


def test_fixed_figure_type() -> None:
    payout = progressive_payout(["straight"], TABLE, 500)
    assert payout is not None and payout.figure == Fixed(1_000)


def test_equal_payouts_name_the_same_hand_whatever_the_order() -> None:
    """Three of a kind and a straight both pay $2: the hand named does not depend on the order
    the categories come in (a replay in another process names the same hand)."""
    one = progressive_payout(["three_of_a_kind", "straight"], TABLE, 100)
    two = progressive_payout(["straight", "three_of_a_kind"], TABLE, 100)
    assert one is not None and two is not None and one.hand == two.hand == "straight"
