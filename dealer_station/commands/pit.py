"""``dealer-station pit``: the pit's screen of the casino floor (docs/floor.md)."""

from __future__ import annotations

import argparse
import os

NAME = "pit"
HELP = "the pit's screen: every table on the floor, pending jackpots, history, shift report"


def add_arguments(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("--url", help="the floor database, postgresql://... "
                        "(or $DEALER_STATION_FLOOR_URL)")


def run(args: argparse.Namespace) -> int:
    url = args.url or os.environ.get("DEALER_STATION_FLOOR_URL")
    if not url or not url.startswith(("postgresql://", "postgres://")):
        raise ValueError("pit: give --url postgresql://... (or DEALER_STATION_FLOOR_URL)")
    # deferred on purpose (--help imports every command): Qt loads only when it opens
    from dealer_station.ui.pit import main

    return main(url)
