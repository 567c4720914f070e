"""The Pai Gow Poker table configuration, validated when loaded: an illegal one is refused with the
clause it breaks.

>>> config = default_config()
>>> config.positions, config.starting_position.value, config.dealing.value
(6, 'rng', 'automated_shoe')
>>> config.vigorish_for(700)
50
>>> config_from_mapping({"rng_side_wager": {"offered": True, "odds": "7:1"}})
Traceback (most recent call last):
...
dealer_station.games.pai_gow.config.ConfigError: RNG side wager odds 7:1 are ... [5324.41(j)(2)(vi)]
"""

from __future__ import annotations

import tomllib
from collections.abc import Mapping
from dataclasses import dataclass, field
from enum import StrEnum
from fractions import Fraction
from pathlib import Path
from typing import Any

from dealer_station.errors import RuleError
from dealer_station.games.pai_gow.house_way import load_house_way
from dealer_station.money import Cents, check_amount, format_cents, parse_amount, round_up_to
from dealer_station.resources_path import resource_path

__all__ = [
    "ConfigError",
    "CountDirection",
    "DealerWagerCalculation",
    "DealerWagerRule",
    "DealingMethod",
    "PaiGowConfig",
    "ShuffleMethod",
    "StartingPosition",
    "config_from_mapping",
    "default_config",
    "load_config",
]


class ConfigError(RuleError, ValueError):
    """An illegal or malformed Pai Gow Poker configuration, with the clause it breaks."""


class StartingPosition(StrEnum):
    """How the starting position is chosen (5324.2(b); 5324.41(f)): a random number generator
    showing 1-7, or three dice totalling 3-18."""

    RNG = "rng"
    DICE = "dice"


class CountDirection(StrEnum):
    """Which way the positions are counted from the dealer (or the bank) as one."""

    COUNTER_CLOCKWISE = "counter_clockwise"
    CLOCKWISE = "clockwise"


class DealingMethod(StrEnum):
    """5324.41(f)(1) manual shoe, (f)(2) from the hand, (f)(3) automated shoe of seven-card stacks,
    and (n)(2)/(n)(7)(ii) stacks of three then four (tables offering the three-card / seven-card
    bonus wagers)."""

    MANUAL_SHOE = "manual_shoe"
    HAND = "hand"
    AUTOMATED_SHOE = "automated_shoe"
    THREE_THEN_FOUR = "three_then_four"


class DealerWagerRule(StrEnum):
    """How the dealer's wager against a player bank is set (5324.41(h)(7)): "an amount equal to
    the last wager made by that player against the dealer or in an amount, the calculation of
    which has been approved by the commission"."""

    LAST_WAGER = "last_wager"
    APPROVED_CALCULATION = "approved_calculation"


class DealerWagerCalculation(StrEnum):
    """The calculations a casino may have approved for the dealer's wager ((h)(7)): a multiple of
    the table minimum, or a fixed amount."""

    TABLE_MINIMUM = "table_minimum"
    FIXED = "fixed"


class ShuffleMethod(StrEnum):
    """A manual shuffle is followed by the cut (5324.41(e)(1)); an automated card shuffling device
    needs none."""

    MANUAL = "manual"
    AUTOMATIC = "automatic"


