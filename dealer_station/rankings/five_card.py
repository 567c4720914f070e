"""Let It Ride five-card poker hands: NY 9 NYCRR 5324.34(b)(1)-(2) and NJAC 13:69F-18.3(a)-(b).

Ranks ace (high) to 2; an ace may complete a straight or straight flush with 2, 3, 4 and 5, which
makes the wheel A-2-3-4-5 the lowest straight (5324.34(b)(2)(vi)); an ace never wraps around
(Q-K-A-2-3 is no straight). All suits are equal. The hands, highest first: royal flush, straight
flush, four of a kind, full house, flush, straight, three of a kind, two pairs, pair; anything
else is ``high_card`` (no paying hand). The payment qualifier of 5324.34(f)(1) is a pair of tens
or better (:func:`qualifies`).

>>> from dealer_station.cards import parse_cards
>>> hand = evaluate_five(parse_cards("Ah 2d 3c 4s 5h"))
>>> hand.category, hand.category.value
(<FiveCardCategory.STRAIGHT: 'straight'>, 'straight')
>>> hand < evaluate_five(parse_cards("2h 3d 4c 5s 6h"))  # the wheel is the lowest straight
True
>>> evaluate_five(parse_cards("Qh Kd Ac 2s 3h")).category.value  # no wrap-around
'high_card'
>>> qualifies(parse_cards("Th Td 4c 7s 2h")), qualifies(parse_cards("9h 9d Ac Ks Qh"))
(True, False)

The single-hand functions look the hand up in tables built on first use (a perfect hash of the
ranks, see :mod:`._poker`), and return one shared, immutable :class:`FiveCardHand` per hand value.
"""

from __future__ import annotations

import threading
from collections.abc import Sequence
from dataclasses import dataclass, field
from itertools import combinations

from dealer_station.cards import Card, CardError, Rank, parse_cards
from dealer_station.rankings import _poker
from dealer_station.rankings._category import RankedCategory

__all__ = [
    "QUALIFYING_KEY",
    "FiveCardCategory",
    "FiveCardHand",
    "evaluate_five",
    "evaluate_five_indices",
    "hand_for_key",
    "hand_of_ranks",
    "qualifies",
]


class FiveCardCategory(RankedCategory):
    """The Let It Ride five-card hands of 5324.34(b)(2), weakest first (``high_card``: none)."""

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


_CATEGORIES: tuple[FiveCardCategory, ...] = tuple(FiveCardCategory)


@dataclass(frozen=True, order=True, slots=True)
class FiveCardHand:
    """The value of a five-card Let It Ride hand. Hands compare by ``key`` (higher is better);
    equal keys are hands of identical rank. ``ranks`` are the tie-break ranks, largest group first
    (a straight's is its top card, 5 for the wheel).

    >>> from dealer_station.cards import parse_cards
    >>> hand = evaluate_five(parse_cards("Kh Kd 4c 4s Kc"))
    >>> hand.category.value, [r.symbol for r in hand.ranks]
    ('full_house', ['K', '4'])
    """

    key: int
    category: FiveCardCategory = field(compare=False)
    ranks: tuple[Rank, ...] = field(compare=False)

    @property
    def qualifies(self) -> bool:
        """Whether the hand is a pair of tens or better (5324.34(f)(1))."""
        return self.key >= QUALIFYING_KEY


def hand_of_ranks(ranks: Sequence[int], *, flush: bool) -> FiveCardHand:
    """The hand of five cards with these ranks (2-14), all of one suit (``flush``) or not: what
    :func:`evaluate_five` returns for any such cards, without building its tables (the bulk
    evaluator's table is built from it).

    >>> hand_of_ranks((10, 11, 12, 13, 14), flush=True).category.value
    'royal_flush'
    >>> hand_of_ranks((7, 7, 7, 2, 2), flush=False) == evaluate_five([20, 21, 22, 0, 1])
    True
    """
    return _hand(ranks, flush)


