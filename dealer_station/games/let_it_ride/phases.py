"""The phases of a Let It Ride round, in the order 5324.34 sets them, and the dealing orders.

Betting positions are numbered 1-7 from the player farthest to the dealer's left (position 1,
"first base") clockwise to the player farthest to the dealer's right (position 7). Clockwise is
therefore ascending order and counter-clockwise from the dealer's far right descending order.

>>> clockwise([5, 2, 7])
(2, 5, 7)
>>> counter_clockwise([5, 2, 7])
(7, 5, 2)
>>> manual_dealing_order([2, 6])  # doctest: +NORMALIZE_WHITESPACE
(Delivery(target=2, slot=0), Delivery(target=6, slot=0), Delivery(target='community', slot=0),
 Delivery(target=2, slot=1), Delivery(target=6, slot=1), Delivery(target='community', slot=1),
 Delivery(target=2, slot=2), Delivery(target=6, slot=2), Delivery(target='community', slot=2))
>>> shoe_dealing_order([6, 2])
(2, 6, 'community')
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass
from enum import Enum

__all__ = [
    "COMMUNITY",
    "COMMUNITY_SLOTS",
    "Delivery",
    "Phase",
    "clockwise",
    "counter_clockwise",
    "manual_dealing_order",
    "shoe_dealing_order",
]

#: The dealing target for the community cards' area (5324.34(a)(2)(ii)).
COMMUNITY = "community"
#: The three community deliveries, in dealing order: the dealer's left box (the first community
#: card), the right box (the second), and the burned card (5324.34(d)(1)(ii)-(vi), (d)(2): the
#: top, middle and bottom card of the automated shoe's community stack).
COMMUNITY_SLOTS: tuple[str, ...] = ("left", "right", "burn")


class Phase(Enum):
    """Where a round stands; each phase has one :class:`~dealer_station.procedure.Step`."""

    BETTING = "betting"  # (c)(1)-(7)
    DEALING = "dealing"  # (d)(1) or (d)(2)
    BET_ONE = "bet_one"  # (e)(2)
    FIRST_COMMUNITY_CARD = "first_community_card"  # (e)(3)
    BET_TWO = "bet_two"  # (e)(4)
    SECOND_COMMUNITY_CARD = "second_community_card"  # (e)(5)
    SHOWDOWN = "showdown"  # (e)(6)
    COLLECT_LOSING_WAGERS = "collect_losing_wagers"  # (e)(7)
    PAY_WINNING_WAGERS = "pay_winning_wagers"  # (e)(8)
    COLLECT_CARDS = "collect_cards"  # (e)(8)(ii), (e)(9)
    HALTED = "halted"  # a dealer error: a supervisor decides
    RETURN_WAGERS = "return_wagers"  # a voided round: each wager returned, then the cards
    COMPLETE = "complete"


@dataclass(frozen=True, slots=True)
class Delivery:
    """One card of a manual deal: to a betting position (its ``slot``-th card, 0-2) or to the
    community area (``slot`` indexes :data:`COMMUNITY_SLOTS`)."""

    target: int | str
    slot: int


def clockwise(positions: Iterable[int]) -> tuple[int, ...]:
    """From the player farthest to the dealer's left, clockwise (5324.34(d), (e)(2), (e)(4))."""
    return tuple(sorted(positions))


def counter_clockwise(positions: Iterable[int]) -> tuple[int, ...]:
    """From the player farthest to the dealer's right, counter-clockwise (5324.34(e)(6), (e)(8))."""
    return tuple(sorted(positions, reverse=True))


def manual_dealing_order(positions: Iterable[int]) -> tuple[Delivery, ...]:
    """5324.34(d)(1): one card at a time to each position with three wagers from the dealer's far
    left clockwise, then one to the community area; three times."""
    order = clockwise(positions)
    return tuple(
        delivery
        for slot in range(3)
        for delivery in (*(Delivery(p, slot) for p in order), Delivery(COMMUNITY, slot))
    )


def shoe_dealing_order(positions: Iterable[int]) -> tuple[int | str, ...]:
    """5324.34(d)(2): the automated shoe's stacks of three, the first to the position farthest
    to the dealer's left with three wagers, clockwise, then the community stack."""
    return (*clockwise(positions), COMMUNITY)
