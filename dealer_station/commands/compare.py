"""``dealer-station compare --game pai-gow "HAND" "HAND"``: the first hand against the second.

Prints ``higher``, ``lower`` or ``copy`` (a copy hand, identical rank) per NY 5324.41(c)(5). Both
hands are five-card high hands or both two-card low hands; the joker is ``JK``. Each hand is checked
on its own (the two may be hypothetical hands sharing cards).
"""

from __future__ import annotations

import argparse

from dealer_station.cards import CardError, parse_cards
from dealer_station.rankings.pai_gow import Comparison, compare_high, compare_low

NAME = "compare"
HELP = "compare two Pai Gow high hands or two low hands: higher, lower or copy"
DESCRIPTION = (
    __doc__
    + """
Example: dealer-station compare --game pai-gow "Ah 2d 3c 4s 5h" "Kh Qd Jc Ts 9h"  -> higher
         (with --wheel-lowest, the casino option of 5324.41(c)(4): lower)
"""
)


def add_arguments(parser: argparse.ArgumentParser) -> None:
    # Checked in run(), not by argparse, so a mistake is reported on one line.
    parser.add_argument("--game", metavar="{pai-gow}", help="the hand system")
    parser.add_argument(
        "first", nargs="?", metavar="HAND", help='the first hand, e.g. "As Kd Qh Jc JK"'
    )
    parser.add_argument("second", nargs="?", metavar="HAND", help="the hand it is compared with")
    parser.add_argument(
        "--wheel-lowest",
        action="store_true",
        help="A-2-3-4-5 is the lowest straight and straight flush (5324.41(c)(4))",
    )


def compare(first: str, second: str, *, wheel_lowest: bool = False) -> Comparison:
    """The first Pai Gow hand against the second.

    >>> compare("Ah 2d 3c 4s 5h", "Kh Qd Jc Ts 9h").value
    'higher'
    >>> compare("JK Kd", "Ac Kh").value
    'copy'
    >>> compare("As Kd", "Ac Kh Qd Js 9c")
    Traceback (most recent call last):
    ...
    dealer_station.cards.CardError: both hands must be five-card high hands or two-card low hands...
    """
    a = parse_cards(first, count=(2, 5))
    b = parse_cards(second, count=(2, 5))
    if len(a) != len(b):
        raise CardError(
            "both hands must be five-card high hands or two-card low hands "
            f"(got {len(a)} and {len(b)} cards)"
        )
    if len(a) == 5:
        return compare_high(a, b, wheel_lowest=wheel_lowest)
    return compare_low(a, b)


def run(args: argparse.Namespace) -> int:
    if args.game != "pai-gow":
        found = "no --game given" if args.game is None else f"unknown game {args.game!r}"
        raise CardError(f"{found}: expected --game pai-gow")
    if args.first is None or args.second is None:
        raise CardError('expected two hands, e.g. "Ah 2d 3c 4s 5h" "Kh Qd Jc Ts 9h"')
    print(compare(args.first, args.second, wheel_lowest=args.wheel_lowest).value)
    return 0
