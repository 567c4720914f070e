"""``dealer-station store``: the table database's file on disk (its size, the pages in use and
free), giving its free pages back to the file system (``compact``), and starting a table over
whose records the witness holds but which are lost for good (``start-over``)."""

from __future__ import annotations

import argparse
import getpass
import sqlite3
import sys
from pathlib import Path

from dealer_station.store.database import StoreError
from dealer_station.store.options import add_table_argument
from dealer_station.store.paths import DATABASE_NAME, table_directory, table_id

NAME = "store"
HELP = "the table database's file: its size and free pages; compact gives them back"
DESCRIPTION = """\
status   the database file's size on disk, the pages in use and free, and whether the pages
         the archive frees are given back by themselves (a store made by this version) or
         need `store compact` once (a store made before)
compact  rewrite the database without its free pages, every row with its number kept (the
         copy is proven row for row before it replaces the file), and switch it to give the
         pages the archive frees back by itself from then on; the station must not be running
         (it takes about as long as copying the pages in use); audited
start-over  a table whose records the witness holds but whose directory or database is gone
         for good (deleted, a disk lost) starts again from no records: refused while the
         witness holds none of the table, while its database or audit log is there, or
         without a witness; --user/--name make the new first supervisor (their PIN asked, or
         read from stdin with --pin-stdin), who signs the start-over with --reason; the
         witness records it (the heads before it no longer bind a start) and the new log's
         first record says what was lost (its last witnessed head), by whom and why
"""


def add_arguments(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("action", nargs="?", default="status",
                        choices=("status", "compact", "start-over"))
    parser.add_argument("--user", help="start-over: the new first supervisor's id")
    parser.add_argument("--name", help="start-over: the new first supervisor's name")
    parser.add_argument("--reason", help="start-over: why the table's records are lost")
    parser.add_argument("--pin-stdin", action="store_true", help="read the PIN from stdin")
    add_table_argument(parser)


def _mb(value: int) -> str:
    return f"{value / 1e6:,.1f} MB"


def run(args: argparse.Namespace) -> int:
    # deferred: the command line's start imports no store module it does not run
    from dealer_station.store import compact
    from dealer_station.store.database import Store

    table = table_id(args.table)
    directory = table_directory(table, args.data_dir)
    database = directory / DATABASE_NAME
    try:
        if args.action == "start-over":
            return _start_over(args, table, directory)
        if args.action == "compact":
            if database.exists():
                print(f"compacting the database of {table} ({_mb(database.stat().st_size)}): "
                      "copied, proven row for row, then written back (a store of many "
                      "months takes minutes)", flush=True)
            done = compact.compact(directory, table)
            print(f"database of {table} compacted: {_mb(done.before.file_bytes)} -> "
                  f"{_mb(done.after.file_bytes)} ({done.before.free:,} free pages given back); "
                  "the pages the archive frees are given back by themselves from now on")
            return 0
        with Store.open(directory, table, readonly=True) as store:
            found = compact.pages(store.connection, database)
    except sqlite3.Error as error:
        raise StoreError(f"the database of {table}: {error} (nothing was changed)") from None
    how = ("the pages the archive frees are given back by themselves" if found.incremental
           else "made before this version: `dealer-station store compact` (station stopped) "
                "gives the free pages back and switches it to give them back by itself")
    print(f"database of {table}: {_mb(found.file_bytes)} on disk, {_mb(found.in_use_bytes)} in "
          f"use, {_mb(found.free_bytes)} free ({found.free:,} pages); {how}")
    return 0


def _start_over(args: argparse.Namespace, table: str, directory: object) -> int:
    """``store start-over``: see :data:`DESCRIPTION`."""
    # deferred: the command line's start imports no store module it does not run
    from dealer_station import audit, auth
    from dealer_station.accounts import AccountDesk
    from dealer_station.store.database import Store
    from dealer_station.store.paths import AUDIT_NAME
    from dealer_station.store.witness import Witness

    directory = Path(str(directory))
    witness = Witness.configured()
    if witness is None:
        raise ValueError("start-over is for a table the witness knows: no witness is "
                         "configured ($DEALER_STATION_WITNESS); a first start needs none")
    seen = witness.last(table)
    if seen is None or seen.seq == 0:
        raise ValueError(f"the witness {witness.path} holds no records of table {table}: its "
                         "first start needs no start-over")
    database, log = directory / DATABASE_NAME, directory / AUDIT_NAME
    if log.exists() and log.stat().st_size:
        raise ValueError(f"the audit log {log} is there: restore the database beside it "
                         "(nothing was changed)")
    if database.exists():
        connection = sqlite3.connect(f"file:{database}?mode=ro", uri=True)
        try:
            version = int(connection.execute("PRAGMA user_version").fetchone()[0])
        finally:
            connection.close()
        if version:
            raise ValueError(f"the database {database} is there: nothing to start over "
                             "(`dealer-station audit verify --database` says what differs)")
    user, name, reason = (args.user or "").strip(), (args.name or "").strip(), \
        " ".join((args.reason or "").split())
    if not user or not name or not reason:
        raise ValueError("store start-over needs --user, --name (the new first supervisor) "
                         "and --reason")
    lines = iter(sys.stdin.read().splitlines()) if args.pin_stdin else None
    pins = [next(lines, "").strip() if lines is not None else getpass.getpass(prompt)
            for prompt in (f"new PIN for {user}: ", "the same PIN again: ")]
    if pins[0] != pins[1]:
        raise ValueError("the two PINs differ (nothing was changed)")
    auth.check_new_pin(pins[0], auth.Role.SUPERVISOR)
    witness.start_over(table, seen, by=user, reason=reason)
    with Store.open(directory, table, witness=witness) as store:
        store.audit("start_over", {"lost_through": seen.seq, "lost_head": seen.hash,
                                   "witnessed": seen.time, "reason": reason,
                                   "time": audit.utc_now()}, actor=user)
        AccountDesk(store).create_first_supervisor(user, name, pins[0])
    print(f"table {table} started over: records 1-{seen.seq} (last witnessed at {seen.time}) "
          f"are lost; recorded in the witness and as audit record 1, signed by {user}")
    return 0
