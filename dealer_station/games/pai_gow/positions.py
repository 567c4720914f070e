"""The positions of a Pai Gow Poker table and the two directions around it.

Six numbered betting positions face the dealer (5324.41(a)(2)(i)). Seen from the dealer, position
1 is the farthest to the dealer's **left** and position 6 the farthest to the dealer's **right**.
Dealing goes *clockwise*: from the dealer's left to the dealer's right, 1, 2, ..., 6, then the
dealer (5324.41(f)(1)(iii): "moving clockwise around the table"; (f)(2)(i): "moving from left to
right"). Exposure, payment, the cut and the bank offer go *counter-clockwise* from the dealer's far
right: 6, 5, ..., 1 (5324.41(g)(4), (g)(7), (e)(2)(ii), (h)(3)).

The dealer's place counts as a seventh position when positions are counted for the starting
position and when stacks are delivered: :data:`DEALER` (7).

>>> clockwise_from(5)
(5, 6, 7, 1, 2, 3, 4)
>>> counter_clockwise_from(DEALER)
(7, 6, 5, 4, 3, 2, 1)
>>> far_right_first([2, 6, 4])
(6, 4, 2)
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import Final

__all__ = [
    "DEALER",
    "PLAYER_POSITIONS",
    "RING",
    "clockwise_from",
    "counter_clockwise_from",
    "far_right_first",
    "position_name",
]

#: The dealer's place in the ring of seven positions.
DEALER: Final = 7
#: The six numbered betting positions (5324.41(a)(2)(i)).
PLAYER_POSITIONS: Final = (1, 2, 3, 4, 5, 6)
#: The seven positions in clockwise order starting at position 1.
RING: Final = (1, 2, 3, 4, 5, 6, DEALER)


def clockwise_from(position: int) -> tuple[int, ...]:
    """The seven positions in clockwise order, starting at ``position``."""
    i = RING.index(position)
    return RING[i:] + RING[:i]


def counter_clockwise_from(position: int) -> tuple[int, ...]:
    """The seven positions in counter-clockwise order, starting at ``position``."""
    reverse = tuple(reversed(RING))
    j = reverse.index(position)
    return reverse[j:] + reverse[:j]


def far_right_first(positions: Iterable[int]) -> tuple[int, ...]:
    """Player positions from the dealer's far right, counter-clockwise (5324.41(g)(4), (g)(7))."""
    return tuple(sorted((p for p in positions if p != DEALER), reverse=True))


def position_name(position: int) -> str:
    """``"position 3"`` or ``"dealer"``.

    >>> position_name(3), position_name(DEALER)
    ('position 3', 'dealer')
    """
    return "dealer" if position == DEALER else f"position {position}"
