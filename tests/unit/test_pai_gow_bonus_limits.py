"""Payout limits, each only on the wagers its clause names (5324.41(m)(4), (o)(3), (p)(6))."""

from __future__ import annotations

import pytest

from dealer_station.games.pai_gow.wagers.limits import apply_limits, limit_group
from dealer_station.procedure import Payment

LIMITS = {"fortune_insurance": 1_000, "seven_card": 2_000, "imperial": 3_000}


@pytest.mark.parametrize(
    "wager,group",
    [("fortune_bonus", "fortune_insurance"), ("insurance", "fortune_insurance"),
     ("envy_bonus", "fortune_insurance"), ("seven_card_bonus", "seven_card"),
     ("imperial_bonus", "imperial"), ("three_card_bonus", None), ("progressive", None),
     ("pai_gow", None)],
)
def test_each_limit_names_its_wagers(wager: str, group: str | None) -> None:
    assert limit_group(wager) == group


def test_limits_cap_per_player_and_group_in_payment_order_5324_41_m_4() -> None:
    lines = [
        Payment(1, 6, "fortune_bonus", "pay", 100, 800),
        Payment(2, 6, "envy_bonus", "pay", 0, 500),  # 200 room left
        Payment(3, 5, "fortune_bonus", "pay", 100, 800),  # another player: own limit
        Payment(4, 6, "insurance", "pay", 100, 900),  # nothing left
        Payment(5, 6, "pai_gow", "pay", 100, 90_000, 4_500),
        Payment(6, 6, "progressive", "pay", 100, 50_000),
    ]
    capped = apply_limits(lines, LIMITS)
    assert [p.amount for p in capped] == [800, 200, 800, 0, 90_000, 50_000]
    assert capped[1].clause == "5324.41(m)(4)" and "payout limit" in capped[1].note


def test_seven_card_limit_leaves_the_three_card_bonus_alone_5324_41_o_3() -> None:
    lines = [Payment(1, 2, "three_card_bonus", "pay", 100, 4_000),
             Payment(2, 2, "seven_card_bonus", "pay", 100, 5_000)]
    assert [p.amount for p in apply_limits(lines, LIMITS)] == [4_000, 2_000]


def test_imperial_limit_is_on_the_aggregate_of_both_bonuses_5324_41_p_6() -> None:
    lines = [Payment(1, 4, "imperial_bonus", "pay", 100, 2_500, note="player hand bonus"),
             Payment(2, 4, "imperial_bonus", "pay", 0, 2_000, note="banker hand bonus")]
    capped = apply_limits(lines, LIMITS)
    assert [p.amount for p in capped] == [2_500, 500]
    assert capped[1].clause == "5324.41(p)(6)"


def test_no_limit_configured_pays_the_table() -> None:
    lines = [Payment(1, 1, "fortune_bonus", "pay", 100, 10**9)]
    assert apply_limits(lines, {"fortune_insurance": None}) == lines
