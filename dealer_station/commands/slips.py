"""``dealer-station slips``: the jackpot slips of the table's receipt printer (show the
simulated printer's output; print or reprint a numbered jackpot record)."""

from __future__ import annotations

import argparse
import heapq
import time
from types import SimpleNamespace

from dealer_station import auth
from dealer_station.inputs import SQLITE_MAX, bounded_int
from dealer_station.slips import open_printer, print_jackpot, printer_url
from dealer_station.store.options import add_table_argument, ask_pin, open_store
from dealer_station.table_config import load_table_config

NAME = "slips"
HELP = "jackpot slips: the simulated printer's output; print or reprint a jackpot record"
DESCRIPTION = """\
show [--last N]        the slips the simulated receipt printer printed (simulation mode), newest
                       last, as the technician checks them
print NUMBER --by ID   print jackpot record NUMBER on the table's receipt printer ([devices]
                       printer of --config; none: the simulated printer); a second print is
                       marked COPY. The supervisor's PIN is asked (or --pin-stdin); audited.
The table's station must not be running elsewhere to print from here.
"""


def add_arguments(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("action", nargs="?", default="show", choices=("show", "print"))
    parser.add_argument("number", nargs="?", type=bounded_int(1, SQLITE_MAX),
                        help="print: the jackpot record")
    parser.add_argument("--last", type=bounded_int(1, 100_000), default=5,
                        help="show: how many slips")
    parser.add_argument("--by", help="print: the supervisor's id")
    parser.add_argument("--pin-stdin", action="store_true", help="read the PIN from stdin")
    add_table_argument(parser)


def run(args: argparse.Namespace) -> int:
    if args.action == "show":
        with open_store(args, readonly=True) as store:
            folder = store.directory / "printer"
        # the newest N by name (numbered in order) without holding every slip ever printed
        slips = sorted(heapq.nlargest(max(args.last, 1), folder.glob("slip-*.txt")))
        if not slips:
            print(f"the simulated printer has printed nothing ({folder})")
        for path in slips:
            print(f"--- {path.name}")
            print(path.read_text(encoding="utf-8"), end="")
        return 0
    if args.number is None or not args.by:
        raise ValueError("slips print needs the jackpot record's NUMBER and --by SUPERVISOR_ID")
    pin = ask_pin(f"PIN of {args.by}: ", args.pin_stdin)
    devices = {}
    if getattr(args, "config", None):
        devices = load_table_config(args.config).devices
    with open_store(args, readonly=False) as store:
        person = auth.authenticate(store, args.by, pin, now=time.time(), purpose="print_slip")
        auth.authorize(person.role, auth.Permission.VALIDATE_PAYOUT)
        printer = open_printer(printer_url(devices), store.directory / "printer")
        copy = print_jackpot(SimpleNamespace(store=store), args.number, actor=person.id,
                             printer=printer)
    print(f"jackpot record No. {args.number:06d} printed" + (" (COPY)" if copy else ""))
    return 0
