"""Giving the database file's free pages back to the file system, without renumbering a row.

SQLite keeps the pages a deletion frees (the rounds the archive removes from the live store) in
the file and reuses them; the file never shrinks by itself. Two ways give them back:

* A store made by this version is created with ``auto_vacuum = INCREMENTAL``: after each part of
  an archive's removal (:func:`dealer_station.store.archive.remove_sealed`) at most
  :data:`RELEASE_PER_PART` free pages are moved to the end of the file and cut off
  (:func:`release_free_pages`; ``PRAGMA incremental_vacuum`` moves pages, it changes no row).
* A store made before (``auto_vacuum`` off, which only a VACUUM can switch) is converted once by
  ``dealer-station store compact`` (:func:`compact`) while the station is not running.

**Why this renumbers nothing.** The checkpoints count the journal (``records``) by its rowid
(:class:`~dealer_station.store.proof.Window`), and a clean close seals those rowids
(:mod:`.closing`). SQLite's in-place ``VACUUM`` may renumber the rowids of a table without an
``INTEGER PRIMARY KEY`` (``records`` is one: its key is ``(round_id, sequence)``), so it is not
used. :func:`compact` copies the database with ``VACUUM INTO`` (which copies every row with its
rowid), proves the copy holds exactly the rows of the original, each with its rowid, table by
table (:func:`content_digest`) and the same schema, and only then writes the copy's pages over
the live file through SQLite's backup (under SQLite's own locks: a command reading the table
meanwhile keeps reading what it began with), proves the result again and records a ``compact``
audit record (witnessed) with the sizes.
"""

from __future__ import annotations

import hashlib
import os
import sqlite3
from dataclasses import dataclass
from pathlib import Path

from dealer_station.store.database import Store, StoreError
from dealer_station.store.paths import DATABASE_NAME

__all__ = ["RELEASE_PER_PART", "Compacted", "Pages", "compact", "content_digest", "pages",
           "release_free_pages"]

#: Free pages given back after one part of an archive's removal (a part of 100 rounds frees
#: about 500 pages of 4 KiB; moving a page costs a few page writes: a few milliseconds).
RELEASE_PER_PART = 1000

_INCREMENTAL = 2  # PRAGMA auto_vacuum: 0 none, 1 full, 2 incremental


@dataclass(frozen=True, slots=True)
class Pages:
    """The database file: its bytes on disk (with its write-ahead log), its pages and how many
    are free, and whether free pages can be given back (``auto_vacuum = INCREMENTAL``)."""

    file_bytes: int
    page_size: int
    pages: int
    free: int
    incremental: bool

    @property
    def in_use_bytes(self) -> int:
        return (self.pages - self.free) * self.page_size

    @property
    def free_bytes(self) -> int:
        return self.free * self.page_size


@dataclass(frozen=True, slots=True)
class Compacted:
    """What :func:`compact` did: the file before and after."""

    before: Pages
    after: Pages


def _file_bytes(database: Path) -> int:
    return sum(path.stat().st_size for path in (database, Path(f"{database}-wal"))
               if path.exists())


def pages(connection: sqlite3.Connection, database: Path) -> Pages:
    """The pages of the database open on ``connection`` (its file at ``database``)."""
    def pragma(name: str) -> int:
        return int(connection.execute(f"PRAGMA {name}").fetchone()[0])
    return Pages(_file_bytes(database), pragma("page_size"), pragma("page_count"),
                 pragma("freelist_count"), pragma("auto_vacuum") == _INCREMENTAL)


