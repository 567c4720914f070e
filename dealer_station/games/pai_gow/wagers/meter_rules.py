"""The two rules of 5324.41(k)(5) that both the bonus configuration and the progressive meter
apply (a leaf, so that neither imports the other): the least rate of progression by
denomination, and which fixed progressive payouts are deducted from the meter.

>>> MINIMUM_RATE_BASIS_POINTS[dollars(5)]
2700
"""

from __future__ import annotations

from collections.abc import Mapping

from dealer_station.money import Cents, dollars

__all__ = ["MINIMUM_RATE_BASIS_POINTS", "deducted_from_meter"]

#: The least rate of progression of the progressive meter, by denomination (5324.41(k)(5)).
MINIMUM_RATE_BASIS_POINTS: Mapping[Cents, int] = {dollars(1): 2100, dollars(5): 2700}
#: Payouts at or above this (times the $5 multiplier) are deducted from the meter (k)(5).
_METER_THRESHOLD_PER_DOLLAR = dollars(50)


def deducted_from_meter(hand: str, amount: Cents, denomination: Cents) -> bool:
    """Whether a fixed progressive payout of ``amount`` for ``hand`` is deducted from the meter:
    $50 or more or a straight flush on a $1 wager, $250 or more or a straight flush on $5 (k)(5).

    >>> deducted_from_meter("four_of_a_kind_and_pair", dollars(40), dollars(1))
    False
    >>> deducted_from_meter("straight_flush", dollars(25), dollars(1))
    True
    >>> deducted_from_meter("four_of_a_kind_and_pair", dollars(200), dollars(5))
    False
    >>> deducted_from_meter("royal_flush", dollars(500), dollars(5))
    True
    """
    threshold = _METER_THRESHOLD_PER_DOLLAR * (denomination // dollars(1))
    return amount >= threshold or hand.startswith("straight_flush")
