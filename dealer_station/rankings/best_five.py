"""The best five-card Pai Gow hand of seven cards (NY 9 NYCRR 5324.41(c)(1)-(4), the joker per
(c)(1) and (c)(3)) in one table lookup: the fast form of
:func:`dealer_station.rankings.seven_card.best_five`, with exactly its result.

A hand is seven card indices (:attr:`~dealer_station.cards.Card.index`: 0-51, the joker 52).
Each card has a code packing its rank as a base-5 digit (the joker a fourteenth digit) in the low
32 bits and its suit as a 4-bit count above them (the joker counts one in every suit). The sum of
the seven codes is then

- the rank multiset of the hand (low 32 bits): the key of the best hand that is not a flush,
  looked up in a table of every multiset of seven ranks (at most four of a rank, at most one
  joker); and
- the count of each suit, the joker included (high bits): a flush is possible only where one
  count reaches five, and then the best flush or straight flush of that suit's ranks (and the
  joker) is looked up by their bit mask.

The best five cards of seven are the better of the two: every five cards of one suit are worth
at least as much as a flush as without their suit, and every other five cards are valued without
it. Both tables are built from :func:`dealer_station.rankings.pai_gow._high`, the same function
the single-hand evaluator uses, so the two agree by construction (and
``tests/unit/test_rankings_best_five.py`` checks it on every seven-card hand of a suit pattern
sample and on random hands). The tables are built on first use, about a second.

>>> from dealer_station.cards import parse_cards
>>> hand = [c.index for c in parse_cards("As Ah Ad Ac JK 2c 2d")]
>>> best_five_hand(hand).category.value
'five_aces'
>>> hand = [c.index for c in parse_cards("JK 3c 4c 5c 6c Kd Kh")]
>>> best_five_hand(hand).category.value, best_five_hand(hand).natural
('straight_flush', False)
>>> best_five_key([c.index for c in parse_cards("2h 4d 6c 8s 9h Jd Qc")]) >> 20  # high card
0
"""

from __future__ import annotations

import threading
from collections.abc import Sequence
from itertools import combinations
from typing import Protocol

from dealer_station.rankings import _poker
from dealer_station.rankings.pai_gow import HighHand, _high

__all__ = [
    "Evaluate",
    "best_five_hand",
    "best_five_hand_joker_as_ace",
    "best_five_key",
    "build_tables",
]

_JOKER_INDEX = 52
_RANK_BITS = 0xFFFF_FFFF
_DIGITS: list[int] = [5**r for r in range(14)]  # ranks 2-14 (digits 0-12), the joker 13
_JOKER_DIGIT = _DIGITS[13]


def _code(index: int) -> int:
    if index == _JOKER_INDEX:
        return _JOKER_DIGIT | (0x1111 << 32)
    return _DIGITS[index >> 2] | (1 << (4 * (index & 3) + 32))


#: Each card's code (see the module's description), by card index.
_CODES: list[int] = [_code(i) for i in range(53)]
#: The codes when the joker is only an ace ((c)(7)): it counts in no suit.
_CODES_ACE: list[int] = [*_CODES[:52], _JOKER_DIGIT]
#: The bit of each real card's rank, by card index.
_RANK_BIT: list[int] = [1 << (i >> 2) for i in range(52)]

# The tables, per ``wheel_lowest`` setting: filled in place on first use (importing stays cheap).
# Values are ``key << 1 | natural`` (of equal keys the natural hand, using no joker, is the better
# value): the best non-flush value by rank sum; the suit holding five or more (joker included) by
# the suit counts, -1 for none; the best flush value by ``rank mask | joker << 13``.
_PLAIN: dict[bool, dict[int, int]] = {False: {}, True: {}}
_FLUSH: dict[bool, dict[int, int]] = {False: {}, True: {}}
# The non-flush values when the joker is only an ace (an ace of no suit: it completes no flush,
# and a straight only as an ace), by rank sum; the flush values are the ones without the joker.
_PLAIN_ACE: dict[bool, dict[int, int]] = {False: {}, True: {}}
_FLUSH_SUIT: list[int] = []
_HANDS: dict[int, HighHand] = {}


def _digit_sum(ranks: Sequence[int]) -> int:
    return sum(_DIGITS[r - 2] for r in ranks)  # the joker (15) is digit 13


def _flush_suits() -> list[int]:
    table = []
    for counts in range(1 << 16):
        suit = -1
        for s in range(4):
            if (counts >> (4 * s)) & 0xF >= 5:
                suit = s
        table.append(suit)
    return table


def _value(hand: HighHand) -> int:
    value = hand.key << 1 | hand.natural
    _HANDS.setdefault(value, hand)
    return value


def build_tables(wheel_lowest: bool = False) -> None:
    """Build the lookup tables for one ``wheel_lowest`` setting (done on first use anyway)."""
    with _BUILDING:
        if not _PLAIN[wheel_lowest]:
            _build_tables(wheel_lowest)


# Tables are built into locals and published whole under this lock: another thread (the table
# worker, a census) never sees a half-built table, and no table is built twice.
_BUILDING = threading.Lock()


