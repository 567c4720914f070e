"""A Let It Ride table's configuration, validated against 9 NYCRR 5324.34 when it is loaded.

An illegal configuration is refused with a :class:`ConfigError` naming the clause it breaks. Pay
tables may be more generous than the regulation's, never less (:mod:`.paytables`). Configuration
is stored as TOML (the shipped default is ``resources/let_it_ride.toml``); money is written as
whole dollars (``25``) or an amount string (``"$12.50"``), odds as ``8`` (8 to 1) or ``"5:2"``.

>>> config = default_config()
>>> config.positions, config.dealing.value, format_cents(config.payout_limit)
(7, 'shoe', '$100,000.00')
>>> config_from_mapping({"table": {"positions": 6}})
Traceback (most recent call last):
...
dealer_station.games.let_it_ride.config.ConfigError: a Let It Ride table has seven betting \
positions, not 6 [5324.34(a)(1)]
>>> config_from_mapping({"base_pay_table": {"flush": 7}})
Traceback (most recent call last):
...
dealer_station.games.let_it_ride.config.ConfigError: base pay table: flush pays 7:1, less than \
the regulation's 8:1 [5324.34(f)(1)]
>>> config_from_mapping(config.to_mapping()) == config
True
"""

from __future__ import annotations

import tomllib
from collections.abc import Mapping
from dataclasses import dataclass, field
from enum import Enum
from pathlib import Path
from types import MappingProxyType
from typing import Any

import tomli_w

from dealer_station.errors import RuleError
from dealer_station.games.let_it_ride.paytables import (
    BASE_HANDS,
    BASE_MINIMUM,
    BONUS_HANDS,
    BONUS_MINIMUM,
    THREE_CARD_HANDS,
    Odds,
    three_card_minimum,
)
from dealer_station.money import Cents, check_amount, dollars, format_cents, parse_amount
from dealer_station.resources_path import resource_path

__all__ = [
    "DEFAULT_CONFIG_NAME",
    "NO_PAYOUT_LIMIT",
    "POSITIONS",
    "ConfigError",
    "Dealing",
    "ExposedCardRule",
    "LetItRideConfig",
    "config_from_mapping",
    "default_config",
    "dumps_config",
    "least_payout_limit",
    "load_config",
    "loads_config",
    "payout_limit_notice",
]

#: The shipped default configuration, in ``resources/``.
DEFAULT_CONFIG_NAME = "let_it_ride.toml"
#: Betting positions at a Let It Ride table (5324.34(a)(1)).
POSITIONS = 7
#: The let it ride bonus wager is a $1 chip (5324.34(c)(6)(ii)).
BONUS_WAGER: Cents = dollars(1)
#: The floor of the payout limit (5324.34(f)(2)).
PAYOUT_LIMIT_FLOOR: Cents = dollars(50_000)
#: ``table.payout_limit`` of a table without a payout limit ((f)(2): a facility "may establish").
NO_PAYOUT_LIMIT = "none"


class ConfigError(RuleError, ValueError):
    """A configuration the regulation does not allow, with the clause it breaks."""


class Dealing(Enum):
    """How the cards are dealt: by hand or from a manual shoe (5324.34(d)(1)), or from an
    automated dealing shoe dispensing stacks of three (5324.34(d)(2))."""

    MANUAL = "manual"
    SHOE = "shoe"


class ExposedCardRule(Enum):
    """What happens to the round when a card is exposed before its time (a dealer error; see
    ``docs/rules-interpretation.md``): ``play`` records it and the card stays in play, the round
    continuing; ``void_round`` returns every wager and ends the round."""

    PLAY = "play"
    VOID_ROUND = "void_round"


