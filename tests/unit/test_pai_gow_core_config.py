"""The Pai Gow Poker configuration: validated when loaded, illegal ones refused with the clause
(9 NYCRR 5324.41)."""

from __future__ import annotations

from fractions import Fraction
from pathlib import Path
from typing import Any

import pytest

from dealer_station.games.pai_gow.config import (
    ConfigError,
    CountDirection,
    DealingMethod,
    StartingPosition,
    config_from_mapping,
    default_config,
    load_config,
)


def refused(data: dict[str, Any]) -> ConfigError:
    with pytest.raises(ConfigError) as error:
        config_from_mapping(data)
    return error.value


def test_shipped_configuration_loads_and_round_trips() -> None:
    config = default_config()
    assert config.positions == 6
    assert config.starting_position is StartingPosition.RNG
    assert config.count_direction is CountDirection.COUNTER_CLOCKWISE
    assert config.dealing is DealingMethod.AUTOMATED_SHOE
    assert config_from_mapping(config.to_json()) == config


def test_six_betting_positions_5324_41_a_2_i() -> None:
    assert refused({"table": {"positions": 7}}).clause == "5324.41(a)(2)(i)"


def test_limits_5324_41_d() -> None:
    assert refused({"table": {"minimum_wager": "$100", "maximum_wager": "$50"}}).clause == (
        "5324.41(d)"
    )


def test_rng_side_wager_odds_between_5_5_and_6_to_1_5324_41_j_2_vi() -> None:
    assert config_from_mapping({"rng_side_wager": {"offered": True, "odds": "11:2"}}
                               ).rng_side_wager_odds == Fraction(11, 2)
    assert config_from_mapping({"rng_side_wager": {"offered": True, "odds": 6}}
                               ).rng_side_wager_odds == 6
    for odds in ("5:1", "13:2", "7:1"):
        assert refused({"rng_side_wager": {"offered": True, "odds": odds}}).clause == (
            "5324.41(j)(2)(vi)"
        )


def test_rng_side_wager_only_with_a_random_number_generator_5324_41_j_1() -> None:
    error = refused({"rng_side_wager": {"offered": True},
                     "dealing": {"starting_position": "dice"}})
    assert error.clause == "5324.41(j)(1)"


def test_co_banking_needs_player_banking_5324_41_h_5() -> None:
    error = refused({"banking": {"player_banking": False, "co_banking": True}})
    assert error.clause == "5324.41(h)(5)"


def test_vigorish_rounding_25_cents_or_exact_5324_41_g_8() -> None:
    assert refused({"vigorish": {"rounding": "$0.50"}}).clause == "5324.41(g)(8)"
    assert config_from_mapping({"vigorish": {"rounding": "$0.01"}}).vigorish_for(700) == 35


def test_three_then_four_only_with_the_three_card_bonus_5324_41_n_2() -> None:
    assert refused({"dealing": {"method": "three_then_four"}}).clause == "5324.41(n)(2)"


@pytest.mark.parametrize("method", ["automated_shoe", "manual_shoe", "hand"])
def test_the_three_card_bonus_only_with_three_then_four_5324_41_n_2(method: str) -> None:
    """A three-card bonus table dealing seven-card stacks would never settle the wager."""
    error = refused({"dealing": {"method": method},
                     "side_wagers": {"offered": ["three_card_bonus", "seven_card_bonus"]}})
    assert error.clause == "5324.41(n)(2)" and "three_then_four" in str(error)
    config_from_mapping({"dealing": {"method": "automated_shoe"},
                         "side_wagers": {"offered": ["seven_card_bonus"]}})


def test_unknown_settings_and_values_refused() -> None:
    refused({"table": {"seats": 6}})
    refused({"casino": {}})
    refused({"dealing": {"method": "shoe"}})
    refused({"dealing": {"count_direction": "sideways"}})
    refused({"house_way": {"name": "no_such_way"}})
    refused({"rankings": {"wheel_lowest": "yes"}})
    refused({"game": "let_it_ride"})


def test_load_from_a_file(tmp_path: Path) -> None:
    path = tmp_path / "table.toml"
    path.write_text('game = "pai_gow"\n[dealing]\nmethod = "hand"\ncount_direction = '
                    '"clockwise"\n[rankings]\nwheel_lowest = true\n')
    config = load_config(path)
    assert config.dealing is DealingMethod.HAND
    assert config.count_direction is CountDirection.CLOCKWISE
    assert config.wheel_lowest
    path.write_text("[table\n")
    with pytest.raises(ConfigError):
        load_config(path)


def test_dealer_wager_by_an_approved_calculation_5324_41_h_7() -> None:
    """5324.41(h)(7): the dealer's wager is the bank's last wager against the dealer (default)
    or "an amount, the calculation of which has been approved by the commission": a multiple of
    the table minimum or a fixed amount, naming the approval, within the table limits."""
    assert default_config().dealer_wager_rule.value == "last_wager"
    assert default_config().dealer_wager_for(1234) == 1234

    def approved(**banking: Any) -> dict[str, Any]:
        return {"banking": {"dealer_wager": "approved_calculation",
                            "dealer_wager_approval": "NYSGC 2026-117", **banking}}

    triple = config_from_mapping(approved(dealer_wager_multiple=3))
    assert triple.dealer_wager_for(1234) == 3000  # 3 x the $10 minimum, whatever the last wager
    assert "approved by the commission (NYSGC 2026-117)" in triple.dealer_wager_words
    fixed = config_from_mapping(approved(dealer_wager_calculation="fixed",
                                         dealer_wager_amount="$40"))
    assert fixed.dealer_wager_for(1234) == 4000
    assert config_from_mapping(fixed.to_json()) == fixed
    assert refused({"banking": {"dealer_wager": "approved_calculation"}}).clause == \
        "5324.41(h)(7)"  # no approval named
    assert refused(approved(dealer_wager_multiple=0)).clause == "5324.41(h)(7)"
    assert refused(approved(dealer_wager_multiple=1000)).clause == "5324.41(h)(7)"  # > maximum
    assert refused(approved(dealer_wager_calculation="fixed",
                            dealer_wager_amount="$5")).clause == "5324.41(h)(7)"  # < minimum
    assert refused(approved(dealer_wager_multiple="two")).clause == "5324.41(h)(7)"
    assert "dealer_wager must be one of" in str(refused({"banking": {"dealer_wager": "house"}}))
