"""What ``dealer-station`` does with no subcommand: ``--check``, or open the dealer's screen."""

from __future__ import annotations

import argparse
import sys


def run(args: argparse.Namespace) -> int:
    if args.check:
        print("dealer-station --check: not available yet", file=sys.stderr)
        return 1
    print("dealer-station: the dealer's screen is not available yet", file=sys.stderr)
    return 1
