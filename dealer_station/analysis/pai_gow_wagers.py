"""Which hands of each Pai Gow bonus pay table a seven-card hand forms, from its
:class:`~dealer_station.analysis.pai_gow_census.SevenCardFeatures`.

Hand names are the values of the rankings' seven-card enums
(:mod:`dealer_station.rankings.seven_card`), which are the rows of the pay tables in
:mod:`dealer_station.games.pai_gow.wagers.paytables` (the regulation's words in snake_case).

Like the rankings, each function lists every hand that some setting of the cards forms;
:func:`tally` keeps the one the pay table values most: the dealer sets the hand that way
(5324.41(g)(8), (l)(4)(ii), (p)(3)(i)).

>>> from dealer_station.analysis.pai_gow_census import decode, encode
>>> royal = decode(int(encode(1 << 11 | 1 << 4, 0, -1, 0, True, False)[()]))
>>> fortune_hands(royal, "king_queen")
('royal_flush', 'straight', 'royal_flush_plus_royal_match')
>>> fortune_hands(royal, "ace_king")
('royal_flush', 'straight')
>>> progressive_hands(decode(int(encode(1 << 7 | 1 << 3, 1 << 6, -1, 0, False, False)[()])))
('four_of_a_kind', 'three_of_a_kind', 'full_house_and_pair')
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Mapping
from fractions import Fraction

from dealer_station.analysis.five_card_table import HandCode
from dealer_station.analysis.pai_gow_census import PaiGowCensus, SevenCardFeatures
from dealer_station.rankings.seven_card import (
    FortuneHand,
    PaiGowHighCard,
    ProgressiveHand,
    SevenCardBonusHand,
)

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
    HandCode.THREE_OF_A_KIND: FortuneHand.THREE_OF_A_KIND.value,
    HandCode.STRAIGHT: FortuneHand.STRAIGHT.value,
    HandCode.FLUSH: FortuneHand.FLUSH.value,
    HandCode.FULL_HOUSE: FortuneHand.FULL_HOUSE.value,
    HandCode.FOUR_OF_A_KIND: FortuneHand.FOUR_OF_A_KIND.value,
    HandCode.STRAIGHT_FLUSH_WITH_JOKER: FortuneHand.STRAIGHT_FLUSH.value,
    HandCode.STRAIGHT_FLUSH: FortuneHand.STRAIGHT_FLUSH.value,
    HandCode.ROYAL_FLUSH_WITH_JOKER: FortuneHand.ROYAL_FLUSH.value,
    HandCode.ROYAL_FLUSH: FortuneHand.ROYAL_FLUSH.value,
    HandCode.FIVE_ACES: FortuneHand.FIVE_ACES.value,
}
#: Insurance hands by highest rank (0 = deuce), 5324.41(m)(3).
INSURANCE_NAMES: Mapping[int, str] = {
    12: PaiGowHighCard.ACE_HIGH.value,
    11: PaiGowHighCard.KING_HIGH.value,
    10: PaiGowHighCard.QUEEN_HIGH.value,
    9: PaiGowHighCard.JACK_HIGH.value,
    8: PaiGowHighCard.TEN_HIGH.value,
    7: PaiGowHighCard.NINE_HIGH.value,
}
_BANKER = {PaiGowHighCard.JACK_HIGH.value, PaiGowHighCard.TEN_HIGH.value,
           PaiGowHighCard.NINE_HIGH.value}

Hands = tuple[str, ...]


def _five(codes: Iterable[HandCode]) -> Hands:
    names = (FIVE_CARD_NAMES.get(code) for code in codes)
    return tuple(dict.fromkeys(name for name in names if name))


def fortune_hands(features: SevenCardFeatures, royal_match: str) -> Hands:
    """Fortune bonus / envy hands of (m)(1)-(2) (the joker completes anything but the seven-card
    straight flush with no joker, (l)(4)(ii)); ``royal_match`` is ``king_queen`` or ``ace_king``
    ((c)(6)(ii))."""
    hands = list(_five(features.formed()))
    if features.seven_card_straight_flush == 2:
        hands.append(FortuneHand.SEVEN_CARD_STRAIGHT_FLUSH_WITH_NO_JOKER.value)
    elif features.seven_card_straight_flush == 1:
        hands.append(FortuneHand.SEVEN_CARD_STRAIGHT_FLUSH_WITH_JOKER.value)
    match = features.royal_match_kq if royal_match == "king_queen" else features.royal_match_ak
    if royal_match not in ("king_queen", "ace_king"):
        raise ValueError(f"royal match {royal_match!r} is not king_queen or ace_king")
    if match:
        hands.append(FortuneHand.ROYAL_FLUSH_PLUS_ROYAL_MATCH.value)
    return tuple(hands)


def insurance_hands(features: SevenCardFeatures) -> Hands:
    """The insurance "pai gow" by highest card, the joker only an ace ((c)(7), (m)(3))."""
    name = INSURANCE_NAMES.get(features.insurance_high)
    return (name,) if name else ()


def banker_hand_bonus_hands(features: SevenCardFeatures) -> Hands:
    """The imperial banker hand bonus of (p)(5): a pai gow jack, ten or nine high. A hand holding
    the joker is at least ace high, so this is the insurance reading restricted to those ranks."""
    name = INSURANCE_NAMES.get(features.insurance_high)
    return (name,) if name in _BANKER else ()


def player_hand_bonus_hands(features: SevenCardFeatures) -> Hands:
    """The imperial player hand bonus of (p)(4): five-card hands, three of a kind up."""
    return _five(features.formed())


def seven_card_bonus_hands(features: SevenCardFeatures) -> Hands:
    """The seven-card bonus of (o)(2): five-card hands, straight flushes told apart by the joker."""
    names = {
        **FIVE_CARD_NAMES,
        HandCode.STRAIGHT_FLUSH: SevenCardBonusHand.STRAIGHT_FLUSH_WITH_NO_JOKER.value,
        HandCode.STRAIGHT_FLUSH_WITH_JOKER: SevenCardBonusHand.STRAIGHT_FLUSH_WITH_JOKER.value,
    }
    return tuple(names[code] for code in features.formed() if code in names)


_PROGRESSIVE_NAMES: Mapping[int, str] = {
    **FIVE_CARD_NAMES,
    HandCode.ROYAL_FLUSH: ProgressiveHand.NATURAL_ROYAL_FLUSH.value,
}
_AND_PAIR = "_and_pair"


def progressive_hands(features: SevenCardFeatures) -> Hands:
    """Progressive hands of (k)(4): each high hand formed, "and pair" when formed with a paired low
    hand (the joker pairs with an ace; three of a kind has no "and pair" row), "natural" for a
    royal flush without the joker."""
    hands = [_PROGRESSIVE_NAMES[c] for c in features.formed() if c in _PROGRESSIVE_NAMES]
    for code in features.formed(low_pair=True):
        if code in _PROGRESSIVE_NAMES and code != HandCode.THREE_OF_A_KIND:
            hands.append(ProgressiveHand(_PROGRESSIVE_NAMES[code] + _AND_PAIR).value)
    return tuple(dict.fromkeys(hands))


def tally(
    census: PaiGowCensus,
    classify: Callable[[SevenCardFeatures], Iterable[str]],
    worth: Callable[[str], tuple[Fraction, int] | None],
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
