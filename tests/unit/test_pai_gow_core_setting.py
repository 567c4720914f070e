"""Player settings, fouls and results against the banker (9 NYCRR 5324.41(g)(1), (g)(5)-(7))."""

from __future__ import annotations

import pytest

from dealer_station.cards import CardError, parse_cards
from dealer_station.games.pai_gow.setting import (
    Outcome,
    SetHand,
    low_outranks_high,
    outcome,
    player_setting,
)

SEVEN = parse_cards("As Kd 9h 7c 5s 3d 2c", count=7)
BANKER = SetHand(parse_cards("Kc Ks 4c 3h 2h"), parse_cards("9d 7s"))


def hand(high: str, low: str) -> SetHand:
    return SetHand(parse_cards(high, count=5), parse_cards(low, count=2))


def test_low_hand_entered_as_two_cards_5324_41_g_1() -> None:
    setting = player_setting(SEVEN, "Kd 9h")
    assert setting.foul is None
    assert set(setting.high) == set(parse_cards("As 7c 5s 3d 2c"))


def test_low_outranking_high_is_a_foul_5324_41_g_5_iii() -> None:
    assert player_setting(SEVEN, "As Kd").foul is not None
    assert low_outranks_high(parse_cards("9s 8d 6h 4c 2s"), parse_cards("Ts 3c"))
    assert low_outranks_high(parse_cards("4s 4d Kh Qc 2s"), parse_cards("5s 5c"))
    assert not low_outranks_high(parse_cards("5s 5d Kh Qc 2s"), parse_cards("5h 5c"))
    assert not low_outranks_high(parse_cards("3s 3d 2h 2c 4s"), parse_cards("As Ac"))
    assert not low_outranks_high(parse_cards("As Kd 6h 4c 2s"), parse_cards("Ah Kc"))


@pytest.mark.parametrize("low", ["Kd", "Kd 9h 7c", "Kd 9h 7c 5s 3d"])
def test_wrong_card_count_is_a_foul_5324_41_g_5_iv(low: str) -> None:
    foul = player_setting(SEVEN, low).foul
    assert foul is not None and "(g)(5)(iv)" in foul


def test_cards_not_dealt_refused() -> None:
    with pytest.raises(CardError):
        player_setting(SEVEN, "Ah Kd")


@pytest.mark.parametrize(
    ("player", "expected", "clause"),
    [
        (hand("As Ad 9c 5d 3s", "Th 8c"), Outcome.WIN, "(g)(7)"),
        (hand("Qs Qd 9c 5d 3s", "6h 5c"), Outcome.LOSE, "(g)(5)(i)"),
        (hand("Kh Kd 4d 3s 2c", "9c 7d"), Outcome.LOSE, "(g)(5)(ii): both copies"),
        (hand("Kh Kd 4d 3s 2c", "8c 7d"), Outcome.LOSE, "(g)(5)(ii): copy and lower"),
        (hand("As Ad 9c 5d 3s", "9c 7d"), Outcome.PUSH, "(g)(6)(i): higher and copy"),
        (hand("Kh Kd 4d 3s 2c", "Tc 7d"), Outcome.PUSH, "(g)(6)(ii): copy and higher"),
        (hand("Qs Qd 9c 5d 3s", "Ac 7d"), Outcome.PUSH, "(g)(6)(ii): lower and higher"),
        (SetHand(parse_cards("As Ad 9c 5d 3s"), parse_cards("Kh Kc"), "foul"), Outcome.LOSE,
         "(g)(5)(iii)"),
    ],
)
def test_results_against_the_banker_5324_41_g_5_to_g_7(
    player: SetHand, expected: Outcome, clause: str
) -> None:
    """5324.41(g)(5)-(7); copy hands go to the banker."""
    assert outcome(player, BANKER) is expected, clause


def test_wheel_lowest_option_5324_41_c_4() -> None:
    """5324.41(c)(4): with the option, A-2-3-4-5 is the lowest straight."""
    wheel = hand("Ah 2d 3c 4s 5h", "Kc Qd")
    six = SetHand(parse_cards("6c 5d 4c 3d 2s"), parse_cards("Jc Td"))
    assert outcome(wheel, six) is Outcome.WIN
    assert outcome(wheel, six, wheel_lowest=True) is Outcome.PUSH
