"""Every row of every regulated pay table of 5324.41(k)-(p), checked against the regulation's text,
and the rule that a facility may pay more but never less."""

from __future__ import annotations

import pytest

from dealer_station.games.pai_gow.wagers.paytables import (
    Fixed,
    MeterShare,
    Odds,
    PayTableError,
    letters,
    parse_figure,
    pay_table,
)

# The regulation's tables, typed from /work/shared/regulations/ny-5324.41-pai-gow-poker.txt.
FORTUNE = {  # 5324.41(m)(1): hand -> (A, B, C)
    "straight": (2, 2, 2),
    "three_of_a_kind": (3, 3, 3),
    "flush": (4, 4, 4),
    "full_house": (5, 5, 5),
    "four_of_a_kind": (25, 25, 20),
    "straight_flush": (50, 50, 50),
    "royal_flush": (150, 150, 100),
    "five_aces": (400, 400, 250),
    "seven_card_straight_flush_with_joker": (1000, 1000, 750),
    "royal_flush_plus_royal_match": (2000, 2000, 1000),
    "seven_card_straight_flush_with_no_joker": (8000, 5000, 5000),
}
ENVY = {  # 5324.41(m)(2): dollars
    "four_of_a_kind": (5, 5, 5),
    "straight_flush": (20, 20, 10),
    "royal_flush": (50, 50, 25),
    "five_aces": (250, 250, 50),
    "seven_card_straight_flush_with_joker": (500, 500, 100),
    "royal_flush_plus_royal_match": (1000, 1000, 250),
    "seven_card_straight_flush_with_no_joker": (5000, 3000, 1000),
}
INSURANCE = {  # 5324.41(m)(3): A..E
    "ace_high": (2, 2, 1, 3, 3),
    "king_high": (3, 3, 5, 5, 5),
    "queen_high": (5, 5, 10, 6, 7),
    "jack_high": (20, 25, 25, 15, 15),
    "ten_high": (40, 75, 50, 25, 25),
    "nine_high": (400, 250, 100, 100, 100),
}
THREE_CARD = {  # 5324.41(o)(1)
    "one_pair": 1,
    "three_card_flush": 3,
    "three_card_straight": 4,
    "three_card_straight_flush": 5,
    "three_of_a_kind": 25,
    "three_card_straight_flush_with_no_joker": 40,
}
SEVEN_CARD = {  # 5324.41(o)(2), the garbled rows read as documented
    "straight": (2, 2),
    "three_of_a_kind": (3, 3),
    "flush": (4, 4),
    "full_house": (5, 5),
    "four_of_a_kind": (25, 25),
    "straight_flush_with_joker": (50, 30),
    "straight_flush_with_no_joker": (250, 50),
    "royal_flush": (250, 200),
    "five_aces": (500, 500),
}
PLAYER_HAND = {  # 5324.41(p)(4)
    "three_of_a_kind": 2, "straight": 2, "flush": 4, "full_house": 5, "four_of_a_kind": 25,
    "straight_flush": 50, "royal_flush": 200, "five_aces": 1000,
}
BANKER_HAND = {"jack_high": 5, "ten_high": 20, "nine_high": 100}  # 5324.41(p)(5)
PROGRESSIVE = {  # 5324.41(k)(4)(ii)
    "natural_royal_flush_and_pair": MeterShare(10000),
    "five_aces_and_pair": MeterShare(10000),
    "natural_royal_flush": MeterShare(1000),
    "five_aces": MeterShare(1000),
    "royal_flush_and_pair": Fixed(20000),
    "royal_flush": Fixed(10000),
    "straight_flush_and_pair": Fixed(5000),
    "straight_flush": Fixed(2500),
    "four_of_a_kind_and_pair": Fixed(4000),
    "four_of_a_kind": Fixed(2000),
    "full_house_and_pair": Fixed(1000),
    "full_house": Fixed(500),
    "flush_and_pair": Fixed(600),
    "flush": Fixed(300),
    "straight_and_pair": Fixed(400),
    "straight": Fixed(200),
    "three_of_a_kind": Fixed(200),
}


def _rows(wager: str, letter: str) -> dict[str, object]:
    return dict(pay_table(wager, letter).rows)


