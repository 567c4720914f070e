"""What the settlement of the optional wagers needs to know about one betting position.

>>> from dealer_station.cards import parse_cards
>>> seat = Seat(3, parse_cards("As Ks Qs Js Ts 9h 9d"), {"fortune_bonus": 500})
>>> seat.wager(BonusWager.FORTUNE_BONUS), seat.wager(BonusWager.INSURANCE), seat.has_envy_marker
(500, 0, True)
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from dataclasses import dataclass, field, replace

from dealer_station.cards import Card, format_cards
from dealer_station.money import Cents, dollars
from dealer_station.procedure import Payment

from .families import BonusWager

__all__ = ["ENVY_MINIMUM", "Seat", "draft", "far_right_first", "number"]

#: A fortune bonus wager of at least $5 earns the envy bonus marker (5324.41(l)(3)).
ENVY_MINIMUM = dollars(5)


@dataclass(frozen=True)
class Seat:
    """A betting position at settlement: its number (1 farthest to the dealer's left ... 6
    farthest to the right), its seven cards and its optional wagers (by
    :class:`~.families.BonusWager` value, in cents). Every seat has a pai gow poker wager."""

    position: int
    cards: tuple[Card, ...]
    wagers: Mapping[str, Cents] = field(default_factory=dict)

    def wager(self, wager: BonusWager) -> Cents:
        return int(self.wagers.get(wager.value, 0))

    @property
    def has_envy_marker(self) -> bool:
        return self.wager(BonusWager.FORTUNE_BONUS) >= ENVY_MINIMUM

    @property
    def text(self) -> str:
        return format_cards(self.cards)


def far_right_first(seats: Iterable[Seat]) -> list[Seat]:
    """Seats from the dealer's right, counter-clockwise: 6, 5, ..., 1 (5324.41(g)(7), (l)(4))."""
    return sorted(seats, key=lambda s: -s.position)


def draft(
    seat: Seat | int | str,
    wager: str,
    outcome: str,
    stake: Cents,
    amount: Cents = 0,
    *,
    hand: str | None = None,
    clause: str | None = None,
    note: str = "",
) -> Payment:
    """A payment line not yet numbered (order 0); :func:`number` numbers a settlement."""
    position = seat.position if isinstance(seat, Seat) else seat
    return Payment(0, position, wager, outcome, stake, amount, 0, hand, clause, note)


def number(lines: Iterable[Payment], start: int = 1) -> list[Payment]:
    """Number the lines in the order given."""
    return [replace(line, order=i) for i, line in enumerate(lines, start)]
