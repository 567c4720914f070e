"""``dealer-station store``: the table database's file on disk (its size, the pages in use and
free) and giving its free pages back to the file system (``compact``)."""

from __future__ import annotations

import argparse
import sqlite3

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
"""


def add_arguments(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("action", nargs="?", default="status", choices=("status", "compact"))
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
