"""Which optional wagers may share a table, and the validated configuration (5324.41(k)(1),
(k)(5), (l)(1), (l)(2), (m)(2), (m)(4), (n)(1), (o)(3), (p)(1), (p)(6))."""

from __future__ import annotations

import itertools

import pytest

from dealer_station.games.pai_gow.wagers.config import (
    BonusConfig,
    BonusConfigError,
    Completion,
    RoyalMatch,
    load_bonus_config,
)
from dealer_station.games.pai_gow.wagers.families import (
    BonusWager,
    CoexistenceError,
    check_coexistence,
)
from dealer_station.procedure import ProcedureError

W = BonusWager
FAMILIES = {
    "fortune": {W.FORTUNE_BONUS},
    "insurance": {W.INSURANCE},
    "three_seven": {W.THREE_CARD_BONUS, W.SEVEN_CARD_BONUS},
    "imperial": {W.IMPERIAL_BONUS},
}
# The pairs the regulation forbids, and the clause that forbids each.
FORBIDDEN = {
    frozenset({"fortune", "three_seven"}): "5324.41(l)(1)",
    frozenset({"fortune", "imperial"}): "5324.41(l)(1)",
    frozenset({"three_seven", "imperial"}): "5324.41(n)(1)",
    frozenset({"imperial", "insurance"}): "5324.41(p)(1)",
}


@pytest.mark.parametrize("a,b", list(itertools.combinations(FAMILIES, 2)))
def test_family_pairs_5324_41_l_1_n_1_p_1(a: str, b: str) -> None:
    offered = FAMILIES[a] | FAMILIES[b] | {W.PROGRESSIVE}
    clause = FORBIDDEN.get(frozenset({a, b}))
    if clause is None:
        check_coexistence(offered)
        BonusConfig(offered=frozenset(offered))
    else:
        with pytest.raises(CoexistenceError) as caught:
            BonusConfig(offered=frozenset(offered))
        assert caught.value.clause == clause


@pytest.mark.parametrize("wager", [w for w in W if w is not W.PROGRESSIVE])
def test_progressive_joins_any_family_5324_41_k_1(wager: BonusWager) -> None:
    check_coexistence({wager, W.PROGRESSIVE})


@pytest.mark.parametrize("wager", [W.THREE_CARD_BONUS, W.SEVEN_CARD_BONUS])
def test_either_of_the_three_seven_pair_alone_excludes_fortune_5324_41_n_1(
    wager: BonusWager,
) -> None:
    with pytest.raises(CoexistenceError):
        check_coexistence({wager, W.FORTUNE_BONUS})
    with pytest.raises(CoexistenceError):
        check_coexistence({wager, W.IMPERIAL_BONUS})


def test_envy_table_carries_the_fortune_letter_5324_41_m_2() -> None:
    config = BonusConfig(offered=frozenset({W.FORTUNE_BONUS}), fortune_letter="C",
                         envy_letter="C")
    assert config.table("envy_bonus").letter == "C"
    assert config.table("envy_bonus").fixed("royal_flush").cents == 2500
    with pytest.raises(BonusConfigError) as caught:
        BonusConfig(offered=frozenset({W.FORTUNE_BONUS}), fortune_letter="C", envy_letter="A")
    assert caught.value.clause == "5324.41(m)(2)"


@pytest.mark.parametrize(
    "denomination,rate,ok",
    [(100, 2100, True), (100, 2099, False), (500, 2700, True), (500, 2699, False),
     (500, 2100, False), (100, 10_000, True)],
)
def test_rate_of_progression_5324_41_k_5(denomination: int, rate: int, ok: bool) -> None:
    kwargs = {"offered": frozenset({W.PROGRESSIVE}), "progressive_denomination": denomination,
              "progressive_rate_basis_points": rate, "progressive_reset": 500_000}
    if ok:
        assert BonusConfig(**kwargs).progressive_rate_basis_points == rate  # type: ignore[arg-type]
    else:
        with pytest.raises(BonusConfigError) as caught:
            BonusConfig(**kwargs)  # type: ignore[arg-type]
        assert caught.value.clause == "5324.41(k)(5)"


@pytest.mark.parametrize("denomination", [200, 1000, 0])
def test_progressive_is_one_or_five_dollars_5324_41_k_1(denomination: int) -> None:
    with pytest.raises(BonusConfigError) as caught:
        BonusConfig(offered=frozenset({W.PROGRESSIVE}), progressive_denomination=denomination)
    assert caught.value.clause == "5324.41(k)(1)"


