"""Pai Gow Poker high and low hands and their comparison: NY 9 NYCRR 5324.41(c)(1)-(5).

- (c)(1) ranks ace to 2; an ace may complete a straight or straight flush with 2, 3, 4 and 5; the
  joker is used and ranked as an ace, except that
- (c)(3) the joker may be used as any card to complete a straight, flush, straight flush or royal
  flush.
- (c)(2) high hands, highest first: five aces (four aces and the joker), royal flush, straight flush
  (A-2-3-4-5 the highest, then K-Q-J-10-9 ... down to 6-5-4-3-2), four of a kind, full house, flush,
  straight (A-K-Q-J-10 the highest, A-2-3-4-5 the second highest, 6-5-4-3-2 the lowest), three of
  a kind, two pairs, pair. A *natural* royal flush uses no joker (for the progressive wager).
- (c)(4) the casino option ``wheel_lowest=True`` makes A-2-3-4-5 the lowest straight flush and the
  lowest straight.
- A two-card low hand is a pair or two high cards; a joker in it is an ace.
- (c)(5) two hands of identical rank compare by the highest-ranking card not contained in the
  other hand; hands still identical are a copy hand.

>>> from dealer_station.cards import parse_cards
>>> wheel = parse_cards("Ah 2d 3c 4s 5h")
>>> compare_high(wheel, parse_cards("Kh Qd Jc Ts 9h")).value
'higher'
>>> compare_high(wheel, parse_cards("Kh Qd Jc Ts 9h"), wheel_lowest=True).value
'lower'
>>> evaluate_high(parse_cards("As Ah Ad Ac JK")).category.value
'five_aces'
>>> royal = evaluate_high(parse_cards("Ks Qs Js Ts JK"))
>>> royal.category.value, royal.natural, royal.is_natural_royal_flush
('royal_flush', False, False)
>>> compare_low(parse_cards("JK Kd"), parse_cards("Ah Kc")).value  # the joker is an ace
'copy'
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field
from enum import Enum
from functools import cache

from dealer_station.cards import Card, Rank, parse_cards
from dealer_station.rankings import _poker
from dealer_station.rankings._category import RankedCategory

__all__ = [
    "Comparison",
    "HighHand",
    "LowHand",
    "PaiGowCategory",
    "compare_high",
    "compare_low",
    "evaluate_high",
    "evaluate_low",
    "high_not_lower_than_low",
    "high_of_ranks",
]


class PaiGowCategory(RankedCategory):
    """The Pai Gow Poker hands of 5324.41(c)(2), weakest first (``high_card``: none of them).
    A low hand is only ever ``pair`` or ``high_card``."""

    HIGH_CARD = "high_card"
    PAIR = "pair"
    TWO_PAIR = "two_pair"
    THREE_OF_A_KIND = "three_of_a_kind"
    STRAIGHT = "straight"
    FLUSH = "flush"
    FULL_HOUSE = "full_house"
    FOUR_OF_A_KIND = "four_of_a_kind"
    STRAIGHT_FLUSH = "straight_flush"
    ROYAL_FLUSH = "royal_flush"
    FIVE_ACES = "five_aces"


class Comparison(Enum):
    """The first hand against the second (5324.41(c)(5)); ``COPY`` for identical rank."""

    HIGHER = "higher"
    LOWER = "lower"
    COPY = "copy"


_CATEGORIES: tuple[PaiGowCategory, ...] = tuple(PaiGowCategory)
_SHAPES = {
    _poker.HIGH_CARD: PaiGowCategory.HIGH_CARD,
    _poker.PAIR: PaiGowCategory.PAIR,
    _poker.TWO_PAIR: PaiGowCategory.TWO_PAIR,
    _poker.THREE_OF_A_KIND: PaiGowCategory.THREE_OF_A_KIND,
    _poker.STRAIGHT: PaiGowCategory.STRAIGHT,
    _poker.FLUSH: PaiGowCategory.FLUSH,
    _poker.FULL_HOUSE: PaiGowCategory.FULL_HOUSE,
    _poker.FOUR_OF_A_KIND: PaiGowCategory.FOUR_OF_A_KIND,
    _poker.STRAIGHT_FLUSH: PaiGowCategory.STRAIGHT_FLUSH,
}


@dataclass(frozen=True, order=True, slots=True)
class HighHand:
    """The value of a five-card Pai Gow high hand; compares by ``key`` (higher is better, equal
    keys are a copy hand). ``ranks`` are the tie-break ranks with the joker as the card it stands
    for (a straight's is its top card, 5 for A-2-3-4-5); ``natural`` is True when the hand has no
    joker. Keys of hands evaluated with different ``wheel_lowest`` settings are not comparable.

    >>> from dealer_station.cards import parse_cards
    >>> hand = evaluate_high(parse_cards("Ah Kh 9h 4h JK"))  # the joker completes the flush
    >>> hand.category.value, [r.symbol for r in hand.ranks], hand.natural
    ('flush', ['A', 'K', 'Q', '9', '4'], False)
    """

    key: int
    category: PaiGowCategory = field(compare=False)
    ranks: tuple[Rank, ...] = field(compare=False)
    natural: bool = field(compare=False, default=True)

    @property
    def is_natural_royal_flush(self) -> bool:
        """A royal flush that does not use a joker (5324.41(c)(2)(ii))."""
        return self.natural and self.category is PaiGowCategory.ROYAL_FLUSH


@dataclass(frozen=True, order=True, slots=True)
class LowHand:
    """The value of a two-card Pai Gow low hand (a pair or high cards, the joker an ace);
    compares by ``key``.

    >>> from dealer_station.cards import parse_cards
    >>> evaluate_low(parse_cards("JK Ad")).category.value
    'pair'
    """

    key: int
    category: PaiGowCategory = field(compare=False)
    ranks: tuple[Rank, ...] = field(compare=False)


def _straight_order(top: int, wheel_lowest: bool) -> int:
    """Order value of a straight by its top card: A-2-3-4-5 (top 5) ranks between A-K-Q-J-10 and
    K-Q-J-10-9 unless ``wheel_lowest`` (5324.41(c)(2)(iii), (vii), (c)(4))."""
    if wheel_lowest:
        return top
    return {14: 15, 5: 14}.get(top, top)


def _make(
    category: PaiGowCategory, tiebreak: Sequence[int], natural: bool, order: int = 0
) -> HighHand:
    packed = (order,) if order else tuple(tiebreak)
    return HighHand(
        _poker.pack(category.strength, packed),
        category,
        tuple(Rank(r) for r in tiebreak),
        natural,
    )


def _from_shape(ranks: Sequence[int], flush: bool, natural: bool, wheel_lowest: bool) -> HighHand:
    shape, tiebreak = _poker.shape(ranks, flush=flush)
    if shape in (_poker.STRAIGHT, _poker.STRAIGHT_FLUSH):
        top = tiebreak[0]
        if shape == _poker.STRAIGHT_FLUSH and top == 14:
            return _make(PaiGowCategory.ROYAL_FLUSH, tiebreak, natural)
        return _make(_SHAPES[shape], tiebreak, natural, _straight_order(top, wheel_lowest))
    return _make(_SHAPES[shape], tiebreak, natural)


_STRAIGHT_WINDOWS: tuple[tuple[int, frozenset[int]], ...] = (
    (5, frozenset({14, 2, 3, 4, 5})),
    *((top, frozenset(range(top - 4, top + 1))) for top in range(6, 15)),
)


@cache
def _high(ranks: tuple[int, ...], flush: bool, joker: bool, wheel_lowest: bool) -> HighHand:
    """The high hand of real ``ranks`` (sorted), all of one suit if ``flush``, plus the joker."""
    if not joker:
        return _from_shape(ranks, flush, True, wheel_lowest)
    if ranks.count(14) == 4:
        return _make(PaiGowCategory.FIVE_ACES, (14,), False)
    # (c)(1): the joker as an ace (an ace of a suit not in the hand: never a flush by itself).
    candidates = [_from_shape((*ranks, 14), False, False, wheel_lowest)]
    # (c)(3): the joker as any card completing a straight, flush, straight flush or royal flush.
    if len(set(ranks)) == 4:
        for _top, window in _STRAIGHT_WINDOWS:
            if set(ranks) <= window:
                (missing,) = window - set(ranks)
                candidates.append(_from_shape((*ranks, missing), flush, False, wheel_lowest))
        if flush:
            missing = max(r for r in range(2, 15) if r not in ranks)
            candidates.append(_from_shape((*ranks, missing), True, False, wheel_lowest))
    return max(candidates)


def high_of_ranks(
    ranks: Sequence[int], *, flush: bool, joker: bool, wheel_lowest: bool = False
) -> HighHand:
    """The high hand of real cards of ``ranks`` (2-14), all of one suit if ``flush``, plus the
    joker if ``joker``: what :func:`evaluate_high` returns for any such cards, without building its
    tables (the bulk evaluator's table is built from it).

    >>> from dealer_station.cards import parse_cards
    >>> high_of_ranks((2, 3, 4, 5), flush=True, joker=True) == evaluate_high(
    ...     parse_cards("JK 2s 3s 4s 5s"))
    True
    """
    return _high(tuple(sorted(ranks)), flush, joker, wheel_lowest)


def evaluate_high(cards: Sequence[Card], *, wheel_lowest: bool = False) -> HighHand:
    """The Pai Gow high hand of five cards, at most one of them the joker (5324.41(c)(1)-(4)).

    The joker is an ace, or the card that completes the best straight, flush, straight flush or
    royal flush; in a flush it is the highest card of the suit not already in the hand. The cards
    are taken to be different cards, as :func:`~dealer_station.cards.parse_cards` guarantees.

    >>> from dealer_station.cards import parse_cards
    >>> evaluate_high(parse_cards("JK 2d 3c 4s 6h")).category.value  # the joker as the 5
    'straight'
    >>> evaluate_high(parse_cards("JK Kd Kc Ks 6h")).category.value  # an ace, not a fourth king
    'three_of_a_kind'
    >>> evaluate_high(parse_cards("JK 2s 3s 4s 5s")).category.value  # the highest straight flush
    'straight_flush'
    """
    table = _TABLES.get(wheel_lowest)
    if table is None and _direct_count[0] < DIRECT_LIMIT:
        _direct_count[0] += 1  # a few hands: evaluated directly, the tables not built yet
        hand = None
    else:
        try:
            a, b, c, d, e = cards
            k = _W[a.rank] + _W[b.rank] + _W[c.rank] + _W[d.rank] + _W[e.rank]
            suits = [card.suit for card in (a, b, c, d, e) if card.suit is not None]
            flush = suits.count(suits[0]) == len(suits)
            hand = (table or _tables(wheel_lowest))[(k << 1) | flush]
        except (ValueError, TypeError, AttributeError, IndexError, KeyError):
            hand = None
    if hand is None:  # not five cards with at most one joker: let parse_cards say why
        parsed = parse_cards(cards, count=5)
        real = [card for card in parsed if not card.is_joker]
        ranks = tuple(sorted(int(card.rank) for card in real))
        flush = len({card.suit for card in real}) == 1
        return _high(ranks, flush, len(real) < 5, wheel_lowest)
    return hand


#: Hands evaluated one at a time (the cached :func:`_high`) before the tables are built: a
#: command classifying one hand answers at once; a caller evaluating many pays for the tables.
DIRECT_LIMIT = 1024
_direct_count = [0]
# Rank weights (the joker's at slot 13), see _poker.RANK_WEIGHTS.
_W: dict[Rank, int] = {rank: _poker.RANK_WEIGHTS[rank - 2] for rank in Rank}
_TABLES: dict[bool, list[HighHand | None]] = {}


def _tables(wheel_lowest: bool) -> list[HighHand | None]:
    """Every high hand by ``rank key << 1 | suited`` (suited: the real cards share a suit)."""
    table = _TABLES.get(wheel_lowest)
    if table is None:
        size = 4 * _poker.RANK_WEIGHTS[12] + _poker.RANK_WEIGHTS[_poker.JOKER_SLOT] + 1
        table = [None] * (2 * size)
        for joker in (False, True):
            for ranks in _poker.rank_multisets(4 if joker else 5):
                for suited in (False, True):
                    if suited and len(set(ranks)) < len(ranks):
                        continue
                    index = _poker.rank_key((*ranks, 15) if joker else ranks) << 1 | suited
                    table[index] = _high(ranks, suited, joker, wheel_lowest)
        _TABLES[wheel_lowest] = table
    return table


def evaluate_low(cards: Sequence[Card]) -> LowHand:
    """The Pai Gow low hand of two cards: a pair or high cards, a joker ranked as an ace.

    >>> from dealer_station.cards import parse_cards
    >>> evaluate_low(parse_cards("9c 9d")) > evaluate_low(parse_cards("Ac Kd"))
    True
    """
    parsed = parse_cards(cards, count=2)
    ranks = sorted((14 if card.is_joker else int(card.rank) for card in parsed), reverse=True)
    category = PaiGowCategory.PAIR if ranks[0] == ranks[1] else PaiGowCategory.HIGH_CARD
    tiebreak = ranks[:1] if category is PaiGowCategory.PAIR else ranks
    return LowHand(
        _poker.pack(category.strength, tiebreak), category, tuple(Rank(r) for r in tiebreak)
    )


def _compare_keys(a: int, b: int) -> Comparison:
    if a > b:
        return Comparison.HIGHER
    if a < b:
        return Comparison.LOWER
    return Comparison.COPY


def compare_high(
    a: Sequence[Card] | HighHand, b: Sequence[Card] | HighHand, *, wheel_lowest: bool = False
) -> Comparison:
    """The first high hand against the second (5324.41(c)(5)); cards or evaluated hands.

    >>> from dealer_station.cards import parse_cards
    >>> compare_high(parse_cards("Ah Ad Kc Qs 2h"), parse_cards("Ac As Kd Qh 2c")).value
    'copy'
    >>> compare_high(parse_cards("Ah Ad Kc Qs 3h"), parse_cards("Ac As Kd Qh 2c")).value
    'higher'
    """
    hand_a = a if isinstance(a, HighHand) else evaluate_high(a, wheel_lowest=wheel_lowest)
    hand_b = b if isinstance(b, HighHand) else evaluate_high(b, wheel_lowest=wheel_lowest)
    return _compare_keys(hand_a.key, hand_b.key)


def compare_low(a: Sequence[Card] | LowHand, b: Sequence[Card] | LowHand) -> Comparison:
    """The first low hand against the second (5324.41(c)(5)); cards or evaluated hands.

    >>> from dealer_station.cards import parse_cards
    >>> compare_low(parse_cards("2c 2d"), parse_cards("Ac Kd")).value
    'higher'
    """
    hand_a = a if isinstance(a, LowHand) else evaluate_low(a)
    hand_b = b if isinstance(b, LowHand) else evaluate_low(b)
    return _compare_keys(hand_a.key, hand_b.key)


def high_not_lower_than_low(high: HighHand, low: LowHand) -> bool:
    """Whether a five-card high hand ranks equal to or higher than a two-card low hand, as a
    correctly set pair of hands requires (5324.41(g)(1), compared per (c)(5)).

    >>> from dealer_station.cards import parse_cards
    >>> def ok(high, low):
    ...     return high_not_lower_than_low(
    ...         evaluate_high(parse_cards(high)), evaluate_low(parse_cards(low)))
    >>> ok("Ah Kd 9c 5s 3h", "Ac Qd"), ok("Ah Jd 9c 5s 3h", "Ac Qd"), ok("Kh Kd 9c 5s 3h", "Ac Ad")
    (True, False, False)
    """
    if high.category > PaiGowCategory.PAIR:
        return True
    if high.category is not low.category:
        return high.category is PaiGowCategory.PAIR
    # Same category (pair or high cards): the high hand's leading cards against the low hand's;
    # if those are identical the high hand still holds cards the low hand does not.
    count = len(low.ranks)
    return high.ranks[:count] >= low.ranks
