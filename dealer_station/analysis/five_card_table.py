"""Five-card hand classes for the counters: the table of every five-card Pai Gow hand built from
the rankings' bulk evaluator (:func:`five_card_codes`), and an independent array classifier
(:func:`classify_five`: the 52-card deck of Let It Ride, 5324.34(b)(2), or the 53-card Pai Gow deck,
5324.41(c)(2)-(3): the joker is an ace, or completes a straight, flush, straight flush or royal
flush) that the tests hold against it on every hand.

Card indices are those of :attr:`dealer_station.cards.Card.index`: ``(rank - 2) * 4 + suit``,
joker 52. Rows must be ascending (so the joker, if any, is last). The codes order hands so that a
higher code is never a worse hand for any bonus pay table: within a category the natural
(jokerless) hand ranks above the one using the joker.

>>> from dealer_station.cards import parse_cards
>>> def code(text):
...     cards = sorted(c.index for c in parse_cards(text))
...     return HandCode(int(classify_five(np.array([cards]))[0][0])).name
>>> code("As Ks Qs Js Ts"), code("As Ks Qs Js JK"), code("Ah Ad Ac As JK")
('ROYAL_FLUSH', 'ROYAL_FLUSH_WITH_JOKER', 'FIVE_ACES')
>>> code("Kh Kd 7c 7s JK"), code("2h 3d 4c 5s JK"), code("2h 3h 9h Kh JK")
('TWO_PAIR', 'STRAIGHT', 'FLUSH')
"""

from __future__ import annotations

from enum import IntEnum
from functools import lru_cache
from math import comb

import numpy as np
import numpy.typing as npt

from dealer_station.analysis.combinatorics import IntArray, combinations_array
from dealer_station.rankings import bulk
from dealer_station.rankings.pai_gow import PaiGowCategory

__all__ = [
    "ACE",
    "JOKER_INDEX",
    "CodeArray",
    "HandCode",
    "classify_five",
    "five_card_codes",
    "joker_as_ace_codes",
]

JOKER_INDEX = 52
#: Rank number of the ace in the counters (deuce is 0).
ACE = 12


class HandCode(IntEnum):
    """Five-card hand classes used by the counters, worst to best."""

    HIGH_CARD = 0
    PAIR = 1
    TWO_PAIR = 2
    THREE_OF_A_KIND = 3
    STRAIGHT = 4
    FLUSH = 5
    FULL_HOUSE = 6
    FOUR_OF_A_KIND = 7
    STRAIGHT_FLUSH_WITH_JOKER = 8
    STRAIGHT_FLUSH = 9
    ROYAL_FLUSH_WITH_JOKER = 10
    ROYAL_FLUSH = 11
    FIVE_ACES = 12


BoolArray = npt.NDArray[np.bool_]


def _rank_pattern(ranks: IntArray) -> tuple[IntArray, IntArray]:
    """Pattern code (no flush, no straight) and the rank of the lowest pair, for sorted ranks."""
    equal = ranks[:, 1:] == ranks[:, :-1]
    pairs = equal.sum(axis=1)
    run3 = (equal[:, :-1] & equal[:, 1:]).any(axis=1)
    run4 = (equal[:, :-2] & equal[:, 1:-1] & equal[:, 2:]).any(axis=1)
    code = np.select(
        [
            pairs == 0,
            pairs == 1,
            (pairs == 2) & ~run3,
            pairs == 2,
            (pairs == 3) & ~run4,
            pairs == 3,
        ],
        [
            HandCode.HIGH_CARD,
            HandCode.PAIR,
            HandCode.TWO_PAIR,
            HandCode.THREE_OF_A_KIND,
            HandCode.FULL_HOUSE,
            HandCode.FOUR_OF_A_KIND,
        ],
        default=HandCode.FIVE_ACES,
    ).astype(np.int64)
    first_equal = np.argmax(equal, axis=1)
    pair_rank = np.where(pairs > 0, ranks[np.arange(len(ranks)), first_equal], -1)
    return code, pair_rank