def least_payout_limit(minimum: Cents, base_pay_table: Mapping[str, Odds]) -> Cents:
    """The lowest payout limit 5324.34(f)(2) allows: $50,000 or the most one player could win on
    one hand's base wagers in a round betting the table minimum, whichever is greater.

    >>> format_cents(least_payout_limit(dollars(5), BASE_MINIMUM))
    '$50,000.00'
    >>> format_cents(least_payout_limit(dollars(25), BASE_MINIMUM))
    '$75,000.00'
    """
    best = max(base_pay_table.values(), key=lambda odds: odds.to_win / odds.to_stake)
    return max(PAYOUT_LIMIT_FLOOR, 3 * best.pay(minimum))


def _frozen(mapping: Mapping[str, Any]) -> Mapping[str, Any]:
    return MappingProxyType(dict(mapping))


@dataclass(frozen=True)
class LetItRideConfig:
    """One Let It Ride table's settings. Build it with :func:`config_from_mapping` (or
    :func:`load_config`), which validates; amounts in cents.

    ``minimum``/``maximum`` bound each of the three equal base wagers; ``payout_limit`` caps the
    winnings of one hand's base wagers (5324.34(f)(2)); ``two_positions`` lets a player wager at
    two adjacent positions (5324.34(c)(5)); ``bonus_returns_wager`` says whether a winning $1 let it
    ride bonus wager is returned besides its fixed payout (True) or the payout includes it.
    """

    minimum: Cents = 500
    maximum: Cents = 50_000
    positions: int = POSITIONS
    dealing: Dealing = Dealing.SHOE
    two_positions: bool = True
    payout_limit: Cents | None = PAYOUT_LIMIT_FLOOR
    exposed_card_rule: ExposedCardRule = ExposedCardRule.PLAY
    base_pay_table: Mapping[str, Odds] = field(default_factory=lambda: _frozen(BASE_MINIMUM))
    bonus_offered: bool = True
    bonus_wager: Cents = BONUS_WAGER
    bonus_returns_wager: bool = True
    bonus_acceptors: bool = True
    bonus_lockout: bool = True
    bonus_pay_table: Mapping[str, Cents] = field(default_factory=lambda: _frozen(BONUS_MINIMUM))
    three_card_offered: bool = True
    three_card_table: str = "D"
    three_card_minimum: Cents = 100
    three_card_maximum: Cents = 10_000
    three_card_pay_table: Mapping[str, Odds] = field(
        default_factory=lambda: _frozen(three_card_minimum("D"))
    )

    def __post_init__(self) -> None:
        _validate(self)

    def __hash__(self) -> int:
        return hash(tomli_w.dumps(self.to_mapping()))

    def to_mapping(self) -> dict[str, Any]:
        """The configuration in the TOML layout (money as ``"$5.00"``, odds as ``"8:1"``)."""
        return {
            "table": {
                "positions": self.positions,
                "minimum": format_cents(self.minimum),
                "maximum": format_cents(self.maximum),
                "dealing": self.dealing.value,
                "two_positions": self.two_positions,
                "payout_limit": (format_cents(self.payout_limit)
                                 if self.payout_limit is not None else NO_PAYOUT_LIMIT),
                "exposed_card_rule": self.exposed_card_rule.value,
            },
            "base_pay_table": {hand: self.base_pay_table[hand].text for hand in BASE_HANDS},
            "bonus": {
                "offered": self.bonus_offered,
                "wager": format_cents(self.bonus_wager),
                "returns_wager": self.bonus_returns_wager,
                "acceptors": self.bonus_acceptors,
                "lockout": self.bonus_lockout,
                "pay_table": {
                    hand: format_cents(self.bonus_pay_table[hand]) for hand in BONUS_HANDS
                },
            },
            "three_card_bonus": {
                "offered": self.three_card_offered,
                "pay_table": self.three_card_table,
                "minimum": format_cents(self.three_card_minimum),
                "maximum": format_cents(self.three_card_maximum),
                "odds": {
                    hand: self.three_card_pay_table[hand].text for hand in THREE_CARD_HANDS
                },
            },
        }

    def to_json(self) -> dict[str, Any]:
        """The snapshot stored in every round document (same layout as :meth:`to_mapping`)."""
        return self.to_mapping()


