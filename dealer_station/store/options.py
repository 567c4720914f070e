"""Command-line options shared by the commands that open a table's store (``history``,
``audit``, ``users``)."""

from __future__ import annotations

import argparse
import getpass
import sys

from dealer_station.store.database import Store
from dealer_station.store.paths import table_directory, table_id

#: Why a PIN is not asked: no terminal to ask it on (a script, a pipe, a service).
NO_TERMINAL = "PINs are asked on a terminal; with piped input give --pin-stdin"


def ask_pin(prompt: str, from_stdin: bool) -> str:
    """A PIN: the next line of standard input with ``--pin-stdin``, else asked on the terminal
    without echo. With no terminal and no ``--pin-stdin``, one line saying so (``ValueError``):
    Python's getpass printed three lines of warnings, the prompt, then "the input ended …"."""
    if from_stdin:
        return sys.stdin.readline().strip()
    if not sys.stdin.isatty():
        raise ValueError(NO_TERMINAL)
    return getpass.getpass(prompt)


def add_table_argument(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("--table", help="table id (default: $DEALER_STATION_TABLE or table-1)")


def open_store(args: argparse.Namespace, *, readonly: bool) -> Store:
    """The store of the table named by ``--table`` under ``--data-dir``."""
    table = table_id(getattr(args, "table", None))
    return Store.open(table_directory(table, getattr(args, "data_dir", None)), table,
                      readonly=readonly, create=False)
