"""Seven-card categories of the Pai Gow Poker bonus wagers, NY 5324.41: fortune (c)(6), (m)(1);
insurance (c)(7), (m)(3); progressive (k)(4); seven-card bonus (o)(2); imperial (p)(4)-(5)."""

from __future__ import annotations

from itertools import combinations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from dealer_station.cards import JOKER, Card, CardError, parse_cards, standard_deck
from dealer_station.rankings.pai_gow import PaiGowCategory, evaluate_high, evaluate_low
from dealer_station.rankings.seven_card import (
    FortuneHand,
    ImperialHand,
    PaiGowHighCard,
    ProgressiveHand,
    RoyalMatch,
    SevenCardBonusHand,
    analyse_seven,
    banker_pai_gow,
    best_five,
    fortune_hands,
    imperial_hands,
    insurance_pai_gow,
    progressive_hands,
    progressive_split,
    seven_card_bonus_hands,
)

F = FortuneHand
seven_cards = st.lists(
    st.sampled_from([*standard_deck(), JOKER]), min_size=7, max_size=7, unique=True
)


def fortune(text: str, match: RoyalMatch = RoyalMatch.KING_QUEEN) -> frozenset[FortuneHand]:
    return fortune_hands(parse_cards(text), royal_match=match)


def test_5324_41_c_6_i_seven_card_straight_flush_with_no_joker() -> None:
    """(c)(6)(i): seven suited cards in sequence, no joker; an ace may start A-2-...-7."""
    assert F.SEVEN_CARD_STRAIGHT_FLUSH_WITH_NO_JOKER in fortune("5h 6h 7h 8h 9h Th Jh")
    assert F.SEVEN_CARD_STRAIGHT_FLUSH_WITH_NO_JOKER in fortune("Ah 2h 3h 4h 5h 6h 7h")
    assert F.SEVEN_CARD_STRAIGHT_FLUSH_WITH_NO_JOKER in fortune("8d 9d Td Jd Qd Kd Ad")
    assert F.SEVEN_CARD_STRAIGHT_FLUSH_WITH_NO_JOKER not in fortune("5h 6h 7h 8h 9h Th Qh")
    assert F.SEVEN_CARD_STRAIGHT_FLUSH_WITH_NO_JOKER not in fortune("Qh Kh Ah 2h 3h 4h 5h")


def test_5324_41_c_6_iii_seven_card_straight_flush_with_joker() -> None:
    """(c)(6)(iii): the joker completes the seven-card straight flush (inside or at an end)."""
    assert F.SEVEN_CARD_STRAIGHT_FLUSH_WITH_JOKER in fortune("JK 3c 4c 5c 6c 7c 8c")
    assert F.SEVEN_CARD_STRAIGHT_FLUSH_WITH_JOKER in fortune("JK 3c 4c 6c 7c 8c 9c")
    found = fortune("JK 3c 4c 6c 7c 8c Tc")
    assert F.SEVEN_CARD_STRAIGHT_FLUSH_WITH_JOKER not in found
    assert F.SEVEN_CARD_STRAIGHT_FLUSH_WITH_NO_JOKER not in found


@pytest.mark.parametrize(
    ("cards", "match", "expected"),
    [
        ("As Ks Qs Js Ts Kh Qh", RoyalMatch.KING_QUEEN, True),
        ("As Ks Qs Js Ts Kh Qd", RoyalMatch.KING_QUEEN, False),  # not of a same suit
        ("As Ks Qs Js Ts Ah Kh", RoyalMatch.KING_QUEEN, False),
        ("As Ks Qs Js Ts Ah Kh", RoyalMatch.ACE_KING, True),
        ("As Ks Qs Js Ts Kh Qh", RoyalMatch.ACE_KING, False),
        ("JK Ks Qs Js Ts Kh Qh", RoyalMatch.KING_QUEEN, True),  # royal flush with a joker
        ("As Ks JK Js Ts Ah Kh", RoyalMatch.ACE_KING, True),
        ("As Ks Qs Js Ts JK Kh", RoyalMatch.ACE_KING, False),  # the match ace without a joker
    ],
)
def test_5324_41_c_6_ii_royal_flush_plus_royal_match(
    cards: str, match: RoyalMatch, expected: bool
) -> None:
    """(c)(6)(ii): a royal flush, with or without a joker, and the pre-selected extra pair:
    (a) king and queen of a same suit, or (b) ace and king of the same suit without a joker."""
    assert (F.ROYAL_FLUSH_PLUS_ROYAL_MATCH in fortune(cards, match)) is expected


