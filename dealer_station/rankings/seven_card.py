"""The seven-card hand categories of the Pai Gow Poker bonus wagers, NY 9 NYCRR 5324.41.

- Fortune pai gow poker bonus wager and envy bonus, (c)(6), (l)(4)(ii), (m)(1)-(2): the best
  five-card hand of the seven cards (straight up to five aces) and the seven-card hands ranked
  above five aces: seven-card straight flush with joker, royal flush plus royal match (the extra
  pair pre-selected by the casino: king and queen of a same suit, (c)(6)(ii)(a), or ace and king
  of the same suit without a joker, (b)), seven-card straight flush with no joker. The joker may
  complete any straight, flush, straight flush or royal flush other than a seven-card straight
  flush with no joker.
- Pai gow insurance wager, (c)(7), (l)(4)(ii), (m)(3): a *pai gow* (no pair, straight or flush
  in the seven cards) named by its highest card, ace high to 9 high, with the joker ranked only as
  an ace.
- Progressive payout wager, (k)(4): the hand types from three of a kind to a natural royal flush,
  and the "... and pair" types where the two-card low hand is a pair, with the split (high and
  low hand) that forms each, for the reset of (g)(8).
- Seven-card bonus wager, (o)(2): straight to five aces, straight flushes with and without joker.
- Imperial pai gow bonus wager, (p)(3)-(5): the player hand bonus (three of a kind to five aces,
  the joker completing a straight, flush, straight flush or five aces) and the banker hand bonus
  for a banker's pai gow, jack high, 10 high or 9 high.

Each ``*_hands`` function returns every category of its wager formed by the best use (per
(c)(1)-(3)) of some five of the seven cards, or by all seven; the wager's pay table picks the
highest-paying one, as (g)(8) asks the dealer to do.

>>> from dealer_station.cards import parse_cards
>>> sorted(h.value for h in fortune_hands(parse_cards("5h 6h 7h 8h 9h Th Jh")))
['flush', 'seven_card_straight_flush_with_no_joker', 'straight_flush']
>>> insurance_pai_gow(parse_cards("2h 4d 6c 8s 9h Jd Qc")).value
'queen_high'
>>> insurance_pai_gow(parse_cards("JK 2d 3c 4s 6h Jd Qc")).value  # the joker is only an ace
'ace_high'
>>> banker_pai_gow(parse_cards("JK 2d 3c 4s 6h Jd Qc")) is None  # the joker completes 2-6
True
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from enum import Enum
from itertools import combinations

from dealer_station.cards import Card, CardError, parse_cards
from dealer_station.rankings._category import RankedCategory
from dealer_station.rankings.pai_gow import (
    HighHand,
    PaiGowCategory,
    evaluate_high,
    evaluate_low,
)

__all__ = [
    "BANKER_BONUS_HANDS",
    "FortuneHand",
    "ImperialHand",
    "PaiGowHighCard",
    "ProgressiveHand",
    "RoyalMatch",
    "SevenCardBonusHand",
    "SevenCards",
    "Split",
    "analyse_seven",
    "banker_pai_gow",
    "best_five",
    "fortune_hands",
    "imperial_hands",
    "insurance_pai_gow",
    "progressive_hands",
    "progressive_split",
    "seven_card_bonus_hands",
]


class RoyalMatch(Enum):
    """The royal match pre-selected for royal flush plus royal match, 5324.41(c)(6)(ii)."""

    KING_QUEEN = "king_queen"  # (a) an additional king and queen of a same suit
    ACE_KING = "ace_king"  # (b) an additional ace and king of the same suit, without a joker


class FortuneHand(RankedCategory):
    """Fortune pai gow poker bonus hands, 5324.41(c)(6) and (m)(1), in pay-table order."""

    STRAIGHT = "straight"
    THREE_OF_A_KIND = "three_of_a_kind"
    FLUSH = "flush"
    FULL_HOUSE = "full_house"
    FOUR_OF_A_KIND = "four_of_a_kind"
    STRAIGHT_FLUSH = "straight_flush"
    ROYAL_FLUSH = "royal_flush"
    FIVE_ACES = "five_aces"
    SEVEN_CARD_STRAIGHT_FLUSH_WITH_JOKER = "seven_card_straight_flush_with_joker"
    ROYAL_FLUSH_PLUS_ROYAL_MATCH = "royal_flush_plus_royal_match"
    SEVEN_CARD_STRAIGHT_FLUSH_WITH_NO_JOKER = "seven_card_straight_flush_with_no_joker"


class SevenCardBonusHand(RankedCategory):
    """Seven-card bonus wager hands, 5324.41(o)(2), in pay-table order."""

    STRAIGHT = "straight"
    THREE_OF_A_KIND = "three_of_a_kind"
    FLUSH = "flush"
    FULL_HOUSE = "full_house"
    FOUR_OF_A_KIND = "four_of_a_kind"
    STRAIGHT_FLUSH_WITH_JOKER = "straight_flush_with_joker"
    STRAIGHT_FLUSH_WITH_NO_JOKER = "straight_flush_with_no_joker"
    ROYAL_FLUSH = "royal_flush"
    FIVE_ACES = "five_aces"


class ImperialHand(RankedCategory):
    """Imperial pai gow player hand bonus hands, 5324.41(p)(4), in pay-table order."""

    THREE_OF_A_KIND = "three_of_a_kind"
    STRAIGHT = "straight"
    FLUSH = "flush"
    FULL_HOUSE = "full_house"
    FOUR_OF_A_KIND = "four_of_a_kind"
    STRAIGHT_FLUSH = "straight_flush"
    ROYAL_FLUSH = "royal_flush"
    FIVE_ACES = "five_aces"


class ProgressiveHand(RankedCategory):
    """Progressive payout wager hands, 5324.41(k)(4), weakest first (the table read bottom up)."""

    THREE_OF_A_KIND = "three_of_a_kind"
    STRAIGHT = "straight"
    STRAIGHT_AND_PAIR = "straight_and_pair"
    FLUSH = "flush"
    FLUSH_AND_PAIR = "flush_and_pair"
    FULL_HOUSE = "full_house"
    FULL_HOUSE_AND_PAIR = "full_house_and_pair"
    FOUR_OF_A_KIND = "four_of_a_kind"
    FOUR_OF_A_KIND_AND_PAIR = "four_of_a_kind_and_pair"
    STRAIGHT_FLUSH = "straight_flush"
    STRAIGHT_FLUSH_AND_PAIR = "straight_flush_and_pair"
    ROYAL_FLUSH = "royal_flush"
    ROYAL_FLUSH_AND_PAIR = "royal_flush_and_pair"
    FIVE_ACES = "five_aces"
    NATURAL_ROYAL_FLUSH = "natural_royal_flush"
    FIVE_ACES_AND_PAIR = "five_aces_and_pair"
    NATURAL_ROYAL_FLUSH_AND_PAIR = "natural_royal_flush_and_pair"


class PaiGowHighCard(RankedCategory):
    """A pai gow (no pair, straight or flush in seven cards) by its highest card, weakest first:
    the insurance hands of 5324.41(m)(3) and the banker hands of (p)(5). 9 high is the lowest
    possible."""

    NINE_HIGH = "nine_high"
    TEN_HIGH = "ten_high"
    JACK_HIGH = "jack_high"
    QUEEN_HIGH = "queen_high"
    KING_HIGH = "king_high"
    ACE_HIGH = "ace_high"


@dataclass(frozen=True, slots=True)
class Split:
    """A seven-card hand set as a five-card high hand and a two-card low hand."""

    high: tuple[Card, ...]
    low: tuple[Card, ...]


@dataclass(frozen=True, slots=True)
class _Five:
    """One five-card choice of the seven cards, with the two left over."""

    hand: HighHand
    cards: tuple[Card, ...]
    rest: tuple[Card, ...]


def _seven(cards: Sequence[Card] | str) -> tuple[Card, ...]:
    return parse_cards(cards, count=7)


def _fives(cards: tuple[Card, ...], wheel_lowest: bool = False) -> list[_Five]:
    fives = []
    for rest in combinations(range(7), 2):
        chosen = tuple(c for i, c in enumerate(cards) if i not in rest)
        hand = evaluate_high(chosen, wheel_lowest=wheel_lowest)
        fives.append(_Five(hand, chosen, (cards[rest[0]], cards[rest[1]])))
    return fives


def best_five(cards: Sequence[Card] | str, *, wheel_lowest: bool = False) -> HighHand:
    """The best five-card Pai Gow hand of seven cards (5324.41(c)(2), the joker per (c)(1), (3)).

    >>> from dealer_station.cards import parse_cards
    >>> best_five(parse_cards("As Ah Ad Ac JK 2c 2d")).category.value
    'five_aces'
    """
    return max(f.hand for f in _fives(_seven(cards), wheel_lowest))


_SHARED = {
    PaiGowCategory.STRAIGHT,
    PaiGowCategory.THREE_OF_A_KIND,
    PaiGowCategory.FLUSH,
    PaiGowCategory.FULL_HOUSE,
    PaiGowCategory.FOUR_OF_A_KIND,
    PaiGowCategory.STRAIGHT_FLUSH,
    PaiGowCategory.ROYAL_FLUSH,
    PaiGowCategory.FIVE_ACES,
}


def _five_card_categories(fives: Iterable[_Five]) -> set[PaiGowCategory]:
    return {f.hand.category for f in fives} & _SHARED


def _seven_card_straight_flush(cards: tuple[Card, ...]) -> bool | None:
    """None if the seven cards are no seven-card straight flush; else whether a joker is used."""
    real = [c for c in cards if not c.is_joker]
    if len({c.suit for c in real}) != 1:
        return None
    ranks = {int(c.rank) for c in real}
    if len(ranks) != len(real):
        return None
    windows = [{14, *range(2, 8)}] + [set(range(top - 6, top + 1)) for top in range(8, 15)]
    if any(ranks <= window for window in windows):
        return len(real) < 7
    return None


def _royal_match(fives: Iterable[_Five], match: RoyalMatch) -> bool:
    wanted = {RoyalMatch.KING_QUEEN: {13, 12}, RoyalMatch.ACE_KING: {14, 13}}[match]
    for five in fives:
        if five.hand.category is not PaiGowCategory.ROYAL_FLUSH:
            continue
        a, b = five.rest
        if a.is_joker or b.is_joker or a.suit is not b.suit:
            continue
        if {int(a.rank), int(b.rank)} == wanted:
            return True
    return False


def fortune_hands(
    cards: Sequence[Card] | str, *, royal_match: RoyalMatch = RoyalMatch.KING_QUEEN
) -> frozenset[FortuneHand]:
    """Every fortune pai gow poker bonus hand the seven cards form (5324.41(c)(6), (m)(1)).

    >>> from dealer_station.cards import parse_cards
    >>> hand = parse_cards("As Ks Qs Js Ts Ah Kh")
    >>> FortuneHand.ROYAL_FLUSH_PLUS_ROYAL_MATCH in fortune_hands(hand)
    False
    >>> match = FortuneHand.ROYAL_FLUSH_PLUS_ROYAL_MATCH
    >>> match in fortune_hands(hand, royal_match=RoyalMatch.ACE_KING)
    True
    >>> sorted(h.value for h in fortune_hands(parse_cards("JK 3c 4c 5c 6c 7c 8c")))
    ['flush', 'seven_card_straight_flush_with_joker', 'straight_flush']
    """
    seven = _seven(cards)
    fives = _fives(seven)
    found = {FortuneHand(c.value) for c in _five_card_categories(fives)}
    with_joker = _seven_card_straight_flush(seven)
    if with_joker is True:
        found.add(FortuneHand.SEVEN_CARD_STRAIGHT_FLUSH_WITH_JOKER)
    elif with_joker is False:
        found.add(FortuneHand.SEVEN_CARD_STRAIGHT_FLUSH_WITH_NO_JOKER)
    if _royal_match(fives, royal_match):
        found.add(FortuneHand.ROYAL_FLUSH_PLUS_ROYAL_MATCH)
    return frozenset(found)


def imperial_hands(cards: Sequence[Card] | str) -> frozenset[ImperialHand]:
    """Every imperial pai gow player hand bonus hand the seven cards form (5324.41(p)(3)(i), (4)).

    >>> from dealer_station.cards import parse_cards
    >>> sorted(h.value for h in imperial_hands(parse_cards("9c 9d 9h 5s 6s 7d 8c")))
    ['straight', 'three_of_a_kind']
    """
    return frozenset(ImperialHand(c.value) for c in _five_card_categories(_fives(_seven(cards))))


def seven_card_bonus_hands(cards: Sequence[Card] | str) -> frozenset[SevenCardBonusHand]:
    """Every seven-card bonus wager hand the seven cards form (5324.41(o)(2)); a straight flush
    counts as "with no joker" when five real cards form it.

    >>> from dealer_station.cards import parse_cards
    >>> sorted(h.value for h in seven_card_bonus_hands(parse_cards("JK 9h Th Jh Qh 2c 2d")))
    ['straight_flush_with_joker']
    """
    found: set[SevenCardBonusHand] = set()
    for five in _fives(_seven(cards)):
        category = five.hand.category
        if category is PaiGowCategory.STRAIGHT_FLUSH:
            found.add(
                SevenCardBonusHand.STRAIGHT_FLUSH_WITH_NO_JOKER
                if five.hand.natural
                else SevenCardBonusHand.STRAIGHT_FLUSH_WITH_JOKER
            )
        elif category in _SHARED:
            found.add(SevenCardBonusHand(category.value))
    return frozenset(found)


def _progressive_of(five: _Five) -> tuple[ProgressiveHand, ...]:
    """The (k)(4) hand types this setting forms. A natural royal flush is a royal flush that uses
    no joker ((c)(2)(ii)), so it forms both; five aces holds four cards of the same rank
    ((c)(2)(iv)), so it forms four of a kind as well: the dealer then takes whichever pays more
    at the meter when paid ((g)(8), (k)(6))."""
    category = five.hand.category
    if category not in _SHARED:
        return ()
    names = [category.value]
    if five.hand.is_natural_royal_flush:
        names.append("natural_royal_flush")
    if category is PaiGowCategory.FIVE_ACES:
        names.append(PaiGowCategory.FOUR_OF_A_KIND.value)
    if (
        category is not PaiGowCategory.THREE_OF_A_KIND
        and evaluate_low(five.rest).category is PaiGowCategory.PAIR
    ):
        names = [name + "_and_pair" for name in names]
    return tuple(ProgressiveHand(name) for name in names)


def _progressive(cards: Sequence[Card] | str) -> dict[ProgressiveHand, Split]:
    found: dict[ProgressiveHand, Split] = {}
    for five in _fives(_seven(cards)):
        for hand in _progressive_of(five):
            found.setdefault(hand, Split(five.cards, five.rest))
    return found


def progressive_hands(cards: Sequence[Card] | str) -> frozenset[ProgressiveHand]:
    """Every progressive payout wager hand the seven cards form (5324.41(k)(4)): the five-card
    high hand, "and pair" when the two-card low hand is a pair (a joker in it is an ace), and
    "natural" for a royal flush without the joker (5324.41(c)(2)(ii)).

    >>> from dealer_station.cards import parse_cards
    >>> for h in sorted(progressive_hands(parse_cards("As Ks Qs Js Ts JK Ad")), reverse=True):
    ...     print(h.value)
    natural_royal_flush_and_pair
    royal_flush_and_pair
    royal_flush
    straight_and_pair
    straight
    three_of_a_kind
    """
    return frozenset(_progressive(cards))


def progressive_split(cards: Sequence[Card] | str, hand: ProgressiveHand) -> Split:
    """A setting of the seven cards that forms the progressive ``hand`` (5324.41(g)(8)).

    >>> from dealer_station.cards import format_cards, parse_cards
    >>> cards = parse_cards("Kc Kd Kh Ks 5c 5d 2h")
    >>> split = progressive_split(cards, ProgressiveHand.FOUR_OF_A_KIND_AND_PAIR)
    >>> format_cards(split.high), format_cards(split.low)
    ('Kc Kd Kh Ks 2h', '5c 5d')
    """
    found = _progressive(cards)
    if hand not in found:
        raise CardError(f"the cards do not form {hand.label}")
    return found[hand]


_HIGH_CARD = dict(zip(range(9, 15), PaiGowHighCard, strict=True))

#: The banker's pai gow hands that pay an imperial banker hand bonus, 5324.41(p)(5).
BANKER_BONUS_HANDS = frozenset(
    {PaiGowHighCard.JACK_HIGH, PaiGowHighCard.TEN_HIGH, PaiGowHighCard.NINE_HIGH}
)


def insurance_pai_gow(cards: Sequence[Card] | str) -> PaiGowHighCard | None:
    """The pai gow insurance hand (5324.41(m)(3)) of seven cards, or None when they hold a pair,
    straight or flush. The joker is ranked as an ace and completes nothing ((c)(7), (l)(4)(ii)).

    >>> from dealer_station.cards import parse_cards
    >>> insurance_pai_gow(parse_cards("2h 3d 4c 5s 7h 8d 9c")).value
    'nine_high'
    >>> insurance_pai_gow(parse_cards("JK Ad 3c 5s 7h 8d Tc")) is None  # a pair of aces
    True
    """
    seven = _seven(cards)
    ranks = [14 if c.is_joker else int(c.rank) for c in seven]
    if len(set(ranks)) < 7:
        return None
    suits = [c.suit for c in seven if not c.is_joker]
    if max(suits.count(s) for s in set(suits)) >= 5:
        return None
    distinct = set(ranks)
    windows = [{14, 2, 3, 4, 5}] + [set(range(top - 4, top + 1)) for top in range(6, 15)]
    if any(window <= distinct for window in windows):
        return None
    return _HIGH_CARD[max(ranks)]


def banker_pai_gow(cards: Sequence[Card] | str) -> PaiGowHighCard | None:
    """The banker's pai gow for the imperial banker hand bonus (5324.41(p)(5)): the highest card of
    seven cards that form no five-card hand, the joker completing a straight or flush where it can
    ((p)(3)(i)) and otherwise an ace; None when the cards form a hand.

    >>> from dealer_station.cards import parse_cards
    >>> banker_pai_gow(parse_cards("2h 3d 4c 6s 7h 8d Jc")).value
    'jack_high'
    """
    best = best_five(cards)
    if best.category is not PaiGowCategory.HIGH_CARD:
        return None
    return _HIGH_CARD[int(best.ranks[0])]


@dataclass(frozen=True, slots=True)
class SevenCards:
    """Everything the Pai Gow bonus wagers need to know about seven cards."""

    best: HighHand
    fortune: frozenset[FortuneHand]
    seven_card_bonus: frozenset[SevenCardBonusHand]
    imperial: frozenset[ImperialHand]
    progressive: frozenset[ProgressiveHand]
    insurance: PaiGowHighCard | None
    banker: PaiGowHighCard | None

    def bonus_categories(self) -> dict[str, list[str]]:
        """The categories by wager, each list highest first, for display and JSON; the
        imperial banker hand bonus lists only the pai gow hands of 5324.41(p)(5).

        >>> from dealer_station.cards import parse_cards
        >>> found = analyse_seven(parse_cards("Ac Kd 9h 7s 4c 3d 2h")).bonus_categories()
        >>> found["insurance"], found["imperial_banker"]
        (['ace_high'], [])
        """

        def names(found: Iterable[RankedCategory]) -> list[str]:
            return [c.value for c in sorted(found, key=lambda c: c.strength, reverse=True)]

        return {
            "fortune": names(self.fortune),
            "seven_card_bonus": names(self.seven_card_bonus),
            "imperial": names(self.imperial),
            "progressive": names(self.progressive),
            "insurance": names([self.insurance] if self.insurance else []),
            "imperial_banker": names([self.banker] if self.banker in BANKER_BONUS_HANDS else []),
        }


def analyse_seven(
    cards: Sequence[Card] | str,
    *,
    royal_match: RoyalMatch = RoyalMatch.KING_QUEEN,
    wheel_lowest: bool = False,
) -> SevenCards:
    """Every seven-card category of every Pai Gow bonus wager for seven cards.

    >>> from dealer_station.cards import parse_cards
    >>> result = analyse_seven(parse_cards("2h 3d 4c 6s 7h 8d Jc"))
    >>> result.best.category.value, result.insurance.value, result.banker.value
    ('high_card', 'jack_high', 'jack_high')
    """
    seven = _seven(cards)
    return SevenCards(
        best=best_five(seven, wheel_lowest=wheel_lowest),
        fortune=fortune_hands(seven, royal_match=royal_match),
        seven_card_bonus=seven_card_bonus_hands(seven),
        imperial=imperial_hands(seven),
        progressive=progressive_hands(seven),
        insurance=insurance_pai_gow(seven),
        banker=banker_pai_gow(seven),
    )
