"""The hand each optional wager is settled on, read from the rankings and the chosen pay table.

The rankings (:mod:`dealer_station.rankings.seven_card`, :mod:`dealer_station.rankings.three_card`)
give every category of a wager that some arrangement of the cards forms; the dealer resets the
cards to the arrangement that pays the most ((g)(8), (l)(4)(ii), (p)(3)(i)), so the hand settled on
is the highest-paying of them on the table in use (:func:`best_paying`), which also honours a
facility's higher figures. No evaluation happens here.

>>> from dealer_station.cards import parse_cards
>>> from dealer_station.games.pai_gow.wagers.config import BonusConfig
>>> config = BonusConfig()
>>> fortune_hand(parse_cards("9h 9d 9c 9s Kh Qh 2c"), config)
'four_of_a_kind'
>>> insurance_hand(parse_cards("2h 4d 6c 8s 9h Jd Qc"))
'queen_high'
>>> three_card_bonus_hand(parse_cards("JK 7h 8h"))
'three_card_straight_flush'
>>> progressive_hand(parse_cards("Kc Kd Kh Ks 5c 5d 2h"), config)
'four_of_a_kind_and_pair'
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from functools import lru_cache

from dealer_station.cards import Card, format_cards
from dealer_station.rankings import seven_card
from dealer_station.rankings.three_card import PaiGowThreeCardCategory, evaluate_pai_gow_three

from .config import BonusConfig
from .paytables import Fixed, MeterShare, Odds, PayTable

__all__ = [
    "banker_hand_bonus_hand",
    "best_paying",
    "fortune_hand",
    "insurance_hand",
    "player_hand_bonus_hand",
    "progressive_hand",
    "progressive_hands",
    "progressive_setting",
    "seven_card_bonus_hand",
    "three_card_bonus_hand",
]

#: Compare odds and fixed amounts on a notional $100 wager; shares of the meter rank above both
#: (the progressive compares them at the meter itself, see .progressive).
_NOTIONAL_STAKE = 10_000


def _value(figure: Odds | Fixed | MeterShare) -> tuple[int, int]:
    if isinstance(figure, Odds):
        return (0, figure.pays(_NOTIONAL_STAKE))
    if isinstance(figure, Fixed):
        return (0, figure.cents)
    return (1, figure.basis_points)


def best_paying(hands: Iterable[str], table: PayTable) -> str | None:
    """The hand of ``hands`` that pays the most on ``table`` (None when none is on it).

    >>> from dealer_station.games.pai_gow.wagers.paytables import pay_table
    >>> best_paying(["full_house", "flush_and_pair"], pay_table("progressive"))
    'flush_and_pair'
    """
    paying = [h for h in hands if table.pays_on(h)]
    if not paying:
        return None
    return max(paying, key=lambda h: (_value(table.figure(h)), table.hands.index(h)))


def _names(found: Iterable[object]) -> list[str]:
    return [str(getattr(c, "value", c)) for c in found]


# A settlement asks about the same seven cards several times (the bonus, the envy of the others,
# the reset of the hands): remember the rankings' answers for the latest hands.
@lru_cache(maxsize=4096)
def _fortune(cards: tuple[Card, ...], match: seven_card.RoyalMatch) -> tuple[str, ...]:
    return tuple(_names(seven_card.fortune_hands(cards, royal_match=match)))


@lru_cache(maxsize=4096)
def _progressive(cards: tuple[Card, ...]) -> frozenset[str]:
    return frozenset(_names(seven_card.progressive_hands(cards)))


def fortune_hand(cards: Sequence[Card], config: BonusConfig) -> str | None:
    """The fortune bonus hand of seven cards ((c)(6), (l)(4)(ii), (m)(1)), or None."""
    return best_paying(_fortune(tuple(cards), config.royal_match), config.table("fortune_bonus"))


def insurance_hand(cards: Sequence[Card]) -> str | None:
    """The pai gow of seven cards by its highest card, the joker an ace ((c)(7), (m)(3))."""
    found = seven_card.insurance_pai_gow(tuple(cards))
    return None if found is None else found.value


def seven_card_bonus_hand(cards: Sequence[Card], config: BonusConfig) -> str | None:
    """The seven-card bonus hand ((o)(2), (g)(8)), or None."""
    found = seven_card.seven_card_bonus_hands(tuple(cards))
    return best_paying(_names(found), config.table("seven_card_bonus"))


def player_hand_bonus_hand(cards: Sequence[Card], config: BonusConfig) -> str | None:
    """The imperial player hand bonus hand ((p)(3)(i), (p)(4)), or None."""
    found = seven_card.imperial_hands(tuple(cards))
    return best_paying(_names(found), config.table("player_hand_bonus"))


def banker_hand_bonus_hand(cards: Sequence[Card], config: BonusConfig) -> str | None:
    """The bank's pai gow jack, ten or nine high for the banker hand bonus ((p)(5)), or None."""
    found = seven_card.banker_pai_gow(tuple(cards))
    if found is None:
        return None
    return best_paying([found.value], config.table("banker_hand_bonus"))


def progressive_hands(cards: Sequence[Card]) -> frozenset[str]:
    """Every (k)(4) hand type some setting of the seven cards forms; the payout picks the best at
    the meter when paid (:func:`.progressive.progressive_payout`)."""
    return _progressive(tuple(cards))


def progressive_hand(cards: Sequence[Card], config: BonusConfig) -> str | None:
    """The best (k)(4) hand type, ranking shares of the meter above fixed amounts."""
    return best_paying(progressive_hands(cards), config.table("progressive"))


def progressive_setting(cards: Sequence[Card], hand: str) -> str:
    """The high and low hand the dealer resets the cards to for ``hand`` ((g)(8)), as text.

    >>> from dealer_station.cards import parse_cards
    >>> progressive_setting(parse_cards("Kc Kd Kh Ks 5c 5d 2h"), "four_of_a_kind_and_pair")
    'high Kc Kd Kh Ks 2h / low 5c 5d'
    """
    split = seven_card.progressive_split(tuple(cards), seven_card.ProgressiveHand(hand))
    return f"high {format_cards(split.high)} / low {format_cards(split.low)}"


def three_card_bonus_hand(cards: Sequence[Card]) -> str | None:
    """The three-card bonus hand of the first three cards ((o)(1)), or None."""
    category = evaluate_pai_gow_three(tuple(cards)).category
    return None if category is PaiGowThreeCardCategory.HIGH_CARD else category.value