@dataclass(frozen=True, slots=True)
class PaiGowConfig:
    """One table's Pai Gow Poker settings. Amounts in cents."""

    positions: int = 6
    minimum_wager: Cents = 1000
    maximum_wager: Cents = 200000
    starting_position: StartingPosition = StartingPosition.RNG
    count_direction: CountDirection = CountDirection.COUNTER_CLOCKWISE
    dealing: DealingMethod = DealingMethod.AUTOMATED_SHOE
    shuffle: ShuffleMethod = ShuffleMethod.AUTOMATIC
    wheel_lowest: bool = False
    house_way: str = "standard"
    player_banking: bool = True
    co_banking: bool = True
    bank_offer_returns_to_dealer: bool = True
    dealer_wager_rule: DealerWagerRule = DealerWagerRule.LAST_WAGER
    dealer_wager_calculation: DealerWagerCalculation = DealerWagerCalculation.TABLE_MINIMUM
    dealer_wager_multiple: int = 1
    dealer_wager_amount: Cents = 2500
    dealer_wager_approval: str = ""
    two_areas: bool = True
    vigorish_rounding: Cents = 25
    rng_side_wager: bool = False
    rng_side_wager_odds: Fraction = Fraction(6)
    side_wagers: tuple[str, ...] = field(default=())

    def __post_init__(self) -> None:
        _validate(self)

    def vigorish_for(self, amount_won: Cents) -> Cents:
        """Five percent of ``amount_won``, rounded up to the configured multiple (25 cents by
        default) (5324.41(g)(8)).

        >>> c = default_config()
        >>> [c.vigorish_for(dollars) for dollars in (100, 700, 2500, 13000)]
        [25, 50, 125, 650]
        """
        exact = -(-amount_won * 5 // 100)  # never less than five percent, to the cent
        return round_up_to(exact, self.vigorish_rounding)

    def dealer_wager_for(self, last_wager: Cents) -> Cents:
        """The dealer's wager against a player bank whose last wager against the dealer was
        ``last_wager`` (5324.41(h)(7)): that wager, or the approved calculation.

        >>> default_config().dealer_wager_for(4000)
        4000
        >>> approved = config_from_mapping({"banking": {
        ...     "dealer_wager": "approved_calculation", "dealer_wager_multiple": 3,
        ...     "dealer_wager_approval": "NYSGC 2026-117"}})
        >>> approved.dealer_wager_for(4000)
        3000
        """
        if self.dealer_wager_rule is DealerWagerRule.LAST_WAGER:
            return last_wager
        if self.dealer_wager_calculation is DealerWagerCalculation.FIXED:
            return self.dealer_wager_amount
        return self.dealer_wager_multiple * self.minimum_wager

    @property
    def dealer_wager_words(self) -> str:
        """What the proposed dealer's wager is, in words for the dealer's screen ((h)(7)).

        >>> default_config().dealer_wager_words
        "the bank's last wager against the dealer"
        """
        if self.dealer_wager_rule is DealerWagerRule.LAST_WAGER:
            return "the bank's last wager against the dealer"
        if self.dealer_wager_calculation is DealerWagerCalculation.FIXED:
            how = f"{format_cents(self.dealer_wager_amount)} fixed"
        else:
            how = f"{self.dealer_wager_multiple} × the table minimum"
        return f"{how}, as approved by the commission ({self.dealer_wager_approval})"

    def rng_side_wager_payout(self, stake: Cents) -> Cents:
        """A winning RNG side wager's payout: the odds, rounded down to the whole dollar
        (5324.41(j)(2)(vi)).

        >>> default_config().rng_side_wager_payout(550)
        3300
        >>> config_from_mapping({"rng_side_wager": {"offered": True, "odds": "11:2"}}
        ...                     ).rng_side_wager_payout(500)
        2700
        """
        return int(stake * self.rng_side_wager_odds) // 100 * 100

    def to_json(self) -> dict[str, Any]:
        """The configuration as the TOML/JSON mapping :func:`config_from_mapping` reads."""
        odds = self.rng_side_wager_odds
        return {
            "table": {
                "positions": self.positions,
                "minimum_wager": format_cents(self.minimum_wager),
                "maximum_wager": format_cents(self.maximum_wager),
                "two_areas": self.two_areas,
            },
            "dealing": {
                "starting_position": self.starting_position.value,
                "count_direction": self.count_direction.value,
                "method": self.dealing.value,
                "shuffle": self.shuffle.value,
            },
            "rankings": {"wheel_lowest": self.wheel_lowest},
            "house_way": {"name": self.house_way},
            "banking": {
                "player_banking": self.player_banking,
                "co_banking": self.co_banking,
                "offer_returns_to_dealer": self.bank_offer_returns_to_dealer,
                "dealer_wager": self.dealer_wager_rule.value,
                "dealer_wager_calculation": self.dealer_wager_calculation.value,
                "dealer_wager_multiple": self.dealer_wager_multiple,
                "dealer_wager_amount": format_cents(self.dealer_wager_amount),
                "dealer_wager_approval": self.dealer_wager_approval,
            },
            "vigorish": {"rounding": format_cents(self.vigorish_rounding)},
            "rng_side_wager": {
                "offered": self.rng_side_wager,
                "odds": f"{odds.numerator}:{odds.denominator}",
            },
            "side_wagers": {"offered": list(self.side_wagers)},
        }


def _validate(c: PaiGowConfig) -> None:
    if c.positions != 6:
        raise ConfigError(
            f"a Pai Gow Poker table has six betting positions, not {c.positions}",
            "5324.41(a)(2)(i)",
        )
    if c.minimum_wager <= 0 or c.maximum_wager < c.minimum_wager:
        raise ConfigError(
            f"the wager limits {format_cents(c.minimum_wager)}-{format_cents(c.maximum_wager)} "
            "are not a minimum up to a maximum",
            "5324.41(d)",
        )
    if c.vigorish_rounding not in (1, 25):
        raise ConfigError(
            "the vigorish is five percent, rounded to the cent or up to the next 25 cents, not "
            f"to {format_cents(c.vigorish_rounding)}",
            "5324.41(g)(8)",
        )
    _validate_dealer_wager(c)
    if c.co_banking and not c.player_banking:
        raise ConfigError("co-banking needs player banking to be offered", "5324.41(h)(5)")
    if c.rng_side_wager:
        if c.starting_position is not StartingPosition.RNG:
            raise ConfigError(
                "the RNG side wager needs a random number generator for the starting position",
                "5324.41(j)(1)",
            )
        if c.dealing is DealingMethod.THREE_THEN_FOUR:
            raise ConfigError(
                "stacks of three then four start at the farthest left wager, not at a random "
                "number, so the RNG side wager cannot be offered with them",
                "5324.41(j)(1)",
            )
        odds = c.rng_side_wager_odds
        if not Fraction(11, 2) <= odds <= 6:
            raise ConfigError(
                f"RNG side wager odds {odds.numerator}:{odds.denominator} are outside "
                "5.5:1 to 6:1",
                "5324.41(j)(2)(vi)",
            )
    if c.dealing is DealingMethod.THREE_THEN_FOUR and "three_card_bonus" not in c.side_wagers:
        raise ConfigError(
            "stacks of three then four are the dealing of tables offering the three-card bonus",
            "5324.41(n)(2)",
        )
    if "three_card_bonus" in c.side_wagers and c.dealing is not DealingMethod.THREE_THEN_FOUR:
        # Otherwise no stacks of three are dealt and the three-card bonus is never settled.
        raise ConfigError(
            "a table offering the three-card bonus deals its first three cards in stacks of "
            f'three (dealing.method = "three_then_four"), not {c.dealing.value!r}',
            "5324.41(n)(2)",
        )
    try:
        load_house_way(c.house_way)
    except (OSError, ValueError) as error:
        raise ConfigError(f"house way {c.house_way!r}: {error}", "5324.41(h)(5)") from None


def _validate_dealer_wager(c: PaiGowConfig) -> None:
    """(h)(7): an approved calculation names its approval and gives a wager within the table's
    limits."""
    if c.dealer_wager_rule is not DealerWagerRule.APPROVED_CALCULATION:
        return
    if not c.dealer_wager_approval:
        raise ConfigError(
            "the dealer's wager by an approved calculation needs the commission's approval "
            "(banking.dealer_wager_approval, e.g. the approval letter's reference)",
            "5324.41(h)(7)",
        )
    amount = c.dealer_wager_for(0)
    if c.dealer_wager_calculation is DealerWagerCalculation.TABLE_MINIMUM and (
            c.dealer_wager_multiple < 1):
        raise ConfigError(
            f"the dealer's wager is a multiple of the table minimum of at least 1, not "
            f"{c.dealer_wager_multiple}",
            "5324.41(h)(7)",
        )
    if not c.minimum_wager <= amount <= c.maximum_wager:
        raise ConfigError(
            f"the dealer's wager by the approved calculation, {format_cents(amount)}, is outside "
            f"the table limits {format_cents(c.minimum_wager)} to {format_cents(c.maximum_wager)}",
            "5324.41(h)(7)",
        )


_SECTIONS: dict[str, set[str]] = {
    "game": set(),
    "table": {"positions", "minimum_wager", "maximum_wager", "two_areas"},
    "dealing": {"starting_position", "count_direction", "method", "shuffle"},
    "rankings": {"wheel_lowest"},
    "house_way": {"name"},
    "banking": {"player_banking", "co_banking", "offer_returns_to_dealer", "dealer_wager",
                "dealer_wager_calculation", "dealer_wager_multiple", "dealer_wager_amount",
                "dealer_wager_approval"},
    "vigorish": {"rounding"},
    "rng_side_wager": {"offered", "odds"},
    "side_wagers": {"offered"},
}


def _amount(value: Any, name: str) -> Cents:
    if isinstance(value, bool):
        raise ConfigError(f"{name} must be an amount of money")
    try:
        if isinstance(value, int):
            return check_amount(value * 100, str(value))
        if isinstance(value, str):
            return parse_amount(value)
    except ValueError as error:
        raise ConfigError(f"{name}: {error}") from None
    raise ConfigError(f"{name} must be an amount of money, not {value!r}")


def _odds(value: Any) -> Fraction:
    if isinstance(value, (int, float)) and not isinstance(value, bool):
        return Fraction(str(value))
    if isinstance(value, str):
        to, _, against = value.partition(":")
        try:
            return Fraction(to.strip()) / Fraction(against.strip() or "1")
        except (ValueError, ZeroDivisionError):
            pass
    raise ConfigError(f"RNG side wager odds must look like '6:1' or '11:2', not {value!r}")


def _choice(enum: type[StrEnum], value: Any, name: str) -> Any:
    try:
        return enum(value)
    except ValueError:
        options = ", ".join(e.value for e in enum)
        raise ConfigError(f"{name} must be one of {options}, not {value!r}") from None


def _count(value: Any, name: str) -> int:
    if isinstance(value, bool) or not isinstance(value, int):
        raise ConfigError(f"{name} must be a whole number, not {value!r}", "5324.41(h)(7)")
    return value


def _flag(value: Any, name: str) -> bool:
    if not isinstance(value, bool):
        raise ConfigError(f"{name} must be true or false, not {value!r}")
    return value


def config_from_mapping(data: Mapping[str, Any]) -> PaiGowConfig:
    """Build and validate a configuration from the TOML mapping (missing keys take defaults)."""
    for section, value in data.items():
        if section not in _SECTIONS:
            raise ConfigError(f"unknown section [{section}] in the Pai Gow configuration")
        if section == "game":
            if value != "pai_gow":
                raise ConfigError(f"this is a Pai Gow Poker configuration, not {value!r}")
            continue
        if not isinstance(value, Mapping):
            raise ConfigError(f"[{section}] must be a table")
        unknown = set(value) - _SECTIONS[section]
        if unknown:
            raise ConfigError(f"unknown setting(s) in [{section}]: {', '.join(sorted(unknown))}")
    t, d = data.get("table", {}), data.get("dealing", {})
    bank, rng = data.get("banking", {}), data.get("rng_side_wager", {})
    side = data.get("side_wagers", {}).get("offered", [])
    if not isinstance(side, list) or not all(isinstance(s, str) for s in side):
        raise ConfigError("[side_wagers] offered must be a list of wager names")
    positions = t.get("positions", 6)
    if not isinstance(positions, int) or isinstance(positions, bool):
        raise ConfigError("positions must be a number", "5324.41(a)(2)(i)")
    return PaiGowConfig(
        positions=positions,
        minimum_wager=_amount(t.get("minimum_wager", "$10"), "minimum_wager"),
        maximum_wager=_amount(t.get("maximum_wager", "$2,000"), "maximum_wager"),
        two_areas=_flag(t.get("two_areas", True), "two_areas"),
        starting_position=_choice(
            StartingPosition, d.get("starting_position", "rng"), "starting_position"
        ),
        count_direction=_choice(
            CountDirection, d.get("count_direction", "counter_clockwise"), "count_direction"
        ),
        dealing=_choice(DealingMethod, d.get("method", "automated_shoe"), "dealing method"),
        shuffle=_choice(ShuffleMethod, d.get("shuffle", "automatic"), "shuffle"),
        wheel_lowest=_flag(data.get("rankings", {}).get("wheel_lowest", False), "wheel_lowest"),
        house_way=str(data.get("house_way", {}).get("name", "standard")),
        player_banking=_flag(bank.get("player_banking", True), "player_banking"),
        co_banking=_flag(bank.get("co_banking", True), "co_banking"),
        bank_offer_returns_to_dealer=_flag(
            bank.get("offer_returns_to_dealer", True), "offer_returns_to_dealer"
        ),
        dealer_wager_rule=_choice(DealerWagerRule, bank.get("dealer_wager", "last_wager"),
                                  "dealer_wager"),
        dealer_wager_calculation=_choice(
            DealerWagerCalculation, bank.get("dealer_wager_calculation", "table_minimum"),
            "dealer_wager_calculation",
        ),
        dealer_wager_multiple=_count(bank.get("dealer_wager_multiple", 1),
                                     "dealer_wager_multiple"),
        dealer_wager_amount=_amount(bank.get("dealer_wager_amount", "$25"),
                                    "dealer_wager_amount"),
        dealer_wager_approval=str(bank.get("dealer_wager_approval", "")).strip(),
        vigorish_rounding=_amount(data.get("vigorish", {}).get("rounding", "$0.25"), "rounding"),
        rng_side_wager=_flag(rng.get("offered", False), "rng_side_wager offered"),
        rng_side_wager_odds=_odds(rng.get("odds", "6:1")),
        side_wagers=tuple(side),
    )


def load_config(path: str | Path | None = None) -> PaiGowConfig:
    """Load and validate a TOML configuration; the shipped ``resources/pai_gow.toml`` by default."""
    source = Path(path) if path is not None else resource_path("pai_gow.toml")
    with source.open("rb") as handle:
        try:
            data = tomllib.load(handle)
        except tomllib.TOMLDecodeError as error:
            raise ConfigError(f"{source}: {error}") from None
    return config_from_mapping(data)


def default_config() -> PaiGowConfig:
    """The shipped default configuration."""
    return load_config()
