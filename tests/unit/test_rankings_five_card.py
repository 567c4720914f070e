"""Let It Ride five-card rankings, NY 5324.34(b)(1)-(2) and NJ 13:69F-18.3(b), and the pair of
tens qualifier of 5324.34(f)(1): every one of the 2,598,960 hands against combinatorial counts."""

from __future__ import annotations

from collections import Counter
from itertools import combinations, combinations_with_replacement
from math import comb

import numpy as np
import pytest

from dealer_station.cards import CardError, parse_cards, standard_deck
from dealer_station.rankings import _poker, bulk
from dealer_station.rankings.five_card import (
    QUALIFYING_KEY,
    FiveCardCategory,
    evaluate_five,
    evaluate_five_indices,
    hand_for_key,
    qualifies,
)

C = FiveCardCategory


def expected_counts() -> dict[str, int]:
    """The number of five-card hands of each category, derived combinatorially."""
    straights = 10  # top cards 5 (the wheel, an ace used low) to ace; no wrap-around
    suits = 4
    royal = suits
    straight_flush = straights * suits - royal
    flush = suits * comb(13, 5) - straights * suits
    straight = straights * suits**5 - straights * suits
    quads = 13 * 48
    full_house = 13 * comb(4, 3) * 12 * comb(4, 2)
    trips = 13 * comb(4, 3) * comb(12, 2) * suits**2
    two_pair = comb(13, 2) * comb(4, 2) ** 2 * 11 * suits
    pair = 13 * comb(4, 2) * comb(12, 3) * suits**3
    high = (comb(13, 5) - straights) * (suits**5 - suits)
    return {
        "royal_flush": royal,
        "straight_flush": straight_flush,
        "four_of_a_kind": quads,
        "full_house": full_house,
        "flush": flush,
        "straight": straight,
        "three_of_a_kind": trips,
        "two_pair": two_pair,
        "pair": pair,
        "high_card": high,
    }


def test_expected_counts_cover_every_hand() -> None:
    assert sum(expected_counts().values()) == comb(52, 5) == 2_598_960


@pytest.fixture(scope="module")
def every_hand() -> np.ndarray:
    return bulk.all_hands(5)


@pytest.fixture(scope="module")
def every_key(every_hand: np.ndarray) -> np.ndarray:
    return bulk.evaluate_five_array(every_hand)


def test_5324_34_b_2_every_five_card_hand_counted_per_category(every_key: np.ndarray) -> None:
    """5324.34(b)(2): all 2,598,960 hands classified; counts equal the combinatorial counts."""
    assert len(every_key) == comb(52, 5)
    assert bulk.category_counts(every_key, FiveCardCategory) == expected_counts()


def test_5324_34_b_2_single_hand_api_agrees_with_bulk_on_every_hand(
    every_key: np.ndarray,
) -> None:
    """evaluate_five (Card objects) gives the bulk key for each of the 2,598,960 hands."""
    keys = np.fromiter(
        (evaluate_five(hand).key for hand in combinations(standard_deck(), 5)),
        dtype=np.int32,
        count=comb(52, 5),
    )
    assert np.array_equal(keys, every_key)


def test_index_api_agrees_with_bulk(every_hand: np.ndarray, every_key: np.ndarray) -> None:
    sample = range(0, len(every_hand), 97)
    for i in sample:
        assert evaluate_five_indices(every_hand[i].tolist()).key == every_key[i]


def test_5324_34_b_2_distinct_hand_values(every_key: np.ndarray) -> None:
    """Hands of identical rank share a key: as many values as the combinatorics allow."""
    distinct = (
        1  # royal flush
        + 9  # straight flushes, 5-high (wheel) to king-high
        + 13 * 12  # four of a kind and kicker
        + 13 * 12  # full houses
        + (comb(13, 5) - 10)  # flushes
        + 10  # straights
        + 13 * comb(12, 2)  # three of a kind
        + comb(13, 2) * 11  # two pairs
        + 13 * comb(12, 3)  # pairs
        + (comb(13, 5) - 10)  # high cards
    )
    assert len(np.unique(every_key)) == distinct == 7462


def test_rank_weights_are_a_perfect_hash_of_rank_multisets() -> None:
    """The table index (sum of rank weights) identifies every multiset of 1-5 cards."""
    symbols = list(range(2, 16))  # 15 stands for the joker
    for size in range(1, 6):
        seen: dict[int, tuple[int, ...]] = {}
        for ranks in combinations_with_replacement(symbols, size):
            counts = Counter(ranks)
            if max(counts.values()) > 4 or counts[15] > 1:
                continue
            key = _poker.rank_key(ranks)
            assert key not in seen, (ranks, seen.get(key))
            seen[key] = ranks


def category(text: str) -> str:
    return evaluate_five(parse_cards(text)).category.value


def test_5324_34_b_2_each_category() -> None:
    assert category("Ts Js Qs Ks As") == "royal_flush"
    assert category("9h Th Jh Qh Kh") == "straight_flush"
    assert category("7c 7d 7h 7s 2c") == "four_of_a_kind"
    assert category("7c 7d 7h 2s 2c") == "full_house"
    assert category("2d 7d 9d Jd Kd") == "flush"
    assert category("6c 7d 8h 9s Tc") == "straight"
    assert category("7c 7d 7h 2s 3c") == "three_of_a_kind"
    assert category("7c 7d 3h 3s Kc") == "two_pair"
    assert category("7c 7d 3h 4s Kc") == "pair"
    assert category("7c 8d 3h 4s Kc") == "high_card"