def _hand(ranks: Sequence[int], flush: bool) -> FiveCardHand:
    shape, tiebreak = _poker.shape(ranks, flush=flush)
    strength = shape
    if shape == _poker.STRAIGHT_FLUSH and tiebreak == (14,):
        strength = FiveCardCategory.ROYAL_FLUSH.strength
    return FiveCardHand(
        _poker.pack(strength, tiebreak), _CATEGORIES[strength], tuple(Rank(r) for r in tiebreak)
    )


_SIZE = 4 * _poker.RANK_WEIGHTS[12] + _poker.RANK_WEIGHTS[11] + 1
# The tables, by rank key: filled in place on first use (importing stays cheap for the CLI); until
# then the fast paths fail over to the checked path, which fills them.
_PLAIN: list[FiveCardHand | None] = []
_FLUSH: list[FiveCardHand | None] = []
_BY_KEY: dict[int, FiveCardHand] = {}


# The tables are built once, under this lock, and published whole (``_PLAIN`` last): two threads
# evaluating their first hands at once (the table worker and a screen) once built them twice, and
# the doubled table then accepted a joker's out-of-range key instead of refusing it.
_BUILDING = threading.Lock()


def _ensure_tables() -> None:
    if _PLAIN:
        return
    with _BUILDING:
        if not _PLAIN:
            _build_tables()


def _build_tables() -> None:
    plain: list[FiveCardHand | None] = [None] * _SIZE
    flush: list[FiveCardHand | None] = [None] * _SIZE
    by_key = _BY_KEY  # the hands evaluated directly before stay the shared ones
    for ranks in _poker.rank_multisets(5):
        index = _poker.rank_key(ranks)
        if plain[index] is not None:
            raise AssertionError(f"rank weights collide at {ranks}")
        hand = _hand(ranks, flush=False)
        plain[index] = by_key.setdefault(hand.key, hand)
    for ranks in combinations(range(2, 15), 5):
        hand = _hand(ranks, flush=True)
        flush[_poker.rank_key(ranks)] = by_key.setdefault(hand.key, hand)
    _FLUSH.extend(flush)
    _PLAIN.extend(plain)


