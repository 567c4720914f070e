"""Pai Gow Poker high and low hands, NY 5324.41(c)(1)-(5): the joker rule, five aces, the place of
A-2-3-4-5 and the (c)(4) option, low hands, comparison and copy hands. Property tests (hypothesis)
check the joker against a brute-force substitution and the comparison's symmetries."""

from __future__ import annotations

from collections import Counter
from itertools import combinations
from math import comb

import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from dealer_station.cards import JOKER, Card, Rank, Suit, parse_cards, standard_deck
from dealer_station.rankings import bulk
from dealer_station.rankings.five_card import evaluate_five
from dealer_station.rankings.pai_gow import (
    Comparison,
    HighHand,
    PaiGowCategory,
    compare_high,
    compare_low,
    evaluate_high,
    evaluate_low,
    high_not_lower_than_low,
)

P = PaiGowCategory
DECK = standard_deck()
_COMPLETES = {P.STRAIGHT, P.FLUSH, P.STRAIGHT_FLUSH, P.ROYAL_FLUSH}

real_cards = st.lists(st.sampled_from(DECK), min_size=4, max_size=4, unique=True)
five_real = st.lists(st.sampled_from(DECK), min_size=5, max_size=5, unique=True)
pai_gow_hands = st.one_of(five_real, real_cards.map(lambda cards: [*cards, JOKER]))
suit_permutations = st.permutations(list(Suit))


def high(text: str, *, wheel_lowest: bool = False) -> HighHand:
    return evaluate_high(parse_cards(text), wheel_lowest=wheel_lowest)


def brute_force_joker(real: list[Card], *, wheel_lowest: bool = False) -> HighHand:
    """The best hand over every card the joker may be: any ace (5324.41(c)(1)), or any card that
    completes a straight, flush, straight flush or royal flush ((c)(3)); four aces and the joker
    are five aces ((c)(2)(i))."""
    if sum(c.rank is Rank.ACE for c in real) == 4:
        return evaluate_high([*real, JOKER])
    candidates = []
    for stand_in in DECK:
        if stand_in in real:
            continue
        hand = evaluate_high([*real, stand_in], wheel_lowest=wheel_lowest)
        if stand_in.rank is Rank.ACE or hand.category in _COMPLETES:
            candidates.append(hand)
    return max(candidates)


@settings(max_examples=400, deadline=None)
@given(real=real_cards, wheel_lowest=st.booleans())
def test_5324_41_c_3_joker_is_the_best_substitution(real: list[Card], wheel_lowest: bool) -> None:
    """(c)(1), (c)(3): the joker is an ace, or any card completing a straight, flush, straight
    flush or royal flush, whichever ranks highest."""
    found = evaluate_high([*real, JOKER], wheel_lowest=wheel_lowest)
    assert found.key == brute_force_joker(real, wheel_lowest=wheel_lowest).key
    assert not found.natural


@settings(max_examples=200, deadline=None)
@given(real=real_cards)
def test_5324_41_c_1_joker_otherwise_only_an_ace(real: list[Card]) -> None:
    """(c)(1): outside straights and flushes the joker counts as an ace, never another rank."""
    found = evaluate_high([*real, JOKER])
    if found.category not in _COMPLETES | {P.FIVE_ACES}:
        aces = [c for c in DECK if c.rank is Rank.ACE and c not in real]
        assert found.key == max(evaluate_high([*real, ace]).key for ace in aces)


@settings(max_examples=300, deadline=None)
@given(a=pai_gow_hands, b=pai_gow_hands, wheel_lowest=st.booleans())
def test_5324_41_c_5_comparison_is_antisymmetric(
    a: list[Card], b: list[Card], wheel_lowest: bool
) -> None:
    """(c)(5): a hand is higher than another exactly when that one is lower; copy is mutual."""
    forward = compare_high(a, b, wheel_lowest=wheel_lowest)
    backward = compare_high(b, a, wheel_lowest=wheel_lowest)
    mirror = {Comparison.HIGHER: Comparison.LOWER, Comparison.LOWER: Comparison.HIGHER}
    assert backward is mirror.get(forward, Comparison.COPY)
    assert compare_high(a, a, wheel_lowest=wheel_lowest) is Comparison.COPY