def test_reset_covers_the_largest_fixed_meter_payout_5324_41_k_5() -> None:
    one = BonusConfig(offered=frozenset({W.PROGRESSIVE}))
    assert one.largest_fixed_meter_payout() == 20_000  # royal flush and pair, $200
    five = BonusConfig(offered=frozenset({W.PROGRESSIVE}), progressive_denomination=500,
                       progressive_rate_basis_points=2700)
    assert five.largest_fixed_meter_payout() == 100_000  # five times $200
    with pytest.raises(BonusConfigError):
        BonusConfig(offered=frozenset({W.PROGRESSIVE}), progressive_reset=19_999)


def test_bonus_wager_no_less_than_one_dollar_5324_41_l_2() -> None:
    with pytest.raises(BonusConfigError) as caught:
        BonusConfig(offered=frozenset({W.FORTUNE_BONUS}), minimum_wagers={W.FORTUNE_BONUS: 50})
    assert caught.value.clause == "5324.41(l)(2)"


@pytest.mark.parametrize(
    "field,offered,floor,clause",
    [
        ("fortune_insurance_limit", {W.FORTUNE_BONUS, W.INSURANCE}, 4_000_000, "5324.41(m)(4)"),
        ("seven_card_limit", {W.SEVEN_CARD_BONUS}, 5_000_000, "5324.41(o)(3)"),
        ("imperial_limit", {W.IMPERIAL_BONUS}, 4_000_000, "5324.41(p)(6)"),
    ],
)
def test_payout_limit_floors(field: str, offered: set[BonusWager], floor: int,
                             clause: str) -> None:
    assert getattr(BonusConfig(offered=frozenset(offered), **{field: floor}), field) == floor
    with pytest.raises(BonusConfigError) as caught:
        BonusConfig(offered=frozenset(offered), **{field: floor - 1})  # type: ignore[arg-type]
    assert caught.value.clause == clause


def test_limit_floor_rises_with_the_minimum_wagers_5324_41_m_4() -> None:
    # $10 minimum fortune bonus: 8000:1 = $80,000, envy $5,000 x 6, insurance $1 x 400 = $400.
    config = BonusConfig(offered=frozenset({W.FORTUNE_BONUS, W.INSURANCE}),
                         minimum_wagers={W.FORTUNE_BONUS: 1000, W.INSURANCE: 100})
    assert config.most_won_at_minimum("fortune_insurance") == 8_000_000 + 3_000_000 + 40_000
    with pytest.raises(BonusConfigError):
        BonusConfig(offered=frozenset({W.FORTUNE_BONUS, W.INSURANCE}),
                    minimum_wagers={W.FORTUNE_BONUS: 1000, W.INSURANCE: 100},
                    fortune_insurance_limit=11_039_999)
    # imperial $100 minimum: 1000:1 + 100:1 = $110,000.
    imperial = BonusConfig(offered=frozenset({W.IMPERIAL_BONUS}),
                           minimum_wagers={W.IMPERIAL_BONUS: 10_000})
    assert imperial.most_won_at_minimum("imperial") == 11_000_000


def test_shipped_configuration_loads() -> None:
    config = load_bonus_config()
    assert config.offers(W.FORTUNE_BONUS) and config.offers(W.PROGRESSIVE)
    assert config.royal_match is RoyalMatch.KING_QUEEN
    assert config.three_seven_completion is Completion.SHOE_STACKS_OF_FOUR
    document = config.to_document()
    assert document["tables"]["insurance"]["nine_high"] == "400:1"
    assert document["progressive"]["rate_basis_points"] == 2100


def test_from_mapping_refuses_unknown_settings() -> None:
    with pytest.raises(BonusConfigError):
        BonusConfig.from_mapping({"offered": ["progressive"], "jackpot_colour": "gold"})
    with pytest.raises(BonusConfigError):
        BonusConfig.from_mapping({"overrides": {"side_bet": {"x": "1:1"}}})


@pytest.mark.parametrize(
    "wager,amount,clause",
    [("progressive", 500, "5324.41(k)(1)"), ("fortune_bonus", 99, "5324.41(l)(2)"),
     ("insurance", 50_001, "5324.41(l)(2)"), ("imperial_bonus", 100, "5324.41(d)(1)"),
     ("side_bet", 100, "5324.41(d)(1)")],
)
def test_verify_wager_bounds(wager: str, amount: int, clause: str) -> None:
    config = BonusConfig(offered=frozenset({W.PROGRESSIVE, W.FORTUNE_BONUS, W.INSURANCE}),
                         maximum_wagers={W.INSURANCE: 50_000})
    with pytest.raises(ProcedureError) as caught:
        config.verify_wager(wager, amount)
    assert caught.value.clause == clause
    config.verify_wager("progressive", 100)
    config.verify_wager("insurance", 50_000)