def test_5324_41_m_1_five_card_hands_from_seven() -> None:
    """(l)(4)(ii), (m)(1): the best five-card hands of the seven cards also count."""
    assert fortune("As Ah Ad Ac JK 2c 3d") >= {F.FIVE_ACES}
    assert F.FOUR_OF_A_KIND in fortune("9s 9h 9d 9c 2c 5d Kh")
    found = fortune("9c 9d 9h 5s 6s 7d 8c")  # both a straight and three of a kind
    assert {F.STRAIGHT, F.THREE_OF_A_KIND} <= found
    assert fortune("2c 4d 6h 8s Tc Qd Ah") == frozenset()


@settings(max_examples=60, deadline=None)
@given(cards=seven_cards)
def test_best_five_is_the_best_of_the_21_choices(cards: list[Card]) -> None:
    """(c)(2): the best five-card hand of seven is the highest of the 21 choices, and the
    fortune and imperial hands include its category when it is one of theirs."""
    best = best_five(cards)
    assert best.key == max(evaluate_high(five).key for five in combinations(cards, 5))
    if best.category.value in {h.value for h in ImperialHand}:
        assert ImperialHand(best.category.value) in imperial_hands(cards)
        assert FortuneHand(best.category.value) in fortune_hands(cards)


def test_5324_41_c_7_m_3_insurance_pai_gow_by_highest_card() -> None:
    """(c)(7), (m)(3): a pai gow named by its highest card; the joker only as an ace."""
    assert insurance_pai_gow(parse_cards("2h 3d 4c 5s 7h 8d 9c")) is PaiGowHighCard.NINE_HIGH
    assert insurance_pai_gow(parse_cards("2h 3d 4c 6s 7h 9d Tc")) is PaiGowHighCard.TEN_HIGH
    assert insurance_pai_gow(parse_cards("2h 4d 6c 8s 9h Jd Qc")) is PaiGowHighCard.QUEEN_HIGH
    assert insurance_pai_gow(parse_cards("2h 4d 6c 8s 9h Jd Kc")) is PaiGowHighCard.KING_HIGH
    # The joker does not complete the straight 2-6 or the flush for the insurance wager.
    assert insurance_pai_gow(parse_cards("JK 2d 3c 4s 6h Jd Qc")) is PaiGowHighCard.ACE_HIGH
    assert insurance_pai_gow(parse_cards("JK 2d 4d 6d 8d Jc Qc")) is PaiGowHighCard.ACE_HIGH
    # A pair, a straight or a flush is no pai gow.
    assert insurance_pai_gow(parse_cards("JK Ad 3c 5s 7h 8d Tc")) is None
    assert insurance_pai_gow(parse_cards("2h 3d 4c 5s 6h 9d Jc")) is None
    assert insurance_pai_gow(parse_cards("JK 2d 3c 4s 5h 9d Jc")) is None  # ace as the joker
    assert insurance_pai_gow(parse_cards("2h 4h 6h 8h Th Qd Kc")) is None


def test_5324_41_p_5_banker_pai_gow() -> None:
    """(p)(5): the banker's pai gow, jack, 10 or 9 high; the joker completes a straight or
    flush for the imperial wager ((p)(3)(i)) and is otherwise an ace."""
    assert banker_pai_gow(parse_cards("2h 3d 4c 6s 7h 8d Jc")) is PaiGowHighCard.JACK_HIGH
    assert banker_pai_gow(parse_cards("2h 3d 4c 6s 7h 9d Tc")) is PaiGowHighCard.TEN_HIGH
    assert banker_pai_gow(parse_cards("2h 3d 4c 5s 7h 8d 9c")) is PaiGowHighCard.NINE_HIGH
    assert banker_pai_gow(parse_cards("JK 2d 3c 4s 6h Jd Qc")) is None
    assert banker_pai_gow(parse_cards("JK 2d 4c 6s 8h Td Qc")) is PaiGowHighCard.ACE_HIGH


@settings(max_examples=60, deadline=None)
@given(cards=seven_cards)
def test_pai_gow_hands_hold_no_poker_hand(cards: list[Card]) -> None:
    """A pai gow ((m)(3), (p)(5)) is a seven-card hand with no pair, straight or flush."""
    insured = insurance_pai_gow(cards)
    banker = banker_pai_gow(cards)
    if banker is not None:
        assert best_five(cards).category is PaiGowCategory.HIGH_CARD
    if insured is not None and JOKER not in cards:
        assert banker is insured
    if banker is not None and JOKER not in cards:
        assert insured is banker


