"""Which hand of each Pai Gow bonus pay table a seven-card hand is, from its
:class:`~dealer_station.analysis.pai_gow_census.SevenCardFeatures`, and the wagers' returns.

Hand names are those of the pay tables in :mod:`dealer_station.games.pai_gow.wagers.paytables`
(the regulation's words in snake_case). Where a hand is several of a table's hands, the one paying
most is taken: the dealer sets the hand that way (5324.41(g)(8), (l)(4)(ii), (p)(3)(i)).

>>> from dealer_station.analysis.pai_gow_census import decode, encode
>>> royal = decode(int(encode(11, -1, -1, 0, True, False)[()]))
>>> fortune_hands(royal, "king_queen")
('royal_flush', 'royal_flush_plus_royal_match')
>>> fortune_hands(royal, "ace_king")
('royal_flush',)
>>> progressive_hands(decode(int(encode(7, 6, -1, 0, False, False)[()])))
('four_of_a_kind', 'full_house_and_pair')
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Mapping
from fractions import Fraction

from dealer_station.analysis.five_card_table import HandCode
from dealer_station.analysis.pai_gow_census import PaiGowCensus, SevenCardFeatures

__all__ = [
    "FIVE_CARD_NAMES",
    "INSURANCE_NAMES",
    "banker_hand_bonus_hands",
    "fortune_hands",
    "insurance_hands",
    "player_hand_bonus_hands",
    "progressive_hands",
    "seven_card_bonus_hands",
    "tally",
]

#: Name of each five-card class on the bonus tables (three of a kind and up).
FIVE_CARD_NAMES: Mapping[int, str] = {
    HandCode.THREE_OF_A_KIND: "three_of_a_kind",
    HandCode.STRAIGHT: "straight",
    HandCode.FLUSH: "flush",
    HandCode.FULL_HOUSE: "full_house",
    HandCode.FOUR_OF_A_KIND: "four_of_a_kind",
    HandCode.STRAIGHT_FLUSH_WITH_JOKER: "straight_flush",
    HandCode.STRAIGHT_FLUSH: "straight_flush",
    HandCode.ROYAL_FLUSH_WITH_JOKER: "royal_flush",
    HandCode.ROYAL_FLUSH: "royal_flush",
    HandCode.FIVE_ACES: "five_aces",
}
#: Insurance hands by highest rank (0 = deuce), 5324.41(m)(3).
INSURANCE_NAMES: Mapping[int, str] = {
    12: "ace_high",
    11: "king_high",
    10: "queen_high",
    9: "jack_high",
    8: "ten_high",
    7: "nine_high",
}

Hands = tuple[str, ...]


def _five(code: int) -> Hands:
    name = FIVE_CARD_NAMES.get(code)
    return (name,) if name else ()


def fortune_hands(features: SevenCardFeatures, royal_match: str) -> Hands:
    """Fortune bonus / envy hands of (m)(1)-(2) (the joker completes anything but the seven-card
    straight flush with no joker, (l)(4)(ii)); ``royal_match`` is ``king_queen`` or ``ace_king``
    ((c)(6)(ii))."""
    hands = list(_five(features.best))
    if features.seven_card_straight_flush == 2:
        hands.append("seven_card_straight_flush_no_joker")
    elif features.seven_card_straight_flush == 1:
        hands.append("seven_card_straight_flush_with_joker")
    match = features.royal_match_kq if royal_match == "king_queen" else features.royal_match_ak
    if royal_match not in ("king_queen", "ace_king"):
        raise ValueError(f"royal match {royal_match!r} is not king_queen or ace_king")
    if match:
        hands.append("royal_flush_plus_royal_match")
    return tuple(hands)


def insurance_hands(features: SevenCardFeatures) -> Hands:
    """The insurance "pai gow" by highest card, the joker only an ace ((c)(7), (m)(3))."""
    name = INSURANCE_NAMES.get(features.insurance_high)
    return (name,) if name else ()


def banker_hand_bonus_hands(features: SevenCardFeatures) -> Hands:
    """The imperial banker hand bonus of (p)(5): a pai gow jack, ten or nine high. A hand holding
    the joker is at least ace high, so this is the insurance reading restricted to those ranks."""
    name = INSURANCE_NAMES.get(features.insurance_high)
    return (name,) if name in ("jack_high", "ten_high", "nine_high") else ()


def player_hand_bonus_hands(features: SevenCardFeatures) -> Hands:
    """The imperial player hand bonus of (p)(4): the best five-card hand, three of a kind up."""
    return _five(features.best)


def seven_card_bonus_hands(features: SevenCardFeatures) -> Hands:
    """The seven-card bonus of (o)(2): straight flushes told apart by the joker."""
    code = features.best
    if code == HandCode.STRAIGHT_FLUSH:
        return ("straight_flush_no_joker",)
    if code == HandCode.STRAIGHT_FLUSH_WITH_JOKER:
        return ("straight_flush_with_joker",)
    return _five(code)


_PROGRESSIVE_NAMES: Mapping[int, str] = {
    **FIVE_CARD_NAMES,
    HandCode.ROYAL_FLUSH: "natural_royal_flush",
}


def progressive_hands(features: SevenCardFeatures) -> Hands:
    """Progressive hands of (k)(4): the best high hand, and the best high hand whose low hand is a
    pair (the "and pair" rows; the joker pairs with an ace)."""
    hands = []
    if features.best in _PROGRESSIVE_NAMES:
        hands.append(_PROGRESSIVE_NAMES[features.best])
    if features.best_with_low_pair in _PROGRESSIVE_NAMES:
        hands.append(_PROGRESSIVE_NAMES[features.best_with_low_pair] + "_and_pair")
    return tuple(hands)


def tally(
    census: PaiGowCensus,
    classify: Callable[[SevenCardFeatures], Iterable[str]],
    worth: Callable[[str], Fraction | None],
) -> dict[str, int]:
    """Hands per pay-table row: each census class goes to the row among ``classify(features)``
    that ``worth`` values most (rows it returns None for are not on the table); the rest to
    ``"losing_hands"``."""
    counts: dict[str, int] = {}
    for features, count in census.counts.items():
        offered = [(worth(name), name) for name in classify(features)]
        paying = [(value, name) for value, name in offered if value is not None]
        name = max(paying)[1] if paying else "losing_hands"
        counts[name] = counts.get(name, 0) + count
    return counts
