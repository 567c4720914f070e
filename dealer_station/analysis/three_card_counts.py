"""Array classification of three-card hands: the Let It Ride three-card bonus (5324.34(b)(3)) and
the Pai Gow three-card bonus with the joker (5324.41(o)(1)).

Card indices as in :attr:`dealer_station.cards.Card.index`; rows ascending.

>>> from dealer_station.cards import parse_cards
>>> def name(kind, text):
...     cards = np.array([sorted(c.index for c in parse_cards(text))])
...     return kind(int((classify_let_it_ride_three if kind is LetItRideThree
...                      else classify_pai_gow_three)(cards)[0])).name
>>> lir = LetItRideThree
>>> name(lir, "Qs Ks As"), name(lir, "Ah 2d 3c"), name(lir, "Kh Ad 2c")
('MINI_ROYAL', 'STRAIGHT', 'HIGH_CARD')
>>> name(PaiGowThree, "Qs Ks JK"), name(PaiGowThree, "Ah As JK"), name(PaiGowThree, "2h 9h JK")
('STRAIGHT_FLUSH_WITH_JOKER', 'THREE_OF_A_KIND', 'FLUSH')
"""

from __future__ import annotations

from enum import IntEnum

import numpy as np
import numpy.typing as npt

from dealer_station.analysis.combinatorics import IntArray
from dealer_station.analysis.five_card_table import ACE, JOKER_INDEX

__all__ = ["LetItRideThree", "PaiGowThree", "classify_let_it_ride_three", "classify_pai_gow_three"]


class LetItRideThree(IntEnum):
    """Three-card bonus hands of 5324.34(b)(3), worst to best."""

    HIGH_CARD = 0
    PAIR = 1
    FLUSH = 2
    STRAIGHT = 3
    THREE_OF_A_KIND = 4
    STRAIGHT_FLUSH = 5
    MINI_ROYAL = 6


class PaiGowThree(IntEnum):
    """Pai Gow three-card bonus hands of 5324.41(o)(1), worst to best pay."""

    HIGH_CARD = 0
    PAIR = 1
    FLUSH = 2
    STRAIGHT = 3
    STRAIGHT_FLUSH_WITH_JOKER = 4
    THREE_OF_A_KIND = 5
    STRAIGHT_FLUSH = 6


def _straight(ranks: IntArray) -> npt.NDArray[np.bool_]:
    """Distinct ranks (2 or 3 per row) that are, or with one wild card become, three in a row;
    the ace is high or low, never both (K-A-2 is not a straight)."""
    distinct = (ranks[:, 1:] != ranks[:, :-1]).all(axis=1)
    low_ace = np.where(ranks == ACE, -1, ranks)
    high_span = ranks.max(axis=1) - ranks.min(axis=1)
    low_span = low_ace.max(axis=1) - low_ace.min(axis=1)
    result: npt.NDArray[np.bool_] = distinct & ((high_span <= 2) | (low_span <= 2))
    return result


def classify_let_it_ride_three(cards: npt.ArrayLike) -> IntArray:
    """:class:`LetItRideThree` code of each row of three ascending card indices (no joker)."""
    array = np.asarray(cards, dtype=np.int64)
    ranks, suits = array // 4, array % 4
    flush = (suits == suits[:, :1]).all(axis=1)
    straight = _straight(ranks)
    trips = ranks[:, 0] == ranks[:, 2]
    pair = (ranks[:, 0] == ranks[:, 1]) | (ranks[:, 1] == ranks[:, 2])
    mini_royal = flush & (ranks[:, 0] == ACE - 2) & straight
    return np.select(
        [mini_royal, straight & flush, trips, straight, flush, pair],
        [6, 5, 4, 3, 2, 1],
        default=0,
    ).astype(np.int64)


def classify_pai_gow_three(cards: npt.ArrayLike) -> IntArray:
    """:class:`PaiGowThree` code of each row of three ascending card indices of the 53-card deck:
    the joker is an ace, or completes a straight, flush or straight flush."""
    array = np.asarray(cards, dtype=np.int64)
    codes = np.zeros(len(array), dtype=np.int64)
    joker = array[:, -1] == JOKER_INDEX
    natural = array[~joker]
    ranks, suits = natural // 4, natural % 4
    flush = (suits == suits[:, :1]).all(axis=1)
    straight = _straight(ranks)
    trips = ranks[:, 0] == ranks[:, 2]
    pair = (ranks[:, 0] == ranks[:, 1]) | (ranks[:, 1] == ranks[:, 2])
    codes[~joker] = np.select(
        [straight & flush, trips, straight, flush, pair], [6, 5, 3, 2, 1], default=0
    )
    wild = array[joker][:, :2]
    ranks, suits = wild // 4, wild % 4
    flush = suits[:, 0] == suits[:, 1]
    straight = _straight(ranks)
    aces = (ranks == ACE).sum(axis=1)
    pair_as_ace = (ranks[:, 0] == ranks[:, 1]) | (aces >= 1)
    codes[joker] = np.select(
        [straight & flush, aces == 2, straight, flush, pair_as_ace], [4, 5, 3, 2, 1], default=0
    )
    return codes
