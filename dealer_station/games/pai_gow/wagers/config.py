"""The configuration of a table's optional Pai Gow Poker wagers, validated with the clauses.

A :class:`BonusConfig` names the wagers offered (:mod:`.families` checks which may coexist), the
pre-selected pay table letters and any higher figures (:mod:`.paytables`), the progressive's
denomination, reset amount and rate of progression (5324.41(k)(1), (k)(5)), the payout limits
((m)(4), (o)(3), (p)(6)) and the facility's choices the regulation leaves open. Every refusal is a
:class:`BonusConfigError` carrying the clause.

>>> config = BonusConfig(offered=frozenset({BonusWager.FORTUNE_BONUS, BonusWager.PROGRESSIVE}),
...                      fortune_letter="B")
>>> config.table("envy_bonus").letter
'B'
>>> BonusConfig(offered=frozenset({BonusWager.PROGRESSIVE}), progressive_rate_basis_points=2000)
Traceback (most recent call last):
...
dealer_station.games.pai_gow.wagers.config.BonusConfigError: the rate ... 21% ...[5324.41(k)(5)]
"""

from __future__ import annotations

import tomllib
from collections.abc import Mapping
from dataclasses import dataclass, field
from enum import StrEnum
from pathlib import Path
from typing import Any

from dealer_station.money import Cents, dollars, format_cents
from dealer_station.procedure import ProcedureError
from dealer_station.rankings.seven_card import RoyalMatch
from dealer_station.resources_path import resource_path

from .families import BonusWager, check_coexistence
from .meter_rules import MINIMUM_RATE_BASIS_POINTS, deducted_from_meter
from .paytables import NO_LETTER, Fixed, Odds, PayTable, pay_table

__all__ = [
    "MINIMUM_RATE_BASIS_POINTS",
    "BonusConfig",
    "BonusConfigError",
    "Completion",
    "RoyalMatch",
    "load_bonus_config",
]

#: The least payout limit per player and round of each limited family.
_LIMIT_FLOORS: Mapping[str, tuple[Cents, str]] = {
    "fortune_insurance": (dollars(40_000), "5324.41(m)(4)"),
    "seven_card": (dollars(50_000), "5324.41(o)(3)"),
    "imperial": (dollars(40_000), "5324.41(p)(6)"),
}
#: The clause that sets the bounds of each wager.
_WAGER_CLAUSES: Mapping[BonusWager, str] = {
    BonusWager.FORTUNE_BONUS: "5324.41(l)(2)",
    BonusWager.INSURANCE: "5324.41(l)(2)",
    BonusWager.THREE_CARD_BONUS: "5324.41(n)(1)",
    BonusWager.SEVEN_CARD_BONUS: "5324.41(n)(1)",
    BonusWager.IMPERIAL_BONUS: "5324.41(p)(2)",
    BonusWager.PROGRESSIVE: "5324.41(k)(1)",
}
#: The greatest number of other premium hands at a six-player table (the five other players and,
#: where the facility counts it, the dealer).
_OTHER_HANDS = 6


class BonusConfigError(ProcedureError, ValueError):
    """A configuration of the optional wagers the regulation does not allow, with the clause."""


class Completion(StrEnum):
    """How the four cards after the three-card bonus are dealt (5324.41(n)(7))."""

    STUB_BY_HAND = "stub_by_hand"  # (n)(7)(i)
    SHOE_STACKS_OF_FOUR = "shoe_stacks_of_four"  # (n)(7)(ii)


