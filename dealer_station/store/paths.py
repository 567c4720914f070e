"""Where a table's database and audit log live.

One directory per table under the data directory: ``<data>/<table>/table.sqlite3`` and
``<data>/<table>/audit.jsonl``. The data directory is, first found: the ``--data-dir`` option,
the ``DEALER_STATION_DATA_DIR`` environment variable, the platform's user data directory
(platformdirs: ``~/.local/share/dealer-station`` on Linux). The table is the ``--table``
option, else ``DEALER_STATION_TABLE``, else ``table-1``.

>>> table_directory("T7", "/srv/ds").as_posix()
'/srv/ds/T7'
>>> check_table_id("../x")
Traceback (most recent call last):
ValueError: table id '../x' must be 1-40 letters, digits, '-' or '_'
"""

from __future__ import annotations

import os
import re
from pathlib import Path

import platformdirs

__all__ = [
    "AUDIT_NAME",
    "DATABASE_NAME",
    "DEFAULT_TABLE",
    "ENV_DATA_DIR",
    "ENV_TABLE",
    "OUTBOX_NAME",
    "check_table_id",
    "data_directory",
    "table_directory",
    "table_id",
]

ENV_DATA_DIR = "DEALER_STATION_DATA_DIR"
ENV_TABLE = "DEALER_STATION_TABLE"
DEFAULT_TABLE = "table-1"
DATABASE_NAME = "table.sqlite3"
AUDIT_NAME = "audit.jsonl"
#: The floor forwarder's cursor and the station's floor id (dealer_station/floor/forward.py):
#: present once the table has forwarded to a floor.
OUTBOX_NAME = "floor-outbox.sqlite"
_TABLE_ID = re.compile(r"[A-Za-z0-9_-]{1,40}")


def data_directory(override: str | os.PathLike[str] | None = None) -> Path:
    """The data directory: ``override``, else ``$DEALER_STATION_DATA_DIR``, else platformdirs."""
    if override:
        return Path(override)
    env = os.environ.get(ENV_DATA_DIR)
    if env:
        return Path(env)
    return Path(platformdirs.user_data_dir("dealer-station", appauthor=False))


def check_table_id(table: str) -> str:
    """``table`` if it is a valid table id (it names a directory)."""
    if not _TABLE_ID.fullmatch(table):
        raise ValueError(f"table id {table!r} must be 1-40 letters, digits, '-' or '_'")
    return table


def table_id(override: str | None = None) -> str:
    """The table id: ``override``, else ``$DEALER_STATION_TABLE``, else ``table-1``."""
    return check_table_id(override or os.environ.get(ENV_TABLE) or DEFAULT_TABLE)


def table_directory(table: str, data_dir: str | os.PathLike[str] | None = None) -> Path:
    """The directory holding one table's database and audit log."""
    return data_directory(data_dir) / check_table_id(table)
