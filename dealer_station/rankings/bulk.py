"""Array evaluation of many hands at once (numpy), for exhaustive checks and pay-table analysis.

The hand systems are those of the single-hand modules, and the keys are the same integers:

- :func:`evaluate_five_array`: Let It Ride five-card hands, NY 5324.34(b)(2); keys equal
  :attr:`.five_card.FiveCardHand.key`.
- :func:`evaluate_three_array`: Let It Ride three-card bonus hands, NY 5324.34(b)(3); keys equal
  :attr:`.three_card.ThreeCardHand.key`.
- :func:`evaluate_high_array`: Pai Gow Poker five-card high hands with the joker, NY 5324.41(c)
  (including the (c)(4) option); keys equal :attr:`.pai_gow.HighHand.key`.

**Hands** are integer arrays of shape ``(n, k)`` holding card indices: ``(rank - 2) * 4 + suit``
with suits in the order s, h, d, c, i.e. :attr:`dealer_station.cards.Card.index` (0-51), the joker
52. :func:`hands_array` converts cards; :func:`all_hands` enumerates every hand of a deck.

**Keys** are ``int32``: higher is the better hand, equal keys are hands of identical rank, and
``key >> 20`` is the category's ``strength`` (:func:`strengths`), e.g.
``FiveCardCategory.PAIR.strength``. :func:`category_counts` tallies them by category.

Internally each card contributes ``weight(rank) << 15 | suit bits`` to one integer sum per hand;
the rank-weight part is a perfect hash of the rank multiset (see :mod:`._poker`) that indexes a
precomputed table of keys, the suit part tells whether the hand is suited. Work is done in chunks
that stay in cache.

>>> import numpy as np
>>> from dealer_station.rankings.five_card import FiveCardCategory
>>> keys = evaluate_five_array(all_hands(5))
>>> category_counts(keys, FiveCardCategory)["royal_flush"]
4
>>> int(strengths(evaluate_five_array(np.array([[48, 44, 40, 36, 32]])))[0])  # A K Q J T of spades
9
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from enum import Enum
from itertools import combinations
from typing import Any, TypeVar

import numpy as np
import numpy.typing as npt

from dealer_station.cards import Card, CardError
from dealer_station.rankings import _poker
from dealer_station.rankings._category import RankedCategory
from dealer_station.rankings.five_card import hand_of_ranks
from dealer_station.rankings.pai_gow import high_of_ranks
from dealer_station.rankings.three_card import evaluate_three

__all__ = [
    "CHUNK",
    "all_hands",
    "category_counts",
    "evaluate_five_array",
    "evaluate_high_array",
    "evaluate_three_array",
    "hands_array",
    "strengths",
]

#: Rows evaluated per step; small enough for the intermediate arrays to stay in cache.
CHUNK = 1 << 15
_SUIT_SHIFT = 13
_JOKER_INDEX = 52

IntArray = npt.NDArray[np.integer[Any]]
E = TypeVar("E", bound=Enum)
_Entry = tuple[tuple[int, ...], bool, int]


def hands_array(hands: Iterable[Sequence[Card]]) -> npt.NDArray[np.uint8]:
    """Cards to an ``(n, k)`` array of card indices (the joker 52).

    >>> from dealer_station.cards import parse_cards
    >>> hands_array([parse_cards("2s 3h JK")]).tolist()
    [[0, 5, 52]]
    """
    rows = [[card.index for card in hand] for hand in hands]
    array = np.array(rows, dtype=np.uint8)
    if array.ndim != 2:
        raise CardError("hands must all have the same number of cards")
    return array


def all_hands(size: int, *, joker: bool = False) -> npt.NDArray[np.uint8]:
    """Every hand of ``size`` cards from the 52-card deck (with ``joker``, the 53-card Pai Gow
    deck), one per row, cards ascending, rows in lexicographic order.

    >>> all_hands(5).shape, all_hands(3).shape, all_hands(5, joker=True).shape
    ((2598960, 5), (22100, 3), (2869685, 5))
    """
    n = 53 if joker else 52
    combos = np.arange(n, dtype=np.int64).reshape(-1, 1)
    for _ in range(size - 1):
        last = combos[:, -1]
        counts = n - 1 - last
        keep = counts > 0
        combos, last, counts = combos[keep], last[keep], counts[keep]
        starts = np.cumsum(counts) - counts
        total = int(counts.sum())
        offset = np.arange(total) - np.repeat(starts, counts)
        nxt = np.repeat(last + 1, counts) + offset
        combos = np.column_stack([np.repeat(combos, counts, axis=0), nxt])
    return combos.astype(np.uint8)


def _card_codes(joker: bool) -> npt.NDArray[np.uint32]:
    """Per card index: rank weight << 13 | a 3-bit count field per suit (one bit for the joker).
    The largest sum of five codes fits 32 bits."""
    codes = [(_poker.RANK_WEIGHTS[i // 4] << _SUIT_SHIFT) | (1 << (3 * (i % 4))) for i in range(52)]
    if joker:
        codes.append((_poker.RANK_WEIGHTS[_poker.JOKER_SLOT] << _SUIT_SHIFT) | (1 << 12))
    assert (5 * max(codes)) >> 32 == 0 or max(_poker.RANK_WEIGHTS) * 4 < (1 << 19)
    return np.array(codes, dtype=np.uint32)


def _suited_table(size: int) -> npt.NDArray[np.uint32]:
    """Per suit-field sum: 1 when all real cards share a suit (the joker, if any, aside)."""
    value = np.arange(1 << _SUIT_SHIFT)
    jokers = value >> 12
    real = size - jokers
    fields = [(value >> (3 * f)) & 7 for f in range(4)]
    suited = np.zeros(len(value), dtype=bool)
    for field in fields:
        suited |= field == real
    return (suited & (sum(fields) == real)).astype(np.uint32)


def _evaluate(
    hands: IntArray, codes: npt.NDArray[np.uint32], table: npt.NDArray[np.int32], size: int
) -> npt.NDArray[np.int32]:
    array = np.asarray(hands)
    if array.ndim != 2 or array.shape[1] != size:
        raise CardError(f"expected an (n, {size}) array of card indices, got shape {array.shape}")
    if array.size and (array.min() < 0 or array.max() >= len(codes)):
        raise CardError(f"card indices must be 0-{len(codes) - 1}")
    suited = _SUITED[size]
    out = np.empty(len(array), dtype=np.int32)
    mask = (1 << _SUIT_SHIFT) - 1
    for start in range(0, len(array), CHUNK):
        block = array[start : start + CHUNK]
        total = codes[block[:, 0]]
        for column in range(1, size):
            total += codes[block[:, column]]
        index = ((total >> _SUIT_SHIFT) << 1) | suited[total & mask]
        out[start : start + CHUNK] = table[index]
    if array.size and (out[: len(array)] < 0).any():
        raise CardError("a hand holds the same card twice, or a card its game does not use")
    return out


def _table(entries: Iterable[_Entry], size: int) -> npt.NDArray[np.int32]:
    """A key table indexed by ``rank_key << 1 | suited``; -1 marks impossible entries."""
    table = np.full(2 * (size + 1), -1, dtype=np.int32)
    for ranks, suited, key in entries:
        table[(_poker.rank_key(ranks) << 1) | suited] = key
    return table


def _representative(ranks: Sequence[int], suited: bool) -> list[Card]:
    """Real cards with these ranks (at most four alike): all spades when ``suited``, else never
    all of one suit.

    >>> [c.text for c in _representative((2, 3, 4), False)]
    ['2h', '3s', '4s']
    """
    used = dict.fromkeys(ranks, 0)
    suits = []
    for rank in ranks:
        suits.append(0 if suited else used[rank])
        used[rank] += 1
    if not suited and len(set(suits)) == 1:
        suits[0] = 1
    return [Card.from_index((rank - 2) * 4 + suit) for rank, suit in zip(ranks, suits, strict=True)]


def _five_card_entries() -> list[_Entry]:
    entries: list[_Entry] = []
    # Straight from the ranks: the single-hand evaluator's own tables are not needed to build this.
    for ranks in _poker.rank_multisets(5):
        entries.append((ranks, False, hand_of_ranks(ranks, flush=False).key))
    for ranks in combinations(range(2, 15), 5):
        entries.append((ranks, True, hand_of_ranks(ranks, flush=True).key))
    return entries


def _three_card_entries() -> list[_Entry]:
    entries: list[_Entry] = []
    for ranks in _poker.rank_multisets(3):
        entries.append((ranks, False, evaluate_three(_representative(ranks, False)).key))
    for ranks in combinations(range(2, 15), 3):
        entries.append((ranks, True, evaluate_three(_representative(ranks, True)).key))
    return entries


def _high_entries(wheel_lowest: bool) -> list[_Entry]:
    entries: list[_Entry] = []
    for joker in (False, True):
        real = 4 if joker else 5
        for ranks in _poker.rank_multisets(real):
            hand = high_of_ranks(ranks, flush=False, joker=joker, wheel_lowest=wheel_lowest)
            entries.append(((*ranks, 15) if joker else ranks, False, hand.key))
        for ranks in combinations(range(2, 15), real):
            hand = high_of_ranks(ranks, flush=True, joker=joker, wheel_lowest=wheel_lowest)
            entries.append(((*ranks, 15) if joker else ranks, True, hand.key))
    return entries


_MAX_KEY = 4 * _poker.RANK_WEIGHTS[12] + _poker.RANK_WEIGHTS[_poker.JOKER_SLOT]
_CODES = _card_codes(joker=False)
_CODES_JOKER = _card_codes(joker=True)
_SUITED = {3: _suited_table(3), 5: _suited_table(5)}
_TABLES: dict[str, npt.NDArray[np.int32]] = {}


def _cached(name: str) -> npt.NDArray[np.int32]:
    if name not in _TABLES:
        builders = {
            "five": lambda: _table(_five_card_entries(), _MAX_KEY),
            "three": lambda: _table(_three_card_entries(), 3 * _poker.RANK_WEIGHTS[12]),
            "high": lambda: _table(_high_entries(False), _MAX_KEY),
            "high_wheel_lowest": lambda: _table(_high_entries(True), _MAX_KEY),
        }
        _TABLES[name] = builders[name]()
    return _TABLES[name]


def evaluate_five_array(hands: IntArray) -> npt.NDArray[np.int32]:
    """Let It Ride five-card keys (5324.34(b)(2)) for an ``(n, 5)`` array of card indices 0-51.

    ``result[i] == evaluate_five(hands[i]).key``. Raises CardError for a joker or an index out of
    range; a repeated card is only detected when it makes the ranks impossible.

    >>> import numpy as np
    >>> keys = evaluate_five_array(np.array([[0, 1, 4, 8, 12], [49, 0, 4, 8, 12]]))
    >>> strengths(keys).tolist()  # a pair of deuces; the wheel straight
    [1, 4]
    """
    return _evaluate(hands, _CODES, _cached("five"), 5)


def evaluate_three_array(hands: IntArray) -> npt.NDArray[np.int32]:
    """Let It Ride three-card bonus keys (5324.34(b)(3)) for an ``(n, 3)`` array of indices 0-51;
    ``result[i] == evaluate_three(hands[i]).key``.

    >>> import numpy as np
    >>> from dealer_station.rankings.three_card import ThreeCardCategory
    >>> strength = strengths(evaluate_three_array(np.array([[48, 44, 40]])))[0]
    >>> int(strength) == ThreeCardCategory.MINI_ROYAL.strength
    True
    """
    return _evaluate(hands, _CODES, _cached("three"), 3)


def evaluate_high_array(hands: IntArray, *, wheel_lowest: bool = False) -> npt.NDArray[np.int32]:
    """Pai Gow high-hand keys (5324.41(c)) for an ``(n, 5)`` array of indices 0-52 (52 is the
    joker); ``result[i] == evaluate_high(hands[i], wheel_lowest=wheel_lowest).key``.

    >>> import numpy as np
    >>> from dealer_station.rankings.pai_gow import PaiGowCategory
    >>> key = evaluate_high_array(np.array([[48, 49, 50, 51, 52]]))[0]  # four aces and the joker
    >>> int(key >> 20) == PaiGowCategory.FIVE_ACES.strength
    True
    """
    name = "high_wheel_lowest" if wheel_lowest else "high"
    return _evaluate(hands, _CODES_JOKER, _cached(name), 5)


def strengths(keys: IntArray) -> npt.NDArray[np.int32]:
    """The category strength of each key (``key >> 20``), the ``strength`` of the ranking
    module's category enum.

    >>> import numpy as np
    >>> from dealer_station.rankings.five_card import FiveCardCategory
    >>> keys = evaluate_five_array(np.array([[48, 44, 40, 36, 32]]))  # A K Q J T of spades
    >>> strengths(keys).tolist() == [FiveCardCategory.ROYAL_FLUSH.strength]
    True
    """
    return np.asarray(keys, dtype=np.int32) >> 20


def category_counts(keys: IntArray, categories: type[E]) -> dict[str, int]:
    """How many keys fall in each category of the enum ``categories`` (a ranking module's
    category enum, e.g. :class:`~.five_card.FiveCardCategory`), by the category's value.

    >>> import numpy as np
    >>> from dealer_station.rankings.five_card import FiveCardCategory
    >>> category_counts(np.array([1 << 20, 1 << 20, 0]), FiveCardCategory)["pair"]
    2
    """
    counts = np.bincount(strengths(keys), minlength=len(categories))
    members: list[RankedCategory] = list(categories)
    return {m.value: int(counts[m.strength]) for m in members}
