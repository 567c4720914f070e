"""What ``dealer-station`` does with no subcommand: open the dealer's screen (with the simulated
table devices when no hardware is configured), or ``--check``."""

from __future__ import annotations

import argparse
import sys


def run(args: argparse.Namespace) -> int:
    if args.check:
        print("dealer-station --check: not available yet (the installer's start-up check)",
              file=sys.stderr)
        return 1
    from dealer_station.ui.app import main

    return main(args.config, args.data_dir)
