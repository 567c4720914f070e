"""``dealer-station sim``: start a full simulated table's devices and print their URLs."""

from __future__ import annotations

import argparse
import sys
import time

import tomli_w

from dealer_station.inputs import SQLITE_MAX, bounded_int, seconds

WEEK = 7 * 24 * 3600

NAME = "sim"
HELP = "start a simulated table's devices (shoe, bet acceptors, lockout) and print their URLs"
DESCRIPTION = """\
Starts the simulated devices of a table for a game and serves them until interrupted:
on pseudo-terminals (pty: the URLs are /dev/pts/N, opened with pyserial exactly like
/dev/ttyUSB0) or on local TCP ports (tcp: socket://127.0.0.1:PORT). Prints each device's
URL and address and the [devices] table to put in a table configuration, so the dealer's
screen or `dealer-station diag` in another terminal can use them.

  let_it_ride  shoe dealing 3-card stacks from 52 cards, 7 bet acceptors, lockout
  pai_gow      shoe dealing 7-card stacks from 53 cards, 6 bet acceptors, lockout

Examples:
  dealer-station sim --game pai_gow
  dealer-station sim --transport tcp --seconds 600
"""


def add_arguments(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("--game", choices=("let_it_ride", "pai_gow"), default="let_it_ride")
    parser.add_argument("--transport", choices=("pty", "tcp"), default="pty")
    parser.add_argument("--seconds", type=seconds(WEEK),
                        help="stop after this many seconds (at most a week)")
    parser.add_argument("--seed", type=bounded_int(0, SQLITE_MAX),
                        help="seed of the shoe's own shuffles")


def run(args: argparse.Namespace) -> int:
    # deferred on purpose (--help imports every command): the simulation loads when it runs
    from drivers.sim.table import start_simulated_table

    table = start_simulated_table(args.game, args.transport, seed=args.seed)
    try:
        devices = table.device_table()
        print(f"Simulated {args.game} table ({args.transport}):")
        print(f"  shoe       {devices['shoe']['url']}  address {devices['shoe']['address']}")
        first = devices["acceptors"]["first_address"]
        seats = devices["acceptors"]["seats"]
        print(
            f"  acceptors  {devices['acceptors']['url']}  addresses {first}-{first + seats - 1}"
            f" (seats 1-{seats})"
        )
        print(f"  lockout    {devices['lockout']['url']}  address {devices['lockout']['address']}")
        print("\nIn a table configuration:\n")
        print(tomli_w.dumps({"devices": devices}))
        print("Serving until interrupted (Ctrl-C).", flush=True)
        deadline = None if args.seconds is None else time.monotonic() + args.seconds
        try:
            while deadline is None or time.monotonic() < deadline:
                time.sleep(
                    0.1 if deadline is None else min(0.1, max(0.0, deadline - time.monotonic()))
                )
        except KeyboardInterrupt:
            print("stopped", file=sys.stderr)
    finally:
        table.close()
    return 0
