"""What ``dealer-station`` does with no subcommand: open the dealer's screen (with the simulated
table devices when no hardware is configured), or ``--check``."""

from __future__ import annotations

import argparse


def run(args: argparse.Namespace) -> int:
    if args.check:
        # deferred on purpose (--help imports every command): the checks load only for --check
        from dealer_station.check import run as check

        return check(args.config, args.data_dir)
    # deferred on purpose: the dealer's screen (Qt) loads only when it opens
    from dealer_station.ui.app import main

    return main(args.config, args.data_dir, full_screen=getattr(args, "kiosk", False),
                verbose=getattr(args, "verbose", False))