def _completes_straight(ranks: IntArray) -> tuple[BoolArray, BoolArray]:
    """For sorted distinct-or-not ranks (4 or 5 per row, the joker excluded): whether they are, or
    with one wild card become, a straight, and whether that straight can be ace-high."""
    width = ranks.shape[1]
    distinct = (ranks[:, 1:] != ranks[:, :-1]).all(axis=1)
    span = ranks[:, -1] - ranks[:, 0]
    low_ace = np.where(ranks == ACE, -1, ranks)
    low_span = low_ace.max(axis=1) - low_ace.min(axis=1)
    straight = distinct & ((span <= 4) | (low_span <= 4))
    # T J Q K A, or four of them and the joker
    ace_high = straight & ((ranks[:, 0] == 8) if width == 5 else (ranks[:, 0] >= 8))
    return straight, ace_high


def classify_five(cards: npt.ArrayLike) -> tuple[IntArray, IntArray]:
    """The :class:`HandCode` of each row of five ascending card indices, and the rank (0 = deuce)
    of the lowest pair in it (-1 if none; the joker pairs only as an ace).

    >>> codes, pairs = classify_five(np.array([[0, 1, 8, 12, 16]]))  # 2s 2h 4s 5s 6s
    >>> HandCode(int(codes[0])).name, int(pairs[0])
    ('PAIR', 0)
    """
    cards = np.asarray(cards, dtype=np.int64)
    has_joker = cards[:, -1] == JOKER_INDEX
    codes = np.zeros(len(cards), dtype=np.int64)
    pair_ranks = np.full(len(cards), -1, dtype=np.int64)

    natural = cards[~has_joker]
    if len(natural):
        ranks, suits = natural // 4, natural % 4
        code, pair_rank = _rank_pattern(ranks)
        flush = (suits == suits[:, :1]).all(axis=1)
        straight, royal = _completes_straight(ranks)
        code = np.where(flush, HandCode.FLUSH, code)
        code = np.where(straight & ~flush, HandCode.STRAIGHT, code)
        code = np.where(straight & flush, HandCode.STRAIGHT_FLUSH, code)
        code = np.where(royal & flush, HandCode.ROYAL_FLUSH, code)
        codes[~has_joker] = code
        pair_ranks[~has_joker] = pair_rank

    wild = cards[has_joker][:, :4]
    if len(wild):
        ranks, suits = wild // 4, wild % 4
        as_ace = np.sort(np.hstack([ranks, np.full((len(ranks), 1), ACE)]), axis=1)
        code, pair_rank = _rank_pattern(as_ace)
        flush = (suits == suits[:, :1]).all(axis=1)
        straight, royal = _completes_straight(ranks)
        code = np.where(flush, np.maximum(code, HandCode.FLUSH), code)
        code = np.where(straight, np.maximum(code, HandCode.STRAIGHT), code)
        code = np.where(straight & flush, HandCode.STRAIGHT_FLUSH_WITH_JOKER, code)
        code = np.where(royal & flush, HandCode.ROYAL_FLUSH_WITH_JOKER, code)
        codes[has_joker] = code
        pair_ranks[has_joker] = pair_rank
    return codes, pair_ranks


_PAI_GOW_CODES = {
    "high_card": HandCode.HIGH_CARD,
    "pair": HandCode.PAIR,
    "two_pair": HandCode.TWO_PAIR,
    "three_of_a_kind": HandCode.THREE_OF_A_KIND,
    "straight": HandCode.STRAIGHT,
    "flush": HandCode.FLUSH,
    "full_house": HandCode.FULL_HOUSE,
    "four_of_a_kind": HandCode.FOUR_OF_A_KIND,
    "straight_flush": HandCode.STRAIGHT_FLUSH,
    "royal_flush": HandCode.ROYAL_FLUSH,
    "five_aces": HandCode.FIVE_ACES,
}


CodeArray = npt.NDArray[np.int8]
#: Rows of five-card hands classified at a time: small temporaries.
_ROWS = 1 << 15


