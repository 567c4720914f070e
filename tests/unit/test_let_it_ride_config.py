"""Let It Ride table configuration: every illegal setting is refused with the clause it breaks."""

from __future__ import annotations

from typing import Any

import pytest

from dealer_station.games.let_it_ride.config import (
    ConfigError,
    Dealing,
    ExposedCardRule,
    config_from_mapping,
    default_config,
    dumps_config,
    least_payout_limit,
    load_config,
    loads_config,
    payout_limit_notice,
)
from dealer_station.games.let_it_ride.paytables import (
    BASE_MINIMUM,
    BONUS_MINIMUM,
    THREE_CARD_MINIMUM,
    Odds,
)
from dealer_station.money import dollars
from dealer_station.resources_path import resource_path

# The regulation's tables, typed in again from the text (not imported), to check the data.
REG_BASE = {"pair": 1, "two_pair": 2, "three_of_a_kind": 3, "straight": 5, "flush": 8,
            "full_house": 11, "four_of_a_kind": 50, "straight_flush": 200, "royal_flush": 1000}
REG_BONUS = {"royal_flush": 25_000, "straight_flush": 2_500, "four_of_a_kind": 400,
             "full_house": 200, "flush": 50, "straight": 25, "three_of_a_kind": 5}
# pair, flush, straight, three of a kind, straight flush, mini royal (None: "n/a")
REG_THREE = {"A": (1, 4, 6, 30, 40, None), "B": (1, 4, 5, 30, 40, None),
             "C": (1, 3, 6, 30, 40, None), "D": (1, 4, 6, 30, 40, 50),
             "E": (1, 4, 5, 30, 40, 50), "F": (1, 3, 6, 30, 40, 50)}


def refused(data: dict[str, Any]) -> ConfigError:
    with pytest.raises(ConfigError) as caught:
        config_from_mapping(data)
    return caught.value


def test_shipped_default_loads_and_round_trips_through_toml() -> None:
    config = load_config(resource_path("let_it_ride.toml"))
    assert config == default_config()
    assert loads_config(dumps_config(config)) == config
    assert config_from_mapping(config.to_json()) == config


