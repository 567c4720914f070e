"""The base of every hand-category enum: members are declared weakest first, their ``value`` is the
regulation's name in snake case and ``strength`` (0 = weakest) orders them.

>>> from dealer_station.rankings.five_card import FiveCardCategory
>>> FiveCardCategory.FLUSH.strength > FiveCardCategory.STRAIGHT.strength
True
>>> FiveCardCategory.PAIR < FiveCardCategory.TWO_PAIR
True
"""

from __future__ import annotations

from enum import Enum
from functools import cache
from typing import Any

__all__ = ["RankedCategory"]


@cache
def _strengths(cls: type[Enum]) -> dict[Any, int]:
    return {member: position for position, member in enumerate(cls)}


class RankedCategory(Enum):
    """A hand category; members declared weakest first."""

    @property
    def strength(self) -> int:
        """Position in the ranking, 0 for the weakest category."""
        return _strengths(type(self))[self]

    @property
    def label(self) -> str:
        """The name in words, e.g. ``three of a kind``."""
        return str(self.value).replace("_", " ")

    def _check(self, other: object) -> RankedCategory:
        if type(other) is not type(self):
            raise TypeError(f"cannot compare {type(self).__name__} with {type(other).__name__}")
        assert isinstance(other, RankedCategory)
        return other

    def __lt__(self, other: object) -> bool:
        return self.strength < self._check(other).strength

    def __le__(self, other: object) -> bool:
        return self.strength <= self._check(other).strength

    def __gt__(self, other: object) -> bool:
        return self.strength > self._check(other).strength

    def __ge__(self, other: object) -> bool:
        return self.strength >= self._check(other).strength
