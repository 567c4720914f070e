"""``dealer-station hand --game GAME CARD...``: classify a hand for a supervisor's dispute.

Prints JSON with at least ``game``, ``cards`` and ``category`` (the regulation's name in snake
case).
"""

from __future__ import annotations

import argparse
import json
from collections.abc import Callable, Iterable
from typing import Any

from dealer_station.cards import Card, CardError, format_cards, parse_cards
from dealer_station.rankings._category import RankedCategory
from dealer_station.rankings.five_card import FiveCardCategory, evaluate_five
from dealer_station.rankings.pai_gow import PaiGowCategory, evaluate_high, evaluate_low
from dealer_station.rankings.seven_card import (
    BANKER_BONUS_HANDS,
    FortuneHand,
    ImperialHand,
    PaiGowHighCard,
    ProgressiveHand,
    RoyalMatch,
    SevenCardBonusHand,
    analyse_seven,
)
from dealer_station.rankings.three_card import (
    PaiGowThreeCardCategory,
    ThreeCardCategory,
    evaluate_pai_gow_three,
    evaluate_three,
)

NAME = "hand"
HELP = "classify a Let It Ride, three-card bonus or Pai Gow hand and print it as JSON"

GAMES = ("let-it-ride", "three-card", "pai-gow")


def _names(categories: Iterable[RankedCategory]) -> str:
    ordered = sorted(categories, key=lambda c: c.strength, reverse=True)
    return ", ".join(c.value for c in ordered)


DESCRIPTION = f"""\
Classify a hand and print JSON: {{"game": ..., "cards": [...], "category": ...}}.

  --game let-it-ride   5 cards (NY 5324.34(b)(2)); adds "qualifies" (a pair of tens or better,
                       5324.34(f)(1)).
  --game three-card    3 cards, the Let It Ride three-card bonus (5324.34(b)(3)).
  --game pai-gow       53-card deck with the joker JK (NY 5324.41(c)):
                       2 cards: the low hand; 3 cards: the three-card bonus of (o)(1);
                       5 cards: the high hand, with "natural" (no joker);
                       7 cards: "category" is the best five-card hand; "bonus_categories" lists
                       every bonus category that applies, "bonus_by_wager" the same per wager
                       (fortune, seven_card_bonus, imperial, progressive, insurance,
                       imperial_banker, three_card_bonus; highest first), and
                       "three_card_bonus" the (o)(1) hand of the first three cards.

Category names:
  let-it-ride:          {_names(FiveCardCategory)}
  three-card:           {_names(ThreeCardCategory)}
  pai-gow high/low:     {_names(PaiGowCategory)}
  pai-gow three-card:   {_names(PaiGowThreeCardCategory)}
  fortune (c)(6),(m)(1): {_names(FortuneHand)}
  seven-card (o)(2):    {_names(SevenCardBonusHand)}
  imperial (p)(4):      {_names(ImperialHand)}
  progressive (k)(4):   {_names(ProgressiveHand)}
  insurance (m)(3):     {_names(PaiGowHighCard)}
  imperial banker (p)(5): {_names(BANKER_BONUS_HANDS)}

Example: dealer-station hand --game pai-gow As Ah Ad Ac JK Kc Kd
"""


def add_arguments(parser: argparse.ArgumentParser) -> None:
    # Checked in run(), not by argparse, so a mistake is reported on one line.
    parser.add_argument("--game", metavar="{" + ",".join(GAMES) + "}", help="the hand system")
    parser.add_argument("cards", nargs="*", metavar="CARD", help="cards, e.g. As Td JK")
    parser.add_argument(
        "--wheel-lowest",
        action="store_true",
        help="Pai Gow: A-2-3-4-5 is the lowest straight and straight flush (5324.41(c)(4))",
    )
    parser.add_argument(
        "--royal-match",
        type=royal_match_option,
        metavar="{king_queen,ace_king,KQ,AK}",
        help="fortune royal match option of 5324.41(c)(6)(ii) (default king_queen); KQ and AK "
        "as for dealer-station paytable",
    )
    parser.add_argument("--compact", action="store_true", help="print the JSON on one line")


#: ``paytable --royal-match`` spells the options KQ and AK; both spellings are accepted here.
_ROYAL_MATCH_SHORT = {"kq": RoyalMatch.KING_QUEEN.value, "ak": RoyalMatch.ACE_KING.value}


def royal_match_option(text: str) -> str:
    """The royal match option of 5324.41(c)(6)(ii) by its name or by paytable's letters.

    >>> royal_match_option("AK"), royal_match_option("king_queen")
    ('ace_king', 'king_queen')
    """
    value = _ROYAL_MATCH_SHORT.get(text.lower(), text.lower())
    if value not in {m.value for m in RoyalMatch}:
        raise argparse.ArgumentTypeError(
            f"{text!r} is not king_queen, ace_king, KQ or AK (5324.41(c)(6)(ii))")
    return value