# Weight by rank (the joker's is out of every table's range): a dict keyed by the Rank members is
# the fastest lookup for Card objects.
_W: dict[Rank, int] = {
    **{rank: _poker.RANK_WEIGHTS[rank - 2] for rank in Rank if rank is not Rank.JOKER},
    Rank.JOKER: _SIZE,
}
# Weight by card index 0-51 (the suit is ``index & 3``).
_W_BY_INDEX: list[int] = [_poker.RANK_WEIGHTS[i // 4] for i in range(52)]

#: The smallest key of a qualifying hand: a pair of tens (5324.34(f)(1)).
QUALIFYING_KEY: int = _poker.pack(FiveCardCategory.PAIR.strength, (10,))


def evaluate_five(cards: Sequence[Card] | Sequence[int]) -> FiveCardHand:
    """The Let It Ride value of five cards (5324.34(b)(2)): Card objects, or card indices 0-51
    (:attr:`Card.index`).

    The cards are taken to be five different cards, as :func:`~dealer_station.cards.parse_cards`
    guarantees; a wrong count or a joker raises :class:`~dealer_station.cards.CardError`.

    >>> from dealer_station.cards import parse_cards
    >>> evaluate_five(parse_cards("Ts Js Qs Ks As")).category.value
    'royal_flush'
    >>> evaluate_five(parse_cards("As 2s 3s 4s 5s")).category.value
    'straight_flush'
    >>> evaluate_five([48, 49, 44, 45, 0]).category.value  # A A K K 2 by card index
    'two_pair'
    >>> evaluate_five(parse_cards("As Ks Qs Js JK"))
    Traceback (most recent call last):
    ...
    dealer_station.cards.CardError: the joker is not used in Let It Ride
    """
    try:
        a, b, c, d, e = cards
        s = a.suit  # type: ignore[union-attr]
        k = (
            _W[a.rank]  # type: ignore[union-attr]
            + _W[b.rank]  # type: ignore[union-attr]
            + _W[c.rank]  # type: ignore[union-attr]
            + _W[d.rank]  # type: ignore[union-attr]
            + _W[e.rank]  # type: ignore[union-attr]
        )
        if s is b.suit and s is c.suit and s is d.suit and s is e.suit:  # type: ignore[union-attr]
            hand = _FLUSH[k]
        else:
            hand = _PLAIN[k]
    except (ValueError, TypeError, AttributeError, IndexError):
        return _evaluate_checked(cards)
    if hand is None:
        return _evaluate_checked(cards)
    return hand


def evaluate_five_indices(indices: Sequence[int]) -> FiveCardHand:
    """The Let It Ride value of five cards given as card indices 0-51 (:attr:`Card.index`), the
    form analysis code holds hands in; the same result as :func:`evaluate_five`.

    The indices are taken to be five different cards in 0-51 (``IndexError`` otherwise, or a
    wrong result for repeated cards).

    >>> evaluate_five_indices((48, 49, 44, 45, 0)).category.value  # A A K K 2
    'two_pair'
    """
    a, b, c, d, e = indices
    k = _W_BY_INDEX[a] + _W_BY_INDEX[b] + _W_BY_INDEX[c] + _W_BY_INDEX[d] + _W_BY_INDEX[e]
    s = a & 3
    suited = s == b & 3 and s == c & 3 and s == d & 3 and s == e & 3
    try:
        hand = _FLUSH[k] if suited else _PLAIN[k]
    except IndexError:
        _ensure_tables()
        hand = _FLUSH[k] if suited else _PLAIN[k]
    if hand is None:
        raise CardError(f"not five different cards: {tuple(indices)}")
    return hand


#: Hands evaluated one at a time before the tables are built: a command classifying one hand
#: (``dealer-station hand``) answers at once instead of building 7,462 table entries first.
DIRECT_LIMIT = 256
_direct_count = [0]


def _evaluate_checked(cards: Sequence[Card] | Sequence[int]) -> FiveCardHand:
    """The slow path: the first calls (tables not built yet), indices, or input that needs a
    clear error message."""
    indices = [c for c in cards if type(c) is int]
    if indices and len(indices) == len(cards):
        cards = [Card.from_index(i) for i in indices]  # raises for indices out of range
    parsed = parse_cards(cards, count=5)  # type: ignore[arg-type]
    if any(card.is_joker for card in parsed):
        raise CardError("the joker is not used in Let It Ride")
    ranks = [int(card.rank) for card in parsed]
    flush = len({card.suit for card in parsed}) == 1
    if not _PLAIN and _direct_count[0] < DIRECT_LIMIT:
        _direct_count[0] += 1
        direct = _hand(ranks, flush)
        return _BY_KEY.setdefault(direct.key, direct)
    _ensure_tables()
    hand = (_FLUSH if flush else _PLAIN)[_poker.rank_key(ranks)]
    assert hand is not None
    return hand


def hand_for_key(key: int) -> FiveCardHand:
    """The hand value with this key (as returned by :mod:`.bulk`).

    >>> hand_for_key(evaluate_five([0, 1, 4, 8, 12]).key).category.value
    'pair'
    """
    _ensure_tables()
    try:
        return _BY_KEY[key]
    except KeyError:
        raise ValueError(f"{key} is not the key of a five-card hand") from None


def qualifies(cards: Sequence[Card] | Sequence[int]) -> bool:
    """Whether five cards are a pair of tens or better, the hands paid on bets one to three
    (5324.34(f)(1)).

    >>> from dealer_station.cards import parse_cards
    >>> qualifies(parse_cards("Ah Ad 2c 7s 9h")), qualifies(parse_cards("Ah Kd Qc Js 9h"))
    (True, False)
    """
    return evaluate_five(cards).key >= QUALIFYING_KEY
