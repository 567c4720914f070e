"""The analysis's array counters against the rankings' evaluators: every three-card hand, a
deterministic spread of the five-card hands (and every rare one), every five-card Pai Gow hand
holding the joker."""

from __future__ import annotations

from collections import Counter
from math import comb

import numpy as np
import pytest

from dealer_station.analysis.combinatorics import colex_rank, combinations_array
from dealer_station.analysis.five_card_table import HandCode, classify_five, five_card_codes
from dealer_station.analysis.let_it_ride import BASE_GAME_HANDS, five_card_categories
from dealer_station.analysis.pai_gow import three_card_bonus_counts, three_card_names
from dealer_station.analysis.three_card_counts import (
    LetItRideThree,
    PaiGowThree,
    classify_let_it_ride_three,
    classify_pai_gow_three,
)
from dealer_station.cards import Card

five_card = pytest.importorskip("dealer_station.rankings.five_card")
three_card = pytest.importorskip("dealer_station.rankings.three_card")
pai_gow = pytest.importorskip("dealer_station.rankings.pai_gow")


def test_colex_rank_is_the_row_number_of_every_subset() -> None:
    for n, k in ((52, 3), (53, 4), (20, 7)):
        rows = combinations_array(n, k)
        assert len(rows) == comb(n, k)
        assert (colex_rank(rows) == np.arange(len(rows))).all()
        assert (np.diff(rows, axis=1) > 0).all()


def test_let_it_ride_three_card_counter_agrees_with_rankings_on_every_hand() -> None:
    """5324.34(b)(3): all 22,100 three-card hands, counter against ``evaluate_three``."""
    hands = combinations_array(52, 3)
    codes = classify_let_it_ride_three(hands)
    for row, code in zip(hands.tolist(), codes.tolist(), strict=True):
        cards = [Card.from_index(i) for i in row]
        expected = three_card.evaluate_three(cards).category.value
        assert LetItRideThree(code).name.lower() == expected, row


def test_pai_gow_three_card_counter_agrees_with_rankings_on_every_hand() -> None:
    """5324.41(o)(1): all 23,426 three-card hands of the 53 cards, against
    ``evaluate_pai_gow_three`` (the joker completing straights and flushes)."""
    names = {
        PaiGowThree.HIGH_CARD: "high_card",
        PaiGowThree.PAIR: "one_pair",
        PaiGowThree.FLUSH: "three_card_flush",
        PaiGowThree.STRAIGHT: "three_card_straight",
        PaiGowThree.STRAIGHT_FLUSH_WITH_JOKER: "three_card_straight_flush",
        PaiGowThree.THREE_OF_A_KIND: "three_of_a_kind",
        PaiGowThree.STRAIGHT_FLUSH: "three_card_straight_flush_with_no_joker",
    }
    hands = combinations_array(53, 3)
    codes = classify_pai_gow_three(hands)
    for row, code in zip(hands.tolist(), codes.tolist(), strict=True):
        cards = [Card.from_index(i) for i in row]
        assert names[PaiGowThree(code)] == pai_gow_three(cards), row
    counts = three_card_bonus_counts()
    assert sum(counts.values()) == comb(53, 3)
    assert set(counts) == {*three_card_names().values(), "losing_hands"}


def pai_gow_three(cards: list[Card]) -> str:
    value: str = three_card.evaluate_pai_gow_three(cards).category.value
    return value


def _let_it_ride_name(row: list[int]) -> str:
    hand = five_card.evaluate_five(row)
    name: str = hand.category.value
    if name == "pair" and not hand.qualifies:
        return "pair_below_tens"
    return name


_LET_IT_RIDE_NAMES = {
    HandCode.HIGH_CARD: "high_card",
    HandCode.TWO_PAIR: "two_pair",
    HandCode.THREE_OF_A_KIND: "three_of_a_kind",
    HandCode.STRAIGHT: "straight",
    HandCode.FLUSH: "flush",
    HandCode.FULL_HOUSE: "full_house",
    HandCode.FOUR_OF_A_KIND: "four_of_a_kind",
    HandCode.STRAIGHT_FLUSH: "straight_flush",
    HandCode.ROYAL_FLUSH: "royal_flush",
}


