"""The regulated pay tables of the Pai Gow Poker bonus wagers and the progressive, as data.

The regulation's figures are the *minimums* (5324.41(k)(4), (m)(1)-(3), (o)(1)-(2), (p)(4)-(5)):
they live in ``resources/pai_gow_bonus_paytables.toml``. A gaming facility pre-selects one table
letter per wager and may pay more on any row, never less (:func:`pay_table` refuses a figure below
the regulation's).

A figure is one of three kinds:

* :class:`Odds`: ``N:1`` payout odds, the amount won per amount wagered (the wager is returned);
* :class:`Fixed`: a fixed amount (envy bonus, the progressive's dollar rows);
* :class:`MeterShare`: a share of the progressive meter, in basis points (``10%`` = 1000).

>>> table = pay_table("fortune_bonus", "A")
>>> table.figure("four_of_a_kind")
Odds(won=25, per=1)
>>> table.figure("four_of_a_kind").pays(500)
12500
>>> pay_table("envy_bonus", "C").figure("royal_flush")
Fixed(cents=2500)
>>> pay_table("progressive").figure("five_aces_and_pair")
MeterShare(basis_points=10000)
>>> pay_table("fortune_bonus", "A", {"straight": "1:1"})
Traceback (most recent call last):
...
dealer_station.games.pai_gow.wagers.paytables.PayTableError: fortune_bonus table A ...
... at 1:1, below the regulation's 2:1 [5324.41(m)(1)]
"""

from __future__ import annotations

import tomllib
from collections.abc import Mapping
from dataclasses import dataclass
from functools import cache
from typing import Any

from dealer_station.money import Cents, parse_amount
from dealer_station.procedure import ProcedureError
from dealer_station.resources_path import resource_path

__all__ = [
    "NO_LETTER",
    "Figure",
    "Fixed",
    "MeterShare",
    "Odds",
    "PayTable",
    "PayTableError",
    "letters",
    "parse_figure",
    "pay_table",
    "regulation_tables",
]

#: The letter of a wager whose regulation gives one table only.
NO_LETTER = "-"
_RESOURCE = "pai_gow_bonus_paytables.toml"


class PayTableError(ProcedureError, ValueError):
    """A pay table the regulation does not allow (unknown letter or row, a figure below the
    minimum), with the clause."""


@dataclass(frozen=True, slots=True)
class Odds:
    """Payout odds ``won:per``: a winning wager of ``stake`` wins ``stake * won // per``."""

    won: int
    per: int = 1

    def pays(self, stake: Cents) -> Cents:
        """The amount won on ``stake`` cents, rounded down to the cent."""
        return stake * self.won // self.per

    def at_least(self, other: Figure) -> bool:
        return isinstance(other, Odds) and self.won * other.per >= other.won * self.per

    def __str__(self) -> str:
        return f"{self.won}:{self.per}"


@dataclass(frozen=True, slots=True)
class Fixed:
    """A fixed amount in cents, whatever the wager (envy bonus, progressive dollar rows)."""

    cents: Cents

    def at_least(self, other: Figure) -> bool:
        return isinstance(other, Fixed) and self.cents >= other.cents

    def __str__(self) -> str:
        whole, part = divmod(self.cents, 100)
        return f"${whole}" if not part else f"${whole}.{part:02d}"


