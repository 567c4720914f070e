"""``dealer-station meters``: a progressive meter's whole life, by a supervisor (5324.41(k)):
list, show, create, change, reseed, retire."""

from __future__ import annotations

import argparse

from dealer_station.commands import _linked_pool as linked_pool
from dealer_station.control import StationNotRunning, request
from dealer_station.meter_desk import handle_meters
from dealer_station.meter_views import HIT_COLUMNS, hit_rows, meter_panels, shift_start
from dealer_station.plural import counted
from dealer_station.station import Station
from dealer_station.store.options import add_table_argument, ask_pin, open_store
from dealer_station.store.paths import OUTBOX_NAME, table_directory, table_id

NAME = "meters"
HELP = "progressive meters: list, show, create, change, reseed after a hit, retire"
DESCRIPTION = """\
list                          every meter: current amount, overflow, base, limit, state
show NAME                     what a regulator reads: current, overflow, base, limit, hits,
                              total paid and the last 25 hits (time, table, round, position,
                              hand, amount, validating supervisor)
create NAME --wager W --reset $ --rate % [--limit $] [--above-limit overflow]
change NAME [--reset $] [--rate %] [--limit $ | --limit none]
reseed NAME                   after a hit: the overflow goes into the meter (up to its limit)
retire NAME --reason TEXT
A table on a casino floor (its configuration's [floor]: give the same --config FILE the
dealer's screen runs with, or $DEALER_STATION_FLOOR_URL) pays its progressive from the floor's
linked pool: list and show print that pool (as of now, pending at the pit) above the table's
meter, whose figures are then the table's own ledger of contributions.
Changes need --by SUPERVISOR_ID and that supervisor's PIN (asked on the terminal, or one line
on stdin with --pin-stdin); they are made between rounds only, checked against 5324.41(k) and
the table's configuration, and audited. While the dealer's screen runs the table the request
goes to the running station (its control socket), which carries it out.
"""


def add_arguments(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("action", nargs="?", default="list",
                        choices=("list", "show", "create", "change", "reseed", "retire"))
    parser.add_argument("name", nargs="?", help="the meter's name")
    parser.add_argument("--wager", help="create: the wager that feeds the meter")
    parser.add_argument("--reset", help="the base (reset) amount, e.g. $10,000")
    parser.add_argument("--rate", help="the rate of progression, e.g. 21%%")
    parser.add_argument("--limit", help="the most the meter shows ($), or 'none'")
    parser.add_argument("--above-limit", default="overflow",
                        help="what happens to contributions above the limit (overflow)")
    parser.add_argument("--reason", default="", help="retire: why")
    parser.add_argument("--by", help="the supervisor's id")
    parser.add_argument("--pin-stdin", action="store_true", help="read the PIN from stdin")
    add_table_argument(parser)


def hits_heading(shown: int) -> str:
    """The heading of the hits ``meters show`` lists (it read "last 1 hits").

    >>> hits_heading(1), hits_heading(25), hits_heading(0)
    ('the last 1 hit (newest first)', 'the last 25 hits (newest first)', 'no hits')
    """
    return f"the last {counted(shown, 'hit')} (newest first)" if shown else "no hits"


def _pin(args: argparse.Namespace) -> str:
    return ask_pin(f"PIN of {args.by}: ", args.pin_stdin)


def _list(args: argparse.Namespace, show: str | None) -> int:
    with open_store(args, readonly=True) as store:
        panels = meter_panels(store, since=shift_start())
        table = store.table
        forwards = (store.directory / OUTBOX_NAME).exists()
    if show is not None:
        panels = [p for p in panels if p.name == show]
        if not panels:
            raise ValueError(f"no progressive meter {show!r}")
    if not panels:
        print("no progressive meters")
        return 0
    linked = linked_pool.read(args, table, forwards=forwards)
    linked_pool.print_unread(linked)
    for panel in panels:
        print(f"{panel.name}")
        ledger = linked_pool.print_above(linked, panel)
        for label, value in panel.lines(linked=ledger):
            print(f"  {label:<22} {value}")
        if show is None:
            continue
        rows = hit_rows(panel)
        print(f"  {hits_heading(len(rows))}")
        if rows:
            widths = [max(len(c), *(len(r[i]) for r in rows)) for i, c in enumerate(HIT_COLUMNS)]
            print("  " + "  ".join(c.ljust(w) for c, w in zip(HIT_COLUMNS, widths, strict=True)))
            for row in rows:
                print("  " + "  ".join(v.ljust(w) for v, w in zip(row, widths, strict=True)))
    return 0


def run(args: argparse.Namespace) -> int:
    if args.action in ("list", "show"):
        if args.action == "show" and not args.name:
            raise ValueError("meters show needs the meter's name")
        return _list(args, args.name if args.action == "show" else None)
    if not args.name:
        raise ValueError(f"meters {args.action} needs the meter's name")
    if not args.by:
        raise ValueError(f"meters {args.action} needs --by SUPERVISOR_ID")
    message = {"command": "meters", "action": args.action, "name": args.name,
               "wager": args.wager, "reset": args.reset, "rate": args.rate, "limit": args.limit,
               "above_limit": args.above_limit, "reason": args.reason, "by": args.by,
               "pin": _pin(args)}
    directory = table_directory(table_id(args.table), args.data_dir)
    try:  # the running station does it (the dealer's screen holds the table)
        answer = request(directory, message)
    except StationNotRunning:
        with Station.open(args.table, args.data_dir) as station:
            answer = {"ok": True, **handle_meters(station, message)}
    if not answer.get("ok"):
        raise ValueError(str(answer.get("error", "refused")))
    print(answer.get("message", "done"))
    return 0