def _validate(config: LetItRideConfig) -> None:
    if config.positions != POSITIONS:
        raise ConfigError(
            f"a Let It Ride table has seven betting positions, not {config.positions}",
            "5324.34(a)(1)",
        )
    if config.minimum <= 0 or config.maximum < config.minimum:
        raise ConfigError(
            f"table limits {format_cents(config.minimum)}-{format_cents(config.maximum)} are not "
            "a minimum above zero and a maximum at least the minimum",
            "5323.12",
        )
    _validate_base(config)
    _validate_bonus(config)
    _validate_three_card(config)


def _validate_base(config: LetItRideConfig) -> None:
    for hand in BASE_HANDS:
        odds = config.base_pay_table.get(hand)
        if odds is None:
            raise ConfigError(f"base pay table: {hand} has no odds", "5324.34(f)(1)")
        if not odds.at_least(BASE_MINIMUM[hand]):
            raise ConfigError(
                f"base pay table: {hand.replace('_', ' ')} pays {odds.text}, less than the "
                f"regulation's {BASE_MINIMUM[hand].text}",
                "5324.34(f)(1)",
            )
    least = least_payout_limit(config.minimum, config.base_pay_table)
    if config.payout_limit is not None and config.payout_limit < least:
        raise ConfigError(
            f"payout limit {format_cents(config.payout_limit)} is below {format_cents(least)} "
            "($50,000 or the most one player could win on a hand at the table minimum, "
            "whichever is greater)",
            "5324.34(f)(2)",
        )


def _validate_bonus(config: LetItRideConfig) -> None:
    if not config.bonus_offered:
        return
    if config.bonus_wager != BONUS_WAGER:
        raise ConfigError(
            f"the let it ride bonus wager is a $1 chip, not {format_cents(config.bonus_wager)}",
            "5324.34(c)(6)(ii)",
        )
    if not (config.bonus_acceptors and config.bonus_lockout):
        raise ConfigError(
            "a table offering the let it ride bonus wager needs a wagering device at each "
            "position and a lockout control device",
            "5324.34(a)(3)",
        )
    for hand in BONUS_HANDS:
        amount = config.bonus_pay_table.get(hand)
        if amount is None:
            raise ConfigError(f"bonus pay table: {hand} has no amount", "5324.34(f)(3)")
        net = amount if config.bonus_returns_wager else amount - config.bonus_wager
        if net < BONUS_MINIMUM[hand]:
            basis = "" if config.bonus_returns_wager else " net of the $1 wager it includes"
            raise ConfigError(
                f"bonus pay table: {hand.replace('_', ' ')} pays {format_cents(net)}{basis}, "
                f"less than the regulation's {format_cents(BONUS_MINIMUM[hand])}",
                "5324.34(f)(3)",
            )


def _validate_three_card(config: LetItRideConfig) -> None:
    if not config.three_card_offered:
        return
    try:
        least = three_card_minimum(config.three_card_table)
    except ValueError as error:
        raise ConfigError(str(error), "5324.34(f)(4)") from None
    if config.three_card_minimum <= 0 or config.three_card_maximum < config.three_card_minimum:
        raise ConfigError(
            "three-card bonus limits are not a minimum above zero and a maximum at least the "
            "minimum",
            "5324.34(c)(7)",
        )
    for hand in THREE_CARD_HANDS:
        odds = config.three_card_pay_table.get(hand)
        if odds is None:
            raise ConfigError(f"three-card bonus pay table: {hand} has no odds", "5324.34(f)(4)")
        if not odds.at_least(least[hand]):
            raise ConfigError(
                f"three-card bonus pay table {config.three_card_table}: "
                f"{hand.replace('_', ' ')} pays {odds.text}, less than the regulation's "
                f"{least[hand].text}",
                "5324.34(f)(4)",
            )