@pytest.mark.parametrize(
    ("cards", "expected"),
    [
        ("As Ks Qs Js Ts 4c 4d", ProgressiveHand.NATURAL_ROYAL_FLUSH_AND_PAIR),
        ("As Ks Qs Js Ts JK Ad", ProgressiveHand.NATURAL_ROYAL_FLUSH_AND_PAIR),  # joker an ace
        ("As Ah Ad Ac JK 4c 4d", ProgressiveHand.FIVE_ACES_AND_PAIR),
        ("As Ks Qs Js Ts 4c 5d", ProgressiveHand.NATURAL_ROYAL_FLUSH),
        ("JK Ks Qs Js Ts 4c 4d", ProgressiveHand.ROYAL_FLUSH_AND_PAIR),
        ("Kc Kd Kh Ks 5c 5d 2h", ProgressiveHand.FOUR_OF_A_KIND_AND_PAIR),
        ("2h 4h 6h 8h Th Qd Qc", ProgressiveHand.FLUSH_AND_PAIR),
        ("9c 9d 9h 5s 6s 2d 4c", ProgressiveHand.THREE_OF_A_KIND),
    ],
)
def test_5324_41_k_4_progressive_hands(cards: str, expected: ProgressiveHand) -> None:
    """(k)(4): the hand types, "and pair" for a pair in the low hand (a joker there is an ace),
    "natural" for a royal flush without the joker; a split that forms each."""
    found = progressive_hands(parse_cards(cards))
    assert expected in found
    assert max(found) is expected
    split = progressive_split(parse_cards(cards), expected)
    assert sorted(split.high + split.low, key=str) == sorted(parse_cards(cards), key=str)
    high = evaluate_high(split.high)
    assert high.category.value in expected.value
    assert expected.value.endswith("_and_pair") is (
        evaluate_low(split.low).category is PaiGowCategory.PAIR
    )


def test_5324_41_k_4_no_progressive_hand() -> None:
    assert progressive_hands(parse_cards("2c 4d 6h 8s Tc Qd Ah")) == frozenset()
    with pytest.raises(CardError):
        progressive_split(parse_cards("2c 4d 6h 8s Tc Qd Ah"), ProgressiveHand.STRAIGHT)


def test_5324_41_o_2_seven_card_bonus_straight_flush_with_and_without_joker() -> None:
    """(o)(2): a straight flush "with no joker" when five real cards form it."""
    assert SevenCardBonusHand.STRAIGHT_FLUSH_WITH_JOKER in seven_card_bonus_hands(
        parse_cards("JK 9h Th Jh Qh 2c 2d")
    )
    natural = seven_card_bonus_hands(parse_cards("8h 9h Th Jh Qh 2c 2d"))
    assert SevenCardBonusHand.STRAIGHT_FLUSH_WITH_NO_JOKER in natural
    assert SevenCardBonusHand.STRAIGHT_FLUSH_WITH_JOKER not in natural
    assert SevenCardBonusHand.FIVE_ACES in seven_card_bonus_hands(
        parse_cards("As Ah Ad Ac JK 2c 3d")
    )


def test_5324_41_p_4_imperial_player_hands() -> None:
    """(p)(4): three of a kind up to five aces."""
    assert imperial_hands(parse_cards("9c 9d 9h 5s 6s 2d 4c")) == {ImperialHand.THREE_OF_A_KIND}
    assert ImperialHand.STRAIGHT in imperial_hands(parse_cards("JK 2d 3c 4s 6h Jd Qc"))
    assert imperial_hands(parse_cards("9c 9d 8h 5s 6s 2d 4c")) == frozenset()


def test_analyse_seven_collects_every_wager() -> None:
    result = analyse_seven(parse_cards("As Ah Ad Ac JK Kc Kd"))
    assert result.best.category is PaiGowCategory.FIVE_ACES
    categories = result.bonus_categories()
    assert categories["fortune"][0] == "five_aces"
    assert categories["progressive"][0] == "five_aces_and_pair"
    assert categories["insurance"] == [] and categories["imperial_banker"] == []


def test_seven_cards_are_required() -> None:
    with pytest.raises(CardError, match="expected 7"):
        fortune_hands(parse_cards("As Ah Ad Ac JK"))
