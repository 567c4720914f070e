"""Shared poker arithmetic for the ranking modules: hand shapes, straights, packed keys and the
per-rank weights that make table lookups possible.

Not a hand system of its own: :mod:`.five_card` (NY 5324.34(b)(2)), :mod:`.pai_gow`
(NY 5324.41(c)) and :mod:`.bulk` build their tables from these functions, so that every system
agrees on what a pair, a straight or a full house is and only differs where its clause differs.

A *key* packs a hand's strength and its tie-break ranks into one integer,
``strength << 20 | r0 << 16 | r1 << 12 | r2 << 8 | r3 << 4 | r4``, so that comparing keys compares
hands the way 5324.41(c)(5) and 5324.34(b) do: higher category first, then the highest-ranking card
not contained in the other hand (ranks listed by group size, then by rank).

>>> pack(1, (10, 14, 9, 2))
1763616
>>> strength_of(pack(1, (10, 14, 9, 2)))
1
>>> shape((14, 5, 4, 3, 2), flush=False)
(4, (5,))
>>> shape((14, 13, 12, 3, 2), flush=False)  # Q-K-A-2-3 does not wrap around
(0, (14, 13, 12, 3, 2))
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterable, Sequence
from itertools import combinations_with_replacement

__all__ = [
    "FLUSH",
    "FOUR_OF_A_KIND",
    "FULL_HOUSE",
    "HIGH_CARD",
    "JOKER_SLOT",
    "PAIR",
    "RANK_WEIGHTS",
    "STRAIGHT",
    "STRAIGHT_FLUSH",
    "THREE_OF_A_KIND",
    "TWO_PAIR",
    "pack",
    "rank_key",
    "shape",
    "straight_top",
    "strength_of",
    "tiebreak_of",
]

# Hand shapes common to every five-card system, weakest first. Each system maps them to its own
# category enum (and adds royal flush, five aces, ...).
HIGH_CARD, PAIR, TWO_PAIR, THREE_OF_A_KIND, STRAIGHT, FLUSH, FULL_HOUSE, FOUR_OF_A_KIND = range(8)
STRAIGHT_FLUSH = 8

#: Per-rank weights (index ``rank - 2``; index 13 is the joker) chosen so that the sum over any
#: multiset of 1-5 cards (at most four of a rank, one joker) identifies the multiset of ranks:
#: the sum is a perfect hash for table lookups. Found by a greedy search; the uniqueness is
#: checked by ``tests/unit/test_rankings_five_card.py``.
RANK_WEIGHTS: tuple[int, ...] = (
    0, 1, 5, 22, 94, 312, 992, 2422, 5624, 12522, 19998, 43258, 79415, 130285,
)  # fmt: skip
JOKER_SLOT = 13


def rank_key(ranks: Iterable[int]) -> int:
    """The weight sum of ``ranks`` (2-14, the joker 15): the table index of a rank multiset.

    >>> rank_key((14, 14)) == 2 * RANK_WEIGHTS[12]
    True
    """
    return sum(RANK_WEIGHTS[r - 2] for r in ranks)


def pack(strength: int, tiebreak: Sequence[int]) -> int:
    """Pack a strength and up to five tie-break ranks into one comparable integer."""
    key = strength
    for i in range(5):
        key = (key << 4) | (tiebreak[i] if i < len(tiebreak) else 0)
    return key


def strength_of(key: int) -> int:
    """The strength packed into ``key`` by :func:`pack`."""
    return key >> 20


def tiebreak_of(key: int, length: int) -> tuple[int, ...]:
    """The first ``length`` tie-break ranks packed into ``key`` by :func:`pack`.

    >>> tiebreak_of(pack(2, (13, 4, 9)), 3)
    (13, 4, 9)
    """
    return tuple((key >> (16 - 4 * i)) & 15 for i in range(length))


def straight_top(ranks: Sequence[int]) -> int | None:
    """The top rank of the straight formed by five ranks, 5 for the wheel A-2-3-4-5, or None.

    An ace may complete a straight with 2, 3, 4 and 5 (5324.34(b)(1), 5324.41(c)(1)) but never wraps
    around (5324.34(b)(2)(vi)).

    >>> straight_top((9, 13, 10, 12, 11)), straight_top((2, 14, 4, 3, 5))
    (13, 5)
    >>> straight_top((2, 3, 4, 5, 7)) is None
    True
    """
    distinct = set(ranks)
    if len(distinct) != 5:
        return None
    high, low = max(distinct), min(distinct)
    if high - low == 4:
        return high
    if distinct == {14, 2, 3, 4, 5}:
        return 5
    return None


def shape(ranks: Sequence[int], *, flush: bool) -> tuple[int, tuple[int, ...]]:
    """The shape (``HIGH_CARD`` ... ``STRAIGHT_FLUSH``) of five ranks and its tie-break ranks.

    Tie-break ranks list the groups by size, then by rank, highest first; a straight's is its top
    card (5 for the wheel). A royal flush is a straight flush topped by an ace; each system names
    it itself.

    >>> shape((13, 13, 4, 4, 13), flush=False)
    (6, (13, 4))
    >>> shape((12, 9, 12, 2, 9), flush=False)
    (2, (12, 9, 2))
    """
    top = straight_top(ranks)
    if top is not None:
        return (STRAIGHT_FLUSH if flush else STRAIGHT), (top,)
    counts = Counter(ranks)
    groups = sorted(counts.items(), key=lambda rc: (rc[1], rc[0]), reverse=True)
    tiebreak = tuple(r for r, _ in groups)
    sizes = tuple(c for _, c in groups)
    if flush:
        return FLUSH, tiebreak
    by_sizes = {
        (4, 1): FOUR_OF_A_KIND,
        (3, 2): FULL_HOUSE,
        (3, 1, 1): THREE_OF_A_KIND,
        (2, 2, 1): TWO_PAIR,
        (2, 1, 1, 1): PAIR,
        (1, 1, 1, 1, 1): HIGH_CARD,
    }
    if sizes not in by_sizes:
        raise ValueError(f"not a five-card hand: ranks {tuple(ranks)}")
    return by_sizes[sizes], tiebreak


def rank_multisets(size: int) -> list[tuple[int, ...]]:
    """Every multiset of ``size`` standard ranks with at most four of a rank (sorted tuples).

    >>> len(rank_multisets(5)), len(rank_multisets(3))
    (6175, 455)
    """
    return [
        m
        for m in combinations_with_replacement(range(2, 15), size)
        if max(Counter(m).values()) <= 4
    ]
