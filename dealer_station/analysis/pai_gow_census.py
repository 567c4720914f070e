"""All 154,143,080 seven-card Pai Gow hands (53 cards, 5324.41(b)), counted by class, not one by
one.

A seven-card hand's every bonus category depends only on

* its rank multiset and whether it holds the joker;
* the ranks of its flush suit, if one suit holds five cards (four with the joker): no two suits
  can, so there is at most one;
* when that flush suit leaves exactly two other cards of different ranks, whether those two are
  suited (the royal match of 5324.41(c)(6)(ii)).

So the hands split into about 260,000 classes whose sizes are products of binomials: a rank multiset
``m`` has ``prod C(4, m_r)`` suit assignments, of which ``prod_{r in F} C(3, m_r - 1) *
prod_{r not in F} C(3, m_r)`` put exactly the ranks ``F`` in one given suit. For each class one
representative hand is built and classified with arrays (the 21 ways of splitting it into a
five-card high hand and a two-card low hand, looked up in the table of all 2,869,685 five-card
hands), and the class size is added to the count of its :class:`SevenCardFeatures`.

Restricting the ranks (``ranks=``) gives the same census of a smaller deck, which the tests compare
with visiting every hand.
"""

from __future__ import annotations

import multiprocessing
import os
from collections.abc import Callable, Iterator, Mapping, Sequence
from dataclasses import dataclass, field
from itertools import combinations
from math import comb, prod

import numpy as np
import numpy.typing as npt

from dealer_station.analysis.combinatorics import IntArray, colex_rank, subset_columns
from dealer_station.analysis.five_card_table import ACE, JOKER_INDEX, HandCode, five_card_codes

__all__ = [
    "ALL_RANKS",
    "HandClasses",
    "PaiGowCensus",
    "SevenCardFeatures",
    "census",
    "each_hand_class",
    "hand_classes",
    "hand_features",
]

ALL_RANKS: tuple[int, ...] = tuple(range(13))
KING, QUEEN = 11, 10
#: Seven ranks in a row, ace high or (A-2-3-4-5-6-7) ace low.
_RUNS_OF_SEVEN: tuple[int, ...] = (
    *(0b1111111 << start for start in range(7)),
    (1 << ACE) | 0b111111,
)
_RUNS_OF_FIVE: tuple[int, ...] = (*(0b11111 << start for start in range(9)), (1 << ACE) | 0b1111)


@dataclass(frozen=True, order=True)
class SevenCardFeatures:
    """What every Pai Gow bonus needs to know about seven cards.

    ``hands``: the five-card hands (:class:`HandCode` bits) that some five of the seven cards form
    (the joker wild for straights and flushes, else an ace); ``hands_with_low_pair``: those formed
    while the two other cards are a pair (the joker pairs with an ace; the progressive's "and
    pair", 5324.41(k)(4)); ``insurance_high``: the highest rank (0 = deuce, 12 = ace) of a hand with
    no pair, straight or flush when the joker is only an ace, else -1 ((c)(7), (m)(3));
    ``seven_card_straight_flush``: 0 none, 1 with the joker, 2 without; ``royal_match_kq`` /
    ``royal_match_ak``: a royal flush plus a suited K-Q / A-K of real cards ((c)(6)(ii)(a)/(b);
    "without a joker" read, as the rankings do, as the additional two cards).
    """

    hands: int
    hands_with_low_pair: int
    insurance_high: int
    seven_card_straight_flush: int
    royal_match_kq: bool
    royal_match_ak: bool

    @property
    def best(self) -> HandCode:
        """The best five-card hand of the seven cards."""
        return HandCode(self.hands.bit_length() - 1)

    def formed(self, *, low_pair: bool = False) -> tuple[HandCode, ...]:
        """The hands formed (with a paired low hand), best first."""
        mask = self.hands_with_low_pair if low_pair else self.hands
        return tuple(code for code in reversed(HandCode) if mask >> code & 1)


@dataclass(frozen=True)
class HandClasses:
    """Classes of seven-card hands: a representative (ascending card indices) and a size each."""

    representatives: IntArray  # (n, 7)
    sizes: IntArray  # (n,)

    @property
    def total(self) -> int:
        return int(self.sizes.sum())


def _multisets(ranks: Sequence[int], size: int) -> Iterator[tuple[int, ...]]:
    """Every multiset of ``size`` cards over ``ranks`` with at most four of a rank, as the counts
    per rank (aligned with ``ranks``)."""
    if not ranks:
        if size == 0:
            yield ()
        return
    rest = ranks[1:]
    for here in range(min(4, size) + 1):
        for tail in _multisets(rest, size - here):
            yield (here, *tail)


