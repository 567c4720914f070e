"""The house way over many hands at once (simulations, analysis): numpy arrays of card indices
in, low hands out, set exactly as :meth:`HouseWay.set_hand` sets each hand.

The hands are sorted, counted and keyed with numpy: a hand that cannot make a flush by its rank
pattern, one that can by its rank pattern and the places of its flush suit's cards; each key's
low hand is worked out once by the house way's own engine and remembered with the house way.

>>> import numpy as np
>>> from dealer_station.cards import format_cards, parse_cards
>>> hand = parse_cards("As Ks 7d 7c 4h 3s 2d")
>>> low = low_hands(np.array([[c.index for c in hand]]))
>>> format_cards([c for i, c in enumerate(hand) if low[0] >> i & 1])
'As Ks'
"""

from __future__ import annotations

import numpy as np
import numpy.typing as npt

from dealer_station.cards import CardError
from dealer_station.games.pai_gow import house_way as engine
from dealer_station.games.pai_gow.house_way import HouseWay, load_house_way

__all__ = ["low_hands"]

_INDEX = np.arange(53)
#: card index -> 63 - code (the engine's code: rank * 4 + 3 - suit number, the joker 60), so
#: that an ascending sort is the engine's code order.
_SORT_OF_INDEX = 63 - np.where(_INDEX == 52, 60, (_INDEX // 4 + 2) * 4 + 3 - _INDEX % 4)
_PATTERN_OF_CODE = np.array([p >> 16 for p in engine._PACKED], dtype=np.int64)
_SUITS_OF_CODE = np.array([p & 0xFFFF for p in engine._PACKED], dtype=np.int64)
_POSITIONS = np.arange(7, dtype=np.int64)


def low_hands(
    hands: npt.ArrayLike, house_way: HouseWay | str | None = None
) -> npt.NDArray[np.uint8]:
    """Set each row of ``hands`` (N x 7 card indices, 0-52 as :attr:`Card.index`, the joker
    52) by the house way (the standard one by default): for each hand a byte with bit ``i`` set
    when its ``i``-th card is in the low hand (the other five are the high hand)."""
    way = load_house_way(house_way or "standard") if not isinstance(house_way, HouseWay) \
        else house_way
    index = np.asarray(hands)
    if index.ndim != 2 or index.shape[1] != 7 or not np.issubdtype(index.dtype, np.integer):
        raise CardError("the hands must be rows of seven card indices")
    if index.size and (index.min() < 0 or index.max() > 52):
        raise CardError("a card index is outside 0-52")
    # sort each row by code, high to low, carrying each card's place in the hand
    keyed = np.sort(_SORT_OF_INDEX[index] << 3 | _POSITIONS, axis=1)
    order, codes = keyed & 7, 63 - (keyed >> 3)
    if np.any(codes[:, 1:] == codes[:, :-1]):
        raise CardError("the seven cards of a hand must be seven different cards")
    patterns = _PATTERN_OF_CODE[codes].sum(axis=1)
    suits = _SUITS_OF_CODE[codes].sum(axis=1) + engine._SUIT_BIAS
    flush_bits = suits & engine._FLUSH_BITS
    keys = patterns.copy()
    flush = np.flatnonzero(flush_bits)
    if len(flush):
        # the flush suit's number n has its counter's top bit at 4n + 3; its codes end in 3 - n
        suit = 3 - (np.log2(flush_bits[flush]).astype(np.int64) - 3) // 4
        rows = codes[flush]
        suited = ((rows & 3) == suit[:, None]) & (rows != engine._JOKER)
        keys[flush] = engine._FLUSH_KEY | patterns[flush] << 7 | (suited << _POSITIONS).sum(axis=1)
    unique, first, inverse = np.unique(keys, return_index=True, return_inverse=True)
    known = way._low_masks
    masks = list(map(known.get, unique.tolist()))
    for k, mask in enumerate(masks):
        if mask is None:
            masks[k] = engine._low_mask(way, int(unique[k]), codes[int(first[k])].tolist())
    low = np.array(masks, dtype=np.int64)[inverse.ravel()]
    # from places in code order back to the hands' own order
    result: npt.NDArray[np.uint8] = (
        ((low[:, None] >> _POSITIONS) & 1) << order).sum(axis=1).astype(np.uint8)
    return result
