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

With --transport usb the devices are on the simulated USB bus (usb://VID:PID?...&backend=sim,
pyusb's own calls against simulated descriptors and bulk endpoints). That bus lives in one
process, so this command opens the dealer's screen on it (the table as in --data-dir /
--table; --kiosk for the whole screen): the station runs its real USB transport, as on a
table with USB devices. The technician's `diag --sim GAME --transport usb` tests it alike.

Examples:
  dealer-station sim --game pai_gow
  dealer-station sim --transport tcp --seconds 600
  dealer-station sim --transport usb
"""


def add_arguments(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("--game", choices=("let_it_ride", "pai_gow"), default="let_it_ride")
    parser.add_argument("--transport", choices=("pty", "tcp", "usb"), default="pty")
    parser.add_argument("--seconds", type=seconds(WEEK),
                        help="stop after this many seconds (at most a week)")
    parser.add_argument("--seed", type=bounded_int(0, SQLITE_MAX),
                        help="seed of the shoe's own shuffles")


def run(args: argparse.Namespace) -> int:
    if args.transport == "usb":
        return _window_on_the_usb_bus(args)
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


def _window_on_the_usb_bus(args: argparse.Namespace) -> int:
    """The dealer's screen on a simulated table whose devices are on the simulated USB bus
    (the bus is this process's: the screen opens here, with the shipped configuration of
    ``--game`` unless the table is already configured)."""
    if getattr(args, "config", None):
        raise ValueError("sim --transport usb opens the dealer's screen on simulated devices: "
                         "a --config naming devices is not used (leave it out)")
    # deferred on purpose (--help imports every command): Qt loads only for the screen
    from dealer_station.resources_path import resource_path
    from dealer_station.table_config import DEFAULT_CONFIGS
    from dealer_station.ui.app import main

    print(f"Simulated {args.game} table on the simulated USB bus (usb://...&backend=sim): "
          "the dealer's screen opens on it.", flush=True)
    return main(str(resource_path(DEFAULT_CONFIGS[args.game])), args.data_dir,
                full_screen=getattr(args, "kiosk", False), transport="usb")