def _cards_text(cards: Iterable[Card]) -> list[str]:
    return format_cards(cards).split()


def let_it_ride(cards: tuple[Card, ...], args: argparse.Namespace) -> dict[str, Any]:
    hand = evaluate_five(parse_cards(cards, count=5, allow_joker=False))
    return {"category": hand.category.value, "qualifies": hand.qualifies}


def three_card(cards: tuple[Card, ...], args: argparse.Namespace) -> dict[str, Any]:
    hand = evaluate_three(parse_cards(cards, count=3, allow_joker=False))
    return {"category": hand.category.value}


def house_way(cards: tuple[Card, ...], args: argparse.Namespace) -> dict[str, Any]:
    """Extra keys for seven Pai Gow cards from the Pai Gow engine: the standard house way's
    split (docs/house-way.md).

    >>> house_way(parse_cards("As Ks 7d 7c 4h 3s 2d"), argparse.Namespace())
    {'house_way': {'high': ['7d', '7c', '4h', '3s', '2d'], 'low': ['As', 'Ks']}}
    """
    # deferred on purpose (--help imports every command): the house way loads only for Pai Gow
    from dealer_station.games.pai_gow.house_way import set_hand

    high, low = set_hand(cards)
    return {"house_way": {"high": _cards_text(high), "low": _cards_text(low)}}


def pai_gow(cards: tuple[Card, ...], args: argparse.Namespace) -> dict[str, Any]:
    wheel_lowest: bool = args.wheel_lowest
    if len(cards) == 2:
        low = evaluate_low(cards)
        return {"hand": "low", "category": low.category.value}
    if len(cards) == 3:
        return {
            "hand": "three_card_bonus",
            "category": evaluate_pai_gow_three(cards).category.value,
        }
    if len(cards) == 5:
        high = evaluate_high(cards, wheel_lowest=wheel_lowest)
        return {"hand": "high", "category": high.category.value, "natural": high.natural}
    seven = analyse_seven(
        cards,
        royal_match=RoyalMatch(args.royal_match or RoyalMatch.KING_QUEEN.value),
        wheel_lowest=wheel_lowest,
    )
    three_card_bonus = evaluate_pai_gow_three(cards[:3]).category
    by_wager = seven.bonus_categories()
    by_wager["three_card_bonus"] = (
        [] if three_card_bonus is PaiGowThreeCardCategory.HIGH_CARD else [three_card_bonus.value]
    )
    return {
        "hand": "seven_cards",
        "category": seven.best.category.value,
        "natural": seven.best.natural,
        "three_card_bonus": three_card_bonus.value,
        "bonus_categories": list(dict.fromkeys(n for names in by_wager.values() for n in names)),
        "bonus_by_wager": by_wager,
        **house_way(cards, args),
    }


Handler = Callable[[tuple[Card, ...], argparse.Namespace], dict[str, Any]]

#: Per game: the accepted hand sizes and the function that classifies the cards.
HANDLERS: dict[str, tuple[tuple[int, ...], Handler]] = {
    "let-it-ride": ((5,), let_it_ride),
    "three-card": ((3,), three_card),
    "pai-gow": ((2, 3, 5, 7), pai_gow),
}


def classify(game: str | None, cards: Iterable[str], args: argparse.Namespace) -> dict[str, Any]:
    """The JSON object for ``cards`` in ``game``.

    >>> args = argparse.Namespace(wheel_lowest=False, royal_match="king_queen")
    >>> classify("let-it-ride", ["Th", "Td", "4c", "7s", "2h"], args)
    {'game': 'let-it-ride', 'cards': ['Th', 'Td', '4c', '7s', '2h'], 'category': 'pair',
     'qualifies': True}
    >>> classify("pai-gow", ["JK", "Ad"], args)["category"]
    'pair'
    """
    if game not in HANDLERS:
        found = "no --game given" if game is None else f"unknown game {game!r}"
        raise CardError(f"{found}: expected --game {' or '.join(GAMES)}")
    sizes, handler = HANDLERS[game]
    parsed = parse_cards(" ".join(cards), count=sizes, allow_joker=game == "pai-gow")
    return {"game": game, "cards": _cards_text(parsed), **handler(parsed, args)}


def run(args: argparse.Namespace) -> int:
    if args.game in HANDLERS and args.game != "pai-gow":
        for given, option in ((args.wheel_lowest, "--wheel-lowest"),
                              (args.royal_match is not None, "--royal-match")):
            if given:  # a Pai Gow option (5324.41(c)(4), (c)(6)(ii)) is not silently ignored
                raise CardError(f"{option} applies to --game pai-gow only, not {args.game}")
    result = classify(args.game, args.cards, args)
    print(json.dumps(result, indent=None if args.compact else 2))
    return 0