@dataclass(frozen=True, slots=True)
class MeterShare:
    """A share of the progressive meter in basis points (10000 = 100% of the meter)."""

    basis_points: int

    def of(self, meter: Cents) -> Cents:
        """The share of ``meter`` cents, rounded up to the cent so it is never below the share.

        >>> MeterShare(1000).of(123_45)
        1235
        """
        return -(-meter * self.basis_points // 10_000)

    def at_least(self, other: Figure) -> bool:
        return isinstance(other, MeterShare) and self.basis_points >= other.basis_points

    def __str__(self) -> str:
        whole, part = divmod(self.basis_points, 100)
        return f"{whole}%" if not part else f"{whole}.{part:02d}%"


Figure = Odds | Fixed | MeterShare


def parse_figure(text: str) -> Figure:
    """Parse ``"25:1"``, ``"$5"`` or ``"10%"``.

    >>> parse_figure("2:1"), parse_figure("$250"), parse_figure("12.5%")
    (Odds(won=2, per=1), Fixed(cents=25000), MeterShare(basis_points=1250))
    """
    raw = text.strip()
    try:
        if raw.startswith("$"):
            return Fixed(parse_amount(raw))
        if raw.endswith("%"):
            bp = parse_amount(raw[:-1])  # hundredths of a percent are basis points
            return MeterShare(bp)
        won, _, per = raw.partition(":")
        odds = Odds(int(won), int(per))
    except ValueError:
        raise ValueError(f"not a pay table figure: {text!r} (expected N:1, $N or N%)") from None
    if odds.per <= 0 or odds.won < 0:
        raise ValueError(f"not a pay table figure: {text!r}")
    return odds


@dataclass(frozen=True, slots=True)
class PayTable:
    """One wager's pay table: ``rows`` map the hand (in the regulation's words, snake_case) to its
    figure, lowest hand first, as the regulation lists them."""

    wager: str
    letter: str
    rows: tuple[tuple[str, Figure], ...]
    clause: str

    @property
    def hands(self) -> tuple[str, ...]:
        return tuple(hand for hand, _ in self.rows)

    def figure(self, hand: str) -> Figure:
        """The figure paid for ``hand``; KeyError names the table when the hand is not on it."""
        for name, figure in self.rows:
            if name == hand:
                return figure
        raise KeyError(f"{hand!r} is not on the {self.wager} pay table {self.letter}")

    def odds(self, hand: str) -> Odds:
        """The payout odds of ``hand`` (TypeError on a table of fixed amounts or shares)."""
        figure = self.figure(hand)
        if not isinstance(figure, Odds):
            raise TypeError(f"the {self.wager} table pays {hand} at {figure}, not at odds")
        return figure

    def fixed(self, hand: str) -> Fixed:
        """The fixed amount of ``hand`` (TypeError on a table of odds or shares)."""
        figure = self.figure(hand)
        if not isinstance(figure, Fixed):
            raise TypeError(f"the {self.wager} table pays {hand} at {figure}, not a fixed sum")
        return figure

    def pays_on(self, hand: str | None) -> bool:
        return hand is not None and hand in self.hands

    def as_dict(self) -> dict[str, str]:
        """Rows as ``{"straight": "2:1", ...}`` for display and documents."""
        return {hand: str(figure) for hand, figure in self.rows}


@cache
def regulation_tables() -> Mapping[str, Mapping[str, Any]]:
    """The regulation's tables as loaded from the resource file (wager -> clause, tables)."""
    with resource_path(_RESOURCE).open("rb") as handle:
        return tomllib.load(handle)


def letters(wager: str) -> tuple[str, ...]:
    """The table letters the regulation offers for ``wager``.

    >>> letters("insurance")
    ('A', 'B', 'C', 'D', 'E')
    >>> letters("three_card_bonus")
    ('-',)
    """
    return tuple(_wager_data(wager)["tables"])


def _wager_data(wager: str) -> Mapping[str, Any]:
    data = regulation_tables().get(wager)
    if data is None:
        raise PayTableError(f"no pay table for the wager {wager!r}")
    return data


def pay_table(
    wager: str, letter: str = NO_LETTER, overrides: Mapping[str, str] | None = None
) -> PayTable:
    """The pay table of ``wager`` with the pre-selected ``letter``, raised by ``overrides``
    (``{"hand": "figure"}``); a figure below the regulation's, of another kind, or a hand not on
    the table is refused with the clause."""
    data = _wager_data(wager)
    clause = str(data["clause"])
    tables: Mapping[str, Mapping[str, str]] = data["tables"]
    if letter not in tables:
        offered = ", ".join(tables)
        raise PayTableError(
            f"{wager} has no pay table {letter!r} (the regulation offers {offered})", clause
        )
    minimum = {hand: parse_figure(text) for hand, text in tables[letter].items()}
    chosen = dict(minimum)
    for hand, text in (overrides or {}).items():
        if hand not in minimum:
            raise PayTableError(f"{hand!r} is not a hand of the {wager} pay table", clause)
        figure = parse_figure(text)
        if not figure.at_least(minimum[hand]):
            raise PayTableError(
                f"{wager} table {letter} pays {hand} at {figure}, below the regulation's "
                f"{minimum[hand]}",
                clause,
            )
        chosen[hand] = figure
    return PayTable(wager, letter, tuple(chosen.items()), clause)