def test_let_it_ride_five_card_counter_agrees_with_the_bulk_evaluator_on_every_hand() -> None:
    """5324.34(b)(2), (e)(7): all 2,598,960 hands, the independent array counter against the
    categories the analysis takes from the rankings' bulk evaluator and tens-or-better qualifier."""
    codes, pair_ranks = classify_five(combinations_array(52, 5))
    mine = np.zeros(len(codes), dtype=np.int64)
    for code, name in _LET_IT_RIDE_NAMES.items():
        mine[codes == code] = BASE_GAME_HANDS.index(name)
    pairs = codes == HandCode.PAIR
    mine[pairs & (pair_ranks >= 8)] = BASE_GAME_HANDS.index("pair")
    mine[pairs & (pair_ranks < 8)] = BASE_GAME_HANDS.index("pair_below_tens")
    assert (mine == five_card_categories()).all()


def test_let_it_ride_five_card_categories_agree_with_evaluate_five() -> None:
    """5324.34(b)(2): every 29th hand and every straight or better, against the single-hand API."""
    hands = combinations_array(52, 5)
    categories = five_card_categories()
    rare = np.flatnonzero(categories <= BASE_GAME_HANDS.index("straight"))
    for index in np.union1d(np.arange(0, len(hands), 29), rare).tolist():
        row = hands[index].tolist()
        assert BASE_GAME_HANDS[categories[index]] == _let_it_ride_name(row), row


def test_pai_gow_five_card_counter_agrees_with_the_bulk_table_on_every_hand() -> None:
    """5324.41(c)(1)-(3): all 2,869,685 five-card hands of the 53 cards, the independent array
    counter against the table the census uses (the rankings' bulk evaluator)."""
    codes, _ = classify_five(combinations_array(53, 5))
    assert (codes == five_card_codes()).all()


def test_let_it_ride_five_card_category_counts_are_the_combinatorial_ones() -> None:
    counts = Counter(BASE_GAME_HANDS[c] for c in five_card_categories().tolist())
    assert counts["royal_flush"] == 4
    assert counts["straight_flush"] == 10 * 4 - 4
    assert counts["four_of_a_kind"] == 13 * 48
    assert counts["full_house"] == 13 * 12 * comb(4, 3) * comb(4, 2)
    assert counts["flush"] == 4 * comb(13, 5) - 40
    assert counts["straight"] == 10 * 4**5 - 40
    assert counts["pair"] + counts["pair_below_tens"] == 13 * comb(4, 2) * comb(12, 3) * 4**3
    assert counts["pair"] == 5 * comb(4, 2) * comb(12, 3) * 4**3
    assert sum(counts.values()) == comb(52, 5)


_PAI_GOW_NAMES = {
    HandCode.HIGH_CARD: ("high_card", None),
    HandCode.PAIR: ("pair", None),
    HandCode.TWO_PAIR: ("two_pair", None),
    HandCode.THREE_OF_A_KIND: ("three_of_a_kind", None),
    HandCode.STRAIGHT: ("straight", None),
    HandCode.FLUSH: ("flush", None),
    HandCode.FULL_HOUSE: ("full_house", None),
    HandCode.FOUR_OF_A_KIND: ("four_of_a_kind", None),
    HandCode.STRAIGHT_FLUSH_WITH_JOKER: ("straight_flush", False),
    HandCode.STRAIGHT_FLUSH: ("straight_flush", True),
    HandCode.ROYAL_FLUSH_WITH_JOKER: ("royal_flush", False),
    HandCode.ROYAL_FLUSH: ("royal_flush", True),
    HandCode.FIVE_ACES: ("five_aces", None),
}


def test_pai_gow_five_card_table_agrees_with_evaluate_high() -> None:
    """5324.41(c)(1)-(3): every 9th five-card hand holding the joker, every 97th of the others and
    every straight flush or better, the table's class against ``evaluate_high`` (category and
    natural)."""
    codes = five_card_codes()
    hands = combinations_array(53, 5)
    with_joker = np.flatnonzero(hands[:, -1] == 52)
    chosen = np.union1d(np.arange(0, len(hands), 97), with_joker[::9])
    chosen = np.union1d(chosen, np.flatnonzero(codes >= HandCode.STRAIGHT_FLUSH_WITH_JOKER))
    for index in chosen.tolist():
        cards = [Card.from_index(i) for i in hands[index].tolist()]
        hand = pai_gow.evaluate_high(cards)
        name, natural = _PAI_GOW_NAMES[HandCode(int(codes[index]))]
        assert hand.category.value == name, cards
        if natural is not None:
            assert hand.natural == natural, cards
