"""The security-relevant tables sealed in the audit chain: accounts (roles, PIN hashes, failed
attempts and locks), configuration versions, progressive meters, jackpot records and sessions
(who was signed in when).

Every transaction that changes one of :data:`STATE_TABLES` ends with a ``state`` audit record
holding, for each table it changed, the digest of every row (:func:`row_digests`: 16 hex digits of
the SHA-256 of the row's canonical JSON, keyed by the row's primary key). The store notices the
change by itself (temporary triggers of its own connection, :func:`install_triggers`), so no
caller can change these tables without the change being audited. Checkpoints carry the digests of
all of them. At every start the database's rows are compared with the digests the audit log
holds last (:func:`difference`), which names the table and the row that differ.

>>> difference({"users": {"D1": "aa"}}, {"users": {"D1": "bb", "S9": "cc"}}, {"users": 7})
'users row D1 differs from audit record 7 (changed outside the station)'
>>> difference({"users": {"D1": "aa"}}, {"users": {}}, {"users": 7})
'users row D1 is missing from the database (deleted outside the station; audit record 7)'
"""

from __future__ import annotations

import hashlib
import json
import sqlite3
from collections.abc import Mapping

__all__ = ["STATE_TABLES", "Digests", "all_digests", "difference", "install_triggers",
           "row_digests", "take_touched"]

#: table -> its key column.
STATE_TABLES: dict[str, str] = {
    "users": "id",
    "config": "version",
    "meters": "name",
    "jackpots": "number",
    "sessions": "id",
}

#: table -> row key -> row digest.
Digests = dict[str, dict[str, str]]


def _exists(connection: sqlite3.Connection, table: str) -> bool:
    return connection.execute("SELECT 1 FROM sqlite_master WHERE type = 'table' AND name = ?",
                              (table,)).fetchone() is not None


def row_digests(connection: sqlite3.Connection, table: str) -> dict[str, str]:
    """Every row of ``table`` (one of :data:`STATE_TABLES`) as key -> digest."""
    key = STATE_TABLES[table]
    cursor = connection.execute(f"SELECT * FROM main.{table}")
    names = [column[0] for column in cursor.description]
    result: dict[str, str] = {}
    for row in cursor:
        values = dict(zip(names, tuple(row), strict=True))
        text = json.dumps(values, sort_keys=True, separators=(",", ":"), ensure_ascii=False)
        result[str(values[key])] = hashlib.sha256(text.encode("utf-8")).hexdigest()[:16]
    return result


def all_digests(connection: sqlite3.Connection) -> Digests:
    """The digests of every state table the database has."""
    return {table: row_digests(connection, table) for table in STATE_TABLES
            if _exists(connection, table)}


def install_triggers(connection: sqlite3.Connection) -> None:
    """Temporary triggers (of this connection only, never stored in the database file) noting
    each state table an insert, update or delete touches, in ``temp.touched``."""
    connection.execute("CREATE TEMP TABLE IF NOT EXISTS touched (name TEXT PRIMARY KEY)")
    for table in STATE_TABLES:
        if not _exists(connection, table):
            continue
        for event in ("INSERT", "UPDATE", "DELETE"):
            connection.execute(
                f"CREATE TEMP TRIGGER IF NOT EXISTS touched_{table}_{event.lower()} "
                f"AFTER {event} ON main.{table} BEGIN "
                f"INSERT OR IGNORE INTO touched (name) VALUES ('{table}'); END")


def take_touched(connection: sqlite3.Connection) -> list[str]:
    """The state tables touched since the last call (in the open transaction)."""
    names = [str(row[0]) for row in connection.execute("SELECT name FROM temp.touched")]
    if names:
        connection.execute("DELETE FROM temp.touched")
    return sorted(names)


def difference(expected: Mapping[str, Mapping[str, str]], actual: Mapping[str, Mapping[str, str]],
               sources: Mapping[str, int]) -> str | None:
    """The first row where the database (``actual``) differs from what the audit log says
    (``expected``, set by audit record ``sources[table]``), in words; ``None`` when equal. A
    table the audit log never sealed must be empty."""
    for table in STATE_TABLES:
        if table not in actual:
            continue
        rows = actual[table]
        sealed = expected.get(table, {})
        source = sources.get(table)
        where = f"audit record {source}" if source else "the audit log (never sealed)"
        for key, digest in sealed.items():
            if key not in rows:
                return (f"{table} row {key} is missing from the database (deleted outside the "
                        f"station; {where})")
            if rows[key] != digest:
                return f"{table} row {key} differs from {where} (changed outside the station)"
        for key in rows:
            if key not in sealed:
                return (f"{table} row {key} is in the database but not in {where} (inserted "
                        "outside the station)")
    return None