@lru_cache(maxsize=1)
def five_card_codes() -> CodeArray:
    """The :class:`HandCode` of every five-card hand of the 53-card Pai Gow deck, indexed by colex
    rank, from the rankings' bulk evaluator
    (:func:`dealer_station.rankings.bulk.evaluate_high_array`): its category, and for straight
    and royal flushes whether the joker is among the five cards (then it is used, since four cards
    and a joker make a straight flush only with the joker's help). One byte a hand, classified a
    block at a time (the hands are never all held at once). Cached (under a second).

    >>> codes = five_card_codes()
    >>> int((codes == HandCode.ROYAL_FLUSH).sum()), int((codes == HandCode.FIVE_ACES).sum())
    (4, 1)
    """
    lookup = np.zeros(max(c.strength for c in PaiGowCategory) + 1, dtype=np.int8)
    for category in PaiGowCategory:
        lookup[category.strength] = _PAI_GOW_CODES[category.value]
    fours = combinations_array(53, 4)
    codes = np.empty(comb(53, 5), dtype=np.int8)
    done = 0
    for top in range(4, 53):  # colex order: every hand whose highest card is ``top``, in turn
        below = comb(top, 4)
        for start in range(0, below, _ROWS):
            rows = fours[start : min(start + _ROWS, below)]
            hands = np.empty((len(rows), 5), dtype=np.uint8)
            hands[:, :4] = rows
            hands[:, 4] = top
            block = lookup[bulk.strengths(bulk.evaluate_high_array(hands))]
            if top == JOKER_INDEX:
                block[block == HandCode.STRAIGHT_FLUSH] = HandCode.STRAIGHT_FLUSH_WITH_JOKER
                block[block == HandCode.ROYAL_FLUSH] = HandCode.ROYAL_FLUSH_WITH_JOKER
            codes[done : done + len(block)] = block
            done += len(block)
    codes.setflags(write=False)
    return codes


@lru_cache(maxsize=1)
def joker_as_ace_codes() -> CodeArray:
    """The :class:`HandCode` of four real cards and the joker when the joker is only an ace, an
    ace of no suit (5324.41(c)(7)): it pairs an ace and completes a straight only as an ace,
    never a flush; four aces and it are five aces. Indexed by the colex rank of the four real
    cards. Each is classified by the rankings' bulk evaluator as the four cards and a real ace
    they do not hold, of a suit they do not all share (so never a flush).

    >>> from dealer_station.cards import parse_cards
    >>> from dealer_station.analysis.combinatorics import colex_rank
    >>> def code(text):
    ...     cards = sorted(c.index for c in parse_cards(text))
    ...     return HandCode(int(joker_as_ace_codes()[colex_rank([cards])[0]])).name
    >>> code("2s 3s 4s 5s"), code("Ah Ad Ac As"), code("Ks Qs Js Ts"), code("Kh Kd 7c 2s")
    ('STRAIGHT', 'FIVE_ACES', 'STRAIGHT', 'PAIR')
    """
    lookup = np.zeros(max(c.strength for c in PaiGowCategory) + 1, dtype=np.int8)
    for category in PaiGowCategory:
        lookup[category.strength] = _PAI_GOW_CODES[category.value]
    fours = combinations_array(52, 4).astype(np.uint8)
    codes = np.empty(len(fours), dtype=np.int8)
    aces = np.arange(4 * ACE, 4 * ACE + 4, dtype=np.uint8)
    for start in range(0, len(fours), _ROWS):
        rows = fours[start : start + _ROWS]
        held = (rows[:, :, None] == aces[None, None, :]).any(axis=1)  # which aces are held
        one_suit = (rows % 4 == rows[:, :1] % 4).all(axis=1)
        banned = held.copy()
        banned[one_suit, rows[one_suit, 0] % 4] = True  # an ace of their suit would flush
        four_aces = held.all(axis=1)
        banned[four_aces] = False  # any stand-in: the result is five aces anyway
        ace = aces[np.argmin(banned, axis=1)]
        stand_in = rows[:, 0].copy()  # four aces: a dummy fifth card, overwritten below
        stand_in[~four_aces] = ace[~four_aces]
        hands = np.column_stack([rows, stand_in])
        block = np.full(len(rows), HandCode.FIVE_ACES, dtype=np.int8)
        if (~four_aces).any():
            found = bulk.strengths(bulk.evaluate_high_array(hands[~four_aces]))
            block[~four_aces] = lookup[found]
        codes[start : start + len(block)] = block
    codes.setflags(write=False)
    return codes
