"""Three-card bonus hands: Let It Ride, NY 5324.34(b)(3) (NJ 13:69F-18.3(c)), every one of the
22,100 hands against combinatorial counts; Pai Gow Poker, NY 5324.41(o)(1) with the joker rule of
(c)(1) and (c)(3), every one of the 23,426 hands against a brute-force substitution of the joker."""

from __future__ import annotations

from collections import Counter
from itertools import combinations
from math import comb

import pytest

from dealer_station.cards import JOKER, Card, CardError, Rank, parse_cards, standard_deck
from dealer_station.rankings import bulk
from dealer_station.rankings.three_card import (
    PaiGowThreeCardCategory,
    ThreeCardCategory,
    evaluate_pai_gow_three,
    evaluate_three,
)

P = PaiGowThreeCardCategory


def expected_counts() -> dict[str, int]:
    """Let It Ride three-card hands per category, derived combinatorially."""
    suits = 4
    windows = 12  # A-2-3 (ace low) up to Q-K-A; K-A-2 is no straight
    mini_royal = suits
    straight_flush = windows * suits - mini_royal
    trips = 13 * comb(4, 3)
    straight = windows * (suits**3 - suits)
    flush = suits * (comb(13, 3) - windows)
    pair = 13 * comb(4, 2) * 12 * suits
    high = (comb(13, 3) - windows) * (suits**3 - suits)
    return {
        "mini_royal": mini_royal,
        "straight_flush": straight_flush,
        "three_of_a_kind": trips,
        "straight": straight,
        "flush": flush,
        "pair": pair,
        "high_card": high,
    }


def test_expected_counts_cover_every_hand() -> None:
    assert sum(expected_counts().values()) == comb(52, 3) == 22_100


def test_5324_34_b_3_every_three_card_hand_counted_per_category() -> None:
    """5324.34(b)(3): all 22,100 hands classified by the single-hand API and the bulk path."""
    single = Counter(evaluate_three(h).category.value for h in combinations(standard_deck(), 3))
    assert dict(single) == expected_counts()
    keys = bulk.evaluate_three_array(bulk.all_hands(3))
    assert bulk.category_counts(keys, ThreeCardCategory) == expected_counts()
    assert keys.tolist() == [evaluate_three(h).key for h in combinations(standard_deck(), 3)]


@pytest.mark.parametrize(
    ("cards", "expected"),
    [
        ("Ah Kh Qh", "mini_royal"),
        ("Ah 2h 3h", "straight_flush"),
        ("Jd Qd Kd", "straight_flush"),
        ("7c 7d 7h", "three_of_a_kind"),
        ("Ah 2d 3c", "straight"),
        ("Kh Ad 2c", "high_card"),
        ("Kh Ah 2h", "flush"),
        ("2d 9d Jd", "flush"),
        ("9c 9d 2h", "pair"),
        ("9c Jd 2h", "high_card"),
    ],
)
def test_5324_34_b_3_categories(cards: str, expected: str) -> None:
    """5324.34(b)(3)(i)-(vi): A-2-3 is a straight, K-A-2 is not; a flush is not consecutive."""
    assert evaluate_three(parse_cards(cards)).category.value == expected


def test_5324_34_b_3_no_joker_in_let_it_ride() -> None:
    with pytest.raises(CardError, match="joker"):
        evaluate_three(parse_cards("JK Ah Kh"))
    with pytest.raises(CardError, match="expected 3"):
        evaluate_three(parse_cards("Ah Kh"))


# The Pai Gow three-card bonus, 5324.41(o)(1).

_COMPLETES = {P.STRAIGHT, P.FLUSH, P.STRAIGHT_FLUSH}


def _brute_force(cards: tuple[Card, ...]) -> PaiGowThreeCardCategory:
    """The best (o)(1) hand over every card the joker may stand for: an ace of any suit
    (5324.41(c)(1)), or any card that completes a straight, flush or straight flush ((c)(3))."""
    if JOKER not in cards:
        return evaluate_pai_gow_three(cards).category
    real = tuple(c for c in cards if c is not JOKER)
    best = P.HIGH_CARD
    for stand_in in standard_deck():
        if stand_in in real:
            continue
        found = evaluate_pai_gow_three((*real, stand_in)).category
        if found is P.STRAIGHT_FLUSH_WITH_NO_JOKER:
            found = P.STRAIGHT_FLUSH  # the joker was used to make it
        if stand_in.rank is Rank.ACE or found in _COMPLETES:
            best = max(best, found)
    return best


def test_5324_41_o_1_every_pai_gow_three_card_hand_against_brute_force() -> None:
    """(o)(1) with (c)(1), (c)(3): every hand of the 53-card deck, the joker at its best."""
    deck = (*standard_deck(), JOKER)
    counts: Counter[str] = Counter()
    for hand in combinations(deck, 3):
        found = evaluate_pai_gow_three(hand).category
        if JOKER in hand:
            assert found is _brute_force(hand), hand
        counts[found.value] += 1
    assert sum(counts.values()) == comb(53, 3)
    # Without the joker the hands are Let It Ride's, the straight flushes "with no joker".
    lir = expected_counts()
    natural_sf = lir["mini_royal"] + lir["straight_flush"]
    joker_sf = counts["three_card_straight_flush"]
    assert counts["three_card_straight_flush_with_no_joker"] == natural_sf
    # With the joker: two suited cards within one three-card window (A-2-3 to Q-K-A).
    suited_pairs_in_a_window = 4 * len(
        {
            pair
            for window in [(14, 2, 3), *[(t - 2, t - 1, t) for t in range(4, 15)]]
            for pair in combinations(sorted(window), 2)
        }
    )
    assert joker_sf == suited_pairs_in_a_window


@pytest.mark.parametrize(
    ("cards", "expected"),
    [
        ("JK 7h 8h", P.STRAIGHT_FLUSH),
        ("JK 7h 9h", P.STRAIGHT_FLUSH),
        ("6h 7h 8h", P.STRAIGHT_FLUSH_WITH_NO_JOKER),
        ("Ah Kh Qh", P.STRAIGHT_FLUSH_WITH_NO_JOKER),
        ("JK As Ad", P.THREE_OF_A_KIND),
        ("JK Kc Kd", P.PAIR),
        ("JK Ah 9h", P.FLUSH),
        ("JK Ah 9c", P.PAIR),
        ("JK 2c 3d", P.STRAIGHT),
        ("JK Kc 2d", P.HIGH_CARD),
        ("JK Qc Kd", P.STRAIGHT),
    ],
)
def test_5324_41_o_1_joker_rule(cards: str, expected: PaiGowThreeCardCategory) -> None:
    """(o)(1): the joker is an ace or completes a straight, flush or straight flush; a straight
    flush that uses it is not one "with no joker"."""
    assert evaluate_pai_gow_three(parse_cards(cards)).category is expected


def test_5324_41_o_1_pay_table_order() -> None:
    """(o)(1) lists the hands from one pair to three-card straight flush with no joker; the
    names are the pay table's words in snake case."""
    assert [c.value for c in PaiGowThreeCardCategory][1:] == [
        "one_pair",
        "three_card_flush",
        "three_card_straight",
        "three_card_straight_flush",
        "three_of_a_kind",
        "three_card_straight_flush_with_no_joker",
    ]
