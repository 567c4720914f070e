"""``dealer-station screenshot``: a picture of the dealer's screen at a step of a round."""

from __future__ import annotations

import argparse

NAME = "screenshot"
HELP = "save a picture of the dealer's screen at a step of a scripted round (offscreen)"
DESCRIPTION = """Play a scripted round of the game through the dealer's screen, stop at the step
named, and save the screen as a PNG file (drawn offscreen: no display needed).

Steps of Let It Ride: between_rounds, betting, dealing, bet_one, first_community_card, bet_two,
second_community_card, showdown, collect_losing_wagers, pay_winning_wagers, collect_cards,
complete.
Steps of Pai Gow: between_rounds, betting, dealing, setting, settlement, complete (and others
the round names; an unknown step lists them).

Example: dealer-station screenshot --game pai-gow --step settlement --size 1920x1080 pg.png
"""


def _size(text: str) -> tuple[int, int]:
    try:
        width, height = (int(part) for part in text.lower().split("x"))
    except ValueError:
        raise argparse.ArgumentTypeError(f"size must be WIDTHxHEIGHT, not {text!r}") from None
    if not (640 <= width <= 7680 and 400 <= height <= 4320):
        raise argparse.ArgumentTypeError(f"size {text} is outside 640x400-7680x4320")
    return width, height


def add_arguments(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("--game", required=True, choices=("let-it-ride", "pai-gow"))
    parser.add_argument("--step", default="betting", help="the step to show (default betting)")
    parser.add_argument("--size", type=_size, default=(1280, 800),
                        help="window size WIDTHxHEIGHT (default 1280x800)")
    parser.add_argument("output", help="the PNG file to write")


def run(args: argparse.Namespace) -> int:
    # deferred on purpose (--help imports every command): Qt loads only to draw a picture
    from dealer_station.preview.screenshot import render

    path = render(args.game, args.step, args.output, args.size)
    print(path)
    return 0