def _build_tables(wheel_lowest: bool) -> None:
    plain: dict[int, int] = {}
    flush: dict[int, int] = {}
    plain_ace: dict[int, int] = {}
    if not _FLUSH_SUIT:
        _FLUSH_SUIT.extend(_flush_suits())
    # Non-flush values: every five-rank multiset (at most one joker), then the best one left
    # after removing any rank of a six-, then of a seven-rank multiset.
    best: dict[int, int] = {}
    best_ace: dict[int, int] = {}
    for size in (5, 6, 7):
        multisets = [*_poker.rank_multisets(size),
                     *((*m, 15) for m in _poker.rank_multisets(size - 1))]
        for ranks in multisets:
            key = _digit_sum(ranks)
            if size == 5:
                real = tuple(r for r in ranks if r != 15)
                best[key] = _value(_high(real, False, len(real) < 5, wheel_lowest))
                best_ace[key] = best[key] if len(real) == 5 else _value(
                    _joker_as_ace(real, wheel_lowest))
            else:
                best[key] = max(best[key - _digit_sum((r,))] for r in set(ranks))
                best_ace[key] = max(best_ace[key - _digit_sum((r,))] for r in set(ranks))
            if size == 7:
                plain[key] = best[key]
                plain_ace[key] = best_ace[key]
    # Flush values: the ranks of one suit (five to seven of them, or four to six and the joker).
    for joker in (False, True):
        for size in range(5 - joker, 8 - joker):
            for ranks in combinations(range(2, 15), size):
                top = 0
                cards = (*ranks, 15) if joker else ranks
                for five in combinations(cards, 5):
                    real = tuple(r for r in five if r != 15)
                    hand = _high(real, True, len(real) < 5, wheel_lowest)
                    top = max(top, _value(hand))
                mask = sum(1 << (r - 2) for r in ranks)
                flush[mask | joker << 13] = top
    _FLUSH[wheel_lowest].update(flush)
    _PLAIN_ACE[wheel_lowest].update(plain_ace)
    _PLAIN[wheel_lowest].update(plain)  # last: a non-empty plain table means all are complete


def _joker_as_ace(real: tuple[int, ...], wheel_lowest: bool) -> HighHand:
    """Four real cards and the joker only as an ace ((c)(7)): four aces and it are five aces
    ((c)(2)(i)); otherwise it is an ace of no suit (never a flush)."""
    if real.count(14) == 4:
        return _high(real, False, True, wheel_lowest)
    return _high(tuple(sorted((*real, 14))), False, False, wheel_lowest)


class Evaluate(Protocol):
    """``(hand, wheel_lowest=False) -> int``."""

    def __call__(self, hand: Sequence[int], wheel_lowest: bool = False) -> int: ...


def _evaluator(shift: int, joker_completes: bool = True) -> Evaluate:
    """The table lookup, returning the packed value shifted right by ``shift`` (1: the key);
    ``joker_completes`` False: the joker only an ace. The tables and codes are the closure's cells
    (filled in place on first use), the fastest names CPython reads."""
    codes = _CODES if joker_completes else _CODES_ACE
    plains = _PLAIN if joker_completes else _PLAIN_ACE
    plain, plain_wheel_lowest = plains[False], plains[True]
    flush_suit = _FLUSH_SUIT
    joker_bit = 1 << 13 if joker_completes else 0

    def evaluate(hand: Sequence[int], wheel_lowest: bool = False) -> int:
        a, b, c, d, e, f, g = hand
        s = codes[a] + codes[b] + codes[c] + codes[d] + codes[e] + codes[f] + codes[g]
        try:
            value = (plain_wheel_lowest if wheel_lowest else plain)[s & 0xFFFF_FFFF]
            suit = flush_suit[s >> 32]
        except (KeyError, IndexError):
            if _PLAIN[wheel_lowest]:
                raise
            build_tables(wheel_lowest)
            return evaluate(hand, wheel_lowest)
        if suit < 0:
            return value >> shift
        mask = 0
        for card in hand:
            if card < _JOKER_INDEX and card & 3 == suit:
                mask |= _RANK_BIT[card]
        if s & _RANK_BITS >= _JOKER_DIGIT:
            mask |= joker_bit
        flushed = _FLUSH[wheel_lowest][mask]
        return (flushed if flushed > value else value) >> shift

    return evaluate


_best_value = _evaluator(0)
#: The key (:attr:`HighHand.key`) of the best five-card Pai Gow hand of seven cards given as card
#: indices (0-51, the joker 52), ``best_five_key(hand, wheel_lowest=False)``: equal to
#: ``best_five(cards).key``. The cards are taken to be seven different cards (a wrong count
#: raises ``ValueError``; repeated cards give a wrong answer or ``KeyError``). The lookup itself,
#: not a wrapper around it: one call per hand.
best_five_key: Evaluate = _evaluator(1)


_best_value_ace = _evaluator(0, joker_completes=False)


def best_five_hand_joker_as_ace(hand: Sequence[int], wheel_lowest: bool = False) -> HighHand:
    """The best five-card hand of seven card indices when the joker is only an ace (the
    reading of the insurance wager's pai gow, 5324.41(c)(7)): it pairs an ace, completes a
    straight only as an ace, no flush; four aces and the joker are still five aces.

    >>> from dealer_station.cards import parse_cards
    >>> hand = [c.index for c in parse_cards("JK 3c 4c 5c 6c Kd 9h")]
    >>> best_five_hand(hand).category.value, best_five_hand_joker_as_ace(hand).category.value
    ('straight_flush', 'high_card')
    """
    return _HANDS[_best_value_ace(hand, wheel_lowest)]


def best_five_hand(hand: Sequence[int], wheel_lowest: bool = False) -> HighHand:
    """The best five-card Pai Gow hand of seven card indices as a :class:`HighHand`: the same
    value (key) as :func:`~dealer_station.rankings.seven_card.best_five`; ``natural`` when that
    value can be made without the joker."""
    return _HANDS[_best_value(hand, wheel_lowest)]