def test_regulation_tables_are_the_data_5324_34_f_1_f_3_f_4() -> None:
    """5324.34(f)(1), (f)(3), (f)(4): the pay tables as data match the regulation's text."""
    assert {hand: odds.to_win for hand, odds in BASE_MINIMUM.items()} == REG_BASE
    assert all(odds.to_stake == 1 for odds in BASE_MINIMUM.values())
    assert {hand: amount // 100 for hand, amount in BONUS_MINIMUM.items()} == REG_BONUS
    for letter, (pair, flush, straight, trips, sf, mini) in REG_THREE.items():
        table = THREE_CARD_MINIMUM[letter]
        assert table["pair"] == Odds(pair) and table["flush"] == Odds(flush)
        assert table["straight"] == Odds(straight) and table["three_of_a_kind"] == Odds(trips)
        assert table["straight_flush"] == Odds(sf)
        # "n/a": a mini royal is a straight flush and is paid as one (rules interpretation)
        assert table["mini_royal"] == Odds(mini if mini is not None else sf)


def test_seven_positions_5324_34_a_1() -> None:
    """5324.34(a)(1): seven betting positions."""
    assert refused({"table": {"positions": 6}}).clause == "5324.34(a)(1)"
    assert refused({"table": {"positions": 8}}).clause == "5324.34(a)(1)"


@pytest.mark.parametrize("hand", sorted(REG_BASE))
def test_base_odds_never_below_regulation_5324_34_f_1(hand: str) -> None:
    """5324.34(f)(1): 'no less than' the table; more generous odds are accepted."""
    below = REG_BASE[hand] - 1 if REG_BASE[hand] > 1 else "1:2"
    assert refused({"base_pay_table": {hand: below}}).clause == "5324.34(f)(1)"
    generous = config_from_mapping({"base_pay_table": {hand: REG_BASE[hand] + 1}})
    assert generous.base_pay_table[hand] == Odds(REG_BASE[hand] + 1)


def test_fractional_odds_compare_exactly_5324_34_f_1() -> None:
    """5324.34(f)(1): 3:2 on a pair is more than 1:1; 19:10 on two pair is less than 2:1."""
    assert config_from_mapping({"base_pay_table": {"pair": "3:2"}}).base_pay_table["pair"] == \
        Odds(3, 2)
    assert refused({"base_pay_table": {"two_pair": "19:10"}}).clause == "5324.34(f)(1)"


@pytest.mark.parametrize("hand", sorted(REG_BONUS))
def test_bonus_amounts_never_below_regulation_5324_34_f_3(hand: str) -> None:
    """5324.34(f)(3): fixed amounts no less than the table."""
    assert refused({"bonus": {"pay_table": {hand: REG_BONUS[hand] - 1}}}).clause == \
        "5324.34(f)(3)"


def test_bonus_amount_including_the_wager_must_exceed_by_the_wager_5324_34_f_3() -> None:
    """5324.34(f)(3): when the payout includes the $1 wager, the net must still meet the table."""
    at_minimum = {"bonus": {"returns_wager": False}}
    assert refused(at_minimum).clause == "5324.34(f)(3)"
    table = {hand: f"${amount + 1}" for hand, amount in REG_BONUS.items()}
    config = config_from_mapping({"bonus": {"returns_wager": False, "pay_table": table}})
    assert config.bonus_pay_table["three_of_a_kind"] == dollars(6)


def test_bonus_wager_is_a_one_dollar_chip_5324_34_c_6_ii() -> None:
    """5324.34(c)(6)(ii): the let it ride bonus wager is a $1 chip."""
    assert refused({"bonus": {"wager": 5}}).clause == "5324.34(c)(6)(ii)"
    assert config_from_mapping({"bonus": {"offered": False, "wager": 5}}).bonus_offered is False


def test_bonus_needs_acceptors_and_lockout_5324_34_a_3() -> None:
    """5324.34(a)(3): offering the bonus needs wagering devices and the lockout control."""
    assert refused({"bonus": {"acceptors": False}}).clause == "5324.34(a)(3)"
    assert refused({"bonus": {"lockout": False}}).clause == "5324.34(a)(3)"


@pytest.mark.parametrize("letter", "ABCDEF")
def test_every_three_card_table_at_minimum_is_accepted_5324_34_f_4(letter: str) -> None:
    """5324.34(f)(4): each of tables A-F may be pre-selected."""
    config = config_from_mapping({"three_card_bonus": {"pay_table": letter.lower()}})
    assert config.three_card_table == letter
    assert dict(config.three_card_pay_table) == dict(THREE_CARD_MINIMUM[letter])


@pytest.mark.parametrize("letter", "ABCDEF")
def test_three_card_odds_never_below_selected_table_5324_34_f_4(letter: str) -> None:
    """5324.34(f)(4): no less than the odds of the pre-selected table."""
    for index, hand in enumerate(("pair", "flush", "straight", "three_of_a_kind",
                                  "straight_flush")):
        low = REG_THREE[letter][index]
        assert low is not None
        below = low - 1 if low > 1 else "1:2"
        error = refused({"three_card_bonus": {"pay_table": letter, "odds": {hand: below}}})
        assert error.clause == "5324.34(f)(4)"


def test_unknown_three_card_table_is_refused_5324_34_f_4() -> None:
    """5324.34(f)(4): the pay table is one of A-F."""
    assert refused({"three_card_bonus": {"pay_table": "G"}}).clause == "5324.34(f)(4)"


def test_payout_limit_floor_5324_34_f_2() -> None:
    """5324.34(f)(2): at least $50,000 or the most one player could win at the minimum."""
    assert refused({"table": {"payout_limit": 49_999}}).clause == "5324.34(f)(2)"
    assert config_from_mapping({"table": {"payout_limit": 50_000}}).payout_limit == \
        dollars(50_000)
    # at a $25 minimum a royal flush on three wagers wins 3 x $25 x 1000 = $75,000
    assert refused({"table": {"minimum": 25, "payout_limit": 74_999}}).clause == "5324.34(f)(2)"
    assert least_payout_limit(dollars(25), BASE_MINIMUM) == dollars(75_000)
    # more generous royal flush odds raise the floor
    assert refused({"table": {"minimum": 25, "payout_limit": 75_000},
                    "base_pay_table": {"royal_flush": 2000}}).clause == "5324.34(f)(2)"
    # left out, it is the least legal limit
    assert config_from_mapping({"table": {"minimum": 25}}).payout_limit == dollars(75_000)


def test_no_payout_limit_5324_34_f_2() -> None:
    """5324.34(f)(2): a facility "may establish" a maximum payout: ``payout_limit = "none"`` is
    a table without one (kept through the TOML round trip and named in the table's notice); 0,
    an amount below the floor and junk are still refused with the clause."""
    config = config_from_mapping({"table": {"payout_limit": "none"}})
    assert config.payout_limit is None
    assert config.to_mapping()["table"]["payout_limit"] == "none"
    assert loads_config(dumps_config(config)) == config
    assert payout_limit_notice(config) == "No payout limit on the let it ride wagers"
    assert config_from_mapping({"table": {"payout_limit": "None"}}).payout_limit is None
    assert payout_limit_notice(default_config()).startswith("Payout limit $100,000.00 per hand")
    for junk in (0, "$0", 49_999, "$1,000"):
        assert refused({"table": {"payout_limit": junk}}).clause == "5324.34(f)(2)"
    error = refused({"table": {"payout_limit": "unlimited"}})
    assert error.clause == "5324.34(f)(2)" and '"none"' in error.reason


def test_settings_and_junk() -> None:
    assert config_from_mapping({"table": {"dealing": "manual"}}).dealing is Dealing.MANUAL
    assert config_from_mapping({"table": {"exposed_card_rule": "void_round"}}
                               ).exposed_card_rule is ExposedCardRule.VOID_ROUND
    assert refused({"table": {"dealing": "robot"}}).clause == "5324.34(d)"
    assert "unknown setting" in str(refused({"table": {"minimun": 5}}))
    assert "unknown setting" in str(refused({"base_pay_table": {"high_card": 1}}))
    assert refused({"table": {"minimum": 10, "maximum": 5}})
    assert refused({"base_pay_table": {"flush": "eight"}}).clause == "5324.34(f)(1)"
    with pytest.raises(ConfigError):
        loads_config("[table\n")