def _balanced(cards: dict[int, int]) -> list[int]:
    """Card indices for rank counts ``{rank: count}`` spread over the suits as evenly as possible
    (no suit holds more than two of seven cards, so no flush)."""
    load = [0, 0, 0, 0]
    result = []
    for rank, count in sorted(cards.items(), key=lambda item: -item[1]):
        suits = sorted(range(4), key=lambda s: (load[s], s))[:count]
        for suit in suits:
            load[suit] += 1
            result.append(rank * 4 + suit)
    return result


def _classes_for(
    ranks: Sequence[int], joker: bool, part: int = 0, parts: int = 1
) -> Iterator[tuple[list[int], int]]:
    size = 6 if joker else 7
    threshold = 4 if joker else 5
    extra = [JOKER_INDEX] if joker else []
    for number, counts in enumerate(_multisets(ranks, size)):
        if number % parts != part:
            continue
        held = {rank: n for rank, n in zip(ranks, counts, strict=True) if n}
        total = prod(comb(4, n) for n in held.values())
        flushed = 0
        support = sorted(held)
        for width in range(threshold, len(support) + 1):
            for flush in combinations(support, width):
                in_flush = set(flush)
                ways = prod(comb(3, n - (rank in in_flush)) for rank, n in held.items())
                if ways == 0:
                    continue
                flushed += 4 * ways
                cards = [rank * 4 for rank in flush]
                remainder = {rank: n - (rank in in_flush) for rank, n in held.items()}
                remainder = {rank: n for rank, n in remainder.items() if n}
                if len(remainder) == 2 and sum(remainder.values()) == 2:
                    first, second = sorted(remainder)
                    yield sorted([*cards, first * 4 + 1, second * 4 + 1, *extra]), 4 * ways // 3
                    yield sorted([*cards, first * 4 + 1, second * 4 + 2, *extra]), 8 * ways // 3
                    continue
                for rank, n in remainder.items():
                    cards.extend(rank * 4 + suit for suit in range(1, n + 1))
                yield sorted([*cards, *extra]), 4 * ways
        if total > flushed:
            yield sorted([*_balanced(held), *extra]), total - flushed


def each_hand_class(
    ranks: Sequence[int] = ALL_RANKS, *, joker: bool | None = None, part: int = 0, parts: int = 1
) -> Iterator[tuple[list[int], int]]:
    """The classes of :func:`hand_classes` one at a time, a representative (ascending card
    indices) and its size each, for a caller that needs no array of them all.

    >>> sum(size for _, size in each_hand_class((9, 10, 11, 12))) == comb(17, 7)
    True
    """
    for with_joker in (False, True) if joker is None else (joker,):
        yield from _classes_for(tuple(ranks), with_joker, part, parts)


def hand_classes(
    ranks: Sequence[int] = ALL_RANKS, *, joker: bool | None = None, part: int = 0, parts: int = 1
) -> HandClasses:
    """The classes of seven-card hands from the deck of ``ranks`` (all four suits) plus the joker;
    ``joker`` True or False keeps only the hands with or without it; ``part`` of ``parts`` takes
    every ``parts``-th rank multiset (for sharing the work between processes).

    >>> classes = hand_classes((9, 10, 11, 12))  # jacks to aces and the joker: 17 cards
    >>> classes.total == comb(17, 7)
    True
    """
    reps: list[list[int]] = []
    sizes: list[int] = []
    for cards, size in each_hand_class(ranks, joker=joker, part=part, parts=parts):
        reps.append(cards)
        sizes.append(size)
    return HandClasses(np.array(reps, dtype=np.int64).reshape(-1, 7), np.array(sizes, np.int64))


_SPLITS: tuple[tuple[tuple[int, ...], tuple[int, int]], ...] = tuple(
    (high, tuple(c for c in range(7) if c not in high))  # type: ignore[misc]
    for high in subset_columns(7, 5)
)


def _rank_masks(ranks: IntArray) -> IntArray:
    masks = np.zeros(len(ranks), dtype=np.int64)
    for column in range(ranks.shape[1]):
        masks |= np.left_shift(1, ranks[:, column])
    return masks


def _popcount(masks: IntArray) -> IntArray:
    return np.array([int(m).bit_count() for m in masks.tolist()], dtype=np.int64)