def _money(value: object, what: str) -> Cents:
    if isinstance(value, bool):
        raise ConfigError(f"{what}: {value!r} is not an amount of money")
    try:
        if isinstance(value, int):
            return check_amount(dollars(value), str(value))
        if isinstance(value, str):
            return parse_amount(value)
    except ValueError as error:
        raise ConfigError(f"{what}: {error}") from None
    raise ConfigError(f"{what}: {value!r} is not an amount of money")


def _payout_limit(table: Mapping[str, Any], minimum: Cents,
                  base_table: Mapping[str, Odds]) -> Cents | None:
    """``table.payout_limit``: an amount, ``"none"`` (the facility establishes no maximum,
    5324.34(f)(2) "may establish"), or left out (the least legal limit)."""
    if "payout_limit" not in table:
        return least_payout_limit(minimum, base_table)
    value = table["payout_limit"]
    if isinstance(value, str) and value.strip().lower() == NO_PAYOUT_LIMIT:
        return None
    try:
        return _money(value, "table.payout_limit")
    except ConfigError as error:
        raise ConfigError(f'{error.reason} (or "{NO_PAYOUT_LIMIT}" for no payout limit)',
                          "5324.34(f)(2)") from None


def payout_limit_notice(config: LetItRideConfig) -> str:
    """The notice of the table's payout limit (5324.34(f)(2)), for the dealer's screen and the
    supervisor.

    >>> payout_limit_notice(config_from_mapping({"table": {"payout_limit": "$100,000"}}))
    'Payout limit $100,000.00 per hand on the let it ride wagers (not the bonus wagers)'
    >>> payout_limit_notice(config_from_mapping({"table": {"payout_limit": "none"}}))
    'No payout limit on the let it ride wagers'
    """
    if config.payout_limit is None:
        return "No payout limit on the let it ride wagers"
    return (f"Payout limit {format_cents(config.payout_limit)} per hand on the let it ride "
            "wagers (not the bonus wagers)")


def _odds(value: object, what: str, clause: str) -> Odds:
    try:
        return Odds.parse(value)
    except ValueError as error:
        raise ConfigError(f"{what}: {error}", clause) from None


def _section(data: Mapping[str, Any], name: str) -> Mapping[str, Any]:
    section = data.get(name, {})
    if not isinstance(section, Mapping):
        raise ConfigError(f"[{name}] must be a table")
    return section


def _flag(section: Mapping[str, Any], key: str, default: bool, where: str) -> bool:
    value = section.get(key, default)
    if not isinstance(value, bool):
        raise ConfigError(f"{where}.{key} must be true or false, not {value!r}")
    return value


def _known(section: Mapping[str, Any], keys: set[str], where: str) -> None:
    unknown = sorted(set(section) - keys)
    if unknown:
        raise ConfigError(f"unknown setting(s) in [{where}]: {', '.join(unknown)}")


def _choice(enum: type[Dealing] | type[ExposedCardRule], value: object, what: str, clause: str
            ) -> Any:
    try:
        return enum(value)
    except ValueError:
        choices = ", ".join(repr(member.value) for member in enum)
        raise ConfigError(f"{what} {value!r} is not one of {choices}", clause) from None