def _relabel(cards: list[Card], suits: list[Suit]) -> list[Card]:
    mapping = dict(zip(Suit, suits, strict=True))
    return [c if c.is_joker else Card(c.rank, mapping[c.suit]) for c in cards]  # type: ignore[index]


@settings(max_examples=300, deadline=None)
@given(hand=pai_gow_hands, suits=suit_permutations)
def test_5324_41_c_5_same_ranks_other_suits_is_a_copy_hand(
    hand: list[Card], suits: list[Suit]
) -> None:
    """(c)(5): suits do not rank; the same hand in other suits is a copy hand."""
    assert compare_high(hand, _relabel(hand, suits)) is Comparison.COPY


def _has_wheel(hand: HighHand) -> bool:
    return hand.category in {P.STRAIGHT, P.STRAIGHT_FLUSH} and hand.ranks == (Rank.FIVE,)


@settings(max_examples=300, deadline=None)
@given(a=pai_gow_hands, b=pai_gow_hands)
def test_5324_41_c_4_option_moves_only_the_wheel(a: list[Card], b: list[Card]) -> None:
    """(c)(4): the option changes only where A-2-3-4-5 ranks, nothing else."""
    default_a, default_b = evaluate_high(a), evaluate_high(b)
    option_a = evaluate_high(a, wheel_lowest=True)
    assert option_a.category is default_a.category
    if not (_has_wheel(default_a) or _has_wheel(default_b)):
        assert compare_high(a, b) is compare_high(a, b, wheel_lowest=True)


@settings(max_examples=300, deadline=None)
@given(a=five_real, b=five_real)
def test_5324_41_c_2_jokerless_hands_rank_as_in_let_it_ride_but_for_the_wheel(
    a: list[Card], b: list[Card]
) -> None:
    """(c)(2) and 5324.34(b)(2) name the same hands; without the joker they order two hands
    alike unless A-2-3-4-5 is involved (second-highest in Pai Gow, lowest in Let It Ride), and
    with the (c)(4) option always alike."""
    pai_gow_a, pai_gow_b = evaluate_high(a), evaluate_high(b)
    lir_a, lir_b = evaluate_five(a), evaluate_five(b)
    assert pai_gow_a.category.value == lir_a.category.value
    lir_order = (lir_a.key > lir_b.key) - (lir_a.key < lir_b.key)
    option = compare_high(a, b, wheel_lowest=True)
    expected = {1: Comparison.HIGHER, -1: Comparison.LOWER, 0: Comparison.COPY}[lir_order]
    assert option is expected
    if not (_has_wheel(pai_gow_a) or _has_wheel(pai_gow_b)):
        assert compare_high(a, b) is expected


@settings(max_examples=200, deadline=None)
@given(card=st.sampled_from(DECK))
def test_low_hand_joker_is_an_ace(card: Card) -> None:
    """(c)(1): a joker in the low hand is an ace: a pair with an ace, else ace high."""
    ace = next(c for c in DECK if c.rank is Rank.ACE and c != card)
    assert evaluate_low([JOKER, card]).key == evaluate_low([ace, card]).key


@settings(max_examples=100, deadline=None)
@given(cards=st.lists(st.sampled_from([*DECK, JOKER]), min_size=7, max_size=7, unique=True))
def test_5324_41_g_1_the_best_five_leave_a_correct_low_hand(cards: list[Card]) -> None:
    """(g)(1) with (c)(5): setting the best five-card hand high always leaves a low hand that
    does not outrank it, so a correct setting always exists."""
    splits = [
        (evaluate_high(five), evaluate_low([c for c in cards if c not in five]))
        for five in combinations(cards, 5)
    ]
    best_high, best_low = max(splits, key=lambda split: (split[0].key, split[1].key))
    assert high_not_lower_than_low(best_high, best_low)


