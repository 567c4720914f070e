"""Where things sit on the felt, in unit coordinates (0-1 across, 0-1 down) of the table view.

The table is drawn as the dealer sees it: the chip tray nearest (bottom centre), the betting
positions on an arc, position 1 on the dealer's left (the left of the screen) and the highest
position on the dealer's right.

>>> centres = seat_centres(7)
>>> centres[0][0] < centres[3][0] < centres[6][0]   # 1 on the dealer's left, 7 on the right
True
>>> round(centres[3][0], 3)                          # 4 at the top of the arc
0.5
"""

from __future__ import annotations

import math
from dataclasses import dataclass

__all__ = ["FeltLayout", "felt_layout", "seat_centres"]

#: The arc the positions sit on: its centre and radii in unit coordinates.
ARC_CENTRE = (0.5, 0.90)
ARC_RADII = (0.42, 0.66)
ARC_FROM, ARC_TO = 168.0, 12.0


def seat_centres(count: int) -> list[tuple[float, float]]:
    """Centres of ``count`` betting positions on the arc, position 1 first (dealer's left)."""
    if count < 1:
        return []
    cx, cy = ARC_CENTRE
    rx, ry = ARC_RADII
    span = ARC_TO - ARC_FROM
    result = []
    for i in range(count):
        angle = math.radians(ARC_FROM + span * (i / (count - 1) if count > 1 else 0.5))
        result.append((cx + rx * math.cos(angle), cy - ry * math.sin(angle)))
    return result


@dataclass(frozen=True, slots=True)
class FeltLayout:
    """Unit-coordinate centres of the seats, the centre cards (community or dealer's hand) and
    the chip tray, with the seat box size."""

    seats: tuple[tuple[float, float], ...]
    centre: tuple[float, float]
    tray: tuple[float, float]
    seat_size: tuple[float, float]


def felt_layout(positions: int, *, dealer_hand: bool) -> FeltLayout:
    """The layout for a table of ``positions`` betting positions; with ``dealer_hand`` (Pai Gow)
    the centre holds the dealer's seven cards instead of two community cards.

    >>> felt_layout(6, dealer_hand=True).centre[1] > felt_layout(7, dealer_hand=False).centre[1]
    True
    """
    return FeltLayout(
        seats=tuple(seat_centres(positions)),
        centre=(0.5, 0.70 if dealer_hand else 0.64),
        tray=(0.5, 0.945),
        seat_size=(0.19, 0.27) if positions <= 6 else (0.148, 0.25),
    )
