"""Command-line options shared by the commands that open a table's store (``history``,
``audit``, ``users``)."""

from __future__ import annotations

import argparse

from dealer_station.store.database import Store
from dealer_station.store.paths import table_directory, table_id


def add_table_argument(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("--table", help="table id (default: $DEALER_STATION_TABLE or table-1)")


def open_store(args: argparse.Namespace, *, readonly: bool) -> Store:
    """The store of the table named by ``--table`` under ``--data-dir``."""
    table = table_id(getattr(args, "table", None))
    return Store.open(table_directory(table, getattr(args, "data_dir", None)), table,
                      readonly=readonly, create=False)