def test_5324_41_c_2_order_of_hands() -> None:
    """(c)(2)(i)-(x): five aces down to a pair, each above the next."""
    hands = [
        "As Ah Ad Ac JK",
        "As Ks Qs Js Ts",
        "9h Th Jh Qh Kh",
        "7c 7d 7h 7s 2c",
        "7c 7d 7h 2s 2c",
        "2d 7d 9d Jd Kd",
        "6c 7d 8h 9s Tc",
        "7c 7d 7h 2s 3c",
        "7c 7d 3h 3s Kc",
        "7c 7d 3h 4s Kc",
        "7c 8d 3h 4s Kc",
    ]
    values = [high(h) for h in hands]
    assert [v.category for v in values] == sorted(PaiGowCategory, reverse=True)
    assert values == sorted(values, reverse=True)


def test_5324_41_c_2_iii_wheel_is_the_highest_straight_flush() -> None:
    """(c)(2)(iii): A-2-3-4-5 suited is the highest straight flush, below a royal flush; 6-high
    is the lowest."""
    wheel = high("As 2s 3s 4s 5s")
    assert wheel.category is P.STRAIGHT_FLUSH
    assert high("9h Th Jh Qh Kh") < wheel < high("Ts Js Qs Ks As")
    assert high("2h 3h 4h 5h 6h") < high("3h 4h 5h 6h 7h") < high("9h Th Jh Qh Kh")


def test_5324_41_c_2_vii_wheel_is_the_second_highest_straight() -> None:
    """(c)(2)(vii): A-K-Q-J-10 highest, A-2-3-4-5 second, 6-5-4-3-2 lowest."""
    assert high("Kh Qd Jc Ts 9h") < high("Ah 2d 3c 4s 5h") < high("Ah Kd Qc Js Th")
    lowest = high("2h 3d 4c 5s 6h")
    assert all(lowest < high(h) for h in ["Ah 2d 3c 4s 5h", "3h 4d 5c 6s 7h"])


def test_5324_41_c_4_option_makes_the_wheel_lowest() -> None:
    """(c)(4): the casino may make A-2-3-4-5 the lowest straight flush and straight."""
    kwargs = {"wheel_lowest": True}
    assert high("As 2s 3s 4s 5s", **kwargs) < high("2h 3h 4h 5h 6h", **kwargs)
    assert high("Ah 2d 3c 4s 5h", **kwargs) < high("2h 3d 4c 5s 6h", **kwargs)
    assert (
        compare_high(
            parse_cards("Ah 2d 3c 4s 5h"), parse_cards("2h 3d 4c 5s 6h"), wheel_lowest=True
        )
        is Comparison.LOWER
    )


@pytest.mark.parametrize(
    ("cards", "category", "ranks"),
    [
        ("As Ah Ad Ac JK", P.FIVE_ACES, "A"),
        ("JK Ks Qs Js Ts", P.ROYAL_FLUSH, "A"),
        ("JK Ks Qs Js 9s", P.STRAIGHT_FLUSH, "K"),
        ("JK 2s 3s 4s 5s", P.STRAIGHT_FLUSH, "5"),  # the wheel beats 6-high: joker as the ace
        ("JK 2d 3c 4s 6h", P.STRAIGHT, "6"),
        ("JK Kd Kc Ks Kh", P.FOUR_OF_A_KIND, "KA"),  # an ace, not a fifth king
        ("JK Kd Kc Ks 6h", P.THREE_OF_A_KIND, "KA6"),
        ("JK Ad Kc Ks 6h", P.TWO_PAIR, "AK6"),
        ("JK Ad Ac Ks Kh", P.FULL_HOUSE, "AK"),
        ("JK Ah Kh 9h 4h", P.FLUSH, "AKQ94"),  # the highest card of the suit not in the hand
        ("JK Qh Th 9h 4h", P.FLUSH, "AQT94"),
        ("JK Qh Jd 9h 4c", P.HIGH_CARD, "AQJ94"),
        ("JK Kd Ac 2s 3h", P.PAIR, "AK32"),  # no wrap-around: K-A-2-3 is no straight
        ("Qs Kd Ac 2s 3h", P.HIGH_CARD, "AKQ32"),
    ],
)
def test_5324_41_c_1_3_joker_examples(cards: str, category: PaiGowCategory, ranks: str) -> None:
    found = high(cards)
    assert found.category is category
    assert "".join(r.symbol for r in found.ranks) == ranks