def test_5324_34_b_2_vi_wheel_is_the_lowest_straight() -> None:
    """5324.34(b)(1), (b)(2)(vi): an ace completes A-2-3-4-5, the lowest straight."""
    wheel = evaluate_five(parse_cards("Ah 2d 3c 4s 5h"))
    six_high = evaluate_five(parse_cards("2h 3d 4c 5s 6h"))
    broadway = evaluate_five(parse_cards("Ah Kd Qc Js Th"))
    assert wheel.category is C.STRAIGHT
    assert wheel < six_high < broadway
    steel_wheel = evaluate_five(parse_cards("As 2s 3s 4s 5s"))
    assert steel_wheel < evaluate_five(parse_cards("2h 3h 4h 5h 6h"))


@pytest.mark.parametrize(
    "cards", ["Qh Kd Ac 2s 3h", "Jh Qd Kc As 2h", "Kh Ad 2c 3s 4h", "Qs Ks As 2s 3s"]
)
def test_5324_34_b_2_vi_no_wrap_around(cards: str) -> None:
    """5324.34(b)(2)(vi): an ace may not be combined with any other sequence (Q-K-A-2-3)."""
    assert category(cards) in {"high_card", "flush"}


def test_5324_34_b_1_suits_are_equal_and_kickers_decide() -> None:
    a = evaluate_five(parse_cards("Ah Ad 9c 5s 2h"))
    b = evaluate_five(parse_cards("As Ac 9d 5h 2c"))
    assert a == b and a.key == b.key
    assert evaluate_five(parse_cards("Ah Ad 9c 5s 3h")) > a
    kings_full = evaluate_five(parse_cards("Kh Kd Kc 2s 2h"))
    assert kings_full > evaluate_five(parse_cards("Qh Qd Qc As Ah"))


def test_category_strength_orders_the_categories() -> None:
    """5324.34(b)(2) lists the hands highest first; strength follows that order."""
    order = [
        "royal_flush",
        "straight_flush",
        "four_of_a_kind",
        "full_house",
        "flush",
        "straight",
        "three_of_a_kind",
        "two_pair",
        "pair",
        "high_card",
    ]
    by_strength = sorted(FiveCardCategory, key=lambda c: c.strength, reverse=True)
    assert [c.value for c in by_strength] == order
    assert C.PAIR < C.TWO_PAIR and C.ROYAL_FLUSH > C.STRAIGHT_FLUSH


@pytest.mark.parametrize(
    ("cards", "expected"),
    [
        ("Th Td 4c 7s 2h", True),
        ("Ah Ad 4c 7s 2h", True),
        ("9h 9d Ac Ks Qh", False),
        ("2h 2d 3c 3s 4h", True),  # two pairs beat a pair of tens
        ("Ah Kd Qc Js 9h", False),
        ("2h 3h 4h 5h 7h", True),
    ],
)
def test_5324_34_f_1_pair_of_tens_or_better_qualifies(cards: str, expected: bool) -> None:
    """5324.34(f)(1): the lowest paying hand is a pair of tens."""
    hand = parse_cards(cards)
    assert qualifies(hand) is expected
    assert evaluate_five(hand).qualifies is expected


def test_qualifying_count(every_key: np.ndarray) -> None:
    """5324.34(f)(1): hands paying on bets one to three, counted combinatorially."""
    counts = expected_counts()
    pairs_of_tens_or_better = 5 * comb(4, 2) * comb(12, 3) * 4**3
    expected = (
        sum(n for name, n in counts.items() if name not in {"pair", "high_card"})
        + pairs_of_tens_or_better
    )
    assert int((every_key >= QUALIFYING_KEY).sum()) == expected


def test_hand_for_key_round_trips() -> None:
    hand = evaluate_five(parse_cards("Kh Kd 4c 4s Kc"))
    assert hand_for_key(hand.key) is hand
    with pytest.raises(ValueError):
        hand_for_key(-1)


@pytest.mark.parametrize(
    ("cards", "message"),
    [
        ("As Ks Qs Js JK", "joker"),
        ("As Ks Qs Js", "expected 5 cards"),
        ("As Ks Qs Js Ts 9s", "expected 5 cards"),
        ("As As Qs Js Ts", "duplicate"),
    ],
)
def test_invalid_hands_are_rejected(cards: str, message: str) -> None:
    with pytest.raises(CardError, match=message):
        evaluate_five(parse_cards(cards))
    with pytest.raises(CardError, match=message):
        evaluate_five(cards)  # type: ignore[arg-type]


def test_bulk_rejects_the_joker_and_bad_shapes() -> None:
    with pytest.raises(CardError):
        bulk.evaluate_five_array(np.array([[0, 1, 2, 3, 52]]))
    with pytest.raises(CardError):
        bulk.evaluate_five_array(np.array([[0, 1, 2, 3]]))


def test_tables_built_once_when_first_hands_arrive_together() -> None:
    """Regression: two threads evaluating their first hands at once built the tables twice, and
    the doubled table then valued a hand with the joker instead of refusing it."""
    import threading

    from dealer_station.rankings import five_card

    saved = (list(five_card._PLAIN), list(five_card._FLUSH))
    five_card._PLAIN.clear()
    five_card._FLUSH.clear()
    try:
        threads = [threading.Thread(target=five_card._ensure_tables) for _ in range(4)]
        for thread in threads:
            thread.start()
        for thread in threads:
            thread.join()
        assert len(five_card._PLAIN) == len(five_card._FLUSH) == five_card._SIZE
        with pytest.raises(CardError, match="joker"):
            evaluate_five(parse_cards("As Ks Qs Js JK"))
    finally:
        five_card._PLAIN[:] = saved[0] or five_card._PLAIN
        five_card._FLUSH[:] = saved[1] or five_card._FLUSH