def config_from_mapping(data: Mapping[str, Any]) -> LetItRideConfig:
    """Build and validate a configuration from the TOML layout; anything left out takes the
    default (the regulation's minimum pay tables, the least legal payout limit)."""
    _known(data, {"table", "base_pay_table", "bonus", "three_card_bonus"}, "top level")
    table = _section(data, "table")
    _known(
        table,
        {"positions", "minimum", "maximum", "dealing", "two_positions", "payout_limit",
         "exposed_card_rule"},
        "table",
    )
    positions = table.get("positions", POSITIONS)
    if not isinstance(positions, int) or isinstance(positions, bool):
        raise ConfigError(f"table.positions must be a number, not {positions!r}", "5324.34(a)(1)")
    minimum = _money(table.get("minimum", 5), "table.minimum")
    maximum = _money(table.get("maximum", 500), "table.maximum")

    base_section = _section(data, "base_pay_table")
    _known(base_section, set(BASE_HANDS), "base_pay_table")
    base = {hand: _odds(base_section[hand], f"base_pay_table.{hand}", "5324.34(f)(1)")
            for hand in base_section}
    base_table = _frozen({hand: base.get(hand, BASE_MINIMUM[hand]) for hand in BASE_HANDS})
    limit = _payout_limit(table, minimum, base_table)

    bonus = _section(data, "bonus")
    _known(bonus, {"offered", "wager", "returns_wager", "acceptors", "lockout", "pay_table"},
           "bonus")
    bonus_section = _section(bonus, "pay_table")
    _known(bonus_section, set(BONUS_HANDS), "bonus.pay_table")
    bonus_table = {
        hand: _money(bonus_section[hand], f"bonus.pay_table.{hand}")
        if hand in bonus_section
        else BONUS_MINIMUM[hand]
        for hand in BONUS_HANDS
    }

    three = _section(data, "three_card_bonus")
    _known(three, {"offered", "pay_table", "minimum", "maximum", "odds"}, "three_card_bonus")
    letter = str(three.get("pay_table", "D")).upper()
    try:
        least_three = three_card_minimum(letter)
    except ValueError as error:
        raise ConfigError(str(error), "5324.34(f)(4)") from None
    odds_section = _section(three, "odds")
    _known(odds_section, set(THREE_CARD_HANDS), "three_card_bonus.odds")
    three_table = {
        hand: _odds(odds_section[hand], f"three_card_bonus.odds.{hand}", "5324.34(f)(4)")
        if hand in odds_section
        else least_three[hand]
        for hand in THREE_CARD_HANDS
    }

    return LetItRideConfig(
        minimum=minimum,
        maximum=maximum,
        positions=positions,
        dealing=_choice(Dealing, table.get("dealing", "shoe"), "table.dealing", "5324.34(d)"),
        two_positions=_flag(table, "two_positions", True, "table"),
        payout_limit=limit,
        exposed_card_rule=_choice(
            ExposedCardRule, table.get("exposed_card_rule", "play"), "table.exposed_card_rule",
            "5324.34(d)",
        ),
        base_pay_table=base_table,
        bonus_offered=_flag(bonus, "offered", True, "bonus"),
        bonus_wager=_money(bonus.get("wager", 1), "bonus.wager"),
        bonus_returns_wager=_flag(bonus, "returns_wager", True, "bonus"),
        bonus_acceptors=_flag(bonus, "acceptors", True, "bonus"),
        bonus_lockout=_flag(bonus, "lockout", True, "bonus"),
        bonus_pay_table=_frozen(bonus_table),
        three_card_offered=_flag(three, "offered", True, "three_card_bonus"),
        three_card_table=letter,
        three_card_minimum=_money(three.get("minimum", 1), "three_card_bonus.minimum"),
        three_card_maximum=_money(three.get("maximum", 100), "three_card_bonus.maximum"),
        three_card_pay_table=_frozen(three_table),
    )


def loads_config(text: str) -> LetItRideConfig:
    """Parse and validate a configuration from TOML text."""
    try:
        data = tomllib.loads(text)
    except tomllib.TOMLDecodeError as error:
        raise ConfigError(f"the configuration is not valid TOML: {error}") from None
    return config_from_mapping(data)


def load_config(path: str | Path | None = None) -> LetItRideConfig:
    """Load and validate a configuration file (the shipped default when ``path`` is None)."""
    source = Path(path) if path is not None else resource_path(DEFAULT_CONFIG_NAME)
    return loads_config(source.read_text(encoding="utf-8"))


def dumps_config(config: LetItRideConfig) -> str:
    """The configuration as TOML text (round-trips through :func:`loads_config`).

    >>> loads_config(dumps_config(default_config())) == default_config()
    True
    """
    return tomli_w.dumps(config.to_mapping())


def default_config() -> LetItRideConfig:
    """The shipped default configuration (``resources/let_it_ride.toml``)."""
    return load_config()
