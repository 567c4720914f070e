"""``dealer-station archive``: the table's sealed days (segments): status, seal, export for the
regulator, the kept time."""

from __future__ import annotations

import argparse
from pathlib import Path
from typing import Any

from dealer_station.archive_desk import ACTIONS, archive_view, export_segments, handle_archive
from dealer_station.control import StationNotRunning, request
from dealer_station.inputs import bounded_int
from dealer_station.plural import counted
from dealer_station.store.archive import day_end
from dealer_station.store.database import Store, StoreError
from dealer_station.store.options import add_table_argument, ask_pin
from dealer_station.store.paths import DATABASE_NAME, table_directory, table_id

NAME = "archive"
HELP = "the sealed days (segments): status, seal, export for the regulator, kept time"
DESCRIPTION = """\
status                    every segment (day, rounds, records, size, archived or retired), the
                          kept time, and what sealing is doing now
seal [--through DAY]      seal the days up to DAY (UTC, default: the last ended; today: what
                          was played so far) now instead of at the next round; a running
                          station seals beside the dealer and says so (`status` shows it)
export --out DIR [--number N ...]
                          copy the segments (default: every one kept) into DIR for the
                          regulator, each checked to be the file sealed, with MANIFEST.json
                          (each segment's day, records, head and SHA-256)
keep DAYS --by SUPERVISOR_ID
                          keep segments DAYS days after their day, then delete them from the
                          table (0: for ever); audited; the chain after a deleted segment stays
                          proven from its head (`audit verify` says which records were retired)
day-end HH:MM --by SUPERVISOR_ID
                          when the table's day (or shift) ends, UTC (archive_day_ends, shipped
                          00:00); off: days are not sealed
Changes need that supervisor's PIN (asked, or one line on stdin with --pin-stdin), are made
between rounds and audited.
The station seals each day by itself at the first round after it ends (archive_day_ends). While
the dealer's screen runs the table the request goes to the running station (its control socket).
"""


def add_arguments(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("action", nargs="?", default="status", choices=ACTIONS)
    parser.add_argument("value", nargs="?",
                        help="keep: days a segment is kept after its day (0: for ever); "
                             "day-end: HH:MM (UTC) or off")
    parser.add_argument("--through", help="seal: the last day (UTC, YYYY-MM-DD) to seal")
    parser.add_argument("--out", type=Path, help="export: the directory to write to")
    parser.add_argument("--number", type=bounded_int(1, 10**9), action="append",
                        help="export: a segment's number (again for more; default: all kept)")
    parser.add_argument("--by", help="keep, day-end: the supervisor's id")
    parser.add_argument("--pin-stdin", action="store_true", help="read the PIN from stdin")
    add_table_argument(parser)


def _message(args: argparse.Namespace) -> dict[str, Any]:
    message: dict[str, Any] = {"command": "archive", "action": args.action}
    if args.action == "seal":
        message.update(through=args.through)
    elif args.action == "export":
        if args.out is None:
            raise ValueError("archive export needs --out DIR")
        message.update(out=str(args.out.resolve()), numbers=args.number)
    elif args.action in ("keep", "day-end"):
        what = "DAYS" if args.action == "keep" else "HH:MM (or off)"
        if args.value is None or not args.by:
            raise ValueError(f"archive {args.action} needs {what} and --by SUPERVISOR_ID")
        if args.action == "keep" and not (args.value.isdigit() and int(args.value) <= 36_500):
            raise ValueError(f"archive keep: {args.value!r} is not a number of days from 0 "
                             "(for ever) to 36,500")
        if args.action == "day-end" and args.value.lower() != "off":
            day_end("2026-01-01", args.value)  # a bad time is refused before the PIN is asked
        pin = ask_pin(f"PIN of {args.by}: ", args.pin_stdin)
        message.update(value=args.value, by=args.by, pin=pin)
    return message


def run(args: argparse.Namespace) -> int:
    table = table_id(args.table)
    directory = table_directory(table, args.data_dir)
    if not (directory / DATABASE_NAME).exists():
        raise StoreError(f"no table {table!r} at {directory}")
    message = _message(args)
    if args.action == "export":  # read only: beside a running station, not through it
        with Store.open(directory, table, readonly=True) as store:
            files = export_segments(store, Path(message["out"]), message["numbers"])
        print(f"{counted(len(files) - 1, 'segment')} and {files[-1].name} written to "
              f"{message['out']}")
        return 0
    try:  # the running station does it (the dealer's screen holds the table)
        answer = request(directory, message)
    except StationNotRunning:
        answer = None
    if answer is None and args.action == "status":
        with Store.open(directory, table, readonly=True) as store:
            answer = {"ok": True, "lines": archive_view(store).lines()}
    elif answer is None:
        # deferred on purpose (--help imports every command): the station loads only when it runs
        from dealer_station.station import Station

        with Station.open(table, args.data_dir) as station:
            answer = {"ok": True, **handle_archive(station, {**message, "wait": True})}
    if not answer.get("ok"):
        raise ValueError(str(answer.get("error", "refused")))
    for line in answer.get("lines") or [answer.get("message") or "done"]:
        print(line)
    return 0
