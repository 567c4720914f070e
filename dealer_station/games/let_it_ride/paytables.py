"""The regulation's pay tables as data: the minimums a Let It Ride table may never go below.

* (f)(1): the base wagers (bet one, two, three), odds "X to 1" by five-card hand;
* (f)(3): the let it ride bonus wager, fixed monetary amounts by five-card hand;
* (f)(4): the three-card bonus wager, odds by three-card hand, tables A-F (the casino picks one).

Hand names are the regulation's, as the rankings' snake_case category values (``two_pair``,
``mini_royal``). In tables A-C the regulation prints "n/a" for the mini royal: it is then paid as
the straight flush it also is (see ``docs/rules-interpretation.md``).

>>> BASE_MINIMUM["royal_flush"], BASE_MINIMUM["pair"]
(Odds(1000, 1), Odds(1, 1))
>>> BONUS_MINIMUM["three_of_a_kind"]
500
>>> three_card_minimum("C")["flush"], three_card_minimum("C")["mini_royal"]
(Odds(3, 1), Odds(40, 1))
>>> Odds.parse("5:2").pay(1000), Odds.parse(8).pay(1000)
(2500, 8000)
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from types import MappingProxyType

from dealer_station.money import Cents, dollars

__all__ = [
    "BASE_HANDS",
    "BASE_MINIMUM",
    "BONUS_HANDS",
    "BONUS_MINIMUM",
    "THREE_CARD_HANDS",
    "THREE_CARD_MINIMUM",
    "THREE_CARD_TABLES",
    "Odds",
    "three_card_minimum",
]


@dataclass(frozen=True, slots=True, order=False)
class Odds:
    """Payout odds ``to_win : to_stake`` ("8:1" pays 8 for every 1 staked, the stake returned).

    Winnings are rounded down to the cent (exact for whole "X to 1" odds).
    """

    to_win: int
    to_stake: int = 1

    def __post_init__(self) -> None:
        if self.to_win < 0 or self.to_stake <= 0:
            raise ValueError(f"odds {self.to_win}:{self.to_stake} are not payout odds")

    @classmethod
    def parse(cls, value: object) -> Odds:
        """``8`` or ``"8"`` (8 to 1), ``"5:2"``, or an :class:`Odds`.

        >>> Odds.parse("11:1"), Odds.parse(50)
        (Odds(11, 1), Odds(50, 1))
        """
        if isinstance(value, Odds):
            return value
        if isinstance(value, bool):
            raise ValueError(f"not payout odds: {value!r}")
        if isinstance(value, int):
            return cls(value, 1)
        if isinstance(value, str):
            win, _, stake = value.replace(" to ", ":").partition(":")
            try:
                return cls(int(win), int(stake) if stake else 1)
            except ValueError:
                pass
        raise ValueError(f"not payout odds: {value!r} (write 8 or \"8:1\")")

    def pay(self, stake: Cents) -> Cents:
        """The winnings on ``stake`` cents (the stake itself is returned besides)."""
        return stake * self.to_win // self.to_stake

    def at_least(self, other: Odds) -> bool:
        """True when these odds pay no less than ``other``.

        >>> Odds(3, 1).at_least(Odds(5, 2)), Odds(2, 1).at_least(Odds(5, 2))
        (True, False)
        """
        return self.to_win * other.to_stake >= other.to_win * self.to_stake

    @property
    def text(self) -> str:
        return f"{self.to_win}:{self.to_stake}"

    def __repr__(self) -> str:
        return f"Odds({self.to_win}, {self.to_stake})"


#: Five-card hands paid on the base wagers, highest first (5324.34(f)(1)); ``pair`` is a pair of
#: tens or better only (a lower hand loses, (e)(7)).
BASE_HANDS: tuple[str, ...] = (
    "royal_flush",
    "straight_flush",
    "four_of_a_kind",
    "full_house",
    "flush",
    "straight",
    "three_of_a_kind",
    "two_pair",
    "pair",
)

#: 5324.34(f)(1): the least odds a casino may pay on each winning base wager.
BASE_MINIMUM: Mapping[str, Odds] = MappingProxyType(
    {
        "royal_flush": Odds(1000),
        "straight_flush": Odds(200),
        "four_of_a_kind": Odds(50),
        "full_house": Odds(11),
        "flush": Odds(8),
        "straight": Odds(5),
        "three_of_a_kind": Odds(3),
        "two_pair": Odds(2),
        "pair": Odds(1),
    }
)

#: Five-card hands that win the let it ride bonus wager: three of a kind or better ((c)(6)(i)).
BONUS_HANDS: tuple[str, ...] = BASE_HANDS[:7]

#: 5324.34(f)(3): the least amount (cents) paid on a winning $1 let it ride bonus wager.
BONUS_MINIMUM: Mapping[str, Cents] = MappingProxyType(
    {
        "royal_flush": dollars(25_000),
        "straight_flush": dollars(2_500),
        "four_of_a_kind": dollars(400),
        "full_house": dollars(200),
        "flush": dollars(50),
        "straight": dollars(25),
        "three_of_a_kind": dollars(5),
    }
)

#: Three-card hands that win the three-card bonus wager, highest first (5324.34(b)(3)).
THREE_CARD_HANDS: tuple[str, ...] = (
    "mini_royal",
    "straight_flush",
    "three_of_a_kind",
    "straight",
    "flush",
    "pair",
)

THREE_CARD_TABLES: tuple[str, ...] = ("A", "B", "C", "D", "E", "F")

_PAIR, _FLUSH, _STRAIGHT, _TRIPS, _SF, _MINI = range(6)
_TABLE_ROWS: dict[str, tuple[int | None, ...]] = {
    # pair, flush, straight, three of a kind, straight flush, mini royal  (5324.34(f)(4))
    "A": (1, 4, 6, 30, 40, None),
    "B": (1, 4, 5, 30, 40, None),
    "C": (1, 3, 6, 30, 40, None),
    "D": (1, 4, 6, 30, 40, 50),
    "E": (1, 4, 5, 30, 40, 50),
    "F": (1, 3, 6, 30, 40, 50),
}


def _three_card_table(letter: str) -> Mapping[str, Odds]:
    row = [0 if odds is None else odds for odds in _TABLE_ROWS[letter]]
    mini = _TABLE_ROWS[letter][_MINI]
    return MappingProxyType(
        {
            # "n/a" in tables A-C: the mini royal is then paid as the straight flush it is.
            "mini_royal": Odds(mini if mini is not None else row[_SF]),
            "straight_flush": Odds(row[_SF]),
            "three_of_a_kind": Odds(row[_TRIPS]),
            "straight": Odds(row[_STRAIGHT]),
            "flush": Odds(row[_FLUSH]),
            "pair": Odds(row[_PAIR]),
        }
    )


#: 5324.34(f)(4): the least odds of each pre-selectable three-card bonus pay table.
THREE_CARD_MINIMUM: Mapping[str, Mapping[str, Odds]] = MappingProxyType(
    {letter: _three_card_table(letter) for letter in THREE_CARD_TABLES}
)


def three_card_minimum(letter: str) -> Mapping[str, Odds]:
    """The regulation's three-card bonus pay table ``letter`` (A-F), the least a casino may pay.

    >>> three_card_minimum("e")["straight"]
    Odds(5, 1)
    """
    try:
        return THREE_CARD_MINIMUM[letter.upper()]
    except KeyError:
        raise ValueError(f"three-card bonus pay table {letter!r} is not one of A-F") from None
