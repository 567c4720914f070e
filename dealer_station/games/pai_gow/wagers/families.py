"""The optional Pai Gow Poker wagers, their families and which families may share a table.

* progressive payout wager (5324.41(k)), $1 or $5: may join any other family ((k)(1));
* fortune pai gow poker bonus wager with its envy bonus (5324.41(l), (m)): not with the three-card
  / seven-card bonus wagers nor the imperial bonus ((l)(1));
* pai gow insurance wager ((l), (m)(3)): not with the imperial bonus ((p)(1));
* three-card bonus and seven-card bonus wagers ((n), (o)): not with the fortune bonus nor the
  imperial bonus ((n)(1));
* imperial pai gow bonus wager ((p)): not with insurance, fortune/envy, three-card/seven-card
  ((p)(1)).

The regulation bars the insurance wager only from imperial tables: (l)(1) and (n)(1) name the
fortune ("optional") bonus wager, not insurance, so insurance may share a table with the
three-card / seven-card pair (docs/rules-interpretation.md).

>>> check_coexistence({BonusWager.FORTUNE_BONUS, BonusWager.INSURANCE, BonusWager.PROGRESSIVE})
>>> check_coexistence({BonusWager.FORTUNE_BONUS, BonusWager.SEVEN_CARD_BONUS})
Traceback (most recent call last):
...
dealer_station.games.pai_gow.wagers.families.CoexistenceError: the fortune bonus ...
... with the seven-card bonus [5324.41(l)(1)]
"""

from __future__ import annotations

from collections.abc import Iterable
from enum import StrEnum

from dealer_station.procedure import ProcedureError

__all__ = ["ENVY_BONUS", "BonusWager", "CoexistenceError", "check_coexistence"]


class BonusWager(StrEnum):
    """The optional betting areas of a Pai Gow Poker position, by their name in the regulation."""

    PROGRESSIVE = "progressive"
    FORTUNE_BONUS = "fortune_bonus"
    INSURANCE = "insurance"
    THREE_CARD_BONUS = "three_card_bonus"
    SEVEN_CARD_BONUS = "seven_card_bonus"
    IMPERIAL_BONUS = "imperial_bonus"

    @property
    def words(self) -> str:
        """The wager in plain words (``"seven-card bonus"``)."""
        return _WORDS[self]


#: The envy bonus is a payment on a fortune bonus wager of $5 or more, marked by the envy bonus
#: marker (5324.41(l)(3)); it is no wager of its own, but a payment line names it.
ENVY_BONUS = "envy_bonus"

_WORDS: dict[BonusWager, str] = {
    BonusWager.PROGRESSIVE: "progressive payout wager",
    BonusWager.FORTUNE_BONUS: "fortune bonus",
    BonusWager.INSURANCE: "insurance",
    BonusWager.THREE_CARD_BONUS: "three-card bonus",
    BonusWager.SEVEN_CARD_BONUS: "seven-card bonus",
    BonusWager.IMPERIAL_BONUS: "imperial bonus",
}


class CoexistenceError(ProcedureError, ValueError):
    """Two wagers the regulation forbids on one table, with the clause that forbids it."""


# (offered, may not be offered with, clause): the rules in the order the regulation states them.
_EXCLUSIONS: tuple[tuple[BonusWager, BonusWager, str], ...] = (
    (BonusWager.FORTUNE_BONUS, BonusWager.THREE_CARD_BONUS, "5324.41(l)(1)"),
    (BonusWager.FORTUNE_BONUS, BonusWager.IMPERIAL_BONUS, "5324.41(l)(1)"),
    (BonusWager.FORTUNE_BONUS, BonusWager.SEVEN_CARD_BONUS, "5324.41(l)(1)"),
    (BonusWager.THREE_CARD_BONUS, BonusWager.IMPERIAL_BONUS, "5324.41(n)(1)"),
    (BonusWager.SEVEN_CARD_BONUS, BonusWager.IMPERIAL_BONUS, "5324.41(n)(1)"),
    (BonusWager.IMPERIAL_BONUS, BonusWager.INSURANCE, "5324.41(p)(1)"),
)


def check_coexistence(offered: Iterable[BonusWager]) -> None:
    """Raise :class:`CoexistenceError` (with the clause) when ``offered`` holds two wagers the
    regulation forbids at one table. The progressive may join any of them (5324.41(k)(1)).

    >>> check_coexistence({BonusWager.THREE_CARD_BONUS, BonusWager.SEVEN_CARD_BONUS,
    ...                    BonusWager.INSURANCE, BonusWager.PROGRESSIVE})
    >>> check_coexistence({BonusWager.IMPERIAL_BONUS, BonusWager.INSURANCE})
    Traceback (most recent call last):
    ...
    dealer_station.games.pai_gow.wagers.families.CoexistenceError: the imperial bonus ...
    ... with the insurance [5324.41(p)(1)]
    """
    wagers = set(offered)
    for first, second, clause in _EXCLUSIONS:
        if first in wagers and second in wagers:
            raise CoexistenceError(
                f"the {first.words} may not be offered on a table"
                f" with the {second.words}",
                clause,
            )