def _contains_any(masks: IntArray, runs: tuple[int, ...], *, within: bool) -> npt.NDArray[np.bool_]:
    """Masks containing one of ``runs`` (``within``: masks that are inside one of them)."""
    found = np.zeros(len(masks), dtype=bool)
    for run in runs:
        found |= ((masks & ~run) == 0) if within else ((masks & run) == run)
    return found


def hand_features(hands: npt.ArrayLike) -> IntArray:
    """The encoded :class:`SevenCardFeatures` (see :func:`decode`) of each row of seven ascending
    card indices of the Pai Gow deck.

    >>> from dealer_station.cards import parse_cards
    >>> rows = [sorted(c.index for c in parse_cards(t)) for t in
    ...         ("As Ks Qs Js Ts Kh Qh", "2c 3c 4c 5c 6c 7c JK", "Ah Kd Qc 9s 7h 5d 3c")]
    >>> found = [decode(int(code)) for code in hand_features(rows)]
    >>> [(f.best.name, f.seven_card_straight_flush, f.royal_match_kq) for f in found]
    [('ROYAL_FLUSH', 0, True), ('STRAIGHT_FLUSH', 1, False), ('HIGH_CARD', 0, False)]
    >>> [code.name for code in found[0].formed(low_pair=True)], found[2].insurance_high
    (['PAIR'], 12)
    """
    cards = np.asarray(hands, dtype=np.int64).reshape(-1, 7)
    codes = five_card_codes()
    ranks = np.minimum(cards // 4, ACE)  # the joker counts as an ace
    formed = np.zeros(len(cards), dtype=np.int64)
    formed_pair = np.zeros(len(cards), dtype=np.int64)
    for high, (low_a, low_b) in _SPLITS:
        bit = np.left_shift(np.int64(1), codes[colex_rank(cards[:, list(high)])])
        formed |= bit
        formed_pair |= np.where(ranks[:, low_a] == ranks[:, low_b], bit, 0)

    joker = cards[:, -1] == JOKER_INDEX
    suits = np.where(cards == JOKER_INDEX, -1, cards % 4)
    suit_counts = np.stack([(suits == s).sum(axis=1) for s in range(4)], axis=1)
    flush_suit = suit_counts.argmax(axis=1)
    in_flush = suits == flush_suit[:, None]
    flush_size = suit_counts.max(axis=1)
    flush_masks = _rank_masks(np.where(in_flush, cards // 4, ACE + 1)) & ((1 << 13) - 1)
    sf7 = np.zeros(len(cards), dtype=np.int64)
    sf7[(~joker) & (flush_size == 7) & _contains_any(flush_masks, _RUNS_OF_SEVEN, within=True)] = 2
    sf7[joker & (flush_size == 6) & _contains_any(flush_masks, _RUNS_OF_SEVEN, within=True)] = 1

    other = ~in_flush & (cards != JOKER_INDEX)
    two_others = (other.sum(axis=1) == 2) & (flush_size + joker == 5)
    other_ranks = np.where(other, cards // 4, -1)
    other_suits = np.where(other, cards % 4, -1)
    first = np.argmax(other, axis=1)
    second = 6 - np.argmax(other[:, ::-1], axis=1)
    rows = np.arange(len(cards))
    pair_ranks = np.sort(np.stack([other_ranks[rows, first], other_ranks[rows, second]]), axis=0)
    suited = two_others & (other_suits[rows, first] == other_suits[rows, second])
    natural_royal = (formed >> HandCode.ROYAL_FLUSH) & 1 == 1
    royal = natural_royal | ((formed >> HandCode.ROYAL_FLUSH_WITH_JOKER) & 1 == 1)
    match_kq = suited & royal & (pair_ranks[0] == QUEEN) & (pair_ranks[1] == KING)
    match_ak = suited & royal & (pair_ranks[0] == KING) & (pair_ranks[1] == ACE)

    rank_masks = _rank_masks(ranks)
    distinct = _popcount(rank_masks) == 7
    natural_flush = (flush_size >= 5)
    straight = _contains_any(rank_masks, _RUNS_OF_FIVE, within=False)
    pai_gow = distinct & ~natural_flush & ~straight
    insurance = np.where(pai_gow, ranks.max(axis=1), -1)
    return encode(formed, formed_pair, insurance, sf7, match_kq, match_ak)


_MASK = (1 << 13) - 1


def encode(
    hands: npt.ArrayLike,
    hands_with_low_pair: npt.ArrayLike,
    insurance: npt.ArrayLike,
    sf7: npt.ArrayLike,
    match_kq: npt.ArrayLike,
    match_ak: npt.ArrayLike,
) -> IntArray:
    """Pack features into one integer per hand (inverse of :func:`decode`)."""
    packed = (
        np.asarray(hands, dtype=np.int64)
        | np.asarray(hands_with_low_pair, dtype=np.int64) << 13
        | (np.asarray(insurance, dtype=np.int64) + 1) << 26
        | np.asarray(sf7, dtype=np.int64) << 30
        | np.asarray(match_kq, dtype=np.int64) << 32
        | np.asarray(match_ak, dtype=np.int64) << 33
    )
    return packed


def decode(code: int) -> SevenCardFeatures:
    """The :class:`SevenCardFeatures` packed in ``code``.

    >>> decode(int(encode(1 << 4 | 1 << 3, 0, -1, 0, False, False)[()])).best.name
    'STRAIGHT'
    """
    return SevenCardFeatures(
        code & _MASK,
        (code >> 13) & _MASK,
        ((code >> 26) & 15) - 1,
        (code >> 30) & 3,
        bool((code >> 32) & 1),
        bool((code >> 33) & 1),
    )


@dataclass(frozen=True)
class PaiGowCensus:
    """How many seven-card hands have each :class:`SevenCardFeatures`; ``ranks``: the deck's
    ranks (all thirteen, or fewer for a smaller deck), not part of the comparison."""

    counts: dict[SevenCardFeatures, int]
    ranks: tuple[int, ...] = field(default=ALL_RANKS, compare=False)

    @property
    def total(self) -> int:
        return sum(self.counts.values())

    def count(self, predicate: Callable[[SevenCardFeatures], object]) -> int:
        """The number of hands whose features satisfy ``predicate``."""
        return sum(n for f, n in self.counts.items() if predicate(f))

    @classmethod
    def of_hands(cls, codes: IntArray, weights: IntArray) -> PaiGowCensus:
        unique, inverse = np.unique(codes, return_inverse=True)
        sums = np.zeros(len(unique), dtype=np.int64)
        np.add.at(sums, inverse.ravel(), weights)
        return cls({decode(int(c)): int(n) for c, n in zip(unique, sums, strict=True)})


_CENSUSES: dict[tuple[int, ...], PaiGowCensus] = {}
#: ``progress(done, total)`` after each share of the work.
Progress = Callable[[int, int], None]


def _census_part(job: tuple[tuple[int, ...], int, int]) -> dict[int, int]:
    ranks, part, parts = job
    classes = hand_classes(ranks, part=part, parts=parts)
    codes = hand_features(classes.representatives)
    unique, inverse = np.unique(codes, return_inverse=True)
    sums = np.zeros(len(unique), dtype=np.int64)
    np.add.at(sums, inverse.ravel(), classes.sizes)
    return {int(c): int(n) for c, n in zip(unique, sums, strict=True)}


def census(
    ranks: tuple[int, ...] = ALL_RANKS,
    *,
    workers: int | None = None,
    progress: Progress | None = None,
) -> PaiGowCensus:
    """The census of every seven-card hand of the deck of ``ranks`` plus the joker, shared out
    over ``workers`` processes (default: every CPU) in 16 shares. Cached per ``ranks``.

    >>> small = census((10, 11, 12), workers=1)  # queens, kings, aces and the joker: 13 cards
    >>> small.total == comb(13, 7)
    True
    """
    cached = _CENSUSES.get(ranks)
    if cached is not None:
        return cached
    parts = 16 if len(ranks) > 6 else 1
    jobs = [(ranks, part, parts) for part in range(parts)]
    workers = min(workers or os.cpu_count() or 1, parts)
    five_card_codes()  # built once, before the workers fork
    totals: dict[int, int] = {}
    if workers > 1:
        context = multiprocessing.get_context("fork")
        with context.Pool(workers) as pool:
            results = pool.imap_unordered(_census_part, jobs)
            for done, result in enumerate(results, start=1):
                _merge(totals, result)
                if progress:
                    progress(done, parts)
    else:
        for done, job in enumerate(jobs, start=1):
            _merge(totals, _census_part(job))
            if progress:
                progress(done, parts)
    found = PaiGowCensus({decode(code): n for code, n in sorted(totals.items())}, ranks)
    _CENSUSES[ranks] = found
    return found


def _merge(totals: dict[int, int], part: Mapping[int, int]) -> None:
    for code, count in part.items():
        totals[code] = totals.get(code, 0) + count
