"""Three-card bonus hands.

Let It Ride three-card bonus, NY 9 NYCRR 5324.34(b)(3) (NJAC 13:69F-18.3(c)): mini royal (A-K-Q
suited), straight flush (other than a mini royal), three of a kind, straight (A-2-3 is a straight;
K-A-2 is not, an ace may not be combined with a king and a 2), flush (not in consecutive order),
pair. Anything else is ``high_card`` (no paying hand).

Pai Gow Poker three-card bonus, NY 9 NYCRR 5324.41(o)(1): one pair, three-card flush, three-card
straight, three-card straight flush (with the joker), three of a kind, three-card straight flush
with no joker. The joker is ranked as an ace (5324.41(c)(1)) or used as any card to complete a
straight, flush or straight flush (5324.41(c)(3)), whichever makes the better bonus hand.

>>> from dealer_station.cards import parse_cards
>>> evaluate_three(parse_cards("Ah Kh Qh")).category.value
'mini_royal'
>>> evaluate_three(parse_cards("Ah 2d 3c")).category.value
'straight'
>>> evaluate_three(parse_cards("Kh Ad 2c")).category.value
'high_card'
>>> evaluate_pai_gow_three(parse_cards("JK 7h 8h")).category.value
'three_card_straight_flush'
>>> evaluate_pai_gow_three(parse_cards("6h 7h 8h")).category.value
'three_card_straight_flush_with_no_joker'
>>> evaluate_pai_gow_three(parse_cards("JK As Ad")).category.value  # the joker is an ace
'three_of_a_kind'
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field
from functools import cache
from typing import Generic, TypeVar

from dealer_station.cards import Card, CardError, Rank, parse_cards
from dealer_station.rankings import _poker
from dealer_station.rankings._category import RankedCategory

__all__ = [
    "PaiGowThreeCardCategory",
    "ThreeCardCategory",
    "ThreeCardHand",
    "evaluate_pai_gow_three",
    "evaluate_three",
]


class ThreeCardCategory(RankedCategory):
    """The Let It Ride three-card bonus hands of 5324.34(b)(3), weakest first."""

    HIGH_CARD = "high_card"
    PAIR = "pair"
    FLUSH = "flush"
    STRAIGHT = "straight"
    THREE_OF_A_KIND = "three_of_a_kind"
    STRAIGHT_FLUSH = "straight_flush"
    MINI_ROYAL = "mini_royal"


class PaiGowThreeCardCategory(RankedCategory):
    """The Pai Gow Poker three-card bonus hands of 5324.41(o)(1), weakest first (the order of the
    regulation's pay table), named in the pay table's own words ("one pair", "three-card flush",
    ...) so that they never read as the five-card hands of the same shape."""

    HIGH_CARD = "high_card"
    PAIR = "one_pair"
    FLUSH = "three_card_flush"
    STRAIGHT = "three_card_straight"
    STRAIGHT_FLUSH = "three_card_straight_flush"
    THREE_OF_A_KIND = "three_of_a_kind"
    STRAIGHT_FLUSH_WITH_NO_JOKER = "three_card_straight_flush_with_no_joker"


C = TypeVar("C", ThreeCardCategory, PaiGowThreeCardCategory)


@dataclass(frozen=True, order=True, slots=True)
class ThreeCardHand(Generic[C]):
    """The value of a three-card hand; compares by ``key`` (higher is better). ``ranks`` are the
    tie-break ranks (pair first; a straight's top card, 3 for A-2-3; the joker as the card it
    stands for)."""

    key: int
    category: C = field(compare=False)
    ranks: tuple[Rank, ...] = field(compare=False)


def straight_top3(ranks: Sequence[int]) -> int | None:
    """The top card of a three-card straight, 3 for A-2-3, or None (K-A-2 is no straight).

    >>> straight_top3((14, 2, 3)), straight_top3((12, 14, 13)), straight_top3((13, 14, 2))
    (3, 14, None)
    """
    distinct = set(ranks)
    if len(distinct) != 3:
        return None
    if max(distinct) - min(distinct) == 2:
        return max(distinct)
    if distinct == {14, 2, 3}:
        return 3
    return None


def _groups(ranks: Sequence[int]) -> tuple[int, tuple[int, ...]]:
    """(largest group size, tie-break ranks: groups by size then rank)."""
    counts = {r: ranks.count(r) for r in set(ranks)}
    ordered = sorted(counts, key=lambda r: (counts[r], r), reverse=True)
    return max(counts.values()), tuple(ordered)


def _hand(category: C, tiebreak: Sequence[int]) -> ThreeCardHand[C]:
    return ThreeCardHand(
        _poker.pack(category.strength, tiebreak), category, tuple(Rank(r) for r in tiebreak)
    )


@cache
def _let_it_ride(ranks: tuple[int, ...], flush: bool) -> ThreeCardHand[ThreeCardCategory]:
    top = straight_top3(ranks)
    if top is not None and flush:
        if top == 14:
            return _hand(ThreeCardCategory.MINI_ROYAL, (14,))
        return _hand(ThreeCardCategory.STRAIGHT_FLUSH, (top,))
    if top is not None:
        return _hand(ThreeCardCategory.STRAIGHT, (top,))
    size, tiebreak = _groups(ranks)
    if size == 3:
        return _hand(ThreeCardCategory.THREE_OF_A_KIND, tiebreak)
    if flush:
        return _hand(ThreeCardCategory.FLUSH, tiebreak)
    if size == 2:
        return _hand(ThreeCardCategory.PAIR, tiebreak)
    return _hand(ThreeCardCategory.HIGH_CARD, tiebreak)


def evaluate_three(cards: Sequence[Card]) -> ThreeCardHand[ThreeCardCategory]:
    """The Let It Ride three-card bonus hand of three cards (5324.34(b)(3)); no joker.

    >>> from dealer_station.cards import parse_cards
    >>> evaluate_three(parse_cards("2h 4h 9h")).category.value
    'flush'
    >>> evaluate_three(parse_cards("2h 3h 4h")) > evaluate_three(parse_cards("Ah Ad Ac"))
    True
    """
    parsed = parse_cards(cards, count=3)
    if any(card.is_joker for card in parsed):
        raise CardError("the joker is not used in Let It Ride")
    ranks = tuple(sorted(int(card.rank) for card in parsed))
    return _let_it_ride(ranks, len({card.suit for card in parsed}) == 1)


def _windows() -> list[tuple[int, frozenset[int]]]:
    """Three-card straight windows by top card, A-2-3 (top 3) to Q-K-A (top 14)."""
    return [(3, frozenset({14, 2, 3}))] + [
        (top, frozenset({top - 2, top - 1, top})) for top in range(4, 15)
    ]


@cache
def _pai_gow(
    ranks: tuple[int, ...], flush: bool, joker: bool
) -> ThreeCardHand[PaiGowThreeCardCategory]:
    cat = PaiGowThreeCardCategory
    if not joker:
        plain = _let_it_ride(ranks, flush)
        if plain.category in (ThreeCardCategory.MINI_ROYAL, ThreeCardCategory.STRAIGHT_FLUSH):
            category = cat.STRAIGHT_FLUSH_WITH_NO_JOKER
        else:
            category = cat[plain.category.name]
        return _hand(category, [int(r) for r in plain.ranks])
    # Two real cards and the joker: the joker as an ace, or completing a straight or flush.
    candidates = []
    as_ace = tuple(sorted((*ranks, 14)))
    size, tiebreak = _groups(as_ace)
    candidates.append(
        _hand({3: cat.THREE_OF_A_KIND, 2: cat.PAIR, 1: cat.HIGH_CARD}[size], tiebreak)
    )
    if len(set(ranks)) == 2:
        tops = [top for top, window in _windows() if set(ranks) <= window]
        if tops:
            candidates.append(_hand(cat.STRAIGHT_FLUSH if flush else cat.STRAIGHT, (max(tops),)))
        if flush:
            missing = max(r for r in range(2, 15) if r not in ranks)
            candidates.append(_hand(cat.FLUSH, sorted((*ranks, missing), reverse=True)))
    return max(candidates)


def evaluate_pai_gow_three(cards: Sequence[Card]) -> ThreeCardHand[PaiGowThreeCardCategory]:
    """The Pai Gow Poker three-card bonus hand of the first three cards dealt (5324.41(o)(1)),
    with the joker as an ace or completing a straight, flush or straight flush.

    >>> from dealer_station.cards import parse_cards
    >>> evaluate_pai_gow_three(parse_cards("JK Ah 9h")).category.value  # flush beats a pair of aces
    'three_card_flush'
    >>> evaluate_pai_gow_three(parse_cards("JK 2c 3d")).category.value
    'three_card_straight'
    >>> evaluate_pai_gow_three(parse_cards("JK Kc Kd")).category.value  # not three kings
    'one_pair'
    """
    parsed = parse_cards(cards, count=3)
    real = [card for card in parsed if not card.is_joker]
    ranks = tuple(sorted(int(card.rank) for card in real))
    return _pai_gow(ranks, len({card.suit for card in real}) == 1, len(real) < 3)