@dataclass(frozen=True)
class BonusConfig:
    """The optional wagers of one Pai Gow Poker table. Amounts in cents.

    ``offered``: the wagers offered; ``*_letter``: the pre-selected tables (the envy table is
    always the fortune table's letter, 5324.41(m)(2)); ``overrides``: higher figures per wager
    (``{"insurance": {"nine_high": "500:1"}}``); ``minimum_wagers`` / ``maximum_wagers`` per wager;
    ``*_limit``: the payout limit per player and round, ``None`` for none;
    ``envy_counts_dealer_hand``: whether a premium hand of the dealer earns envy bonuses (default
    no, see the rules interpretation); ``three_seven_completion`` and ``shuffler_counts_cards``:
    (n)(7), (n)(8).
    """

    offered: frozenset[BonusWager] = frozenset()
    fortune_letter: str = "A"
    envy_letter: str | None = None
    insurance_letter: str = "A"
    seven_card_letter: str = "A"
    royal_match: RoyalMatch = RoyalMatch.KING_QUEEN
    overrides: Mapping[str, Mapping[str, str]] = field(default_factory=dict)
    minimum_wagers: Mapping[BonusWager, Cents] = field(default_factory=dict)
    maximum_wagers: Mapping[BonusWager, Cents] = field(default_factory=dict)
    fortune_insurance_limit: Cents | None = None
    seven_card_limit: Cents | None = None
    imperial_limit: Cents | None = None
    envy_counts_dealer_hand: bool = False
    progressive_denomination: Cents = 100
    progressive_reset: Cents = 1_000_000
    progressive_rate_basis_points: int = 2100
    three_seven_completion: Completion = Completion.SHOE_STACKS_OF_FOUR
    shuffler_counts_cards: bool = False
    tables: Mapping[str, PayTable] = field(init=False, repr=False, compare=False)

    def __post_init__(self) -> None:
        offered = frozenset(BonusWager(w) for w in self.offered)
        object.__setattr__(self, "offered", offered)
        check_coexistence(offered)
        if self.envy_letter is not None and self.envy_letter != self.fortune_letter:
            raise BonusConfigError(
                f"the envy table {self.envy_letter} must carry the fortune table's letter "
                f"{self.fortune_letter}",
                "5324.41(m)(2)",
            )
        object.__setattr__(self, "tables", self._build_tables())
        self._check_wager_bounds()
        if BonusWager.PROGRESSIVE in offered:
            self._check_progressive()
        self._check_limits()

    # -- pay tables -----------------------------------------------------------------------------

    def _letters(self) -> dict[str, str]:
        return {
            "fortune_bonus": self.fortune_letter,
            "envy_bonus": self.fortune_letter,
            "insurance": self.insurance_letter,
            "three_card_bonus": NO_LETTER,
            "seven_card_bonus": self.seven_card_letter,
            "player_hand_bonus": NO_LETTER,
            "banker_hand_bonus": NO_LETTER,
            "progressive": NO_LETTER,
        }

    def _build_tables(self) -> dict[str, PayTable]:
        letters = self._letters()
        unknown = set(self.overrides) - set(letters)
        if unknown:
            raise BonusConfigError(f"no pay table to override for {sorted(unknown)}")
        return {
            wager: pay_table(wager, letter, self.overrides.get(wager))
            for wager, letter in letters.items()
        }

    def table(self, name: str) -> PayTable:
        """The chosen pay table of ``name`` (a wager, or ``envy_bonus``, ``player_hand_bonus``,
        ``banker_hand_bonus``)."""
        return self.tables[name]

    def offers(self, wager: BonusWager) -> bool:
        return wager in self.offered

    # -- checks ---------------------------------------------------------------------------------

    def minimum(self, wager: BonusWager) -> Cents:
        """The least wager accepted on ``wager`` (the progressive: its denomination)."""
        if wager is BonusWager.PROGRESSIVE:
            return self.progressive_denomination
        return self.minimum_wagers.get(wager, dollars(1))

    def maximum(self, wager: BonusWager) -> Cents | None:
        """The greatest wager accepted on ``wager`` (the progressive: its denomination)."""
        if wager is BonusWager.PROGRESSIVE:
            return self.progressive_denomination
        return self.maximum_wagers.get(wager)

    def verify_wager(self, wager: str, amount: Cents) -> None:
        """Raise :class:`~dealer_station.procedure.ProcedureError` unless ``amount`` may be wagered
        on ``wager`` at this table.

        >>> config = BonusConfig(offered=frozenset({BonusWager.PROGRESSIVE}))
        >>> config.verify_wager("progressive", 500)
        Traceback (most recent call last):
        ...
        dealer_station.procedure.ProcedureError: the progressive payout wager is $1.00, not $5.00...
        """
        try:
            kind = BonusWager(wager)
        except ValueError:
            raise ProcedureError(f"{wager!r} is not an optional wager of this game",
                                 "5324.41(d)(1)") from None
        if kind not in self.offered:
            raise ProcedureError(f"the {kind.words} is not offered at this table", "5324.41(d)(1)")
        if kind is BonusWager.PROGRESSIVE:
            if amount != self.progressive_denomination:
                raise ProcedureError(
                    f"the progressive payout wager is {format_cents(self.progressive_denomination)}"
                    f", not {format_cents(amount)}", "5324.41(k)(1)")
            return
        least, most = self.minimum(kind), self.maximum(kind)
        clause = _WAGER_CLAUSES[kind]
        if amount < least:
            raise ProcedureError(
                f"the {kind.words} minimum is {format_cents(least)}", clause)
        if most is not None and amount > most:
            raise ProcedureError(
                f"the {kind.words} maximum is {format_cents(most)}", clause)

    def _check_wager_bounds(self) -> None:
        for wager in (BonusWager.FORTUNE_BONUS, BonusWager.INSURANCE):
            if self.minimum(wager) < dollars(1):
                raise BonusConfigError(
                    f"the minimum {wager.words} wager is {format_cents(self.minimum(wager))}; "
                    "a bonus wager shall be no less than $1",
                    "5324.41(l)(2)",
                )
        for wager, most in self.maximum_wagers.items():
            if most < self.minimum(BonusWager(wager)):
                raise BonusConfigError(f"the maximum {BonusWager(wager).words} wager is below "
                                       "its minimum")

    def _check_progressive(self) -> None:
        least = MINIMUM_RATE_BASIS_POINTS.get(self.progressive_denomination)
        if least is None:
            raise BonusConfigError(
                "the progressive payout wager shall be either a $1 or a $5 wager, not "
                f"{format_cents(self.progressive_denomination)}",
                "5324.41(k)(1)",
            )
        if self.progressive_rate_basis_points < least:
            rate = self.progressive_rate_basis_points
            raise BonusConfigError(
                f"the rate of progression of the {format_cents(self.progressive_denomination)[:-3]}"
                f" progressive is {rate // 100}.{rate % 100:02d}%, below the regulation's "
                f"{least // 100}% of the amount wagered",
                "5324.41(k)(5)",
            )
        if self.progressive_rate_basis_points > 10_000:
            raise BonusConfigError("the rate of progression cannot exceed 100% of the wager")
        largest = self.largest_fixed_meter_payout()
        if self.progressive_reset < largest:
            raise BonusConfigError(
                f"the progressive reset amount {format_cents(self.progressive_reset)} is below "
                f"the largest fixed payout deducted from the meter ({format_cents(largest)})",
                "5324.41(k)(5)",
            )

    def progressive_multiplier(self) -> int:
        """Fixed amounts are multiplied by five for a $5 progressive wager (5324.41(k)(4)(i))."""
        return self.progressive_denomination // dollars(1)

    def largest_fixed_meter_payout(self) -> Cents:
        """The largest fixed progressive payout that is deducted from the meter (k)(5)."""
        multiplier = self.progressive_multiplier()
        amounts = [
            figure.cents * multiplier
            for hand, figure in self.table("progressive").rows
            if isinstance(figure, Fixed)
            and deducted_from_meter(hand, figure.cents * multiplier, self.progressive_denomination)
        ]
        return max(amounts, default=0)

    def most_won_at_minimum(self, family: str) -> Cents:
        """The most one player could win in a round betting the minimum permissible wagers, for a
        limited ``family`` (``fortune_insurance``, ``seven_card``, ``imperial``): the other half of
        the least payout limit of (m)(4), (o)(3), (p)(6)."""

        def top(name: str) -> Odds:
            odds = [f for _, f in self.table(name).rows if isinstance(f, Odds)]
            return max(odds, key=lambda o: o.won / o.per)

        if family == "fortune_insurance":
            total = 0
            if self.offers(BonusWager.FORTUNE_BONUS):
                stake = self.minimum(BonusWager.FORTUNE_BONUS)
                total += top("fortune_bonus").pays(stake)
                if stake >= dollars(5):
                    envy = max(f.cents for _, f in self.table("envy_bonus").rows
                               if isinstance(f, Fixed))
                    total += envy * _OTHER_HANDS
            if self.offers(BonusWager.INSURANCE):
                total += top("insurance").pays(self.minimum(BonusWager.INSURANCE))
            return total
        if family == "seven_card":
            return top("seven_card_bonus").pays(self.minimum(BonusWager.SEVEN_CARD_BONUS))
        if family == "imperial":
            stake = self.minimum(BonusWager.IMPERIAL_BONUS)
            return top("player_hand_bonus").pays(stake) + top("banker_hand_bonus").pays(stake)
        raise KeyError(family)

    def _check_limits(self) -> None:
        for family, limit in (
            ("fortune_insurance", self.fortune_insurance_limit),
            ("seven_card", self.seven_card_limit),
            ("imperial", self.imperial_limit),
        ):
            if limit is None:
                continue
            floor, clause = _LIMIT_FLOORS[family]
            least = max(floor, self.most_won_at_minimum(family))
            if limit < least:
                raise BonusConfigError(
                    f"the payout limit {format_cents(limit)} is below {format_cents(least)}, the "
                    f"greater of {format_cents(floor)} and the most one player could win per "
                    "round betting the minimum permissible wagers",
                    clause,
                )

    # -- documents ------------------------------------------------------------------------------

    @classmethod
    def from_mapping(cls, data: Mapping[str, Any]) -> BonusConfig:
        """Build from a TOML/JSON mapping (amounts in dollars where the key ends in ``_dollars``).

        >>> BonusConfig.from_mapping({"offered": ["imperial_bonus"],
        ...                           "imperial_limit_dollars": 40000}).imperial_limit
        4000000
        """
        known = {f for f in cls.__dataclass_fields__ if f != "tables"}
        kwargs: dict[str, Any] = {}
        for key, value in data.items():
            name, money = (key[: -len("_dollars")], True) if key.endswith("_dollars") else (key,
                                                                                             False)
            if name not in known:
                raise BonusConfigError(f"unknown bonus wager setting {key!r}")
            if money:
                value = (
                    {BonusWager(k): dollars(v) for k, v in value.items()}
                    if isinstance(value, Mapping)
                    else None if value is None else dollars(int(value))
                )
            kwargs[name] = value
        if "offered" in kwargs:
            kwargs["offered"] = frozenset(BonusWager(w) for w in kwargs["offered"])
        for name, kind in (("royal_match", RoyalMatch), ("three_seven_completion", Completion)):
            if name in kwargs:
                kwargs[name] = kind(kwargs[name])
        for name in ("minimum_wagers", "maximum_wagers"):
            if name in kwargs:
                kwargs[name] = {BonusWager(k): int(v) for k, v in kwargs[name].items()}
        return cls(**kwargs)

    def settings(self) -> dict[str, Any]:
        """The settings :meth:`from_mapping` reads back (amounts in cents).

        >>> config = BonusConfig(offered=frozenset({BonusWager.IMPERIAL_BONUS}),
        ...                      imperial_limit=5_000_000)
        >>> BonusConfig.from_mapping(config.settings()) == config
        True
        """
        return {
            "offered": sorted(w.value for w in self.offered),
            "fortune_letter": self.fortune_letter,
            "insurance_letter": self.insurance_letter,
            "seven_card_letter": self.seven_card_letter,
            "royal_match": self.royal_match.value,
            "overrides": {w: dict(rows) for w, rows in self.overrides.items()},
            "minimum_wagers": {BonusWager(w).value: v for w, v in self.minimum_wagers.items()},
            "maximum_wagers": {BonusWager(w).value: v for w, v in self.maximum_wagers.items()},
            "fortune_insurance_limit": self.fortune_insurance_limit,
            "seven_card_limit": self.seven_card_limit,
            "imperial_limit": self.imperial_limit,
            "envy_counts_dealer_hand": self.envy_counts_dealer_hand,
            "progressive_denomination": self.progressive_denomination,
            "progressive_reset": self.progressive_reset,
            "progressive_rate_basis_points": self.progressive_rate_basis_points,
            "three_seven_completion": self.three_seven_completion.value,
            "shuffler_counts_cards": self.shuffler_counts_cards,
        }

    def to_document(self) -> dict[str, Any]:
        """The configuration as JSON-ready data (for the round document): the settings and the
        pay tables in force."""
        return {
            "settings": self.settings(),
            "offered": sorted(w.value for w in self.offered),
            "letters": {name: table.letter for name, table in self.tables.items()},
            "tables": {name: table.as_dict() for name, table in self.tables.items()},
            "minimum_wagers": {w.value: self.minimum(w) for w in sorted(self.offered)},
            "maximum_wagers": {BonusWager(w).value: v for w, v in self.maximum_wagers.items()},
            "limits": {
                "fortune_insurance": self.fortune_insurance_limit,
                "seven_card": self.seven_card_limit,
                "imperial": self.imperial_limit,
            },
            "royal_match": self.royal_match.value,
            "envy_counts_dealer_hand": self.envy_counts_dealer_hand,
            "progressive": {
                "denomination": self.progressive_denomination,
                "reset": self.progressive_reset,
                "rate_basis_points": self.progressive_rate_basis_points,
            },
            "three_seven_completion": self.three_seven_completion.value,
            "shuffler_counts_cards": self.shuffler_counts_cards,
        }


def load_bonus_config(path: Path | None = None) -> BonusConfig:
    """Load a configuration from TOML (default: the shipped ``resources/pai_gow_bonus.toml``)."""
    source = path or resource_path("pai_gow_bonus.toml")
    with source.open("rb") as handle:
        return BonusConfig.from_mapping(tomllib.load(handle))
