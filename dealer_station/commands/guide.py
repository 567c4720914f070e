"""``dealer-station guide``: where the guides for the dealer, the supervisor and the technician
are, and the dealer's quick card as a one-page PDF."""

from __future__ import annotations

import argparse
import os
import sys

from dealer_station.guide import GUIDES, guide_path

NAME = "guide"
HELP = "the guides for dealer, supervisor and technician; the dealer's quick card as PDF"
DESCRIPTION = """\
guide                   print where each guide is (Markdown with its screenshots; the same
                        guides open from HELP on each screen)
guide dealer            print the path of one guide (dealer, supervisor, technician, quick-card)
guide --card out.pdf    write the dealer's quick card (keys, the steps of each game, what the
                        colours mean) as a one-page PDF, ready to print (no display needed)
"""


def add_arguments(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("name", nargs="?", choices=GUIDES, help="one guide")
    parser.add_argument("--card", metavar="PDF", help="write the quick card to this PDF file")


def run(args: argparse.Namespace) -> int:
    if args.card:
        if args.name:
            print("dealer-station: guide: --card writes the quick card; name no guide with it",
                  file=sys.stderr)
            return 2
        if not args.card.lower().endswith(".pdf"):
            print(f"dealer-station: guide: --card needs a .pdf file name, not {args.card!r}",
                  file=sys.stderr)
            return 2
        os.environ.setdefault("QT_QPA_PLATFORM", "offscreen")
        # deferred on purpose (--help imports every command): Qt loads only when a card is drawn
        from PySide6.QtWidgets import QApplication

        from dealer_station.ui.help import write_card

        _application = QApplication.instance() or QApplication(["dealer-station"])
        print(write_card(args.card))
        return 0
    for name in (args.name,) if args.name else GUIDES:
        print(f"{name:<12}{guide_path(name)}")
    return 0
