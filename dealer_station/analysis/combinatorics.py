"""Combinations of card indices as arrays, in colexicographic order, and their ranks.

Rows are ``int16`` to keep the 2.9 million five-card hands of the Pai Gow deck small.

Every k-card subset of ``n`` cards, sorted ascending ``c0 < c1 < ... < c(k-1)``, has the colex rank
``C(c0, 1) + C(c1, 2) + ... + C(c(k-1), k)``; :func:`combinations_array` lists them in exactly that
order, so a table indexed by :func:`colex_rank` is a perfect hash of the subsets.

>>> combinations_array(4, 2).tolist()
[[0, 1], [0, 2], [1, 2], [0, 3], [1, 3], [2, 3]]
>>> int(colex_rank(combinations_array(52, 5))[-1]) == comb(52, 5) - 1
True
"""

from __future__ import annotations

from math import comb

import numpy as np
import numpy.typing as npt

__all__ = [
    "BINOMIAL",
    "IntArray",
    "SmallArray",
    "colex_rank",
    "combinations_array",
    "subset_columns",
    "subset_ranks",
]

IntArray = npt.NDArray[np.int64]
SmallArray = npt.NDArray[np.int16]

#: ``BINOMIAL[n, k] == C(n, k)`` for n up to 60, k up to 8.
BINOMIAL: IntArray = np.array(
    [[comb(n, k) for k in range(9)] for n in range(61)], dtype=np.int64
)


def combinations_array(n: int, k: int) -> SmallArray:
    """Every k-subset of ``range(n)`` as a ``(C(n, k), k)`` array, rows in colex order.

    >>> combinations_array(5, 3).shape
    (10, 3)
    >>> combinations_array(3, 0).shape
    (1, 0)
    """
    if k == 0:
        return np.zeros((1, 0), dtype=np.int16)
    smaller = combinations_array(n, k - 1)
    blocks = []
    for top in range(k - 1, n):
        head = smaller[: comb(top, k - 1)]
        blocks.append(np.hstack([head, np.full((len(head), 1), top, dtype=np.int16)]))
    return np.vstack(blocks) if blocks else np.zeros((0, k), dtype=np.int16)


def colex_rank(rows: npt.ArrayLike) -> IntArray:
    """The colex rank of each row of ascending card indices.

    >>> colex_rank([[0, 1, 2], [2, 3, 4]]).tolist()
    [0, 9]
    """
    array = np.asarray(rows)
    ranks = np.zeros(array.shape[:-1], dtype=np.int64)
    for position in range(array.shape[-1]):
        ranks += BINOMIAL[array[..., position], position + 1]
    return ranks


def subset_ranks(rows: npt.ArrayLike, size: int) -> list[npt.NDArray[np.int32]]:
    """The colex rank of every ``size``-subset of each row of ascending card indices, one array
    per subset in the order of :func:`subset_columns`; each ``C(card, position)`` term is looked
    up once and shared between the subsets.

    >>> [r.tolist() for r in subset_ranks([[0, 1, 2]], 2)] == [
    ...     colex_rank([[0, 1]]).tolist(), colex_rank([[0, 2]]).tolist(),
    ...     colex_rank([[1, 2]]).tolist()]
    True
    """
    array = np.asarray(rows)
    terms: dict[tuple[int, int], npt.NDArray[np.int32]] = {}

    def term(column: int, position: int) -> npt.NDArray[np.int32]:
        if (column, position) not in terms:
            terms[column, position] = BINOMIAL[array[:, column], position + 1].astype(np.int32)
        return terms[column, position]

    result = []
    for columns in subset_columns(array.shape[1], size):
        total = term(columns[0], 0).copy()
        for position, column in enumerate(columns[1:], start=1):
            total += term(column, position)
        result.append(total)
    return result


def subset_columns(k: int, size: int) -> list[tuple[int, ...]]:
    """The column positions of every ``size``-subset of ``k`` sorted columns, in colex order.

    >>> subset_columns(3, 2)
    [(0, 1), (0, 2), (1, 2)]
    """
    return [tuple(int(c) for c in row) for row in combinations_array(k, size)]