def test_5324_41_c_2_ii_natural_royal_flush() -> None:
    """(c)(2)(ii): a natural royal flush uses no joker; it ranks like any royal flush."""
    natural, joker = high("As Ks Qs Js Ts"), high("JK Ks Qs Js Ts")
    assert natural.is_natural_royal_flush and not joker.is_natural_royal_flush
    assert compare_high(natural, joker) is Comparison.COPY


def test_5324_41_c_5_copy_hands_and_kickers() -> None:
    """(c)(5): the highest card not in the other hand decides; identical ranks are a copy."""
    assert compare_high(parse_cards("Ah Ad Kc Qs 2h"), parse_cards("Ac As Kd Qh 2c")) is (
        Comparison.COPY
    )
    assert compare_high(parse_cards("Ah Ad Kc Qs 3h"), parse_cards("Ac As Kd Qh 2c")) is (
        Comparison.HIGHER
    )
    assert compare_high(parse_cards("8h 7d 5c 4s 2h"), parse_cards("8c 7s 5d 3h 2c")) is (
        Comparison.HIGHER
    )
    assert compare_high(parse_cards("JK Kd 9c 5s 3h"), parse_cards("Ac Kh 9d 5h 3c")) is (
        Comparison.COPY
    )


def test_5324_41_c_2_x_low_hands() -> None:
    """(c)(2)(x), (c)(5): a pair beats high cards; the joker is an ace; identical is a copy."""
    assert evaluate_low(parse_cards("2c 2d")).category is P.PAIR
    assert evaluate_low(parse_cards("Ac Kd")).category is P.HIGH_CARD
    assert compare_low(parse_cards("2c 2d"), parse_cards("Ac Kd")) is Comparison.HIGHER
    assert compare_low(parse_cards("JK Ad"), parse_cards("Kc Kd")) is Comparison.HIGHER
    assert compare_low(parse_cards("Qc Jd"), parse_cards("Qh Td")) is Comparison.HIGHER
    assert compare_low(parse_cards("Qc Jd"), parse_cards("Qh Js")) is Comparison.COPY


@pytest.mark.parametrize(
    ("high_hand", "low_hand", "expected"),
    [
        ("Ah Kd 9c 5s 3h", "Ac Qd", True),
        ("Ah Qd 9c 5s 3h", "Ac Qh", True),  # same two highest cards: the high hand has more
        ("Ah Jd 9c 5s 3h", "Ac Qd", False),
        ("Kh Kd 9c 5s 3h", "Ac Ad", False),
        ("Kh Kd 9c 5s 3h", "Kc Ks", True),
        ("Kh Kd 9c 5s 3h", "Ac Qd", True),
        ("Ah Kd 9c 5s 3h", "2c 2d", False),
    ],
)
def test_5324_41_g_1_high_hand_not_lower_than_low_hand(
    high_hand: str, low_hand: str, expected: bool
) -> None:
    """(g)(1): the five-card hand must rank equal to or higher than the two-card hand."""
    assert high_not_lower_than_low(high(high_hand), evaluate_low(parse_cards(low_hand))) is expected


@pytest.fixture(scope="module")
def pai_gow_deck_hands() -> np.ndarray:
    return bulk.all_hands(5, joker=True)