def release_free_pages(connection: sqlite3.Connection, at_most: int = RELEASE_PER_PART) -> int:
    """Give at most ``at_most`` free pages of an incremental store back to the file system (the
    file shrinks at the next checkpoint of its write-ahead log); the pages released (0 for a
    store made before, see :func:`compact`). Runs outside a transaction."""
    if int(connection.execute("PRAGMA auto_vacuum").fetchone()[0]) != _INCREMENTAL:
        return 0
    free = int(connection.execute("PRAGMA freelist_count").fetchone()[0])
    count = min(free, max(0, int(at_most)))
    if count:
        # stepped to its end (one page is moved per step: a plain execute moves one)
        connection.executescript(f"PRAGMA incremental_vacuum({count})")
    return free - int(connection.execute("PRAGMA freelist_count").fetchone()[0])


def content_digest(connection: sqlite3.Connection) -> str:
    """SHA-256 of the schema, the schema version and every row of every table with its rowid
    (a table without rowids: its rows in key order)."""
    digest = hashlib.sha256()
    digest.update(repr(connection.execute("PRAGMA user_version").fetchone()[0]).encode())
    tables = connection.execute(
        "SELECT name, sql FROM sqlite_master WHERE type = 'table' AND name NOT LIKE 'sqlite_%' "
        "ORDER BY name").fetchall()
    digest.update(repr(sorted(tuple(row) for row in connection.execute(
        "SELECT type, name, sql FROM sqlite_master ORDER BY type, name"))).encode())
    without_rowid = {str(row[1]) for row in connection.execute("PRAGMA main.table_list")
                     if row[4]}
    for name, _sql in tables:
        quoted = '"' + str(name).replace('"', '""') + '"'
        digest.update(f"\0{name}\0".encode())
        sql = (f"SELECT * FROM main.{quoted}" if name in without_rowid
               else f"SELECT rowid, * FROM main.{quoted} ORDER BY rowid")
        for row in connection.execute(sql):
            digest.update(repr(tuple(row)).encode("utf-8", "surrogatepass"))
            digest.update(b"\n")
    return digest.hexdigest()


def compact(directory: Path, table: str) -> Compacted:
    """Rewrite the database of ``table`` in ``directory`` without its free pages and with
    ``auto_vacuum = INCREMENTAL`` (see the module documentation); refused (:class:`StoreError`)
    while the station runs, and when the copy is not row for row the original."""
    database = directory / DATABASE_NAME
    copy_path = directory / f"{DATABASE_NAME}.compact"
    with Store.open(directory, table, create=False) as store:  # proven; no station meanwhile
        connection = store.connection
        connection.execute("PRAGMA wal_checkpoint(TRUNCATE)")
        before = pages(connection, database)
        copy_path.unlink(missing_ok=True)
        original = content_digest(connection)
        connection.execute("PRAGMA auto_vacuum = INCREMENTAL")  # what VACUUM INTO writes
        try:
            connection.execute("VACUUM INTO ?", (str(copy_path),))
            os.chmod(copy_path, 0o600)
            copy = sqlite3.connect(copy_path, isolation_level=None)
            try:
                problems = [str(r[0]) for r in copy.execute("PRAGMA integrity_check")]
                if problems != ["ok"]:
                    raise StoreError(f"the compacted copy is not sound ({problems[0]}); the "
                                     "database is unchanged")
                if content_digest(copy) != original:
                    raise StoreError("the compacted copy differs from the database (a row or "
                                     "rowid); the database is unchanged")
                if int(copy.execute("PRAGMA page_size").fetchone()[0]) != before.page_size:
                    raise StoreError("the compacted copy has another page size; the database "
                                     "is unchanged")
                copy.backup(connection)
            finally:
                copy.close()
        finally:
            copy_path.unlink(missing_ok=True)
        connection.execute("PRAGMA wal_checkpoint(TRUNCATE)")
        if content_digest(connection) != original:  # pragma: no cover - SQLite's backup
            raise StoreError("the database differs from what it held before compacting")
        after = pages(connection, database)
        store.audit("compact", {
            "file_bytes_before": before.file_bytes, "file_bytes_after": after.file_bytes,
            "free_pages_before": before.free, "pages_before": before.pages,
            "pages_after": after.pages, "incremental": after.incremental})
    return Compacted(before, after)