@pytest.mark.parametrize("index,letter", list(enumerate("ABC")))
def test_fortune_bonus_tables_5324_41_m_1(index: int, letter: str) -> None:
    assert _rows("fortune_bonus", letter) == {h: Odds(v[index]) for h, v in FORTUNE.items()}


@pytest.mark.parametrize("index,letter", list(enumerate("ABC")))
def test_envy_bonus_tables_5324_41_m_2(index: int, letter: str) -> None:
    assert _rows("envy_bonus", letter) == {h: Fixed(v[index] * 100) for h, v in ENVY.items()}


@pytest.mark.parametrize("index,letter", list(enumerate("ABCDE")))
def test_insurance_tables_5324_41_m_3(index: int, letter: str) -> None:
    assert _rows("insurance", letter) == {h: Odds(v[index]) for h, v in INSURANCE.items()}


def test_three_card_bonus_table_5324_41_o_1() -> None:
    assert _rows("three_card_bonus", "-") == {h: Odds(v) for h, v in THREE_CARD.items()}


@pytest.mark.parametrize("index,letter", list(enumerate("AB")))
def test_seven_card_bonus_tables_5324_41_o_2(index: int, letter: str) -> None:
    assert _rows("seven_card_bonus", letter) == {h: Odds(v[index]) for h, v in SEVEN_CARD.items()}


def test_imperial_tables_5324_41_p_4_and_p_5() -> None:
    assert _rows("player_hand_bonus", "-") == {h: Odds(v) for h, v in PLAYER_HAND.items()}
    assert _rows("banker_hand_bonus", "-") == {h: Odds(v) for h, v in BANKER_HAND.items()}


def test_progressive_table_5324_41_k_4() -> None:
    assert _rows("progressive", "-") == PROGRESSIVE


def test_letters_offered_by_the_regulation() -> None:
    assert letters("fortune_bonus") == ("A", "B", "C")
    assert letters("envy_bonus") == ("A", "B", "C")
    assert letters("insurance") == ("A", "B", "C", "D", "E")
    assert letters("seven_card_bonus") == ("A", "B")
    with pytest.raises(PayTableError) as caught:
        pay_table("insurance", "F")
    assert caught.value.clause == "5324.41(m)(3)"


@pytest.mark.parametrize(
    "wager,letter,hand,figure,clause",
    [
        ("fortune_bonus", "C", "four_of_a_kind", "19:1", "5324.41(m)(1)"),
        ("envy_bonus", "A", "royal_flush", "$49", "5324.41(m)(2)"),
        ("insurance", "E", "nine_high", "99:1", "5324.41(m)(3)"),
        ("three_card_bonus", "-", "one_pair", "1:2", "5324.41(o)(1)"),
        ("seven_card_bonus", "B", "five_aces", "499:1", "5324.41(o)(2)"),
        ("player_hand_bonus", "-", "five_aces", "999:1", "5324.41(p)(4)"),
        ("banker_hand_bonus", "-", "jack_high", "4:1", "5324.41(p)(5)"),
        ("progressive", "-", "straight", "$1.99", "5324.41(k)(4)"),
        ("progressive", "-", "five_aces", "9.99%", "5324.41(k)(4)"),
        ("progressive", "-", "royal_flush", "50%", "5324.41(k)(4)"),  # another kind of figure
    ],
)
def test_never_below_the_regulation(
    wager: str, letter: str, hand: str, figure: str, clause: str
) -> None:
    with pytest.raises(PayTableError) as caught:
        pay_table(wager, letter, {hand: figure})
    assert caught.value.clause == clause


def test_a_facility_may_pay_more() -> None:
    table = pay_table("insurance", "D", {"nine_high": "150:1"})
    assert table.figure("nine_high") == Odds(150)
    assert table.figure("ten_high") == Odds(25)
    assert pay_table("progressive", overrides={"five_aces": "15%"}).figure("five_aces") == (
        MeterShare(1500))


def test_unknown_hand_refused() -> None:
    with pytest.raises(PayTableError):
        pay_table("fortune_bonus", "A", {"two_pairs": "1:1"})


def test_parse_figure() -> None:
    assert parse_figure("11:2") == Odds(11, 2)
    assert Odds(11, 2).pays(1000) == 5500
    assert MeterShare(1000).of(1001) == 101  # rounded up: never below the share
    with pytest.raises(ValueError):
        parse_figure("lots")