def test_5324_41_c_every_hand_of_the_53_card_deck(pai_gow_deck_hands: np.ndarray) -> None:
    """(c)(2): all 2,869,685 hands by the bulk path; jokerless hands count as in any poker
    game, every hand with the joker agrees with the single-hand evaluator, and their counts
    per category equal the combinatorial counts of the joker rule."""
    keys = bulk.evaluate_high_array(pai_gow_deck_hands)
    assert len(keys) == comb(53, 5)
    has_joker = (pai_gow_deck_hands == 52).any(axis=1)
    assert int(has_joker.sum()) == comb(52, 4)
    natural = bulk.category_counts(keys[~has_joker], PaiGowCategory)
    assert natural["five_aces"] == 0
    assert natural["royal_flush"] == 4 and natural["straight_flush"] == 36
    assert natural["straight"] == 10 * (4**5 - 4) and natural["four_of_a_kind"] == 624
    deck = [*DECK, JOKER]
    joker_hands = pai_gow_deck_hands[has_joker].tolist()
    single = [evaluate_high([deck[i] for i in row]).key for row in joker_hands]
    assert np.array_equal(np.array(single, dtype=np.int32), keys[has_joker])
    assert sum(joker_hand_counts().values()) == comb(52, 4)
    assert bulk.category_counts(keys[has_joker], PaiGowCategory) == joker_hand_counts()


def joker_hand_counts() -> dict[str, int]:
    """Hands of four real cards and the joker per category, derived combinatorially from the
    joker rule of (c)(1)-(3): the joker completes a straight or flush, else it is an ace."""
    windows = [{14, 2, 3, 4, 5}, *(set(range(top - 4, top + 1)) for top in range(6, 15))]
    # Four distinct ranks the joker completes to a straight: four of some window's five.
    straight_sets = {frozenset(s) for w in windows for s in combinations(sorted(w), 4)}
    with_ace = sum(14 in s for s in straight_sets)
    royal = 5  # four of 10-J-Q-K-A
    mixed = 4**4 - 4  # suits of four cards not all alike
    return {
        "five_aces": 1,
        "royal_flush": 4 * royal,
        "straight_flush": 4 * (len(straight_sets) - royal),
        "four_of_a_kind": comb(4, 3) * 48 + 12,  # A-A-A-JK-x; four of a rank with an ace kicker
        "full_house": comb(4, 2) * 12 * comb(4, 2) + 12 * comb(4, 3) * 4,  # A-A-JK-P-P; T-T-T-A-JK
        "flush": 4 * (comb(13, 4) - len(straight_sets)),
        "straight": len(straight_sets) * mixed,
        "three_of_a_kind": comb(4, 2) * comb(12, 2) * 4**2 + 12 * comb(4, 3) * 44,
        "two_pair": 12 * comb(4, 2) * 4 * 44 + comb(12, 2) * comb(4, 2) ** 2,
        "pair": 12 * comb(4, 2) * comb(11, 2) * 4**2  # a pair, the joker an ace kicker
        + (comb(12, 3) - with_ace) * mixed,  # an ace and three others: a pair of aces
        "high_card": (comb(12, 4) - (len(straight_sets) - with_ace)) * mixed,
    }


def test_bulk_wheel_lowest_agrees_with_single_hand() -> None:
    rows = [[48, 0, 4, 8, 12], [49, 0, 4, 8, 12], [52, 0, 4, 8, 12], [52, 4, 8, 12, 16]]
    keys = bulk.evaluate_high_array(np.array(rows), wheel_lowest=True)
    for row, key in zip(rows, keys, strict=True):
        cards = [Card.from_index(i) for i in row]
        assert evaluate_high(cards, wheel_lowest=True).key == key


def test_category_counts_by_brute_force_on_a_slice() -> None:
    """The bulk path and the brute-force joker agree on every joker hand of one slice."""
    real_hands = list(combinations(DECK[::3], 4))
    found = Counter(evaluate_high([*real, JOKER]).key == brute_force_joker(list(real)).key
                    for real in real_hands)  # fmt: skip
    assert found == Counter({True: len(real_hands)})
