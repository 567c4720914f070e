"""What ``dealer-station`` does with no subcommand: open the dealer's screen (with the simulated
table devices when no hardware is configured), or ``--check``."""

from __future__ import annotations

import argparse


def run(args: argparse.Namespace) -> int:
    if args.check:
        from dealer_station.check import run as check

        return check(args.config, args.data_dir)
    from dealer_station.ui.app import main

    return main(args.config, args.data_dir, full_screen=getattr(args, "kiosk", False))
